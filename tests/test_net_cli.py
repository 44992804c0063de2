"""``cantina serve`` and ``cantina join --agent`` as real processes on 127.0.0.1: a whole session, a client
killed mid-session and rejoined with its token, every event each client logged equal to ``visible_to`` of its
seat in the server's log of full events, and the summary as the serve's last line."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from game.engine import Event

SAFETY = 20.0


def _start(*args: str, **kw: Any) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "game", *args], text=True, **kw)


def _lines(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _visible(full: dict[str, Any], seat: int) -> dict[str, Any]:
    return json.loads(json.dumps(Event(full["kind"], full["seat"], full["data"], full.get("secret")).visible_to(seat)))


def test_serve_and_join_processes_with_a_client_killed_and_rejoined(tmp_path: Path) -> None:
    server_log, logs = tmp_path / "server.jsonl", [tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "a2.jsonl"]
    serve = _start("serve", "kinzo", "--agents", "novice,remote,remote", "--rounds", "8", "--port", "0",
                   "--timeout", "15", "--json", "--log", str(server_log),
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    procs = [serve]
    try:
        assert serve.stderr is not None
        first = serve.stderr.readline()
        assert "ws://127.0.0.1:" in first, first
        url = "ws://" + first.split("ws://")[1].split()[0]
        join = ["--agent", "random", "--think", "0.01"]
        a = _start("join", url, *join, "--agent-seed", "1", "--log", str(logs[0]), stdout=subprocess.PIPE,
                   stderr=subprocess.PIPE)
        procs.append(a)
        while not _lines(logs[0]):
            time.sleep(0.02)  # a has its seat before b joins: seats are given in joining order
        b = _start("join", url, *join, "--agent-seed", "2", "--log", str(logs[1]), stdout=subprocess.PIPE,
                   stderr=subprocess.PIPE)
        procs.append(b)
        deadline = time.monotonic() + SAFETY
        while len(_lines(logs[0])) < 12:  # the seat line and some events: mid-session
            assert time.monotonic() < deadline and a.poll() is None, "the session did not get going"
            time.sleep(0.01)
        a.kill()
        a.wait(5)
        seat_line = _lines(logs[0])[0]
        assert set(seat_line) == {"seat", "token"} and seat_line["seat"] == 1
        a2 = _start("join", url, *join, f"--token={seat_line['token']}", "--log", str(logs[2]),
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        procs.append(a2)
        out_b, err_b = b.communicate(timeout=SAFETY)
        out_a2, err_a2 = a2.communicate(timeout=SAFETY)
        out_s, err_s = serve.communicate(timeout=SAFETY)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    assert serve.returncode == 0, err_s
    assert b.returncode == 0 and a2.returncode == 0, (err_b, err_a2)
    result = json.loads(out_s.strip().splitlines()[-1])
    for key in ("game", "seats", "rounds", "net", "wins", "house", "agents", "seed"):
        assert key in result
    assert result["agents"] == ["novice", "remote", "remote"] and result["rounds"] == 8
    assert sum(result["net"]) + result["house"] == 0
    seed = result.pop("seed")
    for out in (out_b, out_a2):
        assert json.loads(out.strip().splitlines()[-1]) == result, "each client gets the summary without the seed"
    # secrecy: every event each client logged is visible_to(its seat) of the server's full event, in order
    full = [d for d in _lines(server_log)]
    assert [d["step"] for d in full] == list(range(len(full)))
    for path, seat, to_end in ((logs[0], 1, False), (logs[1], 2, True), (logs[2], 1, True)):
        lines = _lines(path)
        assert lines[0]["seat"] == seat and lines[0]["token"]
        steps = [d["step"] for d in lines[1:]]
        assert steps == list(range(steps[0], steps[0] + len(steps))), f"{path.name}: events missed or repeated"
        if to_end:
            assert steps[-1] == len(full) - 1, f"{path.name} did not see the session to its end"
        for d in lines[1:]:
            assert d["event"] == _visible(full[d["step"]]["event"], seat), f"{path.name} step {d['step']}"
        assert str(seed) not in path.read_text(encoding="utf-8")
    assert _lines(logs[2])[0]["token"] == seat_line["token"], "the seat came back with its token"
    assert "0 mismatches" in err_b and "0 mismatches" in err_a2


def test_bench_net_quick_serves_and_measures() -> None:
    out = subprocess.run([sys.executable, "-m", "game", "bench", "net", "--tables", "2", "--think", "0.02", "--quick",
                          "--json"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["tables"] == 2 and data["actions"] > 0 and data["round_trips"] > 0
    assert data["rtt_p50_ms"] > 0 and data["view_mismatches"] == 0


def test_serve_and_join_say_what_is_wrong(capsys: Any) -> None:
    import socket

    from game.__main__ import main

    assert main(["serve", "kinzo", "--agents", "remote,genius", "--port", "0"]) == 2
    assert "unknown agent 'genius'" in capsys.readouterr().err
    assert main(["serve", "kinzo", "--agents", "remote", "--port", "0", "--option", "bogus=1"]) == 2
    assert "'bogus'" in capsys.readouterr().err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "kinzo", "--agents", "remote", "--port", str(port)]) == 2
        assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
    assert main(["join", "http://nowhere", "--agent", "random"]) == 2
    assert "not a table address" in capsys.readouterr().err
