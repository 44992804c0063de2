"""Sabacc House Rules at the table, rule by rule: each test names the line of RULINGS.md it covers.

How the tests set up exact situations without reaching into the engine's code paths: the table is created
with a :class:`~tests.helpers.ScriptedRng` in place of its generator (``table``), whose first answers pick
the dealt cards out of the stub one by one (the engine draws a card as ``stub[below(len(stub))]``), so a
test names the values each seat holds. Later draws and the spike dice are scripted the same way
(``script_draws``, ``CALM``). Where only the end state matters (a seat's chips, an empty stub), a test
sets that field directly and says so.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from itertools import pairwise, product

import pytest

from game.engine import GAMES, Action, IllegalAction, core, create
from game.engine.core import Rng, left_of
from game.engine.sabacc_house import CARDS, DECK, SabaccHouse
from game.engine.sabacc_house.table import (
    ALLIN,
    BET,
    BUY,
    CALL,
    CHECK,
    COMPLETE,
    DISCARD,
    DRAW,
    FOLD,
    KEEP,
    KEEP_DISCARD,
    MAX_BETS,
    RAISE,
    SPIKE_FACES,
    STAY,
    STRUCTURES,
    SWAP,
    spike_outcome,
)
from game.measure.simulate import simulate
from tests.helpers import ScriptedRng, kinds

#: spike dice scripts: two different plain faces (nothing happens), Doubles, Spikes
CALM = [0, 1]
DOUBLES = [2, 2]
SPIKES = [5, 5]


# ------------------------------------------------------------------------------------------------ helpers
def ids_for(values: Iterable[int], used: set[int]) -> list[int]:
    """A card id for each value, never one already in ``used`` (which is updated)."""
    out = []
    for v in values:
        cid = next((i for i, (_suit, val) in enumerate(CARDS) if val == v and i not in used), None)
        assert cid is not None, f"the deck has no card {v:+d} left for this test's deal"
        used.add(cid)
        out.append(cid)
    return out


def _indices(stub: list[int], cards: Sequence[int]) -> list[int]:
    """The ``below`` answers that make the engine draw ``cards`` in order from ``stub`` (swap with last, pop)."""
    stub = list(stub)
    script = []
    for c in cards:
        i = stub.index(c)
        script.append(i)
        stub[i] = stub[-1]
        stub.pop()
    return script


def table(seats: int = 3, hands: dict[int, tuple[Sequence[int], int]] | None = None,
          petals: Sequence[int] | None = None, discard: int | None = None, **options) -> SabaccHouse:
    """A first hand (dealer seat 0) dealt as given, in values: ``hands[seat] = ([three down], up)``.

    Unnamed cards are filled with the smallest free cards (±1, ±2, ...), which never decide a bring-in.
    """
    hands = hands or {}
    used: set[int] = set()
    named: dict[int, tuple[list[int], int]] = {}
    for s, (down, up) in hands.items():
        d = ids_for(down, used)
        named[s] = (d, ids_for([up], used)[0])
    petal_ids = ids_for(petals, used) if petals is not None else []
    discard_ids = ids_for([discard], used) if discard is not None else []
    filler = iter(sorted((i for i in range(62) if i not in used), key=lambda i: (DECK[i] == 0, abs(DECK[i]), i)))
    order: list[int] = []
    for s in left_of(0, seats):
        down, up = named.get(s, ([next(filler) for _ in range(3)], next(filler)))
        order += [*down, up]
    order += petal_ids + [next(filler) for _ in range(6 - len(petal_ids))]
    order += discard_ids or [next(filler)]
    script = _indices(list(range(62)), order)
    saved = core.Rng
    core.Rng = lambda seed: ScriptedRng(script, seed)  # type: ignore[assignment, misc]
    try:
        state = create("sabacc_house", seats=seats, seed=7, options={"rounds": 5, **options})
    finally:
        core.Rng = saved  # type: ignore[misc]
    assert not state.rng.script, "the deal used every scripted card"
    return state  # type: ignore[return-value]


def script_draws(state: SabaccHouse, values: Sequence[int], then: Sequence[int] = ()) -> list[int]:
    """Make the next stub draws give these values (in order), then script ``then`` (e.g. dice)."""
    stub = list(state.stub)
    cards = []
    for v in values:
        c = next(i for i in stub if DECK[i] == v and i not in cards)
        cards.append(c)
    state.rng.script += _indices(stub, cards) + list(then)
    return cards


def passive(state: SabaccHouse) -> Action:
    legal = state.legal_actions()
    for a in (CHECK, CALL, STAY):
        if a in legal:
            return a
    raise AssertionError(f"no passive action in {legal}")


def advance(state: SabaccHouse, phase: str, stage: int, calm: bool = True) -> list:
    """Check, call and stay until ``phase`` of ``stage`` begins; spike rolls are scripted calm."""
    events = []
    while not (state.phase == phase and state.stage == stage):
        if calm and state.phase == "draw" and len(state.queue) == 1 and not state.rng.script:
            state.rng.script += CALM
        events += state.apply(passive(state))
    return events


def to_showdown(state: SabaccHouse) -> list:
    """Passive play to the end of the hand (calm spikes); the events up to and including round_over."""
    events = []
    start = state.round_no
    while state.round_no == start and not state.is_over:
        if state.phase == "draw" and len(state.queue) == 1 and not state.rng.script:
            state.rng.script += CALM
        events += state.apply(passive(state))
    return events[: kinds(events).index("round_over") + 1]


def every_card(state: SabaccHouse) -> list[int]:
    cards = [c for hand in state.down for c in hand] + [c for hand in state.up for c in hand]
    cards += [c for c in state.petals if c is not None] + state.discard + state.stub + state.muck
    if state.drawn is not None:
        cards.append(state.drawn)
    return sorted(cards)


def values(cards: Iterable[int]) -> list[int]:
    return sorted(DECK[c] for c in cards)


def by_kind(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


# ------------------------------------------------------------------------------------- deck, antes, deal
def test_ruling_deck_62_cards_three_suits_plus_minus_ten_and_two_sylops() -> None:
    """Deck: 62 cards: three suits, each with +1…+10 and −1…−10, plus two Sylops worth 0."""
    assert len(CARDS) == 62 and len(set(CARDS)) == 60 + 1  # the two Sylops are alike
    for suit in ("circle", "triangle", "square"):
        assert sorted(v for s, v in CARDS if s == suit) == [*range(-10, 0), *range(1, 11)]
    assert [c for c in CARDS if c[1] == 0] == [("sylop", 0), ("sylop", 0)]
    state = create("sabacc_house", seats=8, seed=3)
    assert every_card(state) == list(range(62))


@pytest.mark.parametrize("structure", range(len(STRUCTURES)))
def test_ruling_antes_to_main_and_sabacc_pots_with_appendix_a_structures(structure: int) -> None:
    """Antes to the main pot and the sabacc pot; betting structures as in Appendix A (option)."""
    main, sabacc, bring, small, big = STRUCTURES[structure]
    state = create("sabacc_house", seats=3, seed=5, options={"structure": structure})
    antes = by_kind(state.opening_events, "antes")[0].data
    assert antes["main"] == [main] * 3 and antes["sabacc"] == [sabacc] * 3
    assert state.sabacc == 3 * sabacc
    bring_in = by_kind(state.opening_events, "bet")[0]
    assert bring_in.data["action"] == "bring-in" and bring_in.data["amount"] == bring
    assert state.pot_total() == 3 * main + bring
    view = state.view(0)
    assert view["structure"] == {"main_ante": main, "sabacc_ante": sabacc, "bring_in": bring, "small_bet": small,
                                 "big_bet": big}
    assert view["bet_size"] == small and view["price"] == main


def test_appendix_a_table_is_the_texts_seven_rows() -> None:
    assert STRUCTURES == ((1, 1, 3, 8, 16), (1, 1, 4, 10, 20), (2, 1, 6, 15, 30), (3, 2, 10, 20, 20),
                          (5, 5, 20, 50, 100), (15, 10, 50, 75, 150), (15, 10, 50, 100, 200))
    with pytest.raises(ValueError, match="structure"):
        create("sabacc_house", options={"structure": len(STRUCTURES)})


def test_ruling_deal_three_down_one_up_and_seven_board_cards_centre_is_discard_pile() -> None:
    """Deal: three cards down and one up to each seat; seven cards face up on the board, the centre one
    being the discard pile."""
    state = create("sabacc_house", seats=4, seed=11)
    for s in range(4):
        assert len(state.down[s]) == 3 and len(state.up[s]) == 1
    assert len(state.petals) == 6 and None not in state.petals and len(state.discard) == 1
    assert len(state.stub) == 62 - 4 * 4 - 7
    board = by_kind(state.opening_events, "board_dealt")[0].data
    assert board["petals"] == state.petals and board["discard"] == state.discard
    for e in by_kind(state.opening_events, "dealt"):
        assert e.data == {"up": state.up[e.seat], "down": 3}
        assert e.visible_to(e.seat)["down_cards"] == state.down[e.seat]
        assert "down_cards" not in e.visible_to((e.seat + 1) % 4)


def test_ruling_three_rounds_of_betting_draw_spike_then_fourth_betting_then_showdown() -> None:
    """Three rounds of betting → draw → spike, then a fourth betting round, then the showdown."""
    state = create("sabacc_house", seats=3, seed=21)
    events = list(state.opening_events)
    start = state.round_no
    while state.round_no == start:
        events += state.apply(passive(state))
    flow = [(e.kind, e.data.get("stage")) for e in events
            if e.kind in ("draw_phase", "spike_roll", "shows") or (e.kind == "bet" and e.data["action"] == "check")]
    steps = []
    for item in flow:
        if not steps or steps[-1] != item:
            steps.append(item)
    assert steps == [("bet", None), ("draw_phase", 1), ("spike_roll", 1), ("bet", None), ("draw_phase", 2),
                     ("spike_roll", 2), ("bet", None), ("draw_phase", 3), ("spike_roll", 3), ("bet", None),
                     ("shows", None)]


# ------------------------------------------------------------------------------------------------ betting
def test_ruling_bring_in_by_highest_absolute_face_up_card() -> None:
    """Round 1 opens with a forced bring-in by the seat with the highest absolute face-up card."""
    state = table(hands={0: ([1, 1, 1], 3), 1: ([2, 2, 2], -9), 2: ([4, 4, 4], 5)})
    bring = by_kind(state.opening_events, "bet")[0]
    assert (bring.seat, bring.data["action"], bring.data["amount"]) == (1, "bring-in", 3)
    assert state.bring_seat == 1 and state.current_seat == 2
    assert state.legal_actions() == [FOLD, CALL, COMPLETE]


@pytest.mark.parametrize(("plus_seat", "minus_seat"), [(2, 1), (1, 2)])
def test_ruling_bring_in_tie_goes_to_the_positive_card(plus_seat: int, minus_seat: int) -> None:
    """Bring-in tie: the positive card pays, wherever it sits."""
    state = table(hands={plus_seat: ([1, 1, 1], 8), minus_seat: ([2, 2, 2], -8), 0: ([3, 3, 3], 5)})
    assert state.bring_seat == plus_seat


def test_ruling_bring_in_tie_then_first_such_seat_left_of_dealer() -> None:
    """Bring-in tie on the same card: the first such seat left of the dealer (seat 2 before seat 0 when
    seat 0 deals: the order runs 1, 2, 3, 0)."""
    state = table(seats=4, hands={0: ([1, 1, 1], 8), 1: ([2, 2, 2], 5), 2: ([3, 3, 3], 8), 3: ([4, 4, 4], -5)})
    assert state.dealer == 0 and state.bring_seat == 2


def test_ruling_next_seats_call_the_bring_in_or_complete_to_the_small_bet() -> None:
    """The next seats may call the bring-in or complete to the small bet, stud-style."""
    state = table(hands={1: ([1, 1, 1], 9)})
    assert state.current_seat == 2
    e = state.apply(CALL)[0]
    assert (e.data["action"], e.data["amount"], e.data["wager"]) == ("call", 3, 3)
    assert state.current_seat == 0 and state.legal_actions() == [FOLD, CALL, COMPLETE]
    e = state.apply(COMPLETE)[0]
    assert (e.data["amount"], e.data["current_bet"]) == (8, 8) and state.bets == 1
    # after the completion the raises are of the small bet
    assert state.current_seat == 1 and state.legal_actions() == [FOLD, CALL, RAISE]
    e = state.apply(RAISE)[0]
    assert (e.data["amount"], e.data["current_bet"]) == (16 - 3, 16)


def test_bring_in_seat_may_check_or_complete_when_only_called() -> None:
    """When every seat just calls the bring-in, the bring-in seat closes the round: check or complete."""
    state = table(hands={1: ([1, 1, 1], 9)})
    state.apply(CALL)
    state.apply(CALL)
    assert state.current_seat == 1 and state.legal_actions() == [FOLD, CHECK, COMPLETE]
    state.apply(COMPLETE)
    assert state.queue == [2, 0] and state.cur_bet == 8


def test_ruling_fixed_limit_one_bet_plus_at_most_four_raises() -> None:
    """Fixed limit: one bet plus at most four raises per round."""
    state = table(seats=2, hands={1: ([1, 1, 1], 9)})
    assert state.current_seat == 0
    for action in (COMPLETE, RAISE, RAISE, RAISE, RAISE):
        assert action in state.legal_actions()
        state.apply(action)
    assert state.bets == MAX_BETS == 5 and state.cur_bet == 5 * 8
    assert state.legal_actions() == [FOLD, CALL]
    with pytest.raises(IllegalAction, match="raise"):
        state.apply(RAISE)
    state.apply(CALL)
    assert state.phase == "draw"


def test_ruling_small_bet_in_rounds_one_and_two_big_bet_in_rounds_three_and_four() -> None:
    """Small bet in rounds 1–2, big bet in rounds 3–4."""
    state = table(hands={1: ([1, 1, 1], 9)})
    sizes = {}
    for stage in (2, 3, 4):
        advance(state, "bet", stage)
        assert state.legal_actions() == [FOLD, CHECK, BET]
        e = state.apply(BET)[0]
        sizes[stage] = e.data["amount"]
        assert state.view(0)["bet_size"] == sizes[stage]
    assert sizes == {2: 8, 3: 16, 4: 16}
    state = table(hands={1: ([1, 1, 1], 9)}, structure=4)
    state.apply(COMPLETE)
    assert state.cur_bet == 50
    state.apply(RAISE)
    assert state.cur_bet == 100


def test_ruling_rounds_two_to_four_open_with_first_seat_still_in_left_of_dealer() -> None:
    """Rounds 2–4 open with the first seat still in to the dealer's left (seat 1 folded, so seat 2)."""
    state = table(seats=4, hands={3: ([1, 1, 1], 9)})
    assert state.current_seat == 0
    state.apply(CALL)
    state.apply(FOLD)  # seat 1
    state.apply(CALL)
    state.apply(CHECK)  # seat 3, the bring-in
    assert state.phase == "draw" and state.queue == [2, 3, 0]
    advance(state, "bet", 2)
    assert state.current_seat == 2 and state.queue == [2, 3, 0]
    state.apply(CHECK)
    state.apply(CHECK)
    state.apply(CHECK)
    advance(state, "bet", 3)
    assert state.current_seat == 2


def test_fold_is_always_offered_and_the_last_seat_takes_the_main_pot_while_the_sabacc_pot_carries() -> None:
    state = table(hands={1: ([1, 1, 1], 9)})
    state.apply(FOLD)
    events = state.apply(FOLD)
    won = by_kind(events, "pot_won")
    assert [(e.seat, e.data["amount"], e.data["pot_name"]) for e in won] == [(1, 3 + 3, "main")]
    over = by_kind(events, "round_over")[0].data
    assert over["showdown"] is False and over["carried_sabacc"] == 3 and over["carried"] == 3
    assert state.round_no == 2 and state.sabacc == 3 + 3  # carried plus the new antes


def test_a_seat_short_of_the_call_goes_all_in_and_unmatched_chips_are_returned() -> None:
    """Common: a seat that cannot meet a bet may go all-in; chips nobody matched go back."""
    state = table(seats=2, hands={1: ([1, 1, 1], 9)})
    state.stacks[0], state.stacks[1] = state.stacks[0] + state.stacks[1] - 5, 5  # seat 1: 5 chips behind
    assert state.current_seat == 0
    state.apply(COMPLETE)  # to 8: seat 1 has put in 3 and holds 5
    assert state.legal_actions() == [FOLD, CALL]  # 5 exactly: a call, all in, and no raise
    events = state.apply(CALL)
    assert state.stacks[1] == 0 and state.live[1]
    # with one seat holding chips the later betting rounds are skipped, but both seats still draw and show
    events += to_showdown(state)
    assert [e.data["stage"] for e in by_kind(events, "betting_skipped")] == [2, 3, 4]
    assert [e.data["order"] for e in by_kind(events, "draw_phase")] == [[1, 0]] * 3
    assert {e.seat for e in by_kind(events, "shows")} == {0, 1}


def test_all_in_for_less_returns_the_uncalled_part() -> None:
    state = table(seats=2, hands={1: ([1, 1, 1], 9)})
    state.apply(CALL)  # seat 0 calls the bring-in
    state.apply(CHECK)
    advance(state, "bet", 2)
    state.stacks[0], state.stacks[1] = state.stacks[0] + state.stacks[1] - 5, 5
    assert state.current_seat == 1
    state.apply(CHECK)
    state.apply(BET)  # seat 0 bets 8
    assert state.legal_actions() == [FOLD, ALLIN]
    events = state.apply(ALLIN)
    back = by_kind(events, "bet_returned")[0]
    assert (back.seat, back.data["amount"]) == (0, 3)
    assert state.contrib[0] == state.contrib[1]


# --------------------------------------------------------------------------------------------- draw phase
def test_ruling_draw_phase_from_dealers_left_with_three_choices() -> None:
    """Draw phase, from the dealer's left, each seat: buy a board card, draw from the stub, or stay."""
    state = table(hands={1: ([1, 1, 1], 9)})
    events = advance(state, "draw", 1)
    assert by_kind(events, "draw_phase")[0].data["order"] == [1, 2, 0]
    legal = state.legal_actions()
    assert legal[:2] == [STAY, DRAW]
    assert {a.kind for a in legal} == {"stay", "draw", "buy", "swap"}
    before = state.clone()
    state.apply(STAY)
    assert state.current_seat == 2 and state.up == before.up and state.down == before.down
    assert state.stacks == before.stacks and state.petals == before.petals


def test_ruling_buy_pays_main_ante_into_sabacc_pot_and_keeps_card_face_up() -> None:
    """Buy a board card: pays the main-pot ante into the sabacc pot; keep it face up."""
    state = table(hands={1: ([1, 1, 1], 9)}, petals=[7, -7, 4, -4, 2, -2], discard=6, structure=2)
    advance(state, "draw", 1)
    stack, pot, sabacc = state.stacks[1], state.pot_total(), state.sabacc
    petal = state.petals[0]
    events = state.apply(BUY[0])
    assert state.stacks[1] == stack - 2 and state.sabacc == sabacc + 2 and state.pot_total() == pot
    assert state.up[1][-1] == petal and len(state.up[1]) == 2
    bought = by_kind(events, "bought")[0].data
    assert (bought["card"], bought["price"], bought["sabacc_pot"]) == (petal, 2, sabacc + 2)


def test_ruling_kept_board_card_refilled_from_discard_pile_and_emptied_pile_from_stub() -> None:
    """A kept card's place is refilled from the discard pile, and an emptied discard pile from the stub."""
    state = table(hands={1: ([1, 1, 1], 9)}, petals=[7, -7, 4, -4, 2, -2], discard=6)
    advance(state, "draw", 1)
    top = state.discard[-1]
    stub = len(state.stub)
    drawn = script_draws(state, [10])  # the stub card that will top the emptied discard pile
    events = state.apply(BUY[2])
    assert state.petals[2] == top
    assert state.discard == drawn and len(state.stub) == stub - 1
    assert [e.data["source"] for e in by_kind(events, "petal_refilled")] == ["discard"]
    assert by_kind(events, "discard_refilled")[0].data == {"card": drawn[0], "source": "stub"}
    # a pile of two: the refill takes its top card and the stub is not touched
    script_draws(state, [-10])
    state.apply(DRAW)  # seat 2
    state.apply(DISCARD[state.drawn])
    assert len(state.discard) == 2
    top, under = state.discard[-1], state.discard[0]
    stub = len(state.stub)
    state.apply(BUY[4])  # seat 0
    assert state.petals[4] == top and state.discard == [under] and len(state.stub) == stub


def test_ruling_buy_with_swap_leaves_a_hand_card_in_the_petals_place() -> None:
    """Buy: keep it face up, or swap a card from hand into its place (face-up or face-down card)."""
    state = table(hands={1: ([1, 2, 3], 9)}, petals=[7, -7, 4, -4, 2, -2])
    advance(state, "draw", 1)
    up_card = state.up[1][0]
    petal = state.petals[1]
    events = state.apply(SWAP[1][up_card])
    assert state.petals[1] == up_card and state.up[1] == [petal] and len(state.down[1]) == 3
    assert by_kind(events, "swapped")[0].data["gave_face"] == "up"
    assert state.discard and not by_kind(events, "petal_refilled")
    # a face-down card may go too: it lands face up on the board and the bought card joins the face-up cards
    advance(state, "draw", 2)
    down_card = state.down[1][0]
    petal = state.petals[3]
    events = state.apply(SWAP[3][down_card])
    swap = by_kind(events, "swapped")[0].data
    assert (swap["gave"], swap["gave_face"], swap["card"]) == (down_card, "down", petal)
    assert state.petals[3] == down_card and petal in state.up[1] and len(state.down[1]) == 2


def _down_to_one_face_down_card(state: SabaccHouse) -> None:
    """Seat 1 swaps two face-down cards away (draw phases 1 and 2), keeping one."""
    for stage in (1, 2):
        advance(state, "draw", stage)
        state.apply(SWAP[stage][state.down[1][0]])
    advance(state, "draw", 3)
    assert len(state.down[1]) == 1 and len(state.up[1]) == 3


def test_ruling_never_swap_away_the_last_face_down_card() -> None:
    """Buy with swap: never swap away the last face-down card."""
    state = table(hands={1: ([1, 2, 3], 9)})
    _down_to_one_face_down_card(state)
    last = state.down[1][0]
    legal = state.legal_actions()
    assert SWAP[0][last] not in legal
    assert all(SWAP[0][c] in legal for c in state.up[1])
    with pytest.raises(IllegalAction, match="last face-down card"):
        state.apply(SWAP[0][last])
    state.apply(SWAP[0][state.up[1][0]])


def test_ruling_hand_at_most_five_cards() -> None:
    """Hand at most five cards: a five-card hand may swap but not keep a petal, and must discard after a
    stub draw."""
    state = table(hands={1: ([1, 2, 3], 9)})
    advance(state, "draw", 1)
    state.apply(BUY[0])
    assert len(state.down[1]) + len(state.up[1]) == 5
    advance(state, "draw", 2)
    legal = state.legal_actions()
    assert not any(a.kind == "buy" for a in legal) and any(a.kind == "swap" for a in legal)
    with pytest.raises(IllegalAction, match="at most 5"):
        state.apply(BUY[1])
    state.apply(DRAW)
    legal = state.legal_actions()
    assert KEEP["up"] not in legal and KEEP["down"] not in legal
    with pytest.raises(IllegalAction, match="discard one"):
        state.apply(KEEP["down"])
    state.apply(KEEP_DISCARD["down"][state.down[1][0]])
    assert len(state.down[1]) + len(state.up[1]) == 5


def test_ruling_draw_from_stub_is_free_kept_face_down_secretly() -> None:
    """Draw from the stub (free; keep it up or down): face down, only the drawing seat learns the card."""
    state = table(hands={1: ([1, 2, 3], 9)})
    advance(state, "draw", 1)
    stack, sabacc = state.stacks[1], state.sabacc
    events = state.apply(DRAW)
    drew = by_kind(events, "drew")[0]
    card = state.drawn
    assert "card" not in drew.data and drew.visible_to(1)["card"] == card and "card" not in drew.visible_to(2)
    assert state.phase == "drawn" and state.current_seat == 1
    assert state.view(1)["drawn"] == card and state.view(2)["drawn"] is None and state.view(2)["drawing"] == 1
    events = state.apply(KEEP["down"])
    kept = by_kind(events, "kept")[0]
    assert kept.data["card"] is None and kept.visible_to(2)["card"] is None and kept.visible_to(1)["card"] == card
    assert card in state.down[1] and len(state.down[1]) == 4
    assert (state.stacks[1], state.sabacc) == (stack, sabacc)
    assert state.current_seat == 2 and state.phase == "draw"


def test_ruling_draw_from_stub_kept_face_up_then_discard_any_one_card_face_up() -> None:
    """Draw from the stub: keep it face up, then may discard any one card face up onto the discard pile."""
    state = table(hands={1: ([1, 2, 3], 9)})
    advance(state, "draw", 1)
    state.apply(DRAW)
    card = state.drawn
    old = state.down[1][1]
    events = state.apply(KEEP_DISCARD["up"][old])
    assert by_kind(events, "kept")[0].data == {"face": "up", "card": card, "to_act": [2, 0]}
    assert by_kind(events, "discarded")[0].data == {"card": old, "drawn": False, "was": "down", "to_act": [2, 0]}
    assert state.up[1][-1] == card and old not in state.down[1] and state.discard[-1] == old
    # the drawn card itself may be the discard
    state.apply(DRAW)  # seat 2
    card = state.drawn
    hand = state.down[2] + state.up[2]
    assert DISCARD[card] in state.legal_actions()
    state.apply(DISCARD[card])
    assert state.discard[-1] == card and state.down[2] + state.up[2] == hand


def test_discard_after_a_stub_draw_may_take_the_last_face_down_card() -> None:
    """Ruling note: the last-face-down-card limit is for swaps; a discard after a stub draw may take it."""
    state = table(hands={1: ([1, 2, 3], 9)})
    _down_to_one_face_down_card(state)
    last = state.down[1][0]
    state.apply(DRAW)
    assert KEEP_DISCARD["up"][last] in state.legal_actions()
    state.apply(KEEP_DISCARD["up"][last])
    assert state.down[1] == [] and len(state.up[1]) == 4 and state.discard[-1] == last


def test_ruling_illegal_actions_are_rejected_with_a_reason_and_change_nothing() -> None:
    """Common: an illegal action (not legal now, malformed, wrong seat) is refused saying why; the state is
    unchanged. Betting first, then the draw phase's restrictions."""
    state = table(hands={1: ([1, 2, 3], 9)}, structure=6)
    before = state.clone()
    for action, reason in [(Action("raise", amount=100), "no amount"), (CHECK, "cannot 'check'"),
                           (RAISE, "cannot 'raise'"), (STAY, "betting round"), (BUY[0], "betting round")]:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(action)
        assert state == before
    with pytest.raises(IllegalAction, match="turn"):
        state.apply(CALL, seat=0)
    assert state == before
    advance(state, "draw", 1)
    before = state.clone()
    bad = [
        (Action("buy", slot=6), "slot"),
        (Action("buy", slot=True), "slot"),
        (Action("buy", slot=0, extra=1), "malformed"),
        (Action("swap", slot=0, card=state.down[2][0]), "not in seat 1's hand"),
        (Action("swap", slot=0, card="ace"), "card"),
        (KEEP["up"], "cannot 'keep'"),
        (Action("stay", now=True), "no fields"),
        (CALL, "draw phase"),
    ]
    for action, reason in bad:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(action)
        assert state == before
    state.stacks[1] = 14  # a petal costs 15 in this structure
    with pytest.raises(IllegalAction, match="costs 15"):
        state.apply(BUY[0])
    assert not any(a.kind in ("buy", "swap") for a in state.legal_actions())
    state.apply(DRAW)
    other = state.down[2][0]
    for action, reason in [(DISCARD[other], "just drawn"), (KEEP_DISCARD["up"][other], "not in seat 1's hand"),
                           (Action("keep", face="sideways"), "face"), (STAY, "just drawn")]:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(action)


def test_refusals_carry_the_codes_a_screen_words_them_from() -> None:
    """Common (illegal action): each refusal has a stable code (the game's own in ``REFUSALS``), and a bool or a
    float where a whole number belongs is malformed, refused before anything changes."""
    from game.engine import refusal_codes

    codes = refusal_codes("sabacc_house")

    def _forged(kind: str, **fields) -> Action:
        """An Action whose fields skip the constructor's checks (a hand-edited save, a hostile client)."""
        a = Action(kind)
        object.__setattr__(a, "fields", tuple(sorted(fields.items())))
        return a

    def code(state: SabaccHouse, action: Action) -> str:
        before = state.clone()
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert state == before and info.value.code in codes
        return info.value.code

    state = table(hands={1: ([1, 2, 3], 9)}, structure=6)
    assert code(state, Action("raise", amount=100)) == "malformed_action"  # fixed limit: no amounts
    assert code(state, RAISE) == "unknown_action"
    assert code(state, STAY) == code(state, BUY[0]) == "wrong_phase"
    assert code(state, Action("fly-away")) == "unknown_action"
    advance(state, "draw", 1)
    assert code(state, Action("buy", slot=6)) == "bad_slot"
    assert code(state, Action("buy", slot=True)) == code(state, _forged("buy", slot=0.0)) == "malformed_action"
    assert code(state, Action("swap", slot=0, card=state.down[2][0])) == "card_not_in_hand"
    assert code(state, Action("swap", slot=0, card=99)) == "bad_card"
    assert code(state, CALL) == "wrong_phase"
    stack, state.stacks[1] = state.stacks[1], 14  # (set up) a petal costs 15 in this structure
    assert code(state, BUY[0]) == "cannot_afford"
    state.stacks[1] = stack
    state.apply(DRAW)
    assert code(state, Action("keep", face="sideways")) == "bad_face"
    assert code(state, _forged("discard", card=float(state.drawn))) == "malformed_action"
    assert code(state, DISCARD[state.down[2][0]]) == "not_allowed_now"


def test_stub_runs_out_muck_then_discard_pile_is_shuffled_in() -> None:
    """Ruling note: an empty stub is rebuilt from the muck, then from the discard pile below its top card."""
    state = table(hands={1: ([1, 2, 3], 9)})
    state.apply(FOLD)  # seat 2: four cards to the muck
    state.apply(CALL)
    advance(state, "draw", 1)
    state.muck.extend(state.stub)  # (set up) every undealt card sits in the muck
    state.stub.clear()
    muck = len(state.muck)
    events = state.apply(DRAW)
    assert by_kind(events, "stub_rebuilt")[0].data == {"source": "muck", "cards": muck}
    assert len(state.stub) == muck - 1 and state.muck == []
    state.apply(KEEP_DISCARD["up"][state.up[1][0]])
    state.discard[:0] = state.stub  # (set up) the rest now lies under the discard pile's top
    state.stub.clear()
    top = state.discard[-1]
    below = len(state.discard) - 1
    events = state.apply(DRAW)  # seat 0
    assert by_kind(events, "stub_rebuilt")[0].data == {"source": "discard", "cards": below}
    assert state.discard == [top]
    assert every_card(state) == list(range(62))


# ------------------------------------------------------------------------------------------- spike phase
def test_spike_dice_have_five_plain_symbols_and_one_spike_face() -> None:
    """Spike phase: two spike dice, each with five plain symbols and one Spike face."""
    assert len(SPIKE_FACES) == 6 and SPIKE_FACES[5] == "spike" and len(set(SPIKE_FACES)) == 6
    outcomes = [spike_outcome(a, b) for a, b in product(SPIKE_FACES, repeat=2)]
    assert (outcomes.count("doubles"), outcomes.count("spikes"), outcomes.count("nothing")) == (5, 1, 30)


def _through_spike(state: SabaccHouse, dice: list[int]) -> list:
    advance(state, "draw", 1)
    state.rng.script += dice
    events = []
    while state.phase == "draw":
        events += state.apply(STAY)
    return events


def test_ruling_doubles_replace_every_seats_face_down_cards_one_for_one() -> None:
    """Both dice show the same plain symbol ("Doubles"): every seat's face-down cards are mucked and
    replaced one for one (face-up cards stay; a folded seat has nothing to replace)."""
    state = table(seats=4, hands={1: ([1, 2, 3], 9)})
    state.apply(CALL)
    state.apply(FOLD)  # seat 3
    state.apply(CALL)
    state.apply(CHECK)
    down = [list(d) for d in state.down]
    up = [list(u) for u in state.up]
    events = _through_spike(state, DOUBLES)
    roll = by_kind(events, "spike_roll")[0].data
    assert roll["result"] == "doubles" and roll["dice"] == ["square", "square"]
    for s in (0, 1, 2):
        assert len(state.down[s]) == 3 and not set(state.down[s]) & set(down[s])
        assert state.up[s] == up[s]
    assert state.down[3] == [] and state.up[3] == []
    replaced = by_kind(events, "pocket_replaced")
    assert [e.seat for e in replaced] == [1, 2, 0]
    for e in replaced:
        assert e.data == {"count": 3} and e.visible_to(e.seat)["new_down"] == state.down[e.seat]
        assert "new_down" not in e.visible_to((e.seat + 1) % 4)
    assert every_card(state) == list(range(62))


def test_ruling_spikes_replace_every_seats_whole_hand_one_for_one() -> None:
    """Both dice show Spike ("Spikes"): every seat's whole hand is mucked and replaced one for one."""
    state = table(hands={1: ([1, 2, 3], 9)})
    advance(state, "draw", 1)
    state.apply(BUY[0])  # seat 1 now holds 3 down + 2 up
    down = [list(d) for d in state.down]
    up = [list(u) for u in state.up]
    state.rng.script += SPIKES
    events = []
    while state.phase == "draw":
        events += state.apply(STAY)
    assert by_kind(events, "spike_roll")[0].data["result"] == "spikes"
    for s in range(3):
        assert len(state.down[s]) == len(down[s]) and len(state.up[s]) == len(up[s])
        assert not set(state.down[s] + state.up[s]) & set(down[s] + up[s])
    for e in by_kind(events, "hand_replaced"):
        assert e.data["old_up"] == up[e.seat] and e.data["new_up"] == state.up[e.seat]
        assert "new_down" not in e.data and e.visible_to(e.seat)["new_down"] == state.down[e.seat]
    assert every_card(state) == list(range(62))


@pytest.mark.parametrize("dice", [[0, 1], [5, 0], [3, 5]])
def test_ruling_anything_else_on_the_spike_dice_does_nothing(dice: list[int]) -> None:
    """Anything else (different plain symbols, or one Spike): nothing happens."""
    state = table(hands={1: ([1, 2, 3], 9)})
    advance(state, "draw", 1)
    hands = ([list(d) for d in state.down], [list(u) for u in state.up])
    events = _through_spike(state, dice)
    assert by_kind(events, "spike_roll")[0].data["result"] == "nothing"
    assert (state.down, state.up) == hands
    assert state.phase == "bet" and state.stage == 2


# ---------------------------------------------------------------------------------------------- showdown
def test_ruling_showdown_last_aggressor_shows_first() -> None:
    """Showdown: the last aggressor shows first (a bet in round 4), then the seats to its left."""
    state = table(hands={1: ([1, 1, 1], 9)})
    advance(state, "bet", 4)
    state.apply(CHECK)  # seat 1
    state.apply(BET)  # seat 2
    state.apply(CALL)
    events = state.apply(CALL)
    assert [e.seat for e in by_kind(events, "shows")] == [2, 0, 1]
    assert by_kind(events, "round_over")[0].data["show_order"] == [2, 0, 1]


def test_showdown_order_uses_the_hands_last_aggressor_when_round_four_is_checked_through() -> None:
    state = table(hands={1: ([1, 1, 1], 9)})
    advance(state, "bet", 3)
    state.apply(CHECK)
    state.apply(CHECK)
    state.apply(BET)  # seat 0
    state.apply(CALL)
    state.apply(CALL)
    events = to_showdown(state)
    assert [e.seat for e in by_kind(events, "shows")] == [0, 1, 2]
    # nobody bet after the bring-in: the bring-in seat shows first
    state = table(hands={2: ([1, 1, 1], 9)})
    events = to_showdown(state)
    assert [e.seat for e in by_kind(events, "shows")] == [2, 0, 1]


def test_ruling_best_hand_wins_main_pot_and_sabacc_pot_with_better_than_banthas_wild() -> None:
    """Best hand wins the main pot; it also wins the sabacc pot if it is Banthas Wild or better
    (Squadron ranks above it)."""
    state = table(hands={1: ([6, 6, -6], -6), 2: ([3, 4, 5], 9), 0: ([1, 2, -7], 8)})
    pot = state.pot_total() + 3 + 3  # seats 2 and 0 call the bring-in
    sabacc = state.sabacc
    events = to_showdown(state)
    shows = {e.seat: e.data["rank"] for e in by_kind(events, "shows")}
    assert shows[1] == "Squadron"
    won = [(e.seat, e.data["pot_name"], e.data["amount"], e.data["standing"]) for e in by_kind(events, "pot_won")]
    assert won == [(1, "main", pot, "Squadron"), (1, "sabacc", sabacc, "Squadron")]
    over = by_kind(events, "round_over")[0].data
    assert over["sabacc_pot_won"] is True and over["carried_sabacc"] == 0 and over["carried"] == 0
    assert over["standings"] == [shows[0], "Squadron", shows[2]] and over["winners"] == [1]


def test_ruling_banthas_wild_exactly_takes_the_sabacc_pot() -> None:
    """Banthas Wild itself qualifies for the sabacc pot (three of one size, both signs, five cards)."""
    state = table(hands={1: ([5, -5, 5], -2), 2: ([3, 4, 5], 9), 0: ([1, 2, -7], 8)},
                  petals=[-3, 7, 7, 7, -7, -7])
    advance(state, "draw", 1)
    state.apply(BUY[0])
    events = to_showdown(state)
    assert {e.seat: e.data["rank"] for e in by_kind(events, "shows")}[1] == "Banthas Wild"
    assert [(e.seat, e.data["pot_name"]) for e in by_kind(events, "pot_won")] == [(1, "main"), (1, "sabacc")]


def test_ruling_otherwise_the_sabacc_pot_carries() -> None:
    """Best hand below Banthas Wild (Straight Khyron): main pot only; the sabacc pot carries to next hand."""
    state = table(hands={1: ([2, -3, -4], 5), 2: ([3, 4, 6], 9), 0: ([1, 2, -7], 8)})
    sabacc = state.sabacc
    events = to_showdown(state)
    assert {e.seat: e.data["rank"] for e in by_kind(events, "shows")}[1] == "Straight Khyron"
    assert [(e.seat, e.data["pot_name"]) for e in by_kind(events, "pot_won")] == [(1, "main")]
    over = by_kind(events, "round_over")[0].data
    assert over["sabacc_pot_won"] is False and over["carried_sabacc"] == sabacc == over["carried"]
    assert by_kind(events, "sabacc_pot_carried")[0].data["amount"] == sabacc
    assert state.sabacc == sabacc + 3  # the next hand's antes join the carried pot


def test_ruling_tie_breakers_before_the_blind_draw() -> None:
    """Tie-breakers: more cards, then larger sum of absolute values (two Squadrons: the sixes win)."""
    state = table(hands={1: ([4, 4, -4], -4), 2: ([6, 6, -6], -6), 0: ([1, 2, -7], 8)})
    events = to_showdown(state)
    assert {e.seat: e.data["rank"] for e in by_kind(events, "shows")} == {1: "Squadron", 2: "Squadron",
                                                                           0: "Nuhlrek"}
    assert {e.seat for e in by_kind(events, "pot_won")} == {2}
    assert not by_kind(events, "blind_draw")
    # more cards first: a five-card Sabacc beats a four-card Sabacc with bigger cards
    state = table(hands={1: ([1, 4, -7], 0), 2: ([1, 6, -3], -4), 0: ([1, 2, -7], 8)}, petals=[2, 9, 9, 9, -9, -9])
    advance(state, "draw", 1)
    state.apply(BUY[0])
    events = to_showdown(state)
    shows = {e.seat: (e.data["rank"], len(e.data["cards"])) for e in by_kind(events, "shows")}
    assert shows[1] == ("Sabacc", 5) and shows[2] == ("Sabacc", 4)
    assert [e.seat for e in by_kind(events, "pot_won")] == [1]


def _tied_rule_of_two() -> SabaccHouse:
    """Seats 1 and 2 hold the same Rule of Two (+1 −1 +8 −8); seat 1 brings in and so shows first."""
    state = table(hands={1: ([1, -1, -8], 8), 2: ([1, -1, 8], -8), 0: ([3, 4, 5], 2)})
    assert state.bring_seat == 1
    advance(state, "bet", 4)
    state.apply(CHECK)
    state.apply(CHECK)
    return state


def test_ruling_complete_tie_goes_to_the_blind_draw_nearest_zero() -> None:
    """Tied seats each draw one card blind from the stub; the sum closest to zero wins."""
    state = _tied_rule_of_two()
    pot = state.pot_total()
    script_draws(state, [3, -1])
    events = state.apply(CHECK)
    blind = by_kind(events, "blind_draw")
    assert [(e.seat, DECK[e.data["card"]], e.data["total"]) for e in blind] == [(1, 3, 3), (2, -1, -1)]
    assert [(e.seat, e.data["amount"]) for e in by_kind(events, "pot_won")] == [(2, pot)]
    assert state.view(0)["last_showdown"]["blind"][1:] == [[blind[0].data["card"]], [blind[1].data["card"]]]


def test_ruling_blind_draw_repeats_while_tied() -> None:
    """Blind draw: repeat while tied (each new card is added to the seat's running total)."""
    state = _tied_rule_of_two()
    script_draws(state, [2, -2, -2, 5])
    events = state.apply(CHECK)
    blind = by_kind(events, "blind_draw")
    assert [(e.seat, e.data["draw"], e.data["total"]) for e in blind] == [(1, 1, 2), (2, 1, -2), (1, 2, 0),
                                                                          (2, 2, 3)]
    assert [e.seat for e in by_kind(events, "pot_won")] == [1]


def test_ruling_split_pot_odd_chips_stay_and_carry() -> None:
    """Splits: a split pot is divided equally; the odd chips stay in the pot and carry to the next hand.
    (Here a tie can only split when no card is left for the blind draw, so the test empties the stub.)"""
    state = table(hands={1: ([1, -1, -8], 8), 2: ([1, -1, 8], -8), 0: ([3, 4, 5], 2)})
    state.apply(CALL)  # seat 2
    state.apply(FOLD)  # seat 0
    state.apply(CHECK)
    advance(state, "bet", 4)
    state.apply(CHECK)
    state.stub.clear()  # (set up) nothing left to draw blind
    state.muck.clear()
    del state.discard[:-1]
    pot = state.pot_total()
    assert pot == 9
    events = state.apply(CHECK)
    assert [(e.seat, e.data["amount"], e.data["split"]) for e in by_kind(events, "pot_won")] == [(1, 4, 2),
                                                                                                (2, 4, 2)]
    over = by_kind(events, "round_over")[0].data
    assert over["carried_main"] == 1 and over["carried"] == 1 + over["carried_sabacc"]
    assert state.carry_main == 1 and state.pot_total() == 1 + 3 + 3  # odd chip + antes + bring-in


def test_ruling_splits_odd_chips_with_no_next_hand_go_to_the_first_winner_left_of_the_dealer() -> None:
    """Splits: where there is no next hand, a split pot's odd chips go to the first winner left of the dealer.

    The session's only hand (dealer seat 0, four seats): seats 0 and 2 tie with Banthas Wild and nothing is
    left for the blind draw, so both pots split two ways with an odd chip each. Seat 2 (left of the dealer
    before seat 0, who deals) takes both odd chips; the losers (seats 1 and 3) get none, nothing carries and
    the button does not move."""
    state = table(seats=4, hands={0: ([4, 4, -4], -1), 2: ([4, -4, -4], 1), 1: ([1, 2, 5], 9)},
                  petals=[3, -3, 7], rounds=1)
    total = state.chip_total()
    assert state.current_seat == 2 and state.bring_seat == 1  # seat 1 brought in 3 with its +9
    state.apply(CALL)  # seat 2
    state.apply(FOLD)  # seat 3
    state.apply(CALL)  # seat 0
    state.apply(CHECK)  # seat 1
    assert state.phase == "draw" and state.queue == [1, 2, 0]
    state.apply(BUY[2])  # seat 1 buys the +7 (a Nuhlrek either way)
    state.apply(BUY[0])  # seat 2 buys the +3: -4 -4 +1 +3 +4
    script_draws(state, [10], then=CALM)  # the discard pile's refill, then calm spike dice
    state.apply(BUY[1])  # seat 0 buys the -3: -4 -3 -1 +4 +4
    advance(state, "bet", 4)
    state.apply(CHECK)
    state.apply(CHECK)
    state.stub.clear()  # (set up) nothing left to draw blind: the tie splits
    state.muck.clear()
    del state.discard[:-1]
    stacks = state.stacks[:]
    assert (state.pot_total(), state.sabacc) == (4 + 3 * 3, 4 + 3)  # 13 and 7: one odd chip each
    events = state.apply(CHECK)
    assert {e.seat: e.data["rank"] for e in by_kind(events, "shows")} == {1: "Nuhlrek", 2: "Banthas Wild",
                                                                         0: "Banthas Wild"}
    won = [(e.seat, e.data["pot_name"], e.data["amount"], e.data["odd_chips"]) for e in by_kind(events, "pot_won")]
    assert won == [(2, "main", 7, 1), (0, "main", 6, 0), (2, "sabacc", 4, 1), (0, "sabacc", 3, 0)]
    over = by_kind(events, "round_over")[0].data
    assert (over["carried"], over["carried_main"], over["carried_sabacc"], over["best"]) == (0, 0, 0, [2, 0])
    assert not by_kind(events, "carry_returned") and kinds(events)[-1] == "session_over"
    assert state.is_over and state.dealer == 0 and state.chips_in_play() == 0 and state.chip_total() == total
    assert [state.stacks[s] - stacks[s] for s in range(4)] == [6 + 3, 0, 7 + 4, 0]


def test_ruling_side_pots_from_contributions() -> None:
    """Side pots: an all-in seat wins only the layers it paid into; the best of the rest takes the others.
    The sabacc pot goes with the best hand overall."""
    state = table(hands={1: ([3, 4, 5], 9), 2: ([6, 6, -6], -6), 0: ([1, -1, 7], -7)})
    state.stacks[0] += state.stacks[2] - 5  # (set up) seat 2 has 5 chips behind
    state.stacks[2] = 5
    total = state.chip_total()
    assert state.legal_actions() == [FOLD, CALL]  # 5 chips: no completion to 8
    state.apply(CALL)  # seat 2: 3, keeps 2
    state.apply(COMPLETE)  # seat 0 to 8
    state.apply(CALL)  # seat 1
    assert state.legal_actions() == [FOLD, ALLIN]
    state.apply(ALLIN)  # seat 2: 2 more
    assert state.contrib == [9, 9, 6]
    assert state.pots() == [{"amount": 18, "eligible": [0, 1, 2]}, {"amount": 6, "eligible": [0, 1]}]
    sabacc = state.sabacc
    events = to_showdown(state)
    won = [(e.seat, e.data["pot"], e.data["pot_name"], e.data["amount"]) for e in by_kind(events, "pot_won")]
    assert won == [(2, 0, "main", 18), (0, 1, "main", 6), (2, 2, "sabacc", sabacc)]
    assert state.chip_total() == total


# ------------------------------------------------------------------------------------- hands and sessions
def test_ruling_hands_hold_four_or_five_cards_at_every_step_and_showdown() -> None:
    """Hands hold 4 or 5 cards (random play, 5 seats, every step; every shown hand)."""
    rng = Rng(4)
    state = create("sabacc_house", seats=5, seed=9, options={"rounds": 8})
    shown = 0
    while not state.is_over:
        for s in range(5):
            if state.live[s]:
                assert 4 <= len(state.down[s]) + len(state.up[s]) <= 5
        legal = state.legal_actions()
        if len(legal) > 1 and legal[0] == FOLD:
            legal = legal[1:]  # no folding: more hands reach the showdown
        for e in state.apply(legal[rng.below(len(legal))]):
            if e.kind == "shows":
                assert len(e.data["cards"]) in (4, 5)
                shown += 1
    assert shown >= 8


def test_session_ends_after_the_rounds_and_returns_the_carried_sabacc_pot() -> None:
    """Ruling note: at the session's end the carried sabacc pot is shared by the seats holding chips."""
    state = create("sabacc_house", seats=3, seed=2, options={"rounds": 2})
    total = state.chip_total()
    events = []
    while not state.is_over:
        events += state.apply(FOLD if FOLD in state.legal_actions() else STAY)
    assert state.round_no == 2 and kinds(events)[-1] == "session_over"
    ret = by_kind(events, "carry_returned")[0].data["amounts"]
    assert sum(ret) == 3 * 2 and state.sabacc == 0 and state.chips_in_play() == 0
    assert state.chip_total() == total and state.legal_actions() == []


def test_dealer_passes_left_each_hand() -> None:
    state = create("sabacc_house", seats=3, seed=2, options={"rounds": 4})
    dealers = [state.dealer]
    while not state.is_over:
        before = state.round_no
        state.apply(FOLD if FOLD in state.legal_actions() else STAY)
        if state.round_no != before and not state.is_over:
            dealers.append(state.dealer)
    assert dealers == [0, 1, 2, 0]


# --------------------------------------------------------------------------------- views and hidden cards
def test_views_hide_face_down_cards_and_stub_order_but_show_the_table() -> None:
    """Views: own face-down cards only; others' as a count; face-up cards, board, the whole discard pile
    and pots public; the stub as a count."""
    state = create("sabacc_house", seats=3, seed=8)
    advance(state, "draw", 1)
    state.apply(DRAW)
    state.apply(DISCARD[state.drawn])
    for seat in (None, 0, 1, 2):
        v = state.view(seat)
        assert v["down"] == (None if seat is None else state.down[seat])
        assert v["down_count"] == [3, 3, 3] and v["up"] == state.up
        assert v["petals"] == state.petals and v["discard"] == state.discard and len(v["discard"]) == 2
        assert v["stub"] == len(state.stub) and v["muck"] == len(state.muck)
        assert v["sabacc_pot"] == state.sabacc and v["pot"] == state.pot_total()
        others = {c for s in range(3) if s != seat for c in state.down[s]}
        shown = set(v["petals"]) | set(v["discard"]) | {c for u in v["up"] for c in u} | set(v["down"] or ())
        assert not shown & others
        json.dumps(v)
    assert state.view(0)["hand_rank"] is not None and state.view(None)["hand_rank"] is None


def test_events_never_put_a_hidden_card_in_public_data() -> None:
    """Events: cards still face down (a seat's pocket, a drawn card, the stub) never appear in public data."""
    card_keys = ("card", "up", "petals", "discard", "new_up", "old_up", "gave", "cards")
    for seats in (2, 5):
        rng = Rng(seats)
        state = create("sabacc_house", seats=seats, seed=seats, options={"rounds": 5})
        while not state.is_over:
            legal = state.legal_actions()
            events = state.apply(legal[rng.below(len(legal))])
            if "round_over" in kinds(events):
                continue  # the next hand reuses the card ids
            hidden = {c for d in state.down for c in d} | set(state.stub)
            if state.drawn is not None:
                hidden.add(state.drawn)
            for e in events:
                for key in card_keys:
                    value = e.data.get(key)
                    cards = value if isinstance(value, list) else [value]
                    assert not hidden & {c for c in cards if isinstance(c, int)}, (e.kind, key)


def test_determinize_redeals_only_what_the_seat_cannot_see() -> None:
    """determinize(seat) keeps the seat's view, re-deals others' face-down cards, a card another seat has
    just drawn, and the stub, and keeps all 62 cards."""
    state = create("sabacc_house", seats=4, seed=13)
    advance(state, "draw", 1)
    state.apply(DRAW)
    drawer = state.current_seat
    moved = 0
    for k in range(20):
        for seat in range(4):
            other = state.determinize(seat, Rng(k * 10 + seat))
            assert other.view(seat) == state.view(seat)
            assert every_card(other) == list(range(62))
            assert other.down[seat] == state.down[seat] and other.up == state.up
            moved += sum(other.down[s] != state.down[s] for s in range(4) if s != seat)
            if seat == drawer:
                assert other.drawn == state.drawn
    assert moved > 0
    assert any(state.determinize(0, Rng(k)).drawn != state.drawn for k in range(10))


# ----------------------------------------------------------------------------------- playouts, simulate
@pytest.mark.parametrize("seats", [2, 5, 8])
def test_random_playouts_keep_every_card_and_chip(seats: int) -> None:
    rng = Rng(seats * 31)
    for seed in range(3):
        state = create("sabacc_house", seats=seats, seed=seed, options={"rounds": 6})
        total = state.chip_total()
        steps = 0
        while not state.is_over:
            assert every_card(state) == list(range(62))
            assert state.chip_total() == total and min(state.stacks) >= 0
            legal = state.legal_actions()
            assert legal
            state.apply(legal[rng.below(len(legal))])
            steps += 1
        assert state.chip_total() == total and state.round_no >= 1 and steps > 0


def test_registered_with_its_options_and_notes() -> None:
    cls = GAMES["sabacc_house"]
    assert cls is SabaccHouse and cls.title == "Sabacc House Rules" and (cls.min_seats, cls.max_seats) == (2, 8)
    assert {o.name for o in cls.OPTIONS} == {"rounds", "stack", "structure"}
    assert cls.RANK_NAMES[0] == "Dreadnoughts" and cls.RANK_NAMES[-1] == "Nuhlrek"
    assert len(cls.RULINGS_NOTES) > 20 and any("Banthas Wild" in n for n in cls.RULINGS_NOTES)


def test_simulate_reports_ranks_both_pots_and_carried_pots() -> None:
    result = simulate("sabacc_house", 3, 40, seed=1, agents=["passive"])
    assert result["rounds"] == 40 and sum(result["ranks"].values()) > 0
    assert set(result["ranks"]) <= set(SabaccHouse.RANK_NAMES)
    assert result["pots_won"]["main"] > 0 and set(result["pots_won"]) <= {"main", "sabacc"}
    assert result["carried"] > 0
    # the sabacc pot's own name, as simulate reads it, from a rigged Squadron
    state = table(hands={1: ([6, 6, -6], -6)})
    names = {e.data["pot_name"] for e in to_showdown(state) if e.kind == "pot_won"}
    assert names == {"main", "sabacc"}


def test_button_skips_seats_without_chips_and_the_last_leftovers_go_to_seats_holding_chips() -> None:
    """Ruling notes: the button passes to the next seat on the left that still holds chips (``playing`` in
    ``round_started``: stacks before the antes), and only once another hand is dealt; at the session's end a
    sabacc pot nobody won (and main-pot odd chips) is shared by the seats holding chips, odd chips to the first
    of them left of the last hand's dealer (``rounds.next_dealer`` / ``rounds.share_out``)."""
    skips = odd_returns = 0
    for seed in range(60):  # odd seeds: played until the chips decide; even ones: three hands
        options = {"rounds": 0 if seed % 2 else 3, "stack": 30, "structure": 0}
        state = create("sabacc_house", seats=3, seed=seed, options=options)
        rng = Rng(seed)
        events = list(state.opening_events)
        while not state.is_over:
            legal = state.legal_actions()
            events += state.apply(legal[rng.below(len(legal))])
        starts = by_kind(events, "round_started")
        for before, after in pairwise(starts):
            prev, playing = before.data["dealer"], after.data["playing"]
            expected = next(s for s in left_of(prev, 3) if playing[s])
            assert after.data["dealer"] == expected
            skips += expected != (prev + 1) % 3
        returned = by_kind(events, "carry_returned")
        if returned:
            amounts = returned[0].data["amounts"]
            final = by_kind(events, "session_over")[0].data["stacks"]
            held = [final[s] - amounts[s] > 0 for s in range(3)]
            takers = [s for s in left_of(starts[-1].data["dealer"], 3) if held[s]]
            share, odd = divmod(sum(amounts), len(takers))
            assert amounts == [(share + (odd if s == takers[0] else 0)) if held[s] else 0 for s in range(3)]
            odd_returns += odd > 0
    assert skips and odd_returns, "the seeds reach a skipped seat and a return with odd chips"


# ----------------------------------------------------------------------------- why the showdown went its way
def _reason_of(events) -> tuple[str, dict]:
    over = by_kind(events, "round_over")[0].data
    return over["reason"], over["params"]


@pytest.mark.parametrize(("hands", "petals", "buy", "code", "params"), [
    # a better rank: Straight Khyron over Nuhlrek
    ({1: ([2, -3, -4], 5), 2: ([3, 4, 6], 9), 0: ([1, 2, -7], 8)}, None, False, "better_rank",
     {"standing": "Straight Khyron", "beats": "Nuhlrek"}),
    # two Squadrons: the larger sum of sizes (sixes over fours)
    ({1: ([4, 4, -4], -4), 2: ([6, 6, -6], -6), 0: ([1, 2, -7], 8)}, None, False, "larger_size_sum",
     {"standing": "Squadron", "sum": 24, "other": 16}),
    # two Sabaccs: five cards beat four
    ({1: ([1, 4, -7], 0), 2: ([1, 6, -3], -4), 0: ([1, 2, -7], 8)}, [2, 9, 9, 9, -9, -9], True, "more_cards",
     {"standing": "Sabacc", "cards": 5, "other": 4}),
])
def test_round_over_says_which_tie_breaker_decided(hands, petals, buy, code, params) -> None:
    """round_over carries the engine's reason code: the rank or the tie-breaker that separated the winner."""
    state = table(hands=hands, petals=petals)
    if buy:
        advance(state, "draw", 1)
        state.apply(BUY[0])
    assert _reason_of(to_showdown(state)) == (code, params)


def test_round_over_reason_nearest_zero_and_blind_draw() -> None:
    # three Nuhlreks: the total nearest zero wins (seat 0: 1+2-7+4 = 0 would be Sabacc, so 8 → total 4)
    state = table(hands={1: ([1, 2, 3], 5), 2: ([4, 5, 6], 9), 0: ([1, 2, -7], 8)})
    why, params = _reason_of(to_showdown(state))
    assert why == "nearest_zero" and params["standing"] == "Nuhlrek" and abs(params["total"]) < abs(params["other"])
    state = _tied_rule_of_two()
    script_draws(state, [3, -1])
    assert _reason_of(state.apply(CHECK)) == ("blind_draw", {"standing": "Rule of Two"})


def test_round_over_reason_when_every_other_seat_folds() -> None:
    state = create("sabacc_house", seats=2, seed=3, options={"rounds": 3})
    events = []
    while "round_over" not in kinds(events):
        legal = state.legal_actions()
        events += state.apply(next((a for a in legal if a.kind == "fold"), legal[0]))
    assert _reason_of(events) == ("last_standing", {})


def test_reason_helper_covers_every_key_entry() -> None:
    """The key entries the deals above do not reach (House Rules' hand key, ranks._rank_sorted): a pair over
    no pair, The Idiots' four-card form, the highest size, the highest plus card."""
    from game.engine.sabacc_house.ranks import rank_hand
    from game.engine.sabacc_house.table import showdown_reason as _reason

    def why(a, b):
        assert rank_hand(a) > rank_hand(b)
        return _reason({0: rank_hand(a), 1: rank_hand(b)}, [0, 1], [0])

    assert why([2, 2, -4, 3, -3], [1, 2, 4, -7, 0]) == ("pair_beats_no_pair", {"standing": "Sabacc"})
    assert why([0, 0, 5, -5], [0, 0, 3, 4, -7]) == ("four_card_form", {"standing": "The Idiots"})
    assert why([10, -4, -6, 2, -2], [9, -7, -2, 3, -3]) == (
        "higher_size_card", {"standing": "Sabacc", "card": 10, "other": 9})
    assert why([7, -3, -4, 5, -5], [-7, 3, 4, 5, -5]) == (
        "higher_plus_card", {"standing": "Sabacc", "card": 7, "other": 5})
    assert _reason({0: rank_hand([3, -3, 1, -1]), 1: rank_hand([-3, 3, -1, 1])}, [0, 1], [0, 1]) == (
        "split", {"standing": "Rule of Two", "ways": 2})


def test_reason_against_each_losing_hand_is_its_own_comparison() -> None:
    """Play report item 4: Rook's four-card Sabacc lost to Oona's five cards, but the headline compared Oona with
    Kessick (sizes 22 to 12); the reason against Rook must be the card count, not two other seats' sums."""
    from game.engine.sabacc_house.ranks import rank_hand
    from game.engine.sabacc_house.table import reasons_against, showdown_reason

    hands = {0: [-7, -7, 9, 5], 1: [-3, 0, 2, -5, 7], 2: [10, -6, -4, 1, -1], 3: [1, -2, 3, 2, -4]}
    ranks = {s: rank_hand(h) for s, h in hands.items()}
    seats = [0, 1, 2, 3]
    assert showdown_reason(ranks, seats, [2]) == ("larger_size_sum", {"standing": "Sabacc", "sum": 22, "other": 12})
    against = reasons_against(ranks, seats, [2], 4)
    assert against[0] == ["more_cards", {"standing": "Sabacc", "cards": 5, "other": 4}]
    assert against[1] == ["better_rank", {"standing": "Sabacc", "beats": "Nuhlrek"}]
    assert against[2] is None
    assert against[3] == ["larger_size_sum", {"standing": "Sabacc", "sum": 22, "other": 12}]
    # a hand level with the winner's on every count lost the blind draw
    ranks[3] = rank_hand([10, -6, -4, 1, -1])
    assert reasons_against(ranks, seats, [2], 4)[3] == ["blind_draw", {"standing": "Sabacc"}]


def test_round_over_says_why_each_losing_seat_lost() -> None:
    """Every showdown's round_over carries a reason against each seat that showed and lost (None otherwise)."""
    from game.engine.showdown import REASON_CODES

    checked = 0
    for seed in range(6):
        state = create("sabacc_house", seats=4, seed=seed, options={"rounds": 3})
        while not state.is_over:
            legal = state.legal_actions()
            action = next((a for a in legal if a.kind in ("check", "call")), legal[0])
            for ev in state.apply(action):
                if ev.kind == "round_over" and ev.data["showdown"]:
                    against = ev.data["against"]
                    assert len(against) == 4
                    for seat, entry in enumerate(against):
                        lost = seat in ev.data["show_order"] and seat not in ev.data["winners"]
                        assert (entry is not None) == lost, (seat, ev.data)
                        if entry:
                            assert entry[0] in REASON_CODES["sabacc_house"]
                    checked += 1
    assert checked
