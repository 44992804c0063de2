"""UI tests run headless: dummy video and audio drivers, set before pygame is imported anywhere."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator

import pygame
import pytest

from game.ui.app import App
from game.ui.input import Input
from game.ui.settings import Settings


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch) -> Iterator[object]:
    """Every UI test keeps its settings in its own temporary folder, never the user's."""
    d = tmp_path / "config"
    monkeypatch.setenv("CANTINA_CONFIG_DIR", str(d))
    yield d


@pytest.fixture
def app() -> Iterator[App]:
    a = App(size=(1280, 720), settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True, strict=True)
    yield a
    a.shutdown()
    pygame.quit()


def frames(app: App, n: int = 1, dt: float = 1 / 60) -> None:
    """Run ``n`` frames: pending pygame events, update, draw."""
    for _ in range(n):
        for raw in pygame.event.get():
            app.handle_raw(raw)
        app.step(dt)
        app.render()


def click(app: App, pos: tuple[int, int]) -> None:
    """A left click posted as raw pygame events, so it goes through the input translation."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 1)


def press(app: App, key: int, char: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char, mod=0, scancode=0))
    frames(app, 1)


def until(app: App, cond, limit: int = 4000, dt: float = 1 / 30, go_on: bool = True) -> bool:
    """Run frames until ``cond()`` holds (True) or ``limit`` frames pass (False). A table holding on a round's
    end for its people (it waits for a click, Space or Enter) is told to go on, as a player would, unless
    ``go_on`` is False."""
    for _ in range(limit):
        if cond():
            return True
        top = app.stack.top
        if go_on and getattr(top, "holding", False) and top.session.humans:
            top.release_hold()
        frames(app, 1, dt)
    return cond()


__all__ = ["Input", "click", "frames", "press", "until"]
