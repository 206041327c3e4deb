"""The deal engine's shape: printgen/deal reads no project stage (spec, products, cli,
layout: what it needs from files is handed in; tests/test_stages.py holds that and
the absence of import cycles for all of printgen), and its sub-packages import only
from those before them in ORDER."""

from __future__ import annotations

from sourcetree import imports, modules

ORDER = ("table", "search", "rating", "formats", "census")


def deal_imports() -> dict[str, set[str]]:
    """Every module of printgen/deal -> the modules it imports (function-level too)."""
    return {module: {name for name, _ in imports(module, tree)}
            for module, tree in modules().items() if module.startswith("printgen.deal.")}


def test_each_sub_package_imports_only_from_those_before_it():
    def package(module: str) -> str:
        return module.split(".")[2] if module.count(".") >= 2 else ""

    found = deal_imports()
    assert len(found) > 25 and "printgen.deal.table.rules" in found
    for module, names in found.items():
        if package(module) in ORDER:
            allowed = ORDER[:ORDER.index(package(module)) + 1]
            used = {package(n) for n in names if n.startswith("printgen.deal.")}
            assert used <= set(allowed), (module, used - set(allowed))
