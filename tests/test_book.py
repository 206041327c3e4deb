"""Books (layout/book.py): a long text and the built-in rules texts set as pages, and
the book's rules read back from the primitives: every word in reading order, type
sizes, extents inside the trim, contents numbers where the headings are, table
headers repeated, no line of a paragraph alone at a page's head or foot, headings
kept with their text, folios, mirrored margins."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from uniseg.linebreak import line_break_boundaries

from longtext import write_long_text
from printgen.errors import FitError
from printgen.shaping import font
from printgen.layout.book import Book, BookStyle, house_style, lay_out_book, plain
from printgen.layout.cover import CoverSource
from printgen.layout.page import Page, Placed, Side
from printgen.layout.primitives import Polygon, TextRun
from printgen.model.text import Block, BlockKind
from printgen.preflight import extent
from printgen.render.pdf import render_pdf
from printgen.spec.fold import fold_facts
from printgen.spec.markdown import load_rules
from printgen.units import pt

RULES = sorted((Path(__file__).parent.parent / "decks" / "rules").glob("*.md"))
PAGE_SIZES: dict[str, tuple[float, float]] = {      # sample pages, width and height in mm
    "a5": (148.0, 210.0),
    "half-letter": (139.7, 215.9),
    "a6": (105.0, 148.0),
    "poker": (63.5, 88.9),
    "bridge": (57.2, 88.9),
    "mini": (44.5, 63.5),
}


def book_style(name: str) -> BookStyle:
    """The house style of a sample page, in the leaflets' colours."""
    width, height = PAGE_SIZES[name]
    return page_style(pt(width), pt(height))


def page_style(width: float, height: float) -> BookStyle:
    facts = fold_facts()
    return house_style(width, height, facts.booklet, facts.type.ink, facts.type.accent)


def long_text(folder: Path, sections: int = 30, most: int = 9) -> list[Block]:
    """The blocks of a long rules text (longtext.py)."""
    return list(load_rules(write_long_text(folder, sections, most)).blocks)


def lay_out(blocks: list[Block], style: BookStyle) -> Book:
    return lay_out_book(blocks, style, title="A long text", subtitle="for testing",
                        credits=("Set by the tests",))


def first_text_page(book: Book) -> int:
    """The index of the first text page: the first with a folio."""
    return next(i for i, side in enumerate(book.pages) if folios(side, book_style_of(side)))


def book_style_of(side: Side) -> BookStyle:
    return page_style(side.frame.width, side.frame.height)


def runs(side: Side) -> list[TextRun]:
    return [p for p in side.prims if isinstance(p, TextRun)]


def in_margins(run: TextRun, style: BookStyle) -> bool:
    """Whether a run lies above or below the text block (a running head or a folio)."""
    return run.y < style.top or run.y > style.height - style.bottom


def folios(side: Side, style: BookStyle) -> list[str]:
    return [r.text for r in runs(side) if r.y > style.height - style.bottom]


def lines_of(side: Side, style: BookStyle) -> list[tuple[float, str]]:
    """The text block's runs joined where one continues the last on its baseline (a
    word in two fonts), in the order they are drawn: (baseline, text)."""
    joined: list[tuple[float, str, float]] = []           # baseline, text, right edge
    for run in runs(side):
        if in_margins(run, style):
            continue
        right = run.x + font(run.font).width(run.text, run.size)
        if joined and abs(joined[-1][0] - run.y) < 1e-6 and abs(joined[-1][2] - run.x) < 1e-3:
            joined[-1] = (run.y, joined[-1][1] + run.text, right)
        else:
            joined.append((run.y, run.text, right))
    return [(y, text) for y, text, _ in joined]


def expected_words(blocks: list[Block]) -> list[tuple[str, int]]:
    """Every word of the blocks in reading order, with its block's index."""
    found = []
    for b, block in enumerate(blocks):
        texts = ["".join(s.text for s in block.spans)]
        if block.kind is BlockKind.ITEM:
            texts.insert(0, block.marker)
        texts += ["".join(s.text for s in cell) for row in block.rows for cell in row]
        found += [(word, b) for text in texts for word in text.split()]
    return found


def read_back(book: Book, blocks: list[Block]) -> tuple[dict[int, list[tuple[int, float]]], list[int]]:
    """Match the text pages' words to the blocks' words in order; a table's header row
    may repeat where the table goes on. Returns each block's set lines (page index,
    baseline), one entry per word, and the pages where a header was repeated."""
    expected = expected_words(blocks)
    headers = {b: [w for cell in block.rows[0] for w in "".join(s.text for s in cell).split()]
               for b, block in enumerate(blocks) if block.kind is BlockKind.TABLE}
    placed: dict[int, list[tuple[int, float]]] = {}
    repeats, i = [], 0
    for p in range(first_text_page(book), len(book.pages)):
        side = book.pages[p]
        actual = [(word, y) for y, text in lines_of(side, book_style_of(side)) for word in text.split()]
        j = 0
        while j < len(actual):
            if i < len(expected) and actual[j][0] == expected[i][0]:
                placed.setdefault(expected[i][1], []).append((p, actual[j][1]))
                i, j = i + 1, j + 1
                continue
            wrapped = j + 1 < len(actual) and actual[j + 1][1] > actual[j][1]
            joined = actual[j][0] + actual[j + 1][0] if wrapped else ""
            if i < len(expected) and joined == expected[i][0] and (
                    actual[j][0].endswith("-") or len(actual[j][0]) in line_break_boundaries(joined)):
                placed.setdefault(expected[i][1], []).append((p, actual[j][1]))    # broken after its hyphen,
                i, j = i + 1, j + 2                                                # or where UAX #14 allows
                continue
            header = headers.get(expected[i - 1][1], []) if i else []
            wanted = expected[i][0] if i < len(expected) else "the end"
            read = " ".join(w for w, _ in actual[j:j + 8])
            assert header and [w for w, _ in actual[j:j + len(header)]] == header, \
                f"page {p + 1}: expected {wanted!r}, read {read!r}"
            repeats.append(p)
            j += len(header)
    assert i == len(expected), f"words missing from {expected[i][0]!r} on"
    return placed, repeats


def check_book(book: Book, blocks: list[Block], style: BookStyle) -> list[int]:
    """Every property a book must have; the pages where a table's header was repeated."""
    first = first_text_page(book)
    placed, repeats = read_back(book, blocks)
    for index, side in enumerate(book.pages):
        number = index + 1
        assert (side.frame.width, side.frame.height) == (style.width, style.height)
        for prim in side.prims:
            x0, y0, x1, y1 = extent(prim)
            assert x0 >= -1e-6 and y0 >= -1e-6 and x1 <= style.width + 1e-6 and y1 <= style.height + 1e-6, \
                f"page {number}: {prim} outside the trim"
            if isinstance(prim, TextRun):
                assert prim.size >= 8.0, f"page {number}: {prim.text!r} at {prim.size} pt"
            if not (isinstance(prim, TextRun) and in_margins(prim, style)):       # in the text block
                x0, y0, x1, y1 = extent(prim, ink=False)       # (a j's hook may reach past it)
                left, slack = style.left(number), (prim.width / 2 if isinstance(prim, Polygon) else 0.0) + 1e-6
                assert left - slack <= x0 and x1 <= left + style.text_width + slack, f"page {number}: {prim}"
                assert style.top - slack <= y0 and y1 <= style.height - style.bottom + slack, f"page {number}: {prim}"
            elif min(y0, style.height - y1) < pt(3) - 1e-6:                   # a running head or folio
                pytest.fail(f"page {number}: {prim.text!r} is nearer the trim than 3 mm")
        if index < first:
            assert not [r for r in runs(side) if in_margins(r, style)], f"page {number} has a folio or head"
        else:
            assert folios(side, style) == [str(number)]
            starts = [r.x for r in runs(side) if not in_margins(r, style)]
            starts += [x for p in side.prims if isinstance(p, Polygon) for x, _ in p.points]
            assert min(starts) == pytest.approx(style.left(number))   # mirrored margins
    # no paragraph leaves a line alone at a page's head or foot
    for b, where in placed.items():
        if blocks[b].kind in (BlockKind.PARAGRAPH, BlockKind.ITEM):
            lines = sorted(set(where))
            pages = {p for p, _ in lines}
            if len(pages) > 1:
                counts = [sum(1 for p, _ in lines if p == page) for page in pages]
                assert min(counts) >= 2, f"{blocks[b].where}: {counts} lines on pages {sorted(pages)}"
    # headings are where the book says, with their next two lines of text
    headings = [b for b, block in enumerate(blocks) if block.kind is BlockKind.HEADING]
    assert [h.text for h in book.headings] == [plain(blocks[b]) for b in headings]
    for heading, b in zip(book.headings, headings):
        page, baseline = placed[b][0]
        assert page == heading.page and heading.y < baseline < heading.y + blocks_size(style, heading.level)
        after = next((c for c in range(b + 1, len(blocks)) if c in placed), None)
        if after is not None:
            following = sorted(set(placed[after]))[:2]
            assert {p for p, _ in following} == {heading.page}, f"{blocks[b].where} is parted from its text"
    # the contents give the pages the headings are on
    listed = [(h.text, str(h.page + 1)) for h in book.headings if h.level <= 2]
    entries = []
    name = ""
    for side in book.pages[1:first]:
        baselines = sorted({r.y for r in runs(side)})[1 if side is book.pages[1] else 0:]
        for y in baselines:          # an entry's heading, wrapped, then its leaders and number
            line = sorted((r for r in runs(side) if r.y == y), key=lambda r: r.x)
            name += " " + " ".join(r.text for r in line if not r.text.startswith(" ."))
            right = line[-1].x + font(line[-1].font).width(line[-1].text, line[-1].size)
            if right == pytest.approx(style.left(side_number(book, side)) + style.text_width):
                heading, _, number = name.strip().rpartition(" ")
                entries.append((heading, number))
                name = ""
    assert entries == listed
    return repeats


def side_number(book: Book, side: Side) -> int:
    return book.pages.index(side) + 1


def blocks_size(style: BookStyle, level: int) -> float:
    return style.headings[min(level, len(style.headings)) - 1] * 1.2


@pytest.mark.parametrize("size", ["a5", "half-letter", "poker", "mini"])
def test_long_text(tmp_path, size):
    blocks = long_text(tmp_path)
    style = book_style(size)
    book = lay_out(blocks, style)
    repeats = check_book(book, blocks, style)
    assert len(book.pages) > 10
    table = next(b for b in blocks if b.kind is BlockKind.TABLE)
    first = next(side for side in book.pages if any(r.text == "r0" for r in runs(side)))
    last = next(side for side in book.pages if any(r.text == "r39" for r in runs(side)))
    spans = book.pages.index(last) - book.pages.index(first)
    assert spans >= 1 and len(set(repeats)) == spans, f"{table.where}: header repeated on {repeats}"


def test_contents_over_pages(tmp_path):
    """Enough headings for the contents to take pages of their own: the numbers still
    match (the contents are set again once their page count is known)."""
    blocks = long_text(tmp_path, sections=60, most=2)
    style = book_style("poker")
    book = lay_out(blocks, style)
    assert first_text_page(book) >= 4            # the cover and three or more pages of contents
    check_book(book, blocks, style)


@pytest.mark.parametrize("size", ["a5", "poker"])
@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_built_in_rules(path, size):
    rules = load_rules(path)
    style = book_style(size)
    picture = next((b.image for b in rules.blocks if b.image), None)
    book = lay_out_book(rules.blocks, style, title=rules.title, credits=(rules.credit or "",), cover=picture)
    check_book(book, list(rules.blocks), style)


def test_house_styles():
    """Sizes scale with the page's width, the body never under 8 pt; margins hold the
    running head and folio."""
    a5, poker, mini = book_style("a5"), book_style("poker"), book_style("mini")
    assert a5.body == 10 and poker.body == mini.body == 8
    assert a5.width == pytest.approx(pt(148)) and mini.height == pytest.approx(pt(63.5))
    for style in (a5, poker, mini):
        assert style.inner < style.outer and style.top >= pt(3) + 2 * style.folio
        assert style.bottom >= pt(3) + 2.5 * style.folio
        assert style.text_width > 0.6 * style.width


def test_a_word_wider_than_the_page_is_broken_as_in_a_leaflet(tmp_path):
    """Between letters with a hyphen, each part inside the text block (a booklet
    refused the word)."""
    path = tmp_path / "wide.md"
    word = "Pneumonoultramicroscopicsilicovolcanoconiosis"
    path.write_text(f"# Words\n\nA fine line.\n\nA {word} case.\n")
    style = book_style("mini")
    book = lay_out(list(load_rules(path).blocks), style)
    runs = [p for p in book.pages[2].prims if isinstance(p, TextRun) and p.size == style.body
            and style.top < p.y < style.height - style.bottom]              # (not the running head)
    lines = ["".join(run.text for run in sorted(runs, key=lambda run: run.x) if run.y == y)
             for y in sorted({run.y for run in runs})]
    broken = [line for line in lines if line.endswith("-")]
    assert len(broken) >= 2 and all(line[-2].isalpha() for line in broken)
    assert f"A {word} case." in "".join(line[:-1] if line.endswith("-") else line + " " for line in lines)
    assert all(run.x + font(run.font).width(run.text, run.size) <= style.width - style.outer + 1e-6 for run in runs)


def test_too_wide_table_names_its_block(tmp_path):
    path = tmp_path / "table.md"
    cells = " | ".join(f"column{i}" for i in range(8))
    path.write_text(f"# Table\n\n| {cells} |\n|{'---|' * 8}\n| {cells} |\n")
    with pytest.raises(FitError, match=r"table\.md:3"):
        lay_out(list(load_rules(path).blocks), book_style("poker"))


def test_cover_without_room_for_its_picture(tmp_path):
    """Credits that leave the picture less than two lines' room even with the title
    set at the body's size: the picture is named where it comes from."""
    from PIL import Image as PILImage
    PILImage.new("RGB", (1200, 850), "#24365c").save(tmp_path / "plan.png")
    (tmp_path / "pictured.md").write_text("---\ntitle: A pictured play aid\n---\n# Pictured\n\n![A plan](plan.png)\n\nSome text.\n",
                                          encoding="utf-8")
    rules = load_rules(tmp_path / "pictured.md")
    picture = next(b.image for b in rules.blocks if b.image)
    with pytest.raises(FitError, match=r"^pictured\.md:4 cover: plan\.png"):      # named where it comes from
        lay_out_book(rules.blocks, book_style("poker"), title=rules.title, credits=("A line of credits",) * 14,
                     cover=picture, source=CoverSource(picture="pictured.md:4 cover"))


def test_pdf_pages(tmp_path):
    """The pages render at the book's size."""
    style = book_style("poker")
    book = lay_out(long_text(tmp_path, sections=3), style)
    out = tmp_path / "book.pdf"
    render_pdf([Page(style.width, style.height, (Placed(side, 0, 0),)) for side in book.pages], out)
    boxes = [page.mediabox for page in PdfReader(out).pages]
    assert len(boxes) == len(book.pages)
    assert all((float(b.width), float(b.height)) == pytest.approx((style.width, style.height), abs=0.01)
               for b in boxes)
