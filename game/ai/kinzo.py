"""Kinzo AI: stay, hit or split by dynamic programming over the cards a seat can see.

Every seat's cards and the dealer's up card are face up; what is unseen is the dealer's hole card and the
deck, and from a seat's view those are one shuffled *pool* (36 cards less every card showing). Cards are
exchangeable, so the seat's next hits, then the dealer's hole card and draws, are draws without replacement
from that one pool, in that order, whatever order the engine deals them in.

**What the shark maximises**: the expected chips of its seat this round (its stake back and paid, or lost;
both hands' stakes after a split). The model, exact given the seat's view:

* the dealer's final total ``D`` is drawn from the pool *the seat leaves*: after its own hits (and, after a
  split, after both hands' hits). :func:`dealer_distribution` is exact for any pool (every way the dealer's
  hand can end, from the engine's own ``dealer_must_draw``), memoised by pool;
* against ``D`` a hand busts (above it, or at most half of it), stands on ``D`` exactly, or rolls two dice
  (faces 1,1,2,2,3,3): the dealer's total exactly is the jackpot (every stake on the table and the prize pot,
  and no later hand rolls), above it busts, anything else survives (the engine's ``judge``/``after_dice``);
* a hand earlier in the dice order that still rolls may take the jackpot first, and with it this seat's
  stakes: their totals are on the table, so that chance (the *clear* factor) is exact;
* a split seat's two hands roll in order, so the first hand's jackpot ends the round before the second
  rolls, and the second hand's jackpot takes the first hand's stake even when it survived
  (:func:`seat_value` settles both hands together against the same ``D``);
* the DP is over the seat's whole remaining play: stay, hit (fewer than six cards, more than four left in
  the deck), split any pair while the seat has not split and can pay the stake (now, or after later hits),
  then the first hand of the pair played to its end and the second from the pool the first leaves. Values
  are memoised on (hand, pool, deck left).

**Assumption**: hands that act after this seat are not modelled. Their hits are unseen cards leaving the
deck before the dealer draws; how many they take depends on the cards they see, never on the hidden ones,
and the cards left are exchangeable, so the dealer's distribution from this seat's view is the same whatever
they do (the chance of any dealer total, averaged over their draws, is unchanged: a stopping rule that cannot
see the hidden cards cannot bias them). What is left out: such a hand may split (a bigger jackpot) or roll
the jackpot after this seat survived (taking its stake); both depend on how those seats will play.

**Speed** (a decision must take well under 100 ms): a seat that may still split early in the deck has the
biggest tree: every way its first hand can end (a few hundred) starts a second-hand tree of its own (a few
hundred states), each state ending with its own dealer distribution, ~10^5 states. Where numpy is installed
(a dependency: every install has it, and the packaged app ships it built without BLAS, which none of this needs:
see packaging/numpy-without-blas.sh) the second hand's trees are solved all at once (:mod:`game.ai.kinzo_bulk`:
one row per way the first hand can end, the second hand's draws walked one layer at a time, the stays one table
over the pools left) and only the small rest is walked state by state: the heaviest decisions take 25–40 ms.
Without numpy (or with ``CANTINA_PURE_KINZO=1``, to measure it) the same states are walked one by one
(:meth:`KinzoSolver.second`, its hot spot kept lean): the same sums, so the same values to rounding, checked
against the brute force either way, but the heaviest decisions take 0.5–0.8 s of a core (the agent thinks on its
own thread).

The stake the shark names: the game pays in proportion to the stake, so the best stake is the highest when
the round's expected value per chip is positive and the lowest otherwise (:func:`round_value_per_chip`, a
cheap approximation: it only has to tell the sign).

The levels' blind spots (each a thing a player can see them get wrong):

* ``novice`` ignores the dealer: it hits while its total is below 9 (a fair rule of thumb) and never splits.
* ``regular`` plays the same DP but does not count cards (it assumes a fresh deck less its own cards and the
  dealer's), does not chase the jackpot (it values one as a plain survival), and never splits.
* ``shark`` counts every card it can see, values the jackpot at its real size and splits.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import cache, lru_cache
from operator import mul
from typing import Any

from game.ai.levels import LevelAgent, Personality, register_policy
from game.engine.core import Action
from game.engine.kinzo import (
    CARD_VALUES,
    COPIES,
    DEALER_RESERVE,
    DIE_FACES,
    MAX_CARDS,
    after_dice,
    dealer_must_draw,
    judge,
)

Pool = tuple[int, ...]  #: unseen cards of each value 1..6 (index value - 1)
Hand = tuple[int, ...]  #: a hand's cards as counts of each value 1..6
#: the novice's rule of thumb: hit below this total, whatever the dealer shows
NOVICE_TARGET = 9

#: the sum of two Kinzo dice and its chance
DICE_SUM: dict[int, float] = {}
for _a in DIE_FACES:
    for _b in DIE_FACES:
        DICE_SUM[_a + _b] = DICE_SUM.get(_a + _b, 0.0) + 1 / len(DIE_FACES) ** 2

_NV = len(CARD_VALUES)
_INDEX = {v: i for i, v in enumerate(CARD_VALUES)}


def full_pool() -> Pool:
    return (COPIES,) * _NV


def pool_without(cards: Sequence[int | None], pool: Pool | None = None) -> Pool:
    """The pool less the visible ``cards`` (None entries, such as the hole card, are skipped)."""
    counts = list(pool or full_pool())
    for c in cards:
        if c is not None:
            counts[_INDEX[c]] -= 1
    return tuple(counts)


def _take(counts: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    """``counts`` with ``delta`` added at index ``i``."""
    return (*counts[:i], counts[i] + delta, *counts[i + 1:])


# ------------------------------------------------------------------------------------- the dealer's total
def _falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1): the ordered ways to draw k cards of one kind from n."""
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _dealer_endings() -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    """Every way the dealer's hand can end, from the engine's own ``dealer_must_draw``, as
    ``(orderings, cards, offset, slots)``: the cards it holds after the up card as a multiset, how many drawing
    orders end with exactly that multiset, how many cards it is, their total (``D`` = up card + offset) and,
    per value present, the slot ``value index * MAX_CARDS + count`` of its falling factorial.

    Why: the chance of one ordered draw without replacement depends only on its multiset (the product of
    each value's falling factorial over the pool's), so the dealer's distribution for any pool is a short sum
    over these endings instead of a walk over every draw. The rule never looks at the up card's value (only
    at the cards from the third on), so one walk serves every up card.
    """
    ways: dict[tuple[int, ...], int] = {}

    def walk(cards: list[int]) -> None:
        if not dealer_must_draw(cards):
            counts = [0] * _NV
            for c in cards[1:]:
                counts[_INDEX[c]] += 1
            key = tuple(counts)
            ways[key] = ways.get(key, 0) + 1
            return
        for v in CARD_VALUES:
            cards.append(v)
            walk(cards)
            cards.pop()

    walk([CARD_VALUES[0]])
    return tuple(sorted(
        (w, sum(k), sum(v * c for v, c in zip(CARD_VALUES, k, strict=True)),
         tuple(i * MAX_CARDS + c for i, c in enumerate(k) if c))
        for k, w in ways.items()
    ))


_ENDINGS = _dealer_endings()
_MAX_DRAWN = max(e[1] for e in _ENDINGS)
_MAX_OFFSET = max(e[2] for e in _ENDINGS)
#: falling factorials of a pool count (0..COPIES) for 0..MAX_CARDS-1 cards
_FF_ROWS = tuple(tuple(_falling(c, k) for k in range(MAX_CARDS)) for c in range(COPIES + 1))


#: one over the ordered ways to draw 0..k cards from a pool of n cards (0 where it cannot be done)
_INV_ORDERED = tuple(tuple(1.0 / _falling(n, k) if _falling(n, k) > 0 else 0.0 for k in range(_MAX_DRAWN + 1))
                     for n in range(_NV * COPIES + 1))


def _factored(terms: list[tuple[int, tuple[int, ...]]]) -> str:
    """A sum of products ``w * f[slot] * ...`` as an expression text, the slot shared by most terms factored
    out first (greedily, again inside): fewer multiplications for the same sum."""
    if len(terms) == 1:
        w, slots = terms[0]
        return "*".join([*([str(w)] if w != 1 or not slots else []), *(f"f{a}" for a in slots)])
    shared: dict[int, int] = {}
    for _, slots in terms:
        for a in set(slots):
            shared[a] = shared.get(a, 0) + 1
    best = max(shared, key=lambda a: (shared[a], -a), default=None)
    if best is None or shared[best] < 2:
        return " + ".join(_factored([t]) for t in terms)
    inner = [(w, tuple(a for i, a in enumerate(slots) if i != slots.index(best))) for w, slots in terms
             if best in slots]
    rest = [t for t in terms if best not in t[1]]
    text = f"f{best}*({_factored(inner)})"
    return f"{text} + {_factored(rest)}" if rest else text


def _compile_endings() -> Any:
    """The sum over :data:`_ENDINGS` as one generated Python function ``(f, inv) -> chances by offset``.

    ``f`` holds the pool's falling factorials (slot ``value index * MAX_CARDS + count``), ``inv[k]`` is one
    over the ordered ways to draw ``k`` cards from the pool. Why generated: the DP asks for a few hundred
    pools per decision, and one straight-line, factored expression per offset runs several times faster than
    a loop over the ~300 endings (the loop's bookkeeping, not the arithmetic, is what costs in Python). The
    text is built from the endings above, which come from the engine's rule, so nothing is written twice.
    """
    by_offset: dict[int, dict[int, list[tuple[int, tuple[int, ...]]]]] = {}
    for w, k, off, slots in _ENDINGS:
        by_offset.setdefault(off, {}).setdefault(k, []).append((w, slots))
    sums = []
    for off in range(_MAX_OFFSET + 1):
        groups = by_offset.get(off, {})
        sums.append(" + ".join(f"({_factored(terms)}) * i{k}" for k, terms in sorted(groups.items())) or "0.0")
    lines = [
        "def endings(f, inv):",
        "    " + ", ".join(f"f{a}" for a in range(_NV * MAX_CARDS)) + " = f",
        "    " + ", ".join(f"i{k}" for k in range(_MAX_DRAWN + 1)) + " = inv",
        "    return (" + ",\n            ".join(sums) + ",)",
    ]
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # our own text, built from the table above
    return namespace["endings"]


_endings = _compile_endings()


#: :func:`_dealer`'s memo (a plain dict so that :func:`second_starts` can fill it in bulk), cleared when full:
#: the heaviest decision walked without numpy meets ~6,600 pools, ~0.9 kB each here
_DEALERS: dict[Pool, tuple[tuple[float, ...], int]] = {}
_DEALERS_KEPT = 1 << 14


def _dealer(pool: Pool) -> tuple[tuple[float, ...], int]:
    """The dealer's distribution for ``pool`` as a dense tuple (chance by offset: the total of its cards
    after the up card) and the highest offset it can reach. Memoised by pool: the DP asks for each many times."""
    found = _DEALERS.get(pool)
    if found is None:
        f: tuple[int, ...] = ()
        for c in pool:
            f += _FF_ROWS[c]
        dense = _endings(f, _INV_ORDERED[sum(pool)])
        found = _remember_dealer(pool, dense)
    return found


def _remember_dealer(pool: Pool, dense: tuple[float, ...]) -> tuple[tuple[float, ...], int]:
    if len(_DEALERS) >= _DEALERS_KEPT:
        _DEALERS.clear()
    top = max((off for off, p in enumerate(dense) if p > 0.0), default=0)
    found = _DEALERS[pool] = (dense, top)
    return found


def dealer_offsets(pool: Pool) -> tuple[tuple[int, float], ...]:
    """Exact distribution of the dealer's cards after its up card (hole card and draws), as (total, chance)
    pairs, when every one is drawn from ``pool``."""
    return tuple((off, p) for off, p in enumerate(_dealer(pool)[0]) if p > 0.0)


def dealer_distribution(up: int, pool: Pool) -> tuple[tuple[int, float], ...]:
    """Exact distribution of the dealer's final total given its up card and the unseen pool."""
    return tuple((up + off, p) for off, p in dealer_offsets(pool))


# ------------------------------------------------------------------------------------- settling hands
@lru_cache(maxsize=4096)
def hand_outcome(t: int, dealer: int) -> tuple[float, float, float]:
    """(jackpot, survives, loses): the chances of a finished hand of total ``t`` against a dealer on
    ``dealer``, by the engine's tally (``judge``) and, for a hand that rolls, every pair of dice faces."""
    verdict = judge(t, dealer)
    if verdict in ("bust", "doubled"):
        return 0.0, 0.0, 1.0
    if verdict == "equal":
        return 0.0, 1.0, 0.0
    tally = {"jackpot": 0, "survived": 0, "bust": 0, "doubled": 0}
    for a in DIE_FACES:
        for b in DIE_FACES:
            tally[after_dice(t + a + b, dealer)] += 1
    n = len(DIE_FACES) ** 2
    return tally["jackpot"] / n, tally["survived"] / n, (tally["bust"] + tally["doubled"]) / n


def hand_value(t: int, dealer: int, stake: float, jackpot: float, clear: float) -> float:
    """Expected chips of a finished lone hand of total ``t`` against a dealer on ``dealer``: ``jackpot`` is
    the net gain of hitting it, ``clear`` the chance no earlier hand takes the jackpot (and this stake) first."""
    pj, pw, pl = hand_outcome(t, dealer)
    return clear * (pj * jackpot + (pw - pl) * stake) - (1.0 - clear) * stake


def seat_value(totals: Sequence[int], dealer: int, stake: float, amount: float, clear: float,
               jackpots: bool = True) -> float:
    """Expected chips of a seat's finished hands (one, or two after a split, in dice order), each of
    ``stake``, against a dealer on ``dealer``. ``amount`` is what a jackpot takes (every stake on the table
    and the prize pot); ``clear`` the chance no earlier seat's hand takes it first. A hand's jackpot ends the
    round: the seat nets ``amount`` less all its stakes, whatever its other hand did. ``jackpots=False``
    counts a jackpot as a plain survival (the regular's blind spot)."""
    k = len(totals)

    def own(i: int, acc: float) -> float:
        if i == k:
            return acc
        pj, pw, pl = hand_outcome(totals[i], dealer)
        if not jackpots:
            pj, pw = 0.0, pw + pj
        v = 0.0
        if pw:
            v += pw * own(i + 1, acc + stake)
        if pl:
            v += pl * own(i + 1, acc - stake)
        if pj:
            v += pj * (amount - k * stake)
        return v

    return clear * own(0, 0.0) - (1.0 - clear) * k * stake


def earlier_clear(earlier: Sequence[int], dealer: int) -> float:
    """P(no hand in ``earlier`` (totals, all rolling before) rolls exactly ``dealer``)."""
    p = 1.0
    for t in earlier:
        if judge(t, dealer) == "rolls":
            p *= 1.0 - DICE_SUM.get(dealer - t, 0.0)
    return p


@lru_cache(maxsize=1 << 12)
def _outcome_row(up: int, t: int) -> tuple[tuple[float, float, float], ...]:
    """:func:`hand_outcome` of a hand of ``t`` for every dealer total ``up + offset``."""
    return tuple(hand_outcome(t, up + off) for off in range(_MAX_OFFSET + 1))


@lru_cache(maxsize=1 << 12)
def _clear_row(up: int, earlier: tuple[int, ...]) -> tuple[float, ...]:
    return tuple(earlier_clear(earlier, up + off) for off in range(_MAX_OFFSET + 1))


@lru_cache(maxsize=1 << 15)
def settle_row(up: int, stake: float, amount: float, earlier: tuple[int, ...], jackpots: bool,
               totals: tuple[int, ...]) -> tuple[float, ...]:
    """:func:`seat_value` of hands standing on ``totals`` for every dealer total ``up + offset``, indexed by
    offset (shared by every solver with the same table: seats, decisions and the coach ask alike)."""
    clears = _clear_row(up, earlier)
    if len(totals) == 1 and jackpots:  # the common case, written out (the same sum as seat_value's)
        gain = amount - stake
        return tuple(c * (j * gain + (w - lo) * stake) - (1.0 - c) * stake
                     for (j, w, lo), c in zip(_outcome_row(up, totals[0]), clears, strict=True))
    return tuple(seat_value(totals, up + off, stake, amount, clears[off], jackpots) for off in range(_MAX_OFFSET + 1))


# ------------------------------------------------------------------------------------- split pairs in bulk
#: the highest total a hand can hold (six cards of the highest value)
_TOP_TOTAL = MAX_CARDS * CARD_VALUES[-1]
#: :func:`_bulk`'s answer, once known (False: numpy is not installed, or ``CANTINA_PURE_KINZO`` is set)
_BULK: Any = None


def _bulk() -> Any:
    """:mod:`game.ai.kinzo_bulk` (the split pairs' second hands solved in bulk with numpy), or None where
    numpy cannot be imported or ``CANTINA_PURE_KINZO=1`` asks for the pure-Python walk (the same values, slower).
    Imported on the first decision that needs it, never at start: numpy costs ~0.2 s to import.

    ``CANTINA_REQUIRE_NUMPY=1`` turns a failed import into an error instead of the quiet fallback: the packaged
    app's test sets it, so an app built without some part of numpy the solve needs cannot pass for a working one."""
    global _BULK
    if _BULK is None:
        _BULK = False
        if os.environ.get("CANTINA_PURE_KINZO", "") in ("", "0"):
            try:
                from game.ai import kinzo_bulk
            except ImportError as exc:
                if os.environ.get("CANTINA_REQUIRE_NUMPY", "") not in ("", "0"):
                    raise ImportError(f"CANTINA_REQUIRE_NUMPY is set but the Kinzo bulk solve cannot import: {exc}"
                                      ) from exc
            else:
                _BULK = kinzo_bulk
    return _BULK or None


# ------------------------------------------------------------------------------------- the DP
class KinzoSolver:
    """The DP for one seat: the dealer's up card, the stake of each hand, ``jackpot`` (the net gain of a lone
    hand hitting it: the chips on the table less its stake), the totals of the hands that roll before the
    seat's first hand (``earlier``).

    ``split_done``: the seat has split (the chips on the table already hold both stakes). ``can_split``: it
    may still split (now or after later hits). ``real_jackpot=False`` values the seat's own jackpot as a
    plain survival.

    Values are the seat's expected chips this round; every DP entry point is memoised on its arguments. The
    states where a split pair's second hand starts are filled in bulk by :meth:`prime_pairs` (the rest of
    the pair's tree is then small); any the bulk did not cover are solved one by one, to the same values.
    """

    def __init__(self, up: int, stake: float, jackpot: float, earlier: Sequence[int], *,
                 can_split: bool = False, split_done: bool = False, real_jackpot: bool = True) -> None:
        self.up = up
        self.stake = stake
        self.jackpot = jackpot
        self.earlier = tuple(earlier)
        self.can_split = can_split
        self.split_done = split_done
        self.real_jackpot = real_jackpot
        #: what a jackpot takes now, and after a split (one more stake on the table)
        self.amount = jackpot + stake
        self.pair_amount = self.amount if split_done else self.amount + stake
        self._clear: dict[int, float] = {}
        self._stays: dict[tuple[tuple[int, ...], float, Pool], float] = {}
        self._pair_rows: dict[tuple[int, int], tuple[float, ...]] = {}
        self._kids: dict[Pool, tuple[tuple[float, int, Pool], ...]] = {}
        self._memo: dict[tuple[Any, ...], float] = {}
        self._primed: set[tuple[int, int]] = set()

    # ---------------------------------------------------------------- settling
    def clear(self, dealer: int) -> float:
        """P(no earlier hand rolls exactly ``dealer``): each earlier hand that goes to the dice may."""
        p = self._clear.get(dealer)
        if p is None:
            p = self._clear[dealer] = earlier_clear(self.earlier, dealer)
        return p

    def stay_value(self, totals: tuple[int, ...], pool: Pool, amount: float | None = None) -> float:
        """Expected chips of the seat's hands standing on ``totals`` with ``pool`` left for the dealer."""
        amount = self.amount if amount is None else amount
        key = (totals, amount, pool)
        v = self._stays.get(key)
        if v is None:
            row = settle_row(self.up, self.stake, amount, self.earlier, self.real_jackpot, totals)
            v = self._stays[key] = sum(map(mul, _dealer(pool)[0], row))
        return v

    def _max_dealer(self, pool: Pool) -> int:
        return self.up + _dealer(pool)[1]

    # ---------------------------------------------------------------- one hand, no split left
    def lone(self, t: int, n: int, pool: Pool, deck_left: int) -> float:
        """Best value of a hand that can no longer split (settled alone), playing on optimally."""
        key = ("lone", t, n, pool, deck_left)
        v = self._memo.get(key)
        if v is None:
            v = self.stay_value((t,), pool)
            # above the dealer's highest total every card busts: a hit cannot beat staying
            if n < MAX_CARDS and deck_left > DEALER_RESERVE and t < self._max_dealer(pool):
                v = max(v, self.lone_hit(t, n, pool, deck_left))
            self._memo[key] = v
        return v

    def lone_hit(self, t: int, n: int, pool: Pool, deck_left: int) -> float:
        total = sum(pool)
        v = 0.0
        for i, count in enumerate(pool):
            if count:
                v += count / total * self.lone(t + CARD_VALUES[i], n + 1, _take(pool, i, -1), deck_left - 1)
        return v

    # ---------------------------------------------------------------- one hand that may still split
    def one(self, hand: Hand, pool: Pool, deck_left: int) -> float:
        """Best value of the seat's only hand ``hand`` while it may still split."""
        key = ("one", hand, pool, deck_left)
        v = self._memo.get(key)
        if v is None:
            t, n = _total(hand), sum(hand)
            v = self.stay_value((t,), pool)
            if n < MAX_CARDS:
                if deck_left > DEALER_RESERVE:
                    v = max(v, self.one_hit(hand, pool, deck_left))
                for i, c in enumerate(hand):
                    if c >= 2:
                        v = max(v, self.split(hand, CARD_VALUES[i], pool, deck_left))
            self._memo[key] = v
        return v

    def one_hit(self, hand: Hand, pool: Pool, deck_left: int) -> float:
        total = sum(pool)
        v = 0.0
        for i, count in enumerate(pool):
            if count:
                v += count / total * self.one(_take(hand, i, 1), _take(pool, i, -1), deck_left - 1)
        return v

    def split(self, hand: Hand, value: int, pool: Pool, deck_left: int) -> float:
        """Value of splitting the pair of ``value``: the rest of ``hand`` plays first, then ``[value]``."""
        return self.first(_total(hand) - value, sum(hand) - 1, value, pool, deck_left)

    # ---------------------------------------------------------------- a split pair, exactly
    def first(self, t: int, n: int, second: int, pool: Pool, deck_left: int) -> float:
        """Best value of a split pair while its first hand (``t`` over ``n`` cards) plays; the second hand
        holds the one card ``second``."""
        key = ("first", t, n, second, pool, deck_left)
        v = self._memo.get(key)
        if v is None:
            v = self.second(second, 1, t, pool, deck_left)
            if n < MAX_CARDS and deck_left > DEALER_RESERVE:
                v = max(v, self.first_hit(t, n, second, pool, deck_left))
            self._memo[key] = v
        return v

    def first_hit(self, t: int, n: int, second: int, pool: Pool, deck_left: int) -> float:
        total = sum(pool)
        v = 0.0
        for i, count in enumerate(pool):
            if count:
                v += count / total * self.first(t + CARD_VALUES[i], n + 1, second, _take(pool, i, -1), deck_left - 1)
        return v

    def second(self, t: int, n: int, first_total: int, pool: Pool, deck_left: int) -> float:
        """Best value of a split pair while its second hand plays (the first stands on ``first_total``).
        No pruning: even a hand sure to bust may hit to change the dealer's cards for the other hand.

        The hot spot of the pure-Python walk (~10^5 states when a seat may still split early in the deck):
        the pair's settlement rows and each pool's next cards are looked up in the solver's own tables, the
        same figures :meth:`stay_value` and :meth:`second_hit` would work out (so the same floats)."""
        key = ("second", t, n, first_total, pool, deck_left)
        v = self._memo.get(key)
        if v is None:
            row = self._pair_rows.get((first_total, t))
            if row is None:
                row = self._pair_rows[first_total, t] = settle_row(
                    self.up, self.stake, self.pair_amount, self.earlier, self.real_jackpot, (first_total, t))
            v = sum(map(mul, _dealer(pool)[0], row))
            if n < MAX_CARDS and deck_left > DEALER_RESERVE:
                n += 1
                deck_left -= 1
                hit = 0.0
                for p, value, rest in self._next_cards(pool):
                    hit += p * self.second(t + value, n, first_total, rest, deck_left)
                if hit > v:
                    v = hit
            self._memo[key] = v
        return v

    def _next_cards(self, pool: Pool) -> tuple[tuple[float, int, Pool], ...]:
        """Each card ``pool`` can give next: its chance, its value and the pool left (kept per solver)."""
        found = self._kids.get(pool)
        if found is None:
            total = sum(pool)
            found = self._kids[pool] = tuple((count / total, CARD_VALUES[i], _take(pool, i, -1))
                                             for i, count in enumerate(pool) if count)
        return found

    def second_hit(self, t: int, n: int, first_total: int, pool: Pool, deck_left: int) -> float:
        v = 0.0
        for p, value, rest in self._next_cards(pool):
            v += p * self.second(t + value, n + 1, first_total, rest, deck_left - 1)
        return v

    def prime_pairs(self, starts: Sequence[tuple[int, int, int]], pool: Pool, deck_left: int, most: int) -> None:
        """Solve in bulk (:func:`second_starts`) every start of a split pair's second hand reachable from here:
        ``starts`` as there, ``pool`` and ``deck_left`` as they stand, at most ``most`` cards drawn first.
        Once per second card for a hand (the solver is the hand's, see :func:`_solver`; the first hand's base
        plus the pool's total is the same at each of its decisions): the later decisions reach only states
        the first call covered (their draws are a part of the ones it allowed for)."""
        bulk = _bulk()
        if bulk is None:  # no numpy: the states are walked one by one as they are asked for
            return
        todo = [s for s in starts if (s[0], s[1] + _total(pool)) not in self._primed]
        if not todo:
            return
        settle = bulk.pair_settle(self.up, self.stake, self.pair_amount, self.earlier, self.real_jackpot)
        self._memo.update(bulk.second_starts(settle, pool, deck_left, todo, most))
        self._primed.update((card, base + _total(pool)) for card, base, _ in todo)


def _total(hand: Hand) -> int:
    return sum(v * c for v, c in zip(CARD_VALUES, hand, strict=True))


# ------------------------------------------------------------------------------------- from a view
def table_pool(view: dict[str, Any]) -> Pool:
    """Unseen cards: the full deck less every card on the table (every hand, the dealer's up card)."""
    visible: list[int | None] = list(view["dealer_cards"])
    for h in view["hands"]:
        visible.extend(h["cards"])
    return pool_without(visible)


def option_values(view: dict[str, Any], legal: Sequence[Action], counting: bool = True,
                  jackpot: bool = True) -> dict[Action, float]:
    """Expected chips of the seat for each play option (stay, hit, split) of the hand to play, by the DP
    (after a split, both hands' chips). Exact for every position.

    ``counting=False`` is the regular's view of the deck (fresh, less its own cards and the dealer's up card,
    no earlier hands); ``jackpot=False`` values a jackpot as a plain survival. Either one also means the seat
    does not plan to split.
    """
    hands = view["hands"]
    turn = view["turn"]
    hand = hands[turn]
    seat = hand["seat"]
    cards = hand["cards"]
    stake = float(hand["stake"])
    up = view["dealer_showing"]
    pool = table_pool(view) if counting else pool_without([*cards, up])
    left = view["deck_left"]
    on_table = sum(h["stake"] for h in hands) + view["prize_pot"]
    gain = (on_table - stake) if jackpot else stake
    t, n = sum(cards), len(cards)
    held = tuple(cards.count(v) for v in CARD_VALUES)
    # which hand this is, the same at each of its decisions, so that one solver (and what it has solved)
    # serves them all: its round, seat and place, and the unseen pool with its cards put back
    origin = (view.get("round"), seat, hand["hand"], *(c + h for c, h in zip(pool, held, strict=True)))
    if view["split"][seat]:
        second_hand = hand["hand"] == 1
        earlier = [h["total"] for h in hands[: turn - 1 if second_hand else turn]] if counting else []
        solver = _solver(up, stake, gain, tuple(earlier), origin, can_split=False, split_done=True,
                         real_jackpot=jackpot)
        if second_hand:
            first_total = hands[turn - 1]["total"]
            values = {"stay": lambda: solver.stay_value((first_total, t), pool, solver.pair_amount),
                      "hit": lambda: solver.second_hit(t, n, first_total, pool, left)}
        else:
            second_card = hands[turn + 1]["cards"][0]
            solver.prime_pairs([(second_card, t, 0)], pool, left, MAX_CARDS - n)
            values = {"stay": lambda: solver.second(second_card, 1, t, pool, left),
                      "hit": lambda: solver.first_hit(t, n, second_card, pool, left)}
        return {a: values[a.kind]() for a in legal if a.kind in values}
    earlier = [h["total"] for h in hands[:turn]] if counting else []
    can = counting and jackpot and view["stacks"][seat] >= view["stake"]
    solver = _solver(up, stake, gain, tuple(earlier), origin, can_split=can, split_done=False,
                     real_jackpot=jackpot)
    if can and n < MAX_CARDS:
        # every pair this hand may split, now or once hits make it (before its sixth card): the second card,
        # the first hand's total before any draw, how many of that value the draws must bring
        starts = [(v, t - v, max(0, 2 - held[i])) for i, v in enumerate(CARD_VALUES)
                  if n + max(0, 2 - held[i]) < MAX_CARDS and pool[i] >= 2 - held[i]]
        solver.prime_pairs(starts, pool, left, MAX_CARDS + 1 - n)
    out: dict[Action, float] = {}
    for a in legal:
        if a.kind == "stay":
            out[a] = solver.stay_value((t,), pool)
        elif a.kind == "hit":
            out[a] = solver.one_hit(held, pool, left) if can else solver.lone_hit(t, n, pool, left)
        elif a.kind == "split":
            out[a] = solver.split(held, a.value, pool, left)
    return out


_SOLVERS: dict[tuple[Any, ...], KinzoSolver] = {}


def _solver(up: int, stake: float, gain: float, earlier: tuple[int, ...], origin: tuple[Any, ...],
            **flags: bool) -> KinzoSolver:
    """The solver of one hand (``origin`` tells the hand: the same at each of its decisions, see
    :meth:`KinzoSolver.prime_pairs`), kept while the hand is played (a small table, cleared when full): the
    coach and the agent ask about the same view, and a hand's later decisions are states already solved."""
    key = (up, stake, gain, earlier, origin, tuple(sorted(flags.items())))
    found = _SOLVERS.get(key)
    if found is None:
        if len(_SOLVERS) > 3:  # a hand needs one or two; the memos are large (~25 MB walked without numpy)
            _SOLVERS.clear()
        found = _SOLVERS[key] = KinzoSolver(up, stake, gain, earlier, **flags)
    return found


# ------------------------------------------------------------------------------------- the stake
@cache
def round_value_per_chip(seats: int) -> float:
    """Expected chips per chip staked for a seat at a fresh deal, playing a stay/hit policy: every first two
    cards and dealer up card weighed exactly, but the later cards (hits, the dealer's hole and draws) taken
    from a fresh deck less the up card, as if with replacement. That keeps it to a few ms; it only has to
    tell the sign (the game pays in proportion to the stake). Other seats' cards, splits and other seats'
    jackpots are left out. Cached per table size."""
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


# ------------------------------------------------------------------------------------- the agent
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
