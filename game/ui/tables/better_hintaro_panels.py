"""The pieces the Better Hintaro table adds to the Hintaro table: item and bounty cards, the market board's
layout, the auction, trade and shootout panels, and the victory screen.

Why a module of its own: the table module says *when* things happen (events, turns, buttons); this one says
how they *look*. Everything here is drawn procedurally in our own simple vector style (a card frame in its
tier's colour, a tier glyph, the name), so no art file is needed and every card is crisp at any window size.
Colour never carries meaning alone: each tier has its own glyph shape, and the value is printed on the card.

Costly pictures (cards, panels) are rendered once and cached by what they show (:class:`CardArt`), so a
frame is a handful of blits.
"""

from __future__ import annotations

import math
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.better_hintaro.content import Content
from game.engine.core import Action
from game.ui import theme
from game.ui.cache import MB, SurfaceCache
from game.ui.draw import Text, panel, shade
from game.ui.input import Input
from game.ui.scenes.results import ResultsScene

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.tables.base import BaseTable

Colour = tuple[int, int, int]


# ---------------------------------------------------------------------------------------------- tiers
@dataclass(frozen=True)
class TierStyle:
    """How one price tier looks: a colour AND a glyph shape (so colour-blind players can tell them apart)."""

    colour: Colour
    glyph: str
    word: str


#: tier name (items.toml) -> its look; the glyphs grow more elaborate as the tiers get dearer
TIERS: dict[str, TierStyle] = {
    "green": TierStyle((86, 176, 96), "circle", "Green"),
    "blue": TierStyle((80, 142, 228), "triangle", "Blue"),
    "orange": TierStyle((232, 140, 52), "square", "Orange"),
    "violet": TierStyle((164, 108, 226), "diamond", "Violet"),
    "red": TierStyle((216, 74, 72), "cross", "Red"),
    "gold": TierStyle((236, 196, 72), "star", "Gold"),
}
CONTAINER_STYLE = TierStyle((150, 112, 72), "crate", "Container")
UNKNOWN_STYLE = TierStyle((150, 150, 150), "ring", "Item")
GOOD_TICK = (120, 214, 130)


def style_of(content: Content, card: str) -> TierStyle:
    """The look of ``card``: its tier's style, the container style, or a plain one for unknown tiers."""
    if card in content.containers:
        return CONTAINER_STYLE
    item = content.items.get(card)
    if item is None:
        return UNKNOWN_STYLE
    return TIERS.get(item.tier, UNKNOWN_STYLE)


def short_value(v: int) -> str:
    """A value that fits a mini card: 350, 1k, 2.5k, 15k."""
    if v >= 1000:
        k = v / 1000
        return f"{k:.1f}".rstrip("0").rstrip(".") + "k"
    return str(v)


def darker(c: Colour, k: float) -> Colour:
    return (int(c[0] * k), int(c[1] * k), int(c[2] * k))


def lighter(c: Colour, k: float) -> Colour:
    return (min(255, int(c[0] + (255 - c[0]) * k)), min(255, int(c[1] + (255 - c[1]) * k)),
            min(255, int(c[2] + (255 - c[2]) * k)))


# --------------------------------------------------------------------------------------------- glyphs
def _poly(cx: float, cy: float, r: float, pts: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(cx + x * r, cy + y * r) for x, y in pts]


def _star(points: int, inner: float) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        a = -math.pi / 2 + i * math.pi / points
        rr = 0.98 if i % 2 == 0 else inner
        out.append((math.cos(a) * rr, math.sin(a) * rr))
    return out


_CROSS = [(-0.3, -0.92), (0.3, -0.92), (0.3, -0.3), (0.92, -0.3), (0.92, 0.3), (0.3, 0.3), (0.3, 0.92),
          (-0.3, 0.92), (-0.3, 0.3), (-0.92, 0.3), (-0.92, -0.3), (-0.3, -0.3)]


def _paint_glyph(s: pygame.Surface, glyph: str, cx: float, cy: float, r: float, ink: Colour, bg: Colour) -> None:
    """One glyph at full size (callers supersample it for smooth edges)."""
    w = max(1, int(r * 0.22))
    if glyph == "circle":
        pygame.draw.circle(s, ink, (cx, cy), r * 0.82)
    elif glyph == "triangle":
        pygame.draw.polygon(s, ink, _poly(cx, cy, r, [(0, -0.92), (0.95, 0.78), (-0.95, 0.78)]))
    elif glyph == "square":
        pygame.draw.rect(s, ink, pygame.Rect(cx - r * 0.74, cy - r * 0.74, r * 1.48, r * 1.48))
    elif glyph == "diamond":
        pygame.draw.polygon(s, ink, _poly(cx, cy, r, [(0, -1), (0.8, 0), (0, 1), (-0.8, 0)]))
    elif glyph == "cross":
        pygame.draw.polygon(s, ink, _poly(cx, cy, r, _CROSS))
    elif glyph == "star":
        pygame.draw.polygon(s, ink, _poly(cx, cy, r, _star(5, 0.42)))
    elif glyph == "crate":
        box = pygame.Rect(cx - r * 0.82, cy - r * 0.7, r * 1.64, r * 1.4)
        pygame.draw.rect(s, ink, box, w)
        pygame.draw.line(s, ink, box.topleft, box.bottomright, w)
        pygame.draw.line(s, ink, box.topright, box.bottomleft, w)
    elif glyph == "seal":  # a bounty: a medal on two ribbon tails
        pygame.draw.polygon(s, ink, _poly(cx, cy, r, [(-0.5, 0.1), (-0.2, 0.1), (-0.1, 1), (-0.35, 0.8),
                                                      (-0.6, 0.98)]))
        pygame.draw.polygon(s, ink, _poly(cx, cy, r, [(0.5, 0.1), (0.2, 0.1), (0.1, 1), (0.35, 0.8), (0.6, 0.98)]))
        pygame.draw.circle(s, ink, (cx, cy - r * 0.25), r * 0.62)
        pygame.draw.polygon(s, bg, _poly(cx, cy - r * 0.25, r * 0.45, _star(5, 0.45)))
    elif glyph == "tick":
        pygame.draw.lines(s, ink, False, _poly(cx, cy, r, [(-0.8, 0.05), (-0.25, 0.6), (0.85, -0.6)]),
                          max(2, int(r * 0.38)))
    elif glyph == "hollow":
        pygame.draw.circle(s, ink, (cx, cy), r * 0.62, max(1, int(r * 0.2)))
    elif glyph == "rock":
        pygame.draw.polygon(s, ink, _poly(cx, cy, r, [(-0.85, 0.55), (-0.9, -0.05), (-0.55, -0.6), (0.05, -0.8),
                                                      (0.62, -0.55), (0.92, 0.0), (0.78, 0.6), (0.1, 0.82)]))
        pygame.draw.line(s, bg, (cx - r * 0.2, cy - r * 0.5), (cx + r * 0.1, cy + r * 0.1), max(1, w // 2))
    elif glyph == "paper":
        sheet = [(-0.62, -0.9), (0.3, -0.9), (0.66, -0.55), (0.66, 0.9), (-0.62, 0.9)]
        pygame.draw.polygon(s, ink, _poly(cx, cy, r, sheet))
        for k in range(4):
            y = cy - r * 0.35 + k * r * 0.3
            pygame.draw.line(s, bg, (cx - r * 0.42, y), (cx + r * 0.45, y), max(1, w // 2))
    elif glyph == "scissors":
        pygame.draw.line(s, ink, (cx - r * 0.45, cy + r * 0.45), (cx + r * 0.8, cy - r * 0.9), w + 1)
        pygame.draw.line(s, ink, (cx + r * 0.45, cy + r * 0.45), (cx - r * 0.8, cy - r * 0.9), w + 1)
        for sx in (-1, 1):
            pygame.draw.circle(s, ink, (cx + sx * r * 0.52, cy + r * 0.62), r * 0.3, max(1, w))
    else:  # ring: an unknown tier
        pygame.draw.circle(s, ink, (cx, cy), r * 0.8, max(1, w))


_glyphs: OrderedDict[tuple[str, int, Colour, Colour], pygame.Surface] = OrderedDict()


def glyph_image(glyph: str, size: int, ink: Colour, bg: Colour = (0, 0, 0)) -> pygame.Surface:
    """``glyph`` drawn ``size`` px square, supersampled so its edges are smooth (cached)."""
    size = max(4, int(size))
    key = (glyph, size, ink, bg)
    img = _glyphs.get(key)
    if img is not None:
        return img
    k = 4
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    _paint_glyph(big, glyph, size * k / 2, size * k / 2, size * k / 2 * 0.96, ink, bg)
    img = pygame.transform.smoothscale(big, (size, size))
    _glyphs[key] = img
    if len(_glyphs) > 400:
        _glyphs.popitem(last=False)
    return img


def blit_glyph(surf: pygame.Surface, glyph: str, centre: tuple[float, float], size: int, ink: Colour,
               bg: Colour = (0, 0, 0)) -> pygame.Rect:
    img = glyph_image(glyph, size, ink, bg)
    r = img.get_rect(center=(int(centre[0]), int(centre[1])))
    surf.blit(img, r)
    return r


def clear_glyphs() -> None:
    _glyphs.clear()


# ----------------------------------------------------------------------------------------------- cards
class CardArt:
    """Renders item cards, mini cards and bounty cards, cached by everything they show.

    One per table (it holds the table's text renderer, whose fonts die with the pygame session).
    """

    def __init__(self, text: Text, content: Content, limit: int = 500) -> None:
        self.text = text
        self.content = content
        # capped in pixel bytes: a 1080p bounty card weighs 350 KB and is drawn anew for each holder, so 8 MB kept ~20
        # old ones; what a frame shows (four bounties, the market, the minis) is ~2.5 MB (game.measure.memory)
        self._cache = SurfaceCache(limit, 4 * MB, "better_hintaro_cards")
        self._limit = limit

    def _cached(self, key: tuple[Any, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        img = self._cache.get(key)
        if img is None:
            img = make()
            self._cache[key] = img
            if len(self._cache) > self._limit:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return img

    def clear(self) -> None:
        self._cache.clear()

    # ------------------------------------------------------------------ words about cards
    def name(self, card: str) -> str:
        return self.content.name(card)

    def value(self, card: str) -> int:
        return self.content.value(card)

    def describe(self, card: str) -> str:
        """One line for a tooltip: name, tier and value (or what a container does)."""
        c = self.content
        if card in c.containers:
            box = c.containers[card]
            return f"{box.name}: a container, no value; at the game's end its holder draws {box.size} item" \
                   f"{'s' if box.size != 1 else ''}"
        item = c.items.get(card)
        if item is None:
            return card
        return f"{item.name}: {style_of(c, card).word} tier, worth {item.value:,}"

    def wrap(self, text: str, size: int, width: int, role: str = "text") -> list[str]:
        """Lines of ``text`` at most ``width`` px wide, breaking between words and after hyphens (names like
        "Vacuum-Sealed Rations" must fit a narrow card)."""
        font = self.text.res.font(role, size)
        lines: list[str] = []
        line = ""
        for w_i, word in enumerate(text.split()):
            parts = [p + "-" for p in word.split("-")[:-1]] + [word.split("-")[-1]]
            parts = [p for p in parts if p]
            for p_i, part in enumerate(parts):
                sep = " " if (p_i == 0 and w_i > 0 and line) else ""
                trial = line + sep + part
                if line and font.size(trial)[0] > width:
                    lines.append(line)
                    line = part
                else:
                    line = trial
        if line:
            lines.append(line)
        return lines

    def blit_fitted(self, surf: pygame.Surface, line: str, size: int, colour: Colour, role: str, width: int,
                    **anchor: Any) -> None:
        """A line of text, squeezed horizontally if one word alone is wider than ``width``."""
        img = self.text.render(line, size, colour, role)
        if img.get_width() > width > 0:
            img = pygame.transform.smoothscale(img, (width, img.get_height()))
        surf.blit(img, img.get_rect(**anchor))

    # ------------------------------------------------------------------ a full item card
    def item(self, card: str, size: tuple[int, int], state: str = "") -> pygame.Surface:
        """A card ``size`` px: tier-coloured frame, tier glyph, value and name. ``state``: "", hover, selected,
        dim (cannot be had now)."""
        return self._cached(("item", card, size, state), lambda: self._item(card, size, state))

    def _item(self, card: str, size: tuple[int, int], state: str) -> pygame.Surface:
        w, h = size
        st = style_of(self.content, card)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(4, w // 10)
        body = (26, 24, 22)
        pygame.draw.rect(s, darker(st.colour, 0.35), (0, 3, w, h - 3), border_radius=rad)  # a thin shadow
        pygame.draw.rect(s, body, (0, 0, w, h - 3), border_radius=rad)
        band_h = max(14, int(h * 0.3))
        band = pygame.Rect(0, 0, w, band_h)
        pygame.draw.rect(s, darker(st.colour, 0.78), band, border_top_left_radius=rad, border_top_right_radius=rad)
        edge_w = max(2, w // 28)
        pygame.draw.rect(s, st.colour, (0, 0, w, h - 3), edge_w, border_radius=rad)
        g = max(8, int(band_h * 0.66))
        blit_glyph(s, st.glyph, (edge_w + 3 + g / 2, band_h / 2), g, (250, 246, 236), darker(st.colour, 0.78))
        fs = max(9, int(w * 0.15))
        value = "—" if card in self.content.containers else f"{self.value(card):,}"
        self.text.blit(s, value, fs + 1, (255, 250, 240), "bold", midright=(w - edge_w - 4, band_h // 2))
        # the name, wrapped to the card's width
        name_fs = max(9, int(w * 0.135))
        inner = w - 2 * edge_w - 6
        lines = self.wrap(self.name(card), name_fs, inner, "bold")
        lh = self.text.res.font("bold", name_fs).get_linesize()
        max_lines = max(1, (h - band_h - int(h * 0.16)) // lh)
        if len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = self.text.fit(lines[-1] + "…", name_fs, inner, "bold")
        room = h - 3 - band_h - int(h * 0.16)
        y = band_h + max(2, (room - lh * len(lines)) // 2)  # the name sits in the middle of the card's body
        for line in lines:
            self.blit_fitted(s, line, name_fs, theme.CREAM, "bold", inner, midtop=(w // 2, y))
            y += lh
        foot = "CONTAINER" if card in self.content.containers else st.word.upper()
        self.text.blit(s, foot, max(8, int(w * 0.11)), lighter(st.colour, 0.2), "bold",
                       midbottom=(w // 2, h - 3 - max(2, int(h * 0.04))))
        return _with_state(s, state, rad)

    # ------------------------------------------------------------------ a mini card (holdings, tray, pot)
    def mini(self, card: str, size: tuple[int, int], state: str = "") -> pygame.Surface:
        """A small card: glyph above, value below (the name is in its tooltip)."""
        return self._cached(("mini", card, size, state), lambda: self._mini(card, size, state))

    def _mini(self, card: str, size: tuple[int, int], state: str) -> pygame.Surface:
        w, h = size
        st = style_of(self.content, card)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(3, w // 6)
        fill = darker(st.colour, 0.42)
        pygame.draw.rect(s, fill, (0, 0, w, h), border_radius=rad)
        pygame.draw.rect(s, st.colour, (0, 0, w, h), max(1, w // 14), border_radius=rad)
        g = max(6, int(min(w * 0.62, h * 0.46)))
        blit_glyph(s, st.glyph, (w / 2, h * 0.36), g, (250, 246, 236), fill)
        if card in self.content.containers:
            label = f"×{self.content.containers[card].size}"
        else:
            label = short_value(self.value(card))
        fs = max(8, int(min(w * 0.36, h * 0.27)))
        img = self.text.render(label, fs, (255, 250, 240), "bold")
        if img.get_width() > w - 2:
            img = pygame.transform.smoothscale(img, (w - 2, img.get_height()))
        s.blit(img, img.get_rect(midbottom=(w // 2, h - max(1, h // 14))))
        return _with_state(s, state, rad)

    # ------------------------------------------------------------------ a bounty card
    def bounty_needs(self, bounty: str, held: Sequence[str] | None) -> list[tuple[str, bool]]:
        """(item, held?) for each item the bounty needs, counting copies (two needed, one held: one tick)."""
        b = self.content.bounties[bounty]
        pool = Counter(held or ())
        out = []
        for need in b.needs:
            ok = pool[need] > 0
            if ok:
                pool[need] -= 1
            out.append((need, ok))
        return out

    def pays(self, bounty: str, on_completion: bool = True) -> str:
        b = self.content.bounties[bounty]
        if not on_completion:
            return f"{b.printed_value:,}"
        if b.payout is not None:
            return f"{b.payout:,}"
        return f"the {self.name(b.reward_item or '')}"

    def bounty(self, bounty: str, size: tuple[int, int], held: Sequence[str] | None, who: str,
               state: str = "", on_completion: bool = True) -> pygame.Surface:
        """A bounty card: its name, what it pays, and the items it needs, ticked where ``held`` has them."""
        key = ("bounty", bounty, size, tuple(sorted(held or ())), who, state, on_completion)
        return self._cached(key, lambda: self._bounty(bounty, size, held, who, state, on_completion))

    def _bounty(self, bounty: str, size: tuple[int, int], held: Sequence[str] | None, who: str, state: str,
                on_completion: bool) -> pygame.Surface:
        w, h = size
        b = self.content.bounties[bounty]
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(5, w // 18)
        pygame.draw.rect(s, (34, 28, 20), (0, 0, w, h), border_radius=rad)
        pygame.draw.rect(s, theme.BRASS, (0, 0, w, h), max(2, w // 70), border_radius=rad)
        pad = max(5, w // 22)
        u = w / 170
        seal = max(12, int(22 * u))
        blit_glyph(s, "seal", (pad + seal / 2, pad + seal / 2), seal, theme.AMBER, (34, 28, 20))
        fs = max(9, int(13 * u))
        lines = self.wrap(b.name, fs, w - 3 * pad - seal, "bold")[:2]
        lh = self.text.res.font("bold", fs).get_linesize()
        y = pad - 1
        for line in lines:
            self.text.blit(s, self.text.fit(line, fs, w - 3 * pad - seal, "bold"), fs, theme.CREAM, "bold",
                           topleft=(2 * pad + seal, y))
            y += lh
        y = max(y, pad + seal) + 2
        small = max(8, int(11 * u))
        pay = self.pays(bounty, on_completion)
        for line in self.wrap(f"PAYS {pay}", small + 1, w - 2 * pad, "bold")[:2]:
            self.text.blit(s, self.text.fit(line, small + 1, w - 2 * pad, "bold"), small + 1, theme.AMBER, "bold",
                           topleft=(pad, y))
            y += self.text.res.font("bold", small + 1).get_linesize()
        y += 1
        needs = self.bounty_needs(bounty, held)
        got = sum(ok for _, ok in needs)
        head = f"NEEDS {len(needs)}" + (f" · {who} HAS {got}" if who else " ITEMS")
        self.text.blit(s, self.text.fit(head, small, w - 2 * pad, "bold"), small, theme.TEXT_DIM, "bold",
                       topleft=(pad, y))
        y += self.text.res.font("bold", small).get_linesize() + 1
        line_h = max(10, min(int(19 * u), (h - y - pad // 2) // max(1, len(needs))))
        ns = max(8, min(int(13 * u), line_h - 4))
        g = max(6, line_h - 4)
        for need, ok in needs:
            st = style_of(self.content, need)
            cy = y + line_h / 2
            blit_glyph(s, "tick" if ok else "hollow", (pad + g / 2, cy), g, GOOD_TICK if ok else theme.TEXT_FAINT)
            blit_glyph(s, st.glyph, (pad + g * 1.5 + 3, cy), max(5, g - 3), st.colour)
            label = self.text.fit(self.name(need), ns, w - 2 * pad - int(g * 2.2) - 6)
            self.text.blit(s, label, ns, theme.CREAM if ok else theme.TEXT_DIM, midleft=(pad + int(g * 2.1) + 6, cy))
            y += line_h
        return _with_state(s, state, rad)

    def bounty_height(self, width: int, lines: int = 9) -> int:
        """The height a bounty card of ``width`` needs to list ``lines`` needed items."""
        u = width / 170
        return int(22 * u + 12 + 2 * 17 * u + 3 * 14 * u + lines * 15 * u)


def _with_state(s: pygame.Surface, state: str, rad: int) -> pygame.Surface:
    """Outline a card for hover/selection, or darken one that cannot be had now."""
    if state == "dim":
        s = s.copy()
        s.fill((120, 120, 120, 255), special_flags=pygame.BLEND_RGBA_MULT)
    elif state in ("hover", "selected", "picked"):
        s = s.copy()
        colour = {"hover": (255, 236, 200), "selected": theme.TURN, "picked": GOOD_TICK}[state]
        width = 2 if state == "hover" else max(3, s.get_width() // 14)
        pygame.draw.rect(s, colour, s.get_rect(), width, border_radius=rad)
        if state != "hover":  # a light inner line, so the mark shows on a frame of the same colour (gold)
            pygame.draw.rect(s, (255, 250, 240), s.get_rect().inflate(-2 * width, -2 * width), 1,
                             border_radius=max(1, rad - width))
    return s


# ------------------------------------------------------------------------------------------- the board
@dataclass
class Hit:
    """A clickable or hoverable card on screen: ``kind`` says what it is (shop, bounty, held, discard, tray,
    pot, give, get), ``key`` which one."""

    rect: pygame.Rect
    kind: str
    key: tuple[Any, ...]
    tip: str = ""


@dataclass
class BoardLayout:
    """Where everything goes in the business stage: a column of seats (in business order) with what each one
    holds, and on the right the Shop, the bounties on offer, the discard pile and the pot."""

    column: pygame.Rect
    head_h: int
    rows: dict[int, pygame.Rect]
    plates: dict[int, pygame.Rect]
    holdings: dict[int, pygame.Rect]
    right: pygame.Rect
    shop: pygame.Rect
    newest: list[pygame.Rect]
    oldest: list[pygame.Rect]
    bank: tuple[int, int]
    bounties: pygame.Rect
    bounty_slots: list[pygame.Rect]
    discard: pygame.Rect
    pot: pygame.Rect
    overlay: pygame.Rect
    card: tuple[int, int]
    mini: tuple[int, int]
    u: float


def board_layout(area: pygame.Rect, u: float, order: Sequence[int], card_art: CardArt,
                 eyes: int | None = None) -> BoardLayout:
    """Lay the business stage out in ``area`` for seats listed in business ``order``; the row of ``eyes`` (the
    person at the screen) is taller, to list their own items by name."""
    pad = max(6, int(10 * u))
    n = max(1, len(order))
    col_w = int(area.w * 0.45)
    column = pygame.Rect(area.x + pad, area.y + pad, col_w, area.h - 2 * pad)
    head_h = int(22 * u)
    avail = column.h - head_h
    rh = min(86 * u, avail / n)
    heights = {seat: rh for seat in order}
    if eyes in heights and n > 1:
        big = max(rh, min(150 * u, avail - (n - 1) * min(60 * u, avail / n)))
        heights = {seat: min(86 * u, (avail - big) / (n - 1)) for seat in order}
        heights[eyes] = big
        rh = min(heights[s] for s in order if s != eyes)
    plate_w = int(min(150 * u, col_w * 0.36))
    rows: dict[int, pygame.Rect] = {}
    plates: dict[int, pygame.Rect] = {}
    holdings: dict[int, pygame.Rect] = {}
    y = float(column.y + head_h)
    for seat in order:
        h = heights[seat]
        row = pygame.Rect(column.x, int(y), col_w, int(h) - max(2, int(4 * u)))
        y += h
        rows[seat] = row
        plate = pygame.Rect(0, 0, plate_w, int(min(58 * u, rh - 6 * u)))
        plate.midleft = (row.x + int(4 * u), row.centery)
        plates[seat] = plate
        holdings[seat] = pygame.Rect(plate.right + int(8 * u), row.y + int(3 * u),
                                     row.right - plate.right - int(12 * u), row.h - int(6 * u))
    mini_h = max(18, int(min(46 * u, (rh - 6 * u) * 0.6)))
    mini = (int(mini_h * 0.76), mini_h)
    right = pygame.Rect(column.right + 2 * pad, area.y + pad, area.right - column.right - 3 * pad, area.h - 2 * pad)
    gap = max(4, int(6 * u))
    group_gap = max(8, int(16 * u))
    cw = int(min(88 * u, (right.w - 4 * gap - group_gap - 2 * pad) / 6))
    ch = int(cw * 1.32)
    label_h = int(18 * u)
    shop = pygame.Rect(right.x, right.y, right.w, head_h + label_h + ch + pad)
    x = shop.x + pad
    y = shop.y + head_h + label_h
    newest, oldest = [], []
    for i in range(3):
        newest.append(pygame.Rect(x + i * (cw + gap), y, cw, ch))
    x2 = x + 3 * (cw + gap) - gap + group_gap
    for i in range(3):
        oldest.append(pygame.Rect(x2 + i * (cw + gap), y, cw, ch))
    bank = (shop.right - int(40 * u), shop.y + head_h // 2 + int(2 * u))
    bw = int((right.w - 2 * gap) / 3)
    want_h = card_art.bounty_height(bw)
    low_min = int(92 * u)
    avail = right.bottom - (shop.bottom + gap) - head_h - gap - low_min
    bh = max(int(bw * 0.8), min(want_h, avail))
    bounties = pygame.Rect(right.x, shop.bottom + gap, right.w, head_h + bh)
    slots = [pygame.Rect(right.x + i * (bw + gap), bounties.y + head_h, bw, bh) for i in range(3)]
    low = pygame.Rect(right.x, bounties.bottom + gap, right.w, right.bottom - bounties.bottom - gap)
    pot_w = int(low.w * 0.3)
    discard = pygame.Rect(low.x, low.y, low.w - pot_w - gap, low.h)
    pot = pygame.Rect(discard.right + gap, low.y, pot_w, low.h)
    overlay = pygame.Rect(right.x, right.y, right.w, bounties.bottom - right.y)
    return BoardLayout(column, head_h, rows, plates, holdings, right, shop, newest, oldest, bank, bounties, slots,
                       discard, pot, overlay, (cw, ch), mini, u)


def flow_minis(rect: pygame.Rect, count: int, mini: tuple[int, int], gap: int) -> tuple[list[pygame.Rect], int]:
    """Slots for ``count`` mini cards in one line of ``rect`` (shrinking them to fit); and how many did not."""
    if count <= 0:
        return [], 0
    w, h = mini
    fit = max(1, (rect.w + gap) // (w + gap))
    if count > fit:
        # shrink down to two thirds before giving up on some
        scale = max(0.66, (rect.w + gap) / (count * (w + gap)))
        w, h = int(w * scale), int(h * scale)
        fit = max(1, (rect.w + gap) // (w + gap))
    shown = min(count, fit)
    if shown < count:
        shown = max(0, fit - 1)  # leave room for the "+k" marker
    return [pygame.Rect(rect.x + i * (w + gap), rect.y, w, h) for i in range(shown)], count - shown


def section_head(surf: pygame.Surface, text: Text, rect: pygame.Rect, title: str, hint: str, u: float) -> None:
    """A panel heading: a title in the heading face and a dim hint beside it."""
    r = text.blit(surf, title, int(20 * u), theme.AMBER, "head", topleft=(rect.x + int(8 * u), rect.y + int(2 * u)))
    if hint:
        text.blit(surf, text.fit(hint, int(12 * u), rect.right - r.right - int(16 * u)), int(12 * u), theme.TEXT_DIM,
                  midleft=(r.right + int(10 * u), r.centery + int(1 * u)))


def rel(r: pygame.Rect, origin: tuple[int, int]) -> pygame.Rect:
    """``r`` moved into the coordinates of a panel picture whose top-left sits at ``origin``."""
    return r.move(-origin[0], -origin[1])


def empty_slot(surf: pygame.Surface, r: pygame.Rect, u: float, label: str = "", text: Text | None = None) -> None:
    """Where a card could lie: a faint outline (and a word)."""
    pygame.draw.rect(surf, (58, 54, 48), r, 1, border_radius=max(3, int(6 * u)))
    if label and text is not None:
        text.blit(surf, label, int(11 * u), theme.TEXT_FAINT, center=r.center)


def paint_shop(surf: pygame.Surface, o: tuple[int, int], b: BoardLayout, text: Text, art: CardArt,
               shop: dict[str, list[str]], states: dict[tuple[Any, ...], str], covered: set[tuple[Any, ...]],
               draw_count: int, note: str) -> None:
    """The Shop: the Newest and the Oldest row, three item cards each, and the bank that takes the money."""
    u = b.u
    r = rel(b.shop, o)
    panel(surf, r, (14, 14, 19), theme.PANEL_EDGE, radius=int(10 * u), alpha=235, width=1)
    section_head(surf, text, r, "THE SHOP", note, u)
    for row, slots, word, hint in (("newest", b.newest, "NEWEST", "just in"),
                                   ("oldest", b.oldest, "OLDEST", "gone after this round")):
        first = rel(slots[0], o)
        lab = text.blit(surf, word, int(12 * u), theme.CREAM, "bold", bottomleft=(first.x, first.y - int(3 * u)))
        text.blit(surf, hint, int(11 * u), theme.TEXT_DIM, bottomleft=(lab.right + int(6 * u), first.y - int(3 * u)))
        cards = shop.get(row, [])
        for i, slot in enumerate(slots):
            rr = rel(slot, o)
            if i < len(cards):
                if ("card", row, i) not in covered:
                    surf.blit(art.item(cards[i], slot.size, states.get(("shop", row, i), "")), rr)
            else:
                empty_slot(surf, rr, u, "empty", text)
    bank = (b.bank[0] - o[0], b.bank[1] - o[1])
    img = text.render("BANK", int(12 * u), (30, 20, 6), "bold")
    pill = img.get_rect(center=bank).inflate(int(14 * u), int(6 * u))
    pygame.draw.rect(surf, theme.BRASS, pill, border_radius=pill.h // 2)
    surf.blit(img, img.get_rect(center=pill.center))
    text.blit(surf, f"deck {draw_count}", int(11 * u), theme.TEXT_DIM, midright=(pill.x - int(8 * u), pill.centery))


def paint_bounties(surf: pygame.Surface, o: tuple[int, int], b: BoardLayout, text: Text, art: CardArt,
                   offer: Sequence[str], held: Sequence[str] | None, who: str, states: dict[tuple[Any, ...], str],
                   note: str, on_completion: bool, deck: int) -> None:
    """The three bounties on offer, each with what it pays and its items, ticked where ``who`` holds them."""
    u = b.u
    r = rel(b.bounties, o)
    panel(surf, r, (14, 14, 19), theme.PANEL_EDGE, radius=int(10 * u), alpha=235, width=1)
    section_head(surf, text, r, "BOUNTIES ON OFFER", note, u)
    text.blit(surf, f"{deck} more in the deck", int(11 * u), theme.TEXT_DIM,
              topright=(r.right - int(8 * u), r.y + int(6 * u)))
    for i, slot in enumerate(b.bounty_slots):
        rr = rel(slot, o)
        if i < len(offer):
            surf.blit(art.bounty(offer[i], slot.size, held, who.upper(), states.get(("bounty", i), ""),
                                 on_completion), rr)
        else:
            empty_slot(surf, rr, u, "none left", text)


def discard_slots(b: BoardLayout, count: int) -> tuple[list[pygame.Rect], int]:
    """Mini cards for the discard pile in rows under its heading; how many did not fit."""
    u = b.u
    area = pygame.Rect(b.discard.x + int(8 * u), b.discard.y + b.head_h + int(2 * u), b.discard.w - int(16 * u),
                       b.discard.h - b.head_h - int(6 * u))
    w, h = b.mini
    gap = max(2, int(4 * u))
    cols = max(1, (area.w + gap) // (w + gap))
    rows = max(1, (area.h + gap) // (h + gap))
    if count > cols * rows:  # shrink the tiles before dropping any
        k = max(0.6, math.sqrt(area.w * area.h / (count * (w + gap) * (h + gap))))
        w, h = max(10, int(w * k)), max(13, int(h * k))
        cols = max(1, (area.w + gap) // (w + gap))
        rows = max(1, (area.h + gap) // (h + gap))
    room = cols * rows
    shown = count if count <= room else room - 1
    out = [pygame.Rect(area.x + (i % cols) * (w + gap), area.y + (i // cols) * (h + gap), w, h) for i in range(shown)]
    return out, count - shown


def paint_discard(surf: pygame.Surface, o: tuple[int, int], b: BoardLayout, text: Text, art: CardArt,
                  discard: Sequence[str], states: dict[tuple[Any, ...], str], note: str) -> None:
    u = b.u
    r = rel(b.discard, o)
    panel(surf, r, (14, 14, 19), theme.PANEL_EDGE, radius=int(10 * u), alpha=235, width=1)
    section_head(surf, text, r, "DISCARD PILE", note, u)
    slots, more = discard_slots(b, len(discard))
    for i, slot in enumerate(slots):
        surf.blit(art.mini(discard[i], slot.size, states.get(("discard", i), "")), rel(slot, o))
    if more:
        last = rel(slots[-1], o) if slots else r
        text.blit(surf, f"+{more}", int(13 * u), theme.TEXT_DIM, "bold",
                  midleft=(last.right + int(6 * u), last.centery))
    if not discard:
        text.blit(surf, "empty: the Oldest row lands here when the Shop turns over", int(12 * u), theme.TEXT_FAINT,
                  midleft=(r.x + int(10 * u), r.y + b.head_h + int(16 * u)))


def pot_slots(b: BoardLayout, count: int) -> list[pygame.Rect]:
    u = b.u
    w, h = b.mini
    gap = max(2, int(4 * u))
    x0 = b.pot.x + int(8 * u)
    y0 = b.pot.bottom - h - int(8 * u)
    cols = max(1, (b.pot.w - int(16 * u) + gap) // (w + gap))
    return [pygame.Rect(x0 + (i % cols) * (w + gap), y0 - (i // cols) * (h + gap), w, h)
            for i in range(min(count, cols * 2))]


def paint_pot(surf: pygame.Surface, o: tuple[int, int], b: BoardLayout, text: Text, art: CardArt, credits: int,
              cards: Sequence[str], res: Any, chip_d: int) -> None:
    """What waits in the pot for the next round's winner: carried credits and item or container cards."""
    from game.ui.draw import draw_chips

    u = b.u
    r = rel(b.pot, o)
    panel(surf, r, (14, 14, 19), theme.PANEL_EDGE, radius=int(10 * u), alpha=235, width=1)
    section_head(surf, text, r, "POT", "", u)
    text.blit(surf, "next round's winner takes it", int(11 * u), theme.TEXT_DIM,
              topleft=(r.x + int(8 * u), r.y + b.head_h))
    y = r.y + b.head_h + int(16 * u)
    if credits:
        draw_chips(surf, credits, (r.x + r.w * 0.3, y + int(34 * u)), chip_d, res)
        text.blit(surf, f"{credits:,} carried", int(13 * u), theme.CREAM, "bold",
                  midleft=(r.x + int(r.w * 0.52), y + int(24 * u)))
    elif not cards:
        text.blit(surf, "empty", int(12 * u), theme.TEXT_FAINT, topleft=(r.x + int(8 * u), y + int(4 * u)))
    for card, slot in zip(cards, pot_slots(b, len(cards)), strict=False):
        surf.blit(art.mini(card, slot.size), rel(slot, o))


@dataclass
class RowSlots:
    """Where a seat's holdings sit in its row: mini cards, a "+k" for the rest, and bounty pills."""

    minis: list[pygame.Rect]
    overflow: int
    pills: list[tuple[pygame.Rect, str, bool]]  # (where, bounty id, completed?)
    folded: int  # completed bounties counted in a summary pill instead of their own
    fold_rect: pygame.Rect | None
    listed: bool = False  # the eyes' own row: one line per item, with its name


def row_slots(b: BoardLayout, seat: int, count: int, active: Sequence[str], completed: Sequence[str], text: Text,
              art: CardArt, listed: bool = False) -> RowSlots:
    """Where a seat's holdings go in its row: mini cards (or, ``listed``, named lines), then bounty pills."""
    u = b.u
    area = b.holdings[seat]
    gap = max(2, int(3 * u))
    ph = max(12, int(17 * u))
    if listed:
        top = pygame.Rect(area.x, area.y, area.w, area.h - ph - int(4 * u))
        line_h = max(14, int(19 * u))
        lines = max(1, top.h // line_h)
        cols = max(1, min(3, area.w // max(1, int(130 * u)), -(-count // lines)))
        col_w = area.w // cols
        room = lines * cols
        shown = count if count <= room else room - 1
        minis = [pygame.Rect(top.x + (i // lines) * col_w, top.y + (i % lines) * line_h, col_w - gap, line_h - 1)
                 for i in range(shown)]
        overflow = count - shown
        y = top.bottom + int(2 * u)
    else:
        mh = min(b.mini[1], area.h - ph - int(4 * u))
        mini = (int(mh * 0.76), mh)
        line1 = pygame.Rect(area.x, area.y, area.w, mh)
        minis, overflow = flow_minis(line1, count, mini, gap)
        y = area.y + mh + int(3 * u)
    ph = max(12, min(ph, area.bottom - y))
    fs = max(9, ph - int(5 * u))
    font = text.res.font("text", fs)
    x = area.x
    pills: list[tuple[pygame.Rect, str, bool]] = []
    entries = [(bid, False) for bid in active] + [(bid, True) for bid in completed]
    folded = 0
    fold_rect = None
    for i, (bid, done) in enumerate(entries):
        label = art.content.bounties[bid].name
        w = min(int(150 * u), font.size(label)[0] + ph + int(30 * u))
        rest = len(entries) - i - 1
        if x + w > area.right - (int(60 * u) if rest else 0):
            folded = sum(1 for _, d in entries[i:] if d)
            if folded:
                fold_rect = pygame.Rect(x, y, int(56 * u), ph)
            break
        pills.append((pygame.Rect(x, y, w, ph), bid, done))
        x += w + int(4 * u)
    return RowSlots(minis, overflow, pills, folded, fold_rect, listed)


def paint_line(surf: pygame.Surface, r: pygame.Rect, text: Text, art: CardArt, card: str, state: str,
               u: float) -> None:
    """One of our own items as a line: tier glyph, name, value (selected: an amber frame)."""
    if state in ("selected", "hover"):
        panel(surf, r, (70, 52, 22) if state == "selected" else (40, 36, 30),
              theme.TURN if state == "selected" else theme.BRASS_DARK, radius=max(3, int(5 * u)), width=1)
    st = style_of(art.content, card)
    g = max(6, r.h - int(6 * u))
    blit_glyph(surf, st.glyph, (r.x + int(4 * u) + g / 2, r.centery), g, st.colour)
    fs = max(9, min(int(14 * u), r.h - int(4 * u)))
    val = "box" if card in art.content.containers else short_value(art.value(card))
    vr = text.blit(surf, val, fs - 1, theme.AMBER_DIM if state == "dim" else theme.AMBER, "bold",
                   midright=(r.right - int(4 * u), r.centery))
    ink = theme.TEXT_FAINT if state == "dim" else theme.CREAM
    text.blit(surf, text.fit(art.name(card), fs, vr.x - r.x - g - int(12 * u)), fs, ink,
              midleft=(r.x + g + int(8 * u), r.centery))


def paint_row(surf: pygame.Surface, o: tuple[int, int], b: BoardLayout, seat: int, text: Text, art: CardArt,
              cards: Sequence[str], slots: RowSlots, held: Sequence[str], states: dict[tuple[Any, ...], str],
              turn: bool, out: bool, flags: str) -> None:
    """A seat's row in the business column: its items as mini cards, then its bounties (open ones show how
    many of their items the seat holds; completed ones carry a star)."""
    u = b.u
    row = rel(b.rows[seat], o)
    if turn:
        panel(surf, row, (46, 34, 16), theme.TURN, radius=int(10 * u), alpha=235, width=2)
    else:
        panel(surf, row, (16, 16, 20), (40, 38, 34), radius=int(10 * u), alpha=200, width=1)
    for i, slot in enumerate(slots.minis):
        state = "dim" if out else states.get(("held", seat, i), "")
        if slots.listed:
            paint_line(surf, rel(slot, o), text, art, cards[i], state, u)
        else:
            surf.blit(art.mini(cards[i], slot.size, state), rel(slot, o))
    if slots.overflow and slots.listed:
        last = rel(slots.minis[-1], o) if slots.minis else rel(b.holdings[seat], o)
        text.blit(surf, f"+{slots.overflow} more", int(12 * u), theme.TEXT_DIM, "bold",
                  topleft=(last.x + int(4 * u), last.bottom + 1))
    elif slots.overflow and slots.minis:
        last = rel(slots.minis[-1], o)
        text.blit(surf, f"+{slots.overflow}", int(13 * u), theme.TEXT_DIM, "bold",
                  midleft=(last.right + int(4 * u), last.centery))
    if not cards:
        area = rel(b.holdings[seat], o)
        text.blit(surf, "no items", int(12 * u), theme.TEXT_FAINT, topleft=(area.x, area.y + int(4 * u)))
    for r, bid, done in slots.pills:
        rr = rel(r, o)
        fill = (70, 52, 18) if done else (30, 28, 26)
        pygame.draw.rect(surf, fill, rr, border_radius=rr.h // 2)
        pygame.draw.rect(surf, theme.AMBER if done else theme.BRASS_DARK, rr, 1, border_radius=rr.h // 2)
        g = rr.h - 4
        blit_glyph(surf, "star" if done else "seal", (rr.x + rr.h // 2 + 1, rr.centery), g,
                   theme.AMBER if done else theme.TEXT_DIM, fill)
        fs = max(9, rr.h - int(5 * u))
        if done:
            tail = ""
        else:
            needs = art.bounty_needs(bid, held)
            tail = f" {sum(ok for _, ok in needs)}/{len(needs)}"
        tail_w = text.res.font("bold", fs).size(tail)[0] if tail else 0
        name = text.fit(art.content.bounties[bid].name, fs, rr.w - rr.h - tail_w - int(10 * u))
        nr = text.blit(surf, name, fs, theme.CREAM, midleft=(rr.x + rr.h + 2, rr.centery))
        if tail:
            text.blit(surf, tail, fs, theme.AMBER, "bold", midleft=(nr.right, rr.centery))
    if slots.fold_rect is not None:
        rr = rel(slots.fold_rect, o)
        pygame.draw.rect(surf, (70, 52, 18), rr, border_radius=rr.h // 2)
        text.blit(surf, f"★ {slots.folded} done", max(9, rr.h - int(5 * u)), theme.AMBER, "bold", center=rr.center)
    if flags:
        text.blit(surf, flags, int(11 * u), theme.TEXT_DIM,
                  bottomright=(row.right - int(8 * u), row.bottom - int(3 * u)))


# ------------------------------------------------------------------------------------------ trades
@dataclass
class TradeDraft:
    """A trade offer being put together (UI state until it is sent): the other seat, the items picked on each
    side (as indices into each seat's item list, so two copies of one card can be told apart), and credits:
    positive = we pay them, negative = they pay us (the engine moves credits one way only)."""

    to: int | None = None
    give: set[int] = field(default_factory=set)
    get: set[int] = field(default_factory=set)
    credits: int = 0

    def action(self, view: dict[str, Any], me: int) -> Action | None:
        if self.to is None:
            return None
        mine = _holdings(view, me)
        theirs = _holdings(view, self.to)
        give = tuple(mine[i] for i in sorted(self.give) if i < len(mine))
        get = tuple(theirs[i] for i in sorted(self.get) if i < len(theirs))
        return Action("offer", to=self.to, give=give, give_credits=max(0, self.credits), get=get,
                      get_credits=max(0, -self.credits))

    def summary(self, view: dict[str, Any], me: int, content: Content) -> tuple[str, str]:
        """What each side hands over, in words."""
        if self.to is None:
            return "", ""
        mine, theirs = _holdings(view, me), _holdings(view, self.to)
        give = [mine[i] for i in sorted(self.give) if i < len(mine)]
        get = [theirs[i] for i in sorted(self.get) if i < len(theirs)]
        return (offer_side(give, max(0, self.credits), content), offer_side(get, max(0, -self.credits), content))


def _holdings(view: dict[str, Any], seat: int) -> list[str]:
    """A seat's tradeable cards: its items, then its containers (the order the trade builder lists them)."""
    items = (view.get("items") or [])
    boxes = (view.get("containers") or [])
    return list(items[seat] if seat < len(items) else []) + list(boxes[seat] if seat < len(boxes) else [])


def holdings(view: dict[str, Any], seat: int) -> list[str]:
    return _holdings(view, seat)


def offer_side(cards: Sequence[str], credits: int, content: Content) -> str:
    """One side of a trade in words: "the Reactor Coil and 200 credits"; "nothing"."""
    parts = [f"the {content.name(c)}" for c in cards]
    if credits:
        parts.append(f"{credits:,} credits")
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def goods_value(cards: Sequence[str], content: Content) -> int:
    return sum(content.value(c) for c in cards)


# --------------------------------------------------------------------------------------------- panels
def overlay_panel(surf: pygame.Surface, rect: pygame.Rect, u: float) -> None:
    """The frame of a panel laid over the market (auction, trade)."""
    panel(surf, rect.inflate(int(6 * u), int(6 * u)), (6, 6, 9), (6, 6, 9), radius=int(14 * u), alpha=150, width=0)
    panel(surf, rect, (18, 17, 22), theme.AMBER, radius=int(12 * u), alpha=248, width=2)


def paint_auction(surf: pygame.Surface, rect: pygame.Rect, text: Text, art: CardArt, auction: dict[str, Any],
                  names: Sequence[str], current: int | None, me: int | None, stack: int, u: float) -> None:
    """The auction: the item, the ask and how it steps down, the standing bid, who is asked now."""
    overlay_panel(surf, rect, u)
    pad = int(14 * u)
    section_head(surf, text, rect.inflate(-pad, -pad // 2), "AUCTION",
                 "the Hintaron speaks for the bank · the winner pays the bank", u)
    card = auction["item"]
    cw = int(min(rect.w * 0.26, 120 * u))
    cimg = art.item(card, (cw, int(cw * 1.32)))
    top = rect.y + int(40 * u)
    surf.blit(cimg, (rect.x + pad, top))
    x = rect.x + 2 * pad + cw
    w = rect.right - pad - x
    fs = int(15 * u)
    y = top
    caller = auction.get("caller")
    value = art.value(card)

    def line(t: str, colour: Colour = theme.CREAM, size: int = fs, role: str = "text") -> None:
        nonlocal y
        for part in text.wrap(t, size, w, role):
            text.blit(surf, part, size, colour, role, topleft=(x, y))
            y += text.res.font(role, size).get_linesize()

    line(f"The {art.name(card)}", theme.AMBER, int(19 * u), "bold")
    line(f"worth {value:,} · auction called by {names[caller] if caller is not None else '?'}", theme.TEXT_DIM)
    y += int(6 * u)
    high, bidder = auction.get("high", 0), auction.get("bidder", -1)
    if bidder is not None and bidder >= 0:
        line(f"High bid: {high:,} by {names[bidder]}", theme.GOOD, int(18 * u), "bold")
        line(f"A new bid must be at least {high + 100:,} (each counter-bid adds 100).")
    else:
        ask = auction.get("ask", 0)
        opening = auction.get("opening", ask)
        line(f"Asking {ask:,}", theme.TURN, int(18 * u), "bold")
        line(f"Opened at {opening:,} (half the value). A bid must meet the ask." if ask == opening else
             f"Opened at {opening:,}; nobody took it, so the ask dropped. A bid must meet the ask.")
    y += int(4 * u)
    floor = auction.get("floor")
    if floor is not None:  # the Auction floor option: the ask never drops below the bank's buy-back price
        line(f"If nobody bids, the ask drops no lower than {floor:,} (the bank's buy-back price); unsold there, the "
             "item stays in the discard pile.", theme.TEXT_DIM, int(13 * u))
    else:
        line("If nobody bids, the ask drops: by 100 while it is 400 or more, by 50 from 150, by 10 below 150; "
             "under 10 the item stays in the discard pile.", theme.TEXT_DIM, int(13 * u))
    y += int(6 * u)
    if current is not None:
        if current == me:
            line(f"Your call: bid or pass. You hold {stack:,} credits (sell an item to raise more).", theme.TURN,
                 int(15 * u), "bold")
        else:
            line(f"{names[current]} is deciding…", theme.CREAM, int(15 * u), "bold")
    pending = [p for p in auction.get("pending", []) if p != current]
    if pending:
        line("Then: " + ", ".join(names[p] for p in pending), theme.TEXT_DIM, int(13 * u))


def paint_trade_answer(surf: pygame.Surface, rect: pygame.Rect, text: Text, art: CardArt, offer: dict[str, Any],
                       names: Sequence[str], me: int | None, u: float) -> None:
    """An offer on the table: what each side hands over, with the face values, and who must answer."""
    overlay_panel(surf, rect, u)
    pad = int(14 * u)
    s, t = offer["from"], offer["to"]
    title = "A TRADE OFFER FOR YOU" if t == me else "TRADE OFFER"
    section_head(surf, text, rect.inflate(-pad, -pad // 2), title,
                 "an accepted trade is binding: both sides hand over at once", u)
    y = rect.y + int(42 * u)
    fs = int(16 * u)
    who = f"{names[s]} offers {'you' if t == me else names[t]}:"
    text.blit(surf, who, int(18 * u), theme.CREAM, "bold", topleft=(rect.x + pad, y))
    y += int(30 * u)
    col_w = (rect.w - 3 * pad) // 2
    sides = [(f"{names[s]} GIVES", offer.get("give", []), offer.get("give_credits", 0)),
             (f"{'YOU GIVE' if t == me else names[t] + ' GIVES'}", offer.get("get", []), offer.get("get_credits", 0))]
    mh = int(46 * u)
    mini = (int(mh * 0.76), mh)
    for i, (head, cards, credits) in enumerate(sides):
        x = rect.x + pad + i * (col_w + pad)
        text.blit(surf, head, int(13 * u), theme.AMBER, "bold", topleft=(x, y))
        yy = y + int(20 * u)
        for card in cards:
            surf.blit(art.mini(card, mini), (x, yy))
            text.blit(surf, text.fit(art.name(card), fs, col_w - mini[0] - int(10 * u)), fs, theme.CREAM,
                      midleft=(x + mini[0] + int(8 * u), yy + mh // 2 - int(7 * u)))
            text.blit(surf, f"worth {art.value(card):,}", int(12 * u), theme.TEXT_DIM,
                      midleft=(x + mini[0] + int(8 * u), yy + mh // 2 + int(10 * u)))
            yy += mh + int(6 * u)
        if credits:
            text.blit(surf, f"{credits:,} credits", fs, theme.AMBER, "bold", topleft=(x, yy + int(4 * u)))
            yy += int(26 * u)
        total = goods_value(cards, art.content) + credits
        text.blit(surf, f"face value {total:,}", int(13 * u), theme.TEXT_DIM, topleft=(x, yy + int(4 * u)))
    if t != me:
        text.blit(surf, f"Waiting for {names[t]} to accept or decline…", int(15 * u), theme.CREAM, "bold",
                  midbottom=(rect.centerx, rect.bottom - pad))
    else:
        text.blit(surf, "Accept (A) or Decline (D) below", int(15 * u), theme.TURN, "bold",
                  midbottom=(rect.centerx, rect.bottom - pad))


@dataclass
class TradeBuilderLayout:
    seats: list[tuple[int, pygame.Rect]]
    give: list[tuple[int, pygame.Rect]]
    get: list[tuple[int, pygame.Rect]]
    slider: pygame.Rect


def trade_builder_layout(rect: pygame.Rect, view: dict[str, Any], me: int, draft: TradeDraft,
                         targets: Sequence[int], u: float) -> TradeBuilderLayout:
    pad = int(14 * u)
    y = rect.y + int(40 * u)
    bw = int(min(130 * u, (rect.w - 2 * pad) / max(1, len(targets)) - 6 * u))
    seats = []
    for i, t in enumerate(targets):
        seats.append((t, pygame.Rect(rect.x + pad + i * (bw + int(6 * u)), y, bw, int(30 * u))))
    y += int(62 * u)
    col_w = (rect.w - 3 * pad) // 2
    row_h = int(26 * u)
    slider = pygame.Rect(rect.x + pad + int(120 * u), rect.bottom - int(50 * u), rect.w - 2 * pad - int(240 * u),
                         int(16 * u))
    room = max(1, (slider.y - int(30 * u) - y) // row_h)
    give = [(i, pygame.Rect(rect.x + pad, y + k * row_h, col_w, row_h - 2))
            for k, i in enumerate(range(len(holdings(view, me)))) if k < room]
    get = []
    if draft.to is not None:
        get = [(i, pygame.Rect(rect.x + 2 * pad + col_w, y + k * row_h, col_w, row_h - 2))
               for k, i in enumerate(range(len(holdings(view, draft.to)))) if k < room]
    return TradeBuilderLayout(seats, give, get, slider)


def paint_trade_builder(surf: pygame.Surface, rect: pygame.Rect, text: Text, art: CardArt, view: dict[str, Any],
                        me: int, draft: TradeDraft, targets: Sequence[int], names: Sequence[str], problem: str | None,
                        hover: tuple[Any, ...] | None, u: float) -> None:
    """The offer builder: the other seat, items each way (click to pick), credits one way, and what's wrong."""
    overlay_panel(surf, rect, u)
    pad = int(14 * u)
    lay = trade_builder_layout(rect, view, me, draft, targets, u)
    section_head(surf, text, rect.inflate(-pad, -pad // 2), "OFFER A TRADE",
                 "pick a seat, click items on each side (or ↑/↓ and Space), set credits, then Send", u)
    for t, r in lay.seats:
        on = draft.to == t
        hov = hover == ("seat", t)
        panel(surf, r, (92, 62, 26) if on else ((60, 48, 30) if hov else theme.BUTTON),
              theme.TURN if on else theme.BRASS, radius=int(8 * u), width=2)
        text.blit(surf, text.fit(f"{targets.index(t) + 1} · {names[t]}", int(15 * u), r.w - int(10 * u), "bold"),
                  int(15 * u), theme.CREAM, "bold", center=r.center)
    col_w = (rect.w - 3 * pad) // 2
    head_y = rect.y + int(80 * u)
    text.blit(surf, "YOU GIVE", int(13 * u), theme.AMBER, "bold", topleft=(rect.x + pad, head_y))
    other = names[draft.to] if draft.to is not None else "…"
    text.blit(surf, f"{other.upper()} GIVES", int(13 * u), theme.AMBER, "bold",
              topleft=(rect.x + 2 * pad + col_w, head_y))
    if draft.to is None:
        text.blit(surf, "Choose who to trade with (number keys)", int(14 * u), theme.TEXT_DIM,
                  topleft=(rect.x + 2 * pad + col_w, head_y + int(24 * u)))
    for side, rows, seat, picked in (("give", lay.give, me, draft.give), ("get", lay.get, draft.to, draft.get)):
        if seat is None:
            continue
        cards = holdings(view, seat)
        if not rows:
            text.blit(surf, "no items", int(14 * u), theme.TEXT_DIM,
                      topleft=(rect.x + pad + (0 if side == "give" else pad + col_w), head_y + int(24 * u)))
        for i, r in rows:
            card = cards[i]
            on = i in picked
            hov = hover == (side, i)
            if on or hov:
                panel(surf, r, (60, 48, 24) if on else (36, 32, 28), theme.TURN if on else theme.BRASS_DARK,
                      radius=int(5 * u), width=1)
            blit_glyph(surf, "tick" if on else "hollow", (r.x + r.h // 2, r.centery), int(r.h * 0.6),
                       GOOD_TICK if on else theme.TEXT_FAINT)
            st = style_of(art.content, card)
            blit_glyph(surf, st.glyph, (r.x + int(r.h * 1.4), r.centery), int(r.h * 0.55), st.colour)
            val = "box" if card in art.content.containers else f"{art.value(card):,}"
            vr = text.blit(surf, val, int(13 * u), theme.TEXT_DIM, midright=(r.right - int(6 * u), r.centery))
            text.blit(surf, text.fit(art.name(card), int(14 * u), vr.left - r.x - int(r.h * 2) - 8), int(14 * u),
                      theme.CREAM, midleft=(r.x + int(r.h * 2), r.centery))
    # credits, one way
    s = lay.slider
    c = draft.credits
    label = "no credits" if c == 0 else (f"you pay {c:,}" if c > 0 else f"{other} pays {-c:,}")
    text.blit(surf, "CREDITS", int(13 * u), theme.AMBER, "bold", midright=(s.x - int(12 * u), s.centery))
    text.blit(surf, label, int(15 * u), theme.CREAM, "bold", midleft=(s.right + int(12 * u), s.centery))
    track = pygame.Rect(s.x, s.centery - int(3 * u), s.w, max(4, int(6 * u)))
    pygame.draw.rect(surf, (40, 36, 30), track, border_radius=3)
    lo, hi = credit_bounds(view, me, draft)
    mid_x = _slider_x(s, 0, lo, hi)
    pygame.draw.line(surf, theme.TEXT_FAINT, (mid_x, s.y - 2), (mid_x, s.bottom + 2), 1)
    knob = (_slider_x(s, c, lo, hi), s.centery)
    pygame.draw.circle(surf, theme.AMBER, knob, max(6, s.h // 2))
    pygame.draw.circle(surf, theme.BRASS_DARK, knob, max(6, s.h // 2), 2)
    text.blit(surf, f"{other} pays", int(11 * u), theme.TEXT_DIM, topleft=(s.x, s.bottom + int(3 * u)))
    text.blit(surf, "you pay", int(11 * u), theme.TEXT_DIM, topright=(s.right, s.bottom + int(3 * u)))
    if problem:
        text.blit(surf, text.fit(problem[:1].upper() + problem[1:], int(13 * u), rect.w - 2 * pad), int(13 * u),
                  theme.BAD, midbottom=(rect.centerx, rect.bottom - int(4 * u)))


def credit_bounds(view: dict[str, Any], me: int, draft: TradeDraft) -> tuple[int, int]:
    """The credits slider's range: the other seat's credits (they pay) to ours (we pay)."""
    stacks = view.get("stacks") or []
    theirs = stacks[draft.to] if draft.to is not None and draft.to < len(stacks) else 0
    return (-theirs, stacks[me] if me < len(stacks) else 0)


def _slider_x(r: pygame.Rect, value: int, lo: int, hi: int) -> int:
    if hi <= lo:
        return r.centerx
    return int(r.x + (value - lo) / (hi - lo) * r.w)


def slider_value(r: pygame.Rect, x: int, lo: int, hi: int, step: int = 10) -> int:
    """The credits for a click at ``x`` on the slider, snapped to ``step`` (and to 0 near the middle mark)."""
    if hi <= lo or r.w <= 0:
        return 0
    v = lo + (x - r.x) / r.w * (hi - lo)
    v = int(round(v / step) * step)
    if abs(x - _slider_x(r, 0, lo, hi)) <= 6:
        v = 0
    return max(lo, min(hi, v))


def paint_shootout(surf: pygame.Surface, rect: pygame.Rect, text: Text, shootout: dict[str, Any] | None,
                   revealed: tuple[list[int], list[str]] | None, names: Sequence[str], me: int | None,
                   u: float) -> None:
    """Who is in the shootout and who has picked; the signs only once every pick is in (``revealed``)."""
    overlay_panel(surf, rect, u)
    pad = int(12 * u)
    kind = (shootout or {}).get("kind", "duel")
    title = "TIE-BREAK SHOOTOUT" if kind == "tiebreak" else "SHOOTOUT"
    text.blit(surf, title, int(24 * u), theme.AMBER, "head", midtop=(rect.centerx, rect.y + pad // 2))
    text.blit(surf, "rock beats scissors · scissors beat paper · paper beats rock", int(12 * u), theme.TEXT_DIM,
              midtop=(rect.centerx, rect.y + int(32 * u)))
    if revealed is not None:
        seats, signs = revealed
    else:
        seats = list((shootout or {}).get("seats", []))
        signs = []
    n = max(1, len(seats))
    slot_w = (rect.w - 2 * pad) // n
    g = int(min(56 * u, slot_w * 0.5))
    for i, s in enumerate(seats):
        cx = rect.x + pad + slot_w * i + slot_w // 2
        cy = rect.y + int(54 * u) + g // 2
        text.blit(surf, text.fit(names[s], int(15 * u), slot_w - 6), int(15 * u), theme.CREAM, "bold",
                  midtop=(cx, cy + g // 2 + int(4 * u)))
        if signs:
            blit_glyph(surf, signs[i], (cx, cy), g, theme.CREAM, (18, 17, 22))
            text.blit(surf, signs[i].upper(), int(12 * u), theme.AMBER, "bold",
                      midtop=(cx, cy + g // 2 + int(22 * u)))
        else:
            picked = (shootout or {}).get("picked", [False] * n)
            mine = (shootout or {}).get("my_pick")
            done = i < len(picked) and picked[i]
            pygame.draw.circle(surf, (40, 36, 30), (cx, cy), g // 2)
            if done and mine and s == me:
                blit_glyph(surf, mine, (cx, cy), int(g * 0.8), theme.CREAM, (40, 36, 30))
            else:
                blit_glyph(surf, "tick" if done else "hollow", (cx, cy), int(g * 0.6),
                           GOOD_TICK if done else theme.TEXT_FAINT)
            text.blit(surf, "picked" if done else "choosing…", int(12 * u),
                      GOOD_TICK if done else theme.TEXT_DIM, midtop=(cx, cy + g // 2 + int(22 * u)))


# ------------------------------------------------------------------------------------------- victory
TIEBREAK_STEPS: tuple[tuple[str, str], ...] = (
    ("bounties", "completed bounties"),
    ("best_bounty", "the biggest single bounty"),
    ("credits", "credits (less unpaid loans)"),
    ("best_item", "the priciest single item"),
    ("items", "the most items"),
    ("shootout", "a shootout"),
)


def victory_sentence(result: dict[str, Any], names: Sequence[str]) -> str:
    """How the game was decided, in words: the winner and the step of the tie-breaker chain that settled it."""
    winner = result.get("winner")
    how = str(result.get("decided_by", ""))
    rows = {r["seat"]: r for r in result.get("standings", [])}
    if winner is None:
        return "Nobody is left to win."
    name = names[winner]
    me = rows.get(winner, {})
    rivals = [r for s, r in rows.items() if s != winner and r.get("alive", True)]
    if how == "last seat standing":
        return f"{name} is the last seat standing."
    if how == "bounties":
        return f"{name} wins with the most completed bounties ({me.get('bounties', 0)})."
    if how.startswith("shootout"):
        return f"{name} wins the shootout after a tie on every count" + (" (settled by lot)." if "lot" in how
                                                                           else ".")
    keys = [k for k, _ in TIEBREAK_STEPS]
    if how in keys:
        step = keys.index(how)
        tied = [label for _, label in TIEBREAK_STEPS[:step]]
        best_rival = max((r.get(how, 0) for r in rivals
                          if all(r.get(k) == me.get(k) for k in keys[:step])), default=0)
        word = dict(TIEBREAK_STEPS)[how]
        return (f"Level on {' and '.join(tied)}; {name} wins on {word}: {me.get(how, 0):,} against "
                f"{best_rival:,}.")
    return f"{name} wins ({how})."


class VictoryScene(ResultsScene):
    """The end of a Better Hintaro game: the ranking by completed bounties, the tie-breaker chain with the
    step that decided it marked, and each seat's numbers for every step."""

    def __init__(self, app: App, table: BaseTable) -> None:
        super().__init__(app, table)
        view = table.state.view(table.eyes)
        self.result: dict[str, Any] = view.get("result") or {}
        standings = {r["seat"]: r for r in self.result.get("standings", [])}
        winner = self.result.get("winner")

        def key(s: int) -> tuple[Any, ...]:
            r = standings.get(s, {})
            return (s == winner, r.get("alive", True), r.get("bounties", 0), r.get("best_bounty", 0),
                    r.get("credits", 0), r.get("best_item", 0), r.get("items", 0))

        self.order = sorted(standings, key=key, reverse=True)
        self.standings = standings
        self.sentence = victory_sentence(self.result, table.names) if self.result else "The session is over."
        self.rows = [(table.names[s], int(standings[s].get("credits", 0))) for s in self.order]
        self.layout(app.size)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        u = self.u
        rows = len(getattr(self, "order", []) or [])
        bw = int(min(w - 40 * u, 880 * u))
        self.box = pygame.Rect(0, 0, bw, int(250 * u + rows * 32 * u + 40 * u))
        self.box.center = (w // 2, h // 2)
        bw2 = int(240 * u)
        y = self.box.bottom - int(62 * u)
        for i, b in enumerate(self.col.buttons):
            b.rect = pygame.Rect(self.box.centerx - bw2 - int(8 * u) + i * (bw2 + int(16 * u)), y, bw2, int(44 * u))

    def draw(self, surf: pygame.Surface) -> None:
        shade(surf, 200)
        u = self.u
        t = self.app.text
        box = self.box
        panel(surf, box, theme.PANEL, theme.BRASS, radius=14)
        names = self.table.names
        winner = self.result.get("winner")
        title = f"{names[winner].upper()} WINS" if winner is not None else "GAME OVER"
        t.blit(surf, title, int(44 * u), theme.AMBER, "head", midtop=(box.centerx, box.y + int(14 * u)))
        y = box.y + int(66 * u)
        for line in t.wrap(self.sentence, int(17 * u), box.w - int(60 * u), "bold"):
            t.blit(surf, line, int(17 * u), theme.CREAM, "bold", midtop=(box.centerx, y))
            y += int(22 * u)
        # the chain
        y += int(8 * u)
        how = str(self.result.get("decided_by", ""))
        decided = "shootout" if how.startswith("shootout") else how
        parts = []
        for i, (k, label) in enumerate(TIEBREAK_STEPS):
            parts.append((f"{i + 1}. {label}", k == decided))
        x = box.x + int(30 * u)
        t.blit(surf, "Most wins; ties go down the chain:", int(13 * u), theme.TEXT_DIM, topleft=(x, y))
        y += int(20 * u)
        for text_, on in parts:
            img = t.render(text_, int(13 * u), theme.TURN if on else theme.TEXT_DIM, "bold" if on else "text")
            if x + img.get_width() > box.right - int(30 * u):
                x = box.x + int(30 * u)
                y += int(20 * u)
            r = surf.blit(img, (x, y))
            if on:
                pygame.draw.rect(surf, theme.TURN, r.inflate(int(8 * u), int(4 * u)), 1, border_radius=4)
            x = r.right + int(18 * u)
        y += int(34 * u)
        # the table of numbers
        cols = [("", 0.0), ("bounties", 0.36), ("best bounty", 0.48), ("credits", 0.62), ("best item", 0.76),
                ("items", 0.9)]
        inner = box.inflate(-int(60 * u), 0)
        for label, fx in cols[1:]:
            key = {"bounties": "bounties", "best bounty": "best_bounty", "credits": "credits",
                   "best item": "best_item", "items": "items"}[label]
            colour = theme.TURN if key == decided else theme.TEXT_DIM
            t.blit(surf, label.upper(), int(12 * u), colour, "bold", midtop=(inner.x + int(inner.w * fx), y))
        y += int(22 * u)
        for rank, s in enumerate(self.order):
            r = self.standings[s]
            alive = r.get("alive", True)
            colour = theme.TURN if s == winner else (theme.CREAM if alive else theme.TEXT_FAINT)
            name = f"{rank + 1}. {names[s]}" + ("" if alive else " (out)")
            t.blit(surf, name, int(18 * u), colour, "bold", topleft=(inner.x, y))
            for key, fx in (("bounties", 0.36), ("best_bounty", 0.48), ("credits", 0.62), ("best_item", 0.76),
                            ("items", 0.9)):
                val = r.get(key, 0)
                t.blit(surf, f"{val:,}", int(17 * u), colour, "bold" if key == decided else "text",
                       midtop=(inner.x + int(inner.w * fx), y + int(2 * u)))
            y += int(32 * u)
        for b in self.col.buttons:
            b.draw(surf, t, int(18 * u))

    def handle(self, ev: Input) -> None:
        self.col.handle(ev)
