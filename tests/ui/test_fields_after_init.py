"""No table needs its fields set before ``super().__init__``: the base table calls ``setup()`` (a public hook)
once its own fields exist and before any other hook, and every table and mixin sets its fields there.

Why: a base whose constructor calls hooks that read a subclass's fields forces the subclass to set them before
calling it, an order nobody can see from the subclass and everybody gets wrong once. The walk looks at every
table class (the campaign's and the replay's built at run time too) and every class of ours in its MRO, and
fails on any ``__init__`` that assigns ``self.<name>`` before it calls ``super().__init__``.
"""

from __future__ import annotations

import ast
import inspect
import textwrap

import game.ui.tables  # noqa: F401  (imports every game's table)
from game.engine import GAMES
from game.ui.campaign.replay import replay_table_class
from game.ui.campaign.table import campaign_table_class
from game.ui.tables.base import BaseTable


def _super_init(node: ast.AST) -> bool:
    """``node`` holds a ``super().__init__(...)`` call."""
    for n in ast.walk(node):
        if (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "__init__"
                and isinstance(n.func.value, ast.Call) and isinstance(n.func.value.func, ast.Name)
                and n.func.value.func.id == "super"):
            return True
    return False


def _self_fields(node: ast.AST) -> list[str]:
    """The ``self.<name>`` assigned in ``node``."""
    out = []
    for n in ast.walk(node):
        targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, ast.AnnAssign) else []
        for t in targets:
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                out.append(t.attr)
    return out


def fields_before_super(cls: type) -> list[str]:
    """The fields ``cls``'s own ``__init__`` sets before calling ``super().__init__`` (none without one)."""
    init = vars(cls).get("__init__")
    if init is None:
        return []
    fn = ast.parse(textwrap.dedent(inspect.getsource(init))).body[0]
    assert isinstance(fn, ast.FunctionDef)
    early: list[str] = []
    for stmt in fn.body:
        if _super_init(stmt):
            return early
        early += _self_fields(stmt)
    return []


def table_classes() -> set[type]:
    """Every table class, and every class of the game's in their MROs."""
    todo = [BaseTable] + [make(g) for g in GAMES for make in (campaign_table_class, replay_table_class)]
    seen: set[type] = set()
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        todo += cls.__subclasses__()
        todo += [c for c in cls.__mro__ if c.__module__.startswith("game.")]
    return seen


def test_no_table_sets_fields_before_calling_its_base() -> None:
    bad = sorted(f"{c.__module__}.{c.__qualname__}: {', '.join(f)}"
                 for c in table_classes() if (f := fields_before_super(c)))
    assert not bad, "fields set before super().__init__ (set them in setup() instead):\n" + "\n".join(bad)
    assert len(table_classes()) > 10, "the walk found the tables"


def test_the_walk_sees_a_field_set_before_the_base_and_none_after() -> None:
    class Early(BaseTable):
        def __init__(self, *args: object) -> None:
            self.ready = False
            super().__init__(*args)  # type: ignore[arg-type]

    class Late(BaseTable):
        def __init__(self, *args: object) -> None:
            super().__init__(*args)  # type: ignore[arg-type]
            self.ready = True

    assert fields_before_super(Early) == ["ready"]
    assert fields_before_super(Late) == [] and fields_before_super(BaseTable) == []


def test_a_table_s_setup_runs_before_its_first_hook(app) -> None:
    """The base calls ``setup`` before the opening view and the layout: a field set there is there when the
    hooks read it, and the base's own fields are there when ``setup`` runs."""
    from game.ui.session import TableSession, ai_seat
    from game.ui.tables.street_hintaro import StreetHintaroTable

    class Probe(StreetHintaroTable):
        def setup(self) -> None:
            super().setup()
            self.bar_seen = hasattr(self, "bar") and hasattr(self, "story")
            self.mark = "set"
            self.read: list[str] = []

        def opening_view(self) -> dict:
            self.read.append(f"opening {self.mark}")
            return super().opening_view()

        def layout_pieces(self) -> None:
            self.read.append(f"layout {self.mark}")
            super().layout_pieces()

    table = Probe(app, TableSession.new("street_hintaro", [ai_seat(i, "passive") for i in range(2)], seed=5))
    try:
        assert table.bar_seen and table.read[:2] == ["opening set", "layout set"]
    finally:
        table.close()
