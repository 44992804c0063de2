"""Events become beats on the Better Hintaro table: cards fly from the Shop to a seat, from a seat to the bank,
the Shop turns over, the pot pays out. Each beat shows the view the engine's fold gives after its event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine.core import Event
from game.ui import theme
from game.ui.anim import Anim, Beat, banner_seconds
from game.ui.draw import panel
from game.ui.tables.base import Banner
from game.ui.tables.better_hintaro.victory import victory_sentence
from game.ui.tween import ease_in_out_cubic, lerp_point


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



class MarketBanner(Banner):
    """A banner that, while the market board shows, lies in the board's news band as one line (title, then
    what it means) instead of over the felt's middle: the board is all panels, and a banner must cover none."""

    def _band(self) -> tuple[pygame.Surface, pygame.Surface | None, pygame.Rect]:
        tb = self.table
        u = tb.u
        band = tb.board_layout().news
        big = tb.text.render(self.text.upper(), int(26 * u), theme.AMBER, "head")
        room = band.w - big.get_width() - int(56 * u)
        sub = tb.text.fit(self.sub, int(16 * u), room) if self.sub and room > int(60 * u) else ""
        small = tb.text.render(sub, int(16 * u), theme.CREAM) if sub else None
        w = big.get_width() + (small.get_width() + int(16 * u) if small else 0) + int(40 * u)
        r = pygame.Rect(0, 0, min(w, band.w), band.h)
        r.center = band.center
        return big, small, r

    def bounds(self) -> pygame.Rect | None:
        if getattr(self.table, "mode", "") != "board":
            return super().bounds()
        return self._band()[2]

    def draw(self, surf: pygame.Surface) -> None:
        if getattr(self.table, "mode", "") != "board":
            super().draw(surf)
            return
        big, small, r = self._band()
        u = self.table.u
        panel(surf, r, (10, 10, 14), theme.AMBER, radius=int(12 * u), alpha=235, width=2)
        x = r.x + int(20 * u)
        surf.blit(big, big.get_rect(midleft=(x, r.centery)))
        if small is not None:
            surf.blit(small, small.get_rect(midleft=(x + big.get_width() + int(16 * u), r.centery + int(1 * u))))


class StoryMixin:
    """Events to beats (mixed into :class:`BetterHintaroTable`)."""

    # ------------------------------------------------------------------ events -> beats
    def banner(self, text: str, sub: str = "", duration: float = 1.6) -> None:
        """As every table's banner, but in the market board's news band while the board shows."""
        self.anims.append(MarketBanner(text, sub, banner_seconds(duration, self.speed(), text, sub), self))

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
                    self.banner(f"{names[w]} wins the game", victory_sentence(d, names), 2.0)
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
