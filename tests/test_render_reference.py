"""The render bench's yardstick: a bare pygame-ce scene of 300 moving sprites, timed like the tables."""

from __future__ import annotations

import pytest

pytest.importorskip("pygame")

from game.measure import render


def test_the_sprite_scene_times_every_frame_it_is_asked_for() -> None:
    got = render.sprite_scene_times((320, 200), frames=12, repeats=2)
    assert [r["frames"] for r in got["runs"]] == [12, 12]
    assert 0 < got["p50_ms"] <= max(r["max_ms"] for r in got["runs"])
    assert got["p99_ms_best"] <= got["p99_ms_median"]


def test_the_tables_are_compared_with_the_sprites_at_the_same_size() -> None:
    def timing(p50: float, p99: float) -> dict[str, float]:
        return {"p50_ms": p50, "p99_ms_median": p99}

    result = {"frame_time": {"1280x720": timing(1.0, 2.0), "1920x1080": timing(3.0, 3.0)},
              "frame_time_cards": {"1280x720": timing(2.0, 8.0)},
              "sprites_300": {"1280x720": timing(2.0, 4.0)}}
    ratios = render._vs_sprites(result)
    assert ratios == {"frame_time/1280x720": {"p50_ratio": 0.5, "p99_ratio": 0.5},
                      "frame_time_cards/1280x720": {"p50_ratio": 1.0, "p99_ratio": 2.0}}
    assert "over the sprites: p50 ×0.5, p99 ×0.5" in render.format_render_bench({"vs_sprites": ratios})
