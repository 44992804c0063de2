"""A sitting at a cantina table: the engine session, the regulars' agents, and the record it leaves behind.

Why separate from the campaign: a :class:`TableSession` is the live, mid-hand part (an engine ``State`` and
one agent per regular) while :class:`~game.campaign.progress.Campaign` holds the books. The session keeps
just enough of its own bookkeeping to settle fairly when the player gets up: the stacks as they stood at the
end of the last hand (so leaving between hands takes back the next hand's ante), the action count at each
hand's end (so a hand can be replayed on its own), and the running pot the player won this hand (for the
journal's "biggest pot").

Agents and saves: a regular's agent carries a generator and a memory of the table (a shark's read of who calls
its raises), neither of which a save holds. A session restored from a save therefore rebuilds its agents, the
first time they are needed, the way they were made at the sitting's start (from the sitting's secret and the
seat), and shows them every decision their seat has made so far, in order, on a replay of the engine from its
seed and actions. A resumed game then plays on exactly as it would have without the save and the reload, and
a save from which nothing was played always plays on the same way. For that, an agent's choice must depend on
nothing but what it was shown: searches with a wall-clock cut (which chooses differently on a busy machine)
are given their full sample budget instead (:func:`reproducible`).

Agent seeds: a regular's agent is seeded with :func:`game.ai.seeds.agent_seed`, keyed with the sitting's
``secret`` (kept in the save), never with a function of the engine's seed that an agent could run backwards
to rebuild the table and know the deck and dice.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.seeds import agent_seed, secret_to_text
from game.campaign.levels import Table
from game.campaign.regulars import Regular
from game.engine.core import MASK64, Action, Event, IllegalAction, Rng, State

log = logging.getLogger("cantina.campaign")

HUMAN_SEAT = 0


def reproducible(agent: Any) -> Any:
    """``agent`` with any wall-clock cut on its searches lifted (the sample budget alone bounds them), so its
    choices depend only on what it is shown and a resumed sitting plays on as it would have (see the module
    notes). The cut exists for slow machines; the table asks regulars on a worker thread, so a search that
    runs a little longer only lengthens a pause the table already shows."""
    budget = getattr(agent, "budget", None)
    if dataclasses.is_dataclass(budget) and getattr(budget, "time_limit", None) is not None:
        agent.budget = dataclasses.replace(budget, time_limit=None)
    return agent


def derive_seed(*parts: int) -> int:
    """A 48-bit seed mixed from integers (splitmix64 over each part): each sitting's engine seed and the
    regulars' table talk. Not for agents: splitmix64 runs backwards, so a seed made here gives its parts away
    (agents get :func:`game.ai.seeds.agent_seed`)."""
    rng = Rng(0x1057_4A4D)
    for p in parts:
        rng.state = (rng.state ^ (p & MASK64)) & MASK64
        rng.next64()
    return rng.next64() >> 16


@dataclass(frozen=True)
class Banter:
    """A line a regular says at the table (the UI shows it in a speech bubble near ``seat``)."""

    seat: int
    regular: str
    name: str
    situation: str
    line: str


@dataclass(frozen=True)
class AiStep:
    seat: int
    action: Action
    events: list[Event]


class TableSession:
    """The table the player sits at. The human is seat 0; every other seat is a regular's agent."""

    def __init__(
        self,
        *,
        level_id: str,
        table: Table,
        regulars: Sequence[Regular],
        buy_in: int,
        number: int,
        seed: int,
        secret: bytes,
        state: State,
        hand_ends: Sequence[int] = (),
        settled: Sequence[int] | None = None,
        hand_pot: int = 0,
        hand_pot_seen: bool = False,
        dealt_in: bool = True,
    ) -> None:
        self.level_id = level_id
        self.table = table
        self.regulars: tuple[Regular, ...] = tuple(regulars)  # seat i+1 is regulars[i]
        self.buy_in = buy_in
        self.number = number
        self.seed = seed
        #: the key of the regulars' agent seeds (see the module notes); kept in the save
        self.secret = secret
        self.state = state
        self.hand_ends: list[int] = list(hand_ends)
        self.settled: list[int] = list(settled) if settled is not None else [buy_in] * state.n
        self.hand_pot = hand_pot
        self.hand_pot_seen = hand_pot_seen
        #: the player has seen the hand now being played (dealt on sitting down; after a hand ends, once they
        #: choose to play on): from then on getting up leaves the ante in the pot. The engine deals the next
        #: hand as the last one ends, so without this "get up for free" would be "look first, then decide".
        self.dealt_in = dealt_in
        self.actions_played = len(state.actions)
        # a fresh sitting makes its agents now; a restored one when they are first needed (see the module notes)
        self._agents: dict[int, Any] | None = self._make_agents() if not self.actions_played else None

    @property
    def agents(self) -> dict[int, Any]:
        """The regulars' agents by seat, as they stand after every move played so far."""
        if self._agents is None:
            self._agents = self._caught_up_agents()
        return self._agents

    def _make_agents(self) -> dict[int, Any]:
        """The agents as they sit down: seeded from the sitting's secret and the seat only."""
        from game.ai import make_agent

        return {
            seat: reproducible(make_agent(reg.ai, self.state.game_id, self.agent_seed(seat)))
            for seat, reg in enumerate(self.regulars, start=1)
        }

    def agent_seed(self, seat: int, role: str = "regular") -> int:
        """The seed of the agent playing ``seat`` (``role`` "regular", or "player" for a stand-in for the
        player, as the balance bench's autopilot): keyed with the sitting's secret, so it says nothing about the
        engine's seed."""
        return agent_seed(self.secret, role, seat)

    def _caught_up_agents(self) -> dict[int, Any]:
        """Agents that have seen what the originals saw: fresh ones, shown each of their seat's decisions of
        the game so far (the engine replayed from its seed and actions). Their choices are discarded: the
        recorded action is played, so an agent that chose differently then (a save from an older version)
        cannot change the game, only its own memory."""
        from game.engine import create

        agents = self._make_agents()
        replay = create(self.state.game_id, seats=self.state.n, seed=self.state.seed, options=self.state.options)
        for action in self.state.actions:
            seat = replay.current_seat
            agent = agents.get(seat) if seat is not None else None
            if agent is not None:
                try:
                    agent.choose(replay.view(seat), replay.legal_actions())
                except Exception:  # an agent bug must not keep a save from loading (apply_ai falls back too)
                    log.exception("agent %s at seat %d failed while catching up", getattr(agent, "name", "?"), seat)
            replay.apply(action)
        return agents

    # ------------------------------------------------------------------------------------ questions
    @property
    def game_id(self) -> str:
        return self.state.game_id

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def human_turn(self) -> bool:
        return self.state.current_seat == HUMAN_SEAT

    @property
    def between_hands(self) -> bool:
        """A hand has ended, no one has acted since, and the player has not yet been shown the next one:
        leaving now costs nothing (the next hand's ante comes back)."""
        last = self.hand_ends[-1] if self.hand_ends else 0
        return self.actions_played == last and not self.dealt_in

    def play_on(self) -> None:
        """The player chose to play the next hand (and sees it dealt): getting up now forfeits the ante."""
        self.dealt_in = True

    @property
    def total_chips(self) -> int:
        """Every buy-in at this table: what the ``table`` account holds while the player sits here."""
        return self.buy_in * self.state.n

    @property
    def forfeit(self) -> int:
        """Chips the player would leave in the pot by getting up now (0 between hands or once it is over)."""
        if self.is_over or self.between_hands:
            return 0
        return max(0, self.settled[HUMAN_SEAT] - self.state.stacks[HUMAN_SEAT])

    def regular_at(self, seat: int) -> Regular | None:
        return self.regulars[seat - 1] if 1 <= seat <= len(self.regulars) else None

    def view(self) -> dict[str, Any]:
        """What the player may see (the only thing the table UI reads)."""
        return self.state.view(HUMAN_SEAT)

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions() if self.human_turn else []

    # ---------------------------------------------------------------------------------------- moves
    def apply_human(self, action: Action) -> list[Event]:
        if self.is_over:
            raise IllegalAction("the session is over: leave the table", "session_over")
        if not self.human_turn:
            raise IllegalAction(
                f"it is seat {self.state.current_seat}'s turn, not yours", "not_your_turn",
                {"seat": HUMAN_SEAT, "current_seat": self.state.current_seat},
            )
        events = self.state.apply(action, HUMAN_SEAT)
        self.actions_played += 1
        return events

    def apply_ai(self) -> AiStep:
        """The regular to act chooses (here, on the caller's thread) and its choice is played."""
        seat = self._ai_seat()
        return self.apply_ai_choice(self.agents[seat].choose(self.state.view(seat), self.state.legal_actions()))

    def apply_ai_choice(self, action: Action | None) -> AiStep:
        """Play the acting regular's choice, already made by its agent elsewhere (the table asks it on a worker
        thread, so the agent is consulted once per move): None (the agent failed) or an illegal choice is
        logged and the first legal action played instead."""
        seat = self._ai_seat()
        legal = self.state.legal_actions()
        if action is None:
            log.warning("agent %s at seat %d chose nothing; playing %r", self.agents[seat].name, seat, legal[0])
            action = legal[0]
        try:
            events = self.state.apply(action, seat)
        except IllegalAction as exc:  # an agent bug must not wreck a campaign: take the first legal choice
            log.warning("agent %s at seat %d chose %r illegally (%s); playing %r", self.agents[seat].name, seat,
                        action, exc, legal[0])
            action = legal[0]
            events = self.state.apply(action, seat)
        self.actions_played += 1
        return AiStep(seat, action, events)

    def _ai_seat(self) -> int:
        """The regular's seat now to act (an IllegalAction when nobody is, or the player is)."""
        seat = self.state.current_seat
        if seat is None:
            raise IllegalAction("the session is over: no one is to act", "session_over")
        if seat == HUMAN_SEAT:
            raise IllegalAction("it is your turn, not an AI seat's", "not_your_turn", {"current_seat": seat})
        return seat

    # ---------------------------------------------------------------------------------------- talk
    def banter(self, events: Sequence[Event]) -> list[Banter]:
        """Lines for the hand that just ended in ``events``: the winning regular gloats (or, if no one
        contested the pot, brags of the bluff) and one losing regular grumbles. Deterministic for a save."""
        out: list[Banter] = []
        pick = Rng(derive_seed(self.seed, 0xBA7, self.actions_played))
        for e in events:
            if e.kind != "round_over":
                continue
            winners = [w for w in e.data.get("winners", ()) if isinstance(w, int)]
            showdown = bool(e.data.get("showdown", True))
            for w in winners:
                reg = self.regular_at(w)
                if reg is not None:
                    situation = "win" if showdown or len(winners) > 1 else "bluff"
                    self._say(out, w, reg, situation, pick)
                    break
            losers = [s for s in range(1, self.state.n) if s not in winners]
            if losers and winners:
                seat = losers[pick.below(len(losers))]
                reg = self.regular_at(seat)
                if reg is not None:
                    self._say(out, seat, reg, "lose", pick)
        return out

    def greeting(self) -> Banter | None:
        """A regular's hello when the player sits down (the first one who has a greeting)."""
        pick = Rng(derive_seed(self.seed, 0x6EE7))
        for seat, reg in enumerate(self.regulars, start=1):
            if reg.lines.get("greet"):
                out: list[Banter] = []
                self._say(out, seat, reg, "greet", pick)
                return out[0]
        return None

    @staticmethod
    def _say(out: list[Banter], seat: int, reg: Regular, situation: str, pick: Rng) -> None:
        options = reg.lines.get(situation)
        if options:
            out.append(Banter(seat, reg.id, reg.name, situation, options[pick.below(len(options))]))

    # ------------------------------------------------------------------------------------- saving
    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level_id,
            "table": self.table.name,
            "number": self.number,
            "seed": self.seed,
            "secret": secret_to_text(self.secret),
            "buy_in": self.buy_in,
            "seats": [None, *(r.id for r in self.regulars)],
            "engine": self.state.to_json(),
            "hand_ends": list(self.hand_ends),
            "dealt_in": self.dealt_in,
            "settled": list(self.settled),
            "hand_pot": self.hand_pot,
            "hand_pot_seen": self.hand_pot_seen,
        }


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: ``action`` by ``seat`` (None for the opening events), its events, the state
    after it (the same object each step: clone it to keep it)."""

    index: int
    seat: int | None
    action: Action | None
    events: list[Event]
    state: State


@dataclass(frozen=True)
class SessionRecord:
    """A finished sitting, kept for the journal and for replays: the engine save (seed, options, every
    action) plus who sat where and how it ended."""

    id: int
    level: str
    table: str
    game: str
    seats: tuple[str | None, ...]
    buy_in: int
    engine: str
    hand_ends: tuple[int, ...]
    cash_out: int
    completed: bool
    beaten: tuple[str, ...]

    @property
    def hands(self) -> int:
        return len(self.hand_ends)

    def replay(self, hand: int | None = None) -> Iterator[ReplayStep]:
        """Replay the whole sitting, or only hand ``hand`` (0-based): steps before it are played silently.

        The engine re-creates every die and card from the seed, so the replay is the game as it was."""
        import json

        from game.engine import create

        data = json.loads(self.engine)
        state = create(data["game"], data["seats"], data["seed"], data["options"])
        actions = [Action.from_dict(a) for a in data["actions"]]
        bounds = [0, *self.hand_ends]
        if len(actions) > bounds[-1]:  # an unfinished last hand (the player got up mid-hand)
            bounds.append(len(actions))
        if hand is None:
            start, stop = 0, len(actions)
        elif 0 <= hand < len(bounds) - 1:
            start, stop = bounds[hand], bounds[hand + 1]
        else:
            raise IndexError(f"this sitting has {len(bounds) - 1} hands, not a hand {hand}")
        if start == 0:
            yield ReplayStep(0, None, None, list(state.opening_events), state)
        for i, action in enumerate(actions[:stop]):
            seat = state.current_seat
            events = state.apply(action)
            if i + 1 == start:  # the action that ended the previous hand also opened this one
                opening = [e for k, e in enumerate(events) if any(x.kind == "round_over" for x in events[:k])]
                yield ReplayStep(start, None, None, opening, state)
            elif i >= start:
                yield ReplayStep(i + 1, seat, action, events, state)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "level": self.level,
            "table": self.table,
            "game": self.game,
            "seats": list(self.seats),
            "buy_in": self.buy_in,
            "engine": self.engine,
            "hand_ends": list(self.hand_ends),
            "cash_out": self.cash_out,
            "completed": self.completed,
            "beaten": list(self.beaten),
        }
