"""A network table: the server holds the only ``State``; each client sees exactly what its seat may see.

One asyncio event loop serves one table (``cantina serve``) or many (:class:`Hall`, for ``bench net``): tables
are picked by the request path (``/`` for a lone table, ``/t/<n>`` in a hall). A client's action is checked by
the engine the moment it arrives (``state.apply(action, seat)``: its own seat, never another); the events go
to every connected seat as ``Event.visible_to(seat)``. AI seats, and remote seats whose player is away past
the host's timeout, are played by ``game.ai`` agents on a worker thread, so a slow search never holds up the
other tables' messages.

Faults: every message passes :mod:`game.net.protocol` (size limit, strict fields); a token bucket limits each
connection's rate; repeated faults, floods and slow readers close that connection only; a seat dropped is kept
for its reconnect token. The table's seed comes from :mod:`secrets` unless the host gives one, and never leaves
the server: clients get views, visible events, their legal actions and the summary without the seed.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hmac
import json
import secrets
import signal
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.ai import make_agent
from game.ai.seeds import agent_seed, new_secret
from game.engine import Action, IllegalAction, create
from game.engine.core import Event, parse_options
from game.engine.tally import Tally
from game.net.protocol import (
    CLIENT_MESSAGES,
    MAX_CLIENT_MESSAGE,
    ProtocolError,
    decode,
    digest,
    encode,
    encode_events,
    encode_list,
)

REMOTE = "remote"
#: a connection that sends this many faulty messages (bad JSON, unknown fields, ...) is closed
MAX_FAULTS = 20
#: messages dropped in a row by the rate limit after which a connection counts as a flood and is closed
MAX_DROPPED = 50
#: messages queued to one client beyond which it counts as not reading (it is closed; it may rejoin)
MAX_OUTBOX = 2000
#: seconds a new connection has to join before it is closed
JOIN_TIMEOUT = 10.0


class Bucket:
    """A token bucket: ``rate`` messages a second on average, bursts of up to ``burst``."""

    __slots__ = ("burst", "level", "rate", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.level, self.stamp = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level >= 1.0:
            self.level -= 1.0
            return True
        return False


class Conn:
    """One client connection: its outgoing queue (written by its own task, so a slow reader stalls nobody)."""

    def __init__(self, ws: ServerConnection, rate: float, burst: float) -> None:
        self.ws = ws
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.seat: int | None = None
        self.bucket = Bucket(rate, burst)
        self.faults = 0
        self.dropped = 0
        self.closed = False
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= MAX_OUTBOX:
            self.close(1008, "too_slow")
            return
        self.outbox.put_nowait(text)

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Flush what is queued, then close (the writer task does it, in order)."""
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(None)
            self.close_args = (code, reason)

    async def _write(self) -> None:
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    await self.ws.close(*self.close_args)
                    return
                await self.ws.send(text)
        except ConnectionClosed:
            pass


class SeatSlot:
    """A seat at a served table: an AI, or a remote player (with its token, connection and absence)."""

    def __init__(self, index: int, agent: str) -> None:
        self.index = index
        self.remote = agent == REMOTE
        self.agent = agent
        self.token: str | None = None
        self.conn: Conn | None = None
        self.away_since: float | None = None
        self.standing_in = False


class Table:
    """One served table session: the State, its seats, the log, and the loop that plays AI seats and timeouts."""

    def __init__(
        self,
        game: str,
        agents: list[str],
        rounds: int = 10,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        password: str | None = None,
        timeout: float = 60.0,
        stand_in: str = "regular",
        log: TextIO | None = None,
        rate: float = 30.0,
        burst: float = 60.0,
    ) -> None:
        if not agents:
            raise ValueError("a table needs --agents, one per seat (e.g. shark,remote,remote)")
        self.seed = secrets.randbits(64) if seed is None else seed
        opts = dict(options or {})
        opts.pop("rounds", None)
        self.state = create(game, seats=len(agents), seed=self.seed, options={**opts, "rounds": rounds})
        for name in agents:
            if name != REMOTE:
                make_agent(name, game)  # an unknown name is refused now, not mid-session
        make_agent(stand_in, game)
        self.seats = [SeatSlot(i, a) for i, a in enumerate(agents)]
        # the agents' seeds: keyed one-way from a fresh secret (game.ai.seeds, as quick tables do), never from the
        # table's seed, so a client watching an AI's choices learns nothing of the deck or the dice
        secret = new_secret()
        self.agents = [
            make_agent(a if a != REMOTE else stand_in, game, seed=agent_seed(secret, "seat", i))
            for i, a in enumerate(agents)
        ]
        self.stand_in = stand_in
        self.password = password
        self.timeout = timeout
        self.rate, self.burst = rate, burst
        #: open connections to this table, and the most it takes at once (its seats, rejoins, a few strays)
        self.connections = 0
        self.max_connections = 2 * len(agents) + 8
        self.log = log
        self.tally = Tally(self.state, agents, self.seed, opts)
        self.step = 0
        self.actions = 0
        self.turn_clock = time.monotonic()
        self.started = asyncio.Event()
        self.moved = asyncio.Event()
        self.done = asyncio.Event()
        self.result: dict[str, Any] | None = None
        self._record(self.state.opening_events)
        self.tally.feed(self.state.opening_events)
        self.step = len(self.state.opening_events)
        if not any(s.remote for s in self.seats):
            self.started.set()

    # ------------------------------------------------------------------ the log and the messages
    def _record(self, events: list[Event]) -> None:
        if self.log is not None:
            for i, e in enumerate(events):
                self.log.write(json.dumps({"step": self.step + i, "event": e.to_dict()}, separators=(",", ":")))
                self.log.write("\n")
            self.log.flush()

    def _turn(self, seat: int) -> dict[str, Any] | None:
        """The seat's choices, if it is its turn (and play has started)."""
        state = self.state
        if state.current_seat != seat or not self.started.is_set():
            return None
        legal = state.legal_actions()
        ranges = {}
        for kind in sorted({a.kind for a in legal}):
            r = state.amount_range(kind)
            if r is not None:
                ranges[kind] = list(r)
        return {"at": self.actions, "legal": [a.to_dict() for a in legal], "ranges": ranges}

    def _broadcast(self, events: list[Event], actor: Conn | None = None, ack: int | None = None) -> None:
        self._record(events)
        self.tally.feed(events)
        first = self.step
        self.step += len(events)
        self.actions += 1
        self.turn_clock = time.monotonic()
        check = self.state.is_over or any(e.kind == "round_over" for e in events)
        # a seat sees an event's secret only if the event is its own: every other seat sees the public list,
        # encoded once here (a seat's own secret events get their own text)
        secret_seats = {e.seat for e in events if e.secret is not None}
        public: str | None = None
        for s in self.seats:
            conn = s.conn
            if conn is None:
                continue
            if s.index in secret_seats:
                events_json = encode_list([e.visible_to(s.index) for e in events])
            else:
                if public is None:
                    public = encode_list([e.visible_to(None) for e in events])
                events_json = public
            conn.send(encode_events(first, events_json, ack if conn is actor else None, self._turn(s.index)))
            if check:
                conn.send(encode("check", step=self.step, digest=digest(self.state.view(s.index))))
        self.moved.set()

    def _seat_status(self, seat: int, status: str) -> None:
        text = encode("seat", seat=seat, status=status)
        for s in self.seats:
            if s.conn is not None:
                s.conn.send(text)

    # ------------------------------------------------------------------ joining and leaving
    def join(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.seat is not None:
            conn.send(encode("error", code="already_joined", message="this connection already has a seat"))
            return
        if self.password is not None and not hmac.compare_digest(
            str(msg.get("password", "")).encode("utf-8"), self.password.encode("utf-8")
        ):
            conn.send(encode("error", code="bad_password", message="wrong or missing password"))
            conn.close(1008, "bad_password")
            return
        token = msg.get("token")
        slot: SeatSlot | None = None
        if token is not None:
            for s in self.seats:
                if s.token is not None and hmac.compare_digest(s.token.encode(), token.encode()):
                    slot = s
            if slot is None:
                conn.send(encode("error", code="bad_token", message="no seat has this token"))
                conn.close(1008, "bad_token")
                return
            if slot.conn is not None:
                old = slot.conn
                old.seat = None
                old.send(encode("error", code="replaced", message="the seat was taken back with its token"))
                old.close(1000, "replaced")
        else:
            slot = next((s for s in self.seats if s.remote and s.token is None), None)
            if slot is None or self.done.is_set():
                conn.send(encode("error", code="table_full", message="every remote seat is taken"))
                conn.close(1008, "table_full")
                return
            slot.token = secrets.token_hex(16)  # 128 bits; hex, so it never reads as a command-line option
        assert slot.token is not None
        was_away = slot.away_since is not None or slot.standing_in
        slot.conn, conn.seat = conn, slot.index
        slot.away_since, slot.standing_in = None, False
        if self.state.current_seat == slot.index:
            self.turn_clock = time.monotonic()  # a fresh turn's time for a player back at their turn
        starting = not self.started.is_set() and all(s.token is not None for s in self.seats if s.remote)
        if starting:
            self.started.set()
            self.turn_clock = time.monotonic()
        welcome: dict[str, Any] = {
            "seat": slot.index,
            "token": slot.token,
            "game": self.state.game_id,
            "seats": self.state.n,
            "agents": [s.agent for s in self.seats],
            "step": self.step,
            "view": self.state.view(slot.index),
        }
        turn = self._turn(slot.index)
        if turn is not None:
            welcome["turn"] = turn
        conn.send(encode("welcome", **welcome))
        current = self.state.current_seat
        waiting = self.seats[current].conn if current is not None and current != slot.index else None
        if starting and waiting is not None and current is not None:
            # play starts now: the seat to act, which joined earlier, learns its choices
            waiting.send(encode("events", step=self.step, events=[], turn=self._turn(current)))
        if was_away:
            self._seat_status(slot.index, "back")
        if self.done.is_set() and self.result is not None:
            conn.send(encode("over", result=self.client_result()))
            conn.close()
        self.moved.set()

    def leave(self, conn: Conn) -> None:
        seat = conn.seat
        conn.seat = None
        if seat is None or self.seats[seat].conn is not conn:
            return
        slot = self.seats[seat]
        slot.conn = None
        slot.away_since = time.monotonic()
        if not self.done.is_set():
            self._seat_status(seat, "away")
        self.moved.set()

    # ------------------------------------------------------------------ actions
    def act(self, conn: Conn, msg: dict[str, Any]) -> None:
        seat = conn.seat
        if seat is None:
            conn.send(encode("error", code="not_joined", message="join first"))
            return
        ident = msg["id"]
        try:
            if not self.started.is_set():
                raise IllegalAction("play starts when every remote seat is taken", "not_started", {"seat": seat})
            if msg["at"] != self.actions and self.state.current_seat == seat:
                raise IllegalAction(
                    f"that action answers turn {msg['at']}; the table is at {self.actions}", "stale_turn",
                    {"at": msg["at"], "now": self.actions},
                )
            action = Action.from_dict(msg["action"])
            try:
                events = self.state.apply(action, seat)
            except IllegalAction:
                raise
            except Exception as exc:  # an engine that fails on odd input: refuse it, keep the table, say so
                traceback.print_exc(file=sys.stderr)
                raise IllegalAction(f"the table could not read that action ({type(exc).__name__})",
                                    "malformed_action", {}) from None
        except IllegalAction as refusal:
            answer: dict[str, Any] = {
                "id": ident, "code": refusal.code, "params": _jsonable(refusal.params), "message": str(refusal),
            }
            turn = self._turn(seat)
            if turn is not None:
                answer["turn"] = turn
            conn.send(encode("refused", **answer))
            return
        if self.seats[seat].standing_in:
            self.seats[seat].standing_in = False
            self._seat_status(seat, "back")
        self._broadcast(events, conn, ident)

    # ------------------------------------------------------------------ the table's own loop
    def _deadline(self, slot: SeatSlot) -> float:
        """When the stand-in plays for a remote seat to act: ``timeout`` after its player left, or after its
        turn began (a player who is there but does not act)."""
        if slot.conn is None and slot.away_since is not None:
            return slot.away_since + self.timeout
        return self.turn_clock + self.timeout

    async def run(self) -> dict[str, Any]:
        """Play the session to its end; returns the summary (seed included: for the host only)."""
        loop = asyncio.get_running_loop()
        await self.started.wait()
        state = self.state
        while not state.is_over:
            seat = state.current_seat
            assert seat is not None
            slot = self.seats[seat]
            if slot.remote:
                deadline = self._deadline(slot)
                now = time.monotonic()
                if deadline > now:
                    self.moved.clear()
                    # asyncio.timeout, not wait_for: this wakes on every action at the table, and wait_for
                    # would start (and end) a task each time
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(deadline - now):
                            await self.moved.wait()
                    continue
                if not slot.standing_in:
                    slot.standing_in = True
                    self._seat_status(seat, "stand_in")
            before = self.actions
            view, legal = state.view(seat), state.legal_actions()
            action = await loop.run_in_executor(None, self.agents[seat].choose, view, legal)
            if self.actions != before or state.is_over:
                continue  # the seat's player came back and acted while the stand-in thought
            events = state.apply(action, seat)
            self._broadcast(events)
            if slot.remote and slot.conn is not None and slot.standing_in:
                slot.standing_in = False  # connected but slow: the stand-in played this one turn only
                self._seat_status(seat, "back")
        self.result = self.tally.result(state)
        over = encode("over", result=self.client_result())
        for s in self.seats:
            if s.conn is not None:
                s.conn.send(over)
                s.conn.close()
        self.done.set()
        return self.result

    def client_result(self) -> dict[str, Any]:
        assert self.result is not None
        return {k: v for k, v in self.result.items() if k != "seed"}



def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


class Hall:
    """The tables one server process hosts, found by request path: ``/`` (a lone table) or ``/t/<n>``."""

    def __init__(self, tables: dict[str, Table]) -> None:
        self.tables = tables

    def table_for(self, path: str) -> Table | None:
        if len(self.tables) == 1:
            return next(iter(self.tables.values()))
        return self.tables.get(path.split("?")[0])

    async def handler(self, ws: ServerConnection) -> None:
        table = self.table_for(ws.request.path if ws.request is not None else "/")
        if table is None:
            await ws.close(1008, "no such table")
            return
        if table.connections >= table.max_connections:
            await ws.close(1013, "too many connections: try again later")
            return
        table.connections += 1
        conn = Conn(ws, table.rate, table.burst)
        def unjoined() -> None:
            if conn.seat is None:
                conn.close(1008, "join timeout")

        join_timer = asyncio.get_running_loop().call_later(JOIN_TIMEOUT, unjoined)
        try:
            async for raw in ws:
                if conn.closed:
                    continue  # read on, so the closing handshake can finish; the library bounds it in time
                if not conn.bucket.take():
                    # dropped unread, and said so (an honest client sends its action again a moment later);
                    # a client that keeps sending into the limit is a flood and is closed
                    conn.dropped += 1
                    conn.send(encode("error", code="rate_limited", message="too many messages: dropped"))
                    if conn.dropped > MAX_DROPPED:
                        conn.close(1008, "flood")
                    continue
                conn.dropped = 0
                try:
                    msg = decode(raw, CLIENT_MESSAGES, MAX_CLIENT_MESSAGE)
                except ProtocolError as fault:
                    conn.faults += 1
                    conn.send(encode("error", code=fault.code, message=str(fault)))
                    if conn.faults > MAX_FAULTS:
                        conn.close(1008, "too many faults")
                    continue
                if msg["type"] == "join":
                    table.join(conn, msg)
                else:
                    table.act(conn, msg)
        except ConnectionClosed:
            pass
        finally:
            table.connections -= 1
            join_timer.cancel()
            table.leave(conn)
            conn.close()
            try:
                await asyncio.wait_for(conn.writer, 5)
            except (TimeoutError, ConnectionClosed):
                ws.transport.abort()


async def open_hall(hall: Hall, host: str, port: int) -> tuple[Any, int]:
    """Listen for the hall's clients; returns the server and the port it got (``port`` 0: any free one)."""
    server = await serve(
        hall.handler, host, port,
        max_size=MAX_CLIENT_MESSAGE, compression=None, max_queue=32,
        ping_interval=20, ping_timeout=20, open_timeout=10, close_timeout=5,
    )
    real_port = server.sockets[0].getsockname()[1] if server.sockets else port
    return server, real_port


async def serve_table(table: Table, host: str = "127.0.0.1", port: int = 0,
                      announce: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Serve one table until its session is over; returns its summary."""
    hall = Hall({"/": table})
    server, real_port = await open_hall(hall, host, port)
    if announce is not None:
        announce(real_port)
    try:
        result = await table.run()
        # let the last messages go out before the listener closes
        for s in table.seats:
            if s.conn is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(s.conn.writer, 5)
        return result
    finally:
        server.close()
        await server.wait_closed()


def main(args: Any) -> dict[str, Any]:
    """``cantina serve``: the table from the command line; returns the summary for the caller to print."""
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    log = Path(args.log).open("w", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        table = Table(
            args.game, agents, rounds=args.rounds, seed=args.seed, options=parse_options(args.option),
            password=args.password, timeout=args.timeout, stand_in=args.stand_in, log=log,
        )

        def announce(port: int) -> None:
            remote = sum(a == REMOTE for a in agents)
            print(f"cantina: serving {args.game} on ws://{args.host}:{port} ({remote} remote seat(s))",
                  file=sys.stderr, flush=True)
            if args.host not in ("127.0.0.1", "localhost", "::1"):
                print("cantina: listening beyond this machine (plain ws://, no TLS): put it behind a TLS proxy "
                      "for the internet" + ("" if args.password else ", and give it a --password"),
                      file=sys.stderr, flush=True)

        try:
            return asyncio.run(serve_table(table, args.host, args.port, announce))
        except OSError as exc:  # the port is taken, the address is not this machine's, ...
            raise ValueError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    finally:
        if log is not None:
            log.close()


#: the cyclic collector's thresholds in a hall (gen0 allocations, gen0 runs per gen1, gen1 runs per gen2):
#: Python's (700, 10, 10) ran a collection every few actions with hundreds of tables; measured at 400 tables
#: that was ~10 % of the server's CPU, with pauses of up to 15 ms (gen1) and 48 ms (gen2) CPU, each one
#: late news for every table at once. Play makes few reference cycles, so rarer collections cost little memory.
HALL_GC_THRESHOLDS = (20_000, 20, 20)


def settle_gc() -> None:
    """Collect once, freeze what is left (the tables: later collections skip them) and collect rarely."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*HALL_GC_THRESHOLDS)


def hall_main(argv: list[str] | None = None) -> int:
    """``python -m game.net.server --tables N ...``: many tables in one process, at ``/t/0`` ... ``/t/N-1``
    (what ``bench net`` measures). Prints ``port <P>`` on stdout once listening; runs until every session ends."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m game.net.server")
    ap.add_argument("--tables", type=int, default=1)
    ap.add_argument("--game", default="kinzo")
    ap.add_argument("--agents", default="remote,remote,remote")
    ap.add_argument("--rounds", type=int, default=100000)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--rate", type=float, default=30.0)
    ap.add_argument("--burst", type=float, default=60.0)
    args = ap.parse_args(argv)
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    options = parse_options(args.option)

    async def run() -> None:
        tables = {
            f"/t/{i}": Table(args.game, agents, rounds=args.rounds, options=options, timeout=args.timeout,
                             rate=args.rate, burst=args.burst)
            for i in range(args.tables)
        }
        settle_gc()
        server, port = await open_hall(Hall(tables), args.host, args.port)
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        lags: list[float] = []

        async def ticker() -> None:  # how late the loop runs a 10 ms timer: the server's own queueing
            while True:
                t0 = loop.time()
                await asyncio.sleep(0.01)
                lags.append(loop.time() - t0 - 0.01)

        tick = loop.create_task(ticker())
        print(f"port {port}", flush=True)
        sessions: asyncio.Future[Any] = asyncio.gather(*(t.run() for t in tables.values()))
        stopping: asyncio.Future[Any] = loop.create_task(stop.wait())
        await asyncio.wait([sessions, stopping], return_when=asyncio.FIRST_COMPLETED)
        for task in (tick, stopping, sessions):
            task.cancel()
        await asyncio.gather(tick, stopping, sessions, return_exceptions=True)
        server.close()
        lags.sort()
        print(json.dumps({
            "cpu_s": time.process_time(),
            "loop_lag_p50_ms": 1000 * lags[len(lags) // 2] if lags else None,
            "loop_lag_p99_ms": 1000 * lags[int(0.99 * len(lags))] if lags else None,
        }), flush=True)

    asyncio.run(run())
    return 0


if __name__ == "__main__":
    sys.exit(hall_main())
