"""The action bar as a part: it shows the specs the table gives it, its slider moves only on the eyes' turn,
a hotkey presses its button, a greyed button says why (and a table's bug there costs only the reason), and
the table's old names reach the same bar."""

from __future__ import annotations

import pygame

from game.ui.input import Input
from game.ui.session import TableSession, ai_seat
from game.ui.tables.action_bar import ActionBar, ActionSpec, pick_key
from game.ui.widgets import Slider


def _table(app):
    return app.open_table(TableSession.new("hintaro", [ai_seat(i, "passive") for i in range(2)], seed=5))


def test_the_bar_shows_specs_and_a_hotkey_presses_its_button(app) -> None:
    table = _table(app)
    bar: ActionBar = table.bar
    pressed: list[str] = []
    specs = [ActionSpec("Check", "", pygame.K_c, "C"), ActionSpec("Fold", "", pygame.K_f, "F")]
    bar.put(specs, [lambda: pressed.append("check"), lambda: pressed.append("fold")])
    assert table.buttons is bar.buttons and table.specs is specs and [b.label for b in bar.buttons] == ["Check", "Fold"]
    assert all(table.bar_rect.contains(b.rect) for b in bar.buttons)
    assert bar.handle(Input("key", key=pygame.K_f), mine=True) and pressed == ["fold"]
    assert not bar.handle(Input("key", key=pygame.K_z), mine=True) and pressed == ["fold"]
    tip = bar.tooltip(bar.buttons[0].rect.center)
    assert tip is None, "a button without words has no tooltip"


def test_the_slider_moves_only_on_the_eyes_turn(app) -> None:
    table = _table(app)
    bar: ActionBar = table.bar
    raise_ = ActionSpec("Raise", "", amount_kind="raise")
    bar.pick_slider([raise_], lambda kind: (10, 100), lambda k, lo, hi: 10)
    assert table.slider is bar.slider and bar.slider_kind == "raise" and bar.slider is not None
    bar.put([raise_], [None])
    assert bar.buttons[0].rect.right < bar.slider_reach().left, "the buttons keep clear of the slider"
    assert bar.slider.value == 10
    assert not bar.handle(Input("key", action="more"), mine=False) and bar.slider.value == 10
    assert bar.handle(Input("key", action="more"), mine=True) and bar.slider.value == 20
    bar.pick_slider([ActionSpec("Raise", "", amount_kind="raise")], lambda kind: (10, 100), lambda k, lo, hi: 10)
    assert bar.slider.value == 20, "the same kind keeps its amount"
    table.slider = Slider(0, 5, 1)
    assert bar.slider is table.slider
    bar.own([(ActionSpec("Next hand", "Deal the next hand"), lambda: None)])
    assert bar.slider is None and bar.slider_kind is None


def test_a_greyed_button_says_why_and_a_table_bug_costs_only_the_reason(app) -> None:
    table = _table(app)
    bar: ActionBar = table.bar
    spec = ActionSpec("Raise", "Raise the bet")
    bar.say_why_greyed(spec, lambda s: "Grell is to act", mine=False)
    assert spec.tooltip == "Grell is to act · Raise the bet"
    mine = ActionSpec("Raise", "Raise the bet")
    bar.say_why_greyed(mine, lambda s: "You have too few chips", mine=True)
    assert mine.tooltip == "You have too few chips"
    reported: list[str] = []
    app.report = reported.append

    def broken(s: ActionSpec) -> str:
        raise KeyError("wager")
    kept = ActionSpec("Raise", "Raise the bet")
    bar.say_why_greyed(kept, broken, mine=False)
    assert kept.tooltip == "Raise the bet" and len(reported) == 1 and "Raise" in reported[0]


def test_hotkeys_take_a_free_initial_first(app) -> None:
    used: set[int] = set()
    assert pick_key("Call", used) == pygame.K_c
    assert pick_key("Check", used) == pygame.K_h
    assert len(used) == 2
