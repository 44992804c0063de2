"""Where the game's data lives: one answer for a source checkout and for the packaged app.

PyInstaller unpacks ``assets/`` and ``levels/`` under ``sys._MEIPASS``; a checkout (or an editable install)
has them at the repository root, beside the ``game`` package. Every loader asks here, so the two cases
never drift apart. Pure Python: the engine and the campaign use it without pygame.
"""

from __future__ import annotations

import sys
from pathlib import Path


def data_root() -> Path:
    """The folder holding ``assets/`` and ``levels/``."""
    return Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parents[1]))


def assets_dir() -> Path:
    return data_root() / "assets"


def levels_dir() -> Path:
    return data_root() / "levels"
