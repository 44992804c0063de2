"""The chips as the stage (shared/ART.md), as the painter draws them: the pot as a pile whose size follows its
value, with its label; each seat's own chips in denomination stacks; its bet standing on its betting line with
the amount under it.

Part of the table's painter (``table.painter.chips``, see ``tables/painter.py``). Where the chips stand and how
many are drawn is the table's (``pot_pos``, ``pot_label``, ``pile_amount``, ``stack_spot``, ``bet_spot``) and
its chip stage's (``tables/chip_stage.py``): chips still flying are drawn by their animation, not here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui import theme
from game.ui.chips import draw_pile, draw_stacks, pile_rect, stack_rect
from game.ui.draw import panel

if TYPE_CHECKING:
    from game.ui.tables.base import BaseTable


class ChipPainter:
    """Draws the pot's pile and the seats' stacks and bets for ``table``."""

    def __init__(self, table: BaseTable) -> None:
        self.table = table

    # ------------------------------------------------------------------ the pot
    def pot_layout(self) -> tuple[pygame.Rect, pygame.Surface, pygame.Rect]:
        """The pot's pile (its rect), its label's picture and the label's box."""
        t = self.table
        pos = t.pot_pos()
        chips = pile_rect(t.pot_amount(), (pos[0], pos[1] + 2), t.chip_d).inflate(6, 4)
        img = t.text.render(t.pot_label(), t.px(16), theme.CREAM, "bold")
        box = img.get_rect(midtop=(int(pos[0]), int(pos[1] + 6 * t.u))).inflate(int(16 * t.u), int(6 * t.u))
        return chips, img, box

    def pot_rect(self) -> pygame.Rect:
        """The pot's pile and its label."""
        chips, _, box = self.pot_layout()
        return chips.union(box) if chips.w > 6 else box

    def draw_pot(self, surf: pygame.Surface) -> None:
        """The pot's pile (less the chips not in it yet) and its label."""
        t = self.table
        pos = t.pot_pos()
        draw_pile(surf, t.pile_amount(), pos, t.chip_d, t.app.res)
        _, img, box = self.pot_layout()
        panel(surf, box, (12, 10, 8), theme.BRASS_DARK, radius=box.h // 2, alpha=200, width=1)
        surf.blit(img, img.get_rect(center=box.center))

    # ------------------------------------------------------------------ the seats' chips
    def chips_rect(self, seat: int) -> pygame.Rect:
        """Where the seat's stacks and its betting line are drawn (the largest they are drawn now)."""
        t = self.table
        r = stack_rect(t.chip_stage.shown_stack(seat), t.stack_spot(seat), t.stack_d)
        if t.chip_stage.line[seat] > 0:
            r = r.union(self.line_rect(seat)) if r.w else self.line_rect(seat)
        return r

    def line_rect(self, seat: int) -> pygame.Rect:
        """The seat's bet on its betting line and the amount under it."""
        t = self.table
        spot = t.bet_spot(seat)
        r = stack_rect(t.chip_stage.line[seat], spot, t.stack_d)
        tall = max(int(16 * t.u), t.app.res.font("bold", t.px(13)).get_linesize())  # (the floor's face is taller)
        label = pygame.Rect(0, 0, max(r.w, int(44 * t.u)), tall)
        label.midtop = (int(spot[0]), int(spot[1]) + 1)
        return r.union(label)

    def chips_sig(self, seat: int) -> Any:
        """Everything the seat's chips show (they are redrawn when this changes)."""
        t = self.table
        line = t.chip_stage.line[seat] > 0  # the bet spot follows the pieces: looked up only while a bet stands there
        return (t.chip_stage.shown_stack(seat), t.chip_stage.shown_line(seat), t.stack_spot(seat),
                t.bet_spot(seat) if line else None, t.stack_d)

    def draw_seat_chips(self, surf: pygame.Surface, seat: int) -> None:
        """The seat's own chips in stacks, and its bet on its line with the amount under it."""
        t = self.table
        with t.regions.region(f"seat{seat}.stack"):
            draw_stacks(surf, t.chip_stage.shown_stack(seat), t.stack_spot(seat), t.stack_d, t.app.res)
        line = t.chip_stage.shown_line(seat)
        if line > 0:
            spot = t.bet_spot(seat)
            with t.regions.region(f"seat{seat}.bet"):
                draw_stacks(surf, line, spot, t.stack_d, t.app.res)
                t.text.blit(surf, f"{line:,}", t.px(13), theme.CREAM, "bold",
                            midtop=(int(spot[0]), int(spot[1]) + 1))
