"""A booklet's printed sheets carry a slug as a two-sided leaflet's do, read back from
the PDF: each side says in its margin which side it is, the turn it was made for and
its sheet's number, inside the printable area, on no page and clear of every cut and
fold mark; and the back's slug, turned over as test_booklet_imposition's model turns
a sheet, lies behind the front's margin, on none of its pages."""

from __future__ import annotations

from dataclasses import replace

import pypdfium2 as pdfium
import pytest

from printgen.layout.booklet_sheets import booklet_pages, side_slugs
from printgen.layout.impose import spread_cells
from printgen.model import Duplex
from printgen.render.pdf import render_pdf
from printgen.spec.printdata import paper
from printgen.units import pt
from test_booklet_imposition import behind, numbered, page_size
from test_leaflet_slug import outside

TITLE = "Jedi Duel"


def printed(tmp_path, size, sheet_paper, duplex, sheets=2, offset=(0.0, 0.0)):
    """A booklet of `sheets` sheets, every cell filled, written and read back (outside())."""
    w, h = page_size(size, "a4") if size != "a5-letter" else page_size("a5", "letter")
    cells = spread_cells(sheet_paper, w, h).per_page
    pages = booklet_pages(numbered(4 * cells * sheets, (w, h)), sheet_paper, duplex=duplex, back_offset=offset)
    path = render_pdf(side_slugs(pages, sheet_paper, w, h, duplex=duplex, back_offset=offset, title=TITLE),
                      tmp_path / "booklet.pdf")
    return outside(path), texts(path)


def texts(path) -> list[str]:
    """Each page's text in the order it is drawn (a slug turned up a side strip too)."""
    pdf = pdfium.PdfDocument(str(path))
    return [" ".join(pdf[k].get_textpage().get_text_range().split()) for k in range(len(pdf))]


def check_clear(page, margin: float) -> None:
    """Every slug word inside the printable area and 0.5 mm clear of every mark."""
    width, height, slug, marks, _ = page
    assert slug, "the page has a slug"
    for word in slug:
        _, x0, top, x1, bottom = word
        assert margin - 0.01 <= x0 and x1 <= width - margin + 0.01, word
        assert margin - 0.01 <= top and bottom <= height - margin + 0.01, word
        for mx0, mtop, mx1, mbottom in marks:
            assert not (mx0 - 0.5 < x1 and x0 < mx1 + 0.5 and mtop - 0.5 < bottom and top < mbottom + 0.5), \
                (word, (mx0, mtop, mx1, mbottom))


def check_behind_the_margin(front, back, duplex: Duplex, margin: float) -> None:
    """The back's slug words, seen through the sheet from the front, on none of the
    front's pages and inside its printable area."""
    width, height, _, _, boxes = front
    for word in back[2]:
        corners = [behind(x, y, width, height, duplex) for x, y in ((word[1], word[2]), (word[3], word[4]))]
        x0, x1 = sorted(c[0] for c in corners)
        top, bottom = sorted(c[1] for c in corners)
        assert margin - 0.01 <= x0 and x1 <= width - margin + 0.01 and margin - 0.01 <= top, word
        assert bottom <= height - margin + 0.01, word
        assert not any(b.x < x1 and x0 < b.x + b.w and b.y < bottom and top < b.y + b.h for b in boxes), word


MARGIN = {"a4": 5.0, "letter": 6.35}


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
@pytest.mark.parametrize("size,paper_name", [("a5", "a4"), ("a5-letter", "letter"), ("a6", "a4"),
                                             ("poker", "a4"), ("poker", "letter")])
def test_each_side_of_a_booklet_sheet_names_itself_clear_of_its_pages_and_marks(tmp_path, size, paper_name,
                                                                               duplex):
    pages, said = printed(tmp_path, size, paper(paper_name), duplex)
    turn = f"{duplex.value}-edge turn (--duplex {duplex.value})"
    for number, (front, back) in enumerate(zip(pages[0::2], pages[1::2]), start=1):
        assert f"{TITLE} · front: print on both sides, {turn} · sheet {number} of 2" in said[2 * number - 2]
        assert f"{TITLE} · back: printed to lie behind the front after a {turn} · sheet {number} of 2" in \
            said[2 * number - 1]
        assert front[3], "the front's marks are found"
        for page in (front, back):
            check_clear(page, MARGIN[paper_name])
        check_behind_the_margin(front, back, duplex, MARGIN[paper_name])


@pytest.mark.parametrize("offset", [(pt(6), pt(6)), (pt(-6), pt(-6))])
def test_a_moved_back_keeps_its_slug_in_the_printable_area_and_behind_the_fronts_margin(tmp_path, offset):
    (front, back), said = printed(tmp_path, "poker", paper("letter"), Duplex.LONG, sheets=1, offset=offset)
    assert "back: printed to lie behind the front" in said[1]
    check_clear(back, MARGIN["letter"])
    check_behind_the_margin(front, back, Duplex.LONG, MARGIN["letter"] - 6.0)


def test_on_a_small_margin_the_slug_keeps_clear_of_the_short_marks_drawn_there(tmp_path):
    """A sheet 4 mm wider than the spread on each side with a 1 mm printer margin: the
    crop marks there are 2.5 mm long (shorter than a card sheet draws, drawn all the
    same on a booklet's sheet); the slug goes below and above, clear of them."""
    tight = replace(paper("a4"), name="tight", width=pt(2 * 63.5 + 8), height=pt(88.9 + 24), margin=pt(1))
    (front, back), said = printed(tmp_path, "poker", tight, Duplex.LONG, sheets=1)
    assert f"{TITLE} · front: print on both sides" in said[0]
    assert any(abs(m[0] - m[2]) > 2.4 and m[0] < 4.5 for m in front[3]), "the short side marks are drawn"
    for page in (front, back):
        check_clear(page, 1.0)
    check_behind_the_margin(front, back, Duplex.LONG, 1.0)


def test_printgen_booklet_writes_the_slug_naming_the_game(cli, tmp_path):
    """The command's sheets (not the reading copy) carry it, named by the game (Jedi
    Duel's rules file names no title: its first heading)."""
    out = tmp_path / "out"
    assert cli("booklet", "jedi-duel", "--size", "a5", "--duplex", "short", "--out", str(out), "-q").status == 0
    said = texts(out / "jedi-duel-booklet-a5-a4-short.pdf")
    assert "Jedi Duel · front: print on both sides, short-edge turn (--duplex short) · sheet 1 of 2" in said[0]
    assert "Jedi Duel · back: printed to lie behind the front after a short-edge turn" in said[1]
    assert not any("print on both sides" in page for page in texts(out / "jedi-duel-booklet-a5-a4-reading.pdf"))


@pytest.mark.parametrize("lang,front,back", [
    ("de", "Vorderseite: beidseitig drucken, Wenden über die lange Kante (--duplex long) · Blatt 1 von",
     "Rückseite: liegt nach dem Wenden über die lange Kante (--duplex long) hinter der Vorderseite · Blatt 1 von"),
    ("hi", "front: print on both sides, long-edge turn (--duplex long) · sheet 1 of",
     "back: printed to lie behind the front after a long-edge turn (--duplex long) · sheet 1 of")])
def test_a_booklets_slug_is_in_its_language_where_its_font_has_the_letters(cli, tmp_path, lang, front, back):
    """The words of languages.yaml, as the booklet's contents heading is; a Hindi text
    with no font of its own for Devanagari (the bundled sans has none) keeps the English
    words rather than lose them."""
    from test_fold import long_text
    out = tmp_path / "out"
    assert cli("booklet", str(long_text(tmp_path, 30, lang=lang)), "--size", "a5", "--out", str(out),
               "-q").status == 0
    said = texts(next(path for path in out.glob("*.pdf") if not path.stem.endswith("reading")))
    assert f"A long text · {front}" in said[0], said[0]
    assert f"A long text · {back}" in said[1], said[1]
