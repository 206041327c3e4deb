"""The deal engine's shape: printgen/deal reads no project stage (spec, products, cli,
layout: what it needs from files is handed in), its sub-packages import only from
those before them in ORDER, and no module of it imports another that imports it
back, at module or function level."""

from __future__ import annotations

import ast
from pathlib import Path

import printgen.deal

DEAL = Path(printgen.deal.__file__).parent
STAGES = ("printgen.spec", "printgen.products", "printgen.cli", "printgen.layout")
ORDER = ("table", "search", "rating", "formats", "census")


def module_name(path: Path) -> str:
    parts = path.relative_to(DEAL.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> dict[str, set[str]]:
    """Every deal module -> every module it names in an import, anywhere in it."""
    found = {}
    for path in DEAL.rglob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
            elif isinstance(node, ast.Import):
                names |= {a.name for a in node.names}
        found[module_name(path)] = names
    return found


def test_the_deal_engine_imports_no_project_stage():
    bad = {(module, name) for module, names in imports().items() for name in names
           if name.startswith(STAGES)}
    assert not bad


def test_each_sub_package_imports_only_from_those_before_it():
    def package(module: str) -> str:
        return module.split(".")[2] if module.count(".") >= 2 else ""

    for module, names in imports().items():
        if package(module) in ORDER:
            allowed = ORDER[:ORDER.index(package(module)) + 1]
            used = {package(n) for n in names if n.startswith("printgen.deal.")}
            assert used <= set(allowed), (module, used - set(allowed))


def test_the_deal_engine_has_no_import_cycle():
    found = imports()
    graph = {module: {n for n in names if n in found and n != module}
             for module, names in found.items()}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        for name in graph[module]:
            assert name not in path, " -> ".join((*path, name))
            if name not in done:
                visit(name, (*path, name))
        done.add(module)

    for module in graph:
        visit(module, (module,))
    assert len(graph) > 25 and "printgen.deal.table.rules" in graph
