"""The wheel carries the game's data: installed (not editable) into a fresh venv and run from another folder, it
draws with its own fonts and art, reads its personalities and regulars, and finds the cantina maps.

`.ci/run` builds the wheel, installs it into `.venv-wheel` and names that venv's Python in CANTINA_WHEEL_PYTHON;
elsewhere this skips (README "Build the app" has the same steps by hand).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

PYTHON = os.environ.get("CANTINA_WHEEL_PYTHON")
REPO = Path(__file__).resolve().parents[1]

pytestmark = [
    pytest.mark.build,
    pytest.mark.skipif(not PYTHON, reason="no installed wheel (set CANTINA_WHEEL_PYTHON; .ci/run installs one)"),
]


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               CANTINA_CONFIG_DIR=str(tmp_path / "config"), CANTINA_DATA_DIR=str(tmp_path / "data"))
    return env


def _cantina(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``cantina ARGS`` from the installed venv, run in an empty folder far from the checkout."""
    exe = Path(str(PYTHON)).parent / "cantina"
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=300, env=_env(tmp_path),
                          cwd=tmp_path)


def _python(tmp_path: Path, code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PYTHON), "-c", code], capture_output=True, text=True, timeout=300, env=_env(tmp_path),
                          cwd=tmp_path)


def test_the_installed_package_finds_its_data_inside_itself_not_in_the_checkout(tmp_path: Path) -> None:
    code = (
        "import sys, game, game.paths as p\n"
        "from pathlib import Path\n"
        "pkg = Path(game.__file__).resolve().parent\n"
        "root = p.data_root().resolve()\n"
        "assert root == pkg, (root, pkg)\n"
        "assert root.is_relative_to(Path(sys.prefix).resolve()), (root, sys.prefix)\n"
        "assert (root / 'assets' / 'art' / 'manifest.toml').is_file()\n"
        "assert any((root / 'levels').glob('*.tmx'))\n"
        "print(root)\n"
    )
    out = _python(tmp_path, code)
    assert out.returncode == 0, out.stderr
    assert Path(out.stdout.strip()) != REPO, "the wheel must not lean on the source checkout"


def test_the_installed_package_simulates_with_named_personalities(tmp_path: Path) -> None:
    out = _cantina(tmp_path, "simulate", "hintaro", "--agents", "regular:bold", "--rounds", "3")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "personalit" not in out.stderr.lower()


def test_the_installed_package_loads_the_campaign_maps_and_roster(tmp_path: Path) -> None:
    code = (
        "from game.campaign.levels import load_all_levels\n"
        "from game.campaign.regulars import load_roster\n"
        "levels = load_all_levels()\n"
        "assert len(levels) >= 4, sorted(levels)\n"
        "load_roster()\n"
        "print(len(levels))\n"
    )
    out = _python(tmp_path, code)
    assert out.returncode == 0, out.stderr
    play = (  # the campaign itself walks into its first cantina (it stopped on "no maps (*.tmx)")
        "import pygame\n"
        "from game.campaign.progress import Campaign\n"
        "from game.ui.app import App\n"
        "from game.ui.campaign.play import CampaignPlay\n"
        "from game.ui.settings import Settings\n"
        "app = App(size=(1280, 720), settings=Settings(muted=True), fixed_step=True, strict=True)\n"
        "CampaignPlay(app, Campaign.new('Wheel', seed=1), 1).start()\n"
        "for _ in range(30): app.step(1 / 30); app.render()\n"
        "names = [type(s).__name__ for s in app.stack.scenes]\n"
        "assert names == ['CantinaScene'], names\n"
        "assert not app.toasts and not app.res.problems, (app.toasts, app.res.problems)\n"
        "app.shutdown(); pygame.quit()\n"
    )
    out = _python(tmp_path, play)
    assert out.returncode == 0, out.stderr


def test_the_installed_package_draws_with_its_own_fonts_and_art(tmp_path: Path) -> None:
    code = (
        "import pygame\n"
        "from game.ui.resources import Resources\n"
        "pygame.init(); pygame.display.set_mode((320, 200))\n"
        "res = Resources()\n"
        "for role in ('text', 'bold', 'head'): res.font(role, 16)\n"
        "assert res.try_image(next(iter(res.manifest)), (64, 64)) is not None\n"
        "assert not res.problems, res.problems\n"
    )
    out = _python(tmp_path, code)
    assert out.returncode == 0, out.stderr
    shot = tmp_path / "x.png"
    out = _cantina(tmp_path, "--demo", "hintaro", "--frames", "5", "--screenshot", str(shot))
    assert out.returncode == 0, out.stdout + out.stderr
    assert shot.is_file() and shot.stat().st_size > 10_000, "a real frame was drawn"
    text = (out.stdout + out.stderr).lower()
    assert "manifest" not in text and "missing" not in text, out.stderr
