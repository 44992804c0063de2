"""The end of a game of Better Hintaro: the shootout panel (secret signs) and the victory screen that says
how the game was decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import theme
from game.ui.draw import Text, panel, shade
from game.ui.scenes.results import ResultsScene
from game.ui.tables.better_hintaro.card_art import GOOD_TICK, blit_glyph
from game.ui.tables.better_hintaro.market import overlay_panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.tables.base import BaseTable


def paint_shootout(surf: pygame.Surface, rect: pygame.Rect, text: Text, shootout: dict[str, Any] | None,
                   revealed: tuple[list[int], list[str]] | None, names: Sequence[str], me: int | None,
                   u: float) -> None:
    """Who is in the shootout and who has picked; the signs only once every pick is in (``revealed``)."""
    overlay_panel(surf, rect, u)
    pad = int(12 * u)
    kind = (shootout or {}).get("kind", "duel")
    title = "TIE-BREAK SHOOTOUT" if kind == "tiebreak" else "SHOOTOUT"
    text.blit(surf, title, int(24 * u), theme.AMBER, "head", midtop=(rect.centerx, rect.y + pad // 2))
    text.blit(surf, "rock beats scissors · scissors beat paper · paper beats rock", int(12 * u), theme.TEXT_DIM,
              midtop=(rect.centerx, rect.y + int(32 * u)))
    if revealed is not None:
        seats, signs = revealed
    else:
        seats = list((shootout or {}).get("seats", []))
        signs = []
    n = max(1, len(seats))
    slot_w = (rect.w - 2 * pad) // n
    g = int(min(56 * u, slot_w * 0.5))
    for i, s in enumerate(seats):
        cx = rect.x + pad + slot_w * i + slot_w // 2
        cy = rect.y + int(54 * u) + g // 2
        text.blit(surf, text.fit(names[s], int(15 * u), slot_w - 6), int(15 * u), theme.CREAM, "bold",
                  midtop=(cx, cy + g // 2 + int(4 * u)))
        if signs:
            blit_glyph(surf, text.res, signs[i], (cx, cy), g, theme.CREAM)
            text.blit(surf, signs[i].upper(), int(12 * u), theme.AMBER, "bold",
                      midtop=(cx, cy + g // 2 + int(22 * u)))
        else:
            picked = (shootout or {}).get("picked", [False] * n)
            mine = (shootout or {}).get("my_pick")
            done = i < len(picked) and picked[i]
            pygame.draw.circle(surf, (40, 36, 30), (cx, cy), g // 2)
            if done and mine and s == me:
                blit_glyph(surf, text.res, mine, (cx, cy), int(g * 0.8), theme.CREAM)
            else:
                blit_glyph(surf, text.res, "tick" if done else "hollow", (cx, cy), int(g * 0.6),
                           GOOD_TICK if done else theme.TEXT_FAINT)
            text.blit(surf, "picked" if done else "choosing…", int(12 * u),
                      GOOD_TICK if done else theme.TEXT_DIM, midtop=(cx, cy + g // 2 + int(22 * u)))


# ------------------------------------------------------------------------------------------- victory
TIEBREAK_STEPS: tuple[tuple[str, str], ...] = (
    ("bounties", "completed bounties"),
    ("best_bounty", "the biggest single bounty"),
    ("credits", "credits (less unpaid loans)"),
    ("best_item", "the priciest single item"),
    ("items", "the most items"),
    ("shootout", "a shootout"),
)


def victory_sentence(result: dict[str, Any], names: Sequence[str]) -> str:
    """How the game was decided, in words: the winner and the step of the tie-breaker chain that settled it."""
    winner = result.get("winner")
    how = str(result.get("decided_by", ""))
    rows = {r["seat"]: r for r in result.get("standings", [])}
    if winner is None:
        return "Nobody is left to win."
    name = names[winner]
    me = rows.get(winner, {})
    rivals = [r for s, r in rows.items() if s != winner and r.get("alive", True)]
    if how == "last seat standing":
        return f"{name} is the last seat standing."
    if how == "bounties":
        return f"{name} wins with the most completed bounties ({me.get('bounties', 0)})."
    if how.startswith("shootout"):
        return f"{name} wins the shootout after a tie on every count" + (" (settled by lot)." if "lot" in how
                                                                           else ".")
    keys = [k for k, _ in TIEBREAK_STEPS]
    if how in keys:
        step = keys.index(how)
        tied = [label for _, label in TIEBREAK_STEPS[:step]]
        best_rival = max((r.get(how, 0) for r in rivals
                          if all(r.get(k) == me.get(k) for k in keys[:step])), default=0)
        word = dict(TIEBREAK_STEPS)[how]
        return (f"Level on {' and '.join(tied)}; {name} wins on {word}: {me.get(how, 0):,} against "
                f"{best_rival:,}.")
    return f"{name} wins ({how})."


class VictoryScene(ResultsScene):
    """The end of a Better Hintaro game: the ranking by completed bounties, the tie-breaker chain with the
    step that decided it marked, and each seat's numbers for every step."""

    def __init__(self, app: App, table: BaseTable) -> None:
        super().__init__(app, table)
        view = table.state.view(table.eyes)
        self.result: dict[str, Any] = view.get("result") or {}
        standings = {r["seat"]: r for r in self.result.get("standings", [])}
        winner = self.result.get("winner")

        def key(s: int) -> tuple[Any, ...]:
            r = standings.get(s, {})
            return (s == winner, r.get("alive", True), r.get("bounties", 0), r.get("best_bounty", 0),
                    r.get("credits", 0), r.get("best_item", 0), r.get("items", 0))

        self.order = sorted(standings, key=key, reverse=True)
        self.standings = standings
        self.sentence = victory_sentence(self.result, table.names) if self.result else "The session is over."
        self.rows = [(table.names[s], int(standings[s].get("credits", 0))) for s in self.order]
        self.layout(app.size)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        u = self.u
        rows = len(getattr(self, "order", []) or [])
        bw = int(min(w - 40 * u, 880 * u))
        self.box = pygame.Rect(0, 0, bw, int(250 * u + rows * 32 * u + 40 * u))
        self.box.center = (w // 2, h // 2)
        bw2 = int(240 * u)
        y = self.box.bottom - int(62 * u)
        for i, b in enumerate(self.col.buttons):
            b.rect = pygame.Rect(self.box.centerx - bw2 - int(8 * u) + i * (bw2 + int(16 * u)), y, bw2, int(44 * u))

    def draw(self, surf: pygame.Surface) -> None:
        shade(surf, 200)
        u = self.u
        t = self.app.text
        box = self.box
        panel(surf, box, theme.PANEL, theme.BRASS, radius=14)
        names = self.table.names
        winner = self.result.get("winner")
        title = f"{names[winner].upper()} WINS" if winner is not None else "GAME OVER"
        t.blit(surf, title, int(44 * u), theme.AMBER, "head", midtop=(box.centerx, box.y + int(14 * u)))
        y = box.y + int(66 * u)
        for line in t.wrap(self.sentence, int(17 * u), box.w - int(60 * u), "bold"):
            t.blit(surf, line, int(17 * u), theme.CREAM, "bold", midtop=(box.centerx, y))
            y += int(22 * u)
        # the chain
        y += int(8 * u)
        how = str(self.result.get("decided_by", ""))
        decided = "shootout" if how.startswith("shootout") else how
        parts = []
        for i, (k, label) in enumerate(TIEBREAK_STEPS):
            parts.append((f"{i + 1}. {label}", k == decided))
        x = box.x + int(30 * u)
        t.blit(surf, "Most wins; ties go down the chain:", int(13 * u), theme.TEXT_DIM, topleft=(x, y))
        y += int(20 * u)
        for text_, on in parts:
            img = t.render(text_, int(13 * u), theme.TURN if on else theme.TEXT_DIM, "bold" if on else "text")
            if x + img.get_width() > box.right - int(30 * u):
                x = box.x + int(30 * u)
                y += int(20 * u)
            r = surf.blit(img, (x, y))
            if on:
                pygame.draw.rect(surf, theme.TURN, r.inflate(int(8 * u), int(4 * u)), 1, border_radius=4)
            x = r.right + int(18 * u)
        y += int(34 * u)
        # the table of numbers
        cols = [("", 0.0), ("bounties", 0.36), ("best bounty", 0.48), ("credits", 0.62), ("best item", 0.76),
                ("items", 0.9)]
        inner = box.inflate(-int(60 * u), 0)
        for label, fx in cols[1:]:
            key = {"bounties": "bounties", "best bounty": "best_bounty", "credits": "credits",
                   "best item": "best_item", "items": "items"}[label]
            colour = theme.TURN if key == decided else theme.TEXT_DIM
            t.blit(surf, label.upper(), int(12 * u), colour, "bold", midtop=(inner.x + int(inner.w * fx), y))
        y += int(22 * u)
        for rank, s in enumerate(self.order):
            r = self.standings[s]
            alive = r.get("alive", True)
            colour = theme.TURN if s == winner else (theme.CREAM if alive else theme.TEXT_FAINT)
            name = f"{rank + 1}. {names[s]}" + ("" if alive else " (out)")
            t.blit(surf, name, int(18 * u), colour, "bold", topleft=(inner.x, y))
            for key, fx in (("bounties", 0.36), ("best_bounty", 0.48), ("credits", 0.62), ("best_item", 0.76),
                            ("items", 0.9)):
                val = r.get(key, 0)
                t.blit(surf, f"{val:,}", int(17 * u), colour, "bold" if key == decided else "text",
                       midtop=(inner.x + int(inner.w * fx), y + int(2 * u)))
            y += int(32 * u)
        for b in self.col.buttons:
            b.draw(surf, t, int(18 * u))

