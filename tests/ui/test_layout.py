"""The action bar lays out without overlaps at every window size: no button over another, none over the amount
slider (its track, its knob at either end, or the words around it), none over the bar's heading, and all of
it inside the bar. Checked on each table's fullest real bar (played up to it) and on a bar more crowded than
any table offers, from the usual window down to the smallest one the app lays out."""

from __future__ import annotations

import pygame
import pytest
from conftest import press, until

from game.engine import GAMES
from game.ui import theme
from game.ui.session import SeatSpec, TableSession, ai_seat
from game.ui.tables import TABLES
from game.ui.tables.base import ActionSpec, BaseTable
from game.ui.widgets import Slider

SIZES = [(1280, 720), (1024, 600), (800, 600), theme.MIN_WINDOW]


def heading_rect(table: BaseTable) -> pygame.Rect:
    """Where the bar's heading line is drawn (see ``BaseTable.draw_bar``)."""
    u = table.u
    r = table.bar_rect
    size = table.app.res.font("bold", table.px(15)).size(table.bar_heading())
    return pygame.Rect((r.x + int(12 * u), r.y + int(8 * u)), size)


def bar_problems(table: BaseTable) -> list[str]:
    """Every overlap in the action bar, in words (empty when the bar is clean)."""
    pieces = [(f"button {b.label!r}", b.rect) for b in table.buttons]
    if table.slider is not None:
        pieces.append(("slider", table.slider.rect))
    problems = [f"{name} {tuple(rect)} is outside the bar {tuple(table.bar_rect)}" for name, rect in pieces
                if not table.bar_rect.contains(rect)]
    for i, (a, ra) in enumerate(pieces):
        problems += [f"{a} {tuple(ra)} overlaps {b} {tuple(rb)}" for b, rb in pieces[i + 1:] if ra.colliderect(rb)]
    if table.slider is not None:
        reach = table.slider_reach()
        problems += [f"button {b.label!r} {tuple(b.rect)} covers the slider's knob or words {tuple(reach)}"
                     for b in table.buttons if b.rect.colliderect(reach)]
    head = heading_rect(table)
    problems += [f"button {b.label!r} {tuple(b.rect)} covers the heading {tuple(head)}" for b in table.buttons
                 if b.rect.colliderect(head)]
    return problems


def open_at_first_turn(app, game: str, n: int, options: dict) -> BaseTable:
    seats = [SeatSpec("Rook")] + [ai_seat(i, "passive") for i in range(1, n)]
    table = app.open_table(TableSession.new(game, seats, seed=3, options=options))
    assert until(app, table.my_turn)
    return table


#: each table's first turn for the person at seat 0, and the bar it shows there: the fullest bar with an amount
#: slider for the tables that have one (Hintaro's raise is the one that ran under the slider)
FIRST_TURNS = [
    ("hintaro", 3, {}, ["Drop", "Check", "Raise", "All-in"], True),
    ("better_hintaro", 3, {"loans": True}, ["Drop", "Check", "Raise", "All-in", "Loan"], True),
    ("street_hintaro", 2, {}, ["Bet"], True),
    ("kinzo", 3, {}, ["Stake"], True),
    ("nepunian_spike", 3, {}, ["Stand", "Gain", "Swap with deck", "Swap for discard"], False),
    ("sabacc_house", 3, {}, ["Fold", "Check", "Complete", "All-in"], False),
]


@pytest.mark.parametrize(("game", "n", "options", "labels", "slider"), FIRST_TURNS, ids=[t[0] for t in FIRST_TURNS])
def test_the_first_turns_bar_fits_every_window(app, game, n, options, labels, slider) -> None:
    table = open_at_first_turn(app, game, n, options)
    assert [b.label.split(" ")[0] for b in table.buttons] == [w.split(" ")[0] for w in labels]
    assert (table.slider is not None) == slider
    for size in SIZES:
        table.layout(size)
        assert not bar_problems(table), (size, bar_problems(table))
        if size == (1280, 720):  # the usual window: one row of buttons, as it always was, no label cut short
            assert len({b.rect.y for b in table.buttons}) == 1
            font = int(17 * table.u)
            assert all(b.rect.w >= b.natural_width(table.text, font, b.rect.h) for b in table.buttons), [
                b.label for b in table.buttons if b.rect.w < b.natural_width(table.text, font, b.rect.h)]


def test_better_hintaro_business_bar_fits_every_window(app) -> None:
    """Seven buttons (Buy, Take, Sell, Auction, Trade, Loan, End turn): the fullest bar without a slider."""
    table = open_at_first_turn(app, "better_hintaro", 3, {"loans": True})
    for _ in range(40):
        if table.shown["phase"] == "business":
            break
        press(app, pygame.K_k if table.shown["phase"] == "reroll" else pygame.K_c)
        assert until(app, table.my_turn)
    assert table.shown["phase"] == "business" and len(table.buttons) == 7
    for size in SIZES:
        table.layout(size)
        assert not bar_problems(table), (size, bar_problems(table))


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_crowded_bar_never_overlaps(app, game) -> None:
    """Nine buttons and a slider over six-figure amounts (more than any table shows), at every window size and
    on every table (each lays the bar out through its own class)."""
    n = max(GAMES[game].min_seats, min(GAMES[game].max_seats, 3))
    seats = [ai_seat(i, "passive") for i in range(n)]
    table = app.open_table(TableSession.new(game, seats, seed=5))
    specs = [ActionSpec(f"Action {k} with a long name", "", None) for k in range(8)]
    specs.append(ActionSpec("Raise", "", None, amount_kind="raise"))
    for size in SIZES:
        table.layout(size)
        table.slider = Slider(0, 250_000, 1_000)
        table.slider_kind = "raise"
        table.put_buttons(specs, [None] * len(specs), live=False)
        assert not bar_problems(table), (size, bar_problems(table))
        assert all(b.rect.w >= 40 for b in table.buttons), (size, [b.rect.w for b in table.buttons])
