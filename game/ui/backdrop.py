"""The cantina room and the table, painted once per window size into one surface.

Why one surface: the room is the most expensive thing on screen (gradients, glows, smoke, a tiled felt) and
it never moves, so every frame starts with a single blit of it. ART.md's look: blue-black shadows, warm amber
pools of light over the table, brass and dark wood, the felt crisp and bright under the lamp.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

from game.ui import theme
from game.ui.draw import glow, glow_source
from game.ui.resources import Resources

#: where each prop may stand, as fractions of the rail's box, in order of preference: the first place clear of
#: every seat's zone wins (see :meth:`Backdrop.table_room`)
_GLASS_SPOTS = (((0.2, 0.12), (0.8, 0.12), (0.32, 0.07), (0.68, 0.07)),
                ((0.87, 0.8), (0.13, 0.8), (0.95, 0.5), (0.05, 0.5), (0.93, 0.3)))
_PAD_SPOTS = ((0.08, 0.8), (0.92, 0.8), (0.04, 0.5), (0.96, 0.5), (0.1, 0.22), (0.9, 0.22))


class Backdrop:
    """Paints rooms and tables; art comes from the manifest when present, drawn shapes otherwise."""

    def __init__(self, res: Resources) -> None:
        self.res = res
        #: the props the last table room placed: (name, rect)
        self.props_placed: list[tuple[str, pygame.Rect]] = []

    # ------------------------------------------------------------------ pieces
    def _gradient(self, size: tuple[int, int], top: tuple[int, int, int], bottom: tuple[int, int, int]
                  ) -> pygame.Surface:
        """A vertical gradient from ``top`` to ``bottom`` (in the window's pixel format when there is a window, so
        the room needs no converting copy). A dark room's gradient has a few dozen distinct rows, so it is
        filled band by band (~30 fills): the same pixels as stretching a column of them, which cost ~2 ms of the
        title's first frame at 720p."""
        w, h = max(1, size[0]), max(1, size[1])
        span = max(1, h - 1)
        surf = pygame.Surface((w, h))  # the default format: the window's, when there is one
        (t0, t1, t2), (d0, d1, d2) = top, (bottom[0] - top[0], bottom[1] - top[1], bottom[2] - top[2])
        band_top, colour = 0, None
        for y in range(h + 1):
            f = y / span
            c = (int(t0 + d0 * f), int(t1 + d1 * f), int(t2 + d2 * f)) if y < h else None
            if c != colour:
                if colour is not None:
                    surf.fill(colour, (0, band_top, w, y - band_top))
                band_top, colour = y, c
        return surf

    def _tile(self, surf: pygame.Surface, asset: str, tile: int, area: pygame.Rect | None = None) -> bool:
        img = self.res.try_image(asset, (tile, tile))
        if img is None:
            return False
        r = area or surf.get_rect()
        for y in range(r.top, r.bottom, img.get_height()):
            for x in range(r.left, r.right, img.get_width()):
                surf.blit(img, (x, y))
        return True

    def _vignette(self, surf: pygame.Surface, strength: int = 200) -> None:
        """Darken the edges by ``strength`` (0..255), the darkness falling to nothing in a pool in the middle.

        Done as one multiply: a grey map (``255 - strength``, the light pool added on top, saturating at white)
        multiplied into the room. The same pixels, to one count, as laying black at alpha ``strength - pool``
        over it, but about twice as fast: SDL's BLEND_RGBA_SUB blit of a window-sized hole cost ~7 ms of the
        title's first frame at 1280x720. The pool is larger than the window (1.24 by 1.32 of it), so only the
        part of its small source that falls on the window is scaled, straight into the map: no pool of 1.5
        million pixels, no separate grey surface, one blit fewer (~4 ms of the title's first frame at 720p);
        the map differs from the whole pool's by a count or two, where the crop rounds to a source pixel."""
        w, h = surf.get_size()
        rx, ry = max(1, int(w * 0.62)), max(1, int(h * 0.66))
        cx, cy = w // 2, int(h * 0.52)
        src = glow_source((255, 255, 255), 255, additive=True)
        n = src.get_width()
        # the window in the source's pixels (the pool's top left at (cx - rx, cy - ry)), widened to whole pixels
        x0, y0 = math.floor((rx - cx) * n / (2 * rx)), math.floor((ry - cy) * n / (2 * ry))
        x1, y1 = math.ceil((rx - cx + w) * n / (2 * rx)), math.ceil((ry - cy + h) * n / (2 * ry))
        if x0 < 0 or y0 < 0 or x1 > n or y1 > n:  # a window the pool does not cover: not with these fractions
            keep = pygame.Surface((w, h))
            keep.fill((255 - strength,) * 3)
            hole = glow(rx, ry, (255, 255, 255), 255, additive=True, keep=False)
            keep.blit(hole, hole.get_rect(center=(cx, cy)), special_flags=pygame.BLEND_RGB_ADD)
            surf.blit(keep, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
            return
        left, top = cx - rx + round(x0 * 2 * rx / n), cy - ry + round(y0 * 2 * ry / n)
        size = (cx - rx + round(x1 * 2 * rx / n) - left, cy - ry + round(y1 * 2 * ry / n) - top)
        keep = pygame.transform.smoothscale(src.subsurface((x0, y0, x1 - x0, y1 - y0)), size)
        keep.fill((255 - strength,) * 3, special_flags=pygame.BLEND_RGB_ADD)
        surf.blit(keep, (left, top), special_flags=pygame.BLEND_RGB_MULT)

    def room(self, size: tuple[int, int], seed: int = 7, shelf: float = 0.2) -> pygame.Surface:
        """The back of the cantina: dark wall, a bar shelf of bottles catching a little light, smoke."""
        w, h = size
        surf = self._gradient(size, (20, 24, 34), (6, 7, 11))
        rng = random.Random(seed)
        u = max(0.45, min(w / 1280, h / 720))
        # wall panels
        for x in range(0, w, max(40, int(160 * u))):
            pygame.draw.line(surf, (24, 28, 38), (x, 0), (x, int(h * 0.5)), 1)
        # a bar shelf with bottles along the back wall
        shelf_y = int(h * shelf)
        pygame.draw.rect(surf, (40, 28, 18), (0, shelf_y, w, max(3, int(6 * u))))
        pygame.draw.line(surf, (90, 66, 30), (0, shelf_y), (w, shelf_y), 1)
        bottle = self.res.try_image("props.bottle", (int(22 * u), int(62 * u)))
        x = int(rng.uniform(10, 40) * u)
        while x < w:
            if bottle is not None and rng.random() < 0.8:
                b = bottle.copy()
                shade = rng.randint(70, 130)
                b.fill((shade, shade, min(255, shade + 20), 255), special_flags=pygame.BLEND_RGBA_MULT)
                surf.blit(b, b.get_rect(midbottom=(x, shelf_y)))
            else:
                bh = int(rng.uniform(28, 60) * u)
                bw = int(rng.uniform(8, 16) * u)
                colour = rng.choice(((30, 60, 52), (70, 44, 20), (40, 40, 70), (60, 24, 28)))
                pygame.draw.rect(surf, colour, (x - bw // 2, shelf_y - bh, bw, bh), border_radius=max(1, bw // 3))
            x += int(rng.uniform(20, 46) * u)
        # smoke hanging in the air: the art is soft radial gradients, which the SVG rasteriser draws slowly (~6 ms at
        # 420x300, a tenth of the title's first frame), so it is drawn at half size and smooth-scaled up: the same
        # soft smoke to a count or two, in a third of the time
        smoke = self.res.try_image("props.smoke", (max(1, int(210 * u)), max(1, int(150 * u))))
        if smoke is not None:
            smoke = pygame.transform.smoothscale(smoke, (int(420 * u), int(300 * u)))
        for _ in range(5):
            cx, cy = rng.uniform(0, w), rng.uniform(h * 0.05, h * 0.6)
            if smoke is not None:  # the scaled smoke is this room's own surface: its alpha is set, not copied
                smoke.set_alpha(rng.randint(50, 90))
                surf.blit(smoke, smoke.get_rect(center=(int(cx), int(cy))))
            else:
                g = glow(int(rng.uniform(140, 260) * u), int(rng.uniform(60, 110) * u), theme.SMOKE, 40, keep=False)
                surf.blit(g, g.get_rect(center=(int(cx), int(cy))))
        return surf

    def table_room(self, size: tuple[int, int], area: pygame.Rect, felt: pygame.Rect,
                   felt_colour: tuple[int, int, int], u: float,
                   clear: Sequence[pygame.Rect] = ()) -> pygame.Surface:
        """The room with a lit oval table in ``area``: rail, felt, lamp light, a dealer droid and props.

        A prop never stands in ``clear`` (the seats' zones: cards dealt over a glass read as clutter); each has a
        few places round the rail and takes the first free one, or stays off the table. ``props_placed`` keeps
        where they went (the layout tests read it)."""
        surf = self.room(size)
        # the dealer droid stands behind the table, half in shadow
        droid = self.res.try_image("props.droid_dealer", (int(120 * u), int(165 * u)))
        if droid is not None:
            d = droid.copy()
            d.fill((120, 120, 130, 255), special_flags=pygame.BLEND_RGBA_MULT)
            surf.blit(d, d.get_rect(midbottom=(felt.right - int(felt.w * 0.06), felt.top + int(22 * u))))
        # the warm pool of light the table sits in
        pool = glow(int(felt.w * 0.8), int(felt.h * 1.0), (255, 150, 60), 70, additive=True, keep=False)
        surf.blit(pool, pool.get_rect(center=felt.center), special_flags=pygame.BLEND_RGB_ADD)
        # shadow, rail, felt
        shadow = pygame.Surface((felt.w + int(90 * u), felt.h + int(80 * u)), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, 150), shadow.get_rect())
        surf.blit(shadow, shadow.get_rect(center=(felt.centerx, felt.centery + int(18 * u))))
        rail = felt.inflate(int(46 * u), int(40 * u))
        rail_s = pygame.Surface(rail.size, pygame.SRCALPHA)
        if not self._tile(rail_s, "props.wood_rail", max(32, int(96 * u))):
            rail_s.fill(theme.WOOD)
        mask = pygame.Surface(rail.size, pygame.SRCALPHA)
        pygame.draw.ellipse(mask, (255, 255, 255, 255), mask.get_rect())
        rail_s.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(rail_s, rail)
        pygame.draw.ellipse(surf, theme.WOOD_DARK, rail, max(2, int(3 * u)))
        pygame.draw.ellipse(surf, theme.BRASS, felt.inflate(int(10 * u), int(10 * u)), max(2, int(3 * u)))
        felt_s = pygame.Surface(felt.size, pygame.SRCALPHA)
        asset = "props.felt_burgundy" if felt_colour == theme.FELT_BURGUNDY else "props.felt_green"
        if not self._tile(felt_s, asset, max(48, int(128 * u))):
            felt_s.fill(felt_colour)
        fm = pygame.Surface(felt.size, pygame.SRCALPHA)
        pygame.draw.ellipse(fm, (255, 255, 255, 255), fm.get_rect())
        felt_s.blit(fm, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(felt_s, felt)
        # lamp light on the felt, brightest in the middle
        light = glow(int(felt.w * 0.5), int(felt.h * 0.6), (255, 190, 110), 75, additive=True, keep=False)
        surf.blit(light, light.get_rect(center=(felt.centerx, felt.centery - int(felt.h * 0.05))),
                  special_flags=pygame.BLEND_RGB_ADD)
        pygame.draw.ellipse(surf, (0, 0, 0), felt.inflate(-int(36 * u), -int(30 * u)), 1)
        # props on the rail: glasses, a datapad, each at the first of its places clear of the seats' zones
        self.props_placed = []
        glass = self.res.try_image("props.glass", (int(30 * u), int(42 * u)))
        pad = self.res.try_image("props.datapad", (int(62 * u), int(44 * u)))
        taken = list(clear)
        for img, name, spots in ((glass, "glass", _GLASS_SPOTS[0]), (glass, "glass", _GLASS_SPOTS[1]),
                                 (pad, "datapad", _PAD_SPOTS)):
            if img is None:
                continue
            for fx, fy in spots:
                r = img.get_rect(center=(rail.left + int(rail.w * fx), rail.top + int(rail.h * fy)))
                if r.collidelist(taken) < 0:
                    surf.blit(img, r)
                    taken.append(r)
                    self.props_placed.append((name, r))
                    break
        # the lamp hanging over the table
        lamp = self.res.try_image("props.lamp", (int(150 * u), int(120 * u)))
        top = area.top
        if lamp is not None:
            lr = lamp.get_rect(midtop=(felt.centerx, top - int(58 * u)))
            pygame.draw.line(surf, (30, 30, 34), (felt.centerx, 0), (felt.centerx, lr.top + 4), 2)
            g = glow(int(90 * u), int(40 * u), (255, 200, 120), 150, additive=True, keep=False)
            surf.blit(g, g.get_rect(center=(lr.centerx, lr.bottom - int(8 * u))), special_flags=pygame.BLEND_RGB_ADD)
            surf.blit(lamp, lr)
        self._vignette(surf, 150)
        return surf

    def title_room(self, size: tuple[int, int]) -> pygame.Surface:
        """The title screen: the room with one lamp and an empty table far back."""
        surf = self.room(size, seed=3, shelf=0.075)
        w, h = size
        u = max(0.45, min(w / 1280, h / 720))
        pool = glow(int(w * 0.35), int(h * 0.35), (255, 160, 70), 80, additive=True, keep=False)
        surf.blit(pool, pool.get_rect(center=(w // 2, int(h * 0.72))), special_flags=pygame.BLEND_RGB_ADD)
        table = pygame.Rect(0, 0, int(w * 0.5), int(h * 0.22))
        table.center = (w // 2, int(h * 0.86))
        pygame.draw.ellipse(surf, theme.WOOD, table.inflate(int(30 * u), int(24 * u)))
        pygame.draw.ellipse(surf, theme.FELT_GREEN, table)
        pygame.draw.ellipse(surf, theme.BRASS, table.inflate(int(8 * u), int(8 * u)), 2)
        lamp = self.res.try_image("props.lamp", (int(120 * u), int(96 * u)))
        if lamp is not None:  # a lamp over the far table, off to the side of the menu
            lr = lamp.get_rect(midtop=(int(w * 0.2), int(h * 0.45)))
            pygame.draw.line(surf, (30, 30, 34), (lr.centerx, 0), (lr.centerx, lr.top + 4), 2)
            g = glow(int(160 * u), int(120 * u), (255, 170, 80), 70, additive=True, keep=False)
            surf.blit(g, g.get_rect(center=(lr.centerx, lr.bottom + int(60 * u))), special_flags=pygame.BLEND_RGB_ADD)
            surf.blit(lamp, lr)
        droid = self.res.try_image("props.droid_dealer", (int(150 * u), int(205 * u)))
        if droid is not None:
            d = droid.copy()
            d.fill((110, 110, 125, 255), special_flags=pygame.BLEND_RGBA_MULT)
            surf.blit(d, d.get_rect(midbottom=(int(w * 0.82), int(h * 0.86))))
        self._vignette(surf, 170)
        return surf
