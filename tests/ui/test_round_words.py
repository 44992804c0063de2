"""The header counts what the game counts: Nepunian Spike plays hands (each of three betting rounds, which the
felt counts), the other games rounds."""

from __future__ import annotations

import pytest
from conftest import frames

from game.ui.session import TableSession, ai_seat


@pytest.mark.parametrize(("game", "noun"), [("nepunian_spike", "Hand"), ("sabacc_house", "Round"),
                                            ("hintaro", "Round")])
def test_the_header_counts_the_game_s_own_unit(app, game, noun) -> None:
    session = TableSession.new(game, [ai_seat(i, "regular") for i in range(3)], seed=2, options={"rounds": 4})
    table = app.open_table(session)
    frames(app, 2)
    assert table.round_info() == f"{noun} 1 of 4"
