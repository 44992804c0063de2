"""The table log's contents: what happened, in the words of whoever has the screen. Imports no pygame.

Why a part of its own: the log is told by the story, not by the bus. A line appears when its event's beat
starts (so "it lands Tukar" is not read while the die still tumbles), and it is worded for the seat whose eyes
the table has now (an event reads differently to the seat that drew the card). This part keeps the lines, the
scroll and a version the painter compares to know when to draw the panel again; the table paints it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.engine.core import Event

#: the most lines kept; past it the oldest hundred go at once (so trimming is rare)
KEEP = 300
TRIM = 100


@dataclass
class LogLine:
    """One line: an event (worded when shown, for the eyes then) or a fixed text."""

    event: Event | None
    text: str = ""  # fixed text (for lines that are not events)
    seat: int | None = None
    #: the words for each pair of eyes that has read the line (an event is worded once per seat)
    cache: dict[int | None, str | None] = field(default_factory=dict)


class TableLog:
    """The lines, the scroll and the version of the table log. ``describe`` words an event as the eyes see it
    (the table's :meth:`~game.ui.tables.base.BaseTable.describe`)."""

    def __init__(self, describe: Callable[[dict[str, Any]], str | None]) -> None:
        self.describe = describe
        self.lines: list[LogLine] = []
        #: how many wrapped lines back from the newest the panel shows (0: the newest)
        self.scroll = 0
        #: goes up at every change the panel must be drawn again for
        self.version = 0

    def add(self, ev: Event | None, text: str = "") -> None:
        """A new line (an event, or a fixed ``text``): the panel scrolls back to the newest."""
        self.lines.append(LogLine(ev, text, ev.seat if ev else None))
        if len(self.lines) > KEEP:
            del self.lines[:TRIM]
        self.scroll = 0
        self.changed()

    def scroll_by(self, lines: int) -> None:
        """Scroll back (positive) or forward; never past the newest line (the painter caps the other end)."""
        self.scroll = max(0, self.scroll + lines)
        self.changed()

    def changed(self) -> None:
        """Something the panel shows changed (a line, the scroll, whose eyes read it)."""
        self.version += 1

    def text(self, line: LogLine, eyes: int | None) -> str | None:
        """``line`` in the words for ``eyes`` (a wording bug shows as the event's kind, never as a crash)."""
        if line.event is None:
            return line.text
        if eyes not in line.cache:
            try:
                line.cache[eyes] = self.describe(line.event.visible_to(eyes))
            except Exception as exc:
                line.cache[eyes] = f"({line.event.kind}: {exc})"
        return line.cache[eyes]

    def texts(self, eyes: int | None) -> list[str]:
        """Every line that has words for ``eyes``, oldest first."""
        return [t for t in (self.text(line, eyes) for line in self.lines) if t]

