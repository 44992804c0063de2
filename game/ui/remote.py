"""A network seat as a table source: the game window at one seat of a table served elsewhere. No pygame here.

The server holds the only ``State``. :class:`RemoteState` is what the table reads in its place: the seat's own
view, folded from the welcome's view with the engine's ``reduce_view`` over each received event (exactly
``Event.visible_to(seat)``), plus the choices the server sent with the seat's turn (``legal`` and ``ranges``).
It never computes a rule: ``check`` answers from that list only (an action listed, or an amount in a listed
range, is allowed; a kind not listed is refused ``unknown_action``; an action of a listed kind whose fields
cannot be listed, such as a Better Hintaro offer, is left to the server, whose refusal the table then shows).

:class:`RemoteSource` implements :class:`game.ui.source.TableSource`: the table drives it like a quick table.
Each frame the window's pump (:meth:`RemoteSource.pump`) drains the network link's queue
(:class:`game.net.link.Link`, a thread of its own): events are folded and published on the bus, where the table
folds them again into what it shows, beat by beat, as it does for local moves. A person's move goes up as
``Action.to_dict()``; the answer (its events, or a refusal with the engine's code) comes back by the link. The
other seats are remote to this window (:meth:`RemoteSource.is_remote`): the driver waits for their moves, never
asks an agent and never draws the curtain for them.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TextIO

from game.engine import GAMES, reduce_view
from game.engine.core import Action, Event, IllegalAction, Refusal, copy_json, refuse
from game.events import EventBus
from game.net.protocol import digest
from game.ui.session import SeatSpec, ai_seat

log = logging.getLogger("cantina.remote")

REMOTE = "remote"


class RemoteState:
    """The seat's side of a served table: its folded view and the choices the server listed (never a rule)."""

    #: the window has one person's eyes: there is never a curtain to draw (game.ui.driver reads this)
    HIDDEN_INFO = False

    def __init__(self, game_id: str, n: int, seat: int, view: dict[str, Any]) -> None:
        if game_id not in GAMES:
            raise ValueError(f"the table plays {game_id!r}, a game this version does not know")
        self.game_id = game_id
        self.title = GAMES[game_id].title
        self.n = n
        self.seat = seat
        self._view = view
        #: the server's latest ``turn`` for this seat (None: not its turn, or an action is on its way)
        self.turn: dict[str, Any] | None = None
        self._legal: list[Action] = []
        #: the session ended (the view says so, or the server's ``over`` came)
        self.over = False

    # ------------------------------------------------------------------ what the table reads
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """This seat's view (a copy): the window has no other eyes, so every ``seat`` gets the same."""
        return copy_json(self._view)

    @property
    def current_seat(self) -> int | None:
        seat = self._view.get("current_seat")
        return None if self.over or self._view.get("is_over") else seat

    @property
    def is_over(self) -> bool:
        return self.current_seat is None

    @property
    def round_no(self) -> int:
        return int(self._view.get("round") or 0)

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._view.get("options") or {})

    @property
    def actions(self) -> list[None]:
        """As many placeholders as the table has taken actions (the coach keys its advice on the count); the
        actions themselves stay on the server."""
        at = self.turn["at"] if self.turn is not None else 0
        return [None] * int(at)

    def legal_actions(self) -> list[Action]:
        return list(self._legal) if self.turn is not None and self.current_seat == self.seat else []

    def amount_range(self, kind: str) -> tuple[int, int] | None:
        if self.turn is None or self.current_seat != self.seat:
            return None
        rng = self.turn.get("ranges", {}).get(kind)
        return (int(rng[0]), int(rng[1])) if isinstance(rng, list) and len(rng) == 2 else None

    def check(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why ``action`` would be refused, from the server's list alone (see the module notes)."""
        if self.is_over:
            return refuse("session_over", "the session is over")
        current = self.current_seat
        if current != self.seat or (seat is not None and seat != current) or self.turn is None:
            return refuse("not_your_turn", f"it is seat {current}'s turn", current_seat=current)
        if action in self._legal:
            return None
        rng = self.amount_range(action.kind)
        if rng is not None and [k for k, _ in action.fields] == ["amount"]:
            amount = action.get("amount")
            if type(amount) is not int:
                return refuse("amount_not_integer", "a whole number of chips", kind=action.kind)
            lo, hi = rng
            if not lo <= amount <= hi:
                return refuse("amount_out_of_range", f"between {lo} and {hi}", kind=action.kind, low=lo, high=hi,
                              amount=amount)
            return None
        same = [a for a in self._legal if a.kind == action.kind]
        if not same:
            kinds = sorted({a.kind for a in self._legal})
            return refuse("unknown_action", f"not {action.kind!r} now", kind=action.kind, allowed=kinds)
        listable = all(not isinstance(v, list) for a in same for _, v in a.fields)
        if listable and {k for k, _ in action.fields} <= {k for a in same for k, _ in a.fields}:
            return refuse("not_allowed_now", f"not that {action.kind} now", kind=action.kind)
        return None  # a composite action the list cannot hold: the server judges it

    # ------------------------------------------------------------------ what the network brings
    def reset(self, view: dict[str, Any], turn: dict[str, Any] | None) -> None:
        """A fresh view (joining, or rejoining with the token) and the seat's choices, if it is its turn."""
        self._view = view
        self.set_turn(turn)

    def fold(self, event: dict[str, Any]) -> None:
        self._view = reduce_view(self._view, event)

    def set_turn(self, turn: dict[str, Any] | None) -> None:
        self.turn = turn
        self._legal = [Action.from_dict(a) for a in turn["legal"]] if turn is not None else []


def seat_specs(agents: list[str], seat: int, you: str = "You") -> list[SeatSpec]:
    """Who sits where, as the window names them: the person here, the other remote players, the AI seats."""
    specs = []
    for i, agent in enumerate(agents):
        if i == seat:
            specs.append(SeatSpec(you))
        elif agent == REMOTE:
            specs.append(SeatSpec(f"Player {i + 1}", REMOTE))
        else:
            specs.append(ai_seat(i, agent))
    return specs


class RemoteSource:
    """A :class:`~game.ui.source.TableSource` fed by the network (see the module notes)."""

    def __init__(self, link: Any, welcome: dict[str, Any], you: str = "You", log: TextIO | None = None) -> None:
        self.link = link
        #: ``cantina join --log FILE``: the seat and its token, then every event received, one JSON line each
        self.log = log
        self._log_seat(welcome)
        self.seat: int = welcome["seat"]
        self.token: str = welcome["token"]
        self.state = RemoteState(welcome["game"], welcome["seats"], self.seat, welcome["view"])
        self.state.set_turn(welcome.get("turn"))
        self.step: int = welcome["step"]
        self.agents: list[str] = list(welcome["agents"])
        self.seats = seat_specs(self.agents, self.seat, you)
        self.bus = EventBus()
        #: the animations' own randomness (tumbling dice, the lamp): local, never the table's chance
        self.seed = random.SystemRandom().randrange(1, 2**31)
        self.setup: dict[str, Any] = {}  # no "play again" from here: the host sets the next table
        self.pending: int | None = None  # the id of the action sent and not yet answered
        self.checks = 0
        self.mismatches = 0
        self.result: dict[str, Any] | None = None
        #: the window's hooks (game.ui.scenes.network sets them): a refusal, and a line about the table
        self.on_refused: Callable[[IllegalAction], None] | None = None
        self.on_notice: Callable[[str], None] | None = None
        #: the view or the choices changed with no events to play out (a rejoin, play starting): redraw
        self.on_fresh: Callable[[], None] | None = None

    # ------------------------------------------------------------------ who is who
    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat == self.seat

    def is_remote(self, seat: int | None) -> bool:
        """Moved on another machine (or by the server's AI): this window waits for it."""
        return seat is not None and seat != self.seat

    @property
    def humans(self) -> list[int]:
        return [self.seat]

    def name(self, seat: int | None) -> str:
        return "The table" if seat is None else self.seats[seat].name

    # ------------------------------------------------------------------ acting
    def publish_opening(self) -> None:
        """Nothing to play out: the welcome's view already holds the deal."""

    def apply(self, action: Action) -> list[Event]:
        """Send the person's move; its events (or the server's refusal) come back by the link."""
        if self.pending is not None:
            raise IllegalAction("your last move is still on its way", "not_your_turn",
                                {"current_seat": self.seat})
        turn = self.state.turn
        if turn is None or self.state.current_seat != self.seat:
            raise IllegalAction("it is not this seat's turn", "not_your_turn",
                                {"current_seat": self.state.current_seat})
        self.pending = self.link.act(turn["at"], action.to_dict())
        self.state.set_turn(None)  # no buttons until the answer
        return []

    def ask_agent(self, pool: Executor) -> Future[Action | None]:
        raise ValueError("a network table plays no agent in the window: the other seats move elsewhere")

    def apply_agent_choice(self, action: Action | None) -> list[Event]:
        raise ValueError("a network table plays no agent in the window: the other seats move elsewhere")

    # ------------------------------------------------------------------ the frame loop
    def handle(self, msg: dict[str, Any]) -> None:
        """One message from the link, on the frame loop's thread."""
        kind = msg["type"]
        state = self.state
        if kind == "events":
            if msg["events"] and msg["step"] != self.step:
                raise ValueError(f"the table skipped events: expected {self.step}, got {msg['step']}")
            received = []
            for i, ev in enumerate(msg["events"]):
                if self.log is not None:
                    self.log.write(json.dumps({"step": msg["step"] + i, "event": ev}) + "\n")
                state.fold(ev)
                data = {k: v for k, v in ev.items() if k not in ("kind", "seat")}
                received.append(Event(ev["kind"], ev.get("seat"), data))
            self.step = msg["step"] + len(msg["events"])
            if self.log is not None and received:
                self.log.flush()
            if (msg.get("ack") is not None and msg["ack"] == self.pending) or msg["events"]:
                self.pending = None
            state.set_turn(msg.get("turn"))
            if received:
                self.bus.publish(received)
            elif self.on_fresh is not None:  # the choices alone changed (play has started): new buttons
                self.on_fresh()
        elif kind == "refused":
            if msg["id"] == self.pending:
                self.pending = None
            state.set_turn(msg.get("turn"))
            if self.on_refused is not None:
                self.on_refused(IllegalAction(msg["message"], msg["code"], msg["params"]))
        elif kind == "check":
            self.checks += 1
            if digest(state.view()) != msg["digest"]:
                self.mismatches += 1
                log.warning("seat %d: the folded view differs from the server's at step %d", self.seat, msg["step"])
        elif kind == "welcome":  # back after a drop: a fresh view, the events missed are in it
            self.step, self.token, self.pending = msg["step"], msg["token"], None
            self._log_seat(msg)
            state.reset(msg["view"], msg.get("turn"))
            self._notice("Back at the table.")
            if self.on_fresh is not None:
                self.on_fresh()
        elif kind == "seat":
            who = self.name(msg["seat"])
            if msg["seat"] == self.seat:  # the server's stand-in took this seat's turn: the person was too slow
                words = {"stand_in": "Time ran out: an AI played your turn for you.",
                         "back": "Your seat is yours again."}
            else:
                words = {"away": f"{who} has lost the connection.",
                         "stand_in": f"{who} is slow or away: an AI plays for them until they return.",
                         "back": f"{who} is back."}
            self._notice(words.get(msg["status"], f"{who}: {msg['status']}."))
        elif kind == "over":
            self.result = msg["result"]
            state.over = True
        elif kind == "lost":
            self._notice(f"The connection dropped: rejoining (try {msg['attempt']})…")
        elif kind in ("failed", "error"):
            self._notice(f"Network: {msg['message']}")

    def _log_seat(self, welcome: dict[str, Any]) -> None:
        if self.log is not None:
            self.log.write(json.dumps({"seat": welcome["seat"], "token": welcome["token"]}) + "\n")
            self.log.flush()

    def _notice(self, text: str) -> None:
        if self.on_notice is not None:
            self.on_notice(text)
