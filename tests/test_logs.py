"""game.logs: loggers that import logging on first use, so a plain start draws its title without it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env=env)


def test_a_lazy_logger_imports_logging_and_makes_the_set_up_only_when_first_used() -> None:
    out = _run("import sys; from game import logs; log = logs.get_logger('cantina.test'); "
               "print('logging' in sys.modules); logs.configure(level='WARNING', format='%(name)s: %(message)s'); "
               "print('logging' in sys.modules); log.info('not shown'); log.warning('shown'); "
               "print('logging' in sys.modules, log.name, log.getEffectiveLevel())")
    assert out.stdout.split() == ["False", "False", "True", "cantina.test", "30"], out.stderr
    assert out.stderr.splitlines() == ["cantina.test: shown"], "the set-up asked for was made before the line"


def test_the_set_up_is_made_at_once_when_logging_is_loaded_already() -> None:
    out = _run("import logging; from game import logs; logs.configure(level='ERROR', format='<%(message)s>'); "
               "logging.getLogger('x').error('e'); logging.getLogger('x').warning('w')")
    assert out.stderr.splitlines() == ["<e>"], out.stderr


def test_the_title_is_drawn_without_importing_logging_then_it_is_set_up() -> None:
    """The title's first frame does not wait for logging's import (~2.5 ms of CPU); after the flip it is made,
    with the app's format, for every module's loggers."""
    out = _run("import sys\n"
               "import pygame\n"
               "assert 'logging' not in sys.modules\n"
               "from game.ui.app import App\n"
               "from game.ui.settings import Settings\n"
               "from game import logs\n"
               "logs.configure(level='WARNING', format='%(name)s: %(message)s')\n"
               "app = App(size=(1280, 720), settings=Settings(muted=True))\n"
               "app.go_title(); app.render(); pygame.display.flip()\n"
               "print('logging' in sys.modules)\n"
               "app.after_first_frame()\n"
               "import logging; logging.getLogger('cantina.other').warning('said')\n"
               "print('logging' in sys.modules); app.shutdown(); pygame.quit()")
    assert out.stdout.split() == ["False", "True"], out.stderr
    assert "cantina.other: said" in out.stderr.splitlines(), out.stderr
