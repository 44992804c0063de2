"""Drive the Better Hintaro table with posted clicks and keys: a dice round, the business stage (buying, taking
a bounty, passing), a trade offered and accepted between two people at one screen, an auction won with a bid,
an item bet, a High Stakes stake, a secret shootout and the victory screen. Each test checks that the engine
acted, that the log says so in words, and that the panels show what the engine's view holds."""

from __future__ import annotations

import json
import random

import pygame
import pytest
from conftest import click, frames, press, until

from game.engine import create
from game.engine.core import Action
from game.ui import draw
from game.ui.input import KEY_ACTIONS, Input
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.menu import TableMenu
from game.ui.session import SeatSpec, TableSession, ai_seat
from game.ui.tables.better_hintaro import BetterHintaroTable, card_art, market, trade_builder, victory


@pytest.fixture
def drawn(monkeypatch):
    """Every string drawn through the text renderer, in order (cleared by the tests as they go)."""
    seen: list[str] = []
    monkeypatch.setattr(draw, "TEXT_HOOK", seen.append)
    return seen


def button(table, label_start: str):
    for b in table.buttons:
        if b.label.startswith(label_start):
            return b
    raise AssertionError(f"no button {label_start!r} among {[b.label for b in table.buttons]}")


def hits(table, kind: str):
    return [h for h in table.hits() if h.kind == kind]


def log(table) -> str:
    return "\n".join(table.log_lines())


def settle_curtains(app, table) -> bool:
    """Dismiss any hot-seat curtain with a click; True once a person at the table may act (or it is over)."""
    if isinstance(app.stack.top, CurtainScene):
        click(app, (640, 360))
        return False
    return table.my_turn() or table.state.is_over


def play_until(app, table, goal, limit: int = 60) -> None:
    """Play the people's turns with the plainest keys (check/call, keep, end business turn) until ``goal()``."""
    for _ in range(limit):
        assert until(app, lambda: goal() or settle_curtains(app, table)), "the table got stuck"
        if goal():
            return
        phase = table.shown["phase"]
        before = len(table.state.actions)
        if phase in ("wager", "call"):
            press(app, pygame.K_c)
        elif phase == "reroll":
            press(app, pygame.K_k)
        elif phase == "business":
            press(app, pygame.K_e)
        elif phase == "stake":
            press(app, pygame.K_1)
            press(app, pygame.K_s)
        elif phase in ("trade", "challenge", "auction", "duel", "tiebreak"):
            press(app, {"trade": pygame.K_d, "challenge": pygame.K_h, "auction": pygame.K_p}.get(phase, pygame.K_r))
        else:
            raise AssertionError(f"no plain move for phase {phase!r}")
        assert len(table.state.actions) == before + 1, f"the key in phase {phase} reached the engine"
    raise AssertionError("goal not reached")


def redraw(app, table) -> None:
    """Draw the whole screen afresh, cached panel and card pictures included (so TEXT_HOOK sees every word)."""
    table._panels.clear()
    table.art.clear()
    app._shown_sig = None
    frames(app, 1)


def business_turn(table) -> bool:
    return table.my_turn() and table.shown["phase"] == "business"


# ------------------------------------------------------------------------------------------------ business
def test_dice_round_then_buy_take_and_pass_by_clicks_and_keys(app, drawn) -> None:
    seats = [SeatSpec("Tamsin", pronoun="her"), ai_seat(1, "passive"), ai_seat(2, "passive")]
    session = TableSession.new("better_hintaro", seats, seed=7, options={"rounds": 3})
    table = app.open_table(session)
    assert isinstance(table, BetterHintaroTable) and table.eyes == 0
    state = session.state
    # the dice round looks like Hintaro's, with the variant's rules printed on the felt
    assert until(app, table.my_turn)
    assert table.mode == "table" and table.shown["phase"] == "wager"
    assert any("CAP 100 A SEAT" in t and "PASSES RIGHT" in t for t in drawn)
    play_until(app, table, lambda: business_turn(table))
    assert "the role passes right" in log(table) and "The Shop turns over" in log(table)

    # the business stage: the market board shows exactly the engine's shop and bounties
    assert table.mode == "board"
    view = state.view(0)
    shop_hits = hits(table, "shop")
    assert len(shop_hits) == len(view["shop"]["newest"]) + len(view["shop"]["oldest"])
    assert len(hits(table, "bounty")) == len(view["bounty_offer"]) == 3
    drawn.clear()
    redraw(app, table)
    for card in view["shop"]["newest"]:
        assert any(table.art.name(card).split()[0] in t for t in drawn), f"{card} is on screen"
    for bid in view["bounty_offer"]:
        assert any(state.content.bounties[bid].name[:12] in t for t in drawn)
    assert not button(table, "Buy").enabled, "nothing picked yet: Buy waits for a Shop card"

    # buy the first card Tamsin can afford: click it, then B
    legal = {(a.get("row"), a.get("item")) for a in state.legal_actions() if a.kind == "buy"}
    target = next(h for h in shop_hits if (h.key[0], view["shop"][h.key[0]][h.key[1]]) in legal)
    row, i = target.key
    card = view["shop"][row][i]
    click(app, target.rect.center)
    assert table.sel == ("shop", row, card) and button(table, "Buy").enabled
    stack = state.stacks[0]
    press(app, pygame.K_b)
    assert state.actions[-1] == Action("buy", item=card, row=row)
    assert state.stacks[0] == stack - state.content.value(card)
    assert until(app, lambda: business_turn(table))
    assert f"Tamsin buys the {table.art.name(card)} for {state.content.value(card):,}" in log(table)
    assert card in table._holdings(0), "the bought card is in Tamsin's row"
    assert not button(table, "Buy").enabled, "one purchase a round"

    # take a bounty: click its card, then T
    bounty_hit = hits(table, "bounty")[1]
    bounty = state.view(0)["bounty_offer"][1]
    click(app, bounty_hit.rect.center)
    press(app, pygame.K_t)
    assert state.actions[-1] == Action("take", bounty=bounty)
    assert until(app, lambda: business_turn(table))
    assert f"Tamsin takes on {state.content.bounties[bounty].name}" in log(table)
    pills = [h for h in hits(table, "pill") if h.key[0] == 0]
    assert [h.key[1] for h in pills] == [bounty], "her open bounty is shown in her row"
    # the bounties on offer are ticked for the seat whose turn it is
    needs = table.art.bounty_needs(state.view(0)["bounty_offer"][0], table._holdings(0))
    assert len(needs) == len(state.content.bounties[state.view(0)["bounty_offer"][0]].needs)

    # end the turn with E: the next round's dice follow (the passive seats only pass)
    rnd = state.round_no
    press(app, pygame.K_e)
    assert state.actions[-1] == Action("pass")
    assert until(app, lambda: state.round_no > rnd and table.settled())
    assert "Tamsin ends her business turn." in log(table)
    assert table.mode == "table"


def test_trade_offer_and_acceptance_between_two_people(app, drawn) -> None:
    seats = [SeatSpec("Ann", pronoun="her"), SeatSpec("Ben", pronoun="his"), ai_seat(2, "passive")]
    session = TableSession.new("better_hintaro", seats, seed=3, options={"rounds": 2})
    table = app.open_table(session)
    state = session.state
    play_until(app, table, lambda: business_turn(table) and table.eyes == 1)
    # Ben builds an offer: R (Trade) opens the builder; 1 picks Ann; ↓ and Space pick his first item, a click one of
    # hers; + adds 10 credits; Enter sends it
    press(app, pygame.K_r)
    assert table.draft is not None and not button(table, "Send offer").enabled
    press(app, pygame.K_1)
    assert table.draft.to == 0
    lay = table._builder_layout()
    ben_card = table._holdings(1)[0]
    ann_card = table._holdings(0)[1]
    press(app, pygame.K_DOWN)
    press(app, pygame.K_SPACE)
    assert table.draft.give == {0}
    click(app, lay.get[1][1].center)
    press(app, pygame.K_PLUS)  # Ben adds 10 credits
    assert button(table, "Send offer").enabled
    press(app, pygame.K_RETURN)
    assert state.actions[-1] == Action("offer", to=0, give=(ben_card,), give_credits=10, get=(ann_card,),
                                       get_credits=0)
    # the device passes to Ann behind a curtain; then she sees the offer and accepts with A
    assert until(app, lambda: isinstance(app.stack.top, CurtainScene))
    assert app.stack.top.name == "Ann"
    drawn.clear()
    click(app, (640, 360))
    assert table.eyes == 0
    assert until(app, table.my_turn)
    redraw(app, table)
    assert "A TRADE OFFER FOR YOU" in drawn and "Ben offers you:" in drawn
    assert button(table, "Accept").enabled and button(table, "Decline").enabled
    ann_credits = state.stacks[0]
    press(app, pygame.K_a)
    assert state.actions[-1] == Action("accept")
    view = state.view(None)
    assert ben_card in view["items"][0] + view["containers"][0]
    assert ann_card in view["items"][1] + view["containers"][1]
    assert state.stacks[0] == ann_credits + 10
    # and back to Ben, behind the curtain again
    assert until(app, lambda: isinstance(app.stack.top, CurtainScene))
    assert app.stack.top.name == "Ben"
    click(app, (640, 360))
    assert table.eyes == 1
    text = log(table)
    assert "Ben offers Ann a trade" in text and "Ann accepts Ben's offer: the trade is done." in text


def test_auction_with_a_bid(app, drawn) -> None:
    seats = [SeatSpec("Tamsin", pronoun="her"), ai_seat(1, "passive"), ai_seat(2, "passive")]
    session = TableSession.new("better_hintaro", seats, seed=11, options={"rounds": 5})
    table = app.open_table(session)
    state = session.state
    play_until(app, table, lambda: business_turn(table) and bool(table.shown["discard"]))
    pile = hits(table, "discard")
    card = table.shown["discard"][pile[0].key[0]]
    click(app, pile[0].rect.center)
    press(app, pygame.K_a)
    assert state.actions[-1] == Action("auction", item=card)
    # the caller is asked first: the panel shows the ask, the bar a Bid button whose slider starts at the ask
    assert until(app, table.my_turn)
    assert table.shown["phase"] == "auction" and table.mode == "board"
    ask = table.shown["auction"]["ask"]
    drawn.clear()
    redraw(app, table)
    assert "AUCTION" in drawn and f"Asking {ask:,}" in drawn
    assert table.slider is not None and table.slider.value == ask
    stack = state.stacks[0]
    press(app, pygame.K_b)
    assert state.actions[-1] == Action("bid", amount=ask)
    assert until(app, lambda: business_turn(table))
    assert state.stacks[0] == stack - ask
    assert card in table._holdings(0)
    assert f"Tamsin wins the {table.art.name(card)} for {ask:,}, paid to the bank." in log(table)


class Raiser:
    """A stand-in agent that raises once when it can, then calls; passes everything else."""

    def choose(self, view, legal):
        raises = [a for a in legal if a.kind == "raise" and not a.get("items")]
        if raises and view.get("current_bet", 0) == 0:
            return min(raises, key=lambda a: a.amount)
        for kind in ("call", "keep", "pass", "decline"):
            for a in legal:
                if a.kind == kind and not a.get("items"):
                    return a
        return legal[0]


def test_an_item_pays_a_call_at_face_value(app) -> None:
    seats = [SeatSpec("Tamsin", pronoun="her"), ai_seat(1, "passive"), ai_seat(2, "passive")]
    session = TableSession.new("better_hintaro", seats, seed=5, options={"rounds": 3})
    session.agents[2] = Raiser()  # seat 2 acts before Tamsin and raises, so she has something to call
    table = app.open_table(session)
    state = session.state
    assert until(app, table.my_turn)
    view = state.view(0)
    assert view["to_call"] > 0
    cheapest = min(range(len(view["items"][0])), key=lambda i: state.content.value(view["items"][0][i]))
    card = view["items"][0][cheapest]
    tray = hits(table, "tray")
    assert len(tray) == len(view["items"][0]) + len(view["containers"][0])
    click(app, tray[cheapest].rect.center)
    assert table.bet_pick == [cheapest]
    call = button(table, "Call")
    assert call.enabled and "(items)" in call.label and "counts" in call.tooltip
    press(app, pygame.K_c)
    assert state.actions[-1] == Action("call", items=(card,))
    assert until(app, table.settled)
    assert f"Tamsin calls with the {table.art.name(card)}" in log(table)
    assert card in state.view(0)["pot_items"] or card in table.shown.get("pot_items", [])


def test_high_stakes_stake_is_picked_from_the_tray(app) -> None:
    seats = [SeatSpec("Tamsin", pronoun="her"), ai_seat(1, "passive")]
    session = TableSession.new("better_hintaro", seats, seed=2, options={"rounds": 1, "high_stakes": True})
    table = app.open_table(session)
    state = session.state
    play_until(app, table, lambda: table.my_turn() and table.shown["phase"] == "stake")
    assert table.round_info() == "High Stakes round"
    assert not button(table, "Stake").enabled, "nothing picked: nothing to stake"
    card = state.view(0)["items"][0][1]
    press(app, pygame.K_2)
    assert button(table, "Stake").enabled
    press(app, pygame.K_s)
    assert state.actions[-1] == Action("stake", item=card)


# ------------------------------------------------------------------------------------------------ shootout
def _tiebreak_seed() -> int:
    """A seed whose 2-seat, 1-round game ends level on every count when both seats check, keep and pass."""
    for seed in range(200):
        s = create("better_hintaro", seats=2, seed=seed, options={"rounds": 1})
        while not s.is_over and s.phase != "tiebreak":
            legal = s.legal_actions()
            s.apply(next(a for a in legal if a.kind in ("call", "keep", "pass") and not a.get("items")))
        if s.phase == "tiebreak":
            return seed
    raise AssertionError("no seed ends in a tie-break")


def test_shootout_picks_stay_hidden_until_both_have_picked(app, drawn) -> None:
    seats = [SeatSpec("Ann", pronoun="her"), SeatSpec("Ben", pronoun="his")]
    session = TableSession.new("better_hintaro", seats, seed=_tiebreak_seed(), options={"rounds": 1})
    table = app.open_table(session)
    state = session.state
    play_until(app, table, lambda: table.my_turn() and table.shown["phase"] == "tiebreak")
    first = table.eyes
    second = 1 - first
    press(app, pygame.K_r)  # rock, in secret
    assert state.actions[-1] == Action("pick", sign="rock")
    assert until(app, lambda: isinstance(app.stack.top, CurtainScene))
    drawn.clear()
    click(app, (640, 360))
    assert table.eyes == second
    assert until(app, table.my_turn)
    redraw(app, table)
    assert f"{table.names[first]} has picked a sign." in table.log_lines()
    leaks = [t for t in drawn if t == "ROCK" or "pick rock" in t or "shows rock" in t]
    assert not leaks, f"the first pick stays hidden, but {leaks} was drawn"
    assert "picked" in drawn
    press(app, pygame.K_s)  # scissors: rock wins
    assert until(app, lambda: table.shootout_signs is not None)
    frames(app, 2)
    redraw(app, table)
    assert "ROCK" in drawn and "SCISSORS" in drawn, "both signs show once both have picked"
    assert f"{table.names[first]} shows rock, {table.names[second]} shows scissors." in log(table) or \
        f"{table.names[second]} shows scissors, {table.names[first]} shows rock." in log(table)
    # the victory screen names the winner and marks the step of the chain that decided it
    assert until(app, lambda: isinstance(app.stack.top, victory.VictoryScene))
    drawn.clear()
    frames(app, 1)
    assert f"{table.names[first].upper()} WINS" in drawn
    assert "6. a shootout" in drawn
    assert state.view(None)["result"]["winner"] == first


def test_victory_sentence_walks_the_tiebreak_chain() -> None:
    names = ["Vexa", "Grell"]
    row = {"alive": True, "bounties": 2, "best_bounty": 5000, "best_item": 350, "items": 3}
    result = {"winner": 0, "decided_by": "credits",
              "standings": [dict(row, seat=0, credits=1450), dict(row, seat=1, credits=1200)]}
    text = victory.victory_sentence(result, names)
    assert text == ("Level on completed bounties and the biggest single bounty; Vexa wins on credits (less unpaid "
                    "loans): 1,450 against 1,200.")
    result["decided_by"] = "bounties"
    assert victory.victory_sentence(result, names) == "Vexa wins with the most completed bounties (2)."


# ------------------------------------------------------------------------------------------------ the picture
def test_the_picture_is_the_engines_fold_of_the_events(app) -> None:
    """The table draws what ``reduce_view`` folds from each event as its beat starts (no hand patches of the
    view): when a story ends, what it shows is already exactly the engine's view, so nothing jumps as the table
    settles, through the dice, the business stage, auctions, trades and loans."""
    for mod in (victory, market, trade_builder, card_art):
        assert not hasattr(mod, "patch_view"), mod.__name__
    seats = [SeatSpec("Tamsin", pronoun="her")] + [ai_seat(i, "random") for i in range(1, 4)]
    session = TableSession.new("better_hintaro", seats, seed=4, options={"rounds": 3, "loans": True})
    table = app.open_table(session)
    reports: list[str] = []
    app.report = reports.append
    stories: list[list[str]] = []
    original = table.sync

    def sync() -> None:
        want = json.dumps(table.state.view(table.eyes), sort_keys=True)
        got = json.dumps(table.shown, sort_keys=True)
        stories.append([] if got == want else [table.state.phase])
        original()
    table.sync = sync
    play_until(app, table, lambda: table.state.is_over, limit=200)
    assert not [r for r in reports if "fold" in r], reports
    assert len(stories) > 20 and not [s for s in stories if s], "the folded picture differs from the view"


def test_incremental_frames_match_a_full_redraw_on_the_board(app) -> None:
    seats = [SeatSpec("Tamsin", pronoun="her")] + [ai_seat(i, "random") for i in range(1, 5)]
    session = TableSession.new("better_hintaro", seats, seed=4, options={"rounds": 3})
    table = app.open_table(session)
    play_until(app, table, lambda: business_turn(table))
    targets = [h.rect.center for h in table.hits()][:6] + [b.rect.center for b in table.buttons][:3]
    for checkpoint, pos in enumerate(targets):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        if checkpoint % 3 == 1:
            click(app, pos)
        frames(app, 2)
        shown = app.screen.copy()
        full = pygame.Surface(app.screen.get_size())
        table.draw(full)
        table.painter.forget()
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(full, "RGB"), checkpoint


def test_market_peek_during_the_dice_round(app) -> None:
    seats = [SeatSpec("Tamsin", pronoun="her"), ai_seat(1, "passive")]
    session = TableSession.new("better_hintaro", seats, seed=8)
    table = app.open_table(session)
    assert until(app, table.my_turn)
    assert table.mode == "table"
    press(app, pygame.K_m)
    assert table.mode == "board" and table.peek
    assert hits(table, "bounty"), "the bounties on offer can be read between dice"
    press(app, pygame.K_m)
    assert table.mode == "table"
    press(app, pygame.K_c)  # and the dice round goes on
    assert session.state.actions[-1] == Action("call")


def test_monkey_in_the_business_stage(app) -> None:
    """Random clicks and keys (the business verbs, the builder, arrows, digits) from the first business turn
    on: nothing may crash, every move that reaches the engine is legal, and the books balance."""
    seats = [SeatSpec("Ann"), SeatSpec("Ben"), ai_seat(2, "random"), ai_seat(3, "random")]
    session = TableSession.new("better_hintaro", seats, seed=21, options={"rounds": 4, "loans": True,
                                                                         "shootout": True, "high_stakes": True})
    table = app.open_table(session)
    state = session.state
    play_until(app, table, lambda: business_turn(table))
    chips = state.chip_total()
    rng = random.Random(5)
    keys = [pygame.K_b, pygame.K_t, pygame.K_s, pygame.K_a, pygame.K_o, pygame.K_l, pygame.K_e, pygame.K_p,
            pygame.K_d, pygame.K_c, pygame.K_r, pygame.K_k, pygame.K_h, pygame.K_m, pygame.K_1, pygame.K_2,
            pygame.K_3, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_PLUS, pygame.K_MINUS,
            pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_PAGEUP]
    w, h = app.window_size
    for i in range(900):
        if isinstance(app.stack.top, TableMenu):
            app.pop()
        if rng.random() < 0.5:
            hs = table.hits() if table is app.stack.top else []
            pos = rng.choice(hs).rect.center if hs and rng.random() < 0.6 else (rng.randrange(w), rng.randrange(h))
            app.dispatch(Input("move", pos=pos))
            app.dispatch(Input("down", pos=pos, button=1))
            app.dispatch(Input("up", pos=pos, button=1))
        else:
            k = rng.choice(keys)
            app.dispatch(Input("key", key=k, action=KEY_ACTIONS.get(k, ""), char=""))
        if i % 3 == 0:
            frames(app, 1, dt=1 / 20)
    assert state.chip_total() == chips
    assert len(state.actions) > 20


def test_a_shootout_loser_buys_back_in_from_the_bar(app) -> None:
    """Loans after a lost shootout (RULINGS_NOTES): the loser's bar offers buying back in on a loan, or leaving."""
    from tests.helpers import ScriptedRng
    from tests.test_better_hintaro import BLANK

    state = create("better_hintaro", seats=2, seed=3, options={"rounds": 5, "shootout": True, "loans": True})
    state.apply(Action("raise", amount=40))
    state.apply(Action("call"))
    state.dice = [["TK", "TK"], ["blank", "blank"]]
    state.rng = ScriptedRng([BLANK], seed=99)
    while state.phase == "reroll":
        state.apply(Action("keep"))
    state.apply(Action("challenge", target=0))
    state.apply(Action("pick", sign="rock"))
    state.apply(Action("pick", sign="scissors"))
    assert state.phase == "buyback" and state.current_seat == 0
    session = TableSession(state, [SeatSpec("Tamsin", pronoun="her"), ai_seat(1, "random")], seed=3)
    table = app.open_table(session)
    assert until(app, lambda: settle_curtains(app, table) and table.my_turn())
    assert button(table, "Buy back in").enabled and button(table, "Leave the game").enabled
    press(app, pygame.K_l)
    assert state.alive[0] and state.loans[0] == 500
    assert until(app, lambda: "buys back in on a loan" in log(table))


def test_refusals_are_worded_from_their_codes(app) -> None:
    """A refused move is worded from the engine's refusal code and params (card and seat names), never from
    its English sentence; codes without words of their own say what the game lists for them."""
    from game.engine.core import refuse

    seats = [SeatSpec("Tamsin", pronoun="her"), ai_seat(1, "passive")]
    table = app.open_table(TableSession.new("better_hintaro", seats, seed=7, options={"rounds": 3}))
    other = table.names[1]
    assert table.refusal(refuse("not_held", "ENGLISH", seat=0, items=["nav_wafer"])) == \
        "You do not hold the Navigation Wafer."
    assert table.refusal(refuse("short_of_credits", "ENGLISH", seat=1, need=350, stack=20)) == \
        f"That needs 350 credits; {other} holds 20."
    assert table.refusal(refuse("already_bought", "ENGLISH")) == "One purchase from the Shop a round."
    assert table.refusal(refuse("not_your_turn", "ENGLISH", seat=0, current_seat=1)) == f"It is {other}'s turn."
    # a real refusal from the engine, as the bar's tooltips get it
    state = table.state
    why = state.check(Action("raise", amount=10**6))
    assert why is not None and "ENGLISH" not in table.refusal(why) and table.refusal(why) != str(why)


def test_the_log_words_new_events_from_their_fields(app) -> None:
    """The log words the last split's odd chips, a buy-back and side-pot items from the events' fields; the
    bookkeeping events (whose turn, the Hintaron passing) stay out of it."""
    seats = [SeatSpec("Tamsin", pronoun="her"), ai_seat(1, "passive"), ai_seat(2, "passive")]
    table = app.open_table(TableSession.new("better_hintaro", seats, seed=7, options={"rounds": 3}))
    names = table.names
    odd = table.describe({"kind": "carry_returned", "seat": None, "amounts": [0, 0, 1], "odd_to": 2, "odd": 1})
    assert odd == (f"No hand follows: the 1 odd chip of the last split goes to {names[2]}, first winner left of "
                   "the dealer.")
    back = table.describe({"kind": "bought_back", "seat": 1, "credits": 120, "items": ["nav_wafer"], "bank": 0})
    assert back == f"{names[1]} buys back in on a loan: 120 credits go to the bank, 1 item(s) to the discard pile."
    won = table.describe({"kind": "items_won", "seat": 1, "items": ["nav_wafer"], "pot": 1})
    assert won == f"{names[1]} also takes the Navigation Wafer from side pot 1."
    assert table.describe({"kind": "turn", "seat": None}) is None


def test_the_market_board_is_painted_once_as_the_table_opens_and_the_dice_table_stays(app) -> None:
    """The market's panels and cards are made on the first update after the first frame (offscreen), so the
    session's memory is level from its first seconds; the player still sees the dice table, untouched."""
    session = TableSession.new("better_hintaro", [SeatSpec("Tamsin"), ai_seat(1, "passive")], seed=7)
    table = app.open_table(session)
    assert not any(k.startswith("market.") for k in table._panels)
    frames(app, 3)
    assert table.mode == "table" and not table.peek
    assert {"market.shop", "market.bounties", "market.discard", "market.pot"} <= set(table._panels)
    assert table.art._cache.nbytes > 0  # the item and bounty cards were drawn with them
    frames(app, 30)
    assert table.mode == "table" and table.shown["phase"] not in ("business", "auction", "trade")


def test_the_victory_screen_ignores_an_enter_still_held_from_the_table(app, monkeypatch) -> None:
    """Like the other games' results: the Enter that closed the last hand, still held down, repeats; it must not
    press "Play again" on the victory screen. A fresh press does."""

    class Held:
        def __init__(self, down: set[int]) -> None:
            self.down = down

        def __getitem__(self, key: int) -> bool:
            return key in self.down

    held = {pygame.K_RETURN}
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: Held(held))
    session = TableSession.new("better_hintaro", [SeatSpec("Ann"), SeatSpec("Ben")], seed=3, options={"rounds": 1})
    table = app.open_table(session)
    frames(app, 2)
    scene = app.push(victory.VictoryScene(app, table))
    for _ in range(3):
        press(app, pygame.K_RETURN)
    assert app.stack.top is scene, "a held Enter played again"
    again: list[bool] = []
    scene.col.buttons[0].on_click = lambda: again.append(True)  # (no second table: it would outlive the test)
    held.clear()
    frames(app, 2)
    press(app, pygame.K_RETURN)
    assert again == [True]
