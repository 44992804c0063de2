"""Lint every cantina map in levels/, and check that broken copies of a map are refused with a message naming
the file, the object and the field (Tuxemon's folder-of-maps test, for our maps)."""

from __future__ import annotations

import dataclasses
import itertools
import re
import shutil
import struct
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.campaign.levels import (
    KNOWN_GAMES,
    OBJECT_CLASSES,
    PROP_KINDS,
    LevelError,
    layout_problems,
    load_all_levels,
    load_level,
    world_problems,
)
from game.campaign.regulars import load_roster
from game.engine import GAMES

ROOT = Path(__file__).resolve().parents[1]
LEVELS = ROOT / "levels"
MAPS = sorted(LEVELS.glob("*.tmx"))

#: the six games of the project, fixed here so a typo in a map cannot hide behind a registry change
SIX_GAMES = ("hintaro", "street_hintaro", "kinzo", "sabacc_house", "nepunian_spike", "better_hintaro")


def _png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height from its header (no image library needed)."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    return struct.unpack(">II", head[16:24])


def test_known_games_are_the_six():
    assert set(KNOWN_GAMES) == set(SIX_GAMES)


def test_there_are_cantinas_and_a_final_table():
    assert len(MAPS) >= 4, "three cantinas and the champion's room"
    levels = load_all_levels()
    assert [lv.order for lv in levels.values()] == sorted(lv.order for lv in levels.values())
    assert sum(t.champion for lv in levels.values() for t in lv.tables) == 1
    games = {t.game for lv in levels.values() for t in lv.tables}
    assert games == set(SIX_GAMES), "every game is played somewhere"


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_map_xml_is_tiled_1_10(path: Path):
    root = ElementTree.parse(path).getroot()
    assert root.tag == "map" and root.get("version") == "1.10"
    assert root.get("orientation") == "orthogonal" and root.get("infinite") == "0"
    assert (root.get("tilewidth"), root.get("tileheight")) == ("32", "32")
    for layer in root.iter("layer"):
        assert layer.find("data").get("encoding") == "csv", f"{path.name}: layer {layer.get('name')}"
    for ts in root.findall("tileset"):
        assert ts.get("source", "").endswith(".tsx"), f"{path.name}: tilesets are external .tsx files"
    ids = [int(o.get("id")) for o in root.iter("object")]
    assert len(ids) == len(set(ids)) and max(ids) < int(root.get("nextobjectid"))
    for obj in root.iter("object"):
        assert (obj.get("class") or obj.get("type")) in OBJECT_CLASSES, f"{path.name}: object {obj.get('id')}"


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_map_lints(path: Path):
    level = load_level(path)  # classes, shapes, property names and types, seats, spawn: or LevelError
    w, h = level.width, level.height
    assert 12 <= w <= 64 and 10 <= h <= 40, f"{path.name}: {w}×{h} tiles is an odd size for a cantina"
    assert level.title and level.description
    assert level.tables, f"{path.name}: a cantina without a table"
    px, py = level.pixel_size
    for t in level.tables:
        assert t.game in SIX_GAMES or t.game in GAMES, f"{path.name}: table {t.name}: game {t.game!r}"
        assert 1 <= len(t.seats) <= 8 and 10 <= t.buy_in <= 100_000
        assert t.x >= 0 and t.x + t.width <= px and t.y >= 0 and t.y + t.height <= py
        assert len(level.seated_at(t.name)) == len(t.seats) - 1, f"{path.name}: table {t.name} has empty seats"
    for p in level.props:
        assert p.kind in PROP_KINDS
        assert p.kind != "droid" or len(p.route) >= 2, f"{path.name}: droid {p.name} needs a route"
    for ts in level.tilesets:
        assert ts.is_file(), f"{path.name}: tileset {ts} is missing"
        root = ElementTree.parse(ts).getroot()
        image = root.find("image")
        img_path = ts.parent / image.get("source")
        assert img_path.is_file(), f"{ts.name}: image {img_path} is missing"
        size = _png_size(img_path)
        assert size == (int(image.get("width")), int(image.get("height"))), f"{ts.name}: image size {size}"
        assert size[0] % 32 == 0 and size[1] % 32 == 0
        assert int(root.get("tilecount")) == (size[0] // 32) * (size[1] // 32)
        assert img_path.stat().st_size < 100_000, f"{img_path.name}: keep tile images small"
    assert layout_problems(level) == []


def test_world_hangs_together():
    """Regulars, games, doors and the champion across every map (the game ids: the six, or registered)."""
    levels = load_all_levels()
    roster = load_roster()
    champions = [rid for rid, r in roster.regulars.items() if r.champion]
    assert world_problems(levels, roster.regulars, champions, GAMES) == []
    placed = {s.regular for lv in levels.values() for s in lv.regulars}
    assert placed == set(roster.regulars), "every regular sits somewhere, and only known regulars sit"
    assert len(roster.regulars) >= 10


def test_registered_tables_can_be_dealt_and_their_regulars_play():
    from game.ai import make_agent
    from game.engine import create

    for lv in load_all_levels().values():
        for t in lv.tables:
            if t.game not in GAMES:
                continue  # a game still being written: its table stays closed until it registers
            state = create(t.game, seats=len(t.seats), seed=1, options=t.engine_options())
            assert state.chip_total() == t.buy_in * len(t.seats)  # every seat brought the buy-in
            for spot in lv.seated_at(t.name):
                agent = make_agent(load_roster().regulars[spot.regular].ai, t.game, 1)
                if state.current_seat == spot.seat:
                    assert agent.choose(state.view(spot.seat), state.legal_actions()) is not None


def test_the_lender_can_always_stake_a_broke_player():
    levels = load_all_levels()
    start = next(iter(levels.values()))
    cheapest = min(t.buy_in for t in start.tables)
    assert load_roster().lender.favour_credits >= cheapest


# ------------------------------------------------------------------------------------ broken copies
@pytest.fixture
def copy_map(tmp_path: Path):
    """Copy lost_hand.tmx and the tilesets to tmp_path, apply a text edit, return the copy's path."""
    shutil.copytree(LEVELS / "tilesets", tmp_path / "tilesets")
    original = (LEVELS / "lost_hand.tmx").read_text()

    def make(edit, name: str = "lost_hand.tmx") -> Path:
        text = edit(original)
        assert text != original, "the edit changed nothing"
        out = tmp_path / name
        out.write_text(text)
        return out

    return make


def _sub(pattern: str, repl: str, count: int = 1):
    return lambda text: re.sub(pattern, repl, text, count=count)


BROKEN = {
    "unknown class": (_sub(r'name="long_table" class="table"', 'name="long_table" class="tabel"'),
                      ["lost_hand.tmx", "'long_table'", "field 'class'", "tabel"]),
    "no class": (_sub(r'name="long_table" class="table"', 'name="long_table"'),
                 ["lost_hand.tmx", "'long_table'", "has no class"]),
    "missing property": (_sub(r'\s*<property name="buy_in" type="int" value="200"/>', ""),
                         ["lost_hand.tmx", "'long_table'", "field 'buy_in'", "missing"]),
    "not a number": (_sub(r'name="buy_in" type="int" value="200"', 'name="buy_in" type="int" value="lots"'),
                     ["lost_hand.tmx", "'long_table'", "field 'buy_in'", "'lots' is not a whole number"]),
    "untyped int": (_sub(r'name="buy_in" type="int" value="200"', 'name="buy_in" value="200"'),
                    ["lost_hand.tmx", "'long_table'", "field 'buy_in'", "type 'int'"]),
    "bad json": (_sub(r"""value='\{"ante": 5""", """value='{ante: 5"""),
                 ["lost_hand.tmx", "'long_table'", "field 'options'", "not valid JSON"]),
    "stack in options": (_sub(r"""value='\{"ante": 5""", """value='{"stack": 5, "ante": 5"""),
                         ["lost_hand.tmx", "'long_table'", "field 'options'", "'stack'"]),
    "typo in a property": (_sub(r'name="buy_in"', 'name="buyin"'),
                           ["lost_hand.tmx", "'long_table'", "field 'buyin'", "unknown property"]),
    "seat count": (_sub(r'name="seats" type="int" value="4"', 'name="seats" type="int" value="5"'),
                   ["lost_hand.tmx", "'long_table'", "field 'seats'", "index 0 to 4"]),
    "regular on a missing seat": (_sub(r'(name="old_kesh" class="regular"[\s\S]*?name="seat" type="int" )value="1"',
                                       r'\1value="7"'),
                                  ["lost_hand.tmx", "'old_kesh'", "field 'seat'"]),
    "regular at an unknown table": (_sub(r'(name="old_kesh" class="regular"[\s\S]*?name="table" )value="long_table"',
                                         r'\1value="short_table"'),
                                    ["lost_hand.tmx", "'old_kesh'", "field 'table'", "short_table"]),
    "unknown prop kind": (_sub(r'name="kind" value="bartender"', 'name="kind" value="wookiee"'),
                          ["lost_hand.tmx", "'bartender0'", "field 'kind'", "wookiee"]),
    "door to itself": (_sub(r'name="to" value="golden_orbit"', 'name="to" value="lost_hand"'),
                       ["lost_hand.tmx", "'to_golden_orbit'", "field 'to'"]),
    "bad bool": (_sub(r'name="req_reputation" type="int" value="3"', 'name="req_no_debt" type="bool" value="maybe"'),
                 ["lost_hand.tmx", "'to_golden_orbit'", "field 'req_no_debt'", "true or false"]),
    "two spawns": (_sub(r'(<object id="\d+" name="spawn" class="spawn")', r'\1 x="1" y="1"><point/></object>\n  '
                        r'<object id="999" name="spawn2" class="spawn"'),
                   ["lost_hand.tmx", "spawn", "exactly one"]),
    "point table": (_sub(r"<ellipse/>", "<point/>"),  # the first ellipse is the long table's
                    ["lost_hand.tmx", "'long_table'", "field 'shape'"]),
    "missing tileset": (_sub(r'source="tilesets/furniture.tsx"', 'source="tilesets/furnishings.tsx"'),
                        ["lost_hand.tmx", "furnishings.tsx", "not found"]),
    "truncated": (lambda t: t[: len(t) // 2], ["lost_hand.tmx", "not valid XML"]),
    "tile past the tilesets": (_sub(r'(<data encoding="csv">\n)0,', r'\g<1>9999,'),
                               ["lost_hand.tmx", "layer 'floor'", "9999"]),
    "not csv": (_sub(r'<data encoding="csv">', '<data encoding="base64">'),
                ["lost_hand.tmx", "layer 'floor'", "'encoding'"]),
    "wrong tile size": (_sub(r'tilewidth="32" tileheight="32" infinite', 'tilewidth="16" tileheight="16" infinite'),
                        ["lost_hand.tmx", "'tilewidth'"]),
    "object outside": (_sub(r'(name="spawn" class="spawn") x="[\d.]+"', r'\1 x="99999"'),
                       ["lost_hand.tmx", "'spawn'", "outside"]),
}


@pytest.mark.parametrize("case", list(BROKEN), ids=list(BROKEN))
def test_broken_map_is_refused_with_a_clear_message(copy_map, case):
    edit, expected = BROKEN[case]
    path = copy_map(edit)
    with pytest.raises(LevelError) as info:
        load_level(path)
    message = str(info.value)
    for part in expected:
        assert part in message, f"{part!r} not in: {message}"


def test_missing_tile_image_is_named(copy_map, tmp_path):
    path = copy_map(lambda t: t.replace("nobody asks.", "nobody asks!"))
    (tmp_path / "tilesets" / "dive.png").unlink()
    with pytest.raises(LevelError, match=r"lost_hand\.tmx: tileset 'tilesets/dive\.tsx' image 'dive\.png' does not"):
        load_level(path)


def test_map_resaved_by_newer_tiled_with_type_attributes_loads_the_same(copy_map):
    """Tiled 1.10+ writes an object's class as ``type=`` when it saves; the loader reads both."""
    original = load_level(LEVELS / "lost_hand.tmx")
    path = copy_map(_sub(r'(<object id="\d+" name="[^"]*") class=', r"\1 type=", count=0))
    resaved = load_level(path)
    assert resaved.tables == original.tables and resaved.doors == original.doors
    assert resaved.regulars == original.regulars and resaved.props == original.props
    assert resaved.spawn == original.spawn and resaved.blocked == original.blocked


def _world_with(path: Path) -> list[str]:
    levels = dict(load_all_levels())
    broken = load_level(path)
    levels[broken.id] = broken
    roster = load_roster()
    return world_problems(levels, roster.regulars, [r for r in roster.regulars if roster.regulars[r].champion],
                          GAMES)


@pytest.mark.parametrize(("edit", "expected"), [
    (_sub(r'name="regular" value="old_kesh"', 'name="regular" value="old_kesk"'),
     ["lost_hand.tmx", "class regular", "field 'regular'", "unknown regular 'old_kesk'"]),
    (_sub(r'name="game" value="hintaro"', 'name="game" value="pazaak"'),
     ["lost_hand.tmx", "'long_table'", "field 'game'", "unknown game 'pazaak'"]),
    (_sub(r'"min_bet": 5', '"min_bett": 5'),
     ["lost_hand.tmx", "'long_table'", "field 'options'", "min_bett"]),
    (_sub(r'name="to" value="golden_orbit"', 'name="to" value="golden_orbyt"'),
     ["lost_hand.tmx", "'to_golden_orbit'", "field 'to'", "golden_orbyt"]),
    (_sub(r'name="req_reputation" type="int" value="3"', 'name="req_beaten" value="nobody"'),
     ["lost_hand.tmx", "'to_golden_orbit'", "field 'req_beaten'", "'nobody'"]),
], ids=["unknown regular", "unknown game", "bad engine option", "door to nowhere", "beat nobody"])
def test_broken_references_are_named(copy_map, edit, expected):
    problems = _world_with(copy_map(edit))
    assert problems, "the broken reference was not noticed"
    message = "\n".join(problems)
    for part in expected:
        assert part in message, f"{part!r} not in: {message}"


def test_layout_problems_name_unreachable_things():
    """Wall a table in (its ring of cells made solid): the lint says which table cannot be reached."""
    original = load_level(LEVELS / "lost_hand.tmx")
    table = original.table("street_corner")
    c0, r0 = original.cell_of(table.x, table.y)
    ring = {(c, r) for c in range(c0 - 2, c0 + 5) for r in range(r0 - 2, r0 + 5)}
    boxed = dataclasses.replace(original, blocked=original.blocked | ring)
    problems = layout_problems(boxed)
    assert any("'street_corner'" in p and "cannot be reached" in p for p in problems), problems
    assert not any("'long_table'" in p for p in problems)


def test_find_path_walks_around_furniture():
    level = load_level(LEVELS / "lost_hand.tmx")
    start = level.cell_of(*level.spawn)
    door = level.door("to_golden_orbit")
    goal = level.cell_of(door.x - 1, door.y + 16)  # the floor cell in front of the door
    path = level.find_path(start, goal)
    assert path[0] == start and path[-1] == goal
    assert all(level.walkable(c) for c in path)
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(path))


def test_hit_tests_find_tables_and_doors():
    level = load_level(LEVELS / "lost_hand.tmx")
    t = level.table("long_table")
    assert level.table_at(*t.centre) is t and level.table_at(t.x - 10, t.y) is t
    assert level.table_at(*level.spawn) is None
    d = level.door("to_golden_orbit")
    assert level.door_at(*d.centre) is d and level.door_at(*level.spawn) is None
