"""Street Hintaro, exactly: why no strategy beats a seat that never concedes (issue 17).

The gauntlet asks the shark to beat every fixed strategy. In Street Hintaro six entries of the list (``maniac``,
``station``, ``minraiser``, ``rock@0.5``, ``value`` and ``shove@0.40``) cannot be beaten by anyone, and this
module proves it by exact computation on the engine itself.

**What a seat knows when it bets.** The opening bet and its answer come before any cube is thrown: nothing is
known. The raise and its answer come after both seats have thrown their own cubes (public) and before the
shared cube. A seat with ``r`` red cubes against ``q`` scores ``1 + r`` against ``1 + q`` on a red shared cube
and ``3 - r`` against ``3 - q`` on a blue one, so when ``r != q`` each colour favours a different seat (an even
coin flip) and when ``r == q`` the round ties whatever falls. :func:`showdown_table` enumerates this exactly
(both scoring rules): **in every position a seat's chance to win equals its chance to lose.**

**Why that makes every strategy even against a seat that never concedes.** If neither seat concedes, every
chip in a pot was matched (the opening bet is called, the raise is called, carried wagers were matched when
they were bet), so both seats own half of every pot; and the shared cube that settles it is independent of
every decision, so the pot goes either way with equal chance. A seat's stack plus its half of the carried
wagers is therefore a martingale whatever either seat bets, and a session (bounded rounds, bounded chips)
ends at expectation zero, with its last carried wagers handed back half each. The only way chips move in
expectation is a concession, and only the conceder loses by it. So against a seat that never concedes, every
strategy of ours that never concedes has expectation exactly 0 and any concession only costs.

:func:`session_value` checks that on the real engine: it plays a whole session by backward induction, every
cube enumerated with its exact probability (as :class:`fractions.Fraction`), the opponent answering through
its own ``choose`` from its view, and our seat choosing every legal action and, where ``every_amount`` is set,
every whole amount the rules allow. The best of all our strategies and the worst of those that never concede
come out exactly equal to 0 against the six entries above, so there is nothing a best response, or a table
reader, can win from them. Against a seat that does concede (``rock@0.6`` and up, ``strongcaller``: their
chance, win plus half a tie, is always exactly 0.5), the best response is exact too, and the shark's own play
reaches it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from typing import Any, cast

from game.ai import make_agent
from game.engine import create
from game.engine.core import Action, Rng, act
from game.engine.street_hintaro import CUBE_FACES, StreetHintaro, score, showdown

GAME = "street_hintaro"
#: each distinct cube face: (its index on the cube, its exact chance)
FACES: tuple[tuple[int, Fraction], ...] = tuple(
    (CUBE_FACES.index(f), Fraction(CUBE_FACES.count(f), len(CUBE_FACES))) for f in dict.fromkeys(CUBE_FACES)
)
#: how our seat picks in :func:`session_value`: the best of every strategy, the worst of those that never
#: concede, or the shark's own choice
MODES: tuple[str, ...] = ("best", "worst_calling", "shark")

Policy = Callable[[dict[str, Any], Sequence[Action]], Action]


def showdown_table(low_wins: bool = False) -> dict[tuple[int, int], tuple[Fraction, Fraction, Fraction]]:
    """(win, tie, lose) for a seat holding ``r`` red cubes against ``q``, for every ``(r, q)``, over the shared
    cube, exactly, scored by the engine's own :func:`~game.engine.street_hintaro.score` and ``showdown``."""
    table: dict[tuple[int, int], tuple[Fraction, Fraction, Fraction]] = {}
    for r in range(3):
        for q in range(3):
            mine = ["red"] * r + ["blue"] * (2 - r)
            theirs = ["red"] * q + ["blue"] * (2 - q)
            win = tie = lose = Fraction(0)
            for index, p in FACES:
                face = CUBE_FACES[index]
                winners, _why, _params = showdown([score(mine, face), score(theirs, face)], low_wins)
                if not winners:
                    tie += p
                elif winners[0] == 0:
                    win += p
                else:
                    lose += p
            table[(r, q)] = (win, tie, lose)
    return table


class _Scripted:
    """Stands in for the table's generator for one throw: hands out the given draws, in order."""

    __slots__ = ("draws",)

    def __init__(self, draws: Sequence[int]) -> None:
        self.draws = list(draws)

    def below(self, n: int) -> int:
        if not self.draws:
            raise RuntimeError("the engine drew more chance than this throw was given")
        draw = self.draws.pop(0)
        if not 0 <= draw < n:
            raise RuntimeError(f"scripted draw {draw} outside range({n})")
        return draw


def _throws(state: StreetHintaro) -> list[tuple[Fraction, StreetHintaro]]:
    """Every way the throw now due can fall (two own cubes, or the shared one), each with its exact chance."""
    cubes = 2 if state.phase == "throw" else 1
    outcomes: list[tuple[Fraction, list[int]]] = [(Fraction(1), [])]
    for _ in range(cubes):
        outcomes = [(p * q, [*draws, i]) for p, draws in outcomes for i, q in FACES]
    out: list[tuple[Fraction, StreetHintaro]] = []
    for p, draws in outcomes:
        child = cast(StreetHintaro, state.clone())
        script = _Scripted(draws)
        child.rng = script  # type: ignore[assignment]  # duck-typed: only ``below`` is used by a throw
        child.apply(act("throw"))
        if script.draws:
            raise RuntimeError("the engine drew less chance than a throw takes")
        child.rng = Rng(0)  # never drawn from: every later throw is scripted again
        out.append((p, child))
    return out


def _key(state: StreetHintaro) -> tuple[Any, ...]:
    """Everything that decides the rest of the session. A seat's cubes are keyed in sorted order: the rules
    score them by colour count, and so do the strategies valued here (the gauntlet's chance, the shark's
    odds), so red-blue and blue-red lead to the same values and share one entry."""
    return (state.round_no, state.first, state.phase, state.current_seat, tuple(state.stacks),
            tuple(state.contrib), state.carry, tuple(tuple(sorted(c)) for c in state.cubes), state.raised)


def _choices(state: StreetHintaro, mode: str, every_amount: bool) -> list[Action]:
    """Our seat's options in ``mode``: the offered actions, or every whole amount in range; no concession
    in ``worst_calling``."""
    legal = state.legal_actions()
    if every_amount:
        sized = [a for a in legal if a.kind in ("bet", "raise")]
        if sized:
            kind = sized[0].kind
            rng = state.amount_range(kind)
            assert rng is not None
            legal = [a for a in legal if a.kind not in ("bet", "raise")]
            legal += [act(kind, amount) for amount in range(rng[0], rng[1] + 1)]
    if mode == "worst_calling":
        legal = [a for a in legal if a.kind != "concede"]
    return legal


def session_value(opponent: str | Policy, mode: str = "best", *, our_seat: int = 0, stack: int = 100,
                  rounds: int = 4, min_bet: int = 10, low_wins: bool = False, every_amount: bool = False,
                  ) -> Fraction:
    """Our seat's exact expected chips at the end of a whole session (from its starting stack) against
    ``opponent`` (a gauntlet name, ``shark``, ``passive``, or a ``choose(view, legal)`` callable), playing as
    ``mode`` says:

    * ``best``: the most any strategy of ours can expect (a best response: every legal action at every node);
    * ``worst_calling``: the least a strategy of ours that never concedes can expect;
    * ``shark``: what the shark's own play expects.

    ``every_amount`` lets our bets and raises take every whole amount the rules allow, not only the four the
    table offers (keep the stack small then: the tree grows with it). The opponent must be deterministic and
    memoryless (every gauntlet rule and the shark are): each of its views is asked once.
    """
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; the modes are: {', '.join(MODES)}")
    if our_seat not in (0, 1):
        raise ValueError(f"Street Hintaro seats 0 and 1, not {our_seat!r}")
    if rounds < 1:
        raise ValueError("an exact session needs a round limit of 1 or more (rounds 0 would never end)")
    if callable(opponent):
        theirs: Policy = opponent
    else:
        theirs = _agent(opponent).choose
    shark = make_agent("shark", GAME, seed=1) if mode == "shark" else None
    root = create(GAME, seats=2, seed=0, options={"stack": stack, "rounds": rounds, "min_bet": min_bet,
                                                  "low_wins": low_wins})
    assert isinstance(root, StreetHintaro)
    start = stack
    memo: dict[tuple[Any, ...], Fraction] = {}
    pick = max if mode == "best" else min

    def value(state: StreetHintaro) -> Fraction:
        seat = state.current_seat
        if seat is None:
            return Fraction(state.stacks[our_seat] - start)
        key = _key(state)
        hit = memo.get(key)
        if hit is not None:
            return hit
        if state.phase in ("throw", "shared"):
            v = sum((p * value(child) for p, child in _throws(state)), Fraction(0))
        elif seat != our_seat or shark is not None:
            chooser = theirs if seat != our_seat else shark.choose  # type: ignore[union-attr]
            child = cast(StreetHintaro, state.clone())
            child.apply(chooser(state.view(seat), state.legal_actions()))
            v = value(child)
        else:
            options = []
            for action in _choices(state, mode, every_amount):
                child = cast(StreetHintaro, state.clone())
                child.apply(action)
                options.append(value(child))
            v = pick(options)
        memo[key] = v
        return v

    return value(root)


#: the agents besides the gauntlet's rules that choose without chance (the novice, the regular and ``random``
#: draw from their own generators, so a value against them would hold for one run of draws only)
DETERMINISTIC: tuple[str, ...] = ("shark", "passive")


def _agent(name: str) -> Any:
    """A gauntlet strategy or a deterministic agent by name (the bench's names)."""
    from game.measure.gauntlet import gauntlet_agent, is_gauntlet_name

    if is_gauntlet_name(name):
        return gauntlet_agent(name, GAME, seed=1)
    if name not in DETERMINISTIC:
        raise ValueError(f"{name!r} cannot be valued exactly: it is no gauntlet rule and not one of the agents that "
                         f"choose without chance ({', '.join(DETERMINISTIC)})")
    return make_agent(name, GAME, seed=1)


def exact_entry(opponent: str, *, stack: int = 100, rounds: int = 4, min_bet: int = 10,
                every_amount: bool = False) -> dict[str, Any]:
    """For one opponent, averaged over both seats (the first seat of the first round alternates in the bench):
    the best response's, the worst non-conceding strategy's and the shark's exact expectation a session,
    and whether the opponent is provably even (best and worst both exactly 0)."""
    values: dict[str, Fraction] = {}
    for mode in MODES:
        values[mode] = sum((session_value(opponent, mode, our_seat=s, stack=stack, rounds=rounds,
                                          min_bet=min_bet, every_amount=every_amount) for s in (0, 1)),
                           Fraction(0)) / 2
    return {"strategy": opponent, "best": values["best"], "worst_calling": values["worst_calling"],
            "shark": values["shark"], "even": values["best"] == 0 and values["worst_calling"] == 0}


#: the table :func:`proven_even` solves: small enough that every whole amount of every bet and raise is tried
EVEN_TABLE: dict[str, int] = {"stack": 5, "min_bet": 1, "rounds": 3}


@cache
def proven_even(opponent: str) -> bool:
    """True when ``opponent`` (a gauntlet name, ``shark`` or ``passive``) is provably even: from either seat, at
    :data:`EVEN_TABLE` with every amount tried, the best of all our strategies expects exactly 0 and the worst
    of those that never concede expects exactly 0 too, so no strategy can beat it and none can lose to it
    without conceding. The module notes say why that holds at every table for a seat that never concedes."""
    for seat in (0, 1):
        for mode in ("best", "worst_calling"):
            if session_value(opponent, mode, our_seat=seat, every_amount=True, stack=EVEN_TABLE["stack"],
                             min_bet=EVEN_TABLE["min_bet"], rounds=EVEN_TABLE["rounds"]) != 0:
                return False
    return True
