"""Save slots: versioned JSON in the user's data folder, written so that a crash never costs a campaign.

Where: ``platformdirs.user_data_dir("lost-hand-cantina")/saves`` (``$CANTINA_DATA_DIR/saves`` when that
variable is set: tests point it at a temporary folder). Slot ``n`` is ``slot<n>.json``; the save it replaced
is kept as ``slot<n>.json.bak``.

How a save is written (:func:`save_slot`), and why a kill at any moment is harmless:

1. The new save is encoded and decoded again: a save that would not load is never written.
2. It goes to a temporary file in the same folder, which is flushed and ``fsync``-ed.
3. The current save becomes the backup by a hard link to a temporary name and an ``os.replace`` onto
   ``.bak`` (a copy where links are not supported): the backup is swapped whole, and ``slot<n>.json`` is not
   touched.
4. ``os.replace`` moves the new file onto ``slot<n>.json`` (atomic on POSIX and Windows), then the folder is
   ``fsync``-ed. Until that rename the old save is in place; after it, the new one. There is no moment when
   the slot holds half a file.

What a save holds (version 2): the facts a campaign cannot derive (its name, seed and starting credits, the
player's choices in order and every action played at each table) and no number that can be derived: chips,
the ledger, reputation, wins and the cantinas opened are recomputed at load by replaying the choices through
the campaign (:meth:`Campaign.from_dict <game.campaign.progress.Campaign.from_dict>`). An edited save is
therefore refused (a choice the player could not have made, an action the table would not allow) or harmless
(a legal alternative history). Version 1 saves, which stored the numbers, load through a migration that reads
only their facts (``game.campaign.migrate``). The first line of the file is a small header (format, version,
time, and a summary for the slot menu), so the menu reads a few kilobytes, never the whole file.

How a save is read (:func:`load_slot`): a truncated file, anything that does not decode (broken JSON,
brackets nested 100,000 deep, a 5,000-digit number, bytes that are not text), a file too large or not a
regular file (a FIFO is refused without blocking), choices that cannot be replayed, or a save from a newer
version is refused with :class:`SaveCorrupt`, whose message says which, and whose ``backup_available`` says
whether ``.bak`` would load. Nothing is overwritten until the player chooses: :func:`restore_backup` (which keeps the
refused file as ``slot<n>.json.refused``), or a new save with ``replace_unreadable=True``.

The UI saves after every hand (any event list holding a ``round_over``, see :func:`hand_finished`), after
sitting down, getting up, passing a door or dealing with the lender, and on quit: at most the hand in progress
is lost, and not even that, since the table's engine state is saved mid-hand.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
import logging
import os
import secrets
import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.campaign.levels import Level
from game.campaign.progress import Campaign, CampaignDataError
from game.campaign.regulars import Roster
from game.files import FileRefused, decode_json, fsync_dir, read_bytes, read_head, write_temp

log = logging.getLogger("cantina.campaign")

SAVE_FORMAT = "lost-hand-cantina/campaign"
SAVE_VERSION = 2
#: the largest save file read whole (a long campaign's actions are a few megabytes)
MAX_SAVE_BYTES = 64 * 1024 * 1024
#: what the slot menu reads of each file: the header line; older saves smaller than this are read whole
HEAD_BYTES = 64 * 1024
#: a version 1 save has no header line: the menu reads it whole up to this size
OLD_HEADER_BYTES = 4 * 1024 * 1024
SLOTS = 3
ENV_DIR = "CANTINA_DATA_DIR"
APP_NAME = "lost-hand-cantina"  # the same folder name as the settings (game/ui/settings.py)

# the digest of the last save this process wrote or read whole, per path: a known-good file is not re-checked
_known_good: dict[Path, str] = {}


class SaveCorrupt(Exception):
    """A save slot that cannot be loaded. ``kind`` is "truncated", "corrupt", "edited", "newer" or "missing";
    ``backup_available`` is True when the slot's backup loads (offer :func:`restore_backup`)."""

    def __init__(self, message: str, *, slot: int | None = None, kind: str = "corrupt",
                 backup_available: bool = False, path: Path | None = None) -> None:
        super().__init__(message)
        self.slot = slot
        self.kind = kind
        self.backup_available = backup_available
        self.path = path


class SlotEmpty(FileNotFoundError):
    """No save in this slot (and no backup either)."""


@dataclass(frozen=True)
class SlotInfo:
    """What the load menu shows for a slot (read quickly: the full check happens on load)."""

    slot: int
    exists: bool
    saved_at: str | None
    summary: Mapping[str, Any] | None
    problem: str | None
    backup: bool  # a backup file exists


# ------------------------------------------------------------------------------------------------ paths
def data_dir() -> Path:
    """The user's data folder for the game (``$CANTINA_DATA_DIR`` overrides it)."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def _check_slot(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= SLOTS:
        raise ValueError(f"save slots are 1 to {SLOTS}, not {n!r}")


def slot_path(n: int) -> Path:
    _check_slot(n)
    return saves_dir() / f"slot{n}.json"


def backup_path(n: int) -> Path:
    return slot_path(n).with_name(f"slot{n}.json.bak")


def refused_path(n: int) -> Path:
    return slot_path(n).with_name(f"slot{n}.json.refused")


def place_path(n: int) -> Path:
    """The small file beside slot ``n``'s save where the UI remembers the spot the player stands on (the
    campaign data has no place for it). It belongs to the slot, so emptying the slot removes it too."""
    return slot_path(n).with_name(f"slot{n}.place.json")


# ------------------------------------------------------------------------------------- encode / decode
def encode(campaign: Campaign) -> bytes:
    """The save file: one JSON object whose first line is the header (format, version, time, summary) and
    whose second holds the campaign, so the slot menu reads the first line alone."""
    header = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "summary": campaign.summary(),
    }
    head = json.dumps(header, ensure_ascii=True)
    body = json.dumps(campaign.to_dict(), ensure_ascii=False, separators=(",", ":"))
    return f"{head[:-1]},\n\"campaign\": {body}}}\n".encode()


class _Problem(Exception):
    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def _parse(raw: bytes) -> dict[str, Any]:
    """The save document's JSON, with its header checked; problems raise _Problem with a kind."""
    if not raw.strip():
        raise _Problem("truncated", "the save file is empty (the game may have stopped while writing it)")
    try:
        doc = decode_json(raw, what="save file")
    except FileRefused as exc:
        if exc.kind == "cut_short":
            raise _Problem("truncated", f"the save file is cut short after {len(raw)} bytes (the game may have "
                                        "stopped while writing it)") from None
        raise _Problem("corrupt", str(exc)) from None
    _check_header(doc)
    if not isinstance(doc.get("campaign"), dict):
        raise _Problem("corrupt", "the save holds no campaign")
    return doc


def _check_header(doc: Any) -> int:
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise _Problem("corrupt", "this file is not a Lost Hand Cantina campaign save")
    version = doc.get("version")
    if type(version) is not int or version < 1:
        raise _Problem("corrupt", f"the save's version {str(version)[:20]!r} makes no sense")
    if version > SAVE_VERSION:
        raise _Problem("newer", f"the save was made by a newer version of the game (save version {version}; this "
                                f"game reads up to {SAVE_VERSION}): update the game to load it")
    return version


def decode(raw: bytes, *, levels: Mapping[str, Level] | None = None, roster: Roster | None = None,
           games: Mapping[str, Any] | None = None, shortcuts: bool = False) -> Campaign:
    """A campaign from save bytes, fully checked. Problems raise SaveCorrupt (no slot attached).
    ``shortcuts``: accept a test campaign's shortcuts (the game itself never does)."""
    try:
        doc = _parse(raw)
        try:
            return Campaign.from_dict(doc["campaign"], levels=levels, roster=roster, games=games,
                                      version=doc["version"], shortcuts=shortcuts)
        except CampaignDataError as exc:
            raise _Problem("edited", f"the save's contents do not add up (edited by hand, or damaged): {exc}"
                           ) from None
        except RecursionError:
            raise _Problem("corrupt", "the save file is damaged: it nests too deeply") from None
        except Exception as exc:  # whatever else a damaged save sets off is a refusal, never a crash
            log.exception("a save could not be replayed")
            raise _Problem("corrupt", f"the save cannot be replayed ({type(exc).__name__}: {str(exc)[:200]})"
                           ) from None
    except _Problem as p:
        raise SaveCorrupt(str(p), kind=p.kind) from None


def _digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


# --------------------------------------------------------------------------------------------- writing
_fsync_dir = fsync_dir
_write_temp = write_temp


def _replace_with_copy_of(src: Path, dest: Path, prefix: str) -> None:
    """Atomically make ``dest`` a copy of ``src`` (hard link if possible, else a synced copy), leaving ``src``."""
    folder = dest.parent
    tmp = folder / f"{prefix}{secrets.token_hex(6)}.tmp"
    try:
        try:
            os.link(src, tmp)
        except OSError:  # no hard links here (FAT, some network drives): copy, then sync
            tmp = _write_temp(folder, prefix, src.read_bytes())
        os.replace(tmp, dest)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def _clean_temps(n: int) -> None:
    """Remove temporary files a killed save left behind."""
    for p in saves_dir().glob(f".slot{n}.*.tmp"):
        with contextlib.suppress(OSError):
            p.unlink()


def _read(path: Path) -> bytes:
    """A save file's bytes: at most :data:`MAX_SAVE_BYTES`, a regular file only (never blocks on a FIFO).
    ``FileNotFoundError`` when missing; :class:`~game.files.FileRefused` for anything else."""
    return read_bytes(path, MAX_SAVE_BYTES, what="save file")


def _loads_ok(path: Path, campaign: Campaign | None) -> bool:
    """Does the file at ``path`` hold a save that loads? (Known-good files are not checked twice.)"""
    try:
        raw = _read(path)
    except (OSError, FileRefused):
        return False
    digest = _digest(raw)
    if _known_good.get(path) == digest:
        return True
    try:
        if campaign is not None:
            decode(raw, levels=campaign.levels, roster=campaign.roster, games=campaign.games,
                   shortcuts=campaign.shortcuts)
        else:
            decode(raw)
    except SaveCorrupt:
        return False
    _known_good[path] = digest
    return True


def save_slot(n: int, campaign: Campaign, *, replace_unreadable: bool = False) -> Path:
    """Write ``campaign`` to slot ``n`` atomically, keeping the previous save as the backup.

    If the slot holds a save that cannot be loaded, it is not touched (raises SaveCorrupt) unless the player
    chose to replace it (``replace_unreadable=True``); an unreadable save never becomes the backup."""
    path = slot_path(n)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    _clean_temps(n)
    problems = campaign.audit()
    if problems:
        raise ValueError(f"refusing to save a campaign whose books do not balance: {'; '.join(problems[:3])}")
    data = encode(campaign)
    again = _reloaded(campaign, data)  # never write a save that would not load as this campaign
    if _facts(again) != _facts(campaign):
        raise ValueError("refusing to save a campaign whose numbers its own choices do not give (changed other "
                         "than by play?)")
    current_ok = path.exists() and _loads_ok(path, campaign)
    if path.exists() and not current_ok and not replace_unreadable:
        raise SaveCorrupt(f"slot {n} holds a save that cannot be loaded; it is kept until you choose to restore "
                          f"its backup or to replace it", slot=n, kind="corrupt",
                          backup_available=_loads_ok(backup_path(n), campaign), path=path)
    tmp = _write_temp(folder, f".slot{n}.json.", data)
    try:
        if current_ok:
            _replace_with_copy_of(path, backup_path(n), f".slot{n}.json.bak.")
            _known_good[backup_path(n)] = _known_good.get(path, "")
        os.replace(tmp, path)
        _fsync_dir(folder)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    _known_good[path] = _digest(data)
    return path


#: per campaign in play: a replica replayed from its save through the entries that are closed (the log before
#: the sitting in progress), and how many; each save replays only what is new (see :func:`_reloaded`)
_followers: weakref.WeakKeyDictionary[Campaign, tuple[dict[str, Any], int, Campaign]] = weakref.WeakKeyDictionary()


def _reloaded(campaign: Campaign, data: bytes) -> Campaign:
    """The campaign ``data`` loads as (what :func:`decode` gives), without replaying the whole campaign on
    every autosave: the log's closed entries never change once written, so a replica kept for this campaign is
    brought up to date with the new ones, and only the sitting in progress is replayed, on a copy. Anything
    unexpected falls back to the full :func:`decode`."""
    from game.campaign.progress import CampaignDataError, begin_replay

    try:
        doc = _parse(data)
        if doc["version"] != SAVE_VERSION:
            raise _Problem("corrupt", "not this version's save")
        log_entries = doc["campaign"].get("log")
        if not isinstance(log_entries, list):
            raise _Problem("corrupt", "no log")
        closed = len(log_entries) - (1 if campaign.session is not None else 0)
        head = {k: v for k, v in doc["campaign"].items() if k != "log"}  # name, seed...: the replica's start
        start, done, replica = _followers.get(campaign, (None, 0, None))
        if replica is None or done > closed or start != head:
            replica, _ = begin_replay(doc["campaign"], campaign.levels, campaign.roster, campaign.games,
                                      campaign.shortcuts)
            done = 0
        for i in range(done, closed):
            replica.replay_command(log_entries[i], f"campaign.log[{i}]", last=False)
        _followers[campaign] = (head, closed, replica)
        if closed == len(log_entries):
            return replica
        shared = {id(x): x for x in (replica.levels, replica.roster, replica.games)}
        check = copy.deepcopy(replica, shared)
        check.replay_command(log_entries[-1], f"campaign.log[{closed}]", last=True)
        return check
    except (_Problem, CampaignDataError, RecursionError):
        _followers.pop(campaign, None)
        return decode(data, levels=campaign.levels, roster=campaign.roster, games=campaign.games,
                      shortcuts=campaign.shortcuts)


def _facts(c: Campaign) -> tuple[Any, ...]:
    """What a reloaded campaign must agree on with the one saved."""
    return (c.summary(), sorted(c.unlocked), c.beaten, c.regular_bankrolls,
            [(e.kind, dict(e.postings), e.debt, e.rep) for e in c.ledger.entries],
            c.session.state.actions if c.session is not None else None)


def hand_finished(events: Iterable[Any]) -> bool:
    """True when ``events`` end a hand: the moment to autosave."""
    return any(getattr(e, "kind", None) == "round_over" for e in events)


# --------------------------------------------------------------------------------------------- reading
def load_slot(n: int, *, levels: Mapping[str, Level] | None = None, roster: Roster | None = None,
              games: Mapping[str, Any] | None = None, shortcuts: bool = False) -> Campaign:
    """The campaign in slot ``n``. Raises SlotEmpty, or SaveCorrupt (with ``backup_available``)."""
    path = slot_path(n)
    bak = backup_path(n)
    kwargs = {"levels": levels, "roster": roster, "games": games, "shortcuts": shortcuts}
    if not path.exists():
        if bak.exists():
            raise SaveCorrupt(f"slot {n}: the save file is missing, but its backup is there", slot=n,
                              kind="missing", backup_available=_backup_loads(bak, kwargs), path=path)
        raise SlotEmpty(f"slot {n} is empty")
    try:
        raw = _read(path)
    except FileNotFoundError:
        raise SlotEmpty(f"slot {n} is empty") from None
    except (OSError, FileRefused) as exc:
        raise SaveCorrupt(f"slot {n}: the save cannot be read: {exc}", slot=n, kind="corrupt",
                          backup_available=_backup_loads(bak, kwargs), path=path) from None
    try:
        campaign = decode(raw, **kwargs)
    except SaveCorrupt as exc:
        raise SaveCorrupt(f"slot {n}: {exc}", slot=n, kind=exc.kind, backup_available=_backup_loads(bak, kwargs),
                          path=path) from None
    _known_good[path] = _digest(raw)
    return campaign


def _backup_loads(bak: Path, kwargs: Mapping[str, Any]) -> bool:
    try:
        decode(_read(bak), **kwargs)
    except (OSError, FileRefused, SaveCorrupt):
        return False
    return True


def restore_backup(n: int, *, levels: Mapping[str, Level] | None = None, roster: Roster | None = None,
                   games: Mapping[str, Any] | None = None, shortcuts: bool = False) -> Campaign:
    """The player chose the backup: it becomes the slot's save (the refused file is kept as ``.refused``)."""
    path, bak = slot_path(n), backup_path(n)
    try:
        raw = _read(bak)
    except FileNotFoundError:
        raise SaveCorrupt(f"slot {n} has no backup", slot=n, kind="missing", path=bak) from None
    except (OSError, FileRefused) as exc:
        raise SaveCorrupt(f"slot {n}: the backup cannot be read: {exc}", slot=n, kind="corrupt", path=bak) from None
    try:
        campaign = decode(raw, levels=levels, roster=roster, games=games, shortcuts=shortcuts)
    except SaveCorrupt as exc:
        raise SaveCorrupt(f"slot {n}: the backup cannot be loaded either: {exc}", slot=n, kind=exc.kind,
                          path=bak) from None
    folder = path.parent
    _clean_temps(n)
    tmp = _write_temp(folder, f".slot{n}.json.", raw)
    try:
        if path.exists():
            _replace_with_copy_of(path, refused_path(n), f".slot{n}.json.refused.")
        os.replace(tmp, path)
        _fsync_dir(folder)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    _known_good[path] = _digest(raw)
    return campaign


def delete_slot(n: int) -> None:
    """The player emptied the slot: its save, backup, any refused file and the remembered spot go."""
    for p in (slot_path(n), backup_path(n), refused_path(n), place_path(n)):
        with contextlib.suppress(FileNotFoundError):
            p.unlink()
        _known_good.pop(p, None)


def list_slots() -> list[SlotInfo]:
    """Every slot, read quickly for the load menu: each file's header line (a few kilobytes, whatever the
    file's size), never the whole campaign. A slot whose file cannot be read shows the problem; nothing a file
    holds can stop the menu (the full check happens on load)."""
    return [_slot_info(n) for n in range(1, SLOTS + 1)]


_SUMMARY_KEYS = {"name": str, "cantina": str, "at_table": str, "bankroll": int, "reputation": int, "debt": int,
                 "won": bool}


def _slot_info(n: int) -> SlotInfo:
    path = slot_path(n)
    backup = backup_path(n).exists()
    try:
        head, size = read_head(path, HEAD_BYTES, what="save file")
    except FileNotFoundError:
        return SlotInfo(n, False, None, None, "the save file is missing" if backup else None, backup)
    except (OSError, FileRefused) as exc:
        return SlotInfo(n, True, None, None, str(exc), backup)
    try:
        doc = _header(head, size, path)
    except _Problem as exc:
        return SlotInfo(n, True, None, None, str(exc), backup)
    raw_summary = doc.get("summary")
    summary = None
    if isinstance(raw_summary, dict):  # only the words the card shows, each of its own type and short
        summary = {k: v for k, v in raw_summary.items() if k in _SUMMARY_KEYS and type(v) is _SUMMARY_KEYS[k]
                   and (not isinstance(v, str) or len(v) <= 200) and (not isinstance(v, int) or abs(v) < 10**15)}
    saved_at = doc.get("saved_at") if isinstance(doc.get("saved_at"), str) else None
    return SlotInfo(n, True, saved_at[:40] if saved_at else None, summary, None, backup)


def _header(head: bytes, size: int, path: Path) -> dict[str, Any]:
    """The header of a save from the first bytes of its file: the first line (version 2 on), or the whole
    document when the file is small enough to have been read whole (an older save)."""
    if size == 0 or not head.strip():
        raise _Problem("truncated", "the save file is empty (the game may have stopped while writing it)")
    line, newline, _ = head.partition(b"\n")
    if newline and line.rstrip().endswith(b","):
        try:
            doc = decode_json(line.rstrip()[:-1] + b"}", what="save header")
        except FileRefused:
            doc = None
        if isinstance(doc, dict) and "format" in doc:
            _check_header(doc)
            return doc
    if size <= len(head):
        return _parse(head)
    if size <= OLD_HEADER_BYTES:  # a version 1 save (pretty-printed, no header line): small enough to read
        try:
            return _parse(read_bytes(path, OLD_HEADER_BYTES, what="save file"))
        except (OSError, FileRefused) as exc:
            raise _Problem("corrupt", str(exc)) from None
    raise _Problem("corrupt", "the save file's header is damaged")
