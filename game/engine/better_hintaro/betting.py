"""Better Hintaro's betting: credits and items at face value, under a cap of 10 minimum bets a round.

A mixin of :class:`~game.engine.better_hintaro.game.BetterHintaro`. ``_plan_bet`` works out what a call or
raise costs (items first, at face value, then credits) and is shared by the check and the move, so the two
can never disagree. An item worth more than the bet needs loses the excess; a seat may not add an item the
amount does not need (the text: come "as low as they can" to the amount).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.better_hintaro.actions import act
from game.engine.better_hintaro.events import Bet, BetReturned, Stake
from game.engine.better_hintaro.pots import take_back
from game.engine.core import Action, Event, Refusal, refuse, seats_from

if TYPE_CHECKING:
    from game.engine.better_hintaro.content import Content


class BettingMixin:
    """The wager and call phases, the High Stakes stake, and handing back an unmatched raise."""

    n: int
    stacks: list[int]
    current_seat: int | None
    options: dict[str, Any]
    phase: str
    queue: list[int]
    dealer: int
    min_bet: int
    in_hand: list[bool]
    allin: list[bool]
    contrib: list[int]
    item_credit: list[int]
    wager: list[int]
    cur_bet: int
    items: list[list[str]]
    pot_items: list[list[Any]]
    pot_credit: list[int]
    loaned: list[bool]

    if TYPE_CHECKING:  # provided by the game class and the business mixin
        @property
        def content(self) -> Content: ...
        @property
        def cap(self) -> int: ...
        @property
        def wager_cap(self) -> int: ...
        def _ranges(self) -> dict[str, tuple[int, int]]: ...
        def pot_total(self) -> int: ...
        def _can_act(self, s: int) -> bool: ...
        def _holds(self, s: int, cards: tuple[str, ...] | list[str]) -> bool: ...
        def _take_cards(self, s: int, cards: tuple[str, ...] | list[str]) -> None: ...
        def _unknown(self, kind: str) -> Refusal: ...
        def _no_fields(self, action: Action) -> Refusal | None: ...
        def _pot_add(self, card: str, seat: int, credit: int) -> None: ...
        def _check_loan(self, s: int, action: Action, to_call: int | None) -> Refusal | None: ...
        def _do_loan(self, s: int) -> list[Event]: ...
        def _award_to(self, seat: int) -> list[Event]: ...
        def _start_rerolls(self) -> list[Event]: ...
        def _begin_wager(self) -> list[Event]: ...

    def _legal_bet(self, s: int) -> list[Action]:
        stack = self.stacks[s]
        to_call = self.cur_bet - self.wager[s]
        acts = [act("drop")]
        if stack >= to_call:
            acts.append(act("call"))
        elif stack > 0:
            acts.append(act("allin"))
        rng = self._ranges().get("raise")
        if rng is not None:
            lo, hi = rng
            mb = self.min_bet
            for amount in sorted({lo, 2 * mb, max(mb, self.pot_total()), hi}):
                if lo <= amount <= hi:
                    acts.append(act("raise", amount=amount))
        items = self.content.items
        held = [c for c in self.items[s] if c in items]
        single_call = False
        for card in sorted(set(held)):
            value = items[card].value
            if 0 < to_call <= value + stack:
                acts.append(act("call", items=(card,)))
                single_call = True
            if self.phase == "wager":
                amount = min(self.wager_cap, self.wager[s] + value) - self.cur_bet
                if amount >= self.min_bet:
                    acts.append(act("raise", amount=amount, items=(card,)))
        if not single_call and to_call > stack and held:
            # no one item covers the call: the most valuable items first until items and credits do
            cover: list[str] = []
            total = 0
            for card in sorted(held, key=lambda c: (-items[c].value, c)):
                cover.append(card)
                total += items[card].value
                if total + stack >= to_call:
                    acts.append(act("call", items=tuple(cover)))
                    break
        if self.options["loans"] and not self.loaned[s] and stack < to_call:
            acts.append(act("loan"))
        return acts

    def _check_bet(self, s: int, action: Action) -> Refusal | None:
        kind = action.kind
        to_call = self.cur_bet - self.wager[s]
        if kind == "drop":
            return self._no_fields(action)
        if kind == "allin":
            if self.stacks[s] == 0:
                return refuse("no_credits", f"seat {s} has no credits to go all-in with", seat=s)
            if self.stacks[s] >= to_call:
                return refuse("can_call", "all-in is for a seat that cannot cover the bet; this seat can call",
                              to_call=to_call, stack=self.stacks[s])
            return self._no_fields(action)
        if kind in ("call", "raise"):
            plan = self._plan_bet(s, action)
            return plan if isinstance(plan, Refusal) else None
        if kind == "loan":
            return self._check_loan(s, action, to_call)
        return self._unknown(kind)

    def _plan_bet(self, s: int, action: Action) -> Refusal | tuple[int, tuple[str, ...], list[int], int]:
        """(credits to put in, items bet, each one's credited value, the seat's new wager), or why it is
        illegal."""
        kind = action.kind
        allowed = ("items",) if kind == "call" else ("amount", "items")
        for k, _ in action.fields:
            if k not in allowed:
                return refuse("unexpected_field", f"a {kind} takes no {k!r}", kind=kind, field=k)
        items = action.get("items", ())
        if not isinstance(items, tuple) or not all(isinstance(x, str) for x in items):
            return refuse("bad_field", "'items' must be a list of item ids", kind=kind, field="items")
        if kind == "call":
            target = self.cur_bet
        else:
            if self.phase != "wager":
                return refuse("raises_closed",
                              "no more raises this round: the Hintaron has acted, so seats only call or drop")
            amount = action.get("amount")
            if type(amount) is not int:
                return refuse("amount_not_integer", "a raise needs a whole number 'amount' of credits", kind=kind)
            high = self.wager_cap - self.cur_bet
            if amount < self.min_bet:
                return refuse("amount_out_of_range",
                              f"a raise must be at least the minimum bet ({self.min_bet}), not {amount}",
                              kind=kind, low=self.min_bet, high=high, amount=amount)
            target = self.cur_bet + amount
            if target > self.wager_cap:
                return refuse("amount_out_of_range",
                              f"a seat may put at most {self.cap} (10 × the minimum bet, ante included) into one "
                              f"round: this raise may be at most {high}",
                              kind=kind, low=self.min_bet, high=high, amount=amount, cap=self.cap)
        need = target - self.wager[s]
        credits: list[int] = []
        if items:
            if need <= 0:
                return refuse("nothing_to_pay", "there is nothing to pay, so no item can be bet")
            catalogue = self.content.items
            for card in items:
                if card not in catalogue:
                    return refuse("not_an_item", f"{card!r} cannot be bet: only items with a value can", item=card)
            if not self._holds(s, items):
                return refuse("not_held", f"seat {s} does not hold {', '.join(items)}", seat=s, items=list(items))
            values = [catalogue[card].value for card in items]
            total = sum(values)
            if total - min(values) >= need:
                return refuse("items_overshoot",
                              f"the items come to {total} for a bet of {need}: leave out the ones not needed (an "
                              "item bet must come as close to the amount as it can)", total=total, need=need)
            left = need
            for value in values:
                credits.append(min(value, left))
                left -= credits[-1]
        put = need - sum(credits)
        if put > self.stacks[s]:
            return refuse("short_of_credits",
                          f"that needs {put} credits and seat {s} holds {self.stacks[s]}: bet items, go all-in or "
                          "drop", seat=s, need=put, stack=self.stacks[s])
        return put, items, credits, target

    def _do_bet(self, action: Action) -> list[Event]:
        s = self.current_seat
        assert s is not None
        kind = action.kind
        if kind == "loan":
            return self._do_loan(s)
        stacks = self.stacks
        put = credit = 0
        items: tuple[str, ...] = ()
        credits: list[int] = []
        if kind == "drop":
            self.in_hand[s] = False
        elif kind == "allin":
            put = stacks[s]
            self.allin[s] = True
            self.wager[s] += put
        else:
            plan = self._plan_bet(s, action)
            assert not isinstance(plan, str), plan
            put, items, credits, target = plan
            credit = sum(credits)
            self.wager[s] = target
        if put:
            stacks[s] -= put
            self.contrib[s] += put
        if items:
            self._take_cards(s, items)
            for card, c in zip(items, credits, strict=True):
                self._pot_add(card, s, c)
            self.item_credit[s] += credit
        if self.wager[s] > self.cur_bet:
            self.cur_bet = self.wager[s]
        label = kind if kind != "call" or put or items else "check"
        catalogue = self.content.items
        lost = sum(catalogue[c].value for c in items) - credit
        events = [Event("bet", s, Bet(action=label, amount=put, items=list(items), item_credits=credits,
                                      credited=credit, lost=lost, wager=self.wager[s], current_bet=self.cur_bet,
                                      pot=self.pot_total(), stack=stacks[s]))]
        self.queue.pop(0)
        live = [i for i in range(self.n) if self.in_hand[i]]
        if len(live) == 1:
            return events + self._award_to(live[0])
        if not self.queue and self.phase == "wager":
            self.phase = "call"
            self.queue = [i for i in seats_from(self.dealer - 1, self.n, -1)
                          if self._can_act(i) and self.wager[i] < self.cur_bet]
        if self.queue:
            self.current_seat = self.queue[0]
            return events
        return events + self._start_rerolls()

    def _do_stake(self, action: Action) -> list[Event]:
        s = self.current_seat
        assert s is not None
        card = action.item
        value = self.content.items[card].value
        credit = min(value, self.wager_cap - self.wager[s])
        self._take_cards(s, [card])
        self._pot_add(card, s, credit)
        self.item_credit[s] += credit
        self.wager[s] += credit
        self.cur_bet = max(self.cur_bet, self.wager[s])
        events = [Event("stake", s, Stake(item=card, credited=credit, lost=value - credit, wager=self.wager[s]))]
        self.queue.pop(0)
        if self.queue:
            self.current_seat = self.queue[0]
            return events
        return events + self._begin_wager()

    def _return_uncalled(self) -> list[Event]:
        """A raise nobody could match comes back down to the largest amount another seat put in."""
        values = [self.contrib[i] + self.item_credit[i] for i in range(self.n)]
        top = max(values)
        leaders = [i for i in range(self.n) if values[i] == top]
        if len(leaders) != 1:
            return []
        t = leaders[0]
        back = top - max(values[i] for i in range(self.n) if i != t)
        if back <= 0:
            return []
        credits = min(back, self.contrib[t])
        self.contrib[t] -= credits
        self.stacks[t] += credits
        self.item_credit[t] -= back - credits
        if back > credits:
            stakes = [[seat, c] for (_, seat), c in zip(self.pot_items, self.pot_credit, strict=True)]
            take_back(stakes, t, back - credits)
            self.pot_credit = [c for _, c in stakes]
        self.wager[t] -= back
        self.cur_bet = max(self.wager)
        return [Event("bet_returned", t, BetReturned(amount=credits, item_value_lost=back - credits,
                                                     stack=self.stacks[t], pot=self.pot_total()))]
