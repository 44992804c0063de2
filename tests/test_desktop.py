"""The desktop app's pieces outside Python: the icons (made by tools/make_art.py from art/app/icon.svg), the
Linux .desktop entry, and the PyInstaller spec naming the icons."""

from __future__ import annotations

import configparser
import hashlib
import shutil
import struct
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "assets" / "icons"
DESKTOP = ROOT / "packaging" / "lost-hand-cantina.desktop"


def png_size(data: bytes) -> tuple[int, int, int]:
    """(width, height, colour type) from a PNG's header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    w, h, _depth, colour = struct.unpack(">IIBB", data[16:26])
    return w, h, colour


def stamp() -> bytes:
    svg = (ROOT / "assets" / "art" / "app" / "icon.svg").read_bytes()
    return b"Source-SHA256\x00" + hashlib.sha256(svg).hexdigest().encode()


def test_the_icons_are_made_from_the_current_svg_in_every_desktop_format() -> None:
    png = (ICONS / "cantina.png").read_bytes()
    assert png_size(png) == (256, 256, 6), "a 256 px RGBA PNG (window and .desktop icon)"
    ico = (ICONS / "cantina.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count >= 4
    sizes = []
    for i in range(count):
        w, h, _c, _r, planes, bits, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i:22 + 16 * i])
        side = w or 256
        assert (w, planes, bits) == (h, 1, 32) and png_size(ico[offset:offset + length])[:2] == (side, side)
        sizes.append(side)
    assert {16, 32, 48, 256} <= set(sizes)
    icns = (ICONS / "cantina.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    kinds, pos = [], 8
    while pos < len(icns):
        kind, length = icns[pos:pos + 4], struct.unpack(">I", icns[pos + 4:pos + 8])[0]
        kinds.append(kind)
        png_size(icns[pos + 8:pos + length])
        pos += length
    assert pos == len(icns) and {b"icp4", b"ic07", b"ic08"} <= set(kinds)
    for data in (png, ico, icns):
        assert stamp() in data, "rendered from this icon.svg (tools/make_art.py re-renders when it changes)"


def test_the_desktop_entry_starts_the_installed_command_with_the_icon_and_window_class() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(DESKTOP, encoding="utf-8")
    e = entry["Desktop Entry"]
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert e["Type"] == "Application" and e["Name"] == "Lost Hand Cantina" and e["Terminal"] == "false"
    assert e["Exec"].split()[0] in scripts, "Exec runs the console script pip installs"
    assert e["Icon"] == "lost-hand-cantina" and "Game" in e["Categories"].split(";")
    from game.ui.app import APP_ID

    assert e["StartupWMClass"] == APP_ID == DESKTOP.stem, "the running window is matched to this entry"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert DESKTOP.name in readme and "hicolor/256x256/apps/lost-hand-cantina.png" in readme, "install notes"


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="needs desktop-file-validate")
def test_the_desktop_entry_is_valid() -> None:
    out = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0 and not out.stdout.strip(), out.stdout + out.stderr


def test_the_build_spec_gives_the_app_its_icon_and_ships_the_window_icon() -> None:
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert 'icon=icon' in spec and '"cantina.icns"' in spec and '"cantina.ico"' in spec
    assert '(str(root / "assets"), "assets")' in spec, "assets/ (with assets/icons/) travels as data"
    assert "BUNDLE(" in spec, "a macOS .app carries the icon"


def test_the_art_check_notices_icons_made_from_another_svg() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_art", ROOT / "tools" / "make_art.py")
    make_art = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_art)
    current = make_art.make_app_icon().render()
    assert make_art.stale_icons(current) == []
    assert len(make_art.stale_icons(current.replace("#7a4a1c", "#7a4a1d"))) == 3, "a changed icon.svg is re-rendered"
