"""A campaign sitting as a table source: the protocol every table drives (:class:`game.ui.source.TableSource`).

Why a source and not a second table: the tables (``game/ui/tables``) read what they drive through one small
surface, documented in :mod:`game.ui.source`. This class offers it over the campaign's
:class:`~game.campaign.table.TableSession`, so the very same table class plays a quick table and a campaign
sitting. The difference is where moves go: through :meth:`Campaign.act` and :meth:`Campaign.play_ai`, so the
campaign's bookkeeping (journal numbers, hand ends, agents rebuilt from the save) sees every move, and a
finished hand is saved at once.

AI pacing: the table asks for a decision on the worker thread (``ask_agent``) as it does at a quick table; the
choice is then played through :meth:`Campaign.play_ai`, which takes the decision already made, so the
regular's own agent is consulted exactly once per move and the campaign's books stay its own.
"""

from __future__ import annotations

from concurrent.futures import Executor, Future
from typing import TYPE_CHECKING, Any

from game.campaign import saves
from game.campaign.table import HUMAN_SEAT, Banter
from game.engine.core import Action, Event
from game.events import EventBus
from game.ui.campaign.regular_life import winners
from game.ui.session import SeatSpec, agent_choice

if TYPE_CHECKING:
    from game.ui.campaign.play import CampaignPlay



class PlayerAtTable:
    """Who sits where, as the tables ask it of a campaign session, live or replayed: the player alone is a person
    (seat ``HUMAN_SEAT``), the regulars are not; the hand's opening events are published once."""

    seats: list[SeatSpec]
    bus: EventBus
    opening_published: bool

    def is_human(self, seat: int | None) -> bool:
        return seat == HUMAN_SEAT

    @property
    def humans(self) -> list[int]:
        return [HUMAN_SEAT]

    def name(self, seat: int | None) -> str:
        return "The table" if seat is None else self.seats[seat].name

    def opening_events(self) -> list[Event]:
        """The events that open the game, for the table to play out as it opens."""
        raise NotImplementedError

    def publish_opening(self) -> None:
        if not self.opening_published:
            self.opening_published = True
            self.bus.publish(self.opening_events())


class CampaignSitting(PlayerAtTable):
    """The table source over the campaign's live table (the player is seat 0)."""

    def __init__(self, play: CampaignPlay, resumed: bool = False) -> None:
        session = play.campaign.session
        if session is None:
            raise ValueError("the campaign is not sitting at a table")
        self.play = play
        self.cs = session
        self.state = session.state
        self.resumed = resumed
        self.seats = [SeatSpec(play.campaign.name)]
        self.seats += [SeatSpec(r.name, r.ai, "their") for r in session.regulars]
        self.seed = session.seed
        self.bus = EventBus()
        self.setup: dict[str, Any] = {}
        self.opening_published = resumed  # a resumed game is drawn as it stands, not dealt again
        self._lines: dict[int, list[Banter]] = {}

    # ------------------------------------------------------------------ acting
    def opening_events(self) -> list[Event]:
        return list(getattr(self.state, "opening_events", []))

    def apply(self, action: Action) -> list[Event]:
        """The player's move, through the campaign (IllegalAction propagates, nothing changes)."""
        events = self.play.campaign.act(action)
        self._after(events)
        return events

    def ask_agent(self, pool: Executor) -> Future[Action | None]:
        seat = self.state.current_seat
        if seat is None or seat == HUMAN_SEAT:
            raise ValueError("the current seat is not a regular's")
        agent = self.cs.agents[seat]
        return pool.submit(agent_choice, agent, self.state.view(seat), self.state.legal_actions())

    def apply_agent_choice(self, action: Action | None) -> list[Event]:
        """Play the regular's decision through ``Campaign.play_ai`` (None or an illegal one falls back to the
        first legal action, logged there)."""
        step = self.play.campaign.play_ai(action)
        self._after(step.events)
        return step.events

    def _after(self, events: list[Event]) -> None:
        """Banter for a finished hand (kept for the table's bubbles), publish, then save the hand."""
        finished = saves.hand_finished(events)
        self.play.hand_winners += winners(events, self.cs.regulars)
        if finished:
            last = [e for e in events if e.kind == "round_over"][-1]
            lines = self.cs.banter(events)
            if lines:
                self._lines[id(last)] = lines
        self.bus.publish(events)
        self._lines.clear()
        if finished:
            self.play.autosave("hand")

    def lines_for(self, event: Event) -> list[Banter]:
        """The banter a finished hand's ``round_over`` brought (only while its events are being published)."""
        return self._lines.get(id(event), [])
