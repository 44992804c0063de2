"""The Kinzo table: the house dealer at the top with its up card and hole card (turned over when it plays),
the seats along the lower arc with their hands (a split seat's two hands side by side), each hand's total, its
two dice when it rolls and a clear outcome label (bust, doubled, survived, jackpot: a word and a mark, never a
colour alone), each seat's hand pot and the prize pot in the middle.

How a person plays: the round's first seat names the stake with the slider (within the table's range) and
presses Stake; each seat then hits, stays or splits a pair; in the dice phase each surviving hand rolls its
two 1–3 dice with the Roll button.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

import pygame

from game.engine.core import Action, Event
from game.engine.kinzo import DIE_FACES as THROW_FACES
from game.ui import theme
from game.ui.cards import (
    CardTable,
    Deck,
    PotBoxes,
    Spot,
    card_step,
    draw_mark,
    kinzo_deck,
    pill,
    pill_rect,
    row_offsets,
)
from game.ui.chips import draw_stacks, stack_max_size
from game.ui.draw import glow, panel
from game.ui.tables.base import ActionSpec, BaseTable, Beat, Item

DIE_FACES = (1, 2, 3)
#: an outcome as the table says it: words, mark, ink, fill
OUTCOMES: dict[str, tuple[str, str, tuple[int, int, int], tuple[int, int, int]]] = {
    "bust": ("BUST", "cross", (255, 214, 204), (120, 30, 26)),
    "doubled": ("DOUBLED OUT", "half", (255, 214, 204), (110, 40, 30)),
    "survived": ("SURVIVED", "tick", (214, 255, 222), (24, 92, 48)),
    "jackpot": ("JACKPOT", "star", (40, 26, 4), (244, 196, 70)),
    "rolls": ("TO THE DICE", "pair", theme.CREAM, (50, 44, 36)),
    # a hand that survived, but whose stake another hand's jackpot took: not a green "safe" (the engine keeps
    # the outcome "survived" by ruling, RULINGS_NOTES; its net says the stake is gone)
    "to_jackpot": ("STAKE TO JACKPOT", "star", (255, 226, 190), (104, 62, 18)),
}
#: the outcome words of hands at a crowded table, where the full words would run into the next seat's
SHORT_OUTCOMES = {"doubled": "DOUBLED", "survived": "SAFE", "rolls": "DICE", "jackpot": "JACKPOT",
                  "to_jackpot": "TO JACKPOT"}
#: the house's rule, printed under its cards (game.engine.kinzo.dealer_must_draw: a third card always, then on
#: until a 5 or 6 shows from the third card on, or six cards)
DEALER_RULE = "draws to 3 cards, then until a 5 or 6 shows (6 at most)"


def survive_words(dealer_total: Any) -> str:
    """Which totals survive the house (game.engine.kinzo.judge): below its total but more than half of it (half
    or less is doubled out), said with the numbers once the house's total is known."""
    if not isinstance(dealer_total, int) or dealer_total < 1:
        return "survive: under the house total, over half of it"
    return f"survive: {dealer_total // 2 + 1} to {dealer_total} · {dealer_total} after dice: jackpot"


def own_net_words(d: dict[str, Any], eyes: int | None) -> str:
    """The round's end for the player at the screen when the headline's winners leave them out: "you lose
    100" ("" for a watcher, a winner, whose net the headline shows, or a seat that sat the round out)."""
    if eyes is None or eyes in (d.get("winners") or ()):
        return ""
    if not any(h.get("seat") == eyes for h in d.get("hands") or ()):
        return ""
    net = (d.get("net") or [])[eyes] if eyes < len(d.get("net") or []) else 0
    return f"you lose {-net:,}" if net < 0 else ("you win " + f"{net:,}" if net > 0 else "you break even")


def dice_words(total: int, dealer: Any) -> str:
    """What the roll can do for a hand of ``total`` against the dealer's ``dealer``: the throw a jackpot needs,
    or that the jackpot is out of the dice's reach ("your 9 needs exactly 16" promised what two dice of 1 to 3
    can never give)."""
    if not isinstance(dealer, int):
        return f"your {total} goes to the dice"
    lo, hi = 2 * min(THROW_FACES), 2 * max(THROW_FACES)
    need = dealer - total
    if lo <= need <= hi:
        return f"your {total} needs {need} on the dice to make exactly {dealer}, the jackpot"
    return f"your {total} cannot reach {dealer} with the dice ({lo}–{hi}): roll to see if it survives"


class KinzoTable(PotBoxes, CardTable, BaseTable):
    POT_BOXES = (("prize_pot", "prize_pos", "PRIZE POT"),)
    FELT = theme.FELT_GREEN
    PHASES: ClassVar[dict[str, str]] = {"stake": "Naming the stake", "play": "Hit, stay or split",
                                        "dealer": "The house plays", "dice": "Dice for the survivors",
                                        "settle": "Settling up", "over": ""}

    def setup(self) -> None:
        super().setup()
        self._brief: tuple[tuple[Any, ...], bool] | None = None  # (view, result, size): outcomes said briefly?

    def make_deck(self) -> Deck:
        return kinzo_deck()

    # ------------------------------------------------------------------ layout
    def seat_geometry(self, seat: int) -> dict[str, Any]:
        """Seats stand side by side along the near edge of the table, first seat on the left, the ends raised a
        little like a dealer's counter; each seat's hands lie straight above its plate and the house has the
        far side of the table to itself."""
        n = self.n
        u = self.u
        a = self.area
        margin = 10 * u
        span = a.w - 2 * margin
        slot = span / n
        pw = int(min(self.plate[0], slot - 8 * u))
        ph = self.plate[1]
        x = a.left + margin + slot * (seat + 0.5)
        t = (x - a.centerx) / (span / 2)
        y = a.bottom - ph / 2 - 6 * u - 70 * u * t * t
        plate = pygame.Rect(0, 0, pw, ph)
        plate.center = (int(x), int(y))
        return {"plate": plate, "in": (0.0, -1.0), "ext": ph / 2, "angle": math.pi / 2}

    def block_centre(self, seat: int, w: float, h: float, margin: float) -> tuple[int, int]:
        """A seat's hands lie straight above its plate (leaving room for the last-action tag on its edge)."""
        plate: pygame.Rect = self.seat_geo[seat]["plate"]
        return (plate.centerx, int(plate.top - margin - h / 2))

    def tag_box(self, seat: int, text: str) -> pygame.Rect:
        """The last action's tag sits on the plate's top edge, between the plate and the seat's hands."""
        r: pygame.Rect = self.seat_geo[seat]["plate"]
        img = self.text.render(text, self.px(14, 9), (24, 16, 6), "bold")
        box = img.get_rect().inflate(int(14 * self.u), int(6 * self.u))
        box.midbottom = (r.centerx, r.top + int(6 * self.u))
        return box.clamp(self.area)  # (a plate at the row's end is narrower than its tag in a small window)

    def stack_spot(self, seat: int) -> tuple[float, float]:
        """A seat's own chips stand in the left-hand column of its hands, under the hand pot and clear of the
        tag on the plate's top edge (the plates stand in a row here: beside them is a neighbour)."""
        plate: pygame.Rect = self.seat_geo[seat]["plate"]
        bottom = plate.top - int(22 * self.u)
        b = self._block(seat)
        if b is not None:
            return (b["chips"][0], bottom)
        chips_w = stack_max_size(self.stack_d)[0] + int(12 * self.u)
        # (inside the area: in a small window the row's first plate stands nearer the edge than a card's width)
        return (max(self.area.left + chips_w / 2, plate.centerx - self.cw - chips_w / 2), bottom)

    def prop_clearance(self) -> list[pygame.Rect]:
        """A seat's ground is the whole column above its plate its hands may fill (two split hands, dice above
        the cards, the words below), so no prop stands where cards will be dealt later in the round."""
        u = self.u
        tall = self.small_die + int(12 * u) + self.ch + 2 * self.lh + int(12 * u) + int(24 * u)
        out = []
        for s in range(self.n):
            plate: pygame.Rect = self.seat_geo[s]["plate"]
            wide = max(plate.w, int(self.area.w / self.n))
            col = pygame.Rect(0, 0, wide, plate.h + tall)
            col.midbottom = plate.midbottom
            out.append(col)
        return [*out, self.centre_rect(), self.pot_rect()]

    def layout_pieces(self) -> None:
        u = self.u
        n = self.n
        self.cw = int(max(22, (54 if n <= 3 else 44 if n <= 5 else 36) * u))
        self.ch = int(self.cw * 1.4)
        self.dw = int(max(30, 52 * u))
        self.dh = int(self.dw * 1.4)
        self.lh = int(max(16, 22 * u))
        self.small_die = int(max(18, 28 * u))
        cx, cy = self.centre
        a = self.area
        plate_w = int(200 * u)
        if u < 1:  # a small window: the house's name and its tag keep the text floor, the plate holds both
            font = self.text.res.font
            plate_w = max(plate_w, font("head", self.px(22)).size("THE HOUSE")[0]
                          + font("bold", self.px(13, 9)).size("takes back 8,888")[0] + int(40 * u))
        self.dealer_plate = pygame.Rect(0, 0, plate_w, int(44 * u))
        self.dealer_plate.midtop = (cx, a.top + int(8 * u))
        self.dealer_cards_y = self.dealer_plate.bottom + int(10 * u) + self.dh // 2
        # the deck and the stake flank the house's words: in a small window those keep the text floor's face
        # and are wider than the window's scale, so the two stand out past them
        fs = int(max(10, 14 * u))
        note = self.text.res.font("text", int(max(10, 12 * u)))
        words = max(self.text.res.font("bold", fs).size("Showing 99, one card face down")[0] + int(max(10, 14 * u)),
                    note.size(DEALER_RULE)[0])  # (the survive line under it is no wider)
        dx = max(230 * u, words / 2 + int(6 * u) + self.stake_box_w() / 2)
        self.deck_pos = (int(cx - dx), int(self.dealer_cards_y + self.dh * 0.45))
        self.prize_pos = (int(cx + max(270 * u, dx)), int(cy - 30 * u))  # under the stake, clear of the result panel
        self.stake_pos = (int(cx + dx), int(self.dealer_cards_y + self.dh * 0.45))
        self.house_pos = self.dealer_plate.center

    # ------------------------------------------------------------------ seats
    def seat_status(self, seat: int) -> str:
        v = self.shown
        playing = v.get("playing") or []
        if v.get("phase") not in ("stake",) and playing and seat < len(playing) and not playing[seat]:
            return "SITTING OUT"
        if v.get("phase") == "stake" and v.get("first") == seat:
            return "NAMES STAKE"
        pots = v.get("hand_pots") or []
        if seat < len(pots) and pots[seat]:
            return f"IN {pots[seat]:,}"
        return ""

    def seat_out(self, seat: int) -> bool:
        v = self.shown
        playing = v.get("playing") or []
        return v.get("phase") != "stake" and bool(v.get("hands")) and seat < len(playing) and not playing[seat]

    def dealer_letter(self) -> str:
        return "1"

    def table_hands(self) -> list[dict[str, Any]]:
        """The hands on the table: the view's, or, while the round's result is held on the felt (the round
        over, its hands already settled and gone from the view), the hands its ``last_round`` record shows."""
        hands: list[dict[str, Any]] = self.shown.get("hands") or []
        if not hands and self.result is not None:
            last = self.shown.get("last_round") or {}
            return [dict(h, done=True) for h in last.get("hands") or []]
        return hands

    def _hands_of(self, seat: int) -> list[tuple[int, dict[str, Any]]]:
        return [(i, h) for i, h in enumerate(self.table_hands()) if h.get("seat") == seat]

    def _block(self, seat: int) -> dict[str, Any] | None:
        """The layout of a seat's hands: the block's centre and each hand's cards row and label lines."""
        hands = self._hands_of(seat)
        if not hands:
            return None
        u = self.u
        h = self.ch
        gap = int(10 * u)
        # the hand pot's chips and the seat's stacks stand left of the cards, clear of the turn outline
        chips_w = stack_max_size(self.stack_d)[0] + int(12 * u)
        rows = self._rows(hands, self._brief_outcomes())
        width = chips_w + sum(r[3] for r in rows) + gap * (len(rows) - 1)
        band = self.small_die + int(12 * u)  # the dice land above the cards, clear of the turn outline
        height = band + h + 2 * self.lh + int(12 * u)
        # clear of the tag on the plate's top edge, which keeps the text floor in a small window (taller than scaled)
        font = self.text.res.font
        grown = font("bold", self.px(14, 9)).get_height() - font("bold", int(14 * u)).get_height()
        bx, by = self.block_centre(seat, width, height, 16 * u + max(0, grown))
        bx = max(self.area.left + width // 2 + 4, min(self.area.right - width // 2 - 4, bx))
        left = bx - width // 2
        top = by - height // 2
        out = []
        x = left + chips_w
        for idx, hand, xs, rw, word in rows:
            cx = x + rw // 2
            ctop = top + band
            out.append({"index": idx, "hand": hand, "cx": cx, "xs": xs, "w": rw, "outcome": word,
                        "cards_y": ctop + h // 2,
                        "dice_y": top + (band - int(4 * u)) // 2,
                        "line1": ctop + h + int(8 * u) + self.lh // 2,
                        "line2": ctop + h + int(11 * u) + self.lh + self.lh // 2})
            x += rw + gap
        return {"rows": out, "rect": pygame.Rect(left, top, width, height),
                "chips": (left + chips_w // 2, top + band + h // 2 + int(8 * u))}

    def _rows(self, hands: list[tuple[int, dict[str, Any]]], short: bool) -> list[tuple[Any, ...]]:
        """Each hand's row: (index, hand, card offsets, width, outcome words), its outcome brief if ``short``."""
        u, w = self.u, self.cw
        rows = []
        for idx, hand in hands:
            n = max(1, len(hand.get("cards") or []))
            step = card_step(w, n, int(w + (n - 1) * w * 0.5))
            xs, width = row_offsets(n, w, step)
            label = pill_rect(self.text, self._total_words(hand), self._fs(), (0, 0)).w
            word, mark = self._outcome_words(hand, short)
            said = pill_rect(self.text, word, self._fs(), (0, 0), mark).w if word else 0
            rows.append((idx, hand, xs, max(width, label, said, 2 * self.small_die + int(8 * u)), word))
        return rows

    def _brief_outcomes(self) -> bool:
        """Whether the outcomes are said briefly: where any seat's hands outgrow its slot, every seat says them
        briefly (one word for one outcome across the table: "SAFE" beside "SURVIVED" read as two outcomes).
        Decided once per view, result and size, not once per seat's block (a frame asks for dozens)."""
        key = (self.shown, self.result, self.u, tuple(self.area), self.n)
        cached = self._brief
        if cached is None or cached[0][0] is not key[0] or cached[0][1] is not key[1] or cached[0][2:] != key[2:]:
            cached = self._brief = (key, any(not self._rows_fit(s, False) for s in range(self.n)))
        return cached[1]

    def _rows_fit(self, seat: int, short: bool) -> bool:
        """Whether ``seat``'s hands fit its slot with their outcomes said in full (``short`` False) or briefly."""
        hands = self._hands_of(seat)
        if not hands:
            return True
        u = self.u
        rows = self._rows(hands, short)
        chips_w = stack_max_size(self.stack_d)[0] + int(12 * u)
        return chips_w + sum(r[3] for r in rows) + int(10 * u) * (len(rows) - 1) <= self.area.w / self.n - 8 * u

    @staticmethod
    def _outcome_key(hand: dict[str, Any]) -> str | None:
        key = hand.get("outcome") or ("rolls" if hand.get("result") == "rolls" else None)
        if key == "survived" and int(hand.get("net") or 0) < 0:  # settled: a jackpot took its stake
            key = "to_jackpot"
        return key if key in OUTCOMES else None

    def _outcome_words(self, hand: dict[str, Any], short: bool) -> tuple[str, str]:
        """The words and mark of a hand's outcome pill ("" when it has none yet); ``short`` for a split pair
        that would outgrow its seat's slot."""
        key = self._outcome_key(hand)
        if key is None:
            return "", ""
        word, mark, _, _ = OUTCOMES[key]
        return (SHORT_OUTCOMES.get(key, word) if short else word), mark

    def seat_spots(self, seat: int) -> list[Spot]:
        b = self._block(seat)
        if b is None:
            return []
        out = []
        for row in b["rows"]:
            cards = row["hand"].get("cards") or []
            for i, c in enumerate(cards):
                key = ("card", seat, row["hand"].get("hand", 0), i)
                out.append(Spot(key, c, row["cx"] + row["xs"][i], row["cards_y"], self.cw, self.ch, 0,
                                self.marks_for(key)))
        return out

    def die_pos(self, seat: int, hand_no: int, i: int) -> tuple[int, int]:
        """Where a hand's two dice lie: on the felt just beyond its cards."""
        b = self._block(seat)
        if b is None:
            return self.seat_geo[seat]["plate"].center
        for row in b["rows"]:
            if row["hand"].get("hand", 0) == hand_no:
                return (int(row["cx"] + (i - 0.5) * self.small_die * 1.2), int(row["dice_y"]))
        return self.seat_geo[seat]["plate"].center

    def _fs(self) -> int:
        """The face of a hand's words (its total, its outcome): the text floor's in a small window, where the
        hands of six seats share a narrow row."""
        return self.px(13)

    def _total_words(self, hand: dict[str, Any], dice: bool = True) -> str:
        t = sum(hand.get("cards") or [])
        d = hand.get("dice") or []
        if dice and d:
            return f"{t} + {d[0]} + {d[1]} = {t + sum(d)}"
        return f"Total {t}" if hand.get("cards") else "—"

    def pieces_rect(self, seat: int) -> pygame.Rect:
        b = self._block(seat)
        if b is None:
            return super().pieces_rect(seat)
        r = b["rect"].inflate(int(12 * self.u), int(12 * self.u))
        sr = self.spots_rect(self.spots_of(seat))
        return r.union(sr) if sr is not None else r

    def pieces_sig(self, seat: int) -> Any:
        hands = self._hands_of(seat)
        pots = self.shown.get("hand_pots") or []
        return (super().pieces_sig(seat), repr(hands), pots[seat] if seat < len(pots) else 0, self._turn_hand(),
                self.u)

    def _turn_hand(self) -> int | None:
        v = self.shown
        return v.get("turn") if v.get("phase") in ("play", "dice") and self.synced else None

    def draw_seat_pieces(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        b = self._block(seat)
        if b is None:
            return
        u = self.u
        pots = self.shown.get("hand_pots") or []
        amount = pots[seat] if seat < len(pots) else 0
        if amount:
            with self.regions.region(f"seat{seat}.bet"):
                draw_stacks(surf, amount, b["chips"], self.stack_d, self.app.res)
                self.text.blit(surf, f"{amount:,}", self._fs(), theme.CREAM, "bold",
                               midtop=(b["chips"][0], b["chips"][1] + int(3 * u)))
        turn = self._turn_hand()
        for row in b["rows"]:
            hand = row["hand"]
            if turn is not None and row["index"] == turn:
                cards_w = row["xs"][-1] - row["xs"][0] + self.cw if row["xs"] else self.cw  # round the cards only
                r = pygame.Rect(0, 0, cards_w + int(10 * u), self.ch + int(8 * u))
                r.center = (row["cx"], row["cards_y"])
                g = glow(r.w // 2 + int(8 * u), r.h // 2 + int(8 * u), theme.TURN, 120)
                with self.regions.region(""):  # light on the felt
                    surf.blit(g, g.get_rect(center=r.center))
                pygame.draw.rect(surf, theme.TURN, r, max(2, int(2 * u)), border_radius=int(8 * u))
                draw_mark(surf, "arrow", (r.left + int(9 * u), r.top - int(7 * u)), int(8 * u), theme.TURN)
        self.draw_spots(surf, self.spots_of(seat), covered)
        fs = self._fs()
        for row in b["rows"]:
            hand = row["hand"]
            hand_no = hand.get("hand", 0)
            dice = hand.get("dice") or []
            rolling = any(("die", seat, hand_no, i) in covered for i in range(2))
            words = self._total_words(hand, dice=bool(dice) and not rolling)
            n = hand_no + 1  # each hand's words, dice and outcome are regions of their own: the dice lie above
            with self.regions.region(f"seat{seat}.total{n}"):  # the cards, the words below them
                pill(surf, self.text, words, fs, (row["cx"], row["line1"]), (14, 16, 20), theme.CREAM,
                     edge=theme.BRASS_DARK)
            if dice and not rolling:
                with self.regions.region(f"seat{seat}.dice{n}"):
                    for i in range(2):
                        img = self.kinzo_die(dice[i], self.small_die)
                        surf.blit(img, img.get_rect(center=self.die_pos(seat, hand_no, i)))
            key = self._outcome_key(hand)
            with self.regions.region(f"seat{seat}.outcome{n}"):
                if key is not None and not rolling:
                    _, mark, ink, fill = OUTCOMES[key]
                    pill(surf, self.text, row["outcome"], fs, (row["cx"], row["line2"]), fill, ink, mark=mark,
                         edge=ink)
                elif len(b["rows"]) == 2:
                    self.text.blit(surf, f"HAND {n}", int(max(10, 11 * u)), theme.TEXT_DIM, "bold",
                                   center=(row["cx"], row["line2"]))

    # ------------------------------------------------------------------ the house and the middle
    def dealer_spots(self) -> list[Spot]:
        cards = self.shown.get("dealer_cards") or []
        if not cards:
            return []
        n = len(cards)
        step = card_step(self.dw, n, int(self.dw + (n - 1) * self.dw * 0.62))
        xs, _ = row_offsets(n, self.dw, step)
        cx = self.centre[0]
        out = []
        for i, c in enumerate(cards):
            key = (f"dcard{i}",)
            out.append(Spot(key, c, cx + xs[i], self.dealer_cards_y, self.dw, self.dh, 0, self.marks_for(key)))
        return out

    def centre_spots(self) -> list[Spot]:
        return self.dealer_spots()

    def dealer_rect(self) -> pygame.Rect:
        r = self.dealer_plate.inflate(int(40 * self.u), int(30 * self.u))
        note = self.text.res.font("text", int(max(10, 12 * self.u)))  # the rule and the survive band under it
        row = pygame.Rect(0, 0, self.dw * 5, self.dh + self.lh + 2 * note.get_linesize() + int(24 * self.u))
        row.midtop = (self.centre[0], self.dealer_cards_y - self.dh // 2 - int(8 * self.u))
        r.union_ip(row)
        sr = self.spots_rect(self.board_spots())
        return r.union(sr) if sr is not None else r

    def dealer_sig(self, covered: frozenset[tuple[Any, ...]]) -> Any:
        v = self.shown
        return (self.spot_sig(self.board_spots()), v.get("dealer_total"), v.get("dealer_revealed"), v.get("phase"),
                self.deco.get("house_tag"), covered, self.u, self.result is not None)

    def draw_dealer(self, surf: pygame.Surface, covered: set[tuple[Any, ...]]) -> None:
        u = self.u
        v = self.shown
        p = self.dealer_plate
        panel(surf, p, (22, 20, 18), theme.BRASS, radius=int(10 * u), width=2)
        self.text.blit(surf, "THE HOUSE", self.px(22), theme.AMBER, "head", midleft=(p.x + int(12 * u), p.centery))
        tag = self.deco.get("house_tag")
        if tag:
            self.text.blit(surf, tag, self.px(13, 9), theme.CREAM, "bold", midright=(p.right - int(10 * u), p.centery))
        else:
            self.text.blit(surf, "dealer", self.px(13, 9), theme.TEXT_DIM, "bold",
                           midright=(p.right - int(10 * u), p.centery))
        self.draw_spots(surf, self.board_spots(), covered)
        cards = v.get("dealer_cards") or []
        fs = int(max(10, 14 * u))
        y = self.dealer_cards_y + self.dh // 2 + int(6 * u) + self.lh // 2
        if cards:
            if v.get("dealer_total") is not None and v.get("dealer_revealed"):
                words = f"House total {v['dealer_total']}"
                pill(surf, self.text, words, fs, (self.centre[0], y), (36, 26, 10), theme.AMBER, edge=theme.BRASS)
            else:
                showing = sum(c for c in cards if c is not None)
                pill(surf, self.text, f"Showing {showing}, one card face down", fs, (self.centre[0], y),
                     (14, 16, 20), theme.CREAM, edge=theme.BRASS_DARK)
        note = int(max(10, 12 * u))
        top = y + self.lh // 2 + int(4 * u)
        self.text.blit(surf, DEALER_RULE, note, theme.TEXT_DIM, "text", midtop=(self.centre[0], top))
        stood = v.get("phase") in ("dice", "settle") or self.result is not None  # the house's total is final
        total = v.get("dealer_total") if v.get("dealer_revealed") and stood else None
        self.text.blit(surf, survive_words(total), note, theme.TEXT_DIM, "text",
                       midtop=(self.centre[0], top + self.text.res.font("text", note).get_linesize()))

    def centre_rect(self) -> pygame.Rect:
        r = self.pile_rect(self.deck_pos, int(self.dw * 0.8), int(self.dh * 0.8))
        s = pygame.Rect(0, 0, max(int(170 * self.u), self.stake_box_w() + int(20 * self.u)), int(64 * self.u))
        s.h = max(s.h, self.stake_box_h() + int(10 * self.u))
        s.center = self.stake_pos
        return r.union(s)

    def stake_box_w(self) -> int:
        """The stake box's width: 150 px at 1280×720, and wide enough for "not named yet" where it keeps the text
        floor (it stood out of the box at 640x400)."""
        words = self.text.res.font("bold", int(max(12, 14 * self.u))).size("not named yet")[0]
        return max(int(150 * self.u), words + int(16 * self.u))

    def stake_box_h(self) -> int:
        """The stake box's height: 54 px at 1280×720, and in a small window tall enough for its three lines where
        they keep the text floor (they ran together there)."""
        u = self.u
        font = self.text.res.font
        tall = (font("bold", int(max(10, 12 * u))).get_height() + font("bold", int(max(12, 20 * u))).get_ascent()
                + font("text", int(max(10, 11 * u))).get_height() + int(4 * u))
        return max(int(54 * u), tall)

    def centre_sig(self) -> Any:
        v = self.shown
        return (v.get("deck_left"), v.get("stake"), v.get("limit"), v.get("min_stake"), self.u)

    def draw_centre(self, surf: pygame.Surface, covered: set[tuple[Any, ...]]) -> None:
        v = self.shown
        u = self.u
        with self.regions.region("deck"):
            self.draw_pile(surf, self.deck_pos, int(self.dw * 0.8), int(self.dh * 0.8), int(v.get("deck_left") or 0),
                           "DECK")
        self.regions.open("stake")
        stake = int(v.get("stake") or 0)
        x, y = self.stake_pos
        box = pygame.Rect(0, 0, self.stake_box_w(), self.stake_box_h())
        box.center = (x, y)
        panel(surf, box, (12, 10, 8), theme.BRASS_DARK, radius=int(8 * u), alpha=215, width=1)
        self.text.blit(surf, "STAKE", int(max(10, 12 * u)), theme.TEXT_DIM, "bold", midtop=(x, box.y + int(4 * u)))
        big = f"{stake:,}" if stake else "not named yet"
        self.text.blit(surf, big, int(max(12, (20 if stake else 14) * u)), theme.CREAM, "bold",
                       center=(x, box.centery + int(1 * u)))
        self.text.blit(surf, f"{int(v.get('min_stake') or 0):,} to {int(v.get('limit') or 0):,}",
                       int(max(10, 11 * u)), theme.TEXT_DIM, "text", midbottom=(x, box.bottom - int(3 * u)))
        self.regions.close()

    def items(self) -> list[Item]:
        out = super().items()
        covered = self.covered()
        mine = frozenset(k for k in covered if len(k) == 1 and str(k[0]).startswith("dcard"))
        out.insert(2, Item("dealer", self.dealer_rect(), self.dealer_sig(mine),
                           lambda surf: self.draw_dealer(surf, covered)))
        return out

    # ------------------------------------------------------------------ actions
    def _my_hand(self, view: dict[str, Any]) -> dict[str, Any] | None:
        hands = view.get("hands") or []
        t = view.get("turn")
        return hands[t] if isinstance(t, int) and 0 <= t < len(hands) else None

    def action_specs(self, view: dict[str, Any], legal: list[Action]) -> list[ActionSpec]:
        phase = view.get("phase")
        kinds = {a.kind: a for a in legal}
        if phase == "stake":
            lo, hi = (view.get("stake_range") or [view.get("min_stake", 0), view.get("limit", 0)])[:2]
            return [ActionSpec("Stake", f"Every seat that can pay it puts this in its hand pot ({lo:,} to {hi:,}); "
                               "the house adds as much per seat to the prize pot", pygame.K_s, "S",
                               amount_kind="stake", enabled="stake" in kinds, primary=True)]
        if phase == "dice":
            hand = self._my_hand(view)
            need = ""
            if hand is not None and view.get("dealer_total") is not None:
                need = f": {view['dealer_total'] - sum(hand['cards'])} exactly is the jackpot"
            return [ActionSpec("Roll the dice", f"Add two dice (1–3 each) to your hand{need}", pygame.K_r, "R",
                               action=kinds.get("roll"), enabled="roll" in kinds, primary=True)]
        specs = [
            ActionSpec("Hit", "Take another card (six at most)", pygame.K_h, "H", action=kinds.get("hit"),
                       enabled="hit" in kinds, primary=True, probe=Action("hit")),
            ActionSpec("Stay", "Stand on this hand", pygame.K_s, "S", action=kinds.get("stay"),
                       enabled="stay" in kinds),
        ]
        splits = [a for a in legal if a.kind == "split"]
        stake = int(view.get("stake") or 0)
        if not splits:
            hand = self._my_hand(view)
            cards = list(hand["cards"]) if hand is not None else []
            value = max(cards, key=lambda c: (cards.count(c), c)) if cards else None  # its pair, if it has one
            specs.append(ActionSpec("Split", "Split a pair into two hands (another stake; once a round)", pygame.K_p,
                                    "P", enabled=False,
                                    probe=Action("split", value=value) if isinstance(value, int) else None))
        for i, a in enumerate(splits[:2]):
            key, cap = (pygame.K_p, "P") if i == 0 else (pygame.K_l, "L")
            specs.append(ActionSpec(f"Split the {a.value}s", f"Make two hands of your pair of {a.value}s for "
                                    f"another stake of {stake:,}", key, cap, action=a))
        return specs

    def slider_step(self, kind: str, lo: int, hi: int, view: dict[str, Any]) -> int:
        if kind == "stake":
            return 5 if hi - lo >= 50 else 1
        return super().slider_step(kind, lo, hi, view)

    def bar_heading(self) -> str:
        if not self.my_turn():
            return super().bar_heading()
        v = self.shown
        phase = v.get("phase")
        if phase == "stake":
            return "NAME THE STAKE: drag the slider (or +/−, PgUp/PgDn), then press Stake"
        hand = self._my_hand(v)
        if hand is None:
            return super().bar_heading()
        total = sum(hand.get("cards") or [])
        which = " (your second hand)" if hand.get("hand") else ""
        if phase == "dice":
            return f"ROLL{which}: " + dice_words(total, v.get("dealer_total"))
        return f"YOUR HAND{which}: {total} against the house showing {v.get('dealer_showing')} — hit, stay or split"

    # ------------------------------------------------------------------ events -> beats
    def _deck_src(self) -> tuple[int, int, int, int]:
        return (self.deck_pos[0], self.deck_pos[1], int(self.dw * 0.8), int(self.dh * 0.8))

    def beats_for(self, ev: Event) -> list[Beat]:
        """The beats of an event. Each beat's start runs after the base table folded the event into
        ``self.shown`` (the engine's ``reduce_view``): the beats only move pieces over the view after it."""
        d = ev.visible_to(self.eyes)
        kind = ev.kind
        s = ev.seat

        if kind == "to_act":  # the view shows whose turn it is; nothing moves
            return [Beat(0.0)]

        if kind == "stake_named":
            assert s is not None
            return [Beat(0.5, lambda: self.tag(s, f"NAMES THE STAKE: {int(d['stake']):,}"))]

        if kind == "stakes_paid":
            def start() -> None:
                for t, a in enumerate(d["amounts"]):
                    if a:
                        self.fly(a, self.stack_spot(t), self._chips_at(t), delay=0.03 * t)
            return [Beat(0.45, start, sound="chips")]

        if kind == "prize_pot_funded":
            def start() -> None:
                self.fly(int(d["amount"]), self.house_pos, self.prize_pos)
                self.deco["house_tag"] = f"puts in {int(d['amount']):,}"
            return [Beat(0.45, start, sound="chips")]

        if kind == "card_dealt":
            def start() -> None:
                self.deco.pop("house_tag", None)
                if d["to"] == "dealer":
                    self.slide((f"dcard{len(d['cards']) - 1}",), self._deck_src(), None)
                else:
                    self.slide(("card", d["to"], d["hand"], len(d["cards"]) - 1), self._deck_src(), None)
            return [Beat(0.17, start, sound="card")]

        if kind == "hit":
            assert s is not None

            def start() -> None:
                key = ("card", s, d["hand"], len(d["cards"]) - 1)
                self.fresh = {key}
                self.tag(s, f"HITS: {d['total']}" + (" (SIX CARDS)" if d["full"] else ""))
                self.slide(key, self._deck_src(), None, duration=0.25)
            return [Beat(0.45, start, sound="card")]

        if kind == "stay":
            assert s is not None

            def start() -> None:
                self.fresh = set()
                self.tag(s, f"STAYS ON {d['total']}")
            return [Beat(0.4, start)]

        if kind == "split":
            assert s is not None

            def start() -> None:
                self.tag(s, f"SPLITS THE {d['value']}s")
                self.fly(int(d["stake"]), self.stack_spot(s), self._chips_at(s))
                # the second hand's card leaves the first hand's row (its last card now lies where it was)
                src = self.find_spot(("card", s, 0, len(d["hands"][0]) - 1))
                if src is not None:
                    self.slide(("card", s, 1, 0), src, src.card, duration=0.3)
                self.fresh = {("card", s, 1, 0)}
            return [Beat(0.55, start, sound="chips")]

        if kind == "dealer_revealed":
            def start() -> None:
                self.tags = {}
                self.deco["house_tag"] = "turns its card"
                self.slide(("dcard1",), None, None, duration=0.25)
            return [Beat(0.7, start, sound="card")]

        if kind == "dealer_drew":
            def start() -> None:
                key = (f"dcard{len(d['cards']) - 1}",)
                self.deco["house_tag"] = f"draws: {d['total']}"
                self.fresh = {key}
                self.slide(key, self._deck_src(), None, duration=0.25)
            return [Beat(0.55, start, sound="card")]

        if kind == "dealer_stood":
            def start() -> None:
                self.deco["house_tag"] = f"stands on {d['total']}"
                why = "a 5 or 6 stopped it" if d["reason"] == "five_or_six" else "six cards"
                self.banner(f"The house stands on {d['total']}", why, 1.1)
            return [Beat(1.2, start)]

        if kind == "tally":
            assert s is not None

            def start() -> None:
                res = d["result"]
                word = {"bust": "BUSTS", "doubled": "DOUBLED OUT", "equal": "EQUALS THE HOUSE",
                        "rolls": "ROLLS"}.get(res, res.upper())
                self.tag(s, f"{d['total']}: {word}", theme.BAD if res in ("bust", "doubled") else theme.AMBER)
            return [Beat(0.45, start)]

        if kind == "dice_rolled":
            assert s is not None
            hand_no = int(d["hand"])
            dice = list(d["dice"])
            out = d["outcome"]

            def start() -> None:
                for i in range(2):
                    self.tumble(("die", s, hand_no, i), dice[i], self.kinzo_die, DIE_FACES, self.die_pos(s, hand_no, i),
                                self.small_die, delay=0.05 * i, duration=0.75)

            def end() -> None:
                word = {"jackpot": "JACKPOT!", "survived": "SURVIVES", "bust": "BUSTS",
                        "doubled": "DOUBLED OUT"}.get(out, out.upper())
                self.tag(s, f"{d['total']}: {word}", theme.GOOD if out in ("jackpot", "survived") else theme.BAD)
            return [Beat(0.9, start, end, sound="dice"), Beat(0.35)]

        if kind == "jackpot":
            assert s is not None

            def start() -> None:
                dst = self.stack_spot(s)
                for k, h in enumerate(self.shown["hands"]):  # the hands stay on the table until the round is over
                    self.fly(int(h["stake"]), self._chips_at(h["seat"]), dst, delay=0.04 * k, duration=0.4)
                self.fly(int(d["prize_pot"]), self.prize_pos, dst, duration=0.4)
                self.announce("JACKPOT!", f"{self.names[s]} hits the house's {d['total']} exactly: "
                              f"{int(d['amount']):,} chips", 2.0, (244, 196, 70), "star")
                self.tag(s, f"JACKPOT {int(d['amount']):,}", theme.GOOD)
            return [Beat(2.1, start, sound="chips")]

        if kind == "house_collected":
            assert s is not None

            def start() -> None:
                amount = int(d["amount"])
                self.fly(amount, self._chips_at(s), self.house_pos)
                self.deco["house_tag"] = f"takes {amount:,}"
            return [Beat(0.35, start, sound="chips")]

        if kind == "house_paid":
            assert s is not None

            def start() -> None:
                plate = self.stack_spot(s)
                self.fly(int(d["stake_returned"]), self._chips_at(s), plate)
                self.fly(int(d["from_prize_pot"]), self.prize_pos, plate, delay=0.08)
                self.fly(int(d["from_house"]), self.house_pos, plate, delay=0.12)
                self.tag(s, f"PAID {int(d['amount']):,}", theme.GOOD)
            return [Beat(0.45, start, sound="chips")]

        if kind == "prize_pot_returned":
            def start() -> None:
                self.fly(int(d["amount"]), self.prize_pos, self.house_pos)
                self.deco["house_tag"] = f"takes back {int(d['amount']):,}"
            return [Beat(0.45, start, sound="chips")]

        if kind == "round_over":
            winners = list(d["winners"])
            net = d["net"]

            yours = own_net_words(d, self.eyes)
            if winners:
                sub = ", ".join(f"{self.names[t]} +{net[t]:,}" for t in winners) + (f" · {yours}" if yours else "")
                return [Beat(1.9, lambda: self.show_result(d, sub, several="win"))]
            return [Beat(1.9, lambda: self.show_result(d, f"it stood on {d['dealer_total']}"
                                                       + (f" · {yours}" if yours else ""),
                                                       "The house wins the round"))]
        return super().beats_for(ev)

    def _chips_at(self, seat: int) -> tuple[int, int]:
        """Where a seat's hand pot lies (beside its hands), or its plate when it has no hand on the table."""
        blk = self._block(seat)
        return blk["chips"] if blk else self.seat_geo[seat]["plate"].center

    def kinzo_die(self, face: int, size: int) -> pygame.Surface:
        return self.app.res.image(f"kinzo.die_{int(face)}", (size, size))

    # ------------------------------------------------------------------ words
    def describe(self, ev: dict[str, Any]) -> str | None:
        kind = ev["kind"]
        s = ev.get("seat")
        who = self.names[s] if s is not None else ""
        hand = " (second hand)" if ev.get("hand") else ""
        if kind == "to_act":
            return None
        if kind == "round_started":
            return f"Round {ev['round']}: {self.names[ev.get('first') or 0]} names the stake."
        if kind == "stake_named":
            return f"{who} names a stake of {ev.get('stake', 0):,}."
        if kind == "stakes_paid":
            out = ev.get("sitting_out") or []
            rest = f" {self.join_names(out)} cannot pay and sit{'s' if len(out) == 1 else ''} out." if out else ""
            return f"Every seat puts {ev.get('stake', 0):,} in its hand pot.{rest}"
        if kind == "prize_pot_funded":
            return f"The house puts {ev.get('amount', 0):,} into the prize pot."
        if kind == "card_dealt":
            if ev.get("to") == "dealer":
                return f"The house deals itself a {ev['card']} face up." if ev.get("face_up") else \
                    "The house deals itself a card face down (the hole card)."
            return None
        if kind == "hit":
            return f"{who} hits{hand}: a {ev.get('card')}, total {ev.get('total')}."
        if kind == "stay":
            return f"{who} stays on {ev.get('total')}{hand}."
        if kind == "split":
            return (f"{who} splits {self.pronoun(s)} {ev.get('value')}s into two hands for another "
                    f"{ev.get('stake', 0):,}.")
        if kind == "dealer_revealed":
            return f"The house turns its hole card: a {ev.get('card')}, total {ev.get('total')}."
        if kind == "dealer_drew":
            return f"The house draws a {ev.get('card')}: total {ev.get('total')}."
        if kind == "dealer_stood":
            why = "a 5 or 6 came up" if ev.get("reason") == "five_or_six" else "it holds six cards"
            return f"The house stands on {ev.get('total')} ({why})."
        if kind == "tally":
            t, dt = ev.get("total"), ev.get("dealer_total")
            res = ev.get("result")
            if res == "bust":
                return f"{who}{hand}: {t} is over the house's {dt}: bust."
            if res == "doubled":
                return f"{who}{hand}: {t} doubled is at most {dt}: doubled out, the stake is lost."
            if res == "equal":
                return f"{who}{hand}: {t} equals the house: survives without rolling."
            return f"{who}{hand}: {t} goes to the dice."
        if kind == "dice_rolled":
            a, b = (ev.get("dice") or [0, 0])[:2]
            out = ev.get("outcome")
            what = {"jackpot": "JACKPOT!", "survived": "survives", "bust": "bust",
                    "doubled": "doubled out"}.get(str(out), str(out))
            end = "" if what.endswith("!") else "."
            return f"{who} rolls {a} and {b}{hand}: {ev.get('cards_total')} + {a + b} = {ev.get('total')}, {what}{end}"
        if kind == "jackpot":
            return f"{who} hits the jackpot and takes {ev.get('amount', 0):,}: every stake and the prize pot!"
        if kind == "house_collected":
            return f"The house takes {who}'s stake of {ev.get('amount', 0):,}{hand} ({ev.get('outcome')})."
        if kind == "house_paid":
            return f"{who} survives{hand}: the stake back and {ev.get('amount', 0):,} more."
        if kind == "prize_pot_returned":
            return f"The rest of the prize pot, {ev.get('amount', 0):,}, goes back to the house."
        if kind == "round_over":
            if ev.get("winners"):
                return None
            return f"Round {ev['round']}: the house wins."
        return super().describe(ev)
