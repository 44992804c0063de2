"""Kinzo's exact margin (game.measure.kinzo_gap): a rule's decisions valued by the shark's own solver.

The figure the gauntlet reports for Kinzo rests on it, so: the shark's own play shows no gap, a rule that
plays differently loses chips at exactly the decisions where its play is not the solver's best, and the
gauntlet's Kinzo pairs carry the exact figure with the paired-seed check from play."""

from __future__ import annotations

import pytest

from game.ai.kinzo import option_values
from game.engine import create
from game.measure.gauntlet import HitToAgent
from game.measure.gauntlet_bench import format_gauntlet, gauntlet_bench
from game.measure.kinzo_gap import SAME, decision_gaps


def test_the_sharks_own_play_has_no_gap() -> None:
    res = decision_gaps("shark", sessions=2, rounds=3, seats=2, seed=4)
    assert res.decisions > 0
    assert res.differing == 0 and sum(res.gaps) == 0.0


def test_a_rule_loses_exactly_where_it_parts_from_the_solver() -> None:
    """hitto@4 stays on almost everything: it parts from the shark often, and every gap is the solver's best
    value less the value of the rule's play at that state (recomputed here, one decision at a time)."""
    res = decision_gaps("hitto@4:max", sessions=3, rounds=3, seats=2, seed=2)
    assert 0 < res.differing <= res.decisions
    mean, lo, hi = res.per_round()
    assert 0 < lo <= mean <= hi
    assert all(g >= 0 for g in res.gaps) and res.staked > 0
    assert sum(res.by_kind.values()) == res.differing

    # the same first session by hand: the hero is seat 0
    state = create("kinzo", seats=2, seed=2, options={"stack": 1000, "rounds": 3})
    rule = HitToAgent(4, "max")
    lost = 0.0
    while state.current_seat is not None:
        seat = state.current_seat
        view, legal = state.view(seat), state.legal_actions()
        action = rule.choose(view, legal)
        if seat == 0 and action.kind in ("hit", "stay", "split"):
            values = option_values(view, legal)
            gap = max(values.values()) - values[action]
            lost += gap if gap > SAME else 0.0
        state.apply(action)
    assert lost == pytest.approx(res.gaps[0])


def test_bad_rules_say_why() -> None:
    with pytest.raises(ValueError, match="hitto@N"):
        decision_gaps("maniac", sessions=1, rounds=1)


def test_gauntlet_kinzo_pairs_carry_the_exact_margin_and_the_paired_check() -> None:
    result = gauntlet_bench(["kinzo"], sessions=2, rounds=2, names=["hitto@5:min"], seats=(2,))
    (pair,) = result["games"]["kinzo"]["pairs"]
    lo, hi = pair["ci95"]
    assert lo <= pair["per_round"] <= hi and pair["beaten"] == (lo > 0)
    plo, phi = pair["paired_ci95"]
    assert plo <= pair["paired"] <= phi
    assert 0.0 < pair["share_differing"] <= 1.0
    assert "differ; paired" in format_gauntlet(result)
