"""The command line: simulate (JSON and table) and bench engine, run as a user would."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.__main__ import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=300)


def test_simulate_json_carries_the_contract_fields() -> None:
    out = run("simulate", "hintaro", "--seats", "3", "--rounds", "200", "--seed", "4", "--agents",
              "random,passive,random", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    for key in ("game", "seats", "rounds", "net", "wins", "ranks", "carried", "house"):
        assert key in data
    assert data["rounds"] == 200 and data["seats"] == 3
    assert sum(data["net"]) + data["house"] == 0, "chips only move between seats and the house"
    assert set(data["ranks"]) <= {"Tukar-Kulro", "Quad Kulro", "Tukar-Tukar", "Kulro-Kulro", "no standing"}


def test_simulate_is_repeatable_from_its_seed() -> None:
    a = run("simulate", "street_hintaro", "--rounds", "100", "--seed", "9", "--json")
    b = run("simulate", "street_hintaro", "--rounds", "100", "--seed", "9", "--json")
    assert a.stdout == b.stdout


def test_simulate_table_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "street_hintaro", "--rounds", "50", "--option", "low_wins=true"]) == 0
    out = capsys.readouterr().out
    assert "Street Hintaro: 50 rounds" in out and "net chips" in out


def test_bad_input_gets_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "poker"]) == 2
    assert "unknown game 'poker'" in capsys.readouterr().err
    assert main(["simulate", "hintaro", "--option", "ante=lots"]) == 2
    assert "'ante'" in capsys.readouterr().err
    assert main(["simulate", "hintaro", "--agents", "genius"]) == 2
    assert "unknown agent" in capsys.readouterr().err


def test_bench_engine_quick_reports_every_game() -> None:
    out = run("bench", "engine", "--quick", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    from game.engine import GAMES

    assert {r["game"] for r in data["results"]} == set(GAMES)
    for r in data["results"]:
        assert r["rounds_per_s"] > 0 and r["clone_us"] > 0 and r["restore_us"] > 0
