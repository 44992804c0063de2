"""The campaign floor's life (headless): every prop in the maps is known and drawn with art that exists, the lamp
light is built once per room and size, a regular's win shows as a gesture, and the idle motion stays inside the
place a figure's chair gives it."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from game.campaign.levels import PROP_KINDS, load_all_levels
from game.campaign.regulars import Look
from game.engine.core import Event
from game.ui import theme
from game.ui.campaign import characters as ch
from game.ui.campaign.ambience import HAZE_FPS, Ambience
from game.ui.campaign.cantina import IDLE_FPS
from game.ui.campaign.mapview import MapView
from game.ui.campaign.regular_life import MAX_BREATH, MAX_SHIFT, RegularLife, winners
from game.ui.resources import Resources

#: the art each new prop kind draws with (tools/make_art.py makes it)
PROP_ART = {"lamp": ("props.lamp", "props.floor_lamp"), "bottles": ("props.bar_bottles",), "crate": ("props.crate",)}


@pytest.fixture
def screen():
    pygame.init()
    surf = pygame.display.set_mode((1280, 720))
    yield surf
    pygame.quit()


def test_every_prop_in_every_map_is_a_known_kind_with_a_drawing_and_its_art():
    levels = load_all_levels()
    seen: set[str] = set()
    for level in levels.values():
        for p in level.props:
            assert p.kind in PROP_KINDS, (level.id, p.name, p.kind)
            drawn = p.kind == "smoke" or callable(getattr(Ambience, f"_draw_{p.kind}", None))  # smoke: in the air
            assert drawn, f"{level.id}: nothing draws {p.kind!r}"
            seen.add(p.kind)
    assert {"bottles", "crate", "patron", "lamp"} <= seen  # the rooms hold the new life
    res = Resources()
    for kind, assets in PROP_ART.items():
        for asset in assets:
            assert res.has(asset), f"{kind}: no {asset} in assets/art/manifest.toml (run tools/make_art.py)"
            path = res.path_of(asset)
            assert path is not None and path.is_file(), asset


def test_each_room_has_more_than_a_handful_of_props():
    for level in load_all_levels().values():
        assert len(level.props) >= 8, (level.id, len(level.props))


def test_the_light_is_built_once_per_room_and_size(screen):
    level = load_all_levels()["lost_hand"]
    view = MapView(level)
    lit = view.lit
    area = pygame.Rect(0, 46, 1280, 614)
    view.fit(area)
    first = view.scaled
    view.draw(screen)
    view.fit(area)  # the same size again (every layout): nothing is rebuilt
    assert view.scaled is first and view.lit is lit
    view.fit(pygame.Rect(0, 46, 1920, 974))
    assert view.scaled is not first and view.scaled.get_width() > first.get_width()
    # a lamp's pool is brighter under the lamp than a lamp's reach away, where the room falls back to shadow
    lamp = next(p for p in level.props if p.kind == "lamp")
    def lum(x: float, y: float) -> int:
        c = view.lit.get_at((int(x), int(y)))
        return c.r + c.g + c.b
    far = [lum(lamp.x + dx, lamp.y) for dx in (-150, 150) if 0 <= lamp.x + dx < view.lit.get_width()]
    assert lum(lamp.x, lamp.y) > max(far)


def test_the_flicker_reuses_its_pools(screen):
    level = load_all_levels()["lost_hand"]
    view = MapView(level)
    view.fit(screen.get_rect())
    amb = Ambience(level, view.lights, seed=1, res=Resources(), kinds_at=view.kinds_at)
    amb.draw_lights(screen, view)
    made = len(amb.soft._cache)
    amb.draw_lights(screen, view)  # the same moment again: every pool comes from the cache
    assert len(amb.soft._cache) == made
    for _ in range(200):  # a minute of flicker makes a few steps of each pool, not one per frame
        amb.update(0.3)
        amb.draw_lights(screen, view)
    assert len(amb.soft._cache) <= made + 2 * len(amb.lamps) * (amb.soft.STEPS + 1)


def _flat_haze(area: pygame.Rect) -> tuple[Ambience, MapView]:
    """The Lost Hand's haze over a flat grey map (so what the floor adds is the haze alone)."""
    level = load_all_levels()["lost_hand"]
    view = MapView(level)
    view.fit(area)
    view.scaled = pygame.Surface(view.scaled.get_size())
    view.scaled.fill((120, 120, 120))
    return Ambience(level, view.lights, seed=1, kinds_at=view.kinds_at), view


def _veil(floor: pygame.Surface) -> np.ndarray:
    """How far the haze moved each pixel of the flat grey (summed over the channels)."""
    return np.abs(pygame.surfarray.array3d(floor).astype(int) - 120).sum(axis=2)


def _old_haze(amb: Ambience, view: MapView) -> pygame.Surface:
    """The haze as it was drawn before it was laid into the floor: every blob blended over the map, this moment."""
    surf = view.scaled.copy()
    k = view.scale
    for x, y, _, r in amb.haze:
        g = amb.soft.blob(r * k, r * 0.55 * k, theme.SMOKE, 34)
        sx, sy = view.to_screen(x, y)
        surf.blit(g, g.get_rect(center=(sx - view.rect.x, sy - view.rect.y)))
    return surf


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_haze_drifts_and_keeps_its_look(screen, size):
    """The smoke haze is laid into the floor a few times a second, not every frame; it still drifts (two frames
    a second apart differ where it hangs), and it looks as it did blended every frame: as much veil over as much
    of the room, as strong at its thickest, as smooth (8-bit colour steps a level at a time, rarely two: no bands)."""
    amb, view = _flat_haze(pygame.Rect(0, 46, size[0], size[1] - 106))
    first = amb.floor(view).copy()
    veil = _veil(first)
    assert (veil > 0).mean() > 0.2  # the haze is there, over a good part of the room
    redone = 0
    lay = amb._draw_haze

    def counted(layer: pygame.Surface, v: MapView) -> None:
        nonlocal redone
        redone += 1
        lay(layer, v)

    amb._draw_haze = counted  # type: ignore[method-assign]
    for _ in range(45):  # three seconds at the room's idle rate
        amb.update(1 / IDLE_FPS)
        amb.floor(view)
    assert 3 * HAZE_FPS - 1 <= redone <= 3 * HAZE_FPS + 1, redone
    later = amb.floor(view)
    moved = np.abs(pygame.surfarray.array3d(later).astype(int) - pygame.surfarray.array3d(first).astype(int))
    assert (moved.sum(axis=2) > 0).sum() > 2000  # it drifted
    now, then = _veil(later), _veil(_old_haze(amb, view))
    assert abs((now > 0).mean() - (then > 0).mean()) < 0.02  # as much of the room veiled
    assert abs(now.mean() - then.mean()) < 0.05 * then.mean()  # as thick on the whole
    assert now.max() == then.max()  # as thick at its thickest
    for axis in (0, 1):  # as smooth: steps between neighbours as small and as rare (bands would be steps)
        step_now = np.abs(np.diff(pygame.surfarray.array3d(later).astype(int), axis=axis))
        step_then = np.abs(np.diff(pygame.surfarray.array3d(_old_haze(amb, view)).astype(int), axis=axis))
        assert step_now.max() <= max(2, step_then.max()), (axis, step_now.max())
        assert (step_now > 1).sum() <= 2 * (step_then > 1).sum() + 50, (axis, (step_now > 1).sum())


def test_standing_and_hanging_lamps_are_told_apart_by_their_tile(screen):
    level = load_all_levels()["lost_hand"]
    view = MapView(level)
    amb = Ambience(level, view.lights, kinds_at=view.kinds_at)
    kinds = {amb.lamp_kind(p) for p in level.props if p.kind == "lamp"}
    assert kinds == {"standing", "hanging"}


class _Reg:
    def __init__(self, rid: str) -> None:
        self.id = rid


def test_a_win_event_names_the_regulars_who_won():
    regs = [_Reg("zib"), _Reg("old_kesh")]
    events = [Event("pot_won", 2, {"amount": 40}, None), Event("round_over", None, {"winners": (0, 2)}, None)]
    assert winners(events, regs) == ["old_kesh"]  # seat 0 is the player; seat 2 is regs[1]
    assert winners([Event("round_over", None, {"winners": (1,)}, None)], regs) == ["zib"]
    assert winners([Event("pot_won", 1, {"amount": 40}, None)], regs) == []


def test_a_regular_who_won_throws_a_fist_up_then_sits_back():
    life = RegularLife([("zib", 100.0, 100.0), ("old_kesh", 300.0, 100.0)])
    assert life.won(["zib", "nobody_here"]) == ["zib"]
    seen = []
    for _ in range(120):
        life.update(1 / 30)
        seen.append((life.pose("zib").cheer, life.pose("old_kesh").cheer))
    assert max(z for z, _ in seen) == 2 and all(k == 0 for _, k in seen)
    for _ in range(60):
        life.update(1 / 30)
    assert life.pose("zib").cheer == 0 and not life.cheering("zib")


def test_back_on_the_floor_the_winners_of_the_sitting_gesture(tmp_path, monkeypatch):
    monkeypatch.setenv("CANTINA_DATA_DIR", str(tmp_path / "data"))
    from game.campaign.progress import Campaign
    from game.ui.app import App
    from game.ui.campaign.play import CampaignPlay
    from game.ui.settings import Settings

    app = App(size=(1280, 720), settings=Settings(muted=True, ambience=True), fixed_step=True)
    try:
        play = CampaignPlay(app, Campaign.new("Rook", seed=3), 1)
        cantina = play.start()
        rid = cantina.level.regulars[0].regular
        play.hand_winners += [rid, rid]
        cantina.enter()
        assert play.hand_winners == []
        for _ in range(30):
            app.step(1 / 30)
        assert cantina.life.cheering(rid)
        app.render()
    finally:
        app.shutdown()
        pygame.quit()


def test_a_regular_glances_at_the_player_who_comes_near():
    life = RegularLife([("zib", 100.0, 100.0)])
    life.update(0.1, (400.0, 100.0))
    assert life.pose("zib").gaze == 0
    life.update(0.1, (160.0, 110.0))
    assert life.pose("zib").gaze == 1
    life.update(0.1, (40.0, 110.0))
    assert life.pose("zib").gaze == -1


def test_the_idle_motion_stays_inside_the_figure_s_place(screen):
    life = RegularLife([("zib", 100.0, 100.0), ("old_kesh", 300.0, 100.0)])
    dxs, dys = [], []
    for i in range(3000):  # five minutes at 10 fps
        life.update(0.1, (100 + 200 * math.sin(i / 50), 100.0))
        if i == 1500:
            life.won(["zib"])
        for rid in ("zib", "old_kesh"):
            p = life.pose(rid)
            assert abs(p.dx) <= MAX_SHIFT + 1e-9 and -MAX_BREATH - 1e-9 <= p.dy <= 1e-9, (i, rid, p)
            dxs.append(p.dx)
            dys.append(p.dy)
    assert max(dxs) > 0.5 * MAX_SHIFT and min(dxs) < -0.5 * MAX_SHIFT  # it does move
    assert min(dys) < -0.5 * MAX_BREATH
    # every pose is drawn in the same box as the neutral one, and the figure stays within it
    look = Look("Ithren", "slight", "#7fa0c8", "#c05a4a", "a long coat", "")
    neutral = ch.bust(look, 60, "zib")
    for gaze in (-1, 0, 1):
        for cheer in (0, 1, 2):
            img = ch.bust(look, 60, "zib", gaze=gaze, cheer=cheer)
            assert img.get_size() == neutral.get_size()
            box = img.get_bounding_rect(min_alpha=8)
            assert img.get_rect().contains(box)
            if cheer == 2:  # the fist is up: drawn higher than the neutral figure's shoulders
                assert box.top <= neutral.get_bounding_rect(min_alpha=8).top + 2
    assert ch.bust(look, 60, "zib", cheer=2) is not neutral


def test_no_lamp_stands_or_hangs_over_a_table_s_edge(screen):
    """A lamp beside a table is drawn beside it: its shade never covers the table's rim (Golden Orbit's standing
    lamps and the Lost Hand's hanging one once stood on the lower edge of the felt). A lamp meant to hang low
    over the felt itself (the High Table's one lamp) is the exception."""
    from game.ui.campaign.ambience import LAMP_HANG_OVER_TABLE

    for level in load_all_levels().values():
        view = MapView(level)
        view.fit(screen.get_rect())
        amb = Ambience(level, view.lights, seed=1, res=Resources(), kinds_at=view.kinds_at)
        tables = [pygame.Rect(*view.to_screen(t.x, t.y), int(t.width * view.scale), int(t.height * view.scale))
                  for t in level.tables]
        for p in level.props:
            if p.kind != "lamp" or (amb.lamp_kind(p) == "hanging" and amb.hang(p) == LAMP_HANG_OVER_TABLE):
                continue
            layer = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
            amb._draw_lamp(layer, view, p)
            drawn = layer.get_bounding_rect()
            assert drawn.w > 0, f"{level.id}: lamp {p.name!r} draws nothing"
            covered = [t for t in tables if drawn.colliderect(t)]
            assert not covered, f"{level.id}: lamp {p.name!r} at ({p.x:g}, {p.y:g}) covers a table at {covered}"


def test_a_patron_is_never_drawn_as_the_player():
    """Patrons wear their own coats and show their hair: only the player wears the hooded blue-grey cloak."""
    from game.ui.campaign.ambience import PATRONS

    pygame.init()
    try:
        you = pygame.image.tobytes(ch.walker(44, 0, 1), "RGBA")
        for look in PATRONS:
            assert pygame.image.tobytes(ch.walker(44, 0, 1, look), "RGBA") != you
            fig = ch.figure_of(look, "player")
            assert max(abs(a - b) for a, b in zip(fig.cloth, (44, 62, 74), strict=True)) > 24, look.outfit
    finally:
        pygame.quit()
