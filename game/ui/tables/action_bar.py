"""The action bar: the buttons along the bottom of a table, the amount slider, and why a greyed button is greyed.

Why a part of its own: the table decides *what* may be done (its ``action_specs``, from the engine's legal
actions); the bar only shows it. It turns the table's :class:`ActionSpec` list into buttons (with hotkeys),
puts one amount slider beside them when an action takes an amount, says on hover why a greyed button cannot
be pressed (the engine's refusal code, worded by the table), lays itself out in one row or two, and draws.

What it asks of its table: ``bar_rect`` and ``u`` (where and how large, set by the table's layout), ``text``
and ``app.res`` (fonts), ``BUTTON_MAX_W`` and ``SLIDER_HINT``, ``bar_words()`` (the heading), ``my_turn()``,
``amount_words(...)`` and ``shown_amount(...)`` (how an amount reads at this game), ``app.report`` (a table's
bug costs a tooltip, never the bar).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.core import Action
from game.ui import theme
from game.ui.input import Input
from game.ui.widgets import Button, Slider

if TYPE_CHECKING:
    from game.ui.tables.base import BaseTable


@dataclass
class ActionSpec:
    """A button the action bar shows: an exact action, or an amount kind whose amount the slider sets."""

    label: str
    tooltip: str
    key: int | None = None
    key_label: str = ""
    action: Action | None = None
    amount_kind: str | None = None
    enabled: bool = True
    primary: bool = False
    #: the action a greyed button stands for when ``action`` is None (not legal now): the bar asks the engine
    #: why not (``state.check``) and says it on hover
    probe: Action | None = None


_PREFERRED_KEYS = "crdkabtsgphfxyzqwevnmlioju"


def pick_key(label: str, used: set[int]) -> int | None:
    """A letter key for a button: its first free initial, else any free letter."""
    for ch in label.lower() + _PREFERRED_KEYS:
        if ch.isalpha() and ch.isascii():
            k = pygame.key.key_code(ch)
            if k not in used:
                used.add(k)
                return k
    return None


#: the keys that move the amount slider, and by how many notches
NUDGES = {"more": 1, "up": 1, "less": -1, "down": -1, "page_up": 5, "page_down": -5}


class ActionBar:
    """The buttons, their specs and the amount slider of ``table``'s bar."""

    def __init__(self, table: BaseTable) -> None:
        self.table = table
        self.buttons: list[Button] = []
        self.specs: list[ActionSpec] = []
        self.slider: Slider | None = None
        self.slider_kind: str | None = None  # the amount kind the slider sets

    # ------------------------------------------------------------------ what it shows
    def pick_slider(self, specs: list[ActionSpec], amount_range: Callable[[str], tuple[int, int] | None],
                    step: Callable[[str, int, int], int]) -> None:
        """One slider for the first amount kind of ``specs`` the engine gives a range for (none when ``specs``
        has none); a slider for the same kind as before keeps its value."""
        old_value = self.slider.value if self.slider is not None else None
        old_kind = self.slider_kind
        self.slider = None
        self.slider_kind = None
        for spec in specs:
            if spec.amount_kind:
                rng = amount_range(spec.amount_kind)
                if rng is None:
                    continue
                lo, hi = rng
                value = old_value if old_kind == spec.amount_kind and old_value is not None else lo
                self.slider = Slider(lo, hi, max(lo, min(hi, value)), step(spec.amount_kind, lo, hi))
                self.slider_kind = spec.amount_kind
                break

    def say_why_greyed(self, spec: ActionSpec, why_greyed: Callable[[ActionSpec], str | None], mine: bool) -> None:
        """Put why the greyed button ``spec`` cannot be pressed now at the head of its tooltip (a table error
        here must never cost the bar: the button then keeps its own tooltip). Waiting (not ``mine``), what the
        button will do follows why not now."""
        try:
            why = why_greyed(spec)
        except Exception as exc:
            self.table.app.report(f"cannot say why {spec.label!r} is greyed: {exc}")
            return
        if not why or why == spec.tooltip or spec.tooltip.startswith(why):
            return
        own = "" if mine else spec.tooltip
        spec.tooltip = f"{why} · {own}" if own and own != spec.label else why

    def put(self, specs: list[ActionSpec], callbacks: list[Callable[[], None] | None], live: bool = True) -> None:
        """Show ``specs``, each button calling its callback (enabled when its spec is and the bar is ``live``),
        and lay the bar out."""
        self.specs = specs
        self.buttons = [Button(spec.label, cb, key=spec.key, key_label=spec.key_label, tooltip=spec.tooltip,
                               enabled=spec.enabled and live, primary=spec.primary, tag=spec)
                        for spec, cb in zip(specs, callbacks, strict=True)]
        self.layout()

    def own(self, pairs: list[tuple[ActionSpec, Callable[[], None]]]) -> None:
        """Buttons that drive the table itself rather than the game (a replay's controls, the pause between
        hands): each spec with its callback, and no amount slider."""
        self.slider = None
        self.slider_kind = None
        self.put([spec for spec, _ in pairs], [cb for _, cb in pairs])

    def amount_label(self, spec: ActionSpec) -> str:
        """The label of an amount button: the amount the slider stands at, in the table's words."""
        if self.slider is not None and spec.amount_kind == self.slider_kind:
            return self.table.amount_words(spec.label, spec.amount_kind, self.slider.value)
        return spec.label

    def _relabel(self) -> None:
        for b, spec in zip(self.buttons, self.specs, strict=False):
            if spec.amount_kind:
                b.label = self.amount_label(spec)

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        """Buttons from the left, the amount slider at the right. The buttons share the room left of the
        slider, its knob and its labels; where one row would squeeze them below a readable width (the key
        caps drop off at 90 px and labels get cut) they wrap into two rows under the bar's heading."""
        t = self.table
        r = t.bar_rect
        u = t.u
        pad = int(10 * u)
        bh = int(min(48 * u, (r.h - 3 * pad) * 0.55))
        y = r.bottom - pad - bh
        right = r.right - pad
        if self.slider is not None:
            slider_w = int(min(240 * u, r.w * 0.28))
            self.slider.rect = pygame.Rect(r.right - 3 * pad - slider_w, y + bh // 2 - int(9 * u), slider_w,
                                           int(18 * u))
            right = self.slider_reach().x - pad
        n = max(1, len(self.buttons))
        room = right - (r.x + pad)
        # as wide as the longest label needs ("Reroll right (double-Kulro)"), if the row has the room
        widest = max([t.BUTTON_MAX_W * u] + [b.natural_width(t.text, t.px(17), bh) for b in self.buttons])
        per_row, gap = n, 0
        bw = min(widest, (room - (n - 1) * pad) / n)
        if bw < max(91, int(120 * u)) and n > 1:  # (a button shows its key cap from 91 px wide)
            per_row = -(-n // 2)
            bw = min(widest, (room - (per_row - 1) * pad) / per_row)
            gap = max(2, pad // 2)
            font = t.app.res.font("bold", t.px(15))
            top = r.y + int(8 * u) + font.get_linesize() + max(3, pad // 2)  # under the heading
            bh = min(bh, (r.bottom - pad - top - gap) // 2)
            y = r.bottom - pad - 2 * bh - gap
        bw = max(1, int(bw))
        for i, b in enumerate(self.buttons):
            row, col = divmod(i, per_row)
            b.rect = pygame.Rect(r.x + pad + col * (bw + pad), y + row * (bh + gap), bw, bh)
        if self.slider is not None and per_row < n:  # level with the middle of the two rows
            self.slider.rect.centery = y + bh + gap // 2

    def slider_labels(self) -> list[tuple[str, dict[str, tuple[int, int]]]]:
        """The words around the amount slider (its ends under it, how to move it above) and where they go."""
        s = self.slider
        assert s is not None
        t = self.table
        lo, hi = t.shown_amount(self.slider_kind, s.lo), t.shown_amount(self.slider_kind, s.hi)
        # the hint over the slider, kept inside the bar: in a small window it keeps the text floor and is wider
        # than the slider (it ran into the log)
        half = t.app.res.font("text", t.px(12, 9)).size(t.SLIDER_HINT)[0] // 2
        x = min(s.rect.centerx, t.bar_rect.right - int(6 * t.u) - half)
        return [(f"{lo:,}", {"midtop": (s.rect.x, s.rect.bottom + 2)}),
                (f"{hi:,}", {"midtop": (s.rect.right, s.rect.bottom + 2)}),
                (t.SLIDER_HINT, {"midbottom": (x, s.rect.top - int(4 * t.u))})]

    def slider_reach(self) -> pygame.Rect:
        """Everything the amount slider draws: the track, the knob at either end, and its labels (the bar
        keeps its buttons clear of all of it)."""
        s = self.slider
        assert s is not None
        knob = max(6, s.rect.h // 2 - 2)
        out = s.rect.inflate(2 * knob, max(0, 2 * knob - s.rect.h))
        font = self.table.app.res.font("text", self.table.px(12, 9))
        for words, anchor in self.slider_labels():
            label = pygame.Rect((0, 0), font.size(words))
            for point, at in anchor.items():
                setattr(label, point, at)
            out.union_ip(label)
        return out

    # ------------------------------------------------------------------ drawing
    def sig(self) -> Any:
        """Everything the bar's picture depends on (the painter redraws it when this changes)."""
        self._relabel()
        s = self.slider
        t = self.table
        return (t.bar_words(), t.my_turn(),
                tuple((b.label, b.enabled, b.hover, b.pressed, b.selected, tuple(b.rect)) for b in self.buttons),
                (s.value, s.lo, s.hi, s.dragging, tuple(s.rect)) if s else None, t.u)

    def draw(self, surf: pygame.Surface) -> None:
        t = self.table
        r = t.bar_rect
        u = t.u
        pygame.draw.rect(surf, (10, 10, 14), r)
        pygame.draw.line(surf, theme.BRASS_DARK, r.topleft, r.topright, 2)
        t.text.blit(surf, t.bar_words(), t.px(15), theme.TURN if t.my_turn() else theme.TEXT_DIM, "bold",
                    topleft=(r.x + int(12 * u), r.y + int(8 * u)))
        self._relabel()
        for b in self.buttons:
            b.draw(surf, t.text, t.px(17))
        if self.slider is not None:
            self.slider.draw(surf)
            for words, anchor in self.slider_labels():
                t.text.blit(surf, words, t.px(12, 9), theme.TEXT_DIM, **anchor)

    # ------------------------------------------------------------------ input
    def hover(self, ev: Input) -> None:
        """The pointer moved: the buttons light up under it; a dragged slider follows it."""
        for b in self.buttons:
            b.handle(ev)
        if self.slider is not None and self.slider.dragging:
            self.slider.handle(ev)

    def handle(self, ev: Input, mine: bool) -> bool:
        """A click or key for the bar (the slider only on the eyes' turn); True when the bar took it."""
        if self.slider is not None and mine:
            if self.slider.handle(ev):
                return True
            if ev.kind == "key" and ev.action in NUDGES:
                self.slider.nudge(NUDGES[ev.action])
                return True
        return any(b.handle(ev) for b in self.buttons)

    def tooltip(self, pos: tuple[int, int]) -> tuple[str, pygame.Rect] | None:
        """The tooltip of the button under ``pos``, and its rect."""
        for b in self.buttons:
            if b.rect.collidepoint(pos) and b.tooltip:
                return b.tooltip, b.rect
        return None
