"""What is under the pointer on the Better Hintaro table, and what is picked: every card a person can hover
or click (with its tooltip, full names included) on the dice table (the tray, the pot's items) and on the market
board (Shop, bounties and each item line on them, discard pile, pot, the seats' items and bounty pills), and the
selection that ←/→ step through and the action bar's verbs act on.
"""

from __future__ import annotations

import math

import pygame

from game.ui.chips import stack_max_size
from game.ui.tables.better_hintaro.common import Selection, the
from game.ui.tables.better_hintaro.market import Hit, discard_slots, flow_minis, pot_slots


class PointerMixin:
    """Hits and the selection (mixed into :class:`BetterHintaroTable`)."""

    # ------------------------------------------------------------------ hits (cards under the pointer)
    def hits(self) -> list[Hit]:
        """Every card on screen that can be clicked or hovered, with its tooltip."""
        if self._hits is None:
            self._hits = self._board_hits() if self.mode == "board" else self._table_hits()
        return self._hits

    def hit_at(self, pos: tuple[int, int]) -> Hit | None:
        for h in self.hits():
            if h.rect.collidepoint(pos):
                return h
        return None

    def _card_tip(self, card: str, verb: str = "") -> str:
        return self.art.describe(card) + (f" · {verb}" if verb else "")

    def _board_hits(self) -> list[Hit]:
        b = self.board_layout()
        v = self.shown
        out: list[Hit] = []
        overlay = self._overlay_kind()
        if overlay is None:
            shop = v.get("shop") or {}
            for row, slots in (("newest", b.newest), ("oldest", b.oldest)):
                cards = shop.get(row, [])
                for i, r in enumerate(slots[:len(cards)]):
                    out.append(Hit(r, "shop", (row, i), self._card_tip(cards[i], "click, then Buy (B)")))
            offer = v.get("bounty_offer") or []
            holders = self._holders()
            held = self._holdings(self._focus_seat())
            for i, r in enumerate(b.bounty_slots[:len(offer)]):
                bounty = self.content.bounties[offer[i]]
                for row in self.art.bounty_rows(offer[i], r.size, held, holders):  # each item: its full name
                    who = ", ".join(holders.get(row.need, ())) or "nobody"
                    out.append(Hit(row.rect.move(r.topleft), "need", (i, row.need),
                                   f"{self._card_tip(row.need)} · held by {who} · needed by {the(bounty.name)}"))
                out.append(Hit(r, "bounty", (i,), f"{bounty.name}: {bounty.text or 'a bounty'} · click, then "
                                                      "Take (T)"))
        discard = v.get("discard") or []
        slots, _ = discard_slots(b, len(discard))
        for i, r in enumerate(slots):
            out.append(Hit(r, "discard", (i,), self._card_tip(discard[i], "click, then Auction (A)")))
        pot = v.get("pot_items") or []
        for i, r in enumerate(pot_slots(b, len(pot))):
            out.append(Hit(r, "pot", (i,), self._card_tip(pot[i], "in the pot")))
        for seat in range(self.n):
            cards = self._holdings(seat)
            rs = self._row_slots(seat)
            verb = "yours: click, then Sell (S) or Trade (R)" if seat == self.eyes else \
                f"{self._name(seat)}'s: click, then Trade (R) to ask for it"
            for i, r in enumerate(rs.minis):
                out.append(Hit(r, "held", (seat, i), self._card_tip(cards[i], verb)))
            held = self._holdings(seat)
            for r, bid, done in rs.pills:
                bounty = self.content.bounties[bid]
                if done:
                    tip = f"{bounty.name}: completed by {self._name(seat)}"
                else:
                    needs = self.art.bounty_needs(bid, held)
                    missing = [self.art.name(c) for c, ok in needs if not ok]
                    tip = f"{bounty.name}: still needs " + (", ".join(missing) if missing else "nothing")
                out.append(Hit(r, "pill", (seat, bid), tip))
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
        h = int(66 * u)
        top = self.area.bottom - h - int(4 * u)
        # clear of the player's own chips beside the plate, and of the table's rail and its dark rim (the tray's
        # top right corner sat on both at 1280x720)
        stack_x = self.stack_spot(self.eyes)[0] - stack_max_size(self.stack_d)[0] / 2
        x1 = int(min(plate.x - 28 * u, stack_x - 8 * u))
        rim = self.felt.inflate(int(76 * u), int(66 * u))
        dy = (top - rim.centery) / (rim.h / 2)
        if abs(dy) < 1:
            x1 = min(x1, int(rim.centerx - rim.w / 2 * math.sqrt(1 - dy * dy)))
        if x1 - x0 < int(120 * u):
            return None
        return pygame.Rect(x0, top, x1 - x0, h)

    def _tray_slots(self) -> list[pygame.Rect]:
        r = self.tray_rect()
        if r is None:
            return []
        u = self.u
        line = pygame.Rect(r.x + int(8 * u), r.y + int(20 * u), r.w - int(16 * u), r.h - int(24 * u))
        mh = line.h
        gap = int(14 * u) if self._tray_keys() else int(4 * u)  # room for each card's key digit beside it
        slots, _ = flow_minis(line, len(self._holdings(self.eyes)), (int(mh * 0.76), mh), gap)
        return slots

    def _tray_keys(self) -> bool:
        """While betting, each item in the tray shows the digit key that picks it."""
        return self.shown.get("phase") in ("wager", "call", "stake")

    def _pot_item_slots(self) -> list[pygame.Rect]:
        cards = self.shown.get("pot_items") or []
        if not cards:
            return []
        u = self.u
        _, _, box = self.painter.chips.pot_layout()
        mh = int(34 * u)
        mw = int(mh * 0.76)
        x = box.right + int(8 * u)
        return [pygame.Rect(x + i * (mw + int(3 * u)), box.bottom - mh, mw, mh) for i in range(min(len(cards), 8))]

    def _table_hits(self) -> list[Hit]:
        out: list[Hit] = []
        cards = self._holdings(self.eyes)
        phase = self.shown.get("phase")
        verb = {"wager": "click or press its number to add it to your call or raise",
                "call": "click or press its number to pay your call with it",
                "stake": "click or press its number to pick it as your stake"}.get(str(phase), "yours")
        for i, r in enumerate(self._tray_slots()):
            card = cards[i]
            tip = self._card_tip(card, verb if card in self.content.items else "a container cannot be bet")
            out.append(Hit(r, "tray", (i,), tip))
        pot = self.shown.get("pot_items") or []
        for i, r in enumerate(self._pot_item_slots()):
            out.append(Hit(r, "pot", (i,), self._card_tip(pot[i], "in the pot: the main pot's sole winner "
                                                                         "takes it")))
        return out

    # ------------------------------------------------------------------ selection
    def _selection_of(self, hit: Hit) -> Selection | None:
        v = self.shown
        if hit.kind == "shop":
            row, i = hit.key
            return ("shop", row, (v.get("shop") or {}).get(row, [])[i])
        if hit.kind in ("bounty", "need"):  # an item line on a bounty card picks the bounty
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
