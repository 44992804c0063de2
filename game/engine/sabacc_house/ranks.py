"""Hand ranking for Sabacc, House Rules (rules/sabacc-house-rules.txt as RULINGS.md reads it).

Pure Python with no third-party imports: the engine, the AI seats and the rules browser all use it.

Why it looks like this:

* ``rank_hand`` returns a :class:`HandRank` whose ordering is total and already folds in every tie-breaker
  the rules name (more cards, larger sum of absolute values, larger highest absolute card, larger highest
  positive card), so the engine finds the winners with ``max()`` and equality. What is still tied after that
  is settled by the blind draw from the stub, which belongs to the engine because it consumes cards.
* A hand gets the **best** rank it qualifies for. :func:`qualifying_ranks` lists every rank a hand fits
  (the rules browser and the tests use it); ``rank_hand`` takes the first of them, best first.
* Cards are plain signed integers (``-10..+10``, a Sylop is ``0``); the suit never matters to a rank. A
  ``(suit, value)`` pair from :data:`CARDS` is accepted too, so the engine may pass its cards as they are.
* Hand size: a showdown hand holds 4 or 5 cards (RULINGS), and the deal and draw rules keep every hand
  there. Other sizes (1-3 or 6+) are still accepted, so the engine or an AI can rank whatever a seat holds
  at any moment: every named pattern is a 4- or 5-card shape, so such a hand is Sabacc when it sums to
  zero and Nuhlrek otherwise, and the tie-breakers apply as usual. An empty hand, a value outside
  ``-10..+10`` or more copies of a value than the deck holds is a caller bug and raises ``ValueError``.
* The table engine, :class:`SabaccHouse`, lives in :mod:`game.engine.sabacc_house.table`; this module is
  the ranking alone (standard library and the shared :class:`~game.engine.hand_rank.HandRank`), so the rules
  browser and the AI can load it without the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from itertools import pairwise

from game.engine.hand_rank import HandRank

#: the three suits of signed cards, then the Sylops' own pseudo-suit
SUITS: tuple[str, ...] = ("circle", "triangle", "square")
SYLOP = "sylop"
#: the 62 cards as (suit, signed value): each suit holds +1..+10 and -1..-10; two Sylops are worth 0
CARDS: tuple[tuple[str, int], ...] = (
    *((suit, sign * face) for suit in SUITS for sign in (1, -1) for face in range(1, 11)),
    (SYLOP, 0),
    (SYLOP, 0),
)
#: the same 62 cards as bare values (parallel to :data:`CARDS`); a rank only ever looks at values
DECK: tuple[int, ...] = tuple(value for _suit, value in CARDS)
#: how many copies of each value the deck holds (3 of every non-zero value, 2 Sylops)
COPIES: dict[int, int] = dict(Counter(DECK))

#: the ranks, best first, spelt as RULINGS.md spells them
RANK_NAMES: tuple[str, ...] = (
    "Dreadnoughts",
    "Rhylet Neat",
    "Krayt Dragon",
    "Idiots Full",
    "Echelon",
    "Fleet",
    "Tusken File",
    "Rhylet Stirred",
    "Uttini!",
    "Gee Whizz!",
    "Dewbacks",
    "Squadron",
    "The Idiots",
    "Idiot's Array",
    "Banthas Wild",
    "Straight Khyron",
    "Yee-Haa",
    "Rule of Two",
    "Sabacc",
    "Nuhlrek",
)
RANK_INDEX: dict[str, int] = {name: i for i, name in enumerate(RANK_NAMES)}
#: the showdown's sabacc pot goes to a winner holding this rank or better (RULINGS)
SABACC_POT_RANK = "Banthas Wild"

#: decisions where the definitions leave a question open (shown in the in-game rules browser)
RULINGS_NOTES: tuple[str, ...] = (
    "Hand size: a showdown hand holds 4 or 5 cards. A hand of any other size can still be ranked, but "
    "every named hand is a 4- or 5-card shape, so it is Sabacc if it sums to zero and Nuhlrek if not.",
    "Every named hand except Nuhlrek must sum to zero; each hand takes the best rank it fits.",
    "Rhylet Neat: three cards of one value and two of another, no Sylop. Only three shapes sum to zero, "
    "with their mirror images: three +2s and two -3s, three +4s and two -6s, three +6s and two -9s.",
    "Echelon: four cards of one size split three and one by sign, plus a card of twice that size balancing "
    "them. The three always share a sign: a two-two split would need a Sylop to balance (that is Fleet).",
    "Fleet: two plus and two minus cards of one size with a Sylop; with tens this is Dreadnoughts instead.",
    "Rhylet Stirred: exactly three cards of one size with both signs among them, plus two cards of one "
    "value. The pair can never be of the same size as the three, so 'exactly' changes nothing.",
    "Dewbacks: three cards of one value (same sign) and any two other cards, five in all; when the two "
    "others form Rhylet Neat, Krayt Dragon or Echelon, that better rank counts.",
    "Squadron: two plus and two minus cards of the same size, four cards in all.",
    "The Idiots: both Sylops with two cards of one size and opposite signs (four cards), or with three "
    "cards of three different sizes (five cards). The four-card form beats the five-card form before any "
    "tie-breaker; after that the usual tie-breakers apply within each form.",
    "Idiot's Array: exactly one Sylop and four cards whose sizes are four consecutive numbers. A second "
    "Sylop cannot stand in the run: that hand is The Idiots, which ranks higher anyway.",
    "Banthas Wild: at least three cards of one size, both signs among them, five cards in all. 'At least' "
    "and 'exactly' give the same result, since a fourth card of that size always makes Echelon, Fleet or "
    "Dreadnoughts.",
    "Straight Khyron: four cards, no Sylop, whose sizes are four consecutive numbers.",
    "Yee-Haa and Rule of Two: the two pairs are of two different sizes, each one plus and one minus card. "
    "Both pairs of one size would be Fleet or Squadron; a Sylop cannot be one of the pairs.",
    "A Sylop never stands in for another value: it is always 0. The letters in the patterns stand for "
    "non-zero values, so a Sylop only appears where a pattern shows a 0 (this only matters for Rule of "
    "Two: 0 0 +a -a is The Idiots).",
    "The original table's Sabacc example (+1 +4 -3 -2) holds sizes 1, 2, 3 and 4, so here it ranks as the "
    "better Straight Khyron.",
    "Sabacc: a pair means two cards of the same size, either sign (as in Rule of Two's pairs); a Sabacc "
    "hand holding a pair beats one without, before the card count is compared.",
    "Nuhlrek: the total nearest zero wins, either sign; equal distances go to the usual tie-breakers.",
    "Tie-breakers, in order: more cards; larger sum of the cards' sizes; larger biggest card by size; larger "
    "biggest plus card (a hand with no plus card counts 0 here). What is still tied goes to the blind draw.",
)




def _values(cards: Iterable[int | tuple[str, int]]) -> tuple[int, ...]:
    """Sorted values of a hand given as values or (suit, value) cards; rejects what the deck cannot deal."""
    out: list[int] = []
    for card in cards:
        value = card[1] if isinstance(card, tuple) else card
        if isinstance(value, bool) or not isinstance(value, int) or not -10 <= value <= 10:
            raise ValueError(f"{card!r} is not a House Rules card (values run -10..+10, a Sylop is 0)")
        out.append(value)
    if not out:
        raise ValueError("an empty hand cannot be ranked")
    for value, n in Counter(out).items():
        if n > COPIES[value]:
            raise ValueError(f"the deck holds only {COPIES[value]} cards of value {value:+d}, not {n}")
    out.sort()
    return tuple(out)


def _pairs_of_two_sizes(c: Counter[int], cards: int) -> bool:
    """``+a, -a, +b, -b`` with ``0 < a < b``, exactly one card each, and nothing else among ``cards``."""
    sizes = [v for v in c if v > 0]
    return len(sizes) == 2 and sum(c.values()) == cards and all(c[v] == 1 and c[-v] == 1 for v in sizes) and len(c) == 4


def _consecutive_sizes(values: Iterable[int]) -> bool:
    """Four non-zero cards whose sizes are four consecutive numbers (each size once)."""
    sizes = sorted(abs(v) for v in values)
    return 0 not in sizes and all(b == a + 1 for a, b in pairwise(sizes))


def _matches(h: tuple[int, ...]) -> dict[str, int]:
    """Every rank the sorted hand ``h`` fits, mapped to its in-rank step (see :class:`HandRank`)."""
    n = len(h)
    total = sum(h)
    c = Counter(h)
    fits: dict[str, int] = {}
    if total != 0:
        fits["Nuhlrek"] = -abs(total)
        return fits
    sylops = c[0]
    nonzero = [v for v in h if v]
    if n == 5:
        if h == (-10, -10, 0, 10, 10):
            fits["Dreadnoughts"] = 0
        # x,x,x,y,y and no Sylop: two values, counts 3 and 2 (the zero sum forces y = -3x/2)
        if sylops == 0 and sorted(c.values()) == [2, 3]:
            fits["Rhylet Neat"] = 0
        # x,x,x,0,-3x: |x| <= 3 so the balancer exists
        if sylops == 1 and any(x and c[x] == 3 and c[-3 * x] == 1 for x in c):
            fits["Krayt Dragon"] = 0
        # 0,0,x,x,-2x
        if sylops == 2 and any(x and c[x] == 2 and c[-2 * x] == 1 for x in c):
            fits["Idiots Full"] = 0
        # x,x,x,-x,-2x: the three share a sign by the notation (see RULINGS_NOTES)
        if any(x and c[x] == 3 and c[-x] == 1 and c[-2 * x] == 1 for x in c):
            fits["Echelon"] = 0
        # +a,+a,-a,-a,0 with a != 10 (tens are Dreadnoughts)
        if sylops == 1 and any(0 < a < 10 and c[a] == 2 and c[-a] == 2 for a in c):
            fits["Fleet"] = 0
        # exactly three cards of one size with both signs, the other two cards one value (a same-sign pair)
        for a in {abs(v) for v in nonzero}:
            if c[a] + c[-a] == 3 and c[a] and c[-a]:
                rest = [v for v in h if abs(v) != a]
                if rest[0] == rest[1]:
                    fits["Rhylet Stirred"] = 0
        if h in ((-6, 0, 1, 2, 3), (-3, -2, -1, 0, 6)):
            fits["Uttini!"] = 0
        if h in ((-10, 1, 2, 3, 4), (-4, -3, -2, -1, 10)):
            fits["Gee Whizz!"] = 0
        # x,x,x and two other cards (only three copies of a value exist, so the others differ from x)
        if any(x and c[x] == 3 for x in c):
            fits["Dewbacks"] = 0
        # both Sylops with three cards of three different sizes (the zero sum rules out 0 among them)
        if sylops == 2 and len({abs(v) for v in nonzero}) == 3:
            fits["The Idiots"] = 0
        # exactly one Sylop, the other four consecutive sizes
        if sylops == 1 and len({abs(v) for v in nonzero}) == 4 and _consecutive_sizes(nonzero):
            fits["Idiot's Array"] = 0
        # at least three cards of one size with both signs among them
        if any(a > 0 and c[a] and c[-a] and c[a] + c[-a] >= 3 for a in {abs(v) for v in nonzero}):
            fits["Banthas Wild"] = 0
        # 0,+a,-a,+b,-b with a != b
        if sylops == 1 and _pairs_of_two_sizes(c - Counter({0: 1}), 4):
            fits["Yee-Haa"] = 0
    elif n == 4:
        # x,x,x,-3x
        if any(x and c[x] == 3 and c[-3 * x] == 1 for x in c):
            fits["Tusken File"] = 0
        # +a,+a,-a,-a (one size)
        if any(a > 0 and c[a] == 2 and c[-a] == 2 for a in c):
            fits["Squadron"] = 0
        # 0,0,+a,-a: the four-card form of The Idiots, which beats the five-card form
        if sylops == 2:
            fits["The Idiots"] = 1
        if sylops == 0 and len({abs(v) for v in h}) == 4 and _consecutive_sizes(h):
            fits["Straight Khyron"] = 0
        # +a,-a,+b,-b with a != b, no Sylop (0,0,+a,-a is The Idiots)
        if _pairs_of_two_sizes(c, 4):
            fits["Rule of Two"] = 0
    sizes = Counter(abs(v) for v in h)
    fits["Sabacc"] = 1 if max(sizes.values()) >= 2 else 0
    return fits


def qualifying_ranks(values: Iterable[int | tuple[str, int]]) -> tuple[str, ...]:
    """Every rank name the hand fits, best first (the first one is the hand's rank)."""
    fits = _matches(_values(values))
    return tuple(name for name in RANK_NAMES if name in fits)


@lru_cache(maxsize=1 << 17)
def _rank_sorted(h: tuple[int, ...]) -> HandRank:
    """Rank of a sorted, validated hand. Cached: there are only ~60k distinct 4/5-card value multisets.

    The key, best-is-larger: ``(rank score, in-rank step, cards, sum of sizes, biggest size, biggest plus
    card)``, where the rank score is ``len(RANK_NAMES) - 1 - index`` and the in-rank step is 1/0 for the
    Sabacc pair and The Idiots' four-card form, or ``-|total|`` for Nuhlrek (nearest zero is best), and 0
    otherwise.
    """
    fits = _matches(h)
    index = min(RANK_INDEX[name] for name in fits)
    name = RANK_NAMES[index]
    positives = [v for v in h if v > 0]
    key = (
        len(RANK_NAMES) - 1 - index,
        fits[name],
        len(h),
        sum(abs(v) for v in h),
        max(abs(v) for v in h),
        max(positives, default=0),
    )
    return HandRank(name=name, index=index, key=key, total=sum(h), cards=h)


def rank_hand(values: Iterable[int | tuple[str, int]]) -> HandRank:
    """Rank a hand of signed values (or ``(suit, value)`` cards). Better hands compare greater."""
    return _rank_sorted(_values(values))


def wins_sabacc_pot(rank: HandRank) -> bool:
    """Whether this hand, if it wins the main pot, also takes the sabacc pot (Banthas Wild or better)."""
    return rank.index <= RANK_INDEX[SABACC_POT_RANK]
