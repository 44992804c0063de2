"""``python -m game bench ai``: how strong each level really is, measured by seeded play, not claimed.

For each game: every level against ``random``, ``passive`` and each other level, heads-up, over many short
seeded sessions with the seats swapped every session. The figure is the level's **chips won per round**
with a 95 % confidence interval (one match gives both seats' lines: in Kinzo both can win, from the house).
Rounds inside a session are not independent (stacks carry over, a carried pot links two rounds), so the
interval treats each session as one sample: the mean is total chips over total rounds (a ratio estimator)
and its variance comes from the per-session residuals (the cluster-robust formula). Decision times are
measured around every ``choose`` call (p50 and p99, in milliseconds); Hintaro also times a full eight-seat
table, its slowest case.

:func:`play_match` is the engine of it, shared with the strength tests.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai import make_agent
from game.ai.levels import LEVELS, POLICIES
from game.ai.seeds import agent_seed, seeded_secret
from game.engine import GAMES, create
from game.engine.core import Action

#: table options per game for the bench (stakes small against the stacks, so sessions rarely end early)
BENCH_OPTIONS: dict[str, dict[str, Any]] = {
    "hintaro": {"stack": 1000, "ante": 10, "min_bet": 10},
    "street_hintaro": {"stack": 1000, "min_bet": 10},
    "sabacc_house": {"stack": 1000, "structure": 0},
    "nepunian_spike": {"stack": 1000, "ante": 10},
}
#: (sessions, rounds per session) per game, full and quick
BENCH_SIZE: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "hintaro": ((300, 20), (40, 10)),
    "kinzo": ((150, 20), (20, 10)),
    "street_hintaro": ((600, 10), (60, 10)),
    # the sabacc sharks search (~6 ms a decision at p50, ~40 ms a hand): fewer, still significant, sessions
    "sabacc_house": ((60, 20), (10, 10)),
    "nepunian_spike": ((60, 20), (10, 10)),
    # a session is a whole Better Hintaro game (its default ten rounds: the business stage decides it)
    "better_hintaro": ((80, 10), (10, 5)),
}
_DEFAULT_SIZE = ((200, 20), (30, 10))
BASELINES: tuple[str, ...] = ("random", "passive")


def _item_worth(state: Any, seat: int) -> int:
    """Better Hintaro: credits plus what the items held would sell for (half their face value: the bank's
    price, the one value every item surely has)."""
    return state.stacks[seat] + sum(state.content.value(card) // 2 for card in state.items[seat])


#: what a seat is worth, where its chips alone would mislead (a Better Hintaro item bought is not all lost)
HOLDINGS: dict[str, Callable[[Any, int], int]] = {"better_hintaro": _item_worth}


@dataclass
class MatchResult:
    """A hero's chips over many sessions against one opponent, and every agent's decision times."""

    hero: str
    villain: str
    game: str
    deltas: list[int] = field(default_factory=list)  #: hero's chips won, per session
    villain_deltas: list[float] = field(default_factory=list)  #: the villain seats' mean chips won, per session
    rounds: list[int] = field(default_factory=list)  #: rounds played, per session
    times: dict[str, list[float]] = field(default_factory=dict)  #: agent name -> seconds per decision

    @property
    def total_rounds(self) -> int:
        return sum(self.rounds)

    def per_round(self) -> tuple[float, float, float]:
        """(mean, low, high): chips won per round with its 95 % confidence interval (see the module doc)."""
        return ratio_ci(self.deltas, self.rounds)

    def villain_per_round(self) -> tuple[float, float, float]:
        """The same for a villain seat (games against a house are not zero-sum between the seats)."""
        return ratio_ci(self.villain_deltas, self.rounds)


def ratio_ci(deltas: Sequence[float], rounds: Sequence[int], z: float = 1.959964) -> tuple[float, float, float]:
    """Mean of ``sum(deltas)/sum(rounds)`` with a cluster-robust 95 % interval (one cluster per session)."""
    k = len(deltas)
    n = sum(rounds)
    if k == 0 or n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(deltas) / n
    if k < 2:
        return mean, -math.inf, math.inf
    resid = sum((d - mean * r) ** 2 for d, r in zip(deltas, rounds, strict=True))
    se = math.sqrt(k / (k - 1) * resid) / n
    return mean, mean - z * se, mean + z * se


def bench_agents(names: Sequence[str], game_id: str, table_seed: int) -> list[Any]:
    """The seats' agents for the bench table dealt from ``table_seed``, seeded by the keyed one-way
    :func:`~game.ai.seeds.agent_seed` (no agent can work out the table's seed, so the deck and dice, from its own)."""
    from game.measure.gauntlet import gauntlet_agent, is_gauntlet_name

    secret = seeded_secret("bench", table_seed)
    return [
        (gauntlet_agent if is_gauntlet_name(name) else make_agent)(name, game_id, seed=agent_seed(secret, "seat", s))
        for s, name in enumerate(names)
    ]


def starting_worth(state: Any, seat: int, worth: Callable[[Any, int], int]) -> int:
    """What ``seat`` sat down with: the starting stack (``options["stack"]``), before ``create()`` took the
    opening antes or stakes, plus whatever else it was dealt to hold (Better Hintaro items, at ``worth``'s
    price). Measured from after the antes, every seat would be credited the ante it had already paid."""
    return state.options["stack"] + worth(state, seat) - state.stacks[seat]


def play_match(
    game_id: str,
    hero: str,
    villain: str,
    sessions: int,
    rounds: int,
    seats: int = 2,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    timed: bool = True,
    on_decision: Callable[[str, dict[str, Any], Action], None] | None = None,
) -> MatchResult:
    """``sessions`` seeded sessions of up to ``rounds`` rounds: one ``hero`` seat, the others ``villain``.

    The hero's seat moves round the table from session to session, so no seat position favours either side.
    Session ``i`` uses table seed ``seed + i`` and agent seeds derived from it one-way (:func:`bench_agents`): the
    result replays exactly. Each seat is measured from its starting stack (:func:`starting_worth`), so the
    antes the opening deal takes count against the seats that paid them.
    ``on_decision(agent_name, view, action)`` is called after every choice (to tally mistakes, say).
    """
    opts = {**BENCH_OPTIONS.get(game_id, {}), **(options or {}), "rounds": rounds}
    result = MatchResult(hero, villain, game_id)
    times = result.times
    clock = time.perf_counter
    for i in range(sessions):
        hero_seat = i % seats
        state = create(game_id, seats=seats, seed=seed + i, options=opts)
        names = [hero if s == hero_seat else villain for s in range(seats)]
        agents = bench_agents(names, game_id, seed + i)
        worth = HOLDINGS.get(game_id, lambda st, s: st.stacks[s])
        start = [starting_worth(state, s, worth) for s in range(seats)]
        buckets = [times.setdefault(name, []) for name in names]
        while True:
            seat = state.current_seat
            if seat is None:
                break
            view = state.view(seat)
            legal = state.legal_actions()
            if timed:
                t0 = clock()
                action = agents[seat].choose(view, legal)
                buckets[seat].append(clock() - t0)
            else:
                action = agents[seat].choose(view, legal)
            if on_decision is not None:
                on_decision(names[seat], view, action)
            state.apply(action)
        result.deltas.append(worth(state, hero_seat) - start[hero_seat])
        villains = [s for s in range(seats) if s != hero_seat]
        result.villain_deltas.append(sum(worth(state, s) - start[s] for s in villains) / len(villains))
        result.rounds.append(state.round_no)
    return result


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def _timing(values: Sequence[float]) -> dict[str, float]:
    return {
        "decisions": len(values),
        "p50_ms": round(percentile(values, 0.5) * 1000, 3),
        "p99_ms": round(percentile(values, 0.99) * 1000, 3),
        "max_ms": round(max(values, default=0.0) * 1000, 3),
    }


def ai_bench(games: list[str] | None = None, quick: bool = False, seed: int = 1) -> dict[str, Any]:
    """Measure every level of every game (or of ``games``); ``quick`` is a short smoke-test run.

    Returns ``{"games": {game_id: {...}}, "quick": bool, "seconds": float}``; per game: ``matchups`` (a list
    of ``{"level", "opponent", "per_round", "ci95": [low, high], "significant", "rounds", "sessions"}``),
    ``timing`` (per level: ``decisions``, ``p50_ms``, ``p99_ms``, ``max_ms``), ``dedicated`` (whether the game
    has its own policy or the levels fall back to the baseline), and for Hintaro ``timing_8_seats`` and
    ``exploitability`` (per level above the novice: :func:`game.measure.exploit.exploit_bench`).
    """
    t_start = time.perf_counter()
    wanted = games or sorted(GAMES)
    for g in wanted:
        if g not in GAMES:
            raise ValueError(f"unknown game {g!r}; the games are: {', '.join(sorted(GAMES))}")
    out: dict[str, Any] = {}
    for g in wanted:
        full, short = BENCH_SIZE.get(g, _DEFAULT_SIZE)
        sessions, rounds = short if quick else full
        seats = max(2, GAMES[g].min_seats)
        times: dict[str, list[float]] = {}
        matchups: list[dict[str, Any]] = []
        opponents = list(BASELINES) + list(LEVELS)
        done: dict[tuple[str, str], tuple[float, float, float, int, int]] = {}
        for level in LEVELS:
            for opp in opponents:
                if opp == level:
                    continue
                if (level, opp) not in done:  # one match serves both seats' lines
                    res = play_match(g, level, opp, sessions, rounds, seats=seats, seed=seed)
                    for name, ts in res.times.items():
                        times.setdefault(name, []).extend(ts)
                    n, k = res.total_rounds, len(res.deltas)
                    done[(level, opp)] = (*res.per_round(), n, k)
                    done[(opp, level)] = (*res.villain_per_round(), n, k)
                m, lo, hi, n, k = done[(level, opp)]
                matchups.append({
                    "level": level, "opponent": opp, "per_round": round(m, 3), "ci95": [round(lo, 3), round(hi, 3)],
                    "significant": lo > 0 or hi < 0, "rounds": n, "sessions": k,
                })
        entry: dict[str, Any] = {
            "seats": seats,
            "options": {**BENCH_OPTIONS.get(g, {}), "rounds": rounds},
            "dedicated": g in POLICIES,
            "matchups": matchups,
            "timing": {name: _timing(times.get(name, [])) for name in LEVELS},
        }
        if g == "hintaro":
            entry["timing_8_seats"] = _eight_seat_timing(2 if quick else 8, seed)
            from game.measure.exploit import exploit_bench

            # heads-up betting is solved: what a best response wins beyond the game's value (goal <= 0.5)
            entry["exploitability"] = exploit_bench(LEVELS[1:], 20 if quick else 200, seed)
        if g == "street_hintaro":
            entry["mistakes"] = {lv: street_mistakes(lv, "shark", sessions, rounds, seed) for lv in LEVELS}
        out[g] = entry
    return {"games": out, "quick": quick, "seconds": round(time.perf_counter() - t_start, 1)}


def street_mistakes(level: str, opponent: str, sessions: int, rounds: int, seed: int = 1) -> dict[str, Any]:
    """How much ``level``'s concessions cost it in Street Hintaro against ``opponent``.

    Calling is never worse than conceding (see :mod:`game.ai.street`), so every concession forfeits exactly
    its exact call value, ``(pot - bet)/2`` counting a tie as half the pot. Tallied from the views at the
    moment of each concession; ``per_round`` is the chips forfeited per round played.
    """
    from game.ai.street import call_value, tie_bound

    tally = {"concessions": 0, "tie_bound": 0, "forfeited": 0.0}

    def watch(name: str, view: dict[str, Any], action: Action) -> None:
        if name != level or action.kind != "concede":
            return
        me = view["seat"]
        owed = view["contrib"][1 - me] - view["contrib"][me]
        tally["concessions"] += 1
        tally["tie_bound"] += tie_bound(view)
        tally["forfeited"] += call_value(view, owed)

    res = play_match("street_hintaro", level, opponent, sessions, rounds, seed=seed, timed=False, on_decision=watch)
    n = max(1, res.total_rounds)
    return {
        "opponent": opponent, "rounds": res.total_rounds, "concessions": tally["concessions"],
        "tie_bound_concessions": tally["tie_bound"], "forfeited_per_round": round(tally["forfeited"] / n, 3),
        "per_round": round(res.per_round()[0], 3),
    }


def _eight_seat_timing(sessions: int, seed: int) -> dict[str, dict[str, float]]:
    """Decision times at a full Hintaro table (the shark's slowest case): seats mixed across the levels."""
    times: dict[str, list[float]] = {}
    clock = time.perf_counter
    lineup = ["shark", "regular", "novice", "shark", "random", "shark", "passive", "regular"]
    for i in range(sessions):
        state = create("hintaro", seats=8, seed=seed + 1000 + i, options={**BENCH_OPTIONS["hintaro"], "rounds": 10})
        names = lineup[i % 8:] + lineup[: i % 8]
        agents = bench_agents(names, "hintaro", seed + 1000 + i)
        while state.current_seat is not None:
            seat = state.current_seat
            view, legal = state.view(seat), state.legal_actions()
            t0 = clock()
            action = agents[seat].choose(view, legal)
            times.setdefault(names[seat], []).append(clock() - t0)
            state.apply(action)
    return {name: _timing(times.get(name, [])) for name in LEVELS}


def format_ai_bench(result: dict[str, Any]) -> str:
    """The bench as text tables: per game, chips per round with the 95 % interval, then decision times."""
    lines: list[str] = []
    for g, entry in result["games"].items():
        title = GAMES[g].title if g in GAMES else g
        note = "" if entry["dedicated"] else "  (no dedicated policy yet: levels play the passive baseline)"
        lines.append(f"{title} ({g}), {entry['seats']} seats, options {entry['options']}{note}")
        lines.append(f"  {'level':<8} {'opponent':<8} {'chips/round':>11} {'95% CI':>19} {'rounds':>7}  sig")
        for m in entry["matchups"]:
            lo, hi = m["ci95"]
            sig = ("+" if lo > 0 else "-") if m["significant"] else " "
            lines.append(
                f"  {m['level']:<8} {m['opponent']:<8} {m['per_round']:>11.2f} {f'[{lo:.2f}, {hi:.2f}]':>19} "
                f"{m['rounds']:>7}  {sig}"
            )
        for lv, m in entry.get("mistakes", {}).items():
            lines.append(
                f"  {lv} vs {m['opponent']}: {m['concessions']} concessions ({m['tie_bound_concessions']} tie-bound) "
                f"forfeiting {m['forfeited_per_round']:.2f} chips/round in exact value; result {m['per_round']:.2f}"
            )
        lines.append(f"  decision time (ms)   {'p50':>8} {'p99':>8} {'max':>8} {'n':>8}")
        timings = [(name, t) for name, t in entry["timing"].items()]
        timings += [(name + " (8 seats)", t) for name, t in entry.get("timing_8_seats", {}).items()]
        for name, t in timings:
            lines.append(
                f"  {name:<20} {t['p50_ms']:>8.3f} {t['p99_ms']:>8.3f} {t['max_ms']:>8.3f} {t['decisions']:>8}"
            )
        for name, x in entry.get("exploitability", {}).items():
            lines.append(
                f"  heads-up exploitability of the {name}: a best response wins {x['per_round']:.3f} chips a round "
                f"beyond the game's value [{x['ci95'][0]:.3f}, {x['ci95'][1]:.3f}], at most {x['max']:.1f} "
                f"({x['deals']} deals, either seat)"
            )
        lines.append("")
    lines.append(f"{'quick run' if result.get('quick') else 'full run'} in {result.get('seconds', 0)} s")
    return "\n".join(lines)
