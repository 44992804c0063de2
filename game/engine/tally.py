"""The summary of table sessions from their events, in the shape ``python -m game simulate --json`` prints.

It reads only the events (``round_over`` and ``pot_won``) and the stacks and house at each session's end, so a
served table (game.net) and the simulate command (game.measure) count alike from one place.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.engine.core import Event, State

#: round_over fields counted by value (``reason`` -> ``reasons``), and fields whose listed values are counted
COUNTED_FIELDS = ("reason", "dealer_total")
LISTED_FIELDS = ("hand_outcomes",)


def _natural(item: tuple[Any, int]) -> tuple[bool, int, str]:
    """Numbers in numeric order (Kinzo totals 6, 7, ... 30), then names alphabetically."""
    key = item[0]
    return (not isinstance(key, int), key if isinstance(key, int) else 0, str(key))


class Tally:
    """Counts rounds, wins, standings and pots as the events go by, over one session or several (each closed
    with :meth:`end_session`); net chips are measured from the starting stacks, not from after the antes."""

    def __init__(self, state: State, agents: list[str], seed: int, options: dict[str, Any]) -> None:
        self.game = state.game_id
        self.seats = state.n
        self.agents = list(agents)
        self.seed = seed
        self.options = dict(options)
        self.start_stacks = [state.options["stack"]] * state.n
        self.rounds = 0
        self.sessions = 0
        self.net = [0] * state.n
        self.house = 0
        self.wins = [0] * state.n
        self.ranks: Counter[str] = Counter()
        self.counted: dict[str, Counter[Any]] = {f: Counter() for f in COUNTED_FIELDS + LISTED_FIELDS}
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
                for f in COUNTED_FIELDS:
                    if f in d:
                        self.counted[f][d[f]] += 1
                for f in LISTED_FIELDS:
                    for value in d.get(f, ()):
                        self.counted[f][value] += 1
            elif e.kind == "pot_won":
                name = str(e.data.get("pot_name", "main" if e.data.get("pot", 0) == 0 else "side"))
                self.pots_won[name] += int(e.data.get("amount", 0))

    def end_session(self, state: State) -> None:
        """A session has ended at ``state``: its chips won or lost, and the house's, join the totals."""
        self.sessions += 1
        for i in range(self.seats):
            self.net[i] += state.stacks[i] - self.start_stacks[i]
        self.house += state.house

    def result(self, state: State | None = None) -> dict[str, Any]:
        """The summary (``seed`` included: it is for the host); ``state``: close a last session first."""
        if state is not None:
            self.end_session(state)
        out: dict[str, Any] = {
            "game": self.game,
            "seats": self.seats,
            "rounds": self.rounds,
            "sessions": self.sessions,
            "seed": self.seed,
            "agents": self.agents,
            "options": self.options,
            "net": self.net,
            "wins": self.wins,
            "ranks": dict(self.ranks.most_common()),
            "carried": self.carried,
            "house": self.house,
            "pots_won": dict(self.pots_won),
        }
        for f, c in self.counted.items():
            if c:
                ordered = sorted(c.items(), key=_natural)
                out[f + "s" if not f.endswith("s") else f] = {str(k): v for k, v in ordered}
        return out
