"""The Nepunian Spike table: every seat's hand (the viewer's own face up, others' as backs except the cards the
whole table saw them take from the discard pile), the deck and the discard pile, the Captain's helm token
beside the dealer button, the two six-sided dice and the hand pot and spike pot as separate chip stacks.

How a person plays: in a play phase they Gain a card or Stand, or pick a card of their own (click it or ←/→)
and Swap it with the deck's top card or the discard pile's top card. Betting: check/call, fold, or raise to
the total the slider sets ("Raise to N"). The new Captain rolls the dice (one odd and one even: nothing; both
even or both odd: an extra play phase and a spike ante; a pair: SPIKE!). After a Spike each seat still in stays
in or abandons ship, keeping the one card they pick.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from game.engine.core import Action, Event
from game.ui import theme, zones
from game.ui.anim import reading_seconds
from game.ui.cards import (
    CardTable,
    Deck,
    PotBoxes,
    Spot,
    card_step,
    fan_angles,
    pill,
    pill_rect,
    row_offsets,
    signed,
    spike_deck,
)
from game.ui.showdown_words import count
from game.ui.tables import table_words
from game.ui.tables.base import ActionSpec, BaseTable, Beat

D6 = (1, 2, 3, 4, 5, 6)
OUTCOME = {
    "mixed": ("NOTHING", "One odd, one even: the hand goes on", theme.CREAM, ""),
    "matched": ("EXTRA PLAY", "Both even or both odd: everyone antes the spike pot and plays again", theme.AMBER,
                "pair"),
    "spike": ("SPIKE!", "A pair: stay in or abandon ship, then the hand pot is revealed", theme.BAD, "spike"),
}


class NepunianSpikeTable(zones.SeatChips, PotBoxes, CardTable, BaseTable):
    POT_BOXES = (("hand_pot", "hand_pot_pos", "HAND POT"), ("spike_pot", "spike_pot_pos", "SPIKE POT"))
    ROUND_NOUN = "hand"
    #: what layout_pieces computes once per window size and viewer (game.ui.zones.cached)
    LAID_OUT: ClassVar[tuple[str, ...]] = ("zones", "pw", "ph", "deck_pos", "pile_pos", "track_pos", "dice_pos",
                                           "hand_pot_pos", "spike_pot_pos", "middle", "stack_boxes", "bet_boxes")

    FELT = theme.FELT_BURGUNDY
    PHASES: ClassVar[dict[str, str]] = {"play": "Play phase", "bet": "Betting round", "roll": "Captain's roll",
                                        "abandon": "Abandon ship?", "between": "", "over": ""}

    def bet_pot_key(self) -> str:
        """Bets go into the hand pot, and into the spike pot once the dice have spiked."""
        return "spike_pot" if self.shown.get("spiked") else "hand_pot"

    def make_deck(self) -> Deck:
        return spike_deck()

    # ------------------------------------------------------------------ layout
    def layout_pieces(self) -> None:
        """The zones, in one place: first the most room each seat's zone can take (its plate, its biggest hand
        with its longest words, its tag, the Captain's token), then the middle laid out clear of all of them:
        the deck and the discard pile with their cards as big as they fit (down to 28 px wide at 1280×720),
        the round marker and the Captain's dice left and right of them, the two pots under them
        (game.ui.zones)."""
        u = self.u
        n = self.n
        self.cw = int(max(24, (42 if n <= 3 else 34 if n == 4 else 30 if n == 5 else 27) * u))
        self.ch = int(self.cw * 1.4)
        self.mw = int(max(34, (64 if n <= 4 else 52) * u))
        self.mh = int(self.mw * 1.4)
        self.die = int(max(20, 34 * u))
        zones.cached(self, self.LAID_OUT, self._lay_out_zones)

    def _lay_out_zones(self) -> None:
        """Every seat's zone, then its chips and the middle clear of them (see :meth:`layout_pieces` and
        game.ui.zones.SeatChips.lay_out_around)."""
        parts = [self._seat_zone(s) for s in range(self.n)]
        u, n = self.u, self.n
        widths = list(zones.sizes((52 if n <= 4 else 46) * u, max(24, 28 * u)))
        heart = self._core(widths[-1])[0]
        # the bets keep clear of the deck and the pile at their smallest (the round marker and dice go round them)
        self.lay_out_around(parts, widths, heart[0].union(heart[1]))

    def _seat_zone(self, seat: int) -> list[pygame.Rect]:
        """The most room ``seat``'s cards can take, in parts (the zone is their bounding rect): its hand of five
        (the viewer's fanned as wide as it may spread) with the longest words it may say, its plate, its tag
        and the Captain's token."""
        from game.engine.nepunian_spike.ranks import RANK_NAMES

        fs = int(max(10, 14 * self.u))
        rank = max(RANK_NAMES, key=lambda name: self.text.render(name, fs, theme.CREAM, "bold").get_width())
        if seat == self.eyes:
            parts = self.seat_zone_parts(seat, int(self.plate[0] * 1.5 + 8 * self.u), self.mw, self.mh,
                                         f"LOCKED · Your hand totals {signed(-23)}")
        else:
            parts = self.seat_zone_parts(seat, int(self.cw * (1 + 4 * 0.55)), self.cw, self.ch,
                                         f"{rank}\ntotal {signed(-23)}")
        return [*parts, *self._token_rects(seat)]

    def place_middle(self, pw: int, bounds: pygame.Rect, strict: bool, rail: bool) -> bool:
        """Lay the middle out with pile cards ``pw`` wide; with ``strict``, only if every piece is clear of the
        seats' zones (False: it is not, and nothing is kept); with ``rail``, a pot that finds no room on the
        felt may lie on the rail."""
        u = self.u
        ph = int(pw * 1.4)
        cx, cy = self.centre
        y = int(cy - ph * 0.55)
        core, deck_at, pile_at = self._core(pw)
        taken = [*self.zones, *self.chip_parts()]
        margin = int(4 * u)
        if strict and not all(zones.clear(r, taken, bounds, margin) for r in core):
            return False
        taken += core
        # the round marker and the Captain's dice beside the piles, the pots under them: each as near there
        # as it can be (at many seats, wherever the zones leave room)
        step = max(4, int(6 * u))
        pieces = [("track_pos", self._track_area((0, 0)), (cx - pw * 2.55, y)),
                  ("dice_pos", self._dice_area((0, 0)), (cx + pw * 2.55, y)),
                  ("hand_pot_pos", self.pot_shape("HAND POT"), (cx - pw * 1.9, cy + ph * 0.5)),
                  ("spike_pot_pos", self.pot_shape("SPIKE POT"), (cx + pw * 1.9, cy + ph * 0.5))]
        rail_bounds = self.area.inflate(-int(8 * u), -int(8 * u)) if rail else None
        spots = zones.place_all(pieces, taken, bounds, step, margin, rail_bounds, ("hand_pot_pos", "spike_pot_pos"),
                                strict, self.felt)
        if spots is None:
            return False
        self.pw, self.ph, self.deck_pos, self.pile_pos = pw, ph, deck_at, pile_at
        for name, at in spots.items():
            setattr(self, name, at)
        # the core, then the pieces placed round it (the pots last)
        self.middle = [*core, *(shape.move(spots[name]) for name, shape, _ in pieces)]
        return True

    def _core(self, pw: int) -> tuple[list[pygame.Rect], tuple[int, int], tuple[int, int]]:
        """The middle's heart with pile cards ``pw`` wide: the deck's and the discard pile's areas side by side
        at the felt's centre, and their anchors."""
        ph = int(pw * 1.4)
        cx, cy = self.centre
        y = int(cy - ph * 0.55)
        gap = int(6 * self.u)
        deck_shape = self.pile_rect((0, 0), pw, ph, "DECK")
        pile_shape = self._pile_area((0, 0), pw, ph)
        deck_at = (cx - gap // 2 - deck_shape.right, y)
        pile_at = (cx + gap // 2 - pile_shape.left, y)
        return [deck_shape.move(deck_at), pile_shape.move(pile_at)], deck_at, pile_at

    def _pile_area(self, at: tuple[int, int], pw: int, ph: int) -> pygame.Rect:
        """The discard pile: its printed outline, the card tilted under the top one, DISCARD under it."""
        u = self.u
        r = Spot(("p",), None, at[0] - 4, at[1] - 3, pw, ph, 5).bounds().union(
            Spot(("p",), None, at[0], at[1], pw, ph).bounds())
        size = self.text.render("DISCARD", int(max(10, 13 * u)), theme.CREAM, "bold").get_size()
        words = pygame.Rect(0, 0, size[0] + 2, size[1] + 2)
        words.midtop = (at[0], at[1] + ph // 2 + int(4 * u))
        return r.union(words)

    def _dice_area(self, at: tuple[int, int]) -> pygame.Rect:
        """The Captain's two dice and the words under them (CAPTAIN'S DICE, or what the roll did)."""
        u = self.u
        fs = int(max(10, 13 * u))
        top = (at[0], at[1] + self.die // 2 + int(5 * u))
        words = [pill_rect(self.text, w, fs, top, mark, "midtop") for w, _sub, _c, mark in OUTCOME.values()]
        size = self.text.render("CAPTAIN'S DICE", fs, theme.TEXT_DIM, "bold").get_size()
        words.append(pygame.Rect(at[0] - size[0] // 2 - 1, top[1], size[0] + 2, size[1] + 2))
        d = pygame.Rect(0, 0, int(self.die * 2.2) + 4, self.die + 4)
        d.center = at
        return d.unionall(words)

    def _track_area(self, at: tuple[int, int]) -> pygame.Rect:
        """The round marker: ROUND 2 OF 3 over three dots, and a note under them (after a Spike)."""
        u = self.u
        head = self.text.render("ROUND 3 OF 3", int(max(12, 15 * u)), theme.CREAM, "head").get_size()
        note = self.text.render("extra play phase", int(max(10, 13 * u)), theme.AMBER, "bold").get_size()
        top = pygame.Rect(0, 0, head[0] + 2, head[1] + 2)
        top.midbottom = (at[0], at[1] - int(6 * u) + 1)
        dots = pygame.Rect(0, 0, int(44 * u) + int(16 * u) + 4, int(16 * u) + 4)
        dots.center = (at[0], at[1] + int(6 * u))
        low = pygame.Rect(0, 0, note[0] + 2, note[1] + 2)
        low.midtop = (at[0], at[1] + int(18 * u))
        return top.union(dots).union(low)

    def reset_round(self, v: dict[str, Any]) -> dict[str, Any]:
        """The view before the session's first hand (the opening events fold into it): no cards dealt, no
        pots, nothing played yet."""
        n = self.n
        v["hand"] = [] if v.get("seat") is not None else None
        v["folded_cards"] = [] if v.get("seat") is not None else None
        v["hand_counts"] = [0] * n
        v["known_cards"] = [[] for _ in range(n)]
        v["discard"] = []
        v["set_aside"] = []
        v["deck_count"] = len(self.art.deck.faces)  # the whole deck, before the shuffle
        v["dice"] = None
        v["spiked"] = False
        v["wager"] = [0] * n
        v["current_bet"] = 0
        v["hand_contrib"] = [0] * n
        v["spike_contrib"] = [0] * n
        v["hand_pot"] = v.get("hand_carry", 0)
        v["spike_pot"] = v.get("spike_carry", 0)
        v["phase"] = "between"
        v["stage"] = 1
        v["extra_play"] = False
        v["locked"] = [False] * n
        v["abandoned"] = [False] * n
        v["to_act"] = []
        v.pop("to_call", None)
        v.pop("min_raise", None)
        return v

    # ------------------------------------------------------------------ who is who
    def _flag(self, key: str, seat: int) -> bool:
        lst = self.shown.get(key) or []
        return seat < len(lst) and bool(lst[seat])

    def seat_out(self, seat: int) -> bool:
        lst = self.shown.get("in_hand") or []
        return bool(lst) and seat < len(lst) and not lst[seat]

    def seat_status(self, seat: int) -> str:
        show = self.deco.get("show", {}).get(seat)
        if show is not None and show.get("rank"):
            return str(show["rank"]).upper()
        stacks = self.shown.get("stacks") or []
        if self.seat_out(seat):
            return "OUT" if stacks and stacks[seat] == 0 and not self._flag("locked", seat) else "FOLDED"
        if self._flag("locked", seat):
            return "LOCKED"
        if self._flag("abandoned", seat):
            return "ABANDONED"
        w = self.shown.get("wager") or []
        if self.shown.get("phase") == "bet" and seat < len(w) and w[seat]:
            return f"BET {w[seat]:,}"
        return ""

    def round_info(self) -> str:
        """"Hand 2 of 10": a session of Nepunian Spike is hands, each of three betting rounds (the felt's ROUND 2
        OF 3 and the log's "Hand 2" say so too; "Round 2 of 10" in the header beside them read as a clash)."""
        return table_words.round_info(self.shown, "Hand")

    def dealer_letter(self) -> str:
        return "D"

    # ------------------------------------------------------------------ spots
    def seat_spots(self, seat: int) -> list[Spot]:
        v = self.shown
        mine = seat == self.eyes
        w, h = (self.mw, self.mh) if mine else (self.cw, self.ch)
        phase = v.get("phase")
        picking = mine and self.my_turn() and phase in ("play", "abandon")
        known = list((v.get("known_cards") or [[]] * self.n)[seat]) if seat < len(v.get("known_cards") or []) else []
        dim = self.seat_out(seat)
        items: list[tuple[tuple[Any, ...], int | None, frozenset[str], Any]] = []
        show = self.deco.get("show", {}).get(seat)
        if show is not None:
            for c in show["cards"]:
                key = ("card", seat, c)
                items.append((key, c, self.marks_for(key), None))
        elif mine and v.get("hand") is not None:
            for c in v.get("hand") or []:
                key = ("card", seat, c)
                tag = ("hand", c) if picking else None
                extra = ("known",) if c in known else ()
                items.append((key, c, self.marks_for(key, *extra, tag=tag, card=c), tag))
        else:
            counts = v.get("hand_counts") or [0] * self.n
            count = counts[seat] if seat < len(counts) else 0
            shown_known = known[:count]
            for i in range(count - len(shown_known)):
                key = ("card", seat, "b", i)
                items.append((key, None, self.marks_for(key, *(("dim",) if dim else ())), None))
            for c in shown_known:
                key = ("card", seat, c)
                items.append((key, c, self.marks_for(key, *(("dim",) if dim else ())), None))
        if not items:
            return []
        room = int(self.plate[0] * 1.5) if mine else int(w * (1 + 4 * 0.55))  # (a hand holds five at most)
        step = card_step(w, len(items), room)
        if not mine:
            step = min(step, int(w * 0.55))
        xs, _ = row_offsets(len(items), w, step)
        fan = fan_angles(len(items), 3.0) if mine else [(0, 0.0)] * len(items)
        return self.place_hand(seat, [Spot(key, card, dx, int(drop * h), w, h, ang, marks, tag)
                                      for (key, card, marks, tag), dx, (ang, drop) in zip(items, xs, fan, strict=True)])

    def hand_words(self, seat: int) -> str | None:
        """A hand shown at the reveal (its rank and total), the viewer's own total, and LOCKED (with the padlock,
        see :meth:`hand_mark`) over the hand of a seat that has no chips left but is still in."""
        words = None
        show = self.deco.get("show", {}).get(seat)
        if show is not None and show.get("rank"):  # a hand shown at the reveal: its rank and total
            words = f"{show['rank']} · total {signed(sum(self._value(c) for c in show.get('cards') or []))}"
        elif seat == self.eyes and self.shown.get("hand"):
            words = f"Your hand totals {signed(sum(self._value(c) for c in self.shown['hand']))}"
        if self._locked(seat) and show is None:
            return "LOCKED" + (f" · {words}" if words else "")
        return words

    def hand_mark(self, seat: int) -> str:
        return "lock" if self._locked(seat) and seat not in self.deco.get("show", {}) else ""

    def _locked(self, seat: int) -> bool:
        """Locked (no chips left, still in the hand) and not yet shown: a shown hand's words say its rank."""
        return self._flag("locked", seat) and not self.seat_out(seat)

    def _value(self, card: int) -> int:
        from game.engine.nepunian_spike.ranks import VALUES

        return VALUES[card] if 0 <= card < len(VALUES) else 0

    def _token(self, seat: int) -> tuple[str, str] | None:
        """The Captain's helm token beside the Captain's plate (a locked seat says LOCKED over its hand)."""
        if self.shown.get("captain") == seat:
            return ("CAPTAIN", "wheel")
        return None

    def _token_rects(self, seat: int) -> list[pygame.Rect]:
        """Where the helm token lies in the seat's zone, clear of the plate, the hand and the last-action tag:
        left of the plate and its dealer button at the top and bottom seats (whose tag goes to the right, whose
        hand lies above or below), under the plate at the side seats (whose hand lies inward, tag on top)."""
        plate: pygame.Rect = self.seat_geo[seat]["plate"]
        u = self.u
        fs = int(max(10, 12 * u))
        r = pill_rect(self.text, "CAPTAIN", fs, (0, 0), mark="wheel")
        if abs(self.seat_geo[seat]["in"][1]) > 0.6:
            r.midright = (plate.left - int(11 * u) * 3 // 2 - int(6 * u), plate.centery)
        else:
            r.midtop = (plate.centerx, plate.bottom + int(4 * u))
        return [r]

    def pieces_rect(self, seat: int) -> pygame.Rect:
        return super().pieces_rect(seat).unionall(self._token_rects(seat))

    def pieces_sig(self, seat: int) -> Any:
        return (super().pieces_sig(seat), self._token(seat))

    def draw_seat_pieces(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        super().draw_seat_pieces(surf, seat, covered)
        if self._token(seat) is not None:
            r = self._token_rects(seat)[0]
            with self.regions.region(f"seat{seat}.token"):
                pill(surf, self.text, "CAPTAIN", int(max(10, 12 * self.u)), r.center, (26, 52, 80), theme.CREAM,
                     mark="wheel", edge=theme.CREAM)

    def centre_spots(self) -> list[Spot]:
        pile = self.shown.get("discard") or []
        out = []
        x, y = self.pile_pos
        if len(pile) >= 2:
            out.append(Spot(("pile2",), pile[-2], x - 4, y - 3, self.pw, self.ph, 5))
        if pile:
            key = ("pile",)
            out.append(Spot(key, pile[-1], x, y, self.pw, self.ph, 0, self.marks_for(key)))
        return out

    def centre_rect(self) -> pygame.Rect:
        return self.middle[0].unionall(self.middle[1:-2])  # what draw_centre paints (the pots are apart)

    def centre_sig(self) -> Any:
        v = self.shown
        return (self.spot_sig(self.board_spots()), v.get("deck_count"), tuple(v.get("dice") or ()), v.get("stage"),
                v.get("spiked"), v.get("extra_play"), v.get("phase"), repr(self.deco.get("dice_said")), self.u)

    def draw_centre(self, surf: pygame.Surface, covered: set[tuple[Any, ...]]) -> None:
        u = self.u
        v = self.shown
        r = pygame.Rect(0, 0, self.pw + 6, self.ph + 6)
        r.center = self.pile_pos
        self.regions.open("discard")
        pygame.draw.rect(surf, (150, 96, 80), r, max(1, int(2 * u)), border_radius=int(7 * u))
        self.draw_spots(surf, self.board_spots(), covered)
        fs = int(max(10, 13 * u))
        self.text.blit(surf, "DISCARD", fs, theme.CREAM, "bold",
                       midtop=(self.pile_pos[0], self.pile_pos[1] + self.ph // 2 + int(4 * u)))
        self.regions.close()
        with self.regions.region("deck"):
            self.draw_pile(surf, self.deck_pos, self.pw, self.ph, int(v.get("deck_count") or 0), "DECK")
        self.regions.open("captain_dice")
        # the dice
        dice = v.get("dice")
        x, y = self.dice_pos
        for i in range(2):
            if (f"d6{i}",) in covered:
                continue
            pos = (int(x + (i - 0.5) * self.die * 1.2), y)
            img = self.d6(dice[i] if dice else 6 - 5 * i, self.die)
            if not dice:
                img = img.copy()
                img.set_alpha(70)
            surf.blit(img, img.get_rect(center=pos))
        said = self.deco.get("dice_said")  # the outcome the roll's event announced (the UI judges no dice)
        if dice and said and said[0] == list(dice) and not any((f"d6{i}",) in covered for i in range(2)):
            word, _sub, colour, mark = OUTCOME.get(said[1], OUTCOME["mixed"])
            pill(surf, self.text, word, fs, (x, y + self.die // 2 + int(5 * u)), (16, 14, 12), colour, mark=mark,
                 edge=theme.BRASS_DARK, anchor="midtop")
        elif not dice:
            self.text.blit(surf, "CAPTAIN'S DICE", fs, theme.TEXT_DIM, "bold",
                           midtop=(x, y + self.die // 2 + int(5 * u)))
        self.regions.close()
        self.regions.open("round_marker")
        # where the hand stands: round 1–3, and whether a Spike has happened
        tx, ty = self.track_pos
        stage = int(v.get("stage") or 1)
        self.text.blit(surf, f"ROUND {min(3, stage)} OF 3", int(max(12, 15 * u)), theme.CREAM, "head",
                       midbottom=(tx, ty - int(6 * u)))
        for i in range(3):
            c = (int(tx + (i - 1) * 22 * u), ty + int(6 * u))
            if i + 1 < stage:
                pygame.draw.circle(surf, theme.BRASS, c, int(7 * u))
            elif i + 1 == stage:
                pygame.draw.circle(surf, theme.AMBER, c, int(8 * u))
                pygame.draw.circle(surf, theme.CREAM, c, int(8 * u), max(1, int(2 * u)))
            else:
                pygame.draw.circle(surf, theme.BRASS_DARK, c, int(7 * u), max(1, int(2 * u)))
        note = "after a Spike" if v.get("spiked") else ("extra play phase" if v.get("extra_play") else "")
        if note:
            self.text.blit(surf, note, int(max(10, 13 * u)), theme.AMBER, "bold",
                           midtop=(tx, ty + int(18 * u)))
        self.regions.close()

    def d6(self, face: int, size: int) -> pygame.Surface:
        return self.app.res.image(f"spike_dice.d6_{int(face)}", (size, size))

    # ------------------------------------------------------------------ picking and actions
    def pickable_hand(self) -> list[int]:
        if self.eyes is None or self.shown.get("phase") not in ("play", "abandon"):
            return []
        return list(self.shown.get("hand") or [])

    def say(self, card: int | None) -> str:
        return self.art.deck.say(card)

    def short(self, card: int | None) -> str:
        if card is None:
            return "?"
        v = self._value(card)
        return "Sylop" if v == 0 else signed(v)

    def action_specs(self, view: dict[str, Any], legal: list[Action]) -> list[ActionSpec]:
        phase = view.get("phase")
        legal_set = set(legal)
        kinds = {a.kind: a for a in legal}
        card = self.pick.card
        if phase == "play":
            top = (view.get("discard") or [None])[-1]
            deck = Action("swap", card=card, source="deck") if card is not None else None
            pile = Action("swap", card=card, source="discard") if card is not None else None
            pick_tip = "Pick a card of yours first (click it or ←/→)"
            return [
                ActionSpec("Stand", "Keep your hand as it is", pygame.K_s, "S", action=kinds.get("stand"),
                           enabled="stand" in kinds),
                ActionSpec("Gain", "Draw the deck's top card into your hand (five cards at most)", pygame.K_g, "G",
                           action=kinds.get("gain"), enabled="gain" in kinds, primary=True),
                ActionSpec(f"Swap {self.short(card)} with deck" if card is not None else "Swap with deck",
                           pick_tip if card is None else f"Throw your {self.say(card)} on the discard pile and draw "
                           "the deck's top card", pygame.K_d, "D", action=deck, enabled=deck in legal_set),
                ActionSpec(f"Swap {self.short(card)} for {self.short(top)}" if card is not None and top is not None
                           else "Swap for discard",
                           pick_tip if card is None else f"Throw your {self.say(card)} away and take the "
                           f"{self.say(top)} from the discard pile (everyone sees it)", pygame.K_t, "T",
                           action=pile, enabled=pile in legal_set),
            ]
        if phase == "roll":
            return [ActionSpec("Roll the dice", "You are the new Captain: odd + even = nothing; both even or both "
                               "odd = extra play; a pair = SPIKE", pygame.K_r, "R", action=kinds.get("roll"),
                               enabled="roll" in kinds, primary=True)]
        if phase == "abandon":
            act = Action("abandon", keep=card) if card is not None else None
            return [
                ActionSpec("Stay in", "Stay in for the hand pot: your hand is revealed against the others",
                           pygame.K_s, "S", action=kinds.get("stay"), enabled="stay" in kinds, primary=True),
                ActionSpec(f"Abandon ship, keep {self.short(card)}" if card is not None else "Abandon ship",
                           "Pick the one card you keep (click it or ←/→)" if card is None else
                           f"Leave the hand pot, keep your {self.say(card)} and throw the rest away face up",
                           pygame.K_a, "A", action=act, enabled=act in legal_set),
            ]
        to_call = int(view.get("to_call") or 0) if legal else 0
        cur = int(view.get("current_bet") or 0)
        call = (ActionSpec(f"Call {to_call:,}", f"Put in {to_call:,} to meet the bet of {cur:,} (all you have if "
                           "short: you are then locked)", pygame.K_c, "C", action=kinds.get("call"),
                           enabled="call" in kinds, primary=True) if to_call else
                ActionSpec("Check", "Stay in without adding chips", pygame.K_c, "C", action=kinds.get("check"),
                           enabled="check" in kinds, primary=True))
        return [
            ActionSpec("Fold", "Give up the whole hand, both pots", pygame.K_f, "F", action=kinds.get("fold"),
                       enabled="fold" in kinds),
            call,
            ActionSpec("Raise", f"Raise the bet to the total on the button (set it with the slider; each raise "
                       f"is at least the ante, {int(view.get('ante') or 0):,})", pygame.K_r, "R", amount_kind="raise",
                       enabled="raise" in kinds),
        ]

    def slider_step(self, kind: str, lo: int, hi: int, view: dict[str, Any]) -> int:
        return max(1, int(view.get("ante") or 1))  # raises go up in antes

    def bar_heading(self) -> str:
        if not self.my_turn():
            return super().bar_heading()
        phase = self.shown.get("phase")
        if phase == "play":
            return "PLAY: gain, stand, or pick a card of yours (click, ←/→) to swap it with the deck or the discard"
        if phase == "roll":
            return "YOU ARE THE NEW CAPTAIN: roll the dice"
        if phase == "abandon":
            return "SPIKE! Stay in for the hand pot, or pick the one card you keep and abandon ship"
        to_call = int(self.shown.get("to_call") or 0)
        pot = "spike pot" if self.shown.get("spiked") else "hand pot"
        return f"YOUR BET ({pot}): {to_call:,} to call" if to_call else f"YOUR BET ({pot}): nothing to call"

    # ------------------------------------------------------------------ events -> beats
    # Each event is folded into ``shown`` (the engine's reduce_view) as its first beat starts, so a beat sees the
    # view after its event: beats only add what moves over it (cards sliding, chips flying, dice, tags).
    def _deck_src(self) -> tuple[int, int, int, int]:
        return (self.deck_pos[0], self.deck_pos[1], self.pw, self.ph)

    def _pile_src(self) -> tuple[int, int, int, int]:
        return (self.pile_pos[0], self.pile_pos[1], self.pw, self.ph)

    def _seat_card(self, seat: int, card: int | None = None) -> Spot:
        """Where a card leaving ``seat``'s hand sets off (the hand is already drawn without it)."""
        mine = seat == self.eyes
        w, h = (self.mw, self.mh) if mine else (self.cw, self.ch)
        x, y = self.block_centre(seat, w, h, 6 * self.u)
        return Spot(("gone",), card, x, y, w, h)

    def _new_keys(self, seat: int, count: int, cards: list[int] | None) -> list[tuple[Any, ...]]:
        """The keys the last ``count`` cards of ``seat``'s hand are drawn under (its own cards by id, others'
        unknown cards as backs, which come before the cards the table saw it take)."""
        if cards is not None and seat == self.eyes:
            return [("card", seat, c) for c in cards[-count:]] if count else []
        v = self.shown
        total = (v.get("hand_counts") or [0] * self.n)[seat]
        known = (v.get("known_cards") or [[]] * self.n)[seat][:total]
        backs = total - len(known)
        return [("card", seat, "b", i) for i in range(max(0, backs - count), backs)]

    def open_round(self, d: dict[str, Any]) -> None:
        """A new hand: the last hand's reveals, tags and picks go (the view itself is folded from the event)."""
        self.deco = {}
        self.tags = {}
        self.fresh = set()
        self.pick.clear()

    def beats_for(self, ev: Event) -> list[Beat]:
        d = ev.visible_to(self.eyes)
        kind = ev.kind
        s = ev.seat

        if kind == "antes":
            def start() -> None:
                for t in range(self.n):
                    src = self.stack_spot(t)
                    self.fly(int(d["spike"][t]), src, self.spike_pot_pos, delay=0.03 * t, hold=("pot", "spike_pot"))
                    self.fly(int(d["hand"][t]), src, self.hand_pot_pos, delay=0.03 * t + 0.05,
                             hold=("pot", "hand_pot"))
            return [Beat(0.5, start, sound="chips")]

        if kind == "locked":
            assert s is not None
            return [Beat(0.4, lambda: self.tag(s, "LOCKED: NO CHIPS LEFT", theme.AMBER))]

        if kind == "cards_dealt":
            assert s is not None

            def start() -> None:
                for i, key in enumerate(self._new_keys(s, int(d["count"]), d.get("cards"))):
                    self.slide(key, self._deck_src(), None, delay=0.06 * i)
            return [Beat(0.3, start, sound="card")]

        if kind == "discard_started":
            return [Beat(0.35, lambda: self.slide(("pile",), self._deck_src(), None, duration=0.25), sound="card")]

        if kind == "phase_started":
            def start() -> None:
                self.tags = {}
            return [Beat(0.3, start)]

        if kind == "gain":
            assert s is not None

            def start() -> None:
                card = d.get("card")
                keys = self._new_keys(s, 1, None if card is None else [card])
                self.tag(s, "GAINS A CARD")
                self.fresh = set(keys)
                for key in keys:
                    self.slide(key, self._deck_src(), None)
            return [Beat(0.4, start, sound="card")]

        if kind == "swap":
            assert s is not None

            def start() -> None:
                gone, took = d["discarded"], d.get("card")
                if d["source"] == "discard":
                    key: tuple[Any, ...] = ("card", s, took)
                    self.slide(key, self._pile_src(), took, delay=0.15, duration=0.3)
                    self.tag(s, f"SWAPS FOR THE {self.short(took).upper()}")
                else:
                    key = self._new_keys(s, 1, None if took is None else [took])[0]
                    self.slide(key, self._deck_src(), None, delay=0.15, duration=0.3)
                    self.tag(s, "SWAPS WITH THE DECK")
                self.fresh = {key, ("pile",)}
                self.slide(("pile",), self._seat_card(s, gone), gone, duration=0.25)
            return [Beat(0.55, start, sound="card")]

        if kind == "stand":
            assert s is not None
            return [Beat(0.35, lambda: self.tag(s, "STANDS"))]

        if kind == "bet":
            assert s is not None

            def start() -> None:
                self.bet_shown(s, d)
                if d["action"] == "fold":
                    self.slide_away(self._seat_card(s), self.deck_pos, None)
                # the chips slide out to the seat's betting line as the bet is folded in (ChipStage.stage_chips)
            return [Beat(0.45 if d["amount"] else 0.35, start, sound="chips" if d["amount"] else None)]

        if kind == "bet_returned":
            assert s is not None

            return [Beat(0.4, sound="chips")]  # the chips slide home from the line as it is folded in

        if kind == "captain_passed":
            assert s is not None
            return [Beat(0.45, lambda: self.tag(s, "NEW CAPTAIN", theme.CREAM))]

        if kind == "dice_rolled":
            assert s is not None
            dice = list(d["dice"])
            outcome = d["outcome"]

            def start() -> None:
                self.deco["dice_said"] = (list(dice), outcome)
                self.tag(s, "ROLLS", theme.CREAM)
                x, y = self.dice_pos
                for i in range(2):
                    self.tumble((f"d6{i}",), dice[i], self.d6, D6, (x + (i - 0.5) * self.die * 1.2, y), self.die,
                                delay=0.05 * i, duration=0.8)

            def end() -> None:
                word, sub, colour, mark = OUTCOME.get(outcome, OUTCOME["mixed"])
                if outcome == "spike" and d["spike_hand"]:
                    sub = "A second Spike: the spike pot is decided now"
                self.announce(word, sub, 1.4 if outcome != "mixed" else 1.0, colour, mark)
            return [Beat(0.95, start, end, sound="dice"), Beat(1.2 if outcome != "mixed" else 0.8)]

        if kind == "spike_antes":
            def start() -> None:
                for t, a in enumerate(d["amounts"]):
                    self.fly(int(a), self.stack_spot(t), self.spike_pot_pos, delay=0.03 * t, hold=("pot", "spike_pot"))
            return [Beat(0.5, start, sound="chips")]

        if kind == "abandon":
            assert s is not None

            def start() -> None:
                for i, c in enumerate(d["discarded"]):
                    self.slide_away(self._seat_card(s, c), self.deck_pos, c, delay=0.05 * i)
                self.tag(s, "ABANDONS SHIP", theme.BAD)
            return [Beat(0.55, start, sound="card")]

        if kind == "stay":
            assert s is not None
            return [Beat(0.35, lambda: self.tag(s, "STAYS IN"))]

        if kind == "hands_revealed":
            def start() -> None:
                ranks = d["standings"]
                k = 0
                for t, cards in enumerate(d["hands"]):
                    if not cards:
                        continue
                    before = {sp.key for sp in self.spots_of(t)}
                    backs = [sp for sp in self.spots_of(t) if sp.card is None]
                    self.deco.setdefault("show", {})[t] = {"cards": list(cards),
                                                           "rank": ranks[t] if t < len(ranks) else None}
                    for sp in self.spots_of(t):
                        if sp.key not in before:
                            src = backs.pop(0) if backs else sp
                            self.slide(sp.key, src, None, delay=0.04 * k, duration=0.25)
                            k += 1
                self.tags = {}
                pot = "hand pot" if d["pot_name"] == "hand" else "spike pot"
                self.banner(f"Reveal for the {pot}", "", max(2.2, reading_seconds(f"Reveal for the {pot}")))
            return [Beat(1.4, start, sound="card")]

        if kind == "hands_discarded":
            def start() -> None:
                shown = self.deco.get("show", {})
                v = self.shown
                for t in range(self.n):
                    if t in shown:  # the revealed cards, still where the reveal laid them
                        for sp in self.spots_of(t):
                            self.slide_away(sp, self.deck_pos, sp.card)
                    elif v["in_hand"][t] and not v["abandoned"][t]:
                        self.slide_away(self._seat_card(t), self.deck_pos, None)
                self.deco.pop("show", None)
            return [Beat(0.6, start, sound="card")]

        if kind == "pot_won":
            assert s is not None
            amount = int(d["amount"])
            if d["pot_name"] == "spike":
                return self.pot_won_beats(s, amount, "spike_pot", f"WINS THE SPIKE POT {amount:,}", 0.7)
            return self.pot_won_beats(s, amount, "hand_pot", f"WINS THE HAND POT {amount:,}", 0.7)

        if kind == "odd_chips_won":
            assert s is not None
            amount = int(d["amount"])
            key = "spike_pot" if d["pot_name"] == "spike" else "hand_pot"
            return self.pot_won_beats(s, amount, key, f"TAKES THE ODD CHIP{'S' if amount > 1 else ''}", 0.6)

        if kind == "pot_carried":
            return [Beat(0.4)]

        if kind == "deck_reshuffled":
            return [Beat(0.4, sound="card")]

        if kind == "round_over":
            sub = "the spike pot carries to the next hand" if not d["spiked"] and d["carried"] else ""
            # the hand is over: the last roll's "EXTRA PLAY" no longer stands under the dice
            return [Beat(0.0, lambda: self.deco.pop("dice_said", None)), *self.round_over_beats(d, sub, 2.1, 1.3)]

        if kind == "carry_returned":
            return self.carry_back_beats(d["amounts"], "spike_pot")
        return super().beats_for(ev)

    # ------------------------------------------------------------------ words
    def describe(self, ev: dict[str, Any]) -> str | None:
        kind = ev["kind"]
        s = ev.get("seat")
        who = self.names[s] if s is not None else ""
        say = self.say
        if kind == "round_started":
            return f"Hand {ev['round']}: {self.names[ev['dealer']]} deals and is Captain."
        if kind == "antes":
            return f"Antes in: hand pot {ev.get('hand_pot', 0):,}, spike pot {ev.get('spike_pot', 0):,}."
        if kind == "locked":
            return f"{who} has no chips left and is locked: no more play or bets, but still in the hand."
        if kind == "cards_dealt":
            cards = ev.get("cards")
            what = f": {', '.join(say(c) for c in cards)}" if cards else ""
            verb = "draws up to two cards" if ev.get("refill") else "is dealt two cards"
            return f"{who} {verb}{what}."
        if kind == "discard_started":
            return f"The discard pile starts with the {say(ev.get('card'))}."
        if kind == "phase_started":
            ph = ev.get("phase")
            if ph == "play":
                extra = " (an extra one)" if ev.get("extra") else ""
                return (f"Play phase{extra}: each seat in turn from {self.names[ev.get('captain', 0)]} gains, "
                        "swaps or stands.")
            if ph == "bet":
                pot = "spike pot" if ev.get("pot") == "spike" else "hand pot"
                return f"Betting round for the {pot}."
            if ph == "abandon":
                return "Abandon ship? Each seat stays in for the hand pot or keeps one card and leaves it."
            return None
        if kind == "gain":
            card = ev.get("card")
            return f"{who} gains a card" + (f": {say(card)}." if card is not None else ".")
        if kind == "swap":
            gone = say(ev.get("discarded"))
            if ev.get("source") == "discard":
                return f"{who} throws away the {gone} and takes the {say(ev.get('card'))} from the discard pile."
            card = ev.get("card")
            return f"{who} throws away the {gone} and draws from the deck" + (
                f": {say(card)}." if card is not None else ".")
        if kind == "stand":
            return f"{who} stands."
        if kind == "bet":
            return self.bet_words(who, ev) or f"{who}: {ev.get('action')}."
        if kind == "bet_returned":
            return f"{ev.get('amount', 0):,} uncalled chips go back to {who}."
        if kind == "captain_passed":
            return f"{who} is the new Captain."
        if kind == "dice_rolled":
            a, b = (ev.get("dice") or [0, 0])[:2]
            o = ev.get("outcome")
            if o == "spike":
                what = "a pair: SPIKE!" + (" The spike pot is decided." if ev.get("spike_hand") else
                                           " Abandon ship or reveal for the hand pot.")
            elif o == "matched":
                what = "both even or both odd: an extra play phase, and everyone antes the spike pot."
            else:
                what = "one odd, one even: nothing happens."
            by = "The dice are rolled for the table" if ev.get("auto") else f"{who} rolls"
            return f"{by}: {a} and {b}, {what}"
        if kind == "spike_antes":
            return f"Everyone still in antes the spike pot (now {ev.get('spike_pot', 0):,})."
        if kind == "abandon":
            thrown = ev.get("discarded") or []
            return f"{who} abandons ship, throwing away {', '.join(say(c) for c in thrown) or 'nothing'}."
        if kind == "stay":
            return f"{who} stays in for the hand pot."
        if kind == "hands_revealed":
            pot = "hand pot" if ev.get("pot_name") == "hand" else "spike pot"
            parts = []
            for t, cards in enumerate(ev.get("hands") or []):
                if cards:
                    parts.append(f"{self.names[t]} {(ev.get('standings') or [None] * self.n)[t]}")
            return f"Reveal for the {pot}: " + "; ".join(parts) + "."
        if kind == "hands_discarded":
            return "The revealed hands are set aside; everyone still in draws up to two cards for the spike pot."
        if kind == "pot_won":
            pot = "spike pot" if ev.get("pot_name") == "spike" else "hand pot"
            split = self.split_words(ev)
            rank = f" with {ev['rank']}" if ev.get("rank") else " (everyone else is out of it)"
            return f"{who} wins {ev.get('amount', 0):,} from the {pot}{rank}{split}."
        if kind == "pot_carried":
            pot = "spike pot" if ev.get("pot_name") == "spike" else "hand pot"
            amount = int(ev.get("amount") or 0)
            return f"{count(amount, 'chip')} of the {pot} {'carries' if amount == 1 else 'carry'} to the next hand."
        if kind == "odd_chips_won":
            pot = "spike pot" if ev.get("pot_name") == "spike" else "hand pot"
            amount = int(ev.get("amount") or 0)
            chips = "the odd chip" if amount == 1 else f"the {amount:,} odd chips"
            return (f"No hand follows: {who} takes {chips} of the split {pot}, as the first winner left of "
                    "the dealer.")
        if kind == "deck_reshuffled":
            return f"The deck ran out: {ev.get('count', 0)} cards are shuffled into a new deck."
        if kind == "round_over":
            if not ev.get("winners"):
                return f"Hand {ev['round']} ends with no winner."
            return None
        if kind == "carry_returned":
            return "The session is over: the carried chips go back to the seats that paid them."
        return super().describe(ev)

