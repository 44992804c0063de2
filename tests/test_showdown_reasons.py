"""Every round_over says why (a reason code from the engine), and the screen has words for every code."""

from __future__ import annotations

import random

import pytest

from game.engine import GAMES, create
from game.engine.showdown import REASON_CODES
from game.ui.showdown_words import has_words, showdown_words


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_reason_code_has_words(game_id: str) -> None:
    for code in REASON_CODES[game_id]:
        assert has_words(game_id, code), (game_id, code)
        words = showdown_words(game_id, code, {})
        assert words and "_" not in words, (game_id, code)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_round_over_carries_a_known_reason(game_id: str) -> None:
    seen: set[str] = set()
    for seed in range(3):
        state = create(game_id, seats=3 if game_id != "street_hintaro" else 2, seed=seed, options={"rounds": 4})
        rng = random.Random(seed)
        steps = 0
        while not state.is_over and steps < 3000:
            steps += 1
            for ev in state.apply(rng.choice(state.legal_actions())):
                if ev.kind == "round_over":
                    assert ev.data["reason"] in REASON_CODES[game_id], ev.data
                    assert isinstance(ev.data["params"], dict)
                    seen.add(ev.data["reason"])
                    if game_id == "kinzo":
                        code = ev.data["reason"]
                        assert (code == "jackpot") == (ev.data["jackpot"] is not None)
    assert seen


def test_words() -> None:
    assert showdown_words("sabacc_house", "more_cards", {"standing": "Sabacc", "cards": 5, "other": 4}) == (
        "Equal Sabacc: five cards beat four")
    assert showdown_words("nepunian_spike", "positive_total", {"standing": "Nulrhek", "total": 1, "other": -1}) == (
        "Equal Nulrhek: the positive total wins (+1 over −1)")
    assert showdown_words("kinzo", "survived", {"count": 1, "dealer_total": 14}).startswith("1 hand survived")
    assert showdown_words("hintaro", "no_such_code", {}) == ""


def test_the_reason_shown_is_the_one_against_the_player_at_the_screen() -> None:
    """Play report item 4: a player who lost reads why the winner beat *their* hand; a watcher or a winner reads
    the round's reason (the winner against the runner-up)."""
    from game.ui.showdown_words import round_why

    d = {"reason": "larger_size_sum", "params": {"standing": "Sabacc", "sum": 22, "other": 12},
         "against": [["more_cards", {"standing": "Sabacc", "cards": 5, "other": 4}], None, None]}
    assert round_why("sabacc_house", d, 0) == "Equal Sabacc: five cards beat your four"
    assert round_why("sabacc_house", d, 1) == "Equal Sabacc: the larger sum of card sizes wins (22 to 12)"
    assert round_why("sabacc_house", d, None) == round_why("sabacc_house", d, 1)
    plain = {"reason": "nobody_stands", "params": {}}
    assert round_why("hintaro", plain, 0) == showdown_words("hintaro", "nobody_stands")
