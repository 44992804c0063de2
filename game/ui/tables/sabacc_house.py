"""The Sabacc House table: the flower board (six petals round the discard pile), every seat's hand with its
face-up cards for all to see and its face-down cards as backs (the viewer sees their own, marked HIDDEN), the
stub, the two spike dice, and the main and sabacc pots as separate chip stacks.

How a person plays: in a betting round the bar offers fold, check/call, bet/complete/raise (fixed limit, so
the buttons say the amount) and all-in. In a draw phase they pick a petal (click it or press 1–6) and, to swap,
a card of their own (click it or ←/→), then press Buy or Swap; or Draw from the stub, or Stay. After a draw
the drawn card lies beside the hand: keep it face up or face down (with a card of the hand picked, that card
is tossed at the same time), or throw the drawn card away.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

import pygame

from game.engine.core import Action, Event
from game.engine.sabacc_house import DECK
from game.engine.sabacc_house.ranks import RANK_NAMES
from game.ui import theme, zones
from game.ui.cards import (
    CardTable,
    Deck,
    PotBoxes,
    Spot,
    card_step,
    fan_angles,
    peeking,
    pill,
    pill_rect,
    row_offsets,
    sabacc_deck,
    signed,
    sprite_pad,
)
from game.ui.tables.base import ActionSpec, BaseTable, Beat

PETALS = 6
SPIKE_FACES = ("circle", "triangle", "square", "diamond", "cross", "spike")
#: the petals' places round the discard pile, slot 0 at the upper left, clockwise (degrees, screen y down)
PETAL_ANGLES = (240, 300, 0, 60, 120, 180)
RESULT_WORDS = {"nothing": "NO MATCH", "doubles": "DOUBLES", "spikes": "SPIKES"}


class SabaccHouseTable(zones.SeatChips, PotBoxes, CardTable, BaseTable):
    POT_BOXES = (("pot", "main_pos", "MAIN POT"), ("sabacc_pot", "sabacc_pos", "SABACC POT"))
    ROUND_NOUN = "hand"
    #: what layout_pieces computes once per window size and viewer (game.ui.zones.cached)
    LAID_OUT: ClassVar[tuple[str, ...]] = ("zones", "pw", "ph", "fc", "R", "petal_places", "stub_pos", "dice_pos",
                                           "main_pos", "sabacc_pos", "middle", "stack_boxes", "bet_boxes")

    FELT = theme.FELT_GREEN
    PHASES: ClassVar[dict[str, str]] = {"bet": "Betting round", "draw": "Draw phase", "drawn": "Keep or discard",
                                        "dealing": "", "over": ""}

    def make_deck(self) -> Deck:
        return sabacc_deck()

    # ------------------------------------------------------------------ layout
    def layout_pieces(self) -> None:
        """The zones, in one place: first the most room each seat's zone can take (its plate, its biggest hand
        with its longest words, its tag), then the middle laid out clear of all of them: the flower with its
        cards as big as they fit (down to 28 px wide at 1280×720), the stub and the spike dice left and right
        of it, the two pots under them (game.ui.zones)."""
        u = self.u
        n = self.n
        self.cw = int(max(24, (40 if n <= 4 else 28) * u))
        self.ch = int(self.cw * 1.4)
        self.mw = int(max(34, (60 if n <= 4 else 52) * u))
        self.mh = int(self.mw * 1.4)
        self.die = int(max(18, 30 * u))
        zones.cached(self, self.LAID_OUT, self._lay_out_zones)

    def _lay_out_zones(self) -> None:
        """Every seat's zone, then its chips and the middle clear of them (see :meth:`layout_pieces` and
        game.ui.zones.SeatChips.lay_out_around)."""
        parts = [self._seat_zone(s) for s in range(self.n)]
        u, n = self.u, self.n
        widths = list(zones.sizes((52 if n <= 3 else 46 if n <= 4 else 40) * u, max(24, 28 * u)))
        flower = self._flower(widths[-1], 0.6)[3]
        # the bets keep clear of the flower at its smallest (the stub and the dice go round it)
        self.lay_out_around(parts, widths, flower[0].unionall(flower[1:]))

    def _seat_zone(self, seat: int) -> list[pygame.Rect]:
        """The most room ``seat``'s cards can take, in parts (the zone is their bounding rect): the viewer's
        fanned hand as wide as it may spread with the longest rank in words; another seat's row (never wider
        than five cards) with a rank and total; the plate; the tag."""
        fs = int(max(10, 14 * self.u))
        rank = max(RANK_NAMES, key=lambda name: self.text.render(name, fs, theme.CREAM, "bold").get_width())
        if seat == self.eyes:
            return self.seat_zone_parts(seat, int(self.plate[0] * 1.6 + 8 * self.u), self.mw, self.mh,
                                        f"Your hand: {rank} · total {signed(-23)}")
        return self.seat_zone_parts(seat, int(self.cw * (1 + 4 * 0.52)), self.cw, self.ch,
                                    f"{rank}\ntotal {signed(-23)}")

    def place_middle(self, pw: int, bounds: pygame.Rect, strict: bool, rail: bool) -> bool:
        """Lay the middle out with petal cards ``pw`` wide, the flower round or, where the zones leave a low
        band, flattened; with ``strict``, only if every piece is clear of the seats' zones (False: it is not,
        and nothing is kept); with ``rail``, a pot that finds no room on the felt may lie on the rail."""
        return any(self._place_flower(pw, squash, bounds, strict, rail) for squash in (1.0, 0.78, 0.6))

    def _flower(self, pw: int, squash: float) -> tuple[tuple[int, int], int, int, list[pygame.Rect]]:
        """The flower with petal cards ``pw`` wide, its height ``squash`` of a round one's: its heart, its
        radii across and down (across as small as keeps every petal's area clear of the others' and of the
        discard pile's) and the areas of the six petals and the pile."""
        u = self.u
        ph = int(pw * 1.4)
        pad = sprite_pad(pw)
        cx, cy = self.centre
        fc = (cx, int(cy - 10 * u))
        # round: a petal's shadow clear of its neighbours' above and below, and of the pile's brass frame
        ry = int(max(ph + 2 * pad + 4, ph * 0.5 + pad + ph * 0.5 + 7 * u + 6) / 0.866 * squash) + 1
        rx = ry
        while True:
            places = [(int(fc[0] + math.cos(math.radians(a)) * rx), int(fc[1] + math.sin(math.radians(a)) * ry))
                      for a in PETAL_ANGLES]
            core = [self._petal_area(slot, places[slot], pw, ph) for slot in range(PETALS)]
            core.append(self._pile_area(fc, pw, ph))
            if all(a.collidelist(core[i + 1:]) < 0 for i, a in enumerate(core)) or rx > 6 * pw:
                return fc, rx, ry, core
            rx += max(1, int(2 * u))

    def _place_flower(self, pw: int, squash: float, bounds: pygame.Rect, strict: bool, rail: bool) -> bool:
        u = self.u
        ph = int(pw * 1.4)
        fc, R, ry, core = self._flower(pw, squash)
        places = [(int(fc[0] + math.cos(math.radians(a)) * R), int(fc[1] + math.sin(math.radians(a)) * ry))
                  for a in PETAL_ANGLES]
        taken = [*self.zones, *self.chip_parts()]
        margin = int(4 * u)
        if strict and not all(zones.clear(r, taken, bounds, margin) for r in core):
            return False
        taken += core
        # the stub and the spike dice over the flower's shoulders, the pots under them: each as near there as
        # it can be (at many seats, wherever the zones leave room)
        step = max(4, int(6 * u))
        pieces = [("stub_pos", self.pile_rect((0, 0), pw, ph, "STUB"), (fc[0] - R * 1.62, fc[1] - ry * 0.86)),
                  ("dice_pos", self._dice_area((0, 0)), (fc[0] + R * 1.62, fc[1] - ry * 0.86)),
                  ("main_pos", self.pot_shape("MAIN POT"), (fc[0] - R * 1.55, fc[1] + ry * 0.66)),
                  ("sabacc_pos", self.pot_shape("SABACC POT"), (fc[0] + R * 1.55, fc[1] + ry * 0.66))]
        rail_bounds = self.area.inflate(-int(8 * u), -int(8 * u)) if rail else None
        spots = zones.place_all(pieces, taken, bounds, step, margin, rail_bounds, ("main_pos", "sabacc_pos"), strict,
                                self.felt)
        if spots is None:
            return False
        self.pw, self.ph, self.fc, self.R, self.petal_places = pw, ph, fc, R, places
        for name, at in spots.items():
            setattr(self, name, at)
        # the core, then the pieces placed round it (the pots last)
        self.middle = [*core, *(shape.move(spots[name]) for name, shape, _ in pieces)]
        return True

    def _petal_area(self, slot: int, at: tuple[int, int], pw: int, ph: int) -> pygame.Rect:
        """A petal's card with its shadow and the key (1–6) printed beside it on the buyer's turn."""
        r = Spot(("petal",), None, at[0], at[1], pw, ph).bounds()
        return r.union(self._petal_key(slot, at, pw, ph)[1])

    def _petal_key(self, slot: int, at: tuple[int, int], pw: int, ph: int) -> tuple[tuple[int, int], pygame.Rect]:
        """Where the petal's key is printed: its centre and the disc it takes."""
        u = self.u
        a = math.radians(PETAL_ANGLES[slot])
        k = (int(at[0] + math.cos(a) * (pw * 0.5 + 3 * u)), int(at[1] + math.sin(a) * (ph * 0.42 + 6 * u)))
        rad = int(9 * u) + 2
        return k, pygame.Rect(k[0] - rad, k[1] - rad, 2 * rad, 2 * rad)

    def _pile_area(self, fc: tuple[int, int], pw: int, ph: int) -> pygame.Rect:
        """The discard pile in the flower's heart: its brass frame and the card tilted under the top one."""
        u = self.u
        frame = pygame.Rect(0, 0, pw + int(14 * u), ph + int(14 * u))
        frame.center = fc
        return frame.union(Spot(("d",), None, fc[0] - 3, fc[1] - 3, pw, ph, -4).bounds())

    def _dice_words_size(self) -> int:
        """The size of the words under the spike dice: a little smaller at five and six seats, where the dice
        sit in a pocket beside the flower."""
        return int(max(10, (13 if self.n <= 4 else 12) * self.u))

    def _dice_area(self, at: tuple[int, int]) -> pygame.Rect:
        """The two spike dice and the words printed under them (SPIKE DICE, or the roll: DOUBLES, NO MATCH)."""
        u = self.u
        fs = self._dice_words_size()
        top = (at[0], at[1] + self.die // 2 + int(4 * u))
        words = [pill_rect(self.text, w, fs, top, _result_mark(res), "midtop") for res, w in RESULT_WORDS.items()]
        words.append(pill_rect(self.text, "SPIKE DICE", fs, top, anchor="midtop"))
        d = pygame.Rect(0, 0, int(self.die * 2.2) + 4, self.die + 4)
        d.center = at
        return d.unionall(words)

    def petal_xy(self, slot: int) -> tuple[int, int]:
        return self.petal_places[slot]

    # ------------------------------------------------------------------ the showdown, from the view
    def _showdown(self) -> dict[str, Any] | None:
        """This hand's showdown record (the view's ``last_showdown`` while it is of the hand on the table)."""
        sd = self.shown.get("last_showdown")
        return sd if sd is not None and sd.get("round") == self.shown.get("round") else None

    def _showdown_hand(self, seat: int) -> dict[str, Any] | None:
        """The hand ``seat`` has shown in this hand's showdown: its cards, rank and total; None before that."""
        sd = self._showdown()
        if sd is None or seat >= len(sd["hands"]) or sd["hands"][seat] is None:
            return None
        cards = sd["hands"][seat]
        return {"cards": cards, "rank": sd["standings"][seat], "total": sum(DECK[c] for c in cards)}

    def _showdown_blind(self, seat: int) -> list[int]:
        """The cards ``seat`` has drawn blind in this hand's showdown (ties only)."""
        sd = self._showdown()
        return list(sd["blind"][seat]) if sd is not None and seat < len(sd["blind"]) else []

    # ------------------------------------------------------------------ who is who
    def seat_out(self, seat: int) -> bool:
        live = self.shown.get("live") or []
        return bool(live) and seat < len(live) and not live[seat]

    def seat_status(self, seat: int) -> str:
        show = self._showdown_hand(seat)
        if show is not None:
            return str(show["rank"]).upper()
        playing = self.shown.get("playing") or []
        if playing and seat < len(playing) and not playing[seat]:
            return "OUT"
        if self.seat_out(seat):
            return "FOLDED"
        v = self.shown
        if v.get("phase") == "drawn" and v.get("drawing") == seat:
            return "DRAWING"
        stacks = v.get("stacks") or []
        if stacks and stacks[seat] == 0:
            return "ALL-IN"
        w = (v.get("wager") or [0] * self.n)[seat] if seat < len(v.get("wager") or []) else 0
        if w and v.get("phase") == "bet":
            return f"BET {w:,}"
        return ""

    # ------------------------------------------------------------------ spots
    def seat_spots(self, seat: int) -> list[Spot]:
        v = self.shown
        eyes = self.eyes
        mine = seat == eyes
        w, h = (self.mw, self.mh) if mine else (self.cw, self.ch)
        picking = mine and self.my_turn() and v.get("phase") in ("draw", "drawn")
        items: list[tuple[tuple[Any, ...], int | None, frozenset[str], Any]] = []
        gaps: dict[int, int] = {}
        show = self._showdown_hand(seat)
        dim = self.seat_out(seat)
        if show is not None:
            for c in show["cards"]:
                key = ("card", seat, c)
                items.append((key, c, self.marks_for(key), None))
            blind = self._showdown_blind(seat)
            for i, c in enumerate(blind):
                if i == 0:
                    gaps[len(items)] = int(w * 0.35)
                key = ("card", seat, "blind", i)
                items.append((key, c, self.marks_for(key, "fresh"), None))
        else:
            down_ids = list(v.get("down") or []) if mine else []
            count = (v.get("down_count") or [0] * self.n)[seat] if seat < len(v.get("down_count") or []) else 0
            if mine and down_ids:
                for c in down_ids:
                    key = ("card", seat, c)
                    tag = ("hand", c) if picking else None
                    items.append((key, c, self.marks_for(key, hidden=True, tag=tag, card=c), tag))
            else:
                for i in range(count):
                    key = ("card", seat, "d", i)
                    items.append((key, None, self.marks_for(key, *(("dim",) if dim else ())), None))
            ups = (v.get("up") or [[]] * self.n)[seat] if seat < len(v.get("up") or []) else []
            for i, c in enumerate(ups):
                if i == 0 and items:
                    gaps[len(items)] = int(w * 0.3)
                key = ("card", seat, c)
                tag = ("hand", c) if picking else None
                items.append((key, c, self.marks_for(key, *(("dim",) if dim else ()), tag=tag, card=c), tag))
            if v.get("drawing") == seat and v.get("phase") == "drawn":
                gaps[len(items)] = int(w * 0.5)
                key = ("card", seat, "drawn")
                items.append((key, v.get("drawn") if mine else None, frozenset({"drawn"}), None))
        if not items:
            return []
        # another seat's row is never wider than five cards (more cards overlap more: see _seat_zone)
        room = int(self.plate[0] * 1.6) if mine else int(w * (1 + 4 * 0.52))
        step = card_step(w, len(items), room - sum(gaps.values()))
        if not mine:
            step = min(step, int(w * 0.52))
        xs, _ = row_offsets(len(items), w, step, gaps)
        fan = fan_angles(len(items), 2.2) if mine else [(0, 0.0)] * len(items)
        return self.place_hand(seat, peeking([Spot(key, card, dx, int(drop * h), w, h, ang, marks, tag)
                                              for (key, card, marks, tag), dx, (ang, drop)
                                              in zip(items, xs, fan, strict=True)]))

    def hand_words(self, seat: int) -> str | None:
        """The viewer's hand (its rank now) or a shown hand at the showdown."""
        show = self._showdown_hand(seat)
        if show is not None:
            return f"{show['rank']} · total {signed(show['total'])}"
        if seat == self.eyes and self.shown.get("hand_rank"):
            total = self.shown.get("hand_total") or 0
            return f"Your hand: {self.shown['hand_rank']} · total {signed(total)}"
        return None

    def hand_shown(self, seat: int) -> bool:
        return self._showdown_hand(seat) is not None

    def centre_spots(self) -> list[Spot]:
        v = self.shown
        out = []
        petals = v.get("petals") or [None] * PETALS
        buying = self.my_turn() and v.get("phase") == "draw"
        for slot in range(PETALS):
            card = petals[slot] if slot < len(petals) else None
            if card is None:
                continue
            x, y = self.petal_xy(slot)
            key = (f"petal{slot}",)
            tag = ("slot", slot) if buying else None
            out.append(Spot(key, card, x, y, self.pw, self.ph, 0, self.marks_for(key, tag=tag), tag))
        pile = v.get("discard") or []
        if len(pile) >= 2:
            out.append(Spot(("discard2",), pile[-2], self.fc[0] - 3, self.fc[1] - 3, self.pw, self.ph, -4))
        if pile:
            key = ("discard",)
            out.append(Spot(key, pile[-1], self.fc[0], self.fc[1], self.pw, self.ph, 0, self.marks_for(key)))
        return out

    def centre_rect(self) -> pygame.Rect:
        return self.middle[0].unionall(self.middle[1:-2])  # what draw_centre paints (the pots are apart)

    def centre_sig(self) -> Any:
        v = self.shown
        return (self.spot_sig(self.board_spots()), v.get("stub"), _last_roll(v), self.my_turn(),
                v.get("phase"), self.u)

    def draw_centre(self, surf: pygame.Surface, covered: set[tuple[Any, ...]]) -> None:
        u = self.u
        v = self.shown
        spots = self.board_spots()
        keys = self.my_turn() and v.get("phase") == "draw"
        fs = int(max(10, 13 * u))
        for slot in range(PETALS):  # each petal: its printed outline (an empty petal shows where it goes), its
            x, y = self.petal_xy(slot)  # card, and its key (1–6) on the buyer's turn
            with self.regions.region(f"petal{slot}"):
                r = pygame.Rect(0, 0, self.pw + 6, self.ph + 6)
                r.center = (x, y)
                pygame.draw.rect(surf, (44, 112, 80), r, max(1, int(2 * u)), border_radius=int(7 * u))
                self.draw_spots(surf, [sp for sp in spots if sp.key == (f"petal{slot}",)], covered)
                if keys:
                    (kx, ky), _ = self._petal_key(slot, (x, y), self.pw, self.ph)
                    pygame.draw.circle(surf, (16, 14, 10), (kx, ky), int(9 * u) + 1)
                    pygame.draw.circle(surf, theme.AMBER, (kx, ky), int(9 * u) + 1, 1)
                    self.text.blit(surf, str(slot + 1), fs, theme.AMBER, "bold", center=(kx, ky))
        with self.regions.region("board"):  # the discard pile in the flower's heart
            r = pygame.Rect(0, 0, self.pw + int(14 * u), self.ph + int(14 * u))
            r.center = self.fc
            pygame.draw.rect(surf, theme.BRASS, r, max(2, int(3 * u)), border_radius=int(9 * u))
            self.draw_spots(surf, [sp for sp in spots if not sp.key[0].startswith("petal")], covered)
        if ("stub",) not in covered:
            with self.regions.region("stub"):
                self.draw_pile(surf, self.stub_pos, self.pw, self.ph, int(v.get("stub") or 0), "STUB")
        with self.regions.region("spike_dice"):
            self._draw_dice(surf, covered)

    def _draw_dice(self, surf: pygame.Surface, covered: set[tuple[Any, ...]]) -> None:
        u = self.u
        last = _last_roll(self.shown)
        x, y = self.dice_pos
        for i in range(2):
            if (f"sdie{i}",) in covered:
                continue
            pos = (int(x + (i - 0.5) * self.die * 1.2), y)
            if last is None:
                img = self.spike_die("spike" if i else "circle", self.die).copy()
                img.set_alpha(70)
            else:
                img = self.spike_die(last[i], self.die)
            surf.blit(img, img.get_rect(center=pos))
        if any((f"sdie{i}",) in covered for i in range(2)):
            return
        fs = self._dice_words_size()
        if last is None:
            self.text.blit(surf, "SPIKE DICE", fs, theme.TEXT_DIM, "bold", midtop=(x, y + self.die // 2 + int(4 * u)))
        else:
            res = last[2]
            colour = theme.TEXT_DIM if res == "nothing" else theme.AMBER
            mark = _result_mark(res)
            pill(surf, self.text, RESULT_WORDS.get(res, res.upper()), fs, (x, y + self.die // 2 + int(4 * u)),
                 (16, 14, 12), colour, mark=mark, edge=theme.BRASS_DARK, anchor="midtop")

    def spike_die(self, face: str, size: int) -> pygame.Surface:
        return self.app.res.image(f"spike_dice.{face}", (size, size))

    # ------------------------------------------------------------------ picking
    def pickable_hand(self) -> list[int]:
        v = self.shown
        if self.eyes is None or v.get("phase") not in ("draw", "drawn"):
            return []
        return list(v.get("down") or []) + list((v.get("up") or [[]] * self.n)[self.eyes])

    def on_pick(self, tag: Any) -> None:
        if tag[0] == "slot":
            self.pick.slot = None if self.pick.slot == tag[1] else tag[1]
        else:
            super().on_pick(tag)

    def handle(self, ev: Any) -> None:
        if ev.kind == "key" and self.my_turn() and self.shown.get("phase") == "draw" \
                and pygame.K_1 <= ev.key <= pygame.K_6:
            slot = ev.key - pygame.K_1
            petals = self.shown.get("petals") or []
            if slot < len(petals) and petals[slot] is not None:
                self.pick.slot = None if self.pick.slot == slot else slot
                self.rebuild_actions()
            return
        super().handle(ev)

    # ------------------------------------------------------------------ actions
    def say(self, card: int | None) -> str:
        return self.art.deck.say(card)

    def action_specs(self, view: dict[str, Any], legal: list[Action]) -> list[ActionSpec]:
        phase = view.get("phase")
        if phase == "draw":
            return self._draw_specs(view, legal)
        if phase == "drawn":
            return self._drawn_specs(view, legal)
        return self._bet_specs(view, legal)

    def _bet_specs(self, view: dict[str, Any], legal: list[Action]) -> list[ActionSpec]:
        kinds = {a.kind: a for a in legal}
        if not legal:  # someone else is betting: the same buttons, without amounts that are not ours
            return [ActionSpec("Fold", "Give up this hand", pygame.K_f, "F", enabled=False),
                    ActionSpec("Check / Call", "Stay in, meeting the bet", pygame.K_c, "C", enabled=False),
                    ActionSpec("Bet / Raise", "Fixed-limit bets: the button says the amount on your turn",
                               pygame.K_r, "R", enabled=False),
                    ActionSpec("All-in", "Only when you cannot meet the bet", pygame.K_a, "A", enabled=False)]
        to_call = int(view.get("to_call") or 0)
        size = int(view.get("bet_size") or 0)
        cur = int(view.get("current_bet") or 0)
        small = int((view.get("structure") or {}).get("small_bet") or size)
        if "call" in kinds or to_call:
            call = ActionSpec(f"Call {to_call:,}", f"Put in {to_call:,} to meet the bet of {cur:,}", pygame.K_c, "C",
                              action=kinds.get("call"), enabled="call" in kinds, primary=True)
        else:
            call = ActionSpec("Check", "Stay in without adding chips", pygame.K_c, "C", action=kinds.get("check"),
                              enabled="check" in kinds, primary=True)
        if "complete" in kinds:
            agg = ActionSpec(f"Complete to {small:,}", f"Raise the bring-in to the small bet, {small:,}",
                             pygame.K_r, "R", action=kinds["complete"])
        elif "bet" in kinds:
            agg = ActionSpec(f"Bet {size:,}", f"Open the betting with the fixed bet of {size:,}", pygame.K_r, "R",
                             action=kinds["bet"])
        elif "raise" in kinds:
            agg = ActionSpec(f"Raise to {cur + size:,}", f"Fixed limit: raise the bet one step of {size:,}, to "
                             f"{cur + size:,}", pygame.K_r, "R", action=kinds["raise"])
        else:  # greyed: the bar says why (see greyed_words)
            agg = ActionSpec(f"Raise to {cur + size:,}" if cur else "Raise", "Raise the bet one fixed step",
                             pygame.K_r, "R", enabled=False, probe=Action("raise"))
        stack = (view.get("stacks") or [0] * self.n)[self.eyes] if self.eyes is not None else 0
        return [
            ActionSpec("Fold", "Give up this hand: what you put in stays in the pot", pygame.K_f, "F",
                       action=kinds.get("fold"), enabled="fold" in kinds),
            call,
            agg,
            ActionSpec(f"All-in {stack:,}", "You cannot meet the bet: put in every chip you hold", pygame.K_a, "A",
                       action=kinds.get("allin"), enabled="allin" in kinds, probe=Action("allin")),
        ]

    def greyed_words(self, spec: ActionSpec, why: Any, view: dict[str, Any]) -> str:
        """The engine refuses a bet it does not list with a bare ``unknown_action``: say what stops it."""
        kind = getattr(why, "params", {}).get("kind")
        if getattr(why, "code", "") == "unknown_action" and self.eyes is not None and kind in ("raise", "allin"):
            stack = int((view.get("stacks") or [0] * self.n)[self.eyes])
            to_call = int(view.get("to_call") or 0)
            if kind == "allin":
                return ("Nothing to call: all-in is only for a seat that cannot meet the bet." if not to_call else
                        "You can meet the bet: all-in is only for a seat that cannot.")
            if int(view.get("bets") or 0) >= 5:
                return "The cap is reached: one bet and four raises a round."
            size = int(view.get("bet_size") or 0)
            if stack < to_call + size:
                return (f"You cannot afford a raise: it takes {to_call + size:,} and you hold {stack:,}.")
            return "No raise now: nobody else still in has chips to answer it."
        return super().greyed_words(spec, why, view)

    def _draw_specs(self, view: dict[str, Any], legal: list[Action]) -> list[ActionSpec]:
        kinds = {a.kind for a in legal}
        price = int(view.get("price") or 0)
        slot, card = self.pick.slot, self.pick.card
        petals = view.get("petals") or [None] * PETALS
        petal = petals[slot] if slot is not None and slot < len(petals) else None
        buy = Action("buy", slot=slot) if slot is not None else None
        swap = Action("swap", slot=slot, card=card) if slot is not None and card is not None else None
        legal_set = set(legal)
        if petal is None:
            buy_label, buy_tip = "Buy petal", f"Pick a petal first (click it or press 1–6); a petal costs {price:,}"
        else:
            buy_label = f"Buy {_short(self.say(petal))}"
            buy_tip = f"Take the {self.say(petal)} face up for {_chips(price)} (into the sabacc pot)"
            if buy not in legal_set and legal:
                buy_tip = self._why_not_buy(view, price)
        if petal is None or card is None:
            swap_label = "Swap"
            swap_tip = "Pick a petal (1–6) and a card of yours (click or ←/→), then swap them"
        else:
            swap_label = f"Swap {_short(self.say(card))} for {_short(self.say(petal))}"
            swap_tip = (f"Leave your {self.say(card)} face up in the petal's place and take the {self.say(petal)} "
                        f"face up ({_chips(price)})")
            if swap not in legal_set and legal:
                swap_tip = (self._why_not_buy(view, price) if self._short_of(view, price) else
                            "Your last face-down card cannot be swapped away: pick another card")
        return [
            ActionSpec("Stay", "Keep your hand as it is for this draw phase", pygame.K_s, "S",
                       action=Action("stay"), enabled="stay" in kinds),
            ActionSpec("Draw", "Draw a card from the stub for free; then keep it or throw it away", pygame.K_d, "D",
                       action=Action("draw"), enabled="draw" in kinds, primary=True),
            ActionSpec(buy_label, buy_tip, pygame.K_b, "B", action=buy, enabled=buy in legal_set),
            ActionSpec(swap_label, swap_tip, pygame.K_w, "W", action=swap, enabled=swap in legal_set),
        ]

    def _short_of(self, view: dict[str, Any], price: int) -> bool:
        stacks = view.get("stacks") or []
        return self.eyes is not None and self.eyes < len(stacks) and stacks[self.eyes] < price

    def _why_not_buy(self, view: dict[str, Any], price: int) -> str:
        """Why the chosen petal cannot be bought, in the player's words."""
        if self._short_of(view, price):
            return f"A petal costs {_chips(price)} and you hold fewer: draw from the stub or stay"
        return "You hold five cards: swap one of yours for the petal instead"

    def _drawn_specs(self, view: dict[str, Any], legal: list[Action]) -> list[ActionSpec]:
        drawn = view.get("drawn")
        card = self.pick.card
        legal_set = set(legal)
        specs = []
        for face, key, cap in (("up", pygame.K_u, "U"), ("down", pygame.K_h, "H")):
            if card is not None:
                act = Action("keep", face=face, discard=card)
                label = f"Keep {face}, toss {_short(self.say(card))}"
                tip = f"Keep the drawn card face {face} and throw your {self.say(card)} onto the discard pile"
            else:
                act = Action("keep", face=face)
                label = f"Keep face {face}"
                tip = (f"Keep the drawn card face {face}" + (" (everyone sees it)" if face == "up"
                                                              else " (only you see it)"))
                if legal and act not in legal_set:
                    tip = "You hold five cards: pick one of yours to toss (click it or ←/→)"
            specs.append(ActionSpec(label, tip, key, cap, action=act, enabled=act in legal_set,
                                    primary=face == "up"))
        act = Action("discard", card=drawn) if drawn is not None else None
        specs.append(ActionSpec("Throw it away", "Put the drawn card face up on the discard pile", pygame.K_x, "X",
                                action=act, enabled=act in legal_set))
        return specs

    def bar_heading(self) -> str:
        if not self.my_turn():
            return super().bar_heading()
        v = self.shown
        phase = v.get("phase")
        if phase == "draw":
            return "DRAW PHASE: pick a petal (click, 1–6) and a card of yours (click, ←/→) to buy or swap"
        if phase == "drawn":
            drawn = self.say(v.get("drawn")).upper()
            return f"YOU DREW {drawn}: keep it (pick a card to toss with it) or throw it away"
        to_call = int(v.get("to_call") or 0)
        return f"YOUR BET: {to_call:,} to call" if to_call else "YOUR BET: nothing to call"

    # ------------------------------------------------------------------ events -> beats
    # Each event is folded into ``shown`` (the engine's reducer) as its first beat starts, so ``shown`` is
    # already the view after the event when a beat's ``start`` runs. Beats only add what moves over it: cards
    # sliding from where they lay *before* the event (:meth:`was`, :meth:`was_at`), flying chips, dice, tags.
    def fold(self, ev: Event) -> None:
        self._before = {s: list(self.spots_of(s)) for s in range(self.n)}
        self._before_centre = list(self.board_spots())
        super().fold(ev)

    def was_at(self, seat: int) -> list[Spot]:
        """The seat's cards as they lay before the event being told."""
        return getattr(self, "_before", {}).get(seat, [])

    def was(self, key: tuple[Any, ...]) -> Spot | None:
        """Where the card ``key`` lay before the event being told (None: it was not on the table)."""
        spots = self.was_at(key[1]) if len(key) >= 2 and key[0] == "card" and isinstance(key[1], int) \
            else getattr(self, "_before_centre", [])
        return next((sp for sp in spots if sp.key == key), None)

    def open_round(self, d: dict[str, Any]) -> None:
        """A new hand: the last hand's tags, fresh marks and picks go (the fold already cleared the table)."""
        self.deco = {}
        self.tags = {}
        self.fresh = set()
        self.pick.clear()

    def _stub_src(self) -> tuple[int, int, int, int]:
        return (self.stub_pos[0], self.stub_pos[1], self.pw, self.ph)

    def _seat_card_spot(self, seat: int, card: int | None, visible: bool) -> Spot | None:
        """Where ``card`` lay at ``seat`` before the event (a back when the eyes cannot see it: the last back)."""
        spots = self.was_at(seat)
        if visible and card is not None:
            for sp in spots:
                if sp.key == ("card", seat, card):
                    return sp
        backs = [sp for sp in spots if len(sp.key) == 4 and sp.key[2] == "d"]
        return backs[-1] if backs else (spots[-1] if spots else None)

    def beats_for(self, ev: Event) -> list[Beat]:
        d = ev.visible_to(self.eyes)
        kind = ev.kind
        s = ev.seat

        if kind == "antes":
            def start() -> None:
                for t in range(self.n):
                    src = self.stack_spot(t)
                    for i, (share, pos, key) in enumerate(((d["main"], self.main_pos, "pot"),
                                                           (d["sabacc"], self.sabacc_pos, "sabacc_pot"))):
                        if share[t]:
                            self.fly(share[t], src, pos, delay=0.03 * t + 0.05 * i, hold=("pot", key))
            return [Beat(0.5, start, sound="chips")]

        if kind == "dealt":
            assert s is not None

            def start() -> None:
                for k, sp in enumerate(self.spots_of(s)):
                    self.slide(sp.key, self._stub_src(), None, delay=0.05 * k)
            return [Beat(0.34, start, sound="card")]

        if kind == "board_dealt":
            def start() -> None:
                k = 0
                for sp in self.board_spots():
                    if sp.key[0].startswith("petal") or sp.key == ("discard",):
                        self.slide(sp.key, self._stub_src(), None, delay=0.05 * k)
                        k += 1
            return [Beat(0.6, start, sound="card")]

        if kind == "bet":
            assert s is not None
            act = d["action"]
            amount = d["amount"]

            def start() -> None:
                self.bet_shown(s, d, {"bring-in": f"BRINGS IN {amount:,}", "bet": f"BETS {amount:,}",
                                      "complete": f"COMPLETES TO {d['wager']:,}"})
                if act == "fold":
                    for sp in self.was_at(s):
                        self.slide_away(sp, self.stub_pos, None)
                # the chips slide out to the seat's betting line as the bet is folded in (ChipStage.stage_chips)
            return [Beat(0.45 if amount or act == "fold" else 0.35, start, sound="chips" if amount else None)]

        if kind == "bet_returned":
            assert s is not None
            return [Beat(0.4, sound="chips")]  # the chips slide home from the line as it is folded in

        if kind == "draw_phase":
            return [Beat(0.35, lambda: setattr(self, "tags", {}))]

        if kind in ("betting_skipped", "betting_round"):
            return [Beat(0.3 if kind == "betting_skipped" else 0.15)]

        if kind == "stayed":
            assert s is not None
            return [Beat(0.35, lambda: self.tag(s, "STAYS"))]

        if kind == "drew":
            assert s is not None

            def start() -> None:
                self.tag(s, "DRAWS")
                self.slide(("card", s, "drawn"), self._stub_src(), None)
            return [Beat(0.4, start, sound="card")]

        if kind == "kept":
            assert s is not None

            def start() -> None:
                src = self.was(("card", s, "drawn"))
                face = d["face"]
                card = d["card"]  # the seat's own face-down card is in its secret part
                if face == "up" or (s == self.eyes and card is not None):
                    key: tuple[Any, ...] = ("card", s, card)
                else:
                    key = ("card", s, "d", self.shown["down_count"][s] - 1)
                self.tag(s, f"KEEPS FACE {str(face).upper()}")
                self.fresh = {key}
                if src is not None:
                    self.slide(key, src, src.card)
            return [Beat(0.35, start, sound="card")]

        if kind == "discarded":
            assert s is not None

            def start() -> None:
                card = d["card"]
                if d["drawn"]:
                    src = self.was(("card", s, "drawn"))
                else:
                    src = self._seat_card_spot(s, card, d["was"] == "up" or s == self.eyes)
                self.tag(s, f"DISCARDS {_short(self.say(card)).upper()}")
                self.fresh.add(("discard",))
                if src is not None:
                    self.slide(("discard",), src, src.card, duration=0.25)
            return [Beat(0.4, start, sound="card")]

        if kind in ("bought", "swapped"):
            assert s is not None

            def start() -> None:
                slot = d["slot"]
                card = d["card"]
                petal_src = self.was((f"petal{slot}",))
                gave_src = None
                if kind == "swapped":
                    gave_src = self._seat_card_spot(s, d["gave"], d["gave_face"] == "up" or s == self.eyes)
                    self.tag(s, f"SWAPS FOR {_short(self.say(card)).upper()}")
                else:
                    self.tag(s, f"BUYS {_short(self.say(card)).upper()}")
                self.fresh = {("card", s, card), (f"petal{slot}",)}
                if petal_src is not None:
                    self.slide(("card", s, card), petal_src, card, duration=0.3)
                if gave_src is not None:
                    self.slide((f"petal{slot}",), gave_src, gave_src.card, duration=0.3)
                self.fly(d["price"], self.stack_spot(s), self.sabacc_pos, hold=("pot", "sabacc_pot"))
            return [Beat(0.5, start, sound="card")]

        if kind == "petal_refilled":
            def start() -> None:
                slot, card = d["slot"], d["card"]
                from_pile = d["source"] == "discard"
                src: Any = self.was(("discard",)) if from_pile else self._stub_src()
                self.fresh.add((f"petal{slot}",))
                self.slide((f"petal{slot}",), src, card if from_pile else None, duration=0.25)
            return [Beat(0.32, start, sound="card")]

        if kind == "discard_refilled":
            return [Beat(0.3, lambda: self.slide(("discard",), self._stub_src(), None, duration=0.25), sound="card")]

        if kind == "spike_roll":
            dice = list(d["dice"])
            res = d["result"]

            def start() -> None:
                self.tags = {}
                x, y = self.dice_pos
                for i in range(2):
                    pos = (x + (i - 0.5) * self.die * 1.2, y)
                    self.tumble((f"sdie{i}",), dice[i], self.spike_die, SPIKE_FACES, pos, self.die,
                                delay=0.05 * i, duration=0.8)

            def end() -> None:
                if res == "spikes":
                    self.announce("SPIKES!", "Both dice show the Spike: every hand is replaced", 1.7, theme.BAD,
                                  "spike")
                elif res == "doubles":
                    self.announce("DOUBLES!", f"Two {dice[0]}s: every face-down card is replaced", 1.5,
                                  theme.AMBER, "pair")
            beats = [Beat(0.95, start, end, sound="dice")]
            if res != "nothing":
                beats.append(Beat(1.2))
            return beats

        if kind in ("pocket_replaced", "hand_replaced"):
            assert s is not None

            def start() -> None:
                whole = kind == "hand_replaced"
                for sp in self.was_at(s):
                    if whole or sp.card is None or "hidden" in sp.marks:
                        self.slide_away(sp, self.stub_pos, None)
                fresh = []
                for k, sp in enumerate(sp for sp in self.spots_of(s)
                                       if whole or sp.card is None or "hidden" in sp.marks):
                    self.slide(sp.key, self._stub_src(), None, delay=0.22 + 0.05 * k)
                    fresh.append(sp.key)
                self.fresh |= set(fresh)
            return [Beat(0.55, start, sound="card")]

        if kind == "stub_rebuilt":
            return [Beat(0.3)]

        if kind == "shows":
            assert s is not None

            def start() -> None:
                before = {sp.key for sp in self.was_at(s)}
                backs = [sp for sp in self.was_at(s) if sp.card is None]
                self.tag(s, "SHOWS", theme.AMBER)
                k = 0
                for sp in self.spots_of(s):
                    if sp.key not in before:
                        src = backs.pop(0) if backs else sp
                        self.slide(sp.key, src, None, delay=0.04 * k, duration=0.25)
                        k += 1
            return [Beat(0.8, start, sound="card")]

        if kind == "blind_draw":
            assert s is not None

            def start() -> None:
                drawn = len(self._showdown_blind(s))
                self.tag(s, f"BLIND DRAW: TOTAL {signed(d['total'])}")
                self.slide(("card", s, "blind", drawn - 1), self._stub_src(), None, duration=0.3)
            return [Beat(0.8, start, sound="card")]

        if kind == "pot_won":
            assert s is not None
            amount = d["amount"]
            if d["pot_name"] == "sabacc":
                return self.pot_won_beats(s, amount, "sabacc_pot", f"WINS THE SABACC POT {amount:,}", 0.6)
            return self.pot_won_beats(s, amount, "pot", f"WINS {amount:,}", 0.6)

        if kind == "sabacc_pot_carried":
            return [Beat(0.5)]

        if kind == "round_over":
            winners = d["winners"]
            standings = d["standings"]
            st = standings[winners[0]] if winners and winners[0] < len(standings) else None
            sub = (f"with {st}" if st else "") + (  # (without a showdown the reason says everyone folded)
                " · and the sabacc pot" if d["sabacc_pot_won"] else "")
            return self.round_over_beats(d, sub, 2.1, 1.4)

        if kind == "carry_returned":
            return self.carry_back_beats(d["amounts"], "sabacc_pot")
        return super().beats_for(ev)

    # ------------------------------------------------------------------ words
    def describe(self, ev: dict[str, Any]) -> str | None:
        kind = ev["kind"]
        s = ev.get("seat")
        who = self.names[s] if s is not None else ""
        say = self.say
        if kind == "round_started":
            return f"Hand {ev['round']}: {self.names[ev['dealer']]} deals."
        if kind == "antes":
            return f"Antes in: main pot {ev.get('pot', 0):,}, sabacc pot {ev.get('sabacc_pot', 0):,}."
        if kind == "dealt":
            up = ev.get("up") or []
            mine = ev.get("down_cards")
            extra = f" You hold {', '.join(say(c) for c in mine)} face down." if mine else ""
            return f"{who} is dealt three cards face down and {say(up[0]) if up else 'one'} face up.{extra}"
        if kind == "board_dealt":
            pile = ev.get("discard") or []
            top = say(pile[-1]) if pile else "—"
            return f"The flower is dealt: six petals for sale round the discard pile ({top})."
        if kind == "bet":
            a = ev.get("action")
            amt = int(ev.get("amount") or 0)
            if a == "bring-in":
                return f"{who} shows the biggest card and brings in {amt:,}."
            if a == "bet":
                return f"{who} bets {amt:,}."
            if a == "complete":
                return f"{who} completes the bet to {ev.get('wager', 0):,}."
            return self.bet_words(who, ev) or f"{who}: {a} {amt:,}."
        if kind == "bet_returned":
            return f"{ev.get('amount', 0):,} uncalled chips go back to {who}."
        if kind == "betting_round":
            first = (ev.get("to_act") or [None])[0]
            if ev.get("stage") == 1 or first is None:
                return None  # round 1 opens with the bring-in, worded on its own
            return f"Betting round {ev['stage']}: {self.names[first]} acts first."
        if kind == "betting_skipped":
            return f"No betting in round {ev.get('stage')}: fewer than two seats can still bet."
        if kind == "draw_phase":
            return f"Draw phase {ev.get('stage')}: buy or swap a petal, draw from the stub, or stay."
        if kind == "stayed":
            return f"{who} stays."
        if kind == "drew":
            card = ev.get("card")
            return f"{who} draws from the stub" + (f": {say(card)}." if card is not None else ".")
        if kind == "kept":
            card = ev.get("card")
            face = ev.get("face")
            return f"{who} keeps the drawn card face {face}" + (f" ({say(card)})." if card is not None else ".")
        if kind == "discarded":
            src = "the drawn card" if ev.get("drawn") else f"a face-{ev.get('was', 'up')} card"
            return f"{who} throws away {src}: {say(ev.get('card'))}."
        if kind == "bought":
            return f"{who} buys the {say(ev.get('card'))} from the flower for {ev.get('price', 0):,}."
        if kind == "swapped":
            return (f"{who} swaps {self.pronoun(s)} {say(ev.get('gave'))} for the {say(ev.get('card'))} "
                    f"({ev.get('price', 0):,} to the sabacc pot).")
        if kind == "petal_refilled":
            return None
        if kind == "discard_refilled":
            return None
        if kind == "spike_roll":
            dice = ev.get("dice") or ["?", "?"]
            res = ev.get("result")
            if res == "spikes":
                return "The spike dice show two Spikes: SPIKES! Every hand is mucked and dealt anew."
            if res == "doubles":
                return f"The spike dice show two {dice[0]}s: DOUBLES! Every face-down card is replaced."
            return f"The spike dice show {dice[0]} and {dice[1]}: no match, the hands stand."
        if kind == "pocket_replaced":
            new = ev.get("new_down")
            return f"{who} gets {ev.get('count', 0)} new face-down cards" + (
                f": {', '.join(say(c) for c in new)}." if new else ".")
        if kind == "hand_replaced":
            return f"{who} gets a whole new hand: {', '.join(say(c) for c in ev.get('new_up') or [])} face up."
        if kind == "stub_rebuilt":
            return f"The stub ran out: the {ev.get('source')} is shuffled into a new stub."
        if kind == "shows":
            return f"{who} shows {', '.join(say(c) for c in ev.get('cards') or [])}: {ev.get('rank')} " \
                   f"(total {signed(int(ev.get('total') or 0))})."
        if kind == "blind_draw":
            total = signed(int(ev.get("total") or 0))
            return f"Tie: {who} draws {say(ev.get('card'))} blind, total {total}."
        if kind == "pot_won":
            split = self.split_words(ev)
            odd = int(ev.get("odd_chips") or 0)
            if odd:
                split += f", with the odd {_chips(odd)} as no hand follows"
            if ev.get("pot_name") == "sabacc":
                return f"{who} takes the sabacc pot, {ev.get('amount', 0):,}, with {ev.get('standing')}{split}."
            if ev.get("standing"):
                return f"{who} wins {ev.get('amount', 0):,} with {ev.get('standing')}{split}."
            return f"{who} takes {ev.get('amount', 0):,}: everyone else folded."
        if kind == "sabacc_pot_carried":
            return (f"The sabacc pot ({ev.get('amount', 0):,}) carries: the best hand, {ev.get('best')}, is below "
                    "Banthas Wild.")
        if kind == "round_over":
            return None if ev.get("winners") else f"Hand {ev['round']} ends with no winner."
        if kind == "carry_returned":
            return "The session is over: the chips left in the pots are shared out."
        return super().describe(ev)


def _chips(n: int) -> str:
    return f"{n:,} chip" + ("" if n == 1 else "s")


def _result_mark(result: str) -> str:
    """The mark beside a spike roll's result (none for no match: it changes nothing)."""
    return "" if result == "nothing" else ("spike" if result == "spikes" else "pair")


def _last_roll(v: dict[str, Any]) -> tuple[str, str, str] | None:
    rolls = v.get("spike_rolls") or []
    if not rolls:
        return None
    r = rolls[-1]
    return (str(r[0]), str(r[1]), str(r[2]))


def _short(words: str) -> str:
    """A card as a button says it: its value alone ('+7'), or 'Sylop' (suits never change a hand's rank)."""
    return "Sylop" if "Sylop" in words else words.split(" ")[0]
