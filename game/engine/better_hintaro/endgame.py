"""Better Hintaro's duels and its end: the Shootout option's challenges, and the victory conditions.

A mixin of :class:`~game.engine.better_hintaro.game.BetterHintaro`. Shootout picks are secret actions: a
pick is an event whose sign only the picking seat sees, and views show only *who* has picked until every seat
in the exchange has, when the signs are revealed together.

The end, in order: a carried pot goes back, containers are opened, completed bounties turned in, loans repaid,
then the seats are ranked by completed bounties and the written tie-breakers; seats still tied shoot it out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.better_hintaro.actions import act
from game.engine.better_hintaro.business import insert_randomly
from game.engine.better_hintaro.events import (
    BoughtBack,
    CarryReturned,
    Challenge,
    ContainerOpened,
    Holster,
    LoanRepaid,
    PotItemsReturned,
    SeatOut,
    SessionOver,
    ShootoutSigns,
    ShootoutWon,
    SignChosen,
    SignSecret,
    TiebreakShootout,
    Victory,
)
from game.engine.better_hintaro.shootout import BEATS, DRAW_LIMIT, survivors
from game.engine.core import Action, Event, Refusal, refuse, seats_from
from game.engine.rounds import share_out

if TYPE_CHECKING:
    from game.engine.better_hintaro.content import Content

#: the tie-breakers in order, as the ranking key's components are named (the shootout comes last)
TIEBREAKERS: tuple[str, ...] = ("bounties", "best_bounty", "credits", "best_item", "items")


class EndgameMixin:
    """Challenges and duels (Shootout option), the final ranking and the tie-break shootout."""

    n: int
    stacks: list[int]
    house: int
    current_seat: int | None
    options: dict[str, Any]
    phase: str
    queue: list[int]
    dealer: int
    round_no: int
    alive: list[bool]
    in_hand: list[bool]
    items: list[list[str]]
    active: list[list[str]]
    completed: list[list[str]]
    completed_value: list[list[int]]
    draw: list[str]
    discard: list[str]
    newest: list[str]
    oldest: list[str]
    bounty_deck: list[str]
    pot_items: list[list[Any]]
    pot_credit: list[int]
    carry: int
    carry_odd: list[int] | None
    carry_from: list[bool]
    bounty_offer: list[str]
    loans: list[int]
    debt: list[int]
    loaned: list[bool]
    round_won: list[int]
    round_items: list[list[str]]
    challengers: list[int]
    duel: dict[str, Any] | None
    tiebreak: dict[str, Any] | None
    result: dict[str, Any] | None
    rng: Any

    if TYPE_CHECKING:  # provided by the game class and the business mixin
        @property
        def content(self) -> Content: ...
        def _take_cards(self, s: int, cards: tuple[str, ...] | list[str]) -> None: ...
        def _give_cards(self, s: int, cards: tuple[str, ...] | list[str]) -> None: ...
        def _unknown(self, kind: str) -> Refusal: ...
        def _no_fields(self, action: Action) -> Refusal | None: ...
        def _do_loan(self, s: int) -> list[Event]: ...
        def _after_challenges(self) -> list[Event]: ...
        def _turn_ins(self, s: int) -> list[Event]: ...
        def _refill_bounties(self) -> None: ...

    # ------------------------------------------------------------------ challenges (Shootout option)
    def _targets(self, s: int) -> list[int]:
        """Seats that won something this round and may be challenged by ``s``."""
        return [w for w in range(self.n)
                if w != s and self.alive[w] and (self.round_won[w] or self.round_items[w])]

    def _next_challenger(self) -> list[Event]:
        while self.challengers:
            s = self.challengers[0]
            if self.alive[s] and self._targets(s):
                self.phase = "challenge"
                self.current_seat = s
                return []
            self.challengers.pop(0)
        return self._after_challenges()

    def _legal_challenge(self, s: int) -> list[Action]:
        return [act("pass")] + [act("challenge", target=w) for w in self._targets(s)]

    def _check_challenge(self, s: int, action: Action) -> Refusal | None:
        if action.kind == "pass":
            return self._no_fields(action)
        if action.kind != "challenge":
            return self._unknown(action.kind)
        if [k for k, _ in action.fields] != ["target"]:
            return refuse("bad_field", "a challenge names one target seat: target=<seat>", kind="challenge",
                          field="target")
        target = action.target
        if type(target) is not int or target not in self._targets(s):
            return refuse("not_a_target", f"seat {target!r} cannot be challenged: only a seat that won a pot "
                          "this round", target=target, targets=self._targets(s))
        return None

    def _do_challenge(self, action: Action) -> list[Event]:
        s = self.current_seat
        assert s is not None
        if action.kind == "pass":
            self.challengers.pop(0)
            return [Event("holster", s, Holster()), *self._next_challenger()]
        target = action.target
        self.duel = {"seats": [s, target], "picks": ["", ""], "draws": 0}
        self.phase = "duel"
        return [Event("challenge", s, Challenge(target=target))]

    def _record_pick(self, contest: dict[str, Any], sign: str) -> Event:
        s = self.current_seat
        contest["picks"][contest["seats"].index(s)] = sign
        return Event("sign_chosen", s, SignChosen(), SignSecret(sign=sign))

    def _do_duel_pick(self, action: Action) -> list[Event]:
        d = self.duel
        assert d is not None
        events = [self._record_pick(d, action.sign)]
        if "" in d["picks"]:
            self.current_seat = d["seats"][d["picks"].index("")]
            return events
        (a, b), (pa, pb) = d["seats"], d["picks"]
        events.append(Event("shootout_signs", None, ShootoutSigns(seats=[a, b], signs=[pa, pb])))
        by_lot = False
        if pa == pb:
            d["draws"] += 1
            if d["draws"] < DRAW_LIMIT:
                d["picks"] = ["", ""]
                self.current_seat = a
                return events
            winner, by_lot = d["seats"][self.rng.below(2)], True
        else:
            winner = a if BEATS[pa] == pb else b
        events += self._duel_over(a, b, winner, by_lot)
        self.duel = None
        self.challengers.pop(0)
        loser = b if winner == a else a
        if self.options["loans"]:  # the Loans option: the loser may take a loan to buy back in
            self.phase = "buyback"
            self.current_seat = loser
            return events
        return events + self._remove_seat(loser) + self._next_challenger()

    def _do_buyback(self, loan: bool) -> list[Event]:
        """The loser of a shootout, with the Loans option: out of the game, or back in on a loan. Either way its
        credits go to the bank and its items to the discard pile (the text: the loser's items and credits go to
        the Shop); back in, it keeps its bounty cards but for the one the bank takes for the loan."""
        s = self.current_seat
        assert s is not None
        if not loan:
            return self._remove_seat(s) + self._next_challenger()
        credits, cards = self._strip(s)
        self.round_won[s] = 0
        self.round_items[s] = []
        events = [Event("bought_back", s, BoughtBack(credits=credits, items=cards, bank=self.house))]
        events += self._do_loan(s)
        return events + self._next_challenger()

    def _strip(self, s: int) -> tuple[int, list[str]]:
        """A seat's credits to the bank and its cards to the discard pile."""
        credits = self.stacks[s]
        self.stacks[s] = 0
        self.house += credits
        cards = self.items[s]
        self.items[s] = []
        self.discard += cards
        return credits, cards

    def _duel_over(self, challenger: int, target: int, winner: int, by_lot: bool) -> list[Event]:
        """A winning challenger takes what the target won this round; the loser is out of the game."""
        loser = target if winner == challenger else challenger
        credits = 0
        cards: list[str] = []
        if winner == challenger:
            credits = min(self.round_won[target], self.stacks[target])
            self.stacks[target] -= credits
            self.stacks[challenger] += credits
            self.round_won[target] -= credits
            self.round_won[challenger] += credits
            held = list(self.items[target])
            for card in self.round_items[target]:
                if card in held:
                    held.remove(card)
                    cards.append(card)
            self._take_cards(target, cards)
            self._give_cards(challenger, cards)
            self.round_items[challenger] += cards
            self.round_items[target] = []
        return [Event("shootout_won", winner, ShootoutWon(loser=loser, challenger=challenger, credits=credits,
                                                          items=cards, by_lot=by_lot))]

    def _remove_seat(self, s: int) -> list[Event]:
        """A seat out of the game: its credits go to the bank, its cards to the discard pile and bounty deck."""
        credits, cards = self._strip(s)
        bounties = self.active[s]
        self.active[s] = []
        if bounties:
            insert_randomly(self.bounty_deck, bounties, self.rng)
            self._refill_bounties()
        self.alive[s] = False
        self.in_hand[s] = False
        return [Event("seat_out", s, SeatOut(credits=credits, items=cards, bounties=bounties, bank=self.house,
                                             bounty_offer=list(self.bounty_offer),
                                             bounty_deck_count=len(self.bounty_deck)))]

    def _shootout_view(self, seat: int | None) -> dict[str, Any] | None:
        for kind, contest in (("duel", self.duel), ("tiebreak", self.tiebreak)):
            if contest is not None:
                seats = contest["seats"]
                mine = contest["picks"][seats.index(seat)] if seat in seats else ""
                return {"kind": kind, "seats": list(seats), "picked": [bool(p) for p in contest["picks"]],
                        "draws": contest["draws"], "my_pick": mine or None}
        return None

    # ------------------------------------------------------------------ the end of the game
    def _finish(self) -> list[Event]:
        self.phase = "end"
        self.queue = []
        events = self._return_carry()
        events += self._open_containers()
        order = [s for s in seats_from(self.dealer - 1, self.n, -1) if self.alive[s]]
        for s in order:
            events += self._turn_ins(s)
        events += self._repay_loans()
        if len(order) <= 1:
            return events + self._conclude(order[0] if order else None, "last seat standing")
        ranked = sorted(order, key=self.ranking_key, reverse=True)
        best = self.ranking_key(ranked[0])
        tied = [s for s in order if self.ranking_key(s) == best]
        if len(tied) > 1:
            self.tiebreak = {"seats": tied, "picks": [""] * len(tied), "draws": 0}
            self.phase = "tiebreak"
            self.current_seat = tied[0]
            return [*events, Event("tiebreak_shootout", None, TiebreakShootout(seats=list(tied)))]
        runner_up = self.ranking_key(ranked[1])
        decided = next(name for name, a, b in zip(TIEBREAKERS, best, runner_up, strict=True) if a != b)
        return events + self._conclude(ranked[0], decided)

    def ranking_key(self, s: int) -> tuple[int, int, int, int, int]:
        """Completed bounties, best bounty value, credits less unpaid loans, best item value, item count."""
        catalogue = self.content.items
        values = [catalogue[c].value for c in self.items[s] if c in catalogue]
        return (len(self.completed[s]), max(self.completed_value[s], default=0), self.stacks[s] - self.debt[s],
                max(values, default=0), len(values))

    def _return_carry(self) -> list[Event]:
        events: list[Event] = []
        order = seats_from(self.dealer + 1, self.n)
        if self.carry:
            amounts = [0] * self.n
            # the odd chips of a split in the last hand: no hand follows, so the first winner left of the dealer
            # takes them (RULINGS: splits)
            odd_to, odd = None, 0
            for s, chips in enumerate(self.carry_odd or ()):
                if chips and self.alive[s]:
                    amounts[s] += chips
                    odd += chips
                    odd_to = s if odd_to is None else odd_to
            left = self.carry - odd
            if left:
                payers = [s for s in order if self.carry_from[s] and self.alive[s]] or \
                         [s for s in order if self.alive[s]]
                for s, back in enumerate(share_out(left, payers, self.n)):
                    amounts[s] += back
            for s in range(self.n):
                self.stacks[s] += amounts[s]
            self.carry = 0
            self.carry_odd = None
            self.carry_from = [False] * self.n
            events.append(Event("carry_returned", None, CarryReturned(amounts=amounts, odd_to=odd_to, odd=odd)))
        if self.pot_items:
            returned: list[list[str]] = [[] for _ in range(self.n)]
            discarded: list[str] = []
            for card, seat in self.pot_items:
                if seat >= 0 and self.alive[seat]:
                    returned[seat].append(card)
                else:
                    discarded.append(card)
            for s in range(self.n):
                self._give_cards(s, returned[s])
            self.discard += discarded
            self.pot_items, self.pot_credit = [], []
            events.append(Event("pot_items_returned", None, PotItemsReturned(items=returned, discarded=discarded)))
        return events

    def _open_containers(self) -> list[Event]:
        boxes = self.content.containers
        holders = [s for s in seats_from(self.dealer - 1, self.n, -1)
                   if self.alive[s] and any(c in boxes for c in self.items[s])]
        if not holders:
            return []
        pool = self.newest + self.oldest + self.draw + self.discard
        self.newest, self.oldest = [], []
        set_aside = [c for c in pool if c in boxes]
        pool = [c for c in pool if c not in boxes]
        self.rng.shuffle(pool)
        self.draw = pool
        self.discard = set_aside
        events: list[Event] = []
        for s in holders:
            mine = [c for c in self.items[s] if c in boxes]
            for box in mine:
                self._take_cards(s, [box])
                self.discard.append(box)
                drawn = [pool.pop() for _ in range(min(boxes[box].size, len(pool)))]
                self._give_cards(s, drawn)
                events.append(Event("container_opened", s, ContainerOpened(
                    container=box, items=drawn, draw_count=len(self.draw), discard=sorted(self.discard))))
        return events

    def _repay_loans(self) -> list[Event]:
        events: list[Event] = []
        for s in range(self.n):
            if self.loans[s] and self.alive[s]:
                pay = min(self.stacks[s], self.loans[s])
                self.stacks[s] -= pay
                self.house += pay
                self.debt[s] = self.loans[s] - pay
                events.append(Event("loan_repaid", s, LoanRepaid(amount=pay, unpaid=self.debt[s], bank=self.house)))
        return events

    def _do_tiebreak_pick(self, action: Action) -> list[Event]:
        t = self.tiebreak
        assert t is not None
        events = [self._record_pick(t, action.sign)]
        if "" in t["picks"]:
            self.current_seat = t["seats"][t["picks"].index("")]
            return events
        seats, picks = list(t["seats"]), list(t["picks"])
        events.append(Event("shootout_signs", None, ShootoutSigns(seats=seats, signs=picks)))
        through = survivors(seats, picks)
        if len(through) == 1:
            return events + self._conclude(through[0], "shootout")
        if len(through) == len(seats):
            t["draws"] += 1
            if t["draws"] >= DRAW_LIMIT:
                return events + self._conclude(seats[self.rng.below(len(seats))], "shootout (by lot)")
        else:
            t["seats"], t["draws"] = through, 0
        t["picks"] = [""] * len(t["seats"])
        self.current_seat = t["seats"][0]
        return events

    def _conclude(self, winner: int | None, decided_by: str) -> list[Event]:
        standings = []
        for s in range(self.n):
            b, best_b, credits, best_i, count = self.ranking_key(s)
            standings.append({"seat": s, "alive": self.alive[s], "bounties": b, "best_bounty": best_b,
                              "credits": credits, "best_item": best_i, "items": count})
        self.result = {"winner": winner, "decided_by": decided_by, "standings": standings}
        self.phase = "over"
        self.queue = []
        self.current_seat = None
        self.tiebreak = None
        return [
            Event("victory", winner, Victory(winner=winner, decided_by=decided_by,
                                             standings=[dict(row) for row in standings])),
            Event("session_over", None, SessionOver(rounds=self.round_no, stacks=list(self.stacks), winner=winner,
                                                    decided_by=decided_by,
                                                    bounties=[len(c) for c in self.completed])),
        ]
