"""The command line, run as a user would: simulate (JSON and table), bench engine, --version, --help, --size and
--screenshot refusals, and a quiet start on a machine without a sound card."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from game.__main__ import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=300)


def test_simulate_json_carries_the_contract_fields() -> None:
    out = run("simulate", "hintaro", "--seats", "3", "--rounds", "200", "--seed", "4", "--agents",
              "random,passive,random", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    for key in ("game", "seats", "rounds", "net", "wins", "ranks", "carried", "house"):
        assert key in data
    assert data["rounds"] == 200 and data["seats"] == 3
    assert sum(data["net"]) + data["house"] == 0, "chips only move between seats and the house"
    assert set(data["ranks"]) <= {"Tukar-Kulro", "Quad Kulro", "Tukar-Tukar", "Kulro-Kulro", "no standing"}


def test_simulate_is_repeatable_from_its_seed() -> None:
    a = run("simulate", "street_hintaro", "--rounds", "100", "--seed", "9", "--json")
    b = run("simulate", "street_hintaro", "--rounds", "100", "--seed", "9", "--json")
    assert a.stdout == b.stdout


def test_simulate_table_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "street_hintaro", "--rounds", "50", "--option", "low_wins=true"]) == 0
    out = capsys.readouterr().out
    assert "Street Hintaro: 50 rounds" in out and "net chips" in out


def test_bad_input_gets_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "poker"]) == 2
    assert "unknown game 'poker'" in capsys.readouterr().err
    assert main(["simulate", "hintaro", "--option", "ante=lots"]) == 2
    assert "'ante'" in capsys.readouterr().err
    assert main(["simulate", "hintaro", "--agents", "genius"]) == 2
    assert "unknown agent" in capsys.readouterr().err


def test_bench_engine_quick_reports_every_game() -> None:
    out = run("bench", "engine", "--quick", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    from game.engine import GAMES

    assert {r["game"] for r in data["results"]} == set(GAMES)
    for r in data["results"]:
        assert r["rounds_per_s"] > 0 and r["clone_us"] > 0 and r["restore_us"] > 0


# ---------------------------------------------------------------- the desktop app's command line (issue 15, item 6)
ROOT = Path(__file__).resolve().parents[1]


def headless_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
                "PYTHONPATH": str(ROOT), **extra})
    return env


def test_version_comes_from_the_package_metadata() -> None:
    out = run("--version")
    assert out.returncode == 0, out.stderr
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert out.stdout.strip() == f"cantina {project['version']}"
    import game

    assert game.__version__ == project["version"], "the fallback (no metadata, e.g. a bare checkout) agrees"


def test_help_lists_every_game_id_and_agent_name_from_the_registries() -> None:
    from game.ai import AGENTS
    from game.ai.levels import LEVELS
    from game.engine import GAMES

    for args in (("--help",), ("simulate", "--help")):
        out = run(*args)
        assert out.returncode == 0, out.stderr
        for game_id, cls in GAMES.items():
            assert re.search(rf"^\s+{game_id}\s+{re.escape(cls.title)}$", out.stdout, re.M), (args, game_id)
        agents_line = next(line for line in out.stdout.splitlines() if line.startswith("agents"))
        assert [a.strip() for a in agents_line.split(":", 1)[1].split(",")] == list(AGENTS)
        assert all(level in out.stdout for level in LEVELS) and "regular:bold" in out.stdout


def test_a_plain_start_does_not_import_the_ai_to_build_its_help() -> None:
    code = "import sys; from game.__main__ import build_parser; build_parser(); print('game.ai' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr


def test_a_plain_start_does_not_look_up_its_version() -> None:
    """The version comes from the package metadata only when ``--version`` asks: importing importlib.metadata
    (email, zipfile, csv...) is start-up time spent before the title's first frame."""
    code = ("import sys; from game.__main__ import build_parser; build_parser().parse_args(['--frames', '1']); "
            "print('importlib.metadata' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr


@pytest.mark.parametrize("size", ["10x10", "559x720", "1280x359", "0x0", "-5x600"])
def test_a_window_smaller_than_the_tables_are_laid_out_for_is_refused(size: str, capsys) -> None:
    from game.ui.theme import MIN_WINDOW

    assert main([f"--size={size}", "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "too small" in err and f"{MIN_WINDOW[0]}x{MIN_WINDOW[1]}" in err


def test_a_malformed_or_huge_size_is_refused_in_one_line(capsys) -> None:
    for size in ("big", "1280", "1280x720x3", "99999x720"):
        assert main(["--size", size, "--frames", "1"]) == 2, size
        err = capsys.readouterr().err
        assert err.startswith("cantina: --size") and err.count("\n") == 1, err


def test_the_smallest_size_opens(tmp_path: Path) -> None:
    from game.ui.theme import MIN_WINDOW

    shot = tmp_path / "small.png"
    size = f"{MIN_WINDOW[0]}x{MIN_WINDOW[1]}"
    out = subprocess.run([sys.executable, "-m", "game", "--size", size, "--frames", "2", "--screenshot", str(shot)],
                         capture_output=True, text=True, timeout=120, cwd=ROOT,
                         env=headless_env(CANTINA_CONFIG_DIR=str(tmp_path / "cfg")))
    assert out.returncode == 0, out.stderr
    assert shot.is_file()


def test_an_unwritable_screenshot_path_is_one_clear_line_and_exit_code_2(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "a_file"
    not_a_folder.write_text("x")
    for shot in (not_a_folder / "shot.png", tmp_path):  # under a file; a folder itself
        out = subprocess.run([sys.executable, "-m", "game", "--demo", "hintaro", "--frames", "2", "--screenshot",
                              str(shot)], capture_output=True, text=True, timeout=120, cwd=ROOT,
                             env=headless_env(CANTINA_CONFIG_DIR=str(tmp_path / "cfg")))
        assert out.returncode == 2, out.stderr
        assert "Traceback" not in out.stderr
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("cantina: cannot write the screenshot"), out.stderr


# ---------------------------------------------------------------- quiet without a sound card (issue 15, item 7)
def test_starting_without_a_sound_device_prints_one_line_and_no_alsa_noise() -> None:
    """SDL_AUDIODRIVER unset, as a player's machine: on a machine without a sound card (CI) SDL's ALSA attempt
    used to print ~16 lines; now at most one log line says the game plays without sound."""
    env = headless_env()
    env.pop("SDL_AUDIODRIVER")
    code = ("import logging; logging.basicConfig(level=logging.WARNING, format='%(name)s: %(message)s')\n"
            "import pygame; from game.ui import audio\n"
            "why = audio.init(); again = audio.open_mixer()\n"
            "print('sound' if why is None else 'silent', bool(pygame.mixer.get_init()), again == why)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr
    assert "ALSA" not in out.stderr.replace("no sound device (ALSA", ""), out.stderr
    kind, mixer, same = out.stdout.split()
    lines = out.stderr.strip().splitlines()
    if kind == "silent":  # this machine has no sound card
        assert mixer == "False" and same == "True"
        assert len(lines) == 1 and "playing without sound" in lines[0], out.stderr
    else:
        assert mixer == "True" and lines == [], out.stderr


@pytest.mark.skipif(not shutil.which("Xvfb"), reason="needs Xvfb (a real X display, so SDL tries a real device)")
def test_a_real_window_start_without_a_sound_card_has_no_alsa_lines(tmp_path: Path) -> None:
    display = 150 + os.getpid() % 400
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        sock = Path(f"/tmp/.X11-unix/X{display}")
        for _ in range(200):  # up to 20 s for the display to come up
            if sock.exists() or xvfb.poll() is not None:
                break
            time.sleep(0.1)
        if not sock.exists():
            pytest.skip("Xvfb did not start")
        env = headless_env(DISPLAY=f":{display}", SDL_VIDEODRIVER="x11", SDL_FRAMEBUFFER_ACCELERATION="0",
                           CANTINA_CONFIG_DIR=str(tmp_path / "cfg"))
        env.pop("SDL_AUDIODRIVER")
        out = subprocess.run([sys.executable, "-m", "game", "--size", "800x600", "--frames", "5"],
                             capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    finally:
        xvfb.terminate()
        xvfb.wait(10)
    assert out.returncode == 0, out.stderr
    noise = [line for line in out.stderr.splitlines() if line.startswith("ALSA lib")]
    assert noise == [], out.stderr
    assert len([line for line in out.stderr.splitlines() if "sound" in line]) <= 1, out.stderr


@pytest.mark.parametrize("argv", [[], ["--frames", "1"], ["--demo", "kinzo", "--seats=4", "--seed", "3"],
                                  ["--size", "1280x720", "--screenshot", "bench"], ["simulate", "hintaro"],
                                  ["join", "ws://127.0.0.1:1", "--agent", "regular"],
                                  ["--frames=5", "--demo=kinzo", "--size=1280x720"], ["--seed", "+7", "--demo", ""],
                                  ["--frames", "1", "--frames", "2"], ["--seed", "-3"], ["--fra", "2"],
                                  ["--size=-5x600"], ["--seats", " 4 "]])
def test_a_plain_start_is_read_as_the_whole_command_line_reads_it(argv: list[str]) -> None:
    """A plain start is read without building the sub-commands' parsers (first-frame time); the result must be
    what the whole parser makes of the same words."""
    from game.__main__ import build_parser, parse_args

    assert vars(parse_args(argv)) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize("argv", [["--fra", "2"], ["--seed", "-3"], ["--frames", "x"], ["--frames"], ["bench", "ai"],
                                  ["-h"], ["--version"], ["--", "--frames", "1"], ["--frames", "1", "extra"],
                                  ["--demo", "--frames"]])
def test_the_quick_reader_leaves_every_other_command_line_to_argparse(argv: list[str]) -> None:
    from game.__main__ import window_args

    assert window_args(argv) is None


def test_a_plain_start_does_not_import_argparse() -> None:
    """A plain start's words are read without argparse (its import and the window parser's build: ~4 ms of CPU
    before the title's first frame); help or a sub-command still gets the whole parser."""
    code = ("import sys; from game.__main__ import parse_args; a = parse_args(['--frames', '1', '--demo=kinzo']); "
            "print(a.frames, a.demo, a.command, 'argparse' in sys.modules); parse_args(['simulate', 'kinzo']); "
            "print('argparse' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.stdout.split() == ["1", "kinzo", "None", "False", "True"], out.stderr


@pytest.mark.parametrize(("argv", "said"), [(["foo"], "invalid choice: 'foo'"), (["--frames", "x"], "invalid int"),
                                            (["--frames"], "expected one argument"), (["--nope"], "unrecognized")])
def test_a_command_line_the_plain_start_cannot_read_gets_the_whole_parsers_message(argv: list[str], said: str,
                                                                                    capsys) -> None:
    from game.__main__ import parse_args

    with pytest.raises(SystemExit):
        parse_args(argv)
    err = capsys.readouterr().err
    assert said in err and "{simulate,bench,serve,join}" in err, err
