"""The game's own table, sat at in the campaign: regulars' banter in speech bubbles, a pause between hands
to deal on or cash out, the campaign's pause menu, a save as it closes, and the result when it ends.

Why a mixin over the game's table class (``table_for(game_id)``), built at run time: every game's table
(Hintaro's dice, a new game's cards...) works in the campaign the day it lands, with nothing added to it.
The mixin only wraps the table's hooks (``beats_for``, ``sync``, ``drive_turn``, ``on_session_over``,
``rebuild_actions``, ``items``, ``open_menu``, ``close``); the rules, the pieces and the animations stay the
table's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.campaign.table import Banter
from game.engine.core import Event
from game.ui import theme
from game.ui.campaign.dialog import Choice, Dialog
from game.ui.draw import panel
from game.ui.input import Input
from game.ui.scenes.menu import ButtonColumn, PauseMenu
from game.ui.tables import table_for
from game.ui.tables.base import ActionSpec, BaseTable, Beat, Item
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.campaign.play import CampaignPlay
    from game.ui.campaign.sitting import CampaignSitting

BUBBLE_SECONDS = 5.0


@dataclass
class Bubble:
    """A line said at the table, shown near the speaker's seat for a few seconds."""

    seat: int
    name: str
    text: str
    left: float = BUBBLE_SECONDS


class CampaignTableMixin:
    """Put before a BaseTable subclass: ``class T(CampaignTableMixin, HintaroTable)``."""

    campaign_sitting: CampaignSitting
    campaign_play: CampaignPlay
    _recap_events: list[Event]

    def __init__(self, app: App, session: CampaignSitting, demo: bool = False) -> None:
        super().__init__(app, session, demo)  # (a mixin: the table after it takes them)
        cs = session.cs
        if session.resumed:
            self.add_log(None, f"Back at {cs.table.title}: round {self.state.round_no}.")
            for ev in self._recap_events:  # the last hand's end plays again; the pause holds the next deal back
                self.on_event(ev)
            self._recap_events = []
        else:
            self.add_log(None, f"You buy in at {cs.table.title} for {cs.buy_in:,} credits.")
            hello = cs.greeting()
            if hello is not None:
                self.say_banter(hello)

    def setup(self) -> None:
        """The sitting's own fields (the base table calls this before its first hook: the opening view)."""
        super().setup()  # (a mixin: the table it is put before has it)
        session = self.session
        self.campaign_sitting = session
        self.campaign_play = session.play
        self.banter_bubbles: list[Bubble] = []
        self.hand_pause = False  # the pause between hands: deal on, or get up
        #: the next hand's beats, held back while the pause between hands is up (None: nothing held). The
        #: engine deals (throws, antes) the next hand as the last one ends; the player must not see it before
        #: choosing to play on, or "get up for free" would become "look at the next hand, then decide"
        self.held: list[Beat] | None = None
        self._recap_events = []

    # ------------------------------------------------------------------ the picture at the start
    def opening_view(self) -> dict[str, Any]:
        cs = self.campaign_sitting.cs
        if self.campaign_sitting.resumed:  # as it stands: no opening deal to animate
            recap = self._recap() if cs.hand_ends and cs.between_hands else None
            if recap is None:
                return self.state.view(self.eyes)
            self._recap_events = recap[1]
            return recap[0]
        return super().opening_view()

    def _recap(self) -> tuple[dict[str, Any], list[Event]] | None:
        """Resumed between hands: the table just before the last action of the hand that ended, and that
        action's events (replayed from the seed), so the pause shows the hand's end, never the next deal."""
        st = self.campaign_sitting.cs.state
        if not st.actions or st.is_over:
            return None
        from game.engine import create

        before = create(st.game_id, st.n, st.seed, dict(st.options))
        for a in st.actions[:-1]:
            before.apply(a)
        return before.view(self.eyes), before.apply(st.actions[-1])

    # ------------------------------------------------------------------ banter
    def say_banter(self, b: Banter) -> None:
        self.banter_bubbles = [x for x in self.banter_bubbles if x.seat != b.seat] + [Bubble(b.seat, b.name, b.line)]
        self.add_log(None, f"{b.name}: “{b.line}”")
        self.app.dirty = True

    def beats_for(self, ev: Event) -> list[Beat]:
        beats: list[Beat] = super().beats_for(ev)
        lines = self.campaign_sitting.lines_for(ev)
        if lines:
            def start(lines: list[Banter] = lines) -> None:
                for b in lines:
                    self.say_banter(b)
            beats.append(Beat(0.0, start=start))
        return beats

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.banter_bubbles:
            for b in self.banter_bubbles:
                b.left -= dt
            self.banter_bubbles = [b for b in self.banter_bubbles if b.left > 0]

    def busy(self) -> bool:
        return bool(self.banter_bubbles) or super().busy()

    def banter_layout(self, b: Bubble) -> tuple[pygame.Rect, list[str], tuple[int, int]]:
        """Where a bubble goes (above its speaker's plate, below it if there is no room), its lines, and the
        point its tail touches."""
        u = self.u
        plate: pygame.Rect = self.seat_geo[b.seat]["plate"] if b.seat < len(self.seat_geo) else self.area
        size = int(15 * u)
        lines = self.text.wrap(f"“{b.text}”", size, int(250 * u))
        lh = self.app.res.font("text", size).get_linesize()
        w = max(self.text.render(line, size).get_width() for line in lines) + int(24 * u)
        w = max(w, self.text.render(b.name, int(13 * u), role="bold").get_width() + int(24 * u))
        h = len(lines) * lh + int(32 * u)
        r = pygame.Rect(0, 0, w, h)
        tail = int(10 * u)
        tag = self.tags.get(b.seat) if b.seat < len(self.seat_geo) else None
        box = None
        if tag is not None:  # the seat's last move ("RAISES TO 30") stays readable: the bubble goes round it
            box = self.tag_box(b.seat, tag[0])
            plate = plate.union(box)
        # the side of the plate where the bubble covers least of the table's must-see pieces (cubes, hands,
        # pots: a play-test found bubbles over the cubes), above first when it is as clear
        cands: list[tuple[pygame.Rect, tuple[int, int]]] = []
        for side in ("above", "below", "left", "right"):
            c = r.copy()
            if side == "above":
                c.midbottom = (plate.centerx, plate.top - tail)
                tip = (plate.centerx, plate.top - 2)
            elif side == "below":
                c.midtop = (plate.centerx, plate.bottom + tail)
                tip = (plate.centerx, plate.bottom + 2)
            elif side == "left":
                c.midright = (plate.left - tail, plate.centery)
                tip = (plate.left + 2, plate.centery)
            else:
                c.midleft = (plate.right + tail, plate.centery)
                tip = (plate.right - 2, plate.centery)
            c.clamp_ip(self.area)
            cands.append((c, tip))
        clear = [(rect, weight) for rect, weight in self.keep_clear() if not rect.colliderect(plate)]
        if self.result is not None:
            clear.append((self.result_rect(), 8))
        if box is not None:
            clear.append((box, 100))

        def cost(c: pygame.Rect) -> int:
            return sum(weight * c.clip(rect).w * c.clip(rect).h for rect, weight in clear)
        best = min(range(len(cands)), key=lambda i: (cost(cands[i][0]), i))
        r, tip = cands[best]
        return r, lines, tip

    def draw_banter(self, surf: pygame.Surface, b: Bubble) -> None:
        u = self.u
        r, lines, tip = self.banter_layout(b)
        paper = (242, 234, 214)
        if r.top <= tip[1] <= r.bottom:  # a bubble beside its plate: the tail leaves a side edge
            base_y = max(r.top + int(14 * u), min(r.bottom - int(14 * u), tip[1]))
            edge_x = r.right - 1 if tip[0] > r.right else r.left + 1
            tail = [(edge_x, base_y - int(8 * u)), (edge_x, base_y + int(8 * u)), tip]
        else:
            base_x = max(r.left + int(14 * u), min(r.right - int(14 * u), tip[0]))
            edge_y = r.bottom - 1 if tip[1] > r.bottom else r.top + 1
            tail = [(base_x - int(8 * u), edge_y), (base_x + int(8 * u), edge_y), tip]
        pygame.draw.polygon(surf, paper, tail)
        panel(surf, r, paper, (150, 110, 60), radius=int(10 * u), width=2)
        self.text.blit(surf, b.name, int(13 * u), (130, 76, 20), "bold", topleft=(r.x + int(12 * u), r.y + int(6 * u)))
        size = int(15 * u)
        lh = self.app.res.font("text", size).get_linesize()
        y = r.y + int(24 * u)
        for line in lines:
            self.text.blit(surf, line, size, (34, 26, 20), topleft=(r.x + int(12 * u), y))
            y += lh

    def items(self) -> list[Item]:
        out: list[Item] = super().items()
        for b in self.banter_bubbles:
            rect = self.banter_layout(b)[0].inflate(4, int(24 * getattr(self, "u", 1)))
            out.append(Item(f"bubble{b.seat}", rect, (b.name, b.text),
                            lambda surf, b=b: self.draw_banter(surf, b), 2))
        return out

    # ------------------------------------------------------------------ the pause between hands
    def pauses_after(self, ev: Event) -> bool:
        """Whether the pause between hands (play on, or get up) follows this event."""
        return ev.kind == "round_over" and not self.state.is_over and self.campaign_sitting.cs.between_hands

    def hold_seconds(self, ev: Event) -> float | None:
        # the pause between hands is the hold: the showdown stays on the felt until the player plays on
        return None if self.pauses_after(ev) else super().hold_seconds(ev)

    def on_event(self, ev: Event) -> None:
        if self.held is not None:  # the next hand, dealt already: kept for after the pause
            n = len(self.beats)
            super().on_event(ev)
            new = [self.beats.pop() for _ in range(len(self.beats) - n)]
            self.held.extend(reversed(new))  # in the order they came
            return
        super().on_event(ev)
        if self.pauses_after(ev):
            self.held = []

    def sync(self) -> None:
        if self.held is not None:
            # the hand's end is on screen (the view as the beats left it, not the state's: that is dealt on)
            self.synced = True
            if not self.hand_pause:
                self.hand_pause = True
                self.rebuild_actions()
            return
        super().sync()

    def my_turn(self) -> bool:
        return not self.hand_pause and super().my_turn()

    def is_turn(self, seat: int) -> bool:
        return not self.hand_pause and super().is_turn(seat)

    def play_next_hand(self) -> None:
        if self.hand_pause:
            self.hand_pause = False
            self.campaign_sitting.cs.play_on()  # the player is in this hand now: getting up leaves the ante
            self.campaign_play.autosave("play on")
            self.result = None
            if self.held is not None:  # now the next hand is dealt on screen
                self.beats.extend(self.held)
                self.held = None
                self.synced = False
            self.rebuild_actions()
            self.app.dirty = True

    def get_up_from_table(self) -> None:
        """Cash out between hands (the menu offers walking away mid-hand)."""
        if self.campaign_sitting.cs.between_hands or self.campaign_sitting.cs.is_over:
            self.campaign_play.leave(self, forfeit=False)

    def rebuild_actions(self) -> None:
        if not self.hand_pause:
            super().rebuild_actions()
            return
        stack = self.campaign_sitting.cs.settled[0]
        specs = [
            ActionSpec("Play on", "Play the next hand (Enter)", pygame.K_n, "N", primary=True),
            ActionSpec("Leave table", f"Cash out your {stack:,} chips and go back to the cantina", pygame.K_l, "L"),
        ]
        self.own_buttons(list(zip(specs, (self.play_next_hand, self.get_up_from_table), strict=True)))

    def bar_heading(self) -> str:
        if self.hand_pause:
            cs = self.campaign_sitting.cs
            chips = cs.settled[0]
            posted = chips - cs.state.stacks[0]  # the next hand's ante, put in as the hand ended
            back = (f" ({cs.state.stacks[0]:,} in front of you + the {posted:,} you already put in for the next "
                    f"hand)") if posted > 0 else ""
            return f"HAND OVER: play on, or get up and cash out all {chips:,} chips{back}"
        return super().bar_heading()

    def status_line(self) -> str:
        if self.hand_pause and self.synced:
            return "Between hands"
        return super().status_line()

    def handle(self, ev: Input) -> None:
        if self.hand_pause and ev.kind == "key" and ev.action == "confirm":
            self.play_next_hand()
            return
        super().handle(ev)

    # ------------------------------------------------------------------ the flow
    def drive_turn(self) -> None:
        if self.hand_pause and not self.state.is_over:
            return
        super().drive_turn()

    def on_session_over(self) -> None:
        self.campaign_play.leave(self, forfeit=False)

    def open_menu(self) -> None:
        self.app.push(CampaignTableMenu(self.app, self))

    def close(self) -> None:
        """Leaving the screen (quit, back to the title): the sitting is saved as it stands, mid-hand or not."""
        super().close()
        if self.campaign_play.campaign.session is self.campaign_sitting.cs:
            self.campaign_play.autosave("quit")


_classes: dict[type[BaseTable], type[BaseTable]] = {}


def campaign_table_class(game_id: str) -> type[BaseTable]:
    """The game's table class with the campaign's behaviour mixed in (made once per class)."""
    base = table_for(game_id)
    cls = _classes.get(base)
    if cls is None:
        cls = type(f"Campaign{base.__name__}", (CampaignTableMixin, base), {})
        _classes[base] = cls
    return cls


def campaign_table(app: App, sitting: CampaignSitting) -> BaseTable:
    return campaign_table_class(sitting.state.game_id)(app, sitting)


class CampaignTableMenu(PauseMenu):
    """Esc at a campaign table: resume, get up (free between hands, a forfeit mid-hand), journal, rules,
    settings, or save and go back to the title."""

    def __init__(self, app: App, table: Any) -> None:
        super().__init__(app)
        self.table = table
        self.game_id = table.state.game_id
        cs = table.campaign_sitting.cs
        free = cs.between_hands or cs.is_over
        self.free = free
        stack = cs.settled[0] if cs.between_hands else cs.state.stacks[0]
        if free:
            self.note = f"Between hands: getting up cashes out your {stack:,} chips."
        elif cs.forfeit:
            self.note = (f"A hand is in progress: walking away now leaves the {cs.forfeit:,} chips you have in "
                         f"the pot.")
        else:  # dealt in, nothing of the player's in the pot yet (Street Hintaro's first throw, say)
            self.note = f"Mid-hand, but none of your chips are in the pot yet: walking away cashes out all {stack:,}."
        if free:  # a greyed button says why it is grey, and what to press instead
            away = f"Mid-hand only: now, Leave table (L) cashes out all {stack:,} chips"  # (short: fits beside)
        else:
            away = (f"Forfeit the {cs.forfeit:,} chips in the pot" if cs.forfeit
                    else f"Get up mid-hand with your {stack:,} chips (none are in the pot yet)")
        self.col = ButtonColumn([
            Button("Resume", app.pop, pygame.K_ESCAPE, "Esc", "Back to the table"),
            Button("Leave table", self.get_up_from_table, pygame.K_l, "L",
                   f"Cash out {stack:,} chips and return to the cantina", enabled=free),
            Button("Walk away", self.walk_away, pygame.K_w, "W", away, enabled=not free),
            Button("Journal", self.journal, pygame.K_j, "J", "Goals, regulars, numbers and past sittings"),
            Button("Rules", self.rules, pygame.K_r, "R", "How this game is played"),
            Button("Settings", self.settings, pygame.K_s, "S", "Speed, sound, colour-blind mode"),
            Button("Save and quit", self.quit, pygame.K_q, "Q", "Saved mid-hand: you come back to this very moment"),
        ])

    def get_up_from_table(self) -> None:  # (not ``leave``: that is the scene's own exit hook)
        self.app.pop()
        self.table.get_up_from_table()

    def walk_away(self) -> None:
        cs = self.table.campaign_sitting.cs
        self.app.pop()
        first = (f"You leave the {cs.forfeit:,} chips you have in the pot and cash out the {cs.state.stacks[0]:,} "
                 f"in front of you." if cs.forfeit else
                 f"None of your chips are in the pot yet: you cash out the {cs.state.stacks[0]:,} in front of you.")
        self.app.push(Dialog(self.app, "Walk away mid-hand?", [first, "A sitting left early beats nobody."], [
            Choice("Walk away", lambda: self.table.campaign_play.leave(self.table, forfeit=True), pygame.K_w, "W",
                   "Forfeit the pot and get up" if cs.forfeit else "Get up now", primary=True),
            Choice("Stay", None, pygame.K_ESCAPE, "Esc", "Back to the table"),
        ], tone="warning"))

    def journal(self) -> None:
        from game.ui.campaign.journal import JournalScene

        self.app.pop()
        self.app.push(JournalScene(self.app, self.table.campaign_play))

    def quit(self) -> None:
        self.table.campaign_play.quit_to_title()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        bw, bh, gap = int(300 * u), int(42 * u), int(10 * u)
        n = len(self.col.buttons)
        lines = len(self.app.text.wrap(self.note, int(15 * u), int(420 * u) - int(40 * u)))
        more = max(0, lines - 2) * int(20 * u)  # a longer note pushes the buttons down, never under them
        self.box = pygame.Rect(0, 0, int(420 * u), n * bh + (n - 1) * gap + int(150 * u) + more)
        self.box.center = (w // 2, h // 2)
        self.col.place(self.box.centerx - bw // 2, self.box.y + int(118 * u) + more, bw, bh, gap)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_frame(surf, 14)
        u = self.u
        t = self.app.text
        y = self.box.y + int(62 * u)
        for line in t.wrap(self.note, int(15 * u), self.box.w - int(40 * u)):
            t.blit(surf, line, int(15 * u), theme.CREAM if self.free else theme.TURN, midtop=(self.box.centerx, y))
            y += int(20 * u)
        self.col.draw(surf, t, int(18 * u))
