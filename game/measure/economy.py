"""The Better Hintaro economy report: the rule text's playtest questions, answered over many AI-played games.

``python -m game simulate better_hintaro --seats 4 --rounds G --report [--json]`` plays G games (each as long
as the table's ``rounds`` option, 10 by default; ``--option rounds=20`` for longer ones) and asks:

* how many bounties get completed per game (and which);
* how often the game stalls: business stages where no seat has any bounty within reach (every item it lacks
  on sale in the Shop rows or the discard pile, and credits plus item sales to pay for them), and where an
  active bounty is blocked because every copy of an item it needs sits in rivals' hands (the "deadlock" of
  the first playtest);
* how credits, item value and the bank's takings move round by round;
* whether completing bounties pays: payouts against the face value of the items turned in, and final wealth
  of seats that completed bounties against those that did not.

Random (and passive) play almost never completes a bounty, so when the requested agents complete none, the
report also plays the same games with the built-in bounty hunter (:mod:`.better_hintaro.policy`, agent name
``broker``: the Better Hintaro AI's ``shark`` level) and says so. Agents that never read their view
(``random``, ``passive``) are not handed one, which keeps 1,000 games well inside a minute.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.ai import PassiveAgent, RandomAgent, make_agent
from game.ai.seeds import agent_seed, seeded_secret
from game.engine import create
from game.engine.better_hintaro import BetterHintaro
from game.engine.better_hintaro.business import opening_ask
from game.measure.broker import BrokerAgent

#: how many games the bounty hunter's comparison plays at most (it values every card it sees: ~0.2 s a game)
BROKER_GAMES = 150


def _agents(names: list[str], seats: int, seed: int) -> list[Any]:
    """The seats' agents for the game dealt from table seed ``seed``, seeded by the keyed one-way
    :func:`~game.ai.seeds.agent_seed` (no agent can work out the table's seed from its own)."""
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise ValueError(f"{len(names)} agents for {seats} seats: give one name, or one per seat")
    secret = seeded_secret("economy", seed)
    out = []
    for i, name in enumerate(names):
        s = agent_seed(secret, "seat", i)
        out.append(BrokerAgent(seed=s) if name == "broker" else make_agent(name, "better_hintaro", seed=s))
    return out


def _reads_view(agent: Any) -> bool:
    return not isinstance(agent, (RandomAgent, PassiveAgent))


# ----------------------------------------------------------------------------------------- measurements
def within_reach(state: BetterHintaro, s: int, bounty_id: str) -> bool:
    """Could seat ``s`` finish this bounty from the market: every lacking item on sale (Shop rows at face
    value, discard pile at the opening ask) and affordable with its credits plus what its other items sell
    for? (Ignores the one-purchase-a-round limit: "within reach", not "this very turn".)"""
    c = state.content
    needs = Counter(c.bounties[bounty_id].needs)
    held = Counter(state.items[s])
    lacking = needs - held
    spare = held - needs
    budget = state.stacks[s] + sum(c.value(card) // 2 * k for card, k in spare.items())
    shop = Counter(state.newest) + Counter(state.oldest)
    discard = Counter(state.discard)
    cost = 0
    for card, k in lacking.items():
        for _ in range(k):
            if shop[card]:
                shop[card] -= 1
                cost += c.value(card)
            elif discard[card]:
                discard[card] -= 1
                cost += opening_ask(c.value(card))
            else:
                return False
    return cost <= budget


def blocked(state: BetterHintaro, s: int, bounty_id: str) -> bool:
    """Is an item this bounty lacks held, every copy of it, by other seats (nowhere else to get it)?"""
    c = state.content
    lacking = Counter(c.bounties[bounty_id].needs) - Counter(state.items[s])
    elsewhere = Counter(state.draw) + Counter(state.newest) + Counter(state.oldest) + Counter(state.discard)
    elsewhere += Counter(card for card, _ in state.pot_items) + Counter(state.reserve)
    return any(elsewhere[card] == 0 for card in lacking)


def _wealth(state: BetterHintaro, s: int) -> tuple[int, int]:
    c = state.content
    return state.stacks[s], sum(c.value(card) for card in state.items[s])


def _play_batch(games: int, seats: int, seed: int, names: list[str], options: dict[str, Any]) -> dict[str, Any]:
    completions: list[int] = []
    by_bounty: Counter[str] = Counter()
    first_round: list[int] = []
    paid_total = face_total = 0
    stalled = stages = blocked_stages = stages_with_active = 0
    dry_spells: list[int] = []
    rounds_played: list[int] = []
    ended_early = 0
    per_round: dict[int, list[float]] = {}  # round -> [samples, credits, items, bank]
    market: Counter[str] = Counter()
    auction_value = auction_price = 0
    decided: Counter[str] = Counter()
    winner_bounties: list[int] = []
    wealth_done: list[int] = []
    wealth_none: list[int] = []
    limit = 0
    for g in range(games):
        state = create("better_hintaro", seats=seats, seed=seed + g, options=options)
        assert isinstance(state, BetterHintaro)
        limit = state.options["rounds"]
        players = _agents(names, seats, seed + g)
        views = [_reads_view(p) for p in players]
        done = 0
        rounds_with_completion: set[int] = set()
        events = list(state.opening_events)
        while True:
            for e in events:
                kind = e.kind
                if kind == "bounty_completed":
                    done += 1
                    by_bounty[e.data["bounty"]] += 1
                    if done == 1:
                        first_round.append(state.round_no)
                    paid_total += e.data["value"]
                    face_total += sum(state.content.value(card) for card in e.data["items"])
                    rounds_with_completion.add(state.round_no)
                elif kind == "business_started":
                    stages += 1
                    reach = False
                    any_active = any_blocked = False
                    for s in range(seats):
                        if not state.alive[s]:
                            continue
                        pool = list(state.active[s])
                        if len(pool) < 2:
                            pool += state.bounty_offer
                        if any(within_reach(state, s, b) for b in pool):
                            reach = True
                        for b in state.active[s]:
                            any_active = True
                            any_blocked = any_blocked or blocked(state, s, b)
                    stalled += not reach
                    stages_with_active += any_active
                    blocked_stages += any_blocked
                    row = per_round.setdefault(state.round_no, [0, 0.0, 0.0, 0.0])
                    credits = sum(state.stacks)
                    items = sum(_wealth(state, s)[1] for s in range(seats))
                    row[0] += 1
                    row[1] += credits / seats
                    row[2] += items / seats
                    row[3] += state.house
                elif kind in ("item_bought", "item_sold", "trade_offered", "trade_accepted", "loan_taken",
                              "seat_out", "auction_unsold"):
                    market[kind] += 1
                elif kind == "auction_won":
                    market[kind] += 1
                    auction_price += e.data["price"]
                    auction_value += state.content.value(e.data["item"])
            seat = state.current_seat
            if seat is None:
                break
            player = players[seat]
            view = state.view(seat) if views[seat] else {}
            events = state.apply(player.choose(view, state.legal_actions()))
        completions.append(done)
        dry_spells.append(_longest_gap(rounds_with_completion, state.round_no))
        rounds_played.append(state.round_no)
        if limit and state.round_no < limit:
            ended_early += 1
        result = state.result or {}
        decided[str(result.get("decided_by"))] += 1
        winner = result.get("winner")
        if winner is not None:
            winner_bounties.append(len(state.completed[winner]))
        for s in range(seats):
            credits, items = _wealth(state, s)
            (wealth_done if state.completed[s] else wealth_none).append(credits + items)
        market["bank_end"] += state.house
    n = max(1, games)
    dist = Counter(completions)
    return {
        "games": games,
        "agents": names if len(names) == seats else names * seats,
        "round_limit": limit,
        "rounds_played_mean": _mean(rounds_played),
        "games_ended_early": ended_early / n,
        "bounties": {
            "per_game_mean": _mean(completions),
            "distribution": {str(k): dist[k] for k in sorted(dist)},
            "games_with_none": dist[0] / n,
            "by_bounty": dict(by_bounty.most_common()),
            "first_completion_round_mean": _mean(first_round),
        },
        "stall": {
            "business_stages": stages,
            "no_bounty_within_reach": stalled / max(1, stages),
            "active_bounty_blocked_by_rivals": blocked_stages / max(1, stages_with_active),
            "longest_dry_spell_mean": _mean(dry_spells),
        },
        "wealth_by_round": [
            {"round": r, "games": int(row[0]), "credits_per_seat": round(row[1] / row[0], 1),
             "item_value_per_seat": round(row[2] / row[0], 1), "bank_net": round(row[3] / row[0], 1)}
            for r, row in sorted(per_round.items())
        ],
        "payoff": {
            "completions": sum(completions),
            "paid_per_face_value": paid_total / face_total if face_total else None,
            "profit_per_completion": round((paid_total - face_total) / sum(completions)) if sum(completions)
            else None,
            "final_wealth_with_completion": _mean(wealth_done),
            "final_wealth_without": _mean(wealth_none),
            "winner_bounties_mean": _mean(winner_bounties),
            "decided_by": dict(decided.most_common()),
        },
        "market_per_game": {
            "purchases": market["item_bought"] / n,
            "sales": market["item_sold"] / n,
            "auctions_sold": market["auction_won"] / n,
            "auctions_unsold": market["auction_unsold"] / n,
            "auction_price_per_value": auction_price / auction_value if auction_value else None,
            "trades_offered": market["trade_offered"] / n,
            "trades_accepted": market["trade_accepted"] / n,
            "loans": market["loan_taken"] / n,
            "seats_out": market["seat_out"] / n,
            "bank_net_at_end": market["bank_end"] / n,
        },
    }


def _longest_gap(rounds_with_completion: set[int], rounds: int) -> int:
    """The longest run of consecutive rounds (1..rounds) in which no bounty was turned in."""
    longest = run = 0
    for r in range(1, rounds + 1):
        run = 0 if r in rounds_with_completion else run + 1
        longest = max(longest, run)
    return longest


def _mean(values: list[int] | list[float]) -> float | None:
    return round(sum(values) / len(values), 3) if values else None


# ------------------------------------------------------------------------------------------------ public
def economy_report(games: int, seats: int, seed: int, agents: list[str], options: dict[str, Any]) -> dict[str, Any]:
    """Play ``games`` games of ``seats`` seats and measure the economy (see the module docstring)."""
    if games < 1:
        raise ValueError("the report needs at least one game")
    names = list(agents) or ["random"]
    _agents(names, seats, 0)  # a bad name or count fails here, before any game is played
    opts = BetterHintaro(seats, seed, options).options  # validates and fills in the defaults
    report: dict[str, Any] = {"game": "better_hintaro", "seats": seats, "seed": seed, "options": opts,
                              "main": _play_batch(games, seats, seed, names, options), "notes": []}
    if report["main"]["bounties"]["per_game_mean"] < 0.05 and "broker" not in names:
        count = min(games, BROKER_GAMES)
        report["heuristic"] = _play_batch(count, seats, seed, ["broker"], options)
        report["notes"].append(
            f"The requested agents ({', '.join(sorted(set(names)))}) completed almost no bounties, so the same "
            f"tables were also played ({count} games) by the built-in bounty hunter 'broker' (the Better "
            "Hintaro AI's shark level, game/ai/better_hintaro.py) to answer the bounty questions."
        )
    return report


def _format_batch(title: str, b: dict[str, Any]) -> list[str]:
    bo, st, pay, mk = b["bounties"], b["stall"], b["payoff"], b["market_per_game"]
    lines = [
        f"== {title}: {b['games']} games, agents {', '.join(sorted(set(b['agents'])))}, round limit "
        f"{b['round_limit'] or 'none'} ==",
        f"rounds played per game: {b['rounds_played_mean']}   ended early (too few seats with credits): "
        f"{b['games_ended_early']:.0%}",
        "",
        "Bounties completed per game",
        f"  mean {bo['per_game_mean']}   games with none {bo['games_with_none']:.0%}   "
        f"first one in round {bo['first_completion_round_mean']}",
        "  distribution: " + ", ".join(f"{k}: {v}" for k, v in bo["distribution"].items()),
    ]
    if bo["by_bounty"]:
        lines.append("  most completed: " + ", ".join(f"{k} {v}" for k, v in list(bo["by_bounty"].items())[:6]))
    lines += [
        "",
        "Stalls",
        f"  business stages where no seat had any bounty within reach: {st['no_bounty_within_reach']:.0%}",
        f"  stages where an active bounty was blocked (every copy of an item it needs in rivals' hands): "
        f"{st['active_bounty_blocked_by_rivals']:.0%}",
        f"  longest run of rounds without a completion, per game: {st['longest_dry_spell_mean']}",
        "",
        "Credits and item value over time (means per seat at each business stage; bank = its net takings)",
        f"  {'round':>5} {'games':>6} {'credits':>9} {'items':>9} {'bank':>9}",
    ]
    for row in b["wealth_by_round"]:
        lines.append(f"  {row['round']:>5} {row['games']:>6} {row['credits_per_seat']:>9} "
                     f"{row['item_value_per_seat']:>9} {row['bank_net']:>9}")
    ratio = pay["paid_per_face_value"]
    lines += [
        "",
        "Does completing bounties pay?",
        f"  completions: {pay['completions']}   paid / face value of the items turned in: "
        f"{'n/a' if ratio is None else f'{ratio:.2f}'}   profit per completion: {pay['profit_per_completion']}",
        f"  final credits + item value: seats with a completed bounty {pay['final_wealth_with_completion']}, "
        f"seats without {pay['final_wealth_without']}",
        f"  winners' completed bounties (mean): {pay['winner_bounties_mean']}   decided by: "
        + ", ".join(f"{k} {v}" for k, v in pay["decided_by"].items()),
        "",
        "Market per game",
        f"  purchases {mk['purchases']:.2f}  sales {mk['sales']:.2f}  auctions sold {mk['auctions_sold']:.2f} "
        f"(price/value {mk['auction_price_per_value'] or 0:.2f}), unsold {mk['auctions_unsold']:.2f}  trades "
        f"{mk['trades_accepted']:.2f}/{mk['trades_offered']:.2f} accepted  loans {mk['loans']:.2f}  "
        f"seats out {mk['seats_out']:.2f}  bank net at end {mk['bank_net_at_end']:.0f}",
    ]
    return lines


def format_report(report: dict[str, Any]) -> str:
    """The report as text, one section per question."""
    opts = report["options"]
    on = [k for k, v in opts.items() if v is True]
    lines = [f"Better Hintaro economy report: {report['seats']} seats, seed {report['seed']}, options on: "
             f"{', '.join(on) or 'none'}", ""]
    lines += _format_batch("requested agents", report["main"])
    if "heuristic" in report:
        lines += ["", *_format_batch("bounty hunter (broker: the shark level)", report["heuristic"])]
    if report["notes"]:
        lines += ["", "Notes:"] + [f"  {note}" for note in report["notes"]]
    return "\n".join(lines)
