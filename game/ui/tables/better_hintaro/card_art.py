"""How Better Hintaro's cards look: item and bounty cards, mini cards, the tier glyphs.

The pictures come from the same art pipeline as every other table's pieces (``tools/make_art.py`` writes
``assets/art/better_hintaro/``: an item face per tier with its value band, emblem and name field, a mini face per
tier, the bounty seal and the white glyphs). Here the faces only get what is data (a card's name and value, from
``items.toml``) and the glyphs their tint. Colour never carries meaning alone: each tier has its own glyph shape,
and the value is printed on the card. Cards are composed once and cached by what they show (:class:`CardArt`), so
a frame is a handful of blits.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.better_hintaro.content import Content
from game.ui import theme
from game.ui.cache import MB, SurfaceCache
from game.ui.draw import Text
from game.ui.tables.better_hintaro.common import the

Colour = tuple[int, int, int]


# ---------------------------------------------------------------------------------------------- tiers
@dataclass(frozen=True)
class TierStyle:
    """How one price tier looks: a colour AND a glyph shape (so colour-blind players can tell them apart)."""

    colour: Colour
    glyph: str
    word: str
    art: str = "unknown"  # its card faces: better_hintaro.item_<art> and better_hintaro.mini_<art>


#: tier name (items.toml) -> its look; the glyphs grow more elaborate as the tiers get dearer
TIERS: dict[str, TierStyle] = {
    "green": TierStyle((86, 176, 96), "circle", "Green", "green"),
    "blue": TierStyle((80, 142, 228), "triangle", "Blue", "blue"),
    "orange": TierStyle((232, 140, 52), "square", "Orange", "orange"),
    "violet": TierStyle((164, 108, 226), "diamond", "Violet", "violet"),
    "red": TierStyle((216, 74, 72), "cross", "Red", "red"),
    "gold": TierStyle((236, 196, 72), "star", "Gold", "gold"),
}
CONTAINER_STYLE = TierStyle((150, 112, 72), "crate", "Container", "container")
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
#: the glyphs' pictures come from the art pipeline (tools/make_art.py: better_hintaro.glyph_<name>, drawn white
#: with their cut-outs transparent); here they are only tinted, and cached by (art source, glyph, size, ink)
_glyphs: OrderedDict[tuple[int, str, int, Colour], pygame.Surface] = OrderedDict()


def glyph_image(res: Any, glyph: str, size: int, ink: Colour) -> pygame.Surface:
    """``glyph`` ``size`` px square in ``ink`` (``res``: the app's :class:`~game.ui.resources.Resources`)."""
    size = max(4, int(size))
    key = (id(res), glyph, size, ink)
    img = _glyphs.get(key)
    if img is not None:
        return img
    img = res.image(f"better_hintaro.glyph_{glyph}", (size, size)).copy()
    img.fill((*ink, 255), special_flags=pygame.BLEND_RGBA_MULT)
    _glyphs[key] = img
    if len(_glyphs) > 400:
        _glyphs.popitem(last=False)
    return img


def blit_glyph(surf: pygame.Surface, res: Any, glyph: str, centre: tuple[float, float], size: int,
               ink: Colour) -> pygame.Rect:
    img = glyph_image(res, glyph, size, ink)
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
        # capped in pixel bytes: a 1080p bounty card weighs 350 KB and is drawn anew for each holder. The board's
        # panels keep their composed pictures, so this only serves a panel painted again (a hover, a purchase):
        # 2 MB misses 447 cards in a 20,000-frame demo against 355 at 4 MB, and keeps the session's memory
        # level (game.measure.memory; a card is a few blits and two lines of text)
        self._cache = SurfaceCache(limit, 2 * MB, "better_hintaro_cards")
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
        """The tier's face from the art pipeline (frame, band, emblem, name field), with this card's value in
        the band and its name in the field (names and values are data: items.toml)."""
        w, h = size
        st = style_of(self.content, card)
        res = self.text.res
        face_id = f"better_hintaro.item_{st.art}"
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        face = res.image(face_id, (w, h))
        s.blit(face, face.get_rect(center=(w // 2, h // 2)))
        meta = res.meta.get(face_id, {})
        band_h = int(h * float(meta.get("band", 0.23)))
        top, bottom = (float(v) for v in meta.get("name_field", (0.5, 0.886)))
        edge_w = max(2, w // 28)
        fs = max(9, int(w * 0.15))
        value = "—" if card in self.content.containers else f"{self.value(card):,}"
        self.text.blit(s, value, fs + 1, (255, 250, 240), "bold", midright=(w - edge_w - 4, band_h // 2))
        # the name, wrapped to the name field's width (into the emblem's space only if it must)
        name_fs = max(10, int(w * 0.14))  # 10 px at the least: a name must stay readable on a small card
        inner = w - 2 * edge_w - 8
        field = pygame.Rect(0, int(h * top), w, int(h * (bottom - top)))
        lh = self.text.res.font("bold", name_fs).get_linesize()
        lines = self.wrap(self.name(card), name_fs, inner, "bold")
        max_lines = max(1, (field.bottom - band_h - 2) // lh)
        if len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = self.text.fit(lines[-1] + "…", name_fs, inner, "bold")
        y = field.centery - lh * len(lines) // 2
        y = max(band_h + 2, min(y, field.bottom - lh * len(lines)))
        for line in lines:
            self.blit_fitted(s, line, name_fs, theme.CREAM, "bold", inner, midtop=(w // 2, y))
            y += lh
        foot = "CONTAINER" if card in self.content.containers else st.word.upper()
        self.text.blit(s, foot, max(8, int(w * 0.11)), lighter(st.colour, 0.2), "bold",
                       midbottom=(w // 2, h - 3 - max(2, int(h * 0.03))))
        return _with_state(s, state, max(4, w // 10))

    # ------------------------------------------------------------------ a mini card (holdings, tray, pot)
    def mini(self, card: str, size: tuple[int, int], state: str = "") -> pygame.Surface:
        """A small card: glyph above, value below (the name is in its tooltip)."""
        return self._cached(("mini", card, size, state), lambda: self._mini(card, size, state))

    def _mini(self, card: str, size: tuple[int, int], state: str) -> pygame.Surface:
        """The tier's mini face from the art pipeline, with the value (or a container's draw) printed on it."""
        w, h = size
        st = style_of(self.content, card)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        face = self.text.res.image(f"better_hintaro.mini_{st.art}", (w, h))
        s.blit(face, face.get_rect(center=(w // 2, h // 2)))
        if card in self.content.containers:
            label = f"×{self.content.containers[card].size}"
        else:
            label = short_value(self.value(card))
        fs = max(8, int(min(w * 0.36, h * 0.27)))
        img = self.text.render(label, fs, (255, 250, 240), "bold")
        if img.get_width() > w - 2:
            img = pygame.transform.smoothscale(img, (w - 2, img.get_height()))
        s.blit(img, img.get_rect(midbottom=(w // 2, h - max(1, h // 12))))
        return _with_state(s, state, max(3, w // 6))

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
        return the(self.name(b.reward_item or ''))

    def bounty(self, bounty: str, size: tuple[int, int], held: Sequence[str] | None, who: str,
               state: str = "", on_completion: bool = True,
               holders: Mapping[str, Sequence[str]] | None = None) -> pygame.Surface:
        """A bounty card: its name, what it pays, and the items it needs, ticked where ``held`` has them, each
        with who holds one (``holders``: item -> the names on screen)."""
        hold = tuple(sorted((k, tuple(v)) for k, v in (holders or {}).items()))
        key = ("bounty", bounty, size, tuple(sorted(held or ())), who, state, on_completion, hold)
        return self._cached(key, lambda: self._bounty(bounty, size, held, who, state, on_completion, holders))

    def bounty_rows(self, bounty: str, size: tuple[int, int], held: Sequence[str] | None,
                    holders: Mapping[str, Sequence[str]] | None = None) -> list[NeedRow]:
        """Where each needed item's lines go on a bounty card of ``size`` (the painter and the pointer's hit
        test share this): every full name, in the largest face at which all of them fit (wrapped to two lines
        where the card has room), then under each, while room is left, who holds one. A name that still does
        not fit at the smallest face is shortened (its line's tooltip has it in full)."""
        w, h = size
        u = w / 170
        pad = max(5, w // 22)
        top = self._bounty_top(bounty, size)
        needs = self.bounty_needs(bounty, held)
        if not needs:
            return []
        font = self.text.res.font
        avail = h - top - pad // 2
        start = max(9, int(13 * u))
        while start > 9 and len(needs) * (font("text", start).get_linesize() + 1) > avail:
            start -= 1
        smallest = max(9, min(start, int(10 * u)))
        plan: list[tuple[str, bool, int, list[str]]] = []
        spare = 0
        for base in range(start, smallest - 1, -1):  # the largest face at which no name is cut
            line_h = font("text", base).get_linesize() + 1
            g = max(6, min(line_h - 4, int(14 * u)))
            width = w - (pad + int(g * 2.1) + 6) - pad
            sub_h = font("text", base).get_linesize()
            spare = avail - line_h * len(needs)
            plan, cut = [], False
            for need, ok in needs:
                name = self.name(need)
                lines = [name]
                if font("text", base).size(name)[0] > width:
                    wrapped = self.wrap(name, base, width)
                    if len(wrapped) == 2 and spare >= sub_h and all(font("text", base).size(x)[0] <= width
                                                                    for x in wrapped):
                        lines, spare = wrapped, spare - sub_h
                    else:
                        lines, cut = [name], True
                plan.append((need, ok, base, lines))
            if not cut:
                break
        base = plan[0][2]
        line_h = font("text", base).get_linesize() + 1
        g = max(6, min(line_h - 4, int(14 * u)))
        x = pad + int(g * 2.1) + 6
        width = w - x - pad
        sub = max(8, base - 1)
        sub_h = font("text", sub).get_linesize()
        rows: list[NeedRow] = []
        y = top
        for need, ok, ns, lines in plan:
            if len(lines) == 1 and font("text", ns).size(lines[0])[0] > width:
                lines = [self.text.fit(lines[0], ns, width)]  # the one case a name is cut (recorded as cut)
            who = ", ".join((holders or {}).get(need, ()))
            who_line = ""
            if who and spare >= sub_h:  # who holds it, while the card has room (always in the tooltip)
                fits = [t for t in ("held by " + who, who) if font("text", sub).size(t)[0] <= width]
                if fits:
                    who_line = fits[0]
                    spare -= sub_h
            hh = line_h + (len(lines) - 1) * sub_h + (sub_h if who_line else 0)
            rows.append(NeedRow(need, ok, pygame.Rect(pad, y, w - 2 * pad, hh), lines, who_line, ns, g, x))
            y += hh
        return rows

    def _bounty_top(self, bounty: str, size: tuple[int, int]) -> int:
        """The height of a bounty card's head (seal, name, pay, needs line): its item lines start there."""
        w, _ = size
        b = self.content.bounties[bounty]
        pad = max(5, w // 22)
        u = w / 170
        seal = max(12, int(22 * u))
        fs = max(9, int(13 * u))
        lh = self.text.res.font("bold", fs).get_linesize()
        y = pad - 1 + lh * len(self.wrap(b.name, fs, w - 3 * pad - seal, "bold")[:2])
        y = max(y, pad + seal) + 2
        small = max(8, int(11 * u))
        pay_lines = len(self.wrap(f"PAYS {self.pays(bounty)}", small + 1, w - 2 * pad, "bold")[:2])
        y += self.text.res.font("bold", small + 1).get_linesize() * pay_lines + 1
        return y + self.text.res.font("bold", small).get_linesize() + 1

    def _bounty(self, bounty: str, size: tuple[int, int], held: Sequence[str] | None, who: str, state: str,
                on_completion: bool, holders: Mapping[str, Sequence[str]] | None = None) -> pygame.Surface:
        w, h = size
        b = self.content.bounties[bounty]
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(5, w // 18)
        face = self.text.res.image("better_hintaro.bounty", (w, h))
        if face.get_size() != (w, h):  # the face is a frame and a wash: stretched to the card, not letterboxed
            face = pygame.transform.smoothscale(face, (w, h))
        s.blit(face, (0, 0))
        pad = max(5, w // 22)
        u = w / 170
        seal = max(12, int(22 * u))
        emblem = self.text.res.image("better_hintaro.bounty_seal", (seal + 4, seal + 4))
        s.blit(emblem, emblem.get_rect(center=(pad + seal // 2, pad + seal // 2)))
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
        for row in self.bounty_rows(bounty, size, held, holders):
            st = style_of(self.content, row.need)
            g = row.glyph
            cy = row.rect.y + max(g, self.text.res.font("text", row.size).get_linesize()) / 2
            mark = GOOD_TICK if row.ok else theme.TEXT_FAINT
            blit_glyph(s, self.text.res, "tick" if row.ok else "hollow", (pad + g / 2, cy), g, mark)
            blit_glyph(s, self.text.res, st.glyph, (pad + g * 1.5 + 3, cy), max(5, g - 3), st.colour)
            ly = row.rect.y + 1
            for line in row.lines:
                r = self.text.blit(s, line, row.size, theme.CREAM if row.ok else theme.TEXT_DIM, topleft=(row.x, ly))
                ly = r.bottom - 2
            if row.holders:
                self.text.blit(s, row.holders, max(8, row.size - 1), theme.AMBER_DIM, topleft=(row.x, ly))
        return _with_state(s, state, rad)

    def bounty_height(self, width: int, lines: int = 9) -> int:
        """The height a bounty card of ``width`` needs to list ``lines`` needed items."""
        u = width / 170
        return int(22 * u + 12 + 2 * 17 * u + 3 * 14 * u + lines * 15 * u)


@dataclass
class NeedRow:
    """One needed item's lines on a bounty card (card coordinates): tick, tier glyph, name lines, holders."""

    need: str
    ok: bool
    rect: pygame.Rect
    lines: list[str]
    holders: str
    size: int
    glyph: int
    x: int


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
