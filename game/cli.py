"""The whole command line's parser (argparse): the window's options, the ``simulate``, ``bench``, ``serve`` and
``join`` sub-commands, ``--help`` and ``--version``.

Why a module of its own: a plain start (``cantina``, ``cantina --frames 1``, ``cantina --demo kinzo``) is read
without it (:func:`game.__main__.window_args`): importing argparse (and with it gettext) and building even the
window's own parser cost ~4 ms of CPU before the title's first frame, about a tenth of the game's start beyond a
bare pygame-ce window's. Anything else (a sub-command, help, a word the quick reader does not take) comes here.
``--help`` lists the game ids and agent names from their registries (``game.engine.GAMES``, ``game.ai.AGENTS``),
read only when the help is asked for, so building the parser never imports the AI.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

DIST = "lost-hand-cantina"


def version() -> str:
    """The installed package's version (pyproject, through the package metadata); the package's own
    ``__version__`` where there is no metadata (a bare checkout, or an app built without it)."""
    from importlib import metadata

    try:
        return metadata.version(DIST)
    except metadata.PackageNotFoundError:
        import game

        return game.__version__


def games_and_agents() -> str:
    """The help's closing lines: every game id and every agent name, from the registries."""
    from game.ai import AGENTS
    from game.ai.levels import LEVELS
    from game.engine import GAMES

    width = max(len(gid) for gid in GAMES) + 2
    personalities = ""
    try:
        from game.ai.levels import load_personalities

        personalities = ", ".join(sorted(load_personalities()))
    except Exception:  # the help never fails on a missing data file
        personalities = ""
    lines = ["game ids (--demo GAME, simulate GAME):"]
    lines += [f"  {gid:<{width}}{cls.title}".rstrip() for gid, cls in GAMES.items()]
    lines += [
        f"agents (simulate --agents): {', '.join(AGENTS)}",
        f"  a level ({', '.join(LEVELS)}) may take a personality, as in regular:bold"
        + (f"; personalities: {personalities}" if personalities else ""),
    ]
    return "\n".join(lines)


class _VersionAction(argparse.Action):
    """``--version``, the version looked up only when asked for: :func:`version` imports
    :mod:`importlib.metadata` (and with it email, zipfile, csv...), ~10 ms a plain start need not pay before
    its first frame."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str = "show the program's version and exit") -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(f"{parser.prog} {version()}")  # on stdout, as argparse's own version action prints it
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose epilog is computed only when the help is printed."""

    def __init__(self, *args: object, lazy_epilog: Callable[[], str] | None = None, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._lazy_epilog = lazy_epilog

    def format_help(self) -> str:
        if self._lazy_epilog is not None and self.epilog is None:
            self.epilog = self._lazy_epilog()
        return super().format_help()


def _add_simulate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play seeded rounds between agents and report the results",
                       lazy_epilog=games_and_agents)
    p.add_argument("game", help="game id, e.g. hintaro (the list is below)")
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--rounds", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--agents", default="random", help="comma-separated agent names, one per seat (or one for all)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a table option")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--report", action="store_true", help="the game's own report, where it has one")


def _add_bench(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="benchmarks (engine, render, ai, campaign, net, layout): measurements, not tests",
                       lazy_epilog=games_and_agents)
    p.add_argument("what", choices=["engine", "render", "ai", "campaign", "net", "layout"])
    p.add_argument("--json", action="store_true")
    p.add_argument("--quick", action="store_true", help="a short run (for smoke tests)")
    p.add_argument("--coach", action="store_true",
                   help="ai: measure the odds coach (predicted against realised chips, a seat following it)")
    p.add_argument("--game", action="append", default=[], help="only these games")
    p.add_argument("--gauntlet", action="store_true",
                   help="ai: the shark against every fixed strategy of the published list (README, Opponents)")
    p.add_argument("--runs", type=int, default=5, help="campaign: campaigns played per policy")
    p.add_argument("--frames", type=int, default=None, help="render: frames of the memory run (default 20,000)")
    p.add_argument("--policy", action="append", choices=["shark", "regular", "novice"], default=[],
                   help="campaign: the player's level (repeat for several; default all three)")
    p.add_argument("--tables", type=int, default=20, help="net: tables served by one server process")
    p.add_argument("--seconds", type=float, default=20.0, help="net: how long to measure")
    p.add_argument("--think", type=float, default=0.5, help="net: seconds a bot client waits before acting")
    p.add_argument("--client-procs", type=int, default=None,
                   help="net: processes the bot clients are spread over (default one per CPU, at most 4)")
    p.add_argument("--seats", type=int, default=None, help="layout: only this seat count")
    p.add_argument("--size", default=None, help="layout: only this window size, WxH")


def _add_serve(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="host a table over the network (WebSocket); remote seats join with `join`")
    p.add_argument("game", help="game id, e.g. kinzo")
    p.add_argument("--agents", required=True,
                   help="one per seat: an AI name, or `remote` for a seat taken by the next client to join")
    p.add_argument("--port", type=int, default=8765, help="TCP port (0: any free one, printed on stderr)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: this machine only)")
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--seed", type=int, default=None, help="the table's seed (default: a secret random one)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a table option")
    p.add_argument("--password", default=None, help="clients must give this password to take a seat")
    p.add_argument("--timeout", type=float, default=60.0,
                   help="seconds a remote seat may be away (or take to act) before an AI plays for it")
    p.add_argument("--stand-in", default="regular", help="the AI that plays for an absent remote seat")
    p.add_argument("--json", action="store_true", help="print only the summary JSON")
    p.add_argument("--log", default=None, help="write every event, secrets included, to this file (JSON lines)")


def _add_join(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("join", help="take a seat at a served table: in the game window, or headless with --agent")
    p.add_argument("url", help="the table, e.g. ws://127.0.0.1:8765")
    p.add_argument("--agent", default=None, help="play headless with this AI level")
    p.add_argument("--token", default=None, help="take a seat back with the token given on joining")
    p.add_argument("--password", default=None)
    p.add_argument("--agent-seed", type=int, default=None, help="seed of the agent's own choices")
    p.add_argument("--think", type=float, default=0.0, help="seconds to wait before each action (a bot's pace)")
    p.add_argument("--log", default=None, help="write the seat, its token and every event received (JSON lines)")


def build_parser(commands: bool = True) -> argparse.ArgumentParser:
    """The whole command line; without ``commands``, only the window's own options (see :func:`parse_args`)."""
    parser = _Parser(prog="cantina", description="Lost Hand Cantina", lazy_epilog=games_and_agents,
                     exit_on_error=commands)
    parser.add_argument("--version", action=_VersionAction)
    parser.add_argument("--frames", type=int, default=None, help="run this many frames, then exit (headless checks)")
    parser.add_argument("--demo", metavar="GAME", default=None, help="open a table of AI seats playing GAME")
    parser.add_argument("--seed", type=int, default=None, help="seed for --demo tables")
    from game.ui.theme import MIN_WINDOW  # constants only: no pygame

    parser.add_argument("--size", default=None,
                        help=f"window size WxH, e.g. 1920x1080 (at least {MIN_WINDOW[0]}x{MIN_WINDOW[1]})")
    parser.add_argument("--seats", type=int, default=None, help="seats at a --demo table (default: up to 6)")
    parser.add_argument("--screenshot", default=None, help="save the last frame to this PNG")
    if not commands:
        return parser
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    _add_simulate(sub)
    _add_bench(sub)
    _add_serve(sub)
    _add_join(sub)
    return parser


