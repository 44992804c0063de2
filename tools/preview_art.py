#!/usr/bin/env python3
"""Render every SVG in assets/art/manifest.toml through pygame-ce and save contact sheets.

Usage::

    python tools/preview_art.py [--out /tmp/art_preview] [--bg felt|dark|light]

Runs headless (SDL_VIDEODRIVER=dummy).  Each asset is loaded with
``pygame.image.load_sized_svg`` into 24, 64 and 160 pixel boxes, the same call the
game uses, and laid out on one PNG sheet per asset group (plus ``symbols_24.png``,
the four Hintaro symbols and the dice faces at 24 px blown up 4x so their shapes
can be judged).  Exits 1 if any file fails to load or renders fully transparent.
Sheets are written outside the repository (default /tmp/art_preview).
"""
from __future__ import annotations

import argparse
import os
import sys
import tomllib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
SIZES = (24, 64, 160)
BACKGROUNDS = {"felt": (29, 70, 48), "dark": (24, 22, 26), "light": (200, 196, 188)}


def load_manifest():
    with open(ASSETS / "art" / "manifest.toml", "rb") as fh:
        return tomllib.load(fh)["assets"]


def render_group(name, items, font, bg, out_dir) -> list[str]:
    problems = []
    pad = 8
    cols = 12
    rows_surfs = []
    for size in SIZES:
        cells = []
        for aid, entry in items:
            path = ASSETS / entry["path"]
            try:
                surf = pygame.image.load_sized_svg(str(path), (size, size))
            except Exception as exc:
                problems.append(f"{aid}: failed to load at {size}px: {exc}")
                surf = pygame.Surface((size, size), pygame.SRCALPHA)
                surf.fill((255, 0, 255, 255))
            if surf.get_bounding_rect().width == 0:
                problems.append(f"{aid}: renders empty at {size}px")
            cells.append((aid, surf))
        label_h = 14 if size >= 64 else 0
        cw = max(size, 60 if size >= 64 else size) + pad
        ch = size + pad + label_h
        ncols = min(cols if size < 160 else 10, len(cells))
        nrows = (len(cells) + ncols - 1) // ncols
        sheet = pygame.Surface((ncols * cw + pad, nrows * ch + pad + 18))
        sheet.fill(bg)
        sheet.blit(font.render(f"{name} @ {size}px", True, (240, 230, 200)), (pad, 2))
        for i, (aid, surf) in enumerate(cells):
            x = pad + (i % ncols) * cw
            y = 18 + pad + (i // ncols) * ch
            sheet.blit(surf, (x + (cw - pad - surf.get_width()) // 2, y + (size - surf.get_height()) // 2))
            if label_h:
                t = font.render(aid.split(".", 1)[1][:22], True, (210, 210, 210))
                sheet.blit(t, (x, y + size + 1))
        rows_surfs.append(sheet)
    w = max(s.get_width() for s in rows_surfs)
    h = sum(s.get_height() for s in rows_surfs)
    full = pygame.Surface((w, h))
    full.fill(bg)
    y = 0
    for s in rows_surfs:
        full.blit(s, (0, y))
        y += s.get_height()
    pygame.image.save(full, str(out_dir / f"{name}.png"))
    return problems


def render_small_zoom(manifest, bg, out_dir, font):
    """Hintaro symbols and dice faces at 24 px, shown 1x and enlarged 4x (nearest neighbour)."""
    ids = [a for a in manifest if a.startswith(("symbol.", "dice.", "cube.", "spike_dice.", "kinzo.die"))]
    sheet = pygame.Surface((len(ids) * 104 + 8, 160))
    sheet.fill(bg)
    for i, aid in enumerate(ids):
        s = pygame.image.load_sized_svg(str(ASSETS / manifest[aid]["path"]), (24, 24))
        x = 8 + i * 104
        sheet.blit(s, (x, 6))
        sheet.blit(pygame.transform.scale_by(s, 4), (x, 36))
        sheet.blit(font.render(aid.split(".", 1)[1][:14], True, (220, 220, 220)), (x, 136))
    pygame.image.save(sheet, str(out_dir / "symbols_24.png"))


def render_scene(manifest, out_dir, size):
    """A mock table at a real window size: felt, rail, lamp light, dice, chips and cards together."""
    W, H = size
    k = H / 720.0
    img = lambda aid, box: pygame.image.load_sized_svg(  # noqa: E731
        str(ASSETS / manifest[aid]["path"]), (round(box[0] * k), round(box[1] * k)))
    screen = pygame.Surface((W, H))
    screen.fill((12, 11, 16))
    felt = img("props.felt_green", (128, 128))
    tw, th = felt.get_size()
    top, bottom = int(120 * k), int(640 * k)
    for y in range(top, bottom, th):
        for x in range(0, W, tw):
            screen.blit(felt, (x, y), area=pygame.Rect(0, 0, tw, min(th, bottom - y)))
    rail = img("props.wood_rail", (256, 48))
    for x in range(0, W, rail.get_width()):
        screen.blit(rail, (x, top - rail.get_height() // 2))
        screen.blit(rail, (x, bottom - rail.get_height() // 2))
    glow = img("props.lamp_glow", (700, 700))
    # additive light: premultiply first, or the transparent pixels' colour gets added too
    glow = glow.premul_alpha()
    screen.blit(glow, (W // 2 - glow.get_width() // 2, int(-80 * k)), special_flags=pygame.BLEND_ADD)
    lamp = img("props.lamp", (200, 160))
    screen.blit(lamp, (W // 2 - lamp.get_width() // 2, int(-40 * k)))
    droid = img("props.droid_dealer", (160, 220))
    screen.blit(droid, (int(40 * k), int(20 * k)))
    for i, aid in enumerate(["props.glass", "props.bottle", "props.datapad"]):
        s = img(aid, (110, 110))
        screen.blit(s, (W - int((380 - i * 120) * k), int(660 * k) - s.get_height()))
    # dice: a seat's two dice, the Hintaro die, and the strike over the cancelled Tukar
    x0, y0, ds = int(300 * k), int(200 * k), int(64 * k)
    for i, aid in enumerate(["dice.player_tk", "dice.player_k", "dice.hintaro_hin"]):
        screen.blit(img(aid, (64, 64)), (x0 + i * (ds + int(16 * k)), y0))
    slot = manifest["dice.player_tk"]["slots"][0]
    sz = int(ds * slot["size"])
    strike = pygame.image.load_sized_svg(str(ASSETS / manifest["symbol.struck"]["path"]), (sz, sz))
    screen.blit(strike, (x0 + int(ds * slot["cx"]) - sz // 2, y0 + int(ds * slot["cy"]) - sz // 2))
    for i, aid in enumerate(["symbol.hin", "symbol.taro", "symbol.tukar", "symbol.kulro"]):
        screen.blit(img(aid, (24, 24)), (x0 + i * int(30 * k), y0 + ds + int(10 * k)))
    # chip stacks: tilt sprites raised by stack_step each, with a little jitter
    for j, (aid, count) in enumerate([("chips.chip_10_tilt", 12), ("chips.chip_50_tilt", 7),
                                      ("chips.chip_100_tilt", 5), ("chips.chip_500_tilt", 3),
                                      ("chips.chip_1000_tilt", 2), ("chips.ingot_5000_tilt", 2)]):
        chip = img(aid, (56, 56))
        step = manifest[aid]["stack_step"] * chip.get_width() / manifest[aid]["width"]
        bx, by = int((300 + j * 66) * k), int(520 * k)
        for c in range(count):
            jitter = ((c * 7919) % 5 - 2) * k * 0.6
            screen.blit(chip, (bx + jitter, by - c * step))
    # cards: a Sabacc House hand, a Spike hand, a Kinzo hand
    hands = [["sabacc_house.circle_p7", "sabacc_house.square_m10", "sabacc_house.sylop_1",
              "sabacc_house.triangle_m3", "sabacc_house.back"],
             ["spike.spades_1", "spike.hearts_10", "spike.clubs_7", "spike.sylop_1", "spike.back"],
             ["kinzo.card_2", "kinzo.card_4", "kinzo.card_5", "kinzo.card_6", "kinzo.back"]]
    for h, hand in enumerate(hands):
        for i, aid in enumerate(hand):
            c = img(aid, (90, 126))
            screen.blit(c, (int((760 + i * 36) * k), int((150 + h * 150) * k)))
    for i, aid in enumerate(["cube.red", "cube.blue", "kinzo.die_3", "spike_dice.spike", "spike_dice.diamond",
                             "spike_dice.d6_5"]):
        screen.blit(img(aid, (44, 44)), (int((300 + i * 52) * k), int(330 * k)))
    pygame.image.save(screen, str(out_dir / f"scene_{W}x{H}.png"))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="contact sheets of every SVG asset")
    ap.add_argument("--out", default="/tmp/art_preview")
    ap.add_argument("--bg", default="dark", choices=sorted(BACKGROUNDS))
    args = ap.parse_args(argv)
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    pygame.init()
    pygame.display.set_mode((1, 1))
    font = pygame.font.Font(str(ASSETS / "fonts" / "Inter-Regular.otf"), 11)
    manifest = load_manifest()
    groups: dict[str, list] = {}
    for aid, entry in manifest.items():
        groups.setdefault(aid.split(".", 1)[0], []).append((aid, entry))
    # every SVG on disk must be in the manifest
    listed = {(ASSETS / e["path"]).resolve() for e in manifest.values()}
    problems = [f"not in manifest: {p.relative_to(ROOT)}" for p in sorted((ASSETS / "art").rglob("*.svg"))
                if p.resolve() not in listed]
    bg = BACKGROUNDS[args.bg]
    for name, items in groups.items():
        problems += render_group(name, items, font, bg, out_dir)
    render_small_zoom(manifest, bg, out_dir, font)
    for size in ((1280, 720), (1920, 1080)):
        render_scene(manifest, out_dir, size)
    pygame.quit()
    for p in problems:
        print("PROBLEM:", p)
    print(f"{len(manifest)} assets, {len(groups)} sheets -> {out_dir}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
