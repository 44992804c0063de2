"""An optional trace of what the table did, for tests that drive the real window from outside the process.

Set ``CANTINA_TRACE=/path/file.jsonl`` and every engine event the table plays, and every moment a person
may act (with the action buttons' places), is appended as one JSON line. Off by default: no cost.
"""

from __future__ import annotations

import json
import os
from typing import Any


def enabled() -> bool:
    return bool(os.environ.get("CANTINA_TRACE"))


def trace(kind: str, **data: Any) -> None:
    path = os.environ.get("CANTINA_TRACE")
    if not path:
        return
    try:
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps({"kind": kind, **data}, default=str) + "\n")
    except OSError:
        pass
