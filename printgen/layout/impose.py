"""Imposition: where drawings go on a sheet of paper, and where their backs land.

Every product places its pieces through this module: the printable area inside
the printer's margin, the choice between portrait and landscape, grids of equal
cells, crop and fold marks, and the physical duplex model.

The duplex model. A sheet printed on both sides is turned over about one of the
paper's edges. Turned about its long edge, a point at page (x, y) of a portrait
page lies behind (width - x, y) on the back page; on a landscape page the paper's
long edge runs across the page, so the same turn mirrors y instead: (x, height - y).
A short-edge turn is the reverse. The back page is read upright after that turn.

Cut pieces are turned over like the page of a book, about a vertical line, whatever
the sheet's turn. Where the sheet's turn mirrors y (end over end), a back drawn upright
on the back page would be seen upside down on its piece so turned: a card sheet's
backs, like a booklet's, are then drawn turned half round in their cells
(backs_half_turned).

Booklets. A booklet is printed in spreads (two pages side by side, the spine between
them), `cells` spreads a side. The printed stack, fronts up and sheet 1 on top, is cut
along the cell lines; the pile of cell 2 goes under the pile of cell 1, cell 3's under
that (cells counted along the rows of the front, top row first); the whole stack is
then folded in half along the spines, fronts outside, so the top piece is the
outermost and all pieces nest as one signature. booklet_plan says where each page goes.

Back offsets. The calibration sheet is portrait, so `--back-offset X,Y` is read in
portrait page directions. A landscape page reaches the paper rotated a quarter turn;
printgen assumes the usual rotation (landscape pages are turned counter-clockwise
onto portrait paper, the page's top along the paper's left edge), under which a
portrait offset (X, Y) moves a landscape page's drawing by (-Y, X).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable
from typing import TypeVar

from printgen.errors import FitError
from printgen.frozen import frozen
from printgen.layout.primitives import Primitive, line
from printgen.limits import whole_limit
from printgen.model import Duplex, Paper
from printgen.units import mm, pt

T = TypeVar("T")
FOLD_DASH = (2.0, 1.5)
SHORTEST_DRAWN = 0.1        # points: trim_marks() draws any mark this long (a card sheet asks for longer)
CALIBRATION_RANGE_MM = whole_limit("back_offset_mm")       # the calibration sheet's rulers read -6 to +6 mm


def room(sheet: Paper) -> tuple[float, float]:
    """The printable width and height inside the printer margin."""
    return sheet.width - 2 * sheet.margin, sheet.height - 2 * sheet.margin


def is_landscape(width: float, height: float) -> bool:
    return width > height + 1e-6


def choose_orientation(paper: Paper, score: Callable[[Paper], tuple[float, T] | None], *,
                       landscape_first: bool = False) -> tuple[Paper, T] | None:
    """The orientation of paper whose score ranks highest, and what the score made.

    score(sheet) returns (rank, value), or None when nothing fits that way; on equal
    ranks the first orientation tried wins (portrait, unless landscape_first)."""
    sheets = (paper.landscape(), paper) if landscape_first else (paper, paper.landscape())
    best: tuple[float, Paper, T] | None = None
    for sheet in sheets:
        scored = score(sheet)
        if scored is not None and (best is None or scored[0] > best[0]):
            best = (scored[0], sheet, scored[1])
    return None if best is None else (best[1], best[2])


def fit_count(length: float, cell: float, gap: float = 0.0) -> int:
    """How many cells of a size, gap between them, fit in a length."""
    return max(0, math.floor((length + gap + 1e-6) / (cell + gap)))


@frozen
class Grid:
    """cols x rows cells of one size on a sheet, gap between them, the first cell's
    top-left corner at (x0, y0)."""

    paper: Paper
    cols: int
    rows: int
    x0: float
    y0: float
    card_w: float
    card_h: float
    gap: float = 0.0

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def cell(self, slot: int) -> tuple[float, float]:
        row, col = divmod(slot, self.cols)
        return self.x0 + col * (self.card_w + self.gap), self.y0 + row * (self.card_h + self.gap)


def centred_grid(sheet: Paper, cols: int, rows: int, w: float, h: float, gap: float = 0.0) -> Grid:
    """A grid of cols x rows cells centred on the sheet."""
    x0 = (sheet.width - cols * (w + gap) + gap) / 2
    y0 = (sheet.height - rows * (h + gap) + gap) / 2
    return Grid(sheet, cols, rows, x0, y0, w, h, gap)


def largest_grid(sheet: Paper, w: float, h: float, gap: float = 0.0) -> tuple[int, int]:
    """The most columns and rows of w x h cells that fit inside the printer margin."""
    room_w, room_h = room(sheet)
    return fit_count(room_w, w, gap), fit_count(room_h, h, gap)


def densest_grid(paper: Paper, w: float, h: float) -> Grid | None:
    """The centred butted grid of w x h cells holding the most inside the printer margin,
    portrait unless landscape holds more; None when not even one fits."""
    def score(sheet: Paper) -> tuple[float, tuple[int, int]] | None:
        cols, rows = largest_grid(sheet, w, h)
        return (cols * rows, (cols, rows)) if cols * rows else None

    chosen = choose_orientation(paper, score)
    if chosen is None:
        return None
    sheet, (cols, rows) = chosen
    return centred_grid(sheet, cols, rows, w, h)


def trim_marks(sheet: Paper, xs: Iterable[float], ys: Iterable[float],
               block: tuple[float, float, float, float], *, width: float,
               dashed_xs: Iterable[float] = (), dashed_ys: Iterable[float] = (),
               shortest: float = SHORTEST_DRAWN) -> tuple[Primitive, ...]:
    """Marks extending each line x (vertical) and y (horizontal) outward from the
    block (left, top, right, bottom): they start a small gap from it and stop at the
    printer margin; one that would be shorter than `shortest` is left out. Lines in
    dashed_xs and dashed_ys are folds, drawn dashed; the others are cuts."""
    gap, longest = sheet.marks.gap, sheet.marks.length
    left, top, right, bottom = block
    dashed_x, dashed_y = set(dashed_xs), set(dashed_ys)
    marks: list[Primitive] = []
    for x in xs:
        dash = FOLD_DASH if x in dashed_x else ()
        for start, end in ((top - gap, max(sheet.margin, top - gap - longest)),
                           (bottom + gap, min(sheet.height - sheet.margin, bottom + gap + longest))):
            if abs(end - start) >= shortest - 1e-6:
                marks.append(line(x, start, x, end, width=width, dash=dash))
    for y in ys:
        dash = FOLD_DASH if y in dashed_y else ()
        for start, end in ((left - gap, max(sheet.margin, left - gap - longest)),
                           (right + gap, min(sheet.width - sheet.margin, right + gap + longest))):
            if abs(end - start) >= shortest - 1e-6:
                marks.append(line(start, y, end, y, width=width, dash=dash))
    return tuple(marks)


class Axis(enum.Enum):
    """Which page coordinate a duplex turn mirrors."""

    X = "x"
    Y = "y"


def flip_axis(width: float, height: float, duplex: Duplex) -> Axis | None:
    """The page axis that turning the sheet mirrors; None where no turn is assumed:
    the backs left at their faces' own places (Duplex.NONE, for a print shop or a
    program that places them itself) or printed beside their faces (Duplex.FOLD)."""
    if duplex in (Duplex.NONE, Duplex.FOLD):
        return None
    about_long = duplex is Duplex.LONG
    return Axis.X if about_long != is_landscape(width, height) else Axis.Y


def backs_half_turned(width: float, height: float, duplex: Duplex) -> bool:
    """Whether a piece's back is drawn turned half round in its cell, so that it reads
    upright when the cut piece is turned over about a vertical line (like a book page):
    where the sheet's turn mirrors y, a short-edge turn of a portrait page or a
    long-edge turn of a landscape one."""
    return flip_axis(width, height, duplex) is Axis.Y


def page_offset(width: float, height: float, offset: tuple[float, float]) -> tuple[float, float]:
    """A back offset measured on portrait paper, in this page's directions."""
    if is_landscape(width, height):
        return -offset[1], offset[0]
    return offset


def back_position(sheet: Paper, x: float, y: float, w: float, h: float, duplex: Duplex,
                  offset: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """Where the back of a w x h box whose front is at (x, y) goes on the back page,
    so that it lies behind its front after the turn, moved by the back offset."""
    axis = flip_axis(sheet.width, sheet.height, duplex)
    if axis is Axis.X:
        x = sheet.width - x - w
    elif axis is Axis.Y:
        y = sheet.height - y - h
    dx, dy = page_offset(sheet.width, sheet.height, offset)
    return x + dx, y + dy


def spread_cells(paper: Paper, page_w: float, page_h: float) -> Grid:
    """The booklet's spread cells (two page_w x page_h pages side by side) on the paper:
    as many as fit inside the printer margin, in the better orientation."""
    grid = densest_grid(paper, 2 * page_w, page_h)
    if grid is None:
        raise FitError(f"a spread of two {mm(page_w):.1f} x {mm(page_h):.1f} mm pages does not fit on "
                       f"{paper.name} paper inside its {mm(paper.margin):g} mm printer margin; "
                       f"choose a smaller page or a larger paper")
    return grid


def share_of_paper(paper: Paper, spreads: int) -> tuple[float, float]:
    """The page size whose spreads, `spreads` stacked in one column, fill the paper inside
    the printer margin and a band for the marks: one spread across a landscape sheet
    (folded once, about A5 from A4), two on a portrait sheet (about A6 from A4)."""
    portrait = paper if paper.height >= paper.width else paper.landscape()
    sheet = portrait.landscape() if spreads == 1 else portrait
    band = paper.marks.gap + paper.marks.length
    room_w, room_h = room(sheet)
    return (room_w - 2 * band) / 2, (room_h - 2 * band) / spreads


def check_grid_back_offset(grid: Grid, offset: tuple[float, float]) -> None:
    """FitError for a back offset beyond what the calibration sheet reads (a real
    misregistration is a few millimetres; more is a typing slip, e.g. 50mm), or one
    that would move the backs of the grid's cells off the paper."""
    if offset == (0.0, 0.0):
        return
    sheet = grid.paper
    dx, dy = page_offset(sheet.width, sheet.height, offset)
    on_paper = (abs(dx) <= (sheet.width - grid.cols * grid.card_w) / 2 + 1e-6 and
                abs(dy) <= (sheet.height - grid.rows * grid.card_h) / 2 + 1e-6)
    if max(abs(offset[0]), abs(offset[1])) > pt(CALIBRATION_RANGE_MM) + 1e-6 or not on_paper:
        raise FitError(f"--back-offset: expected at most {CALIBRATION_RANGE_MM} mm each way (what "
                       f"'printgen calibrate' reads) that keeps the backs on the paper, got "
                       f"{mm(offset[0]):g}mm,{mm(offset[1]):g}mm")


def padded_count(count: int, *, back_cover: bool = False) -> int:
    """Pages in a booklet of `count` pages: every folded piece holds four, so the count
    is rounded up to a multiple of 4 (the blank pages at the end); with back_cover, past
    one more page, so that the last, the booklet's outside back cover, is left blank."""
    return -(-(count + back_cover) // 4) * 4


@frozen
class BookletSlot:
    """Where a booklet page is printed: on printed sheet `sheet` (0 first), its back side
    or its front, in spread cell `cell`, the spread's right half or its left as the spread
    is read (a back as seen once its cut piece is turned over about the spine); `nest` is
    the cut piece's place in the folded booklet, 0 the outermost."""

    sheet: int
    back: bool
    cell: int
    right: bool
    nest: int


def booklet_sheets(count: int, cells: int) -> int:
    """The sheets a booklet of `count` pages (a multiple of 4) needs at `cells` spreads a side."""
    return -(-(count // 4) // cells)


def booklet_plan(count: int, cells: int) -> list[BookletSlot]:
    """Where each page goes, page 1 first, in a booklet of `count` pages (a multiple of
    4) printed `cells` spreads a side, cut, stacked and folded as the module docstring
    says. The pieces (count / 4) fill the cells' piles in turn, `sheets` a pile: cell c's
    pile holds the pieces nested c * sheets to (c + 1) * sheets - 1, and the cells past
    the last piece stay empty (blank pieces, put aside). Piece k carries pages count - 2k
    and 2k + 1 on its front (left, right), 2k + 2 and count - 2k - 1 on its back."""
    if count % 4:
        raise ValueError(f"a booklet of {count} pages does not fill pieces of 4 pages")
    sheets = booklet_sheets(count, cells)
    where: dict[int, BookletSlot] = {}
    for nest in range(count // 4):
        cell, sheet = divmod(nest, sheets)
        for back, left, right in ((False, count - 2 * nest, 2 * nest + 1),
                                  (True, 2 * nest + 2, count - 2 * nest - 1)):
            where[left] = BookletSlot(sheet, back, cell, False, nest)
            where[right] = BookletSlot(sheet, back, cell, True, nest)
    return [where[page] for page in range(1, count + 1)]
