"""The market board of the business stage: its layout (Shop rows, bounties on offer, discard pile, pot, the
column of seats in business order), how each panel is painted, and the auction panel laid over it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui import theme
from game.ui.draw import Text, panel
from game.ui.tables.better_hintaro.card_art import CardArt, Colour, blit_glyph, short_value, style_of


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
    #: each seat's badge lane (top right of its row): its tags ("BUYS FOR 150") go there, never over its items
    lanes: dict[int, pygame.Rect] = field(default_factory=dict)
    #: the band under the board where banners go ("Business stage"), so they never cover a panel
    news: pygame.Rect = field(default_factory=pygame.Rect)


def board_layout(area: pygame.Rect, u: float, order: Sequence[int], card_art: CardArt,
                 eyes: int | None = None) -> BoardLayout:
    """Lay the business stage out in ``area`` for seats listed in business ``order``; the row of ``eyes`` (the
    person at the screen) is taller, to list their own items by name."""
    pad = max(6, int(10 * u))
    n = max(1, len(order))
    col_w = int(area.w * 0.45)
    news_h = int(44 * u)
    news = pygame.Rect(area.x + pad, area.bottom - pad - news_h, area.w - 2 * pad, news_h)
    area = pygame.Rect(area.x, area.y, area.w, area.h - news_h - pad // 2)
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
    lanes: dict[int, pygame.Rect] = {}
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
        lane_w = int(min(132 * u, holdings[seat].w * 0.42))
        lanes[seat] = pygame.Rect(row.right - int(6 * u) - lane_w, row.y + int(4 * u), lane_w,
                                  int(min(40 * u, max(18 * u, (row.h - 8 * u) * 0.5))))
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
                       discard, pot, overlay, (cw, ch), mini, u, lanes, news)


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
                   note: str, on_completion: bool, deck: int,
                   holders: Mapping[str, Sequence[str]] | None = None) -> None:
    """The three bounties on offer, each with what it pays and its items, ticked where ``who`` holds them, and
    under each item who holds one (``holders``)."""
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
                                 on_completion, holders), rr)
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
    if credits:  # the words on their own line, the chips under them: a wide pile never runs into the words
        text.blit(surf, f"{credits:,} carried", int(13 * u), theme.CREAM, "bold", topleft=(r.x + int(8 * u), y))
        draw_chips(surf, credits, (r.centerx, y + int(44 * u)), chip_d, res)
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
    flags: pygame.Rect | None = None  # where the row's flags ("bought · owes 500") go: the end of the pill line


def row_slots(b: BoardLayout, seat: int, count: int, active: Sequence[str], completed: Sequence[str], text: Text,
              art: CardArt, listed: bool = False, flags: str = "") -> RowSlots:
    """Where a seat's holdings go in its row: mini cards (or, ``listed``, named lines), then bounty pills."""
    u = b.u
    area = b.holdings[seat]
    gap = max(2, int(3 * u))
    ph = max(12, int(17 * u))
    lane = b.lanes.get(seat)
    if listed:
        top = pygame.Rect(area.x, area.y, area.w, area.h - ph - int(4 * u))
        line_h = max(14, int(19 * u))
        lines = max(1, top.h // line_h)
        cols = max(1, min(3, area.w // max(1, int(130 * u)), -(-count // max(1, lines - 2))))
        col_w = area.w // cols
        # a column under the badge lane starts below it: a badge never sits on a line of items
        skip = -(-(lane.bottom - top.y) // line_h) if lane is not None else 0
        places = [(top.x + c * col_w, top.y + k * line_h) for c in range(cols)
                  for k in range(skip if lane is not None and top.x + (c + 1) * col_w > lane.x else 0, lines)]
        room = len(places)
        shown = count if count <= room else max(0, room - 1)
        minis = [pygame.Rect(x, y0, col_w - gap, line_h - 1) for x, y0 in places[:shown]]
        overflow = count - shown
        y = top.bottom + int(2 * u)
    else:
        mh = min(b.mini[1], area.h - ph - int(4 * u))
        mini = (int(mh * 0.76), mh)
        right = lane.x - int(6 * u) if lane is not None else area.right
        line1 = pygame.Rect(area.x, area.y, right - area.x, mh)
        minis, overflow = flow_minis(line1, count, mini, gap)
        y = area.y + mh + int(3 * u)
    ph = max(12, min(ph, area.bottom - y))
    fs = max(9, ph - int(5 * u))
    font = text.res.font("text", fs)
    x = area.x
    end = area.right
    flag_rect = None
    if flags:
        fw = text.res.font("text", int(11 * u)).size(flags)[0]
        flag_rect = pygame.Rect(area.right - fw, y, fw, ph)
        end = flag_rect.x - int(8 * u)
    pills: list[tuple[pygame.Rect, str, bool]] = []
    entries = [(bid, False) for bid in active] + [(bid, True) for bid in completed]
    folded = 0
    fold_rect = None
    for i, (bid, done) in enumerate(entries):
        label = art.content.bounties[bid].name
        tail = 0 if done else text.res.font("bold", fs).size(" 9/9")[0]  # the open ones' "2/5"
        w = min(end - area.x, font.size(label)[0] + tail + ph + int(16 * u))  # the whole name where there is room
        rest = len(entries) - i - 1
        if x + w > end - (int(60 * u) if rest else 0):
            folded = sum(1 for _, d in entries[i:] if d)
            if folded:
                fold_rect = pygame.Rect(x, y, int(56 * u), ph)
            break
        pills.append((pygame.Rect(x, y, w, ph), bid, done))
        x += w + int(4 * u)
    return RowSlots(minis, overflow, pills, folded, fold_rect, listed, flag_rect)


def row_parts(b: BoardLayout, seat: int, slots: RowSlots, text: Text, flags: str) -> dict[str, list[pygame.Rect]]:
    """What a seat's row shows, by part, for the layout bench (the row's panel is only a backdrop): its items
    (with the "+k" after them), its bounty pills and its flags."""
    u = b.u
    items = list(slots.minis)
    if slots.overflow:
        last = slots.minis[-1] if slots.minis else b.holdings[seat]
        label = f"+{slots.overflow} more" if slots.listed else f"+{slots.overflow}"
        w, h = text.res.font("bold", int(13 * u)).size(label)
        items.append(pygame.Rect(last.x + int(4 * u), last.bottom + 1, w, h) if slots.listed else
                     pygame.Rect(last.right + int(4 * u), last.centery - h // 2, w, h))
    pills = [r for r, _, _ in slots.pills] + ([slots.fold_rect] if slots.fold_rect is not None else [])
    return {"items": items, "bounties": pills, "flags": [slots.flags] if flags and slots.flags is not None else []}


def paint_line(surf: pygame.Surface, r: pygame.Rect, text: Text, art: CardArt, card: str, state: str,
               u: float) -> None:
    """One of our own items as a line: tier glyph, name, value (selected: an amber frame)."""
    if state in ("selected", "hover"):
        panel(surf, r, (70, 52, 22) if state == "selected" else (40, 36, 30),
              theme.TURN if state == "selected" else theme.BRASS_DARK, radius=max(3, int(5 * u)), width=1)
    st = style_of(art.content, card)
    g = max(6, r.h - int(6 * u))
    blit_glyph(surf, text.res, st.glyph, (r.x + int(4 * u) + g / 2, r.centery), g, st.colour)
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
        blit_glyph(surf, text.res, "star" if done else "seal", (rr.x + rr.h // 2 + 1, rr.centery), g,
                   theme.AMBER if done else theme.TEXT_DIM)
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
    if flags and slots.flags is not None:
        text.blit(surf, flags, int(11 * u), theme.TEXT_DIM, midright=rel(slots.flags, o).midright)




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
