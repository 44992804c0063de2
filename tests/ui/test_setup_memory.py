"""The quick-table setup remembers the last game and seats sat down at, in the settings file; a bad or stale
remembered value falls back to the defaults without an error."""

from __future__ import annotations

import json

import pygame
from conftest import frames, press

from game.engine import GAMES
from game.ui.scenes.setup import SetupScene, preferred_agent
from game.ui.session import agent_names
from game.ui.settings import Settings
from game.ui.tables.base import BaseTable


def test_the_last_game_and_seats_come_back(app) -> None:
    app.go_title()
    setup = app.push(SetupScene(app))
    frames(app, 1)
    while setup.game_id != "nepunian_spike":
        press(app, pygame.K_RIGHT)
    setup.change_seats(-10)
    setup.change_seats(+1)  # three seats
    setup._rename(0, "Tamsin")
    other = next(a for a in agent_names() if a != setup.seats[2]["agent"])
    while setup.seats[2]["agent"] != other:
        setup.cycle_agent(2)
    setup.toggle_human(1)  # a second person
    chosen = [dict(s) for s in setup.seats]
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, BaseTable)
    # in the settings file, read back as the next run reads it
    saved = json.loads(Settings.path().read_text(encoding="utf-8"))
    assert saved["last_game"] == "nepunian_spike" and saved["last_seats"] == chosen
    loaded, message = Settings.load()
    assert message is None
    app.settings = loaded
    again = SetupScene(app)
    assert again.game_id == "nepunian_spike"
    assert again.seats == chosen
    assert [f.value for f in again.fields][:1] == ["Tamsin"]
    # a game picked elsewhere opens that game, with the remembered seats as far as it takes them
    street = SetupScene(app, "street_hintaro")
    assert street.game_id == "street_hintaro" and street.seats == chosen[:2]


def test_bad_or_stale_memories_fall_back_to_the_defaults(app, config_dir) -> None:
    first = next(iter(GAMES))
    defaults = SetupScene(app)
    assert defaults.game_id == first
    default_seats = [dict(s) for s in defaults.seats]
    config_dir.mkdir(parents=True, exist_ok=True)
    cases = [
        ({"last_game": "no_such_game", "last_seats": "four"}, first, default_seats),
        ({"last_game": 7, "last_seats": [1, None, {"human": "yes"}]}, first, default_seats),
        ({"last_game": "kinzo", "last_seats": {"human": True}}, "kinzo", None),
    ]
    for data, game, seats in cases:
        Settings.path().write_text(json.dumps({"speed": 2.0, **data}), encoding="utf-8")
        loaded, message = Settings.load()
        assert message is None, message  # never an error for the player
        assert loaded.speed == 2.0
        app.settings = loaded
        setup = SetupScene(app)
        assert setup.game_id == game
        if seats is not None:
            assert setup.seats == seats
        assert GAMES[game].min_seats <= len(setup.seats) <= GAMES[game].max_seats
    # a remembered agent that no longer exists plays the preferred one; too many seats are cut to the game's
    app.settings.last_game = "street_hintaro"
    app.settings.last_seats = [{"human": True, "name": "  ", "agent": "gone"}] + [
        {"human": False, "name": "X", "agent": "no_such_agent"}] * 5
    setup = SetupScene(app)
    assert setup.game_id == "street_hintaro" and len(setup.seats) == 2
    assert setup.seats[0]["human"] and setup.seats[0]["name"] == app.settings.default_names[0]
    assert setup.seats[1]["agent"] == preferred_agent()
    frames(app, 1)
    app.push(setup)
    frames(app, 2)  # it lays out and draws
