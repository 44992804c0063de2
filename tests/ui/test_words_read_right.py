"""Text the play-test caught reading wrong: "needed by the The Scrap Mountain" (a bounty name brings its own
article), "1 hands" in the journal, and "1000 credits" in the Story tab where every other amount reads "1,000"."""

from __future__ import annotations

import pygame
import pytest
from conftest import frames, press, until

from game.campaign.progress import Campaign
from game.ui import draw
from game.ui.app import App
from game.ui.campaign.journal import JournalScene, grouped, hands_words
from game.ui.campaign.play import CampaignPlay
from game.ui.session import SeatSpec, TableSession, ai_seat
from game.ui.settings import Settings
from game.ui.tables.better_hintaro.common import the

pytestmark = pytest.mark.usefixtures("data_dir")  # a campaign folder of its own (tests/ui/conftest.py)


def test_a_name_that_brings_its_own_article_gets_no_second_one() -> None:
    assert the("The Scrap Mountain") == "The Scrap Mountain"
    assert the("Reactor Coil") == "the Reactor Coil"
    assert the("Thermal Cloak") == "the Thermal Cloak"  # "The" must be a word of its own


def test_no_tooltip_on_the_market_board_says_the_the(app) -> None:
    """Every bounty with a "The …" name on offer: the tooltips of its item rows read "needed by The …"."""
    seats = [SeatSpec("Tamsin", pronoun="her"), ai_seat(1, "passive")]
    session = TableSession.new("better_hintaro", seats, seed=7, options={"rounds": 3})
    table = app.open_table(session)
    assert until(app, table.my_turn)
    named = [bid for bid, b in table.content.bounties.items() if b.name.startswith("The ")]
    assert named
    table.peek = True
    table.mode = "board"
    for start in range(0, len(named), 3):
        table.shown["bounty_offer"] = named[start:start + 3]
        frames(app, 1)
        tips = [h.tip for h in table.hits() if h.kind == "need"]
        assert tips, "no item rows on the bounties"
        assert not [t for t in tips if "the the " in t.lower()], tips
        assert any("needed by The " in t for t in tips)


def test_hands_and_thousands_read_right() -> None:
    assert hands_words(1) == "1 hand" and hands_words(2) == "2 hands"
    assert grouped("Arrived at The Lost Hand with 1000 credits.") == "Arrived at The Lost Hand with 1,000 credits."
    assert grouped("Sitting 12 at Hintaro: won 40 credits.") == "Sitting 12 at Hintaro: won 40 credits."
    assert grouped("Borrowed 12500 credits (owing 1,250 for it).") == "Borrowed 12,500 credits (owing 1,250 for it)."
    assert "1,000 credits" in Campaign.new("Rook", seed=8).notes[0]


def test_the_journal_says_1_hand_and_1000_with_a_comma(monkeypatch) -> None:
    c = Campaign.new("Rook", seed=8)
    c.notes[0] = "Arrived at The Lost Hand with 1000 credits."  # as older saves keep it
    c.sit("street_corner")
    while not c.session.hand_ends:
        s = c.session
        c.act(s.legal_actions()[0]) if s.human_turn else c.step_ai()
    c.leave()
    assert c.history[0].hands == 1
    app = App(size=(1280, 720), settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True,
              strict=True)
    try:
        CampaignPlay(app, c, 1).start()
        frames(app, 2)
        press(app, pygame.K_j)
        assert isinstance(app.stack.top, JournalScene)
        seen: list[str] = []
        monkeypatch.setattr(draw, "TEXT_HOOK", seen.append)
        press(app, pygame.K_4)
        app._shown_sig = None
        frames(app, 1)
        assert any("1 hand " in s for s in seen) and not any("1 hands" in s for s in seen), seen
        seen.clear()
        press(app, pygame.K_5)
        frames(app, 1)
        words = " ".join(seen)
        assert "1,000 credits" in words and "1000" not in words, words
    finally:
        app.shutdown()
        pygame.quit()
