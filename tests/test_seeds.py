"""Agent seeds never give away the table's seed (issue 17).

An agent is handed its seed. When that seed was ``table seed × 131 + seat`` (simulate), ``× 7919 + seat``
(bench), ``× 31 + seat`` (quick tables) or a splitmix64 mix of the table's seed (the campaign, invertible in
about 2^16 guesses), an agent could work the table's seed out, rebuild the table with ``create()`` and know the
deck and the dice. Every agent seed is now :func:`game.ai.seeds.agent_seed`, BLAKE2b keyed with a table secret.

These tests collect the seeds every layer really hands its agents, then (1) check them against simple functions
of the table's seed, (2) let an "inverting" agent try the old derivations and every table seed up to 2^16 (and
run the campaign's splitmix derivation backwards), and (3) check that seeded runs and saved campaigns still
replay exactly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest

import game.ai
from game.ai import seeds
from game.ai.seeds import agent_seed, derive_secret, new_secret, seeded_secret
from game.campaign import saves
from game.campaign.progress import Campaign, CampaignDataError
from game.campaign.table import derive_seed
from game.engine.core import MASK64, Rng

GAMMA = 0x9E3779B97F4A7C15
M1, M2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
#: the old derivations: agent seed = table seed × k + seat
OLD_FACTORS = (131, 7919, 31)
GUESSES = 1 << 16  # the table seeds the inverting agent tries (every seeded run's so far)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path))
    saves._known_good.clear()
    return tmp_path


@contextmanager
def recording(monkeypatch: pytest.MonkeyPatch, *modules: Any) -> Iterator[list[int]]:
    """Every seed handed to ``make_agent`` through ``modules`` (the real agents are still made)."""
    seen: list[int] = []
    real = game.ai.make_agent

    def make_agent(name: str, game_id: str, seed: int | None = None) -> Any:
        seen.append(seed)
        return real(name, game_id, seed)

    for m in modules:
        monkeypatch.setattr(m, "make_agent", make_agent)
    yield seen


# ------------------------------------------------------------------------------------------ the inverting agent
def _unxorshift(x: np.ndarray, r: int) -> np.ndarray:
    y = x.copy()
    for _ in range(64 // r + 1):
        y = x ^ (y >> np.uint64(r))
    return y


def _unmix(z: np.ndarray) -> np.ndarray:
    """splitmix64's output function run backwards (it is a bijection of 64-bit words)."""
    z = _unxorshift(z, 31)
    z = z * np.uint64(pow(M2, -1, 1 << 64))
    z = _unxorshift(z, 27)
    z = z * np.uint64(pow(M1, -1, 1 << 64))
    return _unxorshift(z, 30)


def invert_old_campaign_seed(seed: int, seat: int) -> set[int]:
    """Every 48-bit table seed ``t`` with ``derive_seed(t, seat, 0) == seed`` (the campaign's old agent seeds):
    the 16 bits the output drops are guessed, 2^16 tries, the rest undone step by step."""
    with np.errstate(over="ignore"):
        z = (np.uint64(seed) << np.uint64(16)) | np.arange(1 << 16, dtype=np.uint64)
        st = _unmix(z) - np.uint64(GAMMA)  # the state before the final draw
        st = st - np.uint64(GAMMA)  # part 0 (xor 0, then a draw)
        st = (st - np.uint64(GAMMA)) ^ np.uint64(seat)  # part seat
        t = (st - np.uint64(GAMMA)) ^ np.uint64(0x1057_4A4D)  # part t, from the starting state
    return {int(c) for c in t if int(c) < 1 << 48 and derive_seed(int(c), seat, 0) == seed}


def inverting_agent(seed: int, seat: int) -> set[int]:
    """What an agent that knows the old derivations learns from its own seed: every table seed (up to 2^16
    for the linear ones; any 48-bit one for splitmix) that would have given it this seed."""
    found = set()
    for k in OLD_FACTORS:
        for s in {seat, *range(8)}:  # its seat, or any seat in case the order was shuffled
            if seed >= s and (seed - s) % k == 0 and (seed - s) // k < GUESSES:
                found.add((seed - s) // k)
    found |= invert_old_campaign_seed(seed, seat)
    return found


def test_the_inverting_agent_breaks_the_old_seeds():
    """The attack is real: on the old derivations it finds the table's seed every time."""
    for table_seed in (0, 1, 7, 4242, GUESSES - 1):
        for seat in (0, 1, 3):
            for k in OLD_FACTORS:
                assert table_seed in inverting_agent(table_seed * k + seat, seat)
    for table_seed in (derive_seed(7, 1), derive_seed(123_456, 9), (1 << 48) - 5):
        for seat in (1, 2, 5):
            assert table_seed in invert_old_campaign_seed(derive_seed(table_seed, seat, 0), seat)


# ------------------------------------------------------------------------------------------ the seeds handed out
def _simple_functions(t: int, seat: int, a: int) -> list[str]:
    """Which simple functions of table seed ``t`` (and the seat) give agent seed ``a``: ``t × k + s`` for every
    k up to 100,000 and s up to 64, splitmix64 draws from ``t`` and the campaign's mixes."""
    hits = []
    for s in range(64):
        d = a - s
        if d == 0 and t == 0:
            hits.append(f"0 × k + {s}")
        elif t > 0 and d > 0 and d % t == 0 and d // t <= 100_000:
            hits.append(f"t × {d // t} + {s}")
    rng = Rng(t)
    for i in range(8):
        x = rng.next64()
        if a in (x, x >> 16, x & ((1 << 48) - 1), (x + seat) & MASK64):
            hits.append(f"splitmix draw {i}")
    for parts in ((t, seat, 0), (t, seat), (t,), (seat, t), (t, 0, seat)):
        if a == derive_seed(*parts):
            hits.append(f"derive_seed{parts}")
    return hits


def _check(seeds_by_table: list[tuple[int, int, int]]) -> None:
    """(table seed, seat, agent seed) triples: no simple function, no inversion, no repeats."""
    assert seeds_by_table
    agent_seeds = [a for _, _, a in seeds_by_table]
    assert len(set(agent_seeds)) == len(agent_seeds), "two agents were handed the same seed"
    tables = {t for t, _, _ in seeds_by_table}
    for t, seat, a in seeds_by_table:
        assert 0 <= a < 1 << seeds.SEED_BITS
        assert not _simple_functions(t, seat, a), (t, seat, a, _simple_functions(t, seat, a))
    for t, seat, a in seeds_by_table[:12]:  # 2^16 splitmix inversions each: a dozen is plenty
        guessed = inverting_agent(a, seat)
        assert not guessed & tables, f"the agent at seat {seat} of table {t} recovered its table's seed"


def test_simulate_hands_out_seeds_that_say_nothing_about_the_table(monkeypatch):
    from game.measure import simulate as sim

    triples = []
    with recording(monkeypatch, sim) as seen:
        for seed in (0, 1, 2, 99, 4096):
            seen.clear()
            sim.simulate("hintaro", 3, 1, seed=seed, agents=["random"])
            triples += [(seed, seat, a) for seat, a in enumerate(seen)]
    _check(triples)


def test_bench_hands_out_seeds_that_say_nothing_about_the_table(monkeypatch):
    from game.measure import ai as bench

    with recording(monkeypatch, bench) as seen:
        bench.play_match("hintaro", "random", "passive", 4, 1, seats=3, seed=1, timed=False)
    # session i is table seed 1 + i; its seats' agents are made in seat order
    _check([(1 + i // 3, i % 3, a) for i, a in enumerate(seen)])


def test_the_economy_report_hands_out_seeds_that_say_nothing_about_the_table(monkeypatch):
    from game.measure import economy

    with recording(monkeypatch, economy) as seen:
        economy._agents(["random"], 4, 17)
    _check([(17, seat, a) for seat, a in enumerate(seen)])


def test_quick_tables_key_their_agents_with_a_random_secret(monkeypatch):
    from game.ui import session as ui_session
    from game.ui.session import TableSession, ai_seat

    seats = [ai_seat(i, "random") for i in range(4)]
    with recording(monkeypatch, ui_session) as seen:
        TableSession.new("hintaro", seats, seed=5)
        first = list(seen)
        seen.clear()
        TableSession.new("hintaro", seats, seed=5)
    _check([(5, seat, a) for seat, a in enumerate(first)])
    assert set(first).isdisjoint(seen), "a quick table's agent seeds are fresh every time"
    # a --demo table replays from its seed: the secret is the seeded one, still one-way
    secret = seeded_secret("demo", 5)
    demo = TableSession.new("hintaro", seats, seed=5, secret=secret)
    assert [a.rng.state for a in demo.agents.values()] == [agent_seed(secret, "seat", i) for i in range(4)]


def test_campaign_regulars_get_seeds_that_say_nothing_about_the_sitting(monkeypatch):
    triples = []
    with recording(monkeypatch, game.ai) as seen:
        for number, table in enumerate(("long_table", "street_corner", "long_table"), start=1):
            c = Campaign.new(seed=number * 1000, starting_credits=10_000)
            s = c.sit(table)
            triples += [(s.seed, seat, a) for seat, a in zip(sorted(s.agents), seen, strict=False)]
            assert [s.agent_seed(seat) for seat in sorted(s.agents)] == seen
            # the engine's seed is the old derivation's input; the inverting agent must not find it
            seen.clear()
    _check(triples)
    # and against a random campaign (the game as people play it)
    with recording(monkeypatch, game.ai) as seen:
        c = Campaign.new()
        s = c.sit("long_table")
    _check([(s.seed, seat, a) for seat, a in zip(sorted(s.agents), seen, strict=True)])


# ------------------------------------------------------------------------------------------ the function itself
def test_agent_seed_is_keyed_and_tells_parts_apart():
    k1, k2 = new_secret(), new_secret()
    assert k1 != k2 and len(k1) == seeds.SECRET_BYTES
    assert agent_seed(k1, "seat", 1) == agent_seed(k1, "seat", 1)
    assert agent_seed(k1, "seat", 1) != agent_seed(k2, "seat", 1)
    assert len({agent_seed(k1, "seat", i) for i in range(200)}) == 200
    assert agent_seed(k1, 1, 23) != agent_seed(k1, 12, 3)  # the parts are framed, never run together
    assert agent_seed(k1, 1) != agent_seed(k1, "1")
    assert derive_secret(k1, "sitting", 1) != derive_secret(k1, "sitting", 2)
    assert seeded_secret("simulate", 3) == seeded_secret("simulate", 3) != seeded_secret("bench", 3)
    with pytest.raises(ValueError):
        agent_seed(b"short", 1)
    with pytest.raises(TypeError):
        agent_seed(k1, 1.5)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------ still reproducible
def test_a_seeded_simulate_run_replays_exactly():
    from game.measure.simulate import simulate

    runs = [simulate("hintaro", 3, 40, seed=11, agents=["shark", "regular", "novice"]) for _ in range(2)]
    assert runs[0] == runs[1]
    assert simulate("hintaro", 3, 40, seed=12, agents=["shark", "regular", "novice"]) != runs[0]


def test_a_bench_match_replays_exactly():
    from game.measure.ai import play_match

    a, b = (play_match("hintaro", "shark", "regular", 4, 5, seed=3, timed=False) for _ in range(2))
    assert (a.deltas, a.villain_deltas, a.rounds) == (b.deltas, b.villain_deltas, b.rounds)


def test_the_campaign_secret_is_random_kept_in_the_save_and_the_agents_come_back_the_same():
    c = Campaign.new()
    assert c.secret != seeded_secret("campaign", c.seed), "a new campaign's secret is random, not its seed's"
    s = c.sit("long_table")
    data = c.to_dict()
    assert bytes.fromhex(data["secret"]) == c.secret
    assert s.secret == c.sitting_secret(1) and "secret" not in data["log"][-1], "a sitting's secret is derived"
    again = Campaign.from_dict(json.loads(json.dumps(data)))
    assert again.secret == c.secret and again.session.secret == s.secret
    assert ({seat: a.rng.state for seat, a in again.session.agents.items()}
            == {seat: s.agent_seed(seat) for seat in s.agents})
    assert again.to_dict() == data


def test_a_save_from_before_the_secret_loads_with_one_derived_from_its_seed():
    c = Campaign.new(seed=77)
    c.sit("long_table")
    c.step_ai() if not c.session.human_turn else c.act(c.session.legal_actions()[0])
    data = c.to_dict()
    del data["secret"]
    old = Campaign.from_dict(data)
    assert old.secret == seeded_secret("campaign", 77) == c.secret  # what a campaign seeded with 77 gets
    assert old.session.secret == old.sitting_secret(old.session.number)
    assert old.audit() == [] and old.session.view() == c.session.view()
    # a random campaign's old save: the secret is derived the same way (from a 48-bit seed agents never see)
    r = Campaign.new()
    plain = r.to_dict()
    del plain["secret"]
    assert Campaign.from_dict(plain).secret == seeded_secret("campaign", r.seed)


@pytest.mark.parametrize("bad", ["zz", "abcd", 17, ""])
def test_a_damaged_secret_is_refused(bad):
    data = Campaign.new(seed=3).to_dict()
    data["secret"] = bad
    with pytest.raises(CampaignDataError, match=r"campaign\.secret"):
        Campaign.from_dict(data)
