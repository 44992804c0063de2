"""A finished hand played again on its own table, from the sitting's seed and actions.

Why on the real table: the engine re-creates every die and card from the seed (``SessionRecord.replay``), so
feeding its steps through the same table class shows the hand exactly as it was, with the same animations,
log lines and the player's own hidden pieces. Nobody acts: the replay steps on its own at a readable pace,
or one step at a time while paused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from typing import TYPE_CHECKING, Any

import pygame

from game.campaign.table import ReplayStep, SessionRecord
from game.engine.core import Action, Event, IllegalAction
from game.events import EventBus
from game.ui.campaign.sitting import PlayerAtTable
from game.ui.input import Input
from game.ui.session import SeatSpec
from game.ui.tables import table_for
from game.ui.tables.base import ActionSpec, BaseTable

if TYPE_CHECKING:
    from game.ui.app import App


class ReplaySession(PlayerAtTable):
    """The table source over a replay: the steps come from the record, never from anyone's choice. It knows
    how many ``hands`` the record holds and how to open another (``open_hand``, the journal's), for the
    table's Again, Previous and Next buttons."""

    def __init__(self, record: SessionRecord, hand: int, names: list[str], hands: int = 1,
                 open_hand: Callable[[int], None] | None = None) -> None:
        self.record = record
        self.hand = hand
        self.hands = hands
        self.open_hand: Callable[[int], None] = open_hand or (lambda k: None)
        self.steps: Iterator[ReplayStep] = record.replay(hand=hand)
        first = next(self.steps)
        self.state = first.state
        self.opening: list[Event] = list(first.events)
        self.seats = [SeatSpec(n) for n in names]
        self.seed = record.id
        self.bus = EventBus()
        self.setup: dict[str, Any] = {}
        self.opening_published = False
        self.done = False
        self.start_stacks = _stacks_before(record, hand)

    def opening_events(self) -> list[Event]:
        return self.opening

    def step(self) -> bool:
        """Play the next recorded action (False when the hand is over)."""
        if self.done:
            return False
        try:
            st = next(self.steps)
        except StopIteration:
            self.done = True
            return False
        self.bus.publish(st.events)
        return True

    def apply(self, action: Action) -> list[Event]:
        raise IllegalAction("this is a replay: nobody acts", "session_over")

    def ask_agent(self, pool: Executor) -> Future[Action | None]:
        raise ValueError("a replay asks no agent: its moves are recorded (step plays the next one)")

    def apply_agent_choice(self, action: Action | None) -> list[Event]:
        raise IllegalAction("this is a replay: nobody acts", "session_over")


def _stacks_before(record: SessionRecord, hand: int) -> list[int] | None:
    """The stacks as the hand began (the previous hand's end), for the table's opening picture."""
    if hand == 0:
        return None
    last: ReplayStep | None = None
    for last in record.replay(hand=hand - 1):  # noqa: B007 (the last step is wanted)
        pass
    if last is None:
        return None
    for e in last.events:
        if e.kind == "round_over" and isinstance(e.data.get("stacks"), list):
            return list(e.data["stacks"])
    return None


class ReplayTableMixin:
    """Put before a BaseTable subclass: the table plays back a recorded hand."""

    REPLAY_PACE = 0.9  # seconds between steps at speed 1

    def __init__(self, app: App, session: ReplaySession) -> None:
        super().__init__(app, session)
        self.add_log(None, f"Replay of sitting {session.record.id}, hand {session.hand + 1} of {session.hands}.")

    def setup(self) -> None:
        """The replay's own fields (the base table calls this before its first hook)."""
        super().setup()  # (a mixin: the table it is put before has it)
        session: ReplaySession = self.session
        self.replay_session = session
        self.replay_open_hand = session.open_hand  # open another hand of the same sitting
        self.replay_hands = session.hands
        self.replay_playing = True
        self.replay_wait = 0.0

    def opening_view(self) -> dict[str, Any]:
        v = self.reset_round(self.state.view(self.eyes))
        if self.replay_session.start_stacks is not None:
            v["stacks"] = list(self.replay_session.start_stacks)
        else:
            stack = v.get("options", {}).get("stack")
            if isinstance(stack, int):
                v["stacks"] = [stack] * self.n
        return v

    def my_turn(self) -> bool:
        return False

    def hold_seconds(self, ev: Event) -> float | None:
        return None  # the replay paces itself (and pauses on Space); its hand's result stays on the felt

    def status_line(self) -> str:
        if not self.synced:
            return super().status_line()
        if self.replay_session.done:
            return "End of the hand"
        return "Replay paused" if not self.replay_playing else "Replay"

    def bar_heading(self) -> str:
        r = self.replay_session
        head = f"REPLAY  ·  sitting {r.record.id}  ·  hand {r.hand + 1} of {self.replay_hands}"
        if r.done:
            return head + "  ·  the hand is over"
        return head + ("  ·  paused: Space steps" if not self.replay_playing else "")

    def drive_turn(self) -> None:
        if self.replay_session.done or not self.replay_playing:
            return
        self.replay_wait += self._frame_dt
        if self.replay_wait >= self.dur(self.REPLAY_PACE):
            self.replay_wait = 0.0
            if not self.replay_session.step():
                self.rebuild_actions()

    def busy(self) -> bool:
        return (self.replay_playing and not self.replay_session.done) or super().busy()

    # ------------------------------------------------------------------ controls
    def replay_toggle(self) -> None:
        self.replay_playing = not self.replay_playing
        self.replay_wait = 0.0
        self.rebuild_actions()

    def replay_step(self) -> None:
        if self.settled() and not self.replay_session.done:
            self.replay_playing = False
            self.replay_session.step()
        else:
            self.skip()
        self.rebuild_actions()

    def replay_back(self) -> None:
        self.close()
        if self.app.stack.top is self:
            self.app.pop()

    def rebuild_actions(self) -> None:
        r = self.replay_session
        specs = [
            (ActionSpec("Pause" if self.replay_playing and not r.done else "Play", "Play or pause the replay",
                        pygame.K_p, "P", primary=True, enabled=not r.done), self.replay_toggle),
            (ActionSpec("Step", "One action at a time (Space)", pygame.K_SPACE, "Spc", enabled=not r.done),
             self.replay_step),
            (ActionSpec("Again", "This hand from the start", pygame.K_a, "A"), lambda: self.replay_open_hand(r.hand)),
            (ActionSpec("Prev hand", "The hand before", pygame.K_b, "B", enabled=r.hand > 0),
             lambda: self.replay_open_hand(r.hand - 1)),
            (ActionSpec("Next hand", "The hand after", pygame.K_n, "N", enabled=r.hand + 1 < self.replay_hands),
             lambda: self.replay_open_hand(r.hand + 1)),
            (ActionSpec("Back", "Back to the journal (Esc)", pygame.K_ESCAPE, "Esc"), self.replay_back),
        ]
        self.own_buttons(specs)

    def handle(self, ev: Input) -> None:
        if ev.kind == "key" and ev.action == "back":
            self.replay_back()
            return
        if ev.kind == "key" and ev.action == "skip":
            self.replay_step()
            return
        super().handle(ev)

    def open_menu(self) -> None:
        self.replay_back()


_classes: dict[type[BaseTable], type[BaseTable]] = {}


def replay_table_class(game_id: str) -> type[BaseTable]:
    """The game's table class with the replay's behaviour mixed in (made once per class)."""
    base = table_for(game_id)
    cls = _classes.get(base)
    if cls is None:
        cls = type(f"Replay{base.__name__}", (ReplayTableMixin, base), {})
        _classes[base] = cls
    return cls


def open_replay(app: App, record: SessionRecord, hand: int, names: list[str]) -> BaseTable:
    """Push a replay of ``record``'s hand ``hand`` (0-based) on its game's table."""
    cls = replay_table_class(record.game)
    hands = max(1, record.hands + (1 if _unfinished(record) else 0))
    hand = max(0, min(hands - 1, hand))

    def other(k: int) -> None:
        top = app.stack.top
        if isinstance(top, BaseTable):
            top.close()
            app.pop()
        open_replay(app, record, k, names)

    table = cls(app, ReplaySession(record, hand, names, hands, other))
    app.push(table)
    return table


def _unfinished(record: SessionRecord) -> bool:
    """Did the player get up mid-hand (a last hand with no end)?"""
    import json

    try:
        n = len(json.loads(record.engine).get("actions", []))
    except (ValueError, AttributeError):
        return False
    return n > (record.hand_ends[-1] if record.hand_ends else 0)
