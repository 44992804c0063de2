"""Names every module of the Better Hintaro table shares: which phases show the market board, the shootout's
signs, what a selection on the board is.
"""

from __future__ import annotations

from typing import Any

#: phases drawn as the market board
BOARD_PHASES = frozenset({"business", "auction", "trade"})
SIGNS = ("rock", "paper", "scissors")
#: a shown selection: ("shop", row, card) / ("bounty", bounty) / ("discard", card) / ("held", seat, index, card)
Selection = tuple[Any, ...]


def ucfirst(text: str) -> str:
    """``text`` with its first letter upper-cased (``str.capitalize`` would lower the rest)."""
    return text[:1].upper() + text[1:] if text else text


def the(name: str) -> str:
    """``name`` after "the" in a sentence: bounty names such as "The Scrap Mountain" bring their own article, so
    "needed by the The Scrap Mountain" never shows; any other name gets "the " in front."""
    return name if name[:4].lower() == "the " else f"the {name}"
