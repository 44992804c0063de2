"""A real X window (Xvfb): start the game, click through the menus and an action button with xdotool, and
see the engine act. Skipped where Xvfb or xdotool is not installed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.xvfb

ROOT = Path(__file__).resolve().parents[2]


def _free_display() -> int:
    for n in range(91, 140):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise RuntimeError("no free X display number")


def _read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


#: how long a real-window step may take before the test gives up: a guard against a hang on a loaded machine,
#: not a measure of speed (each wait returns as soon as its condition holds)
GUARD = 120.0


def _wait(cond, seconds: float = GUARD) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.1)
    return cond()


@pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")), reason="needs Xvfb and xdotool")
def test_click_play_and_an_action_button_in_a_real_window(tmp_path) -> None:
    display = _free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "1600x900x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    game = None
    try:
        assert _wait(lambda: Path(f"/tmp/.X11-unix/X{display}").exists()), "Xvfb did not start"
        env = dict(os.environ)
        env.update(DISPLAY=f":{display}", SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   SDL_FRAMEBUFFER_ACCELERATION="0", CANTINA_CONFIG_DIR=str(tmp_path / "cfg"),
                   CANTINA_TRACE=str(tmp_path / "trace.jsonl"), PYTHONPATH=str(ROOT))
        env.pop("SDL_VIDEO_X11_WMCLASS", None)
        trace = tmp_path / "trace.jsonl"
        game = subprocess.Popen([sys.executable, "-m", "game", "--size", "1280x720"], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)

        def window() -> str | None:
            out = subprocess.run(["xdotool", "search", "--pid", str(game.pid)], env=env, capture_output=True,
                                 text=True)
            ids = out.stdout.split()
            return ids[-1] if ids else None

        assert _wait(lambda: window() is not None, 90), "the game window did not appear"  # generous: a loaded CI
        win = window()
        time.sleep(0.5)

        def click(x: int, y: int) -> None:
            subprocess.run(["xdotool", "mousemove", "--window", win, str(x), str(y)], env=env, check=True)
            time.sleep(0.1)
            subprocess.run(["xdotool", "click", "1"], env=env, check=True)
            time.sleep(0.2)

        # title -> Quick table (the second menu button) -> Play (bottom right): a table with one person, Rook
        click(640, int(720 * 0.36) + 48 + 12 + 24)
        click(1280 - 40 - 110, 720 - 30 - 25)
        assert _wait(lambda: any(e["kind"] == "your_turn" for e in _read(trace))), "never the person's turn"
        turn = next(e for e in _read(trace) if e["kind"] == "your_turn")
        label, (x, y, w, h) = next((k, v) for k, v in turn["buttons"].items()
                                   if k.startswith(("Call", "Check", "Keep")))
        before = len(_read(trace))
        click(x + w // 2, y + h // 2)
        seat = turn["seat"]
        assert _wait(lambda: any(e["kind"] == "event" and e["seat"] == seat and e["event"] in ("bet", "keep")
                                 for e in _read(trace)[before:])), f"clicking {label!r} did not act"
        if shutil.which("import"):
            subprocess.run(["import", "-window", win, str(tmp_path / "window.png")], env=env, timeout=20)
    finally:
        if game is not None:
            game.terminate()
            try:
                game.wait(10)
            except subprocess.TimeoutExpired:
                game.kill()
        xvfb.terminate()
        xvfb.wait(10)
