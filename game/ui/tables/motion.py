"""What moves over the table's picture: chips sliding across the felt, a die or cube thrown, a banner.

Each is an :class:`~game.ui.anim.Anim` the table keeps in its ``anims`` while it plays (the painter draws it
between the table's layers); the table makes them with its helpers (``fly``, ``tumble``, ``banner``), so a game's
table never builds one by hand.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import theme
from game.ui.anim import Anim, FrameAnim
from game.ui.chips import draw_stacks, stack_size
from game.ui.draw import panel
from game.ui.tween import ease_in_out_cubic, ease_out_bounce, ease_out_cubic, lerp_point

if TYPE_CHECKING:
    from game.ui.tables.base import BaseTable

class ChipFlight(Anim):
    """Chips sliding across the felt (0.25–0.4 s), on a slight arc, eased in and out.

    ``hold`` names where the chips land (("stack", seat), ("line", seat) or ("pot", key)): until they land, the
    table draws that place without them (the view already counts them there), so chips never show twice."""

    def __init__(self, amount: int, src: tuple[float, float], dst: tuple[float, float], d: int,
                 duration: float, res: Any, delay: float = 0.0, hold: tuple[str, Any] | None = None) -> None:
        super().__init__(duration, delay)
        self.amount, self.src, self.dst, self.d, self.res = amount, src, dst, d, res
        self.hold = hold
        self.size = stack_size(amount, d)

    def _pos(self) -> tuple[float, float]:
        p = ease_in_out_cubic(self.progress)
        x, y = lerp_point(self.src, self.dst, p)
        return (x, y - math.sin(p * math.pi) * self.d * 1.2)

    def bounds(self) -> pygame.Rect | None:
        if self.t < self.delay:
            return None
        x, y = self._pos()
        r = pygame.Rect(0, 0, self.size[0] + 8, self.size[1] + 6)
        r.midbottom = (int(x), int(y) + 3)
        return r

    def draw(self, surf: pygame.Surface) -> None:
        if self.t < self.delay:
            return
        draw_stacks(surf, self.amount, self._pos(), self.d, self.res)


class Tumble(FrameAnim):
    """A die or cube thrown onto the felt: it spins through random faces, drops and settles with a bounce."""

    lands = True

    def __init__(self, key: tuple[Any, ...], final: Any, draw_face: Callable[[Any, int], pygame.Surface],
                 faces: tuple[Any, ...], pos: tuple[float, float], size: int, duration: float, seed: int,
                 delay: float = 0.0) -> None:
        super().__init__(duration, delay)
        self.covers = frozenset({key})
        self.final, self.draw_face, self.faces = final, draw_face, faces
        self.pos, self.size = pos, size
        self.rng = random.Random(seed)
        self.spin = self.rng.choice((-1, 1)) * self.rng.uniform(540, 900)
        self.dx = self.rng.uniform(-1, 1) * size * 1.6
        self.face = self.rng.choice(faces)
        self.next_flip = 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.t >= self.next_flip and self.progress < 0.75:
            self.face = self.rng.choice(self.faces)
            self.next_flip = self.t + 0.07

    def picture(self) -> tuple[pygame.Surface, pygame.Rect]:
        p = self.progress
        drop = ease_out_bounce(p)
        x = self.pos[0] + self.dx * (1 - ease_out_cubic(p))
        y = self.pos[1] - (1 - drop) * self.size * 2.2
        face = self.final if p >= 0.75 else self.face
        img = self.draw_face(face, self.size)
        angle = round(self.spin * (1 - ease_out_cubic(p)) / 3) * 3
        if abs(angle) >= 3:
            img = pygame.transform.rotate(img, angle)
        return img, img.get_rect(center=(int(x), int(y)))


class Banner(Anim):
    """A line of large text in the middle of the felt (who won the round), fading in."""

    def __init__(self, text: str, sub: str, duration: float, table: BaseTable) -> None:
        super().__init__(duration)
        self.text, self.sub, self.table = text, sub, table
        self._place: tuple[tuple[Any, ...], tuple[float, pygame.Rect]] | None = None  # (size, u): (face scale, where)

    def _layout(self) -> tuple[pygame.Surface, pygame.Surface | None, pygame.Rect]:
        tb = self.table
        key = (tb.size, tb.u)
        if self._place is None or self._place[0] != key:  # placed once (where it covers the least), not per frame
            clear = tb.keep_clear() + ([(tb.result_rect(), 8)] if tb.result is not None else [])
            # where no place at full size is clear (a crowded table, a long sub line), a smaller banner first
            for scale in (1.0, 0.86, 0.72, 0.6):
                w, h = self._size(tb.u * scale)
                r = tb.painter.result_panel.clear_spot(w, h, clear)
                if not any(r.colliderect(c) for c, _ in clear):
                    break
            self._place = (key, (tb.u * scale, r))
        u, r = self._place[1]
        big = tb.text.render(self.text, int(34 * u), theme.AMBER, "head")
        small = tb.text.render(self.sub, max(10, int(17 * u)), theme.CREAM) if self.sub else None
        return big, small, r

    def _size(self, u: float) -> tuple[int, int]:
        """The banner's size with its faces at scale ``u``."""
        tb = self.table
        big = tb.text.render(self.text, int(34 * u), theme.AMBER, "head")
        small = tb.text.render(self.sub, max(10, int(17 * u)), theme.CREAM) if self.sub else None
        w = max(big.get_width(), small.get_width() if small else 0) + int(48 * u)
        h = big.get_height() + (small.get_height() if small else 0) + int(22 * u)
        return w, h

    def bounds(self) -> pygame.Rect | None:
        return self._layout()[2]

    def draw(self, surf: pygame.Surface) -> None:
        big, small, r = self._layout()
        u = self._place[1][0] if self._place is not None else self.table.u  # the scale the banner was set at
        panel(surf, r, (10, 10, 14), theme.AMBER, radius=int(12 * u), alpha=235, width=2)
        surf.blit(big, big.get_rect(midtop=(r.centerx, r.y + int(8 * u))))
        if small:
            surf.blit(small, small.get_rect(midbottom=(r.centerx, r.bottom - int(10 * u))))
