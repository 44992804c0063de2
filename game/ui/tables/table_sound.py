"""The table's sound: a beat's sound (a rattle of dice, a clink of chips, a card's slide) plays as its beat starts.

Why a part of its own, and why it listens to the story rather than the bus: an event reaches the bus when the
engine applies it, long before its beat plays (a throw's rattle would come while the last bet's chips still
slide). The sound follows the story player (:mod:`game.ui.tables.story`), as the log does, so what is heard
is what is seen. The synthesised sounds themselves live in :mod:`game.ui.sound` (the app's bank).
"""

from __future__ import annotations

from collections.abc import Callable

from game.ui.anim import Beat


class TableSound:
    """Plays each beat's ``sound`` through ``play`` (the app's sound bank, silent without a mixer)."""

    def __init__(self, play: Callable[[str], None]) -> None:
        self.play = play

    def beat_started(self, beat: Beat) -> None:
        """A beat of the story has started: its sound, if it has one."""
        if beat.sound:
            self.play(beat.sound)
