"""Booklet imposition by a physical model: the printed sheets are printed on both
sides, cut, stacked, folded and read, and the booklet reads 1, 2, ..., n.

The model knows nothing of the imposition plan. It reads what booklet_pages made: which
page (a Side named "p1".."pn", or "blank") is placed where, where each page's corner
marker is drawn, and the sheet's marks (solid: cut; dashed: fold). Then, as a person
at the table would:

- print: a point (x, y) of the back page lies behind the front's (W - x, y) when the
  sheet is turned about a vertical line (the long edge of a portrait sheet, the short
  edge of a landscape one), behind (x, H - y) when turned about a horizontal line;
- cut every sheet along the solid marks into pieces, each with one dashed spine, and
  put aside the pieces with nothing printed on either side;
- stack: the sheets fronts up, sheet 1 on top; the pile of each cell (along the rows
  of the front, top row first) under the piles before it;
- fold all pieces together along the spines, fronts outside: the top piece outermost;
- read: the cover is the outermost piece's front right of the spine; each leaf right
  of the spines is read front then back (the back seen turned over about the spine),
  innermost last; then the leaves left of the spines, innermost first, back then front.
  A right-to-left booklet is read the other way round: its cover left of the spine,
  the leaves left of the spines first.
A page reads correctly when its marker is at its top-left as seen.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import pairwise

import pytest

from printgen.errors import FitError, InputError
from printgen.layout.booklet_sheets import booklet_pages
from printgen.layout.impose import share_of_paper, spread_cells
from printgen.layout.page import Frame, Page, Side
from printgen.layout.primitives import Polygon, Rect, TextRun
from printgen.model import Duplex
from printgen.spec.printdata import paper
from printgen.units import pt

MARK = pt(2.0)          # the marker square's side
POKER = (pt(63.5), pt(88.9))
TOL = 0.01              # points


def numbered(count: int, size: tuple[float, float]) -> list[Side]:
    """Pages p1..p<count>: each shows its number and a marker square near its top-left."""
    w, h = size
    return [Side(f"p{n}", f"page {n}", Frame(w, h, 0.0, 0.0),
                 (Rect(0.1 * w, 0.1 * h, MARK, MARK, fill="#000000"),
                  TextRun(w / 2, h / 2, str(n), "sans", 24.0)))
            for n in range(1, count + 1)]


def page_size(name: str, paper_name: str) -> tuple[float, float]:
    return {"a5": share_of_paper(paper(paper_name), 1), "a6": share_of_paper(paper(paper_name), 2),
            "poker": POKER}[name]


@dataclass(frozen=True)
class Print:
    """A page as printed on the paper, in the coordinates of the sheet's front."""

    name: str
    box: tuple[float, float, float, float]      # left, top, right, bottom
    marker: tuple[float, float] | None          # the marker square's centre


@dataclass(frozen=True)
class Read:
    """A booklet page as read: the page seen there, the nesting depth of its piece, and
    how far its marker lies from the spine."""

    name: str
    nest: int
    from_spine: float


def behind(x: float, y: float, width: float, height: float, duplex: Duplex) -> tuple[float, float]:
    """The front's point that a back page's point (x, y) lies behind."""
    about_vertical = (duplex is Duplex.LONG) == (height > width)
    return (width - x, y) if about_vertical else (x, height - y)


def prints(page: Page, duplex: Duplex | None) -> list[Print]:
    """What a page prints, in front coordinates; duplex None for the front itself."""
    def to_front(x: float, y: float) -> tuple[float, float]:
        return (x, y) if duplex is None else behind(x, y, page.width, page.height, duplex)

    result = []
    for placed in page.placed:
        frame = placed.side.frame
        corners = [to_front(placed.x, placed.y), to_front(placed.x + frame.width, placed.y + frame.height)]
        xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
        squares = [p for p in placed.side.prims if isinstance(p, Rect)]
        marker = (to_front(placed.x + squares[0].x + MARK / 2, placed.y + squares[0].y + MARK / 2)
                  if squares else None)
        result.append(Print(placed.side.name, (xs[0], ys[0], xs[1], ys[1]), marker))
    return result


def cuts_and_folds(page: Page) -> tuple[list[float], list[float], list[float]]:
    """The x of every vertical cut mark, the y of every horizontal one, the x of every fold."""
    xs, ys, folds = set(), set(), set()
    for prim in page.prims:
        assert isinstance(prim, Polygon) and len(prim.points) == 2
        (x1, y1), (x2, y2) = prim.points
        if abs(x1 - x2) < TOL:
            (folds if prim.dash else xs).add(round(x1, 3))
        else:
            assert abs(y1 - y2) < TOL and not prim.dash
            ys.add(round(y1, 3))
    return sorted(xs), sorted(ys), sorted(folds)


def pieces(front: Page) -> list[tuple[float, float, float, float, float]]:
    """The pieces cutting along the marks gives, top row first, left to right: left, top,
    right, bottom and the spine's x."""
    xs, ys, folds = cuts_and_folds(front)
    result = []
    for top, bottom in pairwise(ys):
        for left, right in pairwise(xs):
            spines = [f for f in folds if left < f < right]
            assert len(spines) == 1, "every piece is folded once"
            result.append((left, top, right, bottom, spines[0]))
    return result


def seen(printed: list[Print], region: tuple[float, float, float, float], back: bool,
         spine: float) -> tuple[str, float]:
    """The page printed exactly on a region, as seen (a back turned over about the
    spine), and its marker's distance from the spine; '?' for none, or for one
    that is not upright."""
    left, top, right, bottom = region
    here = [p for p in printed if all(abs(a - b) < TOL for a, b in zip(p.box, region))]
    if len(here) != 1:
        return "?", 0.0
    page = here[0]
    if page.marker is None:
        return page.name, 0.0
    mx, my = page.marker
    across = right - mx if back else mx - left              # from the left edge, as seen
    upright = across < (right - left) / 2 and my - top < (bottom - top) / 2
    return (page.name if upright else "?"), abs(mx - spine)


def printed_on_front(printed: tuple[list[Print], list[Print]], cell: tuple[float, ...]) -> bool:
    """Whether anything is printed within the cell on the sheet's front."""
    left, top, right, bottom = cell[:4]
    return any(left - TOL <= p.box[0] and p.box[2] <= right + TOL and top - TOL <= p.box[1]
               and p.box[3] <= bottom + TOL for p in printed[0])


def printed_on_back(printed: tuple[list[Print], list[Print]], cell: tuple[float, ...]) -> bool:
    return printed_on_front((printed[1], printed[0]), cell)


def read_booklet(sheets: list[Page], duplex: Duplex, rtl: bool = False) -> list[Read]:
    """Print, cut, stack, fold and read the booklet (the module docstring's model),
    left to right, or right to left (rtl)."""
    fronts, backs = sheets[0::2], sheets[1::2]
    assert len(fronts) == len(backs)
    cells = pieces(fronts[0])
    printed = [(prints(front, None), prints(back, duplex)) for front, back in zip(fronts, backs)]
    stack = [(cell, sheet) for cell in cells for sheet in range(len(fronts))
             if any(blank(printed[sheet], cell) for blank in (printed_on_front, printed_on_back))]
    opening, closing = [], []          # the leaves read first (right of the spines, left to right), the others
    for nest, ((left, top, right, bottom, spine), sheet) in enumerate(stack):
        on_front, on_back = printed[sheet]
        half_r, half_l = (spine, top, right, bottom), (left, top, spine, bottom)
        first, then = (half_l, half_r) if rtl else (half_r, half_l)
        opening.append([(nest, seen(on_front, first, False, spine)),
                        (nest, seen(on_back, first, True, spine))])
        closing.append([(nest, seen(on_back, then, True, spine)),
                        (nest, seen(on_front, then, False, spine))])
    leaves = opening + closing[::-1]
    return [Read(name, nest, far) for leaf in leaves for nest, (name, far) in leaf]


def expected(count: int, total: int) -> list[str]:
    return [f"p{n}" for n in range(1, count + 1)] + ["blank"] * (total - count)


SIZES = [("a5", "a4"), ("a5", "letter"), ("a6", "a4"), ("poker", "a4"), ("poker", "letter")]


@pytest.mark.parametrize("count", [4, 8, 12, 28, 30])
@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
@pytest.mark.parametrize("size,paper_name", SIZES)
def test_the_folded_booklet_reads_in_order(size, paper_name, duplex, count):
    sheets = booklet_pages(numbered(count, page_size(size, paper_name)), paper(paper_name), duplex=duplex)
    read = read_booklet(sheets, duplex)
    assert [r.name for r in read] == expected(count, len(read))
    assert len(read) % 4 == 0 and count <= len(read) < count + 4      # blank pages: fewer than a piece


@pytest.mark.parametrize("rtl", [False, True])
@pytest.mark.parametrize("count", [3, 4, 8, 11])
@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
@pytest.mark.parametrize("size,paper_name", [("a5", "a4"), ("a6", "letter"), ("poker", "a4")])
def test_with_a_back_cover_the_folded_booklet_reads_in_order_and_ends_blank(size, paper_name, duplex, count, rtl):
    """back_cover: the pages read in order, folded (from the right where the booklet
    reads right to left), and the last (the outside of the back) is blank however many
    pages there are, a multiple of four too."""
    sheets = booklet_pages(numbered(count, page_size(size, paper_name)), paper(paper_name), duplex=duplex,
                           back_cover=True, rtl=rtl)
    read = read_booklet(sheets, duplex, rtl)
    assert [r.name for r in read] == expected(count, len(read))
    assert len(read) % 4 == 0 and count < len(read) <= count + 4


@pytest.mark.parametrize("count", [4, 12, 30])
@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
@pytest.mark.parametrize("size,paper_name", SIZES)
def test_a_right_to_left_booklet_reads_in_order_from_the_right(size, paper_name, duplex, count):
    sheets = booklet_pages(numbered(count, page_size(size, paper_name)), paper(paper_name), duplex=duplex,
                           rtl=True)
    read = read_booklet(sheets, duplex, rtl=True)
    assert [r.name for r in read] == expected(count, len(read))
    assert [r.name for r in read_booklet(sheets, duplex)] != expected(count, len(read))


@pytest.mark.parametrize("size,paper_name,cells,landscape", [
    ("a5", "a4", 1, True), ("a5", "letter", 1, True), ("a6", "a4", 2, False), ("a6", "letter", 2, False),
    ("poker", "a4", 4, True), ("poker", "letter", 4, True)])
def test_spread_cells_per_size(size, paper_name, cells, landscape):
    w, h = page_size(size, paper_name)
    grid = spread_cells(paper(paper_name), w, h)
    assert grid.per_page == cells
    assert (grid.paper.width > grid.paper.height) == landscape
    assert (grid.card_w, grid.card_h) == pytest.approx((2 * w, h))


def test_a_page_in_another_cell_is_caught():
    """The model is not blind: one page moved to a cell where it does not belong (its
    place taken by the page that was there) no longer reads in order."""
    sheets = booklet_pages(numbered(8, page_size("a6", "a4")), paper("a4"), duplex=Duplex.LONG)
    assert [r.name for r in read_booklet(sheets, Duplex.LONG)] == expected(8, 8)
    front = sheets[0]
    first = next(i for i, p in enumerate(front.placed) if p.side.name == "p1")
    other = next(i for i, p in enumerate(front.placed) if abs(p.y - front.placed[first].y) > 1)
    placed = list(front.placed)
    placed[first], placed[other] = (replace(placed[first], x=placed[other].x, y=placed[other].y),
                                    replace(placed[other], x=placed[first].x, y=placed[first].y))
    moved = [replace(front, placed=tuple(placed)), *sheets[1:]]
    names = [r.name for r in read_booklet(moved, Duplex.LONG)]
    assert names != expected(8, 8) and "p1" not in names[:1]


@pytest.mark.parametrize("size,paper_name", SIZES)
def test_sheets_for_one_turn_do_not_read_after_the_other(size, paper_name):
    """Long- and short-edge sheets differ, and the model sees it."""
    sheets = booklet_pages(numbered(8, page_size(size, paper_name)), paper(paper_name), duplex=Duplex.LONG)
    names = [r.name for r in read_booklet(sheets, Duplex.SHORT)]
    assert names != expected(8, len(names))


def test_blank_pages_come_last_and_are_fewer_than_a_piece():
    """9 poker pages: three pieces of 4 pages (12, the last 3 blank) on one A4 sheet of
    4 cells, the fourth cell left empty, not a whole piece of blank pages folded in."""
    sheets = booklet_pages(numbered(9, POKER), paper("a4"), duplex=Duplex.SHORT)
    names = [r.name for r in read_booklet(sheets, Duplex.SHORT)]
    assert len(sheets) == 2 and len(names) == 12
    assert names[:9] == [f"p{n}" for n in range(1, 10)] and set(names[9:]) == {"blank"}


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
@pytest.mark.parametrize("size,paper_name", [("a5", "a4"), ("a6", "a4"), ("poker", "letter")])
def test_creep_moves_inner_pages_toward_the_spine(size, paper_name, duplex):
    """A piece nested k deep has its pages' drawing k * creep nearer the spine, on both
    its sides, and the booklet still reads in order."""
    creep = pt(0.1)
    pages = numbered(28, page_size(size, paper_name))
    plain = read_booklet(booklet_pages(pages, paper(paper_name), duplex=duplex), duplex)
    crept = read_booklet(booklet_pages(pages, paper(paper_name), duplex=duplex, creep=creep), duplex)
    assert [r.name for r in crept] == [r.name for r in plain] == expected(28, len(plain))
    deepest = max(r.nest for r in plain)
    assert deepest >= 3
    for before, after in zip(plain, crept):
        if before.name != "blank":
            assert before.from_spine - after.from_spine == pytest.approx(before.nest * creep, abs=1e-6)


@pytest.mark.parametrize("size,paper_name", [("a5", "a4"), ("a6", "a4"), ("poker", "a4")])
def test_back_offset_moves_the_backs_on_the_paper_as_calibrated(size, paper_name):
    """--back-offset X,Y is read on the portrait calibration sheet: on the paper as it
    comes out (portrait, back up), every back page moves by (X, Y); a landscape page
    reaches the paper turned counter-clockwise."""
    pages = numbered(16, page_size(size, paper_name))
    offset = (pt(1.5), pt(-1.0))
    plain = booklet_pages(pages, paper(paper_name), duplex=Duplex.LONG)
    moved = booklet_pages(pages, paper(paper_name), duplex=Duplex.LONG, back_offset=offset)
    for index, (before, after) in enumerate(zip(plain, moved)):
        for a, b in zip(before.placed, after.placed):
            dx, dy = b.x - a.x, b.y - a.y
            if index % 2 == 0:
                assert (dx, dy) == (0, 0)
            else:
                on_paper = (dx, dy) if before.height > before.width else (dy, -dx)
                assert on_paper == pytest.approx(offset, abs=1e-6)


def inside(box: tuple[float, float, float, float], sheet: Page, margin: float) -> bool:
    left, top, right, bottom = box
    return (left >= margin - TOL and top >= margin - TOL and right <= sheet.width - margin + TOL
            and bottom <= sheet.height - margin + TOL)


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
@pytest.mark.parametrize("size,paper_name", SIZES)
def test_pages_inside_the_printable_area_and_marks_off_the_pages(size, paper_name, duplex):
    sheet_paper = paper(paper_name)
    sheets = booklet_pages(numbered(12, page_size(size, paper_name)), sheet_paper, duplex=duplex)
    margin = sheet_paper.margin
    for sheet in sheets:
        boxes = [(p.x, p.y, p.x + p.side.frame.width, p.y + p.side.frame.height) for p in sheet.placed]
        assert all(inside(box, sheet, margin) for box in boxes)
        for a, first in enumerate(boxes):               # no two pages overlap
            for second in boxes[a + 1:]:
                assert (first[2] <= second[0] + TOL or second[2] <= first[0] + TOL
                        or first[3] <= second[1] + TOL or second[3] <= first[1] + TOL)
        for mark in sheet.prims:
            assert isinstance(mark, Polygon)
            (x1, y1), (x2, y2) = mark.points                # the rule itself; its stroke may reach the margin
            left, top, right, bottom = min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)
            assert inside((left, top, right, bottom), sheet, margin)
            assert not any(left < b[2] - TOL and right > b[0] + TOL and top < b[3] - TOL and bottom > b[1] + TOL
                           for b in boxes)
    assert sheets[0].prims and not any(sheet.prims for sheet in sheets[1::2])


def test_a_spread_too_large_for_the_paper_is_a_fit_error():
    with pytest.raises(FitError):
        booklet_pages(numbered(4, (pt(150.0), pt(100.0))), paper("a4"), duplex=Duplex.LONG)
    w, h = share_of_paper(paper("a4"), 1)
    assert booklet_pages(numbered(4, (w, h)), paper("a4"), duplex=Duplex.LONG)


@pytest.mark.parametrize("duplex", [Duplex.NONE, Duplex.FOLD])
def test_a_booklet_needs_a_turn_about_an_edge(duplex):
    with pytest.raises(InputError):
        booklet_pages(numbered(4, POKER), paper("a4"), duplex=duplex)

