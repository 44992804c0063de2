"""Seat zones at the two sabacc tables (issue #13 items 1 and 7): each seat's plate, hand, words and tokens stay
in its own zone, the middle's pieces stay clear of every zone, and the layout bench finds nothing overlapping,
outside the window or cut, at 2, 4 and 6 seats in the two smallest windows.
"""

from __future__ import annotations

import os

import pygame
import pytest

from game.measure.layout import layout_bench, problems
from game.ui import zones
from game.ui.anim import reading_seconds
from game.ui.session import TableSession, ai_seat
from game.ui.widgets import tooltip_lines, tooltip_rect

CASES = [(g, n, size) for g in ("sabacc_house", "nepunian_spike") for n in (2, 4, 6)
         for size in ((1280, 720), (1024, 768))]


@pytest.fixture(scope="module")
def config_dir(tmp_path_factory):
    old = os.environ.get("CANTINA_CONFIG_DIR")
    os.environ["CANTINA_CONFIG_DIR"] = str(tmp_path_factory.mktemp("config"))
    yield
    if old is None:
        os.environ.pop("CANTINA_CONFIG_DIR", None)
    else:
        os.environ["CANTINA_CONFIG_DIR"] = old


@pytest.mark.parametrize(("game", "seats", "size"), CASES, ids=lambda v: "x".join(map(str, v))
                         if isinstance(v, tuple) else str(v))
def test_the_layout_bench_finds_no_problem(config_dir, game: str, seats: int, size: tuple[int, int]) -> None:
    case = layout_bench(games=[game], seats=seats, size=size)["cases"][0]
    assert any("showdown" in s["moment"] for s in case["samples"]), [s["moment"] for s in case["samples"]]
    assert problems(case) == []


@pytest.mark.parametrize("game", ["sabacc_house", "nepunian_spike"])
@pytest.mark.parametrize("seats", [3, 6])
def test_the_middle_is_clear_of_every_seats_zone_and_each_hand_lies_in_its_own(app, game: str, seats: int) -> None:
    table = app.open_table(TableSession.new(game, [ai_seat(i) for i in range(seats)], seed=4))
    for _ in range(40):  # a few moves in: hands dealt, cards on the board
        if table.ai_future is not None:
            table.ai_future.result()
        table.skip()
        app.step(0.25)
    chips = table.chip_parts()  # every seat's stacks and betting line: part of its zone, apart from each other
    assert len(chips) == 2 * seats and all(table.area.contains(r) for r in chips)
    assert all(r.collidelist(chips[i + 1:]) < 0 for i, r in enumerate(chips)), chips
    for s in range(seats):
        assert not table.stack_boxes[s].colliderect(table.seat_geo[s]["plate"])
        assert table.stack_spot(s) == table.stack_boxes[s].midbottom
    for i, piece in enumerate(table.middle):
        assert piece.collidelist(table.zones) < 0, (i, piece, table.zones)
        assert piece.collidelist(chips) < 0, (i, piece, chips)
        # the board, piles and dice on the felt; a big pot may lie out on the rail (the last two are the pots)
        assert (table.felt if i < len(table.middle) - 2 else table.area).contains(piece), (i, piece, table.felt)
    assert table.pw >= 28 * table.u  # a board card's value stays legible
    for s in range(seats):
        spots = table.spots_of(s)
        for sp in spots:
            assert table.zones[s].contains(sp.bounds()), (s, sp.key, sp.bounds(), table.zones[s])
            assert not sp.bounds().colliderect(table.seat_geo[s]["plate"]), (s, sp.key)
        lab = table.hand_label(s)
        if lab is not None:
            assert table.zones[s].contains(lab[1])
            assert not lab[1].colliderect(table.seat_geo[s]["plate"])
            assert all(not lab[1].colliderect(sp.rect) for sp in spots)


def test_a_locked_seat_says_so_over_its_hand_with_a_padlock(app) -> None:
    table = app.open_table(TableSession.new("nepunian_spike", [ai_seat(i) for i in range(3)], seed=4))
    for _ in range(10):
        if table.ai_future is not None:
            table.ai_future.result()
        table.skip()
        app.step(0.25)
    seat = next(s for s in range(3) if table.spots_of(s) and s != table.eyes)
    assert table.hand_label(seat) is None or "LOCKED" not in table.hand_label(seat)[0]
    table.shown["locked"] = [s == seat for s in range(3)]
    table.shown["in_hand"] = [True] * 3
    table.deco.pop("show", None)
    words, _ = table.hand_label(seat)
    assert words.startswith("LOCKED") and table.hand_mark(seat) == "lock"
    assert table._token(seat) in (None, ("CAPTAIN", "wheel"))  # the padlock is no plate token any more


def test_place_finds_the_free_spot_nearest_home_and_none_when_there_is_none() -> None:
    bounds = pygame.Rect(0, 0, 200, 100)
    shape = pygame.Rect(-10, -10, 20, 20)
    assert zones.place(shape, (50, 50), [], bounds, 4) == (50, 50)
    wall = [pygame.Rect(30, 0, 40, 100)]
    x, y = zones.place(shape, (50, 50), wall, bounds, 2, margin=2)
    assert not shape.move(x, y).inflate(4, 4).colliderect(wall[0]) and abs(x - 50) <= 34
    assert zones.place(shape, (50, 50), [bounds], bounds, 4) is None
    assert not zones.clear(pygame.Rect(190, 10, 20, 20), [], bounds)
    widths = list(zones.sizes(52, 28, 4))
    assert widths[0] == 52 and widths[-1] == 28 and widths == sorted(widths, reverse=True)


def test_a_long_tooltip_wraps_and_stays_on_screen(app) -> None:
    screen = pygame.Rect(0, 0, 1024, 768)
    tip = "betting structure, a row of the standard table (main ante / sabacc ante / bring-in / small / big): " * 3
    lines = tooltip_lines(app.text, tip, screen, 15)
    assert len(lines) > 1
    r = tooltip_rect(app.text, tip, pygame.Rect(500, 400, 80, 30), screen, 15)
    assert screen.contains(r) and r.w < screen.w
    assert tooltip_lines(app.text, "Fold", screen, 15) == ["Fold"]


def test_a_banner_stays_up_long_enough_to_read() -> None:
    assert reading_seconds("Reveal for the hand pot") >= 1.5
    assert reading_seconds("SPIKES!", "Both dice show the Spike: every hand is replaced") > reading_seconds("SPIKES!")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda v: "x".join(map(str, v)))
def test_every_bet_lies_on_the_felt(config_dir, size: tuple[int, int]) -> None:
    """A bet slides out toward the pot and stands on the felt (ART.md: the chips are the stage), never beside
    its stacks out on the rail, at every seat count at both sabacc tables, in a small and a large window."""
    from game.ui.app import App
    from game.ui.settings import Settings

    app = App(size=size, settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True, strict=True)
    try:
        for game in ("sabacc_house", "nepunian_spike"):
            for seats in (2, 4, 6):
                table = app.open_table(TableSession.new(game, [ai_seat(i) for i in range(seats)], seed=9))
                app.step(0.1)
                assert len(table.bet_boxes) == seats
                off = [(s, b) for s, b in enumerate(table.bet_boxes) if not table.felt.contains(b)]
                assert off == [], (game, seats, size, table.felt, off)
                bx, by = table.bet_spot(0)
                assert table.felt.collidepoint(bx, by - 1)  # where the chips are drawn follows the box
    finally:
        app.shutdown()


def test_a_piece_on_the_oval_keeps_its_round_inside_the_felt() -> None:
    felt = pygame.Rect(0, 0, 200, 100)
    assert zones.on_oval(pygame.Rect(80, 30, 40, 40), felt) and zones.on_oval(pygame.Rect(0, 0, 1, 1), None)
    assert not zones.on_oval(pygame.Rect(0, 0, 40, 40), felt)  # the felt rect's corner: the rail
    assert zones.on_oval(pygame.Rect(5, 30, 30, 40), felt)  # its round is on the felt, its corners are not
    assert not zones.on_oval(pygame.Rect(-10, 30, 30, 40), felt)
    shape = pygame.Rect(-15, -15, 30, 30)
    x, y = zones.place(shape, (10, 10), [], felt, 2, oval=felt)  # home in the corner: moved in, onto the felt
    assert zones.on_oval(shape.move(x, y), felt) and (x, y) != (10, 10)
    zones.forget_grids()


#: both pots on the felt from 3 to 6 seats (they lay on the rail from 3 or 4 seats up), small and large windows
ON_FELT = [(g, n, size) for g in ("sabacc_house", "nepunian_spike") for n in (3, 4, 5, 6)
           for size in ((1280, 720), (1920, 1080))]


@pytest.mark.parametrize(("game", "seats", "size"), ON_FELT, ids=lambda v: "x".join(map(str, v))
                         if isinstance(v, tuple) else str(v))
def test_both_pots_lie_on_the_felt_at_their_biggest(config_dir, game: str, seats: int,
                                                    size: tuple[int, int]) -> None:
    """The centre owns the pots (issue #13): each pot's pile at its biggest with its label lies on the felt's oval,
    clear of every seat's zone and chips, not out on the rail."""
    from game.ui.app import App
    from game.ui.settings import Settings

    app = App(size=size, settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True, strict=True)
    try:
        table = app.open_table(TableSession.new(game, [ai_seat(i) for i in range(seats)], seed=7))
        for key, pos, label in table.POT_BOXES:
            box = table.pot_shape(label).move(getattr(table, pos))
            assert zones.on_oval(box, table.felt), (key, box, table.felt)
            assert box.collidelist([*table.zones, *table.chip_parts()]) < 0, key
    finally:
        app.shutdown()


def test_a_fast_table_shortens_a_banner_only_down_to_its_reading_time() -> None:
    from game.ui.anim import READING_SPEED_CAP, banner_seconds

    words = "Reveal for the hand pot"
    assert banner_seconds(1.6, 1.0, words) == max(1.6, reading_seconds(words))
    assert banner_seconds(1.6, 4.0, words) == pytest.approx(reading_seconds(words) / READING_SPEED_CAP)
    assert banner_seconds(1.6, 4.0, words) > 1.0 > 1.6 / 4.0  # at 4× the words still stay a second
    assert banner_seconds(8.0, 2.0, words) == 4.0  # a long hold still scales with the speed
    assert banner_seconds(1.6, 0.5, words) == 3.2  # a slow table holds it longer
    with pytest.raises(ValueError, match="speed"):
        banner_seconds(1.6, 0, words)
