"""Pots that hold credits and item cards (Better Hintaro lets seats bet items at face value).

Why it is shaped this way: a bet item raises its seat's level in the betting exactly like credits would, so
who is eligible for which pot is computed on *values* (credits + the credited value of items), layer by layer
as ``core.build_pots`` does for every game. But an item card cannot be cut, and only credits can make change.
So each item's credited value is placed in the layers it was bet into (a seat's credits count first, its items
on top, in the order they were bet), and:

* the card goes with the **highest layer its value reached** (the pot of the seats that matched it);
* each lower layer holding part of its value is paid that part in credits, taken from the credits of the
  card's own layer (as far as they go), so the winner of a lower layer is paid in credits what it paid for,
  never a card worth more than its whole pot.

Credits only move between layers, so the credits of all pots add up to ``sum(contrib) + carry`` exactly.
Items in the pot with no credited value this round (containers from the Shop, discarded items, cards carried
from an earlier round) go with the main pot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CreditPot:
    """A pot layer: the credits it pays, its value (credits + credited items), who may win it, and the
    indexes (into the pot's item list) of the item cards its winner takes."""

    credits: int
    value: int
    eligible: tuple[int, ...]
    items: tuple[int, ...] = ()


def _layers(values: Sequence[int], live: Sequence[bool]) -> list[list]:
    """``core.build_pots`` keeping each pot's level range: [low, high, amount, eligible]."""
    levels = sorted({c for c in values if c > 0})
    pots: list[list] = []
    prev = 0
    for level in levels:
        amount = 0
        for c in values:
            if c > prev:
                amount += (c if c < level else level) - prev
        eligible = tuple(i for i, c in enumerate(values) if live[i] and c >= level)
        if pots and (not eligible or pots[-1][3] == eligible):
            pots[-1][1] = level
            pots[-1][2] += amount
        else:
            pots.append([prev, level, amount, eligible])
        prev = level
    return pots


def credit_pots(contrib: Sequence[int], stakes: Sequence[tuple[int, int]], live: Sequence[bool],
                carry: int) -> list[CreditPot]:
    """Main and side pots, lowest first, from each seat's credits this round and the items in the pot.

    ``stakes`` holds, for each item card in the pot in the order it came in, (seat that bet it, its credited
    value); a credited value of 0 (or a seat of -1) is a card that came in free and goes with the main pot.
    ``carry`` (credits carried from earlier rounds) joins the main pot.
    """
    n = len(contrib)
    values = list(contrib)
    spans: list[tuple[int, int] | None] = []
    for seat, credit in stakes:
        if seat >= 0 and credit > 0:
            spans.append((values[seat], values[seat] + credit))
            values[seat] += credit
        else:
            spans.append(None)
    layers = _layers(values, live) if n else []
    if not layers:
        if not carry:
            return []
        free = tuple(range(len(stakes)))
        return [CreditPot(carry, 0, tuple(i for i, alive in enumerate(live) if alive), free)]
    credits = [amount for _, _, amount, _ in layers]
    credits[0] += carry
    won: list[list[int]] = [[] for _ in layers]
    moves: list[tuple[int, list[int]]] = []
    for k, span in enumerate(spans):
        if span is None:
            won[0].append(k)
            continue
        lo, hi = span
        parts = [max(0, min(hi, top) - max(lo, low)) for low, top, _, _ in layers]
        for i, part in enumerate(parts):
            credits[i] -= part
        home = max(i for i, part in enumerate(parts) if part)
        won[home].append(k)
        moves.append((home, parts))
    for home, parts in moves:  # the lower layers' parts, paid from the card's layer as far as its credits go
        for i in range(home):
            pay = min(parts[i], credits[home])
            if pay > 0:
                credits[home] -= pay
                credits[i] += pay
    return [CreditPot(credits[i], layer[2], layer[3], tuple(won[i])) for i, layer in enumerate(layers)]


def take_back(stakes: list[list[int]], seat: int, amount: int) -> None:
    """Lower the credited value of ``seat``'s items in the pot by ``amount``, the last bet first (an unmatched
    raise comes back down from the top of the seat's bet). ``stakes`` holds [seat, credit] pairs, changed in
    place."""
    for entry in reversed(stakes):
        if amount <= 0:
            return
        if entry[0] == seat and entry[1] > 0:
            cut = min(entry[1], amount)
            entry[1] -= cut
            amount -= cut
