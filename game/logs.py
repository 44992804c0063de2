"""Loggers made on first use: :mod:`logging` is imported when something is first logged, not at start.

Why: importing logging (with string, threading and traceback, and the regexes its formatters compile) costs
~2.5 ms of CPU, and the modules a plain start imports before the title's first frame (the app, its resources,
its audio) each made their logger at import. :func:`get_logger` gives a stand-in that makes the real logger the
first time it is used, and :func:`configure` (``logging.basicConfig``) takes effect then, or at once when logging
is loaded already; :func:`apply` after the first frame sets it up for every other module's loggers.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import logging

#: the root set-up asked for and not yet made (``logging.basicConfig``'s keywords)
_pending: dict[str, Any] | None = None


def configure(**kwargs: Any) -> None:
    """``logging.basicConfig(**kwargs)``: now if logging is loaded, else when it first is (:func:`apply`)."""
    global _pending
    _pending = kwargs
    if "logging" in sys.modules:
        apply()


def apply() -> None:
    """Make the set-up :func:`configure` asked for (importing logging), if it is not made yet."""
    global _pending
    if _pending is not None:
        import logging

        kwargs, _pending = _pending, None
        logging.basicConfig(**kwargs)


class LazyLogger:
    """Stands for ``logging.getLogger(name)``, which it makes (and the pending set-up) on first use."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._logger: logging.Logger | None = None

    def _real(self) -> logging.Logger:
        if self._logger is None:
            import logging

            apply()
            self._logger = logging.getLogger(self.name)
        return self._logger

    def __getattr__(self, attr: str) -> Any:  # warning, info, error, exception, setLevel... of the real logger
        return getattr(self._real(), attr)


def get_logger(name: str) -> logging.Logger:
    """A logger named ``name`` that imports logging only when first used (typed as the logger it stands for)."""
    return LazyLogger(name)  # type: ignore[return-value]
