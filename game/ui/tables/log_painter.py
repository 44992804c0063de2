"""The table log's panel on screen: the lines of :class:`~game.ui.tables.log_panel.TableLog`, wrapped to the
panel, newest at the bottom and lit, scrolled back by the wheel.

Why apart from the lines: ``log_panel`` keeps what was said and imports no pygame (a test or a remote client
reads it); this draws it. The panel is drawn once into a surface and blitted each frame until the log's
version (a new line, the scroll, new eyes, a new layout) or the panel's size changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme

if TYPE_CHECKING:
    from game.ui.tables.base import BaseTable


#: what a wrapped log line's continuation starts with
INDENT = "   "


class LogPainter:
    """Draws ``table``'s log into its ``log_rect``, from ``table.log_lines()`` (the lines the eyes may read)."""

    def __init__(self, table: BaseTable) -> None:
        self.table = table
        self._surf: pygame.Surface | None = None
        self._drawn: tuple[int, int] = (-1, 0)  # the log version and the coach's reserve the surface shows

    def forget(self) -> None:
        """Draw the panel afresh next time (the layout bench records the texts it shortens as it draws)."""
        self._drawn = (-1, 0)

    def draw(self, surf: pygame.Surface) -> None:
        t = self.table
        r = t.log_rect
        # the odds coach's place at the column's top (CoachPanel.reserved): the log writes below it
        drawn = (t.table_log.version, t.coach.reserved())
        if self._surf is None or self._drawn != drawn or self._surf.get_size() != r.size:
            self._surf = self.render(r.size, drawn[1])
            self._drawn = drawn
        surf.blit(self._surf, r.topleft)

    def render(self, size: tuple[int, int], reserve: int = 0) -> pygame.Surface:
        """The panel at ``size``, below ``reserve`` px kept for the coach: its title, then as many wrapped lines
        as fit, ending ``scroll`` lines back from the newest (the scroll is held to what there is)."""
        t = self.table
        log = t.table_log
        u = t.u
        s = pygame.Surface(size)
        s.fill((11, 12, 17))
        pygame.draw.line(s, theme.BRASS_DARK, (0, 0), (0, size[1]), 2)
        t.text.blit(s, "TABLE LOG", t.px(22), theme.AMBER, "head", topleft=(int(14 * u), reserve + int(8 * u)))
        fs = t.px(15)  # as small as the table's words in a small window, not larger
        lh = t.app.res.font("text", fs).get_linesize()
        width = size[0] - int(28 * u)
        texts = t.log_lines()
        lines: list[tuple[str, bool]] = []
        for i, text in enumerate(texts):
            newest = i == len(texts) - 1
            # wrapped in the face it is drawn in (the newest line is bold, and wider) and narrow enough for the
            # continuation's indent: both ran past the panel's margin, to the window's edge
            role = "bold" if newest else "text"
            indent = t.app.res.font(role, fs).size(INDENT)[0]
            for j, part in enumerate(t.text.wrap(text, fs, width - indent, role)):
                lines.append((INDENT + part if j else part, newest))
        top = reserve + int(44 * u)
        fit = max(1, (size[1] - top - int(8 * u)) // lh)
        log.scroll = min(log.scroll, max(0, len(lines) - fit))
        end = len(lines) - log.scroll
        y = top
        for text, newest in lines[max(0, end - fit):end]:
            colour = theme.TURN if newest and log.scroll == 0 else theme.CREAM
            t.text.blit(s, text, fs, colour, "bold" if newest else "text", topleft=(int(14 * u), y))
            y += lh
        if log.scroll:
            t.text.blit(s, f"▼ {log.scroll} newer (wheel)", t.px(12, 9), theme.TEXT_DIM,
                        bottomright=(size[0] - int(10 * u), size[1] - int(4 * u)))
        return s
