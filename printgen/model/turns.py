"""What a file laid out for a duplex turn is named and asks the print dialog for: one
place for the products that write the files and the gallery that says how to print
them."""

from __future__ import annotations

from printgen.model.deck import Duplex

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


def on_both_sides(sides: str) -> bool:
    """Whether a file asking the print dialog for sides (print_sides) is printed on both
    sides of the paper."""
    return sides in BOTH_SIDES.values() and sides != ONE_SIDED


def sheets_name(deck: str, paper: str, duplex: Duplex) -> str:
    """The file a deck's home-print card sheets are written to: DECK-PAPER.pdf for the
    default long-edge turn, else with the turn (DECK-a4-short.pdf, DECK-a4-fold.pdf,
    DECK-a4-unmirrored.pdf: each back at its face's own place, for a print shop)."""
    return f"{deck}-{paper}{SHEET_TURNS[duplex]}.pdf"
