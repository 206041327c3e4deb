"""Export as one PDF with one card per page (DriveThruCards).

Pages are trim + bleed (2.75 x 3.75 in for poker cards), in the order back 1,
front 1, back 2, front 2, ...; each page has its TrimBox and BleedBox; colours
are written as CMYK when the profile asks for it. The pages are laid out by
layout/shop.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from printgen.layout.deck import DeckLayout
from printgen.layout.primitives import Image
from printgen.layout.shop import card_pages
from printgen.render.pdf import render_pdf

if TYPE_CHECKING:
    from printgen.model.vendor import Profile
    from printgen.products.exported import ExportResult

NOT_PDFX = ("not PDF/X-1a: it has no OutputIntent and no colour profile (colours are converted "
            "with a plain formula), no GTS_PDFXVersion and no Trapped key; fonts are embedded "
            "and TrimBox and BleedBox are set; check it in the shop's proofing step")


def write_card_pdf(layout: DeckLayout, prof: Profile, folder: Path, result: ExportResult) -> None:
    deck = layout.deck
    pages = card_pages(layout)
    cmyk = prof.colour == "cmyk"
    path = render_pdf(pages, folder / f"{deck.name}-{prof.name}.pdf", boxes=True, cmyk=cmyk,
                      title=f"{deck.title} ({len(deck.cards)} cards) for {prof.title}")
    result.files.append(path)
    first = pages[0]
    result.notes.append(f"{len(pages)} pages of {first.width / 72:.2f} x {first.height / 72:.2f} in "
                        f"(back, front per card), TrimBox and BleedBox set, "
                        f"{'CMYK' if cmyk else 'RGB'} colours")
    pictures = sorted({prim.path.name for page in pages for placed in page.placed
                       for prim in placed.side.prims if isinstance(prim, Image)})
    if pictures and cmyk:
        result.notes.append(f"images stay RGB inside the PDF: {', '.join(pictures)}")
    if cmyk:
        result.notes.append(NOT_PDFX)
