"""``python -m game bench net --tables N``: N tables served by one server process, played by bot clients.

The server (``python -m game.net.server``) runs in its own process, so its CPU is measured apart from the
clients' (read from ``/proc/<pid>/stat``, Linux). Every seat is a remote bot client; the clients are spread
over ``--client-procs`` processes (default one per CPU, at most 4), each one asyncio loop, because real clients
each run on their own machine: 600 of them folding views in one loop would add that loop's queueing to every
round trip and be measured as the server's. Each client waits about ``--think`` seconds (0.5-1.5x, at random,
as players do: a fixed pause makes every table act in the same instant) and then acts with the ``random``
agent, so the load is N tables' worth of players acting at a steady pace. Measured after a warm-up, for ``--seconds``:

* **round trip**: from a client sending its action to it receiving the events that action caused (the server
  checks it, applies it, sends every seat its visible events), p50 / p99 / max in ms;
* **server CPU**: per table, in % of one core, and per action in µs; the actions served a second;
* **load**: the machine's 1-minute load average before and after (this machine is shared: a p99 means little
  without it).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import platform
import subprocess
import sys
import threading
import time
from typing import Any

from game.net.client import Client

WARMUP = 2.0


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` (Linux ``/proc``), or None elsewhere."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _drive(port: int, table_ids: range, seats: int, think: float, begin: float,
                 end: float) -> dict[str, Any]:
    """Play ``table_ids``' seats in this process; measure from wall time ``begin`` to ``end`` (``time.time``,
    shared by every client process, so their windows match the server CPU window the parent reads)."""
    clients = [
        Client(f"ws://127.0.0.1:{port}/t/{t}", "random", seed=t * 10 + s, think=think, retries=0, jitter=True,
               keep_events=False)
        for t in table_ids
        for s in range(seats)
    ]
    tasks = [asyncio.create_task(c.play()) for c in clients]
    loop = asyncio.get_running_loop()
    lags: list[float] = []

    async def ticker() -> None:  # how late this process runs a 10 ms timer: the clients' own queueing
        while True:
            t0 = loop.time()
            await asyncio.sleep(0.01)
            lags.append(loop.time() - t0 - 0.01)

    tick = loop.create_task(ticker())
    await asyncio.sleep(max(0.0, begin - time.time()))
    for c in clients:
        c.rtts.clear()
    lags.clear()
    acted0 = sum(c.acted for c in clients)
    own0 = time.process_time()
    await asyncio.sleep(max(0.0, end - time.time()))
    own1 = time.process_time()
    acted = sum(c.acted for c in clients) - acted0
    rtts = [r for c in clients for r in c.rtts]
    tick.cancel()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"acted": acted, "rtts": rtts, "cpu": own1 - own0, "lags": lags,
            "mismatches": sum(c.mismatches for c in clients)}


def _drive_in_process(port: int, table_ids: range, seats: int, think: float, begin: float,
                      end: float) -> dict[str, Any]:
    """One client process's share (what a pool worker runs)."""
    return asyncio.run(_drive(port, table_ids, seats, think, begin, end))


def _load() -> float | None:
    """The 1-minute load average (the machine is shared: a number measured at load 7 means something else)."""
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None


def _measure(port: int, tables: int, seats: int, think: float, seconds: float, pid: int, warmup: float,
             procs: int) -> dict[str, Any]:
    """Drive the tables from ``procs`` client processes (1: this one) and read the server's CPU meanwhile."""
    procs = max(1, min(procs, tables))
    shares = [range(tables * i // procs, tables * (i + 1) // procs) for i in range(procs)]
    # the clients' processes start (imports, connections) before the shared window opens
    begin = time.time() + warmup + (1.5 if procs > 1 else 0.0)
    end = begin + seconds
    load0 = _load()
    window: dict[str, float | None] = {}

    def read_server_cpu() -> None:  # on a thread: the clients may be playing in this very process
        time.sleep(max(0.0, begin - time.time()))
        window["cpu0"], window["wall0"] = _cpu_seconds(pid), time.perf_counter()
        time.sleep(max(0.0, end - time.time()))
        window["cpu1"], window["wall1"] = _cpu_seconds(pid), time.perf_counter()

    reader = threading.Thread(target=read_server_cpu, daemon=True)
    reader.start()
    if procs == 1:
        parts = [_drive_in_process(port, shares[0], seats, think, begin, end)]
    else:
        ctx = multiprocessing.get_context("spawn")  # no forked copy of this process's state
        with ctx.Pool(procs) as pool:
            pending = [pool.apply_async(_drive_in_process, (port, share, seats, think, begin, end))
                       for share in shares]
            parts = [p.get(timeout=warmup + seconds + 60) for p in pending]
    reader.join()
    cpu0, cpu1 = window["cpu0"], window["cpu1"]
    wall = (window["wall1"] or 0.0) - (window["wall0"] or 0.0)
    server_cpu = None if cpu0 is None or cpu1 is None else cpu1 - cpu0
    return _combine(parts, wall, server_cpu, tables, procs, load0, _load())


def _combine(parts: list[dict[str, Any]], wall: float, server_cpu: float | None, tables: int, procs: int,
             load0: float | None, load1: float | None) -> dict[str, Any]:
    acted = sum(p["acted"] for p in parts)
    rtts = [r for p in parts for r in p["rtts"]]
    lags = sorted(lag for p in parts for lag in p["lags"])
    return {
        "actions": acted,
        "actions_per_s": acted / wall,
        "round_trips": len(rtts),
        "rtt_p50_ms": _percentile(rtts, 0.50) * 1000,
        "rtt_p99_ms": _percentile(rtts, 0.99) * 1000,
        "rtt_max_ms": max(rtts) * 1000 if rtts else float("nan"),
        "server_cpu_percent": None if server_cpu is None else 100 * server_cpu / wall,
        "server_cpu_percent_per_table": None if server_cpu is None else 100 * server_cpu / wall / tables,
        "server_cpu_us_per_action": None if server_cpu is None or not acted else 1e6 * server_cpu / acted,
        "client_procs": procs,
        "client_cpu_percent": 100 * sum(p["cpu"] for p in parts) / wall,
        "client_loop_lag_p99_ms": 1000 * lags[int(0.99 * len(lags))] if lags else None,
        "view_mismatches": sum(p["mismatches"] for p in parts),
        "load_before": load0,
        "load_after": load1,
        "seconds": wall,
    }


def net_bench(tables: int, seconds: float = 20.0, think: float = 0.5, game: str = "kinzo",
              seats: int = 3, warmup: float = WARMUP, client_procs: int | None = None) -> dict[str, Any]:
    """Serve ``tables`` tables of ``game`` (``seats`` remote bot seats each) and measure them (module doc).

    ``client_procs``: processes the bot clients are spread over (default: one per CPU, at most 4), as real
    clients each run on their own machine: one process's queueing would be counted in every round trip."""
    if tables < 1 or seats < 1 or seconds <= 0 or think < 0:
        raise ValueError("bench net needs --tables >= 1, seats >= 1, --seconds > 0 and --think >= 0")
    procs = client_procs if client_procs is not None else min(4, os.cpu_count() or 1)
    if procs < 1:
        raise ValueError(f"--client-procs must be at least 1, not {procs}")
    options = ["--option", "stack=1000000000"] if game == "kinzo" else ["--option", "stack=1000000"]
    server = subprocess.Popen(
        [sys.executable, "-m", "game.net.server", "--tables", str(tables), "--game", game,
         "--agents", ",".join(["remote"] * seats), "--rounds", "100000", "--rate", "1000", "--burst", "1000",
         *options],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if not line.startswith("port "):
            raise RuntimeError(f"the bench server did not start: {line!r}")
        port = int(line.split()[1])
        result = _measure(port, tables, seats, think, seconds, server.pid, warmup, procs)
        server.terminate()
        try:
            out, _ = server.communicate(timeout=20)
            stats = json.loads(out.strip().splitlines()[-1])
            result["server_loop_lag_p50_ms"] = stats["loop_lag_p50_ms"]
            result["server_loop_lag_p99_ms"] = stats["loop_lag_p99_ms"]
        except (subprocess.TimeoutExpired, ValueError, IndexError, KeyError):
            result["server_loop_lag_p99_ms"] = None
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    return {
        "game": game, "tables": tables, "seats": seats, "think_s": think, "python": platform.python_version(),
        "cpus": os.cpu_count(), **result,
    }


def format_net_bench(r: dict[str, Any]) -> str:
    def num(v: Any, fmt: str) -> str:
        return "n/a" if v is None else format(v, fmt)

    return "\n".join([
        f"bench net: {r['tables']} {r['game']} tables x {r['seats']} remote bot seats, think {r['think_s']} s, "
        f"{r['seconds']:.1f} s measured (Python {r['python']}, {r['cpus']} CPUs)",
        f"  actions served   {r['actions']} ({r['actions_per_s']:.0f}/s)",
        f"  round trip       p50 {r['rtt_p50_ms']:.2f} ms   p99 {r['rtt_p99_ms']:.2f} ms   "
        f"max {r['rtt_max_ms']:.1f} ms",
        f"  server CPU       {num(r['server_cpu_percent'], '.1f')} % of a core, "
        f"{num(r['server_cpu_percent_per_table'], '.3f')} % per table, "
        f"{num(r['server_cpu_us_per_action'], '.0f')} µs per action",
        f"  server loop lag  p99 {num(r.get('server_loop_lag_p99_ms'), '.1f')} ms (a 10 ms timer's lateness)",
        f"  clients' CPU     {r['client_cpu_percent']:.1f} % of a core ({r['client_procs']} process(es)), loop lag p99 "
        f"{num(r.get('client_loop_lag_p99_ms'), '.1f')} ms",
        f"  view mismatches  {r['view_mismatches']}",
        f"  load average     {num(r['load_before'], '.2f')} before, {num(r['load_after'], '.2f')} after",
    ])


def main(args: Any) -> int:
    game = (args.game or ["kinzo"])[0]
    seconds = 1.0 if args.quick else args.seconds
    result = net_bench(args.tables, seconds, args.think, game, warmup=0.5 if args.quick else WARMUP,
                       client_procs=getattr(args, "client_procs", None))
    print(json.dumps(result, indent=2) if args.json else format_net_bench(result))
    return 0 if result["view_mismatches"] == 0 else 1
