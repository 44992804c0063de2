"""Agents: they read a seat's view and the legal actions, never the state itself.

``make_agent(name, game_id, seed=None)`` returns an object with ``choose(view, legal_actions) -> Action``.
Every agent keeps its own seeded generator, so simulations replay exactly.

Names: ``random`` and ``passive`` (the yardsticks below), the levels ``novice``, ``regular`` and ``shark``
(:mod:`game.ai.levels`; each game's policy lives in its own module, e.g. :mod:`game.ai.hintaro`), and a level
with a personality from ``assets/data/personalities.toml``: ``regular:bold``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from game.engine import GAMES
from game.engine.core import Action, Rng


class Agent(Protocol):
    name: str

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action: ...


class RandomAgent:
    """Uniform over the legal actions: the yardstick every other agent must beat."""

    name = "random"

    def __init__(self, game_id: str, seed: int | None = None) -> None:
        self.rng = Rng(0 if seed is None else seed)

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        return legal_actions[self.rng.below(len(legal_actions))]


#: kinds a passive agent takes, most preferred first: it never raises or rerolls, it calls or checks
_PASSIVE_ORDER = ("keep", "check", "call", "stay", "stand", "throw", "allin", "pass", "decline")


class PassiveAgent:
    """Never raises, calls or checks, never rerolls: the baseline that shows what skill is worth."""

    name = "passive"

    def __init__(self, game_id: str, seed: int | None = None) -> None:
        self.rng = Rng(0 if seed is None else seed)

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        by_kind = {a.kind: a for a in reversed(legal_actions)}
        for kind in _PASSIVE_ORDER:
            if kind in by_kind:
                return by_kind[kind]
        # a forced choice (a bet that must be made): the smallest amount offered
        with_amount = [a for a in legal_actions if isinstance(a.get("amount"), int)]
        if with_amount:
            return min(with_amount, key=lambda a: a.amount)
        return legal_actions[0]


# the level agents: importing a game's AI module registers its dedicated policy with the framework
from game.ai import better_hintaro as _better_hintaro  # noqa: E402, F401
from game.ai import hintaro as _hintaro  # noqa: E402, F401
from game.ai import kinzo as _kinzo  # noqa: E402, F401
from game.ai import sabacc_house as _sabacc_house  # noqa: E402, F401
from game.ai import spike as _spike  # noqa: E402, F401
from game.ai import street as _street  # noqa: E402, F401
from game.ai.levels import LEVELS, level_factory, make_level_agent  # noqa: E402

AGENTS: dict[str, Callable[[str, int | None], Agent]] = {
    "random": RandomAgent,
    "passive": PassiveAgent,
    **{level: level_factory(level) for level in LEVELS},
}


def make_agent(name: str, game_id: str, seed: int | None = None) -> Agent:
    """An agent called ``name`` for ``game_id``; unknown names or games raise ValueError naming them."""
    if game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r}; the games are: {', '.join(sorted(GAMES))}")
    factory = AGENTS.get(name)
    if factory is not None:
        return factory(game_id, seed)
    if name.partition(":")[0] in LEVELS:  # a level with a personality, such as "regular:bold"
        return make_level_agent(name, game_id, seed)
    raise ValueError(
        f"unknown agent {name!r}; the agents are: {', '.join(sorted(AGENTS))} "
        "(a level may take a personality: level:personality)"
    )
