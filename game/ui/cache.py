"""Bounded caches of rendered surfaces: memory stays flat over a long session.

Every cache of pictures (rendered text, art at a size, chip stacks, dice, glows, item cards) is an LRU with two
caps: a number of entries and a number of pixel bytes. A count alone is not a bound at 1920×1080, where one
rendered line can weigh 30 KB and one glow several MB; a session that keeps drawing new strings (the log, chip
counts, timers) would otherwise fill a 1,500-entry text cache with ~40 MB of pixels. The least recently used
entry goes first, so what every frame draws stays cached and a redraw costs no new rendering.

It reads like the ``OrderedDict`` the caches used before (``get``, ``[]``, ``move_to_end``, ``popitem``,
``clear``, ``len``), so a cache can be swapped in with one line; the caps hold whatever the caller does.
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from collections.abc import Hashable, Iterator

import pygame

MB = 1024 * 1024

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


def surface_bytes(surf: pygame.Surface) -> int:
    """The pixel memory a surface holds (rows × pitch), the part that dominates a cache's weight."""
    try:
        return surf.get_pitch() * surf.get_height()
    except (pygame.error, AttributeError):  # a dead surface (after pygame.quit) weighs nothing any more
        return 0


class SurfaceCache:
    """An LRU of surfaces capped at ``max_items`` entries and ``max_bytes`` bytes of pixels.

    ``get`` counts as a use (the entry moves to the young end). One entry larger than ``max_bytes`` is still
    kept (the newest entry always stays: the caller is about to draw it), but it evicts everything else.
    """

    def __init__(self, max_items: int, max_bytes: int) -> None:
        if max_items < 1 or max_bytes < 1:
            raise ValueError("a cache needs room for at least one entry")
        self.max_items = max_items
        self.max_bytes = max_bytes
        self._d: OrderedDict[Hashable, tuple[pygame.Surface, int]] = OrderedDict()
        self.nbytes = 0
        self.hits = 0
        self.misses = 0
        self.evictions = 0

    # ------------------------------------------------------------------ reading
    def get(self, key: Hashable, default: pygame.Surface | None = None) -> pygame.Surface | None:
        hit = self._d.get(key)
        if hit is None:
            self.misses += 1
            return default
        self.hits += 1
        self._d.move_to_end(key)
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
        return [s for s, _ in self._d.values()]

    # ------------------------------------------------------------------ writing
    def __setitem__(self, key: Hashable, surf: pygame.Surface) -> None:
        old = self._d.pop(key, None)
        if old is not None:
            self.nbytes -= old[1]
        size = surface_bytes(surf)
        self._d[key] = (surf, size)
        self.nbytes += size
        self._trim()

    put = __setitem__

    def __delitem__(self, key: Hashable) -> None:
        _, size = self._d.pop(key)
        self.nbytes -= size

    def pop(self, key: Hashable, default: pygame.Surface | None = None) -> pygame.Surface | None:
        hit = self._d.pop(key, None)
        if hit is None:
            return default
        self.nbytes -= hit[1]
        return hit[0]

    def popitem(self, last: bool = True) -> tuple[Hashable, pygame.Surface]:
        key, (surf, size) = self._d.popitem(last=last)
        self.nbytes -= size
        return key, surf

    def move_to_end(self, key: Hashable, last: bool = True) -> None:
        self._d.move_to_end(key, last=last)

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
                "max_bytes": self.max_bytes, "hits": self.hits, "misses": self.misses, "evictions": self.evictions}
