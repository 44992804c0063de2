"""The round's result held on the felt (who won, with what, and why), and where it and the banners may go.

Part of the table's painter (``table.painter.result_panel``, see ``tables/painter.py``). The table holds the
:class:`RoundResult` (``table.result``, from its ``round_over`` until the next deal); the panel finds it the
place nearest the middle of the felt that covers the least of what must stay seen (the table's
``keep_clear``: the deciding die, cube or board cards, the hands revealed at a showdown), set smaller before it
covers anything, and draws it there. The banners (``tables/motion.py``) use the same search (:meth:`clear_spot`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import theme
from game.ui.draw import panel
from game.ui.regions import note_clipped

if TYPE_CHECKING:
    from game.ui.tables.base import BaseTable


@dataclass(frozen=True)
class RoundResult:
    """How the round ended, held on the felt from its ``round_over`` until the next round is dealt: who won
    (``title``), with what (``sub``, the game's words), and why (``why``, worded from the engine's reason code)."""

    title: str
    sub: str
    why: str
    showdown: bool
    winners: tuple[int, ...]


class ResultPanel:
    """Places and draws ``table.result`` (its place is searched once per result and layout)."""

    def __init__(self, table: BaseTable) -> None:
        self.table = table
        self._place: tuple[Any, pygame.Rect] | None = None
        self._scale = 1.0  # smaller where a crowded table leaves no clear place (see rect)

    def forget(self) -> None:
        """A new result: its place is searched again."""
        self._place = None

    def lines(self, scale: float | None = None) -> list[tuple[str, int, tuple[int, int, int], str]]:
        """The result panel's lines at ``scale`` (default: the scale :meth:`rect` chose)."""
        t = self.table
        r = t.result
        assert r is not None
        u = t.u * (self._scale if scale is None else scale)
        lines = [(r.title, max(14, int(32 * u)), theme.AMBER, "head")]
        room = int(min(t.area.w * 0.46, 400 * u))  # narrow enough to find a clear place at six seats
        size = max(10, int(17 * u))  # never smaller than the log's words (t.px's floor)
        for text, colour, role in ((r.sub, theme.CREAM, "text"), (r.why, theme.GOOD, "bold")):
            if text:
                lines += [(line, size, colour, role) for line in t.text.wrap(text, size, room, role)]
        return lines

    def rect(self) -> pygame.Rect:
        """Where the result panel goes: the place nearest the middle of the felt that covers the least of the
        table's ``keep_clear``; where no place at full size is clear (a crowded table), the panel is set smaller
        (down to 60 %) before it may cover anything (searched once per result and layout)."""
        t = self.table
        clear = t.keep_clear()
        key = (t.result, t.size, tuple((tuple(r), k) for r, k in clear))
        if self._place is not None and self._place[0] == key:
            return self._place[1]
        best: tuple[int, float, pygame.Rect] | None = None
        for scale in (1.0, 0.86, 0.72, 0.6):
            lines = self.lines(scale)
            u = t.u * scale
            w = max(t.app.res.font(role, size).size(text)[0] for text, size, _, role in lines) + int(40 * u)
            h = sum(t.app.res.font(role, size).get_linesize() for _, size, _, role in lines) + int(18 * u)
            w = min(w, t.area.w - int(8 * t.u))
            rect = self.clear_spot(w, h, clear)
            cost = sum(rect.clip(c).w * rect.clip(c).h for c, _ in clear)
            if best is None or cost < best[0]:
                best = (cost, scale, rect)
            if cost == 0:
                break
        assert best is not None
        self._scale = best[1]
        self._place = (key, best[2])
        return best[2]

    def clear_spot(self, w: int, h: int, clear: list[tuple[pygame.Rect, int]] | None = None) -> pygame.Rect:
        """A ``w``×``h`` place on the felt, as near its middle as it can be while covering the least of the
        table's ``keep_clear`` (the result panel and the banners go there: nothing covers the deciding piece)."""
        t = self.table
        u = t.u
        if clear is None:
            clear = t.keep_clear()
        area = t.area.inflate(-int(8 * u), -int(8 * u))
        cx, cy = t.centre
        best: tuple[float, pygame.Rect] | None = None
        step = max(4, int(6 * u))
        for dx in (0, -0.1, 0.1, -0.2, 0.2, -0.3, 0.3, -0.4, 0.4, -0.5, 0.5, -0.6, 0.6):  # out to the rail
            for y in range(area.top, area.bottom - h + 1, step):
                r = pygame.Rect(0, y, w, h)
                r.centerx = int(cx + dx * t.felt.w)
                r.clamp_ip(area)
                cost = 0.0
                for c, weight in clear:
                    o = r.clip(c)
                    cost += weight * o.w * o.h
                # covering anything costs more than any distance from the middle: far and clear beats near
                cost = 100 * cost + 0.02 * (abs(r.centerx - cx) + abs(r.centery - cy)) * w
                if best is None or cost < best[0]:
                    best = (cost, r)
        return best[1] if best is not None else pygame.Rect(0, 0, w, h)

    def draw(self, surf: pygame.Surface) -> None:
        """The panel at its place; a line too wide for a very narrow window is shrunk (and recorded), not cut."""
        t = self.table
        r = self.rect()
        u = t.u * self._scale
        panel(surf, r, (10, 10, 14), theme.AMBER, radius=int(12 * u), alpha=238, width=2)
        y = r.y + int(8 * u)
        for text, size, colour, role in self.lines():
            img = t.text.render(text, size, colour, role)
            room = r.w - int(16 * u)
            if img.get_width() > room:  # a very narrow window: shrink the line rather than cut it
                note_clipped(text)
                img = pygame.transform.smoothscale(img, (room, max(1, img.get_height() * room // img.get_width())))
            surf.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += t.app.res.font(role, size).get_linesize()
