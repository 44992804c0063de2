"""The summary of a served session, in the same shape as ``python -m game simulate --json`` gives.

It reads only the events (``round_over`` and ``pot_won``) and the stacks at the end, as ``simulate`` does; the
measuring layer sits above this one, so the counting is repeated here (a test checks the two agree).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.engine.core import Event, State

_COUNTED_FIELDS = ("reason", "dealer_total")  # as game.measure.simulate counts them
_LISTED_FIELDS = ("hand_outcomes",)


def _natural(item: tuple[Any, int]) -> tuple[bool, int, str]:
    key = item[0]
    return (not isinstance(key, int), key if isinstance(key, int) else 0, str(key))


class Tally:
    """Counts a session's rounds, wins, standings and pots as its events go by."""

    def __init__(self, state: State, agents: list[str], seed: int, options: dict[str, Any]) -> None:
        self.game = state.game_id
        self.seats = state.n
        self.agents = list(agents)
        self.seed = seed
        self.options = dict(options)
        self.start_stacks = [state.options["stack"]] * state.n
        self.rounds = 0
        self.wins = [0] * state.n
        self.ranks: Counter[str] = Counter()
        self.counted: dict[str, Counter[Any]] = {f: Counter() for f in _COUNTED_FIELDS + _LISTED_FIELDS}
        self.pots_won: Counter[str] = Counter()
        self.carried = 0

    def feed(self, events: list[Event]) -> None:
        for e in events:
            if e.kind == "round_over":
                self.rounds += 1
                d = e.data
                for w in set(d.get("winners", ())):
                    self.wins[w] += 1
                if d.get("carried"):
                    self.carried += 1
                if d.get("showdown"):
                    standings = d.get("standings", [])
                    for s in d.get("contenders", [i for i, r in enumerate(standings) if r is not None]):
                        self.ranks[standings[s] if standings[s] is not None else "no standing"] += 1
                for f in _COUNTED_FIELDS:
                    if f in d:
                        self.counted[f][d[f]] += 1
                for f in _LISTED_FIELDS:
                    for value in d.get(f, ()):
                        self.counted[f][value] += 1
            elif e.kind == "pot_won":
                name = str(e.data.get("pot_name", "main" if e.data.get("pot", 0) == 0 else "side"))
                self.pots_won[name] += int(e.data.get("amount", 0))

    def result(self, state: State) -> dict[str, Any]:
        """The summary (``seed`` included: it is for the host; clients get it without)."""
        out: dict[str, Any] = {
            "game": self.game,
            "seats": self.seats,
            "rounds": self.rounds,
            "sessions": 1,
            "seed": self.seed,
            "agents": self.agents,
            "options": self.options,
            "net": [state.stacks[i] - self.start_stacks[i] for i in range(self.seats)],
            "wins": self.wins,
            "ranks": dict(self.ranks.most_common()),
            "carried": self.carried,
            "house": state.house,
            "pots_won": dict(self.pots_won),
        }
        for f, c in self.counted.items():
            if c:
                ordered = sorted(c.items(), key=_natural)
                out[f + "s" if not f.endswith("s") else f] = {str(k): v for k, v in ordered}
        return out
