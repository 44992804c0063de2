"""Where the game's data lives: the one data root every loader asks (art, fonts, rules, data files, maps).

Three ways to run, one answer:

* an installed wheel: ``assets/`` and ``levels/`` are package data inside the ``game`` package (setup.py maps
  the repository's top-level folders there), found through :mod:`importlib.resources`;
* the PyInstaller app: they are unpacked under ``sys._MEIPASS`` (build.spec ``datas``);
* a source checkout or an editable install: they sit at the repository root, beside the ``game`` package.

Pure Python: the engine, the AI and the campaign use it without pygame.
"""

from __future__ import annotations

import sys
from functools import cache
from importlib import resources
from pathlib import Path

#: what every data root holds (the manifest proves the art is there, not just an empty folder)
_MARKER = Path("assets") / "art" / "manifest.toml"


def _candidates() -> list[Path]:
    out: list[Path] = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        out.append(Path(frozen))
    try:
        pkg = resources.files("game")
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - the package always imports itself
        pkg = None
    # a wheel installs as plain files, so the package's resources are a real folder (never a zip here)
    if isinstance(pkg, Path):
        out.append(pkg)
    out.append(Path(__file__).resolve().parents[1])  # the checkout: the repo root, beside game/
    return out


@cache
def data_root() -> Path:
    """The folder holding ``assets/`` and ``levels/`` (the first place that has the art manifest).

    If none has it, the installed package's folder (or the checkout root): loaders then report the missing
    file by its full path rather than guessing.
    """
    places = _candidates()
    for place in places:
        if (place / _MARKER).is_file():
            return place
    return places[0]


def assets_dir() -> Path:
    return data_root() / "assets"


def levels_dir() -> Path:
    return data_root() / "levels"
