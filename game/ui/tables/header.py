"""The table's top bar as the painter draws it: the game's title, the round, the header (whose turn, or the
round's result), the Menu and coach buttons; and the tooltip under the pointer.

Part of the table's painter (``table.painter.header``, see ``tables/painter.py``). The words are the table's
(``header``, ``round_info``, ``tooltip``) and so are the buttons right of the header (``top_buttons``): the
header fits the room between them, a smaller face before it is shortened (play-test #13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.widgets import draw_tooltip

if TYPE_CHECKING:
    from game.ui.tables.base import BaseTable


class HeaderPainter:
    """Draws ``table``'s top bar and its tooltip."""

    def __init__(self, table: BaseTable) -> None:
        self.table = table

    def draw_top(self, surf: pygame.Surface) -> None:
        """The top bar: title, round, header, and the buttons on the right."""
        t = self.table
        u = t.u
        bar = pygame.Rect(0, 0, t.size[0], t.top_h)
        pygame.draw.rect(surf, (8, 9, 13), bar)
        pygame.draw.line(surf, theme.BRASS_DARK, bar.bottomleft, bar.bottomright, 2)
        title = f"{t.state.title.upper()}"
        r = t.text.blit(surf, title, int(28 * u), theme.AMBER, "head", midleft=(int(14 * u), bar.centery))
        ri = t.text.blit(surf, t.round_info(), t.px(15), theme.TEXT_DIM, "text",
                         midleft=(r.right + int(16 * u), bar.centery))
        status = t.header()
        if status:
            mine = t.my_turn()
            colour = theme.TURN if mine else theme.CREAM
            self.blit_header(surf, status, t.px(21, 11) if mine else t.px(19, 11), colour, ri if ri.w > 1 else r)
        t.menu_button.draw(surf, t.text, t.px(15))
        t.coach.draw_button(surf)

    def blit_header(self, surf: pygame.Surface, words: str, size: int, colour: tuple[int, int, int],
                    left: pygame.Rect) -> None:
        """The header between what sits left of it (title, round) and the top bar's buttons: near the middle of
        the felt where it fits, a smaller face before it is shortened (and a shortened one is recorded)."""
        t = self.table
        u = t.u
        lo = left.right + int(16 * u)
        hi = min((b.rect.x for b in t.top_buttons() if b.rect.w > 0), default=t.size[0]) - int(12 * u)
        room = max(1, hi - lo)
        smallest = t.px(14)
        while size > smallest and t.text.res.font("bold", size).size(words)[0] > room:
            size -= 1
        words = t.text.fit_head(words, size, room, "bold")  # a long log line: what happens, before its colon
        w = t.text.res.font("bold", size).size(words)[0]
        cx = min(max(t.area.centerx + int(60 * u), lo + w // 2), hi - w // 2)
        t.text.blit(surf, words, size, colour, "bold", center=(cx, t.top_h // 2))

    def header_room(self) -> int:
        """How wide the header may be: from past the title and the round, as :meth:`draw_top` draws them, to the
        top bar's buttons (:meth:`blit_header` shifts it right of the felt's middle where it needs to)."""
        t = self.table
        u = t.u
        font = t.text.res.font
        right = int(14 * u) + font("head", int(28 * u)).size(t.state.title.upper())[0]
        info = t.round_info()
        if info:
            right += int(16 * u) + font("text", t.px(15)).size(info)[0]
        hi = min((b.rect.x for b in t.top_buttons() if b.rect.w > 0), default=t.size[0]) - int(12 * u)
        return max(1, hi - (right + int(16 * u)))

    def draw_tooltip(self, surf: pygame.Surface) -> None:
        """The tooltip under the pointer (the table's ``tooltip``), kept inside the window."""
        t = self.table
        tip = t.shown_tooltip()
        if tip is not None:
            draw_tooltip(surf, t.text, tip[0], tip[1], t.px(15))
