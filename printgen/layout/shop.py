"""A print shop's one-card pages (DriveThruCards): each side alone on a page of its
bleed size, in the order the shop reads them: back 1, front 1, back 2, front 2, ..."""

from __future__ import annotations

from printgen.layout.deck import DeckLayout
from printgen.layout.page import Clip, Page, Placed, Side


def card_page(side: Side) -> Page:
    """One side alone on a page of its bleed size, clipped at the bleed."""
    frame = side.frame
    return Page(frame.width + 2 * frame.bleed, frame.height + 2 * frame.bleed,
                (Placed(side, frame.bleed, frame.bleed, clip=Clip.BLEED),))


def card_pages(layout: DeckLayout) -> list[Page]:
    """back 1, front 1, back 2, front 2, ..."""
    pages: list[Page] = []
    for index, face in enumerate(layout.faces):
        pages.append(card_page(layout.back_for(index)))
        pages.append(card_page(face))
    return pages
