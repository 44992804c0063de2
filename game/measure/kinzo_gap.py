"""Kinzo: how far a fixed rule's play falls short of the shark's, measured exactly by the shark's solver.

Why this exists: in Kinzo every seat plays the house, so the shark's margin over a rule such as ``hitto@9`` is
the difference of two noisy winnings (a jackpot takes every stake on the table): sessions of 20 rounds leave
intervals ±40 chips a round wide, and a rule that agrees with the shark in most states can never be told apart
from it that way. The solver that picks the shark's plays (:func:`game.ai.kinzo.option_values`) gives, at any
state, the expected chips of each option *if the shark plays on from there*. By the performance difference
identity, a seat's expected winnings under the shark's play less those under the rule's, both from the same
start, are the expectation, over the states the **rule** reaches, of the sum of its decisions' gaps
``max_a Q(a) - Q(rule's play)`` (``Q`` the shark's values). So play the rule, ask the solver at each of its
decisions, and add the gaps: every sample is the exact expected loss of that one decision, the cards and dice
that follow add no noise, and the interval (over sessions, as ``bench ai`` counts them) is narrow.

What it covers and what it does not: the hit, stay and split decisions of one seat (the hero seat, moving round
the table session by session as in :func:`~game.measure.ai.play_match`), valued by the shark's model, which is
exact heads-up for the seat's own hands and leaves out the hands that act after it (see :mod:`game.ai.kinzo`).
The stake is left out: it is the same for every seat in a round, so it scales both seats' results alike and
never turns the margin's sign. The other seats play the same rule, as they do in the gauntlet's tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.ai.kinzo import option_values
from game.ai.seeds import agent_seed, seeded_secret
from game.engine import create
from game.measure.ai import BENCH_OPTIONS, ratio_ci
from game.measure.gauntlet import gauntlet_agent

#: two options whose values differ by less than this many chips are the same play (rounding in the solver)
SAME = 1e-6
_PLAYS = ("hit", "stay", "split")


@dataclass
class GapResult:
    """The rule's decisions at one table size and the chips each lost against the shark's choice."""

    rule: str
    seats: int
    decisions: int = 0  #: hit/stay/split decisions of the hero seat
    differing: int = 0  #: of those, where the shark's best play is another one
    gaps: list[float] = field(default_factory=list)  #: chips lost to the shark's play, summed per session
    rounds: list[int] = field(default_factory=list)  #: rounds played per session
    staked: int = 0  #: the stakes named, over every round (one hand's stake a round: the scale of the gaps)
    worst: float = 0.0  #: the largest single decision's gap
    by_kind: dict[str, int] = field(default_factory=dict)  #: differing decisions by the shark's play

    def per_round(self) -> tuple[float, float, float]:
        """(mean, low, high): the shark's expected edge over the rule per round, with the 95 % interval."""
        return ratio_ci(self.gaps, self.rounds)

    def as_dict(self) -> dict[str, Any]:
        m, lo, hi = self.per_round()
        return {"strategy": self.rule, "seats": self.seats, "gap_per_round": round(m, 3),
                "gap_ci95": [round(lo, 3), round(hi, 3)], "decisions": self.decisions, "differing": self.differing,
                "share_differing": round(self.differing / self.decisions, 4) if self.decisions else 0.0,
                "gap_per_100_staked": round(100 * sum(self.gaps) / self.staked, 3) if self.staked else 0.0,
                "worst_gap": round(self.worst, 2), "shark_plays_instead": dict(self.by_kind),
                "rounds": sum(self.rounds), "sessions": len(self.rounds)}


def decision_gaps(rule: str, sessions: int, rounds: int, seats: int = 2, seed: int = 1,
                  options: dict[str, Any] | None = None) -> GapResult:
    """Play tables of ``rule`` seats (the bench's options and seeds) and value every decision of the hero seat
    (seat ``session % seats``) by the shark's solver: see the module notes. ``rule`` is a ``hitto@N`` name or
    a level (the shark's own play must show no gap at all: the check that the measure is the shark's)."""
    from game.ai import make_agent
    from game.ai.levels import LEVELS

    if not rule.startswith("hitto@") and rule not in LEVELS:
        raise ValueError(f"{rule!r}: the Kinzo gap measures a hitto@N:min|max rule or a level "
                         f"({', '.join(LEVELS)})")
    build = gauntlet_agent if rule.startswith("hitto@") else make_agent
    opts = {**BENCH_OPTIONS.get("kinzo", {}), **(options or {}), "rounds": rounds}
    result = GapResult(rule, seats)
    for i in range(sessions):
        hero = i % seats
        state = create("kinzo", seats=seats, seed=seed + i, options=opts)
        secret = seeded_secret("bench", seed + i)
        agents = [build(rule, "kinzo", seed=agent_seed(secret, "seat", s)) for s in range(seats)]
        lost = 0.0
        while state.current_seat is not None:
            seat = state.current_seat
            view, legal = state.view(seat), state.legal_actions()
            action = agents[seat].choose(view, legal)
            if action.kind == "stake":
                result.staked += action.amount
            if seat == hero and action.kind in _PLAYS:
                values = option_values(view, legal)
                best = max(values, key=lambda a: (values[a], a.kind == "stay"))
                gap = values[best] - values[action]
                result.decisions += 1
                if gap > SAME:
                    result.differing += 1
                    result.by_kind[best.kind] = result.by_kind.get(best.kind, 0) + 1
                    lost += gap
                    result.worst = max(result.worst, gap)
            state.apply(action)
        result.gaps.append(lost)
        result.rounds.append(state.round_no)
    return result


def main(argv: list[str] | None = None) -> None:
    """``python -m game.measure.kinzo_gap [--seats N] [--sessions S] [--rounds R] [--json] RULE ...``"""
    import argparse
    import json

    from game.measure.gauntlet import gauntlet_names

    parser = argparse.ArgumentParser(prog="python -m game.measure.kinzo_gap")
    parser.add_argument("rules", nargs="*", help="hitto@N:min|max rules (default: the gauntlet's list)")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--sessions", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = [decision_gaps(r, args.sessions, args.rounds, args.seats, args.seed).as_dict()
            for r in args.rules or gauntlet_names("kinzo")]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"kinzo, {args.seats} seats: the shark's exact edge over each rule's play (its solver's values), per round")
    for r in rows:
        print(f"  {r['strategy']:<14} {r['gap_per_round']:+7.2f} [{r['gap_ci95'][0]:+.2f}, {r['gap_ci95'][1]:+.2f}]"
              f" ({r['gap_per_100_staked']:+.2f} a 100 staked)  differs in {r['differing']}/{r['decisions']}"
              f" decisions ({100 * r['share_differing']:.1f} %),"
              f" worst {r['worst_gap']:.1f}, shark would {r['shark_plays_instead']}")


if __name__ == "__main__":
    main()
