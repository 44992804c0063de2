"""``python -m game bench ai --gauntlet``: the shark against every fixed strategy of the gauntlet
(:mod:`game.measure.gauntlet`), heads-up and at a four-seat table (where the game seats four: Street Hintaro
is heads-up only), in every game with betting and in Kinzo.

Each pair is one :func:`~game.measure.ai.play_match` (one shark seat, the other seats the strategy; the
shark's seat moves round the table session by session; every seat measured from its starting stack). The
figure, per round with its 95 % interval (sessions are the clusters, as in ``bench ai``), is the shark's
**chips won** where the seats play each other (what the strategy's seats lose to it), and in Kinzo, where
every seat plays the house, the shark's **margin** over the rule: what the seat would win more by playing as
the shark, valued exactly by the shark's solver at each of the rule's decisions (:mod:`game.measure.kinzo_gap`),
beside two checks from play (``paired``: the same seat and table seeds with the rule in it; ``table``: the
shark less the rule seats at its table; both noisy: a jackpot swings a round by every stake on the table). Its
own winnings are kept too, as ``shark``. Goal (issue 17): every interval above zero, except where
it is proven that no strategy can beat the entry (``even``: Street Hintaro's seats that never concede).
"""

from __future__ import annotations

import time
from typing import Any

from game.engine import GAMES
from game.measure.ai import MatchResult, _timing, play_match, ratio_ci
from game.measure.gauntlet import BETTING_GAMES, gauntlet_names
from game.measure.kinzo_gap import decision_gaps

#: (sessions, rounds per session) per game, full and quick: sized so a full game's list takes minutes on one
#: core (the sabacc sharks search: ~40 ms a hand; 22 strategies x 2 table sizes each)
GAUNTLET_SIZE: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "hintaro": ((150, 20), (4, 5)),
    "street_hintaro": ((800, 20), (4, 5)),
    "kinzo": ((8, 20), (2, 5)),  # a pair is three runs (the shark's table, the mirror, the exact margin)
    "sabacc_house": ((8, 10), (2, 3)),
    "nepunian_spike": ((8, 10), (2, 3)),
    "better_hintaro": ((6, 10), (2, 3)),
}
GAUNTLET_GAMES: tuple[str, ...] = (*BETTING_GAMES, "kinzo")
TABLE_SIZES: tuple[int, ...] = (2, 4)
_KINZO_FIGURE = ("the shark's exact margin over the rule (its solver's values of the rule's decisions), the share "
                 "of decisions where they differ, and the paired-seed margin from play,")


def gauntlet_bench(games: list[str] | None = None, quick: bool = False, seed: int = 1,
                   sessions: int | None = None, rounds: int | None = None,
                   names: list[str] | None = None, seats: tuple[int, ...] = TABLE_SIZES) -> dict[str, Any]:
    """The shark against each strategy of each game's list (or of ``names``), at each table size in ``seats``.

    Returns ``{"games": {game: {"pairs": [...], "timing": {...}, "sessions", "rounds"}}, "quick", "seconds"}``;
    a pair is ``{"strategy", "seats", "per_round", "ci95", "beaten", "shark", "shark_ci95", "rounds", "sessions",
    "even"}`` (``beaten``: the whole interval lies above zero; ``even``: proven exactly that no strategy can
    beat this one, so its interval cannot lie above zero: see :func:`_proven_even`).
    """
    t_start = time.perf_counter()
    wanted = games or list(GAUNTLET_GAMES)
    for g in wanted:
        if g not in GAUNTLET_GAMES:
            raise ValueError(f"{g!r} has no gauntlet; the games are: {', '.join(GAUNTLET_GAMES)}")
    out: dict[str, Any] = {}
    for g in wanted:
        full, short = GAUNTLET_SIZE[g]
        n_sessions, n_rounds = short if quick else full
        n_sessions, n_rounds = sessions or n_sessions, rounds or n_rounds
        pairs: list[dict[str, Any]] = []
        times: list[float] = []
        for name in names or gauntlet_names(g):
            for n_seats in [n for n in seats if GAMES[g].min_seats <= n <= GAMES[g].max_seats]:
                res = play_match(g, "shark", name, n_sessions, n_rounds, seats=n_seats, seed=seed)
                times.extend(res.times.get("shark", []))
                m, lo, hi = sm, slo, shi = res.per_round()
                pair: dict[str, Any] = {"strategy": name, "seats": n_seats}
                if g == "kinzo":  # every seat plays the house: the figure is the shark's margin over the rule
                    m, lo, hi, extra = _kinzo_margin(res, name, n_sessions, n_rounds, n_seats, seed)
                    pair.update(extra)
                pair.update({
                    "per_round": round(m, 2), "ci95": [round(lo, 2), round(hi, 2)],
                    "beaten": lo > 0, "shark": round(sm, 2), "shark_ci95": [round(slo, 2), round(shi, 2)],
                    "rounds": res.total_rounds, "sessions": len(res.deltas), "even": _proven_even(g, name),
                })
                pairs.append(pair)
        out[g] = {"pairs": pairs, "timing": _timing(times), "sessions": n_sessions, "rounds": n_rounds}
    return {"games": out, "quick": quick, "seed": seed, "seconds": round(time.perf_counter() - t_start, 1)}


def _proven_even(game_id: str, name: str) -> bool:
    """Whether no strategy at all can beat ``name`` in ``game_id`` (an exact proof, not a measurement): so
    far only Street Hintaro's seats that never concede (:func:`game.measure.street_exact.proven_even`)."""
    if game_id != "street_hintaro":
        return False
    from game.measure.street_exact import proven_even

    return proven_even(name)


def _kinzo_margin(res: MatchResult, name: str, sessions: int, rounds: int, seats: int,
                  seed: int) -> tuple[float, float, float, dict[str, Any]]:
    """Kinzo's figure for one rule: the shark's **exact** margin over it (:mod:`game.measure.kinzo_gap`: each
    of the rule's decisions valued by the shark's solver, so the cards and dice that follow add no noise),
    with two empirical checks of it from play. ``paired``: the shark's winnings less the rule's in the same
    seat at the same table seeds (a mirror match where that seat plays the rule too: common random numbers,
    the same deals until the plays part); ``table``: the shark's winnings less the mean of the rule seats' at
    the shark's own table (the figure before; a jackpot's transfer between the seats counts twice in it)."""
    mirror = play_match("kinzo", name, name, sessions, rounds, seats=seats, seed=seed, timed=False)
    paired = ratio_ci([h - r for h, r in zip(res.deltas, mirror.deltas, strict=True)], res.rounds)
    table = ratio_ci([h - v for h, v in zip(res.deltas, res.villain_deltas, strict=True)], res.rounds)
    gap = decision_gaps(name, sessions, rounds, seats, seed)
    m, lo, hi = gap.per_round()
    exact = gap.as_dict()
    extra = {
        "paired": round(paired[0], 2), "paired_ci95": [round(paired[1], 2), round(paired[2], 2)],
        "table": round(table[0], 2), "table_ci95": [round(table[1], 2), round(table[2], 2)],
        "share_differing": exact["share_differing"], "gap_per_100_staked": exact["gap_per_100_staked"],
        "shark_plays_instead": exact["shark_plays_instead"],
    }
    return m, lo, hi, extra


def format_gauntlet(result: dict[str, Any]) -> str:
    """The gauntlet as a table per game: the shark's edge over each strategy, heads-up and at four seats."""
    lines: list[str] = []
    for g, entry in result["games"].items():
        lines.append(f"{g}: shark vs the gauntlet, {entry['sessions']} sessions x {entry['rounds']} rounds, "
                     f"{_KINZO_FIGURE if g == 'kinzo' else 'chips won'}\n  per round [95 %]"
                     "   (* = not beaten; = : provably even, no strategy can beat it)")
        by_name: dict[str, dict[int, dict[str, Any]]] = {}
        for p in entry["pairs"]:
            by_name.setdefault(p["strategy"], {})[p["seats"]] = p
        sizes = sorted({p["seats"] for p in entry["pairs"]})
        width = 66 if g == "kinzo" else 28
        lines.append(f"  {'strategy':<22}" + "".join(f"{f'{n} seats':>{width}}" for n in sizes))
        for name, cells in by_name.items():
            row = f"  {name:<22}"
            for n in sizes:
                p = cells.get(n)
                text = "" if p is None else (f"{p['per_round']:+.1f} [{p['ci95'][0]:+.1f}, {p['ci95'][1]:+.1f}]"
                                             + (" " if p["beaten"] else "=" if p.get("even") else "*"))
                if p is not None and "paired" in p:  # Kinzo: the exact margin, then the paired play's check
                    text += (f" {100 * p['share_differing']:4.1f}% differ; paired {p['paired']:+.1f}"
                             f" [{p['paired_ci95'][0]:+.1f}, {p['paired_ci95'][1]:+.1f}]")
                row += f"{text:>{width}}"
            lines.append(row)
        t = entry["timing"]
        lines.append(f"  shark decisions: p50 {t['p50_ms']:.2f} ms, p99 {t['p99_ms']:.2f} ms, "
                     f"max {t['max_ms']:.1f} ms over {t['decisions']}")
        lines.append("")
    lines.append(f"{'quick run' if result.get('quick') else 'full run'} in {result.get('seconds', 0)} s, "
                 f"seed {result.get('seed')}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """``python -m game.measure.gauntlet_bench [--game G] [--sessions N] [--rounds R] [--seats 2] [--seed S]
    [--json] [STRATEGY ...]``: the bench with its sizes and list overridden (for a single pair, long runs)."""
    import argparse
    import json

    parser = argparse.ArgumentParser(prog="python -m game.measure.gauntlet_bench")
    parser.add_argument("strategies", nargs="*", help="only these strategies (default: the game's list)")
    parser.add_argument("--game", action="append", default=[])
    parser.add_argument("--sessions", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--seats", type=int, action="append", default=[])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = gauntlet_bench(args.game or None, args.quick, args.seed, args.sessions, args.rounds,
                            args.strategies or None, tuple(args.seats) or TABLE_SIZES)
    print(json.dumps(result, indent=2) if args.json else format_gauntlet(result))


if __name__ == "__main__":
    main()
