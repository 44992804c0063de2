"""Hintaro AI: the exact reroll and equity evaluation, and the three levels built on it.

Everything in Hintaro is public: every seat's dice are on the table. What is left to chance is each seat's
reroll and the one Hintaro throw, so the value of a choice can be computed *exactly* by enumerating them.

**What is maximised.** A seat's *expected pot share*: the expected number of chips it takes from the pot(s)
at the showdown, counting a split as its equal fraction and each side pot only where the seat is eligible.
A pot nobody stands for carries to the next round as dead money; it is valued at ``carry_share`` of itself
(the ``1/N`` fair share of the N seats with chips: everyone competes for it again). ``equity`` is that value
divided by the pot: the fraction of the pot the seat can expect.

**How the others are modelled.** The reroll phase is a sequential game: seats reroll in turn, each seeing the
results of those before. The shark solves it by backward induction: every seat still to act picks, when its
turn comes, the action that maximises its *own* expected pot share given what it will see then, knowing the
seats after it reason the same way. Chance nodes (each reroll's face, then the Hintaro throw) are enumerated
with their exact probabilities. The only thing that matters about a seat's final dice is its *class*: which
standing it holds under each Hintaro face (eight classes: dead, and seven ways to stand), and the only thing
that matters about the seats already resolved is, per pot and per Hintaro face, the best standing among the
eligible seats and how many share it. The recursion is memoised on that compressed state (shared by every
agent at the table and between consecutive turns), which keeps an eight-seat table well inside the 100 ms
budget.

The levels:

* ``novice`` looks only at its own dice and ignores the Hintaro cancellation: it rerolls to make a standing
  *as the dice show now*, raises whenever its dice already show one (Tukar-Kulro looks great until the Hin or
  Taro strikes it), and calls any small bet.
* ``regular`` understands the cancellation and counts the opponents' dice, but imagines the seats still to
  reroll playing a rule of thumb (the novice's: make a standing show) rather than reasoning like it does. It
  bets on that rougher equity, opens the betting eagerly (with a fair share or better) but never re-raises,
  and calls loosely: small bets with about 60 % of the equity the pot odds ask for.
* ``shark`` rerolls by the exact sequential model above and bets from the exact equity it gives (every seat
  in hand rerolling as well as it can). A call or a raise is valued **multi-way** (:class:`AnswerTree`):
  the seats still to answer call or drop in turn, each seeing the calls before it, and every outcome is
  scored with the exact equity against the seats that really stay and the pot they really build. So a call
  is worth more when the seats behind it will drop (heads-up it is the classic ``e(P + c) - c``), and a
  raise into three seats is not priced as three separate heads-up calls: the old model did that, and at a
  four-seat table three sharks handed value to a tight novice (it won chips from them; now it loses them,
  see ``tests/test_ai_better_hintaro.py``). Each seat answers as its own expectation says or, as often as
  the shark has *seen* that seat call raises it should have dropped (its only memory: what earlier views
  showed), calls anyway; the best option nets that expectation less a half-Kelly charge for the variance
  (:func:`bet_options`, :meth:`HintaroAgent._shark_bet`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.hintaro_solve import heads_up, safe_actions
from game.ai.levels import LevelAgent, Personality, register_policy
from game.engine.core import Action, left_of, right_of
from game.engine.hintaro import HINTARO_FACES, PLAYER_FACES, STANDINGS, SYMBOLS, cancel

# ------------------------------------------------------------------------------------------ dice tables
NONE = 4  #: the "rank" of dice that do not stand (ranks 0..3 follow STANDINGS, best first)
H_FACES: tuple[str, ...] = tuple(dict.fromkeys(HINTARO_FACES))  #: Hin, Taro, blank
P_FACE: tuple[float, ...] = tuple(HINTARO_FACES.count(f) / len(HINTARO_FACES) for f in H_FACES)
NF = len(H_FACES)
NR = NONE + 1  #: slots per face in a share table: ranks 0..3 and "none"
_RANK_INDEX = {counts: i for i, counts in enumerate(STANDINGS)}
P_PLAYER: dict[str, float] = {f: PLAYER_FACES.count(f) / len(PLAYER_FACES) for f in dict.fromkeys(PLAYER_FACES)}

#: action index -> the Action (index 0 keep, 1 reroll die 0, 2 reroll die 1)
REROLL_ACTIONS: tuple[Action, ...] = (Action("keep"), Action("reroll", die=0), Action("reroll", die=1))


def counts_of(dice: Sequence[str]) -> tuple[int, int]:
    t = k = 0
    for face in dice:
        a, b = SYMBOLS[face]
        t += a
        k += b
    return t, k


def rank_vector(counts: tuple[int, int]) -> tuple[int, ...]:
    """The standing (0 best .. 3, or NONE) the symbol counts make under each Hintaro face."""
    return tuple(_RANK_INDEX.get(cancel(counts, h)[0], NONE) for h in H_FACES)


#: class id -> rank under each Hintaro face; class 0 is "never stands"
CLASS_RANKS: list[tuple[int, ...]] = [(NONE,) * NF]
_CLASS_OF: dict[tuple[int, ...], int] = {CLASS_RANKS[0]: 0}


def class_of_counts(counts: tuple[int, int]) -> int:
    rv = rank_vector(counts)
    c = _CLASS_OF.get(rv)
    if c is None:
        c = _CLASS_OF[rv] = len(CLASS_RANKS)
        CLASS_RANKS.append(rv)
    return c


def class_of(dice: Sequence[str]) -> int:
    return class_of_counts(counts_of(dice))


def _distributions(dice: tuple[str, str]) -> tuple[tuple[tuple[int, float], ...], ...]:
    """(keep, reroll die 0, reroll die 1): each the exact distribution of the final class."""
    out: list[tuple[tuple[int, float], ...]] = [((class_of(dice), 1.0),)]
    for die in (0, 1):
        other = dice[1 - die]
        dist: dict[int, float] = {}
        for face, p in P_PLAYER.items():
            c = class_of((face, other))
            dist[c] = dist.get(c, 0.0) + p
        out.append(tuple(sorted(dist.items())))
    return tuple(out)


#: every pair of dice -> its three action distributions (36 pairs, built once at import)
OUTCOMES: dict[tuple[str, str], tuple[tuple[tuple[int, float], ...], ...]] = {
    (a, b): _distributions((a, b)) for a in P_PLAYER for b in P_PLAYER
}


def raw_rank(dice: Sequence[str]) -> int:
    """The standing the dice show *before* the Hintaro throw (what a novice reads): 0..3 or NONE."""
    return _RANK_INDEX.get(counts_of(dice), NONE)


# ---------------------------------------------------------------------------------- the exact solver
_ADD: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}
_TERMINAL: dict[tuple[int, ...], tuple[float, ...]] = {}
#: memo of the reroll game, shared by every agent and turn: (suffix, stat) -> (choice, shares, values)
_W_CACHE: dict[tuple[Any, ...], tuple[int, tuple[float, ...], list[float] | None]] = {}
_V_CACHE: dict[tuple[Any, ...], float] = {}
_ODDS_CACHE: dict[tuple[Any, ...], tuple[float, float, float]] = {}
_ALL_CACHE: dict[tuple[Any, ...], tuple[float, ...]] = {}
_GAMES: dict[tuple[Any, ...], RerollGame] = {}  #: built games by their inputs (views repeat a lot)
_SUFFIX_IDS: dict[tuple[Any, ...], int] = {}
_NEXT_ID = itertools.count()


def _intern(key: tuple[Any, ...]) -> int:
    """A small int naming a suffix of the game; ids are never reused, so clearing the table is always safe."""
    found = _SUFFIX_IDS.get(key)
    if found is None:
        if len(_SUFFIX_IDS) > _CACHE_LIMIT:
            _SUFFIX_IDS.clear()
        found = _SUFFIX_IDS[key] = next(_NEXT_ID)
    return found
_CACHE_LIMIT = 400_000


def empty_stat(npots: int) -> tuple[int, ...]:
    """Per pot and Hintaro face: (best rank so far, how many share it); nobody resolved yet."""
    return (NONE, 0) * (npots * NF)


def add_class(stat: tuple[int, ...], cls: int, elig: int) -> tuple[int, ...]:
    """The stat after a seat of class ``cls`` eligible for the pots in bit mask ``elig`` is resolved."""
    key = (stat, cls, elig)
    hit = _ADD.get(key)
    if hit is not None:
        return hit
    out = list(stat)
    ranks = CLASS_RANKS[cls]
    npots = len(stat) // (2 * NF)
    for p in range(npots):
        if not elig >> p & 1:
            continue
        for h in range(NF):
            r = ranks[h]
            if r == NONE:
                continue
            i = 2 * (p * NF + h)
            if r < out[i]:
                out[i] = r
                out[i + 1] = 1
            elif r == out[i]:
                out[i + 1] += 1
    res = tuple(out)
    if len(_ADD) > _CACHE_LIMIT:
        _ADD.clear()
    _ADD[key] = res
    return res


def terminal_shares(stat: tuple[int, ...]) -> tuple[float, ...]:
    """The share table once every seat is resolved: per pot, face and rank r, the fraction of the pot a seat
    of rank r takes (1/count if r is the best, else 0); at slot NONE, 1 if the pot carries (nobody stands)."""
    hit = _TERMINAL.get(stat)
    if hit is not None:
        return hit
    out: list[float] = []
    for i in range(0, len(stat), 2):
        best, count = stat[i], stat[i + 1]
        row = [0.0] * NR
        if best == NONE:
            row[NONE] = 1.0
        else:
            row[best] = 1.0 / count
        out.extend(row)
    res = tuple(out)
    _TERMINAL[stat] = res
    return res


class RerollGame:
    """The rest of a reroll phase as a sequential game, solved exactly by memoised backward induction.

    ``order``: the dice of each seat still to act, in turn order. ``eligs``: each one's pot bit mask.
    ``policies``: per seat, ``"best"`` (maximises its own expected pot share, knowing the later seats do the
    same), ``"keep"`` (never rerolls) or ``"novice"`` (rerolls by the novice's rule of thumb, see
    :func:`novice_reroll_values`: how a regular imagines the others). ``amounts``: the pots' chips.
    ``start``: the stat of the seats already resolved (see :func:`add_class`).
    """

    def __init__(
        self,
        order: Sequence[tuple[str, str]],
        eligs: Sequence[int],
        policies: Sequence[str],
        amounts: Sequence[float],
        carry_share: float,
        start: tuple[int, ...] | None = None,
    ) -> None:
        self.order = [tuple(d) for d in order]
        self.eligs = list(eligs)
        self.policies = list(policies)
        self.amounts = tuple(float(a) for a in amounts)
        self.lam = float(carry_share)
        self.npots = len(self.amounts)
        self.start = start if start is not None else empty_stat(self.npots)
        self.n = len(self.order)
        common = (self.amounts, self.lam)
        # the memo key of position j names everything from j on, so subgames are shared across calls
        # (interned to a small int: a long nested tuple would be re-hashed at every memo look-up)
        self._suffix: list[int] = [
            _intern((tuple(zip(self.order[j:], self.eligs[j:], self.policies[j:], strict=True)), common))
            for j in range(self.n + 1)
        ]
        self._coef: dict[tuple[int, int], tuple[tuple[int, float], ...]] = {}

    # ------------------------------------------------------------------ payoff of one class
    def coefficients(self, cls: int, elig: int) -> tuple[tuple[int, float], ...]:
        """Sparse weights turning a share table into a seat's expected chips (class ``cls``, pots ``elig``)."""
        key = (cls, elig)
        hit = self._coef.get(key)
        if hit is not None:
            return hit
        ranks = CLASS_RANKS[cls]
        out: list[tuple[int, float]] = []
        for p, amount in enumerate(self.amounts):
            for h in range(NF):
                base = (p * NF + h) * NR
                if elig >> p & 1 and ranks[h] != NONE:
                    out.append((base + ranks[h], amount * P_FACE[h]))
                elif self.lam:
                    out.append((base + NONE, amount * P_FACE[h] * self.lam))
        res = tuple(out)
        self._coef[key] = res
        return res

    def payoff(self, cls: int, elig: int, shares: tuple[float, ...]) -> float:
        return sum(w * shares[i] for i, w in self.coefficients(cls, elig))

    # ------------------------------------------------------------------ the recursion
    def _node(self, j: int, stat: tuple[int, ...]) -> tuple[int, tuple[float, ...], list[float] | None]:
        """Seat ``j`` to act from ``stat``: (its choice, the expected share table, its action values).

        Each final class the seat can reach is expanded once and shared by the actions that reach it.
        """
        key = (self._suffix[j], stat)
        hit = _W_CACHE.get(key)
        if hit is not None:
            return hit  # type: ignore[return-value]
        dists = OUTCOMES[self.order[j]]
        elig = self.eligs[j]
        values: list[float] | None = None
        policy = self.policies[j]
        if policy != "best":  # a fixed rule: only the chosen action's outcomes are expanded
            choice = 0 if policy == "keep" else pick_best(novice_reroll_values(self.order[j]))
            children = {cls: self.shares(j + 1, add_class(stat, cls, elig)) for cls, _p in dists[choice]}
        else:
            children = {}
            worth: dict[int, float] = {}
            for dist in dists:
                for cls, _p in dist:
                    if cls not in children:
                        child = children[cls] = self.shares(j + 1, add_class(stat, cls, elig))
                        worth[cls] = sum(w * child[i] for i, w in self.coefficients(cls, elig))
            values = [sum(p * worth[cls] for cls, p in dist) for dist in dists]
            choice = pick_best(values)
        dist = dists[choice]
        if len(dist) == 1:
            table = children[dist[0][0]]
        else:
            acc = [0.0] * (self.npots * NF * NR)
            for cls, p in dist:
                acc = [a + p * c for a, c in zip(acc, children[cls], strict=True)]
            table = tuple(acc)
        res = (choice, table, values)
        if len(_W_CACHE) > _CACHE_LIMIT:
            _W_CACHE.clear()
        _W_CACHE[key] = res  # type: ignore[assignment]
        return res

    def shares(self, j: int, stat: tuple[int, ...]) -> tuple[float, ...]:
        """Expected share table at the end, when seats ``j..`` still have to act from ``stat``."""
        if j == self.n:
            return terminal_shares(stat)
        return self._node(j, stat)[1]

    def choice(self, j: int, stat: tuple[int, ...]) -> int:
        """The action seat ``j`` takes under its policy (ties: keep, then the first die)."""
        return self._node(j, stat)[0]

    def action_values(self, j: int, stat: tuple[int, ...]) -> list[float]:
        """Seat ``j``'s expected pot share for keep / reroll die 0 / reroll die 1 (whatever its policy)."""
        values = self._node(j, stat)[2]
        if values is not None:
            return values
        elig = self.eligs[j]
        return [
            sum(p * self.payoff(cls, elig, self.shares(j + 1, add_class(stat, cls, elig))) for cls, p in dist)
            for dist in OUTCOMES[self.order[j]]
        ]

    def seat_value(self, hero: int, j: int = 0, stat: tuple[int, ...] | None = None) -> float:
        """Expected pot share of the seat at position ``hero`` (playing its policy), from position ``j``."""
        if stat is None:
            stat = self.start
        if j == hero:
            return self.action_values(j, stat)[self.choice(j, stat)]
        key = (self._suffix[j], stat, hero - j)
        hit = _V_CACHE.get(key)
        if hit is not None:
            return hit
        dist = OUTCOMES[self.order[j]][self.choice(j, stat)]
        elig = self.eligs[j]
        res = sum(p * self.seat_value(hero, j + 1, add_class(stat, cls, elig)) for cls, p in dist)
        if len(_V_CACHE) > _CACHE_LIMIT:
            _V_CACHE.clear()
        _V_CACHE[key] = res
        return res

    def all_values(self, j: int = 0, stat: tuple[int, ...] | None = None) -> tuple[float, ...]:
        """Expected pot share of every seat from position ``j`` on, each playing its policy: the same numbers
        as :meth:`seat_value` for each of them, from one walk of the tree instead of one per seat."""
        if stat is None:
            stat = self.start
        if j == self.n:
            return ()
        key = (self._suffix[j], stat)
        hit = _ALL_CACHE.get(key)
        if hit is not None:
            return hit
        choice = self.choice(j, stat)
        dist = OUTCOMES[self.order[j]][choice]
        elig = self.eligs[j]
        rest = [0.0] * (self.n - j - 1)
        for cls, p in dist:
            child = self.all_values(j + 1, add_class(stat, cls, elig))
            for i, v in enumerate(child):
                rest[i] += p * v
        res = (self.action_values(j, stat)[choice], *rest)
        if len(_ALL_CACHE) > _CACHE_LIMIT:
            _ALL_CACHE.clear()
        _ALL_CACHE[key] = res
        return res

    def seat_odds(self, hero: int, action: int | None = None) -> tuple[float, float, float]:
        """For the seat at position ``hero``: the exact chances that it takes its main pot alone, shares it,
        and that the pot carries, with every seat playing its policy (``action`` forces the hero's choice)."""
        return self._odds(hero, action, 0, self.start, -1)

    def _odds(
        self, hero: int, action: int | None, j: int, stat: tuple[int, ...], hero_cls: int
    ) -> tuple[float, float, float]:
        if j == self.n:
            return _odds_for(hero_cls, self.eligs[hero], stat, self.npots)
        key = (self._suffix[j], stat, hero - j, hero_cls, action if j <= hero else None)
        hit = _ODDS_CACHE.get(key)
        if hit is not None:
            return hit
        choice = action if (j == hero and action is not None) else self.choice(j, stat)
        elig = self.eligs[j]
        win = split = carry = 0.0
        for cls, p in OUTCOMES[self.order[j]][choice]:
            w, s, c = self._odds(hero, action, j + 1, add_class(stat, cls, elig), cls if j == hero else hero_cls)
            win += p * w
            split += p * s
            carry += p * c
        res = (win, split, carry)
        if len(_ODDS_CACHE) > _CACHE_LIMIT:
            _ODDS_CACHE.clear()
        _ODDS_CACHE[key] = res
        return res


def _odds_for(cls: int, elig: int, stat: tuple[int, ...], npots: int) -> tuple[float, float, float]:
    """P(alone at the top of its main eligible pot), P(sharing it), P(that pot carries), over the faces."""
    ranks = CLASS_RANKS[cls]
    p = next((i for i in range(npots) if elig >> i & 1), 0)
    win = split = carry = 0.0
    for h in range(NF):
        i = 2 * (p * NF + h)
        best, count = stat[i], stat[i + 1]
        r = ranks[h]
        if best == NONE:
            carry += P_FACE[h]
        elif r == best:
            if count == 1:
                win += P_FACE[h]
            else:
                split += P_FACE[h]
    return win, split, carry


def pick_best(values: Sequence[float], tol: float = 1e-12) -> int:
    """Index of the largest value; near-ties go to the earliest (keep before rerolling, die 0 before 1)."""
    best = 0
    for i in range(1, len(values)):
        if values[i] > values[best] + tol:
            best = i
    return best


# ---------------------------------------------------------------------------------- reading the view
def carry_share_of(view: dict[str, Any]) -> float:
    """The value of one carried chip to a seat: its 1/N share, N = seats that will play the next round."""
    players = sum(
        1 for s in range(view["seats"]) if view["stacks"][s] > 0 or view["in_hand"][s]
    )
    return 1.0 / max(2, players)


def reroll_order(view: dict[str, Any]) -> list[int]:
    """Seats still to reroll, in turn order (all seats in hand, from the Hintaron's left, before rerolls)."""
    if view["phase"] == "reroll":
        return list(view["to_act"])
    return [s for s in left_of(view["dealer"], view["seats"]) if view["in_hand"][s]]


def reroll_game(view: dict[str, Any], model: str = "best", pots: str = "actual") -> tuple[RerollGame, list[int]]:
    """The reroll game from ``view``: seats still to act and their pots; ``model`` is how the *other* seats
    still to act are assumed to play ("best", "keep" or "novice"); the seat to act always plays "best".

    ``pots="actual"`` uses the pots on the table (side pots included); ``"single"`` one pot of 1 chip shared
    by every seat in hand (the equity used for betting, before the wager round is settled).
    """
    dice = view["dice"]
    in_hand = view["in_hand"]
    order = reroll_order(view)
    me = view["seat"]
    if pots == "single":
        amounts: list[float] = [1.0]
        elig_of = {s: 1 for s in range(view["seats"]) if in_hand[s]}
    else:
        amounts = []
        elig_of = {s: 0 for s in range(view["seats"])}
        for pot in view["pots"]:
            if not pot["eligible"] or pot["amount"] <= 0:
                continue
            bit = 1 << len(amounts)
            amounts.append(float(pot["amount"]))
            for s in pot["eligible"]:
                elig_of[s] |= bit
        if not amounts:
            amounts = [1.0]
            elig_of = {s: 1 for s in range(view["seats"]) if in_hand[s]}
    stat = empty_stat(len(amounts))
    for s in range(view["seats"]):
        if in_hand[s] and s not in order:
            stat = add_class(stat, class_of(dice[s]), elig_of.get(s, 0))
    order_dice = tuple(tuple(dice[s]) for s in order)
    eligs = tuple(elig_of.get(s, 0) for s in order)
    policies = tuple("best" if (s == me or model == "best") else model for s in order)
    lam = carry_share_of(view)
    key = (order_dice, eligs, policies, tuple(amounts), lam, stat)
    game = _GAMES.get(key)
    if game is None:
        if len(_GAMES) > 20_000:
            _GAMES.clear()
        game = _GAMES[key] = RerollGame(order_dice, eligs, policies, amounts, lam, stat)  # type: ignore[arg-type]
    return game, order


def exact_reroll_values(view: dict[str, Any], model: str = "best") -> list[float]:
    """The acting seat's expected chips from the pots for keep / reroll die 0 / reroll die 1 (exact)."""
    game, order = reroll_game(view, model)
    assert order and order[0] == view["seat"], "not this seat's reroll"
    return game.action_values(0, game.start)


def equity(view: dict[str, Any], seat: int | None = None, model: str = "best") -> float:
    """Exact expected fraction of the pot ``seat`` (default: the viewer) takes, if every seat now in stays in
    to the showdown and all reroll by ``model`` (the seat itself rerolls as well as it can)."""
    seat = view["seat"] if seat is None else seat
    if not view["in_hand"][seat]:
        return 0.0
    if view["phase"] not in ("wager", "call", "reroll"):
        return 0.0
    order = reroll_order(view)
    if seat not in order:  # already rerolled: its class is fixed; value it through the others' play
        game, _order = reroll_game(dict(view, seat=seat), model, pots="single")
        # the payoff is linear in the share table, so the expected table gives the expected payoff
        return game.payoff(class_of(view["dice"][seat]), 1, game.shares(0, game.start))
    me_view = dict(view, seat=seat)
    game, order = reroll_game(me_view, model, pots="single")
    return game.seat_value(order.index(seat))


def novice_reroll_values(dice: Sequence[str]) -> list[float]:
    """What a novice maximises: the chance its own dice *show* a standing, better names weighing a little
    more (1, 0.9, 0.8, 0.7), ignoring the Hintaro throw and every other seat."""
    weight = (1.0, 0.9, 0.8, 0.7, 0.0)
    a, b = dice
    keep = weight[raw_rank(dice)]
    r0 = sum(p * weight[raw_rank((f, b))] for f, p in P_PLAYER.items())
    r1 = sum(p * weight[raw_rank((a, f))] for f, p in P_PLAYER.items())
    return [keep, r0, r1]


def novice_hope(dice: Sequence[str]) -> float:
    """The novice's idea of its chances: the best chance its dice show a standing after one reroll."""
    a, b = dice
    if raw_rank(dice) != NONE:
        return 1.0
    best = 0.0
    for other in (a, b):
        best = max(best, sum(p for f, p in P_PLAYER.items() if raw_rank((f, other)) != NONE))
    return best


# ----------------------------------------------------------------------------------------- betting
def table_equities(view: dict[str, Any], model: str = "best", live: Sequence[bool] | None = None) -> list[float]:
    """Every seat's exact equity (0 for seats out), if the seats in ``live`` (default: in hand) all stay."""
    v = view if live is None else dict(view, in_hand=list(live))
    if model == "best" and v["phase"] in ("wager", "call"):
        # every seat in hand is still to reroll and plays its best: one game serves them all
        out = [0.0] * v["seats"]
        if any(v["in_hand"]):
            game, order = reroll_game(v, model, pots="single")
            for s, value in zip(order, game.all_values(), strict=True):
                out[s] = value
        return out
    return [equity(v, seat=s, model=model) if v["in_hand"][s] else 0.0 for s in range(v["seats"])]


@dataclass(frozen=True)
class BetOption:
    """One wager choice as the shark values it, in expected chips (back from the pot, minus what it puts in
    now): ``ev_rational`` if the others respond rationally (each calls iff its own exact equity pays for the
    call), ``ev_callers`` if they all call, ``ev_model`` under the caller's model of the table (the calling
    habits it has seen; without one, the smaller of the first two)."""

    action: Action
    ev_rational: float
    ev_callers: float
    callers: tuple[int, ...]  #: who calls under the rational model
    spread: float = 0.0  #: variance of the chips it brings back if everyone calls, about e(1-e) F^2
    ev_model: float = 0.0
    raises: bool = False  #: it raises the bet (the others must answer it)

    @property
    def robust(self) -> float:
        return min(self.ev_rational, self.ev_callers)


#: weight of the variance charge on the shark's raises: 1 would be the Kelly criterion's second-order term. Chips
#: are the score, so it is small, and it only chooses between raises: a call is never charged (at 0.5, charged
#: on calls too, the shark called 0 of 1,390 all-ins at equity 0.5 and a shove-or-drop rule beat it; issue 17)
KELLY = 0.1
#: how much more a cautious personality charges its raises, per unit of risk below 0 (calls stay uncharged)
CAUTION = 0.5
#: prior chance that a seat calls a raise its equity says to drop / to call (before any is seen)
PRIOR_LOOSE = 0.25
PRIOR_STICKY = 0.95


def answer_order(view: dict[str, Any]) -> list[int]:
    """The other seats that still answer the bet this round after the seat to act, in the order they act.

    In the wager phase: the rest of the wager queue, then (in the call phase, from the Hintaron's right) every
    seat that already spoke and will be short of the bet. In the call phase: the rest of the call queue.
    """
    me = view["seat"]
    in_hand = view["in_hand"]
    order = [s for s in view["to_act"] if s != me and in_hand[s]]
    if view["phase"] == "wager":
        order += [s for s in right_of(view["dealer"], view["seats"]) if s != me and in_hand[s] and s not in order]
    return order


#: the largest field whose equities :class:`AnswerTree` solves exactly when it is not the whole table (one seat
#: fewer at a table of more than :data:`BIG_TABLE` seats, where a cold first decision would otherwise solve 99)
EXACT_FIELD = 4
BIG_TABLE = 6
#: up to this many other seats in hand, :func:`bet_options` also tries each seat's calling limit as a raise size
THRESHOLD_SEATS = 3


class AnswerTree:
    """How the seats still to answer a bet respond to it, jointly, and what that leaves the bettor.

    The seats answer in turn, each seeing the calls before it. A seat that owes nothing stays in; a seat that
    owes ``o`` calls (adding ``o`` to the pot) or drops. Each leaf is the set of seats left in and the pot
    they contest; every seat's share of it is its exact equity *against that set* (:func:`table_equities`),
    so a call is worth more when the seats behind it drop, and a raise into three seats is valued against the
    pot and the rivals it will really face, not as three separate heads-up calls.

    A *rational* seat calls iff its expected chips back from the pot, given how the seats after it answer,
    are at least what it puts in (backward induction over the tree); ``call_prob`` (from the shark's reading
    of the table) turns that into chances: (calls when it should drop, calls when it should call). The tree
    has one node per set of earlier callers: 2^k leaves for k answering seats, at most 128 at eight seats.
    """

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.me = view["seat"]
        self.n = view["seats"]
        self.order = answer_order(view)
        self.exact_field = EXACT_FIELD if self.n <= BIG_TABLE else EXACT_FIELD - 1
        self._eq: dict[int, list[float]] = {}

    def equities(self, mask: int) -> list[float]:
        """Every seat's equity if exactly the seats in bit mask ``mask`` stay to the showdown: exact for fields up
        to :data:`EXACT_FIELD` seats (see there) and for the whole table; a larger field short of the whole table
        scales the whole table's equities up to sum to 1 (one seat less in a big field moves each share a little,
        and solving every large field exactly would cost the first decision of an eight-seat round ~40 ms)."""
        hit = self._eq.get(mask)
        if hit is None:
            live = [bool(mask >> s & 1) for s in range(self.n)]
            size = sum(live)
            if size == 1:  # everyone else dropped: the pot is its own at once
                hit = [1.0 if x else 0.0 for x in live]
            elif size <= self.exact_field or live == self.view["in_hand"]:
                hit = table_equities(self.view, live=live)
            else:
                full = self.equities(sum(1 << s for s in range(self.n) if self.view["in_hand"][s]))
                total = sum(e for e, x in zip(full, live, strict=True) if x)
                hit = [e / total if x and total > 0 else (1.0 / size if x else 0.0)
                       for e, x in zip(full, live, strict=True)]
            self._eq[mask] = hit
        return hit

    def values(
        self, put: int, new_bet: int, probs: dict[int, tuple[float, float]] | None = None
    ) -> tuple[float, float | None, tuple[int, ...]]:
        """After the bettor puts in ``put`` and the bet stands at ``new_bet``: (expected chips it brings back
        from the pot if every seat answers rationally, the same under the chances ``probs`` (None without
        them), the seats that call on the rational path). One walk of the tree gives both."""
        view = self.view
        wager, stacks, in_hand = view["wager"], view["stacks"], view["in_hand"]
        base = 1 << self.me
        deciders: list[tuple[int, int]] = []
        for s in self.order:
            owe = min(new_bet - wager[s], stacks[s])
            if owe <= 0:
                base |= 1 << s
            else:
                deciders.append((s, owe))
        for s in range(self.n):  # seats in hand that answer nothing more (all-in, or already level)
            if in_hand[s] and s not in self.order:
                base |= 1 << s
        memo: dict[int, tuple[list[float], list[float]]] = {}
        k = len(deciders)
        chances = [probs.get(s, (PRIOR_LOOSE, PRIOR_STICKY)) for s, _owe in deciders] if probs is not None else []
        # the vectors carry only the seats that matter: slot i < k is decider i, slot k the bettor
        who = [s for s, _owe in deciders] + [self.me]

        def node(i: int, mask: int, pot: float) -> tuple[list[float], list[float]]:
            """(the expected chips back of each seat in ``who``: rational answers, modelled answers) from
            answer ``i`` on."""
            if i == k:
                eq = self.equities(mask)
                leaf = [eq[s] * pot for s in who]
                return leaf, leaf
            key = mask | i << 16  # the callers so far fix the pot, so (i, mask) names the node
            hit = memo.get(key)
            if hit is not None:
                return hit
            s, owe = deciders[i]
            c_rat, c_mod = node(i + 1, mask | 1 << s, pot + owe)
            d_rat, d_mod = node(i + 1, mask, pot)
            rat = c_rat if c_rat[i] >= owe else d_rat
            if probs is None:
                res = (rat, rat)
            else:
                p = chances[i][c_mod[i] >= owe]
                mod = c_mod if p >= 1.0 else d_mod if p <= 0.0 else [
                    p * a + (1.0 - p) * b for a, b in zip(c_mod, d_mod, strict=True)]
                res = (rat, mod)
            memo[key] = res
            return res

        pot0 = float(view["pot"] + put)
        rat, mod = node(0, base, pot0)
        # the rational path: who calls when every seat answers as its own expectation says
        callers: list[int] = []
        mask, pot = base, pot0
        for i, (s, owe) in enumerate(deciders):
            if node(i + 1, mask | 1 << s, pot + owe)[0][i] >= owe:
                callers.append(s)
                mask |= 1 << s
                pot += owe
        return rat[k], (mod[k] if probs is not None else None), tuple(callers)


def bet_options(
    view: dict[str, Any],
    legal: Sequence[Action],
    call_prob: dict[int, tuple[float, float]] | None = None,
) -> list[BetOption]:
    """Value every wager choice in ``legal`` (plus the raises that make a rational caller's decision flip).

    Dropping is worth 0 (what is in the pot is gone either way). A call or a raise puts ``put`` in and raises
    the bet to ``B``; every seat still to answer then calls or drops in turn (:class:`AnswerTree`), and the
    option is worth the expected chips it brings back from the pot against the seats that stay, less
    ``put``. ``ev_rational``: each seat answers by its own exact expectation; ``ev_callers``: everyone calls
    (the exact equity against every seat in hand); ``ev_model``: each seat calls with the chances in
    ``call_prob`` (seat -> (calls when it should drop, calls when it should call); a seat not in it gets the
    priors); without ``call_prob``, the smaller of the first two. Heads-up this is the classic formula:
    a raise ``X`` makes the other seat owe ``o``, which it calls iff ``e_o (P + c + X + o) >= o``.
    """
    me = view["seat"]
    n = view["seats"]
    in_hand = view["in_hand"]
    tree = AnswerTree(view)
    live_mask = sum(1 << s for s in range(n) if in_hand[s])
    e_all = tree.equities(live_mask)
    e = e_all[me]
    pot = view["pot"]
    stacks = view["stacks"]
    wager = view["wager"]
    to_call = view.get("to_call", view["current_bet"] - wager[me])
    out: list[BetOption] = []
    others = [s for s in range(n) if s != me and in_hand[s]]

    def option(action: Action, put: int) -> BetOption:
        new_bet = max(view["current_bet"], wager[me] + put)
        owes = {s: min(new_bet - wager[s], stacks[s]) for s in others}
        all_in = pot + put + sum(max(0, o) for o in owes.values())
        ev_callers = e * all_in - put
        back, modelled, callers = tree.values(put, new_bet, call_prob)
        ev_rational = back - put
        ev_model = min(ev_rational, ev_callers) if modelled is None else modelled - put
        raises = new_bet > view["current_bet"]
        return BetOption(action, ev_rational, ev_callers, callers, e * (1 - e) * all_in * all_in, ev_model, raises)

    raise_amounts = sorted({a.amount for a in legal if a.kind == "raise" and not a.get("items")})
    if raise_amounts:
        lo, hi = raise_amounts[0], raise_amounts[-1]
        mb = view["min_bet"]
        extra = set(raise_amounts)
        # the raise just past each seat's heads-up calling limit (X <= (e_s (P + c + o_s) - o_s) / (1 - 2 e_s)),
        # where a called raise starts to beat the pot for the raiser, and a doubling grid in between (at a big
        # table only the sizes on offer: each size costs a walk of the answer tree)
        small = len(others) <= THRESHOLD_SEATS
        for s in others if small else ():
            es, o0 = e_all[s], view["current_bet"] - wager[s]
            if es < 0.5:
                extra.add(int((es * (pot + to_call + o0) - o0) / (1 - 2 * es) // mb + 1) * mb)
        if e > 0.5:
            extra.add(int(((1 - e) * pot) / (2 * e - 1) // mb + 1) * mb)
        step = mb
        while step < hi and small:
            extra.add(step)
            step *= 2
        raise_amounts = sorted(x for x in extra if lo <= x <= hi)
    for a in legal:
        if a.kind == "drop":
            out.append(BetOption(a, 0.0, 0.0, ()))
        elif a.kind == "call" and not a.get("items"):
            out.append(option(a, to_call))
        elif a.kind == "allin":
            put = stacks[me]
            if put <= to_call:  # all-in for less: only the chips it can match are at stake
                at_stake = _eligible_pot(view, view["contrib"][me] + put)
                ev = e * at_stake - put
                out.append(BetOption(a, ev, ev, tuple(others), e * (1 - e) * at_stake * at_stake, ev))
            else:
                out.append(option(a, put))
    for x in raise_amounts:
        out.append(option(Action("raise", amount=x), to_call + x))
    return out


#: level -> (equity model, call slack, raise edge) of the heuristic bettors; call slack < 1 calls with less
#: equity than the pot odds need (a regular pays for hope)
LEVEL_PARAMS: dict[str, tuple[str, float, float]] = {
    "regular": ("novice", 0.6, 0.0),
}
#: how the regular imagines the other seats reroll
REGULAR_MODEL = LEVEL_PARAMS["regular"][0]


class HintaroAgent(LevelAgent):
    """A Hintaro seat at one level with one personality (see the module docstring for what each knows)."""

    def __init__(self, game_id: str, level: str, personality: Personality, seed: int | None = None) -> None:
        super().__init__(game_id, level, personality, seed)
        # the shark's memory of the table (what it saw in earlier views, nothing else)
        self._habits: dict[int, list[int]] = {}
        self._pending: tuple[int, dict[int, bool]] | None = None
        self._last_round = 0
        #: chips an option saves beyond its price in chips, set by a game that lets a bet be paid in kind
        #: (Better Hintaro's items): the shark adds them to the option's value
        self.discounts: dict[Action, float] = {}

    # ------------------------------------------------------------------ choose
    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        if self.level == "shark":
            self._observe(view)
        if view["phase"] == "reroll":
            return self._reroll(view, legal_actions)
        return self._bet(view, legal_actions)

    def reroll_values(self, view: dict[str, Any]) -> list[float]:
        """This level's value for keep / reroll die 0 / reroll die 1."""
        if self.level == "novice":
            return novice_reroll_values(view["dice"][view["seat"]])
        return exact_reroll_values(view, "best" if self.level == "shark" else REGULAR_MODEL)

    def _reroll(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        values = self.reroll_values(view)
        action = REROLL_ACTIONS[pick_best(values)]
        return action if action in legal else legal[0]

    # ------------------------------------------------------------------ betting
    def equity(self, view: dict[str, Any]) -> float:
        """What this level believes its share of the final pot is."""
        if self.level == "novice":
            return novice_hope(view["dice"][view["seat"]])
        return equity(view, model="best" if self.level == "shark" else REGULAR_MODEL)

    def _bet(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if self.level == "shark":
            return self._shark_bet(view, legal)
        me = view["seat"]
        by_kind = {a.kind: a for a in legal if a.kind != "raise"}
        raises = [a.amount for a in legal if a.kind == "raise"]
        to_call = view.get("to_call", view["current_bet"] - view["wager"][me])
        pot = view["pot"]
        mb = view["min_bet"]
        e = self.equity(view)
        if self.level == "novice":
            return self._novice_bet(legal, by_kind, raises, e, to_call, pot, mb)
        pers = self.personality
        live = sum(1 for x in view["in_hand"] if x)
        _model, slack, raise_edge = LEVEL_PARAMS[self.level]
        raise_edge += 0.3 * (pers.patience - 0.5) - 0.25 * pers.risk
        edge = e * live - 1.0  # chips back per chip raised if every seat calls
        # it opens the betting when it likes its odds, but does not re-raise (it is not sure enough)
        if raises and to_call == 0 and (edge > raise_edge or (edge > -0.25 and self.chance(pers.bluff * 0.5))):
            return _raise_to(pot * min(1.0, max(0.25, edge)) * (1.0 + 0.5 * pers.risk), raises, mb)
        if to_call == 0 and "call" in by_kind:
            return by_kind["call"]
        if "allin" in by_kind and "call" not in by_kind:  # short: all-in for less, loosely
            ev = e * _eligible_pot(view, view["contrib"][me] + view["stacks"][me]) - slack * view["stacks"][me]
            return by_kind["allin"] if ev >= 0 else by_kind["drop"]
        if to_call > pot / 2:  # loose with small bets; a big one sobers it up, if not all the way
            slack = (1.0 + slack) / 2
        if "call" in by_kind and e * (pot + to_call) >= slack * to_call * (1.0 - 0.2 * pers.risk):
            return by_kind["call"]
        return by_kind.get("drop", legal[0])

    # ------------------------------------------------------------------ the shark's table reading
    def _observe(self, view: dict[str, Any]) -> None:
        """Settle the raise it made earlier: did each seat call it? (From what the views show: who is still in
        when the rerolls start, or who reached the showdown; a round that ended without one means all
        dropped.) Each seat's record feeds the chances :func:`bet_options` uses."""
        rnd = view["round"]
        if rnd < self._last_round:  # a new session at the same seat: forget
            self._habits.clear()
            self._pending = None
        self._last_round = rnd
        if self._pending is None:
            return
        p_round, flags = self._pending
        if rnd == p_round and view["phase"] == "reroll":
            called = {s: bool(view["in_hand"][s]) for s in flags}
        elif rnd > p_round:
            show = view.get("last_showdown") or {}
            if show.get("round") == p_round:
                called = {s: show["seats"][s] is not None for s in flags}
            else:
                called = dict.fromkeys(flags, False)
        else:
            return
        for s, should in flags.items():
            rec = self._habits.setdefault(s, [0, 0, 0, 0])  # should drop: seen, called; should call: seen, called
            i = 2 if should else 0
            rec[i] += 1
            rec[i + 1] += called[s]
        self._pending = None

    def call_chances(self) -> dict[int, tuple[float, float]]:
        """Per seat: (chance it calls a raise it should drop, chance it calls one it should call), from what it
        has seen, starting from the priors as if four raises had been seen."""
        return {
            s: ((r[1] + 4 * PRIOR_LOOSE) / (r[0] + 4), (r[3] + 4 * PRIOR_STICKY) / (r[2] + 4))
            for s, r in self._habits.items()
        }

    def _shark_bet(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """The best option by :func:`bet_options` under the table it has read: expected chips, a raise less a
        small Kelly-style charge for its variance (:data:`KELLY` x ``Var / (2 x bankroll)``), so it does not
        stake its stack on a coin flip for a few chips. A call is never charged: chips are the score, and a
        call (or an all-in for no more than the call) that wins chips in expectation is never dropped. The
        personality tilts it: risk > 0 shrinks the charge on raises and calls a little lighter, patience asks
        a raise to beat calling by a margin, bluff sometimes makes the smallest raise the rational model says
        everyone drops to."""
        pers = self.personality
        options = bet_options(view, legal, self.call_chances())
        me = view["seat"]
        to_call = view.get("to_call", view["current_bet"] - view["wager"][me])
        margin = (pers.patience - 0.5) * 0.2 * view["min_bet"]
        # a cautious personality (risk < 0) charges its raises more, a bold one (risk > 0) less
        kelly = (KELLY + CAUTION * max(0.0, -pers.risk)) * (1.0 - max(0.0, pers.risk))
        aversion = kelly / (2.0 * max(1, view["stacks"][me] + view["contrib"][me]))

        def score(o: BetOption) -> float:
            bonus = margin if o.action.kind in ("call", "drop") else 0.0
            charge = aversion * o.spread if o.raises else 0.0  # chips are the score: no charge on a call
            return o.ev_model + bonus + self.discounts.get(o.action, 0.0) - charge

        best = max(options, key=score)
        if pers.bluff and self.chance(pers.bluff * 0.3):  # a push: trust that the others fold
            pushes = [o for o in options if o.action.kind in ("raise", "allin") and not o.callers]
            if pushes:
                best = min(pushes, key=lambda o: o.action.get("amount", 0))
        # a loose personality may pay a little for hope; none turns down a call that wins chips
        call_margin = min(0.0, (0.1 * (pers.patience - 0.5) - 0.1 * pers.risk) * to_call)
        if best.action.kind == "call" and to_call > 0 and best.ev_model < call_margin:
            best = next((o for o in options if o.action.kind == "drop"), best)
        if best.action.kind == "drop":
            calls = [o for o in options if _is_call(o, view)]
            good = max(calls, key=lambda o: o.ev_model, default=None)
            if good is not None and good.ev_model > 0.0:
                best = good
        # heads-up Hintaro is solved: keep to the actions that hold the minimax value (game.ai.hintaro_solve;
        # Better Hintaro's cap and payments in kind are not in that tree)
        if self.game_id == "hintaro" and heads_up(view):
            safe = safe_actions(view, self.equity(view), [o.action for o in options])
            if best.action not in safe:
                kept = [o for o in options if o.action in safe]
                best = max(kept, key=score) if kept else BetOption(
                    safe[0], 0.0, 0.0, (), raises=safe[0].kind in ("raise", "allin"))
        if best.raises:
            others = [s for s in range(view["seats"]) if s != me and view["in_hand"][s] and view["stacks"][s] > 0]
            self._pending = (view["round"], {s: s in best.callers for s in others})
        elif best.action.kind == "drop":
            self._pending = None
        return best.action

    def _novice_bet(
        self,
        legal: Sequence[Action],
        by_kind: dict[str, Action],
        raises: list[int],
        hope: float,
        to_call: int,
        pot: int,
        mb: int,
    ) -> Action:
        """Own dice only: raise on a standing that shows, call small bets or with hope, else drop."""
        pers = self.personality
        if raises and (hope >= 1.0 or (hope >= 0.5 and self.chance(0.3 + pers.bluff))):
            return _raise_to(pot * (1.0 if hope >= 1.0 else 0.5) * (1.0 + 0.5 * pers.risk), raises, mb)
        if to_call == 0 and "call" in by_kind:
            return by_kind["call"]
        loose = 2 + 2 * pers.risk - pers.patience
        if hope >= 0.35 or to_call <= loose * mb:
            if "call" in by_kind:
                return by_kind["call"]
            if "allin" in by_kind and hope >= 0.5:
                return by_kind["allin"]
        return by_kind.get("drop", legal[0])


def _is_call(option: BetOption, view: dict[str, Any]) -> bool:
    """The option only matches the bet: a call, or an all-in for no more than the call."""
    kind = option.action.kind
    if kind == "call":
        return True
    me = view["seat"]
    return kind == "allin" and view["stacks"][me] <= view.get("to_call", view["current_bet"] - view["wager"][me])


def _raise_to(size: float, raises: list[int], mb: int) -> Action:
    """A raise near ``size`` chips, a whole number of minimum bets, inside the legal range."""
    lo, hi = min(raises), max(raises)
    amount = round(size / mb) * mb
    return Action("raise", amount=max(lo, min(hi, amount)))


def _eligible_pot(view: dict[str, Any], mine: int) -> float:
    """The chips a seat going all-in for a total of ``mine`` could win, if every live seat calls."""
    total = float(view["carry"])
    cur = view["current_bet"]
    for s in range(view["seats"]):
        if s == view["seat"]:
            total += mine
            continue
        put = view["contrib"][s]
        if view["in_hand"][s]:
            put = min(put + max(0, cur - view["wager"][s]), put + view["stacks"][s])
        total += min(put, mine)
    return total


def make_hintaro_agent(game_id: str, level: str, personality: Personality, seed: int | None = None) -> HintaroAgent:
    return HintaroAgent(game_id, level, personality, seed)


register_policy("hintaro", make_hintaro_agent)
