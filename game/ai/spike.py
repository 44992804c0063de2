"""Sabacc: Nepunian Spike AI: the three levels and the odds coach, from a seat's view only.

What wins: a hand that sums to zero (two to five cards; the named ranks, Sylops and more cards break ties),
else the total nearest zero (Nulrhek), at a reveal the seat reaches without paying for hopeless hands. The
play phases offer a Gain (a blind card), a Swap from the deck (blind) or from the discard pile (the face-up
top card), or Stand. Betting is no-limit: any raise from the ante up to the whole stack.

The levels:

* ``novice`` plays its own hand only and chases zero naively: it stands on zero, otherwise Gains a card while
  it has room (and swaps its biggest card blind when it has not), never looking at the discard pile. It bets
  on its total alone: raises twice the ante with zero, calls while the total is near zero or the bet small,
  folds otherwise, whatever the pot.
* ``regular`` reads the evaluator (:func:`~game.engine.nepunian_spike.rank_hand`): every play option is
  scored by the hand it makes (a blind card averaged over every card it cannot see), and it takes the best.
  It bets on its rank and distance from zero: half the pot with a zero hand, and it calls loosely, any bet up
  to the pot while its total is within reach of zero for the round.
* ``shark`` searches. Play options: each resulting hand is ranked by the evaluator and scored by its chance to
  beat the *sampled* opponents' final hands (rollouts from determinizations of its view, see
  :func:`opponent_finals`), plus a little for nearness to zero where the samples cannot tell options apart; a
  blind card is averaged over every card it cannot see. Betting and abandoning ship: every option (check or
  call, fold, each raise up to the pot; stay or abandon keeping one of its two smallest cards) is played out on
  the same determinizations by :func:`game.ai.sabacc.evaluate`, and the one with the most chips wins. The
  samples read the table as the shark has seen it play (:class:`~game.ai.sabacc.TableReader`): a seat that
  raised into it is dealt a zero hand as often as its raises have meant one, and the others answer the bet
  being decided by calling as often as they have stayed in against its bets (at least
  :data:`MIN_CALL_SHARE`), folding anything but zero otherwise. It never folds when checking is free, and
  never raises more than the pot unless that puts it all in for at most twice the pot (see
  :func:`shark_bet_options`).

:func:`fast_policy` is the rollout policy: a cheap zero-chaser reading the sampled state directly (its own cards
and the discard pile only) that takes a zero swap off the discard pile when there is one, else the option with
the best average :func:`worth` (a zero hand far above any other total), raises a zero hand once a round, calls
early and gives up a non-zero hand facing a bet late (in its world a bet means zero).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from typing import Any

from game.ai.levels import LevelAgent, Personality, register_policy
from game.ai.sabacc import (
    Budget,
    Scoring,
    TableReader,
    answer_share,
    coach_options,
    mixture,
    personal_pick,
    play_out,
    search_estimates,
    seat_draw,
    sized_answers,
    swap_to_zero,
)
from game.engine.core import Action, Rng, State, act
from game.engine.nepunian_spike.ranks import MAX_CARDS, VALUES, _rank_sorted
from game.engine.nepunian_spike.table import _ABANDON, _SWAP, N_CARDS, NepunianSpike, card_label

Key = tuple[int, ...]

STAND, GAIN, CHECK, CALL, FOLD, ROLL, STAY = (act(k) for k in ("stand", "gain", "check", "call", "fold", "roll",
                                                                  "stay"))
#: the rollout policy's loosest call by round (index = stage): the largest |total| it calls a bet with. In its
#: world a bet means zero, so late in the hand only a hand that can still be balanced calls one
FAST_CALL_LIMIT = (99, 99, 2, 0, 0)
#: the regular's (loose), and the novice's (on its total alone)
REGULAR_CALL_LIMIT = (99, 99, 9, 6, 6)
NOVICE_CALL_LIMIT = (4, 4, 4, 4, 4)
SHARK_BUDGET = Budget(samples=28, min_samples=12, batch=4, z=2.5)
#: how common a zero hand is when a betting round reaches us (measured in self-play of the regulars and sharks:
#: 0.15-0.23 in every round): it caps how much a seat that raises often can be trusted to hold one
#: (:class:`~game.ai.sabacc.TableReader`)
ZERO_BASE = 0.2
#: the least share of a betting search's samples in which the others call its bet (see :func:`answer_policy`)
MIN_CALL_SHARE = 0.35
OPPONENT_SAMPLES = 24
COACH_SAMPLES = 48
COACH_ROLLOUTS = 720
#: the coach's chance that a seat without a zero hand calls a bet up to the pot before it has answered any bet of
#: the coached seat (:func:`coach_reader`'s prior; its memory of the seat takes over as it answers). Measured, not
#: the shark reader's 0.6 prior: facing a bet up to the pot without a zero hand, the regulars called 162
#: of 163 times and the sharks 9 of 13 (2026-11-25, four seats); at 0.6 the coach bench found the coach's
#: chips under-priced by +346 [154, 537] a decision at four seats (issue 14)
COACH_CALL_RATE = 0.9

#: the rollout policy's worth of a total: a zero hand is worth :data:`ZERO_WORTH`, any other total the closer
#: to zero the more (nothing from 10 away)
ZERO_WORTH = 20.0


def worth(total: int) -> float:
    return ZERO_WORTH if total == 0 else max(0.0, 10.0 - abs(total))


#: the average worth of total ``u`` plus a blind card from a full deck, u = -60..60 (index u + 60): what a Gain
#: or a blind Swap is worth to the rollout policy (the real pool differs a little; it is a rule of thumb)
_BLIND_WORTH: tuple[float, ...] = tuple(sum(worth(u + x) for x in VALUES) / len(VALUES) for u in range(-60, 61))


def blind_worth(u: int) -> float:
    return _BLIND_WORTH[u + 60] if -60 <= u <= 60 else 0.0


def values_of(cards: Sequence[int]) -> list[int]:
    return [VALUES[c] for c in cards]


def rank_key(values: Sequence[int]) -> Key:
    """The evaluator's comparison key (better is larger); a hand outside 2..5 cards ranks below everything."""
    if not 2 <= len(values) <= MAX_CARDS:
        return (-1,)
    return _rank_sorted(tuple(sorted(values))).key


def pot_of(view_or_state: Any) -> int:
    if isinstance(view_or_state, dict):
        return view_or_state["spike_pot"] if view_or_state["spiked"] else view_or_state["hand_pot"]
    st = view_or_state
    return st.spike_pot() if st.spiked else st.hand_pot()


# ------------------------------------------------------------------------------------ the rollout policy
def fast_policy(st: State) -> Action:
    """A cheap zero-chaser for rollouts, reading the sampled state (its own cards and the pile only)."""
    s = st.current_seat
    phase = st.phase  # type: ignore[attr-defined]
    hand = st.hands[s]  # type: ignore[attr-defined, index]
    t = 0
    for c in hand:
        t += VALUES[c]
    if phase == "bet":
        to_call = st.cur_bet - st.wager[s]  # type: ignore[attr-defined, index]
        if t == 0:
            room = st.stacks[s] - to_call  # type: ignore[index]
            ante = st.options["ante"]
            if to_call == 0 and room >= ante:
                return act("raise", max(ante, min(room, pot_of(st) // 2)))
            return CALL if to_call else CHECK
        if to_call == 0:
            return CHECK
        if abs(t) <= FAST_CALL_LIMIT[st.stage] and to_call <= pot_of(st):  # type: ignore[attr-defined]
            return CALL
        return FOLD
    if phase == "play":
        n = len(hand)
        if t == 0 and n >= 2:
            return STAND
        pile = st.pile  # type: ignore[attr-defined]
        if pile:
            top = VALUES[pile[-1]]
            for c in hand:
                if t - VALUES[c] + top == 0:
                    return _SWAP[c, "discard"]
        best, choice = worth(t) if n >= 2 else -1.0, STAND
        if n < MAX_CARDS and st._drawable():  # type: ignore[attr-defined]
            e = blind_worth(t)
            if e > best:
                best, choice = e, GAIN
        if st.deck or pile or st.spent:  # type: ignore[attr-defined]
            for c in hand:
                e = blind_worth(t - VALUES[c])
                if e > best:
                    best, choice = e, _SWAP[c, "deck"]
        return choice
    if phase == "roll":
        return ROLL
    if abs(t) <= 3:
        return STAY
    return _ABANDON[min(hand, key=lambda c: abs(VALUES[c]))]


def answer_policy(view: dict[str, Any], calls: bool, limits: dict[int, int] | None = None) -> Any:
    """The rollout policy, except for how every other seat answers a bet in the betting round being decided:
    with ``calls`` it calls instead of folding, whatever it holds; without, it folds unless it holds zero. A
    search plays each in the share of its samples that its :class:`~game.ai.sabacc.TableReader` has seen the
    others stay in against its bets, or fold to them (at least :data:`MIN_CALL_SHARE` calling: every model of
    who calls a no-limit bet is wrong somewhere, and the shark must not shove on the strength of one). A seat in
    ``limits`` (its calls read as strength: :meth:`~game.ai.sabacc.TableReader.call_limit`) answers by its hand
    in both: it calls within its limit of zero and folds beyond it."""
    me = view["seat"]
    key = (view["round"], view["stage"], view["spiked"])
    limits = limits or {}

    def policy(st: State) -> Action:
        a = fast_policy(st)
        s = st.current_seat
        if s == me or st.phase != "bet" or (st.round_no, st.stage, st.spiked) != key:  # type: ignore[attr-defined]
            return a
        if s in limits and st.cur_bet > st.wager[s]:  # type: ignore[attr-defined, index]
            return CALL if abs(sum(VALUES[c] for c in st.hands[s])) <= limits[s] else FOLD  # type: ignore
        if calls and a is FOLD:
            return CALL
        if not calls and st.cur_bet > st.wager[s] and sum(VALUES[c] for c in st.hands[s]) != 0:  # type: ignore
            return FOLD
        return a

    return policy


def _showdown_policy(st: State) -> Action:
    """:func:`fast_policy` that never folds, raises or abandons, so every hand is revealed."""
    phase = st.phase  # type: ignore[attr-defined]
    if phase == "bet":
        s = st.current_seat
        return CALL if st.cur_bet > st.wager[s] else CHECK  # type: ignore[attr-defined, index]
    if phase == "abandon":
        return STAY
    return fast_policy(st)


# ------------------------------------------------------------------------------------ reading the view
def unseen_values(view: dict[str, Any]) -> list[int]:
    """Values of every card this seat cannot see: a blind card (Gain, Swap from the deck) is one of them, each
    equally likely from this seat's view."""
    me = view["seat"]
    seen = set(view["hand"] or []) | set(view["folded_cards"] or []) | set(view["discard"]) | set(view["set_aside"])
    for s, known in enumerate(view["known_cards"]):
        if s != me:
            seen.update(known)
    return [VALUES[c] for c in range(N_CARDS) if c not in seen]


def scoring_for(view: dict[str, Any]) -> Scoring:
    """Chips at the end of the hand, carried chips shared equally by the seats still playing, from now."""
    me = view["seat"]
    share = max(1, sum(1 for s in range(view["seats"]) if view["in_hand"][s] or view["stacks"][s] > 0))
    carried_now = view["hand_carry"] if view["spiked"] else view["spike_pot"]
    return Scoring(me, share, view["stacks"][me] + carried_now / share)


def play_options(view: dict[str, Any], legal: Sequence[Action]) -> list[tuple[Action, list[int], bool]]:
    """Each play option as (action, the hand's values after it without any blind card, whether a blind card
    joins it)."""
    hand = values_of(view["hand"])
    top = VALUES[view["discard"][-1]] if view["discard"] else None
    out: list[tuple[Action, list[int], bool]] = []
    for a in legal:
        if a.kind == "stand":
            out.append((a, hand, False))
        elif a.kind == "gain":
            out.append((a, hand, True))
        elif a.kind == "swap":
            rest = list(view["hand"])
            rest.remove(a.card)
            vals = values_of(rest)
            if a.source == "discard":
                out.append((a, [*vals, top], False))  # type: ignore[list-item]
            else:
                out.append((a, vals, True))
    return out


def score(values: Sequence[int]) -> float:
    """The regular's numeric reading of a hand: every zero hand above every other, better ranks higher; a
    non-zero total scores by its distance from zero (a plus total a little above the same minus one)."""
    if not 2 <= len(values) <= MAX_CARDS:
        return 0.0
    r = _rank_sorted(tuple(sorted(values)))
    if r.total == 0:
        return 20.0 + (14 - r.index) + 0.1 * len(values)
    return max(0.0, 10.0 - abs(r.total)) + (0.2 if r.total > 0 else 0.0)


# ------------------------------------------------------------------------------------ sampling the unseen
def bettors(view: dict[str, Any]) -> list[int]:
    """Other seats whose raise this round says they hold a zero hand: those still in whose wager this round is
    the bet this seat must call (every level, and the rollout policy, raises on zero)."""
    me = view["seat"]
    cur = view["current_bet"]
    if cur <= view["wager"][me]:
        return []
    return [s for s in range(view["seats"]) if s != me and view["in_hand"][s] and view["wager"][s] == cur]


def sample_state(view: dict[str, Any], rng: Rng, trust: dict[int, float] | None = None) -> State:
    """A determinization of the view (:meth:`NepunianSpike.from_view`) conditioned on the betting: a seat that
    raised this round is dealt a zero hand by swapping one of its unknown cards for a deck card of the value
    that balances it, in a ``trust[seat]`` share of the samples (all of them without ``trust``)."""
    st = NepunianSpike.from_view(view, rng)
    for t in bettors(view):
        if trust is None or rng.below(1_000_000) < trust.get(t, 1.0) * 1_000_000:
            _make_zero(st, t, rng)
    return st


def _make_zero(st: NepunianSpike, seat: int, rng: Rng) -> None:
    hand = st.hands[seat]
    total = sum(VALUES[c] for c in hand)
    if total == 0:
        return
    known = st.known[seat]
    swap_to_zero(hand, [i for i, c in enumerate(hand) if c not in known], st.deck, VALUES, total, rng)


def opponent_finals(view: dict[str, Any], rng: Rng, samples: int, trust: dict[int, float] | None = None) -> list[Key]:
    """The best opponent's hand at the hand pot's reveal in each of ``samples`` determinizations, played out by
    the rollout policy with nobody folding: the hands this seat must beat, sorted by rank key."""
    me = view["seat"]
    out: list[Key] = []
    for _ in range(samples):
        st = sample_state(view, rng, trust)
        events = st.apply(STAND) if st.current_seat == me and st.phase == "play" else None
        found: list[Key] = []

        def watch(step: list[Any], found: list[Key] = found) -> None:
            for e in step:
                if e.kind == "hands_revealed" and e.data["pot_name"] == "hand" and not found:
                    hands = e.data["hands"]
                    keys = [rank_key(values_of(hands[s])) for s in e.data["contenders"] if s != me and hands[s]]
                    if keys:
                        found.append(max(keys))

        play_out(st, _showdown_policy, events, watch)
        out.extend(found)
    out.sort()
    return out


#: how much nearness to zero adds to a beat chance, to order options the sampled finals cannot tell apart:
#: less than one sample's worth, so it never outweighs the samples
NEARNESS_WEIGHT = 0.03


def nearness(values: Sequence[int]) -> float:
    """1 for a hand that sums to zero, falling to 0 fifteen away (a near total can still be balanced later)."""
    return max(0.0, 1.0 - abs(sum(values)) / 15)


def beat_chance(key: Key, finals: Sequence[Key]) -> float:
    """Chance that a hand with ``key`` beats the best opponent, over the sampled finals (ties count half)."""
    if not finals:
        return 1.0
    lo = bisect_left(finals, key)
    hi = bisect_right(finals, key)
    return (lo + 0.5 * (hi - lo)) / len(finals)


def blind_average(base: Sequence[int], unseen: Sequence[int], value: Any) -> float:
    """The average of ``value(hand)`` over a blind card joining ``base``, every unseen card equally likely."""
    if not unseen:
        return value(list(base))
    counts: dict[int, int] = {}
    for v in unseen:
        counts[v] = counts.get(v, 0) + 1
    return sum(c * value([*base, v]) for v, c in counts.items()) / len(unseen)


# ------------------------------------------------------------------------------------ feeding a reader
def observe_view(reader: TableReader, view: dict[str, Any], seen_reveal: Any) -> Any:
    """Feed ``reader`` one decision's view: who raises into this seat now, who is still in, and the reveal if it
    is new since ``seen_reveal`` (the last reveal fed); returns the reveal to pass next time. Only what the view
    shows reaches the reader: the others' cards only as a reveal laid them open (``last_reveal``). The shark and
    the odds coach feed their readers through here, so both read a table the same way."""
    me = view["seat"]
    reveal = view["last_reveal"]
    shown = totals = None
    if reveal is not None and reveal != seen_reveal:
        hands = reveal["hands"]
        totals = {s: sum(values_of(hands[s])) for s in reveal["contenders"] if s != me and hands[s]}
        shown = {s: t == 0 for s, t in totals.items()}
    betting = view["phase"] == "bet"
    facing = [s for s in range(view["seats"]) if s != me and view["in_hand"][s]] if betting else []
    reader.observe(view["round"], bettors(view), view["in_hand"], shown,
                   (view["round"], view["stage"], view["spiked"]) if betting else None, facing, totals)
    return reveal


def note_own_action(reader: TableReader, view: dict[str, Any], action: Action) -> None:
    """Tell ``reader`` what this seat did at ``view``: a raise is a bet the others' answers settle at the next
    view; a fold or an abandon means a raiser never shown told us nothing."""
    me = view["seat"]
    if action.kind == "raise":
        reader.we_bet([s for s in range(view["seats"]) if s != me and view["in_hand"][s]])
    elif action.kind in ("fold", "abandon"):
        reader.we_folded()


# ------------------------------------------------------------------------------------------- the agent
class SpikeAgent(LevelAgent):
    """A Nepunian Spike seat at one level (see the module docstring for what each level knows)."""

    def __init__(self, game_id: str, level: str, personality: Personality, seed: int | None = None) -> None:
        super().__init__(game_id, level, personality, seed)
        self.budget = SHARK_BUDGET
        self.reader = TableReader(ZERO_BASE)  # the shark's memory of the others' betting
        self._seen_reveal: Any = None

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        if self.level == "shark":
            self._observe(view)
        if len(legal_actions) == 1:
            return legal_actions[0]
        phase = view["phase"]
        if phase == "play":
            return self._play(view, legal_actions)
        if phase == "bet":
            if self.level == "shark":
                return self._search(view, shark_bet_options(view, legal_actions))
            return self._heuristic_bet(view, legal_actions)
        if phase == "abandon":
            return self._abandon(view, legal_actions)
        return legal_actions[0]

    # ------------------------------------------------------------------ play phases
    def _play(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        hand = values_of(view["hand"])
        t = sum(hand)
        if self.level == "novice":
            if t == 0 and len(hand) >= 2:
                return STAND
            if GAIN in legal:
                return GAIN
            swaps = [a for a in legal if a.kind == "swap" and a.source == "deck"]
            if swaps:
                return max(swaps, key=lambda a: (VALUES[a.card] * (1 if t > 0 else -1), -a.card))
            return STAND
        unseen = unseen_values(view)
        if self.level == "regular":
            value = score
        else:
            finals = opponent_finals(view, self.rng, OPPONENT_SAMPLES, self.trust(view))

            def value(vals: Sequence[int]) -> float:
                return beat_chance(rank_key(vals), finals) + NEARNESS_WEIGHT * nearness(vals)

        best: tuple[float, int] | None = None
        chosen = legal[0]
        for i, (a, vals, blind) in enumerate(play_options(view, legal)):
            v = blind_average(vals, unseen, value) if blind else value(vals)
            if best is None or (v, -i) > best:
                best, chosen = (v, -i), a
        return chosen

    # ------------------------------------------------------------------ betting
    def _heuristic_bet(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Novice and regular: the hand's own strength (the regular reads its rank, the novice its total), not
        the odds; the regular only declines to call more than the pot without a zero hand."""
        pers = self.personality
        me = view["seat"]
        vals = values_of(view["hand"])
        t = abs(sum(vals))
        to_call = view.get("to_call", 0)
        raises = sorted(a.amount for a in legal if a.kind == "raise")
        ante = view["ante"]
        pot = pot_of(view)
        stage = view["stage"]
        limit_table = NOVICE_CALL_LIMIT if self.level == "novice" else REGULAR_CALL_LIMIT
        limit = limit_table[stage] + round(2 * pers.risk - 2 * (pers.patience - 0.5))
        strong = t == 0 and len(vals) >= 2
        size_factor = 1.0 + 0.5 * pers.risk
        if raises and to_call == 0 and (strong or self.chance(0.4 * pers.bluff)):
            want = 2 * ante if self.level == "novice" else pot / 2
            return _raise_near(want * size_factor, raises, view["stacks"][me] - to_call, ante)
        if to_call == 0:
            return CHECK
        if strong:
            return CALL
        if self.level == "novice":
            ok = t <= limit or to_call <= 2 * ante
        else:
            ok = t <= limit and to_call <= pot * (1.0 + 0.5 * pers.risk)
        return CALL if ok else FOLD

    # ------------------------------------------------------------------ the shark's table reading
    def _observe(self, view: dict[str, Any]) -> None:
        """Feed the reader what this view shows (:func:`observe_view`)."""
        self._seen_reveal = observe_view(self.reader, view, self._seen_reveal)

    def trust(self, view: dict[str, Any]) -> dict[int, float]:
        return {t: self.reader.trust(t) for t in bettors(view)}

    def rollout_mix(self, view: dict[str, Any]) -> list[Any]:
        """The others answer a bet by calling in the share of samples they have been seen to stay in against
        ours (at least :data:`MIN_CALL_SHARE`), by folding anything but zero in the rest."""
        me = view["seat"]
        others = [s for s in range(view["seats"]) if s != me and view["in_hand"][s]]
        rate = sum(self.reader.call_rate(s) for s in others) / max(1, len(others))
        limits = {s: lim for s in others if (lim := self.reader.call_limit(s)) is not None}
        return mixture(answer_policy(view, False, limits), answer_policy(view, True, limits),
                       max(MIN_CALL_SHARE, rate))

    def _search(self, view: dict[str, Any], candidates: Sequence[Action]) -> Action:
        action = self._search_choice(view, candidates)
        note_own_action(self.reader, view, action)
        return action

    def _search_choice(self, view: dict[str, Any], candidates: Sequence[Action]) -> Action:
        """Every option played out on the same determinizations; the most chips wins, tilted by the
        personality (risk favours raises, patience asks them to beat calling by a margin, bluff sometimes takes
        the smallest raise when it is close)."""
        if len(candidates) == 1:
            return candidates[0]
        ests = search_estimates(self, view, candidates, sample_state, scoring_for(view))
        return personal_pick(self, ests, view["ante"], lambda a: a.kind == "raise")

    # ------------------------------------------------------------------ abandon ship
    def _abandon(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Stay and reveal for the hand pot, or abandon it keeping one card for the spike pot. The novice and
        the regular stay while their total is near zero (the regular also when its hand is a zero hand) and
        keep their smallest card; the shark plays out staying and abandoning with its two smallest cards."""
        hand = values_of(view["hand"])
        keeps = sorted((a for a in legal if a.kind == "abandon"), key=lambda a: (abs(VALUES[a.keep]), a.keep))
        if self.level == "shark":
            return self._search(view, [STAY, *keeps[:2]])
        near = 5 if self.level == "novice" else 3
        if abs(sum(hand)) <= near or not keeps:
            return STAY
        return keeps[0]


def shark_bet_options(view: dict[str, Any], legal: Sequence[Action]) -> list[Action]:
    """The betting options the shark weighs: never a fold when checking is free, and raises up to the pot
    (all in only when the stack is no more than twice the pot). Why the cap: a no-limit shove can look good
    against any simple model of who calls it (every model is wrong about the hands that call a shove), and
    a pot-sized raise already builds the pot fast enough over three rounds."""
    me = view["seat"]
    pot = pot_of(view)
    room = view["stacks"][me] - view.get("to_call", 0)
    cap = max(pot, 2 * view["ante"])
    out = []
    for a in legal:
        if a.kind == "fold" and CHECK in legal:
            continue
        if a.kind == "raise" and a.amount > cap and not (a.amount == room and room <= 2 * pot):
            continue
        out.append(a)
    return out


def _raise_near(size: float, raises: list[int], room: int, ante: int) -> Action:
    """A raise near ``size`` chips, a whole number of antes, within what the seat can raise."""
    if room < ante:  # cannot happen while a raise is offered; keep to the offered list then
        return act("raise", raises[0])
    return act("raise", max(ante, min(room, round(size / ante) * ante)))


# ------------------------------------------------------------------------------------------- the coach
def coach_reader() -> TableReader:
    """The odds coach's reader at a table it has not watched yet: the shark's :class:`~game.ai.sabacc.TableReader`,
    read the same way (:func:`observe_view`), except that before a seat has answered any of this seat's bets it
    is taken to stay in at the rate measured at the tables (:data:`COACH_CALL_RATE`), not at the shark's cautious
    0.6 prior, which priced the coach's raises far below what they earned (issue 14)."""
    return TableReader(ZERO_BASE, call_prior=COACH_CALL_RATE)


class SpikeCoach:
    """The odds coach's memory of one table for one seat: a :func:`coach_reader` fed at each of the seat's
    decisions with that seat's view (:meth:`advise`) and with what the seat then did (:meth:`acted`), as the shark
    feeds its own. It lives as long as the table (a new table starts a new one): a seat that has called every bet
    is priced as a caller, one that folds to bets as a folder, and a seat whose raises have not meant zero is no
    longer dealt zero for them. Nothing but the seat's views and its own actions reaches it."""

    def __init__(self) -> None:
        self.reader = coach_reader()
        self._seen_reveal: Any = None

    def advise(self, view: dict[str, Any], legal: Sequence[Action]) -> list[dict[str, Any]]:
        """Read ``view`` into the memory, then :func:`coach` with it."""
        self._seen_reveal = observe_view(self.reader, view, self._seen_reveal)
        return coach(view, legal, self.reader)

    def acted(self, view: dict[str, Any], action: Action) -> None:
        """The seat played ``action`` at ``view`` (the last view given to :meth:`advise`)."""
        note_own_action(self.reader, view, action)


def coach_read(view: dict[str, Any], reader: TableReader) -> tuple[dict[int, float], dict[int, int],
                                                                      dict[int, float]]:
    """What the coach takes from ``reader`` for ``view``: each other seat's rate of staying in against a bet of
    ours, the call limits of the seats whose calls read as strength, and the trust in each raiser's zero."""
    me = view["seat"]
    others = [s for s in range(view["seats"]) if s != me]
    rates = {s: reader.call_rate(s) for s in others}
    limits = {s: lim for s in others if (lim := reader.call_limit(s)) is not None}
    return rates, limits, {t: reader.trust(t) for t in bettors(view)}


def coach(view: dict[str, Any], legal: Sequence[Action], reader: TableReader | None = None) -> list[dict[str, Any]]:
    """Every option with its estimated chance of winning a pot and its expected chips, by the shark's rollouts
    (see :func:`game.ai.sabacc.coach_options`). The others' raises are read, and their answers to every bet left
    in the hand played (:func:`coach_answer_policy`), by ``reader``: the coach's memory of this table
    (:class:`SpikeCoach`), or a table not yet watched (:func:`coach_reader`: each seat stays in at the measured
    :data:`COACH_CALL_RATE`). So a raise's ``ev`` is the chips expected given how often each seat calls each size
    (never "everyone calls")."""
    per = max(4, min(COACH_SAMPLES, COACH_ROLLOUTS // max(1, len(legal))))
    rates, limits, trust = coach_read(view, reader or coach_reader())

    def sampler(v: dict[str, Any], r: Rng) -> State:
        return sample_state(v, r, trust)

    policies = sized_answers(lambda u: coach_answer_policy(view, u, rates, limits))
    return coach_options(
        view, legal, sampler, policies, scoring_for(view), _view_seed(view), per, 8, label,
        "estimated from sampled deals of the cards you cannot see (a raiser is taken to hold zero as often as its "
        "raises have meant it); the others answer every bet to the hand's end as each has answered yours: a zero "
        "hand calls, any other hand calls a bet up to the pot as often as that seat has stayed in against your "
        f"bets ({COACH_CALL_RATE:.0%} before it has faced one) and a bigger one less as it grows, else folds; "
        "chips to the end of the hand, later bets included, counted against folding now (Fold is 0), carried chips as "
        "an equal share; win counts the pots taken when the others fold",
    )


def coach_answer_policy(view: dict[str, Any], u: float, call_rate: float | Mapping[int, float],
                        limits: Mapping[int, int] | None = None) -> Any:
    """The coach's rollout policy for one sample (``u`` in [0, 1)): :func:`fast_policy`, except how every other seat
    answers a bet in any betting round left in the hand (not only the one being decided: the seats really keep
    calling after a check or a card, which the rollout policy's late folds missed): a zero hand plays on (calls);
    a seat in ``limits`` (its calls read as strength: :meth:`~game.ai.sabacc.TableReader.call_limit`) calls within
    its limit of zero and folds beyond it, as in the shark's search; any other hand calls when its own draw
    (:func:`~game.ai.sabacc.seat_draw`) is below :func:`~game.ai.sabacc.answer_share` of the bet it faces at its
    seat's ``call_rate`` (one rate for all, or seat -> rate), else folds. So the share of callers follows the bet's
    size: a pot-sized bet is called at the seat's rate, a shove into a small pot almost never (issue 14's "Raise
    980 into 30, +928", which both seats folded to)."""
    me = view["seat"]
    rates: Mapping[int, float] = call_rate if isinstance(call_rate, Mapping) else {}
    flat = COACH_CALL_RATE if isinstance(call_rate, Mapping) else float(call_rate)  # a seat without its own rate
    limits = limits or {}

    def policy(st: State) -> Action:
        a = fast_policy(st)
        s = st.current_seat
        if s is None or st.phase != "bet":  # type: ignore[attr-defined]
            return a
        if s == me:
            return _pot_raise(st, a)
        to_call = st.cur_bet - st.wager[s]  # type: ignore[attr-defined]
        total = sum(VALUES[c] for c in st.hands[s])  # type: ignore[attr-defined]
        if to_call <= 0 or total == 0:
            return a
        if s in limits:
            return CALL if abs(total) <= limits[s] else FOLD
        return CALL if seat_draw(u, s) < answer_share(rates.get(s, flat), to_call, pot_of(st) - to_call) else FOLD

    return policy


def _pot_raise(st: State, a: Action) -> Action:
    """The coach's own seat later in a rollout: :func:`fast_policy`, but a zero hand's opening raise is the pot
    (what following the coach does: its top raise against callers who answer by :func:`answer_share` is about
    the pot), not half of it; otherwise a row's ``ev`` would leave out what its zero hands really win."""
    if a.kind != "raise":
        return a
    room = st.stacks[st.current_seat] - (st.cur_bet - st.wager[st.current_seat])  # type: ignore[attr-defined, index]
    return act("raise", max(a.amount, min(room, pot_of(st))))


def _view_seed(view: dict[str, Any]) -> int:
    acc = 0x9E3779B97F4A7C15
    for part in (view["round"], view["stage"], view["seat"], *(view["hand"] or []), *view["discard"],
                 *view["hand_contrib"], *view["spike_contrib"], view["deck_count"]):
        acc = (acc * 1_000_003 + part) & ((1 << 64) - 1)
    return acc


def label(view: dict[str, Any], a: Action) -> str:
    """A short text for an option: ``"Call 20"``, ``"Raise to 40"``, ``"Swap +7 spades for the discard"``,
    ``"Swap +7 spades with the deck"``,
    ``"Abandon, keep Sylop"``."""
    k = a.kind
    if k == "raise":  # the table's button: the total the seat's bet becomes (the engine's amount is on top)
        return f"Raise to {int(view.get('current_bet') or 0) + a.amount:,}"
    if k == "call":
        return f"Call {view['to_call']:,}" if view.get("to_call") else "Call"
    if k == "swap":  # the table's buttons: "Swap with deck", "Swap for discard" (the card picked first)
        where = "for the discard" if a.source == "discard" else "with the deck"
        return f"Swap {card_label(a.card)} {where}"
    if k == "abandon":
        return f"Abandon ship, keep {card_label(a.keep)}"
    return {"stand": "Stand", "gain": "Gain", "check": "Check", "fold": "Fold", "roll": "Roll the dice",
            "stay": "Stay in"}.get(k, k)


def make_spike_agent(game_id: str, level: str, personality: Personality, seed: int | None = None) -> SpikeAgent:
    return SpikeAgent(game_id, level, personality, seed)


register_policy("nepunian_spike", make_spike_agent)
