"""The code's structure: the table's pure modules import no browser module, the engine
never imports the table, the rules (``patience.games``) never import the search, and
there is no import circle anywhere (imports read with ast, those under
``if TYPE_CHECKING`` included)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "py"
PACKAGES = ("patience", "table")
BROWSER_MODULES = {"js", "pyodide", "pyscript"}
# the table's modules that run under CPython as they are (tested there): no DOM
PURE = {"table.interaction", "table.listed", "table.geometry", "table.urlstate", "table.i18n", "table.saves", "table.stats",
        "table.keeper", "table.storage", "table.ports", "table.messages", "table.pace"}


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path], typing: bool = True) -> set[str]:
    """The modules ``name`` imports (its top-level names too: ``js``, ``pyodide``), resolved
    to the project's modules where they are one; ``typing``: with those imported only
    for type checking."""
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    skip: set[int] = set()
    if not typing:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                skip.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:  # `from . import geometry`: the submodule
                sub = f"{module}.{alias.name}"
                out.add(sub if sub in known else module)
    return {m for m in out if m != "__future__"}


def graph(typing: bool = True) -> dict[str, set[str]]:
    known = modules()
    return {name: {m for m in imports(name, path, known, typing) if m in known} for name, path in known.items()}


def circles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module, and modules that import
    themselves (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                group.add(w)
                if w == v:
                    break
            if len(group) > 1 or v in edges[v]:
                found.append(frozenset(group))

    for v in edges:
        if v not in index:
            visit(v)
    return found


def test_the_import_reader_finds_relative_absolute_and_type_only_imports():
    edges = graph()
    assert "table.geometry" in edges["table.pointer"] and "table.interaction" in edges["table.app"]
    assert "patience.game" in edges["table.interaction"]
    assert "patience.game" in edges["patience.search.talon"]  # under TYPE_CHECKING
    assert "patience.game" not in graph(typing=False)["patience.search.talon"]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]


def test_pure_table_modules_import_no_browser_module():
    known = modules()
    assert PURE <= set(known)
    for name in PURE:
        bad = {m for m in imports(name, known[name], known) if m.split(".")[0] in BROWSER_MODULES}
        assert not bad, f"{name} imports {bad}"
        # nor a table module that does
        for other in imports(name, known[name], known):
            if other.startswith("table."):
                assert other in PURE, f"{name} imports {other}, which is not pure"


def test_the_engine_never_imports_the_table():
    for name, targets in graph().items():
        if name.startswith("patience"):
            assert not [m for m in targets if m.split(".")[0] == "table"], name


def test_no_import_circle_anywhere_not_even_for_type_hints():
    """No import circle in the engine or the table, those under ``if TYPE_CHECKING``
    counted too."""
    assert circles(graph()) == []


def test_the_rules_never_import_the_search():
    """``games/`` holds rules only: the search (``patience.search``) imports the games'
    rules and the game's declarations, never the other way round."""
    for name, targets in graph().items():
        if name.startswith("patience.games") or name in ("patience.game", "patience.spec", "patience.moves"):
            assert not [m for m in targets if m.startswith("patience.search")], name


def test_no_import_circle_at_run_time():
    assert circles(graph(typing=False)) == []


# The one exception, by name: the survey's Dask driver (CPython only) imports the package
# `distributed` inside its functions, and only the command line's `survey --scheduler`
# imports that module (tests/engine/test_cluster.py checks that nothing else loads it).
BEYOND_THE_STANDARD_LIBRARY = {"patience.cluster": {"distributed"}}


def test_the_engine_imports_only_the_standard_library():
    """The engine runs the same under CPython and Pyodide: nothing but the standard
    library and its own modules."""
    import sys

    known = modules()
    for name, path in known.items():
        if name.startswith("patience"):
            outside = {m for m in imports(name, path, known) if m.split(".")[0] != "patience"
                       and m.split(".")[0] not in sys.stdlib_module_names}
            allowed = BEYOND_THE_STANDARD_LIBRARY.get(name, set())
            assert outside <= allowed, f"{name} imports {outside - allowed}, which is not the standard library"
            assert outside == allowed, f"{name} no longer imports {allowed - outside}: narrow the exception"
            if allowed:  # inside functions only, never when the module is imported
                tree = ast.parse(path.read_text())
                top = {a.name.split(".")[0] for node in tree.body if isinstance(node, ast.Import) for a in node.names}
                top |= {(node.module or "").split(".")[0] for node in tree.body if isinstance(node, ast.ImportFrom)}
                assert not top & allowed, f"{name} imports {top & allowed} at its top"


def test_the_table_stays_in_readable_pieces():
    """The composition root stays a few hundred lines and no module of the table grows
    past 600: a part that grows is split by what it is responsible for."""
    sizes = {path.name: len(path.read_text().splitlines()) for path in (ROOT / "table").glob("*.py")}
    assert sizes["app.py"] <= 400, sizes["app.py"]
    assert not {name: n for name, n in sizes.items() if n > 600}
