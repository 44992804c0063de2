"""The business stage of Better Hintaro: the Shop rows, buying and selling, bounties, auctions, trades, loans.

A mixin of :class:`~game.engine.better_hintaro.game.BetterHintaro` (it uses that class's fields). Every
move of credits between a seat and the bank changes ``self.house`` and is an event: buying and auction
prices are paid to the bank (house goes up), sales, bounty payments and loans are paid by it (house goes down).

Each action kind has a ``_check_*`` that says why it is illegal without changing anything, and a ``_do_*``
that assumes the check passed. Turn-ins are automatic (the text: "as soon as the qualifying Items are
collected"), so they are not actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.better_hintaro.actions import act
from game.engine.better_hintaro.events import (
    AuctionAsk,
    AuctionBid,
    AuctionCalled,
    AuctionItem,
    AuctionWon,
    BountyCompleted,
    BountyTaken,
    BusinessPass,
    BusinessStarted,
    ItemBought,
    ItemSold,
    LoanTaken,
    ShopUpdated,
    Trade,
)
from game.engine.core import Action, Event, Refusal, refuse, seats_from

if TYPE_CHECKING:
    from game.engine.better_hintaro.content import Content

#: items added to the Newest row each round
SHOP_DRAW = 3
#: bounty cards on offer
BOUNTY_OFFER = 3
#: active bounties a seat may hold
MAX_ACTIVE = 2
#: trade offers a seat may make in one business turn (at most one to each seat)
MAX_OFFERS = 3
#: a later bid must beat the last by this much ("I hear AMOUNT, do I hear AMOUNT+100")
BID_STEP = 100
#: the smallest ask; below it an auction ends unsold (the text's schedule: the Auction floor option off)
MIN_ASK = 10
#: what the house lends (Loans option)
LOAN = 500

_OFFER_FIELDS = ("get", "get_credits", "give", "give_credits", "to")


def insert_randomly(deck: list[str], cards: list[str] | tuple[str, ...], rng: Any) -> None:
    """Shuffle ``cards`` into a face-down ``deck`` whose order is already random (one place drawn per card)."""
    for card in cards:
        deck.insert(rng.below(len(deck) + 1), card)


def opening_ask(value: int) -> int:
    """Half the value rounded to the nearest ten, halves up: 350 -> 180, 150 -> 80, 50 -> 30."""
    return (value + 10) // 20 * 10


def step_down(ask: int) -> int:
    """The next ask when nobody bids: 100 less (50 less below 400, 10 less below 150)."""
    if ask >= 400:
        return ask - 100
    if ask >= 150:
        return ask - 50
    return ask - 10


def auction_floor(value: int) -> int:
    """The Auction floor option's lowest ask: the bank's buy-back price, half the item's value rounded to the
    nearest ten, a half-way value rounding up (25 -> 30, 75 -> 80, 175 -> 180, 65 -> 70).

    The same rounding as the opening ask, so with the option on the ask opens at the floor and never drops.
    It is never below what the bank pays (half the value rounded down), so an item bought at auction cannot
    be sold back to the bank at a profit.
    """
    return opening_ask(value)


def next_ask(ask: int, floor: int | None = None) -> int | None:
    """The ask after a round in which nobody bid, or None when the auction ends and the item stays in the
    discard pile. ``floor`` None: the text's schedule (:func:`step_down`, down to :data:`MIN_ASK`); otherwise
    the step-down stops at ``floor``: a drop that would pass it lands on it, and an ask already at it ends
    the auction unsold."""
    nxt = step_down(ask)
    if floor is None:
        return nxt if nxt >= MIN_ASK else None
    if ask <= floor:
        return None
    return max(nxt, floor)


class BusinessMixin:
    """Shop, bounties, sales, auctions, trades and loans (see the module docstring)."""

    # fields and helpers of the game class this mixes into
    n: int
    stacks: list[int]
    house: int
    current_seat: int | None
    options: dict[str, Any]
    phase: str
    queue: list[int]
    dealer: int
    round_no: int
    min_bet: int
    items: list[list[str]]
    active: list[list[str]]
    completed: list[list[str]]
    completed_value: list[list[int]]
    alive: list[bool]
    draw: list[str]
    discard: list[str]
    newest: list[str]
    oldest: list[str]
    reserve: list[str]
    bounty_offer: list[str]
    bounty_deck: list[str]
    pot_items: list[list[Any]]
    pot_credit: list[int]
    bought: list[bool]
    took: list[bool]
    loaned: list[bool]
    loans: list[int]
    turn_auctioned: bool
    turn_offers: list[int]
    auction: dict[str, Any] | None
    offer: dict[str, Any] | None
    rng: Any

    if TYPE_CHECKING:  # provided by the game class
        @property
        def content(self) -> Content: ...
        def _holds(self, s: int, cards: tuple[str, ...] | list[str]) -> bool: ...
        def _take_cards(self, s: int, cards: tuple[str, ...] | list[str]) -> None: ...
        def _give_cards(self, s: int, cards: tuple[str, ...] | list[str]) -> None: ...
        def _unknown(self, kind: str) -> Refusal: ...
        def _no_fields(self, action: Action) -> Refusal | None: ...
        def _pot_add(self, card: str, seat: int, credit: int) -> None: ...
        def _after_round(self) -> list[Event]: ...

    # ------------------------------------------------------------------ the Shop and the decks
    def _draw_card(self) -> str | None:
        """The top card of the draw deck; an empty deck is refilled from the discard pile, shuffled."""
        if not self.draw:
            if not self.discard:
                return None
            self.draw = self.discard
            self.discard = []
            self.rng.shuffle(self.draw)
        return self.draw.pop()

    def _refill_newest(self, count: int) -> tuple[list[str], list[str]]:
        """Draw ``count`` items into the Newest row; containers go to the pot and are replaced."""
        drawn: list[str] = []
        boxes: list[str] = []
        containers = self.content.containers
        while len(drawn) < count:
            card = self._draw_card()
            if card is None:
                break
            if card in containers:
                boxes.append(card)
                self._pot_add(card, -1, 0)
                continue
            drawn.append(card)
        self.newest += drawn
        return drawn, boxes

    def _update_shop(self) -> list[Event]:
        cleared = list(self.oldest)
        to_pot = None
        if self.options["discard_to_pot"] and cleared:
            to_pot = cleared.pop(self.rng.below(len(cleared)))
            self._pot_add(to_pot, -1, 0)
        self.discard += cleared
        self.oldest = self.newest
        self.newest = []
        drawn, boxes = self._refill_newest(SHOP_DRAW)
        return [Event("shop_updated", None, ShopUpdated(
            discarded=cleared, to_pot=to_pot, drawn=drawn, containers_to_pot=boxes, newest=list(self.newest),
            oldest=list(self.oldest), draw_count=len(self.draw), discard=sorted(self.discard)))]

    def _return_to_deck(self, cards: list[str] | tuple[str, ...]) -> None:
        """Items sold or turned in go back into the draw deck, which is reshuffled.

        The deck's order is already uniformly random and unseen, so putting each card in at a uniformly random
        place gives exactly the distribution of a full reshuffle, for one draw of chance instead of sixty.
        """
        insert_randomly(self.draw, cards, self.rng)

    def _refill_bounties(self) -> None:
        while len(self.bounty_offer) < BOUNTY_OFFER and self.bounty_deck:
            self.bounty_offer.append(self.bounty_deck.pop())

    # ------------------------------------------------------------------ the business stage
    def _start_business(self) -> list[Event]:
        n = self.n
        events = self._update_shop()
        self.bought = [False] * n
        self.took = [False] * n
        order = [s for s in seats_from(self.dealer - 1, n, -1) if self.alive[s]]
        events.append(Event("business_started", None, BusinessStarted(round=self.round_no, order=order)))
        for s in order:
            events += self._turn_ins(s)
        if not order:
            return events + self._after_round()
        self.phase = "business"
        self.queue = order
        self._new_turn()
        self.current_seat = order[0]
        return events

    def _new_turn(self) -> None:
        self.turn_auctioned = False
        self.turn_offers = []

    def _resume_business(self) -> None:
        self.phase = "business"
        self.auction = None
        self.offer = None
        self.current_seat = self.queue[0]

    def _bounty_value(self, bounty_id: str) -> int:
        """What a bounty pays under the table's options (an item reward counts at the item's value)."""
        b = self.content.bounties[bounty_id]
        if not self.options["payment_on_completion"]:
            return b.printed_value
        if b.payout is not None:
            return b.payout
        return self.content.value(b.reward_item)  # type: ignore[arg-type]

    def _turn_ins(self, s: int) -> list[Event]:
        """Turn in every active bounty of seat ``s`` whose items it holds, best paying first."""
        events: list[Event] = []
        bounties = self.content.bounties
        while True:
            ready = [b for b in self.active[s] if self._holds(s, bounties[b].needs)]
            if not ready:
                return events
            events += self._complete(s, max(ready, key=lambda b: (self._bounty_value(b), b)))

    def _complete(self, s: int, bounty_id: str) -> list[Event]:
        b = self.content.bounties[bounty_id]
        self._take_cards(s, b.needs)
        self._return_to_deck(b.needs)
        self.active[s].remove(bounty_id)
        self.completed[s].append(bounty_id)
        value = self._bounty_value(bounty_id)
        reward = None
        paid = value
        if self.options["payment_on_completion"] and b.reward_item is not None and b.reward_item in self.reserve:
            self.reserve.remove(b.reward_item)
            self._give_cards(s, [b.reward_item])
            reward = b.reward_item
            paid = 0
        self.completed_value[s].append(value)
        self.stacks[s] += paid
        self.house -= paid
        return [Event("bounty_completed", s, BountyCompleted(
            bounty=bounty_id, items=list(b.needs), paid=paid, reward_item=reward, value=value, bank=self.house,
            completed=len(self.completed[s]), draw_count=len(self.draw)))]

    # ------------------------------------------------------------------ legal actions
    def _legal_business(self, s: int) -> list[Action]:
        phase = self.phase
        if phase == "auction":
            return self._legal_auction(s)
        if phase == "trade":
            return [act("decline"), act("accept")]
        c = self.content
        stack = self.stacks[s]
        acts = [act("pass")]
        if not self.bought[s]:
            for row_name, row in (("newest", self.newest), ("oldest", self.oldest)):
                for card in sorted(set(row)):
                    if c.items[card].value <= stack:
                        acts.append(act("buy", item=card, row=row_name))
        if not self.took[s] and len(self.active[s]) < MAX_ACTIVE:
            acts += [act("take", bounty=b) for b in self.bounty_offer]
        acts += [act("sell", item=card) for card in sorted(set(self.items[s])) if card in c.items]
        if not self.turn_auctioned:
            acts += [act("auction", item=card) for card in sorted(set(self.discard)) if card in c.items]
        if len(self.turn_offers) < MAX_OFFERS:
            acts += self._offer_suggestions(s)
        if self.options["loans"] and not self.loaned[s] and stack < self.min_bet:
            acts.append(act("loan"))
        return acts

    def _offer_suggestions(self, s: int) -> list[Action]:
        """A few trades worth showing (any well-formed offer is accepted by ``apply``): for each other seat,
        buy its most valuable item at face value, or sell it our cheapest item at face value."""
        c = self.content
        out: list[Action] = []
        for t in seats_from(s - 1, self.n, -1):
            if t == s or not self.alive[t] or t in self.turn_offers:
                continue
            theirs = [card for card in self.items[t] if card in c.items and c.items[card].value <= self.stacks[s]]
            if theirs:
                card = max(theirs, key=lambda x: (c.items[x].value, x))
                out.append(_offer(t, (), c.items[card].value, (card,), 0))
            mine = [card for card in self.items[s] if card in c.items and c.items[card].value <= self.stacks[t]]
            if mine:
                card = min(mine, key=lambda x: (c.items[x].value, x))
                out.append(_offer(t, (card,), 0, (), c.items[card].value))
        return out

    # ------------------------------------------------------------------ checks
    def _check_business(self, s: int, action: Action) -> Refusal | None:
        phase, kind = self.phase, action.kind
        if phase == "auction":
            return self._check_auction(s, action)
        if phase == "trade":
            if kind in ("accept", "decline"):
                return self._no_fields(action)
            return self._unknown(kind)
        if kind == "pass":
            return self._no_fields(action)
        if kind == "buy":
            return self._check_buy(s, action)
        if kind == "take":
            return self._check_take(s, action)
        if kind == "sell":
            return self._check_sell(s, action)
        if kind == "auction":
            return self._check_call_auction(action)
        if kind == "offer":
            return self._check_offer(s, action)
        if kind == "loan":
            return self._check_loan(s, action, None)
        return self._unknown(kind)

    @staticmethod
    def _fields(action: Action, *names: str) -> Refusal | None:
        got = [k for k, _ in action.fields]
        if sorted(got) != sorted(names):
            return refuse("bad_field", f"a {action.kind} needs exactly: {', '.join(names)}", kind=action.kind,
                          fields=list(names))
        return None

    def _check_buy(self, s: int, action: Action) -> Refusal | None:
        bad = self._fields(action, "item", "row")
        if bad:
            return bad
        if self.bought[s]:
            return refuse("already_bought",
                          "one purchase a round: this seat has already bought from the Shop this round")
        row = {"newest": self.newest, "oldest": self.oldest}.get(action.row) if isinstance(action.row, str) \
            else None
        if row is None:
            return refuse("bad_field", "row must be 'newest' or 'oldest'", kind="buy", field="row")
        if action.item not in row:
            return refuse("not_in_row", f"the {action.row} row has no {action.item!r}", row=action.row,
                          item=action.item)
        price = self.content.value(action.item)
        if self.stacks[s] < price:
            return refuse("short_of_credits", f"{action.item!r} costs {price} credits (the Shop takes credits "
                          f"only); seat {s} holds {self.stacks[s]}", seat=s, need=price, stack=self.stacks[s],
                          item=action.item)
        return None

    def _check_take(self, s: int, action: Action) -> Refusal | None:
        bad = self._fields(action, "bounty")
        if bad:
            return bad
        if self.took[s]:
            return refuse("already_took", "one bounty a round: this seat has already taken one this round")
        if len(self.active[s]) >= MAX_ACTIVE:
            return refuse("bounty_limit", f"a seat may hold at most {MAX_ACTIVE} active bounties",
                          limit=MAX_ACTIVE)
        if action.bounty not in self.bounty_offer:
            return refuse("not_on_offer", f"{action.bounty!r} is not on offer", bounty=action.bounty)
        return None

    def _check_sell(self, s: int, action: Action) -> Refusal | None:
        bad = self._fields(action, "item")
        if bad:
            return bad
        card = action.item
        if not isinstance(card, str) or card not in self.content.items:
            return refuse("not_an_item", f"{card!r} cannot be sold: the bank buys only items with a value",
                          item=card)
        if card not in self.items[s]:
            return refuse("not_held", f"seat {s} does not hold {card!r}", seat=s, items=[card])
        return None

    def _check_call_auction(self, action: Action) -> Refusal | None:
        bad = self._fields(action, "item")
        if bad:
            return bad
        if self.turn_auctioned:
            return refuse("already_auctioned", "one auction per business turn: this seat has already called one")
        card = action.item
        if not isinstance(card, str) or card not in self.content.items:
            return refuse("not_an_item", f"{card!r} cannot be auctioned: only items with a value can", item=card)
        if card not in self.discard:
            return refuse("not_in_discard", f"the discard pile has no {card!r}", item=card)
        return None

    def _check_offer(self, s: int, action: Action) -> Refusal | None:
        for k, _ in action.fields:
            if k not in _OFFER_FIELDS:
                return refuse("unexpected_field", f"an offer takes to, give, give_credits, get and get_credits, "
                              f"not {k!r}", kind="offer", field=k)
        t = action.get("to")
        give, get = action.get("give", ()), action.get("get", ())
        give_c, get_c = action.get("give_credits", 0), action.get("get_credits", 0)
        if type(t) is not int or not 0 <= t < self.n or t == s:
            return refuse("bad_trade_partner", "an offer goes 'to' another seat at the table", to=t)
        if not self.alive[t]:
            return refuse("seat_out", f"seat {t} is out of the game", seat=t)
        if t in self.turn_offers:
            return refuse("already_offered", f"this seat has already made seat {t} an offer this turn", seat=t)
        if len(self.turn_offers) >= MAX_OFFERS:
            return refuse("offer_limit", f"at most {MAX_OFFERS} trade offers per business turn", limit=MAX_OFFERS)
        for name, cards in (("give", give), ("get", get)):
            if not isinstance(cards, tuple) or not all(isinstance(x, str) for x in cards):
                return refuse("bad_field", f"'{name}' must be a list of card ids", kind="offer", field=name)
        for name, credits in (("give_credits", give_c), ("get_credits", get_c)):
            if type(credits) is not int or credits < 0:
                return refuse("amount_not_integer", f"'{name}' must be a whole number of credits, 0 or more",
                              kind="offer", field=name)
        if give_c and get_c:
            return refuse("credits_both_ways", "credits may go one way only: net them out")
        if not (give or give_c) or not (get or get_c):
            return refuse("empty_side", "a trade needs something on each side")
        if not self._holds(s, give):
            return refuse("not_held", f"seat {s} does not hold {', '.join(give)}", seat=s, items=list(give))
        if not self._holds(t, get):
            return refuse("not_held", f"seat {t} does not hold {', '.join(get)}", seat=t, items=list(get))
        if self.stacks[s] < give_c:
            return refuse("short_of_credits", f"seat {s} holds only {self.stacks[s]} credits", seat=s,
                          need=give_c, stack=self.stacks[s])
        if self.stacks[t] < get_c:
            return refuse("short_of_credits", f"seat {t} holds only {self.stacks[t]} credits", seat=t,
                          need=get_c, stack=self.stacks[t])
        return None

    def _check_loan(self, s: int, action: Action, to_call: int | None) -> Refusal | None:
        bad = self._no_fields(action)
        if bad:
            return bad
        if not self.options["loans"]:
            return refuse("loans_off", "loans are off at this table (the Loans option)")
        if self.loaned[s]:
            return refuse("loan_taken", "one loan per round")
        if to_call is not None and self.stacks[s] >= to_call:
            return refuse("loan_not_needed", "a loan is for a seat that cannot cover the bet it faces",
                          stack=self.stacks[s], need=to_call)
        if to_call is None and self.stacks[s] >= self.min_bet:
            return refuse("loan_not_needed",
                          "a loan in the business stage is for a seat holding less than the minimum bet",
                          stack=self.stacks[s], need=self.min_bet)
        return None

    # ------------------------------------------------------------------ doing
    def _do_business(self, action: Action) -> list[Event]:
        s = self.current_seat
        assert s is not None
        phase, kind = self.phase, action.kind
        if phase == "auction":
            return self._do_auction(s, action)
        if phase == "trade":
            return self._do_trade_answer(s, kind == "accept")
        if kind == "pass":
            self.queue.pop(0)
            events = [Event("business_pass", s, BusinessPass())]
            if self.queue:
                self._new_turn()
                self.current_seat = self.queue[0]
                return events
            self.phase = "between"
            return events + self._after_round()
        if kind == "buy":
            return self._do_buy(s, action.item, action.row)
        if kind == "take":
            return self._do_take(s, action.bounty)
        if kind == "sell":
            return self._do_sell(s, action.item)
        if kind == "auction":
            return self._do_call_auction(s, action.item)
        if kind == "offer":
            return self._do_offer(s, action)
        return self._do_loan(s)

    def _do_buy(self, s: int, card: str, row_name: str) -> list[Event]:
        price = self.content.value(card)
        row = self.newest if row_name == "newest" else self.oldest
        row.remove(card)
        self.stacks[s] -= price
        self.house += price
        self._give_cards(s, [card])
        self.bought[s] = True
        drawn, boxes = self._refill_newest(1)
        events = [Event("item_bought", s, ItemBought(
            item=card, row=row_name, price=price, bank=self.house, drawn=drawn, containers_to_pot=boxes,
            draw_count=len(self.draw), discard=sorted(self.discard)))]
        return events + self._turn_ins(s)

    def _do_take(self, s: int, bounty_id: str) -> list[Event]:
        self.bounty_offer.remove(bounty_id)
        self.active[s].append(bounty_id)
        self.took[s] = True
        self._refill_bounties()
        events = [Event("bounty_taken", s, BountyTaken(bounty=bounty_id, bounty_offer=list(self.bounty_offer),
                                                       bounty_deck_count=len(self.bounty_deck)))]
        return events + self._turn_ins(s)

    def _sell(self, s: int, card: str) -> Event:
        price = self.content.value(card) // 2
        self._take_cards(s, [card])
        self.stacks[s] += price
        self.house -= price
        self._return_to_deck([card])
        return Event("item_sold", s, ItemSold(item=card, price=price, bank=self.house, draw_count=len(self.draw)))

    def _do_sell(self, s: int, card: str) -> list[Event]:
        return [self._sell(s, card)]

    def _do_loan(self, s: int) -> list[Event]:
        self.stacks[s] += LOAN
        self.house -= LOAN
        self.loans[s] += LOAN
        self.loaned[s] = True
        held = [("active", b) for b in self.active[s]] + [("completed", b) for b in self.completed[s]]
        taken = None
        if held:
            where, taken = held[self.rng.below(len(held))]
            if where == "active":
                self.active[s].remove(taken)
            else:
                i = self.completed[s].index(taken)
                del self.completed[s][i]
                del self.completed_value[s][i]
            insert_randomly(self.bounty_deck, [taken], self.rng)
            self._refill_bounties()
        return [Event("loan_taken", s, LoanTaken(
            amount=LOAN, bounty_taken=taken, owed=self.loans[s], bank=self.house, stack=self.stacks[s],
            active=list(self.active[s]), completed=list(self.completed[s]),
            completed_values=list(self.completed_value[s]), bounty_offer=list(self.bounty_offer),
            bounty_deck_count=len(self.bounty_deck)))]

    # ------------------------------------------------------------------ trades
    def _do_offer(self, s: int, action: Action) -> list[Event]:
        t = action.to
        self.offer = {"from": s, "to": t, "give": list(action.get("give", ())),
                      "give_credits": action.get("give_credits", 0), "get": list(action.get("get", ())),
                      "get_credits": action.get("get_credits", 0)}
        self.turn_offers.append(t)
        self.phase = "trade"
        self.current_seat = t
        return [Event("trade_offered", s, _trade(self.offer))]

    def _do_trade_answer(self, t: int, accept: bool) -> list[Event]:
        offer = self.offer
        assert offer is not None
        s = offer["from"]
        events: list[Event]
        if accept:
            self._take_cards(s, offer["give"])
            self._take_cards(t, offer["get"])
            self._give_cards(t, offer["give"])
            self._give_cards(s, offer["get"])
            net = offer["give_credits"] - offer["get_credits"]
            self.stacks[s] -= net
            self.stacks[t] += net
            events = [Event("trade_accepted", t, _trade(offer))]
            events += self._turn_ins(s) + self._turn_ins(t)
        else:
            events = [Event("trade_declined", t, _trade(offer))]
        self._resume_business()
        return events

    # ------------------------------------------------------------------ auctions
    def _funds(self, s: int) -> int:
        """Credits seat ``s`` could raise for a bid: its credits plus what its items would sell for."""
        c = self.content
        return self.stacks[s] + sum(c.items[card].value // 2 for card in self.items[s] if card in c.items)

    def _bid_floor(self) -> int:
        a = self.auction
        assert a is not None
        return a["high"] + BID_STEP if a["bidder"] >= 0 else a["ask"]

    def _legal_auction(self, s: int) -> list[Action]:
        acts = [act("pass")]
        lo = self._bid_floor()
        hi = self.stacks[s]
        for amount in sorted({lo, lo + BID_STEP, hi}):
            if lo <= amount <= hi:
                acts.append(act("bid", amount=amount))
        c = self.content
        acts += [act("sell", item=card) for card in sorted(set(self.items[s])) if card in c.items]
        return acts

    def _check_auction(self, s: int, action: Action) -> Refusal | None:
        kind = action.kind
        if kind == "pass":
            return self._no_fields(action)
        if kind == "sell":
            return self._check_sell(s, action)
        if kind == "bid":
            bad = self._fields(action, "amount")
            if bad:
                return bad
            amount = action.amount
            if type(amount) is not int:
                return refuse("amount_not_integer", "a bid is a whole number of credits", kind="bid")
            lo = self._bid_floor()
            if amount < lo:
                a = self.auction
                assert a is not None
                if a["bidder"] >= 0:
                    return refuse("amount_out_of_range",
                                  f"a bid must beat {a['high']} by at least {BID_STEP}: {lo} or more",
                                  kind="bid", low=lo, high=self.stacks[s], amount=amount)
                return refuse("amount_out_of_range", f"the ask is {lo}: a bid must meet it", kind="bid", low=lo,
                              high=self.stacks[s], amount=amount)
            if amount > self.stacks[s]:
                return refuse("short_of_credits",
                              f"a bid must be backed by credits: seat {s} holds {self.stacks[s]} (sell items first)",
                              seat=s, need=amount, stack=self.stacks[s])
            return None
        return self._unknown(kind)

    def _do_call_auction(self, s: int, card: str) -> list[Event]:
        value = self.content.value(card)
        ask = opening_ask(value)
        order = [p for p in seats_from(s, self.n, -1) if self.alive[p]]
        self.auction = {"item": card, "caller": s, "opening": ask, "ask": ask, "high": 0, "bidder": -1,
                        "order": order, "pending": list(order)}
        if self.options["auction_floor"]:  # only then: with the option off the events are the text's, unchanged
            self.auction["floor"] = auction_floor(value)
        self.turn_auctioned = True
        self.phase = "auction"
        events = [Event("auction_called", s, AuctionCalled(item=card, value=value, ask=ask))]
        return events + self._auction_continue()

    def _do_auction(self, s: int, action: Action) -> list[Event]:
        a = self.auction
        assert a is not None
        kind = action.kind
        if kind == "sell":
            return [self._sell(s, action.item)]
        if kind == "pass":
            a["pending"].pop(0)
            events = [Event("auction_pass", s, AuctionItem(item=a["item"]))]
        else:
            a["high"] = action.amount
            a["bidder"] = s
            a["pending"] = [p for p in seats_from(s - 1, self.n, -1) if p != s and self.alive[p]]
            events = [Event("auction_bid", s, AuctionBid(item=a["item"], amount=action.amount))]
        return events + self._auction_continue()

    def _auction_continue(self) -> list[Event]:
        """Ask the next seat that could pay; sell when a bid stands unbeaten; drop the ask when nobody bids
        (never below the floor, with the Auction floor option: nobody taking it there leaves it unsold)."""
        a = self.auction
        assert a is not None
        events: list[Event] = []
        dropped = False
        while True:
            need = self._bid_floor()
            a["pending"] = [p for p in a["pending"] if self._funds(p) >= need]
            if a["pending"]:
                if dropped:
                    events.append(Event("auction_ask", None, AuctionAsk(item=a["item"], ask=a["ask"])))
                self.current_seat = a["pending"][0]
                return events
            if a["bidder"] >= 0:
                return events + self._auction_sold()
            nxt = next_ask(a["ask"], a.get("floor"))
            if nxt is None:
                events.append(Event("auction_unsold", None, AuctionItem(item=a["item"])))
                self._resume_business()
                return events
            a["ask"] = nxt
            a["pending"] = list(a["order"])
            dropped = True

    def _auction_sold(self) -> list[Event]:
        a = self.auction
        assert a is not None
        winner, price, card = a["bidder"], a["high"], a["item"]
        self.stacks[winner] -= price
        self.house += price
        self.discard.remove(card)
        self._give_cards(winner, [card])
        events = [Event("auction_won", winner, AuctionWon(item=card, price=price, bank=self.house))]
        events += self._turn_ins(winner)
        self._resume_business()
        return events


def _offer(to: int, give: tuple[str, ...], give_credits: int, get: tuple[str, ...], get_credits: int) -> Action:
    return act("offer", to=to, give=give, give_credits=give_credits, get=get, get_credits=get_credits)


def _trade(offer: dict[str, Any]) -> Trade:
    return Trade({"from": offer["from"], "to": offer["to"], "give": list(offer["give"]),
                  "give_credits": offer["give_credits"], "get": list(offer["get"]),
                  "get_credits": offer["get_credits"]})
