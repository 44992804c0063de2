"""Better Hintaro's cards as data: the item deck, the containers and the bounty cards.

The rule text leaves both decks to us (RULINGS.md), so they live in TOML under
``assets/data/better_hintaro/`` where the economy can be rebalanced without touching code. The loader checks
everything a game needs before the first round is dealt: a typo in a bounty's needs would otherwise show up
as an unwinnable bounty many rounds later. Every error names the file, the card and the field.

Schema (``items.toml``)::

    [setup]  starting_tiers = ["green", "orange"]   # one card of each tier is dealt to every seat
    [tiers]  green = 50 ...                          # tier name -> value in credits (a positive multiple of 10)
    [[item]] id, name, tier, copies                  # copies in the deck (0: a bounty reward only)
    [[container]] id, name, size, copies             # size: items its holder draws at the end of the game

``bounties.toml``: ``[[bounty]]`` id, name, list_entry, needs (item ids, repeated for several copies),
printed_value, and either payout (credits) or reward_item (an item id), optional text.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

from game.paths import assets_dir

#: the most seats a table may have: the starting tiers must hold a card for each
MAX_SEATS = 8


class ContentError(ValueError):
    """A Better Hintaro data file is missing or wrong; the message names the file, the card and the field."""


@dataclass(frozen=True)
class Item:
    """An item card: it has a value in credits (from its tier) and may be bet, sold, traded and turned in."""

    id: str
    name: str
    tier: str
    value: int
    copies: int


@dataclass(frozen=True)
class Container:
    """A container card: no value; at the end of the game its holder draws ``size`` items."""

    id: str
    name: str
    size: int
    copies: int


@dataclass(frozen=True)
class Bounty:
    """A bounty card: the items it needs and what it pays (credits, or an item for ``reward_item``)."""

    id: str
    name: str
    list_entry: str
    needs: tuple[str, ...]
    printed_value: int
    payout: int | None
    reward_item: str | None
    text: str = ""


@dataclass(frozen=True)
class Content:
    """Everything the decks hold, validated. Shared by every table (it is never part of a State)."""

    tiers: Mapping[str, int]
    items: Mapping[str, Item]
    containers: Mapping[str, Container]
    bounties: Mapping[str, Bounty]
    starting_tiers: tuple[str, ...]

    def value(self, card: str) -> int:
        """An item's value in credits; containers are worth nothing."""
        item = self.items.get(card)
        return item.value if item is not None else 0

    def is_container(self, card: str) -> bool:
        return card in self.containers

    def name(self, card: str) -> str:
        thing = self.items.get(card) or self.containers.get(card)
        return thing.name if thing is not None else card

    def deck(self) -> list[str]:
        """Every card of the draw deck (items and containers, each repeated ``copies`` times), in file order."""
        cards: list[str] = []
        for item in self.items.values():
            cards += [item.id] * item.copies
        for box in self.containers.values():
            cards += [box.id] * box.copies
        return cards

    def reserve(self) -> list[str]:
        """The reward items set aside for bounties that pay an item instead of credits."""
        return [b.reward_item for b in self.bounties.values() if b.reward_item is not None]


def data_dir() -> Path:
    """``assets/data/better_hintaro`` in the PyInstaller bundle when frozen, else in the repository."""
    return assets_dir() / "data" / "better_hintaro"


# ------------------------------------------------------------------------------------------------ reading
def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ContentError(f"{path.name}: file not found (looked in {path.parent})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path.name}: not valid TOML: {exc}") from None


class _Card:
    """Reads one card's fields, turning every problem into a ContentError that says where it is."""

    def __init__(self, file: str, kind: str, index: int, raw: Any, allowed: tuple[str, ...]) -> None:
        self.file, self.kind = file, kind
        if not isinstance(raw, Mapping):
            raise ContentError(f"{file}: {kind} #{index + 1}: must be a table of fields")
        self.raw = raw
        card_id = raw.get("id")
        self.where = f"{kind} {card_id!r}" if isinstance(card_id, str) and card_id else f"{kind} #{index + 1}"
        for key in raw:
            if key not in allowed:
                self.fail(key, f"unknown field (the fields are: {', '.join(allowed)})")

    def fail(self, field: str, problem: str) -> NoReturn:
        raise ContentError(f"{self.file}: {self.where}: field {field!r}: {problem}")

    def text(self, field: str, required: bool = True) -> str:
        value = self.raw.get(field)
        if value is None:
            if required:
                self.fail(field, "missing")
            return ""
        if not isinstance(value, str) or (required and not value.strip()):
            self.fail(field, f"must be non-empty text, not {value!r}")
        return value

    def ident(self) -> str:
        value = self.text("id")
        if not value.replace("_", "").isalnum() or not value.islower():
            self.fail("id", f"must be lower-case letters, digits and underscores, not {value!r}")
        return value

    def number(self, field: str, lowest: int, required: bool = True) -> int | None:
        value = self.raw.get(field)
        if value is None:
            if required:
                self.fail(field, "missing")
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(field, f"must be a whole number, not {value!r}")
        if value < lowest:
            self.fail(field, f"must be at least {lowest}, not {value}")
        return value

    def ids(self, field: str) -> tuple[str, ...]:
        value = self.raw.get(field)
        if value is None:
            self.fail(field, "missing")
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            self.fail(field, f"must be a non-empty list of item ids, not {value!r}")
        return tuple(value)


def _parse_items(data: Mapping[str, Any], file: str) -> tuple[dict[str, int], dict[str, Item],
                                                               dict[str, Container], tuple[str, ...]]:
    unknown = set(data) - {"setup", "tiers", "item", "container"}
    if unknown:
        raise ContentError(f"{file}: unknown section(s) {sorted(unknown)}; expected setup, tiers, item, container")
    tiers_raw = data.get("tiers")
    if not isinstance(tiers_raw, Mapping) or not tiers_raw:
        raise ContentError(f"{file}: [tiers]: missing (a table of tier name = value)")
    tiers: dict[str, int] = {}
    for name, value in tiers_raw.items():
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0 or value % 10:
            raise ContentError(f"{file}: tier {name!r}: field 'value': must be a positive multiple of 10, "
                               f"not {value!r}")
        tiers[name] = value
    items: dict[str, Item] = {}
    containers: dict[str, Container] = {}
    cards = data.get("item")
    if not isinstance(cards, list) or not cards:
        raise ContentError(f"{file}: no [[item]] cards")
    for i, raw in enumerate(cards):
        card = _Card(file, "item", i, raw, ("id", "name", "tier", "copies"))
        cid = card.ident()
        if cid in items:
            card.fail("id", f"duplicate id {cid!r} (item #{list(items).index(cid) + 1} has it too)")
        tier = card.text("tier")
        if tier not in tiers:
            card.fail("tier", f"unknown tier {tier!r} (the tiers are: {', '.join(tiers)})")
        copies = card.number("copies", 0)
        items[cid] = Item(cid, card.text("name"), tier, tiers[tier], copies)  # type: ignore[arg-type]
    for i, raw in enumerate(data.get("container", [])):
        card = _Card(file, "container", i, raw, ("id", "name", "size", "copies"))
        cid = card.ident()
        if cid in items or cid in containers:
            card.fail("id", f"duplicate id {cid!r} (already used by another card)")
        size = card.number("size", 1)
        copies = card.number("copies", 0)
        containers[cid] = Container(cid, card.text("name"), size, copies)  # type: ignore[arg-type]
    setup = data.get("setup", {})
    if not isinstance(setup, Mapping):
        raise ContentError(f"{file}: [setup]: must be a table")
    starting = setup.get("starting_tiers", [])
    if not isinstance(starting, list) or not all(isinstance(t, str) for t in starting):
        raise ContentError(f"{file}: [setup]: field 'starting_tiers': must be a list of tier names")
    for tier in starting:
        if tier not in tiers:
            raise ContentError(f"{file}: [setup]: field 'starting_tiers': unknown tier {tier!r}")
        count = sum(it.copies for it in items.values() if it.tier == tier)
        if count < MAX_SEATS:
            raise ContentError(f"{file}: [setup]: field 'starting_tiers': tier {tier!r} has {count} cards in "
                               f"the deck; a table of {MAX_SEATS} seats needs {MAX_SEATS}")
    return tiers, items, containers, tuple(starting)


def _parse_bounties(data: Mapping[str, Any], file: str, items: Mapping[str, Item],
                    containers: Mapping[str, Container]) -> dict[str, Bounty]:
    unknown = set(data) - {"bounty"}
    if unknown:
        raise ContentError(f"{file}: unknown section(s) {sorted(unknown)}; expected [[bounty]] cards")
    cards = data.get("bounty")
    if not isinstance(cards, list) or not cards:
        raise ContentError(f"{file}: no [[bounty]] cards")
    bounties: dict[str, Bounty] = {}
    entries: dict[str, str] = {}
    for i, raw in enumerate(cards):
        card = _Card(file, "bounty", i, raw, ("id", "name", "list_entry", "text", "needs", "payout",
                                               "reward_item", "printed_value"))
        bid = card.ident()
        if bid in bounties:
            card.fail("id", f"duplicate id {bid!r}")
        entry = card.text("list_entry")
        if entry in entries:
            card.fail("list_entry", f"{entry!r} already has a card ({entries[entry]!r})")
        entries[entry] = bid
        needs = card.ids("needs")
        wanted = Counter(needs)
        for need, count in wanted.items():
            if need in containers:
                card.fail("needs", f"{need!r} is a container, not an item")
            if need not in items:
                card.fail("needs", f"unknown item {need!r}")
            if items[need].copies < count:
                card.fail("needs", f"needs {count} × {need!r} but the deck holds {items[need].copies}: "
                                   "the bounty could never be completed")
        printed = card.number("printed_value", 1)
        payout = card.number("payout", 1, required=False)
        reward = card.text("reward_item", required=False) or None
        if (payout is None) == (reward is None):
            card.fail("payout", "give exactly one of 'payout' (credits) or 'reward_item' (an item id)")
        if reward is not None and reward not in items:
            card.fail("reward_item", f"unknown item {reward!r}")
        bounties[bid] = Bounty(bid, card.text("name"), entry, needs, printed, payout, reward,  # type: ignore[arg-type]
                               card.text("text", required=False))
    return bounties


def load_content(path: str | Path | None = None) -> Content:
    """Read and validate ``items.toml`` and ``bounties.toml`` from ``path`` (default: the shipped data).

    Raises :class:`ContentError` naming the file, card and field of the first mistake. The shipped content is
    read once per process (tables share it; it is never copied into a State); other folders every call.
    """
    if path is None:
        return _shipped()
    return _load(Path(path))


@lru_cache(maxsize=1)
def _shipped() -> Content:
    return _load(data_dir())


def _load(base: Path) -> Content:
    tiers, items, containers, starting = _parse_items(_read(base / "items.toml"), "items.toml")
    bounties = _parse_bounties(_read(base / "bounties.toml"), "bounties.toml", items, containers)
    return Content(tiers, items, containers, bounties, starting)
