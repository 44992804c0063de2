"""The README's heads-up figures: for each pair, both seats' chips per round and the edge of one over the other.

    python tools/ai_edges.py [GAME ...]        # default: hintaro street_hintaro kinzo

Each pair is one :func:`game.measure.ai.play_match` with the sessions, rounds and seed (1) of a full
``python -m game bench ai``; every seat is measured from its starting stack. Which figure is which:

* Hintaro, Street Hintaro (and the sabacc games): the two seats play each other, so the first level's figure is
  what it takes from the second per round: its **edge** over it (the second's figure is the same, negated).
* Kinzo: each seat plays the house, so each figure is that seat's **winnings from the house**; the edge of the
  first level over the second is the difference (its interval from the sessions' paired differences).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.measure.ai import BENCH_SIZE, play_match, ratio_ci

PAIRS: dict[str, list[tuple[str, str]]] = {
    "hintaro": [("shark", "regular"), ("regular", "novice"), ("novice", "random")],
    "street_hintaro": [("shark", "regular")],
    "kinzo": [("shark", "regular")],
}
#: games where the seats play the house, not each other
HOUSE_GAMES = {"kinzo"}


def _fmt(m: tuple[float, float, float]) -> str:
    return f"{m[0]:+.1f} [{m[1]:.1f}, {m[2]:.1f}]"


def main(games: list[str]) -> None:
    for g in games:
        (sessions, rounds), _ = BENCH_SIZE[g]
        for hero, villain in PAIRS.get(g, [("shark", "regular")]):
            t0 = time.perf_counter()
            r = play_match(g, hero, villain, sessions, rounds, seed=1, timed=False)
            where = f"{g} {hero} vs {villain} ({sessions} sessions x {rounds} rounds)"
            if g in HOUSE_GAMES:
                edge = ratio_ci([h - v for h, v in zip(r.deltas, r.villain_deltas, strict=True)], r.rounds)
                print(f"{where}: from the house {hero} {_fmt(r.per_round())}, {villain} "
                      f"{_fmt(r.villain_per_round())}; edge {_fmt(edge)}", end="")
            else:
                print(f"{where}: edge {_fmt(r.per_round())}", end="")
            print(f"  ({time.perf_counter() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or list(PAIRS))
