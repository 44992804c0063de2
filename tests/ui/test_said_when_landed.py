"""The log and the header say what a die landed on only once it has landed (play-test: "it lands Tukar" while
the die still tumbled), and a skipped beat is still said."""

from __future__ import annotations

from game.ui.app import App
from game.ui.session import TableSession, ai_seat
from game.ui.settings import Settings
from game.ui.tables.base import Tumble


def _table(tmp_path, monkeypatch):
    monkeypatch.setenv("CANTINA_CONFIG_DIR", str(tmp_path))
    app = App(size=(1280, 720), settings=Settings(speed=1.0, muted=True, ambience=False), fixed_step=True,
              strict=True)
    session = TableSession.new("hintaro", [ai_seat(i, "regular") for i in range(2)], seed=11)
    return app, app.open_table(session)


def test_a_throw_is_said_after_its_dice_land_not_before(tmp_path, monkeypatch) -> None:
    app, table = _table(tmp_path, monkeypatch)
    try:
        checked = 0
        for _ in range(4000):
            b = table.beat
            if b is not None and b.event is not None and any(isinstance(a, Tumble) for a in table.anims):
                land = max(a.delay + a.duration for a in table.anims if isinstance(a, Tumble))
                if b.elapsed < land - 0.05:
                    said = [line.event for line in table.log if line.event is not None]
                    assert b.event not in said, f"{b.event.kind} said at {b.elapsed:.2f} s, dice land at {land:.2f}"
                    checked += 1
            if table.ai_future is not None:
                table.ai_future.result()
            if table.holding:
                table.release_hold()
            app.step(1 / 60)
            if checked >= 40:
                break
        assert checked >= 40  # many frames of tumbling dice were looked at
    finally:
        app.shutdown()


def test_a_skipped_throw_is_still_said(tmp_path, monkeypatch) -> None:
    app, table = _table(tmp_path, monkeypatch)
    try:
        for _ in range(4000):
            b = table.beat
            if b is not None and b.event is not None and any(isinstance(a, Tumble) for a in table.anims) \
                    and not b.said:
                ev = b.event
                table.skip()
                assert ev in [line.event for line in table.log]
                return
            if table.ai_future is not None:
                table.ai_future.result()
            app.step(1 / 60)
        raise AssertionError("no dice were thrown")
    finally:
        app.shutdown()
