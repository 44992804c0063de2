"""Sabacc House Rules at the table: the engine (rules/sabacc-house-rules.txt as RULINGS.md reads it).

The hand evaluator lives beside it in :mod:`game.engine.sabacc_house.ranks`; the event catalogue (one
TypedDict per kind) and the view reducer in :mod:`game.engine.sabacc_house.view`.

A hand: both antes -> deal (three cards down and one up to each seat, six face-up *petals* and the discard
pile in the middle of the flower) -> three times (betting round -> draw phase -> spike roll) -> a fourth
betting round -> showdown. Betting is fixed-limit and stud-like: round 1 opens with a forced bring-in, which
the others call or complete to the small bet; one bet and four raises at most per round.

Phases and the actions each offers (``state.phase``):

* ``"bet"``: ``fold``, ``check`` (nothing to call), ``call``, ``allin`` (only when the seat cannot meet the
  call), and one of ``complete`` (round 1, up to the small bet), ``bet`` (nothing bet yet) or ``raise``
  while the cap allows and the seat can pay it in full. No amounts: the limit fixes them.
* ``"draw"``: ``stay``; ``draw`` (from the stub, free); ``buy(slot)`` (take petal ``slot`` face up);
  ``swap(slot, card)`` (take petal ``slot``, leave ``card`` from the hand in its place).
* ``"drawn"``: the same seat's second step after ``draw``: ``keep(face)`` (``"up"``/``"down"``),
  ``keep(face, discard=card)`` (keep the drawn card, discard ``card`` from the hand) or
  ``discard(card)`` (throw the drawn card itself onto the discard pile).
* ``"over"``: the session has ended.

Why it looks like this:

* **Cards are ids** ``0..61`` into :data:`CARDS` (``DECK[id]`` is the value), so a suit never gets lost
  between the deal and the screen, and every list of cards is plain, cheap-to-copy data.
* **The stub is an unordered pile; each draw takes a uniformly random card of it.** That is the same as
  drawing the top card of a shuffled stub, but costs one random number per card actually dealt instead of
  a 62-card shuffle per hand (the 2-seat hand budget is 200 µs).
* **Every Action is built once at import** (buys, swaps, keeps, discards for each card id): legal-action
  lists are rebuilt every step and constructing Actions was the dominant cost.
* **Events carry results, not just deeds** (the queue still to act after a turn, stacks and pots after a
  move, the mucked count of a spike), so :func:`~game.engine.sabacc_house.view.reduce_view` folds a seat's
  view forward from them without re-deciding a rule. Hidden cards go in ``Event.secret`` only.
* **The blind draw keeps one sequence of cards per seat** for the whole showdown, so the same tie in two
  side pots is always settled the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from game.engine.core import ROUNDS, STACK, Action, Event, OptionSpec, Refusal, Rng, State, act, left_of, refuse
from game.engine.hand_rank import HandRank
from game.engine.rounds import next_dealer, session_ends, share_out
from game.engine.sabacc_house.ranks import CARDS, DECK, RANK_NAMES, wins_sabacc_pot
from game.engine.sabacc_house.ranks import RULINGS_NOTES as HAND_NOTES
from game.engine.sabacc_house.view import (
    EVENT_KINDS,
    Antes,
    Bet,
    BetReturned,
    BettingRound,
    BettingSkipped,
    BlindDraw,
    BoardDealt,
    Bought,
    CarryReturned,
    Dealt,
    Discarded,
    DiscardRefilled,
    DrawPhase,
    Drew,
    HandReplaced,
    Kept,
    PetalRefilled,
    PocketReplaced,
    PotWon,
    RoundOver,
    RoundStarted,
    SabaccPotCarried,
    SessionOver,
    Shows,
    SpikeRoll,
    Stayed,
    StubRebuilt,
    Swapped,
    hand_of,
    pot_layers,
    reduce_view,
    stake,
)
from game.engine.showdown import deciding_index

#: Appendix A of the text: (main-pot ante, sabacc-pot ante, bring-in, small bet, big bet); option ``structure``
STRUCTURES: tuple[tuple[int, int, int, int, int], ...] = (
    (1, 1, 3, 8, 16),
    (1, 1, 4, 10, 20),
    (2, 1, 6, 15, 30),
    (3, 2, 10, 20, 20),
    (5, 5, 20, 50, 100),
    (15, 10, 50, 75, 150),
    (15, 10, 50, 100, 200),
)
STRUCTURE_FIELDS: tuple[str, ...] = ("main_ante", "sabacc_ante", "bring_in", "small_bet", "big_bet")
#: the six faces of a spike die: five plain symbols, then the Spike (index SPIKE)
SPIKE_FACES: tuple[str, ...] = ("circle", "triangle", "square", "diamond", "cross", "spike")
SPIKE = 5
PETALS = 6
MAX_HAND = 5
#: one bet plus four raises
MAX_BETS = 5
N_CARDS = len(CARDS)

ENGINE_NOTES: tuple[str, ...] = (
    "Cards for sale are the six petals of the flower. The middle card is the top of the discard pile; it "
    "refills the petals and is not for sale. The whole discard pile is face up and public.",
    "Buying a petal costs the structure's main-pot ante, paid into the sabacc pot; a seat that cannot pay "
    "the full price cannot buy.",
    "A swap leaves the chosen hand card face up in the petal's place and the bought card joins the seat's "
    "face-up cards. Any face-up card may be swapped away, a face-down one only while the seat holds another.",
    "After a stub draw the seat sees the card, keeps it face up or down, and may then discard any one card "
    "face up, the drawn card included. The last-face-down-card limit is written for board swaps only, so "
    "here even the last face-down card may go. A seat holding five cards must discard after drawing.",
    "Buying without a swap and keeping a drawn card add a card, so they need a hand of four; swaps and "
    "draw-and-discard keep the count. Spikes replace card for card. So every hand holds four or five cards "
    "from the deal to the showdown, and a showdown hand of another size cannot happen.",
    "The stub is shuffled and its order is known to nobody. When it runs out, the muck (folded hands and "
    "spiked cards) is shuffled into a new stub; if the muck is empty too, the discard pile below its top "
    "card is. The deal, the board refills and the spikes can never exhaust all three.",
    "The muck is face down: a folded hand and the cards a spike takes are not shown again. Face-up cards "
    "mucked by Spikes were public and stay so in the events.",
    "The dealer throws the spike dice after every draw phase. All affected cards are mucked first, then "
    "replacements are dealt seat by seat from the dealer's left: face-down for face-down, face-up for "
    "face-up. Folded seats are not affected.",
    "The bring-in is posted automatically by the seat showing the biggest card by size among the seats "
    "still holding chips after the antes (then the plus card, then the first from the dealer's left). A "
    "seat short of the bring-in posts what it has, and that is the bet to call.",
    "Completing the bring-in counts as the round's one bet; the raises that follow are of the small bet. "
    "If nobody completes, the bring-in seat may check or complete when the action comes back to it.",
    "A raise is always a full fixed step. A seat that cannot pay a full raise may call; a seat that cannot "
    "meet the call may go all-in for what it has. Nobody may raise when no other seat still in can add "
    "chips.",
    "A seat may fold at any of its betting turns, even when checking is free.",
    "A betting round is skipped when fewer than two seats still in hold chips, and an all-in seat is passed "
    "over when a round opens or the action goes round. Chips nobody matched are returned at the end of each "
    "betting round.",
    "If every other seat folds, the last seat takes the main pot at once without showing; no hand was "
    "shown, so the sabacc pot carries.",
    "All-in seats still take part in the draw phase: they may draw or stay, but buying needs chips.",
    "Antes: the main-pot ante first, then the sabacc-pot ante; a seat short of them antes what it has and "
    "plays all-in. A seat with no chips sits the hand out. The dealer is seat 0 first, then the next seat "
    "on the left that still holds chips.",
    "The sabacc pot is one pot, not layered: the best hand at the showdown takes it (with Banthas Wild or "
    "better), even from a seat that is all-in for less.",
    "Showdown order: the last seat to bet, complete or raise in the hand (the bring-in counts if nothing "
    "followed it) shows first, then the others in turn to its left.",
    "Blind draw: the tied seats draw one card each, face up, in showing order; its value is added to the "
    "hand's total and the total nearest zero wins. Still tied: each draws another card, added to the same "
    "running total. Cards drawn for one pot count again for every other pot the same seats tie for. If no "
    "card were left to draw, the still-tied seats would split.",
    "Side pots: each layer goes to the best hand that paid into it; the sabacc pot goes with the best hand "
    "overall, the winner of the layer every seat at the showdown paid into.",
    "Splits: odd chips of a main-pot layer stay in the main pot for the next hand; odd chips of the sabacc "
    "pot stay in the sabacc pot.",
    "Splits on the last hand: when no hand follows (the set number of hands is played, or fewer than two "
    "seats hold chips once the equal shares are paid), each split pot's odd chips go to that pot's first "
    "winner left of the hand's dealer, never to a seat that did not win it.",
    "When the session ends, a sabacc pot nobody won is shared equally by the seats still holding chips; its "
    "odd chips go to the first of them left of the last hand's dealer. The dealer button only moves when "
    "another hand is dealt.",
    "The session ends after the set number of hands (0 = no limit) or when fewer than two seats hold chips.",
)

# ------------------------------------------------------------------------------- cached actions
FOLD, CHECK, CALL, ALLIN = act("fold"), act("check"), act("call"), act("allin")
BET, COMPLETE, RAISE = act("bet"), act("complete"), act("raise")
STAY, DRAW = act("stay"), act("draw")
_AGGRESSIVE = frozenset(("bet", "complete", "raise"))
BUY: tuple[Action, ...] = tuple(Action("buy", slot=i) for i in range(PETALS))
SWAP: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action("swap", slot=i, card=c) for c in range(N_CARDS)) for i in range(PETALS)
)
KEEP: dict[str, Action] = {f: Action("keep", face=f) for f in ("up", "down")}
KEEP_DISCARD: dict[str, tuple[Action, ...]] = {
    f: tuple(Action("keep", face=f, discard=c) for c in range(N_CARDS)) for f in ("up", "down")
}
DISCARD: tuple[Action, ...] = tuple(Action("discard", card=c) for c in range(N_CARDS))


BET_KINDS = frozenset(("fold", "check", "call", "allin", "bet", "complete", "raise"))
DRAW_KINDS = frozenset(("stay", "draw", "buy", "swap", "keep", "discard"))


def _elsewhere(kind: str, message: str, **params: Any) -> Refusal:
    """A refusal for a kind the seat may not take now: ``wrong_phase`` if the game has it at another time."""
    code = "wrong_phase" if kind in BET_KINDS or kind in DRAW_KINDS else "unknown_action"
    return refuse(code, message, kind=kind, **params)


def spike_outcome(first: str, second: str) -> str:
    """What a throw of the two spike dice does: "spikes" (both Spike faces: every whole hand is replaced),
    "doubles" (the same plain symbol: every face-down card is replaced) or "nothing"."""
    if first != second:
        return "nothing"
    return "spikes" if first == SPIKE_FACES[SPIKE] else "doubles"


def _card_id(value: Any) -> int | None:
    """A card id from an action field, or None when it is not one (bools and text are not cards)."""
    return value if type(value) is int and 0 <= value < N_CARDS else None


class SabaccHouse(State):
    """Sabacc House Rules for 2–8 seats; see the module docstring for the shape of a hand and the phases."""

    game_id = "sabacc_house"
    title = "Sabacc House Rules"
    min_seats = 2
    max_seats = 8
    RANK_NAMES = RANK_NAMES
    OPTIONS = (
        ROUNDS,
        STACK,
        OptionSpec(
            "structure",
            0,
            "betting structure, a row of the standard table (main ante / sabacc ante / bring-in / small / big): "
            + "; ".join(f"{i}: " + "/".join(map(str, row)) for i, row in enumerate(STRUCTURES)),
            min=0,
            max=len(STRUCTURES) - 1,
        ),
    )
    RULINGS_NOTES = HAND_NOTES + ENGINE_NOTES
    EVENT_KINDS = EVENT_KINDS
    REFUSALS: ClassVar[Mapping[str, str]] = {
        "bad_slot": "a petal slot must be a whole number from 0 to 5",
        "bad_card": "a card must be the id (a whole number) of a card in the seat's hand",
        "bad_face": "a drawn card is kept face 'up' or 'down'",
        "petal_empty": "that petal holds no card",
        "cannot_afford": "a petal costs the main-pot ante, and the seat holds less",
        "hand_full": "a hand holds at most five cards: swap or discard instead",
        "card_not_in_hand": "the card named is not in the seat's hand",
        "last_down_card": "a board swap may never take the seat's last face-down card",
        "wrong_phase": "this kind of action belongs to another phase of the hand",
    }
    reduce_view = staticmethod(reduce_view)

    phase: str
    queue: list[int]

    # ------------------------------------------------------------------ session and hand flow
    def _setup(self) -> list[Event]:
        n = self.n
        self.phase = "over"
        self.stage = 0
        self.playing = [False] * n
        self.live = [False] * n
        self.down: list[list[int]] = [[] for _ in range(n)]
        self.up: list[list[int]] = [[] for _ in range(n)]
        self.petals: list[int | None] = [None] * PETALS
        self.discard: list[int] = []
        self.stub: list[int] = []
        self.muck: list[int] = []
        self.drawn: int | None = None
        self.contrib = [0] * n
        self.wager = [0] * n
        self.cur_bet = 0
        self.bets = 0
        self.bring_seat: int | None = None
        self.aggressor: int | None = None
        self.queue = []
        self.sabacc = 0
        self.carry_main = 0
        self.rolls: list[tuple[str, str, str]] = []
        self.last_showdown: tuple[Any, ...] | None = None
        self.dealer = 0
        return self._start_hand(first=True)

    def _take(self, events: list[Event]) -> int | None:
        """One uniformly random card from the stub, rebuilding the stub from the muck (then from the discard
        pile under its top card) when it is empty. None only when no card is left anywhere to draw."""
        stub = self.stub
        if not stub:
            if self.muck:
                stub.extend(self.muck)
                self.muck.clear()
                events.append(Event("stub_rebuilt", None, StubRebuilt(source="muck", cards=len(stub))))
            elif len(self.discard) > 1:
                stub.extend(self.discard[:-1])
                del self.discard[:-1]
                events.append(Event("stub_rebuilt", None, StubRebuilt(source="discard", cards=len(stub))))
            else:
                return None
        i = self.rng.below(len(stub))
        card = stub[i]
        stub[i] = stub[-1]
        stub.pop()
        return card

    def _deal(self, events: list[Event]) -> int:
        """A card from :meth:`_take` where one must exist (a spike's replacements: the cards just mucked)."""
        card = self._take(events)
        assert card is not None, "the muck holds at least the cards being replaced"
        return card

    def _start_hand(self, first: bool = False, last: bool | None = None) -> list[Event]:
        """Deal the next hand, or end the session when none follows (``last``: the showdown has decided it)."""
        n = self.n
        stacks = self.stacks
        if self._last_hand_played() if last is None else last:  # before the button moves: no next hand, no move
            return self._end_session()
        playing = [st > 0 for st in stacks]
        if not first:
            self.dealer = next_dealer(self.dealer, playing)
        self.round_no += 1
        dealer = self.dealer
        main_ante, sabacc_ante = STRUCTURES[self.options["structure"]][:2]
        contrib = [0] * n
        sabacc_paid = [0] * n
        order = [s for s in left_of(dealer, n) if playing[s]]
        for s in order:  # antes from the dealer's left: the main pot first
            a = main_ante if stacks[s] >= main_ante else stacks[s]
            stacks[s] -= a
            contrib[s] = a
            b = sabacc_ante if stacks[s] >= sabacc_ante else stacks[s]
            stacks[s] -= b
            sabacc_paid[s] = b
        self.sabacc += sum(sabacc_paid)
        self.contrib = contrib
        self.playing = playing
        self.live = playing[:]
        self.wager = [0] * n
        self.aggressor = None
        self.bring_seat = None
        self.drawn = None
        self.rolls = []
        self.muck = []
        self.discard = []
        stub = self.stub = list(range(N_CARDS))
        below = self.rng.below
        dealt: list[int] = []
        for _ in range(4 * len(order) + PETALS + 1):  # the fresh stub cannot run out: draw directly
            i = below(len(stub))
            dealt.append(stub[i])
            stub[i] = stub[-1]
            stub.pop()
        down: list[list[int]] = [[] for _ in range(n)]
        up: list[list[int]] = [[] for _ in range(n)]
        events = [
            Event("round_started", None, RoundStarted(round=self.round_no, dealer=dealer, playing=playing[:])),
            Event("antes", None, Antes(main=contrib[:], sabacc=sabacc_paid, pot=sum(contrib) + self.carry_main,
                                       sabacc_pot=self.sabacc)),
        ]
        k = 0
        for s in order:
            down[s] = dealt[k:k + 3]
            up[s] = [dealt[k + 3]]
            k += 4
            events.append(Event("dealt", s, Dealt(up=up[s][:], down=3), {"down_cards": down[s][:]}))
        self.down = down
        self.up = up
        self.petals = [c for c in dealt[k:k + PETALS]]
        self.discard = [dealt[k + PETALS]]
        events.append(Event("board_dealt", None, BoardDealt(petals=self.petals[:], discard=self.discard[:])))
        return self._start_betting(1, events)

    def _last_hand_played(self) -> bool:
        """Whether no hand follows the one played (the set number of hands is played, or fewer than two seats
        hold chips). The showdown asks it before giving a split's odd chips; the next deal asks it first."""
        return session_ends(self.round_no, self.options["rounds"], sum(st > 0 for st in self.stacks))

    def _end_session(self) -> list[Event]:
        events: list[Event] = []
        left = self.sabacc + self.carry_main
        if left:
            n = self.n
            # unlike Hintaro's carry (back to the seats that paid into it), an unwon sabacc pot and carried
            # main-pot odd chips are shared by the seats still holding chips (RULINGS_NOTES); if none does,
            # by every seat, so no chip is lost
            takers = [s for s in left_of(self.dealer, n) if self.stacks[s] > 0] or list(left_of(self.dealer, n))
            amounts = share_out(left, takers, n)
            for s in range(n):
                self.stacks[s] += amounts[s]
            self.sabacc = self.carry_main = 0
            events.append(Event("carry_returned", None, CarryReturned(amounts=amounts)))
        self.phase = "over"
        self.queue = []
        self.current_seat = None
        events.append(Event("session_over", None, SessionOver(rounds=self.round_no, stacks=list(self.stacks))))
        return events

    # ------------------------------------------------------------------ betting
    def bet_size(self) -> int:
        """The fixed step of this betting round: the small bet in rounds 1–2, the big bet in rounds 3–4."""
        row = STRUCTURES[self.options["structure"]]
        return stake(self.stage, row[3], row[4])

    def _start_betting(self, stage: int, events: list[Event]) -> list[Event]:
        n = self.n
        live = self.live
        stacks = self.stacks
        self.phase = "bet"
        self.stage = stage
        self.wager = [0] * n
        self.cur_bet = 0
        self.bets = 0
        actors = [s for s in left_of(self.dealer, n) if live[s] and stacks[s] > 0]
        if len(actors) < 2:
            events.append(Event("betting_skipped", None, BettingSkipped(stage=stage)))
            return self._end_betting(events)
        if stage == 1:
            best = actors[0]
            v = DECK[self.up[best][0]]
            best_key = (abs(v), v > 0)
            for s in actors[1:]:  # strictly bigger only: a tie stays with the first left of the dealer
                v = DECK[self.up[s][0]]
                key = (abs(v), v > 0)
                if key > best_key:
                    best, best_key = s, key
            amount = STRUCTURES[self.options["structure"]][2]
            if stacks[best] < amount:
                amount = stacks[best]
            stacks[best] -= amount
            self.contrib[best] += amount
            self.wager[best] = amount
            self.cur_bet = amount
            self.bring_seat = self.aggressor = best
            queue = [t for t in left_of(best, n)[:-1] if live[t] and stacks[t] > 0]
            if stacks[best] > 0:
                queue.append(best)
            events.append(Event("betting_round", None, BettingRound(stage=stage, to_act=[best])))
            events.append(Event("bet", best, Bet(action="bring-in", amount=amount, wager=amount,
                                                 current_bet=amount, pot=self.pot_total(), stack=stacks[best],
                                                 bets=0, to_act=queue[:])))
        else:
            queue = actors
            events.append(Event("betting_round", None, BettingRound(stage=stage, to_act=queue[:])))
        self.queue = queue
        self.current_seat = queue[0]
        return events

    def _bet_actions(self) -> list[Action]:
        s = self.current_seat
        assert s is not None
        stack = self.stacks[s]
        to_call = self.cur_bet - self.wager[s]
        acts = [FOLD]
        if to_call == 0:
            acts.append(CHECK)
        elif stack >= to_call:
            acts.append(CALL)
        else:
            acts.append(ALLIN)
            return acts
        if self.bets < MAX_BETS:
            row = STRUCTURES[self.options["structure"]]
            cur = self.cur_bet
            if self.stage == 1 and cur < row[3]:
                kind, level = COMPLETE, row[3]
            else:
                kind, level = (BET if cur == 0 else RAISE), cur + stake(self.stage, row[3], row[4])
            if stack >= level - self.wager[s]:
                live, stacks = self.live, self.stacks
                for t in range(self.n):  # a raise needs another seat still in that can add chips
                    if live[t] and stacks[t] > 0 and t != s:
                        acts.append(kind)
                        break
        return acts

    def _do_bet(self, action: Action) -> list[Event]:
        s = self.current_seat
        assert s is not None
        kind = action.kind
        stacks = self.stacks
        n = self.n
        put = 0
        events: list[Event] = []
        if kind == "fold":
            self.live[s] = False
            self.muck.extend(self.down[s])
            self.muck.extend(self.up[s])
            self.down[s] = []
            self.up[s] = []
        elif kind == "call":
            put = self.cur_bet - self.wager[s]
        elif kind == "allin":
            put = stacks[s]
        elif kind in _AGGRESSIVE:
            level = STRUCTURES[self.options["structure"]][3] if kind == "complete" else self.cur_bet + self.bet_size()
            put = level - self.wager[s]
            self.bets += 1
            self.aggressor = s
        if put:
            stacks[s] -= put
            self.contrib[s] += put
            self.wager[s] += put
            if self.wager[s] > self.cur_bet:
                self.cur_bet = self.wager[s]
        if kind in _AGGRESSIVE:
            live = self.live
            self.queue = [t for t in left_of(s, n)[:-1] if live[t] and stacks[t] > 0]
        else:
            self.queue.pop(0)
        events.append(Event("bet", s, Bet(action=kind, amount=put, wager=self.wager[s], current_bet=self.cur_bet,
                                          pot=self.pot_total(), stack=stacks[s], bets=self.bets,
                                          to_act=self.queue[:])))
        if self.live.count(True) == 1:
            return events + self._award_to(self.live.index(True))
        if self.queue:
            self.current_seat = self.queue[0]
            return events
        return self._end_betting(events)

    def _end_betting(self, events: list[Event]) -> list[Event]:
        """Return chips nobody matched, then go on to the draw phase (rounds 1–3) or the showdown."""
        c = self.contrib
        top = max(c)
        if c.count(top) == 1:
            t = c.index(top)
            second = max(c[i] for i in range(self.n) if i != t)
            back = top - second
            c[t] -= back
            self.wager[t] -= back
            self.stacks[t] += back
            self.cur_bet = max(self.wager)
            events.append(Event("bet_returned", t, BetReturned(amount=back, stack=self.stacks[t],
                                                               pot=self.pot_total())))
        if self.stage >= 4:
            return self._showdown(events)
        self.phase = "draw"
        self.queue = [s for s in left_of(self.dealer, self.n) if self.live[s]]
        self.current_seat = self.queue[0]
        events.append(Event("draw_phase", None, DrawPhase(stage=self.stage, order=self.queue[:])))
        return events

    # ------------------------------------------------------------------ draw phase
    def _draw_actions(self) -> list[Action]:
        s = self.current_seat
        assert s is not None
        acts = [STAY, DRAW]
        if self.stacks[s] >= STRUCTURES[self.options["structure"]][0]:
            up, down = self.up[s], self.down[s]
            room = len(up) + len(down) < MAX_HAND
            swappable = up + down if len(down) >= 2 else up
            for slot, card in enumerate(self.petals):
                if card is None:
                    continue
                if room:
                    acts.append(BUY[slot])
                row = SWAP[slot]
                acts.extend([row[c] for c in swappable])
        return acts

    def _drawn_actions(self) -> list[Action]:
        s = self.current_seat
        assert s is not None
        hand = self.down[s] + self.up[s]
        acts = [KEEP["up"], KEEP["down"]] if len(hand) < MAX_HAND else []
        for face in ("up", "down"):
            row = KEEP_DISCARD[face]
            acts.extend([row[c] for c in hand])
        acts.append(DISCARD[self.drawn])  # type: ignore[index]
        return acts

    def _check_draw(self, action: Action) -> Refusal | None:
        """The draw phase's rules, checked directly (listing ~40 choices to search them is slow)."""
        s = self.current_seat
        assert s is not None
        kind = action.kind
        if kind in ("stay", "draw"):
            if action.fields:
                return refuse("malformed_action", f"{kind!r} takes no fields, got {action!r}", kind=kind)
            return None
        if kind not in ("buy", "swap"):
            return _elsewhere(kind, f"seat {s} cannot {kind!r} in the draw phase; it may stay, draw, buy or swap")
        slot = action.get("slot")
        if type(slot) is not int:
            return refuse("malformed_action", f"a {kind} needs a petal slot (a whole number), not {slot!r}",
                          field="slot")
        if not 0 <= slot < PETALS:
            return refuse("bad_slot", f"a {kind} needs a petal slot from 0 to {PETALS - 1}, not {slot!r}", slot=slot)
        card: int | None = None
        if kind == "buy":
            canon = BUY[slot]
        else:
            raw = action.get("card")
            if type(raw) is not int:
                return refuse("malformed_action", f"a swap needs the id of a card in your hand, not {raw!r}",
                              field="card")
            card = _card_id(raw)
            if card is None:
                return refuse("bad_card", f"a swap needs the id of a card in your hand, not {raw!r}", card=raw)
            canon = SWAP[slot][card]
        if action != canon:
            return refuse("malformed_action", f"malformed {kind}: {action!r}", kind=kind)
        price = STRUCTURES[self.options["structure"]][0]
        if self.stacks[s] < price:
            return refuse("cannot_afford", f"a petal costs {price} chips and seat {s} holds {self.stacks[s]}",
                          price=price, stack=self.stacks[s])
        if self.petals[slot] is None:
            return refuse("petal_empty", f"petal {slot} is empty", slot=slot)
        up, down = self.up[s], self.down[s]
        if kind == "buy":
            if len(up) + len(down) >= MAX_HAND:
                return refuse("hand_full", f"a hand holds at most {MAX_HAND} cards: swap a card for the petal instead",
                              most=MAX_HAND)
            return None
        if card in up:
            return None
        if card not in down:
            return refuse("card_not_in_hand", f"card {card} is not in seat {s}'s hand", card=card)
        if len(down) < 2:
            return refuse("last_down_card", "you may never swap away your last face-down card", card=card)
        return None

    def _check_drawn(self, action: Action) -> Refusal | None:
        s = self.current_seat
        assert s is not None
        kind = action.kind
        drawn = self.drawn
        assert drawn is not None
        if kind == "discard":
            if action != DISCARD[drawn]:
                code = "malformed_action" if type(action.get("card")) is not int else "not_allowed_now"
                return refuse(code, f"'discard' throws away the card just drawn: Action('discard', card={drawn})",
                              kind=kind, card=drawn)
            return None
        if kind != "keep":
            return _elsewhere(kind, f"seat {s} has just drawn: it may 'keep' the card (face up or down) or "
                              "'discard' it")
        face = action.get("face")
        if face not in KEEP:
            code = "bad_face" if type(face) is str else "malformed_action"
            return refuse(code, f"keep the drawn card face 'up' or 'down', not {face!r}", field="face")
        hand_size = len(self.down[s]) + len(self.up[s])
        if len(action.fields) == 1:
            if action != KEEP[face]:
                return refuse("malformed_action", f"malformed keep: {action!r}", kind=kind)
            if hand_size >= MAX_HAND:
                return refuse("hand_full", f"seat {s} would hold {hand_size + 1} cards: discard one "
                              f"(at most {MAX_HAND})", most=MAX_HAND)
            return None
        raw = action.get("discard")
        if type(raw) is not int:
            return refuse("malformed_action", f"malformed keep: {action!r} (discard must be the id of a card in your "
                          "hand)", field="discard")
        card = _card_id(raw)
        if card is None:
            return refuse("bad_card", f"malformed keep: {action!r} (discard must be the id of a card in your hand)",
                          card=raw)
        if action != KEEP_DISCARD[face][card]:
            return refuse("malformed_action", f"malformed keep: {action!r}", kind=kind)
        if card not in self.down[s] and card not in self.up[s]:
            return refuse("card_not_in_hand",
                          f"card {card} is not in seat {s}'s hand (to throw the drawn card away, use 'discard')",
                          card=card)
        return None

    def _refill_petal(self, slot: int, events: list[Event]) -> None:
        """A kept petal's place takes the discard pile's top card; an emptied pile takes one from the stub."""
        card: int | None
        if self.discard:
            card = self.discard.pop()
            source = "discard"
        else:  # cannot happen (the pile is topped up as soon as it empties), but never leave a hole
            card = self._take(events)
            source = "stub"
        self.petals[slot] = card
        events.append(Event("petal_refilled", None, PetalRefilled(slot=slot, card=card, source=source)))
        if not self.discard:
            top = self._take(events)
            if top is not None:
                self.discard.append(top)
                events.append(Event("discard_refilled", None, DiscardRefilled(card=top, source="stub")))

    def _do_draw(self, action: Action) -> list[Event]:
        s = self.current_seat
        assert s is not None
        kind = action.kind
        events: list[Event] = []
        if kind == "draw":
            card = self._take(events)
            assert card is not None, "the stub, muck and discard pile cannot all be empty during a draw"
            self.drawn = card
            self.phase = "drawn"
            events.append(Event("drew", s, Drew(stage=self.stage), {"card": card}))
            return events
        after = self.queue[1:]  # the seats still to draw once this turn is done
        if kind == "stay":
            events.append(Event("stayed", s, Stayed(stage=self.stage, to_act=after)))
        else:
            slot = action.slot
            price = STRUCTURES[self.options["structure"]][0]
            self.stacks[s] -= price
            self.sabacc += price
            bought = self.petals[slot]
            assert bought is not None
            if kind == "buy":
                self.up[s].append(bought)
                events.append(Event("bought", s, Bought(slot=slot, card=bought, price=price, sabacc_pot=self.sabacc,
                                                        stack=self.stacks[s], to_act=after)))
                self._refill_petal(slot, events)
            else:
                given = action.card
                up = self.up[s]
                if given in up:
                    up[up.index(given)] = bought
                    gave_face = "up"
                else:
                    self.down[s].remove(given)
                    up.append(bought)
                    gave_face = "down"
                self.petals[slot] = given
                events.append(Event("swapped", s, Swapped(slot=slot, card=bought, price=price, sabacc_pot=self.sabacc,
                                                          stack=self.stacks[s], gave=given, gave_face=gave_face,
                                                          to_act=after)))
        return self._next_drawer(events)

    def _do_drawn(self, action: Action) -> list[Event]:
        s = self.current_seat
        assert s is not None
        card = self.drawn
        assert card is not None
        self.drawn = None
        self.phase = "draw"
        events: list[Event] = []
        after = self.queue[1:]  # the seats still to draw once this turn is done
        if action.kind == "discard":
            self.discard.append(card)
            events.append(Event("discarded", s, Discarded(card=card, drawn=True, was="drawn", to_act=after)))
            return self._next_drawer(events)
        face = action.face
        if face == "up":
            self.up[s].append(card)
            events.append(Event("kept", s, Kept(face="up", card=card, to_act=after)))
        else:
            self.down[s].append(card)
            events.append(Event("kept", s, Kept(face="down", card=None, to_act=after), {"card": card}))
        gone = action.get("discard")
        if gone is not None:
            if gone in self.up[s]:
                self.up[s].remove(gone)
                was = "up"
            else:
                self.down[s].remove(gone)
                was = "down"
            self.discard.append(gone)
            events.append(Event("discarded", s, Discarded(card=gone, drawn=False, was=was, to_act=after)))
        return self._next_drawer(events)

    def _next_drawer(self, events: list[Event]) -> list[Event]:
        self.queue.pop(0)
        if self.queue:
            self.current_seat = self.queue[0]
            return events
        return self._spike_roll(events)

    # ------------------------------------------------------------------ spike dice
    def _spike_roll(self, events: list[Event]) -> list[Event]:
        """The dealer throws both spike dice; Doubles replace every pocket, Spikes every whole hand."""
        below = self.rng.below
        fa, fb = SPIKE_FACES[below(6)], SPIKE_FACES[below(6)]
        result = spike_outcome(fa, fb)
        self.rolls.append((fa, fb, result))
        order = [s for s in left_of(self.dealer, self.n) if self.live[s]] if result != "nothing" else []
        old_down = {s: self.down[s] for s in order}
        old_up = {s: self.up[s] for s in order}
        mucked = sum(len(old_down[s]) + (len(old_up[s]) if result == "spikes" else 0) for s in order)
        events.append(Event("spike_roll", None, SpikeRoll(stage=self.stage, dice=[fa, fb], result=result,
                                                          mucked=mucked)))
        for s in order:  # everything affected is mucked before any replacement is dealt
            self.muck.extend(old_down[s])
            self.down[s] = []
            if result == "spikes":
                self.muck.extend(old_up[s])
                self.up[s] = []
        for s in order:
            new_down = [self._deal(events) for _ in old_down[s]]
            self.down[s] = new_down
            if result == "doubles":
                self.up[s] = old_up[s]
                events.append(Event("pocket_replaced", s, PocketReplaced(count=len(new_down)),
                                    {"old_down": old_down[s], "new_down": new_down[:]}))
            else:
                new_up = [self._deal(events) for _ in old_up[s]]
                self.up[s] = new_up
                events.append(Event("hand_replaced", s, HandReplaced(old_up=old_up[s], new_up=new_up[:],
                                                                     down_count=len(new_down)),
                                    {"old_down": old_down[s], "new_down": new_down[:]}))
        return self._start_betting(self.stage + 1, events)

    # ------------------------------------------------------------------ endings
    def _award_to(self, seat: int) -> list[Event]:
        """Every other seat folded: the last one takes the main pot unseen; the sabacc pot carries."""
        amount = sum(self.contrib) + self.carry_main
        self.stacks[seat] += amount
        self.contrib = [0] * self.n
        self.carry_main = 0
        events = [
            Event("pot_won", seat, PotWon(amount=amount, pot=0, pot_name="main", standing=None, split=1,
                                          odd_chips=0)),
            Event("round_over", None, RoundOver(round=self.round_no, winners=[seat], standings=[None] * self.n,
                                                contenders=[], showdown=False, show_order=[], best=[],
                                                sabacc_pot_won=False, carried=self.sabacc,
                                                carried_sabacc=self.sabacc, carried_main=0,
                                                stacks=list(self.stacks), reason="last_standing", params={},
                                                against=[None] * self.n)),
        ]
        self._clear_table()
        return events + self._start_hand()

    def _clear_table(self) -> None:
        self.phase = "dealing"
        self.queue = []
        self.drawn = None

    def _showdown(self, events: list[Event]) -> list[Event]:
        n = self.n
        live = self.live
        first = self.aggressor
        if first is None or not live[first]:
            first = next(s for s in left_of(self.dealer, n) if live[s])
        order = [first] + [s for s in left_of(first, n)[:-1] if live[s]]
        ranks = {s: hand_of(self.down[s] + self.up[s]) for s in order}
        hands: list[list[int] | None] = [None] * n
        standings: list[str | None] = [None] * n
        for s in order:
            hands[s] = self.down[s] + self.up[s]
            standings[s] = ranks[s].name
            events.append(Event("shows", s, Shows(cards=list(hands[s] or ()), rank=ranks[s].name,
                                                  total=ranks[s].total)))
        blind: dict[int, list[int]] = {s: [] for s in order}

        def settle(tied: list[int]) -> list[int]:
            """The blind draw among ``tied`` (in showing order): nearest-zero running total wins."""
            k = 0
            while len(tied) > 1:
                for s in tied:
                    if len(blind[s]) <= k:
                        card = self._take(events)
                        if card is None:
                            return tied
                        blind[s].append(card)
                        total = ranks[s].total + sum([DECK[c] for c in blind[s]])
                        events.append(Event("blind_draw", s, BlindDraw(card=card, draw=k + 1, total=total)))
                totals = {s: abs(ranks[s].total + sum(DECK[c] for c in blind[s][:k + 1])) for s in tied}
                best = min(totals.values())
                tied = [s for s in tied if totals[s] == best]
                k += 1
            return tied

        def best_of(seats: list[int]) -> list[int]:
            top = max(ranks[s] for s in seats)
            tied = [s for s in seats if ranks[s] == top]
            return settle(tied) if len(tied) > 1 else tied

        stacks = self.stacks
        layers = pot_layers(self.contrib, live, self.carry_main) or [{"amount": 0, "eligible": order}]
        # every pot's winners and equal shares first (the blind draws happen here, in pot order)
        awards: list[tuple[str, int, list[int], int]] = []  # (pot name, amount, winners, share)
        for layer in layers:
            winners = best_of([s for s in order if s in layer["eligible"]])
            awards.append(("main", layer["amount"], winners, layer["amount"] // len(winners)))
        overall = best_of(order)
        main_seats = [s for s in order if s in layers[0]["eligible"]]
        why, params = showdown_reason(ranks, main_seats, awards[0][2])
        against = reasons_against(ranks, main_seats, awards[0][2], n)
        sabacc_won = wins_sabacc_pot(ranks[overall[0]])
        if sabacc_won:
            awards.append(("sabacc", self.sabacc, overall, self.sabacc // len(overall)))
        for _name, _amount, winners, share in awards:
            for w in winners:
                stacks[w] += share
        # Splits: the odd chips stay in their pot for the next hand; after the last hand (asked once the shares
        # are paid, as the next deal would ask) they go to the pot's first winner left of the dealer. Not
        # rounds.share_out: the shares are paid before session_ends can be asked, and winners are in showing order
        last = self._last_hand_played()
        winners_all: list[int] = []
        carry_main = 0
        carry_sabacc = 0 if sabacc_won else self.sabacc
        for index, (name, amount, winners, share) in enumerate(awards):
            rest = amount - share * len(winners)
            taker = next(s for s in left_of(self.dealer, n) if s in winners) if last and rest else None
            if taker is None:
                if name == "main":
                    carry_main += rest
                else:
                    carry_sabacc += rest
            for w in winners:
                odd = rest if w == taker else 0
                stacks[w] += odd
                events.append(Event("pot_won", w, PotWon(amount=share + odd, pot=index, pot_name=name,
                                                         standing=ranks[w].name, split=len(winners),
                                                         odd_chips=odd)))
                if w not in winners_all:
                    winners_all.append(w)
        if not sabacc_won:
            events.append(Event("sabacc_pot_carried", None, SabaccPotCarried(amount=self.sabacc,
                                                                             best=ranks[overall[0]].name)))
        self.sabacc = carry_sabacc
        self.carry_main = carry_main
        self.contrib = [0] * n
        self.last_showdown = (
            self.round_no,
            tuple(order),
            tuple(None if h is None else tuple(h) for h in hands),
            tuple(standings),
            tuple(tuple(blind.get(s, ())) for s in range(n)),
            tuple(overall),
            sabacc_won,
        )
        carried = self.sabacc + carry_main
        events.append(Event("round_over", None, RoundOver(round=self.round_no, winners=winners_all,
                                                          standings=standings, contenders=order[:], showdown=True,
                                                          show_order=order[:], best=list(overall),
                                                          sabacc_pot_won=sabacc_won, carried=carried,
                                                          carried_sabacc=self.sabacc, carried_main=carry_main,
                                                          stacks=stacks[:], reason=why, params=params,
                                                          against=against)))
        self._clear_table()
        return events + self._start_hand(last=last)  # the odd chips given cannot bring another hand about

    # ------------------------------------------------------------------ the contract
    def _legal(self) -> list[Action]:
        phase = self.phase
        if phase == "bet":
            return self._bet_actions()
        if phase == "draw":
            return self._draw_actions()
        return self._drawn_actions()

    def _check(self, action: Action) -> Refusal | None:
        phase = self.phase
        if phase == "draw":
            return self._check_draw(action)
        if phase == "drawn":
            return self._check_drawn(action)
        legal = self._bet_actions()
        if action in legal:
            return None
        s = self.current_seat
        kind = action.kind
        allowed = [a.kind for a in legal]
        if kind in BET_KINDS:
            if action.fields:
                return refuse("malformed_action",  # fixed limit: no bet has an amount
                              f"fixed limit: {kind!r} takes no amount or other field, got {action!r}", kind=kind)
            return refuse("unknown_action", f"seat {s} cannot {kind!r} now; it may: {', '.join(allowed)}",
                          kind=kind, allowed=allowed)
        return _elsewhere(kind, f"seat {s} cannot {kind!r} in a betting round; it may: {', '.join(allowed)}",
                          allowed=allowed)

    def _do(self, action: Action) -> list[Event]:
        phase = self.phase
        if phase == "bet":
            return self._do_bet(action)
        if phase == "draw":
            return self._do_draw(action)
        return self._do_drawn(action)

    def pot_total(self) -> int:
        """The main pot: every seat's contribution this hand plus odd chips carried from the last."""
        return sum(self.contrib) + self.carry_main

    def chips_in_play(self) -> int:
        return sum(self.contrib) + self.carry_main + self.sabacc

    def pots(self) -> list[dict[str, Any]]:
        """The main pot's layers (side pots), lowest first, as plain data; carried odd chips join the first."""
        return pot_layers(self.contrib, self.live, self.carry_main)

    def determinize(self, seat: int | None, rng: Rng) -> State:
        """Re-deal what ``seat`` cannot see: other seats' face-down cards (and a card another seat has just
        drawn), the stub and the face-down muck, uniformly among those places with their sizes kept. The copy
        gets a fresh generator from ``rng``, so a searching AI cannot read future draws off the real one."""
        new: SabaccHouse = self.clone()  # type: ignore[assignment]
        pool: list[int] = []
        others = [t for t in range(self.n) if t != seat and new.down[t]]
        for t in others:
            pool.extend(new.down[t])
        pool.extend(new.stub)
        pool.extend(new.muck)
        hidden_drawn = new.drawn is not None and new.current_seat != seat
        if hidden_drawn:
            pool.append(new.drawn)  # type: ignore[arg-type]
        rng.shuffle(pool)
        k = 0
        for t in others:
            m = len(new.down[t])
            new.down[t] = pool[k:k + m]
            k += m
        m = len(new.stub)
        new.stub = pool[k:k + m]
        k += m
        m = len(new.muck)
        new.muck = pool[k:k + m]
        k += m
        if hidden_drawn:
            new.drawn = pool[k]
        new.rng = Rng(rng.next64())
        return new

    @classmethod
    def from_view(cls, view: dict[str, Any], rng: Rng) -> SabaccHouse:
        """A state that ``view``'s seat cannot tell from the real one: what it sees is copied, and every card it
        cannot see (other seats' face-down cards, a card another seat has just drawn, the stub, the face-down
        muck) is dealt uniformly at random from the cards that appear nowhere in the view, sizes kept.

        Why: an AI seat gets only its view, never the state, yet a search needs a state to play forward.
        This is :meth:`determinize` for someone who holds only the view (the same distribution), so
        ``from_view(v, rng).view(v["seat"]) == v``. Pure: it reads ``view`` and draws from ``rng`` only; the
        new state gets a fresh generator from ``rng``. Fields the view does not carry are neutral: ``seed``
        0 and an empty action history (the copy is for playing forward, not for saving).
        """
        new = cast("SabaccHouse", cls._bare_from_view(view))
        seat, n = view["seat"], new.n
        new.phase = view["phase"]
        new.stage = view["stage"]
        new.playing = list(view["playing"])
        new.live = list(view["live"])
        new.up = [list(u) for u in view["up"]]
        new.petals = list(view["petals"])
        new.discard = list(view["discard"])
        new.contrib = list(view["contrib"])
        new.wager = list(view["wager"])
        new.cur_bet = view["current_bet"]
        new.bets = view["bets"]
        new.bring_seat = view["bring_in_seat"]
        new.aggressor = view["aggressor"]
        new.queue = list(view["to_act"])
        new.sabacc = view["sabacc_pot"]
        new.carry_main = view["carried_main"]
        new.rolls = [tuple(r) for r in view["spike_rolls"]]
        sd = view["last_showdown"]
        new.last_showdown = None if sd is None else (
            sd["round"], tuple(sd["order"]), tuple(None if h is None else tuple(h) for h in sd["hands"]),
            tuple(sd["standings"]), tuple(tuple(b) for b in sd["blind"]), tuple(sd["best"]), sd["sabacc_pot_won"],
        )
        own_drawn = view["drawn"]
        hidden_drawn = new.phase == "drawn" and new.current_seat != seat
        seen = {c for u in new.up for c in u}
        seen.update(view["down"])
        seen.update(c for c in new.petals if c is not None)
        seen.update(new.discard)
        if own_drawn is not None:
            seen.add(own_drawn)
        pool = [c for c in range(N_CARDS) if c not in seen]
        rng.shuffle(pool)
        need = sum(view["down_count"][t] for t in range(n) if t != seat) + view["stub"] + view["muck"] + hidden_drawn
        if need > len(pool):
            raise ValueError(f"the view shows too many cards: {need} hidden places but {len(pool)} unseen cards")
        k = 0
        down: list[list[int]] = []
        for t in range(n):
            if t == seat:
                down.append(list(view["down"]))
                continue
            m = view["down_count"][t]
            down.append(pool[k:k + m])
            k += m
        new.down = down
        new.stub = pool[k:k + view["stub"]]
        k += view["stub"]
        new.muck = pool[k:k + view["muck"]]
        k += view["muck"]
        new.drawn = pool[k] if hidden_drawn else own_drawn
        new.rng = Rng(rng.next64())
        return new

    def _view(self, seat: int | None) -> dict[str, Any]:
        row = STRUCTURES[self.options["structure"]]
        cur = self.current_seat
        v: dict[str, Any] = {
            "phase": self.phase,
            "stage": self.stage,
            "structure": dict(zip(STRUCTURE_FIELDS, row, strict=True)),
            "bet_size": self.bet_size(),
            "price": row[0],
            "playing": list(self.playing),
            "live": list(self.live),
            "up": [list(u) for u in self.up],
            "down_count": [len(d) for d in self.down],
            "down": list(self.down[seat]) if seat is not None else None,
            "petals": list(self.petals),
            "discard": list(self.discard),
            "stub": len(self.stub),
            "muck": len(self.muck),
            "contrib": list(self.contrib),
            "wager": list(self.wager),
            "current_bet": self.cur_bet,
            "bets": self.bets,
            "max_bets": MAX_BETS,
            "bring_in_seat": self.bring_seat,
            "aggressor": self.aggressor,
            "pot": self.pot_total(),
            "pots": self.pots(),
            "sabacc_pot": self.sabacc,
            "carried_main": self.carry_main,
            "spike_rolls": [list(r) for r in self.rolls],
            "to_act": list(self.queue),
            "drawing": cur if self.phase == "drawn" else None,
            "drawn": self.drawn if self.phase == "drawn" and seat is not None and seat == cur else None,
            "last_showdown": self._showdown_view(),
            "hand_rank": None,
            "hand_total": None,
        }
        if seat is not None and self.playing[seat] and (self.down[seat] or self.up[seat]):
            r = hand_of(self.down[seat] + self.up[seat])
            v["hand_rank"], v["hand_total"] = r.name, r.total
        if cur is not None and self.phase == "bet":
            v["to_call"] = self.cur_bet - self.wager[cur]
        return v

    def _showdown_view(self) -> dict[str, Any] | None:
        sd = self.last_showdown
        if sd is None:
            return None
        rnd, order, hands, standings, blind, overall, sabacc_won = sd
        return {"round": rnd, "order": list(order), "hands": [None if h is None else list(h) for h in hands],
                "standings": list(standings), "blind": [list(b) for b in blind], "best": list(overall),
                "sabacc_pot_won": sabacc_won}


def showdown_reason(ranks: Mapping[int, HandRank], seats: list[int], winners: list[int]) -> tuple[str, dict[str, Any]]:
    """Why ``winners`` took the main pot from ``seats`` (the seats eligible for all of it): the key entry that
    separated the winner from the best hand that lost, or the blind draw, or a split (game.engine.showdown)."""
    win = ranks[winners[0]]
    if len(winners) > 1:
        return "split", {"standing": win.name, "ways": len(winners)}
    tied = [s for s in seats if ranks[s] == win]
    if len(tied) > 1:
        return "blind_draw", {"standing": win.name}
    others = [s for s in seats if s not in tied]
    if not others:
        return "last_standing", {}
    return beat_reason(win, max(ranks[s] for s in others))


def reasons_against(ranks: Mapping[int, HandRank], seats: list[int], winners: list[int],
                    n: int) -> list[list[Any] | None]:
    """Per seat, why the main pot's winner beat *that* seat's hand (``[code, params]``), None for a winner or a
    seat that did not show. The headline reason compares the winner with the best hand that lost, which may
    be two other seats; a player who lost wants the comparison that beat their own hand (a four-card Sabacc
    lost to five cards even when the runner-up lost on the size sum)."""
    out: list[list[Any] | None] = [None] * n
    win = ranks[winners[0]]
    for s in seats:
        if s in winners:
            continue
        code, params = ("blind_draw", {"standing": win.name}) if ranks[s] == win else beat_reason(win, ranks[s])
        out[s] = [code, params]
    return out


def beat_reason(win: HandRank, other: HandRank) -> tuple[str, dict[str, Any]]:
    """The key entry where ``win`` beats ``other`` (House Rules' hand key, ranks._rank_sorted), as a reason."""
    i = deciding_index(win.key, [other.key])
    h, o = win.cards, other.cards
    if i == 0:
        return "better_rank", {"standing": win.name, "beats": other.name}
    if i == 1:
        if win.name == RANK_NAMES[-1]:  # Nuhlrek
            return "nearest_zero", {"standing": win.name, "total": win.total, "other": other.total}
        return ("pair_beats_no_pair" if win.name == "Sabacc" else "four_card_form"), {"standing": win.name}
    if i == 2:
        return "more_cards", {"standing": win.name, "cards": len(h), "other": len(o)}
    if i == 3:
        return "larger_size_sum", {"standing": win.name, "sum": sum(abs(v) for v in h),
                                   "other": sum(abs(v) for v in o)}
    if i == 4:
        return "higher_size_card", {"standing": win.name, "card": max(abs(v) for v in h),
                                    "other": max(abs(v) for v in o)}
    return "higher_plus_card", {
        "standing": win.name, "card": max((v for v in h if v > 0), default=0),
        "other": max((v for v in o if v > 0), default=0)}
