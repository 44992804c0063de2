"""Kinzo's outcome words tell the player what happened to their stake (play report items 5 and 6): a survivor
whose stake a jackpot took is not shown "safe", the headline says the player's own net, and the house's note
says its drawing rule and the survive band as the engine has them."""

from __future__ import annotations

import random
import re

from game.engine import create
from game.engine.kinzo import MAX_CARDS, dealer_must_draw, judge
from game.ui.tables.kinzo import DEALER_RULE, OUTCOMES, KinzoTable, own_net_words, survive_words


def _jackpot_round() -> dict:
    """A round whose jackpot took a survivor's stake, from real play (the first seed that makes one)."""
    for seed in range(400):
        state = create("kinzo", seats=5, seed=seed, options={"rounds": 3})
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            for ev in state.apply(rng.choice(legal)):
                if ev.kind == "round_over" and ev.data["jackpot"] is not None:
                    rows = ev.data["hands"]
                    if any(r["outcome"] == "survived" and r["seat"] != ev.data["jackpot"] for r in rows):
                        return ev.data
    raise AssertionError("no jackpot round with another survivor in 400 seeds")


def test_a_survivor_whose_stake_went_to_the_jackpot_is_not_shown_safe() -> None:
    d = _jackpot_round()
    for row in d["hands"]:
        key = KinzoTable._outcome_key(dict(row, done=True))
        if row["outcome"] == "survived" and row["net"] < 0:
            assert key == "to_jackpot", row
            assert OUTCOMES[key][0] == "STAKE TO JACKPOT"
        else:
            assert key == row["outcome"], row
    # a survivor paid in a round without a jackpot stays "survived"
    assert KinzoTable._outcome_key({"outcome": "survived", "net": 10}) == "survived"
    assert KinzoTable._outcome_key({"outcome": "survived", "result": "rolls"}) == "survived"  # not settled yet


def test_the_headline_tells_the_player_their_own_net() -> None:
    d = _jackpot_round()
    loser = next(r["seat"] for r in d["hands"] if r["seat"] not in d["winners"])
    assert own_net_words(d, loser) == f"you lose {-d['net'][loser]:,}"
    assert own_net_words(d, d["winners"][0]) == ""  # the headline already shows a winner's net
    assert own_net_words(d, None) == ""
    assert own_net_words({"winners": [], "hands": [{"seat": 0}, {"seat": 0}], "net": [0]}, 0) == "you break even"
    assert own_net_words({"winners": [], "hands": [{"seat": 1}], "net": [0, -10]}, 0) == ""  # sat out


def test_the_survive_band_is_the_engines() -> None:
    for total in range(3, 37):
        lo, hi = (int(x) for x in re.findall(r"\d+", survive_words(total))[:2])
        assert hi == total and judge(hi, total) == "equal"
        assert judge(lo, total) in ("rolls", "equal") and judge(lo - 1, total) == "doubled", total
    assert "half" in survive_words(None)


def test_the_house_rule_says_what_the_house_does() -> None:
    """The note once said "draws to 3 cards, then stops on a 5 or 6", and the house drew six cards."""
    assert dealer_must_draw([6, 6])  # two cards never stop it, a 5 or 6 among them or not
    assert dealer_must_draw([1, 2, 3, 4]) and not dealer_must_draw([1, 2, 3, 4, 5])
    assert not dealer_must_draw([1, 1, 1, 1, 1, 1])
    assert "3 cards" in DEALER_RULE and "5 or 6" in DEALER_RULE and f"{MAX_CARDS} at most" in DEALER_RULE
    assert "stops on" not in DEALER_RULE
