"""How a name plate's status ("STRAIGHT KHYRON", "BET 1,200", "TO ACT") fits beside the seat's chip count.

The status sits right of the chip count on the plate's lower line. A long one beside a four-digit count (five
seats of Sabacc House at the showdown) did not fit even in the smallest face and was shortened to
"STRAIGHT KHYR…": a cut word. It now goes on two lines instead (its last word under the others, right-aligned,
the upper line in the room right of the name), and is only shortened when even that does not fit. Pure: the
plate passes in how wide a text is, so this is testable without a window.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

#: how wide ``text`` is in the plate's bold face at ``size`` px
Measure = Callable[[int, str], int]


def status_lines(status: str, room: int, top_room: int, sizes: Iterable[int], width: Measure) -> tuple[int, list[str]]:
    """The face size and lines (one or two, top first) for ``status``: on one line in ``room`` px at the largest
    of ``sizes`` (largest first) that fits; else on two lines, split at a space, the lower line in ``room`` and
    the upper one in ``top_room`` (beside the name), at the largest size where some split fits, the split with
    the narrowest widest line preferred. ``(size, [])`` (the smallest size): it fits neither way, the caller
    shortens it."""
    tried = list(sizes)
    if not tried:
        raise ValueError("status_lines needs at least one face size to try")
    for size in tried:
        if width(size, status) <= room:
            return size, [status]
    words = status.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    for size in tried:
        fits = [(max(width(size, top), width(size, low)), top, low) for top, low in splits
                if width(size, top) <= top_room and width(size, low) <= room]
        if fits:
            _, top, low = min(fits)
            return size, [top, low]
    return tried[-1], []
