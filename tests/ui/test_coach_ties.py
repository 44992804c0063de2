"""The coach's chance column never reads "0 %" for an option that ties or splits the pot (play report item 1),
and a chance that is not the pot's (Kinzo's jackpot) is headed so."""

from __future__ import annotations

from typing import Any

from game.ai import coach as coach_ai
from game.engine import create
from game.engine.core import Action
from game.ui.coach_panel import NBSP, advice_from


def entry(**values: Any) -> dict[str, Any]:
    return coach_ai._entry(Action("x"), "Keep", **values)


def words(text: str) -> str:
    return text.replace(NBSP, " ")


def test_a_row_that_ties_says_so_beside_its_win_chance() -> None:
    adv = advice_from([entry(win=0.0, split=0.1, carry=0.5, equity=0.3, ev=30.0),
                       entry(win=0.2, split=0.0, carry=0.0, equity=0.2, ev=10.0)])
    assert words(adv.rows[0].win) == "0 % · 60 %"
    assert words(adv.rows[1].win) == "20.0 %"  # nothing to tie: the win alone
    assert adv.win_head == "WIN · TIE"


def test_street_hintaros_tie_counts_once_though_given_under_two_names() -> None:
    adv = advice_from([entry(win=0.0, tie=0.25, carry=0.25, ev=12.0)])
    assert words(adv.rows[0].win) == "0 % · 25 %"


def test_no_tie_anywhere_keeps_the_plain_heading() -> None:
    adv = advice_from([entry(win=0.4, ev=5.0, exact=False, samples=24)])
    assert adv.win_head == "WIN" and words(adv.rows[0].win) == "≈ 40 %"


def test_kinzos_dice_row_is_headed_jackpot_not_win() -> None:
    for seed in range(40):  # a hand goes to the dice when it stays below the dealer's total
        state = create("kinzo", seats=2, seed=seed)
        while state.current_seat is not None and state.phase != "dice":
            legal = state.legal_actions()
            state.apply(next((a for a in legal if a.kind == "stay"), legal[0]))
        if state.phase == "dice":
            break
    assert state.phase == "dice", "no deal reached the dice"
    seat = state.current_seat
    adv = advice_from(coach_ai.advise("kinzo", state.view(seat), state.legal_actions()))
    assert adv.win_head == "JACKPOT"
    assert "takes the jackpot" in adv.rows[0].tip


def test_a_chance_every_staying_option_shares_is_said_once_above_the_rows() -> None:
    """Hintaro's dice decide the pot whatever the seat bets: the shared chance is one line, not a column that
    squeezed every row onto two lines."""
    rows = [coach_ai._entry(Action("drop"), "Drop", win=0.0, ev=0.0),
            coach_ai._entry(Action("call"), "Call 10", win=0.278, split=0.03, carry=0.3, ev=13.8),
            coach_ai._entry(Action("raise", amount=10), "Raise to 20", win=0.278, split=0.03, carry=0.3, ev=13.6)]
    adv = advice_from(rows)
    assert not adv.show_win and words(adv.shared) == "If you stay in: win 27.8 %, tie 33.0 %"
    rows[2]["win"] = 0.3  # the chances differ: a column again
    adv = advice_from(rows)
    assert adv.show_win and not adv.shared


def test_better_hintaros_business_top_row_says_it_is_the_sharks_pick_under_a_position_heading() -> None:
    """Play report item 11: "End turn ≈ 0" lit above "Take … ≈ +38.4" read as a mistake. The top row is the
    shark's play by design; the panel says so on the row and in the footer, and heads the numbers POSITION (they
    are a change in position in credits, not chips won)."""
    from game.ai import make_agent

    state = create("better_hintaro", seats=4, seed=2, options={"rounds": 4})
    agents = [make_agent("regular", "better_hintaro", seed=20 + s) for s in range(4)]
    seen = 0
    for _ in range(400):
        seat = state.current_seat
        if seat is None:
            break
        view, legal = state.view(seat), state.legal_actions()
        state.apply(agents[seat].choose(view, legal))
        if view["phase"] != "business":
            continue
        entries = coach_ai.advise("better_hintaro", view, legal, ["Grell", "Oona", "Tavi", "Brix"])
        adv = advice_from(entries)
        best = [r for r in adv.rows if r.best]
        assert len(best) == 1 and best[0].label.endswith("(shark's pick)")
        assert adv.ev_head == "POSITION" and "shark's pick" in adv.footer
        seen += 1
        if seen >= 3:
            break
    assert seen >= 3
