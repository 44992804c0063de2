"""The engine contract, checked at every step of random playouts of every registered game.

At every step: chips conserved (stacks + table + house), no negative stack, legal actions non-empty for the
seat to act, ``clone()`` equal to the original, views pure JSON. At sampled steps: the save round trip
(``restore(to_json())``) reproduces every view and the legal actions, and re-dealing what a seat cannot see
(``determinize``) leaves that seat's view unchanged, so no view holds another seat's hidden information.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.engine import GAMES, Action, IllegalAction, create, restore
from game.engine.core import Rng


def _seat_counts(game_id: str) -> list[int]:
    cls = GAMES[game_id]
    counts = {cls.min_seats, min(cls.max_seats, max(cls.min_seats, 4)), cls.max_seats}
    return sorted(counts)


CASES = [(g, n) for g in sorted(GAMES) for n in _seat_counts(g)]


def _json_pure(value: object) -> bool:
    """Only JSON types (lists, not tuples; text keys): it survives a JSON round trip unchanged."""
    return json.loads(json.dumps(value)) == value


def _json_able(value: object) -> bool:
    """Serialises to JSON as it is (events may hold tuples, which JSON writes as lists)."""
    json.dumps(value, allow_nan=False)
    return True


def _check_step(state, total: int) -> None:
    assert state.chip_total() == total, "chips were created or lost"
    assert all(isinstance(s, int) and s >= 0 for s in state.stacks), f"bad stacks {state.stacks}"
    if state.current_seat is not None:
        assert state.legal_actions(), "the seat to act has no legal action"
    else:
        assert state.is_over and state.legal_actions() == []
    assert state.clone() == state


def _check_saves_and_secrets(state, k: int) -> None:
    back = restore(state.to_json())
    for seat in [None, *range(state.n)]:
        view = state.view(seat)
        assert _json_pure(view), f"view({seat}) is not pure JSON"
        assert back.view(seat) == view, f"restored view({seat}) differs"
        if seat is not None:
            other = state.determinize(seat, Rng(k * 7919 + seat))
            assert other.view(seat) == view, f"view({seat}) changed when hidden information was re-dealt"
    assert back.legal_actions() == state.legal_actions()
    assert back == state


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_random_playout_invariants(game_id: str, seats: int) -> None:
    rng = Rng(seats * 1000 + len(game_id))
    for seed in range(6):
        state = create(game_id, seats=seats, seed=seed, options={"rounds": 6})
        total = state.chip_total()
        for e in state.opening_events:
            assert _json_able(e.visible_to(None))
        step = 0
        while not state.is_over:
            _check_step(state, total)
            if step % 17 == 0:
                _check_saves_and_secrets(state, step)
            legal = state.legal_actions()
            events = state.apply(legal[rng.below(len(legal))])
            for e in events:
                for viewer in (None, *range(seats)):
                    assert _json_able(e.visible_to(viewer)), f"{e.kind} event is not JSON"
            step += 1
            assert step < 20000, "the session does not end"
        _check_step(state, total)
        _check_saves_and_secrets(state, step)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_same_seed_and_actions_give_same_events(game_id: str, seats: int) -> None:
    rng = Rng(99)
    a = create(game_id, seats=seats, seed=1234, options={"rounds": 4})
    b = create(game_id, seats=seats, seed=1234, options={"rounds": 4})
    assert [e.to_dict() for e in a.opening_events] == [e.to_dict() for e in b.opening_events]
    while not a.is_over:
        legal = a.legal_actions()
        action = legal[rng.below(len(legal))]
        assert [e.to_dict() for e in a.apply(action)] == [e.to_dict() for e in b.apply(action)]
    assert a == b and b.is_over


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_illegal_and_malformed_actions_leave_state_unchanged(game_id: str, seats: int) -> None:
    rng = Rng(5)
    state = create(game_id, seats=seats, seed=77, options={"rounds": 3})
    tried = 0
    while not state.is_over and tried < 60:
        before = state.clone()
        wrong_seat = (state.current_seat + 1) % seats if seats > 1 else None
        bad = [Action("fly-away"), Action("raise", amount=-5), Action("raise", amount=10**12),
               Action("call", amount="lots"), Action("reroll", die=9), Action("bet", amount=0.5 if False else -1)]
        for action in bad:
            if action in state.legal_actions():
                continue
            with pytest.raises(IllegalAction) as info:
                state.apply(action)
            assert str(info.value), "an illegal action must say why"
            assert state == before
        if wrong_seat is not None:
            with pytest.raises(IllegalAction, match="turn"):
                state.apply(state.legal_actions()[0], seat=wrong_seat)
            assert state == before
        with pytest.raises(IllegalAction):
            state.apply("call")  # type: ignore[arg-type]
        assert state == before
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        tried += 1
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="over"):
        state.apply(Action("call"))


def test_unknown_game_seats_and_options_are_named() -> None:
    with pytest.raises(ValueError, match="unknown game 'poker'"):
        create("poker")
    with pytest.raises(ValueError, match="seats"):
        create("hintaro", seats=9)
    with pytest.raises(ValueError, match="'colour'"):
        create("hintaro", options={"colour": "red"})
    with pytest.raises(ValueError, match="'ante'"):
        create("hintaro", options={"ante": -1})
    with pytest.raises(ValueError, match="'rounds'"):
        create("hintaro", options={"rounds": "many"})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_documents_rounds_and_stack(game_id: str) -> None:
    cls = GAMES[game_id]
    names = {o.name for o in cls.OPTIONS}
    assert {"rounds", "stack"} <= names
    assert all(o.doc for o in cls.OPTIONS), "every option says what it does"
    assert cls.title and cls.RANK_NAMES


def test_action_values_are_frozen_hashable_and_json() -> None:
    a = Action("raise", amount=20)
    assert a == Action.from_dict(json.loads(json.dumps(a.to_dict())))
    assert hash(a) == hash(Action("raise", amount=20))
    assert a.amount == 20 and a.kind == "raise"
    with pytest.raises(AttributeError):
        a.amount = 30  # type: ignore[misc]
    with pytest.raises(IllegalAction):
        Action.from_dict({"amount": 3})
    with pytest.raises(IllegalAction):
        Action("swap", cards={"a": 1})


def test_engine_never_imports_pygame() -> None:
    code = (
        "import sys; import game.engine, game.events, game.measure.simulate, game.measure.bench\n"
        "from game.engine import GAMES\n"
        "import importlib\n"
        "[importlib.import_module(c.__module__) for c in GAMES.values()]\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": "other"}',
                                  '{"format": "lost-hand-cantina/table", "version": 99}'])
def test_bad_saves_are_refused_clearly(text: str) -> None:
    from game.engine import SaveError

    with pytest.raises(SaveError):
        restore(text)


def test_tampered_save_names_the_action() -> None:
    from game.engine import SaveError

    state = create("hintaro", seats=3, seed=3)
    state.apply(state.legal_actions()[1])
    data = json.loads(state.to_json())
    data["actions"].append({"kind": "raise", "amount": 10**9})
    with pytest.raises(SaveError, match="action 2"):
        restore(json.dumps(data))
