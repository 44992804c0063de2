"""``python -m game bench ai --coach``: does the odds coach's "expected chips" match the chips it really earns?

Seeded tables, heads-up and four seats (Street Hintaro seats two only), one seat following the coach's top row
(the row marked ``best``), every other seat the ``regular`` level. The coach-follower's seat moves round the
table from session to session.

**What is compared.** The coach's ``ev`` of a row is "the chips this seat can expect to have gained by the end
of the hand if it takes this row": chips already in the pot are gone either way, and whatever the seat puts in
later in the hand (the calls and raises still to come) is part of the bargain. So a decision's *realised*
chips are measured the same way:

    realised = stack at the hand's ``round_over`` + carried share - stack at the moment of the decision

where the carried share is the chips that carry to the next hand (a tied Street Hintaro round, a Hintaro pot
nobody stood for, a sabacc pot nobody won) divided by the seats that will share it, counted at the decision as
the coaches count them: every seat with chips or still in the hand (two seats: half; the coaches count a
carried pot as the seat's fair share of it). The sabacc coaches count from the seat's stack
plus its equal share of what was already carried into the hand (their rollouts' ``Scoring``), so for them the
decision's side is that same baseline and the carry is split by the same share.

Every decision of the hand is compared with its own prediction, so a hand with three decisions gives three
pairs; their errors are correlated, so the interval treats a **session as one sample** (the cluster-robust
ratio estimator of :mod:`game.measure.ai`):

    mean(realised - predicted) over all decisions, with its 95 % interval.

The coach is trustworthy in a game when that interval holds 0. Better Hintaro's business stage is priced in
"position" (items valued by the bounties they may complete), not chips that reach the stack by the hand's end,
so only its dice decisions (wager, call, reroll) enter the comparison, counting what the seat holds as credits
plus its items at face value (the value the pot counts them at); its business rows are followed all the same.
Kinzo's play rows (hit, stay, split) count the stake the hand already carries as still at risk ("stakes won
or lost"), and a split seat's other hand settles in the same round, so only its stake decision is compared: its
``ev`` is the whole round's expected net, which is exactly the realised change counted from before the stake.
Kinzo is played against the house, so the "regular" seats are company, not opponents.

**Does following the coach pay?** Chips per round of the follower and of the regular seats (from starting
stacks, :func:`game.measure.ai.starting_worth`), and their per-session difference (follower minus the mean
regular seat), each with its 95 % interval. A row without a ``best`` (a shootout sign, a Kinzo option without
numbers) is played by a regular agent in the follower's seat.

The follower's coach keeps its memory of the table from decision to decision (:class:`~game.ai.coach.TableCoach`,
a new one each session), fed with the follower's views and its own actions, as at the table.

Decision time: every ``advise`` call is timed (p50, p99): the UI runs the coach on a worker, but a player
waits for its numbers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai import make_agent
from game.ai.coach import TableCoach
from game.ai.seeds import agent_seed, seeded_secret
from game.engine import GAMES, create
from game.engine.core import Action
from game.measure.ai import BENCH_OPTIONS, HOLDINGS, _timing, ratio_ci, starting_worth

#: (sessions, rounds per session) per game and table size, full and quick
COACH_SIZE: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "hintaro": ((40, 10), (4, 4)),
    "street_hintaro": ((80, 10), (6, 4)),
    "kinzo": ((40, 10), (4, 4)),
    "sabacc_house": ((16, 6), (2, 2)),
    "nepunian_spike": ((20, 6), (2, 2)),
    "better_hintaro": ((16, 10), (2, 3)),
}
_DEFAULT = ((20, 10), (2, 3))
#: the phases whose rows are priced in chips to the hand's end (the rest are followed but not compared)
CHIP_PHASES: dict[str, frozenset[str]] = {
    "better_hintaro": frozenset({"wager", "call", "reroll"}),
    "kinzo": frozenset({"stake"}),  # the play rows count the stake already paid as still at risk (see below)
}


class CoachFollower:
    """A seat that plays the coach's top row; where the coach names none, the ``fallback`` level chooses."""

    def __init__(self, game_id: str, seed: int | None, fallback: str = "regular") -> None:
        self.game_id = game_id
        self.fallback = make_agent(fallback, game_id, seed=seed)
        self.coach = TableCoach(game_id)  #: one per follower: the coach's memory of this table (a new one each session)
        self.times: list[float] = []
        self.last: dict[str, Any] | None = None  #: the row followed at the last decision (None: the fallback's)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        t0 = time.perf_counter()
        rows = self.coach.advise(view, legal)
        self.times.append(time.perf_counter() - t0)
        best = next((r for r in rows if r["best"]), None)
        fallback = self.fallback.choose(view, legal)  # keeps the fallback's memory in step either way
        if best is None or best["action"] not in legal:
            self.last = None
            self.coach.acted(view, fallback)
            return fallback
        self.last = best
        self.coach.acted(view, best["action"])
        return best["action"]


@dataclass
class Pending:
    """One compared decision waiting for its hand to end: its prediction, and what the seat held then (its
    stack, plus its share of chips already carried into this hand where the game's coach counts that share as
    the seat's own: the sabaccs' :class:`~game.ai.sabacc.Scoring` baseline), and the share a carry is split by."""

    predicted: float
    baseline: float
    share: int | None  #: the seats a carried pot is shared by (None: those still holding chips at the hand's end)
    kind: str = ""  #: "phase/action kind", for the breakdown


def _sabacc_baseline(game_id: str) -> Callable[[dict[str, Any]], tuple[float, int | None]]:
    def baseline(view: dict[str, Any]) -> tuple[float, int | None]:
        from game.ai import sabacc_house, spike

        scoring = (spike if game_id == "nepunian_spike" else sabacc_house).scoring_for(view)
        return scoring.baseline, scoring.share

    return baseline


def _players(view: dict[str, Any]) -> int:
    """The seats a carried pot is shared by, counted at the decision as the coaches count them (Hintaro's
    ``carry_share_of``): every seat with chips or still in the hand. Counted at the hand's end instead, two
    seats all in whose pot carries would leave nobody "with chips" and credit the whole carry to one."""
    stacks = view.get("stacks") or []
    live = view.get("in_hand") or view.get("live") or view.get("playing") or [False] * len(stacks)
    return max(2, sum(1 for s, st in enumerate(stacks) if st > 0 or (s < len(live) and live[s])))


#: game -> (baseline, share) at a decision, where the coach counts from more than the bare stack
BASELINES: dict[str, Callable[[dict[str, Any]], tuple[float, int | None]]] = {
    "sabacc_house": _sabacc_baseline("sabacc_house"),
    "nepunian_spike": _sabacc_baseline("nepunian_spike"),
}


def _face_worth(state: Any, seat: int) -> float:
    """Better Hintaro: credits plus the items held at face value, the value the pot counts them at (the coach's
    Hintaro numbers price a pot of credits and items at face value)."""
    return state.stacks[seat] + sum(state.content.value(card) for card in state.items[seat])


#: game -> what a seat holds, read from the state, where chips alone miss part of what the pot pays out
FACE_WORTH: dict[str, Callable[[Any, int], float]] = {"better_hintaro": _face_worth}


@dataclass
class TableResult:
    """What one game at one table size gave."""

    game: str
    seats: int
    diffs: list[float] = field(default_factory=list)  #: per session, sum of (realised - predicted)
    predicted: list[float] = field(default_factory=list)  #: per session, sum of predicted
    realised: list[float] = field(default_factory=list)  #: per session, sum of realised
    counts: list[int] = field(default_factory=list)  #: per session, decisions compared
    coach: list[float] = field(default_factory=list)  #: per session, the follower's chips won
    regular: list[float] = field(default_factory=list)  #: per session, the regular seats' mean chips won
    rounds: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    by_kind: dict[str, list[float]] = field(default_factory=dict)  #: "phase/kind" -> [n, predicted, realised]
    followed: int = 0  #: decisions the coach made (its best row)
    fallen_back: int = 0  #: decisions without a best row

    def summary(self) -> dict[str, Any]:
        n = sum(self.counts)
        d = ratio_ci(self.diffs, self.counts)
        c = ratio_ci(self.coach, self.rounds)
        r = ratio_ci(self.regular, self.rounds)
        gap = ratio_ci([a - b for a, b in zip(self.coach, self.regular, strict=True)], self.rounds)

        def trio(t: tuple[float, float, float]) -> dict[str, Any]:
            return {"mean": round(t[0], 2), "ci95": [round(t[1], 2), round(t[2], 2)]}

        return {
            "seats": self.seats, "sessions": len(self.rounds), "rounds": sum(self.rounds), "decisions": n,
            "followed": self.followed, "fallback": self.fallen_back,
            "mean_predicted": round(sum(self.predicted) / n, 2) if n else None,
            "mean_realised": round(sum(self.realised) / n, 2) if n else None,
            "error": trio(d), "agrees": d[1] <= 0.0 <= d[2],
            "coach_per_round": trio(c), "regular_per_round": trio(r), "coach_minus_regular": trio(gap),
            "not_losing": gap[2] >= 0.0,
            "timing": _timing(self.times),
            "by_kind": {k: {"n": int(v[0]), "predicted": round(v[1] / v[0], 2), "realised": round(v[2] / v[0], 2)}
                        for k, v in sorted(self.by_kind.items())},
        }


def play_table(game_id: str, seats: int, sessions: int, rounds: int, seed: int = 1) -> TableResult:
    """``sessions`` seeded sessions of ``game_id`` at ``seats`` seats: one coach-follower, the rest regulars."""
    opts = {**BENCH_OPTIONS.get(game_id, {}), "rounds": rounds}
    out = TableResult(game_id, seats)
    compare = CHIP_PHASES.get(game_id)
    for i in range(sessions):
        me = i % seats
        state = create(game_id, seats=seats, seed=seed + i, options=opts)
        secret = seeded_secret("coach-bench", seed + i)
        agents: list[Any] = [
            CoachFollower(game_id, agent_seed(secret, "seat", s)) if s == me
            else make_agent("regular", game_id, seed=agent_seed(secret, "seat", s))
            for s in range(seats)
        ]
        follower = agents[me]
        worth = HOLDINGS.get(game_id, lambda st, s: st.stacks[s])
        start = [starting_worth(state, s, worth) for s in range(seats)]
        pending: list[Pending] = []
        diff = pred = real = 0.0
        count = 0
        while state.current_seat is not None:
            seat = state.current_seat
            view = state.view(seat)
            action = agents[seat].choose(view, state.legal_actions())
            if seat == me:
                row = follower.last
                if row is None:
                    out.fallen_back += 1
                else:
                    out.followed += 1
                    if row["ev"] is not None and (compare is None or view["phase"] in compare):
                        held = FACE_WORTH.get(game_id)
                        base, share = (BASELINES[game_id](view) if game_id in BASELINES
                                       else (held(state, me) if held else float(state.stacks[me]), _players(view)))
                        pending.append(Pending(float(row["ev"]), base, share, f"{view['phase']}/{action.kind}"))
            for e in state.apply(action):
                if e.kind != "round_over" or not pending:
                    continue
                stacks = e.data["stacks"]
                live = max(1, sum(1 for st in stacks if st > 0))
                held = FACE_WORTH.get(game_id)
                mine = held(state, me) if held else stacks[me]  # the state as the round ended (same apply)
                for p in pending:
                    r = mine + e.data.get("carried", 0) / (p.share or live) - p.baseline
                    diff += r - p.predicted
                    tally = out.by_kind.setdefault(p.kind, [0, 0.0, 0.0])
                    tally[0] += 1
                    tally[1] += p.predicted
                    tally[2] += r
                    pred += p.predicted
                    real += r
                count += len(pending)
                pending = []
        out.diffs.append(diff)
        out.predicted.append(pred)
        out.realised.append(real)
        out.counts.append(count)
        out.coach.append(worth(state, me) - start[me])
        others = [s for s in range(seats) if s != me]
        out.regular.append(sum(worth(state, s) - start[s] for s in others) / len(others))
        out.rounds.append(state.round_no)
        out.times.extend(follower.times)
    return out


def coach_bench(games: list[str] | None = None, quick: bool = False, seed: int = 1) -> dict[str, Any]:
    """The coach measured in every game (or ``games``): ``{"games": {game: {"2": summary, "4": summary}}}``."""
    t0 = time.perf_counter()
    wanted = games or sorted(GAMES)
    for g in wanted:
        if g not in GAMES:
            raise ValueError(f"unknown game {g!r}; the games are: {', '.join(sorted(GAMES))}")
    out: dict[str, Any] = {}
    for g in wanted:
        full, short = COACH_SIZE.get(g, _DEFAULT)
        sessions, rounds = short if quick else full
        sizes = [n for n in (2, 4) if GAMES[g].min_seats <= n <= GAMES[g].max_seats]
        out[g] = {str(n): play_table(g, n, sessions, rounds, seed).summary() for n in sizes}
    return {"games": out, "quick": quick, "seconds": round(time.perf_counter() - t0, 1)}


def format_coach_bench(result: dict[str, Any]) -> str:
    """The coach bench as a text table, one line per game and table size."""
    lines = [
        f"{'game':<15} {'seats':>5} {'dec':>5} {'predicted':>9} {'realised':>9} {'real-pred [95% CI]':>24} ok "
        f"{'coach/round':>22} {'coach-regular':>22} ok {'p99 ms':>8}"
    ]
    for g, tables in result["games"].items():
        for n, s in tables.items():
            e, c, gap = s["error"], s["coach_per_round"], s["coach_minus_regular"]

            def fmt(t: dict[str, Any]) -> str:
                return f"{t['mean']:+.2f} [{t['ci95'][0]:+.2f}, {t['ci95'][1]:+.2f}]"

            mp = "-" if s["mean_predicted"] is None else f"{s['mean_predicted']:+.2f}"
            mr = "-" if s["mean_realised"] is None else f"{s['mean_realised']:+.2f}"
            lines.append(
                f"{g:<15} {n:>5} {s['decisions']:>5} {mp:>9} {mr:>9} {fmt(e):>24} {'y' if s['agrees'] else 'N':>2} "
                f"{fmt(c):>22} {fmt(gap):>22} {'y' if s['not_losing'] else 'N':>2} {s['timing']['p99_ms']:>8.1f}"
            )
    lines.append(f"{'quick run' if result.get('quick') else 'full run'} in {result.get('seconds', 0)} s")
    return "\n".join(lines)
