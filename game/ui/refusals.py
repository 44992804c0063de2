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
    "not_allowed_now": lambda p, names: f"Not that {_verb(p.get('kind'))}, not now.",
    "amount_not_integer": lambda p, names: "Chips come whole: give a whole number.",
    "amount_out_of_range": lambda p, names: (
        f"Between {p['low']:,} and {p['high']:,} chips now." if "low" in p and "high" in p
        else "That amount is out of range now."
    ),
}


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "another seat"


def _verb(kind: Any) -> str:
    return str(kind or "do that").replace("_", " ")


def refusal_words(game_id: str, code: str, params: Mapping[str, Any] | None = None,
                  names: Sequence[str] = ()) -> str:
    """The sentence a player reads for a refusal ``code`` of ``game_id`` (with ``params``; seat names from
    ``names``)."""
    words = _WORDS.get(code)
    if words is not None:
        return words(params or {}, names)
    meaning = refusal_codes(game_id).get(code)
    if meaning:
        return meaning[0].upper() + meaning[1:] + ("" if meaning.endswith(".") else ".")
    return "Not allowed now."
