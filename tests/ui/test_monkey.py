"""Thousands of seeded random clicks and keys on each table (and the menus they open): nothing may crash."""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import frames

from game.engine import GAMES
from game.ui.input import KEY_ACTIONS, Input
from game.ui.scenes.menu import TableMenu
from game.ui.session import SeatSpec, TableSession, ai_seat
from game.ui.tables.base import BaseTable

KEYS = [pygame.K_c, pygame.K_r, pygame.K_d, pygame.K_a, pygame.K_k, pygame.K_1, pygame.K_2, pygame.K_b,
        pygame.K_t, pygame.K_x, pygame.K_p, pygame.K_SPACE, pygame.K_PLUS, pygame.K_MINUS, pygame.K_UP,
        pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_RETURN, pygame.K_TAB]


def monkey(app, rng: random.Random, events: int) -> None:
    w, h = app.window_size
    for i in range(events):
        r = rng.random()
        pos = (rng.randrange(w), rng.randrange(h))
        if r < 0.45:
            app.dispatch(Input("move", pos=pos))
            app.dispatch(Input("down", pos=pos, button=1))
            app.dispatch(Input("up", pos=pos, button=1))
        elif r < 0.8:
            key = rng.choice(KEYS)
            app.dispatch(Input("key", key=key, action=KEY_ACTIONS.get(key, ""), char=""))
        elif r < 0.9:
            app.dispatch(Input("wheel", pos=pos, wheel=rng.choice((-1, 1))))
        else:
            app.dispatch(Input("move", pos=pos))
        # the pause menu would swallow the rest of the test: leave it most of the time
        if isinstance(app.stack.top, TableMenu) and rng.random() < 0.9:
            app.pop()
        if i % 4 == 0:
            frames(app, 1, dt=1 / 20)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_monkey_on_each_table(app, game_id: str) -> None:
    cls = GAMES[game_id]
    n = min(cls.max_seats, 4)
    seats = [SeatSpec("Ann"), SeatSpec("Ben")] + [ai_seat(i, "random") for i in range(2, n)]
    session = TableSession.new(game_id, seats[:n], seed=42)
    table = app.open_table(session)
    chips = session.state.chip_total()
    rng = random.Random(1234)
    monkey(app, rng, 1500)
    # whatever happened, the inputs reached the engine through legal actions only, and the app still draws
    assert session.state.actions, "no click or key ever reached the engine"
    assert session.state.chip_total() == chips
    frames(app, 2)
    # the table is still there, unless the monkey finished the session: then the results screen offered "Play
    # again" and "Title screen", and either may have been clicked (the AI seats think on a worker thread, so
    # how far 1,500 inputs get is not fixed)
    if session.state.is_over:
        assert app.stack.scenes, "the app always has a scene to show"
    else:
        assert app.stack.scenes[0] is table and isinstance(table, BaseTable)


def test_monkey_on_the_menus(app) -> None:
    app.go_title()
    rng = random.Random(99)
    monkey(app, rng, 1500)
    frames(app, 2)
    assert app.stack.scenes, "the app always has a scene to show"
