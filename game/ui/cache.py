"""Bounded caches of rendered surfaces: memory stays flat over a long session.

Every cache of pictures (rendered text, art at a size, chip stacks, dice, glows, item cards) is an LRU with two
caps: a number of entries and a number of pixel bytes. A count alone is not a bound at 1920×1080, where one
rendered line can weigh 30 KB and one glow several MB; a session that keeps drawing new strings (the log, chip
counts, timers) would otherwise fill a 1,500-entry text cache with ~40 MB of pixels. The least recently used
entry goes first, so what every frame draws stays cached and a redraw costs no new rendering.

It reads like the ``OrderedDict`` the caches used before (``get``, ``[]``, ``move_to_end``, ``popitem``,
``clear``, ``len``), so a cache can be swapped in with one line; the caps hold whatever the caller does.

Each cache's caps are sized for its own worst case, and a dozen of them add up to far more than a session ever
needs at once (the caps summed to ~170 MB at 1080p). So every cache also counts against one shared budget
(:func:`set_budget`, grown with the window by :func:`fit_window`): when all of them together hold more, the
least recently used entry of any cache goes, whichever cache holds it. A table's caches and a cantina's rooms
then share one bound instead of each keeping its worst case for the rest of the session. :func:`all_caches`
lists the live caches by name (the memory bench reports every one).
"""

from __future__ import annotations

import itertools
import sys
import weakref
from collections import OrderedDict
from collections.abc import Hashable, Iterator
from typing import Any

import pygame

MB = 1024 * 1024

#: the shared budget's floor: at 1080p every cache of a table together held ~17 MB after 20,000 frames, a
#: cantina room's layers and characters a little more
BUDGET_FLOOR = 40 * MB
#: window pictures' worth of pixels the shared budget grows to on a big window (a 4K window is 33 MB a picture)
BUDGET_SCREENS = 5

#: every live cache (weakly: a table's card cache goes with its table), for the shared budget and the bench
_caches: weakref.WeakSet[SurfaceCache] = weakref.WeakSet()
_budget = [BUDGET_FLOOR]
#: uses are stamped from one clock, so entries of different caches can be compared by age
_clock = itertools.count()

#: glibc's mallopt parameter for the size from which a block gets its own mapping
_M_MMAP_THRESHOLD = -3


def release_big_blocks(threshold: int = 128 * 1024) -> bool:
    """Let freed surfaces go back to the system (glibc on Linux; elsewhere nothing to do).

    glibc serves blocks of 128 KB and more (at 1080p: most rendered lines, every card, panel and room) from their
    own mappings, returned to the system when freed, until the first such block is freed: then it raises that
    threshold to the freed size (up to 32 MB) and later surfaces come from the heap, where freeing one leaves a
    hole the RSS keeps. Over 6,000 frames of a Better Hintaro table that was ~10 MB of RSS holding nothing.
    Fixing the threshold keeps the first behaviour for the whole session.
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        return bool(ctypes.CDLL(None).mallopt(_M_MMAP_THRESHOLD, int(threshold)))
    except (OSError, AttributeError):  # not glibc (musl has no mallopt)
        return False


#: seconds of play between two returns of the heap's free pages to the system (:func:`release_free_pages`)
TRIM_EVERY = 20.0


def release_free_pages() -> bool:
    """Give the heap's free pages back to the system (glibc's ``malloc_trim``; elsewhere nothing to do).

    Surfaces under the mapping threshold (:func:`release_big_blocks`: most lines of text, chip stacks, cards)
    come from the heap, where a session frees and allocates them at ever different sizes: the holes between live
    blocks are kept by the process, ~1.5 MB of a Better Hintaro table's RSS after 20,000 frames (it grows with
    the session). Trimming returns every whole free page among them; a table calls it every :data:`TRIM_EVERY`
    seconds (well under a millisecond for a table's heap), so the RSS follows what is live."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        return bool(ctypes.CDLL(None).malloc_trim(0))
    except (OSError, AttributeError):  # not glibc
        return False


def surface_bytes(surf: pygame.Surface) -> int:
    """The pixel memory a surface holds (rows × pitch), the part that dominates a cache's weight."""
    try:
        return surf.get_pitch() * surf.get_height()
    except (pygame.error, AttributeError):  # a dead surface (after pygame.quit) weighs nothing any more
        return 0


def set_budget(max_bytes: int) -> None:
    """Cap the pixel bytes of every cache together (the least recently used entry of any cache goes first)."""
    if max_bytes < 1:
        raise ValueError(f"the shared cache budget must be at least one byte, not {max_bytes}")
    _budget[0] = int(max_bytes)
    _trim_shared(None)


def budget() -> int:
    """The shared budget in bytes."""
    return _budget[0]


def fit_window(size: tuple[int, int]) -> None:
    """Grow the shared budget with the window: pictures scale with it (:data:`BUDGET_SCREENS` window pictures of
    32-bit pixels, never under :data:`BUDGET_FLOOR`)."""
    set_budget(max(BUDGET_FLOOR, int(size[0]) * int(size[1]) * 4 * BUDGET_SCREENS))


def all_caches() -> list[SurfaceCache]:
    """Every live cache, largest first."""
    return sorted(_caches, key=lambda c: -c.nbytes)


def total_bytes() -> int:
    """The pixel bytes every live cache holds together."""
    return sum(c.nbytes for c in list(_caches))


def _trim_shared(newest: SurfaceCache | None) -> None:
    """Evict the oldest entries across all caches until they fit the shared budget together. ``newest``'s
    youngest entry (the one just put, about to be drawn) always stays."""
    caches = list(_caches)
    total = sum(c.nbytes for c in caches)
    while total > _budget[0]:
        oldest: SurfaceCache | None = None
        age = 0
        for c in caches:
            if len(c._d) > (1 if c is newest else 0):
                stamp = next(iter(c._d.values()))[2]
                if oldest is None or stamp < age:
                    oldest, age = c, stamp
        if oldest is None:
            return
        before = oldest.nbytes
        oldest.popitem(last=False)
        oldest.evictions += 1
        oldest.shared_evictions += 1
        total -= before - oldest.nbytes


class SurfaceCache:
    """An LRU of surfaces capped at ``max_items`` entries and ``max_bytes`` bytes of pixels, and sharing the
    module's budget with every other cache (``name`` says which it is in the memory bench's report).

    ``get`` counts as a use (the entry moves to the young end). One entry larger than ``max_bytes`` is still
    kept (the newest entry always stays: the caller is about to draw it), but it evicts everything else.
    """

    def __init__(self, max_items: int, max_bytes: int, name: str = "") -> None:
        if max_items < 1 or max_bytes < 1:
            raise ValueError("a cache needs room for at least one entry")
        self.name = name
        self.max_items = max_items
        self.max_bytes = max_bytes
        # key -> [surface, bytes, last use on the shared clock]; in order of use, the oldest first
        self._d: OrderedDict[Hashable, list[Any]] = OrderedDict()
        self.nbytes = 0
        self.hits = 0
        self.misses = 0
        self.evictions = 0
        self.shared_evictions = 0  # of the evictions, those the shared budget made
        _caches.add(self)

    # ------------------------------------------------------------------ reading
    def get(self, key: Hashable, default: pygame.Surface | None = None) -> pygame.Surface | None:
        hit = self._d.get(key)
        if hit is None:
            self.misses += 1
            return default
        self.hits += 1
        self._d.move_to_end(key)
        hit[2] = next(_clock)
        return hit[0]

    def __getitem__(self, key: Hashable) -> pygame.Surface:
        hit = self.get(key)
        if hit is None:
            raise KeyError(key)
        return hit

    def __contains__(self, key: object) -> bool:
        return key in self._d

    def __len__(self) -> int:
        return len(self._d)

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._d)

    def keys(self) -> list[Hashable]:
        return list(self._d)

    def values(self) -> list[pygame.Surface]:
        return [e[0] for e in self._d.values()]

    # ------------------------------------------------------------------ writing
    def __setitem__(self, key: Hashable, surf: pygame.Surface) -> None:
        old = self._d.pop(key, None)
        if old is not None:
            self.nbytes -= old[1]
        size = surface_bytes(surf)
        self._d[key] = [surf, size, next(_clock)]
        self.nbytes += size
        self._trim()
        _trim_shared(self)

    put = __setitem__

    def __delitem__(self, key: Hashable) -> None:
        size = self._d.pop(key)[1]
        self.nbytes -= size

    def pop(self, key: Hashable, default: pygame.Surface | None = None) -> pygame.Surface | None:
        hit = self._d.pop(key, None)
        if hit is None:
            return default
        self.nbytes -= hit[1]
        return hit[0]

    def popitem(self, last: bool = True) -> tuple[Hashable, pygame.Surface]:
        key, (surf, size, _) = self._d.popitem(last=last)
        self.nbytes -= size
        return key, surf

    def move_to_end(self, key: Hashable, last: bool = True) -> None:
        self._d.move_to_end(key, last=last)
        if last:
            self._d[key][2] = next(_clock)
        else:  # the oldest end: the first to go, here and across caches
            self._d[key][2] = -1

    def clear(self) -> None:
        self._d.clear()
        self.nbytes = 0

    def _trim(self) -> None:
        while len(self._d) > 1 and (len(self._d) > self.max_items or self.nbytes > self.max_bytes):
            self.popitem(last=False)
            self.evictions += 1

    def stats(self) -> dict[str, int]:
        """Entries, pixel bytes and caps (the memory bench prints these)."""
        return {"items": len(self._d), "bytes": self.nbytes, "max_items": self.max_items,
                "max_bytes": self.max_bytes, "hits": self.hits, "misses": self.misses, "evictions": self.evictions,
                "shared_evictions": self.shared_evictions}
