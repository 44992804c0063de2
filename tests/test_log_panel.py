"""The table log's contents (game/ui/tables/log_panel.py): lines worded per pair of eyes, scroll and version."""

from __future__ import annotations

from typing import Any

from game.engine.core import Event
from game.ui.tables.log_panel import KEEP, TRIM, TableLog


def words(ev: dict[str, Any]) -> str | None:
    if ev["kind"] == "quiet":
        return None
    if ev["kind"] == "broken":
        raise KeyError("card")
    return f"{ev['kind']} by {ev['seat']}" + (f" ({ev['card']})" if "card" in ev else "")


def test_an_event_is_worded_for_the_eyes_reading_it() -> None:
    log = TableLog(words)
    log.add(Event("draw", 1, {}, secret={"card": "7"}))
    log.add(None, "Round 1.")
    log.add(Event("quiet", 0))
    assert log.texts(1) == ["draw by 1 (7)", "Round 1."], "the drawer reads its card"
    assert log.texts(0) == ["draw by 1", "Round 1."], "no one else does; a line without words is left out"


def test_a_wording_bug_shows_the_event_kind_and_never_raises() -> None:
    log = TableLog(words)
    log.add(Event("broken", 2))
    assert log.texts(None) == ["(broken: 'card')"]


def test_a_new_line_scrolls_back_to_the_newest_and_bumps_the_version() -> None:
    log = TableLog(words)
    v = log.version
    log.scroll_by(3)
    assert log.scroll == 3 and log.version == v + 1
    log.scroll_by(-10)
    assert log.scroll == 0, "never scrolled past the newest line"
    log.scroll_by(2)
    log.add(None, "x")
    assert log.scroll == 0 and log.version == v + 4


def test_the_oldest_lines_go_when_the_log_is_full() -> None:
    log = TableLog(words)
    for i in range(KEEP + 1):
        log.add(None, str(i))
    assert len(log.lines) == KEEP + 1 - TRIM and log.lines[0].text == str(TRIM)
