"""Chips are the stage: the pot's pile grows with its value (and stops growing), a seat's stacks add up to its
chips, a bet stands on the seat's betting line until the pot is taken, and a split pot flies to every winner.

The tables are real seeded ones played headless by AI seats; what is checked is what the painter draws
(``draw_stacks`` calls recorded during a full redraw) and the flights it starts."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from conftest import until

import game.ui.tables.chip_painter as chip_painter
from game.ui.chips import PILE_MAX_SLOTS, pile_columns, pile_size, pile_slots, stack_columns
from game.ui.draw import chip_breakdown
from game.ui.session import TableSession, ai_seat
from game.ui.tables.base import BaseTable, ChipFlight

AMOUNTS = sorted({0, 1, 5, 9, 10, 15, 40, 60, 99, 100, 150, 490, 500, 510, 999, 1000, 1370, 2020, 4990, 5000,
                  9999, 25_000, 100_000, 10**6, 10**8} | set(range(0, 3000, 37)))


def _worth(cols: list[tuple[int, int]]) -> int:
    return sum(v * n for v, n in cols)


def test_the_pile_grows_with_the_pot_and_stays_bounded() -> None:
    d = 22
    sizes = [pile_size(a, d) for a in AMOUNTS]
    slots = [pile_slots(a) for a in AMOUNTS]
    for (a, s0), (b, s1) in zip(zip(AMOUNTS, sizes, strict=True), zip(AMOUNTS[1:], sizes[1:], strict=True),
                                strict=False):
        assert s1[0] >= s0[0] and s1[1] >= s0[1], f"the pile for {b} is smaller than the pile for {a}"
    assert slots == sorted(slots)
    assert pile_size(0, d) == (0, 0)
    assert pile_slots(2020) > pile_slots(40) > 0, "a pot of 2,020 is a bigger pile than one of 40"
    biggest = pile_size(10**12, d)
    assert all(w <= biggest[0] and h <= biggest[1] for w, h in sizes)
    assert biggest[0] < d * 8 and pile_slots(10**12) == PILE_MAX_SLOTS, "however large the pot, the pile is bounded"


@pytest.mark.parametrize("amount", [a for a in AMOUNTS if a])
def test_a_piles_columns_are_worth_its_chips(amount: int) -> None:
    cols = pile_columns(amount)
    assert _worth(cols) == _worth(chip_breakdown(amount))  # changed into small chips, never lost or made
    assert len(cols) >= min(pile_slots(amount), sum(n for _, n in chip_breakdown(amount)))
    assert abs(_worth(cols) - amount) < 10


def _table(app: Any, game_id: str, seats: int, seed: int) -> BaseTable:
    session = TableSession.new(game_id, [ai_seat(i, "passive") for i in range(seats)], seed=seed,
                               options={"rounds": 3})
    return app.open_table(session)


def _drawn_stacks(table: BaseTable, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, tuple[int, int]]]:
    """Every (amount, spot) ``draw_stacks`` is asked to draw during one full redraw of the table."""
    calls: list[tuple[int, tuple[int, int]]] = []
    real = chip_painter.draw_stacks

    def spy(surf: pygame.Surface, amount: int, spot: tuple[float, float], d: int, res: Any = None) -> pygame.Rect:
        calls.append((amount, (int(spot[0]), int(spot[1]))))
        return real(surf, amount, spot, d, res)

    monkeypatch.setattr(chip_painter, "draw_stacks", spy)
    table.draw(pygame.Surface(table.size))
    monkeypatch.setattr(chip_painter, "draw_stacks", real)
    return calls


def _at(spot: tuple[float, float]) -> tuple[int, int]:
    return (int(spot[0]), int(spot[1]))


@pytest.mark.parametrize("game_id, seats", [("hintaro", 4), ("sabacc_house", 6), ("nepunian_spike", 3)])
def test_each_seats_stacks_add_up_to_its_chips(app, monkeypatch, game_id: str, seats: int) -> None:
    table = _table(app, game_id, seats, seed=5)
    assert until(app, lambda: table.synced and table.settled(), limit=4000)
    calls = _drawn_stacks(table, monkeypatch)
    stacks = table.shown["stacks"]
    for seat in range(seats):
        drawn = [a for a, spot in calls if spot == _at(table.stack_spot(seat))]
        assert drawn == ([stacks[seat]] if stacks[seat] else []), f"seat {seat}'s stacks"
        assert abs(_worth(stack_columns(stacks[seat])) - stacks[seat]) < 10
        assert _worth(stack_columns(stacks[seat])) == _worth(chip_breakdown(stacks[seat]))


def test_a_bet_stands_on_its_line_until_the_pot_is_taken(app, monkeypatch) -> None:
    table = _table(app, "sabacc_house", 3, seed=7)  # the bring-in puts a bet on a line every hand
    flights = lambda: any(isinstance(a, ChipFlight) for a in table.anims)  # noqa: E731
    assert until(app, lambda: any(table.line) and not flights(), limit=6000), "a bet reached its line"
    seat = next(s for s in range(table.n) if table.line[s])
    assert 0 < table.line[seat] <= table.shown["wager"][seat]
    calls = _drawn_stacks(table, monkeypatch)
    assert (table.line[seat], _at(table.bet_spot(seat))) in calls, "the bet's chips stand at the bet spot"
    assert table.pile_amount() == table.pot_amount() - sum(table.line), "the pile leaves out the bets on lines"
    assert until(app, lambda: table.holding, limit=20000), "the round ended"
    assert table.line == [0] * table.n
    calls = _drawn_stacks(table, monkeypatch)
    spots = {_at(table.bet_spot(s)) for s in range(table.n)}
    assert not [c for c in calls if c[1] in spots], "no chips are left on the betting lines once the pot is taken"


def test_a_split_pot_flies_to_every_winner_their_share(app) -> None:
    table = _table(app, "hintaro", 3, seed=7)  # seed 7: two passive seats split a pot of 30
    won: list[tuple[int, int]] = []
    flown: list[ChipFlight] = []
    seen: set[int] = set()
    real_fold = table.fold

    pot_before: list[int] = []

    def fold(ev: Any) -> None:
        if ev.kind == "round_started":
            won.clear()
            flown.clear()
            pot_before.clear()
        if ev.kind == "pot_won" and not won:
            pot_before.append(table.pot_amount())
        real_fold(ev)
        if ev.kind == "pot_won":
            won.append((ev.seat, int(ev.visible_to(None)["amount"])))

    table.fold = fold  # type: ignore[method-assign]

    def watch() -> bool:
        for a in table.anims:
            if isinstance(a, ChipFlight) and id(a) not in seen:
                seen.add(id(a))
                if a.hold is not None and a.hold[0] == "stack" and a.src == table.pot_centre("pot"):
                    flown.append(a)
        return len({s for s, _ in won}) >= 2 and table.holding and not table.anims

    assert until(app, watch, limit=40000), "a pot was split"
    winners = {s for s, _ in won}
    assert len(flown) == len(won) >= 2, "one flight per winner"
    assert sorted((f.hold[1], f.amount) for f in flown if f.hold) == sorted(won)
    assert {f.dst for f in flown} == {table.stack_spot(s) for s in winners}
    assert sum(f.amount for f in flown) == sum(a for _, a in won) == pot_before[0], "the shares make the pot"
