"""Procedural people for the cantina: a seated bust for each regular and the lender, the walking player, staff.

Why procedural: a regular is data (``regulars.toml``'s look: species, build, colour, accent, outfit, detail),
so a writer who adds one gets a figure without an artist. Words in the look pick the features (tusks, a
feather crest, photoreceptors, four arms, a monocle...), the two colours tint skin and trim, and the outfit's
words pick its cloth. Figures are drawn at 3× and smooth-scaled down, cached per size: crisp at any window
size, one blit per frame.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass

import pygame

from game.campaign.regulars import Look
from game.ui.cache import MB, SurfaceCache

RGB = tuple[int, int, int]
SS = 3  # supersampling factor

#: words in an outfit that say what colour the cloth is (first match wins)
CLOTH: tuple[tuple[str, RGB], ...] = (
    ("white", (222, 216, 200)),
    ("midnight", (28, 32, 66)),
    ("black", (30, 30, 36)),
    ("velvet", (96, 26, 44)),
    ("brass", (150, 116, 56)),
    ("scorched", (70, 50, 36)),
    ("oil", (74, 70, 58)),
    ("dress uniform", (46, 58, 52)),
    ("uniform", (52, 62, 56)),
    ("rain cape", (48, 70, 84)),
    ("flight suit", (78, 84, 70)),
    ("long coat", (62, 46, 38)),
    ("wired", (40, 44, 60)),
    ("apron", (120, 100, 78)),
    ("armour", (70, 74, 82)),
    ("gown", (60, 30, 70)),
)


#: skin tones for people whose look gives only the colour of what they wear
SKIN_TONES: tuple[RGB, ...] = ((198, 150, 112), (160, 112, 80), (112, 76, 54), (224, 186, 150), (136, 96, 70))
HAIR: tuple[RGB, ...] = ((46, 32, 24), (92, 74, 56), (28, 26, 30), (120, 62, 34), (150, 146, 140))


def hex_rgb(text: str) -> RGB:
    text = text.lstrip("#")
    try:
        return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))
    except (ValueError, IndexError):
        return (128, 128, 128)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def shade(c: RGB, f: float) -> RGB:
    return (max(0, min(255, int(c[0] * f))), max(0, min(255, int(c[1] * f))), max(0, min(255, int(c[2] * f))))


def _stable(text: str) -> int:
    """A number from text that is the same on every run (``hash()`` is salted per process)."""
    return int.from_bytes(hashlib.blake2s(text.encode("utf-8"), digest_size=4).digest(), "big")


@dataclass(frozen=True)
class Figure:
    """A look turned into shapes: proportions, colours and the features to draw."""

    skin: RGB
    accent: RGB
    cloth: RGB
    hair: RGB | None
    width: float  # body width, 1.0 = average
    height: float  # head height above the shoulders, 1.0 = average
    head: float  # head size
    head_w: float  # head width against its height
    stoop: float  # 0..1: how far the head sits forward and down
    features: frozenset[str]


def figure_of(look: Look, key: str = "") -> Figure:
    """Read the look's words: species and detail pick features, build picks proportions."""
    words = " ".join((look.species, look.build, look.outfit, look.detail)).lower()
    species = look.species.lower()
    build = look.build.lower()
    feats: set[str] = set()
    for word, feat in (("droid", "droid"), ("tusk", "tusks"), ("feather", "crest"), ("amphibian", "amphibian"),
                       ("four-armed", "four_arms"), ("monocle", "monocle"), ("scar", "scar"), ("goggle", "goggles"),
                       ("ring", "rings"), ("hood", "hood"), ("photoreceptor", "glow_eyes"), ("horn", "horn"),
                       ("cigar", "cigar"), ("hat", "hat"), ("eyepatch", "eyepatch"), ("lights", "lights"),
                       ("brass hand", "brass_hand"), ("visor", "visor"), ("ledger", "ledger")):
        if word in words:
            feats.add(feat)
    if "droid" in feats:
        feats.add("glow_eyes")
    width = 1.0
    if any(w in build for w in ("vast", "slab", "huge")):
        width = 1.45
    elif any(w in build for w in ("broad", "heavy", "wide")):
        width = 1.25
    elif any(w in build for w in ("thin", "slight", "slender", "wiry", "small")):
        width = 0.84
    if "round" in build:
        width *= 1.1
    height = 1.12 if "tall" in build else 0.9 if "small" in build else 1.0
    stoop = 0.6 if any(w in build for w in ("stoop", "hunch")) else 0.0
    head, head_w = 1.0, 1.0
    if "amphibian" in feats:
        head, head_w = 1.05, 1.35
    if width > 1.4:
        head = 0.92
    if "droid" in feats:
        head_w = 0.9
    outfit = look.outfit.lower()
    cloth = next((colour for word, colour in CLOTH if word in outfit), None)
    tint = hex_rgb(look.colour)
    accent = hex_rgb(look.accent)
    hair: RGB | None = None
    if "human" in species or "helmet" in species:
        # for people the look's colour is what they wear; the skin is one of a few human tones
        skin = SKIN_TONES[_stable(key or words) % len(SKIN_TONES)]
        if cloth is None:
            cloth = tint
        if "helmet" in species:
            feats.add("helmet")
            skin = tint
        elif "hood" not in feats:
            hair = HAIR[_stable((key or words) + "hair") % len(HAIR)]
            if "old" in key or "stoop" in build:
                hair = (176, 172, 164)
    else:
        skin = tint
        if cloth is None:
            cloth = mix(shade(accent, 0.45), (34, 34, 44), 0.5)
    return Figure(skin, accent, cloth, hair, width, height, head, head_w, stoop, frozenset(feats))


# ------------------------------------------------------------------------------------------------ busts
_cache = SurfaceCache(300, 16 * MB, "characters")  # an LRU capped in entries and pixel bytes (game.ui.cache)


def _remember(key: tuple[object, ...], surf: pygame.Surface) -> pygame.Surface:
    _cache[key] = surf
    return surf


def clear_cache() -> None:
    _cache.clear()


def bust(look: Look, height: int, key: str = "", glow: bool = False, gaze: int = 0,
         cheer: int = 0) -> pygame.Surface:
    """A seated figure seen from the front, ``height`` px tall (about 0.95 × as wide), cached.

    ``glow``: a warm rim around the figure (the one the pointer is on). ``gaze``: -1/1 the head turns and the
    eyes look to the left/right (a glance at the player), 0 ahead. ``cheer``: a win's gesture, 1 the arm half
    up, 2 the fist high. Every pose has the same size, so a figure never leaves its place as it moves."""
    height = max(8, int(height))
    gaze = max(-1, min(1, int(gaze)))
    cheer = max(0, min(2, int(cheer)))
    ck = ("bust", look, height, key, glow, gaze, cheer)
    hit = _cache.get(ck)
    if hit is not None:
        _cache.move_to_end(ck)
        return hit
    fig = figure_of(look, key)
    H = height * SS
    W = int(H * 0.95)
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    _draw_bust(s, fig, W, H, gaze)
    if cheer:
        _raised_arm(s, fig, W, H, cheer)
    if glow:
        s = _outline(s, (255, 196, 110))
    base = pygame.Surface((W, H), pygame.SRCALPHA)  # the shadow on the seat goes under the figure (and its rim)
    pygame.draw.ellipse(base, (0, 0, 0, 80), pygame.Rect(W / 2 - 0.42 * H, 0.9 * H, 0.84 * H, 0.1 * H))
    base.blit(s, (0, 0))
    s = base
    out = pygame.transform.smoothscale(s, (max(1, s.get_width() // SS), max(1, s.get_height() // SS)))
    return _remember(ck, out)


def _outline(s: pygame.Surface, colour: RGB) -> pygame.Surface:
    """The figure with a soft coloured rim (drawn from its own silhouette)."""
    mask = pygame.mask.from_surface(s, 40)
    sil = mask.to_surface(setcolor=(*colour, 200), unsetcolor=(0, 0, 0, 0))
    out = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    r = max(2, s.get_height() // 40)
    for dx, dy in ((-r, 0), (r, 0), (0, -r), (0, r), (-r, -r), (r, r), (-r, r), (r, -r)):
        out.blit(sil, (dx, dy))
    out.blit(s, (0, 0))
    return out


def _raised_arm(s: pygame.Surface, f: Figure, W: int, H: int, cheer: int) -> None:
    """The right arm up from the shoulder, a fist at its end (drawn over the figure, inside its box)."""
    u = H
    cx = W / 2
    bw = 0.56 * u * f.width
    shoulder = (cx + bw * 0.36, 0.66 * u)
    if cheer >= 2:
        elbow = (min(W - 0.08 * u, cx + bw * 0.5), 0.44 * u)
        fist = (min(W - 0.08 * u, cx + bw * 0.44), 0.2 * u)
    else:
        elbow = (min(W - 0.08 * u, cx + bw * 0.52), 0.56 * u)
        fist = (min(W - 0.08 * u, cx + bw * 0.5), 0.4 * u)
    sleeve = shade(f.cloth, 0.8)
    edge = shade(f.cloth, 0.45)
    width = max(3, int(0.09 * u))
    for a, b in ((shoulder, elbow), (elbow, fist)):
        pygame.draw.line(s, edge, a, b, width + max(2, int(0.02 * u)))
    for a, b in ((shoulder, elbow), (elbow, fist)):
        pygame.draw.line(s, sleeve, a, b, width)
        pygame.draw.circle(s, sleeve, b, width / 2)
    hand = f.skin if "droid" not in f.features else shade(f.skin, 0.9)
    pygame.draw.circle(s, shade(hand, 0.6), fist, 0.055 * u)
    pygame.draw.circle(s, hand, (fist[0] - 0.008 * u, fist[1] - 0.008 * u), 0.045 * u)


def _draw_bust(s: pygame.Surface, f: Figure, W: int, H: int, gaze: int = 0) -> None:
    cx = W / 2
    u = H  # every length is a fraction of the height
    bw = 0.56 * u * f.width
    body_top = 0.58 * u
    if "four_arms" in f.features:  # the lower pair, resting on the table edge
        for side in (-1, 1):
            arm = pygame.Rect(0, 0, 0.16 * u, 0.3 * u)
            arm.center = (int(cx + side * (bw / 2 + 0.02 * u)), int(0.84 * u))
            pygame.draw.ellipse(s, shade(f.skin, 0.75), arm)
            pygame.draw.ellipse(s, shade(f.skin, 0.5), arm, max(1, int(0.012 * u)))
            if "rings" in f.features:
                pygame.draw.circle(s, f.accent, (arm.centerx, arm.bottom - int(0.05 * u)), max(1, int(0.02 * u)))
    # shoulders and chest: an ellipse cut by the bottom edge, lit from the upper left
    body = pygame.Rect(cx - bw / 2, body_top, bw, 0.78 * u)
    pygame.draw.ellipse(s, shade(f.cloth, 0.62), body)
    hi = body.inflate(-0.08 * u, -0.06 * u).move(-0.03 * u, -0.01 * u)
    pygame.draw.ellipse(s, f.cloth, hi)
    pygame.draw.ellipse(s, shade(f.cloth, 0.45), body, max(1, int(0.014 * u)))
    if "lights" in f.features:
        for i in range(5):
            a = math.pi * (1.15 + 0.7 * i / 4)
            p = (cx + math.cos(a) * bw * 0.36, body_top + 0.2 * u + math.sin(a) * 0.1 * u + 0.12 * u)
            pygame.draw.circle(s, (120, 220, 255), p, max(1, int(0.018 * u)))
    # the collar: a V of the accent colour
    neck_y = body_top + 0.02 * u
    pygame.draw.polygon(s, f.accent, [(cx - 0.11 * u, neck_y), (cx, neck_y + 0.16 * u), (cx + 0.11 * u, neck_y)])
    pygame.draw.polygon(s, shade(f.skin, 0.8), [(cx - 0.06 * u, neck_y), (cx, neck_y + 0.1 * u),
                                                (cx + 0.06 * u, neck_y)])
    # the head
    hr = 0.17 * u * f.head
    hx = cx + f.stoop * 0.04 * u + gaze * 0.025 * u  # a glance turns the head a little
    hy = body_top - hr * 0.78 * f.height + f.stoop * 0.07 * u
    head = pygame.Rect(0, 0, 2 * hr * f.head_w, 2 * hr)
    head.center = (int(hx), int(hy))
    if "ledger" in f.features:  # a ledger chained to the wrist, held against the chest
        book = pygame.Rect(0, 0, 0.15 * u, 0.11 * u)
        book.center = (int(cx - bw * 0.2), int(body_top + 0.3 * u))
        pygame.draw.rect(s, (70, 44, 26), book, border_radius=max(1, int(0.01 * u)))
        pygame.draw.rect(s, (226, 214, 180), book.inflate(-0.03 * u, -0.04 * u).move(0.01 * u, 0))
        pygame.draw.line(s, f.accent, book.bottomleft, (book.left - 0.06 * u, book.bottom + 0.08 * u),
                         max(1, int(0.012 * u)))
    if "brass_hand" in f.features:
        hand = (cx - bw * 0.3, body_top + 0.3 * u)
        pygame.draw.circle(s, (150, 116, 56), hand, 0.045 * u)
        pygame.draw.circle(s, (226, 192, 124), (hand[0] - 0.01 * u, hand[1] - 0.012 * u), 0.02 * u)
    if "droid" in f.features:
        _droid_head(s, f, head, u)
        return
    if "helmet" in f.features:
        _helmet(s, f, head, u)
        return
    if "hood" in f.features:
        hood = head.inflate(0.1 * u, 0.1 * u).move(0, -0.01 * u)
        pygame.draw.ellipse(s, shade(f.cloth, 0.8), hood)
    pygame.draw.ellipse(s, shade(f.skin, 0.7), head)
    lit = head.inflate(-0.04 * u, -0.04 * u).move(-0.015 * u, -0.02 * u)
    pygame.draw.ellipse(s, f.skin, lit)
    line = max(1, int(0.012 * u))
    if f.hair is not None:  # a cap of hair over the crown
        cap = pygame.Rect(head.x - 0.01 * u, head.y - 0.02 * u, head.w + 0.02 * u, head.h * 0.62)
        pygame.draw.ellipse(s, f.hair, cap)
        pygame.draw.ellipse(s, f.skin, pygame.Rect(head.x + head.w * 0.16, head.y + head.h * 0.34, head.w * 0.68,
                                                   head.h * 0.5))
    if "crest" in f.features:
        for i in range(5):
            a = math.pi * (1.2 + 0.6 * i / 4)
            base = (hx + math.cos(a) * hr * 0.5, head.top + 0.03 * u)
            tip = (hx + math.cos(a) * hr * 1.4, head.top - 0.13 * u + abs(i - 2) * 0.03 * u)
            pygame.draw.line(s, f.accent, base, tip, max(2, int(0.04 * u)))
            pygame.draw.circle(s, shade(f.accent, 1.25), tip, max(1, int(0.025 * u)))
    # eyes
    ex = head.w * (0.2 if "amphibian" not in f.features else 0.3)
    look = gaze * head.w * 0.07  # and the eyes go further than the head
    ey = head.centery - head.h * (0.02 if "amphibian" not in f.features else 0.25)
    er = max(1, int(0.025 * u))
    for side in (-1, 1):
        p = (head.centerx + side * ex + look, ey)
        if "amphibian" in f.features:
            pygame.draw.circle(s, shade(f.skin, 0.85), p, er * 2.6)
            pygame.draw.circle(s, (236, 232, 206), p, er * 1.9)
            pygame.draw.circle(s, (16, 16, 20), p, er * 1.0)
        else:
            pygame.draw.circle(s, (18, 14, 14), p, er)
            pygame.draw.circle(s, (255, 246, 220), (p[0] - er * 0.3, p[1] - er * 0.4), max(1, er // 2))
    if "goggles" in f.features:
        for side in (-1, 1):
            p = (head.centerx + side * head.w * 0.22, head.top + head.h * 0.2)
            pygame.draw.circle(s, (40, 36, 30), p, 0.05 * u)
            pygame.draw.circle(s, f.accent, p, 0.05 * u, line * 2)
            pygame.draw.circle(s, (150, 200, 210), p, 0.028 * u)
        pygame.draw.line(s, (40, 36, 30), (head.left, head.top + head.h * 0.2), (head.right, head.top + head.h * 0.2),
                         line)
    if "monocle" in f.features:
        p = (head.centerx + ex, ey)
        pygame.draw.circle(s, f.accent, p, er * 2.4, line)
        pygame.draw.line(s, f.accent, (p[0] + er * 2.2, p[1] + er), (p[0] + er * 3.5, body_top + 0.06 * u), line)
    if "eyepatch" in f.features:
        p = (head.centerx - ex, ey)
        pygame.draw.circle(s, (20, 18, 18), p, er * 2.2)
        pygame.draw.line(s, (20, 18, 18), (head.left, head.top + head.h * 0.3), (head.right, ey), line)
    # mouth, tusks, scar
    my = head.centery + head.h * 0.24
    pygame.draw.line(s, shade(f.skin, 0.45), (head.centerx - head.w * 0.12, my), (head.centerx + head.w * 0.12, my),
                     line)
    if "tusks" in f.features:
        for side in (-1, 1):
            colour = f.accent if side == 1 else (236, 226, 200)
            bx = head.centerx + side * head.w * 0.2
            pygame.draw.polygon(s, colour, [(bx - 0.02 * u, my + 0.01 * u), (bx + 0.02 * u, my + 0.01 * u),
                                            (bx + side * 0.025 * u, my - 0.09 * u)])
    if "scar" in f.features:
        pygame.draw.line(s, (226, 190, 180), (head.centerx + head.w * 0.05, my + 0.04 * u),
                         (head.right - head.w * 0.1, my - 0.07 * u), line)
    if "cigar" in f.features:
        pygame.draw.line(s, (110, 70, 40), (head.centerx + head.w * 0.1, my),
                         (head.centerx + head.w * 0.42, my + 0.02 * u), max(2, int(0.024 * u)))
        pygame.draw.circle(s, (255, 140, 60), (head.centerx + head.w * 0.43, my + 0.02 * u), max(1, int(0.014 * u)))
    if "horn" in f.features:  # a brass hearing horn tucked at the collar
        pygame.draw.polygon(s, f.accent, [(cx + bw * 0.22, body_top + 0.1 * u), (cx + bw * 0.38, body_top + 0.03 * u),
                                          (cx + bw * 0.36, body_top + 0.16 * u)])
    if "hat" in f.features:
        brim = pygame.Rect(0, 0, head.w * 1.5, head.h * 0.22)
        brim.center = (head.centerx, head.top + head.h * 0.12)
        pygame.draw.ellipse(s, shade(f.cloth, 0.7), brim)
        crown = pygame.Rect(0, 0, head.w * 0.9, head.h * 0.38)
        crown.midbottom = brim.center
        pygame.draw.rect(s, shade(f.cloth, 0.7), crown, border_radius=int(0.03 * u))


def _helmet(s: pygame.Surface, f: Figure, head: pygame.Rect, u: float) -> None:
    """A closed helmet with a visor (the one who never shows a face)."""
    metal = f.skin
    dome = head.inflate(0.03 * u, 0.03 * u)
    pygame.draw.ellipse(s, shade(metal, 0.6), dome)
    pygame.draw.ellipse(s, metal, dome.inflate(-0.03 * u, -0.03 * u).move(-0.012 * u, -0.015 * u))
    visor = pygame.Rect(0, 0, dome.w * 0.78, dome.h * 0.24)
    visor.center = (dome.centerx, dome.centery + int(dome.h * 0.02))
    pygame.draw.rect(s, (14, 16, 20), visor, border_radius=int(visor.h * 0.45))
    lens_r = visor.h * 0.32
    for side in (-1, 1):
        p = (visor.centerx + side * visor.w * 0.24, visor.centery)
        pygame.draw.circle(s, f.accent if side == 1 else shade(f.accent, 0.55), p, lens_r)
    if "visor" in f.features:  # one lens cracked
        p = (visor.centerx - visor.w * 0.24, visor.centery)
        pygame.draw.line(s, (230, 220, 210), (p[0] - lens_r, p[1] - lens_r * 0.6), (p[0] + lens_r * 0.6, p[1] + lens_r),
                         max(1, int(0.008 * u)))
    pygame.draw.line(s, f.accent, (dome.centerx, dome.top + 0.02 * u), (dome.centerx, visor.top), max(2, int(0.02 * u)))


def _droid_head(s: pygame.Surface, f: Figure, head: pygame.Rect, u: float) -> None:
    metal = f.skin
    pygame.draw.rect(s, shade(metal, 0.6), head, border_radius=int(head.w * 0.35))
    pygame.draw.rect(s, metal, head.inflate(-0.03 * u, -0.03 * u).move(-0.01 * u, -0.01 * u),
                     border_radius=int(head.w * 0.35))
    pygame.draw.line(s, shade(metal, 0.5), (head.left + head.w * 0.15, head.centery + head.h * 0.28),
                     (head.right - head.w * 0.15, head.centery + head.h * 0.28), max(1, int(0.012 * u)))
    eye = (120, 200, 255) if f.accent[2] < 150 else f.accent
    for side in (-1, 1):
        p = (head.centerx + side * head.w * 0.22, head.centery - head.h * 0.05)
        pygame.draw.circle(s, shade(eye, 0.4), p, 0.045 * u)
        pygame.draw.circle(s, eye, p, 0.03 * u)
        pygame.draw.circle(s, (240, 250, 255), p, 0.012 * u)
    pygame.draw.line(s, shade(metal, 0.5), (head.centerx, head.top), (head.centerx, head.top - 0.06 * u),
                     max(1, int(0.014 * u)))
    pygame.draw.circle(s, f.accent, (head.centerx, head.top - 0.06 * u), max(1, int(0.02 * u)))


# ------------------------------------------------------------------------------------------------ player
PLAYER_LOOK = Look("human", "lean", "#c89a74", "#ffb252", "a travel-worn cloak with an amber scarf", "")


def walker(height: int, phase: int, facing: int = 1, look: Look = PLAYER_LOOK) -> pygame.Surface:
    """A standing figure (the player), ``height`` px tall; ``phase`` 0–3 is the walk cycle (0 = still)."""
    height = max(10, int(height))
    ck = ("walker", look, height, phase, facing)
    hit = _cache.get(ck)
    if hit is not None:
        return hit
    fig = figure_of(look, "player")
    H = height * SS
    W = int(H * 0.62)
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    cx = W / 2
    u = H
    pygame.draw.ellipse(s, (0, 0, 0, 90), pygame.Rect(cx - 0.2 * u, 0.93 * u, 0.4 * u, 0.07 * u))
    swing = (0, 1, 0, -1)[phase % 4] * 0.05 * u
    boot = (36, 30, 28)
    for side, off in ((-1, swing), (1, -swing)):
        leg = pygame.Rect(0, 0, 0.09 * u, 0.28 * u)
        leg.midbottom = (int(cx + side * 0.07 * u + off * 0.3), int(0.97 * u - abs(off) * 0.2))
        pygame.draw.rect(s, (50, 46, 44), leg, border_radius=int(0.02 * u))
        pygame.draw.rect(s, boot, leg.inflate(0.01 * u, 0).move(0, leg.h * 0.62).clip(leg.inflate(0.01 * u, 0)),
                         border_radius=int(0.02 * u))
    # the cloak
    cloak = [(cx - 0.1 * u, 0.3 * u), (cx + 0.1 * u, 0.3 * u), (cx + 0.23 * u, 0.76 * u), (cx - 0.23 * u, 0.76 * u)]
    coat = (44, 62, 74) if look == PLAYER_LOOK else fig.cloth  # a patron wears what their look says
    pygame.draw.polygon(s, coat, cloak)
    pygame.draw.polygon(s, shade(coat, 1.4), [(cx - 0.1 * u * facing, 0.3 * u), (cx, 0.3 * u),
                                              (cx + 0.02 * u * facing, 0.76 * u), (cx - 0.21 * u * facing, 0.76 * u)])
    pygame.draw.polygon(s, shade(coat, 0.6), cloak, max(1, int(0.012 * u)))
    # scarf
    pygame.draw.ellipse(s, fig.accent, pygame.Rect(cx - 0.12 * u, 0.27 * u, 0.24 * u, 0.09 * u))
    pygame.draw.polygon(s, shade(fig.accent, 0.8), [(cx + 0.03 * u * facing, 0.32 * u),
                                                    (cx + 0.1 * u * facing, 0.32 * u),
                                                    (cx + 0.08 * u * facing, 0.5 * u)])
    # head with a short hood
    head = pygame.Rect(0, 0, 0.22 * u, 0.22 * u)
    head.center = (int(cx), int(0.17 * u))
    # only the player wears the short hood: a patron shows their hair (or a cap), so nobody is taken for you
    hooded = look == PLAYER_LOOK or "hood" in fig.features
    cover = (38, 54, 64) if hooded else (fig.hair or shade(coat, 0.7))
    if hooded:
        pygame.draw.ellipse(s, cover, head.inflate(0.05 * u, 0.04 * u).move(0, -0.01 * u))
    pygame.draw.ellipse(s, shade(fig.skin, 0.75), head)
    pygame.draw.ellipse(s, fig.skin, head.inflate(-0.03 * u, -0.03 * u).move(-0.01 * u, -0.01 * u))
    if hooded:
        pygame.draw.arc(s, cover, head.inflate(0.05 * u, 0.04 * u).move(0, -0.01 * u), 0.1, math.pi - 0.1,
                        max(2, int(0.05 * u)))
    else:  # hair over the crown of the head
        pygame.draw.ellipse(s, cover, pygame.Rect(head.x, head.y - 0.02 * u, head.w, head.h * 0.5))
    for side in (-1, 1):
        p = (head.centerx + side * 0.045 * u + facing * 0.015 * u, head.centery + 0.01 * u)
        pygame.draw.circle(s, (20, 16, 14), p, max(1, int(0.016 * u)))
    out = pygame.transform.smoothscale(s, (max(1, W // SS), max(1, H // SS)))
    return _remember(ck, out)


# ------------------------------------------------------------------------------------------------- droids
def service_droid(height: int, light_on: bool, facing: int = 1) -> pygame.Surface:
    """A round service droid on one wheel, a tray on top and a blinking light."""
    height = max(8, int(height))
    ck = ("droid", height, light_on, facing)
    hit = _cache.get(ck)
    if hit is not None:
        return hit
    H = height * SS
    W = H
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    u = H
    cx = W / 2
    pygame.draw.ellipse(s, (0, 0, 0, 90), pygame.Rect(cx - 0.3 * u, 0.88 * u, 0.6 * u, 0.1 * u))
    body = pygame.Rect(0, 0, 0.54 * u, 0.6 * u)
    body.midbottom = (int(cx), int(0.92 * u))
    pygame.draw.ellipse(s, (70, 76, 88), body)
    pygame.draw.ellipse(s, (128, 136, 150), body.inflate(-0.06 * u, -0.06 * u).move(-0.02 * u, -0.02 * u))
    pygame.draw.ellipse(s, (40, 44, 52), body, max(1, int(0.015 * u)))
    band = pygame.Rect(body.x, body.centery - 0.03 * u, body.w, 0.07 * u)
    pygame.draw.rect(s, (150, 116, 56), band.inflate(-0.04 * u, 0))
    eye = (body.centerx + facing * 0.12 * u, body.top + 0.17 * u)
    pygame.draw.circle(s, (20, 24, 30), eye, 0.06 * u)
    pygame.draw.circle(s, (110, 200, 255) if light_on else (40, 80, 110), eye, 0.035 * u)
    tray = pygame.Rect(0, 0, 0.62 * u, 0.06 * u)
    tray.midbottom = (int(cx), body.top + int(0.04 * u))
    pygame.draw.rect(s, (170, 150, 110), tray, border_radius=int(0.02 * u))
    pygame.draw.rect(s, (150, 200, 190), pygame.Rect(tray.centerx - 0.12 * u, tray.top - 0.1 * u, 0.06 * u, 0.1 * u))
    pygame.draw.rect(s, (200, 120, 60), pygame.Rect(tray.centerx + 0.06 * u, tray.top - 0.08 * u, 0.06 * u, 0.08 * u))
    pygame.draw.circle(s, (255, 80, 60) if light_on else (90, 30, 24), (body.centerx - facing * 0.14 * u,
                                                                        body.top + 0.1 * u), 0.025 * u)
    out = pygame.transform.smoothscale(s, (max(1, W // SS), max(1, H // SS)))
    return _remember(ck, out)


#: looks for the cantina staff and patrons (props), so they share the regulars' drawing
STAFF: dict[str, Look] = {
    "bartender": Look("human", "broad", "#b0825e", "#d9b26a", "a stained apron", "a rag over one shoulder"),
    "guard": Look("Mok (tusked)", "vast, slab-shouldered", "#6e7f5a", "#8a8f96", "dull armour", "tusks"),
    "drinker": Look("Ithren", "slight", "#7fa0c8", "#c05a4a", "a long coat", ""),
    "drinker2": Look("human", "stooped", "#c49a7a", "#6a8a5a", "a hooded rain cape", "hood"),
    "band": Look("Quillari (feathered)", "thin", "#b4a06a", "#d05a8a", "a wired jacket", "feather crest"),
    "band2": Look("droid (protocol)", "slender", "#8c8f98", "#7ad0ff", "plating", "photoreceptors"),
}
