"""What the gallery says under a home print's files: which file holds the card
sheets and how to print it (the duplex its record's label names), in one line."""

from __future__ import annotations

from collections.abc import Sequence

from printgen.gallery.proof import HOME_PRINT
from printgen.model import Duplex
from printgen.model.turns import sheets_name

ACTUAL_SIZE = 'at actual size (100 %, not "fit to page")'


def how_to_print(deck: str, label: str, files: Sequence[str]) -> str:
    """The line for a home print's record ("home print, PAPER[, duplex TURN][, LANGUAGE]"),
    naming its card sheets' file among files; "" for any other record, or one whose
    build wrote no card sheets (--only)."""
    if not label.startswith(f"{HOME_PRINT}, "):
        return ""
    parts = label.split(", ")
    paper, duplex = parts[1], Duplex.LONG
    if len(parts) > 2 and parts[2].startswith("duplex "):
        duplex = Duplex(parts[2].removeprefix("duplex "))
    sheets = sheets_name(deck, paper, duplex)
    if sheets not in files:
        return ""
    if duplex is Duplex.FOLD:
        return (f"To print at home: {sheets} on one side of the paper only, {ACTUAL_SIZE}; fold each "
                f"sheet along its dashed line, glue the halves together and cut the cards out through "
                f"both layers. The other files go on one side too, except a two-page rules leaflet.")
    if duplex is Duplex.NONE:
        return (f"{sheets} has each back at its face's own place, for a print shop or an imposition "
                f"program; to print the cards at home, build with --duplex long or --duplex short.")
    return (f"To print at home: {sheets} on both sides of the paper, flipped on the {duplex.value} edge, "
            f"{ACTUAL_SIZE}; a two-page rules leaflet the same way, the other files on one side. The "
            f"10 mm bar in a sheet's margin measures 10 mm when the size is right. Backs by hand, or "
            f"your printer's back offset: printgen docs two-sided.")
