"""Player settings kept between runs, in the user's config folder (platformdirs).

``CANTINA_CONFIG_DIR`` overrides the folder (tests point it at a temporary one). A corrupt or half-valid file
never stops the game: every bad field falls back to its default and ``Settings.load`` returns a message the
title screen shows.
"""

from __future__ import annotations

import functools
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.files import FileRefused, atomic_write, load_json

if TYPE_CHECKING:
    from game.schema import Obj

APP_NAME = "lost-hand-cantina"
FILE_NAME = "settings.json"

#: animation speed choices (multipliers); the settings screen cycles through them
SPEEDS: tuple[float, ...] = (0.5, 1.0, 1.5, 2.0, 4.0)


MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes

#: how much of the remembered table choices is kept: a few games, each with about a dozen options (Better Hintaro
#: has ten); anything past these is dropped, so an odd file cannot grow the settings without bound
MAX_CHOICE_GAMES = 32
MAX_CHOICE_OPTIONS = 32
MAX_CHOICE_INT = 10**15  # larger than any option's range (a stack is at most 10**9)


@functools.cache
def schema() -> Obj:
    """The settings file's schema, made when a file is first read: :mod:`game.schema` (a dozen dataclasses,
    ~5 ms to import) is then not paid before the title's first frame when there is no file to check."""
    from game.schema import Bool, Float, Int, List, Obj, Str

    return Obj({
        "window_size": List(Int(), min_len=2, max_len=2),
        "fullscreen": Bool(),
        "speed": Float(0.1, 10),
        "volume": Float(0, 1),
        "muted": Bool(),
        "colour_blind": Bool(),
        "ambience": Bool(),
        "coach": Bool(),
        "default_names": List(Str(max_len=200), max_len=64),
    }, extra="drop")


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
    #: per game id, the quick table's stakes preset and options as the player last saw them when pressing Play,
    #: {"stakes": "High", "options": {"stack": 5000, ...}}: only the shape is checked here (see
    #: :func:`_table_choices`); the setup screen checks each value against the game's OptionSpecs
    table_choices: dict[str, dict[str, Any]] = field(default_factory=dict)

    # ------------------------------------------------------------------ validation
    @classmethod
    def from_dict(cls, data: Any) -> tuple[Settings, list[str]]:
        """Settings from parsed JSON: each bad field falls back to its default, and is named in the problems."""
        defaults = cls()
        remembered = ({k: data.get(k) for k in ("last_game", "last_seats", "table_choices")}
                      if isinstance(data, dict) else {})
        from game.schema import lenient

        values, problems = lenient(schema(), data, asdict(defaults), "settings")
        # remembered choices, not settings: a bad one is dropped without a word
        game = remembered.get("last_game")
        values["last_game"] = game.strip()[:40] if isinstance(game, str) else ""
        values["last_seats"] = _seats(remembered.get("last_seats"))
        values["table_choices"] = _table_choices(remembered.get("table_choices"))
        w, h = values["window_size"]
        values["window_size"] = (min(max(w, 320), 7680), min(max(h, 240), 4320))
        names = [v.strip()[:16] for v in values["default_names"] if v.strip()]
        values["default_names"] = names or list(defaults.default_names)
        return cls(**values), problems

    # ------------------------------------------------------------------ files
    @classmethod
    def path(cls) -> Path:
        return config_dir() / FILE_NAME

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """The saved settings (or defaults) and a message for the player if the file was bad. Nothing in the
        file can stop the game: any failure to read or decode it gives the defaults and a message."""
        p = cls.path()
        try:
            data = load_json(p, MAX_BYTES, what="settings file")
        except FileNotFoundError:
            return cls(), None
        except FileRefused as exc:
            return cls(), f"The settings file is corrupt ({exc}); using the defaults (it will be rewritten)."
        s, problems = cls.from_dict(data)
        if problems:
            return s, "Some settings were invalid and were reset: " + "; ".join(problems[:4])
        return s, None

    def save(self) -> str | None:
        """Write the settings; returns an error message instead of raising (a read-only disk is no crash)."""
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        try:
            atomic_write(self.path(), json.dumps(data, indent=2))
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


def _table_choices(value: Any) -> dict[str, dict[str, Any]]:
    """The remembered table choices that have the right shape: up to :data:`MAX_CHOICE_GAMES` games, each
    {"stakes": str, "options": {name: bool | int | str}} with up to :data:`MAX_CHOICE_OPTIONS` options of plain
    values; anything else (a float, a list, a huge number, a long string) is dropped, never an error. Whether a
    game, a stakes name or an option still exists is for the setup screen, which knows the games."""
    out: dict[str, dict[str, Any]] = {}
    if not isinstance(value, dict):
        return out
    for game, choice in list(value.items())[:MAX_CHOICE_GAMES]:
        if not isinstance(game, str) or not 0 < len(game) <= 40 or not isinstance(choice, dict):
            continue
        stakes = choice.get("stakes")
        options = choice.get("options")
        kept: dict[str, Any] = {}
        if isinstance(options, dict):
            for name, v in list(options.items())[:MAX_CHOICE_OPTIONS]:
                if isinstance(name, str) and 0 < len(name) <= 40 and _plain_option(v):
                    kept[name] = v
        out[game] = {"stakes": stakes if isinstance(stakes, str) and len(stakes) <= 20 else "", "options": kept}
    return out


def _plain_option(v: Any) -> bool:
    """Whether ``v`` could be an option's value: true/false, a whole number of sane size, or a short word."""
    if isinstance(v, bool):
        return True
    if isinstance(v, int):
        return abs(v) <= MAX_CHOICE_INT
    return isinstance(v, str) and len(v) <= 40
