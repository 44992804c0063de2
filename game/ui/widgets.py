"""A few small widgets (button, slider, stepper, toggle, text field) drawn in the cantina style.

Why our own: the menus need a handful of controls, each drawn in the cantina look, with keyboard shortcuts
and one-line tooltips; a toolkit would bring a theme system we would mostly fight.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui import theme
from game.ui.draw import Text, panel
from game.ui.input import Input


@dataclass
class Button:
    """A clickable label with an optional keyboard shortcut and a one-line tooltip."""

    label: str
    on_click: Callable[[], None] | None = None
    key: int | None = None
    key_label: str = ""
    tooltip: str = ""
    enabled: bool = True
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    primary: bool = False
    selected: bool = False
    hover: bool = False
    pressed: bool = False
    tag: Any = None

    def handle(self, ev: Input) -> bool:
        """True if the input was for this button (a click or its shortcut)."""
        if ev.kind == "move":
            self.hover = self.rect.collidepoint(ev.pos)
            return False
        if not self.enabled:
            return ev.kind in ("down", "up") and self.rect.collidepoint(ev.pos)
        if ev.kind == "down" and ev.button == 1 and self.rect.collidepoint(ev.pos):
            self.pressed = True
            return True
        if ev.kind == "up" and ev.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(ev.pos):
                self.click()
                return True
            return False
        if ev.kind == "key" and self.key is not None and ev.key == self.key and not (ev.mod & pygame.KMOD_CTRL):
            self.click()
            return True
        return False

    def click(self) -> None:
        if self.enabled and self.on_click is not None:
            self.on_click()

    def draw(self, surf: pygame.Surface, text: Text, size: int = 18) -> None:
        """Draw the button, from a cached picture of its current look (drawing rounded panels is slow)."""
        r = self.rect
        if r.w <= 0 or r.h <= 0:
            return
        key = (r.size, self.label, self.key_label, self.enabled, self.pressed, self.hover or self.selected,
               self.primary, size)
        cache = self.__dict__.setdefault("_looks", {})
        img = cache.get(key)
        if img is None:
            if len(cache) > 8:
                cache.clear()
            img = pygame.Surface(r.size, pygame.SRCALPHA)
            self._paint(img, img.get_rect(), text, size)
            cache[key] = img
        surf.blit(img, r)

    def natural_width(self, text: Text, size: int, height: int) -> int:
        """How wide the button must be to show its key cap and its whole label at ``size`` (as :meth:`_paint`
        lays them out), so a row with room to spare never cuts a label short."""
        w = 18 + text.render(self.label, size, theme.CREAM, "bold").get_width()
        if self.key_label:
            cap = text.render(self.key_label, max(10, size - 5), theme.CREAM, "bold")
            w += max(cap.get_width() + 10, height // 2 + 6) + 8
        return w

    def _paint(self, surf: pygame.Surface, r: pygame.Rect, text: Text, size: int) -> None:
        if not self.enabled:
            fill, edge, ink = theme.BUTTON_DISABLED, (52, 52, 58), theme.TEXT_FAINT
        elif self.pressed:
            fill, edge, ink = theme.BRASS_DARK, theme.AMBER, theme.CREAM
        elif self.hover or self.selected:
            fill, edge, ink = theme.BUTTON_HOVER, theme.AMBER, theme.CREAM
        elif self.primary:
            fill, edge, ink = (92, 62, 26), theme.AMBER, theme.CREAM
        else:
            fill, edge, ink = theme.BUTTON, theme.BRASS, theme.CREAM
        panel(surf, r, fill, edge, radius=min(10, r.h // 3), width=2)
        label_x = r.x + 10
        # the key cap shows from 91 px wide, unless it would cut a label that fits whole without it (a small
        # window: "Swap for discard" is read whole; its key still works); the label may take a face or two
        # smaller first (9 px at the least)
        least = max(9, size - 2)
        capped = self.key_label and r.w > 90
        if capped and text.res.font("bold", least).size(self.label)[0] <= r.w - 20:
            cap_w = max(text.res.font("bold", max(10, size - 5)).size(self.key_label)[0] + 10, r.h // 2 + 6)
            capped = text.res.font("bold", least).size(self.label)[0] <= r.right - 8 - (r.x + 8 + cap_w + 8)
        if capped:
            cap = text.render(self.key_label, max(10, size - 5), ink if self.enabled else theme.TEXT_FAINT, "bold")
            cr = pygame.Rect(0, 0, max(cap.get_width() + 10, r.h // 2 + 6), cap.get_height() + 4)
            cr.midleft = (r.x + 8, r.centery)
            pygame.draw.rect(surf, (20, 18, 16), cr, border_radius=4)
            pygame.draw.rect(surf, edge, cr, 1, border_radius=4)
            surf.blit(cap, cap.get_rect(center=cr.center))
            label_x = cr.right + 8
        avail = r.right - 8 - label_x
        face = size
        while face > least and text.res.font("bold", face).size(self.label)[0] > avail:
            face -= 1
        label = text.fit(self.label, face, max(10, avail), "bold")
        img = text.render(label, face, ink, "bold")
        if capped:
            surf.blit(img, img.get_rect(midleft=(label_x, r.centery)))
        else:
            surf.blit(img, img.get_rect(center=r.center))


def tooltip_lines(text: Text, tip: str, screen: pygame.Rect, size: int = 15) -> list[str]:
    """The tooltip's lines: one, or the words wrapped when one line would be wider than most of the screen
    (a long option description must neither run off both edges nor be cut)."""
    room = max(200, min(screen.w - 24, max(420, screen.w // 2)))
    if text.render(tip, size, theme.CREAM).get_width() <= room:
        return [tip]
    return text.wrap(tip, size, room) or [tip]


def tooltip_rect(text: Text, tip: str, anchor: pygame.Rect, screen: pygame.Rect, size: int = 15,
                 beside: bool = False, left: bool = False) -> pygame.Rect:
    """Where a tooltip for ``anchor`` goes: above it (below if there is no room), kept on screen. ``beside``:
    to its right (left if there is no room), for a button in a column, whose neighbours above and below a
    tooltip must not cover."""
    imgs = [text.render(line, size, theme.CREAM) for line in tooltip_lines(text, tip, screen, size)]
    r = pygame.Rect(0, 0, max(img.get_width() for img in imgs), sum(img.get_height() for img in imgs))
    r.inflate_ip(16, 10)
    if beside and left:  # (to its left first: a row whose right part the tooltip must not cover either)
        r.midright = (anchor.left - 10, anchor.centery)
        if r.left < screen.left:
            r.midleft = (anchor.right + 10, anchor.centery)
    elif beside:
        r.midleft = (anchor.right + 10, anchor.centery)
        if r.right > screen.right:
            r.midright = (anchor.left - 10, anchor.centery)
    else:
        r.midbottom = (anchor.centerx, anchor.top - 6)
        if r.top < 0:
            r.midtop = (anchor.centerx, anchor.bottom + 6)
    r.clamp_ip(screen)
    return r


def draw_tooltip(surf: pygame.Surface, text: Text, tip: str, anchor: pygame.Rect, size: int = 15,
                 beside: bool = False, left: bool = False) -> None:
    """A tooltip above ``anchor`` (below it if there is no room; or ``beside`` it), kept on screen, its words
    wrapped when they are longer than the screen is wide (see :func:`tooltip_lines`)."""
    if not tip:
        return
    r = tooltip_rect(text, tip, anchor, surf.get_rect(), size, beside, left)
    panel(surf, r, (12, 12, 16), theme.AMBER_DIM, radius=6, width=1)
    y = r.y + 5
    for line in tooltip_lines(text, tip, surf.get_rect(), size):
        img = text.render(line, size, theme.CREAM)
        surf.blit(img, img.get_rect(midtop=(r.centerx, y)))
        y += img.get_height()


@dataclass
class Slider:
    """A horizontal slider over whole numbers ``lo..hi`` in steps of ``step``."""

    lo: int
    hi: int
    value: int
    step: int = 1
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    dragging: bool = False
    on_change: Callable[[int], None] | None = None

    def set(self, v: int) -> None:
        v = max(self.lo, min(self.hi, int(v)))
        if v != self.hi and v != self.lo and self.step > 1:
            v = self.lo + round((v - self.lo) / self.step) * self.step
            v = max(self.lo, min(self.hi, v))
        if v != self.value:
            self.value = v
            if self.on_change:
                self.on_change(v)

    def nudge(self, steps: int) -> None:
        self.set(self.value + steps * self.step)

    def _from_x(self, x: int) -> None:
        if self.rect.w <= 0 or self.hi <= self.lo:
            return
        f = (x - self.rect.x) / self.rect.w
        self.set(round(self.lo + f * (self.hi - self.lo)))

    def handle(self, ev: Input) -> bool:
        if ev.kind == "down" and ev.button == 1 and self.rect.inflate(0, 16).collidepoint(ev.pos):
            self.dragging = True
            self._from_x(ev.pos[0])
            return True
        if ev.kind == "move" and self.dragging:
            self._from_x(ev.pos[0])
            return True
        if ev.kind == "up" and self.dragging:
            self.dragging = False
            return True
        if ev.kind == "wheel" and self.rect.inflate(0, 24).collidepoint(ev.pos):
            self.nudge(ev.wheel)
            return True
        return False

    def draw(self, surf: pygame.Surface) -> None:
        r = self.rect
        if r.w <= 0:
            return
        track = pygame.Rect(r.x, r.centery - 3, r.w, 6)
        pygame.draw.rect(surf, (40, 36, 30), track, border_radius=3)
        f = 0.0 if self.hi <= self.lo else (self.value - self.lo) / (self.hi - self.lo)
        fill = pygame.Rect(track.x, track.y, int(track.w * f), track.h)
        pygame.draw.rect(surf, theme.AMBER_DIM, fill, border_radius=3)
        knob = (track.x + int(track.w * f), track.centery)
        pygame.draw.circle(surf, theme.AMBER, knob, max(6, r.h // 2 - 2))
        pygame.draw.circle(surf, theme.BRASS_DARK, knob, max(6, r.h // 2 - 2), 2)


@dataclass
class TextField:
    """A one-line name field: click to focus, type, Enter or click elsewhere to finish."""

    value: str
    max_len: int = 16
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    focused: bool = False
    on_change: Callable[[str], None] | None = None

    def handle(self, ev: Input) -> bool:
        if ev.kind == "down" and ev.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(ev.pos)
            if self.focused:
                pygame.key.start_text_input()
            elif was:
                self._commit()
            return self.focused
        if not self.focused:
            return False
        if ev.kind == "text":
            for ch in ev.char:
                if ch.isprintable() and len(self.value) < self.max_len:
                    self.value += ch
            return True
        if ev.kind == "key":
            if ev.action == "erase":
                self.value = self.value[:-1]
            elif ev.action in ("confirm", "back", "next"):
                self.focused = False
                self._commit()
            return True  # every key goes to the field while it has focus
        return False

    def _commit(self) -> None:
        self.value = self.value.strip()[: self.max_len]
        if self.on_change:
            self.on_change(self.value)

    def draw(self, surf: pygame.Surface, text: Text, size: int = 17) -> None:
        r = self.rect
        panel(surf, r, (12, 12, 16), theme.AMBER if self.focused else theme.PANEL_EDGE, radius=6, width=2)
        shown = self.value + ("|" if self.focused else "")
        img = text.render(text.fit(shown or " ", size, r.w - 14), size, theme.CREAM)
        surf.blit(img, img.get_rect(midleft=(r.x + 8, r.centery)))
