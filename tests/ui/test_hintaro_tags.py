"""A seat's "what it just did" tag belongs to the turns: once the Hintaro die is thrown nobody acts any more, so
no "REROLLS RIGHT DIE" or "KEEPS" stays up through the showdown (Hintaro and Better Hintaro)."""

from __future__ import annotations

import pytest

from game.ui.app import App
from game.ui.session import TableSession, ai_seat
from game.ui.settings import Settings
from tests.ui.conftest import until_showdown


@pytest.mark.parametrize("game", ["hintaro", "better_hintaro"])
def test_no_turn_tag_stays_up_at_the_showdown(tmp_path, monkeypatch, game) -> None:
    monkeypatch.setenv("CANTINA_CONFIG_DIR", str(tmp_path))
    app = App(size=(1280, 720), settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True,
              strict=True)
    try:
        tagged_before = False
        t = app.open_table(TableSession.new(game, [ai_seat(i, "regular") for i in range(6)], seed=4))
        for _ in range(20000):
            if t.ai_future is not None:
                t.ai_future.result()
            tagged_before |= any(w.startswith(("REROLLS", "KEEPS")) for w, _ in t.tags.values())
            if t.result is not None and t.result.showdown and t.holding and not t.anims:
                break
            app.step(1 / 30)
        assert t.result is not None and t.result.showdown, "the table never reached its showdown"
        assert tagged_before, "no seat was ever tagged with a reroll or a keep: nothing to check"
        assert not [w for w, _ in t.tags.values() if w.startswith(("REROLLS", "KEEPS"))]
    finally:
        app.shutdown()


def test_every_winner_of_a_split_pot_is_tagged(tmp_path, monkeypatch) -> None:
    """A split pot pays each winner in turn: every one of them keeps its WINS tag through the showdown (the
    second payout once took the first winner's tag away)."""
    monkeypatch.setenv("CANTINA_CONFIG_DIR", str(tmp_path))
    app = App(size=(1280, 720), settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True,
              strict=True)
    try:
        t = app.open_table(TableSession.new("better_hintaro", [ai_seat(i, "regular") for i in range(4)], seed=4))
        until_showdown(app, t)
        split = [line.split(" wins ")[0] for line in t.log_lines() if "(split 2 ways)" in line]
        assert len(split) == 2, "seed 4 no longer splits the first pot: nothing to check"
        tagged = [t.names[s] for s, (w, _) in t.tags.items() if w.startswith("WINS")]
        assert sorted(tagged) == sorted(split)
    finally:
        app.shutdown()


def _play_hearing(game: str, seats: int, seed: int, hear, until) -> None:
    """Play an all-AI table, handing every beat to ``hear`` as it starts (its start run), until ``until()``."""
    app = App(size=(1280, 720), settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True,
              strict=True)
    try:
        t = app.open_table(TableSession.new(game, [ai_seat(i, "regular") for i in range(seats)], seed=seed))
        t.story.listeners.append(lambda beat: hear(t, beat))
        for _ in range(20000):
            if t.ai_future is not None:
                t.ai_future.result()
            if until() or t.state.is_over:
                break
            app.step(1 / 30)
        assert until(), "the table never got as far as the test needs"
    finally:
        app.shutdown()


@pytest.mark.parametrize("game", ["hintaro", "street_hintaro"])
def test_last_rounds_win_tag_goes_when_the_next_round_starts(game) -> None:
    """"WINS 40" belongs to the round it was won in: it comes down as the next round starts (it once stayed by
    the winner until that seat acted, the round's start having cleared a dict of tags already replaced)."""
    seen: dict[str, list] = {"won": [], "at_start": []}

    def hear(t, beat) -> None:
        ev = beat.event
        if ev is None:
            return
        if ev.kind == "pot_won":
            seen["won"].append(ev.seat)
        if ev.kind == "round_started" and seen["won"]:
            seen["at_start"].append(dict(t.tags))

    _play_hearing(game, 2, 1, hear, lambda: len(seen["at_start"]) >= 2)
    assert seen["at_start"] == [{}, {}]


def test_extra_play_pill_goes_when_the_hand_ends() -> None:
    """Nepunian Spike's dice word ("EXTRA PLAY", "NOTHING") is the roll's effect on the hand: once the hand is
    over it no longer stands under the dice (it once stayed through the result and the hold)."""
    seen: dict[str, list] = {"rolled": [], "at_end": []}

    def hear(t, beat) -> None:
        ev = beat.event
        if ev is not None and ev.kind == "dice_rolled":
            seen["rolled"].append(t.deco.get("dice_said"))
        if ev is not None and ev.kind == "round_over" and seen["rolled"]:
            seen["at_end"].append(t.deco.get("dice_said"))

    _play_hearing("nepunian_spike", 4, 2, hear, lambda: len(seen["at_end"]) >= 2)
    assert seen["rolled"][0] is not None, "the roll put up no word: nothing to check"
    assert seen["at_end"] == [None, None]
