"""What the log says about each Better Hintaro event, in the names on screen.
"""

from __future__ import annotations

from typing import Any

from game.ui.tables.better_hintaro.common import the, ucfirst
from game.ui.tables.better_hintaro.trade_builder import offer_side
from game.ui.tables.better_hintaro.victory import victory_sentence


class WordsMixin:
    """Events to sentences (mixed into :class:`BetterHintaroTable`)."""

    # ------------------------------------------------------------------ words
    def _the(self, card: str) -> str:
        return the(self.art.name(card))

    def describe(self, ev: dict[str, Any]) -> str | None:
        kind = ev["kind"]
        s = ev.get("seat")
        who = self._name(s) if s is not None else ""
        names = self.names
        side = offer_side
        c = self.content
        if kind == "game_setup":
            stack = self.state.options.get("stack", 0)
            return f"Each seat starts with {stack:,} credits and two items; three bounties are on offer."
        if kind == "round_started":
            dealer = self._name(ev.get("dealer"))
            if ev.get("high_stakes"):
                return (f"High Stakes round: {dealer} is the Hintaron. Every seat holding an item stakes one; "
                        "no business afterwards.")
            return (f"Round {ev['round']}: {dealer} is the Hintaron (the role passes right). Ante "
                    f"{ev.get('min_bet', 0):,}; each seat may put in at most {ev.get('cap', 0):,} this round.")
        if kind == "bet" and ev.get("items"):
            items = list(ev["items"])
            what = side(items, 0, c)
            lost = f", {ev.get('lost', 0):,} lost" if ev.get("lost") else ""
            credits = f" and {ev['amount']:,} credits" if ev.get("amount") else ""
            verb = f"raises to {ev['current_bet']:,}" if ev["action"] == "raise" else "calls"
            return f"{who} {verb} with {what} (counts {ev.get('credited', 0):,}{lost}){credits}."
        if kind == "bet_returned" and ev.get("item_value_lost"):
            return (f"{ev['amount']:,} uncalled credits go back to {who}; {ev['item_value_lost']:,} of item value "
                    "above the other bets is lost.")
        if kind == "stake":
            lost = f"; {ev['lost']:,} is over the cap and lost" if ev.get("lost") else ""
            return f"{who} stakes {self._the(ev['item'])} ({ev.get('credited', 0):,} counts toward the bet{lost})."
        if kind == "items_won":
            pot = "the pot" if not ev.get("pot") else f"side pot {ev['pot']}"
            return f"{who} also takes {side(list(ev.get('items') or []), 0, c)} from {pot}."
        if kind == "items_carried":
            return f"The item cards in the pot ({side(list(ev.get('items') or []), 0, c)}) wait for the next round."
        if kind == "challenge":
            return f"{who} draws on {self._name(ev.get('target'))}: a shootout!"
        if kind == "holster":
            return f"{who} holsters: no shootout."
        if kind == "sign_chosen":
            sign = ev.get("sign")
            return f"You pick {sign} in secret." if sign and s == self.eyes else f"{who} has picked a sign."
        if kind == "shootout_signs":
            parts = [f"{names[p]} shows {sign}" for p, sign in zip(ev["seats"], ev["signs"], strict=False)]
            return ", ".join(parts) + "."
        if kind == "shootout_won":
            loser = self._name(ev.get("loser"))
            lot = " (by lot, after too many draws)" if ev.get("by_lot") else ""
            took = ""
            if ev.get("credits") or ev.get("items"):
                took = f" and takes {side(list(ev.get('items') or []), ev.get('credits', 0), c)} from {loser}"
            return f"{who} wins the shootout{lot}{took}."
        if kind == "seat_out":
            items = list(ev.get("items") or [])
            return (f"{who} is out of the game: {ev.get('credits', 0):,} credits go to the bank"
                    + (f", {len(items)} item(s) to the discard pile" if items else "") + ".")
        if kind == "bought_back":
            items = list(ev.get("items") or [])
            return (f"{who} buys back in on a loan: {ev.get('credits', 0):,} credits go to the bank"
                    + (f", {len(items)} item(s) to the discard pile" if items else "") + ".")
        if kind in ("turn", "hintaron_passed"):
            return None
        if kind == "carry_returned" and ev.get("odd"):
            odd, to = ev["odd"], self._name(ev.get("odd_to"))
            rest = sum(ev.get("amounts") or []) - odd
            chips = f"{odd:,} odd chip{'s' if odd != 1 else ''}"
            back = " The rest of the carried pot goes back to the seats that paid into it." if rest else ""
            verb = "goes" if odd == 1 else "go"
            return f"No hand follows: the {chips} of the last split {verb} to {to}, first winner left of the dealer." \
                + back
        if kind == "tiebreak_shootout":
            return f"Dead level on every count: {self.join_names(list(ev['seats']))} settle it with a shootout."
        if kind == "shop_updated":
            bits = ["The Shop turns over"]
            if ev.get("discarded"):
                bits.append(f"the Oldest row ({side(list(ev['discarded']), 0, c)}) goes to the discard pile")
            if ev.get("to_pot"):
                bits.append(f"{self._the(ev['to_pot'])} goes into the pot")
            if ev.get("drawn"):
                bits.append(f"new in: {side(list(ev['drawn']), 0, c)}")
            line = ": ".join(bits[:1]) + (": " + "; ".join(bits[1:]) if len(bits) > 1 else "") + "."
            if ev.get("containers_to_pot"):
                line += (f" {ucfirst(side(list(ev['containers_to_pot']), 0, c))} turns up and goes into the pot for "
                         "the next round's winner.")
            return line
        if kind == "business_started":
            order = [names[p] for p in ev.get("order", [])]
            return "Business: " + ", ".join(order) + " in turn (from the Hintaron's right)." if order else None
        if kind == "item_bought":
            row = ev.get("row", "")
            return f"{who} buys {self._the(ev['item'])} for {ev['price']:,} (from the {row} row)."
        if kind == "bounty_taken":
            b = c.bounties[ev["bounty"]]
            return (f"{who} takes on {b.name} (needs {len(b.needs)} items, pays "
                    f"{self.art.pays(ev['bounty'], bool(self.state.options.get('payment_on_completion', True)))}).")
        if kind == "bounty_completed":
            b = c.bounties[ev["bounty"]]
            paid = f"the bank pays {ev['paid']:,}" if ev.get("paid") else \
                f"the reward is {self._the(ev.get('reward_item') or '')}"
            return (f"{who} completes {b.name}, handing in {len(ev.get('items') or [])} items: {paid} "
                    f"({ev.get('completed', 0)} completed).")
        if kind == "item_sold":
            return f"{who} sells {self._the(ev['item'])} to the bank for {ev['price']:,}."
        if kind == "auction_called":
            return (f"{who} calls an auction on {self._the(ev['item'])} (worth {ev['value']:,}): the ask opens at "
                    f"{ev['ask']:,}.")
        if kind == "auction_bid":
            return f"{who} bids {ev['amount']:,}."
        if kind == "auction_pass":
            return f"{who} passes."
        if kind == "auction_ask":
            return f"No takers: the ask drops to {ev['ask']:,}."
        if kind == "auction_won":
            return f"{who} wins {self._the(ev['item'])} for {ev['price']:,}, paid to the bank."
        if kind == "auction_unsold":
            return f"Nobody wants {self._the(ev['item'])}: it stays in the discard pile."
        if kind == "trade_offered":
            to = self._name(ev.get("to"))
            return (f"{who} offers {to} a trade: {side(list(ev.get('give') or []), ev.get('give_credits', 0), c)} "
                    f"for {side(list(ev.get('get') or []), ev.get('get_credits', 0), c)}.")
        if kind == "trade_accepted":
            return f"{who} accepts {self._name(ev.get('from'))}'s offer: the trade is done."
        if kind == "trade_declined":
            return f"{who} declines {self._name(ev.get('from'))}'s offer."
        if kind == "loan_taken":
            gone = ev.get("bounty_taken")
            tail = f"; the bank takes {self.pronoun(s)} bounty {c.bounties[gone].name}" if gone else ""
            return f"{who} borrows {ev['amount']:,} from the bank{tail}."
        if kind == "business_pass":
            return f"{who} ends {self.pronoun(s)} business turn."
        if kind == "container_opened":
            got = side(list(ev.get("items") or []), 0, c)
            return f"{who} opens {self._the(ev['container'])} and draws {got}."
        if kind == "loan_repaid":
            unpaid = f" ({ev['unpaid']:,} stays unpaid)" if ev.get("unpaid") else ""
            return f"{who} repays {ev.get('amount', 0):,} of {self.pronoun(s)} loans{unpaid}."
        if kind == "pot_items_returned":
            return "The item cards still in the pot go back to the seats that bet them."
        if kind == "victory":
            return "Game over. " + victory_sentence(ev, names)
        if kind == "session_over":
            return None
        return super().describe(ev)
