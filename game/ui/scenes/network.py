"""Tables across machines in the window: join a served table at one seat, or host one and sit at its seat 0.

:func:`join_table` opens the network link (its own thread), shows :class:`ConnectScene` while it joins and,
once welcomed, the game's own table class fed by a :class:`game.ui.remote.RemoteSource`. :class:`WindowSeat`
is what the app pumps once a frame: it drains the link's queue into the source and wires the source's hooks to
the table (a refusal said in the log as a local table says it, notices as toasts and log lines).

Hosting runs the server in this process, on a thread with its own asyncio loop (:class:`HostedTable`): one
download, no second program to find or start (a packaged app has no ``cantina`` on the PATH), the server stops
with the window, and its AI seats think on the server's executor, off the frame loop. The price: a window
closed ends the table for everyone (a long-lived table is what ``cantina serve`` is for).

:class:`NetworkScene` is the menu's Host a table / Join a table page.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import pygame

from game.engine import GAMES
from game.net.link import Link
from game.ui import theme
from game.ui.draw import panel
from game.ui.input import Input
from game.ui.remote import REMOTE, RemoteSource
from game.ui.scene import Scene
from game.ui.widgets import Button, TextField, draw_tooltip

if TYPE_CHECKING:
    from game.engine.core import IllegalAction
    from game.net.server import Table
    from game.ui.app import App
    from game.ui.tables.base import BaseTable

#: what the window says for each reason a seat is not given (server error codes and the link's own)
JOIN_WORDS: dict[str, str] = {
    "bad_password": "Wrong password: the table asks for its password before giving a seat.",
    "table_full": "That table is full: every remote seat is taken.",
    "bad_token": "That seat's token is not known at this table.",
    "replaced": "The seat was taken back from another window with its token.",
    "bad_version": "That table speaks another version of the protocol.",
    "unreachable": "Nothing answers at that address: is the table served, and the address right?",
    "bad_address": "A table address looks like ws://HOST:PORT.",
    "lost": "The connection dropped and the seat could not be taken back.",
    "protocol": "The table sent something this version does not understand.",
}


def _wake() -> None:
    """Wake an idle frame loop (called on the link's thread; posting an event is thread-safe in SDL)."""
    if pygame.get_init() and pygame.display.get_init():
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, {"net": True}))


class WindowSeat:
    """The window's seat at a served table: pumped by the app once a frame (see the module notes)."""

    def __init__(self, app: App, link: Link, host: HostedTable | None = None, log: str | None = None) -> None:
        self.app = app
        #: ``cantina join --log FILE``: opened when the seat is given (game.ui.remote.RemoteSource writes it)
        self.log_path = log
        self._log: TextIO | None = None
        self.link = link
        self.host = host
        self.source: RemoteSource | None = None
        self.table: BaseTable | None = None
        self.connect: ConnectScene | None = None
        self.failed: str | None = None

    def pump(self) -> bool:
        msgs = self.link.poll()
        for msg in msgs:
            self._one(msg)
        return bool(msgs)

    def _one(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if self.source is None:
            if kind == "welcome":
                self._open(msg)
            elif kind in ("failed", "error"):
                self.failed = JOIN_WORDS.get(msg["code"], msg["message"])
                if self.connect is not None:
                    self.connect.fail(self.failed)
            return
        if kind == "failed" or (kind == "error" and msg["code"] in JOIN_WORDS):
            self.failed = JOIN_WORDS.get(msg["code"], msg["message"])
            self.app.toast(self.failed, 10.0)
            if self.table is not None:
                self.table.add_log(None, self.failed)
            return
        self.source.handle(msg)

    def _open(self, welcome: dict[str, Any]) -> None:
        names = self.app.settings.default_names
        if self.log_path:
            self._log = Path(self.log_path).open("w", encoding="utf-8")  # noqa: SIM115  # closed in close()
        source = RemoteSource(self.link, welcome, you=names[0] if names else "You", log=self._log)
        self.source = source
        table = self.app.open_table(source)  # type: ignore[arg-type]  # any TableSource will do
        self.table = table
        source.on_refused = self._refused
        source.on_notice = self._notice
        source.on_fresh = self._fresh
        table.add_log(None, f"You sit at seat {source.seat + 1} of a table served at {self.link.url}.")
        if self.host is None:  # a closed window gets its seat back with this token (the session keeps it)
            table.add_log(None, f"To come back to this seat after closing the window: cantina join "
                                f"{self.link.url} --token {source.token}")
        if self.host is not None:
            where = ("only from this machine" if self.host.host in ("127.0.0.1", "localhost", "::1")
                     else "from your network: plain ws://, no TLS")
            table.add_log(None, f"Others join at ws://<this machine>:{self.host.port} ({where}).")
        if "turn" not in welcome and source.state.current_seat == source.seat:
            table.add_log(None, "Play starts when every seat is taken.")

    def _refused(self, exc: IllegalAction) -> None:
        if self.table is not None:
            self.table.add_log(None, f"Not allowed: {self.table.refusal(exc)}")
            self.table.rebuild_actions()

    def _notice(self, text: str) -> None:
        self.app.toast(text, 5.0)
        if self.table is not None:
            self.table.add_log(None, text)

    def _fresh(self) -> None:
        if self.table is not None:
            self.table.synced = False  # draw the fresh view and its buttons once nothing moves

    def close(self) -> None:
        self.link.close()
        if self.host is not None:
            self.host.stop()
        if self._log is not None:
            self._log.close()


def join_table(app: App, url: str, password: str | None = None, token: str | None = None,
               host: HostedTable | None = None, log: str | None = None) -> WindowSeat:
    """Take a seat at the table served at ``url`` in this window (the connect screen first, then the table).
    ``log``: a file for the seat, its token and every event received (``cantina join --log``)."""
    link = Link(url.strip(), password=password or None, token=token or None, wake=_wake)
    seat = WindowSeat(app, link, host, log)
    seat.connect = ConnectScene(app, url, seat)
    app.push(seat.connect)
    app.links.append(seat)
    link.start()
    return seat


class HostedTable:
    """A table served by this process, on a thread with its own asyncio loop (see the module notes)."""

    def __init__(self, table: Table, host: str = "127.0.0.1", port: int = 0) -> None:
        self.table = table
        self.host = host
        self._want = port
        self.port: int | None = None
        self.error: str | None = None
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[Any] | None = None
        self._thread = threading.Thread(target=self._run, name="cantina-host", daemon=True)

    def start(self, wait: float = 5.0) -> int:
        """Listen; returns the port. A port that cannot be had is a ValueError with the reason."""
        self._thread.start()
        self._ready.wait(wait)
        if self.port is None:
            raise ValueError(self.error or "the table did not start listening")
        return self.port

    def _run(self) -> None:
        from game.net.server import serve_table

        async def main() -> None:
            self._loop = asyncio.get_running_loop()

            def announce(port: int) -> None:
                self.port = port
                self._ready.set()

            self._task = asyncio.current_task()
            try:
                await serve_table(self.table, self.host, self.port or self._want, announce)
            except OSError as exc:
                self.error = f"cannot listen on {self.host}:{self._want}: {exc.strerror or exc}"
            finally:
                self._ready.set()

        with contextlib.suppress(asyncio.CancelledError):  # stop() cancels the serving task
            asyncio.run(main())

    def stop(self) -> None:
        loop, task = self._loop, self._task
        if loop is not None and task is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(task.cancel)
            except RuntimeError:
                return
            self._thread.join(3.0)


def host_table(app: App, game: str, agents: list[str], port: int = 0, rounds: int = 10,
               password: str | None = None, options: dict[str, Any] | None = None,
               host: str = "127.0.0.1") -> WindowSeat:
    """Serve a table in this process (seat 0 ``remote``: this window takes it) and sit down at it."""
    from game.net.server import Table

    if not agents or agents[0] != REMOTE:
        raise ValueError("the host sits at seat 0: it must be a remote seat")
    table = Table(game, agents, rounds=rounds, options=options, password=password or None)
    hosted = HostedTable(table, host, port)
    real = hosted.start()
    return join_table(app, f"ws://127.0.0.1:{real}" if host in ("127.0.0.1", "0.0.0.0") else f"ws://{host}:{real}",
                      password=password, host=hosted)


class ConnectScene(Scene):
    """Joining: the address and what is happening; the reason in words if no seat is given (Esc: back)."""

    def __init__(self, app: App, url: str, seat: WindowSeat) -> None:
        super().__init__(app)
        self.url = url
        self.seat = seat
        self.error: str | None = None
        self.back = Button("Back", self.go_back, pygame.K_ESCAPE, "Esc", "Leave: back to the title")

    def fail(self, words: str) -> None:
        self.error = words
        self.app.dirty = True

    def go_back(self) -> None:
        self.app.go_title()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        self.box = pygame.Rect(0, 0, int(720 * u), int(260 * u))
        self.box.center = (w // 2, h // 2)
        self.back.rect = pygame.Rect(0, 0, int(180 * u), int(44 * u))
        self.back.rect.midbottom = (self.box.centerx, self.box.bottom - int(20 * u))

    def handle(self, ev: Input) -> None:
        if ev.kind == "key" and ev.action == "back":
            self.go_back()
            return
        self.back.handle(ev)

    def wake_in(self) -> float | None:
        return 0.5

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.ROOM)
        u, t = self.u, self.app.text
        panel(surf, self.box, theme.PANEL, theme.BRASS, radius=14, width=2)
        head = "NO SEAT" if self.error else "JOINING THE TABLE"
        t.blit(surf, head, int(34 * u), theme.AMBER, "head", midtop=(self.box.centerx, self.box.y + int(18 * u)))
        t.blit(surf, t.fit(self.url, int(18 * u), self.box.w - int(40 * u)), int(18 * u), theme.CREAM,
               midtop=(self.box.centerx, self.box.y + int(78 * u)))
        words = self.error or "Waiting for the table to give a seat…"
        t.blit(surf, t.fit(words, int(17 * u), self.box.w - int(40 * u)), int(17 * u),
               theme.AMBER if self.error else theme.TEXT_DIM,
               midtop=(self.box.centerx, self.box.y + int(120 * u)))
        self.back.draw(surf, t, int(18 * u))


#: what a seat at a hosted table can be, in the order the seat button cycles them
SEAT_CHOICES: tuple[str, ...] = (REMOTE, "novice", "regular", "shark")


class NetworkScene(Scene):
    """Host a table (game, seats, port, password) or join one (address, password), on one page."""

    def __init__(self, app: App, mode: str = "host") -> None:
        super().__init__(app)
        self.mode = mode
        self.games = list(GAMES)
        self.game = app.settings.last_game if app.settings.last_game in GAMES else self.games[0]
        self.seats: list[str] = [REMOTE, "regular", REMOTE]
        self.rounds = 10
        #: listen beyond this machine (0.0.0.0): off unless asked, as ``cantina serve --host`` is
        self.wide = False
        self.port = TextField("8765", max_len=5)
        self.password = TextField("", max_len=32)
        self.address = TextField("ws://127.0.0.1:8765", max_len=120)
        self.error = ""
        self.error_rect = pygame.Rect(0, 0, 0, 0)  # where the error line was last drawn
        self.hover_pos = (-1, -1)
        self.buttons: list[Button] = []
        self._fit_seats()

    # ------------------------------------------------------------------ model
    def _fit_seats(self) -> None:
        cls = GAMES[self.game]
        while len(self.seats) < cls.min_seats:
            self.seats.append("regular")
        del self.seats[cls.max_seats:]
        self.seats[0] = REMOTE

    def agents(self) -> list[str]:
        return list(self.seats)

    def next_game(self) -> None:
        self.game = self.games[(self.games.index(self.game) + 1) % len(self.games)]
        self._fit_seats()
        self.layout(self.size)

    def cycle_seat(self, i: int) -> None:
        if i == 0:
            return
        self.seats[i] = SEAT_CHOICES[(SEAT_CHOICES.index(self.seats[i]) + 1) % len(SEAT_CHOICES)]
        self.layout(self.size)

    def add_seat(self) -> None:
        if len(self.seats) < GAMES[self.game].max_seats:
            self.seats.append("regular")
            self.layout(self.size)

    def drop_seat(self) -> None:
        if len(self.seats) > GAMES[self.game].min_seats:
            self.seats.pop()
            self.layout(self.size)

    def toggle_wide(self) -> None:
        self.wide = not self.wide
        self.layout(self.size)

    def switch(self) -> None:
        self.mode = "join" if self.mode == "host" else "host"
        self.error = ""
        self.layout(self.size)

    def go(self) -> None:
        """Host (start the server, sit at seat 0) or join, with the error in words when it cannot."""
        self.error = ""
        password = self.password.value.strip() or None
        try:
            if self.mode == "host":
                text = self.port.value.strip() or "0"
                if not text.isdigit() or not 0 <= int(text) <= 65535:
                    raise ValueError(f"the port is a number from 0 to 65535, not {text!r}")
                host_table(self.app, self.game, self.agents(), port=int(text), rounds=self.rounds,
                           password=password, host="0.0.0.0" if self.wide else "127.0.0.1")
            else:
                join_table(self.app, self.address.value.strip(), password=password)
        except ValueError as exc:
            self.error = str(exc)

    # ------------------------------------------------------------------ screen
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        bw, bh, gap = int(460 * u), int(40 * u), int(10 * u)
        x = w // 2 - bw // 2
        y = int(150 * u)
        self.buttons = []
        self.fields: list[tuple[str, TextField]] = []
        switch = Button("Join a table instead" if self.mode == "host" else "Host a table instead", self.switch,
                        pygame.K_TAB, "Tab", "Switch between hosting and joining")
        switch.rect = pygame.Rect(x, y, bw, bh)
        self.buttons.append(switch)
        y += bh + 2 * gap
        if self.mode == "host":
            b = Button(f"Game: {GAMES[self.game].title}", self.next_game, pygame.K_g, "G", "The game to serve")
            b.rect = pygame.Rect(x, y, bw, bh)
            self.buttons.append(b)
            y += bh + gap
            two = len(self.seats) > 4  # many seats: two columns, so eight still fit a 720-px window
            sw = (bw - int(bh + gap)) // (2 if two else 1) - (gap // 2 if two else 0)
            sh = int(bh * 0.8)
            top = y
            for i, agent in enumerate(self.seats):
                label = "Seat 1: you" if i == 0 else (f"Seat {i + 1}: remote player" if agent == REMOTE
                                                      else f"Seat {i + 1}: AI {agent}")
                sb = Button(label, (lambda i=i: self.cycle_seat(i)), None, "",
                            "Click: a player elsewhere, or an AI level" if i else "You take seat 1")
                col, row = (i % 2, i // 2) if two else (0, i)
                sb.rect = pygame.Rect(x + col * (sw + gap), top + row * (sh + gap // 2), sw, sh)
                self.buttons.append(sb)
            rows = (len(self.seats) + 1) // 2 if two else len(self.seats)
            y = top + rows * (sh + gap // 2)
            plus = Button("+", self.add_seat, None, "", "Add a seat")
            minus = Button("−", self.drop_seat, None, "", "Remove the last seat")
            plus.rect = pygame.Rect(x + bw - bh, top, bh, int(bh * 0.9))
            minus.rect = pygame.Rect(x + bw - bh, top + int(bh * 0.9) + gap // 2, bh, int(bh * 0.9))
            self.buttons += [plus, minus]
            y = max(y, minus.rect.bottom) + gap
            reach = Button("Open to the local network" if self.wide else "This machine only", self.toggle_wide,
                           pygame.K_n, "N", "Who can reach the table: only this machine (safe), or every machine "
                           "on your network (give it a password)")
            reach.rect = pygame.Rect(x, y, bw, int(bh * 0.9))
            self.buttons.append(reach)
            y += int(bh * 0.9) + gap
            self.port.rect = pygame.Rect(x + int(110 * u), y, bw - int(110 * u), bh)
            self.fields.append(("Port", self.port))
            y += bh + gap
        else:
            self.address.rect = pygame.Rect(x + int(110 * u), y, bw - int(110 * u), bh)
            self.fields.append(("Address", self.address))
            y += bh + gap
        self.password.rect = pygame.Rect(x + int(110 * u), y, bw - int(110 * u), bh)
        self.fields.append(("Password", self.password))
        y += bh + 2 * gap
        go = Button("Host and sit down" if self.mode == "host" else "Join", self.go, pygame.K_RETURN, "Enter",
                    "Start serving the table and take seat 1" if self.mode == "host" else "Take a seat there",
                    primary=True)
        go.rect = pygame.Rect(x, y, bw, bh)
        back = Button("Back", self.app.pop, pygame.K_ESCAPE, "Esc", "Back to the title")
        back.rect = pygame.Rect(x, y + bh + gap, bw, bh)
        self.buttons += [go, back]
        self.go_button = go

    def handle(self, ev: Input) -> None:
        if ev.kind == "move":
            self.hover_pos = ev.pos
        for _, f in self.fields:
            if f.handle(ev):
                return
        if ev.kind == "key" and ev.action == "back":
            self.app.pop()
            return
        for b in self.buttons:
            if b.handle(ev):
                return

    def form_rect(self) -> pygame.Rect:
        """The panel behind the form: every button and field (and the fields' labels, left of them) with a
        margin, so the page sits in the same cantina room and brass frame as the other menus."""
        rects = [b.rect for b in self.buttons] + [f.rect for _, f in self.fields]
        if not rects:
            return pygame.Rect(0, 0, 0, 0)
        return rects[0].unionall(rects[1:]).inflate(int(48 * self.u), int(24 * self.u))

    def draw(self, surf: pygame.Surface) -> None:
        bg = getattr(self, "_bg", None)
        if bg is None or bg.get_size() != self.size:
            self._bg = bg = self.app.backdrop.room(self.size, seed=13)
        surf.blit(bg, (0, 0))
        w, _ = self.size
        u, t = self.u, self.app.text
        panel(surf, self.form_rect(), theme.PANEL, theme.BRASS, radius=14, alpha=235)
        title = "HOST A TABLE" if self.mode == "host" else "JOIN A TABLE"
        t.blit(surf, title, int(48 * u), theme.AMBER, "head", center=(w // 2, int(80 * u)))
        for label, f in self.fields:
            t.blit(surf, label, int(17 * u), theme.CREAM, midright=(f.rect.x - int(12 * u), f.rect.centery))
            f.draw(surf, t, int(17 * u))
        for b in self.buttons:
            b.draw(surf, t, int(17 * u))
        if self.error:
            self.error_rect = t.blit(surf, t.fit(self.error, int(16 * u), w - int(80 * u)), int(16 * u), theme.AMBER,
                                     midbottom=(w // 2, self.size[1] - int(20 * u)))
        for b in self.buttons:
            if b.rect.collidepoint(self.hover_pos) and b.tooltip:
                draw_tooltip(surf, t, b.tooltip, b.rect, beside=True)
                break
