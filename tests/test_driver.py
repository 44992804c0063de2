"""The turn driver (game.ui.driver) on a real engine session, with a fake clock and no pygame.

Why here and not in tests/ui: the driver is the table's flow without its picture (whose turn, AI pacing,
the curtain, the end), so it is tested the way the engine is: step it, look at what it says and at the moves
that reached the bus.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest

from game.engine.core import Action, Event
from game.ui import driver as d
from game.ui.driver import TurnDriver
from game.ui.session import SeatSpec, TableSession, ai_seat
from game.ui.source import TableSource

ROOT = Path(__file__).resolve().parent.parent
SECRET = b"driver-test-secret-0123"  # agents seeded the same every run (16 to 64 bytes)


class InlinePool(Executor):
    """Runs a submitted call at once (the worker answers before the next frame); counts the calls."""

    def __init__(self) -> None:
        self.calls = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.calls += 1
        fut: Future[Any] = Future()
        fut.set_result(fn(*args, **kwargs))
        return fut


class HeldPool(Executor):
    """Keeps every submitted call pending until ``answer`` (a slow agent)."""

    def __init__(self) -> None:
        self.pending: list[tuple[Future[Any], Callable[[], Any]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        fut: Future[Any] = Future()
        self.pending.append((fut, lambda: fn(*args, **kwargs)))
        return fut

    def answer(self) -> None:
        for fut, call in self.pending:
            fut.set_result(call())
        self.pending.clear()


def ai_session(game: str = "street_hintaro", n: int = 2, seed: int = 4) -> TableSession:
    return TableSession.new(game, [ai_seat(i) for i in range(n)], seed=seed, secret=SECRET)


def published(session: TableSource) -> list[Event]:
    seen: list[Event] = []
    session.bus.subscribe("*", seen.append)
    return seen


def test_the_driver_imports_no_pygame() -> None:
    """The driver and the protocol load with pygame made unimportable (a server or a test needs no display)."""
    code = ("import sys; sys.modules['pygame'] = None\n"
            "import game.ui.driver, game.ui.source, game.ui.session\n"
            "assert 'pygame' not in [m for m in sys.modules if sys.modules[m] is not None]\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr


def test_an_ai_seat_waits_the_readable_pause_then_moves_once() -> None:
    session = ai_session()
    seen = published(session)
    pool = InlinePool()
    drv = TurnDriver(session, pool)
    seat = session.state.current_seat
    before = len(session.state.actions)
    assert drv.step(0.3, None).kind == d.PAUSING
    assert drv.busy() and pool.calls == 0
    assert drv.step(0.2, None) == d.Turn(d.PAUSING, seat)  # 0.5 s of 0.55
    assert drv.step(0.1, None) == d.Turn(d.THINKING, seat)  # the pause is over: the agent is asked
    assert pool.calls == 1 and len(session.state.actions) == before
    assert drv.step(0.0, None) == d.Turn(d.MOVED, seat)
    assert len(session.state.actions) == before + 1 and seen, "the move was played and published"
    assert not drv.busy()


def test_the_pause_follows_the_speed_setting() -> None:
    speed = [2.0]
    drv = TurnDriver(ai_session(), InlinePool(), lambda: speed[0])
    assert drv.step(0.25, None).kind == d.PAUSING
    assert drv.step(0.03, None).kind == d.THINKING  # 0.55 / 2 = 0.275 s
    assert drv.step(0.0, None).kind == d.MOVED
    speed[0] = 0.5
    assert drv.step(1.0, None).kind == d.PAUSING  # 1.1 s now
    assert drv.step(0.2, None).kind == d.THINKING


def test_a_slow_agent_keeps_the_driver_thinking_and_busy() -> None:
    session = ai_session()
    pool = HeldPool()
    drv = TurnDriver(session, pool)
    drv.step(1.0, None)
    for _ in range(5):
        assert drv.step(1.0, None).kind == d.THINKING and drv.busy()
    assert len(pool.pending) == 1, "the agent is asked once, however long it thinks"
    pool.answer()
    assert drv.step(0.0, None).kind == d.MOVED


def test_an_all_ai_session_plays_to_its_end_and_says_so_once() -> None:
    session = ai_session("sabacc_house", 3, seed=9)
    pool = InlinePool()
    drv = TurnDriver(session, pool)
    kinds: list[str] = []
    for _ in range(100_000):
        kinds.append(drv.step(0.6, None).kind)
        if kinds[-1] == d.OVER:
            break
    assert session.state.is_over
    assert kinds.count(d.MOVED) == len(session.state.actions) == pool.calls
    assert drv.step(0.6, None).kind == d.ENDED and drv.ended


def test_a_failed_agent_falls_back_to_the_first_legal_action() -> None:
    session = ai_session()
    seat = session.state.current_seat
    assert seat is not None

    class Broken:
        name = "broken"

        def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
            raise RuntimeError("an agent bug")

    session.agents[seat] = Broken()
    first = session.state.legal_actions()[0]
    drv = TurnDriver(session, InlinePool())
    drv.step(1.0, None)
    assert drv.step(0.0, None) == d.Turn(d.MOVED, seat)
    assert session.state.actions[-1] == first


def hotseat(game: str, people: int, n: int = 3) -> TableSession:
    seats = [SeatSpec(f"P{i}") if i < people else ai_seat(i) for i in range(n)]
    return TableSession.new(game, seats, seed=2, secret=SECRET)


def test_the_curtain_falls_between_two_people_when_the_views_differ() -> None:
    session = hotseat("sabacc_house", 2, n=2)
    drv = TurnDriver(session, InlinePool())
    assert drv.has_private_info(0, 1)
    assert drv.first_eyes() is None, "two people and secrets: nobody is shown anything before the curtain"
    seat = session.state.current_seat
    assert seat is not None
    assert drv.step(0.0, None) == d.Turn(d.CURTAIN, seat)
    assert drv.step(0.0, seat) == d.Turn(d.PERSON, seat), "facing the person to act: wait for them"
    other = 1 - seat
    assert drv.step(0.0, other) == d.Turn(d.CURTAIN, seat)
    # a table may add reasons of its own, or waive the curtain
    assert drv.step(0.0, other, curtain=lambda s: False) == d.Turn(d.EYES, seat)


def test_one_person_never_needs_the_curtain() -> None:
    session = hotseat("sabacc_house", 1, n=3)
    drv = TurnDriver(session, InlinePool())
    assert drv.first_eyes() == 0
    assert not drv.needs_curtain(0, None)
    for _ in range(500):
        turn = drv.step(1.0, 0)
        assert turn.kind not in (d.CURTAIN, d.EYES)
        if turn.kind == d.PERSON:
            assert turn.seat == 0
            break
    else:
        pytest.fail("the person never got a turn")


def test_the_quick_session_is_a_table_source() -> None:
    assert isinstance(ai_session(), TableSource)


def test_a_campaign_sitting_is_a_table_source_the_driver_plays() -> None:
    """The same driver plays the regulars of a campaign sitting, through the campaign's books."""
    from types import SimpleNamespace

    from game.campaign.progress import Campaign
    from game.ui.campaign.sitting import CampaignSitting

    c = Campaign.new(seed=21)
    cs = c.sit("long_table")
    saves: list[str] = []
    sitting = CampaignSitting(SimpleNamespace(campaign=c, autosave=saves.append, hand_winners=[]))  # type: ignore[arg-type]
    assert isinstance(sitting, TableSource)
    seen = published(sitting)
    drv = TurnDriver(sitting, InlinePool())
    assert drv.first_eyes() == 0
    me = 0
    for _ in range(5_000):
        turn = drv.step(1.0, 0)
        if turn.kind == d.PERSON:
            sitting.apply(cs.legal_actions()[0])
            me += 1
        if len(cs.hand_ends) >= 1 or turn.kind == d.OVER:
            break
    assert cs.hand_ends and saves == ["hand"], "a finished hand is saved at once"
    assert me > 0 and len(seen) > 0 and c.audit() == []
    assert cs.actions_played == len(cs.state.actions)
