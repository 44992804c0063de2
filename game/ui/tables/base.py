"""The table every game shares: room, felt, seats, pot, and the parts it is composed of.

A game's table module subclasses :class:`BaseTable` and only says how its pieces look: which beats
(animations) its events become (:meth:`beats_for`), how an event reads in words (:meth:`describe`), what to
draw at each seat and in the middle, and how its actions are labelled. Everything else lives here.

How the picture stays honest: ``shown`` is what the screen draws. When nothing is moving it is exactly
``state.view(eyes)``; while the events of an action play out, each event's first beat folds the event (as the
eyes may see it) into ``shown`` with the engine's ``reduce_view``, so every beat shows the view after its
event, exactly as a replay or a remote client would. Beats only add what moves over it (flying chips,
tumbling dice, tags, banners); no table patches ``shown`` by hand. The UI never decides a rule and never reads
the state's internals.

The parts, each a small module of its own, which the table composes:

- ``driver`` (``game.ui.driver``, no pygame): whose turn it is, the AI seats' pacing, the hot-seat curtain and
  the end of the session, over the table source the table was given (``game.ui.source``: a quick table, a
  campaign sitting, a replay);
- ``story`` (``tables/story.py``, no pygame): the beats the events become, played one at a time, each folding
  its event at its start, said in the log once its dice land, and the hold after a round's end;
- ``bar`` (``tables/action_bar.py``): the buttons, hotkeys and amount slider, and why a greyed button is greyed;
- ``table_log`` (``tables/log_panel.py``, no pygame) and ``log_panel`` (``tables/log_painter.py``): the log's
  lines, and their panel on screen;
- ``sound`` (``tables/table_sound.py``): a beat's sound, as its beat starts;
- ``regions`` (``game.ui.regions``): what the painter drew where (the layout bench reads it).

A table extends the flow through public hooks (``setup``, ``drive_turn``, ``on_session_over``,
``seat_geometry``, ``on_beat_started``, ``on_beat_ended``, ``button_callback``, ``opening_view``, ``on_event``),
never by redefining a private method (tests/ui/test_private_overrides.py); it sets its own fields in ``setup``,
which the base calls before any other hook (tests/ui/test_fields_after_init.py).

Beats and the animations' base classes live in ``game.ui.anim`` (the card pieces use them too); the helpers
for the beats every chip game tells alike (a bet, a pot won, the round's end, a carried pot shared out) are
here.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.engine import reduce_view
from game.engine.core import Action, Event, IllegalAction
from game.ui import theme, trace
from game.ui.anim import Anim, Beat, FrameAnim, banner_seconds
from game.ui.chips import draw_pile, draw_stacks, pile_rect, stack_max_size, stack_rect, stack_size
from game.ui.coach_panel import CoachPanel
from game.ui.draw import glow, panel, shade
from game.ui.driver import CURTAIN, EYES, MOVED, OVER, TurnDriver
from game.ui.input import Input
from game.ui.refusals import refusal_words
from game.ui.regions import RecordingSurface, RegionRecorder, note_clipped
from game.ui.scene import Scene
from game.ui.showdown_words import count, showdown_words
from game.ui.source import TableSource
from game.ui.tables.action_bar import ActionBar, ActionSpec, pick_key
from game.ui.tables.log_painter import LogPainter
from game.ui.tables.log_panel import LogLine, TableLog
from game.ui.tables.story import StoryPlayer
from game.ui.tables.table_sound import TableSound
from game.ui.tween import ease_in_out_cubic, ease_out_bounce, ease_out_cubic, lerp_point
from game.ui.widgets import Button, Slider, draw_tooltip, tooltip_rect

if TYPE_CHECKING:
    from game.ui.app import App


# ------------------------------------------------------------------------------------------------ motion
class ChipFlight(Anim):
    """Chips sliding across the felt (0.25–0.4 s), on a slight arc, eased in and out.

    ``hold`` names where the chips land (("stack", seat), ("line", seat) or ("pot", key)): until they land, the
    table draws that place without them (the view already counts them there), so chips never show twice."""

    def __init__(self, amount: int, src: tuple[float, float], dst: tuple[float, float], d: int,
                 duration: float, res: Any, delay: float = 0.0, hold: tuple[str, Any] | None = None) -> None:
        super().__init__(duration, delay)
        self.amount, self.src, self.dst, self.d, self.res = amount, src, dst, d, res
        self.hold = hold
        self.size = stack_size(amount, d)

    def _pos(self) -> tuple[float, float]:
        p = ease_in_out_cubic(self.progress)
        x, y = lerp_point(self.src, self.dst, p)
        return (x, y - math.sin(p * math.pi) * self.d * 1.2)

    def bounds(self) -> pygame.Rect | None:
        if self.t < self.delay:
            return None
        x, y = self._pos()
        r = pygame.Rect(0, 0, self.size[0] + 8, self.size[1] + 6)
        r.midbottom = (int(x), int(y) + 3)
        return r

    def draw(self, surf: pygame.Surface) -> None:
        if self.t < self.delay:
            return
        draw_stacks(surf, self.amount, self._pos(), self.d, self.res)


class Tumble(FrameAnim):
    """A die or cube thrown onto the felt: it spins through random faces, drops and settles with a bounce."""

    lands = True

    def __init__(self, key: tuple[Any, ...], final: Any, draw_face: Callable[[Any, int], pygame.Surface],
                 faces: tuple[Any, ...], pos: tuple[float, float], size: int, duration: float, seed: int,
                 delay: float = 0.0) -> None:
        super().__init__(duration, delay)
        self.covers = frozenset({key})
        self.final, self.draw_face, self.faces = final, draw_face, faces
        self.pos, self.size = pos, size
        self.rng = random.Random(seed)
        self.spin = self.rng.choice((-1, 1)) * self.rng.uniform(540, 900)
        self.dx = self.rng.uniform(-1, 1) * size * 1.6
        self.face = self.rng.choice(faces)
        self.next_flip = 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.t >= self.next_flip and self.progress < 0.75:
            self.face = self.rng.choice(self.faces)
            self.next_flip = self.t + 0.07

    def picture(self) -> tuple[pygame.Surface, pygame.Rect]:
        p = self.progress
        drop = ease_out_bounce(p)
        x = self.pos[0] + self.dx * (1 - ease_out_cubic(p))
        y = self.pos[1] - (1 - drop) * self.size * 2.2
        face = self.final if p >= 0.75 else self.face
        img = self.draw_face(face, self.size)
        angle = round(self.spin * (1 - ease_out_cubic(p)) / 3) * 3
        if abs(angle) >= 3:
            img = pygame.transform.rotate(img, angle)
        return img, img.get_rect(center=(int(x), int(y)))


class Banner(Anim):
    """A line of large text in the middle of the felt (who won the round), fading in."""

    def __init__(self, text: str, sub: str, duration: float, table: BaseTable) -> None:
        super().__init__(duration)
        self.text, self.sub, self.table = text, sub, table
        self._place: tuple[tuple[Any, ...], tuple[float, pygame.Rect]] | None = None  # (size, u): (face scale, where)

    def _layout(self) -> tuple[pygame.Surface, pygame.Surface | None, pygame.Rect]:
        tb = self.table
        key = (tb.size, tb.u)
        if self._place is None or self._place[0] != key:  # placed once (where it covers the least), not per frame
            clear = tb.keep_clear() + ([(tb.result_rect(), 8)] if tb.result is not None else [])
            # where no place at full size is clear (a crowded table, a long sub line), a smaller banner first
            for scale in (1.0, 0.86, 0.72, 0.6):
                w, h = self._size(tb.u * scale)
                r = tb.clear_spot(w, h, clear)
                if not any(r.colliderect(c) for c, _ in clear):
                    break
            self._place = (key, (tb.u * scale, r))
        u, r = self._place[1]
        big = tb.text.render(self.text, int(34 * u), theme.AMBER, "head")
        small = tb.text.render(self.sub, int(17 * u), theme.CREAM) if self.sub else None
        return big, small, r

    def _size(self, u: float) -> tuple[int, int]:
        """The banner's size with its faces at scale ``u``."""
        tb = self.table
        big = tb.text.render(self.text, int(34 * u), theme.AMBER, "head")
        small = tb.text.render(self.sub, int(17 * u), theme.CREAM) if self.sub else None
        w = max(big.get_width(), small.get_width() if small else 0) + int(48 * u)
        h = big.get_height() + (small.get_height() if small else 0) + int(22 * u)
        return w, h

    def bounds(self) -> pygame.Rect | None:
        return self._layout()[2]

    def draw(self, surf: pygame.Surface) -> None:
        big, small, r = self._layout()
        u = self._place[1][0] if self._place is not None else self.table.u  # the scale the banner was set at
        panel(surf, r, (10, 10, 14), theme.AMBER, radius=int(12 * u), alpha=235, width=2)
        surf.blit(big, big.get_rect(midtop=(r.centerx, r.y + int(8 * u))))
        if small:
            surf.blit(small, small.get_rect(midbottom=(r.centerx, r.bottom - int(10 * u))))


@dataclass
class Item:
    """One part of the table picture: where it draws, a signature of what it shows, and how to draw it.

    The table redraws only the screen areas whose items changed signature or place, or that an animation
    crossed, which keeps a busy 1080p frame within a few milliseconds.
    """

    key: str
    rect: pygame.Rect
    sig: Any
    draw: Callable[[pygame.Surface], None]
    layer: int = 0  # 0 under the animations, 1 over them


@dataclass(frozen=True)
class RoundResult:
    """How the round ended, held on the felt from its ``round_over`` until the next round is dealt: who won
    (``title``), with what (``sub``, the game's words), and why (``why``, worded from the engine's reason code)."""

    title: str
    sub: str
    why: str
    showdown: bool
    winners: tuple[int, ...]


# ------------------------------------------------------------------------------------------------ table
class BaseTable(Scene):
    """The shared table. Subclasses set FELT and override the drawing and wording hooks."""

    FELT: tuple[int, int, int] = theme.FELT_GREEN
    #: the piece names shown in the top bar for each phase, e.g. {"wager": "Wager round"}
    PHASES: ClassVar[dict[str, str]] = {}
    #: what the log calls a round of the game ("hand" at the sabacc tables)
    ROUND_NOUN: ClassVar[str] = "round"
    #: the widest an action button grows, in px at 1280×720 (card tables' labels name cards: they go wider)
    BUTTON_MAX_W: ClassVar[int] = 200
    #: the words over the amount slider
    SLIDER_HINT: ClassVar[str] = "amount: drag, wheel, +/−, PgUp/PgDn"
    #: how long the table holds on a round's end when every seat is AI (seconds at 1×, divided by the speed
    #: setting); with a person at the table it holds until a click, Space or Enter
    HOLD_SECONDS: ClassVar[float] = 3.0
    #: the view's per-seat list of chips bet this betting round (they stand on the seats' betting lines)
    WAGER_KEY: ClassVar[str] = "wager"
    #: events that end a betting round: the bets standing on the betting lines sweep into the pot as they play
    #: (a view whose wagers are all cleared sweeps them too)
    SWEEP_EVENTS: ClassVar[frozenset[str]] = frozenset({
        "pot_won", "pot_carried", "odd_chips_won", "round_over", "session_over", "carry_returned", "draw_phase",
        "spike_roll", "dice_rolled", "hands_revealed", "hintaro_thrown", "shared_thrown", "betting_round"})

    def __init__(self, app: App, session: TableSource, demo: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.state = session.state
        self.demo = demo
        self.n = self.state.n
        self.names = [s.name for s in session.seats]
        self.sub = session.bus.subscribe("*", self.on_event)
        #: whose turn it is and what to do about it (AI pacing, curtain, the end): pygame-free, game.ui.driver
        self.driver = TurnDriver(session, app.pool, self.speed)
        #: the beats the events become, played one at a time: game/ui/tables/story.py
        self.story = StoryPlayer(self, app.report)
        #: a beat's sound plays as its beat starts (it follows the story, not the bus): table_sound.py
        self.sound = TableSound(app.play)
        self.story.listeners.append(self.sound.beat_started)
        self.anims: list[Anim] = []
        #: the log's lines and scroll (the table paints them): game/ui/tables/log_panel.py
        self.table_log = TableLog(self.describe)
        self.tags: dict[int, tuple[str, tuple[int, int, int]]] = {}
        self.last_actor: int | None = None
        self.eyes: int | None = self._initial_eyes()
        self.synced = False
        self.result: RoundResult | None = None  # the round's end, on the felt until the next deal
        self._result_place: tuple[Any, pygame.Rect] | None = None
        self._result_scale = 1.0  # smaller where a crowded table leaves no clear place (result_rect)
        #: the buttons, their specs and the amount slider: game/ui/tables/action_bar.py
        self.bar = ActionBar(self)
        self.menu_button = Button("Menu", self.open_menu, key=None, tooltip="Pause: rules, settings, leave")
        self.hover_pos = (-1, -1)
        self._bg: pygame.Surface | None = None
        self._bg_dim: pygame.Surface | None = None  # the lamp's dimmed patch of the room (the felt and its rim)
        self._bg_dim_rect = pygame.Rect(0, 0, 0, 0)
        #: draws the log's lines into the log panel (log_painter.py)
        self.log_panel = LogPainter(self)
        self.seed = session.seed
        self._tumble_seed = session.seed * 7919
        self.message: str | None = None
        self._flicker_rng = random.Random(session.seed)
        self.flicker_in = self._flicker_rng.uniform(3.0, 7.0)
        self.flicker_t = -1.0  # < 0: the lamp burns steady
        self._plates: dict[int, tuple[Any, pygame.Surface]] = {}
        self.line = [0] * self.n  # each seat's chips standing on its betting line (bet, not yet swept)
        self.coach = CoachPanel(self)  # the odds coach (O): advice for the person to act, off the frame loop
        self.regions = RegionRecorder()  # off: the layout bench turns it on to record what a frame painted
        # the base's own fields exist: the table's own now, before any hook (the opening view, the layout)
        # reads them, so no subclass has to set fields before calling ``super().__init__``
        self.setup()
        self.shown: dict[str, Any] = self.opening_view()
        self.line_key = self.bet_pot_key()  # the pot the bets on the lines sweep into
        self.layout(app.size)

    def setup(self) -> None:
        """Set the table's own fields (a subclass or mixin extends this, calling ``super().setup()``): the base
        calls it from its ``__init__`` once its own fields exist and before any other hook runs
        (:meth:`opening_view`, :meth:`bet_pot_key`, :meth:`layout`...). Nothing by default."""

    # ------------------------------------------------------------------ setup helpers
    @property
    def text(self):
        return self.app.text

    def _initial_eyes(self) -> int | None:
        return self.driver.first_eyes()  # several people and private information: the curtain picks the first

    @property
    def log(self) -> list[LogLine]:
        """The log's lines, oldest first (held by :attr:`table_log`)."""
        return self.table_log.lines

    @property
    def log_scroll(self) -> int:
        return self.table_log.scroll

    @log_scroll.setter
    def log_scroll(self, value: int) -> None:
        self.table_log.scroll = value

    @property
    def beats(self) -> deque[Beat]:
        """The beats waiting to play (held by :attr:`story`)."""
        return self.story.beats

    @property
    def beat(self) -> Beat | None:
        """The beat playing now (held by :attr:`story`)."""
        return self.story.beat

    @property
    def holding(self) -> bool:
        """The pause after a round's end: the next deal waits for a click, Space or Enter (see :attr:`story`)."""
        return self.story.holding

    @property
    def buttons(self) -> list[Button]:
        """The action bar's buttons (held by :attr:`bar`)."""
        return self.bar.buttons

    @property
    def specs(self) -> list[ActionSpec]:
        """The specs of the action bar's buttons (held by :attr:`bar`)."""
        return self.bar.specs

    @property
    def slider(self) -> Slider | None:
        """The action bar's amount slider, if an action takes an amount (held by :attr:`bar`)."""
        return self.bar.slider

    @slider.setter
    def slider(self, value: Slider | None) -> None:
        self.bar.slider = value

    @property
    def slider_kind(self) -> str | None:
        """The amount kind the slider sets (held by :attr:`bar`)."""
        return self.bar.slider_kind

    @slider_kind.setter
    def slider_kind(self, value: str | None) -> None:
        self.bar.slider_kind = value

    @property
    def ai_future(self) -> Future[Action | None] | None:
        """The AI seat's decision being made on the worker (None: none asked), as the driver holds it."""
        return self.driver.future

    @property
    def results_shown(self) -> bool:
        """The end of the session has been shown (the driver reports it once)."""
        return self.driver.ended

    def opening_view(self) -> dict[str, Any]:
        """What the table looked like before the opening events: the view, with the starting stacks."""
        v = self.state.view(self.eyes)
        stack = v.get("options", {}).get("stack")
        if isinstance(stack, int):
            v["stacks"] = [stack] * self.n
        return self.reset_round(v)

    def reset_round(self, v: dict[str, Any]) -> dict[str, Any]:
        """Clear the per-round pieces of ``v`` before the opening animation (subclasses extend)."""
        return v

    def enter(self) -> None:
        self.session.publish_opening()

    def leave(self) -> None:
        pass

    def close(self) -> None:
        """Stop listening to the bus (when the table is left for good)."""
        self.sub.cancel()
        self.driver.close()
        self.coach.close()

    # ------------------------------------------------------------------ private information
    def has_private_info(self, a: int | None, b: int | None) -> bool:
        """Would switching the screen from seat ``a``'s eyes to seat ``b``'s reveal anything private?
        (The driver answers: :meth:`game.ui.driver.TurnDriver.has_private_info`.)"""
        return self.driver.has_private_info(a, b)

    def needs_curtain(self, seat: int) -> bool:
        """A different person is about to act and the table would show them something private (a table may
        add its own reasons; the driver asks this)."""
        return self.driver.needs_curtain(seat, self.eyes)

    def set_eyes(self, seat: int | None) -> None:
        if seat != self.eyes:
            self.eyes = seat
            self.table_log.changed()  # the log is worded for the new eyes
            self.shown = self.state.view(seat)
            self.layout(self.size)  # the new eyes sit at the bottom of the table
            if trace.enabled() and self.my_turn():
                trace.trace("your_turn", seat=self.eyes,
                            buttons={b.label: list(b.rect) for b in self.buttons if b.enabled})

    # ------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.45, min(w / 1280, h / 720))
        self.top_h = int(max(34, 46 * u))
        self.log_w = int(min(max(230, w * 0.22), 440))
        if w < 900:
            self.log_w = int(max(170, w * 0.24))
        self.bar_h = int(max(78, 104 * u))
        self.log_rect = pygame.Rect(w - self.log_w, self.top_h, self.log_w, h - self.top_h)
        self.bar_rect = pygame.Rect(0, h - self.bar_h, w - self.log_w, self.bar_h)
        self.area = pygame.Rect(0, self.top_h, w - self.log_w, h - self.top_h - self.bar_h)
        a = self.area
        self.centre = (a.centerx, a.centery + int(4 * u))
        self.felt = pygame.Rect(0, 0, int(a.w * 0.76), int(a.h * 0.66))
        self.felt.center = self.centre
        self.plate = (int(168 * u), int(58 * u))
        self.seat_rx = a.w * 0.5 - self.plate[0] * 0.5 - 8 * u
        self.seat_ry = a.h * 0.5 - self.plate[1] * 0.5 - 6 * u
        self.chip_d = max(14, int(24 * u))
        # the seats' own stacks and bets: a little smaller as seats are added (their zones shrink)
        self.stack_d = max(12, int(self.chip_d * (1.0 if self.n <= 3 else 0.88 if self.n == 4 else 0.78)))
        self.menu_button.rect = pygame.Rect(0, 0, int(92 * u), self.top_h - int(10 * u))
        self.menu_button.rect.topright = (w - int(6 * u), int(5 * u))
        self.coach.layout()
        self._bg = None
        self.table_log.changed()
        self.seat_geo = [self.seat_geometry(s) for s in range(self.n)]
        self._stack_spots: dict[int, tuple[float, float]] = {}  # found again for the new seats (stack_spot)
        self.layout_pieces()
        self.rebuild_actions()

    def layout_pieces(self) -> None:
        """Subclasses place their pieces (dice positions and sizes) here."""

    def seat_angle(self, seat: int) -> float:
        """Seats sit clockwise seen from above, the eyes' seat at the bottom (seat+1 to its left)."""
        base = self.eyes if self.eyes is not None else 0
        return math.pi / 2 + (seat - base) * 2 * math.pi / self.n

    def seat_geometry(self, seat: int) -> dict[str, Any]:
        """Where ``seat`` sits (its plate, the way in to the centre, its extent, its angle), laid out at each
        resize or change of eyes. Seats round an oval by default; a table may stand them elsewhere."""
        a = self.seat_angle(seat)
        cx, cy = self.centre
        px = cx + math.cos(a) * self.seat_rx
        py = cy + math.sin(a) * self.seat_ry
        plate = pygame.Rect(0, 0, *self.plate)
        plate.center = (int(px), int(py))
        plate.clamp_ip(self.area)
        vx, vy = cx - plate.centerx, cy - plate.centery
        d = math.hypot(vx, vy) or 1.0
        vx, vy = vx / d, vy / d
        ext = abs(vx) * plate.w / 2 + abs(vy) * plate.h / 2
        return {"plate": plate, "in": (vx, vy), "ext": ext, "angle": a}

    def inward(self, seat: int, dist: float) -> tuple[float, float]:
        """A point ``dist`` px from the plate's edge toward the middle of the table."""
        g = self.seat_geo[seat]
        p = g["plate"].center
        k = g["ext"] + dist
        return (p[0] + g["in"][0] * k, p[1] + g["in"][1] * k)

    def pot_pos(self) -> tuple[float, float]:
        return (self.centre[0], self.centre[1] + self.felt.h * 0.12)

    def pot_centre(self, key: str) -> tuple[float, float]:
        """Where the chips of the view's pot ``key`` lie (one pot here; tables with several say which)."""
        return self.pot_pos()

    # ------------------------------------------------------------------ where the chips stand
    def stack_spot(self, seat: int) -> tuple[float, float]:
        """Where the seat's own chips stand (the stacks' bottom centre): beside the plate, on the side away from
        its tag for the top and bottom seats, under the plate for the seats at the sides; where that would run
        into another plate or off the table (plates in a row, as at Kinzo), on the plate's top edge. The one
        place the stacks' position comes from (a table or a seat-zone layout overrides it); kept per layout."""
        if seat not in self._stack_spots:
            self._stack_spots[seat] = self._find_stack_spot(seat)
        return self._stack_spots[seat]

    def _find_stack_spot(self, seat: int) -> tuple[float, float]:
        r: pygame.Rect = self.seat_geo[seat]["plate"]
        w, h = stack_max_size(self.stack_d)
        gap = int(6 * self.u)
        if abs(self.seat_geo[seat]["in"][1]) > 0.6:
            clear = gap + int(11 * self.u)  # clear of the dealer button on the plate's top-left corner
            tries = [(r.left - clear - w / 2, r.bottom - 2), (r.right + gap + w / 2, r.bottom - 2)]
        else:
            side = 1 if self.seat_geo[seat]["in"][0] > 0 else -1
            tries = [(r.centerx - r.w * 0.18 * side, min(r.bottom + gap + h, self.area.bottom - 2))]
        tries.append((r.left + w / 2 + gap, r.top - 2))
        others = [g["plate"] for s, g in enumerate(self.seat_geo) if s != seat]
        for x, y in tries:
            box = pygame.Rect(0, 0, w, h)
            box.midbottom = (int(x), int(y))
            if self.area.contains(box) and box.collidelist(others) < 0 and not box.colliderect(r):
                return (x, y)
        return tries[-1]

    def bet_spot(self, seat: int) -> tuple[float, float]:
        """Where the seat's bets stand (bottom centre): its betting line, just beyond its pieces toward the pot;
        where that place is taken (another seat, the window's edge), beside the pieces. Nothing of the seat's
        zone (plate, pieces, stacks) nor another seat's is covered by the bet or the amount under it."""
        pieces = self.pieces_rect(seat)
        g = self.seat_geo[seat]
        # room for a bet of four denominations (two rows, up to 660 chips: a bet of 1,000 or more stands taller)
        # and its amount underneath
        w, h = stack_size(660, self.stack_d)
        bw, bh = max(w, int(44 * self.u)), h + int(20 * self.u)
        gap = int(8 * self.u)
        vx, vy = g["in"]
        cx, cy = pieces.center
        tries = [(cx + vx * (pieces.w / 2 + gap + bw / 2), cy + vy * (pieces.h / 2 + gap + bh / 2)),
                 (pieces.left - gap - bw / 2, cy), (pieces.right + gap + bw / 2, cy),
                 (cx, pieces.top - gap - bh / 2), (cx, pieces.bottom + gap + bh / 2)]
        own = pygame.Rect((0, 0), stack_max_size(self.stack_d))  # the stacks' room, not today's height
        own.midbottom = (int(self.stack_spot(seat)[0]), int(self.stack_spot(seat)[1]))
        others = [s for s in range(self.n) if s != seat]
        avoid = [g["plate"], pieces, own, self.centre_rect(), self.pot_rect()]
        avoid += [self.seat_geo[s]["plate"] for s in others] + [self.pieces_rect(s) for s in others]
        box = pygame.Rect(0, 0, bw, bh)

        def covered(x: float, y: float) -> int:
            box.center = (int(x), int(y))
            box.clamp_ip(self.area)
            return sum(box.clip(r).w * box.clip(r).h for r in avoid)
        # the first place that covers nothing, else the one that covers least
        costs = [covered(x, y) for x, y in tries]
        covered(*tries[min(range(len(tries)), key=lambda i: (costs[i] > 0, costs[i], i))])
        return (box.centerx, box.top + h)

    def bet_pot_key(self) -> str:
        """The view key of the pot the bets go into now (tables with several pots say which)."""
        return "pot"

    def in_air(self, hold: tuple[str, Any]) -> int:
        """The chips still flying to ``hold`` (drawn in flight, not yet where they land)."""
        return sum(a.amount for a in self.anims if isinstance(a, ChipFlight) and a.hold == hold and not a.done)

    def shown_stack(self, seat: int) -> int:
        """The chips drawn in the seat's stacks: the view's stack less what is still flying to it."""
        stacks = self.shown.get("stacks") or []
        stack = stacks[seat] if seat < len(stacks) else 0
        return max(0, _chips(stack) - self.in_air(("stack", seat)))

    def shown_line(self, seat: int) -> int:
        """The chips drawn on the seat's betting line (less what is still sliding out to it)."""
        return max(0, self.line[seat] - self.in_air(("line", seat)))

    def off_pile(self, key: str) -> int:
        """The chips of the view's pot ``key`` not drawn in its pile: the bets still on the lines (they sweep in
        when the betting round ends) and what is flying in."""
        lines = sum(self.line) if key == self.line_key else 0
        return lines + self.in_air(("pot", key))

    def sweep_bets(self, delay: float = 0.0) -> None:
        """The betting round is over: every bet on a line slides into the pot it was bet into."""
        if not any(self.line):
            return
        dst = self.pot_centre(self.line_key)
        for seat, amount in enumerate(self.line):
            if amount > 0:
                self.fly(amount, self.bet_spot(seat), dst, delay=delay, duration=0.3, hold=("pot", self.line_key))
        self.line = [0] * self.n

    def line_delta(self, before: dict[str, Any], seat: int) -> int:
        """The chips a change of the seat's wager put on (or took off) its line: the change itself, unless a game
        counts more than chips in a wager (Better Hintaro's items)."""
        return _chips(self.shown[self.WAGER_KEY][seat]) - _chips(before[self.WAGER_KEY][seat])

    def stage_chips(self, before: dict[str, Any], ev: Event) -> None:
        """Move the chips an event moved, from the views before and after it: a wager raised slides out from the
        seat's stacks to its line, a wager handed back slides home, and the lines sweep into the pot when the
        wagers are cleared or the event ends a betting round (:attr:`SWEEP_EVENTS`)."""
        wb, wa = before.get(self.WAGER_KEY), self.shown.get(self.WAGER_KEY)
        if ev.kind in self.SWEEP_EVENTS:
            self.sweep_bets()
        if not (isinstance(wa, list) and isinstance(wb, list) and len(wa) == len(wb) == self.n):
            return
        if any(wb) and not any(wa):  # a new betting round cleared the wagers
            self.sweep_bets()
            return
        for seat in range(self.n):
            delta = self.line_delta(before, seat) if _chips(wa[seat]) != _chips(wb[seat]) else 0
            if delta > 0:
                self.line_key = self.bet_pot_key()
                self.line[seat] += delta
                self.fly(delta, self.stack_spot(seat), self.bet_spot(seat), duration=0.3, hold=("line", seat))
            elif delta < 0:
                back = min(-delta, self.line[seat])
                self.line[seat] -= back
                self.fly(back, self.bet_spot(seat), self.stack_spot(seat), duration=0.3, hold=("stack", seat))

    # ------------------------------------------------------------------ the bus
    def on_event(self, ev: Event) -> None:
        """An event from the bus: the story queues its beats (and the hold after a round's end) and plays them."""
        if trace.enabled():
            trace.trace("event", event=ev.kind, seat=ev.seat)
        self.story.tell(ev)
        self.synced = False

    def beats_for(self, ev: Event) -> list[Beat]:
        """The beats an event becomes. Default: a short pause with a tag on the seat that acted; the end of
        the session is said in a banner."""
        if ev.kind == "session_over":
            return [Beat(0.4, lambda: self.banner("Session over", "", 0.8), event=ev)]

        def start() -> None:
            if ev.seat is not None and ev.kind != "round_over":
                self.tag(ev.seat, ev.kind.replace("_", " ").upper())
        return [Beat(0.25 if ev.seat is not None else 0.1, start=start, event=ev)]

    # ------------------------------------------------------------------ beats the chip games share
    def bet_tag(self, d: dict[str, Any], extra: dict[str, str] | None = None) -> str:
        """A bet event's tag over the seat, in the words every betting table uses (``extra``: a game's own
        actions, or its own words for one of these)."""
        act = str(d.get("action"))
        amount = int(d.get("amount") or 0)
        words = {"check": "CHECKS", "call": f"CALLS {amount:,}", "allin": f"ALL-IN {amount:,}", "fold": "FOLDS",
                 "raise": f"RAISES TO {int(d.get('wager') or 0):,}"}
        words.update(extra or {})
        return words.get(act, act.upper())

    def bet_shown(self, seat: int, d: dict[str, Any], extra: dict[str, str] | None = None) -> None:
        """A bet event lands at the seat: its tag (see :meth:`bet_tag`; red for a fold). Its stack and wager
        are already in ``shown`` (the event was folded in)."""
        self.tag(seat, self.bet_tag(d, extra), theme.BAD if d.get("action") == "fold" else theme.AMBER)

    def pot_won_beats(self, seat: int, amount: int, pot_key: str, words: str, duration: float = 0.55,
                      sound: str | None = "chips") -> list[Beat]:
        """Chips fly from the pot ``pot_key`` to the winner's plate, tagged with ``words`` (the view after the
        event, folded in as the beat starts, already has them in the winner's stack)."""
        def start() -> None:
            self.fly(amount, self.pot_centre(pot_key), self.stack_spot(seat), duration=0.4, hold=("stack", seat))
            self.tag(seat, words, theme.GOOD)
        return [Beat(duration, start, sound=sound)]

    def carry_back_beats(self, amounts: list[int] | None, pot_key: str, stagger: float = 0.04) -> list[Beat]:
        """A carried pot shared out at the session's end: each seat's share flies from the pot ``pot_key`` to
        its plate (``stagger`` seconds after the seat before); the fold already shows the pots emptied."""

        def start() -> None:
            src = self.pot_centre(pot_key)
            for seat, a in enumerate(amounts or []):
                if a:
                    self.fly(a, src, self.stack_spot(seat), delay=stagger * seat, hold=("stack", seat))
        return [Beat(0.5, start, sound="chips")]

    def round_over_beats(self, d: dict[str, Any], sub: str, showdown: float, quiet: float) -> list[Beat]:
        """The round's end: its winners over ``sub`` and why, held on the felt (:meth:`show_result`); the beat
        lasts ``showdown`` seconds after a showdown (there are hands to look at), else ``quiet``; then the
        table holds (:meth:`hold_seconds`)."""
        return [Beat(showdown if d.get("showdown") else quiet, lambda: self.show_result(d, sub))]

    def show_result(self, d: dict[str, Any], sub: str, title: str | None = None,
                    several: str = "split the pot") -> None:
        """Put the round's end on the felt until the next deal: ``title`` (default "Vexa wins", "Vexa and Grell
        split the pot", "Nobody wins"), ``sub`` (the game's words: with what), and why, from the engine's
        reason code (``round_over``'s ``reason`` and ``params``), in the log as well."""
        winners = tuple(d.get("winners") or ())
        if title is None:
            title = (f"{self.join_names(list(winners))} {'wins' if len(winners) == 1 else several}" if winners
                     else "Nobody wins")
        why = showdown_words(self.state.game_id, d.get("reason"), d.get("params"))
        self.result = RoundResult(title, sub, why, bool(d.get("showdown")), winners)
        self._result_place = None
        if why:
            self.add_log(None, f"Why: {why}.")

    def hold_seconds(self, ev: Event) -> float | None:
        """How long the table holds after ``ev`` (a ``round_over``) before the next deal: ``HOLD_SECONDS``
        when every seat is AI, until a click, Space or Enter when a person plays (None: no hold)."""
        return self.HOLD_SECONDS if not self.session.humans else math.inf

    def start_hold(self) -> None:
        """The hold after a round's end begins (the story holds): the bar offers to go on."""
        last = self.state.is_over
        self.own_buttons([(ActionSpec("Results" if last else "Next hand",
                                      "See how the session ended" if last else "Deal the next hand",
                                      pygame.K_n, "N", primary=True), self.release_hold)])

    def end_hold(self) -> None:
        """The hold is over: the result leaves the felt and the bar is the game's again."""
        self.result = None
        self.rebuild_actions()

    def release_hold(self) -> None:
        """A click, Space or Enter: the next deal goes ahead."""
        if self.story.release():
            self.app.dirty = True

    # ------------------------------------------------------------------ words
    def describe(self, ev: dict[str, Any]) -> str | None:
        """The event (as the eyes may see it) in words; None leaves it out of the log."""
        kind = ev["kind"]
        who = self.names[ev["seat"]] if ev.get("seat") is not None else ""
        if kind == "round_started":
            return f"Round {ev.get('round', '?')} begins."
        if kind == "round_over":
            winners = ev.get("winners") or []
            if not winners:
                return "Nobody wins the round."
            return f"Round {ev.get('round', '?')} goes to {self.join_names(winners)}."
        if kind == "session_over":
            rounds = ev.get("rounds")
            return f"The session is over after {count(rounds, self.ROUND_NOUN)}." if rounds else "The session is over."
        if kind == "pot_won":
            return f"{who} wins {count(int(ev.get('amount') or 0), 'chip')}."
        verb = str(ev.get("action") or kind).replace("_", " ")
        rest = {k: v for k, v in ev.items() if k not in ("kind", "seat", "action") and _short(v)}
        if "amount" in rest:
            words = f"{verb} {rest['amount']:,}" if isinstance(rest["amount"], int) else f"{verb} {rest['amount']}"
        elif 0 < len(rest) <= 2:
            words = verb + " (" + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in rest.items()) + ")"
        else:
            words = verb
        return f"{who}: {words}." if who else words[:1].upper() + words[1:] + "."

    def bet_words(self, who: str, ev: dict[str, Any]) -> str | None:
        """The betting actions every betting table words alike (None for one a game words itself)."""
        a = ev.get("action")
        amount = int(ev.get("amount") or 0)
        if a == "check":
            return f"{who} checks."
        if a == "call":
            return f"{who} calls {amount:,}."
        if a == "fold":
            return f"{who} folds."
        if a == "allin":
            return f"{who} goes all-in with {amount:,}."
        if a == "raise":
            return f"{who} raises to {int(ev.get('wager') or 0):,}."
        return None

    @staticmethod
    def split_words(ev: dict[str, Any]) -> str:
        """" (split 2 ways)" after a pot shared between several winners, else nothing."""
        return f" (split {ev['split']} ways)" if ev.get("split", 1) > 1 else ""

    def join_names(self, seats: list[int]) -> str:
        names = [self.names[s] for s in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def pronoun(self, seat: int) -> str:
        return self.session.seats[seat].pronoun

    def add_log(self, ev: Event | None, text: str = "") -> None:
        """A line in the log: an event (worded for whoever has the screen when it is read) or a fixed text."""
        self.table_log.add(ev, text)

    def log_text(self, line: LogLine) -> str | None:
        return self.table_log.text(line, self.eyes)

    def log_lines(self) -> list[str]:
        """The log as the eyes may read it (the tests read this)."""
        return self.table_log.texts(self.eyes)

    def tag(self, seat: int, text: str, colour: tuple[int, int, int] = theme.AMBER) -> None:
        """Mark ``seat`` as the one that just acted (the last action stays highlighted on the table)."""
        self.tags = {seat: (text, colour)}
        self.last_actor = seat

    # ------------------------------------------------------------------ helpers for subclasses
    def speed(self) -> float:
        return max(0.1, self.app.settings.speed)

    def dur(self, seconds: float) -> float:
        return seconds / self.speed()

    def fly(self, amount: int, src: tuple[float, float], dst: tuple[float, float], delay: float = 0.0,
            duration: float = 0.32, hold: tuple[str, Any] | None = None) -> None:
        """Chips sliding from ``src`` to ``dst``; ``hold`` names where they land (see :class:`ChipFlight`)."""
        if amount > 0:
            self.anims.append(ChipFlight(amount, src, dst, self.stack_d, self.dur(duration), self.app.res,
                                         self.dur(delay), hold))

    def tumble(self, key: tuple[Any, ...], final: Any, draw_face: Callable[[Any, int], pygame.Surface],
               faces: tuple[Any, ...], pos: tuple[float, float], size: int, delay: float = 0.0,
               duration: float = 0.75) -> None:
        self._tumble_seed += 1
        self.anims.append(Tumble(key, final, draw_face, faces, pos, size, self.dur(duration), self._tumble_seed,
                                 self.dur(delay)))

    def banner(self, text: str, sub: str = "", duration: float = 1.6) -> None:
        """A banner stays at least as long as it takes to read (:func:`game.ui.anim.banner_seconds`: the speed
        setting shortens it only down to its reading time at 1.5×)."""
        self.anims.append(Banner(text, sub, banner_seconds(duration, self.speed(), text, sub), self))

    def covered(self) -> set[tuple[Any, ...]]:
        out: set[tuple[Any, ...]] = set()
        for a in self.anims:
            if not a.done:
                out |= a.covers
        return out

    # ------------------------------------------------------------------ flow
    def settled(self) -> bool:
        return self.beat is None and not self.beats and not self.anims

    def busy(self) -> bool:
        if self.beat is not None or self.beats or self.anims or bool(self.tweens):
            return True
        if self.driver.busy() or self.flicker_t >= 0 or self.coach.busy():
            return True
        return not self.synced

    def skip(self) -> None:
        """Finish the current beat and its animations at once (click or Space)."""
        for a in self.anims:
            a.finish()
        self.anims = []
        self.story.skip()

    def on_beat_started(self, beat: Beat) -> None:
        """A beat of the story has just started (its event folded, its animation begun): a table that keeps
        something derived from the picture drops it here. Nothing by default."""

    def fold(self, ev: Event) -> None:
        """Show the view after ``ev``: the engine's reducer over what the eyes may see of it. A reducer that
        fails (a bug) is reported and the picture jumps to the true view when the story ends. The story calls
        this at the first beat of each event (a table extends it to note what the event changed)."""
        if ev.kind == "round_started":
            self.result = None
        before = self.shown
        try:
            self.shown = reduce_view(self.shown, ev.visible_to(self.eyes))
        except Exception as exc:
            self.app.report(f"cannot fold {ev.kind}: {exc!r}")
            return
        self.stage_chips(before, ev)

    def on_beat_ended(self) -> None:
        """The current beat has just ended (or was skipped). Nothing by default."""

    def update(self, dt: float) -> None:
        super().update(dt)
        self._frame_dt = dt
        if self.app.settings.ambience:
            self._update_lamp(dt)
        for a in self.anims:
            a.update(dt)
        if self.anims:
            self.anims = [a for a in self.anims if not a.done]
        self.story.play(dt)
        if self.beat is None and not self.beats and not self.anims and not self.synced:
            self.sync()
        if self.synced:
            self.drive_turn()
        self.coach.update()

    def sync(self) -> None:
        """Nothing is moving: draw exactly what the eyes' view says, and offer the actions."""
        self.synced = True
        self.shown = self.state.view(self.eyes)
        wager = self.shown.get(self.WAGER_KEY)
        if isinstance(wager, list) and len(wager) == self.n:  # the lines never hold more than the view's wagers
            self.line = [min(a, max(0, _chips(w))) for a, w in zip(self.line, wager, strict=True)]
        else:
            self.line = [0] * self.n
        self.rebuild_actions()
        if trace.enabled() and self.my_turn():
            trace.trace("your_turn", seat=self.eyes,
                        buttons={b.label: list(b.rect) for b in self.buttons if b.enabled})

    def drive_turn(self) -> None:
        """The settled table's turn, once a frame: the driver decides, the table shows it. A table that adds
        to the flow (a pause between hands, a replay's pace) extends this."""
        turn = self.driver.step(self._frame_dt, self.eyes, self.needs_curtain)
        if turn.kind == OVER:
            self.on_session_over()
        elif turn.kind == CURTAIN and turn.seat is not None:
            self.app.show_curtain(self, turn.seat)
        elif turn.kind == EYES:
            self.set_eyes(turn.seat)
        elif turn.kind == MOVED:
            self.rebuild_actions()

    def on_session_over(self) -> None:
        """The session has ended (called once): show its results. A table or the campaign shows its own end."""
        self.app.show_results(self)

    _frame_dt = 0.0

    # ------------------------------------------------------------------ acting (people)
    def my_turn(self) -> bool:
        seat = self.state.current_seat
        return (self.synced and self.settled() and seat is not None and seat == self.eyes
                and self.session.is_human(seat))

    def act(self, action: Action) -> None:
        if not self.my_turn():
            return
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.add_log(None, f"Not allowed: {self.refusal(exc)}")
        self.rebuild_actions()

    def refusal(self, reason: Any) -> str:
        """A refusal (a :class:`~game.engine.core.Refusal` from ``state.check``, or an ``IllegalAction``) in the
        players' words, from its code and params (never by reading the engine's English)."""
        return refusal_words(self.state.game_id, str(getattr(reason, "code", "") or ""),
                             dict(getattr(reason, "params", None) or {}), self.names)

    def act_amount(self, kind: str) -> None:
        if self.slider is None or self.slider_kind != kind:
            return
        self.act(Action(kind, amount=self.slider.value))

    def action_specs(self, view: dict[str, Any], legal: list[Action]) -> list[ActionSpec]:
        """The buttons for the legal actions. Default: one per action, amount kinds share a slider."""
        specs: list[ActionSpec] = []
        seen: set[str] = set()
        used: set[int] = set()
        for act in legal:
            if act.kind in seen and self.state.amount_range(act.kind) is not None:
                continue
            ranged = self.state.amount_range(act.kind) is not None and act.get("amount") is not None
            label = act.kind.replace("_", " ").capitalize()
            if not ranged and act.fields:
                label += " " + " ".join(str(v) for _, v in act.fields)
            key = pick_key(label, used)
            spec = ActionSpec(label, f"{label}", key=key, key_label=pygame.key.name(key).upper() if key else "")
            if ranged:
                spec.amount_kind = act.kind
                seen.add(act.kind)
            else:
                spec.action = act
            specs.append(spec)
        return specs

    def rebuild_actions(self) -> None:
        """Recreate the action bar for the current turn (enabled only when a person here may act)."""
        mine = self.my_turn()
        legal = self.state.legal_actions() if mine else []
        view = self.shown
        try:
            specs = self.action_specs(view, legal) if mine else self.idle_specs(view)
        except Exception as exc:
            self.app.report(f"cannot build the action buttons: {exc}")
            specs = []
        bar = self.bar
        bar.specs = specs
        bar.pick_slider(specs if mine else [], self.state.amount_range,
                        lambda kind, lo, hi: self.slider_step(kind, lo, hi, view))
        for spec in specs:
            if not (spec.enabled and mine):
                bar.say_why_greyed(spec, lambda spec: self.why_greyed(spec, view), mine)
        self.put_buttons(specs, [self.button_callback(spec) for spec in specs], live=mine)

    # ------------------------------------------------------------------ why a button is greyed
    def why_greyed(self, spec: ActionSpec, view: dict[str, Any]) -> str | None:
        """Why ``spec`` is greyed, in the table's words, from the engine's refusal of what it would play (None:
        the button's own tooltip already says what to do, e.g. "pick a card first")."""
        state = self.state
        wait = self.wait_words()
        if wait is not None:
            return wait
        probe = self.greyed_probe(spec, view)
        if probe is None:
            return None
        why = state.check(probe)
        return None if why is None else self.greyed_words(spec, why, view)

    def wait_words(self) -> str | None:
        """Why the eyes cannot act at all now (whose turn it is, the session over, the table still moving), or
        None on their turn."""
        state = self.state
        seat = state.current_seat
        if state.is_over or seat is None:
            return refusal_words(state.game_id, "session_over", {}, self.names)
        if seat != self.eyes or not self.session.is_human(seat):
            return refusal_words(state.game_id, "not_your_turn", {"current_seat": seat}, self.names)
        if not self.my_turn():
            return "Wait a moment: the table is still playing out the last move."
        return None

    def greyed_probe(self, spec: ActionSpec, view: dict[str, Any]) -> Action | None:
        """The action a greyed button stands for, to ask the engine why not: its action, or its amount kind at
        the smallest amount the table would offer."""
        if spec.action is not None or spec.probe is not None:
            return spec.action or spec.probe
        if spec.amount_kind:
            rng = self.state.amount_range(spec.amount_kind)
            low = rng[0] if rng else max(1, int(view.get("min_bet") or view.get("ante") or 1))
            return Action(spec.amount_kind, amount=low)
        return None

    def greyed_words(self, spec: ActionSpec, why: Any, view: dict[str, Any]) -> str:
        """The words for the engine's refusal ``why`` of a greyed button (tables add what their view says when
        the code alone is bare, e.g. an ``unknown_action`` raise: the cap, or the chips to afford it)."""
        return self.refusal(why)

    def slider_step(self, kind: str, lo: int, hi: int, view: dict[str, Any]) -> int:
        """How far one notch of the amount slider moves (default: the minimum bet, on a wide range)."""
        return max(1, int(view.get("min_bet", 1) or 1)) if hi - lo >= 10 else 1

    def put_buttons(self, specs: list[ActionSpec], callbacks: list[Callable[[], None] | None],
                    live: bool = True) -> None:
        """Show ``specs`` on the bar, each button calling its callback (enabled when its spec is and the bar is
        ``live``), and lay the bar out."""
        self.bar.put(specs, callbacks, live)

    def own_buttons(self, pairs: list[tuple[ActionSpec, Callable[[], None]]]) -> None:
        """Buttons that drive the table itself rather than the game (a replay's controls, the pause between
        campaign hands): each spec with its callback, and no amount slider."""
        self.bar.own(pairs)

    def button_callback(self, spec: ActionSpec) -> Callable[[], None] | None:
        if spec.amount_kind:
            kind = spec.amount_kind
            return lambda: self.act_amount(kind)
        if spec.action is not None:
            action = spec.action
            return lambda: self.act(action)
        return None

    def idle_specs(self, view: dict[str, Any]) -> list[ActionSpec]:
        """Disabled buttons shown while someone else acts (so the bar does not jump around): the buttons the
        view would offer, with no legal action behind them."""
        specs = self.action_specs(view, [])
        for spec in specs:
            spec.enabled = False
        return specs

    def amount_label(self, spec: ActionSpec) -> str:
        """An amount button's label at the slider's amount (see :meth:`ActionBar.amount_label`)."""
        return self.bar.amount_label(spec)

    def amount_words(self, label: str, kind: str | None, amount: int, view: dict[str, Any] | None = None) -> str:
        """The words of an amount button for ``amount`` (the engine's amount): every table says a raise the same
        way, "Raise to N", N the total the seat's bet becomes this round (see :meth:`raise_to`)."""
        if kind == "raise":
            return f"Raise to {self.raise_to(amount, view):,}"
        return f"{label} {amount:,}"

    def raise_to(self, amount: int, view: dict[str, Any] | None = None) -> int:
        """The total the eyes' bet this round becomes with a raise of engine amount ``amount``. Default: the
        engine's raise amount is on top of the current bet (the call), so the total is the bet plus it."""
        v = self.shown if view is None else view
        return int(v.get("current_bet") or 0) + int(amount)

    def shown_amount(self, kind: str | None, amount: int) -> int:
        """An engine amount as the screen says it (a raise as the total it raises to)."""
        return self.raise_to(amount) if kind == "raise" else amount

    def _layout_bar(self) -> None:
        """Lay the action bar out again (a table that changed its slider by hand calls this)."""
        self.bar.layout()

    def slider_reach(self) -> pygame.Rect:
        """Everything the amount slider draws (see :meth:`ActionBar.slider_reach`)."""
        return self.bar.slider_reach()

    # ------------------------------------------------------------------ input
    def handle(self, ev: Input) -> None:
        if ev.kind == "move":
            self.hover_pos = ev.pos
            self.bar.hover(ev)
            self.menu_button.handle(ev)
            self.coach.handle(ev)
            return
        if self.menu_button.handle(ev) or self.coach.handle(ev):
            return
        if ev.kind == "key" and ev.action == "back":
            self.open_menu()
            return
        if self.holding and ev.kind == "key" and ev.action == "confirm":
            self.release_hold()
            return
        if self.bar.handle(ev, self.my_turn()):
            return
        if self.coach.handle_key(ev):
            return
        if ev.kind == "wheel" and self.log_rect.collidepoint(ev.pos):
            self.table_log.scroll_by(ev.wheel)
            return
        if (ev.kind == "key" and ev.action == "skip") or (ev.kind == "down" and ev.button == 1
                                                          and self.area.collidepoint(ev.pos)):
            self.skip()

    def open_menu(self) -> None:
        self.app.show_table_menu(self)

    # ------------------------------------------------------------------ drawing
    def background(self) -> pygame.Surface:
        """Room and felt, rendered once per window size (the costly, static part of every frame)."""
        if self._bg is None or self._bg.get_size() != self.size:
            self._bg = self.app.backdrop.table_room(self.size, self.area, self.felt, self.FELT, self.u,
                                                    clear=self.prop_clearance())
            self.decorate(self._bg)
            # the part of the room the lamp's stutter dims, already dimmed: the flicker is a plain blit of it,
            # never a blend (only the lit felt and its rim, not a second copy of the whole 1080p room)
            g = glow(int(self.felt.w * 0.55), int(self.felt.h * 0.55), (0, 0, 0), 60, keep=False)
            rect = g.get_rect(center=self.felt.center).clip(self._bg.get_rect())
            self._bg_dim = self._bg.subsurface(rect).copy()
            self._bg_dim.blit(g, g.get_rect(center=self.felt.center).move(-rect.x, -rect.y))
            self._bg_dim_rect = rect
        return self._bg

    def prop_clearance(self) -> list[pygame.Rect]:
        """Where the rail's props may not stand: every seat's plate and the ground its pieces cover now (a
        table whose pieces grow as the round goes names their largest ground instead)."""
        pad = int(8 * self.u)
        seats = [self.seat_geo[s]["plate"].inflate(pad, pad).union(self.pieces_rect(s)) for s in range(self.n)]
        # nor on the middle's pieces that reach the rail at a crowded table (spike dice, a pot), nor the chips
        return seats + [self.centre_rect(), self.pot_rect()] + [self.chips_rect(s) for s in range(self.n)]

    def lamp_patch(self, bg: pygame.Surface) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The dimmed patch to lay over ``bg`` while the lamp stutters (only over the room it was cut from)."""
        if bg is self._bg and self._bg_dim is not None and self.flicker_level():
            return self._bg_dim, self._bg_dim_rect
        return None

    def decorate(self, bg: pygame.Surface) -> None:
        """Static extras a game draws into its background (printed felt markings)."""

    def items(self) -> list[Item]:
        """Every part of the picture, in drawing order (layer 0 under the animations, 1 and 2 over them)."""
        covered = self.covered()
        mid = frozenset(k for k in covered if len(k) < 2)
        out = [
            Item("lamp", self.felt.inflate(int(self.felt.w * 0.1), int(self.felt.h * 0.1)), self.flicker_level(),
                 _nothing),
            Item("pot", self.pot_rect(), self.pot_sig(), self.draw_pot),
            Item("centre", self.centre_rect(), (repr(self.centre_sig()), mid),
                 lambda surf: self.draw_centre(surf, covered)),
        ]
        for seat in range(self.n):
            out.append(Item(f"chips{seat}", self.chips_rect(seat), self.chips_sig(seat),
                            lambda surf, seat=seat: self.draw_seat_chips(surf, seat)))
        for seat in range(self.n):
            mine = frozenset(k for k in covered if len(k) >= 2 and k[1] == seat)
            out.append(Item(f"seat{seat}", self.seat_rect(seat), (self.seat_sig(seat), mine),
                            lambda surf, seat=seat: self.draw_seat(surf, seat, covered)))
        if self.result is not None:
            out.append(Item("result", self.result_rect(), (self.result, self.u), self.draw_result, 1))
        out.append(Item("top", pygame.Rect(0, 0, self.size[0], self.top_h), self.top_sig(), self.draw_top, 1))
        out.append(Item("bar", self.bar_rect.copy(), self.bar_sig(), self.draw_bar, 1))
        out.append(Item("log", self.log_rect.copy(), (self.table_log.version, self.coach.reserved()),
                        self.draw_log, 1))
        out += self.coach.items()
        tip = self.tooltip()
        if tip is not None:
            text, anchor = tip
            rect = tooltip_rect(self.text, text, anchor, pygame.Rect((0, 0), self.size), int(15 * self.u))
            out.append(Item("tooltip", rect, (text, tuple(anchor)), self.draw_tooltip, 2))
        return out

    def draw(self, surf: pygame.Surface) -> None:
        """Draw everything (after a scene change or resize)."""
        self._paint(surf, incremental=False)

    def draw_dirty(self, surf: pygame.Surface) -> list[pygame.Rect]:
        """Redraw only what changed since the last frame on ``surf``; returns the areas redrawn."""
        return self._paint(surf, incremental=True)

    # ------------------------------------------------------------------ the round's result
    def _result_lines(self, scale: float | None = None) -> list[tuple[str, int, tuple[int, int, int], str]]:
        """The result panel's lines at ``scale`` (default: the scale :meth:`result_rect` chose)."""
        r = self.result
        assert r is not None
        u = self.u * (self._result_scale if scale is None else scale)
        lines = [(r.title, max(18, int(32 * u)), theme.AMBER, "head")]
        room = int(min(self.area.w * 0.46, 400 * u))  # narrow enough to find a clear place at six seats
        size = max(11, int(17 * u))  # never smaller than the log's words
        for text, colour, role in ((r.sub, theme.CREAM, "text"), (r.why, theme.GOOD, "bold")):
            if text:
                lines += [(line, size, colour, role) for line in self.text.wrap(text, size, room, role)]
        return lines

    def keep_clear(self) -> list[tuple[pygame.Rect, int]]:
        """What the result panel must not cover, each with a weight: the middle's pieces (the deciding die,
        cube or board cards), the pot, then the seats' zones (their hands, revealed at a showdown, and chips)."""
        out = [(self.centre_rect(), 8), (self.pot_rect(), 4)]
        out += [(self.pieces_rect(s), 6) for s in range(self.n)]
        out += [(self.seat_rect(s), 2) for s in range(self.n)]
        out += [(self.chips_rect(s), 2) for s in range(self.n)]  # the seats' stacks and bets
        return out

    def result_rect(self) -> pygame.Rect:
        """Where the result panel goes: the place nearest the middle of the felt that covers the least of
        :meth:`keep_clear`; where no place at full size is clear (a crowded table), the panel is set smaller
        (down to 60 %) before it may cover anything (searched once per result and layout)."""
        clear = self.keep_clear()
        key = (self.result, self.size, tuple((tuple(r), k) for r, k in clear))
        if self._result_place is not None and self._result_place[0] == key:
            return self._result_place[1]
        best: tuple[int, float, pygame.Rect] | None = None
        for scale in (1.0, 0.86, 0.72, 0.6):
            lines = self._result_lines(scale)
            u = self.u * scale
            w = max(self.app.res.font(role, size).size(t)[0] for t, size, _, role in lines) + int(40 * u)
            h = sum(self.app.res.font(role, size).get_linesize() for _, size, _, role in lines) + int(18 * u)
            w = min(w, self.area.w - int(8 * self.u))
            rect = self.clear_spot(w, h, clear)
            cost = sum(rect.clip(c).w * rect.clip(c).h for c, _ in clear)
            if best is None or cost < best[0]:
                best = (cost, scale, rect)
            if cost == 0:
                break
        assert best is not None
        self._result_scale = best[1]
        self._result_place = (key, best[2])
        return best[2]

    def clear_spot(self, w: int, h: int, clear: list[tuple[pygame.Rect, int]] | None = None) -> pygame.Rect:
        """A ``w``×``h`` place on the felt, as near its middle as it can be while covering the least of
        :meth:`keep_clear` (the result panel and the banners go there: nothing covers the deciding piece)."""
        u = self.u
        if clear is None:
            clear = self.keep_clear()
        area = self.area.inflate(-int(8 * u), -int(8 * u))
        cx, cy = self.centre
        best: tuple[float, pygame.Rect] | None = None
        step = max(4, int(6 * u))
        for dx in (0, -0.1, 0.1, -0.2, 0.2, -0.3, 0.3, -0.4, 0.4, -0.5, 0.5, -0.6, 0.6):  # out to the rail
            for y in range(area.top, area.bottom - h + 1, step):
                r = pygame.Rect(0, y, w, h)
                r.centerx = int(cx + dx * self.felt.w)
                r.clamp_ip(area)
                cost = 0.0
                for c, weight in clear:
                    o = r.clip(c)
                    cost += weight * o.w * o.h
                # covering anything costs more than any distance from the middle: far and clear beats near
                cost = 100 * cost + 0.02 * (abs(r.centerx - cx) + abs(r.centery - cy)) * w
                if best is None or cost < best[0]:
                    best = (cost, r)
        return best[1] if best is not None else pygame.Rect(0, 0, w, h)

    def draw_result(self, surf: pygame.Surface) -> None:
        r = self.result_rect()
        u = self.u * self._result_scale
        panel(surf, r, (10, 10, 14), theme.AMBER, radius=int(12 * u), alpha=238, width=2)
        y = r.y + int(8 * u)
        for text, size, colour, role in self._result_lines():
            img = self.text.render(text, size, colour, role)
            room = r.w - int(16 * u)
            if img.get_width() > room:  # a very narrow window: shrink the line rather than cut it
                note_clipped(text)
                img = pygame.transform.smoothscale(img, (room, max(1, img.get_height() * room // img.get_width())))
            surf.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += self.app.res.font(role, size).get_linesize()

    # ------------------------------------------------------------------ the lamp
    def flicker_level(self) -> int:
        """1 while the lamp is dimmed in its stutter (a few frames every few seconds), else 0."""
        if self.flicker_t < 0:
            return 0
        pattern = (1, 0, 1, 1, 0)
        return pattern[min(len(pattern) - 1, int(self.flicker_t / 0.05))]

    def _update_lamp(self, dt: float) -> None:
        if self.flicker_t >= 0:
            self.flicker_t += dt
            if self.flicker_t > 0.25:
                self.flicker_t = -1.0
                self.flicker_in = self._flicker_rng.uniform(4.0, 9.0)
        else:
            self.flicker_in -= dt
            if self.flicker_in <= 0:
                self.flicker_t = 0.0

    def wake_in(self) -> float | None:
        """The lamp's next stutter: the only thing that moves while everyone thinks."""
        return max(0.0, self.flicker_in) if self.flicker_t < 0 and self.app.settings.ambience else None

    _last: dict[str, tuple[pygame.Rect, Any]] | None = None
    _last_anim_rects: ClassVar[list[pygame.Rect]] = []  # replaced per instance on the first paint
    _last_size: tuple[int, int] = (0, 0)

    def _paint(self, surf: pygame.Surface, incremental: bool) -> list[pygame.Rect]:
        bg = self.background()
        patch = self.lamp_patch(bg)
        items = self.items()
        anims = [(a, a.bounds()) for a in self.anims]
        arects = [r for _, r in anims if r is not None]
        screen = surf.get_rect()
        last = self._last
        full = not incremental or last is None or self._last_size != surf.get_size()
        dirty: list[pygame.Rect] = []
        if not full:
            assert last is not None
            for it in items:
                old = last.get(it.key)
                if old is None:
                    dirty.append(it.rect)
                elif old[1] != it.sig or old[0] != it.rect:
                    dirty += [old[0], it.rect]
            keys = {it.key for it in items}
            dirty += [r for k, (r, _) in last.items() if k not in keys]
            dirty += self._last_anim_rects + arects
            dirty = merge_rects([r.clip(screen) for r in dirty if r.w > 0 and r.h > 0])
            if sum(r.w * r.h for r in dirty) > 0.6 * screen.w * screen.h:
                full = True
        if full:
            dirty = [screen]
        for r in dirty:
            surf.set_clip(r)
            surf.blit(bg, r, r)
            if patch is not None and r.colliderect(patch[1]):
                part = r.clip(patch[1])
                surf.blit(patch[0], part, part.move(-patch[1].x, -patch[1].y))
            for it in items:
                if it.layer == 0 and it.rect.colliderect(r):
                    with self.regions.region(ITEM_REGIONS.get(it.key, it.key)):
                        it.draw(surf)
            for a, ar in anims:
                if ar is not None and ar.colliderect(r):
                    with self.regions.region("banner" if isinstance(a, Banner) else ""):
                        a.draw(surf)
            for it in items:
                if it.layer > 0 and it.rect.colliderect(r):
                    with self.regions.region(ITEM_REGIONS.get(it.key, it.key)):
                        it.draw(surf)
        surf.set_clip(None)
        self._last = {it.key: (it.rect.copy(), it.sig) for it in items}
        self._last_anim_rects = arects
        self._last_size = surf.get_size()
        return dirty

    def paint_recorded(self, surf: RecordingSurface) -> RegionRecorder:
        """Paint one whole frame on ``surf`` with the region recorder on (the layout bench): the caches that
        would hide a shortened text (the name plates, the log) are redrawn first."""
        self._plates.clear()
        self.log_panel.forget()
        with self.regions.record(surf):
            self._paint(surf, incremental=False)
        self._last = None  # the next frame on the real window paints it whole
        return self.regions

    # ------------------------------------------------------------------ the pot
    def pot_amount(self) -> int:
        """The chips in the middle, as the view tells them (games shape their pots differently)."""
        return _chips(self.shown.get("pot", 0))

    def pot_label(self) -> str:
        pot = self.pot_amount()
        label = f"POT {pot:,}"
        pots = self.shown.get("pots") or []
        stacks = self.shown.get("stacks") or []
        all_in = any(stacks[s] == 0 and not self.seat_out(s) for s in range(min(self.n, len(stacks))))
        if isinstance(pots, list) and len(pots) > 1 and all_in:  # side pots matter once someone is all-in
            label += "  (" + " + ".join(f"{_chips(p):,}" for p in pots) + ")"
        carry = _chips(self.shown.get("carry") or 0)
        if carry:
            label += f"  incl. {carry:,} carried"
        return label

    def pot_sig(self) -> Any:
        return (self.pot_amount(), self.pot_label(), self.pile_amount())

    def pile_amount(self) -> int:
        """The chips drawn in the pot's pile (the pot less the bets still on their lines and chips in flight)."""
        return max(0, self.pot_amount() - self.off_pile(self.bet_pot_key()))

    def _pot_layout(self) -> tuple[pygame.Rect, pygame.Surface, pygame.Rect]:
        pos = self.pot_pos()
        chips = pile_rect(self.pot_amount(), (pos[0], pos[1] + 2), self.chip_d).inflate(6, 4)
        img = self.text.render(self.pot_label(), int(16 * self.u), theme.CREAM, "bold")
        box = img.get_rect(midtop=(int(pos[0]), int(pos[1] + 6 * self.u))).inflate(int(16 * self.u), int(6 * self.u))
        return chips, img, box

    def pot_rect(self) -> pygame.Rect:
        chips, _, box = self._pot_layout()
        return chips.union(box) if chips.w > 6 else box

    def draw_pot(self, surf: pygame.Surface) -> None:
        pos = self.pot_pos()
        draw_pile(surf, self.pile_amount(), pos, self.chip_d, self.app.res)
        _, img, box = self._pot_layout()
        panel(surf, box, (12, 10, 8), theme.BRASS_DARK, radius=box.h // 2, alpha=200, width=1)
        surf.blit(img, img.get_rect(center=box.center))

    # ------------------------------------------------------------------ the seats' chips
    def chips_rect(self, seat: int) -> pygame.Rect:
        """Where the seat's stacks and its betting line are drawn (the largest they are drawn now)."""
        r = stack_rect(self.shown_stack(seat), self.stack_spot(seat), self.stack_d)
        if self.line[seat] > 0:
            r = r.union(self._line_rect(seat)) if r.w else self._line_rect(seat)
        return r

    def _line_rect(self, seat: int) -> pygame.Rect:
        spot = self.bet_spot(seat)
        r = stack_rect(self.line[seat], spot, self.stack_d)
        label = pygame.Rect(0, 0, max(r.w, int(44 * self.u)), int(16 * self.u))
        label.midtop = (int(spot[0]), int(spot[1]) + 1)
        return r.union(label)

    def chips_sig(self, seat: int) -> Any:
        line = self.line[seat] > 0  # the bet spot follows the pieces: looked up only while a bet stands there
        return (self.shown_stack(seat), self.shown_line(seat), self.stack_spot(seat),
                self.bet_spot(seat) if line else None, self.stack_d)

    def draw_seat_chips(self, surf: pygame.Surface, seat: int) -> None:
        """The seat's own chips in stacks, and its bet on its line with the amount under it."""
        with self.regions.region(f"seat{seat}.stack"):
            draw_stacks(surf, self.shown_stack(seat), self.stack_spot(seat), self.stack_d, self.app.res)
        line = self.shown_line(seat)
        if line > 0:
            spot = self.bet_spot(seat)
            with self.regions.region(f"seat{seat}.bet"):
                draw_stacks(surf, line, spot, self.stack_d, self.app.res)
                self.text.blit(surf, f"{line:,}", int(max(11, 13 * self.u)), theme.CREAM, "bold",
                               midtop=(int(spot[0]), int(spot[1]) + 1))

    # ------------------------------------------------------------------ the middle
    def centre_rect(self) -> pygame.Rect:
        return self.felt.inflate(-self.felt.w // 3, -self.felt.h // 3)

    def centre_sig(self) -> Any:
        return None

    def draw_centre(self, surf: pygame.Surface, covered: set[tuple[Any, ...]]) -> None:
        """The shared pieces in the middle of the felt (subclasses)."""

    # ------------------------------------------------------------------ seats
    def seat_status(self, seat: int) -> str:
        return ""

    def seat_out(self, seat: int) -> bool:
        return False

    def is_turn(self, seat: int) -> bool:
        """The seat to act, once the table has settled (while events play out, the actor is tagged instead)."""
        return self.synced and self.shown.get("current_seat") == seat and not self.shown.get("is_over")

    def pieces_rect(self, seat: int) -> pygame.Rect:
        """Where a game draws its pieces for ``seat`` (subclasses with pieces narrow this down)."""
        r = pygame.Rect(0, 0, self.plate[0], int(70 * self.u))
        c = self.inward(seat, 36 * self.u)
        r.center = (int(c[0]), int(c[1]))
        return r

    def pieces_sig(self, seat: int) -> Any:
        """Everything a game's pieces at ``seat`` depend on (default: every per-seat list in the view)."""
        return tuple((k, repr(v[seat])) for k, v in self.shown.items()
                     if isinstance(v, list) and len(v) == self.n and k != "stacks")

    def seat_rect(self, seat: int) -> pygame.Rect:
        r: pygame.Rect = self.seat_geo[seat]["plate"]
        out = self._glow_rect(r).union(self.pieces_rect(seat))
        tag = self.tags.get(seat)
        if tag:
            out.union_ip(self.tag_box(seat, tag[0]))
        rad = int(11 * self.u)
        out.union_ip(pygame.Rect(r.x - rad // 2 - rad - 1, r.y + rad // 2 - rad - 1, 2 * rad + 2, 2 * rad + 2))
        return out

    def seat_sig(self, seat: int) -> Any:
        stacks = self.shown.get("stacks") or []
        return (self.names[seat], stacks[seat] if seat < len(stacks) else 0, self.is_turn(seat), self.seat_out(seat),
                self.seat_status(seat), seat == self.eyes, self.shown.get("dealer") == seat, self.tags.get(seat),
                repr(self.pieces_sig(seat)), self.u)

    def _plate(self, seat: int) -> pygame.Surface:
        """The seat's name plate, cached until anything on it changes."""
        r: pygame.Rect = self.seat_geo[seat]["plate"]
        u = self.u
        turn = self.is_turn(seat)
        out = self.seat_out(seat)
        stacks = self.shown.get("stacks") or []
        stack = stacks[seat] if seat < len(stacks) else 0
        status = self.seat_status(seat) or ("TO ACT" if turn else "")
        key = (r.size, turn, out, stack, status, seat == self.eyes, self.names[seat], u)
        cached = self._plates.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        s = pygame.Surface(r.size, pygame.SRCALPHA)
        box = s.get_rect()
        fill = (22, 20, 18) if not out else (16, 16, 18)
        edge = theme.TURN if turn else (theme.BRASS if not out else (60, 58, 54))
        panel(s, box, fill, edge, radius=int(10 * u), width=3 if turn else 2)
        ink = theme.CREAM if not out else theme.TEXT_FAINT
        name = self.names[seat] + (" (you)" if seat == self.eyes else "")
        pad = int(10 * u)
        named = self.text.blit(s, self.text.fit(name, int(17 * u), box.w - 2 * pad - int(18 * u), "bold"),
                               int(17 * u), ink, "bold", topleft=(pad, int(6 * u)))
        chips = self.text.blit(s, f"{stack:,}", int(16 * u), theme.AMBER if not out else theme.TEXT_FAINT, "bold",
                               bottomleft=(pad, box.h - int(6 * u)))
        if status:  # in the room right of the chip count ("1,819 STRAIGHT KHYRON" once ran into each other)
            from game.ui.plate_status import status_lines

            room = box.w - pad - chips.right - int(8 * u)
            ink = theme.TURN if turn else theme.TEXT_DIM
            font = self.app.res.font
            # a smaller face first, then two lines (the upper one right of the name), shortened only past that
            top = int(13 * u)
            size, lines = status_lines(status, room, box.w - pad - named.right - int(8 * u),
                                       range(top, min(top, max(9, int(10 * u))) - 1, -1),
                                       lambda px, words: font("bold", px).size(words)[0])
            y = box.h - int(7 * u)
            for line in reversed(lines or [self.text.fit(status, size, room, "bold")]):
                self.text.blit(s, line, size, ink, "bold", bottomright=(box.w - pad, y))
                y -= font("bold", size).get_ascent()
        if not self.session.is_human(seat) and self.session.seats[seat].agent != "remote":  # a network player: no tag
            self.text.blit(s, "AI", int(12 * u), theme.TEXT_DIM, "bold", topright=(box.w - pad, int(7 * u)))
        self._plates[seat] = (key, s)
        return s

    @staticmethod
    def _glow_rect(plate: pygame.Rect) -> pygame.Rect:
        """Where the turn highlight's glow around ``plate`` reaches."""
        g = pygame.Rect(0, 0, 2 * int(plate.w * 0.72), 2 * int(plate.h * 1.15))
        g.center = plate.center
        return g

    def draw_seat(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        r: pygame.Rect = self.seat_geo[seat]["plate"]
        regions = self.regions
        if self.is_turn(seat):
            gl = glow(int(r.w * 0.72), int(r.h * 1.15), theme.TURN, 170)
            with regions.region(""):  # the turn glow is light on the felt, not a piece
                surf.blit(gl, self._glow_rect(r))
        with regions.region(f"seat{seat}.plate"):
            surf.blit(self._plate(seat), r)
            if seat == self.shown.get("dealer"):
                self.draw_dealer_button(surf, r)
        with regions.region(f"seat{seat}.hand"):
            self.draw_seat_pieces(surf, seat, covered)
        tag = self.tags.get(seat)
        if tag:
            with regions.region(f"seat{seat}.tag"):
                self.draw_tag(surf, seat, tag[0], tag[1])

    def draw_dealer_button(self, surf: pygame.Surface, plate: pygame.Rect) -> None:
        rad = int(11 * self.u)
        c = (plate.x - rad // 2, plate.y + rad // 2)
        pygame.draw.circle(surf, theme.BRASS, c, rad)
        pygame.draw.circle(surf, theme.BRASS_DARK, c, rad, 2)
        self.text.blit(surf, self.dealer_letter(), int(14 * self.u), (30, 20, 6), "bold", center=c)

    def dealer_letter(self) -> str:
        return "D"

    def draw_seat_pieces(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        """A game's pieces at a seat (dice, cards, bets)."""

    def tag_box(self, seat: int, text: str) -> pygame.Rect:
        r: pygame.Rect = self.seat_geo[seat]["plate"]
        img = self.text.render(text, int(14 * self.u), (24, 16, 6), "bold")
        box = img.get_rect().inflate(int(14 * self.u), int(6 * self.u))
        if abs(self.seat_geo[seat]["in"][1]) > 0.6:  # top and bottom seats: beside the plate, clear of the dice
            box.midleft = (r.right + int(6 * self.u), r.centery)
            if box.right > self.area.right:
                box.midright = (r.left - int(6 * self.u), r.centery)
        else:  # seats at the sides: on the plate's top edge (their pieces lie inward, to the side)
            box.midbottom = (r.centerx, r.top + int(4 * self.u))
        return box

    def draw_tag(self, surf: pygame.Surface, seat: int, text: str, colour: tuple[int, int, int]) -> None:
        box = self.tag_box(seat, text)
        img = self.text.render(text, int(14 * self.u), (24, 16, 6), "bold")
        pygame.draw.rect(surf, colour, box, border_radius=box.h // 2)
        surf.blit(img, img.get_rect(center=box.center))

    # ------------------------------------------------------------------ bars and log
    def status_line(self) -> str:
        """Whose turn it is and in what phase; while events play out, what is happening."""
        if not self.synced and self.log:
            text = self.log_text(self.log[-1])
            if text:
                return text
        v = self.shown
        if v.get("is_over") or self.state.is_over:
            return "The session is over"
        seat = v.get("current_seat")
        if seat is None:
            return ""
        phase = self.PHASES.get(str(v.get("phase")), "")
        who = "Your turn" if seat == self.eyes and self.session.is_human(seat) else f"{self.names[seat]} to act"
        if not self.session.is_human(seat):
            who = f"{self.names[seat]} is thinking…" if self.synced else f"{self.names[seat]} to act"
        return f"{who}" + (f"  ·  {phase}" if phase else "")

    def header(self) -> str:
        """The top bar's words: the round's result while it is held on the felt ("Showdown · Vexa wins"),
        else :meth:`status_line` (whose turn, in what phase; the tables word that)."""
        if self.result is not None:
            return ("Showdown" if self.result.showdown else "Round over") + "  ·  " + self.result.title
        return self.status_line()

    def round_info(self) -> str:
        rnd = self.shown.get("round")
        info = f"Round {rnd}" if rnd else ""
        limit = (self.shown.get("options") or {}).get("rounds")
        if limit and info:
            info += f" of {limit}"
        return info

    def top_sig(self) -> Any:
        b = self.menu_button
        return (self.header(), self.round_info(), self.my_turn(), b.hover, b.pressed, self.u,
                self.coach.top_sig())

    def draw_top(self, surf: pygame.Surface) -> None:
        u = self.u
        bar = pygame.Rect(0, 0, self.size[0], self.top_h)
        pygame.draw.rect(surf, (8, 9, 13), bar)
        pygame.draw.line(surf, theme.BRASS_DARK, bar.bottomleft, bar.bottomright, 2)
        title = f"{self.state.title.upper()}"
        r = self.text.blit(surf, title, int(28 * u), theme.AMBER, "head", midleft=(int(14 * u), bar.centery))
        ri = self.text.blit(surf, self.round_info(), int(15 * u), theme.TEXT_DIM, "text",
                            midleft=(r.right + int(16 * u), bar.centery))
        status = self.header()
        if status:
            mine = self.my_turn()
            colour = theme.TURN if mine else theme.CREAM
            self.blit_header(surf, status, int(21 * u) if mine else int(19 * u), colour, ri if ri.w > 1 else r)
        self.menu_button.draw(surf, self.text, int(15 * u))
        self.coach.draw_button(surf)

    # ------------------------------------------------------------------ the header's room (play-test #13)
    def top_buttons(self) -> list[Button]:
        """The buttons in the top bar right of the header; a table that adds one (Better Hintaro's Market) adds
        it here, so the header never runs under it."""
        out = [self.menu_button]
        if self.coach.has_button():
            self.coach.dock()
            out.append(self.coach.button)
        return out

    def blit_header(self, surf: pygame.Surface, words: str, size: int, colour: tuple[int, int, int],
                    left: pygame.Rect) -> None:
        """The header between what sits left of it (title, round) and the top bar's buttons: near the middle of
        the felt where it fits, a smaller face before it is shortened (and a shortened one is recorded)."""
        u = self.u
        lo = left.right + int(16 * u)
        hi = min((b.rect.x for b in self.top_buttons() if b.rect.w > 0), default=self.size[0]) - int(12 * u)
        room = max(1, hi - lo)
        smallest = max(10, int(14 * u))
        while size > smallest and self.text.res.font("bold", size).size(words)[0] > room:
            size -= 1
        words = self.text.fit_head(words, size, room, "bold")  # a long log line: what happens, before its colon
        w = self.text.res.font("bold", size).size(words)[0]
        cx = min(max(self.area.centerx + int(60 * u), lo + w // 2), hi - w // 2)
        self.text.blit(surf, words, size, colour, "bold", center=(cx, self.top_h // 2))

    def bar_sig(self) -> Any:
        """What the action bar's picture depends on (see :meth:`ActionBar.sig`)."""
        return self.bar.sig()

    def draw_bar(self, surf: pygame.Surface) -> None:
        self.bar.draw(surf)

    def bar_words(self) -> str:
        """The words over the action bar: while the table holds on a round's end, how to go on; else the
        table's :meth:`bar_heading`."""
        if self.holding:
            if self.session.humans:
                return "ROUND OVER: click the table, Space or Enter to go on"
            return "Round over: the table goes on in a moment (click or Space to go on now)"
        return self.bar_heading()

    def bar_heading(self) -> str:
        if self.my_turn():
            return "YOUR MOVE: click a button or press its key"
        if self.state.is_over:
            return "Session over"
        if not self.settled():
            return "Space or click the table to skip the animation"
        return "Waiting for the table…"

    def tooltip(self) -> tuple[str, pygame.Rect] | None:
        """The tooltip under the pointer, and the button it belongs to."""
        tip = self.bar.tooltip(self.hover_pos)
        if tip is not None:
            return tip
        if self.menu_button.rect.collidepoint(self.hover_pos):
            return self.menu_button.tooltip, self.menu_button.rect
        return self.coach.button_tip(self.hover_pos)

    def draw_tooltip(self, surf: pygame.Surface) -> None:
        tip = self.tooltip()
        if tip is not None:
            draw_tooltip(surf, self.text, tip[0], tip[1], int(15 * self.u))

    def draw_log(self, surf: pygame.Surface) -> None:
        self.log_panel.draw(surf)


#: the region an item's paint belongs to when its drawing names none of its own (see game.ui.regions)
ITEM_REGIONS = {"lamp": "", "pot": "pot.main", "top": "header", "bar": "bar", "log": "log", "result": "result",
                "tooltip": "tooltip"}


def _chips(value: Any) -> int:
    """A chip count from a view value: an int, a pot record with an amount, or a list of them."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return max(0, value)
    if isinstance(value, dict):
        for key in ("amount", "chips", "total", "size"):
            if isinstance(value.get(key), int):
                return max(0, value[key])
        return 0
    if isinstance(value, (list, tuple)):
        return sum(_chips(v) for v in value)
    return 0


def _short(v: Any) -> bool:
    return isinstance(v, (int, str)) and len(str(v)) <= 24


_pick_key = pick_key  # (the generic table's name for it)


def shade_table(surf: pygame.Surface) -> None:
    shade(surf, 170)


def _nothing(surf: pygame.Surface) -> None:
    """The lamp item draws nothing itself: its light lives in the background (see ``background``)."""


def merge_rects(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Merge overlapping or touching rectangles until none overlap (fewer, larger redraws)."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = r.inflate(2, 2)
        merged = True
        while merged:
            merged = False
            i = r.collidelist(out)
            if i >= 0:
                r = r.union(out.pop(i))
                merged = True
        out.append(r)
    return out
