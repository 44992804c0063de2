"""Reading and writing the game's own files so that no file can stop the game.

Why one module: settings, save slots, the place side file, the maps and the data files were each read with
their own ``try`` around ``json.loads`` or ``tomllib.loads``, and each caught only the decoder's own error, so
100,000 nested brackets (``RecursionError``), a 5,000-digit number (``ValueError``), a FIFO where a file
should be (a read that never returns) or a 100 MB file stopped the game. Here every failure to read or decode
is one exception, :class:`FileRefused`, whose message names the file and says what is wrong; callers decide
what a refusal means (defaults for settings, "refused, backup offered" for a save, an error naming the file
for a map).

Writing: :func:`atomic_write` is the one way the game writes a file: a temporary file in the same folder,
flushed and ``fsync``-ed, moved over the old one with ``os.replace`` (atomic on POSIX and Windows), then the
folder is synced. A kill at any moment leaves the old file or the new one, never half of either.

Base layer: pure standard library, importable from every layer (the engine included).
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

#: the default cap on what a reader takes in (the game's own files are far smaller)
DEFAULT_LIMIT = 8 * 1024 * 1024


class FileRefused(ValueError):
    """A file that cannot be used: unreadable, not a regular file, too large, not text, or not decodable.
    ``kind`` is "unreadable", "not_a_file", "too_large", "not_text", "cut_short" or "malformed"."""

    def __init__(self, message: str, kind: str = "malformed", path: Path | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.path = path


# --------------------------------------------------------------------------------------------- reading
def read_bytes(path: Path | str, limit: int = DEFAULT_LIMIT, *, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes.

    A missing file raises ``FileNotFoundError`` (callers often treat it as "nothing saved yet"); anything
    else wrong raises :class:`FileRefused`. A FIFO, a device or a folder is refused without blocking: the file
    is opened non-blocking and checked with ``fstat`` before a byte is read."""
    p = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise FileRefused(f"the {what} {p.name} is a folder, not a file", "not_a_file", p) from None
    except OSError as exc:
        raise FileRefused(f"the {what} {p.name} cannot be read: {exc.strerror or exc}", "unreadable", p) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"the {what} {p.name} is not a regular file", "not_a_file", p)
        if info.st_size > limit:
            raise FileRefused(f"the {what} {p.name} is too large ({info.st_size:,} bytes; at most {limit:,})",
                              "too_large", p)
        if hasattr(os, "set_blocking"):
            with contextlib.suppress(OSError):
                os.set_blocking(fd, True)
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:  # it grew while being read
            raise FileRefused(f"the {what} {p.name} is too large (more than {limit:,} bytes)", "too_large", p)
        return b"".join(chunks)
    except OSError as exc:
        raise FileRefused(f"the {what} {p.name} cannot be read: {exc.strerror or exc}", "unreadable", p) from None
    finally:
        os.close(fd)


def read_head(path: Path | str, size: int, *, what: str = "file") -> tuple[bytes, int]:
    """The first ``size`` bytes of a regular file and its whole size (same refusals as :func:`read_bytes`,
    but a large file is not an error: only its head is read)."""
    p = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise FileRefused(f"the {what} {p.name} cannot be read: {exc.strerror or exc}", "unreadable", p) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"the {what} {p.name} is not a regular file", "not_a_file", p)
        if hasattr(os, "set_blocking"):
            with contextlib.suppress(OSError):
                os.set_blocking(fd, True)
        return os.read(fd, size), info.st_size
    except OSError as exc:
        raise FileRefused(f"the {what} {p.name} cannot be read: {exc.strerror or exc}", "unreadable", p) from None
    finally:
        os.close(fd)


def _text(raw: bytes, what: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileRefused(f"the {what} is damaged (not text at byte {exc.start})", "not_text") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def decode_json(raw: bytes | str, *, what: str = "file") -> Any:
    """JSON from bytes or text. Any failure (bad syntax, nesting too deep, a number too long, NaN, not UTF-8)
    raises :class:`FileRefused`; ``kind`` is "cut_short" when the text ends inside a string or with brackets
    still open (what a write cut off looks like)."""
    text = _text(raw, what) if isinstance(raw, bytes) else raw
    if not text.strip():
        raise FileRefused(f"the {what} is empty", "cut_short")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        # a write cut off ends inside a string or with brackets open; raw control characters (which no JSON
        # writer leaves unescaped) mean damaged bytes, wherever the text ends
        damaged = any(ord(ch) < 32 and ch not in "\n\r\t" for ch in text)
        kind = "cut_short" if _cut_short(text) and not damaged else "malformed"
        raise FileRefused(f"the {what} is damaged: {exc.msg} at line {exc.lineno}, column {exc.colno}", kind) from None
    except RecursionError:
        raise FileRefused(f"the {what} is damaged: its brackets nest too deeply", "malformed") from None
    except (ValueError, MemoryError, OverflowError) as exc:  # a 5,000-digit number, NaN, a huge file
        raise FileRefused(f"the {what} is damaged: {str(exc)[:120]}", "malformed") from None


def decode_toml(raw: bytes | str, *, what: str = "file") -> dict[str, Any]:
    """TOML from bytes or text; any failure raises :class:`FileRefused`."""
    import tomllib  # here, not at the top: ~3 ms of import the title's first frame does not need

    text = _text(raw, what) if isinstance(raw, bytes) else raw
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FileRefused(f"the {what} is not valid TOML: {exc}", "malformed") from None
    except RecursionError:
        raise FileRefused(f"the {what} is damaged: its tables nest too deeply", "malformed") from None
    except (ValueError, MemoryError, OverflowError) as exc:
        raise FileRefused(f"the {what} is damaged: {str(exc)[:120]}", "malformed") from None


def load_json(path: Path | str, limit: int = DEFAULT_LIMIT, *, what: str = "file") -> Any:
    """Read and decode a JSON file (``FileNotFoundError`` when missing, else :class:`FileRefused`)."""
    p = Path(path)
    raw = read_bytes(p, limit, what=what)
    try:
        return decode_json(raw, what=f"{what} {p.name}")
    except FileRefused as exc:
        exc.path = p
        raise


def load_toml(path: Path | str, limit: int = DEFAULT_LIMIT, *, what: str = "file") -> dict[str, Any]:
    """Read and decode a TOML file (``FileNotFoundError`` when missing, else :class:`FileRefused`)."""
    p = Path(path)
    raw = read_bytes(p, limit, what=what)
    try:
        return decode_toml(raw, what=f"{what} {p.name}")
    except FileRefused as exc:
        exc.path = p
        raise


def _cut_short(text: str) -> bool:
    """Does the text end inside a string or with brackets still open?"""
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
    return in_string or depth > 0


# --------------------------------------------------------------------------------------------- writing
def fsync_dir(folder: Path) -> None:
    """Make a rename durable (POSIX); Windows has no directory handles to sync, and needs none."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_temp(folder: Path, prefix: str, data: bytes) -> Path:
    """A new, synced temporary file in ``folder`` holding ``data`` (the caller moves it into place)."""
    fd, name = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
    return Path(name)


def atomic_write(path: Path | str, data: bytes | str) -> Path:
    """Replace ``path`` with ``data`` whole (see the module notes). Raises OSError if it cannot be written."""
    p = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = write_temp(p.parent, f".{p.name}.", payload)
    try:
        os.replace(tmp, p)
        fsync_dir(p.parent)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    return p
