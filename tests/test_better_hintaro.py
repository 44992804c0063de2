"""Better Hintaro, rule by rule: each test names the RULINGS.md line or the ``RULINGS_NOTES`` entry it covers.

Scenarios are set up by placing cards, credits and dice on a real table (the state is plain data) and scripting
the Hintaro die with ``ScriptedRng``; everything else goes through ``apply``. Playouts at the end check the
books (credits, bank included) and the cards (none made or lost) at every step.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from game.engine import Action, IllegalAction, create
from game.engine.better_hintaro import BetterHintaro, ContentError, load_content
from game.engine.better_hintaro.business import auction_floor, next_ask, opening_ask, step_down
from game.engine.better_hintaro.content import data_dir
from game.engine.better_hintaro.game import LAP_MIN_BETS
from game.engine.better_hintaro.pots import credit_pots
from game.engine.better_hintaro.shootout import DRAW_LIMIT, survivors
from game.engine.core import Rng, build_pots
from game.engine.hintaro import HINTARO_FACES
from game.engine.hintaro import Hintaro as CoreHintaro
from tests.helpers import ScriptedRng, kinds

BLANK = HINTARO_FACES.index("blank")
CONTENT = load_content()
ALL_OPTIONS = {"rising_min_bet": True, "loans": True, "high_stakes": True, "shootout": True, "discard_to_pot": True}
#: the rule text's "Payment On Completion" list: entry -> credits (None: it pays an item)
PAYOUT_LIST = {
    "A Savi Customer": 25500, "Bantha's Wild": 1500, "Boonta Speeder Bike": 10500, "Change of Face": 6500,
    "Code Heist": 3000, "Dark Designs": 21500, "Doc Evazen's Orders": 7000, "Dok Ondar's Agent": 19500,
    "Droid Saving Surgery": 4000, "Grogu's Trade": None, "Honest Prospects": 17000, "Kessel Runner": 16500,
    "Lando's Seduction": 5000, "Perilous Mission (Personal Transponder)": 3000,
    "Perilous Mission (Stim Canister)": 3000, "Secret Recipe": 5000, "Spice Cartel": 7000,
    "The Great Navigator": 11500, "The Starhunters": 5000, "Whole Heap of Junk": 36500,
}


# ------------------------------------------------------------------------------------------------ helpers
def table(seats: int = 2, seed: int = 3, **options) -> BetterHintaro:
    state = create("better_hintaro", seats=seats, seed=seed, options={"rounds": 5, **options})
    assert isinstance(state, BetterHintaro)
    return state


def calm(state: BetterHintaro) -> Action:
    """A quiet choice: check or call, keep, pass, decline; otherwise the first legal action."""
    legal = state.legal_actions()
    for kind in ("call", "keep", "pass", "decline"):
        if Action(kind) in legal:
            return Action(kind)
    return legal[0]


def advance(state: BetterHintaro, phase: str | None = None, round_no: int | None = None) -> list:
    """Play quiet actions until the table reaches ``phase`` (in ``round_no``, if given); return the events."""
    events = []
    for _ in range(5000):
        if state.is_over or (state.phase == phase and (round_no is None or state.round_no == round_no)):
            return events
        events += state.apply(calm(state))
    raise AssertionError("the table never reached the phase")


def rejects(state: BetterHintaro, action: Action, match: str) -> None:
    """The action is refused with a reason matching ``match`` and nothing changes."""
    before = state.clone()
    with pytest.raises(IllegalAction, match=match):
        state.apply(action)
    assert state == before


def showdown_with(state: BetterHintaro, dice: list[list[str]], face: int = BLANK) -> list:
    """From the reroll phase: set the dice, everyone keeps, the Hintaro die shows ``face``."""
    state.dice = [list(d) for d in dice]
    state.rng = ScriptedRng([face], seed=99)
    events = []
    while state.phase == "reroll":
        events += state.apply(Action("keep"))
    return events


def cards_in_play(state: BetterHintaro) -> Counter:
    held = [c for h in state.items for c in h]
    pot = [c for c, _ in state.pot_items]
    return Counter(state.draw + state.discard + state.newest + state.oldest + state.reserve + held + pot)


def offer(to, give=(), give_credits=0, get=(), get_credits=0) -> Action:
    return Action("offer", to=to, give=tuple(give), give_credits=give_credits, get=tuple(get),
                  get_credits=get_credits)


# ------------------------------------------------------------------------------------------------ content
def test_shipped_content_loads_with_tiers_containers_and_enough_cards() -> None:
    """RULINGS: item tiers of 50, 150, 350 and higher, container cards, our own deck of at least 40 cards."""
    c = load_content()
    values = set(c.tiers.values())
    assert {50, 150, 350} <= values and max(values) > 350
    assert sum(i.copies for i in c.items.values()) >= 40
    assert len(c.containers) >= 2 and all(b.size >= 1 for b in c.containers.values())
    for tier in c.starting_tiers:
        assert sum(i.copies for i in c.items.values() if i.tier == tier) >= 8, "enough to deal 8 seats"


def test_one_bounty_card_per_payment_list_entry_with_its_payout() -> None:
    """RULINGS: one bounty card for each bounty in the 'Payment On Completion' list; payouts use that list."""
    by_entry = {b.list_entry: b for b in CONTENT.bounties.values()}
    assert set(by_entry) == set(PAYOUT_LIST)
    for entry, payout in PAYOUT_LIST.items():
        bounty = by_entry[entry]
        assert bounty.payout == payout
        assert (bounty.reward_item is not None) == (payout is None)
        assert bounty.printed_value > 0


def test_every_bounty_is_completable_from_the_deck() -> None:
    """Each bounty's needs exist in the deck in enough copies, and holding them completes it on the table."""
    deck = Counter(CONTENT.deck())
    for bounty in CONTENT.bounties.values():
        assert not Counter(bounty.needs) - deck, bounty.id
    state = table(2)
    advance(state, "business")
    seat = state.current_seat
    for bounty in CONTENT.bounties.values():
        trial = state.clone()
        trial.items[seat] = sorted(bounty.needs)
        trial.bounty_offer[0] = bounty.id
        events = trial.apply(Action("take", bounty=bounty.id))
        assert "bounty_completed" in kinds(events), bounty.id
        assert trial.completed[seat] == [bounty.id]


def _copy_content(tmp_path: Path) -> Path:
    for name in ("items.toml", "bounties.toml"):
        shutil.copy(data_dir() / name, tmp_path / name)
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("bounties.toml", '"ration_bricks", "dust_mask"]', '"ration_bricks", "dust_masque"]',
     r"bounties.toml: bounty 'herd_run': field 'needs': unknown item 'dust_masque'"),
    ("items.toml", "green = 50", "green = 55", r"items.toml: tier 'green': field 'value': .*multiple of 10"),
    ("items.toml", 'id = "spanner_set"\nname = "Vernier Spanner Set"\ntier = "green"\ncopies = 1',
     'id = "spanner_set"\nname = "Vernier Spanner Set"\ntier = "green"\ncopies = -1',
     r"items.toml: item 'spanner_set': field 'copies': must be at least 0"),
    ("items.toml", 'id = "spanner_set"', 'id = "ration_bricks"',
     r"items.toml: item 'ration_bricks': field 'id': duplicate id"),
    ("bounties.toml", 'name = "Herd Run"\n', "", r"bounties.toml: bounty 'herd_run': field 'name': missing"),
    ("bounties.toml", 'needs = ["keel_plate", "phase_barrel", "cipher_key", "data_wafer"]',
     'needs = ["keel_plate", "keel_plate", "cipher_key", "data_wafer"]',
     r"bounty 'dark_blueprints': field 'needs': .*could never be completed"),
    ("bounties.toml", 'reward_item = "clan_helm"', 'reward_item = "clan_helm"\npayout = 100',
     r"bounty 'foundlings_bargain': field 'payout': give exactly one"),
    ("items.toml", "[tiers]", "[tiers", r"items.toml: not valid TOML"),
    ("items.toml", 'tier = "gold"\ncopies = 1', 'tier = "gold"\ncopies = 1\nvaule = 3',
     r"items.toml: item 'keel_plate': field 'vaule': unknown field"),
    ("items.toml", 'id = "dust_mask"\nname = "Dune Dust Mask"\ntier = "green"',
     'id = "dust_mask"\nname = "Dune Dust Mask"\ntier = "grene"', r"item 'dust_mask': field 'tier': unknown tier"),
    ("bounties.toml", '"ration_bricks", "dust_mask"]', '"ration_bricks", "cargo_crate"]',
     r"bounty 'herd_run': field 'needs': 'cargo_crate' is a container"),
    ("bounties.toml", "printed_value = 1000\n", "printed_value = 0\n",
     r"bounty 'herd_run': field 'printed_value': must be at least 1"),
])
def test_broken_content_names_file_card_and_field(tmp_path: Path, file: str, old: str, new: str,
                                                  message: str) -> None:
    """The loader refuses each kind of mistake with a message naming the file, the card and the field."""
    folder = _copy_content(tmp_path)
    _edit(folder / file, old, new)
    with pytest.raises(ContentError, match=message):
        load_content(folder)


def test_missing_content_file_is_named(tmp_path: Path) -> None:
    _copy_content(tmp_path)
    (tmp_path / "bounties.toml").unlink()
    with pytest.raises(ContentError, match=r"bounties\.toml: file not found"):
        load_content(tmp_path)
    assert load_content(_copy_content(tmp_path)).bounties  # the copy itself is valid


# ------------------------------------------------------------------------------------------------ set-up, betting
def test_starting_credits_items_and_minimum_bet() -> None:
    """RULINGS: 1000 credits per seat; minimum bet 10. RULINGS_NOTES: one 50-credit and one 350-credit item
    each (the Setup section); the first Hintaron is seat 0; the ante is the minimum bet, in credits."""
    state = table(4)
    assert state.options["stack"] == 1000 and state.min_bet == 10 and state.dealer == 0
    assert state.stacks == [990] * 4
    for held in state.items:
        assert sorted(CONTENT.value(c) for c in held) == [50, 350]
    assert len(state.draw) == len(CONTENT.deck()) - 8
    assert len(state.bounty_offer) == 3 and state.bounty_deck


def test_hintaron_passes_right_and_wager_starts_at_its_right() -> None:
    """RULINGS: the Hintaron passes to the right (this mode only); the wager starts at the Hintaron's right."""
    state = table(4)
    assert state.queue == [3, 2, 1, 0]
    advance(state, "wager", round_no=2)
    assert state.dealer == 3 and state.queue == [2, 1, 0, 3]
    advance(state, "wager", round_no=3)
    assert state.dealer == 2


def test_rerolls_go_from_the_hintarons_left() -> None:
    """RULINGS_NOTES: rerolls go from the Hintaron's left, as in core Hintaro."""
    state = table(4)
    advance(state, "reroll")
    assert state.queue == [1, 2, 3, 0]


def test_bet_cap_is_ten_minimum_bets_ante_included() -> None:
    """RULINGS: a seat's total bet in one round is capped at 10 × the minimum bet. RULINGS_NOTES: the cap
    counts the ante, so 90 may be bet on top of it."""
    state = table(2)
    assert state.cap == 100 and state.amount_range("raise") == (10, 90)
    rejects(state, Action("raise", amount=91), "at most 100")
    state.apply(Action("raise", amount=90))
    assert state.amount_range("raise") is None, "nothing left to raise under the cap"
    assert all(a.kind != "raise" for a in state.legal_actions())


def test_item_bet_counts_face_value_and_loses_the_excess_over_the_cap() -> None:
    """RULINGS: items may be bet at face value; an item that overshoots the cap loses the excess (no change)."""
    state = table(2)
    state.items[1] = ["nav_wafer"]  # worth 150
    assert Action("raise", amount=90, items=("nav_wafer",)) in state.legal_actions()
    events = state.apply(Action("raise", amount=90, items=("nav_wafer",)))
    bet = events[0].data
    assert (bet["amount"], bet["credited"], bet["lost"]) == (0, 90, 60)
    assert state.stacks[1] == 990 and state.items[1] == [] and state.pot_items == [["nav_wafer", 1]]
    state.apply(Action("call"))
    events = showdown_with(state, [["TK", "TK"], ["blank", "blank"]])
    won = [e for e in events if e.kind == "pot_won"]
    assert won[0].seat == 0 and won[0].data["amount"] == 110, "only credits are paid: 100 + 10"
    assert "nav_wafer" in state.items[0]


def test_item_bet_may_not_carry_items_it_does_not_need() -> None:
    """RULINGS_NOTES: a seat may not add an item that is not needed to reach the amount."""
    state = table(2)
    state.items[1] = ["nav_wafer", "ration_bricks"]
    rejects(state, Action("raise", amount=60, items=("nav_wafer", "ration_bricks")), "leave out")
    events = state.apply(Action("raise", amount=60, items=("ration_bricks",)))
    assert (events[0].data["amount"], events[0].data["credited"]) == (10, 50), "item first, credits for the rest"


def test_short_seat_calls_with_items() -> None:
    """Text: a seat that cannot call in credits must bet items to stay in; several items may cover it."""
    state = table(2)
    state.apply(Action("raise", amount=90))
    state.stacks[0] = 5
    state.items[0] = ["dust_mask", "lumen_stick"]  # 50 + 50
    legal = state.legal_actions()
    assert Action("call", items=("dust_mask", "lumen_stick")) in legal and Action("allin") in legal
    assert Action("call") not in legal
    events = state.apply(Action("call", items=("dust_mask", "lumen_stick")))
    assert (events[0].data["amount"], events[0].data["credited"]) == (0, 90)
    assert state.stacks[0] == 5


def test_allin_only_when_short_and_side_pots() -> None:
    """RULINGS (common): side pots. RULINGS_NOTES: all-in is for a seat that cannot cover the bet."""
    state = table(3)
    rejects(state, Action("allin"), "can call")
    state.stacks[2] = 20
    state.apply(Action("call"))           # seat 2 checks
    state.apply(Action("raise", amount=90))  # seat 1
    state.apply(Action("call"))           # seat 0, the Hintaron
    assert state.phase == "call" and state.current_seat == 2
    state.apply(Action("allin"))
    assert state.view(None)["pots"] == [{"credits": 90, "value": 90, "eligible": [0, 1, 2], "items": []},
                                        {"credits": 140, "value": 140, "eligible": [0, 1], "items": []}]
    events = showdown_with(state, [["KK", "KK"], ["blank", "blank"], ["TK", "TK"]])
    won = {(e.seat, e.data["pot"]): e.data["amount"] for e in events if e.kind == "pot_won"}
    assert won == {(2, 0): 90, (0, 1): 140}


def test_unmatched_raise_comes_back_credits_first() -> None:
    """RULINGS_NOTES: a raise nobody can match comes back down (credits first; item value above is lost)."""
    state = table(2)
    state.stacks[0] = 30
    state.apply(Action("raise", amount=90))
    events = state.apply(Action("allin"))
    back = next(e for e in events if e.kind == "bet_returned")
    assert back.seat == 1 and back.data["amount"] == 60 and state.stacks[1] == 960
    state = table(2)
    state.stacks[0] = 30
    state.items[1] = ["nav_wafer"]
    state.apply(Action("raise", amount=90, items=("nav_wafer",)))
    events = state.apply(Action("allin"))
    back = next(e for e in events if e.kind == "bet_returned")
    assert (back.data["amount"], back.data["item_value_lost"]) == (10, 50)
    assert state.contrib == [40, 0] and state.item_credit == [0, 40]


def test_items_go_to_the_sole_main_pot_winner_and_carry_on_a_split() -> None:
    """RULINGS_NOTES: an item goes to the sole winner of its pot; a split pot carries the card to the next
    round's main pot."""
    state = table(2)
    state.items[1] = ["nav_wafer"]
    state.apply(Action("raise", amount=90, items=("nav_wafer",)))
    state.apply(Action("call"))
    events = showdown_with(state, [["TK", "TK"], ["TK", "TK"]])
    assert "items_carried" in kinds(events) and state.pot_items == [["nav_wafer", 1]]
    assert [e.data["amount"] for e in events if e.kind == "pot_won"] == [55, 55]
    advance(state, "reroll", round_no=2)
    events = showdown_with(state, [["blank", "blank"], ["KK", "KK"]])
    assert [e.seat for e in events if e.kind == "items_won"] == [1] and "nav_wafer" in state.items[1]


def test_side_pots_items_are_paid_by_the_pot_layers_they_were_bet_into() -> None:
    """RULINGS (common): side pots. RULINGS_NOTES: items in side pots: the card goes to the winner of the highest
    layer its value reached; lower layers are paid their part of it in credits, from the card's layer."""
    state = table(3)
    state.stacks[2] = 20                      # seat 2 can put in 30 in all, ante included
    state.items[1] = ["nav_wafer"]            # a 150-credit item
    state.apply(Action("call"))               # seat 2 checks
    state.apply(Action("raise", amount=90, items=("nav_wafer",)))  # seat 1: 10 in credits (ante) + 90 of item
    state.apply(Action("call"))               # seat 0 calls with credits
    state.apply(Action("allin"))              # seat 2: all in for 30
    # main pot (0-30]: 30 + 30 in credits, seat 1's 10 credits and 20 of its item; side pot (30-100]: seat 0's 70
    # credits and 70 of the item. The card goes with the side pot, which pays the main pot the item's 20.
    assert state.view(None)["pots"] == [{"credits": 90, "value": 90, "eligible": [0, 1, 2], "items": []},
                                        {"credits": 50, "value": 140, "eligible": [0, 1], "items": ["nav_wafer"]}]
    stacks = list(state.stacks)
    events = showdown_with(state, [["TK", "K"], ["blank", "blank"], ["TK", "TK"]])
    won = {(e.seat, e.data["pot"]): e.data["amount"] for e in events if e.kind == "pot_won"}
    assert won == {(2, 0): 90}, "the all-in seat wins its main pot in credits, not the side pot's item"
    assert "nav_wafer" not in state.items[2] and state.stacks[2] == stacks[2] + 90
    assert state.carry == 50 and state.pot_items == [["nav_wafer", 1]], "no standing in the side pot: it carries"
    # the same table, the side pot won: its winner takes the card and 50 credits
    state = table(3)
    state.stacks[2] = 20
    state.items[1] = ["nav_wafer"]
    state.apply(Action("call"))
    state.apply(Action("raise", amount=90, items=("nav_wafer",)))
    state.apply(Action("call"))
    state.apply(Action("allin"))
    stacks = list(state.stacks)
    total = state.chip_total()
    events = showdown_with(state, [["KK", "KK"], ["blank", "blank"], ["TK", "TK"]])
    won = {(e.seat, e.data["pot"]): e.data["amount"] for e in events if e.kind == "pot_won"}
    assert won == {(2, 0): 90, (0, 1): 50}
    assert [(e.seat, e.data["items"], e.data["pot"]) for e in events if e.kind == "items_won"] == \
        [(0, ["nav_wafer"], 1)]
    assert state.stacks[0] == stacks[0] + 50 and "nav_wafer" in state.items[0]
    assert state.chip_total() == total and state.pot_items == []


def test_credit_pots_conserve_credits_whatever_the_layers() -> None:
    """RULINGS_NOTES: items in side pots: only credits move between layers, so every pot pays real credits
    and together they pay exactly the credits put in (and the carry)."""
    contrib, live = [10, 10, 110, 30], [True, True, True, False]
    stakes = [(0, 100), (1, 40), (-1, 0)]     # seat 0's item up to 110, seat 1's to 50, a free container
    pots = credit_pots(contrib, stakes, live, carry=7)
    values = build_pots([110, 50, 110, 30], live)
    assert [p.value for p in pots] == [p.amount for p in values]
    assert sum(p.credits for p in pots) == sum(contrib) + 7 and min(p.credits for p in pots) >= 0
    assert pots[0].items == (1, 2) and pots[-1].items == (0,)
    # (0, 50]: 4 seats (seat 3 folded at 30); seat 0's item holds 40 of it, seat 1's 40: seat 1's card stays
    # there; seat 0's card goes up to (50, 110], which pays the main pot its 40 out of seat 2's 60 credits
    assert [p.credits for p in pots] == [7 + 10 + 10 + 50 + 30 + 40, 60 - 40]
    # two cards whose layer holds no credits at all: the main pot is paid what the card's layer can (nothing),
    # never more than there is; no credit is made or lost
    pots = credit_pots([30, 10, 10], [(1, 140), (2, 140)], [True, True, True], carry=0)
    assert [(p.credits, p.value, p.items) for p in pots] == [(50, 90, ()), (0, 240, (0, 1))]


def test_nobody_standing_carries_the_pot_and_it_returns_at_the_end() -> None:
    """RULINGS (Hintaro): no standing carries the pot. RULINGS_NOTES: a pot carried at the end goes back to
    the seats that paid in; bet items go back to the seats that bet them."""
    state = table(2, rounds=1)
    state.items[1] = ["nav_wafer"]
    state.apply(Action("raise", amount=90, items=("nav_wafer",)))
    state.apply(Action("call"))
    events = showdown_with(state, [["blank", "blank"], ["blank", "blank"]])
    assert state.carry == 110
    events += advance(state)
    returned = next(e for e in events if e.kind == "carry_returned")
    assert returned.data["amounts"] == [55, 55]
    assert "nav_wafer" in state.items[1] and state.is_over


def test_splits_odd_chips_of_the_last_hand_go_to_the_first_winner_left_of_the_dealer() -> None:
    """RULINGS (common): splits: the odd chips stay in the pot for the next hand, or, where no hand follows, go
    to the first winner left of the dealer (not back to the seats that paid in, losers among them)."""
    def split_table(rounds: int) -> BetterHintaro:
        state = table(3, rounds=rounds)
        state.apply(Action("raise", amount=15))  # seat 2
        state.apply(Action("call"))              # seat 1
        state.apply(Action("call"))              # seat 0, the Hintaron
        showdown_with(state, [["TK", "TK"], ["blank", "blank"], ["TK", "TK"]])  # seats 0 and 2 split 75
        return state

    state = split_table(rounds=2)
    assert state.carry == 1, "a hand follows: the odd chip stays in the pot"
    advance(state, "wager", round_no=2)
    assert state.view(None)["pot"] == 31
    state = split_table(rounds=1)
    stacks = list(state.stacks)
    events = advance(state)
    returned = next(e for e in events if e.kind == "carry_returned")
    assert returned.data == {"amounts": [0, 0, 1], "odd_to": 2, "odd": 1}, "seat 2 is the first winner left of 0"
    assert state.stacks[1] == stacks[1] and state.stacks[2] == stacks[2] + 1


def test_seat_without_credits_sits_out_the_dice_but_does_business() -> None:
    """RULINGS_NOTES: a seat with no credits sits the dice out but still does business; the Hintaron
    passes to the next seat with credits."""
    state = table(3)
    advance(state, "business")
    state.stacks[2] = 0
    advance(state, "wager", round_no=2)
    assert state.in_hand == [True, True, False] and state.dealer == 1, "seat 2 is skipped as Hintaron"
    advance(state, "business", round_no=2)
    assert 2 in state.queue


def test_game_ends_when_fewer_than_two_seats_can_ante() -> None:
    """RULINGS_NOTES: the game also ends, with the victory conditions, when fewer than two seats can ante, before
    the Hintaron passes (the last hand's Hintaron settles what is left on the table)."""
    state = table(2)
    advance(state, "business")
    state.stacks[0] = 0
    events = advance(state)
    assert state.is_over and state.round_no == 1 and "session_over" in kinds(events)
    assert state.dealer == 0 and "hintaron_passed" not in kinds(events)


# ------------------------------------------------------------------------------------------------ the business stage
def test_shop_rows_cycle_newest_oldest_discard() -> None:
    """RULINGS: Shop rows. Oldest goes to the discard pile, Newest slides to Oldest, three new items arrive."""
    state = table(2)
    advance(state, "business")
    first = list(state.newest)
    assert len(first) == 3 and state.oldest == []
    advance(state, "business", round_no=2)
    assert state.oldest == first and len(state.newest) == 3
    second = list(state.newest)
    advance(state, "business", round_no=3)
    assert state.oldest == second and Counter(first) <= Counter(state.discard)


def test_business_is_one_turn_each_from_the_hintarons_right() -> None:
    """RULINGS_NOTES: one business turn per seat, from the Hintaron's right, ending with the Hintaron."""
    state = table(4)
    advance(state, "business")
    assert state.queue == [3, 2, 1, 0] and state.current_seat == 3
    state.apply(Action("pass"))
    assert state.current_seat == 2


def test_container_from_the_shop_goes_to_the_pot() -> None:
    """RULINGS_NOTES: a container drawn for the Shop goes into the pot and is replaced."""
    state = table(2)
    advance(state, "reroll")
    state.draw.append("cargo_crate")
    events = showdown_with(state, [["TK", "TK"], ["blank", "blank"]])
    update = next(e for e in events if e.kind == "shop_updated")
    assert update.data["containers_to_pot"] == ["cargo_crate"] and len(state.newest) == 3
    assert state.pot_items == [["cargo_crate", -1]]
    advance(state, "reroll", round_no=2)
    showdown_with(state, [["TK", "TK"], ["blank", "blank"]])
    assert "cargo_crate" in state.items[0]


def test_empty_draw_deck_is_refilled_from_the_discard_pile() -> None:
    """RULINGS_NOTES: when the draw deck runs out, the discard pile is shuffled into a new one."""
    state = table(2)
    advance(state, "reroll")
    state.discard, state.draw = [c for c in state.draw if c in CONTENT.items][:5], []
    showdown_with(state, [["TK", "TK"], ["blank", "blank"]])
    assert len(state.newest) == 3 and len(state.draw) == 2 and state.discard == []


def test_buy_one_item_a_round_in_credits_from_the_bank() -> None:
    """Text and RULINGS: buying is a bank operation (one item a round, credits only): the bank gains the price
    and the Newest row is refilled."""
    state = table(2)
    advance(state, "business")
    seat = state.current_seat
    card = state.newest[0]
    price = CONTENT.value(card)
    state.stacks[seat] = price + 5
    house = state.house
    events = state.apply(Action("buy", item=card, row="newest"))
    assert state.stacks[seat] == 5 and state.house == house + price
    assert events[0].data["bank"] == state.house and card in state.items[seat] and len(state.newest) == 3
    rejects(state, Action("buy", item=state.newest[0], row="newest"), "one purchase a round")
    state.apply(Action("pass"))
    other = state.current_seat
    state.stacks[other] = 0
    rejects(state, Action("buy", item=state.newest[0], row="newest"), "credits only")
    rejects(state, Action("buy", item="keel_plate", row="oldest"), "no 'keel_plate'")


def test_sell_to_the_bank_at_half_value() -> None:
    """RULINGS: selling at half value (the bank pays); the item goes back into the draw deck."""
    state = table(2)
    advance(state, "business")
    seat = state.current_seat
    state.items[seat] = ["star_chart"]
    stack, house, deck = state.stacks[seat], state.house, len(state.draw)
    events = state.apply(Action("sell", item="star_chart"))
    assert state.stacks[seat] == stack + 175 and state.house == house - 175 and events[0].data["bank"] == state.house
    assert len(state.draw) == deck + 1 and state.items[seat] == []


def test_containers_cannot_be_bet_or_sold_but_can_be_traded() -> None:
    """RULINGS_NOTES: containers have no value: never bet or sold to the bank, but tradable."""
    state = table(2)
    state.items[1] = ["cargo_crate"]
    assert not any(a.get("items") for a in state.legal_actions())
    rejects(state, Action("raise", amount=50, items=("cargo_crate",)), "only items with a value")
    advance(state, "business")
    seat = state.current_seat
    state.items[seat] = ["cargo_crate"]
    rejects(state, Action("sell", item="cargo_crate"), "bank buys only items")
    state.apply(offer(1 - seat, give=["cargo_crate"], get_credits=10))
    state.apply(Action("accept"))
    assert "cargo_crate" in state.items[1 - seat]


def test_bounty_limits_two_active_one_taken_a_round() -> None:
    """RULINGS: bounty limits: at most 2 active, 1 taken per round; a taken bounty is replaced at once."""
    state = table(2)
    advance(state, "business")
    seat = state.current_seat
    first = state.bounty_offer[0]
    state.apply(Action("take", bounty=first))
    assert state.active[seat] == [first] and len(state.bounty_offer) == 3
    rejects(state, Action("take", bounty=state.bounty_offer[0]), "one bounty a round")
    advance(state, "business", round_no=2)
    while state.current_seat != seat:
        state.apply(Action("pass"))
    state.apply(Action("take", bounty=state.bounty_offer[0]))
    advance(state, "business", round_no=3)
    while state.current_seat != seat:
        state.apply(Action("pass"))
    rejects(state, Action("take", bounty=state.bounty_offer[0]), "at most 2 active")


def test_bounty_turned_in_automatically_and_paid_by_the_bank() -> None:
    """RULINGS_NOTES: a bounty is turned in the moment its items are held, best paying first; items go back
    into the draw deck; RULINGS: Payment On Completion pays the list's figure (option on by default)."""
    state = table(2)
    advance(state, "reroll")
    # both bounties need the one cortex scanner: the better paying one (5000) goes first
    state.active[0] = ["vault_code", "grandmothers_formula"]
    vault, formula = CONTENT.bounties["vault_code"].needs, CONTENT.bounties["grandmothers_formula"].needs
    state.items[0] = sorted(set(vault) | set(formula))
    house, deck = state.house, len(state.draw)
    events = showdown_with(state, [["blank", "blank"], ["blank", "blank"]])
    done = [e for e in events if e.kind == "bounty_completed"]
    assert [e.data["bounty"] for e in done] == ["grandmothers_formula"]
    assert done[0].data["paid"] == 5000 and state.house == house - 5000
    assert state.active[0] == ["vault_code"] and state.completed[0] == ["grandmothers_formula"]
    assert len(state.draw) == deck - 3 + len(formula), "three went to the Shop, the needs came back"


def test_payment_on_completion_off_pays_the_printed_value() -> None:
    """RULINGS: Payment On Completion is an option (default on); off, a bounty pays its printed value."""
    state = table(2, payment_on_completion=False)
    advance(state, "business")
    seat = state.current_seat
    state.items[seat] = list(CONTENT.bounties["herd_run"].needs)
    state.bounty_offer[0] = "herd_run"
    events = state.apply(Action("take", bounty="herd_run"))
    assert [e.data["paid"] for e in events if e.kind == "bounty_completed"] == [1000]


def test_reward_item_bounty_pays_the_item_then_its_value() -> None:
    """RULINGS_NOTES: the reward-item bounty pays its set-aside item; once that is gone, its value in credits."""
    state = table(2)
    advance(state, "business")
    seat = state.current_seat
    needs = list(CONTENT.bounties["foundlings_bargain"].needs)
    state.items[seat] = list(needs)
    state.bounty_offer[0] = "foundlings_bargain"
    events = state.apply(Action("take", bounty="foundlings_bargain"))
    done = next(e for e in events if e.kind == "bounty_completed")
    assert done.data["reward_item"] == "clan_helm" and done.data["paid"] == 0 and "clan_helm" in state.items[seat]
    assert state.reserve == []
    trial = state.clone()
    trial.apply(Action("pass"))
    other = trial.current_seat
    trial.items[other] = list(needs)
    trial.bounty_offer[0] = "foundlings_bargain"
    events = trial.apply(Action("take", bounty="foundlings_bargain"))
    assert [e.data["paid"] for e in events if e.kind == "bounty_completed"] == [2500]


def test_auction_opening_ask_and_step_down_schedule() -> None:
    """RULINGS: auctions open at half value rounded to the nearest ten; the step-down schedule as written
    (RULINGS_NOTES: the opening ask; with the Auction floor off the ask steps down to 10, then ends)."""
    assert [opening_ask(v) for v in (50, 150, 350, 1000, 2500, 15000)] == [30, 80, 180, 500, 1250, 7500]
    assert [step_down(a) for a in (7500, 400, 390, 150, 140, 10)] == [7400, 300, 340, 100, 130, 0]
    assert [next_ask(a) for a in (7500, 400, 390, 150, 140, 20, 10)] == [7400, 300, 340, 100, 130, 10, None]


def test_auction_runs_as_written_and_the_winner_pays_the_bank() -> None:
    """RULINGS_NOTES: calling an auction commits the caller, who is asked first; a later bid beats the last by
    100; a full round of passes sells; the ask drops when nobody bids (Auction floor off); one auction per
    turn."""
    state = table(2, auction_floor=False)
    advance(state, "business")
    caller, other = state.current_seat, 1 - state.current_seat
    state.discard = ["star_chart"]
    state.apply(Action("auction", item="star_chart"))
    assert state.phase == "auction" and state.current_seat == caller
    assert {a.kind for a in state.legal_actions()} <= {"pass", "bid", "sell"}, "no way to call it off"
    rejects(state, Action("bid", amount=170), "the ask is 180")
    state.apply(Action("pass"))
    events = state.apply(Action("pass"))
    assert [e.data["ask"] for e in events if e.kind == "auction_ask"] == [130] and state.current_seat == caller
    state.apply(Action("pass"))
    state.apply(Action("bid", amount=130))  # the other seat
    assert state.current_seat == caller
    rejects(state, Action("bid", amount=200), "beat 130 by at least 100")
    rejects(state, Action("bid", amount=10**6), "backed by credits")
    house = state.house
    events = state.apply(Action("pass"))
    sold = next(e for e in events if e.kind == "auction_won")
    assert sold.seat == other and sold.data["price"] == 130 and state.house == house + 130
    assert "star_chart" in state.items[other] and state.discard == []
    assert state.phase == "business" and state.current_seat == caller
    state.discard = ["nav_wafer"]
    rejects(state, Action("auction", item="nav_wafer"), "one auction per business turn")


@pytest.mark.parametrize("floor", [False, True])
def test_auction_skips_seats_that_cannot_pay_and_may_go_unsold(floor: bool) -> None:
    """RULINGS_NOTES: seats that cannot pay the ask are not asked; an ask nobody can pay drops at once, and
    below 10 (the Auction floor off) or at the floor (on) the item stays discarded."""
    state = table(2, auction_floor=floor)
    advance(state, "business")
    state.discard = ["star_chart"]
    state.stacks = [0, 0]
    state.items = [[], []]
    events = state.apply(Action("auction", item="star_chart"))
    assert "auction_unsold" in kinds(events) and state.discard == ["star_chart"] and state.phase == "business"
    assert kinds(events) == ["auction_called", "auction_unsold", "turn"], (
        "nobody is asked at an ask nobody can pay, so no ask is announced")


# --------------------------------------------------------------------------------- the Auction floor option
def test_auction_floor_is_the_banks_buy_back_price_rounded_to_the_nearest_ten_halves_up() -> None:
    """RULINGS (Auction floor): the floor is half the item's value rounded to the nearest ten; RULINGS_NOTES: a
    half-way value rounds up (25 -> 30, 75 -> 80, 175 -> 180); it is never below what the bank pays."""
    cases = {50: 30, 150: 80, 350: 180, 130: 70, 110: 60, 90: 50, 10: 10, 100: 50, 120: 60, 1000: 500,
             2500: 1250, 15000: 7500}
    assert {v: auction_floor(v) for v in cases} == cases
    assert all(auction_floor(v) == opening_ask(v) for v in range(10, 20001, 10)), "the floor is the opening ask"
    for card, item in CONTENT.items.items():
        floor = auction_floor(item.value)
        assert item.value // 2 <= floor <= item.value // 2 + 5, card  # the bank pays half, rounded down
    state = table(2)
    assert state.options["auction_floor"] is True, "on by default"
    spec = next(o for o in BetterHintaro.OPTIONS if o.name == "auction_floor")
    assert spec.type is bool and "buy-back" in spec.doc and "off: the text's step-down" in spec.doc


def test_auction_floor_stops_the_step_down_at_the_floor() -> None:
    """RULINGS (Auction floor): the step-down stops at the floor: a drop that would pass it lands on it, and
    nobody bidding there ends the auction. Seen on the table with a raised ask (on the real table the ask opens
    at the floor), and for ``next_ask`` itself."""
    assert [next_ask(a, 180) for a in (400, 300, 250, 200, 180)] == [300, 250, 200, 180, None]
    assert [next_ask(a, 75) for a in (100, 90, 80, 75)] == [90, 80, 75, None]
    assert next_ask(180, 180) is None and next_ask(1250, 1250) is None

    def asks(floor: bool) -> tuple[list[int], list[str]]:
        state = table(2, auction_floor=floor)
        advance(state, "business")
        state.discard = ["star_chart"]  # worth 350: opening ask and floor 180
        state.apply(Action("auction", item="star_chart"))
        assert (state.auction or {}).get("floor") == (180 if floor else None)
        state.auction["ask"] = 400  # as if it had opened higher
        events: list = []
        while state.phase == "auction":
            events += state.apply(Action("pass"))
        return [e.data["ask"] for e in events if e.kind == "auction_ask"], kinds(events)

    on, on_kinds = asks(True)
    assert on == [300, 250, 200, 180] and on_kinds[-2:] == ["auction_unsold", "turn"]
    off, off_kinds = asks(False)
    assert off == [300, 250, 200, 150, *range(100, 0, -10)] and off_kinds[-2:] == ["auction_unsold", "turn"]


def test_auction_floor_the_ask_never_drops_and_a_bid_must_meet_the_floor() -> None:
    """RULINGS (Auction floor): with the option on the ask opens at the floor and stays there; a bid below it
    is refused, a bid at it buys the item. The auction's public state (``turn`` event, view) names the floor."""
    state = table(2)
    advance(state, "business")
    caller, other = state.current_seat, 1 - state.current_seat
    state.discard = ["star_chart"]
    events = state.apply(Action("auction", item="star_chart"))
    assert [e.data for e in events if e.kind == "auction_called"] == [{"item": "star_chart", "value": 350,
                                                                       "ask": 180}]
    turn = next(e for e in events if e.kind == "turn")
    assert turn.data["auction"]["floor"] == 180 and state.view(other)["auction"]["floor"] == 180
    rejects(state, Action("bid", amount=170), "the ask is 180")
    state.apply(Action("pass"))
    events = state.apply(Action("bid", amount=180))  # the other seat, at the floor
    assert "auction_ask" not in kinds(events) and state.current_seat == caller
    house = state.house
    events = state.apply(Action("pass"))
    won = next(e for e in events if e.kind == "auction_won")
    assert won.seat == other and won.data["price"] == 180 and state.house == house + 180
    assert "star_chart" in state.items[other] and state.discard == []


def test_auction_floor_an_item_nobody_takes_at_the_floor_stays_in_the_discard_pile() -> None:
    """RULINGS (Auction floor): an item nobody takes at the floor stays in the discard pile; RULINGS_NOTES: any
    seat may call it again in a later turn."""
    state = table(3)
    advance(state, "business")
    caller = state.current_seat
    state.discard = ["nav_wafer", "star_chart"]
    credits, house = list(state.stacks), state.house
    state.apply(Action("auction", item="star_chart"))
    events = []
    for _ in range(3):
        events += state.apply(Action("pass"))
    assert kinds(events) == ["auction_pass", "turn", "auction_pass", "turn", "auction_pass", "auction_unsold",
                             "turn"]
    assert state.discard == ["nav_wafer", "star_chart"] and state.phase == "business"
    assert state.current_seat == caller and state.auction is None and state.view(caller)["auction"] is None
    assert state.stacks == credits and state.house == house, "no credits move"
    rejects(state, Action("auction", item="star_chart"), "one auction per business turn")
    state.apply(Action("pass"))
    assert state.current_seat != caller
    state.apply(Action("auction", item="star_chart"))  # the next seat calls it again
    assert state.phase == "auction" and state.auction["ask"] == 180


def _auction_asks(options: dict) -> tuple[list[tuple[int, int, int | None]], int]:
    """Every drop of an auction's ask in seeded random-play sessions, as (item value, ask before, ask after),
    and how many auctions ended unsold."""
    drops: list[tuple[int, int, int | None]] = []
    unsold = 0
    for seats in (2, 3, 4, 6):
        for seed in range(4):
            state = create("better_hintaro", seats=seats, seed=seed, options={"rounds": 6, **options})
            rng = Rng(seed * 31 + seats)
            events = list(state.opening_events)
            value = ask = 0
            while True:
                for e in events:
                    if e.kind == "auction_called":
                        value, ask = e.data["value"], e.data["ask"]
                    elif e.kind == "auction_ask":
                        drops.append((value, ask, e.data["ask"]))
                        ask = e.data["ask"]
                    elif e.kind == "auction_unsold":
                        unsold += 1
                if state.current_seat is None:
                    break
                legal = state.legal_actions()
                events = state.apply(legal[rng.below(len(legal))])
    return drops, unsold


def test_auction_floor_off_plays_the_texts_schedule() -> None:
    """RULINGS (Auction floor): off, the text's schedule: every drop of the ask is the text's step-down, below
    the floor where it reaches that far; on, no ask ever drops below the floor (with today's values the floor is
    the opening ask, so none drops at all) and items go unsold instead."""
    def on_schedule(before: int, after: int | None) -> bool:
        """``after`` is a later step of the text's schedule from ``before`` (several steps at once where nobody
        at the table can pay the asks between: RULINGS_NOTES)."""
        ask = step_down(before)
        while after is not None and ask > after:
            ask = step_down(ask)
        return ask == after

    off, _ = _auction_asks({"auction_floor": False})
    assert len(off) > 50, "the sessions exercise the step-down"
    assert all(on_schedule(before, after) for _, before, after in off)
    assert any(after == step_down(before) for _, before, after in off)
    assert any(after < auction_floor(value) for value, _, after in off), "off, asks fall below the floor"
    on, unsold = _auction_asks({})
    assert all(after >= auction_floor(value) for value, _, after in on if after is not None)
    assert unsold > 0


def test_selling_during_an_auction_to_back_a_bid() -> None:
    """RULINGS_NOTES: a seat may sell while it is its turn to bid, to raise the credits for a bid."""
    state = table(2)
    advance(state, "business")
    seat = state.current_seat
    state.discard = ["nav_wafer"]
    state.stacks[seat] = 0
    state.items[seat] = ["star_chart"]
    state.apply(Action("auction", item="nav_wafer"))
    assert state.current_seat == seat and not [a for a in state.legal_actions() if a.kind == "bid"]
    state.apply(Action("sell", item="star_chart"))
    assert state.current_seat == seat and state.stacks[seat] == 175
    state.apply(Action("bid", amount=80))


def test_trade_offer_accept_and_decline() -> None:
    """RULINGS: trades between seats, binding once both accept: the offer hands the turn to the other seat."""
    state = table(2)
    advance(state, "business")
    a, b = state.current_seat, 1 - state.current_seat
    state.items[a], state.items[b] = ["star_chart"], ["nav_wafer"]
    stacks = list(state.stacks)
    state.apply(offer(b, give=["star_chart"], get=["nav_wafer"], get_credits=100))
    assert state.phase == "trade" and state.current_seat == b
    assert state.view(a)["offer"]["give"] == ["star_chart"], "offers are public"
    assert state.legal_actions() == [Action("decline"), Action("accept")]
    state.apply(Action("accept"))
    assert state.items[a] == ["nav_wafer"] and state.items[b] == ["star_chart"]
    assert state.stacks[a] == stacks[a] + 100 and state.stacks[b] == stacks[b] - 100
    assert state.phase == "business" and state.current_seat == a
    rejects(state, offer(b, give=["nav_wafer"], get_credits=5), "already made seat")


def test_trade_declined_changes_nothing_and_offer_limits() -> None:
    """RULINGS_NOTES: up to three offers per turn, one per seat; credits one way only; something each side."""
    state = table(5)
    advance(state, "business")
    a = state.current_seat
    others = [s for s in range(5) if s != a]
    before = (list(state.stacks), [list(h) for h in state.items])
    rejects(state, offer(a, give_credits=10, get=[state.items[others[0]][0]]), "another seat")
    rejects(state, offer(others[0], give=["keel_plate"], get_credits=10), "does not hold")
    rejects(state, offer(others[0], give_credits=10, get_credits=10), "one way only")
    rejects(state, offer(others[0], give_credits=10), "something on each side")
    for t in others[:3]:
        state.apply(offer(t, give_credits=10, get=[state.items[t][0]]))
        state.apply(Action("decline"))
    assert (list(state.stacks), [list(h) for h in state.items]) == before
    rejects(state, offer(others[3], give_credits=10, get=[state.items[others[3]][0]]), "at most 3")


# ------------------------------------------------------------------------------------------------ options
def test_rising_minimum_bet_follows_the_lap_table() -> None:
    """RULINGS (option): minimum bet rising every lap, the text's table (scaled to the starting bet)."""
    assert LAP_MIN_BETS == (10, 20, 50, 100, 200, 500, 1000, 2000, 5000)
    state = table(2, rising_min_bet=True, rounds=8)
    seen = {}
    for r in range(1, 7):
        advance(state, "wager", round_no=r)
        seen[r] = (state.lap, state.min_bet, state.cap)
    assert seen[1] == seen[2] == (1, 10, 100)
    assert seen[3] == seen[4] == (2, 20, 200) and seen[5] == (3, 50, 500)
    plain = table(2, rounds=8)
    advance(plain, "wager", round_no=5)
    assert plain.min_bet == 10
    half = table(2, rising_min_bet=True, min_bet=5, rounds=8)
    advance(half, "wager", round_no=3)
    assert half.min_bet == 10


def test_loans_option() -> None:
    """RULINGS (option): loans. RULINGS_NOTES: 500 from the bank, once a round, when short; the bank takes a
    random bounty; repaid at the end, the unpaid rest counting against credits."""
    state = table(2, loans=True, rounds=1)
    state.apply(Action("raise", amount=50))
    assert Action("loan") not in state.legal_actions()
    state.stacks[0] = 5
    state.active[0] = ["herd_run"]
    house = state.house
    events = state.apply(Action("loan"))
    assert state.stacks[0] == 505 and state.house == house - 500 and events[0].data["bank"] == state.house
    assert events[0].data["bounty_taken"] == "herd_run" and state.active[0] == []
    assert "herd_run" in state.bounty_deck + state.bounty_offer
    rejects(state, Action("loan"), "one loan per round")
    state.apply(Action("call"))
    advance(state, "reroll")
    showdown_with(state, [["TK", "TK"], ["blank", "blank"]])
    state.stacks[0] = 120
    events = advance(state)
    repaid = next(e for e in events if e.kind == "loan_repaid")
    assert repaid.data == {"amount": 120, "unpaid": 380, "bank": repaid.data["bank"]}
    assert state.result["standings"][0]["credits"] == -380
    rejects(table(2), Action("loan"), "cannot 'loan'|loans are off")


def test_loans_option_lets_the_loser_of_a_shootout_buy_back_in() -> None:
    """RULINGS (option): loans ("or have lost a shootout"). RULINGS_NOTES: loans after a lost shootout: the loser
    leaves, or buys back in on a 500 loan; its credits and items go to the bank and the discard pile, the bank
    takes one of its bounties."""
    def lost_duel(loans: bool) -> BetterHintaro:
        state = table(2, shootout=True, loans=loans)
        state.active[0] = ["herd_run"]
        state.apply(Action("raise", amount=40))
        state.apply(Action("call"))
        showdown_with(state, [["TK", "TK"], ["blank", "blank"]])
        state.apply(Action("challenge", target=0))
        state.apply(Action("pick", sign="rock"))
        state.apply(Action("pick", sign="scissors"))  # seat 1 wins: seat 0 lost the shootout
        return state

    state = lost_duel(loans=True)
    assert state.phase == "buyback" and state.current_seat == 0 and state.alive[0]
    assert state.legal_actions() == [Action("pass"), Action("loan")]
    from game.ai.better_hintaro import BetterHintaroAgent, advise
    from game.ai.levels import PLAIN

    view = state.view(0)
    assert BetterHintaroAgent("better_hintaro", "shark", PLAIN, 1).choose(view, state.legal_actions()) == \
        Action("loan"), "a seat out of the game cannot win: the AI buys back in"
    assert [e["action"] for e in advise(view, state.legal_actions()) if e["best"]] == [Action("loan")]
    stacks, house, cards = list(state.stacks), state.house, list(state.items[0])
    events = state.apply(Action("loan"))
    assert kinds(events)[:2] == ["bought_back", "loan_taken"]
    assert state.alive[0] and state.stacks[0] == 500 and state.items[0] == [] and state.loans[0] == 500
    assert state.house == house + stacks[0] - 500 and all(c in state.discard for c in cards)
    assert state.active[0] == [] and "herd_run" in state.bounty_deck + state.bounty_offer
    assert state.phase == "business"
    events = advance(state)
    assert state.result["standings"][0]["alive"] and any(e.kind == "loan_repaid" and e.seat == 0 for e in events)
    # declining the loan: out of the game, as without the option
    state = lost_duel(loans=True)
    events = state.apply(Action("pass"))
    assert "seat_out" in kinds(events) and not state.alive[0]
    # without the Loans option the loser is out at once
    state = lost_duel(loans=False)
    assert not state.alive[0] and state.phase == "business"


def test_high_stakes_showdown_option() -> None:
    """RULINGS (option): High Stakes Showdown: one more round, no business, every seat stakes an item."""
    state = table(2, high_stakes=True, rounds=1)
    events = advance(state, "stake")
    assert state.round_no == 2 and state.high_stakes
    assert [e.data["high_stakes"] for e in events if e.kind == "round_started"] == [True]
    assert all(a.kind == "stake" for a in state.legal_actions())
    rejects(state, Action("call"), "cannot 'call'")
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert len(state.pot_items) == 2 and state.phase == "wager"
    events = advance(state)
    assert state.is_over and "business_started" not in kinds(events)


def test_high_stakes_round_is_skipped_when_fewer_than_two_seats_can_ante() -> None:
    """RULINGS_NOTES: the game also ends when fewer than two seats have credits to ante, High Stakes option or
    not: no High Stakes round is announced, and the view (folded or not) never shows one."""
    from game.engine import event_kinds
    from tests.test_view_fold import _fold_step

    state = table(2, high_stakes=True, rounds=1)
    advance(state, "business")
    state.house += state.stacks[1]
    state.stacks[1] = 0
    catalogue = event_kinds("better_hintaro")
    while not state.is_over:
        _fold_step(state, calm(state), catalogue)
    assert state.round_no == 1 and not state.high_stakes and not state.view(0)["high_stakes"]


def test_shootout_option_challenge_secret_picks_and_loser_out() -> None:
    """RULINGS (option): Shootout. RULINGS_NOTES: a loser of the showdown may draw on a winner; picks are
    secret; a winning challenger takes what the target won; the loser is out and cannot win."""
    state = table(2, shootout=True)
    state.apply(Action("raise", amount=40))
    state.apply(Action("call"))
    showdown_with(state, [["TK", "TK"], ["blank", "blank"]])
    assert state.phase == "challenge" and state.current_seat == 1
    assert state.legal_actions() == [Action("pass"), Action("challenge", target=0)]
    state.apply(Action("challenge", target=0))
    events = state.apply(Action("pick", sign="rock"))
    assert events[0].visible_to(0) == {"kind": "sign_chosen", "seat": 1}
    assert events[0].visible_to(1)["sign"] == "rock"
    view = state.view(0)["shootout"]
    assert view["seats"] == [1, 0] and view["picked"] == [True, False] and view["my_pick"] is None
    assert state.view(1)["shootout"]["my_pick"] == "rock"
    other = state.determinize(0, Rng(5))
    assert other.view(0) == state.view(0)
    stacks, house = list(state.stacks), state.house
    events = state.apply(Action("pick", sign="scissors"))
    assert [e.data["signs"] for e in events if e.kind == "shootout_signs"] == [["rock", "scissors"]]
    won = next(e for e in events if e.kind == "shootout_won")
    assert won.seat == 1 and won.data["credits"] == 100
    assert not state.alive[0] and state.stacks[0] == 0
    assert state.stacks[1] == stacks[1] + 100 and state.house == house + stacks[0] - 100
    advance(state)
    assert state.result["winner"] == 1 and not state.result["standings"][0]["alive"]


def test_discard_items_into_the_pot_option() -> None:
    """RULINGS (option): discard items into the pot: one random item of the cleared Oldest row."""
    state = table(2, discard_to_pot=True)
    events = advance(state, "business", round_no=3)  # the Oldest row first holds cards in round 3
    update = [e for e in events if e.kind == "shop_updated"][-1]
    assert update.data["to_pot"] is not None and len(update.data["discarded"]) == 2
    assert [update.data["to_pot"], -1] in state.pot_items


# ------------------------------------------------------------------------------------------------ the end
def _at_the_end(**fields) -> BetterHintaro:
    """A 2-seat table in its last business stage, with the given per-seat fields, then finished."""
    state = table(2, rounds=1)
    advance(state, "business")
    state.carry, state.pot_items, state.pot_credit, state.active = 0, [], [], [[], []]
    base = {"completed": [["herd_run"], ["vault_code"]], "completed_value": [[3000], [3000]],
            "stacks": [500, 500], "items": [["star_chart"], ["star_chart"]]}
    base.update(fields)
    for name, value in base.items():
        setattr(state, name, value)
    advance(state, "tiebreak")
    return state


@pytest.mark.parametrize(("name", "fields"), [
    ("bounties", {"completed": [["herd_run"], ["vault_code", "old_unit"]], "completed_value": [[9000], [3000, 1]],
                  "stacks": [9000, 10]}),
    ("best_bounty", {"completed_value": [[3000], [5000]], "stacks": [900, 500]}),
    ("credits", {"stacks": [500, 600], "items": [["keel_plate"], ["star_chart"]]}),
    ("best_item", {"items": [["star_chart", "ration_bricks"], ["cortex_scanner"]]}),
    ("items", {"items": [["star_chart"], ["star_chart", "ration_bricks"]]}),
])
def test_victory_and_tie_breaker_chain(name: str, fields: dict) -> None:
    """RULINGS: victory conditions with the tie-breaker chain as written (most completed bounties, highest
    single bounty, most credits, most expensive item, most items): each one decides when all before tie."""
    state = _at_the_end(**fields)
    assert state.result["winner"] == 1 and state.result["decided_by"] == name


def test_final_tie_is_a_secret_rock_paper_scissors_shootout() -> None:
    """RULINGS: the final tie-breaker, the shootout, is rock-paper-scissors; picks stay secret until all pick."""
    state = _at_the_end()
    assert state.phase == "tiebreak" and not state.is_over
    first = state.current_seat
    second = 1 - first
    state.apply(Action("pick", sign="paper"))
    assert state.view(second)["shootout"] == {"kind": "tiebreak", "seats": [first, second],
                                              "picked": [True, False], "draws": 0, "my_pick": None}
    state.apply(Action("pick", sign="paper"))
    assert state.view(first)["shootout"]["draws"] == 1 and state.current_seat == first
    state.apply(Action("pick", sign="rock"))
    events = state.apply(Action("pick", sign="paper"))
    assert state.is_over and state.result["winner"] == second and state.result["decided_by"] == "shootout"
    assert kinds(events)[-3:] == ["victory", "session_over", "turn"]


def test_shootout_with_many_seats_and_the_draw_limit() -> None:
    """RULINGS_NOTES: with two signs shown the winning sign goes through; 20 drawn exchanges go to lot."""
    assert survivors([0, 1, 2], ["rock", "scissors", "rock"]) == [0, 2]
    assert survivors([0, 1, 2], ["rock", "paper", "scissors"]) == [0, 1, 2]
    assert survivors([0, 1], ["rock", "rock"]) == [0, 1]
    state = _at_the_end()
    for _ in range(2 * DRAW_LIMIT):
        if state.is_over:
            break
        state.apply(Action("pick", sign="rock"))
    assert state.is_over and state.result["decided_by"] == "shootout (by lot)"


def test_containers_open_at_the_end_and_complete_bounties() -> None:
    """RULINGS_NOTES: at the end containers are opened (size items each from shop, deck and discard), then
    completed bounties are turned in."""
    state = table(2, rounds=1)
    advance(state, "business")
    state.items[0] = ["smugglers_hold"]
    state.active[1] = ["herd_run"]
    state.items[1] = list(CONTENT.bounties["herd_run"].needs)
    events = advance(state)
    opened = [e for e in events if e.kind == "container_opened"]
    assert len(opened) == 1 and opened[0].seat == 0 and len(opened[0].data["items"]) == 2
    assert sorted(state.items[0]) == sorted(opened[0].data["items"]) and "smugglers_hold" in state.discard
    assert state.completed[1] == ["herd_run"] and state.result["winner"] == 1


# ------------------------------------------------------------------------------------------------ the contract
@pytest.mark.parametrize("action", [
    Action("reroll", die=0), Action("pick", sign="rock"), Action("bid", amount=10), Action("raise", amount=5),
    Action("raise", amount=20, items="star_chart"), Action("call", amount=10), Action("drop", why="bored"),
])
def test_illegal_betting_actions_are_refused_and_change_nothing(action: Action) -> None:
    state = table(3)
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state == before


@pytest.mark.parametrize("action", [
    Action("buy", item="keel_plate"), Action("take", bounty="nope"), Action("sell", item="keel_plate"),
    Action("auction", item="star_chart"), Action("offer", to=1, give=("keel_plate",), get_credits=5),
    Action("offer", to="1", give_credits=5), Action("loan"), Action("keep"), Action("stake", item="star_chart"),
    Action("pass", now=True), Action("accept"),
])
def test_illegal_business_actions_are_refused_and_change_nothing(action: Action) -> None:
    state = table(3)
    advance(state, "business")
    state.discard = []
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state == before


def test_views_hide_deck_order_and_determinize_reshuffles_it() -> None:
    """Items and bounties held are public; the decks' order is hidden and ``determinize`` re-deals it."""
    state = table(3)
    advance(state, "business")
    view = state.view(2)
    assert "draw" not in view and view["draw_count"] == len(state.draw)
    assert view["items"] == [[c for c in h if c in CONTENT.items] for h in state.items]
    others = [state.determinize(2, Rng(k)) for k in range(4)]
    assert all(o.view(2) == view for o in others)
    assert any(o.draw != state.draw for o in others) and all(Counter(o.draw) == Counter(state.draw) for o in others)


def _playout(seats: int, seed: int, options: dict) -> Counter:
    state = create("better_hintaro", seats=seats, seed=seed, options=options)
    assert isinstance(state, BetterHintaro)
    total = state.chip_total()
    cards = cards_in_play(state)
    rng = Rng(seed * 31 + seats)
    seen: Counter = Counter()
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal
        action = legal[rng.below(len(legal))]
        house = state.house
        events = state.apply(action)
        seen.update(kinds(events))
        assert state.chip_total() == total, "credits were made or lost"
        assert min(state.stacks) >= 0
        if state.house != house:
            banked = [e.data["bank"] for e in events if "bank" in e.data]
            assert banked and banked[-1] == state.house, "every bank operation is an event"
        if steps % 7 == 0:
            assert cards_in_play(state) == cards, "item cards were made or lost"
        steps += 1
        assert steps < 20000
    assert cards_in_play(state) == cards
    assert state.result is not None and "session_over" in seen
    return seen


@pytest.mark.parametrize("seats", [2, 4, 8])
def test_random_sessions_conserve_credits_and_cards(seats: int) -> None:
    """Whole sessions of random play, with and without every option (the Auction floor both ways): the books
    balance at every step."""
    seen: Counter = Counter()
    for seed in range(3):
        seen += _playout(seats, seed, {"rounds": 6})
    with_options: Counter = Counter()
    for seed in range(3):
        for floor in (True, False):
            with_options += _playout(seats, seed + 50, {"rounds": 6, **ALL_OPTIONS, "auction_floor": floor})
    for kind in ("item_bought", "item_sold", "auction_won", "trade_accepted", "bounty_taken", "container_opened"):
        assert seen[kind] + with_options[kind], f"random play never did {kind}"
    for kind in ("stake", "challenge"):
        assert with_options[kind], f"random play with every option never did {kind}"
    assert with_options["seat_out"] + with_options["bought_back"], "no shootout was ever lost"


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_views_fold_with_every_option(seats: int) -> None:
    """The engine contract's fold (``tests/test_view_fold.py``) with every option on: stakes, loans, buy-backs,
    shootouts and discarded items are folded into each seat's view exactly as the engine shows it."""
    from game.engine import event_kinds
    from tests.test_view_fold import _fold_step

    catalogue = event_kinds("better_hintaro")
    seen: Counter = Counter()
    for seed in range(2):
        state = create("better_hintaro", seats=seats, seed=seed + 70, options={"rounds": 5, **ALL_OPTIONS})
        rng = Rng(seed + seats)
        while not state.is_over:
            legal = state.legal_actions()
            before = len(state.actions)
            _fold_step(state, legal[rng.below(len(legal))], catalogue)
            assert len(state.actions) == before + 1
            seen[state.phase] += 1
    assert seen["business"] and seen["wager"]


def test_the_folded_view_pays_the_pots_out_as_the_showdown_goes() -> None:
    """The view folded event by event (what a table shows as the showdown plays out): each pot won leaves the
    pot shown for the winner's stack, chips never counted twice; the round's end settles it exactly."""
    from game.engine import reduce_view

    state = table(3)
    state.stacks[2] = 20
    state.apply(Action("call"))
    state.apply(Action("raise", amount=90))
    state.apply(Action("call"))
    state.apply(Action("allin"))
    state.dice = [["KK", "KK"], ["blank", "blank"], ["TK", "TK"]]
    state.rng = ScriptedRng([BLANK], seed=99)
    while state.phase == "reroll" and state.current_seat != state.queue[-1]:
        state.apply(Action("keep"))
    view = state.view(None)
    for e in state.apply(Action("keep")):
        view = reduce_view(view, e.visible_to(None))
        assert view["pot"] + sum(view["stacks"]) + view["bank"] == state.chip_total(), e.kind
        if e.kind == "pot_won" and e.data["pot"] == 0:
            assert view["pots"][0]["credits"] == 0 and view["pot"] == 140
    assert view == state.view(None)


def test_same_rules_core_as_hintaro() -> None:
    """RULINGS: core Hintaro plus the economy: the same dice faces and standings as core Hintaro."""
    assert BetterHintaro.RANK_NAMES == CoreHintaro.RANK_NAMES
    state = table(2)
    assert all(face in ("KK", "K", "TK", "T", "blank") for d in state.dice for face in d)


#: each RULINGS_NOTES entry (by its opening words) -> the tests that cover it
NOTE_TESTS: dict[str, tuple[str, ...]] = {
    "The ante is the minimum bet": ("test_starting_credits_items_and_minimum_bet",
                                    "test_seat_without_credits_sits_out_the_dice_but_does_business"),
    "The cap (10": ("test_bet_cap_is_ten_minimum_bets_ante_included",),
    "An item bet counts": ("test_item_bet_counts_face_value_and_loses_the_excess_over_the_cap",
                           "test_item_bet_may_not_carry_items_it_does_not_need"),
    "Items in side pots": ("test_side_pots_items_are_paid_by_the_pot_layers_they_were_bet_into",
                           "test_credit_pots_conserve_credits_whatever_the_layers"),
    "If the pot an item goes with": ("test_items_go_to_the_sole_main_pot_winner_and_carry_on_a_split",),
    "All-in is for a seat": ("test_allin_only_when_short_and_side_pots",),
    "A raise nobody can fully match": ("test_unmatched_raise_comes_back_credits_first",),
    "Rerolls go from": ("test_rerolls_go_from_the_hintarons_left",),
    "The first Hintaron is seat 0": ("test_starting_credits_items_and_minimum_bet",
                                     "test_seat_without_credits_sits_out_the_dice_but_does_business"),
    "The game also ends": ("test_game_ends_when_fewer_than_two_seats_can_ante",
                           "test_high_stakes_round_is_skipped_when_fewer_than_two_seats_can_ante"),
    "A pot still carried": ("test_nobody_standing_carries_the_pot_and_it_returns_at_the_end",
                            "test_splits_odd_chips_of_the_last_hand_go_to_the_first_winner_left_of_the_dealer"),
    "Bounty cards carry our own titles": ("test_one_bounty_card_per_payment_list_entry_with_its_payout",),
    "Each seat is dealt": ("test_starting_credits_items_and_minimum_bet",),
    "The business stage is one turn": ("test_business_is_one_turn_each_from_the_hintarons_right",),
    "A container drawn for the Shop": ("test_container_from_the_shop_goes_to_the_pot",),
    "When the draw deck runs out": ("test_empty_draw_deck_is_refilled_from_the_discard_pile",),
    "A bounty is turned in automatically": ("test_bounty_turned_in_automatically_and_paid_by_the_bank",
                                            "test_containers_open_at_the_end_and_complete_bounties"),
    "Bounty payments come from the bank": ("test_reward_item_bounty_pays_the_item_then_its_value",
                                           "test_bounty_turned_in_automatically_and_paid_by_the_bank"),
    "Selling pays half": ("test_sell_to_the_bank_at_half_value", "test_selling_during_an_auction_to_back_a_bid"),
    "Containers have no value": ("test_containers_cannot_be_bet_or_sold_but_can_be_traded",),
    "Calling an auction commits": ("test_auction_runs_as_written_and_the_winner_pays_the_bank",),
    "The opening ask": ("test_auction_opening_ask_and_step_down_schedule",
                        "test_auction_runs_as_written_and_the_winner_pays_the_bank",
                        "test_auction_floor_off_plays_the_texts_schedule"),
    "Auction floor (option": ("test_auction_floor_is_the_banks_buy_back_price_rounded_to_the_nearest_ten_halves_up",
                              "test_auction_floor_stops_the_step_down_at_the_floor",
                              "test_auction_floor_the_ask_never_drops_and_a_bid_must_meet_the_floor",
                              "test_auction_floor_an_item_nobody_takes_at_the_floor_stays_in_the_discard_pile"),
    "Seats that cannot pay the ask": ("test_auction_skips_seats_that_cannot_pay_and_may_go_unsold",),
    "A seat may call at most one auction": ("test_auction_runs_as_written_and_the_winner_pays_the_bank",),
    "A trade offer names": ("test_trade_offer_accept_and_decline",
                            "test_trade_declined_changes_nothing_and_offer_limits"),
    "Rising minimum bet": ("test_rising_minimum_bet_follows_the_lap_table",),
    "Loans:": ("test_loans_option",),
    "Loans after a lost shootout": ("test_loans_option_lets_the_loser_of_a_shootout_buy_back_in",),
    "High Stakes Showdown": ("test_high_stakes_showdown_option",),
    "Shootout:": ("test_shootout_option_challenge_secret_picks_and_loser_out",),
    "Discard items into the pot": ("test_discard_items_into_the_pot_option",),
    "At the end, every container": ("test_containers_open_at_the_end_and_complete_bounties",),
    "Tie-breakers:": ("test_victory_and_tie_breaker_chain", "test_final_tie_is_a_secret_rock_paper_scissors_shootout",
                      "test_shootout_with_many_seats_and_the_draw_limit"),
    "A seat out of the game": ("test_shootout_option_challenge_secret_picks_and_loser_out",),
}


def test_every_rulings_note_is_covered_by_a_test() -> None:
    """Each RULINGS_NOTES entry has tests, and each of those tests says in its docstring which rule it covers."""
    notes = BetterHintaro.RULINGS_NOTES
    for note in notes:
        keys = [k for k in NOTE_TESTS if note.startswith(k)]
        assert len(keys) == 1, f"no entry in NOTE_TESTS for the note {note[:50]!r}"
        for name in NOTE_TESTS[keys[0]]:
            test = globals()[name]
            assert "RULINGS" in (test.__doc__ or ""), f"{name} does not say which rule it covers"
    assert len(NOTE_TESTS) == len(notes), "NOTE_TESTS names a note that no longer exists"


# ------------------------------------------------------------------------------------------------ the report
def test_economy_report_answers_the_playtest_questions() -> None:
    from game.measure.economy import economy_report, format_report

    report = economy_report(games=3, seats=2, seed=1, agents=["random"], options={"rounds": 3})
    main = report["main"]
    assert main["games"] == 3 and set(main) >= {"bounties", "stall", "wealth_by_round", "payoff", "market_per_game"}
    assert main["wealth_by_round"][0]["round"] == 1
    assert "heuristic" in report and report["notes"], "random play completes nothing: the heuristic steps in"
    text = format_report(report)
    for heading in ("Bounties completed per game", "Stalls", "Credits and item value over time",
                    "Does completing bounties pay?", "broker"):
        assert heading in text
    with pytest.raises(ValueError, match="agent"):
        economy_report(games=1, seats=2, seed=1, agents=["nobody"], options={})


def test_auction_floor_a_table_save_from_before_the_option_replays_with_the_steps_down():
    """RULINGS "Auction floor": a save made before the option existed names no ``auction_floor``; it replays as
    the rule was then (the text's step-down), exactly."""
    from game.engine import restore
    from game.engine.core import Rng

    state = create("better_hintaro", seats=3, seed=21, options={"auction_floor": False, "rounds": 3})
    rng = Rng(4)
    while not state.is_over and len(state.actions) < 400:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    old = json.loads(state.to_json())
    del old["options"]["auction_floor"]
    back = restore(json.dumps(old))
    assert back.options["auction_floor"] is False and back.view(None) == state.view(None)
