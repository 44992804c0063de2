"""The Kinzo AI (game/ai/kinzo.py): its DP against an independent brute force and against the real engine.

The brute force below shares nothing with the solver but the engine's rules (``dealer_must_draw``, ``judge``,
``after_dice``, ``DIE_FACES``): it plays the seat's explicit game (its hands as card lists, the unseen cards
as a multiset it counts itself from the view; stay, hit, split as the engine allows them), then deals the
dealer card by card from what the seat left and settles every hand by every pair of dice faces, in dice
order, a jackpot ending the round. No dealer distribution, settlement table or DP state is borrowed from the
solver. Positions come from seeded engine games; "stub" positions shorten the deck in the view (fewer hits
left before the dealer's reserve) so the brute force stays small, a situation the model covers as it is
(the unseen cards the seat can no longer reach are just never drawn).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter

import pytest

from game.ai import kinzo as kai
from game.ai import make_agent
from game.ai.coach import advise
from game.engine import create
from game.engine.core import Action, Rng
from game.engine.kinzo import DIE_FACES, after_dice, dealer_must_draw, judge

VALUES = (1, 2, 3, 4, 5, 6)


# ------------------------------------------------------------------------------ the dealer and one hand
def test_dealer_distribution_matches_every_ordering_of_the_draws():
    """Every ordered draw of five cards from a small pool (each equally likely), the dealer's rule applied
    by the engine's own ``dealer_must_draw``; compared with the solver's distribution."""
    pools = [(3, (2, 2, 2, 2, 2, 2)), (6, (3, 0, 2, 1, 2, 2)), (1, (1, 3, 0, 2, 1, 3)), (4, (0, 0, 1, 1, 3, 0))]
    for up, pool in pools:
        cards = [v for v, c in zip(VALUES, pool, strict=True) for _ in range(c)]
        counts: Counter[int] = Counter()
        total = 0
        for draw in itertools.permutations(range(len(cards)), 5):
            hand = [up]
            for i in draw:
                if not dealer_must_draw(hand):
                    break
                hand.append(cards[i])
            counts[sum(hand)] += 1
            total += 1
        expect = {d: c / total for d, c in counts.items()}
        got = dict(kai.dealer_distribution(up, pool))
        assert set(got) == set(expect)
        for d in expect:
            assert got[d] == pytest.approx(expect[d], abs=1e-12)


def _hand_bf(t, dealer, stake, gain, clear):
    """A finished lone hand's chips by the engine's own judge/after_dice over every pair of dice faces."""
    verdict = judge(t, dealer)
    if verdict in ("bust", "doubled"):
        return -stake
    if verdict == "equal":
        base = stake
    else:
        outcomes = [after_dice(t + a + b, dealer) for a, b in itertools.product(DIE_FACES, repeat=2)]
        value = {"jackpot": gain, "bust": -stake, "doubled": -stake, "survived": stake}
        base = sum(value[o] for o in outcomes) / len(outcomes)
    return clear * base - (1 - clear) * stake


def test_hand_value_follows_the_engine_rules():
    for t in range(2, 25):
        for dealer in range(3, 30):
            for clear in (1.0, 0.7):
                assert kai.hand_value(t, dealer, 10.0, 55.0, clear) == pytest.approx(
                    _hand_bf(t, dealer, 10.0, 55.0, clear)
                )


# ------------------------------------------------------------------------------ the brute force
def unseen_of(view):
    """The cards the seat cannot see, counted from the view: six of each value less every card showing."""
    seen = Counter(c for h in view["hands"] for c in h["cards"])
    seen.update(c for c in view["dealer_cards"] if c is not None)
    return tuple(6 - seen[v] for v in VALUES)


@functools.cache
def bf_dealer(up, unseen):
    """{final total: chance}: the hole card and every draw, card by card from ``unseen``, while the engine's
    ``dealer_must_draw`` says so."""
    finals: Counter[int] = Counter()

    def walk(cards, left, p):
        if not dealer_must_draw(cards):
            finals[sum(cards)] += p
            return
        n = sum(left)
        for i, c in enumerate(left):
            if c:
                walk([*cards, VALUES[i]], (*left[:i], c - 1, *left[i + 1:]), p * c / n)

    walk([up], unseen, 1.0)
    return dict(finals)


@functools.cache
def bf_settle(order, dealer, amount, jackpots=True):
    """The seat's net chips when the hands in ``order`` ((total, mine, stake) in dice order) meet a dealer on
    ``dealer``: each hand is tallied, each that rolls throws every pair of faces; a jackpot takes ``amount``
    (every stake and the prize pot) for its seat and ends the round, every other stake lost; otherwise a
    surviving (or equal) hand of the seat wins its stake and a busted one loses it. ``jackpots=False``: the
    seat's own jackpot counts as a plain survival (the regular's view)."""
    own_stakes = sum(stake for _, mine, stake in order if mine)

    @functools.cache
    def go(i, acc):
        if i == len(order):
            return acc
        total, mine, stake = order[i]
        verdict = judge(total, dealer)
        if verdict in ("bust", "doubled"):
            return go(i + 1, acc - stake if mine else acc)
        if verdict == "equal":
            return go(i + 1, acc + stake if mine else acc)
        v = 0.0
        for a, b in itertools.product(DIE_FACES, repeat=2):
            outcome = after_dice(total + a + b, dealer)
            if outcome == "jackpot" and (jackpots or not mine):
                v += (amount if mine else 0) - own_stakes
            elif outcome in ("jackpot", "survived"):
                v += go(i + 1, acc + stake if mine else acc)
            else:
                v += go(i + 1, acc - stake if mine else acc)
        return v / len(DIE_FACES) ** 2

    return go(0, 0)


class SeatGame:
    """The seat's explicit game from a view: ``earlier`` other hands roll first; the seat's hands follow."""

    def __init__(self, view, unseen=None, earlier=None, jackpots=True, may_split=None):
        hands = view["hands"]
        me = hands[view["turn"]]["seat"]
        first = next(i for i, h in enumerate(hands) if h["seat"] == me)
        self.up = view["dealer_showing"]
        self.stake = view["stake"]
        self.earlier = tuple((h["total"], False, h["stake"]) for h in hands[:first]) if earlier is None else earlier
        self.amount = sum(h["stake"] for h in hands) + view["prize_pot"]
        self.jackpots = jackpots
        self.unseen = unseen_of(view) if unseen is None else unseen
        self.left = view["deck_left"]
        self.hands = tuple(tuple(h["cards"]) for h in hands if h["seat"] == me)
        self.cur = view["turn"] - first
        self.split_done = view["split"][me]
        self.may_split = view["stacks"][me] >= view["stake"] if may_split is None else may_split

    def options(self, hands, cur, split_done, unseen, left, amount):
        """{"stay" | "hit" | ("split", v): expected chips}, every later choice made to maximise them."""
        out = {"stay": self.advance(hands, cur, split_done, unseen, left, amount)}
        cards = hands[cur]
        if len(cards) < 6 and left > 4:
            n = sum(unseen)
            v = 0.0
            for i, c in enumerate(unseen):
                if c:
                    grown = (*hands[:cur], (*cards, VALUES[i]), *hands[cur + 1:])
                    rest = (*unseen[:i], c - 1, *unseen[i + 1:])
                    if len(cards) + 1 == 6:  # a full hand is finished at once
                        v += c / n * self.advance(grown, cur, split_done, rest, left - 1, amount)
                    else:
                        v += c / n * self.best(grown, cur, split_done, rest, left - 1, amount)
            out["hit"] = v
        if not split_done and self.may_split:
            for value in sorted(set(cards)):
                if cards.count(value) >= 2:
                    keep = list(cards)
                    del keep[len(keep) - 1 - keep[::-1].index(value)]  # the engine moves the last one
                    split = (*hands[:cur], tuple(keep), (value,), *hands[cur + 1:])
                    out[("split", value)] = self.best(split, cur, True, unseen, left, amount + self.stake)
        return out

    def best(self, hands, cur, split_done, unseen, left, amount):
        return max(self.options(hands, cur, split_done, unseen, left, amount).values())

    def advance(self, hands, cur, split_done, unseen, left, amount):
        if cur + 1 < len(hands):
            return self.best(hands, cur + 1, split_done, unseen, left, amount)
        order = self.earlier + tuple((sum(h), True, self.stake) for h in hands)
        return sum(p * bf_settle(order, d, amount, self.jackpots) for d, p in bf_dealer(self.up, unseen).items())

    def root(self):
        return self.options(self.hands, self.cur, self.split_done, self.unseen, self.left, self.amount)


def _key(action):
    return ("split", action.value) if action.kind == "split" else action.kind


def _stub(view, hits, stack=None):
    """The view with at most ``hits`` cards left to hit before the dealer's reserve (and optionally another
    stack for the seat), and the legal play actions for it."""
    v = dict(view, deck_left=min(view["deck_left"], 4 + hits))
    if stack is not None:
        v["stacks"] = list(view["stacks"])
        v["stacks"][view["hands"][view["turn"]]["seat"]] = stack
    hand = v["hands"][v["turn"]]
    me = hand["seat"]
    legal = [Action("stay")]
    if len(hand["cards"]) < 6 and v["deck_left"] > 4:
        legal.append(Action("hit"))
    if not v["split"][me] and v["stacks"][me] >= v["stake"]:
        legal += [Action("split", value=x) for x in sorted(set(hand["cards"])) if hand["cards"].count(x) >= 2]
    return v, legal


def _play_positions(seats, seed, rounds=4):
    """Every play decision of a seeded table of sharks (views and their phase)."""
    state = create("kinzo", seats=seats, seed=seed, options={"rounds": rounds})
    agents = [make_agent("shark", "kinzo", seed=s) for s in range(seats)]
    while state.current_seat is not None:
        seat = state.current_seat
        view, legal = state.view(seat), state.legal_actions()
        if view["phase"] == "play":
            yield view
        state.apply(agents[seat].choose(view, legal))


def _phase(view):
    hand = view["hands"][view["turn"]]
    if hand["hand"] == 1:
        return "second"
    return "first" if view["split"][hand["seat"]] else "one"


def _check_exact(view, legal):
    """The solver's values equal the brute force's."""
    values = kai.option_values(view, legal)
    expect = SeatGame(view).root()
    assert {_key(a) for a in values} == set(expect)
    for a, v in values.items():
        assert v == pytest.approx(expect[_key(a)], abs=1e-9), (a, view["hands"], view["deck_left"])


def test_shark_values_match_the_brute_force_with_splits():
    """Stay, hit and split values (and, inside them, every later split, the pair's shared pool and dealer,
    the second hand's jackpot taking the first's stake) against the brute force, at 1e-9, over positions of
    every phase: a hand that may split (now or after hits), the first hand of a split pair, the second."""
    seen = Counter()
    for seats, seed in [(3, 1), (7, 2), (2, 3), (5, 4), (1, 5), (4, 6)]:
        for i, view in enumerate(_play_positions(seats, seed)):
            phase = _phase(view)
            cards = view["hands"][view["turn"]]["cards"]
            pair = phase == "one" and len(set(cards)) < len(cards)
            kind = (phase, pair, min(len(cards), 3))
            if seen[kind] >= 3 or (kind[:2] == ("one", False) and i % 3):
                continue
            hits = 1 + (i + seed) % 3 if phase != "second" else 2 + (i + seed) % 3
            view, legal = _stub(view, hits)
            _check_exact(view, legal)
            seen[kind] += 1
    by_phase = Counter()
    for (phase, pair, _), k in seen.items():
        by_phase[phase, pair] += k
    assert min(by_phase[p] for p in [("one", True), ("one", False), ("first", False), ("second", False)]) >= 5
    assert seen[("one", True, 2)] >= 1  # a pair as dealt


def test_the_last_cards_before_the_reserve():
    """With no hit left (four cards in the deck) or one, where no new pair can form: still the brute force's
    values, whatever the phase."""
    checked = Counter()
    for view in _play_positions(3, 41):
        phase = _phase(view)
        if checked[phase] >= 2:
            continue
        for left in (4, 5):
            stub, legal = _stub(dict(view, deck_left=left), 1)
            _check_exact(stub, legal)
        checked[phase] += 1
    assert checked == {"one": 2, "first": 2, "second": 2}


def test_lone_hands_match_the_brute_force_deep_in_the_deck():
    """A seat that cannot split (short of another stake) is exact with many hits left: full decks."""
    checked = 0
    for view in _play_positions(3, 11):
        if _phase(view) != "one" or checked >= 6:
            continue
        view, legal = _stub(view, 3 + checked % 2, stack=0)
        _check_exact(view, legal)
        checked += 1
    assert checked == 6


def test_second_hand_values_on_a_full_deck():
    """The second hand of a pair, with the whole deck to hit from, and against the brute force on a stub."""
    checked = 0
    for view in _play_positions(2, 21, rounds=8):
        if _phase(view) != "second" or checked >= 3:
            continue
        legal = [Action("stay")] + ([Action("hit")] if view["deck_left"] > 4 else [])
        values = kai.option_values(view, legal)
        stub, stub_legal = _stub(view, 4)
        _check_exact(stub, stub_legal)
        assert set(values) == set(legal)
        checked += 1
    assert checked == 3


def test_regular_values_match_the_brute_force_with_its_blind_spots():
    """The regular: a fresh deck less its own cards and the up card, no earlier hands, a jackpot worth a
    survival, never a split."""
    checked = 0
    for view in _play_positions(4, 31):
        if _phase(view) != "one" or checked >= 5:
            continue
        view, legal = _stub(view, 3)
        legal = [a for a in legal if a.kind != "split"]
        hand = view["hands"][view["turn"]]
        unseen = tuple(6 - hand["cards"].count(v) - (view["dealer_showing"] == v) for v in VALUES)
        game = SeatGame(view, unseen=unseen, earlier=(), jackpots=False, may_split=False)
        expect = game.root()
        values = kai.option_values(view, legal, counting=False, jackpot=False)
        for a, v in values.items():
            assert v == pytest.approx(expect[_key(a)], abs=1e-9)
        checked += 1
    assert checked == 5


def _one_by_one(view, legal):
    """The same values by the solver's state-by-state walk alone (no bulk second-hand starts): a fresh
    :class:`KinzoSolver` asked just as :func:`kai.option_values` asks its own."""
    hands, turn = view["hands"], view["turn"]
    hand = hands[turn]
    seat, cards, stake = hand["seat"], hand["cards"], float(hand["stake"])
    pool, left = kai.table_pool(view), view["deck_left"]
    gain = sum(h["stake"] for h in hands) + view["prize_pot"] - stake
    t, n = sum(cards), len(cards)
    held = tuple(cards.count(v) for v in VALUES)
    if view["split"][seat]:
        solver = kai.KinzoSolver(view["dealer_showing"], stake, gain, [h["total"] for h in hands[:turn]],
                                 split_done=True)
        second = hands[turn + 1]["cards"][0]
        ways = {"stay": lambda: solver.second(second, 1, t, pool, left),
                "hit": lambda: solver.first_hit(t, n, second, pool, left)}
        return {a: ways[a.kind]() for a in legal}
    solver = kai.KinzoSolver(view["dealer_showing"], stake, gain, [h["total"] for h in hands[:turn]],
                             can_split=True)
    ways = {"stay": lambda a: solver.stay_value((t,), pool), "hit": lambda a: solver.one_hit(held, pool, left),
            "split": lambda a: solver.split(held, a.value, pool, left)}
    return {a: ways[a.kind](a) for a in legal}


def test_full_deck_splits_match_the_state_by_state_walk():
    """Early in the deck, where a seat may still split (now or after hits) and the first hand of a pair has
    the whole deck to draw from, the values (second-hand starts solved in bulk) equal the state-by-state
    walk's (itself checked against the brute force above) at 1e-9, for hands with and without a pair."""
    kinds = Counter()
    for view in _play_positions(3, 500, rounds=40):
        seat = view["hands"][view["turn"]]["seat"]
        phase = _phase(view)
        if phase == "second" or view["stacks"][seat] < view["stake"] or view["deck_left"] < 20:
            continue
        cards = view["hands"][view["turn"]]["cards"]
        kind = (phase, phase == "one" and len(set(cards)) < len(cards))
        if kinds[kind] >= 2:
            continue
        legal = _stub(view, 99)[1]
        values = kai.option_values(view, legal)
        expect = _one_by_one(view, legal)
        assert set(values) == set(legal)
        for a in legal:
            assert values[a] == pytest.approx(expect[a], abs=1e-9), (a, view["hands"], view["deck_left"])
        kinds[kind] += 1
        if len(kinds) == 3 and min(kinds.values()) == 2:
            break
    assert kinds == {("one", True): 2, ("one", False): 2, ("first", False): 2}


def test_bulk_tables_are_the_one_pool_sums():
    """The array forms used by the bulk path give the one-pool functions' figures: the dealer's distribution
    bit for bit, a split pair's settlement to rounding. (numpy is optional: without it there is no bulk path.)"""
    np = pytest.importorskip("numpy")
    from game.ai import kinzo_bulk as bulk

    pool = kai.pool_without([2, 2, 5, 1, 6, 6, 3])
    drawn = bulk._multiset_rows(4)
    drawn = drawn[(drawn <= pool).all(axis=1)]
    for left, row in zip((np.array(pool) - drawn).tolist(), bulk.dealer_table(np.array(pool) - drawn), strict=True):
        assert tuple(row.tolist()) == kai._dealer(tuple(left))[0]
    for up, earlier, jackpots in [(3, (), True), (5, (14, 9), True), (1, (7,), False)]:
        table = bulk.pair_settle(up, 20.0, 90.0, earlier, jackpots)
        for first in range(0, 37, 5):
            for second in range(1, 37, 4):
                want = kai.settle_row(up, 20.0, 90.0, earlier, jackpots, (first, second))
                assert table[first, second].tolist() == pytest.approx(want, abs=1e-12)


_BLOCKED_SOLVE = """
import json, sys
for name in json.loads(sys.argv[1]):
    sys.modules[name] = None  # an import of any of them now fails, as it would in the app
from game.ai import kinzo as kai
from game.engine.core import Action
assert kai._bulk() is not None, "the bulk solve did not import"
view = json.load(sys.stdin)
hand = view["hands"][view["turn"]]
pair = [v for v in set(hand["cards"]) if hand["cards"].count(v) >= 2]
legal = [Action("stay"), Action("hit"), *(Action("split", value=v) for v in pair)]
print(json.dumps([[repr(a), v] for a, v in kai.option_values(view, legal).items()]))
"""


def _numpy_left_out() -> list[str]:
    """The numpy packages build.spec leaves out of the app (its ``numpy_unused`` list, read, not copied)."""
    import ast
    from pathlib import Path

    spec = (Path(__file__).resolve().parents[1] / "build.spec").read_text()
    for node in ast.walk(ast.parse(spec)):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "numpy_unused" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError("build.spec has no numpy_unused list")


def test_the_bulk_solve_needs_none_of_the_numpy_the_app_leaves_out(monkeypatch):
    """build.spec leaves numpy.random, fft, ma and the rest out of the app: with every one of them unimportable
    (a fresh interpreter, so nothing was imported before), the bulk solve of a full-deck pair still runs and
    gives the state-by-state walk's values."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    pytest.importorskip("numpy")
    left_out = _numpy_left_out()
    assert "numpy.random" in left_out and "numpy" not in left_out

    def pair_early(view):
        hand = view["hands"][view["turn"]]
        return (_phase(view) == "one" and view["deck_left"] >= 25 and len(set(hand["cards"])) == 1
                and view["stacks"][hand["seat"]] >= view["stake"])

    view = next(v for v in _play_positions(3, 500, rounds=40) if pair_early(v))
    env = {k: v for k, v in os.environ.items() if k != "CANTINA_PURE_KINZO"}
    out = subprocess.run([sys.executable, "-c", _BLOCKED_SOLVE, json.dumps(left_out)], input=json.dumps(view),
                         capture_output=True, text=True, timeout=300, env=env,
                         cwd=Path(__file__).resolve().parents[1])
    assert out.returncode == 0, out.stderr
    got = dict(json.loads(out.stdout))
    monkeypatch.setattr(kai, "_BULK", False)  # the pure-Python walk, in this process
    monkeypatch.setattr(kai, "_SOLVERS", {})
    hand = view["hands"][view["turn"]]
    legal = [Action("stay"), Action("hit"), Action("split", value=hand["cards"][0])]
    expect = kai.option_values(view, legal)
    assert set(got) == {repr(a) for a in legal}
    for a in legal:
        assert got[repr(a)] == pytest.approx(expect[a], abs=1e-9)


# ------------------------------------------------------------------------------ against the real engine
def _round_net(state, seat, agent):
    """Play ``state`` on to the end of its round with ``agent`` for every decision; the seat's net chips."""
    while True:
        view, legal = state.view(state.current_seat), state.legal_actions()
        for event in state.apply(agent.choose(view, legal)):
            if event.kind == "round_over":
                return event.data["net"][seat]


def _monte_carlo(state, continuations, seed):
    """Mean and standard error of the seat's round net over seeded determinized continuations."""
    seat = state.current_seat
    rng = Rng(seed)
    agent = make_agent("shark", "kinzo", seed=seed)
    nets = [_round_net(state.determinize(seat, rng), seat, agent) for _ in range(continuations)]
    mean = sum(nets) / len(nets)
    var = sum((x - mean) ** 2 for x in nets) / (len(nets) - 1)
    return mean, math.sqrt(var / len(nets))


def _positions_where(seats, want, options, tables=20):
    """The first position of each round, over seeded tables of sharks, where ``want(view)`` holds."""
    for seed in range(tables):
        state = create("kinzo", seats=seats, seed=seed, options=options)
        agents = [make_agent("shark", "kinzo", seed=s) for s in range(seats)]
        taken = set()
        while state.current_seat is not None:
            seat = state.current_seat
            view, legal = state.view(seat), state.legal_actions()
            if view["phase"] == "play" and view["round"] not in taken and want(view):
                taken.add(view["round"])
                yield state.clone(), view, legal
            state.apply(agents[seat].choose(view, legal))


def _second_hand(view):
    return _phase(view) == "second"


def _last_and_all_in(view):
    seat = view["hands"][view["turn"]]["seat"]
    return _phase(view) == "one" and view["turn"] == len(view["hands"]) - 1 and view["stacks"][seat] < view["stake"]


@pytest.mark.parametrize(("seats", "want", "options"), [
    (1, _second_hand, {"rounds": 30}),  # a split seat alone at the table: both hands, one dealer
    (3, _last_and_all_in, {"rounds": 1, "stack": 100, "limit": 100}),  # no split left; earlier hands roll first
])
def test_dp_value_is_what_the_engine_pays(seats, want, options):
    """From real positions where no later hand can interfere, the shark's policy played on in seeded
    determinized engine continuations earns, on average, the DP's value (99.9 % interval)."""
    checked = 0
    for state, view, legal in _positions_where(seats, want, options):
        values = kai.option_values(view, legal)
        dp = max(values.values())
        mean, se = _monte_carlo(state, 4000, seed=checked + 1)
        assert abs(mean - dp) <= 3.29 * se, (dp, mean, se)
        checked += 1
        if checked == 2:
            break
    assert checked == 2


# ------------------------------------------------------------------------------ the coach
def _walk(seats, seed, rounds=6):
    state = create("kinzo", seats=seats, seed=seed, options={"rounds": rounds})
    agents = [make_agent("regular", "kinzo", seed=s) for s in range(seats)]
    while state.current_seat is not None:
        seat = state.current_seat
        yield state.view(seat), state.legal_actions()
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))


def test_coach_shows_the_dp_values():
    phases = set()
    for view, legal in _walk(2, seed=21):
        advice = advise("kinzo", view, legal)
        assert [a["action"] for a in advice] == list(legal) and sum(a["best"] for a in advice) == 1
        phases.add(view["phase"])
        if view["phase"] == "play":
            values = kai.option_values(view, legal)
            assert [a["ev"] for a in advice] == [values[a] for a in legal]
            assert all(a["exact"] for a in advice)
        elif view["phase"] == "stake":
            assert not any(a["exact"] for a in advice)  # an estimate, and it says so
    assert {"stake", "play", "dice"} <= phases
