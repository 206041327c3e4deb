"""printgen/ is laid out as the pipeline's stages (spec -> model -> layout -> render,
with products composing them in order): these tests hold each stage to its part.

They read the source, not the running code: modules() gives every module of
printgen/ as its dotted name and syntax tree, and each rule is a test over them
that names the module and line of every break. Rules so far:

- only layout builds pages: nothing outside printgen/layout/ calls Page or Placed
  (printgen/layout/page.py's), under whatever name it was imported.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from conftest import ROOT

PACKAGE = ROOT / "printgen"
PAGE_MODEL = "printgen.layout.page"
PAGE_BUILDERS = {f"{PAGE_MODEL}.Page", f"{PAGE_MODEL}.Placed"}


def modules() -> Iterator[tuple[str, ast.Module]]:
    """Every module of printgen/: its dotted name (a package by its own name) and its tree."""
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        yield name, ast.parse(path.read_text(encoding="utf-8"), str(path))


def imported_names(module: str, tree: ast.Module) -> dict[str, str]:
    """Each name the module's imports bind (anywhere in it), and the dotted name it
    stands for: `from printgen.layout.page import Page as P` binds P to
    printgen.layout.page.Page, `import printgen.layout.page` binds printgen."""
    package = module.split(".") if (ROOT / module.replace(".", "/")).is_dir() else module.split(".")[:-1]
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
            base = node.module or ""
            if node.level:                   # relative: from the module's own package upwards
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                names[alias.asname or alias.name] = f"{base}.{alias.name}"
    return names


def dotted(node: ast.expr, names: dict[str, str]) -> str | None:
    """What a called expression stands for, through the module's imports: `P` or
    `page.Page` -> printgen.layout.page.Page; a name not imported stays itself."""
    if isinstance(node, ast.Name):
        return names.get(node.id, node.id)
    if isinstance(node, ast.Attribute):
        base = dotted(node.value, names)
        return f"{base}.{node.attr}" if base else None
    return None


def page_builds(module: str, tree: ast.Module) -> list[str]:
    """module:line of each call of Page or Placed in a module (also a bare name Page
    or Placed that no import binds)."""
    names = imported_names(module, tree)
    bare = {name.rsplit(".", 1)[1] for name in PAGE_BUILDERS}
    return [f"{module}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.Call) and dotted(node.func, names) in PAGE_BUILDERS | bare]


def test_only_layout_builds_pages():
    """Products, render, spec and the CLI receive pages; printgen/layout/ builds them."""
    outside = [where for module, tree in modules() if not module.startswith("printgen.layout")
               for where in page_builds(module, tree)]
    assert outside == [], f"Page or Placed built outside printgen/layout/: {outside}"


def test_the_page_rule_sees_layouts_own_pages():
    """The rule is not empty: the same search finds the pages layout builds."""
    inside = {where.split(":")[0] for module, tree in modules() if module.startswith("printgen.layout")
              for where in page_builds(module, tree)}
    assert {"printgen.layout.boxart", "printgen.layout.pieces", "printgen.layout.aid",
            "printgen.layout.shop", "printgen.layout.tts"} <= inside


def test_the_page_rule_follows_any_import_name():
    source = """
from printgen.layout.page import Page as Sheet
import printgen.layout.page as pg
import printgen.layout.page
from printgen.layout import page
from ..layout.page import Placed as Put
from printgen.layout.page import Side

Sheet(1, 2)
pg.Placed(side, 0, 0)
printgen.layout.page.Page(1, 2)
page.Page(1, 2)
Put(side, 0, 0)
Side("a", "b", frame, ())
"""
    found = page_builds("printgen.products.example", ast.parse(source))
    assert found == [f"printgen.products.example:{line}" for line in (9, 10, 11, 12, 13)]
