#!/usr/bin/env python3
"""Golden images: every game's table at 1280×720, at a deal and at a showdown, against references in tests/.

Usage::

    python tools/golden.py --refresh          # render the references: tests/golden/*.png and renderer.json
    python tools/golden.py [--out DIR]        # compare with them, as the test does (exit 1 on a difference)
    python tools/golden.py --game kinzo ...   # only these games (repeat the option)

How a picture is made (the same code runs in ``tests/ui/test_golden.py``): the app as the UI tests build it
(SDL's dummy drivers, fixed 1/30 s steps, speed 4×, Ambience off so the lamp never flickers), a seeded table of AI
seats opened the way ``cantina --demo GAME --seed S --seats N`` opens it, and frames run until a moment:

* **deal**: the first frame the table is settled (no beat, animation or tumbling die left) after the game's deal
  event (Hintaro's dice thrown, Kinzo's cards dealt, Sabacc House's board laid...);
* **showdown**: the first round's end that was a showdown, while the table holds on it (the result panel up, the
  winning chips landed).

Frames are counted, never timed: before each frame the AI decision under way on its worker thread is waited for,
so a loaded machine reaches each moment at the same frame as an idle one. The window is then redrawn in full and
compared with the reference: a pixel differs when one of its channels is more than ``CHANNEL`` counts off; the
picture differs when more than ``MAX_FRACTION`` of its pixels do, or when any ``PATCH``×``PATCH`` square holds more
than ``PATCH_MAX`` differing pixels (a label moved by a few pixels, a changed digit: small, but all in one place).

The references are full size (1280×720 PNGs, about 300 KB each). They are only as portable as the renderer: the
fonts and art are the repo's own, but their rasterising is pygame-ce's (SDL, SDL_ttf, SDL_image), so
``renderer.json`` records those versions and the test skips, saying why, on a machine whose versions differ.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent import futures
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # `python tools/golden.py` from anywhere finds the checkout's game package

import numpy as np  # noqa: E402
import pygame  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "golden"
RENDERER_FILE = GOLDEN_DIR / "renderer.json"
REFRESH_COMMAND = "python tools/golden.py --refresh"
SIZE = (1280, 720)
DT = 1 / 30  # one frame of the fixed step
MOMENTS = ("deal", "showdown")

#: a pixel differs when one of its channels is more than this many counts off
CHANNEL = 24
#: a picture differs when more than this share of its pixels differ...
MAX_FRACTION = 0.005
#: ...or when one PATCH×PATCH square holds more than PATCH_MAX differing pixels
PATCH = 16
PATCH_MAX = 32

#: the longest one AI decision may take on its worker thread: a guard against a hang, never a measure of speed
WORKER_GUARD = 300.0


@dataclass(frozen=True)
class Case:
    """One game's table: ``seats`` AI seats seeded by ``seed`` (as ``--demo GAME --seed S --seats N``); the
    deal is the first settled frame after ``deal_count`` events of kind ``deal_event``."""

    seats: int
    seed: int
    deal_event: str
    deal_count: int = 1


CASES: dict[str, Case] = {
    "hintaro": Case(4, 1, "dice_thrown"),
    "street_hintaro": Case(2, 4, "cubes_thrown", 2),
    "better_hintaro": Case(4, 2, "dice_thrown"),
    "sabacc_house": Case(4, 1, "board_dealt"),
    "nepunian_spike": Case(4, 6, "cards_dealt"),
    "kinzo": Case(4, 1, "card_dealt"),
}


@dataclass
class Shot:
    picture: pygame.Surface  # the window redrawn in full at the moment: what is compared with the reference
    frame: int  # the frames it took to get there
    window: pygame.Surface  # the window as the frames painted it (only what changed, frame by frame)


class MomentNotReached(AssertionError):
    """The table never came to the moment within its frame limit (a hang, or a seed whose session changed)."""


# ---------------------------------------------------------------------------------------------- the renderer
def renderer() -> dict[str, str]:
    """The versions whose rasterising the pictures depend on (the fonts and art themselves are the repo's)."""
    import pygame.freetype

    def ver(t: Any) -> str:
        return ".".join(str(x) for x in t)

    return {
        "pygame-ce": pygame.version.ver,
        "SDL": ver(pygame.get_sdl_version()),
        "SDL_ttf": ver(pygame.font.get_sdl_ttf_version()),
        "SDL_image": ver(pygame.image.get_sdl_image_version() or ()),
        "FreeType": ver(pygame.freetype.get_version()),
    }


def stored_renderer() -> dict[str, str] | None:
    """The versions the references were rendered with (None: there is no renderer.json)."""
    try:
        return json.loads(RENDERER_FILE.read_text())["renderer"]
    except FileNotFoundError:
        return None


def renderer_mismatch() -> str | None:
    """Why this machine cannot compare with the references (its renderer differs), or None if it can."""
    stored = stored_renderer()
    if stored is None:
        return None
    here = renderer()
    diff = [f"{k} {stored.get(k)} there, {here.get(k)} here" for k in sorted(set(stored) | set(here))
            if stored.get(k) != here.get(k)]
    if not diff:
        return None
    return (f"the golden images were rendered by another renderer ({'; '.join(diff)}): pixels would differ "
            f"without anything being wrong; `{REFRESH_COMMAND}` renders references for this one")


# ---------------------------------------------------------------------------------------------- the table
def make_app() -> Any:
    """The app as the UI tests build it: 1280×720, fixed steps, speed 4×, muted, Ambience off (no flicker)."""
    from game.ui.app import App
    from game.ui.settings import Settings

    return App(size=SIZE, settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True, strict=True)


def _settle_worker(app: Any) -> None:
    """Wait for the AI decision (and any coach question) under way on a worker thread, so the next frame picks
    its answer up whatever the machine's load."""
    pending: list[futures.Future] = []
    for scene in app.stack.scenes:
        fut = getattr(scene, "ai_future", None)
        if fut is not None:
            pending.append(fut)
        coach = getattr(scene, "coach", None)
        if coach is not None and hasattr(coach, "work"):
            pending.extend(coach.work())
    pending = [f for f in pending if not f.done()]
    if pending:
        futures.wait(pending, timeout=WORKER_GUARD)


class Driver:
    """Runs a table frame by frame (fixed steps; workers waited for) and counts the frames."""

    def __init__(self, app: Any, game_id: str, case: Case) -> None:
        self.app = app
        self.frame = 0
        self.table = app.start_demo(game_id, case.seed, case.seats)
        self.seen: dict[str, int] = {}
        # opening the table published the opening events (the first deal) before anyone here could listen
        for ev in getattr(self.table.state, "opening_events", []):
            self._count(ev)
        self._sub = self.table.session.bus.subscribe("*", self._count)

    def _count(self, ev: Any) -> None:
        self.seen[ev.kind] = self.seen.get(ev.kind, 0) + 1

    def step(self) -> None:
        _settle_worker(self.app)
        for raw in pygame.event.get():
            self.app.handle_raw(raw)
        self.app.step(DT)
        self.app.render()
        self.frame += 1

    def until(self, cond: Any, what: str, limit: int) -> None:
        for _ in range(limit):
            if cond():
                return
            self.step()
        if not cond():
            raise MomentNotReached(f"{what}: not reached in {limit} frames (at frame {self.frame})")

    def settled(self) -> bool:
        t = self.table
        return t.synced and t.settled() and not t.tweens and self.app.stack.top is t

    def shoot(self) -> Shot:
        """The window redrawn in full (not just what changed since the last frame), and as it was before."""
        window = self.app.screen.copy()
        self.app._shown_sig = None
        self.app.render()
        return Shot(self.app.screen.copy(), self.frame, window)

    def close(self) -> None:
        self._sub.cancel()


def render_case(game_id: str, case: Case | None = None) -> dict[str, Shot]:
    """Play ``game_id``'s seeded table to each moment and picture it: {moment: shot}."""
    case = case or CASES[game_id]
    app = make_app()
    try:
        if app.res.problems:
            raise AssertionError(f"the assets did not all load: {app.res.problems}")
        d = Driver(app, game_id, case)
        out: dict[str, Shot] = {}

        d.until(lambda: d.seen.get(case.deal_event, 0) >= case.deal_count and d.settled(),
                f"{game_id} deal ({case.deal_count} × {case.deal_event}, then settled)", 6000)
        out["deal"] = d.shoot()

        t = d.table
        for _ in range(50):  # the first round's end that was a showdown (one where all folded is let go)
            d.until(lambda: t.holding or t.state.is_over, f"{game_id} round end", 20000)
            if not t.holding:
                raise MomentNotReached(f"{game_id}: the session ended without a showdown")
            if t.result is not None and t.result.showdown:
                break
            t.release_hold()
        else:
            raise MomentNotReached(f"{game_id}: no showdown in 50 rounds")
        # the hold starts as the result goes up; the winner's chips may still be in the air: let them land
        d.until(lambda: t.holding and not t.anims and not t.tweens, f"{game_id} showdown settled", 200)
        out["showdown"] = d.shoot()
        d.close()
        return out
    finally:
        app.shutdown()
        pygame.quit()


# ---------------------------------------------------------------------------------------------- comparing
def reference_path(game_id: str, moment: str) -> Path:
    return GOLDEN_DIR / f"{game_id}_{moment}.png"


@dataclass
class Verdict:
    differing: int  # pixels with a channel more than CHANNEL off
    total: int
    worst_patch: int  # the most differing pixels in one PATCH×PATCH square
    worst_at: tuple[int, int]  # that square's top-left corner (x, y)
    mask: np.ndarray  # (w, h) bool: which pixels differ

    @property
    def fraction(self) -> float:
        return self.differing / self.total

    @property
    def ok(self) -> bool:
        return self.fraction <= MAX_FRACTION and self.worst_patch <= PATCH_MAX

    def words(self) -> str:
        return (f"{self.differing} pixels differ ({self.fraction:.3%}; limit {MAX_FRACTION:.1%}), worst "
                f"{PATCH}×{PATCH} square {self.worst_patch} (limit {PATCH_MAX}) at x={self.worst_at[0]}, "
                f"y={self.worst_at[1]}")


def compare(actual: pygame.Surface, reference: pygame.Surface) -> Verdict:
    """Compare two pictures of the same size with the tolerance above."""
    if actual.get_size() != reference.get_size():
        raise AssertionError(f"size {actual.get_size()} against the reference's {reference.get_size()}")
    a = pygame.surfarray.array3d(actual).astype(np.int16)
    b = pygame.surfarray.array3d(reference).astype(np.int16)
    mask = (np.abs(a - b) > CHANNEL).any(axis=2)  # (w, h)
    # differing pixels in every PATCH×PATCH square (any position, not a fixed grid): a summed-area table
    sat = np.zeros((mask.shape[0] + 1, mask.shape[1] + 1), dtype=np.int32)
    sat[1:, 1:] = mask.cumsum(0).cumsum(1)
    p = PATCH
    win = sat[p:, p:] - sat[:-p, p:] - sat[p:, :-p] + sat[:-p, :-p]
    at = np.unravel_index(int(win.argmax()), win.shape) if win.size else (0, 0)
    return Verdict(int(mask.sum()), mask.size, int(win.max()) if win.size else 0, (int(at[0]), int(at[1])), mask)


def diff_picture(actual: pygame.Surface, reference: pygame.Surface, verdict: Verdict) -> pygame.Surface:
    """The reference faded to grey, the differing pixels in magenta, the worst square framed."""
    ref = pygame.surfarray.array3d(reference).astype(np.float32)
    grey = (ref.mean(axis=2, keepdims=True) * 0.35 + 20).repeat(3, axis=2)
    grey[verdict.mask] = (255, 0, 255)
    out = pygame.surfarray.make_surface(grey.astype(np.uint8))
    x, y = verdict.worst_at
    pygame.draw.rect(out, (255, 255, 0), (x - 4, y - 4, PATCH + 8, PATCH + 8), 1)
    return out


def check(game_id: str, moment: str, actual: pygame.Surface, out_dir: Path) -> tuple[Verdict | None, str]:
    """Compare ``actual`` with its reference; on a difference write the actual picture and a diff picture to
    ``out_dir`` and say where. Returns (verdict or None when there is no reference, words)."""
    ref_path = reference_path(game_id, moment)
    if not ref_path.exists():
        out_dir.mkdir(parents=True, exist_ok=True)
        got = out_dir / f"{game_id}_{moment}.actual.png"
        pygame.image.save(actual, str(got))
        return None, f"{game_id} {moment}: no reference {ref_path} (actual: {got}); run `{REFRESH_COMMAND}`"
    reference = pygame.image.load(str(ref_path))
    verdict = compare(actual, reference)
    words = f"{game_id} {moment}: {verdict.words()}"
    if not verdict.ok:
        out_dir.mkdir(parents=True, exist_ok=True)
        got = out_dir / f"{game_id}_{moment}.actual.png"
        diff = out_dir / f"{game_id}_{moment}.diff.png"
        pygame.image.save(actual, str(got))
        pygame.image.save(diff_picture(actual, reference, verdict), str(diff))
        words += (f"\n    expected {ref_path}\n    actual   {got}\n    diff     {diff}"
                  f"\n    (a change meant? `{REFRESH_COMMAND}`, look at the new pictures, commit them)")
    return verdict, words


# ---------------------------------------------------------------------------------------------- the command
def refresh(games: list[str]) -> int:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    try:
        meta = json.loads(RENDERER_FILE.read_text())
    except FileNotFoundError:
        meta = {}
    if meta.get("renderer") not in (None, renderer()) and set(games) != set(CASES):
        print("golden: the renderer changed; refresh every game, not a few", file=sys.stderr)
        return 2
    cases = meta.get("cases", {})
    for game_id in games:
        shots = render_case(game_id)
        for moment, shot in shots.items():
            path = reference_path(game_id, moment)
            pygame.image.save(shot.picture, str(path))
            print(f"golden: wrote {path.relative_to(ROOT)} (frame {shot.frame}, {path.stat().st_size // 1024} KB)")
        c = CASES[game_id]
        cases[game_id] = {"seats": c.seats, "seed": c.seed, "deal": f"{c.deal_count} × {c.deal_event}",
                          "frames": {m: shot.frame for m, shot in shots.items()}}
    meta = {"size": list(SIZE), "renderer": renderer(), "refresh": REFRESH_COMMAND,
            "cases": {g: cases[g] for g in CASES if g in cases}}
    RENDERER_FILE.write_text(json.dumps(meta, indent=2, ensure_ascii=False) + "\n")
    print(f"golden: wrote {RENDERER_FILE.relative_to(ROOT)}; look at the pictures before committing them")
    return 0


def compare_all(games: list[str], out_dir: Path) -> int:
    why = renderer_mismatch()
    if why:
        print(f"golden: cannot compare: {why}", file=sys.stderr)
        return 2
    bad = 0
    for game_id in games:
        for moment, shot in render_case(game_id).items():
            verdict, words = check(game_id, moment, shot.picture, out_dir)
            bad += verdict is None or not verdict.ok
            print(("ok   " if verdict is not None and verdict.ok else "DIFF ") + words)
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--refresh", action="store_true", help="render the references and store them in tests/golden")
    p.add_argument("--game", action="append", choices=list(CASES), default=[], help="only this game (repeatable)")
    p.add_argument("--out", default=None, help="where a comparison writes actual and diff pictures")
    args = p.parse_args(argv)
    games = args.game or list(CASES)
    import tempfile

    # the app's settings are given, never read; anything else it would keep goes to a throwaway folder
    os.environ.setdefault("CANTINA_CONFIG_DIR", tempfile.mkdtemp(prefix="cantina-golden-config-"))
    if args.refresh:
        return refresh(games)
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="cantina-golden-"))
    return compare_all(games, out)


if __name__ == "__main__":
    sys.exit(main())
