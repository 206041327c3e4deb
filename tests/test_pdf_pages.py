"""Kept PDF pages spliced into a new document (printgen/render/pdfpages.py): whatever
pages come before, after or not at all, a document with spliced pages has the bytes
of one with every page drawn; and a page's content stream is the same in any
document (its fonts are named by their files' bytes, not by the order pages use them)."""

from __future__ import annotations

import random
from dataclasses import replace
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
from printgen.render.pdfpages import KeptPage, PageStore, Reuse
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


# ------------------------------------------------------------- pages kept in a file (render/pagefile.py)

def stored_pages(pages: list[Page], tmp_path: Path, **options) -> tuple[list[tuple[str, object]], bytes]:
    """The pages as a document keeps them to store beside it, and the PDF drawn."""
    from printgen.render.pagefile import MAX_BYTES
    key = Keys("pdf").file(None)
    reuse = Reuse(PageStore(0), lambda: key.current, "how", budget=MAX_BYTES)
    render_pdf(key.pages(pages), tmp_path / "kept.pdf", reuse=reuse, **options)
    return reuse.pages, (tmp_path / "kept.pdf").read_bytes()


def from_file(pages: list[Page], path: Path, stored: dict, **options) -> tuple[bytes, PageStore]:
    """The PDF of pages with those stored spliced (a new process's rebuild), and its counts."""
    key = Keys("pdf").file(None)
    store = PageStore(0)
    render_pdf(key.pages(pages), path, reuse=Reuse(store, lambda: key.current, "how", stored), **options)
    return path.read_bytes(), store


def names_only(page: KeptPage) -> KeptPage:
    """The page as read back from its file: its pictures' names, not their objects."""
    return replace(page, pictures=tuple((name, None) for name, _ in page.pictures))


@pytest.mark.parametrize("options", [{}, {"cmyk": True, "boxes": True}], ids=["rgb", "cmyk-boxes"])
def test_pages_read_back_from_their_file_are_those_kept_and_splice_to_the_same_bytes(pages, tmp_path, options):
    from printgen.render.pagefile import dump, load
    chosen = [page for page in pages if not options.get("boxes") or page.placed]
    kept, drawn = stored_pages(chosen, tmp_path, **options)
    stored = dict(kept)
    pictured = [key for key, page in kept if page.forms]
    assert len(stored) >= 6 and bool(pictured) == (not options)     # (not under press CMYK)
    assert (len(stored) < len(chosen)) == (not options)             # the SVG drawing's page is not stored
    data = dump(kept, "how")
    assert dump(kept, "how") == data
    read = load(data, "how")
    assert read == {key: names_only(page) for key, page in stored.items()}
    again, store = from_file(chosen, tmp_path / "again.pdf", read, **options)
    assert again == drawn and (store.spliced, store.drawn) == (len(stored), len(chosen) - len(stored))
    assert load(data, "drawn another way") == {}


def test_a_damaged_or_foreign_pages_file_gives_no_page(pages, tmp_path):
    import hashlib
    import json

    from printgen.render.pagefile import MAGIC, dump, load
    data = dump(stored_pages(pages[:6], tmp_path)[0], "how")
    assert len(load(data, "how")) == 6
    rng = random.Random(3)
    for cut in [0, 1, len(MAGIC), len(MAGIC) + 33, *rng.sample(range(len(data)), 20)]:
        assert load(data[:cut], "how") == {}
    for _ in range(20):
        at = rng.randrange(len(data))
        assert load(data[:at] + bytes([data[at] ^ 1 << rng.randrange(8)]) + data[at + 1:], "how") == {}
    body = data[len(MAGIC) + 32:]
    length = int.from_bytes(body[:4], "big")
    header, streams = json.loads(body[4:4 + length]), body[4 + length:]

    def sealed(header: dict, streams: bytes = streams) -> bytes:
        """A file whose digest holds (as a stranger could write it)."""
        text = json.dumps(header).encode()
        inner = len(text).to_bytes(4, "big") + text + streams
        return MAGIC + hashlib.sha256(inner).digest() + inner

    assert len(load(sealed(header), "how")) == 6
    spoilt = [{**header, "format": 1}, {**header, "format": True}, {**header, "extra": 1},
              {**header, "pages": header["pages"][:-1]}]                  # a stream left over
    first = header["pages"][0]
    for at, value in [(0, "../../etc"), (1, 10 ** 9), (1, -1), (3, ["DCTDecode"]), (4, [None] * 3),
                      (4, [[0, 0, "x", 1], None, None, None]), (5, 2), (6, ["everything"]),
                      (7, [["sans", "F1", [[70000, 500.0]], []]]), (7, [["sans", "F1", [[1, float("inf")]], []]]),
                      (7, [["sans", "F1", [[1, 500.0]], [[2, "a"]]]]), (7, [["sans", "F1", [], []]] * 65),
                      (8, ["../../etc"]), (8, ["0" * 32] * 4097), (9, ["FormXob.../etc"]), (9, ["0" * 32]),
                      (9, ["FormXob." + "0" * 32] * 2), (9, [f"FormXob.{i:032}" for i in range(3)])]:
        row = list(first)
        row[at] = value
        spoilt.append({**header, "pages": [row, *header["pages"][1:]]})
    for bad in spoilt:
        assert load(sealed(bad), "how") == {}, bad
    assert load(sealed(header, streams + b"x"), "how") == {}


def test_a_stored_page_naming_a_face_its_page_does_not_use_is_drawn(pages, tmp_path):
    """A page stored under another page's key (a record written by a stranger) is
    spliced only where that page sets text in every face it names: never a face (or
    a font file) the build does not use."""
    sheet, alone = pages[0], pages[-1]              # a sheet of faces; a card alone on its page
    kept = dict(stored_pages([sheet, alone], tmp_path)[0])
    sheet_key, alone_key = Keys("pdf").page(sheet), Keys("pdf").page(alone)
    stranger = Page(200, 200, (), (Rect(0, 0, 50, 50, fill="#ff0000"),))
    drawn = render([stranger], tmp_path / "drawn.pdf", None)
    got, store = from_file([stranger], tmp_path / "got.pdf", {Keys("pdf").page(stranger): kept[sheet_key]})
    assert got == drawn and (store.drawn, store.spliced) == (1, 0)
    fonts = {face.font for face in kept[sheet_key].faces}
    assert fonts and {face.font for face in kept[alone_key].faces} <= fonts
    got, store = from_file([sheet], tmp_path / "got.pdf", {sheet_key: kept[alone_key]})
    assert store.spliced == 1                       # (its faces are the sheet's: sound, if not this page)


def test_pages_with_pictures_read_back_from_their_file_splice_to_the_drawn_bytes(pages, tmp_path):
    """A page read back from its file names its pictures only: spliced, it registers the
    pictures the page being built places, as drawing it would (the same objects in the
    same order, soft masks too), so that in any order among other pages the document is
    the one drawn. A stored page whose pictures' names are not the page's, or whose page
    also places an SVG drawing, is drawn."""
    from printgen.render.pagefile import dump, load
    clear, both, drawing = pages[6], pages[7], pages[8].prims[0]
    backwards = Page(200, 200, (), tuple(reversed(both.prims)))        # the same pictures the other way round
    solid = both.prims[0]
    once, twice = (Page(100, 100, (), (solid,) * n) for n in (1, 2))    # one picture placed once, twice
    pictured = [clear, both, backwards, pages[0], once, twice]
    read = load(dump(stored_pages(pictured, tmp_path)[0], "how"), "how")
    keys = [Keys("pdf").page(page) for page in pictured]
    assert set(read) == set(keys) and all(read[key].forms for key in keys[:3] + keys[4:])
    rng = random.Random(11)
    orders = [[both], [backwards], [clear, both], [backwards, both, pages[0]], [pages[0], clear, backwards]]
    for chosen in orders + [rng.sample(pictured, rng.randint(1, 6)) for _ in range(4)]:
        drawn = render(chosen, tmp_path / "drawn.pdf", None)
        again, store = from_file(chosen, tmp_path / "again.pdf", read)
        assert again == drawn and (store.spliced, store.drawn) == (len(chosen), 0), chosen
        if chosen == [clear, both]:                             # (the transparent picture has a soft mask)
            placed = PdfReader(tmp_path / "drawn.pdf").pages[1]["/Resources"]["/XObject"].values()
            assert sorted("/SMask" in one.get_object() for one in placed) == [False, True]
    stranger = Page(200, 200, (), (*both.prims, drawing))
    for page, other in [(backwards, both), (both, backwards), (clear, both), (stranger, both),
                        (once, twice), (twice, once)]:
        drawn = render([page], tmp_path / "drawn.pdf", None)
        got, store = from_file([page], tmp_path / "got.pdf", {Keys("pdf").page(page): read[Keys("pdf").page(other)]})
        assert got == drawn and (store.spliced, store.drawn) == (0, 1)
    named = read[Keys("pdf").page(both)]                    # its pictures' names listed the other way round
    wrong = replace(named, pictures=named.pictures[::-1])
    got, store = from_file([both], tmp_path / "got.pdf", {Keys("pdf").page(both): wrong})
    assert got == render([both], tmp_path / "drawn.pdf", None) and (store.spliced, store.drawn) == (0, 1)
