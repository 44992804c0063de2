"""Street Hintaro AI: exact odds from the cubes on the table, and the three levels.

**The exact odds.** A seat scores 1 + its cubes matching the shared cube's colour. With ``r`` red cubes
against the opponent's ``q``: if ``r == q`` the scores are equal whatever the shared cube shows (a certain
tie, the wagers carry), otherwise one seat wins on red and the other on blue, an even 50/50. Before the
throws the same holds on average: P(win) = P(lose) = 5/16, P(tie) = 3/8. :func:`outcome_odds` enumerates
every cube still to be thrown (``itertools.product`` over the faces, from the view only) rather than relying
on this, so it stays right under the Cantina (low wins) option.

**What is maximised.** Expected chips: a win takes the pot, a tie carries it, and carried chips are valued at
half (both seats compete for them again on equal terms). Since P(win) + P(tie)/2 is always exactly 1/2,
calling a bet ``x`` into a pot ``P`` (which holds that bet) is worth ``P/2 + x/2 - x = (P - x)/2 >= 0``: the
shark never concedes. Raising is worth the same as checking against a seat that always calls, and more
against one that sometimes concedes, so the shark always raises when it may (how much is its personality).
Because it never concedes, no strategy can beat it in expectation, and because a seat that never concedes
cannot be beaten either, six of the gauntlet's rules are even against it: :mod:`game.measure.street_exact`
proves both exactly on the engine, and finds the shark a best response to every other rule of the list.

**The levels' mistakes** (what they cost is measured by ``python -m game bench ai``):

* ``novice`` reads only its own cubes: two of a colour look strong, a mixed pair looks weak. It concedes a
  pot-sized raise with a mixed pair (a hand that is really a 50/50 or a certain tie), and raises half the pot
  only with a matched pair.
* ``regular`` counts both seats' cubes but treats a tie as worth nothing ("a tie just wastes my call"), so it
  concedes a tie-bound hand to any raise above the minimum, giving away its half of the pot. It raises the
  pot with nearly every even hand, which is what punishes the novice.

The bench shows the order this makes: shark > regular > novice, and all three even with ``passive``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache
from typing import Any

from game.ai.levels import LevelAgent, Personality, register_policy
from game.engine.core import Action
from game.engine.street_hintaro import CUBE_FACES, score

#: what a carried (tied) chip is worth to each of the two seats
CARRY_SHARE = 0.5


#: each distinct cube face with its probability (red 1/2, blue 1/2)
FACE_P: dict[str, float] = {f: CUBE_FACES.count(f) / len(CUBE_FACES) for f in dict.fromkeys(CUBE_FACES)}


def outcome_odds(view: dict[str, Any], seat: int | None = None) -> tuple[float, float, float]:
    """(win, tie, lose) for ``seat`` (default: the viewer), exactly, over every cube not yet on the table."""
    me = view["seat"] if seat is None else seat
    cubes = view["cubes"]
    return _odds(tuple(cubes[0]), tuple(cubes[1]), view.get("shared"), bool(view.get("low_wins")), me)


@cache
def _odds(c0: tuple[str, ...], c1: tuple[str, ...], shared: str | None, low: bool, me: int) -> tuple[float, ...]:
    """Enumerate every face of every cube still to come (``itertools.product``), weighting each by its chance."""
    hidden = [2 - len(c0), 2 - len(c1), 0 if shared else 1]
    win = tie = lose = 0.0
    for draw in itertools.product(FACE_P.items(), repeat=sum(hidden)):
        p = 1.0
        for _face, q in draw:
            p *= q
        faces = [f for f, _q in draw]
        own = (list(c0) + faces[: hidden[0]], list(c1) + faces[hidden[0]: hidden[0] + hidden[1]])
        face = shared if shared else faces[-1]
        a, b = score(own[me], face), score(own[1 - me], face)
        if a == b:
            tie += p
        elif (a > b) != low:
            win += p
        else:
            lose += p
    return win, tie, lose


def call_value(view: dict[str, Any], amount: int, tie_share: float = CARRY_SHARE) -> float:
    """Expected chips back from the table minus ``amount`` put in, for calling (or betting) ``amount`` now,
    assuming the pot then goes to the showdown; ties carry and are worth ``tie_share`` of the pot."""
    win, tie, _lose = outcome_odds(view)
    pot = view["pot"] + amount
    return win * pot + tie * tie_share * pot - amount


def tie_bound(view: dict[str, Any]) -> bool:
    """Both seats have thrown and hold as many red cubes: the round must tie whatever the shared cube shows."""
    a, b = view["cubes"]
    return len(a) == 2 and len(b) == 2 and a.count("red") == b.count("red")


class StreetAgent(LevelAgent):
    """A Street Hintaro seat at one level (see the module docstring for what each level gets wrong)."""

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        kinds = {a.kind: a for a in legal_actions}
        if "throw" in kinds:
            return kinds["throw"]
        if "concede" in kinds:
            return kinds["call"] if self.calls(view) else kinds["concede"]
        amounts = [a.amount for a in legal_actions if a.kind in ("bet", "raise")]
        kind = "bet" if "bet" in kinds else "raise"
        if kind == "raise" and not self.raises(view):
            return kinds["check"]
        size = self.size(view, kind)
        lo, hi = min(amounts), max(amounts)
        return Action(kind, amount=max(lo, min(hi, round(size))))

    # ------------------------------------------------------------------ the three decisions
    def calls(self, view: dict[str, Any]) -> bool:
        """Meet the bet or raise in front of it (else concede)."""
        me = view["seat"]
        x = view["contrib"][1 - me] - view["contrib"][me]
        pot = view["pot"]
        if self.level == "shark":
            return call_value(view, x) >= -1e-9  # (P - x)/2 >= 0: always, but computed, not assumed
        if view["phase"] == "match" or (self.level == "regular" and not tie_bound(view)):
            return True
        if self.level == "regular":  # tie-bound: a tie "wins nothing", so the call looks like a pure loss
            return x <= view["min_bet"] * (1 + self.personality.risk)
        # novice: a mixed pair looks weak whatever the other seat holds
        own = view["cubes"][me]
        mixed = len(set(own)) > 1
        return not mixed or x * (1.5 - self.personality.patience + self.personality.risk) < pot / 2

    def raises(self, view: dict[str, Any]) -> bool:
        """Raise after the throws (else check)."""
        if self.level == "shark":
            return True  # never worse than checking (module docstring), better against a conceder
        pers = self.personality
        if self.level == "regular":
            if tie_bound(view):
                return self.chance(pers.bluff)
            return self.chance(0.9 + 0.2 * pers.risk)
        own = view["cubes"][view["seat"]]
        return len(set(own)) == 1 or self.chance(pers.bluff)

    def size(self, view: dict[str, Any], kind: str) -> float:
        """How many chips to bet or raise."""
        mb = view["min_bet"]
        risk = self.personality.risk
        if kind == "bet":
            base = {"novice": 1.0, "regular": 2.0, "shark": 5.0}[self.level]
            return mb * base * (1.0 + risk)
        base = {"novice": 0.5, "regular": 1.0, "shark": 1.0}[self.level]
        return view["pot"] * base * (1.0 + 0.5 * risk)


def make_street_agent(game_id: str, level: str, personality: Personality, seed: int | None = None) -> StreetAgent:
    return StreetAgent(game_id, level, personality, seed)


register_policy("street_hintaro", make_street_agent)
