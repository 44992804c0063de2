"""The shootout: rock-paper-scissors between two or more seats, picked in secret.

The rule text settles its last tie-breaker (and its optional blaster duels) with "Ro-Sham-Bo", first to win.
With more than two seats in one exchange we read it as the playground does: if the picks show exactly two
signs, the seats showing the winning sign go through (one left: the winner); one sign or all three is a
draw, and the exchange is played again.
"""

from __future__ import annotations

from collections.abc import Sequence

SIGNS: tuple[str, ...] = ("rock", "paper", "scissors")
#: sign -> the sign it beats
BEATS: dict[str, str] = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
#: drawn exchanges in a row after which the engine settles a shootout by lot (seats that always show the
#: same sign would otherwise never finish; no table of people ever gets near it)
DRAW_LIMIT = 20


def survivors(seats: Sequence[int], picks: Sequence[str]) -> list[int]:
    """The seats that go through one exchange: all of them on a draw, else those showing the winning sign."""
    shown = set(picks)
    if len(shown) != 2:
        return list(seats)
    a, b = shown
    winning = a if BEATS[a] == b else b
    return [s for s, p in zip(seats, picks, strict=True) if p == winning]
