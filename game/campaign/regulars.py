"""The cantinas' regulars and the loan shark, read from ``assets/data/regulars.toml``.

Why data: a regular is a name, a look for the UI to draw, an AI (a level and a personality, the same two words
``game.ai.make_agent`` takes), a bankroll and a few lines of banter. Writers add people without touching code;
the maps say where each one sits. Every error names the entry and the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.campaign.levels import data_root
from game.files import FileRefused, load_toml

REGULARS_PATH = Path("assets") / "data" / "regulars.toml"

#: banter situations: the required ones every regular must have, then the optional ones
LINES_REQUIRED: tuple[str, ...] = ("win", "lose", "bluff")
LINES_OPTIONAL: tuple[str, ...] = ("greet", "beaten")
LENDER_LINES: tuple[str, ...] = ("offer", "collect", "favour", "refuse")
LOOK_FIELDS: tuple[str, ...] = ("species", "build", "colour", "accent", "outfit", "detail")
_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


class RegularError(ValueError):
    """regulars.toml is missing, malformed, or an entry has a bad field (the message names both)."""


@dataclass(frozen=True)
class Look:
    """Words and colours the cantina scene draws a character from (a tinted silhouette, a detail)."""

    species: str
    build: str
    colour: str
    accent: str
    outfit: str
    detail: str


@dataclass(frozen=True)
class Regular:
    id: str
    name: str
    epithet: str
    bio: str
    look: Look
    ai: str
    bankroll: int
    reputation: int
    champion: bool
    lines: Mapping[str, tuple[str, ...]]

    def line(self, situation: str, pick: int) -> str | None:
        """Line number ``pick`` (wrapping) for ``situation``, or None if they have nothing to say."""
        options = self.lines.get(situation)
        return options[pick % len(options)] if options else None


@dataclass(frozen=True)
class Lender:
    """The loan shark and the terms of his loans (a way back for a broke player, at a price)."""

    id: str
    name: str
    epithet: str
    bio: str
    look: Look
    max_debt: int
    interest_percent: int
    favour_credits: int
    favour_reputation: int
    lines: Mapping[str, tuple[str, ...]]


@dataclass(frozen=True)
class Roster:
    regulars: Mapping[str, Regular]
    lender: Lender

    @property
    def champion(self) -> Regular:
        return next(r for r in self.regulars.values() if r.champion)

    def names(self) -> dict[str, str]:
        return {rid: r.name for rid, r in self.regulars.items()}


def _text(where: str, entry: Mapping[str, Any], key: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise RegularError(f"{where}: field {key!r} must be a non-empty text")
    return value


def _int(where: str, entry: Mapping[str, Any], key: str, lo: int, hi: int) -> int:
    value = entry.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RegularError(f"{where}: field {key!r} must be a whole number, not {value!r}")
    if not lo <= value <= hi:
        raise RegularError(f"{where}: field {key!r} must be between {lo} and {hi}, not {value}")
    return value


def _look(where: str, entry: Mapping[str, Any]) -> Look:
    look = entry.get("look")
    if not isinstance(look, Mapping):
        raise RegularError(f"{where}: field 'look' must be a table ({', '.join(LOOK_FIELDS)})")
    extra = set(look) - set(LOOK_FIELDS)
    if extra:
        raise RegularError(f"{where}: field 'look.{sorted(extra)[0]}' is unknown; allowed: {', '.join(LOOK_FIELDS)}")
    values = {k: _text(f"{where}: look", look, k) for k in LOOK_FIELDS}
    for k in ("colour", "accent"):
        if not _HEX.match(values[k]):
            raise RegularError(f"{where}: field 'look.{k}' must be a colour like '#a07040', not {values[k]!r}")
    return Look(**values)


def _lines(where: str, entry: Mapping[str, Any], required: tuple[str, ...],
           optional: tuple[str, ...]) -> Mapping[str, tuple[str, ...]]:
    lines = entry.get("lines")
    if not isinstance(lines, Mapping):
        raise RegularError(f"{where}: field 'lines' must be a table of situation = [lines]")
    out: dict[str, tuple[str, ...]] = {}
    for key, texts in lines.items():
        if key not in required + optional:
            raise RegularError(f"{where}: field 'lines.{key}' is unknown; situations: {', '.join(required + optional)}")
        if not isinstance(texts, list) or not texts or not all(isinstance(t, str) and t.strip() for t in texts):
            raise RegularError(f"{where}: field 'lines.{key}' must be a non-empty list of texts")
        out[key] = tuple(texts)
    for key in required:
        if key not in out:
            raise RegularError(f"{where}: field 'lines.{key}' is missing (required: {', '.join(required)})")
    return MappingProxyType(out)


def _check_ai(where: str, ai: str) -> None:
    """The AI name must be one ``game.ai.make_agent`` accepts: a level, optionally ``:personality``."""
    from game.ai.levels import parse_agent_name

    try:
        parse_agent_name(ai)
    except ValueError as exc:
        raise RegularError(f"{where}: field 'ai': {exc}") from None


REGULAR_FIELDS = {"name", "epithet", "bio", "ai", "bankroll", "reputation", "champion", "look", "lines"}
LENDER_FIELDS = {"id", "name", "epithet", "bio", "look", "lines", "max_debt", "interest_percent",
                 "favour_credits", "favour_reputation"}


def parse_roster(data: Mapping[str, Any], source: str = "regulars.toml") -> Roster:
    """Validate the parsed TOML and build the roster; every error names the entry and the field."""
    extra = set(data) - {"regular", "lender"}
    if extra:
        raise RegularError(f"{source}: unknown top-level key(s) {sorted(extra)}; only [regular.*] and [lender]")
    table = data.get("regular")
    if not isinstance(table, Mapping) or not table:
        raise RegularError(f"{source}: needs a [regular.ID] table for each regular")
    regulars: dict[str, Regular] = {}
    for rid, entry in table.items():
        where = f"{source}: regular {rid!r}"
        if not _ID.match(rid):
            raise RegularError(f"{where}: ids are lower-case words (letters, digits, _)")
        if not isinstance(entry, Mapping):
            raise RegularError(f"{where}: must be a table")
        unknown = set(entry) - REGULAR_FIELDS
        if unknown:
            raise RegularError(f"{where}: field {sorted(unknown)[0]!r} is unknown; allowed: "
                               f"{', '.join(sorted(REGULAR_FIELDS))}")
        ai = _text(where, entry, "ai")
        _check_ai(where, ai)
        champion = entry.get("champion", False)
        if not isinstance(champion, bool):
            raise RegularError(f"{where}: field 'champion' must be true or false")
        regulars[rid] = Regular(
            id=rid,
            name=_text(where, entry, "name"),
            epithet=_text(where, entry, "epithet"),
            bio=_text(where, entry, "bio"),
            look=_look(where, entry),
            ai=ai,
            bankroll=_int(where, entry, "bankroll", 1, 10**9),
            reputation=_int(where, entry, "reputation", 0, 100),
            champion=champion,
            lines=_lines(where, entry, LINES_REQUIRED, LINES_OPTIONAL),
        )
    champions = [r.id for r in regulars.values() if r.champion]
    if len(champions) != 1:
        raise RegularError(f"{source}: exactly one regular must have champion = true, not {champions or 'none'}")
    entry = data.get("lender")
    where = f"{source}: [lender]"
    if not isinstance(entry, Mapping):
        raise RegularError(f"{where}: missing (the loan shark and the terms of his loans)")
    unknown = set(entry) - LENDER_FIELDS
    if unknown:
        raise RegularError(f"{where}: field {sorted(unknown)[0]!r} is unknown; allowed: "
                           f"{', '.join(sorted(LENDER_FIELDS))}")
    lender_id = _text(where, entry, "id")
    if lender_id in regulars:
        raise RegularError(f"{where}: field 'id': {lender_id!r} is also a regular's id")
    lender = Lender(
        id=lender_id,
        name=_text(where, entry, "name"),
        epithet=_text(where, entry, "epithet"),
        bio=_text(where, entry, "bio"),
        look=_look(where, entry),
        max_debt=_int(where, entry, "max_debt", 1, 10**9),
        interest_percent=_int(where, entry, "interest_percent", 0, 1000),
        favour_credits=_int(where, entry, "favour_credits", 1, 10**9),
        favour_reputation=_int(where, entry, "favour_reputation", 0, 100),
        lines=_lines(where, entry, LENDER_LINES, ()),
    )
    return Roster(MappingProxyType(regulars), lender)


@cache
def load_roster(path: str | None = None) -> Roster:
    """The roster from ``assets/data/regulars.toml`` (or ``path``), validated and cached."""
    p = Path(path) if path else data_root() / REGULARS_PATH
    try:
        data = load_toml(p, what="regulars file")
    except FileNotFoundError:
        raise RegularError(f"cannot read the regulars file {p}: it does not exist") from None
    except FileRefused as exc:
        raise RegularError(f"{p.name}: {exc}") from None
    return parse_roster(data, p.name)
