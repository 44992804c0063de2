"""One key, one thing: on every screen a table shows, no two live buttons (the action bar, the top bar's Menu,
Odds and Market) answer to the same key. The play-test found Better Hintaro's O opening Trade while the coach's
footer said "O hides", and O also leaving the game on the buy-back screen."""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import frames, press, until

from game.engine import create
from game.engine.core import Action
from game.ui.input import KEY_ACTIONS, Input
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.menu import TableMenu
from game.ui.session import SeatSpec, TableSession, ai_seat


def screen_keys(table) -> list[tuple[int, str]]:
    """Every key a live button on the table's screen answers to, with the button's label (the coach's O is a
    key of its own, not its button's)."""
    keys = [(b.key, b.label) for b in table.buttons if b.key is not None]
    keys += [(b.key, b.label) for b in table.top_buttons() if b.key is not None]
    if table.coach.has_button():
        keys.append((pygame.K_o, "Odds coach"))
    return keys


def clashes(table) -> dict[str, list[str]]:
    by_key: dict[str, list[str]] = {}
    for key, label in screen_keys(table):
        by_key.setdefault(pygame.key.name(key), []).append(label)
    return {k: v for k, v in by_key.items() if len(v) > 1}


def test_the_buy_back_screen_gives_leaving_its_own_key(app) -> None:
    from tests.helpers import ScriptedRng
    from tests.test_better_hintaro import BLANK

    state = create("better_hintaro", seats=2, seed=3, options={"rounds": 5, "shootout": True, "loans": True})
    state.apply(Action("raise", amount=40))
    state.apply(Action("call"))
    state.dice = [["TK", "TK"], ["blank", "blank"]]
    state.rng = ScriptedRng([BLANK], seed=99)
    while state.phase == "reroll":
        state.apply(Action("keep"))
    state.apply(Action("challenge", target=0))
    state.apply(Action("pick", sign="rock"))
    state.apply(Action("pick", sign="scissors"))
    session = TableSession(state, [SeatSpec("Tamsin", pronoun="her"), ai_seat(1, "random")], seed=3)
    table = app.open_table(session)
    assert until(app, table.my_turn)
    assert state.phase == "buyback"
    assert not clashes(table), clashes(table)
    press(app, pygame.K_o)  # the coach's key toggles the coach; it does not leave the game
    assert state.alive[0] and state.phase == "buyback"


@pytest.mark.parametrize("seed", [21, 4])
def test_no_two_buttons_share_a_key_on_any_better_hintaro_screen(app, seed) -> None:
    """Random clicks and keys through the dice, business, trade builder, auctions, stakes and shootouts: at every
    frame the live buttons' keys are all different."""
    seats = [SeatSpec("Ann"), SeatSpec("Ben"), ai_seat(2, "random"), ai_seat(3, "random")]
    session = TableSession.new("better_hintaro", seats, seed=seed, options={"rounds": 4, "loans": True,
                                                                           "shootout": True, "high_stakes": True})
    table = app.open_table(session)
    rng = random.Random(seed)
    keys = [pygame.K_b, pygame.K_t, pygame.K_s, pygame.K_a, pygame.K_o, pygame.K_l, pygame.K_e, pygame.K_p,
            pygame.K_d, pygame.K_c, pygame.K_r, pygame.K_k, pygame.K_h, pygame.K_m, pygame.K_x, pygame.K_1,
            pygame.K_2, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE]
    w, h = app.window_size
    seen: set[str] = set()
    for i in range(700):
        top = app.stack.top
        if isinstance(top, TableMenu):
            app.pop()
        elif isinstance(top, CurtainScene):
            press(app, pygame.K_RETURN)
        if table is app.stack.top:
            frames(app, 1)
            seen.add(str(table.shown.get("phase")) + ("+builder" if table.draft is not None else ""))
            assert not clashes(table), (table.shown.get("phase"), clashes(table))
        if rng.random() < 0.4:
            hs = table.hits() if table is app.stack.top else []
            pos = rng.choice(hs).rect.center if hs and rng.random() < 0.6 else (rng.randrange(w), rng.randrange(h))
            for kind in ("move", "down", "up"):
                app.dispatch(Input(kind, pos=pos, button=1))
        else:
            k = rng.choice(keys)
            app.dispatch(Input("key", key=k, action=KEY_ACTIONS.get(k, ""), char=""))
        if i % 3 == 0:
            frames(app, 1, dt=1 / 20)
        if session.state.is_over:
            break
    assert {"wager", "business"} <= seen, seen


@pytest.mark.parametrize("game", ["hintaro", "street_hintaro", "kinzo", "sabacc_house", "nepunian_spike"])
def test_no_two_buttons_share_a_key_at_any_table(app, game) -> None:
    """The other tables, played with random keys for a while by two people at one screen."""
    seats = [SeatSpec("Ann"), SeatSpec("Ben")]
    session = TableSession.new(game, seats, seed=5)
    table = app.open_table(session)
    rng = random.Random(3)
    keys = [k for k in range(pygame.K_a, pygame.K_z + 1)] + [pygame.K_RETURN, pygame.K_1, pygame.K_2]
    for _ in range(200):
        top = app.stack.top
        if isinstance(top, TableMenu):
            app.pop()
        elif isinstance(top, CurtainScene):
            press(app, pygame.K_RETURN)
        frames(app, 1, dt=1 / 20)
        if table is app.stack.top:
            assert not clashes(table), clashes(table)
        k = rng.choice(keys)
        app.dispatch(Input("key", key=k, action=KEY_ACTIONS.get(k, ""), char=""))
        if session.state.is_over:
            break
