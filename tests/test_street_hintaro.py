"""Street Hintaro and Cantina Hintaro, rule by rule (RULINGS.md "Street Hintaro and Cantina Hintaro")."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from game.engine import Action, IllegalAction, create
from game.engine.street_hintaro import CUBE_FACES, score
from game.measure.simulate import simulate
from tests.helpers import ScriptedRng, kinds, play

RED, BLUE = 0, 3  # indexes of a red and a blue face in CUBE_FACES


def table(script=(), **options):
    state = create("street_hintaro", seats=2, seed=1, options={"rounds": 5, **options})
    state.rng = ScriptedRng(script)
    return state


def test_ruling_two_seats_and_three_red_three_blue_faces() -> None:
    assert sorted(CUBE_FACES) == ["blue"] * 3 + ["red"] * 3
    with pytest.raises(ValueError):
        create("street_hintaro", seats=3)


@pytest.mark.parametrize(("own", "shared", "points"), [
    (("red", "red"), "red", 3), (("blue", "blue"), "blue", 3),
    (("red", "blue"), "red", 2), (("blue", "red"), "blue", 2),
    (("red", "red"), "blue", 1), (("blue", "blue"), "red", 1),
])
def test_ruling_score_is_one_plus_own_cubes_matching_the_shared_cube(own, shared, points) -> None:
    assert score(own, shared) == points


def test_ruling_betting_flow_bet_match_throw_raise_once_call_shared() -> None:
    # seat 0 throws RR, seat 1 throws RB, shared cube red: 3 against 2
    state = table(script=[RED, RED, RED, BLUE, RED])
    assert state.current_seat == 0 and {a.kind for a in state.legal_actions()} == {"bet"}
    play(state, Action("bet", amount=20))
    assert state.current_seat == 1 and {a.kind for a in state.legal_actions()} == {"call", "concede"}
    play(state, "call", "throw", "throw")
    assert state.current_seat == 0 and {a.kind for a in state.legal_actions()} == {"check", "raise"}
    play(state, Action("raise", amount=30))
    with pytest.raises(IllegalAction):
        state.apply(Action("raise", amount=30)), "the raise happens once"
    events = play(state, "call", "throw")
    won = [e for e in events if e.kind == "pot_won"]
    assert [(e.seat, e.data["amount"]) for e in won] == [(0, 100)]
    assert state.stacks == [1050, 950]


def test_ruling_concede_gives_the_pot_to_the_first_seat() -> None:
    state = table()
    events = play(state, Action("bet", amount=10), "concede")
    assert [e.seat for e in events if e.kind == "pot_won"] == [0]
    assert state.stacks == [1000, 1000]


def test_ruling_cantina_hintaro_lower_score_wins() -> None:
    state = table(script=[RED, RED, RED, BLUE, RED], low_wins=True)
    events = play(state, Action("bet", amount=20), "call", "throw", "throw", "check", "throw")
    assert [e.seat for e in events if e.kind == "pot_won"] == [1]


def test_ruling_tie_carries_all_wagers_to_next_round() -> None:
    state = table(script=[RED, BLUE, BLUE, RED, RED])  # RB vs BR: 2 and 2
    events = play(state, Action("bet", amount=20), "call", "throw", "throw", "check", "throw")
    assert "pot_carried" in kinds(events)
    assert state.view(None)["carry"] == 40
    assert state.chip_total() == 2000


def test_ruling_first_seat_alternates_each_round() -> None:
    state = table()
    firsts = [state.current_seat]
    for _ in range(3):
        play(state, Action("bet", amount=10), "concede")
        firsts.append(state.current_seat)
    assert firsts == [0, 1, 0, 1]


def test_ruling_betting_off_moves_no_chips() -> None:
    state = table(betting=False)
    while not state.is_over:
        assert {a.kind for a in state.legal_actions()} == {"throw"}
        state.apply(Action("throw"))
    assert state.stacks == [1000, 1000]


def test_betting_off_needs_a_round_limit() -> None:
    """With betting off no chips move, so "play until one seat holds every chip" would never end: refused."""
    with pytest.raises(ValueError) as info:
        create("street_hintaro", seats=2, options={"betting": False, "rounds": 0})
    assert "'betting'" in str(info.value) and "'rounds'" in str(info.value)
    assert not create("street_hintaro", seats=2, options={"betting": False, "rounds": 3}).is_over
    assert not create("street_hintaro", seats=2, options={"betting": True, "rounds": 0}).is_over


def test_tied_wagers_left_at_the_sessions_end_go_back_to_the_seats_that_put_them_in() -> None:
    state = table(script=[RED, BLUE, BLUE, RED, RED], rounds=1)  # RB vs BR: a tie
    events = play(state, Action("bet", amount=20), "call", "throw", "throw", "check", "throw")
    assert state.is_over
    assert [e.data["amounts"] for e in events if e.kind == "carry_returned"] == [[20, 20]]
    assert state.stacks == [1000, 1000]


def test_a_seat_that_went_all_in_on_a_tie_plays_the_next_round_for_the_carried_wagers() -> None:
    # seat 1 stakes its last 40 and ties: it has no chips, but half the carried 80 is its own
    state = table(script=[RED, BLUE, BLUE, RED, RED,  # round 1: RB vs BR, a tie
                          RED, RED, BLUE, BLUE, RED])  # round 2: seat 1 throws RR, seat 0 BB, shared red
    state.stacks = [1000, 40]
    play(state, Action("bet", amount=40), "call", "throw", "throw")
    assert state.view(None)["phase"] == "shared", "no raise: seat 1 has nothing left to call it with"
    play(state, "throw")
    assert state.stacks == [960, 0] and state.view(None)["carry"] == 80
    assert not state.is_over, "the carried wagers are played for"
    assert state.current_seat == 1 and state.legal_actions() == [Action("throw")], "no chips to bet: throws only"
    events = play(state, "throw", "throw", "throw")
    assert [(e.seat, e.data["amount"]) for e in events if e.kind == "pot_won"] == [(1, 80)]
    assert state.stacks == [960, 80]
    assert not state.is_over and state.view(None)["phase"] == "bet", "both seats hold chips: betting resumes"


def test_view_last_result_is_a_copy() -> None:
    state = table()
    play(state, Action("bet", amount=10), "concede")
    shown = state.view(0)["last_result"]
    assert shown == {"round": 1, "conceded": 1, "winner": 0, "scores": None}
    shown["winner"] = 1
    assert state.view(0)["last_result"]["winner"] == 0


def test_bets_stay_within_what_the_poorer_seat_holds() -> None:
    state = table()
    state.stacks = [1000, 40]
    assert state.amount_range("bet") == (10, 40)
    with pytest.raises(IllegalAction, match="between 10 and 40"):
        state.apply(Action("bet", amount=50))


def exact_tie_probability() -> Fraction:
    ties = 0
    for cubes in itertools.product(CUBE_FACES, repeat=5):
        ties += score(cubes[0:2], cubes[4]) == score(cubes[2:4], cubes[4])
    return Fraction(ties, 6**5)


def test_exact_tie_probability_matches_seeded_play() -> None:
    """A tie needs both seats to match the shared colour equally: derived by hand as 3/8."""
    p = exact_tie_probability()
    # by colour counts: both 2 matches (1/16), both 1 (1/4), both 0 (1/16)
    assert p == Fraction(1, 16) + Fraction(1, 4) + Fraction(1, 16)
    rounds = 6000
    result = simulate("street_hintaro", seats=2, rounds=rounds, seed=3, agents=["passive"])
    expected = float(p) * rounds
    sigma = math.sqrt(rounds * float(p) * (1 - float(p)))
    assert abs(result["carried"] - expected) < 4.5 * sigma
    assert result["ranks"]["Score 2"] == pytest.approx(rounds, rel=0.08), "P(score 2) = 1/2 for each of 2 seats"


# ------------------------------------------------------------------------------------- engine contract v2
@pytest.mark.parametrize("options", [{"rounds": 0, "stack": 40}, {"rounds": 12, "low_wins": True},
                                     {"rounds": 10, "betting": False}, {"rounds": 8, "stack": 35, "min_bet": 20}])
def test_views_fold_with_every_option(options) -> None:
    """Cantina rules, betting off and short stacks fold too (the contract test plays the defaults only)."""
    from game.engine import event_kinds
    from game.engine.core import Rng
    from tests.test_view_fold import _fold_step

    catalogue = event_kinds("street_hintaro")
    for seed in range(4):
        rng = Rng(seed + 17)
        state = create("street_hintaro", seats=2, seed=seed, options=options)
        while not state.is_over:
            legal = state.legal_actions()
            _fold_step(state, legal[rng.below(len(legal))], catalogue)


def test_every_event_kind_is_seen_and_folds() -> None:
    from game.engine import event_kinds, reduce_view
    from game.engine.core import Rng

    seen: set[str] = set()
    rng = Rng(2)
    for seed in range(30):
        state = create("street_hintaro", seats=2, seed=seed, options={"rounds": 3})
        view = state.view(0)
        while not state.is_over:
            legal = state.legal_actions()
            for e in state.apply(legal[rng.below(len(legal))]):
                seen.add(e.kind)
                view = reduce_view(view, e.visible_to(0))
            assert view == state.view(0)
    assert seen == set(event_kinds("street_hintaro"))


def test_the_last_result_in_a_view_is_a_copy() -> None:
    state = table(script=[RED, RED, RED, BLUE, RED])
    play(state, Action("bet", amount=20), "call", "throw", "throw", "check", "throw")
    view = state.view(0)
    assert view["last_result"] == {"round": 1, "conceded": None, "winner": 0, "scores": [3, 2], "shared": "red",
                                   "cubes": [["red", "red"], ["red", "blue"]]}
    view["last_result"]["cubes"][0].append("blue")
    view["last_result"]["winner"] = 1
    assert state.view(0)["last_result"]["winner"] == 0
    assert state.view(0)["last_result"]["cubes"][0] == ["red", "red"]


def test_the_round_end_events_name_the_winner() -> None:
    state = table(script=[RED, BLUE, BLUE, RED, RED])  # a tie
    events = play(state, Action("bet", amount=20), "call", "throw", "throw", "check", "throw")
    assert next(e for e in events if e.kind == "shared_thrown").data["winner"] is None
    events = play(state, Action("bet", amount=10), "concede")  # seat 1 goes first in round 2; seat 0 concedes
    assert events[1].kind == "concede" and events[1].seat == 0 and events[1].data == {"winner": 1}


# ----------------------------------------------------------------------------- why the round went its way
@pytest.mark.parametrize(("script", "low", "code", "params"), [
    ([RED, RED, RED, BLUE, RED], False, "higher_score", {"score": 3, "other": 2}),
    ([RED, RED, RED, BLUE, RED], True, "lower_score", {"score": 2, "other": 3}),
    ([RED, BLUE, BLUE, RED, RED], False, "tie", {"score": 2}),
])
def test_round_over_says_why(script, low, code, params) -> None:
    state = table(script=script, low_wins=low)
    events = play(state, Action("bet", amount=20), "call", "throw", "throw", "check", "throw")
    over = next(e for e in events if e.kind == "round_over").data
    assert (over["reason"], over["params"]) == (code, params)


def test_round_over_reason_on_a_concession() -> None:
    events = play(table(), Action("bet", amount=10), "concede")
    over = next(e for e in events if e.kind == "round_over").data
    assert (over["reason"], over["params"]) == ("conceded", {})
