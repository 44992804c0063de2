"""The campaign's save slots (from the title's Campaign button): continue, start anew, delete; a damaged save
is refused with a clear message and its backup offered, and nothing on disk changes until the player chooses.

Why the card shows so much: name, cantina, credits, reputation, debt, a table left mid-hand and when it was
last played tell three campaigns apart at a glance, read from each save's header without loading it whole.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import pygame

from game.campaign import saves
from game.campaign.progress import Campaign
from game.ui import theme
from game.ui.campaign.dialog import Choice, Dialog
from game.ui.draw import panel
from game.ui.input import Input
from game.ui.scene import Scene
from game.ui.widgets import Button, TextField, draw_tooltip

if TYPE_CHECKING:
    from game.ui.app import App

KIND_WORDS = {
    "truncated": "The save was cut short, as if the game stopped while writing it.",
    "corrupt": "The save file is damaged.",
    "edited": "The save holds a choice or a move that could not have been made: it was edited by hand or damaged.",
    "newer": "The save comes from a newer version of the game.",
    "missing": "The save file is missing, but its backup is there.",
}


def when(saved_at: str | None) -> str:
    """An ISO UTC time as the player's local date and time."""
    if not saved_at:
        return ""
    try:
        t = datetime.fromisoformat(saved_at.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return saved_at
    return t.strftime("%d %b %Y, %H:%M")


class SlotMenu(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._bg: pygame.Surface | None = None
        self.focus = 0
        self.hover_pos = (-1, -1)
        self.back_button = Button("Back", app.pop, pygame.K_ESCAPE, "Esc", "Back to the title screen")
        self.refresh()

    # ------------------------------------------------------------------ slots
    def refresh(self) -> None:
        try:
            self.slots = saves.list_slots()
        except OSError as exc:
            self.slots = []
            self.app.report(f"The save folder cannot be read: {exc}")
        self.cards: list[tuple[saves.SlotInfo, list[Button]]] = []
        for info in self.slots:
            n = info.slot
            if info.exists and info.problem is None:
                buttons = [Button("Continue", (lambda n=n: self.load(n)), None, "Enter", "Pick up where you left off",
                                  primary=True),
                           Button("Delete", (lambda n=n: self.ask_delete(n)), None, "Del", "Empty this slot")]
            elif info.exists or info.backup:
                buttons = [Button("Recover", (lambda n=n: self.load(n)), None, "Enter",
                                  "See what is wrong and what can be saved", primary=True),
                           Button("Delete", (lambda n=n: self.ask_delete(n)), None, "Del", "Empty this slot")]
            else:
                buttons = [Button("New campaign", (lambda n=n: self.ask_name(n)), None, "Enter",
                                  "Arrive at the Lost Hand with 1,000 credits", primary=True)]
            self.cards.append((info, buttons))
        self.focus = max(0, min(self.focus, len(self.cards) - 1))
        self.layout(self.size)

    def load(self, n: int) -> None:
        """Load slot ``n`` and play it; a refused save shows why and offers the backup."""
        try:
            campaign = saves.load_slot(n)
        except saves.SlotEmpty:
            self.refresh()
            return
        except saves.SaveCorrupt as exc:
            self.refused(n, exc)
            return
        self.play(campaign, n)

    def play(self, campaign: Campaign, n: int) -> None:
        from game.ui.campaign.play import CampaignPlay

        CampaignPlay(self.app, campaign, n).start()

    def refused(self, n: int, exc: saves.SaveCorrupt) -> None:
        lines = [KIND_WORDS.get(exc.kind, "The save cannot be loaded."), str(exc),
                 "Nothing has been changed on disk."]
        choices: list[Choice] = []
        if exc.backup_available:
            lines.append("The backup (the save before the last one) loads fine: restoring it loses at most the "
                         "last hand. The refused file is kept beside it.")
            choices.append(Choice("Restore backup", lambda: self.restore(n), pygame.K_b, "B",
                                  "Play on from the previous save", primary=True))
        else:
            lines.append("There is no usable backup for this slot.")
        choices.append(Choice("Start anew here", lambda: self.ask_name(n, replace=True), pygame.K_n, "N",
                              "Replace the damaged save with a new campaign"))
        choices.append(Choice("Cancel", None, pygame.K_ESCAPE, "Esc", "Leave the slot as it is"))
        self.app.push(Dialog(self.app, f"Slot {n}: save refused", lines, choices, tone="warning", width=700))

    def restore(self, n: int) -> None:
        try:
            campaign = saves.restore_backup(n)
        except saves.SaveCorrupt as exc:
            self.app.report(str(exc))
            self.refresh()
            return
        self.app.toast(f"Slot {n}: the backup was restored.")
        self.play(campaign, n)

    def ask_name(self, n: int, replace: bool = False) -> None:
        names = self.app.settings.default_names or ["Rook"]
        field = TextField(names[0], max_len=18, focused=True)
        pygame.key.start_text_input()
        self.app.push(Dialog(self.app, "A new campaign", [
            "You step off a freighter at the edge of the spaceport with 1,000 credits and no name anyone knows.",
            "What do they call you?"], [
            Choice("Begin", lambda: self.start(n, field.value, replace), pygame.K_RETURN, "Enter",
                   "Walk into the Lost Hand", primary=True),
            Choice("Cancel", None, pygame.K_ESCAPE, "Esc", "Back to the slots"),
        ], field=field))

    def start(self, n: int, name: str, replace: bool = False) -> None:
        name = name.strip()[:18] or "Stranger"
        campaign = Campaign.new(name)
        try:
            saves.save_slot(n, campaign, replace_unreadable=replace)
        except saves.SaveCorrupt as exc:
            self.refused(n, exc)
            return
        except (OSError, ValueError) as exc:
            self.app.report(f"The campaign cannot be saved: {exc}")
            return
        self.play(campaign, n)

    def ask_delete(self, n: int) -> None:
        info = next((i for i in self.slots if i.slot == n), None)
        who = (info.summary or {}).get("name") if info and info.summary else None
        self.app.push(Dialog(self.app, f"Delete slot {n}?", [
            f"{who}'s campaign, its backup and any refused file go for good." if who else
            "The save, its backup and any refused file go for good.",
        ], [
            Choice("Delete", lambda: self.delete(n), pygame.K_d, "D", "Empty the slot", primary=True),
            Choice("Keep", None, pygame.K_ESCAPE, "Esc", "Leave it as it is"),
        ], tone="warning"))

    def delete(self, n: int) -> None:
        from game.ui.campaign.play import forget_place

        saves.delete_slot(n)
        forget_place(n)
        self.refresh()

    def enter(self) -> None:
        self.refresh()

    # ------------------------------------------------------------------ layout and input
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        self._bg = None
        cw = min(w - int(60 * u), int(860 * u))
        chh = int(118 * u)
        gap = int(16 * u)
        top = int(150 * u)
        self.card_rects: list[pygame.Rect] = []
        for i, (_, buttons) in enumerate(getattr(self, "cards", [])):
            r = pygame.Rect(0, 0, cw, chh)
            r.midtop = (w // 2, top + i * (chh + gap))
            self.card_rects.append(r)
            bw, bh = int(204 * u), int(40 * u)  # room for "New campaign" beside its Enter key
            y = r.centery - (len(buttons) * bh + (len(buttons) - 1) * int(8 * u)) // 2
            for b in buttons:
                b.rect = pygame.Rect(r.right - bw - int(18 * u), y, bw, bh)
                y += bh + int(8 * u)
        self.back_button.rect = pygame.Rect(0, 0, int(160 * u), int(42 * u))
        self.back_button.rect.midbottom = (w // 2, h - int(40 * u))

    def handle(self, ev: Input) -> None:
        if ev.kind == "move":
            self.hover_pos = ev.pos
            for i, r in enumerate(self.card_rects):
                if r.collidepoint(ev.pos):
                    self.focus = i
        if self.back_button.handle(ev):
            return
        for _, buttons in self.cards:
            for b in buttons:
                if b.handle(ev):
                    return
        if ev.kind != "key" or not self.cards:
            return
        if ev.action in ("up", "down"):
            self.focus = (self.focus + (1 if ev.action == "down" else -1)) % len(self.cards)
        elif ev.action == "confirm":
            self.cards[self.focus][1][0].click()
        elif ev.key in (pygame.K_DELETE, pygame.K_x):
            buttons = self.cards[self.focus][1]
            if len(buttons) > 1:
                buttons[1].click()
        elif pygame.K_1 <= ev.key <= pygame.K_9 and ev.key - pygame.K_1 < len(self.cards):
            self.focus = ev.key - pygame.K_1
            self.cards[self.focus][1][0].click()

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        if self._bg is None or self._bg.get_size() != self.size:
            self._bg = self.app.backdrop.title_room(self.size)
        surf.blit(self._bg, (0, 0))
        u = self.u
        t = self.app.text
        w, _ = self.size
        t.blit(surf, "CAMPAIGN", int(70 * u), (40, 22, 8), "head", center=(w // 2 + 3, int(72 * u) + 3))
        t.blit(surf, "CAMPAIGN", int(70 * u), theme.AMBER, "head", center=(w // 2, int(72 * u)))
        t.blit(surf, "Three save slots. The game saves by itself after every hand, door and deal.", int(16 * u),
               theme.CREAM, center=(w // 2, int(118 * u)))
        for i, ((info, buttons), r) in enumerate(zip(self.cards, self.card_rects, strict=True)):
            self._card(surf, info, r, i == self.focus)
            for k, b in enumerate(buttons):
                b.selected = i == self.focus and k == 0
                b.key_label = ("Enter", "Del")[k] if i == self.focus else ""  # the keys work on the picked slot
                b.draw(surf, t, int(16 * u))
        self.back_button.draw(surf, t, int(16 * u))
        for _, buttons in self.cards:
            for b in buttons:
                if b.rect.collidepoint(self.hover_pos) and b.tooltip:
                    draw_tooltip(surf, t, b.tooltip, b.rect, int(14 * u))
        t.blit(surf, "↑/↓ pick a slot  ·  Enter continue or begin  ·  Del delete  ·  Esc back", int(14 * u),
               theme.TEXT_DIM, midbottom=(w // 2, self.size[1] - int(12 * u)))

    def _card(self, surf: pygame.Surface, info: saves.SlotInfo, r: pygame.Rect, focused: bool) -> None:
        u = self.u
        t = self.app.text
        bad = info.problem is not None or (not info.exists and info.backup)
        edge = theme.BAD if bad else theme.AMBER if focused else theme.BRASS_DARK
        panel(surf, r, (16, 16, 22), edge, radius=int(12 * u), alpha=235, width=2 if focused else 1)
        x = r.x + int(22 * u)
        t.blit(surf, f"SLOT {info.slot}", int(16 * u), theme.TEXT_DIM, "bold", topleft=(x, r.y + int(12 * u)))
        width = r.w - int(270 * u)
        if bad:
            t.blit(surf, "Damaged save", int(26 * u), theme.BAD, "bold", topleft=(x, r.y + int(32 * u)))
            problem = info.problem or "the save file is missing, but its backup is there"
            t.blit(surf, t.fit(problem[:1].upper() + problem[1:], int(14 * u), width), int(14 * u), theme.CREAM,
                   topleft=(x, r.y + int(68 * u)))
            t.blit(surf, "A backup exists" if info.backup else "No backup", int(14 * u), theme.TEXT_DIM,
                   topleft=(x, r.y + int(88 * u)))
            return
        if not info.exists:
            t.blit(surf, "Empty", int(26 * u), theme.TEXT_FAINT, "bold", topleft=(x, r.y + int(32 * u)))
            t.blit(surf, "Start a campaign: the cantinas, their regulars, and a champion at the end.", int(14 * u),
                   theme.TEXT_DIM, topleft=(x, r.y + int(70 * u)))
            return
        s = info.summary or {}
        name = str(s.get("name", "?"))
        t.blit(surf, t.fit(name, int(28 * u), width, "bold"), int(28 * u), theme.CREAM, "bold",
               topleft=(x, r.y + int(30 * u)))
        line = f"{s.get('cantina', '?')}  ·  {s.get('bankroll', 0):,} credits  ·  reputation {s.get('reputation', 0)}"
        if s.get("debt"):
            line += f"  ·  owes {s.get('debt'):,}"
        if s.get("won"):
            line += "  ·  champion"
        t.blit(surf, t.fit(line, int(16 * u), width), int(16 * u), theme.AMBER, "bold", topleft=(x, r.y + int(66 * u)))
        where = f"At the table: {s['at_table']} (mid-game)" if s.get("at_table") else "Standing in the cantina"
        stamp = when(info.saved_at)
        t.blit(surf, t.fit(where + (f"  ·  last played {stamp}" if stamp else ""), int(14 * u), width), int(14 * u),
               theme.TEXT_DIM, topleft=(x, r.y + int(90 * u)))
