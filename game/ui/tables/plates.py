"""The seats' zones as the painter draws them: each seat's name plate (name, chips, status, AI), its turn glow,
the dealer button on it, the game's pieces (the table's hook), and the tag of its last action.

Part of the table's painter (``table.painter.plates``, see ``tables/painter.py``). What is drawn where is the
table's: the seats' geometry (``seat_geo``), what a seat says (``seat_status``, ``seat_out``, ``is_turn``), its
pieces (``draw_seat_pieces``, ``pieces_rect``); a table changes the plates' picture through those hooks and
through its ``seat_rect``, ``draw_seat``, ``tag_box`` and ``draw_tag`` (whose defaults are here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui import theme
from game.ui.draw import glow, panel
from game.ui.plate_status import status_lines

if TYPE_CHECKING:
    from game.ui.tables.base import BaseTable


class SeatPainter:
    """Draws the seats' plates and tags for ``table`` (the plates are cached until anything on them changes)."""

    def __init__(self, table: BaseTable) -> None:
        self.table = table
        self._plates: dict[int, tuple[Any, pygame.Surface]] = {}

    def forget(self) -> None:
        """Draw every plate again (the layout bench records the texts a plate had to shorten as it draws)."""
        self._plates.clear()

    def seat_rect(self, seat: int) -> pygame.Rect:
        """Everything the seat's zone draws: the plate and its glow, the pieces, the tag, the dealer button."""
        t = self.table
        r: pygame.Rect = t.seat_geo[seat]["plate"]
        out = self.glow_rect(r).union(t.pieces_rect(seat))
        tag = t.tags.get(seat)
        if tag:
            out.union_ip(t.tag_box(seat, tag[0]))
        rad = t.px(11, 7)
        cx, cy = self.dealer_centre(r)
        out.union_ip(pygame.Rect(cx - rad - 1, cy - rad - 1, 2 * rad + 2, 2 * rad + 2))
        return out

    def seat_sig(self, seat: int) -> Any:
        """Everything the seat's zone shows (it is redrawn when this changes)."""
        t = self.table
        stacks = t.shown.get("stacks") or []
        return (t.names[seat], stacks[seat] if seat < len(stacks) else 0, t.is_turn(seat), t.seat_out(seat),
                t.seat_status(seat), seat == t.eyes, t.shown.get("dealer") == seat, t.tags.get(seat),
                repr(t.pieces_sig(seat)), t.u)

    def plate(self, seat: int) -> pygame.Surface:
        """The seat's name plate, cached until anything on it changes."""
        t = self.table
        r: pygame.Rect = t.seat_geo[seat]["plate"]
        u = t.u
        turn = t.is_turn(seat)
        out = t.seat_out(seat)
        stacks = t.shown.get("stacks") or []
        stack = stacks[seat] if seat < len(stacks) else 0
        status = t.seat_status(seat) or ("TO ACT" if turn else "")
        key = (r.size, turn, out, stack, status, seat == t.eyes, t.names[seat], u)
        cached = self._plates.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        s = pygame.Surface(r.size, pygame.SRCALPHA)
        box = s.get_rect()
        fill = (22, 20, 18) if not out else (16, 16, 18)
        edge = theme.TURN if turn else (theme.BRASS if not out else (60, 58, 54))
        panel(s, box, fill, edge, radius=int(10 * u), width=3 if turn else 2)
        ink = theme.CREAM if not out else theme.TEXT_FAINT
        name = t.names[seat] + (" (you)" if seat == t.eyes else "")
        pad = int(10 * u)
        ai = t.px(12, 8)  # the AI mark's face, and the room it keeps right of the name
        room = box.w - 2 * pad - max(int(18 * u), t.app.res.font("bold", ai).size("AI")[0] + int(6 * u))
        named = t.text.blit(s, t.text.fit(name, t.px(17), room, "bold"), t.px(17), ink, "bold",
                            topleft=(pad, int(6 * u)))
        chips = t.text.blit(s, f"{stack:,}", t.px(16), theme.AMBER if not out else theme.TEXT_FAINT, "bold",
                            bottomleft=(pad, box.h - int(6 * u)))
        if status:  # in the room right of the chip count ("1,819 STRAIGHT KHYRON" once ran into each other)
            room = box.w - pad - chips.right - int(8 * u)
            ink = theme.TURN if turn else theme.TEXT_DIM
            font = t.app.res.font
            # a smaller face first, then two lines (the upper one right of the name), shortened only past that
            top = t.px(13, 9)
            size, lines = status_lines(status, room, box.w - pad - named.right - int(8 * u),
                                       range(top, min(top, max(8, int(10 * u))) - 1, -1),
                                       lambda px, words: font("bold", px).size(words)[0])
            y = box.h - int(7 * u)
            for line in reversed(lines or [t.text.fit(status, size, room, "bold")]):
                t.text.blit(s, line, size, ink, "bold", bottomright=(box.w - pad, y))
                y -= font("bold", size).get_ascent()
        if not t.session.is_human(seat) and t.session.seats[seat].agent != "remote":  # a network player: no tag
            t.text.blit(s, "AI", ai, theme.TEXT_DIM, "bold", topright=(box.w - pad, int(7 * u)))
        self._plates[seat] = (key, s)
        return s

    @staticmethod
    def glow_rect(plate: pygame.Rect) -> pygame.Rect:
        """Where the turn highlight's glow around ``plate`` reaches."""
        g = pygame.Rect(0, 0, 2 * int(plate.w * 0.72), 2 * int(plate.h * 1.15))
        g.center = plate.center
        return g

    def draw_seat(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        """The seat's zone: the turn glow, the plate and dealer button, the game's pieces, the tag."""
        t = self.table
        r: pygame.Rect = t.seat_geo[seat]["plate"]
        regions = t.regions
        if t.is_turn(seat):
            gl = glow(int(r.w * 0.72), int(r.h * 1.15), theme.TURN, 170)
            with regions.region(""):  # the turn glow is light on the felt, not a piece
                surf.blit(gl, self.glow_rect(r))
        with regions.region(f"seat{seat}.plate"):
            surf.blit(self.plate(seat), r)
            if seat == t.shown.get("dealer"):
                self.draw_dealer_button(surf, r)
        with regions.region(f"seat{seat}.hand"):
            t.draw_seat_pieces(surf, seat, covered)
        tag = t.tags.get(seat)
        if tag:
            with regions.region(f"seat{seat}.tag"):
                t.draw_tag(surf, seat, tag[0], tag[1])

    def draw_dealer_button(self, surf: pygame.Surface, plate: pygame.Rect) -> None:
        """The dealer's button on the plate's top-left corner (its letter is the table's: ``dealer_letter``)."""
        t = self.table
        rad = t.px(11, 7)
        c = self.dealer_centre(plate)
        pygame.draw.circle(surf, theme.BRASS, c, rad)
        pygame.draw.circle(surf, theme.BRASS_DARK, c, rad, 2)
        t.text.blit(surf, t.dealer_letter(), t.px(14, 9), (30, 20, 6), "bold", center=c)

    def dealer_centre(self, plate: pygame.Rect) -> tuple[int, int]:
        """The dealer button's centre on ``plate``'s top-left corner; a button kept larger than the window's
        scale (the text floor's letter) grows down into the plate, not up past its top (into the top bar)."""
        t = self.table
        rad = t.px(11, 7)
        return (plate.x - rad // 2, plate.y + rad // 2 + rad - int(11 * t.u))

    def tag_box(self, seat: int, text: str) -> pygame.Rect:
        """Where the seat's tag goes: beside the plate at the top and bottom, on its top edge at the sides."""
        t = self.table
        r: pygame.Rect = t.seat_geo[seat]["plate"]
        img = t.text.render(text, t.px(14, 9), (24, 16, 6), "bold")
        box = img.get_rect().inflate(int(14 * t.u), int(6 * t.u))
        if abs(t.seat_geo[seat]["in"][1]) > 0.6:  # top and bottom seats: beside the plate, clear of the dice
            box.midleft = (r.right + int(6 * t.u), r.centery)
            if box.right > t.area.right:
                box.midright = (r.left - int(6 * t.u), r.centery)
        else:  # seats at the sides: on the plate's top edge (their pieces lie inward, to the side)
            box.midbottom = (r.centerx, r.top + int(4 * t.u))
        return box

    def draw_tag(self, surf: pygame.Surface, seat: int, text: str, colour: tuple[int, int, int]) -> None:
        """The seat's tag (its last action) in its box (the table's ``tag_box``)."""
        t = self.table
        box = t.tag_box(seat, text)
        img = t.text.render(text, t.px(14, 9), (24, 16, 6), "bold")
        pygame.draw.rect(surf, colour, box, border_radius=box.h // 2)
        surf.blit(img, img.get_rect(center=box.center))
