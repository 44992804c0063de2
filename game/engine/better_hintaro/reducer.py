"""Better Hintaro's view as a fold: ``reduce_view(view, event) -> view``.

A seat's view after an event, from its view before it and the event as that seat sees it
(``Event.visible_to(seat)``). Pure: it starts from a copy and never mutates either argument. Rules stay in the
engine: the pots, the symbols on the dice and what a seat has to call are recomputed by :func:`derived` with the
engine's own functions, and every event carries the results the view cannot work out on its own (the ``turn``
event closing each step says whose turn it is; deck sizes after a reshuffle travel with the events that
reshuffle). The contract test (``tests/test_view_fold.py``) folds this over every step of random playouts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.engine.better_hintaro.content import load_content
from game.engine.better_hintaro.pots import credit_pots, take_back
from game.engine.core import copy_json
from game.engine.hintaro import symbols

View = dict[str, Any]
Data = Mapping[str, Any]


def derived(v: View) -> View:
    """Fill in the fields that follow from others (in place; returns ``v``): the cap on a wager, the symbols
    showing, the pot and its layers, what the seat to act must call, whether the session is over."""
    v["wager_cap"] = v["cap"] - v["min_bet"]
    v["symbols"] = [list(symbols(d)) if d else None for d in v["dice"]]
    v["pot"] = sum(v["contrib"]) + v["carry"]
    stakes = v["pot_stakes"]
    if v["carry"] or any(v["contrib"]):
        pots = credit_pots(v["contrib"], [(seat, credit) for _, seat, credit in stakes], v["in_hand"], v["carry"])
    else:
        pots = []
    v["pots"] = [{"credits": p.credits, "value": p.value, "eligible": list(p.eligible),
                  "items": [stakes[k][0] for k in p.items]} for p in pots]
    s = v["current_seat"]
    v["is_over"] = s is None
    if s is not None and v["phase"] in ("wager", "call"):
        v["to_call"] = v["current_bet"] - v["wager"][s]
    else:
        v.pop("to_call", None)
    return v


def reduce_view(view: Mapping[str, Any], event: Mapping[str, Any]) -> dict[str, Any]:
    """The view after ``event`` (as ``Event.visible_to(view["seat"])`` gives it), from the view before it."""
    v: View = copy_json(view)
    kind = event["kind"]
    fold = _FOLDS.get(kind)
    if fold is not None:
        fold(v, event.get("seat"), event)
    if kind in _PAYING_OUT:  # the showdown pays out pot by pot; round_over then settles the table exactly
        return v
    return derived(v)


# ------------------------------------------------------------------------------------------- helpers
def _give(v: View, seat: int, cards: list[str]) -> None:
    boxes = load_content().containers
    for card in cards:
        (v["containers"] if card in boxes else v["items"])[seat].append(card)
    v["items"][seat].sort()
    v["containers"][seat].sort()


def _take(v: View, seat: int, cards: list[str]) -> None:
    for card in cards:
        for row in (v["items"][seat], v["containers"][seat]):
            if card in row:
                row.remove(card)
                break


def _to_pot(v: View, cards: list[str], seat: int, credits: list[int] | None = None) -> None:
    for i, card in enumerate(cards):
        v["pot_items"].append(card)
        v["pot_stakes"].append([card, seat, credits[i] if credits else 0])


# ------------------------------------------------------------------------------------------- round flow
def _game_setup(v: View, s: int | None, e: Data) -> None:
    for seat in range(v["seats"]):
        v["items"][seat], v["containers"][seat] = [], []
        _give(v, seat, e["items"][seat])
    v["bounty_offer"] = list(e["bounty_offer"])
    v["bounty_deck_count"] = e["bounty_deck_count"]
    v["draw_count"] = e["draw_count"]
    v["reserve"] = list(e["reserve"])


def _round_started(v: View, s: int | None, e: Data) -> None:
    n = v["seats"]
    v["round"] = e["round"]
    v["dealer"] = e["dealer"]
    v["in_hand"] = list(e["playing"])
    v["allin"] = [False] * n
    v["contrib"] = [0] * n
    v["item_credit"] = [0] * n
    v["wager"] = [0] * n
    v["current_bet"] = 0
    v["challengers"] = []
    for key in ("min_bet", "cap", "lap", "high_stakes"):
        v[key] = e[key]


def _hintaron_passed(v: View, s: int | None, e: Data) -> None:
    for key in ("dealer", "lap", "min_bet", "cap"):
        v[key] = e[key]


def _antes(v: View, s: int | None, e: Data) -> None:
    for seat, amount in enumerate(e["amounts"]):
        v["stacks"][seat] -= amount
        v["contrib"][seat] = amount


def _dice_thrown(v: View, s: int | None, e: Data) -> None:
    v["dice"] = [list(d) for d in e["dice"]]


def _stake(v: View, s: int, e: Data) -> None:
    _take(v, s, [e["item"]])
    _to_pot(v, [e["item"]], s, [e["credited"]])
    v["item_credit"][s] += e["credited"]
    v["wager"][s] = e["wager"]
    v["current_bet"] = max(v["current_bet"], e["wager"])


def _bet(v: View, s: int, e: Data) -> None:
    if e["action"] == "drop":
        v["in_hand"][s] = False
    elif e["action"] == "allin":
        v["allin"][s] = True
    v["stacks"][s] = e["stack"]
    v["contrib"][s] += e["amount"]
    v["wager"][s] = e["wager"]
    v["current_bet"] = e["current_bet"]
    if e["items"]:
        _take(v, s, e["items"])
        _to_pot(v, e["items"], s, e["item_credits"])
        v["item_credit"][s] += e["credited"]


def _bet_returned(v: View, s: int, e: Data) -> None:
    lost = e["item_value_lost"]
    v["contrib"][s] -= e["amount"]
    v["stacks"][s] = e["stack"]
    v["item_credit"][s] -= lost
    if lost:
        pairs = [[seat, credit] for _, seat, credit in v["pot_stakes"]]
        take_back(pairs, s, lost)
        for row, (_, credit) in zip(v["pot_stakes"], pairs, strict=True):
            row[2] = credit
    v["wager"][s] -= e["amount"] + lost
    v["current_bet"] = max(v["wager"])


def _dice(v: View, s: int, e: Data) -> None:
    v["dice"][s] = list(e["dice"])


def _hintaro_thrown(v: View, s: int | None, e: Data) -> None:
    v["last_showdown"] = {"round": v["round"], "hintaro": e["face"], "seats": copy_json(e["seats"])}


def _pot_won(v: View, s: int, e: Data) -> None:
    """The chips leave their pot for the winner's stack (the pot shown shrinks as it is paid out)."""
    amount = e["amount"]
    v["stacks"][s] += amount
    v["pot"] = max(0, v["pot"] - amount)
    v["carry"] = 0  # the carried chips were gathered into the pot being paid (round_over says what carries)
    if e["pot"] < len(v["pots"]):
        pot = v["pots"][e["pot"]]
        pot["credits"] = max(0, pot["credits"] - amount)


def _items_won(v: View, s: int, e: Data) -> None:
    _give(v, s, e["items"])
    pot = v["pots"][e["pot"]] if e["pot"] < len(v["pots"]) else {"items": []}
    for card in e["items"]:
        if card in v["pot_items"]:
            i = v["pot_items"].index(card)
            del v["pot_items"][i]
            del v["pot_stakes"][i]
        if card in pot["items"]:
            pot["items"].remove(card)


def _round_over(v: View, s: int | None, e: Data) -> None:
    n = v["seats"]
    v["stacks"] = list(e["stacks"])
    v["carry"] = e["carried"]
    v["contrib"] = [0] * n
    v["item_credit"] = [0] * n
    v["pot_stakes"] = copy_json(e["pot_stakes"])
    v["pot_items"] = [card for card, _, _ in e["pot_stakes"]]


# ------------------------------------------------------------------------------------------- shootouts
def _sign_chosen(v: View, s: int, e: Data) -> None:
    if "sign" in e and v["shootout"] is not None:
        v["shootout"]["my_pick"] = e["sign"]


def _shootout_won(v: View, s: int, e: Data) -> None:
    loser, challenger = e["loser"], e["challenger"]
    target = loser if s == challenger else s
    if s == challenger:
        v["stacks"][target] -= e["credits"]
        v["stacks"][challenger] += e["credits"]
        _take(v, target, e["items"])
        _give(v, challenger, e["items"])


def _strip(v: View, s: int, e: Data) -> None:
    v["stacks"][s] = 0
    v["bank"] = e["bank"]
    v["items"][s], v["containers"][s] = [], []
    v["discard"] = sorted(v["discard"] + e["items"])


def _seat_out(v: View, s: int, e: Data) -> None:
    _strip(v, s, e)
    v["active_bounties"][s] = []
    v["bounty_offer"] = list(e["bounty_offer"])
    v["bounty_deck_count"] = e["bounty_deck_count"]
    v["alive"][s] = False
    v["in_hand"][s] = False


# ------------------------------------------------------------------------------------------- business
def _shop_updated(v: View, s: int | None, e: Data) -> None:
    if e["to_pot"] is not None:
        _to_pot(v, [e["to_pot"]], -1)
    _to_pot(v, e["containers_to_pot"], -1)
    v["shop"] = {"newest": list(e["newest"]), "oldest": list(e["oldest"])}
    v["draw_count"] = e["draw_count"]
    v["discard"] = list(e["discard"])


def _business_started(v: View, s: int | None, e: Data) -> None:
    n = v["seats"]
    v["bought"] = [False] * n
    v["took"] = [False] * n


def _bounty_completed(v: View, s: int, e: Data) -> None:
    _take(v, s, e["items"])
    v["active_bounties"][s].remove(e["bounty"])
    v["completed_bounties"][s].append(e["bounty"])
    v["completed_values"][s].append(e["value"])
    if e["reward_item"] is not None:
        v["reserve"].remove(e["reward_item"])
        _give(v, s, [e["reward_item"]])
    v["stacks"][s] += e["paid"]
    v["bank"] = e["bank"]
    v["draw_count"] = e["draw_count"]


def _item_bought(v: View, s: int, e: Data) -> None:
    v["shop"][e["row"]].remove(e["item"])
    v["shop"]["newest"] += e["drawn"]
    _to_pot(v, e["containers_to_pot"], -1)
    v["stacks"][s] -= e["price"]
    v["bank"] = e["bank"]
    _give(v, s, [e["item"]])
    v["bought"][s] = True
    v["draw_count"] = e["draw_count"]
    v["discard"] = list(e["discard"])


def _bounty_taken(v: View, s: int, e: Data) -> None:
    v["active_bounties"][s].append(e["bounty"])
    v["took"][s] = True
    v["bounty_offer"] = list(e["bounty_offer"])
    v["bounty_deck_count"] = e["bounty_deck_count"]


def _item_sold(v: View, s: int, e: Data) -> None:
    _take(v, s, [e["item"]])
    v["stacks"][s] += e["price"]
    v["bank"] = e["bank"]
    v["draw_count"] = e["draw_count"]


def _loan_taken(v: View, s: int, e: Data) -> None:
    v["stacks"][s] = e["stack"]
    v["bank"] = e["bank"]
    v["loans"][s] = e["owed"]
    v["active_bounties"][s] = list(e["active"])
    v["completed_bounties"][s] = list(e["completed"])
    v["completed_values"][s] = list(e["completed_values"])
    v["bounty_offer"] = list(e["bounty_offer"])
    v["bounty_deck_count"] = e["bounty_deck_count"]


def _trade_accepted(v: View, s: int, e: Data) -> None:
    giver, taker = e["from"], e["to"]
    _take(v, giver, e["give"])
    _take(v, taker, e["get"])
    _give(v, taker, e["give"])
    _give(v, giver, e["get"])
    net = e["give_credits"] - e["get_credits"]
    v["stacks"][giver] -= net
    v["stacks"][taker] += net


def _auction_won(v: View, s: int, e: Data) -> None:
    v["stacks"][s] -= e["price"]
    v["bank"] = e["bank"]
    v["discard"].remove(e["item"])
    _give(v, s, [e["item"]])


# ------------------------------------------------------------------------------------------- the end
def _carry_returned(v: View, s: int | None, e: Data) -> None:
    for seat, amount in enumerate(e["amounts"]):
        v["stacks"][seat] += amount
    v["carry"] = 0


def _pot_items_returned(v: View, s: int | None, e: Data) -> None:
    for seat, cards in enumerate(e["items"]):
        _give(v, seat, cards)
    v["discard"] = sorted(v["discard"] + e["discarded"])
    v["pot_items"], v["pot_stakes"] = [], []


def _container_opened(v: View, s: int, e: Data) -> None:
    _take(v, s, [e["container"]])
    _give(v, s, e["items"])
    v["shop"] = {"newest": [], "oldest": []}
    v["draw_count"] = e["draw_count"]
    v["discard"] = list(e["discard"])


def _loan_repaid(v: View, s: int, e: Data) -> None:
    v["stacks"][s] -= e["amount"]
    v["debt"][s] = e["unpaid"]
    v["bank"] = e["bank"]


def _victory(v: View, s: int | None, e: Data) -> None:
    v["result"] = {"winner": e["winner"], "decided_by": e["decided_by"], "standings": copy_json(e["standings"])}


def _turn(v: View, s: int | None, e: Data) -> None:
    before = v.get("shootout")
    for key in ("phase", "current_seat", "to_act", "auction", "offer", "turn_offers", "turn_auctioned",
                "challengers"):
        v[key] = copy_json(e[key])
    shootout = copy_json(e["shootout"])
    if shootout is not None:
        me = v["seat"]
        mine = None
        if me in shootout["seats"] and shootout["picked"][shootout["seats"].index(me)] and before is not None \
                and before["kind"] == shootout["kind"]:
            mine = before.get("my_pick")
        shootout["my_pick"] = mine
    v["shootout"] = shootout


#: events of the showdown's payout, after which the derived fields are left as the event set them until
#: ``round_over`` (recomputing the pots from contributions would put the paid chips back in them)
_PAYING_OUT = frozenset({"pot_won", "items_won", "items_carried", "pot_carried"})

_FOLDS: dict[str, Callable[[View, Any, Data], None]] = {
    "game_setup": _game_setup,
    "hintaron_passed": _hintaron_passed,
    "round_started": _round_started,
    "antes": _antes,
    "dice_thrown": _dice_thrown,
    "stake": _stake,
    "bet": _bet,
    "bet_returned": _bet_returned,
    "reroll": _dice,
    "keep": _dice,
    "hintaro_thrown": _hintaro_thrown,
    "pot_won": _pot_won,
    "items_won": _items_won,
    "round_over": _round_over,
    "sign_chosen": _sign_chosen,
    "shootout_won": _shootout_won,
    "seat_out": _seat_out,
    "bought_back": _strip,
    "shop_updated": _shop_updated,
    "business_started": _business_started,
    "bounty_completed": _bounty_completed,
    "item_bought": _item_bought,
    "bounty_taken": _bounty_taken,
    "item_sold": _item_sold,
    "loan_taken": _loan_taken,
    "trade_accepted": _trade_accepted,
    "auction_won": _auction_won,
    "carry_returned": _carry_returned,
    "pot_items_returned": _pot_items_returned,
    "container_opened": _container_opened,
    "loan_repaid": _loan_repaid,
    "victory": _victory,
    "turn": _turn,
}
