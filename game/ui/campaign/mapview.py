"""A cantina map on screen: the Tiled layers drawn once, lit, and scaled to the window.

Why this shape: the tiles never move, so the whole map is composed once (``pytmx.load_pygame``, which needs a
display mode first), lit once, and scaled once per window size; every frame starts with one blit of it. The
light is a multiply pass: a blue-black ambient everywhere, warm amber pools where the map's lamps hang and
over every table, a cold spill at the doors, a tint under a neon sign. Only what moves (a lamp's flicker,
smoke, people) is drawn per frame, in screen space, by the cantina scene.

Scaling keeps pixel art crisp: the lit map is first enlarged by the next whole factor with nearest-neighbour
(sharp edges), then smooth-scaled down to the exact fit, so a 1.4× window looks neither blocky nor blurred.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

import pygame

from game.campaign.levels import Level
from game.ui.draw import glow

AMBIENT = (52, 56, 80)  # the multiply floor: blue-black shadow
LAMP = (255, 196, 128)
TABLE_LIGHT = (236, 190, 130)
DOOR_LIGHT = (110, 140, 190)
NEON = ((255, 70, 170), (60, 220, 255), (255, 120, 60))
POOL_CORE = 0.42  # a lamp pool's bright core, as a share of its reach
POOL_SQUASH = 0.72  # pools on the floor are ellipses: the room is seen from above and in front


@dataclass(frozen=True)
class Light:
    """A light in map pixels: where, how far it reaches, its colour; ``flicker`` lamps animate."""

    x: float
    y: float
    radius: float
    colour: tuple[int, int, int]
    flicker: bool = False
    period_ms: int = 0
    haze: bool = True  # a faint additive bloom on top of the multiply (warm air around a lamp)


def lights_of(level: Level) -> list[Light]:
    """Every light the map implies: its lamp props, a lamp over each table, doors, neon, the bar, the lender."""
    out: list[Light] = []
    tw = level.tile_width
    for p in level.props:
        if p.kind == "lamp":
            out.append(Light(p.x, p.y, 4.6 * tw, LAMP, True, p.period_ms or 2500))
        elif p.kind == "neon":
            colour = NEON[p.object_id % len(NEON)]
            out.append(Light(p.x, p.y + tw, 3.2 * tw, colour, True, p.period_ms or 700))
        elif p.kind == "bartender":
            out.append(Light(p.x, p.y + tw * 0.5, 3.6 * tw, LAMP, False))
        elif p.kind == "band":
            out.append(Light(p.x, p.y, 3.0 * tw, (200, 140, 255), False))
    lamps = [(p.x, p.y) for p in level.props if p.kind == "lamp"]
    for t in level.tables:
        cx, cy = t.centre
        if any(math.hypot(x - cx, y - cy) < max(t.width, t.height) * 0.6 for x, y in lamps):
            continue  # a lamp of the map already hangs over this table
        out.append(Light(cx, cy, max(t.width, t.height) * 0.5 + 2.6 * tw, TABLE_LIGHT, False, haze=True))
    for d in level.doors:
        cx, cy = d.centre
        out.append(Light(cx, cy, 2.4 * tw, DOOR_LIGHT, False, haze=False))
    if level.lender is not None:
        out.append(Light(level.lender[0], level.lender[1], 2.8 * tw, (255, 170, 90), False))
    return out


#: tiles that give off light (by the tileset's ``kind`` property): radius in tiles, colour
TILE_LIGHTS: dict[str, tuple[float, tuple[int, int, int]]] = {
    "sconce": (2.4, (230, 160, 96)),
    "standing_lamp": (3.0, LAMP),
    "hanging_lamp": (3.0, LAMP),
    "viewport": (2.2, (90, 120, 170)),
    "neon": (2.6, (255, 90, 150)),
    "bar_taps": (1.6, (220, 150, 80)),
}


def tile_lights(level: Level, tmx: object, near: list[Light]) -> list[Light]:
    """Lights for the lamp, sconce and window tiles (not where a prop light already shines)."""
    import pytmx

    out: list[Light] = []
    tw, th = level.tile_width, level.tile_height
    for layer in tmx.visible_layers:  # type: ignore[attr-defined]
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        for x, y, gid in layer.iter_data():
            if not gid:
                continue
            props = tmx.get_tile_properties_by_gid(gid) or {}  # type: ignore[attr-defined]
            spec = TILE_LIGHTS.get(str(props.get("kind", "")))
            if spec is None:
                continue
            cx, cy = (x + 0.5) * tw, (y + 0.9) * th
            if any(math.hypot(lt.x - cx, lt.y - cy) < 1.5 * tw for lt in near + out):
                continue
            radius, colour = spec
            out.append(Light(cx, cy, radius * tw, colour, False, haze=props.get("kind") != "viewport"))
    return out


def load_tmx(level: Level):  # -> pytmx.TiledMap
    """The map with its images, through pytmx's pygame loader (a display mode must exist)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx

    return pytmx.load_pygame(str(level.path))


def compose(level: Level, tmx: object) -> pygame.Surface:
    """The map's tile layers, bottom to top, with each layer's opacity (unlit, map pixels)."""
    import pytmx

    w, h = level.pixel_size
    base = pygame.Surface((w, h))
    base.fill(pygame.Color(level.background))
    for layer in tmx.visible_layers:  # type: ignore[attr-defined]
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        opacity = float(getattr(layer, "opacity", 1.0) or 1.0)
        target = base if opacity >= 0.999 else pygame.Surface((w, h), pygame.SRCALPHA)
        for x, y, img in layer.tiles():
            target.blit(img, (x * level.tile_width, y * level.tile_height))
        if target is not base:
            target.set_alpha(int(255 * opacity))
            base.blit(target, (0, 0))
    return base


def light(level: Level, base: pygame.Surface, lights: list[Light]) -> pygame.Surface:
    """The map lit: shadow everywhere, pools of light where the lights are, a dark rim at the walls."""
    w, h = base.get_size()
    lightmap = pygame.Surface((w, h))
    lightmap.fill(AMBIENT)
    for lt in lights:
        r = int(lt.radius)
        g = glow(r, int(r * 0.9), lt.colour, 255, additive=True, keep=False)
        lightmap.blit(g, g.get_rect(center=(int(lt.x), int(lt.y))), special_flags=pygame.BLEND_RGB_ADD)
        if lt.colour == LAMP:  # a lamp's pool: a bright core right under the shade, falling off to the rim
            rc = int(lt.radius * POOL_CORE)
            core = glow(rc, int(rc * POOL_SQUASH), (170, 130, 80), 255, additive=True, keep=False)
            lightmap.blit(core, core.get_rect(center=(int(lt.x), int(lt.y))), special_flags=pygame.BLEND_RGB_ADD)
    lit = base.copy()
    lit.blit(lightmap, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    for lt in lights:  # warm air around the lamps
        if lt.haze:
            r = int(lt.radius * 0.75)
            c = tuple(int(v * 0.16) for v in lt.colour)
            g = glow(r, int(r * 0.85), c, 255, additive=True, keep=False)  # type: ignore[arg-type]
            lit.blit(g, g.get_rect(center=(int(lt.x), int(lt.y))), special_flags=pygame.BLEND_RGB_ADD)
    # the corners of the room fall off into shadow
    edge = pygame.Surface((w, h), pygame.SRCALPHA)
    edge.fill((4, 5, 10, 120))
    hole = glow(int(w * 0.62), int(h * 0.66), (255, 255, 255), 255, keep=False)
    edge.blit(hole, hole.get_rect(center=(w // 2, h // 2)), special_flags=pygame.BLEND_RGBA_SUB)
    lit.blit(edge, (0, 0))
    return lit


def scale_crisp(src: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``src`` at ``size``: nearest-neighbour up to the next whole factor, then smooth down to fit."""
    w, h = src.get_size()
    tw, th = max(1, size[0]), max(1, size[1])
    if (tw, th) == (w, h):
        return src.copy()
    k = math.ceil(max(tw / w, th / h) - 1e-6)
    if k >= 2:
        src = pygame.transform.scale(src, (w * k, h * k))
        if src.get_size() == (tw, th):
            return src
    return pygame.transform.smoothscale(src, (tw, th))


class MapView:
    """One cantina's picture: composed and lit once, scaled once per window size."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.tmx = load_tmx(level)
        self.lights = lights_of(level)
        self.lights += tile_lights(level, self.tmx, self.lights)
        self.unlit = compose(level, self.tmx)
        self.lit = light(level, self.unlit, self.lights)
        if pygame.display.get_surface() is not None:
            self.lit = self.lit.convert()
        self.scale = 1.0
        self.rect = pygame.Rect(0, 0, *self.lit.get_size())
        self.scaled: pygame.Surface = self.lit

    def kinds_at(self, x: float, y: float) -> tuple[str, ...]:
        """The ``kind`` of every tile at map point (``x``, ``y``), bottom layer first."""
        import pytmx

        cx, cy = int(x // self.level.tile_width), int(y // self.level.tile_height)
        found: list[str] = []
        for layer in self.tmx.visible_layers:
            if not isinstance(layer, pytmx.TiledTileLayer):
                continue
            try:
                gid = layer.data[cy][cx]
            except IndexError:
                continue
            kind = (self.tmx.get_tile_properties_by_gid(gid) or {}).get("kind") if gid else None
            if kind:
                found.append(str(kind))
        return tuple(found)

    def fit(self, area: pygame.Rect) -> None:
        """Scale the map to the largest size that fits ``area``, centred in it (cached per size)."""
        mw, mh = self.lit.get_size()
        scale = min(area.w / mw, area.h / mh)
        size = (max(1, round(mw * scale)), max(1, round(mh * scale)))
        rect = pygame.Rect((0, 0), size)
        rect.center = area.center
        if size != self.scaled.get_size():
            self.scaled = scale_crisp(self.lit, size)
        self.scale = size[0] / mw
        self.rect = rect

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        return (int(self.rect.x + x * self.scale), int(self.rect.y + y * self.scale))

    def to_map(self, sx: float, sy: float) -> tuple[float, float]:
        return ((sx - self.rect.x) / self.scale, (sy - self.rect.y) / self.scale)

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(self.scaled, self.rect)
