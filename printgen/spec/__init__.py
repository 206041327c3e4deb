"""Stage 1: load and validate every data file the project reads into model values.

One module per kind of file; each reports every problem it finds with its file,
line and key path. Files are found by printgen/spec/places.py.
"""

from __future__ import annotations

from printgen.model import Deck
from printgen.reading import display_path
from printgen.spec.places import DECKS, find


def load_deck(name_or_path: str, lang: str | None = None) -> Deck:
    """A deck by name (the project's, else built-in) or by path, loaded and checked
    as a build in lang sees it (None: the deck's own language), with the templates
    its cards name."""
    from printgen.spec.deck import load_deck_file, with_templates
    path = find(DECKS, name_or_path)
    return with_templates(load_deck_file(path, display_path(path), lang))


__all__ = ["load_deck"]
