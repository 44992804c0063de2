"""The Nepunian Spike coach reads the table as the shark does: its memory (the shark's TableReader) learns from the
coached seat's views and its own actions only, and the price of a call moves with what each seat has done."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from game.ai import make_agent
from game.ai import spike as spai
from game.ai.coach import TableCoach
from game.ai.sabacc import TableReader, answer_share
from game.engine import create
from game.engine.core import Action, Rng

GAME = "nepunian_spike"
Policy = Callable[[dict[str, Any], list[Action]], Action]


def _first(legal: list[Action], *kinds: str) -> Action | None:
    return next((a for k in kinds for a in legal if a.kind == k), None)


def raiser(view: dict[str, Any], legal: list[Action]) -> Action:
    """Bets the least it can whenever it may; otherwise stands, rolls and stays."""
    raises = sorted((a for a in legal if a.kind == "raise"), key=lambda a: a.amount)
    return raises[0] if raises else _first(legal, "call", "check", "stand", "roll", "stay") or legal[0]


def station(view: dict[str, Any], legal: list[Action]) -> Action:
    """Calls every bet, whatever it holds."""
    return _first(legal, "call", "check", "stand", "roll", "stay") or legal[0]


def folder(view: dict[str, Any], legal: list[Action]) -> Action:
    """Folds to every bet (checks when it is free)."""
    return _first(legal, "check", "fold", "stand", "roll", "stay") or legal[0]


def coached_session(policies: list[Policy | None], seed: int, rounds: int, coach: TableCoach, me: int = 0) -> int:
    """Plays a seeded table; seat ``me`` is asked the coach at each of its decisions (and tells it what it played:
    its ``policies`` entry, or the coach's best row when None); the others play their policies (None: a regular).
    Returns the coached decisions."""
    state = create(GAME, seats=len(policies), seed=seed, options={"rounds": rounds})
    regulars = [make_agent("regular", GAME, seed=seed * 10 + s) for s in range(len(policies))]
    asked = 0
    while state.current_seat is not None:
        seat = state.current_seat
        view, legal = state.view(seat), state.legal_actions()
        policy = policies[seat]
        if seat == me:
            rows = coach.advise(view, legal)
            action = policy(view, legal) if policy else next(r for r in rows if r["best"])["action"]
            coach.acted(view, action)
            asked += 1
        else:
            action = policy(view, legal) if policy else regulars[seat].choose(view, legal)
        state.apply(action)
    return asked


def test_the_coach_prices_a_seat_that_calls_every_bet_above_one_that_folds_to_them() -> None:
    """Seat 0 bets at every turn; seat 1 calls every bet, seat 2 folds to every bet. The coach's memory, fed only
    with seat 0's views and actions, reads seat 1 as a caller and seat 2 as a folder: the chance it gives each of
    calling a pot-sized bet parts from the measured prior, one up and one down, and the raise rows' chips move."""
    coach = TableCoach(GAME)
    assert coached_session([raiser, station, folder], seed=4, rounds=4, coach=coach) > 0
    memory = coach.memory(0)
    faced = {s: memory.reader.calls.get(s, [0, 0]) for s in (1, 2)}
    assert faced[1][0] >= 2 and faced[1][1] == faced[1][0], f"the caller stayed in against every bet: {faced}"
    assert faced[2][0] >= 2 and faced[2][1] == 0, f"the folder folded to every bet: {faced}"

    # the price of a pot-sized call, as the coach's rollouts answer it, seat by seat
    state = create(GAME, seats=3, seed=9, options={"rounds": 4})
    while not (state.phase == "bet" and state.current_seat == 0):
        state.apply(station(state.view(state.current_seat), state.legal_actions()))
    view = state.view(0)
    rates, _limits, _trust = spai.coach_read(view, memory.reader)
    fresh, _, _ = spai.coach_read(view, spai.coach_reader())
    assert fresh[1] == fresh[2] == pytest.approx(spai.COACH_CALL_RATE), "a table not watched: the measured rate"
    assert rates[1] > spai.COACH_CALL_RATE > rates[2]
    assert answer_share(rates[1], 30, 30) > answer_share(rates[2], 30, 30) + 0.3

    # and so the rows: the same view priced by a coach that remembers and by one that does not
    legal = state.legal_actions()
    remembered = {r["action"]: r["ev"] for r in spai.coach(view, legal, memory.reader)}
    unread = {r["action"]: r["ev"] for r in spai.coach(view, legal)}
    raises = [a for a in legal if a.kind == "raise"]
    assert raises and any(remembered[a] != pytest.approx(unread[a]) for a in raises)

    # each seat of a table has its own memory, and a new table starts with none
    assert coach.memory(1) is not memory and coach.memory(1).reader.calls == {}
    assert TableCoach(GAME).memory(0).reader.calls == {}
    assert TableCoach("hintaro").memory(0) is None
    with pytest.raises(ValueError, match="a name for every seat"):
        coach.advise(view, legal, ["Grell"])


def test_no_hidden_card_reaches_the_coachs_reader(monkeypatch) -> None:
    """Every hand total the reader is given is the sum of a hand laid open in the view the coach was asked with;
    and a coach asked with the views of the same table with every card the seat cannot see re-dealt
    (``determinize``) learns and says exactly what the coach of the real table does."""
    fed: list[tuple[dict[str, Any], dict[int, int] | None]] = []  #: (the view asked with, the totals given)
    asking: list[dict[str, Any]] = []
    real_observe = TableReader.observe

    def spy(self: TableReader, *args: Any, **kwargs: Any) -> None:
        fed.append((asking[-1], args[6] if len(args) > 6 else kwargs.get("totals")))
        real_observe(self, *args, **kwargs)

    monkeypatch.setattr(TableReader, "observe", spy)
    real, blind = TableCoach(GAME), TableCoach(GAME)
    state = create(GAME, seats=4, seed=6, options={"rounds": 5})
    regulars = [make_agent("regular", GAME, seed=60 + s) for s in range(4)]
    rng = Rng(17)
    asked = 0
    while state.current_seat is not None:
        seat = state.current_seat
        view, legal = state.view(seat), state.legal_actions()
        if seat == 0:
            redealt = state.determinize(0, rng).view(0)
            asking.append(view)
            rows = real.advise(view, legal)
            asking.append(redealt)
            assert [r["ev"] for r in blind.advise(redealt, legal)] == [r["ev"] for r in rows], view["round"]
            action = regulars[0].choose(view, legal)  # a regular's play: a seat that lasts the whole session
            real.acted(view, action)
            blind.acted(redealt, action)
            asked += 1
        else:
            action = regulars[seat].choose(view, legal)
        state.apply(action)
    assert asked > 10 and fed
    reveals = 0
    for view, totals in fed:
        if not totals:
            continue
        reveal = view["last_reveal"]
        assert reveal is not None, "a hand total without a reveal in the view"
        for s, t in totals.items():
            assert s in reveal["contenders"] and reveal["hands"][s], f"seat {s}'s hand was never laid open"
            assert t == sum(spai.values_of(reveal["hands"][s]))
            reveals += 1
    assert reveals > 0, "no reveal came up: the test saw nothing"
    assert vars(real.memory(0).reader) == vars(blind.memory(0).reader)
