"""Player settings kept between runs, in the user's config folder (platformdirs).

``CANTINA_CONFIG_DIR`` overrides the folder (tests point it at a temporary one). A corrupt or half-valid file
never stops the game: every bad field falls back to its default and ``Settings.load`` returns a message the
title screen shows.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

APP_NAME = "lost-hand-cantina"
FILE_NAME = "settings.json"

#: animation speed choices (multipliers); the settings screen cycles through them
SPEEDS: tuple[float, ...] = (0.5, 1.0, 1.5, 2.0, 4.0)


def config_dir() -> Path:
    env = os.environ.get("CANTINA_CONFIG_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


@dataclass
class Settings:
    """Everything the player can set, with defaults a first-time player gets."""

    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    speed: float = 1.0
    volume: float = 0.7
    muted: bool = False
    colour_blind: bool = False
    ambience: bool = True
    coach: bool = False  # the odds coach at the tables (O): off until the player asks for it
    default_names: list[str] = field(default_factory=lambda: ["Rook", "Sela", "Jax", "Nim"])
    #: the quick table's last game and seats (each {"human", "name", "agent"}), offered again next time: remembered
    #: choices, not settings, so a bad one is dropped without a word; the setup screen checks them against the
    #: games and agents there are (a stale one falls back to the defaults)
    last_game: str = ""
    last_seats: list[dict[str, Any]] = field(default_factory=list)

    # ------------------------------------------------------------------ validation
    @staticmethod
    def _clean(name: str, value: Any, default: Any) -> Any:
        """The value if it has the right shape, else raise ValueError."""
        if name == "window_size":
            if (isinstance(value, (list, tuple)) and len(value) == 2
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
                w, h = value
                return (min(max(w, 320), 7680), min(max(h, 240), 4320))
            raise ValueError("window_size must be [width, height]")
        if name in ("fullscreen", "muted", "colour_blind", "ambience", "coach"):
            if isinstance(value, bool):
                return value
            raise ValueError(f"{name} must be true or false")
        if name == "speed":
            if isinstance(value, (int, float)) and not isinstance(value, bool) and 0.1 <= value <= 10:
                return float(value)
            raise ValueError("speed must be a number between 0.1 and 10")
        if name == "volume":
            if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1:
                return float(value)
            raise ValueError("volume must be between 0 and 1")
        if name == "last_game":
            return value.strip()[:40] if isinstance(value, str) else ""
        if name == "last_seats":
            return _seats(value)
        if name == "default_names":
            if isinstance(value, list) and all(isinstance(v, str) for v in value):
                names = [v.strip()[:16] for v in value if v.strip()]
                return names or list(default)
            raise ValueError("default_names must be a list of names")
        return value

    @classmethod
    def from_dict(cls, data: Any) -> tuple[Settings, list[str]]:
        s = cls()
        problems: list[str] = []
        if not isinstance(data, dict):
            return s, ["the settings file does not hold a settings object"]
        for f in fields(cls):
            if f.name in data:
                try:
                    setattr(s, f.name, cls._clean(f.name, data[f.name], getattr(s, f.name)))
                except ValueError as exc:
                    problems.append(str(exc))
        return s, problems

    # ------------------------------------------------------------------ files
    @classmethod
    def path(cls) -> Path:
        return config_dir() / FILE_NAME

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """The saved settings (or defaults) and a message for the player if the file was bad."""
        p = cls.path()
        try:
            text = p.read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls(), None
        except (OSError, UnicodeDecodeError) as exc:
            return cls(), f"Settings could not be read ({exc}); using defaults."
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            return cls(), f"The settings file {p} is corrupt; using defaults (it will be rewritten)."
        s, problems = cls.from_dict(data)
        if problems:
            return s, "Some settings were invalid and were reset: " + "; ".join(problems)
        return s, None

    def save(self) -> str | None:
        """Write the settings; returns an error message instead of raising (a read-only disk is no crash)."""
        p = self.path()
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            data = asdict(self)
            data["window_size"] = list(self.window_size)
            tmp = p.with_suffix(".tmp")
            tmp.write_text(json.dumps(data, indent=2), encoding="utf-8")
            tmp.replace(p)
        except OSError as exc:
            return f"Settings could not be saved: {exc}"
        return None


def _seats(value: Any) -> list[dict[str, Any]]:
    """The remembered seats that have the right shape (at most 8), each {"human": bool, "name": str, "agent":
    str}; anything else is dropped, never an error."""
    out: list[dict[str, Any]] = []
    if not isinstance(value, list):
        return out
    for seat in value[:8]:
        if not isinstance(seat, dict) or not isinstance(seat.get("human"), bool):
            continue
        name = seat.get("name")
        agent = seat.get("agent")
        out.append({"human": seat["human"], "name": name.strip()[:16] if isinstance(name, str) else "",
                    "agent": agent if isinstance(agent, str) else ""})
    return out
