"""Hand ranking for Sabacc: Nepunian Spike (rules/sabacc-nepunian-spike.txt as RULINGS.md reads it).

Pure Python with no third-party imports: the engine, the AI seats and the rules browser all use it.

Why it looks like this:

* The game is played with ordinary playing cards: Ace (1) to 10 in four suits, black suits counting plus
  and red suits minus, and two Sylops (jokers) worth 0 that count as either colour. A card's *number* is its
  face (1..10, a Sylop 0) and its *colour* is the sign of its value, so a signed value carries everything a
  rank needs: ``rank_hand([-3, -3, 6])`` works on values alone. ``colours`` exists for callers that hold
  unsigned faces and colours separately; ``(suit, value)`` cards from :data:`DECK` are accepted as well.
* ``rank_hand`` returns a :class:`HandRank` whose ordering is total and folds in every tie-breaker the
  rules name (holds a Sylop; more cards; larger sum of the plus cards; higher top card; black top card), so
  the engine finds the winners with ``max()`` and equality. What is still tied is a split.
* A hand takes the **best** rank it fits; :func:`qualifying_ranks` lists them all (best first).
* Hand size: a hand competes with 2 to 5 cards (the deal gives two, Gain stops at five). Other sizes have
  no rank in this game and raise ``ValueError``, as do values outside ``-10..+10`` and more copies of a
  value than the deck holds (2 of every signed value, 2 Sylops): those are caller bugs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations, pairwise

from game.engine.hand_rank import HandRank

BLACK_SUITS: tuple[str, ...] = ("spades", "clubs")
RED_SUITS: tuple[str, ...] = ("hearts", "diamonds")
SYLOP = "sylop"
#: the 42 cards as (suit, signed value): black suits +1..+10, red suits -1..-10, two Sylops worth 0
DECK: tuple[tuple[str, int], ...] = (
    tuple((suit, face) for suit in BLACK_SUITS for face in range(1, 11))
    + tuple((suit, -face) for suit in RED_SUITS for face in range(1, 11))
    + ((SYLOP, 0), (SYLOP, 0))
)
#: the same 42 cards as bare signed values (parallel to :data:`DECK`)
VALUES: tuple[int, ...] = tuple(value for _suit, value in DECK)
#: how many copies of each value the deck holds
COPIES: dict[int, int] = dict(Counter(VALUES))
MIN_CARDS, MAX_CARDS = 2, 5

#: the ranks, best first, spelt as RULINGS.md spells them
RANK_NAMES: tuple[str, ...] = (
    "Pure Sabacc",
    "4-card run anchored",
    "5-card straight",
    "Honorable Sabacc",
    "4 of a kind",
    "3-card run anchored",
    "4-card straight",
    "2 pairs",
    "4 different evens/odds",
    "Pair anchored",
    "5-card Sabacc",
    "4-card Sabacc",
    "3-card Sabacc",
    "Pair",
    "Nulrhek",
)
RANK_INDEX: dict[str, int] = {name: i for i, name in enumerate(RANK_NAMES)}

#: decisions where the rule text and RULINGS.md leave a question open (shown in the in-game rules browser)
RULINGS_NOTES: tuple[str, ...] = (
    "A card's number is its face, Ace = 1 up to 10; a Sylop's number is 0. Black cards count plus, red "
    "cards minus; a Sylop counts as either colour.",
    "Every rank but Nulrhek needs the whole hand to sum to zero. A named hand needs its pattern somewhere "
    "in the hand; any other cards may ride along as long as the total stays zero (a Sylop added to four "
    "of a kind keeps it four of a kind). Each hand takes the best rank it fits.",
    "Runs and straights go by number: 1-2-3-4 is a run whatever the colours. A Sylop may stand in one as "
    "the number 0 (so 0-1-2-3 is a run), and only once.",
    "Anchored: the run or pair is all one colour (a Sylop fits either) and one more card of the other "
    "colour cancels it exactly. A 4-card run anchored therefore only exists as 0-1-2-3 with a 6, or "
    "1-2-3-4 with a 10, all run cards one colour and the anchor the other.",
    "A straight's own colours are free; a 4-card straight in a five-card hand may be balanced by the fifth.",
    "Honorable Sabacc: both Sylops and at least one other card, summing to zero.",
    "4 of a kind: four cards of one number, which in this deck means both black and both red cards.",
    "2 pairs: two pairs of two different numbers (each pair any colours), with or without a fifth card "
    "(the anchor), summing to zero.",
    "4 different evens/odds: four cards of four different numbers, all even or all odd. A Sylop is "
    "neither even nor odd and cannot be one of the four.",
    "Pair anchored: two cards of one number and colour, plus a card of the other colour and twice the number.",
    "Pair is the two-card hand of one number in both colours: it ranks below 3-card Sabacc, so any longer "
    "hand that sums to zero is at least an n-card Sabacc.",
    "Tie-breakers, in order: holds a Sylop; more cards; larger sum of the plus cards; higher top card (by "
    "number, a Sylop is 0); a black top card (a hand holding its top number in both colours counts as black, "
    "and so does a Sylop). What is still tied splits the pot.",
    "Nulrhek: the total nearest zero wins; at equal distance a plus total beats a minus total; then the "
    "tie-breakers above.",
    "A hand of fewer than two or more than five cards cannot be ranked (the deal gives two, Gain stops at five).",
)




_COLOUR_SIGN = {"black": 1, "red": -1}
_SUIT_SIGN = dict.fromkeys(BLACK_SUITS, 1) | dict.fromkeys(RED_SUITS, -1) | {SYLOP: 0}


def _signed(card: int | tuple[str, int], colour: str | None) -> int:
    """One card's signed value. A colour or suit fixes the sign of a bare face; a conflicting sign raises."""
    suit = None
    if isinstance(card, tuple):
        suit, value = card
    else:
        value = card
    if isinstance(value, bool) or not isinstance(value, int) or not -10 <= value <= 10:
        raise ValueError(f"{card!r} is not a Nepunian Spike card (faces run 1..10, a Sylop is 0)")
    signs = set()
    if suit is not None:
        if suit not in _SUIT_SIGN:
            raise ValueError(f"unknown suit {suit!r}")
        signs.add(_SUIT_SIGN[suit])
    if colour is not None and value != 0:  # a Sylop is both colours: any colour given for it is fine
        if colour not in _COLOUR_SIGN:
            raise ValueError(f"unknown colour {colour!r} (use 'black' or 'red')")
        signs.add(_COLOUR_SIGN[colour])
    if value == 0:
        if suit not in (None, SYLOP):
            raise ValueError(f"{card!r}: only a Sylop is worth 0")
        return 0
    if value < 0:
        signs.add(-1)
    if len(signs) > 1:
        raise ValueError(f"{card!r} (colour {colour!r}) has a sign that contradicts its colour or suit")
    sign = signs.pop() if signs else 1
    return sign * abs(value)


def _values(cards: Iterable[int | tuple[str, int]], colours: Sequence[str | None] | None) -> tuple[int, ...]:
    """Sorted signed values of a hand; rejects sizes and cards the game cannot deal."""
    cards = list(cards)
    if colours is not None and len(colours) != len(cards):
        raise ValueError(f"{len(cards)} cards but {len(colours)} colours")
    out = sorted(_signed(card, None if colours is None else colours[i]) for i, card in enumerate(cards))
    if not MIN_CARDS <= len(out) <= MAX_CARDS:
        raise ValueError(f"a Nepunian Spike hand holds {MIN_CARDS} to {MAX_CARDS} cards, not {len(out)}")
    for value, n in Counter(out).items():
        if n > COPIES[value]:
            raise ValueError(f"the deck holds only {COPIES[value]} cards of value {value:+d}, not {n}")
    return tuple(out)


def _is_run(group: Sequence[int]) -> bool:
    """Numbers all different and consecutive (a Sylop stands as 0)."""
    numbers = sorted(abs(v) for v in group)
    return all(b == a + 1 for a, b in pairwise(numbers))


def _one_colour(group: Sequence[int]) -> bool:
    """All non-zero cards share one sign (a Sylop fits either colour)."""
    return len({v > 0 for v in group if v}) <= 1


def _anchored(h: tuple[int, ...], size: int, shape: str) -> bool:
    """The hand holds ``size`` one-colour cards of ``shape`` ('run' or 'pair') plus one card cancelling them."""
    for group in combinations(range(len(h)), size + 1):
        cards = [h[i] for i in group]
        for a in range(size + 1):
            anchor = cards[a]
            body = cards[:a] + cards[a + 1 :]
            if not anchor or sum(body) != -anchor or not _one_colour(body):
                continue
            if shape == "run" and _is_run(body):
                return True
            if shape == "pair" and body[0] == body[1]:
                return True
    return False


def _matches(h: tuple[int, ...]) -> dict[str, bool]:
    """Every rank the sorted hand ``h`` fits (a dict used as an ordered set)."""
    n = len(h)
    total = sum(h)
    if total != 0:
        return {"Nulrhek": True}
    c = Counter(h)
    numbers = Counter(abs(v) for v in h if v)
    fits: dict[str, bool] = {}
    if h == (0, 0):
        fits["Pure Sabacc"] = True
    if n >= 5 and _anchored(h, 4, "run"):
        fits["4-card run anchored"] = True
    if n == 5 and _is_run(h):
        fits["5-card straight"] = True
    if c[0] == 2 and n >= 3:
        fits["Honorable Sabacc"] = True
    if any(k == 4 for k in numbers.values()):
        fits["4 of a kind"] = True
    if n >= 4 and _anchored(h, 3, "run"):
        fits["3-card run anchored"] = True
    if n >= 4 and any(_is_run(group) for group in combinations(h, 4)):
        fits["4-card straight"] = True
    if sum(1 for k in numbers.values() if k >= 2) >= 2:
        fits["2 pairs"] = True
    distinct = set(numbers)
    if sum(1 for v in distinct if v % 2 == 0) >= 4 or sum(1 for v in distinct if v % 2) >= 4:
        fits["4 different evens/odds"] = True
    if n >= 3 and _anchored(h, 2, "pair"):
        fits["Pair anchored"] = True
    if n in (3, 4, 5):
        fits[f"{n}-card Sabacc"] = True
    if n == 2 and h[0] == -h[1] != 0:
        fits["Pair"] = True
    return fits


def qualifying_ranks(
    values: Iterable[int | tuple[str, int]], colours: Sequence[str | None] | None = None
) -> tuple[str, ...]:
    """Every rank name the hand fits, best first (the first one is the hand's rank)."""
    fits = _matches(_values(values, colours))
    return tuple(name for name in RANK_NAMES if name in fits)


@lru_cache(maxsize=1 << 17)
def _rank_sorted(h: tuple[int, ...]) -> HandRank:
    """Rank of a sorted, validated hand. Cached: there are only ~40k distinct 2-5 card value multisets.

    The key, best-is-larger: ``(rank score, -|total|, plus total, holds a Sylop, cards, sum of plus cards,
    top number, black top)``, where the rank score is ``len(RANK_NAMES) - 1 - index``. The second and third
    entries only differ within Nulrhek (zero-sum hands have 0 in both).
    """
    fits = _matches(h)
    index = min(RANK_INDEX[name] for name in fits)
    total = sum(h)
    top = max(abs(v) for v in h)
    key = (
        len(RANK_NAMES) - 1 - index,
        -abs(total),
        1 if total > 0 else 0,
        1 if 0 in h else 0,
        len(h),
        sum(v for v in h if v > 0),
        top,
        1 if any(v >= 0 for v in h if abs(v) == top) else 0,
    )
    return HandRank(name=RANK_NAMES[index], index=index, key=key, total=total, cards=h)


def rank_hand(values: Iterable[int | tuple[str, int]], colours: Sequence[str | None] | None = None) -> HandRank:
    """Rank a hand of signed values (black plus, red minus, Sylop 0). Better hands compare greater.

    ``colours`` (optional, parallel to ``values``): ``"black"``/``"red"`` per card, for callers holding
    unsigned faces; it fixes each non-zero card's sign (a contradicting signed value raises ValueError).
    A Sylop's colour is ignored: it counts as either colour wherever that matters.
    """
    return _rank_sorted(_values(values, colours))
