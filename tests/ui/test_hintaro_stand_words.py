"""Hintaro and Better Hintaro say what "stand" means where a seat has no standing (play report item 7), true to
the engine's table of standings, and a die that landed blank carries a mark (a bare face read as unthrown)."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.engine.hintaro import STANDINGS
from game.ui.app import App
from game.ui.session import TableSession, ai_seat
from game.ui.settings import Settings
from game.ui.showdown_words import STAND_RULE, showdown_words
from tests.ui.conftest import until_showdown

ART = Path(__file__).resolve().parents[2] / "assets" / "art" / "dice"


def test_the_stand_rule_lists_exactly_the_engines_standings() -> None:
    said = set()
    for part in re.split(r", | or ", STAND_RULE.split("exactly ", 1)[1].split(" left")[0]):
        counts = dict((name, int(n)) for n, name in re.findall(r"(\d) (Tukar|Kulro)", part))
        said.add((counts.get("Tukar", 0), counts.get("Kulro", 0)))
    assert said == set(STANDINGS)
    for game_id in ("hintaro", "better_hintaro"):
        assert STAND_RULE in showdown_words(game_id, "nobody_stands", {})


@pytest.mark.parametrize("name", ["player_blank", "hintaro_blank"])
def test_a_blank_face_carries_a_mark(name: str) -> None:
    """The ring engraved on a blank face: darker on the ring than in its hollow middle and than the bare face
    beside it (a plain face was the same all over)."""
    img = pygame.image.load(str(ART / f"{name}.svg"))
    w = img.get_width()

    def lum(x: float, y: float) -> float:
        c = img.get_at((int(x * w / 100), int(y * w / 100)))
        return 0.3 * c.r + 0.59 * c.g + 0.11 * c.b

    assert lum(38, 50) < lum(50, 50) - 25
    assert lum(38, 50) < lum(25, 50) - 25


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CANTINA_CONFIG_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True,
            strict=True)
    yield a
    a.shutdown()


def test_a_seats_plate_says_what_stand_means_after_the_hintaro_die(app) -> None:
    t = app.open_table(TableSession.new("hintaro", [ai_seat(i, "regular") for i in range(4)], seed=2))
    until_showdown(app, t)
    seats = [s for s in range(t.n) if t.verdict(s) is not None]
    assert seats, "no showdown row to hover"
    plate = t.seat_geo[seats[0]]["plate"]
    t.hover_pos = plate.center
    tip = t.tooltip()
    assert tip is not None and tip[0].startswith("Dice stand only on exactly") and tip[1] == plate
    t.hover_pos = (t.area.centerx, t.area.centery + 1000)  # off every plate: no stand words
    tip = t.tooltip()
    assert tip is None or "stand" not in tip[0]
