"""Small windows read well: from the smallest window the app lays out (``theme.MIN_WINDOW``) the table's frame (the
top bar, the action bar, the log panel) leaves the felt's seats and pots clear and inside the window, the words
keep the text floor instead of shrinking with the felt, and the log's words are no larger than the table's; from
1280×720 up nothing of this changes the layout (the golden images hold the pictures).

The faces are read as the layout bench paints (game.measure.layout): every text a table renders while a region is
open is recorded with that region's name and its face.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from game.engine import GAMES
from game.measure.layout import TOUCH, layout_bench, owner, seat_counts
from game.ui import regions, theme
from game.ui.draw import Text
from game.ui.session import TableSession, ai_seat
from game.ui.tables.base import TEXT_FLOOR

#: the table's frame round the felt
FRAME = ("header", "bar", "log")
#: the smallest face a plate's secondary words (a long status, the AI mark) may take in the smallest window
PLATE_LEAST = 8
#: the smallest face of an action button's label: a face smaller than the bar's before it is shortened
BUTTON_LEAST = 9


def felt_piece(name: str) -> bool:
    """A seat's piece (plate, hand, chips, tag...) or a pot: what the player must see on the felt."""
    head, part = owner(name)
    return bool(part) or head.startswith("pot.")


def run(size: tuple[int, int], tmp: str) -> tuple[dict[str, Any], list[tuple[str, str, int]]]:
    """Every game at two seats and at its most, at ``size``: the bench's cases, and every text rendered inside a
    region (region, words, face)."""
    faces: list[tuple[str, str, int]] = []
    render = Text.render

    def recorded(self: Text, text: str, size: int, *args: Any, **kwargs: Any) -> Any:
        rec = regions.ACTIVE
        if rec is not None and rec.current:
            faces.append((rec.current, text, size))
        return render(self, text, size, *args, **kwargs)

    old = os.environ.get("CANTINA_CONFIG_DIR")
    os.environ["CANTINA_CONFIG_DIR"] = tmp
    Text.render = recorded  # type: ignore[method-assign]
    try:
        cases = []
        for game in GAMES:
            for seats in sorted({2, max(seat_counts(game))}):
                cases += layout_bench(games=[game], seats=seats, size=size)["cases"]
    finally:
        Text.render = render  # type: ignore[method-assign]
        if old is None:
            os.environ.pop("CANTINA_CONFIG_DIR", None)
        else:
            os.environ["CANTINA_CONFIG_DIR"] = old
    return {"cases": cases}, faces


@pytest.fixture(scope="module")
def smallest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[dict[str, Any], list[tuple[str, str, int]]]]:
    yield run(theme.MIN_WINDOW, str(tmp_path_factory.mktemp("config")))


def frame_problems(result: dict[str, Any]) -> list[str]:
    """Every felt piece the frame covers or the window cuts, in words (empty: the felt is clear)."""
    out = []
    for case in result["cases"]:
        w, h = case["size"]
        for sample in case["samples"]:
            where = f"{case['game']} at {case['seats']} seats, {sample['moment']}"
            rects = {r["name"]: r["rect"] for r in sample["regions"]}
            pieces = [n for n in rects if felt_piece(n)]
            for name in pieces:
                x, y, rw, rh = rects[name]
                if x < 0 or y < 0 or x + rw > w or y + rh > h:
                    out.append(f"{where}: {name} {rects[name]} outside the window")
                for frame in FRAME:
                    if frame not in rects:
                        continue
                    fx, fy, fw, fh = rects[frame]
                    if min(x + rw, fx + fw) - max(x, fx) > TOUCH and min(y + rh, fy + fh) - max(y, fy) > TOUCH:
                        out.append(f"{where}: {name} {rects[name]} under the {frame} {rects[frame]}")
    return list(dict.fromkeys(out))


def test_the_smallest_window_keeps_the_felts_seats_and_pots_clear_of_the_frame(smallest) -> None:
    result, _ = smallest
    assert {c["game"] for c in result["cases"]} == set(GAMES)
    assert all(c["size"] == list(theme.MIN_WINDOW) for c in result["cases"])
    assert frame_problems(result) == []


@pytest.mark.parametrize("size", [(640, 400), (800, 500)])
def test_small_windows_keep_the_felts_seats_and_pots_clear_of_the_frame(size, tmp_path) -> None:
    result, _ = run(size, str(tmp_path))
    assert frame_problems(result) == []


def test_the_smallest_window_keeps_the_text_floor(smallest) -> None:
    """The top bar's, the action bar's and the log's words, and every seat's name and chips, at 10 px at least
    (they shrank to 7 px with the felt, beside a log in 12 px); a plate's long status or AI mark at 8 px, a button's
    long label at 9."""
    _, faces = smallest
    assert faces, "no words recorded"
    small = sorted({(region, text, size) for region, text, size in faces
                    if region in ("header", "log", "tooltip") and size < TEXT_FLOOR})
    assert small == []
    bar = [size for region, _, size in faces if region == "bar"]
    assert bar and min(bar) >= BUTTON_LEAST and max(bar) >= TEXT_FLOOR, sorted(set(bar))
    plates: dict[str, list[int]] = {}
    for region, _, size in faces:
        if region.endswith(".plate") or region.endswith(".tag"):
            plates.setdefault(region, []).append(size)
    assert any(r.endswith(".plate") for r in plates)
    for region, sizes in plates.items():
        assert min(sizes) >= PLATE_LEAST, (region, sorted(sizes))
        if region.endswith(".plate"):
            assert max(sizes) >= TEXT_FLOOR, (region, sorted(sizes))  # its name and chip count


def test_the_logs_words_are_no_larger_than_the_tables(smallest) -> None:
    _, faces = smallest
    log = max(size for region, _, size in faces if region == "log")
    plates = max(size for region, _, size in faces if region.endswith(".plate"))
    assert log <= plates, (log, plates)


@pytest.mark.parametrize("size", [theme.MIN_WINDOW, (640, 400), (800, 500)])
def test_the_log_takes_a_fair_share_of_a_small_window(app, size) -> None:
    app.resize(size)
    table = app.open_table(TableSession.new("hintaro", [ai_seat(i) for i in range(4)], seed=3))
    w, h = app.size
    assert table.log_rect.w <= 0.25 * w, (size, table.log_rect)  # (it was 170 px: 30 % at 560 wide)
    assert table.log_rect.right == w and table.area.right == table.log_rect.x
    assert table.bar_rect.h <= 0.18 * h and table.area.h >= 0.7 * (h - table.top_h), (table.bar_rect, table.area)


def test_1280x720_is_laid_out_as_before(app) -> None:
    """The floors lie below every face at 1280×720 (where ``u`` is 1): the sizes there are the ones the golden
    images were made with."""
    for game in GAMES:
        table = app.open_table(TableSession.new(game, [ai_seat(i) for i in range(min(seat_counts(game)))], seed=3))
        assert table.u == 1.0
        assert (table.top_h, table.bar_h, table.log_w) == (46, 104, 281), game
        assert table.plate == (168, 58), game
        assert all(table.px(size) == size for size in range(TEXT_FLOOR, 40)), game
        app.stack.pop()
