"""Better Hintaro's YOUR ITEMS tray (bottom left) stands clear of the player's own chips beside the plate and of
the table's wooden rail (at 1280x720 its top right corner sat on both)."""

from __future__ import annotations

import pygame
import pytest
from conftest import until

from game.ui.app import App
from game.ui.chips import stack_max_size
from game.ui.session import SeatSpec, TableSession, ai_seat
from game.ui.settings import Settings


def _inside_ellipse(point: tuple[int, int], oval: pygame.Rect) -> bool:
    dx = (point[0] - oval.centerx) / (oval.w / 2)
    dy = (point[1] - oval.centery) / (oval.h / 2)
    return dx * dx + dy * dy < 1.0


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", [2, 6])
def test_the_item_tray_is_clear_of_the_chips_and_the_rail(size, seats) -> None:
    app = App(size=size, settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True, strict=True)
    try:
        people = [SeatSpec("Rook")] + [ai_seat(i, "regular") for i in range(1, seats)]
        t = app.open_table(TableSession.new("better_hintaro", people, seed=1))
        assert until(app, t.my_turn)
        tray = t.tray_rect()
        assert tray is not None, "the player holds items: the tray shows"
        chips = pygame.Rect((0, 0), stack_max_size(t.stack_d))
        chips.midbottom = (int(t.stack_spot(t.eyes)[0]), int(t.stack_spot(t.eyes)[1]))
        assert not tray.colliderect(chips), (tray, chips)
        rail = t.felt.inflate(int(46 * t.u), int(40 * t.u))
        assert not _inside_ellipse(tray.topright, rail), (tray, rail)
    finally:
        app.shutdown()
