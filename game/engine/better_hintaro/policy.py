"""A simple bounty-hunting player for Better Hintaro, used by the economy report.

Random play almost never completes a bounty (it has to hold four to nine particular items at once), so the
report would say nothing about the bounty economy. This "broker" plays the business stage with intent: it
takes the bounty closest to done, buys, bids for and trades for the items its bounties lack, sells what it
does not need when short of credits, bids on discarded items it could sell to the bank for more than the bid,
and plays the dice tightly (checks and cheap calls, rerolls for the best chance of a standing). It reads only
the seat's view and the legal actions, like every agent.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.engine.better_hintaro.business import opening_ask
from game.engine.better_hintaro.content import Content, load_content
from game.engine.core import Action, Rng
from game.engine.hintaro import HINTARO_FACES, PLAYER_FACES, standing


def standing_chance(dice: Sequence[str]) -> float:
    """The chance that these dice make a standing after the Hintaro throw."""
    return sum(standing(dice, face) is not None for face in HINTARO_FACES) / len(HINTARO_FACES)


def reroll_choice(dice: Sequence[str]) -> Action:
    """Keep, or reroll the die that most raises the chance of a standing."""
    best, choice = standing_chance(dice), Action("keep")
    for die in (0, 1):
        chance = 0.0
        for face in PLAYER_FACES:
            new = list(dice)
            new[die] = face
            chance += standing_chance(new) / len(PLAYER_FACES)
        if chance > best + 1e-9:
            best, choice = chance, Action("reroll", die=die)
    return choice


class BrokerAgent:
    """Hunts bounties with the simplest sensible rules (see the module docstring)."""

    name = "broker"

    def __init__(self, game_id: str = "better_hintaro", seed: int | None = None) -> None:
        self.rng = Rng(0 if seed is None else seed)
        self.content: Content = load_content()

    # ------------------------------------------------------------------ helpers
    def _missing(self, view: dict[str, Any], me: int, bounties: Sequence[str]) -> Counter[str]:
        need: Counter[str] = Counter()
        for b in bounties:
            need.update(self.content.bounties[b].needs)
        return need - Counter(view["items"][me])

    def _value(self, cards: Sequence[str]) -> int:
        return sum(self.content.value(c) for c in cards)

    # ------------------------------------------------------------------ choosing
    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        phase = view["phase"]
        me = view["seat"]
        if phase in ("wager", "call"):
            return self._bet(view, me, legal)
        if phase == "reroll":
            return reroll_choice(view["dice"][me])
        if phase in ("duel", "tiebreak"):
            return legal[self.rng.below(len(legal))]
        if phase == "stake":
            return min(legal, key=lambda a: (self.content.value(a.item), a.item))
        if phase == "trade":
            return self._answer(view, me)
        if phase == "auction":
            return self._bid(view, me, legal)
        if phase == "business":
            return self._business(view, me, legal)
        return legal[0]  # challenge: holster

    def _bet(self, view: dict[str, Any], me: int, legal: Sequence[Action]) -> Action:
        to_call = view.get("to_call", 0)
        stack = view["stacks"][me]
        cheap = to_call == 0 or to_call <= max(2 * view["min_bet"], stack // 10)
        return Action("call") if cheap and Action("call") in legal else Action("drop")

    def _answer(self, view: dict[str, Any], me: int) -> Action:
        offer = view["offer"]
        wanted = self._missing(view, me, view["active_bounties"][me])
        mine_needed = Counter()
        for b in view["active_bounties"][me]:
            mine_needed.update(self.content.bounties[b].needs)
        if any(card in mine_needed for card in offer["get"]):
            return Action("decline")
        receive = sum(self.content.value(c) * (2 if c in wanted else 1) for c in offer["give"])
        receive += offer["give_credits"]
        give = self._value(offer["get"]) + offer["get_credits"]
        return Action("accept") if receive >= give else Action("decline")

    def _bid(self, view: dict[str, Any], me: int, legal: Sequence[Action]) -> Action:
        auction = view["auction"]
        card = auction["item"]
        value = self.content.value(card)
        floor = auction["high"] + 100 if auction["bidder"] >= 0 else auction["ask"]
        stack = view["stacks"][me]
        wanted = self._missing(view, me, view["active_bounties"][me])
        limit = min(value, stack - view["min_bet"]) if card in wanted else value // 2 - 10
        if floor <= limit and floor <= stack:
            return Action("bid", amount=floor)
        return Action("pass")

    def _business(self, view: dict[str, Any], me: int, legal: Sequence[Action]) -> Action:
        c = self.content
        stack = view["stacks"][me]
        held = view["items"][me]
        active = view["active_bounties"][me]
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        # 1. take the bounty closest to done
        if "take" in by_kind:
            def gap(a: Action) -> int:
                return self._value(list(self._missing(view, me, [a.bounty]).elements()))
            best = min(by_kind["take"], key=lambda a: (gap(a), a.bounty))
            if gap(best) <= max(3000, 2 * stack) or not active:
                return best
        wanted = self._missing(view, me, active)
        needed_all: Counter[str] = Counter()
        for b in active:
            needed_all.update(c.bounties[b].needs)
        spare = [card for card in held if card in c.items and card not in needed_all]
        # 2. buy what a bounty lacks
        for a in by_kind.get("buy", []):
            if a.item in wanted:
                return a
        # 3. call an auction on a discarded item a bounty lacks
        for a in by_kind.get("auction", []):
            if a.item in wanted and opening_ask(c.value(a.item)) <= stack + self._value(spare) // 2:
                return a
        # 4. offer to buy a lacking item from the seat holding it, in credits or spare items
        if len(view["turn_offers"]) < 3:
            for t, their in enumerate(view["items"]):
                if t == me or not view["alive"][t] or t in view["turn_offers"]:
                    continue
                for card in sorted(set(their) & set(wanted)):
                    value = c.value(card)
                    if stack >= value:
                        return Action("offer", to=t, give=(), give_credits=value, get=(card,), get_credits=0)
                    swap = self._cover(spare, value)
                    if swap:
                        return Action("offer", to=t, give=tuple(swap), give_credits=0, get=(card,), get_credits=0)
        # 5. raise credits: sell a spare item when short (any item when it could not ante), and cash in big
        # spare items no bounty in sight needs
        if stack < 5 * view["min_bet"] and spare:
            return Action("sell", item=min(spare, key=lambda x: (c.value(x), x)))
        sellable = [card for card in held if card in c.items]
        if stack < view["min_bet"] and sellable:
            return Action("sell", item=min(sellable, key=lambda x: (c.value(x), x)))
        in_sight: set[str] = set()
        for b in view["bounty_offer"]:
            in_sight.update(c.bounties[b].needs)
        big = [card for card in spare if c.value(card) >= 1000 and card not in in_sight]
        if big and "sell" in by_kind:
            return Action("sell", item=max(big, key=lambda x: (c.value(x), x)))
        # 6. buy a discarded item cheaply to sell on (auction arbitrage), once in a while
        if "auction" in by_kind and stack > 20 * view["min_bet"] and self.rng.below(4) == 0:
            return max(by_kind["auction"], key=lambda a: (c.value(a.item), a.item))
        return Action("pass")

    def _cover(self, spare: Sequence[str], value: int) -> list[str]:
        """The fewest spare items, most valuable first, whose face value reaches ``value`` (or none)."""
        chosen: list[str] = []
        total = 0
        for card in sorted(spare, key=lambda x: (-self.content.value(x), x)):
            if total >= value:
                break
            chosen.append(card)
            total += self.content.value(card)
        return chosen if total >= value else []
