"""The app: window, frame loop, scene stack, settings, sound, and the headless hooks (--frames, --demo).

The loop draws only when something changes: while scenes are busy (an animation, an AI thinking) it runs at
60 fps; otherwise it sleeps in ``pygame.event.wait`` until input arrives or a scene's timer is due, which
keeps an idle table near 0 % CPU. ``--frames N`` runs exactly N frames with a fixed 1/60 s step (no
sleeping), so headless runs are fast and repeatable.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the window's class (X11) and app id (Wayland), APP_ID below: set before SDL starts
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "lost-hand-cantina")
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "lost-hand-cantina")

import pygame

from game import logs
from game.logs import get_logger
from game.ui import audio, theme
from game.ui import draw as drawmod
from game.ui.backdrop import Backdrop
from game.ui.cache import TRIM_EVERY, release_big_blocks, release_free_pages
from game.ui.draw import Text, panel
from game.ui.input import Input, translate
from game.ui.resources import Resources
from game.ui.scene import Scene, SceneStack
from game.ui.settings import Settings

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

    from game.ui.session import TableSession
    from game.ui.tables.base import BaseTable

log = get_logger("cantina")

#: the window's class (X11) and app id (Wayland): packaging/lost-hand-cantina.desktop names the same, so a
#: desktop shows that entry's name and icon for the running window
APP_ID = "lost-hand-cantina"

FPS = 60
FIXED_DT = 1.0 / FPS


def _traceback() -> str:
    """The exception being handled, formatted (traceback is imported when a scene fails, not at start)."""
    import traceback

    return traceback.format_exc()


def process_age() -> float | None:
    """Seconds since this process started (Linux), to report the real time to the first frame."""
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


#: the window icon: rendered from art/app/icon.svg by tools/make_art.py, with the .ico and .icns beside it
ICON = ("icons", "cantina.png")
ICON_SIZE = 64


def set_window_icon() -> bool:
    """Give the window the app icon (title bar, task bar, Alt-Tab). A missing icon costs a log line, not a start."""
    from game.paths import assets_dir

    path = assets_dir().joinpath(*ICON)
    try:
        img = pygame.image.load(str(path))
        if img.get_size() != (ICON_SIZE, ICON_SIZE) and img.get_bitsize() >= 24:
            img = pygame.transform.smoothscale(img, (ICON_SIZE, ICON_SIZE))
        pygame.display.set_icon(img)
    except (OSError, pygame.error) as exc:
        log.info("no window icon (%s): %s", path, exc)
        return False
    return True


class App:
    """Owns the window and everything that lives as long as it (resources, text cache, sound, AI threads)."""

    def __init__(self, size: tuple[int, int] | None = None, settings: Settings | None = None,
                 fixed_step: bool = False, strict: bool = False) -> None:
        self.t_start = time.perf_counter()
        self.strict = strict  # tests: re-raise scene errors instead of reporting them
        self.fixed_step = fixed_step
        msg = None
        if settings is None:
            settings, msg = Settings.load()
        self.settings = settings
        self.toasts: list[tuple[str, float]] = []
        if msg:
            self.toast(msg, 8.0)
        audio.init_display()  # the sound device opens after the first frame (start_sound)
        self.sound_problem: str | None = None
        self.res = Resources()
        self.text = Text(self.res)
        self.backdrop = Backdrop(self.res)
        self.stack = SceneStack()
        self._pool: ThreadPoolExecutor | None = None
        self.sound: Any = None
        self.running = True
        self.frame = 0
        #: seconds of play until the heap's free pages go back to the system (game.ui.cache.release_free_pages);
        #: counted from the first frame on (after_first_frame)
        self.trim_in: float | None = None
        self.dirty = True
        self.fullscreen = False
        self.persist = False  # save the window size and mode at exit (the real app; not tests or benches)
        #: network seats open in this window (game.ui.remote): each is pumped once a frame (``pump()``: True
        #: when something arrived) and closed when the window goes back to the title or shuts down
        self.links: list[Any] = []
        set_window_icon()  # before the window exists: some systems take the icon only then
        want = size or tuple(self.settings.window_size)
        self.screen = self._set_mode(want, self.settings.fullscreen and size is None)
        pygame.display.set_caption("Lost Hand Cantina")
        pygame.key.set_repeat(350, 40)
        for p in self.res.problems:
            self.toast(p, 6.0)

    @property
    def pool(self) -> ThreadPoolExecutor:
        """The AI's thread, made when a table first asks for it (not before the title's first frame)."""
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cantina-ai")
        return self._pool

    # ------------------------------------------------------------------ window
    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        self.fullscreen = fullscreen
        if fullscreen:
            try:
                desk = pygame.display.get_desktop_sizes()[0]
            except (pygame.error, IndexError):
                desk = size
            screen = pygame.display.set_mode(desk, pygame.FULLSCREEN)
        else:
            w, h = max(1, int(size[0])), max(1, int(size[1]))
            screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.window_size = screen.get_size()
        self.text.fit_window(self.window_size)
        return screen

    @property
    def size(self) -> tuple[int, int]:
        """The size scenes lay out for: the window, but never below the smallest usable size."""
        w, h = self.window_size
        return (max(w, theme.MIN_WINDOW[0]), max(h, theme.MIN_WINDOW[1]))

    def too_small(self) -> bool:
        w, h = self.window_size
        return w < theme.MIN_WINDOW[0] or h < theme.MIN_WINDOW[1]

    def resize(self, size: tuple[int, int]) -> None:
        """Follow the window to a new size (tests call this directly; SDL's resize event lands here too)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        surf = pygame.display.get_surface()
        if (surf is None or surf.get_size() != size) and not self.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.screen = pygame.display.get_surface() or self.screen
        self.window_size = self.screen.get_size()
        self.text.fit_window(self.window_size)
        self.stack.layout(self.size)
        self.dirty = True
        self._shown_sig = None
        if not self.fullscreen and not self.too_small():
            self.settings.window_size = self.window_size

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.screen = self._set_mode(tuple(self.settings.window_size), False)
        else:
            self.settings.window_size = self.window_size
            self.screen = self._set_mode(self.window_size, True)
        self.settings.fullscreen = self.fullscreen
        self.save_settings()
        self.stack.layout(self.size)
        self.dirty = True
        self._shown_sig = None

    def save_settings(self) -> None:
        err = self.settings.save()
        if err:
            self.toast(err)

    # ------------------------------------------------------------------ messages and sound
    def toast(self, message: str, seconds: float = 4.0) -> None:
        """A message at the bottom of the screen for a few seconds (problems, confirmations)."""
        if any(m == message for m, _ in self.toasts):
            return
        self.toasts.append((message, seconds))
        self.toasts = self.toasts[-4:]
        self.dirty = True

    def report(self, message: str) -> None:
        """Something went wrong that the player should know about, but the game goes on."""
        log.warning("%s", message)
        self.toast(message, 6.0)

    def play(self, name: str) -> None:
        if self.sound is not None:
            self.sound.play(name)

    def after_first_frame(self) -> None:
        """What waits until the first frame is shown: fixing the allocator's threshold, then the sounds.

        The allocator first (:func:`game.ui.cache.release_big_blocks`: freed surfaces go back to the system, RSS
        stays flat over a session): fixed before the first frame, every window-sized surface the title paints
        (the room, its glows, the vignette's map) was a fresh mapping, each page faulted in, ~2 ms of the first
        frame (and ctypes' import, ~1.5 ms, is paid after it too). The first frame's few surfaces are freed at
        once either way, so the session's RSS is the same. Logging's set-up is made here too (game.logs)."""
        release_big_blocks()
        self.trim_in = TRIM_EVERY
        logs.apply()  # logging's set-up, for every module's loggers (game.logs: not imported before the flip)
        if self.sound is None:
            self.start_sound()

    def start_sound(self) -> None:
        """Synthesise the sounds (after the first frame, so the window appears at once)."""
        from game.ui.sound import SoundBank

        self.sound_problem = audio.init()  # no sound card: silence and one log line, not ALSA's chatter
        self.sound = SoundBank(self.settings)
        if self.sound.problem:  # info only: a missing device was said once at start (game.ui.audio)
            log.info("sound: %s", self.sound.problem)

    # ------------------------------------------------------------------ scenes
    def push(self, scene: Scene) -> Scene:
        self.dirty = True
        return self.stack.push(scene)

    def pop(self) -> Scene | None:
        self.dirty = True
        return self.stack.pop()

    def replace(self, scene: Scene) -> Scene:
        self.dirty = True
        return self.stack.replace(scene)

    def go_title(self) -> None:
        from game.ui.scenes.title import TitleScene

        self._close_tables()
        self.close_links()
        self.stack.clear_to(TitleScene(self))
        self.dirty = True

    def close_links(self) -> None:
        """Leave every network table this window sits at."""
        links, self.links = self.links, []
        for link in links:
            link.close()

    def _close_tables(self) -> None:
        tables = sys.modules.get("game.ui.tables.base")
        if tables is None:  # no table opened yet (the title at start): none to close, and no AI to import
            return
        for s in self.stack.scenes:
            if isinstance(s, tables.BaseTable):
                s.close()

    def open_table(self, session: TableSession, demo: bool = False) -> BaseTable:
        from game.ui.tables import table_for

        self._close_tables()
        table = table_for(session.state.game_id)(self, session, demo=demo)
        self.stack.clear_to(table)
        self.dirty = True
        return table

    def start_demo(self, game_id: str, seed: int | None = None, seats: int | None = None) -> BaseTable:
        from game.ai.seeds import seeded_secret
        from game.engine import GAMES
        from game.ui.session import TableSession, ai_seat

        if game_id not in GAMES:
            raise ValueError(f"unknown game {game_id!r}; the games are: {', '.join(sorted(GAMES))}")
        cls = GAMES[game_id]
        n = max(cls.min_seats, min(cls.max_seats, 6 if seats is None else seats))
        seats = [ai_seat(i, "random" if i % 2 else "passive") for i in range(n)]
        seed = 1 if seed is None else seed
        # a demo replays from its seed (agent seeds still one-way from it: game.ai.seeds)
        session = TableSession.new(game_id, seats, seed=seed, secret=seeded_secret("demo", seed))
        return self.open_table(session, demo=True)

    def show_results(self, table: BaseTable) -> None:
        from game.ui.scenes.results import ResultsScene

        self.push(ResultsScene(self, table))

    def show_curtain(self, table: BaseTable, seat: int) -> None:
        from game.ui.scenes.curtain import CurtainScene

        if any(isinstance(s, CurtainScene) for s in self.stack.scenes):
            return
        self.push(CurtainScene(self, table, seat))

    def show_table_menu(self, table: BaseTable) -> None:
        from game.ui.scenes.menu import TableMenu

        self.push(TableMenu(self, table))

    # ------------------------------------------------------------------ the loop
    def handle_raw(self, raw: pygame.event.Event) -> None:
        ev = translate(raw)
        if ev is None:
            return
        self.dispatch(ev)

    def dispatch(self, ev: Input) -> None:
        """Give one input to the app, then to the top scene."""
        self.dirty = True
        if ev.kind == "quit":
            self.running = False
            return
        if ev.kind == "expose":
            self._shown_sig = None  # the window was covered: repaint all of it
            return
        if ev.kind == "resize":
            cur = pygame.display.get_surface()
            self.screen = cur or self.screen
            self.window_size = self.screen.get_size()
            self.text.fit_window(self.window_size)
            self.stack.layout(self.size)
            self._shown_sig = None
            if not self.fullscreen and not self.too_small():
                self.settings.window_size = self.window_size
            return
        if ev.kind == "key" and ev.action == "fullscreen":
            self.toggle_fullscreen()
            return
        if self.too_small():
            return
        self._guard(self.stack.handle, ev)

    def _guard(self, fn: Any, *args: Any) -> None:
        """Run a scene hook; in play an error is reported and the game goes on, in tests it is raised."""
        try:
            fn(*args)
        except Exception as exc:
            if self.strict:
                raise
            log.error("%s", _traceback())
            self.toast(f"Something went wrong: {exc}", 6.0)

    def step(self, dt: float) -> None:
        """Update everything by ``dt`` seconds (first what the network brought, so the scenes see it now)."""
        for link in list(self.links):
            try:
                if link.pump():
                    self.dirty = True
            except Exception as exc:
                if self.strict:
                    raise
                log.error("%s", _traceback())
                self.toast(f"Something went wrong at the network table: {exc}", 6.0)
        self._guard(self.stack.update, dt)
        if self.trim_in is not None:
            self.trim_in -= dt
            if self.trim_in <= 0:
                self.res.drop_idle_fonts()
                release_free_pages()
                self.trim_in = TRIM_EVERY
        if self.toasts:
            self.toasts = [(m, t - dt) for m, t in self.toasts if t - dt > 0]
            self.dirty = True

    _shown_sig: Any = None

    def render(self) -> list[pygame.Rect] | None:
        """Draw one frame into the window surface; returns the areas changed, or None if all of it did.

        When the same single scene is on screen as last frame and it can redraw only what changed (the
        tables can), only that is drawn: a busy 1080p table frame stays within a few milliseconds.
        """
        surf = self.screen
        if self.too_small():
            self._shown_sig = None
            self._draw_too_small(surf)
            return None
        visible = self.stack.visible()
        sig = (tuple(id(s) for s in visible), surf.get_size(), len(self.toasts))
        if sig == self._shown_sig and not self.toasts and len(visible) == 1 and hasattr(visible[0], "draw_dirty"):
            try:
                return visible[0].draw_dirty(surf)
            except Exception as exc:
                if self.strict:
                    raise
                log.error("%s", _traceback())
                self.toast(f"Something went wrong: {exc}", 6.0)
                return None
        self._shown_sig = sig
        self._guard(self.stack.draw, surf)
        self._draw_toasts(surf)
        return None

    def _draw_too_small(self, surf: pygame.Surface) -> None:
        surf.fill(theme.ROOM)
        w, h = surf.get_size()
        if w < 40 or h < 12:
            return
        size = max(8, min(18, w // 22, h // 4))
        lines = ["Make the window bigger", f"(at least {theme.MIN_WINDOW[0]}×{theme.MIN_WINDOW[1]})"]
        y = h // 2 - size
        for line in lines:
            img = self.text.render(line, size, theme.AMBER, "bold")
            if img.get_width() > w - 4:
                img = pygame.transform.smoothscale(img, (w - 4, max(1, img.get_height() * (w - 4) // img.get_width())))
            surf.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += img.get_height() + 2

    def _draw_toasts(self, surf: pygame.Surface) -> None:
        if not self.toasts:
            return
        w, h = surf.get_size()
        y = h - 16
        for msg, _ in reversed(self.toasts):
            img = self.text.render(self.text.fit(msg, 15, w - 60), 15, theme.CREAM)
            r = img.get_rect().inflate(24, 12)
            r.midbottom = (w // 2, y)
            panel(surf, r, (30, 14, 10), theme.AMBER, radius=8, width=1)
            surf.blit(img, img.get_rect(center=r.center))
            y = r.top - 6

    def busy(self) -> bool:
        return self.stack.busy() or bool(self.toasts)

    def run(self, frames: int | None = None, screenshot: str | None = None, quiet: bool = False) -> int:
        """The frame loop. ``frames``: stop after that many frames (fixed 1/60 s steps, no sleeping)."""
        clock = pygame.time.Clock()
        fixed = frames is not None or self.fixed_step
        first_frame: float | None = None
        try:
            while self.running:
                if not fixed and not self.dirty and not self.busy():
                    wake = self.stack.wake_in()
                    timeout = 1000 if wake is None else max(1, min(1000, int(wake * 1000)))
                    raw = pygame.event.wait(timeout)
                    events = [raw] if raw.type != pygame.NOEVENT else []
                    events += pygame.event.get()
                    dt = min(5.0, clock.tick() / 1000.0)  # nothing animates while idle: timers need real time
                else:
                    events = pygame.event.get()
                    dt = FIXED_DT if fixed else min(0.1, clock.tick(FPS) / 1000.0)
                for raw in events:
                    self.handle_raw(raw)
                self.step(dt)
                if self.dirty or self.busy() or fixed:
                    rects = self.render()
                    if rects is None:
                        pygame.display.flip()
                    elif rects:
                        pygame.display.update(rects)
                    self.dirty = False
                    self.frame += 1
                    if first_frame is None:
                        age = process_age()
                        first_frame = age if age is not None else time.perf_counter() - self.t_start
                        if frames is not None and not quiet:
                            print(f"first frame: {first_frame * 1000:.0f} ms (cpu {time.process_time() * 1000:.0f} ms)",
                                  flush=True)
                        self.after_first_frame()
                if frames is not None and self.frame >= frames:
                    break
            if screenshot:
                self.save_screenshot(screenshot)
        finally:
            self.shutdown()
        return 0

    def save_screenshot(self, path: str) -> None:
        """Save the window as an image; a path that cannot be written is a ValueError with one clear line."""
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, path)
        except (OSError, pygame.error) as exc:
            raise ValueError(f"cannot write the screenshot {path!r}: {exc}") from None

    def shutdown(self) -> None:
        if self.persist:
            self.save_settings()
        self._close_tables()
        self.close_links()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        if self.sound is not None:
            self.sound.stop()
        self.res.clear()
        drawmod.clear_caches()


#: the largest window side we ask SDL for (beyond it a surface would not fit in memory)
MAX_SIDE = 16384


def _parse_size(text: str | None) -> tuple[int, int] | None:
    """``WxH`` from the command line; at least the smallest window the tables are laid out for."""
    if not text:
        return None
    try:
        w, h = (int(part) for part in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise ValueError(f"--size must look like 1280x720, not {text!r}") from None
    lo_w, lo_h = theme.MIN_WINDOW
    if w < lo_w or h < lo_h:
        raise ValueError(f"--size {w}x{h} is too small: the tables need at least {lo_w}x{lo_h}")
    if w > MAX_SIDE or h > MAX_SIDE:
        raise ValueError(f"--size {w}x{h} is too large: at most {MAX_SIDE} on a side")
    return (w, h)


def check_screenshot_path(text: str | None) -> None:
    """Refuse, before any window opens, a ``--screenshot`` path that cannot be written (ValueError, one line).

    The folder may not exist yet (it is made at the end), but the nearest folder that does exist must be a
    folder we may write in, and the file itself must not be a folder or a read-only file.
    """
    if not text:
        return
    path = Path(text)
    where = f"cannot write the screenshot {text!r}"
    if path.is_dir():
        raise ValueError(f"{where}: it is a folder")
    if path.exists() and not os.access(path, os.W_OK):
        raise ValueError(f"{where}: the file is read-only")
    parent = path.absolute().parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise ValueError(f"{where}: {str(parent)!r} is not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ValueError(f"{where}: no permission to write in {str(parent)!r}")


def main(args: Any) -> int:
    """``cantina`` without a sub-command: open the window (title screen, or a --demo table)."""
    logs.configure(level="WARNING", format="%(name)s: %(message)s")  # made on first use (game.logs)
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    size = _parse_size(getattr(args, "size", None))
    check_screenshot_path(getattr(args, "screenshot", None))
    frames = getattr(args, "frames", None)
    if frames is not None and frames < 1:
        raise ValueError("--frames must be at least 1")
    demo = getattr(args, "demo", None)
    if demo is not None:
        from game.engine import GAMES

        if demo not in GAMES:
            raise ValueError(f"unknown game {demo!r}; the games are: {', '.join(sorted(GAMES))}")
    app = App(size=size)
    app.persist = frames is None  # a headless --frames run leaves the player's settings alone
    try:
        if getattr(args, "url", None):  # ``cantina join ws://...`` without --agent: the window at that seat
            from game.ui.scenes.network import join_table

            app.go_title()
            join_table(app, args.url, password=getattr(args, "password", None), token=getattr(args, "token", None),
                       log=getattr(args, "log", None))
        elif demo:
            app.start_demo(demo, getattr(args, "seed", None), getattr(args, "seats", None))
        else:
            app.go_title()
    except Exception:
        app.shutdown()
        raise
    rc = app.run(frames=frames, screenshot=getattr(args, "screenshot", None))
    pygame.quit()
    return rc


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(None))
