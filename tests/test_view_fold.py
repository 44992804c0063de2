"""Engine contract v2, checked at every step of random playouts of every game, seat and the spectator:

* **Views are folds.** Folding ``reduce_view`` over the visible parts of the events a step returned, from the
  view before the step, gives exactly (JSON-equal) ``state.view(seat)`` after it; the reducer never mutates
  the view or the event it is given.
* **The event catalogue holds.** Every emitted event's kind is in ``event_kinds(game)`` and its public data
  carries exactly the fields the catalogue lists.
* **Refusals carry codes.** Forged and illegal actions (a bool or a float where a whole number belongs, a
  foreign kind, an amount out of range, another seat's turn) raise ``IllegalAction`` with a code the game
  lists, and the state stays as it was.
* **Copies, never aliases.** Mutating a view or a clone, as deep as it goes, never changes the state.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.engine import GAMES, Action, IllegalAction, create, event_kinds, reduce_view, refusal_codes
from game.engine.core import Rng


def _seat_counts(game_id: str) -> list[int]:
    cls = GAMES[game_id]
    wanted = {2, 3, 4, min(cls.max_seats, 6)}
    return sorted(n for n in wanted if cls.min_seats <= n <= cls.max_seats)


CASES = [(g, n) for g in sorted(GAMES) for n in _seat_counts(g)]


def _norm(value: Any) -> Any:
    return json.loads(json.dumps(value, sort_keys=True))


def _differences(got: Any, want: Any, where: str = "view") -> list[str]:
    """Where two JSON values differ, as paths (the first few), so a failing fold names the field."""
    if isinstance(got, dict) and isinstance(want, dict):
        out: list[str] = []
        for k in sorted(set(got) | set(want), key=str):
            if k not in got:
                out.append(f"{where}.{k} missing (want {want[k]!r})")
            elif k not in want:
                out.append(f"{where}.{k} extra ({got[k]!r})")
            else:
                out += _differences(got[k], want[k], f"{where}.{k}")
        return out
    if isinstance(got, list) and isinstance(want, list) and len(got) == len(want):
        out = []
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            out += _differences(g, w, f"{where}[{i}]")
        return out
    return [] if got == want else [f"{where}: got {got!r}, want {want!r}"]


def _mutate_deeply(value: Any) -> None:
    """Change every container inside ``value`` (append, add a key), as a careless consumer would."""
    if isinstance(value, dict):
        for v in list(value.values()):
            _mutate_deeply(v)
        value["__mutated__"] = True
    elif isinstance(value, list):
        for v in value:
            _mutate_deeply(v)
        value.append("__mutated__")
    elif isinstance(value, set):
        value.add("__mutated__")


def _fold_step(state, action: Action, kinds: dict[str, tuple[str, ...]]) -> None:
    viewers = [None, *range(state.n)]
    before = {v: state.view(v) for v in viewers}
    events = state.apply(action)
    for e in events:
        assert e.kind in kinds, f"event kind {e.kind!r} is not in event_kinds({state.game_id!r})"
        assert set(e.data) == set(kinds[e.kind]), (
            f"{e.kind} carries {sorted(e.data)}, the catalogue lists {sorted(kinds[e.kind])}"
        )
    for viewer in viewers:
        view = before[viewer]
        for e in events:
            seen = e.visible_to(viewer)
            frozen_view, frozen_event = json.dumps(view, sort_keys=True), json.dumps(seen, sort_keys=True)
            new = reduce_view(view, seen)
            assert json.dumps(view, sort_keys=True) == frozen_view, f"reduce_view mutated the view ({e.kind})"
            assert json.dumps(seen, sort_keys=True) == frozen_event, f"reduce_view mutated the event ({e.kind})"
            assert new is not view
            view = new
        diffs = _differences(_norm(view), _norm(state.view(viewer)))
        assert not diffs, (
            f"seat {viewer}: folding {[e.kind for e in events]} after {action!r} (step {len(state.actions)}) "
            f"differs from the view: " + "; ".join(diffs[:6])
        )


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_every_view_is_the_fold_of_the_events_its_seat_saw(game_id: str, seats: int) -> None:
    kinds = event_kinds(game_id)
    rng = Rng(seats * 7 + len(game_id))
    for seed in range(3):
        state = create(game_id, seats=seats, seed=seed, options={"rounds": 4})
        for e in state.opening_events:
            assert e.kind in kinds and set(e.data) == set(kinds[e.kind]), f"opening event {e.kind} off catalogue"
        steps = 0
        while not state.is_over:
            legal = state.legal_actions()
            _fold_step(state, legal[rng.below(len(legal))], kinds)
            steps += 1
            assert steps < 20000, "the session does not end"


def _forged(kind: str, **fields: Any) -> Action:
    """An Action whose fields skip the constructor's checks, as a hand-edited save or a hostile client could."""
    a = Action(kind)
    object.__setattr__(a, "fields", tuple(sorted(fields.items())))
    object.__setattr__(a, "_hash", hash((kind, tuple(fields.items()))))
    return a


def _wrong_versions(action: Action) -> list[Action]:
    """The same action with each whole-number field made a bool or a float."""
    out = []
    for name, value in action.fields:
        if type(value) is int:
            for bad in (bool(value), float(value)):
                fields = dict(action.fields)
                fields[name] = bad
                out.append(_forged(action.kind, **fields))
    return out


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_refusals_carry_codes_and_change_nothing(game_id: str, seats: int) -> None:
    codes = refusal_codes(game_id)
    rng = Rng(11 + seats)
    state = create(game_id, seats=seats, seed=5, options={"rounds": 3})
    seen: set[str] = set()

    def refused(action: Any, seat: int | None = None) -> None:
        before = state.to_json(), [state.view(v) for v in (None, *range(state.n))]
        with pytest.raises(IllegalAction) as info:
            state.apply(action, seat)
        err = info.value
        assert err.code in codes, f"{action!r}: refusal code {err.code!r} is not listed for {game_id}"
        assert isinstance(err.params, dict) and str(err)
        assert (state.to_json(), [state.view(v) for v in (None, *range(state.n))]) == before
        seen.add(err.code)

    steps = 0
    while not state.is_over and steps < 80:
        legal = state.legal_actions()
        for action in legal:
            for bad in _wrong_versions(action):
                refused(bad)
        for action in (Action("fly-away"), Action("raise", amount=10**12), Action("call", amount="lots")):
            if action not in legal:
                refused(action)
        refused(legal[0], seat=(state.current_seat + 1) % state.n)
        state.apply(legal[rng.below(len(legal))])
        steps += 1
    assert {"unknown_action", "not_your_turn", "malformed_action"} <= seen


def test_a_bool_or_float_is_never_a_whole_number() -> None:
    state = create("hintaro", seats=2, seed=1)
    while not any(a.kind == "reroll" for a in state.legal_actions()):
        state.apply(Action("call"))  # (the first legal action is a drop: the round would never reach rerolls)
    reroll = next(a for a in state.legal_actions() if a.kind == "reroll")
    for bad in (Action("reroll", die=bool(reroll.die)), _forged("reroll", die=float(reroll.die))):
        before = state.to_json()
        with pytest.raises(IllegalAction) as info:
            state.apply(bad)
        assert info.value.code in ("malformed_action", "not_allowed_now", "unknown_action")
        assert state.to_json() == before
    assert Action("reroll", die=True) != Action("reroll", die=1)


@pytest.mark.parametrize(("game_id", "seats"), [(g, 3 if GAMES[g].max_seats >= 3 else 2) for g in sorted(GAMES)])
def test_views_and_clones_are_copies_never_aliases(game_id: str, seats: int) -> None:
    rng = Rng(3)
    state = create(game_id, seats=seats, seed=9, options={"rounds": 3})
    steps = 0
    while not state.is_over and steps < 200:
        if steps % 5 == 0:
            save = state.to_json()
            views = [_norm(state.view(v)) for v in (None, *range(state.n))]
            for v in (None, *range(state.n)):
                _mutate_deeply(state.view(v))
            clone = state.clone()
            for value in clone.__dict__.values():
                _mutate_deeply(value)
            assert [_norm(state.view(v)) for v in (None, *range(state.n))] == views, "a view or clone aliased state"
            assert state.to_json() == save
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        steps += 1
