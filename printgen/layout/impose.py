"""Imposition: where drawings go on a sheet of paper, and where their backs land.

Every product places its pieces through this module: the printable area inside
the printer's margin, the choice between portrait and landscape, grids of equal
cells, crop and fold marks, and the physical duplex model.

The duplex model. A sheet printed on both sides is turned over about one of the
paper's edges. Turned about its long edge, a point at page (x, y) of a portrait
page lies behind (width - x, y) on the back page; on a landscape page the paper's
long edge runs across the page, so the same turn mirrors y instead: (x, height - y).
A short-edge turn is the reverse. The back page is read upright after that turn.

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
from dataclasses import dataclass
from typing import TypeVar

from printgen.layout.primitives import Primitive, line
from printgen.limits import whole_limit
from printgen.model import Duplex, Paper

T = TypeVar("T")
FOLD_DASH = (2.0, 1.5)
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


@dataclass(frozen=True)
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


def trim_marks(sheet: Paper, xs: Iterable[float], ys: Iterable[float],
               block: tuple[float, float, float, float], *, width: float,
               dashed_xs: Iterable[float] = (), dashed_ys: Iterable[float] = ()) -> tuple[Primitive, ...]:
    """Marks extending each line x (vertical) and y (horizontal) outward from the
    block (left, top, right, bottom): they start a small gap from it and stop at the
    printer margin. Lines in dashed_xs and dashed_ys are folds, drawn dashed; the
    others are cuts."""
    gap, longest = sheet.marks.gap, sheet.marks.length
    left, top, right, bottom = block
    dashed_x, dashed_y = set(dashed_xs), set(dashed_ys)
    marks: list[Primitive] = []
    for x in xs:
        dash = FOLD_DASH if x in dashed_x else ()
        for start, end in ((top - gap, max(sheet.margin, top - gap - longest)),
                           (bottom + gap, min(sheet.height - sheet.margin, bottom + gap + longest))):
            if abs(end - start) > 0.1:
                marks.append(line(x, start, x, end, width=width, dash=dash))
    for y in ys:
        dash = FOLD_DASH if y in dashed_y else ()
        for start, end in ((left - gap, max(sheet.margin, left - gap - longest)),
                           (right + gap, min(sheet.width - sheet.margin, right + gap + longest))):
            if abs(end - start) > 0.1:
                marks.append(line(start, y, end, y, width=width, dash=dash))
    return tuple(marks)


class Axis(enum.Enum):
    """Which page coordinate a duplex turn mirrors."""

    X = "x"
    Y = "y"


def flip_axis(width: float, height: float, duplex: Duplex) -> Axis | None:
    """The page axis that turning the sheet mirrors; None when the backs are printed
    by feeding the sheet again (no mirroring is assumed) or beside their faces."""
    if duplex in (Duplex.NONE, Duplex.FOLD):
        return None
    about_long = duplex is Duplex.LONG
    return Axis.X if about_long != is_landscape(width, height) else Axis.Y


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
