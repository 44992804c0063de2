"""Where a table's must-see pieces were painted, and which texts it had to shorten: the painter's own record.

``python -m game bench layout`` (game.measure.layout) asks a table to paint one whole frame onto a
:class:`RecordingSurface` while its :class:`RegionRecorder` is on. Every blit and ``pygame.draw`` call made on
that surface inside ``with recorder.region("seat2.hand"):`` grows that region by the rect it painted; a region
opened inside another takes its own paint (the innermost open region owns each blit); paint outside every region
(the felt, the props, the turn glow) is not recorded. :meth:`Text.fit <game.ui.draw.Text.fit>` and the other
places that shorten a text report the original through :func:`note_clipped`.

Off (the default, and always in play) a region is a shared do-nothing context manager and nothing is patched,
so the normal frame pays one attribute test per region.

Region names: ``seat{n}.{part}`` for a seat's zone (``plate``, ``hand``, ``bet``, ``tag``, ...), a bare name for the
centre's pieces and the frame (``pot.main``, ``board``, ``stub``, ``spike_dice``, ``round_marker``, ``result``,
``banner``, ``header``, ``bar``, ``log``). The pairs of one seat's regions allowed to overlap (a tag on its own
plate) are listed once, in game.measure.layout.ALLOWED.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

import pygame

#: the recorder recording a frame right now (None in play): where shortened texts are reported
ACTIVE: RegionRecorder | None = None

_OFF = nullcontext()

#: the ``pygame.draw`` functions wrapped while a frame is recorded (each returns the rect it touched)
_DRAWS = ("rect", "circle", "ellipse", "arc", "line", "lines", "aaline", "aalines", "polygon", "aacircle")


def note_clipped(text: str) -> None:
    """A text was shortened or cut to fit: tell the recorder recording a frame, if any (else nothing)."""
    if ACTIVE is not None:
        ACTIVE.clipped(text)


class RecordingSurface(pygame.Surface):
    """A window-sized surface that hands the rect of every blit and fill made on it to its recorder.

    The rect is where the picture was meant to go (its destination and size), not the part left after the
    window's edge cut it: a piece half off the window shows as a region reaching outside it.
    """

    recorder: RegionRecorder | None = None

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        done = super().blit(source, dest, area, special_flags)
        if self.recorder is not None:
            size = pygame.Rect(area).size if area is not None else source.get_size()
            x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            self.recorder.add(pygame.Rect((x, y), size))
        return done

    def blits(self, blit_sequence: Any, doreturn: Any = True) -> Any:  # type: ignore[override]
        out = [self.blit(*args) for args in blit_sequence]
        return out if doreturn else None

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        done = super().fill(color, rect, special_flags)
        if self.recorder is not None and rect is not None:
            self.recorder.add(pygame.Rect(rect))
        return done


class RegionRecorder:
    """The regions one frame painted (name -> the union of its rects) and the texts it shortened, in order.

    Owned by each table (``BaseTable.regions``), off until a measure turns it on with :meth:`record`.
    """

    def __init__(self) -> None:
        self.on = False
        self.rects: dict[str, pygame.Rect] = {}
        self.cut: list[str] = []
        self._open: list[str] = []
        self._target: pygame.Surface | None = None

    def begin_frame(self) -> None:
        """Forget the last frame's regions and texts."""
        self.rects = {}
        self.cut = []
        self._open = []

    def region(self, name: str) -> Any:
        """``with recorder.region(name):`` — the paint made inside belongs to ``name`` (a no-op when off); the
        name ``""`` marks art (a glow, a flying chip) inside a region: its paint is not recorded."""
        if not self.on:
            return _OFF
        return self._region(name)

    @contextmanager
    def _region(self, name: str) -> Iterator[None]:
        self._open.append(name)
        try:
            yield
        finally:
            self._open.pop()

    @property
    def current(self) -> str:
        """The innermost open region's name: what the paint made now belongs to ("" outside every region, or off);
        a measure of the words' faces reads it to say whose words they are."""
        return self._open[-1] if self.on and self._open else ""

    def open(self, name: str) -> None:
        """Open region ``name`` until :meth:`close` (for a long drawing method, without re-indenting it)."""
        if self.on:
            self._open.append(name)

    def close(self) -> None:
        """Close the region last opened with :meth:`open`."""
        if self.on and self._open:
            self._open.pop()

    def add(self, rect: pygame.Rect) -> None:
        """Paint of ``rect`` made now: it grows the innermost open region (paint outside every region is art)."""
        if self.on and self._open and self._open[-1] and rect.w > 0 and rect.h > 0:
            self.mark(self._open[-1], rect)

    def mark(self, name: str, rect: pygame.Rect) -> None:
        """Grow region ``name`` by ``rect`` (for a piece whose paint is not made through a recorded surface)."""
        if not self.on or rect.w <= 0 or rect.h <= 0:
            return
        old = self.rects.get(name)
        self.rects[name] = pygame.Rect(rect) if old is None else old.union(rect)

    def clipped(self, text: str) -> None:
        """``text`` had to be shortened or cut to fit (recorded once per frame)."""
        if self.on and text not in self.cut:
            self.cut.append(text)

    @contextmanager
    def record(self, surf: RecordingSurface) -> Iterator[RegionRecorder]:
        """Record one frame painted on ``surf``: on, fresh, the draw functions reporting, then all undone."""
        global ACTIVE
        self.begin_frame()
        self.on = True
        self._target = surf
        surf.recorder = self
        saved: dict[str, Callable[..., Any]] = {}
        for fn in _DRAWS:
            orig = getattr(pygame.draw, fn, None)
            if orig is not None:
                saved[fn] = orig
                setattr(pygame.draw, fn, self._wrap(orig))
        ACTIVE = self
        try:
            yield self
        finally:
            ACTIVE = None
            for fn, orig in saved.items():
                setattr(pygame.draw, fn, orig)
            surf.recorder = None
            self._target = None
            self.on = False

    def _wrap(self, fn: Callable[..., pygame.Rect]) -> Callable[..., pygame.Rect]:
        def drawn(surface: pygame.Surface, *args: Any, **kwargs: Any) -> pygame.Rect:
            done = fn(surface, *args, **kwargs)
            if surface is self._target:
                self.add(done)
            return done
        return drawn

    def regions(self) -> list[dict[str, Any]]:
        """The frame's regions, in the JSON shape of the layout bench: name and [x, y, w, h] in ints."""
        return [{"name": name, "rect": [int(r.x), int(r.y), int(r.w), int(r.h)]} for name, r in self.rects.items()]
