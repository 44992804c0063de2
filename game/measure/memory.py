"""``bench render``'s memory part: the resident set of a demo table over a long session.

A ``cantina --demo GAME`` table (AI seats playing on their own) runs with the fixed 1/60 s step of ``--frames``
at 1920×1080, in a fresh process (so nothing an earlier measurement loaded is counted), and the RSS is read after
600 frames (most of the table drawn once, caches warming; Better Hintaro's market and bounty cards first show
between 600 and 2,000) and after the last frame (20,000 by default: about 5.5 minutes of
play). Memory is flat when the second figure stays within 1.1× of the first and under 120 MB. Every picture
cache's entries and pixel bytes are reported beside it (game.ui.cache), with their sum against the budget they
share and the number of fonts loaded, and the C heap in use and free (glibc's ``mallinfo2``) after the warm
frames and at the end, so a growing figure points at its cause.

Run alone: ``python -m game.measure.memory better_hintaro 20000 1920x1080`` prints the JSON of one table.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

WARM_FRAMES = 600
CHECKPOINTS = (600, 2_000, 6_000, 10_000, 20_000)  # RSS is also read here on the way (the curve, not two dots)
FRAMES = 20_000
SIZE = (1920, 1080)
#: every game's demo table (each grows in its own way: Better Hintaro's market, the card tables' sprites, chips)
GAMES = ("better_hintaro", "sabacc_house", "hintaro", "street_hintaro", "kinzo", "nepunian_spike")
TARGET_RATIO = 1.1
TARGET_MB = 120.0


def rss_mb() -> float | None:
    """This process's resident set in MB (Linux /proc), or None where it cannot be read."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def heap_mb() -> dict[str, float] | None:
    """The C heap by glibc's ``mallinfo2``: in use (blocks and big blocks' own mappings) and free (holes between
    live blocks: their whole pages go back to the system when the app trims, the rest the RSS still counts), in
    MB; None off glibc. Beside the caches and fonts it tells a growing RSS's cause: live pixels and objects (in
    use), or fragmentation (free)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        class _Mallinfo2(ctypes.Structure):
            _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                       "fsmblks", "uordblks", "fordblks", "keepcost")]

        fn = ctypes.CDLL(None).mallinfo2
        fn.restype = _Mallinfo2
        m = fn()
    except (OSError, AttributeError):  # not glibc, or a glibc before 2.33
        return None
    return {"in_use": round((m.uordblks + m.hblkhd) / 2**20, 1), "free": round(m.fordblks / 2**20, 1)}


def _snapshot(app: Any) -> dict[str, Any]:
    """What the RSS is made of at one point: the caches' pixels, the fonts loaded, the C heap."""
    from game.ui import cache

    return {"rss_mb": _round(rss_mb()), "caches_mb": round(cache.total_bytes() / 2**20, 1),
            "fonts": len(getattr(app.res, "_fonts", ())), "heap_mb": heap_mb()}


def cache_stats(app: Any) -> dict[str, dict[str, int]]:
    """Entries and pixel bytes of every live picture cache (game.ui.cache keeps a list of them), by name; and
    ``all``: their sum against the budget they share, with the fonts loaded (each holds its face and glyphs)."""
    from game.ui import cache

    keep = ("items", "bytes", "max_bytes", "misses", "evictions")
    out: dict[str, dict[str, int]] = {}
    for c in cache.all_caches():
        if not len(c) and not c.misses:
            continue  # a cache this table never used
        name = c.name or "unnamed"
        stats = {k: v for k, v in c.stats().items() if k in keep}
        if name in out:  # two live caches of one kind (e.g. a table's cards and a replay's): add them up
            stats = {k: out[name][k] + v for k, v in stats.items()}
        out[name] = stats
    out["all"] = {"items": sum(v["items"] for v in out.values()), "bytes": cache.total_bytes(),
                  "max_bytes": cache.budget(), "fonts": len(getattr(app.res, "_fonts", ()))}
    return out


def demo_table(game: str, frames: int = FRAMES, size: tuple[int, int] = SIZE) -> dict[str, Any]:
    """RSS after ``WARM_FRAMES`` and after ``frames`` frames of a demo table of ``game``, in this process."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.ui.app import FIXED_DT, App
    from game.ui.settings import Settings

    frames = max(frames, WARM_FRAMES)
    app = App(size=size, settings=Settings(), fixed_step=True)
    try:
        app.start_demo(game)
        warm: float | None = None
        curve: dict[str, float | None] = {}
        parts: dict[str, dict[str, Any]] = {}
        for frame in range(1, frames + 1):  # the loop of ``cantina --frames N`` (App.run with a fixed step)
            for raw in pygame.event.get():
                app.handle_raw(raw)
            app.step(FIXED_DT)
            rects = app.render()
            if rects is None:
                pygame.display.flip()
            elif rects:
                pygame.display.update(rects)
            if frame == 1:
                app.after_first_frame()
            if frame in CHECKPOINTS or frame == frames:
                curve[str(frame)] = _round(rss_mb())
            if frame == WARM_FRAMES:
                warm = rss_mb()
                parts["warm"] = _snapshot(app)
        end = rss_mb()
        parts["end"] = _snapshot(app)
        return {"game": game, "size": f"{size[0]}x{size[1]}", "frames": frames, "rss_mb_warm": _round(warm),
                "rss_mb_end": _round(end), "ratio": round(end / warm, 3) if warm and end else None,
                "rss_mb_at": curve, "parts": parts, "caches": cache_stats(app)}
    finally:
        app.shutdown()
        pygame.quit()


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 1)


def memory_bench(games: list[str] | tuple[str, ...] = GAMES, frames: int = FRAMES,
                 size: tuple[int, int] = SIZE) -> dict[str, Any]:
    """Each demo table in its own fresh process; the results and the targets."""
    root = str(Path(__file__).resolve().parents[2])
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)}
    tables = []
    for game in games:
        out = subprocess.run([sys.executable, "-m", "game.measure.memory", game, str(frames), f"{size[0]}x{size[1]}"],
                             capture_output=True, text=True, env=env, timeout=3600)
        try:
            tables.append(json.loads(out.stdout.strip().splitlines()[-1]))
        except (json.JSONDecodeError, IndexError):
            tables.append({"game": game, "error": (out.stderr.strip().splitlines() or ["no output"])[-1]})
    return {"warm_frames": WARM_FRAMES, "frames": frames, "tables": tables,
            "targets": {"ratio": TARGET_RATIO, "rss_mb": TARGET_MB}}


def format_memory(result: dict[str, Any]) -> list[str]:
    t = result.get("targets", {})
    lines = [f"  memory (a demo table at its size, RSS after {result.get('warm_frames')} frames and after"
             f" {result.get('frames'):,}; target ≤ {t.get('ratio')}× and ≤ {t.get('rss_mb')} MB)"]
    for r in result.get("tables", []):
        if "error" in r:
            lines.append(f"  {r['game']:>15}: failed: {r['error']}")
            continue
        caches = ", ".join(f"{k} {v['bytes'] / 2**20:.1f}" for k, v in r.get("caches", {}).items() if k != "all")
        shared = r.get("caches", {}).get("all", {})
        curve = ", ".join(f"{int(f):,}: {mb}" for f, mb in r.get("rss_mb_at", {}).items())
        lines.append(f"  {r['game']:>15} {r['size']}: {r['rss_mb_warm']} MB → {r['rss_mb_end']} MB ({r['ratio']}×)")
        lines.append(f"  {'':>15} RSS MB by frame: {curve}")
        lines.append(f"  {'':>15} caches MB: {caches}")
        if shared:
            held, budget = shared["bytes"] / 2**20, shared["max_bytes"] / 2**20
            lines.append(f"  {'':>15} all caches {held:.1f} MB of the {budget:.1f} MB they share;"
                         f" {shared['fonts']} fonts loaded")
        lines += _format_parts(r.get("parts", {}))
    return lines


def _format_parts(parts: dict[str, dict[str, Any]]) -> list[str]:
    """Warm → end of what the RSS is made of: the caches' pixels, the fonts, the C heap in use and free."""
    warm, end = parts.get("warm"), parts.get("end")
    if not warm or not end:
        return []
    line = (f"  {'':>15} from warm to end: caches {warm['caches_mb']} → {end['caches_mb']} MB,"
            f" fonts {warm['fonts']} → {end['fonts']}")
    hw, he = warm.get("heap_mb"), end.get("heap_mb")
    if hw and he:
        line += (f", C heap in use {hw['in_use']} → {he['in_use']} MB,"
                 f" free in the heap {hw['free']} → {he['free']} MB (its whole pages trimmed)")
    return [line]


def main(argv: list[str]) -> int:
    game = argv[0] if argv else GAMES[0]
    frames = int(argv[1]) if len(argv) > 1 else FRAMES
    w, h = (int(v) for v in argv[2].lower().split("x")) if len(argv) > 2 else SIZE
    print(json.dumps(demo_table(game, frames, (w, h))), flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
