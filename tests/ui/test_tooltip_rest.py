"""After a click the pointer rests on the button it pressed: its tooltip waits until the pointer moves on, so it
does not cover the action bar's heading with what just happened (found in play: "YOUR MOVE" hidden by a tip)."""

from __future__ import annotations

import pygame
from conftest import frames, until

from game.ui.session import SeatSpec, TableSession, ai_seat


def _move(app, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)


def test_a_tooltip_waits_after_a_press_until_the_pointer_moves(app) -> None:
    session = TableSession.new("hintaro", [SeatSpec("Rook"), ai_seat(1, "passive")], seed=3)
    table = app.open_table(session)
    assert until(app, table.my_turn)
    button = next(b for b in table.buttons if b.tooltip)
    spot = button.rect.center
    _move(app, spot)
    assert table.shown_tooltip() is not None  # resting on a button shows its tip
    # a press that does nothing (a right button) keeps the pointer where it was: the tip waits
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=3))
    frames(app, 1)
    assert table.tip_rest == spot and table.shown_tooltip() is None
    _move(app, (spot[0] + 3, spot[1]))  # a tremble of the hand is not moving on
    assert table.shown_tooltip() is None
    _move(app, (spot[0] + 9, spot[1]))
    assert table.tip_rest is None and table.shown_tooltip() is not None
