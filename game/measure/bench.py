"""``python -m game bench engine|render|ai|campaign|net|layout``: measurements, not tests.

``engine``: per game, random-playout rounds/s and actions/s on one core, ``clone()`` time and the save
round trip (``to_json`` + ``restore``) time. ``render`` and ``ai`` live with the UI and the AI, ``campaign``
(whole campaigns played by an AI player: reach rates, sittings, how often broke) with the campaign, ``net``
(tables served over localhost to bot clients: round trip and server CPU) in :mod:`game.measure.net`, ``layout``
(where every table paints its pieces, at every seat count and window) in :mod:`game.measure.layout`.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
import timeit
from collections.abc import Callable
from typing import Any

from game.engine import GAMES, create, restore
from game.engine.core import Rng

#: the table sizes benchmarked per game: the issue's reference point is the 2-seat table
_SEATS = {"kinzo": 3}


def _per_call(fn: Callable[[], Any], budget: float) -> float:
    """Seconds per call of ``fn``, best of 5 repeats of a loop sized to ``budget`` seconds."""
    number, _ = timeit.Timer(fn).autorange()
    number = max(1, int(number * budget / 0.2 / 5))
    return min(timeit.repeat(fn, number=number, repeat=5)) / number


def bench_game(game_id: str, seconds: float = 2.0) -> dict[str, Any]:
    """Random playouts of ``game_id`` for about ``seconds``, plus clone and save round-trip times."""
    cls = GAMES[game_id]
    seats = max(cls.min_seats, _SEATS.get(game_id, 2))
    rng = Rng(12345)
    rounds = actions = sessions = 0
    mid_states = []
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        state = create(game_id, seats=seats, seed=sessions, options={"rounds": 0})
        sessions += 1
        while state.current_seat is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            actions += 1
            if actions % 997 == 0 and len(mid_states) < 20:
                mid_states.append(state.clone())
        rounds += state.round_no
    elapsed = time.perf_counter() - t0
    sample = mid_states[len(mid_states) // 2] if mid_states else create(game_id, seats=seats, seed=1)
    budget = min(0.5, seconds / 4)
    clone_s = _per_call(sample.clone, budget)
    text = sample.to_json()
    to_json_s = _per_call(sample.to_json, budget)
    restore_s = _per_call(lambda: restore(text), budget)
    return {
        "game": game_id,
        "seats": seats,
        "sessions": sessions,
        "rounds": rounds,
        "actions": actions,
        "rounds_per_s": round(rounds / elapsed),
        "actions_per_s": round(actions / elapsed),
        "us_per_round": round(elapsed / max(rounds, 1) * 1e6, 2),
        "clone_us": round(clone_s * 1e6, 2),
        "save_actions": len(sample.actions),
        "to_json_us": round(to_json_s * 1e6, 1),
        "restore_us": round(restore_s * 1e6, 1),
    }


def engine_bench(games: list[str] | None = None, quick: bool = False) -> dict[str, Any]:
    chosen = games or sorted(GAMES)
    for g in chosen:
        if g not in GAMES:
            raise ValueError(f"unknown game {g!r}; the games are: {', '.join(sorted(GAMES))}")
    return {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "results": [bench_game(g, 0.3 if quick else 2.0) for g in chosen],
    }


def format_engine(result: dict[str, Any]) -> str:
    head = (f"{'game':<16}{'seats':>6}{'rounds/s':>11}{'actions/s':>11}{'clone µs':>10}{'save n':>8}"
            f"{'to_json µs':>12}{'restore µs':>12}")
    lines = [f"engine benchmark (Python {result['python']}, {result['machine']}, one core)", head]
    for r in result["results"]:
        lines.append(
            f"{r['game']:<16}{r['seats']:>6}{r['rounds_per_s']:>11}{r['actions_per_s']:>11}{r['clone_us']:>10}"
            f"{r['save_actions']:>8}{r['to_json_us']:>12}{r['restore_us']:>12}"
        )
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    games = args.game or None
    if args.what == "engine":
        result = engine_bench(games, args.quick)
        print(json.dumps(result, indent=2) if args.json else format_engine(result))
        return 0
    if args.what == "render":
        from game.measure.render import format_render_bench, render_bench

        result = render_bench(args.quick, getattr(args, "frames", None), args.game or None)
        print(json.dumps(result, indent=2) if args.json else format_render_bench(result))
        return 0
    if args.what == "layout":
        from game.measure.layout import main as layout_main

        return layout_main(args)
    if args.what == "net":
        from game.measure.net import main as net_main

        return net_main(args)
    if args.what == "campaign":
        from game.measure.campaign import POLICIES, campaign_bench, format_campaign_bench

        result = campaign_bench(args.policy or POLICIES, 1 if args.quick else args.runs)
        print(json.dumps(result, indent=2) if args.json else format_campaign_bench(result))
        return 0
    if getattr(args, "coach", False):
        from game.measure.coach_bench import coach_bench, format_coach_bench

        result = coach_bench(games, args.quick)
        print(json.dumps(result, indent=2) if args.json else format_coach_bench(result))
        return 0
    if getattr(args, "gauntlet", False):
        from game.measure.gauntlet_bench import format_gauntlet, gauntlet_bench

        result = gauntlet_bench(games, args.quick)
        print(json.dumps(result, indent=2) if args.json else format_gauntlet(result))
        return 0
    from game.measure.ai import ai_bench, format_ai_bench

    result = ai_bench(games, args.quick)
    print(json.dumps(result, indent=2) if args.json else format_ai_bench(result))
    return 0
