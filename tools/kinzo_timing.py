"""The README's Kinzo shark decision times, in whatever configuration runs this script (the app's is numpy built
without BLAS: see README "Build the app"; ``CANTINA_PURE_KINZO=1`` for the pure-Python walk).

    nice -n 10 python tools/kinzo_timing.py [SESSIONS]      # default 60 sessions of 10 rounds, seed 1

Seeded tables of 2 to 6 seats, sharks and regulars alternating round the table (the shark's heaviest decisions
are a seat that may still split early in the deck; more seats deal more of the deck first). Every shark decision
with a play to choose (stay, hit, split) is timed around ``choose`` as it is played, so the solver's caches behave
as at a real table (a hand's first decision is the heavy one, its later ones reuse what it solved). Wall time and
CPU time (``time.process_time``: the process's, so numpy's own threads would count too) are both reported: on a
shared machine the wall clock also counts the time other processes held the core.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import kinzo as kai
from game.engine import create
from game.measure.ai import bench_agents, percentile

PLAYS = {"stay", "hit", "split"}


def _config() -> str:
    """Which solver path and numpy this run has (the bulk path is numpy's, imported on first need)."""
    bulk = kai._bulk()
    if bulk is None:
        why = "CANTINA_PURE_KINZO set" if os.environ.get("CANTINA_PURE_KINZO", "") not in ("", "0") else "no numpy"
        return f"pure-Python walk ({why})"
    import numpy as np

    blas = np.__config__.CONFIG.get("Build Dependencies", {}).get("blas", {})
    linked = blas.get("name", "?") if blas.get("found") else "none"
    return f"numpy {np.__version__} bulk solve (BLAS: {linked})"


def measure(sessions: int, seed: int = 1) -> dict[str, list[float]]:
    """Wall and CPU seconds of every shark play decision over ``sessions`` seeded sessions of 10 rounds."""
    wall: list[float] = []
    cpu: list[float] = []
    for i in range(sessions):
        seats = 2 + i % 5
        names = ["shark" if s % 2 == 0 else "regular" for s in range(seats)]
        state = create("kinzo", seats=seats, seed=seed + i, options={"rounds": 10})
        agents = bench_agents(names, "kinzo", seed + i)
        while (seat := state.current_seat) is not None:
            view, legal = state.view(seat), state.legal_actions()
            timed = names[seat] == "shark" and any(a.kind in PLAYS for a in legal)
            w0, c0 = time.perf_counter(), time.process_time()
            action = agents[seat].choose(view, legal)
            if timed:
                cpu.append(time.process_time() - c0)
                wall.append(time.perf_counter() - w0)
            state.apply(action)
    return {"wall": wall, "cpu": cpu}


def main(sessions: int) -> None:
    print(f"Kinzo shark play decisions, {sessions} sessions x 10 rounds, 2-6 seats, seed 1: {_config()}")
    started = time.perf_counter()
    times = measure(sessions)
    for name, values in times.items():
        ms = [v * 1000 for v in values]
        print(f"  {name:4}: {len(ms)} decisions, p50 {percentile(ms, 0.5):.2f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
              f"max {max(ms, default=0.0):.1f} ms")
    print(f"  ({time.perf_counter() - started:.0f} s; {time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
