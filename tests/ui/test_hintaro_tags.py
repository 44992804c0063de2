"""A seat's "what it just did" tag belongs to the turns: once the Hintaro die is thrown nobody acts any more, so
no "REROLLS RIGHT DIE" or "KEEPS" stays up through the showdown (Hintaro and Better Hintaro)."""

from __future__ import annotations

import pytest

from game.ui.app import App
from game.ui.session import TableSession, ai_seat
from game.ui.settings import Settings


@pytest.mark.parametrize("game", ["hintaro", "better_hintaro"])
def test_no_turn_tag_stays_up_at_the_showdown(tmp_path, monkeypatch, game) -> None:
    monkeypatch.setenv("CANTINA_CONFIG_DIR", str(tmp_path))
    app = App(size=(1280, 720), settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True,
              strict=True)
    try:
        tagged_before = False
        t = app.open_table(TableSession.new(game, [ai_seat(i, "regular") for i in range(6)], seed=4))
        for _ in range(20000):
            if t.ai_future is not None:
                t.ai_future.result()
            tagged_before |= any(w.startswith(("REROLLS", "KEEPS")) for w, _ in t.tags.values())
            if t.result is not None and t.result.showdown and t.holding and not t.anims:
                break
            app.step(1 / 30)
        assert t.result is not None and t.result.showdown, "the table never reached its showdown"
        assert tagged_before, "no seat was ever tagged with a reroll or a keep: nothing to check"
        assert not [w for w, _ in t.tags.values() if w.startswith(("REROLLS", "KEEPS"))]
    finally:
        app.shutdown()


def test_every_winner_of_a_split_pot_is_tagged(tmp_path, monkeypatch) -> None:
    """A split pot pays each winner in turn: every one of them keeps its WINS tag through the showdown (the
    second payout once took the first winner's tag away)."""
    monkeypatch.setenv("CANTINA_CONFIG_DIR", str(tmp_path))
    app = App(size=(1280, 720), settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True,
              strict=True)
    try:
        t = app.open_table(TableSession.new("better_hintaro", [ai_seat(i, "regular") for i in range(4)], seed=4))
        for _ in range(20000):
            if t.ai_future is not None:
                t.ai_future.result()
            if t.result is not None and t.result.showdown and t.holding and not t.anims:
                break
            app.step(1 / 30)
        split = [line.split(" wins ")[0] for line in t.log_lines() if "(split 2 ways)" in line]
        assert len(split) == 2, "seed 4 no longer splits the first pot: nothing to check"
        tagged = [t.names[s] for s, (w, _) in t.tags.items() if w.startswith("WINS")]
        assert sorted(tagged) == sorted(split)
    finally:
        app.shutdown()
