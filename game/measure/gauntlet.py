"""The gauntlet (issue 17): fixed betting strategies anyone could play, to measure the shark against.

A level measured only against other levels can hide a hole a simple trick walks through (Hintaro's shark once
lost 11.5 chips a round to "shove whenever equity is 0.40 or better"). So every game with betting gets a
published list of fixed strategies, :func:`gauntlet_names`, and ``python -m game bench ai --gauntlet`` plays the
shark against each, heads-up and at a four-seat table, with a 95 % interval for every pair.

Each strategy is an agent with the ordinary interface: it reads only its seat's view and the legal actions.
It decides the **betting** by a fixed rule and borrows everything else (rerolls, draws, swaps, hits, Better
Hintaro's business) from a level, the shark's by default (``maniac``) or the regular's (``maniac+regular``),
so a match measures the betting rule alone. The rules (``T`` is a win chance, 0..1):

* ``maniac``: the largest bet or raise there is; never folds.
* ``station``: checks or calls, always (a forced opening bet: the smallest).
* ``minraiser``: the smallest raise whenever it may raise, else calls.
* ``rock@T``: plays only hands whose chance to win is at least ``T``: then raises the minimum once (calls a
  raise); below it checks when free, else folds.
* ``value``: bets for value by its chance ``p``: at ``p >= 0.65`` about the pot, at ``p >= 0.5`` the minimum;
  calls when ``p`` beats the price (``to_call / (pot + to_call)``), else folds.
* ``strongcaller``: never raises; calls only with a chance of at least 0.6, else folds (checks when free).
  In Nepunian Spike that is exactly "call only within 3 of zero".
* ``shove@T``: all in (the largest raise) whenever its chance is at least ``T``, else checks or drops.
* Kinzo has no betting between seats: ``hitto@N`` hits below total ``N`` and stays from it (never splits),
  ``hitto@N:max`` names the table limit when it names the stake, ``hitto@N:min`` the minimum.

The chance to win is the game's own exact figure where the game allows it (Hintaro and Better Hintaro:
:func:`game.ai.hintaro.equity`, the shark's; Street Hintaro: :func:`game.ai.street.outcome_odds`, a tie
counting half) and a rule of thumb in the sabacc games (their hands are hidden): a total of zero is 0.95,
otherwise ``0.9 - 0.1 × |total|`` (at least 0.05), so 0.6 is "within 3 of zero".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai import make_agent
from game.engine.core import Action

#: the betting rules of the list, in the order reports show them (``rock`` and ``shove`` take a threshold)
ROCK_THRESHOLDS: tuple[float, ...] = (0.5, 0.6, 0.7, 0.8, 0.9)
SHOVE_THRESHOLD = 0.40
#: the games whose seats bet against each other (Kinzo's seats play the house: it has its own list)
BETTING_GAMES: tuple[str, ...] = ("hintaro", "street_hintaro", "sabacc_house", "nepunian_spike", "better_hintaro")
#: Kinzo: the totals ``hitto@N`` stays at (a hand holds at most six cards of 1-6; the dealer stops at 5 or 6
#: from its third card on, so totals past 20 never stand a chance)
KINZO_TARGETS: tuple[int, ...] = tuple(range(4, 21))
#: the level whose non-betting play the strategies borrow, unless the name says ``+regular``
DEFAULT_BASE = "shark"

_AGGRESSIVE = ("raise", "bet", "complete", "allin")
_PASSIVE = ("check", "call")
_GIVE_UP = ("drop", "fold", "concede")


def betting_rules() -> list[str]:
    """The betting rules of the published list, by name."""
    return (["maniac", "station", "minraiser"] + [f"rock@{t:.1f}" for t in ROCK_THRESHOLDS]
            + ["value", "strongcaller", f"shove@{SHOVE_THRESHOLD:.2f}"])


def gauntlet_names(game_id: str, bases: Sequence[str] = ("shark", "regular")) -> list[str]:
    """Every strategy of ``game_id``'s list, each rule paired with each base level's non-betting play."""
    if game_id == "kinzo":
        return [f"hitto@{n}:{stake}" for n in KINZO_TARGETS for stake in ("min", "max")]
    if game_id not in BETTING_GAMES:
        raise ValueError(f"{game_id} has no gauntlet; the games are: {', '.join((*BETTING_GAMES, 'kinzo'))}")
    if game_id == "street_hintaro":  # its throws are forced: no other play to borrow, one base is enough
        bases = bases[:1]
    return [rule if base == DEFAULT_BASE else f"{rule}+{base}" for base in bases for rule in betting_rules()]


# ------------------------------------------------------------------------------------------ the win chance
def _sabacc_thumb(total: int) -> float:
    return 0.95 if total == 0 else max(0.05, 0.9 - 0.1 * abs(total))


def win_chance(view: dict[str, Any], game_id: str) -> float:
    """The seat's chance to win the pot as the list's rules read it (see the module notes)."""
    if game_id == "hintaro":
        from game.ai.hintaro import equity

        return equity(view)
    if game_id == "better_hintaro":
        from game.ai.better_hintaro import hintaro_view
        from game.ai.hintaro import equity

        return equity(hintaro_view(view))
    if game_id == "street_hintaro":
        from game.ai.street import outcome_odds

        win, tie, _lose = outcome_odds(view)
        return win + tie / 2
    if game_id == "sabacc_house":
        from game.ai.sabacc_house import my_cards, values_of

        down, up = my_cards(view)
        return _sabacc_thumb(sum(values_of(down + up)))
    if game_id == "nepunian_spike":
        from game.ai.spike import values_of as spike_values

        return _sabacc_thumb(sum(spike_values(view["hand"])))
    raise ValueError(f"{game_id} has no win chance for the gauntlet")


def _pot(view: dict[str, Any], game_id: str) -> int:
    if game_id == "nepunian_spike":
        from game.ai.spike import pot_of

        return pot_of(view)
    pot = view.get("pot", 0)
    return pot if isinstance(pot, int) else 0


def owed(view: dict[str, Any]) -> int:
    """Chips the seat must put in to stay: the view's ``to_call``, else the bet less its wager, else (Street
    Hintaro, whose view has neither) the most any seat has put in less its own contribution."""
    me = view["seat"]
    if isinstance(view.get("to_call"), int):
        return view["to_call"]
    bet, wager = view.get("current_bet"), view.get("wager")
    if isinstance(bet, int) and isinstance(wager, list):
        return bet - wager[me]
    contrib = view.get("contrib")
    if isinstance(contrib, list) and contrib:
        return max(contrib) - contrib[me]
    return 0


# ------------------------------------------------------------------------------------------ the agents
class FixedAgent:
    """A fixed betting rule (``rule``, with ``threshold`` where it takes one) over a level's other play."""

    def __init__(self, rule: str, threshold: float, game_id: str, seed: int | None = None,
                 base: str = DEFAULT_BASE, name: str | None = None) -> None:
        if rule not in ("maniac", "station", "minraiser", "rock", "value", "strongcaller", "shove"):
            raise ValueError(f"unknown betting rule {rule!r}; the rules are: {', '.join(betting_rules())}")
        self.rule = rule
        self.threshold = threshold
        self.game_id = game_id
        self.name = name or rule
        self.base = make_agent(base, game_id, seed=seed)

    @staticmethod
    def is_betting(legal_actions: Sequence[Action]) -> bool:
        """A betting decision offers a bet, a raise, a check, a fold, or a call beside a fold."""
        kinds = {a.kind for a in legal_actions}
        return bool(kinds & {*_AGGRESSIVE, *_GIVE_UP, "check"})

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        if not self.is_betting(legal_actions):
            return self.base.choose(view, legal_actions)
        plain = [a for a in legal_actions if not a.get("items") and a.kind != "loan"]
        if not plain:
            return self.base.choose(view, legal_actions)
        aggressive = sorted((a for a in plain if a.kind in _AGGRESSIVE), key=lambda a: a.get("amount") or 0)
        passive = next((a for a in plain if a.kind in _PASSIVE), None)
        give_up = next((a for a in plain if a.kind in _GIVE_UP), None)
        forced = passive is None and give_up is None  # an opening bet that must be made (Street Hintaro)
        if forced:
            passive = aggressive[0] if aggressive else plain[0]
        to_call = owed(view)
        free = passive is not None and (passive.kind == "check" or to_call <= 0)
        fold = passive if free or give_up is None else give_up

        rule = self.rule
        if rule == "maniac":
            return aggressive[-1] if aggressive else (passive or plain[0])
        if rule == "station":
            return passive or plain[0]
        if rule == "minraiser":
            return aggressive[0] if aggressive else (passive or plain[0])
        p = win_chance(view, self.game_id)
        if rule == "rock":
            if p < self.threshold:
                return fold
            return aggressive[0] if aggressive and to_call <= 0 else (passive or plain[0])
        if rule == "shove":
            if p >= self.threshold:
                return aggressive[-1] if aggressive else (passive or plain[0])
            return fold
        if rule == "strongcaller":
            return (passive or plain[0]) if p >= 0.6 or free else fold
        # value
        pot = _pot(view, self.game_id)
        if aggressive and p >= 0.5 and not forced:
            if p >= 0.65:
                return min(aggressive, key=lambda a: abs((a.get("amount") or 0) - pot))
            return aggressive[0]
        if free or p * (pot + to_call) >= to_call:
            return passive or plain[0]
        return fold


class HitToAgent:
    """Kinzo's fixed rule: hit below total ``target``, stay from it, never split; name the ``stake`` end
    (``min`` or ``max``) of the range when it names the stake; roll its dice."""

    def __init__(self, target: int, stake: str = "min", name: str | None = None) -> None:
        if stake not in ("min", "max"):
            raise ValueError(f"hitto stake is min or max, not {stake!r}")
        self.target = target
        self.stake = stake
        self.name = name or f"hitto@{target}:{stake}"

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        kinds = {a.kind: a for a in legal_actions}
        if "roll" in kinds:
            return kinds["roll"]
        if "stake" in kinds:
            amounts = [a for a in legal_actions if a.kind == "stake"]
            pick = min if self.stake == "min" else max
            return pick(amounts, key=lambda a: a.amount)
        total = view["hands"][view["turn"]]["total"]
        if "hit" in kinds and total < self.target:
            return kinds["hit"]
        return kinds.get("stay", legal_actions[0])


class ShoveAgent(FixedAgent):
    """Hintaro's shove-or-drop (kept by this name for :mod:`game.measure.ai`'s callers): :class:`FixedAgent`
    with the ``shove`` rule at ``threshold``, rerolling as ``reroll_level`` does."""

    def __init__(self, threshold: float, game_id: str = "hintaro", seed: int | None = None,
                 reroll_level: str = "shark") -> None:
        super().__init__("shove", threshold, game_id, seed, reroll_level, name=f"shove@{threshold:.2f}")


_RULES = ("maniac", "station", "minraiser", "rock", "value", "strongcaller", "shove", "hitto")


def is_gauntlet_name(name: str) -> bool:
    return name.partition("+")[0].partition("@")[0] in _RULES


def gauntlet_agent(name: str, game_id: str, seed: int | None = None) -> Any:
    """The fixed strategy called ``name``: ``RULE[@T][+LEVEL]`` (see the module notes) or ``hitto@N:min|max``."""
    body, _plus, base = name.partition("+")
    rule, _at, arg = body.partition("@")
    if rule == "hitto":
        if game_id != "kinzo":
            raise ValueError(f"{name}: hit-to-N plays Kinzo only")
        target, _colon, stake = arg.partition(":")
        if not target.isdigit():
            raise ValueError(f"{name}: hitto@N needs a whole total N, as in hitto@12:max")
        return HitToAgent(int(target), stake or "min", name=name)
    if game_id not in BETTING_GAMES:
        raise ValueError(f"{name}: {game_id} has no betting between seats; its gauntlet is hitto@N")
    if rule not in _RULES:
        raise ValueError(f"unknown fixed strategy {name!r}; the rules are: {', '.join(betting_rules())}, hitto@N")
    needs = rule in ("rock", "shove")
    if needs != bool(arg):
        raise ValueError(f"{name}: {rule} {'needs a chance, as in ' + rule + '@0.7' if needs else 'takes no @'}")
    try:
        threshold = float(arg) if arg else 0.0
    except ValueError:
        raise ValueError(f"{name}: {arg!r} is not a chance between 0 and 1") from None
    if not 0.0 <= threshold <= 1.0:
        raise ValueError(f"{name}: the chance must lie between 0 and 1")
    return FixedAgent(rule, threshold, game_id, seed, base or DEFAULT_BASE, name=name)
