"""Sabacc: Nepunian Spike, the table: antes, deal, play phases, betting, the dice and the reveals.

The hand evaluator lives beside it in :mod:`game.engine.nepunian_spike.ranks`; this module is the game around
it, as RULINGS.md reads the rule text.

A hand: the button passes left, the dealer becomes Captain; everyone antes the spike pot, then the hand pot;
two cards each, one card starts the face-up discard pile. Then, as RULINGS.md orders it:

    round 1: play -> bet -> roll      round 2: play -> bet -> roll      round 3: last bet -> reveal

A roll passes the Captain on; the new Captain rolls (an action, so a person rolls). Odd + even: nothing. Both
even or both odd, no pair: everyone still in antes the spike pot and plays an extra phase. A pair is a Spike:
seats may abandon ship, the rest reveal for the hand pot, everyone refills to two cards and the hand plays on
for the spike pot; a second Spike scores it at once. Without a Spike the spike pot carries.

Why it looks like this:

* **Cards are ids** ``0..41`` into :data:`~game.engine.nepunian_spike.DECK` (suit and signed value), so the
  screen can draw suits and a swap names the exact card. Ranks need only values: ``VALUES[id]``.
* **The flow is a chain of steps** (bound methods that return the next step, or None when a seat must act):
  locked seats, skipped betting and automatic rolls can run a whole hand, or several, without a loop in the
  call stack.
* **Pots are rebuilt from contributions** with :func:`~game.engine.core.build_pots`, one ledger per pot: a
  locked seat wins only the levels it paid into.
* **What others know of a hand is tracked** (``known``: cards taken face up from the discard pile), so
  :meth:`NepunianSpike.determinize` re-deals only what the seat really cannot know.
* **Views are folds.** :func:`~game.engine.nepunian_spike.events.reduce_view` turns a view and one event into
  the view after it; the events (one TypedDict each, in :mod:`game.engine.nepunian_spike.events`) carry what
  that takes: the seats left to act, the stage, the deck's size after a draw, the stack after a bet or a win.
  Cards drawn face down stay in each event's secret. Refusals carry a code (core codes, or :attr:`REFUSALS`).
* **The hand's end before the button.** A hand is settled, then :func:`~game.engine.rounds.session_ends` is
  asked, and only if another hand starts does the button move: on the last hand a split's odd chips go to the
  first of its winners left of that hand's dealer (RULINGS.md "Splits").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from game.engine.core import ROUNDS, STACK, Action, Event, OptionSpec, Rng, State, act, build_pots, left_of, refuse
from game.engine.hand_rank import HandRank
from game.engine.nepunian_spike.events import (
    EVENT_KINDS,
    Abandon,
    Antes,
    Bet,
    BetReturned,
    CaptainPassed,
    CardsDealt,
    CarryReturned,
    DeckReshuffled,
    DiceRolled,
    DiscardStarted,
    Gain,
    HandsDiscarded,
    HandsRevealed,
    Locked,
    OddChipsWon,
    PhaseStarted,
    PotCarried,
    PotWon,
    Reveal,
    RoundOver,
    RoundStarted,
    SessionOver,
    SpikeAntes,
    Stand,
    Stay,
    Swap,
    reduce_view,
)
from game.engine.nepunian_spike.ranks import DECK, MAX_CARDS, RANK_NAMES, VALUES, _rank_sorted
from game.engine.nepunian_spike.ranks import RULINGS_NOTES as RANK_NOTES
from game.engine.rounds import next_dealer, session_ends, share_out
from game.engine.showdown import deciding_index

N_CARDS = len(DECK)
SOURCES: tuple[str, ...] = ("deck", "discard")

#: the engine's readings where the rule text and RULINGS.md are silent (the evaluator's notes come first)
TABLE_NOTES: tuple[str, ...] = (
    "The dealer button starts at seat 0 and passes one seat to the left each hand, skipping seats with no "
    "chips. The dealer is Captain for the hand's first play phase and first betting round. After the "
    "session's last hand the button does not move: the dealer of that hand stays the dealer.",
    "Antes: each seat pays the ante into the spike pot first, then into the hand pot. A seat short of either "
    "pays what it has and is locked. A seat left with no chips at all is locked too, since it cannot meet "
    "any later ante or bet.",
    "The deal: two cards each, one at a time from the dealer's left; then the top card of the deck starts "
    "the discard pile face up. The whole discard pile is face up: every card in it is public.",
    "Swap: the discarded card goes face up on the pile first. Drawing from the discard pile takes the card "
    "that was on top before that, so a seat never takes back the card it just threw away. Everyone saw "
    "that card taken, so it stays known to the table while the seat holds it.",
    "When a card must be drawn and the deck is empty, the discard pile except its top card is shuffled into "
    "a new deck, together with any cards set aside face up this hand (revealed hands, an old discard pile, "
    "cards thrown away when abandoning ship). Folded cards stay out. Gain and Swap are only offered when a "
    "card can be drawn.",
    "Betting starts with the Captain (or the next seat still in that can act). Check when nothing is owed, "
    "call, raise by at least the ante, or fold at any time. There is no cap on the number of raises and a "
    "raise is limited only by the raiser's stack. A raise reopens the betting for every other seat still in.",
    "A seat that cannot meet a bet may call with all it has and is locked. A raise nobody can fully call is "
    "returned down to the largest amount another seat put in that round (a locked raiser who gets chips back "
    "is unlocked).",
    "A betting round is skipped when fewer than two seats still in can act (are not locked).",
    "Bets go into the hand pot; after a Spike, the hand pot has been decided, so bets go into the spike pot.",
    "After the second roll the hand goes straight to the last bet, as RULINGS.md orders it, unless the roll "
    "calls for an extra play phase. After a Spike's refill the hand goes on with the next round.",
    "At each roll the Captain passes to the next seat on the left that is still in and not locked, and that "
    "seat rolls. If every seat still in is locked, the dice are rolled for the table.",
    "Both even or both odd (no pair): every seat still in that is not locked antes the spike pot (a short "
    "seat pays what it has and is locked), then an extra play phase starts from the Captain.",
    "Abandon ship: in turn from the Captain, each seat still in the hand pot and not locked chooses to stay "
    "or to abandon. An abandoning seat keeps the one card it chooses and throws the rest away face up. Locked "
    "seats cannot abandon: they reveal. Once only one seat is left in the hand pot it takes the hand pot "
    "without showing its cards.",
    "After the hand-pot reveal, the revealed hands and the old discard pile are set aside face up (an unshown "
    "winner's cards face down). Every seat still in, locked seats and abandoners included, draws up to two "
    "cards, and the next card starts a new discard pile. The final reveal, or a second Spike, pays the spike "
    "pot to the best hand still in.",
    "Folding gives up the whole hand, both pots. If every other seat folds, the last seat takes the pot being "
    "played for without showing: the hand pot before a Spike (the spike pot carries), the spike pot after.",
    "A carried spike pot is dead money added to this hand's lowest spike-pot level: every seat still in that "
    "paid that level competes for it.",
    "A locked seat competes only for the pot levels it fully paid into; a seat that put nothing into the hand "
    "pot (too short even for the spike ante) cannot win it.",
    "Splits: odd chips stay in their pot and carry to the next hand (a hand pot's odd chips start the next "
    "hand pot).",
    "Splits on the last hand: there is no next hand, so a split's odd chips go to the first of that split's "
    "winners left of the hand's dealer (each split pot or side pot its own). Whether a hand is the last is "
    "settled when it ends (the hands limit is reached, or fewer than two seats have chips), before these "
    "chips are paid. Only a winner of that pot can get them: never a seat that folded.",
    "Other chips still carried when the session ends (a spike pot no Spike decided) go back in equal shares "
    "to the seats that paid into them, odd chips to the first of those seats left of the last hand's dealer.",
    "The session ends after the number of hands set by the rounds option, or when fewer than two seats have "
    "chips.",
)

_STAND, _GAIN, _CHECK, _CALL, _FOLD, _ROLL, _STAY = (
    act("stand"), act("gain"), act("check"), act("call"), act("fold"), act("roll"), act("stay"),
)
#: every swap and abandon action, built once: the legal lists reuse them (building Actions is costly)
_SWAP: dict[tuple[int, str], Action] = {(c, src): Action("swap", card=c, source=src) for c in range(N_CARDS)
                                         for src in SOURCES}
_ABANDON: dict[int, Action] = {c: Action("abandon", keep=c) for c in range(N_CARDS)}
#: the card ids of each signed value (two each; the Sylops share 0)
IDS_OF: dict[int, tuple[int, ...]] = {v: tuple(i for i, x in enumerate(VALUES) if x == v) for v in set(VALUES)}


def card_ids(*values: int) -> list[int]:
    """Distinct card ids for signed values, e.g. ``card_ids(3, 3, -6)`` (for tests, tutorials and the AI)."""
    used: dict[int, int] = {}
    out = []
    for v in values:
        k = used.get(v, 0)
        if v not in IDS_OF or k >= len(IDS_OF[v]):
            raise ValueError(f"the deck has no more cards of value {v:+d}")
        out.append(IDS_OF[v][k])
        used[v] = k + 1
    return out


def card_label(card: int) -> str:
    """A card as players say it: ``+7♠``-style text without the symbol, e.g. ``'+7 spades'``, ``'Sylop'``."""
    suit, value = DECK[card]
    return "Sylop" if value == 0 else f"{value:+d} {suit}"


def hand_rank(cards: Sequence[int]) -> HandRank:
    """The rank of a hand of card ids (2 to 5 cards, which the engine guarantees at every reveal)."""
    return _rank_sorted(tuple(sorted([VALUES[c] for c in cards])))


def dice_outcome(a: int, b: int) -> str:
    """``"spike"`` (a pair), ``"matched"`` (both even or both odd, no pair) or ``"mixed"`` (one odd, one even)."""
    if a == b:
        return "spike"
    return "mixed" if (a + b) % 2 else "matched"


Step = Callable[[list[Event]], Any] | None


class NepunianSpike(State):
    """Sabacc: Nepunian Spike for 2–8 seats; see the module docstring for the shape of a hand."""

    game_id = "nepunian_spike"
    title = "Sabacc: Nepunian Spike"
    min_seats = 2
    max_seats = 8
    RANK_NAMES = RANK_NAMES
    OPTIONS = (
        ROUNDS,
        STACK,
        OptionSpec("ante", 10, "chips each seat antes into each pot every hand; also the smallest raise",
                   min=1, max=10**6),
    )
    RULINGS_NOTES = RANK_NOTES + TABLE_NOTES
    EVENT_KINDS = EVENT_KINDS
    REFUSALS: ClassVar[Mapping[str, str]] = {
        "cannot_raise": "after calling, the seat has fewer chips than the smallest raise (the ante)",
        "must_call": "there is a bet to call: call, raise or fold, not check",
        "nothing_to_call": "nothing is owed: check, raise or fold, not call",
        "hand_full": "the seat holds five cards: no Gain",
        "no_card_to_draw": "no card is left to draw (the deck is empty and a reshuffle would give none)",
        "card_not_held": "the seat does not hold the card it names",
        "discard_empty": "the discard pile is empty: swap with the deck",
    }
    reduce_view = staticmethod(reduce_view)

    phase: str
    queue: list[int]

    # ------------------------------------------------------------------ setup and the step machine
    def _setup(self) -> list[Event]:
        n = self.n
        self.phase = "over"
        self.stage = 0  # 1, 2, 3: the hand's round
        self.extra = False  # the current play phase is a roll's extra one
        self.queue = []
        self.captain = 0
        self.deck: list[int] = []
        self.pile: list[int] = []  # the face-up discard pile, top last
        self.spent: list[int] = []  # set aside face up this hand (revealed hands, an old pile, abandoned cards)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.muck: list[list[int]] = [[] for _ in range(n)]  # set aside face down (folded, unshown winner)
        self.known: list[list[int]] = [[] for _ in range(n)]  # a seat's cards the whole table saw it take
        self.in_hand = [False] * n  # dealt in and not folded
        self.hand_live = [False] * n  # still in for the hand pot (not folded, not abandoned)
        self.abandoned = [False] * n
        self.locked = [False] * n
        self.hand_contrib = [0] * n
        self.spike_contrib = [0] * n
        self.wager = [0] * n  # this betting round
        self.cur_bet = 0
        self.hand_carry = 0
        self.spike_carry = 0
        self.carry_from = [False] * n
        self.spiked = False
        self.dice: tuple[int, int] | None = None
        self.reveals: list[tuple[Any, ...]] = []  # this hand: (pot name, hands, rank names, contenders)
        #: why the last pot paid this hand went as it did (game.engine.showdown): round_over reports it
        self.why: tuple[str, dict[str, Any]] = ("last_standing", {})
        self.last_reveal: tuple[Any, ...] | None = None
        self.won: list[int] = []
        self.odd: list[tuple[str, int, int]] = []  # this hand's split odd chips: (pot name, chips, first winner)
        self.dealer = 0
        return self._flow(self._hand_start, [])

    def _flow(self, step: Step, events: list[Event]) -> list[Event]:
        """Run steps until one waits for a seat (returns None); see the module docstring."""
        while step is not None:
            step = step(events)
        return events

    def _order(self) -> tuple[int, ...]:
        """Every seat once, starting with the Captain and going left."""
        return left_of(self.captain - 1, self.n)

    # ------------------------------------------------------------------ the hand, step by step
    def _last_hand(self) -> bool:
        """No hand follows this one: the hands limit is reached, or fewer than two seats have chips. Asked once
        the hand is settled and before the button moves (game.engine.rounds says why the order matters)."""
        return session_ends(self.round_no, self.options["rounds"], sum(st > 0 for st in self.stacks))

    def _hand_start(self, ev: list[Event]) -> Step:
        n = self.n
        stacks = self.stacks
        if self._last_hand():  # before the button moves: after the last hand it stays with that hand's dealer
            return self._session_end
        playing = [st > 0 for st in stacks]
        if self.round_no:
            self.dealer = next_dealer(self.dealer, playing)
        self.round_no += 1
        dealer = self.captain = self.dealer
        self.stage = 1
        self.extra = self.spiked = False
        self.dice = None
        self.reveals = []
        self.why = ("last_standing", {})
        self.won = []
        self.odd = []
        self.in_hand = playing
        self.hand_live = playing[:]
        self.abandoned = [False] * n
        self.wager = [0] * n
        self.cur_bet = 0
        self.spent = []
        self.muck = [[] for _ in range(n)]
        self.known = [[] for _ in range(n)]
        ante = self.options["ante"]
        spike = [0] * n
        hand = [0] * n
        locked = [False] * n
        order = left_of(dealer, n)
        for s in order:  # spike the pot, then the hand pot
            if playing[s]:
                a = ante if stacks[s] >= ante else stacks[s]
                stacks[s] -= a
                b = ante if stacks[s] >= ante else stacks[s]
                stacks[s] -= b
                spike[s], hand[s] = a, b
                locked[s] = stacks[s] == 0
        self.spike_contrib = spike
        self.hand_contrib = hand
        self.locked = locked
        deck = list(range(N_CARDS))
        self.rng.shuffle(deck)
        hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(2):
            for s in order:
                if playing[s]:
                    hands[s].append(deck.pop())
        self.hands = hands
        self.pile = [deck.pop()]
        self.deck = deck
        ev.append(Event("round_started", None, RoundStarted(round=self.round_no, dealer=dealer, captain=dealer,
                                                            playing=playing[:])))
        ev.append(Event("antes", None, Antes(spike=spike[:], hand=hand[:], spike_pot=self.spike_pot(),
                                             hand_pot=self.hand_pot(), locked=locked[:])))
        for s in order:
            if locked[s]:
                ev.append(Event("locked", s, Locked(stack=0)))
        for s in order:
            if playing[s]:
                ev.append(Event("cards_dealt", s, CardsDealt(count=2, refill=False, deck_count=len(deck)),
                                {"cards": hands[s][:]}))
        ev.append(Event("discard_started", None, DiscardStarted(card=self.pile[-1], deck_count=len(deck))))
        return self._stage_start

    def _stage_start(self, ev: list[Event]) -> Step:
        self.extra = False
        return self._play if self.stage <= 2 else self._bet

    def _play(self, ev: list[Event]) -> Step:
        in_hand, locked = self.in_hand, self.locked
        q = [s for s in self._order() if in_hand[s] and not locked[s]]
        if not q:
            return self._after_play
        self.phase = "play"
        self.queue = q
        ev.append(self._phase_started())
        self.current_seat = q[0]
        return None

    def _after_play(self, ev: list[Event]) -> Step:
        if self.extra:
            self.stage += 1
            return self._stage_start
        return self._bet

    def _phase_started(self) -> Event:
        return Event("phase_started", None, PhaseStarted(
            phase=self.phase, stage=self.stage, extra=self.extra, captain=self.captain,
            pot="spike" if self.spiked else "hand", to_act=self.queue[:]))

    def _bet(self, ev: list[Event]) -> Step:
        in_hand, locked = self.in_hand, self.locked
        q = [s for s in self._order() if in_hand[s] and not locked[s]]
        if len(q) < 2:  # skipped: the last round's wagers stay as they were (none is ever returned twice)
            return self._after_bet
        n = self.n
        self.wager = [0] * n
        self.cur_bet = 0
        self.phase = "bet"
        self.queue = q
        self.current_seat = q[0]
        ev.append(self._phase_started())
        return None

    def _after_bet(self, ev: list[Event]) -> Step:
        self._return_uncalled(ev)
        return self._roll_turn if self.stage < 3 else self._final_reveal

    def _roll_turn(self, ev: list[Event]) -> Step:
        in_hand, locked = self.in_hand, self.locked
        order = left_of(self.captain, self.n)  # the next seat first, the old Captain last
        able = [s for s in order if in_hand[s] and not locked[s]]
        auto = not able
        nxt = able[0] if able else next(s for s in order if in_hand[s])
        self.captain = nxt
        if auto:
            ev.append(Event("captain_passed", nxt, CaptainPassed(captain=nxt, to_act=[], stage=self.stage,
                                                                 extra=self.extra)))
            return self._roll(nxt, ev, auto=True)
        self.phase = "roll"
        self.queue = [nxt]
        self.current_seat = nxt
        ev.append(Event("captain_passed", nxt, CaptainPassed(captain=nxt, to_act=[nxt], stage=self.stage,
                                                             extra=self.extra)))
        return None

    def _roll(self, seat: int, ev: list[Event], auto: bool = False) -> Step:
        below = self.rng.below
        a = below(6) + 1
        b = below(6) + 1
        self.dice = (a, b)
        outcome = dice_outcome(a, b)
        if outcome == "mixed":
            self.stage += 1
            self.extra = False
        elif outcome == "matched":
            self.extra = True
        ev.append(Event("dice_rolled", seat, DiceRolled(dice=[a, b], outcome=outcome, auto=auto,
                                                        spike_hand=self.spiked, stage=self.stage, extra=self.extra)))
        if outcome == "mixed":
            return self._stage_start
        if outcome == "matched":
            self._spike_antes(ev)
            return self._play
        return self._final_reveal if self.spiked else self._abandon

    def _spike_antes(self, ev: list[Event]) -> None:
        """Both even or both odd: every seat still in (and not locked) antes the spike pot."""
        ante = self.options["ante"]
        stacks, contrib, locked = self.stacks, self.spike_contrib, self.locked
        amounts = [0] * self.n
        newly = []
        for s in left_of(self.dealer, self.n):
            if self.in_hand[s] and not locked[s]:
                a = ante if stacks[s] >= ante else stacks[s]
                stacks[s] -= a
                contrib[s] += a
                amounts[s] = a
                if stacks[s] == 0:
                    locked[s] = True
                    newly.append(s)
        ev.append(Event("spike_antes", None, SpikeAntes(amounts=amounts, spike_pot=self.spike_pot())))
        for s in newly:
            ev.append(Event("locked", s, Locked(stack=0)))

    def _abandon(self, ev: list[Event]) -> Step:
        live, locked = self.hand_live, self.locked
        q = [s for s in self._order() if live[s] and not locked[s]]
        if sum(live) <= 1 or not q:
            return self._spike_reveal
        self.phase = "abandon"
        self.queue = q
        self.current_seat = q[0]
        ev.append(self._phase_started())
        return None

    def _spike_reveal(self, ev: list[Event]) -> Step:
        """The first Spike: the hand pot is decided, hands are thrown in, everyone refills to two cards."""
        revealed = self._award("hand", ev)
        n = self.n
        hands, known = self.hands, self.known
        for s in range(n):
            if self.in_hand[s] and not self.abandoned[s]:
                if s in revealed:
                    self.spent.extend(hands[s])
                else:
                    self.muck[s].extend(hands[s])
                hands[s] = []
                known[s] = [c for c in known[s] if c in self.muck[s]]
        self.spent.extend(self.pile)
        self.pile = []
        self.spiked = True
        self.hand_live = [False] * n
        ev.append(Event("hands_discarded", None, HandsDiscarded(set_aside=self.spent[:])))
        for s in left_of(self.dealer, n):
            if self.in_hand[s]:
                drawn = []
                while len(hands[s]) < 2:
                    c = self._draw(ev)
                    hands[s].append(c)
                    drawn.append(c)
                ev.append(Event("cards_dealt", s, CardsDealt(count=len(drawn), refill=True,
                                                             deck_count=len(self.deck)), {"cards": drawn}))
        self.pile = [self._draw(ev)]
        ev.append(Event("discard_started", None, DiscardStarted(card=self.pile[-1], deck_count=len(self.deck))))
        self.stage += 1
        return self._stage_start

    def _final_reveal(self, ev: list[Event]) -> Step:
        self._award("spike" if self.spiked else "hand", ev)
        return self._hand_end

    def _last_standing(self, ev: list[Event]) -> Step:
        """Every other seat folded: the last one takes the pot being played for, without showing."""
        self._award("spike" if self.spiked else "hand", ev)
        return self._hand_end

    def _hand_end(self, ev: list[Event]) -> Step:
        n = self.n
        for name in ("hand", "spike"):
            contrib = self.hand_contrib if name == "hand" else self.spike_contrib
            left = sum(contrib)
            if left:  # a pot nobody won this hand carries (the spike pot without a Spike)
                if name == "hand":
                    self.hand_carry += left
                else:
                    self.spike_carry += left
                self.carry_from = [f or c > 0 for f, c in zip(self.carry_from, contrib, strict=True)]
                if name == "hand":
                    self.hand_contrib = [0] * n
                else:
                    self.spike_contrib = [0] * n
        if self._last_hand():  # no next hand for a split's odd chips: the first winner left of the dealer
            for pot_name, amount, seat in self.odd:
                if pot_name == "hand":
                    self.hand_carry -= amount
                else:
                    self.spike_carry -= amount
                self.stacks[seat] += amount
                ev.append(Event("odd_chips_won", seat, OddChipsWon(amount=amount, pot_name=pot_name,
                                                                   stack=self.stacks[seat])))
        self.odd = []
        carried = self.hand_carry + self.spike_carry
        if not carried:
            self.carry_from = [False] * n
        last = self.reveals[-1] if self.reveals else None
        ev.append(Event("round_over", None, RoundOver(
            round=self.round_no,
            winners=self.won[:],
            standings=list(last[2]) if last else [None] * n,
            contenders=list(last[3]) if last else [],
            showdown=bool(self.reveals),
            reveals=[Reveal(pot_name=r[0], standings=list(r[2]), contenders=list(r[3])) for r in self.reveals],
            spiked=self.spiked,
            carried=carried,
            carried_spike=self.spike_carry,
            carried_hand=self.hand_carry,
            stacks=self.stacks[:],
            stage=self.stage,
            extra=self.extra,
            reason=self.why[0],
            params=dict(self.why[1]),
        )))
        self.phase = "between"
        self.queue = []
        return self._hand_start

    def _session_end(self, ev: list[Event]) -> Step:
        carry = self.hand_carry + self.spike_carry
        if carry:
            payers = [s for s in left_of(self.dealer, self.n) if self.carry_from[s]]
            if not payers:  # cannot happen, but never lose a chip
                payers = list(left_of(self.dealer, self.n))
            amounts = share_out(carry, payers, self.n)
            for s in range(self.n):
                self.stacks[s] += amounts[s]
            self.hand_carry = self.spike_carry = 0
            self.carry_from = [False] * self.n
            ev.append(Event("carry_returned", None, CarryReturned(amounts=amounts)))
        self.phase = "over"
        self.queue = []
        self.current_seat = None
        ev.append(Event("session_over", None, SessionOver(rounds=self.round_no, stacks=self.stacks[:])))
        return None

    # ------------------------------------------------------------------ cards and chips
    def _draw(self, ev: list[Event]) -> int:
        """The top card of the deck; an empty deck is first rebuilt from the pile (but its top) and set-asides."""
        deck = self.deck
        if not deck:
            deck.extend(self.pile[:-1])
            deck.extend(self.spent)
            self.pile = self.pile[-1:]
            self.spent = []
            self.rng.shuffle(deck)
            ev.append(Event("deck_reshuffled", None, DeckReshuffled(count=len(deck), discard=self.pile[:])))
        return deck.pop()

    def _drawable(self) -> int:
        """Cards a Gain could reach now (the deck, or what a reshuffle would give)."""
        return len(self.deck) + max(0, len(self.pile) - 1) + len(self.spent)

    def _return_uncalled(self, ev: list[Event]) -> None:
        w = self.wager
        top = max(w)
        if top == 0:
            return
        leaders = [i for i in range(self.n) if w[i] == top]
        if len(leaders) != 1:
            return
        t = leaders[0]
        back = top - max(w[i] for i in range(self.n) if i != t)
        contrib = self.spike_contrib if self.spiked else self.hand_contrib
        contrib[t] -= back
        w[t] -= back
        self.stacks[t] += back
        self.cur_bet = max(w)
        self.locked[t] = False
        ev.append(Event("bet_returned", t, BetReturned(amount=back, stack=self.stacks[t], locked=False,
                                                       current_bet=self.cur_bet)))

    def _award(self, pot_name: str, ev: list[Event]) -> list[int]:
        """Pay one pot (every side level) to the best hands eligible for it; returns the seats revealed."""
        n = self.n
        if pot_name == "hand":
            contrib, carry, live = self.hand_contrib, self.hand_carry, self.hand_live
        else:
            contrib, carry, live = self.spike_contrib, self.spike_carry, self.in_hand
        contenders = [s for s in range(n) if live[s] and contrib[s] > 0]
        ranks: list[HandRank | None] = [None] * n
        revealed: list[int] = []
        if len(contenders) >= 2:
            revealed = contenders
            hands = self.hands
            for s in contenders:
                ranks[s] = hand_rank(hands[s])
            names = tuple(r.name if r is not None else None for r in ranks)
            shown = tuple(tuple(hands[s]) if s in contenders else None for s in range(n))
            record = (pot_name, shown, names, tuple(contenders))
            self.reveals.append(record)
            self.last_reveal = record
            ev.append(Event("hands_revealed", None, HandsRevealed(
                pot_name=pot_name, hands=[list(h) if h else None for h in shown], standings=list(names),
                contenders=contenders[:])))
        pots = [(p.amount, p.eligible) for p in build_pots(contrib, live)]
        if carry:
            if pots:
                pots[0] = (pots[0][0] + carry, pots[0][1])
            else:
                pots.append((carry, tuple(contenders)))
        carried = 0
        stacks = self.stacks
        order = left_of(self.dealer, n)
        payouts: list[tuple[int, int, int, int]] = []  # (winner, share, pot index, winners of that pot)
        for index, (amount, eligible) in enumerate(pots):
            if not eligible:
                carried += amount
                continue
            if len(eligible) == 1:
                winners = list(eligible)
            else:
                best = max(ranks[s] for s in eligible)  # type: ignore[type-var]
                winners = [s for s in order if s in eligible and ranks[s] == best]
            if index == 0:
                self.why = (showdown_reason(ranks, list(eligible), winners) if len(eligible) > 1
                            else ("last_standing", {}))
            share, rest = divmod(amount, len(winners))
            payouts.extend((w, share, index, len(winners)) for w in winners)
            if rest:  # the odd chips carry; on the session's last hand they go to winners[0] (see _hand_end)
                self.odd.append((pot_name, rest, winners[0]))
            carried += rest
        left = carried + sum(p[1] for p in payouts)
        for w, share, index, split in payouts:
            stacks[w] += share
            left -= share
            r = ranks[w]
            ev.append(Event("pot_won", w, PotWon(amount=share, pot_name=pot_name, pot=index,
                                                 rank=r.name if r is not None else None, split=split,
                                                 stack=stacks[w], pot_left=left)))
            if w not in self.won:
                self.won.append(w)
        if carried:
            self.carry_from = [f or c > 0 for f, c in zip(self.carry_from, contrib, strict=True)]
            ev.append(Event("pot_carried", None, PotCarried(pot_name=pot_name, amount=carried)))
        if pot_name == "hand":
            self.hand_contrib = [0] * n
            self.hand_carry = carried
        else:
            self.spike_contrib = [0] * n
            self.spike_carry = carried
        return revealed

    # ------------------------------------------------------------------ queries
    def hand_pot(self) -> int:
        return sum(self.hand_contrib) + self.hand_carry

    def spike_pot(self) -> int:
        return sum(self.spike_contrib) + self.spike_carry

    def chips_in_play(self) -> int:
        return sum(self.hand_contrib) + self.hand_carry + sum(self.spike_contrib) + self.spike_carry

    def _room(self, s: int) -> int:
        """Chips ``s`` could raise by after calling."""
        return self.stacks[s] - (self.cur_bet - self.wager[s])

    def _legal(self) -> list[Action]:
        s = self.current_seat
        assert s is not None
        phase = self.phase
        if phase == "bet":
            to_call = self.cur_bet - self.wager[s]
            acts = [_CHECK if to_call == 0 else _CALL, _FOLD]
            room = self.stacks[s] - to_call
            ante = self.options["ante"]
            if room >= ante:
                pot = self.spike_pot() if self.spiked else self.hand_pot()
                for amount in sorted({ante, 2 * ante, pot if pot > ante else ante, room}):
                    if amount <= room:
                        acts.append(act("raise", amount))
            return acts
        if phase == "play":
            hand = self.hands[s]
            acts = [_STAND]
            deck_n, pile_n, spent_n = len(self.deck), len(self.pile), len(self.spent)
            if len(hand) < MAX_CARDS and (deck_n or pile_n > 1 or spent_n):
                acts.append(_GAIN)
            from_deck = deck_n or pile_n or spent_n  # after the discard, the old pile can be reshuffled
            for c in hand:
                if from_deck:
                    acts.append(_SWAP[c, "deck"])
                if pile_n:
                    acts.append(_SWAP[c, "discard"])
            return acts
        if phase == "roll":
            return [_ROLL]
        return [_STAY, *(_ABANDON[c] for c in self.hands[s])]

    def _ranges(self) -> dict[str, tuple[int, int]]:
        s = self.current_seat
        if self.phase != "bet" or s is None:
            return {}
        room = self._room(s)
        ante = self.options["ante"]
        return {"raise": (ante, room)} if room >= ante else {}

    def _check(self, action: Action) -> str | None:
        """Each phase's rules, checked directly, with a reason a player understands and a stable code."""
        s = self.current_seat
        assert s is not None
        kind = action.kind
        phase = self.phase
        if phase == "bet":
            to_call = self.cur_bet - self.wager[s]
            if kind == "raise":
                if len(action.fields) != 1 or action.fields[0][0] != "amount":
                    return refuse("not_allowed_now", "a raise names only its amount: Action('raise', amount=...)",
                                  kind=kind)
                room = self.stacks[s] - to_call
                ante = self.options["ante"]
                if room < ante:
                    return refuse("cannot_raise", f"seat {s} cannot raise: after calling {to_call} it has "
                                  f"{max(room, 0)} chips, short of the smallest raise ({ante})",
                                  seat=s, to_call=to_call, room=max(room, 0), min_raise=ante)
                return super()._check(action)
            if kind not in ("fold", "check", "call"):
                return refuse("unknown_action", f"in a betting round seat {s} may check or call, raise or fold, "
                              f"not {kind!r}", kind=kind, allowed=sorted({a.kind for a in self._legal()}))
            if action.fields:
                return refuse("not_allowed_now", f"{kind!r} takes no fields, got {action!r}", kind=kind)
            if kind == "check" and to_call:
                return refuse("must_call", f"there is a bet of {to_call} to call: call, raise or fold",
                              to_call=to_call)
            if kind == "call" and not to_call:
                return refuse("nothing_to_call", "there is nothing to call: check, raise or fold")
            return None
        hand = self.hands[s]
        if phase == "play":
            if kind not in ("stand", "gain", "swap"):
                return refuse("unknown_action", f"in a play phase seat {s} may gain, swap or stand, not {kind!r}",
                              kind=kind, allowed=sorted({a.kind for a in self._legal()}))
            if kind == "swap":
                card, source = action.get("card"), action.get("source")
                if type(card) is not int or source not in SOURCES or _SWAP.get((card, source)) != action:
                    return refuse("not_allowed_now", "a swap names one card id and a source: "
                                  "Action('swap', card=id, source='deck'|'discard')", kind=kind)
                if card not in hand:
                    return refuse("card_not_held", f"seat {s} does not hold card {card}", seat=s, card=card)
                if source == "discard" and not self.pile:
                    return refuse("discard_empty", "the discard pile is empty: swap from the deck")
                if source == "deck" and not (self.deck or self.pile or self.spent):
                    return refuse("no_card_to_draw", "no card is left in the deck")
                return None
            if action.fields:
                return refuse("not_allowed_now", f"{kind!r} takes no fields, got {action!r}", kind=kind)
            if kind == "gain":
                if len(hand) >= MAX_CARDS:
                    return refuse("hand_full", f"seat {s} holds {MAX_CARDS} cards: no Gain, only Swap or Stand",
                                  seat=s, cards=MAX_CARDS)
                if not self._drawable():
                    return refuse("no_card_to_draw", "no card is left to draw: Swap or Stand")
            return None
        if phase == "roll":
            if kind != "roll":
                return refuse("unknown_action", f"seat {s} is the new Captain and must roll, not {kind!r}",
                              kind=kind, allowed=["roll"])
            if action.fields:
                return refuse("not_allowed_now", f"'roll' takes no fields, got {action!r}", kind=kind)
            return None
        if kind not in ("stay", "abandon"):
            return refuse("unknown_action", f"after a Spike seat {s} may stay in for the hand pot or abandon ship, "
                          f"not {kind!r}", kind=kind, allowed=["abandon", "stay"])
        if kind == "stay":
            if action.fields:
                return refuse("not_allowed_now", f"'stay' takes no fields, got {action!r}", kind=kind)
            return None
        keep = action.get("keep")
        if type(keep) is not int or _ABANDON.get(keep) != action:
            return refuse("not_allowed_now", "abandoning names the one card kept: Action('abandon', keep=id)",
                          kind=kind)
        if keep not in hand:
            return refuse("card_not_held", f"seat {s} does not hold card {keep}", seat=s, card=keep)
        return None

    # ------------------------------------------------------------------ actions
    def _do(self, action: Action) -> list[Event]:
        s = self.current_seat
        assert s is not None
        ev: list[Event] = []
        phase = self.phase
        if phase == "play":
            step = self._do_play(s, action, ev)
        elif phase == "bet":
            step = self._do_bet(s, action, ev)
        elif phase == "roll":
            step = self._roll(s, ev)
        else:
            step = self._do_abandon(s, action, ev)
        return self._flow(step, ev)

    def _next_in_queue(self, after: Step) -> Step:
        q = self.queue
        q.pop(0)
        if q:
            self.current_seat = q[0]
            return None
        return after

    def _do_play(self, s: int, action: Action, ev: list[Event]) -> Step:
        hand = self.hands[s]
        kind = action.kind
        to_act = self.queue[1:]
        if kind == "gain":
            c = self._draw(ev)
            hand.append(c)
            ev.append(Event("gain", s, Gain(count=len(hand), deck_count=len(self.deck), to_act=to_act),
                            {"card": c}))
        elif kind == "swap":
            card = action.card
            known = self.known[s]
            hand.remove(card)
            if card in known:
                known.remove(card)
            if action.source == "deck":
                self.pile.append(card)
                c = self._draw(ev)
                ev.append(Event("swap", s, Swap(discarded=card, source="deck", card=None, count=len(hand) + 1,
                                                deck_count=len(self.deck), to_act=to_act), {"card": c}))
            else:
                pile = self.pile
                c = pile.pop()
                pile.append(card)
                known.append(c)
                ev.append(Event("swap", s, Swap(discarded=card, source="discard", card=c, count=len(hand) + 1,
                                                deck_count=len(self.deck), to_act=to_act)))
            hand.append(c)
        else:
            ev.append(Event("stand", s, Stand(count=len(hand), to_act=to_act)))
        return self._next_in_queue(self._after_play)

    def _do_bet(self, s: int, action: Action, ev: list[Event]) -> Step:
        kind = action.kind
        stacks = self.stacks
        to_call = self.cur_bet - self.wager[s]
        put = 0
        if kind == "fold":
            self.in_hand[s] = self.hand_live[s] = False
            self.muck[s].extend(self.hands[s])
            self.hands[s] = []
        elif kind == "call":
            put = to_call if stacks[s] > to_call else stacks[s]
        elif kind == "raise":
            put = to_call + action.amount
        if put:
            stacks[s] -= put
            (self.spike_contrib if self.spiked else self.hand_contrib)[s] += put
            self.wager[s] += put
            if self.wager[s] > self.cur_bet:
                self.cur_bet = self.wager[s]
        now_locked = bool(put) and stacks[s] == 0
        if now_locked:
            self.locked[s] = True
        in_hand, locked = self.in_hand, self.locked
        if kind == "raise":  # everyone else still in and able to act answers the raise
            self.queue = [s, *(x for x in left_of(s, self.n)[:-1] if in_hand[x] and not locked[x])]
        q = self.queue
        after: Step = None
        if in_hand.count(True) == 1:
            q.clear()
            after = self._last_standing
        else:
            q.pop(0)
            active = [x for x in range(self.n) if in_hand[x] and not locked[x]]
            if len(active) <= 1 and (not q or self.wager[q[0]] >= self.cur_bet):
                q.clear()  # nobody left to bet against
            if q:
                self.current_seat = q[0]
            else:
                after = self._after_bet
        ev.append(Event("bet", s, Bet(action=kind, amount=put, wager=self.wager[s], current_bet=self.cur_bet,
                                      hand_pot=self.hand_pot(), spike_pot=self.spike_pot(), stack=stacks[s],
                                      to_act=q[:])))
        if now_locked:
            ev.append(Event("locked", s, Locked(stack=0)))
        return after

    def _do_abandon(self, s: int, action: Action, ev: list[Event]) -> Step:
        if action.kind == "abandon":
            keep = action.keep
            hand = self.hands[s]
            thrown = [c for c in hand if c != keep]
            self.hands[s] = [keep]
            self.spent.extend(thrown)
            self.known[s] = [c for c in self.known[s] if c == keep]
            self.hand_live[s] = False
            self.abandoned[s] = True
        last = sum(self.hand_live) <= 1  # one seat left in the hand pot: it takes it unseen
        to_act = [] if last else self.queue[1:]
        if action.kind == "abandon":
            ev.append(Event("abandon", s, Abandon(discarded=thrown, count=1, to_act=to_act)))
        else:
            ev.append(Event("stay", s, Stay(to_act=to_act)))
        if last:
            self.queue = []
            return self._spike_reveal
        return self._next_in_queue(self._spike_reveal)

    # ------------------------------------------------------------------ copies and hidden information
    #: the flat lists and the lists of per-seat lists a clone must copy; everything else is immutable
    _FLAT = ("stacks", "queue", "deck", "pile", "spent", "in_hand", "hand_live", "abandoned", "locked",
             "hand_contrib", "spike_contrib", "wager", "carry_from", "reveals", "won", "odd")
    _NESTED = ("hands", "muck", "known")

    def clone(self) -> State:
        """An independent copy. Faster than the generic one (a search AI clones thousands of times): one dict
        copy, then a fresh copy of each mutable list. A test checks that no list is shared."""
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        for k in self._FLAT:
            d[k] = d[k][:]
        for k in self._NESTED:
            d[k] = [x[:] for x in d[k]]
        d["rng"] = self.rng.copy()
        d["options"] = dict(self.options)
        new.__dict__ = d
        return new

    def determinize(self, seat: int | None, rng: Rng) -> State:
        """A copy with every card ``seat`` cannot see re-dealt uniformly: other seats' unknown cards (in hand
        or folded face down) and the deck order. Hand sizes, the pile, set-asides and every card the table
        saw taken stay put, so ``seat``'s view is unchanged. The copy gets a fresh generator from ``rng``, so
        a searching AI cannot read future dice or shuffles off the real one.
        """
        new: NepunianSpike = self.clone()  # type: ignore[assignment]
        pool = list(new.deck)
        slots: list[tuple[list[int], int]] = []
        for s in range(new.n):
            if s == seat:
                continue
            known = new.known[s]
            for zone in (new.hands[s], new.muck[s]):
                for i, c in enumerate(zone):
                    if c not in known:
                        slots.append((zone, i))
                        pool.append(c)
        rng.shuffle(pool)
        for zone, i in slots:
            zone[i] = pool.pop()
        new.deck = pool
        new.rng = Rng(rng.next64())
        return new

    @classmethod
    def from_view(cls, view: dict[str, Any], rng: Rng) -> NepunianSpike:
        """A state that ``view``'s seat cannot tell from the real one: what it sees is copied, and every card it
        cannot see (other seats' unknown cards in hand or folded face down, and the deck order) is dealt
        uniformly at random from the cards that appear nowhere in the view, every size kept.

        Why: an AI seat gets only its view, never the state, yet a search needs a state to play forward.
        This is :meth:`determinize` for someone who holds only the view, so ``from_view(v, rng).view(v["seat"])
        == v``. Pure: it reads ``view`` and draws from ``rng`` only; the new state gets a fresh generator from
        ``rng``. What the view does not carry is filled in neutrally, and none of it changes how the hand
        plays: ``seed`` 0 and no action history; other seats' face-down set-aside cards (their count follows
        from the view) all lie with one seat that folded, or the first other seat; a card the table saw a seat
        take counts as in its hand while the hand has room (after a Spike it may really lie in that seat's
        set-aside cards); this hand's earlier reveals and winners (only reported in ``round_over``) and
        its split odd chips are empty (on the session's last hand such chips are then shared back, not paid
        to the split's first winner); carried chips are owed to every seat still playing (only the session's
        last payout reads it).
        """
        new: NepunianSpike = cls._bare_from_view(view)  # type: ignore[assignment]
        seat, n = view["seat"], new.n
        new.phase = view["phase"]
        new.stage = view["stage"]
        new.extra = view["extra_play"]
        new.queue = list(view["to_act"])
        new.captain = view["captain"]
        new.pile = list(view["discard"])
        new.spent = list(view["set_aside"])
        new.known = [list(k) for k in view["known_cards"]]
        new.in_hand = list(view["in_hand"])
        new.hand_live = list(view["in_hand_pot"])
        new.abandoned = list(view["abandoned"])
        new.locked = list(view["locked"])
        new.hand_contrib = list(view["hand_contrib"])
        new.spike_contrib = list(view["spike_contrib"])
        new.wager = list(view["wager"])
        new.cur_bet = view["current_bet"]
        new.hand_carry = view["hand_carry"]
        new.spike_carry = view["spike_carry"]
        new.spiked = view["spiked"]
        new.dice = None if view["dice"] is None else tuple(view["dice"])
        new.reveals = []
        new.why = ("last_standing", {})
        new.won = []
        new.odd = []
        last = view["last_reveal"]
        new.last_reveal = None if last is None else (
            last["pot_name"], tuple(None if h is None else tuple(h) for h in last["hands"]),
            tuple(last["standings"]), tuple(last["contenders"]),
        )
        carried = new.hand_carry + new.spike_carry
        new.carry_from = [bool(carried) and (new.in_hand[s] or new.stacks[s] > 0) for s in range(n)]
        counts = view["hand_counts"]
        own_hand, own_muck = list(view["hand"]), list(view["folded_cards"])
        seen = set(own_hand) | set(own_muck) | set(new.pile) | set(new.spent)
        for s in range(n):
            if s != seat:
                seen.update(new.known[s])
        pool = [c for c in range(N_CARDS) if c not in seen]
        rng.shuffle(pool)
        # other seats' face-down set-aside cards: whatever the deck, the pile, the set-asides and the hands
        # do not account for
        other_muck = N_CARDS - view["deck_count"] - len(new.pile) - len(new.spent) - sum(counts) - len(own_muck)
        folded = [s for s in range(n) if s != seat and not new.in_hand[s]]
        muck_seat = folded[0] if folded else next((s for s in range(n) if s != seat), seat)
        hands: list[list[int]] = []
        muck: list[list[int]] = []
        for s in range(n):
            if s == seat:
                hands.append(own_hand)
                muck.append(own_muck)
                continue
            known = new.known[s]
            in_hand = known[:counts[s]]
            hands.append(list(in_hand))
            muck.append(list(known[counts[s]:]))
            other_muck -= len(known) - len(in_hand)
        if other_muck < 0:
            raise ValueError("the view's card counts do not add up to a whole deck")
        k = 0
        for s in range(n):
            if s == seat:
                continue
            m = counts[s] - len(hands[s])
            hands[s].extend(pool[k:k + m])
            k += m
        muck[muck_seat].extend(pool[k:k + other_muck])
        k += other_muck
        if len(pool) - k != view["deck_count"]:
            raise ValueError(f"the view's card counts do not add up: {len(pool) - k} cards left for a deck of "
                             f"{view['deck_count']}")
        new.hands = hands
        new.muck = muck
        new.deck = pool[k:]
        new.rng = Rng(rng.next64())
        return new

    def stack_cards(
        self,
        hands: Mapping[int, Sequence[int]] | None = None,
        discard: Sequence[int] | None = None,
        deck: Sequence[int] = (),
    ) -> None:
        """Put chosen cards in chosen places (for rule tests and tutorials; not an action, not in the save).

        ``hands`` sets whole hands of the seats named; ``discard`` the whole discard pile (top last; left as
        it is when None, minus any card claimed elsewhere); ``deck`` the next cards drawn, ``deck[0]`` first.
        Cards are taken from the deck, the pile and the named seats' hands, so the 42 cards stay a whole deck;
        a card that is elsewhere (another hand, set aside, folded) raises ValueError.
        """
        hands = dict(hands or {})
        pool = list(self.deck) + list(self.pile) + [c for s in hands for c in self.hands[s]]
        wanted = [c for cs in hands.values() for c in cs] + list(discard or ()) + list(deck)
        if len(set(wanted)) != len(wanted):
            raise ValueError("a card is named twice")
        missing = [c for c in wanted if c not in pool]
        if missing:
            raise ValueError(f"cards {missing} are not in the deck, the pile or the named hands")
        claimed = set(wanted)
        new_pile = [c for c in self.pile if c not in claimed] if discard is None else list(discard)
        taken = claimed | set(new_pile)
        rest = [c for c in pool if c not in taken]
        if discard is None and self.pile and not new_pile:
            new_pile = [rest.pop(0)]
        for s, cs in hands.items():
            self.hands[s] = list(cs)
            self.known[s] = []
        self.pile = new_pile
        self.deck = rest + list(reversed(deck))

    # ------------------------------------------------------------------ view
    def _view(self, seat: int | None) -> dict[str, Any]:
        s = self.current_seat
        last = self.last_reveal
        v: dict[str, Any] = {
            "phase": self.phase,
            "stage": self.stage,
            "extra_play": self.extra,
            "captain": self.captain,
            "hand": None if seat is None else list(self.hands[seat]),
            "folded_cards": None if seat is None else list(self.muck[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "known_cards": [list(k) for k in self.known],
            "discard": list(self.pile),
            "deck_count": len(self.deck),
            "set_aside": list(self.spent),
            "in_hand": list(self.in_hand),
            "in_hand_pot": list(self.hand_live),
            "abandoned": list(self.abandoned),
            "locked": list(self.locked),
            "hand_contrib": list(self.hand_contrib),
            "spike_contrib": list(self.spike_contrib),
            "wager": list(self.wager),
            "current_bet": self.cur_bet,
            "hand_pot": self.hand_pot(),
            "spike_pot": self.spike_pot(),
            "hand_carry": self.hand_carry,
            "spike_carry": self.spike_carry,
            "spiked": self.spiked,
            "dice": None if self.dice is None else list(self.dice),
            "ante": self.options["ante"],
            "to_act": list(self.queue),
            "last_reveal": None if last is None else {
                "pot_name": last[0], "hands": [None if h is None else list(h) for h in last[1]],
                "standings": list(last[2]), "contenders": list(last[3])},
        }
        if s is not None and self.phase == "bet":
            v["to_call"] = self.cur_bet - self.wager[s]
            v["min_raise"] = self.options["ante"]
        return v


def showdown_reason(ranks: Sequence[HandRank | None], seats: list[int],
                    winners: list[int]) -> tuple[str, dict[str, Any]]:
    """Why ``winners`` took a pot from ``seats``: the key entry (ranks._rank_sorted) that separated the winner
    from the best hand that lost, or a split when every tie-breaker ties (game.engine.showdown)."""
    win = ranks[winners[0]]
    assert win is not None
    if len(winners) > 1:
        return "split", {"standing": win.name, "ways": len(winners)}
    lost = [r for s in seats if s not in winners and (r := ranks[s]) is not None]
    if not lost:
        return "last_standing", {}
    other = max(lost)
    i = deciding_index(win.key, [other.key])
    h, o = win.cards, other.cards
    base: dict[str, Any] = {"standing": win.name}
    if i == 0:
        return "better_rank", {**base, "beats": other.name}
    if i == 1:
        return "nearest_zero", {**base, "total": win.total, "other": other.total}
    if i == 2:
        return "positive_total", {**base, "total": win.total, "other": other.total}
    if i == 3:
        return "holds_sylop", base
    if i == 4:
        return "more_cards", {**base, "cards": len(h), "other": len(o)}
    if i == 5:
        return "larger_plus_sum", {**base, "sum": sum(v for v in h if v > 0), "other": sum(v for v in o if v > 0)}
    if i == 6:
        return "higher_top_card", {**base, "card": max(abs(v) for v in h), "other": max(abs(v) for v in o)}
    return "black_top_card", {**base, "card": max(abs(v) for v in h)}
