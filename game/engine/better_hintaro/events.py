"""Better Hintaro's event catalogue: one TypedDict per event kind, the public data each event carries.

Every event is built with its TypedDict (``Event("bet", s, Bet(...))``) so the type checker catches a
misspelt or missing field where it is made; ``EVENTS`` is the catalogue ``BetterHintaro.EVENT_KINDS`` lists.
The data is enough to fold a seat's view forward (:mod:`.reducer`): where a step changes something a seat
can see but no earlier field says (a deck's size after a reshuffle, the bounty row after a refill, whose turn
it is), the event carries the result. Nothing here is hidden information: a shootout pick is the only secret,
and it travels in ``Event.secret`` for the seat that made it.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from game.engine.core import CarryReturned as BaseCarryReturned
from game.engine.core import SessionOver as BaseSessionOver
from game.engine.core import catalogue


# ------------------------------------------------------------------------------------------- round flow
class GameSetup(TypedDict):
    items: list[list[str]]
    bounty_offer: list[str]
    bounty_deck_count: int
    draw_count: int
    reserve: list[str]


class RoundStarted(TypedDict):
    round: int
    dealer: int
    playing: list[bool]
    min_bet: int
    cap: int
    lap: int
    high_stakes: bool


class HintaronPassed(TypedDict):
    dealer: int
    lap: int
    min_bet: int
    cap: int


class Antes(TypedDict):
    amounts: list[int]
    pot: int


class DiceThrown(TypedDict):
    dice: list[list[str]]


class Stake(TypedDict):
    item: str
    credited: int
    lost: int
    wager: int


class Bet(TypedDict):
    action: str
    amount: int
    items: list[str]
    item_credits: list[int]
    credited: int
    lost: int
    wager: int
    current_bet: int
    pot: int
    stack: int


class BetReturned(TypedDict):
    amount: int
    item_value_lost: int
    stack: int
    pot: int


class Reroll(TypedDict):
    die: int
    old: str
    new: str
    dice: list[str]


class Keep(TypedDict):
    dice: list[str]


class HintaroThrown(TypedDict):
    face: str
    seats: list[dict[str, Any] | None]


class PotWon(TypedDict):
    amount: int
    pot: int
    standing: str | None
    split: int


class ItemsWon(TypedDict):
    items: list[str]
    pot: int


class ItemsCarried(TypedDict):
    items: list[str]


class PotCarried(TypedDict):
    amount: int
    odd_chips: int  # of which the odd chips of a split pot (the rest: pots nobody's dice stood for)


class RoundOver(TypedDict):
    round: int
    winners: list[int]
    standings: list[str | None]
    showdown: bool
    carried: int
    items_carried: int
    stacks: list[int]
    pot_stakes: list[list[Any]]
    reason: str  # why the round went this way (game.engine.showdown)
    params: dict[str, Any]


# ------------------------------------------------------------------------------------------- shootouts
class Challenge(TypedDict):
    target: int


class Holster(TypedDict):
    pass


class SignChosen(TypedDict):
    pass


class SignSecret(TypedDict):
    sign: str


class ShootoutSigns(TypedDict):
    seats: list[int]
    signs: list[str]


class ShootoutWon(TypedDict):
    loser: int
    challenger: int
    credits: int
    items: list[str]
    by_lot: bool


class SeatOut(TypedDict):
    credits: int
    items: list[str]
    bounties: list[str]
    bank: int
    bounty_offer: list[str]
    bounty_deck_count: int


class BoughtBack(TypedDict):
    credits: int
    items: list[str]
    bank: int


class TiebreakShootout(TypedDict):
    seats: list[int]


# ------------------------------------------------------------------------------------------- business
class ShopUpdated(TypedDict):
    discarded: list[str]
    to_pot: str | None
    drawn: list[str]
    containers_to_pot: list[str]
    newest: list[str]
    oldest: list[str]
    draw_count: int
    discard: list[str]


class BusinessStarted(TypedDict):
    round: int
    order: list[int]


class BountyCompleted(TypedDict):
    bounty: str
    items: list[str]
    paid: int
    reward_item: str | None
    value: int
    bank: int
    completed: int
    draw_count: int


class BusinessPass(TypedDict):
    pass


class ItemBought(TypedDict):
    item: str
    row: str
    price: int
    bank: int
    drawn: list[str]
    containers_to_pot: list[str]
    draw_count: int
    discard: list[str]


class BountyTaken(TypedDict):
    bounty: str
    bounty_offer: list[str]
    bounty_deck_count: int


class ItemSold(TypedDict):
    item: str
    price: int
    bank: int
    draw_count: int


class LoanTaken(TypedDict):
    amount: int
    bounty_taken: str | None
    owed: int
    bank: int
    stack: int
    active: list[str]
    completed: list[str]
    completed_values: list[int]
    bounty_offer: list[str]
    bounty_deck_count: int


# the trade events carry the offer itself ("from" is a keyword, hence the functional form)
Trade = TypedDict("Trade", {"from": int, "to": int, "give": list[str], "give_credits": int, "get": list[str],
                            "get_credits": int})


class AuctionCalled(TypedDict):
    item: str
    value: int
    ask: int


class AuctionItem(TypedDict):
    item: str


class AuctionBid(TypedDict):
    item: str
    amount: int


class AuctionAsk(TypedDict):
    item: str
    ask: int


class AuctionWon(TypedDict):
    item: str
    price: int
    bank: int


class AuctionState(TypedDict):
    """The auction under way, as the ``turn`` event carries it (``Turn.auction``)."""

    item: str
    caller: int
    opening: int  #: the opening ask: half the value rounded to the nearest ten, halves up
    ask: int  #: the ask now (it drops when a round of seats passes with no bid)
    high: int  #: the standing bid (0: none yet)
    bidder: int  #: who made it (-1: nobody)
    order: list[int]  #: the seats in asking order, the caller first
    pending: list[int]  #: the seats still to answer the ask or the bid, the one to act first
    #: the lowest ask (Auction floor option only, so that with it off the events are the text's, unchanged):
    #: the bank's buy-back price, equal to the opening ask; nobody bidding at it leaves the item unsold
    floor: NotRequired[int]


# ------------------------------------------------------------------------------------------- the end
class CarryReturned(BaseCarryReturned):
    odd_to: int | None
    odd: int


class PotItemsReturned(TypedDict):
    items: list[list[str]]
    discarded: list[str]


class ContainerOpened(TypedDict):
    container: str
    items: list[str]
    draw_count: int
    discard: list[str]


class LoanRepaid(TypedDict):
    amount: int
    unpaid: int
    bank: int


class Victory(TypedDict):
    winner: int | None
    decided_by: str
    standings: list[dict[str, Any]]


class SessionOver(BaseSessionOver):
    winner: int | None
    decided_by: str
    bounties: list[int]


class Turn(TypedDict):
    """Closes every step: whose turn it is and the public state of the phase (auction, offer, shootout)."""

    phase: str
    current_seat: int | None
    to_act: list[int]
    auction: AuctionState | None
    offer: dict[str, Any] | None
    turn_offers: list[int]
    turn_auctioned: bool
    challengers: list[int]
    shootout: dict[str, Any] | None


EVENTS = catalogue(
    game_setup=GameSetup, hintaron_passed=HintaronPassed, round_started=RoundStarted, antes=Antes,
    dice_thrown=DiceThrown, stake=Stake, bet=Bet,
    bet_returned=BetReturned, reroll=Reroll, keep=Keep, hintaro_thrown=HintaroThrown, pot_won=PotWon,
    items_won=ItemsWon, items_carried=ItemsCarried, pot_carried=PotCarried, round_over=RoundOver,
    challenge=Challenge, holster=Holster, sign_chosen=SignChosen, shootout_signs=ShootoutSigns,
    shootout_won=ShootoutWon, seat_out=SeatOut, bought_back=BoughtBack, tiebreak_shootout=TiebreakShootout,
    shop_updated=ShopUpdated, business_started=BusinessStarted, bounty_completed=BountyCompleted,
    business_pass=BusinessPass, item_bought=ItemBought, bounty_taken=BountyTaken, item_sold=ItemSold,
    loan_taken=LoanTaken, trade_offered=Trade, trade_accepted=Trade, trade_declined=Trade,
    auction_called=AuctionCalled, auction_pass=AuctionItem, auction_bid=AuctionBid, auction_ask=AuctionAsk,
    auction_unsold=AuctionItem, auction_won=AuctionWon, carry_returned=CarryReturned,
    pot_items_returned=PotItemsReturned, container_opened=ContainerOpened, loan_repaid=LoanRepaid,
    victory=Victory, session_over=SessionOver, turn=Turn,
)
