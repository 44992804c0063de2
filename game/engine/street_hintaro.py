"""Street Hintaro (and its low-score Cantina Hintaro option), by Keith Olson, as RULINGS.md reads it.

Two seats and red/blue chance cubes (three red faces, three blue). A round, with betting on (the default):
the first seat bets, the second matches or concedes; each seat throws its two cubes; the first seat may
raise once (or check), the second calls or concedes; the first seat throws the shared cube. A seat scores
1 + the number of its own cubes matching the shared cube's colour. Higher wins (lower with ``low_wins``);
a tie carries every wager to the next round. The first seat alternates each round.

The throws are actions (``throw``) so that a person rolls their own cubes; with betting off they are the
only actions and no chips move.
"""

from __future__ import annotations

from typing import Any

from game.engine.core import ROUNDS, STACK, Action, Event, OptionSpec, State, act, copy_json
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


class StreetHintaro(State):
    """Two-seat Street Hintaro; ``low_wins`` plays Cantina Hintaro; ``betting`` off plays for wins alone."""

    game_id = "street_hintaro"
    title = "Street Hintaro"
    min_seats = 2
    max_seats = 2
    RANK_NAMES = RANK_NAMES
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
        return [Event("round_started", None, {"round": self.round_no, "dealer": self.first, "first": self.first,
                                              "carry": self.carry})]

    def _end_session(self) -> list[Event]:
        events: list[Event] = []
        if self.carry:
            amounts = share_out(self.carry, (self.first, self.second), 2)
            self.stacks[0] += amounts[0]
            self.stacks[1] += amounts[1]
            self.carry = 0
            events.append(Event("carry_returned", None, {"amounts": amounts}))
        self.phase = "over"
        self.current_seat = None
        events.append(Event("session_over", None, {"rounds": self.round_no, "stacks": list(self.stacks)}))
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
            return [Event("bet", s, {"action": kind, "amount": amount, "pot": self.pot_total(),
                                     "stack": self.stacks[s]})]
        if kind == "check":
            self.phase = "shared"
            self.current_seat = self.first
            return [Event("bet", s, {"action": "check", "amount": 0, "pot": self.pot_total(),
                                     "stack": self.stacks[s]})]
        if kind == "call":
            amount = self.contrib[self.first] - self.contrib[s]
            self.stacks[s] -= amount
            self.contrib[s] += amount
            events = [Event("bet", s, {"action": "call", "amount": amount, "pot": self.pot_total(),
                                       "stack": self.stacks[s]})]
            if self.phase == "match":
                self.phase = "throw"
                self.current_seat = self.first
            else:
                self.phase = "shared"
                self.current_seat = self.first
            return events
        if kind == "concede":
            winner = self.first
            amount = self.pot_total()
            self.stacks[winner] += amount
            self.contrib = [0, 0]
            self.carry = 0
            self.last_result = {"round": self.round_no, "conceded": s, "winner": winner, "scores": None}
            events = [
                Event("concede", s, {}),
                Event("pot_won", winner, {"amount": amount, "pot": 0, "standing": None, "split": 1}),
                Event("round_over", None, {"round": self.round_no, "winners": [winner], "standings": [None, None],
                                           "contenders": [], "showdown": False, "carried": 0,
                                           "stacks": list(self.stacks)}),
            ]
            return events + self._start_round()
        # throw
        if self.phase == "throw":
            below = self.rng.below
            self.cubes[s] = [CUBE_FACES[below(6)], CUBE_FACES[below(6)]]
            events = [Event("cubes_thrown", s, {"cubes": list(self.cubes[s])})]
            if s == self.first:
                self.current_seat = self.second
            elif self.options["betting"] and min(self.stacks) > 0:
                self.phase = "raise"
                self.current_seat = self.first
            else:
                self.phase = "shared"
                self.current_seat = self.first
            return events
        return self._throw_shared()

    def _throw_shared(self) -> list[Event]:
        face = CUBE_FACES[self.rng.below(6)]
        self.shared = face
        scores = [score(self.cubes[0], face), score(self.cubes[1], face)]
        names = [rank_name(p) for p in scores]
        events = [Event("shared_thrown", self.first, {"face": face, "scores": scores, "standings": names})]
        if scores[0] == scores[1]:
            winners: list[int] = []
        elif (scores[0] > scores[1]) != self.options["low_wins"]:
            winners = [0]
        else:
            winners = [1]
        pot = self.pot_total()
        carried = 0
        if winners:
            self.stacks[winners[0]] += pot
            self.carry = 0
            if pot or not self.options["betting"]:
                events.append(Event("pot_won", winners[0], {"amount": pot, "pot": 0, "standing": names[winners[0]],
                                                            "split": 1}))
        else:
            self.carry = carried = pot
            events.append(Event("pot_carried", None, {"amount": pot}))
        self.contrib = [0, 0]
        self.last_result = {"round": self.round_no, "conceded": None, "winner": winners[0] if winners else None,
                            "scores": scores, "shared": face, "cubes": [list(c) for c in self.cubes]}
        events.append(Event("round_over", None, {"round": self.round_no, "winners": winners, "standings": names,
                                                 "contenders": [0, 1], "showdown": True, "carried": carried,
                                                 "stacks": list(self.stacks)}))
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
            "last_result": copy_json(self.last_result),
            "min_bet": self.options["min_bet"],
            "low_wins": self.options["low_wins"],
            "betting": self.options["betting"],
        }
