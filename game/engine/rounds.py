"""Round bookkeeping shared by the table games: whether another round starts, where the dealer button goes,
and how chips left on the table when the session ends go back to the seats.

Every game repeated these few lines, and the repeats drifted. Their *order* matters, which is why they live
in one place with this note: settle the round first, then ask :func:`session_ends`, and only when another
round starts move the button with :func:`next_dealer`. A game that moved the button before asking paid the
last round's leftovers (odd chips of a split, a carried pot) by the wrong dealer (RULINGS.md "Splits": where
there is no next hand, odd chips go to the first winner left of *the* dealer, the one who dealt that hand).

Pure functions over ints and sequences: a game keeps its own state and calls them from its round flow.
"""

from __future__ import annotations

from collections.abc import Sequence


def session_ends(round_no: int, limit: int, able: int, needed: int = 2) -> bool:
    """Whether no further round starts, after ``round_no`` rounds have been played.

    ``limit`` is the table's ``rounds`` option (0 = no limit: play until the chips decide); ``able`` is how
    many seats could play another round, and ``needed`` how many a round takes (2 for games between seats,
    1 for games against the house). Asked once a round is settled, before the button moves, so that what is
    left on the table is paid by the dealer of the round that just ended.
    """
    return (bool(limit) and round_no >= limit) or able < needed


def next_dealer(dealer: int, can_play: Sequence[bool], step: int = 1) -> int:
    """The seat the dealer button passes to: the first seat from ``dealer`` going ``step`` (+1 = left, the
    usual way; -1 = right) that can play. Skipping seats that cannot play keeps the button on someone who
    deals; the button stays put when no other seat can play."""
    n = len(can_play)
    for i in range(1, n + 1):
        seat = (dealer + step * i) % n
        if can_play[seat]:
            return seat
    return dealer


def share_out(amount: int, takers: Sequence[int], n: int) -> list[int]:
    """``amount`` in equal shares to ``takers``, as a list of what each of ``n`` seats receives; the odd chips
    go to ``takers[0]``.

    Callers list the takers in order from the dealer's left (``left_of(dealer, n)`` filtered), so "the odd
    chips go to the first of them left of the dealer" is the same rule everywhere: returning a carried pot at
    the session's end, and a split's odd chips when there is no next hand to carry them to.
    """
    if not takers:
        raise ValueError("share_out needs at least one seat to take the chips (never lose a chip)")
    share, rest = divmod(amount, len(takers))
    amounts = [0] * n
    for s in takers:
        amounts[s] += share
    amounts[takers[0]] += rest
    return amounts
