"""The hot-seat curtain: the device passes to another person before anything private is drawn.

The curtain is opaque (not transparent), so the scene stack draws nothing of the table under it; the table
switches its eyes to the next person only when the curtain is dismissed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.draw import glow
from game.ui.input import Input
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.tables.base import BaseTable


class CurtainScene(Scene):
    transparent = False

    def __init__(self, app: App, table: BaseTable, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.name = table.names[seat]
        self.armed = False  # ignore the click or key still held from the previous person's move

    def enter(self) -> None:
        self.armed = False

    def handle(self, ev: Input) -> None:
        if ev.kind in ("down", "up") or (ev.kind == "key" and ev.action in ("confirm", "skip")):
            if ev.kind == "down":
                self.armed = True
                return
            if ev.kind == "up" and not self.armed:
                return
            self.dismiss()
        elif ev.kind == "key" and ev.action == "back":
            self.app.show_table_menu(self.table)

    def dismiss(self) -> None:
        if self.app.stack.top is self:
            self.app.pop()
        self.table.set_eyes(self.seat)

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        surf.fill((6, 7, 10))
        g = glow(int(w * 0.4), int(h * 0.35), (255, 160, 70), 60, additive=True)
        surf.blit(g, g.get_rect(center=(w // 2, h // 2)), special_flags=pygame.BLEND_RGB_ADD)
        u = max(0.5, min(w / 1280, h / 720))
        t = self.app.text
        t.blit(surf, f"Pass to {self.name}", int(64 * u), theme.AMBER, "head", center=(w // 2, h // 2 - int(30 * u)))
        t.blit(surf, "click when ready", int(24 * u), theme.CREAM, "text", center=(w // 2, h // 2 + int(30 * u)))
        t.blit(surf, "Everyone else: look away. Nothing private is shown until the click.", int(16 * u),
               theme.TEXT_DIM, "text", center=(w // 2, h // 2 + int(70 * u)))
