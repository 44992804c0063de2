"""The Hintaro table: two silver dice per seat, the gold Hintaro die in the middle, chips and the pot.

What it adds to the base table: how each Hintaro event plays out (dice tumble, chips slide, the Hintaro die's
cancellation struck through the matching symbol on every seat's dice), the words the log uses, and the
action bar (drop, call/check, raise with a slider, all-in; keep or reroll one die).

Everything drawn comes from ``shown`` (the engine's view, each event folded in with ``reduce_view`` as its
first beat starts): the dice, the stacks and pots, and the round's showdown (``last_showdown``). The beats
only add what moves over it and when the showdown's verdict is revealed (once the gold die has landed).
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from game.engine.core import Action, Event
from game.engine.hintaro import FACE_WORDS
from game.ui import theme
from game.ui.draw import die_face, strike, symbol_slots
from game.ui.showdown_words import STAND_RULE, carries, count
from game.ui.tables.base import ActionSpec, BaseTable, Beat

#: the faces a tumbling die shows on its way down
PLAYER_FACES = ("KK", "K", "TK", "T", "blank")
HINTARO_FACES = ("Hin", "Taro", "blank")
SIDE = ("left", "right")


class HintaroTable(BaseTable):
    FELT = theme.FELT_GREEN
    PHASES: ClassVar[dict[str, str]] = {"wager": "Wager round", "call": "Calls: no more raises",
                                        "reroll": "Rerolls", "over": ""}

    def setup(self) -> None:
        super().setup()
        self.revealed = True  # False while the gold die of the shown showdown is still in the air

    def showdown(self) -> dict[str, Any] | None:
        """The shown round's showdown (the Hintaro face and each seat's row), if it has had one."""
        sd = self.shown.get("last_showdown")
        return sd if sd and sd.get("round") == self.shown.get("round") else None

    def verdict(self, seat: int) -> dict[str, Any] | None:
        """The seat's showdown row (struck symbol, standing) once the gold die has landed."""
        sd = self.showdown()
        if sd is None or not self.revealed:
            return None
        rows = sd.get("seats") or []
        return rows[seat] if seat < len(rows) else None

    def tooltip(self) -> tuple[str, pygame.Rect] | None:
        """Over a seat whose plate names its standing (or "NO STANDING") after the Hintaro die: what "stand"
        means, which the plate has no room to say."""
        tip = super().tooltip()
        if tip is not None:
            return tip
        for seat in range(self.n):
            plate: pygame.Rect = self.seat_geo[seat]["plate"]
            if plate.collidepoint(self.hover_pos) and self.verdict(seat) is not None:
                return STAND_RULE[0].upper() + STAND_RULE[1:] + ".", plate
        return None

    # ------------------------------------------------------------------ layout
    def layout_pieces(self) -> None:
        u = self.u
        n = self.n
        self.die = int(max(22, (44 if n <= 4 else 38 if n <= 6 else 34) * u))
        self.big_die = int(max(30, 62 * u))

    def die_pos(self, seat: int, i: int) -> tuple[float, float]:
        # side seats push the pair further in, so the outer die clears the plate and its dealer button
        side = abs(self.seat_geo[seat]["in"][0])
        cx, cy = self.inward(seat, self.die * 0.75 + 6 * self.u + side * (self.die * 0.62 + 12 * self.u))
        off = (self.die * 0.58) * (-1 if i == 0 else 1)
        return (cx + off, cy)

    def hintaro_pos(self) -> tuple[float, float]:
        return (self.centre[0], self.centre[1] - self.felt.h * 0.17)

    def die_words_growth(self) -> int:
        """How much taller (px) the words under the Hintaro die stand than the window's scale makes them: they
        keep the text floor in a small window, so what stands under them moves down by this (0 from 1280x720)."""
        font = self.text.res.font
        grown = [font("bold", self.px(size, floor)).get_linesize() - font("bold", int(size * self.u)).get_linesize()
                 for size, floor in ((14, 10), (12, 9))]
        return max(0, *grown)

    def free_width(self, band: pygame.Rect) -> int:
        """How wide a line centred under the Hintaro die may be in the rows of ``band`` before it runs under a
        side seat's dice or plate (a small window's words keep the text floor; the seats close in)."""
        x, _ = self.hintaro_pos()
        left, right = self.area.left, self.area.right
        for seat in range(self.n):
            r = self.pieces_rect(seat).union(self.seat_geo[seat]["plate"])
            if r.colliderect(band):
                if r.centerx < x:
                    left = max(left, r.right)
                else:
                    right = min(right, r.left)
        return 2 * int(min(x - left, right - x)) - int(8 * self.u)

    def pot_pos(self) -> tuple[float, float]:
        x, y = super().pot_pos()
        return (x, y + self.die_words_growth())

    def pieces_rect(self, seat: int) -> pygame.Rect:
        a, b = self.die_pos(seat, 0), self.die_pos(seat, 1)
        r = pygame.Rect(0, 0, int(b[0] - a[0]) + self.die, self.die)
        r.center = (int((a[0] + b[0]) / 2), int(a[1]))
        return r.inflate(int(8 * self.u), int(8 * self.u))

    def pieces_sig(self, seat: int) -> Any:
        dice = self.shown.get("dice") or []
        row = self.verdict(seat)
        return (tuple(dice[seat]) if seat < len(dice) else (), self.seat_out(seat), row and row.get("struck"))

    def centre_rect(self) -> pygame.Rect:
        x, y = self.hintaro_pos()
        w = max(self.big_die * 2, int(260 * self.u))
        # the die (its art has a rim) and words
        r = pygame.Rect(0, 0, w, int(self.big_die * 1.4 + 26 * self.u) + self.die_words_growth())
        r.midtop = (int(x), int(y - self.big_die * 0.75))
        return r

    def centre_sig(self) -> Any:
        sd = self.showdown()
        return sd and sd.get("hintaro")

    def dealer_letter(self) -> str:
        return "H"

    # ------------------------------------------------------------------ pieces
    def face_img(self, face: str, size: int) -> pygame.Surface:
        return die_face(face, size, "silver", self.app.res)

    def gold_img(self, face: str, size: int) -> pygame.Surface:
        return die_face(face, size, "gold", self.app.res)

    def seat_out(self, seat: int) -> bool:
        in_hand = self.shown.get("in_hand") or []
        return bool(in_hand) and seat < len(in_hand) and not in_hand[seat]

    def seat_status(self, seat: int) -> str:
        row = self.verdict(seat)
        if row is not None:
            standing = row.get("standing")
            return standing.upper() if standing else "NO STANDING"
        if self.seat_out(seat):
            stacks = self.shown.get("stacks") or []
            return "OUT" if stacks and stacks[seat] == 0 and not self.shown.get("dice", [[]])[seat] else "DROPPED"
        stacks = self.shown.get("stacks") or []
        if stacks and stacks[seat] == 0 and (self.shown.get("dice") or [[]] * self.n)[seat]:
            return "ALL-IN"
        return ""

    def draw_seat_pieces(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        dice = (self.shown.get("dice") or [])
        faces = dice[seat] if seat < len(dice) else []
        out = self.seat_out(seat)
        row = self.verdict(seat)
        struck = row.get("struck") if row else None
        strike_at = _strike_slot(faces, struck, self.die, self.app.res) if struck else None
        for i, face in enumerate(faces[:2]):
            if ("die", seat, i) in covered:
                continue
            img = die_face(face, self.die, "dim" if out else "silver", self.app.res)
            pos = self.die_pos(seat, i)
            r = img.get_rect(center=(int(pos[0]), int(pos[1])))
            surf.blit(img, r)
            if strike_at is not None and strike_at[0] == i:
                (sx, sy), rad = strike_at[1], strike_at[2]
                strike(surf, (r.x + sx, r.y + sy), rad, res=self.app.res)

    def draw_centre(self, surf: pygame.Surface, covered: set[tuple[Any, ...]]) -> None:
        pos = self.hintaro_pos()
        u = self.u
        if ("hintaro",) in covered:
            return
        with self.regions.region("hintaro_die"):
            self._draw_hintaro_die(surf, pos, u)

    def _draw_hintaro_die(self, surf: pygame.Surface, pos: tuple[float, float], u: float) -> None:
        """The Hintaro die in the middle: blank and faint until the showdown throws it, then its face and words."""
        sd = self.showdown()
        face = sd.get("hintaro") if sd else None
        if face is None:
            # a bare gold body (the drawn die, not the art): the art's blank face carries the rolled-blank mark
            img = die_face("unthrown", self.big_die, "gold").copy()
            img.set_alpha(90)
            surf.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))
            self.text.blit(surf, "HINTARO DIE", self.px(12, 9), theme.TEXT_DIM, "bold",
                           midtop=(int(pos[0]), int(pos[1] + self.big_die * 0.55)))
            return
        img = self.gold_img(face, self.big_die)
        surf.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))
        words = {"Hin": "HIN: one Tukar falls", "Taro": "TARO: one Kulro falls", "blank": "BLANK: nothing falls"}
        said = words.get(face, face)
        font = self.text.res.font("bold", self.px(14))
        top = int(pos[1] + self.big_die * 0.56)
        if font.size(said)[0] > self.free_width(pygame.Rect(0, top, self.size[0], font.get_height())):
            said = face.upper()  # (a small window: the side seats' dice leave room for the face alone)
        self.text.blit(surf, said, self.px(14), theme.AMBER, "bold", midtop=(int(pos[0]), top))

    # ------------------------------------------------------------------ events -> beats
    def beats_for(self, ev: Event) -> list[Beat]:
        d = ev.visible_to(self.eyes)
        kind = ev.kind
        s = ev.seat

        if kind == "round_started":
            return [Beat(0.35, self.clear_tags)]

        if kind == "antes":
            def start() -> None:
                for seat, a in enumerate(d["amounts"]):
                    if a:
                        self.fly(a, self.stack_spot(seat), self.pot_pos(), delay=0.04 * seat, hold=("pot", "pot"))
            return [Beat(0.5, start, sound="chips")]

        if kind == "dice_thrown":
            def start() -> None:
                k = 0
                for seat, faces in enumerate(d["dice"]):
                    for i, face in enumerate(faces):
                        self.tumble(("die", seat, i), face, self.face_img, PLAYER_FACES, self.die_pos(seat, i),
                                    self.die, delay=0.03 * k, duration=0.7 + 0.1 * (k % 3) / 2)
                        k += 1
            return [Beat(0.85, start, sound="dice")]

        if kind == "bet":
            assert s is not None

            def start() -> None:
                # the chips slide out to the seat's betting line as the bet is folded in (ChipStage.stage_chips)
                self.tag(s, self.bet_tag(d, {"drop": "DROPS"}), theme.BAD if d["action"] == "drop" else theme.AMBER)
            return [Beat(0.45 if d["amount"] else 0.35, start, sound="chips" if d["amount"] else None)]

        if kind == "bet_returned":
            assert s is not None
            return [Beat(0.45, sound="chips")]  # the chips slide home from the line as it is folded in

        if kind == "reroll":
            assert s is not None

            def start() -> None:
                i = d["die"]
                self.tag(s, f"REROLLS {SIDE[i].upper()} DIE")
                self.tumble(("die", s, i), d["new"], self.face_img, PLAYER_FACES, self.die_pos(s, i), self.die)
            return [Beat(0.85, start, sound="dice")]

        if kind == "keep":
            assert s is not None
            return [Beat(0.35, lambda: self.tag(s, "KEEPS"))]

        if kind == "hintaro_thrown":
            def start() -> None:
                self.tags.clear()  # the seats' turns are over: a last "REROLLS RIGHT DIE" would stay to the showdown
                self.revealed = False  # the struck symbols and standings show once the gold die has landed
                self.tumble(("hintaro",), d["face"], self.gold_img, HINTARO_FACES, self.hintaro_pos(),
                            self.big_die, duration=0.9)

            def end() -> None:
                self.revealed = True
            return [Beat(1.0, start, end, sound="dice"), Beat(0.6)]

        if kind == "pot_won":
            assert s is not None
            return self.pot_won_beats(s, d["amount"], "pot", f"WINS {d['amount']:,}")

        if kind == "pot_carried":
            return [Beat(0.3)]  # the round's result says what carries, and why

        if kind == "round_over":
            winners = d["winners"]
            standings = d["standings"]
            st = standings[winners[0]] if winners and winners[0] < len(standings) else None
            carried = int(d.get("carried") or 0)
            if winners:
                sub = f"with {st}" if st else ""  # (the reason says everyone else dropped)
                if carried:
                    sub += (" · " if sub else "") + carries(carried)
            else:
                sub = carries(carried)
            return [Beat(1.6, lambda: self.show_result(d, sub, several="split the pot"))]

        if kind == "carry_returned":
            return self.carry_back_beats(d["amounts"], "pot")
        return super().beats_for(ev)

    # ------------------------------------------------------------------ words
    def describe(self, ev: dict[str, Any]) -> str | None:
        kind = ev["kind"]
        s = ev.get("seat")
        who = self.names[s] if s is not None else ""
        if kind == "round_started":
            return f"Round {ev['round']}: {self.names[ev['dealer']]} is the Hintaron."
        if kind == "antes":
            amounts = [a for a in ev.get("amounts", []) if a]
            if amounts and len(set(amounts)) == 1:
                return f"Everyone antes {amounts[0]:,} (pot {ev.get('pot', 0):,})."
            return f"The antes are in (pot {ev.get('pot', 0):,})."
        if kind == "dice_thrown":
            return "Every seat throws its two dice."
        if kind == "bet":
            a = ev["action"]
            if a == "raise":
                return f"{who} raises to {ev['current_bet']:,} (puts in {ev['amount']:,})."
            if a == "drop":
                return f"{who} drops out of the round."
            return self.bet_words(who, ev) or f"{who}: {a}."
        if kind == "bet_returned":
            return f"{ev['amount']:,} uncalled chips go back to {who}."
        if kind == "reroll":
            return (f"{who} rerolls {self.pronoun(s)} {FACE_WORDS.get(ev['old'], ev['old'])} die: "
                    f"it lands {FACE_WORDS.get(ev['new'], ev['new'])}.")
        if kind == "keep":
            return f"{who} keeps {self.pronoun(s)} dice."
        if kind == "hintaro_thrown":
            f = ev["face"]
            if f == "Hin":
                return "The Hintaro die shows Hin: one Tukar falls from every seat's dice."
            if f == "Taro":
                return "The Hintaro die shows Taro: one Kulro falls from every seat's dice."
            return "The Hintaro die lands blank: nothing is cancelled."
        if kind == "pot_won":
            split = self.split_words(ev)
            if ev.get("standing"):
                return f"{who} wins {ev['amount']:,} with {ev['standing']}{split}."
            return f"{who} takes {ev['amount']:,}: everyone else dropped."
        if kind == "pot_carried":
            amount, odd = ev["amount"], ev.get("odd_chips", 0)
            if odd == amount:
                return f"The split leaves {count(odd, 'odd chip')}: {'it carries' if odd == 1 else 'they carry'} " \
                       "to the next round."
            return f"Nobody stands: {carries(amount)}."  # (the Why line below says what stand means)
        if kind == "round_over":
            return None if ev.get("winners") else f"Round {ev['round']} ends with no winner."
        if kind == "carry_returned":
            return "The carried pot goes back to the seats that paid into it."
        return super().describe(ev)

    # ------------------------------------------------------------------ actions
    def _wager_specs(self, view: dict[str, Any], legal: list[Action]) -> list[ActionSpec]:
        kinds = {a.kind: a for a in legal}
        to_call = int(view.get("to_call", 0) or 0)
        stack = (view.get("stacks") or [0] * self.n)[self.eyes] if self.eyes is not None else 0
        call_label = "Check" if to_call == 0 else f"Call {to_call:,}"
        call_tip = ("Stay in without adding chips" if to_call == 0 else
                    f"Put in {to_call:,} to meet the bet of {view.get('current_bet', 0):,}")
        return [
            ActionSpec("Drop", "Leave this round: what you put in stays in the pot", pygame.K_d, "D",
                       action=kinds.get("drop"), enabled="drop" in kinds),
            ActionSpec(call_label, call_tip, pygame.K_c, "C", action=kinds.get("call"), enabled="call" in kinds,
                       primary=True, probe=Action("call")),
            ActionSpec("Raise", "Raise the bet to the total on the button (set it with the slider); no raises "
                       "once the Hintaron has acted", pygame.K_r, "R", amount_kind="raise", enabled="raise" in kinds),
            self._allin_spec(view, legal, stack),
        ]

    def _allin_spec(self, view: dict[str, Any], legal: list[Action], stack: int) -> ActionSpec:
        """The All-in button: the engine's ``allin`` for a seat short of a call or of a full raise; otherwise,
        when a raise of every chip left after the call is legal, that raise (it is the same all-in, which the
        engine calls a raise), so the button is live whenever the seat may push every chip it holds."""
        tip = f"Put in every chip you hold ({stack:,}); side pots form"
        allin = next((a for a in legal if a.kind == "allin"), None)
        if allin is None:
            room = self._room(view)
            allin = next((a for a in legal if a.kind == "raise" and room and a.get("amount") == room), None)
            if allin is not None:
                tip = (f"Raise to {self.raise_to(room, view):,}: every chip you hold ({stack:,}) goes in; the others "
                       "call it, go all-in short of it or drop")
        return ActionSpec("All-in", tip, pygame.K_a, "A", action=allin, enabled=allin is not None,
                          probe=Action("allin"))

    def _room(self, view: dict[str, Any] | None = None) -> int | None:
        """What the eyes would hold after calling (a raise of exactly this puts in every chip), or None."""
        v = self.shown if view is None else view
        stacks = v.get("stacks") or []
        if self.eyes is None or self.eyes >= len(stacks):
            return None
        return int(stacks[self.eyes]) - int(v.get("to_call", 0) or 0)

    def amount_words(self, label: str, kind: str | None, amount: int, view: dict[str, Any] | None = None) -> str:
        """A raise that puts in every chip the seat holds says so: "Raise to 990 (all-in)"."""
        words = super().amount_words(label, kind, amount, view)
        return f"{words} (all-in)" if kind == "raise" and amount > 0 and amount == self._room(view) else words

    def _reroll_specs(self, view: dict[str, Any], legal: list[Action]) -> list[ActionSpec]:
        dice = (view.get("dice") or [[]] * self.n)[self.eyes] if self.eyes is not None else []
        def word(i: int) -> str:
            return FACE_WORDS.get(dice[i], "?") if i < len(dice) else ""
        by = {(a.kind, a.get("die")): a for a in legal}
        return [
            ActionSpec("Keep", "Keep both dice as they are", pygame.K_k, "K", action=by.get(("keep", None)),
                       enabled=("keep", None) in by, primary=True),
            ActionSpec(_paren("Reroll left", word(0)), _paren("Throw your left die again", word(0)), pygame.K_1, "1",
                       action=by.get(("reroll", 0)), enabled=("reroll", 0) in by),
            ActionSpec(_paren("Reroll right", word(1)), _paren("Throw your right die again", word(1)), pygame.K_2,
                       "2", action=by.get(("reroll", 1)), enabled=("reroll", 1) in by),
        ]

    def greyed_words(self, spec: ActionSpec, why: Any, view: dict[str, Any]) -> str:
        """A raise the engine lists no amount for (``unknown_action``): say what stops it, from the view."""
        if getattr(why, "code", "") == "unknown_action" and spec.amount_kind == "raise" and self.eyes is not None:
            stack = int((view.get("stacks") or [0] * self.n)[self.eyes])
            to_call = int(view.get("to_call", 0) or 0)
            least = int(view.get("min_bet", 0) or 0)
            if stack < to_call:
                return f"You cannot afford a raise: you hold {stack:,}, short of the {to_call:,} to call."
            return (f"You cannot afford a raise: after calling {to_call:,} you would hold {stack - to_call:,}, "
                    f"less than the smallest raise ({least:,}).")
        return super().greyed_words(spec, why, view)

    def action_specs(self, view: dict[str, Any], legal: list[Action]) -> list[ActionSpec]:
        if view.get("phase") == "reroll":
            return self._reroll_specs(view, legal)
        return self._wager_specs(view, legal)


def _paren(text: str, extra: str) -> str:
    return f"{text} ({extra})" if extra else text


def _strike_slot(faces: list[str], struck: str, size: int, res: Any) -> tuple[int, tuple[float, float], float] | None:
    """Which die and symbol the Hintaro die cancelled: the first matching symbol, left die first."""
    for i, face in enumerate(faces[:2]):
        for sym, centre, r in symbol_slots(face, size, res):
            if sym == struck:
                return i, centre, r
    return None
