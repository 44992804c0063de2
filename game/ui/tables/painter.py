"""The table's painter: how a frame of the table is put on the screen, and the record of what it drew where.

A table is drawn as a list of :class:`Item` (the lamp's light, the pot, the middle, each seat's chips and zone,
the result panel, the top bar, the action bar, the log, the coach, a tooltip), each with the screen rect it
draws in and a signature of what it shows. A frame redraws only the areas whose items changed signature or
place, or that an animation crossed: the room (rendered once per window size) first, then the items under the
animations, the animations, the items over them. The layout bench (``python -m game bench layout``) has the
painter record, as it blits, which region every paint belongs to (:mod:`game.ui.regions`).

The painter is one part of the table (``table.painter``) and is made of a few smaller ones, each a module:

- ``plates`` (``tables/plates.py``): the seats' name plates, turn glow, dealer button and tags;
- ``chips`` (``tables/chip_painter.py``): the chips as the stage, the pot's pile and each seat's stacks and bet;
- ``result_panel`` (``tables/result_panel.py``): the round's result held on the felt, and the clear places the
  result and the banners go;
- ``header`` (``tables/header.py``): the top bar, its header, and the tooltip;
- ``lamp`` (here): the lamp's stutter over the felt.

What a game draws (its pieces at a seat, the middle) stays the table's hooks (``draw_seat_pieces``,
``draw_centre``...): the painter asks the table for them, so a table that overrides a hook is painted with it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.draw import glow
from game.ui.regions import RecordingSurface, RegionRecorder
from game.ui.tables.chip_painter import ChipPainter
from game.ui.tables.header import HeaderPainter
from game.ui.tables.motion import Banner
from game.ui.tables.plates import SeatPainter
from game.ui.tables.result_panel import ResultPanel
from game.ui.widgets import tooltip_rect

if TYPE_CHECKING:
    from game.ui.tables.base import BaseTable


@dataclass
class Item:
    """One part of the table picture: where it draws, a signature of what it shows, and how to draw it.

    The table redraws only the screen areas whose items changed signature or place, or that an animation
    crossed, which keeps a busy 1080p frame within a few milliseconds.
    """

    key: str
    rect: pygame.Rect
    sig: Any
    draw: Callable[[pygame.Surface], None]
    layer: int = 0  # 0 under the animations, 1 over them


#: the region an item's paint belongs to when its drawing names none of its own (see game.ui.regions)
ITEM_REGIONS = {"lamp": "", "pot": "pot.main", "top": "header", "bar": "bar", "log": "log", "result": "result",
                "tooltip": "tooltip"}


class Lamp:
    """The lamp over the felt: it burns steady, and every few seconds stutters for a few frames (dimmed)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self.flicker_in = self._rng.uniform(3.0, 7.0)
        self.flicker_t = -1.0  # < 0: the lamp burns steady

    def level(self) -> int:
        """1 while the lamp is dimmed in its stutter (a few frames every few seconds), else 0."""
        if self.flicker_t < 0:
            return 0
        pattern = (1, 0, 1, 1, 0)
        return pattern[min(len(pattern) - 1, int(self.flicker_t / 0.05))]

    def stuttering(self) -> bool:
        """The lamp is in its stutter (the frame must be redrawn until it burns steady again)."""
        return self.flicker_t >= 0

    def update(self, dt: float) -> None:
        if self.flicker_t >= 0:
            self.flicker_t += dt
            if self.flicker_t > 0.25:
                self.flicker_t = -1.0
                self.flicker_in = self._rng.uniform(4.0, 9.0)
        else:
            self.flicker_in -= dt
            if self.flicker_in <= 0:
                self.flicker_t = 0.0

    def wake_in(self) -> float | None:
        """The next stutter: the only thing that moves while everyone thinks."""
        return max(0.0, self.flicker_in) if self.flicker_t < 0 else None


class TablePainter:
    """Paints ``table`` frame by frame: the room once per window size, then only what changed."""

    def __init__(self, table: BaseTable, seed: int) -> None:
        self.table = table
        self.lamp = Lamp(seed)
        self.plates = SeatPainter(table)
        self.chips = ChipPainter(table)
        self.result_panel = ResultPanel(table)
        self.header = HeaderPainter(table)
        self.bg: pygame.Surface | None = None  # the room and the felt, for this window size
        self.bg_dim: pygame.Surface | None = None  # the lamp's dimmed patch of the room (the felt and its rim)
        self.bg_dim_rect = pygame.Rect(0, 0, 0, 0)
        self._last: dict[str, tuple[pygame.Rect, Any]] | None = None
        self._last_anim_rects: list[pygame.Rect] = []
        self._last_size: tuple[int, int] = (0, 0)

    def forget(self) -> None:
        """The next frame paints the whole window (what the screen shows is no longer what was painted)."""
        self._last = None

    # ------------------------------------------------------------------ the room
    def background(self) -> pygame.Surface:
        """Room and felt, rendered once per window size (the costly, static part of every frame)."""
        t = self.table
        if self.bg is None or self.bg.get_size() != t.size:
            self.bg = t.app.backdrop.table_room(t.size, t.area, t.felt, t.FELT, t.u, clear=t.prop_clearance())
            t.decorate(self.bg)
            # the part of the room the lamp's stutter dims, already dimmed: the flicker is a plain blit of it,
            # never a blend (only the lit felt and its rim, not a second copy of the whole 1080p room)
            g = glow(int(t.felt.w * 0.55), int(t.felt.h * 0.55), (0, 0, 0), 60, keep=False)
            rect = g.get_rect(center=t.felt.center).clip(self.bg.get_rect())
            self.bg_dim = self.bg.subsurface(rect).copy()
            self.bg_dim.blit(g, g.get_rect(center=t.felt.center).move(-rect.x, -rect.y))
            self.bg_dim_rect = rect
        return self.bg

    def lamp_patch(self, bg: pygame.Surface) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The dimmed patch to lay over ``bg`` while the lamp stutters (only over the room it was cut from)."""
        if bg is self.bg and self.bg_dim is not None and self.lamp.level():
            return self.bg_dim, self.bg_dim_rect
        return None

    # ------------------------------------------------------------------ the items
    def items(self) -> list[Item]:
        """Every part of the picture, in drawing order (layer 0 under the animations, 1 and 2 over them)."""
        t = self.table
        covered = t.covered()
        mid = frozenset(k for k in covered if len(k) < 2)
        out = [
            Item("lamp", t.felt.inflate(int(t.felt.w * 0.1), int(t.felt.h * 0.1)), self.lamp.level(), _nothing),
            Item("pot", t.pot_rect(), t.pot_sig(), t.draw_pot),
            Item("centre", t.centre_rect(), (repr(t.centre_sig()), mid),
                 lambda surf: t.draw_centre(surf, covered)),
        ]
        chips = self.chips
        for seat in range(t.n):
            out.append(Item(f"chips{seat}", chips.chips_rect(seat), chips.chips_sig(seat),
                            lambda surf, seat=seat: chips.draw_seat_chips(surf, seat)))
        for seat in range(t.n):
            mine = frozenset(k for k in covered if len(k) >= 2 and k[1] == seat)
            out.append(Item(f"seat{seat}", t.seat_rect(seat), (self.plates.seat_sig(seat), mine),
                            lambda surf, seat=seat: t.draw_seat(surf, seat, covered)))
        if t.result is not None:
            panel = self.result_panel
            out.append(Item("result", panel.rect(), (t.result, t.u), panel.draw, 1))
        out.append(Item("top", pygame.Rect(0, 0, t.size[0], t.top_h), t.top_sig(), t.draw_top, 1))
        out.append(Item("bar", t.bar_rect.copy(), t.bar_sig(), t.draw_bar, 1))
        out.append(Item("log", t.log_rect.copy(), (t.table_log.version, t.coach.reserved()), t.log_panel.draw, 1))
        out += t.coach.items()
        tip = t.shown_tooltip()
        if tip is not None:
            text, anchor = tip
            rect = tooltip_rect(t.text, text, anchor, pygame.Rect((0, 0), t.size), int(15 * t.u))
            out.append(Item("tooltip", rect, (text, tuple(anchor)), self.header.draw_tooltip, 2))
        return out

    # ------------------------------------------------------------------ the frame
    def paint(self, surf: pygame.Surface, incremental: bool) -> list[pygame.Rect]:
        """Paint a frame on ``surf``: the areas that changed since the last one (``incremental``), else all of
        it; returns the areas painted."""
        t = self.table
        bg = t.background()
        patch = self.lamp_patch(bg)
        items = t.items()
        anims = [(a, a.bounds()) for a in t.anims]
        arects = [r for _, r in anims if r is not None]
        screen = surf.get_rect()
        last = self._last
        full = not incremental or last is None or self._last_size != surf.get_size()
        dirty: list[pygame.Rect] = []
        if not full:
            assert last is not None
            for it in items:
                old = last.get(it.key)
                if old is None:
                    dirty.append(it.rect)
                elif old[1] != it.sig or old[0] != it.rect:
                    dirty += [old[0], it.rect]
            keys = {it.key for it in items}
            dirty += [r for k, (r, _) in last.items() if k not in keys]
            dirty += self._last_anim_rects + arects
            dirty = merge_rects([r.clip(screen) for r in dirty if r.w > 0 and r.h > 0])
            if sum(r.w * r.h for r in dirty) > 0.6 * screen.w * screen.h:
                full = True
        if full:
            dirty = [screen]
        regions = t.regions
        for r in dirty:
            surf.set_clip(r)
            surf.blit(bg, r, r)
            if patch is not None and r.colliderect(patch[1]):
                part = r.clip(patch[1])
                surf.blit(patch[0], part, part.move(-patch[1].x, -patch[1].y))
            for it in items:
                if it.layer == 0 and it.rect.colliderect(r):
                    with regions.region(ITEM_REGIONS.get(it.key, it.key)):
                        it.draw(surf)
            for a, ar in anims:
                if ar is not None and ar.colliderect(r):
                    with regions.region("banner" if isinstance(a, Banner) else ""):
                        a.draw(surf)
            for it in items:
                if it.layer > 0 and it.rect.colliderect(r):
                    with regions.region(ITEM_REGIONS.get(it.key, it.key)):
                        it.draw(surf)
        surf.set_clip(None)
        self._last = {it.key: (it.rect.copy(), it.sig) for it in items}
        self._last_anim_rects = arects
        self._last_size = surf.get_size()
        return dirty

    def paint_recorded(self, surf: RecordingSurface) -> RegionRecorder:
        """Paint one whole frame on ``surf`` with the region recorder on (the layout bench): the caches that
        would hide a shortened text (the name plates, the log) are redrawn first."""
        t = self.table
        self.plates.forget()
        t.log_panel.forget()
        with t.regions.record(surf):
            self.paint(surf, incremental=False)
        self._last = None  # the next frame on the real window paints it whole
        return t.regions


def _nothing(surf: pygame.Surface) -> None:
    """The lamp item draws nothing itself: its light lives in the background (see ``background``)."""


def merge_rects(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Merge overlapping or touching rectangles until none overlap (fewer, larger redraws)."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = r.inflate(2, 2)
        merged = True
        while merged:
            merged = False
            i = r.collidelist(out)
            if i >= 0:
                r = r.union(out.pop(i))
                merged = True
        out.append(r)
    return out
