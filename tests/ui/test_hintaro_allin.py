"""Hintaro's All-in button is live whenever the seat may push every chip it holds: the engine's ``allin`` is only
for a seat short of a call or of a full raise, so otherwise the button plays the raise of every chip left after
the call, and the Raise button says when its amount is that same all-in."""

from __future__ import annotations

from game.ui.session import SeatSpec, TableSession, ai_seat
from tests.ui.conftest import until


def _my_wager_turn(app, seats: int = 2):
    t = app.open_table(TableSession.new("hintaro", [SeatSpec("Rook")] + [ai_seat(i, "regular")
                                                                        for i in range(1, seats)], seed=3))
    until(app, lambda: t.synced and t.my_turn() and t.shown.get("phase") == "wager")
    return t


def test_all_in_is_live_when_a_raise_of_every_chip_is_legal(app) -> None:
    t = _my_wager_turn(app)
    legal = t.state.legal_actions()
    assert not any(a.kind == "allin" for a in legal), "the engine offers its own all-in here: nothing to check"
    stack = t.shown["stacks"][0]
    button = next(b for b in t.bar.buttons if b.tag.label == "All-in")
    assert button.enabled
    assert button.tag.action.kind == "raise" and button.tag.action.get("amount") == stack - t.shown["to_call"]
    assert f"every chip you hold ({stack:,})" in button.tooltip
    button.on_click()
    assert until(app, lambda: any(line.startswith(f"Rook raises to {t.shown['current_bet']:,}")
                                  for line in t.log_lines()))
    assert t.state.stacks[0] == 0


def test_a_raise_of_every_chip_says_all_in(app) -> None:
    t = _my_wager_turn(app)
    raise_button = next(b for b in t.bar.buttons if b.tag.amount_kind == "raise")
    slider = t.bar.slider
    slider.value = slider.lo
    t.bar._relabel()
    assert "(all-in)" not in raise_button.label
    slider.value = slider.hi
    t.bar._relabel()
    assert raise_button.label == f"Raise to {t.shown['current_bet'] + slider.hi:,} (all-in)"
