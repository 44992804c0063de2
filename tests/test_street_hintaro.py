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
