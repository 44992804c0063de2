"""The event bus: ordered, synchronous, typed by event kind, and re-entrant without reordering."""

from __future__ import annotations

import pytest

from game.engine import create
from game.engine.core import Event
from game.events import EventBus


def test_listeners_run_in_subscription_order_for_each_event_in_order() -> None:
    bus = EventBus()
    seen: list[tuple[str, str]] = []
    bus.subscribe("bet", lambda e: seen.append(("bet-1", e.kind)))
    bus.subscribe("*", lambda e: seen.append(("any", e.kind)))
    bus.subscribe("bet", lambda e: seen.append(("bet-2", e.kind)))
    bus.publish([Event("antes"), Event("bet", 1)])
    assert seen == [("any", "antes"), ("bet-1", "bet"), ("any", "bet"), ("bet-2", "bet")]


def test_a_listener_publishing_queues_behind_the_current_event() -> None:
    bus = EventBus()
    order: list[str] = []

    def on_a(e: Event) -> None:
        order.append("a")
        bus.publish(Event("c"))

    bus.subscribe("a", on_a)
    bus.subscribe("*", lambda e: order.append("any-" + e.kind))
    bus.publish([Event("a"), Event("b")])
    assert order == ["a", "any-a", "any-b", "any-c"]


def test_cancelled_subscription_hears_nothing() -> None:
    bus = EventBus()
    heard: list[str] = []
    sub = bus.subscribe("*", lambda e: heard.append(e.kind))
    bus.publish(Event("x"))
    sub.cancel()
    bus.publish(Event("y"))
    assert heard == ["x"]


def test_bus_carries_only_events() -> None:
    bus = EventBus()
    with pytest.raises(TypeError):
        bus.publish(["not an event"])  # type: ignore[list-item]
    with pytest.raises(ValueError):
        bus.subscribe("", print)


def test_engine_events_flow_through_the_bus_unchanged() -> None:
    state = create("hintaro", seats=2, seed=3)
    bus = EventBus()
    got: list[Event] = []
    bus.subscribe("*", got.append)
    bus.publish(state.opening_events)
    events = state.apply(state.legal_actions()[1])
    bus.publish(events)
    assert got == [*state.opening_events, *events]
    assert bus.published == len(got)


def test_secrets_reach_only_their_seat() -> None:
    e = Event("card_drawn", 2, {"face_up": False}, {"card": 7})
    assert "card" not in e.visible_to(None)
    assert "card" not in e.visible_to(1)
    assert e.visible_to(2)["card"] == 7
