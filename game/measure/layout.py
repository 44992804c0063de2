"""``python -m game bench layout``: where every table paints its must-see pieces, at every seat count and window.

For every game in ``GAMES``, every seat count it allows from 2 to 6, at 1024×768, 1280×720, 1920×1080 and
2560×1440, a seeded table of AI seats is played through its moments (the deal, each phase of the first rounds,
the showdown), with the animations skipped. At each moment the table paints one whole frame with its region
recorder on (game.ui.regions): the regions below come from the painter itself, the rects it blitted.

Output: ``{"cases": [{"game", "seats", "size": [w, h], "samples": [{"moment", "regions": [{"name", "rect"}],
"clipped": [text]}]}]}``. :func:`problems` reads one case: the overlapping regions (pairs of different owners, or
of one seat beyond :data:`ALLOWED`), the regions outside the window and the shortened texts. The goal is none;
today this is a measure (the seat zones of issue #13 are the fix), so the command never fails on them.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import Counter
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SIZES: list[tuple[int, int]] = [(1024, 768), (1280, 720), (1920, 1080), (2560, 1440)]
QUICK_SIZES: list[tuple[int, int]] = [(1280, 720)]
QUICK_SEATS = (2, 6)
SEED = 7

#: one seat's parts that are meant to sit on each other: a status tag on its own name plate
ALLOWED: frozenset[frozenset[str]] = frozenset({frozenset({"plate", "tag"})})
#: regions that float over the table only while the pointer rests on their button (a tooltip): they must lie in the
#: window and keep their words, but may cover what is under them (moving the pointer away uncovers it)
OVERLAYS: frozenset[str] = frozenset({"tooltip"})
#: the action buttons whose tooltips a case shows (the bar's first and last: its edges are where a tip runs off)
TOOLTIP_BUTTONS = (0, -1)
#: two regions sharing a strip this thin (px) only touch: the frame's panels meet on their 2 px brass rules
TOUCH = 2

#: frames played at most per case before giving up on a showdown (each frame skips the animation under way)
FRAME_LIMIT = 6000
#: rounds played at most looking for one that ends in a showdown
ROUND_LIMIT = 8
#: a frame's simulated seconds: long enough to pass an AI's pause and the round's hold in a few frames
STEP = 0.25
#: moments a game has beside its dice or cards, sampled before its case ends if they come within ROUND_LIMIT
#: rounds (Better Hintaro's market board, Street Hintaro's tie: its result panel over the shared cube)
MORE_MOMENTS: dict[str, tuple[str, ...]] = {"better_hintaro": ("business",), "street_hintaro": ("tie",)}


def seat_counts(game_id: str) -> list[int]:
    """The seat counts from 2 to 6 that ``game_id`` allows."""
    from game.engine import GAMES

    cls = GAMES[game_id]
    return [n for n in range(2, 7) if cls.min_seats <= n <= cls.max_seats]


def owner(name: str) -> tuple[str, str]:
    """``"seat2.hand"`` -> ``("seat2", "hand")``; a centre piece owns itself: ``"pot.main"`` -> ``("pot.main", "")``."""
    head, _, part = name.partition(".")
    if head.startswith("seat") and head[4:].isdigit():
        return head, part
    return name, ""


def _overlaps(regions: list[dict[str, Any]]) -> list[tuple[str, str]]:
    out = []
    for i, a in enumerate(regions):
        ax, ay, aw, ah = a["rect"]
        for b in regions[i + 1:]:
            bx, by, bw, bh = b["rect"]
            ow = min(ax + aw, bx + bw) - max(ax, bx)
            oh = min(ay + ah, by + bh) - max(ay, by)
            if ow > TOUCH and oh > TOUCH and not {a["name"], b["name"]} & OVERLAYS:
                (oa, pa), (ob, pb) = owner(a["name"]), owner(b["name"])
                if oa == ob and frozenset({pa, pb}) in ALLOWED:
                    continue
                out.append((a["name"], b["name"]))
    return out


def sample_problems(sample: dict[str, Any], size: tuple[int, int] | list[int]) -> dict[str, list[str]]:
    """One sample's problems, by kind: ``overlap`` (name pairs), ``outside`` (names), ``clipped`` (texts)."""
    w, h = size
    outside = [r["name"] for r in sample["regions"]
               if r["rect"][0] < 0 or r["rect"][1] < 0 or r["rect"][0] + r["rect"][2] > w
               or r["rect"][1] + r["rect"][3] > h]
    return {"overlap": [f"{a} × {b}" for a, b in _overlaps(sample["regions"])], "outside": outside,
            "clipped": list(sample["clipped"])}


def problems(case: dict[str, Any]) -> list[str]:
    """Every layout problem of one case in words, each once (empty when the case is clean): overlapping regions
    of different owners (or of one seat's parts not in :data:`ALLOWED`), regions reaching outside the window,
    texts shortened or cut."""
    out: list[str] = []
    for sample in case["samples"]:
        p = sample_problems(sample, case["size"])
        out += [f"overlap: {pair}" for pair in p["overlap"]]
        out += [f"outside the window: {name}" for name in p["outside"]]
        out += [f"clipped: {text!r}" for text in p["clipped"]]
    return list(dict.fromkeys(out))


def _moment(table: Any) -> str | None:
    """The moment the settled table shows: the round's end, else the phase it is in (None while it moves)."""
    if table.result is not None:  # (a round nobody won is a tie: its result panel says what carries)
        tie = "" if table.result.winners else " tie"
        return ("showdown" if table.result.showdown else "round over") + f"{tie} r{table.shown.get('round', 0)}"
    if not (table.synced and table.settled()):
        return None
    v = table.shown
    return f"r{v.get('round', 0)} {v.get('phase') or 'play'}"


def _banner(table: Any) -> str | None:
    """The words of the banner the table shows now (a transient one: "SPIKES!", a tie), None: none."""
    from game.ui.tables.base import Banner

    return next((f"banner {a.text}" for a in table.anims if isinstance(a, Banner) and not a.done), None)


def _tooltips(table: Any) -> list[tuple[str, tuple[int, int]]]:
    """The moments of the action buttons' tooltips (see :data:`TOOLTIP_BUTTONS`) and where the pointer rests for
    each; a greyed button's tooltip leads with why it is greyed."""
    buttons = [b for b in table.bar.buttons if b.tooltip]
    if not buttons:
        return []
    picked = sorted({i % len(buttons) for i in TOOLTIP_BUTTONS})
    return [(f"tooltip {buttons[i].label}", buttons[i].rect.center) for i in picked]


def run_case(app: Any, game_id: str, seats: int, seed: int = SEED) -> dict[str, Any]:
    """Play one seeded table of ``seats`` AI seats in ``app``'s window and sample its moments: each phase, the
    showdown, each banner as it shows (before the frame skips it) and the action buttons' tooltips."""
    from game.ui.regions import RecordingSurface
    from game.ui.session import TableSession, ai_seat

    size = app.size
    session = TableSession.new(game_id, [ai_seat(i, "passive" if i % 2 else "regular") for i in range(seats)],
                               seed=seed)
    table = app.open_table(session)
    surf = RecordingSurface(size)
    samples: list[dict[str, Any]] = []
    seen: set[str] = set()

    def sample(moment: str) -> None:
        rec = table.paint_recorded(surf)
        samples.append({"moment": "deal" if not samples else moment, "regions": rec.regions(),
                        "clipped": list(rec.cut)})

    for _ in range(FRAME_LIMIT):
        if table.ai_future is not None:
            table.ai_future.result()
        if app.stack.top is not table or table.state.is_over:
            break
        banner = _banner(table) if samples else None
        if banner is not None and banner not in seen:
            seen.add(banner)
            sample(banner)
        moment = _moment(table)
        if moment is not None and moment not in seen:
            seen.add(moment)
            sample(moment)
            if table.result is None:
                for tip, pos in _tooltips(table):
                    if tip not in seen:
                        seen.add(tip)
                        table.hover_pos = pos
                        sample(f"{tip} at {moment}")  # ("tooltip Buy at r1 business": the phase it shows in)
                        table.hover_pos = (-1, -1)
            more = all(any(m in s for s in seen) for m in MORE_MOMENTS.get(game_id, ()))
            if (moment.startswith("showdown") and more) or int(table.shown.get("round") or 0) > ROUND_LIMIT:
                break
        if table.holding:
            table.release_hold()
        table.skip()
        app.step(STEP)
    return {"game": game_id, "seats": seats, "size": [size[0], size[1]], "samples": samples}


def layout_bench(quick: bool = False, games: list[str] | None = None, seats: int | None = None,
                 size: tuple[int, int] | None = None) -> dict[str, Any]:
    """Every case (or the quick subset: 2 and 6 seats at 1280×720), as the JSON of the module's docstring."""
    import pygame

    from game.engine import GAMES
    from game.ui.app import App
    from game.ui.settings import Settings

    chosen = games or list(GAMES)
    for g in chosen:
        if g not in GAMES:
            raise ValueError(f"unknown game {g!r}; the games are: {', '.join(sorted(GAMES))}")
    sizes = [size] if size else (QUICK_SIZES if quick else SIZES)
    cases = []
    t0 = time.perf_counter()
    for wh in sizes:
        app = App(size=wh, settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True, strict=True)
        try:
            for g in chosen:
                counts = seat_counts(g)
                if seats is not None:
                    if seats not in counts:
                        raise ValueError(f"{g} is not measured at {seats} seats; it is at {counts}")
                    counts = [seats]
                elif quick:
                    counts = [n for n in counts if n in QUICK_SEATS] or counts[:1]
                cases += [run_case(app, g, n) for n in counts]
        finally:
            app.shutdown()
    pygame.quit()
    return {"seconds": round(time.perf_counter() - t0, 1), "cases": cases}


def summary(result: dict[str, Any]) -> dict[str, Any]:
    """Totals per game (overlapping pairs, regions outside, clipped texts) and the pairs seen most often."""
    per_game: dict[str, Counter[str]] = {}
    pairs: Counter[str] = Counter()
    for case in result["cases"]:
        c = per_game.setdefault(case["game"], Counter())
        for p in problems(case):
            kind = p.split(":", 1)[0]
            c[kind] += 1
            if kind == "overlap":
                a, b = p.split(": ", 1)[1].split(" × ")
                pairs[" × ".join(sorted(_role(x) for x in (a, b)))] += 1
    return {"per_game": {g: dict(c) for g, c in per_game.items()}, "worst_pairs": pairs.most_common(15)}


def _role(name: str) -> str:
    """A region's name with its seat number taken out (``seat3.hand`` -> ``seatN.hand``), for counting pairs."""
    o, part = owner(name)
    return f"seatN.{part}" if part else o


def format_layout(result: dict[str, Any]) -> str:
    lines = [f"{'game':<16}{'seats':>6}{'size':>11}{'samples':>8}{'overlaps':>9}{'outside':>8}{'clipped':>8}"]
    total = Counter[str]()
    for case in result["cases"]:
        c = Counter(p.split(":", 1)[0] for p in problems(case))
        total.update(c)
        w, h = case["size"]
        lines.append(f"{case['game']:<16}{case['seats']:>6}{f'{w}x{h}':>11}{len(case['samples']):>8}"
                     f"{c['overlap']:>9}{c['outside the window']:>8}{c['clipped']:>8}")
    lines.append(f"{'total':<41}{total['overlap']:>9}{total['outside the window']:>8}{total['clipped']:>8}")
    s = summary(result)
    lines.append("overlapping pairs seen most often (seat numbers merged; each pair counted once a case):")
    lines += [f"  {n:>4}  {pair}" for pair, n in s["worst_pairs"]]
    lines.append(f"{len(result['cases'])} cases in {result['seconds']} s")
    return "\n".join(lines)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size takes WxH, e.g. 1280x720, not {text!r}") from None
    return w, h


def main(args: argparse.Namespace) -> int:
    size = _size(args.size) if getattr(args, "size", None) else None
    result = layout_bench(args.quick, args.game or None, getattr(args, "seats", None), size)
    print(json.dumps(result, indent=1) if args.json else format_layout(result))
    return 0
