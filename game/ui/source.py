"""What a table drives: the one protocol every table source implements (pygame-free).

Why a protocol and not a base class: a quick table (:class:`game.ui.session.TableSession`), a campaign sitting
(:class:`game.ui.campaign.sitting.CampaignSitting`), a replay (:class:`game.ui.campaign.replay.ReplaySession`)
and, next, a network table each keep their own books (the campaign's journal and saves, a replay's record, a
server's authority). The table and its turn driver (:mod:`game.ui.driver`) need only this small surface, so
any of them can sit behind the very same table class. ``typing.Protocol`` checks that by shape: nothing has to
inherit from anything.

The surface, and what each part is for:

- ``state``: the engine state the table reads views from (``state.view(seat)``, ``current_seat``, ``is_over``,
  ``legal_actions()``). A table never calls ``state.apply``: every move goes through the source.
- ``seats``: who sits where (:class:`~game.ui.session.SeatSpec`: a name, an agent name or None for a person, a
  pronoun). ``is_human(seat)``, ``humans`` and ``name(seat)`` answer from it.
- ``bus``: the :class:`~game.events.EventBus` the source publishes every move's events on. The table's story,
  its log and its sound listen there, never to the engine.
- ``seed``: for the table's cosmetic randomness (tumbles, the lamp); never a rule.
- ``setup``: how to set the same table again ("play again"); empty when it cannot be (a campaign sitting).
- ``publish_opening()``: publish the events that opened the game, once (the deal the table plays out).
- ``apply(action)``: a person's move. Raises :class:`~game.engine.core.IllegalAction` and changes nothing
  when the engine refuses it; otherwise publishes the events and returns them.
- ``ask_agent(pool)``: start the current AI seat's decision on a worker (the frame loop never waits for an
  agent); the view and legal actions are taken on the caller's thread. The future's result may be None (the
  agent failed).
- ``apply_agent_choice(action)``: play that decision (None or an illegal one falls back to the first legal
  action, logged), publish its events and return them. The agent is consulted once per move, by ``ask_agent``.
"""

from __future__ import annotations

from concurrent.futures import Executor, Future
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from game.engine.core import Action, Event, State
    from game.events import EventBus
    from game.ui.session import SeatSpec


@runtime_checkable
class TableSource(Protocol):
    """What a table drives (see the module notes for each member's contract)."""

    state: State
    seats: list[SeatSpec]
    bus: EventBus
    seed: int
    setup: dict[str, Any]

    def is_human(self, seat: int | None) -> bool: ...

    @property
    def humans(self) -> list[int]: ...

    def name(self, seat: int | None) -> str: ...

    def publish_opening(self) -> None: ...

    def apply(self, action: Action) -> list[Event]: ...

    def ask_agent(self, pool: Executor) -> Future[Action | None]: ...

    def apply_agent_choice(self, action: Action | None) -> list[Event]: ...
