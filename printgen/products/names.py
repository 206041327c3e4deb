"""The files a deck's extras are written as, named in one place for the deck build and
for the commands that make one of them alone (printgen box, printgen rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printgen.layout.page import Page, PrintFile
from printgen.model import Deck, Paper
from printgen.model.text import RulesText

if TYPE_CHECKING:
    from printgen.layout.leaflet import Leaflet


def box_file(deck: Deck, paper: Paper, page: Page) -> PrintFile:
    """The tuck box page as the file it is written to."""
    from printgen.spec.languages import words
    return PrintFile(f"{deck.name}-box-{paper.name}.pdf", f"{deck.title} {words(deck.lang).tuck_box}", (page,))


def leaflet_file(rules: RulesText, leaflet: Leaflet, *, deal: int | None = None) -> PrintFile:
    """A laid-out leaflet as the file it is written to."""
    suffix = f"-deal-{deal}" if deal is not None else ""
    return PrintFile(f"{rules.name}{suffix}-rules-{leaflet.panel}-{leaflet.paper}.pdf", rules.title,
                     tuple(leaflet.pages))
