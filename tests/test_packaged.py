"""The packaged app (PyInstaller one-folder build) starts and plays headless, with its assets and levels
found through sys._MEIPASS. `.ci/run` builds it first and names it in CANTINA_APP; elsewhere this skips."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

APP = os.environ.get("CANTINA_APP")

pytestmark = pytest.mark.skipif(not APP, reason="no packaged app built (set CANTINA_APP; .ci/run builds one)")


def _run(*args: str, tmp_path: Path, **extra_env: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CANTINA_CONFIG_DIR": str(tmp_path / "config"), "CANTINA_DATA_DIR": str(tmp_path / "data"), **extra_env}
    return subprocess.run([str(APP), *args], capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)


def test_packaged_app_plays_a_demo_table_headless(tmp_path: Path) -> None:
    shot = tmp_path / "frame.png"
    out = _run("--demo", "hintaro", "--frames", "120", "--screenshot", str(shot), tmp_path=tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "first frame:" in out.stdout
    assert shot.is_file() and shot.stat().st_size > 10_000, "a real frame was drawn"
    assert "missing" not in (out.stdout + out.stderr).lower(), "every asset was found inside the app"


def test_packaged_app_carries_every_game_and_the_levels(tmp_path: Path) -> None:
    internal = Path(APP).resolve().parent / "_internal"
    assert (internal / "assets" / "art" / "manifest.toml").is_file()
    if any((Path(__file__).resolve().parents[1] / "levels").glob("*.tmx")):
        assert any((internal / "levels").glob("*.tmx")), "the cantina maps travel with the app"
    for game in ("hintaro", "street_hintaro", "kinzo", "sabacc_house", "nepunian_spike", "better_hintaro"):
        out = _run("--demo", game, "--frames", "20", tmp_path=tmp_path)
        assert out.returncode == 0, (game, out.stderr)


def test_packaged_app_plays_the_kinzo_shark_as_the_source_does(tmp_path: Path) -> None:
    """The app's Kinzo shark solves split pairs in bulk with the app's own numpy (built without BLAS, less the
    parts build.spec leaves out: CANTINA_REQUIRE_NUMPY makes a failed import an error, not the slow pure-Python
    fallback), and its seeded table ends with the very chips the source tree gives."""
    args = ("simulate", "kinzo", "--seats", "3", "--agents", "shark", "--rounds", "12", "--seed", "5", "--json")
    out = _run(*args, tmp_path=tmp_path, CANTINA_REQUIRE_NUMPY="1")
    assert out.returncode == 0, out.stderr
    source = subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=300,
                            cwd=Path(__file__).resolve().parents[1])
    assert source.returncode == 0, source.stderr
    assert json.loads(out.stdout) == json.loads(source.stdout)


def test_packaged_app_knows_its_version_and_help_and_carries_its_icon(tmp_path: Path) -> None:
    import tomllib

    project = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())["project"]
    out = _run("--version", tmp_path=tmp_path)
    assert out.returncode == 0 and out.stdout.strip() == f"cantina {project['version']}", out.stdout + out.stderr
    out = _run("--help", tmp_path=tmp_path)
    assert out.returncode == 0 and "better_hintaro" in out.stdout and "shark" in out.stdout, out.stderr
    internal = Path(APP).resolve().parent / "_internal"
    assert (internal / "assets" / "icons" / "cantina.png").is_file(), "the window icon travels with the app"


#: the one-folder app's budget (issue #15): bytes of its files, symbolic links counted as the links they are
APP_BUDGET = 70_000_000


def test_packaged_app_stays_within_its_size_and_carries_no_blas() -> None:
    """The one-folder app is at most 70 MB: numpy is in it for the Kinzo shark, but built without BLAS (no
    OpenBLAS, no libgfortran) and without the packages build.spec leaves out."""
    folder = Path(APP).resolve().parent
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    size = sum(p.stat().st_size for p in files)
    biggest = sorted(files, key=lambda p: p.stat().st_size)[-5:]
    assert size <= APP_BUDGET, f"{size / 1e6:.1f} MB; biggest: {[(p.name, p.stat().st_size) for p in biggest]}"
    libraries = [p.name.lower() for p in folder.rglob("*.so*")]
    assert not [n for n in libraries if "blas" in n or "gfortran" in n], "a BLAS travelled with the app"
    internal = folder / "_internal"
    assert (internal / "numpy" / "_core").is_dir(), "numpy is in the app (the shark's bulk solve)"
    assert not (internal / "numpy" / "random").exists(), "numpy.random is left out (build.spec numpy_unused)"

