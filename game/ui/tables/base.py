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
- ``bar`` (``tables/action_bar.py``): the buttons, hotkeys and amount slider, and why a greyed button is greyed
  (the defaults of what it offers: ``tables/table_actions.py``);
- ``table_log`` (``tables/log_panel.py``, no pygame) and ``log_panel`` (``tables/log_painter.py``): the log's
  lines, and their panel on screen (the words every table uses alike: ``tables/table_words.py``);
- ``sound`` (``tables/table_sound.py``): a beat's sound, as its beat starts;
- ``chip_stage`` (``tables/chip_stage.py``): where the seats' chips stand, what stands on the betting lines,
  and the chips each event moves;
- ``painter`` (``tables/painter.py``): the frame, redrawn where it changed, from the table's items; made of
  the name plates (``plates.py``), the chips' pile, stacks and bets (``chip_painter.py``), the result panel
  (``result_panel.py``), the top bar (``header.py``) and the lamp. What a game draws stays the table's hooks
  (``draw_seat_pieces``, ``draw_centre``, ``pot_label``...), which the painter asks for;
- ``regions`` (``game.ui.regions``): what the painter drew where (the layout bench reads it).

A table extends the flow through public hooks (``setup``, ``drive_turn``, ``on_session_over``,
``seat_geometry``, ``on_beat_started``, ``on_beat_ended``, ``button_callback``, ``opening_view``, ``on_event``),
never by redefining a private method (tests/ui/test_private_overrides.py); it sets its own fields in ``setup``,
which the base calls before any other hook (tests/ui/test_fields_after_init.py).

Beats and the animations' base classes live in ``game.ui.anim`` (the card pieces use them too), what moves over
the picture (chips sliding, a die thrown, a banner) in ``tables/motion.py``; the helpers for the beats every chip
game tells alike (a bet, a pot won, the round's end, a carried pot shared out) are here.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.engine import reduce_view
from game.engine.core import Action, Event, IllegalAction
from game.ui import theme, trace
from game.ui.anim import Anim, Beat, banner_seconds
from game.ui.coach_panel import CoachPanel
from game.ui.draw import shade
from game.ui.driver import CURTAIN, EYES, MOVED, OVER, TurnDriver
from game.ui.input import Input
from game.ui.refusals import refusal_words
from game.ui.regions import RecordingSurface, RegionRecorder
from game.ui.scene import Scene
from game.ui.showdown_words import round_why
from game.ui.source import TableSource
from game.ui.tables import table_actions, table_words
from game.ui.tables.action_bar import ActionBar, ActionSpec, pick_key
from game.ui.tables.chip_stage import ChipStage
from game.ui.tables.chip_stage import chip_count as _chips
from game.ui.tables.log_painter import LogPainter
from game.ui.tables.log_panel import LogLine, TableLog
from game.ui.tables.motion import Banner, ChipFlight, Tumble
from game.ui.tables.painter import Item, TablePainter
from game.ui.tables.result_panel import RoundResult
from game.ui.tables.story import StoryPlayer
from game.ui.tables.table_sound import TableSound
from game.ui.widgets import Button, Slider

if TYPE_CHECKING:
    from game.ui.app import App


# ------------------------------------------------------------------------------------------------ table
#: how far (px) the pointer moves after a press before tooltips show again
TIP_REST_PX = 6
#: the smallest face (px) a table's words are drawn in: below it a name or an amount is no longer read at a
#: glance (at 640×400 the plates' names were 8 px, the round 7 px, beside a log in 12 px)
TEXT_FLOOR = 10

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
        self.winners_tagged: set[int] = set()  # seats tagged with a pot won since the last action's tag
        self.last_actor: int | None = None
        self.eyes: int | None = self._initial_eyes()
        self.synced = False
        self.result: RoundResult | None = None  # the round's end, on the felt until the next deal
        #: the buttons, their specs and the amount slider: game/ui/tables/action_bar.py
        self.bar = ActionBar(self)
        self.menu_button = Button("Menu", self.open_menu, key=None, tooltip="Pause: rules, settings, leave")
        self.hover_pos = (-1, -1)
        #: where the pointer was pressed, while it rests there: no tooltip then (after a click the pointer rests on
        #: the button it pressed, and its tooltip would cover the action bar's heading with what just happened)
        self.tip_rest: tuple[int, int] | None = None
        #: draws the log's lines into the log panel (log_painter.py)
        self.log_panel = LogPainter(self)
        self.seed = session.seed
        self._tumble_seed = session.seed * 7919
        self.message: str | None = None
        #: paints the frames (plates, chips, result panel, header, the lamp) and records what it drew where for
        #: the layout bench: tables/painter.py
        self.painter = TablePainter(self, session.seed)
        #: where the seats' chips stand, what stands on each betting line, what the events move: chip_stage.py
        self.chip_stage = ChipStage(self)
        self.coach = CoachPanel(self)  # the odds coach (O): advice for the person to act, off the frame loop
        self.regions = RegionRecorder()  # off: the layout bench turns it on to record what a frame painted
        # the base's own fields exist: the table's own now, before any hook (the opening view, the layout)
        # reads them, so no subclass has to set fields before calling ``super().__init__``
        self.setup()
        self.shown: dict[str, Any] = self.opening_view()
        self.chip_stage.line_key = self.bet_pot_key()  # the pot the bets on the lines sweep into
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
        if w < 900:  # a small window: the log's words are as small as the table's, so it takes no more share
            self.log_w = int(max(140, w * 0.22))
        # the bar holds its heading and a row of buttons in the floor's face (two rows of shorter ones)
        self.bar_h = int(max(62, 104 * u))
        self.log_rect = pygame.Rect(w - self.log_w, self.top_h, self.log_w, h - self.top_h)
        self.bar_rect = pygame.Rect(0, h - self.bar_h, w - self.log_w, self.bar_h)
        self.area = pygame.Rect(0, self.top_h, w - self.log_w, h - self.top_h - self.bar_h)
        a = self.area
        self.centre = (a.centerx, a.centery + int(4 * u))
        self.felt = pygame.Rect(0, 0, int(a.w * 0.76), int(a.h * 0.66))
        self.felt.center = self.centre
        # a plate holds a name, a chip count and a status in the text floor's faces (KULRO-KULRO was cut at 640x400)
        self.plate = (max(110, int(168 * u)), max(30, int(58 * u)))
        self.seat_rx = a.w * 0.5 - self.plate[0] * 0.5 - 8 * u
        self.seat_ry = a.h * 0.5 - self.plate[1] * 0.5 - 6 * u
        self.chip_d = max(14, int(24 * u))
        # the seats' own stacks and bets: a little smaller as seats are added (their zones shrink)
        self.stack_d = max(10, int(self.chip_d * (1.0 if self.n <= 3 else 0.88 if self.n == 4 else 0.78)))
        self.menu_button.rect = pygame.Rect(0, 0, max(60, int(92 * u)), self.top_h - int(10 * u))  # (Menu in 10 px)
        self.menu_button.rect.topright = (w - int(6 * u), int(5 * u))
        self.coach.layout()
        self.painter.bg = None
        self.table_log.changed()
        self.seat_geo = [self.seat_geometry(s) for s in range(self.n)]
        self.chip_stage.relayout()  # the stacks' places are found again for the new seats
        self.layout_pieces()
        self.rebuild_actions()

    def px(self, size: float, floor: int = TEXT_FLOOR) -> int:
        """A face of ``size`` px at 1280×720, scaled with the window, never under ``floor`` (a small window keeps
        its words readable; from 1280×720 up the floor is below every face, so nothing changes there)."""
        return max(floor, int(size * self.u))

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
        """Where the seat's own chips stand (the stacks' bottom centre; see :meth:`ChipStage.stack_spot`): the one
        place the stacks' position comes from (a table or a seat-zone layout overrides it)."""
        return self.chip_stage.stack_spot(seat)

    def bet_spot(self, seat: int) -> tuple[float, float]:
        """Where the seat's bets stand (bottom centre): its betting line (see :meth:`ChipStage.bet_spot`)."""
        return self.chip_stage.bet_spot(seat)

    def bet_pot_key(self) -> str:
        """The view key of the pot the bets go into now (tables with several pots say which)."""
        return "pot"

    def off_pile(self, key: str) -> int:
        """The chips of the view's pot ``key`` not drawn in its pile (see :meth:`ChipStage.off_pile`)."""
        return self.chip_stage.off_pile(key)

    def line_delta(self, before: dict[str, Any], seat: int) -> int:
        """The chips a change of the seat's wager put on (or took off) its line: the change itself, unless a game
        counts more than chips in a wager (Better Hintaro's items)."""
        return _chips(self.shown[self.WAGER_KEY][seat]) - _chips(before[self.WAGER_KEY][seat])

    @property
    def line(self) -> list[int]:
        """Each seat's chips standing on its betting line (held by :attr:`chip_stage`)."""
        return self.chip_stage.line

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
        """A bet event's tag over the seat (see :func:`table_words.bet_tag`)."""
        return table_words.bet_tag(d, extra)

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
            # a split pot (or a second pot) tags every winner: the seats already tagged with a win keep theirs
            self.tags = {s: self.tags[s] for s in self.winners_tagged if s in self.tags}
            self.tags[seat] = (words, theme.GOOD)
            self.winners_tagged.add(seat)
            self.last_actor = seat
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
        why = round_why(self.state.game_id, d, self.eyes)
        self.result = RoundResult(title, sub, why, bool(d.get("showdown")), winners)
        self.painter.result_panel.forget()
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
        """The event (as the eyes may see it) in words; None leaves it out of the log (a table words its own
        events and leaves the rest to this: :func:`table_words.describe`)."""
        return table_words.describe(self, ev)

    def bet_words(self, who: str, ev: dict[str, Any]) -> str | None:
        """The betting actions every betting table words alike (None for one a game words itself)."""
        return table_words.bet_words(who, ev)

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
        self.winners_tagged = set()
        self.last_actor = seat

    def clear_tags(self) -> None:
        """Take every seat's tag down (a new round: last round's "WINS 40" belongs to it). A beat must call this
        when it plays, never hold ``self.tags.clear``: a pot won before then puts up a new dict of tags."""
        self.tags = {}
        self.winners_tagged = set()

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
        if self.driver.busy() or self.painter.lamp.stuttering() or self.coach.busy():
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
        self.chip_stage.stage_chips(before, ev)

    def on_beat_ended(self) -> None:
        """The current beat has just ended (or was skipped). Nothing by default."""

    def update(self, dt: float) -> None:
        super().update(dt)
        self._frame_dt = dt
        if self.app.settings.ambience:
            self.painter.lamp.update(dt)
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
        self.chip_stage.settle(self.shown)
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
        return table_actions.action_specs(self.state, legal)

    def rebuild_actions(self) -> None:
        """Recreate the action bar for the current turn (enabled only when a person here may act)."""
        table_actions.rebuild(self)

    # ------------------------------------------------------------------ why a button is greyed
    def why_greyed(self, spec: ActionSpec, view: dict[str, Any]) -> str | None:
        """Why ``spec`` is greyed, in the table's words, from the engine's refusal of what it would play (None:
        the button's own tooltip already says what to do, e.g. "pick a card first")."""
        return table_actions.why_greyed(self, spec, view)

    def wait_words(self) -> str | None:
        """Why the eyes cannot act at all now (whose turn, the session over, the table moving), or None."""
        return table_actions.wait_words(self)

    def greyed_probe(self, spec: ActionSpec, view: dict[str, Any]) -> Action | None:
        """The action a greyed button stands for, to ask the engine why not."""
        return table_actions.greyed_probe(self.state, spec, view)

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
        if ev.kind == "down":
            self.tip_rest = ev.pos
        if ev.kind == "move":
            self.hover_pos = ev.pos
            if self.tip_rest is not None and max(abs(ev.pos[0] - self.tip_rest[0]),
                                                 abs(ev.pos[1] - self.tip_rest[1])) > TIP_REST_PX:
                self.tip_rest = None
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

    # ------------------------------------------------------------------ drawing (the painter: tables/painter.py)
    def background(self) -> pygame.Surface:
        """Room and felt, rendered once per window size (the painter keeps it; a table may dress it)."""
        return self.painter.background()

    def prop_clearance(self) -> list[pygame.Rect]:
        """Where the rail's props may not stand: every seat's plate and the ground its pieces cover now (a
        table whose pieces grow as the round goes names their largest ground instead)."""
        pad = int(8 * self.u)
        seats = [self.seat_geo[s]["plate"].inflate(pad, pad).union(self.pieces_rect(s)) for s in range(self.n)]
        # nor on the middle's pieces that reach the rail at a crowded table (spike dice, a pot), nor the chips
        chips = [self.painter.chips.chips_rect(s) for s in range(self.n)]
        return [*seats, self.centre_rect(), self.pot_rect(), *chips]

    def decorate(self, bg: pygame.Surface) -> None:
        """Static extras a game draws into its background (printed felt markings)."""

    def items(self) -> list[Item]:
        """Every part of the picture, in drawing order (see :meth:`TablePainter.items`; a table adds its own)."""
        return self.painter.items()

    def draw(self, surf: pygame.Surface) -> None:
        """Draw everything (after a scene change or resize)."""
        self.painter.paint(surf, incremental=False)

    def draw_dirty(self, surf: pygame.Surface) -> list[pygame.Rect]:
        """Redraw only what changed since the last frame on ``surf``; returns the areas redrawn."""
        return self.painter.paint(surf, incremental=True)

    def keep_clear(self) -> list[tuple[pygame.Rect, int]]:
        """What the result panel must not cover, each with a weight: the middle's pieces (the deciding die,
        cube or board cards), the pot, then the seats' zones (their hands, revealed at a showdown, and chips)."""
        out = [(self.centre_rect(), 8), (self.pot_rect(), 4)]
        out += [(self.pieces_rect(s), 6) for s in range(self.n)]
        out += [(self.seat_rect(s), 2) for s in range(self.n)]
        out += [(self.painter.chips.chips_rect(s), 2) for s in range(self.n)]  # the seats' stacks and bets
        return out

    def result_rect(self) -> pygame.Rect:
        """Where the round's result is held on the felt (see :meth:`ResultPanel.rect`)."""
        return self.painter.result_panel.rect()

    def wake_in(self) -> float | None:
        """The lamp's next stutter: the only thing that moves while everyone thinks."""
        return self.painter.lamp.wake_in() if self.app.settings.ambience else None

    def paint_recorded(self, surf: RecordingSurface) -> RegionRecorder:
        """Paint one whole frame with the region recorder on (the layout bench; see the painter)."""
        return self.painter.paint_recorded(surf)

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

    def pot_rect(self) -> pygame.Rect:
        """The pot's pile and its label (see :class:`ChipPainter`)."""
        return self.painter.chips.pot_rect()

    def draw_pot(self, surf: pygame.Surface) -> None:
        self.painter.chips.draw_pot(surf)

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
        """Everything the seat's zone draws (see :class:`SeatPainter`)."""
        return self.painter.plates.seat_rect(seat)

    def draw_seat(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        """The seat's zone: plate, pieces, tag (see :class:`SeatPainter`)."""
        self.painter.plates.draw_seat(surf, seat, covered)

    def dealer_letter(self) -> str:
        return "D"

    def draw_seat_pieces(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        """A game's pieces at a seat (dice, cards, bets)."""

    def tag_box(self, seat: int, text: str) -> pygame.Rect:
        return self.painter.plates.tag_box(seat, text)

    def draw_tag(self, surf: pygame.Surface, seat: int, text: str, colour: tuple[int, int, int]) -> None:
        self.painter.plates.draw_tag(surf, seat, text, colour)

    # ------------------------------------------------------------------ the top bar and the action bar
    def status_line(self) -> str:
        """Whose turn it is and in what phase; while events play out, what is happening."""
        return table_words.status_line(self)

    def header(self) -> str:
        """The top bar's words: the round's result while it is held on the felt ("Showdown · Vexa wins"),
        else :meth:`status_line` (whose turn, in what phase; the tables word that)."""
        if self.result is not None:
            return ("Showdown" if self.result.showdown else "Round over") + "  ·  " + self.result.title
        return self.status_line()

    def round_info(self) -> str:
        return table_words.round_info(self.shown)

    def top_sig(self) -> Any:
        b = self.menu_button
        return (self.header(), self.round_info(), self.my_turn(), b.hover, b.pressed, self.u,
                self.coach.top_sig())

    def draw_top(self, surf: pygame.Surface) -> None:
        self.painter.header.draw_top(surf)

    def top_buttons(self) -> list[Button]:
        """The buttons in the top bar right of the header; a table that adds one (Better Hintaro's Market) adds
        it here, so the header never runs under it."""
        out = [self.menu_button]
        if self.coach.has_button():
            self.coach.dock()
            out.append(self.coach.button)
        return out

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

    def shown_tooltip(self) -> tuple[str, pygame.Rect] | None:
        """The tooltip to draw: :meth:`tooltip`, unless the pointer still rests where it last pressed."""
        return self.tooltip() if self.tip_rest is None else None

    def tooltip(self) -> tuple[str, pygame.Rect] | None:
        """The tooltip under the pointer, and the button it belongs to."""
        tip = self.bar.tooltip(self.hover_pos)
        if tip is not None:
            return tip
        if self.menu_button.rect.collidepoint(self.hover_pos):
            return self.menu_button.tooltip, self.menu_button.rect
        return self.coach.button_tip(self.hover_pos)


_pick_key = pick_key  # (the generic table's name for it)


def shade_table(surf: pygame.Surface) -> None:
    shade(surf, 170)
