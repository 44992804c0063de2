"""The game window at a network seat, over real sockets on 127.0.0.1, headless (dummy video and audio).

A table is served in this process (its own thread and asyncio loop, as the menu's Host does); the window takes
seat 0 and plays it by clicking the table's own buttons; a bot client (``game.net.client.Client``) takes seat 1
on the server's loop; seat 2 is the server's AI. The window's folded view must equal the server's view of seat 0
at every round's end (the server's ``check`` digests) and at the end of the session.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import asyncio
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.core import Action
from game.net.client import Client
from game.net.protocol import digest
from game.net.server import Table
from game.ui.app import App
from game.ui.scenes.network import ConnectScene, HostedTable, NetworkScene, WindowSeat, join_table
from game.ui.scenes.results import ResultsScene
from game.ui.settings import Settings
from game.ui.tables.base import BaseTable


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CANTINA_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def app() -> Iterator[App]:
    a = App(size=(1280, 720), settings=Settings(speed=8.0, muted=True, ambience=False), fixed_step=True,
            strict=True)
    yield a
    a.shutdown()
    pygame.quit()


_frames = [0]


def frame(app: App, draw: bool = False) -> None:
    """One frame; drawn every 4th (and when asked): drawing is the slow part, and the network runs in real time."""
    for raw in pygame.event.get():
        app.handle_raw(raw)
    app.step(1 / 30)
    _frames[0] += 1
    if draw or _frames[0] % 4 == 0:
        app.render()


def click(app: App, pos: tuple[int, int]) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frame(app, draw=True)


def run_until(app: App, cond: Callable[[], bool], seconds: float = 60.0,
              each: Callable[[], None] | None = None) -> bool:
    """Frames until ``cond()`` (the network runs in real time, so the limit is wall-clock)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        if each is not None:
            each()
        frame(app)
        time.sleep(0.002)
    return cond()


def serve(agents: list[str], game: str = "kinzo", rounds: int = 2, password: str | None = None) -> HostedTable:
    hosted = HostedTable(Table(game, agents, rounds=rounds, seed=7, password=password, timeout=30.0))
    hosted.start()
    return hosted


def seated(app: App, seat: WindowSeat) -> BaseTable:
    assert run_until(app, lambda: seat.table is not None or seat.failed is not None, 10.0), "no welcome"
    assert seat.failed is None, seat.failed
    assert seat.table is not None
    return seat.table


def click_a_move(app: App, table: BaseTable) -> None:
    """The person's move through the table's buttons: the first enabled one (the round's end: go on)."""
    if app.stack.top is not table:
        return
    if table.my_turn() or table.holding:
        live = [b for b in table.buttons if b.enabled]
        if live:
            click(app, live[0].rect.center)


def test_window_seat_plays_a_served_table_to_the_end(app: App) -> None:
    hosted = serve(["remote", "remote", "random"], rounds=2)
    try:
        seat = join_table(app, f"ws://127.0.0.1:{hosted.port}", host=None)
        table = seated(app, seat)
        source = seat.source
        assert source is not None and source.seat == 0
        assert source.is_remote(1) and source.is_remote(2) and not source.is_remote(0)
        bot = Client(f"ws://127.0.0.1:{hosted.port}", "random", seed=3, think=0.01)
        assert hosted._loop is not None
        fut = asyncio.run_coroutine_threadsafe(bot.play(), hosted._loop)
        clicked = 0

        def play() -> None:
            nonlocal clicked
            if table.my_turn():
                clicked += 1
            click_a_move(app, table)

        assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 90.0, play), "never ended"
        fut.result(10)
        assert clicked > 0  # the window's seat played through its buttons
        assert source.checks >= 2 and source.mismatches == 0  # every round's end: the same view as the server's
        assert digest(source.state.view()) == digest(hosted.table.state.view(0))
        assert source.result is not None and source.result["rounds"] == 2
        assert bot.mismatches == 0
        path = os.environ.get("NET_WINDOW_SHOT")
        if path:
            app.render()
            app.save_screenshot(path)
    finally:
        app.close_links()
        hosted.stop()


def test_a_refusal_from_the_server_is_shown_and_changes_nothing(app: App) -> None:
    hosted = serve(["remote", "random"], rounds=3)
    try:
        seat = join_table(app, f"ws://127.0.0.1:{hosted.port}")
        table = seated(app, seat)
        assert run_until(app, table.my_turn, 30.0, lambda: click_a_move(app, table) if table.holding else None)
        source = seat.source
        assert source is not None
        # a joined window tells its player how to take the seat back after closing it
        assert any(f"--token {source.token}" in (ln.text or "") for ln in table.log)
        before_view, before_actions = source.state.view(), hosted.table.actions
        lines = len(table.log)
        table.act(Action("no_such_move"))  # as a button the table built wrongly would: the server judges it
        assert run_until(app, lambda: any("Not allowed" in (ln.text or "") for ln in table.log[lines:]), 10.0)
        assert hosted.table.actions == before_actions
        assert source.state.view() == before_view
        assert table.my_turn()  # the seat's choices came back with the refusal
        shot = os.environ.get("NET_WINDOW_MID")
        if shot:
            app.render()
            app.save_screenshot(shot)
    finally:
        app.close_links()
        hosted.stop()


def test_menu_host_starts_a_table_and_join_reaches_it(app: App) -> None:
    app.go_title()
    page = NetworkScene(app, "host")
    app.push(page)
    page.game = "kinzo"
    page.seats = ["remote", "random"]
    page.port.value = "0"
    page.layout(app.size)
    frame(app)
    click(app, page.go_button.rect.center)
    assert page.error == ""
    host_seat = app.links[-1]
    table = seated(app, host_seat)
    assert host_seat.host is not None and host_seat.source is not None and host_seat.source.seat == 0
    assert host_seat.host.table.seats[1].agent == "random"
    app.go_title()  # leaving closes the link and stops the hosted server
    assert app.links == []

    hosted = serve(["remote", "remote"], password="sesame")
    try:
        url = f"ws://127.0.0.1:{hosted.port}"
        join = NetworkScene(app, "join")
        app.push(join)
        join.address.value = url
        join.password.value = "wrong"
        join.layout(app.size)
        frame(app)
        click(app, join.go_button.rect.center)
        connect = app.stack.top
        assert isinstance(connect, ConnectScene)
        assert run_until(app, lambda: connect.error is not None, 10.0)
        assert "Wrong password" in (connect.error or "")
        app.go_title()
        join = NetworkScene(app, "join")
        app.push(join)
        join.address.value, join.password.value = url, "sesame"
        join.layout(app.size)
        click(app, join.go_button.rect.center)
        table = seated(app, app.links[-1])
        assert table.session.is_human(0) and not table.session.is_human(1)
    finally:
        app.close_links()
        hosted.stop()


def test_join_says_why_there_is_no_seat(app: App) -> None:
    import socket

    with socket.socket() as s:  # a port nobody serves
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app.go_title()
    seat = join_table(app, f"ws://127.0.0.1:{port}")
    assert run_until(app, lambda: seat.failed is not None, 10.0)
    assert "Nothing answers" in (seat.failed or "")
    hosted = serve(["remote", "random"])
    try:
        first = join_table(app, f"ws://127.0.0.1:{hosted.port}")
        seated(app, first)
        second = join_table(app, f"ws://127.0.0.1:{hosted.port}")
        assert run_until(app, lambda: second.failed is not None, 10.0)
        assert "full" in (second.failed or "")
    finally:
        app.close_links()
        hosted.stop()


def test_a_dropped_connection_is_said_and_the_seat_taken_back(app: App) -> None:
    hosted = serve(["remote", "random"], rounds=2)
    try:
        seat = join_table(app, f"ws://127.0.0.1:{hosted.port}")
        table = seated(app, seat)
        source = seat.source
        assert source is not None and hosted._loop is not None
        assert run_until(app, table.my_turn, 30.0, lambda: click_a_move(app, table) if table.holding else None)
        conn = hosted.table.seats[0].conn
        assert conn is not None
        hosted._loop.call_soon_threadsafe(conn.ws.transport.abort)  # the network drops under the window
        lines = len(table.log)
        assert run_until(app, lambda: any("Back at the table" in ln.text for ln in table.log[lines:]), 20.0)
        assert any("connection dropped" in ln.text for ln in table.log[lines:])
        assert run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 60.0,
                         lambda: click_a_move(app, table))
        assert source.mismatches == 0 and source.checks >= 1
        assert digest(source.state.view()) == digest(hosted.table.state.view(0))
    finally:
        app.close_links()
        hosted.stop()


def test_cantina_join_without_agent_opens_the_window_at_the_seat(tmp_path: Path) -> None:
    import json

    from game.__main__ import main

    hosted = serve(["remote", "random"], rounds=1)
    try:
        log = tmp_path / "seat.jsonl"
        shot = tmp_path / "seat.png"
        rc = main(["--frames", "90", "--size", "1280x720", "--screenshot", str(shot),
                   "join", f"ws://127.0.0.1:{hosted.port}", "--log", str(log)])
        assert rc == 0 and shot.exists()
        lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
        assert lines and lines[0]["seat"] == 0 and lines[0]["token"] == hosted.table.seats[0].token
    finally:
        hosted.stop()


def test_the_driver_waits_for_a_remote_seat_and_never_asks_an_agent() -> None:
    from concurrent.futures import ThreadPoolExecutor

    from game.engine import create
    from game.ui.driver import REMOTE, TurnDriver
    from game.ui.remote import RemoteSource

    state = create("kinzo", seats=2, seed=1)
    seat = 1 - int(state.current_seat or 0)  # the window sits at the seat NOT to act
    welcome = {"seat": seat, "token": "t", "game": "kinzo", "seats": 2, "agents": ["remote", "remote"],
               "step": 0, "view": state.view(seat)}
    source = RemoteSource(link=None, welcome=welcome)
    with ThreadPoolExecutor(1) as pool:
        driver = TurnDriver(source, pool)
        for _ in range(100):  # far past the AI pause
            turn = driver.step(0.1, seat)
            assert turn.kind == REMOTE and turn.seat == state.current_seat
        assert driver.future is None and not driver.busy()
    assert source.state.legal_actions() == [] and source.state.check(state.legal_actions()[0]) is not None


@pytest.mark.parametrize("size", [(1280, 720), (640, 400), (1920, 1080)])
@pytest.mark.parametrize("mode", ["host", "join"])
def test_host_and_join_sit_in_a_framed_form_clear_of_the_error_line(size: tuple[int, int], mode: str) -> None:
    """The Host/Join page stands in the cantina room inside a brass panel like the other menus (it was bare on
    black): the panel holds every button and field, stays in the window with eight seats, and the error line
    below it stays clear of it."""
    a = App(size=size, settings=Settings(speed=4.0, muted=True), fixed_step=True, strict=True)
    try:
        scene = a.push(NetworkScene(a, mode))
        if mode == "host":
            for _ in range(5):
                scene.add_seat()
            assert len(scene.seats) == 8
        scene.error = "Could not listen on port 8765: address in use"
        frame(a, draw=True)
        form = scene.form_rect()
        assert a.screen.get_rect().contains(form), (form, size)
        assert all(form.contains(b.rect) for b in scene.buttons)
        assert all(form.contains(f.rect) for _, f in scene.fields)
        assert scene.error_rect.h > 0 and not scene.error_rect.colliderect(form), (scene.error_rect, form)
        # the room is drawn behind it, not a flat fill: the corners of the window differ from the middle band
        shot = a.screen.copy()
        assert len({tuple(shot.get_at((x, y))) for x in range(0, size[0], max(1, size[0] // 16))
                    for y in (2, size[1] // 3)}) > 2
    finally:
        a.shutdown()
        pygame.quit()
