"""Why a showdown went the way it did: the reason code every game's ``round_over`` carries.

The engine decides the winner, so the engine says why: each game's ``round_over`` event has ``reason`` (a
short code) and ``params`` (plain JSON values the words need), computed where the winners are found. The UI
words them from the code (``game.ui.showdown_words``) and never re-ranks a hand.

Codes every game may use:

* ``last_standing``: everyone else dropped, folded or conceded; no hand was shown.
* ``split``: the best hands tied on every tie-breaker the game names; ``params``: ``standing``, ``ways``.
* ``nobody_stands``: no hand qualifies; the pot carries (Hintaro); ``params``: ``carried``.

The ranked sabacc games compare :class:`~game.engine.hand_rank.HandRank` keys; :func:`deciding_index` finds
the key entry that separated the winner from the best hand that lost, which each game maps to its code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def deciding_index(winner: Sequence[int], others: Sequence[Sequence[int]]) -> int | None:
    """The first position where ``winner``'s key beats the best of ``others`` (None: no other, or a tie)."""
    if not others:
        return None
    best = max(tuple(k) for k in others)
    for i, (a, b) in enumerate(zip(winner, best, strict=False)):
        if a != b:
            return i if a > b else None
    return None


def reason(code: str, **params: Any) -> tuple[str, dict[str, Any]]:
    """A reason code and its params (a pair, for the engines' round_over)."""
    return code, dict(params)


def standing_reason(ranks: Sequence[int | None], eligible: Sequence[int],
                    names: Sequence[str]) -> tuple[str, dict[str, Any]]:
    """The Hintaro games' reason for one pot: ``ranks`` per seat (0 best, None: no standing), among
    ``eligible``. Codes: ``nobody_stands``; ``split`` (standing, ways); ``only_standing`` (standing: nobody
    else's dice stand); ``better_standing`` (standing, beats: the best standing that lost)."""
    standing = sorted(r for s in eligible if (r := ranks[s]) is not None)
    if not standing:
        return reason("nobody_stands")
    best = standing[0]
    ways = standing.count(best)
    if ways > 1:
        return reason("split", standing=names[best], ways=ways)
    rest = [r for r in standing if r != best]
    if not rest:
        return reason("only_standing", standing=names[best])
    return reason("better_standing", standing=names[best], beats=names[rest[0]])


#: every reason code each game's round_over may carry (the UI words each one; a test checks both ways)
REASON_CODES: dict[str, tuple[str, ...]] = {
    "hintaro": ("last_standing", "nobody_stands", "split", "only_standing", "better_standing"),
    "better_hintaro": ("last_standing", "nobody_stands", "split", "only_standing", "better_standing"),
    "street_hintaro": ("conceded", "higher_score", "lower_score", "tie"),
    "kinzo": ("jackpot", "survived", "house_takes_all"),
    "sabacc_house": ("last_standing", "split", "blind_draw", "better_rank", "nearest_zero", "pair_beats_no_pair",
                     "four_card_form", "more_cards", "larger_size_sum", "higher_size_card", "higher_plus_card"),
    "nepunian_spike": ("last_standing", "split", "better_rank", "nearest_zero", "positive_total", "holds_sylop",
                       "more_cards", "larger_plus_sum", "higher_top_card", "black_top_card"),
}
