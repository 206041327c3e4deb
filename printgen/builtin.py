"""Where printgen's built-in data lives: the one module that knows.

Built-in data is printgen/data/ (print facts, vendor profiles, die lines), the fonts in
printgen/fonts/, and the built-in decks and templates. The repository keeps those two
folders at its top level, beside printgen/ (a user's project has the same two
folders); the wheel carries them inside the package, as printgen/data/decks and
printgen/data/templates (see pyproject.toml). So an installed printgen reads them
from its package, and a source checkout (an editable install, the tests) reads them
where they stand. The documentation (docs/: the Markdown pages and the example
project they describe) travels the same way, as printgen/data/docs, for
`printgen docs`. Every other module asks this one; none builds a path of its own.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from printgen.errors import PrintgenError


def package_dir() -> Path:
    """The printgen package's folder (a real folder: printgen is not run from a zip;
    importlib.resources would say the same, at the cost of importing it and zipfile)."""
    return Path(__file__).resolve().parent


def data_dir() -> Path:
    return package_dir() / "data"


def font_dir() -> Path:
    return package_dir() / "fonts"


@lru_cache(maxsize=1)
def data_root() -> Path:
    """The folder holding the built-in decks/ and templates/: printgen/data in an
    installed wheel, the repository's top level in a source checkout."""
    candidates = [data_dir()]
    checkout = package_dir().parent
    if (checkout / "pyproject.toml").is_file():       # a source checkout, not site-packages
        candidates.append(checkout)
    for root in candidates:
        if (root / "decks").is_dir() and (root / "templates").is_dir():
            return root
    raise PrintgenError(f"printgen's built-in decks and templates are missing from its "
                        f"installation (looked in {', '.join(map(str, candidates))}); "
                        f"reinstall printgen")


@lru_cache(maxsize=1)
def docs_dir() -> Path:
    """The folder of printgen's documentation pages (docs/*.md, and the example project
    in docs/example-deck): printgen/data/docs in an installed wheel, docs/ at the
    repository's top level in a source checkout."""
    candidates = [data_dir() / "docs"]
    checkout = package_dir().parent
    if (checkout / "pyproject.toml").is_file():       # a source checkout, not site-packages
        candidates.append(checkout / "docs")
    for folder in candidates:
        if folder.is_dir() and any(folder.glob("*.md")):
            return folder
    raise PrintgenError(f"printgen's documentation is missing from its installation "
                        f"(looked in {', '.join(map(str, candidates))}); reinstall printgen")
