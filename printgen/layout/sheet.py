"""Imposition: card sides placed on pages, crop marks, and duplex backs.

Cards are butted in a grid centred on the page (3 x 3 poker cards on A4 or Letter,
portrait). Crop marks extend every trim line outward from the block, starting a
small gap from the cards and stopping at the printer margin. Each front page is
followed by its back page, every back placed behind its face by the physical
duplex model of layout/impose.py (which mirrors columns or rows depending on the
flip and the page's orientation), then moved by the back offset.
"""

from __future__ import annotations

from printgen.errors import FitError
from printgen.layout.deck import DeckLayout
from printgen.layout.impose import Grid, back_position, centred_grid, choose_orientation, largest_grid, trim_marks
from printgen.layout.page import Page, PageKind, Placed
from printgen.layout.primitives import Primitive
from printgen.model import CardSize, Duplex, Paper
from printgen.spec.printdata import print_facts
from printgen.units import mm


def grid_for(paper: Paper, size: CardSize) -> Grid:
    """The largest butted grid that fits inside the printer margin; portrait
    unless landscape holds more cards."""
    def score(sheet: Paper) -> tuple[float, tuple[int, int]] | None:
        cols, rows = largest_grid(sheet, size.width, size.height)
        return (cols * rows, (cols, rows)) if cols * rows else None

    chosen = choose_orientation(paper, score)
    if chosen is None:
        raise FitError(f"a {size} card does not fit on {paper.name} paper "
                       f"({mm(paper.width):g} x {mm(paper.height):g} mm with a "
                       f"{mm(paper.margin):g} mm printer margin); choose a larger paper or card size")
    sheet, (cols, rows) = chosen
    return centred_grid(sheet, cols, rows, size.width, size.height)


def crop_marks(grid: Grid, cells: list[tuple[float, float]]) -> tuple[Primitive, ...]:
    """Marks on every trim line of the placed cards, outside them, inside the margin."""
    xs = sorted({round(x, 4) for cx, _ in cells for x in (cx, cx + grid.card_w)})
    ys = sorted({round(y, 4) for _, cy in cells for y in (cy, cy + grid.card_h)})
    return trim_marks(grid.paper, xs, ys, (xs[0], ys[0], xs[-1], ys[-1]), width=print_facts().mark_width)


def impose(layout: DeckLayout, *, paper: Paper, duplex: Duplex,
           back_offset: tuple[float, float] = (0.0, 0.0)) -> list[Page]:
    """Front pages of faces, each followed by the page of their backs."""
    grid = grid_for(paper, layout.deck.size)
    pages: list[Page] = []
    count = len(layout.faces)
    for start in range(0, count, grid.per_page):
        indices = range(start, min(start + grid.per_page, count))
        cells = [grid.cell(i - start) for i in indices]
        fronts = tuple(Placed(layout.faces[i], x, y) for i, (x, y) in zip(indices, cells))
        pages.append(Page(grid.paper.width, grid.paper.height, fronts, crop_marks(grid, cells)))
        backs = tuple(Placed(layout.back_for(i), *back_position(grid.paper, x, y, grid.card_w, grid.card_h,
                                                                duplex, back_offset))
                      for i, (x, y) in zip(indices, cells))
        pages.append(Page(grid.paper.width, grid.paper.height, backs, kind=PageKind.BACK))
    return pages
