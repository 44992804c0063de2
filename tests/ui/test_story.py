"""The story player on its own, with a plain table of hooks (no window, no game): the order it folds, says and
ends beats in, the say_at timing of a throw, the hold after a round's end, and a table's bug reported."""

from __future__ import annotations

import math

from game.engine.core import Event
from game.ui.anim import Anim, Beat
from game.ui.tables.story import StoryPlayer, landing_time


class Thrown(Anim):
    """A die in the air (it lands after its delay and duration)."""

    lands = True


class Slide(Anim):
    """Chips sliding: nothing lands."""


class Hooks:
    """A table as the story sees it: it writes down every hook called, in order."""

    def __init__(self, beats: dict[str, list[Beat]] | None = None, hold: float | None = None) -> None:
        self.anims: list[Anim] = []
        self.calls: list[str] = []
        self.beats = beats or {}
        self.hold = hold

    def beats_for(self, ev: Event) -> list[Beat]:
        if ev.kind == "broken":
            raise ValueError("no picture for it")
        return self.beats.get(ev.kind, [])

    def hold_seconds(self, ev: Event) -> float | None:
        return self.hold

    def fold(self, ev: Event) -> None:
        self.calls.append(f"fold {ev.kind}")

    def dur(self, seconds: float) -> float:
        return seconds / 2  # the table plays at 2×

    def add_log(self, ev: Event | None, text: str = "") -> None:
        self.calls.append(f"say {ev.kind if ev else text}")

    def on_beat_started(self, beat: Beat) -> None:
        self.calls.append("started")

    def on_beat_ended(self) -> None:
        self.calls.append("ended")

    def start_hold(self) -> None:
        self.calls.append("hold")

    def end_hold(self) -> None:
        self.calls.append("go on")


def test_an_event_without_beats_still_folds_and_is_said_in_one_frame() -> None:
    t = Hooks()
    p = StoryPlayer(t, t.calls.append)
    p.tell(Event("bet", 0, {}))
    assert not p.idle()
    p.play(0.0)
    assert t.calls == ["fold bet", "say bet", "started", "ended"] and p.idle()


def test_a_throw_is_said_when_its_die_lands_and_the_sound_hears_the_start() -> None:
    t = Hooks()

    def throw() -> None:
        t.anims += [Slide(0.1), Thrown(0.6, delay=0.2)]
    t.beats["roll"] = [Beat(2.0, throw, sound="dice")]
    p = StoryPlayer(t, t.calls.append)
    heard: list[str | None] = []
    p.listeners.append(lambda b: heard.append(b.sound))
    p.tell(Event("roll", 1, {}))
    p.play(0.1)
    assert heard == ["dice"] and p.beat is not None and math.isclose(p.beat.say_at, 0.8)
    assert math.isclose(p.beat.duration, 1.0), "the beat's length follows the speed setting"
    assert "say roll" not in t.calls, "not said while the die is in the air"
    p.play(0.75)
    assert t.calls.count("say roll") == 1 and "ended" not in t.calls
    p.play(0.2)
    assert t.calls[-1] == "ended" and t.calls.count("say roll") == 1 and p.idle()


def test_a_skipped_beat_is_said_at_once_and_the_next_one_waits() -> None:
    t = Hooks({"roll": [Beat(1.0, lambda: t.anims.append(Thrown(0.5))), Beat(1.0)]})
    p = StoryPlayer(t, t.calls.append)
    p.tell(Event("roll", 0, {}))
    p.play(0.0)
    p.skip()
    assert t.calls == ["fold roll", "started", "say roll", "ended"]
    assert len(p.beats) == 1 and p.beat is None


def test_the_hold_after_a_round_lasts_until_released() -> None:
    t = Hooks(hold=math.inf)
    p = StoryPlayer(t, t.calls.append)
    assert not p.release(), "nothing to release before the round ends"
    p.tell(Event("round_over", None, {}))
    p.play(0.0)
    p.play(0.0)
    assert p.holding and t.calls[-2:] == ["hold", "started"]
    p.play(1e6)
    assert p.holding, "a person's hold has no end of its own"
    assert p.release() and not p.holding and t.calls[-2:] == ["go on", "ended"] and p.idle()


def test_a_table_that_cannot_animate_an_event_is_reported_and_the_event_still_folds() -> None:
    t = Hooks()
    problems: list[str] = []
    p = StoryPlayer(t, problems.append)
    p.tell(Event("broken", 0, {}))
    p.play(0.0)
    assert problems == ["cannot animate broken: no picture for it"] and "fold broken" in t.calls


def test_landing_time_counts_only_what_lands() -> None:
    assert landing_time([Slide(3.0)]) == 0.0
    assert landing_time([Thrown(0.5, delay=0.25), Thrown(0.2), Slide(9.0)]) == 0.75



def test_the_table_sound_plays_a_beat_sound_when_its_beat_starts_not_when_the_event_comes() -> None:
    from game.ui.tables.table_sound import TableSound

    t = Hooks({"bet": [Beat(0.5, sound="chips")], "roll": [Beat(0.5, sound="dice")]})
    played: list[str] = []
    p = StoryPlayer(t, t.calls.append)
    p.listeners.append(TableSound(played.append).beat_started)
    p.tell(Event("bet", 0, {}))
    p.tell(Event("roll", 0, {}))
    assert played == []
    p.play(0.0)
    assert played == ["chips"]
    p.play(0.3)
    assert played == ["chips", "dice"]
