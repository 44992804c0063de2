"""The campaign's progression: doors, tables, buy-ins and cash-outs, reputation, loans, the journal, hand
histories, and books that balance at every step."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from game.ai import make_agent
from game.campaign.levels import load_all_levels
from game.campaign.progress import STARTING_CREDITS, Campaign, CampaignDataError, CampaignError
from game.campaign.regulars import RegularError, load_roster, parse_roster
from game.engine import GAMES, restore
from game.engine.core import ROUNDS, STACK, Action, Event, IllegalAction, OptionSpec, State


def fresh(seed: int = 3, **kw: Any) -> Campaign:
    return Campaign.new(seed=seed, **kw)


def play_sitting(c: Campaign, agent_name: str = "regular", check_books: bool = False) -> None:
    """Play the current sitting to its end, the player's seat driven by an agent."""
    s = c.session
    me = make_agent(agent_name, s.game_id, 99)
    while not s.is_over:
        if s.human_turn:
            c.act(me.choose(s.view(), s.legal_actions()))
        else:
            c.step_ai()
        if check_books:
            assert c.audit() == []


def play_one_hand(c: Campaign) -> list[Event]:
    s = c.session
    me = make_agent("passive", s.game_id, 1)
    events: list[Event] = []
    while not any(e.kind == "round_over" for e in events):
        events += c.act(me.choose(s.view(), s.legal_actions())) if s.human_turn else c.step_ai().events
    return events


# ------------------------------------------------------------------------------------------------ basics
def test_a_new_campaign_starts_in_the_lost_hand_with_balanced_books():
    c = fresh()
    assert c.bankroll == STARTING_CREDITS and c.reputation == 0 and c.debt == 0
    assert c.level.id == "lost_hand" and c.unlocked == ["lost_hand"]
    assert [(x.id, x.unlocked, x.current) for x in c.cantinas()] == [
        ("lost_hand", True, True), ("golden_orbit", False, False), ("back_room", False, False),
        ("high_table", False, False)]
    assert c.audit() == []
    assert c.ledger.entries[0].kind == "open"
    assert sum(c.ledger.balances().values()) == 0


def test_locked_door_says_what_it_takes():
    c = fresh()
    info = c.door_status("to_golden_orbit")
    assert not info.open and not info.visited
    assert any("reputation of 3" in u for u in info.unmet)
    with pytest.raises(CampaignError, match="reputation of 3"):
        c.use_door("to_golden_orbit")
    with pytest.raises(CampaignError, match="not open to you yet"):
        c.travel("golden_orbit")
    with pytest.raises(CampaignError, match="no door"):
        c.use_door("the_back_door")


def test_sitting_down_moves_the_buy_in_and_starts_the_engine_session():
    c = fresh()
    info = c.table_info("long_table")
    assert info.can_sit and info.game_title == "Hintaro"
    assert [r.id for r in info.regulars] == ["old_kesh", "pim_tarvo", "vossa_rell"]
    s = c.sit("long_table")
    assert c.bankroll == STARTING_CREDITS - 200
    assert c.ledger.balance("table") == 800 == s.state.chip_total()
    assert s.state.game_id == "hintaro" and s.state.n == 4 and s.state.options["stack"] == 200
    assert set(s.agents) == {1, 2, 3}
    assert set(c.met) == {"old_kesh", "pim_tarvo", "vossa_rell"}
    assert s.greeting() is not None
    assert c.audit() == []
    with pytest.raises(CampaignError, match="already sitting"):
        c.sit("street_corner")
    with pytest.raises(CampaignError, match="get up"):
        c.borrow(10)


def test_not_enough_credits_to_sit():
    c = fresh(starting_credits=100)
    info = c.table_info("long_table")
    assert not info.can_sit and any("buy-in is 200" in r for r in info.reasons)
    with pytest.raises(CampaignError, match="buy-in is 200"):
        c.sit("long_table")
    assert c.is_broke  # 100 < the cheapest buy-in (150)


def test_a_whole_sitting_keeps_the_books_at_every_step_and_leaves_a_replayable_history():
    c = fresh(seed=8)
    c.sit("long_table")
    play_sitting(c, check_books=True)
    s = c.session
    final = list(s.state.stacks)
    result = c.leave()
    assert result.completed and result.cash_out == final[0]
    assert c.bankroll == STARTING_CREDITS - 200 + final[0]
    assert c.ledger.balance("table") == 0
    assert c.audit() == [] and sum(c.ledger.balances().values()) == 0
    for seat, rid in enumerate(result.record.seats[1:], start=1):
        assert c.regular_bankrolls[rid] == load_roster().regulars[rid].bankroll - 200 + final[seat]
    stats = c.stats["hintaro"]
    assert stats.sessions == 1 and stats.hands == result.record.hands > 0 and stats.net == result.net
    # the record replays the sitting exactly, from the seed and the actions
    steps = list(result.record.replay())
    assert steps[-1].state.stacks == final and steps[-1].state.is_over
    hand = list(result.record.replay(hand=1))
    assert hand[0].action is None and hand[0].events[0].kind == "round_started"
    assert any(e.kind == "round_over" for e in hand[-1].events)
    assert len(hand) - 1 == result.record.hand_ends[1] - result.record.hand_ends[0]


def test_getting_up_between_hands_takes_back_the_next_ante():
    c = fresh(seed=4)
    s = c.sit("long_table")
    # sitting down deals the player in at once (the dice are on the table): the ante is in
    assert not s.between_hands and s.forfeit == s.settled[0] - s.state.stacks[0] > 0
    events = play_one_hand(c)
    settled = next(e for e in events if e.kind == "round_over").data["stacks"]
    assert s.between_hands and s.forfeit == 0
    assert s.state.stacks[0] <= settled[0]  # the next hand's ante is already on the table...
    again = Campaign.from_dict(json.loads(json.dumps(c.to_dict())))
    assert again.session is not None and again.session.between_hands  # (and a save keeps the choice open)
    result = c.leave()
    assert result.cash_out == settled[0] and not result.completed  # ...and it comes back
    assert result.beaten == ()  # a hit and run beats nobody
    assert c.audit() == []


def test_getting_up_mid_hand_forfeits_the_pot():
    c = fresh(seed=4)
    s = c.sit("long_table")
    c.run_ai()
    c.act(s.legal_actions()[0])
    if s.between_hands:  # the action happened to end the hand: play into the next one
        c.run_ai()
        c.act(s.legal_actions()[0])
    assert not s.between_hands
    with pytest.raises(CampaignError, match="hand is in progress"):
        c.leave()
    stack = s.state.stacks[0]
    forfeit = s.forfeit
    result = c.leave(forfeit=True)
    assert result.cash_out == stack and result.forfeited == forfeit
    assert c.audit() == []
    assert c.ledger.entries[-1].kind == "cash_out" and c.ledger.entries[-1].postings.get("house", 0) >= 0


def test_kinzo_house_wins_and_losses_go_through_the_house_account(monkeypatch):
    import game.ai

    monkeypatch.setattr(game.ai, "make_agent", lambda name, gid, seed=None: game.ai.PassiveAgent(gid, seed))
    c = fresh(seed=21, starting_credits=5000)
    c.unlocked.append("golden_orbit")  # (as if the door had been opened)
    c.travel("golden_orbit")
    c.sit("kinzo_table")
    for _ in range(3):
        events = play_one_hand(c)
        assert c.audit() == []
    house = next(e for e in events if e.kind == "round_over").data["house"]
    assert house != 0  # this seed's dealer has paid out more than it took
    c.leave()
    assert c.ledger.balance("house") == house  # what the dealer took (or paid: negative) is on the books
    assert c.audit() == []


# ------------------------------------------------------------------------------------------------ money
def test_loans_interest_cap_and_repayment():
    c = fresh()
    terms = c.loan_terms()
    assert terms.debt == 0 and terms.interest_percent == 25 and terms.max_borrow == 1600
    owed = c.borrow(101)
    assert owed == 101 + 26  # 25 % of 101, rounded up: the shark never rounds in your favour
    assert c.bankroll == STARTING_CREDITS + 101 and c.debt == 127
    with pytest.raises(CampaignError, match="at most"):
        c.borrow(c.loan_terms().max_borrow + 1)
    c.borrow(c.loan_terms().max_borrow)
    assert c.debt <= 2000 and c.loan_terms().max_borrow < 2
    with pytest.raises(CampaignError, match="you owe"):
        c.repay(c.debt + 1)
    c.repay(100)
    c.repay(c.debt)
    assert c.debt == 0 and c.audit() == []
    assert [e.kind for e in c.ledger.entries[1:]] == ["loan", "loan", "repay", "repay"]


def test_a_broke_player_who_cannot_borrow_gets_a_favour_for_reputation():
    roster = load_roster()
    tight = dataclasses.replace(roster, lender=dataclasses.replace(roster.lender, max_debt=100))
    c = Campaign.new(seed=1, starting_credits=0, roster=tight)
    assert c.is_broke
    c.borrow(c.loan_terms().max_borrow)  # 80, owing 100: still not enough for a 150 buy-in
    terms = c.loan_terms()
    assert terms.max_borrow == 0 and terms.favour_available
    c.reputation = 1  # (as if earned; the ledger must agree, so post it the way a win would)
    c.ledger.post("reputation", {}, rep=1, note="test")
    c.ask_favour()
    assert c.bankroll == 80 + roster.lender.favour_credits and c.reputation == 0  # never below zero
    assert not c.is_broke and c.audit() == []
    with pytest.raises(CampaignError, match="truly broke"):
        c.ask_favour()


# ------------------------------------------------------------------------------------- resume mid-hand
def test_a_campaign_resumes_mid_hand_exactly():
    c = fresh(seed=12)
    s = c.sit("long_table")
    c.run_ai()
    c.act(s.legal_actions()[0])
    c.run_ai()
    text = json.dumps(c.to_dict())
    a = Campaign.from_dict(json.loads(text))
    b = Campaign.from_dict(json.loads(text))
    assert a.session.state == s.state and a.session.view() == s.view()
    assert a.session.legal_actions() == s.legal_actions()
    assert a.session.hand_ends == s.hand_ends and a.session.settled == s.settled
    assert a.to_dict() == c.to_dict() and a.audit() == []
    # the same save always plays on the same way (agents are re-seeded from the save)
    for camp in (a, b):
        play_sitting(camp, "novice")
    assert a.session.state == b.session.state
    assert a.leave().cash_out == b.leave().cash_out


def test_from_dict_names_what_cannot_be_replayed():
    c = fresh()
    c.borrow(10)
    data = c.to_dict()
    assert set(data) == {"name", "seed", "secret", "starting_credits", "log"}, "a save holds facts, no derived number"
    for mutate, expected in [
        (lambda d: d.update(starting_credits=5000), "starting_credits: must be at most 1000"),
        (lambda d: d["log"].append({"repay": 500}), "you owe 13 credits, not 500"),
        (lambda d: d["log"].append({"borrow": 10**9}), "will lend at most"),
        (lambda d: d["log"].append({"travel": "high_table"}), "not open to you yet"),
        (lambda d: d["log"].append({"door": "to_golden_orbit"}), "stays shut"),
        (lambda d: d["log"].append({"cheat": 1}), "not a choice this game knows"),
        (lambda d: d["log"].append({"leave": "over"}), "'leave' without sitting"),
        (lambda d: d["log"].append({"sit": "long_table", "actions": [{"kind": "fold_everyone"}]}),
         r"log\[1\]\.actions\[0\]: cannot be replayed"),
        (lambda d: d.pop("seed"), "campaign.seed: is missing"),
        (lambda d: d.update(seed="lots"), "campaign.seed: must be a whole number"),
    ]:
        broken = json.loads(json.dumps(data))
        mutate(broken)
        with pytest.raises(CampaignDataError, match=expected):
            Campaign.from_dict(broken)


def test_numbers_edited_into_a_save_change_nothing():
    """Bankroll, reputation, wins and cantinas are recomputed from the choices: written into the data they are
    not read (and not written back)."""
    c = fresh()
    c.borrow(10)
    data = c.to_dict()
    data.update(bankroll=10**9, reputation=99, won=True, unlocked=["lost_hand", "golden_orbit", "high_table"],
                ledger=[], beaten={"pim_tarvo": 5})
    again = Campaign.from_dict(data)
    assert again.bankroll == c.bankroll and again.reputation == 0 and not again.won
    assert again.unlocked == ["lost_hand"] and again.beaten == {} and again.audit() == []
    assert again.to_dict() == c.to_dict()


# ----------------------------------------------------------------------------------------- the journal
def test_journal_goals_regulars_and_stats():
    c = fresh(seed=8)
    j = c.journal()
    goal = next(g for g in j.goals if g.id == "open:golden_orbit")
    assert not goal.done and any("reputation of 3" in n for n in goal.needs)
    assert any(g.id == "champion" and not g.done for g in j.goals)
    assert not any(r.met for r in j.regulars)
    c.sit("street_corner")
    play_sitting(c)
    c.leave()
    j = c.journal()
    zib = next(r for r in j.regulars if r.id == "zib")
    assert zib.met and zib.cantina == "The Lost Hand" and zib.game == "Street Hintaro"
    assert [s.game for s in j.stats] == ["street_hintaro"] and j.stats[0].stats.hands > 0
    assert j.notes[-1].startswith("Sitting 1 at Street Hintaro by the pads")


def test_banter_is_deterministic_and_in_character():
    c = fresh(seed=2)
    s = c.sit("long_table")
    lines = []
    while not lines:
        lines = s.banter(play_one_hand(c))
    roster = load_roster()
    for b in lines:
        assert b.line in roster.regulars[b.regular].lines[b.situation]
        assert s.regular_at(b.seat).id == b.regular


# ------------------------------------------------------------------------------- the road to the champion
class Rigged(State):
    """A stand-in game for the walk-through: every seat pushes its stack in, the player's seat takes it all.

    The real games are tested on their own; this one makes the campaign's progression deterministic and fast,
    and stands in for games still being written."""

    game_id = "rigged"
    title = "Rigged"
    min_seats = 1
    max_seats = 8
    OPTIONS: ClassVar[tuple[OptionSpec, ...]] = (ROUNDS, STACK, *(OptionSpec(n, 10, n, min=0) for n in (
        "ante", "min_bet", "limit", "min_stake")))
    winner = 0

    def _setup(self) -> list[Event]:
        self.pot = 0
        self.round_no = 1
        self.current_seat = 0
        return [Event("round_started", None, {"round": 1})]

    def _legal(self) -> list[Action]:
        return [Action("push")]

    def _do(self, action: Action) -> list[Event]:
        s = self.current_seat
        self.pot += self.stacks[s]
        self.stacks[s] = 0
        if s + 1 < self.n:
            self.current_seat = s + 1
            return [Event("push", s, {})]
        won, self.pot = self.pot, 0
        self.stacks[self.winner] += won
        self.current_seat = None
        return [Event("pot_won", self.winner, {"amount": won}),
                Event("round_over", None, {"round": 1, "winners": [self.winner], "standings": [None] * self.n,
                                           "showdown": True, "carried": 0, "stacks": list(self.stacks)}),
                Event("session_over", None, {})]

    def chips_in_play(self) -> int:
        return self.pot


class FirstChoice:
    name = "first"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return legal[0]


@pytest.fixture
def rigged(monkeypatch):
    import game.ai

    for gid in ("hintaro", "street_hintaro", "kinzo", "sabacc_house", "nepunian_spike", "better_hintaro"):
        real = GAMES.get(gid)  # the stand-in takes the real game's options, so the maps' stakes still apply
        attrs = {"game_id": gid, "title": gid.title(), **({"OPTIONS": real.OPTIONS} if real else {})}
        monkeypatch.setitem(GAMES, gid, type(f"Rigged_{gid}", (Rigged,), attrs))
    monkeypatch.setattr(game.ai, "make_agent", lambda name, gid, seed=None: FirstChoice())
    return Rigged


def test_walk_through_every_cantina_to_the_champion(rigged):
    c = fresh(seed=5)

    def beat_table(name: str) -> None:
        c.sit(name)
        while not c.session.is_over:
            c.act(Action("push")) if c.session.human_turn else c.step_ai()
            assert c.audit() == []
        result = c.leave()
        assert result.completed and result.beaten

    assert not c.door_status("to_golden_orbit").open
    beat_table("long_table")
    assert c.reputation == 4  # Kesh 1, Pim 1, Vossa 2
    beat_table("street_corner")
    c.use_door("to_golden_orbit")
    assert c.unlocked == ["lost_hand", "golden_orbit"]
    with pytest.raises(CampaignError, match="Dex Marrow"):
        c.use_door("to_back_room")
    beat_table("kinzo_table")
    beat_table("sabacc_table")
    c.use_door("to_back_room")
    beat_table("crate_table")
    beat_table("spike_table")
    c.borrow(100)
    info = c.door_status("to_high_table")
    assert not info.open and any("no debts" in u for u in info.unmet)
    c.repay(c.debt)
    c.use_door("to_high_table")
    c.borrow(100)  # the champion will not sit with a debtor either
    assert any("no debts" in r for r in c.table_info("champion_table").reasons)
    c.repay(c.debt)
    assert not c.won
    c.sit("champion_table")
    assert c.session.regulars[0].champion
    c.act(Action("push"))
    c.run_ai()
    result = c.leave()
    assert result.champion_beaten and c.won and result.lines
    j = c.journal()
    assert all(g.done for g in j.goals), [g for g in j.goals if not g.done]
    assert all(r.beaten for r in j.regulars)
    assert c.audit() == [] and sum(c.ledger.balances().values()) == 0
    # the way back is never barred
    c.travel("lost_hand")
    c.use_door("to_golden_orbit")


def test_beating_a_regular_again_earns_one_reputation(rigged):
    c = fresh()
    for expected in (1, 1):
        c.sit("street_corner")
        c.act(Action("push"))
        c.run_ai()
        result = c.leave()
        assert result.beaten == (("zib", expected),)
    assert c.beaten["zib"] == 2 and c.reputation == 2


def test_losing_a_sitting_beats_nobody(rigged, monkeypatch):
    monkeypatch.setattr(rigged, "winner", 1)
    c = fresh()
    c.sit("street_corner")
    c.act(Action("push"))
    c.run_ai()
    result = c.leave()
    assert result.cash_out == 0 and result.beaten == () and c.reputation == 0
    assert c.regular_bankrolls["zib"] == load_roster().regulars["zib"].bankroll + 150
    assert c.audit() == []


def test_a_regular_short_of_the_buy_in_fetches_more_credits(rigged):
    c = fresh()
    c.regular_bankrolls["zib"] = 10  # (as if Zib had lost nearly everything; keep the ledger in step)
    c.ledger.post("cash_out", {"regular:zib": -590, "house": 590}, note="test")
    c.sit("street_corner")
    restock = [e for e in c.ledger.entries if e.kind == "restock"]
    assert restock and restock[-1].postings["regular:zib"] == 590
    assert c.audit() == []


# ---------------------------------------------------------------------------------------------- regulars
def test_regulars_file_errors_name_the_entry_and_field():
    good = {"regular": {"a": _regular(champion=True)}, "lender": _lender()}
    assert parse_roster(good).champion.id == "a"
    cases = [
        (lambda d: d["regular"]["a"].update(ai="wizard"), "regular 'a': field 'ai'"),
        (lambda d: d["regular"]["a"].update(ai="regular:sulky"), "regular 'a': field 'ai'"),
        (lambda d: d["regular"]["a"]["look"].update(colour="red"), "field 'look.colour'"),
        (lambda d: d["regular"]["a"]["lines"].pop("bluff"), "field 'lines.bluff' is missing"),
        (lambda d: d["regular"]["a"]["lines"].update(sing=["la"]), "field 'lines.sing' is unknown"),
        (lambda d: d["regular"]["a"].update(bankroll=-1), "field 'bankroll'"),
        (lambda d: d["regular"]["a"].update(champion=False), "exactly one regular must have champion"),
        (lambda d: d["lender"].pop("max_debt"), "[lender]: field 'max_debt'"),
        (lambda d: d["regular"]["a"].update(nickname="x"), "field 'nickname' is unknown"),
    ]
    for mutate, expected in cases:
        data = json.loads(json.dumps(good))
        mutate(data)
        with pytest.raises(RegularError) as info:
            parse_roster(data)
        assert expected in str(info.value), str(info.value)


def _regular(**kw: Any) -> dict[str, Any]:
    return {"name": "A", "epithet": "e", "bio": "b", "ai": "novice", "bankroll": 100, "reputation": 1,
            "look": {"species": "s", "build": "b", "colour": "#112233", "accent": "#445566", "outfit": "o",
                     "detail": "d"},
            "lines": {"win": ["w"], "lose": ["l"], "bluff": ["b"]}, **kw}


def _lender() -> dict[str, Any]:
    return {"id": "l", "name": "L", "epithet": "e", "bio": "b", "max_debt": 100, "interest_percent": 10,
            "favour_credits": 50, "favour_reputation": 1,
            "look": _regular()["look"], "lines": {k: ["x"] for k in ("offer", "collect", "favour", "refuse")}}


def test_the_shipped_roster_loads():
    roster = load_roster()
    assert len(roster.regulars) >= 10 and roster.champion.id == "ilsa_varn"
    levels = load_all_levels()
    assert {s.regular for lv in levels.values() for s in lv.regulars} == set(roster.regulars)


def test_the_campaign_modules_do_not_import_pygame():
    """Pure Python: importing the campaign (and playing it) needs no pygame; only map parsing imports pytmx."""
    code = ("import sys\n"
            "import game.campaign.progress, game.campaign.saves, game.campaign.journal, game.campaign.table\n"
            "assert 'pygame' not in sys.modules, 'the campaign imported pygame'\n")
    subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[1], check=True)


@pytest.mark.parametrize(("level", "table"), [(lv.id, t.name) for lv in load_all_levels().values()
                                              for t in lv.tables])
def test_every_table_plays_a_hand_through_the_campaign(level, table):
    """Each table with its real game and its regulars' real agents: sit, play a hand, save, get up."""
    c = fresh(seed=17, starting_credits=10_000, shortcuts=True)
    if c.levels[level].table(table).game not in GAMES:
        pytest.skip("game not in this build yet")
    c.open_cantina(level)
    c.travel(level)
    c.sit(table)
    play_one_hand(c)
    assert c.audit() == []
    data = json.loads(json.dumps(c.to_dict()))
    again = Campaign.from_dict(data, shortcuts=True)
    assert again.session.state == c.session.state == restore(c.session.state.to_json())
    with pytest.raises(CampaignDataError):  # a test campaign's shortcuts never load in play
        Campaign.from_dict(data)
    result = c.leave()
    assert result.record.hands == 1 and c.audit() == [] and c.ledger.balance("table") == 0


def test_choosing_to_play_on_puts_the_ante_in_and_a_save_remembers_it():
    """The engine deals the next hand as one ends; the player who chose to see it is in it."""
    c = fresh(seed=4)
    s = c.sit("long_table")
    play_one_hand(c)
    assert s.between_hands
    s.play_on()
    assert not s.between_hands and s.forfeit > 0
    with pytest.raises(CampaignError, match="hand is in progress"):
        c.leave()
    again = Campaign.from_dict(json.loads(json.dumps(c.to_dict())))
    assert again.session is not None and not again.session.between_hands
    data = c.to_dict()
    data["log"][-1]["dealt_in"] = "yes"
    with pytest.raises(CampaignDataError, match="dealt_in"):
        Campaign.from_dict(data)


def test_a_regulars_decision_made_elsewhere_plays_as_step_ai_and_asks_the_agent_once():
    """The table asks a regular's agent on a worker, then hands the choice to ``play_ai``: the game, the
    books and the save come out exactly as with ``step_ai``, and each agent is asked once per move."""

    def play(c: Campaign, elsewhere: bool) -> tuple[int, int]:
        s = c.sit("long_table")
        me = make_agent("passive", s.game_id, 1)
        asked = moves = 0
        while not s.is_over and len(s.hand_ends) < 2:
            if s.human_turn:
                c.act(me.choose(s.view(), s.legal_actions()))
                continue
            seat = s.state.current_seat
            agent = s.agents[seat]
            real = agent.choose

            def counted(view: dict[str, Any], legal: list[Action], real: Any = real) -> Action:
                nonlocal asked
                asked += 1
                return real(view, legal)

            agent.choose = counted
            try:
                if elsewhere:
                    c.play_ai(agent.choose(s.state.view(seat), s.state.legal_actions()))
                else:
                    c.step_ai()
            finally:
                del agent.choose
            moves += 1
            assert c.audit() == []
        return asked, moves

    a, b = fresh(seed=21), fresh(seed=21)
    asked_a, moves_a = play(a, elsewhere=False)
    asked_b, moves_b = play(b, elsewhere=True)
    assert moves_b > 0 and asked_b == moves_b == moves_a == asked_a
    assert a.session is not None and b.session is not None
    assert a.session.state == b.session.state and a.to_dict() == b.to_dict()


def test_play_ai_falls_back_to_the_first_legal_action_when_the_agent_failed():
    c = fresh(seed=5)
    s = c.sit("long_table")
    while s.human_turn:
        c.act(s.legal_actions()[0])
    first = s.state.legal_actions()[0]
    step = c.play_ai(None)
    assert step.action == first and s.state.actions[-1] == first and c.audit() == []
    with pytest.raises(IllegalAction, match=r"your turn|over"):
        for _ in range(10_000):
            c.play_ai(None)
