"""The cantina scene: walk the room, see who sits where and for what stakes, sit down, pass a door, see the
lender; the HUD keeps credits, reputation, debt and the cantina's name in view.

How it reads the campaign: only through its public API (``table_info``, ``door_status``, ``loan_terms``,
``level`` and its ``find_path``, ``table_at``, ``door_at``); every choice the player makes (sit, a door, a
loan) goes through :class:`~game.ui.campaign.play.CampaignPlay`, which saves it.

Moving: a click walks the shortest way (``Level.find_path``) to the floor clicked, or up to the table, door or
booth clicked; a click on a thing the player stands at uses it. Arrow keys and WASD step one tile at a time
(held keys repeat). Enter uses what the player stands at (or walks there first); Tab picks the next table, person
at it, booth or door for keyboard-only play (a person stands for their table). Enter held down as a screen
above closes onto the room does nothing more until it is let go (see :func:`keys_held`).

The room's own messages (a shut door, a table the player cannot sit at) go in a band under the floor, never
over the room, the panel or the key hints.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.campaign.levels import Level
from game.ui import theme
from game.ui.campaign import characters as ch
from game.ui.campaign.ambience import Ambience
from game.ui.campaign.regular_life import RegularLife
from game.ui.draw import glow, panel
from game.ui.input import Input
from game.ui.scene import Scene
from game.ui.widgets import Button, draw_tooltip

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.campaign.play import CampaignPlay

Cell = tuple[int, int]
#: frames a second of the room's idle life when nothing else moves (see :meth:`CantinaScene.wake_in`)
IDLE_FPS = 15

KEY_DIRS: dict[int, Cell] = {pygame.K_w: (0, -1), pygame.K_s: (0, 1), pygame.K_a: (-1, 0), pygame.K_d: (1, 0)}
ACTION_DIRS: dict[str, Cell] = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
#: the widths (at 1280×720) the title card's description may be wrapped to, widest (fewest lines) first
CAPTION_WRAPS: tuple[int, ...] = (720, 560, 440, 340)
#: props the title card keeps clear of, as it does the regulars and tables: the room's other people (the rest is
#: decor: lamps, crates, bottles, smoke)
CAPTION_KEEP_PROPS: frozenset[str] = frozenset({"bartender", "dealer", "band", "guard", "drinker", "patron"})

#: option names a table panel spells out, and how
OPTION_WORDS: dict[str, str] = {"rounds": "{} hands", "ante": "ante {}", "min_bet": "min bet {}", "bet": "bet {}",
                                "limit": "limit {}", "blind": "blind {}"}


#: keys that use what the player stands at (a held one must not reach the room from the screen it closed)
USE_KEYS: frozenset[int] = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_e})


def keys_held(keys: Any) -> set[int]:
    """Which of ``keys`` the keyboard holds down right now.

    Why: SDL repeats a held key as more key-down events (``pygame.key.set_repeat``), and a repeat looks like a
    press. Enter on "You cash out" closes it onto the room, where the player stands by that table: the repeats
    of the same Enter used to sit them down again. A scene that appears under a held key ignores that key until
    it is let go."""
    pressed = pygame.key.get_pressed()
    return {k for k in keys if pressed[k]}


@dataclass(frozen=True)
class Target:
    """Something in the room the player can walk up to and use."""

    kind: str  # "table", "door" or "lender"
    name: str


@dataclass
class Row:
    text: str
    size: int
    colour: tuple[int, int, int]
    role: str = "text"
    indent: int = 0


class CantinaScene(Scene):
    SPEED = 150.0  # walking speed, map px per second

    def __init__(self, app: App, play: CampaignPlay, arrived_from: str | None = None) -> None:
        super().__init__(app)
        self.play = play
        self.campaign = play.campaign
        self.level: Level = self.campaign.level
        self.view = play.map_view(self.level)
        self.amb = Ambience(self.level, self.view.lights, seed=(self.campaign.seed + self.level.order) & 0xFFFF,
                            res=app.res, kinds_at=self.view.kinds_at)
        self.life = RegularLife([(s.regular, s.x, s.y) for s in self.level.regulars])
        self.tile = self.level.tile_width
        self.path: list[Cell] = []
        self.pending: Target | None = None  # use this once arrived
        self.selected: Target | None = None
        self.hover: Target | None = None
        self.hover_spot: str | None = None  # a regular under the pointer
        self.tab_spot: str | None = None  # a regular picked with Tab (they stand for their table, as under the pointer)
        self.hover_prop: Any = None
        self.mouse = (-1, -1)
        self.facing = 1
        self.walk_t = 0.0
        self.queued: Cell | None = None
        self.moved = False  # the player has walked since arriving
        self.fade = 1.0
        self.caption = 4.5  # the cantina's name and description, shown on arrival
        self._cards: dict[int, pygame.Surface] = {}  # the title card by the width its description wraps to
        self._caption_at: tuple[pygame.Rect, int] | None = None  # where it shows, once per window size
        self.targets = ([Target("table", t.name) for t in self.level.tables]
                        + ([Target("lender", "lender")] if self.level.lender else [])
                        + [Target("door", d.name) for d in self.level.doors])
        self._approach: dict[Target, list[Cell]] = {}
        self.pos = self._cell_centre(self._arrival(arrived_from))
        self.journal_button = Button("Journal", self.open_journal, pygame.K_j, "J",
                                     "Goals, regulars met and beaten, numbers per game, past sittings")
        self.menu_button = Button("Menu", self.open_menu, None, "Esc", "Pause: journal, rules, settings, save and quit")
        self.panel_buttons: list[Button] = []
        self.panel_rows: list[Row] = []
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self._panel_key: Any = None
        self._panel_target: Target | None = None
        self.notice: tuple[str, float] | None = None  # the room's message (a shut door...) and its seconds left
        self.held_keys: set[int] = set()  # keys held down as the room came back on top (see :func:`keys_held`)

    # ------------------------------------------------------------------ geometry
    def _cell_centre(self, cell: Cell) -> tuple[float, float]:
        return ((cell[0] + 0.5) * self.tile, (cell[1] + 0.5) * self.tile)

    @property
    def cell(self) -> Cell:
        return self.level.cell_of(*self.pos)

    def _arrival(self, arrived_from: str | None) -> Cell:
        """Through the door from the cantina left behind; else where the player stood when they quit; else at
        the spawn point."""
        if arrived_from is not None:
            for d in self.level.doors:
                if d.to == arrived_from:
                    cells = self.approach(Target("door", d.name))
                    if cells:
                        return cells[0]
        else:
            spot = self.play.recall_place(self.level.id)
            if spot is not None and spot in self.level.reachable():
                return spot
        return self._nearest_walkable(self.level.cell_of(*self.level.spawn))

    def _nearest_walkable(self, cell: Cell) -> Cell:
        if self.level.walkable(cell):
            return cell
        reach = self.level.reachable()
        if not reach:
            return cell
        return min(reach, key=lambda c: (c[0] - cell[0]) ** 2 + (c[1] - cell[1]) ** 2)

    def footprint(self, t: Target) -> pygame.Rect:
        """What the target covers on the map (map px)."""
        if t.kind == "table":
            tb = self.level.table(t.name)
            return pygame.Rect(int(tb.x), int(tb.y), int(tb.width), int(tb.height))
        if t.kind == "door":
            d = self.level.door(t.name)
            return pygame.Rect(int(d.x), int(d.y), max(1, int(d.width)), max(1, int(d.height)))
        lx, ly = self.level.lender or (0, 0)
        return pygame.Rect(int(lx) - 14, int(ly) - 14, 28, 28)

    def anchor(self, t: Target) -> tuple[float, float]:
        """Where the player would rather stand: the player's chair at a table, the middle of a door."""
        if t.kind == "table":
            seat = self.level.table(t.name).seats[0]
            return (seat.x, seat.y)
        r = self.footprint(t)
        return (float(r.centerx), float(r.centery))

    @staticmethod
    def _gap(rect: pygame.Rect, x: float, y: float) -> float:
        """Distance from a point to a rectangle (0 inside)."""
        dx = max(rect.left - x, 0.0, x - rect.right)
        dy = max(rect.top - y, 0.0, y - rect.bottom)
        return math.hypot(dx, dy)

    def approach(self, t: Target) -> list[Cell]:
        """Reachable cells next to the target, best first (closest to where the player would stand)."""
        cached = self._approach.get(t)
        if cached is not None:
            return cached
        fp = self.footprint(t)
        reach = self.level.reachable()
        ax, ay = self.anchor(t)
        tile = self.tile
        out = []
        for c in range(fp.left // tile - 2, fp.right // tile + 3):
            for r in range(fp.top // tile - 2, fp.bottom // tile + 3):
                if (c, r) in reach:
                    x, y = self._cell_centre((c, r))
                    if self._gap(fp, x, y) <= tile * 1.05:
                        out.append((c, r))
        out.sort(key=lambda cell: math.hypot(self._cell_centre(cell)[0] - ax, self._cell_centre(cell)[1] - ay))
        self._approach[t] = out
        return out

    def near(self, t: Target) -> bool:
        """Is the player standing at the target (next to it)?"""
        return not self.path and self._gap(self.footprint(t), *self.pos) <= self.tile * 1.25

    def near_target(self) -> Target | None:
        best = None
        for t in self.targets:
            if self.near(t):
                d = self._gap(self.footprint(t), *self.pos)
                if best is None or d < best[0]:
                    best = (d, t)
        return best[1] if best else None

    def focus(self) -> Target | None:
        """What the panel describes: what the pointer is on, else what was picked, else what the player is at
        (not on arrival: the door just come through is no news)."""
        return self.hover or self.selected or (self.near_target() if self.moved else None)

    # ------------------------------------------------------------------ walking
    def walk_to(self, t: Target, use: bool = False) -> bool:
        """Walk up to ``t``; with ``use``, use it on arrival. False if there is no way there."""
        if t != self.selected:
            self.tab_spot = None
        self.selected = t
        if self.near(t):
            if use:
                self.use(t)
            return True
        start = self.cell
        for goal in self.approach(t):
            path = self.level.find_path(start, goal)
            if path:
                self.path = path[1:] if path[0] == start else path
                self.pending = t if use else None
                self.queued = None
                return True
        self.say("There is no way through to there.", 4.0)
        return False

    def walk_to_cell(self, cell: Cell) -> None:
        if not self.level.walkable(cell):
            around = [(cell[0] + dx, cell[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
            ok = [c for c in around if self.level.walkable(c)]
            if not ok:
                return
            cell = min(ok, key=lambda c: abs(c[0] - cell[0]) + abs(c[1] - cell[1]))
        path = self.level.find_path(self.cell, cell)
        if path:
            self.path = path[1:]
            self.pending = None

    def step(self, d: Cell) -> None:
        """One tile in direction ``d`` (keys)."""
        self.pending = None
        if self.path:  # finish the tile under way, then go on in the new direction
            self.path = self.path[:1]
            self.queued = d
            return
        nxt = (self.cell[0] + d[0], self.cell[1] + d[1])
        if self.level.walkable(nxt):
            self.path = [nxt]
        if d[0]:
            self.facing = d[0]

    def stand_by_table(self, table_name: str) -> None:
        """Back from a table: on the floor by the player's chair, the table still picked."""
        t = Target("table", table_name)
        cells = self.approach(t)
        if cells:
            self.pos = self._cell_centre(cells[0])
            self.play.remember_place(self.level.id, cells[0])
        self.path = []
        self.pending = None
        self.selected = t
        self.tab_spot = None
        self._panel_key = None

    def _move(self, dt: float) -> None:
        left = self.SPEED * dt
        while self.path and left > 0:
            tx, ty = self._cell_centre(self.path[0])
            dx, dy = tx - self.pos[0], ty - self.pos[1]
            d = math.hypot(dx, dy)
            if abs(dx) > 0.5:
                self.facing = 1 if dx > 0 else -1
            if d <= left:
                self.pos = (tx, ty)
                self.path.pop(0)
                left -= d
                if not self.path:
                    self._arrived()
            else:
                self.pos = (self.pos[0] + dx / d * left, self.pos[1] + dy / d * left)
                left = 0
        if self.path:
            self.walk_t += dt
            self.moved = True

    def _arrived(self) -> None:
        if self.queued is not None:
            d, self.queued = self.queued, None
            self.step(d)
            return
        self.walk_t = 0.0
        self.play.remember_place(self.level.id, self.cell)
        if self.pending is not None:
            t, self.pending = self.pending, None
            if self.near(t):
                self.use(t)

    # ------------------------------------------------------------------ using things
    def use(self, t: Target) -> None:
        """Sit at the table, go through the door, talk to the lender (each saved by the play controller)."""
        if t.kind == "table":
            info = self.campaign.table_info(t.name)
            if not info.can_sit:
                self.say(f"You cannot sit at {info.table.title}: " + "; ".join(info.reasons), 6.0)
                return
            self.play.sit(t.name)
        elif t.kind == "door":
            st = self.campaign.door_status(t.name)
            if not st.open:
                self.say(f"{st.door.label} stays shut: it takes " + "; ".join(st.unmet), 6.0)
                return
            self.play.go_through(t.name)
        elif t.kind == "lender":
            from game.ui.campaign.lender import LenderScene

            self.app.push(LenderScene(self.app, self.play))

    def say(self, message: str, seconds: float = 5.0) -> None:
        """A message about the room (a shut door, a table the player cannot sit at): shown in the room's own
        band under the floor, never over the room, the panel or the key hints."""
        self.notice = (message, seconds)
        self.app.dirty = True

    def notice_text(self) -> str:
        return self.notice[0] if self.notice is not None else ""

    def notice_band(self) -> pygame.Rect:
        """The band between the room and the key hints where the room's messages go."""
        return pygame.Rect(0, self.area.bottom, self.size[0], self.band_h)

    def hint_rect(self) -> pygame.Rect:
        return pygame.Rect(0, self.size[1] - self.hint_h, self.size[0], self.hint_h)

    def player_rect(self) -> pygame.Rect:
        """The player's figure on screen."""
        k = self.view.scale
        img = ch.walker(int(46 * k), 0, self.facing)
        x, y = self.view.to_screen(self.pos[0], self.pos[1] + 12)
        return img.get_rect(midbottom=(int(x), int(y)))

    def _door_rect(self, t: Target) -> pygame.Rect:
        k = self.view.scale
        r = self.footprint(t)
        return pygame.Rect(self.view.to_screen(r.x, r.y), (max(2, int(r.w * k)), max(2, int(r.h * k))))

    def door_icon_rect(self, t: Target) -> pygame.Rect:
        """Where a door's arrow or padlock goes: on the door, unless the player stands there; then just beside
        it, on a side the player's figure and the door's name leave free."""
        sr = self._door_rect(t)
        s = max(4, int(min(sr.w, sr.h) * 0.28))
        side = 2 * s + 4
        icon = pygame.Rect(0, 0, side, side)
        me = self.player_rect()
        d = self.level.door(t.name)
        name_y = self.view.to_screen(d.centre[0], d.y)[1] - int(10 * self.view.scale)
        if abs(me.centerx - sr.centerx) < me.w * 3:
            name_y = min(name_y, me.top - int(2 * self.view.scale))
        name = pygame.Rect(sr.centerx - 90 * self.u, name_y - 22 * self.u, 180 * self.u, 22 * self.u)
        gap = max(3, s // 2)
        spots = [sr.center]
        away_x = -1 if me.centerx > sr.centerx else 1
        away_y = -1 if me.centery > sr.centery else 1
        spots += [(sr.centerx + away_x * (sr.w // 2 + gap + side // 2), sr.centery),
                  (sr.centerx, sr.centery + away_y * (sr.h // 2 + gap + side // 2)),
                  (sr.centerx - away_x * (sr.w // 2 + gap + side // 2), sr.centery),
                  (sr.centerx, sr.centery - away_y * (sr.h // 2 + gap + side // 2)),
                  (me.centerx + away_x * (me.w // 2 + gap + side // 2), sr.centery)]
        for c in spots:
            icon.center = c
            if not icon.colliderect(me) and not icon.colliderect(name) and self.view.rect.contains(icon):
                return icon.copy()
        icon.center = spots[0]
        return icon

    def open_journal(self) -> None:
        from game.ui.campaign.journal import JournalScene

        self.app.push(JournalScene(self.app, self.play))

    def open_menu(self) -> None:
        self.app.push(CantinaMenu(self.app, self))

    # ------------------------------------------------------------------ pointer
    def target_at(self, mx: float, my: float) -> tuple[Target | None, str | None]:
        """The thing under a map point, and the regular under it if any (a regular stands for their table)."""
        for spot in self.level.regulars:
            if abs(mx - spot.x) < 16 and -30 < my - spot.y < 12:
                return Target("table", spot.table), spot.regular
        if self.level.lender and abs(mx - self.level.lender[0]) < 18 and -34 < my - self.level.lender[1] < 14:
            return Target("lender", "lender"), None
        t = self.level.table_at(mx, my, margin=6)
        if t is not None:
            return Target("table", t.name), None
        d = self.level.door_at(mx, my, margin=6)
        if d is not None:
            return Target("door", d.name), None
        return None, None

    def _hover(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        self.hover, self.hover_spot, self.hover_prop = None, None, None
        if not self.view.rect.collidepoint(pos) or self.panel_rect.collidepoint(pos) or pos[1] < self.top_h:
            return
        mx, my = self.view.to_map(*pos)
        self.hover, self.hover_spot = self.target_at(mx, my)
        if self.hover is not None:
            self.selected = self.hover
            self.tab_spot = None
            return
        for p in self.level.props:
            if p.label and math.hypot(mx - p.x, my - p.y) < 20:
                self.hover_prop = p
                break

    # ------------------------------------------------------------------ input
    def handle(self, ev: Input) -> None:
        if ev.kind == "key" and ev.key in self.held_keys:
            return  # the key that closed the screen above is still down: its repeats are not new presses
        for b in (self.journal_button, self.menu_button, *self.panel_buttons):
            if b.handle(ev):
                return
        if ev.kind == "move":
            self._hover(ev.pos)
            return
        if ev.kind == "down" and ev.button == 1:
            self._hover(ev.pos)
            if not self.view.rect.collidepoint(ev.pos) or self.panel_rect.collidepoint(ev.pos):
                return
            if self.hover is not None:
                if self.near(self.hover):
                    self.use(self.hover)
                else:
                    self.walk_to(self.hover)
                return
            self.selected, self.tab_spot = None, None
            self.walk_to_cell(self.level.cell_of(*self.view.to_map(*ev.pos)))
            return
        if ev.kind != "key":
            return
        if ev.action == "back":
            self.open_menu()
        elif ev.action in ACTION_DIRS:
            self.step(ACTION_DIRS[ev.action])
        elif ev.key in KEY_DIRS and not ev.mod & pygame.KMOD_CTRL:
            self.step(KEY_DIRS[ev.key])
        elif ev.action in ("confirm", "skip") or ev.key == pygame.K_e:
            t = self.focus()
            if t is not None:
                self.walk_to(t, use=True)
        elif ev.action == "next":
            # the keyboard takes over from the pointer until it moves again: a pointer resting on a door (walked
            # to by a click) no longer holds the focus there, and Enter then uses what Tab picked
            self.hover, self.hover_spot, self.hover_prop = None, None, None
            stops = self.tab_stops()
            cur = (self.selected, self.tab_spot)
            step = -1 if ev.mod & pygame.KMOD_SHIFT else 1
            i = (stops.index(cur) + step) if cur in stops else 0
            self.selected, self.tab_spot = stops[i % len(stops)] if stops else (None, None)
        elif ev.key == pygame.K_r:
            t = self.focus()
            if t is not None and t.kind == "table":
                self.rules(self.level.table(t.name).game)

    def tab_stops(self) -> list[tuple[Target, str | None]]:
        """What Tab goes through, in order: each table then the regulars sitting at it (a person picked stands
        for their table, as one under the pointer does), the lender, the doors."""
        out: list[tuple[Target, str | None]] = []
        for t in self.targets:
            out.append((t, None))
            if t.kind == "table":
                out += [(t, spot.regular) for spot in self.level.seated_at(t.name)
                        if spot.regular in self.campaign.roster.regulars]
        return out

    def picked_person(self) -> str | None:
        """The regular under the pointer, else the one picked with Tab (while their table is the focus)."""
        if self.hover_spot is not None:
            return self.hover_spot
        f = self.focus()
        if self.tab_spot is not None and f is not None and f.kind == "table" and f == self.selected:
            return self.tab_spot
        return None

    def rules(self, game_id: str) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, game_id))

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        super().update(dt)
        self._release_keys()
        self._move(dt)
        self.life.update(dt if self.app.settings.ambience else 0.0, self.pos)
        if self.app.settings.ambience:
            self.amb.update(dt)
            self.app.dirty = True
        if self.fade > 0:
            self.fade = max(0.0, self.fade - dt / 0.45)
        if self.caption > 0:
            self.caption = max(0.0, self.caption - dt)
        if self.notice is not None:
            left = self.notice[1] - dt
            self.notice = (self.notice[0], left) if left > 0 else None
            self.app.dirty = True
        self._refresh_panel()

    def busy(self) -> bool:
        return bool(self.path) or self.fade > 0 or self.caption > 0 or self.notice is not None or super().busy()

    def wake_in(self) -> float | None:
        """The room's idle life (lamps, smoke, the droid: all slow) runs at 15 frames a second when nothing else
        moves: smooth to the eye, and about 5.5 % of one core at 1280×720, 7 % at 1920×1080 (``bench render``'s
        ``cantina_idle``, a shared machine; the haze laid into the floor took 1080p down from 8.5 %); walking and
        fades run at the full frame rate."""
        return 1 / IDLE_FPS if self.app.settings.ambience else None

    def enter(self) -> None:
        self._panel_key = None  # the campaign may have changed under a table or the lender
        if self.play.hand_winners:  # back from a table: who won a hand there shows it
            self.life.won(dict.fromkeys(self.play.hand_winners))
            self.play.hand_winners.clear()
        self._hover(self.mouse)
        self.held_keys = keys_held(USE_KEYS)

    def _release_keys(self) -> None:
        if self.held_keys:
            self.held_keys = keys_held(self.held_keys)

    # ------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        self.top_h = int(max(36, 46 * u))
        self.hint_h = int(max(20, 26 * u))
        self.band_h = int(max(26, 34 * u))  # the room's messages (a shut door...): their own band
        self.area = pygame.Rect(0, self.top_h, w, h - self.top_h - self.hint_h - self.band_h)
        self.view.fit(self.area)
        self._cards, self._caption_at = {}, None
        bh = self.top_h - int(12 * u)
        self.menu_button.rect = pygame.Rect(0, 0, int(104 * u), bh)
        self.menu_button.rect.topright = (w - int(8 * u), int(6 * u))
        self.journal_button.rect = pygame.Rect(0, 0, int(130 * u), bh)
        self.journal_button.rect.topright = (self.menu_button.rect.left - int(8 * u), int(6 * u))
        self._panel_key = None

    # ------------------------------------------------------------------ the panel
    def _refresh_panel(self) -> None:
        t = self.focus()
        c = self.campaign
        key = (t, t is not None and self.near(t), c.bankroll, c.reputation, c.debt, self.size,
               t is not None and self.pending == t, self.picked_person())
        if key == self._panel_key:
            return
        self._panel_key = key
        self._panel_target = t
        self.panel_rows, self.panel_buttons = ([], []) if t is None else self._panel_for(t)
        self._place_panel()

    def _panel_for(self, t: Target) -> tuple[list[Row], list[Button]]:
        u = self.u
        c = self.campaign
        near = self.near(t)
        rows: list[Row] = []
        buttons: list[Button] = []
        h1, body, small = int(27 * u), int(16 * u), int(14 * u)
        if t.kind == "table":
            info = c.table_info(t.name)
            tb = info.table
            rows.append(Row(tb.title.upper(), h1, theme.AMBER, "head"))
            rows.append(Row(f"{info.game_title}  ·  buy-in {tb.buy_in:,} credits", body, theme.CREAM, "bold"))
            opts = [OPTION_WORDS[k].format(v) for k, v in tb.options.items() if k in OPTION_WORDS]
            if opts:
                rows.append(Row("  ·  ".join(opts), small, theme.TEXT_DIM))
            if tb.champion:
                rows.append(Row("The champion's table: the last game of the campaign.", small, theme.TURN, "bold"))
            if tb.requires:
                met = not c.unmet(tb.requires)
                rows.append(Row("Asks for " + self.requirement_words(tb.requires), small,
                                theme.GOOD if met else theme.BAD, "bold"))
            rows.append(Row("At the table", small, theme.TEXT_DIM, "bold"))
            for reg in info.regulars:
                beaten = c.beaten.get(reg.id, 0)
                mark = (f"beaten ×{beaten}" if beaten > 1 else "beaten") if beaten else (
                    "met" if reg.id in c.met else "a new face")
                colour = theme.TURN if reg.id == self.picked_person() else theme.GOOD if beaten else theme.CREAM
                rows.append(Row(f"{reg.name}  —  {mark}", body, colour, "bold", int(10 * u)))
                rows.append(Row(reg.epithet, small, theme.TEXT_DIM, "text", int(10 * u)))
            if info.can_sit:
                rows.append(Row(f"You have {c.bankroll:,} credits: {c.bankroll - tb.buy_in:,} left after buying in.",
                                small, theme.TEXT_DIM))
            else:
                rows.append(Row("You cannot sit here yet:", small, theme.BAD, "bold"))
                for reason in info.reasons:
                    rows.append(Row(reason[:1].upper() + reason[1:] + ".", small, theme.BAD, "text", int(10 * u)))
            label = "Sit down" if near else "Walk over and sit"
            buttons.append(Button(label, lambda: self.walk_to(t, use=True), pygame.K_RETURN, "Enter",
                                  f"Buy in for {tb.buy_in:,} credits and play {info.game_title}",
                                  enabled=info.can_sit, primary=True))
            buttons.append(Button("Rules", lambda: self.rules(tb.game), pygame.K_r, "R",
                                  f"How {info.game_title} is played"))
        elif t.kind == "door":
            st = c.door_status(t.name)
            rows.append(Row(st.door.label.upper(), h1, theme.AMBER, "head"))
            rows.append(Row(f"To {st.target_title}", body, theme.CREAM, "bold"))
            if st.door.requires:
                rows.append(Row("Asks for " + self.requirement_words(st.door.requires), small,
                                theme.GOOD if st.open else theme.TEXT_DIM))
            if st.visited:
                rows.append(Row("You have been through: the way stays open.", small, theme.GOOD))
            elif st.open:
                rows.append(Row("The doorman nods you through.", small, theme.GOOD))
            else:
                rows.append(Row("Shut to you. It takes:", small, theme.BAD, "bold"))
                for need in st.unmet:
                    rows.append(Row(need[:1].upper() + need[1:] + ".", small, theme.BAD, "text", int(10 * u)))
            label = "Go through" if near else "Walk to the door"
            buttons.append(Button(label, lambda: self.walk_to(t, use=True), pygame.K_RETURN, "Enter",
                                  f"Into {st.target_title}", enabled=st.open, primary=True))
        else:
            lender = c.roster.lender
            terms = c.loan_terms()
            rows.append(Row(lender.name.upper(), h1, theme.AMBER, "head"))
            rows.append(Row(lender.epithet, small, theme.TEXT_DIM))
            rows.append(Row(f"You owe him {c.debt:,} credits." if c.debt else "You owe him nothing.", body,
                            theme.BAD if c.debt else theme.CREAM, "bold"))
            rows.append(Row(f"He lends up to {terms.max_borrow:,} now, at {terms.interest_percent}% on top.", small,
                            theme.TEXT_DIM))
            label = "Talk to him" if near else "Walk to his booth"
            buttons.append(Button(label, lambda: self.walk_to(t, use=True), pygame.K_RETURN, "Enter",
                                  "Borrow, repay, or ask a favour", primary=True))
        return rows, buttons

    def requirement_words(self, req: Any) -> str:
        """A door's or table's requirements in a few words (what it asks, met or not)."""
        names = self.campaign.roster.names()
        parts = []
        if req.credits:
            parts.append(f"{req.credits:,} credits in hand")
        if req.reputation:
            parts.append(f"reputation {req.reputation}")
        if req.beaten:
            parts.append("having beaten " + " and ".join(names.get(r, r) for r in req.beaten))
        if req.no_debt:
            parts.append("no debts")
        return ", ".join(parts) + "."

    def _place_panel(self) -> None:
        u = self.u
        t = self._panel_target
        if t is None:
            self.panel_rect = pygame.Rect(0, 0, 0, 0)
            return
        pw = int(min(400 * u, self.size[0] * 0.4))
        pad = int(16 * u)
        inner = pw - 2 * pad
        wrapped: list[Row] = []
        for row in self.panel_rows:
            for line in self.app.text.wrap(row.text, row.size, inner - row.indent, row.role):
                wrapped.append(Row(line, row.size, row.colour, row.role, row.indent))
        self.panel_rows = wrapped
        h = pad + sum(self.app.res.font(r.role, r.size).get_linesize() + int(2 * u) for r in wrapped)
        bh = int(42 * u)
        h += int(12 * u) + bh + pad
        self.panel_rect = self._panel_spot(t, pw, h)
        x = self.panel_rect.x
        y = self.panel_rect.bottom - pad - bh
        widths = [int(inner * 0.62), inner - int(inner * 0.62) - int(8 * u)]
        bx = x + pad
        for i, b in enumerate(self.panel_buttons):
            bw = widths[i] if len(self.panel_buttons) > 1 else inner
            b.rect = pygame.Rect(bx, y, bw, bh)
            bx += bw + int(8 * u)

    def _screen_rect(self, t: Target) -> pygame.Rect:
        """A target's footprint on screen (with room for the regulars sitting round a table)."""
        fp = self.footprint(t)
        x0, y0 = self.view.to_screen(fp.left, fp.top)
        x1, y1 = self.view.to_screen(fp.right, fp.bottom)
        grow = int(40 * self.view.scale) if t.kind == "table" else int(6 * self.view.scale)
        return pygame.Rect(int(x0), int(y0), max(1, int(x1 - x0)), max(1, int(y1 - y0))).inflate(grow, grow)

    def _panel_spot(self, t: Target, pw: int, h: int) -> pygame.Rect:
        """Where the panel about ``t`` goes: a corner of the room that hides as little as possible of the other
        tables and doors (so they can still be clicked), of ``t`` and of the player; the far side from ``t``
        and the top are preferred among equals."""
        m = int(14 * self.u)
        a = self.area
        fx = self.view.to_screen(*self.footprint(t).center)[0]
        xs = [a.right - pw - m, a.x + m] if fx < a.centerx else [a.x + m, a.right - pw - m]
        spots = [pygame.Rect(x, y, pw, h) for y in (a.y + m, a.bottom - h - m) for x in xs]
        keep = [(self._screen_rect(o), 1) for o in self.targets]
        px, py = self.view.to_screen(self.pos[0], self.pos[1] + 12)  # the player's feet
        k = self.view.scale
        keep.append((pygame.Rect(int(px - 22 * k), int(py - 56 * k), int(44 * k), int(64 * k)), 4))

        def hidden(r: pygame.Rect) -> int:
            return sum(r.clip(k).w * r.clip(k).h * weight for k, weight in keep)

        return min(spots, key=lambda r: (hidden(r), spots.index(r)))

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        self._fill_margins(surf)
        surf.blit(self.amb.floor(self.view), self.view.rect)  # the map, with the smoke's haze laid in
        surf.set_clip(self.view.rect)
        if self.app.settings.ambience:
            self.amb.draw_lights(surf, self.view)
        self._draw_marks(surf)
        sprites = self.amb.sprites(self.view)
        sprites += self._people()
        for _, fn in sorted(sprites, key=lambda s: s[0]):
            fn(surf)
        self.amb.draw_smoke(surf, self.view)
        self._draw_door_icons(surf)
        self._draw_labels(surf)
        surf.set_clip(None)
        self._draw_hud(surf)
        self._draw_panel(surf)
        self._draw_caption(surf)
        self._draw_hint(surf)
        if self.hover_prop is not None:
            r = pygame.Rect(self.mouse[0] - 2, self.mouse[1] - 2, 4, 4)
            draw_tooltip(surf, self.app.text, self.hover_prop.label, r, int(15 * self.u))
        if self.fade > 0:
            veil = pygame.Surface(surf.get_size())
            veil.set_alpha(int(255 * self.fade))
            surf.blit(veil, (0, 0))

    def _fill_margins(self, surf: pygame.Surface) -> None:
        """The room's colour around the map, where it leaves the area free (the map is opaque, and the bars above
        and below paint their own: filling the whole window first cost a millisecond a frame at 1080p)."""
        a, r = self.area, self.view.rect.clip(self.area)
        for part in (pygame.Rect(a.x, a.y, a.w, r.y - a.y), pygame.Rect(a.x, r.bottom, a.w, a.bottom - r.bottom),
                     pygame.Rect(a.x, r.y, r.x - a.x, r.h), pygame.Rect(r.right, r.y, a.right - r.right, r.h)):
            if part.w > 0 and part.h > 0:
                surf.fill(theme.ROOM, part)

    def _people(self) -> list[tuple[float, Any]]:
        out: list[tuple[float, Any]] = []
        k = self.view.scale
        focus = self.focus()
        for spot in self.level.regulars:
            reg = self.campaign.roster.regulars.get(spot.regular)
            if reg is None:
                continue
            lit = focus is not None and focus.kind == "table" and focus.name == spot.table

            def draw(surf: pygame.Surface, spot: Any = spot, reg: Any = reg, lit: bool = lit) -> None:
                pose = self.life.pose(reg.id)
                img = ch.bust(reg.look, int(40 * k), reg.id, glow=lit, gaze=pose.gaze, cheer=pose.cheer)
                x, y = self.view.to_screen(spot.x + pose.dx, spot.y + pose.dy)
                r = img.get_rect(midbottom=(x, y + int(8 * k)))
                surf.blit(img, r)
                if self.campaign.beaten.get(reg.id):
                    self._check_badge(surf, (r.right - int(4 * k), r.top + int(8 * k)), max(5, int(5 * k)))
            out.append((spot.y, draw))
        if self.level.lender is not None:
            lx, ly = self.level.lender
            lit = (focus is not None and focus.kind == "lender") or self.campaign.is_broke  # broke: he is the way

            def draw_lender(surf: pygame.Surface) -> None:
                img = ch.bust(self.campaign.roster.lender.look, int(46 * k), "lender", glow=lit)
                x, y = self.view.to_screen(lx, ly)
                surf.blit(img, img.get_rect(midbottom=(x, y + int(8 * k))))
            out.append((ly, draw_lender))
        phase = 0 if not self.path else 1 + int(self.walk_t * 8) % 3

        def draw_player(surf: pygame.Surface) -> None:
            img = ch.walker(int(46 * k), phase, self.facing)
            x, y = self.view.to_screen(self.pos[0], self.pos[1] + 12)
            pool = glow(int(20 * k), int(8 * k), (255, 190, 110), 60)
            surf.blit(pool, pool.get_rect(center=(x, y)))
            surf.blit(img, img.get_rect(midbottom=(x, y)))
        out.append((self.pos[1] + 4, draw_player))
        return out

    @staticmethod
    def _check_badge(surf: pygame.Surface, c: tuple[int, int], r: int) -> None:
        """A green disc with a tick: this regular is beaten (shape and colour)."""
        pygame.draw.circle(surf, (20, 40, 24), c, r + 1)
        pygame.draw.circle(surf, theme.GOOD, c, r)
        w = max(1, r // 3)
        pygame.draw.lines(surf, (10, 30, 14), False, [(c[0] - r * 0.5, c[1]), (c[0] - r * 0.1, c[1] + r * 0.45),
                                                       (c[0] + r * 0.55, c[1] - r * 0.45)], w)

    def _draw_marks(self, surf: pygame.Surface) -> None:
        """The picked table's rim, doors (open or locked), and where a click-walk is heading."""
        k = self.view.scale
        focus = self.focus()
        for d in self.level.doors:
            t = Target("door", d.name)
            st = self.campaign.door_status(d.name)
            r = self.footprint(t)
            sr = pygame.Rect(self.view.to_screen(r.x, r.y), (max(2, int(r.w * k)), max(2, int(r.h * k))))
            colour = theme.AMBER if st.open else (150, 70, 60)
            if focus == t:
                g = glow(int(sr.w * 1.4) + 8, int(sr.h * 1.4) + 8, colour, 90)
                surf.blit(g, g.get_rect(center=sr.center))
            pygame.draw.rect(surf, colour, sr, max(1, int(2 * k)), border_radius=max(1, int(3 * k)))
        if focus is not None and focus.kind == "table":
            tb = self.level.table(focus.name)
            r = pygame.Rect(self.view.to_screen(tb.x, tb.y), (int(tb.width * k), int(tb.height * k)))
            g = glow(int(r.w * 0.75), int(r.h * 0.75), (255, 190, 100), 22, additive=True)
            surf.blit(g, g.get_rect(center=r.center), special_flags=pygame.BLEND_RGB_ADD)
            pygame.draw.ellipse(surf, theme.TURN, r.inflate(int(8 * k), int(8 * k)), max(1, int(2 * k)))
        if self.path:
            gx, gy = self._cell_centre(self.path[-1])
            x, y = self.view.to_screen(gx, gy + 10)
            rr = max(3, int(6 * k))
            pygame.draw.ellipse(surf, theme.AMBER, pygame.Rect(x - rr * 1.5, y - rr * 0.7, rr * 3, rr * 1.4),
                                max(1, int(k)))

    def _draw_door_icons(self, surf: pygame.Surface) -> None:
        """Each door's arrow or padlock, over the people (placed where the player does not stand)."""
        for d in self.level.doors:
            t = Target("door", d.name)
            icon = self.door_icon_rect(t)
            if not self._door_rect(t).contains(icon):  # beside the door: on a dark disc, to read on the floor
                pygame.draw.circle(surf, (10, 10, 14), icon.center, icon.w // 2 + 2)
            self._door_icon(surf, icon, self.campaign.door_status(d.name).open)

    def _door_icon(self, surf: pygame.Surface, r: pygame.Rect, open_: bool) -> None:
        """An arrow through an open door, a padlock on a shut one (shapes, not colour alone), in ``r``."""
        c = r.center
        s = max(4, (r.w - 4) // 2)
        if open_:
            pygame.draw.polygon(surf, theme.AMBER, [(c[0] - s, c[1] - s * 0.6), (c[0] + s * 0.2, c[1] - s * 0.6),
                                                    (c[0] + s * 0.2, c[1] - s), (c[0] + s, c[1]),
                                                    (c[0] + s * 0.2, c[1] + s), (c[0] + s * 0.2, c[1] + s * 0.6),
                                                    (c[0] - s, c[1] + s * 0.6)])
        else:
            body = pygame.Rect(0, 0, int(s * 1.6), int(s * 1.2))
            body.midtop = (c[0], c[1] - int(s * 0.1))
            pygame.draw.arc(surf, (200, 110, 90), pygame.Rect(c[0] - s * 0.55, c[1] - s * 1.0, s * 1.1, s * 1.6),
                            0, math.pi, max(1, s // 4))
            pygame.draw.rect(surf, (200, 110, 90), body, border_radius=max(1, s // 4))

    def _draw_labels(self, surf: pygame.Surface) -> None:
        """Names over the regulars of the picked table; the door's name over a picked door."""
        focus = self.focus()
        if focus is None:
            return
        size = self._label_size()
        if focus.kind == "table":
            for spot in self.level.seated_at(focus.name):
                reg = self.campaign.roster.regulars.get(spot.regular)
                if reg is None:
                    continue
                lit = spot.regular == self.picked_person()
                self._pill(surf, reg.name, self._regular_label_at(spot), size, theme.TURN if lit else theme.CREAM)
        elif focus.kind == "door":
            d = self.level.door(focus.name)
            self._pill(surf, d.label, self._door_label_at(d), size, theme.CREAM)
        elif self.level.lender is not None:
            self._pill(surf, self.campaign.roster.lender.name, self._lender_label_at(), size, theme.CREAM)

    def _label_size(self) -> int:
        return max(11, int(13 * self.u))

    def _regular_label_at(self, spot: Any) -> tuple[int, int]:
        """The midbottom of the name label over a seated regular (screen px)."""
        return self.view.to_screen(spot.x, spot.y - 36)

    def _lender_label_at(self) -> tuple[int, int]:
        lx, ly = self.level.lender or (0.0, 0.0)
        return self.view.to_screen(lx, ly - 42)

    def _door_label_at(self, d: Any, player: pygame.Rect | None = None) -> tuple[int, int]:
        """The midbottom of a door's name: over the door, or over the player's head when they stand at it."""
        k = self.view.scale
        x, y = self.view.to_screen(d.centre[0], d.y)
        y -= int(10 * k)
        me = self.player_rect() if player is None else player
        if abs(me.centerx - x) < me.w * 3:  # the player at the door: the name goes over their head
            y = min(y, me.top - int(2 * k))
        return (x, y)

    def label_rects(self) -> list[pygame.Rect]:
        """Every name label the room can show (screen px): over each regular at each table, over the lender, over
        each door (with the player where they stand, and with the player away). What the title card must leave
        free: a label under it would be hidden while the card shows."""
        size = self._label_size()
        out: list[pygame.Rect] = []
        for t in self.level.tables:
            for spot in self.level.seated_at(t.name):
                reg = self.campaign.roster.regulars.get(spot.regular)
                if reg is not None:
                    out.append(self._pill_rect(reg.name, self._regular_label_at(spot), size))
        if self.level.lender is not None:
            out.append(self._pill_rect(self.campaign.roster.lender.name, self._lender_label_at(), size))
        away = pygame.Rect(-10_000, -10_000, 1, 1)
        for d in self.level.doors:
            for player in (None, away):
                out.append(self._pill_rect(d.label, self._door_label_at(d, player), size))
        return out

    def _pill_rect(self, text: str, midbottom: tuple[int, int], size: int) -> pygame.Rect:
        """Where :meth:`_pill` draws ``text``: its box, kept inside the room."""
        w, h = self.app.res.font("bold", size).size(text)
        r = pygame.Rect(0, 0, w, h).inflate(int(12 * self.u), int(4 * self.u))
        r.midbottom = midbottom
        r.clamp_ip(self.view.rect)
        return r

    def _pill(self, surf: pygame.Surface, text: str, midbottom: tuple[int, int], size: int,
              colour: tuple[int, int, int]) -> None:
        img = self.app.text.render(text, size, colour, "bold")
        r = img.get_rect().inflate(int(12 * self.u), int(4 * self.u))
        r.midbottom = midbottom
        r.clamp_ip(self.view.rect)
        panel(surf, r, (10, 10, 14), theme.BRASS_DARK, radius=r.h // 2, alpha=215, width=1)
        surf.blit(img, img.get_rect(center=r.center))

    def _draw_hud(self, surf: pygame.Surface) -> None:
        u = self.u
        t = self.app.text
        c = self.campaign
        bar = pygame.Rect(0, 0, self.size[0], self.top_h)
        pygame.draw.rect(surf, (8, 9, 13), bar)
        pygame.draw.line(surf, theme.BRASS_DARK, bar.bottomleft, bar.bottomright, 2)
        r = t.blit(surf, self.level.title.upper(), int(30 * u), theme.AMBER, "head", midleft=(int(14 * u), bar.centery))
        x = r.right + int(26 * u)
        stats = [("CREDITS", f"{c.bankroll:,}", theme.CREAM), ("REPUTATION", str(c.reputation), theme.CREAM)]
        if c.debt:
            stats.append(("DEBT", f"{c.debt:,}", theme.BAD))
        if c.won:
            stats.append(("", "CHAMPION", theme.TURN))
        for label, value, colour in stats:
            if label:
                lr = t.blit(surf, label, int(12 * u), theme.TEXT_DIM, "bold", midleft=(x, bar.centery + int(1 * u)))
                x = lr.right + int(6 * u)
            vr = t.blit(surf, value, int(19 * u), colour, "bold", midleft=(x, bar.centery))
            x = vr.right + int(22 * u)
        self.journal_button.draw(surf, t, int(15 * u))
        self.menu_button.draw(surf, t, int(15 * u))
        for b in (self.journal_button, self.menu_button):
            if b.rect.collidepoint(self.mouse) and b.tooltip:
                draw_tooltip(surf, t, b.tooltip, b.rect, int(14 * u))
        self._draw_band(surf)

    def _draw_band(self, surf: pygame.Surface) -> None:
        """The band under the room: the room's message (a shut door...), else the lender's offer to a player who
        cannot cover any buy-in."""
        u = self.u
        t = self.app.text
        band = self.notice_band()
        pygame.draw.rect(surf, (8, 9, 13), band)
        pygame.draw.line(surf, theme.BRASS_DARK, band.topleft, band.topright, 1)
        if self.notice is not None:
            msg, colour = self.notice[0], theme.TURN
        elif self.campaign.is_broke:
            where = ("Grusk Oddo lends credits at his booth here." if self.level.lender
                     else "Grusk Oddo lends credits at his booth in The Lost Hand.")
            msg, colour = f"You cannot cover any buy-in. {where}", theme.TURN
        else:
            return
        size = int(16 * u)
        text = t.fit(msg, size, band.w - int(40 * u), "bold")
        img = t.render(text, size, colour, "bold")
        box = img.get_rect().inflate(int(28 * u), int(8 * u))
        box.center = band.center
        box.h = min(box.h, band.h - 4)
        box.centery = band.centery
        panel(surf, box, (40, 16, 10), theme.AMBER, radius=box.h // 2, alpha=235, width=1)
        surf.blit(img, img.get_rect(center=box.center))

    def _draw_panel(self, surf: pygame.Surface) -> None:
        if self._panel_target is None or not self.panel_rect.w:
            return
        u = self.u
        pr = self.panel_rect
        panel(surf, pr, (12, 12, 18), theme.BRASS, radius=int(12 * u), alpha=236, width=2)
        y = pr.y + int(14 * u)
        for row in self.panel_rows:
            self.app.text.blit(surf, row.text, row.size, row.colour, row.role, topleft=(pr.x + int(16 * u) + row.indent,
                                                                                     y))
            y += self.app.res.font(row.role, row.size).get_linesize() + int(2 * u)
        for b in self.panel_buttons:
            b.draw(surf, self.app.text, int(16 * u))
        for b in self.panel_buttons:
            if b.rect.collidepoint(self.mouse) and b.tooltip:
                draw_tooltip(surf, self.app.text, b.tooltip, b.rect, int(14 * u))

    def _draw_caption(self, surf: pygame.Surface) -> None:
        """The cantina's name and description fading in on arrival, where :meth:`caption_rect` puts it."""
        if self.caption <= 0:
            return
        rect, wrap = self._caption_place()
        card = self._caption_card(wrap)
        card.set_alpha(int(255 * min(1.0, self.caption / 0.8)))
        surf.blit(card, rect)

    def _caption_card(self, wrap: int) -> pygame.Surface:
        """The title card with its description wrapped to ``wrap`` px: made once per window size and width (it
        shows for 4.5 s; only its alpha changes), not every frame."""
        card = self._cards.get(wrap)
        if card is None:
            u = self.u
            t = self.app.text
            big = t.render(self.level.title.upper(), int(46 * u), theme.AMBER, "head")
            small = [t.render(line, int(17 * u), theme.CREAM) for line in t.wrap(self.level.description, int(17 * u),
                                                                                 wrap)]
            h = big.get_height() + sum(s.get_height() for s in small) + int(24 * u)
            w = max([big.get_width()] + [s.get_width() for s in small]) + int(48 * u)
            card = pygame.Surface((w, h), pygame.SRCALPHA)
            panel(card, card.get_rect(), (8, 8, 12), theme.BRASS_DARK, radius=int(12 * u), alpha=210, width=1)
            card.blit(big, big.get_rect(midtop=(w // 2, int(8 * u))))
            y = big.get_height() + int(10 * u)
            for line in small:
                card.blit(line, line.get_rect(midtop=(w // 2, y)))
                y += line.get_height()
            self._cards[wrap] = card
        return card

    def caption_rect(self) -> pygame.Rect:
        """Where the title card shows (screen px): chosen once per window size, see :meth:`_caption_spot`."""
        return self._caption_place()[0].copy()

    def _caption_place(self) -> tuple[pygame.Rect, int]:
        if self._caption_at is None:
            self._caption_at = self._caption_spot()
        return self._caption_at

    def _caption_spot(self) -> tuple[pygame.Rect, int]:
        """A place for the title card that hides no name label (it once covered a regular's, which then could
        not be read until it faded) and as little as it can of the people, tables, doors and the player; among
        equals the widest card, nearest the top middle of the room (where it always stood). Returns the card's
        rect and the width its description is wrapped to."""
        u = self.u
        a = self.area
        m = int(16 * u)
        room = self.view.rect.clip(a)
        labels = [r.inflate(int(6 * u), int(6 * u)) for r in self.label_rects()]
        things = self._caption_keep()
        best: tuple[tuple[int, int, int, int], pygame.Rect, int] | None = None
        for i, share in enumerate(CAPTION_WRAPS):
            wrap = int(min(share * u, self.size[0] - 80))
            w, h = self._caption_card(wrap).get_size()
            xs = dict.fromkeys((room.centerx - w // 2, room.x + m, room.right - w - m))
            for x in xs:
                for y in range(a.y + m, max(a.y + m, a.bottom - h - m) + 1, max(4, int(8 * u))):
                    r = pygame.Rect(x, y, w, h)
                    r.clamp_ip(a)
                    over_labels = sum(r.clip(lr).w * r.clip(lr).h for lr in labels)
                    hidden = sum(r.clip(tr).w * r.clip(tr).h * weight for tr, weight in things)
                    away = abs(r.centerx - room.centerx) + abs(r.y - (a.y + m))
                    key = (over_labels, hidden, i, away)
                    if best is None or key < best[0]:
                        best = (key, r, wrap)
        assert best is not None  # CAPTION_WRAPS is never empty
        return best[1], best[2]

    def _caption_keep(self) -> list[tuple[pygame.Rect, int]]:
        """What the title card should leave in view, with how much each matters: the regulars and the lender,
        the player, the tables, the doors and their icons; a little, the room's other people."""
        k = self.view.scale

        def figure(x: float, y: float) -> pygame.Rect:  # a bust: about 36 map px wide, 44 tall over its feet
            sx, sy = self.view.to_screen(x - 18, y - 38)
            return pygame.Rect(sx, sy, int(36 * k), int(46 * k))

        out: list[tuple[pygame.Rect, int]] = [(figure(s.x, s.y), 4) for s in self.level.regulars]
        if self.level.lender is not None:
            out.append((figure(*self.level.lender), 4))
        out.append((self.player_rect(), 4))
        for t in self.targets:
            if t.kind != "lender":
                out.append((self._screen_rect(t), 2))
        out += [(self.door_icon_rect(Target("door", d.name)), 3) for d in self.level.doors]
        out += [(figure(p.x, p.y), 1) for p in self.level.props if p.kind in CAPTION_KEEP_PROPS]
        return out

    def _draw_hint(self, surf: pygame.Surface) -> None:
        u = self.u
        w, h = self.size
        r = pygame.Rect(0, h - self.hint_h, w, self.hint_h)
        pygame.draw.rect(surf, (8, 9, 13), r)
        text = ("Click to walk  ·  arrows or WASD  ·  Enter: sit, go through, talk  ·  Tab: next table, door or "
                "person  ·  J: journal  ·  Esc: menu")
        self.app.text.blit(surf, self.app.text.fit(text, int(14 * u), w - 20), int(14 * u), theme.TEXT_DIM,
                           center=r.center)


class CantinaMenu(Scene):
    """Esc in the cantina: resume, journal, rules, settings, save and quit to the title."""

    transparent = True

    def __init__(self, app: App, cantina: CantinaScene) -> None:
        super().__init__(app)
        from game.ui.scenes.menu import ButtonColumn

        self.cantina = cantina
        self.col = ButtonColumn([
            Button("Resume", app.pop, pygame.K_ESCAPE, "Esc", "Back to the cantina"),
            Button("Journal", self.journal, pygame.K_j, "J", "Goals, regulars, numbers and past sittings"),
            Button("Rules", self.rules, pygame.K_r, "R", "How every game is played"),
            Button("Settings", self.settings, pygame.K_s, "S", "Speed, sound, colour-blind mode"),
            Button("Save and quit", self.quit, pygame.K_q, "Q", "Saved: you come back right here"),
        ])

    def journal(self) -> None:
        self.app.pop()
        self.cantina.open_journal()

    def rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app))

    def settings(self) -> None:
        from game.ui.scenes.settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit(self) -> None:
        self.cantina.play.quit_to_title()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        bw, bh, gap = int(280 * u), int(44 * u), int(10 * u)
        n = len(self.col.buttons)
        self.box = pygame.Rect(0, 0, bw + int(60 * u), n * bh + (n - 1) * gap + int(110 * u))
        self.box.center = (w // 2, h // 2)
        self.col.place(self.box.x + int(30 * u), self.box.y + int(80 * u), bw, bh, gap)

    def handle(self, ev: Input) -> None:
        if ev.kind == "key" and ev.action == "back":
            self.app.pop()
            return
        self.col.handle(ev)

    def draw(self, surf: pygame.Surface) -> None:
        from game.ui.draw import shade

        shade(surf, 160)
        panel(surf, self.box, theme.PANEL, theme.BRASS, radius=14, width=2)
        self.app.text.blit(surf, "PAUSED", int(40 * self.u), theme.AMBER, "head",
                           midtop=(self.box.centerx, self.box.y + int(18 * self.u)))
        self.col.draw(surf, self.app.text, int(19 * self.u))
