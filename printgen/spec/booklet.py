"""A booklet's page size, by the name `printgen booklet --size` takes: a5 (half the
paper, folded once), a6 (a quarter of it, cut and stacked, then folded), a card size
preset (poker, bridge, mini ...) or a deck's name (its card size, so that the booklet
fits the deck's own tuck box)."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.errors import InputError
from printgen.model import Paper
from printgen.spec.deck import load_deck_file
from printgen.spec.places import DECKS, catalogue
from printgen.spec.printdata import print_facts


@dataclass(frozen=True)
class BookletSize:
    """A booklet's page: its name (for file names) and trim size in points."""

    name: str
    width: float
    height: float


def booklet_size(name: str, paper: Paper) -> BookletSize:
    """The page size a --size name stands for on this paper."""
    long, short = max(paper.width, paper.height), min(paper.width, paper.height)
    if name == "a5":
        return BookletSize(name, long / 2, short)
    if name == "a6":
        return BookletSize(name, short / 2, long / 2)
    sizes = print_facts().card_sizes
    if name in sizes:
        return BookletSize(name, sizes[name].width, sizes[name].height)
    decks = catalogue(DECKS)
    if name in decks:
        size = load_deck_file(decks[name].path).size
        return BookletSize(name, size.width, size.height)
    raise InputError(f"--size: expected a5, a6, a card size ({', '.join(sizes)}) or a deck name "
                     f"({', '.join(decks)}), got {name!r}")
