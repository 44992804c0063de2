"""Chips are the stage (shared/ART.md): where each seat's chips stand, and the chips the events move.

Every seat's own chips stand beside its plate as denomination stacks; a bet slides out of them to the seat's
betting line, just beyond its pieces toward the pot, and stays there until the betting round ends, when every
line sweeps into the pot it was bet into. The view already counts the chips where they land: while they fly,
the place they fly to is drawn without them (``in_air``), so chips never show twice.

Part of the table (``table.chip_stage``); the painter draws what it says (``tables/chip_painter.py``). The
table keeps the hooks a game changes: ``stack_spot`` and ``bet_spot`` (a seat-zone layout puts them
elsewhere), ``bet_pot_key`` (which pot the bets go into), ``line_delta`` (what a change of wager puts on the
line), ``pot_centre``; and ``fly``, which starts the chips' flight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.engine.core import Event
from game.ui.chips import stack_max_size, stack_size
from game.ui.tables.motion import ChipFlight

if TYPE_CHECKING:
    from game.ui.tables.base import BaseTable


class ChipStage:
    """The chips of ``table``'s seats: their stacks' and bets' places, and what stands on each betting line."""

    def __init__(self, table: BaseTable) -> None:
        self.table = table
        self.line = [0] * table.n  # each seat's chips standing on its betting line (bet, not yet swept)
        self.line_key = "pot"  # the pot the bets on the lines sweep into (the table sets it once it is set up)
        self._stack_spots: dict[int, tuple[float, float]] = {}

    def relayout(self) -> None:
        """The seats moved (a resize, new eyes): their stacks' places are found again."""
        self._stack_spots = {}

    # ------------------------------------------------------------------ where the chips stand
    def stack_spot(self, seat: int) -> tuple[float, float]:
        """Where the seat's own chips stand (the stacks' bottom centre): beside the plate, on the side away from
        its tag for the top and bottom seats, under the plate for the seats at the sides; where that would run
        into another plate or off the table (plates in a row, as at Kinzo), on the plate's top edge. Found once
        per layout."""
        if seat not in self._stack_spots:
            self._stack_spots[seat] = self._find_stack_spot(seat)
        return self._stack_spots[seat]

    def _find_stack_spot(self, seat: int) -> tuple[float, float]:
        t = self.table
        r: pygame.Rect = t.seat_geo[seat]["plate"]
        w, h = stack_max_size(t.stack_d)
        gap = int(6 * t.u)
        if abs(t.seat_geo[seat]["in"][1]) > 0.6:
            clear = gap + int(11 * t.u)  # clear of the dealer button on the plate's top-left corner
            tries = [(r.left - clear - w / 2, r.bottom - 2), (r.right + gap + w / 2, r.bottom - 2)]
        else:
            side = 1 if t.seat_geo[seat]["in"][0] > 0 else -1
            tries = [(r.centerx - r.w * 0.18 * side, min(r.bottom + gap + h, t.area.bottom - 2))]
        tries.append((r.left + w / 2 + gap, r.top - 2))
        others = [g["plate"] for s, g in enumerate(t.seat_geo) if s != seat]
        for x, y in tries:
            box = pygame.Rect(0, 0, w, h)
            box.midbottom = (int(x), int(y))
            if t.area.contains(box) and box.collidelist(others) < 0 and not box.colliderect(r):
                return (x, y)
        # a small window: the stacks stand taller than the plate at the felt's edge, so a place beside it is
        # moved just inside the felt's area (a top seat's stacks ran up into the top bar at 640x400)
        for x, y in tries[:-1]:
            box = pygame.Rect(0, 0, w, h)
            box.midbottom = (int(x), int(y))
            box.clamp_ip(t.area)
            if t.area.contains(box) and box.collidelist(others) < 0 and not box.colliderect(r):
                return (box.centerx, box.bottom)
        return tries[-1]

    def bet_spot(self, seat: int) -> tuple[float, float]:
        """Where the seat's bets stand (bottom centre): its betting line, just beyond its pieces toward the pot;
        where that place is taken (another seat, the window's edge), beside the pieces. Nothing of the seat's
        zone (plate, pieces, stacks) nor another seat's is covered by the bet or the amount under it."""
        t = self.table
        pieces = t.pieces_rect(seat)
        g = t.seat_geo[seat]
        # room for a bet of four denominations (two rows, up to 660 chips: a bet of 1,000 or more stands taller)
        # and its amount underneath
        w, h = stack_size(660, t.stack_d)
        # (the amount's face keeps the text floor: in a small window it is taller than 20 px at 1280x720 scaled)
        bw, bh = max(w, int(44 * t.u)), h + max(int(20 * t.u), t.app.res.font("bold", t.px(13)).get_linesize() + 1)
        gap = int(8 * t.u)
        vx, vy = g["in"]
        cx, cy = pieces.center
        tries = [(cx + vx * (pieces.w / 2 + gap + bw / 2), cy + vy * (pieces.h / 2 + gap + bh / 2)),
                 (pieces.left - gap - bw / 2, cy), (pieces.right + gap + bw / 2, cy),
                 (cx, pieces.top - gap - bh / 2), (cx, pieces.bottom + gap + bh / 2)]
        # beside the pieces but moved toward the pot by what the bet stands taller (wider) than them: in a small
        # window the bet and its amount are taller than a row of dice, and beside them ran onto the seat's plate
        sy, sx = vy * (max(0, bh - pieces.h) / 2 + gap), vx * (max(0, bw - pieces.w) / 2 + gap)
        tries += [(x, y + sy) for x, y in tries[1:3]] + [(x + sx, y) for x, y in tries[3:5]]
        own = pygame.Rect((0, 0), stack_max_size(t.stack_d))  # the stacks' room, not today's height
        own.midbottom = (int(t.stack_spot(seat)[0]), int(t.stack_spot(seat)[1]))
        others = [s for s in range(t.n) if s != seat]
        avoid = [g["plate"], pieces, own, t.centre_rect(), t.pot_rect()]
        avoid += [t.seat_geo[s]["plate"] for s in others] + [t.pieces_rect(s) for s in others]
        box = pygame.Rect(0, 0, bw, bh)

        def covered(x: float, y: float) -> int:
            box.center = (int(x), int(y))
            box.clamp_ip(t.area)
            return sum(box.clip(r).w * box.clip(r).h for r in avoid)
        # the first place that covers nothing, else the one that covers least
        costs = [covered(x, y) for x, y in tries]
        covered(*tries[min(range(len(tries)), key=lambda i: (costs[i] > 0, costs[i], i))])
        return (box.centerx, box.top + h)

    # ------------------------------------------------------------------ how many are drawn where
    def in_air(self, hold: tuple[str, Any]) -> int:
        """The chips still flying to ``hold`` (drawn in flight, not yet where they land)."""
        return sum(a.amount for a in self.table.anims
                   if isinstance(a, ChipFlight) and a.hold == hold and not a.done)

    def shown_stack(self, seat: int) -> int:
        """The chips drawn in the seat's stacks: the view's stack less what is still flying to it."""
        stacks = self.table.shown.get("stacks") or []
        stack = stacks[seat] if seat < len(stacks) else 0
        return max(0, chip_count(stack) - self.in_air(("stack", seat)))

    def shown_line(self, seat: int) -> int:
        """The chips drawn on the seat's betting line (less what is still sliding out to it)."""
        return max(0, self.line[seat] - self.in_air(("line", seat)))

    def off_pile(self, key: str) -> int:
        """The chips of the view's pot ``key`` not drawn in its pile: the bets still on the lines (they sweep in
        when the betting round ends) and what is flying in."""
        lines = sum(self.line) if key == self.line_key else 0
        return lines + self.in_air(("pot", key))

    # ------------------------------------------------------------------ what the events move
    def sweep_bets(self, delay: float = 0.0) -> None:
        """The betting round is over: every bet on a line slides into the pot it was bet into."""
        t = self.table
        if not any(self.line):
            return
        dst = t.pot_centre(self.line_key)
        for seat, amount in enumerate(self.line):
            if amount > 0:
                t.fly(amount, t.bet_spot(seat), dst, delay=delay, duration=0.3, hold=("pot", self.line_key))
        self.line = [0] * t.n

    def stage_chips(self, before: dict[str, Any], ev: Event) -> None:
        """Move the chips an event moved, from the views before and after it: a wager raised slides out from the
        seat's stacks to its line, a wager handed back slides home, and the lines sweep into the pot when the
        wagers are cleared or the event ends a betting round (the table's ``SWEEP_EVENTS``)."""
        t = self.table
        wb, wa = before.get(t.WAGER_KEY), t.shown.get(t.WAGER_KEY)
        if ev.kind in t.SWEEP_EVENTS:
            self.sweep_bets()
        if not (isinstance(wa, list) and isinstance(wb, list) and len(wa) == len(wb) == t.n):
            return
        if any(wb) and not any(wa):  # a new betting round cleared the wagers
            self.sweep_bets()
            return
        for seat in range(t.n):
            delta = t.line_delta(before, seat) if chip_count(wa[seat]) != chip_count(wb[seat]) else 0
            if delta > 0:
                self.line_key = t.bet_pot_key()
                self.line[seat] += delta
                t.fly(delta, t.stack_spot(seat), t.bet_spot(seat), duration=0.3, hold=("line", seat))
            elif delta < 0:
                back = min(-delta, self.line[seat])
                self.line[seat] -= back
                t.fly(back, t.bet_spot(seat), t.stack_spot(seat), duration=0.3, hold=("stack", seat))

    def settle(self, view: dict[str, Any]) -> None:
        """Nothing is moving: the lines never hold more than the view's wagers (none without wagers)."""
        t = self.table
        wager = view.get(t.WAGER_KEY)
        if isinstance(wager, list) and len(wager) == t.n:
            self.line = [min(a, max(0, chip_count(w))) for a, w in zip(self.line, wager, strict=True)]
        else:
            self.line = [0] * t.n


def chip_count(value: Any) -> int:
    """A chip count from a view value: an int, a pot record with an amount, or a list of them."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return max(0, value)
    if isinstance(value, dict):
        for key in ("amount", "chips", "total", "size"):
            if isinstance(value.get(key), int):
                return max(0, value[key])
        return 0
    if isinstance(value, (list, tuple)):
        return sum(chip_count(v) for v in value)
    return 0
