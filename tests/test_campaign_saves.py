"""Save slots: round trips mid-hand, backups, and every way a save can go wrong (truncated, corrupt, edited by
hand, from a newer version, a process killed while writing): refused with a clear message, backup offered,
nothing overwritten until the player chooses."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.campaign import saves
from game.campaign.progress import Campaign, CampaignDataError
from game.campaign.saves import SaveCorrupt, SlotEmpty

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path))
    return tmp_path


def mid_hand() -> Campaign:
    """A campaign seated at the long table, in the middle of a hand, with the player to act."""
    c = Campaign.new(seed=31)
    s = c.sit("long_table")
    c.run_ai()
    for _ in range(200):  # play calmly until the player is to act with chips already in the hand
        if s.human_turn and not s.between_hands:
            return c
        if s.human_turn:
            legal = s.legal_actions()
            calm = [a for a in legal if a.kind in ("call", "check", "keep", "stay", "stand", "throw")]
            c.act((calm or legal)[0])
        c.run_ai()
    raise AssertionError("never reached the middle of a hand with the player to act")


def edit_slot(n: int, mutate) -> None:
    path = saves.slot_path(n)
    doc = json.loads(path.read_text())
    mutate(doc)
    path.write_text(json.dumps(doc))


def test_saves_live_in_the_data_folder(data_dir):
    assert saves.saves_dir() == data_dir / "saves"
    assert saves.slot_path(2) == data_dir / "saves" / "slot2.json"
    with pytest.raises(ValueError, match="slots are 1 to 3"):
        saves.slot_path(0)


def test_default_folder_comes_from_platformdirs(monkeypatch):
    import platformdirs

    monkeypatch.delenv(saves.ENV_DIR)
    assert saves.data_dir() == Path(platformdirs.user_data_dir(saves.APP_NAME, appauthor=False))


def test_round_trip_resumes_mid_hand():
    c = mid_hand()
    path = saves.save_slot(1, c)
    doc = json.loads(path.read_text())
    assert doc["format"] == saves.SAVE_FORMAT and doc["version"] == saves.SAVE_VERSION
    assert doc["summary"]["at_table"] == "Hintaro at the long table"
    loaded = saves.load_slot(1)
    assert loaded.session.state == c.session.state
    assert loaded.session.view() == c.session.view() and loaded.session.human_turn
    assert loaded.to_dict() == c.to_dict()
    # and play goes on from there
    loaded.act(loaded.session.legal_actions()[0])
    assert loaded.audit() == []


def test_previous_save_is_kept_as_backup_and_slots_are_separate():
    c = Campaign.new(seed=1)
    saves.save_slot(1, c)
    first = saves.slot_path(1).read_bytes()
    c.borrow(50)
    saves.save_slot(1, c)
    assert saves.backup_path(1).read_bytes() == first
    assert saves.load_slot(1).debt == c.debt
    other = Campaign.new(seed=2, name="Second")
    saves.save_slot(2, other)
    assert saves.load_slot(2).name == "Second" and saves.load_slot(1).name == "Stranger"
    infos = saves.list_slots()
    assert [i.exists for i in infos] == [True, True, False]
    assert infos[0].summary["debt"] == c.debt and infos[0].backup and infos[0].problem is None
    assert not list(saves.saves_dir().glob("*.tmp")), "no temporary file is left behind"


def test_empty_slot():
    with pytest.raises(SlotEmpty):
        saves.load_slot(3)


def _two_saves() -> Campaign:
    """Slot 1 with a good save and a good backup (the older one)."""
    c = Campaign.new(seed=4)
    saves.save_slot(1, c)
    c.borrow(10)
    saves.save_slot(1, c)
    return c


def _refused(kind: str, match: str) -> SaveCorrupt:
    before = saves.slot_path(1).read_bytes()
    with pytest.raises(SaveCorrupt, match=match) as info:
        saves.load_slot(1)
    assert info.value.kind == kind and info.value.slot == 1
    assert saves.slot_path(1).read_bytes() == before, "a refused save is never touched by loading"
    return info.value


def test_truncated_save_is_refused_and_the_backup_offered():
    c = _two_saves()
    path = saves.slot_path(1)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) * 2 // 3])
    err = _refused("truncated", "cut short")
    assert err.backup_available
    # saving over it is refused until the player chooses
    with pytest.raises(SaveCorrupt, match="cannot be loaded"):
        saves.save_slot(1, c)
    saves.decode(saves.backup_path(1).read_bytes())  # the good backup was not replaced by the bad file
    restored = saves.restore_backup(1)
    assert restored.debt == 0  # the backup is the save before the loan
    assert saves.load_slot(1).to_dict() == restored.to_dict()
    assert saves.refused_path(1).read_bytes() == data[: len(data) * 2 // 3], "the refused file is kept"


def test_corrupt_save_is_refused():
    _two_saves()
    path = saves.slot_path(1)
    raw = bytearray(path.read_bytes())
    # damage 8 bytes from the middle on, none of them a quote or bracket (which would read as a write cut short)
    at = next(i for i in range(len(raw) // 2, len(raw)) if not set(raw[i:i + 8]) & set(b'"\\[]{}'))
    raw[at: at + 8] = b"\x00#!@#$%^"
    path.write_bytes(bytes(raw))
    err = _refused("corrupt", "damaged")
    assert err.backup_available


def test_empty_file_is_a_truncated_save():
    _two_saves()
    saves.slot_path(1).write_bytes(b"")
    _refused("truncated", "empty")


@pytest.mark.parametrize(("mutate", "match"), [
    (lambda d: d["campaign"].update(starting_credits=1_000_000), "starting_credits: must be at most 1000"),
    (lambda d: d["campaign"]["log"].append({"repay": 10_000}), "you owe 13 credits, not 10000"),
    (lambda d: d["campaign"]["log"].append({"borrow": 10**9}), "will lend at most"),
    (lambda d: d["campaign"]["log"].insert(0, {"travel": "high_table"}), "not open to you yet"),
    (lambda d: d["campaign"]["log"].append({"sit": "long_table", "actions": [{"kind": "win"}]}),
     "cannot be replayed"),
    (lambda d: d["campaign"]["log"].append({"favour": True}), "favours only for the truly broke"),
], ids=["more starting credits", "repay more than owed", "a huge loan", "skip the doors", "an illegal action",
        "a favour when not broke"])
def test_hand_edited_save_is_refused(mutate, match):
    _two_saves()
    edit_slot(1, mutate)
    err = _refused("edited", match)
    assert err.backup_available
    assert "edited by hand" in str(err)


def test_hand_edited_table_state_is_refused():
    c = mid_hand()
    saves.save_slot(1, c)
    saves.save_slot(1, c)

    def cheat(doc):
        doc["campaign"]["log"][-1]["actions"][0] = {"kind": "raise", "amount": 10**6}  # more than any stack

    edit_slot(1, cheat)
    _refused("edited", "cannot be replayed")


def test_newer_version_is_refused():
    _two_saves()
    edit_slot(1, lambda d: d.update(version=saves.SAVE_VERSION + 1))
    err = _refused("newer", "newer version")
    assert err.backup_available
    assert saves.list_slots()[0].problem.startswith("the save was made by a newer version")


def test_no_backup_to_offer():
    c = Campaign.new(seed=4)
    saves.save_slot(1, c)
    saves.slot_path(1).write_text("{")
    err = _refused("truncated", "cut short")
    assert not err.backup_available
    with pytest.raises(SaveCorrupt, match="no backup"):
        saves.restore_backup(1)
    saves.save_slot(1, c, replace_unreadable=True)  # the player chose to start over in this slot
    assert saves.load_slot(1).seed == 4
    assert not saves.backup_path(1).exists(), "an unreadable save never becomes the backup"


def test_bad_backup_is_not_offered():
    _two_saves()
    saves.backup_path(1).write_text("garbage")
    saves.slot_path(1).write_text("also garbage")
    err = _refused("corrupt", "damaged")
    assert not err.backup_available
    with pytest.raises(SaveCorrupt, match="backup cannot be loaded either"):
        saves.restore_backup(1)


def test_missing_slot_with_a_backup():
    _two_saves()
    saves.slot_path(1).unlink()
    with pytest.raises(SaveCorrupt, match="missing") as info:
        saves.load_slot(1)
    assert info.value.kind == "missing" and info.value.backup_available
    assert saves.restore_backup(1).debt == 0


def test_delete_slot():
    _two_saves()
    saves.delete_slot(1)
    assert not saves.slot_path(1).exists() and not saves.backup_path(1).exists()
    with pytest.raises(SlotEmpty):
        saves.load_slot(1)


def test_autosave_moment():
    c = mid_hand()
    events = []
    while not saves.hand_finished(events):
        s = c.session
        events = c.act(s.legal_actions()[0]) if s.human_turn else c.step_ai().events
    saves.save_slot(1, c)
    assert saves.load_slot(1).session.between_hands


# ---------------------------------------------------------------------------------- killed while writing
WRITER = r"""
import sys
from game.campaign.progress import Campaign
from game.campaign import saves

c = Campaign.new(seed=11)
s = c.sit("street_corner")
c.run_ai()
c.extra["padding"] = ["a long night at the Lost Hand, " * 6] * 12000  # a save of a few megabytes (kept as
# a newer version's unknown field would be)
c.name = "gen 0"
saves.save_slot(1, c)
print("ready", flush=True)
i = 0
while True:
    i += 1
    c.name = f"gen {i}"
    saves.save_slot(1, c)
    print(f"saved {i}", flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_a_process_killed_while_writing_never_leaves_a_broken_save(data_dir):
    """Kill a process at random moments while it saves a large campaign over and over: the slot must then
    load, as one of the saves written whole (old or new), never a half-written one, and never older than the
    last save the writer had finished. The kill comes after the writer reports save ``k`` (a random k), a
    random moment later: what is checked holds whatever the timing, so a loaded machine cannot fail it."""
    rng = random.Random(7)
    env = {**os.environ, saves.ENV_DIR: str(data_dir), "PYTHONPATH": str(ROOT)}
    for _ in range(5):
        proc = subprocess.Popen([sys.executable, "-c", WRITER], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        try:
            line = proc.stdout.readline()
            assert line.strip() == "ready", proc.stderr.read()
            finished = rng.randint(0, 3)
            for _ in range(finished):  # wait for the writer's own word, not for the clock
                line = proc.stdout.readline()
                assert line.startswith("saved "), proc.stderr.read()
            time.sleep(rng.uniform(0.0, 0.1))  # then kill at a random point of the next saves
            proc.send_signal(signal.SIGKILL)
        finally:
            proc.wait(10)
            proc.stdout.close()
            proc.stderr.close()
        c = saves.load_slot(1)
        assert c.name.startswith("gen ") and c.audit() == []
        assert int(c.name.split()[1]) >= finished, "a save the writer had finished was lost"
        assert c.session is not None and c.session.table.name == "street_corner"
        if saves.backup_path(1).exists():
            saves.decode(saves.backup_path(1).read_bytes())  # the backup is whole too


class Crash(BaseException):
    """Stands in for the power going out: nothing after it runs (but what was on disk stays)."""


@pytest.mark.parametrize(("call", "nth", "expect"), [
    ("fsync", 1, "old"),  # the new save is written but not yet synced
    ("replace", 1, "old"),  # about to swap in the backup
    ("replace", 2, "old"),  # backup swapped, about to rename the new save into place
    ("fsync", 2, "new"),  # renamed, the folder not yet synced
], ids=["writing", "backing up", "renaming", "syncing the folder"])
def test_a_crash_at_each_step_of_a_save_leaves_a_whole_save(monkeypatch, call, nth, expect):
    """The same guarantee as the kill test, at every step of the protocol in turn (deterministically)."""
    c = Campaign.new(seed=4)
    saves.save_slot(1, c)
    saves.save_slot(1, c)  # so there is a backup to replace
    c.borrow(10)
    real = getattr(os, call)
    calls = []

    def crashing(*args):
        calls.append(args)
        if len(calls) == nth:
            raise Crash
        return real(*args)

    monkeypatch.setattr(os, call, crashing)
    with pytest.raises(Crash):
        saves.save_slot(1, c)
    monkeypatch.setattr(os, call, real)
    loaded = saves.load_slot(1)
    assert loaded.debt == (c.debt if expect == "new" else 0)
    saves.decode(saves.backup_path(1).read_bytes())  # the backup is whole as well
    saves.save_slot(1, c)  # and the next save cleans up and goes through
    assert saves.load_slot(1).debt == c.debt
    assert not list(saves.saves_dir().glob("*.tmp"))


# ------------------------------------------------------------------------- saves hold facts, not numbers
FIXTURES = ROOT / "tests" / "data"


def _put_fixture(name: str, n: int = 1, mutate=None) -> dict:
    """A version 1 save written by the game before saves held facts only (see tests/data), into slot ``n``."""
    doc = json.loads((FIXTURES / name).read_text())
    if mutate is not None:
        mutate(doc)
    saves.saves_dir().mkdir(parents=True, exist_ok=True)
    saves.slot_path(n).write_text(json.dumps(doc))
    return doc


def test_a_version_1_save_loads_with_the_numbers_it_had():
    doc = _put_fixture("save_v1_mid_hand.json")
    old = doc["campaign"]
    assert doc["version"] == 1
    info = saves.list_slots()[0]
    assert info.problem is None and info.summary["name"] == "Fixture"
    c = saves.load_slot(1)
    assert (c.bankroll, c.debt, c.reputation, c.won) == (old["bankroll"], old["debt"], old["reputation"], old["won"])
    assert c.ledger.to_list() == old["ledger"] and c.regular_bankrolls == old["regular_bankrolls"]
    assert c.beaten == old["beaten"] and c.met == old["met"] and sorted(c.unlocked) == sorted(old["unlocked"])
    assert {g: vars(s) for g, s in c.stats.items()} == old["stats"] and c.current == old["current"]
    assert [r.to_dict() for r in c.history] == old["history"]
    from game.engine import restore

    s = c.session
    assert s.state == restore(old["table"]["engine"]) and s.settled == old["table"]["settled"]
    assert s.hand_ends == old["table"]["hand_ends"] and s.dealt_in == old["table"]["dealt_in"]
    # saved again, it is a version 2 save of facts, which loads the same
    saves.save_slot(1, c)
    new = json.loads(saves.slot_path(1).read_text())
    assert new["version"] == saves.SAVE_VERSION and set(new["campaign"]) == {"name", "seed", "secret",
                                                                            "starting_credits", "log"}
    again = saves.load_slot(1)
    assert again.to_dict() == c.to_dict() and again.ledger.to_list() == old["ledger"]
    assert saves.backup_path(1).exists() and saves.decode(saves.backup_path(1).read_bytes()).bankroll == c.bankroll


def test_an_edited_settled_stack_between_hands_is_harmless():
    """The issue's case: a between-hands save whose table.settled[0] is 10^9 cashed out 10^9 and passed the
    audit. The stacks are now recomputed from the actions, so the edit changes nothing."""
    honest = _put_fixture("save_v1_between_hands.json", 2)
    _put_fixture("save_v1_between_hands.json", 1, lambda d: d["campaign"]["table"]["settled"].__setitem__(0, 10**9))
    c = saves.load_slot(1)
    assert c.session.between_hands and c.session.settled == honest["campaign"]["table"]["settled"]
    result = c.leave()
    assert result.cash_out == honest["campaign"]["table"]["settled"][0] < 10**9
    assert c.bankroll == honest["campaign"]["bankroll"] + result.cash_out and c.audit() == []
    # and in the current format there is no stack to edit: one written into the data is never read
    c = saves.load_slot(2)
    saves.save_slot(2, c)
    edit_slot(2, lambda d: d["campaign"]["log"][-1].update(settled=[10**9, 0], bankroll=10**9))
    assert saves.load_slot(2).leave().cash_out == honest["campaign"]["table"]["settled"][0]


def test_won_and_extra_cantinas_in_a_save_are_refused_or_harmless():
    _put_fixture("save_v1_mid_hand.json", 1, lambda d: d["campaign"].update(won=True))
    assert not saves.load_slot(1).won
    _put_fixture("save_v1_mid_hand.json", 2,
                 lambda d: d["campaign"]["unlocked"].extend(["back_room", "high_table"]))
    with pytest.raises(SaveCorrupt, match="'back_room' was never opened") as info:
        saves.load_slot(2)
    assert info.value.kind == "edited"
    # the current format stores neither: written in, they are not read
    c = Campaign.new(seed=4)
    saves.save_slot(3, c)
    edit_slot(3, lambda d: d["campaign"].update(won=True, unlocked=["lost_hand", "high_table"], bankroll=10**9,
                                                reputation=500))
    loaded = saves.load_slot(3)
    assert not loaded.won and loaded.unlocked == ["lost_hand"] and loaded.bankroll == 1000
    assert loaded.reputation == 0 and loaded.to_dict() == c.to_dict()


def test_a_loaded_save_plays_on_exactly_as_the_original():
    """The regulars' agents are rebuilt from the replay: the loaded table plays on as the saved one does."""
    from game.ai import make_agent

    c = mid_hand()
    saves.save_slot(1, c)
    loaded = saves.load_slot(1)
    for camp in (c, loaded):
        s = camp.session
        me = make_agent("novice", s.game_id, 5)
        while not s.is_over:
            if s.human_turn:
                if s.between_hands:
                    s.play_on()
                camp.act(me.choose(s.view(), s.legal_actions()))
            else:
                camp.step_ai()
    assert loaded.session.state == c.session.state
    assert loaded.leave().cash_out == c.leave().cash_out
    assert loaded.to_dict() == c.to_dict() and loaded.ledger.to_list() == c.ledger.to_list()


def test_fields_a_newer_version_adds_survive_a_load_and_save():
    """Keys this version does not know (a table's new fact, a campaign's new fact) are carried through."""
    c = mid_hand()
    saves.save_slot(1, c)
    edit_slot(1, lambda d: (d["campaign"].update(future={"a": 1}), d["campaign"]["log"][-1].update(note=[7])))
    loaded = saves.load_slot(1)
    saves.save_slot(1, loaded)
    doc = json.loads(saves.slot_path(1).read_text())
    assert doc["campaign"]["future"] == {"a": 1} and doc["campaign"]["log"][-1]["note"] == [7]
    loaded.act(loaded.session.legal_actions()[0])
    loaded.run_ai()
    loaded.leave(forfeit=True) if not loaded.session.between_hands else loaded.leave()
    saves.save_slot(1, loaded)
    sit = json.loads(saves.slot_path(1).read_text())["campaign"]["log"][-2]
    assert sit["note"] == [7], "kept with the sitting once it is over"


def test_the_first_line_of_a_save_is_its_header():
    c = mid_hand()
    saves.save_slot(1, c)
    first = saves.slot_path(1).read_bytes().split(b"\n", 1)[0]
    assert len(first) < 1024 and first.endswith(b",")
    header = json.loads(first[:-1] + b"}")
    assert header["version"] == saves.SAVE_VERSION and header["summary"] == c.summary()


def test_a_campaign_changed_other_than_by_play_is_never_saved():
    """A save must load as the campaign saved: numbers set by hand in memory are refused at save time."""
    c = Campaign.new(seed=4)
    saves.save_slot(1, c)
    c.unlocked.append("high_table")
    with pytest.raises(ValueError, match="its own choices do not give"):
        saves.save_slot(1, c)
    assert saves.load_slot(1).unlocked == ["lost_hand"]
    t = Campaign.new(seed=4, shortcuts=True)  # a test campaign's shortcuts save, and load only where allowed
    t.open_cantina("high_table")
    saves.save_slot(2, t)
    assert saves.load_slot(2, shortcuts=True).unlocked == ["lost_hand", "high_table"]
    with pytest.raises(SaveCorrupt, match="shortcuts are for test campaigns"):
        saves.load_slot(2)


def test_a_sessions_own_saved_facts_are_handed_back_to_it(monkeypatch):
    """The hook for facts a table keeps about itself: ``restore_saved`` gets the saved table keys the replay
    does not derive (not the sitting's secret: that comes from the campaign's), before its agents are made."""
    from game.campaign.table import TableSession

    seen = []
    monkeypatch.setattr(TableSession, "restore_saved", lambda self, facts: seen.append(facts), raising=False)
    c = mid_hand()
    saves.save_slot(1, c)
    edit_slot(1, lambda d: d["campaign"]["log"][-1].update(note=[7], settled=[10**9, 0], secret="00" * 32))
    loaded = saves.load_slot(1)
    assert seen[-1] == {"note": [7]}
    assert not any("settled" in facts for facts in seen), "derived keys are never handed over"
    assert loaded.session.state == c.session.state


def test_each_save_replays_only_what_is_new_and_agrees_with_a_full_load(monkeypatch):
    """Autosaves keep a replica of the closed part of the log: every save still checks that the file loads as
    the campaign, but replays only the new entries and the sitting in progress (a copy of the replica)."""
    from game.campaign.progress import Campaign as C
    from game.measure.campaign import simulate_campaign

    replayed: list[str] = []
    real = C.replay_command

    def counting(self, raw, where, *, last=False):
        replayed.append(where)
        return real(self, raw, where, last=last)

    monkeypatch.setattr(C, "replay_command", counting)
    c = Campaign.new(seed=9)
    steps = 0

    def save(pilot, step):
        nonlocal steps
        steps += 1
        if step.kind in ("act", "ai") and steps % 7:
            return
        replayed.clear()
        saves.save_slot(1, pilot.c)
        assert len(replayed) <= 4, replayed  # the new entries and the sitting in progress, not the campaign
        if steps % 5 == 0:
            full = saves.decode(saves.slot_path(1).read_bytes())
            assert saves._facts(full) == saves._facts(pilot.c)

    simulate_campaign("regular", 9, max_sittings=6, campaign=c, on_step=save)
    assert c.sittings == 6
    assert saves._facts(saves.load_slot(1)) == saves._facts(c)


def test_a_sitting_from_before_an_option_existed_replays_with_the_rule_as_it_was():
    """An option added after saves were made (Better Hintaro's auction floor) plays, in a sitting migrated from
    such a save, at its ``legacy`` value: the sit entry names it, the replay keeps it, and a save may name no
    other option or value."""
    c = Campaign.new(seed=8, starting_credits=5_000, shortcuts=True)
    c.open_cantina("back_room")
    c.travel("back_room")
    s = c.sit("crate_table", legacy={"auction_floor": False})
    assert s.state.options["auction_floor"] is False
    data = json.loads(json.dumps(c.to_dict()))
    assert data["log"][-1]["legacy_options"] == {"auction_floor": False}
    again = Campaign.from_dict(data, shortcuts=True)
    assert again.session.state.options["auction_floor"] is False and again.to_dict() == c.to_dict()
    for bad in ({"auction_floor": True}, {"rounds": 3}, {"auction_floor": 0}):
        data["log"][-1]["legacy_options"] = bad
        with pytest.raises(CampaignDataError, match="older save"):
            Campaign.from_dict(data, shortcuts=True)
