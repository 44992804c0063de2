"""Between the person's turns the coach leaves no empty box above the table log (play report item 16): it folds
to one line that says it waits, and the log has the room; on the person's turn it takes its full place again."""

from __future__ import annotations

import pygame
from conftest import frames, settle_workers, until

from game.ui.coach_panel import IDLE_WORDS
from game.ui.session import SeatSpec, TableSession, ai_seat


def test_the_waiting_coach_is_one_line_and_the_log_gets_the_room(app, monkeypatch) -> None:
    from game.ui import draw

    drawn: list[str] = []
    monkeypatch.setattr(draw, "TEXT_HOOK", drawn.append)
    app.settings.coach = True
    seats = [ai_seat(0, "passive"), SeatSpec("Rook"), ai_seat(2, "passive")]
    table = app.open_table(TableSession.new("hintaro", seats, seed=5))
    state = table.state
    idle_seen = full_seen = False
    for _ in range(3000):
        if idle_seen and full_seen:
            break
        settle_workers(app)
        frames(app, 1, dt=1 / 30)
        coach = table.coach
        if table.synced and state.current_seat not in (None, 1):
            line = coach.idle_rect()
            full = coach.dock_rect()
            assert line.h * 3 < full.h, "the waiting coach must be a line, not the advice's box"
            assert coach.reserved() < full.bottom - table.log_rect.y, "the log must get the room below the line"
            assert coach.reserved() >= line.bottom - table.log_rect.y, "the log must not run under the line"
            keys = [it.key for it in table.items() if it.key.startswith("coach")]
            assert keys == ["coach_idle"]
            idle_seen = True
        elif table.my_turn() and coach.status() == "rows":
            assert coach.reserved() >= coach.dock_rect().bottom - table.log_rect.y
            full_seen = True
            frames(app, 1)
            state_before = len(state.actions)
            from conftest import press

            press(app, pygame.K_k if table.shown["phase"] == "reroll" else pygame.K_c)
            until(app, lambda n=state_before: len(state.actions) > n, limit=600)
    assert idle_seen and full_seen
    frames(app, 2)
    assert any(IDLE_WORDS in t for t in drawn), "the waiting line says what the coach waits for"
