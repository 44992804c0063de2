"""The rules browser: every game's page from ``assets/rules/<game_id>.toml`` plus its RULINGS_NOTES, and the
glossary. Scroll with the wheel, the arrow keys, PgUp/PgDn or by dragging the bar.

A page is rendered once per width into one tall surface and scrolled by blitting part of it, so scrolling
costs one blit. A missing or broken file shows a message on the page instead of failing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import GAMES
from game.files import FileRefused, load_toml
from game.ui import rule_pictures, theme
from game.ui.draw import panel
from game.ui.input import Input
from game.ui.resources import assets_dir
from game.ui.scene import Scene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

Block = tuple[str, str]  # (kind, text): title, tagline, meta, h, p, li, example, note, term, picture


def rules_dir() -> Path:
    return assets_dir() / "rules"


def page_ids() -> list[str]:
    """Registered games first (in registry order), then any other rules pages, then the glossary."""
    found = {p.stem for p in rules_dir().glob("*.toml")} if rules_dir().exists() else set()
    ids = list(GAMES) + sorted(found - set(GAMES) - {"glossary"})
    if "glossary" in found:
        ids.append("glossary")
    return ids


def parse_body(body: str) -> list[Block]:
    """Blocks separated by blank lines: paragraphs, '- ' bullet lists, 'Example:' paragraphs, and picture
    markers (``[[pieces NAME]]``, ``[[example GAME | …]]``: game.ui.rule_pictures) on lines of their own."""
    out: list[Block] = []
    for chunk in body.strip().split("\n\n"):
        lines = [ln.strip() for ln in chunk.strip().splitlines() if ln.strip()]
        if not lines:
            continue
        for ln in lines:
            if rule_pictures.is_marker(ln):
                out.append(("picture", ln))
            elif ln.startswith("- "):
                out.append(("li", ln[2:]))
            elif ln.startswith("Example:"):
                out.append(("example", ln))
            else:
                out.append(("p", ln))
    return out


def load_page(page_id: str) -> list[Block]:
    """The blocks of one page; problems become a note on the page, never an exception."""
    path = rules_dir() / f"{page_id}.toml"
    cls = GAMES.get(page_id)
    blocks: list[Block] = []
    data: dict[str, Any] = {}
    try:
        data = load_toml(path, what="rules page")
    except FileNotFoundError:
        blocks.append(("title", cls.title if cls else page_id))
        blocks.append(("note", f"The rules page for this game is not written yet ({path.name} is missing)."))
    except (OSError, FileRefused) as exc:
        blocks.append(("title", cls.title if cls else page_id))
        blocks.append(("note", f"The rules page {path.name} cannot be read: {exc}"))
    if data:
        blocks.append(("title", str(data.get("title", page_id))))
        if data.get("tagline"):
            blocks.append(("tagline", str(data["tagline"])))
        if data.get("players"):
            blocks.append(("meta", f"Seats: {data['players']}"))
        for sec in data.get("sections", []) or []:
            if isinstance(sec, dict):
                blocks.append(("h", str(sec.get("heading", ""))))
                blocks += [checked(b) for b in parse_body(str(sec.get("body", "")))]
        for term in data.get("terms", []) or []:
            if isinstance(term, dict):
                games = term.get("games") or []
                where = "every game" if not games else ", ".join(GAMES[g].title if g in GAMES else g for g in games)
                blocks.append(("term", f"{term.get('term', '')}  ({where})"))
                blocks.append(("p", str(term.get("definition", ""))))
    if cls is not None and cls.RULINGS_NOTES:
        blocks.append(("h", "How this table rules where the texts are silent"))
        blocks += [("li", n) for n in cls.RULINGS_NOTES]
    credits = data.get("credits") if data else None
    if credits:
        blocks.append(("h", "Credits"))
        for c in credits:
            if isinstance(c, dict):
                blocks.append(("li", f"{c.get('role', '')}: {c.get('name', '')}"))
    return blocks


def checked(block: Block) -> Block:
    """A picture block whose marker the pictures module accepts, or a note on the page saying what is wrong."""
    if block[0] != "picture":
        return block
    try:
        rule_pictures.parse_marker(block[1])
    except rule_pictures.MarkerError as exc:
        return ("note", f"Picture left out: {exc}")
    return block


class RulesScene(Scene):
    def __init__(self, app: App, page_id: str | None = None) -> None:
        super().__init__(app)
        self.ids = page_ids()
        self.page = page_id if page_id in self.ids else self.ids[0]
        self.scroll = 0
        self.drag: int | None = None
        self._doc: pygame.Surface | None = None
        self._doc_key: tuple[str, int, float, bool] | None = None
        #: where the document's words and pictures lie on it, as (kind, rect): the layout tests read these
        self.doc_parts: list[tuple[str, pygame.Rect]] = []
        self.tabs: list[Button] = []
        self.back = Button("Back", app.pop, pygame.K_ESCAPE, "Esc", "Close the rules")
        self.hover_pos = (-1, -1)
        #: where the scroll hint was last drawn (empty when the page fits and no hint is shown)
        self.hint_rect = pygame.Rect(0, 0, 0, 0)

    def title_of(self, page_id: str) -> str:
        if page_id == "glossary":
            return "Glossary"
        cls = GAMES.get(page_id)
        return cls.title if cls else page_id.replace("_", " ").title()

    def select(self, page_id: str) -> None:
        self.page = page_id
        self.scroll = 0
        self._doc = None
        for b in self.tabs:
            b.selected = b.tag == page_id

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        side = int(min(260 * u, w * 0.26))
        self.list_rect = pygame.Rect(int(24 * u), int(90 * u), side, h - int(170 * u))
        self.doc_rect = pygame.Rect(self.list_rect.right + int(24 * u), int(30 * u),
                                    w - self.list_rect.right - int(48 * u), h - int(60 * u))
        bh = int(40 * u)
        self.tabs = []
        y = self.list_rect.y
        for pid in self.ids:
            b = Button(self.title_of(pid), lambda p=pid: self.select(p), None, "", f"The rules of {self.title_of(pid)}",
                       selected=pid == self.page, tag=pid)
            b.rect = pygame.Rect(self.list_rect.x, y, side, bh)
            y += bh + int(8 * u)
            self.tabs.append(b)
        self.back.rect = pygame.Rect(self.list_rect.x, h - int(70 * u), side, int(44 * u))
        self._doc = None

    # ------------------------------------------------------------------ document
    def document(self) -> pygame.Surface:
        width = self.doc_rect.w - int(60 * self.u)
        key = (self.page, width, self.u, self.app.settings.colour_blind)
        if self._doc is None or self._doc_key != key:
            self._doc = self.render_doc(load_page(self.page), width)
            self._doc_key = key
        return self._doc

    def render_doc(self, blocks: list[Block], width: int) -> pygame.Surface:
        u = self.u
        t = self.app.text
        styles = {
            "title": (int(48 * u), theme.AMBER, "head", 0, 4),
            "tagline": (int(18 * u), theme.CREAM, "text", 0, 6),
            "meta": (int(15 * u), theme.TEXT_DIM, "bold", 0, 10),
            "h": (int(28 * u), theme.AMBER, "head", 0, 4),
            "p": (int(17 * u), theme.CREAM, "text", 0, 10),
            "li": (int(17 * u), theme.CREAM, "text", int(24 * u), 4),
            "example": (int(16 * u), (222, 206, 170), "text", int(20 * u), 12),
            "note": (int(17 * u), theme.BAD, "bold", 0, 10),
            "term": (int(18 * u), theme.AMBER, "bold", 0, 2),
        }
        items: list[tuple[pygame.Surface, int, int, str]] = []  # image, x, gap after, kind
        figures: dict[int, rule_pictures.Figure] = {}  # index in items -> the picture laid there
        painter = rule_pictures.Painter(self.app.res, t, u, self.app.settings.colour_blind)
        for kind, text in blocks:
            if kind == "picture":
                fig = rule_pictures.figure(painter, rule_pictures.parse_marker(text), width - int(12 * u))
                items.append((pygame.Surface((1, int(6 * u)), pygame.SRCALPHA), 0, 0, "space"))
                figures[len(items)] = fig
                items.append((fig.surface, 0, int(18 * u), "picture"))
                continue
            size, colour, role, indent, gap = styles.get(kind, styles["p"])
            if kind == "h":
                items.append((pygame.Surface((1, int(14 * u)), pygame.SRCALPHA), 0, 0, "space"))
            lines = t.wrap(text, size, width - indent - int(12 * u), role)
            for i, line in enumerate(lines):
                img = t.render(line, size, colour, role)
                items.append((img, indent, gap if i == len(lines) - 1 else 0, kind if i == 0 else kind + "+"))
        height = sum(img.get_height() + gap for img, _, gap, _ in items) + int(40 * u)
        doc = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        self.doc_parts = []
        y = 0
        for i, (img, x, gap, kind) in enumerate(items):
            if i in figures:
                fig = figures[i]
                self.doc_parts += [("art", r.move(x, y)) for r in fig.art]
                self.doc_parts += [("text", r.move(x, y)) for r in fig.words]
            elif kind != "space":
                self.doc_parts.append(("text", img.get_rect(topleft=(x, y))))
            if kind.startswith("example"):
                pygame.draw.rect(doc, (40, 32, 20), (x - int(10 * u), y, width - x + int(10 * u),
                                                     img.get_height() + gap), 0)
                pygame.draw.line(doc, theme.AMBER_DIM, (x - int(10 * u), y), (x - int(10 * u),
                                                                             y + img.get_height() + gap), 3)
            if kind == "li":
                pygame.draw.circle(doc, theme.AMBER, (x - int(12 * u), y + img.get_height() // 2), max(2, int(3 * u)))
            doc.blit(img, (x, y))
            y += img.get_height() + gap
        return doc

    def hint_size(self) -> int:
        return int(13 * self.u)

    def view_rect(self) -> pygame.Rect:
        """Where the page shows inside the panel: above the scroll hint's band, so no line of the page is drawn
        under the hint (the bottom line was cut through by it)."""
        u = self.u
        inner = self.doc_rect.inflate(-int(40 * u), -int(40 * u))
        band = self.app.text.res.font("text", self.hint_size()).get_linesize() + int(8 * u)
        inner.h = max(1, self.doc_rect.bottom - 4 - band - inner.y)
        return inner

    def max_scroll(self) -> int:
        return max(0, self.document().get_height() - self.view_rect().h)

    # ------------------------------------------------------------------ input
    def handle(self, ev: Input) -> None:
        if ev.kind == "move":
            self.hover_pos = ev.pos
            for b in [*self.tabs, self.back]:
                b.handle(ev)
            if self.drag is not None:
                track = self.doc_rect.h
                self.scroll = int((ev.pos[1] - self.drag) / max(1, track) * self.document().get_height())
                self.scroll = max(0, min(self.max_scroll(), self.scroll))
            return
        if ev.kind == "key" and ev.action == "back":
            self.app.pop()
            return
        if ev.kind == "up":
            self.drag = None
        for b in [*self.tabs, self.back]:
            if b.handle(ev):
                return
        step = int(60 * self.u)
        page = self.doc_rect.h - int(80 * self.u)
        if ev.kind == "wheel":
            self.scroll -= ev.wheel * step
        elif ev.kind == "key" and ev.action in ("up", "down", "page_up", "page_down", "home", "end", "skip"):
            self.scroll += {"up": -step, "down": step, "page_up": -page, "page_down": page, "skip": page,
                            "home": -10**9, "end": 10**9}[ev.action]
        elif ev.kind == "key" and ev.action in ("left", "right", "next"):
            i = self.ids.index(self.page) + (-1 if ev.action == "left" else 1)
            self.select(self.ids[i % len(self.ids)])
        elif ev.kind == "down" and ev.button == 1 and self.bar_rect().collidepoint(ev.pos):
            self.drag = ev.pos[1] - self.thumb_rect().y + self.doc_rect.y
        self.scroll = max(0, min(self.max_scroll(), self.scroll))

    def bar_rect(self) -> pygame.Rect:
        r = self.doc_rect
        return pygame.Rect(r.right - int(16 * self.u), r.y + 10, int(8 * self.u), r.h - 20)

    def thumb_rect(self) -> pygame.Rect:
        bar = self.bar_rect()
        total = max(1, self.document().get_height())
        frac = min(1.0, (self.doc_rect.h - 40) / total)
        h = max(20, int(bar.h * frac))
        ms = self.max_scroll()
        y = bar.y + (0 if ms == 0 else int((bar.h - h) * self.scroll / ms))
        return pygame.Rect(bar.x, y, bar.w, h)

    def draw(self, surf: pygame.Surface) -> None:
        bg = getattr(self, "_bg", None)
        if bg is None or bg.get_size() != self.size:
            self._bg = bg = self.app.backdrop.room(self.size, seed=5)
        surf.blit(bg, (0, 0))
        u = self.u
        t = self.app.text
        t.blit(surf, "RULES", int(52 * u), theme.AMBER, "head", topleft=(self.list_rect.x, int(24 * u)))
        for b in self.tabs:
            b.draw(surf, t, int(17 * u))
        self.back.draw(surf, t, int(17 * u))
        panel(surf, self.doc_rect, (14, 14, 18), theme.PANEL_EDGE, radius=12, alpha=235)
        doc = self.document()
        inner = self.view_rect()
        area = pygame.Rect(0, self.scroll, doc.get_width(), inner.h)
        surf.blit(doc, (inner.x, inner.y), area)
        if self.max_scroll() > 0:
            pygame.draw.rect(surf, (40, 36, 30), self.bar_rect(), border_radius=4)
            pygame.draw.rect(surf, theme.AMBER_DIM, self.thumb_rect(), border_radius=4)
            self.hint_rect = t.blit(surf, "wheel / ↑↓ / PgUp PgDn to scroll · ←/→ other games", self.hint_size(),
                                    theme.TEXT_DIM,
                   midbottom=(self.doc_rect.centerx, self.doc_rect.bottom - 4))
