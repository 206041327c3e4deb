"""Dice, boards and tokens: the pieces a deck's build prints besides its cards.

Each piece is a data file: dice in decks/dice/NAME.yaml, boards and tokens in
decks/parts/NAME.yaml, each drawn by a template of the usual elements. A deck names
the pieces it needs with the keys `dice:` and `parts:` (lists of names). Their
sheets are laid out by layout/pieces.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printgen.layout.page import Page
from printgen.layout.pieces import dice_pages, part_pages
from printgen.model import Deck, Paper
from printgen.render.pdf import render_pdf
from printgen.spec.pieces import load_die, load_part


@dataclass(frozen=True)
class Extras:
    """The dice and part sheets of a deck's build, laid out: (file name, title, pages)."""

    sheets: tuple[tuple[str, str, tuple[Page, ...]], ...] = ()


def plan_extras(deck: Deck, paper: Paper) -> Extras:
    """Lay out the sheets of the deck's dice and parts, so bad input fails before any
    file is written."""
    sheets = []
    if deck.dice:
        dice = [load_die(ref.path) for ref in deck.dice]
        sheets.append((f"{deck.name}-dice-{paper.name}.pdf", f"{deck.title}: dice",
                       tuple(dice_pages(dice, paper))))
    for ref in deck.parts:
        part = load_part(ref.path)
        sheets.append((f"{deck.name}-{part.name}-{paper.name}.pdf", f"{deck.title}: {part.title}",
                       tuple(part_pages(part, paper))))
    return Extras(tuple(sheets))


def write_extras(extras: Extras, out: Path) -> list[Path]:
    """One PDF for all of a deck's dice, one per part."""
    return [render_pdf(list(pages), out / name, title=title) for name, title, pages in extras.sheets]
