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

# What a file asks the print dialog for (its PDF's ViewerPreferences /Duplex, PDF 1.7
# section 12.2): both sides, flipped about the sheet's long or short edge, or one side.
ONE_SIDED = "Simplex"
BOTH_SIDES = {Duplex.LONG: "DuplexFlipLongEdge", Duplex.SHORT: "DuplexFlipShortEdge", Duplex.FOLD: ONE_SIDED}


def print_sides(duplex: Duplex) -> str:
    """The print dialog's sides for sheets laid out for duplex: both sides turned as
    named, one side for fold-over sheets, and "" (the printer's own setting) for
    sheets a print shop places itself (none)."""
    return BOTH_SIDES.get(duplex, "")


def sheets_name(deck: str, paper: str, duplex: Duplex) -> str:
    """The file a deck's home-print card sheets are written to: DECK-PAPER.pdf for the
    default long-edge turn, else with the turn (DECK-a4-short.pdf, DECK-a4-fold.pdf,
    DECK-a4-unmirrored.pdf: each back at its face's own place, for a print shop)."""
    return f"{deck}-{paper}{SHEET_TURNS[duplex]}.pdf"


def box_file(deck: Deck, paper: Paper, page: Page) -> PrintFile:
    """The tuck box page as the file it is written to."""
    from printgen.spec.languages import words
    return PrintFile(f"{deck.name}-box-{paper.name}.pdf", f"{deck.title} {words(deck.lang).tuck_box}", (page,),
                     sides=ONE_SIDED)


def leaflet_file(rules: RulesText, leaflet: Leaflet, duplex: Duplex, *, deal: int | None = None) -> PrintFile:
    """A leaflet laid out for duplex (long, short, or none: one side only) as the file it
    is written to: GAME-rules-PANEL-PAPER.pdf for the long-edge turn, else with the turn
    (...-a4-short.pdf, ...-a4-one-sided.pdf)."""
    suffix = f"-deal-{deal}" if deal is not None else ""
    two_sided = len(leaflet.pages) > 1 and duplex in TURNED
    return PrintFile(f"{rules.name}{suffix}-rules-{leaflet.panel}-{leaflet.paper}{LEAFLET_TURNS[duplex]}.pdf",
                     rules.title, tuple(leaflet.pages), sides=print_sides(duplex) if two_sided else ONE_SIDED)
