"""Hintaro, rule by rule (each test names the line of RULINGS.md it covers), and exact probabilities."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import Action, IllegalAction, create
from game.engine.core import Rng, build_pots
from game.engine.hintaro import HINTARO_FACES, PLAYER_FACES, RANK_NAMES, STANDINGS, cancel, standing, symbols
from game.measure.simulate import simulate
from tests.helpers import ScriptedRng, kinds, play

RAISE = Action("raise", amount=10)


def table(seats: int = 3, dice=None, script=(), **options):
    """A fresh round with chosen dice and scripted chance from here on."""
    state = create("hintaro", seats=seats, seed=1, options={"rounds": 3, **options})
    if dice is not None:
        state.dice = [tuple(d) for d in dice]
    state.rng = ScriptedRng(script)
    return state


def test_ruling_player_die_and_hintaro_die_faces() -> None:
    """Player dice: KK, K, TK, T, blank, blank. Hintaro die: Hin, Taro, Hin, Taro, blank, blank."""
    assert PLAYER_FACES == ("KK", "K", "TK", "T", "blank", "blank")
    assert HINTARO_FACES == ("Hin", "Taro", "Hin", "Taro", "blank", "blank")
    assert symbols(("KK", "TK")) == (1, 3)


def test_ruling_two_to_eight_seats() -> None:
    for n in range(2, 9):
        assert create("hintaro", seats=n).n == n
    for n in (1, 9):
        with pytest.raises(ValueError):
            create("hintaro", seats=n)


def test_ruling_hintaron_passes_left_each_round() -> None:
    state = create("hintaro", seats=3, seed=2, options={"rounds": 4})
    dealers = [state.dealer]
    while not state.is_over:
        before = state.round_no
        state.apply(Action("call") if Action("call") in state.legal_actions() else state.legal_actions()[0])
        if state.round_no != before and not state.is_over:
            dealers.append(state.dealer)
    assert dealers == [0, 1, 2, 0]


def test_ruling_round_order_ante_throw_wager_reroll_hintaro_showdown() -> None:
    state = create("hintaro", seats=3, seed=4, options={"rounds": 2, "ante": 5})
    assert kinds(state.opening_events) == ["round_started", "antes", "dice_thrown"]
    assert state.opening_events[1].data["amounts"] == [5, 5, 5]
    assert all(len(d) == 2 for d in state.opening_events[2].data["dice"]), "every seat throws both dice"
    assert state.view(None)["phase"] == "wager"
    events = play(state, "call", "call", "call")
    assert state.view(None)["phase"] == "reroll"
    events = play(state, "keep", "keep", "keep")
    assert kinds(events)[:4] == ["keep", "keep", "keep", "hintaro_thrown"]
    assert "round_over" in kinds(events)


def test_ruling_wager_starts_at_hintarons_right_and_ends_with_the_hintaron() -> None:
    state = table(seats=4)
    assert state.dealer == 0
    order = []
    for _ in range(4):
        order.append(state.current_seat)
        state.apply(Action("call"))
    assert order == [3, 2, 1, 0]


def test_ruling_raise_by_at_least_the_minimum_bet() -> None:
    state = table(seats=3, min_bet=20)
    with pytest.raises(IllegalAction, match="between 20"):
        state.apply(Action("raise", amount=10))
    state.apply(Action("raise", amount=25))
    assert state.view(None)["current_bet"] == 25


def test_ruling_after_the_hintaron_acts_no_more_raises_short_seats_call_or_drop() -> None:
    state = table(seats=3)  # order: 2, 1, 0 (the Hintaron)
    play(state, RAISE, "call", Action("raise", amount=30))
    assert state.view(None)["phase"] == "call"
    assert state.current_seat == 2, "the cleanup goes round in the same order"
    assert {a.kind for a in state.legal_actions()} == {"call", "drop"}
    with pytest.raises(IllegalAction, match="no more raises"):
        state.apply(RAISE)
    play(state, "call", "drop")
    assert state.view(None)["phase"] == "reroll"
    assert state.view(None)["in_hand"] == [True, False, True]


def test_ruling_rerolls_from_hintarons_left_one_die_or_keep() -> None:
    state = table(seats=3, dice=[("T", "T"), ("K", "K"), ("blank", "KK")], script=[2])
    play(state, "call", "call", "call")
    assert state.current_seat == 1
    assert set(state.legal_actions()) == {Action("keep"), Action("reroll", die=0), Action("reroll", die=1)}
    events = play(state, Action("reroll", die=1))
    assert events[0].data == {"die": 1, "old": "K", "new": "TK", "dice": ("K", "TK"), "to_act": [2, 0]}
    assert state.current_seat == 2
    play(state, "keep")
    assert state.current_seat == 0, "the Hintaron rerolls last"
    with pytest.raises(IllegalAction):
        state.apply(Action("reroll", die=2))


@pytest.mark.parametrize(
    ("dice", "face", "after", "struck"),
    [
        (("TK", "TK"), "Hin", (1, 2), "Tukar"),  # one Tukar symbol, not a whole face
        (("TK", "TK"), "Taro", (2, 1), "Kulro"),
        (("KK", "KK"), "Hin", (0, 4), None),  # nothing to strike
        (("KK", "KK"), "Taro", (0, 3), "Kulro"),
        (("T", "T"), "blank", (2, 0), None),
    ],
)
def test_ruling_hin_removes_one_tukar_symbol_taro_one_kulro(dice, face, after, struck) -> None:
    assert cancel(symbols(dice), face) == (after, struck)


def test_ruling_standings_best_first() -> None:
    assert list(STANDINGS.items()) == [((2, 2), "Tukar-Kulro"), ((0, 4), "Quad Kulro"),
                                       ((2, 0), "Tukar-Tukar"), ((0, 2), "Kulro-Kulro")]
    assert RANK_NAMES == ("Tukar-Kulro", "Quad Kulro", "Tukar-Tukar", "Kulro-Kulro")
    assert standing(("TK", "TK"), "blank") == "Tukar-Kulro"
    assert standing(("TK", "K"), "blank") is None, "any other count cannot win"


def test_ruling_best_standing_takes_the_pot() -> None:
    # seat 0: T,T = Tukar-Tukar; seat 1: KK,KK = Quad Kulro; seat 2: K,blank = nothing. Hintaro: blank (4)
    state = table(seats=3, dice=[("T", "T"), ("KK", "KK"), ("K", "blank")], script=[4])
    events = play(state, "call", "call", "call", "keep", "keep", "keep")
    won = [e for e in events if e.kind == "pot_won"]
    assert [(e.seat, e.data["amount"], e.data["standing"]) for e in won] == [(1, 30, "Quad Kulro")]


def test_ruling_ties_split_and_odd_chips_carry() -> None:
    state = table(seats=3, dice=[("T", "T"), ("T", "T"), ("K", "blank")], script=[4], ante=5)
    play(state, "call", Action("raise", amount=10), "call", "call")  # 2 checks, 1 raises 10, 0 and 2 call
    assert state.view(None)["pot"] == 15 + 30
    events = play(state, "keep", "keep", "keep")
    won = sorted((e.seat, e.data["amount"]) for e in events if e.kind == "pot_won")
    assert won == [(0, 22), (1, 22)]
    assert [e.data["amount"] for e in events if e.kind == "pot_carried"] == [1]
    assert state.view(None)["carry"] == 1 and state.view(None)["pot"] == 1 + 15


def test_splits_odd_chips_on_the_last_hand_go_to_the_first_winner_left_of_the_dealer() -> None:
    """RULINGS "Splits": odd chips carry to the next hand, or where there is none go to the first winner left
    of the dealer. Seats 0 and 1 stand with Kulro-Kulro, seat 2 does not; 33 chips split 16/16 and the odd chip
    goes to seat 1 (left of the Hintaron, seat 0), not back to the payers through the carry refund."""
    state = create("hintaro", seats=3, seed=1, options={"rounds": 1, "ante": 11, "stack": 100})
    state.dice = [("K", "K"), ("KK", "blank"), ("T", "blank")]
    state.rng = ScriptedRng([4])  # the Hintaro die lands blank
    events = play(state, "call", "call", "call", "keep", "keep", "keep")
    assert state.is_over
    assert state.stacks == [105, 106, 89]
    won = [(e.seat, e.data["amount"], e.data["split"]) for e in events if e.kind == "pot_won"]
    assert won == [(1, 17, 2), (0, 16, 2)]
    assert "pot_carried" not in kinds(events) and "carry_returned" not in kinds(events)
    assert state.chip_total() == 300


def test_splits_odd_chips_carry_while_there_is_a_next_hand() -> None:
    state = create("hintaro", seats=3, seed=1, options={"rounds": 2, "ante": 11, "stack": 100})
    state.dice = [("K", "K"), ("KK", "blank"), ("T", "blank")]
    state.rng = ScriptedRng([4])
    events = play(state, "call", "call", "call", "keep", "keep", "keep")
    assert [e.data["amount"] for e in events if e.kind == "pot_carried"] == [1]
    assert state.round_no == 2 and state.view(None)["carry"] == 1


def test_a_pot_carried_to_the_sessions_end_goes_back_by_the_last_rounds_hintaron() -> None:
    """The Hintaron passes only when another round starts, so the refund's odd chips go to the first payer left
    of the last round's Hintaron (seat 1 here), not of the seat the role would have passed to."""
    state = create("hintaro", seats=3, seed=1, options={"rounds": 1, "ante": 11, "stack": 100})
    state.dice = [("K", "blank"), ("TK", "K"), ("T", "blank")]
    state.rng = ScriptedRng([4])  # nobody stands
    play(state, "call", RAISE, "call", "drop", "keep", "keep")  # seat 2 checks, 1 raises, 0 calls, 2 drops
    assert state.is_over and state.dealer == 0
    # 53 chips go back in equal shares to the three payers (17 each), the 2 odd chips to seat 1
    assert state.stacks == [100 - 21 + 17, 100 - 21 + 19, 100 - 11 + 17]


def test_the_session_ends_with_the_last_rounds_hintaron() -> None:
    rng = Rng(5)
    for seed in range(20):
        state = create("hintaro", seats=4, seed=seed, options={"rounds": 3, "stack": 60, "ante": 10})
        dealer = state.dealer
        while not state.is_over:
            legal = state.legal_actions()
            for e in state.apply(legal[rng.below(len(legal))]):
                if e.kind == "round_started":
                    dealer = e.data["dealer"]
        assert state.dealer == dealer


def test_ruling_no_standing_carries_the_pot() -> None:
    state = table(seats=2, dice=[("K", "blank"), ("TK", "K")], script=[4])
    events = play(state, "call", "call", "keep", "keep")
    assert "pot_won" not in kinds(events)
    assert state.view(None)["carry"] == 20
    assert state.view(None)["pot"] == 40, "the carried pot joins the next round's antes"


def test_ruling_last_seat_left_after_wagers_takes_the_pot_at_once() -> None:
    state = table(seats=3)
    events = play(state, RAISE, "drop", "drop")
    assert "hintaro_thrown" not in kinds(events)
    won = [e for e in events if e.kind == "pot_won"]
    assert [(e.seat, e.data["amount"]) for e in won] == [(2, 40)]


def test_ruling_side_pots_for_a_short_all_in_seat() -> None:
    state = create("hintaro", seats=3, seed=1, options={"rounds": 2})
    state.stacks = [990, 990, 40]
    state.rng = ScriptedRng([4])
    state.dice = [("T", "T"), ("KK", "K"), ("KK", "KK")]
    assert Action("allin") not in state.legal_actions(), "a full raise of everything is a raise"
    play(state, Action("raise", amount=40))  # seat 2 puts in all it has
    play(state, Action("raise", amount=100), "call")
    pots = state.view(None)["pots"]
    assert pots == [{"amount": 150, "eligible": [0, 1, 2]}, {"amount": 200, "eligible": [0, 1]}]
    events = play(state, "keep", "keep", "keep")
    won = sorted((e.seat, e.data["amount"], e.data["pot"]) for e in events if e.kind == "pot_won")
    # seat 2 (Quad Kulro) takes the main pot; seat 0 (Tukar-Tukar) beats seat 1 (nothing) for the side pot
    assert won == [(0, 200, 1), (2, 150, 0)]


def test_uncalled_raise_comes_back() -> None:
    state = create("hintaro", seats=2, seed=1)
    state.stacks = [990, 30]
    play(state, Action("raise", amount=30), Action("raise", amount=500))
    assert state.view(None)["phase"] == "reroll"
    assert state.view(None)["contrib"] == [40, 40]
    assert state.stacks == [960, 0]


@given(st.lists(st.tuples(st.integers(0, 500), st.booleans()), min_size=2, max_size=8))
def test_side_pots_hold_every_chip_and_only_eligible_seats(rows) -> None:
    contrib = [c for c, _ in rows]
    live = [f for _, f in rows]
    pots = build_pots(contrib, live)
    assert sum(p.amount for p in pots) == sum(contrib)
    for p in pots:
        assert all(live[s] for s in p.eligible)
    for a, b in itertools.pairwise(pots):
        assert a.eligible != b.eligible, "adjacent pots with the same seats merge"
        assert set(b.eligible) <= set(a.eligible)


# ------------------------------------------------------------------------------------- exact probabilities
def exact_standing_distribution() -> dict[str | None, Fraction]:
    """Enumerate both player dice and the Hintaro die: the standing of a seat that never rerolls."""
    dist: dict[str | None, Fraction] = {}
    for a, b, h in itertools.product(PLAYER_FACES, PLAYER_FACES, HINTARO_FACES):
        s = standing((a, b), h)
        dist[s] = dist.get(s, Fraction(0)) + Fraction(1, 216)
    return dist


def test_exact_standing_probabilities() -> None:
    """Derived by hand: Tukar-Kulro needs TK,TK (1/36) and a blank Hintaro (1/3) = 1/108."""
    dist = exact_standing_distribution()
    assert dist["Tukar-Kulro"] == Fraction(1, 108)
    # Quad Kulro: only KK,KK (1/36) shows four Kulro, and it must survive: Hin or blank (2/3)
    assert dist["Quad Kulro"] == Fraction(1, 36) * Fraction(2, 3)
    # Tukar-Tukar (2,0): T,T with Taro or blank (2/3) = 1/54; or TK,T / T,TK (2/36) with Taro (1/3) = 1/54
    assert dist["Tukar-Tukar"] == Fraction(1, 54) + Fraction(1, 54)
    assert sum(dist.values()) == 1


def test_seeded_simulation_matches_the_exact_standings() -> None:
    """Passive seats never reroll, so every showdown standing follows the enumerated distribution."""
    rounds = 12000
    result = simulate("hintaro", seats=2, rounds=rounds, seed=7, agents=["passive"])
    seen = result["ranks"]
    n = sum(seen.values())
    assert n == 2 * rounds
    for name, p in exact_standing_distribution().items():
        key = name or "no standing"
        expected = float(p) * n
        sigma = math.sqrt(n * float(p) * (1 - float(p)))
        assert abs(seen.get(key, 0) - expected) < 4.5 * sigma, (key, seen.get(key, 0), expected)
    # both seats stand for nothing -> the pot carries: P = P(no standing for a seat, shared Hintaro die)
    p_carry = Fraction(0)
    for h in HINTARO_FACES:
        p_none = sum(Fraction(1, 36) for a, b in itertools.product(PLAYER_FACES, PLAYER_FACES)
                     if standing((a, b), h) is None)
        p_carry += Fraction(1, 6) * p_none**2
    expected = float(p_carry) * rounds
    sigma = math.sqrt(rounds * float(p_carry) * (1 - float(p_carry)))
    assert abs(result["carried"] - expected) < 4.5 * sigma


# ------------------------------------------------------------------------------------- engine contract v2
def test_views_fold_with_short_stacks_no_ante_and_odd_raises() -> None:
    """All-ins, side pots, uncalled raises, busted seats and a carried pot given back at the end all fold, for
    every seat and the spectator (the contract test plays the default options only)."""
    from game.engine import event_kinds
    from game.engine.core import Rng
    from tests.test_view_fold import _fold_step

    catalogue = event_kinds("hintaro")
    for options in ({"rounds": 0, "stack": 30}, {"rounds": 12, "stack": 25, "ante": 0},
                    {"rounds": 6, "stack": 100, "ante": 15, "min_bet": 7}):
        for seats in (2, 5, 8):
            for seed in range(3):
                rng = Rng(seed * 31 + seats)
                state = create("hintaro", seats=seats, seed=seed, options=options)
                while not state.is_over:
                    legal = state.legal_actions()
                    _fold_step(state, legal[rng.below(len(legal))], catalogue)


def test_every_event_kind_is_seen_and_folds() -> None:
    from game.engine import event_kinds, reduce_view
    from game.engine.core import Rng

    seen: set[str] = set()
    rng = Rng(5)
    for seed in range(40):
        state = create("hintaro", seats=3, seed=seed, options={"rounds": 3, "stack": 40})
        view = state.view(1)
        while not state.is_over:
            legal = state.legal_actions()
            for e in state.apply(legal[rng.below(len(legal))]):
                seen.add(e.kind)
                view = reduce_view(view, e.visible_to(1))
            assert view == state.view(1)
    assert seen == set(event_kinds("hintaro"))


def test_refusals_name_their_code_and_change_nothing() -> None:
    state = table(seats=3)  # order: 2, 1, 0 (the Hintaron)
    play(state, RAISE, "call", Action("raise", amount=30))
    for action, code in ((RAISE, "no_more_raises"), (Action("allin"), "allin_not_needed"),
                         (Action("keep"), "unknown_action"), (Action("call", amount=5), "not_allowed_now"),
                         (Action("raise", amount=True), "no_more_raises")):
        before = state.to_json()
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert info.value.code == code, action
        assert state.to_json() == before
    state = create("hintaro", seats=2, seed=1)
    state.stacks = [15, 990]  # seat 1 bets first, the Hintaron (seat 0) last
    play(state, Action("raise", amount=50))
    with pytest.raises(IllegalAction) as info:
        state.apply(Action("call"))
    assert info.value.code == "short_to_call" and info.value.params == {"stack": 15, "to_call": 50}
    play(state, "allin", "keep")
    with pytest.raises(IllegalAction) as info:
        state.apply(Action("reroll", die=2))
    assert info.value.code == "not_allowed_now"


# ----------------------------------------------------------------------------- why the showdown went its way
@pytest.mark.parametrize(("dice", "code", "params"), [
    ([("TK", "TK"), ("KK", "KK"), ("T", "blank")], "better_standing",
     {"standing": "Tukar-Kulro", "beats": "Quad Kulro"}),
    ([("TK", "TK"), ("T", "blank"), ("blank", "blank")], "only_standing", {"standing": "Tukar-Kulro"}),
    ([("T", "T"), ("T", "T"), ("K", "blank")], "split", {"standing": "Tukar-Tukar", "ways": 2}),
    ([("T", "blank"), ("K", "blank"), ("blank", "blank")], "nobody_stands", {}),
])
def test_round_over_says_why(dice, code, params) -> None:
    """round_over carries the engine's reason code (game.engine.showdown), found where the winners are."""
    state = table(dice=dice, script=[4])  # the Hintaro die lands blank
    events = play(state, "call", "call", "call", "keep", "keep", "keep")
    over = next(e for e in events if e.kind == "round_over").data
    assert (over["reason"], over["params"]) == (code, params)


def test_round_over_reason_when_the_others_drop() -> None:
    state = table(seats=2)
    events = play(state, "drop")
    over = next(e for e in events if e.kind == "round_over").data
    assert (over["reason"], over["params"], over["showdown"]) == ("last_standing", {}, False)
