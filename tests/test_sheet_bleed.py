"""The card block's bleed and the sheet's slug, read back from rendered pages.

Each sheet is rendered from its PDF at 150 dpi. Every card on the outside of the
block must carry its own bleed past the block's edge: 2 mm outside the block, the
sheet shows what that card shows 2 mm outside its trim when it is drawn alone with
its bleed (rendered the same way). Cards are found on the page by the independent
grid geometry (a 3 x 3 block of poker cards centred on portrait A4 or Letter; for a
long-edge duplex the backs mirror the columns), not by printgen's imposition.
"""

from __future__ import annotations

import re
import tempfile
from functools import cache
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from PIL import Image

from conftest import ROOT
from printgen.layout.deck import DeckLayout, layout_deck
from printgen.layout.page import Clip, Page, Placed, Side
from printgen.model import Duplex
from printgen.products.deck import DeckBuild, build_deck
from printgen.render.pdf import render_pdf
from printgen.spec import load_deck
from printgen.spec.printdata import paper

DPI = 150
MM = 72 / 25.4
CARD = (63.5, 88.9)
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PRINTABLE = {"a4": 5.0, "letter": 6.35}
OUTSIDE = 2.0                    # mm past the block where the bleed's colour is checked
TOLERANCE = 40                   # per channel: two rasterisations of one drawing, edges anti-aliased
DECKS = sorted(path.stem for path in (ROOT / "decks").glob("*.yaml"))


def rendered(path: Path) -> list[Image.Image]:
    pdf = pdfium.PdfDocument(str(path))
    return [page.render(scale=DPI / 72).to_pil().convert("RGB") for page in pdf]


@cache
def alone(side: Side) -> Image.Image:
    """The side drawn by itself with its whole bleed, rendered as the sheets are."""
    frame = side.frame
    page = Page(frame.width + 2 * frame.bleed, frame.height + 2 * frame.bleed,
                (Placed(side, frame.bleed, frame.bleed, clip=Clip.BLEED),))
    with tempfile.TemporaryDirectory() as folder:
        return rendered(render_pdf([page], Path(folder) / "side.pdf"))[0]


def pixel(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    return image.getpixel((int(x_mm * DPI / 25.4), int(y_mm * DPI / 25.4)))


def near(image: Image.Image, x_mm: float, y_mm: float, colour: tuple[int, int, int]) -> bool:
    """Whether a pixel within one pixel of the point has the colour (within tolerance)."""
    step = 25.4 / DPI
    return any(max(abs(a - b) for a, b in zip(pixel(image, x_mm + dx * step, y_mm + dy * step), colour))
               <= TOLERANCE for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def outside_points(col: int, row: int, x: float, y: float, bleed: tuple[float, float, float, float],
                   taken: set[tuple[int, int]]):
    """For a card at grid (col, row), trim corner (x, y) in mm: the points OUTSIDE mm past
    each edge that no other card meets (the block's outside, where the sheet leaves
    that much, and a short last row's empty cells), as (point on the sheet, the same
    point relative to the card's trim corner)."""
    w, h = CARD
    edges = (((-1, 0), bleed[0], lambda t: (-OUTSIDE, t * h)),
             ((0, -1), bleed[1], lambda t: (t * w, -OUTSIDE)),
             ((1, 0), bleed[2], lambda t: (w + OUTSIDE, t * h)),
             ((0, 1), bleed[3], lambda t: (t * w, h + OUTSIDE)))
    for (dc, dr), outer, at in edges:
        c, r = col + dc, row + dr
        room = outer if not (0 <= c < 3 and 0 <= r < 3) else 0.0 if (c, r) in taken else 3.0
        if room >= OUTSIDE:
            for t in (0.2, 0.5, 0.8):
                dx, dy = at(t)
                yield (x + dx, y + dy), (dx, dy)


def expected_bleed(name: str) -> tuple[float, float, float, float]:
    """3 mm of colour past the block, or up to the paper's edge: the bleed alone may
    run into the printer margin, where it is cut away."""
    width, height = PAPERS[name]
    side = min(3.0, (width - 3 * CARD[0]) / 2)
    end = min(3.0, (height - 3 * CARD[1]) / 2)
    return side, end, side, end


def check_sheets(layout: DeckLayout, path: Path, name: str) -> int:
    width, height = PAPERS[name]
    x0, y0 = (width - 3 * CARD[0]) / 2, (height - 3 * CARD[1]) / 2
    bleed = expected_bleed(name)
    checked = 0
    for number, image in enumerate(rendered(path)):
        sheet, back = divmod(number, 2)
        slots = range(min(9, len(layout.faces) - sheet * 9))
        where = [(2 - slot % 3 if back else slot % 3, slot // 3) for slot in slots]   # backs: columns mirrored
        for slot, (col, row) in zip(slots, where):
            index = sheet * 9 + slot
            side = layout.back_for(index) if back else layout.faces[index]
            x, y = x0 + col * CARD[0], y0 + row * CARD[1]
            own = alone(side)
            b = side.frame.bleed / MM
            for (sx, sy), (dx, dy) in outside_points(col, row, x, y, bleed, set(where)):
                colour = pixel(own, b + dx, b + dy)
                assert near(image, sx, sy, colour), (path.name, number + 1, side.label, (sx, sy), colour,
                                                     pixel(image, sx, sy))
                checked += 1
    return checked


def build(deck_name: str, paper_name: str, folder: Path, duplex: Duplex = Duplex.LONG) -> Path:
    options = DeckBuild(out=folder, paper=paper(paper_name), duplex=duplex, formats=frozenset({"pdf"}),
                        quiet=True)
    return build_deck(load_deck(deck_name), options).files[0]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """built(deck_name, paper_name[, duplex]): the deck's sheets as build() writes them,
    built once for every test that reads them."""
    made: dict[tuple[str, str, Duplex], Path] = {}

    def sheets(deck_name: str, paper_name: str, duplex: Duplex = Duplex.LONG) -> Path:
        key = (deck_name, paper_name, duplex)
        if key not in made:
            made[key] = build(deck_name, paper_name, tmp_path_factory.mktemp("sheets"), duplex)
        return made[key]
    return sheets


@pytest.mark.parametrize("deck_name", DECKS)
def test_colour_runs_past_the_block_on_every_a4_sheet(built, deck_name):
    deck = load_deck(deck_name)
    assert deck.size.name == "poker" and deck.bleed >= 3 * MM          # what the geometry above assumes
    checked = check_sheets(layout_deck(deck), built(deck_name, "a4"), "a4")
    assert checked >= 12 * 3 * 2                                       # every outer edge of every sheet


def test_colour_runs_past_the_block_on_every_side_on_letter(built):
    """A 3 x 3 block of poker cards fills Letter's printable height: the colour runs
    3 mm past it on every side all the same, above and below into the quarter-inch
    printer margin, so that a cut a little off the block's top or bottom edge leaves
    no white sliver on a printer that can print there."""
    assert expected_bleed("letter") == pytest.approx((3.0, 3.0, 3.0, 3.0))
    deck = load_deck("sabacc-62")
    assert check_sheets(layout_deck(deck), built("sabacc-62", "letter"), "letter") >= 12 * 3 * 2 * 6


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_fold_over_sheets_carry_colour_past_both_blocks_to_the_fold(tmp_path, paper_name):
    """--duplex fold: the faces' colour and the backs' run past their outer edges and
    meet at the fold (no white strip in the gutter for a fold off the line)."""
    path = build("sabacc-62", paper_name, tmp_path, Duplex.FOLD)
    image = rendered(path)[0]
    width, height = PAPERS[paper_name]
    fold = height / 2                                  # the sheets are landscape
    for y in (40.0, 100.0):
        for x in (fold - 2.5, fold - 0.5, fold + 0.5, fold + 2.5):
            assert pixel(image, x, y) != (255, 255, 255), (x, y)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_the_fold_line_is_seen_on_the_colour_of_the_gutter(tmp_path, paper_name):
    """--duplex fold: the faces' and the backs' colour meet at the fold, so the dashed
    fold line lies on a white line, as the crop marks do; black dashes alone were lost
    on a dark deck's navy. Rendered at 600 dpi: just beside the line's centre, along
    its whole length down the gutter, the sheet is near white (0.06 to 0.12 mm off
    its centre: on the white line, beside the 0.09 mm dash)."""
    path = build("sabacc-62", paper_name, tmp_path, Duplex.FOLD)
    with pdfplumber.open(str(path)) as pdf:
        dashed = [seg for seg in pdf.pages[0].lines if seg.get("dash") and seg["dash"][0]]
        inside = max(dashed, key=lambda seg: seg["bottom"] - seg["top"])      # the line down the gutter
        top, bottom = inside["top"] / MM, inside["bottom"] / MM
    assert bottom - top > 150
    fold = PAPERS[paper_name][1] / 2                  # the sheets are landscape
    dpi = 600
    image = pdfium.PdfDocument(str(path))[0].render(scale=dpi / 72).to_pil().convert("L")
    beside = range(int((fold + 0.06) * dpi / 25.4), int((fold + 0.12) * dpi / 25.4) + 1)  # white, not dash
    samples = [max(image.getpixel((x, int(y * dpi / 25.4))) for x in beside) for y in
               [top + 0.2 + k * (bottom - top - 0.4) / 400 for k in range(401)]]
    assert pixel(rendered(path)[0], fold - 1.0, (top + bottom) / 2) != (255, 255, 255)   # colour beside it
    assert min(samples) > 200, (paper_name, min(samples))


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_every_sheet_names_its_deck_page_and_credits_and_has_a_scale_bar(built, paper_name):
    path = built("sabacc-62", paper_name)
    deck = load_deck("sabacc-62")
    pdf = pdfium.PdfDocument(str(path))              # PDFium reads text turned upwards in order
    pages = [page.get_textpage().get_text_range() for page in pdf]
    flat = [re.sub(r"\s+", " ", text) for text in pages]
    for number, text in enumerate(flat, start=1):
        # a sheet of faces and the page of their backs are one sheet of paper
        assert f"sheet {(number + 1) // 2} of {len(pages) // 2}" in text
        assert deck.title in text and "10 mm" in text
        for credit in deck.credits:
            for sentence in re.split(r"(?<=[.!?])\s+", credit):
                assert sentence in text, (number, sentence)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_the_slug_stays_in_the_printable_margin_clear_of_the_colour_and_the_marks(built, paper_name):
    path = built("sabacc-62", paper_name)
    width, height = PAPERS[paper_name]
    band = PRINTABLE[paper_name]
    left, top, right, bottom = expected_bleed(paper_name)
    x0, y0 = (width - 3 * CARD[0]) / 2 - left, (height - 3 * CARD[1]) / 2 - top
    x1, y1 = (width + 3 * CARD[0]) / 2 + right, (height + 3 * CARD[1]) / 2 + bottom
    with pdfplumber.open(str(path)) as pdf:
        for page in pdf.pages:
            marks = page.lines
            outside = [c for c in page.chars
                       if not (x0 <= c["x0"] / MM and c["x1"] / MM <= x1 and y0 <= c["top"] / MM
                               and c["bottom"] / MM <= y1)]
            assert len(outside) > 100                                 # the slug's characters
            for c in outside:
                box = (c["x0"] / MM, c["top"] / MM, c["x1"] / MM, c["bottom"] / MM)
                assert band - 0.01 <= box[0] and box[2] <= width - band + 0.01, box
                assert band - 0.01 <= box[1] and box[3] <= height - band + 0.01, box
                assert band - 0.01 <= box[1] and box[3] <= height - band + 0.01, box
                # wholly beside the block's colour, never across its edge
                assert box[2] <= x0 or box[0] >= x1 or box[3] <= y0 or box[1] >= y1, box
                for line in marks:
                    lx0, ly0, lx1, ly1 = (line["x0"] / MM, line["top"] / MM, line["x1"] / MM,
                                          line["bottom"] / MM)
                    crosses = lx0 <= box[2] and box[0] <= lx1 and ly0 <= box[3] and box[1] <= ly1
                    assert not crosses or line["stroking_color"] == (0.2, 0.2, 0.2), (box, line["x0"])
