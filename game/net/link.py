"""A seat's connection for the game window: network I/O on a thread of its own, messages to the frame loop by a
thread-safe queue. Imports no pygame.

Why a thread with its own asyncio loop: the window's frame loop must never wait on a socket (a slow network
would freeze the picture), and the ``websockets`` library is asyncio. The loop thread joins the table, reads
every message, checks it against the protocol (:mod:`game.net.protocol`) and puts it on :attr:`Link.inbox`;
the frame loop drains the inbox once a frame (:meth:`Link.poll`) and sends actions with :meth:`Link.act`,
which hands them to the loop thread (``call_soon_threadsafe``). Nothing here folds a view or knows a rule: the
window's :class:`game.ui.remote.RemoteSource` does the folding with the engine's ``reduce_view``.

Besides the server's own messages (``welcome``, ``events``, ``refused``, ``check``, ``seat``, ``over``,
``error``) the inbox carries the link's: ``lost`` (the connection dropped; rejoining with the token, attempt
``n``), ``failed`` (given up: ``code`` one of :data:`FAIL_CODES` or a server error code, and ``message``).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.net.protocol import MAX_SERVER_MESSAGE, SERVER_MESSAGES, ProtocolError, decode, encode

#: server error codes after which rejoining cannot help
FATAL = frozenset({"bad_password", "bad_token", "table_full", "replaced", "bad_version"})
#: the link's own reasons for giving up, with what each means
FAIL_CODES: dict[str, str] = {
    "unreachable": "nothing answers at that address (no table served there, or the network is down)",
    "bad_address": "the address is not a ws://host:port address",
    "lost": "the connection dropped and rejoining with the seat's token failed too often",
    "protocol": "the server sent something that breaks the protocol",
}


class Link:
    """One seat's connection to a served table, run on its own thread (see the module notes)."""

    def __init__(self, url: str, password: str | None = None, token: str | None = None,
                 wake: Callable[[], None] | None = None, retries: int = 6, open_timeout: float = 5.0) -> None:
        if not url.startswith(("ws://", "wss://")):
            raise ValueError(f"a table address looks like ws://HOST:PORT, not {url!r}")
        self.url = url
        self.password = password
        self.token = token
        #: called (on the link's thread) after each message is queued, to wake an idle frame loop
        self.wake = wake
        self.retries = retries
        self.open_timeout = open_timeout
        self.inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.seat: int | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._out: asyncio.Queue[str | None] | None = None
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._ready = threading.Event()
        self._next_id = 0

    # ------------------------------------------------------------------ the frame loop's side
    def start(self) -> Link:
        self._thread = threading.Thread(target=self._run, name="cantina-net", daemon=True)
        self._thread.start()
        self._ready.wait(5.0)
        return self

    def poll(self) -> list[dict[str, Any]]:
        """Every message received since the last poll, in order (never blocks)."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def act(self, at: int, action: dict[str, Any]) -> int:
        """Send one action (``Action.to_dict()``) answering turn ``at``; returns its id (echoed as ``ack`` or in
        the ``refused`` answer)."""
        self._next_id += 1
        self._send(encode("act", id=self._next_id, at=at, action=action))
        return self._next_id

    def close(self) -> None:
        """Leave the table (the seat stays the player's: the server keeps it for the token)."""
        self._stopping = True
        self._send(None)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(3.0)

    def _send(self, text: str | None) -> None:
        loop, out = self._loop, self._out
        if loop is None or out is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop has just ended
            loop.call_soon_threadsafe(out.put_nowait, text)

    # ------------------------------------------------------------------ the link's thread
    def _put(self, msg: dict[str, Any]) -> None:
        self.inbox.put(msg)
        if self.wake is not None:
            with contextlib.suppress(Exception):  # waking is a courtesy: the frame loop polls anyway
                self.wake()

    def _fail(self, code: str, message: str) -> None:
        self._put({"type": "failed", "code": code, "message": message})

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._out = asyncio.Queue()
        self._ready.set()
        attempts = 0
        while not self._stopping:
            try:
                async with connect(self.url, max_size=MAX_SERVER_MESSAGE, compression=None, proxy=None,
                                   open_timeout=self.open_timeout, ping_interval=20, ping_timeout=20,
                                   close_timeout=3) as ws:
                    done = await self._session(ws)
                    if done:
                        return
                    attempts = 0  # it was joined: a later drop starts its count afresh
                problem = "the table closed the connection"
            except InvalidURI:
                self._fail("bad_address", f"{self.url} is not a table address (ws://HOST:PORT)")
                return
            except ProtocolError as exc:
                self._fail("protocol", f"the table sent a bad message: {exc}")
                return
            except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError) as exc:
                problem = str(exc) or type(exc).__name__
            if self._stopping:
                return
            if self.token is None:
                self._fail("unreachable", f"nothing answers at {self.url} ({problem})")
                return
            attempts += 1
            if attempts > self.retries:
                self._fail("lost", f"lost the table at {self.url} and could not rejoin ({problem})")
                return
            self._put({"type": "lost", "attempt": attempts, "message": problem})
            await asyncio.sleep(min(0.25 * 2 ** attempts, 4.0))

    async def _session(self, ws: Any) -> bool:
        """One connection: join (with the token once there is one), then pass messages both ways. True when
        the link is done for good (the session is over, a fatal refusal, or the window left)."""
        assert self._out is not None
        join: dict[str, Any] = {}
        if self.password is not None:
            join["password"] = self.password
        if self.token is not None:
            join["token"] = self.token
        await ws.send(encode("join", **join))
        out = self._out

        async def writer() -> None:
            while True:
                text = await out.get()
                if text is None:
                    await ws.close()
                    return
                with contextlib.suppress(ConnectionClosed):
                    await ws.send(text)

        task = asyncio.get_running_loop().create_task(writer())
        try:
            async for raw in ws:
                msg = decode(raw, SERVER_MESSAGES, MAX_SERVER_MESSAGE)
                kind = msg["type"]
                if kind == "welcome":
                    self.token, self.seat = msg["token"], msg["seat"]
                self._put(msg)
                if kind == "over":
                    return True
                if kind == "error" and msg["code"] in FATAL:
                    return True
            return self._stopping
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await task
