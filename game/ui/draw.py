"""Drawing helpers shared by every scene: cached text, panels, glows, chips, dice, cubes and cards.

Everything that costs more than a blit is rendered once and cached (text by string, chips by stack size,
dice by face and size), so a busy 1080p frame stays within a few milliseconds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from game.ui import cache, regions, theme
from game.ui.cache import MB, SurfaceCache
from game.ui.resources import Resources

Colour = tuple[int, int, int]

#: called with every string drawn through :class:`Text` (tests use it to prove what reached the screen)
TEXT_HOOK: Callable[[str], None] | None = None


class Text:
    """Rendered text cached by (role, size, string, colour): font rendering is the slowest thing we do.

    The cache is an LRU capped in entries and in pixel bytes (a long session draws ever new strings: chip
    counts, the log, timers), so the lines every frame draws stay and old ones go.
    """

    def __init__(self, res: Resources, limit: int = 1500, max_bytes: int = 3 * MB) -> None:
        self.res = res
        self._cache = SurfaceCache(limit, max_bytes, "text")
        self._limit = limit
        self._base_bytes = max_bytes

    def fit_window(self, size: tuple[int, int]) -> None:
        """Grow the byte cap with the window: text scales with it, and a frame's lines must all fit. At 1080p the
        busiest frame's lines weigh 2.2 MB (a Better Hintaro table redrawn whole; two seconds of its frames 2.7 MB),
        so the cap is 3 MB there (1.5 bytes a window pixel; at 4K four times that). It was twice that, and a long
        session filled it with lines drawn once: 3 MB of RSS gained after the table had been shown whole."""
        self._cache.max_bytes = max(self._base_bytes, int(size[0]) * int(size[1]) * 3 // 2)
        cache.fit_window(size)  # and the budget every picture cache shares (the app calls this on every resize)

    def render(self, text: str, size: int, colour: Colour = theme.CREAM, role: str = "text") -> pygame.Surface:
        if TEXT_HOOK is not None:
            TEXT_HOOK(text)
        key = (role, size, text, colour)
        surf = self._cache.get(key)
        if surf is None:
            surf = self.res.font(role, size).render(text, True, colour)
            self._cache[key] = surf
        return surf

    def blit(self, surf: pygame.Surface, text: str, size: int, colour: Colour = theme.CREAM, role: str = "text",
             **anchor: tuple[int, int] | int) -> pygame.Rect:
        img = self.render(text, size, colour, role)
        rect = img.get_rect(**anchor)
        surf.blit(img, rect)
        return rect

    def fit(self, text: str, size: int, width: int, role: str = "text") -> str:
        """``text`` cut with an ellipsis so it fits ``width`` pixels."""
        font = self.res.font(role, size)
        if font.size(text)[0] <= width:
            return text
        regions.note_clipped(text)
        while text and font.size(text + "…")[0] > width:
            text = text[:-1]
        return text + "…"

    def fit_head(self, text: str, size: int, width: int, role: str = "text") -> str:
        """``text`` if it fits ``width``, else what it says before its first colon (a log line's head: "Reveal
        for the hand pot", its list of who showed what being in the log whole), else cut as :meth:`fit` cuts."""
        head = text.split(": ", 1)[0]
        font = self.res.font(role, size)
        if head != text and font.size(text)[0] > width and font.size(head)[0] <= width:
            return head
        return self.fit(text, size, width, role)

    def wrap(self, text: str, size: int, width: int, role: str = "text") -> list[str]:
        """Lines of ``text`` word-wrapped to ``width`` pixels (a single word wider than that runs over: it is
        reported as cut)."""
        font = self.res.font(role, size)
        lines: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for w in words:
                trial = f"{line} {w}" if line else w
                if font.size(trial)[0] <= width or not line:
                    if regions.ACTIVE is not None and not line and font.size(w)[0] > width:
                        regions.note_clipped(text)
                    line = trial
                else:
                    lines.append(line)
                    line = w
            lines.append(line)
        return lines


# ---------------------------------------------------------------------------------------------- shapes
#: the module's picture caches, each an LRU capped in entries and pixel bytes (game.ui.cache). Glows drawn every
#: frame (the turn highlight) stay; the big pools painted once into a room are not kept (``glow(keep=False)``).
_glows = SurfaceCache(64, 16 * MB, "glows")
_glow_sources = SurfaceCache(64, 4 * MB, "glow_sources")  # 96×96 sources, 36 KB each
_FALLOFF: list[float] = []


def _falloff() -> list[float]:
    """Light intensity against distance from the centre (0..1 in 64 steps): a smooth, soft-edged pool."""
    if not _FALLOFF:
        for i in range(65):
            d = i / 64
            _FALLOFF.append(max(0.0, 1 - d * d) ** 2)
    return _FALLOFF


_QUARTERS: dict[int, list[list[float | None]]] = {}


def _quarter(n: int) -> list[list[float | None]]:
    """The falloff at each pixel of the top-left quarter of an ``n``×``n`` disc (None outside it): worked out
    once, shared by every colour's disc (three on the title's first frame)."""
    found = _QUARTERS.get(n)
    if found is None:
        fall = _falloff()
        c = (n - 1) / 2
        found = []
        for y in range(n // 2):
            dy = (y - c) / c
            found.append([None if (d := math.hypot((x - c) / c, dy)) >= 1 else fall[min(64, int(d * 64))]
                          for x in range(n // 2)])
        _QUARTERS[n] = found
    return found


_GREY_DISCS: dict[tuple[int, bool], pygame.Surface] = {}


def _grey_disc(n: int, additive: bool) -> pygame.Surface:
    """The falloff of an ``n``×``n`` disc at full strength, worked out once per size and kind: as grey
    (``additive``: RGB = 255 × falloff) or as white with that alpha. One quarter is worked out pixel by pixel, the
    rest are its mirror images (the disc is symmetric about both axes), packed as bytes; the white one gets the
    falloff as its alpha by one slice assignment (packing it pixel by pixel cost ~0.6 ms of the title's first
    frame)."""
    key = (n, additive)
    found = _GREY_DISCS.get(key)
    if found is not None:
        return found
    rows = []
    for falls in _quarter(n):
        values = bytes(0 if f is None else int(255 * f) for f in falls)
        rows.append(values + values[::-1])
    data = b"".join(rows) + b"".join(reversed(rows))  # one byte a pixel, the falloff
    if additive:  # grey: the bytes as an 8-bit picture with a grey palette, widened by one blit (~0.2 ms)
        grey = pygame.image.frombytes(data, (n, n), "P")
        grey.set_palette([(v, v, v) for v in range(256)])
        found = pygame.Surface((n, n), 0, 32)
        found.blit(grey, (0, 0))
    else:  # white, the falloff as alpha
        rgba = bytearray(b"\xff") * (4 * n * n)
        rgba[3::4] = data
        found = pygame.image.frombytes(bytes(rgba), (n, n), "RGBA")
    _GREY_DISCS[key] = found
    return found


def _glow_disc(colour: Colour, alpha: int, additive: bool, n: int = 96) -> pygame.Surface:
    """:func:`glow`'s small ``n``×``n`` disc: the full-strength grey disc (:func:`_grey_disc`, shared by every
    colour) multiplied by the colour at ``alpha``, one fill where a disc per colour worked out pixel by pixel cost
    ~0.7 ms each (three on the title's first frame); the same bytes to a count."""
    disc = _grey_disc(n, additive).copy()
    if additive:
        disc.fill(tuple(c * alpha // 255 for c in colour[:3]), special_flags=pygame.BLEND_RGB_MULT)
    else:
        disc.fill((*colour[:3], alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return disc


def _glow_source(colour: Colour, alpha: int, additive: bool) -> pygame.Surface:
    """The 96-pixel glow a pool of light is scaled from (:func:`_glow_disc`, once per colour and strength)."""
    key = (colour, alpha, additive)
    small = _glow_sources.get(key)
    if small is None:
        small = _glow_disc(colour, alpha, additive)
        if pygame.display.get_surface() is not None:
            # in the window's pixel format (the disc is built RGBX/RGBA, the window is usually BGRX): the pools
            # scaled from it then blend into the room and the screen on SDL's fast path, ~4x faster a blit
            small = small.convert() if additive else small.convert_alpha()
        _glow_sources[key] = small
    return small


def glow_source(colour: Colour, alpha: int, additive: bool = False) -> pygame.Surface:
    """The small disc every :func:`glow` of this colour and strength is smooth-scaled from (cached), for a painter
    that scales only the part of a pool it needs (the room's vignette, larger than the window)."""
    return _glow_source(colour, alpha, additive)


def glow(rx: int, ry: int, colour: Colour, alpha: int, additive: bool = False, keep: bool = True) -> pygame.Surface:
    """A soft elliptical pool of light (cached), for lamps over the table and the turn highlight.

    ``additive``: RGB already scaled by the intensity, for ``BLEND_RGB_ADD`` (light adds to what is under
    it); otherwise a colour with falling alpha, for a normal blit. Drawn small and smooth-scaled: no bands.
    ``keep=False`` for a glow painted once into a background (a room-sized pool weighs several MB at 1080p):
    only its small source stays cached, so painting it again costs one smooth-scale.
    """
    rx, ry = max(1, int(rx)), max(1, int(ry))
    key = (rx, ry, colour, alpha, additive)
    s = _glows.get(key)
    if s is None:
        s = pygame.transform.smoothscale(_glow_source(colour, alpha, additive), (rx * 2, ry * 2))
        if keep:
            _glows[key] = s
    return s


def panel(surf: pygame.Surface, rect: pygame.Rect, fill: Colour = theme.PANEL, edge: Colour = theme.PANEL_EDGE,
          radius: int = 10, alpha: int = 255, width: int = 2) -> None:
    """A rounded panel; translucent ones are drawn through a small temporary surface."""
    if rect.w <= 0 or rect.h <= 0:
        return
    if alpha >= 255:
        pygame.draw.rect(surf, fill, rect, border_radius=radius)
    else:
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, (*fill, alpha), tmp.get_rect(), border_radius=radius)
        surf.blit(tmp, rect)
    if width:
        pygame.draw.rect(surf, edge, rect, width, border_radius=radius)


def shade(surf: pygame.Surface, alpha: int = 170) -> None:
    """Darken the whole surface (behind a modal overlay): (4, 5, 9) laid over it at ``alpha``.

    Done in place with two fills (keep ``255 - alpha`` of each colour, add the tint), not with a window-sized
    translucent surface: that one was cached and held 8 MB at 1080p for the rest of the session.
    """
    alpha = max(0, min(255, int(alpha)))
    if surf.get_flags() & pygame.SRCALPHA:  # a translucent picture: its alpha must grow too, so blend for real
        s = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        s.fill((4, 5, 9, alpha))
        surf.blit(s, (0, 0))
        return
    keep = 255 - alpha
    surf.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    surf.fill(tuple(c * alpha // 255 for c in (4, 5, 9)), special_flags=pygame.BLEND_RGB_ADD)


# ----------------------------------------------------------------------------------------------- chips
def chip_breakdown(amount: int) -> list[tuple[int, int]]:
    """(denomination, count) columns for ``amount``, largest first; odd chips (<10) count as one bronze."""
    out: list[tuple[int, int]] = []
    rest = max(0, amount)
    for value, *_ in theme.DENOMS:
        n, rest = divmod(rest, value)
        if n:
            out.append((value, n))
    if rest and not any(v == 10 for v, _ in out):
        out.append((10, 1))
    return out


_DENOM = {d[0]: d for d in theme.DENOMS}
_stacks = SurfaceCache(400, 8 * MB, "chip_stacks")
MAX_DRAWN = 16


def chip_stack(value: int, count: int, d: int, res: Resources | None = None) -> pygame.Surface:
    """A stack of ``count`` chips of ``value``, ``d`` px wide, drawn as one cached surface.

    A big stack is drawn as a stack (up to MAX_DRAWN chips tall), each chip a coloured edge with its own
    marks and a slight jitter; the top face carries the value. Beskar (5000) is an ingot, not a disc.
    """
    count = max(1, count)
    shown = min(count, MAX_DRAWN)
    key = (value, shown, d)
    s = _stacks.get(key)
    if s is not None:
        return s
    art = _art_stack(value, shown, d, res) if res is not None else None
    if art is not None:
        _stacks[key] = art
        return art
    _, name, body, mark, _label = _DENOM.get(value, theme.DENOMS[-1])
    eh = max(3, d * 11 // 20)  # ellipse height (perspective)
    t = max(2, d // 7)  # chip thickness
    h = eh + t * shown + 2
    jit = random.Random(value * 131 + shown)
    s = pygame.Surface((d + 4, h), pygame.SRCALPHA)
    dark = tuple(max(0, int(c * 0.55)) for c in body)
    if name == "beskar":
        for i in range(shown):
            y = h - t * (i + 1) - eh
            x = 2 + jit.randint(-1, 1)
            top = pygame.Rect(x + d // 8, y, d - d // 4, eh)
            pygame.draw.rect(s, dark, top.move(0, t).inflate(d // 8, 0), border_radius=3)
            pygame.draw.rect(s, body, top, border_radius=3)
            pygame.draw.rect(s, mark, top, 1, border_radius=3)
    else:
        for i in range(shown):
            y = h - t * (i + 1) - eh
            x = 2 + jit.randint(-1, 1)
            r = pygame.Rect(x, y, d, eh)
            pygame.draw.ellipse(s, dark, r.move(0, t))
            pygame.draw.rect(s, dark, (r.x, r.centery, d, t))
            pygame.draw.ellipse(s, body, r)
            # edge marks: short light dashes around the rim, a different count per denomination
            marks = {"bronze": 4, "silver": 6, "gold": 3, "white": 8, "black": 5}.get(name, 4)
            for k in range(marks):
                a = math.pi * (0.15 + 0.7 * k / max(1, marks - 1))
                mx = r.centerx + math.cos(a) * d / 2 * 0.96
                my = r.centery + math.sin(a) * eh / 2 + t / 2
                pygame.draw.line(s, mark, (mx, my - t / 2), (mx, my + t / 2), max(1, d // 14))
        top = pygame.Rect(2, h - t * shown - eh, d, eh)
        pygame.draw.ellipse(s, mark, top.inflate(-d // 5, -eh // 5), max(1, d // 16))
    _stacks[key] = s
    return s


def _art_stack(value: int, shown: int, d: int, res: Resources) -> pygame.Surface | None:
    """The stack built from the chip art: the tilted chip repeated, each raised by the art's stack step."""
    asset = f"chips.ingot_{value}_tilt" if value == 5000 else f"chips.chip_{value}_tilt"
    meta = res.meta.get(asset)
    if meta is None:
        return None
    w = float(meta.get("width", 100))
    h = float(meta.get("height", 64))
    step = float(meta.get("stack_step", 8)) * d / w
    th = max(2, round(d * h / w))
    img = res.try_image(asset, (d, th))
    if img is None:
        return None
    height = th + int(step * (shown - 1)) + 2
    s = pygame.Surface((d + 4, height), pygame.SRCALPHA)
    jit = random.Random(value * 131 + shown)
    for i in range(shown):
        y = height - th - int(step * i)
        s.blit(img, (2 + jit.randint(-1, 1), y))
    return s


def chip_pile_size(amount: int, d: int) -> tuple[int, int]:
    cols = chip_breakdown(amount)
    t = max(2, d // 7)
    eh = max(3, d * 11 // 20)
    tallest = max((min(n, MAX_DRAWN) for _, n in cols), default=0)
    return (len(cols) * (d + 4), eh + t * tallest + 2)


def draw_chips(surf: pygame.Surface, amount: int, center: tuple[float, float], d: int,
               res: Resources | None = None) -> pygame.Rect:
    """Columns of chips for ``amount`` standing on ``center`` (bottom-centre), largest value left."""
    cols = chip_breakdown(amount)
    if not cols:
        return pygame.Rect(int(center[0]), int(center[1]), 0, 0)
    step = d + 4
    x0 = center[0] - len(cols) * step / 2
    area = None
    for i, (value, n) in enumerate(cols):
        img = chip_stack(value, n, d, res)
        r = img.get_rect(midbottom=(int(x0 + i * step + step / 2), int(center[1])))
        surf.blit(img, r)
        area = r if area is None else area.union(r)
    return area or pygame.Rect(0, 0, 0, 0)


# ----------------------------------------------------------------------------------------- die symbols
def _pts(cx: float, cy: float, r: float, pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(cx + x * r, cy + y * r) for x, y in pts]


def draw_symbol(s: pygame.Surface, name: str, cx: float, cy: float, r: float, colour: Colour,
                bg: Colour) -> None:
    """The four Hintaro symbols, told apart by shape alone (ART.md):

    Tukar an explosion (spiky star), Kulro a winged blade (an emblem), Hin a crosshair (ringed sun with
    four ticks), Taro a crescent moon.
    """
    w = max(1, int(r * 0.16))
    if name == "Tukar":
        pts = []
        for i in range(20):
            a = -math.pi / 2 + i * math.pi / 10
            rr = 1.0 if i % 2 == 0 else (0.42 if i % 4 == 1 else 0.5)
            pts.append((math.cos(a) * rr, math.sin(a) * rr))
        pygame.draw.polygon(s, colour, _pts(cx, cy, r, pts))
        pygame.draw.circle(s, bg, (cx, cy), r * 0.18)
    elif name == "Kulro":
        blade = [(0, -1.0), (0.16, -0.25), (0.11, 0.72), (0, 0.95), (-0.11, 0.72), (-0.16, -0.25)]
        pygame.draw.polygon(s, colour, _pts(cx, cy, r, blade))
        wing = [(-0.22, -0.15), (-0.55, -0.55), (-0.95, -0.62), (-0.78, -0.2), (-0.62, 0.25), (-0.25, 0.38)]
        pygame.draw.polygon(s, colour, _pts(cx, cy, r, wing))
        pygame.draw.polygon(s, colour, _pts(cx, cy, r, [(-x, y) for x, y in wing]))
    elif name == "Hin":
        pygame.draw.circle(s, colour, (cx, cy), r * 0.66, max(1, int(r * 0.17)))
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            pygame.draw.line(s, colour, (cx + dx * r * 0.3, cy + dy * r * 0.3), (cx + dx * r, cy + dy * r),
                             max(1, int(r * 0.17)))
        pygame.draw.circle(s, colour, (cx, cy), r * 0.14)
    elif name == "Taro":
        pygame.draw.circle(s, colour, (cx, cy), r * 0.9)
        pygame.draw.circle(s, bg, (cx + r * 0.38, cy - r * 0.22), r * 0.74)
        pygame.draw.circle(s, colour, (cx + r * 0.5, cy + r * 0.42), r * 0.12)
    else:
        pygame.draw.circle(s, colour, (cx, cy), w)


#: symbols on each Hintaro face, in drawing order
FACE_SYMBOLS: dict[str, tuple[str, ...]] = {
    "KK": ("Kulro", "Kulro"),
    "K": ("Kulro",),
    "TK": ("Tukar", "Kulro"),
    "T": ("Tukar",),
    "Hin": ("Hin",),
    "Taro": ("Taro",),
    "blank": (),
}


def die_asset(face: str, style: str) -> str:
    kind = "hintaro" if face in ("Hin", "Taro") or style == "gold" else "player"
    return f"dice.{kind}_{face.lower()}"


def symbol_slots(face: str, size: int, res: Resources | None = None) -> list[tuple[str, tuple[float, float], float]]:
    """(symbol, centre, radius) of each symbol on a die face of ``size`` px (relative to the die).

    The art's manifest records where each symbol sits; the drawn fallback uses its own places.
    """
    if res is not None:
        meta = res.meta.get(die_asset(face, "silver"))
        if meta is not None and isinstance(meta.get("slots"), list):
            return [(str(sl["symbol"]).capitalize(), (sl["cx"] * size, sl["cy"] * size), sl["size"] * size / 2)
                    for sl in meta["slots"]]
    syms = FACE_SYMBOLS.get(face, ())
    if len(syms) == 1:
        return [(syms[0], (size / 2, size / 2), size * 0.34)]
    if len(syms) == 2:
        return [(syms[0], (size * 0.31, size * 0.31), size * 0.22),
                (syms[1], (size * 0.69, size * 0.69), size * 0.22)]
    return []


_dice = SurfaceCache(300, 8 * MB, "dice")

DIE_STYLES: dict[str, tuple[Colour, Colour, Colour]] = {
    # body, edge, symbol
    "silver": ((206, 211, 220), (120, 126, 140), (24, 26, 36)),
    "gold": ((232, 184, 74), (140, 96, 24), (48, 26, 6)),
    "dim": ((96, 98, 106), (60, 62, 70), (40, 40, 48)),
}


def die_face(face: str, size: int, style: str = "silver", res: Resources | None = None) -> pygame.Surface:
    """A die seen from above showing ``face`` (cached per face, size and style)."""
    key = (face, size, style)
    s = _dice.get(key)
    if s is not None:
        return s
    art = res.try_image(die_asset(face, style), (size, size)) if res is not None else None
    if art is not None:
        if style == "dim":
            art = art.copy()
            art.fill((110, 110, 120, 255), special_flags=pygame.BLEND_RGBA_MULT)
        _dice[key] = art
        return art
    body, edge, ink = DIE_STYLES.get(style, DIE_STYLES["silver"])
    k = 3  # draw big and scale down: pygame's polygons are not anti-aliased
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    rr = size * k // 5
    pygame.draw.rect(big, tuple(int(c * 0.6) for c in body), big.get_rect().move(0, size * k // 24),
                     border_radius=rr)
    inner = big.get_rect().inflate(-2, -size * k // 12)
    inner.top = 0
    pygame.draw.rect(big, body, inner, border_radius=rr)
    pygame.draw.rect(big, edge, inner, max(2, size * k // 28), border_radius=rr)
    for sym, (cx, cy), r in symbol_slots(face, inner.h):
        draw_symbol(big, sym, cx * inner.w / inner.h, cy, r, ink, body)
    if face == "blank":
        pass
    s = pygame.transform.smoothscale(big, (size, size))
    _dice[key] = s
    return s


def strike(surf: pygame.Surface, centre: tuple[float, float], r: float, colour: Colour = theme.STRIKE,
           res: Resources | None = None) -> None:
    """The Hintaro die's cancellation: a bold slash through one symbol."""
    cx, cy = centre
    art = res.try_image("symbol.struck", (int(r * 2.3), int(r * 2.3))) if res is not None else None
    if art is not None:
        surf.blit(art, art.get_rect(center=(int(cx), int(cy))))
        return
    w = max(2, int(r * 0.32))
    a, b = (cx - r * 1.05, cy + r * 1.05), (cx + r * 1.05, cy - r * 1.05)
    pygame.draw.line(surf, (20, 6, 6), (a[0] + 1, a[1] + 2), (b[0] + 1, b[1] + 2), w + 2)
    pygame.draw.line(surf, colour, a, b, w)


_cubes = SurfaceCache(120, 4 * MB, "cubes")


def cube_face(colour: str, size: int, cb: bool = False, res: Resources | None = None) -> pygame.Surface:
    """A Street Hintaro chance cube: red with a ring, blue with a bar (shape carries the meaning too)."""
    key = (colour, size, cb)
    s = _cubes.get(key)
    if s is not None:
        return s
    art = res.try_image(f"cube.{colour}", (size, size)) if res is not None and not cb else None
    if art is not None:
        _cubes[key] = art
        return art
    k = 3
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    if colour == "red":
        body = theme.CUBE_RED[1 if cb else 0]
    elif colour == "blue":
        body = theme.CUBE_BLUE[1 if cb else 0]
    else:
        body = (110, 110, 118)
    rr = size * k // 5
    pygame.draw.rect(big, tuple(int(c * 0.55) for c in body), big.get_rect().move(0, size * k // 24),
                     border_radius=rr)
    inner = big.get_rect().inflate(-2, -size * k // 12)
    inner.top = 0
    pygame.draw.rect(big, body, inner, border_radius=rr)
    pygame.draw.rect(big, tuple(min(255, int(c * 1.3) + 30) for c in body), inner, max(2, size * k // 30),
                     border_radius=rr)
    c = inner.center
    ink = (250, 244, 232)
    if colour == "red":
        pygame.draw.circle(big, ink, c, inner.w * 0.28, max(3, inner.w // 10))
    elif colour == "blue":
        bar = pygame.Rect(0, 0, inner.w * 0.62, inner.w * 0.17)
        bar.center = c
        pygame.draw.rect(big, ink, bar, border_radius=inner.w // 20)
    else:
        pygame.draw.circle(big, ink, c, inner.w * 0.08)
    s = pygame.transform.smoothscale(big, (size, size))
    _cubes[key] = s
    return s


def clear_caches() -> None:
    """Forget every cached surface (on display mode changes or pygame.quit)."""
    _glows.clear()
    _glow_sources.clear()
    _stacks.clear()
    from game.ui import chips  # the piles are built from these stacks (imported here: chips imports draw)

    chips.clear_caches()
    _dice.clear()
    _cubes.clear()
