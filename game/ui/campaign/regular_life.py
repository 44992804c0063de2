"""The regulars on the floor as people, not cut-outs: they breathe, shift in their chairs, glance at the player
who comes near, and throw a fist up when they have won a hand.

Why separate from the drawing: this is state over time (a phase per regular, a gaze, a gesture's seconds left),
fed by campaign events and the player's position; :mod:`characters` draws the poses it names, cached per pose,
so an idle room still costs one blit per regular. Every offset is bounded (``MAX_SHIFT``, ``MAX_BREATH``), so a
figure never leaves the place its chair gives it.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: how far a regular sways sideways and rises with a breath, in map pixels (the bounds the tests hold them to)
MAX_SHIFT = 1.5
MAX_BREATH = 1.0
#: the player within this many map pixels of a regular makes them look over
GLANCE_RANGE = 120.0
#: seconds a win's gesture lasts (a fist up, held, then down)
CHEER_SECONDS = 2.4


def _stable(text: str) -> int:
    """A number from text that is the same on every run (``hash()`` is salted per process)."""
    return zlib.crc32(text.encode("utf-8"))


@dataclass(frozen=True)
class Pose:
    """How to draw a regular this frame: an offset in map pixels, where they look and their gesture's frame."""

    dx: float = 0.0
    dy: float = 0.0
    gaze: int = 0  # -1 left, 0 ahead, 1 right (screen directions)
    cheer: int = 0  # 0 none, 1 the arm half up, 2 the fist high


def winners(events: Iterable[object], regulars: Sequence[object]) -> list[str]:
    """The ids of the regulars who won a hand in ``events`` (``round_over``'s ``winners`` are seats; seat
    ``i + 1`` is ``regulars[i]``, seat 0 is the player)."""
    out: list[str] = []
    for ev in events:
        if getattr(ev, "kind", None) != "round_over":
            continue
        data = getattr(ev, "data", None) or {}
        for seat in data.get("winners", ()):
            if isinstance(seat, int) and 1 <= seat <= len(regulars):
                rid = getattr(regulars[seat - 1], "id", None)
                if isinstance(rid, str) and rid not in out:
                    out.append(rid)
    return out


class RegularLife:
    """Idle life and reactions of the regulars in one cantina (positions in map pixels)."""

    def __init__(self, spots: Sequence[tuple[str, float, float]]) -> None:
        """``spots``: (regular id, x, y) of every regular on this floor."""
        self.spots = {rid: (x, y) for rid, x, y in spots}
        self.t = 0.0
        self.phase = {rid: (_stable(rid) % 1000) / 1000 * math.tau for rid in self.spots}
        self.period = {rid: 3.2 + (_stable(rid + "breath") % 100) / 60 for rid in self.spots}  # 3.2-4.9 s a breath
        self.gaze: dict[str, int] = dict.fromkeys(self.spots, 0)
        self.cheer_left: dict[str, float] = {}
        self.queue: list[tuple[str, float]] = []  # (regular, seconds until their gesture starts)

    def won(self, regulars: Iterable[str]) -> list[str]:
        """Start the win gesture of each of ``regulars`` seated on this floor (staggered, so two winners do not
        move as one); returns the ids that will react."""
        out = []
        for i, rid in enumerate(r for r in regulars if r in self.spots):
            self.queue.append((rid, 0.35 + 0.5 * i))
            out.append(rid)
        return out

    def update(self, dt: float, player: tuple[float, float] | None = None) -> None:
        self.t += dt
        for rid in list(self.cheer_left):
            self.cheer_left[rid] -= dt
            if self.cheer_left[rid] <= 0:
                del self.cheer_left[rid]
        waiting = []
        for rid, wait in self.queue:
            if wait - dt <= 0:
                self.cheer_left[rid] = CHEER_SECONDS
            else:
                waiting.append((rid, wait - dt))
        self.queue = waiting
        for rid, (x, y) in self.spots.items():
            g = 0
            if player is not None and math.hypot(player[0] - x, player[1] - y) < GLANCE_RANGE:
                dx = player[0] - x
                g = 0 if abs(dx) < 10 else (1 if dx > 0 else -1)
            self.gaze[rid] = g

    def cheering(self, rid: str) -> bool:
        return rid in self.cheer_left

    def pose(self, rid: str) -> Pose:
        """The pose of regular ``rid`` now (a regular not on this floor stands still)."""
        if rid not in self.spots:
            return Pose()
        ph, period = self.phase[rid], self.period[rid]
        breath = math.sin(self.t * math.tau / period + ph)
        dy = -MAX_BREATH * max(0.0, breath)  # a breath lifts the shoulders; out, they settle back
        # now and then a shift in the chair: a slow sway that rests most of the time
        sway = math.sin(self.t * math.tau / (period * 3.1) + ph * 1.7)
        dx = MAX_SHIFT * math.copysign(max(0.0, abs(sway) - 0.6) / 0.4, sway)
        cheer = 0
        left = self.cheer_left.get(rid)
        if left is not None:
            done = CHEER_SECONDS - left
            cheer = 1 if done < 0.18 or left < 0.3 else 2
            dy = -MAX_BREATH  # sits up for it
            dx = 0.0
        return Pose(dx, dy, self.gaze.get(rid, 0), cheer)
