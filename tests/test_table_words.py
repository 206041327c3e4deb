"""Tables in rule leaflets and booklets with words too long for a column: a web
address, a file's path or a long compound is broken inside its cell as a paragraph
breaks it (read back from the set runs: where each line ends, that every run stays
in its column and on the panel); a booklet's table is set smaller, down to 8 pt,
before it is an error; the errors say "page" in a booklet, show the two widths apart,
and name a too-tall row's own line."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from test_book import book_style, page_style

from printgen.errors import FitError
from printgen.lang.markdown import parse_markdown
from printgen.layout.book import lay_out_book
from printgen.layout.flow import flow
from printgen.layout.fold import FoldStyle, chunks
from printgen.layout.hyphens import hyphens
from printgen.layout.leaflet import fold_style
from printgen.layout.primitives import TextRun
from printgen.products.booklet import page_size
from printgen.shaping import font
from printgen.spec.fold import fold_facts
from printgen.spec.printdata import paper

URL = "https://www.emberroad.example/rules/errata/second-printing/changes.html"
COMPOUND = "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichenhersteller"
PATH = "C:\\Users\\Mara\\Documents\\EmberRoad\\saves\\second-printing\\campaign-three.sav"


def no_pictures(name: str, where: str):
    raise AssertionError(name)


def leaflet() -> FoldStyle:
    return fold_style(fold_facts(), "poker")


def table(rows: list[list[str]]) -> str:
    lines = [f"| {' | '.join(row)} |" for row in rows]
    return "\n".join([lines[0], "|" + "---|" * len(rows[0]), *lines[1:]]) + "\n"


def cell_lines(text: str, style: FoldStyle) -> tuple[list[list[list[str]]], list[TextRun]]:
    """Each row's cells as set: per cell (by column, left to right), its lines' text
    (a line of these flush-left cells is one run, at its column's left edge); and
    every run."""
    block, = parse_markdown(text, "t.md", no_pictures)
    rows, every = [], []
    for chunk in chunks(block, style):
        set_runs = [p for p in chunk.prims if isinstance(p, TextRun)]
        every += set_runs
        columns: dict[float, list[TextRun]] = {}
        for run in set_runs:
            columns.setdefault(round(run.x, 3), []).append(run)
        rows.append([[run.text for run in sorted(runs, key=lambda r: r.y)] for _, runs in sorted(columns.items())])
    return rows, every


def inside(runs: list[TextRun], style: FoldStyle) -> bool:
    return all(run.x >= -1e-6 and run.x + font(run.font).width(run.text, run.size) <= style.inner[0] + 1e-6
               for run in runs)


STYLES = [pytest.param(leaflet, id="leaflet"), pytest.param(lambda: book_style("a5").fold(), id="a5"),
          pytest.param(lambda: book_style("a6").fold(), id="a6"),
          pytest.param(lambda: book_style("poker").fold(), id="poker")]


@pytest.mark.parametrize("make", STYLES)
def test_a_web_address_in_a_cell_breaks_where_chicago_breaks_it(make):
    style = make()
    rows, runs = cell_lines(table([["Where", "Address"], ["Errata", URL]]), style)
    address = rows[1][1]
    assert len(address) >= 2 and "".join(address) == URL
    assert all(line[0] in "./-" for line in address[1:])          # a line goes on with a dot, a slash or a hyphen
    assert inside(runs, style)


@pytest.mark.parametrize("make", STYLES)
def test_a_long_compound_in_a_cell_is_hyphenated_where_the_dictionary_allows(make):
    style = replace(make(), lang="de", hyphenate=True)
    rows, runs = cell_lines(table([["Begriff", "Bedeutung"], [COMPOUND, "Ein langes Wort"]]), style)
    word = rows[1][0]
    assert len(word) >= 2 and all(line.endswith("-") for line in word[:-1])
    assert "".join(line[:-1] for line in word[:-1]) + word[-1] == COMPOUND
    allowed = {hyphen.at for hyphen in hyphens(COMPOUND, "de")}
    ends = [sum(len(line) - 1 for line in word[:k + 1]) for k in range(len(word) - 1)]
    assert set(ends) <= allowed
    assert inside(runs, style)


@pytest.mark.parametrize("make", STYLES)
def test_a_long_word_and_a_path_in_cells_break_as_on_a_panel(make):
    style = make()
    rows, runs = cell_lines(table([["Term", "Meaning"], [COMPOUND, "A long word"], ["Save file", PATH]]), style)
    word, path = rows[1][0], rows[2][1]
    assert len(word) >= 2 and "".join(line[:-1] for line in word[:-1]) + word[-1] == COMPOUND
    assert all(line.endswith("-") and line[-2].isalpha() for line in word[:-1])
    assert len(path) >= 2 and "".join(path) == PATH                    # a code: no hyphen added
    assert inside(runs, style)


def test_a_word_under_the_page_width_that_keeps_a_table_from_fitting_breaks():
    """"Rechtsschutzversicherungsgesellschaften" is narrower than an A6 page, but with
    the other column it does not fit even at 8 pt: it breaks rather than stop the build."""
    style = book_style("a6").fold()
    word = "Rechtsschutzversicherungsgesellschaften"
    rows, runs = cell_lines(table([["Term", "Meaning"], [word, "Insurance companies for legal protection"]]), style)
    assert len(rows[1][0]) == 2 and rows[1][0][0][:-1] + rows[1][0][1] == word
    assert inside(runs, style)


HYPHENATED = [["Temperature", "Visibility", "Consumption", "Description"],
              ["Freezing", "Excellent", "0.100 litres", "Unbelievably calm"],
              ["Scorching", "Diminished", "0.140 litres", "Thunderstorms"]]


@pytest.mark.parametrize("make", [pytest.param(leaflet, id="leaflet"),
                                  pytest.param(lambda: book_style("poker").fold(), id="poker")])
def test_a_table_too_wide_for_its_whole_words_is_hyphenated_when_the_text_asks(make):
    """Four columns of words narrower than half a poker page do not fit side by side
    even at the smallest table type; a text that asks for hyphenation has them broken
    at their syllables, as its paragraphs' are (every line but a word's last ends in a
    hyphen at a place the dictionary allows), rather than refused; a text that does not
    is still refused."""
    style = make()
    with pytest.raises(FitError):
        cell_lines(table(HYPHENATED), style)
    style = replace(style, lang="en", hyphenate=True)
    rows, runs = cell_lines(table(HYPHENATED), style)
    assert inside(runs, style)
    for given, row in zip(HYPHENATED, rows):
        for text, cell in zip(given, row):
            joined, cuts = "", []
            for line in cell:
                joined += line[:-1] if line.endswith("-") else line + " "
                cuts += [len(joined)] if line.endswith("-") else []
            assert joined.strip() == text
            for cut in cuts:                    # each at a place the dictionary allows in its word
                first = joined.rfind(" ", 0, cut) + 1
                word = joined[first:].split()[0]
                assert cut - first in {hyphen.at for hyphen in hyphens(word, "en")}
    assert any(line.endswith("-") for row in rows for cell in row for line in cell)


def test_tables_that_fit_keep_their_words_whole():
    style = book_style("a5").fold()
    rows, _ = cell_lines(table([["Town", "Rule"], ["Velloran", "Glass can be sold for double on a Festival turn"]]),
                         style)
    assert rows[1] == [["Velloran"], ["Glass can be sold for double on a Festival turn"]]


WIDE = """\
| Town | Salt | Silk | Spice | Copper | Glass | Special rule | Neighbours |
|:-----|-----:|-----:|------:|-------:|------:|:-------------|:-----------|
| Qaret | 1 | 7 | 5 | 4 | 8 | Salt never costs more than 3 here | Duna, Ember Gate |
| Sunken Well | 4 | 4 | 3 | 6 | 5 | Weather cards do not affect this town | Duna, Velloran |
"""


def test_an_a5_booklets_table_is_set_smaller_but_not_under_8_pt():
    """At 9.5 pt the eight columns need more than A5's 112.6 mm; an A6 booklet's table
    goes down to 8 pt, and so does an A5 one's."""
    style = book_style("a5")
    block, = parse_markdown(WIDE, "t.md", no_pictures)
    sizes = {p.size for chunk in chunks(block, style.fold()) for p in chunk.prims if isinstance(p, TextRun)}
    assert len(sizes) == 1 and 8.0 <= sizes.pop() < style.body


CONTRACTS = """\
| # | Contract | Town | Goods needed | Reward | Notes |
|--:|:--|:--|:--|--:|:--|
| 1 | The Burning Debt | Velloran | Glass, Silk | 5 | Counts double for the Guild variant |
| 2 | The Burning Bargain | Duna | Copper | 18 | Counts double for the Guild variant |
| 3 | The Red Order | Velloran | Copper, Silk, Salt, Spice | 5 | Festival |
| 4 | The Long Promise | Ember Gate | Glass, Salt | 15 | Counts double for the Guild variant |
| 5 | The Long Bargain | Ember Gate | Copper, Glass, Salt, Silk | 9 | — |
| 6 | The Red Journey | Hallow Ford | Copper, Spice, Silk | 16 | Festival |
| 7 | The Burning Bargain | Velloran | Spice, Salt | 13 | Counts double for the Guild variant |
| 8 | The Salted Promise | Qaret | Silk | 5 | Festival |
| 9 | The Quiet Order | Hallow Ford | Copper, Salt, Silk, Glass | 16 | Cannot be taken by the player who drove the last Bandit away from any pass on the road |
| 10 | The Last Journey | Hallow Ford | Salt, Glass, Spice, Copper | 11 | Cannot be taken by the player who drove the last Bandit away from any pass on the road |
"""


def test_a_booklets_too_wide_table_says_page_and_shows_the_widths_apart():
    """Its columns need a hundredth of a millimetre more than an A6 page has: the
    message shows two different numbers, the needed the larger, and says "page"."""
    block, = parse_markdown(CONTRACTS, "t.md", no_pictures)
    with pytest.raises(FitError) as caught:
        chunks(block, page_style(*page_size("a6", paper("a4"))[1:]).fold())
    message = str(caught.value)
    found = re.search(r"need ([\d.]+) mm side by side even at 8 pt, but the page has ([\d.]+) mm", message)
    assert message.startswith("t.md:1:") and found, message
    assert float(found[1]) > float(found[2])


def test_a_leaflets_too_wide_table_says_panel():
    block, = parse_markdown(table([[f"column{i}" for i in range(9)]] * 2), "t.md", no_pictures)
    with pytest.raises(FitError, match=r"^t\.md:1: .* but the panel has 55\.0 mm"):
        chunks(block, leaflet())


def tall_text() -> str:
    return "# T\n\nIntro.\n\n" + table([["A", "B"], ["short", "x"], ["long", "Every word keeps going. " * 300]])


@pytest.mark.parametrize("size", ["a5", "a6", "poker"])
def test_a_booklets_too_tall_row_is_named_at_its_own_line(size):
    blocks = parse_markdown(tall_text(), "tall.md", no_pictures)
    with pytest.raises(FitError, match=r"^tall\.md:8: this table row is [\d.]+ mm tall, taller than a page's"):
        lay_out_book(blocks, book_style(size), title="T")


def test_a_leaflets_too_tall_row_is_named_at_its_own_line():
    blocks = parse_markdown(tall_text(), "tall.md", no_pictures)
    with pytest.raises(FitError, match=r"^tall\.md:8: this table row is [\d.]+ mm tall, taller than a panel's"):
        flow(blocks, leaflet())


def test_a_row_that_fits_a_page_but_not_below_the_header_is_named_at_its_own_line():
    """A row a little shorter than the page, under a header row: named at its line,
    with its height and the room a page has below the header, the first the larger."""
    style = book_style("poker")
    header = " ".join(["Heading"] * 30)
    block, = parse_markdown(table([[header, "B"], ["short", "x"], ["long", "y"]]), "t.md", no_pictures)
    rows = chunks(block, style.fold())
    words_fitting = 1
    while words_fitting < 500:          # the most words a row of the page's height holds
        trial = table([[header, "B"], ["short", "x"], ["long", "word " * (words_fitting + 1)]])
        block, = parse_markdown(trial, "t.md", no_pictures)
        try:
            if chunks(block, style.fold())[2].height > style.text_height:
                break
        except FitError:                # taller than the page
            break
        words_fitting += 1
    text = "# T\n\n" + table([[header, "B"], ["short", "x"], ["long", "word " * words_fitting]])
    blocks = parse_markdown(text, "t.md", no_pictures)
    assert rows[0].height + 1 < style.text_height
    with pytest.raises(FitError) as caught:
        lay_out_book(blocks, style, title="T")
    found = re.match(r"t\.md:6: this table row is ([\d.]+) mm tall, but a page has ([\d.]+) mm below the "
                     r"table's header row \(t\.md:3\)", str(caught.value))
    assert found, str(caught.value)
    assert float(found[1]) > float(found[2])


@pytest.mark.parametrize("make", STYLES[1:3])
def test_beside_a_broken_word_the_other_columns_keep_their_cells_on_one_line(make):
    """The compound's column takes what the other column's whole cells leave."""
    style = replace(make(), lang="de", hyphenate=True)
    rows, _ = cell_lines(table([["Begriff", "Bedeutung"], [COMPOUND, "Ein langes Wort"]]), style)
    assert rows[1][1] == ["Ein langes Wort"] and len(rows[1][0]) >= 2
