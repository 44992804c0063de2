"""One small schema layer for every file the game reads: settings, saves, the place side file, data files.

Why our own and not a library: the shapes are small (a dozen field kinds), every error must name the field
in the player's or the writer's words, the campaign layer must stay pure Python, and the packaged app has a
size budget; pydantic or jsonschema would bring more than they save here. A schema is a tree of checkers:
``check(value, where)`` returns the clean value or raises :class:`SchemaError` naming the path
(``campaign.log[3].borrow``) and what was expected. Checks never trust types: ``True`` is not a number, a
list is not an object, and every number has bounds so a 4,000-digit integer is refused, not carried.

:func:`lenient` is the settings-style reading: each field that fails falls back to its default and the
problem is reported, so one bad field never costs the others.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

#: the largest whole number a file may hold unless a schema says otherwise (chips, seeds, counts)
BIG = 2**63 - 1


class SchemaError(ValueError):
    """A value that does not fit its schema; ``where`` is the path to it."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.reason = message


def _at(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Schema:
    def check(self, value: Any, where: str = "") -> Any:  # pragma: no cover - every kind overrides it
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Schema):
    lo: int = -BIG
    hi: int = BIG

    def check(self, value: Any, where: str = "") -> int:
        if type(value) is not int:
            raise SchemaError(where, f"must be a whole number, not {_show(value)}")
        if not self.lo <= value <= self.hi:
            bound = f"at least {self.lo}" if value < self.lo else f"at most {self.hi}"
            raise SchemaError(where, f"must be {bound}, not {_show(value)}")
        return value


@dataclass(frozen=True)
class Float(Schema):
    lo: float
    hi: float

    def check(self, value: Any, where: str = "") -> float:
        if type(value) not in (int, float) or not self.lo <= value <= self.hi:
            raise SchemaError(where, f"must be a number from {self.lo:g} to {self.hi:g}, not {_show(value)}")
        return float(value)


@dataclass(frozen=True)
class Bool(Schema):
    def check(self, value: Any, where: str = "") -> bool:
        if type(value) is not bool:
            raise SchemaError(where, f"must be true or false, not {_show(value)}")
        return value


@dataclass(frozen=True)
class Str(Schema):
    max_len: int = 10_000
    min_len: int = 0
    pattern: str | None = None
    choices: tuple[str, ...] | None = None

    def check(self, value: Any, where: str = "") -> str:
        if type(value) is not str:
            raise SchemaError(where, f"must be a text, not {_show(value)}")
        if not self.min_len <= len(value) <= self.max_len:
            raise SchemaError(where, f"must be {self.min_len} to {self.max_len} characters long")
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            raise SchemaError(where, f"{_show(value)} is not of the form {self.pattern}")
        if self.choices is not None and value not in self.choices:
            raise SchemaError(where, f"{_show(value)} is not one of {', '.join(self.choices)}")
        return value


@dataclass(frozen=True)
class Anything(Schema):
    """Any decoded value, unchecked (the checks come later, by another schema chosen from it)."""

    def check(self, value: Any, where: str = "") -> Any:
        return value


@dataclass(frozen=True)
class Plain(Schema):
    """A whole number, a text, true/false, or a list of them (what an action's fields hold)."""

    max_len: int = 1000

    def check(self, value: Any, where: str = "") -> Any:
        if type(value) is list:
            if len(value) > self.max_len:
                raise SchemaError(where, f"must hold at most {self.max_len} items")
            return [self._one(v, _at(where, i)) for i, v in enumerate(value)]
        return self._one(value, where)

    def _one(self, value: Any, where: str) -> Any:
        if type(value) is bool or (type(value) is int and -BIG <= value <= BIG) or (
                type(value) is str and len(value) <= self.max_len):
            return value
        raise SchemaError(where, f"must be a whole number, a short text or true/false, not {_show(value)}")


@dataclass(frozen=True)
class Optional(Schema):
    inner: Schema

    def check(self, value: Any, where: str = "") -> Any:
        return None if value is None else self.inner.check(value, where)


@dataclass(frozen=True)
class List(Schema):
    item: Schema
    max_len: int = 1_000_000
    min_len: int = 0

    def check(self, value: Any, where: str = "") -> list[Any]:
        if type(value) is not list:
            raise SchemaError(where, f"must be a list, not {_show(value)}")
        if not self.min_len <= len(value) <= self.max_len:
            raise SchemaError(where, f"must hold {self.min_len} to {self.max_len} items, not {len(value)}")
        return [self.item.check(v, _at(where, i)) for i, v in enumerate(value)]


@dataclass(frozen=True)
class MapOf(Schema):
    """An object whose keys are free (checked by ``key``) and whose values share one schema."""

    value: Schema
    key: Str = Str(max_len=200)
    max_len: int = 100_000

    def check(self, value: Any, where: str = "") -> dict[str, Any]:
        if type(value) is not dict:
            raise SchemaError(where, f"must be an object, not {_show(value)}")
        if len(value) > self.max_len:
            raise SchemaError(where, f"must hold at most {self.max_len} entries")
        return {self.key.check(k, _at(where, str(k))): self.value.check(v, _at(where, k)) for k, v in value.items()}


_MISSING: Any = object()


@dataclass(frozen=True)
class Field:
    schema: Schema
    required: bool = True
    default: Any = _MISSING


@dataclass(frozen=True)
class Obj(Schema):
    """An object with named fields. ``extra``: "forbid" (an unknown key is an error), "keep" (carried through
    unchecked, so a newer writer's additions survive) or "drop"."""

    fields: Mapping[str, Field | Schema]
    extra: str = "forbid"

    def field(self, name: str) -> Field:
        f = self.fields[name]
        return f if isinstance(f, Field) else Field(f)

    def check(self, value: Any, where: str = "") -> dict[str, Any]:
        if type(value) is not dict:
            raise SchemaError(where, f"must be an object, not {_show(value)}")
        out: dict[str, Any] = {}
        for name in self.fields:
            f = self.field(name)
            if name in value:
                out[name] = f.schema.check(value[name], _at(where, name))
            elif f.required:
                raise SchemaError(_at(where, name), "is missing")
            elif f.default is not _MISSING:
                out[name] = f.default
        unknown = [k for k in value if k not in self.fields]
        if unknown and self.extra == "forbid":
            raise SchemaError(_at(where, str(unknown[0])), f"is unknown; allowed: {', '.join(self.fields)}")
        if self.extra == "keep":
            out.update((k, value[k]) for k in unknown)
        return out


@dataclass(frozen=True)
class Check(Schema):
    """A schema plus a rule of its own: ``rule(value)`` returns an error message, or None when it holds."""

    inner: Schema
    rule: Callable[[Any], str | None]

    def check(self, value: Any, where: str = "") -> Any:
        clean = self.inner.check(value, where)
        problem = self.rule(clean)
        if problem:
            raise SchemaError(where, problem)
        return clean


def lenient(schema: Obj, value: Any, defaults: Mapping[str, Any], where: str = "") -> tuple[dict[str, Any],
                                                                                              list[str]]:
    """Each field of ``schema`` from ``value``, or its default if missing or bad; and the problems found.
    A ``value`` that is not an object gives every default and one problem."""
    if type(value) is not dict:
        return dict(defaults), [f"{where or 'the file'} does not hold an object"]
    out: dict[str, Any] = {}
    problems: list[str] = []
    for name in schema.fields:
        if name not in value:
            out[name] = defaults[name]
            continue
        try:
            out[name] = schema.field(name).schema.check(value[name], _at(where, name))
        except SchemaError as exc:
            problems.append(str(exc))
            out[name] = defaults[name]
    return out, problems
