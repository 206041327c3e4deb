"""Boards larger than the paper: split into overlapping sheets with alignment marks.

The board is laid out once, in its own frame (origin top-left, points). It is cut
into a grid of tiles that each fit the printable area of the sheet; neighbouring
tiles share an overlap band. Alignment marks (magenta crosshairs) sit in the middle
of every overlap band, so they print on both sheets at the same board position; a
dashed cut guide through them shows where to trim the later sheet before laying it
over its neighbour.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.errors import FitError
from printgen.layout.impose import choose_orientation, room
from printgen.layout.page import Clip, Frame, Page, PageKind, Placed, Side
from printgen.layout.primitives import Ellipse, Primitive, Rect, line, shift
from printgen.layout.text import TextStyle, set_text
from printgen.model import Paper
from printgen.units import mm, pt

MARK_COLOR = "#d4007a"
MARK_RADIUS = pt(2.5)
MARK_ARM = pt(4.5)
GUIDE_DASH = (2.0, 2.0)


@dataclass(frozen=True)
class Tile:
    """One sheet's part of the board, in board coordinates."""

    col: int
    row: int
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Split:
    paper: Paper             # turned to the orientation that needs fewer sheets
    cols: int
    rows: int
    tiles: tuple[Tile, ...]
    marks: tuple[tuple[float, float], ...]     # centres of the alignment marks, board coordinates


def _count(length: float, room: float, overlap: float) -> int:
    return max(1, math.ceil((length - overlap - 1e-6) / (room - overlap)))


def split_board(width: float, height: float, paper: Paper, overlap: float) -> Split:
    """Tiles of equal size covering the board; portrait or landscape, whichever needs fewer."""
    def score(sheet: Paper) -> tuple[float, tuple[int, int]] | None:
        room_w, room_h = room(sheet)
        if room_w <= overlap or room_h <= overlap:
            return None
        cols, rows = _count(width, room_w, overlap), _count(height, room_h, overlap)
        return -cols * rows, (cols, rows)

    chosen = choose_orientation(paper, score)
    if chosen is None:
        raise FitError(f"an overlap of {mm(overlap):g} mm leaves no room on {paper.name} paper")
    sheet, (cols, rows) = chosen
    return _tiles(width, height, sheet, cols, rows, overlap)


def _tiles(width: float, height: float, sheet: Paper, cols: int, rows: int, overlap: float) -> Split:
    step_x = (width - overlap) / cols if cols > 1 else width
    step_y = (height - overlap) / rows if rows > 1 else height
    tile_w = step_x + overlap if cols > 1 else width
    tile_h = step_y + overlap if rows > 1 else height
    tiles = tuple(Tile(c, r, c * step_x, r * step_y, tile_w, tile_h) for r in range(rows) for c in range(cols))
    marks = [(c * step_x + overlap / 2, r * step_y + tile_h / 2) for c in range(1, cols) for r in range(rows)]
    marks += [(c * step_x + tile_w / 2, r * step_y + overlap / 2) for r in range(1, rows) for c in range(cols)]
    return Split(sheet, cols, rows, tiles, tuple(marks))


def alignment_mark(x: float, y: float) -> tuple[Primitive, ...]:
    return (Ellipse(x, y, MARK_RADIUS, MARK_RADIUS, stroke=MARK_COLOR, width=0.6),
            line(x - MARK_ARM, y, x + MARK_ARM, y, stroke=MARK_COLOR, width=0.6),
            line(x, y - MARK_ARM, x, y + MARK_ARM, stroke=MARK_COLOR, width=0.6))


def board_pages(side: Side, paper: Paper, overlap: float, title: str) -> list[Page]:
    """One page per tile, the tile's corner at the printer margin."""
    split = split_board(side.frame.width, side.frame.height, paper, overlap)
    marks = [prim for x, y in split.marks for prim in alignment_mark(x, y)]
    drawing = (*side.prims, *marks)
    sheet, pages = split.paper, []
    for number, tile in enumerate(split.tiles, start=1):
        prims = tuple(shift(prim, -tile.x, -tile.y) for prim in drawing)
        piece = Side(f"{side.name}-{number}", f"{side.label} sheet {number}",
                     Frame(tile.w, tile.h, 0.0, 0.0), prims)
        x0 = y0 = sheet.margin
        extra = list(_guides(tile, split, overlap, x0, y0))
        label = f"{title}: sheet {number} of {len(split.tiles)} (row {tile.row + 1}, column {tile.col + 1})"
        extra += _label(label, x0 + tile.w, y0 + tile.h)
        pages.append(Page(sheet.width, sheet.height, (Placed(piece, x0, y0, clip=Clip.TRIM),),
                          tuple(extra), kind=PageKind.OTHER))
    return pages


def _guides(tile: Tile, split: Split, overlap: float, x0: float, y0: float) -> tuple[Primitive, ...]:
    """Dashed cut guides through the marks on the sheet's left and top overlap bands."""
    guides: list[Primitive] = []
    if tile.col > 0:
        x = x0 + overlap / 2
        guides.append(line(x, y0, x, y0 + tile.h, stroke=MARK_COLOR, width=0.4, dash=GUIDE_DASH))
    if tile.row > 0:
        y = y0 + overlap / 2
        guides.append(line(x0, y, x0 + tile.w, y, stroke=MARK_COLOR, width=0.4, dash=GUIDE_DASH))
    return tuple(guides)


def _label(text: str, right: float, bottom: float) -> list[Primitive]:
    style = TextStyle(font="sans", size=6.0, color="#444444", align="right", valign="bottom", wrap=False)
    w, h = pt(120), pt(3.5)
    runs = set_text(text, right - w - pt(1), bottom - h - pt(1), w, h, style, f"sheet label {text!r}")
    left = min(run.x for run in runs) - pt(1)
    return [Rect(left, bottom - h - pt(1.5), right - left, h + pt(1), fill="#ffffff"), *runs]
