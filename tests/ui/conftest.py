"""UI tests run headless: dummy video and audio drivers, set before pygame is imported anywhere.

No test here waits on the clock: frames are fixed steps, and where a worker thread (an AI seat, the odds coach)
must finish before the next frame means anything, :func:`until` waits for that work itself, so a loaded
machine gives the same frame counts as an idle one.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator
from concurrent import futures

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
def data_dir(tmp_path, monkeypatch):
    """A campaign's data folder of its own (saves, the place file), with the saves' known-good record cleared."""
    from game.campaign import saves

    d = tmp_path / "data"
    monkeypatch.setenv("CANTINA_DATA_DIR", str(d))
    saves._known_good.clear()
    return d


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


#: the longest one wait for a worker's job may take: a guard against a hang, never a measure of speed
WORKER_GUARD = 300.0


def work_under_way(app: App, coach: bool = True) -> list[futures.Future]:
    """The AI decisions (and, with ``coach``, the odds coach's questions) running or queued on worker threads."""
    out: list[futures.Future] = []
    for scene in app.stack.scenes:
        fut = getattr(scene, "ai_future", None)
        if fut is not None:
            out.append(fut)
        panel = getattr(scene, "coach", None) if coach else None
        if panel is not None and hasattr(panel, "work"):
            out.extend(panel.work())
    return [f for f in out if not f.done()]


def settle_workers(app: App, coach: bool = True) -> None:
    """Wait until the work under way on worker threads has finished (the next frame picks the answers up)."""
    pending = work_under_way(app, coach)
    if pending:
        futures.wait(pending, timeout=WORKER_GUARD)


def until(app: App, cond, limit: int = 4000, dt: float = 1 / 30, coach: bool = False, go_on: bool = True) -> bool:
    """Run frames until ``cond()`` holds (True) or ``limit`` frames pass (False).

    A table holding on a round's end for its people (it waits for a click, Space or Enter) is told to go on, as a
    player would, unless ``go_on`` is False.

    Before each frame it lets the AI decision under way finish (and, with ``coach``, the odds coach's
    questions), so ``limit`` counts frames of the game whatever the machine's load: a frame count racing a
    thread is how tests flake. A test that holds a worker on purpose runs :func:`frames` meanwhile.
    """
    for _ in range(limit):
        if cond():
            return True
        settle_workers(app, coach)
        top = app.stack.top
        if go_on and getattr(top, "holding", False) and top.session.humans:
            top.release_hold()
        frames(app, 1, dt)
    return cond()


def until_showdown(app: App, table, limit: int = 20000) -> bool:
    """Run frames until ``table`` holds on a round's showdown with its animations done (the moment a player reads
    the result; an AI-only table, so nothing is released)."""
    return until(app, lambda: table.result is not None and table.result.showdown and table.holding
                 and not table.anims, limit=limit, go_on=False)


__all__ = ["Input", "click", "frames", "press", "settle_workers", "until", "until_showdown", "work_under_way"]
