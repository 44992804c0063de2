"""The odds coach at the table: for the person about to act, each option with its chance of winning the pot
and the chips it is expected to bring (:func:`game.ai.coach.advise`).

Why it is built this way:

- It asks the coach with exactly what that seat sees, ``state.view(seat)`` and ``state.legal_actions()``,
  read on the main thread (as :meth:`TableSession.ask_agent` does for the AI), so it can show nothing the
  seat may not know, and the worker never touches the live state.
- The sums run on a worker thread: an estimate that samples hidden cards may take a noticeable moment, and
  the frame loop must never wait for it. The panel says "thinking…" meanwhile.
- A result is kept per decision, keyed by (seat, round, number of actions so far): redrawing, hovering or
  toggling never asks twice, and an answer that lands after the table moved on is filed under its own
  decision and never shown for another one. Work not started yet for a stale decision is cancelled.
- It shows only when a person here is to act and the screen shows that person's eyes
  (:meth:`BaseTable.my_turn`): never on an AI seat's turn, and never under the hot-seat curtain (the table is
  not drawn while the curtain is up, and its eyes are still the previous person's until the click).
- The panel is painted once per result into a cached surface and placed in the corner of the room that
  covers the fewest pieces (seats, dice, pot, trays), preferring the bottom corners near the action buttons.
  A frame only blits it.
- A coach that raises shows "no advice here" and logs the error: a coach bug never costs a game.
"""

from __future__ import annotations

import logging
import math
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import theme
from game.ui.draw import panel
from game.ui.input import Input
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.tables.base import BaseTable, Item

log = logging.getLogger("cantina.coach")

#: the most option rows the panel lists (more are summed up in one line: the best is always listed)
MAX_ROWS = 8
#: pieces of the table picture the panel may sit over (bars, log and tooltips are not on the felt)
_NOT_OBSTACLES = frozenset({"lamp", "top", "bar", "log", "tooltip", "coach", "coach_tip"})

#: keeps "43 %" on one line when a tip wraps
NBSP = "\u00a0"

_pool: ThreadPoolExecutor | None = None


def _executor() -> ThreadPoolExecutor:
    """One worker for every table's coach, apart from the AI's worker, so advice never delays an AI move."""
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cantina-coach")
    return _pool


def _ask_coach(game_id: str, view: dict[str, Any], legal: list[Any],
               names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Runs on the worker. The coach is imported here so a broken AI module means "no advice", not no table.
    ``names`` are the seats' names on screen, so a row says "Offer Grell: …", never a seat number."""
    from game.ai import coach

    return coach.advise(game_id, view, legal, names)


# ------------------------------------------------------------------------------------------- numbers
def fmt_pct(p: float, exact: bool) -> str:
    """A chance in words: one decimal when exact, whole percents (marked ≈) for an estimate."""
    v = 100.0 * p
    if not exact:
        return f"≈{NBSP}{v:.0f}{NBSP}%"
    if v <= 0:
        return f"0{NBSP}%"
    if v >= 100:
        return f"100{NBSP}%"
    if v < 0.1:
        return f"<{NBSP}0.1{NBSP}%"
    if v > 99.9:
        return f">{NBSP}99.9{NBSP}%"
    return f"{v:.1f}{NBSP}%"


def fmt_chips(ev: float, exact: bool) -> str:
    """Expected chips with a sign (one decimal below 100), marked ≈ for an estimate."""
    if abs(ev) < 0.05:
        text = "0"
    else:
        digits = 1 if abs(ev) < 100 else 0
        text = f"{abs(ev):,.{digits}f}"
        text = ("+" if ev > 0 else "−") + text
    return text if exact else "≈" + NBSP + text


@dataclass(frozen=True)
class Row:
    """One option as the panel shows it."""

    label: str
    win: str  # "4.5 %", "≈ 43 %", or "—" when the coach gives no chance for it
    ev: str
    best: bool
    tip: str  # the full numbers and what they assume (hover)
    value: float | None  # the expected chips, to pick rows when there are too many


@dataclass(frozen=True)
class Advice:
    """What the panel shows for one decision: ``kind`` is "rows", "empty" (no odds for this game) or "error"."""

    kind: str
    rows: tuple[Row, ...] = ()
    footer: str = ""
    show_win: bool = True
    show_ev: bool = True


def _tip(e: dict[str, Any]) -> str:
    exact = bool(e.get("exact", True))
    samples = e.get("samples")
    parts: list[str] = []
    if e.get("win") is not None:
        w = fmt_pct(e["win"], exact)
        parts.append(f"wins the pot {w}" + (f" ({samples:,} samples)" if not exact and samples else ""))
    for key, words in (("split", "splits it"), ("tie", "ties"), ("carry", "the pot carries")):
        if e.get(key):
            if key == "carry" and e.get("tie") == e.get("carry"):
                continue  # Street Hintaro gives the same number under both names
            parts.append(f"{words} {fmt_pct(e[key], exact)}")
    if e.get("ev") is not None:
        parts.append(f"expected chips {fmt_chips(e['ev'], exact)}")
    called, rational = e.get("ev_if_called"), e.get("ev_if_rational")
    if called is not None and rational is not None and abs(called - rational) >= 0.05:
        parts.append(f"{fmt_chips(called, exact)} if everyone calls, {fmt_chips(rational, exact)} if only "
                     "those with the odds to call do")
    text = f"{e.get('label', '?')}: " + ", ".join(parts) if parts else str(e.get("label", "?"))
    note = str(e.get("note") or "")
    return text + (f".\n{note[:1].upper()}{note[1:]}." if note else ".")  # the note: what the numbers assume


def advice_from(entries: Sequence[dict[str, Any]]) -> Advice:
    """The panel's rows for the coach's answer (see :mod:`game.ai.coach` for its format)."""
    if not entries or all(e.get("win") is None and e.get("ev") is None for e in entries):
        return Advice("empty")
    rows = []
    for e in entries:
        exact = bool(e.get("exact", True))
        win = "—" if e.get("win") is None else fmt_pct(e["win"], exact)
        ev = "—" if e.get("ev") is None else fmt_chips(e["ev"], exact)
        rows.append(Row(str(e.get("label", "?")), win, ev, bool(e.get("best")), _tip(e),
                        None if e.get("ev") is None else float(e["ev"])))
    estimates = [e for e in entries if not e.get("exact", True)]
    samples = {e.get("samples") for e in estimates if e.get("samples")}
    if not estimates:
        footer = "exact · hover a row for details"
    elif len(samples) == 1:
        footer = f"≈ from {next(iter(samples)):,} samples each · hover a row"
    elif samples:
        footer = f"≈ from {min(samples):,}–{max(samples):,} samples · hover a row"
    else:
        footer = "≈ estimates · hover a row for details"
    return Advice("rows", tuple(rows), footer, show_win=any(e.get("win") is not None for e in entries),
                  show_ev=any(e.get("ev") is not None for e in entries))


def pick_rows(rows: Sequence[Row], limit: int) -> tuple[list[Row], int]:
    """At most ``limit`` rows in the coach's order: the best and the highest expected chips; and how many left."""
    if len(rows) <= limit:
        return list(rows), 0
    keep = max(1, limit - 1)  # one line says how many more there are
    ranked = sorted(range(len(rows)), key=lambda i: (not rows[i].best,
                                                      -(rows[i].value if rows[i].value is not None else -math.inf)))
    chosen = sorted(ranked[:keep])
    return [rows[i] for i in chosen], len(rows) - keep


# ------------------------------------------------------------------------------------------- the panel
Key = tuple[int, Any, int]


class CoachPanel:
    """The Odds button, the O key, the worker that asks the coach, and the panel near the action buttons."""

    def __init__(self, table: BaseTable) -> None:
        self.table = table
        self.button = Button("Odds", self.toggle, key=None,
                             tooltip="Odds coach (O): your chance to win and expected chips for each option")
        self._results: OrderedDict[Key, Advice] = OrderedDict()
        self._pending: dict[Key, Future[list[dict[str, Any]]]] = {}
        self._surf: tuple[Any, pygame.Surface, list[tuple[Row, pygame.Rect]]] | None = None  # sig, picture, rows
        self._rect: pygame.Rect | None = None
        self._corner = 0
        self._docked = False
        self._placing = False
        self.paints = 0  # how many times the panel was painted (tests: once per result)

    # ------------------------------------------------------------------ on and off
    @property
    def enabled(self) -> bool:
        return bool(getattr(self.table.app.settings, "coach", False))

    def toggle(self) -> None:
        app = self.table.app
        app.settings.coach = not self.enabled
        if getattr(app, "persist", False):
            app.save_settings()
        app.dirty = True

    def has_button(self) -> bool:
        """Only a table where people play offers the coach (a demo of AIs has nobody to advise)."""
        return bool(self.table.session.humans)

    # ------------------------------------------------------------------ which decision
    def current_key(self) -> Key | None:
        """The decision the panel is for: the person here to act, seen through their own eyes; else None."""
        t = self.table
        if not self.enabled or not t.my_turn():
            return None
        seat = t.state.current_seat
        if seat is None or seat != t.eyes or not t.session.is_human(seat):
            return None
        return (seat, getattr(t.state, "round_no", None), len(t.state.actions))

    def visible(self) -> bool:
        return self.current_key() is not None

    def advice(self) -> Advice | None:
        """The finished advice for the current decision (None while thinking or hidden)."""
        key = self.current_key()
        return self._results.get(key) if key is not None else None

    def status(self) -> str:
        """hidden, thinking, rows, empty or error."""
        key = self.current_key()
        if key is None:
            return "hidden"
        adv = self._results.get(key)
        return "thinking" if adv is None else adv.kind

    def busy(self) -> bool:
        """Work is under way: the table wants frames until the answer can be picked up."""
        return bool(self._pending)

    def work(self) -> list[Future[list[dict[str, Any]]]]:
        """The questions under way (tests wait on them instead of on the clock)."""
        return list(self._pending.values())

    # ------------------------------------------------------------------ the worker
    def update(self) -> None:
        """Each frame: pick up finished answers, drop stale work, and ask for the current decision once."""
        current = self.current_key()
        for key, fut in list(self._pending.items()):
            if fut.done():
                del self._pending[key]
                if not fut.cancelled():
                    self._store(key, self._advice_of(fut))
            elif key != current and fut.cancel():
                del self._pending[key]
        if current is None or current in self._results or current in self._pending:
            return
        st = self.table.state
        try:
            view = st.view(current[0])  # what this seat sees, and nothing more
            legal = st.legal_actions()
            names = list(getattr(self.table, "names", []) or []) or None
            self._pending[current] = _executor().submit(_ask_coach, st.game_id, view, legal, names)
        except Exception:
            log.exception("the odds coach could not be asked")
            self._store(current, Advice("error"))

    @staticmethod
    def _advice_of(fut: Future[list[dict[str, Any]]]) -> Advice:
        try:
            return advice_from(fut.result())
        except Exception:
            log.exception("the odds coach failed")
            return Advice("error")

    def _store(self, key: Key, adv: Advice) -> None:
        self._results[key] = adv
        while len(self._results) > 16:
            self._results.popitem(last=False)
        self.table.app.dirty = True

    def close(self) -> None:
        for fut in self._pending.values():
            fut.cancel()
        self._pending.clear()

    # ------------------------------------------------------------------ layout and the top-bar button
    def layout(self) -> None:
        t = self.table
        u = t.u
        self.button.rect = pygame.Rect(0, 0, int(78 * u), t.menu_button.rect.h)
        self.button.rect.topright = (t.menu_button.rect.x - int(10 * u), t.menu_button.rect.y)
        self._docked = False
        self._surf = None
        self._rect = None

    def dock(self) -> None:
        """Sit left of every other button in the top bar (a table may add its own after the base lays out)."""
        if self._docked:
            return
        self._docked = True
        t = self.table
        u = t.u
        others = [b.rect for b in vars(t).values() if isinstance(b, Button) and b is not self.button
                  and b.rect.w > 0 and b.rect.bottom <= t.top_h]
        left = min((r.x for r in others), default=t.size[0])
        self.button.rect.topright = (left - int(10 * u), t.menu_button.rect.y)

    def top_sig(self) -> Any:
        if not self.has_button():
            return None
        self.dock()
        b = self.button
        b.selected = self.enabled
        return (b.selected, b.hover, b.pressed, tuple(b.rect))

    def draw_button(self, surf: pygame.Surface) -> None:
        if self.has_button():
            self.button.selected = self.enabled
            self.button.draw(surf, self.table.text, int(15 * self.table.u))

    # ------------------------------------------------------------------ input
    def handle(self, ev: Input) -> bool:
        """The Odds button (pointer). True if the input was for it."""
        if not self.has_button():
            return False
        self.dock()
        return self.button.handle(ev)

    def handle_key(self, ev: Input) -> bool:
        """O toggles the coach, unless the table uses O for one of its own buttons (Better Hintaro's Trade)."""
        if ev.kind != "key" or ev.key != pygame.K_o or ev.mod & pygame.KMOD_CTRL or not self.has_button():
            return False
        if any(b.key == pygame.K_o for b in self.table.buttons):
            return False
        self.toggle()
        return True

    def button_tip(self, pos: tuple[int, int]) -> tuple[str, pygame.Rect] | None:
        if self.has_button() and self.button.rect.collidepoint(pos):
            return self.button.tooltip, self.button.rect
        return None

    # ------------------------------------------------------------------ painting
    def _paint(self, adv: Advice | None, scale: float = 1.0) -> tuple[pygame.Surface, list[tuple[Row, pygame.Rect]]]:
        """The whole panel, once per result, and the rows it lists with their rects (local, for the tips).

        Compact on purpose: the title shares its line with the column heads and the footer carries the key
        hint, so a three-option panel fits between the seats of a six-seat table. ``scale`` < 1 paints a tighter
        one for a crowded table.
        """
        t = self.table
        u = t.u * scale
        text = t.text
        res = t.app.res
        fs, small, head = max(11, int(14 * u)), max(10, int(11 * u)), max(12, int(18 * u))
        font = res.font("text", fs)
        bold = res.font("bold", fs)
        pad = int(10 * u)
        gap = int(14 * u)
        row_h = font.get_linesize() + int(5 * u)
        head_h = res.font("head", head).get_linesize() + int(6 * u)
        foot_h = res.font("text", small).get_linesize() + int(8 * u)
        rows: list[Row] = []
        more = 0
        message = ""
        if adv is None:
            message = "thinking…"
        elif adv.kind == "error":
            message = "no advice here"
        elif adv.kind == "empty":
            message = "no odds for this game yet"
        else:
            room = int(t.area.h * 0.6) - head_h - foot_h
            limit = max(3, min(MAX_ROWS, room // max(1, row_h)))
            rows, more = pick_rows(adv.rows, limit)
        title_w = res.font("head", head).size("ODDS COACH")[0]
        show_win = bool(rows) and adv is not None and adv.show_win
        show_ev = bool(rows) and adv is not None and adv.show_ev
        win_head, ev_head = "WIN POT", "EXP. CHIPS"
        label_w = min(int(230 * u), max([bold.size(r.label)[0] for r in rows] + [title_w, int(90 * u)]))
        win_w = max([font.size(r.win)[0] for r in rows] + [res.font("bold", small).size(win_head)[0]])
        ev_w = max([font.size(r.ev)[0] for r in rows] + [res.font("bold", small).size(ev_head)[0]])
        table_w = label_w + (gap + win_w if show_win else 0) + (gap + ev_w if show_ev else 0)
        if rows:
            assert adv is not None
            footer = adv.footer + " · O hides"
        else:
            footer = "O hides the coach"
        foot_w = res.font("text", small).size(footer)[0]
        msg_w = font.size(message)[0] if message else 0
        w = max(table_w, foot_w, msg_w, int(200 * u)) + 2 * pad
        body = row_h * (len(rows) + (1 if more else 0)) if rows else row_h
        h = head_h + body + foot_h
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        panel(surf, surf.get_rect(), (10, 10, 14), theme.BRASS, radius=int(10 * u), alpha=246, width=2)
        text.blit(surf, "ODDS COACH", head, theme.AMBER, "head", topleft=(pad, int(5 * u)))
        x_win = pad + label_w + gap
        x_ev = x_win + (win_w + gap if show_win else 0)
        if show_win:
            text.blit(surf, win_head, small, theme.TEXT_DIM, "bold", bottomright=(x_win + win_w, head_h - int(3 * u)))
        if show_ev:
            text.blit(surf, ev_head, small, theme.TEXT_DIM, "bold", bottomright=(x_ev + ev_w, head_h - int(3 * u)))
        rects: list[tuple[Row, pygame.Rect]] = []
        y = head_h
        if not rows:
            text.blit(surf, message, fs, theme.CREAM, "text", midleft=(pad, y + row_h // 2))
        for r in rows:
            rr = pygame.Rect(int(4 * u), y, w - int(8 * u), row_h)
            rects.append((r, rr))
            if r.best:
                panel(surf, rr, (92, 62, 26), theme.AMBER, radius=int(6 * u), width=1)
            ink = theme.AMBER if r.best else theme.CREAM
            role = "bold" if r.best else "text"
            cy = rr.centery
            text.blit(surf, text.fit(r.label, fs, label_w, role), fs, ink, role, midleft=(pad, cy))
            if show_win:
                text.blit(surf, r.win, fs, ink, role, midright=(x_win + win_w, cy))
            if show_ev:
                text.blit(surf, r.ev, fs, theme.GOOD if r.best else ink, role, midright=(x_ev + ev_w, cy))
            y += row_h
        if more:
            text.blit(surf, f"+ {more} more options with fewer expected chips", small, theme.TEXT_DIM, "text",
                      midleft=(pad, y + row_h // 2))
        text.blit(surf, footer, small, theme.TEXT_DIM, "text", midbottom=(w // 2, h - int(5 * u)))
        return surf, rects

    def _picture(self) -> tuple[pygame.Surface, list[tuple[Row, pygame.Rect]], pygame.Rect] | None:
        """The cached panel and where it sits, repainted only when the result (or the window) changes."""
        key = self.current_key()
        if key is None or self._placing:
            return None
        adv = self._results.get(key)
        sig = (key, id(adv), self.table.u, tuple(self.table.area))
        if self._surf is None or self._surf[0] != sig:
            surf, rects = self._paint(adv)
            self.paints += 1
            rect, hidden = self._place(surf.get_size())
            if hidden:  # a crowded table: a tighter panel may find a clear spot
                small = self._paint(adv, 0.82)
                self.paints += 1
                rect2, hidden2 = self._place(small[0].get_size())
                if hidden2 < hidden:
                    (surf, rects), rect = small, rect2
            self._surf = (sig, surf, rects)
            self._rect = rect
        assert self._rect is not None
        return self._surf[1], self._surf[2], self._rect

    def _obstacles(self) -> list[tuple[pygame.Rect, int]]:
        """What on the felt the panel should not hide, with how much hiding it hurts: the table's picture items.

        A seat counts as its plate, its pieces, its tag and dealer button, not the whole area its turn glow may
        light (the glow is soft and would rule out most of a crowded table). Pieces (dice, cards, the pot)
        weigh most, a plate's edge less, a tag least.
        """
        t = self.table
        self._placing = True
        try:
            items = t.items()
        finally:
            self._placing = False
        out: list[tuple[pygame.Rect, int]] = []
        seats = {f"seat{s}": s for s in range(t.n)}
        for it in items:
            if it.key in _NOT_OBSTACLES:
                continue
            seat = seats.get(it.key)
            if seat is None:
                out.append((it.rect, 3))
                continue
            plate: pygame.Rect = t.seat_geo[seat]["plate"]
            out += [(plate, 2), (t.pieces_rect(seat), 3)]
            tag = t.tags.get(seat)
            if tag:
                out.append((t.tag_box(seat, tag[0]), 1))
            if t.shown.get("dealer") == seat:  # the dealer button sits on the plate's top-left corner
                rad = int(11 * t.u)
                out.append((pygame.Rect(plate.x - rad // 2 - rad, plate.y + rad // 2 - rad, 2 * rad, 2 * rad), 1))
        return out

    def _place(self, size: tuple[int, int]) -> tuple[pygame.Rect, int]:
        """Where the panel hides the least, near the action buttons and the room's edges.

        Candidates slide along the room's edges (on a grid, and flush against each piece); each costs what it
        hides (heavily), how far it is from the action bar, and how far from the nearest side. The last spot
        is kept while it stays clear, so the panel does not hop about from one decision to the next. Returns the
        spot and what it hides (weighted pixels; 0 = nothing).
        """
        t = self.table
        a = t.area
        u = t.u
        m = int(6 * u)
        w, h = size
        x0, x1 = a.x + m, max(a.x + m, a.right - m - w)
        y0, y1 = a.y + m, max(a.y + m, a.bottom - m - h)
        obstacles = self._obstacles()
        step = max(6, int(12 * u))
        xs = {*range(x0, x1, step), x1}
        ys = {*range(y0, y1, step), y1}
        for o, _ in obstacles:  # flush against a piece: the exact gaps between seats
            xs |= {x for x in (o.right + 1, o.x - w - 1) if x0 <= x <= x1}
            ys |= {y for y in (o.bottom + 1, o.y - h - 1) if y0 <= y <= y1}
        spots = {(x, y1) for x in xs} | {(x0, y) for y in ys} | {(x1, y) for y in ys} | {(x, y0) for x in xs}

        def hidden(x: int, y: int) -> int:
            r = pygame.Rect(x, y, w, h)
            return sum(c.w * c.h * k for c, k in ((r.clip(o), k) for o, k in obstacles))

        prev = self._rect
        if prev is not None and prev.size == size and a.contains(prev) and hidden(prev.x, prev.y) == 0:
            return prev.copy(), 0

        def cost(spot: tuple[int, int]) -> tuple[float, int, int]:
            x, y = spot
            return (2.0 * hidden(x, y) + 2.0 * (y1 - y) + min(x - x0, x1 - x), -y, x)

        x, y = min(spots, key=cost)
        return pygame.Rect(x, y, w, h), hidden(x, y)

    # ------------------------------------------------------------------ drawing hooks for the table
    def items(self) -> list[Item]:
        """The panel (and the hovered row's tip) as table picture items, drawn over the animations."""
        from game.ui.tables.base import Item

        pic = self._picture()
        if pic is None:
            return []
        surf, rects, rect = pic
        out = [Item("coach", rect.copy(), (self._surf[0] if self._surf else None, tuple(rect)),
                    lambda s: s.blit(surf, rect), 1)]
        tip = self._hover_tip(rects, rect)
        if tip is not None:
            lines, box = tip
            out.append(Item("coach_tip", box, (tuple(lines), tuple(box)),
                            lambda s: self._draw_tip(s, lines, box), 2))
        return out

    def _hover_tip(self, rows: list[tuple[Row, pygame.Rect]], rect: pygame.Rect
                   ) -> tuple[list[str], pygame.Rect] | None:
        pos = self.table.hover_pos
        if not rect.collidepoint(pos):
            return None
        for r, local in rows:
            if local.move(rect.topleft).collidepoint(pos):
                return self._tip_layout(r.tip, rect)
        return None

    def _tip_layout(self, tip: str, panel_rect: pygame.Rect) -> tuple[list[str], pygame.Rect]:
        """The wrapped tip, above the panel when it sits low (below when high), off the felt's middle."""
        t = self.table
        u = t.u
        fs = max(11, int(14 * u))
        width = int(380 * u)
        lines = t.text.wrap(tip, fs, width)
        font = t.app.res.font("text", fs)
        w = max(font.size(line)[0] for line in lines) + int(20 * u)
        h = font.get_linesize() * len(lines) + int(12 * u)
        box = pygame.Rect(0, 0, w, h)
        left = panel_rect.centerx < t.area.centerx
        if panel_rect.centery > t.area.centery:  # the panel sits low: the tip goes above it
            if left:
                box.bottomleft = (panel_rect.x, panel_rect.y - int(6 * u))
            else:
                box.bottomright = (panel_rect.right, panel_rect.y - int(6 * u))
        elif left:
            box.topleft = (panel_rect.x, panel_rect.bottom + int(6 * u))
        else:
            box.topright = (panel_rect.right, panel_rect.bottom + int(6 * u))
        box.clamp_ip(pygame.Rect((0, 0), t.size))
        return lines, box

    def _draw_tip(self, surf: pygame.Surface, lines: list[str], box: pygame.Rect) -> None:
        t = self.table
        u = t.u
        fs = max(11, int(14 * u))
        lh = t.app.res.font("text", fs).get_linesize()
        panel(surf, box, (12, 12, 16), theme.AMBER_DIM, radius=6, width=1)
        y = box.y + int(6 * u)
        for line in lines:
            t.text.blit(surf, line, fs, theme.CREAM, "text", topleft=(box.x + int(10 * u), y))
            y += lh

    # ------------------------------------------------------------------ for tests and the screenshot script
    def shown_rows(self) -> list[tuple[Row, pygame.Rect]]:
        """The rows the panel lists, in order, with their rects on screen (empty while hidden or thinking)."""
        pic = self._picture()
        if pic is None:
            return []
        return [(r, rr.move(pic[2].topleft)) for r, rr in pic[1]]

    def rect(self) -> pygame.Rect | None:
        pic = self._picture()
        return pic[2].copy() if pic else None
