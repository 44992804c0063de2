"""Sabacc House Rules, the public side of the table: the event catalogue and the view reducer.

The engine (:mod:`game.engine.sabacc_house.table`) builds every event's data with one of the TypedDicts below
(``Event("bet", s, Bet(action=..., ...))``), so a misspelt field is a type error where the event is made, and
``SabaccHouse.EVENT_KINDS`` is the catalogue made from them. :func:`reduce_view` folds one event, as a seat
(or the spectator) sees it, into that seat's view: folding the events of a step from the view before it gives
exactly ``state.view(seat)`` after it.

Why it looks like this:

* **Events carry what they changed, as public results** (the seat's stack and wager after a bet, the queue
  of seats still to act after a turn, the sabacc pot after a buy, the stacks and carried pots after a hand),
  so the reducer copies results instead of re-deciding a rule. Hidden cards travel only in ``Event.secret``
  for the seat that holds them; the reducer reads them from the event only when the view's seat sees them.
* **Counts fold by difference.** The stub and the muck are counts in a view: every event that takes a card
  from the stub lowers it by the cards it shows being dealt, and ``stub_rebuilt`` *adds* the cards it moved
  (the real stub was empty when it happened, but a seat's replacement cards may be dealt partly before and
  partly after it, and its event comes after both).
* **Derived fields are recomputed** (the pot, its layers, the bet size, whose turn it is, the seat's own hand
  rank) with the same functions the engine's view uses (:func:`pot_layers`, :func:`stake`, the evaluator).
* **Between the events of one step the view may use a field loosely, never at its end.** A ``pot_won`` of
  the main pot gathers the contributions into ``carried_main`` and pays the winner out of it, so a screen's
  pot drains as the chips fly; ``round_over`` then sets exactly what carries.
* **The showdown record grows as hands are shown**: the first ``shows`` of a hand starts a new
  ``last_showdown``, each ``shows`` and ``blind_draw`` fills it in, and ``round_over`` completes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from game.engine.core import CarryReturned, SessionOver, build_pots, catalogue, copy_json
from game.engine.sabacc_house.ranks import CARDS, DECK, _rank_sorted

N_CARDS = len(CARDS)


# ------------------------------------------------------------------------------ rules the view shares
def stake(stage: int, small_bet: int, big_bet: int) -> int:
    """The fixed step of betting round ``stage``: the small bet in rounds 1–2, the big bet in rounds 3–4."""
    return small_bet if stage <= 2 else big_bet


def pot_layers(contrib: list[int], live: list[bool], carry_main: int) -> list[dict[str, Any]]:
    """The main pot's layers (side pots), lowest first, as plain data; carried odd chips join the first."""
    out: list[dict[str, Any]] = [{"amount": p.amount, "eligible": list(p.eligible)} for p in build_pots(contrib, live)]
    if carry_main:
        if out:
            out[0]["amount"] += carry_main
        else:
            out.append({"amount": carry_main, "eligible": [s for s in range(len(live)) if live[s]]})
    return out


def hand_of(cards: list[int]) -> Any:
    """The evaluator's rank of a hand of card ids (through its cache; a table's cards are always valid)."""
    return _rank_sorted(tuple(sorted([DECK[c] for c in cards])))


# ------------------------------------------------------------------------------------ the catalogue
class RoundStarted(TypedDict):
    round: int
    dealer: int
    #: seats holding chips, dealt into this hand
    playing: list[bool]


class Antes(TypedDict):
    #: each seat's main-pot ante, and its sabacc-pot ante
    main: list[int]
    sabacc: list[int]
    pot: int
    sabacc_pot: int


class Dealt(TypedDict):
    """To ``seat``: its face-up card and how many face-down ones (secret ``down_cards`` for the seat)."""

    up: list[int]
    down: int


class BoardDealt(TypedDict):
    petals: list[int | None]
    discard: list[int]


class BettingRound(TypedDict):
    """A betting round opens: ``to_act`` is the queue (round 1: the bring-in seat, which posts at once)."""

    stage: int
    to_act: list[int]


class BettingSkipped(TypedDict):
    stage: int


class Bet(TypedDict):
    """``seat`` bets: ``action`` is bring-in, fold, check, call, allin, bet, complete or raise; ``amount`` the
    chips it put in; ``wager``, ``current_bet``, ``pot``, ``stack``, ``bets`` and ``to_act`` as they stand
    after it."""

    action: str
    amount: int
    wager: int
    current_bet: int
    pot: int
    stack: int
    bets: int
    to_act: list[int]


class BetReturned(TypedDict):
    """Chips nobody matched go back to ``seat`` at a betting round's end."""

    amount: int
    stack: int
    pot: int


class DrawPhase(TypedDict):
    stage: int
    order: list[int]


class Drew(TypedDict):
    """``seat`` draws from the stub (secret ``card`` for the seat)."""

    stage: int


class Stayed(TypedDict):
    stage: int
    to_act: list[int]


class Bought(TypedDict):
    """``seat`` buys petal ``slot`` (``card``), face up, paying ``price`` into the sabacc pot."""

    slot: int
    card: int
    price: int
    sabacc_pot: int
    stack: int
    to_act: list[int]


class Swapped(TypedDict):
    """``seat`` buys petal ``slot`` (``card``) and leaves ``gave`` (held ``gave_face``) in its place."""

    slot: int
    card: int
    price: int
    sabacc_pot: int
    stack: int
    gave: int
    gave_face: str
    to_act: list[int]


class PetalRefilled(TypedDict):
    slot: int
    card: int | None
    source: str


class DiscardRefilled(TypedDict):
    card: int
    source: str


class StubRebuilt(TypedDict):
    """The empty stub is rebuilt from ``source`` ("muck", or "discard": all but its top card): ``cards``."""

    source: str
    cards: int


class Kept(TypedDict):
    """``seat`` keeps the card it drew, ``face`` up or down; ``card`` is public only face up (face down it is
    None here and the seat's secret ``card``)."""

    face: str
    card: int | None
    to_act: list[int]


class Discarded(TypedDict):
    """``seat`` discards ``card`` face up: the card it just drew (``drawn``, ``was`` "drawn") or one from its
    hand (``was`` "up" or "down")."""

    card: int
    drawn: bool
    was: str
    to_act: list[int]


class SpikeRoll(TypedDict):
    """The spike dice: ``result`` "nothing", "doubles" or "spikes"; ``mucked`` cards go to the muck first."""

    stage: int
    dice: list[str]
    result: str
    mucked: int


class PocketReplaced(TypedDict):
    """Doubles: ``seat``'s ``count`` face-down cards were replaced (secret ``old_down``/``new_down``)."""

    count: int


class HandReplaced(TypedDict):
    """Spikes: ``seat``'s whole hand was replaced (face-down ones secret)."""

    old_up: list[int]
    new_up: list[int]
    down_count: int


class Shows(TypedDict):
    cards: list[int]
    rank: str
    total: int


class BlindDraw(TypedDict):
    card: int
    draw: int
    total: int


class PotWon(TypedDict):
    """``seat`` takes ``amount`` of pot ``pot`` (``pot_name`` "main" or "sabacc"), a ``split``-way share;
    ``odd_chips`` of it are a split's odd chips given to it because no hand follows (else 0)."""

    amount: int
    pot: int
    pot_name: str
    standing: str | None
    split: int
    odd_chips: int


class SabaccPotCarried(TypedDict):
    amount: int
    best: str


class RoundOver(TypedDict):
    """A hand ends. ``best``: the seats holding the best hand overall (who take the sabacc pot with Banthas
    Wild or better), empty without a showdown; the carried pots and the stacks as they stand after it."""

    round: int
    winners: list[int]
    standings: list[str | None]
    contenders: list[int]
    showdown: bool
    show_order: list[int]
    best: list[int]
    sabacc_pot_won: bool
    carried: int
    carried_sabacc: int
    carried_main: int
    stacks: list[int]
    reason: str  # why the main pot went as it did (game.engine.showdown), found where the winners are
    params: dict[str, Any]  # what its words need: standing, beats, cards/other, total/other, ways...
    against: list[list[Any] | None]  # per seat that lost the main pot at the showdown: [reason, params] against it


EVENT_KINDS = catalogue(
    round_started=RoundStarted,
    antes=Antes,
    dealt=Dealt,
    board_dealt=BoardDealt,
    betting_round=BettingRound,
    betting_skipped=BettingSkipped,
    bet=Bet,
    bet_returned=BetReturned,
    draw_phase=DrawPhase,
    drew=Drew,
    stayed=Stayed,
    bought=Bought,
    swapped=Swapped,
    petal_refilled=PetalRefilled,
    discard_refilled=DiscardRefilled,
    stub_rebuilt=StubRebuilt,
    kept=Kept,
    discarded=Discarded,
    spike_roll=SpikeRoll,
    pocket_replaced=PocketReplaced,
    hand_replaced=HandReplaced,
    shows=Shows,
    blind_draw=BlindDraw,
    pot_won=PotWon,
    sabacc_pot_carried=SabaccPotCarried,
    round_over=RoundOver,
    carry_returned=CarryReturned,
    session_over=SessionOver,
)


# -------------------------------------------------------------------------------------- the reducer
def _start_betting(v: dict[str, Any], stage: int) -> None:
    v["phase"] = "bet"
    v["stage"] = stage
    v["wager"] = [0] * v["seats"]
    v["current_bet"] = 0
    v["bets"] = 0


def _showdown_record(v: dict[str, Any]) -> dict[str, Any]:
    """This hand's showdown record, started by its first shown hand."""
    sd = v["last_showdown"]
    if sd is None or sd["round"] != v["round"]:
        n = v["seats"]
        sd = v["last_showdown"] = {"round": v["round"], "order": [], "hands": [None] * n,
                                   "standings": [None] * n, "blind": [[] for _ in range(n)], "best": [],
                                   "sabacc_pot_won": False}
    return sd


def _settle(v: dict[str, Any]) -> dict[str, Any]:
    """Recompute the fields a view derives from the others (the same functions ``SabaccHouse._view`` uses)."""
    phase = v["phase"]
    to_act = v["to_act"]
    cur = to_act[0] if to_act else None
    v["current_seat"] = cur
    v["is_over"] = phase == "over"
    st = v["structure"]
    v["bet_size"] = stake(v["stage"], st["small_bet"], st["big_bet"])
    v["pot"] = sum(v["contrib"]) + v["carried_main"]
    v["pots"] = pot_layers(v["contrib"], v["live"], v["carried_main"])
    v["drawing"] = cur if phase == "drawn" else None
    if phase != "drawn":
        v["drawn"] = None
    seat = v["seat"]
    v["hand_rank"] = v["hand_total"] = None
    if seat is not None and v["playing"][seat] and (v["down"] or v["up"][seat]):
        r = hand_of(v["down"] + v["up"][seat])
        v["hand_rank"], v["hand_total"] = r.name, r.total
    v.pop("to_call", None)
    if cur is not None and phase == "bet":
        v["to_call"] = v["current_bet"] - v["wager"][cur]
    return v


def _own(v: dict[str, Any], s: int | None) -> bool:
    """Whether the view's seat is ``s`` (then the event's secret part is in it)."""
    return s is not None and v["seat"] == s


def reduce_view(view: Mapping[str, Any], event: Mapping[str, Any]) -> dict[str, Any]:
    """The view after ``event`` (``Event.visible_to(view["seat"])``), from the view before it. Pure."""
    v: dict[str, Any] = copy_json(view)
    e = event
    kind = e["kind"]
    s = e["seat"]
    n = v["seats"]
    if kind == "round_started":
        v["round"] = e["round"]
        v["dealer"] = e["dealer"]
        v["playing"] = list(e["playing"])
        v["live"] = list(e["playing"])
        v["wager"] = [0] * n
        v["aggressor"] = v["bring_in_seat"] = v["drawn"] = None
        v["spike_rolls"] = []
        v["muck"] = 0
        v["discard"] = []
        v["petals"] = [None] * len(v["petals"])
        v["stub"] = N_CARDS
        v["up"] = [[] for _ in range(n)]
        v["down_count"] = [0] * n
        if v["seat"] is not None:
            v["down"] = []
    elif kind == "antes":
        v["contrib"] = list(e["main"])
        for t in range(n):
            v["stacks"][t] -= e["main"][t] + e["sabacc"][t]
        v["sabacc_pot"] = e["sabacc_pot"]
    elif kind == "dealt":
        v["up"][s] = list(e["up"])
        v["down_count"][s] = e["down"]
        v["stub"] -= len(e["up"]) + e["down"]
        if _own(v, s):
            v["down"] = list(e["down_cards"])
    elif kind == "board_dealt":
        v["petals"] = list(e["petals"])
        v["discard"] = list(e["discard"])
        v["stub"] -= len(e["petals"]) + len(e["discard"])
    elif kind == "betting_round":
        _start_betting(v, e["stage"])
        v["to_act"] = list(e["to_act"])
    elif kind == "betting_skipped":
        _start_betting(v, e["stage"])
        v["to_act"] = []
    elif kind == "bet":
        action = e["action"]
        v["contrib"][s] += e["amount"]
        v["wager"][s] = e["wager"]
        v["current_bet"] = e["current_bet"]
        v["stacks"][s] = e["stack"]
        v["bets"] = e["bets"]
        v["to_act"] = list(e["to_act"])
        if action == "bring-in":
            v["bring_in_seat"] = v["aggressor"] = s
        elif action in ("bet", "complete", "raise"):
            v["aggressor"] = s
        elif action == "fold":
            v["live"][s] = False
            v["muck"] += len(v["up"][s]) + v["down_count"][s]
            v["up"][s] = []
            v["down_count"][s] = 0
            if _own(v, s):
                v["down"] = []
    elif kind == "bet_returned":
        v["contrib"][s] -= e["amount"]
        v["wager"][s] -= e["amount"]
        v["stacks"][s] = e["stack"]
        v["current_bet"] = max(v["wager"])
    elif kind == "draw_phase":
        v["phase"] = "draw"
        v["stage"] = e["stage"]
        v["to_act"] = list(e["order"])
    elif kind == "drew":
        v["phase"] = "drawn"
        v["stub"] -= 1
        if _own(v, s):
            v["drawn"] = e["card"]
    elif kind == "stayed":
        v["to_act"] = list(e["to_act"])
    elif kind in ("bought", "swapped"):
        v["stacks"][s] = e["stack"]
        v["sabacc_pot"] = e["sabacc_pot"]
        v["to_act"] = list(e["to_act"])
        up = v["up"][s]
        if kind == "bought":
            up.append(e["card"])
            v["petals"][e["slot"]] = None  # refilled by the next event
        else:
            gave = e["gave"]
            if e["gave_face"] == "up":
                up[up.index(gave)] = e["card"]
            else:
                v["down_count"][s] -= 1
                if _own(v, s):
                    v["down"].remove(gave)
                up.append(e["card"])
            v["petals"][e["slot"]] = gave
    elif kind == "petal_refilled":
        v["petals"][e["slot"]] = e["card"]
        if e["source"] == "discard":
            v["discard"].pop()
        elif e["card"] is not None:
            v["stub"] -= 1
    elif kind == "discard_refilled":
        v["discard"].append(e["card"])
        v["stub"] -= 1
    elif kind == "stub_rebuilt":
        v["stub"] += e["cards"]
        if e["source"] == "muck":
            v["muck"] = 0
        else:
            v["discard"] = v["discard"][-1:]
    elif kind == "kept":
        v["phase"] = "draw"
        v["to_act"] = list(e["to_act"])
        if e["face"] == "up":
            v["up"][s].append(e["card"])
        else:
            v["down_count"][s] += 1
            if _own(v, s):
                v["down"].append(e["card"])
    elif kind == "discarded":
        v["phase"] = "draw"
        v["to_act"] = list(e["to_act"])
        card = e["card"]
        v["discard"].append(card)
        if e["was"] == "up":
            v["up"][s].remove(card)
        elif e["was"] == "down":
            v["down_count"][s] -= 1
            if _own(v, s):
                v["down"].remove(card)
    elif kind == "spike_roll":
        v["spike_rolls"].append([*e["dice"], e["result"]])
        v["muck"] += e["mucked"]
    elif kind == "pocket_replaced":
        v["stub"] -= e["count"]
        if _own(v, s):
            v["down"] = list(e["new_down"])
    elif kind == "hand_replaced":
        v["up"][s] = list(e["new_up"])
        v["down_count"][s] = e["down_count"]
        v["stub"] -= len(e["new_up"]) + e["down_count"]
        if _own(v, s):
            v["down"] = list(e["new_down"])
    elif kind == "shows":
        sd = _showdown_record(v)
        sd["order"].append(s)
        sd["hands"][s] = list(e["cards"])
        sd["standings"][s] = e["rank"]
    elif kind == "blind_draw":
        v["stub"] -= 1
        _showdown_record(v)["blind"][s].append(e["card"])
    elif kind == "pot_won":
        v["stacks"][s] += e["amount"]
        if e["pot_name"] == "sabacc":
            v["sabacc_pot"] -= e["amount"]
        else:  # the main pot is gathered in the middle and paid out (round_over then gives what carries)
            v["carried_main"] += sum(v["contrib"]) - e["amount"]
            v["contrib"] = [0] * n
    elif kind == "round_over":
        if e["showdown"]:
            sd = _showdown_record(v)
            sd["order"] = list(e["show_order"])
            sd["best"] = list(e["best"])
            sd["sabacc_pot_won"] = e["sabacc_pot_won"]
        v["stacks"] = list(e["stacks"])
        v["contrib"] = [0] * n
        v["carried_main"] = e["carried_main"]
        v["sabacc_pot"] = e["carried_sabacc"]
        v["phase"] = "dealing"
        v["to_act"] = []
    elif kind == "carry_returned":
        for t in range(n):
            v["stacks"][t] += e["amounts"][t]
        v["sabacc_pot"] = v["carried_main"] = 0
    elif kind == "session_over":
        v["stacks"] = list(e["stacks"])
        v["phase"] = "over"
        v["to_act"] = []
    # sabacc_pot_carried changes nothing in a view
    return _settle(v)
