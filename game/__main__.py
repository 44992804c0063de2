"""``python -m game`` / ``cantina``: the game itself, and the ``simulate``, ``bench``, ``serve`` and ``join``
sub-commands (their parser is :mod:`game.cli`).

The sub-commands import only what they need: ``simulate``, ``bench engine``, ``serve`` and ``join --agent``
never load pygame. ``--help`` lists the game ids and agent names from their registries (``game.engine.GAMES``,
``game.ai.AGENTS``), read only when the help is asked for, so a plain start never imports the AI.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse

#: the sub-commands' names: a command line naming none of them opens the window (see :func:`parse_args`)
COMMANDS = ("simulate", "bench", "serve", "join")


#: the window's own options, each with what its value is read as (``game.cli.build_parser`` declares the same)
WINDOW_OPTIONS: dict[str, Callable[[str], object]] = {"frames": int, "demo": str, "seed": int, "size": str,
                                                      "seats": int, "screenshot": str}


def window_args(words: Sequence[str]) -> SimpleNamespace | None:
    """A plain start's command line read without argparse: only ``--OPTION VALUE`` and ``--OPTION=VALUE`` of the
    window's own options (:data:`WINDOW_OPTIONS`), an integer where the option takes one. None for anything else
    (a sub-command, help, another word, a value that is not a number or looks like an option, an abbreviation),
    which the whole parser then reads or refuses with its usual message. What it reads is what the whole parser
    makes of the same words (tests/test_cli.py checks it), without its import and build (~4 ms of CPU before
    the title's first frame)."""
    got: dict[str, object] = dict.fromkeys(WINDOW_OPTIONS)
    i = 0
    while i < len(words):
        word = words[i]
        name, eq, value = word.partition("=")
        if not name.startswith("--") or name[2:] not in WINDOW_OPTIONS:
            return None
        if not eq:
            if i + 1 >= len(words):
                return None
            i += 1
            value = words[i]
            if value.startswith("-"):  # argparse's call (a negative number, or an option): let it make it
                return None
        convert = WINDOW_OPTIONS[name[2:]]
        try:
            got[name[2:]] = convert(value)
        except ValueError:
            return None
        i += 1
    return SimpleNamespace(**got, command=None)


def build_parser(commands: bool = True) -> argparse.ArgumentParser:
    """The whole command line (:func:`game.cli.build_parser`; without ``commands``, only the window's options)."""
    from game.cli import build_parser as build

    return build(commands)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace | SimpleNamespace:
    """The command line, read. A plain start is read without argparse (:func:`window_args`); else, with no
    sub-command named and no help asked for, by the window's options alone: building the four sub-commands'
    parsers costs ~4 ms before the first frame (each of ~50 arguments makes a help formatter, which asks the
    terminal's size, and argparse's gettext looks for translations on disk). Anything that parser does not take
    cleanly goes to the whole one, which reads it, or refuses it with its usual message."""
    words = list(sys.argv[1:] if argv is None else argv)
    quick = window_args(words)
    if quick is not None:
        return quick
    import argparse

    if not any(w in COMMANDS or w in ("-h", "--help", "--version") for w in words):
        try:
            args, rest = build_parser(commands=False).parse_known_args(words)
        except argparse.ArgumentError:
            rest = words
        if not rest:
            args.command = None
            return args
    return build_parser().parse_args(words)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        if args.command == "simulate":
            from game.measure.simulate import main as simulate_main

            return simulate_main(args)
        if args.command == "bench":
            from game.measure.bench import main as bench_main

            return bench_main(args)
        if args.command == "serve":
            import json

            from game.measure.simulate import format_table
            from game.net.server import main as serve_main

            result = serve_main(args)
            if not args.json:
                print(format_table(result))
            print(json.dumps(result, separators=(",", ":")))
            return 0
        if args.command == "join" and not args.agent:  # the game window at that seat
            from game.ui.app import main as app_main

            return app_main(args)
        if args.command == "join":
            from game.net.client import main as join_main

            return join_main(args)
        from game.ui.app import main as app_main

        return app_main(args)
    except ValueError as exc:  # bad game id, option, agent, size, path: a clear message, not a traceback
        print(f"cantina: {exc}", file=sys.stderr)
        return 2


def __getattr__(name: str) -> Any:
    """The parser's other names (``version``, ``games_and_agents``, ``DIST``), from :mod:`game.cli` when asked
    for: they lived here before the parser moved out of a plain start's way."""
    if name in ("version", "games_and_agents", "DIST"):
        from game import cli

        return getattr(cli, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":
    sys.exit(main())
