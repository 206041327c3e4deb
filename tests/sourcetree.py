"""printgen's source read as a tree, for the tests that hold each stage to its part
(test_stages.py, test_deal_layers.py): every module with its syntax tree, what its
imports bind and what it imports, found by reading the source, not by running it."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache

from conftest import ROOT

PACKAGE = ROOT / "printgen"


@cache
def modules() -> dict[str, ast.Module]:
    """Every module of printgen/ by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return found


def _package(module: str) -> list[str]:
    return module.split(".") if (ROOT / module.replace(".", "/")).is_dir() else module.split(".")[:-1]


def _from(module: str, node: ast.ImportFrom) -> str:
    """The module a `from X import ...` names, relative imports resolved."""
    base = node.module or ""
    if node.level:                   # relative: from the module's own package upwards
        package = _package(module)
        base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
    return base


def imported_names(module: str, tree: ast.Module) -> dict[str, str]:
    """Each name the module's imports bind (anywhere in it), and the dotted name it
    stands for: `from printgen.layout.page import Page as P` binds P to
    printgen.layout.page.Page, `import printgen.layout.page` binds printgen."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    names[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    names[top] = top
        elif isinstance(node, ast.ImportFrom):
            base = _from(module, node)
            for alias in node.names:
                names[alias.asname or alias.name] = f"{base}.{alias.name}"
    return names


def dotted(node: ast.expr, names: dict[str, str]) -> str | None:
    """What an expression stands for, through the module's imports: `P` or
    `page.Page` -> printgen.layout.page.Page; a name not imported stays itself."""
    if isinstance(node, ast.Name):
        return names.get(node.id, node.id)
    if isinstance(node, ast.Attribute):
        base = dotted(node.value, names)
        return f"{base}.{node.attr}" if base else None
    return None


def imports(module: str, tree: ast.Module) -> Iterator[tuple[str, int]]:
    """(module imported, line) for every import the module runs, at its top or in a
    function; not those under `if TYPE_CHECKING:`, which never run. `from a.b import c`
    imports a.b, and a.b.c too where c is a module of printgen."""
    unrun = {id(node) for block in ast.walk(tree)
             if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
             for node in ast.walk(block)}
    for node in ast.walk(tree):
        if id(node) in unrun:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = _from(module, node)
            yield base, node.lineno
            for alias in node.names:
                if f"{base}.{alias.name}" in modules():
                    yield f"{base}.{alias.name}", node.lineno


def import_graph() -> dict[str, set[str]]:
    """Every module of printgen -> the modules of printgen it imports (run-time imports)."""
    return {module: {name for name, _ in imports(module, tree) if name in modules() and name != module}
            for module, tree in modules().items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other round in a loop (Tarjan's strongly
    connected components of more than one module), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found
