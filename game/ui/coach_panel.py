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
- The panel has one fixed place: the top of the right-hand log column, its full width and a fixed height
  (:meth:`CoachPanel.dock_rect`), so it never covers the table or the action bar and never moves as the advice
  changes (issue 14: a panel that hopped between corners covered the table). While it advises, the log is
  written below that place (:meth:`CoachPanel.reserved`); between the person's turns the coach folds to one
  line and the log has the room (play report item 16: an empty box sat above the log). The panel is painted
  once per result into a cached surface; a frame only blits it.
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
#: the most of the log column's height the panel may take (the log keeps the rest)
MAX_SHARE = 0.62

#: the options that leave the pot (they have no chance of winning it to show)
LEAVING = frozenset({"drop", "fold", "concede"})

#: what the coach's one line says between the person's turns
IDLE_WORDS = "waits for your turn"

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
               names: Sequence[str] | None = None, memory: Any = None,
               played: Sequence[tuple[dict[str, Any], Any]] = ()) -> list[dict[str, Any]]:
    """Runs on the worker. The coach is imported here so a broken AI module means "no advice", not no table.
    ``names`` are the seats' names on screen, so a row says "Offer Grell: …", never a seat number. ``memory`` is
    the table's :class:`~game.ai.coach.TableCoach`, told first what was ``played`` at the decisions asked before
    (view, action) and then asked (on this one worker, so it is never read and fed at once)."""
    from game.ai import coach

    if memory is None:
        return coach.advise(game_id, view, legal, names)
    for seen, action in played:
        memory.acted(seen, action)
    return memory.advise(view, legal, names)  # type: ignore[no-any-return]


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
    win: str  # "4.5 %", "≈ 43 %", "0 % · 60 %" (win · tie, the heading says so), or "—" when no chance given
    ev: str
    best: bool
    tip: str  # the full numbers and what they assume (hover)
    value: float | None  # the expected chips, to pick rows when there are too many
    action: Any = None  # the legal action the row names: a click on the row plays it


@dataclass(frozen=True)
class Advice:
    """What the panel shows for one decision: ``kind`` is "rows", "empty" (no odds for this game) or "error"."""

    kind: str
    rows: tuple[Row, ...] = ()
    footer: str = ""
    show_win: bool = True
    show_ev: bool = True
    win_head: str = "WIN"  #: the chance column's heading ("WIN · TIE" when a row can tie, Kinzo's "JACKPOT")
    shared: str = ""  #: the one chance every staying option shares, said once above the rows (no column then)
    ev_head: str = "EXP. CHIPS"  #: the number column's heading (Better Hintaro's business: "POSITION")


def tie_chance(e: dict[str, Any]) -> float:
    """The chance an option neither wins nor loses the pot outright: it splits it (Hintaro), the round ties
    (Street Hintaro) or the pot carries to the next round (Hintaro: nobody stands). Street Hintaro gives one
    number under both ``tie`` and ``carry``; it is counted once."""
    tie = float(e.get("tie") or 0.0)
    carry = float(e.get("carry") or 0.0)
    return float(e.get("split") or 0.0) + (tie if tie == carry else tie + carry)


def is_exact(e: dict[str, Any]) -> bool:
    """Whether a row's numbers are exact: enumerated, or a fold the coach counts as 0 by definition (the sabaccs
    count every option against folding, so their Fold is exactly 0 and is not written "≈ 0")."""
    if e.get("exact", True):
        return True
    leaving = getattr(e.get("action"), "kind", None) in LEAVING
    return leaving and e.get("ev") == 0.0 and e.get("ev_se") == 0.0 and not e.get("win")


def win_text(e: dict[str, Any]) -> str:
    """The chance column of one row: the chance to win outright, and beside it the chance of a tie (split or
    carried pot) when there is one, so "0 %" never reads as "this loses" (play report item 1: "Keep 0 % /
    +30.0" was a hand that ties 60 % of the time)."""
    exact = is_exact(e)
    if e.get("win") is None:
        return "—"
    text = fmt_pct(e["win"], exact)
    tie = tie_chance(e)
    if tie > 0 and (exact or 100 * tie >= 0.5):  # whole percents (the tip has the decimal): the column stays narrow
        text += f" · {'<' + NBSP + '1' if 100 * tie < 0.5 else f'{100 * tie:.0f}'}{NBSP}%"
    return text


def _tip(e: dict[str, Any]) -> str:
    exact = bool(e.get("exact", True))
    samples = e.get("samples")
    parts: list[str] = []
    if e.get("win") is not None:
        w = fmt_pct(e["win"], exact)
        what = str(e.get("win_words") or "wins the pot")
        parts.append(f"{what} {w}" + (f" ({samples:,} samples)" if not exact and samples else ""))
    for key, words in (("split", "splits it"), ("tie", "ties"), ("carry", "the pot carries")):
        if e.get(key):
            if key == "carry" and e.get("tie") == e.get("carry"):
                continue  # Street Hintaro gives the same number under both names
            parts.append(f"{words} {fmt_pct(e[key], exact)}")
    if e.get("ev") is not None:
        se = e.get("ev_se")
        noise = f" (give or take {se:,.0f}: the standard error of its samples)" if se and not exact else ""
        parts.append(f"expected chips {fmt_chips(e['ev'], exact)}{noise}")
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
        exact = is_exact(e)
        win = win_text(e)
        ev = "—" if e.get("ev") is None else fmt_chips(e["ev"], exact)
        label = str(e.get("label", "?"))
        if e.get("best") and e.get("pick"):  # the top row is a play, not the largest number: it says whose
            label = f"{label} ({e['pick']})"
        rows.append(Row(label, win, ev, bool(e.get("best")), _tip(e),
                        None if e.get("ev") is None else float(e["ev"]), e.get("action")))
    estimates = [e for e in entries if not e.get("exact", True)]
    samples = {e.get("samples") for e in estimates if e.get("samples")}
    if not estimates:
        footer = "exact · click a row to play it"
    elif len(samples) == 1:
        footer = f"≈ {next(iter(samples)):,} samples each · click to play"
    elif samples:
        footer = f"≈ {min(samples):,}–{max(samples):,} samples · click to play"
    else:
        footer = "≈ estimates · click a row to play it"
    # Hintaro's and Street Hintaro's dice decide the pot whatever the seat bets: every option that stays in has
    # the same chance, so it is said once above the rows ("If you stay in: win 27.8 %, tie 33.3 %"), which leaves the
    # rows room for their labels and chips (a leaving option has no chance to give)
    staying = [(e, r) for e, r in zip(entries, rows, strict=True) if e.get("win") is not None
               and getattr(e.get("action"), "kind", None) not in LEAVING]
    if len(staying) >= 2 and len({r.win for _e, r in staying}) == 1 and " · " in staying[0][1].win:
        e0 = staying[0][0]
        exact = bool(e0.get("exact", True))
        shared = (f"If you stay in: win {fmt_pct(e0['win'], exact)}, "
                  f"tie {fmt_pct(tie_chance(e0), exact)}")
        return Advice("rows", tuple(rows), footer, show_win=False,
                      show_ev=any(e.get("ev") is not None for e in entries), shared=shared)
    ev_heads = {str(e["ev_head"]) for e in entries if e.get("ev_head")}
    ev_head = next(iter(ev_heads)) if len(ev_heads) == 1 else "EXP. CHIPS"
    picked = next((e for e in entries if e.get("best") and e.get("pick")), None)
    if picked is not None:  # say once why the highlighted row is not the largest number
        footer = f"{picked['pick']}: its play, not the top number"
    heads = {str(e["win_head"]) for e in entries if e.get("win_head")}
    win_head = next(iter(heads)) if len(heads) == 1 else "WIN"
    if win_head == "WIN" and any(" · " in r.win for r in rows):
        win_head = "WIN · TIE"
    return Advice("rows", tuple(rows), footer, show_win=any(e.get("win") is not None for e in entries),
                  show_ev=any(e.get("ev") is not None for e in entries), win_head=win_head, ev_head=ev_head)


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
    """The Odds button, the O key, the worker that asks the coach, and the panel atop the log column."""

    def __init__(self, table: BaseTable) -> None:
        self.table = table
        self.button = Button("Odds", self.toggle, key=None,
                             tooltip="Odds coach (O): your chance to win and expected chips for each option")
        self._results: OrderedDict[Key, Advice] = OrderedDict()
        self._pending: dict[Key, Future[list[dict[str, Any]]]] = {}
        # the coach's memory of this table (a Nepunian Spike coach reads how each seat answers bets), made at the
        # first question; a new table has a new panel, so a new memory
        self._memory: Any = None
        self._asked: dict[int, tuple[int, dict[str, Any]]] = {}  #: seat -> (actions before, view) last asked
        self._played: list[tuple[dict[str, Any], Any]] = []  #: what the seats played, not yet told to the memory
        self._telling: dict[Key, list[tuple[dict[str, Any], Any]]] = {}  #: what a question under way tells it
        self._surf: tuple[Any, pygame.Surface, list[tuple[Row, pygame.Rect]]] | None = None  # sig, picture, rows
        self._rect: pygame.Rect | None = None
        self._docked = False
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
                self._telling.pop(key, None)
                if not fut.cancelled():
                    self._store(key, self._advice_of(fut))
            elif key != current and fut.cancel():
                del self._pending[key]
                self._played[:0] = self._telling.pop(key, [])  # never told: the next question tells it
        if current is None or current in self._results or current in self._pending:
            return
        st = self.table.state
        try:
            view = st.view(current[0])  # what this seat sees, and nothing more
            legal = st.legal_actions()
            names = list(getattr(self.table, "names", []) or []) or None
            if self._memory is None:
                from game.ai.coach import TableCoach

                self._memory = TableCoach(st.game_id)
            played = self._played_since(current, view)
            self._telling[current] = played
            self._pending[current] = _executor().submit(_ask_coach, st.game_id, view, legal, names, self._memory,
                                                        played)
        except Exception:
            log.exception("the odds coach could not be asked")
            self._store(current, Advice("error"))

    def _played_since(self, key: Key, view: dict[str, Any]) -> list[tuple[dict[str, Any], Any]]:
        """What the memory has not been told yet: this seat's action at the decision last asked for it (the state's
        action log holds it, at the count of actions the decision was asked at), and anything a cancelled question
        never told. Only the seat's own actions: the coach reads the others from its views."""
        seat, _round, count = key
        before = self._asked.get(seat)
        self._asked[seat] = (count, view)
        if before is not None and before[0] < count:
            actions = self.table.state.actions
            if before[0] < len(actions):
                self._played.append((before[1], actions[before[0]]))
        played, self._played = self._played, []
        return played

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
        self.button.rect = pygame.Rect(0, 0, max(52, int(78 * u)), t.menu_button.rect.h)  # (Odds in 10 px)
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
            self.button.draw(surf, self.table.text, self.table.px(15))  # (Menu's face)

    # ------------------------------------------------------------------ input
    def handle(self, ev: Input) -> bool:
        """The Odds button, and a click on a row, which plays the row's action (a raise at the row's amount, which
        the slider would otherwise have to be dragged to). True if the input was for the panel."""
        if not self.has_button():
            return False
        self.dock()
        if self.button.handle(ev):
            return True
        if ev.kind == "down" and ev.button == 1:
            row = self.row_at(ev.pos)
            if row is not None:
                if row.action is not None and self.table.my_turn():
                    self.table.act(row.action)
                return True
        return False

    def row_at(self, pos: tuple[int, int]) -> Row | None:
        """The row of the panel under ``pos`` (None off the rows or while the panel is hidden or thinking)."""
        return next((r for r, rect in self.shown_rows() if rect.collidepoint(pos)), None)

    def handle_key(self, ev: Input) -> bool:
        """O toggles the coach, unless a table uses O for a button of its own (none does now: Better Hintaro's Trade
        moved to R; tests/ui/test_one_key_one_thing.py checks that no two live buttons share a key)."""
        if ev.kind != "key" or ev.key != pygame.K_o or ev.mod & pygame.KMOD_CTRL or not self.has_button():
            return False
        if any(b.key == pygame.K_o for b in self.table.buttons):
            return False
        self.toggle()
        return True

    def hide_words(self) -> str:
        """How the panel says it is hidden: "O hides", unless a table keeps O for a button of its own, where only the
        Odds button does (a guard: Better Hintaro's Trade, once on O, is on R now)."""
        return "the Odds button hides" if any(b.key == pygame.K_o for b in self.table.buttons) else "O hides"

    def button_tip(self, pos: tuple[int, int]) -> tuple[str, pygame.Rect] | None:
        if self.has_button() and self.button.rect.collidepoint(pos):
            return self.button.tooltip, self.button.rect
        return None

    # ------------------------------------------------------------------ painting
    def _metrics(self) -> tuple[int, int, int, int, int, int, int, int, int]:
        """Font sizes and line heights: (fs, small, head, pad, gap, row_h, head_h, foot_h, rows that fit)."""
        t = self.table
        u = t.u
        res = t.app.res
        fs, small, head = max(11, int(14 * u)), max(10, int(11 * u)), max(12, int(18 * u))
        pad, gap = int(10 * u), int(12 * u)
        row_h = res.font("text", fs).get_linesize() + int(5 * u)
        head_h = res.font("head", head).get_linesize() + int(6 * u)
        foot_h = res.font("text", small).get_linesize() + int(8 * u)
        room = int(t.log_rect.h * MAX_SHARE) - head_h - foot_h
        fit = max(3, min(MAX_ROWS + 1, room // max(1, row_h)))  # + 1: the "more options" line
        return fs, small, head, pad, gap, row_h, head_h, foot_h, fit

    def dock_rect(self) -> pygame.Rect:
        """The panel's one place: the top of the log column, inset a little, its height fixed by the rows it
        can list (never by the advice, so it never jumps)."""
        t = self.table
        m = int(6 * t.u)
        *_, row_h, head_h, foot_h, fit = self._metrics()
        log = t.log_rect
        return pygame.Rect(log.x + m, log.y + m, log.w - 2 * m, head_h + fit * row_h + foot_h)

    def idle_rect(self) -> pygame.Rect:
        """Where the coach waits while it has nothing to say (not this person's turn): one line at the top of the
        log column, so no empty box sits above the log (play report item 16) and the coach still says it is on."""
        t = self.table
        m = int(6 * t.u)
        *_, head_h, _foot_h, _fit = self._metrics()
        log = t.log_rect
        return pygame.Rect(log.x + m, log.y + m, log.w - 2 * m, head_h)

    def reserved(self) -> int:
        """How much of the log column's top the coach keeps for itself: its place and a margin while it advises,
        one line while it waits for the person's turn, 0 while it is off or at a table without people (the log
        writes below it, so the two never overlap). The full place is the same at every decision, so the panel
        never jumps from one decision to the next; between turns the log has the room."""
        if not self.enabled or not self.has_button():
            return 0
        r = self.dock_rect() if self.visible() else self.idle_rect()
        return r.bottom - self.table.log_rect.y + int(4 * self.table.u)

    def _paint(self, adv: Advice | None) -> tuple[pygame.Surface, list[tuple[Row, pygame.Rect]]]:
        """The whole panel at its fixed size (:meth:`dock_rect`), once per result, and the rows it lists with
        their rects (local, for the tips). The title shares its line with the column heads and the footer
        carries the key hint; a label too long for the column is cut, and its row's tip says it in full."""
        t = self.table
        u = t.u
        text = t.text
        res = t.app.res
        fs, small, head, pad, gap, row_h, head_h, foot_h, fit = self._metrics()
        font = res.font("text", fs)
        w, h = self.dock_rect().size
        rows: list[Row] = []
        more = 0
        message = ""
        if adv is None:
            message = "thinking…"
        elif adv.kind == "error":
            message = "no advice here"
        elif adv.kind == "empty":
            message = "no odds for this game yet"
        show_win = adv is not None and adv.kind == "rows" and adv.show_win
        show_ev = adv is not None and adv.kind == "rows" and adv.show_ev
        win_head = adv.win_head if adv is not None and adv.kind == "rows" else "WIN"
        ev_head = adv.ev_head if adv is not None and adv.kind == "rows" else "EXP. CHIPS"
        every = adv.rows if adv is not None and adv.kind == "rows" else []
        win_w = max([font.size(r.win)[0] for r in every] + [res.font("bold", small).size(win_head)[0]])
        ev_w = max([font.size(r.ev)[0] for r in every] + [res.font("bold", small).size(ev_head)[0]])
        label_w = w - 2 * pad - (gap + win_w if show_win else 0) - (gap + ev_w if show_ev else 0)
        # labels too long for one line beside the numbers get the row's first line to themselves, the numbers
        # the second: fewer rows fit in the same fixed place, but every option reads in full
        bold = res.font("bold", fs)
        two = any(bold.size(r.label)[0] > label_w for r in every)
        line_h = row_h
        x_win = pad + label_w + gap  # the number columns stay at the right whichever layout
        if two:
            row_h = 2 * font.get_linesize() + int(6 * u)
            fit = max(2, (h - head_h - foot_h - line_h) // row_h + 1)  # + 1: pick_rows counts the "more" line
            label_w = w - 2 * pad
        shared = adv.shared if adv is not None and adv.kind == "rows" else ""
        if shared:
            fit = max(2, fit - (line_h + row_h - 1) // row_h)  # the shared chance takes a line above the rows
        if every:
            rows, more = pick_rows(every, fit)
        hide = self.hide_words()
        footer = (adv.footer + f" · {hide}") if rows and adv is not None else f"{hide} the coach"
        if rows and adv is not None and res.font("text", small).size(footer)[0] > w - 2 * pad:
            footer = adv.footer  # what the numbers are comes before how to hide them
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        panel(surf, surf.get_rect(), (10, 10, 14), theme.BRASS, radius=int(10 * u), alpha=246, width=2)
        text.blit(surf, "ODDS COACH", head, theme.AMBER, "head", topleft=(pad, int(5 * u)))
        x_ev = x_win + (win_w + gap if show_win else 0)
        if show_win:
            text.blit(surf, win_head, small, theme.TEXT_DIM, "bold", bottomright=(x_win + win_w, head_h - int(3 * u)))
        if show_ev:
            text.blit(surf, ev_head, small, theme.TEXT_DIM, "bold", bottomright=(x_ev + ev_w, head_h - int(3 * u)))
        rects: list[tuple[Row, pygame.Rect]] = []
        y = head_h
        if shared and rows:
            text.blit(surf, text.fit(shared, small, w - 2 * pad), small, theme.CREAM, "text",
                      midleft=(pad, y + line_h // 2))
            y += line_h
        if not rows:
            text.blit(surf, text.fit(message, fs, w - 2 * pad), fs, theme.CREAM, "text", midleft=(pad, y + row_h // 2))
        for r in rows:
            rr = pygame.Rect(int(4 * u), y, w - int(8 * u), row_h)
            rects.append((r, rr))
            if r.best:
                panel(surf, rr, (92, 62, 26), theme.AMBER, radius=int(6 * u), width=1)
            ink = theme.AMBER if r.best else theme.CREAM
            role = "bold" if r.best else "text"
            cy = rr.centery
            if two:  # the label on the first line, the numbers right-aligned on the second
                cy = rr.y + int(3 * u) + font.get_linesize() // 2
            text.blit(surf, text.fit(r.label, fs, label_w, role), fs, ink, role, midleft=(pad, cy))
            if two:
                cy += font.get_linesize()
            if show_win:
                text.blit(surf, r.win, fs, ink, role, midright=(x_win + win_w, cy))
            if show_ev:
                text.blit(surf, r.ev, fs, theme.GOOD if r.best else ink, role, midright=(x_ev + ev_w, cy))
            y += row_h
        if more:
            lower = "fewer expected chips" if ev_head == "EXP. CHIPS" else "lower numbers"
            text.blit(surf, text.fit(f"+ {more} more options with {lower}", small, w - 2 * pad), small,
                      theme.TEXT_DIM, "text", midleft=(pad, y + line_h // 2))
        text.blit(surf, text.fit(footer, small, w - 2 * pad), small, theme.TEXT_DIM, "text",
                  midbottom=(w // 2, h - int(5 * u)))
        return surf, rects

    def _picture(self) -> tuple[pygame.Surface, list[tuple[Row, pygame.Rect]], pygame.Rect] | None:
        """The cached panel and its place, repainted only when the result (or the window) changes."""
        key = self.current_key()
        if key is None:
            return None
        adv = self._results.get(key)
        rect = self.dock_rect()
        sig = (key, id(adv), self.table.u, tuple(rect))
        if self._surf is None or self._surf[0] != sig:
            surf, rects = self._paint(adv)
            self.paints += 1
            self._surf = (sig, surf, rects)
            self._rect = rect
        assert self._rect is not None
        return self._surf[1], self._surf[2], self._rect

    # ------------------------------------------------------------------ drawing hooks for the table
    def items(self) -> list[Item]:
        """The panel (and the hovered row's tip) as table picture items, drawn over the animations."""
        from game.ui.tables.base import Item

        pic = self._picture()
        if pic is None:
            if not self.enabled or not self.has_button():
                return []
            idle = self.idle_rect()
            return [Item("coach_idle", idle.copy(), (tuple(idle), self.table.u, self.hide_words()),
                         lambda s: self._draw_idle(s, idle), 1)]
        surf, rects, rect = pic
        out = [Item("coach", rect.copy(), (self._surf[0] if self._surf else None, tuple(rect)),
                    lambda s: s.blit(surf, rect), 1)]
        tip = self._hover_tip(rects, rect)
        if tip is not None:
            lines, box = tip
            out.append(Item("coach_tip", box, (tuple(lines), tuple(box)),
                            lambda s: self._draw_tip(s, lines, box), 2))
        return out

    def _draw_idle(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        """The waiting coach: its title and what it waits for, on one line."""
        t = self.table
        u = t.u
        _fs, small, head, pad, *_ = self._metrics()
        panel(surf, rect, (10, 10, 14), theme.BRASS, radius=int(10 * u), alpha=246, width=2)
        x = rect.x + pad
        t.text.blit(surf, "ODDS COACH", head, theme.AMBER, "head", midleft=(x, rect.centery))
        x += t.app.res.font("head", head).size("ODDS COACH")[0] + pad
        words = f"{IDLE_WORDS} · {self.hide_words()}"
        t.text.blit(surf, t.text.fit(words, small, rect.right - pad - x), small, theme.TEXT_DIM, "text",
                    midleft=(x, rect.centery))

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
        """The wrapped tip, beside the panel on its left, level with it (a passing hover, over the room)."""
        t = self.table
        u = t.u
        fs = max(11, int(14 * u))
        width = int(380 * u)
        lines = t.text.wrap(tip, fs, width)
        font = t.app.res.font("text", fs)
        w = max(font.size(line)[0] for line in lines) + int(20 * u)
        h = font.get_linesize() * len(lines) + int(12 * u)
        box = pygame.Rect(0, 0, w, h)
        box.topright = (panel_rect.x - int(6 * u), panel_rect.y)
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
