"""``python -m game simulate``: seeded games between agents, summarised as a table or JSON.

It plays R rounds in total: when a session ends early (seats went broke), a fresh session starts with the
next seed, so every requested round is played. It reads only the public contract: views, legal actions,
``apply`` and the events (``round_over`` carries winners, standings, carried chips, and per-game extras).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from game.ai import make_agent
from game.ai.seeds import agent_seed, seeded_secret
from game.engine import GAMES, create
from game.engine.core import parse_options
from game.engine.tally import Tally


def table_agents(names: list[str], game_id: str, table_seed: int) -> list[Any]:
    """The seats' agents for the table dealt from ``table_seed``: seeded with the keyed one-way
    :func:`~game.ai.seeds.agent_seed` under the run's secret, so no agent can work out the table's seed (and
    with it the deck and the dice) from its own."""
    secret = seeded_secret("simulate", table_seed)
    return [make_agent(name, game_id, seed=agent_seed(secret, "seat", i)) for i, name in enumerate(names)]


def simulate(
    game_id: str,
    seats: int,
    rounds: int,
    seed: int = 0,
    agents: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``rounds`` rounds and return the summary (see the module docstring for what it holds)."""
    if game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r}; the games are: {', '.join(sorted(GAMES))}")
    if rounds < 1:
        raise ValueError("rounds must be at least 1")
    names = agents or ["random"]
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise ValueError(f"{len(names)} agents for {seats} seats: give one name, or one per seat")
    opts = dict(options or {})
    opts.pop("rounds", None)
    tally: Tally | None = None
    while tally is None or tally.rounds < rounds:
        left = rounds - (tally.rounds if tally else 0)
        table_seed = seed + (tally.sessions if tally else 0)
        state = create(game_id, seats=seats, seed=table_seed, options={**opts, "rounds": left})
        players = table_agents(names, game_id, table_seed)
        if tally is None:
            tally = Tally(state, names, seed, opts)
        tally.feed(state.opening_events)
        while not state.is_over:
            seat = state.current_seat
            tally.feed(state.apply(players[seat].choose(state.view(seat), state.legal_actions())))
        tally.end_session(state)
    return tally.result()


def format_table(result: dict[str, Any]) -> str:
    """The summary as a readable table."""
    lines = [
        f"{GAMES[result['game']].title}: {result['rounds']} rounds, {result['seats']} seats, "
        f"{result['sessions']} session(s), seed {result['seed']}",
        "",
        f"{'seat':>4}  {'agent':<12} {'net chips':>10} {'rounds won':>10}",
    ]
    for i in range(result["seats"]):
        lines.append(f"{i:>4}  {result['agents'][i]:<12} {result['net'][i]:>10} {result['wins'][i]:>10}")
    lines += ["", f"pots carried over: {result['carried']}    house net: {result['house']}"]
    if len(result.get("pots_won", {})) > 1:
        lines.append("chips won per pot: " + ", ".join(f"{k} {v}" for k, v in sorted(result["pots_won"].items())))
    if result["ranks"]:
        lines += ["", "standings at showdowns:"]
        lines += [f"  {name:<22} {count:>8}" for name, count in result["ranks"].items()]
    for key in ("reasons", "dealer_totals", "hand_outcomes"):
        if key in result:
            lines += ["", key.replace("_", " ") + ":"]
            lines += [f"  {k:<22} {v:>8}" for k, v in result[key].items()]
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if args.report:
        if args.game != "better_hintaro":
            raise ValueError("--report exists for better_hintaro only")
        from game.measure.economy import economy_report, format_report

        report = economy_report(games=args.rounds, seats=args.seats, seed=args.seed, agents=agents, options=options)
        print(json.dumps(report, indent=2) if args.json else format_report(report))
        return 0
    result = simulate(args.game, args.seats, args.rounds, args.seed, agents, options)
    print(json.dumps(result, indent=2) if args.json else format_table(result))
    return 0
