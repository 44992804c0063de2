"""The odds coach a player can trust (issue 14): rows a player can act on, betting values that model the others'
answers, and the bench that compares the coach's predictions with the chips its advice really earned."""

from __future__ import annotations

import re
from typing import Any

import pytest

from game.ai import coach, make_agent
from game.ai.sabacc import answer_share
from game.ai.spike import pot_of
from game.engine import GAMES, create
from game.measure.coach_bench import coach_bench, format_coach_bench, play_table

NAMES = ["Grell", "Oona", "Tavi", "Brix"]
SEAT_NUMBER = re.compile(r"\bseats?\s*#?\d", re.IGNORECASE)


def decisions(game_id: str, seats: int, seed: int, limit: int) -> list[tuple[dict[str, Any], list[Any]]]:
    """Up to ``limit`` (view, legal) pairs from a seeded table of regulars (every seat's turn)."""
    state = create(game_id, seats=seats, seed=seed, options={"rounds": 4})
    agents = [make_agent("regular", game_id, seed=seed * 10 + s) for s in range(seats)]
    out = []
    while state.current_seat is not None and len(out) < limit:
        seat = state.current_seat
        view, legal = state.view(seat), state.legal_actions()
        out.append((view, legal))
        state.apply(agents[seat].choose(view, legal))
    return out


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_row_is_a_legal_action_named_in_the_tables_words_never_a_seat_number(game_id: str) -> None:
    seats = 2 if GAMES[game_id].max_seats < 3 else 3
    seen = 0
    for view, legal in decisions(game_id, seats, seed=3, limit=60):
        rows = coach.advise(game_id, view, legal, NAMES[:seats])
        assert rows, f"{game_id}: no advice at a {view.get('phase')} decision"
        for row in rows:
            assert row["action"] in legal, f"{game_id}: {row['label']!r} is not an action the player can take"
            assert row["label"] and not SEAT_NUMBER.search(row["label"]), f"{game_id}: {row['label']!r}"
            seen += 1
    assert seen > 0


def test_a_better_hintaro_trade_names_the_seat_on_screen_and_what_changes_hands() -> None:
    offers = 0
    for seed in range(1, 30):
        for view, legal in decisions("better_hintaro", 3, seed=seed, limit=400):
            if not any(a.kind == "offer" for a in legal):
                continue
            for row in coach.advise("better_hintaro", view, legal, NAMES[:3]):
                if row["action"].kind != "offer":
                    continue
                offers += 1
                to = row["action"].to
                assert row["label"].startswith(f"Offer {NAMES[to]}: "), row["label"]
                assert " for " in row["label"], row["label"]
            # without names the row says where the seat sits, still never a number
            for row in coach.advise("better_hintaro", view, legal):
                if row["action"].kind == "offer":
                    assert "the player" in row["label"] and not SEAT_NUMBER.search(row["label"]), row["label"]
            if offers:
                return
    pytest.fail("no trade offer came up in 29 seeded Better Hintaro games")


def test_too_few_names_is_refused_clearly() -> None:
    view, legal = decisions("hintaro", 3, seed=1, limit=1)[0]
    with pytest.raises(ValueError, match="a name for every seat"):
        coach.advise("hintaro", view, legal, ["Grell"])


def test_a_callers_share_falls_as_a_bet_outgrows_the_pot() -> None:
    assert answer_share(0.6, 30, 30) == pytest.approx(0.6)
    assert answer_share(0.6, 10, 30) == pytest.approx(0.6)
    assert answer_share(0.6, 980, 30) == pytest.approx(0.6 * 30 / 980)
    assert answer_share(0.6, 0, 30) == 1.0


def test_a_spike_overbet_is_priced_by_the_folds_it_meets_not_as_if_everyone_called() -> None:
    """Issue 14: "Raise 980: +928" into a 30-chip pot (both seats folded, +30). A raise many times the pot is
    answered by folds except by a hand that holds zero, so even a winning hand expects far less than the shove
    back: "everyone calls" priced a sure winner's shove into two seats at about 0.6 x 2 x 980."""
    checked = 0
    for seed in range(1, 40):
        for view, legal in decisions("nepunian_spike", 3, seed=seed, limit=200):
            raises = [a for a in legal if a.kind == "raise"]
            if view["phase"] != "bet" or not raises:
                continue
            pot = pot_of(view)
            big = max(raises, key=lambda a: a.amount)
            if big.amount < 10 * max(1, pot):
                continue
            rows = {r["action"]: r for r in coach.advise("nepunian_spike", view, legal)}
            ev = rows[big]["ev"]
            assert ev <= pot + 0.5 * big.amount, (
                f"Raise {big.amount} into {pot}: ev {ev:+.0f} prices the shove as if it were called")
            checked += 1
            if checked >= 3:
                return
    assert checked, "no overbet came up"


def test_the_spike_coachs_opponents_answer_bets_in_later_rounds_too() -> None:
    """A bet in a later betting round of the hand is answered by the coach's call model, not the rollout policy's
    late folds: a seat without zero facing a bet up to the pot calls in the share of draws the rate says."""
    from game.ai.spike import COACH_CALL_RATE, VALUES, coach_answer_policy

    for view, _legal in decisions("nepunian_spike", 3, seed=5, limit=400):
        if view["phase"] == "play":
            break
    else:
        pytest.fail("no play decision found")
    me = view["seat"]
    st = create("nepunian_spike", seats=3, seed=5, options={"rounds": 4})
    while not (st.phase == "bet" and st.current_seat != me and st.cur_bet > st.wager[st.current_seat]
               and st.stage != view["stage"] and sum(VALUES[c] for c in st.hands[st.current_seat]) != 0):
        if st.current_seat is None:
            pytest.fail("no later bet faced by another seat without zero")
        legal = st.legal_actions()
        raises = [a for a in legal if a.kind == "raise"]
        st.apply(raises[0] if raises and st.current_seat == me else
                 next((a for a in legal if a.kind in ("call", "check", "stand", "roll", "stay")), legal[0]))
    calls = sum(coach_answer_policy(view, (j + 0.5) / 200, COACH_CALL_RATE)(st).kind == "call" for j in range(200))
    to_call = st.cur_bet - st.wager[st.current_seat]
    assert calls / 200 == pytest.approx(answer_share(COACH_CALL_RATE, to_call, pot_of(st) - to_call), abs=0.02)


def test_a_better_hintaro_bet_paid_with_items_is_priced_in_chips() -> None:
    """An item-paid row is its credit twin's chips less any face value the bet does not credit: never more."""
    seen = 0
    for seed in range(1, 12):
        for view, legal in decisions("better_hintaro", 4, seed=seed, limit=300):
            if view["phase"] != "wager" or not any(a.get("items") and a.kind == "raise" for a in legal):
                continue
            rows = {r["action"]: r for r in coach.advise("better_hintaro", view, legal, NAMES)}
            for a, row in rows.items():
                twin = next((r for b, r in rows.items() if b.kind == a.kind and not b.get("items")
                             and b.get("amount") == a.get("amount")), None)
                if not a.get("items") or twin is None:
                    continue
                assert row["ev"] <= twin["ev"] + 1e-9, row["label"]
                seen += 1
            assert sum(r["best"] for r in rows.values()) == 1
    assert seen > 0


def test_the_better_hintaro_business_top_row_is_the_sharks_play_and_a_refused_offer_is_worth_nothing() -> None:
    """Outside the dice the coach stands by the shark's play, not by the highest estimate (ranked by ``ev``, a
    four-seat follower made thousands of offers nobody took and lost to the regulars), and an offer the other
    seat would refuse (it gains no more than a regular's margin by the same valuation) is priced 0."""
    from game.ai import better_hintaro as bh

    shark = bh.BetterHintaroAgent(bh.GAME_ID, "shark", bh.Personality(), 0)
    tops = offers = refused = 0
    for seed in (2, 5):
        for view, legal in decisions("better_hintaro", 4, seed=seed, limit=400):
            if view["phase"] not in ("business", "auction", "trade"):
                continue
            rows = coach.advise("better_hintaro", view, legal, NAMES)
            best = [r for r in rows if r["best"]]
            assert len(best) == 1
            assert best[0]["action"] == shark.choose(view, legal)
            tops += 1
            val = bh.Valuer(bh.Board(view, shark.content), shark.style, shark.win_bonus)
            for r in rows:
                a = r["action"]
                if a.kind != "offer":
                    continue
                f = dict(a.fields)
                mine = shark._trade_gain(val, view["seat"], f["give"], f["give_credits"], f["get"],
                                         f["get_credits"], a.to)
                theirs = shark._trade_gain(val, a.to, f["get"], f["get_credits"], f["give"], f["give_credits"],
                                           view["seat"])
                offers += 1
                if mine > 0 and theirs <= bh.STYLES["regular"].margin:
                    assert r["ev"] == 0.0, r["label"]
                    refused += 1
                else:
                    assert r["ev"] == pytest.approx(mine), r["label"]
    assert tops > 20 and offers > 0 and refused > 0


def test_hintaro_raise_rows_are_worth_the_modelled_answers() -> None:
    """A raise row's ev is the shark's value under its chances of each answer (the priors of a table it has
    not read yet), not the smaller of "everyone calls" and "each answers as its odds say"."""
    from game.ai.hintaro import bet_options

    differs = 0
    for view, legal in decisions("hintaro", 3, seed=7, limit=200):
        if view["phase"] == "reroll":
            continue
        model = {o.action: o.ev_model for o in bet_options(view, legal, {})}
        for row in coach.advise("hintaro", view, legal):
            if row["action"].kind not in ("raise", "allin"):
                continue
            assert row["ev"] == pytest.approx(model[row["action"]])
            differs += abs(row["ev"] - min(row["ev_if_called"], row["ev_if_rational"])) > 1e-6
    assert differs > 0, "every raise was priced as the worse of the two answer models"


def test_the_coach_bench_compares_each_decision_with_the_chips_it_earned() -> None:
    res = play_table("street_hintaro", 2, sessions=3, rounds=3, seed=5)
    s = res.summary()
    assert s["decisions"] == sum(res.counts) > 0
    assert s["followed"] > 0
    # the mean error is exactly mean realised minus mean predicted
    assert s["error"]["mean"] == pytest.approx(s["mean_realised"] - s["mean_predicted"], abs=0.02)
    lo, hi = s["error"]["ci95"]
    assert lo <= s["error"]["mean"] <= hi
    assert s["agrees"] == (lo <= 0.0 <= hi)
    assert sum(v["n"] for v in s["by_kind"].values()) == s["decisions"]
    assert s["timing"]["decisions"] > 0


def test_the_coach_bench_runs_every_game_and_says_so() -> None:
    result = coach_bench(["kinzo", "street_hintaro"], quick=True)
    assert set(result["games"]) == {"kinzo", "street_hintaro"}
    assert set(result["games"]["street_hintaro"]) == {"2"}  # Street Hintaro seats two
    assert set(result["games"]["kinzo"]) == {"2", "4"}
    text = format_coach_bench(result)
    assert "kinzo" in text and "street_hintaro" in text
    with pytest.raises(ValueError, match="unknown game"):
        coach_bench(["nope"], quick=True)
