"""Imposition: card sides placed on pages, crop marks, and duplex backs.

Cards are butted in a grid centred on the page (3 x 3 poker cards on A4 or Letter,
portrait). Crop marks extend every trim line outward from the block, starting a
small gap from the cards and stopping at the printer margin. Each front page is
followed by its back page; for a long-edge flip the backs' columns are mirrored,
for a short-edge flip their rows, and the back offset then moves them all.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.errors import FitError
from printgen.layout.deck import DeckLayout
from printgen.layout.page import Page, PageKind, Placed
from printgen.layout.primitives import Primitive, line
from printgen.model import CardSize, Duplex, Paper
from printgen.spec.printdata import print_facts
from printgen.units import mm


@dataclass(frozen=True)
class Grid:
    paper: Paper
    cols: int
    rows: int
    x0: float
    y0: float
    card_w: float
    card_h: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def cell(self, slot: int) -> tuple[float, float]:
        row, col = divmod(slot, self.cols)
        return self.x0 + col * self.card_w, self.y0 + row * self.card_h


def grid_for(paper: Paper, size: CardSize) -> Grid:
    """The largest butted grid that fits inside the printer margin; portrait
    unless landscape holds more cards."""
    best: Grid | None = None
    for sheet in (paper, paper.landscape()):
        cols = math.floor((sheet.width - 2 * sheet.margin + 1e-6) / size.width)
        rows = math.floor((sheet.height - 2 * sheet.margin + 1e-6) / size.height)
        if cols * rows and (best is None or cols * rows > best.per_page):
            best = Grid(sheet, cols, rows, (sheet.width - cols * size.width) / 2,
                        (sheet.height - rows * size.height) / 2, size.width, size.height)
    if best is None:
        raise FitError(f"a {size} card does not fit on {paper.name} paper "
                       f"({mm(paper.width):g} x {mm(paper.height):g} mm with a "
                       f"{mm(paper.margin):g} mm printer margin); choose a larger paper or card size")
    return best


def crop_marks(grid: Grid, cells: list[tuple[float, float]]) -> tuple[Primitive, ...]:
    """Marks on every trim line of the placed cards, outside them, inside the margin."""
    facts = print_facts()
    paper, gap, longest, width = grid.paper, facts.mark_gap, facts.mark_length, facts.mark_width
    xs = sorted({round(x, 4) for cx, _ in cells for x in (cx, cx + grid.card_w)})
    ys = sorted({round(y, 4) for _, cy in cells for y in (cy, cy + grid.card_h)})
    top, bottom, left, right = ys[0], ys[-1], xs[0], xs[-1]
    marks: list[Primitive] = []
    for x in xs:
        for start, end in ((top - gap, max(paper.margin, top - gap - longest)),
                           (bottom + gap, min(paper.height - paper.margin, bottom + gap + longest))):
            if abs(end - start) > 0.1:
                marks.append(line(x, start, x, end, width=width))
    for y in ys:
        for start, end in ((left - gap, max(paper.margin, left - gap - longest)),
                           (right + gap, min(paper.width - paper.margin, right + gap + longest))):
            if abs(end - start) > 0.1:
                marks.append(line(start, y, end, y, width=width))
    return tuple(marks)


def back_position(grid: Grid, x: float, y: float, duplex: Duplex,
                  offset: tuple[float, float]) -> tuple[float, float]:
    """Where the back of a card placed at (x, y) goes on the back page."""
    if duplex is Duplex.LONG:
        x = grid.paper.width - x - grid.card_w
    elif duplex is Duplex.SHORT:
        y = grid.paper.height - y - grid.card_h
    return x + offset[0], y + offset[1]


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
        backs = tuple(Placed(layout.back_for(i), *back_position(grid, x, y, duplex, back_offset))
                      for i, (x, y) in zip(indices, cells))
        pages.append(Page(grid.paper.width, grid.paper.height, backs, kind=PageKind.BACK))
    return pages
