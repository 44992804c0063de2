"""Shared action values: legal-action lists are rebuilt at every step, and building an ``Action`` (sorting and
freezing its fields) costs more than looking one up, so the parameterised ones are cached (they are frozen,
so sharing them is safe)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.engine.core import Action


@lru_cache(maxsize=16384)
def act(kind: str, **fields: Any) -> Action:
    """``Action(kind, **fields)``, built once per distinct value."""
    return Action(kind, **fields)
