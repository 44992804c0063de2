"""The sabacc AIs (Sabacc House Rules and Nepunian Spike): the engines' ``from_view`` hook, views-only play,
the rollout policies, the evaluator-driven draws, sensible betting, the odds coach, speed and strength.

Strength is measured live from seeded heads-up sessions (nothing hard-coded): each level's chips per round
against the level below, with the cluster-robust 95 % interval of :func:`game.measure.ai.ratio_ci`. The sharks'
clock-based safety stop is switched off in the seeded checks (``no_clock``): a search cut short by a busy
machine would make a seeded result depend on the load, which is not information.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from game.ai import make_agent
from game.ai import sabacc_house as hai
from game.ai import spike as sai
from game.ai.coach import advise
from game.ai.levels import LEVELS
from game.engine import GAMES, create
from game.engine.core import Action, Rng
from game.engine.nepunian_spike.ranks import VALUES
from game.engine.nepunian_spike.ranks import rank_hand as spike_rank
from game.engine.nepunian_spike.table import NepunianSpike
from game.engine.sabacc_house.ranks import DECK
from game.engine.sabacc_house.ranks import rank_hand as house_rank
from game.engine.sabacc_house.table import SabaccHouse
from game.measure.ai import play_match

SABACCS = ("sabacc_house", "nepunian_spike")
SEED = 2024


@pytest.fixture
def no_clock(monkeypatch):
    """Count-only budgets for the sharks (see the module docstring)."""
    for module in (hai, sai):
        monkeypatch.setattr(module, "SHARK_BUDGET", dataclasses.replace(module.SHARK_BUDGET, time_limit=None))


def _sessions(game_id: str, seats: int, seeds: range, agent: str = "random", rounds: int = 4):
    """Every (state, seat to act) of seeded sessions played by ``agent`` at every seat."""
    for seed in seeds:
        state = create(game_id, seats=seats, seed=seed, options={"rounds": rounds, "stack": 200})
        agents = [make_agent(agent, game_id, seed=seed * 10 + s) for s in range(seats)]
        while state.current_seat is not None:
            seat = state.current_seat
            yield state, seat
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))


def _house_cards(st: SabaccHouse) -> list[int]:
    out = [c for s in range(st.n) for c in st.down[s] + st.up[s]]
    out += [c for c in st.petals if c is not None] + st.discard + st.stub + st.muck
    return out + ([st.drawn] if st.drawn is not None else [])


def _spike_cards(st: NepunianSpike) -> list[int]:
    return [c for s in range(st.n) for c in st.hands[s] + st.muck[s]] + st.deck + st.pile + st.spent


# ------------------------------------------------------------------------------------------- from_view
@pytest.mark.parametrize("game_id", SABACCS)
@pytest.mark.parametrize("seats", [2, 3, 6])
def test_from_view_rebuilds_a_state_with_the_same_view(game_id, seats):
    """For every seat at every step of random sessions: the rebuilt state shows that seat exactly its view,
    holds every card once, keeps every chip, offers the seat to act the same choices, and really re-deals
    what the seat cannot see."""
    cls = GAMES[game_id]
    cards_of = _house_cards if game_id == "sabacc_house" else _spike_cards
    n_cards = 62 if game_id == "sabacc_house" else 42
    rng = Rng(seats)
    checked = redealt = 0
    for state, to_act in _sessions(game_id, seats, range(12)):
        for seat in range(seats):
            view = state.view(seat)
            new = cls.from_view(view, rng)
            assert new.view(seat) == view
            assert new.chip_total() == state.chip_total()
            if state.phase != "over":
                assert sorted(cards_of(new)) == list(range(n_cards))
            if seat == to_act:
                assert new.legal_actions() == state.legal_actions()
            redealt += cards_of(new) != cards_of(state)
            checked += 1
    assert checked > 200 and redealt > checked // 2


def test_from_view_refuses_a_spectators_view():
    state = create("sabacc_house", seats=2, seed=1)
    with pytest.raises(ValueError, match="seat's own view"):
        SabaccHouse.from_view(state.view(None), Rng(1))
    state = create("nepunian_spike", seats=2, seed=1)
    with pytest.raises(ValueError, match="seat's own view"):
        NepunianSpike.from_view(state.view(None), Rng(1))


def test_from_view_deals_the_unseen_cards_uniformly():
    """Each card the seat cannot see lands in the other seat's face-down cards as often as any other (3 places
    among all the unseen cards): counted over many rebuilds, every count is within 5 standard deviations."""
    state = create("sabacc_house", seats=2, seed=9)
    view = state.view(0)
    seen = {c for u in view["up"] for c in u} | set(view["down"]) | set(view["petals"]) | set(view["discard"])
    unseen = [c for c in range(62) if c not in seen]
    rng = Rng(3)
    trials = 3000
    counts = Counter(c for _ in range(trials) for c in SabaccHouse.from_view(view, rng).down[1])
    p = view["down_count"][1] / len(unseen)
    mean, sd = trials * p, (trials * p * (1 - p)) ** 0.5
    assert set(counts) <= set(unseen)
    assert all(abs(counts[c] - mean) < 5 * sd for c in unseen)


# ------------------------------------------------------------------------------------------- views only
@pytest.mark.parametrize("game_id", SABACCS)
@pytest.mark.parametrize("level", LEVELS)
def test_choice_depends_only_on_the_view(game_id, level, no_clock):
    """Twin agents with the same seed, one fed the real table, the other a determinized copy (every card it
    cannot see re-dealt, a fresh generator): same views, so the same choices all session long."""
    seats = 3
    state = create(game_id, seats=seats, seed=77, options={"rounds": 6})
    real = [make_agent(level, game_id, seed=s) for s in range(seats)]
    twin = [make_agent(level, game_id, seed=s) for s in range(seats)]
    rng = Rng(99)
    steps = 0
    while state.current_seat is not None:
        seat = state.current_seat
        other = state.determinize(seat, rng)
        assert other.view(seat) == state.view(seat)
        a = real[seat].choose(state.view(seat), state.legal_actions())
        b = twin[seat].choose(other.view(seat), other.legal_actions())
        assert a == b
        state.apply(a)
        steps += 1
    assert steps > 30


@pytest.mark.parametrize("game_id", SABACCS)
def test_rollout_policies_only_play_legal_actions(game_id):
    """The fast policies read the (sampled) state directly; every choice they make is legal."""
    module = hai if game_id == "sabacc_house" else sai
    for seats in (2, 4):
        state = create(game_id, seats=seats, seed=seats, options={"rounds": 12})
        steps = 0
        while state.current_seat is not None:
            action = module.fast_policy(state)
            assert state.check(action) is None, action
            state.apply(action)
            steps += 1
        assert steps > 50


# ------------------------------------------------------------------------------------------- the draws
def _house_draw_table(seat_values: tuple[list[int], list[int]], petal_values: list[int]) -> SabaccHouse:
    """A heads-up table at seat 1's first draw, holding ``(down, up)`` values, with the given petals: each
    wanted card is swapped in from the stub (so the deck stays whole)."""
    state = create("sabacc_house", seats=2, seed=3, options={"rounds": 2})
    while not (state.phase == "draw" and state.current_seat == 1):
        legal = state.legal_actions()
        state.apply(next(a for a in (Action("check"), Action("call"), Action("stay")) if a in legal))

    def put(zone: list, i: int, value: int) -> None:
        j = next(j for j, c in enumerate(state.stub) if DECK[c] == value)
        zone[i], state.stub[j] = state.stub[j], zone[i]

    down, up = seat_values
    for i, v in enumerate(down):
        put(state.down[1], i, v)
    for i, v in enumerate(up):
        put(state.up[1], i, v)
    for i, v in enumerate(petal_values):
        put(state.petals, i, v)
    return state


def _house_hand_after(state: SabaccHouse, action: Action) -> list[int]:
    copy = state.clone()
    copy.apply(action)
    if copy.phase == "drawn" and copy.current_seat == 1:
        return []  # a blind draw: no hand yet
    return [DECK[c] for c in copy.down[1] + copy.up[1]]


@pytest.mark.parametrize("level", ["regular", "shark"])
def test_house_regular_and_shark_take_a_zero_hand_off_the_board(level, no_clock):
    """Down +4 +5 -1, up -1 (total +7) with a -7 among the petals: both readers of the evaluator make a zero
    hand (the buy, or a swap that also balances)."""
    state = _house_draw_table(([4, 5, -1], [-1]), [-7, 9, 8, -9, 10, 3])
    agent = make_agent(level, "sabacc_house", seed=1)
    action = agent.choose(state.view(1), state.legal_actions())
    after = _house_hand_after(state, action)
    assert after and house_rank(after).zero_sum, (action, after)


def test_house_novice_buys_only_the_card_that_makes_zero():
    """No single petal balances +9 (only swaps would): the novice draws blind instead; give it a -9 and it
    buys that."""
    state = _house_draw_table(([4, 5, 1], [-1]), [8, 7, 6, 3, 2, 10])
    novice = make_agent("novice", "sabacc_house", seed=1)
    assert novice.choose(state.view(1), state.legal_actions()) == Action("draw")
    state = _house_draw_table(([4, 5, 1], [-1]), [8, 7, -9, 3, 2, 10])
    assert novice.choose(state.view(1), state.legal_actions()) == Action("buy", slot=2)


def test_house_shark_keeps_a_zero_hand_and_values_a_free_draw(no_clock):
    """Down +4 +4 -9, up +1: zero with a pair, and no petal matches a card held, so every buy or swap breaks
    it. A stub draw can always be thrown away, so the shark values it at least as high as staying (it averages
    the best keep over every card it could bring); it stays or draws, and after a draw it still holds zero."""
    state = _house_draw_table(([4, 4, -9], [1]), [8, 7, 6, 3, 2, 10])
    view = state.view(1)
    agent = make_agent("shark", "sabacc_house", seed=2)
    finals = hai.opponent_finals(view, Rng(5), 12)
    stay = hai.beat_chance(hai.rank_key([4, 4, -9, 1]), finals)
    assert agent._draw_value(view, finals) >= stay
    action = agent.choose(view, state.legal_actions())
    assert action.kind in ("stay", "draw")
    state.apply(action)
    if state.phase == "drawn":
        state.apply(agent.choose(state.view(1), state.legal_actions()))
    assert house_rank([DECK[c] for c in state.down[1] + state.up[1]]).zero_sum


def _spike_play_table(hand_values: list[int], top: int) -> NepunianSpike:
    """A heads-up table at the first play phase; the seat to act holds ``hand_values`` and the discard pile
    shows ``top`` (cards swapped in from the deck)."""
    state = create("nepunian_spike", seats=2, seed=5, options={"rounds": 2})
    assert state.phase == "play"
    seat = state.current_seat

    def put(zone: list, i: int, value: int) -> None:
        j = next(j for j, c in enumerate(state.deck) if VALUES[c] == value)
        zone[i], state.deck[j] = state.deck[j], zone[i]

    for i, v in enumerate(hand_values):
        put(state.hands[seat], i, v)
    put(state.pile, len(state.pile) - 1, top)
    return state


@pytest.mark.parametrize("level", ["regular", "shark"])
def test_spike_regular_and_shark_swap_for_a_zero_hand(level, no_clock):
    """+7 -3 with a -7 on the discard pile: swapping the -3 for it makes a zero hand (a Pair), which both
    evaluator-driven levels take; the novice, blind to the pile, gains a card instead."""
    state = _spike_play_table([7, -3], -7)
    seat = state.current_seat
    action = make_agent(level, "nepunian_spike", seed=1).choose(state.view(seat), state.legal_actions())
    assert action.kind == "swap" and action.source == "discard"
    copy = state.clone()
    copy.apply(action)
    assert spike_rank([VALUES[c] for c in copy.hands[seat]]).zero_sum
    novice = make_agent("novice", "nepunian_spike", seed=1)
    assert novice.choose(state.view(seat), state.legal_actions()) == Action("gain")


# ------------------------------------------------------------------------------------------- the coach
_KEYS = {"action", "label", "win", "split", "tie", "carry", "equity", "ev", "ev_if_called", "ev_if_rational",
         "exact", "samples", "best", "note", "ev_se", "ev_head", "pick", "win_head", "win_words"}


@pytest.mark.parametrize("game_id", SABACCS)
def test_coach_estimates_every_option_with_its_sample_size(game_id):
    """Every option, in order, with a win chance and expected chips, marked as an estimate with its sample
    size; one best option; the same view always gets the same advice, and a determinized twin state (same
    view) gets the same advice too: the coach reads the view only."""
    rng = Rng(4)
    checked = 0
    seen_phases = set()
    for state, seat in _sessions(game_id, 2, range(3), agent="regular", rounds=2):
        view, legal = state.view(seat), state.legal_actions()
        if len(legal) < 2 or checked >= 25:
            continue
        advice = advise(game_id, view, legal)
        assert [a["action"] for a in advice] == list(legal)
        assert sum(a["best"] for a in advice) == 1
        for a in advice:
            assert set(a) == _KEYS and a["label"] and not a["exact"]
            assert isinstance(a["samples"], int) and a["samples"] >= 4
            assert 0.0 <= a["win"] <= 1.0 and isinstance(a["ev"], float)
            if a["action"].kind == "fold":
                assert a["win"] == 0.0
        twin = state.determinize(seat, rng)
        assert advise(game_id, twin.view(seat), twin.legal_actions()) == advice
        seen_phases.add(view["phase"])
        checked += 1
    assert checked >= 15 and len(seen_phases) >= 2


def test_coach_speaks_only_to_the_seat_to_act():
    state = create("nepunian_spike", seats=2, seed=1)
    other = 1 - state.current_seat
    assert advise("nepunian_spike", state.view(other), state.legal_actions()) == []


# ------------------------------------------------------------------------------------------- speed
# ------------------------------------------------------------------------------------------- strength
#: (game, hero, villain, sessions, rounds per session): enough seeded hands for each gap to be significant
LADDER = [
    ("sabacc_house", "novice", "random", 40, 10),
    ("sabacc_house", "regular", "novice", 100, 10),
    ("nepunian_spike", "novice", "random", 40, 10),
    ("nepunian_spike", "regular", "novice", 80, 10),
]
SHARK_MATCH = 20  #: sessions of 10 hands, shark against regular


def _significant(result, game_id: str, hero: str, villain: str) -> None:
    mean, low, high = result.per_round()
    assert low > 0, f"{game_id}: {hero} vs {villain}: {mean:.2f} chips/round, 95% CI [{low:.2f}, {high:.2f}]"


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "hero", "villain", "sessions", "rounds"), LADDER)
def test_each_level_beats_the_one_below(game_id, hero, villain, sessions, rounds):
    """regular > novice > random, heads-up, seats swapped every session, each with its 95 % interval of chips
    per round above zero (the shark's step is below, with its betting)."""
    result = play_match(game_id, hero, villain, sessions, rounds, seed=SEED, timed=False)
    _significant(result, game_id, hero, villain)


def _distance(game_id: str, view) -> int:
    if game_id == "sabacc_house":
        return abs(sum(DECK[c] for c in view["down"] + view["up"][view["seat"]]))
    return abs(sum(VALUES[c] for c in view["hand"]))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", SABACCS)
def test_shark_beats_the_regular_and_bets_sensibly(game_id, no_clock):
    """shark > regular with its 95 % interval above zero; and over the same match its betting is sensible: it
    folds sometimes and raises sometimes, never folds when checking is free, and the hands it raises with are
    nearer zero on average than the hands it folds (calls and raises follow its equity). In the no-limit game
    its raises stay within the pot unless they put it all in for at most twice the pot."""
    bets = []

    def watch(name, view, action):
        if name == "shark" and view["phase"] == "bet":
            bets.append((view, action))

    result = play_match(game_id, "shark", "regular", SHARK_MATCH, 10, seed=SEED, timed=False, on_decision=watch)
    _significant(result, game_id, "shark", "regular")
    folds = [v for v, a in bets if a.kind == "fold"]
    raises = [v for v, a in bets if a.kind in ("bet", "raise", "complete")]
    assert folds and raises
    assert not [v for v in folds if v["to_call"] == 0]  # checking was free
    assert sum(_distance(game_id, v) for v in raises) / len(raises) < sum(
        _distance(game_id, v) for v in folds) / len(folds)
    if game_id == "nepunian_spike":
        for v, a in bets:
            if a.kind == "raise":
                pot = sai.pot_of(v)
                room = v["stacks"][v["seat"]] - v["to_call"]
                assert a.amount <= max(pot, 2 * v["ante"]) or (a.amount == room and room <= 2 * pot)


def test_a_seat_that_raises_every_round_loses_its_credit_within_a_few_hands():
    """A maniac (raises into us every betting round, never shown) must stop being read as holding zero
    within a handful of hands: the shark folded half its hands to random raisers before this was learnt."""
    from game.ai.sabacc import TableReader

    reader = TableReader(sai.ZERO_BASE)
    first = reader.trust(1)
    for hand in range(6):
        for stage in (1, 2, 3):
            reader.observe(hand, [1], [True, True], None, (hand, stage), [1])
    assert first > 0.5  # an unknown seat's raise is trusted at first...
    assert reader.trust(1) < 0.25  # ...a seat raising every round is not, after six hands
    steady = TableReader(sai.ZERO_BASE)
    for hand in range(6):
        for stage in (1, 2, 3):
            steady.observe(hand, [1] if stage == 3 and hand % 3 == 0 else [], [True, True], None, (hand, stage), [1])
    assert steady.trust(1) > 1.5 * reader.trust(1)  # a seat that raises seldom keeps more credit


def test_house_shark_reads_a_random_player_as_careless_and_the_levels_as_not(no_clock):
    """Seeded 20-hand sessions of the House shark against each opponent: a random player's raises and
    showdowns give it away (the search then plays its part of the rollouts at random), while the levels,
    who chase zero, read as competent nearly all the time."""
    from game.ai.sabacc import at_random

    for opponent, low, high in [("random", 0.6, 1.0), ("novice", 0.0, 0.1), ("regular", 0.0, 0.05)]:
        reads = []
        for i in range(4):
            state = create("sabacc_house", seats=2, seed=300 + i, options={"stack": 1000, "structure": 0,
                                                                         "rounds": 20})
            agents = [make_agent("shark", "sabacc_house", seed=i), make_agent(opponent, "sabacc_house", seed=i + 1)]
            while state.current_seat is not None:
                seat = state.current_seat
                if seat == 0:
                    reads.append(agents[0].reader.careless(1))
                state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        late = reads[len(reads) // 2:]
        assert low <= sum(late) / len(late) <= high, (opponent, sum(late) / len(late))
    # the careless share of a search's samples plays that seat uniformly at random, by the sample's generator
    state = create("sabacc_house", seats=2, seed=5)
    seen = Counter()
    for k in range(60):
        sample = SabaccHouse.from_view(state.view(state.current_seat), Rng(k))
        play = at_random(lambda st: pytest.fail("the careless seat used the model"), frozenset({sample.current_seat}))
        seen[play(sample)] += 1
    assert set(seen) == set(state.legal_actions()) and min(seen.values()) >= 8


def test_reader_learns_that_a_seat_calls_only_with_strength():
    """A seat seen calling our bets only with hands near zero (and folding to others) reads as a strength
    caller, with a limit; a seat shown calling with a far hand, or one that never folds, does not."""
    from game.ai.sabacc import STRONG_CALL_TOTAL, TableReader

    def play(totals: list[int | None]) -> TableReader:
        """Per hand: we bet into seat 1; it calls and shows ``total``, or folds (None)."""
        reader = TableReader(sai.ZERO_BASE)
        for hand, total in enumerate(totals):
            reader.observe(hand, [], [True, True], None, (hand, 1), [1])
            reader.we_bet([1])
            live = [True, total is not None]
            reader.observe(hand, [], live, None, (hand, 2), [1] if total is not None else [])
            shown = None if total is None else {1: total == 0}
            reader.observe(hand + 1, [], [True, True], shown, None, (), None if total is None else {1: total})
        return reader

    strong = play([1, None, 0, None, 2, None])
    assert strong.call_limit(1) == 3 and strong.call_limit(1) <= STRONG_CALL_TOTAL
    assert play([1, 0, 2]).call_limit(1) is None  # never folded: calls are no sign of strength
    assert play([1, None, 9, 0]).call_limit(1) is None  # once called far from zero
    assert play([1, None]).call_limit(1) is None  # too little seen
    assert strong.call_rate(1) < 0.6  # the mixture's call share still follows what it did


def test_spike_shark_answers_a_strength_caller_by_its_hand():
    """In the Spike shark's rollouts a seat read as a strength caller calls a bet within its limit of zero and
    folds beyond it, in every sample (not at random whatever it holds)."""
    state = create("nepunian_spike", seats=2, seed=11, options={"rounds": 3})
    while state.phase != "bet":
        state.apply(make_agent("regular", "nepunian_spike", seed=1).choose(state.view(state.current_seat),
                                                                            state.legal_actions()))
    me = state.current_seat
    other = 1 - me
    view = state.view(me)
    raise_ = next(a for a in state.legal_actions() if a.kind == "raise")
    for calls in (False, True):
        policy = sai.answer_policy(view, calls, {other: 2})
        for k in range(20):
            sample = NepunianSpike.from_view(view, Rng(k))
            sample.apply(raise_)
            if sample.current_seat != other:
                continue
            total = abs(sum(VALUES[c] for c in sample.hands[other]))
            assert policy(sample).kind == ("call" if total <= 2 else "fold")


def test_house_shark_answers_a_strength_caller_by_its_hand():
    """The House shark reads a strength caller as the Spike shark does: in its rollouts such a seat calls a
    bet within its limit of zero and folds beyond it, in every sample; the others answer as before."""
    state = create("sabacc_house", seats=2, seed=11, options={"rounds": 3, "structure": 0})
    while not (state.phase == "bet" and any(is_raise(a) for a in state.legal_actions())):
        state.apply(make_agent("regular", "sabacc_house", seed=1).choose(state.view(state.current_seat),
                                                                         state.legal_actions()))
    me = state.current_seat
    other = 1 - me
    view = state.view(me)
    raise_ = next(a for a in state.legal_actions() if is_raise(a))
    seen = Counter()
    for calls in (False, True):
        policy = hai.answer_policy(view, calls, {other: 2})
        free = hai.answer_policy(view, True)
        for k in range(30):
            sample = SabaccHouse.from_view(view, Rng(k))
            sample.apply(raise_)
            if sample.current_seat != other:
                continue
            total = abs(sum(DECK[c] for c in sample.down[other]) + sum(DECK[c] for c in sample.up[other]))
            answer = policy(sample).kind
            seen[answer] += 1
            assert answer == ("fold" if total > 2 else "call" if sample.cur_bet - sample.wager[other]
                              <= sample.stacks[other] else "allin")
            assert free(sample).kind != "fold"  # without the read, a calling sample calls whatever it holds
    assert seen["fold"] and sum(seen.values()) >= 20


def is_raise(a: Action) -> bool:
    return hai.is_aggressive(a)
