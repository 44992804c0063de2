"""Heads-up Hintaro betting solved (issue 17): the solver's tree is the engine's betting, and the shark keeps
to minimax-safe actions, so a best response wins nothing beyond the game's value from it."""

from __future__ import annotations

from game.ai.hintaro import equity
from game.ai.hintaro_solve import Node, action_values, safe_actions, solve
from game.engine import create
from game.engine.core import Action, Rng
from game.measure.exploit import measure, wager_roots

OPTIONS = {"rounds": 3, "stack": 1000, "ante": 10, "min_bet": 10}


def test_the_tree_plays_the_engines_betting() -> None:
    """Random betting lines (listed actions and raises of any size) give the same legal actions and the same
    stacks, pot and turn order in the solver's nodes as in the engine."""
    rng = Rng(5)
    checked = 0
    for seed in range(60):
        state = create("hintaro", seats=2, seed=seed, options=OPTIONS)
        while state.current_seat is not None and state.phase in ("wager", "call"):
            view = state.view(state.current_seat)
            node = Node.from_view(view)
            legal = state.legal_actions()
            assert node.legal() == list(legal)
            action = legal[rng.below(len(legal))]
            if action.kind == "raise" and rng.below(2):
                odd = Action("raise", amount=10 + rng.below(view["stacks"][view["seat"]] - 10 + 1))
                if state._check(odd) is None:
                    action = odd
            after = node.apply(action)
            round_no = state.round_no
            state.apply(action)
            checked += 1
            if state.round_no != round_no:  # a drop: the round was awarded
                assert after.queue == [] and after.in_hand.count(True) == 1
                break
            view = state.view(state.current_seat)
            assert (view["stacks"], view["contrib"], view["wager"]) == (after.stacks, after.contrib, after.wager)
            assert (after.queue == []) == (state.phase == "reroll")
            if after.queue:
                assert view["to_act"] == after.queue
    assert checked > 100


def test_minimax_values_agree_and_safe_actions_keep_the_value() -> None:
    roots = wager_roots(6, seed=3)
    for view in roots:
        e = equity(view)
        values = action_values(view, e)
        root = solve(Node.from_view(view), view["seat"], e)
        assert abs(max(values.values()) - root) < 1e-9
        safe = safe_actions(view, e)
        assert safe and all(abs(values[a] - root) < 1e-6 for a in safe)
        # worth is bounded by what is on the table
        assert view["stacks"][view["seat"]] <= root <= view["stacks"][view["seat"]] + sum(view["stacks"]) + view["pot"]


def test_the_shark_cannot_be_exploited_heads_up_and_the_regular_can() -> None:
    roots = wager_roots(12, seed=7)
    shark = measure("shark", roots)
    regular = measure("regular", roots)
    assert shark["measured"] == 24
    assert shark["max"] <= 1e-6  # no deal, either seat, gives a best response anything beyond the game's value
    assert regular["per_round"] > 1.0  # the search finds real leaks where they exist


def test_heads_up_means_nobody_else_plays_on() -> None:
    from game.ai.hintaro_solve import heads_up

    state = create("hintaro", seats=3, seed=4, options=OPTIONS)
    view = state.view(state.current_seat)
    assert view["phase"] == "wager" and not heads_up(view)  # three seats in
    two = dict(view, in_hand=[True, True, False])
    assert not heads_up(two)  # the third seat still has chips: a carried pot is partly its
    assert heads_up(dict(two, stacks=[view["stacks"][0], view["stacks"][1], 0]))
