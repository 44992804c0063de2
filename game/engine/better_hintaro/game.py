"""Better Hintaro: core Hintaro betting with items, plus a business stage of shop, bounties, auctions and trades.

A round (see RULINGS.md, "Better Hintaro", and ``RULINGS_NOTES`` below for what we decided):

1. The Hintaron passes **right** (not in round 1). Every seat with credits antes the minimum bet; every seat
   throws its two dice, all visible.
2. ``stake`` (High Stakes round only): each seat holding an item must put one in the pot.
3. ``wager``: from the Hintaron's right, going right, ending with the Hintaron: ``call`` (check), ``raise``,
   ``drop``, ``allin`` (a seat that cannot cover the bet), each of ``call``/``raise`` optionally paid with
   ``items`` at face value; ``loan`` (option). A seat's total in one round, ante included, is capped at 10 × the
   minimum bet. ``call`` phase: everyone still short calls or drops, no more raises.
4. ``reroll``: from the Hintaron's left, each seat still in keeps or rerolls one die.
5. Showdown: the Hintaro die cancels one symbol on every seat's dice (the core Hintaro functions); pots are
   paid in credits, each item card goes to the sole winner of the highest pot layer its value reached, the
   lower layers being paid their part of it in credits (see :mod:`.pots`).
6. ``challenge``/``duel`` (Shootout option): a seat that lost the showdown may draw on a winner; with the
   Loans option the loser of the duel may ``loan`` to buy back in (``buyback`` phase) or ``pass`` and leave.
7. ``business`` (skipped in the High Stakes round): the Shop rows cycle, then each seat from the Hintaron's
   right takes one turn of ``buy``, ``take`` (a bounty), ``sell``, ``auction``, ``offer`` (a trade), ``loan``,
   ending with ``pass``. An ``auction`` runs its own ``bid``/``pass`` phase; an ``offer`` hands the turn to the
   other seat to ``accept`` or ``decline``. Completed bounties are turned in automatically, at once.

After the round limit (and the High Stakes round, if on): containers are opened, the last bounties turned in,
loans repaid, and the seat with the most completed bounties wins (tie-breakers as written; a final tie is a
``tiebreak`` shootout of secret ``pick`` actions).

Every step ends with a ``turn`` event (whose turn, the phase's public state), so that a seat's view is the fold
of the events it saw (:mod:`.reducer`).

Seats are numbered clockwise seen from above: a seat's left neighbour is ``seat + 1``, its right ``seat - 1``.
"""

from __future__ import annotations

from typing import Any

from game.engine.better_hintaro.actions import act
from game.engine.better_hintaro.betting import BettingMixin
from game.engine.better_hintaro.business import BusinessMixin
from game.engine.better_hintaro.content import Content, load_content
from game.engine.better_hintaro.endgame import EndgameMixin
from game.engine.better_hintaro.events import (
    EVENTS,
    Antes,
    DiceThrown,
    GameSetup,
    HintaronPassed,
    HintaroThrown,
    ItemsCarried,
    ItemsWon,
    Keep,
    PotCarried,
    PotWon,
    Reroll,
    RoundOver,
    RoundStarted,
    Turn,
)
from game.engine.better_hintaro.pots import credit_pots
from game.engine.better_hintaro.reducer import derived, reduce_view
from game.engine.better_hintaro.rulings import REFUSALS, RULINGS_NOTES
from game.engine.better_hintaro.shootout import SIGNS
from game.engine.core import ROUNDS, STACK, Action, Event, OptionSpec, Refusal, Rng, State, refuse, seats_from
from game.engine.hintaro import HINTARO_FACES, PLAYER_FACES, RANK_NAMES, STANDINGS, cancel, symbols
from game.engine.showdown import standing_reason

_RANK_OF = {name: i for i, name in enumerate(RANK_NAMES)}
#: the text's table of minimum bets per lap of the Hintaron (Rising Minimum Bet option), for a base bet of 10
LAP_MIN_BETS: tuple[int, ...] = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000)
#: a seat's wager in one round may not pass this many minimum bets
CAP_FACTOR = 10

class BetterHintaro(BettingMixin, BusinessMixin, EndgameMixin, State):
    """Better Hintaro for 2–8 seats; the module docstring describes a round."""

    game_id = "better_hintaro"
    title = "Better Hintaro"
    min_seats = 2
    max_seats = 8
    RANK_NAMES = RANK_NAMES
    RULINGS_NOTES = RULINGS_NOTES
    EVENT_KINDS = EVENTS
    REFUSALS = REFUSALS
    reduce_view = staticmethod(reduce_view)
    OPTIONS = (
        ROUNDS,
        STACK,
        OptionSpec("min_bet", 10, "the minimum bet: the ante and the smallest raise (the cap is 10×)",
                   min=1, max=10**6),
        OptionSpec("rising_min_bet", False, "the minimum bet rises every lap of the Hintaron (10, 20, 50, ...)",
                   type=bool),
        OptionSpec("loans", False, "the bank lends 500 credits to a seat that cannot cover a bet, taking a "
                   "bounty", type=bool),
        OptionSpec("high_stakes", False, "High Stakes Showdown: one last round with no business, every seat "
                   "stakes an item", type=bool),
        OptionSpec("shootout", False, "a seat that lost a showdown may challenge a winner to a shootout",
                   type=bool),
        OptionSpec("discard_to_pot", False, "one random item from the cleared Oldest row goes into the pot",
                   type=bool),
        OptionSpec("payment_on_completion", True, "bounties pay the text's recomputed amounts (off: the card's "
                   "printed value)", type=bool),
        OptionSpec("auction_floor", True, "Auction floor: an auction's ask never drops below the bank's buy-back "
                   "price (half the value, to the nearest ten); unsold there, the item stays in the discard pile "
                   "(off: the text's step-down)", type=bool, legacy=False),
    )

    @property
    def content(self) -> Content:
        """The shared, validated decks (never copied into the state)."""
        return load_content()

    @property
    def cap(self) -> int:
        """The most a seat may put in during one round, ante included (10 × the minimum bet)."""
        return CAP_FACTOR * self.min_bet

    @property
    def wager_cap(self) -> int:
        """The most a seat's wager (its bets after the ante) may reach: the cap less one ante."""
        return self.cap - self.min_bet

    # ------------------------------------------------------------------ setup and round flow
    def _setup(self) -> list[Event]:
        n = self.n
        c = self.content
        self.phase = "over"
        self.queue: list[int] = []
        self.alive = [True] * n
        self.in_hand = [False] * n
        self.allin = [False] * n
        self.contrib = [0] * n
        self.item_credit = [0] * n
        self.wager = [0] * n
        self.cur_bet = 0
        self.dice: list[list[str]] = [[] for _ in range(n)]
        self.carry = 0
        self.carry_from = [False] * n
        self.pot_items: list[list[Any]] = []  # [card, seat that bet it (-1: none)]
        self.pot_credit: list[int] = []  # each pot item's credited value this round (0: it came in free)
        self.carry_odd: list[int] | None = None  # per seat: odd chips of its split in the carry (None: none)
        self.last_showdown: dict[str, Any] | None = None
        self.round_won = [0] * n
        self.round_items: list[list[str]] = [[] for _ in range(n)]
        self.items: list[list[str]] = [[] for _ in range(n)]  # items and containers held, sorted
        self.active: list[list[str]] = [[] for _ in range(n)]
        self.completed: list[list[str]] = [[] for _ in range(n)]
        self.completed_value: list[list[int]] = [[] for _ in range(n)]
        self.loans = [0] * n
        self.debt = [0] * n
        self.loaned = [False] * n
        self.bought = [False] * n
        self.took = [False] * n
        self.turn_auctioned = False
        self.turn_offers: list[int] = []
        self.auction: dict[str, Any] | None = None
        self.offer: dict[str, Any] | None = None
        self.duel: dict[str, Any] | None = None
        self.tiebreak: dict[str, Any] | None = None
        self.challengers: list[int] = []
        self.result: dict[str, Any] | None = None
        self.min_bet = self.options["min_bet"]
        self.lap = 1
        self.high_stakes = False
        # the decks: deal the starting tiers, then shuffle everything else together
        deck = c.deck()
        for tier in c.starting_tiers:
            pool = [card for card in deck if card in c.items and c.items[card].tier == tier]
            rest = [card for card in deck if not (card in c.items and c.items[card].tier == tier)]
            self.rng.shuffle(pool)
            for s in range(n):
                self.items[s].append(pool.pop())
            deck = rest + pool
        for held in self.items:
            held.sort()
        self.rng.shuffle(deck)
        self.draw: list[str] = deck
        self.discard: list[str] = []
        self.newest: list[str] = []
        self.oldest: list[str] = []
        self.reserve: list[str] = c.reserve()
        bounties = list(c.bounties)
        self.rng.shuffle(bounties)
        self.bounty_offer: list[str] = [bounties.pop() for _ in range(min(3, len(bounties)))]
        self.bounty_deck: list[str] = bounties
        self.dealer = 0
        events = [Event("game_setup", None, GameSetup(
            items=[list(h) for h in self.items], bounty_offer=list(self.bounty_offer),
            bounty_deck_count=len(self.bounty_deck), draw_count=len(self.draw), reserve=list(self.reserve)))]
        events += self._start_round(first=True)
        return [*events, self._turn_event()]

    def _pass_hintaron(self) -> None:
        """The Hintaro die moves right to the next seat that can play; a lap ends each time seat 0 is passed."""
        n = self.n
        for step in range(1, n + 1):
            seat = (self.dealer - step) % n
            if seat == 0:
                self.lap += 1
            if self.alive[seat] and self.stacks[seat] > 0:
                self.dealer = seat
                break
        if self.options["rising_min_bet"]:
            row = LAP_MIN_BETS[min(self.lap, len(LAP_MIN_BETS)) - 1]
            self.min_bet = max(1, row * self.options["min_bet"] // LAP_MIN_BETS[0])

    def _start_round(self, first: bool = False) -> list[Event]:
        n = self.n
        stacks = self.stacks
        playing = [self.alive[s] and stacks[s] > 0 for s in range(n)]
        if sum(playing) < 2:  # the session ends before the Hintaron passes: the last hand's dealer settles it
            return self._finish()
        passed: list[Event] = []
        if not first:
            self._pass_hintaron()
            passed.append(Event("hintaron_passed", None, HintaronPassed(
                dealer=self.dealer, lap=self.lap, min_bet=self.min_bet, cap=self.cap)))
        self.round_no += 1
        dealer = self.dealer
        self.in_hand = playing
        self.allin = [False] * n
        self.contrib = [0] * n
        self.item_credit = [0] * n
        self.wager = [0] * n
        self.cur_bet = 0
        self.loaned = [False] * n
        self.round_won = [0] * n
        self.round_items = [[] for _ in range(n)]
        self.challengers = []
        ante = self.min_bet
        antes = [0] * n
        for s in seats_from(dealer + 1, n):
            if playing[s]:
                a = ante if stacks[s] >= ante else stacks[s]
                stacks[s] -= a
                self.contrib[s] = a
                antes[s] = a
        below = self.rng.below
        self.dice = [[PLAYER_FACES[below(6)], PLAYER_FACES[below(6)]] if playing[s] else [] for s in range(n)]
        events = [
            *passed,
            Event("round_started", None, RoundStarted(
                round=self.round_no, dealer=dealer, playing=list(playing), min_bet=self.min_bet, cap=self.cap,
                lap=self.lap, high_stakes=self.high_stakes)),
            Event("antes", None, Antes(amounts=antes, pot=self.pot_total())),
            Event("dice_thrown", None, DiceThrown(dice=[list(d) for d in self.dice])),
        ]
        if self.high_stakes:
            stakers = [s for s in seats_from(dealer - 1, n, -1) if playing[s] and self._bettable(s)]
            if stakers:
                self.phase = "stake"
                self.queue = stakers
                self.current_seat = stakers[0]
                return events
        return events + self._begin_wager()

    def _begin_wager(self) -> list[Event]:
        bettors = [s for s in seats_from(self.dealer - 1, self.n, -1) if self._can_act(s)]
        if len(bettors) >= 2:
            self.phase = "wager"
            self.queue = bettors
            self.current_seat = bettors[0]
            return []
        return self._start_rerolls()

    def _start_rerolls(self) -> list[Event]:
        events = self._return_uncalled()
        self.phase = "reroll"
        self.queue = [s for s in seats_from(self.dealer + 1, self.n) if self.in_hand[s]]
        self.current_seat = self.queue[0]
        return events

    def _after_pot(self, showdown: bool) -> list[Event]:
        """After the pot is paid: the Shootout option's challenges, then business (or the end)."""
        if self.options["shootout"] and showdown:
            winners = [s for s in range(self.n) if self.round_won[s] or self.round_items[s]]
            challengers = [s for s in seats_from(self.dealer - 1, self.n, -1)
                           if self.in_hand[s] and self.alive[s] and s not in winners]
            if winners and challengers:
                self.challengers = challengers
                return self._next_challenger()
        return self._after_challenges()

    def _after_challenges(self) -> list[Event]:
        if self.high_stakes:
            return self._after_round()
        return self._start_business()

    def _after_round(self) -> list[Event]:
        """The round (and its business) is done: the next round, the High Stakes round, or the end."""
        limit = self.options["rounds"]
        if limit and self.round_no >= limit:
            # the High Stakes round only if it can be played (two seats with credits to ante): otherwise the
            # view would show a High Stakes round that no round_started event announced
            can_play = sum(1 for s in range(self.n) if self.alive[s] and self.stacks[s] > 0) >= 2
            if self.options["high_stakes"] and not self.high_stakes and can_play:
                self.high_stakes = True
                return self._start_round()
            return self._finish()
        return self._start_round()

    # ------------------------------------------------------------------ queries
    def pot_total(self) -> int:
        """Credits on the table (bets of this round and carried credits)."""
        return sum(self.contrib) + self.carry

    def chips_in_play(self) -> int:
        return sum(self.contrib) + self.carry

    def _bettable(self, s: int) -> bool:
        items = self.content.items
        return any(card in items for card in self.items[s])

    def _can_act(self, s: int) -> bool:
        return self.in_hand[s] and not self.allin[s] and (self.stacks[s] > 0 or self._bettable(s))

    def _holds(self, s: int, cards: tuple[str, ...] | list[str]) -> bool:
        held = list(self.items[s])
        for card in cards:
            if card not in held:
                return False
            held.remove(card)
        return True

    def _take_cards(self, s: int, cards: tuple[str, ...] | list[str]) -> None:
        held = self.items[s]
        for card in cards:
            held.remove(card)

    def _give_cards(self, s: int, cards: tuple[str, ...] | list[str]) -> None:
        if cards:
            self.items[s] += cards
            self.items[s].sort()

    def _pot_add(self, card: str, seat: int, credit: int) -> None:
        self.pot_items.append([card, seat])
        self.pot_credit.append(credit)

    def _stakes(self) -> list[tuple[int, int]]:
        return list(zip([seat for _, seat in self.pot_items], self.pot_credit, strict=True))

    def _unknown(self, kind: str) -> Refusal:
        kinds = sorted({a.kind for a in self._legal()})
        return refuse("unknown_action", f"seat {self.current_seat} cannot {kind!r} now ({self.phase}); it may: "
                      f"{', '.join(kinds)}", kind=kind, allowed=kinds, phase=self.phase)

    @staticmethod
    def _no_fields(action: Action) -> Refusal | None:
        if action.fields:
            field = action.fields[0][0]
            return refuse("unexpected_field", f"a {action.kind} takes no {field!r}", kind=action.kind, field=field)
        return None

    def _turn_event(self) -> Event:
        """Closes every step: whose turn it is, and the public state of the phase."""
        v = self._turn_view(None)
        return Event("turn", None, Turn(
            phase=v["phase"], current_seat=self.current_seat, to_act=v["to_act"], auction=v["auction"],
            offer=v["offer"], turn_offers=v["turn_offers"], turn_auctioned=v["turn_auctioned"],
            challengers=v["challengers"], shootout=v["shootout"]))

    def _turn_view(self, seat: int | None) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "to_act": list(self.queue),
            "auction": dict(self.auction, pending=list(self.auction["pending"]),
                            order=list(self.auction["order"])) if self.auction else None,
            "offer": _public_offer(self.offer),
            "turn_offers": list(self.turn_offers),
            "turn_auctioned": self.turn_auctioned,
            "challengers": list(self.challengers),
            "shootout": self._shootout_view(seat),
        }

    # ------------------------------------------------------------------ the contract: dispatch by phase
    def _legal(self) -> list[Action]:
        s = self.current_seat
        assert s is not None
        phase = self.phase
        if phase in ("wager", "call"):
            return self._legal_bet(s)
        if phase == "reroll":
            return [act("keep"), act("reroll", die=0), act("reroll", die=1)]
        if phase == "stake":
            return [act("stake", item=card) for card in sorted(set(self.items[s])) if card in self.content.items]
        if phase in ("duel", "tiebreak"):
            return [act("pick", sign=sign) for sign in SIGNS]
        if phase == "challenge":
            return self._legal_challenge(s)
        if phase == "buyback":
            return [act("pass"), act("loan")]
        return self._legal_business(s)

    def _ranges(self) -> dict[str, tuple[int, int]]:
        s = self.current_seat
        if s is None:
            return {}
        if self.phase == "wager":
            lo = self.min_bet
            hi = min(self.wager_cap - self.cur_bet, self.stacks[s] - (self.cur_bet - self.wager[s]))
            return {"raise": (lo, hi)} if hi >= lo else {}
        if self.phase == "auction":
            lo = self._bid_floor()
            return {"bid": (lo, self.stacks[s])} if self.stacks[s] >= lo else {}
        return {}

    def _check(self, action: Action) -> Refusal | None:
        s = self.current_seat
        assert s is not None
        phase, kind = self.phase, action.kind
        if phase in ("wager", "call"):
            return self._check_bet(s, action)
        if phase == "reroll":
            if kind == "keep":
                return self._no_fields(action)
            if kind == "reroll":
                die = action.get("die")
                if [k for k, _ in action.fields] != ["die"] or type(die) is not int or die not in (0, 1):
                    return refuse("bad_die", "a reroll names one die: die=0 or die=1", die=die)
                return None
            return self._unknown(kind)
        if phase == "stake":
            if kind != "stake":
                return self._unknown(kind)
            card = action.get("item")
            if [k for k, _ in action.fields] != ["item"] or not isinstance(card, str):
                return refuse("bad_field", "a stake names one item: item=<item id>", kind=kind, field="item")
            if card not in self.content.items:
                return refuse("not_an_item", f"{card!r} cannot be staked: only items with a value can", item=card)
            if card not in self.items[s]:
                return refuse("not_held", f"seat {s} does not hold {card!r}", seat=s, items=[card])
            return None
        if phase in ("duel", "tiebreak"):
            if kind != "pick":
                return self._unknown(kind)
            if [k for k, _ in action.fields] != ["sign"] or action.get("sign") not in SIGNS:
                return refuse("bad_sign", "a pick names one sign: rock, paper or scissors", signs=list(SIGNS))
            return None
        if phase == "challenge":
            return self._check_challenge(s, action)
        if phase == "buyback":
            if kind in ("pass", "loan"):
                return self._no_fields(action)
            return self._unknown(kind)
        return self._check_business(s, action)

    def _do(self, action: Action) -> list[Event]:
        events = self._dispatch(action)
        events.append(self._turn_event())
        return events

    def _dispatch(self, action: Action) -> list[Event]:
        phase = self.phase
        if phase in ("wager", "call"):
            return self._do_bet(action)
        if phase == "reroll":
            return self._do_reroll(action)
        if phase == "stake":
            return self._do_stake(action)
        if phase == "duel":
            return self._do_duel_pick(action)
        if phase == "tiebreak":
            return self._do_tiebreak_pick(action)
        if phase == "challenge":
            return self._do_challenge(action)
        if phase == "buyback":
            return self._do_buyback(action.kind == "loan")
        return self._do_business(action)

    def _do_reroll(self, action: Action) -> list[Event]:
        s = self.current_seat
        assert s is not None
        self.queue.pop(0)
        if action.kind == "reroll":
            die = action.die
            old = self.dice[s][die]
            new = PLAYER_FACES[self.rng.below(6)]
            self.dice[s][die] = new
            events = [Event("reroll", s, Reroll(die=die, old=old, new=new, dice=list(self.dice[s])))]
        else:
            events = [Event("keep", s, Keep(dice=list(self.dice[s])))]
        if self.queue:
            self.current_seat = self.queue[0]
            return events
        return events + self._showdown()

    # ------------------------------------------------------------------ showdown and pots
    def _showdown(self) -> list[Event]:
        n = self.n
        face = HINTARO_FACES[self.rng.below(6)]
        rows: list[dict[str, Any] | None] = []
        results: list[str | None] = [None] * n
        for s in range(n):
            if not self.in_hand[s]:
                rows.append(None)
                continue
            before = symbols(self.dice[s])
            after, struck = cancel(before, face)
            results[s] = STANDINGS.get(after)
            rows.append({"before": list(before), "struck": struck, "after": list(after), "standing": results[s]})
        self.last_showdown = {"round": self.round_no, "hintaro": face, "seats": rows}
        events = [Event("hintaro_thrown", None, HintaroThrown(face=face, seats=rows))]
        pots = credit_pots(self.contrib, self._stakes(), self.in_hand, self.carry)
        winners_all: list[int] = []
        carried = 0
        odd = [0] * n
        odd_chips = 0
        taken: set[int] = set()
        item_events: list[Event] = []
        ranks = [None if r is None else _RANK_OF[r] for r in results]
        why, params = standing_reason(ranks, pots[0].eligible if pots else
                                      [s for s in range(n) if self.in_hand[s]], RANK_NAMES)
        for index, pot in enumerate(pots):
            ranked = [(_RANK_OF[results[s]], s) for s in pot.eligible if results[s] is not None]  # type: ignore[index]
            if not ranked:
                carried += pot.credits
                continue
            best = min(r for r, _ in ranked)
            winners = [s for s in seats_from(self.dealer + 1, n) if (best, s) in ranked]
            share, rest = divmod(pot.credits, len(winners))
            for w in winners:
                self.stacks[w] += share
                self.round_won[w] += share
                events.append(Event("pot_won", w, PotWon(amount=share, pot=index, standing=RANK_NAMES[best],
                                                         split=len(winners))))
                if w not in winners_all:
                    winners_all.append(w)
            carried += rest
            odd_chips += rest
            odd[winners[0]] += rest  # a split's odd chips: the first winner left of the dealer's, if no hand follows
            if len(winners) == 1 and pot.items:
                cards = [self.pot_items[k][0] for k in pot.items]
                taken.update(pot.items)
                self._give_cards(winners[0], cards)
                self.round_items[winners[0]] += cards
                item_events.append(Event("items_won", winners[0], ItemsWon(items=cards, pot=index)))
        events += item_events
        keep = [k for k in range(len(self.pot_items)) if k not in taken]
        self.pot_items = [self.pot_items[k] for k in keep]
        self.pot_credit = [0] * len(keep)  # carried cards come in free next round
        if self.pot_items:
            events.append(Event("items_carried", None, ItemsCarried(items=[card for card, _ in self.pot_items])))
        if carried:
            for s in range(n):
                if self.contrib[s]:
                    self.carry_from[s] = True
            events.append(Event("pot_carried", None, PotCarried(amount=carried, odd_chips=odd_chips)))
        else:
            self.carry_from = [False] * n
        self.carry = carried
        self.carry_odd = odd if any(odd) else None
        self.contrib = [0] * n
        self.item_credit = [0] * n
        events.append(Event("round_over", None, RoundOver(
            round=self.round_no, winners=winners_all, standings=list(results), showdown=True, carried=carried,
            items_carried=len(self.pot_items), stacks=list(self.stacks), pot_stakes=self._pot_stakes_view(),
            reason=why, params=params)))
        return events + self._after_pot(showdown=True)

    def _pot_stakes_view(self) -> list[list[Any]]:
        return [[card, seat, credit] for (card, seat), credit in zip(self.pot_items, self.pot_credit, strict=True)]

    def _award_to(self, seat: int) -> list[Event]:
        """Every other seat dropped: the last one takes everything on the table at once, items included."""
        amount = self.pot_total()
        self.stacks[seat] += amount
        self.round_won[seat] += amount
        self.contrib = [0] * self.n
        self.item_credit = [0] * self.n
        self.carry = 0
        self.carry_odd = None
        self.carry_from = [False] * self.n
        events = [Event("pot_won", seat, PotWon(amount=amount, pot=0, standing=None, split=1))]
        if self.pot_items:
            cards = [card for card, _ in self.pot_items]
            self.pot_items, self.pot_credit = [], []
            self._give_cards(seat, cards)
            self.round_items[seat] += cards
            events.append(Event("items_won", seat, ItemsWon(items=cards, pot=0)))
        events.append(Event("round_over", None, RoundOver(
            round=self.round_no, winners=[seat], standings=[None] * self.n, showdown=False, carried=0,
            items_carried=0, stacks=list(self.stacks), pot_stakes=[], reason="last_standing", params={})))
        return events + self._after_pot(showdown=False)

    # ------------------------------------------------------------------ view and hidden information
    def _view(self, seat: int | None) -> dict[str, Any]:
        c = self.content
        items, boxes = c.items, c.containers
        v: dict[str, Any] = {
            "phase": self.phase,
            "min_bet": self.min_bet,
            "cap": self.cap,
            "lap": self.lap,
            "high_stakes": self.high_stakes,
            "bank": self.house,
            "alive": list(self.alive),
            "dice": [list(d) for d in self.dice],
            "in_hand": list(self.in_hand),
            "allin": list(self.allin),
            "contrib": list(self.contrib),
            "item_credit": list(self.item_credit),
            "wager": list(self.wager),
            "current_bet": self.cur_bet,
            "carry": self.carry,
            "pot_items": [card for card, _ in self.pot_items],
            "pot_stakes": self._pot_stakes_view(),
            "last_showdown": _copy_showdown(self.last_showdown),
            "items": [[card for card in held if card in items] for held in self.items],
            "containers": [[card for card in held if card in boxes] for held in self.items],
            "active_bounties": [list(b) for b in self.active],
            "completed_bounties": [list(b) for b in self.completed],
            "completed_values": [list(b) for b in self.completed_value],
            "bounty_offer": list(self.bounty_offer),
            "bounty_deck_count": len(self.bounty_deck),
            "shop": {"newest": list(self.newest), "oldest": list(self.oldest)},
            "discard": sorted(self.discard),
            "draw_count": len(self.draw),
            "reserve": list(self.reserve),
            "bought": list(self.bought),
            "took": list(self.took),
            "loans": list(self.loans),
            "debt": list(self.debt),
            "result": _copy_result(self.result),
        }
        v.update(self._turn_view(seat))
        v["current_seat"] = self.current_seat
        return derived(v)

    def determinize(self, seat: int | None, rng: Rng) -> State:
        """A copy with the deck orders reshuffled, other seats' secret shootout picks redrawn, and fresh chance.

        The item and bounty decks are face down (their contents follow from what is in sight, their order
        does not); a shootout pick stays secret until every seat in the exchange has picked.
        """
        other = self.clone()
        assert isinstance(other, BetterHintaro)
        rng.shuffle(other.draw)
        rng.shuffle(other.bounty_deck)
        for duel in (other.duel, other.tiebreak):
            if duel is not None:
                for i, pick in enumerate(duel["picks"]):
                    if pick and duel["seats"][i] != seat:
                        duel["picks"][i] = SIGNS[rng.below(len(SIGNS))]
        other.rng = Rng(rng.next64())
        return other


def _copy_showdown(showdown: dict[str, Any] | None) -> dict[str, Any] | None:
    if showdown is None:
        return None
    return {"round": showdown["round"], "hintaro": showdown["hintaro"],
            "seats": [dict(row, before=list(row["before"]), after=list(row["after"])) if row else None
                      for row in showdown["seats"]]}


def _copy_result(result: dict[str, Any] | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return dict(result, standings=[dict(row) for row in result["standings"]])


def _public_offer(offer: dict[str, Any] | None) -> dict[str, Any] | None:
    if offer is None:
        return None
    return {k: (list(v) if isinstance(v, (list, tuple)) else v) for k, v in offer.items()}
