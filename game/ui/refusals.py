"""A refused action in the table's own words, from the engine's refusal code and params.

The engine's English message is for the command line and logs; the screen words a refusal from
``IllegalAction.code`` (or a ``Refusal``'s) so that it can say it in its own voice, with the seat's name
rather than its number, and never has to parse the engine's text. Codes a game adds without words here are
said with the meaning the game lists for them (``refusal_codes``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.engine import refusal_codes

_WORDS: dict[str, Callable[[Mapping[str, Any], Sequence[str]], str]] = {
    "session_over": lambda p, names: "The session is over.",
    "malformed_action": lambda p, names: "That is not a move the table understands.",
    "not_your_turn": lambda p, names: (
        f"It is {_name(names, p.get('current_seat'))}'s turn." if p.get("current_seat") is not None
        else "It is not your turn."
    ),
    "unknown_action": lambda p, names: f"You cannot {_verb(p.get('kind'))} now.",
    "not_allowed_now": lambda p, names: f"Not that {_noun(p.get('kind'))}, not now.",
    "amount_not_integer": lambda p, names: "Chips come whole: give a whole number.",
    "amount_out_of_range": lambda p, names: _range(p),
}

#: words for each game's own codes (its ``REFUSALS``), with what the params let them say
_GAME_WORDS: dict[str, dict[str, Callable[[Mapping[str, Any], Sequence[str]], str]]] = {
    "hintaro": {
        "short_to_call": lambda p, names: (
            f"You cannot afford the call: it needs {_n(p, 'to_call')} and you hold {_n(p, 'stack')}. "
            "Go all-in or drop." if "to_call" in p and "stack" in p
            else "You cannot afford the call: go all-in or drop."
        ),
        "no_more_raises": lambda p, names: "No raises now: the Hintaron has acted, so you call or drop.",
        "allin_not_needed": lambda p, names: (
            "Nothing to call: all-in is only for a seat that cannot make a full raise with what it holds."
            if p.get("to_call") == 0 else
            "You can call: all-in is only for a seat that cannot call, or cannot make a full raise"
            + (f" (you hold {_n(p, 'stack')} against {_n(p, 'to_call')} to call)." if "stack" in p else ".")
        ),
    },
    "nepunian_spike": {
        "cannot_raise": lambda p, names: (
            "You cannot afford a raise: calling takes every chip you hold." if p.get("room") == 0 else
            f"You cannot afford a raise: after calling you would hold {_n(p, 'room')}, less than the smallest "
            f"raise ({_n(p, 'min_raise')})." if "room" in p and "min_raise" in p
            else "You cannot afford a raise: after calling you hold less than the smallest raise (the ante)."
        ),
        "must_call": lambda p, names: (
            f"There is a bet to meet: call {_n(p, 'to_call')}, raise or fold." if "to_call" in p
            else "There is a bet to meet: call, raise or fold."
        ),
        "nothing_to_call": lambda p, names: "Nothing to call: check, raise or fold.",
        "hand_full": lambda p, names: "Your hand is full (five cards): swap or stand instead.",
        "no_card_to_draw": lambda p, names: "No card is left to draw: swap with the discard pile or stand.",
        "card_not_held": lambda p, names: "That card is not in your hand.",
        "discard_empty": lambda p, names: "The discard pile is empty: swap with the deck instead.",
    },
    "kinzo": {
        "deck_reserved": lambda p, names: (
            f"No more hits: the last {_n(p, 'reserve', 4)} cards of the deck are the dealer's."
        ),
        "already_split": lambda p, names: "You have split once this round: a seat splits only once.",
        "no_pair": lambda p, names: "No pair to split: a split needs two cards of one value.",
        "cannot_afford_split": lambda p, names: (
            f"You cannot afford a split: it costs another stake of {_n(p, 'stake')} and you hold "
            f"{_n(p, 'stack')}." if "stake" in p and "stack" in p else "You cannot afford another stake to split."
        ),
    },
    "sabacc_house": {
        "bad_slot": lambda p, names: "Pick a petal (1–6) first.",
        "bad_card": lambda p, names: "Pick one of your cards first.",
        "bad_face": lambda p, names: "Keep the drawn card face up or face down.",
        "petal_empty": lambda p, names: "That petal is empty: pick another.",
        "cannot_afford": lambda p, names: (
            f"A petal costs {_n(p, 'price')} and you hold {_n(p, 'stack')}: draw from the stub or stay."
            if "price" in p and "stack" in p else "You cannot afford a petal: draw from the stub or stay."
        ),
        "hand_full": lambda p, names: "Your hand is full (five cards): swap a card for the petal instead.",
        "card_not_in_hand": lambda p, names: "That card is not in your hand.",
        "last_down_card": lambda p, names: "Your last face-down card cannot be swapped away: pick another card.",
        "wrong_phase": lambda p, names: f"Not now: you {_verb(p.get('kind'))} in another part of the hand.",
    },
    "better_hintaro": {
        "no_credits": lambda p, names: "You have no credits to go all-in with.",
        "can_call": lambda p, names: ("Nothing to call: all-in is for a seat short of the bet."
                                      if p.get("to_call") == 0 else
                                      "You can call: all-in is for a seat short of the bet."),
        "raises_closed": lambda p, names: "No raises now: the Hintaron has acted, so you call or drop.",
        "nothing_to_pay": lambda p, names: "Nothing to pay now, so no item can be bet: check, or raise with it.",
        "loans_off": lambda p, names: "Loans are off at this table.",
        "loan_taken": lambda p, names: "You have already taken a loan this round.",
    },
}

#: the verbs a refusal says an action kind with ("allin" is "go all-in")
_VERBS = {"allin": "go all-in", "bring-in": "bring in", "pass": "pass", "split": "split"}


def _n(p: Mapping[str, Any], key: str, default: Any = "?") -> str:
    v = p.get(key, default)
    return f"{v:,}" if isinstance(v, int) and not isinstance(v, bool) else str(v)


def _range(p: Mapping[str, Any]) -> str:
    low, high = p.get("low"), p.get("high")
    if isinstance(low, int) and isinstance(high, int):
        if high < low:  # no amount fits: the cap (or the chips) stop it
            if p.get("cap") is not None:
                return f"The cap is reached: a seat puts at most {_n(p, 'cap')} into one round."
            return f"No room for a {_verb(p.get('kind'))} now: the smallest is {low:,}."
        return f"Between {low:,} and {high:,} chips now."
    return "That amount is out of range now."


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "another seat"


def _noun(kind: Any) -> str:
    return "all-in" if kind == "allin" else str(kind or "move").replace("_", " ")


def _verb(kind: Any) -> str:
    return _VERBS.get(str(kind), str(kind or "do that").replace("_", " "))


def refusal_words(game_id: str, code: str, params: Mapping[str, Any] | None = None,
                  names: Sequence[str] = ()) -> str:
    """The sentence a player reads for a refusal ``code`` of ``game_id`` (with ``params``; seat names from
    ``names``)."""
    words = _GAME_WORDS.get(game_id, {}).get(code) or _WORDS.get(code)
    if words is not None:
        return words(params or {}, names)
    meaning = refusal_codes(game_id).get(code)
    if meaning:
        return meaning[0].upper() + meaning[1:] + ("" if meaning.endswith(".") else ".")
    return "Not allowed now."
