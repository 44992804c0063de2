"""Cantina maps (Tiled ``.tmx`` files in ``levels/``) turned into plain, frozen data.

Why this shape: the campaign logic and the tests need a cantina's *meaning* (its tables, who sits where,
the doors and what they ask, the props that move), never its pixels. ``load_level`` parses a map with
``pytmx.TiledMap(path)`` and no image loader, so it runs headless and never touches pygame; the cantina scene
draws the same file with ``pytmx.load_pygame`` and takes positions from here.

Before pytmx sees a file, a quick pass over the XML checks what pytmx would either crash on or silently
accept: malformed XML, typed properties whose value does not parse, missing tileset or image files, tile ids
past the end of the tilesets. Every problem raises :class:`LevelError` naming the file, the object and the
field, so a map broken in Tiled is fixed in a minute.

Objects carry their kind in Tiled's ``class`` attribute (Tiled 1.9 wrote it there; Tiled 1.10+ writes it as
``type`` again when it re-saves a file, so both are read). The object classes and their custom properties:

``table``   rectangle or ellipse: ``game`` (text, a game id), ``buy_in`` (int: credits each seat brings, the
            engine's ``stack``), ``seats`` (int, the player's included), optional ``title`` (text),
            ``options`` (text holding a JSON object of engine options; never ``stack``), ``champion`` (bool),
            and the requirements below.
``seat``    point: ``table`` (text, the table's object name), ``index`` (int, 0 = the player's chair; seats
            run clockwise seen from above, as the engines number them).
``regular`` point at a seat: ``regular`` (text, an id in ``assets/data/regulars.toml``), ``table``, ``seat``
            (int, 1 and up).
``prop``    point or polyline: ``kind`` (text, one of :data:`PROP_KINDS`), optional ``period_ms`` (int, the
            idle animation's period) and ``label`` (text). A polyline is a route (a droid walks it and back).
``door``    rectangle: ``to`` (text, another level's id = its file name without ``.tmx``), ``label`` (text) and
            the requirements below.
``spawn``   point: where the player appears (exactly one per map).
``lender``  point: where the loan shark sits (optional, at most one), optional ``label``.

Requirements (doors and tables, all optional): ``req_credits`` (int, a bankroll of at least this),
``req_reputation`` (int), ``req_beaten`` (text: regular ids separated by commas), ``req_no_debt`` (bool).

Map properties: ``title`` (text), ``description`` (text), ``order`` (int: 0 is where a campaign starts).
Tiles may carry ``kind`` (text) and ``solid`` (bool) properties: solid tiles block walking.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from types import MappingProxyType
from typing import Any
from xml.etree import ElementTree

from game.files import FileRefused, decode_json, read_bytes
from game.paths import data_root

#: every game a table may name (the six the project ships); tables of games not registered yet stay closed
KNOWN_GAMES: tuple[str, ...] = (
    "hintaro", "street_hintaro", "kinzo", "sabacc_house", "nepunian_spike", "better_hintaro",
)

#: what each prop kind is, for the cantina scene's idle animations
PROP_KINDS: Mapping[str, str] = MappingProxyType({
    "lamp": "a lamp whose light flickers (period_ms: the flicker's rhythm)",
    "neon": "a buzzing sign that stutters on and off",
    "droid": "a service droid walking its polyline route and back",
    "glass": "a glass being wiped, at the bar or on a side table",
    "bartender": "the bartender behind the counter",
    "dealer": "a house dealer droid at a table",
    "band": "musicians in a corner",
    "guard": "a bouncer or bodyguard who shifts his weight now and then",
    "drinker": "a patron who is not playing: sways, drinks, glances over",
    "smoke": "a slow drift of smoke in the lamp light",
    "fan": "a ceiling fan whose shadow turns",
    "bottles": "a row of bottles standing on a counter or shelf",
    "crate": "a cargo crate (art: props.crate)",
    "patron": "someone standing at the edge of the room, looking about",
})

OBJECT_CLASSES: tuple[str, ...] = ("table", "seat", "regular", "prop", "door", "spawn", "lender")

# property schemas: class -> {name: (kind, required)}; kinds: str, int, bool, json, ids
_REQ: dict[str, tuple[str, bool]] = {
    "req_credits": ("int", False),
    "req_reputation": ("int", False),
    "req_beaten": ("ids", False),
    "req_no_debt": ("bool", False),
}
SCHEMA: Mapping[str, Mapping[str, tuple[str, bool]]] = MappingProxyType({
    "table": {"game": ("str", True), "buy_in": ("int", True), "seats": ("int", True), "title": ("str", False),
              "options": ("json", False), "champion": ("bool", False), **_REQ},
    "seat": {"table": ("str", True), "index": ("int", True)},
    "regular": {"regular": ("str", True), "table": ("str", True), "seat": ("int", True)},
    "prop": {"kind": ("str", True), "period_ms": ("int", False), "label": ("str", False)},
    "door": {"to": ("str", True), "label": ("str", True), **_REQ},
    "spawn": {},
    "lender": {"label": ("str", False)},
})
MAP_SCHEMA: Mapping[str, tuple[str, bool]] = MappingProxyType({
    "title": ("str", True), "description": ("str", True), "order": ("int", True),
})
#: the shapes each class may take
SHAPES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "table": ("rectangle", "ellipse"), "seat": ("point",), "regular": ("point",), "prop": ("point", "polyline"),
    "door": ("rectangle",), "spawn": ("point",), "lender": ("point",),
})
#: Tiled property types that hold each schema kind
_TILED_TYPE = {"str": ("string",), "json": ("string",), "ids": ("string",), "int": ("int",), "bool": ("bool",)}

TILE_SIZE = 32
MAX_MAP_BYTES = 4 * 1024 * 1024  # a map or a tileset file (ours are a few tens of kB)
MAX_IMAGE_BYTES = 32 * 1024 * 1024  # a tileset image
MIN_TILES, MAX_TILES = 8, 200


def levels_dir(root: Path | None = None) -> Path:
    return (root or data_root()) / "levels"


class LevelError(ValueError):
    """A map that cannot be used. The message names the file, the object and the field at fault."""


# ------------------------------------------------------------------------------------------------- data
@dataclass(frozen=True)
class Requirements:
    """What it takes to pass a door or sit at a table. Empty requirements are always met."""

    credits: int = 0
    reputation: int = 0
    beaten: tuple[str, ...] = ()
    no_debt: bool = False

    def __bool__(self) -> bool:
        return bool(self.credits or self.reputation or self.beaten or self.no_debt)

    def unmet(self, *, bankroll: int, reputation: int, beaten: Iterable[str], debt: int,
              names: Mapping[str, str] | None = None) -> list[str]:
        """Sentences for each requirement not met yet (empty: the way is open). ``names`` maps regular ids to
        the names players know them by."""
        names = names or {}
        out: list[str] = []
        if bankroll < self.credits:
            out.append(f"a bankroll of at least {self.credits:,} credits (you have {bankroll:,})")
        if reputation < self.reputation:
            out.append(f"a reputation of {self.reputation} (yours is {reputation})")
        done = set(beaten)
        for rid in self.beaten:
            if rid not in done:
                out.append(f"to have beaten {names.get(rid, rid)}")
        if self.no_debt and debt > 0:
            out.append(f"no debts (you owe {debt:,} credits)")
        return out


@dataclass(frozen=True)
class Seat:
    index: int
    x: float
    y: float


@dataclass(frozen=True)
class Table:
    """A table: which game, the stakes, and the chairs around it (seat 0 is the player's)."""

    name: str
    title: str
    game: str
    options: Mapping[str, Any]
    buy_in: int
    seats: tuple[Seat, ...]
    x: float
    y: float
    width: float
    height: float
    requires: Requirements
    champion: bool
    object_id: int

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)

    def engine_options(self) -> dict[str, Any]:
        """The options to create the engine session with: the map's options plus the buy-in as ``stack``."""
        return {**self.options, "stack": self.buy_in}


@dataclass(frozen=True)
class RegularSpot:
    """A regular sitting at a table's seat (``x``/``y`` where the scene draws them)."""

    regular: str
    table: str
    seat: int
    x: float
    y: float
    object_id: int


@dataclass(frozen=True)
class Prop:
    name: str
    kind: str
    x: float
    y: float
    route: tuple[tuple[float, float], ...]
    period_ms: int
    label: str
    object_id: int


@dataclass(frozen=True)
class Door:
    name: str
    to: str
    label: str
    x: float
    y: float
    width: float
    height: float
    requires: Requirements
    object_id: int

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)


@dataclass(frozen=True)
class Level:
    """One cantina as data. Coordinates are map pixels (as in Tiled); cells are (column, row)."""

    id: str
    path: Path
    title: str
    description: str
    order: int
    width: int
    height: int
    tile_width: int
    tile_height: int
    background: str
    tables: tuple[Table, ...]
    regulars: tuple[RegularSpot, ...]
    props: tuple[Prop, ...]
    doors: tuple[Door, ...]
    spawn: tuple[float, float]
    lender: tuple[float, float] | None
    tilesets: tuple[Path, ...]
    images: tuple[Path, ...]
    blocked: frozenset[tuple[int, int]]

    @property
    def name(self) -> str:
        """The cantina's name as players see it (the map's ``title`` property)."""
        return self.title

    @property
    def size(self) -> tuple[int, int]:
        """Width and height in tiles."""
        return (self.width, self.height)

    @property
    def pixel_size(self) -> tuple[int, int]:
        return (self.width * self.tile_width, self.height * self.tile_height)

    def table(self, name: str) -> Table:
        for t in self.tables:
            if t.name == name:
                return t
        raise KeyError(f"{self.id} has no table {name!r}; its tables: {', '.join(t.name for t in self.tables)}")

    def door(self, name: str) -> Door:
        for d in self.doors:
            if d.name == name:
                return d
        raise KeyError(f"{self.id} has no door {name!r}; its doors: {', '.join(d.name for d in self.doors)}")

    def seated_at(self, table: str) -> tuple[RegularSpot, ...]:
        """The regulars at ``table``, by seat."""
        return tuple(sorted((r for r in self.regulars if r.table == table), key=lambda r: r.seat))

    def table_at(self, x: float, y: float, margin: float = 24.0) -> Table | None:
        """The table under (or within ``margin`` pixels of) a point: what a click near a table means."""
        for t in self.tables:
            if t.x - margin <= x <= t.x + t.width + margin and t.y - margin <= y <= t.y + t.height + margin:
                return t
        return None

    def door_at(self, x: float, y: float, margin: float = 8.0) -> Door | None:
        for d in self.doors:
            if d.x - margin <= x <= d.x + d.width + margin and d.y - margin <= y <= d.y + d.height + margin:
                return d
        return None

    def cell_of(self, x: float, y: float) -> tuple[int, int]:
        return (int(x // self.tile_width), int(y // self.tile_height))

    def walkable(self, cell: tuple[int, int]) -> bool:
        c, r = cell
        return 0 <= c < self.width and 0 <= r < self.height and cell not in self.blocked

    def reachable(self, start: tuple[int, int] | None = None) -> set[tuple[int, int]]:
        """Every walkable cell reachable from ``start`` (default: the spawn point) in four directions."""
        start = start or self.cell_of(*self.spawn)
        if not self.walkable(start):
            return set()
        seen = {start}
        todo = deque([start])
        while todo:
            c, r = todo.popleft()
            for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if n not in seen and self.walkable(n):
                    seen.add(n)
                    todo.append(n)
        return seen

    def find_path(self, start: tuple[int, int], goal: tuple[int, int]) -> list[tuple[int, int]]:
        """A shortest walk from ``start`` to ``goal`` (cells, both included), or [] if there is none.

        For click-to-move: the scene asks for the path to a cell next to a table or a door."""
        if not (self.walkable(start) and self.walkable(goal)):
            return []
        came: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
        todo = deque([start])
        while todo:
            cur = todo.popleft()
            if cur == goal:
                out = [cur]
                while came[out[-1]] is not None:
                    out.append(came[out[-1]])  # type: ignore[arg-type]
                return out[::-1]
            c, r = cur
            for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if n not in came and self.walkable(n):
                    came[n] = cur
                    todo.append(n)
        return []


# ------------------------------------------------------------------------------------------ the XML pass
@dataclass
class _RawObject:
    id: int
    name: str
    cls: str
    shape: str
    props: dict[str, tuple[str, str]]  # name -> (tiled type, raw value)


def _where(path: Path, obj: _RawObject | None = None, field: str | None = None) -> str:
    parts = [path.name]
    if obj is not None:
        label = f"object {obj.name!r}" if obj.name else "object"
        parts.append(f"{label} (id {obj.id}{', class ' + obj.cls if obj.cls else ''})")
    if field is not None:
        parts.append(f"field {field!r}")
    return ": ".join(parts)


def _parse_xml(path: Path, what: str) -> ElementTree.Element:
    try:
        raw = read_bytes(path, MAX_MAP_BYTES, what=what)
    except FileNotFoundError:
        raise LevelError(f"{path.name}: {what} not found at {path}") from None
    except FileRefused as exc:
        raise LevelError(f"{path.name}: {exc}") from None
    try:
        return ElementTree.fromstring(raw)
    except ElementTree.ParseError as exc:
        line, col = exc.position
        raise LevelError(f"{path.name}: not valid XML at line {line}, column {col} (truncated or hand-broken?): "
                         f"{exc}") from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise LevelError(f"{path.name}: the {what} cannot be read: {type(exc).__name__}: {exc}") from None


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: samples per pixel for each PNG colour type
_PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def check_png(path: Path, label: str) -> tuple[int, int]:
    """The width and height of a PNG that decodes whole: signature, every chunk's CRC, the header, and image
    data that inflates to exactly the rows the header promises. A damaged tileset is refused here, naming the
    file, instead of failing later in the cantina scene. Pure Python (``zlib``): no pygame."""
    import zlib

    def bad(why: str) -> LevelError:
        return LevelError(f"{label}: image {path.name!r} is damaged ({why})")

    try:
        raw = read_bytes(path, MAX_IMAGE_BYTES, what="image")
    except FileNotFoundError:
        raise LevelError(f"{label}: image {path.name!r} does not exist ({path})") from None
    except FileRefused as exc:
        raise LevelError(f"{label}: {exc}") from None
    if raw[:8] != _PNG_SIGNATURE:
        raise bad("not a PNG file")
    pos, header, data, ended = 8, None, [], False
    while pos < len(raw) and not ended:
        if pos + 12 > len(raw):
            raise bad(f"cut short at byte {pos}")
        length = int.from_bytes(raw[pos:pos + 4], "big")
        kind = raw[pos + 4:pos + 8]
        body = raw[pos + 8:pos + 8 + length]
        crc = raw[pos + 8 + length:pos + 12 + length]
        if len(body) != length or len(crc) != 4:
            raise bad(f"chunk {kind!r} is cut short")
        if zlib.crc32(kind + body) != int.from_bytes(crc, "big"):
            raise bad(f"chunk {kind.decode('latin-1')!r} at byte {pos} fails its checksum")
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            data.append(body)
        elif kind == b"IEND":
            ended = True
        pos += 12 + length
    if header is None or len(header) != 13:
        raise bad("no image header")
    if not ended:
        raise bad("no end chunk: the file is cut short")
    width, height = int.from_bytes(header[0:4], "big"), int.from_bytes(header[4:8], "big")
    depth, colour, interlace = header[8], header[9], header[12]
    if not (0 < width <= 16384 and 0 < height <= 16384) or colour not in _PNG_CHANNELS:
        raise bad(f"a header of {width}×{height}, colour type {colour}")
    if interlace == 0:
        row = (width * _PNG_CHANNELS[colour] * depth + 7) // 8
        expected = height * (row + 1)
        try:
            inflater = zlib.decompressobj()
            pixels = inflater.decompress(b"".join(data), expected + 1)
        except zlib.error as exc:
            raise bad(f"its image data does not inflate: {exc}") from None
        if len(pixels) != expected or not inflater.eof:
            raise bad(f"its image data holds {len(pixels)} bytes, not the {expected} of a {width}×{height} image")
    return width, height


def _check_typed(path: Path, obj: _RawObject | None, name: str, tiled_type: str, value: str) -> None:
    """A typed property whose value would make pytmx crash (or lie) is reported here, by name."""
    if tiled_type == "int":
        try:
            int(value)
        except ValueError:
            raise LevelError(f"{_where(path, obj, name)}: {value!r} is not a whole number") from None
    elif tiled_type == "float":
        try:
            float(value)
        except ValueError:
            raise LevelError(f"{_where(path, obj, name)}: {value!r} is not a number") from None
    elif tiled_type == "bool" and value not in ("true", "false", "1", "0"):
        raise LevelError(f"{_where(path, obj, name)}: {value!r} is not true or false")


def _props_of(path: Path, node: ElementTree.Element, obj: _RawObject | None) -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for p in node.findall("properties/property"):
        name = p.get("name") or ""
        tiled_type = p.get("type", "string")
        value = p.get("value")
        if value is None:
            value = p.text or ""
        if name in out:
            raise LevelError(f"{_where(path, obj, name)}: the property is set twice")
        _check_typed(path, obj, name, tiled_type, value)
        out[name] = (tiled_type, value)
    return out


@dataclass
class _Inspection:
    map_props: dict[str, tuple[str, str]]
    objects: dict[int, _RawObject]
    tilesets: list[Path]
    images: list[Path]


def _inspect(path: Path) -> _Inspection:
    root = _parse_xml(path, "map")
    if root.tag != "map":
        raise LevelError(f"{path.name}: not a Tiled map (the root element is <{root.tag}>, not <map>)")
    for attr, want in (("orientation", "orthogonal"), ("infinite", "0")):
        got = root.get(attr, "0" if attr == "infinite" else None)
        if got != want:
            raise LevelError(f"{path.name}: map field {attr!r} must be {want!r}, not {got!r}")
    for attr in ("width", "height", "tilewidth", "tileheight"):
        raw = root.get(attr, "")
        if not raw.isdigit():
            raise LevelError(f"{path.name}: map field {attr!r} must be a whole number, not {raw!r}")
    width, height = int(root.get("width", "0")), int(root.get("height", "0"))
    if not (MIN_TILES <= width <= MAX_TILES and MIN_TILES <= height <= MAX_TILES):
        raise LevelError(f"{path.name}: map size {width}×{height} tiles is outside {MIN_TILES}–{MAX_TILES}")
    if root.get("tilewidth") != str(TILE_SIZE) or root.get("tileheight") != str(TILE_SIZE):
        raise LevelError(f"{path.name}: map fields 'tilewidth'/'tileheight' must be {TILE_SIZE} (the art's size)")
    map_props = _props_of(path, root, None)

    tilesets: list[Path] = []
    images: list[Path] = []
    max_gid = 0
    for ts in root.findall("tileset"):
        firstgid = ts.get("firstgid", "")
        if not firstgid.isdigit():
            raise LevelError(f"{path.name}: tileset field 'firstgid' must be a whole number, not {firstgid!r}")
        node, base = ts, path.parent
        if ts.get("source"):
            ts_path = (path.parent / ts.get("source", "")).resolve()
            tilesets.append(ts_path)
            node = _parse_xml(ts_path, f"tileset {ts.get('source')!r} (used by {path.name})")
            if node.tag != "tileset":
                raise LevelError(f"{ts_path.name}: not a Tiled tileset (root <{node.tag}>), used by {path.name}")
            base = ts_path.parent
        label = ts.get("source") or node.get("name") or "embedded tileset"
        for attr in ("tilewidth", "tileheight"):
            if node.get(attr) != str(TILE_SIZE):
                raise LevelError(f"{path.name}: tileset {label!r} field {attr!r} must be {TILE_SIZE}, "
                                 f"not {node.get(attr)!r}")
        tilecount = node.get("tilecount", "")
        if not tilecount.isdigit():
            raise LevelError(f"{path.name}: tileset {label!r} field 'tilecount' must be a whole number")
        max_gid = max(max_gid, int(firstgid) + int(tilecount) - 1)
        for img in node.iter("image"):
            src = img.get("source")
            if not src:
                raise LevelError(f"{path.name}: tileset {label!r} has an image with no 'source'")
            img_path = (base / src).resolve()
            if not img_path.is_file():
                raise LevelError(f"{path.name}: tileset {label!r} image {src!r} does not exist ({img_path})")
            if img_path.suffix.lower() == ".png":
                size = check_png(img_path, f"{path.name}: tileset {label!r}")
                declared = (img.get("width", ""), img.get("height", ""))
                if all(d.isdigit() for d in declared) and tuple(map(int, declared)) != size:
                    raise LevelError(f"{path.name}: tileset {label!r} image {src!r} is {size[0]}×{size[1]}, but "
                                     f"the tileset says {declared[0]}×{declared[1]}")
            images.append(img_path)
            for attr in ("width", "height"):
                raw = img.get(attr, "")
                if raw and (not raw.isdigit() or int(raw) % TILE_SIZE):
                    raise LevelError(f"{path.name}: tileset {label!r} image {src!r} field {attr!r} must be a "
                                     f"multiple of {TILE_SIZE}, not {raw!r}")
    if not tilesets and not images:
        raise LevelError(f"{path.name}: the map uses no tileset")

    for layer in root.iter("layer"):
        lname = layer.get("name", "?")
        if layer.get("width") != str(width) or layer.get("height") != str(height):
            raise LevelError(f"{path.name}: layer {lname!r} is not {width}×{height} like the map")
        data = layer.find("data")
        if data is None or data.get("encoding") != "csv":
            raise LevelError(f"{path.name}: layer {lname!r} field 'encoding' must be 'csv' (Tiled's default)")
        try:
            gids = [int(v) for v in (data.text or "").replace("\n", "").split(",") if v.strip()]
        except ValueError:
            raise LevelError(f"{path.name}: layer {lname!r} holds something that is not a tile number") from None
        if len(gids) != width * height:
            raise LevelError(f"{path.name}: layer {lname!r} holds {len(gids)} tiles, not {width * height}")
        bad = [g for g in gids if (g & 0x0FFFFFFF) > max_gid]
        if bad:
            raise LevelError(f"{path.name}: layer {lname!r} uses tile {bad[0] & 0x0FFFFFFF}, past the tilesets' "
                             f"last tile {max_gid}")

    objects: dict[int, _RawObject] = {}
    for group in root.iter("objectgroup"):
        for node in group.findall("object"):
            raw_id = node.get("id", "")
            if not raw_id.isdigit():
                raise LevelError(f"{path.name}: an object in layer {group.get('name')!r} has no valid id")
            oid = int(raw_id)
            if oid in objects:
                raise LevelError(f"{path.name}: two objects have id {oid}")
            shape = "rectangle"
            for tag in ("point", "ellipse", "polyline", "polygon", "text"):
                if node.find(tag) is not None:
                    shape = tag
            if node.get("gid"):
                shape = "tile"
            obj = _RawObject(oid, node.get("name", ""), node.get("class") or node.get("type") or "", shape, {})
            for attr in ("x", "y", "width", "height"):
                raw = node.get(attr)
                if raw is not None:
                    try:
                        float(raw)
                    except ValueError:
                        raise LevelError(f"{_where(path, obj, attr)}: {raw!r} is not a number") from None
            obj.props = _props_of(path, node, obj)
            objects[oid] = obj
    return _Inspection(map_props, objects, tilesets, images)


# ------------------------------------------------------------------------------------------- conversion
def _value(path: Path, obj: _RawObject | None, props: Mapping[str, Any], raw: Mapping[str, tuple[str, str]],
           name: str, kind: str, required: bool) -> Any:
    """A property's value, checked against its schema kind. Missing optional properties give None."""
    if name not in props:
        if required:
            raise LevelError(f"{_where(path, obj, name)}: missing (a {kind} property)")
        return None
    tiled_type = raw.get(name, ("string", ""))[0]
    if tiled_type not in _TILED_TYPE[kind]:
        want = {"int": "int", "bool": "bool"}.get(kind, "string")
        raise LevelError(f"{_where(path, obj, name)}: must be a Tiled property of type {want!r}, not {tiled_type!r}")
    value = props[name]
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise LevelError(f"{_where(path, obj, name)}: must be a whole number, not {value!r}")
        if value < 0:
            raise LevelError(f"{_where(path, obj, name)}: must not be negative, not {value}")
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise LevelError(f"{_where(path, obj, name)}: must be true or false, not {value!r}")
        return value
    text = "" if value is None else str(value)
    if kind == "str":
        if not text.strip():
            raise LevelError(f"{_where(path, obj, name)}: must not be empty")
        return text
    if kind == "ids":
        ids = tuple(p.strip() for p in text.split(",") if p.strip())
        if not ids:
            raise LevelError(f"{_where(path, obj, name)}: must list at least one id (comma-separated)")
        return ids
    # json
    try:
        data = decode_json(text, what="value") if text.strip() else {}
    except FileRefused as exc:
        raise LevelError(f"{_where(path, obj, name)}: not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise LevelError(f"{_where(path, obj, name)}: must be a JSON object such as {{\"rounds\": 8}}")
    for k, v in data.items():
        if not isinstance(v, (int, str, bool)):
            raise LevelError(f"{_where(path, obj, name)}: option {k!r} must be a number, text or true/false")
    return MappingProxyType(dict(data))


def _requirements(path: Path, obj: _RawObject, props: Mapping[str, Any]) -> Requirements:
    get = lambda n: _value(path, obj, props, obj.props, n, *SCHEMA[obj.cls][n])  # noqa: E731
    return Requirements(
        credits=get("req_credits") or 0,
        reputation=get("req_reputation") or 0,
        beaten=get("req_beaten") or (),
        no_debt=bool(get("req_no_debt")),
    )


def _import_pytmx() -> Any:
    """pytmx, imported late: only map loading needs it. Its own ``import pygame`` (for type hints only) is
    silenced; nothing here initialises pygame or loads an image."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx

    return pytmx


def load_level(path: str | os.PathLike[str]) -> Level:
    """Read one map into a :class:`Level`. Anything wrong raises :class:`LevelError` naming file, object, field."""
    path = Path(path)
    info = _inspect(path)
    pytmx = _import_pytmx()
    try:
        tmx = pytmx.TiledMap(str(path))
    except Exception as exc:  # pytmx raises bare ValueErrors/KeyErrors; say which file
        raise LevelError(f"{path.name}: pytmx cannot read the map: {type(exc).__name__}: {exc}") from None

    for name in tmx.properties:
        if name not in MAP_SCHEMA:
            raise LevelError(f"{path.name}: map property {name!r} is unknown; map properties: {sorted(MAP_SCHEMA)}")
    mget = lambda n: _value(path, None, tmx.properties, info.map_props, n, *MAP_SCHEMA[n])  # noqa: E731
    title, description, order = mget("title"), mget("description"), mget("order")

    by_class: dict[str, list[tuple[_RawObject, Any]]] = {c: [] for c in OBJECT_CLASSES}
    for obj in tmx.objects:
        raw = info.objects.get(obj.id)
        if raw is None:  # cannot happen: both read the same file
            raise LevelError(f"{path.name}: object id {obj.id} was not found by the XML pass")
        if not raw.cls:
            raise LevelError(f"{_where(path, raw)}: has no class; set it to one of {', '.join(OBJECT_CLASSES)}")
        if raw.cls not in SCHEMA:
            raise LevelError(f"{_where(path, raw, 'class')}: unknown class {raw.cls!r}; "
                             f"known: {', '.join(OBJECT_CLASSES)}")
        if raw.shape not in SHAPES[raw.cls]:
            raise LevelError(f"{_where(path, raw, 'shape')}: a {raw.cls} must be a {' or '.join(SHAPES[raw.cls])}, "
                             f"not a {raw.shape}")
        unknown = set(obj.properties) - set(SCHEMA[raw.cls])
        if unknown:
            raise LevelError(f"{_where(path, raw, sorted(unknown)[0])}: unknown property for a {raw.cls}; "
                             f"allowed: {', '.join(sorted(SCHEMA[raw.cls])) or 'none'}")
        if raw.shape in ("rectangle", "ellipse") and (obj.width <= 0 or obj.height <= 0):
            raise LevelError(f"{_where(path, raw, 'width')}: a {raw.cls} needs a size")
        px, py = tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight
        if not (0 <= obj.x <= px and 0 <= obj.y <= py):
            raise LevelError(f"{_where(path, raw, 'x')}: ({obj.x:g}, {obj.y:g}) lies outside the {px}×{py} map")
        by_class[raw.cls].append((raw, obj))

    def get(raw: _RawObject, obj: Any, name: str) -> Any:
        return _value(path, raw, obj.properties, raw.props, name, *SCHEMA[raw.cls][name])

    # seats first: tables need them
    seats: dict[str, dict[int, Seat]] = {}
    for raw, obj in by_class["seat"]:
        table, index = get(raw, obj, "table"), get(raw, obj, "index")
        if index in seats.setdefault(table, {}):
            raise LevelError(f"{_where(path, raw, 'index')}: table {table!r} already has a seat {index}")
        seats[table][index] = Seat(index, float(obj.x), float(obj.y))

    tables: list[Table] = []
    for raw, obj in by_class["table"]:
        name = obj.name or ""
        if not name:
            raise LevelError(f"{_where(path, raw, 'name')}: a table needs a name (regulars and seats refer to it)")
        if any(t.name == name for t in tables):
            raise LevelError(f"{_where(path, raw, 'name')}: two tables are called {name!r}")
        n = get(raw, obj, "seats")
        if not 1 <= n <= 8:
            raise LevelError(f"{_where(path, raw, 'seats')}: a table seats 1 to 8, not {n}")
        options = get(raw, obj, "options") or MappingProxyType({})
        if "stack" in options:
            raise LevelError(f"{_where(path, raw, 'options')}: 'stack' is set by 'buy_in', not in options")
        buy_in = get(raw, obj, "buy_in")
        if buy_in <= 0:
            raise LevelError(f"{_where(path, raw, 'buy_in')}: must be at least 1 credit")
        placed = seats.get(name, {})
        if sorted(placed) != list(range(n)):
            raise LevelError(f"{_where(path, raw, 'seats')}: the table seats {n}, so it needs seat points with "
                             f"index 0 to {n - 1}; it has {sorted(placed) or 'none'}")
        tables.append(Table(
            name=name,
            title=get(raw, obj, "title") or name.replace("_", " ").capitalize(),
            game=get(raw, obj, "game"),
            options=options,
            buy_in=buy_in,
            seats=tuple(placed[i] for i in range(n)),
            x=float(obj.x), y=float(obj.y), width=float(obj.width), height=float(obj.height),
            requires=_requirements(path, raw, obj.properties),
            champion=bool(get(raw, obj, "champion")),
            object_id=raw.id,
        ))
    table_names = {t.name: t for t in tables}
    for tname in seats:
        if tname not in table_names:
            raw = next(r for r, o in by_class["seat"] if o.properties.get("table") == tname)
            raise LevelError(f"{_where(path, raw, 'table')}: no table is called {tname!r}")

    spots: list[RegularSpot] = []
    for raw, obj in by_class["regular"]:
        rid, tname, seat = get(raw, obj, "regular"), get(raw, obj, "table"), get(raw, obj, "seat")
        table = table_names.get(tname)
        if table is None:
            raise LevelError(f"{_where(path, raw, 'table')}: no table is called {tname!r}")
        if not 1 <= seat < len(table.seats):
            raise LevelError(f"{_where(path, raw, 'seat')}: table {tname!r} has seats 1 to {len(table.seats) - 1} "
                             f"for regulars (0 is the player's), not {seat}")
        for other in spots:
            if other.table == tname and other.seat == seat:
                raise LevelError(f"{_where(path, raw, 'seat')}: seat {seat} of {tname!r} is already taken by "
                                 f"{other.regular!r}")
            if other.regular == rid:
                raise LevelError(f"{_where(path, raw, 'regular')}: {rid!r} already sits at {other.table!r}")
        spots.append(RegularSpot(rid, tname, seat, float(obj.x), float(obj.y), raw.id))
    for table in tables:
        taken = {s.seat for s in spots if s.table == table.name}
        empty = [i for i in range(1, len(table.seats)) if i not in taken]
        if empty:
            raw = next(r for r, _o in by_class["table"] if r.id == table.object_id)
            raise LevelError(f"{_where(path, raw, 'seats')}: seat(s) {empty} have no regular (every seat but the "
                             f"player's needs one)")

    props: list[Prop] = []
    for raw, obj in by_class["prop"]:
        kind = get(raw, obj, "kind")
        if kind not in PROP_KINDS:
            raise LevelError(f"{_where(path, raw, 'kind')}: unknown prop kind {kind!r}; known: "
                             f"{', '.join(sorted(PROP_KINDS))}")
        route = tuple((float(p.x), float(p.y)) for p in getattr(obj, "points", ()) or ())
        props.append(Prop(obj.name or f"{kind}{raw.id}", kind, float(obj.x), float(obj.y), route,
                          get(raw, obj, "period_ms") or 0, get(raw, obj, "label") or "", raw.id))

    doors: list[Door] = []
    for raw, obj in by_class["door"]:
        name = obj.name or f"door{raw.id}"
        if any(d.name == name for d in doors):
            raise LevelError(f"{_where(path, raw, 'name')}: two doors are called {name!r}")
        to = get(raw, obj, "to")
        if to == path.stem:
            raise LevelError(f"{_where(path, raw, 'to')}: a door cannot lead to its own map")
        doors.append(Door(name, to, get(raw, obj, "label"), float(obj.x), float(obj.y), float(obj.width),
                          float(obj.height), _requirements(path, raw, obj.properties), raw.id))

    if len(by_class["spawn"]) != 1:
        raise LevelError(f"{path.name}: class 'spawn': the map needs exactly one spawn point, "
                         f"not {len(by_class['spawn'])}")
    _sraw, sobj = by_class["spawn"][0]
    if len(by_class["lender"]) > 1:
        raise LevelError(f"{path.name}: class 'lender': at most one lender per map")
    lender = (float(by_class["lender"][0][1].x), float(by_class["lender"][0][1].y)) if by_class["lender"] else None

    blocked: set[tuple[int, int]] = set()
    for li, layer in enumerate(tmx.layers):
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        for r in range(tmx.height):
            for c in range(tmx.width):
                tp = tmx.get_tile_properties(c, r, li)
                if tp and tp.get("solid") is True:
                    blocked.add((c, r))

    return Level(
        id=path.stem,
        path=path,
        title=title,
        description=description,
        order=order,
        width=tmx.width,
        height=tmx.height,
        tile_width=tmx.tilewidth,
        tile_height=tmx.tileheight,
        background=tmx.background_color or "#000000",
        tables=tuple(tables),
        regulars=tuple(spots),
        props=tuple(props),
        doors=tuple(doors),
        spawn=(float(sobj.x), float(sobj.y)),
        lender=lender,
        tilesets=tuple(info.tilesets),
        images=tuple(info.images),
        blocked=frozenset(blocked),
    )


def load_all_levels(root: Path | None = None) -> dict[str, Level]:
    """Every map in ``levels/`` (under ``root``, default the data root; or ``root`` itself if it holds the
    maps), by id, in campaign order. Parsed maps are cached until a file in the folder changes."""
    folder = levels_dir(root) if root is None or (Path(root) / "levels").is_dir() else Path(root)
    paths = sorted(folder.glob("*.tmx"))
    if not paths:
        raise LevelError(f"no maps (*.tmx) in {folder}")
    files = [p for p in folder.rglob("*") if p.suffix in (".tmx", ".tsx", ".png")]
    stamp = tuple(sorted((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files))
    return dict(_load_folder(str(folder), stamp))


@lru_cache(maxsize=8)
def _load_folder(folder: str, stamp: tuple[tuple[str, int, int], ...]) -> tuple[tuple[str, Level], ...]:
    levels = [load_level(p) for p in sorted(Path(folder).glob("*.tmx"))]
    levels.sort(key=lambda lv: (lv.order, lv.id))
    return tuple((lv.id, lv) for lv in levels)


# --------------------------------------------------------------------------------------- the whole world
def world_problems(levels: Mapping[str, Level], regular_ids: Iterable[str], champion_ids: Iterable[str] = (),
                   games: Mapping[str, Any] | None = None) -> list[str]:
    """What is wrong between maps, regulars and games (empty: nothing). Each line names file, object, field.

    ``games`` is the engine registry (``game.engine.GAMES``); a table's game must be one of
    :data:`KNOWN_GAMES` or registered, and where it is registered its seats and options must suit it.
    """
    from game.engine.core import validate_options

    games = games or {}
    known_regulars = set(regular_ids)
    champions = set(champion_ids)
    problems: list[str] = []
    sitting: dict[str, str] = {}
    champion_tables = 0
    for lv in levels.values():
        f = lv.path.name
        for t in lv.tables:
            where = f"{f}: object {t.name!r} (id {t.object_id}, class table)"
            if t.game not in KNOWN_GAMES and t.game not in games:
                problems.append(f"{where}: field 'game': unknown game {t.game!r}; the games: "
                                f"{', '.join(sorted(set(KNOWN_GAMES) | set(games)))}")
            cls = games.get(t.game)
            if cls is not None:
                if not cls.min_seats <= len(t.seats) <= cls.max_seats:
                    problems.append(f"{where}: field 'seats': {cls.title} seats {cls.min_seats}–{cls.max_seats}, "
                                    f"not {len(t.seats)}")
                try:
                    validate_options(cls.OPTIONS, t.engine_options())
                except ValueError as exc:
                    problems.append(f"{where}: field 'options': {exc}")
            champion_tables += t.champion
            at_table = [s.regular for s in lv.seated_at(t.name)]
            if t.champion and not champions.intersection(at_table):
                problems.append(f"{where}: field 'champion': the champion table has no champion sitting at it")
            for rid in t.requires.beaten:
                if rid not in known_regulars:
                    problems.append(f"{where}: field 'req_beaten': unknown regular {rid!r}")
        for s in lv.regulars:
            where = f"{f}: object {s.regular!r} (id {s.object_id}, class regular): field 'regular'"
            if s.regular not in known_regulars:
                problems.append(f"{where}: unknown regular {s.regular!r} (not in regulars.toml)")
            elif s.regular in sitting:
                problems.append(f"{where}: {s.regular!r} already sits in {sitting[s.regular]}")
            else:
                sitting[s.regular] = f
            if s.regular in champions and not lv.table(s.table).champion:
                problems.append(f"{where}: the champion sits only at a table marked 'champion'")
        for d in lv.doors:
            where = f"{f}: object {d.name!r} (id {d.object_id}, class door)"
            if d.to not in levels:
                problems.append(f"{where}: field 'to': no map called {d.to!r} (maps: {', '.join(levels)})")
            for rid in d.requires.beaten:
                if rid not in known_regulars:
                    problems.append(f"{where}: field 'req_beaten': unknown regular {rid!r}")
    if champion_tables != 1:
        problems.append(f"levels: the campaign needs exactly one champion table, not {champion_tables}")
    if levels:
        start = min(levels.values(), key=lambda lv: (lv.order, lv.id))
        seen = {start.id}
        todo = [start.id]
        while todo:
            for d in levels[todo.pop()].doors:
                if d.to in levels and d.to not in seen:
                    seen.add(d.to)
                    todo.append(d.to)
        for lid in levels:
            if lid not in seen:
                problems.append(f"{levels[lid].path.name}: no door leads here from {start.path.name}")
    return problems


def layout_problems(level: Level) -> list[str]:
    """Can the player walk everywhere the map says they can? (spawn free, tables, doors, seats and droid
    routes reachable). Used by the lint test; each line names the file and the object."""
    f = level.path.name
    out: list[str] = []
    reach = level.reachable()
    if not reach:
        return [f"{f}: object 'spawn': the spawn point is on a solid tile"]

    def near(x: float, y: float) -> bool:
        c, r = level.cell_of(x, y)
        return any(n in reach for n in ((c, r), (c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)))

    for t in level.tables:
        for s in t.seats:
            if not near(s.x, s.y):
                out.append(f"{f}: object {t.name!r} (class table): seat {s.index} at ({s.x:g}, {s.y:g}) "
                           f"cannot be reached from the spawn point")
    for d in level.doors:
        if not near(*d.centre):
            out.append(f"{f}: object {d.name!r} (class door): cannot be reached from the spawn point")
    for p in level.props:
        pts: Sequence[tuple[float, float]] = p.route
        for (x0, y0), (x1, y1) in pairwise(pts):
            steps = max(1, int(max(abs(x1 - x0), abs(y1 - y0)) // 8))
            for i in range(steps + 1):
                x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
                if not level.walkable(level.cell_of(x, y)):
                    out.append(f"{f}: object {p.name!r} (class prop): its route crosses a solid tile at "
                               f"({x:g}, {y:g})")
                    break
    return out
