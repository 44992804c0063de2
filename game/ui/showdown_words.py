"""Why a round went the way it did, in the table's words, from the engine's reason code.

Each game's ``round_over`` carries ``reason`` and ``params`` (``game.engine.showdown``): the engine found the
winner, so it knows which rank or tie-breaker decided. The screen only words it here (one line under the
winner's banner, and the log), and never re-ranks a hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.engine.hintaro import STANDINGS

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``1 chip``, ``2 chips``, ``1,000 chips`` (``plural`` for nouns that do not take an s)."""
    return f"{n:,} {noun if n == 1 else (plural or noun + 's')}"


def _num(n: Any) -> str:
    return _NUMBERS[n] if isinstance(n, int) and 0 <= n < len(_NUMBERS) else str(n)


def _signed(n: Any) -> str:
    return f"{n:+d}".replace("-", "−") if isinstance(n, int) else str(n)


def _equal(p: Mapping[str, Any]) -> str:
    st = p.get("standing")
    return f"Equal {st}: " if st else "Level: "


def _your(p: Mapping[str, Any]) -> str:
    """"your " when the reason compares the winner with the hand of the player at the screen."""
    return "your " if p.get("yours") else ""


def _stand_rule() -> str:
    """What "stand" means in Hintaro and Better Hintaro, from the engine's table of standings (Tukar, Kulro)."""
    said = [" and ".join(f"{n} {name}" for n, name in zip(counts, ("Tukar", "Kulro"), strict=True) if n)
            for counts in STANDINGS]
    return f"dice stand only on exactly {', '.join(said[:-1])} or {said[-1]} left after the Hintaro die"


#: "dice stand only on exactly 2 Tukar and 2 Kulro, 4 Kulro, 2 Tukar or 2 Kulro left after the Hintaro die"
STAND_RULE = _stand_rule()


_Words = Callable[[Mapping[str, Any]], str]

_COMMON: dict[str, _Words] = {
    "last_standing": lambda p: "Everyone else folded: the last hand in takes the pot",
    "split": lambda p: (f"{p.get('standing')} tied on every count: the pot splits {_num(p.get('ways', 2))} ways"
                        if p.get("standing") else f"A tie: the pot splits {_num(p.get('ways', 2))} ways"),
}

_WORDS: dict[str, dict[str, _Words]] = {
    "hintaro": {
        "last_standing": lambda p: "Everyone else dropped: no dice were needed",
        "nobody_stands": lambda p: f"Nobody stands: {STAND_RULE}",
        "split": lambda p: f"{_num(p.get('ways', 2)).capitalize()} seats tie with {p.get('standing')}",
        "only_standing": lambda p: f"{p.get('standing')} is the only standing left after the Hintaro die",
        "better_standing": lambda p: f"{p.get('standing')} beats {p.get('beats')}",
    },
    "street_hintaro": {
        "conceded": lambda p: "The other seat conceded",
        "higher_score": lambda p: f"{p.get('score')} beats {p.get('other')}: the higher score wins",
        "lower_score": lambda p: f"{p.get('score')} beats {p.get('other')}: Cantina rules, the lower score wins",
        "tie": lambda p: f"Both score {p.get('score')}: equal scores tie",
    },
    "kinzo": {
        "jackpot": lambda p: f"Exactly the dealer's {p.get('dealer_total')}: the jackpot",
        "survived": lambda p: (f"{count(int(p.get('count', 0)), 'hand')} survived the dealer's "
                               f"{p.get('dealer_total')}: each is paid one stake"),
        "house_takes_all": lambda p: f"Every hand fell to the dealer's {p.get('dealer_total')}: the house takes it",
    },
    "sabacc_house": {
        "blind_draw": lambda p: f"{_equal(p)}the blind draw nearest zero wins",
        "better_rank": lambda p: f"{p.get('standing')} beats {_your(p)}{p.get('beats')}",
        "nearest_zero": lambda p: f"Nearest to zero: {_signed(p.get('total'))} against "
                                  f"{_your(p)}{_signed(p.get('other'))}",
        "pair_beats_no_pair": lambda p: (f"{_equal(p)}a hand with a pair beats "
                                         f"{'yours, which has none' if p.get('yours') else 'one without'}"),
        "four_card_form": lambda p: f"{_equal(p)}the four-card form beats {_your(p) or 'the '}five-card one",
        "more_cards": lambda p: f"{_equal(p)}{_num(p.get('cards'))} cards beat {_your(p)}{_num(p.get('other'))}",
        "larger_size_sum": lambda p: f"{_equal(p)}the larger sum of card sizes wins ({p.get('sum')} to "
                                     f"{_your(p)}{p.get('other')})",
        "higher_size_card": lambda p: f"{_equal(p)}the biggest card wins ({p.get('card')} to "
                                      f"{_your(p)}{p.get('other')})",
        "higher_plus_card": lambda p: f"{_equal(p)}the highest plus card wins ({_signed(p.get('card'))} to "
                                      f"{_your(p)}{_signed(p.get('other'))})",
    },
    "nepunian_spike": {
        "better_rank": lambda p: f"{p.get('standing')} beats {p.get('beats')}",
        "nearest_zero": lambda p: f"Nearest to zero: {_signed(p.get('total'))} against {_signed(p.get('other'))}",
        "positive_total": lambda p: f"{_equal(p)}the positive total wins ({_signed(p.get('total'))} over "
                                    f"{_signed(p.get('other'))})",
        "holds_sylop": lambda p: f"{_equal(p)}the hand holding a Sylop wins",
        "more_cards": lambda p: f"{_equal(p)}{_num(p.get('cards'))} cards beat {_num(p.get('other'))}",
        "larger_plus_sum": lambda p: f"{_equal(p)}the larger sum of plus cards wins ({p.get('sum')} to "
                                     f"{p.get('other')})",
        "higher_top_card": lambda p: f"{_equal(p)}the higher top card wins ({p.get('card')} to {p.get('other')})",
        "black_top_card": lambda p: f"{_equal(p)}the black (plus) top card wins",
    },
}
_WORDS["better_hintaro"] = _WORDS["hintaro"]


def showdown_words(game_id: str, reason: str | None, params: Mapping[str, Any] | None = None) -> str:
    """One line saying why the round went as it did ("" for a code without words, or no code)."""
    if not reason:
        return ""
    words = _WORDS.get(game_id, {}).get(reason) or _COMMON.get(reason)
    if words is None:
        return ""
    try:
        return words(params or {})
    except (TypeError, ValueError, KeyError):
        return ""


def round_why(game_id: str, d: Mapping[str, Any], eyes: int | None) -> str:
    """Why the round went as it did, for the player at the screen: when the engine says why the winner beat
    each losing hand (``against``, per seat) and ``eyes`` lost at the showdown, the comparison that beat
    *their* hand ("five cards beat your four"), not the one with the runner-up (maybe two other seats);
    otherwise the round's own reason."""
    against = d.get("against")
    if eyes is not None and isinstance(against, list) and 0 <= eyes < len(against) and against[eyes]:
        code, params = against[eyes]
        words = showdown_words(game_id, code, {**params, "yours": True})
        if words:
            return words
    return showdown_words(game_id, d.get("reason"), d.get("params"))


def has_words(game_id: str, reason: str) -> bool:
    return reason in _WORDS.get(game_id, {}) or reason in _COMMON


def carries(n: int, noun: str = "chip") -> str:
    """``1 chip carries to the next round``, ``35 chips carry to the next round``."""
    return f"{count(n, noun)} {'carries' if n == 1 else 'carry'} to the next round"
