"""Tweens: a value moving from 0 to 1 over a duration with an easing curve, driven by ``update(dt)``.

Nothing here reads the clock: the app passes each frame's ``dt``, so tests and ``--frames`` runs are exact,
and speeding animations up is just scaling durations.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def ease_out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass
class Tween:
    """Calls ``on_update(eased)`` every step and ``on_done()`` once at the end (or when finished early)."""

    duration: float
    on_update: Callable[[float], None] | None = None
    easing: Easing = ease_out_cubic
    on_done: Callable[[], None] | None = None
    delay: float = 0.0
    elapsed: float = 0.0
    done: bool = False

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        return self.easing(self.progress)

    def update(self, dt: float) -> bool:
        """Advance; returns True while still running."""
        if self.done:
            return False
        self.elapsed += dt
        if self.elapsed < self.delay:
            return True
        if self.on_update is not None:
            self.on_update(self.value)
        if self.progress >= 1.0:
            self.finish()
            return False
        return True

    def finish(self) -> None:
        """Jump to the end (skip): the final value is applied and the callback runs exactly once."""
        if self.done:
            return
        self.elapsed = self.delay + self.duration
        if self.on_update is not None:
            self.on_update(self.easing(1.0))
        self.done = True
        if self.on_done is not None:
            self.on_done()


def tween_attrs(obj: object, duration: float, easing: Easing = ease_out_cubic,
                on_done: Callable[[], None] | None = None, delay: float = 0.0, **targets: float) -> Tween:
    """A tween moving numeric attributes of ``obj`` from their current values to ``targets``."""
    start = {k: float(getattr(obj, k)) for k in targets}

    def step(v: float) -> None:
        for k, end in targets.items():
            setattr(obj, k, start[k] + (end - start[k]) * v)

    return Tween(duration, step, easing, on_done, delay)


@dataclass
class Tweens:
    """A group of running tweens: a scene owns one and updates it every frame."""

    items: list[Tween] = field(default_factory=list)

    def add(self, tween: Tween) -> Tween:
        self.items.append(tween)
        return tween

    def update(self, dt: float) -> None:
        if self.items:
            self.items = [t for t in self.items if t.update(dt)]

    def finish_all(self) -> None:
        while self.items:
            items, self.items = self.items, []
            for t in items:
                t.finish()

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)
