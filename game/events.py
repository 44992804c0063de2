"""The event bus: typed, ordered, synchronous publish/subscribe between the engine's caller and listeners.

The engine does not know the bus: whoever applies an action publishes the events it returned. Listeners
subscribe to an event ``kind`` (or to every kind with ``"*"``) and are called in subscription order, each
event in the order published, before ``publish`` returns. A listener that publishes while being called
queues its events behind the current ones, so every listener sees one global order. No pygame here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from game.engine.core import Event

Listener = Callable[[Event], None]
ANY = "*"


@dataclass
class Subscription:
    """A handle that removes its listener when cancelled (scenes cancel theirs when popped)."""

    bus: EventBus
    kind: str
    listener: Listener
    seq: int = 0
    active: bool = True

    def cancel(self) -> None:
        if self.active:
            self.bus._remove(self)
            self.active = False


@dataclass
class EventBus:
    """Synchronous, ordered publish/subscribe for engine events."""

    _subs: dict[str, list[Subscription]] = field(default_factory=dict)
    _queue: deque[Event] = field(default_factory=deque)
    _publishing: bool = False
    _seq: int = 0
    published: int = 0

    def subscribe(self, kind: str, listener: Listener) -> Subscription:
        """Call ``listener(event)`` for every event of ``kind`` (``"*"``: every event)."""
        if not isinstance(kind, str) or not kind:
            raise ValueError("subscribe needs an event kind, or '*' for every event")
        if not callable(listener):
            raise TypeError("a listener must be callable")
        self._seq += 1
        sub = Subscription(self, kind, listener, self._seq)
        self._subs.setdefault(kind, []).append(sub)
        return sub

    def _remove(self, sub: Subscription) -> None:
        subs = self._subs.get(sub.kind, [])
        if sub in subs:
            subs.remove(sub)

    def publish(self, events: Event | Iterable[Event]) -> None:
        """Deliver ``events`` in order to every matching listener, in subscription order."""
        if isinstance(events, Event):
            events = (events,)
        for e in events:
            if not isinstance(e, Event):
                raise TypeError(f"the bus carries engine Events, not {type(e).__name__}")
            self._queue.append(e)
        if self._publishing:
            return  # a listener published: the outer loop delivers these after the current event
        self._publishing = True
        try:
            while self._queue:
                event = self._queue.popleft()
                self.published += 1
                targets = self._subs.get(event.kind, []) + self._subs.get(ANY, [])
                for sub in sorted(targets, key=_by_seq):
                    if sub.active:
                        sub.listener(event)
        finally:
            self._publishing = False
            self._queue.clear()


def _by_seq(sub: Subscription) -> int:
    """Listeners run in the order they subscribed, whether to one kind or to every kind."""
    return sub.seq
