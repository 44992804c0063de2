"""A table session as the UI holds it: the engine state, who sits where (people or agents), and the bus.

The UI changes the game only through :meth:`TableSession.apply`, which applies an action and publishes the
events it returned; tables, the log and the sound all listen on the bus.
"""

from __future__ import annotations

import logging
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any

from game.ai import AGENTS, RandomAgent, make_agent
from game.ai.seeds import agent_seed, new_secret
from game.engine import GAMES, create
from game.engine.core import Action, Event, IllegalAction, State
from game.events import EventBus

log = logging.getLogger("cantina.session")

#: the cantina regulars who take AI seats, with the pronoun the log uses for them
AI_NAMES: tuple[tuple[str, str], ...] = (
    ("Vexa", "her"), ("Grell", "his"), ("Oona", "her"), ("Kessick", "his"), ("Bix", "their"),
    ("Marn", "her"), ("Tobbo", "his"), ("Lyss", "her"),
)


@dataclass
class SeatSpec:
    """One seat: a person (``agent`` None) or an agent by name."""

    name: str
    agent: str | None = None
    pronoun: str = "their"

    @property
    def human(self) -> bool:
        return self.agent is None


def ai_seat(index: int, agent: str = "random") -> SeatSpec:
    name, pronoun = AI_NAMES[index % len(AI_NAMES)]
    return SeatSpec(name, agent, pronoun)


class TableSession:
    """The engine state plus seats, agents and the bus; the only path from the UI to ``state.apply``. A quick
    table's :class:`~game.ui.source.TableSource`."""

    def __init__(self, state: State, seats: list[SeatSpec], seed: int = 0, bus: EventBus | None = None,
                 setup: dict[str, Any] | None = None, secret: bytes | None = None) -> None:
        if len(seats) != state.n:
            raise ValueError(f"{len(seats)} seat descriptions for a table of {state.n}")
        self.state = state
        self.seats = seats
        self.seed = seed
        self.bus = bus or EventBus()
        self.setup = setup or {}
        #: the key of the agents' seeds: a fresh random one unless given (a quick table is never saved, so
        #: nothing needs to replay), so no agent can work out the table's seed from its own (game.ai.seeds)
        self.secret = new_secret() if secret is None else secret
        self.agents: dict[int, Any] = {}
        for i, spec in enumerate(seats):
            if spec.agent is not None:
                agent_s = agent_seed(self.secret, "seat", i)
                try:
                    self.agents[i] = make_agent(spec.agent, state.game_id, agent_s)
                except ValueError:
                    # a game the agent registry does not know (a test's fake game): play it at random
                    self.agents[i] = RandomAgent(state.game_id, agent_s)
        self.opening_published = False

    @classmethod
    def new(cls, game_id: str, seats: list[SeatSpec], seed: int = 0, options: dict[str, Any] | None = None,
            secret: bytes | None = None) -> TableSession:
        state = create(game_id, seats=len(seats), seed=seed, options=options)
        setup = {"game": game_id, "seats": seats, "seed": seed, "options": dict(options or {})}
        return cls(state, seats, seed, setup=setup, secret=secret)

    # ------------------------------------------------------------------ who is who
    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].human

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "The table"
        return self.seats[seat].name

    # ------------------------------------------------------------------ acting
    def publish_opening(self) -> None:
        if not self.opening_published:
            self.opening_published = True
            self.bus.publish(list(getattr(self.state, "opening_events", [])))

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` for the current seat and publish its events. IllegalAction propagates unchanged."""
        events = self.state.apply(action)
        self.bus.publish(events)
        return events

    def ask_agent(self, pool: Executor) -> Future[Action | None]:
        """Start the current AI seat's decision on a worker thread (the frame loop never waits for it).

        The view and legal actions are computed here, on the main thread, so the agent never touches the
        live state while the UI reads it.
        """
        seat = self.state.current_seat
        if seat is None or seat not in self.agents:
            raise ValueError("the current seat is not an AI seat")
        view = self.state.view(seat)
        legal = self.state.legal_actions()
        agent = self.agents[seat]
        return pool.submit(agent_choice, agent, view, legal)

    def apply_agent_choice(self, action: Action | None) -> list[Event]:
        """Apply an agent's choice; an illegal or failed one is logged and the first legal action taken."""
        legal = self.state.legal_actions()
        if action is None or self.state.check(action) is not None:
            log.warning("agent for seat %s chose %r, which is not legal; taking %r", self.state.current_seat,
                        action, legal[0])
            action = legal[0]
        try:
            return self.apply(action)
        except IllegalAction:
            return self.apply(legal[0])


def agent_choice(agent: Any, view: dict[str, Any], legal: list[Action]) -> Action | None:
    """``agent``'s choice, or None when it fails (run on a worker: an agent bug must not take the table down;
    the source plays the first legal action instead)."""
    try:
        return agent.choose(view, legal)
    except Exception:  # an agent bug must not take the table down
        log.exception("agent failed")
        return None


def agent_names() -> list[str]:
    return sorted(AGENTS)


def game_ids() -> list[str]:
    return list(GAMES)
