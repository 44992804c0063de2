"""``python -m game bench render``: how fast the busiest table draws, how idle the idle app is, how soon the
first frame shows. Measurements, not tests: the numbers are printed (or returned as a dict for --json).

* frame time: six Hintaro seats with every die tumbling and chips sliding, at 1280×720 and 1920×1080; each
  sample is one update + full draw of the scene (what a frame costs us; the flip is the driver's).
* card frame time: six Sabacc House seats with every card being dealt again from the stub, seat after seat
  (turning over as it lands), while the flower's petals turn, the spike dice tumble and chips slide from every
  seat: the busiest card table.
* reference: a bare pygame-ce scene of 300 moving sprites (a backdrop blit and 300 sprites of a die's size drawn
  by a ``pygame.sprite.Group``, each bouncing off the window's edges) at the same sizes, timed by the same loop in
  the same run: the yardstick the busiest tables must stay at or under (``vs_sprites`` gives the ratios).
* idle CPU: the real loop with a person to act and nothing moving, CPU seconds over wall seconds.
* first frame: ``cantina --frames 1`` (the title) in a fresh process, from process start to the first flip
  (bytecode cached, as an installed game has it), beside a bare pygame-ce window process measured the same
  way in the same run, and their ratio (target ≤ 1.5); ``--demo hintaro`` (a table) for reference.
* memory: the RSS of each game's 1920×1080 demo table after 600 frames and after 20,000 (``--frames``), each in
  a fresh process, with what it is made of at both points (caches, fonts, the C heap: game.measure.memory).
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, round(p / 100 * (len(xs) - 1))))
    return xs[k]


def _timed(times: list[float]) -> dict[str, float]:
    """One run's frame times (ms) as p50, p99, max and the number of frames."""
    return {"p50_ms": round(statistics.median(times), 3), "p99_ms": round(_percentile(times, 99), 3),
            "max_ms": round(max(times), 3), "frames": len(times)}


def _over_runs(runs: list[dict[str, float]]) -> dict[str, Any]:
    """Several runs of one scene: the median p50, the best and the median p99, and every run."""
    p99s = sorted(r["p99_ms"] for r in runs)
    return {"p50_ms": round(statistics.median(r["p50_ms"] for r in runs), 3), "p99_ms_best": p99s[0],
            "p99_ms_median": p99s[len(p99s) // 2], "runs": runs}


def _busy_table(app: Any) -> Any:
    from game.ui.session import TableSession, ai_seat
    from game.ui.tables.hintaro import PLAYER_FACES, HintaroTable

    session = TableSession.new("hintaro", [ai_seat(i) for i in range(6)], seed=3)
    table = app.open_table(session)
    assert isinstance(table, HintaroTable)

    def stir() -> None:
        """Keep every die tumbling and chips flying between seats and the pot."""
        if len(table.anims) < 18:
            for s in range(6):
                for i in range(2):
                    table.tumble(("die", s, i), "TK", table.face_img, PLAYER_FACES, table.die_pos(s, i), table.die,
                                 duration=0.8)
                table.fly(1370 + 10 * s, table.seat_geo[s]["plate"].center, table.pot_pos(), duration=0.35)
            table.tumble(("hintaro",), "Hin", table.gold_img, ("Hin", "Taro", "blank"), table.hintaro_pos(),
                         table.big_die)
    return table, stir


def _busy_cards(app: Any) -> Any:
    from game.ui.session import TableSession, ai_seat
    from game.ui.tables.sabacc_house import SPIKE_FACES, SabaccHouseTable

    session = TableSession.new("sabacc_house", [ai_seat(i) for i in range(6)], seed=3)
    table = app.open_table(session)
    assert isinstance(table, SabaccHouseTable)
    for _ in range(2000):  # let the opening deal land (skipping its animations), so every seat holds cards
        table.skip()
        app.step(1 / 60)
        if table.settled() and table.all_spots():
            break
    stub = (table.stub_pos[0], table.stub_pos[1], table.pw, table.ph)

    def stir() -> None:
        """Deal every seat's cards again from the stub, seat after seat as the real deal goes (a little faster),
        while the petals turn over, the spike dice tumble and chips slide from every seat to the pot."""
        if len(table.anims) < 8:  # a new deal as the last one lands: always a deal under way
            for s in range(6):
                for k, sp in enumerate(table.spots_of(s)):
                    table.slide(sp.key, stub, None, delay=0.12 * s + 0.04 * k, duration=0.25)
                table.fly(1370 + 10 * s, table.seat_geo[s]["plate"].center, table.main_pos, duration=0.35)
            for sp in table.board_spots():
                table.slide(sp.key, None, None, duration=0.25)
            x, y = table.dice_pos
            for i in range(2):
                table.tumble((f"sdie{i}",), "spike", table.spike_die, SPIKE_FACES, (x + (i - 0.5) * table.die, y),
                             table.die, duration=0.8)

    # one whole deal before measuring: each card is rendered from its SVG once per size (a one-off cost the
    # first time a card shows up in play), and a deal here takes longer than the frame loop's short warm-up
    for _ in range(90):
        stir()
        app.step(1 / 60)
        app.render()
    return table, stir


SPRITES = 300


def sprite_scene_times(size: tuple[int, int], frames: int, repeats: int = 3) -> dict[str, Any]:
    """Frame times of a bare pygame-ce scene of :data:`SPRITES` moving sprites at ``size``, measured like the
    tables (update + draw per sample, the flip outside it), ``repeats`` times: the reference for the tables."""
    runs = [_sprite_run(size, frames) for _ in range(repeats)]
    return _over_runs(runs)


def _sprite_run(size: tuple[int, int], frames: int) -> dict[str, float]:
    import random

    import pygame

    pygame.init()
    try:
        screen = pygame.display.set_mode(size)
        backdrop = pygame.Surface(size).convert()
        backdrop.fill((40, 20, 14))
        for i in range(0, size[1], 8):  # a felt with some texture, as a table has one
            pygame.draw.line(backdrop, (46 + i % 16, 24, 16), (0, i), (size[0], i))
        rng = random.Random(300)
        side = max(24, size[1] // 18)  # a die at this window size
        pictures = []
        for k in range(6):
            img = pygame.Surface((side, side), pygame.SRCALPHA)
            pygame.draw.rect(img, (230 - 20 * k, 210, 170), img.get_rect(), border_radius=side // 5)
            pygame.draw.circle(img, (60, 30, 20), (side // 2, side // 2), side // 6)
            pictures.append(img.convert_alpha())

        class Mover(pygame.sprite.Sprite):
            def __init__(self) -> None:
                super().__init__()
                self.image = pictures[rng.randrange(6)]
                self.rect = self.image.get_rect(center=(rng.randrange(size[0]), rng.randrange(size[1])))
                self.v = [rng.uniform(-240, 240), rng.uniform(-240, 240)]
                self.pos = [float(self.rect.x), float(self.rect.y)]

            def update(self, dt: float) -> None:
                for a, limit in ((0, size[0] - side), (1, size[1] - side)):
                    self.pos[a] += self.v[a] * dt
                    if not 0 <= self.pos[a] <= limit:
                        self.v[a] = -self.v[a]
                        self.pos[a] = min(max(self.pos[a], 0.0), float(limit))
                self.rect.topleft = (round(self.pos[0]), round(self.pos[1]))

        group = pygame.sprite.Group(*(Mover() for _ in range(SPRITES)))
        times = []
        for i in range(30 + frames):
            t0 = time.perf_counter()
            group.update(1 / 60)
            screen.blit(backdrop, (0, 0))
            group.draw(screen)
            if i >= 30:
                times.append((time.perf_counter() - t0) * 1000)
            pygame.display.flip()
        return _timed(times)
    finally:
        pygame.quit()


SCENARIOS = {"hintaro": _busy_table, "cards": _busy_cards}


def frame_times(size: tuple[int, int], frames: int, repeats: int = 3, scenario: str = "hintaro") -> dict[str, Any]:
    """Frame times at ``size``, measured ``repeats`` times: the machine is shared, so other work shows up as
    spikes in single runs; every run is reported, and the best and median p99 of them."""
    runs = [_frame_run(size, frames, scenario) for _ in range(repeats)]
    return _over_runs(runs)


def _frame_run(size: tuple[int, int], frames: int, scenario: str = "hintaro") -> dict[str, float]:
    import pygame

    from game.ui.app import App
    from game.ui.settings import Settings

    app = App(size=size, settings=Settings(), fixed_step=True)
    try:
        _table, stir = SCENARIOS[scenario](app)
        for _ in range(30):  # warm the caches (dice faces, chip stacks, text)
            stir()
            app.step(1 / 60)
            app.render()
        times = []
        for _ in range(frames):
            stir()
            t0 = time.perf_counter()
            app.step(1 / 60)
            app.render()
            times.append((time.perf_counter() - t0) * 1000)
            pygame.display.flip()
        return _timed(times)
    finally:
        app.shutdown()
        pygame.quit()


def idle_cpu(seconds: float) -> dict[str, float]:
    """CPU use of the real frame loop while a person is to act and nothing moves."""
    import pygame

    from game.ui.app import App
    from game.ui.session import SeatSpec, TableSession, ai_seat
    from game.ui.settings import Settings

    app = App(size=(1280, 720), settings=Settings(muted=True, ambience=True))
    try:
        seats = [SeatSpec("Rook")] + [ai_seat(i) for i in range(1, 4)]
        session = TableSession.new("hintaro", seats, seed=5)
        table = app.open_table(session)
        # let the opening play out and the AI seats act until it is the person's turn
        for _ in range(5000):
            app.step(1 / 30)
            if table.my_turn() and not app.busy():
                break
            if table.ai_future is not None:
                time.sleep(0.002)  # the agent thinks on its own thread
        app.start_sound()  # synthesised at startup in play: not part of the idle measurement
        app.render()
        app.dirty = False
        app.toasts = []
        pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
        c0, w0 = time.process_time(), time.perf_counter()
        app.run()
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        return {"idle_cpu_percent": round(100 * cpu / max(wall, 1e-9), 2), "seconds": round(wall, 2),
                "my_turn": table.my_turn()}
    finally:
        pygame.quit()


def cantina_idle_cpu(seconds: float, size: tuple[int, int] = (1280, 720)) -> dict[str, float]:
    """CPU use of the real frame loop in the first cantina with the player standing still: only the room's
    idle life moves (lamps, smoke, the droid), at the rate :meth:`CantinaScene.wake_in` asks for."""
    import os
    import tempfile

    import pygame

    from game.campaign.progress import Campaign
    from game.ui.app import App
    from game.ui.campaign.play import CampaignPlay
    from game.ui.settings import Settings

    os.environ.setdefault("CANTINA_DATA_DIR", tempfile.mkdtemp(prefix="cantina-bench-"))
    app = App(size=size, settings=Settings(muted=True, ambience=True))
    try:
        CampaignPlay(app, Campaign.new("Bench", seed=1), 1).start()
        for _ in range(600):  # the arrival (fade, the cantina's name) plays out first
            app.step(1 / 30)
            if not app.busy():
                break
        app.start_sound()
        app.render()
        pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
        c0, w0 = time.process_time(), time.perf_counter()
        app.run()
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        return {"idle_cpu_percent": round(100 * cpu / max(wall, 1e-9), 2), "seconds": round(wall, 2),
                "size": f"{size[0]}x{size[1]}"}
    finally:
        app.shutdown()
        pygame.quit()


#: a bare pygame-ce window as a whole process, the yardstick for the game's first frame: import, init, a window
#: of the game's default size, one fill and flip; its age read as the app reads its own (``process_age``)
_BARE_WINDOW = """
import os
import time
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.init()
screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
screen.fill((40, 20, 14))
pygame.display.flip()
with open("/proc/self/stat", encoding="ascii") as f:
    start = int(f.read().rsplit(")", 1)[1].split()[19])
with open("/proc/uptime", encoding="ascii") as f:
    age = float(f.read().split()[0]) - start / os.sysconf("SC_CLK_TCK")
print(f"first frame: {age * 1000:.0f} ms (cpu {time.process_time() * 1000:.0f} ms)", flush=True)
pygame.quit()
"""


def _first_frame_ms(cmd: list[str], env: dict[str, str], root: Path) -> tuple[float | None, float | None]:
    """Milliseconds from starting ``cmd`` to its ``first frame:`` line (printed, flushed, right after the first
    flip), timed from here: finer than the process's own figure (its start time is kept in 10 ms ticks); and the
    CPU the process had used by then, as it says on that line (``cpu N ms``): on a shared machine the wall time
    is mostly the other jobs' (waiting for a core), the CPU time much less so."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    found = cpu = None
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if found is None and re.search(r"first frame: \d+ ms", line):
                found = (time.perf_counter() - t0) * 1000
                said = re.search(r"cpu (\d+) ms", line)
                cpu = float(said.group(1)) if said else None
        proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return (round(found, 1) if found is not None else None), cpu


def first_frame(runs: int = 5) -> dict[str, Any]:
    """Time to the first flip from starting the process, medians of ``runs`` fresh processes each (bytecode cached,
    as an installed game has it; one unmeasured warm-up each): the game (``cantina --frames 1``: the title, what
    a player sees first), a bare pygame-ce window process (import, init, window, flip: the floor) and their
    ratio, measured in the same run, interleaved (the machine is shared); also ``--demo hintaro`` (a table)."""
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "cantina-bench-pycache")
    env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    env["CANTINA_CONFIG_DIR"] = tempfile.mkdtemp(prefix="cantina-bench-")
    cmds = {"game_ms": [sys.executable, "-m", "game", "--frames", "1"],
            "bare_pygame_ms": [sys.executable, "-c", _BARE_WINDOW],
            "demo_hintaro_ms": [sys.executable, "-m", "game", "--frames", "1", "--demo", "hintaro"]}
    ms: dict[str, list[float]] = {k: [] for k in cmds}
    cpu: dict[str, list[float]] = {k: [] for k in cmds}
    for i in range(runs + 1):
        for key, cmd in cmds.items():
            got, used = _first_frame_ms(cmd, env, root)
            if i and got is not None:  # the first round warms the bytecode and the file cache
                ms[key].append(got)
            if i and used is not None:
                cpu[key].append(used)
    out: dict[str, Any] = {k: (statistics.median(v) if v else None) for k, v in ms.items()}
    game, bare = out["game_ms"], out["bare_pygame_ms"]
    out["ratio"] = round(game / bare, 2) if game and bare else None
    out["runs_ms"] = ms
    # the same first frames in CPU milliseconds (from the process's start): steadier than the wall on a busy machine
    out["cpu_ms"] = {k: (statistics.median(v) if v else None) for k, v in cpu.items()}
    game_cpu, bare_cpu = out["cpu_ms"]["game_ms"], out["cpu_ms"]["bare_pygame_ms"]
    out["cpu_ratio"] = round(game_cpu / bare_cpu, 2) if game_cpu and bare_cpu else None
    # the older figure's name, kept for readers of the JSON: the title's first frame
    out["first_frame_ms"] = game
    return out


def render_bench(quick: bool = False, memory_frames: int | None = None,
                 memory_games: list[str] | None = None) -> dict[str, Any]:
    """Frame-time p50/p99 per resolution, idle CPU %, first-frame time and memory over a session, as a dict."""
    frames = 120 if quick else 400
    result: dict[str, Any] = {"frame_time": {}}
    for size in ((1280, 720), (1920, 1080)):
        result["frame_time"][f"{size[0]}x{size[1]}"] = frame_times(size, frames, 1 if quick else 3)
    result["frame_time_cards"] = {}
    for size in ((1280, 720), (1920, 1080)):
        result["frame_time_cards"][f"{size[0]}x{size[1]}"] = frame_times(size, frames, 1 if quick else 3, "cards")
    result["sprites_300"] = {}
    for size in ((1280, 720), (1920, 1080)):
        result["sprites_300"][f"{size[0]}x{size[1]}"] = sprite_scene_times(size, frames, 1 if quick else 3)
    result["vs_sprites"] = _vs_sprites(result)
    result["idle"] = idle_cpu(3.0 if quick else 8.0)
    result["cantina_idle"] = [cantina_idle_cpu(3.0 if quick else 8.0, size) for size in ((1280, 720), (1920, 1080))]
    result["first_frame"] = first_frame(2 if quick else 7)
    from game.measure import memory

    result["memory"] = memory.memory_bench(memory_games or memory.GAMES,
                                           memory_frames or (2_000 if quick else memory.FRAMES))
    result["targets"] = {"p99_ms_1920x1080": 4.0, "idle_cpu_percent": 3.0, "first_frame_ratio": 1.5,
                         "cantina_idle_cpu_percent": 8.0}
    return result


def _vs_sprites(result: dict[str, Any]) -> dict[str, dict[str, float | None]]:
    """Each busy table's p50 and median p99 over the 300-sprite scene's at the same size (≤ 1 is the goal)."""
    out: dict[str, dict[str, float | None]] = {}
    for key in ("frame_time", "frame_time_cards"):
        for size, r in result.get(key, {}).items():
            ref = result.get("sprites_300", {}).get(size)
            if not ref:
                continue
            out[f"{key}/{size}"] = {
                "p50_ratio": round(r["p50_ms"] / ref["p50_ms"], 2) if ref["p50_ms"] else None,
                "p99_ratio": round(r["p99_ms_median"] / ref["p99_ms_median"], 2) if ref["p99_ms_median"] else None}
    return out


def format_render_bench(result: dict[str, Any]) -> str:
    """The render bench as a few readable lines, with the targets beside the numbers."""
    t = result.get("targets", {})
    lines = ["render bench (busiest table: six Hintaro seats, every die tumbling, chips sliding)"]
    for size, r in result.get("frame_time", {}).items():
        runs = ", ".join(f"{x['p99_ms']:.2f}" for x in r.get("runs", []))
        lines.append(f"  {size:>9}: frame p50 {r['p50_ms']:.2f} ms, p99 {r['p99_ms_median']:.2f} ms (median of runs;"
                     f" best {r['p99_ms_best']:.2f}; runs {runs})")
    if result.get("frame_time_cards"):
        lines.append("  card table (six Sabacc House seats, every card dealt again, petals turning, spike dice, chips)")
    for size, r in result.get("frame_time_cards", {}).items():
        runs = ", ".join(f"{x['p99_ms']:.2f}" for x in r.get("runs", []))
        lines.append(f"  {size:>9}: frame p50 {r['p50_ms']:.2f} ms, p99 {r['p99_ms_median']:.2f} ms (median of runs;"
                     f" best {r['p99_ms_best']:.2f}; runs {runs})")
    if result.get("sprites_300"):
        lines.append(f"  reference: a bare pygame-ce scene of {SPRITES} moving sprites"
                     " (the tables' yardstick: ratio ≤ 1)")
    for size, r in result.get("sprites_300", {}).items():
        lines.append(f"  {size:>9}: frame p50 {r['p50_ms']:.2f} ms, p99 {r['p99_ms_median']:.2f} ms (median of runs)")
    for name, r in result.get("vs_sprites", {}).items():
        lines.append(f"  {name} over the sprites: p50 ×{r['p50_ratio']}, p99 ×{r['p99_ratio']}")
    idle = result.get("idle", {})
    lines.append(f"  idle CPU: {idle.get('idle_cpu_percent')} % of one core over {idle.get('seconds')} s"
                 f" (target ≤ {t.get('idle_cpu_percent')} %)")
    for c in result.get("cantina_idle", []):
        lines.append(f"  cantina standing still ({c.get('size')}, idle life on): {c.get('idle_cpu_percent')} % of one"
                     f" core over {c.get('seconds')} s (target ≤ {t.get('cantina_idle_cpu_percent')} %)")
    ff = result.get("first_frame", {})
    lines.append(f"  first frame (median, from starting the process): game {ff.get('game_ms')} ms, bare pygame-ce"
                 f" window {ff.get('bare_pygame_ms')} ms, ratio {ff.get('ratio')}"
                 f" (target ≤ {t.get('first_frame_ratio')}); --demo hintaro {ff.get('demo_hintaro_ms')} ms")
    cpu = ff.get("cpu_ms") or {}
    lines.append(f"  first frame in CPU time (median): game {cpu.get('game_ms')} ms, bare window"
                 f" {cpu.get('bare_pygame_ms')} ms, ratio {ff.get('cpu_ratio')};"
                 f" --demo hintaro {cpu.get('demo_hintaro_ms')} ms")
    lines.append(f"  p99 target at 1920x1080: ≤ {t.get('p99_ms_1920x1080')} ms")
    if result.get("memory"):
        from game.measure.memory import format_memory

        lines += format_memory(result["memory"])
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    import json

    quick = bool(argv and "--quick" in argv)
    res = render_bench(quick)
    print(json.dumps(res, indent=2) if argv and "--json" in argv else format_render_bench(res))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
