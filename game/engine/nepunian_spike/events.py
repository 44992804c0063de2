"""Sabacc: Nepunian Spike, what the table says happened: one TypedDict per event kind (the catalogue) and the
view reducer that folds those events into a seat's view.

``reduce_view(view, event)`` is pure: ``view`` is shaped like ``NepunianSpike.view(seat)`` and ``event`` is
``Event.visible_to(seat)``; it returns the view after the event. Folding it over the events a step returned
gives exactly the seat's view after the step (tests/test_view_fold.py checks it at every step of random
playouts); the table screen shows each beat of a story this way.

Why the events carry what they carry:

* **The turn after the event.** Every event that ends where a seat must act carries ``to_act`` (the seats
  still to act in this phase, the next one first), so the reducer never re-runs the betting rules.
* **Resulting numbers, not deltas, where the engine rebuilt them.** A bet carries the seat's stack, wager and
  the table's current bet; a pot won carries the winner's stack and what is left of the pot (``pot_left``:
  the odd chips and levels nobody could win, which carry); every draw carries the deck's size after it.
* **Stage and extra play ride on the events that follow a silent step** (a play phase or betting round
  skipped because nobody can act): ``phase_started``, ``captain_passed``, ``dice_rolled`` and
  ``round_over`` say where the hand stands.
* **Secrets stay secret.** A card drawn face down is in the event's ``secret`` (its seat alone sees it); a
  swap from the deck says ``card: None`` in public.

Derived view fields (the two pots, ``to_call``/``min_raise``) are recomputed from the folded fields, as the
engine computes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from game.engine.core import CarryReturned, SessionOver, catalogue, copy_json


# ---------------------------------------------------------------------------------------------- the catalogue
class RoundStarted(TypedDict):
    round: int
    dealer: int
    captain: int
    playing: list[bool]


class Antes(TypedDict):
    spike: list[int]
    hand: list[int]
    spike_pot: int
    hand_pot: int
    locked: list[bool]


class Locked(TypedDict):
    stack: int


class CardsDealt(TypedDict):
    count: int
    refill: bool
    deck_count: int


class DiscardStarted(TypedDict):
    card: int
    deck_count: int


class PhaseStarted(TypedDict):
    phase: str
    stage: int
    extra: bool
    captain: int
    pot: str
    to_act: list[int]


class Gain(TypedDict):
    count: int
    deck_count: int
    to_act: list[int]


class Swap(TypedDict):
    discarded: int
    source: str
    card: int | None  # public for a card taken from the discard pile; None (the seat's secret) from the deck
    count: int
    deck_count: int
    to_act: list[int]


class Stand(TypedDict):
    count: int
    to_act: list[int]


class Bet(TypedDict):
    action: str
    amount: int
    wager: int
    current_bet: int
    hand_pot: int
    spike_pot: int
    stack: int
    to_act: list[int]


class BetReturned(TypedDict):
    amount: int
    stack: int
    locked: bool
    current_bet: int


class CaptainPassed(TypedDict):
    captain: int
    to_act: list[int]
    stage: int
    extra: bool


class DiceRolled(TypedDict):
    dice: list[int]
    outcome: str
    auto: bool
    spike_hand: bool
    stage: int
    extra: bool


class SpikeAntes(TypedDict):
    amounts: list[int]
    spike_pot: int


class Abandon(TypedDict):
    discarded: list[int]
    count: int
    to_act: list[int]


class Stay(TypedDict):
    to_act: list[int]


class HandsRevealed(TypedDict):
    pot_name: str
    hands: list[list[int] | None]
    standings: list[str | None]
    contenders: list[int]


class HandsDiscarded(TypedDict):
    set_aside: list[int]


class PotWon(TypedDict):
    amount: int
    pot_name: str
    pot: int
    rank: str | None
    split: int
    stack: int
    pot_left: int


class PotCarried(TypedDict):
    pot_name: str
    amount: int


class OddChipsWon(TypedDict):
    amount: int
    pot_name: str
    stack: int


class DeckReshuffled(TypedDict):
    count: int
    discard: list[int]


class Reveal(TypedDict):
    pot_name: str
    standings: list[str | None]
    contenders: list[int]


class RoundOver(TypedDict):
    round: int
    winners: list[int]
    standings: list[str | None]
    contenders: list[int]
    showdown: bool
    reveals: list[Reveal]
    spiked: bool
    carried: int
    carried_spike: int
    carried_hand: int
    stacks: list[int]
    stage: int
    extra: bool
    reason: str  # why the last pot paid went as it did (game.engine.showdown), found where its winners are
    params: dict[str, Any]  # what its words need: standing, beats, total/other, cards/other, ways...


EVENT_KINDS = catalogue(
    round_started=RoundStarted, antes=Antes, locked=Locked, cards_dealt=CardsDealt,
    discard_started=DiscardStarted, phase_started=PhaseStarted, gain=Gain, swap=Swap, stand=Stand, bet=Bet,
    bet_returned=BetReturned, captain_passed=CaptainPassed, dice_rolled=DiceRolled, spike_antes=SpikeAntes,
    abandon=Abandon, stay=Stay, hands_revealed=HandsRevealed, hands_discarded=HandsDiscarded, pot_won=PotWon,
    pot_carried=PotCarried, odd_chips_won=OddChipsWon, deck_reshuffled=DeckReshuffled, round_over=RoundOver,
    carry_returned=CarryReturned, session_over=SessionOver,
)


# ------------------------------------------------------------------------------------------------ the reducer
def _turn(v: dict[str, Any], to_act: list[int]) -> None:
    """The seats still to act in this phase; the first of them acts next (an empty queue leaves the turn where
    it was: the steps that follow say whose it is)."""
    v["to_act"] = list(to_act)
    if to_act:
        v["current_seat"] = to_act[0]


def _pot_keys(name: str) -> tuple[str, str]:
    return ("spike_contrib", "spike_carry") if name == "spike" else ("hand_contrib", "hand_carry")


def reduce_view(view: Mapping[str, Any], event: Mapping[str, Any]) -> dict[str, Any]:
    """The view after ``event`` (as ``Event.visible_to(view["seat"])`` gives it), from the view before it.

    Pure: a new dict; neither argument is changed. See the module docstring for what the events carry.
    """
    v: dict[str, Any] = copy_json(view)
    e = event
    kind = e["kind"]
    s = e.get("seat")
    me = v["seat"]
    n = v["seats"]
    stacks = v["stacks"]
    if kind == "round_started":
        v["round"], v["dealer"], v["captain"] = e["round"], e["dealer"], e["captain"]
        v["stage"], v["extra_play"], v["spiked"], v["dice"] = 1, False, False, None
        v["in_hand"] = list(e["playing"])
        v["in_hand_pot"] = list(e["playing"])
        v["abandoned"] = [False] * n
        v["wager"] = [0] * n
        v["current_bet"] = 0
        v["set_aside"] = []
        v["discard"] = []
        v["hand_counts"] = [0] * n
        v["known_cards"] = [[] for _ in range(n)]
        if me is not None:
            v["hand"], v["folded_cards"] = [], []
    elif kind == "antes":
        for t in range(n):
            stacks[t] -= e["spike"][t] + e["hand"][t]
        v["spike_contrib"], v["hand_contrib"] = list(e["spike"]), list(e["hand"])
        v["locked"] = list(e["locked"])
    elif kind == "locked":
        v["locked"][s] = True
        stacks[s] = e["stack"]
    elif kind == "cards_dealt":
        v["hand_counts"][s] += e["count"]
        v["deck_count"] = e["deck_count"]
        if s == me and "cards" in e:
            v["hand"].extend(e["cards"])
    elif kind == "discard_started":
        v["discard"] = [e["card"]]
        v["deck_count"] = e["deck_count"]
    elif kind == "phase_started":
        v["phase"], v["stage"], v["extra_play"], v["captain"] = e["phase"], e["stage"], e["extra"], e["captain"]
        if e["phase"] == "bet":
            v["wager"] = [0] * n
            v["current_bet"] = 0
        _turn(v, e["to_act"])
    elif kind == "gain":
        v["hand_counts"][s] = e["count"]
        v["deck_count"] = e["deck_count"]
        if s == me and "card" in e:
            v["hand"].append(e["card"])
        _turn(v, e["to_act"])
    elif kind == "swap":
        gone, took = e["discarded"], e.get("card")
        known = v["known_cards"][s]
        if gone in known:
            known.remove(gone)
        pile = v["discard"]
        if e["source"] == "discard":
            pile.pop()
            known.append(took)
        if not pile or pile[-1] != gone:  # a reshuffle during the draw may already show it as the pile
            pile.append(gone)
        if s == me:
            v["hand"].remove(gone)
            v["hand"].append(took)
        v["hand_counts"][s] = e["count"]
        v["deck_count"] = e["deck_count"]
        _turn(v, e["to_act"])
    elif kind == "stand":
        v["hand_counts"][s] = e["count"]
        _turn(v, e["to_act"])
    elif kind == "bet":
        amount = e["amount"]
        if amount:
            v["spike_contrib" if v["spiked"] else "hand_contrib"][s] += amount
        stacks[s] = e["stack"]
        v["wager"][s] = e["wager"]
        v["current_bet"] = e["current_bet"]
        if e["action"] == "fold":
            v["in_hand"][s] = v["in_hand_pot"][s] = False
            v["hand_counts"][s] = 0
            if s == me:
                v["folded_cards"].extend(v["hand"])
                v["hand"] = []
        _turn(v, e["to_act"])
    elif kind == "bet_returned":
        back = e["amount"]
        v["spike_contrib" if v["spiked"] else "hand_contrib"][s] -= back
        v["wager"][s] -= back
        stacks[s] = e["stack"]
        v["locked"][s] = e["locked"]
        v["current_bet"] = e["current_bet"]
    elif kind == "captain_passed":
        v["captain"] = e["captain"]
        v["stage"], v["extra_play"] = e["stage"], e["extra"]
        if e["to_act"]:
            v["phase"] = "roll"
        _turn(v, e["to_act"])
    elif kind == "dice_rolled":
        v["dice"] = list(e["dice"])
        v["stage"], v["extra_play"] = e["stage"], e["extra"]
    elif kind == "spike_antes":
        for t, a in enumerate(e["amounts"]):
            stacks[t] -= a
            v["spike_contrib"][t] += a
    elif kind == "abandon":
        thrown = e["discarded"]
        v["set_aside"].extend(thrown)
        v["known_cards"][s] = [c for c in v["known_cards"][s] if c not in thrown]
        v["hand_counts"][s] = e["count"]
        v["in_hand_pot"][s] = False
        v["abandoned"][s] = True
        if s == me:
            v["hand"] = [c for c in v["hand"] if c not in thrown]
        _turn(v, e["to_act"])
    elif kind == "stay":
        _turn(v, e["to_act"])
    elif kind == "hands_revealed":
        v["last_reveal"] = {"pot_name": e["pot_name"], "hands": copy_json(e["hands"]),
                            "standings": list(e["standings"]), "contenders": list(e["contenders"])}
    elif kind == "hands_discarded":
        aside = e["set_aside"]
        gone = set(aside)
        for t in range(n):
            if v["in_hand"][t] and not v["abandoned"][t]:
                v["hand_counts"][t] = 0
                v["known_cards"][t] = [c for c in v["known_cards"][t] if c not in gone]
                if t == me:  # cards not shown go face down with the seat
                    v["folded_cards"].extend(c for c in v["hand"] if c not in gone)
                    v["hand"] = []
        v["set_aside"] = list(aside)
        v["discard"] = []
        v["spiked"] = True
        v["in_hand_pot"] = [False] * n
    elif kind == "pot_won":
        contrib, carry = _pot_keys(e["pot_name"])
        stacks[s] = e["stack"]
        v[contrib] = [0] * n
        v[carry] = e["pot_left"]
    elif kind == "pot_carried":
        contrib, carry = _pot_keys(e["pot_name"])
        v[contrib] = [0] * n
        v[carry] = e["amount"]
    elif kind == "odd_chips_won":
        _contrib, carry = _pot_keys(e["pot_name"])
        stacks[s] = e["stack"]
        v[carry] -= e["amount"]
    elif kind == "deck_reshuffled":
        v["deck_count"] = e["count"]
        v["discard"] = list(e["discard"])
        v["set_aside"] = []
    elif kind == "round_over":
        v["hand_contrib"], v["spike_contrib"] = [0] * n, [0] * n
        v["hand_carry"], v["spike_carry"] = e["carried_hand"], e["carried_spike"]
        v["stacks"] = list(e["stacks"])
        v["stage"], v["extra_play"] = e["stage"], e["extra"]
        v["phase"] = "between"
        v["to_act"] = []
    elif kind == "carry_returned":
        for t, a in enumerate(e["amounts"]):
            stacks[t] += a
        v["hand_carry"] = v["spike_carry"] = 0
    elif kind == "session_over":
        v["stacks"] = list(e["stacks"])
        v["phase"] = "over"
        v["to_act"] = []
        v["current_seat"] = None
        v["is_over"] = True
    # derived fields, as the engine derives them
    v["hand_pot"] = sum(v["hand_contrib"]) + v["hand_carry"]
    v["spike_pot"] = sum(v["spike_contrib"]) + v["spike_carry"]
    cur = v["current_seat"]
    if cur is not None and v["phase"] == "bet":
        v["to_call"] = v["current_bet"] - v["wager"][cur]
        v["min_raise"] = v["ante"]
    else:
        v.pop("to_call", None)
        v.pop("min_raise", None)
    return v
