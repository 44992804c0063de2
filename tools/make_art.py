#!/usr/bin/env python3
"""Generate every SVG asset of Lost Hand Cantina, plus ``assets/art/manifest.toml`` and its JSON twin
``manifest.json`` (the same records: the game reads that one, fast, before its first frame).

Usage::

    python tools/make_art.py            # (re)writes assets/art/**.svg and the manifest
    python tools/make_art.py --check    # exits 1 if any file on disk differs from what
                                        # the script would write (for CI / review)

The app icon (``art/app/icon.svg``) is also rendered, with pygame-ce, into the desktop's formats under
``assets/icons/``: ``cantina.png`` (256 px: the window icon and the Linux ``.desktop`` icon), ``cantina.ico``
(Windows) and ``cantina.icns`` (macOS), PNG-compressed, each stamped with the SHA-256 of the SVG it was made
from. ``--check`` compares that stamp (not pixels, which could shift with an SDL_image upgrade), so it needs no
pygame; a plain run re-renders an icon only when its SVG changed.

Standard library only (pygame-ce for the icon rasters); output is deterministic (no clocks, seeded
``random.Random`` used only through ``.random()``), so running it twice gives
byte-identical files and the committed SVGs can always be re-made.

Renderer constraints (pygame-ce 2.5.8 -> SDL_image -> nanosvg), measured here:

* no ``<text>`` (nanosvg ignores it): every numeral and letter is drawn with the
  small stroke font in ``GLYPHS`` below;
* no ``<use>``, filters, masks, clip paths or CSS: shapes are written out in full;
* gradients: objectBoundingBox coordinates must be written as percentages
  (``x2="100%"``); bare fractions such as ``x2="1"`` render as a flat colour.
  ``gradientUnits="userSpaceOnUse"`` works;
* ``load_sized_svg(path, (w, h))`` keeps the aspect ratio (fits inside w x h), so
  the manifest records each asset's native width and height.

Asset ids are ``<group>.<name>`` (e.g. ``dice.player_kk``); the manifest maps each
id to its path relative to ``assets/`` and its native size.  Hintaro dice faces
also list their symbol slots (centre and size as fractions of the face) so the UI
can lay the ``symbol.struck`` overlay over exactly the cancelled symbol.
"""
from __future__ import annotations

import argparse
import hashlib
import math
import random
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
ART = ASSETS / "art"

# --------------------------------------------------------------------------- palette
INK = "#16181d"
BRASS = "#c9a04a"
BRASS_LT = "#f1d58f"
BRASS_DK = "#6e5320"
AMBER = "#ffb347"
CREAM = "#f3ecdc"
POS = "#45d29a"     # Sabacc positive (with a "+")
POS_DK = "#1c6e4c"
NEG = "#ff5f52"     # Sabacc negative (with a "-")
NEG_DK = "#8a231c"
CARD_RED = "#c4222b"
CARD_BLACK = "#17171a"

SYMBOL_COLOURS = {  # standalone symbols (UI icons, log panel, rank table)
    "hin": "#ffc44d",    # sun: gold
    "taro": "#b8cdf2",   # moon: pale blue
    "tukar": "#ff7a3d",  # explosion: orange red
    "kulro": "#7fe0cf",  # hero: teal
}


# --------------------------------------------------------------------------- svg helpers
def n(v: float) -> str:
    """Compact, deterministic number formatting."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def attrs(**kw) -> str:
    out = []
    for k, v in kw.items():
        if v is None:
            continue
        k = k.rstrip("_").replace("_", "-")
        if isinstance(v, float):
            v = n(v)
        out.append(f'{k}="{v}"')
    return " ".join(out)


def el(tag: str, **kw) -> str:
    return f"<{tag} {attrs(**kw)}/>"


def group(children, **kw) -> str:
    a = attrs(**kw)
    inner = "".join(children) if isinstance(children, (list, tuple)) else children
    return f"<g{(' ' + a) if a else ''}>{inner}</g>"


def pts(points) -> str:
    return " ".join(f"{n(x)},{n(y)}" for x, y in points)


def poly_d(points, close=True) -> str:
    d = "M" + " L".join(f"{n(x)} {n(y)}" for x, y in points)
    return d + (" Z" if close else "")


def tr(x=0.0, y=0.0, s=1.0, rot=0.0, sy=None) -> str:
    t = []
    if x or y:
        t.append(f"translate({n(x)} {n(y)})")
    if rot:
        t.append(f"rotate({n(rot)})")
    if sy is not None:
        t.append(f"scale({n(s)} {n(sy)})")
    elif s != 1.0:
        t.append(f"scale({n(s)})")
    return " ".join(t) or None


def rrect_d(x, y, w, h, r) -> str:
    """Rounded rectangle as a path (nanosvg handles rx, but a path also works as a stroke)."""
    return (f"M{n(x + r)} {n(y)} H{n(x + w - r)} A{n(r)} {n(r)} 0 0 1 {n(x + w)} {n(y + r)} "
            f"V{n(y + h - r)} A{n(r)} {n(r)} 0 0 1 {n(x + w - r)} {n(y + h)} H{n(x + r)} "
            f"A{n(r)} {n(r)} 0 0 1 {n(x)} {n(y + h - r)} V{n(y + r)} A{n(r)} {n(r)} 0 0 1 {n(x + r)} {n(y)} Z")


def circle_d(cx, cy, r) -> str:
    return (f"M{n(cx - r)} {n(cy)} A{n(r)} {n(r)} 0 1 1 {n(cx + r)} {n(cy)} "
            f"A{n(r)} {n(r)} 0 1 1 {n(cx - r)} {n(cy)} Z")


def polar(cx, cy, r, deg):
    a = math.radians(deg)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def regular_polygon(cx, cy, r, k, start=-90.0):
    return [polar(cx, cy, r, start + 360.0 * i / k) for i in range(k)]


class Doc:
    """One SVG document: a viewBox, gradient defs and body elements."""

    def __init__(self, w: float, h: float):
        self.w, self.h = w, h
        self.defs: list[str] = []
        self.body: list[str] = []
        self._ids = 0

    def add(self, *items: str) -> Doc:
        self.body.extend(items)
        return self

    def _id(self, prefix: str) -> str:
        self._ids += 1
        return f"{prefix}{self._ids}"

    def linear(self, stops, x1="0%", y1="0%", x2="0%", y2="100%", user=False) -> str:
        gid = self._id("l")
        units = ' gradientUnits="userSpaceOnUse"' if user else ""
        co = lambda v: n(v) if isinstance(v, (int, float)) else v  # noqa: E731
        self.defs.append(
            f'<linearGradient id="{gid}" x1="{co(x1)}" y1="{co(y1)}" x2="{co(x2)}" y2="{co(y2)}"{units}>'
            + "".join(_stop(s) for s in stops) + "</linearGradient>")
        return f"url(#{gid})"

    def radial(self, stops, cx="50%", cy="50%", r="50%", user=False) -> str:
        gid = self._id("r")
        units = ' gradientUnits="userSpaceOnUse"' if user else ""
        co = lambda v: n(v) if isinstance(v, (int, float)) else v  # noqa: E731
        self.defs.append(
            f'<radialGradient id="{gid}" cx="{co(cx)}" cy="{co(cy)}" r="{co(r)}"{units}>'
            + "".join(_stop(s) for s in stops) + "</radialGradient>")
        return f"url(#{gid})"

    def render(self) -> str:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{n(self.w)}" height="{n(self.h)}" '
                f'viewBox="0 0 {n(self.w)} {n(self.h)}">\n')
        defs = ("<defs>\n" + "\n".join(self.defs) + "\n</defs>\n") if self.defs else ""
        return head + defs + "\n".join(self.body) + "\n</svg>\n"


def _stop(s) -> str:
    off, col = s[0], s[1]
    op = s[2] if len(s) > 2 else None
    o = f' stop-opacity="{n(op)}"' if op is not None else ""
    return f'<stop offset="{n(off)}" stop-color="{col}"{o}/>'


# --------------------------------------------------------------------------- stroke font
# Glyphs on a 10-unit-high grid (y down), drawn as round-capped strokes.
# (advance, path).  '-' is drawn as a minus sign.
GLYPHS = {
    "0": (6, "M3 0 A3 3 0 0 1 6 3 V7 A3 3 0 0 1 0 7 V3 A3 3 0 0 1 3 0 Z"),
    "1": (3.6, "M0.4 2.2 L2.8 0 V10"),
    "2": (6, "M0.25 2.9 A2.9 2.9 0 1 1 5.3 5.1 L0.1 10 H6"),
    "3": (6, "M0.5 0 H5.6 L2.5 3.9 A3.05 3.05 0 1 1 0.25 8.7"),
    "4": (6, "M4.4 10 V0 L0 6.9 H6"),
    "5": (6, "M5.6 0 H1.2 L0.9 4.6 A3.05 3.05 0 1 1 0.25 8.7"),
    "6": (6, "M4.7 0 L0.45 5.45 M0 7 A3 3 0 1 0 6 7 A3 3 0 1 0 0 7 Z"),
    "7": (6, "M0 0 H6 L2.2 10"),
    "8": (6, "M3 0 A2.35 2.35 0 1 1 3 4.7 A2.35 2.35 0 1 1 3 0 Z "
             "M3 4.7 A2.65 2.65 0 1 1 3 10 A2.65 2.65 0 1 1 3 4.7 Z"),
    "9": (6, "M1.3 10 L5.55 4.55 M6 3 A3 3 0 1 0 0 3 A3 3 0 1 0 6 3 Z"),
    "A": (6.4, "M0 10 L3.2 0 L6.4 10 M1.15 6.6 H5.25"),
    "+": (6, "M0.4 5 H5.6 M3 2.4 V7.6"),
    "-": (6, "M0.4 5 H5.6"),
}
GLYPH_GAP = 1.7


def text_width(s: str, h: float, gap=GLYPH_GAP) -> float:
    u = sum(GLYPHS[c][0] for c in s) + gap * (len(s) - 1)
    return u * h / 10.0


def text(s: str, x: float, cy: float, h: float, colour: str, weight=1.6, anchor="middle",
         outline: str | None = None, outline_w=1.2, gap=GLYPH_GAP, opacity=None) -> str:
    """Stroke-font text: ``h`` is the cap height, ``cy`` the vertical centre."""
    w = text_width(s, h, gap)
    x0 = x - w / 2 if anchor == "middle" else (x - w if anchor == "end" else x)
    sc = h / 10.0
    paths = []
    cx = 0.0
    for c in s:
        adv, d = GLYPHS[c]
        paths.append((cx, d))
        cx += adv + gap
    out = []
    layers = []
    if outline:
        layers.append((outline, weight + 2 * outline_w))
    layers.append((colour, weight))
    for col, sw in layers:
        for gx, d in paths:
            out.append(el("path", d=d, transform=tr(gx, 0) if gx else None, fill="none", stroke=col,
                          stroke_width=sw, stroke_linecap="round", stroke_linejoin="round"))
    return group(out, transform=tr(x0, cy - h / 2, sc), opacity=opacity)


# --------------------------------------------------------------------------- Hintaro symbols
# Each symbol is drawn in a 100 x 100 box centred on (50, 50).  ``grow`` widens
# every shape by a stroke of that width (used for outlines and engraving rims).

def _fill(d, colour, grow, evenodd=False):
    return el("path", d=d, fill=colour, fill_rule="evenodd" if evenodd else None,
              stroke=colour if grow else None, stroke_width=grow if grow else None,
              stroke_linejoin="round" if grow else None)


def sym_hin(colour, grow=0.0):
    """Hin, the sun: a fancy crosshair (ring, four tapered arms, rays, centre dot)."""
    out = [el("circle", cx=50, cy=50, r=27, fill="none", stroke=colour, stroke_width=9 + grow)]
    arm = [(0, -49), (6, -31), (3.2, -13), (-3.2, -13), (-6, -31)]
    for k in range(4):
        a = math.radians(90 * k)
        p = [(50 + x * math.cos(a) - y * math.sin(a), 50 + x * math.sin(a) + y * math.cos(a)) for x, y in arm]
        out.append(_fill(poly_d(p), colour, grow))
    ray = [(0, -45), (4.5, -35), (-4.5, -35)]
    for k in range(4):
        a = math.radians(45 + 90 * k)
        p = [(50 + x * math.cos(a) - y * math.sin(a), 50 + x * math.sin(a) + y * math.cos(a)) for x, y in ray]
        out.append(_fill(poly_d(p), colour, grow))
    out.append(el("circle", cx=50, cy=50, r=6.5 + grow / 2, fill=colour))
    return "".join(out)


# A lopsided nine-point burst (angles in degrees, tip radius, notch radius).
_BURST = [(-90, 49, 19), (-52, 40, 17), (-14, 47, 20), (22, 38, 16), (58, 46, 19),
          (96, 39, 17), (134, 48, 20), (172, 37, 16), (210, 45, 18)]


def sym_tukar(colour, grow=0.0, core=None):
    """Tukar, the mortal hero: an explosion (jagged burst star)."""
    p = []
    for i, (a, r_tip, r_notch) in enumerate(_BURST):
        a_next = _BURST[(i + 1) % len(_BURST)][0] + (360 if i == len(_BURST) - 1 else 0)
        p.append(polar(50, 52, r_tip, a))
        p.append(polar(50, 52, r_notch, (a + a_next) / 2))
    out = [_fill(poly_d(p), colour, grow)]
    if core:  # a bright heart for the standalone icon
        q = []
        for i, (a, r_tip, r_notch) in enumerate(_BURST):
            a_next = _BURST[(i + 1) % len(_BURST)][0] + (360 if i == len(_BURST) - 1 else 0)
            q.append(polar(50, 52, r_tip * 0.42, a + 8))
            q.append(polar(50, 52, r_notch * 0.42, (a + a_next) / 2 + 8))
        out.append(_fill(poly_d(q), core, 0))
    return "".join(out)


def sym_taro(colour, grow=0.0):
    """Taro, the moon: a horns-up crescent emblem holding an orb, with a keel."""
    crescent = "M6 26 A45.4 45.4 0 1 0 94 26 A44.4 44.4 0 0 1 6 26 Z"
    out = [_fill(crescent, colour, grow),
           _fill(poly_d([(41, 84), (59, 84), (50, 99)]), colour, grow),
           el("circle", cx=50, cy=33, r=11.5 + grow / 2, fill=colour)]
    return "".join(out)


def sym_kulro(colour, grow=0.0):
    """Kulro, the hero: an upright blade with small up-swept wings and a hilt."""
    blade = poly_d([(50, 1), (57.5, 15), (56.5, 62), (43.5, 62), (42.5, 15)])
    lwing = "M44 67 C28 66 15 56 10 33 C21 45 31 50 44 53 Z"
    rwing = "M56 67 C72 66 85 56 90 33 C79 45 69 50 56 53 Z"
    guard = rrect_d(33, 60, 34, 9, 3)
    grip = rrect_d(45.5, 68, 9, 20, 2)
    out = [_fill(blade, colour, grow), _fill(lwing, colour, grow), _fill(rwing, colour, grow),
           _fill(guard, colour, grow), _fill(grip, colour, grow),
           el("circle", cx=50, cy=92, r=6 + grow / 2, fill=colour)]
    return "".join(out)


SYMBOLS = {"hin": sym_hin, "taro": sym_taro, "tukar": sym_tukar, "kulro": sym_kulro}


def place(symbol_svg: str, cx, cy, size) -> str:
    return group(symbol_svg, transform=tr(cx - size / 2, cy - size / 2, size / 100.0))


def make_symbol(name: str) -> Doc:
    d = Doc(100, 100)
    fn = SYMBOLS[name]
    col = SYMBOL_COLOURS[name]
    inner = fn(INK, 7.0)
    top = fn(col, 0.0, core="#ffe08a") if name == "tukar" else fn(col, 0.0)
    d.add(place(inner, 50, 50, 90), place(top, 50, 50, 90))
    return d


def make_struck() -> Doc:
    d = Doc(100, 100)
    d.add(el("path", d="M86 14 L14 86", stroke="#1a0b0b", stroke_width=17, stroke_linecap="round"),
          el("path", d="M86 14 L14 86", stroke="#e23a2e", stroke_width=10.5, stroke_linecap="round"),
          el("path", d="M82 16 L18 80", stroke="#ff9a8a", stroke_width=2.5, stroke_linecap="round",
             opacity=0.7))
    return d


# --------------------------------------------------------------------------- dice
def die_body(d: Doc, light, mid, dark, edge, face_tint=None):
    """A rounded cube face seen straight on, with bevel and highlight."""
    body = d.linear([(0, light), (0.55, mid), (1, dark)], x2="100%", y2="100%")
    face = d.linear([(0, face_tint or light), (1, mid)], x2="60%", y2="100%")
    d.add(el("rect", x=2, y=2, width=96, height=96, rx=17, fill=body, stroke=edge, stroke_width=2.2),
          el("rect", x=9.5, y=9.5, width=81, height=81, rx=12, fill=face, stroke=dark, stroke_width=1,
             stroke_opacity=0.45),
          el("path", d="M14 9.5 H86", stroke="#ffffff", stroke_width=1.6, stroke_linecap="round",
             opacity=0.55),
          el("path", d="M9.5 14 V86", stroke="#ffffff", stroke_width=1.2, stroke_linecap="round",
             opacity=0.35))


def engrave(d: Doc, sym: str, cx, cy, size, ink, rim, rim_op):
    fn = SYMBOLS[sym]
    k = size / 100.0
    d.add(group(place(fn(rim, 0), cx + 1.1, cy + 1.3, size), opacity=rim_op),
          place(fn(ink, 0.7 / k), cx, cy, size))  # ~0.7 face units of bleed


SILVER = dict(light="#fbfcfd", mid="#bcc3cb", dark="#78818c", edge="#3c434c", face_tint="#eef1f4")
GOLD = dict(light="#fff0b8", mid="#e0ad45", dark="#9a6714", edge="#4d3306", face_tint="#ffe495")
SILVER_INK = ("#1d2128", "#ffffff", 0.75)
GOLD_INK = ("#3a2204", "#fff6d0", 0.7)

SINGLE_SLOT = [(0.5, 0.5, 0.7)]
DOUBLE_SLOTS = [(0.285, 0.5, 0.47), (0.715, 0.5, 0.47)]

DIE_FACES = {
    # id suffix: (material, [symbol per slot])
    "player_kk": ("silver", ["kulro", "kulro"]),
    "player_k": ("silver", ["kulro"]),
    "player_tk": ("silver", ["tukar", "kulro"]),
    "player_t": ("silver", ["tukar"]),
    "player_blank": ("silver", []),
    "hintaro_hin": ("gold", ["hin"]),
    "hintaro_taro": ("gold", ["taro"]),
    "hintaro_blank": ("gold", []),
}


def face_slots(symbols):
    if not symbols:
        return []
    slots = SINGLE_SLOT if len(symbols) == 1 else DOUBLE_SLOTS
    return [(s, x, y, z) for s, (x, y, z) in zip(symbols, slots, strict=False)]


def make_die_face(material: str, symbols) -> Doc:
    d = Doc(100, 100)
    die_body(d, **(SILVER if material == "silver" else GOLD))
    ink, rim, rim_op = SILVER_INK if material == "silver" else GOLD_INK
    for s, x, y, z in face_slots(symbols):
        engrave(d, s, x * 100, y * 100, z * 100, ink, rim, rim_op)
    if not symbols:
        blank_mark(d, ink, rim, rim_op)
    return d


def blank_mark(d: Doc, ink, rim, rim_op) -> None:
    """A rolled blank face: a small engraved empty ring, hollow where the other faces carry a symbol, so a die
    that landed blank never reads as an unthrown or hidden die (a bare face did; play report 7). No slash: a
    slash is the Hintaro die's strike."""
    d.add(group(el("circle", cx=51.1, cy=51.3, r=12, fill="none", stroke=rim, stroke_width=5), opacity=rim_op),
          group(el("circle", cx=50, cy=50, r=12, fill="none", stroke=ink, stroke_width=5), opacity=0.5))


def make_cube(colour: str) -> Doc:
    d = Doc(100, 100)
    if colour == "red":
        die_body(d, "#ff7a6b", "#c92b2b", "#7a1414", "#3d0808", "#f0554a")
        d.add(el("circle", cx=50, cy=50, r=22, fill="none", stroke="#3d0808", stroke_width=15),
              el("circle", cx=50, cy=50, r=22, fill="none", stroke="#fff4ea", stroke_width=10))
    else:
        die_body(d, "#7fb0ff", "#2f62c4", "#16306e", "#0a1838", "#4c84e6")
        d.add(el("rect", x=19.5, y=40.5, width=61, height=19, rx=5, fill="#0a1838"),
              el("rect", x=22, y=43, width=56, height=14, rx=3.5, fill="#fff4ea"))
    return d


def make_d6(v: int) -> Doc:
    d = Doc(100, 100)
    die_body(d, "#fffdf6", "#e8dfc8", "#ab9c7a", "#4a4130", "#fbf6ea")
    pos = {1: [(50, 50)], 2: [(28, 28), (72, 72)], 3: [(28, 28), (50, 50), (72, 72)],
           4: [(28, 28), (72, 28), (28, 72), (72, 72)],
           5: [(28, 28), (72, 28), (50, 50), (28, 72), (72, 72)],
           6: [(28, 26), (72, 26), (28, 50), (72, 50), (28, 74), (72, 74)]}[v]
    r = 11 if v == 1 else 8.6
    for x, y in pos:
        d.add(el("circle", cx=x + 0.8, cy=y + 1, r=r, fill="#ffffff", opacity=0.8),
              el("circle", cx=x, cy=y, r=r, fill="#1c1a17"))
    return d


def spike_symbol(kind: str, colour: str, cx=50, cy=50, s=1.0) -> str:
    """Plain symbols of the Sabacc House spike dice, ~60 units across at s=1."""
    def P(points):
        return [(cx + x * s, cy + y * s) for x, y in points]
    if kind == "circle":
        return el("circle", cx=cx, cy=cy, r=22 * s, fill="none", stroke=colour, stroke_width=10 * s)
    if kind == "triangle":
        return el("path", d=poly_d(P([(0, -30), (30, 24), (-30, 24)])), fill=colour)
    if kind == "square":
        return el("rect", x=cx - 24 * s, y=cy - 24 * s, width=48 * s, height=48 * s, rx=3 * s, fill=colour)
    if kind == "diamond":
        return el("path", d=poly_d(P([(0, -32), (26, 0), (0, 32), (-26, 0)])), fill=colour)
    if kind == "cross":
        return el("path", d=poly_d(P([(-9, -30), (9, -30), (9, -9), (30, -9), (30, 9), (9, 9), (9, 30),
                                      (-9, 30), (-9, 9), (-30, 9), (-30, -9), (-9, -9)])), fill=colour)
    if kind == "spike":
        return el("path", d=poly_d(P([(-34, 30), (-25, -6), (-17, 14), (0, -38), (17, 14), (25, -6),
                                      (34, 30)])), fill=colour, stroke=colour, stroke_width=2 * s,
                  stroke_linejoin="round")
    raise KeyError(kind)


SPIKE_DIE_FACES = ["circle", "triangle", "square", "diamond", "cross", "spike"]


def make_spike_die(kind: str) -> Doc:
    d = Doc(100, 100)
    die_body(d, "#fffdf6", "#e8dfc8", "#ab9c7a", "#4a4130", "#fbf6ea")
    col = "#b3161c" if kind == "spike" else "#1f2128"
    d.add(group(spike_symbol(kind, "#ffffff", 51, 51.2), opacity=0.8), spike_symbol(kind, col))
    return d


# --------------------------------------------------------------------------- Kinzo
def kinzo_numeral(v: int, cx, cy, unit, colour, shade=None, left=False) -> str:
    """Pip-and-line numeral: a pip is 1, a line is 4; pips sit above the line (1..6).
    ``left``: ``cx`` is the left edge instead of the centre (corner indices)."""
    r = unit * 0.5
    step = unit * 1.25
    lines = 1 if v >= 5 else 0
    pips = v - 4 * lines
    out = []
    line_h = unit * 0.72
    line_w = unit * 4.4
    gap = unit * 0.5
    if left:
        width = line_w if lines else step * (pips - 1) + 2 * r
        cx = cx + width / 2
    total_h = (2 * r if pips else 0) + (gap if pips and lines else 0) + (line_h if lines else 0)
    y = cy - total_h / 2
    layers = [(shade, 0.9 * unit * 0.1)] if shade else []
    layers.append((colour, 0.0))
    for col, off in layers:
        yy = y
        if pips:
            x0 = cx - step * (pips - 1) / 2
            for i in range(pips):
                out.append(el("circle", cx=x0 + i * step + off, cy=yy + r + off, r=r, fill=col))
            yy += 2 * r + gap
        if lines:
            out.append(el("rect", x=cx - line_w / 2 + off, y=yy + off, width=line_w, height=line_h,
                          rx=line_h / 2, fill=col))
    return "".join(out)


def make_kinzo_die(v: int) -> Doc:
    d = Doc(100, 100)
    die_body(d, "#4b6b78", "#1f3640", "#0c171c", "#05090b", "#2c4a56")
    pip = d.linear([(0, BRASS_LT), (1, "#b88a2e")])
    d.add(kinzo_numeral(v, 50, 50, 17, pip, shade="#05090b"))
    return d


CARD_W, CARD_H = 250, 350


def card_base(d: Doc, top, bottom, edge, inner_edge=None, rx=16):
    g = d.linear([(0, top), (1, bottom)])
    d.add(el("rect", x=1.5, y=1.5, width=CARD_W - 3, height=CARD_H - 3, rx=rx, fill=g, stroke=edge,
             stroke_width=3))
    if inner_edge:
        d.add(el("rect", x=11, y=11, width=CARD_W - 22, height=CARD_H - 22, rx=rx * 0.6, fill="none",
                 stroke=inner_edge, stroke_width=2))


def rot180(svg: str) -> str:
    return group(svg, transform=f"rotate(180 {n(CARD_W / 2)} {n(CARD_H / 2)})")


def make_kinzo_card(v: int) -> Doc:
    d = Doc(CARD_W, CARD_H)
    card_base(d, "#1b2740", "#0b1120", "#05070d", inner_edge=BRASS)
    d.add(el("rect", x=17, y=17, width=CARD_W - 34, height=CARD_H - 34, rx=7, fill="none", stroke=BRASS_DK,
             stroke_width=1.2))
    glow = d.radial([(0, "#3a5a8a", 0.55), (1, "#1b2740", 0)], cx=125, cy=175, r=110, user=True)
    d.add(el("circle", cx=125, cy=175, r=110, fill=glow))
    gold = d.linear([(0, "#ffe9a8"), (0.5, "#e2b24f"), (1, "#a5761f")])
    d.add(kinzo_numeral(v, 125, 175, 36, gold, shade="#04060b"))
    d.add(el("circle", cx=125, cy=175, r=96, fill="none", stroke=BRASS_DK, stroke_width=1.5, opacity=0.8))
    for k in range(4):
        x, y = polar(125, 175, 96, 90 * k)
        d.add(el("path", d=poly_d([(x, y - 6), (x + 6, y), (x, y + 6), (x - 6, y)]), fill=BRASS))
    corner = kinzo_numeral(v, 28, 50, 13, BRASS_LT, left=True)
    d.add(corner, rot180(corner))
    return d


def make_kinzo_back() -> Doc:
    d = Doc(CARD_W, CARD_H)
    card_base(d, "#16213a", "#0a0f1c", "#05070d", inner_edge=BRASS)
    for i in range(7):
        r = 30 + i * 17
        d.add(el("path", d=poly_d([(125, 175 - r), (125 + r * 0.8, 175), (125, 175 + r), (125 - r * 0.8, 175)]),
                 fill="none", stroke=BRASS if i % 2 == 0 else BRASS_DK, stroke_width=1.6 if i % 2 == 0 else 1,
                 opacity=0.9 - i * 0.08))
    d.add(el("circle", cx=125, cy=175, r=34, fill="#0a0f1c", stroke=BRASS, stroke_width=2.5))
    d.add(kinzo_numeral(6, 125, 175, 10, BRASS_LT))
    for x, y in [(40, 40), (210, 40), (40, 310), (210, 310)]:
        d.add(el("circle", cx=x, cy=y, r=5, fill=BRASS))
    return d


# --------------------------------------------------------------------------- Sabacc House
def suit_shape(suit: str, cx, cy, size, **style) -> str:
    h = size / 2
    if suit == "circle":
        return el("circle", cx=cx, cy=cy, r=h, **style)
    if suit == "square":
        return el("rect", x=cx - h * 0.9, y=cy - h * 0.9, width=size * 0.9, height=size * 0.9, rx=size * 0.06,
                  **style)
    if suit == "triangle":
        corners = [(cx, cy - h * 1.02), (cx + h * 1.08, cy + h * 0.86), (cx - h * 1.08, cy + h * 0.86)]
        return el("path", d=poly_d(corners),
                  stroke_linejoin="round", **style)
    raise KeyError(suit)


def sabacc_value(v: int) -> str:
    return ("+" if v > 0 else "-") + str(abs(v))


def make_sabacc_card(suit: str, v: int) -> Doc:
    pos = v > 0
    col, dk = (POS, POS_DK) if pos else (NEG, NEG_DK)
    d = Doc(CARD_W, CARD_H)
    card_base(d, "#23262d" if pos else "#2a2326", "#111317" if pos else "#151012", "#050506")
    d.add(el("rect", x=10, y=10, width=CARD_W - 20, height=CARD_H - 20, rx=10, fill="none", stroke=col,
             stroke_width=3.5),
          el("rect", x=16, y=16, width=CARD_W - 32, height=CARD_H - 32, rx=6, fill="none", stroke=BRASS_DK,
             stroke_width=1.2))
    glow = d.radial([(0, dk, 0.75), (1, dk, 0)], cx=125, cy=178, r=115, user=True)
    d.add(el("circle", cx=125, cy=178, r=115, fill=glow))
    # big faint suit + big value in the centre
    cy = 190 if suit == "triangle" else 175
    d.add(suit_shape(suit, 125, 175, 170, fill=col, fill_opacity=0.13, stroke=col, stroke_width=5))
    label = sabacc_value(v)
    h = 62 if abs(v) < 10 else 54
    d.add(text(label, 125, cy, h, col, weight=1.7, outline="#07080a", outline_w=1.1))
    # corner index: signed value, suit mark under it
    idx = (text(label, 22, 42, 30, col, weight=1.9, anchor="start", outline="#07080a", outline_w=0.8)
           + suit_shape(suit, 22 + 13, 82, 24, fill=col))
    d.add(idx, rot180(idx))
    return d


def sylop_emblem(cx, cy, r, plus, minus, ring) -> str:
    """Balance: a plus half and a minus half interlocked like two crescents in a ring."""
    s = r / 50.0
    P = lambda x, y: f"{n(cx + x * s)} {n(cy + y * s)}"  # noqa: E731
    s_curve = f"A{n(25 * s)} {n(25 * s)} 0 0 1 {P(0, 0)} A{n(25 * s)} {n(25 * s)} 0 0 0 {P(0, -50)} Z"
    left = f"M{P(0, -50)} A{n(50 * s)} {n(50 * s)} 0 0 0 {P(0, 50)} " + s_curve
    right = f"M{P(0, -50)} A{n(50 * s)} {n(50 * s)} 0 0 1 {P(0, 50)} " + s_curve
    out = [el("path", d=left, fill=plus), el("path", d=right, fill=minus)]
    # the signs sit in the head of each half: plus above, minus below
    out.append(el("path", d=f"M{P(-9, -25)} L{P(9, -25)} M{P(0, -34)} L{P(0, -16)}",
                  stroke=minus, stroke_width=6 * s, stroke_linecap="round"))
    out.append(el("path", d=f"M{P(-9, 25)} L{P(9, 25)}", stroke=plus, stroke_width=6 * s,
                  stroke_linecap="round"))
    out.append(el("circle", cx=cx, cy=cy, r=r + 4 * s, fill="none", stroke=ring, stroke_width=5 * s))
    return "".join(out)


def make_sabacc_sylop() -> Doc:
    d = Doc(CARD_W, CARD_H)
    card_base(d, "#2a2236", "#120e18", "#050506")
    d.add(el("rect", x=10, y=10, width=CARD_W - 20, height=CARD_H - 20, rx=10, fill="none", stroke=BRASS,
             stroke_width=3.5))
    glow = d.radial([(0, "#6a4a9a", 0.7), (1, "#2a2236", 0)], cx=125, cy=175, r=120, user=True)
    d.add(el("circle", cx=125, cy=175, r=120, fill=glow))
    for k in range(12):
        a = 360 * k / 12
        x1, y1 = polar(125, 175, 78, a)
        x2, y2 = polar(125, 175, 96 if k % 3 == 0 else 88, a)
        d.add(el("path", d=f"M{n(x1)} {n(y1)} L{n(x2)} {n(y2)}", stroke=BRASS, stroke_width=3,
                 stroke_linecap="round"))
    d.add(sylop_emblem(125, 175, 62, POS, NEG, BRASS_LT))
    idx = text("0", 22, 42, 30, BRASS_LT, weight=1.9, anchor="start", outline="#07080a", outline_w=0.8) + \
        sylop_emblem(35, 82, 12, POS, NEG, BRASS_LT)
    d.add(idx, rot180(idx))
    return d


def make_sabacc_back() -> Doc:
    d = Doc(CARD_W, CARD_H)
    card_base(d, "#3a1620", "#16070b", "#050506")
    d.add(el("rect", x=12, y=12, width=CARD_W - 24, height=CARD_H - 24, rx=9, fill="none", stroke=BRASS,
             stroke_width=3),
          el("rect", x=20, y=20, width=CARD_W - 40, height=CARD_H - 40, rx=6, fill="none", stroke=BRASS_DK,
             stroke_width=1.2))
    # diagonal lattice, drawn as lines so nothing needs clipping
    lines = []
    for i in range(-14, 15):
        off = i * 22
        x0, y0, x1, y1 = 20, 20, CARD_W - 20, CARD_H - 20
        for sgn in (1, -1):
            # line y = sgn*(x - x0) + y0 + off, clipped to the inner box
            seg = []
            for x in (x0, x1):
                y = sgn * (x - x0) + y0 + off
                seg.append((x, y))
            (ax, ay), (bx, by) = seg
            # clip to y range
            def clip(px, py, qx, qy, y0=y0, y1=y1):
                if py < y0:
                    t = (y0 - py) / (qy - py)
                    px, py = px + t * (qx - px), y0
                if py > y1:
                    t = (y1 - py) / (qy - py)
                    px, py = px + t * (qx - px), y1
                return px, py
            if max(ay, by) < y0 or min(ay, by) > y1:
                continue
            ax, ay = clip(ax, ay, bx, by)
            bx, by = clip(bx, by, ax, ay)
            if abs(ax - bx) > 1:
                lines.append(f"M{n(ax)} {n(ay)} L{n(bx)} {n(by)}")
    d.add(el("path", d=" ".join(lines), stroke=BRASS_DK, stroke_width=1.3, fill="none", opacity=0.8))
    d.add(el("circle", cx=125, cy=175, r=70, fill="#1c0a0f", stroke=BRASS, stroke_width=3))
    d.add(el("circle", cx=125, cy=175, r=62, fill="none", stroke=BRASS_DK, stroke_width=1.5))
    d.add(suit_shape("circle", 125, 145, 34, fill=BRASS_LT),
          suit_shape("triangle", 98, 195, 34, fill=BRASS_LT),
          suit_shape("square", 152, 195, 34, fill=BRASS_LT))
    return d


# --------------------------------------------------------------------------- Nepunian Spike deck
def playing_suit(suit: str, cx, cy, size, colour, flip=False) -> str:
    """Classic card suits drawn in a 100-box, placed centred at (cx, cy)."""
    shapes = {
        "hearts": "M50 92 C34 78 4 58 4 32 C4 15 16 5 29 5 C39 5 46 11 50 20 C54 11 61 5 71 5 "
                  "C84 5 96 15 96 32 C96 58 66 78 50 92 Z",
        "diamonds": "M50 2 Q66 30 88 50 Q66 70 50 98 Q34 70 12 50 Q34 30 50 2 Z",
        "spades": "M50 3 C60 22 96 40 96 62 C96 76 86 84 74 84 C65 84 58 80 54 73 C55 83 59 90 67 97 "
                  "H33 C41 90 45 83 46 73 C42 80 35 84 26 84 C14 84 4 76 4 62 C4 40 40 22 50 3 Z",
        "clubs": circle_d(50, 27, 21) + " " + circle_d(27, 60, 21) + " " + circle_d(73, 60, 21) + " "
                 "M44 40 H56 L58 64 C59 80 61 89 68 97 H32 C39 89 41 80 42 64 Z M40 50 H60 V66 H40 Z",
    }
    t = f"translate({n(cx - size / 2)} {n(cy - size / 2)}) scale({n(size / 100)})"
    if flip:
        t = f"rotate(180 {n(cx)} {n(cy)}) " + t
    return el("path", d=shapes[suit], fill=colour, transform=t)


SPIKE_SUITS = {"spades": +1, "clubs": +1, "hearts": -1, "diamonds": -1}

_PIPS = {
    1: [(125, 175)],
    2: [(125, 72), (125, 278)],
    3: [(125, 72), (125, 175), (125, 278)],
    4: [(80, 72), (170, 72), (80, 278), (170, 278)],
    5: [(80, 72), (170, 72), (125, 175), (80, 278), (170, 278)],
    6: [(80, 72), (170, 72), (80, 175), (170, 175), (80, 278), (170, 278)],
    7: [(80, 72), (170, 72), (125, 123.5), (80, 175), (170, 175), (80, 278), (170, 278)],
    8: [(80, 72), (170, 72), (125, 123.5), (80, 175), (170, 175), (125, 226.5), (80, 278), (170, 278)],
    9: [(80, 72), (170, 72), (80, 141), (170, 141), (125, 175), (80, 209), (170, 209), (80, 278), (170, 278)],
    10: [(80, 72), (170, 72), (125, 106), (80, 141), (170, 141), (80, 209), (170, 209), (125, 244),
         (80, 278), (170, 278)],
}


def make_spike_card(suit: str, rank: int) -> Doc:
    colour = CARD_BLACK if SPIKE_SUITS[suit] > 0 else CARD_RED
    d = Doc(CARD_W, CARD_H)
    card_base(d, "#fbf8f1", "#ece5d6", "#8c8474")
    if rank == 1:
        d.add(el("circle", cx=125, cy=175, r=78, fill="none", stroke=colour, stroke_width=1.5, opacity=0.35))
        d.add(playing_suit(suit, 125, 175, 118, colour))
    else:
        for x, y in _PIPS[rank]:
            d.add(playing_suit(suit, x, y, 46, colour, flip=y > 176))
    rank_s = "A" if rank == 1 else str(rank)
    signed = ("+" if SPIKE_SUITS[suit] > 0 else "-") + str(rank)
    cx = 30
    idx = (text(rank_s, cx, 34, 28, colour, weight=1.9, gap=1.2)
           + playing_suit(suit, cx, 70, 24, colour)
           + text(signed, cx, 101, 16, colour, weight=2.0, gap=1.2))
    d.add(idx, rot180(idx))
    return d


def make_spike_joker() -> Doc:
    d = Doc(CARD_W, CARD_H)
    card_base(d, "#fbf8f1", "#ece5d6", "#8c8474")
    d.add(el("rect", x=58, y=58, width=CARD_W - 116, height=CARD_H - 116, rx=8, fill="none", stroke=BRASS,
             stroke_width=2))
    for k in range(16):
        a = 360 * k / 16
        x1, y1 = polar(125, 175, 66, a)
        x2, y2 = polar(125, 175, 84 if k % 2 == 0 else 76, a)
        d.add(el("path", d=f"M{n(x1)} {n(y1)} L{n(x2)} {n(y2)}", stroke=CARD_BLACK if k % 4 < 2 else CARD_RED,
                 stroke_width=3, stroke_linecap="round"))
    d.add(sylop_emblem(125, 175, 54, CARD_BLACK, CARD_RED, BRASS))
    idx_top = text("0", 30, 34, 28, CARD_BLACK, weight=1.9) + sylop_emblem(30, 70, 11, CARD_BLACK, CARD_RED, BRASS)
    idx_bot = text("0", 30, 34, 28, CARD_RED, weight=1.9) + sylop_emblem(30, 70, 11, CARD_BLACK, CARD_RED, BRASS)
    d.add(idx_top, rot180(idx_bot))
    return d


def make_spike_back() -> Doc:
    d = Doc(CARD_W, CARD_H)
    card_base(d, "#fbf8f1", "#ece5d6", "#8c8474")
    d.add(el("rect", x=14, y=14, width=CARD_W - 28, height=CARD_H - 28, rx=8, fill="#1d3566"))
    cells = []
    step = 18
    for gy in range(0, 18):
        for gx in range(0, 12):
            x = 14 + 9 + gx * step + (step / 2 if gy % 2 else 0)
            y = 14 + 9 + gy * step
            if x > CARD_W - 14 - 8 or y > CARD_H - 14 - 8:
                continue
            cells.append(poly_d([(x, y - 6), (x + 6, y), (x, y + 6), (x - 6, y)]))
    d.add(el("path", d=" ".join(cells), fill="none", stroke="#8fa8d8", stroke_width=1.1, opacity=0.7))
    d.add(el("rect", x=20, y=20, width=CARD_W - 40, height=CARD_H - 40, rx=5, fill="none", stroke="#e9eefb",
             stroke_width=2))
    d.add(el("circle", cx=125, cy=175, r=40, fill="#1d3566", stroke="#e9eefb", stroke_width=3))
    d.add(sylop_emblem(125, 175, 26, "#e9eefb", "#c9d3ea", "#e9eefb"))
    return d


# --------------------------------------------------------------------------- chips
# value: (light, mid, dark, inlay, number colour, octagonal, pattern)
CHIPS = {
    10: ("#e8a56a", "#b8743c", "#7a441b", "#f4e6c8", "#3a1c08", False, "blocks"),
    50: ("#eef2f6", "#b9c1ca", "#7c8692", "#274a80", "#1c2c48", False, "stripes"),
    100: ("#ffe69a", "#e0b04a", "#9e6d18", "#8a1f24", "#4a2a04", False, "dots"),
    500: ("#ffffff", "#e7e3da", "#b3ada0", "#9e2f5a", "#2a2226", True, "diamonds"),
    1000: ("#45454c", "#1d1d21", "#060607", "#d9b25a", "#e8c46c", True, "arcs"),
}


def chip_rim(d: Doc, v: int, cx, cy, r) -> list[str]:
    _light, _mid, _dark, inlay, _ink, _octo, pattern = CHIPS[v]
    out = []
    if pattern == "blocks":
        for k in range(8):
            a = 360 * k / 8
            out.append(group(el("rect", x=-6, y=-r + 1.5, width=12, height=11, rx=1.5, fill=inlay),
                             transform=f"translate({n(cx)} {n(cy)}) rotate({n(a)})"))
    elif pattern == "stripes":
        for k in range(16):
            a = 360 * k / 16
            out.append(group(el("rect", x=-1.8, y=-r + 1.5, width=3.6, height=12, fill=inlay),
                             transform=f"translate({n(cx)} {n(cy)}) rotate({n(a)})"))
    elif pattern == "dots":
        for k in range(12):
            x, y = polar(cx, cy, r - 7, 360 * k / 12 - 90)
            out.append(el("circle", cx=x, cy=y, r=3.6, fill=inlay))
    elif pattern == "diamonds":
        for k in range(8):
            a = 360 * k / 8 + 22.5
            out.append(group(el("path", d=poly_d([(0, -r + 2), (5, -r + 8), (0, -r + 14), (-5, -r + 8)]), fill=inlay),
                             transform=f"translate({n(cx)} {n(cy)}) rotate({n(a)})"))
    elif pattern == "arcs":
        rr = r - 7
        for k in range(4):
            a0 = 360 * k / 4 - 90 + 12
            a1 = a0 + 66
            x0, y0 = polar(cx, cy, rr, a0)
            x1, y1 = polar(cx, cy, rr, a1)
            out.append(el("path", d=f"M{n(x0)} {n(y0)} A{n(rr)} {n(rr)} 0 0 1 {n(x1)} {n(y1)}", fill="none",
                          stroke=inlay, stroke_width=5, stroke_linecap="round"))
            xm, ym = polar(cx, cy, rr, a0 - 12)
            out.append(el("circle", cx=xm, cy=ym, r=2.6, fill=inlay))
    return out


def chip_face(d: Doc, v: int, cx=50.0, cy=50.0, r=48.0) -> list[str]:
    light, mid, dark, inlay, ink, octo, _pattern = CHIPS[v]
    body = d.linear([(0, light), (0.5, mid), (1, dark)], x2="100%", y2="100%")
    out = []
    if octo:
        shape = poly_d(regular_polygon(cx, cy, r / math.cos(math.pi / 8) * 0.99, 8, -90 + 22.5))
        out.append(el("path", d=shape, fill=body, stroke=dark, stroke_width=1.5, stroke_linejoin="round"))
    else:
        out.append(el("circle", cx=cx, cy=cy, r=r, fill=body, stroke=dark, stroke_width=1.5))
    out += chip_rim(d, v, cx, cy, r)
    label = d.linear([(0, mid), (1, light)], x2="100%", y2="100%")
    out.append(el("circle", cx=cx, cy=cy, r=r * 0.66, fill=label, stroke=dark, stroke_width=1.2))
    out.append(el("circle", cx=cx, cy=cy, r=r * 0.6, fill="none", stroke=inlay, stroke_width=1.4, opacity=0.9))
    s = str(v)
    h = {2: 22, 3: 19, 4: 15}[len(s)]
    out.append(text(s, cx, cy, h, ink, weight=2.0 if len(s) < 4 else 2.2, gap=1.5))
    # a highlight arc top-left
    x0, y0 = polar(cx, cy, r * 0.86, 200)
    x1, y1 = polar(cx, cy, r * 0.86, 250)
    out.append(el("path", d=f"M{n(x0)} {n(y0)} A{n(r * 0.86)} {n(r * 0.86)} 0 0 1 {n(x1)} {n(y1)}", fill="none",
                  stroke="#ffffff", stroke_width=2.2, stroke_linecap="round", opacity=0.35))
    return out


def make_chip_top(v: int) -> Doc:
    d = Doc(100, 100)
    d.add(*chip_face(d, v))
    return d


def chip_edge_marks(v: int):
    """Yield (x_from, x_to) spans of the edge inlays for a band spanning 0..100 wide."""
    pattern = CHIPS[v][6]
    count = {"blocks": 4, "stripes": 8, "dots": 6, "diamonds": 4, "arcs": 2}[pattern]
    width = {"blocks": 0.11, "stripes": 0.035, "dots": 0.05, "diamonds": 0.08, "arcs": 0.3}[pattern]
    out = []
    for k in range(count):
        c = (k + 0.5) / count
        out.append((c - width / 2, c + width / 2))
    return out


def make_chip_side(v: int) -> Doc:
    light, mid, dark, inlay, _ink, octo, pattern = CHIPS[v]
    d = Doc(100, 18)
    g = d.linear([(0, light), (0.45, mid), (1, dark)])
    d.add(el("rect", x=1, y=1, width=98, height=16, rx=3 if not octo else 1.5, fill=g, stroke=dark,
             stroke_width=1.2))
    for a, b in chip_edge_marks(v):
        # foreshortened toward the sides of the cylinder
        xa = 50 - 49 * math.cos(math.pi * a)
        xb = 50 - 49 * math.cos(math.pi * b)
        if pattern == "dots":
            d.add(el("circle", cx=(xa + xb) / 2, cy=9, r=min(3.2, (xb - xa) / 2 + 1), fill=inlay))
        elif pattern == "diamonds":
            m = (xa + xb) / 2
            w = (xb - xa) / 2
            d.add(el("path", d=poly_d([(m, 3), (m + w, 9), (m, 15), (m - w, 9)]), fill=inlay))
        elif pattern == "arcs":
            d.add(el("rect", x=xa, y=7.5, width=xb - xa, height=3, rx=1.5, fill=inlay))
        else:
            d.add(el("rect", x=xa, y=2.2, width=xb - xa, height=13.6, fill=inlay))
    d.add(el("path", d="M4 2.4 H96", stroke="#ffffff", stroke_width=1, opacity=0.4, stroke_linecap="round"))
    return d


def make_chip_tilt(v: int) -> Doc:
    """A single chip in three-quarter view: squashed top plus the visible edge.
    Stack them bottom to top, each raised by ``thickness`` (8 of 64 units)."""
    _light, mid, dark, inlay, _ink, _octo, pattern = CHIPS[v]
    d = Doc(100, 64)
    cx, cy, rx, ry, th = 50, 28, 48, 26, 8
    g = d.linear([(0, mid), (1, dark)])
    band = (f"M{n(cx - rx)} {n(cy)} V{n(cy + th)} A{n(rx)} {n(ry)} 0 0 0 {n(cx + rx)} {n(cy + th)} "
            f"V{n(cy)} Z")
    d.add(el("path", d=band, fill=g, stroke=dark, stroke_width=1.2))
    for a, b in chip_edge_marks(v):
        t0, t1 = math.pi * (1 - a), math.pi * (1 - b)
        steps = 4
        top = [(cx + rx * math.cos(t0 + (t1 - t0) * i / steps), cy + ry * math.sin(t0 + (t1 - t0) * i / steps))
               for i in range(steps + 1)]
        if pattern in ("dots", "diamonds", "arcs"):
            inset = 2.6 if pattern == "arcs" else 1.6
            quad = [(x, y + inset) for x, y in top] + [(x, y + th - inset) for x, y in reversed(top)]
        else:
            quad = [(x, y + 0.8) for x, y in top] + [(x, y + th - 0.6) for x, y in reversed(top)]
        d.add(el("path", d=poly_d(quad), fill=inlay))
    face = chip_face(d, v)
    d.add(group(face, transform=f"translate(0 {n(cy - 50 * ry / rx)}) scale(1 {n(ry / rx)})"))
    return d


def make_ingot(view: str) -> Doc:
    lt, md, dk, ink = "#e6eef7", "#9aa8b8", "#4c5866", "#26303b"
    if view == "top":
        d = Doc(100, 60)
        g = d.linear([(0, lt), (0.5, md), (1, dk)], x2="100%", y2="100%")
        top = d.linear([(0, "#f4f8fc"), (1, "#aab7c6")], x2="60%", y2="100%")
        d.add(el("path", d=poly_d([(2, 2), (98, 2), (98, 58), (2, 58)]), fill=g, stroke="#2a323c", stroke_width=1.5,
                 stroke_linejoin="round"),
              el("path", d=poly_d([(12, 10), (88, 10), (88, 50), (12, 50)]), fill=top, stroke=dk, stroke_width=1),
              el("path", d="M2 2 L12 10 M98 2 L88 10 M98 58 L88 50 M2 58 L12 50", stroke=dk, stroke_width=1))
        d.add(el("rect", x=24, y=19, width=52, height=22, rx=3, fill="none", stroke=ink, stroke_width=1.2,
                 opacity=0.7))
        d.add(text("5000", 50, 30, 12, ink, weight=2.1, gap=1.4))
        d.add(el("path", d="M16 13 L40 13", stroke="#ffffff", stroke_width=1.4, opacity=0.6, stroke_linecap="round"))
        return d
    if view == "side":
        d = Doc(100, 26)
        g = d.linear([(0, lt), (0.4, md), (1, dk)])
        d.add(el("path", d=poly_d([(10, 2), (90, 2), (98, 24), (2, 24)]), fill=g, stroke="#2a323c",
                 stroke_width=1.4, stroke_linejoin="round"),
              el("path", d="M12 4 H88", stroke="#ffffff", stroke_width=1.2, opacity=0.6))
        return d
    # tilt: top face squashed, front face below; stack by raising ~12 of 60 units
    d = Doc(100, 60)
    front = d.linear([(0, md), (1, dk)])
    topg = d.linear([(0, "#f4f8fc"), (1, md)], x2="100%", y2="100%")
    d.add(el("path", d=poly_d([(2, 36), (98, 36), (92, 56), (8, 56)]), fill=front, stroke="#2a323c",
             stroke_width=1.3, stroke_linejoin="round"),
          el("path", d=poly_d([(14, 4), (86, 4), (98, 36), (2, 36)]), fill=topg, stroke="#2a323c",
             stroke_width=1.3, stroke_linejoin="round"),
          group(text("5000", 50, 0, 12, ink, weight=2.1, gap=1.4), transform="translate(0 20) scale(1 0.6)"),
          el("path", d="M18 8 H60", stroke="#ffffff", stroke_width=1.4, opacity=0.6, stroke_linecap="round"))
    return d


# --------------------------------------------------------------------------- props
def make_glass() -> Doc:
    d = Doc(80, 110)
    drink = d.linear([(0, "#ffcf6b", 0.92), (1, "#a4520f", 0.95)])
    glass = d.linear([(0, "#ffffff", 0.22), (0.5, "#ffffff", 0.06), (1, "#ffffff", 0.18)], y2="0%", x2="100%")
    d.add(el("ellipse", cx=40, cy=104, rx=30, ry=5, fill="#000000", opacity=0.35))
    d.add(el("path", d="M8 10 L14 100 Q40 106 66 100 L72 10 Z", fill=glass, stroke="#d8d2c4", stroke_width=1.2,
             stroke_opacity=0.6))
    d.add(el("path", d="M11.2 52 L14.2 97 Q40 103 65.8 97 L68.8 52 Q40 58 11.2 52 Z", fill=drink))
    d.add(el("ellipse", cx=40, cy=52, rx=28.8, ry=5, fill="#ffd98a", opacity=0.7))
    d.add(el("rect", x=27, y=40, width=20, height=18, rx=3, fill="#ffffff", opacity=0.28,
             transform="rotate(-12 37 49)"))
    d.add(el("path", d="M14 98 Q40 104 66 98 L66 94 Q40 100 14 94 Z", fill="#ffffff", opacity=0.18))
    d.add(el("ellipse", cx=40, cy=10, rx=32, ry=5.5, fill="none", stroke="#f2ece0", stroke_width=1.4, opacity=0.7))
    d.add(el("path", d="M16 16 L20 92", stroke="#ffffff", stroke_width=3, opacity=0.35, stroke_linecap="round"),
          el("path", d="M62 18 L59 60", stroke="#ffffff", stroke_width=1.5, opacity=0.25, stroke_linecap="round"))
    return d


def make_bottle() -> Doc:
    d = Doc(70, 200)
    glass = d.linear([(0, "#0c2a1a"), (0.35, "#2f6b47"), (0.6, "#1a4a30"), (1, "#07160d")], x2="100%", y2="0%")
    d.add(el("ellipse", cx=35, cy=195, rx=28, ry=4.5, fill="#000000", opacity=0.35))
    d.add(el("path", d="M27 14 H43 V52 C43 62 62 66 62 84 V188 Q62 194 56 194 H14 Q8 194 8 188 V84 C8 66 27 62 27 52 Z",
             fill=glass, stroke="#04100a", stroke_width=1.5))
    cap = d.linear([(0, BRASS_DK), (0.4, BRASS_LT), (1, BRASS_DK)], x2="100%", y2="0%")
    d.add(el("rect", x=25.5, y=6, width=19, height=16, rx=2.5, fill=cap, stroke="#3a2a0c", stroke_width=1))
    d.add(el("path", d="M25.5 16 H44.5", stroke="#3a2a0c", stroke_width=1))
    d.add(el("rect", x=8, y=104, width=54, height=56, fill="#e8dcc0"),
          el("rect", x=8, y=112, width=54, height=10, fill="#8e2a2a"),
          el("path", d="M16 134 H54 M20 142 H50 M24 150 H46", stroke="#5b4a2e", stroke_width=2.2,
             stroke_linecap="round"),
          el("circle", cx=35, cy=117, r=7, fill=BRASS, stroke="#3a2a0c", stroke_width=1))
    d.add(el("path", d="M14 88 V186", stroke="#ffffff", stroke_width=4, opacity=0.18, stroke_linecap="round"),
          el("path", d="M30 24 V50", stroke="#ffffff", stroke_width=2, opacity=0.2, stroke_linecap="round"))
    return d


def make_datapad() -> Doc:
    d = Doc(160, 110)
    frame = d.linear([(0, "#4a505a"), (1, "#1e2228")], x2="100%", y2="100%")
    screen = d.radial([(0, "#1d5a5e"), (1, "#07191c")], cx="40%", cy="35%", r="80%")
    d.add(el("rect", x=3, y=6, width=154, height=102, rx=10, fill="#000000", opacity=0.35))
    d.add(el("rect", x=2, y=2, width=154, height=102, rx=10, fill=frame, stroke="#0d0f12", stroke_width=1.5))
    d.add(el("rect", x=12, y=12, width=112, height=82, rx=4, fill=screen, stroke="#0a0c0e", stroke_width=1.5))
    lines = [(20, 24, 60), (20, 34, 86), (20, 44, 72), (20, 54, 90), (20, 64, 50)]
    for x, y, w in lines:
        d.add(el("rect", x=x, y=y, width=w, height=4, rx=2, fill="#7ff3e0", opacity=0.75))
    d.add(el("path", d="M20 84 L40 76 L56 80 L74 70 L92 74 L112 66", fill="none", stroke=AMBER, stroke_width=2,
             stroke_linejoin="round", opacity=0.9))
    for i, col in enumerate(["#e2483d", AMBER, "#45d29a"]):
        d.add(el("circle", cx=140, cy=30 + i * 20, r=6, fill=col, stroke="#0d0f12", stroke_width=1.5))
    d.add(el("rect", x=134, y=84, width=12, height=6, rx=2, fill="#6b717c"))
    d.add(el("path", d="M14 14 L60 14", stroke="#ffffff", stroke_width=1.5, opacity=0.18),
          el("path", d="M8 96 L30 90", stroke="#9aa0a8", stroke_width=1, opacity=0.5),
          el("path", d="M120 100 L150 97", stroke="#9aa0a8", stroke_width=1, opacity=0.4))
    return d


def make_droid() -> Doc:
    d = Doc(220, 300)
    steel = d.linear([(0, "#8d949c"), (0.45, "#5c636b"), (1, "#2a2e33")], x2="100%", y2="0%")
    steel_v = d.linear([(0, "#9aa1a8"), (1, "#3a3f45")])
    brass = d.linear([(0, BRASS_LT), (0.5, BRASS), (1, BRASS_DK)], x2="100%", y2="100%")
    eye = d.radial([(0, "#fff2c0"), (0.35, "#ffb347"), (1, "#7a3a06")])
    glow = d.radial([(0, "#ffb347", 0.45), (1, "#ffb347", 0)], cx=110, cy=62, r=60, user=True)
    d.add(el("ellipse", cx=110, cy=292, rx=70, ry=7, fill="#000000", opacity=0.4))
    # torso
    d.add(el("path", d="M60 120 Q110 104 160 120 L150 250 Q110 262 70 250 Z", fill=steel, stroke="#15181b",
             stroke_width=2))
    d.add(el("path", d="M78 140 Q110 130 142 140 L136 200 Q110 208 84 200 Z", fill="#2c3137", stroke="#15181b",
             stroke_width=1.5))
    for i in range(4):
        d.add(el("rect", x=92, y=150 + i * 11, width=36, height=5, rx=2, fill=AMBER if i == 1 else "#6a7078",
                 opacity=0.9 if i == 1 else 0.7))
    # waist and base
    d.add(el("rect", x=84, y=248, width=52, height=18, rx=4, fill="#3a3f45", stroke="#15181b", stroke_width=1.5),
          el("path", d="M72 266 H148 L158 290 H62 Z", fill=steel_v, stroke="#15181b", stroke_width=2))
    # arms (left resting, right raised dealing a card)
    d.add(el("path", d="M60 128 L34 190 L44 196 L70 140", fill="#4a5057", stroke="#15181b", stroke_width=2,
             stroke_linejoin="round"),
          el("path", d="M34 190 L40 236 L50 234 L44 196", fill="#5c636b", stroke="#15181b", stroke_width=2,
             stroke_linejoin="round"),
          el("path", d="M160 128 L190 168 L182 176 L152 142", fill="#4a5057", stroke="#15181b", stroke_width=2,
             stroke_linejoin="round"),
          el("path", d="M190 168 L176 128 L168 132 L182 176", fill="#5c636b", stroke="#15181b", stroke_width=2,
             stroke_linejoin="round"),
          el("rect", x=160, y=100, width=26, height=36, rx=3, fill=CREAM, stroke="#15181b", stroke_width=1.5,
             transform="rotate(-18 173 118)"),
          el("circle", cx=60, cy=128, r=11, fill=brass, stroke="#15181b", stroke_width=1.5),
          el("circle", cx=160, cy=128, r=11, fill=brass, stroke="#15181b", stroke_width=1.5),
          el("circle", cx=34, cy=190, r=6, fill=brass, stroke="#15181b", stroke_width=1),
          el("circle", cx=190, cy=168, r=6, fill=brass, stroke="#15181b", stroke_width=1))
    # neck and head
    d.add(el("rect", x=100, y=96, width=20, height=16, fill="#2a2e33", stroke="#15181b", stroke_width=1.5),
          el("path", d="M100 100 H120 M100 106 H120", stroke="#6a7078", stroke_width=1.5))
    d.add(el("circle", cx=110, cy=62, r=60, fill=glow))
    d.add(el("path", d="M66 78 Q66 26 110 24 Q154 26 154 78 Q154 98 110 100 Q66 98 66 78 Z", fill=steel,
             stroke="#15181b", stroke_width=2))
    d.add(el("path", d="M70 70 H150", stroke="#2a2e33", stroke_width=2))
    d.add(el("circle", cx=110, cy=60, r=17, fill="#1a1d21", stroke=brass, stroke_width=3.5),
          el("circle", cx=110, cy=60, r=10, fill=eye),
          el("circle", cx=106, cy=56, r=2.5, fill="#ffffff", opacity=0.8),
          el("circle", cx=84, cy=84, r=4, fill="#e2483d"),
          el("rect", x=124, y=80, width=18, height=6, rx=2, fill="#2a2e33"))
    d.add(el("path", d="M128 26 L138 4", stroke="#2a2e33", stroke_width=3, stroke_linecap="round"),
          el("circle", cx=138, cy=4, r=3, fill=AMBER))
    # scuffs
    d.add(el("path", d="M80 40 L92 36 M132 88 L146 84 M96 226 L118 222 M70 180 L76 236", stroke="#c9ced4",
             stroke_width=1, opacity=0.35, stroke_linecap="round"),
          el("path", d="M76 36 Q110 20 144 36", fill="none", stroke="#ffffff", stroke_width=2.5, opacity=0.25,
             stroke_linecap="round"))
    return d


def make_lamp() -> Doc:
    d = Doc(200, 160)
    shade = d.linear([(0, "#3d2a10"), (0.3, "#a57a30"), (0.55, "#e8c37a"), (0.8, "#8a6222"), (1, "#2e1f0a")],
                     x2="100%", y2="0%")
    inner = d.radial([(0, "#fff4d0"), (0.4, "#ffc263"), (1, "#a05a10")], cx=100, cy=104, r=60, user=True)
    d.add(el("path", d="M100 0 V40", stroke="#15110c", stroke_width=3))
    d.add(el("rect", x=90, y=36, width=20, height=14, rx=3, fill=BRASS, stroke="#2a1d08", stroke_width=1.5))
    d.add(el("ellipse", cx=100, cy=104, rx=66, ry=12, fill=inner))
    d.add(el("path", d="M88 50 H112 L166 104 Q100 114 34 104 Z", fill=shade, stroke="#1d1406", stroke_width=1.5,
             stroke_linejoin="round"))
    d.add(el("path", d="M34 104 Q100 114 166 104", fill="none", stroke=BRASS_LT, stroke_width=2.5))
    d.add(el("path", d="M92 56 L50 100", stroke="#fff0c8", stroke_width=2, opacity=0.35, stroke_linecap="round"))
    d.add(el("ellipse", cx=100, cy=110, rx=16, ry=7, fill="#fff7dc"))
    return d


def make_lamp_glow() -> Doc:
    """The light pool under the lamp; drawn additively/with alpha so the UI can flicker it."""
    d = Doc(400, 400)
    pool = d.radial([(0, "#ffcf80", 0.45), (0.5, "#ffb347", 0.18), (1, "#ffb347", 0)], cx=200, cy=200, r=200,
                    user=True)
    d.add(el("circle", cx=200, cy=200, r=200, fill=pool))
    # no blur in nanosvg: a soft-edged cone is several nested cones of low opacity
    for i in range(9):
        cone = d.linear([(0, "#ffc66b", 0.12), (1, "#ffb347", 0)], x1=200, y1=0, x2=200, y2=400 - i * 16,
                        user=True)
        top = 28 + i * 5
        bottom = 205 - i * 13
        d.add(el("path", d=f"M{200 - top} 0 H{200 + top} L{200 + bottom} 400 H{200 - bottom} Z", fill=cone))
    return d


def make_floor_lamp() -> Doc:
    """A standing lamp for the cantina floor: a weighted foot, a brass pole and the tables' lamp shade on top."""
    d = Doc(120, 300)
    shade = d.linear([(0, "#3d2a10"), (0.3, "#a57a30"), (0.55, "#e8c37a"), (0.8, "#8a6222"), (1, "#2e1f0a")],
                     x2="100%", y2="0%")
    inner = d.radial([(0, "#fff4d0"), (0.4, "#ffc263"), (1, "#a05a10")], cx=60, cy=92, r=46, user=True)
    pole = d.linear([(0, BRASS_DK), (0.45, BRASS_LT), (1, BRASS_DK)], x2="100%", y2="0%")
    d.add(el("ellipse", cx=60, cy=290, rx=34, ry=8, fill="#000000", opacity=0.45))
    d.add(el("ellipse", cx=60, cy=284, rx=26, ry=8, fill=BRASS_DK, stroke=INK, stroke_width=2))
    d.add(el("ellipse", cx=60, cy=281, rx=20, ry=5, fill=BRASS, opacity=0.8))
    d.add(el("rect", x=55, y=92, width=10, height=190, fill=pole, stroke=INK, stroke_width=2))
    d.add(el("ellipse", cx=60, cy=92, rx=50, ry=10, fill=inner))
    d.add(el("path", d="M44 30 H76 L112 90 Q60 100 8 90 Z", fill=shade, stroke=INK, stroke_width=2.5,
             stroke_linejoin="round"))
    d.add(el("path", d="M8 90 Q60 100 112 90", fill="none", stroke=BRASS_LT, stroke_width=3))
    d.add(el("path", d="M48 36 L20 84", stroke="#fff0c8", stroke_width=2.5, opacity=0.35, stroke_linecap="round"))
    d.add(el("ellipse", cx=60, cy=96, rx=13, ry=5, fill="#fff7dc"))
    return d


def make_crate() -> Doc:
    """A cargo crate seen from the front and a little above: planks, brass corners, a stencilled mark."""
    d = Doc(120, 110)
    top = d.linear([(0, "#7a5530"), (1, "#5a3c20")])
    face = d.linear([(0, "#6a4526"), (1, "#3a2514")])
    d.add(el("ellipse", cx=60, cy=104, rx=56, ry=6, fill="#000000", opacity=0.45))
    d.add(el("path", d="M6 30 L20 8 H114 L114 30 Z", fill=top, stroke=INK, stroke_width=2.5, stroke_linejoin="round"))
    d.add(el("rect", x=6, y=30, width=108, height=72, fill=face, stroke=INK, stroke_width=2.5))
    for y in (48, 66, 84):
        d.add(el("path", d=f"M8 {y} H112", stroke="#2a1a0e", stroke_width=2))
    d.add(el("path", d="M10 34 L110 98 M110 34 L10 98", stroke="#2a1a0e", stroke_width=3, opacity=0.55))
    for x, y in ((6, 30), (102, 30), (6, 90), (102, 90)):
        d.add(el("rect", x=x, y=y, width=12, height=12, fill=BRASS, stroke=BRASS_DK, stroke_width=1.5))
    d.add(el("circle", cx=60, cy=66, r=13, fill="none", stroke=CREAM, stroke_width=3, opacity=0.55))
    d.add(el("path", d="M52 66 H68 M60 58 V74", stroke=CREAM, stroke_width=3, opacity=0.55))
    d.add(el("path", d="M22 12 H110", stroke="#ffffff", stroke_width=2, opacity=0.15))
    return d


BAR_BOTTLES = (("#2f6b47", "#0c2a1a"), ("#8a3a1a", "#2e1006"), ("#3a5a9a", "#0e1a34"), ("#c9a04a", "#4a3408"),
               ("#6a2a5a", "#200818"))


def make_bar_bottles() -> Doc:
    """A row of bottles standing on a counter, each its own height and colour (the bar's back shelf)."""
    d = Doc(240, 120)
    rnd = random.Random(11)
    d.add(el("rect", x=0, y=108, width=240, height=10, rx=2, fill=BRASS_DK, stroke=INK, stroke_width=2))
    d.add(el("path", d="M2 109 H238", stroke=BRASS_LT, stroke_width=1.5, opacity=0.7))
    x = 8.0
    while x < 222:
        w = rnd.uniform(16, 22)
        h = rnd.uniform(62, 96)
        light, dark = rnd.choice(BAR_BOTTLES)
        glass = d.linear([(0, dark), (0.4, light), (1, dark)], x2="100%", y2="0%")
        top = 108 - h
        neck = w * 0.34
        cx = x + w / 2
        d.add(el("path", d=(f"M{n(cx - neck / 2)} {n(top)} H{n(cx + neck / 2)} V{n(top + h * 0.28)} "
                            f"Q{n(x + w)} {n(top + h * 0.34)} {n(x + w)} {n(top + h * 0.45)} V108 H{n(x)} "
                            f"V{n(top + h * 0.45)} Q{n(x)} {n(top + h * 0.34)} "
                            f"{n(cx - neck / 2)} {n(top + h * 0.28)} Z"),
                 fill=glass, stroke=INK, stroke_width=1.8))
        d.add(el("rect", x=cx - neck / 2 - 1, y=top - 4, width=neck + 2, height=6, rx=1.5, fill=BRASS,
                 stroke=INK, stroke_width=1))
        if rnd.random() < 0.7:
            d.add(el("rect", x=x + 2, y=top + h * 0.55, width=w - 4, height=h * 0.22, fill=CREAM, opacity=0.8))
        d.add(el("path", d=f"M{n(x + 3.5)} {n(top + h * 0.48)} V104", stroke="#ffffff", stroke_width=2,
                 opacity=0.22, stroke_linecap="round"))
        x += w + rnd.uniform(2, 6)
    return d


def make_smoke() -> Doc:
    d = Doc(200, 140)
    rnd = random.Random(7)
    for _i in range(7):
        cx = 40 + rnd.random() * 120
        cy = 40 + rnd.random() * 60
        r = 26 + rnd.random() * 22
        g = d.radial([(0, "#c9c3b8", 0.22), (1, "#c9c3b8", 0)], cx=n(cx), cy=n(cy), r=n(r), user=True)
        d.add(el("circle", cx=cx, cy=cy, r=r, fill=g))
    return d


def _tiled_fibres(d: Doc, size, count, colours, seed):
    rnd = random.Random(seed)
    paths = {c: [] for c in colours}
    for _ in range(count):
        x, y = rnd.random() * size, rnd.random() * size
        a = rnd.random() * math.pi
        ln = 2 + rnd.random() * 5
        col = colours[int(rnd.random() * len(colours)) % len(colours)]
        dx, dy = math.cos(a) * ln, math.sin(a) * ln
        for ox in (-size, 0, size):
            for oy in (-size, 0, size):
                x0, y0, x1, y1 = x + ox, y + oy, x + ox + dx, y + oy + dy
                if max(x0, x1) < -1 or min(x0, x1) > size + 1 or max(y0, y1) < -1 or min(y0, y1) > size + 1:
                    continue
                paths[col].append(f"M{n(x0)} {n(y0)} L{n(x1)} {n(y1)}")
    for col in colours:
        d.add(el("path", d=" ".join(paths[col]), stroke=col, stroke_width=0.7, stroke_linecap="round",
                 opacity=0.35, fill="none"))


def make_felt(base, light, dark, seed) -> Doc:
    d = Doc(128, 128)
    d.add(el("rect", x=0, y=0, width=128, height=128, fill=base))
    _tiled_fibres(d, 128, 260, [light, dark], seed)
    return d


def make_wood_rail() -> Doc:
    W, H = 256, 48
    d = Doc(W, H)
    prof = d.linear([(0, "#1a0e07"), (0.12, "#5a3520"), (0.3, "#7a4a2a"), (0.45, "#4f2d18"), (0.8, "#2e1a0d"),
                     (1, "#120904")])
    d.add(el("rect", x=0, y=0, width=W, height=H, fill=prof))
    rnd = random.Random(11)
    for i in range(14):
        y0 = 4 + i * 3.1
        amp = 0.6 + rnd.random() * 1.4
        k = 1 + int(rnd.random() * 3)
        ph = rnd.random() * math.tau
        pts_ = [(x, y0 + amp * math.sin(math.tau * k * x / W + ph)) for x in range(0, W + 1, 8)]
        col = "#1a0d05" if i % 3 else "#a0683c"
        d.add(el("path", d=poly_d(pts_, close=False), fill="none", stroke=col, stroke_width=0.8,
                 opacity=0.45 if i % 3 else 0.3))
    d.add(el("rect", x=0, y=7, width=W, height=2.2, fill=BRASS, opacity=0.85),
          el("rect", x=0, y=7, width=W, height=0.8, fill=BRASS_LT, opacity=0.8),
          el("rect", x=0, y=14, width=W, height=1.5, fill="#ffd9a8", opacity=0.16))
    for x in (64, 192):  # brass studs, half a tile apart so the strip tiles
        d.add(el("circle", cx=x, cy=8.1, r=3.2, fill=BRASS_LT, stroke=BRASS_DK, stroke_width=1))
    return d



# --------------------------------------------------------------------------- Better Hintaro's market
# Item cards (one face per price tier, the container and an unknown tier), mini cards for holdings, the
# bounty seal and the glyphs the market's lines use. Names and values are data (items.toml), so the table
# prints them over these faces; the faces carry the tier's colour, its glyph shape (colour never carries
# meaning alone) and an engraved emblem. Glyphs are white: the table tints them.

BH_TIERS = {  # tier -> (colour, glyph); the same looks as game/ui/tables/better_hintaro/card_art.py TIERS
    "green": ("#56b060", "circle"), "blue": ("#508ee4", "triangle"), "orange": ("#e88c34", "square"),
    "violet": ("#a46ce2", "diamond"), "red": ("#d84a48", "cross"), "gold": ("#ecc448", "star"),
    "container": ("#967048", "crate"), "unknown": ("#969696", "ring"),
}
BH_CARD_W, BH_CARD_H = 100, 132
BH_MINI_W, BH_MINI_H = 76, 100
BH_NAME_TOP, BH_NAME_BOTTOM = 66, 117  # the item card's name field (the table prints the name there)
_BH_CROSS = [(-0.3, -0.92), (0.3, -0.92), (0.3, -0.3), (0.92, -0.3), (0.92, 0.3), (0.3, 0.3), (0.3, 0.92),
             (-0.3, 0.92), (-0.3, 0.3), (-0.92, 0.3), (-0.92, -0.3), (-0.3, -0.3)]


def _mix(a: str, b: str, k: float) -> str:
    """``a`` moved ``k`` of the way to ``b`` (hex colours)."""
    pa = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    pb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * k):02x}" for x, y in zip(pa, pb, strict=True))


def _bh_star(points: int, inner: float):
    out = []
    for i in range(points * 2):
        a = -math.pi / 2 + i * math.pi / points
        r = 1.0 if i % 2 == 0 else inner
        out.append((math.cos(a) * r, math.sin(a) * r))
    return out


def _at(cx, cy, r, points):
    return [(cx + x * r, cy + y * r) for x, y in points]


def bh_glyph(glyph: str, cx: float, cy: float, r: float, ink: str) -> str:
    """One market glyph: a filled shape of radius ``r`` (cut-outs are left transparent)."""
    w = max(1.0, r * 0.22)
    if glyph == "circle":
        return el("circle", cx=cx, cy=cy, r=r * 0.82, fill=ink)
    if glyph == "triangle":
        return el("path", d=poly_d(_at(cx, cy, r, [(0, -0.92), (0.95, 0.78), (-0.95, 0.78)])), fill=ink,
                  stroke=ink, stroke_width=r * 0.06, stroke_linejoin="round")
    if glyph == "square":
        return el("rect", x=cx - r * 0.74, y=cy - r * 0.74, width=r * 1.48, height=r * 1.48, rx=r * 0.08, fill=ink)
    if glyph == "diamond":
        return el("path", d=poly_d(_at(cx, cy, r, [(0, -1), (0.8, 0), (0, 1), (-0.8, 0)])), fill=ink)
    if glyph == "cross":
        return el("path", d=poly_d(_at(cx, cy, r, _BH_CROSS)), fill=ink)
    if glyph == "star":
        return el("path", d=poly_d(_at(cx, cy, r, _bh_star(5, 0.42))), fill=ink, stroke=ink,
                  stroke_width=r * 0.05, stroke_linejoin="round")
    if glyph == "crate":
        x0, y0, x1, y1 = cx - r * 0.82, cy - r * 0.7, cx + r * 0.82, cy + r * 0.7
        box = el("rect", x=x0, y=y0, width=x1 - x0, height=y1 - y0, fill="none", stroke=ink, stroke_width=w,
                 stroke_linejoin="round")
        diag = el("path", d=f"M{n(x0)} {n(y0)} L{n(x1)} {n(y1)} M{n(x1)} {n(y0)} L{n(x0)} {n(y1)}", fill="none",
                  stroke=ink, stroke_width=w)
        return box + diag
    if glyph == "seal":  # a bounty: a medal with a star cut out, on two ribbon tails
        tails = [poly_d(_at(cx, cy, r, [(-0.5, 0.1), (-0.2, 0.1), (-0.1, 1), (-0.35, 0.8), (-0.6, 0.98)])),
                 poly_d(_at(cx, cy, r, [(0.5, 0.1), (0.2, 0.1), (0.1, 1), (0.35, 0.8), (0.6, 0.98)]))]
        medal = circle_d(cx, cy - r * 0.25, r * 0.62) + " " + poly_d(_at(cx, cy - r * 0.25, r * 0.45,
                                                                          _bh_star(5, 0.45)))
        return "".join(el("path", d=t, fill=ink) for t in tails) + el("path", d=medal, fill=ink,
                                                                        fill_rule="evenodd")
    if glyph == "tick":
        return el("path", d=poly_d(_at(cx, cy, r, [(-0.8, 0.05), (-0.25, 0.6), (0.85, -0.6)]), close=False),
                  fill="none", stroke=ink, stroke_width=max(2.0, r * 0.38), stroke_linecap="round",
                  stroke_linejoin="round")
    if glyph == "hollow":
        return el("circle", cx=cx, cy=cy, r=r * 0.62, fill="none", stroke=ink, stroke_width=max(1.0, r * 0.2))
    if glyph == "rock":
        body = poly_d(_at(cx, cy, r, [(-0.85, 0.55), (-0.9, -0.05), (-0.55, -0.6), (0.05, -0.8), (0.62, -0.55),
                                      (0.92, 0.0), (0.78, 0.6), (0.1, 0.82)]))
        crack = poly_d(_at(cx, cy, r, [(-0.24, -0.5), (-0.16, -0.5), (0.14, 0.1), (0.06, 0.1)]))
        return el("path", d=body + " " + crack, fill=ink, fill_rule="evenodd")
    if glyph == "paper":
        sheet = poly_d(_at(cx, cy, r, [(-0.62, -0.9), (0.3, -0.9), (0.66, -0.55), (0.66, 0.9), (-0.62, 0.9)]))
        lines = " ".join(poly_d(_at(cx, cy, r, [(-0.42, y - 0.05), (0.45, y - 0.05), (0.45, y + 0.05),
                                                 (-0.42, y + 0.05)])) for y in (-0.35, -0.05, 0.25, 0.55))
        return el("path", d=sheet + " " + lines, fill=ink, fill_rule="evenodd")
    if glyph == "scissors":
        blades = (f"M{n(cx - r * 0.45)} {n(cy + r * 0.45)} L{n(cx + r * 0.8)} {n(cy - r * 0.9)} "
                  f"M{n(cx + r * 0.45)} {n(cy + r * 0.45)} L{n(cx - r * 0.8)} {n(cy - r * 0.9)}")
        rings = "".join(el("circle", cx=cx + sx * r * 0.52, cy=cy + r * 0.62, r=r * 0.3, fill="none", stroke=ink,
                           stroke_width=w) for sx in (-1, 1))
        return el("path", d=blades, fill="none", stroke=ink, stroke_width=w + 1, stroke_linecap="round") + rings
    return el("circle", cx=cx, cy=cy, r=r * 0.8, fill="none", stroke=ink, stroke_width=w)  # ring


BH_GLYPHS = ("circle", "triangle", "square", "diamond", "cross", "star", "crate", "ring", "seal", "tick",
             "hollow", "rock", "paper", "scissors")


def make_bh_glyph(glyph: str) -> Doc:
    return Doc(100, 100).add(bh_glyph(glyph, 50, 50, 48, "#ffffff"))


def _bh_emblem(d: Doc, colour: str, glyph: str, cx: float, cy: float, r: float) -> None:
    """The card's illustration: the tier's glyph engraved in a brass-rimmed medallion with rays behind it."""
    glow = d.radial([(0, _mix(colour, "#ffffff", 0.25), 0.5), (1, colour, 0)], cx=cx, cy=cy, r=r * 1.5, user=True)
    d.add(el("circle", cx=cx, cy=cy, r=r * 1.5, fill=glow))
    for k in range(12):
        a = math.radians(30 * k + 15)
        x0, y0 = cx + math.cos(a) * r * 1.08, cy + math.sin(a) * r * 1.08
        x1, y1 = cx + math.cos(a) * r * 1.42, cy + math.sin(a) * r * 1.42
        d.add(el("path", d=f"M{n(x0)} {n(y0)} L{n(x1)} {n(y1)}", stroke=_mix(colour, "#1a1714", 0.35),
                 stroke_width=r * 0.07, stroke_linecap="round", opacity=0.7))
    face = d.radial([(0, _mix(colour, "#1a1714", 0.55)), (1, _mix(colour, "#0c0b0a", 0.8))], cx="40%", cy="35%")
    d.add(el("circle", cx=cx, cy=cy, r=r, fill=face, stroke=_mix(colour, "#ffffff", 0.1), stroke_width=r * 0.1))
    d.add(el("circle", cx=cx, cy=cy, r=r * 0.84, fill="none", stroke=BRASS_DK, stroke_width=r * 0.04))
    d.add(bh_glyph(glyph, cx + r * 0.03, cy + r * 0.05, r * 0.58, "#0c0b0a"))  # its shadow: engraved
    d.add(bh_glyph(glyph, cx, cy, r * 0.58, _mix(colour, "#ffffff", 0.18)))


def make_bh_item(tier: str) -> Doc:
    """An item card face: body, tier-coloured frame, a band for the value (top), the emblem, a name field."""
    colour, glyph = BH_TIERS[tier]
    w, h = BH_CARD_W, BH_CARD_H
    d = Doc(w, h)
    body = d.linear([(0, "#2a2622"), (1, "#141210")])
    d.add(el("rect", x=1, y=2.5, width=w - 2, height=h - 3, rx=9, fill=_mix(colour, "#000000", 0.65)))
    d.add(el("rect", x=1, y=1, width=w - 2, height=h - 3.5, rx=9, fill=body))
    band = d.linear([(0, _mix(colour, "#000000", 0.55)), (1, _mix(colour, "#000000", 0.78))])
    d.add(el("path", d=f"M1 10 A9 9 0 0 1 10 1 H{n(w - 10)} A9 9 0 0 1 {n(w - 1)} 10 V30 H1 Z", fill=band))
    d.add(el("path", d=f"M1 30 H{n(w - 1)}", stroke=_mix(colour, "#000000", 0.3), stroke_width=1))
    d.add(bh_glyph(glyph, 13, 15.5, 8.5, "#faf6ec"))
    _bh_emblem(d, colour, glyph, w / 2, 47, 12.5)
    d.add(el("rect", x=6, y=BH_NAME_TOP, width=w - 12, height=BH_NAME_BOTTOM - BH_NAME_TOP, rx=4, fill="#0e0d0c",
             opacity=0.55))
    d.add(el("rect", x=1, y=1, width=w - 2, height=h - 3.5, rx=9, fill="none", stroke=colour, stroke_width=3.2))
    d.add(el("rect", x=4.5, y=4.5, width=w - 9, height=h - 10.5, rx=6.5, fill="none",
             stroke=_mix(colour, "#000000", 0.45), stroke_width=0.8))
    return d


def make_bh_mini(tier: str) -> Doc:
    """A mini card (a seat's holdings, the tray, the pot): the emblem above, room for the value below."""
    colour, glyph = BH_TIERS[tier]
    w, h = BH_MINI_W, BH_MINI_H
    d = Doc(w, h)
    fill = d.linear([(0, _mix(colour, "#000000", 0.5)), (1, _mix(colour, "#000000", 0.7))])
    d.add(el("rect", x=2, y=2, width=w - 4, height=h - 4, rx=12, fill=fill, stroke=colour, stroke_width=4.5))
    d.add(el("circle", cx=w / 2, cy=36, r=23, fill=_mix(colour, "#000000", 0.78), stroke=_mix(colour, "#ffffff",
                                                                                             0.1), stroke_width=2))
    d.add(bh_glyph(glyph, w / 2 + 1, 37, 16, "#0c0b0a"))
    d.add(bh_glyph(glyph, w / 2, 36, 16, "#faf6ec"))
    d.add(el("rect", x=8, y=66, width=w - 16, height=26, rx=5, fill="#0c0b0a", opacity=0.35))
    return d


def make_bh_bounty() -> Doc:
    """A bounty card's face (stretched to the card by the table): dark parchment, a brass double frame, a faint
    burst behind where the seal sits and a rule under the head (names, pay and needs are printed over it)."""
    w, h = 100, 140
    d = Doc(w, h)
    body = d.linear([(0, "#2c2418"), (0.55, "#221c14"), (1, "#17130e")])
    d.add(el("rect", x=1, y=1, width=w - 2, height=h - 2, rx=6, fill=body))
    burst = d.radial([(0, AMBER, 0.16), (1, AMBER, 0)], cx=12, cy=12, r=34, user=True)
    d.add(el("circle", cx=12, cy=12, r=34, fill=burst))
    for k in range(8):  # a faint compass rose, low right: a bounty is a hunt
        a = math.radians(45 * k)
        r = 22 if k % 2 == 0 else 12
        x, y = 78 + math.cos(a) * r, 118 + math.sin(a) * r
        d.add(el("path", d=poly_d([(78, 118), (x, y)], close=False), stroke=BRASS_DK, stroke_width=1.2,
                 opacity=0.35))
    d.add(el("circle", cx=78, cy=118, r=14, fill="none", stroke=BRASS_DK, stroke_width=0.8, opacity=0.35))
    d.add(el("rect", x=1, y=1, width=w - 2, height=h - 2, rx=6, fill="none", stroke=BRASS, stroke_width=1.6))
    d.add(el("rect", x=3.5, y=3.5, width=w - 7, height=h - 7, rx=4.5, fill="none", stroke=BRASS_DK,
             stroke_width=0.7))
    return d


def make_bh_bounty_seal() -> Doc:
    """The bounty card's emblem: a brass medal on ribbons with the star cut out, on a faint burst."""
    d = Doc(100, 100)
    glow = d.radial([(0, AMBER, 0.35), (1, AMBER, 0)], cx=50, cy=44, r=50, user=True)
    d.add(el("circle", cx=50, cy=44, r=50, fill=glow))
    d.add(bh_glyph("seal", 51.5, 51.5, 46, "#2a1c08"))
    gold = d.linear([(0, BRASS_LT), (0.5, "#e2b24f"), (1, "#a5761f")])
    d.add(bh_glyph("seal", 50, 50, 46, gold))
    return d


# --------------------------------------------------------------------------- the app icon
def _grouped(d: Doc, draw, transform: str | None) -> None:
    """Run ``draw`` (which adds to ``d``) and wrap what it added in one transformed group."""
    start = len(d.body)
    draw()
    items = d.body[start:]
    del d.body[start:]
    d.add(group(items, transform=transform))


def make_app_icon() -> Doc:
    """The app and window icon: two Hintaro dice and a sabacc card under the cantina lamp, on a brass-edged
    tile. Big, plain shapes, so it still reads as dice at 16 px."""
    d = Doc(256, 256)
    glow = d.radial([(0, "#7a4a1c"), (0.45, "#3a2314"), (1, "#0b0d14")], cy="30%", r="80%")
    d.add(el("rect", x=6, y=6, width=244, height=244, rx=54, fill=glow, stroke=BRASS, stroke_width=7),
          el("rect", x=17, y=17, width=222, height=222, rx=44, fill="none", stroke=BRASS_DK, stroke_width=2.5,
             opacity=0.9),
          el("ellipse", cx=128, cy=206, rx=92, ry=20, fill="#000000", opacity=0.35))

    def card() -> None:
        face = d.linear([(0, "#f7efdc"), (1, "#d9c9a4")], x2="100%", y2="100%")
        d.add(el("rect", x=0, y=0, width=92, height=128, rx=11, fill=face, stroke="#2a1a10", stroke_width=3),
              el("rect", x=8, y=8, width=76, height=112, rx=7, fill="none", stroke=CARD_RED, stroke_width=3.5),
              el("path", d=poly_d([(46, 34), (66, 64), (46, 94), (26, 64)]), fill=CARD_RED),
              el("path", d=poly_d([(46, 48), (56, 64), (46, 80), (36, 64)]), fill="#f7efdc"))

    _grouped(d, card, tr(118, 30, 1.0, 14))

    def silver() -> None:
        die_body(d, **SILVER)
        ink, rim, rim_op = SILVER_INK
        engrave(d, "kulro", 50, 50, 70, ink, rim, rim_op)

    def gold() -> None:
        die_body(d, **GOLD)
        ink, rim, rim_op = GOLD_INK
        engrave(d, "hin", 50, 50, 72, ink, rim, rim_op)

    _grouped(d, silver, tr(26, 74, 0.92, -13))
    _grouped(d, gold, tr(100, 104, 1.0, 9))
    return d


ICON_SVG = "art/app/icon.svg"
ICON_DIR = ASSETS / "icons"
#: PNG sizes in the .ico (Windows picks per context: 16 title bar ... 256 large icons)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: .icns entry types (PNG payloads) by size
ICNS_TYPES = ((16, b"icp4"), (32, b"icp5"), (64, b"icp6"), (128, b"ic07"), (256, b"ic08"))
STAMP_KEY = b"Source-SHA256"


def png_bytes(size: int, rgba: bytes, stamp: str) -> bytes:
    """A square RGBA PNG written with zlib: a tEXt chunk carries the source SVG's SHA-256."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    row = size * 4
    raw = b"".join(b"\x00" + rgba[y * row:(y + 1) * row] for y in range(size))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"tEXt", STAMP_KEY + b"\x00" + stamp.encode("ascii"))
            + chunk(b"tEXt", b"Software\x00tools/make_art.py")
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (Vista and later read PNG entries at every size)."""
    sizes = sorted(pngs)
    out = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    for sz in sizes:
        side = 0 if sz >= 256 else sz
        out += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(pngs[sz]), offset)
        offset += len(pngs[sz])
    return out + b"".join(pngs[sz] for sz in sizes)


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG images."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[sz])) + pngs[sz] for sz, kind in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def render_svg(svg_text: str, size: int) -> bytes:
    """The SVG rendered at ``size`` x ``size`` as RGBA bytes (pygame-ce's SDL_image, as the game renders art)."""
    import io
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    img = pygame.image.load_sized_svg(io.BytesIO(svg_text.encode("utf-8")), (size, size))
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    out.blit(img, ((size - img.get_width()) // 2, (size - img.get_height()) // 2))
    return pygame.image.tobytes(out, "RGBA")


def icon_files(svg_text: str) -> dict[Path, bytes]:
    """Every raster icon file, rendered from ``svg_text`` (needs pygame-ce)."""
    stamp = hashlib.sha256(svg_text.encode("utf-8")).hexdigest()
    sizes = sorted(set(ICO_SIZES) | {sz for sz, _ in ICNS_TYPES})
    pngs = {sz: png_bytes(sz, render_svg(svg_text, sz), stamp) for sz in sizes}
    return {ICON_DIR / "cantina.png": pngs[256], ICON_DIR / "cantina.ico": ico_bytes({s: pngs[s] for s in ICO_SIZES}),
            ICON_DIR / "cantina.icns": icns_bytes(pngs)}


def stale_icons(svg_text: str) -> list[Path]:
    """Raster icons missing, or made from another version of the SVG (read from their stamp, no rendering)."""
    stamp = STAMP_KEY + b"\x00" + hashlib.sha256(svg_text.encode("utf-8")).hexdigest().encode("ascii")
    names = ("cantina.png", "cantina.ico", "cantina.icns")
    return [ICON_DIR / nm for nm in names if not (ICON_DIR / nm).is_file() or stamp not in (ICON_DIR / nm).read_bytes()]


# --------------------------------------------------------------------------- registry
def build() -> dict[str, tuple[str, Doc, dict]]:
    """id -> (path relative to assets/, document, extra manifest fields)."""
    assets: dict[str, tuple[str, Doc, dict]] = {}

    def reg(aid, rel, doc, **extra):
        assets[aid] = ("art/" + rel, doc, extra)

    for s in ("hin", "taro", "tukar", "kulro"):
        reg(f"symbol.{s}", f"symbols/{s}.svg", make_symbol(s))
    reg("symbol.struck", "symbols/struck.svg", make_struck())
    for name, (mat, syms) in DIE_FACES.items():
        slots = [{"symbol": s, "cx": x, "cy": y, "size": z} for s, x, y, z in face_slots(syms)]
        reg(f"dice.{name}", f"dice/{name}.svg", make_die_face(mat, syms), slots=slots)
    for c in ("red", "blue"):
        reg(f"cube.{c}", f"cubes/{c}.svg", make_cube(c))
    for v in (1, 2, 3):
        reg(f"kinzo.die_{v}", f"kinzo/die_{v}.svg", make_kinzo_die(v))
    for v in range(1, 7):
        reg(f"kinzo.card_{v}", f"kinzo/card_{v}.svg", make_kinzo_card(v))
    reg("kinzo.back", "kinzo/back.svg", make_kinzo_back())
    for suit in ("circle", "triangle", "square"):
        for v in range(1, 11):
            for sign, tag in ((1, "p"), (-1, "m")):
                reg(f"sabacc_house.{suit}_{tag}{v}", f"sabacc_house/{suit}_{tag}{v}.svg",
                    make_sabacc_card(suit, sign * v))
    for i in (1, 2):
        reg(f"sabacc_house.sylop_{i}", f"sabacc_house/sylop_{i}.svg", make_sabacc_sylop())
    reg("sabacc_house.back", "sabacc_house/back.svg", make_sabacc_back())
    for suit in ("spades", "clubs", "hearts", "diamonds"):
        for r in range(1, 11):
            reg(f"spike.{suit}_{r}", f"spike/{suit}_{r}.svg", make_spike_card(suit, r))
    for i in (1, 2):
        reg(f"spike.sylop_{i}", f"spike/sylop_{i}.svg", make_spike_joker())
    reg("spike.back", "spike/back.svg", make_spike_back())
    for k in SPIKE_DIE_FACES:
        reg(f"spike_dice.{k}", f"spike_dice/{k}.svg", make_spike_die(k))
    for v in range(1, 7):
        reg(f"spike_dice.d6_{v}", f"spike_dice/d6_{v}.svg", make_d6(v))
    for v in CHIPS:
        reg(f"chips.chip_{v}_top", f"chips/chip_{v}_top.svg", make_chip_top(v), value=v)
        reg(f"chips.chip_{v}_side", f"chips/chip_{v}_side.svg", make_chip_side(v), value=v)
        reg(f"chips.chip_{v}_tilt", f"chips/chip_{v}_tilt.svg", make_chip_tilt(v), value=v, stack_step=8)
    for view in ("top", "side", "tilt"):
        extra = {"value": 5000}
        if view == "tilt":
            extra["stack_step"] = 20
        reg(f"chips.ingot_5000_{view}", f"chips/ingot_5000_{view}.svg", make_ingot(view), **extra)
    reg("props.glass", "props/glass.svg", make_glass())
    reg("props.bottle", "props/bottle.svg", make_bottle())
    reg("props.datapad", "props/datapad.svg", make_datapad())
    reg("props.droid_dealer", "props/droid_dealer.svg", make_droid())
    reg("props.lamp", "props/lamp.svg", make_lamp())
    reg("props.lamp_glow", "props/lamp_glow.svg", make_lamp_glow())
    reg("props.smoke", "props/smoke.svg", make_smoke())
    reg("props.floor_lamp", "props/floor_lamp.svg", make_floor_lamp())
    reg("props.crate", "props/crate.svg", make_crate())
    reg("props.bar_bottles", "props/bar_bottles.svg", make_bar_bottles())
    reg("props.felt_green", "props/felt_green.svg", make_felt("#1d5236", "#3d8a5e", "#0f2f1e", 3), tile=True)
    reg("props.felt_burgundy", "props/felt_burgundy.svg", make_felt("#561a25", "#8a3342", "#2e0b12", 5), tile=True)
    reg("props.wood_rail", "props/wood_rail.svg", make_wood_rail(), tile=True)
    for tier in BH_TIERS:
        reg(f"better_hintaro.item_{tier}", f"better_hintaro/item_{tier}.svg", make_bh_item(tier),
            name_field=[BH_NAME_TOP / BH_CARD_H, BH_NAME_BOTTOM / BH_CARD_H], band=30 / BH_CARD_H)
        reg(f"better_hintaro.mini_{tier}", f"better_hintaro/mini_{tier}.svg", make_bh_mini(tier))
    for g in BH_GLYPHS:
        reg(f"better_hintaro.glyph_{g}", f"better_hintaro/glyph_{g}.svg", make_bh_glyph(g))
    reg("better_hintaro.bounty", "better_hintaro/bounty.svg", make_bh_bounty())
    reg("better_hintaro.bounty_seal", "better_hintaro/bounty_seal.svg", make_bh_bounty_seal())
    reg("app.icon", "app/icon.svg", make_app_icon())
    return assets


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return format(v, ".6g") if isinstance(v, float) else str(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)


def manifest(assets) -> str:
    lines = [
        "# Generated by tools/make_art.py -- do not edit by hand.",
        "# id -> path (relative to assets/), native width/height of the SVG viewBox.",
        "# pygame.image.load_sized_svg keeps the aspect ratio: ask for a box, get the largest fit.",
        "# dice.*: slots = symbol centres and sizes as fractions of the face (for symbol.struck).",
        "# chips.*_tilt: stack_step = viewBox units to raise each chip above the one below.",
        "",
        "[assets]",
    ]
    for aid, (rel, doc, extra) in assets.items():
        fields = {"path": rel, "width": doc.w, "height": doc.h}
        fields.update(extra)
        lines.append(f'"{aid}" = {toml_value(fields)}')
    return "\n".join(lines) + "\n"


def manifest_json(toml_text: str) -> str:
    """The manifest's JSON twin: the records of the TOML text, as tomllib reads them (so the two can never
    disagree), one asset a line. The game reads this one (game.ui.resources): json takes ~0.2 ms where tomllib
    takes ~6 ms to import and parse, a tenth of the title's first frame; the TOML stays the one to read."""
    import json
    import tomllib

    data = tomllib.loads(toml_text)
    lines = [f"  {json.dumps(aid)}: {json.dumps(rec, ensure_ascii=False)}" for aid, rec in data["assets"].items()]
    return '{"assets": {\n' + ",\n".join(lines) + "\n}}\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only compare; exit 1 if anything would change")
    args = ap.parse_args(argv)
    assets = build()
    files = {ASSETS / rel: doc.render() for rel, doc, _ in assets.values()}
    files[ART / "manifest.toml"] = manifest(assets)
    files[ART / "manifest.json"] = manifest_json(files[ART / "manifest.toml"])
    changed = []
    for path, content in files.items():
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != content:
            changed.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(content, encoding="utf-8", newline="\n")
    known = set(files)
    stale = [p for p in ART.rglob("*.svg") if p not in known] if ART.exists() else []
    icon_svg = files[ASSETS / ICON_SVG]
    old_icons = stale_icons(icon_svg)
    if args.check:
        for p in changed:
            print(f"differs: {p.relative_to(ROOT)}")
        for p in stale:
            print(f"not generated: {p.relative_to(ROOT)}")
        for p in old_icons:
            print(f"not made from the current {ICON_SVG}: {p.relative_to(ROOT)}")
        return 1 if changed or stale or old_icons else 0
    for p in stale:
        p.unlink()
    print(f"{len(files)} files ({len(changed)} written, {len(stale)} stale removed) under {ART.relative_to(ROOT)}")
    if old_icons:
        try:
            rasters = icon_files(icon_svg)
        except ImportError:
            print("the app icons need pygame-ce to render: not written", file=sys.stderr)
            return 1
        ICON_DIR.mkdir(parents=True, exist_ok=True)
        for path, data in rasters.items():
            path.write_bytes(data)
        print(f"{len(rasters)} icons rendered under {ICON_DIR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
