"""Kinzo: one test (at least) per rule line of the Kinzo section of RULINGS.md, plus the engine contract.

Situations are built by stacking the deck with ``Kinzo.stack_deck`` before the stake is named (the deal takes
from the deck afterwards) and, for the dice, by giving the table a generator whose next two throws are known
(:func:`fix_dice`). The dealer's total distribution is derived exactly (fractions) and compared with a seeded
simulation of the engine.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from game.engine import GAMES, IllegalAction, create, restore
from game.engine.core import Action, Event, Rng
from game.engine.kinzo import DECK, DIE_FACES, Kinzo, after_dice, dealer_must_draw, judge

STAY, HIT, ROLL = Action("stay"), Action("hit"), Action("roll")


# ------------------------------------------------------------------------------------------------ helpers
def table(seats: int = 1, seed: int = 0, **options: int) -> Kinzo:
    """A Kinzo table in its first stake phase (rounds 5 unless given)."""
    opts = {"rounds": 5, **options}
    state = create("kinzo", seats=seats, seed=seed, options=opts)
    assert isinstance(state, Kinzo)
    return state


def rig(state: Kinzo, hands: list[list[int]], up: int, hole: int, then: tuple[int, ...] = ()) -> None:
    """Stack the deck so the deal gives each playing seat (in play order) its two cards and the dealer
    ``up``/``hole``; ``then`` are the next cards drawn (hits first, then the dealer's draws)."""
    order = [h[0] for h in hands] + [up] + [h[1] for h in hands] + [hole] + list(then)
    state.stack_deck(order)


def fix_dice(state: Kinzo, a: int, b: int) -> None:
    """Give the table a generator whose next two die throws show ``a`` and ``b`` (found by a short search)."""
    for k in range(10_000):
        r = Rng(k)
        if DIE_FACES[r.below(6)] == a and DIE_FACES[r.below(6)] == b:
            state.rng = Rng(k)
            return
    raise AssertionError("no generator found")  # pragma: no cover


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def first(events: list[Event], kind: str) -> Event:
    return next(e for e in events if e.kind == kind)


def play_round(state: Kinzo, stake: int, moves: list[Action]) -> list[Event]:
    """Name ``stake``, then apply ``moves`` in order; returns every event."""
    events = state.apply(Action("stake", amount=stake))
    for m in moves:
        events += state.apply(m)
    return events


# ------------------------------------------------------------------------------------- deck, dice, seats
def test_registered_with_one_to_seven_seats() -> None:
    """RULINGS: 1–7 seats against the house dealer."""
    assert GAMES["kinzo"] is Kinzo
    table(1)
    table(7)
    for bad in (0, 8):
        with pytest.raises(ValueError):
            create("kinzo", seats=bad)


def test_deck_composition_36_cards_six_of_each_value() -> None:
    """RULINGS: deck of 36 cards, six each of 1–6."""
    assert len(DECK) == 36
    assert Counter(DECK) == {v: 6 for v in range(1, 7)}
    s = table(3)
    assert sorted(s.deck) == sorted(DECK)


def test_deck_reshuffled_every_round() -> None:
    """RULINGS: the deck is reshuffled each round (a full 36 again, in a new order)."""
    s = table(2, seed=4, rounds=6)
    orders = []
    while not s.is_over:
        if s.phase == "stake":
            assert sorted(s.deck) == sorted(DECK)
            orders.append(tuple(s.deck))
        s.apply(s.legal_actions()[0])
    assert len(orders) == 6 and len(set(orders)) == 6


def test_dice_faces_one_one_two_two_three_three() -> None:
    """RULINGS: two dice, faces 1,1,2,2,3,3: each throw shows 1, 2 or 3 with chance 1/3 each."""
    assert sorted(DIE_FACES) == [1, 1, 2, 2, 3, 3]
    counts: Counter[int] = Counter()
    for seed in range(400):
        s = table(1, seed=seed)
        rig(s, [[4, 4]], up=6, hole=3, then=(5,))  # dealer 14, hand 8 rolls
        events = play_round(s, 10, [STAY, ROLL])
        dice = first(events, "dice_rolled").data["dice"]
        assert len(dice) == 2
        counts.update(dice)
    assert set(counts) == {1, 2, 3}
    for face in (1, 2, 3):  # 800 throws: expected 266.7, sd 13.3
        assert abs(counts[face] - 800 / 3) < 5 * math.sqrt(800 * (1 / 3) * (2 / 3))


# ------------------------------------------------------------------------------------------------ stake
def test_stake_named_by_first_seat_then_next_seat_next_round() -> None:
    """RULINGS: the first seat names the stake; the next seat names it next round (round the table)."""
    s = table(3, rounds=7)
    namers = []
    while not s.is_over:
        if s.phase == "stake":
            namers.append(s.current_seat)
            assert s.view(0)["first"] == s.current_seat
        s.apply(s.legal_actions()[0])
    assert namers == [0, 1, 2, 0, 1, 2, 0]


def test_stake_naming_skips_a_seat_that_cannot_pay_the_minimum() -> None:
    """Ruling: the naming passes to the next seat that can pay the minimum stake."""
    s = table(3, min_stake=10)
    s.stacks[1] = 5
    while s.phase != "stake" or s.round_no == 1:
        s.apply(s.legal_actions()[0])
    assert s.round_no == 2 and s.current_seat == 2


def test_stake_up_to_table_limit_and_at_least_minimum() -> None:
    """RULINGS: the stake is named up to the table limit (option `limit`, with `min_stake` below)."""
    s = table(2, limit=50, min_stake=5)
    assert s.amount_range("stake") == (5, 50)
    assert all(5 <= a.amount <= 50 for a in s.legal_actions())
    before = s.clone()
    for bad in (51, 4, 0):
        with pytest.raises(IllegalAction):
            s.apply(Action("stake", amount=bad))
    assert s == before  # rejected, nothing changed
    s.apply(Action("stake", amount=50))
    assert s.stake == 50
    s2 = table(1, limit=100, min_stake=5, stack=30)
    assert s2.amount_range("stake") == (5, 30)  # never more than the naming seat holds
    with pytest.raises(ValueError):
        table(1, limit=5, min_stake=10)


def test_every_seat_pays_the_stake_into_its_hand_pot() -> None:
    """RULINGS: every seat pays the stake into its hand pot."""
    s = table(3)
    events = s.apply(Action("stake", amount=20))
    assert s.stacks == [980, 980, 980]
    assert s.hand_pots() == [20, 20, 20]
    paid = first(events, "stakes_paid").data
    assert paid["amounts"] == [20, 20, 20] and paid["sitting_out"] == []


def test_seat_that_cannot_pay_the_stake_sits_out() -> None:
    """Ruling: a seat that cannot pay the named stake sits the round out; the prize pot counts seats that paid."""
    s = table(3)
    s.stacks[2] = 15
    house = s.house
    events = s.apply(Action("stake", amount=20))
    assert s.playing == [True, True, False]
    assert s.stacks[2] == 15 and s.hand_pots() == [20, 20, 0]
    assert first(events, "stakes_paid").data["sitting_out"] == [2]
    assert {h["seat"] for h in s.hands} == {0, 1}
    assert s.prize_pot == 40 and s.house == house - 40


def test_prize_pot_funded_by_house_stake_times_seats() -> None:
    """RULINGS: the house puts stake × seats into the prize pot (a house operation with its event)."""
    s = table(4)
    total = s.chip_total()
    events = s.apply(Action("stake", amount=15))
    assert s.prize_pot == 60 and s.house == -60
    funded = first(events, "prize_pot_funded").data
    assert funded == {"amount": 60, "seats": 4, "prize_pot": 60, "house": -60}
    assert s.chip_total() == total


# ------------------------------------------------------------------------------------------------- deal
def test_deal_two_face_up_per_seat_dealer_one_up_one_down_hidden() -> None:
    """RULINGS: two face-up cards per seat; the dealer one up, one down; the down card is in no view or event
    until the dealer reveals it."""
    s = table(3, seed=9)
    rig(s, [[1, 2], [3, 4], [5, 6]], up=4, hole=6)
    events = s.apply(Action("stake", amount=10))
    assert [h["cards"] for h in s.hands] == [[1, 2], [3, 4], [5, 6]]
    deals = [e for e in events if e.kind == "card_dealt"]
    assert [e.data["to"] for e in deals] == [0, 1, 2, "dealer", 0, 1, 2, "dealer"]
    assert deals[3].data["card"] == 4 and deals[3].data["face_up"] is True
    hole = deals[7]
    assert hole.data == {"to": "dealer", "hand": None, "card": None, "face_up": False, "cards": [4, None],
                         "deck_left": 36 - 8} and hole.secret is None
    for viewer in (None, 0, 1, 2):
        v = s.view(viewer)
        assert v["dealer_cards"] == [4, None] and v["dealer_showing"] == 4
        assert v["dealer_total"] is None and "deck" not in v
        assert [h["cards"] for h in v["hands"]] == [[1, 2], [3, 4], [5, 6]]
    events = s.apply(STAY) + s.apply(STAY) + s.apply(STAY)
    revealed = first(events, "dealer_revealed").data
    assert revealed["card"] == 6 and s.view(0)["dealer_cards"][:2] == [4, 6]


def test_hole_card_never_leaks_in_event_data_before_reveal() -> None:
    """RULINGS: the down card is hidden from every seat's view until revealed (checked over many deals)."""
    for seed in range(30):
        s = table(2, seed=seed)
        events = s.apply(Action("stake", amount=10))
        hole = s.dealer_cards[1]
        for e in events:
            if e.kind == "card_dealt" and e.data["to"] == "dealer" and not e.data["face_up"]:
                assert e.data["card"] is None and hole not in e.data["cards"][1:] and e.secret is None
        # swap the hole card for a deck card of another value: no seat's view may change
        other = s.clone()
        assert isinstance(other, Kinzo)
        i = next(i for i, c in enumerate(other.deck) if c != hole)
        other.dealer_cards[1], other.deck[i] = other.deck[i], hole
        for viewer in (None, 0, 1):
            assert other.view(viewer) == s.view(viewer)
            assert s.determinize(viewer, Rng(seed)).view(viewer) == s.view(viewer)


# ------------------------------------------------------------------------------------------------- play
def test_seats_act_in_turn_from_the_first_seat() -> None:
    """RULINGS: seats act in turn (from the round's first seat round the table)."""
    s = table(3, rounds=2)
    while s.round_no == 1:
        s.apply(s.legal_actions()[0])
    s.apply(Action("stake", amount=10))  # round 2: seat 1 named, so seat 1 acts first
    order = []
    while s.phase == "play":
        order.append(s.current_seat)
        s.apply(STAY)
    assert order == [1, 2, 0]


def test_hit_limit_six_cards() -> None:
    """RULINGS: hit, up to six cards: the sixth card finishes the hand; no seventh is offered."""
    s = table(1)
    rig(s, [[1, 1]], up=6, hole=6, then=(1, 1, 1, 1, 5))
    s.apply(Action("stake", amount=10))
    events: list[Event] = []
    for expected_len in (3, 4, 5):
        events = s.apply(HIT)
        assert len(s.hands[0]["cards"]) == expected_len
        assert HIT in s.legal_actions()
    events = s.apply(HIT)  # the sixth card
    hit = first(events, "hit")
    assert hit.data["full"] is True and len(hit.data["cards"]) == 6
    assert "dealer_revealed" in kinds(events)  # the hand was done: the dealer played at once


def test_hit_refused_when_only_the_dealers_four_cards_remain() -> None:
    """Ruling: a seat may hit only while more than four cards are left (the dealer's third to sixth)."""
    s = table(7, seed=2)
    s.apply(Action("stake", amount=10))
    assert len(s.deck) == 36 - 16
    for _ in range(4):  # seats 0-3 hit to six cards each: 16 cards, four left
        for _ in range(4):
            assert HIT in s.legal_actions()
            s.apply(HIT)
    assert len(s.deck) == 4 and s.current_seat == 4
    assert HIT not in s.legal_actions() and STAY in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(HIT)


def test_split_a_pair_once_for_another_stake() -> None:
    """RULINGS: split a pair once for another stake; each hand then plays on its own."""
    s = table(1)
    rig(s, [[3, 3]], up=6, hole=5, then=(3,))
    s.apply(Action("stake", amount=10))
    assert Action("split", value=3) in s.legal_actions()
    events = s.apply(Action("split", value=3))
    split = first(events, "split").data
    assert split["hands"] == [[3], [3]] and split["stake"] == 10
    assert s.stacks[0] == 980 and s.hand_pots() == [20]
    assert s.prize_pot == 10  # the split's stake does not add to the prize pot
    assert len(s.hands) == 2 and s.hands[1]["stake"] == 10
    s.apply(HIT)  # first hand draws another 3: a pair again, but a seat splits only once
    assert s.hands[0]["cards"] == [3, 3]
    assert not any(a.kind == "split" for a in s.legal_actions())
    s.apply(STAY)
    assert s.turn == 1 and s.current_seat == 0  # then the second hand plays
    assert not any(a.kind == "split" for a in s.legal_actions())


def test_split_needs_a_pair_and_the_chips_for_another_stake() -> None:
    """RULINGS: split needs a pair (also one formed by a hit, per our ruling) and another stake."""
    s = table(1, stack=30)
    rig(s, [[2, 5]], up=6, hole=6, then=(2,))
    s.apply(Action("stake", amount=10))
    assert not any(a.kind == "split" for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply(Action("split", value=2))
    s.apply(HIT)  # 2, 5, 2: a pair of twos
    assert Action("split", value=2) in s.legal_actions()
    s.apply(Action("split", value=2))
    assert [h["cards"] for h in s.hands] == [[2, 5], [2]]
    poor = table(1, stack=15)
    rig(poor, [[4, 4]], up=6, hole=6)
    poor.apply(Action("stake", amount=10))
    assert not any(a.kind == "split" for a in poor.legal_actions())  # 5 chips left: cannot pay another 10


def test_split_hands_each_settled_alone() -> None:
    """RULINGS: after a split each hand is settled on its own (one busts, the other survives)."""
    s = table(1)
    # seat 4,4 -> split; hand A: 4 + 6 + 6 = 16 (busts over 12); hand B: 4 + 3 = 7 (rolls)
    rig(s, [[4, 4]], up=3, hole=4, then=(6, 6, 3, 5))  # dealer: 3, 4, then 5 -> 12
    s.apply(Action("stake", amount=10))
    s.apply(Action("split", value=4))
    s.apply(HIT)
    s.apply(HIT)
    s.apply(STAY)
    s.apply(HIT)
    events = s.apply(STAY)
    assert s.dealer_total == 12
    tallies = [e.data["result"] for e in events if e.kind == "tally"]
    assert tallies == ["bust", "rolls"]
    fix_dice(s, 1, 1)  # 7 + 2 = 9: survives (above 6, below 12)
    events = s.apply(ROLL)
    over = first(events, "round_over").data
    assert over["hand_outcomes"] == ["bust", "survived"]
    assert [h["net"] for h in over["hands"]] == [-10, 10]
    assert over["standings"] == ["survived"]  # the better of the two hands
    assert s.stacks == [1000]  # -10 on one hand, +10 on the other
    collected = first(events, "house_collected").data
    assert collected["amount"] == 10 and collected["hand"] == 0
    paid = first(events, "house_paid").data
    assert paid["hand"] == 1 and paid["amount"] == 10 and paid["from_prize_pot"] == 10


# ----------------------------------------------------------------------------------------------- dealer
@pytest.mark.parametrize(
    ("deal", "then", "expected"),
    [
        ((2, 1), (5,), [2, 1, 5]),  # third card 5: stops at three cards, however low
        ((6, 6), (1, 2, 6), [6, 6, 1, 2, 6]),  # 5s and 6s among the first two cards do not stop the dealer
        ((1, 2), (3, 4, 1, 2), [1, 2, 3, 4, 1, 2]),  # no 5 or 6 from the third card on: stops at six cards
        ((5, 5), (4, 6), [5, 5, 4, 6]),  # must take a third card even on 10; stops at the first 6
        ((3, 3), (1, 1, 5), [3, 3, 1, 1, 5]),
    ],
)
def test_dealer_drawing_rule_on_constructed_decks(deal: tuple[int, int], then: tuple[int, ...],
                                                  expected: list[int]) -> None:
    """RULINGS: the dealer reveals, must take a third card, then stops at the first 5 or 6 from the third
    card on, or at six cards."""
    s = table(1)
    rig(s, [[1, 1]], up=deal[0], hole=deal[1], then=(*then, 6, 6))
    s.apply(Action("stake", amount=10))
    events = s.apply(STAY)  # the hand (2) is "doubled" against any dealer: the round settles at once
    assert first(events, "round_over").data["dealer_cards"] == expected
    drew = [e.data["card"] for e in events if e.kind == "dealer_drew"]
    assert drew == expected[2:]
    stood = first(events, "dealer_stood").data
    assert stood["total"] == sum(expected) and stood["cards"] == expected
    assert stood["reason"] == ("six_cards" if len(expected) == 6 and expected[-1] < 5 else "five_or_six")


def test_dealer_must_draw_function() -> None:
    """RULINGS: the drawing rule as a function (the engine's dealer uses it)."""
    assert dealer_must_draw([6, 6])
    assert not dealer_must_draw([1, 1, 5])
    assert dealer_must_draw([1, 1, 4])
    assert not dealer_must_draw([1, 1, 1, 1, 1, 1])
    assert not dealer_must_draw([1, 1, 1, 6])


# ------------------------------------------------------------------------------------------------ tally
def test_tally_above_dealer_busts_at_most_half_busts_doubled_equal_stands() -> None:
    """RULINGS: above the dealer busts; total × 2 at most the dealer's total busts "doubled"; equal stands."""
    assert judge(13, 12) == "bust"
    assert judge(6, 12) == "doubled"  # exactly half: doubled
    assert judge(5, 12) == "doubled"
    assert judge(7, 12) == "rolls"
    assert judge(12, 12) == "equal"
    assert judge(7, 13) == "rolls" and judge(6, 13) == "doubled"


def test_tally_on_the_table_and_equal_hand_paid_without_rolling() -> None:
    """RULINGS: an equal hand stands without rolling and is paid as a survivor; busted hands go to the house."""
    s = table(4)
    # dealer 6, 1, 5 = 12. Hands: 13 bust, 6 doubled, 12 equal, 8 rolls
    rig(s, [[6, 6], [3, 3], [6, 6], [4, 4]], up=6, hole=1, then=(1, 5))
    s.apply(Action("stake", amount=10))
    s.apply(HIT)  # seat 0: 6, 6, 1 = 13
    s.apply(STAY)
    s.apply(STAY)  # seat 1: 6
    s.apply(STAY)  # seat 2: 12
    events = s.apply(STAY)  # seat 3: 8
    assert s.dealer_total == 12
    results = {e.seat: e.data["result"] for e in events if e.kind == "tally"}
    assert results == {0: "bust", 1: "doubled", 2: "equal", 3: "rolls"}
    assert s.phase == "dice" and s.current_seat == 3  # only seat 3 rolls; the equal seat does not
    assert s.legal_actions() == [ROLL]
    fix_dice(s, 1, 2)  # 8 + 3 = 11: survives
    events = s.apply(ROLL)
    over = first(events, "round_over").data
    assert over["standings"] == ["bust", "doubled", "survived", "survived"]
    assert over["dealer_total"] == 12
    assert sorted(over["hand_outcomes"]) == ["bust", "doubled", "survived", "survived"]
    assert s.stacks == [990, 990, 1010, 1010]
    assert over["winners"] == [2, 3]


# ------------------------------------------------------------------------------------------------- dice
def test_dice_phase_in_seat_order_each_seat_rolls_its_own() -> None:
    """RULINGS: dice phase in seat order: each surviving hand adds both dice; then the same two bust tests."""
    s = table(3)
    rig(s, [[4, 4], [5, 4], [5, 3]], up=6, hole=3, then=(5,))  # dealer 14; hands 8, 9, 8 all roll
    s.apply(Action("stake", amount=10))
    for _ in range(3):
        s.apply(STAY)
    order = []
    outcomes = []
    plan = [(1, 1), (3, 3), (1, 1)]  # seat 0: 8+2 = 10 survives; seat 1: 9+6 = 15 busts; seat 2: 8+2 = 10
    for a, b in plan:
        order.append(s.current_seat)
        assert s.legal_actions() == [ROLL]
        fix_dice(s, a, b)
        events = s.apply(ROLL)
        rolled = first(events, "dice_rolled").data
        assert rolled["dice"] == [a, b] and rolled["total"] == rolled["cards_total"] + a + b
        outcomes.append(rolled["outcome"])
    assert order == [0, 1, 2]
    assert outcomes == ["survived", "bust", "survived"]
    assert after_dice(7, 14) == "doubled"  # the "doubled" test applies again after the dice too
    assert s.stacks == [1010, 990, 1010]


def test_jackpot_ends_round_at_once_and_pays_every_stake_and_the_prize_pot() -> None:
    """RULINGS: exactly the dealer's total = jackpot: every seat's stake and the prize pot; the round ends."""
    s = table(3)
    rig(s, [[4, 4], [5, 4], [5, 3]], up=6, hole=3, then=(5,))  # dealer 14; hands 8, 9, 8
    s.apply(Action("stake", amount=10))
    for _ in range(3):
        s.apply(STAY)
    total = s.chip_total()
    fix_dice(s, 3, 3)  # seat 0: 8 + 6 = 14, the dealer's total
    events = s.apply(ROLL)
    jackpot = first(events, "jackpot")
    assert jackpot.seat == 0 and jackpot.data["amount"] == 30 + 30
    assert "house_collected" not in kinds(events) and "house_paid" not in kinds(events)
    assert kinds(events).count("dice_rolled") == 1  # seats 1 and 2 never roll
    assert s.stacks == [1050, 990, 990]
    assert s.house == -30
    over = first(events, "round_over").data
    assert over["jackpot"] == 0 and over["winners"] == [0]
    assert over["standings"] == ["jackpot", "survived", "survived"]
    assert over["hand_outcomes"] == ["jackpot", "survived", "survived"]
    assert [h["net"] for h in over["hands"]] == [50, -10, -10]
    assert s.chip_total() == total
    assert s.round_no == 2 and s.phase == "stake"  # the next round has started


def test_jackpot_takes_busted_stakes_too() -> None:
    """RULINGS: the jackpot wins every seat's stake, a busted seat's included."""
    s = table(2)
    rig(s, [[6, 6], [3, 4]], up=6, hole=3, then=(5,))  # dealer 14; seat 0 holds 12 (rolls), seat 1 7 doubled
    s.apply(Action("stake", amount=20))
    s.apply(STAY)
    s.apply(STAY)
    fix_dice(s, 1, 1)  # seat 0: 12 + 2 = 14 jackpot
    events = s.apply(ROLL)
    assert first(events, "jackpot").data["amount"] == 40 + 40
    assert s.stacks == [1060, 980]


# ------------------------------------------------------------------------------------------- settlement
def test_settlement_busted_to_house_survivors_paid_one_stake_rest_of_prize_pot_back() -> None:
    """RULINGS: busted stakes go to the house; each surviving hand keeps its stake and is paid one stake;
    what is left of the prize pot returns to the house."""
    s = table(3)
    rig(s, [[6, 6], [6, 5], [4, 4]], up=6, hole=3, then=(5,))  # dealer 14; 12 and 11 and 8 roll
    s.apply(Action("stake", amount=10))
    for _ in range(3):
        s.apply(STAY)
    fix_dice(s, 3, 3)
    s.apply(ROLL)  # seat 0: 18 busts
    fix_dice(s, 1, 1)
    s.apply(ROLL)  # seat 1: 13 survives
    fix_dice(s, 1, 2)
    events = s.apply(ROLL)  # seat 2: 11 survives
    assert s.stacks == [990, 1010, 1010]
    assert [e.data["amount"] for e in events if e.kind == "house_paid"] == [10, 10]
    returned = first(events, "prize_pot_returned").data
    assert returned["amount"] == 10
    assert s.house == -30 + 10 + 10  # funded 30, took 10 busted, got 10 back
    assert s.prize_pot == 0 and s.hand_pots() == [0, 0, 0]


def test_settlement_house_pays_shortfall_after_splits() -> None:
    """Ruling: survivors are paid from the prize pot while it lasts, then by the house directly."""
    s = table(1)
    rig(s, [[5, 5]], up=6, hole=6, then=(2, 4, 5))  # split 5 | 5; hands 7 and 9; dealer 6, 6, 5 = 17
    s.apply(Action("stake", amount=10))
    s.apply(Action("split", value=5))
    s.apply(HIT)
    s.apply(STAY)
    s.apply(HIT)
    s.apply(STAY)
    assert s.dealer_total == 17 and [sum(h["cards"]) for h in s.hands] == [7, 9]
    # 7 is at most half of 17 (14 <= 17): doubled; 9 rolls, to 9 + 4 = 13: survives
    fix_dice(s, 2, 2)
    events = s.apply(ROLL)
    paid = first(events, "house_paid").data
    assert paid["from_prize_pot"] == 10 and paid["from_house"] == 0
    assert s.stacks == [1000]
    # both hands survive: the second payment comes from the house itself
    t = table(1)
    rig(t, [[5, 5]], up=6, hole=6, then=(4, 4, 5))  # hands 9 and 9; dealer 17
    t.apply(Action("stake", amount=10))
    t.apply(Action("split", value=5))
    for _ in range(2):
        t.apply(HIT)
        t.apply(STAY)
    fix_dice(t, 1, 1)
    t.apply(ROLL)
    fix_dice(t, 1, 1)
    house = t.house
    events = t.apply(ROLL)
    pays = [e.data for e in events if e.kind == "house_paid"]
    assert [(p["from_prize_pot"], p["from_house"]) for p in pays] == [(10, 0), (0, 10)]
    assert t.stacks == [1020] and t.house == house - 10
    assert "prize_pot_returned" not in kinds(events)


# ---------------------------------------------------------------------------------------------- session
def test_session_ends_at_rounds_or_when_no_seat_can_pay_the_minimum() -> None:
    """Ruling: the session ends after `rounds`, or when no seat can pay the minimum stake."""
    s = table(2, rounds=3)
    while not s.is_over:
        events = s.apply(s.legal_actions()[0])
    assert s.round_no == 3 and events[-1].kind == "session_over"
    poor = table(1, stack=10, min_stake=10, rounds=0)
    rig(poor, [[6, 6]], up=1, hole=1, then=(5,))  # dealer 7, hand 12: bust, the only seat is broke
    events = play_round(poor, 10, [STAY])
    assert poor.is_over and events[-1].kind == "session_over" and poor.stacks == [0]
    assert events[-1].data["house"] == 10


def test_a_lone_seat_that_can_pay_plays_on_against_the_house() -> None:
    """Ruling: the session ends when *no* seat can pay the minimum stake. Kinzo plays against the house, so one
    seat is enough (``rounds.session_ends(..., needed=1)``), and the first seat passes round the table back to it
    (``rounds.next_dealer``)."""
    s = table(3, min_stake=10, rounds=4, stack=100)
    s.stacks[1] = s.stacks[2] = 5  # only seat 0 can pay the minimum (and, staking 10 and staying, always will)
    firsts = [s.current_seat]
    while not s.is_over:
        events = s.apply(s.legal_actions()[0])  # the minimum stake, stay, roll
        firsts += [e.data["first"] for e in events if e.kind == "round_started"]
    assert firsts == [0, 0, 0, 0] and s.round_no == 4


def test_round_over_reports_standings_hands_dealer_total_and_outcomes() -> None:
    """Contract: round_over carries round, winners, standings, showdown, carried, stacks, and for simulate
    dealer_total and hand_outcomes (one per hand)."""
    s = table(3, seed=11, rounds=20, stack=10**6)
    seen = 0
    while not s.is_over:
        for e in s.apply(s.legal_actions()[-1]):
            if e.kind == "round_over":
                d = e.data
                seen += 1
                for key in ("round", "winners", "standings", "showdown", "carried", "stacks", "hands"):
                    assert key in d
                assert isinstance(d["dealer_total"], int) and d["dealer_total"] == sum(d["dealer_cards"])
                assert len(d["hand_outcomes"]) == len(d["hands"])
                assert set(d["hand_outcomes"]) <= set(Kinzo.RANK_NAMES)
                assert all(st is None or st in Kinzo.RANK_NAMES for st in d["standings"])
    assert seen == 20


def test_illegal_actions_rejected_and_state_unchanged() -> None:
    """RULINGS (common): illegal actions are rejected with a reason; the state is unchanged."""
    s = table(2)
    before = s.clone()
    for bad in (HIT, ROLL, Action("split", value=3), Action("stake", amount=10**6)):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    with pytest.raises(IllegalAction):
        s.apply(Action("stake", amount=10), seat=1)
    assert s == before


# ------------------------------------------------------------------------------------ books and contract
@pytest.mark.parametrize("seats", range(1, 8))
def test_books_balance_including_house_in_random_playouts(seats: int) -> None:
    """The books: stacks + hand pots + prize pot + house stay constant; no stack goes negative; clone, save
    and determinize keep the state and views."""
    for seed in range(3):
        s = table(seats, seed=seed, rounds=4)
        total = s.chip_total()
        r = Rng(seed)
        step = 0
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[r.below(len(legal))])
            step += 1
            assert s.chip_total() == total
            assert min(s.stacks) >= 0
            assert s.clone() == s
            seat = step % seats
            assert s.determinize(seat, r).view(seat) == s.view(seat)
        assert restore(s.to_json()) == s


def test_determinize_redeals_hole_and_deck_only() -> None:
    """determinize re-deals what no seat sees (hole card, deck order) and keeps every visible card."""
    s = table(2, seed=5)
    s.apply(Action("stake", amount=10))
    holes = set()
    for k in range(40):
        d = s.determinize(0, Rng(k))
        assert isinstance(d, Kinzo)
        assert d.view(0) == s.view(0) and d.view(1) == s.view(1)
        assert sorted([*d.deck, d.dealer_cards[1]]) == sorted([*s.deck, s.dealer_cards[1]])
        assert d.dealer_cards[0] == s.dealer_cards[0] and d.hands == s.hands
        holes.add(d.dealer_cards[1])
    assert len(holes) > 1


# ------------------------------------------------------------------------------------ exact probability
def exact_dealer_totals() -> dict[int, Fraction]:
    """The dealer's final total from a full fresh deck, by exact enumeration, written from RULINGS directly:
    two cards, a mandatory third, then stop on a 5 or 6 (third card on) or at six cards."""
    dist: dict[int, Fraction] = {}
    counts = [6] * 7  # counts[v] for v = 1..6 (index 0 unused)

    def walk(cards: list[int], left: int, p: Fraction) -> None:
        stop = len(cards) >= 6 or (len(cards) >= 3 and cards[-1] >= 5)
        if stop:
            t = sum(cards)
            dist[t] = dist.get(t, Fraction(0)) + p
            return
        for v in range(1, 7):
            c = counts[v]
            if c:
                counts[v] -= 1
                cards.append(v)
                walk(cards, left - 1, p * Fraction(c, left))
                cards.pop()
                counts[v] += 1

    walk([], 36, Fraction(1))
    return dist


def test_exact_dealer_total_distribution_matches_simulation() -> None:
    """The dealer's totals over a long seeded session match the exact distribution (chi-square and each
    bin within 4.5 binomial standard errors). The seat always stays, so the dealer's cards are a fresh draw."""
    exact = exact_dealer_totals()
    assert sum(exact.values()) == 1
    rounds = 24_000
    s = table(1, seed=2024, rounds=rounds, stack=10**9, min_stake=1)
    stake = Action("stake", amount=1)
    observed: Counter[int] = Counter()
    while not s.is_over:
        phase = s.phase
        for e in s.apply(stake if phase == "stake" else STAY if phase == "play" else ROLL):
            if e.kind == "round_over":
                observed[e.data["dealer_total"]] += 1
    assert sum(observed.values()) == rounds
    assert set(observed) <= set(exact)
    chi2 = 0.0
    bins = 0
    pending_e = pending_o = 0.0
    for total in sorted(exact):
        p = float(exact[total])
        o = observed.get(total, 0)
        sd = math.sqrt(rounds * p * (1 - p))
        assert abs(o - rounds * p) <= 4.5 * sd + 1, (total, o, rounds * p)
        pending_e += rounds * p
        pending_o += o
        if pending_e >= 20:  # merge thin tails until a bin expects at least 20
            chi2 += (pending_o - pending_e) ** 2 / pending_e
            bins += 1
            pending_e = pending_o = 0.0
    if pending_e:
        chi2 += (pending_o - pending_e) ** 2 / pending_e
        bins += 1
    df = bins - 1
    # Wilson–Hilferty: the chi-square quantile at p = 0.9999 (z = 3.719)
    critical = df * (1 - 2 / (9 * df) + 3.719 * math.sqrt(2 / (9 * df))) ** 3
    assert chi2 < critical, (chi2, critical, df)
    mean_exact = sum(t * p for t, p in exact.items())
    mean_obs = sum(t * o for t, o in observed.items()) / rounds
    var = sum((t - float(mean_exact)) ** 2 * float(p) for t, p in exact.items())
    assert abs(mean_obs - float(mean_exact)) < 4 * math.sqrt(var / rounds)


# ------------------------------------------------------------------------------ engine contract v2: folds
def step_folds(state: Kinzo, action: Action) -> list[Event]:
    """Apply ``action`` and check, for every seat and the spectator, that folding ``Kinzo.reduce_view`` over
    the visible events from the view before gives the view after (and that the catalogue holds)."""
    viewers = [None, *range(state.n)]
    before = {v: state.view(v) for v in viewers}
    events = state.apply(action)
    for e in events:
        assert set(e.data) == set(Kinzo.EVENT_KINDS[e.kind]), e.kind
    for viewer in viewers:
        view = before[viewer]
        for e in events:
            view = Kinzo.reduce_view(view, e.visible_to(viewer))
        assert view == state.view(viewer), (viewer, [e.kind for e in events])
    return events


def test_reduce_view_folds_a_split_round_paid_partly_by_the_house() -> None:
    """Contract v2: a split (the second hand inserted after the first), both hands rolling and both paid, the
    second from the house itself: every step's view is the fold of its events."""
    t = table(2)
    rig(t, [[5, 5], [1, 1]], up=6, hole=6, then=(4, 4, 5))  # seat 0 splits to 9 and 9; seat 1 holds 2
    step_folds(t, Action("stake", amount=10))
    events = step_folds(t, Action("split", value=5))
    assert kinds(events) == ["split"]
    assert t.view(None)["turn"] == 0 and [h["hand"] for h in t.view(None)["hands"]] == [0, 1, 0]
    for move in (HIT, STAY):
        events = step_folds(t, move)
    assert first(events, "to_act").data == {"phase": "play", "turn": 1, "hand": 1}
    step_folds(t, HIT)
    events = step_folds(t, STAY)
    assert first(events, "to_act").seat == 1
    events = step_folds(t, STAY)  # seat 1's 2 is doubled out; both of seat 0's 9s roll against 17
    assert first(events, "to_act").data == {"phase": "dice", "turn": 0, "hand": 0}
    fix_dice(t, 1, 1)
    step_folds(t, ROLL)
    fix_dice(t, 1, 1)
    events = step_folds(t, ROLL)
    pays = [(e.data["from_prize_pot"], e.data["from_house"]) for e in events if e.kind == "house_paid"]
    assert pays == [(10, 0), (10, 0)]  # the prize pot held 20 (two seats): enough for both
    assert t.view(0)["last_round"]["net"] == [20, -10]


def test_reduce_view_folds_a_jackpot_and_the_session_end() -> None:
    """Contract v2: a jackpot (hands cut short before their roll count as survived) and the session's end."""
    s = table(3, rounds=1)
    rig(s, [[4, 4], [5, 4], [5, 3]], up=6, hole=3, then=(5,))  # dealer 14; hands 8, 9, 8
    step_folds(s, Action("stake", amount=10))
    for _ in range(3):
        step_folds(s, STAY)
    fix_dice(s, 3, 3)
    events = step_folds(s, ROLL)
    assert kinds(events)[-2:] == ["round_over", "session_over"]
    v = s.view(None)
    assert v["is_over"] and v["phase"] == "over" and v["last_round"]["jackpot"] == 0


def test_reduce_view_is_pure() -> None:
    """Contract v2: the reducer returns a new view and changes neither the view nor the event it was given."""
    s = table(2, seed=3)
    view = s.view(0)
    for e in s.apply(Action("stake", amount=10)) + s.apply(STAY) + s.apply(STAY):
        seen = e.visible_to(0)
        frozen, kept = repr(view), repr(seen)
        new = Kinzo.reduce_view(view, seen)
        assert new is not view and repr(view) == frozen and repr(seen) == kept
        for value in new.values():  # a careless consumer changes the new view: the event must not change
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, (list, dict)):
                        item.clear()
        assert repr(seen) == kept
        view = Kinzo.reduce_view(view, seen)
    assert view == s.view(0)


def test_turn_passes_by_to_act_events_in_play_and_dice_order() -> None:
    """Contract v2: each pass of the turn is a to_act event naming the seat, the phase and the hand."""
    s = table(3)
    rig(s, [[4, 4], [5, 4], [5, 3]], up=6, hole=3, then=(5,))
    events = s.apply(Action("stake", amount=10))
    assert events[-1].kind == "to_act" and events[-1].seat == 0
    assert events[-1].data == {"phase": "play", "turn": 0, "hand": 0}
    seen = [(e.seat, e.data["phase"]) for m in (STAY, STAY, STAY) for e in s.apply(m) if e.kind == "to_act"]
    assert seen == [(1, "play"), (2, "play"), (0, "dice")]


# ------------------------------------------------------------------------------ engine contract v2: refusals
def test_refusals_name_why_a_hit_or_split_is_refused_and_change_nothing() -> None:
    """Contract v2: a refused hit or split carries the game's own code; the state is unchanged."""
    def refused(state: Kinzo, action: Action, code: str) -> None:
        before = state.to_json(), state.view(None)
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert info.value.code == code and code in Kinzo.REFUSALS | {"not_allowed_now": ""}
        assert (state.to_json(), state.view(None)) == before

    s = table(1, stack=15)
    rig(s, [[4, 4]], up=6, hole=6, then=(4,))
    s.apply(Action("stake", amount=10))
    refused(s, Action("split", value=4), "cannot_afford_split")  # 5 chips left
    refused(s, Action("split", value=3), "no_pair")
    refused(s, Action("split", value=True), "not_allowed_now")
    t = table(1)
    rig(t, [[4, 4]], up=6, hole=6, then=(4,))
    t.apply(Action("stake", amount=10))
    split = Action("split", value=4)
    forged = Action("split", value=4)
    object.__setattr__(forged, "fields", (("value", 4.0),))
    with pytest.raises(IllegalAction) as info:
        t.apply(forged)
    assert info.value.code == "malformed_action"
    t.apply(split)
    t.apply(HIT)  # 4, 4 again in the first hand
    refused(t, split, "already_split")
    r = table(7, seed=2)
    r.apply(Action("stake", amount=10))
    for _ in range(16):  # seats 0-3 hit to six cards: only the dealer's four are left
        r.apply(HIT)
    refused(r, HIT, "deck_reserved")


# -------------------------------------------------------------------------------------- RULINGS: splits
@pytest.mark.parametrize("seats", [1, 3, 7])
def test_splits_odd_chips_never_arise_and_nothing_is_left_at_the_session_end(seats: int) -> None:
    """RULINGS (common) Splits: odd chips of a split pot carry, or where there is no next hand go to the first
    winner left of the dealer. Kinzo never divides a pot: a jackpot goes whole to one hand (every stake and the
    prize pot) and each survivor is paid exactly one stake; every round is settled to the last chip, so at the
    session's end no chip is left on the table (and the ruling is written in RULINGS_NOTES)."""
    assert any(note.startswith("Splits:") for note in Kinzo.RULINGS_NOTES)
    jackpots = 0
    for seed in range(6):
        s = table(seats, seed=seed, rounds=12, stack=400)
        total = s.chip_total()
        r = Rng(seed)
        while not s.is_over:
            legal = s.legal_actions()
            stakes = sum(h["stake"] for h in s.hands)
            prize, stake = s.prize_pot, s.stake
            events = s.apply(legal[r.below(len(legal))])
            for e in events:
                if e.kind == "jackpot":
                    jackpots += 1
                    assert e.data["amount"] == stakes + prize == e.data["stakes"] + e.data["prize_pot"]
                if e.kind == "house_paid":
                    assert e.data["amount"] == e.data["stake_returned"] == stake
            if any(e.kind == "round_over" for e in events):
                assert s.chips_in_play() == 0 and s.hand_pots() == [0] * seats
        assert s.chips_in_play() == 0 and s.prize_pot == 0 and s.hands == []
        assert sum(s.stacks) + s.house == total
    assert jackpots > 0
