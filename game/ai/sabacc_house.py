"""Sabacc House Rules AI: the three levels and the odds coach, from a seat's view only.

What wins: a hand that sums to zero (every named rank does), the better the named rank and its tie-breakers
(more cards, bigger cards), at a showdown the seat reaches without paying for hopeless hands. The board's six
petals make zero easy to reach by a buy or a swap; the spike dice can wreck a made hand (Doubles replace every
face-down card), so cards kept face up are safer.

The levels (each a thing a player can see them get wrong or right):

* ``novice`` plays its own hand only and chases zero naively: it buys a petal only when that one card makes
  zero, otherwise draws blind from the stub and keeps whatever brings the total nearer zero (ranks, pairs and
  card counts mean nothing to it). It bets on its total alone: opens the betting with zero but never
  re-raises, calls while the total is near zero or the bet is early, folds a far total late, whatever the pot.
* ``regular`` reads the evaluator (:func:`~game.engine.sabacc_house.rank_hand`): it takes the buy, swap or
  keep that gives the best-ranked hand, draws from the stub when nothing on the board reaches zero, and bets
  on its rank and its distance from zero: raises any zero hand up to the cap, and calls loosely (any bet in
  the first two rounds, a total up to 6 from zero in the third, 4 in the last). It never asks what the
  others' bets mean.
* ``shark`` searches. Draws, buys, swaps and keeps: every option's resulting hand is ranked by the evaluator
  and scored by its chance to beat the *sampled* opponents' final hands (:func:`opponent_finals`: rollouts
  from determinizations of its view), plus a little for nearness to zero where the samples cannot tell two
  options apart; a stub draw is scored as the average over every card it could bring of the best thing to do
  with it; a buy pays its price against the expected pot. A drawn card that makes zero is kept face up, out of
  reach of Doubles. Betting: every betting option is played out on the same determinizations
  (:func:`game.ai.sabacc.evaluate`), :func:`fast_policy` playing every seat's rest of the hand, and the option
  with the most chips wins, so calls and raises follow its equity against the pot odds. The samples read the
  table as the shark has seen it play (:class:`~game.ai.sabacc.TableReader`): a seat that bet into it is dealt
  a zero hand as often as that seat's bets have meant one, and the others answer the bet being decided by
  calling as often as they have stayed in against its bets (folding anything but zero otherwise); a seat
  whose raises mean nothing and whose showdowns are rarely zero is played at random in its share of the
  samples (a random player is no zero-chaser: modelled as one, it was given good spots). It never folds when
  checking is free.

:func:`fast_policy` is the rollout policy: a cheap zero-chaser that reads the sampled state directly (its own
cards and the board only), bets a zero hand and gives up a far one late.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
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
from game.engine.core import Action, Rng, State
from game.engine.sabacc_house.ranks import DECK, _rank_sorted
from game.engine.sabacc_house.table import (
    BUY,
    CHECK,
    DISCARD,
    DRAW,
    FOLD,
    KEEP,
    KEEP_DISCARD,
    MAX_BETS,
    MAX_HAND,
    N_CARDS,
    STAY,
    STRUCTURES,
    SWAP,
    SabaccHouse,
)

Key = tuple[int, ...]

#: the rollout policy's loosest call, by betting round: the largest |total| it still calls one bet with, and
#: a raise with (once the bets have gone past one, the bettors hold zero)
FAST_CALL_LIMIT = (99, 99, 99, 4, 0)
FAST_RAISED_LIMIT = (10, 10, 6, 0, 0)
#: the rollout policy bets or raises a zero hand while fewer bets than this were made in the round: few, since
#: raise wars in the rollouts swamp a search's few samples with noise (a hand swings by a hundred chips)
FAST_MAX_BETS = 2
#: the regular's: loose (any bet in rounds 1-2, a total out to 6 in round 3, 4 in round 4)
REGULAR_CALL_LIMIT = (99, 99, 99, 6, 4)
#: the novice's, on its total alone
NOVICE_CALL_LIMIT = (99, 99, 99, 7, 5)
#: searches: the shark's betting options, its opponent samples, and the coach
SHARK_BUDGET = Budget(samples=28, min_samples=12, batch=4, z=2.5)
OPPONENT_SAMPLES = 24
#: how common a zero hand is when betting round 1, 2, 3, 4 reaches us (measured in self-play of the regulars
#: and sharks: about 0.02, 0.5-0.7, 0.7-0.8, 0.75-0.86; rounded up, generous): it caps how much a seat that
#: raises often can be trusted to hold one (:class:`~game.ai.sabacc.TableReader`). A first-round raise says
#: little: almost nobody holds zero before a draw.
ZERO_BASE: tuple[float, ...] = (0.05, 0.6, 0.7, 0.8)
#: the least share of a betting search's samples in which the others call its bet: however often they have
#: folded, the shark does not bet as if they always will
MIN_CALL_SHARE = 0.3
COACH_BUDGET = Budget(samples=24, min_samples=24, batch=8, z=None, time_limit=None)
COACH_ROLLOUTS = 480  #: total rollouts the coach spends on a decision (fewer samples each when options are many)


def values_of(cards: Sequence[int]) -> list[int]:
    return [DECK[c] for c in cards]


def rank_key(values: Sequence[int]) -> Key:
    """The evaluator's comparison key for a hand of values (better hands have larger keys)."""
    return _rank_sorted(tuple(sorted(values))).key


def is_aggressive(a: Action) -> bool:
    return a.kind in ("bet", "raise", "complete")


# ------------------------------------------------------------------------------------ the rollout policy
def fast_policy(st: State) -> Action:
    """A cheap zero-chaser for rollouts, reading the sampled state (its own cards and the board only).

    Betting: bet or raise a zero hand (up to :data:`FAST_MAX_BETS` bets a round), check when free, call while
    the total is within :data:`FAST_CALL_LIMIT` of zero for the round (:data:`FAST_RAISED_LIMIT` once there
    has been a raise), else fold: late in the hand a bet means zero, and a hand that cannot reach zero any more
    gives up. Draw: stay on zero; buy the petal that makes zero, or swap a card for one (face-up cards first);
    otherwise draw from the stub and keep the drawn card only if it brings the total nearer zero, discarding
    the card that helps most.
    """
    s = st.current_seat
    down, up = st.down[s], st.up[s]  # type: ignore[attr-defined, index]
    t = 0
    for c in down:
        t += DECK[c]
    for c in up:
        t += DECK[c]
    phase = st.phase  # type: ignore[attr-defined]
    if phase == "bet":
        acts = st._bet_actions()  # type: ignore[attr-defined]
        if t == 0 and len(acts) > 2 and st.bets < FAST_MAX_BETS:  # type: ignore[attr-defined]
            return acts[2]
        if acts[1] is CHECK:
            return CHECK
        limits = FAST_CALL_LIMIT if st.bets <= 1 else FAST_RAISED_LIMIT  # type: ignore[attr-defined]
        if abs(t) <= limits[st.stage]:  # type: ignore[attr-defined]
            return acts[1]
        return FOLD
    n = len(down) + len(up)
    if phase == "draw":
        if t == 0:
            return STAY
        if st.stacks[s] >= STRUCTURES[st.options["structure"]][0]:  # type: ignore[index]
            slot_of: dict[int, int] = {}
            for slot, p in enumerate(st.petals):  # type: ignore[attr-defined]
                if p is not None:
                    slot_of.setdefault(DECK[p], slot)
            if n < MAX_HAND and -t in slot_of:
                return BUY[slot_of[-t]]
            for c in up:
                slot = slot_of.get(DECK[c] - t)
                if slot is not None:
                    return SWAP[slot][c]
            if len(down) >= 2:
                for c in down:
                    slot = slot_of.get(DECK[c] - t)
                    if slot is not None:
                        return SWAP[slot][c]
        return DRAW
    d = st.drawn  # type: ignore[attr-defined]
    after = t + DECK[d]
    best = abs(t)
    choice: Action = DISCARD[d]
    if n < MAX_HAND and abs(after) < best:
        best = abs(after)
        choice = KEEP["up" if after == 0 else "down"]
    for c in down:
        v = abs(after - DECK[c])
        if v < best:
            best = v
            choice = KEEP_DISCARD["up" if v == 0 else "down"][c]
    for c in up:
        v = abs(after - DECK[c])
        if v < best:
            best = v
            choice = KEEP_DISCARD["up" if v == 0 else "down"][c]
    return choice


# ------------------------------------------------------------------------------------ reading the view
def my_cards(view: dict[str, Any]) -> tuple[list[int], list[int]]:
    """(face-down, face-up) card ids of the viewing seat."""
    return list(view["down"] or []), list(view["up"][view["seat"]])


def unseen_values(view: dict[str, Any]) -> list[int]:
    """Values of every card the seat cannot see (other seats' face-down cards, the stub, the muck): the cards a
    stub draw may bring, each equally likely from this seat's view."""
    seen = {c for u in view["up"] for c in u}
    seen.update(view["down"] or [])
    seen.update(c for c in view["petals"] if c is not None)
    seen.update(view["discard"])
    if view.get("drawn") is not None:
        seen.add(view["drawn"])
    return [DECK[c] for c in range(N_CARDS) if c not in seen]


def price_of(view: dict[str, Any]) -> int:
    return view["price"]


def scoring_for(view: dict[str, Any]) -> Scoring:
    """Chips at the end of the hand, a carried pot shared equally by the seats dealt in, from now."""
    me = view["seat"]
    share = max(1, sum(1 for p in view["playing"] if p))
    return Scoring(me, share, view["stacks"][me] + view["sabacc_pot"] / share)


def expected_pot(view: dict[str, Any]) -> float:
    """The main pot this hand is likely to reach: what is in now plus one bet called by every seat still in,
    in each betting round to come (small bets in rounds 1-2, big bets in 3-4)."""
    st = view["structure"]
    live = sum(1 for x in view["live"] if x)
    stage = view["stage"]
    later = [st["small_bet"] if r <= 2 else st["big_bet"] for r in range(stage + 1, 5)]
    return view["pot"] + live * sum(later)


def draw_options(view: dict[str, Any], legal: Sequence[Action]) -> list[tuple[Action, list[int] | None, int]]:
    """Each draw-phase option as (action, the hand's values after it, or None for a stub draw, chips paid)."""
    down, up = my_cards(view)
    price = price_of(view)
    petals = view["petals"]
    out: list[tuple[Action, list[int] | None, int]] = []
    for a in legal:
        if a.kind == "stay":
            out.append((a, values_of(down + up), 0))
        elif a.kind == "draw":
            out.append((a, None, 0))
        elif a.kind == "buy":
            out.append((a, [*values_of(down + up), DECK[petals[a.slot]]], price))
        elif a.kind == "swap":
            hand = [c for c in down + up if c != a.card]
            out.append((a, [*values_of(hand), DECK[petals[a.slot]]], price))
    return out


def drawn_options(view: dict[str, Any], legal: Sequence[Action]) -> list[tuple[Action, list[int]]]:
    """Each choice after a stub draw as (action, the hand's values after it)."""
    down, up = my_cards(view)
    hand = down + up
    d = view["drawn"]
    out: list[tuple[Action, list[int]]] = []
    for a in legal:
        if a.kind == "discard":
            out.append((a, values_of(hand)))
        else:
            gone = a.get("discard")
            out.append((a, values_of([c for c in hand if c != gone] + [d])))
    return out


def stub_draw_outcomes(hand: Sequence[int], room: bool) -> dict[int, list[list[int]]]:
    """For a drawn card of each value: every hand the seat could keep (drawn card thrown away, kept, or kept
    with one card discarded). Values are ``-10..10``."""
    out: dict[int, list[list[int]]] = {}
    for v in range(-10, 11):
        options = [list(hand)]
        if room:
            options.append([*hand, v])
        for i in range(len(hand)):
            options.append([*hand[:i], *hand[i + 1:], v])
        out[v] = options
    return out


def face_for(values_after: Sequence[int], stage: int) -> str:
    """The shark keeps a card face up when its hand sums to zero and spike dice are still to come (Doubles
    replace only face-down cards); otherwise face down, telling the table nothing."""
    return "up" if sum(values_after) == 0 and stage <= 3 else "down"


# ------------------------------------------------------------------------------------ sampling the unseen
def bettors(view: dict[str, Any]) -> list[int]:
    """Other seats whose bet or raise this round says they hold a hand that sums to zero: every level, and the
    rollout policy, bets on zero. (The last aggressor of the round, if it is another seat still in.)"""
    ag = view["aggressor"]
    if ag is None or ag == view["seat"] or view["bets"] == 0 or not view["live"][ag]:
        return []
    return [ag]


def sample_state(view: dict[str, Any], rng: Rng, trust: dict[int, float] | None = None) -> State:
    """A determinization of the view (:meth:`SabaccHouse.from_view`), then conditioned on the betting: a seat
    that bet or raised this round is dealt a zero hand, by swapping one of its face-down cards for a stub card
    of the value that balances it (the card and the stub card picked at random), in a ``trust[seat]`` share of
    the samples (all of them without ``trust``). Uniform sampling alone would treat a raiser's hand as a random
    one and overrate every hand that meets the raise."""
    st = SabaccHouse.from_view(view, rng)
    for t in bettors(view):
        if trust is None or rng.below(1_000_000) < trust.get(t, 1.0) * 1_000_000:
            _make_zero(st, t, rng)
    return st


def answer_policy(view: dict[str, Any], calls: bool, limits: dict[int, int] | None = None) -> Any:
    """The rollout policy, except for how every other seat answers a bet in the betting round being decided:
    with ``calls`` it calls instead of folding, whatever it holds; without, it folds unless it holds zero. A
    search plays each in the share of its samples that its :class:`~game.ai.sabacc.TableReader` has seen the
    others stay in against its bets, or fold to them. A seat in ``limits`` (its calls read as strength:
    :meth:`~game.ai.sabacc.TableReader.call_limit`, as the Spike shark reads them) answers by its own sampled
    hand in both: it calls within its limit of zero and folds beyond it; modelled as calling at random, it made
    every value bet into it look paid by worse and every bluff look called."""
    me = view["seat"]
    key = (view["round"], view["stage"])
    limits = limits or {}

    def policy(st: State) -> Action:
        a = fast_policy(st)
        s = st.current_seat
        if s == me or (st.round_no, st.stage) != key or st.phase != "bet":  # type: ignore[attr-defined]
            return a
        if s in limits and st.cur_bet > st.wager[s]:  # type: ignore[attr-defined]
            total = sum(DECK[c] for c in st.down[s]) + sum(DECK[c] for c in st.up[s])  # type: ignore[attr-defined]
            return st._bet_actions()[1] if abs(total) <= limits[s] else FOLD  # type: ignore[attr-defined]
        if calls and a is FOLD:
            return st._bet_actions()[1]  # type: ignore[attr-defined]
        if not calls and st.cur_bet > st.wager[s] and not _is_zero(st, s):  # type: ignore[attr-defined]
            return FOLD
        return a

    return policy


def _is_zero(st: SabaccHouse, seat: int) -> bool:
    return sum(DECK[c] for c in st.down[seat]) + sum(DECK[c] for c in st.up[seat]) == 0


def _make_zero(st: SabaccHouse, seat: int, rng: Rng) -> None:
    down = st.down[seat]
    total = sum(DECK[c] for c in down) + sum(DECK[c] for c in st.up[seat])
    if total == 0 or not down:
        return
    swap_to_zero(down, list(range(len(down))), st.stub, DECK, total, rng)


# ------------------------------------------------------------------------------------ the opponents' hands
def opponent_finals(view: dict[str, Any], rng: Rng, samples: int, trust: dict[int, float] | None = None) -> list[Key]:
    """The best opponent's final hand in each of ``samples`` determinizations of the view, played to the
    showdown by :func:`fast_policy` with nobody folding (so every hand is seen): the hands this seat must beat,
    sorted by rank key."""
    me = view["seat"]
    out: list[Key] = []
    for _ in range(samples):
        st = sample_state(view, rng, trust)
        events = None
        if st.current_seat == me and st.phase == "draw":
            events = st.apply(STAY)  # our own choice is what is being decided; the others play on
        elif st.current_seat == me and st.phase == "drawn":
            events = st.apply(DISCARD[st.drawn])
        play_out(st, _showdown_policy, events)
        sd = st.last_showdown
        best: Key | None = None
        if sd is not None and sd[0] == view["round"]:
            for s, hand in enumerate(sd[2]):
                if s != me and hand is not None:
                    k = rank_key(values_of(hand))
                    if best is None or k > best:
                        best = k
        if best is not None:
            out.append(best)
    out.sort()
    return out


def _showdown_policy(st: State) -> Action:
    """:func:`fast_policy` without folding or raising, so every hand reaches the showdown."""
    if st.phase == "bet":  # type: ignore[attr-defined]
        acts = st._bet_actions()  # type: ignore[attr-defined]
        return acts[1]
    return fast_policy(st)


#: how much nearness to zero adds to a beat chance, to order options the sampled finals cannot tell apart
#: (every one of them beats both, say): less than one sample's worth, so it never outweighs the samples
NEARNESS_WEIGHT = 0.03


def nearness(values: Sequence[int]) -> float:
    """1 for a hand that sums to zero, falling to 0 fifteen away: what a hand still has going for it when the
    samples rank it below every final (a near total can still be balanced in a later draw phase)."""
    return max(0.0, 1.0 - abs(sum(values)) / 15)


def option_worth(values: Sequence[int], finals: Sequence[Key]) -> float:
    """The shark's worth of ending up with ``values``: its chance to beat the sampled finals, and a little for
    its nearness to zero."""
    return beat_chance(rank_key(values), finals) + NEARNESS_WEIGHT * nearness(values)


def beat_chance(key: Key, finals: Sequence[Key]) -> float:
    """Chance that a hand with ``key`` beats the best opponent, over the sampled finals (ties count half)."""
    if not finals:
        return 1.0
    lo = bisect_left(finals, key)
    hi = bisect_right(finals, key)
    return (lo + 0.5 * (hi - lo)) / len(finals)


# ------------------------------------------------------------------------------------------- the agent
class SabaccHouseAgent(LevelAgent):
    """A Sabacc House seat at one level (see the module docstring for what each level knows)."""

    def __init__(self, game_id: str, level: str, personality: Personality, seed: int | None = None) -> None:
        super().__init__(game_id, level, personality, seed)
        self.budget = SHARK_BUDGET
        self.reader = TableReader(ZERO_BASE[-1])  # the shark's memory of the others' betting
        self._finals: tuple[tuple[int, int], list[Key]] | None = None  # opponent samples of this draw phase

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        if self.level == "shark":
            self._observe(view)
        if len(legal_actions) == 1:
            return legal_actions[0]
        phase = view["phase"]
        if phase == "bet":
            if self.level == "shark":
                return self._shark_bet(view, legal_actions)
            return self._heuristic_bet(view, legal_actions)
        if self.level == "novice":
            return self._novice_draw(view, legal_actions)
        if self.level == "regular":
            return self._regular_draw(view, legal_actions)
        return self._shark_draw(view, legal_actions)

    # ------------------------------------------------------------------ betting
    def _heuristic_bet(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Novice and regular: the hand's own strength, never the pot odds. The regular's reading is the
        evaluator's rank, the novice's the bare total."""
        pers = self.personality
        down, up = my_cards(view)
        vals = values_of(down + up)
        t = abs(sum(vals))
        by_kind = {a.kind: a for a in legal}
        aggressive = next((a for a in legal if is_aggressive(a)), None)
        stage = view["stage"]
        if self.level == "novice":
            strong = t == 0
            limit = NOVICE_CALL_LIMIT[stage]
        else:
            strong = _rank_sorted(tuple(sorted(vals))).zero_sum  # any ranked hand: every one sums to zero
            limit = REGULAR_CALL_LIMIT[stage]
        limit += round(2 * pers.risk - 2 * (pers.patience - 0.5))
        # the novice only ever opens the betting (it never re-raises); the regular raises on up to the cap
        most = 1 if self.level == "novice" else MAX_BETS - 1
        bluff = view.get("to_call", 0) == 0 and self.chance(0.5 * pers.bluff)
        if aggressive is not None and view["bets"] < most and (strong or bluff):
            return aggressive
        if "check" in by_kind:
            return by_kind["check"]
        call = by_kind.get("call") or by_kind.get("allin")
        if call is not None and (strong or t <= limit):
            return call
        return by_kind.get("fold", legal[0])

    # ------------------------------------------------------------------ the shark's table reading
    def _observe(self, view: dict[str, Any]) -> None:
        """Feed the reader: who bets into us now, who is still in, and the hands shown at the last showdown
        (once, at the first view of the next hand)."""
        me = view["seat"]
        sd = view["last_showdown"]
        shown = totals = None
        if sd is not None and sd["round"] == self.reader._hand and view["round"] != sd["round"]:
            totals = {s: sum(values_of(h)) for s, h in enumerate(sd["hands"]) if h is not None and s != me}
            shown = {s: t == 0 for s, t in totals.items()}
        betting = view["phase"] == "bet"
        facing = [s for s in range(view["seats"]) if s != me and view["live"][s]] if betting else []
        self.reader.observe(view["round"], bettors(view), view["live"], shown,
                            (view["round"], view["stage"]) if betting else None, facing, totals)

    def trust(self, view: dict[str, Any]) -> dict[int, float]:
        base = ZERO_BASE[min(len(ZERO_BASE), max(1, view["stage"])) - 1]
        return {t: self.reader.trust(t, base) for t in bettors(view)}

    def rollout_mix(self, view: dict[str, Any]) -> list[Any]:
        """The rollout policies of a betting search: the others answer a bet by calling in the share of
        samples they have been seen to stay in against ours (at least :data:`MIN_CALL_SHARE`), by folding
        anything but zero in the rest; a seat whose showdowns read as careless plays at random in its share
        (:meth:`~game.ai.sabacc.TableReader.careless_mix`)."""
        me = view["seat"]
        others = [s for s in range(view["seats"]) if s != me and view["live"][s]]
        rate = sum(self.reader.call_rate(s) for s in others) / max(1, len(others))
        limits = {s: lim for s in others if (lim := self.reader.call_limit(s)) is not None}
        mix = mixture(answer_policy(view, False, limits), answer_policy(view, True, limits),
                      max(MIN_CALL_SHARE, rate))
        return self.reader.careless_mix(mix, others)

    def _shark_bet(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Every option played out on the same determinizations; the most chips wins. The personality tilts
        it: risk favours the aggressive option (a share of a bet), patience asks calls and raises to beat
        folding or checking by a margin, bluff sometimes takes the aggressive option when it is close."""
        candidates = [a for a in legal if not (a is FOLD and CHECK in legal)]
        if len(candidates) == 1:
            return candidates[0]
        action = self._shark_bet_choice(view, candidates)
        if is_aggressive(action):
            me = view["seat"]
            self.reader.we_bet([s for s in range(view["seats"]) if s != me and view["live"][s]])
        elif action is FOLD:
            self.reader.we_folded()
        return action

    def _shark_bet_choice(self, view: dict[str, Any], candidates: Sequence[Action]) -> Action:
        ests = search_estimates(self, view, candidates, sample_state, scoring_for(view))
        return personal_pick(self, ests, view["bet_size"], is_aggressive, calls=("call", "allin"))

    # ------------------------------------------------------------------ the draw phase, by level
    def _novice_draw(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Own hand, bare total: stay on zero, buy the one petal that makes zero, else draw blind and keep the
        card only if the total gets nearer zero."""
        down, up = my_cards(view)
        hand = down + up
        t = sum(values_of(hand))
        if view["phase"] == "draw":
            if t == 0:
                return STAY
            for a in legal:
                if a.kind == "buy" and DECK[view["petals"][a.slot]] == -t:
                    return a
            return DRAW if DRAW in legal else STAY
        best, choice = abs(t), DISCARD[view["drawn"]]
        for a, vals in drawn_options(view, legal):
            if a.kind == "keep" and a.face == "down" and abs(sum(vals)) < best:
                best, choice = abs(sum(vals)), a
        return choice

    def _regular_draw(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """The best-ranked hand on offer; a blind stub draw when nothing on the board reaches zero."""
        if view["phase"] == "draw":
            best: tuple[Key, int] | None = None
            choice = STAY
            for a, vals, paid in draw_options(view, legal):
                if vals is None:
                    continue
                k = (rank_key(vals), -paid)
                if best is None or k > best:
                    best, choice = k, a
            if best is not None and best[0][0] == 0 and DRAW in legal:  # nothing reaches zero: try the stub
                return DRAW
            return choice
        best_k: Key | None = None
        chosen = legal[0]
        for a, vals in drawn_options(view, legal):
            if a.kind == "keep" and a.face == "up":
                continue  # the regular keeps its cards to itself
            k = rank_key(vals)
            if best_k is None or k > best_k:
                best_k, chosen = k, a
        return chosen

    def _shark_draw(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Every option's hand scored by its chance to beat the sampled opponents' final hands, in chips."""
        finals = self._opponent_finals(view)
        pot = expected_pot(view)
        stage = view["stage"]
        if view["phase"] == "draw":
            scores: list[tuple[float, Action]] = []
            for a, vals, paid in draw_options(view, legal):
                value = self._draw_value(view, finals) if vals is None else option_worth(vals, finals)
                scores.append((value * pot - paid, a))
            return max(scores, key=lambda x: x[0])[1]
        best: tuple[float, Key] | None = None
        chosen = legal[0]
        for a, vals in drawn_options(view, legal):
            if a.kind == "keep" and a.face != face_for(vals, stage):
                continue
            k = rank_key(vals)
            score = (option_worth(vals, finals), k)
            if best is None or score > best:
                best, chosen = score, a
        return chosen

    def _opponent_finals(self, view: dict[str, Any]) -> list[Key]:
        """The opponent samples for this draw phase (drawn once per phase: the draw and the keep share them)."""
        key = (view["round"], view["stage"])
        if self._finals is None or self._finals[0] != key:
            self._finals = (key, opponent_finals(view, self.rng, OPPONENT_SAMPLES, self.trust(view)))
        return self._finals[1]

    def _draw_value(self, view: dict[str, Any], finals: Sequence[Key]) -> float:
        """A stub draw's worth: over every unseen card, equally likely, the best keep or discard."""
        down, up = my_cards(view)
        hand = values_of(down + up)
        room = len(hand) < MAX_HAND
        unseen = unseen_values(view)
        if not unseen:
            return option_worth(hand, finals)
        counts: dict[int, int] = {}
        for v in unseen:
            counts[v] = counts.get(v, 0) + 1
        outcomes = stub_draw_outcomes(hand, room)
        total = 0.0
        for v, c in counts.items():
            total += c * max(option_worth(opt, finals) for opt in outcomes[v])
        return total / len(unseen)


# ------------------------------------------------------------------------------------------- the coach
def coach(view: dict[str, Any], legal: Sequence[Action]) -> list[dict[str, Any]]:
    """Every option with its estimated chance of winning a pot and its expected chips, by the shark's rollouts
    (see :func:`game.ai.sabacc.coach_options`). The coach has no memory of the table: it reads the betting by
    the shark's priors."""
    per = max(4, min(COACH_BUDGET.samples, COACH_ROLLOUTS // max(1, len(legal))))
    unknown = TableReader(ZERO_BASE[-1])
    base = ZERO_BASE[min(len(ZERO_BASE), max(1, view["stage"])) - 1]
    trust = {t: unknown.trust(t, base) for t in bettors(view)}

    def sampler(v: dict[str, Any], r: Rng) -> State:
        return sample_state(v, r, trust)

    policies = sized_answers(lambda u: coach_answer_policy(view, u, unknown.call_prior))
    return coach_options(
        view, legal, sampler, policies, scoring_for(view), _view_seed(view), per, COACH_BUDGET.batch, label,
        "estimated from sampled deals of the cards you cannot see (a raiser is taken to hold zero most of the "
        "time); the others answer a bet as the sharks read them: a zero hand plays on, any other hand calls a "
        "bet up to the pot in 60 % of deals (less as a bet outgrows the pot), else folds; chips to the end of "
        "the hand, later bets included, counted against folding now (Fold is 0), a carried pot as an equal share; "
        "win counts the pots taken when the others fold",
    )


def coach_answer_policy(view: dict[str, Any], u: float, call_rate: float) -> Any:
    """The coach's rollout policy for one sample (``u`` in [0, 1)): :func:`fast_policy`, except how every other seat
    answers a bet in the betting round being decided: a zero hand plays on (calls or raises), any other hand
    calls when its own draw (:func:`~game.ai.sabacc.seat_draw`) is below :func:`~game.ai.sabacc.answer_share` of
    the bet it faces, else folds. The share of callers thus follows the bet's size against the pot, never
    "everyone calls" (issue 14)."""
    me = view["seat"]
    key = (view["round"], view["stage"])

    def policy(st: State) -> Action:
        a = fast_policy(st)
        s = st.current_seat
        if s == me or (st.round_no, st.stage) != key or st.phase != "bet":  # type: ignore[attr-defined]
            return a
        to_call = st.cur_bet - st.wager[s]  # type: ignore[attr-defined]
        if to_call <= 0 or _is_zero(st, s):  # type: ignore[arg-type]
            return a
        pot = st.pot_total()  # type: ignore[attr-defined]
        if seat_draw(u, s) < answer_share(call_rate, to_call, pot - to_call):
            return st._bet_actions()[1]  # type: ignore[attr-defined]
        return FOLD

    return policy


def _view_seed(view: dict[str, Any]) -> int:
    """A seed from the view's contents (stable across runs, unlike ``hash`` of text)."""
    acc = 0x9E3779B97F4A7C15
    for part in (view["round"], view["stage"], view["seat"], *(view["down"] or []), *view["petals"],
                 *view["contrib"], view.get("drawn") or 0, len(view["discard"])):
        acc = (acc * 1_000_003 + (part if isinstance(part, int) else -1)) & ((1 << 64) - 1)
    return acc


def label(view: dict[str, Any], a: Action) -> str:
    """A short text for an option: ``"Call 8"``, ``"Buy petal 3 (+4)"``, ``"Keep it face down"``."""
    from game.engine.sabacc_house.table import CARDS

    def card(c: int) -> str:
        suit, v = CARDS[c]
        return "Sylop" if suit == "sylop" else f"{v:+d} {suit}"

    k = a.kind
    # the betting words are the table's buttons' ("Bet 4", "Raise to 8", "Complete to 2", "All-in 37")
    size = int(view.get("bet_size") or 0)
    cur = int(view.get("current_bet") or 0)
    if k == "bet":
        return f"Bet {size:,}"
    if k == "raise":
        return f"Raise to {cur + size:,}"
    if k == "complete":
        small = int((view.get("structure") or {}).get("small_bet") or size)
        return f"Complete to {small:,}"
    if k == "allin":
        return f"All-in {view['stacks'][view['seat']]:,}"
    if k in ("fold", "check"):
        return k.title()
    if k == "call":
        return f"Call {view['to_call']:,}" if view.get("to_call") else "Call"
    if k == "stay":
        return "Stay"
    if k == "draw":
        return "Draw"
    if k == "buy":
        return f"Buy {card(view['petals'][a.slot])}"
    if k == "swap":
        return f"Swap {card(a.card)} for {card(view['petals'][a.slot])}"
    if k == "discard":
        return "Throw it away"
    gone = a.get("discard")
    return f"Keep face {a.face}" if gone is None else f"Keep {a.face}, toss {card(gone)}"


def make_sabacc_house_agent(
    game_id: str, level: str, personality: Personality, seed: int | None = None
) -> SabaccHouseAgent:
    return SabaccHouseAgent(game_id, level, personality, seed)


register_policy("sabacc_house", make_sabacc_house_agent)
