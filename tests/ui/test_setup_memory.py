"""The quick-table setup remembers the last game and seats sat down at, and each game's stakes and options, in
the settings file; a bad or stale remembered value falls back to the defaults without an error."""

from __future__ import annotations

import json

import pygame
import pytest
from conftest import click, frames, press

from game.engine import GAMES
from game.ui.scenes.setup import STAKES, STANDARD, SetupScene, player_levels, preferred_agent, preset_options
from game.ui.settings import MAX_CHOICE_GAMES, MAX_CHOICE_OPTIONS, Settings
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
    other = next(a for a in player_levels() if a != setup.seats[2]["agent"])
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


def _spec(setup: SetupScene, name: str):
    return next(s for s in setup.cls.OPTIONS if s.name == name)


def _stakes_index(name: str) -> int:
    return [n for n, _ in STAKES].index(name)


def _button(setup: SetupScene, label: str):
    return next(b for b in setup.widgets if b.label == label)


def _fresh(app) -> None:
    """Read the settings back from the file, as the next run does."""
    loaded, message = Settings.load()
    assert message is None, message
    app.settings = loaded


def test_each_games_stakes_and_options_come_back_from_the_file(app) -> None:
    app.go_title()
    setup = app.push(SetupScene(app, "better_hintaro"))
    frames(app, 1)
    press(app, pygame.K_k)  # Standard -> High
    assert STAKES[setup.stakes][0] == "High"
    high_stack = setup.options["stack"]
    assert high_stack == preset_options(setup.cls, _stakes_index("High"))["stack"] != _spec(setup, "stack").default
    setup.change_option(_spec(setup, "payment_on_completion"), 1)
    setup.change_option(_spec(setup, "shootout"), 1)
    setup.change_option(_spec(setup, "min_bet"), 1)  # a hand edit to a chip amount after the preset
    setup.change_option(_spec(setup, "rounds"), 1)
    assert setup.stakes_edited()
    frames(app, 1)
    assert any(b.label == "High (edited)" for b in setup.widgets)
    better = (setup.stakes, dict(setup.options))
    assert better[1]["payment_on_completion"] is False and better[1]["shootout"] is True
    press(app, pygame.K_RIGHT)  # on to another game, with choices of its own
    assert setup.game_id != "better_hintaro"
    while setup.game_id != "nepunian_spike":
        press(app, pygame.K_RIGHT)
    assert (setup.stakes, setup.options) == (STANDARD, preset_options(setup.cls, STANDARD))
    setup.cycle_stakes()
    setup.cycle_stakes()  # High -> Low
    setup.change_option(_spec(setup, "rounds"), -1)
    spike = (setup.stakes, dict(setup.options))
    assert STAKES[spike[0]][0] == "Low" and spike[1]["ante"] < _spec(setup, "ante").default
    press(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, BaseTable)
    assert table.session.setup["options"] == spike[1], "the table plays what the screen showed"
    # in the file: each game's choices as the player saw them; a game only passed over is not written
    saved = json.loads(Settings.path().read_text(encoding="utf-8"))["table_choices"]
    assert set(saved) == {"better_hintaro", "nepunian_spike"}
    assert saved["better_hintaro"] == {"stakes": "High", "options": better[1]}
    assert saved["nepunian_spike"] == {"stakes": "Low", "options": spike[1]}
    _fresh(app)
    again = SetupScene(app)
    assert again.game_id == "nepunian_spike" and (again.stakes, again.options) == spike
    bh = SetupScene(app, "better_hintaro")
    assert (bh.stakes, bh.options) == better and bh.stakes_edited()
    untouched = SetupScene(app, "kinzo")
    assert (untouched.stakes, untouched.options) == (STANDARD, preset_options(untouched.cls, STANDARD))


def test_switching_games_keeps_each_games_choices_and_back_keeps_none(app) -> None:
    app.go_title()
    setup = app.push(SetupScene(app, "hintaro"))
    frames(app, 1)
    press(app, pygame.K_k)
    setup.change_option(_spec(setup, "ante"), 1)
    hintaro = (setup.stakes, dict(setup.options))
    while setup.game_id != "kinzo":
        press(app, pygame.K_RIGHT)
    assert (setup.stakes, setup.options) == (STANDARD, preset_options(setup.cls, STANDARD)), "kinzo's own defaults"
    setup.change_option(_spec(setup, "limit"), 1)
    kinzo = (setup.stakes, dict(setup.options))
    assert kinzo != (STANDARD, preset_options(setup.cls, STANDARD))
    while setup.game_id != "hintaro":
        press(app, pygame.K_LEFT)
    assert (setup.stakes, setup.options) == hintaro
    frames(app, 1)
    stake_button = next(b for b in setup.widgets if b.key == pygame.K_k)
    assert stake_button.label.startswith("High (edited)")
    while setup.game_id != "kinzo":
        press(app, pygame.K_RIGHT)
    assert (setup.stakes, setup.options) == kinzo
    press(app, pygame.K_ESCAPE)  # back to the title: nothing is remembered
    assert app.stack.top is not setup
    assert app.settings.table_choices == {}
    assert not Settings.path().exists() or "kinzo" not in Settings.path().read_text(encoding="utf-8")
    assert (SetupScene(app, "kinzo").options == preset_options(GAMES["kinzo"], STANDARD))


def test_the_defaults_button_puts_stakes_and_options_back(app) -> None:
    app.settings.table_choices = {"hintaro": {"stakes": "Low", "options": {"rounds": 25, "ante": 9}}}
    app.go_title()
    setup = app.push(SetupScene(app, "hintaro"))
    frames(app, 1)
    assert STAKES[setup.stakes][0] == "Low" and setup.options["rounds"] == 25 and setup.options["ante"] == 9
    reset = _button(setup, "Defaults")
    assert reset.enabled and reset.key_label and reset.tooltip
    click(app, reset.rect.center)
    defaults = preset_options(setup.cls, STANDARD)
    assert (setup.stakes, setup.options) == (STANDARD, defaults)
    assert {s.name: s.default for s in setup.cls.OPTIONS} == defaults  # Standard is the games' own defaults
    assert not _button(setup, "Defaults").enabled, "nothing left to reset"
    # its key does the same, and the seats stay as they were
    seats = [dict(s) for s in setup.seats]
    setup.cycle_stakes()
    setup.change_option(_spec(setup, "rounds"), 1)
    frames(app, 1)
    assert _button(setup, "Defaults").enabled
    press(app, pygame.K_d)
    assert (setup.stakes, setup.options) == (STANDARD, defaults) and setup.seats == seats
    # a game put back to the defaults leaves the file on Play
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, BaseTable)
    _fresh(app)
    assert "hintaro" not in app.settings.table_choices
    assert (SetupScene(app, "hintaro").options == defaults)


def test_odd_table_choices_fall_back_without_an_error(app, config_dir) -> None:
    config_dir.mkdir(parents=True, exist_ok=True)
    hi = _stakes_index("High")
    hintaro = GAMES["hintaro"]
    high = preset_options(hintaro, hi)
    standard = preset_options(hintaro, STANDARD)
    cases = [
        ("lots", "hintaro", STANDARD, standard),
        ([1, 2, 3], "hintaro", STANDARD, standard),
        ({"hintaro": "High"}, "hintaro", STANDARD, standard),
        ({"hintaro": {"stakes": 5, "options": [1, 2]}}, "hintaro", STANDARD, standard),
        # wrong types (text for a number, true/false for a number, a fraction), an unknown option, a huge number
        ({"hintaro": {"stakes": "Astronomical", "options": {"ante": "7", "rounds": True, "min_bet": 1.5,
                                                              "no_such_option": 3, "stack": 10**30}}},
         "hintaro", STANDARD, standard),
        # out of range: the preset's value for the kept stakes; an in-range one stays
        ({"hintaro": {"stakes": "High", "options": {"ante": -1, "rounds": 100001, "min_bet": 0, "stack": 20}}},
         "hintaro", hi, {**high, "stack": 20}),
        ({"hintaro": {"stakes": "High"}}, "hintaro", hi, high),
        # true/false options: a number or a word is not a switch, a real false is
        ({"better_hintaro": {"options": {"loans": 1, "shootout": "yes", "payment_on_completion": False}}},
         "better_hintaro", STANDARD,
         {**preset_options(GAMES["better_hintaro"], STANDARD), "payment_on_completion": False}),
        ({"no_such_game": {"stakes": "High", "options": {"stack": 5}}, "kinzo": None}, "kinzo", STANDARD,
         preset_options(GAMES["kinzo"], STANDARD)),
    ]
    for choices, game, stakes, options in cases:
        Settings.path().write_text(json.dumps({"speed": 2.0, "table_choices": choices}), encoding="utf-8")
        loaded, message = Settings.load()
        assert message is None, message  # never an error for the player
        assert loaded.speed == 2.0
        app.settings = loaded
        setup = SetupScene(app, game)
        assert (setup.stakes, setup.options) == (stakes, options), choices
    # a game that no longer exists is dropped from the file on the next Play
    app.go_title()
    app.push(setup)
    press(app, pygame.K_RETURN)
    _fresh(app)
    assert "no_such_game" not in app.settings.table_choices
    # a huge value is cut to size: a few dozen games, a few dozen plain options each, short words
    huge = {f"game{i}": {"stakes": "H" * 1000, "options": {f"o{j}": j for j in range(500)} | {"x": [1] * 50,
                                                                                               "y": "z" * 500}}
            for i in range(1000)}
    loaded, problems = Settings.from_dict({"table_choices": huge})
    assert problems == []
    assert len(loaded.table_choices) == MAX_CHOICE_GAMES
    for choice in loaded.table_choices.values():
        assert choice["stakes"] == "" and len(choice["options"]) == MAX_CHOICE_OPTIONS
        assert all(isinstance(v, int) for v in choice["options"].values())
    assert Settings.from_dict({"table_choices": {"": {}, "k" * 41: {}, "kinzo": {"options": {"": 1}}}})[0] \
        .table_choices == {"kinzo": {"stakes": "", "options": {}}}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (560, 360)])
def test_the_defaults_button_shares_the_stakes_row_without_overlapping(app, size) -> None:
    app.resize(size)
    app.go_title()
    for game_id in GAMES:
        setup = app.push(SetupScene(app, game_id))
        setup.cycle_stakes()
        setup.change_option(_spec(setup, "stack"), -1)  # "High (edited)": the longest stakes label
        frames(app, 1)
        stakes = next(b for b in setup.widgets if b.key == pygame.K_k)
        reset = _button(setup, "Defaults")
        assert stakes.label == "High (edited)"
        assert stakes.rect.centery == reset.rect.centery and stakes.rect.right < reset.rect.left
        assert setup.left.contains(stakes.rect) and setup.left.contains(reset.rect)
        boxes = [b.rect for b in setup.widgets if b.rect.w]
        crossing = [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if a.colliderect(b)]
        assert not crossing, f"{game_id} at {size}: buttons overlap: {crossing}"
        app.pop()
