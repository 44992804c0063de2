"""One highlighted button at a time on the title screen and the menus (the play-test saw the keyboard's focus
and the primary colour, or the mouse's hover, light two at once), and the seat buttons' tooltips on the quick
table never cover a seat's row."""

from __future__ import annotations

import pygame
from conftest import frames, press

from game.ui.input import Input
from game.ui.scenes import setup as setup_mod
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.widgets import tooltip_rect


def lit(buttons) -> list[str]:
    """The buttons drawn in a highlighted look (focus, hover or the primary fill)."""
    return [b.label for b in buttons if b.enabled and (b.hover or b.selected or b.primary)]


def test_the_title_lights_one_button_whatever_the_mouse_and_keys_do(app) -> None:
    app.go_title()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    frames(app, 1)
    buttons = title.col.buttons
    assert lit(buttons) == ["Quick table"], lit(buttons)  # Enter plays the lit one
    rules = next(b for b in buttons if b.label == "Rules")
    app.dispatch(Input("move", pos=rules.rect.center))
    frames(app, 1)
    assert lit(buttons) == ["Rules"]
    press(app, pygame.K_DOWN)  # the keys move the light; the mouse still rests on Rules
    frames(app, 1)
    assert lit(buttons) == ["Settings"], lit(buttons)
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    frames(app, 1)
    assert lit(buttons) == ["Join a table"], lit(buttons)


def test_a_seat_buttons_tooltip_covers_no_seat_row(app, monkeypatch) -> None:
    app.go_title()
    setup = app.push(SetupScene(app))
    setup.change_seats(+10)
    frames(app, 1)
    rows = [b.tag for b in setup.widgets if isinstance(b.tag, pygame.Rect)]
    assert len(rows) >= 2 * len(setup.seats) - 1
    drawn: list[pygame.Rect] = []

    def record(surf, text, tip, anchor, size=15, beside=False, left=False):
        drawn.append(tooltip_rect(text, tip, anchor, surf.get_rect(), size, beside, left))

    monkeypatch.setattr(setup_mod, "draw_tooltip", record)
    for b in [b for b in setup.widgets if isinstance(b.tag, pygame.Rect)]:
        drawn.clear()
        setup.hover_pos = b.rect.center
        setup.draw(app.screen if hasattr(app, "screen") else pygame.display.get_surface())
        assert drawn, b.label
        assert not any(drawn[0].colliderect(r) for r in rows), (b.label, drawn[0])
