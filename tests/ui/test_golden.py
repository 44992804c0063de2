"""Golden images: every game's seeded table at 1280×720, at a deal and at a showdown, compared with the references
in tests/golden/ within a tolerance (the driving and the comparing are ``tools/golden.py``'s, which also refreshes
the references: ``python tools/golden.py --refresh``).

Frames are counted, never timed (the AI's worker thread is waited for before each one), the lamp's flicker is off
and every moment is taken with nothing in flight, so a picture is the same on every run; a machine whose
pygame-ce, SDL, SDL_ttf, SDL_image or FreeType differs from the references' skips, saying so, instead of failing
on a renderer's pixels. At each moment the window as its frames painted it (only what changed, frame by frame)
must also equal the full redraw: a region the painter forgot is a failure too."""

from __future__ import annotations

import json

import pytest

from tools import golden


@pytest.mark.parametrize("game_id", list(golden.CASES))
def test_the_table_looks_as_its_golden_images(game_id: str, tmp_path) -> None:
    assert golden.RENDERER_FILE.exists(), f"no {golden.RENDERER_FILE}: run `{golden.REFRESH_COMMAND}`"
    why = golden.renderer_mismatch()
    if why:
        pytest.skip(why)
    stored = json.loads(golden.RENDERER_FILE.read_text()).get("cases", {}).get(game_id, {}).get("frames", {})
    shots = golden.render_case(game_id)
    problems = []
    for moment, shot in shots.items():
        verdict, words = golden.check(game_id, moment, shot.picture, tmp_path)
        if verdict is None or not verdict.ok:
            if stored.get(moment) not in (None, shot.frame):
                words += (f"\n    (this {moment} came at frame {shot.frame}, the reference's at frame "
                          f"{stored[moment]}: the session itself played differently)")
            problems.append(words)
        painted = golden.compare(shot.window, shot.picture)  # the player's window: painted only where it changed
        if not painted.ok:
            problems.append(f"{game_id} {moment}: the window as its frames painted it is not the full redraw: "
                            f"{painted.words()} (a region the painter forgot to redraw)")
    assert not problems, "\n".join(problems)


def test_the_tolerance_lets_noise_pass_and_catches_a_moved_label() -> None:
    """A few pixels off by the renderer's rounding pass; a small label moved by 10 px, a fraction of a percent of
    the picture, fails on its patch."""
    import pygame

    pygame.init()
    try:
        base = pygame.Surface(golden.SIZE)
        base.fill((30, 60, 40))
        noisy = base.copy()
        for i in range(0, 4000):  # scattered off-by-a-bit pixels, well spread
            noisy.set_at(((i * 37) % golden.SIZE[0], (i * 91) % golden.SIZE[1]), (30 + 20, 60, 40))
        for i in range(0, 200):  # and a few far off, never many in one place
            noisy.set_at(((i * 613) % golden.SIZE[0], (i * 211) % golden.SIZE[1]), (255, 255, 255))
        assert golden.compare(noisy, base).ok

        def label(x: int) -> pygame.Surface:
            s = base.copy()
            pygame.draw.rect(s, (20, 20, 20), (600, 380, 70, 22), border_radius=10)
            for k in range(0, 56, 8):  # strokes of a short word
                pygame.draw.rect(s, (240, 230, 210), (x + k, 385, 4, 12))
            return s

        moved = golden.compare(label(612), label(602))
        assert not moved.ok and moved.fraction < golden.MAX_FRACTION, moved.words()
    finally:
        pygame.quit()
