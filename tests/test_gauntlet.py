"""The gauntlet (issue 17): the fixed strategies play legally from the view alone, do what their rule says,
and the bench reports every pair with its interval."""

from __future__ import annotations

import pytest

from game.ai import make_agent
from game.engine import create
from game.engine.core import Action
from game.measure.ai import play_match
from game.measure.gauntlet import (
    BETTING_GAMES,
    FixedAgent,
    HitToAgent,
    betting_rules,
    gauntlet_agent,
    gauntlet_names,
    is_gauntlet_name,
    win_chance,
)
from game.measure.gauntlet_bench import format_gauntlet, gauntlet_bench


def _first_betting_view(game_id: str, seed: int = 5, seats: int = 2) -> tuple[dict, list[Action]]:
    """Play regulars until the first betting decision and return its view and legal actions."""
    state = create(game_id, seats=seats, seed=seed, options={"rounds": 3})
    agents = [make_agent("regular", game_id, seed=s) for s in range(seats)]
    while state.current_seat is not None:
        view, legal = state.view(state.current_seat), state.legal_actions()
        if FixedAgent.is_betting(legal) and any(a.kind in ("raise", "bet") for a in legal):
            return view, legal
        state.apply(agents[state.current_seat].choose(view, legal))
    raise AssertionError(f"no betting decision in {game_id}")


def test_every_listed_name_builds_and_bad_names_say_why() -> None:
    for g in (*BETTING_GAMES, "kinzo"):
        names = gauntlet_names(g)
        assert names and len(set(names)) == len(names)
        for name in names:
            assert is_gauntlet_name(name)
            assert gauntlet_agent(name, g, seed=1).name == name
    assert len(gauntlet_names("hintaro")) == 2 * len(betting_rules())
    assert len(gauntlet_names("street_hintaro")) == len(betting_rules())  # forced throws: one base
    for bad, game in [("rock", "hintaro"), ("rock@1.5", "hintaro"), ("maniac@0.3", "hintaro"),
                      ("rock@x", "hintaro"), ("hitto@12", "hintaro"), ("maniac", "kinzo"), ("hitto@n", "kinzo"),
                      ("hitto@12:all", "kinzo"), ("maniac+boss", "hintaro")]:
        with pytest.raises(ValueError):
            gauntlet_agent(bad, game, seed=1)
    with pytest.raises(ValueError, match="no gauntlet"):
        gauntlet_names("nope")


@pytest.mark.parametrize("game_id", BETTING_GAMES)
def test_rules_do_what_they_say(game_id: str) -> None:
    view, legal = _first_betting_view(game_id)
    plain = [a for a in legal if not a.get("items")]
    raises = sorted((a for a in plain if a.kind in ("raise", "bet", "complete", "allin")),
                    key=lambda a: a.get("amount") or 0)
    assert gauntlet_agent("maniac+regular", game_id, 1).choose(view, legal) == raises[-1]
    assert gauntlet_agent("minraiser+regular", game_id, 1).choose(view, legal) == raises[0]
    station = gauntlet_agent("station+regular", game_id, 1).choose(view, legal)
    assert station.kind in ("check", "call") or (station == raises[0] and not any(
        a.kind in ("check", "call", "fold", "drop", "concede") for a in legal))
    p = win_chance(view, game_id)
    assert 0.0 <= p <= 1.0
    sure = gauntlet_agent("rock@0.0+regular", game_id, 1).choose(view, legal)
    never = gauntlet_agent("rock@1.0+regular", game_id, 1).choose(view, legal)
    assert sure in legal and never in legal
    if p < 1.0:  # a rock that needs certainty never puts a chip in it need not
        assert never.kind not in ("raise", "bet", "complete", "allin") or not any(
            a.kind in ("check", "call", "fold", "drop", "concede") for a in legal)
    shove = gauntlet_agent("shove@0.00+regular", game_id, 1).choose(view, legal)
    assert shove == raises[-1]


def test_hit_to_n_hits_below_n_and_names_its_stake() -> None:
    state = create("kinzo", seats=2, seed=3, options={"rounds": 2})
    seen_hit = seen_stay = False
    agents = [HitToAgent(9, "max"), HitToAgent(9, "min")]
    while state.current_seat is not None:
        seat = state.current_seat
        view, legal = state.view(seat), state.legal_actions()
        action = agents[seat].choose(view, legal)
        assert action in legal
        if action.kind == "stake":
            amounts = [a.amount for a in legal]
            assert action.amount == (max(amounts) if seat == 0 else min(amounts))
        elif action.kind in ("hit", "stay"):
            total = view["hands"][view["turn"]]["total"]
            if action.kind == "hit":
                seen_hit = True
                assert total < 9
            else:
                seen_stay = True
                assert total >= 9 or not any(a.kind == "hit" for a in legal)
        state.apply(action)
    assert seen_hit or seen_stay


@pytest.mark.parametrize("game_id", (*BETTING_GAMES, "kinzo"))
def test_every_strategy_plays_legal_sessions(game_id: str) -> None:
    """Each rule (over the regular's other play, to keep it quick) finishes sessions heads-up and at four seats;
    play_match refuses illegal actions by raising."""
    names = gauntlet_names(game_id, bases=("regular",))
    if game_id == "kinzo":
        names = [n for n in names if n.split("@")[1].split(":")[0] in ("4", "12", "20")]
    for name in names:
        for seats in (2, 4) if game_id != "street_hintaro" else (2,):
            res = play_match(game_id, "regular", name, 1, 2, seats=seats, seed=7, timed=False)
            assert res.rounds[0] >= 1


def test_bench_reports_every_pair_with_an_interval() -> None:
    result = gauntlet_bench(["hintaro"], sessions=3, rounds=3, names=["maniac", "rock@0.7"], seats=(2, 4))
    pairs = result["games"]["hintaro"]["pairs"]
    assert [(p["strategy"], p["seats"]) for p in pairs] == [("maniac", 2), ("maniac", 4), ("rock@0.7", 2),
                                                            ("rock@0.7", 4)]
    for p in pairs:
        lo, hi = p["ci95"]
        assert lo <= p["per_round"] <= hi and p["beaten"] == (lo > 0) and p["sessions"] == 3
    text = format_gauntlet(result)
    assert "rock@0.7" in text and "4 seats" in text
    with pytest.raises(ValueError, match="no gauntlet"):
        gauntlet_bench(["nope"])


def test_street_answers_are_not_free() -> None:
    """Street Hintaro's view carries no ``to_call``: a bet to answer still costs, so a rock that needs
    certainty concedes it rather than calling."""
    state = create("street_hintaro", seats=2, seed=2, options={"rounds": 5})
    agents = [make_agent("regular", "street_hintaro", seed=s) for s in range(2)]
    seen = 0
    while state.current_seat is not None and seen < 3:
        seat = state.current_seat
        view, legal = state.view(seat), state.legal_actions()
        kinds = {a.kind for a in legal}
        if kinds == {"call", "concede"} and win_chance(view, "street_hintaro") < 1.0:
            seen += 1
            assert gauntlet_agent("rock@1.0+regular", "street_hintaro", 1).choose(view, legal).kind == "concede"
            assert gauntlet_agent("station+regular", "street_hintaro", 1).choose(view, legal).kind == "call"
        state.apply(agents[seat].choose(view, legal))
    assert seen


def test_bench_ai_gauntlet_flag_runs_the_gauntlet(monkeypatch, capsys) -> None:
    """``bench ai --gauntlet --game G --json`` reaches gauntlet_bench with the chosen games and prints its JSON."""
    import json

    import game.measure.gauntlet_bench as gb
    from game.__main__ import main

    seen = {}

    def fake(games: list[str] | None, quick: bool) -> dict:
        seen.update(games=games, quick=quick)
        return {"games": {}, "quick": quick, "seed": 1, "seconds": 0.0}

    monkeypatch.setattr(gb, "gauntlet_bench", fake)
    assert main(["bench", "ai", "--gauntlet", "--game", "kinzo", "--quick", "--json"]) == 0
    assert seen == {"games": ["kinzo"], "quick": True}
    assert json.loads(capsys.readouterr().out)["quick"] is True
