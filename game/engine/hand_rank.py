"""The ranked sabacc hand both sabacc games share.

A hand's ``key`` folds in its rank and every tie-breaker the game names, best-is-larger, so the engines find
winners with ``max()`` and equality, and two different hands that tie completely compare equal (the game then
settles them its own way: House Rules with a blind draw, Nepunian Spike with a split). Each game's ``ranks``
module builds the key; this class only orders on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class HandRank:
    """A ranked hand, ordered (and hashed) on ``key`` alone: a better hand compares greater."""

    #: everything the comparison uses, best-is-larger (each game's ``ranks`` module says what is in it)
    key: tuple[int, ...]
    #: the rank's name as RULINGS.md spells it, and its place in the game's ``RANK_NAMES`` (0 = best)
    name: str = field(compare=False)
    index: int = field(compare=False)
    #: the cards' signed total
    total: int = field(compare=False)
    #: the hand's signed values, sorted ascending (for display and logs)
    cards: tuple[int, ...] = field(compare=False)

    @property
    def zero_sum(self) -> bool:
        """True when the cards sum to zero (every named rank but the game's "nearest zero" one)."""
        return self.total == 0

    @property
    def sum(self) -> int:
        """The cards' total (same as ``total``)."""
        return self.total
