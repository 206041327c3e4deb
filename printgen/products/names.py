"""The files a deck's extras are written as, named in one place for the deck build and
for the commands that make one of them alone (printgen box, printgen rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printgen.layout.page import Page, PrintFile
from printgen.model import Deck, Duplex, Paper
from printgen.model.text import RulesText

if TYPE_CHECKING:
    from printgen.layout.leaflet import Leaflet


# What a file laid out for a duplex other than the default (long) adds to its name, so
# that builds with other --duplex keep their own files side by side, as other paper's.
TURNED = {Duplex.LONG: "", Duplex.SHORT: "-short"}              # a booklet's sheets
SHEET_TURNS = {**TURNED, Duplex.FOLD: "-fold", Duplex.NONE: "-unmirrored"}   # a deck's card sheets
LEAFLET_TURNS = {**TURNED, Duplex.NONE: "-one-sided"}                       # a leaflet


def sheets_name(deck: str, paper: str, duplex: Duplex) -> str:
    """The file a deck's home-print card sheets are written to: DECK-PAPER.pdf for the
    default long-edge turn, else with the turn (DECK-a4-short.pdf, DECK-a4-fold.pdf,
    DECK-a4-unmirrored.pdf: each back at its face's own place, for a print shop)."""
    return f"{deck}-{paper}{SHEET_TURNS[duplex]}.pdf"


def box_file(deck: Deck, paper: Paper, page: Page) -> PrintFile:
    """The tuck box page as the file it is written to."""
    from printgen.spec.languages import words
    return PrintFile(f"{deck.name}-box-{paper.name}.pdf", f"{deck.title} {words(deck.lang).tuck_box}", (page,))


def leaflet_file(rules: RulesText, leaflet: Leaflet, duplex: Duplex, *, deal: int | None = None) -> PrintFile:
    """A leaflet laid out for duplex (long, short, or none: one side only) as the file it
    is written to: GAME-rules-PANEL-PAPER.pdf for the long-edge turn, else with the turn
    (...-a4-short.pdf, ...-a4-one-sided.pdf)."""
    suffix = f"-deal-{deal}" if deal is not None else ""
    return PrintFile(f"{rules.name}{suffix}-rules-{leaflet.panel}-{leaflet.paper}{LEAFLET_TURNS[duplex]}.pdf",
                     rules.title, tuple(leaflet.pages))
