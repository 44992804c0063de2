"""What moves in a cantina on its own: lamps that flicker, a droid on its rounds, smoke, the staff and patrons.

Why separate from the scene: these are the map's ``prop`` objects brought to life, each kind with its own
small idle loop (``PROP_KINDS`` in the level loader names them). All time comes from ``update(dt)``, so a
headless run is exact, and every picture is cached per size, so an idle room costs a few blits a frame.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from itertools import pairwise

import pygame

from game.campaign.levels import Level, Prop
from game.ui import theme
from game.ui.cache import MB, SurfaceCache
from game.ui.campaign import characters as ch
from game.ui.campaign.mapview import LAMP, NEON, Light, MapView
from game.ui.draw import glow
from game.ui.resources import Resources

Sprite = tuple[float, Callable[[pygame.Surface], None]]  # (map y of the feet, draw)


class _Soft:
    """Soft pools of light (additive) and blobs of smoke (alpha), cached by size, colour and strength.

    Each is a smooth-scaled and tinted copy of one base texture made once, so a new size costs a scale and a
    fill, never a per-pixel loop; sizes and strengths are rounded so a flicker or a puff reuses a few."""

    STEPS = 8

    def __init__(self) -> None:
        self._add = glow(48, 48, (255, 255, 255), 255, additive=True).copy()
        self._alpha = glow(48, 48, (255, 255, 255), 255).copy()
        self._cache = SurfaceCache(300, 24 * MB, "ambience")  # an LRU capped in entries and pixel bytes (game.ui.cache)

    def _keep(self, key: tuple[object, ...], s: pygame.Surface) -> pygame.Surface:
        self._cache[key] = s
        return s

    def light(self, rx: int, ry: int, colour: tuple[int, int, int], level: float) -> pygame.Surface:
        step = max(0, min(self.STEPS, round(level * self.STEPS)))
        key = ("light", rx, ry, colour, step)
        s = self._cache.get(key)
        if s is None:
            s = pygame.transform.smoothscale(self._add, (max(2, 2 * rx), max(2, 2 * ry)))
            s.fill(tuple(int(v * step / self.STEPS) for v in colour), special_flags=pygame.BLEND_RGB_MULT)
            s = self._keep(key, s)
        return s

    def blob(self, rx: float, ry: float, colour: tuple[int, int, int], alpha: int) -> pygame.Surface:
        key = ("blob", max(2, int(rx) // 3 * 3), max(2, int(ry) // 3 * 3), colour, max(0, min(255, alpha)) // 8 * 8)
        s = self._cache.get(key)
        if s is None:
            s = pygame.transform.smoothscale(self._alpha, (2 * key[1], 2 * key[2]))  # type: ignore[operator]
            s.fill((*colour, key[4]), special_flags=pygame.BLEND_RGBA_MULT)
            s = self._keep(key, s)
        return s


class Flicker:
    """A lamp's brightness over time: a slow waver and, now and then, a stutter."""

    def __init__(self, period_ms: int, rng: random.Random) -> None:
        self.period = max(0.3, period_ms / 1000)
        self.phase = rng.uniform(0, math.tau)
        self.rng = rng
        self.next_stutter = rng.uniform(3, 10)
        self.stutter = -1.0

    def update(self, dt: float) -> None:
        if self.stutter >= 0:
            self.stutter += dt
            if self.stutter > 0.45:
                self.stutter = -1.0
                self.next_stutter = self.rng.uniform(5, 14)
        else:
            self.next_stutter -= dt
            if self.next_stutter <= 0:
                self.stutter = 0.0

    def level(self, t: float) -> float:
        """0 (out) .. 1 (bright)."""
        if self.stutter >= 0:
            return (0.0, 0.7, 0.0, 0.0, 0.8, 0.2, 0.9, 1.0, 1.0)[min(8, int(self.stutter / 0.05))]
        w = 2 * math.pi / self.period
        return 0.62 + 0.22 * math.sin(t * w + self.phase) + 0.12 * math.sin(t * w * 2.7 + self.phase * 1.9)


class Puff:
    __slots__ = ("age", "drift", "life", "x", "y")

    def __init__(self, x: float, y: float, drift: float, life: float) -> None:
        self.x, self.y, self.drift, self.life, self.age = x, y, drift, life, 0.0


class Ambience:
    """The room's idle life for one level (positions in map pixels, drawn through a MapView)."""

    def __init__(self, level: Level, lights: list[Light], seed: int = 0, res: Resources | None = None,
                 kinds_at: Callable[[float, float], tuple[str, ...]] | None = None) -> None:
        """``res``: where the props' art comes from (none: the lamps, crates and bottles are left out, as in a
        test that only counts); ``kinds_at``: the map's tile kinds at a point (a lamp on a ``standing_lamp`` tile
        stands on the floor, any other hangs from the ceiling)."""
        self.level = level
        self.res = res
        self.kinds_at = kinds_at or (lambda x, y: ())
        self._lamp_kinds: dict[str, str] = {}
        self.rng = random.Random(seed)
        self.t = 0.0
        self.soft = _Soft()
        self.lamps = [(lt, Flicker(lt.period_ms, random.Random(seed * 31 + i)))
                      for i, lt in enumerate(lights) if lt.flicker]
        self.props = list(level.props)
        self.droids = {p.name: _Route(p) for p in self.props if p.kind == "droid" and len(p.route) >= 2}
        self.puffs: dict[str, list[Puff]] = {p.name: [] for p in self.props if p.kind == "smoke"}
        self.puff_in = {name: self.rng.uniform(0, 1.0) for name in self.puffs}
        w, h = level.pixel_size
        self.haze = [[self.rng.uniform(0, w), self.rng.uniform(0, h), self.rng.uniform(4, 9) * self.rng.choice((-1, 1)),
                      self.rng.uniform(110, 190)] for _ in range(5)]
        self._floor: pygame.Surface | None = None  # the map with the haze in it (see :meth:`floor`)
        self._floor_key: tuple[object, ...] = ()
        self._floor_t = 0.0

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.t += dt
        for _, f in self.lamps:
            f.update(dt)
        for r in self.droids.values():
            r.update(dt)
        for name, puffs in self.puffs.items():
            for p in puffs:
                p.age += dt
            self.puffs[name] = [p for p in puffs if p.age < p.life]
            self.puff_in[name] -= dt
            if self.puff_in[name] <= 0:
                self.puff_in[name] = self.rng.uniform(0.5, 1.1)
                prop = next(q for q in self.props if q.name == name)
                self.puffs[name].append(Puff(prop.x + self.rng.uniform(-4, 4), prop.y, self.rng.uniform(-6, 6),
                                             self.rng.uniform(3.5, 5.0)))
        w, _ = self.level.pixel_size
        for blob in self.haze:
            blob[0] += blob[2] * dt
            if blob[0] < -blob[3]:
                blob[0] = w + blob[3]
            elif blob[0] > w + blob[3]:
                blob[0] = -blob[3]

    # ------------------------------------------------------------------ light and air
    def draw_lights(self, surf: pygame.Surface, view: MapView) -> None:
        """The lamps' waver as a little light added over the lit map (a stutter takes some away)."""
        k = view.scale
        for lt, f in self.lamps:
            level = f.level(self.t)
            x, y = view.to_screen(lt.x, lt.y)
            rx = max(2, int(lt.radius * 0.62 * k))
            if level < 0.3:  # the lamp stutters: its pool goes dim for a moment
                g = self.soft.light(rx, int(rx * 0.9), (60, 46, 30), 1.0 - level)
                surf.blit(g, g.get_rect(center=(x, y)), special_flags=pygame.BLEND_RGB_SUB)
            else:
                colour = (56, 38, 18) if lt.colour == LAMP else tuple(int(c * 0.3) for c in lt.colour)
                g = self.soft.light(rx, int(rx * 0.9), colour, level)  # type: ignore[arg-type]
                surf.blit(g, g.get_rect(center=(x, y)), special_flags=pygame.BLEND_RGB_ADD)

    def floor(self, view: MapView) -> pygame.Surface:
        """The lit map at the view's size with the smoke haze laid over it, to be blitted at ``view.rect``.

        Why a layer: the haze is five room-wide veils, a third of the room's drawing when they were blended
        over it every frame. They drift 4–9 map px a second and are soft to their cores, so laying them into
        the floor :data:`HAZE_FPS` times a second moves each a few pixels at a step, never a visible jump; every
        other frame pays one opaque blit, as the bare map did. Remade at once for a new window size."""
        key = (view.scaled.get_size(), id(view.scaled))
        due = self._floor is None or self._floor_key != key or self.t - self._floor_t >= 1 / HAZE_FPS
        if due:
            if self._floor is None or self._floor.get_size() != view.scaled.get_size():
                self._floor = view.scaled.copy()
            else:
                self._floor.blit(view.scaled, (0, 0))
            self._draw_haze(self._floor, view)
            self._floor_key, self._floor_t = key, self.t
        assert self._floor is not None
        return self._floor

    def _draw_haze(self, layer: pygame.Surface, view: MapView) -> None:
        """The haze's blobs into ``layer``, a copy of the map at ``view``'s size (so offset by its corner)."""
        k = view.scale
        ox, oy = view.rect.topleft
        for x, y, _, r in self.haze:
            g = self.soft.blob(r * k, r * 0.55 * k, theme.SMOKE, 34)
            sx, sy = view.to_screen(x, y)
            layer.blit(g, g.get_rect(center=(sx - ox, sy - oy)))

    def draw_smoke(self, surf: pygame.Surface, view: MapView) -> None:
        """The puffs rising from the room's smoke props, over the people (the haze is in :meth:`floor`)."""
        k = view.scale
        for puffs in self.puffs.values():
            for p in puffs:
                f = p.age / p.life
                rad = (6 + 22 * f) * k
                alpha = int(70 * (1 - f) * min(1.0, p.age * 3))
                if alpha < 4:
                    continue
                g = self.soft.blob(rad, rad * 0.8, (150, 150, 160), alpha)
                surf.blit(g, g.get_rect(center=view.to_screen(p.x + p.drift * f * 3, p.y - 46 * f)))

    # ------------------------------------------------------------------ figures and things
    def sprites(self, view: MapView) -> list[Sprite]:
        """Everything the props put in the room, each with the map y its feet stand on (for draw order)."""
        out: list[Sprite] = []
        for p in self.props:
            fn = getattr(self, f"_draw_{p.kind}", None)
            if fn is not None:
                out.append((p.y + SORT_LIFT.get(self.lamp_kind(p) if p.kind == "lamp" else p.kind, 0.0),
                            lambda surf, p=p, fn=fn: fn(surf, view, p)))
        return out

    def lamp_kind(self, p: Prop) -> str:
        """``standing`` for a lamp on a standing-lamp tile, else ``hanging`` (read once per lamp)."""
        kind = self._lamp_kinds.get(p.name)
        if kind is None:
            kind = self._lamp_kinds[p.name] = "standing" if "standing_lamp" in self.kinds_at(p.x, p.y) else "hanging"
        return kind

    def hang(self, p: Prop) -> float:
        """How far above its pool a hanging lamp's shade is drawn: low over a table's felt (it would otherwise
        cover whoever sits across), at head height elsewhere."""
        over_table = any(t.x <= p.x <= t.x + t.width and t.y <= p.y <= t.y + t.height for t in self.level.tables)
        return LAMP_HANG_OVER_TABLE if over_table else LAMP_HANG

    def cord(self, p: Prop, hang: float) -> float:
        """How long a hanging lamp's cord is drawn, in map pixels: up out of sight, unless it would cross a table
        or a face across one (then a short drop rod)."""
        full = pygame.Rect(int(p.x) - 1, int(p.y - hang - 90), 2, 90)
        crosses = any(full.colliderect(pygame.Rect(int(t.x), int(t.y) - 40, int(t.width), int(t.height) + 40))
                      for t in self.level.tables)
        return 14.0 if crosses else 90.0

    def _art(self, asset: str, view: MapView, w: float, h: float) -> pygame.Surface | None:
        """A prop's art at ``w`` × ``h`` map pixels on screen (cached by the resources per size)."""
        if self.res is None:
            return None
        return self.res.try_image(asset, (max(2, int(w * view.scale)), max(2, int(h * view.scale))))

    def _lamp_level(self, p: Prop) -> float:
        f = next((f for lt, f in self.lamps if abs(lt.x - p.x) < 1 and abs(lt.y - p.y) < 1), None)
        return 1.0 if f is None else f.level(self.t)

    def _draw_lamp(self, surf: pygame.Surface, view: MapView, p: Prop) -> None:
        """The lamp itself, drawn as a lamp: a shade hanging on its cord above the pool it throws, or a standing
        lamp on its foot; its bulb glows with the same flicker as the pool."""
        k = view.scale
        level = self._lamp_level(p)
        if self.lamp_kind(p) == "standing":
            img = self._art("props.floor_lamp", view, 30, 75)
            if img is None:
                return
            x, y = view.to_screen(p.x, p.y + 12)
            r = img.get_rect(midbottom=(x, y))
            bulb = (r.centerx, r.top + int(r.h * 0.32))
        else:
            img = self._art("props.lamp", view, 46, 37)
            if img is None:
                return
            hang = self.hang(p)
            x, y = view.to_screen(p.x, p.y - hang)
            r = img.get_rect(midbottom=(x, y))
            cord = self.cord(p, hang)
            top = view.to_screen(p.x, p.y - hang - cord)[1]
            pygame.draw.line(surf, theme.WOOD_DARK, (r.centerx, max(view.rect.top, top)), (r.centerx, r.top + 2),
                             max(1, int(1.5 * k)))
            bulb = (r.centerx, r.top + int(r.h * 0.69))
        surf.blit(img, r)
        g = self.soft.light(max(2, int(16 * k)), max(2, int(9 * k)), (255, 190, 110), 0.3 + 0.7 * level)
        surf.blit(g, g.get_rect(center=bulb), special_flags=pygame.BLEND_RGB_ADD)

    def _draw_bottles(self, surf: pygame.Surface, view: MapView, p: Prop) -> None:
        img = self._art("props.bar_bottles", view, 52, 26)
        if img is not None:
            x, y = view.to_screen(p.x, p.y)
            surf.blit(img, img.get_rect(midbottom=(x, y)))

    def _draw_crate(self, surf: pygame.Surface, view: MapView, p: Prop) -> None:
        img = self._art("props.crate", view, 30, 27)
        if img is not None:
            x, y = view.to_screen(p.x, p.y)
            surf.blit(img, img.get_rect(midbottom=(x, y + int(6 * view.scale))))

    def _draw_patron(self, surf: pygame.Surface, view: MapView, p: Prop) -> None:
        """A patron standing at the edge of the room: turns to look about now and then, shifts their weight."""
        look = PATRONS[p.object_id % len(PATRONS)]
        phase = (self.t + p.object_id * 2.3) % 11.0
        facing = 1 if phase < 6.0 else -1
        shift = math.sin(self.t * 0.8 + p.object_id) * 0.8
        img = ch.walker(int(44 * view.scale), 0, facing, look)
        x, y = view.to_screen(p.x + shift, p.y + 10)
        surf.blit(img, img.get_rect(midbottom=(x, y)))

    def _bust(self, surf: pygame.Surface, view: MapView, look: ch.Look, x: float, y: float, key: str,
              dx: float = 0.0, dy: float = 0.0, height: float = 42) -> pygame.Rect:
        img = ch.bust(look, int(height * view.scale), key)
        sx, sy = view.to_screen(x + dx, y + dy)
        r = img.get_rect(midbottom=(sx, sy + int(8 * view.scale)))
        surf.blit(img, r)
        return r

    def _draw_bartender(self, surf: pygame.Surface, view: MapView, p: Prop) -> None:
        r = self._bust(surf, view, ch.STAFF["bartender"], p.x, p.y, p.name, height=44)
        a = self.t * 2.4  # the rag goes round and round a glass
        k = view.scale
        cx, cy = r.centerx + math.cos(a) * 7 * k, r.bottom - 9 * k + math.sin(a) * 2.5 * k
        pygame.draw.ellipse(surf, (210, 200, 176), pygame.Rect(cx - 5 * k, cy - 3 * k, 10 * k, 6 * k))

    def _draw_drinker(self, surf: pygame.Surface, view: MapView, p: Prop) -> None:
        look = ch.STAFF["drinker2" if p.object_id % 2 else "drinker"]
        sway = math.sin(self.t * 0.9 + p.object_id) * 1.6
        r = self._bust(surf, view, look, p.x, p.y, p.name, dx=sway, height=40)
        k = view.scale
        phase = (self.t + p.object_id * 1.7) % 7.0  # a sip every few seconds
        lift = max(0.0, math.sin(min(1.0, phase / 1.4) * math.pi)) if phase < 1.4 else 0.0
        gx, gy = r.centerx + 6 * k, r.bottom - 6 * k - lift * 10 * k
        glass = pygame.Rect(0, 0, max(2, int(5 * k)), max(3, int(7 * k)))
        glass.midbottom = (int(gx), int(gy))
        pygame.draw.rect(surf, (150, 200, 190), glass, border_radius=max(1, int(k)))
        pygame.draw.rect(surf, (220, 150, 60), glass.inflate(-max(1, int(k)), -glass.h // 2).move(0, glass.h // 4))

    def _draw_guard(self, surf: pygame.Surface, view: MapView, p: Prop) -> None:
        phase = (self.t + p.object_id) % 9.0  # shifts his weight from one foot to the other
        shift = math.sin(min(1.0, max(0.0, (phase - 7.5) / 1.5)) * math.pi) * 3
        self._bust(surf, view, ch.STAFF["guard"], p.x, p.y, p.name, dx=shift, height=50)

    def _draw_band(self, surf: pygame.Surface, view: MapView, p: Prop) -> None:
        k = view.scale
        beat = abs(math.sin(self.t * math.pi * 1.8))
        self._bust(surf, view, ch.STAFF["band"], p.x - 14, p.y, p.name + "a", dy=-beat * 1.5, height=40)
        self._bust(surf, view, ch.STAFF["band2"], p.x + 14, p.y, p.name + "b",
                   dy=-abs(math.sin(self.t * math.pi * 1.8 + 1)) * 1.5, height=40)
        for i in range(3):  # notes drifting up
            f = (self.t * 0.45 + i / 3) % 1.0
            x, y = view.to_screen(p.x + math.sin(f * 6 + i) * 10, p.y - 40 - f * 34)
            a = int(220 * (1 - f))
            if a > 10:
                note = pygame.Surface((int(10 * k) + 2, int(14 * k) + 2), pygame.SRCALPHA)
                col = (230, 190, 255, a)
                pygame.draw.circle(note, col, (int(3 * k) + 1, int(11 * k)), max(1, int(3 * k)))
                pygame.draw.line(note, col, (int(6 * k), int(11 * k)), (int(6 * k), 1), max(1, int(k)))
                pygame.draw.line(note, col, (int(6 * k), 1), (int(9 * k), int(3 * k)), max(1, int(k)))
                surf.blit(note, (x, y))

    def _draw_dealer(self, surf: pygame.Surface, view: MapView, p: Prop) -> None:
        look = ch.Look("droid (dealer)", "slender", "#9a8f7a", "#7fd1e8", "brass plating", "photoreceptors")
        bob = math.sin(self.t * 1.3 + p.object_id) * 0.8
        self._bust(surf, view, look, p.x, p.y, p.name, dy=bob, height=40)

    def _draw_droid(self, surf: pygame.Surface, view: MapView, p: Prop) -> None:
        route = self.droids.get(p.name)
        if route is None:
            return
        x, y = route.pos
        img = ch.service_droid(int(26 * view.scale), int(self.t * 2) % 2 == 0, route.facing)
        sx, sy = view.to_screen(x, y)
        surf.blit(img, img.get_rect(midbottom=(sx, sy + int(10 * view.scale))))

    def _draw_glass(self, surf: pygame.Surface, view: MapView, p: Prop) -> None:
        phase = (self.t + p.object_id * 0.7) % 4.0  # a glint as it is turned in the light
        if phase > 0.6:
            return
        k = view.scale
        a = math.sin(phase / 0.6 * math.pi)
        x, y = view.to_screen(p.x, p.y)
        r = max(2, int(5 * k * a))
        col = (255, 240, 200)
        pygame.draw.line(surf, col, (x - r, y), (x + r, y), max(1, int(k)))
        pygame.draw.line(surf, col, (x, y - r), (x, y + r), max(1, int(k)))

    def _draw_fan(self, surf: pygame.Surface, view: MapView, p: Prop) -> None:
        k = view.scale
        x, y = view.to_screen(p.x, p.y)
        speed = math.tau / max(0.4, (p.period_ms or 1200) / 1000)
        a0 = self.t * speed
        rad = 40 * k
        blade = pygame.Surface((int(rad * 2) + 4, int(rad * 2) + 4), pygame.SRCALPHA)
        c = (rad + 2, rad + 2)
        for i in range(4):
            a = a0 + i * math.pi / 2
            tip = (c[0] + math.cos(a) * rad, c[1] + math.sin(a) * rad * 0.7)
            side = (c[0] + math.cos(a + 0.35) * rad * 0.8, c[1] + math.sin(a + 0.35) * rad * 0.56)
            pygame.draw.polygon(blade, (0, 0, 0, 40), [c, tip, side])
        surf.blit(blade, blade.get_rect(center=(x, y)))

    def _draw_neon(self, surf: pygame.Surface, view: MapView, p: Prop) -> None:
        """The sign itself is a tile; its buzz is a thin line of colour under it that stutters."""
        flick = next((f for lt, f in self.lamps if abs(lt.x - p.x) < 1 and abs(lt.y - p.y - 32) < 1), None)
        if flick is not None and flick.level(self.t) < 0.3:
            return
        k = view.scale
        colour = NEON[p.object_id % len(NEON)]
        x, y = view.to_screen(p.x, p.y)
        g = self.soft.light(max(2, int(26 * k)), max(2, int(8 * k)), colour, 0.5)
        surf.blit(g, g.get_rect(center=(x, y + int(12 * k))), special_flags=pygame.BLEND_RGB_ADD)


#: times a second the drifting haze is laid into the floor anew (see :meth:`Ambience.floor`)
HAZE_FPS = 3.0
#: map pixels a hanging lamp's shade sits above the floor it lights
LAMP_HANG = 34
LAMP_HANG_OVER_TABLE = 4
#: what is drawn over what: a hanging lamp is above every head, a standing one stands where its foot is
SORT_LIFT: dict[str, float] = {"hanging": 10_000.0, "standing": 12.0}
#: people at the edges of the rooms (``patron`` props), drawn as the player is
PATRONS: tuple[ch.Look, ...] = (
    ch.Look("human", "broad", "#7a5a48", "#c9a04a", "a long coat", ""),
    ch.Look("human", "slight", "#5a6a7a", "#d05a8a", "a flight suit", ""),
    ch.Look("human", "tall", "#4a5a48", "#e0b060", "a velvet jacket", ""),  # not the player's blue-grey
)


class _Route:
    """A droid walking its polyline to the end and back, pausing at each end."""

    SPEED = 38.0  # map px per second

    def __init__(self, prop: Prop) -> None:
        self.points = list(prop.route)
        lengths = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(self.points)]
        self.length = max(1.0, sum(lengths))
        self.lengths = lengths
        self.d = 0.0
        self.dir = 1
        self.wait = 1.0
        self.facing = 1
        self.pos = self.points[0]

    def update(self, dt: float) -> None:
        if self.wait > 0:
            self.wait -= dt
            return
        self.d += self.dir * self.SPEED * dt
        if self.d >= self.length or self.d <= 0:
            self.d = max(0.0, min(self.length, self.d))
            self.dir = -self.dir
            self.wait = 2.0
        rest = self.d
        last = len(self.lengths) - 1
        for i, ((a, b), seg) in enumerate(zip(pairwise(self.points), self.lengths, strict=False)):
            if rest <= seg or i == last:
                f = 0.0 if seg == 0 else min(1.0, rest / seg)
                self.pos = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
                dx = (b[0] - a[0]) * self.dir
                if abs(dx) > 0.5:
                    self.facing = 1 if dx > 0 else -1
                break
            rest -= seg
