"""The one place art and fonts are found, rendered and cached.

Why one module: the files come from the one data root (:func:`game.paths.assets_dir`: a checkout, an installed
wheel or the PyInstaller app), and every image must survive a missing or broken file (a placeholder with the
asset id and one logged line, never a crash). SVGs are rendered with ``pygame.image.load_sized_svg`` at the size
they are drawn at, so art stays crisp at any window size; the result is cached per (id, size) in an LRU capped in
entries and pixel bytes. Nothing here touches pygame at import time, and fonts live on a :class:`Resources`
instance (fonts made before ``pygame.quit()`` die with it).
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

import pygame

from game.files import FileRefused, load_json
from game.logs import get_logger
from game.paths import assets_dir
from game.ui.cache import MB, SurfaceCache

__all__ = ["FONT_FILES", "Placeholder", "Resources", "assets_dir", "read_manifest"]

log = get_logger("cantina.resources")

#: the most fonts kept at once. Each size of each face is a font of its own, ~0.2 MB with its glyphs at 1080p, and
#: a session only ever added them (a Better Hintaro table: 32 after its market first shows; a window resized
#: through many sizes: every size's set); the least recently used goes, and is opened again (~0.5 ms) if needed
FONT_CAP = 24

#: font roles -> candidate files under assets/fonts (the first that loads wins; pygame's default otherwise)
FONT_FILES: dict[str, tuple[str, ...]] = {
    "text": ("Inter-Regular.otf", "Inter-Regular.ttf"),
    "bold": ("Inter-Bold.otf", "Inter-Bold.ttf"),
    "head": ("BebasNeue-Regular.otf", "BebasNeue-Regular.ttf"),
}


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str], meta: dict[str, dict[str, Any]]) -> None:
    """Manifest entries may be flat (``id = "path"``), nested tables, or ``{path = ...}`` records."""
    for key, value in table.items():
        name = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, str):
            out[name] = value
        elif isinstance(value, dict):
            path = value.get("path") or value.get("file")
            if isinstance(path, str):
                out[name] = path
                meta[name] = value
                if isinstance(value.get("id"), str):
                    out[value["id"]] = path
                    meta[value["id"]] = value
            else:
                _flatten(name, value, out, meta)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    path = item.get("path") or item.get("file")
                    if isinstance(path, str):
                        out[item["id"]] = path


def _read_twin(path: Path) -> dict[str, Any] | None:
    """The manifest's JSON twin beside it (``manifest.json``, written with the TOML by tools/make_art.py and
    checked by its ``--check``: the same records), or None when there is none or it cannot be decoded (the TOML
    is read then). Why a twin: json reads it in ~0.2 ms where tomllib takes ~3 ms to import and ~3 ms to parse,
    a tenth of the title's first frame."""
    twin = path.with_suffix(".json")
    if path.suffix != ".toml" or not twin.is_file():
        return None
    try:
        data = load_json(twin, what="art manifest")
    except (OSError, FileRefused) as exc:
        log.info("%s: %s; reading %s", twin.name, exc, path.name)
        return None
    return data if isinstance(data, dict) else None


def read_manifest(path: Path) -> tuple[dict[str, str], dict[str, dict[str, Any]], str | None]:
    """Asset id -> file path (and id -> its whole record: native size, symbol slots) from the manifest (its JSON
    twin when there is one: :func:`_read_twin`).

    The third item is an error message if the manifest could not be read.
    """
    if not path.exists():
        return {}, {}, f"no art manifest at {path}"
    data = _read_twin(path)
    if data is None:
        import tomllib  # only without the twin: its import is ~3 ms before the first frame

        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError, ValueError) as exc:
            return {}, {}, f"the art manifest {path.name} cannot be read: {exc}"
    out: dict[str, str] = {}
    meta: dict[str, dict[str, Any]] = {}
    # a top-level "assets" / "art" table is the usual shape, but any layout of id -> path is accepted
    _flatten("", data, out, meta)
    for wrapper in ("assets", "art", "asset"):
        if isinstance(data.get(wrapper), dict):
            _flatten("", data[wrapper], out, meta)
    return out, meta, None


class Placeholder(pygame.Surface):
    """The stand-in drawn for art that is missing or broken (so callers can tell it from real art)."""

    _placeholder = True


class Resources:
    """Images by asset id and fonts by role and size, for one pygame session.

    ``image(id, (w, h))`` never raises: a missing id or an unreadable file gives a placeholder (a framed box
    with the id in it) and one warning in ``problems``, which the title screen shows.
    """

    def __init__(self, root: Path | None = None, image_cache_size: int = 600, image_cache_bytes: int = 32 * MB) -> None:
        self.root = root or assets_dir()
        self.manifest_path = self.root / "art" / "manifest.toml"
        self.manifest: dict[str, str] = {}
        self.meta: dict[str, dict[str, Any]] = {}
        self.problems: list[str] = []
        self._warned: set[str] = set()
        # an LRU capped in entries and pixel bytes: art is drawn at many sizes over a session (game.ui.cache)
        self._images = SurfaceCache(image_cache_size, image_cache_bytes, "art")
        # fonts by (role, size), the least recently used first: at most FONT_CAP kept (font_cap)
        self._fonts: OrderedDict[tuple[str, int], pygame.font.Font] = OrderedDict()
        self.font_cap = FONT_CAP
        self._fonts_asked: set[tuple[str, int]] = set()  # asked for since the last drop_idle_fonts
        self.reload_manifest()

    # ------------------------------------------------------------------ art
    def reload_manifest(self) -> None:
        self.manifest, self.meta, err = read_manifest(self.manifest_path)
        self._images.clear()
        if err:
            self._warn("manifest", err)

    def has(self, asset_id: str) -> bool:
        return asset_id in self.manifest

    def path_of(self, asset_id: str) -> Path | None:
        rel = self.manifest.get(asset_id)
        if rel is None:
            return None
        for base in (self.manifest_path.parent, self.root, self.root.parent):
            p = base / rel
            if p.exists():
                return p
        return self.manifest_path.parent / rel

    def _warn(self, key: str, message: str) -> None:
        if key in self._warned:
            return
        self._warned.add(key)
        self.problems.append(message)
        log.warning("%s", message)

    def image(self, asset_id: str, size: tuple[int, int]) -> pygame.Surface:
        """The asset rendered at ``size`` (cached), or a labelled placeholder if it cannot be had."""
        w, h = max(1, int(size[0])), max(1, int(size[1]))
        key = (asset_id, w, h)
        surf = self._images.get(key)
        if surf is not None:
            return surf
        surf = self._load(asset_id, w, h)
        self._images[key] = surf
        return surf

    def fresh_image(self, asset_id: str, size: tuple[int, int]) -> pygame.Surface:
        """The asset rendered at ``size`` and not kept here: for a caller that caches what it makes of it."""
        return self._load(asset_id, max(1, int(size[0])), max(1, int(size[1])))

    def try_image(self, asset_id: str, size: tuple[int, int]) -> pygame.Surface | None:
        """The asset if the manifest has it and it renders; None (no warning) if the art is simply absent."""
        if asset_id not in self.manifest:
            return None
        surf = self.image(asset_id, size)
        return None if isinstance(surf, Placeholder) else surf

    def _load(self, asset_id: str, w: int, h: int) -> pygame.Surface:
        path = self.path_of(asset_id)
        if path is None:
            self._warn(asset_id, f"missing art: no asset {asset_id!r} in {self.manifest_path.name}")
            return self.placeholder(asset_id, w, h)
        try:
            if path.suffix.lower() == ".svg":
                surf = pygame.image.load_sized_svg(str(path), (w, h))
            else:
                surf = pygame.transform.smoothscale(pygame.image.load(str(path)), (w, h))
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            return surf
        except (pygame.error, OSError, ValueError) as exc:
            self._warn(asset_id, f"broken art: {asset_id!r} ({path.name}) cannot be drawn: {exc}")
            return self.placeholder(asset_id, w, h)

    def placeholder(self, asset_id: str, w: int, h: int) -> pygame.Surface:
        """A visible stand-in: a dashed magenta frame with the id written in it."""
        surf = Placeholder((w, h), pygame.SRCALPHA)
        surf.fill((60, 20, 60, 160))
        pygame.draw.rect(surf, (230, 80, 200), surf.get_rect(), max(1, min(w, h) // 24))
        pygame.draw.line(surf, (230, 80, 200), (0, 0), (w, h), 1)
        if w >= 24 and h >= 10:
            font = self.font("text", max(8, min(14, h // 3)))
            label = font.render(asset_id, True, (255, 220, 255))
            if label.get_width() > w - 4:
                label = pygame.transform.smoothscale(label, (w - 4, max(1, label.get_height() * (w - 4)
                                                                            // label.get_width())))
            surf.blit(label, label.get_rect(center=(w // 2, h // 2)))
        return surf

    # ------------------------------------------------------------------ fonts
    def font(self, role: str, size: int) -> pygame.font.Font:
        """A font for ``role`` ("text", "bold", "head") at ``size`` px, made on first use this session."""
        size = max(6, int(size))
        key = (role, size)
        self._fonts_asked.add(key)
        f = self._fonts.get(key)
        if f is not None:
            self._fonts.move_to_end(key)
            return f
        if not pygame.font.get_init():
            pygame.font.init()
        for name in FONT_FILES.get(role, ()):
            p = self.root / "fonts" / name
            if p.exists():
                try:
                    f = pygame.font.Font(str(p), size)
                    break
                except (pygame.error, OSError) as exc:
                    self._warn(f"font:{name}", f"font {name} cannot be loaded: {exc}")
        if f is None:
            self._warn(f"font-missing:{role}", f"font for {role!r} missing: using pygame's default font")
            f = pygame.font.Font(None, int(size * 1.3))
            if role in ("bold", "head"):
                f.set_bold(True)
        self._fonts[key] = f
        while len(self._fonts) > self.font_cap:  # the least recently used goes (a caller holding it keeps it)
            self._fonts.popitem(last=False)
        return f

    def drop_idle_fonts(self) -> int:
        """Close the fonts nobody asked for since the last call (the app calls it every ``TRIM_EVERY`` seconds of
        play, before giving the heap's free pages back); returns how many were closed.

        Why: each size of each face is a font of its own, ≈ 0.3 MB with its glyphs at 1080p, and a screen that
        follows another (the results after a table, a table after the cantina) brings its own sizes while the
        old screen's stay, up to the cap of 24 that a busy table needs within one frame. Text already drawn stays
        in the text cache; a closed font is opened again (~0.1 ms) when a new line needs it."""
        idle = [key for key in self._fonts if key not in self._fonts_asked]
        for key in idle:
            del self._fonts[key]
        self._fonts_asked = set()
        return len(idle)

    def clear(self) -> None:
        """Forget every surface and font (call before ``pygame.quit()``)."""
        self._images.clear()
        self._fonts.clear()
