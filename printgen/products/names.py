"""The files a deck's extras are written as, named in one place for the deck build and
for the commands that make one of them alone (printgen box, printgen rules); the turn's
part of a name and the print dialog's sides are model/turns.py's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printgen.layout.page import Page, PrintFile
from printgen.model import Deck, Duplex, Paper
from printgen.model.box import TRAY, TuckBox
from printgen.model.text import RulesText
from printgen.model.turns import (
    LEAFLET_TURNS,
    ONE_SIDED,
    TURNED,
    print_sides,
)

if TYPE_CHECKING:
    from printgen.layout.leaflet import Leaflet


def box_file(deck: Deck, box: TuckBox, paper: Paper, *pages: Page, variant: str = "") -> PrintFile:
    """The box's pages (a tuck box's one, a two-piece box's one or two) as the file they
    are written to: DECK-box-PAPER.pdf, the box a build makes; a box of other sizes or
    style (`printgen box --sleeved`, variant "-sleeved") says so in its name, so that it
    and the build's box each keep their own file. Its title names the box in the deck's
    language: a tuck box, or a two-piece box (a tray and a lid)."""
    from printgen.spec.languages import words
    said = words(deck.lang)
    return PrintFile(f"{deck.name}-box{variant}-{paper.name}.pdf",
                     f"{deck.title} {said.two_piece_box if box.options.style == TRAY else said.tuck_box}", pages,
                     sides=ONE_SIDED)


def leaflet_file(rules: RulesText, leaflet: Leaflet, duplex: Duplex, *, deal: int | None = None) -> PrintFile:
    """A leaflet laid out for duplex (long, short, or none: one side only) as the file it
    is written to: GAME-rules-PANEL-PAPER.pdf for the long-edge turn, else with the turn
    (...-a4-short.pdf, ...-a4-one-sided.pdf)."""
    suffix = f"-deal-{deal}" if deal is not None else ""
    two_sided = len(leaflet.pages) > 1 and duplex in TURNED
    return PrintFile(f"{rules.name}{suffix}-rules-{leaflet.panel}-{leaflet.paper}{LEAFLET_TURNS[duplex]}.pdf",
                     rules.title, tuple(leaflet.pages), sides=print_sides(duplex) if two_sided else ONE_SIDED)
