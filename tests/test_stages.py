"""printgen/ is laid out as the pipeline's stages (spec -> model -> layout -> render,
with products composing them in order): these tests hold each stage to its part.

They read the source, not the running code (tests/sourcetree.py gives every module
of printgen/ with its syntax tree and its imports, function-level ones included),
and each rule names the module and line of every break:

- only layout builds pages: nothing outside printgen/layout/ calls Page or Placed
  (printgen/layout/page.py's), under whatever name it was imported;
- work flows one way: each stage imports none of the stages after it (FORBIDDEN);
- layout receives values: it opens no file and imports nothing that reads one;
- no import cycle anywhere in printgen/, function-level imports included.
"""

from __future__ import annotations

import ast

import pytest
from sourcetree import cycles, dotted, import_graph, imported_names, imports, modules

PAGE_MODEL = "printgen.layout.page"
PAGE_BUILDERS = {f"{PAGE_MODEL}.Page", f"{PAGE_MODEL}.Placed"}


def page_builds(module: str, tree: ast.Module) -> list[str]:
    """module:line of each call of Page or Placed in a module (also a bare name Page
    or Placed that no import binds)."""
    names = imported_names(module, tree)
    bare = {name.rsplit(".", 1)[1] for name in PAGE_BUILDERS}
    return [f"{module}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.Call) and dotted(node.func, names) in PAGE_BUILDERS | bare]


def test_only_layout_builds_pages():
    """Products, render, spec and the CLI receive pages; printgen/layout/ builds them."""
    outside = [where for module, tree in modules().items() if not module.startswith("printgen.layout")
               for where in page_builds(module, tree)]
    assert outside == [], f"Page or Placed built outside printgen/layout/: {outside}"


def test_the_page_rule_sees_layouts_own_pages():
    """The rule is not empty: the same search finds the pages layout builds."""
    inside = {where.split(":")[0] for module, tree in modules().items() if module.startswith("printgen.layout")
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


# -- work flows one way ---------------------------------------------------------------

LATER = ("printgen.products", "printgen.cli")
FORBIDDEN = {     # a stage (package or module) -> what it must not import, at any level
    "printgen.model": ("printgen.spec", "printgen.lang", "printgen.layout", "printgen.render",
                       "printgen.gallery", "printgen.deal", "printgen.output", "printgen.reading",
                       "printgen.pictures", "printgen.fonts", *LATER),
    "printgen.lang": ("printgen.spec", "printgen.layout", "printgen.render", "printgen.gallery",
                      "printgen.output", "printgen.reading", "printgen.pictures", *LATER),
    "printgen.spec": ("printgen.layout", "printgen.render", "printgen.gallery", *LATER),
    "printgen.layout": ("printgen.spec", "printgen.render", "printgen.gallery", "printgen.output",
                        "printgen.reading", "printgen.pictures", *LATER),
    "printgen.render": ("printgen.spec", "printgen.gallery", *LATER),
    "printgen.deal": ("printgen.spec", "printgen.layout", "printgen.render", "printgen.gallery",
                      "printgen.output", *LATER),
    "printgen.gallery": LATER,
    "printgen.preflight": LATER,
    "printgen.products": ("printgen.cli",),
}


def within(name: str, prefixes: tuple[str, ...] | str) -> bool:
    prefixes = (prefixes,) if isinstance(prefixes, str) else prefixes
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def breaks(rules: dict[str, tuple[str, ...]]) -> list[str]:
    """module:line imported-name for every import a rule forbids."""
    found = []
    for module, tree in modules().items():
        for stage, banned in rules.items():
            if within(module, stage):
                found += [f"{module}:{line} {name}" for name, line in imports(module, tree) if within(name, banned)]
    return sorted(set(found))


def test_each_stage_imports_none_after_it():
    """spec -> model -> layout -> render, products compose, the CLI drives: an import
    the other way (a layout module reading a spec file, the deal engine reading the
    deck spec) is listed with its line."""
    assert breaks(FORBIDDEN) == []


def test_the_stage_rule_sees_a_function_level_import():
    source = "def f():\n    from printgen.spec.template import load_template\n"
    assert [name for name, _ in imports("printgen.layout.x", ast.parse(source))] == ["printgen.spec.template"]
    hidden = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from printgen.spec import x\n"
    assert "printgen.spec" not in [name for name, _ in imports("printgen.layout.x", ast.parse(hidden))]


# -- layout receives values, never files ------------------------------------------------

FILE_MODULES = ("os", "io", "shutil", "tempfile", "glob", "subprocess", "PIL", "pypdfium2", "yaml",
                "openpyxl", "urllib")
FILE_CALLS = {"open", "read_text", "read_bytes", "write_text", "write_bytes", "iterdir", "glob", "rglob",
              "exists", "is_file", "is_dir", "stat", "lstat", "mkdir", "unlink", "resolve", "walk",
              "listdir", "scandir", "load", "dump"}


def file_access(module: str, tree: ast.Module) -> list[str]:
    """module:line of each import of a file-reading library and each call that reads or
    writes a file (open(), path.read_text(), Image.open() ...) in a module."""
    found = [f"{module}:{line} import {name}" for name, line in imports(module, tree) if within(name, FILE_MODULES)]
    names = imported_names(module, tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else dotted(node.func, names)
            if called in FILE_CALLS or called == "builtins.open":
                found.append(f"{module}:{node.lineno} {called}()")
    return found


def test_layout_opens_no_file():
    """Layout takes the values the spec stage resolved (templates, shapes, pictures with
    their sizes, parsed Markdown, papers with their marks): no file is read or written
    in printgen/layout/."""
    found = [where for module, tree in modules().items() if within(module, "printgen.layout")
             for where in file_access(module, tree)]
    assert found == []


@pytest.mark.parametrize("line", ["open('x')", "Path('x').read_text()", "import os", "from PIL import Image",
                                  "Image.open(path)", "json.load(f)"])
def test_the_file_rule_sees(line):
    assert file_access("printgen.layout.x", ast.parse(line)) != []


# -- no import cycle ---------------------------------------------------------------------

def test_no_import_cycle():
    """No modules of printgen import each other round in a loop, counting imports
    inside functions (a cycle hidden in a function is still a tangle)."""
    assert cycles(import_graph()) == []


def test_the_cycle_search_finds_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    graph = import_graph()
    assert "printgen.layout.primitives" in graph["printgen.layout.page"]
    assert cycles(graph | {"printgen.layout.primitives": {"printgen.layout.page"}}) != []
