"""Kinzo AI: stay, hit or split by dynamic programming over the cards a seat can see.

Every seat's cards and the dealer's up card are face up; what is unseen is the dealer's hole card and the
deck, and from a seat's view those are one shuffled *pool* (36 cards less every card showing). Cards are
exchangeable, so the next card a seat draws and the dealer's hole and draws are all draws without replacement
from that pool, whatever order the engine deals them in.

**What the shark maximises**: the expected chips of its hand (its stake back and paid, or lost):

* the dealer's final total ``D`` has an exact distribution (:func:`dealer_distribution`): hole card, then
  the fixed drawing rule, every card drawn from the pool left after the seat's own hits;
* against ``D`` a hand of total ``t`` busts (``t > D`` or ``2t <= D``: minus the stake), stands on ``t == D``
  (plus the stake), or rolls two dice (faces 1,1,2,2,3,3): landing on ``D`` exactly is the jackpot (every stake
  on the table and the prize pot), above it busts, anything else survives;
* a hand earlier in the dice order that can still hit ``D`` may take the jackpot first, and with it this
  hand's stake: its totals are on the table, so that chance is exact too (hands after this one are not
  modelled: their cards are not dealt yet);
* ``V(t, cards, pool) = max(stay, hit)`` where hitting averages ``V`` over the pool's cards (allowed while the
  hand has fewer than six cards and more than four remain in the deck), memoised on ``(t, cards, pool)``;
* a split compares the two hands it makes (each valued by the same DP, the pool shared) with keeping the pair.

The stake the shark names: the game pays in proportion to the stake, so the best stake is the highest when
the round's expected value per chip is positive and the lowest otherwise. That value is computed once per
table size, exactly, by the same DP over every deal of two cards and a dealer up card.

The levels' blind spots (each a thing a player can see them get wrong):

* ``novice`` ignores the dealer: it hits while its total is below 9 (a fair rule of thumb) and never splits.
* ``regular`` plays the same DP but does not count cards (it assumes a fresh deck less its own cards and the
  dealer's), does not chase the jackpot (it values one as a plain survival), and never splits.
* ``shark`` counts every card it can see and values the jackpot at its real size.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from game.ai.levels import LevelAgent, Personality, register_policy
from game.engine.core import Action
from game.engine.kinzo import CARD_VALUES, COPIES, DEALER_RESERVE, DEALER_STOP, DIE_FACES, MAX_CARDS

Pool = tuple[int, ...]  #: unseen cards of each value 1..6 (index value - 1)
#: the novice's rule of thumb: hit below this total, whatever the dealer shows
NOVICE_TARGET = 9

#: the sum of two Kinzo dice and its chance
DICE_SUM: dict[int, float] = {}
for _a in DIE_FACES:
    for _b in DIE_FACES:
        DICE_SUM[_a + _b] = DICE_SUM.get(_a + _b, 0.0) + 1 / len(DIE_FACES) ** 2


def full_pool() -> Pool:
    return (COPIES,) * len(CARD_VALUES)


def pool_without(cards: Sequence[int | None], pool: Pool | None = None) -> Pool:
    """The pool less the visible ``cards`` (None entries, such as the hole card, are skipped)."""
    counts = list(pool or full_pool())
    for c in cards:
        if c is not None:
            counts[c - 1] -= 1
    return tuple(counts)


@lru_cache(maxsize=200_000)
def _dealer_from(total: int, ncards: int, pool: Pool) -> tuple[tuple[int, float], ...]:
    """Distribution of the dealer's final total from ``total`` over ``ncards`` cards, drawing from ``pool``
    (the engine's rule: always reach three cards, then stop at the first 5 or 6 from the third card on, or
    at six cards)."""
    n = sum(pool)
    out: dict[int, float] = {}
    for i, count in enumerate(pool):
        if not count:
            continue
        v = CARD_VALUES[i]
        p = count / n
        nt, nn = total + v, ncards + 1
        if nn >= 3 and (v >= DEALER_STOP or nn >= MAX_CARDS):
            out[nt] = out.get(nt, 0.0) + p
            continue
        rest = (*pool[:i], count - 1, *pool[i + 1:])
        for d, q in _dealer_from(nt, nn, rest):
            out[d] = out.get(d, 0.0) + p * q
    return tuple(sorted(out.items()))


def dealer_distribution(up: int, pool: Pool) -> tuple[tuple[int, float], ...]:
    """Exact distribution of the dealer's final total given its up card and the unseen pool."""
    return _dealer_from(up, 1, pool)


def hand_value(t: int, dealer: int, stake: float, jackpot: float, clear: float) -> float:
    """Expected chips of a finished hand of total ``t`` against a dealer on ``dealer``: ``jackpot`` is the
    net gain of hitting it, ``clear`` the chance no earlier hand takes the jackpot (and this stake) first."""
    if t > dealer or 2 * t <= dealer:
        return -stake
    if t == dealer:
        base = stake
    else:
        base = 0.0
        for d, p in DICE_SUM.items():
            final = t + d
            base += p * (jackpot if final == dealer else -stake if final > dealer else stake)
    return clear * base - (1.0 - clear) * stake


class KinzoSolver:
    """The DP for one hand: the dealer's up card, the stake, the jackpot's net gain, the earlier hands that
    roll before this one (their totals) and the unseen pool at the moment of the decision.

    The dealer's distribution is computed once, exactly, from that pool; the cards the seat may still draw
    are tracked exactly in the DP (what it can draw next), but are not taken out of the dealer's pool again
    (the usual composition-dependent simplification: the answer moves by a fraction of a percent and the
    decision stays inside the 100 ms budget; the brute-force test uses the same model).
    """

    def __init__(self, up: int, stake: float, jackpot: float, earlier: Sequence[int], pool: Pool) -> None:
        self.up = up
        self.stake = stake
        self.jackpot = jackpot
        self.earlier = tuple(earlier)
        self.dealer = dealer_distribution(up, pool)
        self._memo: dict[tuple[int, int, Pool, int], tuple[float, str]] = {}
        self._stay: dict[int, float] = {}

    def clear(self, dealer: int) -> float:
        """P(no earlier hand rolls exactly ``dealer``): each earlier hand that goes to the dice may."""
        p = 1.0
        for t in self.earlier:
            if t < dealer and 2 * t > dealer:
                p *= 1.0 - DICE_SUM.get(dealer - t, 0.0)
        return p

    def stay(self, t: int) -> float:
        """Expected chips of standing on ``t``."""
        hit = self._stay.get(t)
        if hit is None:
            hit = self._stay[t] = sum(
                p * hand_value(t, d, self.stake, self.jackpot, self.clear(d)) for d, p in self.dealer
            )
        return hit

    def hit(self, t: int, ncards: int, pool: Pool, deck_left: int) -> float:
        """Expected chips of taking one card now and playing on optimally."""
        n = sum(pool)
        v = 0.0
        for i, count in enumerate(pool):
            if count:
                rest = (*pool[:i], count - 1, *pool[i + 1:])
                v += count / n * self.best(t + CARD_VALUES[i], ncards + 1, rest, deck_left - 1)[0]
        return v

    def best(self, t: int, ncards: int, pool: Pool, deck_left: int) -> tuple[float, str]:
        """(value, "stay" or "hit") of the hand from here, playing on optimally."""
        key = (t, ncards, pool, deck_left)
        found = self._memo.get(key)
        if found is not None:
            return found
        value, choice = self.stay(t), "stay"
        if ncards < MAX_CARDS and deck_left > DEALER_RESERVE and t <= self.dealer[-1][0]:
            v_hit = self.hit(t, ncards, pool, deck_left)
            if v_hit > value + 1e-12:
                value, choice = v_hit, "hit"
        self._memo[key] = (value, choice)
        return value, choice


def _hands_before(view: dict[str, Any]) -> list[int]:
    """Totals of the hands that roll before the hand to play (hand order is the dice order)."""
    turn = view["turn"] or 0
    return [h["total"] for h in view["hands"][:turn]]


def table_pool(view: dict[str, Any]) -> Pool:
    """Unseen cards: the full deck less every card on the table (every hand, the dealer's up card)."""
    visible: list[int | None] = list(view["dealer_cards"])
    for h in view["hands"]:
        visible.extend(h["cards"])
    return pool_without(visible)


def option_values(view: dict[str, Any], legal: Sequence[Action], counting: bool = True,
                  jackpot: bool = True) -> dict[Action, float]:
    """Expected chips of each play option (stay, hit, split) of the hand to play, by the DP.

    ``counting=False`` is the regular's view of the deck (fresh, less its own cards and the dealer's up card);
    ``jackpot=False`` values a jackpot as a plain survival.
    """
    hand = view["hands"][view["turn"]]
    cards = hand["cards"]
    stake = float(hand["stake"])
    up = view["dealer_showing"]
    pool = table_pool(view) if counting else pool_without([*cards, up])
    # the dealer's pool is the one the hand started from (its own hits put back), so the DP of the hand's
    # first decision is reused, and followed consistently, at the next ones
    dealer_pool = tuple(c + sum(1 for x in cards[2:] if x == v) for c, v in zip(pool, CARD_VALUES, strict=True))
    on_table = sum(h["stake"] for h in view["hands"]) + view["prize_pot"]
    gain = (on_table - stake) if jackpot else stake
    earlier = tuple(_hands_before(view)) if counting else ()
    solver = _solver(up, stake, gain, earlier, dealer_pool)
    t, n, left = sum(cards), len(cards), view["deck_left"]
    out: dict[Action, float] = {}
    for a in legal:
        if a.kind == "stay":
            out[a] = solver.stay(t)
        elif a.kind == "hit":
            out[a] = solver.hit(t, n, pool, left)
        elif a.kind == "split":
            # two hands, one more stake on the table (a bigger jackpot); each played by the same DP
            two = _solver(up, stake, gain + stake if jackpot else stake, earlier, pool)
            v = a.value
            out[a] = two.best(t - v, n - 1, pool, left)[0] + two.best(v, 1, pool, left)[0]
    return out


_SOLVERS: dict[tuple[Any, ...], KinzoSolver] = {}


def _solver(up: int, stake: float, gain: float, earlier: tuple[int, ...], pool: Pool) -> KinzoSolver:
    """A solver for these parameters, kept while the hand is played (a small table, cleared when full)."""
    key = (up, stake, gain, earlier, pool)
    found = _SOLVERS.get(key)
    if found is None:
        if len(_SOLVERS) > 256:
            _SOLVERS.clear()
        found = _SOLVERS[key] = KinzoSolver(up, stake, gain, earlier, pool)
    return found


@cache
def round_value_per_chip(seats: int) -> float:
    """Expected chips per chip staked for a seat at a fresh deal, playing the DP's stay/hit policy: every
    first two cards and dealer up card weighed exactly, but the later cards (hits, the dealer's hole and
    draws) taken from a fresh deck less the up card, as if with replacement. That keeps it to a few ms;
    it only has to tell the sign (the game pays in proportion to the stake). Other seats' cards, splits
    and other seats' jackpots are left out. Cached per table size."""
    full = full_pool()
    n = sum(full)
    total = 0.0
    gain = float(2 * seats - 1)  # every stake and the prize pot (one stake per seat), less its own stake
    for i in range(len(full)):
        for j in range(len(full)):
            for k in range(len(full)):
                counts = list(full)
                p = 1.0
                left = n
                for idx in (i, j, k):
                    p *= counts[idx] / left
                    counts[idx] -= 1
                    left -= 1
                up = CARD_VALUES[k]
                total += p * _fresh_deck_value(CARD_VALUES[i] + CARD_VALUES[j], 2, up, gain, pool_without([up]))
    return total


@cache
def _fresh_deck_value(t: int, ncards: int, up: int, gain: float, pool: Pool) -> float:
    """The DP with replacement: every later card drawn from ``pool`` without depleting it."""
    dist = dealer_distribution(up, pool)
    value = sum(p * hand_value(t, d, 1.0, gain, 1.0) for d, p in dist)
    if ncards < MAX_CARDS:
        n = sum(pool)
        hit = sum(
            c / n * _fresh_deck_value(t + CARD_VALUES[i], ncards + 1, up, gain, pool) for i, c in enumerate(pool) if c
        )
        value = max(value, hit)
    return value


class KinzoAgent(LevelAgent):
    """A Kinzo seat at one level (see the module docstring for each level's blind spot)."""

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        kinds = {a.kind: a for a in legal_actions}
        if "roll" in kinds:
            return kinds["roll"]
        if "stake" in kinds:
            return self._stake(view, legal_actions)
        if self.level == "novice":
            hand = view["hands"][view["turn"]]
            return kinds["hit"] if "hit" in kinds and hand["total"] < NOVICE_TARGET else kinds["stay"]
        if self.level == "regular":
            options = [a for a in legal_actions if a.kind != "split"]
            values = option_values(view, options, counting=False, jackpot=False)
        else:
            values = option_values(view, legal_actions)
        return max(legal_actions, key=lambda a: (values.get(a, float("-inf")), a.kind == "stay"))

    def _stake(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """The shark names the highest stake when its per-chip value is positive, else the lowest; a regular
        plays the table limit (it has seen the house fund the prize pot), a novice a middling stake. A
        personality's risk scales the levels' choice."""
        amounts = sorted(a.amount for a in legal)
        lo, hi = amounts[0], amounts[-1]
        if self.level == "shark":
            seats = max(1, sum(1 for st in view["stacks"] if st >= view["min_stake"]))
            want = hi if round_value_per_chip(seats) > 0 else lo
        elif self.level == "regular":
            want = hi
        else:
            want = 5 * lo
        want = round(want * (1 + 0.5 * self.personality.risk))
        return Action("stake", amount=max(lo, min(hi, want)))


def make_kinzo_agent(game_id: str, level: str, personality: Personality, seed: int | None = None) -> KinzoAgent:
    return KinzoAgent(game_id, level, personality, seed)


register_policy("kinzo", make_kinzo_agent)
