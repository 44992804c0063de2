"""Hintaro: the chance-cube game of the spaceports (core rules, as RULINGS.md reads them).

A round: antes (from the Hintaron's left) -> every seat throws its two player dice, all visible -> one wager
round (from the Hintaron's right, going right, ending with the Hintaron; then everyone still short calls or
drops, no more raises) -> each seat still in may reroll one die (from the Hintaron's left) -> the Hintaron
throws the Hintaro die, which cancels one symbol on every seat's dice -> showdown. The Hintaron passes left.

Seats are numbered clockwise seen from above, so a seat's *left* neighbour is ``seat + 1`` and its *right*
neighbour is ``seat - 1`` (mod the table size).

Views are folds: :func:`reduce_view` turns a view and one event into the view after it, so each event carries
the public data that takes (the turn order left to act after a bet or a reroll, ``to_act``; the phase; the
stacks and the carried pot a round ends with). Every die is public: no event has a secret. Refusals carry a
code (core codes, or those in :data:`REFUSALS`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from game.engine.core import (
    ROUNDS,
    STACK,
    Action,
    CarryReturned,
    Event,
    OptionSpec,
    SessionOver,
    State,
    act,
    build_pots,
    catalogue,
    copy_json,
    left_of,
    refuse,
    right_of,
)
from game.engine.rounds import next_dealer, session_ends, share_out
from game.engine.showdown import standing_reason

#: the six faces of a player die (Chazwa): K = Kulro, T = Tukar
PLAYER_FACES: tuple[str, ...] = ("KK", "K", "TK", "T", "blank", "blank")
#: the six faces of the Hintaro die
HINTARO_FACES: tuple[str, ...] = ("Hin", "Taro", "Hin", "Taro", "blank", "blank")
#: (Tukar, Kulro) symbols on each face
#: a face in words (for the log, the buttons and the coach: one spelling everywhere)
FACE_WORDS: dict[str, str] = {"KK": "double-Kulro", "K": "Kulro", "TK": "Tukar-Kulro", "T": "Tukar",
                              "blank": "blank", "Hin": "Hin", "Taro": "Taro"}
SYMBOLS: dict[str, tuple[int, int]] = {"KK": (0, 2), "K": (0, 1), "TK": (1, 1), "T": (1, 0), "blank": (0, 0)}
#: final standings, best first: (Tukar, Kulro) left after the Hintaro throw -> name
STANDINGS: dict[tuple[int, int], str] = {
    (2, 2): "Tukar-Kulro",
    (0, 4): "Quad Kulro",
    (2, 0): "Tukar-Tukar",
    (0, 2): "Kulro-Kulro",
}
RANK_NAMES: tuple[str, ...] = tuple(STANDINGS.values())
_RANK_OF = {name: i for i, name in enumerate(RANK_NAMES)}
_REROLL_CHOICES = (Action("keep"), Action("reroll", die=0), Action("reroll", die=1))
def symbols(dice: list[str] | tuple[str, ...]) -> tuple[int, int]:
    """(Tukar, Kulro) symbols showing on a seat's dice."""
    t = k = 0
    for face in dice:
        a, b = SYMBOLS[face]
        t += a
        k += b
    return t, k


def cancel(counts: tuple[int, int], hintaro: str) -> tuple[tuple[int, int], str | None]:
    """Apply the Hintaro throw: Hin removes one Tukar symbol, Taro one Kulro symbol (if the seat has one).

    Returns the counts left and which symbol was struck ("Tukar", "Kulro" or None).
    """
    t, k = counts
    if hintaro == "Hin" and t > 0:
        return (t - 1, k), "Tukar"
    if hintaro == "Taro" and k > 0:
        return (t, k - 1), "Kulro"
    return (t, k), None


def standing(dice: list[str] | tuple[str, ...], hintaro: str) -> str | None:
    """The standing name a seat's dice make after the Hintaro throw, or None if they cannot win."""
    return STANDINGS.get(cancel(symbols(dice), hintaro)[0])


_DROP, _CALL, _ALLIN = act("drop"), act("call"), act("allin")
#: the 36 equally likely (first die, second die) throws, and how many joint throws n seats have
_PAIRS: tuple[tuple[str, str], ...] = tuple((a, b) for a in PLAYER_FACES for b in PLAYER_FACES)
_THROWS: tuple[int, ...] = tuple(36**n for n in range(9))


def _outcome(first: str, second: str, hintaro: str) -> dict[str, Any]:
    before = symbols((first, second))
    after, struck = cancel(before, hintaro)
    return {"before": before, "struck": struck, "after": after, "standing": STANDINGS.get(after)}


#: every (die, die, Hintaro face) -> what the showdown shows for that seat. Shared, read-only records.
_OUTCOMES: dict[tuple[str, str, str], dict[str, Any]] = {
    (a, b, h): _outcome(a, b, h) for a in SYMBOLS for b in SYMBOLS for h in set(HINTARO_FACES)
}


def _copy_showdown(showdown: dict[str, Any] | None) -> dict[str, Any] | None:
    """A fresh, list-based copy for a view (the engine shares its showdown records between rounds)."""
    if showdown is None:
        return None
    seats = [None if r is None else {"before": list(r["before"]), "struck": r["struck"], "after": list(r["after"]),
                                     "standing": r["standing"]} for r in showdown["seats"]]
    return {"round": showdown["round"], "hintaro": showdown["hintaro"], "seats": seats}


def pots_of(contrib: Sequence[int], in_hand: Sequence[bool], carry: int) -> list[dict[str, Any]]:
    """The pots a view shows: main and side pots from what each seat put in, the carried pot joining the
    first (or standing alone for the seats still in when nothing else is on the table)."""
    out: list[dict[str, Any]] = [{"amount": p.amount, "eligible": list(p.eligible)}
                                 for p in build_pots(contrib, in_hand)]
    if carry:
        if out:
            out[0]["amount"] += carry
        else:
            out.append({"amount": carry, "eligible": [s for s in range(len(in_hand)) if in_hand[s]]})
    return out


# ------------------------------------------------------------------------------------------- event catalogue
# The public data of each event kind. Fields named like view fields (``phase``, ``to_act``, ``stack``, ``pot``,
# ``stacks``) hold the value that view field has once the event's own change is made.
class RoundStarted(TypedDict):
    round: int
    dealer: int
    playing: list[bool]  # the seats dealt in (every seat with chips)


class Antes(TypedDict):
    amounts: list[int]  # per seat
    pot: int


class DiceThrown(TypedDict):
    dice: list[tuple[str, ...]]  # per seat (empty for a seat sitting out)
    phase: str  # "wager", or "reroll" when fewer than two seats can bet
    to_act: list[int]


class Bet(TypedDict):
    action: str  # "drop", "check", "call", "raise" or "allin"
    amount: int  # chips put in
    wager: int  # the seat's wager this round after it
    current_bet: int
    pot: int
    stack: int
    phase: str  # "wager", "call" or "reroll" after this bet
    to_act: list[int]  # empty when this bet ended the round (every other seat dropped)


class BetReturned(TypedDict):
    amount: int  # an uncalled raise coming back
    stack: int
    pot: int


class Reroll(TypedDict):
    die: int
    old: str
    new: str
    dice: tuple[str, ...]  # the seat's dice after it
    to_act: list[int]  # empty: the Hintaro die is thrown next


class Keep(TypedDict):
    dice: tuple[str, ...]
    to_act: list[int]


class HintaroThrown(TypedDict):
    face: str
    seats: list[dict[str, Any] | None]  # per seat still in: before, struck, after, standing (as last_showdown)


class PotWon(TypedDict):
    amount: int
    pot: int  # which pot (0 = main)
    standing: str | None  # None: every other seat dropped
    split: int  # how many seats share this pot


class PotCarried(TypedDict):
    amount: int
    odd_chips: int  # of which the odd chips of a split pot (the rest: pots nobody's dice stood for)


class RoundOver(TypedDict):
    round: int
    winners: list[int]
    standings: list[str | None]
    contenders: list[int]
    showdown: bool
    carried: int  # the pot carried to the next round (the view's ``carry``)
    stacks: list[int]
    reason: str  # why the round went this way (game.engine.showdown): decided where the winners are found
    params: dict[str, Any]  # what the reason's words need (standing names, how many ways a split went)


EVENT_KINDS = catalogue(
    round_started=RoundStarted, antes=Antes, dice_thrown=DiceThrown, bet=Bet, bet_returned=BetReturned,
    reroll=Reroll, keep=Keep, hintaro_thrown=HintaroThrown, pot_won=PotWon, pot_carried=PotCarried,
    round_over=RoundOver, carry_returned=CarryReturned, session_over=SessionOver,
)

REFUSALS: dict[str, str] = {
    "short_to_call": "the seat holds fewer chips than it needs to call: it may go all-in or drop",
    "no_more_raises": "the Hintaron has acted: each seat short of the bet calls or drops, nobody raises",
    "allin_not_needed": "all-in is only for a seat that cannot call, or cannot make a full raise, with what it holds",
}


def _money(v: dict[str, Any]) -> None:
    v["pot"] = sum(v["contrib"]) + v["carry"]
    v["pots"] = pots_of(v["contrib"], v["in_hand"], v["carry"])


def reduce_view(view: Mapping[str, Any], event: Mapping[str, Any]) -> dict[str, Any]:
    """A Hintaro view after ``event`` (as ``Event.visible_to`` gives it), from the view before it. Pure.

    Every die is public, so every seat (and a spectator) folds the same events the same way.
    """
    v: dict[str, Any] = copy_json(view)
    kind = event["kind"]
    s = event["seat"]
    n = v["seats"]
    if kind == "round_started":
        v["round"] = event["round"]
        v["dealer"] = event["dealer"]
        v["in_hand"] = list(event["playing"])
        v["wager"] = [0] * n
        v["current_bet"] = 0
        v["dice"] = [[] for _ in range(n)]
        v["to_act"] = []
    elif kind == "antes":
        amounts = event["amounts"]
        v["stacks"] = [st - a for st, a in zip(v["stacks"], amounts, strict=True)]
        v["contrib"] = list(amounts)
        _money(v)
    elif kind == "dice_thrown":
        v["dice"] = copy_json(event["dice"])
        v["phase"] = event["phase"]
        v["to_act"] = list(event["to_act"])
    elif kind == "bet":
        v["stacks"][s] = event["stack"]
        v["contrib"][s] += event["amount"]
        v["wager"][s] = event["wager"]
        v["current_bet"] = event["current_bet"]
        if event["action"] == "drop":
            v["in_hand"][s] = False
        v["phase"] = event["phase"]
        v["to_act"] = list(event["to_act"])
        _money(v)
    elif kind == "bet_returned":
        back = event["amount"]
        v["stacks"][s] = event["stack"]
        v["contrib"][s] -= back
        v["wager"][s] -= back
        v["current_bet"] = max(v["wager"])
        _money(v)
    elif kind in ("reroll", "keep"):
        v["dice"][s] = list(event["dice"])
        v["to_act"] = list(event["to_act"])
    elif kind == "hintaro_thrown":
        v["last_showdown"] = {"round": v["round"], "hintaro": event["face"], "seats": copy_json(event["seats"])}
    elif kind == "pot_won":
        # the chips leave the pot for the winner's stack; round_over then settles the table exactly
        amount = event["amount"]
        v["stacks"][s] += amount
        v["pot"] -= amount
        v["carry"] = 0  # the carried chips were gathered into the pot being paid (round_over says what carries)
        pots = v["pots"]
        if event["pot"] < len(pots):
            pots[event["pot"]]["amount"] = max(0, pots[event["pot"]]["amount"] - amount)
    elif kind == "pot_carried":
        pass  # the chips stay on the table: round_over says how many carry
    elif kind == "round_over":
        v["stacks"] = list(event["stacks"])
        v["contrib"] = [0] * n
        v["carry"] = event["carried"]
        v["to_act"] = []
        _money(v)
    elif kind == "carry_returned":
        v["stacks"] = [st + a for st, a in zip(v["stacks"], event["amounts"], strict=True)]
        v["carry"] = 0
        _money(v)
    elif kind == "session_over":
        v["stacks"] = list(event["stacks"])
        v["phase"] = "over"
        v["to_act"] = []
        v["is_over"] = True
    else:
        raise ValueError(f"Hintaro has no event {kind!r}")
    # what follows from the fields above
    to_act = v["to_act"]
    cur = v["current_seat"] = to_act[0] if to_act else None
    v["symbols"] = [list(symbols(d)) if d else None for d in v["dice"]]
    if cur is not None and v["phase"] in ("wager", "call"):
        v["to_call"] = v["current_bet"] - v["wager"][cur]
    else:
        v.pop("to_call", None)
    return v


class Hintaro(State):
    """Core Hintaro for 2–8 seats; see the module docstring for the shape of a round."""

    game_id = "hintaro"
    title = "Hintaro"
    min_seats = 2
    max_seats = 8
    RANK_NAMES = RANK_NAMES
    EVENT_KINDS = EVENT_KINDS
    REFUSALS = REFUSALS
    reduce_view = staticmethod(reduce_view)
    OPTIONS = (
        ROUNDS,
        STACK,
        OptionSpec("ante", 10, "chips each seat antes every round", min=0, max=10**6),
        OptionSpec("min_bet", 10, "the smallest raise", min=1, max=10**6),
    )
    RULINGS_NOTES = (
        "A seat with fewer chips than the ante antes what it has and plays the round all-in; a seat with no "
        "chips sits out.",
        "A raise that nobody can fully call is returned down to the largest amount another seat put in.",
        "A seat short of the bet may go all-in for less; side pots form as usual.",
        "The wager round is skipped when fewer than two seats still in have chips to bet.",
        "A pot nobody stands for carries to the next round as dead money everyone still in competes for; if "
        "the session ends with a pot still on the table, it goes back in equal shares to the seats that paid "
        "into it (odd chips to the first of them left of the last round's Hintaron).",
        "In the session's last round a split pot's odd chips have no next round to carry to: they go to the "
        "first of its winners left of that round's Hintaron.",
        "If every other seat drops during the wager round, the last seat takes the pot at once.",
        "The first Hintaron is seat 0; the role passes to the next seat on the left that still has chips.",
    )

    phase: str
    queue: list[int]

    # ------------------------------------------------------------------ round flow
    def _setup(self) -> list[Event]:
        self.phase = "over"
        self.queue = []
        self.in_hand = [False] * self.n
        self.contrib = [0] * self.n
        self.wager = [0] * self.n
        self.cur_bet = 0
        self.dice: list[tuple[str, ...]] = [() for _ in range(self.n)]
        self.carry = 0
        self.carry_from = [False] * self.n
        self.last_showdown: dict[str, Any] | None = None
        self.dealer = 0
        return self._start_round()

    def _session_ends(self) -> bool:
        """No next round: the round limit is reached, or fewer than two seats hold chips."""
        return session_ends(self.round_no, self.options["rounds"], sum(st > 0 for st in self.stacks))

    def _next_round(self) -> list[Event]:
        """The round is settled: the session ends (by this round's Hintaron), or the Hintaron passes left to
        the next seat that can still play and the next round is dealt."""
        if self._session_ends():
            return self._end_session()
        self.dealer = next_dealer(self.dealer, [st > 0 for st in self.stacks])
        return self._start_round()

    def _start_round(self) -> list[Event]:
        n = self.n
        stacks = self.stacks
        playing = [st > 0 for st in stacks]
        self.round_no += 1
        dealer = self.dealer
        self.in_hand = playing
        self.wager = [0] * n
        self.cur_bet = 0
        ante = self.options["ante"]
        contrib = [0] * n
        for s in range(n):  # every seat still playing antes (the order, from the Hintaron's left, changes nothing)
            if playing[s]:
                a = ante if stacks[s] >= ante else stacks[s]
                stacks[s] -= a
                contrib[s] = a
        self.contrib = contrib
        # every seat's two dice from one draw: 36**n equally likely outcomes, read off in base 36 then base 6
        r = self.rng.below(_THROWS[n])
        dice: list[tuple[str, ...]] = []
        for s in range(n):
            r, pair = divmod(r, 36)
            dice.append(_PAIRS[pair] if playing[s] else ())
        self.dice = dice
        bettors = [s for s in right_of(dealer, n) if playing[s] and stacks[s] > 0]
        if len(bettors) >= 2:
            self.phase = "wager"
            self.queue = bettors
            self.current_seat = bettors[0]
        else:
            self._start_rerolls()
        return [
            Event("round_started", None, RoundStarted(round=self.round_no, dealer=dealer, playing=playing[:])),
            Event("antes", None, Antes(amounts=contrib[:], pot=sum(contrib) + self.carry)),
            Event("dice_thrown", None, DiceThrown(dice=dice[:], phase=self.phase, to_act=self.queue[:])),
        ]

    def _start_rerolls(self) -> None:
        self.phase = "reroll"
        self.queue = [s for s in left_of(self.dealer, self.n) if self.in_hand[s]]
        self.current_seat = self.queue[0]

    def _end_session(self) -> list[Event]:
        events: list[Event] = []
        if self.carry:
            events.append(self._return_carry())
        self.phase = "over"
        self.queue = []
        self.current_seat = None
        events.append(Event("session_over", None, SessionOver(rounds=self.round_no, stacks=list(self.stacks))))
        return events

    def _return_carry(self) -> Event:
        payers = [s for s in left_of(self.dealer, self.n) if self.carry_from[s]]
        if not payers:  # cannot happen, but never lose a chip
            payers = list(left_of(self.dealer, self.n))
        amounts = share_out(self.carry, payers, self.n)
        for s in range(self.n):
            self.stacks[s] += amounts[s]
        self.carry = 0
        self.carry_from = [False] * self.n
        return Event("carry_returned", None, CarryReturned(amounts=amounts))

    # ------------------------------------------------------------------ queries
    def pot_total(self) -> int:
        return sum(self.contrib) + self.carry

    def chips_in_play(self) -> int:
        return sum(self.contrib) + self.carry

    def pots(self) -> list[dict[str, Any]]:
        return pots_of(self.contrib, self.in_hand, self.carry)

    def _legal(self) -> list[Action]:
        s = self.current_seat
        assert s is not None
        if self.phase == "reroll":
            return list(_REROLL_CHOICES)
        room = self.stacks[s] - (self.cur_bet - self.wager[s])
        if room < 0:
            return [_DROP, _ALLIN]
        if self.phase != "wager":
            return [_DROP, _CALL]
        mb = self.options["min_bet"]
        if room < mb:
            return [_DROP, _CALL, _ALLIN] if room else [_DROP, _CALL]
        acts = [_DROP, _CALL]
        pot = sum(self.contrib) + self.carry
        for amount in sorted({mb, 2 * mb, pot if pot > mb else mb, room}):
            if amount <= room:
                acts.append(act("raise", amount))
        return acts

    def _ranges(self) -> dict[str, tuple[int, int]]:
        s = self.current_seat
        if self.phase != "wager" or s is None:
            return {}
        room = self.stacks[s] - (self.cur_bet - self.wager[s])
        mb = self.options["min_bet"]
        return {"raise": (mb, room)} if room >= mb else {}

    def _check(self, action: Action) -> str | None:
        """The rules of a wager or a reroll, checked directly (faster than listing every choice)."""
        s = self.current_seat
        assert s is not None
        kind = action.kind
        if self.phase == "reroll":
            if action in _REROLL_CHOICES:
                return None
            if kind in ("keep", "reroll"):
                return refuse("not_allowed_now", f"seat {s} may 'keep' or 'reroll' die 0 or 1, not {action!r}",
                              kind=kind)
            return refuse("unknown_action", f"seat {s} may now only 'keep' or 'reroll' die 0 or 1, not {kind!r}",
                          kind=kind, allowed=["keep", "reroll"])
        if kind not in ("drop", "call", "raise", "allin"):
            return refuse("unknown_action", f"seat {s} cannot {kind!r} now; it may drop, call, raise or go all-in",
                          kind=kind, allowed=["allin", "call", "drop", "raise"])
        if action.fields and kind != "raise":
            return refuse("not_allowed_now", f"{kind!r} takes no fields, got {action!r}", kind=kind)
        stack = self.stacks[s]
        to_call = self.cur_bet - self.wager[s]
        room = stack - to_call
        if kind == "drop":
            return None
        if kind == "call":
            if room >= 0:
                return None
            return refuse("short_to_call",
                          f"seat {s} has {stack} chips, short of the {to_call} to call: all-in or drop",
                          stack=stack, to_call=to_call)
        if kind == "raise":
            if self.phase != "wager":
                return refuse("no_more_raises",
                              "no more raises: the Hintaron has acted, so each seat short of the bet calls or drops")
            return super()._check(action)
        if room < 0 or (self.phase == "wager" and 0 < room < self.options["min_bet"]):
            return None  # all-in
        return refuse("allin_not_needed",
                      "all-in is only for a seat that cannot call, or cannot make a full raise, with what it holds",
                      stack=stack, to_call=to_call)

    # ------------------------------------------------------------------ actions
    def _do(self, action: Action) -> list[Event]:
        s = self.current_seat
        assert s is not None
        kind = action.kind
        if self.phase == "reroll":
            self.queue.pop(0)
            if kind == "reroll":
                die = action.die
                faces = list(self.dice[s])
                old = faces[die]
                faces[die] = new = PLAYER_FACES[self.rng.below(6)]
                self.dice[s] = tuple(faces)
                events = [Event("reroll", s, Reroll(die=die, old=old, new=new, dice=self.dice[s],
                                                    to_act=self.queue[:]))]
            else:
                events = [Event("keep", s, Keep(dice=self.dice[s], to_act=self.queue[:]))]
            if self.queue:
                self.current_seat = self.queue[0]
            else:
                events += self._showdown()
            return events

        stacks = self.stacks
        put = 0
        if kind == "drop":
            self.in_hand[s] = False
        elif kind == "call":
            put = self.cur_bet - self.wager[s]
        elif kind == "raise":
            put = self.cur_bet - self.wager[s] + action.amount
        else:  # allin
            put = stacks[s]
        if put:
            stacks[s] -= put
            self.contrib[s] += put
            self.wager[s] += put
            if self.wager[s] > self.cur_bet:
                self.cur_bet = self.wager[s]
        label = kind if kind != "call" or put else "check"
        self.queue.pop(0)
        if self.in_hand.count(True) == 1:
            self.queue = []  # nobody acts again this round: the last seat in takes the pot
            return [self._bet_event(s, label, put), *self._award_to(self.in_hand.index(True))]
        if not self.queue and self.phase == "wager":
            self.phase = "call"
            self.queue = [
                i for i in right_of(self.dealer, self.n)
                if self.in_hand[i] and stacks[i] > 0 and self.wager[i] < self.cur_bet
            ]
        if self.queue:
            self.current_seat = self.queue[0]
            return [self._bet_event(s, label, put)]
        self._start_rerolls()
        return [self._bet_event(s, label, put), *self._return_uncalled()]  # the bet as made, then any chips back

    def _bet_event(self, s: int, label: str, put: int) -> Event:
        return Event("bet", s, Bet(action=label, amount=put, wager=self.wager[s], current_bet=self.cur_bet,
                                   pot=sum(self.contrib) + self.carry, stack=self.stacks[s], phase=self.phase,
                                   to_act=self.queue[:]))

    def _return_uncalled(self) -> list[Event]:
        c = self.contrib
        top = max(c)
        leaders = [i for i in range(self.n) if c[i] == top]
        if len(leaders) != 1:
            return []
        t = leaders[0]
        second = max(c[i] for i in range(self.n) if i != t)
        back = top - second
        if back <= 0:
            return []
        c[t] -= back
        self.wager[t] -= back
        self.stacks[t] += back
        self.cur_bet = max(self.wager)
        return [Event("bet_returned", t, BetReturned(amount=back, stack=self.stacks[t], pot=self.pot_total()))]

    def _award_to(self, seat: int) -> list[Event]:
        """Every other seat dropped: the last one takes everything on the table at once."""
        amount = self.pot_total()
        self.stacks[seat] += amount
        self.contrib = [0] * self.n
        self.carry = 0
        self.carry_from = [False] * self.n
        events = [
            Event("pot_won", seat, PotWon(amount=amount, pot=0, standing=None, split=1)),
            Event("round_over", None, RoundOver(round=self.round_no, winners=[seat], standings=[None] * self.n,
                                                contenders=[], showdown=False, carried=0,
                                                stacks=list(self.stacks), reason="last_standing", params={})),
        ]
        return events + self._next_round()

    def _showdown(self) -> list[Event]:
        n = self.n
        face = HINTARO_FACES[self.rng.below(6)]
        in_hand = self.in_hand
        dice = self.dice
        rows: list[dict[str, Any] | None] = [None] * n
        ranks: list[int | None] = [None] * n
        for s in range(n):
            if in_hand[s]:
                row = _OUTCOMES[dice[s][0], dice[s][1], face]
                rows[s] = row
                ranks[s] = _RANK_OF.get(row["standing"])
        self.last_showdown = {"round": self.round_no, "hintaro": face, "seats": rows}
        events = [Event("hintaro_thrown", None, HintaroThrown(face=face, seats=rows))]
        contrib = self.contrib
        live = [s for s in range(n) if in_hand[s]]
        top = max(contrib)
        if all(contrib[s] == top for s in live):  # the usual case: nobody all-in short, one pot
            pots = [(sum(contrib) + self.carry, live)]
        else:
            pots = [(p["amount"], p["eligible"]) for p in self.pots()]
        winners_all: list[int] = []
        carried = 0
        stacks = self.stacks
        splits: list[tuple[int, int, list[int], int, int]] = []  # pot index, best rank, winners, share, odd chips
        why, params = standing_reason(ranks, pots[0][1] if pots else live, RANK_NAMES)  # pot 0: every seat in
        for index, (amount, eligible) in enumerate(pots):
            standing = [r for s in eligible if (r := ranks[s]) is not None]
            if not standing:
                carried += amount
                continue
            best = min(standing)
            winners = [s for s in left_of(self.dealer, n) if ranks[s] == best and s in eligible]
            share, rest = divmod(amount, len(winners))
            for w in winners:
                stacks[w] += share
            splits.append((index, best, winners, share, rest))
        # odd chips carry to the next round; in the last one they go to the first winner left of the Hintaron
        # (RULINGS "Splits"). Whether this is the last round is asked once the shares are paid.
        last = self._session_ends()
        odd = 0
        for index, best, winners, share, rest in splits:
            if last:
                stacks[winners[0]] += rest
            else:
                carried += rest
                odd += rest
            for w in winners:
                won = share + rest if last and w == winners[0] else share
                events.append(Event("pot_won", w, PotWon(amount=won, pot=index, standing=RANK_NAMES[best],
                                                         split=len(winners))))
                if w not in winners_all:
                    winners_all.append(w)
        if carried:
            self.carry_from = [f or c > 0 for f, c in zip(self.carry_from, contrib, strict=True)]
            events.append(Event("pot_carried", None, PotCarried(amount=carried, odd_chips=odd)))
        else:
            self.carry_from = [False] * n
        self.carry = carried
        self.contrib = [0] * n
        events.append(Event("round_over", None, RoundOver(round=self.round_no, winners=winners_all,
                                                          standings=[r["standing"] if r else None for r in rows],
                                                          showdown=True, contenders=live,
                                                          carried=carried, stacks=stacks[:],
                                                          reason=why, params=params)))
        return events + (self._end_session() if last else self._next_round())

    # ------------------------------------------------------------------ view
    def _view(self, seat: int | None) -> dict[str, Any]:
        s = self.current_seat
        v: dict[str, Any] = {
            "phase": self.phase,
            "dice": [list(d) for d in self.dice],
            "in_hand": list(self.in_hand),
            "contrib": list(self.contrib),
            "wager": list(self.wager),
            "current_bet": self.cur_bet,
            "carry": self.carry,
            "pot": self.pot_total(),
            "pots": self.pots(),
            "to_act": list(self.queue),
            "last_showdown": _copy_showdown(self.last_showdown),
            "symbols": [list(symbols(d)) if d else None for d in self.dice],
            "min_bet": self.options["min_bet"],
        }
        if s is not None and self.phase in ("wager", "call"):
            v["to_call"] = self.cur_bet - self.wager[s]
        return v
