"""The Better Hintaro AI (game/ai/better_hintaro.py) and the multi-way Hintaro raise model it bets with.

Strength is measured live from seeded games (nothing hard-coded): each level plays heads-up against the one
below, seats swapped every game, and the 95 % Wilson interval of its win rate (the victory conditions, so
bounties first, then the written tie-breakers) must clear one half. Valuation tests place cards on a real
table (the state is plain data) and ask the agents what they see and do; the views-only test re-deals the
hidden deck order at every step.
"""

from __future__ import annotations

import functools
import math
import time
from collections import Counter

import pytest

from game.ai import hintaro as hai
from game.ai import make_agent
from game.ai.better_hintaro import STYLES, Board, Valuer, hintaro_view
from game.ai.coach import advise
from game.engine import Action, create
from game.engine.better_hintaro import BetterHintaro, load_content
from game.engine.core import Rng
from game.measure.ai import play_match
from tests.helpers import kinds

GAME = "better_hintaro"
SEED = 2024
CONTENT = load_content()
ALL_OPTIONS = {"rising_min_bet": True, "loans": True, "high_stakes": True, "shootout": True, "discard_to_pot": True}


# ------------------------------------------------------------------------------------------------ helpers
def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (sound near 0 and 1, unlike the plain normal one)."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


@functools.cache
def heads_up(hero: str, villain: str, games: int) -> tuple[int, int, dict[str, list[float]]]:
    """(hero's wins, games, decision seconds per agent name) over seeded heads-up games, seats swapped."""
    wins = 0
    times: dict[str, list[float]] = {hero: [], villain: []}
    for g in range(games):
        state = create(GAME, seats=2, seed=SEED + g)
        hero_seat = g % 2
        names = [hero if s == hero_seat else villain for s in range(2)]
        agents = [make_agent(name, GAME, seed=(SEED + g) * 31 + s) for s, name in enumerate(names)]
        while state.current_seat is not None:
            seat = state.current_seat
            view, legal = state.view(seat), state.legal_actions()
            t0 = time.perf_counter()
            action = agents[seat].choose(view, legal)
            times[names[seat]].append(time.perf_counter() - t0)
            state.apply(action)
        wins += state.result["winner"] == hero_seat
    return wins, games, times


def business_table(seats: int = 2, seed: int = 3, **options) -> BetterHintaro:
    """A table at the first business turn of round 1 (every seat checked and kept its dice)."""
    state = create(GAME, seats=seats, seed=seed, options={"rounds": 10, **options})
    assert isinstance(state, BetterHintaro)
    passive = make_agent("passive", GAME)
    while state.phase != "business":
        state.apply(passive.choose(state.view(state.current_seat), state.legal_actions()))
    return state


def take_card(state: BetterHintaro, card: str) -> None:
    """Take one copy of ``card`` from wherever it lies (deck, Shop rows, discard pile, a seat, the reserve)."""
    for pile in (state.draw, state.newest, state.oldest, state.discard, state.reserve, *state.items):
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"no {card} anywhere")


def give(state: BetterHintaro, seat: int, *cards: str) -> None:
    for card in cards:
        take_card(state, card)
        state.items[seat].append(card)
    state.items[seat].sort()


def to_row(state: BetterHintaro, card: str, row: str = "newest") -> None:
    take_card(state, card)
    getattr(state, row).append(card)


def activate(state: BetterHintaro, seat: int, bounty: str) -> None:
    """Make ``bounty`` an active bounty of ``seat`` (taken out of the offer or the deck, the offer refilled)."""
    for pile in (state.bounty_offer, state.bounty_deck):
        if bounty in pile:
            pile.remove(bounty)
    state.active[seat].append(bounty)
    while len(state.bounty_offer) < 3 and state.bounty_deck:
        state.bounty_offer.append(state.bounty_deck.pop())


def valuer(state: BetterHintaro, seat: int, level: str = "shark") -> Valuer:
    return Valuer(Board(state.view(seat), CONTENT), STYLES[level])


def herd_run_short_of_the_mask(seats: int = 2) -> tuple[BetterHintaro, int, int]:
    """The seat to act holds three of the four items of its active Herd Run; the Dust Mask is in the Shop."""
    state = business_table(seats)
    me = state.current_seat
    other = (me + 1) % seats
    state.items[me] = []
    give(state, me, "prospector_drill", "nav_wafer", "ration_bricks")
    activate(state, me, "herd_run")
    to_row(state, "dust_mask")
    return state, me, other


# ------------------------------------------------------------------------------------------------ strength
@pytest.mark.parametrize(
    ("hero", "villain", "games"),
    [("shark", "regular", 100), ("regular", "novice", 100), ("novice", "random", 60)],
)
def test_each_level_wins_more_often_than_the_one_below(hero, villain, games):
    """shark > regular > novice > random on the victory conditions, each with its 95 % interval above 1/2."""
    wins, n, _times = heads_up(hero, villain, games)
    low, high = wilson(wins, n)
    assert low > 0.5, f"{hero} vs {villain}: won {wins}/{n}, 95% CI [{low:.2f}, {high:.2f}]"


@pytest.mark.slow
def test_hintaro_novice_loses_to_three_sharks_at_a_four_seat_table():
    """The multi-way raise model: sharks no longer hand value to a bystander by pricing each call heads-up.
    A novice with three sharks loses chips, its 95 % interval (one cluster per session) below zero."""
    result = play_match("hintaro", "novice", "shark", 200, 10, seats=4, seed=SEED, timed=False)
    mean, low, high = result.per_round()
    assert high < 0, f"novice vs 3 sharks: {mean:.2f} chips/round, 95% CI [{low:.2f}, {high:.2f}]"


# ------------------------------------------------------------------------------------------------ legality
def test_agents_never_make_an_illegal_move():
    """Mixed levels, personalities and baselines, every option on and off, two to eight seats: every choice
    passes the engine's check, and no agent changes the view or the legal list it is handed."""
    names = ["shark", "regular", "novice", "random", "shark:bold", "regular:cautious", "novice:trickster"]
    tables = [({}, 2), (ALL_OPTIONS, 2), ({"loans": True, "shootout": True}, 3), ({"high_stakes": True}, 4),
              ({"discard_to_pot": True, "payment_on_completion": False}, 5), ({"rising_min_bet": True}, 3),
              (ALL_OPTIONS, 6), ({}, 8)]
    seen: Counter[str] = Counter()
    for i, (options, seats) in enumerate(tables):
        state = create(GAME, seats=seats, seed=SEED + i, options={"rounds": 6, **options})
        agents = [make_agent(names[(i + s) % len(names)], GAME, seed=i * 10 + s) for s in range(seats)]
        while state.current_seat is not None:
            seat = state.current_seat
            view, legal = state.view(seat), state.legal_actions()
            before = (repr(view), list(legal))
            action = agents[seat].choose(view, legal)
            assert (repr(view), list(legal)) == before
            assert state.check(action) is None, (agents[seat].name, view["phase"], action, state.check(action))
            seen[action.kind if not action.get("items") else action.kind + "+items"] += 1
            state.apply(action)
    # the games exercised the whole business stage and paying bets in kind
    assert {"buy", "sell", "take", "auction", "bid", "offer", "accept", "raise+items"} <= set(seen), seen


@pytest.mark.parametrize("level", ["novice", "regular", "shark"])
def test_choice_depends_only_on_the_view(level):
    """Twin agents, one fed the real table, the other a copy with the hidden deck orders and the future
    re-dealt at every step: the same views, so the same choices all game long."""
    state = create(GAME, seats=3, seed=77, options={"rounds": 6, "shootout": True})
    real = [make_agent(level, GAME, seed=s) for s in range(3)]
    twin = [make_agent(level, GAME, seed=s) for s in range(3)]
    rng = Rng(99)
    steps = 0
    while state.current_seat is not None:
        seat = state.current_seat
        other = state.determinize(seat, rng)
        assert other.view(seat) == state.view(seat)
        a = real[seat].choose(state.view(seat), state.legal_actions())
        b = twin[seat].choose(other.view(seat), other.legal_actions())
        assert a == b
        state.apply(a)
        steps += 1
    assert steps > 50


# ------------------------------------------------------------------------------------------------ valuation
@pytest.mark.parametrize("level", ["novice", "regular", "shark"])
def test_an_item_that_completes_an_active_bounty_is_worth_more_to_that_seat(level):
    """The Dust Mask in the Shop (face 50, the bank pays 25) finishes the Herd Run: to its hunter it is worth
    a good part of the bounty's 1,500 payout (the shark and the regular count the whole gain it completes,
    the novice one step in four); to the other seat, nothing but its sale value."""
    state, me, other = herd_run_short_of_the_mask()
    val = valuer(state, me, level)
    mask = val.worth_of_copy(me, "dust_mask", val.board.shop)
    assert mask > (1000 if level != "novice" else 400) > val.face("dust_mask")
    theirs = valuer(state, other, level)
    assert theirs.worth_of_copy(other, "dust_mask", theirs.board.shop) == val.liq("dust_mask") == 25
    # the items it already holds for the bounty are worth more than their sale value, to it alone
    assert val.worth(me, "nav_wafer") > val.liq("nav_wafer") + 100


@pytest.mark.parametrize("level", ["novice", "regular", "shark"])
def test_every_level_buys_the_item_that_completes_its_bounty(level):
    state, me, _other = herd_run_short_of_the_mask()
    agent = make_agent(level, GAME, seed=1)
    events = []
    while state.current_seat == me and state.phase == "business":
        action = agent.choose(state.view(me), state.legal_actions())
        if action.kind == "pass":
            break
        events += state.apply(action)
    assert Action("buy", item="dust_mask", row="newest") not in state.legal_actions()
    assert "bounty_completed" in kinds(events) and "herd_run" in state.completed[me]


def test_scarcity_prices_a_copy_by_where_the_other_copies_are():
    """The Herd Run lacks its Crate of Ration Bricks; one of the two copies is in the Shop. To the shark that
    copy is worth more when the other copy sits in a rival's hand (a trade is a long way round) than when it
    lies in the discard pile (an auction away); the novice, blind to scarcity, sees no difference."""
    def worth(level: str, elsewhere: str) -> float:
        state = business_table(2)
        me, other = state.current_seat, 1 - state.current_seat
        state.items[me] = []
        give(state, me, "prospector_drill", "nav_wafer", "dust_mask")
        activate(state, me, "herd_run")
        to_row(state, "ration_bricks")
        if elsewhere == "rival":
            give(state, other, "ration_bricks")
        else:
            take_card(state, "ration_bricks")
            state.discard.append("ration_bricks")
        val = valuer(state, me, level)
        return val.worth_of_copy(me, "ration_bricks", val.board.shop)

    assert worth("shark", "rival") > worth("shark", "discard") > 25
    assert worth("novice", "rival") == worth("novice", "discard")


def test_a_rival_that_needs_the_last_copy_makes_it_nearly_out_of_reach():
    """The one Cipher Key in a rival's hand: a fair chance while the rival has no use for it, a long shot once
    the rival hunts Vault Code, which needs it. The novice never notices."""
    state = business_table(2)
    me, other = state.current_seat, 1 - state.current_seat
    give(state, other, "cipher_key")
    idle = valuer(state, me).acquire(me, "cipher_key")[0]
    activate(state, other, "vault_code")
    wanted = valuer(state, me).acquire(me, "cipher_key")[0]
    assert wanted < 0.2 < idle
    assert valuer(state, me, "novice").acquire(me, "cipher_key")[0] == 1.0


def test_the_shark_never_overbids_and_waits_for_the_step_down():
    """A Relic Blade (2,500: the bank pays 1,250) comes up while the rival holds 300 credits, with the Auction
    floor off (the text's schedule). The shark passes every ask the rival could not meet, bids once the ask
    falls within the rival's reach, and never bids more than the item is worth to it; the regular bids at the
    first ask under its value."""
    def run(level: str) -> int:
        state = business_table(2, auction_floor=False)
        me, other = state.current_seat, 1 - state.current_seat
        state.stacks[me], state.stacks[other] = 3000, 300
        state.items[other] = []
        take_card(state, "relic_blade")
        state.discard.append("relic_blade")
        state.apply(Action("auction", item="relic_blade"))
        shark = make_agent(level, GAME, seed=5)
        passive = make_agent("passive", GAME)
        while state.phase == "auction":
            seat = state.current_seat
            agent = shark if seat == me else passive
            view = state.view(seat)
            action = agent.choose(view, state.legal_actions())
            if seat == me and action.kind == "bid":
                val = Valuer(Board(view, CONTENT), STYLES[level])
                assert action.amount <= val.worth_of_copy(me, "relic_blade", val.board.discard)
            state.apply(action)
        assert "relic_blade" in state.items[me]
        return 3000 - state.stacks[me]

    assert run("shark") <= 300 < 1150 <= run("regular") <= 1250


def _business_turn(state: BetterHintaro, me: int, level: str) -> list:
    """Seat ``me`` plays its business turn at ``level`` (every other seat passive) until it passes."""
    agent, passive = make_agent(level, GAME, seed=5), make_agent("passive", GAME)
    events: list = []
    while state.phase in ("business", "auction", "trade"):
        seat = state.current_seat
        action = (agent if seat == me else passive).choose(state.view(seat), state.legal_actions())
        events += state.apply(action)
        if seat == me and action.kind == "pass" and state.phase == "business":
            break
    return events


@pytest.mark.parametrize("level", ["shark", "regular"])
def test_auction_floor_the_ai_bids_at_the_floor_with_no_step_down_to_wait_for(level):
    """RULINGS (Auction floor): the ask never drops below the floor, so the AI does not wait for a step-down.
    The Dust Mask its Herd Run lacks lies in the discard pile and the rival cannot bid: with the floor on it
    calls the auction and pays the floor, 30 (half of 50, rounded up); off, the text's step-down lets it wait
    (the shark) or bid at the first ask (the regular). An item it does not need is worth only what the bank
    pays, no more than the floor: it lets it stay in the discard pile."""
    def dust_mask_price(floor: bool) -> int:
        state = business_table(2, auction_floor=floor)
        me = state.current_seat
        other = 1 - me
        state.items[me] = []
        give(state, me, "prospector_drill", "nav_wafer", "ration_bricks")
        activate(state, me, "herd_run")
        take_card(state, "dust_mask")
        state.discard.append("dust_mask")
        state.stacks[other], state.items[other] = 0, []
        events = _business_turn(state, me, level)
        won = [e for e in events if e.kind == "auction_won" and e.data["item"] == "dust_mask"]
        assert len(won) == 1 and won[0].seat == me and "herd_run" in state.completed[me]
        return won[0].data["price"]

    assert dust_mask_price(True) == 30
    assert dust_mask_price(False) == (10 if level == "shark" else 30)

    state = business_table(2)
    me, other = state.current_seat, 1 - state.current_seat
    state.stacks[me], state.stacks[other] = 3000, 300
    state.items[other] = []
    take_card(state, "relic_blade")
    state.discard.append("relic_blade")
    state.apply(Action("auction", item="relic_blade"))
    events = _business_turn(state, me, level)
    assert "auction_unsold" in kinds(events) and "relic_blade" in state.discard and state.stacks[me] == 3000


def test_trades_are_judged_by_valuation():
    """Accept what raises the valuation (the missing Dust Mask for 300; 350 credits for an idle 350-credit
    item the bank would buy for 175), decline what lowers it (the Prospector Drill the bounty needs, for its
    face value)."""
    state, me, other = herd_run_short_of_the_mask()
    take_card(state, "dust_mask")
    state.items[other] = ["dust_mask"]
    state.stacks[me] = 1000
    shark = make_agent("shark", GAME, seed=2)

    def answer(**offer) -> str:
        trial = state.clone()
        trial.current_seat = other
        trial.apply(Action("offer", to=me, **{"give": (), "give_credits": 0, "get": (), "get_credits": 0,
                                               **offer}))
        return shark.choose(trial.view(me), trial.legal_actions()).kind

    assert answer(give=("dust_mask",), get_credits=300) == "accept"
    give(state, me, "star_chart")
    assert answer(get=("star_chart",), give_credits=350) == "accept"
    assert answer(get=("prospector_drill",), give_credits=900) == "decline"


def test_the_shark_offers_to_buy_what_its_bounty_lacks_from_the_rival():
    state, me, other = herd_run_short_of_the_mask()
    take_card(state, "dust_mask")
    state.items[other] = ["dust_mask"]
    action = make_agent("shark", GAME, seed=2).choose(state.view(me), state.legal_actions())
    assert action.kind == "offer" and action.to == other and dict(action.fields)["get"] == ("dust_mask",)
    price = action.give_credits
    val = valuer(state, me)
    assert val.face("dust_mask") <= price < val.worth(me, "dust_mask")


def test_the_shark_sells_idle_items_in_the_last_business_stage_only():
    """Credits break the tie when the bounties are level: in the last business stage the shark turns every
    item no bounty needs into credits; earlier it keeps them (it may need them for a bet or a trade)."""
    state = business_table(2)
    me = state.current_seat
    give(state, me, "star_chart")
    early = make_agent("shark", GAME, seed=3).choose(state.view(me), state.legal_actions())
    assert early.kind != "sell"
    state.options = {**state.options, "rounds": state.round_no}
    sold = []
    agent = make_agent("shark", GAME, seed=3)
    while state.current_seat == me and state.phase == "business":
        action = agent.choose(state.view(me), state.legal_actions())
        if action.kind == "pass":
            break
        sold += [action.item] if action.kind == "sell" else []
        state.apply(action)
    assert "star_chart" in sold and not [c for c in state.items[me] if c in CONTENT.items]


def test_a_call_is_paid_with_an_idle_item_when_that_costs_less():
    """A 50-credit item nothing needs counts 50 in the pot but is worth 25 to its holder: a call of 50 is paid
    with it rather than with credits. Once the item would finish a bounty it is worth far more, and credits
    pay."""
    state = create(GAME, seats=2, seed=11)
    me = state.queue[1]  # the first seat raises 50 below
    state.items[me] = []
    give(state, me, "dust_mask")
    state.apply(Action("raise", amount=50))
    assert state.current_seat == me

    def payment(level: str = "shark") -> Action:
        view, legal = state.view(me), state.legal_actions()
        agent = make_agent(level, GAME, seed=1)
        val = Valuer(Board(view, CONTENT), STYLES[level])
        item_calls = [a for a in legal if a.kind == "call" and a.get("items")]
        return agent._pay(view, Action("call"), item_calls, val, legal)

    assert payment() == Action("call", items=("dust_mask",))
    assert payment("novice") == Action("call")  # the novice values items at face: no saving, so credits
    give(state, me, "prospector_drill", "nav_wafer", "ration_bricks")
    activate(state, me, "herd_run")
    assert payment() == Action("call")


# ------------------------------------------------------------------------------------------------ dice and coach
def test_the_dice_use_the_exact_hintaro_machinery_on_the_translated_view():
    """Credited items count in the pots the reroll solver splits; the reroll values are Hintaro's own."""
    state = create(GAME, seats=3, seed=5)
    passive = make_agent("passive", GAME)
    while state.phase != "reroll":
        state.apply(passive.choose(state.view(state.current_seat), state.legal_actions()))
    seat = state.current_seat
    view = state.view(seat)
    hv = hintaro_view(view)
    assert sum(p["amount"] for p in hv["pots"]) == view["pot"] + sum(view["item_credit"])
    values = hai.exact_reroll_values(hv)
    best = hai.REROLL_ACTIONS[hai.pick_best(values)]
    assert make_agent("shark", GAME, seed=0).choose(view, state.legal_actions()) == best


def test_the_coach_prices_every_option():
    state = create(GAME, seats=3, seed=8, options={"rounds": 3})
    agents = [make_agent(n, GAME, seed=s) for s, n in enumerate(["shark", "regular", "random"])]
    phases = set()
    while state.current_seat is not None:
        seat = state.current_seat
        view, legal = state.view(seat), state.legal_actions()
        advice = advise(GAME, view, legal)
        assert [a["action"] for a in advice] == list(legal)
        assert sum(a["best"] for a in advice) <= 1
        if view["phase"] in ("wager", "call", "reroll"):
            assert all(a["exact"] for a in advice if a["action"].kind != "loan")
            assert sum(a["best"] for a in advice) == 1
        phases.add(view["phase"])
        state.apply(agents[seat].choose(view, legal))
    assert {"wager", "reroll", "business"} <= phases


def test_the_economy_report_plays_the_levels_and_the_broker():
    from game.measure.economy import economy_report, format_report

    report = economy_report(games=2, seats=3, seed=1, agents=["shark", "regular", "novice"], options={"rounds": 3})
    assert report["main"]["games"] == 2 and "broker" in format_report(
        economy_report(games=1, seats=2, seed=1, agents=["broker"], options={"rounds": 2}))
