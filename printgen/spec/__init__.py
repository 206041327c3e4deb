"""Stage 1: load and validate the user's data files (deck specs, templates)."""

from __future__ import annotations

from pathlib import Path

from printgen.errors import InputError
from printgen.model import Deck
from printgen.spec.deck import load_deck_file

PACKAGE_ROOT = Path(__file__).resolve().parent.parent.parent


def search_roots() -> list[Path]:
    """Folders holding decks/ and templates/: the current folder, then printgen's own."""
    roots = [Path.cwd(), PACKAGE_ROOT]
    return list(dict.fromkeys(root.resolve() for root in roots if (root / "decks").is_dir()))


def deck_files() -> dict[str, Path]:
    """Every deck file found, by name (file stem), first root winning; sorted by name."""
    found: dict[str, Path] = {}
    for root in search_roots():
        for path in sorted((root / "decks").glob("*.yaml")):
            found.setdefault(path.stem, path)
    return dict(sorted(found.items()))


def find_deck(name_or_path: str) -> Path:
    """A deck name from decks/, or a path to any deck file."""
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") or path.exists():
        if not path.is_file():
            raise InputError(f"{name_or_path}: deck file not found")
        return path
    decks = deck_files()
    if name_or_path not in decks:
        known = ", ".join(decks) or "none"
        raise InputError(f"unknown deck {name_or_path!r}; expected a deck name ({known}) "
                         f"or a path to a deck file")
    return decks[name_or_path]


def display_path(path: Path) -> str:
    """A path as the user would write it: relative to the current folder where possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def load_deck(name_or_path: str) -> Deck:
    path = find_deck(name_or_path)
    return load_deck_file(path, display_path(path))
