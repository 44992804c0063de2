"""The campaign's words at the table's pause (play-test item 20): a greyed "Walk away" says why it is grey, the
hand-over heading says plainly what getting up cashes out, and the journal opened while seated shows the chips
at the table beside the credits (the buy-in left the bankroll, and seemed to vanish)."""

from __future__ import annotations

import pygame
import pytest
from conftest import frames, press, until
from test_campaign_ui import close_app, new_app, play_until, sit_fresh

from game.ui import draw
from game.ui.campaign.journal import JournalScene
from game.ui.campaign.table import CampaignTableMenu

pytestmark = pytest.mark.usefixtures("data_dir")  # a campaign folder of its own (tests/ui/conftest.py)


def test_the_pause_between_hands_says_why_walk_away_is_grey_and_what_leaving_takes(monkeypatch) -> None:
    app = new_app()
    try:
        c, _play, table = sit_fresh(app, "long_table")
        play_until(app, table, lambda: table.hand_pause)
        assert until(app, table.settled, 200)
        cs = c.session
        assert cs.between_hands
        chips, front = cs.settled[0], cs.state.stacks[0]
        heading = table.bar_heading()
        assert f"cash out all {chips:,} chips" in heading
        if chips > front:
            assert f"{front:,} in front of you + the {chips - front:,}" in heading, heading
        table.open_menu()
        frames(app, 1)
        menu = app.stack.top
        assert isinstance(menu, CampaignTableMenu)
        away = next(b for b in menu.col.buttons if b.label == "Walk away")
        assert not away.enabled
        assert "Mid-hand only" in away.tooltip and "Leave table (L)" in away.tooltip, away.tooltip
        assert f"{chips:,}" in away.tooltip
        # the journal from the pause: credits, and the chips at the table beside them
        seen: list[str] = []
        monkeypatch.setattr(draw, "TEXT_HOOK", seen.append)
        press(app, pygame.K_j)
        assert isinstance(app.stack.top, JournalScene)
        app._shown_sig = None
        frames(app, 1)
        want = f"credits {c.bankroll:,} + {chips:,} at the table"
        assert any(want in s for s in seen), [s for s in seen if "credits" in s]
    finally:
        close_app(app)
