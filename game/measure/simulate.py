"""``python -m game simulate``: seeded games between agents, summarised as a table or JSON.

It plays R rounds in total: when a session ends early (seats went broke), a fresh session starts with the
next seed, so every requested round is played. It reads only the public contract: views, legal actions,
``apply`` and the events (``round_over`` carries winners, standings, carried chips, and per-game extras).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import Any

from game.ai import make_agent
from game.ai.seeds import agent_seed, seeded_secret
from game.engine import GAMES, create

#: round_over fields counted value -> number of rounds: why each round went its way (every game's reason
#: code, game.engine.showdown), and the fields some games add (Kinzo: the dealer's totals)
_COUNTED_FIELDS = ("reason", "dealer_total")
#: round_over fields holding a list of outcomes, each counted (Kinzo: every hand's outcome)
_LISTED_FIELDS = ("hand_outcomes",)


def _natural(item: tuple[Any, int]) -> tuple[bool, int, str]:
    """Numbers in numeric order (Kinzo totals 6, 7, ... 30), then names alphabetically."""
    key = item[0]
    return (not isinstance(key, int), key if isinstance(key, int) else 0, str(key))


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` strings into an options dict (the game's OptionSpec converts the text)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"an option is key=value, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


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
    net = [0] * seats
    wins = [0] * seats
    ranks: Counter[str] = Counter()
    counted: dict[str, Counter[Any]] = {f: Counter() for f in _COUNTED_FIELDS + _LISTED_FIELDS}
    pots_won: Counter[str] = Counter()
    carried_rounds = 0
    house = 0
    played = 0
    sessions = 0
    while played < rounds:
        state = create(game_id, seats=seats, seed=seed + sessions, options={**opts, "rounds": rounds - played})
        players = table_agents(names, game_id, seed + sessions)
        sessions += 1
        # measured from the starting stacks, not from after the opening antes and stakes
        start_stacks = [state.options["stack"]] * seats
        start_house = 0
        events = list(state.opening_events)
        while True:
            for e in events:
                if e.kind == "round_over":
                    played += 1
                    d = e.data
                    for w in set(d.get("winners", ())):
                        wins[w] += 1
                    if d.get("carried"):
                        carried_rounds += 1
                    if d.get("showdown"):
                        standings = d.get("standings", [])
                        for s in d.get("contenders", [i for i, r in enumerate(standings) if r is not None]):
                            ranks[standings[s] if standings[s] is not None else "no standing"] += 1
                    for f in _COUNTED_FIELDS:
                        if f in d:
                            counted[f][d[f]] += 1
                    for f in _LISTED_FIELDS:
                        for value in d.get(f, ()):
                            counted[f][value] += 1
                elif e.kind == "pot_won":
                    pots_won[str(e.data.get("pot_name", "main" if e.data.get("pot", 0) == 0 else "side"))] += int(
                        e.data.get("amount", 0)
                    )
            seat = state.current_seat
            if seat is None:
                break
            action = players[seat].choose(state.view(seat), state.legal_actions())
            events = state.apply(action)
        for i in range(seats):
            net[i] += state.stacks[i] - start_stacks[i]
        house += state.house - start_house
    result: dict[str, Any] = {
        "game": game_id,
        "seats": seats,
        "rounds": played,
        "sessions": sessions,
        "seed": seed,
        "agents": names,
        "options": opts,
        "net": net,
        "wins": wins,
        "ranks": dict(ranks.most_common()),
        "carried": carried_rounds,
        "house": house,
        "pots_won": dict(pots_won),
    }
    for f, c in counted.items():
        if c:
            ordered = sorted(c.items(), key=_natural)
            result[f + "s" if not f.endswith("s") else f] = {str(k): v for k, v in ordered}
    return result


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
