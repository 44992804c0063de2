"""Placing a table's middle pieces clear of the seats' zones (issue #13: each seat owns a zone nothing enters).

A card table computes in ``layout_pieces`` the most room each seat's zone can take (``CardTable.seat_zone``:
the plate, the biggest hand with its longest words, the tag), then lays out the middle with these helpers:
a core (the board, the piles) at the felt's centre, its cards shrunk step by step (:func:`sizes`) until it is
clear of every zone, then the other pieces (stub and dice, the two pots) one by one, each at the free place
nearest its home (:func:`place`). All of it runs once per layout, never per frame.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

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


def sizes(start: float, least: float, steps: int = 8) -> Iterator[int]:
    """Card widths to try for the middle, from ``start`` down to ``least`` in ``steps`` even steps."""
    start, least = max(start, least), min(start, least)
    for i in range(steps + 1):
        yield round(start - (start - least) * i / steps)


def place(shape: pygame.Rect, home: tuple[float, float], taken: list[pygame.Rect], bounds: pygame.Rect, step: int,
          margin: int = 0) -> tuple[int, int] | None:
    """Where a piece goes: its anchor as near ``home`` as it can be with its area (``shape``, its area with the
    anchor at (0, 0)) inside ``bounds`` and at least ``margin`` px from everything in ``taken``; None: nowhere."""
    hx, hy = home
    step = max(2, step)
    spots = [(x, y) for x in range(bounds.left, bounds.right, step) for y in range(bounds.top, bounds.bottom, step)]
    spots.sort(key=lambda p: (p[0] - hx) ** 2 + (p[1] - hy) ** 2)
    # the home itself first (a piece that fits there stays exactly there, at every window size)
    for x, y in [(round(hx), round(hy)), *spots]:
        if clear(shape.move(x, y), taken, bounds, margin):
            return x, y
    return None
