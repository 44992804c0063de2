"""The Better Hintaro table: the Hintaro dice round, then a business stage of shop, bounties, auctions and trades.

It is the Hintaro table (dice, the Hintaro die's cancellation strike, chips, seats) with the variant's
differences on top, and a second face for the business stage:

* **The dice round** (``table`` mode) is drawn exactly as on the Hintaro table. Added: the bet cap and "the
  Hintaron passes right" printed under the Hintaro die, item cards in the pot, a tray of the player's own
  items (bottom left) to bet at face value with a call or raise (or stake in the High Stakes round), a star
  for each seat's completed bounties, and the shootout panel.
* **The business stage** (``board`` mode): the table dims and a market board lies over it. A column of
  seats in business order (each with its items as mini cards and its bounties), the Shop's Newest and Oldest
  rows as item cards, the three bounties on offer (ticked for the seat whose turn it is), the discard pile
  and the pot. Auctions and trades open panels over the Shop. "Market" (M) shows the board during the dice
  round too.

A person picks a card (click, or ←/→) and then a verb in the action bar; every verb is a button with a key
and a tooltip, enabled only when the engine says the move is legal (its refusal is the tooltip otherwise).
Nothing here decides a rule: legality always comes from ``state.check``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import pygame

from game.engine.better_hintaro.content import load_content
from game.engine.core import Action, Event, seats_from
from game.ui import theme
from game.ui.anim import Anim, Beat
from game.ui.draw import panel
from game.ui.refusals import refusal_words
from game.ui.tables import better_hintaro_panels as bp
from game.ui.tables.base import ActionSpec, Item
from game.ui.tables.hintaro import HintaroTable
from game.ui.tween import ease_in_out_cubic, lerp_point
from game.ui.widgets import Button, Slider

#: phases drawn as the market board
BOARD_PHASES = frozenset({"business", "auction", "trade"})
SIGNS = ("rock", "paper", "scissors")
#: a shown selection: ("shop", row, card) / ("bounty", bounty) / ("discard", card) / ("held", seat, index, card)
Selection = tuple[Any, ...]


@dataclass
class UISpec(ActionSpec):
    """A bar button that changes what the table shows (opens the trade builder) instead of acting."""

    callback: Callable[[], None] | None = None


class CardFlight(Anim):
    """A card sliding from one place to another (bought, sold, dealt into the Shop, won from the pot)."""

    def __init__(self, img: pygame.Surface, src: tuple[float, float], dst: tuple[float, float], duration: float,
                 delay: float = 0.0, covers: frozenset[tuple[Any, ...]] = frozenset()) -> None:
        super().__init__(duration, delay)
        self.img, self.src, self.dst = img, src, dst
        self.covers = covers

    def _rect(self) -> pygame.Rect:
        x, y = lerp_point(self.src, self.dst, ease_in_out_cubic(self.progress))
        return self.img.get_rect(center=(int(x), int(y)))

    def bounds(self) -> pygame.Rect | None:
        return None if self.t < self.delay else self._rect()

    def draw(self, surf: pygame.Surface) -> None:
        if self.t >= self.delay:
            surf.blit(self.img, self._rect())


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


class BetterHintaroTable(HintaroTable):
    PHASES: ClassVar[dict[str, str]] = {
        "stake": "High Stakes: stake an item", "wager": "Wager round", "call": "Calls: no more raises",
        "reroll": "Rerolls", "challenge": "Shootout: draw on a winner?", "duel": "Shootout: pick a sign",
        "business": "Business stage", "auction": "Auction", "trade": "Trade offer",
        "tiebreak": "Tie-break shootout", "over": "", "end": "", "between": "",
    }

    def setup(self) -> None:
        """Better Hintaro's own fields (the base table calls this before its first hook)."""
        super().setup()
        self.content = load_content()
        self.art = bp.CardArt(self.app.text, self.content)
        self.mode = "table"
        self.peek = False
        self.sel: Selection | None = None
        self.bet_pick: list[int] = []  # indices into the eyes' items picked for a bet or stake
        self.draft: bp.TradeDraft | None = None
        self.dragging_credits = False
        self.builder_focus: tuple[str, int] | None = None  # the builder row ↑/↓ points at (Space picks it)
        self.shootout_signs: tuple[list[int], list[str]] | None = None  # the last shootout's signs, once shown
        self.pass_back = False  # a trade was answered: the device goes back to the seat that offered
        self._board_cache: tuple[Any, bp.BoardLayout] | None = None
        self._board_bg: pygame.Surface | None = None
        self._panels: dict[str, tuple[Any, pygame.Surface]] = {}
        self._hits: list[bp.Hit] | None = None
        self._legal: list[Action] = []
        self.before: dict[str, Any] = {}  # the view just before the event last folded in
        self.market_button = Button("Market", self.toggle_peek, key=pygame.K_m, key_label="M",
                                    tooltip="Look at the Shop, the bounties and everyone's items (M to go back)")

    # ------------------------------------------------------------------ modes and layout
    def wanted_mode(self) -> str:
        phase = self.shown.get("phase")
        if phase in BOARD_PHASES or (self.peek and phase not in ("over", "end")):
            return "board"
        return "table"

    def toggle_peek(self) -> None:
        if self.shown.get("phase") in BOARD_PHASES:
            return
        self.peek = not self.peek
        self._check_mode()

    def _check_mode(self) -> None:
        if self.wanted_mode() != self.mode:
            self.layout(self.size)

    def layout(self, size: tuple[int, int]) -> None:
        keep = (self._bg, self._bg_dim) if getattr(self, "_bg", None) is not None and size == self.size else None
        self.mode = self.wanted_mode()
        self._hits = None
        super().layout(size)
        if keep is not None:  # the room only depends on the window size: keep it across mode switches
            self._bg, self._bg_dim = keep
        u = self.u
        self.market_button.label = "Dice table" if self.peek else "Market"
        self.market_button.rect = pygame.Rect(0, 0, int(150 * u), self.top_h - int(10 * u))
        self.market_button.rect.topright = (self.menu_button.rect.x - int(10 * u), int(5 * u))
        self._last = None

    def board_layout(self) -> bp.BoardLayout:
        """The market board for the current Hintaron (seats listed in business order, from its right)."""
        dealer = int(self.shown.get("dealer", 0) or 0)
        order = tuple(seats_from(dealer - 1, self.n, -1))
        eyes = self.eyes if self.session.is_human(self.eyes) else None
        key = (tuple(self.area), self.u, order, eyes)
        if self._board_cache is None or self._board_cache[0] != key:
            self._board_cache = (key, bp.board_layout(self.area, self.u, order, self.art, eyes))
        return self._board_cache[1]

    def seat_geometry(self, seat: int) -> dict[str, Any]:
        if self.mode != "board":
            return super().seat_geometry(seat)
        plate = self.board_layout().plates[seat].copy()
        return {"plate": plate, "in": (1.0, 0.0), "ext": plate.w / 2, "angle": 0.0}

    def background(self) -> pygame.Surface:
        """The room, or in the market the room dimmed. Only one of the two is kept (each is a window-sized
        surface, 8 MB at 1080p): the dimmed one is made by dimming the room in place, and the room is drawn
        again (≈ 11 ms, once per switch) when the dice table comes back."""
        if self.mode != "board":
            self._board_bg = None
            return super().background()
        if self._board_bg is None or self._board_bg.get_size() != self.size:
            bg = super().background()
            dim = pygame.Surface(self.area.size, pygame.SRCALPHA)
            dim.fill((6, 7, 10, 170))
            bg.blit(dim, self.area)
            self._board_bg = bg
            self._bg = self._bg_dim = None  # the room itself is gone: redrawn when the dice table returns
        return self._board_bg

    def update(self, dt: float) -> None:
        super().update(dt)
        self._check_mode()

    def on_beat_started(self, beat: Beat) -> None:
        self._hits = None

    def on_beat_ended(self) -> None:
        self._hits = None

    # ------------------------------------------------------------------ who is who
    def _name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < self.n else "?"

    def _holdings(self, seat: int | None) -> list[str]:
        return bp.holdings(self.shown, seat) if seat is not None else []

    def _my_items(self) -> list[str]:
        items = self.shown.get("items") or []
        return list(items[self.eyes]) if self.eyes is not None and self.eyes < len(items) else []

    def _picked_items(self) -> list[str]:
        mine = self._my_items()
        return [mine[i] for i in self.bet_pick if i < len(mine)]

    def _focus_seat(self) -> int | None:
        """Whose holdings the bounty cards are ticked for: the seat whose turn it is (else the eyes)."""
        cur = self.shown.get("current_seat")
        return cur if isinstance(cur, int) else self.eyes

    def my_business_turn(self) -> bool:
        return self.my_turn() and self.shown.get("phase") == "business"

    def needs_curtain(self, seat: int) -> bool:
        """As for every table, plus: a trade is answered in private, and the answer goes back in private."""
        if super().needs_curtain(seat):
            return True
        if not self.session.is_human(seat) or seat == self.eyes or len(self.session.humans) < 2:
            return False
        return self.shown.get("phase") == "trade" or self.pass_back

    def set_eyes(self, seat: int | None) -> None:
        self.pass_back = False
        if seat != self.eyes:
            self.sel = None
            self.bet_pick = []
            self.draft = None
        super().set_eyes(seat)

    def drive_turn(self) -> None:
        if self.state.current_seat == self.eyes:
            self.pass_back = False
        super().drive_turn()

    def on_session_over(self) -> None:
        self.app.push(bp.VictoryScene(self.app, self))

    # ------------------------------------------------------------------ UI state that follows the game
    def _tidy(self) -> None:
        """Forget picks that no longer make sense (the card went, the phase moved on, the turn passed)."""
        v = self.shown
        phase = v.get("phase")
        if self.draft is not None and not self.my_business_turn():
            self.draft = None
            self.dragging_credits = False
        mine = self._my_items()
        if phase not in ("wager", "call", "stake"):
            self.bet_pick = []
        self.bet_pick = [i for i in self.bet_pick if i < len(mine)]
        if self.sel is not None and not self._sel_valid(self.sel):
            self.sel = None

    def _sel_valid(self, sel: Selection) -> bool:
        v = self.shown
        kind = sel[0]
        if kind == "shop":
            return sel[2] in (v.get("shop") or {}).get(sel[1], [])
        if kind == "bounty":
            return sel[1] in (v.get("bounty_offer") or [])
        if kind == "discard":
            return sel[1] in (v.get("discard") or [])
        if kind == "held":
            cards = self._holdings(sel[1])
            return sel[2] < len(cards) and cards[sel[2]] == sel[3]
        return False

    def rebuild_actions(self) -> None:
        self._tidy()
        self._hits = None
        self._legal = self.state.legal_actions() if self.my_turn() else []
        super().rebuild_actions()
        self._fit_raise_slider()

    def _fit_raise_slider(self) -> None:
        """With items picked, a raise may reach the cap even past the seat's credits: widen the slider."""
        if not (self.my_turn() and self.shown.get("phase") == "wager" and self.bet_pick):
            return
        v = self.shown
        lo = int(v.get("min_bet", 1) or 1)
        hi = int(v.get("wager_cap", 0) or 0) - int(v.get("current_bet", 0) or 0)
        if hi < lo:
            return
        if self.slider is None or self.slider_kind != "raise":
            self.slider = Slider(lo, hi, lo, max(1, lo))
            self.slider_kind = "raise"
        else:
            self.slider.hi = max(self.slider.hi, hi)
        self._layout_bar()

    # ------------------------------------------------------------------ hits (cards under the pointer)
    def hits(self) -> list[bp.Hit]:
        """Every card on screen that can be clicked or hovered, with its tooltip."""
        if self._hits is None:
            self._hits = self._board_hits() if self.mode == "board" else self._table_hits()
        return self._hits

    def hit_at(self, pos: tuple[int, int]) -> bp.Hit | None:
        for h in self.hits():
            if h.rect.collidepoint(pos):
                return h
        return None

    def _card_tip(self, card: str, verb: str = "") -> str:
        return self.art.describe(card) + (f" · {verb}" if verb else "")

    def _board_hits(self) -> list[bp.Hit]:
        b = self.board_layout()
        v = self.shown
        out: list[bp.Hit] = []
        overlay = self._overlay_kind()
        if overlay is None:
            shop = v.get("shop") or {}
            for row, slots in (("newest", b.newest), ("oldest", b.oldest)):
                cards = shop.get(row, [])
                for i, r in enumerate(slots[:len(cards)]):
                    out.append(bp.Hit(r, "shop", (row, i), self._card_tip(cards[i], "click, then Buy (B)")))
            offer = v.get("bounty_offer") or []
            for i, r in enumerate(b.bounty_slots[:len(offer)]):
                bounty = self.content.bounties[offer[i]]
                out.append(bp.Hit(r, "bounty", (i,), f"{bounty.name}: {bounty.text or 'a bounty'} · click, then "
                                                      "Take (T)"))
        discard = v.get("discard") or []
        slots, _ = bp.discard_slots(b, len(discard))
        for i, r in enumerate(slots):
            out.append(bp.Hit(r, "discard", (i,), self._card_tip(discard[i], "click, then Auction (A)")))
        pot = v.get("pot_items") or []
        for i, r in enumerate(bp.pot_slots(b, len(pot))):
            out.append(bp.Hit(r, "pot", (i,), self._card_tip(pot[i], "in the pot")))
        for seat in range(self.n):
            cards = self._holdings(seat)
            rs = self._row_slots(seat)
            verb = "yours: click, then Sell (S) or Trade (O)" if seat == self.eyes else \
                f"{self._name(seat)}'s: click, then Trade (O) to ask for it"
            for i, r in enumerate(rs.minis):
                out.append(bp.Hit(r, "held", (seat, i), self._card_tip(cards[i], verb)))
            held = self._holdings(seat)
            for r, bid, done in rs.pills:
                bounty = self.content.bounties[bid]
                if done:
                    tip = f"{bounty.name}: completed by {self._name(seat)}"
                else:
                    needs = self.art.bounty_needs(bid, held)
                    missing = [self.art.name(c) for c, ok in needs if not ok]
                    tip = f"{bounty.name}: still needs " + (", ".join(missing) if missing else "nothing")
                out.append(bp.Hit(r, "pill", (seat, bid), tip))
        return out

    def tray_rect(self) -> pygame.Rect | None:
        """The eyes' own items, bottom left of the dice table (to bet or stake them)."""
        if self.eyes is None or not self.session.is_human(self.eyes):
            return None
        if not self._holdings(self.eyes):
            return None
        u = self.u
        plate = self.seat_geo[self.eyes]["plate"]
        x0 = self.area.x + int(10 * u)
        x1 = plate.x - int(28 * u)
        h = int(66 * u)
        if x1 - x0 < int(120 * u):
            return None
        return pygame.Rect(x0, self.area.bottom - h - int(4 * u), x1 - x0, h)

    def _tray_slots(self) -> list[pygame.Rect]:
        r = self.tray_rect()
        if r is None:
            return []
        u = self.u
        line = pygame.Rect(r.x + int(8 * u), r.y + int(20 * u), r.w - int(16 * u), r.h - int(24 * u))
        mh = line.h
        slots, _ = bp.flow_minis(line, len(self._holdings(self.eyes)), (int(mh * 0.76), mh), int(4 * u))
        return slots

    def _pot_item_slots(self) -> list[pygame.Rect]:
        cards = self.shown.get("pot_items") or []
        if not cards:
            return []
        u = self.u
        _, _, box = self._pot_layout()
        mh = int(34 * u)
        mw = int(mh * 0.76)
        x = box.right + int(8 * u)
        return [pygame.Rect(x + i * (mw + int(3 * u)), box.bottom - mh, mw, mh) for i in range(min(len(cards), 8))]

    def _table_hits(self) -> list[bp.Hit]:
        out: list[bp.Hit] = []
        cards = self._holdings(self.eyes)
        phase = self.shown.get("phase")
        verb = {"wager": "click or press its number to add it to your call or raise",
                "call": "click or press its number to pay your call with it",
                "stake": "click or press its number to pick it as your stake"}.get(str(phase), "yours")
        for i, r in enumerate(self._tray_slots()):
            card = cards[i]
            tip = self._card_tip(card, verb if card in self.content.items else "a container cannot be bet")
            out.append(bp.Hit(r, "tray", (i,), tip))
        pot = self.shown.get("pot_items") or []
        for i, r in enumerate(self._pot_item_slots()):
            out.append(bp.Hit(r, "pot", (i,), self._card_tip(pot[i], "in the pot: the main pot's sole winner "
                                                                         "takes it")))
        return out

    # ------------------------------------------------------------------ selection
    def _selection_of(self, hit: bp.Hit) -> Selection | None:
        v = self.shown
        if hit.kind == "shop":
            row, i = hit.key
            return ("shop", row, (v.get("shop") or {}).get(row, [])[i])
        if hit.kind == "bounty":
            return ("bounty", (v.get("bounty_offer") or [])[hit.key[0]])
        if hit.kind == "discard":
            return ("discard", (v.get("discard") or [])[hit.key[0]])
        if hit.kind == "held":
            seat, i = hit.key
            return ("held", seat, i, self._holdings(seat)[i])
        return None

    def select(self, sel: Selection | None) -> None:
        self.sel = None if sel == self.sel else sel
        self.rebuild_actions()

    def _selectables(self) -> list[Selection]:
        """What ←/→ step through on a business turn: the Shop, the bounties, our items, the discard pile."""
        v = self.shown
        out: list[Selection] = []
        if self._overlay_kind() is None:
            shop = v.get("shop") or {}
            for row in ("newest", "oldest"):
                out += [("shop", row, c) for c in shop.get(row, [])]
            out += [("bounty", bid) for bid in v.get("bounty_offer") or []]
        if self.eyes is not None:
            out += [("held", self.eyes, i, c) for i, c in enumerate(self._holdings(self.eyes))]
        out += [("discard", c) for c in sorted(set(v.get("discard") or []))]
        return out

    def _step_selection(self, step: int) -> None:
        opts = self._selectables()
        if not opts:
            return
        i = opts.index(self.sel) if self.sel in opts else (-1 if step > 0 else 0)
        self.sel = opts[(i + step) % len(opts)]
        self.rebuild_actions()

    def _toggle_pick(self, i: int) -> None:
        mine = self._my_items()
        if i >= len(mine) or not self.my_turn():
            return
        if self.shown.get("phase") == "stake":
            self.bet_pick = [] if self.bet_pick == [i] else [i]
        elif i in self.bet_pick:
            self.bet_pick.remove(i)
        else:
            self.bet_pick.append(i)
        self.rebuild_actions()

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
        draft = bp.TradeDraft()
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

    def _builder_layout(self) -> bp.TradeBuilderLayout | None:
        if self.draft is None or self.eyes is None:
            return None
        return bp.trade_builder_layout(self.board_layout().overlay, self.shown, self.eyes, self.draft,
                                       self.trade_targets(), self.u)

    def _set_credits(self, value: int) -> None:
        if self.draft is None or self.eyes is None:
            return
        lo, hi = bp.credit_bounds(self.shown, self.eyes, self.draft)
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
            lo, hi = bp.credit_bounds(self.shown, self.eyes, draft)
            self._set_credits(bp.slider_value(lay.slider, ev.pos[0], lo, hi))
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
                lo, hi = bp.credit_bounds(self.shown, self.eyes, draft)
                self.dragging_credits = True
                self._set_credits(bp.slider_value(lay.slider, ev.pos[0], lo, hi))
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

    # ------------------------------------------------------------------ input
    def handle(self, ev: Any) -> None:
        if self._market_visible() and ev.kind != "move" and self.market_button.handle(ev):
            return
        if ev.kind == "move":
            self.market_button.handle(ev)
            self._handle_builder(ev)
            super().handle(ev)
            return
        if self._handle_builder(ev):
            return
        if ev.kind == "down" and ev.button == 1:
            hit = self.hit_at(ev.pos)
            if hit is not None and self._click(hit):
                return
        if ev.kind == "key" and self._key(ev):
            return
        super().handle(ev)

    def _click(self, hit: bp.Hit) -> bool:
        if hit.kind == "tray":
            card = self._holdings(self.eyes)[hit.key[0]]
            if card in self.content.items and self.shown.get("phase") in ("wager", "call", "stake"):
                self._toggle_pick(hit.key[0])
            return True
        sel = self._selection_of(hit)
        if sel is None:
            return False
        self.select(sel)
        return True

    def _key(self, ev: Any) -> bool:
        phase = self.shown.get("phase")
        if self.mode == "board" and self.draft is None and ev.action in ("left", "right", "next"):
            self._step_selection(-1 if ev.action == "left" else 1)
            return True
        if self.mode == "table" and phase in ("wager", "call", "stake") and pygame.K_1 <= ev.key <= pygame.K_9:
            i = ev.key - pygame.K_1
            mine = self._my_items()
            if i < len(mine) and self.my_turn():
                self._toggle_pick(i)
                return True
        return False

    def _market_visible(self) -> bool:
        return self.shown.get("phase") not in BOARD_PHASES and self.shown.get("phase") not in ("over", "end")

    # ------------------------------------------------------------------ the action bar
    def _ok(self, action: Action) -> str | None:
        """None if the eyes may do ``action`` now; else why not, in the table's words."""
        wait = self.wait_words()
        if wait is not None:
            return wait
        why = self.state.check(action)
        return self.refusal(why) if why else None

    def refusal(self, reason: Any) -> str:
        """A refusal in the players' words, from its code and params (never by reading the engine's English):
        card ids become their names, seats their names ("you" for the eyes)."""
        code = getattr(reason, "code", "")
        p: dict[str, Any] = dict(getattr(reason, "params", {}))
        c = self.content

        def seat(i: Any, you: str = "you") -> str:
            if i == self.eyes:
                return you
            return self.names[i] if isinstance(i, int) and 0 <= i < self.n else "that seat"

        def card(key: Any) -> str:
            if isinstance(key, str) and key in c.bounties:
                return c.bounties[key].name
            return f"the {c.name(key)}" if isinstance(key, str) else "that card"

        def cards(keys: Any) -> str:
            return bp.offer_side([k for k in keys or () if isinstance(k, str)], 0, c)

        holds = "hold" if p.get("seat") == self.eyes else "holds"
        words: dict[str, Callable[[], str]] = {
            "not_held": lambda: f"{_cap(seat(p.get('seat')))} {'do' if holds == 'hold' else 'does'} not hold "
                                f"{cards(p.get('items'))}.",
            "short_of_credits": lambda: f"That needs {p.get('need', 0):,} credits; {seat(p.get('seat'))} {holds} "
                                        f"{p.get('stack', 0):,}.",
            "not_an_item": lambda: f"{_cap(card(p.get('item')))} has no value: only items can be bet, sold or "
                                   "auctioned.",
            "not_in_row": lambda: f"The {p.get('row')} row has no {c.name(str(p.get('item')))}.",
            "not_in_discard": lambda: f"The discard pile has no {c.name(str(p.get('item')))}.",
            "not_on_offer": lambda: f"{card(p.get('bounty'))} is not on offer.",
            "seat_out": lambda: f"{_cap(seat(p.get('seat')))} is out of the game.",
            "already_offered": lambda: f"You have already made {seat(p.get('seat'))} an offer this turn.",
            "loan_not_needed": lambda: f"A loan is only for a seat short of {p.get('need', 0):,} credits.",
            "items_overshoot": lambda: f"Those items come to {p.get('total', 0):,} for a bet of {p.get('need', 0):,}:"
                                       " leave out the ones not needed.",
            "not_a_target": lambda: f"{_cap(seat(p.get('target')))} won nothing this round: only a winner can be "
                                    "challenged.",
            "can_call": lambda: ("Nothing to call: all-in is for a seat short of the bet." if p.get("to_call") == 0
                                 else "You can call: all-in is for a seat short of the bet."),
            "bad_trade_partner": lambda: "A trade goes to another seat at the table.",
        }
        if code in words:
            return words[code]()
        return refusal_words(self.state.game_id, code, p, self.names)

    def _spec(self, label: str, tip: str, key: int, key_label: str, action: Action | None, missing: str,
              primary: bool = False) -> ActionSpec:
        """A button for ``action``: enabled only when it is legal; its tooltip says why not otherwise."""
        if action is None:
            return ActionSpec(label, missing, key, key_label, enabled=False, primary=primary)
        why = self._ok(action)
        return ActionSpec(label, tip if why is None else _cap(why), key, key_label, action=action,
                          enabled=why is None, primary=primary)

    def button_callback(self, spec: ActionSpec) -> Callable[[], None] | None:
        cb = getattr(spec, "callback", None)
        if cb is not None:
            return cb
        return super().button_callback(spec)

    def action_specs(self, view: dict[str, Any], legal: list[Action]) -> list[ActionSpec]:
        phase = view.get("phase")
        if phase == "business" and self.draft is not None:
            return self._builder_specs()
        if phase == "reroll":
            return self._reroll_specs(view, legal)
        if phase in ("wager", "call"):
            return self._bet_specs(view, legal)
        if phase == "stake":
            return self._stake_specs()
        if phase == "challenge":
            return self._challenge_specs(legal)
        if phase in ("duel", "tiebreak"):
            return self._sign_specs(legal)
        if phase == "buyback":
            return self._buyback_specs()
        if phase == "business":
            return self._business_specs(view)
        if phase == "auction":
            return self._auction_specs(view)
        if phase == "trade":
            return self._answer_specs(view)
        return []

    def _items_words(self, cards: list[str], need: int) -> str:
        """What betting ``cards`` against ``need`` does: how much counts and how much is lost."""
        total = sum(self.content.value(c) for c in cards)
        counts = min(total, max(0, need))
        names = bp.offer_side(cards, 0, self.content)
        lost = total - counts
        return f"pay with {names}: {counts:,} counts" + (f", {lost:,} is lost (no change given)" if lost else "")

    def _bet_specs(self, view: dict[str, Any], legal: list[Action]) -> list[ActionSpec]:
        kinds = {a.kind for a in legal}
        to_call = int(view.get("to_call", 0) or 0)
        picked = self._picked_items()
        stack = (view.get("stacks") or [0] * self.n)[self.eyes] if self.eyes is not None else 0
        call = Action("call", items=tuple(picked)) if picked and to_call else Action("call")
        if picked and to_call:
            label = f"Call {to_call:,} (items)"
            tip = _cap(self._items_words(picked, to_call))
        else:
            label = "Check" if to_call == 0 else f"Call {to_call:,}"
            tip = "Stay in without adding chips" if to_call == 0 else \
                f"Put in {to_call:,} to meet the bet of {view.get('current_bet', 0):,}"
            if picked and not to_call:
                tip += " (picked items go in only with a raise)"
        cap = int(view.get("cap", 0) or 0)
        raise_tip = (f"Raise the bet to the total on the button (set it with the slider; a seat may put in at "
                     f"most {cap:,} this round)")
        if picked:
            raise_tip += "; your picked items pay first"
        raise_ok = "raise" in kinds or (bool(picked) and view.get("phase") == "wager" and self.my_turn())
        specs = [
            self._spec("Drop", "Leave this round: what you put in stays in the pot", pygame.K_d, "D",
                       Action("drop"), ""),
            self._spec(label, tip, pygame.K_c, "C", call, "", primary=True),
            ActionSpec("Raise", raise_tip, pygame.K_r, "R", amount_kind="raise", enabled=raise_ok),
            self._spec("All-in", f"Put in every credit you hold ({stack:,}); side pots form", pygame.K_a, "A",
                       Action("allin"), ""),
        ]
        if view.get("options", {}).get("loans"):
            specs.append(self._spec("Loan", "Borrow 500 from the bank (once a round): it takes one of your "
                                    "bounties at random; repaid from your credits at the end", pygame.K_l, "L",
                                    Action("loan"), ""))
        return specs

    def act_amount(self, kind: str) -> None:
        if kind == "raise" and self.bet_pick and self.slider is not None and self.slider_kind == "raise":
            self.act(Action("raise", amount=self.slider.value, items=tuple(self._picked_items())))
            return
        super().act_amount(kind)

    def _stake_specs(self) -> list[ActionSpec]:
        picked = self._picked_items()
        act = Action("stake", item=picked[0]) if len(picked) == 1 else None
        tip = (f"Put the {self.art.name(picked[0])} in the pot: its value counts toward your bet, up to the cap"
               if picked else "")
        return [self._spec("Stake item", tip, pygame.K_s, "S", act,
                           "Pick one of your items (bottom left, or its number key) to stake", primary=True)]

    def _challenge_specs(self, legal: list[Action]) -> list[ActionSpec]:
        specs = [self._spec("Holster", "No shootout: the winners keep what they won", pygame.K_h, "H",
                            Action("pass"), "", primary=True)]
        for k, a in enumerate([a for a in legal if a.kind == "challenge"][:8]):
            who = self._name(a.target)
            specs.append(self._spec(f"Draw on {who}", f"Shoot it out with {who}: win and you take what "
                                    f"{who} won this round; lose and you are out of the game", pygame.K_1 + k,
                                    str(k + 1), a, ""))
        return specs

    def _buyback_specs(self) -> list[ActionSpec]:
        return [
            self._spec("Buy back in", "Borrow 500 from the bank and stay in the game: your credits and items go "
                       "to the Shop, the bank takes one of your bounties", pygame.K_l, "L", Action("loan"), "",
                       primary=True),
            self._spec("Leave the game", "Out for good: your credits and items go to the Shop", pygame.K_o, "O",
                       Action("pass"), ""),
        ]

    def _sign_specs(self, legal: list[Action]) -> list[ActionSpec]:
        keys = {"rock": (pygame.K_r, "R"), "paper": (pygame.K_p, "P"), "scissors": (pygame.K_s, "S")}
        beats = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
        return [self._spec(sign.capitalize(), f"Pick {sign} in secret ({sign} beats {beats[sign]}); the signs "
                           "show once everyone has picked", keys[sign][0], keys[sign][1],
                           Action("pick", sign=sign), "") for sign in SIGNS]

    def _business_specs(self, view: dict[str, Any]) -> list[ActionSpec]:
        sel = self.sel
        c = self.content
        buy = take = sell = auction = None
        if sel is not None:
            if sel[0] == "shop":
                buy = Action("buy", item=sel[2], row=sel[1])
            elif sel[0] == "bounty":
                take = Action("take", bounty=sel[1])
            elif sel[0] == "discard":
                auction = Action("auction", item=sel[1])
            elif sel[0] == "held" and sel[1] == self.eyes:
                sell = Action("sell", item=sel[3])
        buy_label = "Buy"
        sell_label = f"Sell {c.value(sell.item) // 2:,}" if sell is not None else "Sell"
        specs = [
            self._spec(buy_label, f"Buy the {self.art.name(buy.item)} for {c.value(buy.item):,} credits from the "
                       "bank (one purchase a round)" if buy is not None else "", pygame.K_b, "B", buy,
                       "Pick a Shop card first (click it, or ←/→)"),
            self._spec("Take", f"Take on {c.bounties[take.bounty].name}: it pays once you hold all its "
                       "items (one bounty a round, two open at most)" if take is not None else "", pygame.K_t, "T",
                       take, "Pick a bounty on offer first"),
            self._spec(sell_label, f"Sell the {self.art.name(sell.item)} to the bank for half its value"
                       if sell is not None else "", pygame.K_s, "S", sell, "Pick one of your own items first"),
            self._spec("Auction", f"Auction the {self.art.name(auction.item)} from the discard pile: bidding opens "
                       f"at half its value" if auction is not None else "", pygame.K_a, "A", auction,
                       "Pick a card in the discard pile first"),
            UISpec("Trade", "Offer another seat a trade: items and credits, binding once accepted (up to three "
                   "offers a turn)" if self.can_trade() else "No trade possible now (three offers a turn, one per "
                   "seat)", pygame.K_o, "O", enabled=self.can_trade(), callback=self.open_trade),
        ]
        if view.get("options", {}).get("loans"):
            specs.append(self._spec("Loan", "Borrow 500 from the bank: it takes one of your bounties at random; "
                                    "repaid at the end", pygame.K_l, "L", Action("loan"), ""))
        specs.append(self._spec("End turn", "Done with business: the next seat's turn", pygame.K_e, "E",
                                Action("pass"), "", primary=True))
        return specs

    def _builder_specs(self) -> list[ActionSpec]:
        problem = self.offer_problem()
        act = self.offer_action()
        tip = _cap(problem) if problem else f"Offer {self._name(self.draft.to if self.draft else None)}: " \
            f"{self._offer_words(act)}"
        return [
            UISpec("Send offer", tip, pygame.K_RETURN, "Enter", enabled=problem is None, primary=True,
                   callback=self.send_offer),
            UISpec("Cancel", "Close the offer without sending it", pygame.K_ESCAPE, "Esc", callback=self.close_trade),
        ]

    def _offer_words(self, act: Action | None) -> str:
        if act is None:
            return ""
        give = bp.offer_side(act.get("give", ()), act.get("give_credits", 0), self.content)
        get = bp.offer_side(act.get("get", ()), act.get("get_credits", 0), self.content)
        return f"you give {give}, you get {get}"

    def _auction_specs(self, view: dict[str, Any]) -> list[ActionSpec]:
        sel = self.sel
        sell = Action("sell", item=sel[3]) if sel is not None and sel[0] == "held" and sel[1] == self.eyes else None
        a = view.get("auction") or {}
        rng = self.state.amount_range("bid") if self.my_turn() else None
        floor = rng[0] if rng else (a.get("high", 0) + 100 if a.get("bidder", -1) >= 0 else a.get("ask", 0))
        return [
            self._spec("Pass", "Let this price go by (you may be asked again if the ask drops)"
                       if a.get("floor") is None or a.get("ask", 0) > a["floor"]
                       else "Let it go: the ask is at its floor, so if nobody bids the item stays unsold", pygame.K_p,
                       "P",
                       Action("pass"), "", primary=True),
            ActionSpec("Bid", f"Bid the slider's amount (at least {floor:,}); the winner pays the bank",
                       pygame.K_b, "B", amount_kind="bid", enabled=rng is not None),
            self._spec(f"Sell {self.content.value(sell.item) // 2:,}" if sell else "Sell",
                       "Sell one of your items to the bank for half its value, to raise credits for a bid"
                       if sell else "", pygame.K_s, "S", sell, "Pick one of your own items (left) to sell it"),
        ]

    def _answer_specs(self, view: dict[str, Any]) -> list[ActionSpec]:
        offer = view.get("offer") or {}
        words = ""
        if offer:
            words = (f"you give {bp.offer_side(offer.get('get', []), offer.get('get_credits', 0), self.content)}, "
                     f"you get {bp.offer_side(offer.get('give', []), offer.get('give_credits', 0), self.content)}")
        return [
            self._spec("Accept", _cap(words) + " (binding)" if words else "", pygame.K_a, "A", Action("accept"), "",
                       primary=True),
            self._spec("Decline", "Turn the offer down: nothing changes hands", pygame.K_d, "D", Action("decline"),
                       ""),
        ]

    def round_info(self) -> str:
        if self.shown.get("high_stakes"):
            return "High Stakes round"
        return super().round_info()

    def bar_sig(self) -> Any:
        self._refresh_raise_button()
        return (super().bar_sig(), self.bar_heading())

    def _refresh_raise_button(self) -> None:
        """With items picked, whether a raise is legal depends on its amount: ask the engine as the slider moves."""
        if not self.bet_pick or self.slider is None or self.slider_kind != "raise" or not self.my_turn():
            return
        act = Action("raise", amount=self.slider.value, items=tuple(self._picked_items()))
        why = self.state.check(act)
        for b, spec in zip(self.buttons, self.specs, strict=False):
            if spec.amount_kind == "raise":
                b.enabled = why is None
                b.tooltip = self.refusal(why) if why else (
                    f"Raise to {self.raise_to(self.slider.value):,}: " + self._items_words(
                        self._picked_items(), self.slider.value + int(self.shown.get("to_call", 0) or 0)))

    def bar_heading(self) -> str:
        v = self.shown
        phase = v.get("phase")
        if not self.my_turn():
            if phase == "trade" and v.get("offer") and self.synced:
                return f"{self._name(v['offer']['to'])} is weighing {self._name(v['offer']['from'])}'s offer…"
            return super().bar_heading()
        if self.draft is not None:
            return ("OFFER A TRADE: seat (1–9), items (click, or ↑/↓ and Space), credits (+/−), then Send offer "
                    "(Enter)")
        if phase in ("wager", "call"):
            me = self.eyes if self.eyes is not None else 0
            put = (v.get("contrib") or [0] * self.n)[me] + (v.get("item_credit") or [0] * self.n)[me]
            picked = self._picked_items()
            extra = f" · betting {len(picked)} item{'s' if len(picked) != 1 else ''}" if picked else \
                " · click your items (bottom left) to bet them at face value"
            return f"YOUR MOVE: you have {put:,} of your {v.get('cap', 0):,} cap in" + extra
        if phase == "stake":
            return "HIGH STAKES: pick one of your items (bottom left) and Stake it"
        if phase == "challenge":
            return "SHOOTOUT? Draw on a seat that won, or holster"
        if phase in ("duel", "tiebreak"):
            return "PICK A SIGN in secret: rock, paper or scissors"
        if phase == "buyback":
            return "YOU LOST THE SHOOTOUT: buy back in on a loan, or leave the game"
        if phase == "business":
            picked = self._selection_words()
            if picked:
                return f"YOUR BUSINESS TURN · {picked}"
            return "YOUR BUSINESS TURN: click a card (or ←/→), then a button · End turn (E) when done"
        if phase == "auction":
            return "YOUR BID: bid at least the ask, or pass"
        if phase == "trade":
            return f"{self._name((v.get('offer') or {}).get('from')).upper()} OFFERS YOU A TRADE: accept or decline"
        return super().bar_heading()

    def _selection_words(self) -> str:
        """The picked card and what can be done with it, for the bar's heading."""
        sel = self.sel
        if sel is None:
            return ""
        c = self.content
        if sel[0] == "shop":
            return f"{self.art.describe(sel[2])}, in the Shop: Buy (B)"
        if sel[0] == "bounty":
            b = c.bounties[sel[1]]
            return f"{b.name}: needs {len(b.needs)} items, pays {self.art.pays(sel[1])}: Take (T)"
        if sel[0] == "discard":
            return f"{self.art.describe(sel[1])}, in the discard pile: Auction (A)"
        if sel[0] == "held":
            card = sel[3]
            if sel[1] == self.eyes:
                sale = f"Sell (S) for {c.value(card) // 2:,}, or " if card in c.items else ""
                return f"your {self.art.describe(card)}: {sale}Trade (O)"
            return f"{self._name(sel[1])}'s {self.art.describe(card)}: Trade (O) to ask for it"
        return ""

    def status_line(self) -> str:
        v = self.shown
        if self.synced and not v.get("is_over"):
            seat = v.get("current_seat")
            phase = v.get("phase")
            mine = seat == self.eyes and self.session.is_human(seat)
            if phase == "trade" and v.get("offer"):
                o = v["offer"]
                return "Your turn · answer the trade offer" if mine else \
                    f"{self._name(o['to'])} answers {self._name(o['from'])}'s offer"
            if phase == "auction" and v.get("auction"):
                item = self.art.name(v["auction"]["item"])
                return f"Your bid · {item}" if mine else f"{self._name(seat)} to bid · auction of the {item}"
            if phase == "business":
                return "Your business turn" if mine else f"{self._name(seat)}'s business turn"
        return super().status_line()

    # ------------------------------------------------------------------ top bar: the market toggle
    def top_sig(self) -> Any:
        b = self.market_button
        return (super().top_sig(), self._market_visible(), b.label, b.hover, b.pressed)

    def draw_top(self, surf: pygame.Surface) -> None:
        super().draw_top(surf)
        if self._market_visible():
            self.market_button.draw(surf, self.text, int(15 * self.u))

    def tooltip(self) -> tuple[str, pygame.Rect] | None:
        tip = super().tooltip()
        if tip is not None:
            return tip
        if self._market_visible() and self.market_button.rect.collidepoint(self.hover_pos):
            return self.market_button.tooltip, self.market_button.rect
        if self.area.collidepoint(self.hover_pos):
            hit = self.hit_at(self.hover_pos)
            if hit is not None and hit.tip:
                return hit.tip, hit.rect
        return None

    # ------------------------------------------------------------------ seats
    def seat_out(self, seat: int) -> bool:
        alive = self.shown.get("alive") or [True] * self.n
        if seat < len(alive) and not alive[seat]:
            return True
        if self.mode == "board":
            return False
        return super().seat_out(seat)

    def seat_status(self, seat: int) -> str:
        alive = self.shown.get("alive") or [True] * self.n
        if seat < len(alive) and not alive[seat]:
            return "OUT OF GAME"
        if self.mode == "board":
            if self.is_turn(seat):
                return "TO ACT"
            if self.shown.get("phase") == "business" and seat not in (self.shown.get("to_act") or []):
                return "DONE"
            return ""
        return super().seat_status(seat)

    def _row_slots(self, seat: int) -> bp.RowSlots:
        v = self.shown
        active = (v.get("active_bounties") or [[]] * self.n)[seat]
        done = (v.get("completed_bounties") or [[]] * self.n)[seat]
        listed = seat == self.eyes and self.session.is_human(seat)
        return bp.row_slots(self.board_layout(), seat, len(self._holdings(seat)), active, done, self.text, self.art,
                            listed)

    def _card_states(self) -> dict[tuple[Any, ...], str]:
        """How each card on the board looks now: selected, under the pointer, or out of reach (dim)."""
        out: dict[tuple[Any, ...], str] = {}
        hover = self.hit_at(self.hover_pos) if self.area.collidepoint(self.hover_pos) else None
        if hover is not None:
            out[(hover.kind, *hover.key)] = "hover"
        if self.my_business_turn():
            buys = {(a.get("row"), a.get("item")) for a in self._legal if a.kind == "buy"}
            shop = self.shown.get("shop") or {}
            for row in ("newest", "oldest"):
                for i, card in enumerate(shop.get(row, [])):
                    if (row, card) not in buys:
                        out.setdefault(("shop", row, i), "dim")
        sel = self.sel
        if sel is not None:
            v = self.shown
            if sel[0] == "shop":
                row = (v.get("shop") or {}).get(sel[1], [])
                if sel[2] in row:
                    out[("shop", sel[1], row.index(sel[2]))] = "selected"
            elif sel[0] == "bounty" and sel[1] in (v.get("bounty_offer") or []):
                out[("bounty", v["bounty_offer"].index(sel[1]))] = "selected"
            elif sel[0] == "discard" and sel[1] in (v.get("discard") or []):
                out[("discard", v["discard"].index(sel[1]))] = "selected"
            elif sel[0] == "held":
                out[("held", sel[1], sel[2])] = "selected"
        for i in self.bet_pick:
            out[("tray", i)] = "picked"
        return out

    def pieces_rect(self, seat: int) -> pygame.Rect:
        if self.mode == "board":
            return self.board_layout().rows[seat].copy()
        return super().pieces_rect(seat)

    def pieces_sig(self, seat: int) -> Any:
        v = self.shown
        done = (v.get("completed_bounties") or [[]] * self.n)[seat]
        if self.mode != "board":
            return (super().pieces_sig(seat), len(done))
        states = {k: s for k, s in self._card_states().items() if k[0] == "held" and k[1] == seat}
        active = (v.get("active_bounties") or [[]] * self.n)[seat]
        return ("board", tuple(self._holdings(seat)), tuple(active), tuple(done), tuple(sorted(states.items())),
                self._row_flags(seat), self.seat_out(seat))

    def _row_flags(self, seat: int) -> str:
        v = self.shown
        if v.get("phase") not in BOARD_PHASES:
            return ""
        bits = []
        if (v.get("bought") or [False] * self.n)[seat]:
            bits.append("bought")
        if (v.get("took") or [False] * self.n)[seat]:
            bits.append("took a bounty")
        loans = (v.get("loans") or [0] * self.n)[seat]
        if loans:
            bits.append(f"owes {loans:,}")
        return " · ".join(bits)

    def seat_rect(self, seat: int) -> pygame.Rect:
        if self.mode != "board":
            return super().seat_rect(seat)
        r = self.board_layout().rows[seat].copy()
        plate = self.seat_geo[seat]["plate"]
        rad = int(11 * self.u)
        r.union_ip(pygame.Rect(plate.x - rad // 2 - rad - 1, plate.y + rad // 2 - rad - 1, 2 * rad + 2, 2 * rad + 2))
        tag = self.tags.get(seat)
        if tag:
            r.union_ip(self.tag_box(seat, tag[0]))
        return r

    def tag_box(self, seat: int, text: str) -> pygame.Rect:
        if self.mode != "board":
            return super().tag_box(seat, text)
        row = self.board_layout().rows[seat]
        img = self.text.render(text, int(14 * self.u), (24, 16, 6), "bold")
        box = img.get_rect().inflate(int(14 * self.u), int(6 * self.u))
        box.topright = (row.right - int(6 * self.u), row.y + int(4 * self.u))
        return box

    def draw_seat(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        if self.mode != "board":
            super().draw_seat(surf, seat, covered)
            return
        b = self.board_layout()
        row = b.rows[seat]
        sig = ("row", repr(self.pieces_sig(seat)), self.is_turn(seat), tuple(row))
        cards = self._holdings(seat)
        slots = self._row_slots(seat)
        states = self._card_states()
        held = self._holdings(seat)
        img = self._cached(f"row{seat}", sig, row, lambda s, o: bp.paint_row(
            s, o, b, seat, self.text, self.art, cards, slots, held, states, self.is_turn(seat), self.seat_out(seat),
            self._row_flags(seat)))
        surf.blit(img, row)
        plate = self.seat_geo[seat]["plate"]
        surf.blit(self._plate(seat), plate)
        if seat == self.shown.get("dealer"):
            self.draw_dealer_button(surf, plate)
        tag = self.tags.get(seat)
        if tag:
            self.draw_tag(surf, seat, tag[0], tag[1])

    def draw_seat_pieces(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        super().draw_seat_pieces(surf, seat, covered)
        done = len((self.shown.get("completed_bounties") or [[]] * self.n)[seat])
        if done:  # a gold star at the plate's lower left: completed bounties decide the game
            plate = self.seat_geo[seat]["plate"]
            rad = int(11 * self.u)
            c = (plate.x - rad // 2, plate.bottom - rad // 2)
            with self.regions.region(f"seat{seat}.plate"):  # a badge on the plate, as the dealer button
                pygame.draw.circle(surf, theme.AMBER, c, rad)
                pygame.draw.circle(surf, theme.BRASS_DARK, c, rad, 2)
                self.text.blit(surf, f"{done}", int(13 * self.u), (30, 20, 6), "bold", center=c)

    # ------------------------------------------------------------------ the middle of the dice table
    def centre_rect(self) -> pygame.Rect:
        r = super().centre_rect()
        wide = pygame.Rect(0, 0, max(r.w, int(420 * self.u)), r.h + int(22 * self.u))
        wide.midtop = r.midtop
        return wide

    def centre_sig(self) -> Any:
        v = self.shown
        return (super().centre_sig(), v.get("min_bet"), v.get("cap"), v.get("high_stakes"))

    def draw_centre(self, surf: pygame.Surface, covered: set[tuple[Any, ...]]) -> None:
        super().draw_centre(surf, covered)
        v = self.shown
        x, y = self.hintaro_pos()
        u = self.u
        rules = f"ANTE {v.get('min_bet', 0):,} · CAP {v.get('cap', 0):,} A SEAT · THE HINTARON PASSES RIGHT"
        if v.get("high_stakes"):
            rules = "HIGH STAKES ROUND · " + rules
        with self.regions.region("rules_line"):
            self.text.blit(surf, rules, int(12 * u), theme.CREAM, "bold", midtop=(int(x), int(y + self.big_die * 0.56
                                                                                             + 18 * u)))

    def pot_label(self) -> str:
        v = self.shown
        label = f"POT {int(v.get('pot', 0) or 0):,}"
        pots = v.get("pots") or []
        stacks = v.get("stacks") or []
        all_in = any(stacks[s] == 0 and not self.seat_out(s) for s in range(min(self.n, len(stacks))))
        if len(pots) > 1 and all_in:
            label += "  (" + " + ".join(f"{p.get('credits', 0):,}" for p in pots) + ")"
        carry = int(v.get("carry", 0) or 0)
        if carry:
            label += f"  incl. {carry:,} carried"
        return label

    def pot_sig(self) -> Any:
        return (super().pot_sig(), tuple(self.shown.get("pot_items") or []))

    def line_delta(self, before: dict[str, Any], seat: int) -> int:
        """Only the credits of a wager stand on the line as chips (the items bet fly to the pot as cards)."""
        after, was = self.shown.get("contrib") or [0] * self.n, before.get("contrib") or [0] * self.n
        return int(after[seat]) - int(was[seat])

    def pot_rect(self) -> pygame.Rect:
        r = super().pot_rect()
        for s in self._pot_item_slots():
            r = r.union(s)
        return r

    def draw_pot(self, surf: pygame.Surface) -> None:
        super().draw_pot(surf)
        cards = self.shown.get("pot_items") or []
        for card, slot in zip(cards, self._pot_item_slots(), strict=False):
            surf.blit(self.art.mini(card, slot.size), slot)

    # ------------------------------------------------------------------ the picture, item by item
    def _cached(self, key: str, sig: Any, rect: pygame.Rect,
                paint: Callable[[pygame.Surface, tuple[int, int]], None]) -> pygame.Surface:
        """A panel's picture, re-rendered only when what it shows (``sig``) changes."""
        c = self._panels.get(key)
        if c is None or c[0] != sig or c[1].get_size() != rect.size:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            paint(img, rect.topleft)
            c = (sig, img)
            self._panels[key] = c
        return c[1]

    def _panel_item(self, key: str, rect: pygame.Rect, sig: Any,
                    paint: Callable[[pygame.Surface, tuple[int, int]], None], layer: int = 0) -> Item:
        rect = rect.copy()
        full = (sig, tuple(rect))

        def draw(surf: pygame.Surface) -> None:
            surf.blit(self._cached(key, full, rect, paint), rect)

        return Item(key, rect, full, draw, layer)

    def items(self) -> list[Item]:
        base = super().items()
        covered = self.covered()
        if self.mode == "board":
            base = [it for it in base if it.key not in ("lamp", "centre", "pot") and not it.key.startswith("chips")]
            extra = self._board_items(covered)
        else:
            extra = self._table_items()
        lower = [it for it in extra if it.layer == 0]
        upper = [it for it in extra if it.layer > 0]
        tip = [it for it in base if it.key == "tooltip"]  # drawn last, over everything
        return lower + [it for it in base if it.key != "tooltip"] + upper + tip

    def _table_items(self) -> list[Item]:
        out: list[Item] = []
        tray = self.tray_rect()
        if tray is not None:
            cards = self._holdings(self.eyes)
            slots = self._tray_slots()
            states = self._card_states()
            phase = self.shown.get("phase")
            label = {"wager": "YOUR ITEMS · click or press 1–9 to bet them at face value",
                     "call": "YOUR ITEMS · click or press 1–9 to pay your call with them",
                     "stake": "YOUR ITEMS · pick one to stake"}.get(str(phase), "YOUR ITEMS")
            sig = (tuple(cards), tuple(sorted(states.items(), key=repr)), label, self.u)
            out.append(self._panel_item("tray", tray, sig, lambda s, o: self._paint_tray(s, o, tray, cards, slots,
                                                                                           states, label)))
        sh = self.shown.get("shootout")
        if self.shown.get("phase") in ("duel", "tiebreak") or self.shootout_signs is not None:
            r = pygame.Rect(0, 0, int(460 * self.u), int(176 * self.u))
            r.center = (self.centre[0], int(self.centre[1] - 8 * self.u))
            sig = (repr(sh), repr(self.shootout_signs), self.eyes, self.u)
            out.append(self._panel_item("shootout", r, sig, lambda s, o: bp.paint_shootout(
                s, r.move(-o[0], -o[1]), self.text, sh, self.shootout_signs, self.names, self.eyes, self.u), layer=1))
        return out

    def _paint_tray(self, surf: pygame.Surface, o: tuple[int, int], tray: pygame.Rect, cards: list[str],
                    slots: list[pygame.Rect], states: dict[tuple[Any, ...], str], label: str) -> None:
        u = self.u
        r = bp.rel(tray, o)
        panel(surf, r, (12, 12, 16), theme.PANEL_EDGE, radius=int(10 * u), alpha=220, width=1)
        self.text.blit(surf, self.text.fit(label, int(12 * u), r.w - int(16 * u), "bold"), int(12 * u),
                       theme.AMBER, "bold", topleft=(r.x + int(8 * u), r.y + int(4 * u)))
        betting = self.shown.get("phase") in ("wager", "call", "stake")
        for i, slot in enumerate(slots):
            card = cards[i]
            state = "dim" if betting and card not in self.content.items else states.get(("tray", i), "")
            rr = bp.rel(slot, o)
            surf.blit(self.art.mini(card, slot.size, state), rr)
            if betting and i < 9 and card in self.content.items:
                self.text.blit(surf, str(i + 1), int(11 * u), theme.TEXT_DIM, "bold",
                               midbottom=(rr.right - int(4 * u), rr.y + int(1 * u)))

    def _overlay_kind(self) -> str | None:
        v = self.shown
        phase = v.get("phase")
        if self.draft is not None and phase == "business":
            return "builder"
        if phase == "auction" and v.get("auction"):
            return "auction"
        if phase == "trade" and v.get("offer"):
            return "trade"
        return None

    def _board_items(self, covered: set[tuple[Any, ...]]) -> list[Item]:
        b = self.board_layout()
        v = self.shown
        u = self.u
        states = self._card_states()
        out: list[Item] = []
        head = pygame.Rect(b.column.x, b.column.y, b.column.w, b.head_h)
        phase = v.get("phase")
        head_text = "BUSINESS ORDER · from the Hintaron's right" if phase in BOARD_PHASES else \
            "THE MARKET · a look between dice (M to go back)"
        out.append(self._panel_item("colhead", head, (head_text, u), lambda s, o: bp.section_head(
            s, self.text, bp.rel(head, o), head_text.split(" · ")[0], head_text.split(" · ")[1], u)))
        overlay = self._overlay_kind()
        if overlay is None:
            shop = v.get("shop") or {"newest": [], "oldest": []}
            cov = frozenset(k for k in covered if k and k[0] == "card")
            shop_states = {k: s for k, s in states.items() if k[0] == "shop"}
            shop_note = "buy one item a round, in credits"
            sig = (repr(shop), tuple(sorted(shop_states.items(), key=repr)), cov, v.get("draw_count", 0))
            out.append(self._panel_item("shop", b.shop, sig, lambda s, o: bp.paint_shop(
                s, o, b, self.text, self.art, shop, shop_states, set(cov), v.get("draw_count", 0), shop_note)))
            focus = self._focus_seat()
            held = self._holdings(focus)
            offer = list(v.get("bounty_offer") or [])
            b_states = {k: s for k, s in states.items() if k[0] == "bounty"}
            on_completion = bool(v.get("options", {}).get("payment_on_completion", True))
            bounty_note = "take one a round, two open at most · ✓ = held"
            sig = (tuple(offer), tuple(sorted(held)), focus, tuple(sorted(b_states.items(), key=repr)),
                   v.get("bounty_deck_count", 0))
            out.append(self._panel_item("bounties", b.bounties, sig, lambda s, o: bp.paint_bounties(
                s, o, b, self.text, self.art, offer, held, self._name(focus) if focus is not None else "", b_states,
                bounty_note, on_completion, v.get("bounty_deck_count", 0))))
        discard = list(v.get("discard") or [])
        d_states = {k: s for k, s in states.items() if k[0] == "discard"}
        discard_note = "auction one per turn (A)"
        out.append(self._panel_item("discard", b.discard, (tuple(discard), tuple(sorted(d_states.items(), key=repr))),
                                    lambda s, o: bp.paint_discard(s, o, b, self.text, self.art, discard, d_states,
                                                                  discard_note)))
        pot_cards = list(v.get("pot_items") or [])
        credits = int(v.get("pot", 0) or 0)
        out.append(self._panel_item("potpanel", b.pot, (tuple(pot_cards), credits), lambda s, o: bp.paint_pot(
            s, o, b, self.text, self.art, credits, pot_cards, self.app.res, self.chip_d)))
        if overlay is not None:
            out.append(self._overlay_item(overlay, b))
        return out

    def _overlay_item(self, kind: str, b: bp.BoardLayout) -> Item:
        v = self.shown
        u = self.u
        rect = b.overlay
        if kind == "auction":
            a = dict(v["auction"])
            cur = v.get("current_seat")
            stack = (v.get("stacks") or [0] * self.n)[self.eyes] if self.eyes is not None else 0
            sig = ("auction", repr(a), cur, self.eyes, stack, self.synced)
            return self._panel_item("overlay", rect, sig, lambda s, o: bp.paint_auction(
                s, bp.rel(rect, o), self.text, self.art, a, self.names, cur if self.synced else None, self.eyes,
                stack, u), layer=1)
        if kind == "trade":
            offer = dict(v["offer"])
            sig = ("trade", repr(offer), self.eyes)
            return self._panel_item("overlay", rect, sig, lambda s, o: bp.paint_trade_answer(
                s, bp.rel(rect, o), self.text, self.art, offer, self.names, self.eyes, u), layer=1)
        draft = self.draft
        assert draft is not None and self.eyes is not None
        me = self.eyes
        targets = self.trade_targets()
        problem = self.offer_problem()
        hover = self._builder_hover()
        sig = ("builder", draft.to, tuple(sorted(draft.give)), tuple(sorted(draft.get)), draft.credits,
               tuple(self._holdings(me)), tuple(self._holdings(draft.to)), tuple(v.get("stacks") or []),
               tuple(targets), problem, hover)
        return self._panel_item("overlay", rect, sig, lambda s, o: bp.paint_trade_builder(
            s, bp.rel(rect, o), self.text, self.art, v, me, draft, targets, self.names, problem, hover, u), layer=1)

    def _builder_hover(self) -> tuple[Any, ...] | None:
        lay = self._builder_layout()
        if lay is None:
            return None
        for t, r in lay.seats:
            if r.collidepoint(self.hover_pos):
                return ("seat", t)
        for side, rows in (("give", lay.give), ("get", lay.get)):
            for i, r in rows:
                if r.collidepoint(self.hover_pos):
                    return (side, i)
        return self.builder_focus

    # ------------------------------------------------------------------ events -> beats
    def fold(self, ev: Event) -> None:
        """The engine's fold shows the view after ``ev`` (see ``BaseTable.fold``); ``before`` keeps the view it
        replaced, for beats that fly a card from where it was (a Shop slot, say). The phase may have changed:
        the table or the market board is drawn accordingly."""
        self.before = self.shown
        super().fold(ev)
        self._hits = None
        self._check_mode()

    def _card_fly(self, card: str, src: tuple[float, float], dst: tuple[float, float], delay: float = 0.0,
                  size: tuple[int, int] | None = None, covers: frozenset[tuple[Any, ...]] = frozenset(),
                  duration: float = 0.45) -> None:
        img = self.art.item(card, size) if size is not None else self.art.mini(card, self.board_layout().mini)
        self.anims.append(CardFlight(img, src, dst, self.dur(duration), self.dur(delay), covers))

    def _plate_pos(self, seat: int) -> tuple[float, float]:
        return self.seat_geo[seat]["plate"].center

    def _bank_pos(self) -> tuple[float, float]:
        return self.board_layout().bank

    @staticmethod
    def _then(beats: list[Beat], fn: Callable[[], None]) -> list[Beat]:
        """Run ``fn`` when the first beat starts, after what it already does."""
        first = beats[0]
        old = first.start

        def start() -> None:
            if old is not None:
                old()
            fn()
        first.start = start
        return beats

    def beats_for(self, ev: Event) -> list[Beat]:
        d = ev.visible_to(self.eyes)
        kind = ev.kind
        s = ev.seat
        names = self.names
        if kind == "round_started":
            def fresh() -> None:
                self.shootout_signs = None
                self.sel = None
                self.draft = None
                self.bet_pick = []
                self._check_mode()
            return self._then(super().beats_for(ev), fresh)
        if kind == "bet":
            def items_in() -> None:
                assert s is not None
                for k, card in enumerate(d.get("items") or []):
                    self._card_fly(card, self._plate_pos(s), self.pot_pos(), delay=0.05 * k)
            return self._then(super().beats_for(ev), items_in)
        if kind in ("antes", "dice_thrown", "bet_returned", "reroll", "keep", "hintaro_thrown", "pot_won",
                    "pot_carried", "round_over", "carry_returned"):
            return super().beats_for(ev)
        if kind in ("turn", "hintaron_passed"):  # folded into the picture; nothing moves
            return [Beat(0.0)]
        if kind == "stake":
            assert s is not None

            def start() -> None:
                self.tag(s, "STAKES AN ITEM")
                self._card_fly(d["item"], self._plate_pos(s), self.pot_pos())
            return [Beat(0.55, start)]
        if kind == "items_won":
            assert s is not None

            def start() -> None:
                src = self.pot_pos()
                n = len(d.get("items") or [])
                self.tag(s, f"+{n} ITEM{'S' if n != 1 else ''}", theme.GOOD)
                for k, card in enumerate(d.get("items") or []):
                    self._card_fly(card, src, self._plate_pos(s), delay=0.06 * k)
            return [Beat(0.7, start)]
        if kind == "items_carried":
            return [Beat(0.5)]
        if kind == "challenge":
            assert s is not None
            target = d["target"]

            def start() -> None:
                self.shootout_signs = None
                self.tag(s, f"DRAWS ON {names[target].upper()}", theme.BAD)
                self.banner("Shootout!", f"{names[s]} draws on {names[target]}", 1.1)
            return [Beat(1.2, start)]
        if kind == "holster":
            assert s is not None
            return [Beat(0.35, lambda: self.tag(s, "HOLSTERS"))]
        if kind == "sign_chosen":
            assert s is not None

            def start() -> None:
                self.shootout_signs = None
                self.tag(s, "PICKED")
            return [Beat(0.3, start)]
        if kind == "shootout_signs":
            def start() -> None:
                self.shootout_signs = (list(d["seats"]), list(d["signs"]))
            return [Beat(1.4, start)]
        if kind == "shootout_won":
            assert s is not None

            def start() -> None:
                loser = d["loser"]
                sub = (f"{names[loser]} may buy back in on a loan" if self.shown.get("phase") == "buyback"
                       else f"{names[loser]} is out of the game")
                if d.get("credits") or d.get("items"):
                    sub = f"takes {d.get('credits', 0):,} and {len(d.get('items') or [])} item(s); " + sub
                self.banner(f"{names[s]} wins the shootout", sub, 1.6)
                self.tag(s, "WINS THE SHOOTOUT", theme.GOOD)
                if d.get("credits"):
                    self.fly(d["credits"], self._plate_pos(loser), self._plate_pos(s))

            def end() -> None:
                self.shootout_signs = None
            return [Beat(1.7, start, end)]
        if kind == "seat_out":
            assert s is not None
            return [Beat(0.6, lambda: self.tag(s, "OUT", theme.BAD))]
        if kind == "bought_back":
            assert s is not None

            def start() -> None:
                self.tag(s, "BUYS BACK IN", theme.AMBER)
                if d.get("credits"):
                    self.fly(d["credits"], self._plate_pos(s), self._bank_pos())
            return [Beat(0.6, start, sound="chips")]
        if kind == "tiebreak_shootout":
            def start() -> None:
                self.banner("Dead level", f"{self.join_names(list(d['seats']))} shoot it out", 1.4)
            return [Beat(1.5, start)]
        if kind == "shop_updated":
            return [Beat(1.4, self._shop_turns_over(d))]
        if kind == "business_started":
            return [Beat(0.25)]
        if kind == "item_bought":
            assert s is not None

            def start() -> None:
                src = self._shop_slot_centre(d.get("row", "newest"), d["item"])
                self.tag(s, f"BUYS FOR {d['price']:,}")
                self.fly(d["price"], self._plate_pos(s), self._bank_pos())
                self._card_fly(d["item"], src, self._plate_pos(s))
            return [Beat(0.7, start, sound="chips")]
        if kind == "bounty_taken":
            assert s is not None

            def start() -> None:
                self.tag(s, "TAKES A BOUNTY")
            return [Beat(0.6, start)]
        if kind == "bounty_completed":
            assert s is not None

            def start() -> None:
                name = self.content.bounties[d["bounty"]].name
                paid = d.get("paid", 0)
                sub = f"the bank pays {paid:,}" if paid else f"reward: the {self.art.name(d.get('reward_item') or '')}"
                self.banner(f"{names[s]} completes {name}", sub, 1.6)
                self.tag(s, "BOUNTY DONE", theme.GOOD)
                if paid:
                    self.fly(paid, self._bank_pos(), self._plate_pos(s), duration=0.4)
            return [Beat(1.7, start, sound="chips")]
        if kind == "item_sold":
            assert s is not None

            def start() -> None:
                self.tag(s, f"SELLS FOR {d['price']:,}")
                self._card_fly(d["item"], self._plate_pos(s), self._bank_pos())
                self.fly(d["price"], self._bank_pos(), self._plate_pos(s))
            return [Beat(0.6, start, sound="chips")]
        if kind == "auction_called":
            assert s is not None

            def start() -> None:
                self.tag(s, "CALLS AN AUCTION")
            return [Beat(0.7, start)]
        if kind == "auction_bid":
            assert s is not None

            def start() -> None:
                self.tag(s, f"BIDS {d['amount']:,}")
            return [Beat(0.5, start)]
        if kind == "auction_pass":
            assert s is not None
            return [Beat(0.35, lambda: self.tag(s, "PASSES"))]
        if kind == "auction_ask":
            return [Beat(0.5)]
        if kind == "auction_won":
            assert s is not None

            def start() -> None:
                self.tag(s, f"WINS IT FOR {d['price']:,}", theme.GOOD)
                self.fly(d["price"], self._plate_pos(s), self._bank_pos())
                b = self.board_layout()
                self._card_fly(d["item"], b.discard.center, self._plate_pos(s))
            return [Beat(0.9, start, sound="chips")]
        if kind == "auction_unsold":
            return [Beat(0.6)]
        if kind == "trade_offered":
            assert s is not None

            def start() -> None:
                self.tag(s, f"OFFERS {names[d['to']].upper()} A TRADE")
            return [Beat(0.6, start)]
        if kind in ("trade_accepted", "trade_declined"):
            assert s is not None
            ok = kind == "trade_accepted"

            def start() -> None:
                self.pass_back = True
                self.tag(s, "ACCEPTS" if ok else "DECLINES", theme.GOOD if ok else theme.BAD)
                if ok:
                    net = d.get("give_credits", 0) - d.get("get_credits", 0)
                    a, t = d["from"], d["to"]
                    if net:
                        self.fly(abs(net), self._plate_pos(a if net > 0 else t), self._plate_pos(t if net > 0 else a))
                    for k, card in enumerate(d.get("give") or []):
                        self._card_fly(card, self._plate_pos(a), self._plate_pos(t), delay=0.05 * k)
                    for k, card in enumerate(d.get("get") or []):
                        self._card_fly(card, self._plate_pos(t), self._plate_pos(a), delay=0.05 * k)
            return [Beat(0.8 if ok else 0.5, start)]
        if kind == "loan_taken":
            assert s is not None

            def start() -> None:
                self.tag(s, f"BORROWS {d['amount']:,}")
                src = self._bank_pos() if self.mode == "board" else self.pot_pos()
                self.fly(d["amount"], src, self._plate_pos(s))
            return [Beat(0.6, start, sound="chips")]
        if kind == "business_pass":
            assert s is not None
            return [Beat(0.3, lambda: self.tag(s, "DONE"))]
        if kind == "container_opened":
            assert s is not None

            def start() -> None:
                self.tag(s, f"OPENS A CONTAINER: +{len(d.get('items') or [])}", theme.GOOD)
            return [Beat(0.8, start)]
        if kind == "loan_repaid":
            assert s is not None

            return [Beat(0.5, lambda: self.tag(s, f"REPAYS {d.get('amount', 0):,}"))]
        if kind == "pot_items_returned":
            return [Beat(0.3)]
        if kind == "game_setup":
            return [Beat(0.1)]
        if kind == "victory":
            def start() -> None:
                w = d.get("winner")
                if w is not None:
                    self.banner(f"{names[w]} wins the game", bp.victory_sentence(d, names), 2.0)
            return [Beat(2.1, start)]
        if kind == "session_over":
            return [Beat(0.2)]
        return super().beats_for(ev)

    def _shop_slot_centre(self, row: str, card: str) -> tuple[float, float]:
        """Where ``card`` lay in the Shop row before the event just folded in took it."""
        b = self.board_layout()
        cards = (self.before.get("shop") or {}).get(row, [])
        slots = b.newest if row == "newest" else b.oldest
        i = cards.index(card) if card in cards else 0
        return slots[min(i, len(slots) - 1)].center

    def _shop_turns_over(self, d: dict[str, Any]) -> Callable[[], None]:
        """The Shop cycles: Oldest to the discard pile, Newest slides to Oldest, fresh cards into Newest."""
        def start() -> None:
            b = self.board_layout()
            old = dict(self.before.get("shop") or {})
            self.tags = {}
            self.banner("Business stage", "the Shop turns over: buy, take bounties, sell, auction, trade", 1.3)
            for i, card in enumerate(old.get("oldest", [])[:3]):
                self._card_fly(card, b.oldest[i].center, b.discard.center, delay=0.05 * i, size=b.card)
            for i, card in enumerate(old.get("newest", [])[:3]):
                self._card_fly(card, b.newest[i].center, b.oldest[i].center, delay=0.25 + 0.05 * i, size=b.card,
                               covers=frozenset({("card", "oldest", i)}))
            for i, card in enumerate(d.get("newest", [])[:3]):
                self._card_fly(card, b.bank, b.newest[i].center, delay=0.55 + 0.1 * i, size=b.card,
                               covers=frozenset({("card", "newest", i)}))
        return start

    # ------------------------------------------------------------------ words
    def _the(self, card: str) -> str:
        return f"the {self.art.name(card)}"

    def describe(self, ev: dict[str, Any]) -> str | None:
        kind = ev["kind"]
        s = ev.get("seat")
        who = self._name(s) if s is not None else ""
        names = self.names
        side = bp.offer_side
        c = self.content
        if kind == "game_setup":
            stack = self.state.options.get("stack", 0)
            return f"Each seat starts with {stack:,} credits and two items; three bounties are on offer."
        if kind == "round_started":
            dealer = self._name(ev.get("dealer"))
            if ev.get("high_stakes"):
                return (f"High Stakes round: {dealer} is the Hintaron. Every seat holding an item stakes one; "
                        "no business afterwards.")
            return (f"Round {ev['round']}: {dealer} is the Hintaron (the role passes right). Ante "
                    f"{ev.get('min_bet', 0):,}; each seat may put in at most {ev.get('cap', 0):,} this round.")
        if kind == "bet" and ev.get("items"):
            items = list(ev["items"])
            what = side(items, 0, c)
            lost = f", {ev.get('lost', 0):,} lost" if ev.get("lost") else ""
            credits = f" and {ev['amount']:,} credits" if ev.get("amount") else ""
            verb = f"raises to {ev['current_bet']:,}" if ev["action"] == "raise" else "calls"
            return f"{who} {verb} with {what} (counts {ev.get('credited', 0):,}{lost}){credits}."
        if kind == "bet_returned" and ev.get("item_value_lost"):
            return (f"{ev['amount']:,} uncalled credits go back to {who}; {ev['item_value_lost']:,} of item value "
                    "above the other bets is lost.")
        if kind == "stake":
            lost = f"; {ev['lost']:,} is over the cap and lost" if ev.get("lost") else ""
            return f"{who} stakes {self._the(ev['item'])} ({ev.get('credited', 0):,} counts toward the bet{lost})."
        if kind == "items_won":
            pot = "the pot" if not ev.get("pot") else f"side pot {ev['pot']}"
            return f"{who} also takes {side(list(ev.get('items') or []), 0, c)} from {pot}."
        if kind == "items_carried":
            return f"The item cards in the pot ({side(list(ev.get('items') or []), 0, c)}) wait for the next round."
        if kind == "challenge":
            return f"{who} draws on {self._name(ev.get('target'))}: a shootout!"
        if kind == "holster":
            return f"{who} holsters: no shootout."
        if kind == "sign_chosen":
            sign = ev.get("sign")
            return f"You pick {sign} in secret." if sign and s == self.eyes else f"{who} has picked a sign."
        if kind == "shootout_signs":
            parts = [f"{names[p]} shows {sign}" for p, sign in zip(ev["seats"], ev["signs"], strict=False)]
            return ", ".join(parts) + "."
        if kind == "shootout_won":
            loser = self._name(ev.get("loser"))
            lot = " (by lot, after too many draws)" if ev.get("by_lot") else ""
            took = ""
            if ev.get("credits") or ev.get("items"):
                took = f" and takes {side(list(ev.get('items') or []), ev.get('credits', 0), c)} from {loser}"
            return f"{who} wins the shootout{lot}{took}."
        if kind == "seat_out":
            items = list(ev.get("items") or [])
            return (f"{who} is out of the game: {ev.get('credits', 0):,} credits go to the bank"
                    + (f", {len(items)} item(s) to the discard pile" if items else "") + ".")
        if kind == "bought_back":
            items = list(ev.get("items") or [])
            return (f"{who} buys back in on a loan: {ev.get('credits', 0):,} credits go to the bank"
                    + (f", {len(items)} item(s) to the discard pile" if items else "") + ".")
        if kind in ("turn", "hintaron_passed"):
            return None
        if kind == "carry_returned" and ev.get("odd"):
            odd, to = ev["odd"], self._name(ev.get("odd_to"))
            rest = sum(ev.get("amounts") or []) - odd
            chips = f"{odd:,} odd chip{'s' if odd != 1 else ''}"
            back = " The rest of the carried pot goes back to the seats that paid into it." if rest else ""
            verb = "goes" if odd == 1 else "go"
            return f"No hand follows: the {chips} of the last split {verb} to {to}, first winner left of the dealer." \
                + back
        if kind == "tiebreak_shootout":
            return f"Dead level on every count: {self.join_names(list(ev['seats']))} settle it with a shootout."
        if kind == "shop_updated":
            bits = ["The Shop turns over"]
            if ev.get("discarded"):
                bits.append(f"the Oldest row ({side(list(ev['discarded']), 0, c)}) goes to the discard pile")
            if ev.get("to_pot"):
                bits.append(f"{self._the(ev['to_pot'])} goes into the pot")
            if ev.get("drawn"):
                bits.append(f"new in: {side(list(ev['drawn']), 0, c)}")
            line = ": ".join(bits[:1]) + (": " + "; ".join(bits[1:]) if len(bits) > 1 else "") + "."
            if ev.get("containers_to_pot"):
                line += (f" {_cap(side(list(ev['containers_to_pot']), 0, c))} turns up and goes into the pot for "
                         "the next round's winner.")
            return line
        if kind == "business_started":
            order = [names[p] for p in ev.get("order", [])]
            return "Business: " + ", ".join(order) + " in turn (from the Hintaron's right)." if order else None
        if kind == "item_bought":
            row = ev.get("row", "")
            return f"{who} buys {self._the(ev['item'])} for {ev['price']:,} (from the {row} row)."
        if kind == "bounty_taken":
            b = c.bounties[ev["bounty"]]
            return (f"{who} takes on {b.name} (needs {len(b.needs)} items, pays "
                    f"{self.art.pays(ev['bounty'], bool(self.state.options.get('payment_on_completion', True)))}).")
        if kind == "bounty_completed":
            b = c.bounties[ev["bounty"]]
            paid = f"the bank pays {ev['paid']:,}" if ev.get("paid") else \
                f"the reward is {self._the(ev.get('reward_item') or '')}"
            return (f"{who} completes {b.name}, handing in {len(ev.get('items') or [])} items: {paid} "
                    f"({ev.get('completed', 0)} completed).")
        if kind == "item_sold":
            return f"{who} sells {self._the(ev['item'])} to the bank for {ev['price']:,}."
        if kind == "auction_called":
            return (f"{who} calls an auction on {self._the(ev['item'])} (worth {ev['value']:,}): the ask opens at "
                    f"{ev['ask']:,}.")
        if kind == "auction_bid":
            return f"{who} bids {ev['amount']:,}."
        if kind == "auction_pass":
            return f"{who} passes."
        if kind == "auction_ask":
            return f"No takers: the ask drops to {ev['ask']:,}."
        if kind == "auction_won":
            return f"{who} wins {self._the(ev['item'])} for {ev['price']:,}, paid to the bank."
        if kind == "auction_unsold":
            return f"Nobody wants {self._the(ev['item'])}: it stays in the discard pile."
        if kind == "trade_offered":
            to = self._name(ev.get("to"))
            return (f"{who} offers {to} a trade: {side(list(ev.get('give') or []), ev.get('give_credits', 0), c)} "
                    f"for {side(list(ev.get('get') or []), ev.get('get_credits', 0), c)}.")
        if kind == "trade_accepted":
            return f"{who} accepts {self._name(ev.get('from'))}'s offer: the trade is done."
        if kind == "trade_declined":
            return f"{who} declines {self._name(ev.get('from'))}'s offer."
        if kind == "loan_taken":
            gone = ev.get("bounty_taken")
            tail = f"; the bank takes {self.pronoun(s)} bounty {c.bounties[gone].name}" if gone else ""
            return f"{who} borrows {ev['amount']:,} from the bank{tail}."
        if kind == "business_pass":
            return f"{who} ends {self.pronoun(s)} business turn."
        if kind == "container_opened":
            got = side(list(ev.get("items") or []), 0, c)
            return f"{who} opens {self._the(ev['container'])} and draws {got}."
        if kind == "loan_repaid":
            unpaid = f" ({ev['unpaid']:,} stays unpaid)" if ev.get("unpaid") else ""
            return f"{who} repays {ev.get('amount', 0):,} of {self.pronoun(s)} loans{unpaid}."
        if kind == "pot_items_returned":
            return "The item cards still in the pot go back to the seats that bet them."
        if kind == "victory":
            return "Game over. " + bp.victory_sentence(ev, names)
        if kind == "session_over":
            return None
        return super().describe(ev)
