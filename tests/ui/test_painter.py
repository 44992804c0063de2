"""The painter is a part of its own (tables/painter.py), yet what a game draws stays the table's: the painter
asks the table for every drawing hook, so a table that overrides one is painted with its override, and the
regions the layout bench reads are recorded as the painter blits. The lamp's stutter, moved with it, still
dims a few frames every few seconds and tells the app when to wake."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.regions import RecordingSurface
from game.ui.session import TableSession, ai_seat
from game.ui.tables.hintaro import HintaroTable
from game.ui.tables.painter import Lamp, merge_rects


class MarkedTable(HintaroTable):
    """A Hintaro table that notes every drawing hook the painter calls on it."""

    def setup(self) -> None:
        super().setup()
        self.called: list[str] = []

    def draw_pot(self, surf: pygame.Surface) -> None:
        self.called.append("pot")
        super().draw_pot(surf)

    def draw_seat_pieces(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        self.called.append(f"pieces{seat}")
        super().draw_seat_pieces(surf, seat, covered)

    def tag_box(self, seat: int, text: str) -> pygame.Rect:
        self.called.append(f"tag_box{seat}")
        return super().tag_box(seat, text)

    def draw_tag(self, surf: pygame.Surface, seat: int, text: str, colour: tuple[int, int, int]) -> None:
        self.called.append(f"tag{seat}")
        super().draw_tag(surf, seat, text, colour)

    def draw_top(self, surf: pygame.Surface) -> None:
        self.called.append("top")
        super().draw_top(surf)


def test_the_painter_paints_through_the_tables_hooks(app) -> None:
    table = MarkedTable(app, TableSession.new("hintaro", [ai_seat(0), ai_seat(1), ai_seat(2)], seed=4))
    try:
        table.tag(1, "CALLS 10")
        table.draw(pygame.Surface(table.size))
        for hook in ("pot", "pieces0", "pieces1", "pieces2", "tag_box1", "tag1", "top"):
            assert hook in table.called, f"the painter did not ask the table's {hook}"
        assert "tag0" not in table.called, "only the tagged seat's tag is drawn"
        # nothing changed since: an incremental frame redraws nothing, asks no seat for its pieces
        table.called.clear()
        assert table.draw_dirty(pygame.Surface(table.size)) == []
        assert not [c for c in table.called if c.startswith("pieces")]
        rec = table.paint_recorded(RecordingSurface(table.size))
        names = {r["name"] for r in rec.regions()}
        assert {"seat1.tag", "seat1.plate", "pot.main", "header"} <= names, names
    finally:
        table.close()


def test_the_lamp_stutters_a_few_frames_then_burns_steady() -> None:
    lamp = Lamp(seed=5)
    wait = lamp.wake_in()
    assert wait is not None and 3.0 <= wait <= 7.0 and lamp.level() == 0 and not lamp.stuttering()
    lamp.update(wait + 0.001)
    assert lamp.stuttering() and lamp.level() == 1 and lamp.wake_in() is None
    levels = []
    for _ in range(10):  # a quarter of a second
        lamp.update(0.05)
        if not lamp.stuttering():
            break
        levels.append(lamp.level())
    assert 0 in levels and 1 in levels, "the stutter flickers, not one long dim"
    assert not lamp.stuttering() and lamp.level() == 0 and len(levels) <= 6
    again = lamp.wake_in()
    assert again is not None and 4.0 <= again <= 9.0


def test_merge_rects_leaves_no_two_overlapping() -> None:
    rects = [pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(40, 40, 5, 5),
             pygame.Rect(14, 14, 3, 3)]
    out = merge_rects(rects)
    assert len(out) == 2
    assert all(not a.colliderect(b) for i, a in enumerate(out) for b in out[i + 1:])
    assert all(any(o.contains(r) for o in out) for r in rects), "every rect is still redrawn"
