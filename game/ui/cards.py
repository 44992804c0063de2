"""Card sprites shared by the card tables (Sabacc House, Nepunian Spike, Kinzo).

What lives here, and why in one place:

* **Decks**: which art each card id is drawn with (the engines' own deck tables give a card's suit and value;
  the art ids come from ``assets/art/manifest.toml``). A face-down card is drawn as the deck's back.
* **Sprites**: a card is rendered from its SVG at the exact size it is drawn (crisp at any window size), with
  its shadow, outline and badge, then rotated if it sits in a fan, and cached: a settled table is only blits.
* **Spots**: where a card lies on the table, what it shows and what a click on it means. A table builds its
  spots from the view it shows, and draws, hit-tests and reports (to the tests) from the same list, so what is
  clickable is exactly what is drawn.
* **Layouts**: overlapping rows and gentle fans whose every card keeps its corner index in sight.
* **Motion**: a card dealt or moved slides in 0.2 s and turns over (0.25 s) on the way if it changes face;
  a big announcement pops up for the moments nobody should miss (Spikes, Doubles, a jackpot).
* :class:`CardTable`: a mixin for the base table with these pieces (card picking by click or arrow keys,
  hover, the last action's cards outlined, per-frame spot cache, the new round's clean slate, the words under
  a hand). A table is ``class X(CardTable, BaseTable)``. :class:`PotBoxes` adds labelled pot boxes (one or
  two) and the antes flying into them.
  It is a mixin, and its animations and beats come from ``game.ui.anim``, so this module never imports the
  tables package (whose registry imports the card tables, which import this module).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.ui import theme
from game.ui.anim import Beat, FrameAnim, banner_seconds
from game.ui.cache import MB, SurfaceCache
from game.ui.draw import Text, glow, panel
from game.ui.input import Input
from game.ui.resources import Resources
from game.ui.tween import ease_in_out_cubic, ease_out_back, lerp

if TYPE_CHECKING:
    from game.ui.tables.base import BaseTable

#: a card's height over its width (the art's viewBox is 250 × 350)
ASPECT = 1.4
#: the least share of a card's width left in view under the next card of a row (its corner index shows)
MIN_STEP = 0.36

Key = tuple[Any, ...]


# ------------------------------------------------------------------------------------------------- decks
@dataclass(frozen=True)
class Deck:
    """How a deck's card ids are drawn and said: ``faces[id]`` is the art id, ``words[id]`` the card in words."""

    name: str
    faces: tuple[str, ...]
    words: tuple[str, ...]
    back: str
    #: a big corner number drawn over the art (for decks whose own corner marks are too fine at small sizes)
    index: tuple[str, ...] = ()

    def face(self, card: int) -> str:
        return self.faces[card] if 0 <= card < len(self.faces) else self.back

    def say(self, card: int | None) -> str:
        if card is None:
            return "a face-down card"
        return self.words[card] if 0 <= card < len(self.words) else f"card {card}"


def signed(value: int) -> str:
    """A card value as the cards print it: +7, −3, 0 (a true minus sign, so it reads at small sizes)."""
    return f"+{value}" if value > 0 else ("0" if value == 0 else f"−{-value}")


def sabacc_deck() -> Deck:
    """The 62-card Sabacc House deck: circle, triangle and square suits from −10 to +10, two Sylops."""
    from game.engine.sabacc_house.ranks import CARDS

    faces, words = [], []
    sylops = 0
    for suit, value in CARDS:
        if suit == "sylop":
            sylops += 1
            faces.append(f"sabacc_house.sylop_{sylops}")
            words.append("Sylop (0)")
        else:
            faces.append(f"sabacc_house.{suit}_{'p' if value > 0 else 'm'}{abs(value)}")
            words.append(f"{signed(value)} {suit}")
    return Deck("sabacc_house", tuple(faces), tuple(words), "sabacc_house.back")


def spike_deck() -> Deck:
    """The 42-card Nepunian Spike deck: black suits count plus, red suits minus, two Sylops (jokers)."""
    from game.engine.nepunian_spike.ranks import DECK

    faces, words = [], []
    sylops = 0
    names = {1: "Ace"}
    for suit, value in DECK:
        if suit == "sylop":
            sylops += 1
            faces.append(f"spike.sylop_{sylops}")
            words.append("Sylop (0)")
        else:
            faces.append(f"spike.{suit}_{abs(value)}")
            words.append(f"{names.get(abs(value), abs(value))} of {suit} ({signed(value)})")
    return Deck("nepunian_spike", tuple(faces), tuple(words), "spike.back")


def kinzo_deck() -> Deck:
    """Kinzo's cards are their values 1–6 (pips and lines); id 0 is unused."""
    faces = ("kinzo.back", *(f"kinzo.card_{v}" for v in range(1, 7)))
    words = ("?", *(f"a {v}" for v in range(1, 7)))
    return Deck("kinzo", faces, words, "kinzo.back", index=("", *(str(v) for v in range(1, 7))))


# ------------------------------------------------------------------------------------------------ spots
@dataclass(frozen=True, slots=True)
class Spot:
    """One card on the table: where (centre, size, tilt), what it shows (``card`` None = its back), its marks
    (``hidden``: your own face-down card; ``picked``; ``hover``; ``fresh``: moved by the last action;
    ``dim``; ``drawn``: just drawn, not yet kept; ``known``: yours, but the table saw you take it) and what a
    click on it means (``tag``, None = not clickable).
    """

    key: Key
    card: int | None
    x: int
    y: int
    w: int
    h: int
    angle: int = 0
    marks: frozenset[str] = frozenset()
    tag: Any = None

    @property
    def rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.w, self.h)
        r.center = (self.x, self.y)
        return r

    def bounds(self) -> pygame.Rect:
        """Everything the sprite may cover: the tilted card, its shadow, outline and badge."""
        pad = sprite_pad(self.w)
        w, h = self.w + 2 * pad, self.h + 2 * pad
        if self.angle:
            a = math.radians(self.angle)
            c, s = abs(math.cos(a)), abs(math.sin(a))
            w, h = int(w * c + h * s) + 3, int(w * s + h * c) + 3
        r = pygame.Rect(0, 0, w, h)
        r.center = (self.x, self.y)
        return r

    def moved(self, **changes: Any) -> Spot:
        from dataclasses import replace

        return replace(self, **changes)


def sprite_pad(w: int) -> int:
    """Room around a card's sprite for its shadow, outline and badge."""
    return max(4, w // 7)


def row_offsets(n: int, w: int, step: int, gaps: dict[int, int] | None = None) -> tuple[list[int], int]:
    """Centre x offsets (from the row's middle) of ``n`` overlapping cards ``step`` apart, with extra space
    before the cards named in ``gaps``; and the row's whole width."""
    xs = []
    x = 0
    for i in range(n):
        if i:
            x += step + (gaps or {}).get(i, 0)
        xs.append(x)
    width = (xs[-1] if xs else 0) + w
    mid = (xs[-1] if xs else 0) / 2
    return [round(v - mid) for v in xs], width


def peek_share(marks: frozenset[str]) -> float:
    """The share of a card's width left showing beside the card over it (its ``peekNN`` mark, NN in %), 1.0
    for a card nothing overlaps: where its badge must fit."""
    for m in marks:
        if m.startswith("peek") and m[4:].isdigit():
            return int(m[4:]) / 100
    return 1.0


def peeking(spots: list[Spot]) -> list[Spot]:
    """A row of cards (left to right, each overlapping the one before) with each badged card that the next one
    covers marked with the share of it still showing (``peekNN``, in steps of 5 %), so its badge fits there."""
    out = list(spots)
    for i, (sp, nxt) in enumerate(pairwise(spots)):
        if sp.marks & {"hidden", "known"} and 0 < nxt.x - sp.x < sp.w * 0.85:
            share = max(5, int((nxt.x - sp.x) * 100 / sp.w) // 5 * 5 - 5)  # (less a step: the fan tilts it)
            out[i] = sp.moved(marks=sp.marks | {f"peek{share}"})
    return out


def fan_angles(n: int, spread: float) -> list[tuple[int, float]]:
    """(tilt in degrees, drop as a share of the card height) for ``n`` fanned cards; tilts are whole
    degrees (the sprites are cached per tilt) and the outer cards drop a little, as a hand held up."""
    out = []
    for i in range(n):
        t = i - (n - 1) / 2
        out.append((round(-t * spread), 0.012 * t * t * spread))
    return out


def card_step(w: int, n: int, room: int) -> int:
    """How far apart ``n`` cards of width ``w`` sit to fit ``room`` px, never closer than the corner index
    allows and never further than a small gap."""
    if n <= 1:
        return w
    step = (room - w) / (n - 1)
    return int(max(w * MIN_STEP, min(w * 1.08, step)))


# ------------------------------------------------------------------------------------------------ art
class CardArt:
    """Card sprites for one deck, cached per (card, size, tilt, marks)."""

    def __init__(self, res: Resources, text: Text, deck: Deck, limit: int = 500) -> None:
        self.res, self.text, self.deck = res, text, deck
        # capped in pixel bytes too (game.ui.cache): a tilted 1080p card with its shadow weighs ~250 KB
        self._sprites = SurfaceCache(limit, 10 * MB, "card_sprites")
        # the bare faces, kept only while their sprites are being made (a dealt card is composed, then marked
        # fresh, then plain, within a second or two): in the app's art cache every face of the deck at every size
        # stayed for the session (Sabacc House: 117 faces, 3.3 MB after 20,000 frames) beside the sprites
        self._faces = SurfaceCache(48, 1 * MB, "card_faces")
        self._limit = limit

    def asset(self, card: int | None) -> str:
        return self.deck.back if card is None else self.deck.face(card)

    def plain(self, card: int | None, w: int, h: int) -> pygame.Surface:
        """The card art alone, rendered from the SVG at this size."""
        key = (card, w, h)
        img = self._faces.get(key)
        if img is None:
            img = self.res.fresh_image(self.asset(card), (w, h))
            self._faces[key] = img
        return img

    def sprite(self, card: int | None, w: int, h: int, angle: int = 0,
               marks: frozenset[str] = frozenset()) -> pygame.Surface:
        """The card with its shadow, outline and badge, tilted by ``angle`` degrees; the card's centre is the
        surface's centre."""
        key = (card, w, h, angle, marks)
        s = self._sprites.get(key)
        if s is not None:
            return s
        s = self._compose(card, w, h, marks)
        if angle:
            s = pygame.transform.rotozoom(s, angle, 1.0)
        self._sprites[key] = s
        return s

    def _compose(self, card: int | None, w: int, h: int, marks: frozenset[str]) -> pygame.Surface:
        pad = sprite_pad(w)
        s = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        r = pygame.Rect(pad, pad, w, h)
        rad = max(3, w // 12)
        # a soft shadow under the card (the lamp is above the table)
        for grow, alpha in ((4, 26), (2, 42), (0, 70)):
            sh = r.move(max(1, w // 40), max(2, w // 22)).inflate(grow, grow)
            pygame.draw.rect(s, (0, 0, 0, alpha), sh, border_radius=rad + grow // 2)
        if "picked" in marks:
            g = glow(int(w * 0.75), int(h * 0.72), theme.TURN, 140)
            s.blit(g, g.get_rect(center=r.center))
        img = self.plain(card, w, h)
        s.blit(img, img.get_rect(center=r.center))
        if card is not None and 0 <= card < len(self.deck.index) and self.deck.index[card]:
            self._index(s, r, self.deck.index[card])
        if "dim" in marks:
            veil = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(veil, (8, 8, 12, 130), veil.get_rect(), border_radius=rad)
            s.blit(veil, r)
        edge = max(2, w // 26)
        if "picked" in marks:
            pygame.draw.rect(s, theme.TURN, r.inflate(edge * 2, edge * 2), edge + 1, border_radius=rad + edge)
        elif "hover" in marks:
            pygame.draw.rect(s, theme.CREAM, r.inflate(edge, edge), edge, border_radius=rad + edge // 2)
        elif "fresh" in marks:
            pygame.draw.rect(s, theme.AMBER, r.inflate(edge, edge), edge, border_radius=rad + edge // 2)
        badge = next((word for mark, word in (("hidden", "HIDDEN"), ("drawn", "DRAWN"), ("known", "SEEN"))
                      if mark in marks and (card is not None or mark == "drawn")), "")
        if badge:
            self._badge(s, r, badge, "drawn" in marks, peek_share(marks))
        return s

    def _index(self, s: pygame.Surface, r: pygame.Rect, word: str) -> None:
        """A bold corner number on a cream tab, readable across the table (the art's pips stay beside it)."""
        size = max(10, int(r.w * 0.34))
        img = self.text.render(word, size, (22, 24, 36), "bold")
        tab = pygame.Rect(0, 0, max(img.get_width(), img.get_height() * 3 // 4) + max(4, r.w // 10),
                          img.get_height())
        tab.topleft = (r.x + max(2, r.w // 16), r.y + max(2, r.w // 16))
        pygame.draw.rect(s, (236, 222, 184), tab, border_radius=max(2, r.w // 14))
        s.blit(img, img.get_rect(center=tab.center))

    def _badge(self, s: pygame.Surface, r: pygame.Rect, word: str, top: bool, peek: float = 1.0) -> None:
        """A small dark label across the card's lower (or upper) edge, clear of the corner indices. On a card
        the next one overlaps (``peek``: the share of its width left showing) it sits in the strip that shows,
        from the left edge, squeezed to fit it (centred, the next card cut "HIDDEN" in half)."""
        size = max(9, int(r.w * 0.17))
        img = self.text.render(word, size, theme.CREAM if not top else (24, 16, 6), "bold")
        pad = max(6, r.w // 8)
        inset = max(2, r.w // 24)
        room = r.w - pad - 2 if peek >= 1.0 else int(r.w * peek) - pad - 2 * inset
        if img.get_width() > room:  # a small card: the word is squeezed to fit rather than spill over
            img = pygame.transform.smoothscale(img, (max(1, room), max(1, img.get_height() * 9 // 10)))
        box = img.get_rect().inflate(pad, 2)
        if peek < 1.0 and box.w < r.w - 2 * inset:
            box.midbottom = (r.left + inset + box.w // 2, r.bottom + 1)
            pygame.draw.rect(s, (14, 14, 20), box, border_radius=box.h // 2)
            pygame.draw.rect(s, theme.TEXT_DIM, box, 1, border_radius=box.h // 2)
        elif top:
            box.midtop = (r.centerx, r.top - 1)
            pygame.draw.rect(s, theme.TURN, box, border_radius=box.h // 2)
        else:
            box.midbottom = (r.centerx, r.bottom + 1)
            pygame.draw.rect(s, (14, 14, 20), box, border_radius=box.h // 2)
            pygame.draw.rect(s, theme.TEXT_DIM, box, 1, border_radius=box.h // 2)
        s.blit(img, img.get_rect(center=box.center))

    def draw(self, surf: pygame.Surface, spot: Spot) -> pygame.Rect:
        img = self.sprite(spot.card, spot.w, spot.h, spot.angle, spot.marks)
        r = img.get_rect(center=(spot.x, spot.y))
        surf.blit(img, r)
        return r


# ----------------------------------------------------------------------------------------------- motion
class CardMove(FrameAnim):
    """A card sliding from ``src`` to ``dst`` (0.2 s for a deal), turning over on the way when it starts on
    one face and ends on the other (the turn takes the middle of the move, or 0.25 s on the spot)."""

    def __init__(self, art: CardArt, src: tuple[float, float, int, int], dst: Spot, card_from: int | None,
                 duration: float, delay: float = 0.0, covers: Iterable[Key] = ()) -> None:
        super().__init__(duration, delay)
        self.art, self.src, self.dst = art, src, dst
        self.card_from = card_from
        self.flip = card_from != dst.card
        self.covers = frozenset(covers)

    def picture(self) -> tuple[pygame.Surface, pygame.Rect]:
        p = self.progress
        d = self.dst
        sx, sy, sw, _sh = self.src
        m = ease_in_out_cubic(p)
        x, y = lerp(sx, d.x, m), lerp(sy, d.y, m)
        # a slight lift in the middle of the move, as a card is carried over the felt
        y -= math.sin(p * math.pi) * d.h * 0.12 * (1 if (sx, sy) != (d.x, d.y) else 0)
        scale = lerp(sw / max(1, d.w), 1.0, m) if sw else 1.0
        card = d.card
        sq = 1.0
        if self.flip:
            card = self.card_from if p < 0.5 else d.card
            sq = abs(math.cos(p * math.pi))
        marks = d.marks - {"picked", "hover", "fresh"}
        base = self.art.sprite(card, d.w, d.h, d.angle if p > 0.5 else 0, marks)
        bw, bh = base.get_size()
        tw, th = max(2, int(bw * scale * sq)), max(2, int(bh * scale))
        # a plain scale while it moves: the card is in motion for a fifth of a second and sharp when it lands
        img = base if (tw, th) == (bw, bh) else pygame.transform.scale(base, (tw, th))
        return img, img.get_rect(center=(int(x), int(y)))


class Announce(FrameAnim):
    """A big word across the felt (SPIKE!, DOUBLES, JACKPOT) with a line under it: pops in, holds, fades."""

    def __init__(self, table: BaseTable, text: str, sub: str, duration: float, colour: tuple[int, int, int],
                 mark: str = "") -> None:
        super().__init__(duration)
        self.table, self.text, self.sub, self.colour, self.mark = table, text, sub, colour, mark
        self._img: pygame.Surface | None = None

    def _compose(self) -> pygame.Surface:
        tb = self.table
        u = tb.u
        big = tb.text.render(self.text, int(66 * u), self.colour, "head")
        small = tb.text.render(self.sub, tb.px(19), theme.CREAM, "bold") if self.sub else None
        mk = int(46 * u) if self.mark else 0
        w = max(big.get_width() + mk + int(mk * 0.4) * 2, small.get_width() if small else 0) + int(60 * u)
        h = big.get_height() + (small.get_height() + int(6 * u) if small else 0) + int(26 * u)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        panel(s, s.get_rect(), (10, 9, 12), self.colour, radius=int(16 * u), alpha=236, width=3)
        top = int(10 * u)
        bx = (w - big.get_width() - (mk + int(mk * 0.4) if mk else 0)) // 2
        if mk:
            draw_mark(s, self.mark, (bx + mk // 2, top + big.get_height() // 2), mk // 2, self.colour)
            bx += mk + int(mk * 0.4)
        s.blit(big, (bx, top))
        if small:
            s.blit(small, small.get_rect(midtop=(w // 2, top + big.get_height() + int(2 * u))))
        return s

    def picture(self) -> tuple[pygame.Surface, pygame.Rect]:
        if self._img is None:
            self._img = self._compose()
        img = self._img
        pop = min(1.0, self.t / max(1e-6, min(0.22, self.duration * 0.3)))
        k = 0.6 + 0.4 * ease_out_back(pop)
        if k != 1.0:
            img = pygame.transform.smoothscale(img, (max(2, int(img.get_width() * k)),
                                                     max(2, int(img.get_height() * k))))
        tb = self.table
        return img, img.get_rect(center=(tb.centre[0], int(tb.centre[1] - tb.felt.h * 0.05)))

    def bounds(self) -> pygame.Rect | None:
        f = self.frame()
        return f[1].inflate(4, 4) if f else None


# ------------------------------------------------------------------------------------------------ marks
def draw_mark(surf: pygame.Surface, kind: str, centre: tuple[float, float], r: float,
              colour: tuple[int, int, int]) -> None:
    """Small shapes that carry meaning beside the words (never colour alone): ``tick`` (survived), ``cross``
    (bust), ``half`` (doubled: a halved disc), ``star`` (jackpot), ``spike`` (three peaks), ``pair`` (two
    dots), ``lock`` (a padlock), ``wheel`` (the Captain's helm), ``arrow`` (whose turn)."""
    cx, cy = centre
    w = max(2, int(r * 0.32))
    if kind == "tick":
        pygame.draw.lines(surf, colour, False, [(cx - r * 0.75, cy), (cx - r * 0.2, cy + r * 0.6),
                                                 (cx + r * 0.8, cy - r * 0.6)], w)
    elif kind == "cross":
        pygame.draw.line(surf, colour, (cx - r * 0.65, cy - r * 0.65), (cx + r * 0.65, cy + r * 0.65), w)
        pygame.draw.line(surf, colour, (cx - r * 0.65, cy + r * 0.65), (cx + r * 0.65, cy - r * 0.65), w)
    elif kind == "half":
        pygame.draw.circle(surf, colour, (cx, cy), r * 0.8, max(1, w // 2))
        lower = [(cx + math.cos(a) * r * 0.8, cy + math.sin(a) * r * 0.8)
                 for a in (i * math.pi / 12 for i in range(13))]
        pygame.draw.polygon(surf, colour, lower)
    elif kind == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
        pygame.draw.polygon(surf, colour, pts)
    elif kind == "spike":
        pygame.draw.polygon(surf, colour, [(cx - r, cy + r * 0.7), (cx - r * 0.55, cy - r * 0.5),
                                           (cx - r * 0.25, cy + r * 0.1), (cx, cy - r), (cx + r * 0.25, cy + r * 0.1),
                                           (cx + r * 0.55, cy - r * 0.5), (cx + r, cy + r * 0.7)])
    elif kind == "pair":
        pygame.draw.circle(surf, colour, (cx - r * 0.45, cy), r * 0.38)
        pygame.draw.circle(surf, colour, (cx + r * 0.45, cy), r * 0.38)
    elif kind == "lock":
        body = pygame.Rect(0, 0, int(r * 1.5), int(r * 1.1))
        body.midtop = (int(cx), int(cy - r * 0.15))
        pygame.draw.rect(surf, colour, body, border_radius=max(1, int(r * 0.2)))
        arc = pygame.Rect(0, 0, int(r * 1.0), int(r * 1.3))
        arc.midtop = (int(cx), int(cy - r * 0.85))
        pygame.draw.ellipse(surf, colour, arc, max(2, int(r * 0.25)))
        pygame.draw.circle(surf, (20, 16, 12), (cx, cy + r * 0.38), max(1, r * 0.17))
    elif kind == "wheel":
        pygame.draw.circle(surf, colour, (cx, cy), r * 0.62, max(2, int(r * 0.2)))
        for i in range(8):
            a = i * math.pi / 4
            pygame.draw.line(surf, colour, (cx + math.cos(a) * r * 0.2, cy + math.sin(a) * r * 0.2),
                             (cx + math.cos(a) * r, cy + math.sin(a) * r), max(2, int(r * 0.18)))
        pygame.draw.circle(surf, colour, (cx, cy), r * 0.22)
    elif kind == "arrow":
        pygame.draw.polygon(surf, colour, [(cx - r * 0.7, cy - r * 0.45), (cx + r * 0.7, cy - r * 0.45),
                                           (cx, cy + r * 0.6)])
    else:
        pygame.draw.circle(surf, colour, (cx, cy), r * 0.4)


def pill(surf: pygame.Surface, text: Text, words: str, size: int, centre: tuple[int, int],
         fill: tuple[int, int, int], ink: tuple[int, int, int], mark: str = "",
         edge: tuple[int, int, int] | None = None, anchor: str = "center") -> pygame.Rect:
    """A rounded label with an optional mark before the words (a "\n" in ``words`` starts a second line,
    centred under the first); returns where it was drawn."""
    r = pill_rect(text, words, size, centre, mark, anchor)
    lines = words.split("\n")
    radius = r.h // 2 if len(lines) == 1 else max(6, size // 2)
    pygame.draw.rect(surf, fill, r, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surf, edge, r, 1, border_radius=radius)
    imgs = [text.render(line, size, ink, "bold") for line in lines]
    x = r.x + max(6, size // 2)
    if mark:
        mr = imgs[0].get_height() * 0.36
        draw_mark(surf, mark, (x + mr, r.centery), mr, ink)
        x += int(mr * 2 + size * 0.3)
    if len(imgs) == 1:
        surf.blit(imgs[0], imgs[0].get_rect(midleft=(x, r.centery)))
        return r
    mid = (x + r.right - max(6, size // 2)) // 2
    y = r.y + max(4, size // 3) // 2
    for img in imgs:
        surf.blit(img, img.get_rect(midtop=(mid, y)))
        y += img.get_height()
    return r


def pill_rect(text: Text, words: str, size: int, centre: tuple[int, int], mark: str = "",
              anchor: str = "center") -> pygame.Rect:
    imgs = [text.render(line, size, theme.CREAM, "bold") for line in words.split("\n")]
    mw = int(imgs[0].get_height() * 0.72 + size * 0.3) if mark else 0
    r = pygame.Rect(0, 0, max(img.get_width() for img in imgs) + mw + 2 * max(6, size // 2),
                    sum(img.get_height() for img in imgs) + max(4, size // 3))
    setattr(r, anchor, centre)
    return r


# ------------------------------------------------------------------------------------------------ table
@dataclass
class Picking:
    """What the person at the screen has chosen on the table before pressing a button: a card of their own
    hand (``card``) and a place on the board (``slot``)."""

    card: int | None = None
    slot: int | None = None

    def clear(self) -> None:
        self.card = None
        self.slot = None


class PotBoxes:
    """Pots drawn as labelled boxes with their chips (Kinzo: the prize pot; Sabacc House: main and sabacc;
    Nepunian Spike: hand and spike), and the antes flying into them.

    A table lists them in ``POT_BOXES`` as (view key, attribute holding the box's centre, label); the first pot
    is the one the shared chip animations fly to. Mixed in before CardTable by the tables with pot boxes.
    """

    POT_BOXES: ClassVar[tuple[tuple[str, str, str], ...]]
    # the table's attributes and methods this mixin uses (for readers and type checkers)
    shown: dict[str, Any]
    n: int
    u: float
    seat_geo: list[dict[str, Any]]
    pot_box: Callable[..., pygame.Rect]
    state: Any
    fly: Callable[..., None]
    off_pile: Callable[[str], int]

    def _pot_boxes(self) -> list[tuple[int, tuple[int, int], str]]:
        return [(int(self.shown.get(key) or 0), getattr(self, pos), label)
                for key, pos, label in self.POT_BOXES]

    def bet_pot_key(self) -> str:
        """The bets go into the first pot (a table whose bets change pots says which)."""
        return self.POT_BOXES[0][0]

    def pot_amount(self) -> int:
        return int(self.shown.get(self.POT_BOXES[0][0]) or 0)

    def pot_centre(self, key: str) -> tuple[float, float]:
        return next(getattr(self, pos) for k, pos, _ in self.POT_BOXES if k == key)

    def pot_pos(self) -> tuple[float, float]:
        return self.pot_centre(self.POT_BOXES[0][0])

    def pot_sig(self) -> Any:
        return (*(amount for amount, _, _ in self._pot_boxes()), *(self.off_pile(k) for k, _, _ in self.POT_BOXES),
                self.u)

    def pot_rect(self) -> pygame.Rect:
        rects = [self.pot_box(None, a, pos, label) for a, pos, label in self._pot_boxes()]
        return rects[0].unionall(rects[1:])

    def pot_shape(self, label: str) -> pygame.Rect:
        """The most room a pot box can take (its anchor at (0, 0)): the pile of every chip in play (a pile only
        grows with its value, game.ui.chips.pile_size, and every chip at the table could end in one pot), with
        its label. The chips are counted in the game's own view as well as the shown one (the table may lay
        itself out before the opening events are folded into what it shows)."""
        total = max(self._chips_in_play(self.shown), self._chips_in_play(self.state.view(None)), 1_000)
        return self.pot_box(None, total, (0, 0), label)

    def _chips_in_play(self, v: dict[str, Any]) -> int:
        return sum(int(c or 0) for c in v.get("stacks") or []) + sum(
            int(v.get(key) or 0) for key, _, _ in self.POT_BOXES)

    def draw_pot(self, surf: pygame.Surface) -> None:
        for i, ((amount, pos, label), (key, _, _)) in enumerate(zip(self._pot_boxes(), self.POT_BOXES,
                                                                    strict=True)):
            with self.regions.region("pot.main" if i == 0 else f"pot.{key}"):
                self.pot_box(surf, amount, pos, label, pile=max(0, amount - self.off_pile(key)))


class CardTable:
    """What a table whose pieces are mostly cards adds to the base table (mixed in before ``BaseTable``).
    Subclasses build :meth:`seat_spots` and :meth:`centre_spots` from ``self.shown``; this class draws them,
    animates them, and lets the person pick cards by clicking them (or with ←/→ for their own hand, 1–6 for
    board places where a game has them)."""

    # the base table's attributes and methods this mixin uses (for readers and type checkers)
    app: Any
    shown: dict[str, Any]
    n: int
    u: float
    eyes: int | None
    seat_geo: list[dict[str, Any]]
    area: pygame.Rect
    anims: list[Any]
    state: Any
    log: list[Any]
    synced: bool
    size: tuple[int, int]
    buttons: list[Any]
    slider: Any
    bar_rect: pygame.Rect
    chip_d: int
    text: Any
    tags: dict[int, tuple[str, tuple[int, int, int]]]
    reset_round: Callable[[dict[str, Any]], dict[str, Any]]

    #: card names make longer button labels than the base table's: the buttons may grow wider
    BUTTON_MAX_W: ClassVar[int] = 250

    def setup(self) -> None:
        """The card table's own fields (the base table calls this before its first hook)."""
        super().setup()  # (a mixin: the table it is put before has it)
        self.pick = Picking()
        self.hover_key: Key | None = None
        self.fresh: set[Key] = set()
        self.deco: dict[str, Any] = {}
        self._spot_cache: dict[Any, list[Spot]] | None = None
        self.art = CardArt(self.app.res, self.app.text, self.make_deck())

    # ------------------------------------------------------------------ subclass hooks
    def make_deck(self) -> Deck:
        raise NotImplementedError

    def seat_spots(self, seat: int) -> list[Spot]:
        """The cards at ``seat`` as the eyes may see them."""
        return []

    def centre_spots(self) -> list[Spot]:
        """The cards in the middle (board, piles)."""
        return []

    def pickable_hand(self) -> list[int]:
        """Card ids of the eyes' own hand that may be picked now (←/→ cycle through them)."""
        return []

    def on_pick(self, tag: Any) -> None:
        """A click on a spot whose tag is ``tag`` (default: a ("hand", card) tag toggles the picked card)."""
        if isinstance(tag, tuple) and tag and tag[0] == "hand":
            self.pick.card = None if self.pick.card == tag[1] else tag[1]

    def round_opened(self, v: dict[str, Any], d: dict[str, Any]) -> None:
        """Fill in ``v`` (the cleared view) from a ``round_started`` event's data ``d`` (who deals, who plays)."""

    def hand_words(self, seat: int) -> str | None:
        """The words under a seat's cards (its rank at the showdown, the viewer's own hand now); None: none."""
        return None

    def hand_mark(self, seat: int) -> str:
        """A mark (see :func:`draw_mark`) before the words under a seat's cards; "": none."""
        return ""

    # ------------------------------------------------------------------ spots
    def spots_of(self, seat: int) -> list[Spot]:
        cache = self._spot_cache
        if cache is not None:
            got = cache.get(seat)
            if got is None:
                got = cache[seat] = self.seat_spots(seat)
            return got
        return self.seat_spots(seat)

    def board_spots(self) -> list[Spot]:
        cache = self._spot_cache
        if cache is not None:
            got = cache.get("centre")
            if got is None:
                got = cache["centre"] = self.centre_spots()
            return got
        return self.centre_spots()

    def all_spots(self) -> list[Spot]:
        """Every card the table draws now, seats first (the tests read this)."""
        out: list[Spot] = []
        for s in range(self.n):
            out += self.spots_of(s)
        return out + self.board_spots()

    def find_spot(self, key: Key) -> Spot | None:
        spots = self.spots_of(key[1]) if len(key) >= 2 and isinstance(key[1], int) and key[0] == "card" \
            else self.board_spots()
        for sp in spots:
            if sp.key == key:
                return sp
        for sp in self.all_spots():
            if sp.key == key:
                return sp
        return None

    def marks_for(self, key: Key, *extra: str, hidden: bool = False, tag: Any = None,
                  card: int | None = None) -> frozenset[str]:
        """The marks of a card: picked, hover (only if clickable), fresh, plus ``extra``."""
        m = set(extra)
        if hidden:
            m.add("hidden")
        own = card is not None and self.pick.card == card and tag is not None and tag[0] == "hand"
        if own or (tag is not None and self.pick.slot is not None and tag == ("slot", self.pick.slot)):
            m.add("picked")
        elif tag is not None and key == self.hover_key:
            m.add("hover")
        if key in self.fresh and "picked" not in m:
            m.add("fresh")
        return frozenset(m)

    def spots_rect(self, spots: list[Spot]) -> pygame.Rect | None:
        out = None
        for sp in spots:
            b = sp.bounds()
            if "picked" in sp.marks:
                b = b.union(b.move(0, -int(sp.h * 0.16)))
            out = b if out is None else out.union(b)
        return out

    def draw_spots(self, surf: pygame.Surface, spots: list[Spot], covered: set[Key]) -> None:
        for sp in spots:
            if sp.key in covered:
                continue
            if "picked" in sp.marks:
                sp = sp.moved(y=sp.y - int(sp.h * 0.16))
            self.art.draw(surf, sp)

    def spot_sig(self, spots: list[Spot]) -> tuple[Any, ...]:
        return tuple((sp.key, sp.card, sp.x, sp.y, sp.w, sp.angle, sp.marks) for sp in spots)

    def block_centre(self, seat: int, w: float, h: float, margin: float) -> tuple[int, int]:
        """The centre of a ``w`` × ``h`` block set ``margin`` px inward from the seat's plate, its near edge
        facing the plate (so side seats' cards lie beside the plate, top and bottom ones above or below)."""
        g = self.seat_geo[seat]
        vx, vy = g["in"]
        x, y = self.inward(seat, margin)
        k = min(w / 2 / max(1e-6, abs(vx)), h / 2 / max(1e-6, abs(vy)))
        return (int(x + vx * k), int(y + vy * k))

    # ------------------------------------------------------------------ motion helpers
    def slide(self, key: Key, src: tuple[float, float, int, int] | Spot | None, card_from: int | None,
              delay: float = 0.0, duration: float = 0.2) -> None:
        """Animate the card now at ``key`` arriving from ``src`` (a spot or (x, y, w, h); None: it turns over
        where it lies), showing ``card_from`` as it leaves."""
        dst = self.find_spot(key)
        if dst is None:
            return
        if src is None:
            src = dst
        if isinstance(src, Spot):
            src = (src.x, src.y, src.w, src.h)
        if (src[0], src[1]) == (dst.x, dst.y) and card_from != dst.card:
            duration = max(duration, 0.25)
        self.anims.append(CardMove(self.art, src, dst, card_from, self.dur(duration), self.dur(delay), (key,)))

    def slide_away(self, src: Spot, dst: tuple[float, float], card_to: int | None, delay: float = 0.0,
                   duration: float = 0.22, size: tuple[int, int] | None = None) -> None:
        """Animate a card leaving ``src`` for a place where nothing is drawn after (the muck, the house)."""
        w, h = size or (src.w, src.h)
        end = Spot(("gone",), card_to, int(dst[0]), int(dst[1]), w, h)
        self.anims.append(CardMove(self.art, (src.x, src.y, src.w, src.h), end, src.card, self.dur(duration),
                                   self.dur(delay)))

    def muck(self, seat: int, dst: tuple[float, float]) -> None:
        """The seat's cards slide away face down to ``dst`` (a folded hand leaves the table)."""
        for sp in self.spots_of(seat):
            self.slide_away(sp, dst, None)

    def announce(self, text: str, sub: str = "", duration: float = 1.6, colour: tuple[int, int, int] = theme.AMBER,
                 mark: str = "") -> None:
        """A big word across the felt for ``duration`` s at 1× (at least its reading time: anim.banner_seconds)."""
        self.anims.append(Announce(self, text, sub, banner_seconds(duration, self.speed(), text, sub), colour, mark))

    # ------------------------------------------------------------------ the base table's hooks
    def beats_for(self, ev: Any) -> list[Beat]:
        """A new round starts from a clean slate (see :meth:`open_round`); other events are the table's."""
        if ev.kind == "round_started":
            d = ev.visible_to(self.eyes)
            return [Beat(0.3, lambda: self.open_round(d))]
        return super().beats_for(ev)  # type: ignore[misc]

    def open_round(self, d: dict[str, Any]) -> None:
        """The last round's marks, picks and per-round pieces go (the stacks stay); then the round's own
        fields from the event (:meth:`round_opened`)."""
        v = self.shown
        self.deco = {}
        self.tags = {}
        self.fresh = set()
        self.pick.clear()
        stacks = v.get("stacks")
        self.reset_round(v)
        if stacks is not None:
            v["stacks"] = stacks
        self.round_opened(v, d)

    def label_above(self, seat: int) -> bool:
        """Whether the seat's hand words go over its cards: at the seats across the top (whose plates are
        above the cards) and at the lower corners (whose plates sit under and beside the cards, where words
        under the cards would run into the plate); elsewhere they go under the cards."""
        toward_middle = self.seat_geo[seat]["in"][1]
        return toward_middle > 0.6 or -0.6 <= toward_middle < -0.2

    # ------------------------------------------------------------------ the seat's zone
    # A seat owns a zone: its plate (with the dealer button), its hand with the words over or under it, its
    # tag. :meth:`place_hand` puts the hand next to the plate on the side facing the middle, and
    # :meth:`seat_zone` is the most room that zone can take (the biggest hand, the longest words), which the
    # tables' ``layout_pieces`` keep the middle's pieces out of (game.ui.zones).
    def label_words(self, seat: int) -> str | None:
        """The :meth:`hand_words` as drawn: the viewer's on one line, the others' in two ("rank" over "total
        −3"), so a hand's words stay about as narrow as its cards."""
        words = self.hand_words(seat)
        return words if words is None or seat == self.eyes else words.replace(" · ", "\n")

    def hand_label(self, seat: int) -> tuple[str, pygame.Rect] | None:
        """The seat's words and where they go: under its cards, or over them at the seats across the top of the
        table (whose plates are above the cards), clear of the cards' shadows and badges."""
        spots = self.spots_of(seat)
        words = self.label_words(seat) if spots else None
        if not words:
            return None
        return words, self._label_rect(seat, words, self._cards_box(seat, spots))

    def plate_box(self, seat: int) -> pygame.Rect:
        """The seat's name plate with the dealer button on its corner (wherever the button is now: a hand keeps
        clear of it at every seat, so nothing moves when the deal passes)."""
        plate: pygame.Rect = self.seat_geo[seat]["plate"]
        rad = int(11 * self.u)
        return plate.union(pygame.Rect(plate.x - rad // 2 - rad - 1, plate.y + rad // 2 - rad - 1, 2 * rad + 2,
                                       2 * rad + 2))

    def _cards_box(self, seat: int, spots: list[Spot]) -> pygame.Rect:
        """What a hand's cards may cover: their sprites (shadow, outline, badge) and, for the viewer's own hand,
        the room a picked card rises into (kept whether or not a card is picked, so nothing jumps)."""
        box = spots[0].bounds().unionall([sp.bounds() for sp in spots[1:]])
        if seat == self.eyes:
            lift = int(max(sp.h for sp in spots) * 0.16)
            box.union_ip(box.move(0, -lift))
        return box

    def side_seat(self, seat: int) -> bool:
        """A seat at the left or right of the table: its hand lies beside its plate, not above or below it."""
        return abs(self.seat_geo[seat]["in"][0]) > 0.7

    def _label_rect(self, seat: int, words: str, box: pygame.Rect) -> pygame.Rect:
        """Where the words go beside the cards' ``box``: over it (see :meth:`label_above`) or under it. At a
        side seat they reach from the cards' inner edge outward, under (or over) the plate rather than into
        the middle, and never onto the plate."""
        fs = int(max(10, 14 * self.u))
        gap = max(2, int(3 * self.u))
        above = self.label_above(seat)
        if not self.side_seat(seat):
            return pill_rect(self.text, words, fs, (box.centerx, box.top - gap if above else box.bottom + gap),
                             self.hand_mark(seat), "midbottom" if above else "midtop")
        plate = self.plate_box(seat).inflate(2 * gap, 2 * gap)
        first = None
        for over in (above, not above):  # the side it prefers, else the other one if that misses the plate
            r = pill_rect(self.text, words, fs, (box.centerx, box.top - gap if over else box.bottom + gap),
                          self.hand_mark(seat), "midbottom" if over else "midtop")
            if r.w > box.w:
                if self.seat_geo[seat]["in"][0] > 0:  # a seat on the left: the middle is to the right
                    r.right = box.right
                else:
                    r.left = box.left
            if not r.colliderect(plate):
                return r
            first = first or r
        assert first is not None
        if above:
            first.bottom = plate.top
        else:
            first.top = plate.bottom
        return first

    def _hand_shift(self, seat: int, spots: list[Spot], words: str | None) -> tuple[int, int]:
        """How far the cards (and the words beside them) move to sit next to the seat's plate on the side facing
        the middle, as near as they can without touching it: the cards alone set the place at a side seat
        (their words reach out under the plate), the cards and their words together elsewhere."""
        cards = self._cards_box(seat, spots)
        block = cards.copy()
        if words and not self.side_seat(seat):
            block.union_ip(self._label_rect(seat, words, cards))
        plate = self.plate_box(seat)
        vx, vy = self.seat_geo[seat]["in"]
        margin = 4 * self.u
        # the least distance along the way to the middle at which the block clears the plate in x or in y
        tx = (plate.w + block.w) / 2 + margin
        ty = (plate.h + block.h) / 2 + margin
        t = min(tx / abs(vx) if abs(vx) > 1e-6 else math.inf, ty / abs(vy) if abs(vy) > 1e-6 else math.inf)
        return round(plate.centerx + vx * t) - block.centerx, round(plate.centery + vy * t) - block.centery

    def place_hand(self, seat: int, spots: list[Spot]) -> list[Spot]:
        """The seat's cards (laid out round (0, 0)) moved into the seat's zone (see :meth:`_hand_shift`)."""
        return self.place_hand_words(seat, spots, self.label_words(seat)) if spots else spots

    def seat_zone(self, seat: int, room: int, w: int, h: int, words: str, tag: str = "KEEPS FACE DOWN"
                  ) -> pygame.Rect:
        """The most room the seat can take: its plate, a row of cards ``w`` × ``h`` ``room`` px wide with
        ``words`` beside it (as :meth:`label_words` puts them), and its tag (``tag`` as the longest it says)."""
        parts = self.seat_zone_parts(seat, room, w, h, words, tag)
        return parts[0].unionall(parts[1:])

    def seat_zone_parts(self, seat: int, room: int, w: int, h: int, words: str, tag: str = "KEEPS FACE DOWN"
                        ) -> list[pygame.Rect]:
        """The parts :meth:`seat_zone` is the bounding rect of, kept apart (the hand with its words, the plate,
        the tag): what the seat's chips are placed clear of, where the room between the parts is still free."""
        half = max(0, room - w) // 2
        spots = self.place_hand_words(seat, [Spot(("zone", 0), None, -half, 0, w, h),
                                             Spot(("zone", 1), None, half, 0, w, h)], words)
        hand = self._cards_box(seat, spots).union(self._label_rect(seat, words, self._cards_box(seat, spots)))
        return [hand, self.plate_box(seat), self.tag_box(seat, tag)]  # type: ignore[attr-defined]

    def place_hand_words(self, seat: int, spots: list[Spot], words: str | None) -> list[Spot]:
        """``spots`` moved next to the seat's plate, with room for ``words`` beside them."""
        dx, dy = self._hand_shift(seat, spots, words)
        return [sp.moved(x=sp.x + dx, y=sp.y + dy) for sp in spots]

    def hand_shown(self, seat: int) -> bool:
        """Whether the seat's hand is shown (its words in amber): a table with another record says so."""
        return seat in self.deco.get("show", {})

    def pieces_rect(self, seat: int) -> pygame.Rect:
        r = self.spots_rect(self.spots_of(seat))
        out = r if r is not None else super().pieces_rect(seat)  # type: ignore[misc]
        lab = self.hand_label(seat)
        return out.union(lab[1].inflate(4, 4)) if lab else out

    def pieces_sig(self, seat: int) -> Any:
        lab = self.hand_label(seat)
        return (self.spot_sig(self.spots_of(seat)), lab[0] if lab else None)

    def draw_seat_pieces(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        """The seat's cards and the words beside them (amber on a hand shown at the showdown)."""
        self.draw_spots(surf, self.spots_of(seat), covered)
        lab = self.hand_label(seat)
        if lab:
            show = self.hand_shown(seat)
            with self.regions.region(f"seat{seat}.label"):
                pill(surf, self.text, lab[0], int(max(10, 14 * self.u)), lab[1].center,
                     (36, 26, 10) if show else (14, 16, 20), theme.AMBER if show else theme.CREAM,
                     mark=self.hand_mark(seat), edge=theme.BRASS_DARK)

    def draw(self, surf: pygame.Surface) -> None:
        self._spot_cache = {}  # the spots are worked out once per painted frame
        try:
            super().draw(surf)  # type: ignore[misc]
        finally:
            self._spot_cache = None

    def draw_dirty(self, surf: pygame.Surface) -> list[pygame.Rect]:
        self._spot_cache = {}
        try:
            return super().draw_dirty(surf)  # type: ignore[misc]
        finally:
            self._spot_cache = None

    def act(self, action: Any) -> None:
        was = len(self.state.actions)
        super().act(action)
        if len(self.state.actions) != was:
            self.pick.clear()
            self.hover_key = None
            self.rebuild_actions()

    def sync(self) -> None:
        super().sync()
        self._check_pick()

    def set_eyes(self, seat: int | None) -> None:
        """A different person takes the screen: nothing they did not choose stays picked."""
        if seat != self.eyes:
            self.pick.clear()
            self.hover_key = None
        super().set_eyes(seat)  # type: ignore[misc]

    def _check_pick(self) -> None:
        """Forget a pick that no longer makes sense (the card left the hand, the turn passed)."""
        if not self.my_turn():
            if self.pick.card is not None or self.pick.slot is not None:
                self.pick.clear()
            return
        if self.pick.card is not None and self.pick.card not in self.pickable_hand():
            self.pick.card = None

    def clickable_at(self, pos: tuple[int, int]) -> Spot | None:
        """The topmost clickable card under ``pos`` (the last drawn is on top)."""
        if not self.my_turn():
            return None
        for sp in reversed(self.all_spots()):
            if sp.tag is None:
                continue
            r = sp.rect
            if "picked" in sp.marks:
                r = r.move(0, -int(sp.h * 0.16))
            if r.collidepoint(pos):
                return sp
        return None

    def handle(self, ev: Input) -> None:
        if ev.kind == "move":
            sp = self.clickable_at(ev.pos) if self.area.collidepoint(ev.pos) else None
            self.hover_key = sp.key if sp is not None else None
        elif ev.kind == "down" and ev.button == 1 and self.area.collidepoint(ev.pos) and self.my_turn():
            sp = self.clickable_at(ev.pos)
            if sp is not None:
                self.on_pick(sp.tag)
                self.app.play("card")
                self.rebuild_actions()
                return
        elif ev.kind == "key" and ev.action in ("left", "right") and self.my_turn():
            hand = self.pickable_hand()
            if hand:
                step = 1 if ev.action == "right" else -1
                if self.pick.card in hand:
                    i = (hand.index(self.pick.card) + step) % len(hand)
                else:
                    i = 0 if step > 0 else len(hand) - 1
                self.pick.card = hand[i]
                self.rebuild_actions()
                return
        super().handle(ev)

    def status_line(self) -> str:
        """The base status, but while events play out the newest line the log printed (never the next turn's
        words ahead of the story), cut to fit the top bar."""
        line = ""
        if not self.synced:
            for entry in reversed(self.log[-6:]):
                t = self.log_text(entry)
                if t:
                    line = t
                    break
        if not line:
            line = super().status_line()
        # the line is centred a little right of the felt's middle: keep it clear of the title and round
        u = self.u
        title = self.text.render(self.state.title.upper(), int(28 * u), theme.AMBER, "head").get_width()
        info = self.text.render(self.round_info(), self.px(15), theme.TEXT_DIM, "text").get_width()
        centre = self.area.centerx + int(60 * u)
        room = 2 * (centre - (int(14 * u) + title + int(16 * u) + info + int(14 * u)))
        room = max(80, min(room, 2 * (self.size[0] - int(110 * u) - centre)))
        if u < 1:  # a small window: the header moves right of the middle rather than be cut (HeaderPainter)
            room = max(room, self.painter.header.header_room())
        key = (line, room, u)
        cache = self.__dict__.setdefault("_status_fit", {})
        got = cache.get(key)
        if got is None:  # cutting a line to fit measures it letter by letter: once per line, not every frame
            if len(cache) > 64:
                cache.clear()
            got = cache[key] = self.text.fit_head(line, self.px(21, 11), room, "bold")  # (header.py's face)
        return got

    def bar_heading(self) -> str:
        if not self.my_turn() and not self.settled():
            return "Space or click the table to skip the animation"
        return super().bar_heading()

    # ------------------------------------------------------------------ shared drawing
    def draw_pile(self, surf: pygame.Surface, centre: tuple[int, int], w: int, h: int, count: int,
                  label: str) -> None:
        """A face-down pile (a few backs offset to show its depth) with its name and count under it."""
        depth = min(4, max(1, count // 8)) if count else 0
        for i in range(depth):
            img = self.art.sprite(None, w, h)
            off = (depth - 1 - i) * max(1, w // 30)
            surf.blit(img, img.get_rect(center=(centre[0] - off, centre[1] - off)))
        if not count:
            r = pygame.Rect(0, 0, w, h)
            r.center = centre
            pygame.draw.rect(surf, (60, 70, 60), r, max(1, w // 30), border_radius=max(3, w // 12))
        u = self.u
        self.text.blit(surf, f"{label} {count}", int(max(10, 13 * u)), theme.CREAM, "bold",
                       midtop=(centre[0], centre[1] + h // 2 + int(4 * u)))

    def pile_rect(self, centre: tuple[int, int], w: int, h: int, label: str = "") -> pygame.Rect:
        """What :meth:`draw_pile` covers: the pile with its shadow and the words under it (``label`` and the
        widest count; without a label, room for any)."""
        r = pygame.Rect(0, 0, w + sprite_pad(w) * 2 + 8, h + sprite_pad(w) * 2 + 8)
        r.center = centre
        fs = int(max(10, 13 * self.u))
        size = self.text.render(f"{label} 88", fs, theme.CREAM, "bold").get_size() if label else \
            (int(120 * self.u), int(22 * self.u))
        lab = pygame.Rect(0, 0, size[0] + 2, size[1] + 2)
        lab.midtop = (centre[0], centre[1] + h // 2 + int(2 * self.u))
        return r.union(lab)

    def pile_d(self) -> int:
        """The chip size of the pots' piles (a table whose pots must shrink as seats are added says so)."""
        return self.chip_d

    def pot_box(self, surf: pygame.Surface | None, amount: int, pos: tuple[float, float], label: str,
                size: int | None = None, pile: int | None = None) -> pygame.Rect:
        """The pot's pile standing on ``pos`` and a two-line label under it (the pot's name, then its amount);
        draws when ``surf`` is given, and returns the area either way (``pile``: the chips drawn in the pile when
        some of ``amount`` are still on the betting lines or in flight). The label is cached (a translucent panel
        is costly to draw every frame a chip flies over it)."""
        from game.ui.chips import draw_pile, pile_rect

        u = self.u
        fs = size or int(max(12, 16 * u))
        key = (label, amount, fs, u)
        cache = self.__dict__.setdefault("_pot_labels", {})
        img = cache.get(key)
        if img is None:
            cap = self.text.render(label, max(9, int(fs * 0.72)), theme.TEXT_DIM, "bold")
            num = self.text.render(f"{amount:,}", fs, theme.CREAM, "bold")
            w = max(cap.get_width(), num.get_width()) + int(16 * u)
            h = cap.get_height() + num.get_height() + int(4 * u)
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            panel(img, img.get_rect(), (12, 10, 8), theme.BRASS_DARK, radius=int(8 * u), alpha=215, width=1)
            img.blit(cap, cap.get_rect(midtop=(w // 2, int(2 * u))))
            img.blit(num, num.get_rect(midbottom=(w // 2, h - int(2 * u))))
            if len(cache) > 16:
                cache.clear()
            cache[key] = img
        box = img.get_rect(midtop=(int(pos[0]), int(pos[1] + 4 * u)))
        area = box.copy()
        if amount > 0:
            area.union_ip(pile_rect(amount, (pos[0], pos[1] + 2), self.pile_d()).inflate(6, 4))
        if surf is not None:
            draw_pile(surf, amount if pile is None else pile, pos, self.pile_d(), self.app.res)
            surf.blit(img, box)
        return area
