"""The Kinzo shark's bulk solve of split pairs with numpy (:func:`second_starts`), an optional speed-up.

:mod:`game.ai.kinzo` imports this module only when a decision needs it and numpy can be imported (numpy is a
dependency; the packaged app ships it built without BLAS: nothing here needs one, only numpy's own loops).
Without numpy (or with ``CANTINA_PURE_KINZO=1``) the solver walks the same states one by one: the very same sums,
so the values are the same to rounding (both are checked against the brute force in tests/test_ai_kinzo.py),
only slower. Nothing here may use numpy.random, fft, polynomial, ma and the rest build.spec leaves out of the
app (tests/test_ai_kinzo.py solves with them blocked).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

import numpy as np

from game.ai.kinzo import (
    _FF_ROWS,
    _INDEX,
    _INV_ORDERED,
    _MAX_OFFSET,
    _NV,
    _TOP_TOTAL,
    Pool,
    _clear_row,
    _endings,
    _outcome_row,
    _remember_dealer,
)
from game.engine.kinzo import CARD_VALUES, COPIES, DEALER_RESERVE, MAX_CARDS

#: a multiset of cards coded as one integer, its count of each value a digit in base COPIES + 1
_PLACE = np.array([(COPIES + 1) ** i for i in range(_NV)], dtype=np.int64)
_CODES = (COPIES + 1) ** _NV
_VALUE_ROW = np.array(CARD_VALUES, dtype=np.int64)
_FF_TABLE = np.array(_FF_ROWS, dtype=np.float64)  # small whole numbers: exact as floats
_INV_TABLE = np.array(_INV_ORDERED)
#: rows of the stay-value products worked on at once (bounds the temporary arrays to a few MB)
_CHUNK = 96


@cache
def _multiset_rows(k: int) -> np.ndarray:
    """Every multiset of at most ``k`` cards over the six values, as rows of counts, the smaller first."""
    rows = []
    for size in range(k + 1):
        for combo in itertools.combinations_with_replacement(range(_NV), size):
            row = [0] * _NV
            for i in combo:
                row[i] += 1
            rows.append(row)
    return _frozen(np.array(rows, dtype=np.int64).reshape(-1, _NV))


def _frozen(array: np.ndarray) -> np.ndarray:
    """``array`` made read-only: the cached tables are shared by the AI's and the coach's threads."""
    array.flags.writeable = False
    return array


@cache
def _hand_layers(most: int) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray], ...]:
    """The draws a hand may take, at most ``most`` cards, by how many: per layer the draws as count rows,
    their codes, their totals and where the draw with one more card of each value sits in the next layer
    (value by value, every draw of the layer for each: empty for the last layer, which never hits)."""
    rows = _multiset_rows(most)
    sizes = rows.sum(axis=1)
    layers = []
    for k in range(most + 1):
        layer = rows[sizes == k]
        layers.append((_frozen(layer), _frozen(layer @ _PLACE), _frozen(layer @ _VALUE_ROW)))
    out = []
    for k, (layer, codes, totals) in enumerate(layers):
        children = np.zeros(0, dtype=np.int64)
        if k < most:
            where = {int(c): i for i, c in enumerate(layers[k + 1][1])}
            children = np.array([where[int(c) + int(_PLACE[i])] for i in range(_NV) for c in codes], dtype=np.int64)
        out.append((layer, codes, totals, _frozen(children)))
    return tuple(out)


def dealer_table(pools: np.ndarray) -> np.ndarray:
    """:func:`_dealer`'s distribution for many pools at once (rows of counts in, rows by offset out): the same
    generated sum, each falling-factorial slot a column of every pool's value, so the figures are the very
    ones the one-pool path gives."""
    f = [column for v in range(_NV) for column in _FF_TABLE[pools[:, v]].T]
    inv = list(_INV_TABLE[pools.sum(axis=1)].T)
    out = np.zeros((len(pools), _MAX_OFFSET + 1))
    for off, column in enumerate(_endings(f, inv)):
        out[:, off] = column
    return out


@cache
def _outcome_arrays(up: int) -> np.ndarray:
    """:func:`hand_outcome` of every total 0.._TOP_TOTAL against every dealer offset: [total, offset, (jackpot,
    survives, loses)]."""
    return _frozen(np.array([_outcome_row(up, t) for t in range(_TOP_TOTAL + 1)]))


@lru_cache(maxsize=64)
def pair_settle(up: int, stake: float, amount: float, earlier: tuple[int, ...], jackpots: bool) -> np.ndarray:
    """:func:`seat_value` of a split pair standing on ``(T1, t2)`` against every dealer offset, as one array
    ``[T1, t2, offset]`` (the same sum, written for arrays: the first hand's jackpot ends the round, the
    second's takes the first's stake, otherwise each hand wins or loses its own)."""
    out = _outcome_arrays(up)
    j, w, lo = out[..., 0], out[..., 1], out[..., 2]
    if not jackpots:
        j, w = np.zeros_like(j), w + j
    clear = np.array(_clear_row(up, earlier))
    gain = amount - 2 * stake
    j1, w1, l1 = j[:, None, :], w[:, None, :], lo[:, None, :]
    j2, w2, l2 = j[None, :, :], w[None, :, :], lo[None, :, :]
    own = j1 * gain + w1 * (w2 * (2 * stake) + j2 * gain) + l1 * (l2 * (-2 * stake) + j2 * gain)
    return _frozen(clear * own - (1.0 - clear) * (2 * stake))


def second_starts(settle: np.ndarray, pool: Pool, deck_left: int, starts: Sequence[tuple[int, int, int]],
                  most: int) -> dict[tuple[Any, ...], float]:
    """The value of a split pair as its second hand starts (one card, the first hand standing), for every way
    the cards may fall before it: the :class:`KinzoSolver` memo entries ``("second", card, 1, T1, pool left,
    deck left)``.

    ``starts`` holds ``(card, base, need)``: the second hand's card, the first hand's total before the draws
    and how many cards of ``card``'s value the draws must hold (a pair formed by hits, split later); ``most``
    is how many cards may be drawn before the second hand starts (the seat's hits before the split and the
    first hand's after it). ``settle`` is :func:`pair_settle` for the table.

    Why: in the exact tree every way the first hand can end (a few hundred) starts its own second-hand tree
    (a few hundred states), each state with its own dealer distribution: ~10^5 states, half a second to two
    in Python. Here the rows are every first-hand ending at once, and the second hand's tree is walked one
    layer of draws at a time from the deepest, each layer a handful of array operations: the stay value,
    the hit value (each next card by its count left) and the better of the two where a hit is allowed. The
    same sums as :meth:`KinzoSolver.second`, so the values agree with it to rounding.

    A stay depends only on the cards both hands drew together (the pool left) and the first hand's total
    (both totals add up to the cards' total), so the stays are one table over (cards drawn, first total),
    each dealer distribution met once. Draws the pool cannot give are not masked: they are reached with
    chance zero (no card of that value left), so whatever finite value they get never counts.
    """
    p0 = np.array(pool, dtype=np.int64)
    hits = deck_left - DEALER_RESERVE
    most = max(0, min(most, hits))
    top = max(0, min(MAX_CARDS - 1, hits))  # the second hand's own hits
    drawn = _multiset_rows(most)
    drawn = drawn[(drawn <= p0).all(axis=1)]
    blocks = [(drawn[drawn[:, _INDEX[card]] >= need], card, base) for card, base, need in starts]
    ys = np.concatenate([b[0] for b in blocks])
    if not len(ys):  # no pair can form in the draws left
        return {}
    cards = np.concatenate([np.full(len(b[0]), b[1], dtype=np.int64) for b in blocks])
    firsts = np.concatenate([b[2] + b[0] @ _VALUE_ROW for b in blocks])
    ysize = ys.sum(axis=1)
    ycode = ys @ _PLACE
    # every pool the pair may leave, and the stay of each against each first-hand total it can hold
    unions = _multiset_rows(min(most + top, hits))
    unions = unions[(unions <= p0).all(axis=1)]
    union_totals = unions @ _VALUE_ROW
    unions, union_totals = unions[np.argsort(union_totals, kind="stable")], np.sort(union_totals)
    union_of = np.full(_CODES, len(unions), dtype=np.int64)  # anything else: a row of zeros
    union_of[unions @ _PLACE] = np.arange(len(unions))
    dist = dealer_table(p0 - unions)
    # the seat's own hand stays on the pools of its first few draws: hand those to the one-pool memo (the
    # very same figures, see dealer_table)
    few = unions.sum(axis=1) < most
    for pool_left, dense in zip((p0 - unions[few]).tolist(), dist[few].tolist(), strict=True):
        _remember_dealer(tuple(pool_left), tuple(dense))
    low = int(firsts.min())
    first_totals = np.arange(low, int(firsts.max()) + 1)
    both, group = np.unique(cards + firsts - ys @ _VALUE_ROW, return_inverse=True)  # the hands' cards, undrawn
    stays = np.zeros((len(both), len(unions) + 1, len(first_totals)))
    totals, starts_at = np.unique(union_totals, return_index=True)
    ends_at = [*starts_at[1:].tolist(), len(unions)]
    for g, start in enumerate(both.tolist()):
        for m, a, b in zip(totals.tolist(), starts_at.tolist(), ends_at, strict=True):
            seconds = start + m - first_totals
            fits = (seconds >= 0) & (seconds <= _TOP_TOTAL)
            rows = settle[first_totals, np.clip(seconds, 0, _TOP_TOTAL)] * fits[:, None]
            stays[g, a:b] = dist[a:b] @ rows.T
    flat_stays = stays.ravel()
    at_row = (group * (len(unions) + 1))[:, None]
    first_col = (firsts - low)[:, None]
    pools_left = (p0 - ys).astype(float)
    unseen = (p0.sum() - ysize)[:, None]
    layers = _hand_layers(top)
    later = None
    for size in range(top, -1, -1):
        layer, codes, _, children = layers[size]
        union = union_of[np.minimum(ycode[:, None] + codes[None, :], _CODES - 1)]
        stay = flat_stays[(at_row + union) * len(first_totals) + first_col]
        if later is None:
            later = stay
            continue
        # each next card by how many of its value are left: the row's pool less the draw's cards
        nexts = np.take(later, children, axis=1).reshape(len(ys), _NV, -1)
        hit = np.einsum("rv,rvb->rb", pools_left, nexts) - np.einsum("vb,rvb->rb", layer.T.astype(float), nexts)
        hit /= np.maximum(unseen - size, 1)
        later = np.where(ysize[:, None] + size < hits, np.maximum(stay, hit), stay)
    assert later is not None
    out = {}
    total = int(p0.sum())
    for y, card, first, value in zip((p0 - ys).tolist(), cards.tolist(), firsts.tolist(), later[:, 0].tolist(),
                                     strict=True):
        out["second", card, 1, first, tuple(y), deck_left - (total - sum(y))] = value
    return out


