"""The two kinds of time a table tells its story in: beats (the steps of the story) and animations (pieces
moving over the table while a beat lasts).

Why a module of its own: the base table (``game.ui.tables.base``) and the card pieces (``game.ui.cards``)
both make them, and the tables package imports the card tables, which import ``cards``. Were these classes in
``tables.base``, ``cards`` would have to import the package that imports it; here both import them from one
place (``tables.base`` re-exports them, so ``from game.ui.tables.base import Anim, Beat`` keeps working).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.core import Event


@dataclass
class Beat:
    """One step of the story the table tells: it patches ``shown``, starts animations, and lasts a while."""

    duration: float
    start: Callable[[], None] | None = None
    end: Callable[[], None] | None = None
    event: Event | None = None
    sound: str | None = None
    elapsed: float = 0.0
    started: bool = False
    #: seconds into the beat when its event is said (log and header): when its dice have landed, so neither
    #: says "it lands Tukar" while the die still tumbles
    say_at: float = 0.0
    said: bool = False


class Anim:
    """A moving piece drawn over the table; ``covers`` names static pieces it hides while it runs.

    ``bounds()`` is where it will draw this frame (before drawing), so the table can redraw only the parts
    of the screen that change.
    """

    covers: frozenset[tuple[Any, ...]] = frozenset()
    #: a die or cube thrown: the beat that threw it says its event once it lands (the story's ``say_at``)
    lands = False

    def __init__(self, duration: float, delay: float = 0.0) -> None:
        self.duration = max(1e-6, duration)
        self.delay = delay
        self.t = 0.0

    @property
    def progress(self) -> float:
        return min(1.0, max(0.0, (self.t - self.delay) / self.duration))

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def update(self, dt: float) -> None:
        self.t += dt

    def finish(self) -> None:
        self.t = self.delay + self.duration

    def bounds(self) -> pygame.Rect | None:
        raise NotImplementedError

    def draw(self, surf: pygame.Surface) -> None:
        raise NotImplementedError


class FrameAnim(Anim):
    """An animation drawn as one picture a frame (a tumbling die, a sliding card, a big word): ``picture()``
    makes it, at most once per moment (the table asks for ``bounds()`` before it draws), and nothing shows
    before the delay has passed."""

    _frame: tuple[float, pygame.Surface, pygame.Rect] | None = None

    def picture(self) -> tuple[pygame.Surface, pygame.Rect]:
        """The picture at the current moment and where it goes."""
        raise NotImplementedError

    def frame(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        if self.t < self.delay:
            return None
        if self._frame is not None and self._frame[0] == self.t:
            return self._frame[1], self._frame[2]
        img, rect = self.picture()
        self._frame = (self.t, img, rect)
        return img, rect

    def bounds(self) -> pygame.Rect | None:
        f = self.frame()
        return f[1] if f else None

    def draw(self, surf: pygame.Surface) -> None:
        f = self.frame()
        if f:
            surf.blit(f[0], f[1])


def reading_seconds(*texts: str) -> float:
    """Seconds (at 1×, before the speed setting scales them) a banner stays up so its words can be read: most
    of a second to notice it, then a little under a fifth of a second a word (banners that vanished after a
    second were a play-test complaint; the table waits while one shows, so no longer)."""
    words = sum(len(t.split()) for t in texts)
    return 0.8 + 0.15 * words


#: the speed setting hurries the animations, but a reader only so far: a banner's words stay up at least their
#: reading time at this speed however fast the table plays (at 2× a five-word banner once lasted 0.8 s)
READING_SPEED_CAP = 1.5


def banner_seconds(duration: float, speed: float, *texts: str) -> float:
    """How long a banner of ``texts`` shows at ``speed``: its ``duration`` at 1× scaled by the speed, but never
    shorter than its :func:`reading_seconds` at :data:`READING_SPEED_CAP` (slower speeds give it longer)."""
    if speed <= 0:
        raise ValueError(f"the speed must be positive, not {speed!r}")
    return max(duration / speed, reading_seconds(*texts) / min(speed, READING_SPEED_CAP))
