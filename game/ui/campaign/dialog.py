"""A modal question over whatever is on screen: a title, a few lines, an optional name field, a row of buttons.

Why one class: the campaign asks few questions (delete this save? walk away mid-hand? this save is damaged:
restore the backup?), and each should look and answer the same way: Enter takes the first (primary) answer,
Esc the last (cancel) one, every button has its key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.draw import panel, shade
from game.ui.input import Input
from game.ui.scene import Scene
from game.ui.widgets import Button, TextField, draw_tooltip

if TYPE_CHECKING:
    from game.ui.app import App


@dataclass
class Choice:
    """One answer: its label, what it does (after the dialog closes), a key, a tooltip."""

    label: str
    run: Callable[[], None] | None = None
    key: int | None = None
    key_label: str = ""
    tooltip: str = ""
    primary: bool = False
    enabled: bool = True


class Dialog(Scene):
    """A question; answering closes the dialog first, then runs the answer (which may open another scene)."""

    transparent = True

    def __init__(self, app: App, title: str, lines: list[str], choices: list[Choice],
                 field: TextField | None = None, tone: str = "normal", width: int = 640) -> None:
        super().__init__(app)
        self.title = title
        self.lines = lines
        self.choices = choices
        self.field = field
        self.tone = tone  # "normal" or "warning" (a damaged save, losing chips)
        self.width = width
        self.hover_pos = (-1, -1)
        self.buttons = [Button(c.label, (lambda c=c: self.answer(c)), c.key, c.key_label, c.tooltip,
                               enabled=c.enabled, primary=c.primary, tag=c) for c in choices]
        self.answered: Choice | None = None

    def answer(self, choice: Choice) -> None:
        if self.answered is not None:
            return
        self.answered = choice
        if self.field is not None:
            pygame.key.stop_text_input()
        if self.app.stack.top is self:
            self.app.pop()
        if choice.run is not None:
            choice.run()

    # ------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        bw = min(int(self.width * u), w - 40)
        self.body_size = int(17 * u)
        inner = bw - int(56 * u)
        self.wrapped: list[str] = []
        for line in self.lines:
            self.wrapped += self.app.text.wrap(line, self.body_size, inner) if line else [""]
        lh = self.app.res.font("text", self.body_size).get_linesize()
        self.lh = lh
        field_h = int(44 * u) if self.field is not None else 0
        btn_h = int(44 * u)
        bh = int(84 * u) + len(self.wrapped) * lh + (field_h + int(14 * u) if field_h else 0) + btn_h + int(30 * u)
        self.box = pygame.Rect(0, 0, bw, min(bh, h - 20))
        self.box.center = (w // 2, h // 2)
        y = self.box.y + int(72 * u) + len(self.wrapped) * lh + int(8 * u)
        if self.field is not None:
            self.field.rect = pygame.Rect(self.box.x + int(28 * u), y, bw - int(56 * u), field_h)
            y += field_h + int(14 * u)
        n = max(1, len(self.buttons))
        gap = int(12 * u)
        each = min(int(230 * u), (bw - int(56 * u) - gap * (n - 1)) // n)
        x = self.box.centerx - (each * n + gap * (n - 1)) // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, self.box.bottom - btn_h - int(22 * u), each, btn_h)
            x += each + gap

    # ------------------------------------------------------------------ input
    def handle(self, ev: Input) -> None:
        if ev.kind == "move":
            self.hover_pos = ev.pos
        if ev.kind == "key" and ev.action == "back" and self.buttons:  # Esc cancels, even while typing
            self.buttons[-1].click()
            return
        if self.field is not None and self.field.handle(ev):
            if ev.kind == "key" and ev.action == "confirm" and self.buttons:
                self._first_enabled()
            return
        for b in self.buttons:
            if b.handle(ev):
                return
        if ev.kind == "key" and ev.action == "confirm":
            self._first_enabled()

    def _first_enabled(self) -> None:
        for b in self.buttons:
            if b.enabled:
                b.click()
                return

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        shade(surf, 170)
        u = self.u
        t = self.app.text
        edge = theme.BAD if self.tone == "warning" else theme.BRASS
        panel(surf, self.box, theme.PANEL, edge, radius=int(14 * u), width=2)
        t.blit(surf, t.fit(self.title.upper(), int(34 * u), self.box.w - int(40 * u), "head"), int(34 * u),
               theme.BAD if self.tone == "warning" else theme.AMBER, "head",
               midtop=(self.box.centerx, self.box.y + int(16 * u)))
        y = self.box.y + int(72 * u)
        for line in self.wrapped:
            t.blit(surf, line, self.body_size, theme.CREAM, topleft=(self.box.x + int(28 * u), y))
            y += self.lh
        if self.field is not None:
            self.field.draw(surf, t, int(19 * u))
        for b in self.buttons:
            b.draw(surf, t, int(17 * u))
        for b in self.buttons:
            if b.rect.collidepoint(self.hover_pos) and b.tooltip:
                draw_tooltip(surf, t, b.tooltip, b.rect, int(14 * u))
                break
