"""A headless client: it takes a seat at a served table and plays it with an AI level, from its folded view.

It starts from the view the server sends on joining and folds every event it receives with the engine's own
``reduce_view``; the agent reads only that view and the choices the server lists. Each ``check`` digest from
the server is compared with the folded view's (a mismatch is counted: tests require none). A dropped
connection is retried with the seat's token, which brings a fresh view.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.ai import make_agent
from game.engine import Action, reduce_view
from game.net.protocol import (
    MAX_SERVER_MESSAGE,
    SERVER_MESSAGES,
    ProtocolError,
    decode,
    digest,
    encode,
)

#: refusals in a row (other than for being late) after which the client gives up: its agent is broken
MAX_WRONG_IN_ROW = 20
#: errors after which a client gives up instead of retrying
FATAL = {"bad_password", "bad_token", "table_full", "replaced", "bad_version"}


class JoinError(RuntimeError):
    """The server refused the seat (wrong password, unknown token, full table, ...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


class Client:
    """One seat's player over the network. ``await client.play()`` returns the session's summary."""

    def __init__(
        self,
        url: str,
        agent: str = "random",
        token: str | None = None,
        password: str | None = None,
        log: TextIO | None = None,
        seed: int | None = None,
        think: float = 0.0,
        retries: int = 5,
        stop_after: int | None = None,
        jitter: bool = False,
        keep_events: bool = True,
    ) -> None:
        self.url = url
        self.agent_name = agent
        self.token = token
        self.password = password
        self.log = log
        self.seed = seed
        self.think = think
        self.jitter = random.Random(seed) if jitter else None  # think 0.5-1.5x as long, at random (bench)
        self.retries = retries
        self.stop_after = stop_after  # tests: vanish after this many own actions
        self.agent: Any = None
        self.seat: int | None = None
        self.game: str | None = None
        self.view: dict[str, Any] | None = None
        self.step = 0
        self.keep_events = keep_events
        self.received: list[tuple[int, dict[str, Any]]] = []  # (step, event) in order, if keep_events
        self.checks = 0
        self.mismatches = 0
        self.refusals: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.statuses: list[tuple[int, str]] = []
        self.rtts: list[float] = []
        self.result: dict[str, Any] | None = None
        self.acted = 0
        self._next_id = 0
        self._sent: dict[int, float] = {}
        self._attempts = 0
        self._pending: tuple[int, str] | None = None  # the action sent and not yet answered
        self._wrong_in_row = 0

    # ------------------------------------------------------------------ the session
    async def play(self) -> dict[str, Any]:
        while True:
            try:
                # max_queue=None: the library reads on while the agent thinks, so it sees (and answers) the
                # server's close at once; with a bounded queue a send made then waits for the close timeout
                async with connect(
                    self.url, max_size=MAX_SERVER_MESSAGE, max_queue=None, compression=None, proxy=None,
                    open_timeout=10, ping_interval=20, ping_timeout=20, close_timeout=5,
                ) as ws:
                    await self._session(ws)
                problem: Exception = ConnectionError("the table closed the connection")
            except JoinError:
                raise
            except InvalidURI as exc:
                raise ValueError(f"not a table address: {self.url}") from exc
            except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError) as exc:
                problem = exc
            if self.result is not None:
                return self.result
            if self.stop_after is not None and self.acted >= self.stop_after:
                raise ConnectionError("vanished on purpose")
            self._attempts += 1
            if self._attempts > self.retries or self.token is None:
                raise ConnectionError(f"lost the table at {self.url}: {problem}")
            await asyncio.sleep(min(0.2 * 2 ** self._attempts, 5.0))

    async def _session(self, ws: Any) -> None:
        join: dict[str, Any] = {}
        if self.password is not None:
            join["password"] = self.password
        if self.token is not None:
            join["token"] = self.token
        await ws.send(encode("join", **join))
        async for raw in ws:
            msg = decode(raw, SERVER_MESSAGES, MAX_SERVER_MESSAGE)
            kind = msg["type"]
            if kind == "welcome":
                self._welcome(msg)
            elif kind == "events":
                self._events(msg)
            elif kind == "check":
                self.checks += 1
                if self.view is not None and digest(self.view) != msg["digest"]:
                    self.mismatches += 1
                    print(f"cantina join: seat {self.seat}: the folded view differs from the server's at "
                          f"step {msg['step']}", file=sys.stderr)
            elif kind == "refused":
                self.refusals.append(msg)
                if self._pending is not None and self._pending[0] == msg["id"]:
                    self._pending = None
                if msg["code"] not in ("stale_turn", "not_your_turn"):  # late is not wrong; wrong again and again is
                    self._wrong_in_row += 1
                    if self._wrong_in_row > MAX_WRONG_IN_ROW:
                        raise RuntimeError(f"the agent keeps choosing refused actions ({msg['code']})")
            elif kind == "seat":
                self.statuses.append((msg["seat"], msg["status"]))
            elif kind == "over":
                self.result = msg["result"]
                return
            elif kind == "error":
                self.errors.append(msg)
                if msg["code"] in FATAL:
                    raise JoinError(msg["code"], msg["message"])
                if msg["code"] == "rate_limited" and self._pending is not None:
                    # our action was dropped unread (we send one a turn, so it was this one): send it again
                    await asyncio.sleep(0.25)
                    await self._send(ws, self._pending[1])
            turn = msg.get("turn")
            if turn is not None and kind in ("welcome", "events", "refused"):
                await self._act(ws, turn)

    def _welcome(self, msg: dict[str, Any]) -> None:
        self.seat, self.token, self.game = msg["seat"], msg["token"], msg["game"]
        self.view, self.step = msg["view"], msg["step"]
        self._attempts = 0
        self._pending = None
        if self.agent is None:
            self.agent = make_agent(self.agent_name, self.game, seed=self.seed)
        if self.log is not None:
            self.log.write(json.dumps({"seat": self.seat, "token": self.token}) + "\n")
            self.log.flush()

    def _events(self, msg: dict[str, Any]) -> None:
        assert self.view is not None, "events before a welcome"
        if msg["step"] != self.step and msg["events"]:
            raise ProtocolError("bad_message", f"expected event {self.step}, got {msg['step']}")
        for i, event in enumerate(msg["events"]):
            self.view = reduce_view(self.view, event)
            if self.keep_events:
                self.received.append((msg["step"] + i, event))
            if self.log is not None:
                self.log.write(json.dumps({"step": msg["step"] + i, "event": event}) + "\n")
        if self.log is not None and msg["events"]:
            self.log.flush()
        self.step = msg["step"] + len(msg["events"])
        ack = msg.get("ack")
        if ack is not None and ack in self._sent:
            self.rtts.append(time.perf_counter() - self._sent.pop(ack))
            if self._pending is not None and self._pending[0] == ack:
                self._pending = None
            self._wrong_in_row = 0

    async def _act(self, ws: Any, turn: dict[str, Any]) -> None:
        assert self.view is not None and self.agent is not None
        if self.stop_after is not None and self.acted >= self.stop_after:
            ws.transport.abort()  # vanish, as a killed process would
            return
        if self.think:
            await asyncio.sleep(self.think * (0.5 + self.jitter.random()) if self.jitter else self.think)
        legal = [Action.from_dict(a) for a in turn["legal"]]
        action = self.agent.choose(self.view, legal)
        self._next_id += 1
        self._sent[self._next_id] = time.perf_counter()
        self.acted += 1
        text = encode("act", id=self._next_id, at=turn["at"], action=action.to_dict())
        self._pending = (self._next_id, text)
        await self._send(ws, text)

    @staticmethod
    async def _send(ws: Any, text: str) -> None:
        """Send, unless the server has closed: then read on, as what it sent before closing (the summary,
        say) is still waiting to be read."""
        with contextlib.suppress(ConnectionClosed):
            await ws.send(text)


def main(args: Any) -> int:
    """``cantina join URL --agent NAME``: play one seat headless; prints the summary JSON as the last line."""
    if not args.agent:
        print("cantina join: without --agent the seat opens in the game window (python -m game join URL)",
              file=sys.stderr)
        return 2
    log = Path(args.log).open("w", encoding="utf-8") if args.log else None  # noqa: SIM115
    client = Client(args.url, args.agent, token=args.token, password=args.password, log=log, seed=args.agent_seed,
                    think=args.think)
    try:
        result = asyncio.run(client.play())
    except JoinError as exc:
        print(f"cantina join: refused: {exc}", file=sys.stderr)
        return 1
    except (ConnectionError, ProtocolError, RuntimeError) as exc:
        print(f"cantina join: {exc}", file=sys.stderr)
        return 1
    finally:
        if log is not None:
            log.close()
    print(f"cantina join: seat {client.seat}, {client.checks} view checks, {client.mismatches} mismatches",
          file=sys.stderr)
    print(json.dumps(result, separators=(",", ":")))
    return 0 if client.mismatches == 0 else 1
