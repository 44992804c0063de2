"""Placing a table's middle pieces clear of the seats' zones (issue #13: each seat owns a zone nothing enters).

A card table computes in ``layout_pieces`` the most room each seat's zone can take (``CardTable.seat_zone``:
the plate, the biggest hand with its longest words, the tag), then lays out the middle with these helpers:
a core (the board, the piles) at the felt's centre, its cards shrunk step by step (:func:`sizes`) until it is
clear of every zone, then the other pieces (stub and dice, the two pots) one by one, each at the free place
nearest its home (:func:`place`, :func:`place_all`). A seat's chips are part of its zone (:class:`SeatChips`):
its stacks and betting line are placed with the zones, clear of every seat's parts, before the middle. All of
it runs once per layout, never per frame.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Iterator
from typing import Any, Literal, overload

import pygame


def cached(table: Any, fields: tuple[str, ...], lay_out: Callable[[], None]) -> None:
    """Run ``lay_out`` (which sets ``fields`` on ``table``) once per window size and viewer, then restore the
    fields from the cache: the search takes a good part of a second at six seats, and a hot-seat table lays
    itself out again every time the screen changes hands."""
    cache: dict[Any, dict[str, Any]] = table.__dict__.setdefault("_zones_cache", {})
    key = (tuple(table.size), table.eyes, table.u)
    got = cache.get(key)
    if got is None:
        lay_out()
        got = cache[key] = {name: getattr(table, name) for name in fields}
    for name, value in got.items():
        setattr(table, name, value)


def clear(rect: pygame.Rect, taken: list[pygame.Rect], bounds: pygame.Rect, margin: int = 0) -> bool:
    """Whether ``rect`` lies inside ``bounds`` and at least ``margin`` px from every rect in ``taken``."""
    if not bounds.contains(rect):
        return False
    grown = rect.inflate(2 * margin, 2 * margin)
    return grown.collidelist(taken) < 0


#: points round the ellipse inscribed in a piece's rect, as fractions of its half sizes: a pot's pile is a round
#: cluster with its label centred under it, so its rect's corners are empty and may reach over the felt's edge
_ROUND = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(0, 360, 30)]


def on_oval(rect: pygame.Rect, oval: pygame.Rect | None) -> bool:
    """Whether the round piece in ``rect`` (the ellipse inscribed in it) lies inside the ellipse drawn in
    ``oval`` (the felt is an ellipse: a piece inside its bounding rect may still lie on the rail); no oval:
    always."""
    if oval is None:
        return True
    a, b = oval.w / 2, oval.h / 2
    rx, ry = rect.w / 2, rect.h / 2
    dx, dy = rect.centerx - oval.centerx, rect.centery - oval.centery
    if (dx / a) ** 2 + (dy / b) ** 2 > 1.0:  # its centre off the felt (quick: most of a grid is decided here)
        return False
    if ((abs(dx) + rx) / a) ** 2 + ((abs(dy) + ry) / b) ** 2 <= 1.0:  # its farthest corner on it: all of it
        return True
    return all(((dx + px * rx) / a) ** 2 + ((dy + py * ry) / b) ** 2 <= 1.0 for px, py in _ROUND)


def sizes(start: float, least: float, steps: int = 8) -> Iterator[int]:
    """Card widths to try for the middle, from ``start`` down to ``least`` in ``steps`` even steps."""
    start, least = max(start, least), min(start, least)
    for i in range(steps + 1):
        yield round(start - (start - least) * i / steps)


def place(shape: pygame.Rect, home: tuple[float, float], taken: list[pygame.Rect], bounds: pygame.Rect, step: int,
          margin: int = 0, oval: pygame.Rect | None = None) -> tuple[int, int] | None:
    """Where a piece goes: its anchor as near ``home`` as it can be with its area (``shape``, its area with the
    anchor at (0, 0)) inside ``bounds`` (and inside the ellipse ``oval``, if given) and at least ``margin`` px
    from everything in ``taken``; None: nowhere."""
    hx, hy = home
    step = max(2, step)

    def fits(x: int, y: int) -> bool:
        r = shape.move(x, y)
        return clear(r, taken, bounds, margin) and on_oval(r, oval)

    # the home itself first (a piece that fits there stays exactly there, at every window size)
    if fits(round(hx), round(hy)):
        return round(hx), round(hy)
    spots = _grid(shape, (round(hx), round(hy)), bounds, step, oval)
    grown = shape.inflate(2 * margin, 2 * margin)
    for i in range(0, len(spots), 2):
        if grown.move(spots[i], spots[i + 1]).collidelist(taken) < 0:
            return spots[i], spots[i + 1]
    # a pocket just the piece's size, which the grid steps over: the places where it touches the bounds' or
    # the taken pieces' edges (at ``margin``) on both axes
    xs = {bounds.left - shape.left, bounds.right - shape.right}
    ys = {bounds.top - shape.top, bounds.bottom - shape.bottom}
    for r in taken:
        xs |= {r.right + margin - shape.left, r.left - margin - shape.right}
        ys |= {r.bottom + margin - shape.top, r.top - margin - shape.bottom}
    edges = sorted(((x, y) for x in xs for y in ys), key=lambda p: (p[0] - hx) ** 2 + (p[1] - hy) ** 2)
    return next(((x, y) for x, y in edges if fits(x, y)), None)


#: the grids of :func:`_grid` found during one layout (a layout tries the same pieces at the same homes for
#: every way of laying the bets: sorting and filtering a grid of thousands of spots each time took seconds)
_GRIDS: dict[tuple[Any, ...], array] = {}
_GRIDS_MAX = 256


def _grid(shape: pygame.Rect, home: tuple[int, int], bounds: pygame.Rect, step: int,
          oval: pygame.Rect | None) -> array:
    """The grid's spots (x, y flat) where ``shape`` lies inside ``bounds`` and on ``oval``, nearest ``home``
    first; cached for the layout under way (see :func:`forget_grids`)."""
    where = (tuple(shape), tuple(bounds), step, None if oval is None else tuple(oval))
    key = (*where, home)
    got = _GRIDS.get(key)
    if got is None:
        inside = _GRIDS.get(where)  # the spots where the piece fits the bounds and the oval: the same for any home
        if inside is None:
            inside = array("i")
            for x in range(bounds.left, bounds.right, step):
                for y in range(bounds.top, bounds.bottom, step):
                    r = shape.move(x, y)
                    if bounds.contains(r) and on_oval(r, oval):
                        inside.extend((x, y))
            _GRIDS[where] = inside
        hx, hy = home
        spots = sorted(zip(inside[::2], inside[1::2], strict=True), key=lambda p: (p[0] - hx) ** 2 + (p[1] - hy) ** 2)
        got = array("i", [v for p in spots for v in p])
        if len(_GRIDS) >= _GRIDS_MAX:
            _GRIDS.clear()
        _GRIDS[key] = got
    return got


def forget_grids() -> None:
    """Drop the grids one layout searched (they are only reused within it)."""
    _GRIDS.clear()


Piece = tuple[str, pygame.Rect, tuple[float, float]]


def owner_of(point: tuple[float, float], parts: list[list[pygame.Rect]]) -> int:
    """The seat whose parts (``parts[seat]``: plate, hand, tag...) lie nearest ``point``: whose a chip there
    reads as (the lowest seat on a tie)."""
    x, y = point

    def far(r: pygame.Rect) -> float:
        dx = max(r.left - x, x - r.right, 0)
        dy = max(r.top - y, y - r.bottom, 0)
        return math.hypot(dx, dy)
    return min(range(len(parts)), key=lambda s: (min((far(r) for r in parts[s]), default=math.inf), s))


def place_all(pieces: list[Piece], taken: list[pygame.Rect], bounds: pygame.Rect, step: int, margin: int,
              rail: pygame.Rect | None, on_rail: tuple[str, ...], strict: bool,
              oval: pygame.Rect | None = None) -> dict[str, tuple[int, int]] | None:
    """Each piece's (name, shape, home) anchor, placed one by one with :func:`place` clear of ``taken`` and of
    the pieces before it; a piece named in ``on_rail`` (a pot) keeps inside the ellipse ``oval`` (the felt, if
    given), and only if it finds no room there may go anywhere in ``rail``. The pieces go in the order given,
    else the pots first, else the biggest first (a pocket a smaller piece took may be the only room a pot has
    on the felt). With ``strict``, None when a piece finds no room either way; else such a piece stays at its
    home (the order given)."""
    biggest = sorted(pieces, key=lambda p: -p[1].w * p[1].h)
    pots_first = sorted(pieces, key=lambda p: p[0] not in on_rail)
    for order in (pieces, pots_first, biggest):
        spots: dict[str, tuple[int, int]] = {}
        placed = list(taken)
        for name, shape, home in order:
            at = place(shape, home, placed, bounds, step, margin, oval if name in on_rail else None)
            if at is None and rail is not None and name in on_rail:
                at = place(shape, home, placed, rail, step, margin)
            if at is None:
                if strict:
                    break
                at = (round(home[0]), round(home[1]))
            spots[name] = at
            placed.append(shape.move(at))
        else:
            return spots
    return None


class SeatChips:
    """A seat's chips as part of its zone (mixed in before the table's base): room for its stacks at their
    biggest (:func:`game.ui.chips.stack_max_size`) beside its plate and for its betting line (the tallest bet
    with its amount under it) toward the middle, found once per layout by :meth:`lay_out_chips`, in the same
    place as the zones, so the middle is then placed clear of them too. The table's ``stack_spot`` and
    ``bet_spot`` then only read what was found (a bet never moves with the cards, nor covers anything)."""

    # the table's attributes this mixin uses (for readers and type checkers)
    seat_geo: list[dict[str, Any]]
    area: pygame.Rect
    felt: pygame.Rect
    u: float
    n: int
    stack_d: int
    text: Any
    zones: list[pygame.Rect]
    #: the table places its middle: card width, bounds, strict, may the pots go to the rail (see lay_out_around)
    place_middle: Callable[[int, pygame.Rect, bool, bool], bool]
    #: each seat's stacks' and betting line's room (set by lay_out_chips; a zoned table lists them in LAID_OUT)
    stack_boxes: list[pygame.Rect]
    bet_boxes: list[pygame.Rect]

    def _bet_label_size(self) -> tuple[int, int]:
        """The amount printed under a bet, at its widest."""
        w, h = self.text.render("88,888", int(max(10, 13 * self.u)), (255, 255, 255), "bold").get_size()
        return w + 2, h + 2

    def lay_out_chips(self, parts: list[list[pygame.Rect]], inward: bool = True, on_felt: bool = True,
                      core: pygame.Rect | None = None) -> None:
        """Each seat's stacks and betting line, given every seat's own parts (``parts[seat]``: plate, hand with
        its words, tag, tokens: kept apart, as a zone's bounding rect would swallow the room between them):
        the stacks beside the plate, the line beyond the seat's pieces toward the middle (``inward``; else
        beside the pieces, leaving the middle its room where it needs it), each clear of every seat's parts
        and of the chips placed before it, inside the table's area. A bet is a chip on the stage (ART.md): it
        lies on the felt wherever the felt has room for it (nearest its first home), only else (or without
        ``on_felt``, where the middle needs the whole felt) on the rail; a bet on the felt keeps clear of
        ``core`` (the middle's heart at its smallest: the felt's centre is the middle's, not the bets')."""
        from game.ui.chips import stack_max_size

        u = self.u
        sw, sh = stack_max_size(self.stack_d)
        lw, lh = self._bet_label_size()
        bw, bh = max(sw, lw), sh + lh
        gap = int(6 * u)
        margin = max(2, int(3 * u))
        step = max(3, int(4 * u))
        bounds = self.area.inflate(-2 * margin, -2 * margin)
        felt = self.felt.clip(bounds)
        kept = [] if core is None else [core]
        taken = [r for rects in parts for r in rects]
        self.stack_boxes, self.bet_boxes = [], []
        for seat in range(self.n):
            g = self.seat_geo[seat]
            plate: pygame.Rect = g["plate"]
            pieces = pygame.Rect(parts[seat][0]).unionall(parts[seat][1:])
            vx, vy = g["in"]
            if abs(vy) > 0.6:  # top and bottom seats: beside the plate (left first: clear of the dealer button)
                homes = [(plate.left - gap - int(11 * u) - sw / 2, plate.bottom - sh / 2),
                         (plate.right + gap + sw / 2, plate.bottom - sh / 2)]
            else:  # side seats: beside the plate on the rail's side, else under it, a little outward
                side = 1 if vx > 0 else -1
                out_x = plate.left - gap - sw / 2 if side > 0 else plate.right + gap + sw / 2
                # (no room on the rail's side: under the plate's outer end, not out at the window's edge, where
                # the stacks read as nobody's)
                under_x = plate.left + sw / 4 if side > 0 else plate.right - sw / 4
                homes = [(out_x, plate.bottom - sh / 2), (under_x, plate.bottom + gap + sh / 2),
                         (plate.centerx - plate.w * 0.18 * side, plate.bottom + gap + sh / 2),
                         (plate.centerx - plate.w * 0.18 * side, plate.top - gap - sh / 2)]
            stack = self._chip_box(pygame.Rect(-sw // 2, -sh // 2, sw, sh), homes, taken, bounds, step, margin)
            taken.append(stack)
            cx, cy = pieces.center
            toward = (cx + vx * (pieces.w / 2 + gap + bw / 2), cy + vy * (pieces.h / 2 + gap + bh / 2))
            beside = [(pieces.left - gap - bw / 2, cy), (pieces.right + gap + bw / 2, cy)]
            # next to the stacks, level with their top, the side nearer the middle first
            by_stacks = sorted([(stack.right + gap + bw / 2, stack.top + bh / 2),
                                (stack.left - gap - bw / 2, stack.top + bh / 2)],
                               key=lambda p: abs(p[0] - self.area.centerx))
            by_stacks.append((stack.centerx, stack.bottom + gap + bh / 2))  # or under them
            below = [(plate.centerx, plate.bottom + gap + bh / 2), (plate.centerx, plate.top - gap - bh / 2)]
            homes = [toward, *beside, *by_stacks, *below] if inward else [*by_stacks, *below, *beside, toward]
            bet_shape = pygame.Rect(-bw // 2, -bh // 2, bw, bh)
            bet = (self._owned_box(bet_shape, homes, [*taken, *kept], felt, step, margin, parts, seat) if on_felt
                   else None) or self._owned_box(bet_shape, homes, taken, bounds, step, margin, parts, seat, False)
            taken.append(bet)
            self.stack_boxes.append(stack)
            self.bet_boxes.append(bet)

    def _owned_box(self, shape: pygame.Rect, homes: list[tuple[float, float]], taken: list[pygame.Rect],
                   bounds: pygame.Rect, step: int, margin: int, parts: list[list[pygame.Rect]], seat: int,
                   strict: bool = True) -> pygame.Rect | None:
        """A seat's betting line as :meth:`_chip_box` finds it, but only where it reads as the seat's own: nearer
        its own parts than any other seat's (the nearest free place to a side seat's first home lay by the
        player's hand in Sabacc House, and read as the player's bet). Where the clear place nearest each home is
        another seat's, the other seats' parts are kept at a growing distance; nowhere its own: the clear place
        (``strict``: None)."""
        def owned(r: pygame.Rect) -> bool:
            return owner_of(r.center, parts) == seat

        for x, y in homes:
            r = shape.move(round(x), round(y))
            if clear(r, taken, bounds, margin) and owned(r):
                return r
        others = [r for s, rects in enumerate(parts) if s != seat for r in rects]
        for keep in (0, int(16 * self.u), int(32 * self.u), int(64 * self.u)):
            away = [r.inflate(2 * keep, 2 * keep) for r in others] if keep else []
            for home in homes:
                at = place(shape, home, [*taken, *away], bounds, step, margin)
                if at is not None and owned(shape.move(at)):
                    return shape.move(at)
        return self._chip_box(shape, homes, taken, bounds, step, margin, strict)

    @overload
    @staticmethod
    def _chip_box(shape: pygame.Rect, homes: list[tuple[float, float]], taken: list[pygame.Rect],
                  bounds: pygame.Rect, step: int, margin: int, strict: Literal[False] = False) -> pygame.Rect: ...

    @overload
    @staticmethod
    def _chip_box(shape: pygame.Rect, homes: list[tuple[float, float]], taken: list[pygame.Rect],
                  bounds: pygame.Rect, step: int, margin: int, strict: bool) -> pygame.Rect | None: ...

    @staticmethod
    def _chip_box(shape: pygame.Rect, homes: list[tuple[float, float]], taken: list[pygame.Rect],
                  bounds: pygame.Rect, step: int, margin: int, strict: bool = False) -> pygame.Rect | None:
        """``shape`` (centred on (0, 0)) at the first of ``homes`` where it is clear, else at the clear place
        nearest the first home, else (nowhere clear: a window too small) at the first home (``strict``: None,
        so the caller can look in wider bounds)."""
        for x, y in homes:
            if clear(shape.move(round(x), round(y)), taken, bounds, margin):
                return shape.move(round(x), round(y))
        at = place(shape, homes[0], taken, bounds, step, margin)
        if at is not None:
            return shape.move(at)
        # (inside the bounds still: in the smallest window the stacks ran under the log)
        return None if strict else shape.move(round(homes[0][0]), round(homes[0][1])).clamp(bounds)

    def lay_out_around(self, parts: list[list[pygame.Rect]], widths: list[int], heart: pygame.Rect) -> None:
        """The zones (``parts``: each seat's parts), then each seat's stacks and betting line (clear of every seat's
        parts), the bets toward the middle, else beside the pieces, each bet on the felt clear of ``heart`` (the
        middle's core at its smallest), else of a band of its width down the felt (at many seats the middle's
        other pieces then fit above and under it), else anywhere, on the rail if need be; then the middle
        (``place_middle``) with the card widths ``widths``, largest first: everything on the felt; else the pots
        may go out to the rail (the cards rather stay big); else the smallest cards, each piece where the window
        has room (else at home)."""
        u = self.u
        self.zones = [p[0].unionall(p[1:]) for p in parts]
        heart_room = heart.inflate(2 * int(4 * u), 2 * int(4 * u))
        band = pygame.Rect(heart_room.x, self.felt.y, heart_room.w, self.felt.h)
        # the pots are the centre's: every way of laying the bets on the felt is tried with the pots on the felt
        # (its oval) before any lets a pot out to the rail; only then may a bet leave the felt
        bets: list[list[tuple[bool, pygame.Rect | None]]] = [[(True, heart_room), (True, band)], [(False, None)]]
        tries = [(rail, way, inward) for ways in bets for rail in (False, True) for way in ways
                 for inward in (True, False)]
        try:
            for rail, (on_felt, keep), inward in tries:
                self.lay_out_chips(parts, inward, on_felt, keep)
                if any(self.place_middle(pw, self.felt, True, rail) for pw in widths):
                    return
            self.place_middle(widths[-1], self.area.inflate(-int(8 * u), -int(8 * u)), False, True)
        finally:
            forget_grids()

    def pile_d(self) -> int:
        """The pots' piles shrink faster than the seats' stacks as seats are added: the middle's room on the felt
        shrinks with every zone added round it, and the pots stay on the felt (an oval: its corners are rail).
        A pile still grows with its value (game.ui.chips.pile_size); at 4 to 6 seats its chips are a little
        smaller than the seats' own."""
        return max(10, int(self.stack_d * (1.0 if self.n <= 2 else 0.85 if self.n == 3 else 0.7)))

    def chip_parts(self) -> list[pygame.Rect]:
        """Every seat's stacks' and betting line's room (what the middle is placed clear of)."""
        return [*self.stack_boxes, *self.bet_boxes]

    def stack_spot(self, seat: int) -> tuple[float, float]:
        """The stacks stand on the bottom middle of the room the layout gave them."""
        r = self.stack_boxes[seat]
        return (r.centerx, r.bottom)

    def bet_spot(self, seat: int) -> tuple[float, float]:
        """The bet stands over its amount, in the room the layout gave the seat's betting line."""
        from game.ui.chips import stack_max_size

        r = self.bet_boxes[seat]
        return (r.centerx, r.top + stack_max_size(self.stack_d)[1])
