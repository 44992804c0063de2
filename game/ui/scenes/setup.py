"""Quick table: pick a game, its options, the seats (people with names, or AI agents) and the stakes.

The option widgets are generic: they come from the game class's OPTIONS specs (whole numbers get −/+,
true/false a switch, choices a cycle), so a new game needs no code here.

The screen opens on the game and seats last sat down at (kept in the settings file as ``last_game`` and
``last_seats``); a remembered game or agent that no longer exists, or a seat count the game does not take,
falls back to the defaults without a word.

Each game also keeps its own stakes preset and options (``table_choices`` in the settings file), written when
Play is pressed for every game whose choices were looked at on this visit (Back forgets the visit's changes).
The options are kept as the player saw them, the chip amounts already scaled by the stakes, so the screen
reopens on exactly the same numbers. Stakes and hand-edited chip amounts combine simply: picking a stakes preset
sets the chip amounts to that preset's (the defaults times its multiplier), replacing hand edits; a hand edit
made after that stands, and the stakes button then says "edited". A remembered option that no longer exists,
has the wrong type or is out of range falls back to the preset's value; an unknown stakes name to Standard.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import GAMES
from game.engine.core import OptionSpec
from game.engine.sabacc_house.table import STRUCTURES
from game.files import FileRefused, load_toml
from game.ui import theme
from game.ui.draw import panel
from game.ui.input import Input
from game.ui.resources import assets_dir
from game.ui.scene import Scene
from game.ui.session import AI_NAMES, SeatSpec, TableSession, agent_names
from game.ui.widgets import Button, TextField, draw_tooltip

if TYPE_CHECKING:
    from game.ui.app import App

#: stakes presets: a multiplier on the options that are amounts of chips
STAKES: tuple[tuple[str, float], ...] = (("Low", 0.5), ("Standard", 1.0), ("High", 5.0))
CHIP_OPTIONS = ("stack", "ante", "min_bet")
#: the preset a game starts on until the player picks another
STANDARD = next(i for i, (name, _) in enumerate(STAKES) if name == "Standard")


def preset_options(cls: Any, stakes: int) -> dict[str, Any]:
    """A game's default options with the chip amounts scaled by the stakes preset (kept in the option's range)."""
    mult = STAKES[stakes][1]
    options = {s.name: s.default for s in cls.OPTIONS}
    for spec in cls.OPTIONS:
        if spec.name in CHIP_OPTIONS and isinstance(spec.default, int):
            v = max(1, round(spec.default * mult))
            if spec.min is not None:
                v = max(spec.min, v)
            if spec.max is not None:
                v = min(spec.max, v)
            options[spec.name] = v
    return options


def legal_option(spec: OptionSpec, value: Any) -> bool:
    """Whether a remembered ``value`` can stand for ``spec`` as it is: of the option's own type (no text for a
    number, no true/false for a number, as JSON would allow), in its range and among its choices."""
    if spec.type is bool or spec.type is int:
        if type(value) is not spec.type:
            return False
    elif not isinstance(value, spec.type) or isinstance(value, bool):
        return False
    try:
        spec.validate(value)
    except ValueError:
        return False
    return True


def option_step(spec: OptionSpec) -> int:
    """A −/+ step that suits the option's size (rounds by 1, a 1000-chip stack by 100)."""
    default = spec.default if isinstance(spec.default, int) else 1
    return max(1, abs(default) // 10)


#: the AI levels a player is offered, weakest first ("random" and "passive" are test agents: the CLI and the tests
#: still seat them, and a seat that plays one keeps it until clicked)
PLAYER_LEVELS: tuple[str, ...] = ("novice", "regular", "shark")


def player_levels() -> list[str]:
    """The levels offered on the seat buttons, of those that exist (every agent if none of them does)."""
    names = agent_names()
    return [n for n in PLAYER_LEVELS if n in names] or names


def structure_words(row: int) -> str:
    """Sabacc House's betting structure in words (its small/big bets and bring-in; the antes, in the row's
    tooltip, do not fit a 1280-wide window), not the row number of the standard table the engine keeps it as."""
    _main, _sabacc, bring_in, small, big = STRUCTURES[row]
    return f"bets {small}/{big} · bring-in {bring_in}"


def option_words(game_id: str, spec: OptionSpec, value: Any) -> str:
    """An option's value as the setup screen shows it: words where the number is a code."""
    if spec.name == "rounds" and value == 0:
        return "until one seat has every chip"
    if game_id == "sabacc_house" and spec.name == "structure" and isinstance(value, int) \
            and 0 <= value < len(STRUCTURES):
        return structure_words(value)
    return f"{value:,}" if isinstance(value, int) else str(value)


def preferred_agent() -> str:
    names = agent_names()
    better = [n for n in names if n not in ("random", "passive")]
    return better[0] if better else ("passive" if "passive" in names else names[0])


class SetupScene(Scene):
    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = list(GAMES)
        remembered = app.settings.last_game
        if game_id not in GAMES:
            game_id = remembered if remembered in GAMES else self.games[0]
        self.game_id = game_id
        self.stakes = STANDARD
        self.options: dict[str, Any] = {}
        #: each game's (stakes, options) as left on this visit, so switching back shows them; written on Play
        self.choices: dict[str, tuple[int, dict[str, Any]]] = {}
        self.seats: list[dict[str, Any]] = []
        self.fields: list[TextField] = []
        self.widgets: list[Button] = []
        self.labels: list[tuple[str, pygame.Rect, tuple[int, int, int], str]] = []
        self.hover_pos = (-1, -1)
        self.error = ""
        self.seats = self._remembered_seats()
        #: the seat count the player asked for; a game that takes fewer seats shows and plays fewer, but the
        #: next game looked at gets the asked-for count back (and the seats it had, from ``parked``)
        self.wanted_seats = len(self.seats) or 4
        self.parked: list[dict[str, Any]] = []
        self._reset_game()

    # ------------------------------------------------------------------ model
    @property
    def cls(self) -> Any:
        return GAMES[self.game_id]

    def _reset_game(self) -> None:
        cls = self.cls
        self.stakes, options = self.choices.get(self.game_id) or self._remembered_choices(self.game_id)
        self.options = dict(options)
        names = self.app.settings.default_names
        want = max(cls.min_seats, min(cls.max_seats, self.wanted_seats))
        if not self.seats:
            self.seats = [{"human": True, "name": names[0] if names else "Rook", "agent": preferred_agent()}]
        self._resize_seats(want)

    def _remembered_seats(self) -> list[dict[str, Any]]:
        """The seats of the last table sat down at, checked: an unknown agent plays the preferred one, a seat
        with no name gets the default name; [] when nothing usable is kept."""
        kept = self.app.settings.last_seats
        if not isinstance(kept, list):
            return []
        agents = agent_names()
        out: list[dict[str, Any]] = []
        for i, seat in enumerate(kept[: self.cls.max_seats]):
            if not isinstance(seat, dict):
                return []
            human = seat.get("human") is True
            name = seat.get("name") if isinstance(seat.get("name"), str) else ""
            name = name.strip()[:16] or self._default_name(i)  # (an AI seat plays as its regular whatever it says)
            agent = seat.get("agent") if seat.get("agent") in agents else preferred_agent()
            out.append({"human": human, "name": name, "agent": agent})
        return out

    def _remembered_choices(self, game_id: str) -> tuple[int, dict[str, Any]]:
        """The stakes and options kept for ``game_id``, checked against its OptionSpecs: an unknown stakes name
        gives Standard, and an option that no longer exists, is of the wrong type or out of range keeps the
        preset's value; the defaults when nothing is kept."""
        kept = self.app.settings.table_choices.get(game_id)
        kept = kept if isinstance(kept, dict) else {}
        names = [name for name, _ in STAKES]
        stakes = names.index(kept["stakes"]) if kept.get("stakes") in names else STANDARD
        cls = GAMES[game_id]
        options = preset_options(cls, stakes)
        values = kept.get("options")
        if isinstance(values, dict):
            for spec in cls.OPTIONS:
                if spec.name in values and legal_option(spec, values[spec.name]):
                    options[spec.name] = values[spec.name]
        return stakes, options

    def remember(self) -> None:
        """Keep this game and these seats, and the stakes and options of every game looked at on this visit,
        for the next quick table (written with the settings file). A game left on the defaults is dropped from
        the file, as is a remembered game that no longer exists."""
        self.app.settings.last_game = self.game_id
        self.app.settings.last_seats = [dict(s) for s in self.seats]
        self.choices[self.game_id] = (self.stakes, dict(self.options))
        table = {g: c for g, c in self.app.settings.table_choices.items() if g in GAMES}
        for game_id, (stakes, options) in self.choices.items():
            if stakes == STANDARD and options == preset_options(GAMES[game_id], STANDARD):
                table.pop(game_id, None)
            else:
                table[game_id] = {"stakes": STAKES[stakes][0], "options": dict(options)}
        self.app.settings.table_choices = table
        self.app.save_settings()

    def _resize_seats(self, n: int) -> None:
        """Show ``n`` seats: seats cut off are parked (nearest first), and come back before any new AI seat."""
        while len(self.seats) < n:
            i = len(self.seats)
            self.seats.append(self.parked.pop(0) if self.parked
                              else {"human": False, "name": self._default_name(i), "agent": preferred_agent()})
        self.parked[:0] = self.seats[n:]
        del self.seats[n:]
        self.fields = []
        for i, s in enumerate(self.seats):
            f = TextField(s["name"], on_change=lambda v, i=i: self._rename(i, v))
            self.fields.append(f)

    def _default_name(self, i: int) -> str:
        names = self.app.settings.default_names
        return names[i] if i < len(names) else AI_NAMES[i % len(AI_NAMES)][0]

    def _rename(self, i: int, value: str) -> None:
        self.seats[i]["name"] = value or self._default_name(i)

    def _apply_stakes(self) -> None:
        """Set the chip amounts to the stakes preset's (the other options stay as they are)."""
        preset = preset_options(self.cls, self.stakes)
        for name in CHIP_OPTIONS:
            if name in preset:
                self.options[name] = preset[name]

    def stakes_edited(self) -> bool:
        """Whether a chip amount was changed by hand since the stakes preset was picked."""
        preset = preset_options(self.cls, self.stakes)
        return any(self.options.get(name) != preset[name] for name in CHIP_OPTIONS if name in preset)

    def at_defaults(self) -> bool:
        """Whether this game's stakes and options are the defaults (then there is nothing to reset)."""
        return self.stakes == STANDARD and self.options == preset_options(self.cls, STANDARD)

    def tagline(self) -> str:
        """The game's one-line description from its rules page (empty if the page is missing)."""
        cache = self.__dict__.setdefault("_taglines", {})
        if self.game_id not in cache:
            try:
                data = load_toml(assets_dir() / "rules" / f"{self.game_id}.toml", what="rules page")
                cache[self.game_id] = str(data.get("tagline", ""))
            except (OSError, FileRefused):
                cache[self.game_id] = ""
        return cache[self.game_id]

    # ------------------------------------------------------------------ actions
    def cycle_game(self, step: int) -> None:
        self.choices[self.game_id] = (self.stakes, dict(self.options))
        i = (self.games.index(self.game_id) + step) % len(self.games)
        self.game_id = self.games[i]
        self._reset_game()
        self.relayout()

    def cycle_stakes(self) -> None:
        self.stakes = (self.stakes + 1) % len(STAKES)
        self._apply_stakes()
        self.relayout()

    def reset_choices(self) -> None:
        """Put this game's stakes and options back to the defaults (the seats stay); kept when Play is pressed."""
        self.stakes = STANDARD
        self.options = preset_options(self.cls, STANDARD)
        self.relayout()

    def change_option(self, spec: OptionSpec, step: int) -> None:
        v = self.options[spec.name]
        if spec.type is bool:
            self.options[spec.name] = not v
        elif spec.choices:
            ch = list(spec.choices)
            self.options[spec.name] = ch[(ch.index(v) + step) % len(ch)] if v in ch else ch[0]
        elif spec.type is int:
            mods = pygame.key.get_mods() if pygame.display.get_init() else 0
            big = 10 if mods & pygame.KMOD_SHIFT else 1
            nv = v + step * option_step(spec) * big
            if spec.min is not None:
                nv = max(spec.min, nv)
            if spec.max is not None:
                nv = min(spec.max, nv)
            self.options[spec.name] = nv
        self.relayout()

    def change_seats(self, step: int) -> None:
        cls = self.cls
        n = max(cls.min_seats, min(cls.max_seats, len(self.seats) + step))
        self.wanted_seats = n
        self._resize_seats(n)
        self.relayout()

    def toggle_human(self, i: int) -> None:
        s = self.seats[i]
        s["human"] = not s["human"]
        if s["human"]:
            names = self.app.settings.default_names
            s["name"] = names[i] if i < len(names) else f"Player {i + 1}"
        else:
            s["name"] = AI_NAMES[i % len(AI_NAMES)][0]
        self.fields[i].value = s["name"]
        self.relayout()

    def cycle_agent(self, i: int) -> None:
        names = player_levels()
        a = self.seats[i]["agent"]
        self.seats[i]["agent"] = names[(names.index(a) + 1) % len(names)] if a in names else names[0]
        self.relayout()

    def seat_specs(self) -> list[SeatSpec]:
        out = []
        for i, s in enumerate(self.seats):
            if s["human"]:
                out.append(SeatSpec(s["name"] or f"Player {i + 1}", None, "their"))
            else:
                name, pronoun = AI_NAMES[i % len(AI_NAMES)]
                out.append(SeatSpec(name, s["agent"], pronoun))
        return out

    def play(self) -> None:
        for f in self.fields:
            if f.focused:
                f.focused = False
                self._rename(self.fields.index(f), f.value)
        try:
            session = TableSession.new(self.game_id, self.seat_specs(), seed=random.randrange(1, 2**31),
                                       options=dict(self.options))
        except ValueError as exc:
            self.error = str(exc)
            self.app.toast(self.error)
            return
        self.remember()
        self.app.open_table(session)

    # ------------------------------------------------------------------ layout
    def relayout(self) -> None:
        self.layout(self.size)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        self.widgets = []
        self.labels = []
        row = int(40 * u)
        bh = int(32 * u)
        left = pygame.Rect(int(40 * u), int(110 * u), int(w * 0.46), h - int(230 * u))
        right = pygame.Rect(left.right + int(30 * u), left.y, w - left.right - int(70 * u), left.h)
        self.left, self.right = left, right
        small = int(36 * u)
        x_val = left.x + int(left.w * 0.42)

        def arrow_row(y: int, label: str, value: str, tip: str, minus: Any, plus: Any, key_l: int | None = None,
                      key_r: int | None = None, signs: tuple[str, str] = ("−", "+"), h: int = bh) -> None:
            self.labels.append((label, pygame.Rect(left.x, y, x_val - left.x, h), theme.CREAM, tip))
            b1 = Button(signs[0], minus, key_l, "", tip)
            b1.rect = pygame.Rect(x_val, y, small, h)
            b2 = Button(signs[1], plus, key_r, "", tip)
            b2.rect = pygame.Rect(left.right - small, y, small, h)
            self.widgets += [b1, b2]
            self.labels.append((value, pygame.Rect(b1.rect.right, y, b2.rect.left - b1.rect.right, h), theme.AMBER,
                                ""))

        y = left.y
        arrow_row(y, "Game", self.cls.title, "Which game to play (←/→)", lambda: self.cycle_game(-1),
                  lambda: self.cycle_game(1), pygame.K_LEFT, pygame.K_RIGHT, ("‹", "›"))
        y += row
        edited = self.stakes_edited()
        stakes = Button(STAKES[self.stakes][0] + (" (edited)" if edited else ""), self.cycle_stakes, pygame.K_k, "K",
                        "Stakes: sets the starting stack and the bets to the preset's (K)" if not edited else
                        "Stakes: the amounts were changed by hand; K sets them to the next preset's")
        # the Defaults button shares the stakes row: it puts back exactly what that row and the options show
        reset = Button("Defaults", self.reset_choices, pygame.K_d, "D",
                       "Put this game's stakes and options back to the defaults (D)", enabled=not self.at_defaults())
        gap = int(10 * u)
        rw = min((left.right - x_val) // 2, max(int(130 * u), reset.natural_width(self.app.text, int(16 * u), bh)))
        reset.rect = pygame.Rect(left.right - rw, y, rw, bh)
        stakes.rect = pygame.Rect(x_val, y, reset.rect.left - gap - x_val, bh)
        self.labels.append(("Stakes", pygame.Rect(left.x, y, x_val - left.x, bh), theme.CREAM, ""))
        self.widgets += [stakes, reset]
        y += row + int(8 * u)
        self.about_rect = pygame.Rect(left.x, left.bottom - int(90 * u), left.w, int(90 * u))
        # every option gets a row: a game with many (Better Hintaro has ten) packs them closer rather than
        # leaving the last ones out, down to a row a finger can still hit
        specs = self.cls.OPTIONS
        orow = max(int(22 * u), min(row, (self.about_rect.top - y) // max(1, len(specs))))
        obh = min(bh, orow - int(4 * u))
        for spec in specs:
            if y + obh > self.about_rect.top:
                break
            v = self.options[spec.name]
            title = spec.name.replace("_", " ").capitalize()
            if spec.type is bool:
                self.labels.append((title, pygame.Rect(left.x, y, x_val - left.x, obh), theme.CREAM, spec.doc))
                b = Button("On" if v else "Off", lambda s=spec: self.change_option(s, 1), None, "", spec.doc,
                           selected=bool(v))
                b.rect = pygame.Rect(x_val, y, left.right - x_val, obh)
                self.widgets.append(b)
            else:
                shown = option_words(self.game_id, spec, v)
                arrow_row(y, title, shown, spec.doc, lambda s=spec: self.change_option(s, -1),
                          lambda s=spec: self.change_option(s, 1), h=obh)
            y += orow
        # seats
        y = right.y
        cls = self.cls
        self.labels.append((f"Seats ({cls.min_seats}–{cls.max_seats})", pygame.Rect(right.x, y, int(200 * u), bh),
                            theme.CREAM, ""))
        b1 = Button("−", lambda: self.change_seats(-1), pygame.K_MINUS, "", "One seat fewer (−)")
        b1.rect = pygame.Rect(right.x + int(220 * u), y, small, bh)
        b2 = Button("+", lambda: self.change_seats(1), pygame.K_EQUALS, "", "One seat more (+)")
        b2.rect = pygame.Rect(b1.rect.right + int(60 * u), y, small, bh)
        self.labels.append((str(len(self.seats)), pygame.Rect(b1.rect.right, y, int(60 * u), bh), theme.AMBER, ""))
        self.widgets += [b1, b2]
        y += row + int(6 * u)
        srow = int(min(row, (right.bottom - y) / max(1, len(self.seats))))
        for i, s in enumerate(self.seats):
            sh = min(bh, srow - int(4 * u))
            self.labels.append((f"Seat {i + 1}", pygame.Rect(right.x, y, int(70 * u), sh), theme.TEXT_DIM, ""))
            kind = Button("Person" if s["human"] else "AI", lambda i=i: self.toggle_human(i), None, "",
                          "A person at this screen, or an AI regular", selected=s["human"])
            kind.rect = pygame.Rect(right.x + int(74 * u), y, int(96 * u), sh)
            kind.tag = seat_row = pygame.Rect(right.x, y, right.w, sh)  # its tooltip goes beside the whole row
            self.widgets.append(kind)
            rest = pygame.Rect(kind.rect.right + int(10 * u), y, right.right - kind.rect.right - int(10 * u), sh)
            if s["human"]:
                self.fields[i].rect = rest
                self.fields[i].value = s["name"] if not self.fields[i].focused else self.fields[i].value
            else:
                self.fields[i].rect = pygame.Rect(0, 0, 0, 0)
                ag = Button(f"{AI_NAMES[i % len(AI_NAMES)][0]} · plays {s['agent']}", lambda i=i: self.cycle_agent(i),
                            None, "", "Click to change how this regular plays")
                ag.rect = rest
                ag.tag = seat_row
                self.widgets.append(ag)
            y += srow
        # play / back
        pw, ph = int(220 * u), int(50 * u)
        play = Button("Play", self.play, pygame.K_RETURN, "Enter", "Sit down and play", primary=True)
        play.rect = pygame.Rect(w - int(40 * u) - pw, h - int(30 * u) - ph, pw, ph)
        back = Button("Back", self.app.pop, pygame.K_ESCAPE, "Esc", "Back to the title screen")
        back.rect = pygame.Rect(int(40 * u), h - int(30 * u) - ph, int(160 * u), ph)
        self.widgets += [play, back]

    # ------------------------------------------------------------------ input / draw
    def handle(self, ev: Input) -> None:
        if ev.kind == "move":
            self.hover_pos = ev.pos
        for f in self.fields:
            if f.rect.w and f.handle(ev):
                return
            if f.focused:
                return
        for b in self.widgets:
            if b.handle(ev):
                return

    def draw(self, surf: pygame.Surface) -> None:
        bg = getattr(self, "_bg", None)
        if bg is None or bg.get_size() != self.size:
            self._bg = bg = self.app.backdrop.room(self.size, seed=11)
        surf.blit(bg, (0, 0))
        u = self.u
        t = self.app.text
        w, _ = self.size
        t.blit(surf, "QUICK TABLE", int(52 * u), theme.AMBER, "head", topleft=(int(40 * u), int(24 * u)))
        panel(surf, self.left.inflate(int(24 * u), int(24 * u)), theme.PANEL, theme.PANEL_EDGE, radius=12, alpha=225)
        panel(surf, self.right.inflate(int(24 * u), int(24 * u)), theme.PANEL, theme.PANEL_EDGE, radius=12, alpha=225)
        for text, rect, colour, _tip in self.labels:
            if colour == theme.AMBER:
                t.blit(surf, t.fit(text, int(17 * u), rect.w - 4, "bold"), int(17 * u), colour, "bold",
                       center=rect.center)
            else:
                t.blit(surf, t.fit(text, int(17 * u), rect.w - 4), int(17 * u), colour, midleft=rect.midleft)
        for b in self.widgets:
            b.draw(surf, t, int(16 * u))
        for f in self.fields:
            if f.rect.w:
                f.draw(surf, t, int(17 * u))
        about = self.tagline()
        if about:
            fs = int(16 * u)
            yy = self.about_rect.y
            for line in t.wrap(about, fs, self.about_rect.w)[:3]:
                t.blit(surf, line, fs, theme.TEXT_DIM, topleft=(self.about_rect.x, yy))
                yy += int(fs * 1.4)
        tagline = getattr(self.cls, "title", "")
        players = f"{self.cls.min_seats}–{self.cls.max_seats} seats" if self.cls.min_seats != self.cls.max_seats \
            else f"{self.cls.min_seats} seats"
        t.blit(surf, f"{tagline} · {players}", int(16 * u), theme.TEXT_DIM, topright=(w - int(40 * u), int(44 * u)))
        for b in self.widgets:
            if b.rect.collidepoint(self.hover_pos) and b.tooltip:
                if isinstance(b.tag, pygame.Rect):  # a seat's button: left of its row, never over a seat's row
                    draw_tooltip(surf, t, b.tooltip, b.tag, int(15 * u), beside=True, left=True)
                else:
                    draw_tooltip(surf, t, b.tooltip, b.rect, int(15 * u))
                return
        for _text, rect, _c, tip in self.labels:
            if tip and rect.collidepoint(self.hover_pos):
                draw_tooltip(surf, t, tip, rect, int(15 * u))
                return
