"""Colours and sizes of the cantina look (ART.md): blue-black room, amber light, brass, felt, cream text."""

from __future__ import annotations

Colour = tuple[int, int, int]

ROOM = (9, 11, 17)
ROOM_2 = (18, 22, 32)
SMOKE = (70, 78, 96)
AMBER = (255, 178, 82)
AMBER_DIM = (150, 96, 40)
BRASS = (181, 138, 60)
BRASS_DARK = (102, 74, 32)
WOOD = (58, 36, 22)
WOOD_DARK = (34, 21, 13)
FELT_GREEN = (24, 82, 56)
FELT_BURGUNDY = (96, 28, 40)
CREAM = (239, 230, 210)
TEXT_DIM = (160, 150, 128)
TEXT_FAINT = (105, 100, 90)
PANEL = (16, 18, 26)
PANEL_EDGE = (74, 64, 44)
BUTTON = (44, 36, 26)
BUTTON_HOVER = (78, 60, 34)
BUTTON_DISABLED = (30, 30, 34)
GOOD = (120, 210, 140)
BAD = (232, 96, 80)
TURN = (255, 196, 92)
STRIKE = (232, 64, 52)

# chip denominations (Better Hintaro's table): value, body, edge marks, label colour
DENOMS: tuple[tuple[int, str, Colour, Colour, Colour], ...] = (
    (5000, "beskar", (150, 164, 180), (214, 226, 238), (20, 26, 36)),
    (1000, "black", (32, 32, 38), (214, 176, 80), (240, 220, 160)),
    (500, "white", (232, 228, 216), (178, 40, 48), (60, 40, 40)),
    (100, "gold", (222, 172, 54), (120, 70, 10), (60, 34, 4)),
    (50, "silver", (178, 184, 196), (70, 84, 104), (30, 34, 44)),
    (10, "bronze", (170, 100, 52), (242, 200, 150), (50, 24, 8)),
)

# Street Hintaro cube colours (normal, colour-blind friendly)
CUBE_RED = ((196, 44, 48), (222, 120, 20))
CUBE_BLUE = ((40, 84, 190), (30, 120, 200))

MIN_WINDOW = (560, 360)
