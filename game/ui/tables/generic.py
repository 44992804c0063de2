"""The fallback table: any registered game, drawn from its view as words, played with one button per action.

Why it exists: a game whose engine lands before its art and table module is still playable end to end
(seats, stacks, turn highlight, log, curtain for private information), just plainer.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.core import Action
from game.ui import theme
from game.ui.draw import panel
from game.ui.tables.base import ActionSpec, BaseTable, _pick_key

_SKIP = {"game", "seats", "seat", "round", "dealer", "current_seat", "is_over", "stacks", "options", "pot", "pots"}


def _fmt(value: Any, limit: int = 60) -> str:
    """A view value in a few words: lists joined, dicts as key=value."""
    if isinstance(value, bool):
        text = "yes" if value else "no"
    elif isinstance(value, (list, tuple)):
        text = ", ".join(_fmt(v, 20) for v in value) if value else "—"
    elif isinstance(value, dict):
        text = "; ".join(f"{k} {_fmt(v, 20)}" for k, v in value.items())
    elif value is None:
        text = "—"
    else:
        text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class GenericTable(BaseTable):
    FELT = theme.FELT_GREEN

    def per_seat_keys(self) -> list[str]:
        v = self.shown
        return [k for k, val in v.items() if k not in _SKIP and isinstance(val, list) and len(val) == self.n]

    def _seat_box(self, seat: int) -> tuple[list[pygame.Surface], pygame.Rect] | None:
        keys = self.per_seat_keys()[:3]
        if not keys:
            return None
        u = self.u
        fs = int(max(10, 13 * u))
        x, y = self.inward(seat, 4 * u)
        lines = [f"{k}: {_fmt(self.shown[k][seat], 28)}" for k in keys]
        imgs = [self.text.render(line, fs, theme.CREAM) for line in lines]
        w = max(i.get_width() for i in imgs) + int(12 * u)
        h = sum(i.get_height() for i in imgs) + int(8 * u)
        box = pygame.Rect(0, 0, w, h)
        g = self.seat_geo[seat]
        box.center = (int(x + g["in"][0] * w * 0.5), int(y + g["in"][1] * h * 0.5))
        box.clamp_ip(self.area)
        return imgs, box

    def pieces_rect(self, seat: int) -> pygame.Rect:
        found = self._seat_box(seat)
        return found[1] if found else super().pieces_rect(seat)

    def centre_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, int(self.felt.w * 0.44), int(self.felt.h * 0.6))
        r.midtop = (self.centre[0], self.felt.top + int(self.felt.h * 0.18))
        return r

    def centre_sig(self) -> Any:
        per_seat = set(self.per_seat_keys())
        return repr([(k, v) for k, v in self.shown.items() if k not in _SKIP and k not in per_seat])

    def draw_seat_pieces(self, surf: pygame.Surface, seat: int, covered: set[tuple[Any, ...]]) -> None:
        found = self._seat_box(seat)
        if found is None:
            return
        imgs, box = found
        u = self.u
        panel(surf, box, (10, 14, 12), (50, 70, 56), radius=6, alpha=210, width=1)
        yy = box.y + int(4 * u)
        for img in imgs:
            surf.blit(img, (box.x + int(6 * u), yy))
            yy += img.get_height()

    def draw_centre(self, surf: pygame.Surface, covered: set[tuple[Any, ...]]) -> None:
        per_seat = set(self.per_seat_keys())
        rows = [(k, v) for k, v in self.shown.items() if k not in _SKIP and k not in per_seat]
        u = self.u
        fs = int(max(10, 14 * u))
        y = self.felt.top + int(self.felt.h * 0.2)
        width = int(self.felt.w * 0.4)
        room = max(1, (self.pot_rect().top - y) // int(fs * 1.35))
        for k, v in rows[:room]:
            line = self.text.fit(f"{k}: {_fmt(v, 80)}", fs, width)
            self.text.blit(surf, line, fs, theme.CREAM, midtop=(self.centre[0], y))
            y += int(fs * 1.35)

    def action_specs(self, view: dict[str, Any], legal: list[Action]) -> list[ActionSpec]:
        specs: list[ActionSpec] = []
        used: set[int] = set()
        ranged_done: set[str] = set()
        for act in legal[:10]:
            rng = self.state.amount_range(act.kind)
            if rng is not None and act.get("amount") is not None:
                if act.kind in ranged_done:
                    continue
                ranged_done.add(act.kind)
                label = act.kind.replace("_", " ").capitalize()
                key = _pick_key(label, used)
                specs.append(ActionSpec(label, f"{label}: choose the amount with the slider", key,
                                        pygame.key.name(key).upper() if key else "", amount_kind=act.kind))
                continue
            label = act.kind.replace("_", " ").capitalize()
            if act.fields:
                label += " " + " ".join(_fmt(v, 12) for _, v in act.fields)
            key = _pick_key(label, used)
            specs.append(ActionSpec(label, label, key, pygame.key.name(key).upper() if key else "", action=act))
        return specs
