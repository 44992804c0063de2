"""Memory stays flat over a long session: every cache of pictures holds its caps, however many distinct texts,
sizes and cards a session draws. The caps are what is tested (RSS is measured by ``bench render``, not here)."""

from __future__ import annotations

import pygame
import pytest

from game.ui import draw
from game.ui.cache import MB, SurfaceCache, surface_bytes
from game.ui.cards import CardArt, sabacc_deck
from game.ui.draw import Text, shade
from game.ui.resources import Resources


def _surf(w: int, h: int = 10) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)


def test_a_surface_cache_never_holds_more_than_its_caps() -> None:
    cache = SurfaceCache(max_items=50, max_bytes=200_000)
    for i in range(5_000):
        cache[("s", i)] = _surf(10 + i % 90, 10 + i % 37)
        assert len(cache) <= 50
        assert cache.nbytes <= 200_000
    assert cache.nbytes == sum(surface_bytes(s) for s in cache.values()), "the byte count is the pixels it holds"
    assert cache.evictions > 0


def test_a_surface_cache_drops_the_least_recently_used_first() -> None:
    cache = SurfaceCache(max_items=3, max_bytes=10 * MB)
    a, b, c, d = (_surf(4) for _ in range(4))
    cache["a"], cache["b"], cache["c"] = a, b, c
    assert cache.get("a") is a  # a use: "a" is now the youngest
    cache["d"] = d
    assert "b" not in cache and cache.get("a") is a and cache.get("d") is d


def test_a_surface_cache_keeps_one_entry_larger_than_its_byte_cap() -> None:
    cache = SurfaceCache(max_items=10, max_bytes=1_000)
    cache["small"] = _surf(5, 5)
    big = _surf(100, 100)
    cache["big"] = big
    assert cache.keys() == ["big"] and cache.get("big") is big
    cache.clear()
    assert len(cache) == 0 and cache.nbytes == 0


def test_a_surface_cache_counts_replaced_and_removed_entries() -> None:
    cache = SurfaceCache(max_items=10, max_bytes=10 * MB)
    cache["k"] = _surf(10)
    cache["k"] = _surf(20)
    assert cache.nbytes == surface_bytes(cache["k"])
    del cache["k"]
    assert cache.nbytes == 0
    cache["x"] = _surf(10)
    assert cache.pop("x") is not None and cache.pop("x") is None and cache.nbytes == 0
    with pytest.raises(ValueError):
        SurfaceCache(0, 1)


@pytest.fixture
def res() -> Resources:
    pygame.init()
    pygame.display.set_mode((320, 200))
    r = Resources()
    yield r
    r.clear()
    draw.clear_caches()
    pygame.quit()


def test_the_text_cache_stays_within_its_caps_after_many_distinct_texts(res: Resources) -> None:
    text = Text(res, limit=400, max_bytes=2 * MB)
    keep = text.render("Pot 1,200", 28)
    for i in range(3_000):
        text.render(f"Round {i}: Vexa raises to {i * 37:,} chips and the table watches", 16 + i % 20)
        if i % 5 == 0:
            assert text.render("Pot 1,200", 28) is keep, "a line drawn every frame stays cached"
        assert len(text._cache) <= 400
        assert text._cache.nbytes <= 2 * MB


def test_the_default_text_cache_has_a_byte_cap(res: Resources) -> None:
    text = Text(res)
    for i in range(2_000):
        text.render(f"log line {i} " + "x" * (i % 60), 22)
    assert text._cache.nbytes <= text._cache.max_bytes <= 16 * MB


def test_art_drawn_at_ever_new_sizes_stays_within_the_image_cache_caps(res: Resources) -> None:
    small = Resources(image_cache_size=1_000, image_cache_bytes=1 * MB)
    asset = next(a for a in small.manifest if small.try_image(a, (8, 8)) is not None)
    for size in range(20, 220):
        small.image(asset, (size, size))
        assert small._images.nbytes <= 1 * MB
    assert len(small._images) < 200, "old sizes went"
    small.clear()


def test_chip_stacks_dice_and_glows_from_art_are_capped_too(res: Resources) -> None:
    """Art-backed chip stacks and dice were cached without any bound; glows were cleared wholesale."""
    for d in range(10, 400):
        draw.chip_stack(100, 5, d, res)
        draw.die_face("TK", d, "silver", res)
    for r in range(10, 300, 3):
        draw.glow(r * 3, r * 2, (255, 200, 120), 90)
    for cache in (draw._stacks, draw._dice, draw._glows, draw._cubes):
        assert len(cache) <= cache.max_items and cache.nbytes <= cache.max_bytes


def test_card_sprites_stay_within_their_caps(res: Resources) -> None:
    art = CardArt(res, Text(res), sabacc_deck())
    for w in range(40, 160, 2):
        for angle in (-6, 0, 6):
            art.sprite(None, w, int(w * 1.4), angle)
    assert art._sprites.nbytes <= art._sprites.max_bytes
    assert len(art._sprites) <= art._sprites.max_items


def test_the_lamps_stutter_dims_a_patch_not_a_second_copy_of_the_room() -> None:
    """The flicker used to keep a dimmed copy of the whole room (8 MB at 1080p); the patch holds the same pixels
    over the felt and its rim, and a flickering frame shows them."""
    from game.ui.app import App
    from game.ui.session import TableSession, ai_seat
    from game.ui.settings import Settings

    app = App(size=(1280, 720), settings=Settings(muted=True), fixed_step=True, strict=True)
    try:
        table = app.open_table(TableSession.new("hintaro", [ai_seat(i) for i in range(4)], seed=2))
        bg = table.background()
        dim, rect = table.painter.bg_dim, table.painter.bg_dim_rect
        assert dim is not None and dim.get_width() * dim.get_height() < 0.6 * bg.get_width() * bg.get_height()
        whole = bg.copy()  # what the old copy held: the room with the dark glow over the felt
        g = draw.glow(int(table.felt.w * 0.55), int(table.felt.h * 0.55), (0, 0, 0), 60)
        whole.blit(g, g.get_rect(center=table.felt.center))
        for x, y in ((rect.centerx, rect.centery), (rect.x + 3, rect.centery), (rect.centerx, rect.bottom - 2)):
            assert dim.get_at((x - rect.x, y - rect.y)) == whole.get_at((x, y))
        assert table.painter.lamp_patch(bg) is None
        table.painter.lamp.flicker_t = 0.0  # the stutter's first dim step
        assert table.painter.lamp_patch(bg) == (dim, rect)
        app.render()
        corner = (rect.x + 2, rect.y + 2)  # under the patch, outside every seat and the pot
        assert app.screen.get_at(corner) == whole.get_at(corner)
    finally:
        app.shutdown()
        pygame.quit()


def test_shading_the_window_keeps_no_window_sized_surface() -> None:
    """The overlay's shade was a cached window-sized translucent surface (8 MB at 1080p, kept all session);
    now it darkens in place, within one step of the blend it replaces."""
    pygame.init()
    try:
        screen = pygame.display.set_mode((64, 48))
        for x in range(64):
            for y in range(48):
                screen.set_at((x, y), ((x * 4) % 256, (y * 5) % 256, (x * y) % 256))
        before = screen.copy()
        shade(screen, 170)
        veil = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        veil.fill((4, 5, 9, 170))
        before.blit(veil, (0, 0))
        for x in range(0, 64, 3):
            for y in range(0, 48, 3):
                a, b = screen.get_at((x, y)), before.get_at((x, y))
                assert all(abs(a[i] - b[i]) <= 1 for i in range(3))
        assert not hasattr(draw, "_shades")
    finally:
        pygame.quit()


def test_the_text_caps_bytes_grow_with_the_window_so_a_frames_lines_fit(app) -> None:
    cap = app.text._cache.max_bytes
    assert cap == 3 * MB  # 1280×720: the floor
    app.resize((3840, 2160))
    assert app.text._cache.max_bytes == 3840 * 2160 * 3 // 2 > cap
    app.resize((1280, 720))
    assert app.text._cache.max_bytes == cap


def test_the_memory_bench_reads_rss_along_a_demo_table_and_reports_the_caches(monkeypatch) -> None:
    """``bench render``'s memory run, shortened (its real run is 600 and 20,000 frames at 1920×1080)."""
    from game.measure import memory

    monkeypatch.setattr(memory, "WARM_FRAMES", 5)
    monkeypatch.setattr(memory, "CHECKPOINTS", (5, 10))
    r = memory.demo_table("hintaro", 12, (800, 600))
    assert r["frames"] == 12 and list(r["rss_mb_at"]) == ["5", "10", "12"]
    assert r["rss_mb_warm"] > 10 and r["rss_mb_end"] > 10 and r["ratio"] > 0
    assert r["caches"]["text"]["bytes"] <= r["caches"]["text"]["max_bytes"]
    warm, end = r["parts"]["warm"], r["parts"]["end"]
    assert warm["fonts"] >= 1 and end["fonts"] >= warm["fonts"], "fonts are only ever added"
    assert end["caches_mb"] * 2**20 >= r["caches"]["all"]["bytes"] - 2**19  # the same sum, rounded
    if end["heap_mb"] is not None:  # glibc: the C heap holds at least the caches' pixels
        assert end["heap_mb"]["in_use"] >= end["caches_mb"] and end["heap_mb"]["free"] >= 0
    text = "\n".join(memory.format_memory({"warm_frames": 5, "frames": 12, "tables": [r],
                                           "targets": {"ratio": 1.1, "rss_mb": 120.0}}))
    assert "hintaro 800x600" in text and "RSS MB by frame" in text and "from warm to end: caches" in text


# ------------------------------------------------------------------------------------ the shared budget
@pytest.fixture
def shared_budget():
    """The shared budget, restored after the test (other tests' caches count against it too)."""
    from game.ui import cache

    before = cache.budget()
    yield cache
    cache.set_budget(before)


def test_caches_together_stay_within_the_budget_they_share(shared_budget) -> None:
    cache = shared_budget
    a, b = SurfaceCache(1_000, 10 * MB, "a"), SurfaceCache(1_000, 10 * MB, "b")
    others = cache.total_bytes() - a.nbytes - b.nbytes
    cache.set_budget(others + 60_000)
    for i in range(500):
        (a if i % 3 else b)[i] = _surf(10 + i % 40, 10 + i % 23)
        assert cache.total_bytes() <= cache.budget(), f"over the shared budget after {i + 1} entries"
    assert a.shared_evictions > 0 and b.shared_evictions > 0, "both caches gave up entries"
    assert a.nbytes < a.max_bytes and b.nbytes < b.max_bytes, "the shared budget bound them, not their own caps"


def test_the_shared_budget_evicts_the_oldest_entry_of_any_cache_first(shared_budget) -> None:
    cache = shared_budget
    a, b = SurfaceCache(100, 10 * MB, "a"), SurfaceCache(100, 10 * MB, "b")
    a["old"], b["older"] = _surf(10), _surf(10)  # 400 bytes each
    b["mid"] = _surf(10)
    assert a.get("old") is not None  # a use: "old" is now younger than b's two
    cache.set_budget(cache.total_bytes())  # full: the next entry evicts
    a["new"] = _surf(10)
    assert "older" not in b and "mid" in b and "old" in a and "new" in a
    a["newer"] = _surf(10)
    assert "mid" not in b and "old" in a, "b's entries were the oldest of all"


def test_the_newest_entry_stays_whatever_the_shared_budget(shared_budget) -> None:
    cache = shared_budget
    c = SurfaceCache(100, 10 * MB, "c")
    cache.set_budget(1)
    big = _surf(200, 200)
    c["big"] = big
    assert c.get("big") is big, "the entry about to be drawn is kept"
    c["next"] = _surf(5)
    assert "big" not in c and "next" in c
    with pytest.raises(ValueError, match="at least one byte"):
        cache.set_budget(0)


def test_the_shared_budget_grows_with_the_window_from_a_floor(shared_budget) -> None:
    cache = shared_budget
    cache.fit_window((1280, 720))
    assert cache.budget() == cache.BUDGET_FLOOR
    cache.fit_window((3840, 2160))
    assert cache.budget() == 3840 * 2160 * 4 * cache.BUDGET_SCREENS > cache.BUDGET_FLOOR


def test_better_hintaro_bounty_cards_for_ever_new_holders_stay_within_their_cap(res: Resources) -> None:
    """A bounty card (350 KB at 1080p) is drawn anew for each holder's items: the cache kept ~20 stale ones."""
    from game.engine.better_hintaro.content import load_content
    from game.ui.tables.better_hintaro.card_art import CardArt as BountyArt

    content = load_content()
    art = BountyArt(Text(res), content)
    bounties, items = sorted(content.bounties), sorted(content.items)
    for i in range(60):
        held = items[i % len(items):i % len(items) + 1 + i % 3]
        art.bounty(bounties[i % len(bounties)], (248, 351), held, f"P{i % 6}")
        assert art._cache.nbytes <= art._cache.max_bytes <= 4 * MB
    assert art._cache.evictions > 0


def test_a_long_headless_session_keeps_its_pictures_within_the_shared_budget(shared_budget) -> None:
    """A Better Hintaro demo table (bounties, market, chips, the log) with a budget far under what its caches'
    own caps allow: at every checkpoint all caches together hold no more than the budget, and the table draws."""
    from game.ui.app import FIXED_DT, App
    from game.ui.settings import Settings

    cache = shared_budget
    app = App(size=(960, 540), settings=Settings(muted=True), fixed_step=True)
    try:
        app.start_demo("better_hintaro", seats=4)
        cache.set_budget(3 * MB)
        peak = 0
        for frame in range(1, 1_501):
            app.step(FIXED_DT)
            app.render()
            if frame % 50 == 0:
                held = cache.total_bytes()
                assert held <= cache.budget(), f"{held} bytes cached at frame {frame}"
                peak = max(peak, held)
        assert peak > 1 * MB, "the session did fill its caches (the bound was what held them)"
        assert sum(c.shared_evictions for c in cache.all_caches()) > 0
    finally:
        app.shutdown()
        pygame.quit()


def test_chip_pictures_for_ever_new_amounts_stay_within_their_caps(res: Resources) -> None:
    """Seat stacks and pot piles are keyed by the exact amount: a long session passes through thousands."""
    from game.ui import chips

    for amount in range(1, 3_000, 7):
        chips.stack_surface(amount, 31, res)
        chips.pile_surface(amount * 3, 36, res)
        for c in (chips._seat_stacks, chips._piles):
            assert len(c) <= c.max_items <= 64 and c.nbytes <= c.max_bytes <= 4 * MB
    kept = chips.stack_surface(1_234, 31, res)
    for amount in range(5_000, 5_040):
        chips.stack_surface(amount, 31, res)
        assert chips.stack_surface(1_234, 31, res) is kept, "a seat's stacks drawn every frame stay cached"


def test_card_faces_stay_in_the_decks_small_cache_not_the_apps_art_cache(res: Resources) -> None:
    """The bare faces were kept in the app's art cache for the session beside the sprites made from them (the
    whole deck at every size: 3.3 MB after 20,000 frames of Sabacc House); now only while sprites are made."""
    deck = sabacc_deck()
    art = CardArt(res, Text(res), deck)
    before = set(res._images)
    for w, h in ((60, 84), (69, 96)):
        for card in range(len(deck.faces)):
            plain = art.plain(card, w, h)
            assert plain.get_size() == (w, h)
            fresh = art.sprite(card, w, h, marks=frozenset({"fresh"}))
            assert art.sprite(card, w, h) is not fresh, "a second variant, composed from the kept face"
            assert art._faces.nbytes <= art._faces.max_bytes <= 1 * MB
    assert set(res._images) <= before | {(deck.back, 60, 84), (deck.back, 69, 96)}, "no face went to the app's cache"
    assert art._faces.evictions > 0 and len(art._sprites) >= len(deck.faces)


def test_the_heaps_free_pages_go_back_every_few_seconds_of_play_after_the_first_frame(monkeypatch) -> None:
    """Small surfaces freed and made again at other sizes leave holes in the heap that the RSS keeps: the app
    gives their whole pages back every ``TRIM_EVERY`` seconds of play (from the first frame on)."""
    import sys

    from game.ui import app as appmod
    from game.ui.app import FIXED_DT, App
    from game.ui.cache import TRIM_EVERY, release_free_pages
    from game.ui.settings import Settings

    if sys.platform.startswith("linux"):
        assert isinstance(release_free_pages(), bool)
    calls: list[int] = []
    app = App(size=(640, 480), settings=Settings(muted=True), fixed_step=True)
    try:
        monkeypatch.setattr(appmod, "release_free_pages", lambda: calls.append(app.frame) or True)
        app.go_title()
        steps = int(TRIM_EVERY / FIXED_DT)
        for _ in range(steps):
            app.step(FIXED_DT)
        assert calls == [], "not before the first frame is shown"
        app.after_first_frame()
        for _ in range(3 * steps + 2):
            app.step(FIXED_DT)
        assert len(calls) == 3
    finally:
        app.shutdown()
        pygame.quit()


def test_fonts_at_ever_new_sizes_stay_within_the_font_cap(res: Resources) -> None:
    """Each size of each face is a font of its own (~0.2 MB with its glyphs): a window resized through many sizes
    kept every size's fonts. The least recently used goes; one in use stays, and one gone is opened again."""
    kept = res.font("bold", 20)
    for size in range(8, 8 + 3 * res.font_cap):
        res.font("text", size)
        assert res.font("bold", 20) is kept, "a font used every frame stays"
        assert len(res._fonts) <= res.font_cap
    assert ("text", 8) not in res._fonts
    again = res.font("text", 8)
    assert again.size("Pot 1,200")[1] > 0 and ("text", 8) in res._fonts


def test_fonts_nobody_asked_for_since_the_last_sweep_are_closed(res: Resources) -> None:
    """The results screen after a table brings its own sizes while the table's stayed (≈ 0.3 MB each at 1080p):
    every ``TRIM_EVERY`` seconds the app closes the fonts not asked for since the last sweep. One asked for in
    between stays, the same object; one closed is opened again when a line needs it."""
    table_fonts = [res.font("bold", s) for s in (18, 21, 27)]
    res.drop_idle_fonts()  # the first sweep: each was asked for since the start
    assert all(("bold", s) in res._fonts for s in (18, 21, 27))
    kept = res.font("bold", 21)  # the next screen still uses one size, and two of its own
    res.font("head", 66)
    res.font("text", 30)
    assert res.drop_idle_fonts() == 2
    assert set(res._fonts) == {("bold", 21), ("head", 66), ("text", 30)}
    assert res.font("bold", 21) is kept is table_fonts[1]
    again = res.font("bold", 18)
    assert again is not table_fonts[0] and again.size("Pot 1,200")[1] > 0


def test_the_app_sweeps_idle_fonts_as_it_trims_the_heap() -> None:
    """Played for longer than ``TRIM_EVERY`` seconds, a screen that no longer asks for a font lets it go."""
    from game.ui.app import App
    from game.ui.cache import TRIM_EVERY
    from game.ui.settings import Settings

    app = App(size=(640, 400), settings=Settings(muted=True, ambience=False), fixed_step=True)
    try:
        app.after_first_frame()
        app.res.font("head", 97)  # a size nothing on the title uses
        steps = int(2 * TRIM_EVERY * 10) + 2
        for _ in range(steps):  # two sweeps: the first sees it asked for, the second closes it
            app.step(0.1)
        assert ("head", 97) not in app.res._fonts
    finally:
        app.shutdown()
