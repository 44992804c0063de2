"""Drive the Hintaro and Street Hintaro tables through whole rounds with clicks and keys, and check that the
engine acted, the log says it in words, and the screen shows the pieces where they belong."""

from __future__ import annotations

import threading
import time

import pygame
import pytest
from conftest import WORKER_GUARD, click, frames, press, until

from game.engine.core import Action
from game.ui import draw
from game.ui.session import SeatSpec, TableSession, ai_seat
from game.ui.tables.hintaro import HintaroTable
from game.ui.tables.street_hintaro import StreetHintaroTable


@pytest.fixture
def drawn_text(monkeypatch) -> list[str]:
    seen: list[str] = []
    monkeypatch.setattr(draw, "TEXT_HOOK", seen.append)
    return seen


def button(table, label_start: str):
    for b in table.buttons:
        if b.label.startswith(label_start):
            return b
    raise AssertionError(f"no button {label_start!r} among {[b.label for b in table.buttons]}")


def test_hintaro_round_played_by_clicks_and_keys(app) -> None:
    seats = [SeatSpec("Rook"), ai_seat(1, "passive"), ai_seat(2, "passive")]
    session = TableSession.new("hintaro", seats, seed=11, options={"rounds": 3})
    table = app.open_table(session)
    assert isinstance(table, HintaroTable) and table.eyes == 0
    state = session.state
    mine: list[Action] = []
    while state.round_no < 2 and not state.is_over:
        assert until(app, lambda: table.my_turn() or state.round_no >= 2 or state.is_over)
        if not table.my_turn():
            break
        before = len(state.actions)
        phase = table.shown["phase"]
        if phase == "reroll":
            click(app, button(table, "Reroll left").rect.center)  # a click on a button
        else:
            press(app, pygame.K_c)  # the Call/Check shortcut
        assert len(state.actions) == before + 1, "the input reached the engine"
        mine.append(state.actions[before])
    kinds = [a.kind for a in mine]
    assert "call" in kinds and "reroll" in kinds
    assert until(app, lambda: state.round_no >= 2 and table.settled())
    log = "\n".join(table.log_lines())
    assert "Rook checks." in log or "Rook calls" in log
    assert "Rook rerolls their" in log
    assert "The Hintaro die" in log


def test_disabled_buttons_do_nothing_when_not_your_turn(app) -> None:
    seats = [ai_seat(0, "passive"), SeatSpec("Rook"), ai_seat(2, "passive")]
    session = TableSession.new("hintaro", seats, seed=5)
    table = app.open_table(session)
    frames(app, 2)  # the opening dice are still tumbling: nobody may act yet
    assert not table.my_turn() and not table.settled()
    assert table.buttons and not any(b.enabled for b in table.buttons)
    for b in table.buttons:
        click(app, b.rect.center)
    press(app, pygame.K_c)
    press(app, pygame.K_d)
    assert session.state.actions == []


def test_street_hintaro_bet_amount_from_slider(app) -> None:
    session = TableSession.new("street_hintaro", [SeatSpec("Rook"), ai_seat(1, "passive")], seed=2)
    table = app.open_table(session)
    assert isinstance(table, StreetHintaroTable)
    state = session.state
    assert until(app, table.my_turn)
    assert table.shown["phase"] == "bet" and table.slider is not None
    lo = table.slider.value
    press(app, pygame.K_PLUS)
    press(app, pygame.K_PLUS)
    want = table.slider.value
    assert want > lo
    press(app, pygame.K_b)
    assert state.actions[-1] == Action("bet", amount=want)
    # play the round out: throw our cubes, check, until round 2
    while state.round_no < 2 and not state.is_over:
        assert until(app, lambda: table.my_turn() or state.round_no >= 2)
        if state.round_no >= 2:
            break
        first = table.buttons[0]
        assert first.enabled
        click(app, first.rect.center)
    assert "Rook opens with a bet of" in "\n".join(table.log_lines())


def test_settled_dice_are_drawn_at_their_seats(app) -> None:
    seats = [SeatSpec("Rook"), ai_seat(1, "passive")]
    session = TableSession.new("hintaro", seats, seed=4)
    table = app.open_table(session)
    assert until(app, table.my_turn)
    table.hover_pos = (-1, -1)
    app._shown_sig = None
    frames(app, 1)
    screen = app.screen
    bg = table.background()
    other = 1  # not the seat to act: no turn glow under its dice
    assert len(table.shown["dice"][other]) == 2
    for i, face in enumerate(table.shown["dice"][other]):
        img = draw.die_face(face, table.die, "silver", app.res)
        x, y = table.die_pos(other, i)
        r = img.get_rect(center=(int(x), int(y)))
        expected = bg.subsurface(r).copy()
        expected.blit(img, (0, 0))
        got = screen.subsurface(r)
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(expected, "RGB"), f"die {i} ({face})"


def test_incremental_frames_match_a_full_redraw(app) -> None:
    table = app.start_demo("hintaro", seed=9)
    for checkpoint in range(8):
        frames(app, 23)
        if checkpoint % 2:  # hover a button (its tooltip appears), then leave it again
            target = table.buttons[checkpoint % len(table.buttons)].rect.center if table.buttons else (5, 5)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0)))
            frames(app, 1)
        shown = app.screen.copy()
        full = pygame.Surface(app.screen.get_size())
        table.draw(full)
        table.painter.forget()
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(full, "RGB"), checkpoint


def test_space_skips_the_current_animation(app) -> None:
    table = app.start_demo("hintaro", seed=1)
    frames(app, 2)
    assert table.beat is not None or table.beats
    queued = len(table.beats) + (table.beat is not None)
    press(app, pygame.K_SPACE)
    assert len(table.beats) + (table.beat is not None) < queued


def test_a_cpu_bound_agent_never_starves_the_frame_loop(app, monkeypatch, drawn_text) -> None:
    """The agent searches on the CPU (a pure-Python busy loop, as a real search is) until the test lets it answer.
    Meanwhile frames keep coming, keep saying who is thinking, and answer a key in the same frame: counted in
    frames, never in seconds. An agent run on the frame loop, or a frame loop that waits for the agent, fails
    the test (the search gives up after WORKER_GUARD and says so) instead of hanging it."""
    from game.ai import PassiveAgent
    from game.ui.scenes.menu import TableMenu

    started, release = threading.Event(), threading.Event()
    trouble: list[str] = []
    spins: list[int] = []

    def search(self, view, legal):
        started.set()
        if threading.current_thread() is threading.main_thread():
            trouble.append("the agent ran on the frame loop")
            return legal[0]
        give_up = time.monotonic() + WORKER_GUARD  # a guard against a hang only: the test never waits this long
        n = 0
        while not release.is_set():
            n += 1  # pure Python: holds the GIL but for the interpreter's switch interval
            if n % 200_000 == 0 and time.monotonic() > give_up:
                trouble.append("never let go: the frame loop waited for the agent")
                break
        spins.append(n)
        return legal[0]

    monkeypatch.setattr(PassiveAgent, "choose", search)
    session = TableSession.new("hintaro", [ai_seat(0, "passive"), ai_seat(1, "passive")], seed=3)
    table = app.open_table(session)
    assert until(app, lambda: table.ai_future is not None, limit=2000)
    assert started.wait(WORKER_GUARD), "the agent's worker never started"
    assert not trouble, trouble
    before = len(session.state.actions)
    name = table.names[session.state.current_seat]

    drawn_text.clear()
    frames(app, 29)  # thirty frames while the search burns a core, the last one painted whole (an
    table.draw(app.screen)  # incremental frame repaints only what changed, so it may not redraw the header)
    assert not trouble, trouble
    assert table.ai_future is not None and not table.ai_future.done() and table.busy()
    assert len(session.state.actions) == before, "nothing moved: the agent has not answered"
    assert f"{name} is thinking…" in " ".join(drawn_text), "the frames say who is thinking"
    press(app, pygame.K_ESCAPE)  # input is answered in the very next frame
    assert isinstance(app.stack.top, TableMenu)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table

    release.set()
    assert until(app, lambda: len(session.state.actions) > before, limit=400, dt=1 / 60)
    assert not trouble and len(spins) == 1 and spins[0] > 0, (trouble, spins)


def test_session_end_shows_results_and_play_again_starts_a_new_table(app) -> None:
    from game.ui.scenes.results import ResultsScene

    session = TableSession.new("street_hintaro", [ai_seat(0, "passive"), ai_seat(1, "random")], seed=6,
                               options={"rounds": 2})
    table = app.open_table(session)
    assert until(app, lambda: isinstance(app.stack.top, ResultsScene), limit=6000)
    results = app.stack.top
    assert sorted(results.rows, key=lambda r: -r[1]) == results.rows
    assert {name for name, _ in results.rows} == {"Vexa", "Grell"}
    press(app, pygame.K_p)
    new = app.stack.top
    assert isinstance(new, StreetHintaroTable) and new is not table and new.session.seed == session.seed + 1


def test_pause_menu_stops_the_table(app) -> None:
    from game.ui.scenes.menu import TableMenu

    table = app.start_demo("hintaro", seed=12)
    frames(app, 5)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TableMenu)
    actions = len(table.state.actions)
    queued = len(table.beats)
    frames(app, 600)
    assert len(table.state.actions) == actions and len(table.beats) == queued
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    assert until(app, lambda: len(table.state.actions) > actions)


def test_hintaro_tables_show_the_fold_and_never_patch_it(app, monkeypatch) -> None:
    """Each event's first beat folds it into ``shown`` with the engine's reducer; when the story ends, what the
    table showed is already exactly the view (the sync changes nothing), and nothing failed to fold or animate."""
    reports: list[str] = []
    monkeypatch.setattr(app, "report", reports.append)
    for game_id, seats in (("hintaro", 4), ("street_hintaro", 2)):
        session = TableSession.new(game_id, [ai_seat(i, "random") for i in range(seats)], seed=7,
                                   options={"rounds": 3})
        table = app.open_table(session)
        syncs: list[bool] = []
        real_sync = table.sync

        def sync(table=table, real_sync=real_sync, syncs=syncs) -> None:
            syncs.append(table.shown == table.state.view(table.eyes))
            real_sync()
        monkeypatch.setattr(table, "sync", sync)
        assert until(app, lambda table=table: table.state.is_over and table.settled(), limit=20000)
        assert len(syncs) > 5 and all(syncs), game_id
    assert not reports


def test_street_hintaro_says_a_win_in_words_not_the_standing_name(app) -> None:
    """The log and the result say "Rook wins 20 with a score of 2", not "with Score 2" (the engine's standing
    name read as a sentence)."""
    from game.ui.tables.street_hintaro import standing_words

    assert standing_words("Score 3") == "a score of 3"
    assert standing_words("Conceded") == "Conceded"
    session = TableSession.new("street_hintaro", [SeatSpec("Rook"), ai_seat(1, "passive")], seed=4,
                               options={"rounds": 6})
    table = app.open_table(session)
    subs: list[str] = []

    def won() -> bool:
        if table.my_turn() and table.settled():
            click(app, next(b for b in table.buttons if b.enabled).rect.center)
        if table.result is not None and table.result.winners:
            subs.append(table.result.sub)
        return any(" wins " in line for line in table.log_lines()) and bool(subs)

    assert until(app, won)
    log = "\n".join(table.log_lines())
    assert "with a score of" in log and "with Score" not in log, log
    assert subs[-1].startswith("with a score of"), subs


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_log_line_stays_inside_the_log_panel(app, monkeypatch, size) -> None:
    """The newest line is drawn bold and continuations are indented: both were wrapped as if plain and flush, so
    they ran past the panel's margin to the window's edge ("Why: Kulro-Kulro is the only standing" cut)."""
    app.resize(size)
    session = TableSession.new("hintaro", [SeatSpec("Rook"), ai_seat(1, "passive")], seed=3)
    table = app.open_table(session)
    frames(app, 2)
    for words in ("Why: Kulro-Kulro is the only standing left after the Hintaro die, and then some more words "
                  "so that it wraps over several lines of the panel.",
                  "Why: Kulro-Kulro is the only standing left after the Hintaro die, long and in bold at the end "
                  "of the log, wrapping more than once across the panel."):
        table.add_log(None, words)
    drawn: list[tuple[str, pygame.Rect, int]] = []
    blit = app.text.blit

    def spy(surf, text, size, *args, **kw):
        rect = blit(surf, text, size, *args, **kw)
        if surf.get_size() == table.log_rect.size:
            drawn.append((text, rect, surf.get_width()))
        return rect

    monkeypatch.setattr(app.text, "blit", spy)
    table.log_panel.forget()
    frames(app, 1)
    lines = [(t, r, w) for t, r, w in drawn if t.strip() and t != "TABLE LOG"]
    assert any("bold at the end" in t for t, _, _ in lines) and any(t.startswith("   ") for t, _, _ in lines)
    margin = int(14 * table.u)
    over = [(t, r.right, w - margin) for t, r, w in lines if r.right > w - margin]
    assert not over, over
