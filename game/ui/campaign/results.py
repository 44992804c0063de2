"""How a sitting ended, over the table: what the player bought in with and took home, who they beat and the
reputation it earned, what the beaten said, and (once) the champion's fall. Then back to the cantina."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.campaign.progress import SessionResult
from game.ui import theme
from game.ui.draw import glow, panel, shade
from game.ui.input import Input
from game.ui.scene import Scene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.campaign.play import CampaignPlay


class SittingResult(Scene):
    transparent = True

    def __init__(self, app: App, play: CampaignPlay, table: Any, result: SessionResult) -> None:
        super().__init__(app)
        self.play = play
        self.table = table
        self.result = result
        c = play.campaign
        r = result
        self.table_name = r.record.table
        if r.champion_beaten:
            self.title = "Champion of the Lost Hand"
        elif r.completed:
            self.title = "The table breaks up"
        elif r.forfeited:
            self.title = "You walk away"
        else:
            self.title = "You cash out"
        net = r.net
        self.net_text = f"+{net:,} credits" if net > 0 else f"−{-net:,} credits" if net < 0 else "broke even"
        self.net_colour = theme.GOOD if net > 0 else theme.BAD if net < 0 else theme.CREAM
        self.lines: list[tuple[str, tuple[int, int, int], str]] = []  # text, colour, role
        hands = r.record.hands
        self.lines.append((f"Bought in with {r.buy_in:,}  ·  took home {r.cash_out:,}  ·  {hands} "
                           f"hand{'' if hands == 1 else 's'} played", theme.CREAM, "text"))
        if r.forfeited:
            self.lines.append((f"{r.forfeited:,} chips left in the pot", theme.BAD, "text"))
        names = c.roster.names()
        if r.beaten:
            for rid, rep in r.beaten:
                self.lines.append((f"Beat {names.get(rid, rid)}  (+{rep} reputation)", theme.GOOD, "bold"))
        elif r.completed:
            self.lines.append(("Nobody beaten this time: finish ahead of them and of your buy-in.", theme.TEXT_DIM,
                               "text"))
        else:
            self.lines.append(("Left before the table broke up: only a sitting played to its end beats anyone.",
                               theme.TEXT_DIM, "text"))
        self.quotes = [(b.name, b.line) for b in r.lines]
        self.standing = (f"Credits {c.bankroll:,}  ·  reputation {c.reputation}"
                         + (f"  ·  debt {c.debt:,}" if c.debt else ""))
        self.held_keys: set[int] = set()
        self.button = Button("Back to the cantina", self.back, pygame.K_RETURN, "Enter",
                             "Stand up and walk back into the room", primary=True)

    def enter(self) -> None:
        from game.ui.campaign.cantina import USE_KEYS, keys_held

        self.held_keys = keys_held(USE_KEYS | {pygame.K_ESCAPE})  # a key held from the table is no answer here

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.held_keys:
            from game.ui.campaign.cantina import keys_held

            self.held_keys = keys_held(self.held_keys)

    def back(self) -> None:
        self.play.back_to_cantina(self.table_name)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        self.box = pygame.Rect(0, 0, min(w - 40, int(660 * u)),
                               int((250 + 30 * len(self.lines) + 48 * len(self.quotes)) * u))
        self.box.center = (w // 2, h // 2)
        self.button.rect = pygame.Rect(0, 0, int(300 * u), int(46 * u))
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - int(20 * u))

    def handle(self, ev: Input) -> None:
        if ev.kind == "key" and ev.key in self.held_keys:
            return
        if self.button.handle(ev):
            return
        if ev.kind == "key" and ev.action in ("confirm", "back", "skip"):
            self.back()

    def draw(self, surf: pygame.Surface) -> None:
        shade(surf, 190)
        u = self.u
        t = self.app.text
        box = self.box
        if self.result.champion_beaten:
            g = glow(int(box.w * 0.8), int(box.h * 0.8), (255, 190, 90), 90, additive=True)
            surf.blit(g, g.get_rect(center=box.center), special_flags=pygame.BLEND_RGB_ADD)
        panel(surf, box, theme.PANEL, theme.AMBER if self.result.champion_beaten else theme.BRASS, radius=14, width=2)
        t.blit(surf, t.fit(self.title.upper(), int(42 * u), box.w - int(30 * u), "head"), int(42 * u), theme.AMBER,
               "head", midtop=(box.centerx, box.y + int(14 * u)))
        t.blit(surf, self.net_text, int(30 * u), self.net_colour, "bold", midtop=(box.centerx, box.y + int(66 * u)))
        y = box.y + int(114 * u)
        for text, colour, role in self.lines:
            t.blit(surf, t.fit(text, int(17 * u), box.w - int(40 * u), role), int(17 * u), colour, role,
                   midtop=(box.centerx, y))
            y += int(30 * u)
        for name, line in self.quotes:
            y += int(4 * u)
            t.blit(surf, t.fit(f"“{line}”", int(16 * u), box.w - int(60 * u)), int(16 * u), theme.CREAM,
                   midtop=(box.centerx, y))
            t.blit(surf, f"— {name}", int(13 * u), theme.TEXT_DIM, "bold", midtop=(box.centerx, y + int(22 * u)))
            y += int(44 * u)
        t.blit(surf, self.standing, int(16 * u), theme.TEXT_DIM, "bold",
               midbottom=(box.centerx, self.button.rect.top - int(14 * u)))
        self.button.draw(surf, t, int(18 * u))
