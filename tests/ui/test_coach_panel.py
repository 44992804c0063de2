"""The odds coach at the table: O (or the Odds button) shows, for the person about to act, the coach's options
from that seat's own view; never on an AI's turn, never under the hot-seat curtain, never on the frame loop,
and a failing coach costs nothing but a message."""

from __future__ import annotations

import logging
import threading
from concurrent import futures
from typing import Any

import pygame
import pytest
from conftest import WORKER_GUARD, click, frames, press, settle_workers, until
from test_hotseat import SecretNumbers

import game.ai.coach as coach_ai
from game.ui import draw
from game.ui.coach_panel import NBSP, advice_from, fmt_chips, fmt_pct, pick_rows
from game.ui.scenes.curtain import CurtainScene
from game.ui.session import SeatSpec, TableSession, ai_seat
from game.ui.settings import Settings


@pytest.fixture
def asked(monkeypatch) -> list[tuple[str, dict[str, Any], list[Any]]]:
    """Every question put to the coach (game, view, legal actions), passed on to the real coach."""
    calls: list[tuple[str, dict[str, Any], list[Any]]] = []
    real = coach_ai.advise
    lock = threading.Lock()

    def spy(game_id: str, view: dict[str, Any], legal: list[Any], names: Any = None) -> list[dict[str, Any]]:
        with lock:
            calls.append((game_id, view, list(legal)))
        return real(game_id, view, legal, names)

    monkeypatch.setattr(coach_ai, "advise", spy)
    return calls


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    seen: list[str] = []
    monkeypatch.setattr(draw, "TEXT_HOOK", seen.append)
    return seen


def hintaro_table(app, seats: list[SeatSpec] | None = None, seed: int = 11):
    seats = seats or [SeatSpec("Rook"), ai_seat(1, "passive"), ai_seat(2, "passive")]
    session = TableSession.new("hintaro", seats, seed=seed)
    return app.open_table(session), session.state


def number(text: str) -> float:
    """A number as the panel writes it ("27.8 %", "+11.9", "−3.7", "≈ 43 %")."""
    t = text.replace(NBSP, " ").replace("≈", "").replace("%", "").replace("−", "-").replace(",", "").strip()
    return float(t)


def within(app, cond, limit: int = 600) -> bool:
    """Run frames until ``cond()`` holds or ``limit`` frames pass; before each frame the coach's (and the AI's)
    work under way is let finish, so the answer never depends on how busy the machine is."""
    return until(app, cond, limit=limit, dt=1 / 60, coach=True)


def coach_items(table) -> list[str]:
    return [it.key for it in table.items() if it.key.startswith("coach")]


def test_o_shows_the_options_of_the_person_to_act_and_o_again_hides_them(app, asked) -> None:
    table, state = hintaro_table(app)
    assert until(app, table.my_turn)
    assert table.coach.status() == "hidden" and not coach_items(table) and not asked
    before = pygame.image.tobytes(app.screen, "RGB")

    press(app, pygame.K_o)
    assert app.settings.coach and table.coach.button.selected
    assert within(app, lambda: table.coach.status() == "rows")
    frames(app, 3)
    # what the panel lists is what the coach says for this seat's own view
    view, legal = state.view(0), state.legal_actions()
    direct = coach_ai.COACHES["hintaro"](view, legal)
    rows = table.coach.shown_rows()
    assert [r.label for r, _ in rows] == [e["label"] for e in direct]
    for (r, _), e in zip(rows, direct, strict=True):
        assert abs(number(r.win.split(" · ")[0]) - 100 * e["win"]) <= 0.05 + 1e-9, (r.win, e["win"])
        tolerance = 0.05 if abs(e["ev"]) < 100 else 0.5  # one decimal below 100 chips, whole chips above
        assert abs(number(r.ev) - e["ev"]) <= tolerance + 1e-9, (r.ev, e["ev"])
        assert r.best == e["best"] and e["note"].lower() in r.tip.lower()
    assert sum(r.best for r, _ in rows) == 1
    # asked once, with exactly the seat's view and its legal actions
    assert len(asked) == 1
    game_id, seen_view, seen_legal = asked[0]
    assert game_id == "hintaro" and seen_view == view and seen_view["seat"] == 0 and seen_legal == legal
    # on screen: the panel item, painted once, in its fixed place at the top of the log column: clear of the
    # table, the action bar and every seat's dice and plate, and the log written below it
    rect = table.coach.rect()
    assert rect is not None and "coach" in coach_items(table)
    assert rect == table.coach.dock_rect() and table.log_rect.contains(rect)
    assert not rect.colliderect(table.area) and not rect.colliderect(table.bar_rect)
    assert table.coach.reserved() > rect.bottom - table.log_rect.y
    for seat in range(table.n):
        assert not rect.colliderect(table.seat_geo[seat]["plate"]) and not rect.colliderect(table.pieces_rect(seat))
    assert pygame.image.tobytes(app.screen.subsurface(rect), "RGB") != \
        pygame.image.tobytes(table.background().subsurface(rect), "RGB")
    paints = table.coach.paints
    frames(app, 20)
    assert table.coach.paints == paints and len(asked) == 1, "one decision, one question, one painting"
    # hovering the best row shows its assumptions
    best = next(rr for r, rr in rows if r.best)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=best.center, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    assert "coach_tip" in coach_items(table)
    full = pygame.Surface(app.screen.get_size())
    table.draw(full)  # the panel and its tip, redrawn only where they changed, match a full redraw
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(full, "RGB")

    press(app, pygame.K_o)
    assert not app.settings.coach and table.coach.status() == "hidden" and not coach_items(table)
    frames(app, 2)
    assert pygame.image.tobytes(app.screen.subsurface(rect), "RGB") == \
        pygame.image.tobytes(pygame.image.frombytes(before, app.screen.get_size(), "RGB").subsurface(rect), "RGB")


def test_the_odds_button_toggles_and_the_choice_is_a_setting(app, config_dir) -> None:
    table, _ = hintaro_table(app)
    assert until(app, table.my_turn)
    frames(app, 1)
    b = table.coach.button
    assert table.area.top >= b.rect.bottom and b.rect.right < table.menu_button.rect.x
    click(app, b.rect.center)
    assert app.settings.coach and within(app, lambda: table.coach.status() == "rows")
    click(app, b.rect.center)
    assert not app.settings.coach and table.coach.status() == "hidden"
    s, problems = Settings.from_dict({"coach": True})
    assert s.coach and not problems
    s, problems = Settings.from_dict({"coach": "yes"})
    assert not s.coach and problems
    # a table of AIs has nobody to advise: no button
    demo = app.start_demo("hintaro", seed=2)
    assert not demo.coach.has_button() and demo.coach.top_sig() is None


def test_never_shown_or_asked_on_an_ai_turn(app, asked) -> None:
    app.settings.coach = True
    seats = [ai_seat(0, "passive"), SeatSpec("Rook"), ai_seat(2, "passive")]
    table, state = hintaro_table(app, seats, seed=5)
    ai_turns = mine = 0
    for _ in range(3000):
        if state.round_no >= 2 or state.is_over:
            break
        settle_workers(app)  # the coach's answer is in before the next frame, however loaded the machine
        frames(app, 1, dt=1 / 30)
        seat = state.current_seat
        if table.synced and seat is not None and seat != 1:
            ai_turns += 1
            # between the person's turns the coach is one line that waits (play report item 16), never advice
            assert table.coach.status() == "hidden" and coach_items(table) == ["coach_idle"], \
                "coach shown on an AI's turn"
        if table.my_turn() and table.coach.status() == "rows":
            mine += 1
            assert coach_items(table) == ["coach"]
            press(app, pygame.K_k if table.shown["phase"] == "reroll" else pygame.K_c)
    assert ai_turns and mine >= 2
    assert asked and all(view["seat"] == 1 and view["current_seat"] == 1 for _, view, _ in asked)


def test_hidden_behind_the_hot_seat_curtain(app, asked) -> None:
    app.settings.coach = True
    state = SecretNumbers(2, 7)
    table = app.open_table(TableSession(state, [SeatSpec("Ann"), SeatSpec("Ben")], seed=7))
    painted: list[int] = []
    real_paint = table.painter.paint
    table.painter.paint = lambda surf, incremental: painted.append(1) or real_paint(surf, incremental)

    assert until(app, lambda: isinstance(app.stack.top, CurtainScene))
    frames(app, 3)
    assert not asked and table.coach.status() == "hidden"
    click(app, (640, 360))
    assert within(app, lambda: table.coach.status() not in ("hidden", "thinking"))
    # a game the coach does not know yet: the panel says so, from Ann's view only
    assert table.coach.status() == "empty" and [v["seat"] for _, v, _ in asked] == [0]
    press(app, pygame.K_p)  # Ann passes: the screen goes to Ben behind the curtain
    assert until(app, lambda: isinstance(app.stack.top, CurtainScene))
    painted.clear()
    frames(app, 5)
    assert app.stack.visible() == [app.stack.top], "the curtain is opaque"
    assert not painted, "the table (and its coach panel) is not drawn under the curtain"
    assert table.coach.status() == "hidden" and [v["seat"] for _, v, _ in asked] == [0], "nothing asked for Ben yet"
    press(app, pygame.K_RETURN)
    assert within(app, lambda: table.coach.status() == "empty")
    assert [v["seat"] for _, v, _ in asked] == [0, 1] and painted


def test_a_failing_coach_says_so_and_the_game_goes_on(app, monkeypatch, drawn, caplog) -> None:
    def boom(*_: Any) -> list[dict[str, Any]]:
        raise RuntimeError("coach bug")

    monkeypatch.setattr(coach_ai, "advise", boom)
    app.settings.coach = True
    table, state = hintaro_table(app)
    with caplog.at_level(logging.ERROR, logger="cantina.coach"):
        assert until(app, table.my_turn) and within(app, lambda: table.coach.status() == "error")
        frames(app, 2)
    assert "no advice here" in drawn and "coach" in coach_items(table)
    assert any("coach bug" in (r.exc_text or "") or r.exc_info for r in caplog.records)
    before = len(state.actions)
    press(app, pygame.K_c)
    assert len(state.actions) == before + 1


def test_no_odds_for_a_game_without_a_coach(app, monkeypatch, drawn) -> None:
    monkeypatch.setattr(coach_ai, "advise", lambda *_: [])
    app.settings.coach = True
    table, _ = hintaro_table(app)
    assert until(app, table.my_turn) and within(app, lambda: table.coach.status() == "empty")
    frames(app, 2)
    assert "no odds for this game yet" in drawn


class Gates:
    """A coach that answers only when the test says so: question ``i`` waits on its own gate.

    A question asked on the frame loop is answered at once and noted (the test then fails instead of hanging);
    a gate never opened within WORKER_GUARD means the frame loop waited for the coach (noted the same way).
    """

    def __init__(self, n: int) -> None:
        self.started = [threading.Event() for _ in range(n)]
        self.release = [threading.Event() for _ in range(n)]
        self.asked: list[Any] = []  # the seat each question was asked for
        self.trouble: list[str] = []
        self._lock = threading.Lock()
        self._real = coach_ai.advise

    def advise(self, game_id: str, view: dict[str, Any], legal: list[Any], names: Any = None) -> list[dict[str, Any]]:
        with self._lock:
            i = len(self.asked)
            self.asked.append(view.get("seat"))
        self.started[i].set()
        if threading.current_thread() is threading.main_thread():
            self.trouble.append(f"question {i} was asked on the frame loop")
            return self._real(game_id, view, legal, names)
        if not self.release[i].wait(WORKER_GUARD):
            self.trouble.append(f"question {i} was never let go: the frame loop waited for the coach")
        return self._real(game_id, view, legal, names)


def test_a_slow_coach_never_holds_up_a_frame_and_a_stale_answer_is_never_shown(app, monkeypatch, drawn) -> None:
    """Decision A's question runs and is held; the person acts anyway. Decision B's question is queued behind it
    and the person acts again before it starts: it is cancelled, never asked. Decision C is asked. A's answer,
    let go while C is current, is filed under A and never shown; C's answer is. Every step is ordered by the
    test's gates, so the coach is asked exactly twice however the threads are scheduled."""
    gates = Gates(3)
    monkeypatch.setattr(coach_ai, "advise", gates.advise)
    app.settings.coach = True
    table, state = hintaro_table(app)

    def act_and_wait_for_my_next_turn(key_before) -> None:
        before = len(state.actions)
        press(app, pygame.K_k if table.shown["phase"] == "reroll" else pygame.K_c)
        assert len(state.actions) == before + 1, "the person acted before the coach answered"
        assert until(app, lambda: table.my_turn() and table.coach.current_key() != key_before, limit=3000)

    assert until(app, lambda: table.coach.status() == "thinking", limit=3000)
    a = table.coach.current_key()
    assert gates.started[0].wait(WORKER_GUARD), "the coach's worker never started the question"
    assert not gates.trouble, gates.trouble
    frames(app, 30)  # frames go on while the coach is held: counted in frames, not seconds
    assert table.coach.status() == "thinking" and table.busy()
    assert "thinking…" in drawn and "coach" in coach_items(table), "the panel says it is thinking"
    assert not gates.trouble, gates.trouble

    act_and_wait_for_my_next_turn(a)  # decision B: its question waits behind A's on the one worker
    b = table.coach.current_key()
    assert b != a and table.coach.status() == "thinking" and len(table.coach.work()) == 2
    act_and_wait_for_my_next_turn(b)  # decision C: B's question never started, so it is cancelled
    c = table.coach.current_key()
    assert c not in (a, b) and c[2] == len(state.actions)
    frames(app, 2)
    assert table.coach.status() == "thinking" and len(table.coach.work()) == 2, "A's (running) and C's (queued)"

    gates.release[0].set()  # A answers now, for a decision that is gone
    futures.wait(table.coach.work(), timeout=WORKER_GUARD, return_when=futures.FIRST_COMPLETED)
    frames(app, 3)
    assert table.coach.advice() is None and table.coach.status() == "thinking" and not table.coach.shown_rows()
    assert gates.started[1].wait(WORKER_GUARD), "C's question is asked once A's is done"
    gates.release[1].set()
    assert within(app, lambda: table.coach.status() == "rows")
    assert table.coach.current_key() == c and table.coach.shown_rows()
    assert gates.asked == [0, 0] and not gates.started[2].is_set(), "A and C were asked; B was cancelled unasked"
    assert not gates.trouble, gates.trouble


def test_numbers_in_words() -> None:
    assert fmt_pct(0.278, True) == f"27.8{NBSP}%" and fmt_pct(0.43, False) == f"≈{NBSP}43{NBSP}%"
    assert fmt_pct(0.0, True) == f"0{NBSP}%" and fmt_pct(0.0004, True) == f"<{NBSP}0.1{NBSP}%"
    assert fmt_chips(11.94, True) == "+11.9" and fmt_chips(-522.3, True) == "−522" and fmt_chips(0.01, True) == "0"
    entries = [
        {"label": "Stay", "win": 0.4, "ev": -5.8, "exact": False, "samples": 2000, "best": False, "note": "a note"},
        {"label": "Draw", "win": 0.47, "ev": 4.8, "exact": False, "samples": 2000, "best": True, "note": "a note"},
    ]
    adv = advice_from(entries)
    assert adv.kind == "rows" and [r.win for r in adv.rows] == [f"≈{NBSP}40{NBSP}%", f"≈{NBSP}47{NBSP}%"]
    assert "2,000 samples" in adv.footer and "(2,000 samples)" in adv.rows[1].tip
    assert advice_from([]).kind == "empty"
    assert advice_from([{"label": "x", "win": None, "ev": None}]).kind == "empty"
    many = advice_from([{"label": f"o{i}", "win": 0.1, "ev": float(i % 7), "best": i == 5} for i in range(20)])
    shown, more = pick_rows(many.rows, 8)
    assert len(shown) == 7 and more == 13 and any(r.best for r in shown)
    assert [r.label for r in shown] == sorted((r.label for r in shown), key=lambda s: int(s[1:]))


def test_the_panel_keeps_one_place_beside_the_table_from_decision_to_decision(app, asked) -> None:
    """Issue 14: the coach jumped between corners and covered the table. Its place is fixed at the top of the log
    column whatever the advice says, and the log is written below it (never under it)."""
    table, state = hintaro_table(app)
    app.settings.coach = True
    places = []
    for _ in range(3):
        assert within(app, lambda: table.coach.status() == "rows", limit=3000)
        frames(app, 2)
        rect = table.coach.rect()
        assert rect is not None
        places.append(rect)
        assert table.coach.reserved() >= rect.bottom - table.log_rect.y
        assert not rect.colliderect(table.area) and not rect.colliderect(table.bar_rect)
        key = table.coach.current_key()
        press(app, pygame.K_k if table.shown["phase"] == "reroll" else pygame.K_c)
        assert within(app, lambda k=key: table.coach.current_key() not in (None, k) or state.current_seat is None,
                      limit=3000)
        if state.current_seat is None:
            break
    assert len(places) >= 2 and all(p == places[0] for p in places)
    # the log's first line sits below the panel: the part of the column under the panel shows the panel itself
    below = pygame.Rect(table.log_rect.x, places[0].bottom + 2, table.log_rect.w, 4)
    assert table.log_rect.contains(below)


def test_a_click_on_a_row_plays_the_row_s_own_action(app, asked) -> None:
    """Every row names a move the player can make, and a click on it makes it: a raise row raises to the row's
    amount, which the bar's button would only reach by dragging its slider."""
    table, state = hintaro_table(app)
    assert until(app, table.my_turn)
    press(app, pygame.K_o)
    assert within(app, lambda: table.coach.status() == "rows")
    frames(app, 2)
    rows = table.coach.shown_rows()
    legal = state.legal_actions()
    assert rows and all(r.action in legal for r, _ in rows)
    sized = [(r, rr) for r, rr in rows if getattr(r.action, "amount", None)]
    assert sized, "no raise among the rows: nothing the slider alone would reach"
    row, rect = max(sized, key=lambda x: x[0].action.amount)
    events: list[Any] = []
    real_apply = table.session.apply

    def spy(action: Any) -> Any:
        events.append(action)
        return real_apply(action)

    table.session.apply = spy  # type: ignore[method-assign]
    click(app, rect.center)
    assert events == [row.action], "the click played exactly the row's action"
    assert not table.my_turn() or state.current_seat != 0
