"""The layers of the code base, enforced on every import, function-level ones included.

engine ← ai ← campaign ← ui, with the event bus beside the engine and the measuring code (simulate, bench,
the economy report) above them all. The network tables (``game.net``: protocol, server, headless client) sit
on the engine and the AI only, beside the campaign: a server never loads pygame, and never unpickles. The UI
may use them (the game window at a network seat, the menu's Host and Join); they never use the UI.
A module may import its own layer and the layers below it, never one
above: the engine stands alone, so a replay viewer or a network server can load it without the AI, the
campaign or pygame. The walk reads every module's source with ``ast`` (imports inside functions count too)
and also refuses loading a module by name with ``importlib``, which would dodge it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

#: what each layer may import (besides the standard library, its own layer and the base: ``game.paths``,
#: ``game.files`` and ``game.schema``, which read, check and write every file the game keeps, and ``game.logs``)
ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "events": {"engine"},
    "ai": {"engine", "events"},
    "campaign": {"engine", "events", "ai"},
    "ui": {"engine", "events", "ai", "campaign", "net"},
    "net": {"engine", "events", "ai"},
    "measure": {"engine", "events", "ai", "campaign", "ui", "net"},
    "main": {"engine", "events", "ai", "campaign", "ui", "measure", "net"},
}
#: third-party packages a layer may not touch (pygame draws; only the UI and the measuring code may)
FORBIDDEN_PACKAGES: dict[str, set[str]] = {
    "engine": {"pygame", "pytmx", "numpy", "importlib"},
    "events": {"pygame", "pytmx"},
    "ai": {"pygame", "pytmx"},
    "campaign": {"pygame"},
    "net": {"pygame", "pytmx", "pickle", "marshal", "shelve"},
}


def _layer(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "game":
        return None
    if len(parts) == 1 or parts[1] in ("paths", "files", "schema", "logs", "__init__"):
        return "base"
    if parts[1] in ("__main__", "cli"):  # the command line: its parser is game.cli
        return "main"
    return parts[1]


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, module: str | None = None) -> list[tuple[int, str]]:
    """Every module ``path`` imports, anywhere in it, with the line (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    module = module or _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            out.append((node.lineno, name))
            out += [(node.lineno, f"{name}.{alias.name}") for alias in node.names if name == "game"]
    return out


MODULES = sorted(GAME.rglob("*.py"))


def test_the_walk_sees_every_layer() -> None:
    layers = {_layer(_module_name(p)) for p in MODULES}
    assert {"engine", "events", "ai", "campaign", "ui", "measure", "main"} <= layers, layers


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_imports_a_layer_above_its_own(path: Path) -> None:
    layer = _layer(_module_name(path))
    assert layer in ALLOWED or layer == "base", f"{path} is in no known layer ({layer}): add it to ALLOWED"
    allowed = ALLOWED.get(layer, set()) | {layer, "base"}
    bad = []
    for line, name in _imports(path):
        top = name.split(".")[0]
        if top == "game":
            target = _layer(name)
            if target not in allowed:
                bad.append(f"line {line}: {name} ({target} is above {layer})")
        elif top in FORBIDDEN_PACKAGES.get(layer, set()):
            bad.append(f"line {line}: {name} (the {layer} layer does not use {top})")
    assert not bad, f"{path.relative_to(ROOT)} breaks the layers: " + "; ".join(bad)


def test_the_walk_catches_a_function_level_import(tmp_path: Path) -> None:
    """The checker itself can fail: an import hidden in a function is still seen."""
    src = tmp_path / "mod.py"
    src.write_text("def f():\n    from game.ai import make_agent\n    import pygame\n", encoding="utf-8")
    names = [name for _, name in _imports(src, "game.engine.mod")]
    assert "game.ai" in names and "pygame" in names


#: UI modules that must load without pygame (a network table or a headless test drives them): the turn
#: driver, the protocol of what a table drives, and the quick-table session
PYGAME_FREE: tuple[str, ...] = ("game.ui.driver", "game.ui.source", "game.ui.session")


def _path_of(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for p in (base.with_suffix(".py"), base / "__init__.py"):
        if p.exists():
            return p
    return None


def _reaches_pygame(module: str) -> list[str]:
    """The chains of game modules by which ``module`` imports pygame, anywhere in them (empty: none)."""
    found: list[str] = []
    seen: set[str] = set()
    todo: list[tuple[str, list[str]]] = [(module, [module])]
    while todo:
        name, chain = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = _path_of(name)
        if path is None:
            continue
        for parent in (name.rpartition(".")[0],):  # importing a package runs its __init__ too
            if parent.startswith("game") and parent not in seen:
                todo.append((parent, [*chain, parent]))
        for _, imported in _imports(path, name):
            if imported.split(".")[0] in ("pygame", "pytmx"):
                found.append(" -> ".join([*chain, imported]))
            elif imported.startswith("game"):
                todo.append((imported, [*chain, imported]))
    return found


@pytest.mark.parametrize("module", PYGAME_FREE)
def test_the_table_flow_loads_without_pygame(module: str) -> None:
    assert _path_of(module) is not None, f"{module} is gone: update PYGAME_FREE"
    chains = _reaches_pygame(module)
    assert not chains, f"{module} must not import pygame: " + "; ".join(chains)


def test_the_pygame_walk_sees_a_table_import_pygame() -> None:
    assert _reaches_pygame("game.ui.tables.base"), "the walk must see pygame behind the table"
