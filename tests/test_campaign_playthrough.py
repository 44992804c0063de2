"""The campaign played through for real: a new campaign, every cantina, the champion, with the real engines and
the regulars' real agents (the player's seat played by the shark level, see ``game.measure.campaign``), the
books audited after every move, and saves reloaded on the way (mid-hand included) that must play on exactly as
if the game had never stopped. Also: resuming mid-sitting at every table, and the small public pieces the UI
relies on (what a loan will cost, emptying a slot)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.campaign import saves
from game.campaign.levels import load_all_levels
from game.campaign.progress import Campaign
from game.campaign.table import reproducible
from game.engine import GAMES
from game.engine.core import Action
from game.measure.campaign import Autopilot, CampaignRun, Step, simulate_campaign

#: a seed whose shark campaign is short (every goal done in a few dozen sittings): the test plays it twice
SEED = 7


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path))
    saves._known_good.clear()
    return tmp_path


def trace(pilot: Autopilot, step: Step) -> str:
    """Everything a step shows: its kind, the action and every event (secrets included), the player's view and
    the campaign's numbers. Two runs that agree on this at every step played the same game."""
    c = pilot.c
    s = c.session
    return json.dumps({
        "kind": step.kind, "detail": step.detail, "seat": step.seat,
        "action": step.action.to_dict() if step.action is not None else None,
        "events": [e.to_dict() for e in step.events],
        "record": step.result.record.to_dict() if step.result is not None else None,
        "view": s.view() if s is not None else None,
        "money": [c.bankroll, c.debt, c.reputation, c.sittings, c.current],
    }, sort_keys=True, default=str)


def test_a_shark_plays_a_new_campaign_to_the_champion_and_reloads_on_the_way_change_nothing():
    c = Campaign.new(seed=SEED)
    straight: list[str] = []
    first = simulate_campaign("shark", SEED, until="goals", campaign=c,
                              on_step=lambda p, st: straight.append(trace(p, st)))
    _played_it_all(first, c)

    reloads: list[str] = []
    resumed: list[str] = []
    seen: set[str] = set()

    def reload_now(pilot: Autopilot, why: str) -> None:
        before = pilot.c
        saves.save_slot(1, before)
        after = saves.load_slot(1)
        assert after.to_dict() == before.to_dict() and after.audit() == []
        if before.session is not None:
            assert after.session.view() == before.session.view()
            assert after.session.legal_actions() == before.session.legal_actions()
        pilot.c = after  # the player quits and comes back: the same player, the campaign from the disk
        reloads.append(why)

    def once(key: str) -> bool:
        new = key not in seen
        seen.add(key)
        return new

    def step_and_maybe_reload(pilot: Autopilot, step: Step) -> None:
        resumed.append(trace(pilot, step))
        s = pilot.c.session
        if s is not None and not s.is_over and not s.between_hands:
            if (s.human_turn and once(f"mid:{s.game_id}")) or (not s.human_turn and once("mid:regular")):
                reload_now(pilot, f"mid-hand at {s.table.name}, seat {s.state.current_seat} to act")
        elif s is not None and s.between_hands and step.kind != "sit" and once("between"):
            reload_now(pilot, f"between hands at {s.table.name}")
        elif s is None and step.kind in ("door", "borrow", "favour", "leave") and once(f"{step.kind}"):
            reload_now(pilot, f"after {step.kind} {step.detail}")

    second = simulate_campaign("shark", SEED, until="goals", on_step=step_and_maybe_reload)
    assert {f"mid:{g}" for g in GAMES} <= seen, seen  # every game was resumed mid-hand with the player to act
    assert {"mid:regular", "between", "door", "leave"} <= seen, seen
    # the reloaded campaign played on exactly as the one that never stopped: every action, event and view
    assert len(resumed) == len(straight)
    first_difference = next((i for i, (a, b) in enumerate(zip(straight, resumed, strict=True)) if a != b), None)
    assert first_difference is None, (reloads, first_difference, straight[first_difference], resumed[first_difference])
    assert second.timeline == first.timeline and second.champion_at == first.champion_at


def _played_it_all(run: CampaignRun, c: Campaign) -> None:
    """From a new campaign to the champion, through every cantina in order, books balanced at every step, every
    goal in the journal done, every regular met and beaten, the last sitting replayable."""
    levels = load_all_levels()
    assert run.books_balanced, run.problem
    assert run.won and run.champion_at is not None, run.stopped
    assert set(run.reached) == set(levels)
    order = sorted(levels, key=lambda lid: levels[lid].order)
    assert [run.reached[lid] for lid in order] == sorted(run.reached.values())
    assert run.goals_done_at is not None and run.stopped == "finished"
    assert run.illegal == 0
    j = c.journal()
    assert all(g.done for g in j.goals), [g for g in j.goals if not g.done]
    assert all(r.met and r.beaten for r in j.regulars)
    assert c.debt == 0 and c.audit() == [] and sum(c.ledger.balances().values()) == 0
    assert sum(s.stats.hands for s in j.stats) == run.hands
    last = c.history[-1]
    assert list(last.replay())[-1].state.stacks[0] == last.cash_out


# ------------------------------------------------------------------------------------- resuming a sitting
def _play(c: Campaign, me: Any, actions: list[Action] | None, hands: int) -> tuple[list[Action], list[str]]:
    """Play until ``hands`` more hands have ended (or the sitting is over). The player's moves come from
    ``actions`` when given (a replay of another run), else from agent ``me``. Returns the moves and a trace."""
    s = c.session
    mine: list[Action] = []
    out: list[str] = []
    ended = 0
    while not s.is_over and ended < hands:
        if s.human_turn:
            if actions is None:
                action = me.choose(s.view(), s.legal_actions())
            elif len(mine) < len(actions) and s.state.check(actions[len(mine)], 0) is None:
                action = actions[len(mine)]
            else:  # the other run's move does not fit here: the regulars played differently
                out.append("diverged")
                break
            mine.append(action)
            events = c.act(action)
            out.append(json.dumps([0, action.to_dict(), [e.to_dict() for e in events]], sort_keys=True))
        else:
            step = c.step_ai()
            events = step.events
            out.append(json.dumps([step.seat, step.action.to_dict(), [e.to_dict() for e in events]], sort_keys=True))
        ended += sum(e.kind == "round_over" for e in events)
    return mine, out


@pytest.mark.parametrize(("level", "table"), [(lv.id, t.name) for lv in load_all_levels().values()
                                              for t in lv.tables])
def test_a_sitting_resumed_mid_hand_plays_on_as_if_it_had_never_stopped(level, table):
    """The regulars' agents remember the table (a shark's read of who calls its raises) and carry generators;
    a reloaded sitting rebuilds them as they were, so the rest of the sitting is the same move for move."""
    from game.ai import make_agent

    def seated() -> Campaign:
        c = Campaign.new(seed=41, starting_credits=10_000, shortcuts=True)
        c.open_cantina(level)  # (as if its door had been opened)
        c.travel(level)
        c.sit(table)
        return c

    c = seated()
    me = reproducible(make_agent("regular", c.session.game_id, 3))
    _play(c, me, None, 2)
    s = c.session
    while not s.is_over and (s.between_hands or not s.human_turn):  # into the next hand, the player to act
        c.act(me.choose(s.view(), s.legal_actions())) if s.human_turn else c.step_ai()
    assert not s.is_over, "the sitting ended too soon for this test"
    saved = json.dumps(c.to_dict())
    mine, straight = _play(c, me, None, 2)
    again = Campaign.from_dict(json.loads(saved), shortcuts=True)
    _, resumed = _play(again, None, mine, 2)
    assert resumed == straight
    assert again.to_dict() == c.to_dict()


def test_campaign_regulars_search_without_a_wall_clock_cut():
    """A search cut short by the clock chooses differently on a busy machine; the campaign's regulars get
    their whole sample budget so that a save always plays on the same way."""
    c = Campaign.new(seed=2, starting_credits=10_000)
    c.unlocked.append("golden_orbit")
    c.travel("golden_orbit")
    s = c.sit("sabacc_table")
    budgets = [a.budget for a in s.agents.values() if hasattr(a, "budget")]
    assert budgets, "the sabacc shark searches with a budget"
    assert all(b.time_limit is None for b in budgets)


# --------------------------------------------------------------------------------------- the bench route
def test_the_campaign_bench_runs_from_the_command_line(capsys):
    from game.__main__ import main

    assert main(["bench", "campaign", "--runs", "1", "--policy", "shark"]) == 0
    out = capsys.readouterr().out
    assert "campaign balance" in out and "shark" in out and "balanced" in out
    assert main(["bench", "campaign", "--runs", "0", "--policy", "shark"]) == 2


# --------------------------------------------------------------------------- what the UI calls, in public
def test_owed_for_is_the_loan_plus_interest_rounded_up():
    c = Campaign.new(seed=1)
    assert c.owed_for(100) == 125 and c.owed_for(101) == 127  # 25 %, never rounded in the borrower's favour
    terms = c.loan_terms()
    assert c.owed_for(terms.max_borrow) <= terms.max_debt < c.owed_for(terms.max_borrow + 1)
    assert c.borrow(101) == c.owed_for(101) == c.debt


def test_deleting_a_slot_also_forgets_where_the_player_stood():
    c = Campaign.new(seed=1)
    saves.save_slot(1, c)
    place = saves.place_path(1)
    place.write_text('{"seed": 1, "level": "lost_hand", "cell": [3, 4]}', encoding="utf-8")
    assert place.parent == saves.slot_path(1).parent
    saves.delete_slot(1)
    assert not place.exists() and not saves.slot_path(1).exists()
    from game.ui.campaign.play import place_path  # the UI's name for the file is the saves' one

    assert place_path(2) == saves.place_path(2)


# ------------------------------------------------------------------------------------------ the autopilot
def _everything_done_but_the_debt(starting_credits: int, borrow: int) -> Campaign:
    c = Campaign.new(seed=3, starting_credits=starting_credits)
    c.unlocked = list(c.levels)  # (as if every door had been opened, every regular and the champion beaten)
    c.beaten = dict.fromkeys(c.roster.regulars, 1)
    c.won = True
    c.borrow(borrow)
    assert [g.id for g in c.journal().goals if not g.done] == ["debt"]
    return c


def test_the_autopilot_clears_a_debt_it_can_pay_and_plays_on_for_one_it_cannot():
    c = _everything_done_but_the_debt(1000, 500)
    pilot = Autopilot(c, "shark", until="goals")
    assert pilot.goal().kind == "debt"
    assert [pilot.step().kind for _ in range(2)] == ["repay", "done"]
    assert c.debt == 0 and c.bankroll == 1500 - 625

    c = _everything_done_but_the_debt(0, 400)  # owing 500 with 400 in hand: keep a buy-in, repay the rest
    pilot = Autopilot(c, "shark", until="goals", max_sittings=1)
    kinds = [pilot.step().kind for _ in range(4)]
    assert kinds[0] == "repay" and "sit" in kinds and c.session is not None
    assert c.bankroll == 0 and c.debt == 500 - (400 - c.session.buy_in)  # everything beyond the buy-in went back
