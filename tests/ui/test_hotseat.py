"""The hot-seat curtain: with two people at one screen and private information, nothing private is drawn
before the next person clicks the curtain away. Proven with a tiny hidden-information game defined here."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from conftest import click, frames, press, until

from game.engine.core import ROUNDS, STACK, Action, Event, State
from game.ui import draw
from game.ui.scenes.curtain import CurtainScene
from game.ui.session import SeatSpec, TableSession
from game.ui.tables.generic import GenericTable


class SecretNumbers(State):
    """Each seat holds a secret number only it may see; seats take turns passing until four passes."""

    game_id = "secret_numbers"
    title = "Secret Numbers"
    min_seats = 2
    max_seats = 2
    OPTIONS = (ROUNDS, STACK)

    def _setup(self) -> list[Event]:
        self.secrets = [1000 + self.rng.below(9000) for _ in range(self.n)]
        self.passes = 0
        self.round_no = 1
        self.current_seat = 0
        return [Event("round_started", None, {"round": 1, "dealer": 0})]

    def _legal(self) -> list[Action]:
        return [Action("pass")]

    def _do(self, action: Action) -> list[Event]:
        s = self.current_seat
        self.passes += 1
        events = [Event("passed", s, {"passes": self.passes}, secret={"mine": self.secrets[s]})]
        if self.passes >= 4:
            self.current_seat = None
            events.append(Event("session_over", None, {"rounds": 1, "stacks": list(self.stacks)}))
        else:
            self.current_seat = 1 - s
        return events

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"passes": self.passes, "mine": f"SECRET-{self.secrets[seat]}" if seat is not None else "hidden"}


def secret_text(state: SecretNumbers, seat: int) -> str:
    return f"SECRET-{state.secrets[seat]}"


@pytest.fixture
def drawn(monkeypatch):
    """Every string drawn through the text renderer, in order."""
    seen: list[str] = []
    monkeypatch.setattr(draw, "TEXT_HOOK", seen.append)
    return seen


def test_curtain_before_each_person_and_nothing_private_before_the_click(app, drawn) -> None:
    state = SecretNumbers(2, 7)
    session = TableSession(state, [SeatSpec("Ann"), SeatSpec("Ben")], seed=7)
    table = app.open_table(session)
    assert isinstance(table, GenericTable)
    assert table.eyes is None  # two people and private information: nobody's eyes until the curtain
    assert until(app, lambda: isinstance(app.stack.top, CurtainScene))
    frames(app, 5)
    assert "Pass to Ann" in drawn
    assert not any("SECRET-" in t for t in drawn), "a secret was drawn before the curtain was dismissed"
    click(app, (640, 360))
    assert table.eyes == 0
    frames(app, 2)
    assert any(secret_text(state, 0) in t for t in drawn)
    assert not any(secret_text(state, 1) in t for t in drawn)

    # Ann passes: the device goes to Ben behind a curtain
    assert until(app, table.my_turn)
    drawn.clear()
    press(app, pygame.K_p)
    assert state.passes == 1
    assert until(app, lambda: isinstance(app.stack.top, CurtainScene))
    frames(app, 5)
    assert "Pass to Ben" in drawn
    curtain_up = list(drawn)
    assert not any(secret_text(state, 1) in t for t in curtain_up)
    assert not any(secret_text(state, 0) in t for t in drawn[drawn.index("Pass to Ben"):])
    drawn.clear()
    press(app, pygame.K_RETURN)
    frames(app, 2)
    assert table.eyes == 1
    assert any(secret_text(state, 1) in t for t in drawn)
    assert not any(secret_text(state, 0) in t for t in drawn), "Ann's secret stayed on screen for Ben"


def test_curtain_pixels_hide_the_table(app) -> None:
    state = SecretNumbers(2, 3)
    table = app.open_table(TableSession(state, [SeatSpec("Ann"), SeatSpec("Ben")], seed=3))
    assert until(app, lambda: isinstance(app.stack.top, CurtainScene))
    frames(app, 1)
    # the table's background is nowhere on screen: the curtain is opaque
    bg = table.background()
    assert pygame.image.tobytes(app.screen, "RGB") != pygame.image.tobytes(bg, "RGB")
    assert app.stack.visible() == [app.stack.top]


def test_no_curtain_against_ai_or_without_private_information(app) -> None:
    from game.ui.session import ai_seat

    state = SecretNumbers(2, 5)
    table = app.open_table(TableSession(state, [SeatSpec("Ann"), ai_seat(1, "random")], seed=5))
    assert table.eyes == 0
    curtains = []
    while not state.is_over:
        assert until(app, lambda: table.my_turn() or state.is_over, limit=2000)
        curtains += [s for s in app.stack.scenes if isinstance(s, CurtainScene)]
        if table.my_turn():
            press(app, pygame.K_p)
    assert state.passes == 4 and not curtains and table.eyes == 0
    # Hintaro shows everything to everyone: two people share the screen without a curtain
    hint = TableSession.new("hintaro", [SeatSpec("Ann"), SeatSpec("Ben")], seed=1)
    t2 = app.open_table(hint)
    assert not t2.has_private_info(0, 1)
    assert until(app, t2.my_turn)
    first = t2.eyes
    press(app, pygame.K_c)
    assert until(app, lambda: t2.my_turn() and t2.eyes != first, limit=3000)
    assert not any(isinstance(s, CurtainScene) for s in app.stack.scenes)
