"""A booklet's page size when it is a card's: a card size preset (poker, bridge, mini
...) or a deck's name (its card size, so that the booklet fits the deck's own tuck
box). The sizes that are a share of the paper (a5, a6) are the layout's to work out."""

from __future__ import annotations

from printgen.errors import InputError
from printgen.spec.deck import load_deck_file
from printgen.spec.places import DECKS, catalogue, find
from printgen.spec.printdata import print_facts

PAPER_SHARES = {"a5": 1, "a6": 2}     # spreads a side: half the paper, folded once; a quarter, cut first


def card_page(name: str) -> tuple[str, float, float]:
    """The page of a --size that names a card size, or a deck by name or path: the name
    its files are called by (the preset's, the deck's), its width and height in points."""
    sizes = print_facts().card_sizes
    if name.lower() in sizes:
        return name.lower(), sizes[name.lower()].width, sizes[name.lower()].height
    try:
        path = find(DECKS, name)
    except InputError:
        raise InputError(f"--size: expected {', '.join(PAPER_SHARES)}, a card size ({', '.join(sizes)}), a deck "
                         f"name ({', '.join(catalogue(DECKS))}) or a deck file, got {name!r}") from None
    deck = load_deck_file(path)
    return deck.name, deck.size.width, deck.size.height
