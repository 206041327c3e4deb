"""Play aids: an aid file's pages drawn by their templates, one PDF.

An aid is data (decks/aids/NAME.yaml) plus templates, as a deck is: each page of the
aid is one template laid out on the whole sheet, once, or once per player
(layout/aid.py).
"""

from __future__ import annotations

from pathlib import Path

from printgen.layout.aid import aid_pages
from printgen.model import Paper
from printgen.model.turns import ONE_SIDED
from printgen.output import out_folder
from printgen.render.pdf import render_pdf
from printgen.spec.aid import load_aid
from printgen.spec.places import AIDS, find


def build_aid(name: str, *, players: int, paper: Paper, out: Path | None) -> Path:
    """Lay out every page first, then write one PDF."""
    aid = load_aid(find(AIDS, name), players)
    pages = aid_pages(aid, players, paper)
    folder = out_folder(out, aid.name)
    return render_pdf(pages, folder / f"{aid.name}-aids-{players}p-{paper.name}.pdf",
                      title=f"{aid.title} play aids", sides=ONE_SIDED)
