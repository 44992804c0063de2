"""``python -m game`` / ``cantina``: the game itself, and the ``simulate`` and ``bench`` sub-commands.

The sub-commands import only what they need: ``simulate`` and ``bench engine`` never load pygame.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def _add_simulate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play seeded rounds between agents and report the results")
    p.add_argument("game", help="game id, e.g. hintaro")
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--rounds", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--agents", default="random", help="comma-separated agent names, one per seat (or one for all)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a table option")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--report", action="store_true", help="the game's own report, where it has one")


def _add_bench(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="benchmarks (engine, render, ai, campaign): measurements, not tests")
    p.add_argument("what", choices=["engine", "render", "ai", "campaign"])
    p.add_argument("--json", action="store_true")
    p.add_argument("--quick", action="store_true", help="a short run (for smoke tests)")
    p.add_argument("--game", action="append", default=[], help="only these games")
    p.add_argument("--runs", type=int, default=5, help="campaign: campaigns played per policy")
    p.add_argument("--policy", action="append", choices=["shark", "regular", "novice"], default=[],
                   help="campaign: the player's level (repeat for several; default all three)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cantina", description="Lost Hand Cantina")
    parser.add_argument("--frames", type=int, default=None, help="run this many frames, then exit (headless checks)")
    parser.add_argument("--demo", metavar="GAME", default=None, help="open a table of AI seats playing GAME")
    parser.add_argument("--seed", type=int, default=None, help="seed for --demo tables")
    parser.add_argument("--seats", type=int, default=None, help="seats at a --demo table (default: up to 6)")
    parser.add_argument("--size", default=None, help="window size WxH, e.g. 1920x1080")
    parser.add_argument("--screenshot", default=None, help="save the last frame to this PNG")
    sub = parser.add_subparsers(dest="command")
    _add_simulate(sub)
    _add_bench(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "simulate":
            from game.measure.simulate import main as simulate_main

            return simulate_main(args)
        if args.command == "bench":
            from game.measure.bench import main as bench_main

            return bench_main(args)
        from game.ui.app import main as app_main

        return app_main(args)
    except ValueError as exc:  # bad game id, option, agent: a clear message, not a traceback
        print(f"cantina: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
