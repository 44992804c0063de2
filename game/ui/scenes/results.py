"""The end of a session: final stacks, best first, and what each seat won or lost."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.draw import panel, shade
from game.ui.input import Input
from game.ui.scene import Scene
from game.ui.scenes.menu import ButtonColumn
from game.ui.showdown_words import count
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.tables.base import BaseTable


class ResultsScene(Scene):
    transparent = True

    def __init__(self, app: App, table: BaseTable) -> None:
        super().__init__(app)
        self.table = table
        view = table.state.view(table.eyes)
        self.stacks: list[int] = list(view.get("stacks", []))
        self.start = (view.get("options") or {}).get("stack")
        self.rounds = view.get("round", 0)
        order = sorted(range(len(self.stacks)), key=lambda s: -self.stacks[s])
        self.rows = [(table.names[s], self.stacks[s]) for s in order]
        #: each row's place: equal stacks share it ("1. 1. 3."), as a results table ranks a tie
        self.places = [1 + sum(1 for other in self.stacks if other > stack) for _, stack in self.rows]
        self.noun = getattr(table, "ROUND_NOUN", "round")
        again = [Button("Play again", self.again, pygame.K_p, "P", "The same table, a new seed", primary=True)]
        if not table.session.setup.get("game"):  # a network seat: the host sets the next table, not this window
            again = []
        self.col = ButtonColumn([
            *again,
            Button("Title screen", app.go_title, pygame.K_ESCAPE, "Esc", "Back to the title screen"),
        ])
        #: keys held down as the screen appeared: the Enter that ended the last hand, still down, repeats (SDL key
        #: repeat) and would press "Play again" at once; such a key is no answer here until it is let go
        self.held_keys: set[int] = set()

    def enter(self) -> None:
        from game.ui.campaign.cantina import USE_KEYS, keys_held

        self.held_keys = keys_held(USE_KEYS | {pygame.K_ESCAPE})

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.held_keys:
            from game.ui.campaign.cantina import keys_held

            self.held_keys = keys_held(self.held_keys)

    def again(self) -> None:
        from game.ui.session import TableSession

        old = self.table.session
        setup = old.setup
        if setup.get("game"):
            session = TableSession.new(setup["game"], list(setup["seats"]), seed=old.seed + 1,
                                       options=setup.get("options"))
            self.app.open_table(session, demo=self.table.demo)
        else:
            self.app.go_title()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        bw = int(520 * u)
        rows_h = int(34 * u) * len(self.rows)
        self.box = pygame.Rect(0, 0, bw, rows_h + int(250 * u))
        self.box.center = (w // 2, h // 2)
        self.col.place(self.box.centerx - int(140 * u), self.box.bottom - int(118 * u), int(280 * u), int(44 * u),
                       int(10 * u))

    def handle(self, ev: Input) -> None:
        if ev.kind == "key" and ev.key in self.held_keys:
            return
        self.col.handle(ev)

    def draw(self, surf: pygame.Surface) -> None:
        shade(surf, 190)
        u = self.u
        t = self.app.text
        panel(surf, self.box, theme.PANEL, theme.BRASS, radius=14)
        t.blit(surf, "SESSION OVER", int(44 * u), theme.AMBER, "head",
               midtop=(self.box.centerx, self.box.y + int(16 * u)))
        t.blit(surf, f"{count(int(self.rounds or 0), self.noun)} played", int(16 * u), theme.TEXT_DIM,
               midtop=(self.box.centerx, self.box.y + int(66 * u)))
        y = self.box.y + int(100 * u)
        for (name, stack), place in zip(self.rows, self.places, strict=True):
            colour = theme.TURN if place == 1 else theme.CREAM
            t.blit(surf, f"{place}. {name}", int(20 * u), colour, "bold", topleft=(self.box.x + int(40 * u), y))
            diff = ""
            if isinstance(self.start, int):
                d = stack - self.start
                diff = f"  ({'+' if d >= 0 else '−'}{abs(d):,})"
            t.blit(surf, f"{stack:,}{diff}", int(20 * u), colour, "text", topright=(self.box.right - int(40 * u), y))
            y += int(34 * u)
        self.col.draw(surf, t, int(18 * u))
