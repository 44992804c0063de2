"""Whose chips are whose: at a zoned table (Sabacc House, Nepunian Spike) each seat's betting line and stacks read
as its own. A bet stands nearer its own seat's parts (plate, hand, tag) than any other seat's (a side seat's bet
once lay by the player's hand, and the player's by a neighbour's), and a seat's stacks stand beside or under its
plate, never off its corner out at the window's edge."""

from __future__ import annotations

import pytest

from game.engine import GAMES
from game.ui import zones
from game.ui.app import App
from game.ui.session import SeatSpec, TableSession, ai_seat
from game.ui.settings import Settings

CASES = [(g, n, size) for g in ("sabacc_house", "nepunian_spike") for size in ((1280, 720), (1920, 1080))
         for n in range(2, min(6, GAMES[g].max_seats) + 1)]


@pytest.fixture
def parts_seen(monkeypatch) -> dict[str, list]:
    """The seats' parts each layout placed the chips among (the last layout's)."""
    seen: dict[str, list] = {}
    lay_out = zones.SeatChips.lay_out_chips

    def recording(self, parts, *args, **kwargs):
        seen["parts"] = parts
        return lay_out(self, parts, *args, **kwargs)
    monkeypatch.setattr(zones.SeatChips, "lay_out_chips", recording)
    return seen


@pytest.mark.parametrize(("game", "seats", "size"), CASES)
def test_each_seats_chips_read_as_its_own(parts_seen, game, seats, size) -> None:
    app = App(size=size, settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True, strict=True)
    try:
        people = [SeatSpec("Rook")] + [ai_seat(i, "regular") for i in range(1, seats)]
        t = app.open_table(TableSession.new(game, people, seed=1))
        parts = parts_seen["parts"]
        for seat in range(seats):
            bet, stack = t.bet_boxes[seat], t.stack_boxes[seat]
            assert zones.owner_of(bet.center, parts) == seat, (game, seats, size, t.names[seat], "bet", bet)
            assert zones.owner_of(stack.center, parts) == seat, (game, seats, size, t.names[seat], "stacks", stack)
            plate = t.seat_geo[seat]["plate"]
            beside = stack.top < plate.bottom and stack.bottom > plate.top
            over_under = stack.left < plate.right and stack.right > plate.left
            assert beside or over_under, (game, seats, size, t.names[seat], "stacks off the plate's corner", stack)
    finally:
        app.shutdown()
