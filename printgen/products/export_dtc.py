"""Export as one PDF with one card per page (DriveThruCards).

Pages are trim + bleed (2.75 x 3.75 in for poker cards), in the order back 1,
front 1, back 2, front 2, ...; each page has its TrimBox and BleedBox. When the
profile asks for CMYK the file is PDF/X-1a, its colours converted through a
press ICC profile (render/pdfx.py) and kept within the profile's total ink limit. The pages are laid out by layout/shop.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from printgen.layout.deck import DeckLayout
from printgen.layout.primitives import Image
from printgen.layout.shop import card_pages
from printgen.render.pdf import render_pdf
from printgen.render.pdfx import (
    CONDITION,
    INK_LIMIT,
    PDFX_CONFORMANCE,
    PDFX_PDF_VERSION,
    PROFILE_NAME,
)
from printgen.vector import is_svg

if TYPE_CHECKING:
    from printgen.model.vendor import Profile
    from printgen.products.exported import ExportResult



def pdfx_note(ink_limit: float) -> str:
    """The build's line on what makes the file PDF/X-1a, naming the total ink limit used."""
    source = "the shop's printer's" if ink_limit < INK_LIMIT else "the profile's"
    return (f"{PDFX_CONFORMANCE} (a PDF {PDFX_PDF_VERSION} file): colours converted from sRGB through "
            f"{PROFILE_NAME} ({CONDITION}), total ink at most {ink_limit:.0%} ({source} limit) in every "
            f"colour and picture; the profile embedded as its output intent; fonts embedded; check it in "
            f"the shop's proofing step")


def write_card_pdf(layout: DeckLayout, prof: Profile, folder: Path, result: ExportResult) -> None:
    deck = layout.deck
    pages = card_pages(layout)
    cmyk = prof.colour == "cmyk"
    ink_limit = min(INK_LIMIT, prof.ink_limit or INK_LIMIT)
    path = render_pdf(pages, folder / f"{deck.name}-{prof.name}.pdf", boxes=True, cmyk=cmyk,
                      title=f"{deck.title} ({len(deck.cards)} cards) for {prof.title}", picture_dpi=prof.dpi,
                      ink_limit=ink_limit)
    result.files.append(path)
    first = pages[0]
    result.notes.append(f"{len(pages)} pages of {first.width / 72:.2f} x {first.height / 72:.2f} in "
                        f"(back, front per card), TrimBox and BleedBox set, "
                        f"{'press CMYK' if cmyk else 'RGB'} colours")
    pictures = sorted({prim.path.name for page in pages for placed in page.placed
                       for prim in placed.side.prims if isinstance(prim, Image)})
    if cmyk:
        result.notes.append(pdfx_note(ink_limit))
        if pictures:
            result.notes.append(f"pictures converted to CMYK, any transparency flattened onto what each card "
                                f"draws beneath it: {', '.join(pictures)}")
        drawings = [name for name in pictures if is_svg(Path(name))]
        if drawings:
            result.notes.append(f"SVG pictures placed as {prof.dpi} dpi pictures (PDF/X-1a holds no RGB "
                                f"gradient or transparency their vectors may have): {', '.join(drawings)}")
