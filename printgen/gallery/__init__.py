"""The proof gallery of an output folder: ROOT/index.html.

One section per deck, from the proof records its builds and exports left
(proof.py): its summary, the cards changed since the last gallery (before | after),
every card at a readable size, turning over to its back, under trim and safe-zone
lines that one switch shows, with a view at printed size (calibrated with a ruler),
and every print file with a preview of every page (within bounds) and its
preflight findings (a home print on other paper or with another duplex made before
the cards last changed marked out of date). What no record describes (boards, aids,
deal sheets, folders an older printgen wrote) follows, by folder. Previews are small JPEG files under
ROOT/_gallery/, made again only when their source changes; the page links every file
relatively, so it works offline and can be zipped with the folder. Files are listed
in sorted order and the page carries no dates: the same folder gives the same page.

The folder may hold anything (a stranger's corrupt PDF, a picture of a billion
pixels, a pipe named photo.png, links): only regular files are listed (links, pipes
and devices are skipped, never opened), a file printgen cannot preview is listed
without a preview, never an error, and the work of drawing a PDF is bounded (a child
process with limits on its CPU time and memory: pdfpages.py), as no count of pages or
pixels bounds it; a PDF whose bytes this very process wrote (printgen's own work) is drawn
without it.

The modules, each using only those before it: proof.py (the records products write),
files.py (what the folder holds), changes.py (the lossless copies of card images and
what changed since the last gallery), thumbs.py (the previews' pixels, made in worker
threads ahead of the page, or as a watching build draws the cards), pdfpages.py (PDF
pages read and drawn in the bounded child process, or here), pagesizes.py (the page counts and sizes
read from PDFs printgen made, kept for the next gallery), previews.py (the JPEG previews), page.py (the HTML,
from templates/index.html with the style and scripts of static/), write.py (the
whole job). The gallery imports nothing of printgen.products or printgen.cli: they
call it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["build_gallery", "gallery_preflight"]


def __getattr__(name: str) -> Any:
    """build_gallery and gallery_preflight, imported when first asked for: the child that
    draws PDF pages (pdfpages.py) imports this package too, and needs none of the page's
    modules (importing them cost it 0.3 s of CPU at every start)."""
    if name in __all__:
        from printgen.gallery import write
        return getattr(write, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
