"""No class in the game redefines a private (single-underscore) name that a class above it also defines.

Why: a private method is its class's own business; a subclass (or a mixin put before it) that redefines one
depends on when and how the base calls it, which the base is free to change without notice. Tables extend
their base through public, named hooks instead (``drive_turn``, ``on_session_over``, ``seat_geometry``,
``on_beat_started``, ``on_beat_ended``, ``button_callback``, ``opening_view`` ...).

The walk imports every module under ``game`` and also builds the classes made at run time (every game's table
with the campaign's and the replay's behaviour mixed in), then looks at every class's whole MRO, so a mixin
clashing with the table it is mixed into is caught too.

One documented exception: the engine's :class:`~game.engine.core.State` is a template whose subclasses (the
games) implement ``_setup``, ``_legal``, ``_ranges``, ``_check``, ``_do`` and ``_view``; the engine contract
(tests/test_engine_contract.py) names them, and ``State`` only ever calls them from its public methods.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import game
from game.engine import GAMES
from game.engine.core import State

#: the engine's template hooks (see the module notes): the games implement them by design
ENGINE_HOOKS: dict[type, frozenset[str]] = {
    State: frozenset({"_setup", "_legal", "_ranges", "_check", "_do", "_view"}),
}
#: names Python's own machinery puts on classes (protocols, ABCs), not ours
MACHINERY = frozenset({"_abc_impl", "_is_protocol", "_is_runtime_protocol"})


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in MACHINERY


def game_classes() -> list[type]:
    """Every class defined in a module under ``game``, plus the table classes built at run time."""
    out: dict[str, type] = {}
    for info in pkgutil.walk_packages(game.__path__, "game."):
        if info.name.endswith("__main__"):
            continue
        mod = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(mod, inspect.isclass):
            if cls.__module__.startswith("game."):
                out[f"{cls.__module__}.{cls.__qualname__}"] = cls
    from game.ui.campaign.replay import replay_table_class
    from game.ui.campaign.table import campaign_table_class

    for game_id in GAMES:
        for make in (campaign_table_class, replay_table_class):
            cls = make(game_id)
            out[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return list(out.values())


def clashes(cls: type) -> list[str]:
    """Private names ``cls``'s MRO defines more than once (in the game's own classes), with who defines them."""
    ours = [c for c in cls.__mro__ if c.__module__.startswith("game.")]
    found: list[str] = []
    seen: dict[str, type] = {}
    for klass in reversed(ours):  # from the most basic up: the first definer is the base
        for name in vars(klass):
            if not _private(name):
                continue
            base = seen.get(name)
            if base is None:
                seen[name] = klass
            elif name not in ENGINE_HOOKS.get(base, frozenset()):
                found.append(f"{klass.__qualname__}.{name} redefines {base.__qualname__}.{name}")
    return found


def test_no_class_redefines_a_private_name_of_a_class_above_it() -> None:
    bad = sorted({c for cls in game_classes() for c in clashes(cls)})
    assert not bad, "private names redefined (add a public hook to the base instead):\n" + "\n".join(bad)


def test_the_walk_finds_a_redefined_private_method_and_a_clashing_mixin() -> None:
    """The check itself can fail: a subclass and a mixin that redefine a base's private method are seen,
    and an engine template hook is not."""

    class Base:
        def _paint(self) -> None: ...

    class Child(Base):
        def _paint(self) -> None: ...

    class Mixin:
        def _paint(self) -> None: ...

    class Mixed(Mixin, Base):
        pass

    class Game(State):
        def _do(self, action: object) -> list[object]:  # type: ignore[override]
            return []

    for c in (Base, Child, Mixin, Mixed, Game):
        c.__module__ = "game.fake"
    assert clashes(Child) == ["test_the_walk_finds_a_redefined_private_method_and_a_clashing_mixin.<locals>"
                              ".Child._paint redefines test_the_walk_finds_a_redefined_private_method_and_a_"
                              "clashing_mixin.<locals>.Base._paint"]
    assert len(clashes(Mixed)) == 1 and clashes(Base) == []
    assert clashes(Game) == []
