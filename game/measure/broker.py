"""The bounty-hunting player the economy report falls back on (agent name ``broker``).

Random play almost never completes a bounty (it has to hold four to nine particular items at once), so the
report would say nothing about the bounty economy. The broker used to be a handful of rules of its own; it is
now the Better Hintaro AI's ``shark`` level (:mod:`game.ai.better_hintaro`), which values every item by the
bounties it completes and where its other copies are, and buys, bids, trades and bets on that. One bounty
hunter in the code base means the report measures the economy under the same play the campaign's opponents
show. Like every agent it reads only the seat's view and the legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.better_hintaro import BetterHintaroAgent
from game.ai.levels import PLAIN
from game.engine.core import Action


class BrokerAgent:
    """The report's bounty hunter: a ``shark`` Better Hintaro seat under the report's name."""

    name = "broker"

    def __init__(self, game_id: str = "better_hintaro", seed: int | None = None) -> None:
        self._agent = BetterHintaroAgent(game_id, "shark", PLAIN, seed)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return self._agent.choose(view, legal)
