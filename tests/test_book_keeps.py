"""A booklet keeps a heading with the lines after it, and two lines of a paragraph
together at a page break, even where the paragraph's footnotes take most of a page;
where they leave no room to (not even on a page of their own), it sets what fits and
says so in a note naming the text's line and the page. Read back from the pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_book import book_style, first_text_page, in_margins, runs

from printgen.layout.book import Book, BookStyle, lay_out_book
from printgen.spec.markdown import load_rules

NOTE = "A note long enough to take two lines at the foot of the page, as a note that explains a rule does; it says"


def write(folder: Path, refs: int, note: str = NOTE, word: str = "rule") -> Path:
    """A heading, then one paragraph referring to `refs` footnotes, then a second section."""
    path = folder / "mine.md"
    text = " ".join(f"{word}[^{i}]" for i in range(1, refs + 1))
    notes = "\n".join(f"[^{i}]: {note} {i}." for i in range(1, refs + 1))
    path.write_text(f"# Rules\n\n{text}\n\n## After\n\nThe end.\n\n{notes}\n", encoding="utf-8")
    return path


def pages_read(book: Book, style: BookStyle) -> list[list[str]]:
    """Each text page's body, in order: "H" for a heading's line, "P" for a line of the
    paragraph (its words, "rule" and a note's number, or "The end."; not a footnote's), one entry
    per baseline."""
    found = []
    for side in book.pages[first_text_page(book):]:
        lines: dict[float, str] = {}
        for run in runs(side):
            if in_margins(run, style):
                continue
            kind = "H" if run.size > style.body + 1e-6 else "P" if run.text.startswith(("rule", "The end")) else ""
            lines[round(run.y, 3)] = lines.get(round(run.y, 3)) or kind
        found.append([kind for _, kind in sorted(lines.items()) if kind])
    return found


def lay_out(path: Path, style: BookStyle) -> Book:
    return lay_out_book(list(load_rules(path).blocks), style, title="Rules")


def test_a_heading_keeps_its_first_line_when_footnotes_fill_the_pages(tmp_path):
    """40 two-line notes on a four-line paragraph: no two of its first lines fit on a
    page with their notes. The heading takes the first line; the second stands alone
    on the next page (no break could avoid it, and a note says so), the last two share
    the page after."""
    style = book_style("a5")
    book = lay_out(write(tmp_path, 40), style)
    pages = pages_read(book, style)
    assert pages[:3] == [["H", "P"], ["P"], ["P", "P", "H", "P"]], pages
    first = first_text_page(book) + 1                   # the first text page's number
    assert book.notes == ((f"{tmp_path / 'mine.md'}:3: a line of this paragraph stands alone on page {first}: "
                          f"the footnotes it refers to leave no room to break it with two of its lines "
                          f"on each side"),)


def paragraph_pieces(pages: list[list[str]]) -> list[tuple[int, int]]:
    """The first paragraph's lines page by page: (page index, how many), the lines
    between the first heading and the second."""
    pieces, seen = [], 0
    for p, lines in enumerate(pages):
        count = 0
        for kind in lines:
            seen += kind == "H"
            count += kind == "P" and seen == 1
        if count:
            pieces.append((p, count))
    return pieces


@pytest.mark.parametrize("size", ["a5", "a6"])
def test_a_heading_or_a_line_is_alone_only_where_a_note_says(tmp_path, size):
    """Paragraphs of many footnote references, of every length: a page never ends with a
    heading, nor holds a single line of a paragraph that runs over pages, unless a note
    names that page."""
    style = book_style(size)
    noted = 0
    for refs in range(6, 46, 3):
        book = lay_out(write(tmp_path, refs), style)
        pages = pages_read(book, style)
        first = first_text_page(book) + 1
        for p, lines in enumerate(pages):
            if lines and lines[-1] == "H":
                assert any(f"stands alone at the foot of page {first + p}:" in note for note in book.notes), \
                    (refs, pages, book.notes)
        pieces = paragraph_pieces(pages)
        alone = [p for p, count in pieces if count == 1]
        if len(pieces) > 1 and alone:
            assert any(f"stands alone on page {first + alone[0]}:" in note for note in book.notes), \
                (refs, pieces, book.notes)
        noted += bool(book.notes)
    assert noted            # the sizes reach the paragraphs whose notes leave no room


def test_a_heading_is_left_alone_only_where_not_one_line_fits_under_it(tmp_path):
    """A line whose three notes of 90 words fill an A6 page: it cannot share the page
    with its heading even at the top, so the heading stands alone (and a note says so)
    rather than the line's notes run on; a few words fewer and the line fits under it."""
    style = book_style("a6")
    book = lay_out(write(tmp_path, 3, " ".join(["word"] * 90)), style)
    assert pages_read(book, style) == [["H"], ["P"], ["H", "P"]]
    first = first_text_page(book) + 1
    assert book.notes == ((f"{tmp_path / 'mine.md'}:1: the heading 'Rules' stands alone at the foot of page "
                          f"{first}: what follows it does not fit under it with its footnotes"),)
    book = lay_out(write(tmp_path, 3, " ".join(["word"] * 83)), style)
    assert pages_read(book, style) == [["H", "P"], ["H", "P"]] and not book.notes


def table_pieces(folder: Path, fillers: int, rows: int, style: BookStyle) -> list[int]:
    """A table of `rows` rows after `fillers` one-line paragraphs: how many of its rows
    each page holds, page by page (pages holding none left out)."""
    path = folder / "table.md"
    table = "\n".join(["| Card | Value |", "|---|---|", *(f"| Row{i} | {i} |" for i in range(1, rows + 1))])
    path.write_text("# Rules\n\n" + "".join("Filler.\n\n" for _ in range(fillers)) + table + "\n\nThe end.\n",
                    encoding="utf-8")
    book = lay_out(path, style)
    counts = [sum(run.text.startswith("Row") for run in runs(side) if not in_margins(run, style))
              for side in book.pages[first_text_page(book):]]
    return [count for count in counts if count]


@pytest.mark.parametrize("rows", [2, 3, 4, 5, 7])
def test_a_table_is_split_only_with_two_rows_on_each_side(tmp_path, rows):
    """Wherever a table comes on a page, it is whole or split with at least two of its
    rows on each page (as a paragraph's lines): never one row alone under its header
    repeated at the top of the next page, nor one row at the foot of a page."""
    style = book_style("a6")
    splits = 0
    for fillers in range(0, 30):
        pieces = table_pieces(tmp_path, fillers, rows, style)
        assert sum(pieces) == rows, (fillers, pieces)
        assert len(pieces) == 1 or min(pieces) >= 2, (fillers, pieces)
        splits += len(pieces) > 1
    assert splits or rows < 4                       # the tables that can split did
