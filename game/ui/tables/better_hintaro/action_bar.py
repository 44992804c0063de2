"""The action bar of the Better Hintaro table: a button per verb (bet, stake, buy, take a bounty, sell,
auction, trade, bid, answer), each enabled only when the engine says the move is legal, its refusal the
tooltip otherwise; the bar's heading and the status line say whose turn it is in words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.core import Action
from game.ui.refusals import refusal_words
from game.ui.tables.base import ActionSpec
from game.ui.tables.better_hintaro.common import SIGNS, the, ucfirst
from game.ui.tables.better_hintaro.trade_builder import offer_side


@dataclass
class UISpec(ActionSpec):
    """A bar button that changes what the table shows (opens the trade builder) instead of acting."""

    callback: Callable[[], None] | None = None



class ActionBarMixin:
    """The action bar's buttons and words (mixed into :class:`BetterHintaroTable`)."""

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
            return the(c.name(key)) if isinstance(key, str) else "that card"

        def cards(keys: Any) -> str:
            return offer_side([k for k in keys or () if isinstance(k, str)], 0, c)

        holds = "hold" if p.get("seat") == self.eyes else "holds"
        words: dict[str, Callable[[], str]] = {
            "not_held": lambda: f"{ucfirst(seat(p.get('seat')))} {'do' if holds == 'hold' else 'does'} not hold "
                                f"{cards(p.get('items'))}.",
            "short_of_credits": lambda: f"That needs {p.get('need', 0):,} credits; {seat(p.get('seat'))} {holds} "
                                        f"{p.get('stack', 0):,}.",
            "not_an_item": lambda: f"{ucfirst(card(p.get('item')))} has no value: only items can be bet, sold or "
                                   "auctioned.",
            "not_in_row": lambda: f"The {p.get('row')} row has no {c.name(str(p.get('item')))}.",
            "not_in_discard": lambda: f"The discard pile has no {c.name(str(p.get('item')))}.",
            "not_on_offer": lambda: f"{card(p.get('bounty'))} is not on offer.",
            "seat_out": lambda: f"{ucfirst(seat(p.get('seat')))} is out of the game.",
            "already_offered": lambda: f"You have already made {seat(p.get('seat'))} an offer this turn.",
            "loan_not_needed": lambda: f"A loan is only for a seat short of {p.get('need', 0):,} credits.",
            "items_overshoot": lambda: f"Those items come to {p.get('total', 0):,} for a bet of {p.get('need', 0):,}:"
                                       " leave out the ones not needed.",
            "not_a_target": lambda: f"{ucfirst(seat(p.get('target')))} won nothing this round: only a winner can be "
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
        return ActionSpec(label, tip if why is None else ucfirst(why), key, key_label, action=action,
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
        names = offer_side(cards, 0, self.content)
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
            tip = ucfirst(self._items_words(picked, to_call))
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
        tip = (f"Put {the(self.art.name(picked[0]))} in the pot: its value counts toward your bet, up to the cap"
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
            self._spec("Leave the game", "Out for good: your credits and items go to the Shop", pygame.K_x, "X",
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
            self._spec(buy_label, f"Buy {the(self.art.name(buy.item))} for {c.value(buy.item):,} credits from the "
                       "bank (one purchase a round)" if buy is not None else "", pygame.K_b, "B", buy,
                       "Pick a Shop card first (click it, or ←/→)"),
            self._spec("Take", f"Take on {c.bounties[take.bounty].name}: it pays once you hold all its "
                       "items (one bounty a round, two open at most)" if take is not None else "", pygame.K_t, "T",
                       take, "Pick a bounty on offer first"),
            self._spec(sell_label, f"Sell {the(self.art.name(sell.item))} to the bank for half its value"
                       if sell is not None else "", pygame.K_s, "S", sell, "Pick one of your own items first"),
            self._spec("Auction", f"Auction {the(self.art.name(auction.item))} from the discard pile: bidding opens "
                       f"at half its value" if auction is not None else "", pygame.K_a, "A", auction,
                       "Pick a card in the discard pile first"),
            UISpec("Trade", "Offer another seat a trade: items and credits, binding once accepted (up to three "
                   "offers a turn)" if self.can_trade() else "No trade possible now (three offers a turn, one per "
                   "seat)", pygame.K_r, "R", enabled=self.can_trade(), callback=self.open_trade),
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
        tip = ucfirst(problem) if problem else f"Offer {self._name(self.draft.to if self.draft else None)}: " \
            f"{self._offer_words(act)}"
        return [
            UISpec("Send offer", tip, pygame.K_RETURN, "Enter", enabled=problem is None, primary=True,
                   callback=self.send_offer),
            UISpec("Cancel", "Close the offer without sending it", pygame.K_ESCAPE, "Esc", callback=self.close_trade),
        ]

    def _offer_words(self, act: Action | None) -> str:
        if act is None:
            return ""
        give = offer_side(act.get("give", ()), act.get("give_credits", 0), self.content)
        get = offer_side(act.get("get", ()), act.get("get_credits", 0), self.content)
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
            words = (f"you give {offer_side(offer.get('get', []), offer.get('get_credits', 0), self.content)}, "
                     f"you get {offer_side(offer.get('give', []), offer.get('give_credits', 0), self.content)}")
        return [
            self._spec("Accept", ucfirst(words) + " (binding)" if words else "", pygame.K_a, "A", Action("accept"), "",
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
            n = len(self.trade_targets())  # the number keys that pick a seat: one per seat on offer, never "1–9"
            keys = "1" if n <= 1 else f"1–{n}"
            return (f"OFFER A TRADE: seat ({keys}), items (click, or ↑/↓ and Space), credits (+/−), then Send offer "
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
                return f"your {self.art.describe(card)}: {sale}Trade (R)"
            return f"{self._name(sel[1])}'s {self.art.describe(card)}: Trade (R) to ask for it"
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
