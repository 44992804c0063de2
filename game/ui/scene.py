"""Scenes and the scene stack (Tuxemon's shape): push, pop, replace; a transparent scene draws over the one
below it; only the top scene gets input and updates (what lies under a menu is paused); every scene on
screen is drawn bottom-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.input import Input
from game.ui.tween import Tweens

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """A screen. Subclasses override ``handle``, ``update``, ``draw`` and ``layout``.

    ``busy()`` says the scene is moving and wants frames; a scene that is not busy gets no frames until
    input arrives or ``wake_in()`` seconds pass, which keeps the idle CPU near zero.
    """

    transparent = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.tweens = Tweens()
        self.size = app.size

    # life cycle
    def enter(self) -> None:
        """Called when pushed (or uncovered by a pop)."""

    def leave(self) -> None:
        """Called when popped or replaced."""

    def layout(self, size: tuple[int, int]) -> None:
        """Recompute positions for a window of ``size`` (called on entry and on every resize)."""
        self.size = size

    # per frame
    def handle(self, ev: Input) -> None:
        """React to one input (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        self.tweens.update(dt)

    def draw(self, surf: pygame.Surface) -> None:
        """Draw the whole scene (a transparent one draws only its overlay)."""

    def busy(self) -> bool:
        return bool(self.tweens)

    def wake_in(self) -> float | None:
        """Seconds until this scene needs a frame although nothing moves (a timer); None = never."""
        return None


class SceneStack:
    """The scenes on screen, bottom first."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        scene.layout(scene.app.size)
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            below = self.scenes[-1]
            if below.size != below.app.size:
                below.layout(below.app.size)
            below.enter()
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes.pop().leave()
        return self.push(scene)

    def clear_to(self, scene: Scene) -> Scene:
        """Pop everything and start over with ``scene`` (back to the title, say)."""
        while self.scenes:
            self.scenes.pop().leave()
        return self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom-up: the top one and everything under transparent ones."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.transparent:
                break
        out.reverse()
        return out

    def handle(self, ev: Input) -> None:
        if self.top is not None:
            self.top.handle(ev)

    def update(self, dt: float) -> None:
        """Only the top scene moves: a table under the pause menu, the rules or the curtain waits."""
        if self.top is not None:
            self.top.update(dt)

    def draw(self, surf: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surf)

    def layout(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.layout(size)

    def busy(self) -> bool:
        return self.top is not None and self.top.busy()

    def wake_in(self) -> float | None:
        return self.top.wake_in() if self.top is not None else None
