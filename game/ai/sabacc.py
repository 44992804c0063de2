"""Sabacc search: determinized Monte Carlo from one seat's view, shared by both sabacc games.

An AI seat receives its view and the legal actions, never the state. To look ahead it rebuilds states that the
seat cannot tell from the real one: the engine's ``from_view(view, rng)`` copies what the view shows and deals
every card the seat cannot see uniformly from the cards that appear nowhere in the view (the same distribution
as ``determinize``). Each such *determinization* is then played to the end of the hand by a cheap rollout
policy and scored in chips.

Why it looks like this:

* **Common random numbers.** Every candidate action is tried on the *same* determinizations, each cloned with
  its generator, so the dice and later draws line up across candidates. The choice rests on paired
  differences, which are far less noisy than the raw chip counts (a sabacc hand swings by a whole pot).
* **Successive elimination.** Samples come in batches; a candidate whose paired difference from the leader is
  clearly negative (more than ``z`` standard errors) is dropped, and the search stops when one is left or the
  sample budget is spent. Clear decisions cost a few rollouts, close ones get the whole budget. Everything is
  driven by the agent's own seeded generator, so a choice replays exactly.
* **The clock is only a safety net.** Budgets are counts (so choices do not depend on the machine's load);
  ``time_limit`` cuts a search short only if a slow machine would otherwise keep the table waiting.
* **Chips, counted to the end of the hand.** A rollout stops at the hand's ``round_over`` event and reads the
  seat's stack there. Chips that carry to the next hand (a sabacc pot nobody won, odd chips) are counted as an
  equal share for each seat still playing: everyone competes for them again.
* **Uniform is not enough at a betting table.** A seat that raised does not hold a random hand. Each game
  conditions its samples on the betting (a raiser is dealt a zero hand), and a :class:`TableReader` remembers,
  from the views alone, how far each seat's raises and calls can be trusted, so the samples (how often a raiser
  holds zero) and the rollouts (how often the others call the bet being decided: :func:`mixture`) follow the
  table actually being played.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine.core import Action, Rng, State

#: a rollout policy: the action for ``state.current_seat``, read from the (sampled) state directly, for speed
RolloutPolicy = Callable[[State], Action]
#: a safety stop for a rollout that never ends (a policy bug): far more steps than any hand takes
MAX_ROLLOUT_STEPS = 600


@dataclass(frozen=True)
class Budget:
    """How hard a search looks: rollouts per candidate (at most and at least), the batch size, the elimination
    threshold in standard errors, and a wall-clock safety limit in seconds (None: no limit)."""

    samples: int = 24
    min_samples: int = 8
    batch: int = 4
    z: float | None = 2.0  #: None: never eliminate (the coach samples every option equally)
    time_limit: float | None = 0.085


@dataclass
class Estimate:
    """What the rollouts say about one candidate action."""

    action: Action
    values: list[float] = field(default_factory=list)  #: chips (relative to the baseline), one per sample
    wins: int = 0  #: samples in which the seat won some pot of the hand

    @property
    def n(self) -> int:
        return len(self.values)

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / len(self.values) if self.values else 0.0


@dataclass(frozen=True)
class HandEnd:
    """How a rollout's hand ended: the stacks at ``round_over``, the chips carried on, and the winners."""

    stacks: tuple[int, ...]
    carried: int
    winners: tuple[int, ...]


def play_out(
    state: State,
    policy: RolloutPolicy,
    events: list[Any] | None = None,
    watch: Callable[[list[Any]], None] | None = None,
) -> HandEnd:
    """Play ``state`` to the end of its hand with ``policy`` for every seat (mutates ``state``).

    ``events`` are those of the action just applied (the hand may already have ended); ``watch`` sees every
    step's events (``events`` included). Raises RuntimeError if the hand does not end within
    :data:`MAX_ROLLOUT_STEPS` steps (a policy that never ends a betting round).
    """
    if events is not None:
        if watch is not None:
            watch(events)
        end = _hand_end(events)
        if end is not None:
            return end
    apply = state.apply
    for _ in range(MAX_ROLLOUT_STEPS):
        if state.current_seat is None:
            raise RuntimeError("the session ended without a round_over event")
        step = apply(policy(state))
        if watch is not None:
            watch(step)
        end = _hand_end(step)
        if end is not None:
            return end
    raise RuntimeError("a rollout did not finish its hand: the rollout policy loops")


def _hand_end(events: Sequence[Any]) -> HandEnd | None:
    for e in events:
        if e.kind == "round_over":
            d = e.data
            return HandEnd(tuple(d["stacks"]), d["carried"], tuple(d["winners"]))
    return None


@dataclass(frozen=True)
class Scoring:
    """Turns a rollout's end into chips for ``seat``: its stack plus an equal share (``1/share``) of what
    carries, less ``baseline`` (what the seat holds now, counted the same way)."""

    seat: int
    share: int
    baseline: float

    def value(self, end: HandEnd) -> float:
        return end.stacks[self.seat] + end.carried / self.share - self.baseline


#: draws one determinization of a view: ``sampler(view, rng) -> State`` (an engine's ``from_view``, perhaps
#: followed by a game's own conditioning on what the other seats' bets say)
Sampler = Callable[[dict[str, Any], Rng], State]


def evaluate(
    sampler: Sampler,
    view: dict[str, Any],
    candidates: Sequence[Action],
    policy: RolloutPolicy | Sequence[RolloutPolicy],
    scoring: Scoring,
    rng: Rng,
    budget: Budget,
) -> list[Estimate]:
    """Monte Carlo values of ``candidates`` (actions legal in ``view``) by rollouts from determinizations.

    Common random numbers and successive elimination as the module docstring explains. Every candidate still
    in the race has the same number of samples; eliminated ones keep the samples they had. ``policy`` may be a
    sequence of rollout policies (a mixture of opponent models): sample ``i`` plays every candidate with
    ``policy[i % len(policy)]``, so the comparison stays paired while the estimate averages over the models.
    """
    policies = (policy,) if callable(policy) else tuple(policy)
    estimates = [Estimate(a) for a in candidates]
    if not candidates:
        return estimates
    alive = list(range(len(candidates)))
    started = time.perf_counter()
    done = 0
    while done < max(1, budget.samples) and (len(alive) > 1 or budget.z is None or done == 0):
        batch = max(1, min(budget.batch, budget.samples - done))
        for b in range(batch):
            base = sampler(view, rng)
            rollout = policies[(done + b) % len(policies)]
            for i in alive:
                st = base.clone()
                end = play_out(st, rollout, st.apply(candidates[i]))
                est = estimates[i]
                est.values.append(scoring.value(end))
                est.wins += scoring.seat in end.winners
        done += batch
        if budget.time_limit is not None and time.perf_counter() - started > budget.time_limit:
            break
        if budget.z is not None and done >= budget.min_samples and len(alive) > 1:
            alive = _survivors(estimates, alive, budget.z)
    return estimates


def _survivors(estimates: list[Estimate], alive: list[int], z: float) -> list[int]:
    """Drop every candidate clearly worse than the leader on paired (same-sample) differences."""
    leader = max(alive, key=lambda i: estimates[i].mean)
    lead = estimates[leader].values
    keep = []
    for i in alive:
        if i == leader:
            keep.append(i)
            continue
        diffs = [a - b for a, b in zip(estimates[i].values, lead, strict=False)]
        n = len(diffs)
        m = sum(diffs) / n
        var = sum((d - m) ** 2 for d in diffs) / (n - 1) if n > 1 else math.inf
        se = math.sqrt(var / n) if var < math.inf else math.inf
        if m + z * se >= 0 or (se == 0 and m >= 0):
            keep.append(i)
    return keep


def best_of(estimates: Sequence[Estimate], bonus: Callable[[Action], float] | None = None) -> Estimate:
    """The estimate with the highest mean (plus ``bonus(action)``, a personality's tilt), among those that were
    sampled the most (an eliminated candidate's early mean is not comparable), first of equals."""
    most = max(e.n for e in estimates)
    finalists = [e for e in estimates if e.n == most]
    return max(finalists, key=lambda e: e.mean + (bonus(e.action) if bonus else 0.0))


def search_estimates(agent: Any, view: dict[str, Any], candidates: Sequence[Action],
                     sample_state: Callable[[dict[str, Any], Rng, dict[int, float]], State],
                     scoring: Scoring) -> list[Estimate]:
    """A sabacc shark's betting search: ``candidates`` played out on determinizations that deal raisers a zero
    hand as far as ``agent.trust`` says, the others answering by ``agent.rollout_mix`` (both games' agents
    carry ``trust``, ``rollout_mix``, ``rng`` and ``budget``)."""
    trust = agent.trust(view)

    def sampler(v: dict[str, Any], rng: Rng) -> State:
        return sample_state(v, rng, trust)

    return evaluate(sampler, view, candidates, agent.rollout_mix(view), scoring, agent.rng, agent.budget)


def personal_pick(agent: Any, estimates: Sequence[Estimate], unit: float, aggressive: Callable[[Action], bool],
                  calls: tuple[str, ...] = ()) -> Action:
    """The option with the most chips, tilted by ``agent``'s personality in ``unit`` chips (a bet, an ante):
    risk favours the aggressive options (and a little the ``calls`` kinds), patience asks them to beat the
    quiet ones by a margin, bluff sometimes takes the first aggressive option when it is within a unit."""
    pers = agent.personality

    def tilt(a: Action) -> float:
        if aggressive(a):
            return (0.25 * pers.risk - 0.2 * (pers.patience - 0.5)) * unit
        if a.kind in calls:
            return (0.1 * pers.risk - 0.1 * (pers.patience - 0.5)) * unit
        return 0.0

    best = best_of(estimates, tilt)
    if pers.bluff and not aggressive(best.action):
        pushy = [e for e in estimates if aggressive(e.action) and e.n == best.n]
        if pushy and pushy[0].mean > best.mean - unit and agent.chance(0.3 * pers.bluff):
            return pushy[0].action
    return best.action


class TableReader:
    """What a seat has seen of the others' betting, from its own views only (its memory between turns).

    Three habits per seat, each a running count behind a prior worth a few observations (few: a session is
    short, and a seat that raises at random must lose its credit within a handful of hands):

    * ``zero_rate(s)``: how often a hand that ``s`` raised with (seen raising at one of our turns) turned out to
      sum to zero: shown at a showdown, or not (it folded later in the hand: nobody folds a zero hand). Every
      level bets on zero, so the search deals a raiser a zero hand, but only as often as that seat's raises
      have earned it (a wild bettor's raises say little).
    * ``call_rate(s)``: how often ``s`` stayed in after we bet or raised (still in at our next turn, or shown
      at the showdown), against folding. The search plays that share of its samples with the other seats
      calling the bet being decided whatever they hold, so a calling station gets value bets, not bluffs.

    * ``call_limit(s)``: what ``s``'s calls mean. The hands it stayed in with against our bets and then showed
      (their distance from zero, ``totals`` given to :meth:`observe`): once :data:`STRONG_CALL_SHOWS` have been
      seen, all within :data:`STRONG_CALL_TOTAL` of zero, after it has also folded to our bets, it reads as a
      seat that calls only with strength, and the search lets it answer a bet by its own sampled hand (call
      within the limit, else fold) instead of calling whatever it holds: otherwise every bluff into it looks
      as if a random hand called it, and every near-zero raise as if it were paid by worse.

    * ``careless(s)``: how likely ``s`` plays at random rather than chasing zero. Its raises mean nothing
      (a zero rate well below an honest bettor's, :data:`CARELESS_CREDIT`) and its showdowns, once it has
      shown two hands, rarely sum to zero (less often than :data:`SHOWDOWN_ZERO`; a random player folds too
      often to show many hands, so its raises tell first). The search plays such a seat's part of its
      rollouts at random too, in that share of its samples: modelling it as a competent drawer, the search
      folds good spots to it.

    :meth:`trust` caps the zero rate by how often the seat raises at all: P(zero | raise) is at most
    P(zero) / P(raise), and zero hands are only so common (``zero_base``). Without the cap a seat that raises
    every round would keep its credit for ever, since the shark folds to it and never sees its hand.

    :meth:`observe` is fed once per decision with what the game's view says; the caller passes what was
    shown since the last call (``shown``: seat -> its revealed hand summed to zero) and whether a hand ended.
    """

    def __init__(self, zero_base: float, zero_prior: float = 0.7, zero_weight: float = 2.0,
                 call_prior: float = 0.6, call_weight: float = 4.0, raise_prior: float = 0.2,
                 raise_weight: float = 2.0) -> None:
        self.zero_base = zero_base
        self.zero_prior, self.zero_weight = zero_prior, zero_weight
        self.call_prior, self.call_weight = call_prior, call_weight
        self.raise_prior, self.raise_weight = raise_prior, raise_weight
        self.zero: dict[int, list[int]] = {}  #: seat -> [raised hands seen shown, of which summed to zero]
        self.calls: dict[int, list[int]] = {}  #: seat -> [our bets faced, stayed in]
        self.rounds: dict[int, list[int]] = {}  #: seat -> [betting rounds seen from our turns, raised into us]
        self.shows: dict[int, list[int]] = {}  #: seat -> [hands seen at showdowns, of which summed to zero]
        self.call_shows: dict[int, list[int]] = {}  #: seat -> |total| of each hand shown after it called our bet
        self._callers: set[int] = set()  #: seats that stayed in against our bet this hand, not yet shown
        self._hand: Any = None
        self._raisers: set[int] = set()
        self._pending: set[int] = set()  #: seats that faced our last bet, still to settle
        self._we_folded = False
        self._round: Any = None
        self._round_seats: set[int] = set()
        self._round_raisers: set[int] = set()

    def observe(self, hand: Any, raisers: Sequence[int], live: Sequence[bool], shown: dict[int, bool] | None,
                bet_round: Any = None, facing: Sequence[int] = (), totals: dict[int, int] | None = None) -> None:
        """A new view: ``hand`` names the hand being played, ``raisers`` the seats it shows betting into us now,
        ``live`` who is still in, ``shown`` the hands revealed since the last view (seat -> summed to zero) and
        ``totals`` what they summed to; at a betting decision, ``bet_round`` names the betting round and
        ``facing`` the other seats in it."""
        if bet_round is not None:
            if bet_round != self._round:
                self._close_round()
                self._round = bet_round
                self._round_seats = set(facing)
            self._round_raisers.update(raisers)
        if shown:
            for s, zero in shown.items():
                rec = self.shows.setdefault(s, [0, 0])
                rec[0] += 1
                rec[1] += zero
            for s in self._raisers & set(shown):
                self._zero_seen(s, shown[s])
            self._raisers -= set(shown)  # a later reveal in the same hand shows a new hand
        new_hand = hand != self._hand
        for s in list(self._raisers):
            if (new_hand and not self._we_folded) or (not new_hand and not live[s]):
                self._zero_seen(s, False)  # it folded after raising: it did not hold zero
                self._raisers.discard(s)
        for s in self._pending:
            if shown and s in shown:
                stayed = True
            elif not new_hand:
                stayed = bool(live[s])
            else:
                stayed = False  # the hand ended without showing it: it folded to us
            rec = self.calls.setdefault(s, [0, 0])
            rec[0] += 1
            rec[1] += stayed
            if stayed:
                self._callers.add(s)
        self._pending = set()
        if shown:  # the hands of seats that called our bets: what their calls meant
            for s in self._callers & set(totals or {}):
                self.call_shows.setdefault(s, []).append(abs((totals or {})[s]))
            self._callers -= set(shown)
        if new_hand:
            self._hand = hand
            self._raisers = set()
            self._callers = set()
            self._we_folded = False
        self._raisers.update(raisers)

    def _close_round(self) -> None:
        for s in self._round_seats:
            rec = self.rounds.setdefault(s, [0, 0])
            rec[0] += 1
            rec[1] += s in self._round_raisers
        self._round_seats = set()
        self._round_raisers = set()

    def _zero_seen(self, seat: int, zero: bool) -> None:
        rec = self.zero.setdefault(seat, [0, 0])
        rec[0] += 1
        rec[1] += zero

    def we_folded(self) -> None:
        """We folded this hand: a raiser whose hand is then never shown told us nothing."""
        self._we_folded = True

    def we_bet(self, opponents: Sequence[int]) -> None:
        """We bet or raised into ``opponents``: settle their answers at the next view."""
        self._pending = set(opponents)

    def zero_rate(self, seat: int) -> float:
        n, z = self.zero.get(seat, (0, 0))
        return (z + self.zero_prior * self.zero_weight) / (n + self.zero_weight)

    def call_rate(self, seat: int) -> float:
        n, c = self.calls.get(seat, (0, 0))
        return (c + self.call_prior * self.call_weight) / (n + self.call_weight)

    def raise_rate(self, seat: int) -> float:
        n, r = self.rounds.get(seat, (0, 0))
        return (r + self.raise_prior * self.raise_weight) / (n + self.raise_weight)

    def call_limit(self, seat: int) -> int | None:
        """The farthest from zero ``seat`` is read to call our bets with, if its calls read as strength (see the
        class docstring); None while they do not (too few seen, one far from zero, or it never folds)."""
        seen = self.call_shows.get(seat, ())
        faced, stayed = self.calls.get(seat, (0, 0))
        if len(seen) < STRONG_CALL_SHOWS or max(seen) > STRONG_CALL_TOTAL or faced - stayed < 1:
            return None
        return min(STRONG_CALL_TOTAL, max(seen) + 1)

    def careless(self, seat: int) -> float:
        """The chance that ``seat`` plays at random (see the class docstring): 0 for an honest zero-chaser."""
        raises = (CARELESS_CREDIT - self.zero_rate(seat)) / CARELESS_SPAN
        n, z = self.shows.get(seat, (0, 0))
        shows = 1.0 - z / n / SHOWDOWN_ZERO if n >= 2 else 1.0
        return max(0.0, min(1.0, raises, shows))

    def careless_mix(self, policies: Sequence[RolloutPolicy], seats: Sequence[int]) -> list[RolloutPolicy]:
        """``policies`` (a search's sequence of rollout policies) with each of ``seats`` playing at random
        (:func:`at_random`) in its :meth:`careless` share of them, spread evenly and independently seat by
        seat; unchanged where every seat reads as competent."""
        sloppy = {s: self.careless(s) for s in seats}
        if max(sloppy.values(), default=0.0) < 0.05:
            return list(policies)
        out: list[RolloutPolicy] = []
        for j, policy in enumerate(policies):
            chosen = frozenset(s for s in seats if (j * _GOLDEN + s * _SILVER) % 1.0 < sloppy[s])
            out.append(at_random(policy, chosen) if chosen else policy)
        return out

    def trust(self, seat: int, zero_base: float | None = None) -> float:
        """The chance that a raise from ``seat`` means a zero hand (see the class docstring); ``zero_base``
        overrides the reader's base rate (zero hands are rarer early in a hand than late)."""
        base = self.zero_base if zero_base is None else zero_base
        return min(self.zero_rate(seat), base / self.raise_rate(seat))


#: a seat reads as calling only with strength once this many hands it called our bets with have been shown...
STRONG_CALL_SHOWS = 2
#: ...each within this distance of zero (and it has folded to a bet of ours at least once)
STRONG_CALL_TOTAL = 4
#: a seat whose showdown hands summed to zero at least this often is no random player (measured in
#: self-play: the regular ~0.8, the shark ~0.85, the novice ~0.5, a random player almost never)
SHOWDOWN_ZERO = 0.4
#: a seat whose raises meant zero less often than this reads as careless, fully so CARELESS_SPAN below it
#: (measured over 20-hand sessions: a random player's raises ~0.1-0.35, the novice's and regular's ~0.7-0.9;
#: a shark that bluffs ~0.5-0.6, so it reads a little careless until its showdowns clear it)
CARELESS_CREDIT, CARELESS_SPAN = 0.6, 0.3
#: strides that spread the careless share of samples evenly, and differently for each seat
_GOLDEN, _SILVER = 0.6180339887, 0.4142135624


def at_random(policy: RolloutPolicy, seats: frozenset[int]) -> RolloutPolicy:
    """``policy`` with ``seats`` picking uniformly among their legal actions, by the sampled state's own
    generator (so a search stays a function of its seed)."""

    def play(st: State) -> Action:
        if st.current_seat in seats:
            legal = st.legal_actions()
            return legal[st.rng.below(len(legal))]  # type: ignore[attr-defined]
        return policy(st)

    return play


def mixture(first: RolloutPolicy, second: RolloutPolicy, weight: float, length: int = 20) -> list[RolloutPolicy]:
    """A sample-by-sample sequence using ``second`` for a ``weight`` share, spread evenly (so any prefix of
    the sequence, such as the first batches before elimination, holds about the right share)."""
    out = []
    for j in range(length):
        out.append(second if int((j + 1) * weight + 0.5) > int(j * weight + 0.5) else first)
    return out


def answer_share(call_rate: float, to_call: int, pot_before: float) -> float:
    """The chance that a seat without a made hand stays in against a bet of ``to_call`` into ``pot_before``.

    ``call_rate`` is the reader's :meth:`TableReader.call_rate` (its prior, for a reader with no memory): how
    often seats stay in against a bet as bets are usually made, up to the pot. Past the pot the caller's price
    gets worse with every chip, and so does its reason to stay: the rate falls as ``pot / bet`` (a shove of
    980 into 30 is called by a hand without zero about 3 % as often as a pot-sized bet). Why: the odds coach
    must not price a raise as if everyone calls it (issue 14): the ``ev`` of an overbet is mostly the pot it
    takes at once."""
    if to_call <= 0:
        return 1.0
    return call_rate * min(1.0, max(0.0, pot_before) / to_call)


def seat_draw(u: float, seat: int) -> float:
    """Seat ``seat``'s own uniform draw from a sample's ``u`` (a silver stride): each seat answers a bet by its
    own draw, so at a table of four, three seats calling at 60 % leave someone in far more often than 60 % of
    the time (one shared draw would make them all call or all fold together)."""
    return (u + seat * _SILVER) % 1.0


def sized_answers(make: Callable[[float], RolloutPolicy], length: int = 20) -> list[RolloutPolicy]:
    """A sample-by-sample sequence of rollout policies ``make(u)``, ``u`` spread evenly over [0, 1) (a golden
    stride, so every prefix is spread too): a policy lets a seat without a made hand call a bet when
    ``u < answer_share(...)``, so each bet size gets its own share of callers while every candidate of a
    search still plays the same samples (the comparison stays paired)."""
    return [make(((j + 1) * _GOLDEN) % 1.0) for j in range(length)]


def coach_options(view: dict[str, Any], legal: Sequence[Action], sampler: Sampler,
                  policies: Sequence[RolloutPolicy], scoring: Scoring, seed: int, per: int, batch: int,
                  label: Callable[[dict[str, Any], Action], str], note: str) -> list[dict[str, Any]]:
    """The odds coach of a sabacc game: every legal option played out ``per`` times on the same determinizations
    (no elimination: every option gets its figures), each as a coach entry with its estimated chance of winning
    a pot and its expected chips. ``seed`` comes from the view, so the same view always gets the same advice."""
    from game.ai.coach import _entry, _mark_best  # the coach module's entry format (imported late: no cycle)

    budget = Budget(samples=per, min_samples=per, batch=batch, z=None, time_limit=None)
    ests = evaluate(sampler, view, list(legal), policies, scoring, Rng(seed), budget)
    fold = next((e.values for e in ests if e.action.kind == "fold"), None)
    out = []
    for e in ests:
        ev, se = relative_to(e.values, fold)
        out.append(_entry(e.action, label(view, e.action), win=e.win_rate, ev=ev, ev_se=se, exact=False,
                          samples=e.n, note=note))
    return _mark_best(out)


def relative_to(values: Sequence[float], fold: Sequence[float] | None) -> tuple[float, float]:
    """An option's expected chips and their standard error from its rollouts, counted against folding now when
    folding is an option: each sample less what folding came to on the same deal (the same determinization and
    answers, :func:`evaluate`'s common random numbers). Why: the coach's chips are defined so that folding is 0
    (what is in the pot is gone either way), but a folded seat's rollouts still move its equal share of a carried
    pot (a sabacc pot won, a pot that carries), so Fold showed "≈ +2.9" from 24 samples (play report item 2); on
    the same deals that drift cancels, Fold is exactly 0 and every other row is less noisy, not only shifted."""
    if fold is not None and len(fold) == len(values):
        diffs = [v - f for v, f in zip(values, fold, strict=True)]
    else:
        diffs = list(values)
    n = len(diffs)
    if n == 0:
        return 0.0, 0.0
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def swap_to_zero(cards: list[int], candidates: list[int], pool: list[int], value: Sequence[int], total: int,
                 rng: Rng) -> None:
    """Make a sampled hand sum to zero (a raiser's hand, conditioned on its raise): swap one of ``cards`` at the
    ``candidates`` indices (tried in a random order) for a card of ``pool`` whose value balances ``total``.
    Both in place; nothing changes if no single swap can do it. ``value[c]`` is card ``c``'s value."""
    rng.shuffle(candidates)
    for i in candidates:
        need = value[cards[i]] - total
        if -10 <= need <= 10:
            spots = [j for j, c in enumerate(pool) if value[c] == need]
            if spots:
                j = spots[rng.below(len(spots))]
                cards[i], pool[j] = pool[j], cards[i]
                return
