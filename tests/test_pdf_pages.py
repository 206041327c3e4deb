"""Kept PDF pages spliced into a new document (printgen/render/pdfpages.py): whatever
pages come before, after or not at all, a document with spliced pages has the bytes
of one with every page drawn; and a page's content stream is the same in any
document (its fonts are named by their files' bytes, not by the order pages use them)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PIL import Image as PILImage
from pypdf import PdfReader

from printgen.layout.deck import layout_deck
from printgen.layout.page import Page, Placed
from printgen.layout.primitives import Image, Rect, TextRun
from printgen.layout.sheet import impose
from printgen.model import Duplex
from printgen.render.keys import Keys
from printgen.render.pdf import render_pdf
from printgen.render.pdfpages import PageStore, Reuse
from printgen.spec import load_deck
from printgen.spec.printdata import paper

SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">
  <rect width="20" height="10" fill="#2255cc"/><circle cx="5" cy="5" r="4" fill="#cc2222" fill-opacity="0.5"/>
</svg>"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> list[Page]:
    """The first sheets of a deck, and pages of one's own: pictures with and without
    transparency, an SVG drawing (whose pages are drawn every time), text in faces
    no other page uses, a card alone."""
    folder = tmp_path_factory.mktemp("pictures")
    solid, clear, svg = folder / "solid.png", folder / "clear.png", folder / "drawing.svg"
    PILImage.new("RGB", (8, 8), (0, 160, 60)).save(solid)
    PILImage.new("RGBA", (8, 8), (200, 30, 40, 100)).save(clear)
    svg.write_text(SVG, encoding="utf-8")
    sheets = list(impose(layout_deck(load_deck("sabacc-62")), paper=paper("a4"), duplex=Duplex.LONG,
                         back_offset=(0.0, 0.0)))[:6]
    own = [Page(200, 200, (), (Rect(0, 0, 50, 50, fill="#ff0000"), Image(10, 10, 30, 30, clear))),
           Page(200, 200, (), (Image(10, 10, 30, 30, solid), Image(50, 10, 30, 30, clear),
                               TextRun(10, 80, "Condensed", "condensed-bold", 12.0))),
           Page(200, 200, (), (Image(10, 10, 40, 20, svg), TextRun(10, 80, "Italic", "sans-bold-italic", 12.0))),
           Page(150, 150, (Placed(sheets[0].placed[0].side, 10, 10),), ())]
    return sheets + own


def render(pages: list[Page], path: Path, store: PageStore | None, **options) -> bytes:
    key = Keys("pdf").file(None)
    reuse = None if store is None else Reuse(store, lambda: key.current, repr(sorted(options.items())))
    render_pdf(key.pages(pages), path, reuse=reuse, **options)
    return path.read_bytes()


@pytest.mark.parametrize("options", [{}, {"cmyk": True}], ids=["rgb", "cmyk"])
def test_documents_with_spliced_pages_are_those_drawn(pages, tmp_path, options):
    rng = random.Random(7)
    store = PageStore()
    for _ in range(10):
        chosen = rng.sample(pages, rng.randint(1, len(pages)))
        drawn = render(chosen, tmp_path / "drawn.pdf", None, **options)
        before = store.drawn, store.spliced
        assert render(chosen, tmp_path / "spliced.pdf", store, **options) == drawn
        assert store.drawn - before[0] + store.spliced - before[1] == len(chosen)
    assert store.spliced > 2 * len(pages)
    svg = pages[-2]                 # its second drawing names the standard font its first added: never kept
    render([svg, svg], tmp_path / "svg.pdf", store, **options)
    assert store.get((Keys("pdf").page(svg), repr(sorted(options.items())))) is None
    assert render([svg], tmp_path / "svg.pdf", store, **options) == render([svg], tmp_path / "svg.pdf", None, **options)


def test_a_page_has_the_same_content_stream_after_any_pages(pages, tmp_path):
    one, other = pages[0], pages[-3]             # faces of the deck; a page whose face comes first
    render([one], tmp_path / "alone.pdf", None)
    render([other, one], tmp_path / "after.pdf", None)
    alone, after = PdfReader(tmp_path / "alone.pdf").pages[0], PdfReader(tmp_path / "after.pdf").pages[1]
    assert alone.get_contents().get_data() == after.get_contents().get_data()
    fonts, more = set(alone["/Resources"]["/Font"]), set(after["/Resources"]["/Font"])
    assert fonts < more


def test_a_store_keeps_within_its_budget_the_pages_used_last(pages, tmp_path):
    sheets = pages[:6]
    roomy = PageStore()
    render(sheets, tmp_path / "a.pdf", roomy)
    store = PageStore(budget=sum(sorted(roomy.pages.sizes())[-3:]))    # room for any three of them
    drawn = render(sheets, tmp_path / "a.pdf", store)
    assert store.pages.size <= store.pages.budget and len(store.pages) == 3

    def kept(page: Page) -> bool:
        return store.pages.get((Keys("pdf").page(page), "[]")) is not None

    oldest, next_one = [page for page in sheets if kept(page)][:2]
    render([oldest], tmp_path / "b.pdf", store)                        # spliced: now the last to go
    assert store.spliced == 1
    render(sheets[:2], tmp_path / "c.pdf", store, cmyk=True)            # two new pages push two out
    assert kept(oldest) and not kept(next_one)
    assert render(sheets, tmp_path / "a.pdf", None) == drawn


def test_one_font_file_at_two_paths_gives_the_same_bytes_spliced_or_drawn(tmp_path):
    """Two copies of a font file are two faces with one digest: the second to be used
    in a document is named with -2, so a page kept where it came second is spliced
    only where it comes second again, else drawn."""
    from printgen.fonts import user_face
    data = Path(__file__).parent.joinpath("fixtures", "scripts", "fonts", "Latin.ttf").read_bytes()
    names = []
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "font.ttf").write_bytes(data)
        names.append(user_face(tmp_path / folder / "font.ttf"))
    first, second = (Page(200, 100, (), (TextRun(10, 50, text, name, 12.0),))
                     for text, name in (("First", names[0]), ("Second", names[1])))
    store = PageStore()
    for chosen in ([first, second], [second], [second, first], [first, second], [second, first]):
        drawn = render(chosen, tmp_path / "drawn.pdf", None)
        assert render(chosen, tmp_path / "spliced.pdf", store) == drawn
    resources = PdfReader(tmp_path / "drawn.pdf").pages[1]["/Resources"]["/Font"]
    assert len({name.split("-")[0] for name in resources}) == 1 and len(resources) == 2
    # spliced: only "Second" before "First", as it was kept from the document before;
    # each page kept under the other name is drawn (and kept again as it is named now)
    assert (store.drawn, store.spliced) == (8, 1)
