"""The screen words every refusal from its code, in its own voice, never by parsing the engine's English."""

from __future__ import annotations

import pytest

from game.engine import GAMES, IllegalAction, create, refusal_codes
from game.ui.refusals import refusal_words


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_code_a_game_lists_has_words(game_id: str) -> None:
    for code in refusal_codes(game_id):
        words = refusal_words(game_id, code, {}, ["Vexa", "Grell"])
        assert words and code not in words and words[0].isupper(), (code, words)


def test_a_refusal_names_the_seat_to_act_and_the_range() -> None:
    state = create("hintaro", seats=3, seed=2)
    seat = state.current_seat
    other = (seat + 1) % 3
    with pytest.raises(IllegalAction) as info:
        state.apply(state.legal_actions()[0], seat=other)
    names = ["Vexa", "Grell", "Ondo"]
    assert refusal_words("hintaro", info.value.code, info.value.params, names) == f"It is {names[seat]}'s turn."
    words = refusal_words("hintaro", "amount_out_of_range", {"low": 10, "high": 1200, "kind": "raise"})
    assert words == "Between 10 and 1,200 chips now."
