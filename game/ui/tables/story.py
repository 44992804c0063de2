"""The story player: the table's events told as beats, one at a time. Imports no pygame.

Why a part of its own: what the table shows *when* is a small clock that had grown into the base table. An
event from the bus becomes the beats its table gives it (``beats_for``); the player starts them in order, and
at a beat's start it folds the beat's event into the picture (the table's ``fold``, the engine's
``reduce_view``), runs its start, says it in the log once its dice have landed (``say_at``: the tumbles the
beat started, so the header never reads "it lands Tukar" while the die still spins), tells its listeners (the
sound), and calls the table's ``on_beat_started``. A beat ends when its time is up, on a skip, or (the hold
after a round's end) on a click. The table keeps the pictures; this keeps the order and the clock.

The table it plays for is any object with the hooks of :class:`Storyteller`; a test can hand it a plain one.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Protocol

from game.engine.core import Event
from game.ui.anim import Anim, Beat

#: the most beats one frame may start and end (beats of no length follow each other within a frame)
BEATS_PER_FRAME = 200


class Storyteller(Protocol):
    """What the story player asks of the table it plays for (:class:`game.ui.tables.base.BaseTable`)."""

    anims: list[Anim]

    def beats_for(self, ev: Event) -> list[Beat]: ...

    def hold_seconds(self, ev: Event) -> float | None: ...

    def fold(self, ev: Event) -> None: ...

    def dur(self, seconds: float) -> float: ...

    def add_log(self, ev: Event | None, text: str = "") -> None: ...

    def on_beat_started(self, beat: Beat) -> None: ...

    def on_beat_ended(self) -> None: ...

    def start_hold(self) -> None: ...

    def end_hold(self) -> None: ...


def landing_time(started: Sequence[Anim]) -> float:
    """Seconds until the last die or cube among ``started`` lands (0: nothing thrown, say it at once)."""
    return max((a.delay + a.duration for a in started if a.lands), default=0.0)


class StoryPlayer:
    """The queue of beats and the one playing now, for ``table``; ``listeners`` hear each beat as it starts;
    ``report`` says a table's bug (an event it could not animate) without stopping the game."""

    def __init__(self, table: Storyteller, report: Callable[[str], None]) -> None:
        self.table = table
        self.report = report
        self.beats: deque[Beat] = deque()
        self.beat: Beat | None = None
        #: the pause after a round's end: the next deal waits for a click, Space or Enter (or the AI's seconds)
        self.holding = False
        self.listeners: list[Callable[[Beat], None]] = []

    # ------------------------------------------------------------------ telling
    def tell(self, ev: Event) -> None:
        """Queue the beats of ``ev`` (and the hold after a round's end). Every event gets at least one beat, so
        every event is folded into the picture, animated or not; a table that fails to animate one is reported
        and the event still folds."""
        try:
            beats = self.table.beats_for(ev)
        except Exception as exc:  # a drawing bug must not stop the game
            self.report(f"cannot animate {ev.kind}: {exc}")
            beats = [Beat(0.0, event=ev)]
        if not beats:
            beats = [Beat(0.0, event=ev)]
        if beats[0].event is None:
            beats[0].event = ev
        self.beats.extend(beats)
        if ev.kind == "round_over":
            hold = self.table.hold_seconds(ev)
            if hold is not None:
                self.beats.append(Beat(hold, self._start_hold, self._end_hold))

    def idle(self) -> bool:
        """No beat playing and none queued."""
        return self.beat is None and not self.beats

    # ------------------------------------------------------------------ the clock
    def play(self, dt: float) -> None:
        """Advance the story by ``dt`` seconds: the beat playing, then as many beats as end within the frame
        (beats of no length start and end at once; the time goes to the first beat only)."""
        for _ in range(BEATS_PER_FRAME):
            if self.beat is None:
                if not self.beats:
                    return
                self.start(self.beats.popleft())
            b = self.beat
            assert b is not None
            b.elapsed += dt
            dt = 0.0
            self.say(b)
            if b.elapsed < b.duration:
                return
            self.end()

    def start(self, beat: Beat) -> None:
        """Start ``beat``: its length at the speed setting, its event folded in, its start run, its words timed
        to when its dice land, its listeners told, then the table's ``on_beat_started``."""
        t = self.table
        self.beat = beat
        beat.started = True
        beat.duration = t.dur(beat.duration)
        if beat.event is not None:
            t.fold(beat.event)
        before = len(t.anims)
        if beat.start is not None:
            beat.start()
        beat.say_at = landing_time(t.anims[before:])
        self.say(beat)
        for hear in self.listeners:
            hear(beat)
        t.on_beat_started(beat)

    def say(self, beat: Beat, now: bool = False) -> None:
        """Put the beat's event in the log (and so the header) once its moment has come, or ``now``."""
        if beat.event is not None and not beat.said and (now or beat.elapsed >= beat.say_at):
            beat.said = True
            self.table.add_log(beat.event)

    def end(self) -> None:
        """End the beat playing (its time is up, or it was skipped): said if it was not yet, its end run."""
        beat, self.beat = self.beat, None
        if beat is not None:
            self.say(beat, now=True)
            if beat.end is not None:
                beat.end()
        self.table.on_beat_ended()

    def skip(self) -> None:
        """A click or Space: the beat playing ends now (the table finishes its animations)."""
        if self.beat is not None:
            self.end()

    # ------------------------------------------------------------------ the hold after a round's end
    def _start_hold(self) -> None:
        self.holding = True
        self.table.start_hold()

    def _end_hold(self) -> None:
        self.holding = False
        self.table.end_hold()

    def release(self) -> bool:
        """Go on from the hold after a round's end (a click, Space or Enter); False when not holding."""
        if self.holding and self.beat is not None and self.beat.end == self._end_hold:
            self.end()
            return True
        return False

