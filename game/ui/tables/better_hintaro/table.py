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
from typing import Any, ClassVar

import pygame

from game.engine.better_hintaro.content import load_content
from game.engine.core import Action, seats_from
from game.ui import theme
from game.ui.anim import Beat
from game.ui.chips import pile_size
from game.ui.draw import panel
from game.ui.tables.base import Item
from game.ui.tables.better_hintaro.action_bar import ActionBarMixin
from game.ui.tables.better_hintaro.card_art import CardArt
from game.ui.tables.better_hintaro.common import BOARD_PHASES, Selection
from game.ui.tables.better_hintaro.market import (
    BoardLayout,
    Hit,
    RowSlots,
    board_layout,
    paint_auction,
    paint_bounties,
    paint_discard,
    paint_pot,
    paint_row,
    paint_shop,
    rel,
    row_parts,
    row_slots,
    section_head,
)
from game.ui.tables.better_hintaro.pointer import PointerMixin
from game.ui.tables.better_hintaro.story import StoryMixin
from game.ui.tables.better_hintaro.trade_builder import (
    TradeBuilderMixin,
    TradeDraft,
    holdings,
    paint_trade_answer,
    paint_trade_builder,
)
from game.ui.tables.better_hintaro.victory import VictoryScene, paint_shootout
from game.ui.tables.better_hintaro.words import WordsMixin
from game.ui.tables.hintaro import HintaroTable
from game.ui.widgets import Button, Slider


class BetterHintaroTable(ActionBarMixin, TradeBuilderMixin, PointerMixin, StoryMixin, WordsMixin,
                         HintaroTable):
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
        self.art = CardArt(self.app.text, self.content)
        self.mode = "table"
        self.peek = False
        self.sel: Selection | None = None
        self.bet_pick: list[int] = []  # indices into the eyes' items picked for a bet or stake
        self.draft: TradeDraft | None = None
        self.dragging_credits = False
        self.builder_focus: tuple[str, int] | None = None  # the builder row ↑/↓ points at (Space picks it)
        self.shootout_signs: tuple[list[int], list[str]] | None = None  # the last shootout's signs, once shown
        self.pass_back = False  # a trade was answered: the device goes back to the seat that offered
        self._board_cache: tuple[Any, BoardLayout] | None = None
        self._board_bg: pygame.Surface | None = None
        self._panels: dict[str, tuple[Any, pygame.Surface]] = {}
        self._market_ready = False  # the market board painted once, offscreen, soon after the table opens
        self._hits: list[Hit] | None = None
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
        painter = self.painter
        keep = (painter.bg, painter.bg_dim) if painter.bg is not None and size == self.size else None
        self.mode = self.wanted_mode()
        self._hits = None
        super().layout(size)
        if keep is not None:  # the room only depends on the window size: keep it across mode switches
            painter.bg, painter.bg_dim = keep
        u = self.u
        self.market_button.label = "Dice table" if self.peek else "Market"
        self.market_button.rect = pygame.Rect(0, 0, max(84, int(150 * u)), self.top_h - int(10 * u))  # (Dice table)
        self.market_button.rect.topright = (self.menu_button.rect.x - int(10 * u), int(5 * u))
        painter.forget()

    def board_layout(self) -> BoardLayout:
        """The market board for the current Hintaron (seats listed in business order, from its right)."""
        dealer = int(self.shown.get("dealer", 0) or 0)
        order = tuple(seats_from(dealer - 1, self.n, -1))
        eyes = self.eyes if self.session.is_human(self.eyes) else None
        key = (tuple(self.area), self.u, order, eyes)
        if self._board_cache is None or self._board_cache[0] != key:
            self._board_cache = (key, board_layout(self.area, self.u, order, self.art, eyes))
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
            self.painter.bg = self.painter.bg_dim = None  # the room itself is gone: redrawn when the dice table returns
        return self._board_bg

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self._market_ready and self.painter.bg is not None:  # the table has shown its first frame
            self._ready_market()
        self._check_mode()

    def _ready_market(self) -> None:
        """Paint the market board once, offscreen, on the first update after the table's first frame: every
        round of Better Hintaro opens it (the business stage), and its panels and item and bounty cards (~10 MB
        at 1080p) are then made while the table opens, as a level's art is loaded, not in the middle of the
        first hand, so the session's memory stays level from its first seconds (issue 15, ``bench render``)."""
        self._market_ready = True
        if self.mode == "board" or self.shown.get("phase") in ("over", "end"):
            return
        self.peek = True
        self.layout(self.size)
        try:
            scratch = pygame.Surface(self.area.size, pygame.SRCALPHA)
            for item in self._board_items(set()):
                item.draw(scratch)
            for seat in range(self.n):
                self._row_image(seat)
        finally:
            self.peek = False
            self.layout(self.size)

    def on_beat_started(self, beat: Beat) -> None:
        self._hits = None

    def on_beat_ended(self) -> None:
        self._hits = None

    # ------------------------------------------------------------------ who is who
    def _name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < self.n else "?"

    def _holders(self) -> dict[str, list[str]]:
        """Who holds each item, by the names on the plates ("you" for the person at the screen), in business
        order: what a bounty card lists under each item it needs."""
        out: dict[str, list[str]] = {}
        for seat in self.board_layout().rows:
            who = "you" if seat == self.eyes and self.session.is_human(seat) else self._name(seat)
            for card in dict.fromkeys(self._holdings(seat)):
                out.setdefault(card, []).append(who)
        return out

    def _holdings(self, seat: int | None) -> list[str]:
        return holdings(self.shown, seat) if seat is not None else []

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
        self.app.push(VictoryScene(self.app, self))

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

    def _click(self, hit: Hit) -> bool:
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

    # ------------------------------------------------------------------ top bar: the market toggle
    def top_sig(self) -> Any:
        b = self.market_button
        return (super().top_sig(), self._market_visible(), b.label, b.hover, b.pressed)

    def top_buttons(self) -> list[Button]:
        return super().top_buttons() + ([self.market_button] if self._market_visible() else [])

    def draw_top(self, surf: pygame.Surface) -> None:
        super().draw_top(surf)
        if self._market_visible():
            self.market_button.draw(surf, self.text, self.px(15))  # (Menu's face)

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

    def _row_slots(self, seat: int) -> RowSlots:
        v = self.shown
        active = (v.get("active_bounties") or [[]] * self.n)[seat]
        done = (v.get("completed_bounties") or [[]] * self.n)[seat]
        listed = seat == self.eyes and self.session.is_human(seat)
        return row_slots(self.board_layout(), seat, len(self._holdings(seat)), active, done, self.text, self.art,
                         listed, self._row_flags(seat))

    def _card_states(self) -> dict[tuple[Any, ...], str]:
        """How each card on the board looks now: selected, under the pointer, or out of reach (dim)."""
        out: dict[tuple[Any, ...], str] = {}
        hover = self.hit_at(self.hover_pos) if self.area.collidepoint(self.hover_pos) else None
        if hover is not None:
            out[("bounty", hover.key[0]) if hover.kind == "need" else (hover.kind, *hover.key)] = "hover"
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
        rad = self.px(11, 7)  # the dealer button (SeatPainter.draw_dealer_button)
        cx, cy = self.painter.plates.dealer_centre(plate)
        r.union_ip(pygame.Rect(cx - rad - 1, cy - rad - 1, 2 * rad + 2, 2 * rad + 2))
        tag = self.tags.get(seat)
        if tag:
            r.union_ip(self.tag_box(seat, tag[0]))
        return r

    def tag_box(self, seat: int, text: str) -> pygame.Rect:
        if self.mode != "board":
            return super().tag_box(seat, text)
        return self._lane_tag(seat, text)[1]

    def draw_tag(self, surf: pygame.Surface, seat: int, text: str, colour: tuple[int, int, int]) -> None:
        if self.mode != "board":
            super().draw_tag(surf, seat, text, colour)
            return
        lines, box = self._lane_tag(seat, text)
        pygame.draw.rect(surf, colour, box, border_radius=min(box.h // 2, int(12 * self.u)))
        y = box.centery - sum(img.get_height() for img in lines) // 2
        for img in lines:
            surf.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    def _lane_tag(self, seat: int, text: str) -> tuple[list[pygame.Surface], pygame.Rect]:
        """A board badge fitted into the seat's badge lane (so it never covers an item): one line in a face
        small enough, else two lines, else shortened (and recorded as shortened)."""
        u = self.u
        lane = self.board_layout().lanes[seat]
        room = lane.w - int(12 * u)
        ink = (24, 16, 6)
        font = self.text.res.font
        lines: list[str] = [text]
        size = int(14 * u)
        while size > int(11 * u) and font("bold", size).size(text)[0] > room:
            size -= 1
        if font("bold", size).size(text)[0] > room and lane.h >= 2 * font("bold", size).get_linesize():
            lines = self.art.wrap(text, size, room, "bold")[:2]
        lines = [self.text.fit(line, size, room, "bold") for line in lines]
        imgs = [self.text.render(line, size, ink, "bold") for line in lines]
        w = max(img.get_width() for img in imgs) + int(12 * u)
        h = sum(img.get_height() for img in imgs) + int(6 * u)
        box = pygame.Rect(0, 0, w, min(h, lane.h))
        box.topright = lane.topright
        return imgs, box

    def draw_seat(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        if self.mode != "board":
            super().draw_seat(surf, seat, covered)
            return
        b = self.board_layout()
        row = b.rows[seat]
        slots = self._row_slots(seat)
        flags = self._row_flags(seat)
        img = self._row_image(seat)
        regions = self.regions
        with regions.region(""):  # the row's backdrop is art: its pieces are marked one by one below
            surf.blit(img, row)
        for part, rects in row_parts(b, seat, slots, self.text, flags).items():
            for r in rects:
                regions.mark(f"seat{seat}.{part}", r)
        plate = self.seat_geo[seat]["plate"]
        with regions.region(f"seat{seat}.plate"):
            surf.blit(self.painter.plates.plate(seat), plate)
            if seat == self.shown.get("dealer"):
                self.painter.plates.draw_dealer_button(surf, plate)
        tag = self.tags.get(seat)
        if tag:
            with regions.region(f"seat{seat}.tag"):
                self.draw_tag(surf, seat, tag[0], tag[1])

    def _row_image(self, seat: int) -> pygame.Surface:
        """A seat's row on the market board (its items as mini cards, its bounties), painted when it changes."""
        b = self.board_layout()
        row = b.rows[seat]
        sig = ("row", repr(self.pieces_sig(seat)), self.is_turn(seat), tuple(row))
        cards = self._holdings(seat)
        slots = self._row_slots(seat)
        states = self._card_states()
        flags = self._row_flags(seat)
        return self._cached(f"row{seat}", sig, row, lambda s, o: paint_row(
            s, o, b, seat, self.text, self.art, cards, slots, cards, states, self.is_turn(seat), self.seat_out(seat),
            flags))

    def draw_seat_pieces(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        super().draw_seat_pieces(surf, seat, covered)
        done = len((self.shown.get("completed_bounties") or [[]] * self.n)[seat])
        if done:  # a gold star at the plate's lower left: completed bounties decide the game
            plate = self.seat_geo[seat]["plate"]
            rad = self.px(11, 7)  # (as large as the dealer button, grown into the plate in a small window)
            c = (plate.x - rad // 2, plate.bottom - rad // 2 - (rad - int(11 * self.u)))
            with self.regions.region(f"seat{seat}.plate"):  # a badge on the plate, as the dealer button
                pygame.draw.circle(surf, theme.AMBER, c, rad)
                pygame.draw.circle(surf, theme.BRASS_DARK, c, rad, 2)
                self.text.blit(surf, f"{done}", self.px(13, 9), (30, 20, 6), "bold", center=c)

    # ------------------------------------------------------------------ the middle of the dice table
    def centre_rect(self) -> pygame.Rect:
        """The Hintaro die and its words, and the rules line under them (as wide as it is written)."""
        return super().centre_rect().union(self._rules_rect())

    def _rules_words(self) -> str:
        """The round's rules under the Hintaro die; where the side seats' dice leave less room than the whole
        line needs (a small window, where it keeps the text floor), its last parts are left out (the log says
        them: "the role passes right")."""
        v = self.shown
        parts = [f"ANTE {v.get('min_bet', 0):,}", f"CAP {v.get('cap', 0):,} A SEAT", "THE HINTARON PASSES RIGHT"]
        if v.get("high_stakes"):
            parts.insert(0, "HIGH STAKES ROUND")
        font = self.text.res.font("bold", self.px(12, 9))
        _, y = self.hintaro_pos()
        band = pygame.Rect(0, int(y + self.big_die * 0.56 + 18 * self.u + self.die_words_growth()),
                           self.size[0], font.get_height())
        room = self.free_width(band)
        while len(parts) > 2 and font.size(" · ".join(parts))[0] > room:
            parts.pop()
        return " · ".join(parts)

    def _rules_rect(self) -> pygame.Rect:
        x, y = self.hintaro_pos()
        img = self.text.render(self._rules_words(), self.px(12, 9), theme.CREAM, "bold")
        return img.get_rect(midtop=(int(x), int(y + self.big_die * 0.56 + 18 * self.u + self.die_words_growth())))

    def centre_sig(self) -> Any:
        v = self.shown
        return (super().centre_sig(), v.get("min_bet"), v.get("cap"), v.get("high_stakes"))

    def draw_centre(self, surf: pygame.Surface, covered: set[tuple[Any, ...]]) -> None:
        super().draw_centre(surf, covered)
        with self.regions.region("rules_line"):
            self.text.blit(surf, self._rules_words(), self.px(12, 9), theme.CREAM, "bold",
                           topleft=self._rules_rect().topleft)

    def pot_pos(self) -> tuple[float, float]:
        """The pot stands low enough that its tallest pile stays under the rules line beneath the Hintaro die."""
        x, y = super().pot_pos()
        tallest = pile_size(10 ** 6, self.chip_d)[1]
        return (x, max(y, self._rules_rect().bottom + tallest + 4 * self.u))

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
            self._panels.pop("market.overlay", None)
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
            label = {"wager": "YOUR ITEMS · click or 1–9: bet at face value",
                     "call": "YOUR ITEMS · click or 1–9: pay your call",
                     "stake": "YOUR ITEMS · pick one to stake"}.get(str(phase), "YOUR ITEMS")
            sig = (tuple(cards), tuple(sorted(states.items(), key=repr)), label, self.u)
            out.append(self._panel_item(f"seat{self.eyes}.tray", tray, sig, lambda s, o: self._paint_tray(
                s, o, tray, cards, slots, states, label)))
        sh = self.shown.get("shootout")
        if self.shown.get("phase") in ("duel", "tiebreak") or self.shootout_signs is not None:
            r = pygame.Rect(0, 0, int(460 * self.u), int(176 * self.u))
            r.center = (self.centre[0], int(self.centre[1] - 8 * self.u))
            sig = (repr(sh), repr(self.shootout_signs), self.eyes, self.u)
            out.append(self._panel_item("shootout", r, sig, lambda s, o: paint_shootout(
                s, r.move(-o[0], -o[1]), self.text, sh, self.shootout_signs, self.names, self.eyes, self.u), layer=1))
        return out

    def _paint_tray(self, surf: pygame.Surface, o: tuple[int, int], tray: pygame.Rect, cards: list[str],
                    slots: list[pygame.Rect], states: dict[tuple[Any, ...], str], label: str) -> None:
        u = self.u
        r = rel(tray, o)
        panel(surf, r, (12, 12, 16), theme.PANEL_EDGE, radius=int(10 * u), alpha=220, width=1)
        self.text.blit(surf, self.text.fit(label, int(12 * u), r.w - int(16 * u), "bold"), int(12 * u),
                       theme.AMBER, "bold", topleft=(r.x + int(8 * u), r.y + int(4 * u)))
        betting = self._tray_keys()
        for i, slot in enumerate(slots):
            card = cards[i]
            state = "dim" if betting and card not in self.content.items else states.get(("tray", i), "")
            rr = rel(slot, o)
            surf.blit(self.art.mini(card, slot.size, state), rr)
            if betting and i < 9 and card in self.content.items:  # its key, in the gap right of the card
                self.text.blit(surf, str(i + 1), int(11 * u), theme.TEXT_DIM, "bold",
                               topleft=(rr.right + int(2 * u), rr.y))

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
        out.append(self._panel_item("market.order", head, (head_text, u), lambda s, o: section_head(
            s, self.text, rel(head, o), head_text.split(" · ")[0], head_text.split(" · ")[1], u)))
        overlay = self._overlay_kind()
        if overlay is None:
            shop = v.get("shop") or {"newest": [], "oldest": []}
            cov = frozenset(k for k in covered if k and k[0] == "card")
            shop_states = {k: s for k, s in states.items() if k[0] == "shop"}
            shop_note = "buy one item a round, in credits"
            sig = (repr(shop), tuple(sorted(shop_states.items(), key=repr)), cov, v.get("draw_count", 0))
            out.append(self._panel_item("market.shop", b.shop, sig, lambda s, o: paint_shop(
                s, o, b, self.text, self.art, shop, shop_states, set(cov), v.get("draw_count", 0), shop_note)))
            focus = self._focus_seat()
            held = self._holdings(focus)
            offer = list(v.get("bounty_offer") or [])
            b_states = {k: s for k, s in states.items() if k[0] == "bounty"}
            on_completion = bool(v.get("options", {}).get("payment_on_completion", True))
            bounty_note = "take one a round, two open at most · ✓ = held"
            holders = self._holders()
            sig = (tuple(offer), tuple(sorted(held)), focus, tuple(sorted(b_states.items(), key=repr)),
                   v.get("bounty_deck_count", 0), repr(holders))
            out.append(self._panel_item("market.bounties", b.bounties, sig, lambda s, o: paint_bounties(
                s, o, b, self.text, self.art, offer, held, self._name(focus) if focus is not None else "", b_states,
                bounty_note, on_completion, v.get("bounty_deck_count", 0), holders)))
        discard = list(v.get("discard") or [])
        d_states = {k: s for k, s in states.items() if k[0] == "discard"}
        discard_note = "auction one per turn (A)"
        d_sig = (tuple(discard), tuple(sorted(d_states.items(), key=repr)))
        out.append(self._panel_item("market.discard", b.discard, d_sig, lambda s, o: paint_discard(
            s, o, b, self.text, self.art, discard, d_states, discard_note)))
        pot_cards = list(v.get("pot_items") or [])
        credits = int(v.get("pot", 0) or 0)
        out.append(self._panel_item("market.pot", b.pot, (tuple(pot_cards), credits), lambda s, o: paint_pot(
            s, o, b, self.text, self.art, credits, pot_cards, self.app.res, self.chip_d)))
        if overlay is not None:
            out.append(self._overlay_item(overlay, b))
        else:  # an auction's or a trade's panel (1.8 MB at 1080p) is not kept between them
            self._panels.pop("market.overlay", None)
        return out

    def _overlay_item(self, kind: str, b: BoardLayout) -> Item:
        v = self.shown
        u = self.u
        rect = b.overlay
        if kind == "auction":
            a = dict(v["auction"])
            cur = v.get("current_seat")
            stack = (v.get("stacks") or [0] * self.n)[self.eyes] if self.eyes is not None else 0
            sig = ("auction", repr(a), cur, self.eyes, stack, self.synced)
            return self._panel_item("market.overlay", rect, sig, lambda s, o: paint_auction(
                s, rel(rect, o), self.text, self.art, a, self.names, cur if self.synced else None, self.eyes,
                stack, u), layer=1)
        if kind == "trade":
            offer = dict(v["offer"])
            sig = ("trade", repr(offer), self.eyes)
            return self._panel_item("market.overlay", rect, sig, lambda s, o: paint_trade_answer(
                s, rel(rect, o), self.text, self.art, offer, self.names, self.eyes, u), layer=1)
        draft = self.draft
        assert draft is not None and self.eyes is not None
        me = self.eyes
        targets = self.trade_targets()
        problem = self.offer_problem()
        hover = self._builder_hover()
        sig = ("builder", draft.to, tuple(sorted(draft.give)), tuple(sorted(draft.get)), draft.credits,
               tuple(self._holdings(me)), tuple(self._holdings(draft.to)), tuple(v.get("stacks") or []),
               tuple(targets), problem, hover)
        return self._panel_item("market.overlay", rect, sig, lambda s, o: paint_trade_builder(
            s, rel(rect, o), self.text, self.art, v, me, draft, targets, self.names, problem, hover, u), layer=1)

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
