"""The levels' strength, measured live from seeded heads-up sessions (nothing hard-coded).

Each check plays many short sessions with the seats swapped every session and asks the 95 % confidence
interval of chips won per round (one cluster per session, see :func:`game.measure.ai.ratio_ci`) to clear zero.
"""

from __future__ import annotations

import pytest

from game.measure.ai import play_match, street_mistakes

SEED = 2024


def _per_round(game_id: str, hero: str, villain: str, sessions: int, rounds: int) -> tuple[float, float, float]:
    return play_match(game_id, hero, villain, sessions, rounds, seed=SEED, timed=False).per_round()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hero", "villain", "sessions"),
    [("shark", "regular", 400), ("regular", "novice", 300), ("novice", "random", 100)],
)
def test_hintaro_each_level_beats_the_one_below(hero, villain, sessions):
    """shark > regular > novice > random, each with its 95 % interval above zero."""
    mean, low, high = _per_round("hintaro", hero, villain, sessions, 20)
    assert low > 0, f"{hero} vs {villain}: {mean:.2f} chips/round, 95% CI [{low:.2f}, {high:.2f}]"


@pytest.mark.slow
@pytest.mark.parametrize("level", ["novice", "regular", "shark"])
def test_street_no_level_loses_to_passive(level):
    """Once thrown the cubes are even, and passive never raises: no level may be significantly behind."""
    mean, low, high = _per_round("street_hintaro", level, "passive", 300, 10)
    assert high >= 0, f"{level} vs passive: {mean:.2f} chips/round, 95% CI [{low:.2f}, {high:.2f}]"


@pytest.mark.slow
@pytest.mark.parametrize("weaker", ["regular", "novice"])
def test_street_weaker_levels_pay_for_their_concessions(weaker):
    """Against the shark (which raises every hand it may), the weaker levels concede hands worth calling:
    the exact value they give up is positive, and their chip loss is significant."""
    mistakes = street_mistakes(weaker, "shark", 500, 10, seed=SEED)
    assert mistakes["concessions"] > 0 and mistakes["forfeited_per_round"] > 0
    if weaker == "regular":  # its one mistake: a tie-bound hand looks like a hand that wins nothing
        assert mistakes["tie_bound_concessions"] == mistakes["concessions"]
    mean, low, high = _per_round("street_hintaro", "shark", weaker, 500, 10)
    assert low > 0, f"shark vs {weaker}: {mean:.2f} chips/round, 95% CI [{low:.2f}, {high:.2f}]"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hero", "villain", "sessions"),
    [("shark", "regular", 40), ("regular", "novice", 60), ("novice", "random", 60)],
)
def test_kinzo_each_level_beats_the_one_below(hero, villain, sessions):
    """Kinzo with every stake fixed at 10 (limit = minimum), so only the play (stay, hit, split) counts."""
    result = play_match("kinzo", hero, villain, sessions, 20, seed=SEED, timed=False,
                        options={"limit": 10, "min_stake": 10})
    mean, low, high = result.per_round()
    assert low > 0, f"{hero} vs {villain}: {mean:.2f} chips/round, 95% CI [{low:.2f}, {high:.2f}]"
