"""The showdown is a moment: the table holds on a round's end (every hand shown, who won and why, the header
says Showdown) until a click, Space or Enter; with every seat AI it goes on by itself after HOLD_SECONDS at 1×
(divided by the speed setting), counted in the frames' simulated time, not the wall clock."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, frames, press, until

from game.ui.session import SeatSpec, TableSession, ai_seat
from game.ui.tables.base import BaseTable


def _to_hold(app, table: BaseTable, dt: float = 1 / 30) -> None:
    assert until(app, lambda: table.holding, limit=20000, dt=dt), "a round ended and the table held"


def _ai_table(app, game_id: str, seats: int = 3, seed: int = 4) -> BaseTable:
    session = TableSession.new(game_id, [ai_seat(i, "passive") for i in range(seats)], seed=seed,
                               options={"rounds": 3})
    return app.open_table(session)


def test_every_ai_table_holds_the_showdown_for_the_minimum_time(app) -> None:
    table = _ai_table(app, "sabacc_house")
    _to_hold(app, table)
    assert table.result is not None and table.result.showdown
    assert table.header().startswith("Showdown")
    assert table.result.why, "one line says why it won"
    actions = len(table.state.actions)
    round_no = table.shown["round"]
    hold = table.HOLD_SECONDS / table.speed()  # 3 s at 1×; the test app plays at 4×
    frames(app, int(hold * 60 * 0.9), dt=1 / 60)  # 90 % of the hold in simulated time: nothing moves on
    assert table.holding and table.shown["round"] == round_no and len(table.state.actions) == actions
    assert table.header().startswith("Showdown")
    frames(app, int(hold * 60 * 0.2) + 2, dt=1 / 60)  # past it: the next deal goes ahead
    assert not table.holding


def test_space_and_a_click_release_the_hold(app) -> None:
    table = _ai_table(app, "nepunian_spike", seed=2)
    _to_hold(app, table)
    press(app, pygame.K_SPACE)
    assert not table.holding
    _to_hold(app, table)
    click(app, table.area.center)
    assert not table.holding


def test_with_a_person_at_the_table_the_hold_waits_for_them(app) -> None:
    seats = [SeatSpec("Rook"), ai_seat(1, "passive"), ai_seat(2, "passive")]
    session = TableSession.new("hintaro", seats, seed=11, options={"rounds": 3})
    table = app.open_table(session)
    state = session.state
    while not table.holding:
        assert until(app, lambda: table.my_turn() or table.holding, limit=4000, go_on=False)
        if table.my_turn():
            table.act(state.legal_actions()[0] if state.legal_actions()[0].kind != "drop" else state.legal_actions()[1])
    assert table.header().startswith(("Showdown", "Round over"))
    round_no = table.shown["round"]
    frames(app, 60 * 30, dt=1 / 60)  # half a minute of play time at 4×: still held
    assert table.holding and table.shown["round"] == round_no
    assert [b.label for b in table.buttons] in (["Next hand"], ["Results"])
    press(app, pygame.K_RETURN)
    assert not table.holding
    assert until(app, lambda: table.shown["round"] == round_no + 1 or state.is_over)


def test_equal_stacks_share_a_place_and_one_round_is_one_round(app, monkeypatch) -> None:
    from game.ui.scenes.results import ResultsScene

    session = TableSession.new("street_hintaro", [ai_seat(0, "passive"), ai_seat(1, "passive")], seed=3,
                               options={"rounds": 1, "betting": False})
    table = app.open_table(session)
    assert until(app, lambda: isinstance(app.stack.top, ResultsScene), limit=6000)
    results = app.stack.top
    assert [stack for _, stack in results.rows] == [1000, 1000] and results.places == [1, 1]
    drawn: list[str] = []
    real = app.text.blit
    monkeypatch.setattr(app.text, "blit", lambda surf, text, *a, **k: drawn.append(text) or real(surf, text, *a, **k))
    frames(app, 1)
    app.stack.top.draw(app.screen)
    assert "1 round played" in drawn and not any(t.startswith("2.") for t in drawn)
    assert table.log_lines()[-1] == "The session is over after 1 round."


@pytest.mark.parametrize(("game_id", "seats"), [("hintaro", 6), ("street_hintaro", 2), ("better_hintaro", 4),
                                                ("sabacc_house", 6), ("nepunian_spike", 6), ("kinzo", 6)])
def test_the_result_says_why_and_covers_nothing_in_the_middle(app, game_id: str, seats: int) -> None:
    table = _ai_table(app, game_id, seats=seats, seed=5)
    _to_hold(app, table)
    frames(app, 2)
    r = table.result
    assert r is not None and r.why and table.header().startswith(("Showdown", "Round over"))
    panel = table.result_rect()
    assert table.area.contains(panel)
    assert not panel.colliderect(table.centre_rect()), "the result covers the deciding die, cube or cards"
    assert not panel.colliderect(table.pot_rect())
