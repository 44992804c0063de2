"""Chips as the stage: a seat's compact stacks, and a pot drawn as a pile whose size follows its value.

Why a module of its own: the base table, the card tables' pot boxes and Kinzo's hand pots all draw the same two
pictures, and both are pure functions of an amount and a chip size, so they are cached here once (a pile is
rebuilt only when its amount changes; a frame that draws it again is one blit).

- A seat's **stacks** are its chips broken into denominations (:func:`game.ui.draw.chip_breakdown`), one column
  per denomination, at most two columns a row, each drawn at most :data:`STACK_CAP` chips tall: compact,
  and the columns still say exactly what the seat holds (the plate writes the number).
- A **pile** has :func:`pile_slots` columns, a number that grows with the logarithm of the value and stops at
  :data:`PILE_MAX_SLOTS`; the chips are changed into smaller denominations where needed to fill the slots, so
  the columns always add up to the pile's value. The columns sit in a loose cluster (a hexagonal spiral with a
  little jitter seeded by the amount: the same pot always looks the same).
"""

from __future__ import annotations

import math
import random

import pygame

from game.ui import theme
from game.ui.cache import MB, SurfaceCache
from game.ui.draw import chip_breakdown, chip_stack
from game.ui.resources import Resources

#: the most chips a seat's column is drawn tall (the count itself is unbounded)
STACK_CAP = 8
#: the most chips a pile's column is drawn tall
PILE_CAP = 7
#: the most columns a pile ever has (its size is bounded however large the pot)
PILE_MAX_SLOTS = 14
#: columns per row of a seat's stacks
STACK_ROW = 2

_DENOMS = [d[0] for d in theme.DENOMS]  # largest first
#: keyed by the exact amount, so every chip count a session passes through is a new entry (a Sabacc House demo
#: table: 94 seat stacks and 58 piles after 20,000 frames, still growing toward the old cap of 160 each, ~4 MB);
#: a frame draws at most a seat's stacks per seat and a pile per pot, a dozen or so: at 1080p 0.2-0.3 MB of each
#: kind over any ten seconds of a demo table, where the caps of 48 entries, 3 and 2 MB filled over a session (a
#: Hintaro table's piles: 2 MB after 20,000 frames, RSS that only ever grew). An amount once passed seldom comes
#: back, so most entries are dead: 12 entries and 0.5 MB each hold twice a frame's worth (at 24 and 1 MB a Hintaro
#: demo still gained 1.2 MB of them after its first 600 frames)
_piles = SurfaceCache(12, MB // 2, "chip_piles")
_seat_stacks = SurfaceCache(12, MB // 2, "seat_stacks")


# ------------------------------------------------------------------------------------------- seat stacks
def stack_columns(amount: int) -> list[tuple[int, int]]:
    """(denomination, count) for a seat's ``amount``: one column per denomination, largest first."""
    return chip_breakdown(amount)


def _stack_geometry(amount: int, d: int) -> tuple[list[tuple[int, int, int, int]], int, int]:
    """Each column's (value, count, x, bottom) inside the stacks' picture, and the picture's size."""
    cols = stack_columns(amount)
    step = d + 3
    rise = max(3, d * 5 // 11)  # the back row stands a little higher (further away on the felt)
    eh = max(3, d * 11 // 20)
    t = max(2, d // 7)
    tall = eh + t * STACK_CAP + 6
    rows = [cols[i:i + STACK_ROW] for i in range(0, len(cols), STACK_ROW)]
    w = step * min(STACK_ROW, max(1, len(cols))) + 4
    h = tall + rise * (len(rows) - 1)
    out: list[tuple[int, int, int, int]] = []
    for r, row in enumerate(reversed(rows)):  # the back row first (drawn first, under the front row)
        back = len(rows) - 1 - r
        x0 = (w - step * len(row)) // 2
        for i, (value, n) in enumerate(row):
            out.append((value, n, x0 + i * step, h - rise * back))
    return out, w, h


def stack_size(amount: int, d: int) -> tuple[int, int]:
    """The size of a seat's stacks picture (0×0 for no chips)."""
    if amount <= 0:
        return (0, 0)
    _, w, h = _stack_geometry(amount, d)
    return (w, h)


def stack_max_size(d: int) -> tuple[int, int]:
    """The largest a seat's stacks picture gets (every denomination, in full rows): what a layout leaves room for."""
    return stack_size(5000 + 1000 + 500 + 100 + 50 + 10, d)


def stack_surface(amount: int, d: int, res: Resources | None = None) -> pygame.Surface | None:
    """A seat's stacks as one cached picture (None for no chips)."""
    if amount <= 0:
        return None
    key = (amount, d)
    s = _seat_stacks.get(key)
    if s is not None:
        return s
    cols, w, h = _stack_geometry(amount, d)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    for value, n, x, bottom in cols:
        img = chip_stack(value, min(n, STACK_CAP), d, res)
        s.blit(img, img.get_rect(bottomleft=(x, bottom)))
    _seat_stacks[key] = s
    return s


def draw_stacks(surf: pygame.Surface, amount: int, midbottom: tuple[float, float], d: int,
                res: Resources | None = None) -> pygame.Rect:
    """Draw a seat's stacks standing on ``midbottom``; returns the area drawn."""
    img = stack_surface(amount, d, res)
    if img is None:
        return pygame.Rect(int(midbottom[0]), int(midbottom[1]), 0, 0)
    r = img.get_rect(midbottom=(int(midbottom[0]), int(midbottom[1])))
    surf.blit(img, r)
    return r


def stack_rect(amount: int, midbottom: tuple[float, float], d: int) -> pygame.Rect:
    """Where :func:`draw_stacks` draws (without drawing)."""
    r = pygame.Rect((0, 0), stack_size(amount, d))
    r.midbottom = (int(midbottom[0]), int(midbottom[1]))
    return r


# ------------------------------------------------------------------------------------------------ piles
def pile_slots(amount: int) -> int:
    """How many columns a pile of ``amount`` has: 0 for nothing, then growing with the log of the value
    (about two more each time the pot quadruples past 50), never more than :data:`PILE_MAX_SLOTS`."""
    if amount <= 0:
        return 0
    return min(PILE_MAX_SLOTS, 1 + int(1.5 * math.log2(1 + amount / 40)))


def pile_columns(amount: int) -> list[tuple[int, int]]:
    """The pile's columns as (denomination, count): the breakdown of ``amount``, the tallest column split and
    big chips changed into smaller ones until there are :func:`pile_slots` columns (or nothing is left to
    split). The values always add up to what :func:`chip_breakdown` gives (``amount`` to the nearest 10 up)."""
    want = pile_slots(amount)
    cols = [list(c) for c in chip_breakdown(amount)]
    guard = 0
    while len(cols) < want and guard < 64:
        guard += 1
        tall = max(range(len(cols)), key=lambda i: (cols[i][1], -i))
        value, n = cols[tall]
        if n >= 2:
            cols[tall][1] = n - n // 2
            cols.insert(tall + 1, [value, n // 2])
            continue
        # every column is one chip: change the biggest chip that can be changed into the next denomination down
        big = next((i for i, (v, _) in enumerate(cols) if v != _DENOMS[-1]), None)
        if big is None:
            break
        value = cols[big][0]
        lower = _DENOMS[_DENOMS.index(value) + 1]
        cols[big] = [lower, value // lower]
        rest = value - lower * (value // lower)  # 5000 → 1000s, 500 → 100s, 100 → 50s, 50 → 10s: nothing left
        if rest:
            cols.insert(big + 1, [_DENOMS[-1], rest // _DENOMS[-1]])
    cols.sort(key=lambda c: -c[0])
    return [(v, n) for v, n in cols]


def _hex_spiral(k: int) -> list[tuple[float, float]]:
    """The first ``k`` cells of a hexagonal grid, nearest the middle first (units: one column apart)."""
    cells: list[tuple[float, float]] = []
    ring = 0
    while len(cells) < k:
        for q in range(-ring, ring + 1):
            for r in range(-ring, ring + 1):
                if max(abs(q), abs(r), abs(q + r)) == ring:
                    cells.append((q + r / 2, r * 0.866))
        ring += 1
    cells = sorted(cells, key=lambda c: (round(math.hypot(*c), 3), c[1], c[0]))
    return cells[:k]


_SPIRAL = _hex_spiral(PILE_MAX_SLOTS)


def _pile_geometry(amount: int, d: int) -> tuple[list[tuple[int, int, int, int]], int, int]:
    """Each column's (value, count, x, bottom) inside the pile's picture, and the picture's size.

    The picture's size depends only on :func:`pile_slots` (so it never shrinks as the pot grows); the jitter
    is seeded by the amount."""
    slots = pile_slots(amount)
    cols = pile_columns(amount)
    eh = max(3, d * 11 // 20)
    t = max(2, d // 7)
    tall = eh + t * PILE_CAP + 4
    gx, gy = d + 2, max(4, int(eh * 1.05))  # one column apart across; rows closer (the felt is seen at a slant)
    cells = _SPIRAL[:slots]
    xs = [c[0] * gx for c in cells]
    ys = [c[1] * gy / 0.866 for c in cells]
    jit = random.Random(amount * 7919 + 17)
    j = max(1, d // 8)
    w = int(max(xs) - min(xs)) + d + 4 + 2 * j
    h = int(max(ys) - min(ys)) + tall + 2 * j
    ox, oy = -min(xs) + 2 + j, -min(ys) + tall + j
    placed = []
    for (value, n), x, y in zip(cols, xs, ys, strict=False):
        placed.append((value, n, int(ox + x + jit.randint(-j, j)), int(oy + y + jit.randint(-j, j) // 2)))
    placed.sort(key=lambda c: c[3])  # the back columns first
    return placed, w, h


def pile_size(amount: int, d: int) -> tuple[int, int]:
    """The size of a pile's picture for ``amount``: nondecreasing in the amount, bounded for any amount."""
    if amount <= 0:
        return (0, 0)
    _, w, h = _pile_geometry(amount, d)
    return (w, h)


def pile_surface(amount: int, d: int, res: Resources | None = None) -> pygame.Surface | None:
    """The pile as one cached picture (None for an empty pot)."""
    if amount <= 0:
        return None
    key = (amount, d)
    s = _piles.get(key)
    if s is not None:
        return s
    cols, w, h = _pile_geometry(amount, d)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    for value, n, x, bottom in cols:
        img = chip_stack(value, min(n, PILE_CAP), d, res)
        s.blit(img, img.get_rect(midbottom=(x + d // 2 + 2, bottom)))
    _piles[key] = s
    return s


def pile_rect(amount: int, midbottom: tuple[float, float], d: int) -> pygame.Rect:
    """Where :func:`draw_pile` draws a pile standing on ``midbottom`` (without drawing)."""
    r = pygame.Rect((0, 0), pile_size(amount, d))
    r.midbottom = (int(midbottom[0]), int(midbottom[1]))
    return r


def draw_pile(surf: pygame.Surface, amount: int, midbottom: tuple[float, float], d: int,
              res: Resources | None = None) -> pygame.Rect:
    """Draw the pile for ``amount`` standing on ``midbottom``; returns its area."""
    img = pile_surface(amount, d, res)
    r = pile_rect(amount, midbottom, d)
    if img is not None:
        surf.blit(img, r)
    return r


def clear_caches() -> None:
    """Forget the cached piles and stacks (on display mode changes)."""
    _piles.clear()
    _seat_stacks.clear()
