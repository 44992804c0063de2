"""Pots that hold credits and item cards (Better Hintaro lets seats bet items at face value).

Why it is shaped this way: a bet item raises its seat's level in the betting exactly like credits would, so
who is eligible for which pot must be computed on *values* (credits + the credited value of items), with
``core.build_pots`` as for every game. But item values are not chips: only credits may be paid out. So each
pot's credits are its value minus the item value it holds, and the item value is taken from the lowest pots
first (the pot every seat still in competes for). The cards themselves follow the main pot: its sole winner
takes every item in the pot; a split or a carried main pot carries the cards to the next round (an item
cannot be cut in two, as the odd chips of a split cannot).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.core import build_pots


@dataclass(frozen=True, slots=True)
class CreditPot:
    """A pot level: the credits it pays, its value (credits + credited items) and who may win it."""

    credits: int
    value: int
    eligible: tuple[int, ...]


def credit_pots(contrib: Sequence[int], item_credit: Sequence[int], live: Sequence[bool],
                carry: int) -> list[CreditPot]:
    """Main and side pots, lowest first, from each seat's credits and credited item value this round.

    ``carry`` (credits carried from earlier rounds) joins the main pot. The credits of all pots add up to
    ``sum(contrib) + carry`` exactly, so no chip is made or lost however the items are spread.
    """
    values = [c + i for c, i in zip(contrib, item_credit, strict=True)]
    pots = build_pots(values, live)
    virtual = sum(item_credit)
    out: list[CreditPot] = []
    for index, pot in enumerate(pots):
        absorbed = virtual if virtual < pot.amount else pot.amount
        virtual -= absorbed
        credits = pot.amount - absorbed + (carry if index == 0 else 0)
        out.append(CreditPot(credits, pot.amount, pot.eligible))
    if not out and carry:
        out.append(CreditPot(carry, 0, tuple(i for i, alive in enumerate(live) if alive)))
    return out
