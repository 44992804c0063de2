"""Sabacc: Nepunian Spike, the table: one test (at least) per rule line of its RULINGS.md section.

Every test's docstring quotes the ruling it covers ("RULINGS: ..."). Situations are built with
``NepunianSpike.stack_cards`` (chosen hands, discard pile and next cards of the deck, taken from the real deck so
the 42 cards stay whole) and dice with ``ScriptedRng`` (a roll is two ``below(6)`` draws: script ``[a-1, b-1]``).
The hand evaluator itself is verified in tests/test_sabacc_ranks.py; here we check the engine applies it.
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import GAMES, Action, IllegalAction, create, reduce_view, restore
from game.engine.core import Rng, build_pots
from game.engine.nepunian_spike import ranks as spike_module
from game.engine.nepunian_spike.ranks import DECK, VALUES, rank_hand
from game.engine.nepunian_spike.table import NepunianSpike, card_ids, dice_outcome, hand_rank
from game.measure.simulate import simulate
from tests.helpers import ScriptedRng, kinds

STAND, GAIN, CHECK, CALL, FOLD, ROLL, STAY = (Action(k) for k in ("stand", "gain", "check", "call", "fold", "roll",
                                                                  "stay"))
MIXED = [0, 1]  # dice 1 and 2: one odd, one even
MATCHED = [1, 3]  # dice 2 and 4: both even, no pair
SPIKE = [2, 2]  # dice 3 and 3: a pair


def raise_(amount: int) -> Action:
    return Action("raise", amount=amount)


def swap(card: int, source: str) -> Action:
    return Action("swap", card=card, source=source)


# ------------------------------------------------------------------------------------------------ helpers
def table(seats: int = 3, seed: int = 1, dice: list[int] | tuple[int, ...] = (), **options: int) -> NepunianSpike:
    """A fresh table in hand 1's first play phase, with the dice scripted from here on (rounds 3 unless given)."""
    state = create("nepunian_spike", seats=seats, seed=seed, options={"rounds": 3, **options})
    assert isinstance(state, NepunianSpike)
    state.rng = ScriptedRng(list(dice))
    return state


def rig(state: NepunianSpike, hands: dict[int, tuple[int, ...]], deck: tuple[int, ...] = (),
        discard: tuple[int, ...] | None = None) -> dict[int, list[int]]:
    """Give seats hands of chosen values (and the next deck cards / the discard pile); returns the hands' ids.

    Values are turned into distinct card ids all at once, so two hands may both hold a +5 (both copies)."""
    flat = [v for vs in hands.values() for v in vs] + list(discard or ()) + list(deck)
    ids = card_ids(*flat)
    out: dict[int, list[int]] = {}
    i = 0
    for s, vs in hands.items():
        out[s] = ids[i:i + len(vs)]
        i += len(vs)
    pile = ids[i:i + len(discard or ())] if discard is not None else None
    i += len(discard or ())
    state.stack_cards(out, discard=pile, deck=ids[i:])
    return out


def step(state: NepunianSpike) -> list:
    """One unremarkable action: stand, check, call, roll or stay, whichever is legal."""
    legal = state.legal_actions()
    for a in (STAND, CHECK, CALL, ROLL, STAY):
        if a in legal:
            return state.apply(a)
    raise AssertionError(f"no quiet action in {legal}")  # pragma: no cover


def until(state: NepunianSpike, phase: str, seat: int | None = None) -> list:
    """Quiet actions until the table waits in ``phase`` (for ``seat``, if given)."""
    events: list = []
    for _ in range(200):
        if state.phase == phase and (seat is None or state.current_seat == seat):
            return events
        events += step(state)
    raise AssertionError(f"never reached {phase}")  # pragma: no cover


def finish_hand(state: NepunianSpike) -> list:
    """Quiet actions until the current hand is over; returns its events (round_over included)."""
    hand = state.round_no
    events: list = []
    while not state.is_over and state.round_no == hand:
        events += step(state)
    return events


def first(events: list, kind: str):
    return next(e for e in events if e.kind == kind)


def of_kind(events: list, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def all_cards(state: NepunianSpike) -> list[int]:
    return (state.deck + state.pile + state.spent + [c for h in state.hands for c in h]
            + [c for m in state.muck for c in m])


def restack(state: NepunianSpike, stacks: list[int], dice: list[int] | tuple[int, ...] = ()) -> None:
    """End hand 1 at once (everyone but the last bettor folds) so hand 2 antes from exactly ``stacks``; then
    script the dice (after hand 2's shuffle, which would otherwise eat the script). Hand 2's dealer is seat 1."""
    until(state, "bet")
    winner = state.queue[-1]
    pot = state.hand_pot()
    state.stacks = [st - (pot if s == winner else 0) for s, st in enumerate(stacks)]
    while state.round_no == 1:
        state.apply(FOLD)
    assert state.round_no == 2 and state.dealer == state.captain == 1
    assert [state.stacks[s] + state.spike_contrib[s] + state.hand_contrib[s] for s in range(state.n)] == stacks
    state.rng = ScriptedRng(list(dice))


# ======================================================================================= deck and setup
def test_ruling_deck_42_cards_ace_to_ten_four_suits_two_sylops() -> None:
    """RULINGS: Deck: 42 cards: Ace(1)…10 in four suits (black = plus, red = minus) and two Sylops (0, either
    colour). Every card is dealt from one whole deck; a Sylop counts as 0 in a hand."""
    assert len(DECK) == 42 and Counter(VALUES) == Counter({**{v: 2 for v in range(-10, 11) if v}, 0: 2})
    assert {s for s, v in DECK if v > 0} == {"spades", "clubs"} and {s for s, v in DECK if v < 0} == {
        "hearts", "diamonds"}
    for seats in (2, 5, 8):
        state = table(seats)
        assert sorted(all_cards(state)) == list(range(42))
    sylops = card_ids(0, 0)
    assert [DECK[c] for c in sylops] == [("sylop", 0), ("sylop", 0)]
    assert hand_rank(sylops).name == "Pure Sabacc"
    assert hand_rank(card_ids(0, 4, -4)).total == 0


def test_ruling_two_to_eight_seats_and_options() -> None:
    """The issue: `nepunian_spike`, 2–8 seats; options rounds, stack and ante."""
    assert GAMES["nepunian_spike"] is NepunianSpike
    for n in (2, 8):
        assert create("nepunian_spike", seats=n).n == n
    for n in (1, 9):
        with pytest.raises(ValueError):
            create("nepunian_spike", seats=n)
    assert {o.name for o in NepunianSpike.OPTIONS} == {"rounds", "stack", "ante"}
    with pytest.raises(ValueError, match="'ante'"):
        create("nepunian_spike", options={"ante": 0})
    notes = NepunianSpike.RULINGS_NOTES
    assert notes[: len(spike_module.RULINGS_NOTES)] == spike_module.RULINGS_NOTES  # the evaluator's, merged
    assert any("shuffled into a new deck" in n for n in notes) and len(notes) > len(spike_module.RULINGS_NOTES)
    from game.engine import nepunian_spike as package

    assert package.NepunianSpike is NepunianSpike and package.rank_hand is rank_hand  # the package's names


def test_ruling_two_pots_both_anted_each_hand_spike_first() -> None:
    """RULINGS: Two pots: spike pot and hand pot, both anted each hand (the text: spike the pot, then the hand
    pot)."""
    state = table(4, ante=7)
    antes = first(state.opening_events, "antes")
    assert antes.data["spike"] == [7] * 4 and antes.data["hand"] == [7] * 4
    assert state.spike_pot() == 28 and state.hand_pot() == 28 and state.stacks == [986] * 4
    # a seat with 10 chips pays the spike pot in full first, and only what is left into the hand pot
    state = table(3, ante=7)
    restack(state, [100, 10, 100])
    assert state.spike_contrib == [7, 7, 7] and state.hand_contrib == [7, 3, 7]


def test_ruling_dealer_button_passes_each_hand_and_dealer_starts_as_captain() -> None:
    """RULINGS: The dealer button passes each hand; the dealer starts as Captain (and acts first)."""
    state = table(3, rounds=4)
    seen = [(state.dealer, state.captain, state.current_seat)]
    starts = []
    while not state.is_over:
        hand = state.round_no
        events = step(state)
        starts += of_kind(events, "round_started")
        if state.round_no != hand and not state.is_over:
            seen.append((state.dealer, state.captain, state.current_seat))
    assert seen == [(0, 0, 0), (1, 1, 1), (2, 2, 2), (0, 0, 0)]
    assert [(e.data["dealer"], e.data["captain"]) for e in starts] == [(1, 1), (2, 2), (0, 0)]


def test_ruling_deal_two_cards_each_and_one_card_starts_the_discard_pile() -> None:
    """RULINGS: Deal two cards each; one card starts the discard pile (face up: public)."""
    state = table(5)
    assert [len(h) for h in state.hands] == [2] * 5 and len(state.pile) == 1 and len(state.deck) == 42 - 11
    dealt = of_kind(state.opening_events, "cards_dealt")
    assert len(dealt) == 5 and all("cards" not in e.data for e in dealt)
    assert all(e.visible_to(e.seat)["cards"] == state.hands[e.seat] for e in dealt)
    assert all("cards" not in e.visible_to((e.seat + 1) % 5) for e in dealt)
    assert first(state.opening_events, "discard_started").data["card"] == state.pile[-1]
    assert state.view(None)["discard"] == state.pile


# ======================================================================================= play phase
def test_ruling_play_phase_goes_from_the_captain() -> None:
    """RULINGS: Play phase from the Captain (each seat still in, in turn to the left)."""
    state = table(4)
    order = []
    while state.phase == "play":
        order.append(state.current_seat)
        state.apply(STAND)
    assert order == [0, 1, 2, 3] and state.phase == "bet"


def test_ruling_gain_draws_one_card() -> None:
    """RULINGS: Gain (draw one): the top card of the deck, seen only by the seat that drew it."""
    state = table(3)
    rig(state, {0: (2, 3), 1: (4, 5), 2: (6, 7)}, deck=(-9,))
    top = state.deck[-1]
    events = state.apply(GAIN)
    assert state.hands[0][-1] == top and len(state.hands[0]) == 3
    gain = first(events, "gain")
    assert "card" not in gain.data and gain.visible_to(0)["card"] == top and "card" not in gain.visible_to(1)
    assert state.view(1)["hand_counts"][0] == 3 and top not in state.view(1)["hand"]


def test_ruling_gain_not_allowed_with_five_cards() -> None:
    """RULINGS: Gain: not with five cards."""
    state = table(3)
    rig(state, {0: (1, 2, 3, 4, -10), 1: (4, 5), 2: (6, 7)})
    assert GAIN not in state.legal_actions()
    before = state.clone()
    with pytest.raises(IllegalAction, match="5 cards"):
        state.apply(GAIN)
    assert state == before
    state.apply(STAND)
    assert GAIN in state.legal_actions()  # seat 1 holds two


def test_ruling_swap_from_the_deck() -> None:
    """RULINGS: Swap: discard a card face up, then draw from the deck."""
    state = table(3)
    ids = rig(state, {0: (2, 3), 1: (4, 5), 2: (6, 7)}, deck=(-5,))
    top = state.deck[-1]
    events = state.apply(swap(ids[0][0], "deck"))
    assert state.pile[-1] == ids[0][0] and sorted(state.hands[0]) == sorted([ids[0][1], top])
    e = first(events, "swap")
    assert e.data["discarded"] == ids[0][0] and e.data["card"] is None and e.visible_to(0)["card"] == top
    assert e.visible_to(1)["card"] is None and e.visible_to(None)["card"] is None
    assert state.view(2)["known_cards"][0] == []  # a card from the deck stays secret


def test_ruling_swap_from_the_discard_pile_never_takes_back_the_card_just_discarded() -> None:
    """RULINGS: Swap ... from the discard pile. Ruling: the seat takes the card that was on top before its
    discard, so it can never take back the card it just threw away; the whole table saw which card it took."""
    state = table(3)
    ids = rig(state, {0: (2, 3), 1: (4, 5), 2: (6, 7)}, discard=(-8, 9))
    old_top = state.pile[-1]
    events = state.apply(swap(ids[0][1], "discard"))
    assert state.pile == [card_ids(-8)[0], ids[0][1]] and sorted(state.hands[0]) == sorted([ids[0][0], old_top])
    assert first(events, "swap").data["card"] == old_top  # public: it was face up
    assert state.view(1)["known_cards"][0] == [old_top]
    # the next seat may take the card seat 0 discarded: it is now the top
    state.apply(swap(ids[1][0], "discard"))
    assert ids[0][1] in state.hands[1] and state.pile[-1] == ids[1][0]


def test_ruling_stand_does_nothing() -> None:
    """RULINGS: Stand (do nothing but pass the turn)."""
    state = table(3)
    before = (state.hands[0][:], state.pile[:], state.deck[:], state.stacks[:])
    events = state.apply(STAND)
    assert kinds(events) == ["stand"] and state.current_seat == 1
    assert (state.hands[0], state.pile, state.deck, state.stacks) == before


def test_ruling_illegal_play_actions_say_why_and_change_nothing() -> None:
    """RULINGS (common): an illegal action is rejected with a reason; the state is unchanged."""
    state = table(3)
    before = state.clone()
    for bad, reason, code in [(swap(state.hands[1][0], "deck"), "does not hold", "card_not_held"),
                              (swap(0, "floor"), "source", "not_allowed_now"),
                              (CHECK, "play phase", "unknown_action"),
                              (Action("gain", amount=2), "takes no fields", "not_allowed_now"),
                              (Action("swap", card=True, source="deck"), "card id", "not_allowed_now")]:
        with pytest.raises(IllegalAction, match=reason) as info:
            state.apply(bad)
        assert info.value.code == code
        assert state == before
    with pytest.raises(IllegalAction, match="turn"):
        state.apply(STAND, seat=2)


def test_ruling_deck_running_out_reshuffles_the_discard_pile_except_its_top() -> None:
    """Ruling: an empty deck is rebuilt from the discard pile except its top card (and cards set aside face up
    this hand); a seat's own just-discarded card stays on top and cannot come back to it."""
    state = table(3)
    state.pile = state.deck + state.pile  # every undealt card lies face up in the pile
    state.deck = []
    top = state.pile[-1]
    below = set(state.pile[:-1])
    events = state.apply(GAIN)
    assert "deck_reshuffled" in kinds(events) and state.pile == [top]
    assert state.hands[0][-1] in below and len(state.deck) == len(below) - 1
    # a swap from the deck when it is empty: the discarded card goes on top first, so it is never redrawn
    state.pile = state.deck + state.pile
    state.deck = []
    mine = state.hands[1][0]
    state.apply(swap(mine, "deck"))
    assert state.pile == [mine] and mine not in state.hands[1]
    assert sorted(all_cards(state)) == list(range(42))


def folded(state: NepunianSpike, action: Action) -> list:
    """Apply ``action``; every seat's and the spectator's view before it, folded with ``reduce_view`` over the
    events each saw, must be exactly its view after it."""
    viewers = [None, *range(state.n)]
    before = {v: state.view(v) for v in viewers}
    events = state.apply(action)
    for v in viewers:
        view = before[v]
        for e in events:
            view = reduce_view(view, e.visible_to(v))
        assert view == state.view(v), (v, [e.kind for e in events])
    return events


def test_views_fold_through_a_reshuffle() -> None:
    """reduce_view: a Gain and a Swap with the deck that empty it rebuild the deck from the pile (but its top);
    every view folds to the truth, the swapped-away card left alone on the pile."""
    state = table(3)
    state.pile = state.deck + state.pile
    state.deck = []
    events = folded(state, GAIN)
    assert "deck_reshuffled" in kinds(events)
    state.pile = state.deck + state.pile
    state.deck = []
    mine = state.hands[1][0]
    events = folded(state, swap(mine, "deck"))
    assert "deck_reshuffled" in kinds(events) and state.pile == [mine]
    while not state.is_over:
        folded(state, state.legal_actions()[0])
    # a Spike's refill that empties the deck (one card left): the set-aside hands and old pile become the deck
    state = table(3, dice=SPIKE + MIXED * 3)
    until(state, "roll")
    state.pile = state.deck[1:] + state.pile
    state.deck = state.deck[:1]
    events: list = []
    while state.round_no == 1:
        legal = state.legal_actions()
        events += folded(state, next(a for a in (STAY, ROLL, *legal) if a in legal))
    assert "deck_reshuffled" in kinds(events) and "hands_discarded" in kinds(events)


def test_ruling_gain_only_offered_when_a_card_can_be_drawn() -> None:
    """Ruling: Gain and Swap are only offered when a card can be drawn."""
    state = table(3)
    state.muck[2] = state.deck  # pretend every undealt card was folded away face down
    state.deck = []
    assert GAIN not in state.legal_actions()
    with pytest.raises(IllegalAction, match="no card"):
        state.apply(GAIN)
    assert swap(state.hands[0][0], "deck") in state.legal_actions()  # the pile's card can be reshuffled


# ======================================================================================= betting
def test_ruling_three_rounds_play_bet_roll_play_bet_roll_last_bet_reveal() -> None:
    """RULINGS: Three rounds: play → bet → roll; play → bet → roll; last bet → reveal."""
    state = table(3, dice=MIXED * 2)
    phases = []
    events = []
    while state.round_no == 1:
        if not phases or phases[-1] != (state.stage, state.phase):
            phases.append((state.stage, state.phase))
        events += step(state)
    assert phases == [(1, "play"), (1, "bet"), (1, "roll"), (2, "play"), (2, "bet"), (2, "roll"), (3, "bet")]
    assert kinds(events).count("round_over") == 1 and first(events, "round_over").data["showdown"]
    assert first(events, "hands_revealed").data["pot_name"] == "hand"


def test_ruling_bets_start_with_the_captain_check_call_raise_fold() -> None:
    """RULINGS: Bets: check/call, raise by at least the ante, fold (starting with the Captain)."""
    state = table(3)
    until(state, "bet")
    assert state.current_seat == state.captain == 0
    assert state.legal_actions()[:2] == [CHECK, FOLD] and raise_(10) in state.legal_actions()
    state.apply(raise_(25))
    assert state.legal_actions()[:2] == [CALL, FOLD] and state.view(1)["to_call"] == 25
    with pytest.raises(IllegalAction, match="to call"):
        state.apply(CHECK)
    state.apply(CALL)
    assert state.hand_contrib == [35, 35, 10]
    state.apply(FOLD)
    assert state.in_hand == [True, True, False] and state.hands[2] == [] and len(state.muck[2]) == 2


def test_ruling_raise_by_at_least_the_ante_no_cap_but_the_stack() -> None:
    """RULINGS: raise by at least the ante. Ruling: no cap on raises; a raise is limited only by the stack."""
    state = table(2, ante=10)
    until(state, "bet")
    assert state.amount_range("raise") == (10, 980)
    before = state.clone()
    for bad in (9, 0, 981):
        with pytest.raises(IllegalAction):
            state.apply(raise_(bad))
        assert state == before
    for _ in range(20):  # re-raises never run out while the stacks last
        state.apply(raise_(10))
    assert state.phase == "bet" and state.cur_bet == 200


def test_ruling_betting_round_ends_when_every_seat_still_in_has_matched() -> None:
    """RULINGS: a round ends when every seat still in has matched (a raise reopens it for the others)."""
    state = table(3, dice=MIXED)
    until(state, "bet")
    state.apply(CHECK)
    state.apply(raise_(10))
    assert state.queue == [2, 0]  # seat 0 checked earlier, but must answer the raise
    state.apply(CALL)
    assert state.phase == "bet" and state.current_seat == 0
    state.apply(CALL)
    assert state.phase == "roll" and state.hand_contrib == [20, 20, 20]


def test_ruling_uncalled_raise_is_returned() -> None:
    """Ruling: a raise nobody can fully call is returned down to the largest amount another seat put in."""
    state = table(2)
    restack(state, [100, 40], dice=MIXED)  # hand 2: after the antes seat 0 has 80, seat 1 (Captain) 20
    until(state, "bet")
    assert state.current_seat == 1
    state.apply(raise_(20))  # all of seat 1's chips: locked
    assert state.locked[1]
    events = state.apply(raise_(60))  # seat 0 raises all-in over it: nobody can call the extra 60
    back = first(events, "bet_returned")
    assert back.seat == 0 and back.data["amount"] == 60
    assert state.hand_contrib == [30, 30] and state.stacks == [60, 0] and not state.locked[0] and state.locked[1]
    assert state.phase == "roll" and state.current_seat == 0  # the Captain passes over locked seat 1


# ======================================================================================= the roll
def test_ruling_dice_outcomes_odd_even_matched_pair_probabilities() -> None:
    """RULINGS: One odd and one even: nothing; both even or both odd but not a pair; a pair is a Spike
    (exact chances 1/2, 1/3, 1/6 over the 36 throws)."""
    counts = Counter(dice_outcome(a, b) for a in range(1, 7) for b in range(1, 7))
    assert counts == {"mixed": 18, "matched": 12, "spike": 6}
    assert dice_outcome(2, 6) == dice_outcome(1, 5) == "matched" and dice_outcome(4, 4) == "spike"


def test_ruling_roll_captain_passes_to_next_seat_who_rolls() -> None:
    """RULINGS: Roll: the Captain passes to the next seat, who rolls two six-sided dice (an action of that
    seat). Ruling: folded and locked seats are passed over."""
    state = table(4, dice=MIXED * 2)
    until(state, "bet")
    state.apply(CHECK)
    state.apply(FOLD)  # seat 1 folds: the Captain will skip it
    state.apply(CHECK)
    state.apply(CHECK)
    assert state.phase == "roll" and state.captain == state.current_seat == 2
    assert state.legal_actions() == [ROLL]
    events = state.apply(ROLL)
    rolled = first(events, "dice_rolled")
    assert rolled.seat == 2 and rolled.data["dice"] == [1, 2] and rolled.data["outcome"] == "mixed"
    assert first(events, "phase_started").data["captain"] == 2 and state.current_seat == 2


def test_ruling_roll_odd_and_even_nothing_happens() -> None:
    """RULINGS: One odd and one even: nothing (the next round starts; no ante, no card moves)."""
    state = table(3, dice=MIXED)
    until(state, "roll")
    stacks, spike = state.stacks[:], state.spike_pot()
    events = state.apply(ROLL)
    assert kinds(events) == ["dice_rolled", "phase_started"] and state.stage == 2
    assert state.stacks == stacks and state.spike_pot() == spike


def test_ruling_roll_both_even_or_both_odd_antes_spike_pot_and_extra_play_phase() -> None:
    """RULINGS: Both even or both odd but not a pair: every seat still in antes the spike pot and plays one
    extra play phase this round."""
    state = table(3, dice=MATCHED + MIXED)
    until(state, "bet")
    state.apply(CHECK)
    state.apply(FOLD)  # seat 1 is out: it does not ante
    state.apply(CHECK)
    events = state.apply(ROLL)
    assert first(events, "spike_antes").data["amounts"] == [10, 0, 10] and state.spike_pot() == 50
    assert state.phase == "play" and state.stage == 1 and state.extra and state.queue == [2, 0]
    phases = []
    while state.round_no == 1:
        if not phases or phases[-1] != (state.stage, state.phase, state.extra):
            phases.append((state.stage, state.phase, state.extra))
        step(state)
    assert phases[:4] == [(1, "play", True), (2, "play", False), (2, "bet", False), (2, "roll", False)]


# ======================================================================================= the Spike
def spike_table(dice: list[int] = SPIKE + MIXED) -> tuple[NepunianSpike, dict[int, list[int]]]:
    """Three seats at the first roll (seat 1 rolls), the dice scripted; seat 0 holds a Pair, seats 1 and 2
    a Nulrhek (+1 and +8). The refill order is seats 1, 2, 0, then the new pile."""
    state = table(3, dice=dice)
    ids = rig(state, {0: (5, -5), 1: (3, -2), 2: (7, 1)},
              deck=(4, -4, 6, 8, -8, -1, 2))  # refill: seat 1 one card, seat 2 two, seat 0 two; then the pile
    until(state, "roll")
    return state, ids


def test_ruling_spike_abandon_ship_keeps_one_card_and_stays_in_for_the_spike_pot() -> None:
    """RULINGS: A pair is a Spike: seats may abandon (fold the hand pot, keep one card, stay in for the spike
    pot). Ruling: in turn from the new Captain; the thrown cards are set aside face up."""
    state, ids = spike_table()
    events = state.apply(ROLL)
    assert first(events, "dice_rolled").data["outcome"] == "spike"
    assert state.phase == "abandon" and state.current_seat == 1 and state.captain == 1
    legal = state.legal_actions()
    assert legal[0] == STAY and {a.keep for a in legal[1:]} == set(ids[1])
    with pytest.raises(IllegalAction, match="does not hold"):
        state.apply(Action("abandon", keep=ids[0][0]))
    events = state.apply(Action("abandon", keep=ids[1][0]))
    assert first(events, "abandon").data["discarded"] == [ids[1][1]]
    assert state.abandoned[1] and not state.hand_live[1] and state.in_hand[1]
    assert state.hands[1] == [ids[1][0]] and ids[1][1] in state.spent


def test_ruling_spike_rest_reveal_for_hand_pot_discard_refill_two_new_discard_pile() -> None:
    """RULINGS: ... the rest reveal for the hand pot, all hands are discarded, each seat refills to two cards,
    one card starts a new discard pile."""
    state, ids = spike_table()
    state.apply(ROLL)
    state.apply(Action("abandon", keep=ids[1][0]))
    state.apply(STAY)  # seat 2
    old_pile = state.pile[:]
    events = state.apply(STAY)  # seat 0: the reveal follows
    shown = first(events, "hands_revealed")
    assert shown.data["pot_name"] == "hand" and shown.data["contenders"] == [0, 2]
    assert shown.data["standings"] == ["Pair", None, "Nulrhek"] and shown.data["hands"][1] is None
    won = first(events, "pot_won")
    assert (won.seat, won.data["amount"], won.data["pot_name"], won.data["rank"]) == (0, 30, "hand", "Pair")
    assert state.stacks == [1010, 980, 980] and state.hand_pot() == 0
    assert set(ids[0] + ids[2] + old_pile) <= set(state.spent)  # revealed hands and the old pile set aside
    assert [sorted(VALUES[c] for c in h) for h in state.hands] == [[-8, 8], [3, 4], [-4, 6]]
    assert [VALUES[c] for c in state.pile] == [-1] and state.spiked
    assert sorted(all_cards(state)) == list(range(42))


def test_ruling_spike_remaining_rounds_played_for_the_spike_pot() -> None:
    """RULINGS: ... and the remaining rounds are played for the spike pot (bets now go into it, abandoners
    play on; the final reveal pays it)."""
    state = table(3, dice=SPIKE + MIXED)
    rig(state, {0: (5, -5), 1: (3, -2), 2: (7, 1)}, deck=(4, -4, 6, 0, 0, -1, 2))
    until(state, "roll")
    state.apply(ROLL)
    state.apply(Action("abandon", keep=state.hands[1][0]))  # keeps the +3, draws the +4
    state.apply(STAY)
    state.apply(STAY)
    assert state.stage == 2 and state.phase == "play" and state.current_seat == 1
    until(state, "bet")
    state.apply(raise_(10))
    assert state.spike_contrib == [10, 20, 10] and state.hand_contrib == [0, 0, 0]
    state.apply(CALL)
    state.apply(CALL)
    events = finish_hand(state)
    shown = first(events, "hands_revealed")
    assert shown.data["pot_name"] == "spike" and shown.data["contenders"] == [0, 1, 2]
    won = first(events, "pot_won")
    assert (won.seat, won.data["pot_name"], won.data["amount"], won.data["rank"]) == (0, "spike", 60,
                                                                                      "Pure Sabacc")
    over = first(events, "round_over")
    assert over.data["winners"] == [0] and over.data["standings"][0] == "Pure Sabacc"
    assert [r["pot_name"] for r in over.data["reveals"]] == ["hand", "spike"] and over.data["carried"] == 0


def test_ruling_a_spike_during_a_spike_hand_scores_the_spike_pot_at_once() -> None:
    """RULINGS: A Spike during a spike hand scores the spike pot at once (no abandoning, no last bet)."""
    state, _ = spike_table(SPIKE + SPIKE)
    state.apply(ROLL)
    state.apply(STAY)
    state.apply(STAY)
    events = state.apply(STAY)  # seat 0's Pair takes the hand pot; refill: seat 1 +4 -4, seat 2 +6 +8, seat 0 -8 -1
    assert [e.seat for e in of_kind(events, "pot_won")] == [0]
    until(state, "roll")
    assert state.stage == 2 and state.current_seat == state.captain == 2
    events = state.apply(ROLL)
    assert first(events, "dice_rolled").data["spike_hand"]
    assert kinds(events)[:4] == ["dice_rolled", "hands_revealed", "pot_won", "round_over"]
    won = first(events, "pot_won")
    assert (won.seat, won.data["pot_name"], won.data["amount"], won.data["rank"]) == (1, "spike", 30, "Pair")
    assert first(events, "round_over").data["round"] == 1 and state.round_no == 2


def test_ruling_last_seat_in_the_hand_pot_takes_it_without_reveal() -> None:
    """Ruling: once only one seat is left in the hand pot it takes it without showing; the choices stop."""
    state = table(3, dice=SPIKE + MIXED)
    until(state, "roll")
    state.apply(ROLL)
    state.apply(Action("abandon", keep=state.hands[1][0]))
    events = state.apply(Action("abandon", keep=state.hands[2][0]))
    assert "hands_revealed" not in kinds(events)
    won = first(events, "pot_won")
    assert won.seat == 0 and won.data["amount"] == 30 and won.data["rank"] is None
    assert state.phase == "play" and all(len(h) == 2 for h in state.hands) and state.spiked


def test_ruling_without_a_spike_the_spike_pot_carries_to_the_next_hand() -> None:
    """RULINGS: Without a Spike the spike pot carries to the next hand (and both pots are anted again)."""
    state = table(3, dice=MIXED * 2)
    events = finish_hand(state)
    over = first(events, "round_over")
    assert over.data["carried"] == over.data["carried_spike"] == 30 and not over.data["spiked"]
    assert all(e.data["pot_name"] == "hand" for e in of_kind(events, "pot_won"))
    assert state.spike_pot() == 60 and state.hand_pot() == 30 and state.round_no == 2


def test_ruling_fold_leaves_last_seat_with_the_pot_being_played_for() -> None:
    """Ruling: if every other seat folds, the last one takes the hand pot (spike pot carries) before a Spike,
    and the spike pot after one."""
    state = table(3)
    until(state, "bet")
    state.apply(FOLD)
    events = state.apply(FOLD)
    won = first(events, "pot_won")
    assert (won.seat, won.data["pot_name"], won.data["amount"]) == (2, "hand", 30)
    assert first(events, "round_over").data["carried_spike"] == 30 and "hands_revealed" not in kinds(events)
    state = table(3, dice=SPIKE)
    until(state, "roll")
    state.apply(ROLL)
    until(state, "bet")
    state.apply(FOLD)
    events = state.apply(FOLD)
    spike = [e for e in of_kind(events, "pot_won") if e.data["pot_name"] == "spike"]
    assert [(e.seat, e.data["amount"]) for e in spike] == [(0, 30)]
    assert first(events, "round_over").data["carried"] == 0


# ======================================================================================= locked and side pots
def test_ruling_locked_short_ante_pays_what_it_has_and_takes_no_more_actions() -> None:
    """RULINGS: Locked: a seat that cannot meet an ante pays what it has and takes no more actions."""
    state = table(3)
    restack(state, [1000, 1000, 15])  # hand 2: Captain seat 1; seat 2 antes 10 + 5 and is locked
    assert state.locked == [False, False, True] and state.stacks[2] == 0
    assert state.hand_contrib == [10, 10, 5]
    seen = set()
    while state.round_no == 2:
        seen.add(state.current_seat)
        step(state)
    assert 2 not in seen


def test_ruling_locked_short_bet_and_side_pots() -> None:
    """RULINGS: a seat that cannot meet a bet pays what it has, is locked, and competes at the reveal for
    the pots it paid into (side pots)."""
    state = table(3)
    restack(state, [1000, 1000, 45], dice=MIXED * 2)  # hand 2: seat 2 has 25 after its antes
    rig(state, {0: (4, -3), 1: (9, -1), 2: (6, -6)})  # seat 2 best (Pair), seat 0 next (Nulrhek 1)
    until(state, "bet")
    assert state.current_seat == 1
    state.apply(raise_(50))
    events = state.apply(CALL)  # seat 2 calls 25 of 50: locked
    assert first(events, "bet").data["amount"] == 25 and "locked" in kinds(events) and state.locked[2]
    state.apply(CALL)
    assert state.hand_contrib == [60, 60, 35]
    events = finish_hand(state)
    won = [(e.seat, e.data["pot"], e.data["amount"]) for e in of_kind(events, "pot_won")]
    assert won == [(2, 0, 105), (0, 1, 50)]
    assert [(p.amount, p.eligible) for p in build_pots([60, 60, 35], [True] * 3)] == [(105, (0, 1, 2)),
                                                                                      (50, (0, 1))]


def test_ruling_locked_seat_without_a_hand_pot_share_cannot_win_it_but_plays_for_spike_pot() -> None:
    """RULINGS: a locked seat competes only for the pots it paid into. A seat too short for the hand-pot
    ante never wins it, but wins the spike-pot levels it paid (the carried pot joins the lowest level)."""
    state = table(3)
    restack(state, [1000, 1000, 5], dice=SPIKE + SPIKE)  # spike pot carries 30; seat 2 antes its 5 into it
    assert state.spike_contrib == [10, 10, 5] and state.hand_contrib == [10, 10, 0] and state.locked[2]
    rig(state, {0: (4, -3), 1: (9, -1), 2: (6, -6)},
        deck=(0, 0, 1, 2, 9, -9, 5))  # refill (from the dealer's left): seat 2 Sylops, seat 0, seat 1; pile +5
    until(state, "roll")
    assert state.current_seat == 0  # the Captain passes from seat 1 over locked seat 2
    state.apply(ROLL)  # Spike: seats 0 and 1 choose; seat 2 (locked) may not
    assert state.phase == "abandon" and state.queue == [0, 1]
    state.apply(STAY)
    events = state.apply(STAY)
    shown = first(events, "hands_revealed")
    assert shown.data["contenders"] == [0, 1]  # seat 2 put nothing in the hand pot, so it cannot win it
    assert [(e.seat, e.data["amount"]) for e in of_kind(events, "pot_won")] == [(0, 20)]
    assert len(state.hands[2]) == 2 and state.locked[2]  # refilled all the same
    until(state, "roll")
    events = state.apply(ROLL)  # second Spike: the spike pot at once, by its levels
    won = [(e.seat, e.data["pot"], e.data["amount"]) for e in of_kind(events, "pot_won")]
    assert won == [(2, 0, 15 + 30), (1, 1, 10)]  # seat 2's Pure Sabacc: the 5-level and the carry


def test_ruling_short_spike_ante_on_matched_roll_locks() -> None:
    """RULINGS: Locked applies to any ante: the spike ante of a both-even/both-odd roll too."""
    state = table(3, dice=MATCHED + MIXED)
    until(state, "bet")
    state.stacks[2] = 4
    until(state, "roll")
    events = state.apply(ROLL)
    assert first(events, "spike_antes").data["amounts"] == [10, 10, 4] and state.locked[2]
    assert state.queue == [1, 0]  # the extra play phase skips the locked seat


def test_ruling_everyone_locked_rolls_automatically() -> None:
    """Ruling: if every seat still in is locked, the dice are rolled for the table and the hand plays out."""
    state = create("nepunian_spike", seats=2, seed=3, options={"stack": 15, "ante": 10, "rounds": 5})
    events = state.opening_events
    assert state.is_over and "round_over" in kinds(events) and "session_over" in kinds(events)
    assert all(e.data["auto"] for e in of_kind(events, "dice_rolled"))
    assert sum(state.stacks) == 30


# ======================================================================================= reveal
def showdown(hands: dict[int, tuple[int, ...]], seats: int = 2, ante: int = 10, fold: tuple[int, ...] = ()):
    """Play one hand with chosen hands straight to the final reveal; returns its events."""
    state = table(seats, dice=MIXED * 2, ante=ante)
    rig(state, hands)
    until(state, "bet")
    for s in fold:
        while state.current_seat != s:
            step(state)
        state.apply(FOLD)
    return state, finish_hand(state)


def winners(events) -> list[int]:
    return [e.seat for e in of_kind(events, "pot_won")]


def test_ruling_reveal_uses_the_hand_ranks() -> None:
    """RULINGS: Ranks ... best first: the best rank still in wins the hand pot at the reveal."""
    for better, worse in [((0, 0), (5, -5)), ((1, 2, 3, 4, -10), (0, 0, 3, -3)), ((3, -3), (1, 1)),
                          ((4, 4, -8), (2, -2))]:
        for order in ((better, worse), (worse, better)):
            _, events = showdown({0: order[0], 1: order[1]})
            assert winners(events) == [order.index(better)]
            names = first(events, "round_over").data["standings"]
            assert names == [rank_hand(order[0]).name, rank_hand(order[1]).name]


@pytest.mark.parametrize(("winner", "loser", "why"), [
    ((0, 5, -5), (3, 4, -7), "holds a Sylop"),
    ((4, 1, -4), (3, -2), "more cards"),
    ((6, -5), (3, -2), "larger sum of the plus cards"),
    ((1, 8, -3, -6), (2, 7, -4, -5), "higher top card"),
    ((7, -3, -4), (-7, 3, 4), "black top card"),
    ((5, -4), (5, -6), "Nulrhek: a plus total beats the same minus total"),
])
def test_ruling_tie_breakers(winner, loser, why) -> None:
    """RULINGS: Tie-breakers in order: holds a Sylop; more cards; larger sum of the plus cards; higher top
    card; black top card. In Nulrhek a plus total beats the same minus total."""
    assert rank_hand(winner).name == rank_hand(loser).name, why
    for seats_hands in ({0: winner, 1: loser}, {0: loser, 1: winner}):
        _, events = showdown(seats_hands)
        assert winners(events) == [0 if seats_hands[0] == winner else 1], why


def test_ruling_split_pot_odd_chips_stay_and_carry() -> None:
    """RULINGS (common): a split pot is divided equally; the odd chips stay in the pot and carry."""
    state, events = showdown({0: (3, -3), 1: (3, -3), 2: (9, 9)}, seats=3, ante=5, fold=(2,))
    won = of_kind(events, "pot_won")
    assert [(e.seat, e.data["amount"], e.data["split"]) for e in won] == [(1, 7, 2), (0, 7, 2)]
    over = first(events, "round_over")
    assert over.data["carried_hand"] == 1 and over.data["carried_spike"] == 15
    assert state.hand_pot() == 16  # the next hand pot: three antes of 5 and the odd chip


def test_ruling_splits_on_the_last_hand_odd_chips_go_to_the_first_winner_left_of_the_dealer() -> None:
    """RULINGS (common), Splits: the odd chips stay in the pot and carry to the next hand (or, where a game has
    no next hand, go to the first winner left of the dealer). The last hand: a Spike, seat 2 folded; seats 0 and
    1 tie for the 15-chip spike pot: 7 each, and the odd chip goes to seat 1, the first winner left of dealer 0.
    The folded seat gets nothing (it used to get the odd chip: the button moved before the end check and the
    leftover was shared back from the next dealer's left)."""
    state = table(3, dice=SPIKE + MIXED, ante=5, rounds=1)
    rig(state, {0: (3, -3), 1: (2, 5), 2: (9, 9)}, deck=(4, -4, 4, -4, 7))
    events = until(state, "bet")
    while state.current_seat != 2:
        events += step(state)
    events += folded(state, FOLD)
    while not state.is_over:  # every view folds from the events, the odd chip's too
        legal = state.legal_actions()
        events += folded(state, next(a for a in (STAND, CHECK, CALL, ROLL, STAY) if a in legal))
    assert state.is_over and state.dealer == 0 and state.view(None)["dealer"] == 0
    hand = [(e.seat, e.data["amount"]) for e in of_kind(events, "pot_won") if e.data["pot_name"] == "hand"]
    spike = [(e.seat, e.data["amount"], e.data["split"]) for e in of_kind(events, "pot_won")
             if e.data["pot_name"] == "spike"]
    assert hand == [(0, 15)] and spike == [(1, 7, 2), (0, 7, 2)]
    odd = of_kind(events, "odd_chips_won")
    assert [(e.seat, e.data["amount"], e.data["pot_name"]) for e in odd] == [(1, 1, "spike")]
    assert "carry_returned" not in kinds(events) and state.chips_in_play() == 0
    assert state.stacks == [1000 - 10 + 15 + 7, 1000 - 10 + 7 + 1, 1000 - 10]  # seat 2: its antes, nothing back
    assert kinds(events).index("odd_chips_won") < kinds(events).index("round_over")
    assert first(events, "round_over").data["stacks"] == state.stacks


def test_ruling_splits_on_the_last_hand_a_hand_pot_split_pays_its_winner_not_the_folded_seat() -> None:
    """RULINGS (common), Splits, on the last hand without a Spike: the hand pot's odd chip goes to seat 1, the
    first of its two winners left of dealer 0; folded seat 2 gets none of it, only its spike ante back with
    everyone else's (the spike pot no Spike decided is shared back to the seats that paid it)."""
    state = table(3, dice=MIXED * 2, ante=5, rounds=1)
    rig(state, {0: (3, -3), 1: (3, -3), 2: (9, 9)})
    until(state, "bet")
    events: list = []
    while state.current_seat != 2:
        events += step(state)
    events += state.apply(FOLD)
    events += finish_hand(state)
    assert state.is_over and state.dealer == 0
    assert [(e.seat, e.data["amount"]) for e in of_kind(events, "pot_won")] == [(1, 7), (0, 7)]
    odd = of_kind(events, "odd_chips_won")
    assert [(e.seat, e.data["amount"], e.data["pot_name"]) for e in odd] == [(1, 1, "hand")]
    assert first(events, "carry_returned").data["amounts"] == [5, 5, 5]
    assert state.stacks == [1000 - 10 + 7 + 5, 1000 - 10 + 7 + 1 + 5, 1000 - 10 + 5]
    assert state.chips_in_play() == 0 and sum(state.stacks) == 3000


def test_ruling_carried_chips_return_at_session_end() -> None:
    """Ruling: chips still carried when the session ends go back in equal shares to the seats that paid them."""
    state = table(3, dice=MIXED * 2, rounds=1)
    events = finish_hand(state)
    back = first(events, "carry_returned")
    assert back.data["amounts"] == [10, 10, 10] and state.is_over and state.chips_in_play() == 0
    assert sum(state.stacks) == 3000


# ======================================================================================= views and secrets
def test_views_hide_other_hands_and_the_deck_order() -> None:
    """Views: a seat sees its own cards; others' only as a count (and cards the table saw them take)."""
    state = table(3)
    v = state.view(1)
    assert v["hand"] == state.hands[1] and v["hand_counts"] == [2, 2, 2] and v["deck_count"] == 35
    assert "deck" not in v and v["discard"] == state.pile and v["captain"] == 0 and v["dealer"] == 0
    assert state.view(None)["hand"] is None
    public = [c for key in ("discard", "set_aside") for c in v[key]] + [c for k in v["known_cards"] for c in k]
    assert not (set(state.hands[0]) | set(state.hands[2]) | set(state.deck)) & set(public + v["hand"])
    # every event of a long random session: no hidden card in any public part
    rng = Rng(4)
    state = create("nepunian_spike", seats=4, seed=9, options={"rounds": 6})
    while not state.is_over:
        legal = state.legal_actions()
        for e in state.apply(legal[rng.below(len(legal))]):
            if e.kind in ("cards_dealt", "gain") or (e.kind == "swap" and e.data["source"] == "deck"):
                assert e.secret and e.data.get("card") is None and "cards" not in e.data


def test_determinize_redeals_only_what_the_seat_cannot_see() -> None:
    """determinize(seat, rng): others' unknown cards and the deck order re-dealt, consistent with the view;
    cards the table saw taken and the seat's own folded cards stay put."""
    state = table(4)
    ids = rig(state, {0: (2, 3), 1: (4, 5), 2: (6, 7), 3: (8, 9)}, discard=(-8,))
    state.apply(STAND)
    state.apply(swap(ids[1][0], "discard"))  # seat 1 takes the -8 in full view
    until(state, "bet")
    state.apply(FOLD)  # seat 0 folds its cards face down
    minus8 = card_ids(-8)[0]
    variety = set()
    for k in range(30):
        other = state.determinize(0, Rng(k))
        assert other.view(0) == state.view(0)
        assert minus8 in other.hands[1] and other.muck[0] == state.muck[0]
        assert sorted(all_cards(other)) == list(range(42))
        variety.add((tuple(other.hands[2]), tuple(other.deck)))
        assert other.rng != state.rng
    assert len(variety) == 30


def test_clone_shares_no_mutable_list() -> None:
    """clone() must be independent: every list in the copy is a new object (the fast clone lists them)."""
    state = table(5)
    until(state, "bet")
    copy = state.clone()
    assert copy == state
    for key, value in state.__dict__.items():
        if isinstance(value, list) and key != "opening_events":
            assert copy.__dict__[key] is not value, key
            for i, item in enumerate(value):
                if isinstance(item, list):
                    assert copy.__dict__[key][i] is not item, key
    copy.apply(FOLD)
    assert copy != state


# ======================================================================================= whole sessions
def lively(legal: list[Action], rng: Rng) -> Action:
    """A random seat that mostly checks and calls, sometimes raises (rarely all-in) or folds, and prefers
    drawing cards: uniform random play goes broke in a few hands and never reaches the deep paths."""
    r = rng.below(100)
    kinds_ = {a.kind for a in legal}
    if "fold" in kinds_:
        raises = [a for a in legal if a.kind == "raise"]
        if r < 6:
            return FOLD
        if raises and r < 16:
            return raises[0] if r < 15 else raises[-1]
        return legal[0]  # check or call
    if "stand" in kinds_:
        draws = [a for a in legal if a.kind == "gain" or a.get("source") == "deck"]
        if draws and r < 70:
            return draws[rng.below(len(draws))]
    return legal[rng.below(len(legal))]


def test_random_playouts_2_5_8_seats_keep_cards_chips_and_hand_sizes() -> None:
    """Random sessions at 2, 5 and 8 seats: the 42 cards stay whole, chips are conserved, every seat to act is
    in, unlocked and holds 2 to 5 cards, hidden cards re-deal without changing the seat's view, and a save
    replays to the same table. The counts at the end prove the playouts reached every path of a hand."""
    seen: Counter[str] = Counter()
    for seats in (2, 5, 8):
        rng = Rng(seats)
        for seed in range(3):
            state = create("nepunian_spike", seats=seats, seed=seed, options={"rounds": 40})
            total = state.chip_total()
            steps = 0
            while not state.is_over:
                assert sorted(all_cards(state)) == list(range(42))
                assert state.chip_total() == total and min(state.stacks) >= 0
                s = state.current_seat
                assert state.in_hand[s] and not state.locked[s] and 2 <= len(state.hands[s]) <= 5
                if steps % 101 == 0:
                    assert state.determinize(s, Rng(steps)).view(s) == state.view(s)
                for e in state.apply(lively(state.legal_actions(), rng)):
                    seen[e.kind] += 1
                    if e.kind == "dice_rolled":
                        seen[e.data["outcome"] + (" in a spike hand" if e.data["spike_hand"] else "")] += 1
                    if e.kind == "pot_won" and e.data["pot"] > 0:
                        seen["side pot"] += 1
                steps += 1
            assert restore(state.to_json()) == state and state.chip_total() == total
    for kind in ("hands_revealed", "mixed", "matched", "spike", "spike in a spike hand", "abandon",
                 "deck_reshuffled", "locked", "side pot", "bet_returned", "carry_returned"):
        assert seen[kind] > 0, kind
    assert seen["round_over"] > 150


def test_simulate_reports_pots_by_name_ranks_and_carries() -> None:
    """simulate: pot_won carries pot_name ("hand"/"spike"); round_over standings and contenders; carries."""
    result = simulate("nepunian_spike", seats=3, rounds=60, seed=2)
    assert result["rounds"] == 60 and set(result["pots_won"]) <= {"hand", "spike"}
    assert result["pots_won"].get("hand", 0) > 0 and result["ranks"]
    assert set(result["ranks"]) <= set(NepunianSpike.RANK_NAMES) | {"no standing"}
    assert result["carried"] > 0


# ----------------------------------------------------------------------------- why the reveal went its way
@pytest.mark.parametrize(("winner", "loser", "code", "params"), [
    ((0, 0), (5, -5), "better_rank", {"standing": "Pure Sabacc", "beats": "Pair"}),
    ((2, 1), (4, 2), "nearest_zero", {"standing": "Nulrhek", "total": 3, "other": 6}),
    ((5, -4), (5, -6), "positive_total", {"standing": "Nulrhek", "total": 1, "other": -1}),
    ((0, 5, -5), (3, 4, -7), "holds_sylop", {"standing": "3-card Sabacc"}),
    ((4, 1, -4), (3, -2), "more_cards", {"standing": "Nulrhek", "cards": 3, "other": 2}),
    ((6, -5), (3, -2), "larger_plus_sum", {"standing": "Nulrhek", "sum": 6, "other": 3}),
    ((1, 8, -3, -6), (2, 7, -4, -5), "higher_top_card", {"standing": "4-card Sabacc", "card": 8, "other": 7}),
    ((7, -3, -4), (-7, 3, 4), "black_top_card", {"standing": "3-card Sabacc", "card": 7}),
])
def test_round_over_says_which_tie_breaker_decided(winner, loser, code, params) -> None:
    """round_over carries the engine's reason code: the rank or the tie-breaker that separated the winner."""
    for seats_hands in ({0: winner, 1: loser}, {0: loser, 1: winner}):
        _, events = showdown(seats_hands)
        over = first(events, "round_over").data
        assert (over["reason"], over["params"]) == (code, params)


def test_round_over_reason_split() -> None:
    _, events = showdown({0: (3, -3), 1: (3, -3), 2: (9, 9)}, seats=3, ante=5, fold=(2,))
    over = first(events, "round_over").data
    assert (over["reason"], over["params"]) == ("split", {"standing": "Pair", "ways": 2})
