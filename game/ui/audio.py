"""Start pygame with the sound device opened quietly: a machine without sound plays in silence, saying so once.

Why: SDL opens the sound device inside ``pygame.init()``. On a machine without a sound card (a CI runner, a
server, a container) ALSA's C library writes ~8 lines of ``ALSA lib ...`` straight to file descriptor 2 for
every attempt, where Python's ``sys.stderr`` cannot catch them, and SDL then reports the failure as an
ordinary error. So the attempt runs with descriptor 2 pointed at a temporary file: if the device opened,
whatever was written is passed on untouched; if not, the sound libraries' chatter is dropped, anything else
is passed on, and one log line says that the game plays without sound. The mixer is tried once per process
(:func:`open_mixer` remembers the answer), so starting the sound bank later never repeats the noise.

``SDL_AUDIODRIVER`` is left as the user set it: ``dummy`` (the tests) or ``disk`` work as before.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Callable
from typing import Any

import pygame

from game.logs import get_logger

log = get_logger("cantina.sound")

RATE = 22050
FORMAT = -16
CHANNELS = 1
BUFFER = 512

#: lines the sound libraries write when there is no device (ALSA, JACK, PulseAudio clients)
_NOISE_PREFIXES = ("ALSA lib ", "ALSA:", "jack", "Cannot connect to server", "JackShmReadWritePtr",
                   "connect(2) call to", "attempt to connect to server failed", "pulseaudio", "Home directory")

_tried = False
_problem: str | None = None


def is_sound_noise(line: str) -> bool:
    """A line the sound libraries print when they find no device."""
    return line.lstrip().startswith(_NOISE_PREFIXES)


def _flush_stderr() -> None:
    with contextlib.suppress(AttributeError, ValueError, OSError):
        sys.stderr.flush()


def _quietly(fn: Callable[[], Any]) -> tuple[Any, str]:
    """Run ``fn`` with file descriptor 2 (C libraries' stderr) captured; (its result, what was written there)."""
    try:
        sink = tempfile.TemporaryFile()  # noqa: SIM115 - closed by the with-block below
    except OSError:
        return fn(), ""
    with sink:
        try:
            saved = os.dup(2)
        except OSError:  # no descriptor 2 at all (a windowed app on Windows): nothing to hide
            return fn(), ""
        _flush_stderr()
        try:
            os.dup2(sink.fileno(), 2)
            result = fn()
        finally:
            _flush_stderr()
            os.dup2(saved, 2)
            os.close(saved)
        sink.seek(0)
        written = sink.read().decode("utf-8", "replace")
    return result, written


def _pass_on(text: str, keep: Callable[[str], bool]) -> None:
    lines = [line for line in text.splitlines() if line.strip() and keep(line)]
    if lines:
        with contextlib.suppress(AttributeError, ValueError, OSError):
            sys.stderr.write("\n".join(lines) + "\n")
            sys.stderr.flush()


def _settle(written: str, error: str | None = None) -> str | None:
    """After an attempt: pass on what was written, remember and log why there is no sound (once)."""
    global _tried, _problem
    _tried = True
    if pygame.mixer.get_init():
        _problem = None
        _pass_on(written, lambda _line: True)
        return None
    _pass_on(written, lambda line: not is_sound_noise(line))
    reason = error or pygame.get_error() or "the mixer did not start"
    _problem = f"no sound device ({reason})"
    log.warning("%s: playing without sound", _problem)
    return _problem


def init_display() -> None:
    """pygame's window, events and fonts, without the sound device: what the title's first frame needs.

    Why: opening the device is slow where it fails or a sound server answers late (~17 ms of failed ALSA
    attempts on a machine without a sound card, 3 ms on the dummy driver), and nothing is heard before the
    first frame anyway. :func:`init` (the app's sound start, after that frame) opens the rest quietly."""
    pygame.display.init()
    pygame.font.init()


def init() -> str | None:
    """``pygame.init()`` with the mixer opened quietly. Returns why there is no sound, or None."""
    pygame.mixer.pre_init(RATE, FORMAT, CHANNELS, BUFFER)
    _, written = _quietly(pygame.init)
    return _settle(written)


def open_mixer() -> str | None:
    """The mixer, opened if it is not yet (quietly, at most once a process). Returns why not, or None."""
    if pygame.mixer.get_init():
        return None
    if _tried and _problem is not None:
        return _problem

    def attempt() -> str | None:
        try:
            pygame.mixer.init(RATE, FORMAT, CHANNELS, BUFFER)
        except pygame.error as exc:
            return str(exc)
        return None

    error, written = _quietly(attempt)
    return _settle(written, error)


def problem() -> str | None:
    """Why there is no sound (None if there is, or if nobody has tried yet)."""
    return _problem
