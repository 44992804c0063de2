"""The Street Hintaro table: two seats on a burgundy felt, two red/blue cubes each, one shared cube.

Red cubes carry a ring and blue ones a bar, so the colours never carry the meaning alone (colour-blind mode
also writes R/B under each cube).

Everything drawn comes from ``shown`` (the engine's view, each event folded in with ``reduce_view`` as its
first beat starts): the cubes, the stacks and pot, the round's result (``last_result``). The beats only add
what moves over it and when the scores are revealed (once the shared cube has landed).
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from game.engine.core import Action, Event
from game.ui import theme
from game.ui.draw import cube_face
from game.ui.showdown_words import carries
from game.ui.tables.base import ActionSpec, BaseTable, Beat


def standing_words(standing: str) -> str:
    """The engine's standing name as it reads after "with": "Score 2" is "a score of 2" ("Grell wins 20 with a
    score of 2", not "with Score 2"); any other name is kept as it is."""
    head, _, points = standing.partition(" ")
    return f"a score of {points}" if head == "Score" and points.isdigit() else standing

CUBE_FACES = ("red", "blue")


class StreetHintaroTable(BaseTable):
    FELT = theme.FELT_BURGUNDY
    WAGER_KEY = "contrib"  # one bet and its match a round: each seat's chips in stand on its line
    SWEEP_EVENTS = BaseTable.SWEEP_EVENTS | {"cubes_thrown"}  # the betting is over once the cubes fly
    PHASES: ClassVar[dict[str, str]] = {"bet": "Opening bet", "match": "Match or concede", "throw": "Throw your cubes",
              "raise": "Raise once or check", "answer": "Call the raise or concede", "shared": "The shared cube",
              "over": ""}

    def setup(self) -> None:
        super().setup()
        self.revealed = True  # False while the shared cube of the shown round is still in the air

    def scores(self) -> list[int] | None:
        """The shown round's scores, once the shared cube has landed (None before, or after a concession)."""
        result = self.shown.get("last_result")
        if not self.revealed or not result or result.get("round") != self.shown.get("round"):
            return None
        return result.get("scores")

    def layout_pieces(self) -> None:
        self.cube = int(max(24, 54 * self.u))
        self.big_cube = int(max(30, 68 * self.u))

    def cube_pos(self, seat: int, i: int) -> tuple[float, float]:
        cx, cy = self.inward(seat, self.cube * 0.8 + 8 * self.u)
        return (cx + self.cube * 0.62 * (-1 if i == 0 else 1), cy)

    def shared_pos(self) -> tuple[float, float]:
        return (self.centre[0] - self.felt.w * 0.16, self.centre[1])

    def pot_pos(self) -> tuple[float, float]:
        return (self.centre[0] + self.felt.w * 0.14, self.centre[1] + self.big_cube * 0.3)

    def pieces_rect(self, seat: int) -> pygame.Rect:
        a, b = self.cube_pos(seat, 0), self.cube_pos(seat, 1)
        r = pygame.Rect(0, 0, int(b[0] - a[0]) + self.cube, self.cube + int(20 * self.u))
        r.midtop = (int((a[0] + b[0]) / 2), int(a[1] - self.cube / 2))
        return r.inflate(int(8 * self.u), int(8 * self.u))

    def pieces_sig(self, seat: int) -> Any:
        cubes = self.shown.get("cubes") or [[], []]
        return (tuple(cubes[seat]), self.app.settings.colour_blind)

    def centre_rect(self) -> pygame.Rect:
        x, y = self.shared_pos()
        r = pygame.Rect(0, 0, max(self.big_cube * 2, int(200 * self.u)), int(self.big_cube * 1.3 + 24 * self.u))
        r.midtop = (int(x), int(y - self.big_cube * 0.6))
        low = pygame.Rect(0, 0, int(420 * self.u), int(24 * self.u))
        low.midbottom = (self.centre[0], self.felt.bottom - int(20 * self.u))
        return r.union(low)

    def centre_sig(self) -> Any:
        return (self.shown.get("shared"), self.shown.get("low_wins"), self.shown.get("betting"),
                self.app.settings.colour_blind)

    def dealer_letter(self) -> str:
        return "1"

    def cube_img(self, colour: str, size: int) -> pygame.Surface:
        return cube_face(colour, size, self.app.settings.colour_blind, self.app.res)

    # ------------------------------------------------------------------ drawing
    def seat_status(self, seat: int) -> str:
        scores = self.scores()
        if scores:
            return f"SCORE {scores[seat]}"
        return ""  # the "1" button beside the plate marks the first seat

    def draw_seat_pieces(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        cubes = (self.shown.get("cubes") or [[], []])[seat]
        for i, colour in enumerate(cubes[:2]):
            if ("cube", seat, i) in covered:
                continue
            pos = self.cube_pos(seat, i)
            img = self.cube_img(colour, self.cube)
            r = img.get_rect(center=(int(pos[0]), int(pos[1])))
            surf.blit(img, r)
            if self.app.settings.colour_blind:
                self.text.blit(surf, "R" if colour == "red" else "B", self.px(13, 9), theme.CREAM, "bold",
                               midtop=(r.centerx, r.bottom + 1))

    def draw_centre(self, surf: pygame.Surface, covered: set[tuple[Any, ...]]) -> None:
        u = self.u
        pos = self.shared_pos()
        colour = self.shown.get("shared")
        self.regions.open("shared_cube")
        if ("shared",) not in covered:
            if colour:
                img = self.cube_img(colour, self.big_cube)
            else:
                img = self.cube_img("none", self.big_cube).copy()
                img.set_alpha(90)
            surf.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))
        label = "SHARED CUBE" if not colour else f"SHARED: {colour.upper()}"
        self.text.blit(surf, label, self.px(13, 9), theme.AMBER if colour else theme.TEXT_DIM, "bold",
                       midtop=(int(pos[0]), int(pos[1] + self.big_cube * 0.6)))
        self.regions.close()
        self.regions.open("rule_notice")
        if self.shown.get("low_wins"):
            self.text.blit(surf, "CANTINA RULES: THE LOWER SCORE WINS", self.px(13, 9), theme.CREAM, "bold",
                           midbottom=(self.centre[0], self.felt.bottom - int(24 * u)))
        elif self.shown.get("betting") is False:
            self.text.blit(surf, "NO BETTING: PLAYING FOR ROUNDS", self.px(13, 9), theme.CREAM, "bold",
                           midbottom=(self.centre[0], self.felt.bottom - int(24 * u)))
        self.regions.close()

    # ------------------------------------------------------------------ events
    def beats_for(self, ev: Event) -> list[Beat]:
        d = ev.visible_to(self.eyes)
        kind = ev.kind
        s = ev.seat
        if kind == "round_started":
            return [Beat(0.35, self.clear_tags)]
        if kind == "bet":
            assert s is not None

            def start() -> None:
                to = int((self.shown.get("contrib") or [0, 0])[s])  # the seat's total, the raise folded in
                self.tag(s, self.bet_tag(d, {"bet": f"BETS {d['amount']:,}", "raise": f"RAISES TO {to:,}"}))
            return [Beat(0.45 if d["amount"] else 0.35, start, sound="chips" if d["amount"] else None)]
        if kind == "cubes_thrown":
            assert s is not None

            def start() -> None:
                self.tag(s, "THROWS")
                for i, c in enumerate(d["cubes"]):
                    self.tumble(("cube", s, i), c, self.cube_img, CUBE_FACES, self.cube_pos(s, i), self.cube,
                                delay=0.05 * i)
            return [Beat(0.85, start, sound="dice")]
        if kind == "shared_thrown":
            def start() -> None:
                self.revealed = False  # the scores show once the cube has landed
                self.tumble(("shared",), d["face"], self.cube_img, CUBE_FACES, self.shared_pos(), self.big_cube,
                            duration=0.85)

            def end() -> None:
                self.revealed = True
            return [Beat(0.95, start, end, sound="dice"), Beat(0.4)]
        if kind == "concede":
            assert s is not None
            return [Beat(0.4, lambda: self.tag(s, "CONCEDES", theme.BAD))]
        if kind == "pot_won":
            assert s is not None
            amount = d["amount"]
            return self.pot_won_beats(s, amount, "pot", f"WINS {amount:,}" if amount else "WINS",
                                      sound="chips" if amount else None)
        if kind == "pot_carried":
            return [Beat(0.3)]  # the round's result says what carries, and why
        if kind == "round_over":
            winners = d["winners"]
            carried = int(d.get("carried") or 0)
            if winners:
                st = d["standings"][winners[0]]
                sub = f"with {standing_words(st)}" if st else ""  # (the reason says the other seat conceded)
                title = None
            else:
                sub = carries(carried) if carried else "nobody takes the round"
                title = "A tie"
            return [Beat(1.5, lambda: self.show_result(d, sub, title))]
        if kind == "carry_returned":
            return self.carry_back_beats(d["amounts"], "pot", stagger=0.0)
        return super().beats_for(ev)

    def raise_to(self, amount: int, view: dict[str, Any] | None = None) -> int:
        """A Street Hintaro raise is on top of what the seat has in this round (both seats have put in the same
        when it may raise)."""
        v = self.shown if view is None else view
        me = self.eyes if self.eyes is not None else int(v.get("current_seat") or 0)
        return int((v.get("contrib") or [0, 0])[me]) + int(amount)

    def add_log(self, ev: Event | None, text: str = "") -> None:
        """A raise's line says the total it raised to: the bet event carries only the chips put in, so the line
        keeps the seat's total from the view just after it (folded before the line is logged)."""
        if ev is not None and ev.kind == "bet" and ev.data.get("action") == "raise" and ev.seat is not None:
            to = int((self.shown.get("contrib") or [0, 0])[ev.seat])
            ev = Event(ev.kind, ev.seat, {**ev.data, "raised_to": to}, ev.secret)
        super().add_log(ev, text)

    def describe(self, ev: dict[str, Any]) -> str | None:
        kind = ev["kind"]
        s = ev.get("seat")
        who = self.names[s] if s is not None else ""
        if kind == "round_started":
            return f"Round {ev['round']}: {self.names[ev['first']]} goes first."
        if kind == "bet":
            a = ev["action"]
            if a == "bet":
                return f"{who} opens with a bet of {ev['amount']:,}."
            if a == "raise":  # the total the seat's bet becomes (the table notes it as the line is logged)
                to = ev.get("raised_to")
                return f"{who} raises to {to:,}." if to is not None else f"{who} raises, putting in {ev['amount']:,}."
            if a == "check":
                return f"{who} checks: no raise."
            if a == "call":
                return f"{who} calls {ev['amount']:,}."
        if kind == "cubes_thrown":
            c = ev["cubes"]
            return f"{who} throws {self.pronoun(s)} cubes: {c[0]} and {c[1]}."
        if kind == "shared_thrown":
            sc = ev.get("scores") or [0, 0]
            return (f"The shared cube lands {ev['face']}: {self.names[0]} scores {sc[0]}, "
                    f"{self.names[1]} scores {sc[1]}.")
        if kind == "concede":
            return f"{who} concedes the round."
        if kind == "pot_won":
            if ev["amount"]:
                return f"{who} wins {ev['amount']:,}" + (f" with {standing_words(ev['standing'])}."
                                                         if ev.get("standing") else ".")
            return f"{who} wins the round."
        if kind == "pot_carried":
            return f"A tie: {carries(ev['amount'])}." if ev["amount"] else "A tie."
        if kind == "round_over":
            return None  # the pot_won / pot_carried lines already say how the round ended
        if kind == "carry_returned":
            return "The carried wagers are shared back between the two seats."
        return super().describe(ev)

    # ------------------------------------------------------------------ actions
    def action_specs(self, view: dict[str, Any], legal: list[Action]) -> list[ActionSpec]:
        phase = view.get("phase")
        kinds = {a.kind: a for a in legal}
        if phase == "bet":
            return [ActionSpec("Bet", "Open the round: the other seat must match it or concede", pygame.K_b, "B",
                               amount_kind="bet", enabled="bet" in kinds, primary=True)]
        if phase in ("match", "answer"):
            pot = view.get("contrib") or [0, 0]
            owed = abs(pot[0] - pot[1])
            return [
                ActionSpec(f"Call {owed:,}" if owed else "Call", "Match the bet and play on", pygame.K_c, "C",
                           action=kinds.get("call"), enabled="call" in kinds, primary=True),
                ActionSpec("Concede", "Give up the round: the pot goes to the other seat", pygame.K_x, "X",
                           action=kinds.get("concede"), enabled="concede" in kinds),
            ]
        if phase == "raise":
            return [
                ActionSpec("Check", "No raise: go on to the shared cube", pygame.K_c, "C",
                           action=kinds.get("check"), enabled="check" in kinds, primary=True),
                ActionSpec("Raise", "Raise once, to the total on the button (set it with the slider); the other "
                           "seat calls or concedes", pygame.K_r, "R", amount_kind="raise", enabled="raise" in kinds),
            ]
        # greyed while another seat throws (idle_specs passes no legal actions): not "your" cubes then
        label = "Throw the shared cube" if phase == "shared" else "Throw your cubes" if legal else "Throw cubes"
        tip = ("Throw the cube both seats score against" if phase == "shared" else
               "Throw your two cubes (red has a ring, blue a bar)")
        return [ActionSpec(label, tip, pygame.K_t, "T", action=kinds.get("throw"), enabled="throw" in kinds,
                           primary=True)]
