"""Booklet sheets: a booklet's pages imposed for printing on both sides at home,
cutting, stacking, folding and stapling along the fold (saddle stitch).

The pages, page 1 first and all of one size, are padded with blank pages at the end
until every cut piece holds four (and a rules booklet's last, its outside back cover,
is one of them), and placed where layout/impose.py's booklet_plan
puts them, in the spread cells spread_cells chooses. A back spread lies behind its
front by impose.py's duplex model (back_position): where the sheet's turn mirrors the
page's rows rather than its columns, the back spread is printed half a turn round, so
that it reads upright once its piece is turned over about the spine.

To make it: print both sides; lay the printed sheets fronts up, sheet 1 on top; cut
the stack along the solid marks and put aside the pieces blank on both sides (the last
sheet's cells past the booklet's end); put the pile of cell 2 under the pile of cell 1,
cell 3's under that (cells counted along the rows of the front, top row first); fold
the whole stack in half along the dashed marks, fronts outside, the top piece
outermost, and staple it along the fold. Each side of a sheet says in its margin which
side it is, the turn it was made for and its sheet's number (side_slugs).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from printgen.errors import InputError
from printgen.layout.impose import (
    Axis,
    Grid,
    back_position,
    booklet_plan,
    booklet_sheets,
    check_grid_back_offset,
    flip_axis,
    padded_count,
    spread_cells,
    trim_marks,
)
from printgen.layout.page import Page, Placed, Side, turn_side
from printgen.layout.primitives import Primitive
from printgen.layout.sides import side_slug
from printgen.model import Duplex, Paper
from printgen.model.captions import ENGLISH, Captions


def booklet_pages(pages: Sequence[Side], paper: Paper, *, duplex: Duplex,
                  back_offset: tuple[float, float] = (0.0, 0.0), creep: float = 0.0,
                  rtl: bool = False, back_cover: bool = False) -> list[Page]:
    """The printed sheets in print order, each front followed by its back. A
    right-to-left booklet (rtl) is bound on the right: every spread's two pages change
    halves, page 1 on the left half of the outermost piece's front. With back_cover the
    last page, the outside of the folded booklet's back, is a blank one added
    (impose.padded_count()), whatever the pages' count.

    creep is the paper's thickness. Folded together, every piece wraps round the pieces
    inside it, so the piece nested k deep (0 the outermost) reaches about k * creep
    further out at the fore-edge than the outermost; its pages' drawing is moved by
    k * creep toward the spine (clipped at the page's trim), so that every page's text
    lies the same distance from the fore-edge."""
    if duplex not in (Duplex.LONG, Duplex.SHORT):
        raise InputError(f"--duplex: a booklet is printed on both sides; expected long or short "
                         f"(the edge you turn the sheets about), got {duplex.value}")
    if not pages:
        return []
    frame = pages[0].frame
    grid = spread_cells(paper, frame.width, frame.height)
    check_grid_back_offset(grid, back_offset)
    count = padded_count(len(pages), back_cover=back_cover)
    sides = [*pages, *[Side("blank", "blank page", frame, ())] * (count - len(pages))]
    sheet = grid.paper
    half_turned = flip_axis(sheet.width, sheet.height, duplex) is Axis.Y
    printed: dict[tuple[int, bool], list[Placed]] = {}
    for side, slot in zip(sides, booklet_plan(count, grid.per_page)):
        x, y = grid.cell(slot.cell)
        turned = slot.back and half_turned
        if slot.back:
            x, y = back_position(sheet, x, y, grid.card_w, grid.card_h, duplex, back_offset)
        right = (slot.right != rtl) != turned       # on the sheet, the right half of the cell
        inward = slot.nest * creep * (-1 if right else 1)
        placed = Placed(turn_side(side, 2 if turned else 0, dx=inward), x + frame.width if right else x, y)
        printed.setdefault((slot.sheet, slot.back), []).append(placed)
    marks = spread_marks(grid)
    return [Page(sheet.width, sheet.height, tuple(printed[(k, back)]), () if back else marks)
            for k in range(booklet_sheets(count, grid.per_page)) for back in (False, True)]


def side_slugs(sheets: list[Page], paper: Paper, page_w: float, page_h: float, *, duplex: Duplex,
               back_offset: tuple[float, float] = (0.0, 0.0), title: str = "", words: Captions = ENGLISH,
               font_name: str = "sans") -> list[Page]:
    """The printed sheets (booklet_pages()) with each side's slug in its margin (layout/
    sides.py): the booklet's title, which side it is, the turn it was made for and,
    where there are several, the sheet's number, in words, set in font_name; clear of
    the pages (cut at their trim) and of the marks on every cut and spine."""
    spreads = spread_cells(paper, page_w, page_h)
    pages = replace(spreads, cols=2 * spreads.cols, card_w=page_w)    # the spines cut each spread in two
    count = len(sheets) // 2
    return [replace(page, prims=page.prims + side_slug(pages, duplex, back=n % 2 == 1, offset=back_offset, title=title,
                                                       sheet=(n // 2 + 1, count) if count > 1 else None,
                                                       words=words, font_name=font_name))
            for n, page in enumerate(sheets)]


def spread_marks(grid: Grid) -> tuple[Primitive, ...]:
    """Solid cut marks on every cell edge and a dashed fold mark on every spine, in the
    margin around the cells."""
    xs = [grid.x0 + c * grid.card_w for c in range(grid.cols + 1)]
    ys = [grid.y0 + r * grid.card_h for r in range(grid.rows + 1)]
    spines = [x + grid.card_w / 2 for x in xs[:-1]]
    return trim_marks(grid.paper, xs + spines, ys, (xs[0], ys[0], xs[-1], ys[-1]),
                      width=grid.paper.marks.width * 2, dashed_xs=spines)
