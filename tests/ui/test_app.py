"""The app around the tables: tiny windows, bad settings files, missing art, the CLI hooks, menus, sound."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path

import pygame
import pytest
from conftest import click, frames, press, until

from game.ui.app import App
from game.ui.input import Input
from game.ui.resources import Resources
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.rules import RulesScene, load_page, page_ids, parse_body
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.settings import Settings
from game.ui.tables.base import BaseTable


@pytest.mark.parametrize("size", [(1, 1), (2, 300), (300, 2), (120, 80), (559, 359), (640, 400), (3840, 2160)])
def test_any_window_size_draws_without_crashing(app, size) -> None:
    app.start_demo("hintaro", seed=2)
    frames(app, 3)
    app.resize(size)
    frames(app, 3)
    assert app.screen.get_size() == size
    assert app.too_small() == (size[0] < 560 or size[1] < 360)
    app.dispatch(Input("down", pos=(0, 0), button=1))
    frames(app, 1)
    app.resize((1280, 720))
    frames(app, 2)
    assert not app.too_small()


def test_too_small_window_says_so(app, monkeypatch) -> None:
    from game.ui import draw

    seen: list[str] = []
    monkeypatch.setattr(draw, "TEXT_HOOK", seen.append)
    app.go_title()
    app.resize((400, 300))
    frames(app, 1)
    assert "Make the window bigger" in seen


def test_corrupt_settings_file_gives_defaults_and_a_message(config_dir) -> None:
    path = Settings.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json at all", encoding="utf-8")
    s, msg = Settings.load()
    assert s == Settings() and msg and "corrupt" in msg
    path.write_bytes(b"\xff\xfe\x00garbage")
    s, msg = Settings.load()
    assert s == Settings() and msg
    path.write_text(json.dumps({"speed": "fast", "volume": 3, "muted": True, "window_size": [800, 600]}), "utf-8")
    s, msg = Settings.load()
    assert s.muted is True and s.window_size == (800, 600)
    assert s.speed == Settings().speed and s.volume == Settings().volume
    assert msg and "speed" in msg and "volume" in msg
    path.write_text("[1, 2, 3]", encoding="utf-8")
    s, msg = Settings.load()
    assert s == Settings() and msg


def test_app_starts_on_a_corrupt_settings_file_and_shows_the_message(config_dir) -> None:
    Settings.path().parent.mkdir(parents=True, exist_ok=True)
    Settings.path().write_text("\x00\x01 nonsense", encoding="utf-8")
    app = App(size=(800, 600), fixed_step=True, strict=True)
    try:
        assert any("corrupt" in m for m, _ in app.toasts)
        app.go_title()
        frames(app, 2)
    finally:
        app.shutdown()
        pygame.quit()


def test_settings_round_trip(config_dir) -> None:
    s = Settings(speed=2.0, volume=0.25, colour_blind=True, default_names=["Ada", "Bo"])
    assert s.save() is None
    loaded, msg = Settings.load()
    assert msg is None and loaded == s
    assert Path(config_dir, "settings.json").exists()


def test_missing_and_broken_art_give_placeholders_not_crashes(tmp_path) -> None:
    pygame.init()
    root = tmp_path / "assets"
    (root / "art").mkdir(parents=True)
    (root / "art" / "bad.svg").write_text("<svg this is not", encoding="utf-8")
    (root / "art" / "manifest.toml").write_text('[assets]\n"thing.bad" = { path = "art/bad.svg" }\n', "utf-8")
    res = Resources(root)
    a = res.image("thing.missing", (40, 30))
    b = res.image("thing.bad", (40, 30))
    assert a.get_size() == (40, 30) and b.get_size() == (40, 30)
    assert getattr(a, "_placeholder", False) and getattr(b, "_placeholder", False)
    assert any("thing.missing" in p for p in res.problems)
    assert any("thing.bad" in p for p in res.problems)
    assert res.try_image("thing.missing", (10, 10)) is None
    (root / "art" / "manifest.toml").write_text("this = = not toml", encoding="utf-8")
    res2 = Resources(root)
    assert res2.manifest == {} and any("manifest" in p for p in res2.problems)
    pygame.quit()


def test_the_manifests_json_twin_is_read_first_and_a_damaged_twin_falls_back_to_the_toml(tmp_path) -> None:
    root = tmp_path / "assets"
    (root / "art").mkdir(parents=True)
    (root / "art" / "manifest.toml").write_text('[assets]\n"thing.a" = { path = "art/a.svg", width = 3 }\n', "utf-8")
    (root / "art" / "manifest.json").write_text('{"assets": {"thing.b": {"path": "art/b.svg", "width": 4}}}',
                                                "utf-8")
    res = Resources(root)
    assert res.has("thing.b") and not res.has("thing.a") and res.meta["thing.b"]["width"] == 4 and not res.problems
    for damaged in ("{" * 100_000, '{"assets": {"thing.b": ', "[]", "\xff\xfe"):
        (root / "art" / "manifest.json").write_text(damaged, "utf-8", errors="surrogateescape")
        res = Resources(root)
        assert res.has("thing.a") and not res.has("thing.b") and not res.problems, damaged[:20]


def test_real_art_manifest_loads_and_renders() -> None:
    pygame.init()
    res = Resources()
    if not res.manifest:
        pytest.skip("no art manifest in this checkout")
    some = [k for k in res.manifest if k.startswith(("dice.", "chips.", "cube."))][:6]
    for asset in some:
        img = res.image(asset, (48, 48))
        assert not getattr(img, "_placeholder", False), res.problems
    pygame.quit()


def test_frames_cli_exits_zero_and_saves_a_screenshot(tmp_path, capsys) -> None:
    from game.__main__ import main

    shot = tmp_path / "shot.png"
    assert main(["--demo", "street_hintaro", "--frames", "20", "--size", "800x600", "--screenshot", str(shot)]) == 0
    out = capsys.readouterr().out
    said = re.search(r"first frame: (\d+) ms \(cpu (\d+) ms\)", out)
    assert said, out
    assert int(said.group(2)) > 0, "the CPU the process had used by its first frame (bench render reads it)"
    assert pygame.image.load(str(shot)).get_size() == (800, 600)


def test_the_first_frame_bench_reports_wall_and_cpu_figures_beside_a_bare_window() -> None:
    """One fresh process of each (after one warm-up): the game's title, a bare pygame-ce window and a demo table,
    each timed to its first flip in wall and CPU milliseconds, and the game's ratios to the bare window."""
    from game.measure.render import first_frame

    got = first_frame(runs=1)
    for key in ("game_ms", "bare_pygame_ms", "demo_hintaro_ms"):
        assert got[key] and got[key] > 0, (key, got)
        assert got["cpu_ms"][key] and got["cpu_ms"][key] > 0, (key, got)
    assert got["ratio"] == round(got["game_ms"] / got["bare_pygame_ms"], 2)
    assert got["cpu_ratio"] == round(got["cpu_ms"]["game_ms"] / got["cpu_ms"]["bare_pygame_ms"], 2)


def test_unknown_demo_game_is_a_clear_error(capsys) -> None:
    from game.__main__ import main

    assert main(["--demo", "no_such_game", "--frames", "1"]) == 2
    assert "no_such_game" in capsys.readouterr().err


def test_title_to_quick_table_to_play(app) -> None:
    app.go_title()
    frames(app, 1)
    assert isinstance(app.stack.top, TitleScene)
    press(app, pygame.K_q)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    # switch to Street Hintaro with the → key: its seat count follows the game's limits
    while setup.game_id != "street_hintaro":
        press(app, pygame.K_RIGHT)
    assert len(setup.seats) == 2
    press(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, BaseTable) and table.state.game_id == "street_hintaro"
    assert table.session.seats[0].human and not table.session.seats[1].human
    press(app, pygame.K_ESCAPE)  # the pause menu
    click(app, next(b for b in app.stack.top.col.buttons if b.label == "Leave table").rect.center)
    assert isinstance(app.stack.top, TitleScene)


def test_setup_options_are_generic_widgets(app) -> None:
    app.go_title()
    setup = app.push(SetupScene(app, "hintaro"))
    frames(app, 1)
    start = setup.options["ante"]
    plus = [b for b in setup.widgets if b.label == "+"]
    assert plus, "whole-number options get −/+ buttons"
    labels = [t for t, *_ in setup.labels]
    assert "Ante" in labels and "Min bet" in labels
    ante_row = next(r for t, r, *_ in setup.labels if t == "Ante")
    button = next(b for b in plus if b.rect.centery == ante_row.centery)
    click(app, button.rect.center)
    assert setup.options["ante"] > start
    setup.change_seats(+10)
    assert len(setup.seats) == 8
    setup.change_seats(-10)
    assert len(setup.seats) == 2


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 768), (560, 360)])
def test_every_option_of_every_game_has_a_row_on_the_setup_screen(app, size) -> None:
    """Better Hintaro has ten options: none may be left off the screen (the last two once were), and no row may
    run into the next or into the game's description below them."""
    from game.engine import GAMES

    app.resize(size)
    app.go_title()
    for game_id, cls in GAMES.items():
        setup = app.push(SetupScene(app, game_id))
        frames(app, 1)
        rows = {t: r for t, r, *_ in setup.labels}
        titles = [spec.name.replace("_", " ").capitalize() for spec in cls.OPTIONS]
        missing = [t for t in titles if t not in rows]
        assert not missing, f"{game_id} at {size}: no row for {missing}"
        boxes = [rows[t] for t in titles]
        assert all(a.bottom <= b.top for a, b in pairwise(boxes)), f"{game_id} at {size}: rows overlap"
        assert boxes[-1].bottom <= setup.about_rect.top and min(r.h for r in boxes) >= 10
        app.pop()


def test_rules_pages_render_and_scroll(app) -> None:
    ids = page_ids()
    assert "hintaro" in ids and "street_hintaro" in ids
    scene = app.push(RulesScene(app, "hintaro"))
    frames(app, 1)
    for pid in ids:
        scene.select(pid)
        frames(app, 1)
        assert scene.document().get_height() > 50
    scene.select("hintaro")
    frames(app, 1)
    press(app, pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    blocks = load_page("hintaro")
    kinds = {k for k, _ in blocks}
    assert {"title", "h", "p", "li"} <= kinds
    assert any("How this table rules" in t for k, t in blocks if k == "h")  # the RULINGS_NOTES
    assert load_page("no_such_game")[1][0] == "note"


def test_rule_body_markup() -> None:
    body = "A paragraph.\n\nLead-in:\n- one\n- two\n\nExample: a worked example."
    assert parse_body(body) == [("p", "A paragraph."), ("p", "Lead-in:"), ("li", "one"), ("li", "two"),
                                ("example", "Example: a worked example.")]


def test_settings_scene_changes_are_saved(app, config_dir) -> None:
    scene = app.push(SettingsScene(app))
    frames(app, 1)
    speed = app.settings.speed
    click(app, scene.buttons[0].rect.center)
    assert app.settings.speed != speed
    press(app, pygame.K_m)
    assert app.settings.muted is False  # the fixture starts muted; M unmutes
    saved, msg = Settings.load()
    assert msg is None and saved.speed == app.settings.speed and saved.muted is False


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (640, 400)])
def test_the_volume_figure_stays_inside_the_settings_column(app, size) -> None:
    """At 100 % the volume's figure sits beside the slider, inside the controls' column (it ran onto the panel's
    frame), clear of the slider's knob."""
    app.resize(size)
    app.settings.volume = 1.0
    scene = app.push(SettingsScene(app))
    frames(app, 1)
    column = scene.buttons[0].rect  # the controls' column: Animation speed's button spans it
    label = scene.volume_label
    assert label.w > 0
    assert column.left <= label.left and label.right <= column.right, (label, column)
    knob = scene.volume.rect.right + scene.volume.rect.h // 2
    assert label.left > knob, (label, scene.volume.rect)


def test_sound_is_silent_without_a_mixer(monkeypatch) -> None:
    from game.ui import sound

    def broken(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    bank = sound.SoundBank(Settings())
    assert bank.problem and "no audio device" in bank.problem
    bank.play("dice")
    bank.apply_settings()
    bank.stop()


def test_sounds_are_synthesised() -> None:
    from game.ui import sound

    for fn in (sound.clink, sound.rattle, sound.slide):
        samples = fn()
        assert 0.05 * sound.RATE < len(samples) < sound.RATE
        assert max(abs(x) for x in samples) > 0.05
        assert max(abs(x) for x in samples) <= 1.0


def test_f11_toggles_full_screen_and_back(app, config_dir) -> None:
    app.start_demo("hintaro", seed=3)
    frames(app, 2)
    press(app, pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen
    frames(app, 2)
    press(app, pygame.K_F11)
    assert not app.fullscreen and not app.settings.fullscreen
    assert app.screen.get_size() == (1280, 720)
    saved, _ = Settings.load()
    assert saved.fullscreen is False


def test_idle_table_sleeps_until_the_lamp_or_input(app) -> None:
    from conftest import until

    from game.ui.session import SeatSpec, TableSession, ai_seat

    app.settings.ambience = True  # the lamp stutters now and then: the only timer while idle
    table = app.open_table(TableSession.new("hintaro", [SeatSpec("Rook"), ai_seat(1, "passive")], seed=2))
    assert until(app, lambda: table.my_turn() and not table.painter.lamp.stuttering())
    assert not table.busy(), "nothing moves on the person's turn: no frames needed"
    wake = table.wake_in()
    assert wake is not None and 0 <= wake <= 9


def test_settings_scene_turns_the_odds_coach_on(app, config_dir) -> None:
    scene = app.push(SettingsScene(app))
    frames(app, 1)
    coach = next(b for b in scene.buttons if "chance to win" in b.tooltip)
    assert app.settings.coach is False
    click(app, coach.rect.center)
    assert app.settings.coach is True
    saved, _ = Settings.load()
    assert saved.coach is True
    assert coach.rect.bottom <= app.screen.get_height(), "the row fits on a 1280×720 window"


def test_the_sound_device_is_opened_after_the_first_frame_not_before(monkeypatch) -> None:
    """Opening the device can take tens of ms (failed ALSA attempts without a sound card, a slow sound server):
    the window and the title come first, the mixer is asked for once the first frame is on screen."""
    from game.ui import audio

    asked: list[int] = []
    app = None

    def opened() -> None:
        asked.append(app.frame if app is not None else -1)

    monkeypatch.setattr(audio, "init", opened)
    app = App(size=(800, 600), settings=Settings(muted=True, ambience=False))
    try:
        assert asked == [], "the sound device was opened while the app was being made"
        app.go_title()
        app.run(frames=2, quiet=True)
        assert asked == [1], "opened once, right after the first frame"
    finally:
        app.shutdown()
        pygame.quit()


class _Held:
    """``pygame.key.get_pressed()`` as the keyboard is while the keys in ``down`` are held."""

    def __init__(self, down: set[int]) -> None:
        self.down = down

    def __getitem__(self, key: int) -> bool:
        return key in self.down


def test_enter_held_from_the_last_hand_never_also_plays_again(app, monkeypatch) -> None:
    """Enter ends the last hand's hold and opens the session's results; its repeats while still held (SDL key
    repeat) used to press "Play again" at once. A fresh press after letting go does."""
    from game.ui.session import SeatSpec, TableSession, ai_seat

    held: set[int] = set()
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: _Held(held))
    session = TableSession.new("street_hintaro", [SeatSpec("Rook"), ai_seat(1, "passive")], seed=4,
                               options={"rounds": 1})
    table = app.open_table(session)

    def my_move() -> bool:
        if table.my_turn() and table.settled():
            click(app, next(b for b in table.buttons if b.enabled).rect.center)
        return table.holding

    assert until(app, my_move, go_on=False)
    held.add(pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    assert until(app, lambda: isinstance(app.stack.top, ResultsScene), 600)
    results = app.stack.top
    for _ in range(3):  # the key repeats while held
        press(app, pygame.K_RETURN)
        frames(app, 2)
    assert app.stack.top is results, "a held Enter played again"
    again: list[bool] = []
    monkeypatch.setattr(results, "again", lambda: again.append(True))  # (no second table: it would outlive the test)
    results.col.buttons[0].on_click = results.again
    held.clear()  # let go
    frames(app, 2)
    press(app, pygame.K_RETURN)  # a new press: play again, on purpose
    assert again == [True]
