"""The layout bench (``python -m game bench layout``, game.measure.layout) and the region recorder under it.

The quick subset (2 and 6 seats at 1280×720, every game) must give the issue's JSON shape, and what is true of
today's tables stays true: no region reaches outside the window. Overlaps are a measure, not asserted (the seat
zones of issue #13 are their fix); :func:`problems` is checked on cases built here.
"""

from __future__ import annotations

import os

import pygame
import pytest

from game.engine import GAMES
from game.measure.layout import ALLOWED, layout_bench, problems, seat_counts
from game.ui import regions
from game.ui.regions import RecordingSurface, RegionRecorder

#: the pieces in the middle each game paints (the ones the issue names as covered by hands or banners)
CENTRE = {"hintaro": {"hintaro_die", "pot.main"}, "street_hintaro": {"shared_cube", "pot.main"},
          "kinzo": {"dealer", "stake", "deck", "pot.main"},
          "sabacc_house": {"board", "stub", "spike_dice", "pot.main", "pot.sabacc_pot"},
          "nepunian_spike": {"captain_dice", "round_marker", "deck", "discard", "pot.main", "pot.spike_pot"},
          "better_hintaro": {"hintaro_die", "pot.main"}}


@pytest.fixture(scope="module")
def quick(tmp_path_factory) -> dict:
    old = os.environ.get("CANTINA_CONFIG_DIR")
    os.environ["CANTINA_CONFIG_DIR"] = str(tmp_path_factory.mktemp("config"))
    try:
        return layout_bench(quick=True)
    finally:
        if old is None:
            os.environ.pop("CANTINA_CONFIG_DIR", None)
        else:
            os.environ["CANTINA_CONFIG_DIR"] = old


def test_the_quick_run_covers_every_game_at_its_fewest_and_most_quick_seats(quick) -> None:
    got = {(c["game"], c["seats"]) for c in quick["cases"]}
    want = {(g, n) for g in GAMES for n in seat_counts(g) if n in (2, 6)}
    assert got == want
    assert all(c["size"] == [1280, 720] for c in quick["cases"])


def test_every_case_has_the_issue_shape(quick) -> None:
    for case in quick["cases"]:
        where = f"{case['game']} at {case['seats']} seats"
        assert set(case) == {"game", "seats", "size", "samples"}
        moments = [s["moment"] for s in case["samples"]]
        assert moments[0] == "deal", where
        assert any("showdown" in m for m in moments), f"{where}: no showdown among {moments}"
        for sample in case["samples"]:
            assert set(sample) == {"moment", "regions", "clipped"}
            assert all(isinstance(t, str) for t in sample["clipped"])
            names = [r["name"] for r in sample["regions"]]
            assert len(names) == len(set(names)), f"{where}: a region named twice"
            for r in sample["regions"]:
                assert len(r["rect"]) == 4 and all(type(v) is int for v in r["rect"]), r
                assert r["rect"][2] > 0 and r["rect"][3] > 0, r
            least = 2 if "showdown" in sample["moment"] else 1  # before a throw a seat may hold no pieces yet
            for seat in range(case["seats"]):
                mine = [n for n in names if n.startswith(f"seat{seat}.")]
                assert len(mine) >= least, f"{where}, {sample['moment']}: seat {seat} has only {mine}"
            assert {"header", "bar", "log"} <= set(names), f"{where}: {names}"


def test_each_table_records_its_centre_pieces_and_the_result_at_the_showdown(quick) -> None:
    for case in quick["cases"]:
        show = next(s for s in case["samples"] if "showdown" in s["moment"])
        names = {r["name"] for r in show["regions"]}
        assert CENTRE[case["game"]] <= names, f"{case['game']}: {sorted(names)}"
        assert "result" in names


def test_no_region_reaches_outside_the_window_at_1280x720(quick) -> None:
    """True of every table today at 2 and 6 seats: keep it so."""
    for case in quick["cases"]:
        outside = [p for p in problems(case) if p.startswith("outside")]
        assert outside == [], f"{case['game']} at {case['seats']} seats: {outside}"


def test_the_run_is_seeded(quick) -> None:
    again = layout_bench(games=["hintaro"], seats=2, size=(1280, 720))
    first = next(c for c in quick["cases"] if c["game"] == "hintaro" and c["seats"] == 2)
    assert again["cases"] == [first]


def test_the_run_samples_tooltips_and_the_banners_as_they_show(quick) -> None:
    """Tooltips and transient banners are painted for a frame or two only: the bench samples them on purpose."""
    for case in quick["cases"]:
        tips = [s for s in case["samples"] if s["moment"].startswith("tooltip ")]
        assert tips, f"{case['game']} at {case['seats']} seats: no tooltip sampled"
        assert all("tooltip" in {r["name"] for r in s["regions"]} for s in tips)
    banners = {(c["game"], s["moment"]) for c in quick["cases"] for s in c["samples"]
               if s["moment"].startswith("banner ")}
    assert {g for g, _ in banners} >= {"kinzo", "nepunian_spike", "better_hintaro"}, sorted(banners)
    assert ("nepunian_spike", "banner Reveal for the hand pot") in banners
    street = next(c for c in quick["cases"] if c["game"] == "street_hintaro")
    assert any(" tie " in s["moment"] for s in street["samples"])  # the tie's panel, over the shared cube once
    for case in quick["cases"]:
        for s in case["samples"]:
            if s["moment"].startswith("banner "):
                assert "banner" in {r["name"] for r in s["regions"]}, (case["game"], s["moment"])


def test_a_tooltip_may_cover_the_table_but_must_stay_in_the_window() -> None:
    case = {"game": "g", "seats": 2, "size": [100, 100], "samples": [{"moment": "tooltip Fold", "clipped": [],
            "regions": [{"name": "seat0.hand", "rect": [10, 10, 40, 40]},
                        {"name": "tooltip", "rect": [20, 20, 90, 20]}]}]}
    assert problems(case) == ["outside the window: tooltip"]


def test_problems_reports_overlaps_of_different_owners_and_outside_and_clipped() -> None:
    case = {"game": "g", "seats": 2, "size": [100, 100], "samples": [{"moment": "showdown", "clipped": ["Long name"],
            "regions": [{"name": "seat0.plate", "rect": [0, 0, 40, 20]},
                        {"name": "seat0.tag", "rect": [30, 5, 20, 10]},     # a tag on its own plate: allowed
                        {"name": "seat1.hand", "rect": [35, 10, 20, 20]},   # over seat 0's plate and tag
                        {"name": "seat0.hand", "rect": [0, 19, 30, 10]},    # 1 px on its plate: touching
                        {"name": "board", "rect": [90, 90, 20, 20]}]}]}      # off the window's corner
    assert frozenset({"plate", "tag"}) in ALLOWED
    got = problems(case)
    assert "overlap: seat0.plate × seat1.hand" in got and "overlap: seat0.tag × seat1.hand" in got
    assert not any("seat0.plate × seat0.tag" in p or "seat0.hand" in p for p in got)
    assert "outside the window: board" in got
    assert "clipped: 'Long name'" in got
    assert len(got) == 4


def test_a_region_is_the_union_of_what_was_painted_inside_it(app) -> None:
    rec = RegionRecorder()
    surf = RecordingSurface((200, 100))
    dot = pygame.Surface((10, 10))
    with rec.record(surf):
        surf.blit(dot, (0, 0))  # outside every region: art, not recorded
        with rec.region("a"):
            surf.blit(dot, (5, 5))
            surf.blit(dot, pygame.Rect(50, 20, 3, 3))
            with rec.region(""):  # a glow inside a region: not recorded
                surf.blit(dot, (150, 80))
        with rec.region("b"):
            pygame.draw.rect(surf, (1, 2, 3), pygame.Rect(100, 10, 20, 30))
            surf.blit(dot, (195, 95))  # half off the surface: the rect meant, not the part left
        rec.open("c")
        pygame.draw.circle(surf, (1, 2, 3), (30, 60), 5)
        rec.close()
        pygame.draw.rect(pygame.Surface((50, 50)), (1, 2, 3), pygame.Rect(0, 0, 40, 40))  # another surface
        shortened = app.text.fit("A name far too long for the plate", 14, 60)
    assert shortened.endswith("…")
    assert rec.rects == {"a": pygame.Rect(5, 5, 55, 25), "b": pygame.Rect(100, 10, 105, 95),
                         "c": pygame.Rect(25, 55, 10, 10)}
    assert rec.cut == ["A name far too long for the plate"]
    assert rec.regions()[0] == {"name": "a", "rect": [5, 5, 55, 25]}


def test_nothing_is_recorded_or_patched_when_off(app) -> None:
    rec = RegionRecorder()
    surf = RecordingSurface((100, 100))
    draw_rect = pygame.draw.rect
    with rec.record(surf):
        assert pygame.draw.rect is not draw_rect and regions.ACTIVE is rec
    assert pygame.draw.rect is draw_rect and regions.ACTIVE is None and surf.recorder is None
    with rec.region("a"):
        surf.blit(pygame.Surface((10, 10)), (0, 0))
        pygame.draw.rect(surf, (1, 2, 3), pygame.Rect(0, 0, 5, 5))
    rec.mark("b", pygame.Rect(0, 0, 5, 5))
    app.text.fit("A name far too long for the plate", 14, 60)
    assert rec.rects == {} and rec.cut == []


def test_a_table_paints_its_regions_only_when_asked(app) -> None:
    from game.ui.session import TableSession, ai_seat

    table = app.open_table(TableSession.new("hintaro", [ai_seat(i) for i in range(3)], seed=2))
    app.step(1 / 60)
    app.render()
    assert not table.regions.on and table.regions.rects == {}
    rec = table.paint_recorded(RecordingSurface(app.size))
    assert {"seat0.plate", "seat1.plate", "seat2.plate", "header", "bar", "log"} <= set(rec.rects)
    assert not rec.on
    plate = table.seat_geo[1]["plate"]
    assert rec.rects["seat1.plate"].contains(plate)


#: the games whose seat zones measure clean (issue #13 items 1-2): no overlap, nothing outside the window, no
#: text cut, at every moment sampled
CLEAN = ("hintaro", "street_hintaro", "better_hintaro", "kinzo", "sabacc_house", "nepunian_spike")


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720)])
def test_every_game_measures_clean_at_two_four_and_six_seats(size, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CANTINA_CONFIG_DIR", str(tmp_path))
    found = []
    for game in CLEAN:
        for seats in (2, 4, 6):
            if seats not in seat_counts(game):
                continue
            case = layout_bench(games=[game], seats=seats, size=size)["cases"][0]
            assert any("showdown" in s["moment"] for s in case["samples"]), (game, seats)
            found += [f"{game} at {seats} seats: {p}" for p in problems(case)]
    assert found == []


def test_a_long_rank_beside_a_four_digit_count_goes_on_two_lines_not_cut(tmp_path, monkeypatch) -> None:
    """Five seats of Sabacc House at the showdown: "STRAIGHT KHYRON" beside "1,654" was shortened on the plate."""
    monkeypatch.setenv("CANTINA_CONFIG_DIR", str(tmp_path))
    case = layout_bench(games=["sabacc_house"], seats=5, size=(1280, 720))["cases"][0]
    show = next(s for s in case["samples"] if "showdown" in s["moment"])
    assert show["clipped"] == [] and problems(case) == []


@pytest.mark.parametrize("game", CLEAN)
def test_no_rail_prop_stands_on_a_piece_that_was_painted(game, tmp_path, monkeypatch) -> None:
    """A prop (a glass, the datapad) is painted into the room under the table's pieces: it must stand clear of
    every must-see region a frame records (a glass once stood on Sabacc House's spike dice)."""
    from game.measure.layout import run_case
    from game.ui.app import App
    from game.ui.settings import Settings

    monkeypatch.setenv("CANTINA_CONFIG_DIR", str(tmp_path))
    app = App(size=(1280, 720), settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True,
              strict=True)
    try:
        for seats in (2, 6):
            if seats not in seat_counts(game):
                continue
            case = run_case(app, game, seats)
            props = list(app.backdrop.props_placed)
            assert props, "no prop found a place"
            for sample in case["samples"]:
                if sample["moment"].split()[-1] in ("business", "auction", "trade"):
                    continue  # Better Hintaro's market board is a panel laid over the dimmed room
                for r in sample["regions"]:
                    if r["name"] in ("header", "bar", "log", "result", "banner", "tooltip"):
                        continue  # the frame, and panels laid over the felt (a prop under them is fine)
                    rect = pygame.Rect(r["rect"])
                    for name, where in props:
                        assert not where.colliderect(rect), (seats, sample["moment"], name, r["name"])
    finally:
        app.shutdown()
