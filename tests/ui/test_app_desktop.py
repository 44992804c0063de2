"""The window looks like an app: its icon is set before it opens; a screenshot that cannot be saved is a clear
refusal (one line, exit code 2 through ``cantina``), not a traceback."""

from __future__ import annotations

import pygame
import pytest

from game.ui import app as appmod
from game.ui.app import App
from game.ui.settings import Settings


def test_the_window_icon_is_set_before_the_window_opens(monkeypatch) -> None:
    order: list[object] = []
    real_set_mode = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_icon", lambda surf: order.append(surf.get_size()))
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: order.append("window") or real_set_mode(*a, **k))
    a = App(size=(800, 600), settings=Settings(muted=True, ambience=False), fixed_step=True, strict=True)
    try:
        assert order[:2] == [(appmod.ICON_SIZE, appmod.ICON_SIZE), "window"]
    finally:
        a.shutdown()
        pygame.quit()


def test_a_missing_icon_costs_nothing_but_a_log_line(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(appmod, "ICON", ("icons", "nowhere.png"))
    pygame.display.init()
    try:
        assert appmod.set_window_icon() is False
    finally:
        pygame.quit()


def test_a_screenshot_that_cannot_be_saved_is_a_value_error_in_one_line(app, monkeypatch, tmp_path) -> None:
    def refuse(*_a, **_k):
        raise pygame.error("disk full")

    monkeypatch.setattr(pygame.image, "save", refuse)
    with pytest.raises(ValueError, match=r"^cannot write the screenshot .*disk full$"):
        app.save_screenshot(str(tmp_path / "shot.png"))
