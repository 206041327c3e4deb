"""A leaflet's sheet: its panels imposed so that the folded leaflet reads in order
(layout/leaflet.py reads it).

The leaflet is an accordion. A sheet holds two rows of panels. Printed on one side,
the top row is read first, left to right; the bottom row is printed upside down and
in reverse, so that folding the sheet in half along its middle (bottom row behind)
puts it, upright and in order, on the back of the strip. Printed on both sides
(duplex), the sheet is cut along its middle into two strips, each read on its front
and then, turned over like a page, on its back; where each back panel is printed
follows the physical duplex model (layout/impose.py), so the strips read in order
for a long-edge and a short-edge flip, on portrait and landscape sheets alike.
Each strip is then folded zig-zag on the fold marks, its first panel on top.

A right-to-left text (Arabic, Hebrew) is read from the right: its sheet is the mirror
image of a left-to-right one, every panel in the column across from its own, on both
sides, so each strip's front is read right to left from its first panel, at its right
end (on top once folded), and, turned over, its back right to left too.
"""

from __future__ import annotations

from dataclasses import replace

from printgen.errors import FitError
from printgen.frozen import frozen
from printgen.layout.fold import FoldStyle
from printgen.layout.impose import (
    Axis,
    Grid,
    centred_grid,
    choose_orientation,
    flip_axis,
    largest_grid,
    trim_marks,
)
from printgen.layout.page import Clip, Frame, Page, Placed, Side
from printgen.layout.primitives import Primitive, turn
from printgen.model import Duplex, Paper
from printgen.units import mm


@frozen
class Slot:
    """Where panel n goes: page (0 front, 1 back), column, row, and turned upside down."""

    page: int
    col: int
    row: int
    turned: bool


def slots(cols: int, axis: Axis | None, *, duplex: bool, rtl: bool = False) -> list[Slot]:
    """Panel slots in reading order. duplex False: one side, folded in half along
    the middle. duplex True: two strips, each turned over like a page (about its
    short side), whose backs lie where the sheet's turn about axis puts them.
    rtl: read from the right, every slot in the column across the sheet from its own
    (a turn about either axis takes a mirrored sheet's front to its mirrored back)."""
    result: list[Slot] = []
    for strip in range(2 if duplex else 1):
        result += [Slot(0, c, strip, False) for c in range(cols)]
        for j in range(cols):                       # the strip's back, read left to right
            behind = cols - 1 - j                   # the front column it lies behind
            if not duplex:
                result.append(Slot(0, behind, 1, True))
            elif axis is Axis.X:                    # columns mirrored: upright, same row
                result.append(Slot(1, j, strip, False))
            else:                                   # rows mirrored: the other row, upside down
                result.append(Slot(1, behind, 1 - strip, True))
    if rtl:
        result = [replace(slot, col=cols - 1 - slot.col) for slot in result]
    return result


def fold_sheet(paper: Paper, style: FoldStyle) -> tuple[Paper, int]:
    """The orientation holding two rows of panels with the most columns, and that count."""
    def score(sheet: Paper) -> tuple[float, int] | None:
        cols, rows = largest_grid(sheet, style.width, style.height)
        return (cols, cols) if rows >= 2 and cols >= 2 else None

    chosen = choose_orientation(paper, score, landscape_first=True)
    if chosen is None:
        raise FitError(f"two rows of {mm(style.width):g} x {mm(style.height):g} mm panels do not fit "
                       f"on {paper.name} paper inside its printer margin; choose a smaller panel")
    return chosen


def impose_fold(panels: list[tuple[Primitive, ...]], *, paper: Paper, style: FoldStyle,
                duplex: Duplex | None) -> list[Page]:
    """Panels (in reading order) placed in their slots, with crop and fold marks.
    duplex None: printed on one side. A right-to-left style's panels are read from
    the right."""
    sheet, cols = fold_sheet(paper, style)
    pw, ph = style.width, style.height
    grid = centred_grid(sheet, cols, 2, pw, ph)
    axis = None if duplex is None else flip_axis(sheet.width, sheet.height, duplex)
    frame = Frame(pw, ph, 0.0, 0.0)
    placed: list[list[Placed]] = [[], []]
    two_sided = duplex is not None
    for number, (slot, panel) in enumerate(zip(slots(cols, axis, duplex=two_sided, rtl=style.rtl), panels), start=1):
        prims = tuple(turn(p, 2, pw, ph) for p in panel) if slot.turned else panel
        side = Side(f"panel-{number}", f"panel {number}", frame, prims)
        x, y = grid.cell(slot.row * cols + slot.col)
        placed[slot.page].append(Placed(side, x, y, clip=Clip.TRIM))
    marks = fold_marks(grid, cut_middle=two_sided)
    pages = [Page(sheet.width, sheet.height, tuple(placed[0]), marks)]
    if two_sided:
        pages.append(Page(sheet.width, sheet.height, tuple(placed[1]), ()))
    return pages


def fold_marks(grid: Grid, *, cut_middle: bool) -> tuple[Primitive, ...]:
    """Solid crop marks at the outer edges (and the middle when it is cut), dashed
    fold marks on every fold line, all outside the panels and inside the margin."""
    xs = [grid.cell(c)[0] for c in range(grid.cols)] + [grid.x0 + grid.cols * grid.card_w]
    ys = [grid.y0, grid.y0 + grid.card_h, grid.y0 + 2 * grid.card_h]
    return trim_marks(grid.paper, xs, ys, (xs[0], ys[0], xs[-1], ys[-1]), width=grid.paper.marks.width * 2,
                      dashed_xs=xs[1:-1], dashed_ys=() if cut_middle else ys[1:2])
