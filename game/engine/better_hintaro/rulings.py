"""What Better Hintaro decided where the rule text and RULINGS.md are silent (shown in the rules browser).

Kept apart from the engine so the list reads as one document; every entry is covered by a test in
``tests/test_better_hintaro.py`` whose name or docstring points back to it.
"""

from __future__ import annotations

RULINGS_NOTES: tuple[str, ...] = (
    # betting
    "The ante is the minimum bet, paid in credits; a seat with fewer credits antes what it has and plays the "
    "round all-in. A seat with no credits sits the dice out but still does business.",
    "The cap (10 × the minimum bet) counts everything a seat puts in during a round, ante included: with the "
    "minimum bet at 10 a seat may bet at most 90 on top of its ante.",
    "An item bet counts its face value up to what the call or raise needs; an item that would overshoot the "
    "bet or the cap loses the excess, and a seat may not add an item that is not needed to reach the amount.",
    "Items in side pots: a bet item's credited value sits in the pot layers it was bet into (a seat's credits "
    "count first, its items on top, in the order bet). The card goes to the sole winner of the highest layer "
    "its value reached; each lower layer holding part of its value is paid that part in credits, out of the "
    "card's own layer (as far as its credits go). So a seat all in for 30 never wins a 150-credit item it "
    "could not match, and the side-pot winner takes the card. Items that came into the pot free (containers, "
    "discarded items, cards carried from an earlier round) go with the main pot.",
    "If the pot an item goes with is split or carried, the card carries to the next round's main pot (a card "
    "cannot be cut, like the odd chips of a split).",
    "All-in is for a seat that cannot cover the bet with credits; it puts in every credit it has.",
    "A raise nobody can fully match is handed back down to the largest amount another seat put in (credits "
    "first; any item value above it is lost).",
    "Rerolls go from the Hintaron's left, as in core Hintaro; only the Hintaron's passing turns right.",
    "The first Hintaron is seat 0; the role passes right to the next seat that still has credits.",
    "The game also ends, with the victory conditions, when fewer than two seats have credits to ante; it ends "
    "before the Hintaron passes, so the last hand's Hintaron settles what is left on the table.",
    "A pot still carried when the game ends goes back in equal shares to the seats that paid into it; items "
    "in it go back to the seats that bet them (containers and free items to the discard pile). The odd chips "
    "of a split in the last hand are not refunded: no hand follows, so they go to the first winner left of "
    "the dealer (RULINGS: splits).",
    # shop and bounties
    "Bounty cards carry our own titles; each names the entry of the text's payment list it stands for.",
    "Each seat is dealt one 50-credit and one 350-credit item (the Setup section; the playtest notes suggest "
    "150 + 350 instead).",
    "The business stage is one turn per seat, from the Hintaron's right, ending with the Hintaron. A turn is "
    "any number of actions, ended with pass.",
    "A container drawn for the Shop goes into the pot at once and a new card is drawn in its place; the "
    "next round's main-pot winner takes it.",
    "When the draw deck runs out, the discard pile is shuffled to form a new one.",
    "A bounty is turned in automatically the moment its holder has every item it needs (during business, on "
    "taking it, after a trade or auction, and at the end of the game); with two complete at once, the one "
    "that pays more goes first.",
    "Bounty payments come from the bank. The reward-item bounty pays its item from a copy set aside at the "
    "start; if that copy is gone, the bank pays the item's value in credits instead.",
    "Selling pays half the item's value, rounded down; the item goes back into the draw deck, reshuffled. A "
    "seat may also sell while it is its turn to bid in an auction, to raise the credits for a bid.",
    "Containers have no value: they cannot be bet or sold to the bank, but they may be traded.",
    # auctions
    "Calling an auction commits the caller: it cannot be called off. The caller is asked first, then the "
    "seats to its right; any seat (the Hintaron too, who speaks for the bank) may bid.",
    "The opening ask is half the item's value rounded to the nearest ten (halves round up). A bid must meet "
    "the ask; each later bid must beat the last by at least 100. When a full round of seats passes after a "
    "bid, the item is sold. With the Auction floor option off (the text's schedule), when everyone passes "
    "with no bid, the ask drops by 100 (50 below 400, 10 below 150) and everyone is asked again; below 10 the "
    "item stays in the discard pile.",
    "Auction floor (option, on by default; RULINGS.md): the step-down stops at the bank's buy-back price, "
    "half the item's value rounded to the nearest ten, a half-way value rounding up (for a 50-credit item "
    "half is 25, the floor 30; for 150, 80; for 350, 180). That is also the opening ask, so with the floor "
    "on the ask never drops: when every seat passes without a bid, nobody takes the item at the floor and it "
    "stays in the discard pile (any seat may call it again in a later turn). The floor is never below what "
    "the bank pays for the item (half, rounded down), so an item bought at auction cannot be sold to the "
    "bank at a profit.",
    "Seats that cannot pay the ask (counting what their items would sell for) are not asked; an ask nobody "
    "can pay drops at once (with the Auction floor on, an ask at the floor nobody can pay ends the auction).",
    "A seat may call at most one auction per business turn.",
    # trades
    "A trade offer names items and/or credits on each side (never credits both ways, never an empty side). "
    "The other seat accepts or declines at once; an accepted trade is binding. A seat may make up to three "
    "offers per business turn, at most one to each seat.",
    # options
    "Rising minimum bet: the minimum bet follows the text's lap table (scaled to the chosen starting bet) "
    "and stays at the last row after lap 9. Chip upgrades are a physical-chip matter and do not apply.",
    "Loans: 500 credits from the bank, once per round per seat, when a seat cannot cover the bet it faces, or "
    "in its business turn when it holds less than the minimum bet. The bank takes one of its bounties at "
    "random (active or completed) back into the bounty deck. Loans are repaid from credits at the end; what "
    "cannot be repaid counts against the seat's credits in the tie-breakers.",
    "Loans after a lost shootout: with the Loans option on, the loser of a shootout chooses to leave the game "
    "or to buy back in with a loan. Either way its credits go to the bank and its items to the discard pile; "
    "back in, it holds the 500 credits of the loan and keeps its bounty cards but for the one the bank takes "
    "at random. A buy-back is allowed even if the seat has already borrowed this round.",
    "High Stakes Showdown: after the last round one more round is played without a business stage; before "
    "the betting, each seat holding an item puts one of its choice in the pot (credited up to the cap).",
    "Shootout: after a showdown, each seat that lost may draw on a seat that won a pot; a secret "
    "rock-paper-scissors exchange, repeated on a draw, settles it. A winning challenger takes what the "
    "target won this round; the loser is out of the game and its credits and items go to the bank and the "
    "discard pile. Deals stay binding: the shootout contests dice, not trades.",
    "Discard items into the pot: when the Oldest row is cleared, one of its items, chosen at random, goes "
    "into the pot instead of the discard pile.",
    # the end
    "At the end, every container a seat holds is opened (each draws its size in items from the shop rows, "
    "draw deck and discard pile, shuffled together; containers drawn are set aside), then completed "
    "bounties are turned in.",
    "Tie-breakers: completed bounties, then the highest value one bounty paid, then credits less unpaid "
    "loans, then the most valuable item held, then the number of items held, then a shootout among the "
    "seats still tied: secret picks; with two signs shown, the winning sign goes through; after 20 drawn "
    "exchanges in a row the engine settles it by lot.",
    "A seat out of the game (lost a shootout) cannot win.",
)


#: refusal codes Better Hintaro gives beyond the core's (``IllegalAction.code``), with what each means
REFUSALS: dict[str, str] = {
    "unexpected_field": "the action carries a field its kind does not take",
    "bad_field": "a field the action needs is missing or has the wrong shape",
    "bad_die": "a reroll names die 0 or die 1",
    "bad_sign": "a shootout pick is rock, paper or scissors",
    "not_an_item": "the card named is not an item with a value (a container, or no card at all)",
    "not_held": "the seat does not hold the card(s) named",
    "no_credits": "the seat has no credits to go all-in with",
    "can_call": "all-in is for a seat that cannot cover the bet; this one can call",
    "raises_closed": "the Hintaron has acted: seats only call or drop",
    "nothing_to_pay": "there is nothing to pay, so no item can be bet",
    "items_overshoot": "the items named come to more than the bet needs: leave out the ones not needed",
    "short_of_credits": "the seat does not hold the credits this needs",
    "loans_off": "loans are off at this table",
    "loan_taken": "the seat has already taken a loan this round",
    "loan_not_needed": "a loan is only for a seat that cannot cover the bet (or, in business, the minimum bet)",
    "already_bought": "one purchase from the Shop a round",
    "not_in_row": "the Shop row named does not hold that item",
    "already_took": "one bounty a round",
    "bounty_limit": "a seat holds at most two active bounties",
    "not_on_offer": "that bounty is not on offer",
    "already_auctioned": "one auction per business turn",
    "not_in_discard": "the discard pile does not hold that item",
    "bad_trade_partner": "a trade offer goes to another seat at the table",
    "seat_out": "that seat is out of the game",
    "already_offered": "one offer to each seat per business turn",
    "offer_limit": "at most three trade offers per business turn",
    "credits_both_ways": "credits in a trade go one way only",
    "empty_side": "a trade needs something on each side",
    "not_a_target": "only a seat that won a pot this round can be challenged",
}
