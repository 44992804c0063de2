"""Skill levels and personalities: the framework every game's AI plugs into.

A *level* (``novice``, ``regular``, ``shark``) says how well a seat understands the game: what it counts when
it weighs a choice. A *personality* (data in ``assets/data/personalities.toml``) says how that seat likes to
play on top of it: risk appetite, bluffing, patience, and a few lines of table talk. ``regular:bold`` is the
regular level with the bold personality. Keeping the two apart means a campaign regular is two words in a map
file, and a level's strength is measured once (``python -m game bench ai``) whatever the personality.

Each game registers a factory with :func:`register_policy`; :func:`make_level_agent` parses the name, loads
the personality and builds the agent. A game without its own policy yet gets :class:`BaselineLevelAgent`,
which plays the passive baseline and says so (``dedicated = False``), so ``simulate`` accepts every name for
every game while engines land.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from game.engine.core import Action, Rng
from game.files import FileRefused, load_toml
from game.paths import assets_dir

LEVELS: tuple[str, ...] = ("novice", "regular", "shark")

#: the situations a personality may have lines for (the UI picks the moment; unknown keys are an error)
SITUATIONS: tuple[str, ...] = ("greet", "raise", "call", "fold", "win", "lose", "reroll", "idle")

#: numeric traits: name -> (lowest, highest, what it does)
TRAITS: dict[str, tuple[float, float, str]] = {
    "risk": (-1.0, 1.0, "risk appetite: above 0 calls lighter and bets bigger, below 0 the opposite"),
    "bluff": (0.0, 1.0, "how often it bets or raises without the edge to justify it"),
    "patience": (0.0, 1.0, "how much edge it waits for before putting chips in (1 = very tight)"),
    "think_ms": (0.0, 5000.0, "how long the UI lets it appear to think before it acts, in milliseconds"),
}


PERSONALITIES_PATH = assets_dir() / "data" / "personalities.toml"


class PersonalityError(ValueError):
    """The personalities file is missing, malformed, or names a trait or value that makes no sense."""


@dataclass(frozen=True)
class Personality:
    """How a seat likes to play, laid over its level. Neutral values (0, 0, 0.5) change nothing."""

    name: str = "plain"
    title: str = "Plain"
    description: str = "Plays its level straight."
    risk: float = 0.0
    bluff: float = 0.0
    patience: float = 0.5
    think_ms: float = 600.0
    lines: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


PLAIN = Personality()


def parse_personalities(data: Mapping[str, Any], source: str = "personalities") -> dict[str, Personality]:
    """Validate the parsed TOML and build the personalities; every error names the entry and the field."""
    table = data.get("personality")
    if not isinstance(table, Mapping) or not table:
        raise PersonalityError(f"{source}: needs a [personality.NAME] table for each personality")
    unknown_top = set(data) - {"personality"}
    if unknown_top:
        raise PersonalityError(f"{source}: unknown top-level key(s) {sorted(unknown_top)}; only [personality.*]")
    out: dict[str, Personality] = {}
    for name, entry in table.items():
        where = f"{source}: personality {name!r}"
        if not name.isidentifier() or name != name.lower():
            raise PersonalityError(f"{where}: names are lower-case words (letters, digits, _)")
        if name in LEVELS:
            raise PersonalityError(f"{where}: a personality cannot share a level's name")
        if not isinstance(entry, Mapping):
            raise PersonalityError(f"{where}: must be a table")
        allowed = {"title", "description", "lines", *TRAITS}
        extra = set(entry) - allowed
        if extra:
            raise PersonalityError(f"{where}: unknown field(s) {sorted(extra)}; allowed: {sorted(allowed)}")
        kwargs: dict[str, Any] = {"name": name}
        for key in ("title", "description"):
            value = entry.get(key)
            if not isinstance(value, str) or not value.strip():
                raise PersonalityError(f"{where}: {key!r} must be a non-empty text")
            kwargs[key] = value
        for trait, (lo, hi, _doc) in TRAITS.items():
            if trait not in entry:
                continue
            value = entry[trait]
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise PersonalityError(f"{where}: {trait!r} must be a number, not {value!r}")
            if not lo <= value <= hi:
                raise PersonalityError(f"{where}: {trait!r} must be between {lo:g} and {hi:g}, not {value!r}")
            kwargs[trait] = float(value)
        lines = entry.get("lines", {})
        if not isinstance(lines, Mapping):
            raise PersonalityError(f"{where}: 'lines' must be a table of situation = [texts]")
        clean: dict[str, tuple[str, ...]] = {}
        for situation, texts in lines.items():
            if situation not in SITUATIONS:
                raise PersonalityError(f"{where}: unknown line situation {situation!r}; use {list(SITUATIONS)}")
            if (
                not isinstance(texts, list)
                or not texts
                or not all(isinstance(t, str) and t.strip() for t in texts)
            ):
                raise PersonalityError(f"{where}: lines.{situation} must be a non-empty list of texts")
            clean[situation] = tuple(texts)
        kwargs["lines"] = clean
        out[name] = Personality(**kwargs)
    return out


@cache
def load_personalities(path: str | None = None) -> dict[str, Personality]:
    """The personalities from ``assets/data/personalities.toml`` (or ``path``), validated, cached."""
    p = Path(path) if path else PERSONALITIES_PATH
    try:
        data = load_toml(p, what="personalities file")
    except FileNotFoundError:
        raise PersonalityError(f"cannot read the personalities file {p}: it does not exist") from None
    except FileRefused as exc:
        raise PersonalityError(f"{p.name}: {exc}") from None
    return parse_personalities(data, p.name)


def parse_agent_name(name: str) -> tuple[str, Personality]:
    """``"shark"`` -> (shark, plain); ``"regular:bold"`` -> (regular, bold). Unknown parts raise ValueError."""
    level, sep, pers = name.partition(":")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} in agent {name!r}; the levels are: {', '.join(LEVELS)}")
    if not sep:
        return level, PLAIN
    known = load_personalities()
    if pers not in known:
        raise ValueError(f"unknown personality {pers!r} in agent {name!r}; known: {', '.join(sorted(known))}")
    return level, known[pers]


# ------------------------------------------------------------------------------------------ the agents
class LevelAgent:
    """Base of every level agent: the name, the level, the personality, a seeded generator, table talk.

    Subclasses implement ``choose(view, legal_actions)``. They must read nothing but those two arguments
    (and what they remember of earlier views): a test swaps in states with the same view and checks the
    choice does not change.
    """

    dedicated = True

    def __init__(self, game_id: str, level: str, personality: Personality, seed: int | None = None) -> None:
        self.game_id = game_id
        self.level = level
        self.personality = personality
        self.name = level if personality is PLAIN else f"{level}:{personality.name}"
        self.rng = Rng(0 if seed is None else seed)
        self._talk = Rng((0 if seed is None else seed) ^ 0x5EED_7A1C)  # talk never shifts the decisions

    def say(self, situation: str) -> str | None:
        """A line of table talk for ``situation`` (see :data:`SITUATIONS`), or None if it has nothing to say."""
        lines = self.personality.lines.get(situation)
        return self._talk.choice(lines) if lines else None

    def chance(self, p: float) -> bool:
        """True with probability ``p`` (from the agent's own seeded generator)."""
        return p > 0 and self.rng.below(1_000_000) < p * 1_000_000

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        raise NotImplementedError


#: the kinds a baseline agent prefers (the passive order), most preferred first
_BASELINE_ORDER = ("keep", "check", "call", "stay", "stand", "throw", "allin", "pass", "decline")


class BaselineLevelAgent(LevelAgent):
    """For a game with no dedicated policy yet: the passive baseline (never raises, calls, keeps).

    ``dedicated`` is False so the bench and the UI can say this level is not really playing the game.
    """

    dedicated = False

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        by_kind = {a.kind: a for a in reversed(legal_actions)}
        for kind in _BASELINE_ORDER:
            if kind in by_kind:
                return by_kind[kind]
        with_amount = [a for a in legal_actions if isinstance(a.get("amount"), int)]
        if with_amount:
            return min(with_amount, key=lambda a: a.amount)
        return legal_actions[0]


PolicyFactory = Callable[[str, str, Personality, "int | None"], LevelAgent]

#: game id -> factory(game_id, level, personality, seed) of its dedicated level agent
POLICIES: dict[str, PolicyFactory] = {}


def register_policy(game_id: str, factory: PolicyFactory) -> None:
    """Give ``game_id`` its own level agents (called by each game's AI module when it is imported)."""
    POLICIES[game_id] = factory


def make_level_agent(name: str, game_id: str, seed: int | None = None) -> LevelAgent:
    """A level agent (``novice``, ``regular:bold``, ...) for ``game_id``."""
    level, personality = parse_agent_name(name)
    factory = POLICIES.get(game_id)
    if factory is None:
        return BaselineLevelAgent(game_id, level, personality, seed)
    return factory(game_id, level, personality, seed)


def level_factory(level: str) -> Callable[[str, int | None], LevelAgent]:
    """An ``AGENTS`` entry for a plain level."""

    def make(game_id: str, seed: int | None = None) -> LevelAgent:
        return make_level_agent(level, game_id, seed)

    make.__name__ = f"make_{level}"
    return make
