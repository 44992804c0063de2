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
from pathlib import Path

#: what every data root holds (the manifest proves the art is there, not just an empty folder)
_MARKER = Path("assets") / "art" / "manifest.toml"


def _candidates() -> list[Path]:
    """The places to look, in order. The package's own folder is what :func:`importlib.resources.files` gives for
    a package installed as plain files (a wheel always is), so it is taken from ``__file__`` first: asking
    importlib.resources imports its readers and zipfile, ~2 ms before the title's first frame. Its answer is
    still asked last, for a loader whose resources live elsewhere."""
    out: list[Path] = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        out.append(Path(frozen))
    package = Path(__file__).resolve().parent
    out.append(package)
    out.append(package.parent)  # the checkout: the repo root, beside game/
    return out


def _resources_root() -> Path | None:
    """The package's resources folder as :mod:`importlib.resources` sees it (None when it is not a folder)."""
    from importlib import resources

    try:
        pkg = resources.files("game")
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - the package always imports itself
        return None
    return pkg if isinstance(pkg, Path) else None


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
    found = _resources_root()
    if found is not None and (found / _MARKER).is_file():
        return found
    return places[0]


def assets_dir() -> Path:
    return data_root() / "assets"


def levels_dir() -> Path:
    return data_root() / "levels"
