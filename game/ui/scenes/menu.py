"""A vertical list of buttons with keyboard focus, the pause menus' shared frame, and the in-table pause menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.draw import panel, shade
from game.ui.input import Input
from game.ui.scene import Scene
from game.ui.widgets import Button, draw_tooltip

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.tables.base import BaseTable


class ButtonColumn:
    """Buttons stacked in a column; Up/Down move the focus, Enter clicks, each keeps its own shortcut.

    One button is lit at a time, the focused one: the mouse moves the focus onto the button it is over, a key
    takes the light off the button the mouse rests on, and the column's primary button starts with the focus
    instead of a colour of its own (a primary fill beside the focus read as two highlighted buttons)."""

    def __init__(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.focus = next((i for i, b in enumerate(buttons) if b.enabled and b.primary),
                          next((i for i, b in enumerate(buttons) if b.enabled), 0))
        for b in buttons:
            b.primary = False
        self.hover_pos = (-1, -1)

    def place(self, x: int, y: int, w: int, h: int, gap: int) -> None:
        for b in self.buttons:
            b.rect = pygame.Rect(x, y, w, h)
            y += h + gap

    def handle(self, ev: Input) -> bool:
        if ev.kind == "move":
            self.hover_pos = ev.pos
            for i, b in enumerate(self.buttons):
                b.handle(ev)
                if b.hover and b.enabled:
                    self.focus = i
            return False
        if ev.kind == "key" and ev.action in ("up", "down"):
            for b in self.buttons:
                b.hover = False
            self.hover_pos = (-1, -1)  # (its tooltip goes too, until the mouse moves)
            step = -1 if ev.action == "up" else 1
            for _ in range(len(self.buttons)):
                self.focus = (self.focus + step) % len(self.buttons)
                if self.buttons[self.focus].enabled:
                    break
            return True
        if ev.kind == "key" and ev.action == "confirm" and self.buttons:
            self.buttons[self.focus].click()
            return True
        return any(b.handle(ev) for b in self.buttons)

    def draw(self, surf: pygame.Surface, text, size: int) -> None:
        for i, b in enumerate(self.buttons):
            b.selected = i == self.focus
            b.draw(surf, text, size)
        for b in self.buttons:
            if b.rect.collidepoint(self.hover_pos) and b.tooltip:
                draw_tooltip(surf, text, b.tooltip, b.rect, beside=True)
                break


class PauseMenu(Scene):
    """What the pause menus share: a column of buttons on a panel headed PAUSED over the dimmed scene, Esc to
    go back, and the rules and settings pages opened over it. A menu sets ``col`` and lays out ``box``."""

    transparent = True
    col: ButtonColumn
    box: pygame.Rect
    u: float
    #: the game whose rules page Rules opens (None: the rules browser's first page)
    game_id: str | None = None

    def rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game_id))

    def settings(self) -> None:
        from game.ui.scenes.settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def handle(self, ev: Input) -> None:
        if ev.kind == "key" and ev.action == "back":
            self.app.pop()
            return
        self.col.handle(ev)

    def draw_frame(self, surf: pygame.Surface, heading_y: int) -> None:
        """The dimmed scene, the panel, and PAUSED ``heading_y`` px (at 1280×720) under the panel's top."""
        shade(surf, 160)
        panel(surf, self.box, theme.PANEL, theme.BRASS, radius=14, width=2)
        self.app.text.blit(surf, "PAUSED", int(40 * self.u), theme.AMBER, "head",
                           midtop=(self.box.centerx, self.box.y + int(heading_y * self.u)))


class TableMenu(PauseMenu):
    """Esc at the table: resume, read the rules, change settings, or leave the table."""

    def __init__(self, app: App, table: BaseTable) -> None:
        super().__init__(app)
        self.table = table
        self.game_id = table.state.game_id
        self.col = ButtonColumn([
            Button("Resume", app.pop, pygame.K_ESCAPE, "Esc", "Back to the table"),
            Button("Rules", self.rules, pygame.K_r, "R", "How this game is played"),
            Button("Settings", self.settings, pygame.K_s, "S", "Speed, sound, colour-blind mode"),
            Button("Leave table", app.go_title, pygame.K_l, "L", "Back to the title screen (the game is lost)"),
        ])

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        u = max(0.5, min(w / 1280, h / 720))
        self.u = u
        bw, bh, gap = int(280 * u), int(46 * u), int(12 * u)
        total = 4 * bh + 3 * gap
        self.box = pygame.Rect(0, 0, bw + int(60 * u), total + int(110 * u))
        self.box.center = (w // 2, h // 2)
        self.col.place(self.box.x + int(30 * u), self.box.y + int(80 * u), bw, bh, gap)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_frame(surf, 18)
        self.col.draw(surf, self.app.text, int(19 * self.u))
