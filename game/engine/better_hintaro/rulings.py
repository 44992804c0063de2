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
    "Items in the pot go to the sole winner of the main pot. If the main pot is split or carried, the item "
    "cards carry to the next round's pot (they cannot be cut, like the odd chips of a split).",
    "Credits are paid from the pots; the credited value of bet items is counted out of the lowest pots first, "
    "so every pot pays only real credits.",
    "All-in is for a seat that cannot cover the bet with credits; it puts in every credit it has.",
    "A raise nobody can fully match is handed back down to the largest amount another seat put in (credits "
    "first; any item value above it is lost).",
    "Rerolls go from the Hintaron's left, as in core Hintaro; only the Hintaron's passing turns right.",
    "The first Hintaron is seat 0; the role passes right to the next seat that still has credits.",
    "The game also ends, with the victory conditions, when fewer than two seats have credits to ante.",
    "A pot still carried when the game ends goes back in equal shares to the seats that paid into it; items "
    "in it go back to the seats that bet them (containers and free items to the discard pile).",
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
    "bid, the item is sold; when everyone passes with no bid, the ask drops by 100 (50 below 400, 10 below "
    "150) and everyone is asked again. Below 10 the item stays in the discard pile.",
    "Seats that cannot pay the ask (counting what their items would sell for) are not asked; an ask nobody "
    "can pay drops at once.",
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
