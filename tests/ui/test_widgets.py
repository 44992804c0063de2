"""Tweens, the scene stack and the input translation: the small machinery under every scene."""

from __future__ import annotations

import pygame
import pytest

from game.ui.input import translate
from game.ui.scene import Scene, SceneStack
from game.ui.tween import Tween, Tweens, ease_in_out_cubic, ease_out_back, ease_out_bounce, ease_out_cubic, linear


@pytest.mark.parametrize("ease", [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back, ease_out_bounce])
def test_easings_start_at_0_and_end_at_1(ease) -> None:
    assert abs(ease(0.0)) < 1e-9 and abs(ease(1.0) - 1) < 1e-9


def test_tween_runs_to_the_end_and_calls_back_once() -> None:
    seen: list[float] = []
    done: list[int] = []
    t = Tween(0.5, seen.append, linear, lambda: done.append(1))
    group = Tweens()
    group.add(t)
    for _ in range(10):
        group.update(0.1)
    assert seen[-1] == 1.0 and done == [1] and not group
    t2 = Tween(1.0, seen.append, linear, lambda: done.append(2))
    t2.finish()
    t2.finish()
    assert done == [1, 2]


class Dummy(Scene):
    def __init__(self, app, transparent: bool) -> None:
        self.app = app
        self.transparent = transparent
        self.size = app.size
        self.log: list[str] = []
        from game.ui.tween import Tweens

        self.tweens = Tweens()

    def enter(self) -> None:
        self.log.append("enter")

    def leave(self) -> None:
        self.log.append("leave")


class FakeApp:
    size = (800, 600)


def test_scene_stack_draws_through_transparent_scenes() -> None:
    app = FakeApp()
    stack = SceneStack()
    base = stack.push(Dummy(app, False))
    over = stack.push(Dummy(app, True))
    assert stack.visible() == [base, over]
    top = stack.push(Dummy(app, False))
    assert stack.visible() == [top]
    stack.pop()
    assert stack.visible() == [base, over]
    new = stack.replace(Dummy(app, True))
    assert over.log[-1] == "leave" and stack.visible() == [base, new]


def test_raw_events_are_translated() -> None:
    pygame.init()
    down = translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 4), button=1))
    assert down is not None and down.kind == "down" and down.pos == (3, 4)
    key = translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, unicode=" ", mod=0))
    assert key is not None and key.action == "skip"
    f11 = translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, unicode="", mod=0))
    assert f11 is not None and f11.action == "fullscreen"
    assert translate(pygame.event.Event(pygame.USEREVENT)) is None
    pygame.quit()


def test_a_menu_buttons_tooltip_never_covers_its_neighbours(app) -> None:
    """The title's column: hovering "Quick table" must not hide "Campaign" above it (it did, at start-up, with
    the pointer resting in the middle of the window)."""
    from game.ui.scenes.title import TitleScene
    from game.ui.widgets import tooltip_rect

    app.go_title()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    app.render()
    screen = app.screen.get_rect()
    rects = [b.rect for b in title.col.buttons]
    for b in title.col.buttons:
        if b.tooltip:
            tip = tooltip_rect(app.text, b.tooltip, b.rect, screen, beside=True)
            assert screen.contains(tip)
            assert not any(tip.colliderect(r) for r in rects), b.label
