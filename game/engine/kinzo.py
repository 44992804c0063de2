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

Events: each kind's data is built with its TypedDict (``EVENT_KINDS``), and :func:`reduce_view` folds them
into a seat's view, so the table, a replay or a remote client shows any moment from the events alone. Whose
turn it is passes by ``to_act`` events (after the deal, from hand to hand, into and through the dice); a
refused action carries a code (``REFUSALS`` lists the game's own).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from game.engine.core import (
    ROUNDS,
    STACK,
    Action,
    Event,
    OptionSpec,
    Rng,
    State,
    catalogue,
    copy_json,
    refuse,
    seats_from,
)
from game.engine.core import SessionOver as BaseSessionOver
from game.engine.rounds import next_dealer, session_ends

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


def round_reason(jackpot: bool, paid: int, dealer_total: int) -> tuple[str, dict[str, Any]]:
    """Why a round ended as it did (a reason code of game.engine.showdown): a jackpot, else how many hands the
    house paid, else the house took every stake."""
    if jackpot:
        return "jackpot", {"dealer_total": dealer_total}
    if paid:
        return "survived", {"dealer_total": dealer_total, "count": paid}
    return "house_takes_all", {"dealer_total": dealer_total}


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


# ------------------------------------------------------------------------------------- event catalogue
class RoundStarted(TypedDict):
    """A round opens: ``first`` names the stake (within ``stake_range``) from a fresh deck of ``deck_left``."""

    round: int
    first: int
    dealer: int
    stacks: list[int]
    house: int
    deck_left: int
    stake_range: list[int]


class SessionOver(BaseSessionOver):
    house: int


class StakeNamed(TypedDict):
    stake: int
    limit: int
    min_stake: int


class StakesPaid(TypedDict):
    """Every seat that can pay the stake puts it in its hand pot; ``order`` is the play order of their hands."""

    stake: int
    amounts: list[int]
    playing: list[bool]
    sitting_out: list[int]
    stacks: list[int]
    order: list[int]


class PrizePotFunded(TypedDict):
    amount: int
    seats: int
    prize_pot: int
    house: int


class CardDealt(TypedDict):
    """One card of the deal. ``to`` is a seat or "dealer"; ``hand`` is None for the dealer; the hole card's
    ``card`` is None (it is in no event until the dealer reveals it) and so is its place in ``cards``."""

    to: int | str
    hand: int | None
    card: int | None
    face_up: bool
    cards: list[int | None]
    deck_left: int


class ToAct(TypedDict):
    """The turn passes to a hand (the event's seat): the first of the round, the next one after a hand is
    done, the first to roll, the next to roll. ``turn`` indexes the round's hands, ``hand`` is the seat's."""

    phase: str
    turn: int
    hand: int


class Hit(TypedDict):
    hand: int
    card: int
    cards: list[int]
    total: int
    full: bool
    deck_left: int


class Stay(TypedDict):
    hand: int
    cards: list[int]
    total: int


class Split(TypedDict):
    value: int
    stake: int
    hands: list[list[int]]
    totals: list[int]
    hand_pot: int
    stack: int


class DealerRevealed(TypedDict):
    card: int
    cards: list[int]
    total: int


class DealerDrew(TypedDict):
    card: int
    cards: list[int]
    total: int
    deck_left: int


class DealerStood(TypedDict):
    cards: list[int]
    total: int
    reason: str


class Tally(TypedDict):
    """A hand against the dealer's total: ``result`` is :func:`judge`'s word, ``outcome`` the hand's outcome
    so far (None while it still rolls)."""

    hand: int
    cards: list[int]
    total: int
    dealer_total: int
    result: str
    outcome: str | None


class DiceRolled(TypedDict):
    hand: int
    dice: list[int]
    cards_total: int
    total: int
    dealer_total: int
    outcome: str


class Jackpot(TypedDict):
    hand: int
    amount: int
    stakes: int
    prize_pot: int
    total: int
    stack: int


class HouseCollected(TypedDict):
    hand: int
    amount: int
    outcome: str
    house: int


class HousePaid(TypedDict):
    hand: int
    stake_returned: int
    amount: int
    from_prize_pot: int
    from_house: int
    prize_pot: int
    house: int
    stack: int


class PrizePotReturned(TypedDict):
    amount: int
    house: int


class RoundOver(TypedDict):
    """The round's record (also the view's ``last_round``)."""

    round: int
    winners: list[int]
    standings: list[str | None]
    showdown: bool
    carried: int
    stacks: list[int]
    stake: int
    dealer_cards: list[int]
    dealer_total: int
    hand_outcomes: list[str | None]
    hands: list[dict[str, Any]]
    net: list[int]
    jackpot: int | None
    house: int
    reason: str  # why (game.engine.showdown): jackpot, survived or house_takes_all
    params: dict[str, Any]  # dealer_total, and survived's count of hands paid


EVENT_KINDS = catalogue(
    round_started=RoundStarted, session_over=SessionOver, stake_named=StakeNamed, stakes_paid=StakesPaid,
    prize_pot_funded=PrizePotFunded, card_dealt=CardDealt, to_act=ToAct, hit=Hit, stay=Stay, split=Split,
    dealer_revealed=DealerRevealed, dealer_drew=DealerDrew, dealer_stood=DealerStood, tally=Tally,
    dice_rolled=DiceRolled, jackpot=Jackpot, house_collected=HouseCollected, house_paid=HousePaid,
    prize_pot_returned=PrizePotReturned, round_over=RoundOver,
)

#: game-specific refusal codes (the core's are in ``core.REFUSAL_CODES``)
REFUSALS: dict[str, str] = {
    "deck_reserved": "only the dealer's four cards are left in the deck: no seat may hit",
    "already_split": "the seat has split once this round; a seat splits at most once",
    "no_pair": "the hand holds no pair of that value to split",
    "cannot_afford_split": "the seat cannot pay another stake for the split",
}


def _hand_view(seat: int, index: int, stake: int, cards: list[int]) -> dict[str, Any]:
    """A hand as the view shows it (see ``Kinzo._view``)."""
    return {"seat": seat, "hand": index, "cards": list(cards), "total": sum(cards), "stake": stake, "done": False,
            "result": None, "dice": [], "outcome": None}


def _find(view: dict[str, Any], seat: int, index: int) -> dict[str, Any]:
    for h in view["hands"]:
        if h["seat"] == seat and h["hand"] == index:
            return h
    raise ValueError(f"the view has no hand {index} of seat {seat}")


def reduce_view(view: Mapping[str, Any], event: Mapping[str, Any]) -> dict[str, Any]:
    """Kinzo's view after ``event`` (``Event.visible_to(seat)``), folded from the view before it. Pure.

    Every field comes from the event's data; nothing is drawn or judged here. Between events of one step the
    view passes through the engine's own phases ("dealer", "settle") that no step ever ends in.
    """
    v = copy_json(view)
    e = copy_json(dict(event))
    kind = e["kind"]
    s = e["seat"]
    n = v["seats"]
    if kind == "round_started":
        v.update(round=e["round"], first=e["first"], dealer=e["dealer"], stacks=e["stacks"], house=e["house"],
                 deck_left=e["deck_left"], stake_range=e["stake_range"], current_seat=e["first"], is_over=False,
                 phase="stake", stake=0, playing=[False] * n, split=[False] * n, hands=[], turn=None,
                 dealer_cards=[], dealer_showing=None, dealer_revealed=False, dealer_total=None, prize_pot=0,
                 hand_pots=[0] * n)
    elif kind == "session_over":
        v.pop("stake_range", None)
        v.update(phase="over", current_seat=None, is_over=True, turn=None, stacks=e["stacks"], house=e["house"])
    elif kind == "stake_named":  # nobody is to act while the stakes are paid and the cards dealt
        v.pop("stake_range", None)
        v.update(stake=e["stake"], current_seat=None)
    elif kind == "stakes_paid":
        v.update(phase="play", turn=None, stake=e["stake"], playing=e["playing"], stacks=e["stacks"],
                 hand_pots=e["amounts"], hands=[_hand_view(t, 0, e["amounts"][t], []) for t in e["order"]])
    elif kind == "prize_pot_funded":
        v.update(prize_pot=e["prize_pot"], house=e["house"])
    elif kind == "card_dealt":
        v["deck_left"] = e["deck_left"]
        if e["to"] == "dealer":
            v["dealer_cards"] = e["cards"]
            v["dealer_showing"] = e["cards"][0]
        else:
            h = _find(v, e["to"], e["hand"])
            h.update(cards=e["cards"], total=sum(e["cards"]))
    elif kind == "to_act":
        v.update(phase=e["phase"], turn=e["turn"], current_seat=s)
    elif kind in ("hit", "stay"):
        h = _find(v, s, e["hand"])
        h.update(cards=e["cards"], total=e["total"], done=e.get("full", True))
        if kind == "hit":
            v["deck_left"] = e["deck_left"]
    elif kind == "split":
        h = _find(v, s, 0)
        h.update(cards=e["hands"][0], total=e["totals"][0])
        v["hands"].insert(v["hands"].index(h) + 1, _hand_view(s, 1, e["stake"], e["hands"][1]))
        v["split"][s] = True
        v["hand_pots"][s] = e["hand_pot"]
        v["stacks"][s] = e["stack"]
    elif kind in ("dealer_revealed", "dealer_drew", "dealer_stood"):
        v.update(dealer_cards=e["cards"], dealer_showing=e["cards"][0], dealer_total=e["total"])
        if kind == "dealer_revealed":
            v.update(phase="dealer", turn=None, current_seat=None, dealer_revealed=True)
        elif kind == "dealer_drew":
            v["deck_left"] = e["deck_left"]
    elif kind == "tally":
        _find(v, s, e["hand"]).update(result=e["result"], outcome=e["outcome"])
    elif kind == "dice_rolled":
        _find(v, s, e["hand"]).update(dice=e["dice"], outcome=e["outcome"])
    elif kind == "jackpot":
        for h in v["hands"]:
            if h["outcome"] is None:  # cut short before its roll: it had survived the tally
                h["outcome"] = "survived"
        v["stacks"][s] = e["stack"]
        v.update(phase="settle", turn=None, current_seat=None, prize_pot=0, hand_pots=[0] * n)
    elif kind == "house_collected":
        v["hand_pots"][s] -= e["amount"]
        v.update(phase="settle", turn=None, current_seat=None, house=e["house"])
    elif kind == "house_paid":
        v["hand_pots"][s] -= e["stake_returned"]
        v["stacks"][s] = e["stack"]
        v.update(phase="settle", turn=None, current_seat=None, prize_pot=e["prize_pot"], house=e["house"])
    elif kind == "prize_pot_returned":
        v.update(prize_pot=0, house=e["house"])
    elif kind == "round_over":
        v["last_round"] = {k: e[k] for k in EVENT_KINDS["round_over"]}
        v.update(phase="settle", turn=None, current_seat=None, hands=[], hand_pots=[0] * n, prize_pot=0,
                 stacks=e["stacks"], house=e["house"])
    else:
        raise ValueError(f"Kinzo has no event {kind!r}")
    return v


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
        "Splits: no Kinzo pot is ever shared between winners. A jackpot goes whole to the one hand that hit it "
        "and each survivor is paid exactly one stake, so the odd chips of a split pot never arise; every stake and "
        "the prize pot are settled at the end of each round, so nothing is left on the table when the session "
        "ends.",
    )
    EVENT_KINDS = EVENT_KINDS
    REFUSALS = REFUSALS
    reduce_view = staticmethod(reduce_view)

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
        """The round is settled (or none was played yet): the session ends, or the first seat passes left to
        the next seat that can pay the minimum stake and the next round opens. Kinzo plays against the house,
        so one such seat is enough; the "button" is the first seat (the house always deals)."""
        ms = self.options["min_stake"]
        can_play = [st >= ms for st in self.stacks]
        if session_ends(self.round_no, self.options["rounds"], sum(can_play), needed=1):
            return self._end_session()
        self.round_no += 1
        self.first = self.dealer = next_dealer(self.first, can_play)
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
        return [Event("round_started", None, RoundStarted(
            round=self.round_no, first=self.first, dealer=self.first, stacks=list(self.stacks), house=self.house,
            deck_left=len(deck), stake_range=list(self.stake_range())))]

    def _end_session(self) -> list[Event]:
        # no carry to return (rounds.share_out): every stake and the prize pot are settled each round
        self.phase = "over"
        self.current_seat = None
        return [Event("session_over", None, SessionOver(rounds=self.round_no, stacks=list(self.stacks),
                                                        house=self.house))]

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

    def _check(self, action: Action) -> str | None:
        """Say exactly why a hit or a split is refused (the game's own codes); anything else as the core says.
        A field of the wrong type (a bool or a float where a card value belongs) is refused before anything
        changes: actions compare type-strictly, so it is never one of the legal ones."""
        if self.phase == "play" and action not in self._legal():
            hand = self.hands[self.turn]
            s, cards = hand["seat"], hand["cards"]
            if action.kind == "hit" and not action.fields:  # (a hand with six cards is done: never to act)
                return refuse("deck_reserved", f"only {len(self.deck)} cards are left: the last {DEALER_RESERVE} "
                              "are the dealer's, so no seat may hit", left=len(self.deck), reserve=DEALER_RESERVE)
            if action.kind == "split" and [k for k, _ in action.fields] == ["value"]:
                value = action.value
                if type(value) is not int:
                    return refuse("not_allowed_now", f"a split names a card value (a whole number), not {value!r}",
                                  kind="split")
                if self.split_seats[s]:
                    return refuse("already_split", f"seat {s} has split once this round: a seat splits at most "
                                  "once", seat=s)
                if cards.count(value) < 2:
                    return refuse("no_pair", f"the hand holds no pair of {value}s to split", value=value,
                                  cards=list(cards))
                if self.stacks[s] < self.stake:
                    return refuse("cannot_afford_split", f"a split costs another stake of {self.stake}; seat {s} "
                                  f"holds {self.stacks[s]}", stake=self.stake, stack=self.stacks[s])
        return super()._check(action)

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
            events = [Event("hit", s, Hit(hand=hand["hand"], card=card, cards=list(cards), total=sum(cards),
                                          full=full, deck_left=len(self.deck)))]
            if not full:
                return events
            hand["done"] = True
            return events + self._next_hand()
        if kind == "stay":
            hand["done"] = True
            events = [Event("stay", s, Stay(hand=hand["hand"], cards=list(cards), total=sum(cards)))]
            return events + self._next_hand()
        # split: one card of the pair starts the seat's second hand, for another stake
        value = action.value
        del cards[len(cards) - 1 - cards[::-1].index(value)]
        self.stacks[s] -= self.stake
        self.split_seats[s] = True
        second = _new_hand(s, 1, self.stake, [value])
        self.hands.insert(self.turn + 1, second)
        return [Event("split", s, Split(value=value, stake=self.stake, hands=[list(cards), [value]],
                                        totals=[sum(cards), value], hand_pot=hand["stake"] + second["stake"],
                                        stack=self.stacks[s]))]

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
            Event("stake_named", first, StakeNamed(stake=stake, limit=self.options["limit"],
                                                   min_stake=self.options["min_stake"])),
            Event("stakes_paid", None, StakesPaid(stake=stake, amounts=amounts, playing=list(playing),
                                                  sitting_out=[s for s in range(n) if not playing[s]],
                                                  stacks=list(self.stacks), order=list(order))),
            Event("prize_pot_funded", None, PrizePotFunded(amount=prize, seats=len(order), prize_pot=prize,
                                                           house=self.house)),
        ]
        # the deal: a face-up card to each seat, one up to the dealer; again, and the dealer's second face down
        deck = self.deck
        for rnd in (0, 1):
            for hand in self.hands:
                card = deck.pop()
                hand["cards"].append(card)
                events.append(Event("card_dealt", hand["seat"], CardDealt(
                    to=hand["seat"], hand=0, card=card, face_up=True, cards=list(hand["cards"]),
                    deck_left=len(deck))))
            card = deck.pop()
            self.dealer_cards.append(card)
            if rnd == 0:
                events.append(Event("card_dealt", None, CardDealt(to="dealer", hand=None, card=card, face_up=True,
                                                                  cards=[card], deck_left=len(deck))))
            else:  # the hole card: its value is in no event until the dealer reveals it
                events.append(Event("card_dealt", None, CardDealt(
                    to="dealer", hand=None, card=None, face_up=False, cards=[self.dealer_cards[0], None],
                    deck_left=len(deck))))
        self.phase = "play"
        return events + self._to_act(0)

    def _to_act(self, turn: int) -> list[Event]:
        """Pass the turn to hand ``turn`` (in the current phase, "play" or "dice") and say so."""
        self.turn = turn
        hand = self.hands[turn]
        self.current_seat = hand["seat"]
        return [Event("to_act", hand["seat"], ToAct(phase=self.phase, turn=turn, hand=hand["hand"]))]

    def _next_hand(self) -> list[Event]:
        """Move play to the next unfinished hand, or to the dealer when every hand is done."""
        if self.turn + 1 < len(self.hands):
            return self._to_act(self.turn + 1)
        self.turn += 1
        return self._dealer_plays()

    def _dealer_plays(self) -> list[Event]:
        self.phase = "dealer"
        self.revealed = True
        dc = self.dealer_cards
        events = [Event("dealer_revealed", None, DealerRevealed(card=dc[1], cards=list(dc), total=sum(dc)))]
        while dealer_must_draw(dc):
            card = self.deck.pop()
            dc.append(card)
            events.append(Event("dealer_drew", None, DealerDrew(card=card, cards=list(dc), total=sum(dc),
                                                                deck_left=len(self.deck))))
        total = self.dealer_total = sum(dc)
        reason = "five_or_six" if dc[-1] >= DEALER_STOP else "six_cards"
        events.append(Event("dealer_stood", None, DealerStood(cards=list(dc), total=total, reason=reason)))
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
            events.append(Event("tally", hand["seat"], Tally(hand=hand["hand"], cards=list(hand["cards"]), total=t,
                                                             dealer_total=total, result=verdict,
                                                             outcome=hand["outcome"])))
        if not rollers:
            return events + self._settle(None)
        self.phase = "dice"
        return events + self._to_act(rollers[0])

    def _roll(self) -> list[Event]:
        hand = self.hands[self.turn]
        below = self.rng.below
        dice = [DIE_FACES[below(6)], DIE_FACES[below(6)]]
        hand["dice"] = dice
        t = sum(hand["cards"])
        final = t + dice[0] + dice[1]
        outcome = hand["outcome"] = after_dice(final, self.dealer_total)
        events = [Event("dice_rolled", hand["seat"], DiceRolled(hand=hand["hand"], dice=list(dice), cards_total=t,
                                                                total=final, dealer_total=self.dealer_total,
                                                                outcome=outcome))]
        if outcome == "jackpot":
            return events + self._settle(self.turn)
        for i in range(self.turn + 1, len(self.hands)):
            if self.hands[i]["result"] == "rolls":
                return events + self._to_act(i)
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
            events.append(Event("jackpot", seat, Jackpot(hand=win["hand"], amount=amount, stakes=stakes,
                                                         prize_pot=self.prize_pot, total=self.dealer_total,
                                                         stack=stacks[seat])))
            self.prize_pot = 0
        else:
            for h in hands:
                seat, stake = h["seat"], h["stake"]
                if h["outcome"] in ("bust", "doubled"):
                    self.house += stake
                    h["net"] = -stake
                    events.append(Event("house_collected", seat, HouseCollected(
                        hand=h["hand"], amount=stake, outcome=h["outcome"], house=self.house)))
                    continue
                from_pot = min(stake, self.prize_pot)
                from_house = stake - from_pot
                self.prize_pot -= from_pot
                self.house -= from_house
                stacks[seat] += stake + stake
                h["net"] = stake
                events.append(Event("house_paid", seat, HousePaid(
                    hand=h["hand"], stake_returned=stake, amount=stake, from_prize_pot=from_pot,
                    from_house=from_house, prize_pot=self.prize_pot, house=self.house, stack=stacks[seat])))
            if self.prize_pot:
                back = self.prize_pot
                self.prize_pot = 0
                self.house += back
                events.append(Event("prize_pot_returned", None, PrizePotReturned(amount=back, house=self.house)))
        standings: list[str | None] = [None] * self.n
        net = [0] * self.n
        for h in hands:
            s = h["seat"]
            net[s] += h["net"]
            if standings[s] is None or _RANK[h["outcome"]] < _RANK[standings[s]]:
                standings[s] = h["outcome"]
        rows = [{"seat": h["seat"], "hand": h["hand"], "cards": list(h["cards"]), "total": sum(h["cards"]),
                 "result": h["result"], "dice": list(h["dice"]),
                 "final": sum(h["cards"]) + sum(h["dice"]), "outcome": h["outcome"], "stake": h["stake"],
                 "net": h["net"]} for h in hands]
        winners = [s for s in seats_from(self.first, self.n) if net[s] > 0]
        paid = sum(1 for h in hands if h["net"] > 0)
        why, params = round_reason(jackpot is not None, paid, self.dealer_total)
        summary = RoundOver(round=self.round_no, winners=winners, standings=standings, showdown=True, carried=0,
                            stacks=list(stacks), stake=self.stake, dealer_cards=list(self.dealer_cards),
                            dealer_total=self.dealer_total, hand_outcomes=[h["outcome"] for h in hands],
                            hands=rows, net=net, jackpot=hands[jackpot]["seat"] if jackpot is not None else None,
                            house=self.house, reason=why, params=params)
        self.last_round = dict(summary)
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
