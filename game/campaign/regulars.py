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
from game.schema import Bool, Check, Field, Int, List, Obj, SchemaError, Str

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


# ------------------------------------------------------------------------------------------ the schema
def _non_blank(v: str) -> str | None:
    return None if v.strip() else "must be a non-empty text"


def _colour(v: str) -> str | None:
    return None if _HEX.match(v) else f"must be a colour like '#a07040', not {v!r}"


def _agent(v: str) -> str | None:
    """The AI name must be one ``game.ai.make_agent`` accepts: a level, optionally ``:personality``."""
    from game.ai.levels import parse_agent_name

    try:
        parse_agent_name(v)
    except ValueError as exc:
        return str(exc)
    return None


_TEXT = Check(Str(max_len=5000), _non_blank)
_LOOK = Obj({k: Check(_TEXT, _colour) if k in ("colour", "accent") else _TEXT for k in LOOK_FIELDS})


def _lines(required: tuple[str, ...], optional: tuple[str, ...]) -> Obj:
    said = List(_TEXT, min_len=1, max_len=500)
    return Obj({k: Field(said, required=k in required) for k in required + optional})


REGULAR_SCHEMA = Obj({
    "name": _TEXT, "epithet": _TEXT, "bio": _TEXT, "ai": Check(_TEXT, _agent), "bankroll": Int(1, 10**9),
    "reputation": Int(0, 100), "champion": Field(Bool(), required=False, default=False), "look": _LOOK,
    "lines": _lines(LINES_REQUIRED, LINES_OPTIONAL),
})
LENDER_SCHEMA = Obj({
    "id": _TEXT, "name": _TEXT, "epithet": _TEXT, "bio": _TEXT, "look": _LOOK, "lines": _lines(LENDER_LINES, ()),
    "max_debt": Int(1, 10**9), "interest_percent": Int(0, 1000), "favour_credits": Int(1, 10**9),
    "favour_reputation": Int(0, 100),
})
REGULAR_FIELDS = set(REGULAR_SCHEMA.fields)
LENDER_FIELDS = set(LENDER_SCHEMA.fields)


def _checked(schema: Obj, entry: Any, where: str) -> dict[str, Any]:
    try:
        return schema.check(entry)
    except SchemaError as exc:
        if not exc.where:
            raise RegularError(f"{where}: must be a table") from None
        raise RegularError(f"{where}: field {exc.where!r} {exc.reason}") from None


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
        e = _checked(REGULAR_SCHEMA, entry, where)
        regulars[rid] = Regular(
            id=rid, name=e["name"], epithet=e["epithet"], bio=e["bio"], look=Look(**e["look"]), ai=e["ai"],
            bankroll=e["bankroll"], reputation=e["reputation"], champion=e["champion"],
            lines=MappingProxyType({k: tuple(v) for k, v in e["lines"].items()}),
        )
    champions = [r.id for r in regulars.values() if r.champion]
    if len(champions) != 1:
        raise RegularError(f"{source}: exactly one regular must have champion = true, not {champions or 'none'}")
    where = f"{source}: [lender]"
    if not isinstance(data.get("lender"), Mapping):
        raise RegularError(f"{where}: missing (the loan shark and the terms of his loans)")
    e = _checked(LENDER_SCHEMA, data["lender"], where)
    if e["id"] in regulars:
        raise RegularError(f"{where}: field 'id': {e['id']!r} is also a regular's id")
    lender = Lender(
        id=e["id"], name=e["name"], epithet=e["epithet"], bio=e["bio"], look=Look(**e["look"]),
        max_debt=e["max_debt"], interest_percent=e["interest_percent"], favour_credits=e["favour_credits"],
        favour_reputation=e["favour_reputation"], lines=MappingProxyType({k: tuple(v) for k, v in e["lines"].items()}),
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
