"""Small tools for rule tests: scripted chance, playing a list of actions."""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.core import Action, Rng


class ScriptedRng(Rng):
    """An Rng that returns scripted ``below`` results first (each checked to be in range), then real ones.

    Rule tests use it to put chosen dice or cards on the table without reaching into the engine's code.
    """

    __slots__ = ("script",)

    def __init__(self, script: Iterable[int], seed: int = 1) -> None:
        super().__init__(seed)
        self.script = list(script)

    def below(self, n: int) -> int:
        if self.script:
            value = self.script.pop(0)
            assert 0 <= value < n, f"scripted value {value} is not below {n}"
            return value
        return super().below(n)

    def copy(self) -> ScriptedRng:
        r = ScriptedRng(self.script, 0)
        r.state = self.state
        return r


def play(state, *actions: Action | str) -> list:
    """Apply actions (an Action, or a kind with no fields) in order and return all their events."""
    events = []
    for a in actions:
        events += state.apply(a if isinstance(a, Action) else Action(a))
    return events


def kinds(events) -> list[str]:
    return [e.kind for e in events]
