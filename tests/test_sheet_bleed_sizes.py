"""Every card size on every paper: the outer cards' bleed, read back from the rendered PDF.

A deck of one solid colour edge to edge (its background fills the bleed) is built for
each card size on A4 and Letter. The block's trim lines are read from the sheet's own
cut guides (the black crop marks and the grey trim lines, wherever they are drawn), not
from printgen's imposition; then, on the page of faces and on the page of backs, the
sheet is rendered and every outer card's colour must run 2.5 mm past the block's trim
on all four sides, as the page's edge allows. Before, the colour stopped at the printer
margin: nothing above and below a 3 x 3 block of poker or bridge cards on Letter, 0.6 mm
beside a row of five bridge cards on landscape A4, 1.4 mm beside six mini cards on
landscape Letter.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest

from printgen.model import Duplex
from printgen.products.deck import DeckBuild, build_deck
from printgen.spec import load_deck
from printgen.spec.printdata import paper

MM = 72 / 25.4
DPI = 150
OUTSIDE = 2.5                    # mm past the block's trim where the colour must be
FIELD = (0x1F, 0x2A, 0x44)
CUT_GUIDES = {(0.0, 0.0, 0.0), (0.0,), (0.501961, 0.501961, 0.501961)}


def write_deck(folder: Path, size: str) -> Path:
    """36 cards of one colour, faces and backs, with a 3 mm bleed: the first sheet is
    full for every size (18 mini cards at most), its block centred on the page."""
    (folder / "field.yaml").write_text('elements:\n  - {kind: rect, box: bleed, fill: "#1f2a44"}\n',
                                       encoding="utf-8")
    cards = "\n".join(f"  - {{fields: {{n: '{n}'}}}}" for n in range(1, 37))
    path = folder / "deck.yaml"
    path.write_text(f"name: bleed-{size}\ntitle: Bleed test\nsize: {size}\nbleed: 3mm\nsafe: 3mm\n"
                    f"face: field\nback: field\nlabel: '{{{{ n }}}}'\ncards:\n{cards}\n", encoding="utf-8")
    return path


def trim_lines(page) -> tuple[list[float], list[float]]:
    """The x of every vertical and the y of every horizontal cut guide on the page, in mm."""
    xs, ys = set(), set()
    for seg in page.lines:
        colour = tuple(round(c, 6) for c in seg.get("stroking_color") or ())
        if colour not in CUT_GUIDES or abs(seg["linewidth"] - 0.25) > 0.01:
            continue
        if abs(seg["x0"] - seg["x1"]) < 0.01:
            xs.add(round(seg["x0"] / MM, 2))
        elif abs(seg["top"] - seg["bottom"]) < 0.01:
            ys.add(round(seg["top"] / MM, 2))
    return sorted(xs), sorted(ys)


def coloured(image, x: float, y: float) -> bool:
    r, g, b = image.getpixel((int(x * DPI / 25.4), int(y * DPI / 25.4)))[:3]
    return max(abs(r - FIELD[0]), abs(g - FIELD[1]), abs(b - FIELD[2])) <= 12


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "tarot"])
def test_outer_cards_keep_their_bleed_on_every_side_on_every_paper(tmp_path, size, paper_name):
    deck = load_deck(str(write_deck(tmp_path, size)))
    options = DeckBuild(out=tmp_path / "out", paper=paper(paper_name), duplex=Duplex.LONG,
                        formats=frozenset({"pdf"}), quiet=True)
    path = build_deck(deck, options).files[0]
    with pdfplumber.open(str(path)) as pdf:
        xs, ys = trim_lines(pdf.pages[0])
        width, height = pdf.pages[0].width / MM, pdf.pages[0].height / MM
    assert len(xs) >= 2 and len(ys) >= 2, (xs, ys)
    left, top, right, bottom = xs[0], ys[0], xs[-1], ys[-1]
    assert min(left, top, width - right, height - bottom) >= OUTSIDE       # room for it on these papers
    assert (left + right, top + bottom) == pytest.approx((width, height), abs=0.02)   # the backs' block too
    along_x = [(a + b) / 2 for a, b in pairwise(xs)]
    along_y = [(a + b) / 2 for a, b in pairwise(ys)]
    points = ([(x, top - OUTSIDE) for x in along_x] + [(x, bottom + OUTSIDE) for x in along_x] +
              [(left - OUTSIDE, y) for y in along_y] + [(right + OUTSIDE, y) for y in along_y])
    rendered = pdfium.PdfDocument(str(path))
    for number, side in enumerate(("faces", "backs")):
        image = rendered[number].render(scale=DPI / 72).to_pil().convert("RGB")
        missing = [(round(x, 2), round(y, 2)) for x, y in points if not coloured(image, x, y)]
        assert not missing, (size, paper_name, side, missing)
