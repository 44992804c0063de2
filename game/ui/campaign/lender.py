"""The loan shark's booth: borrow (the interest is added when the loan is taken), repay, or, when truly broke
and out of credit, ask a favour paid for in reputation. He speaks his own lines from ``regulars.toml``.

Why a dialogue and not a menu: going broke has a price players should feel; the terms are spelled out in
plain numbers before any credit moves, and every deal is saved at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.campaign.progress import CampaignError
from game.ui import theme
from game.ui.campaign import characters as ch
from game.ui.draw import glow, panel, shade
from game.ui.input import Input
from game.ui.scene import Scene
from game.ui.widgets import Button, Slider, draw_tooltip

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.campaign.play import CampaignPlay


class LenderScene(Scene):
    transparent = True

    def __init__(self, app: App, play: CampaignPlay) -> None:
        super().__init__(app)
        self.play = play
        self.c = play.campaign
        self.lender = self.c.roster.lender
        self.said = 0
        self.mood = "offer" if self.c.loan_terms().max_borrow > 0 else "refuse"
        self.hover_pos = (-1, -1)
        self.borrow_slider: Slider | None = None
        self.repay_slider: Slider | None = None
        self.borrow_b = Button("Borrow", self.borrow, pygame.K_b, "B", "", primary=True)
        self.repay_b = Button("Repay", self.repay, pygame.K_p, "P", "")
        self.favour_b = Button("Ask a favour", self.favour, pygame.K_f, "F", "")
        self.leave_b = Button("Leave", app.pop, pygame.K_ESCAPE, "Esc", "Back to the room")
        self._refresh()

    # ------------------------------------------------------------------ state
    def line(self) -> str:
        lines = self.lender.lines.get(self.mood) or self.lender.lines.get("offer") or ("…",)
        return lines[self.said % len(lines)]

    def _refresh(self) -> None:
        terms = self.c.loan_terms()
        self.terms = terms
        cheapest = self.c.cheapest_buy_in() or 0
        want = max(0, min(terms.max_borrow, cheapest - self.c.bankroll)) or min(terms.max_borrow, 200)
        step = 10 if terms.max_borrow < 200 else 50
        if terms.max_borrow > 0:
            old = self.borrow_slider.value if self.borrow_slider else want
            lo = min(step, terms.max_borrow)  # round amounts: 50, 100, ... (the most on offer is always there)
            self.borrow_slider = Slider(lo, terms.max_borrow, max(lo, min(terms.max_borrow, old)), step)
        else:
            self.borrow_slider = None
        can_repay = min(self.c.debt, self.c.bankroll)
        if can_repay > 0:
            step = 10 if can_repay < 200 else 50
            self.repay_slider = Slider(min(step, can_repay), can_repay, can_repay, step)
        else:
            self.repay_slider = None
        self.borrow_b.enabled = self.borrow_slider is not None
        self.repay_b.enabled = self.repay_slider is not None
        self.favour_b.enabled = terms.favour_available
        self.favour_b.tooltip = (f"{terms.favour_credits:,} credits for {terms.favour_reputation} reputation "
                                 f"(only when you are broke and he will lend no more)")
        self.layout(self.size)

    def _labels(self) -> None:
        if self.borrow_slider is not None:
            n = self.borrow_slider.value
            owed = self.c.owed_for(n)
            self.borrow_b.label = f"Borrow {n:,}"
            self.borrow_b.tooltip = f"Take {n:,} credits now and owe him {owed:,} for it"
        else:
            self.borrow_b.label = "Borrow"
            self.borrow_b.tooltip = f"He lends no more: you owe {self.c.debt:,} of his limit of {self.terms.max_debt:,}"
        if self.repay_slider is not None:
            self.repay_b.label = f"Repay {self.repay_slider.value:,}"
            self.repay_b.tooltip = f"Pay back {self.repay_slider.value:,} of the {self.c.debt:,} you owe"
        else:
            self.repay_b.label = "Repay"
            self.repay_b.tooltip = "You owe him nothing" if not self.c.debt else "You have no credits to pay him with"

    # ------------------------------------------------------------------ deals
    def _deal(self, fn: Callable[[], object], mood: str) -> None:
        """Make the deal (saved at once); a refusal is his ``refuse`` line and the reason in a toast."""
        try:
            fn()
        except CampaignError as exc:
            self.mood = "refuse"
            self.app.toast(str(exc), 5.0)
        else:
            self.mood = mood
            self.play.autosave("loan")
            self.app.play("chips")
        self.said += 1
        self._refresh()

    def borrow(self) -> None:
        if self.borrow_slider is not None:
            n = self.borrow_slider.value
            self._deal(lambda: self.c.borrow(n), "offer")

    def repay(self) -> None:
        if self.repay_slider is not None:
            n = self.repay_slider.value
            self._deal(lambda: self.c.repay(n), "collect")

    def favour(self) -> None:
        self._deal(self.c.ask_favour, "favour")

    # ------------------------------------------------------------------ layout and input
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        self.box = pygame.Rect(0, 0, min(w - 40, int(780 * u)), min(h - 40, int(470 * u)))
        self.box.center = (w // 2, h // 2)
        self.portrait = pygame.Rect(self.box.x + int(24 * u), self.box.y + int(70 * u), int(210 * u),
                                    self.box.h - int(96 * u))
        x = self.portrait.right + int(28 * u)
        right = self.box.right - int(28 * u)
        bw = int(190 * u)
        bh = int(42 * u)
        y = self.box.y + int(262 * u)
        self.borrow_b.rect = pygame.Rect(right - bw, y, bw, bh)
        sw = right - bw - x - int(24 * u)
        if self.borrow_slider is not None:
            self.borrow_slider.rect = pygame.Rect(x, y + bh // 2 - int(9 * u), sw, int(18 * u))
        y += bh + int(20 * u)
        self.repay_b.rect = pygame.Rect(right - bw, y, bw, bh)
        if self.repay_slider is not None:
            self.repay_slider.rect = pygame.Rect(x, y + bh // 2 - int(9 * u), sw, int(18 * u))
        y = self.box.bottom - bh - int(22 * u)
        self.favour_b.rect = pygame.Rect(x, y, bw, bh)
        self.leave_b.rect = pygame.Rect(right - bw, y, bw, bh)

    def buttons(self) -> list[Button]:
        return [self.borrow_b, self.repay_b, self.favour_b, self.leave_b]

    def handle(self, ev: Input) -> None:
        if ev.kind == "move":
            self.hover_pos = ev.pos
        for s in (self.borrow_slider, self.repay_slider):
            if s is not None and s.handle(ev):
                return
        for b in self.buttons():
            if b.handle(ev):
                return
        if ev.kind == "key" and ev.action == "back":
            self.app.pop()
        elif ev.kind == "key" and ev.action in ("more", "less") and self.borrow_slider is not None:
            self.borrow_slider.nudge(1 if ev.action == "more" else -1)

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        shade(surf, 175)
        self._labels()
        u = self.u
        t = self.app.text
        box = self.box
        panel(surf, box, theme.PANEL, theme.BRASS, radius=int(14 * u), width=2)
        t.blit(surf, self.lender.name.upper(), int(38 * u), theme.AMBER, "head",
               topleft=(box.x + int(24 * u), box.y + int(14 * u)))
        t.blit(surf, self.lender.epithet, int(15 * u), theme.TEXT_DIM,
               bottomright=(box.right - int(24 * u), box.y + int(50 * u)))
        p = self.portrait
        img = ch.bust(self.lender.look, int(min(p.h, p.w * 1.15)), "lender")
        fig = img.get_rect(midbottom=(p.centerx, p.bottom))
        g = glow(int(fig.w * 0.6), int(fig.h * 0.55), (255, 160, 80), 70, additive=True)  # the booth's candle
        surf.blit(g, g.get_rect(center=(fig.centerx, fig.centery - int(fig.h * 0.1))),
                  special_flags=pygame.BLEND_RGB_ADD)
        surf.blit(img, fig)
        x = p.right + int(28 * u)
        width = box.right - int(28 * u) - x
        y = box.y + int(70 * u)
        for line in t.wrap(f"“{self.line()}”", int(19 * u), width):
            t.blit(surf, line, int(19 * u), theme.CREAM, topleft=(x, y))
            y += int(26 * u)
        y += int(10 * u)
        c, terms = self.c, self.terms
        facts = [
            (f"You have {c.bankroll:,} credits and owe him {c.debt:,}.", theme.BAD if c.debt else theme.CREAM),
            (f"He lends up to {terms.max_debt:,} in all, adding {terms.interest_percent}% when you borrow.",
             theme.TEXT_DIM),
            (f"He will lend you {terms.max_borrow:,} now." if terms.max_borrow else "He will lend you nothing more.",
             theme.TEXT_DIM),
        ]
        if terms.favour_available:
            facts.append((f"Broke and out of credit: he offers a favour, {terms.favour_credits:,} credits for "
                          f"{terms.favour_reputation} reputation.", theme.TURN))
        for text, colour in facts:
            for line in t.wrap(text, int(15 * u), width):
                t.blit(surf, line, int(15 * u), colour, topleft=(x, y))
                y += int(21 * u)
        for s in (self.borrow_slider, self.repay_slider):
            if s is not None:
                s.draw(surf)
                t.blit(surf, f"{s.lo:,}", int(12 * u), theme.TEXT_DIM, midtop=(s.rect.x, s.rect.bottom + 2))
                t.blit(surf, f"{s.hi:,}", int(12 * u), theme.TEXT_DIM, midtop=(s.rect.right, s.rect.bottom + 2))
        for b in self.buttons():
            b.draw(surf, t, int(16 * u))
        for b in self.buttons():
            if b.rect.collidepoint(self.hover_pos) and b.tooltip:
                draw_tooltip(surf, t, b.tooltip, b.rect, int(14 * u))
                break
