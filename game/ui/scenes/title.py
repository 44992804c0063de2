"""The title screen: Campaign, Quick table, Host a table, Join a table, Rules, Settings, Quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.input import Input
from game.ui.scene import Scene
from game.ui.scenes.menu import ButtonColumn
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App


class TitleScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._bg: pygame.Surface | None = None
        self.col = ButtonColumn([
            Button("Campaign", self.campaign, pygame.K_c, "C", "The cantinas, their regulars and a champion: "
                   "three save slots"),
            Button("Quick table", self.quick, pygame.K_q, "Q", "Pick a game, seats and stakes, and play",
                   primary=True),
            Button("Host a table", self.host, pygame.K_h, "H", "Serve a table from here: friends join over "
                   "the network"),
            Button("Join a table", self.join, pygame.K_j, "J", "Take a seat at a table served elsewhere "
                   "(ws://host:port)"),
            Button("Rules", self.rules, pygame.K_r, "R", "How every game is played, with examples"),
            Button("Settings", self.settings, pygame.K_s, "S", "Speed, sound, colour-blind mode, names"),
            Button("Quit", self.quit, pygame.K_ESCAPE, "Esc", "Leave the cantina"),
        ])

    def campaign(self) -> None:
        from game.ui.campaign.slots import SlotMenu

        self.app.push(SlotMenu(self.app))

    def quick(self) -> None:
        from game.ui.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app))

    def host(self) -> None:
        from game.ui.scenes.network import NetworkScene

        self.app.push(NetworkScene(self.app, "host"))

    def join(self) -> None:
        from game.ui.scenes.network import NetworkScene

        self.app.push(NetworkScene(self.app, "join"))

    def rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app))

    def settings(self) -> None:
        from game.ui.scenes.settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit(self) -> None:
        self.app.running = False

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        self._bg = None
        bw, bh, gap = int(300 * u), int(48 * u), int(12 * u)
        self.col.place(w // 2 - bw // 2, int(h * 0.36), bw, bh, gap)

    def handle(self, ev: Input) -> None:
        self.col.handle(ev)

    def draw(self, surf: pygame.Surface) -> None:
        if self._bg is None or self._bg.get_size() != self.size:
            self._bg = self.app.backdrop.title_room(self.size)
        surf.blit(self._bg, (0, 0))
        w, h = self.size
        u = self.u
        t = self.app.text
        t.blit(surf, "LOST HAND CANTINA", int(92 * u), (40, 22, 8), "head", center=(w // 2 + 3, int(h * 0.17) + 4))
        t.blit(surf, "LOST HAND CANTINA", int(92 * u), theme.AMBER, "head", center=(w // 2, int(h * 0.17)))
        t.blit(surf, "dice and cards at the edge of the spaceport", int(20 * u), theme.CREAM, "text",
               center=(w // 2, int(h * 0.26)))
        self.col.draw(surf, t, int(20 * u))
        t.blit(surf, "↑/↓ and Enter, or the keys shown  ·  F11 full screen", int(14 * u), theme.TEXT_DIM,
               midbottom=(w // 2, h - int(12 * u)))
