"""The journal (J): goals, the regulars met and beaten, numbers per game, past sittings with their replays,
and the story so far. It draws :meth:`Campaign.journal` as it is; nothing here is stored.

Tabs by click or by the number keys (and Left/Right); the wheel or Up/Down scroll a long page; in Past
sittings, Enter (or a row's Replay button) plays the sitting's hands again on their table.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.campaign.table import SessionRecord
from game.ui import theme
from game.ui.campaign import characters as ch
from game.ui.draw import panel
from game.ui.input import Input
from game.ui.scene import Scene
from game.ui.widgets import Button, draw_tooltip

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.campaign.play import CampaignPlay

TABS: tuple[tuple[str, str], ...] = (("goals", "Goals"), ("regulars", "Regulars"), ("games", "Games"),
                                     ("sittings", "Past sittings"), ("story", "Story"))


#: a bare whole number of four digits or more in a story note (notes written before they were printed "1,000")
_BARE_NUMBER = re.compile(r"(?<![\d,.#])\d{4,}(?![\d,.])")


def grouped(note: str) -> str:
    """A story note with its bare numbers grouped by thousands ("with 1000 credits" → "with 1,000 credits"), so
    notes kept in older saves read like every other amount in the game."""
    return _BARE_NUMBER.sub(lambda m: f"{int(m.group()):,}", note)


def hands_words(n: int) -> str:
    """ "1 hand", "2 hands"."""
    return f"{n:,} hand" if n == 1 else f"{n:,} hands"


def replayable(record: SessionRecord) -> bool:
    """A sitting with at least one action to show."""
    try:
        return bool(json.loads(record.engine).get("actions"))
    except (ValueError, AttributeError):
        return False


class JournalScene(Scene):
    def __init__(self, app: App, play: CampaignPlay, tab: str = "goals") -> None:
        super().__init__(app)
        self.play = play
        self.c = play.campaign
        self.tab = tab
        self.scroll = 0
        self.content_h = 0
        self.hover_pos = (-1, -1)
        self.row_buttons: list[Button] = []
        self.pick = 0  # the row Enter replays (Past sittings)
        self._bg: pygame.Surface | None = None
        self.tab_buttons = [Button(label, (lambda tid=tid: self.show(tid)), getattr(pygame, f"K_{i + 1}"), str(i + 1),
                                   f"{label} (key {i + 1})") for i, (tid, label) in enumerate(TABS)]
        self.close_button = Button("Close", self.close, pygame.K_j, "J", "Back (J or Esc)")

    def show(self, tab: str) -> None:
        self.tab = tab
        self.scroll = 0
        self.pick = 0

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.pop()

    def enter(self) -> None:
        self.journal = self.c.journal()

    # ------------------------------------------------------------------ layout and input
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        self.box = pygame.Rect(0, 0, min(w - int(40 * u), int(1100 * u)), h - int(40 * u))
        self.box.center = (w // 2, h // 2)
        tw = int(min(170 * u, (self.box.w - int(200 * u)) / len(TABS)))
        x = self.box.x + int(24 * u)
        for b in self.tab_buttons:
            b.rect = pygame.Rect(x, self.box.y + int(70 * u), tw, int(38 * u))
            x += tw + int(8 * u)
        self.close_button.rect = pygame.Rect(0, 0, int(120 * u), int(38 * u))
        self.close_button.rect.topright = (self.box.right - int(24 * u), self.box.y + int(16 * u))
        self.content = pygame.Rect(self.box.x + int(24 * u), self.box.y + int(124 * u), self.box.w - int(48 * u),
                                   self.box.bottom - int(20 * u) - (self.box.y + int(124 * u)))
        self._bg = None

    def handle(self, ev: Input) -> None:
        if ev.kind == "move":
            self.hover_pos = ev.pos
        for b in (*self.tab_buttons, self.close_button):
            if b.handle(ev):
                return
        for b in self.row_buttons:
            if b.rect.colliderect(self.content) and b.handle(ev):
                return
        if ev.kind == "key":
            ids = [t for t, _ in TABS]
            if ev.action == "back":
                self.close()
            elif ev.action in ("left", "right"):
                i = ids.index(self.tab) + (1 if ev.action == "right" else -1)
                self.show(ids[i % len(ids)])
            elif ev.action in ("up", "down"):
                if self.tab == "sittings" and self.row_buttons:
                    self.pick = max(0, min(len(self.row_buttons) - 1, self.pick + (1 if ev.action == "down" else -1)))
                else:
                    self._scroll(-1 if ev.action == "up" else 1)
            elif ev.action in ("page_up", "page_down"):
                self._scroll(-5 if ev.action == "page_up" else 5)
            elif ev.action == "confirm" and self.tab == "sittings" and self.row_buttons:
                self.row_buttons[min(self.pick, len(self.row_buttons) - 1)].click()
        elif ev.kind == "wheel":
            self._scroll(-ev.wheel)

    def _scroll(self, steps: int) -> None:
        most = max(0, self.content_h - self.content.h)
        self.scroll = max(0, min(most, self.scroll + steps * int(40 * self.u)))

    # ------------------------------------------------------------------ replays
    def names_for(self, record: SessionRecord) -> list[str]:
        regs = self.c.roster.regulars
        return [self.c.name] + [regs[r].name if r in regs else str(r) for r in record.seats[1:]]

    def replay(self, record: SessionRecord, hand: int = 0) -> None:
        from game.ui.campaign.replay import open_replay

        open_replay(self.app, record, hand, self.names_for(record))

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        if self._bg is None or self._bg.get_size() != self.size:
            self._bg = self.app.backdrop.room(self.size, seed=11)
        surf.blit(self._bg, (0, 0))
        u = self.u
        t = self.app.text
        panel(surf, self.box, (14, 14, 20), theme.BRASS, radius=int(14 * u), alpha=240, width=2)
        t.blit(surf, "JOURNAL", int(44 * u), theme.AMBER, "head", topleft=(self.box.x + int(24 * u),
                                                                          self.box.y + int(12 * u)))
        j = self.journal
        summary = f"{self.c.name}  ·  {self.credits_words()}  ·  reputation {j.reputation}"
        if j.debt:
            summary += f"  ·  debt {j.debt:,}"
        t.blit(surf, summary, int(16 * u), theme.CREAM, "bold",
               midright=(self.close_button.rect.left - int(20 * u), self.close_button.rect.centery))
        for b, (tid, _) in zip(self.tab_buttons, TABS, strict=True):
            b.selected = tid == self.tab
            b.draw(surf, t, int(16 * u))
        self.close_button.draw(surf, t, int(15 * u))
        surf.set_clip(self.content)
        y0 = self.content.y - self.scroll
        draw: Callable[[pygame.Surface, int], int] = getattr(self, f"_draw_{self.tab}")
        self.content_h = draw(surf, y0) - y0
        surf.set_clip(None)
        if self.content_h > self.content.h:
            self._scrollbar(surf)
        for b in (*self.tab_buttons, self.close_button, *self.row_buttons):
            if b.rect.collidepoint(self.hover_pos) and b.tooltip and (b in self.tab_buttons or b is self.close_button
                                                                      or b.rect.colliderect(self.content)):
                draw_tooltip(surf, t, b.tooltip, b.rect, int(14 * u))
                break

    def credits_words(self) -> str:
        """The player's credits; while seated, with the chips at the table beside them ("credits 800 + 200 at
        the table"), since the buy-in left the bankroll when they sat down and would seem to have vanished."""
        out = f"credits {self.journal.bankroll:,}"
        cs = self.c.session
        if cs is not None:
            at = cs.state.stacks[0] if cs.is_over else cs.settled[0]  # (mid-hand: as the hand began)
            out += f" + {at:,} at the table"
        return out

    def _scrollbar(self, surf: pygame.Surface) -> None:
        c = self.content
        track = pygame.Rect(c.right + int(8 * self.u), c.y, max(3, int(4 * self.u)), c.h)
        pygame.draw.rect(surf, (40, 36, 30), track, border_radius=2)
        f = c.h / self.content_h
        knob = pygame.Rect(track.x, c.y + int(self.scroll / self.content_h * c.h), track.w, max(12, int(c.h * f)))
        pygame.draw.rect(surf, theme.AMBER_DIM, knob, border_radius=2)

    def _mark(self, surf: pygame.Surface, centre: tuple[int, int], done: bool) -> None:
        """A filled disc with a tick (done) or an empty ring (to do): shape says it, not colour alone."""
        r = int(10 * self.u)
        if done:
            pygame.draw.circle(surf, theme.GOOD, centre, r)
            pygame.draw.lines(surf, (12, 34, 16), False, [(centre[0] - r * 0.5, centre[1]),
                                                           (centre[0] - r * 0.1, centre[1] + r * 0.45),
                                                           (centre[0] + r * 0.55, centre[1] - r * 0.45)],
                              max(2, r // 4))
        else:
            pygame.draw.circle(surf, theme.AMBER, centre, r, max(2, r // 4))

    def _draw_goals(self, surf: pygame.Surface, y: int) -> int:
        u, t, x = self.u, self.app.text, self.content.x
        for g in self.journal.goals:
            self._mark(surf, (x + int(12 * u), y + int(13 * u)), g.done)
            t.blit(surf, g.text, int(20 * u), theme.TEXT_DIM if g.done else theme.CREAM, "bold",
                   topleft=(x + int(34 * u), y))
            y += int(30 * u)
            for need in g.needs:
                t.blit(surf, f"needs {need}", int(15 * u), theme.TURN, topleft=(x + int(34 * u), y))
                y += int(22 * u)
            y += int(10 * u)
        cantinas = self.c.cantinas()
        y += int(10 * u)
        t.blit(surf, "CANTINAS", int(24 * u), theme.AMBER, "head", topleft=(x, y))
        y += int(32 * u)
        for cn in cantinas:
            state = "you are here" if cn.current else "open" if cn.unlocked else "not yet found"
            colour = theme.TURN if cn.current else theme.CREAM if cn.unlocked else theme.TEXT_FAINT
            t.blit(surf, cn.title if cn.unlocked else "???", int(18 * u), colour, "bold", topleft=(x, y))
            t.blit(surf, state, int(15 * u), theme.TEXT_DIM, topleft=(x + int(260 * u), y + int(2 * u)))
            y += int(26 * u)
            if cn.unlocked:
                for line in t.wrap(cn.description, int(14 * u), self.content.w - int(20 * u)):
                    t.blit(surf, line, int(14 * u), theme.TEXT_DIM, topleft=(x + int(14 * u), y))
                    y += int(19 * u)
            y += int(6 * u)
        self.row_buttons = []
        return y

    @staticmethod
    def where_words(r: Any) -> str:
        """Where a regular plays, in words: the table's own title when it names the game ("Hintaro at the long
        table", not "Hintaro at Hintaro at the long table"), and the cantina only once the player has found it."""
        if not r.table:
            return ""
        first = r.game.split()[0].lower() if r.game else ""
        table = r.table if not first or first in r.table.lower() else f"{r.game} at {r.table}"
        if not r.found:
            return f"{r.game}, in a cantina you have not found yet"
        return f"{table}, {r.cantina}" if r.cantina else table

    def _regular_card_h(self, r: Any, width: int) -> tuple[int, list[str]]:
        """A card's height and its bio's lines (the whole bio, met regulars only)."""
        u, t = self.u, self.app.text
        lines = t.wrap(r.bio, int(13 * u), width) if r.met and r.bio else []
        lh = self.app.res.font("text", int(13 * u)).get_linesize()
        return max(int(132 * u), int(98 * u) + len(lines) * lh + int(10 * u)), lines

    def _draw_regulars(self, surf: pygame.Surface, y: int) -> int:
        u = self.u
        cols = 2 if self.content.w > 700 * u else 1
        gap = int(16 * u)
        cw = (self.content.w - gap * (cols - 1) - int(16 * u)) // cols
        width = cw - int(10 * u) - int(96 * u) - int(12 * u) - int(12 * u)  # the text column of a card
        regs = self.journal.regulars
        lh = self.app.res.font("text", int(13 * u)).get_linesize()
        for start in range(0, len(regs), cols):
            row = regs[start:start + cols]
            sized = [self._regular_card_h(r, width) for r in row]
            ch_h = max(h for h, _ in sized)
            for col, (r, (_, bio)) in enumerate(zip(row, sized, strict=True)):
                card = pygame.Rect(self.content.x + col * (cw + gap), y, cw, ch_h)
                if card.bottom < self.content.top or card.top > self.content.bottom:
                    continue
                self._draw_regular(surf, card, r, width, bio, lh)
            y += ch_h + gap
        self.row_buttons = []
        return y

    def _draw_regular(self, surf: pygame.Surface, card: pygame.Rect, r: Any, width: int, bio: list[str],
                      lh: int) -> None:
        u, t = self.u, self.app.text
        edge = theme.GOOD if r.beaten else theme.BRASS_DARK if r.met else (50, 48, 44)
        panel(surf, card, (20, 20, 26), edge, radius=int(10 * u), width=2 if r.beaten else 1)
        reg = self.c.roster.regulars.get(r.id)
        portrait = pygame.Rect(card.x + int(10 * u), card.y + int(10 * u), int(96 * u), int(112 * u))
        if reg is not None:
            img = ch.bust(reg.look, portrait.h, r.id)
            if not r.met:
                img = img.copy()
                img.fill((60, 60, 70, 255), special_flags=pygame.BLEND_RGBA_MULT)
            surf.blit(img, img.get_rect(midbottom=portrait.midbottom))
        tx = portrait.right + int(12 * u)
        name = r.name + ("  ·  champion" if r.champion else "")
        t.blit(surf, t.fit(name, int(19 * u), width, "bold"), int(19 * u), theme.CREAM if r.met else theme.TEXT_DIM,
               "bold", topleft=(tx, card.y + int(10 * u)))
        t.blit(surf, t.fit(r.epithet, int(14 * u), width), int(14 * u), theme.TEXT_DIM,
               topleft=(tx, card.y + int(34 * u)))
        t.blit(surf, t.fit(self.where_words(r), int(14 * u), width), int(14 * u), theme.CREAM,
               topleft=(tx, card.y + int(54 * u)))
        if r.beaten:
            status, colour = (f"Beaten ×{r.beaten}" if r.beaten > 1 else "Beaten"), theme.GOOD
        elif r.met:
            status, colour = f"Met, not beaten yet  ·  worth {r.reputation} reputation", theme.TURN
        else:
            status, colour = f"Not met yet  ·  worth {r.reputation} reputation", theme.TEXT_FAINT
        t.blit(surf, t.fit(status, int(15 * u), width, "bold"), int(15 * u), colour, "bold",
               topleft=(tx, card.y + int(76 * u)))
        for k, line in enumerate(bio):
            t.blit(surf, line, int(13 * u), theme.TEXT_DIM, topleft=(tx, card.y + int(98 * u) + k * lh))

    def _draw_games(self, surf: pygame.Surface, y: int) -> int:
        u, t, x = self.u, self.app.text, self.content.x
        heads = ("Game", "Sittings", "Hands", "Wins", "Win rate", "Biggest pot", "Net")
        cols = [0, 0.34, 0.46, 0.56, 0.66, 0.78, 0.92]
        w = self.content.w - int(20 * u)

        def row(values: tuple[str, ...], yy: int, colour: Any, role: str, colours: tuple[Any, ...] = ()) -> None:
            for i, (v, f) in enumerate(zip(values, cols, strict=True)):
                c = colours[i] if i < len(colours) and colours[i] is not None else colour
                if i == 0:
                    t.blit(surf, v, int(17 * u), c, role, topleft=(x, yy))
                else:
                    t.blit(surf, v, int(17 * u), c, role, topright=(x + int(w * f) + int(60 * u), yy))
        row(heads, y, theme.TEXT_DIM, "bold")
        y += int(30 * u)
        pygame.draw.line(surf, theme.BRASS_DARK, (x, y - int(6 * u)), (x + w, y - int(6 * u)), 1)
        if not self.journal.stats:
            t.blit(surf, "No hands played yet: sit at a table.", int(17 * u), theme.TEXT_DIM, topleft=(x, y))
            y += int(30 * u)
        for st in self.journal.stats:
            s = st.stats
            rate = f"{100 * s.wins // s.hands}%" if s.hands else "—"
            net = f"+{s.net:,}" if s.net > 0 else f"−{-s.net:,}" if s.net < 0 else "0"
            ncol = theme.GOOD if s.net > 0 else theme.BAD if s.net < 0 else None
            row((st.title, str(s.sessions), str(s.hands), str(s.wins), rate, f"{s.biggest_pot:,}", net), y,
                theme.CREAM, "text", (None,) * 6 + (ncol,))
            y += int(28 * u)
        self.row_buttons = []
        return y

    def _draw_sittings(self, surf: pygame.Surface, y: int) -> int:
        u, t, x = self.u, self.app.text, self.content.x
        history = list(reversed(self.c.history))
        if len(self.row_buttons) != len(history):
            self.row_buttons = [Button("Replay", (lambda rec=rec: self.replay(rec)), None, "", "Play this sitting's "
                                       "hands again on the table", enabled=replayable(rec)) for rec in history]
        if not history:
            t.blit(surf, "No sittings yet: walk up to a table and sit down.", int(17 * u), theme.TEXT_DIM,
                   topleft=(x, y))
            return y + int(30 * u)
        rh = int(64 * u)
        names = self.c.roster.names()
        for i, (rec, b) in enumerate(zip(history, self.row_buttons, strict=True)):
            r = pygame.Rect(x, y, self.content.w - int(16 * u), rh - int(8 * u))
            picked = i == self.pick
            panel(surf, r, (24, 22, 26) if picked else (18, 18, 22), theme.AMBER if picked else theme.BRASS_DARK,
                  radius=int(8 * u), width=1)
            level = self.c.levels.get(rec.level)
            try:
                title = level.table(rec.table).title if level else rec.table
            except KeyError:
                title = rec.table
            where = level.title if level else rec.level
            net = rec.cash_out - rec.buy_in
            sign = f"+{net:,}" if net > 0 else f"−{-net:,}" if net < 0 else "±0"
            t.blit(surf, t.fit(f"#{rec.id}  {title}  ·  {where}", int(17 * u), r.w - int(200 * u), "bold"),
                   int(17 * u), theme.CREAM, "bold", topleft=(r.x + int(12 * u), r.y + int(6 * u)))
            detail = (f"{self.c.game_title(rec.game)}  ·  {hands_words(rec.hands)}  ·  bought in {rec.buy_in:,}, "
                      f"took home {rec.cash_out:,} ({sign})" + ("" if rec.completed else "  ·  left early"))
            if rec.beaten:
                detail += "  ·  beat " + ", ".join(names.get(b_, b_) for b_ in rec.beaten)
            t.blit(surf, t.fit(detail, int(14 * u), r.w - int(200 * u)), int(14 * u),
                   theme.GOOD if net > 0 else theme.TEXT_DIM, topleft=(r.x + int(12 * u), r.y + int(30 * u)))
            b.rect = pygame.Rect(0, 0, int(150 * u), r.h - int(16 * u))
            b.rect.midright = (r.right - int(10 * u), r.centery)
            b.selected = picked
            b.draw(surf, t, int(15 * u))
            y += rh
        t.blit(surf, "Up/Down pick a sitting, Enter replays it; in a replay, N and B move between its hands.",
               int(13 * u), theme.TEXT_DIM, topleft=(x, y + int(4 * u)))
        return y + int(30 * u)

    def _draw_story(self, surf: pygame.Surface, y: int) -> int:
        u, t, x = self.u, self.app.text, self.content.x
        for note in reversed(self.journal.notes):
            for k, line in enumerate(t.wrap(grouped(note), int(16 * u), self.content.w - int(30 * u))):
                t.blit(surf, ("•  " if k == 0 else "   ") + line, int(16 * u), theme.CREAM, topleft=(x, y))
                y += int(23 * u)
            y += int(4 * u)
        self.row_buttons = []
        return y
