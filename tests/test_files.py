"""No file can stop the game: settings, save slots, the place side file, maps and data files refuse anything
they cannot decode (nesting 100,000 deep, a 5,000-digit number, a FIFO, 100 MB, a damaged PNG) with a message,
never a traceback; and every file is written by one atomic writer that syncs."""

from __future__ import annotations

import json
import os
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest

from game import files, schema
from game.campaign import saves
from game.campaign.levels import LevelError, load_all_levels, load_level
from game.campaign.progress import Campaign
from game.campaign.regulars import RegularError, load_roster
from game.ui.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
DEEP = "[" * 100_000 + "]" * 100_000
LONG_NUMBER = "1" * 5000
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path / "data"))
    monkeypatch.setenv("CANTINA_CONFIG_DIR", str(tmp_path / "config"))
    saves._known_good.clear()
    return tmp_path


def within(seconds: float, fn, *args: Any) -> Any:
    """``fn(*args)``, which must return (or raise) within ``seconds``: a read that blocks fails the test
    instead of hanging it."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = fn(*args)
        except BaseException as exc:  # handed to the test
            out["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"{getattr(fn, '__name__', fn)} blocked for more than {seconds} s"
    if "error" in out:
        raise out["error"]
    return out["value"]


def unblock(fifo: Path) -> None:
    """Open the FIFO for writing and close it, so a reader stuck on it (old code) can finish."""
    try:
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
    except OSError:
        pass


# ------------------------------------------------------------------------------------------- settings
@pytest.mark.parametrize("text", [DEEP, '{"volume": ' + LONG_NUMBER + "}", '{"speed": NaN}', "\ufeff{}"],
                         ids=["nested 100,000 deep", "a 5,000-digit number", "NaN", "a byte-order mark"])
def test_bad_settings_give_the_defaults_and_a_message(text: str) -> None:
    path = Settings.path()
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    s, msg = Settings.load()
    assert s == Settings()
    assert msg and "default" in msg


def test_a_settings_field_with_a_huge_number_falls_back_alone() -> None:
    path = Settings.path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"window_size": [int("9" * 4000), 600], "muted": True}), encoding="utf-8")
    s, msg = Settings.load()
    assert s.muted and s.window_size == Settings().window_size and msg and "window_size" in msg
    path.write_text(json.dumps({"window_size": [[]], "default_names": [[]], "muted": True}), encoding="utf-8")
    s, msg = Settings.load()
    assert s.muted and s.window_size == Settings().window_size and s.default_names == Settings().default_names
    assert msg and "window_size" in msg and "default_names" in msg


@needs_fifo
def test_a_fifo_for_a_settings_file_gives_the_defaults_without_waiting() -> None:
    path = Settings.path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    try:
        s, msg = within(5, Settings.load)
    finally:
        unblock(path)
    assert s == Settings() and msg and "not a regular file" in msg


def test_settings_are_written_by_the_atomic_writer_and_synced(monkeypatch) -> None:
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    assert Settings(speed=2.0).save() is None
    assert synced, "the settings file is synced before it replaces the old one"
    assert Settings.load()[0].speed == 2.0
    assert not list(Settings.path().parent.glob("*.tmp"))


# ---------------------------------------------------------------------------------------------- saves
def _three_slots() -> None:
    for n in (1, 2, 3):
        c = Campaign.new(f"Player {n}", seed=n)
        saves.save_slot(n, c)
        c.borrow(10)
        saves.save_slot(n, c)


@pytest.mark.parametrize("junk", [DEEP, '{"format": ' + LONG_NUMBER + "}",
                                  '{"format": "lost-hand-cantina/campaign", "version": 2, "campaign": ' + DEEP + "}"],
                         ids=["nested 100,000 deep", "a 5,000-digit number", "a campaign nested 100,000 deep"])
def test_one_bad_save_never_locks_out_the_other_slots(junk: str) -> None:
    _three_slots()
    saves.slot_path(2).write_text(junk, encoding="utf-8")
    infos = saves.list_slots()
    assert [i.problem is None for i in infos] == [True, False, True]
    assert infos[0].summary["name"] == "Player 1" and infos[2].summary["name"] == "Player 3"
    with pytest.raises(saves.SaveCorrupt) as info:
        saves.load_slot(2)
    assert info.value.kind == "corrupt" and info.value.backup_available, "Recover offers the backup"
    assert saves.restore_backup(2).name == "Player 2"
    assert saves.load_slot(1).name == "Player 1" and saves.load_slot(3).name == "Player 3"


def test_a_list_where_a_cantina_id_belongs_is_refused_not_a_crash() -> None:
    doc = json.loads((ROOT / "tests" / "data" / "save_v1_mid_hand.json").read_text())
    doc["campaign"]["unlocked"] = [[]]
    saves.saves_dir().mkdir(parents=True)
    saves.slot_path(1).write_text(json.dumps(doc))
    with pytest.raises(saves.SaveCorrupt, match=r"campaign\.unlocked\[0\]: must be a text") as info:
        saves.load_slot(1)
    assert info.value.kind == "edited"


@needs_fifo
def test_a_fifo_in_place_of_a_save_is_refused_without_hanging_the_slot_menu() -> None:
    _three_slots()
    path = saves.slot_path(1)
    path.unlink()
    os.mkfifo(path)
    try:
        infos = within(5, saves.list_slots)
        assert infos[0].exists and "not a regular file" in infos[0].problem and infos[0].backup
        with pytest.raises(saves.SaveCorrupt, match="not a regular file") as info:
            within(5, saves.load_slot, 1)
        assert info.value.backup_available
    finally:
        unblock(path)


def test_the_slot_menu_reads_a_small_header_not_a_100_mb_file(monkeypatch) -> None:
    _three_slots()
    path = saves.slot_path(1)
    header = path.read_bytes().split(b"\n", 1)[0]
    with path.open("wb") as fh:  # the header line, then 100 MB (sparse: no disk is used)
        fh.write(header + b"\n")
        fh.truncate(100 * 1024 * 1024)
    read: list[int] = []
    real = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: (read.append(n), real(fd, n))[1])
    info = saves.list_slots()[0]
    assert info.problem is None and info.summary["name"] == "Player 1"
    assert sum(read) <= 3 * saves.HEAD_BYTES, "only the first kilobytes of each file are read"
    monkeypatch.setattr(os, "read", real)
    with pytest.raises(saves.SaveCorrupt, match="too large") as err:
        saves.load_slot(1)
    assert err.value.backup_available


def test_a_summary_of_the_wrong_types_shows_only_what_fits() -> None:
    _three_slots()
    path = saves.slot_path(1)
    head, rest = path.read_bytes().split(b"\n", 1)
    doc = json.loads(head[:-1] + b"}")
    doc["summary"] = {"name": ["x"], "bankroll": "lots", "debt": 10**30, "cantina": "The Lost Hand"}
    path.write_bytes(json.dumps(doc)[:-1].encode() + b",\n" + rest)
    info = saves.list_slots()[0]
    assert info.problem is None and info.summary == {"cantina": "The Lost Hand"}


# --------------------------------------------------------------------------------------- the place file
@pytest.mark.parametrize("text", ["[]", "null", DEEP, '{"seed": 1, "level": "lost_hand", "cell": [[], 2]}',
                                  '{"seed": 1, "level": "lost_hand", "cell": [' + LONG_NUMBER + ", 2]}"],
                         ids=["a list", "null", "nested", "a list for a cell", "a 5,000-digit cell"])
def test_a_bad_place_file_only_forgets_the_spot(text: str) -> None:
    from game.ui.campaign.play import CampaignPlay

    play = CampaignPlay(None, Campaign.new(seed=1), 1)  # type: ignore[arg-type]
    play.place_path().parent.mkdir(parents=True)
    play.place_path().write_text(text, encoding="utf-8")
    assert play.recall_place("lost_hand") is None
    play.remember_place("lost_hand", (3, 4))
    assert play.recall_place("lost_hand") == (3, 4)


# ------------------------------------------------------------------------------------ maps and data files
def _copy_levels(tmp: Path) -> Path:
    dest = tmp / "levels"
    shutil.copytree(ROOT / "levels", dest)
    return dest


@pytest.mark.parametrize("damage", ["flipped bytes", "cut short", "not a png"])
def test_a_damaged_tileset_png_is_refused_at_load_naming_the_file(dirs: Path, damage: str) -> None:
    folder = _copy_levels(dirs)
    png = folder / "tilesets" / "dive.png"
    raw = bytearray(png.read_bytes())
    if damage == "flipped bytes":
        mid = len(raw) // 2
        raw[mid:mid + 16] = bytes(b ^ 0x5A for b in raw[mid:mid + 16])
    elif damage == "cut short":
        raw = raw[: len(raw) // 2]
    else:
        raw = bytearray(b"GIF89a" + bytes(raw[6:]))
    png.write_bytes(bytes(raw))
    with pytest.raises(LevelError, match=r"dive\.png"):
        load_level(folder / "lost_hand.tmx")
    with pytest.raises(LevelError, match=r"dive\.png"):
        load_all_levels(folder)


def test_every_shipped_tileset_png_decodes() -> None:
    from game.campaign.levels import check_png

    for png in sorted((ROOT / "levels").rglob("*.png")):
        w, h = check_png(png, png.name)
        assert w % 32 == 0 and h % 32 == 0


@needs_fifo
def test_a_fifo_for_a_map_is_refused(dirs: Path) -> None:
    folder = _copy_levels(dirs)
    tmx = folder / "lost_hand.tmx"
    tmx.unlink()
    os.mkfifo(tmx)
    try:
        with pytest.raises(LevelError, match="not a regular file"):
            within(5, load_level, tmx)
    finally:
        unblock(tmx)


@pytest.mark.parametrize("text", ["a = " + "[" * 50_000 + "]" * 50_000, "a = " + LONG_NUMBER, "\xff"],
                         ids=["nested", "a 5,000-digit number", "not text"])
def test_a_bad_regulars_file_is_an_error_naming_it(dirs: Path, text: str) -> None:
    path = dirs / "regulars.toml"
    path.write_bytes(text.encode("latin-1") if text == "\xff" else text.encode())
    with pytest.raises(RegularError, match=r"regulars\.toml"):
        load_roster(str(path))


# --------------------------------------------------------------------------------------- the two modules
def test_decode_json_refuses_everything_it_cannot_decode() -> None:
    for raw, kind in [(b"", "cut_short"), (b'{"a": "b', "cut_short"), (b"{\x00}", "malformed"),
                      (DEEP.encode(), "malformed"), (LONG_NUMBER.encode(), "malformed"), (b"\xff\xfe", "not_text"),
                      (b"Infinity", "malformed")]:
        with pytest.raises(files.FileRefused) as info:
            files.decode_json(raw, what="test file")
        assert info.value.kind == kind, raw[:20]
    assert files.decode_json(b'{"a": [1, "b", true, null]}') == {"a": [1, "b", True, None]}


def test_atomic_write_replaces_whole_and_leaves_no_temporary(dirs: Path) -> None:
    target = dirs / "sub" / "file.json"
    files.atomic_write(target, "one")
    files.atomic_write(target, b"two")
    assert target.read_bytes() == b"two" and [p.name for p in target.parent.iterdir()] == ["file.json"]


def test_schema_names_the_path_and_never_trusts_types() -> None:
    s = schema.Obj({"log": schema.List(schema.Obj({"borrow": schema.Int(1, 100)}))})
    with pytest.raises(schema.SchemaError, match=r"^log\[1\]\.borrow: must be a whole number, not True$"):
        s.check({"log": [{"borrow": 5}, {"borrow": True}]})
    with pytest.raises(schema.SchemaError, match=r"log\[0\]\.borrow: must be at most 100"):
        s.check({"log": [{"borrow": int("9" * 4000)}]})
    with pytest.raises(schema.SchemaError, match=r"log: must be a list"):
        s.check({"log": {}})
    with pytest.raises(schema.SchemaError, match=r"extra: is unknown; allowed: log"):
        s.check({"log": [], "extra": 1})
    kept = schema.Obj({"a": schema.Int()}, extra="keep").check({"a": 1, "new": [2]})
    assert kept == {"a": 1, "new": [2]}


def test_a_rules_page_that_does_not_decode_is_a_note_on_the_page(dirs: Path, monkeypatch) -> None:
    from game.ui.scenes import rules

    (dirs / "hintaro.toml").write_text("title = " + "[" * 50_000 + "]" * 50_000, encoding="utf-8")
    monkeypatch.setattr(rules, "rules_dir", lambda: dirs)
    blocks = rules.load_page("hintaro")
    assert any(kind == "note" and "cannot be read" in text for kind, text in blocks)
