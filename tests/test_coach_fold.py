"""The sabacc coaches count chips against folding now (play report item 2): Fold is exactly 0, as the coach's
definition says, and every estimate carries its standard error."""

from __future__ import annotations

import math

import pytest

from game.ai import coach, make_agent
from game.ai.sabacc import relative_to
from game.engine import create
from game.ui.coach_panel import NBSP, advice_from


def fold_decisions(game_id: str, limit: int) -> list[list[dict]]:
    """The coach's rows at the first ``limit`` decisions with a fold among three or more options."""
    out = []
    for seed in range(1, 20):
        state = create(game_id, seats=4, seed=seed, options={"rounds": 3})
        agents = [make_agent("regular", game_id, seed=seed * 10 + s) for s in range(4)]
        while state.current_seat is not None and len(out) < limit:
            seat = state.current_seat
            view, legal = state.view(seat), state.legal_actions()
            if any(a.kind == "fold" for a in legal) and len(legal) >= 3:
                out.append(coach.advise(game_id, view, legal))
            state.apply(agents[seat].choose(view, legal))
        if len(out) >= limit:
            break
    assert len(out) == limit, "too few fold decisions"
    return out


@pytest.mark.parametrize("game_id", ["nepunian_spike", "sabacc_house"])
def test_fold_is_exactly_zero_and_every_row_says_how_noisy_it_is(game_id: str) -> None:
    for rows in fold_decisions(game_id, 3):
        fold = next(e for e in rows if e["action"].kind == "fold")
        assert fold["ev"] == 0.0 and fold["ev_se"] == 0.0 and fold["win"] == 0.0
        others = [e for e in rows if e is not fold]
        assert all(e["ev_se"] is not None and e["ev_se"] >= 0 for e in others)
        assert any(e["ev_se"] > 0 for e in others), "a bet's rollouts never all come to the same chips"
        assert "against folding" in fold["note"]
        shown = advice_from(rows).rows[[e["action"] for e in rows].index(fold["action"])]
        assert (shown.ev, shown.win.replace(NBSP, " ")) == ("0", "0 %"), "a fold is 0 by definition, not ≈ 0"


def test_chips_against_folding_are_paired_on_the_same_deals() -> None:
    # on deals where folding drifted by +3 and −3 (a carried pot's share), a row that gained 10 more than folding
    # on each is worth exactly 10 with no noise at all
    assert relative_to([13.0, 7.0], [3.0, -3.0]) == (10.0, 0.0)
    mean, se = relative_to([1.0, 3.0], None)  # no fold to count against: the plain mean and its error
    assert mean == 2.0 and math.isclose(se, 1.0)
