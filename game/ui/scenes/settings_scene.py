"""Settings: animation speed, volume and mute, colour-blind mode, ambience, odds coach, full screen, default names.

Every change is saved at once (a failed save shows a message); the window size is remembered by the app.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.draw import panel
from game.ui.input import Input
from game.ui.scene import Scene
from game.ui.settings import SPEEDS
from game.ui.widgets import Button, Slider, TextField, draw_tooltip

if TYPE_CHECKING:
    from game.ui.app import App


class SettingsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        self.volume = Slider(0, 100, round(s.volume * 100), 5, on_change=self.set_volume)
        names = list(s.default_names) + [""] * (4 - len(s.default_names))
        self.fields = [TextField(n, on_change=lambda v, i=i: self.set_name(i, v)) for i, n in enumerate(names[:4])]
        self.buttons: list[Button] = []
        self.rows: list[tuple[str, pygame.Rect]] = []
        self.hover_pos = (-1, -1)
        self.volume_label = pygame.Rect(0, 0, 0, 0)  # where the "70%" was last drawn

    # ------------------------------------------------------------------ changes
    def save(self) -> None:
        self.app.save_settings()
        if self.app.sound is not None:
            self.app.sound.apply_settings()
        self.layout(self.size)

    def cycle_speed(self) -> None:
        s = self.app.settings
        i = min(range(len(SPEEDS)), key=lambda k: abs(SPEEDS[k] - s.speed))
        s.speed = SPEEDS[(i + 1) % len(SPEEDS)]
        self.save()

    def set_volume(self, v: int) -> None:
        self.app.settings.volume = v / 100
        self.app.save_settings()
        if self.app.sound is not None:
            self.app.sound.apply_settings()

    def flip(self, name: str) -> None:
        setattr(self.app.settings, name, not getattr(self.app.settings, name))
        if name == "colour_blind":
            from game.ui import draw

            draw.clear_caches()
        self.save()

    def fullscreen(self) -> None:
        self.app.toggle_fullscreen()
        self.layout(self.app.size)

    def set_name(self, i: int, value: str) -> None:
        names = [f.value.strip() for f in self.fields]
        names[i] = value.strip()
        self.app.settings.default_names = [n for n in names if n] or ["Rook"]
        self.app.save_settings()

    # ------------------------------------------------------------------ layout
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.u = u = max(0.5, min(w / 1280, h / 720))
        s = self.app.settings
        box = pygame.Rect(0, 0, int(min(w - 40, 760 * u)), int(min(h - 40, 560 * u)))
        box.center = (w // 2, h // 2 + int(10 * u))
        self.box = box
        x_label = box.x + int(30 * u)
        x_ctl = box.x + int(box.w * 0.45)
        cw = box.right - int(30 * u) - x_ctl
        bh = int(36 * u)
        row = int(48 * u)
        y = box.y + int(80 * u)
        self.rows = []
        self.buttons = []

        def add(label: str, b: Button | None) -> pygame.Rect:
            nonlocal y
            r = pygame.Rect(x_ctl, y, cw, bh)
            self.rows.append((label, pygame.Rect(x_label, y, x_ctl - x_label, bh)))
            if b is not None:
                b.rect = r
                self.buttons.append(b)
            y += row
            return r

        add("Animation speed", Button(f"{s.speed:g}×", self.cycle_speed, None, "",
                                      "How fast dice tumble and chips slide (click to change)"))
        vr = add("Volume", None).inflate(-int(20 * u), -int(14 * u))
        vr.w -= int(56 * u)  # room for the "100%" beside the slider, inside the column (it ran onto the frame)
        self.volume.rect = vr
        add("Sound", Button("Muted" if s.muted else "On", lambda: self.flip("muted"), pygame.K_m, "M",
                            "Mute or unmute every sound", selected=not s.muted))
        add("Cantina ambience", Button("On" if s.ambience else "Off", lambda: self.flip("ambience"), None, "",
                                       "The room's low hum and its flickering lamp", selected=s.ambience))
        add("Colour-blind mode", Button("On" if s.colour_blind else "Off", lambda: self.flip("colour_blind"), None,
                                        "", "Stronger colours and letters on coloured pieces",
                                        selected=s.colour_blind))
        add("Odds coach", Button("On" if s.coach else "Off", lambda: self.flip("coach"), None, "",
                                 "Show each option's chance to win and expected chips on your turn (O at the table)",
                                 selected=s.coach))
        add("Full screen", Button("On" if self.app.fullscreen else "Off", self.fullscreen, pygame.K_F11, "F11",
                                  "Fill the screen (F11 anywhere)", selected=self.app.fullscreen))
        r = add("Default names", None)
        fw = (cw - 3 * int(8 * u)) // 4
        for i, f in enumerate(self.fields):
            f.rect = pygame.Rect(r.x + i * (fw + int(8 * u)), r.y, fw, bh)
        back = Button("Back", self.app.pop, pygame.K_ESCAPE, "Esc", "Settings are saved as you change them")
        back.rect = pygame.Rect(box.centerx - int(100 * u), box.bottom - int(64 * u), int(200 * u), int(44 * u))
        self.buttons.append(back)

    # ------------------------------------------------------------------ input / draw
    def handle(self, ev: Input) -> None:
        if ev.kind == "move":
            self.hover_pos = ev.pos
        for f in self.fields:
            if f.handle(ev) or f.focused:
                return
        if self.volume.handle(ev):
            return
        if ev.kind == "key" and ev.action in ("left", "right"):
            self.volume.nudge(-1 if ev.action == "left" else 1)
            return
        for b in self.buttons:
            if b.handle(ev):
                return

    def draw(self, surf: pygame.Surface) -> None:
        bg = getattr(self, "_bg", None)
        if bg is None or bg.get_size() != self.size:
            self._bg = bg = self.app.backdrop.room(self.size, seed=9)
        surf.blit(bg, (0, 0))
        u = self.u
        t = self.app.text
        panel(surf, self.box, theme.PANEL, theme.BRASS, radius=14, alpha=235)
        t.blit(surf, "SETTINGS", int(46 * u), theme.AMBER, "head", midtop=(self.box.centerx, self.box.y + int(16 * u)))
        for label, r in self.rows:
            t.blit(surf, label, int(18 * u), theme.CREAM, midleft=r.midleft)
        for b in self.buttons:
            b.draw(surf, t, int(17 * u))
        self.volume.draw(surf)
        self.volume_label = t.blit(surf, f"{self.volume.value}%", int(15 * u), theme.TEXT_DIM,
                                   midleft=(self.volume.rect.right + int(12 * u), self.volume.rect.centery))
        for f in self.fields:
            f.draw(surf, t, int(16 * u))
        for b in self.buttons:
            if b.rect.collidepoint(self.hover_pos) and b.tooltip:
                draw_tooltip(surf, t, b.tooltip, b.rect)
                break
