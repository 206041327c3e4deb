"""What the gallery says under a home print's files: which file holds the card
sheets and how to print it (the duplex its record's label names), and which of the
other files print on both sides too, in one line."""

from __future__ import annotations

from collections.abc import Sequence

from printgen.gallery.proof import HOME_PRINT
from printgen.model import Duplex
from printgen.model.turns import sheets_name
from printgen.words import joined

ACTUAL_SIZE = 'at actual size (100 %, not "fit to page")'


def how_to_print(deck: str, label: str, files: Sequence[str], two_sided: Sequence[str] | None = None) -> str:
    """The line for a home print's record ("home print, PAPER[, duplex TURN][, LANGUAGE]"),
    naming its card sheets' file among files and the files of two_sided (those besides
    the card sheets that print on both sides; None where the record does not say, an
    older printgen's); "" for any other record, or one whose build wrote no card sheets
    (--only)."""
    if not label.startswith(f"{HOME_PRINT}, "):
        return ""
    parts = label.split(", ")
    paper, duplex = parts[1], Duplex.LONG
    if len(parts) > 2 and parts[2].startswith("duplex "):
        duplex = Duplex(parts[2].removeprefix("duplex "))
    sheets = sheets_name(deck, paper, duplex)
    if sheets not in files:
        return ""
    both = None if two_sided is None else [name for name in two_sided if name in files and name != sheets]
    if duplex is Duplex.FOLD:
        return (f"To print at home: {sheets} on one side of the paper only, {ACTUAL_SIZE}; fold each "
                f"sheet along its dashed line, glue the halves together and cut the cards out through "
                f"both layers. {_fold_others(both)}")
    if duplex is Duplex.NONE:
        return (f"{sheets} has each back at its face's own place, for a print shop or an imposition "
                f"program; to print the cards at home, build with --duplex long or --duplex short.")
    return (f"To print at home: {sheets} on both sides of the paper, flipped on the {duplex.value} edge, "
            f"{ACTUAL_SIZE}; {_others(both)}. The 10 mm bar in a sheet's margin measures 10 mm when the "
            f"size is right. Backs by hand, or your printer's back offset: printgen docs two-sided.")


def _others(both: list[str] | None) -> str:
    """What a two-sided home print's other files are printed on: the two-sided ones
    named, the rest one side."""
    if both is None:
        return "a two-page rules leaflet the same way, the other files on one side"
    if not both:
        return "the other files on one side"
    return f"{joined(both)} the same way, the other files on one side"


def _fold_others(both: list[str] | None) -> str:
    """What a fold-over home print's other files are printed on: one side (its leaflets
    are one-sided, and it makes no booklet), but for any the record names."""
    if not both:
        return "The other files go on one side too."
    return f"The other files go on one side too, except {joined(both)}, on both sides."
