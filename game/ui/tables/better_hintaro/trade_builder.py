"""Trades: the offer being put together (:class:`TradeDraft`), the builder panel that puts it together and the
panel that shows an offer to the seat that must answer, plus the table's side of the builder
(:class:`TradeBuilderMixin`: open, close, keys and clicks, send).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine.better_hintaro.content import Content
from game.engine.core import Action
from game.ui import theme
from game.ui.draw import Text, panel
from game.ui.tables.better_hintaro.card_art import GOOD_TICK, CardArt, blit_glyph, style_of
from game.ui.tables.better_hintaro.common import the
from game.ui.tables.better_hintaro.market import flow_minis, overlay_panel, section_head


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
    parts = [the(content.name(c)) for c in cards]
    if credits:
        parts.append(f"{credits:,} credits")
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def goods_value(cards: Sequence[str], content: Content) -> int:
    return sum(content.value(c) for c in cards)


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
    offer: pygame.Rect = field(default_factory=pygame.Rect)  # both sides of the offer as cards, over the credits


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
    offer = pygame.Rect(rect.x + pad, slider.y - int(30 * u) - int(62 * u), rect.w - 2 * pad, int(58 * u))
    room = max(1, (offer.y - int(6 * u) - y) // row_h)
    give = [(i, pygame.Rect(rect.x + pad, y + k * row_h, col_w, row_h - 2))
            for k, i in enumerate(range(len(holdings(view, me)))) if k < room]
    get = []
    if draft.to is not None:
        get = [(i, pygame.Rect(rect.x + 2 * pad + col_w, y + k * row_h, col_w, row_h - 2))
               for k, i in enumerate(range(len(holdings(view, draft.to)))) if k < room]
    return TradeBuilderLayout(seats, give, get, slider, offer)


def paint_trade_builder(surf: pygame.Surface, rect: pygame.Rect, text: Text, art: CardArt, view: dict[str, Any],
                        me: int, draft: TradeDraft, targets: Sequence[int], names: Sequence[str], problem: str | None,
                        hover: tuple[Any, ...] | None, u: float) -> None:
    """The offer builder: the other seat, items each way (click to pick), credits one way, and what's wrong."""
    overlay_panel(surf, rect, u)
    pad = int(14 * u)
    lay = trade_builder_layout(rect, view, me, draft, targets, u)
    section_head(surf, text, rect.inflate(-pad, -pad // 2), "OFFER A TRADE",
                 "a seat, then items each way and credits; Send", u)
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
    other = names[draft.to] if draft.to is not None else "they"
    text.blit(surf, f"{other.upper()} GIVE{'S' if draft.to is not None else ''}", int(13 * u), theme.AMBER, "bold",
              topleft=(rect.x + 2 * pad + col_w, head_y))
    if draft.to is None:  # wrapped to its column: the first thing to do must be read in full
        y = head_y + int(24 * u)
        for line in text.wrap("Choose who to trade with: click a name above or press its number.", int(14 * u),
                              col_w):
            r = text.blit(surf, line, int(14 * u), theme.TEXT_DIM, topleft=(rect.x + 2 * pad + col_w, y))
            y = r.bottom
    paint_offer_cards(surf, lay.offer, text, art, view, me, draft, names, u)
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
            blit_glyph(surf, text.res, "tick" if on else "hollow", (r.x + r.h // 2, r.centery), int(r.h * 0.6),
                       GOOD_TICK if on else theme.TEXT_FAINT)
            st = style_of(art.content, card)
            blit_glyph(surf, text.res, st.glyph, (r.x + int(r.h * 1.4), r.centery), int(r.h * 0.55), st.colour)
            val = "box" if card in art.content.containers else f"{art.value(card):,}"
            vr = text.blit(surf, val, int(13 * u), theme.TEXT_DIM, midright=(r.right - int(6 * u), r.centery))
            text.blit(surf, text.fit(art.name(card), int(14 * u), vr.left - r.x - int(r.h * 2) - 8), int(14 * u),
                      theme.CREAM, midleft=(r.x + int(r.h * 2), r.centery))
    # credits, one way
    s = lay.slider
    c = draft.credits
    label = "no credits" if c == 0 else (f"you pay {c:,}" if c > 0 else
                                         f"{other} {'pays' if draft.to is not None else 'pay'} {-c:,}")
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
    pays = "pays" if draft.to is not None else "pay"  # "Grell pays", but "they pay" before a seat is chosen
    text.blit(surf, f"{other} {pays}", int(11 * u), theme.TEXT_DIM, topleft=(s.x, s.bottom + int(3 * u)))
    text.blit(surf, "you pay", int(11 * u), theme.TEXT_DIM, topright=(s.right, s.bottom + int(3 * u)))
    if problem:
        text.blit(surf, text.fit(problem[:1].upper() + problem[1:], int(13 * u), rect.w - 2 * pad), int(13 * u),
                  theme.BAD, midbottom=(rect.centerx, rect.bottom - int(4 * u)))


def paint_offer_cards(surf: pygame.Surface, r: pygame.Rect, text: Text, art: CardArt, view: dict[str, Any],
                      me: int, draft: TradeDraft, names: Sequence[str], u: float) -> None:
    """The offer as it stands, both sides as cards: what you hand over on the left, what you get on the right,
    the credits with the side that pays them."""
    panel(surf, r, (24, 22, 20), theme.BRASS_DARK, radius=int(8 * u), alpha=230, width=1)
    other = names[draft.to] if draft.to is not None else "they"
    half = r.w // 2
    mh = r.h - int(22 * u)
    mini = (int(mh * 0.76), mh)
    gap = int(4 * u)
    sides = ((r.x, "YOU GIVE", [holdings(view, me)[i] for i in sorted(draft.give)], max(0, draft.credits)),
             (r.x + half, f"{other.upper()} GIVE{'S' if draft.to is not None else ''}",
              [holdings(view, draft.to)[i] for i in sorted(draft.get)] if draft.to is not None else [],
              max(0, -draft.credits)))
    for x0, title, cards, credits in sides:
        text.blit(surf, title, int(11 * u), theme.TEXT_DIM, "bold", topleft=(x0 + int(8 * u), r.y + int(3 * u)))
        line = pygame.Rect(x0 + int(8 * u), r.y + int(18 * u), half - int(16 * u), mh)
        slots, more = flow_minis(line, len(cards), mini, gap)
        for card, slot in zip(cards, slots, strict=False):
            surf.blit(art.mini(card, slot.size), slot)
        end = slots[-1].right + gap if slots else line.x
        words = ([f"+{more}"] if more else []) + ([f"{credits:,} credits"] if credits else [])
        if not cards and not credits:
            words = ["nothing yet"]
        if words:
            text.blit(surf, text.fit(" + ".join(words) if not cards else "+ " + " + ".join(words), int(13 * u),
                                     line.right - end, "bold"), int(13 * u),
                      theme.CREAM if cards or credits else theme.TEXT_FAINT, "bold", midleft=(end, line.centery))
    pygame.draw.line(surf, theme.BRASS_DARK, (r.x + half, r.y + int(6 * u)), (r.x + half, r.bottom - int(6 * u)), 1)


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




class TradeBuilderMixin:
    """The table's side of the trade builder (mixed into :class:`BetterHintaroTable`)."""

    # ------------------------------------------------------------------ trades (the offer builder)
    def trade_targets(self) -> list[int]:
        v = self.shown
        alive = v.get("alive") or [True] * self.n
        done = set(v.get("turn_offers") or [])
        return [t for t in range(self.n) if t != self.eyes and alive[t] and t not in done]

    def can_trade(self) -> bool:
        return (self.my_business_turn() and len(self.shown.get("turn_offers") or []) < 3
                and bool(self.trade_targets()))

    def open_trade(self) -> None:
        if not self.can_trade() or self.eyes is None:
            return
        draft = TradeDraft()
        targets = self.trade_targets()
        sel = self.sel
        if sel is not None and sel[0] == "held":
            if sel[1] == self.eyes:
                draft.give.add(sel[2])
            elif sel[1] in targets:
                draft.to = sel[1]
                draft.get.add(sel[2])
        if draft.to is None and len(targets) == 1:
            draft.to = targets[0]
        self.draft = draft
        self.builder_focus = None
        self.sel = None
        self.rebuild_actions()

    def close_trade(self) -> None:
        self.draft = None
        self.builder_focus = None
        self.dragging_credits = False
        self.rebuild_actions()

    def offer_action(self) -> Action | None:
        if self.draft is None or self.eyes is None:
            return None
        return self.draft.action(self.shown, self.eyes)

    def offer_problem(self) -> str | None:
        if self.draft is None:
            return None
        if self.draft.to is None:
            return "choose who to trade with"
        act = self.offer_action()
        return self.state.check(act) if act is not None else "nothing to offer"

    def send_offer(self) -> None:
        act = self.offer_action()
        if act is None or self.offer_problem() is not None:
            return
        self.draft = None
        self.act(act)

    def _builder_layout(self) -> TradeBuilderLayout | None:
        if self.draft is None or self.eyes is None:
            return None
        return trade_builder_layout(self.board_layout().overlay, self.shown, self.eyes, self.draft,
                                       self.trade_targets(), self.u)

    def _set_credits(self, value: int) -> None:
        if self.draft is None or self.eyes is None:
            return
        lo, hi = credit_bounds(self.shown, self.eyes, self.draft)
        self.draft.credits = max(lo, min(hi, int(value)))
        self.rebuild_actions()

    def _handle_builder(self, ev: Any) -> bool:
        """Clicks, drags and keys inside the offer builder; True if it took the input."""
        draft, lay = self.draft, self._builder_layout()
        if draft is None or lay is None or self.eyes is None:
            return False
        u = self.u
        if ev.kind == "key" and ev.action == "back":
            self.close_trade()
            return True
        if ev.kind == "move" and self.dragging_credits:
            lo, hi = credit_bounds(self.shown, self.eyes, draft)
            self._set_credits(slider_value(lay.slider, ev.pos[0], lo, hi))
            return False
        if ev.kind == "up" and self.dragging_credits:
            self.dragging_credits = False
            return True
        if ev.kind == "down" and ev.button == 1:
            for t, r in lay.seats:
                if r.collidepoint(ev.pos):
                    if draft.to != t:
                        draft.to, draft.get = t, set()
                        self.builder_focus = None
                        self._set_credits(draft.credits)
                    return True
            for rows, picked in ((lay.give, draft.give), (lay.get, draft.get)):
                for i, r in rows:
                    if r.collidepoint(ev.pos):
                        picked.symmetric_difference_update({i})
                        self.rebuild_actions()
                        return True
            if lay.slider.inflate(int(20 * u), int(24 * u)).collidepoint(ev.pos):
                lo, hi = credit_bounds(self.shown, self.eyes, draft)
                self.dragging_credits = True
                self._set_credits(slider_value(lay.slider, ev.pos[0], lo, hi))
                return True
            return self.board_layout().overlay.collidepoint(ev.pos)
        if ev.kind == "wheel" and self.board_layout().overlay.collidepoint(ev.pos):
            self._set_credits(draft.credits + 10 * ev.wheel)
            return True
        if ev.kind == "key":
            targets = self.trade_targets()
            if pygame.K_1 <= ev.key <= pygame.K_9 and ev.key - pygame.K_1 < len(targets):
                t = targets[ev.key - pygame.K_1]
                if draft.to != t:
                    draft.to, draft.get = t, set()
                    self.builder_focus = None
                    self._set_credits(draft.credits)
                return True
            rows = [("give", i) for i, _ in lay.give] + [("get", i) for i, _ in lay.get]
            if ev.action in ("up", "down") and rows:
                cur = rows.index(self.builder_focus) if self.builder_focus in rows else -1
                self.builder_focus = rows[(cur + (1 if ev.action == "down" else -1)) % len(rows)]
                return True
            if ev.action == "skip" and self.builder_focus in rows:
                side, i = self.builder_focus
                (draft.give if side == "give" else draft.get).symmetric_difference_update({i})
                self.rebuild_actions()
                return True
            steps = {"more": 10, "less": -10, "page_up": 100, "page_down": -100, "right": 10, "left": -10}
            if ev.action in steps:
                self._set_credits(draft.credits + steps[ev.action])
                return True
        return False
