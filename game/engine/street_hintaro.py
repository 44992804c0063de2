"""Street Hintaro (and its low-score Cantina Hintaro option), by Keith Olson, as RULINGS.md reads it.

Two seats and red/blue chance cubes (three red faces, three blue). A round, with betting on (the default):
the first seat bets, the second matches or concedes; each seat throws its two cubes; the first seat may
raise once (or check), the second calls or concedes; the first seat throws the shared cube. A seat scores
1 + the number of its own cubes matching the shared cube's colour. Higher wins (lower with ``low_wins``);
a tie carries every wager to the next round. The first seat alternates each round.

The throws are actions (``throw``) so that a person rolls their own cubes; with betting off they are the
only actions and no chips move.

Views are folds: :func:`reduce_view` turns a view and one event into the view after it; each event carries
the phase and the seat to act after it, and the round's winner is named where it is decided (``concede``,
``shared_thrown``). Every cube is public: no event has a secret.
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
    catalogue,
    copy_json,
)
from game.engine.rounds import next_dealer, session_ends, share_out

#: a chance cube: three red faces and three blue ones
CUBE_FACES: tuple[str, ...] = ("red", "red", "red", "blue", "blue", "blue")
RANK_NAMES: tuple[str, ...] = ("Score 3", "Score 2", "Score 1")


def score(own: list[str] | tuple[str, ...], shared: str) -> int:
    """1 + how many of the seat's own cubes match the shared cube's colour (RR+R = 3, RB+R = 2, RR+B = 1)."""
    return 1 + sum(1 for c in own if c == shared)


def rank_name(points: int) -> str:
    """The standing name ("Score 3" ... "Score 1"); which end is best depends on ``low_wins``."""
    return f"Score {points}"


# ------------------------------------------------------------------------------------------- event catalogue
# The public data of each event kind. Fields named like view fields (``phase``, ``current_seat``, ``stack``,
# ``pot``, ``stacks``) hold the value that view field has once the event's own change is made.
def showdown(scores: Sequence[int], low_wins: bool) -> tuple[list[int], str, dict[str, Any]]:
    """Who takes the round from the two seats' scores against the shared cube, and why (a reason code of
    game.engine.showdown): the higher score, or the lower under the Cantina rule; equal scores tie."""
    if scores[0] == scores[1]:
        return [], "tie", {"score": scores[0]}
    winner = 0 if (scores[0] > scores[1]) != low_wins else 1
    return ([winner], "lower_score" if low_wins else "higher_score",
            {"score": scores[winner], "other": scores[1 - winner]})


class RoundStarted(TypedDict):
    round: int
    dealer: int
    first: int
    carry: int
    phase: str  # "bet", or "throw" with betting off


class Bet(TypedDict):
    action: str  # "bet", "raise", "check" or "call"
    amount: int
    pot: int
    stack: int
    phase: str
    current_seat: int


class Concede(TypedDict):
    winner: int


class CubesThrown(TypedDict):
    cubes: list[str]
    phase: str
    current_seat: int


class SharedThrown(TypedDict):
    face: str
    scores: list[int]
    standings: list[str]
    winner: int | None  # None: a tie


class PotWon(TypedDict):
    amount: int
    pot: int
    standing: str | None  # None: the other seat conceded
    split: int


class PotCarried(TypedDict):
    amount: int


class RoundOver(TypedDict):
    round: int
    winners: list[int]
    standings: list[str | None]
    contenders: list[int]
    showdown: bool
    carried: int  # the wagers carried to the next round (the view's ``carry``)
    stacks: list[int]
    reason: str  # why (game.engine.showdown): conceded, higher_score, lower_score or tie
    params: dict[str, Any]  # the scores: score (the winner's or the tied one), other


EVENT_KINDS = catalogue(
    round_started=RoundStarted, bet=Bet, concede=Concede, cubes_thrown=CubesThrown, shared_thrown=SharedThrown,
    pot_won=PotWon, pot_carried=PotCarried, round_over=RoundOver, carry_returned=CarryReturned,
    session_over=SessionOver,
)


def reduce_view(view: Mapping[str, Any], event: Mapping[str, Any]) -> dict[str, Any]:
    """A Street Hintaro view after ``event`` (as ``Event.visible_to`` gives it), from the view before. Pure.

    Every cube is public, so both seats (and a spectator) fold the same events the same way.
    """
    v: dict[str, Any] = copy_json(view)
    kind = event["kind"]
    s = event["seat"]
    if kind == "round_started":
        v["round"] = event["round"]
        v["dealer"] = event["dealer"]
        v["first"] = v["current_seat"] = event["first"]
        v["carry"] = event["carry"]
        v["phase"] = event["phase"]
        v["cubes"] = [[], []]
        v["shared"] = None
        v["raised"] = False
    elif kind == "bet":
        v["stacks"][s] = event["stack"]
        v["contrib"][s] += event["amount"]
        v["raised"] = v["raised"] or event["action"] == "raise"
        v["phase"] = event["phase"]
        v["current_seat"] = event["current_seat"]
    elif kind == "concede":
        v["last_result"] = {"round": v["round"], "conceded": s, "winner": event["winner"], "scores": None}
    elif kind == "cubes_thrown":
        v["cubes"][s] = list(event["cubes"])
        v["phase"] = event["phase"]
        v["current_seat"] = event["current_seat"]
    elif kind == "shared_thrown":
        v["shared"] = event["face"]
        v["last_result"] = {"round": v["round"], "conceded": None, "winner": event["winner"],
                            "scores": list(event["scores"]), "shared": event["face"], "cubes": copy_json(v["cubes"])}
    elif kind == "pot_won":
        v["stacks"][s] += event["amount"]  # round_over then settles the table exactly
        v["pot"] -= event["amount"]
        v["carry"] = 0  # the carried chips were gathered into the pot being paid
        return v
    elif kind == "pot_carried":
        return v  # the chips stay on the table: round_over says how many carry
    elif kind == "round_over":
        v["stacks"] = list(event["stacks"])
        v["contrib"] = [0, 0]
        v["carry"] = event["carried"]
        v["current_seat"] = None
    elif kind == "carry_returned":
        v["stacks"] = [st + a for st, a in zip(v["stacks"], event["amounts"], strict=True)]
        v["carry"] = 0
    elif kind == "session_over":
        v["stacks"] = list(event["stacks"])
        v["phase"] = "over"
        v["current_seat"] = None
        v["is_over"] = True
    else:
        raise ValueError(f"Street Hintaro has no event {kind!r}")
    v["pot"] = v["carry"] + v["contrib"][0] + v["contrib"][1]
    return v


class StreetHintaro(State):
    """Two-seat Street Hintaro; ``low_wins`` plays Cantina Hintaro; ``betting`` off plays for wins alone."""

    game_id = "street_hintaro"
    title = "Street Hintaro"
    min_seats = 2
    max_seats = 2
    RANK_NAMES = RANK_NAMES
    EVENT_KINDS = EVENT_KINDS
    reduce_view = staticmethod(reduce_view)
    OPTIONS = (
        ROUNDS,
        STACK,
        OptionSpec("betting", True, "play for chips (off: throws only, no chips move)", type=bool),
        OptionSpec("low_wins", False, "Cantina Hintaro: the lower score wins", type=bool),
        OptionSpec("min_bet", 10, "the smallest opening bet and raise", min=1, max=10**6),
    )
    RULINGS_NOTES = (
        "The opening bet is at least the minimum bet and at most what the poorer seat holds, so it can always "
        "be matched; the raise likewise stays within what both seats still hold.",
        "A concession hands the whole pot (carried wagers included) to the other seat at once; no cubes are "
        "needed after it.",
        "The first seat of the round throws the shared cube.",
        "If the session ends with tied wagers still on the table, each seat takes back half: what it put in, "
        "since both seats always wager alike.",
        "A seat whose last chip went into a tie still plays the next round for the carried wagers; with nothing "
        "left to bet, that round is thrown without betting.",
        "With betting off, no chips move: the session counts rounds won, so it needs a round limit (rounds 0, "
        "play until one seat holds every chip, would never end and is refused).",
        "The first seat of the first round is seat 0.",
    )

    def _setup(self) -> list[Event]:
        if not self.options["betting"] and not self.options["rounds"]:
            raise ValueError("Street Hintaro with 'betting' off needs a round limit: no chips move, so 'rounds' 0 "
                             "(play until one seat holds every chip) would never end; set 'rounds' to 1 or more, "
                             "or turn 'betting' on")
        self.first = 1  # passed to seat 0 by the first round
        self.phase = "over"
        self.contrib = [0, 0]
        self.carry = 0
        self.cubes: list[list[str]] = [[], []]
        self.shared: str | None = None
        self.raised = False
        self.last_result: dict[str, Any] | None = None
        return self._start_round()

    # ------------------------------------------------------------------ flow
    def _start_round(self) -> list[Event]:
        betting = self.options["betting"]
        # a seat can play on while it holds chips, or has a share in tied wagers still on the table
        able = 2 if not betting or self.carry else sum(st > 0 for st in self.stacks)
        if session_ends(self.round_no, self.options["rounds"], able):
            return self._end_session()
        self.round_no += 1
        self.first = next_dealer(self.first, (True, True))
        self.dealer = self.first
        self.cubes = [[], []]
        self.shared = None
        self.raised = False
        self.phase = "bet" if betting and min(self.stacks) > 0 else "throw"
        self.current_seat = self.first
        return [Event("round_started", None, RoundStarted(round=self.round_no, dealer=self.first, first=self.first,
                                                          carry=self.carry, phase=self.phase))]

    def _end_session(self) -> list[Event]:
        events: list[Event] = []
        if self.carry:
            amounts = share_out(self.carry, (self.first, self.second), 2)
            self.stacks[0] += amounts[0]
            self.stacks[1] += amounts[1]
            self.carry = 0
            events.append(Event("carry_returned", None, CarryReturned(amounts=amounts)))
        self.phase = "over"
        self.current_seat = None
        events.append(Event("session_over", None, SessionOver(rounds=self.round_no, stacks=list(self.stacks))))
        return events

    @property
    def second(self) -> int:
        return 1 - self.first

    def pot_total(self) -> int:
        return self.carry + self.contrib[0] + self.contrib[1]

    def chips_in_play(self) -> int:
        return self.pot_total()

    # ------------------------------------------------------------------ legal actions
    def _ranges(self) -> dict[str, tuple[int, int]]:
        cap = min(self.stacks)
        mb = self.options["min_bet"]
        if self.phase == "bet":
            return {"bet": (min(mb, cap), cap)}
        if self.phase == "raise" and cap > 0:
            return {"raise": (min(mb, cap), cap)}
        return {}

    def _legal(self) -> list[Action]:
        phase = self.phase
        if phase in ("throw", "shared"):
            return [act("throw")]
        if phase in ("match", "answer"):
            return [act("call"), act("concede")]
        kind = "bet" if phase == "bet" else "raise"
        lo, hi = self._ranges()[kind]
        amounts = sorted({lo, min(hi, 2 * lo), min(hi, 5 * lo), hi})
        acts = [act(kind, a) for a in amounts]
        if phase == "raise":
            acts.insert(0, act("check"))
        return acts

    # ------------------------------------------------------------------ actions
    def _do(self, action: Action) -> list[Event]:
        s = self.current_seat
        assert s is not None
        kind = action.kind
        if kind in ("bet", "raise"):
            amount = action.amount
            self.stacks[s] -= amount
            self.contrib[s] += amount
            self.phase = "match" if kind == "bet" else "answer"
            self.raised = self.raised or kind == "raise"
            self.current_seat = self.second
            return [self._bet_event(s, kind, amount)]
        if kind == "check":
            self.phase = "shared"
            self.current_seat = self.first
            return [self._bet_event(s, "check", 0)]
        if kind == "call":
            amount = self.contrib[self.first] - self.contrib[s]
            self.stacks[s] -= amount
            self.contrib[s] += amount
            if self.phase == "match":
                self.phase = "throw"
                self.current_seat = self.first
            else:
                self.phase = "shared"
                self.current_seat = self.first
            return [self._bet_event(s, "call", amount)]
        if kind == "concede":
            winner = self.first
            amount = self.pot_total()
            self.stacks[winner] += amount
            self.contrib = [0, 0]
            self.carry = 0
            self.last_result = {"round": self.round_no, "conceded": s, "winner": winner, "scores": None}
            events = [
                Event("concede", s, Concede(winner=winner)),
                Event("pot_won", winner, PotWon(amount=amount, pot=0, standing=None, split=1)),
                Event("round_over", None, RoundOver(round=self.round_no, winners=[winner], standings=[None, None],
                                                    contenders=[], showdown=False, carried=0,
                                                    stacks=list(self.stacks), reason="conceded", params={})),
            ]
            return events + self._start_round()
        # throw
        if self.phase == "throw":
            below = self.rng.below
            self.cubes[s] = [CUBE_FACES[below(6)], CUBE_FACES[below(6)]]
            if s == self.first:
                self.current_seat = self.second
            elif self.options["betting"] and min(self.stacks) > 0:
                self.phase = "raise"
                self.current_seat = self.first
            else:
                self.phase = "shared"
                self.current_seat = self.first
            return [Event("cubes_thrown", s, CubesThrown(cubes=list(self.cubes[s]), phase=self.phase,
                                                         current_seat=self.current_seat))]
        return self._throw_shared()

    def _bet_event(self, s: int, action: str, amount: int) -> Event:
        assert self.current_seat is not None
        return Event("bet", s, Bet(action=action, amount=amount, pot=self.pot_total(), stack=self.stacks[s],
                                   phase=self.phase, current_seat=self.current_seat))

    def _throw_shared(self) -> list[Event]:
        face = CUBE_FACES[self.rng.below(6)]
        self.shared = face
        scores = [score(self.cubes[0], face), score(self.cubes[1], face)]
        names = [rank_name(p) for p in scores]
        winners, why, params = showdown(scores, self.options["low_wins"])
        events = [Event("shared_thrown", self.first, SharedThrown(face=face, scores=scores, standings=names,
                                                                  winner=winners[0] if winners else None))]
        pot = self.pot_total()
        carried = 0
        if winners:
            self.stacks[winners[0]] += pot
            self.carry = 0
            if pot or not self.options["betting"]:
                events.append(Event("pot_won", winners[0], PotWon(amount=pot, pot=0, standing=names[winners[0]],
                                                                  split=1)))
        else:
            self.carry = carried = pot
            events.append(Event("pot_carried", None, PotCarried(amount=pot)))
        self.contrib = [0, 0]
        self.last_result = {"round": self.round_no, "conceded": None, "winner": winners[0] if winners else None,
                            "scores": scores, "shared": face, "cubes": [list(c) for c in self.cubes]}
        events.append(Event("round_over", None, RoundOver(round=self.round_no, winners=winners,
                                                          standings=list(names), contenders=[0, 1],
                                                          showdown=True, carried=carried,
                                                          stacks=list(self.stacks), reason=why, params=params)))
        return events + self._start_round()

    # ------------------------------------------------------------------ view
    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "first": self.first,
            "cubes": [list(c) for c in self.cubes],
            "shared": self.shared,
            "contrib": list(self.contrib),
            "carry": self.carry,
            "pot": self.pot_total(),
            "raised": self.raised,
            "last_result": copy_json(self.last_result),  # a copy: a view never aliases the state
            "min_bet": self.options["min_bet"],
            "low_wins": self.options["low_wins"],
            "betting": self.options["betting"],
        }
