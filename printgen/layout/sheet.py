"""Card sheets: a deck's sides placed on pages with crop marks and their duplex backs.

Cards are butted in a grid centred on the page (3 x 3 poker cards on A4 or Letter,
portrait). Crop marks extend every trim line outward from the block, starting a
small gap from the cards and stopping at the printer margin. Each front page is
followed by its back page, every back placed behind its face by the physical
duplex model of layout/impose.py (which mirrors columns or rows depending on the
flip and the page's orientation), then moved by the back offset.
"""

from __future__ import annotations

from collections.abc import Iterator

from printgen.errors import FitError
from printgen.layout.deck import DeckLayout
from printgen.layout.impose import (
    FOLD_DASH,
    Grid,
    back_position,
    check_grid_back_offset,
    choose_orientation,
    densest_grid,
    fit_count,
    room,
    trim_marks,
)
from printgen.layout.page import Page, Placed
from printgen.layout.primitives import Primitive, line
from printgen.model import CardSize, Duplex, Paper
from printgen.units import mm


def grid_for(paper: Paper, size: CardSize) -> Grid:
    """The largest butted grid that fits inside the printer margin; portrait
    unless landscape holds more cards."""
    grid = densest_grid(paper, size.width, size.height)
    if grid is None:
        raise FitError(f"a {size} card does not fit on {paper.name} paper "
                       f"({mm(paper.width):g} x {mm(paper.height):g} mm with a "
                       f"{mm(paper.margin):g} mm printer margin); choose a larger paper or card size")
    return grid


def check_back_offset(paper: Paper, size: CardSize, offset: tuple[float, float], duplex: Duplex) -> None:
    """FitError for a back offset beyond what the calibration sheet reads (a real
    misregistration is a few millimetres; more is a typing slip, e.g. 50mm), or one
    that would move the backs off the paper."""
    if duplex is not Duplex.FOLD:
        check_grid_back_offset(grid_for(paper, size), offset)


def crop_marks(grid: Grid, cells: list[tuple[float, float]]) -> tuple[Primitive, ...]:
    """Marks on every trim line of the placed cards, outside them, inside the margin."""
    xs = sorted({round(x, 4) for cx, _ in cells for x in (cx, cx + grid.card_w)})
    ys = sorted({round(y, 4) for _, cy in cells for y in (cy, cy + grid.card_h)})
    return trim_marks(grid.paper, xs, ys, (xs[0], ys[0], xs[-1], ys[-1]), width=grid.paper.marks.width)


def impose(layout: DeckLayout, *, paper: Paper, duplex: Duplex,
           back_offset: tuple[float, float] = (0.0, 0.0)) -> Iterator[Page]:
    """Front pages of faces, each followed by the page of their backs (or, for
    Duplex.FOLD, fold-over pages)."""
    if duplex is Duplex.FOLD:
        yield from impose_fold_over(layout, paper=paper)
        return
    grid = grid_for(paper, layout.deck.size)
    count = len(layout.faces)
    for start in range(0, count, grid.per_page):
        indices = range(start, min(start + grid.per_page, count))
        cells = [grid.cell(i - start) for i in indices]
        fronts = tuple(Placed(layout.faces[i], x, y) for i, (x, y) in zip(indices, cells))
        yield Page(grid.paper.width, grid.paper.height, fronts, crop_marks(grid, cells))
        backs = tuple(Placed(layout.back_for(i), *back_position(grid.paper, x, y, grid.card_w, grid.card_h,
                                                                duplex, back_offset))
                      for i, (x, y) in zip(indices, cells))
        yield Page(grid.paper.width, grid.paper.height, backs)


def fold_over_grid(paper: Paper, size: CardSize) -> tuple[Grid, float]:
    """The grid of faces for fold-over sheets (the half of the sheet left of the fold,
    its right edge GUTTER/2 from it) and the fold's x: the orientation holding the
    most cards."""
    gutter = paper.marks.gutter

    def score(sheet: Paper) -> tuple[float, tuple[int, int]] | None:
        room_w, room_h = room(sheet)
        cols, rows = fit_count((room_w - gutter) / 2, size.width), fit_count(room_h, size.height)
        return (cols * rows, (cols, rows)) if cols * rows else None

    chosen = choose_orientation(paper, score)
    if chosen is None:
        raise FitError(f"a {size} card and its back side by side do not fit on {paper.name} paper "
                       f"with a {mm(gutter):g} mm fold gutter inside the {mm(paper.margin):g} mm "
                       f"printer margin; use --duplex long or short, or a larger paper")
    sheet, (cols, rows) = chosen
    fold = sheet.width / 2
    y0 = (sheet.height - rows * size.height) / 2
    return Grid(sheet, cols, rows, fold - gutter / 2 - cols * size.width, y0, size.width, size.height), fold


def impose_fold_over(layout: DeckLayout, *, paper: Paper) -> Iterator[Page]:
    """One-sided pages: faces left of a vertical fold line, each card's back mirrored
    across it on the right, so that folding the sheet along the line (backs behind)
    puts every back behind its face with no printer misregistration. Crop marks on
    the outer edges, the fold line dashed through the gutter."""
    grid, fold = fold_over_grid(paper, layout.deck.size)
    count = len(layout.faces)
    for start in range(0, count, grid.per_page):
        indices = range(start, min(start + grid.per_page, count))
        cells = [grid.cell(i - start) for i in indices]
        placed = [Placed(layout.faces[i], x, y) for i, (x, y) in zip(indices, cells)]
        mirrored = [(2 * fold - x - grid.card_w, y) for x, y in cells]
        placed += [Placed(layout.back_for(i), x, y) for i, (x, y) in zip(indices, mirrored)]
        marks = crop_marks(grid, cells + mirrored) + fold_line(grid, cells, fold)
        yield Page(grid.paper.width, grid.paper.height, tuple(placed), marks)


def fold_line(grid: Grid, cells: list[tuple[float, float]], fold: float) -> tuple[Primitive, ...]:
    """The dashed fold line: through the gutter between the cards, and as marks in the
    margin above and below them."""
    top = min(y for _, y in cells)
    bottom = max(y for _, y in cells) + grid.card_h
    width = grid.paper.marks.width
    inside = line(fold, top, fold, bottom, width=width, dash=FOLD_DASH)
    return (inside, *trim_marks(grid.paper, [fold], [], (fold, top, fold, bottom), width=width,
                                dashed_xs=[fold]))
