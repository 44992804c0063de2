"""Raw pygame events become :class:`Input` values before any scene sees them.

Why: scenes then speak one small language (pointer down/up/move, wheel, key with a named ``action``, text,
resize, quit) whatever the device, tests can post either raw pygame events or Inputs, and key bindings live
in one table.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

#: keys with a meaning shared by every scene
KEY_ACTIONS: dict[int, str] = {
    pygame.K_ESCAPE: "back",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_SPACE: "skip",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_PAGEUP: "page_up",
    pygame.K_PAGEDOWN: "page_down",
    pygame.K_HOME: "home",
    pygame.K_END: "end",
    pygame.K_TAB: "next",
    pygame.K_F11: "fullscreen",
    pygame.K_BACKSPACE: "erase",
    pygame.K_PLUS: "more",
    pygame.K_EQUALS: "more",
    pygame.K_KP_PLUS: "more",
    pygame.K_MINUS: "less",
    pygame.K_KP_MINUS: "less",
}


@dataclass(frozen=True)
class Input:
    """One player input. ``kind``: down, up, move, wheel, key, text, resize, quit, leave."""

    kind: str
    pos: tuple[int, int] = (0, 0)
    button: int = 0
    key: int = 0
    char: str = ""
    action: str = ""
    mod: int = 0
    wheel: int = 0
    size: tuple[int, int] = (0, 0)


def translate(ev: pygame.event.Event) -> Input | None:
    """The Input for a raw event, or None for events no scene cares about."""
    t = ev.type
    if t == pygame.QUIT:
        return Input("quit")
    if t == pygame.MOUSEBUTTONDOWN:
        if getattr(ev, "button", 1) in (4, 5):  # old-style wheel clicks
            return None
        return Input("down", pos=tuple(ev.pos), button=ev.button)
    if t == pygame.MOUSEBUTTONUP:
        if getattr(ev, "button", 1) in (4, 5):
            return None
        return Input("up", pos=tuple(ev.pos), button=ev.button)
    if t == pygame.MOUSEMOTION:
        return Input("move", pos=tuple(ev.pos), button=1 if ev.buttons and ev.buttons[0] else 0)
    if t == pygame.MOUSEWHEEL:
        return Input("wheel", pos=pygame.mouse.get_pos(), wheel=int(ev.y))
    if t == pygame.KEYDOWN:
        char = ev.unicode if isinstance(getattr(ev, "unicode", ""), str) else ""
        return Input("key", key=ev.key, char=char, action=KEY_ACTIONS.get(ev.key, ""), mod=getattr(ev, "mod", 0))
    if t == pygame.TEXTINPUT:
        return Input("text", char=ev.text)
    if t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        w = getattr(ev, "w", None) or getattr(ev, "x", 0)
        h = getattr(ev, "h", None) or getattr(ev, "y", 0)
        return Input("resize", size=(int(w), int(h)))
    if t == pygame.WINDOWLEAVE:
        return Input("leave")
    if t in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED):
        return Input("expose")
    return None
