"""A booklet's page size when it is a card's: a card size preset (poker, bridge, mini
...) or a deck's name (its card size, so that the booklet fits the deck's own tuck
box). The sizes that are a share of the paper (a5, a6) are the layout's to work out."""

from __future__ import annotations

from printgen.errors import InputError
from printgen.spec.deck import load_deck_file
from printgen.spec.places import DECKS, catalogue
from printgen.spec.printdata import print_facts

PAPER_SHARES = {"a5": 1, "a6": 2}     # spreads a side: half the paper, folded once; a quarter, cut first


def card_page(name: str) -> tuple[float, float]:
    """The page (width, height in points) of a --size that names a card size or a deck."""
    sizes = print_facts().card_sizes
    if name in sizes:
        return sizes[name].width, sizes[name].height
    decks = catalogue(DECKS)
    if name in decks:
        size = load_deck_file(decks[name].path).size
        return size.width, size.height
    raise InputError(f"--size: expected {', '.join(PAPER_SHARES)}, a card size ({', '.join(sizes)}) or a "
                     f"deck name ({', '.join(decks)}), got {name!r}")
