"""Kinzo: chase the house dealer's total without passing it (rules/kinzo.txt as RULINGS.md reads it).

1–7 seats play against the house dealer, which the engine plays by a fixed rule. A round:

1. **Stake.** The round's first seat names the stake (``min_stake`` up to the table ``limit``). Every seat that
   can pay it puts it in its hand pot; the house puts stake × those seats into the prize pot.
2. **Deal** from a freshly shuffled 36-card deck (six each of 1–6): one face-up card to each seat in turn, one
   face up to the dealer, a second face-up card to each seat, one face down to the dealer (the *hole* card).
3. **Play**, from the first seat round the table: stay, hit (a hand holds six cards at most) or, once per seat,
   split a pair for another stake; a split seat plays its first hand, then its second.
4. **Dealer.** The hole card is turned up, the dealer must take a third card, then stops at the first 5 or 6
   from the third card on, or at six cards.
5. **Tally**, hand by hand: above the dealer busts, at most half the dealer busts "doubled", equal to the dealer
   stands (paid as a survivor, no roll), anything else goes on to the dice.
6. **Dice**, in seat order: each such hand adds two dice (faces 1,1,2,2,3,3); exactly the dealer's total is the
   jackpot (every stake on the table and the prize pot, and the round ends at once), otherwise the same two
   bust tests again. The throw is the seat's own action (``roll``), so a person rolls their own dice.
7. **Settlement**: busted stakes go to the house; a surviving hand gets its stake back plus one stake, paid
   from the prize pot (the house pays any shortfall directly); what is left of the prize pot goes back.

The house's chips are ``State.house`` (its net: negative when it has paid out more than it took), so
stacks + hand pots + prize pot + house never changes. The deck is kept with its top card at the *end* of the
list (``deck.pop()`` deals), and is shuffled when the round starts, before the stake is named.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine.core import ROUNDS, STACK, Action, Event, OptionSpec, Rng, State, seats_from

#: card values; a full deck holds COPIES of each
CARD_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
COPIES = 6
#: the whole 36-card Kinzo deck, in value order (shuffled afresh every round)
DECK: tuple[int, ...] = tuple(v for v in CARD_VALUES for _ in range(COPIES))
#: the faces of a Kinzo die: 1 to 3, each twice
DIE_FACES: tuple[int, ...] = (1, 1, 2, 2, 3, 3)
#: the most cards any hand (a seat's or the dealer's) may hold
MAX_CARDS = 6
#: cards always left in the deck for the dealer's third to sixth cards (see RULINGS_NOTES)
DEALER_RESERVE = MAX_CARDS - 2
#: a dealer card at or above this (a card with a line: 5 or 6) stops the dealer, from the third card on
DEALER_STOP = 5
#: outcomes of a hand, best first (a split seat stands at the better of its two hands)
RANK_NAMES: tuple[str, ...] = ("jackpot", "survived", "doubled", "bust")
_RANK = {name: i for i, name in enumerate(RANK_NAMES)}


def dealer_must_draw(cards: Sequence[int]) -> bool:
    """The house's fixed rule: always reach three cards; then draw until a 5 or 6 shows from the third card
    on, or the hand holds six cards. (The first two cards never stop the dealer, whatever they are.)"""
    if len(cards) < 3:
        return True
    if len(cards) >= MAX_CARDS:
        return False
    return not any(c >= DEALER_STOP for c in cards[2:])


def judge(total: int, dealer_total: int) -> str:
    """The tally of one hand against the dealer: "bust" (above the dealer), "doubled" (the hand doubled is at
    most the dealer's total), "equal" (stands, paid as a survivor without rolling) or "rolls" (goes to the dice).
    """
    if total > dealer_total:
        return "bust"
    if total * 2 <= dealer_total:
        return "doubled"
    if total == dealer_total:
        return "equal"
    return "rolls"


def after_dice(final: int, dealer_total: int) -> str:
    """The outcome of a hand's cards plus dice: "jackpot" on the dealer's total exactly, else the two bust
    tests again ("bust" / "doubled"), else "survived"."""
    if final == dealer_total:
        return "jackpot"
    verdict = judge(final, dealer_total)
    return verdict if verdict in ("bust", "doubled") else "survived"


def _new_hand(seat: int, index: int, stake: int, cards: list[int]) -> dict[str, Any]:
    """One hand: whose, which of the seat's hands (0, or 1 after a split), its stake and how it fared."""
    return {"seat": seat, "hand": index, "cards": cards, "stake": stake, "done": False, "result": None,
            "dice": [], "outcome": None, "net": 0}


class Kinzo(State):
    """Kinzo for 1–7 seats against the house dealer; see the module docstring for the shape of a round."""

    game_id = "kinzo"
    title = "Kinzo"
    min_seats = 1
    max_seats = 7
    RANK_NAMES = RANK_NAMES
    OPTIONS = (
        ROUNDS,
        STACK,
        OptionSpec("limit", 100, "the table limit: the highest stake the first seat may name", min=1, max=10**6),
        OptionSpec("min_stake", 10, "the lowest stake; a seat that cannot pay the stake sits the round out",
                   min=1, max=10**6),
    )
    RULINGS_NOTES = (
        "The house deals and plays the dealer's hand by its fixed rule; no seat is ever the dealer.",
        "The first seat of round 1 is seat 0; each later round the next seat round the table that can pay the "
        "minimum stake names the stake.",
        "The stake is any whole number from the table's minimum stake up to its limit, and no more than the "
        "naming seat holds.",
        "A seat that cannot pay the named stake sits the round out (no cards, no chips move); the session ends "
        "when no seat can pay the minimum stake, or after the set number of rounds (0 = no round limit).",
        "The house funds the prize pot with the stake times the seats that paid it; a split's extra stake does "
        "not add to the prize pot.",
        "A hand may be split while it holds two cards of the same value, also after hits, if the seat can pay "
        "another stake; one card of the pair starts the second hand and the rest stay in the first. No card "
        "is dealt to either hand automatically: each may hit as usual. A seat splits at most once.",
        "A split seat plays its first hand to the end, then its second; both roll, in that order, in the dice "
        "phase.",
        "A hand holding six cards is finished at once.",
        "The deck always keeps four cards for the dealer's third to sixth cards: a seat may hit only while "
        "more than four cards are left (nothing is discarded during a round, so no discard pile is drawn from).",
        "The dealer's face-down card is hidden from every seat until the dealer reveals it; the face-up card "
        "is shown to everyone as soon as it is dealt.",
        "Each surviving hand's dice are thrown by its own seat (the roll action), one hand at a time in seat "
        "order from the round's first seat.",
        "A jackpot takes every stake on the table (busted ones, the seat's own and every other seat's) and "
        "the whole prize pot; hands that had not rolled yet do not roll.",
        "Survivors are paid from the prize pot while it lasts, the house paying any shortfall directly (only "
        "possible after splits); what is left of the prize pot goes back to the house.",
        "A hand's outcome is what its cards (and dice) made: a survivor whose stake a jackpot took still "
        "counts as survived; the chips it lost show in the round's hand list. A split seat's standing is the "
        "better of its hands (jackpot, survived, doubled, bust, best first).",
    )

    phase: str
    first: int
    stake: int
    hands: list[dict[str, Any]]
    deck: list[int]
    dealer_cards: list[int]

    # ------------------------------------------------------------------ round flow
    def _setup(self) -> list[Event]:
        if self.options["limit"] < self.options["min_stake"]:
            raise ValueError(f"the table limit ({self.options['limit']}) must be at least the minimum stake "
                             f"({self.options['min_stake']})")
        self.phase = "over"
        self.first = self.n - 1  # the first round starts at the next seat: seat 0
        self.stake = 0
        self.playing = [False] * self.n
        self.split_seats = [False] * self.n
        self.hands = []
        self.turn = 0
        self.deck = []
        self.dealer_cards = []
        self.revealed = False
        self.dealer_total = 0
        self.prize_pot = 0
        self.last_round: dict[str, Any] | None = None
        return self._start_round()

    def _start_round(self) -> list[Event]:
        limit = self.options["rounds"]
        ms = self.options["min_stake"]
        able = [s for s in seats_from(self.first + 1, self.n) if self.stacks[s] >= ms]
        if (limit and self.round_no >= limit) or not able:
            return self._end_session()
        self.round_no += 1
        self.first = self.dealer = able[0]
        self.phase = "stake"
        self.stake = 0
        self.playing = [False] * self.n
        self.split_seats = [False] * self.n
        self.hands = []
        self.turn = 0
        self.dealer_cards = []
        self.revealed = False
        self.dealer_total = 0
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.deck = deck
        self.current_seat = self.first
        return [Event("round_started", None, {"round": self.round_no, "first": self.first, "dealer": self.first,
                                              "stacks": list(self.stacks), "house": self.house})]

    def _end_session(self) -> list[Event]:
        self.phase = "over"
        self.current_seat = None
        return [Event("session_over", None, {"rounds": self.round_no, "stacks": list(self.stacks),
                                             "house": self.house})]

    # ------------------------------------------------------------------ queries
    def chips_in_play(self) -> int:
        return sum(h["stake"] for h in self.hands) + self.prize_pot

    def hand_pots(self) -> list[int]:
        """Each seat's hand pot: the stakes of its hands this round."""
        pots = [0] * self.n
        for h in self.hands:
            pots[h["seat"]] += h["stake"]
        return pots

    def stake_range(self) -> tuple[int, int]:
        """The stakes the first seat may name: the minimum up to the table limit and its own stack."""
        return self.options["min_stake"], min(self.options["limit"], self.stacks[self.first])

    def _ranges(self) -> dict[str, tuple[int, int]]:
        if self.phase == "stake" and self.current_seat is not None:
            return {"stake": self.stake_range()}
        return {}

    def _legal(self) -> list[Action]:
        if self.phase == "stake":
            lo, hi = self.stake_range()
            return [Action("stake", amount=a) for a in sorted({lo, 2 * lo, 5 * lo, hi}) if a <= hi]
        if self.phase == "dice":
            return [Action("roll")]
        hand = self.hands[self.turn]
        cards = hand["cards"]
        acts = [Action("stay")]
        if len(cards) < MAX_CARDS and len(self.deck) > DEALER_RESERVE:
            acts.append(Action("hit"))
        s = hand["seat"]
        if not self.split_seats[s] and self.stacks[s] >= self.stake:
            for v in sorted(set(cards)):
                if cards.count(v) >= 2:
                    acts.append(Action("split", value=v))
        return acts

    # ------------------------------------------------------------------ actions
    def _do(self, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "stake":
            return self._name_stake(action.amount)
        if kind == "roll":
            return self._roll()
        hand = self.hands[self.turn]
        s = hand["seat"]
        cards = hand["cards"]
        if kind == "hit":
            card = self.deck.pop()
            cards.append(card)
            full = len(cards) >= MAX_CARDS
            events = [Event("hit", s, {"hand": hand["hand"], "card": card, "cards": list(cards),
                                       "total": sum(cards), "full": full, "deck_left": len(self.deck)})]
            if not full:
                return events
            hand["done"] = True
            return events + self._next_hand()
        if kind == "stay":
            hand["done"] = True
            events = [Event("stay", s, {"hand": hand["hand"], "cards": list(cards), "total": sum(cards)})]
            return events + self._next_hand()
        # split: one card of the pair starts the seat's second hand, for another stake
        value = action.value
        del cards[len(cards) - 1 - cards[::-1].index(value)]
        self.stacks[s] -= self.stake
        self.split_seats[s] = True
        second = _new_hand(s, 1, self.stake, [value])
        self.hands.insert(self.turn + 1, second)
        return [Event("split", s, {"value": value, "stake": self.stake, "hands": [list(cards), [value]],
                                   "totals": [sum(cards), value], "hand_pot": hand["stake"] + second["stake"],
                                   "stack": self.stacks[s]})]

    def _name_stake(self, stake: int) -> list[Event]:
        n = self.n
        first = self.first
        self.stake = stake
        playing = [self.stacks[s] >= stake for s in range(n)]
        self.playing = playing
        amounts = [0] * n
        for s in range(n):
            if playing[s]:
                self.stacks[s] -= stake
                amounts[s] = stake
        order = [s for s in seats_from(first, n) if playing[s]]
        self.hands = [_new_hand(s, 0, stake, []) for s in order]
        prize = stake * len(order)
        self.house -= prize
        self.prize_pot = prize
        events = [
            Event("stake_named", first, {"stake": stake, "limit": self.options["limit"],
                                         "min_stake": self.options["min_stake"]}),
            Event("stakes_paid", None, {"stake": stake, "amounts": amounts, "playing": list(playing),
                                        "sitting_out": [s for s in range(n) if not playing[s]],
                                        "stacks": list(self.stacks)}),
            Event("prize_pot_funded", None, {"amount": prize, "seats": len(order), "prize_pot": prize,
                                             "house": self.house}),
        ]
        # the deal: a face-up card to each seat, one up to the dealer; again, and the dealer's second face down
        deck = self.deck
        for rnd in (0, 1):
            for hand in self.hands:
                card = deck.pop()
                hand["cards"].append(card)
                events.append(Event("card_dealt", hand["seat"], {"to": hand["seat"], "hand": 0, "card": card,
                                                                 "face_up": True, "cards": list(hand["cards"])}))
            card = deck.pop()
            self.dealer_cards.append(card)
            if rnd == 0:
                events.append(Event("card_dealt", None, {"to": "dealer", "card": card, "face_up": True}))
            else:  # the hole card: its value is in no event until the dealer reveals it
                events.append(Event("card_dealt", None, {"to": "dealer", "face_up": False}))
        self.phase = "play"
        self.turn = 0
        self.current_seat = self.hands[0]["seat"]
        return events

    def _next_hand(self) -> list[Event]:
        """Move play to the next unfinished hand, or to the dealer when every hand is done."""
        self.turn += 1
        if self.turn < len(self.hands):
            self.current_seat = self.hands[self.turn]["seat"]
            return []
        return self._dealer_plays()

    def _dealer_plays(self) -> list[Event]:
        self.phase = "dealer"
        self.revealed = True
        dc = self.dealer_cards
        events = [Event("dealer_revealed", None, {"card": dc[1], "cards": list(dc), "total": sum(dc)})]
        while dealer_must_draw(dc):
            card = self.deck.pop()
            dc.append(card)
            events.append(Event("dealer_drew", None, {"card": card, "cards": list(dc), "total": sum(dc)}))
        total = self.dealer_total = sum(dc)
        reason = "five_or_six" if dc[-1] >= DEALER_STOP else "six_cards"
        events.append(Event("dealer_stood", None, {"cards": list(dc), "total": total, "reason": reason}))
        rollers = []
        for i, hand in enumerate(self.hands):
            t = sum(hand["cards"])
            verdict = hand["result"] = judge(t, total)
            if verdict in ("bust", "doubled"):
                hand["outcome"] = verdict
            elif verdict == "equal":
                hand["outcome"] = "survived"
            else:
                rollers.append(i)
            events.append(Event("tally", hand["seat"], {"hand": hand["hand"], "cards": list(hand["cards"]),
                                                        "total": t, "dealer_total": total, "result": verdict}))
        if not rollers:
            return events + self._settle(None)
        self.phase = "dice"
        self.turn = rollers[0]
        self.current_seat = self.hands[self.turn]["seat"]
        return events

    def _roll(self) -> list[Event]:
        hand = self.hands[self.turn]
        below = self.rng.below
        dice = [DIE_FACES[below(6)], DIE_FACES[below(6)]]
        hand["dice"] = dice
        t = sum(hand["cards"])
        final = t + dice[0] + dice[1]
        outcome = hand["outcome"] = after_dice(final, self.dealer_total)
        events = [Event("dice_rolled", hand["seat"], {"hand": hand["hand"], "dice": list(dice), "cards_total": t,
                                                      "total": final, "dealer_total": self.dealer_total,
                                                      "outcome": outcome})]
        if outcome == "jackpot":
            return events + self._settle(self.turn)
        for i in range(self.turn + 1, len(self.hands)):
            if self.hands[i]["result"] == "rolls":
                self.turn = i
                self.current_seat = self.hands[i]["seat"]
                return events
        return events + self._settle(None)

    def _settle(self, jackpot: int | None) -> list[Event]:
        """Pay out the round (``jackpot``: the index of the hand that hit it), report it, start the next."""
        self.phase = "settle"
        stacks = self.stacks
        hands = self.hands
        events: list[Event] = []
        if jackpot is not None:
            win = hands[jackpot]
            seat = win["seat"]
            stakes = sum(h["stake"] for h in hands)
            amount = stakes + self.prize_pot
            stacks[seat] += amount
            for h in hands:
                h["net"] = -h["stake"]
                if h["outcome"] is None:  # cut short before its roll: it had survived the tally
                    h["outcome"] = "survived"
            win["net"] = amount - win["stake"]  # the seat's other hand, if any, lost its own stake
            events.append(Event("jackpot", seat, {"hand": win["hand"], "amount": amount, "stakes": stakes,
                                                  "prize_pot": self.prize_pot, "total": self.dealer_total,
                                                  "stack": stacks[seat]}))
            self.prize_pot = 0
        else:
            for h in hands:
                seat, stake = h["seat"], h["stake"]
                if h["outcome"] in ("bust", "doubled"):
                    self.house += stake
                    h["net"] = -stake
                    events.append(Event("house_collected", seat, {"hand": h["hand"], "amount": stake,
                                                                  "outcome": h["outcome"], "house": self.house}))
                    continue
                from_pot = min(stake, self.prize_pot)
                from_house = stake - from_pot
                self.prize_pot -= from_pot
                self.house -= from_house
                stacks[seat] += stake + stake
                h["net"] = stake
                events.append(Event("house_paid", seat, {"hand": h["hand"], "stake_returned": stake, "amount": stake,
                                                         "from_prize_pot": from_pot, "from_house": from_house,
                                                         "prize_pot": self.prize_pot, "house": self.house,
                                                         "stack": stacks[seat]}))
            if self.prize_pot:
                back = self.prize_pot
                self.prize_pot = 0
                self.house += back
                events.append(Event("prize_pot_returned", None, {"amount": back, "house": self.house}))
        standings: list[str | None] = [None] * self.n
        net = [0] * self.n
        for h in hands:
            s = h["seat"]
            net[s] += h["net"]
            if standings[s] is None or _RANK[h["outcome"]] < _RANK[standings[s]]:  # type: ignore[index]
                standings[s] = h["outcome"]
        rows = [{"seat": h["seat"], "hand": h["hand"], "cards": list(h["cards"]), "total": sum(h["cards"]),
                 "result": h["result"], "dice": list(h["dice"]),
                 "final": sum(h["cards"]) + sum(h["dice"]), "outcome": h["outcome"], "stake": h["stake"],
                 "net": h["net"]} for h in hands]
        winners = [s for s in seats_from(self.first, self.n) if net[s] > 0]
        summary = {"round": self.round_no, "winners": winners, "standings": standings, "showdown": True,
                   "carried": 0, "stacks": list(stacks), "stake": self.stake,
                   "dealer_cards": list(self.dealer_cards), "dealer_total": self.dealer_total,
                   "hand_outcomes": [h["outcome"] for h in hands], "hands": rows, "net": net,
                   "jackpot": hands[jackpot]["seat"] if jackpot is not None else None, "house": self.house}
        self.last_round = summary
        self.hands = []  # every stake has been paid out or taken: nothing is left in play
        events.append(Event("round_over", None, summary))
        return events + self._start_round()

    # ------------------------------------------------------------------ hidden information
    def determinize(self, seat: int | None, rng: Rng) -> State:
        """Re-deal what no seat can see: the dealer's hole card (until revealed) and the deck order.

        Every seat sees the same table (all seat cards are face up), so ``seat`` changes nothing. The copy
        also gets a fresh generator drawn from ``rng``, so a searching AI cannot read future dice or shuffles
        off the real one.
        """
        new: Kinzo = self.clone()  # type: ignore[assignment]
        unseen = list(new.deck)
        hidden_hole = not new.revealed and len(new.dealer_cards) >= 2
        if hidden_hole:
            unseen.append(new.dealer_cards[1])
        rng.shuffle(unseen)
        if hidden_hole:
            new.dealer_cards[1] = unseen.pop()
        new.deck = unseen
        new.rng = Rng(rng.next64())
        return new

    def stack_deck(self, cards: Sequence[int]) -> None:
        """Put ``cards`` on top of the undealt deck, ``cards[0]`` to be dealt first (for tests and tutorials).

        Why: rule tests and tutorial tables need exact situations (a pair to split, a dealer who draws to six
        cards). The cards are taken out of the undealt deck, so it stays a legal Kinzo deck; a card that is not
        left in it raises ValueError. Call it in the stake phase to set the deal. It is not an action: a stacked
        deck is not part of the save.
        """
        rest = list(self.deck)
        for c in cards:
            try:
                rest.remove(c)
            except ValueError:
                raise ValueError(f"no {c} left in the deck to stack") from None
        self.deck = rest + list(reversed(cards))

    # ------------------------------------------------------------------ view
    def _view(self, seat: int | None) -> dict[str, Any]:
        dc: list[int | None] = list(self.dealer_cards)
        if not self.revealed and len(dc) >= 2:
            dc[1] = None  # the hole card is face down
        v: dict[str, Any] = {
            "phase": self.phase,
            "first": self.first,
            "stake": self.stake,
            "limit": self.options["limit"],
            "min_stake": self.options["min_stake"],
            "playing": list(self.playing),
            "split": list(self.split_seats),
            "hands": [{"seat": h["seat"], "hand": h["hand"], "cards": list(h["cards"]), "total": sum(h["cards"]),
                       "stake": h["stake"], "done": h["done"], "result": h["result"], "dice": list(h["dice"]),
                       "outcome": h["outcome"]} for h in self.hands],
            "turn": self.turn if self.phase in ("play", "dice") else None,
            "dealer_cards": dc,
            "dealer_showing": dc[0] if dc else None,
            "dealer_revealed": self.revealed,
            "dealer_total": sum(self.dealer_cards) if self.revealed else None,
            "prize_pot": self.prize_pot,
            "hand_pots": self.hand_pots(),
            "deck_left": len(self.deck),
            "house": self.house,
            "last_round": _plain_copy(self.last_round),
        }
        if self.phase == "stake":
            v["stake_range"] = list(self.stake_range())
        return v


def _plain_copy(value: Any) -> Any:
    """A deep copy of plain JSON-like data, so a view never shares lists with the state."""
    if isinstance(value, dict):
        return {k: _plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_copy(v) for v in value]
    return value
