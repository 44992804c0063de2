"""Street Hintaro, exactly (game.measure.street_exact): every showdown is a coin flip or a certain tie, so a
seat that never concedes cannot be beaten, and the shark is a best response to every rule of the gauntlet."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from game.ai.street import outcome_odds
from game.engine import create
from game.engine.core import Action
from game.measure.ai import play_match, ratio_ci
from game.measure.gauntlet import gauntlet_names
from game.measure.gauntlet_bench import format_gauntlet, gauntlet_bench
from game.measure.street_exact import exact_entry, proven_even, session_value, showdown_table

#: the gauntlet's rules that never concede in Street Hintaro (their chance is always exactly 0.5)
NEVER_CONCEDE = ("maniac", "station", "minraiser", "rock@0.5", "value", "shove@0.40")
#: the ones that concede every bet they face (a chance of 0.5 is below their bar)
CONCEDERS = ("rock@0.6", "rock@0.7", "rock@0.8", "rock@0.9", "strongcaller")
SMALL = {"stack": 5, "min_bet": 1, "rounds": 3}


@pytest.mark.parametrize("low_wins", [False, True])
def test_every_showdown_is_a_coin_flip_or_a_certain_tie(low_wins: bool) -> None:
    table = showdown_table(low_wins)
    assert len(table) == 9
    for (r, q), (win, tie, lose) in table.items():
        assert win + tie + lose == 1
        assert win == lose
        assert tie == (1 if r == q else 0)
        # the shark's own float odds say the same for the thrown cubes
        view = {"seat": 0, "cubes": [["red"] * r + ["blue"] * (2 - r), ["red"] * q + ["blue"] * (2 - q)],
                "shared": None, "low_wins": low_wins}
        assert outcome_odds(view) == pytest.approx((float(win), float(tie), float(lose)), abs=1e-15)


def test_a_hand_counted_session_against_a_conceder() -> None:
    """Three rounds against rock@0.6 from seat 0, min bet 10: round 1 we open and it concedes (nothing carried
    yet: 0); round 2 it opens 10, we call, it checks: a coin flip, or a tie (3/8) carrying 20; round 3 we open
    and it concedes, so we take that carry, 10 of it its chips. Exactly 3/8 x 10 = 15/4, whatever we bet."""
    for mode in ("best", "worst_calling", "shark"):
        assert session_value("rock@0.6", mode, our_seat=0, stack=100, rounds=3) == Fraction(15, 4)


@pytest.mark.parametrize("name", NEVER_CONCEDE)
def test_no_strategy_beats_a_seat_that_never_concedes(name: str) -> None:
    """Every strategy of ours, with every whole amount the rules allow, from either seat: the best expects
    exactly 0, and so does the worst that never concedes."""
    assert proven_even(name)
    for seat in (0, 1):
        assert session_value(name, "best", our_seat=seat, every_amount=True, **SMALL) == 0
        assert session_value(name, "worst_calling", our_seat=seat, every_amount=True, **SMALL) == 0
    # at the table's own sizes (the four amounts offered), a longer session
    for seat in (0, 1):
        assert session_value(name, "best", our_seat=seat, stack=100, rounds=3) == 0


@pytest.mark.parametrize("name", ["station", "maniac"])
def test_cantina_hintaro_is_even_too(name: str) -> None:
    """Under the low-score rule the coin flips only change hands, so the same holds."""
    for seat in (0, 1):
        assert session_value(name, "best", our_seat=seat, every_amount=True, low_wins=True, **SMALL) == 0
        assert session_value(name, "worst_calling", our_seat=seat, every_amount=True, low_wins=True, **SMALL) == 0


def test_no_strategy_beats_the_shark_either() -> None:
    """The shark never concedes, so the same proof covers it: a best response to it expects exactly 0."""
    for seat in (0, 1):
        assert session_value("shark", "best", our_seat=seat, every_amount=True, **SMALL) == 0
    for seat in (0, 1):
        assert session_value("shark", "best", our_seat=seat, stack=100, rounds=3) == 0


def test_the_computation_finds_an_edge_where_one_exists() -> None:
    """A seat that concedes a tie-bound hand to any raise loses chips to the best response, not to a seat that
    never raises: the search is not blind to edges."""

    def folds_ties(view: dict[str, Any], legal: list[Action]) -> Action:
        kinds = {a.kind: a for a in legal}
        if "concede" in kinds:
            a, b = view["cubes"]
            tie_bound = len(a) == len(b) == 2 and a.count("red") == b.count("red")
            return kinds["concede"] if view["phase"] == "answer" and tie_bound else kinds["call"]
        return next(a for a in legal if a.kind in ("throw", "check", "bet"))

    best = session_value(folds_ties, "best", our_seat=0, stack=100, rounds=2)
    assert best > 0
    assert session_value(folds_ties, "worst_calling", our_seat=0, stack=100, rounds=2) == 0
    assert not proven_even("rock@0.6")


@pytest.mark.parametrize("name", CONCEDERS)
def test_the_shark_is_a_best_response_to_the_conceders(name: str) -> None:
    entry = exact_entry(name, stack=100, rounds=4)
    assert entry["best"] > 0 and not entry["even"]
    assert entry["shark"] == entry["best"]


def test_exact_value_matches_play() -> None:
    """The exact expectation against rock@0.6 is what seeded play measures (within its 99.9 % interval)."""
    exact = float(exact_entry("rock@0.6", stack=100, rounds=4)["shark"])
    res = play_match("street_hintaro", "shark", "rock@0.6", 3000, 4, seed=3, timed=False, options={"stack": 100})
    mean, lo, hi = ratio_ci(res.deltas, [1] * len(res.deltas), z=3.3)
    assert lo <= exact <= hi
    assert abs(mean - exact) < 1.0


def test_the_even_rules_never_concede_at_the_bench_table() -> None:
    """The proof holds at every table for a seat that never concedes: check that these rules concede nowhere
    in the bench's own sessions (stack 1000, 20 rounds), while the conceders do."""
    conceded: dict[str, int] = {}

    def tally(name: str, _view: dict[str, Any], action: Action) -> None:
        if action.kind == "concede":
            conceded[name] = conceded.get(name, 0) + 1

    for name in (*NEVER_CONCEDE, "rock@0.6"):
        play_match("street_hintaro", "shark", name, 20, 20, seed=11, timed=False, on_decision=tally)
    assert all(conceded.get(name, 0) == 0 for name in (*NEVER_CONCEDE, "shark"))
    assert conceded.get("rock@0.6", 0) > 0


def test_bench_marks_the_even_entries() -> None:
    result = gauntlet_bench(["street_hintaro"], sessions=2, rounds=2, names=["station", "rock@0.7"], seats=(2,))
    pairs = {p["strategy"]: p for p in result["games"]["street_hintaro"]["pairs"]}
    assert pairs["station"]["even"] and not pairs["rock@0.7"]["even"]
    text = format_gauntlet(result)
    row = next(line for line in text.splitlines() if line.strip().startswith("station"))
    assert row.rstrip().endswith("=")
    assert set(gauntlet_names("street_hintaro")) == set(NEVER_CONCEDE) | set(CONCEDERS)


def test_bad_input_says_why() -> None:
    with pytest.raises(ValueError, match="modes are"):
        session_value("station", "cheat")
    with pytest.raises(ValueError, match="seats 0 and 1"):
        session_value("station", our_seat=2)
    with pytest.raises(ValueError, match="round limit"):
        session_value("station", rounds=0)
    with pytest.raises(ValueError, match="cannot be valued exactly"):
        session_value("regular")  # it plays by chance
    with pytest.raises(ValueError, match="cannot be valued exactly"):
        session_value("nobody")
    assert session_value("passive", "best", every_amount=True, **SMALL) == 0  # it never concedes
    assert create("street_hintaro", seats=2, seed=1).legal_actions()  # the engine itself is untouched
