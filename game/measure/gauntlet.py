"""Fixed betting strategies to measure the levels against (issue 17's gauntlet), starting with Hintaro's
shove-or-drop rule.

A fixed strategy reads only its seat's view and the legal actions, like every agent. Its non-betting play
(Hintaro's rerolls) is borrowed from a level's own choice (the shark's by default), so a match against it
measures the betting alone. :func:`gauntlet_agent` turns a name such as ``shove@0.40`` into an agent;
:func:`game.measure.ai.play_match` accepts those names beside the ordinary agent names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai import make_agent
from game.engine.core import Action


class ShoveAgent:
    """Hintaro's shove-or-drop: in the betting, go all in whenever its exact equity
    (:func:`game.ai.hintaro.equity`, the shark's own) is at least ``threshold``, else check, or drop when
    there is a bet to answer. Rerolls: the ``reroll_level`` agent's choice (the shark's exact one)."""

    def __init__(self, threshold: float, game_id: str = "hintaro", seed: int | None = None,
                 reroll_level: str = "shark") -> None:
        self.threshold = threshold
        self.name = f"shove@{threshold:.2f}"
        self.reroller = make_agent(reroll_level, game_id, seed=seed)

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        from game.ai.hintaro import equity

        if view["phase"] == "reroll":
            return self.reroller.choose(view, legal_actions)
        by_kind = {a.kind: a for a in legal_actions if not a.get("items")}
        if equity(view) >= self.threshold:
            if "allin" in by_kind:
                return by_kind["allin"]
            raises = [a for a in legal_actions if a.kind == "raise" and not a.get("items")]
            if raises:
                return max(raises, key=lambda a: a.amount)
            if "call" in by_kind:
                return by_kind["call"]
        me = view["seat"]
        to_call = view.get("to_call", view["current_bet"] - view["wager"][me])
        if to_call <= 0 and "call" in by_kind:
            return by_kind["call"]  # a check
        return by_kind.get("drop", by_kind.get("call", legal_actions[0]))


def is_gauntlet_name(name: str) -> bool:
    return name.startswith("shove@")


def gauntlet_agent(name: str, game_id: str, seed: int | None = None) -> Any:
    """The fixed strategy called ``name`` (``shove@T``: :class:`ShoveAgent` at threshold ``T``)."""
    if name.startswith("shove@"):
        if game_id != "hintaro":
            raise ValueError(f"{name} plays Hintaro only")
        return ShoveAgent(float(name.split("@", 1)[1]), game_id, seed=seed)
    raise ValueError(f"unknown fixed strategy {name!r}")


def main(argv: list[str] | None = None) -> None:
    """``python -m game.measure.gauntlet [--sessions N] [--rounds R] [--seed S] [VILLAIN ...]``: the Hintaro
    shark heads-up against each villain (default: shove@0.40, shove@0.45, regular), chips a round from the
    starting stack with the 95 % interval, and the shark's decision times."""
    import argparse

    from game.measure.ai import _timing, play_match

    parser = argparse.ArgumentParser(prog="python -m game.measure.gauntlet")
    parser.add_argument("villains", nargs="*", default=["shove@0.40", "shove@0.45", "regular"])
    parser.add_argument("--sessions", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for villain in args.villains:
        res = play_match("hintaro", "shark", villain, args.sessions, args.rounds, seed=args.seed)
        mean, lo, hi = res.per_round()
        t = _timing(res.times.get("shark", []))
        print(f"shark vs {villain:<11} {mean:+7.2f} [{lo:+.2f}, {hi:+.2f}]  {res.total_rounds} rounds, "
              f"{args.sessions} sessions; shark p99 {t['p99_ms']:.3f} ms", flush=True)


if __name__ == "__main__":
    main()
