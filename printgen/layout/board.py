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
from itertools import pairwise

from printgen.errors import FitError
from printgen.frozen import frozen
from printgen.layout.impose import choose_orientation, room
from printgen.layout.page import Clip, Frame, Page, Placed, Side
from printgen.layout.primitives import Ellipse, Primitive, Rect, line, shift
from printgen.layout.seams import Box, board_pieces, seam_starts
from printgen.layout.text import TextStyle, set_text
from printgen.model import Paper
from printgen.shaping import font
from printgen.units import mm, pt

MARK_COLOR = "#d4007a"
MARK_RADIUS = pt(2.5)
MARK_ARM = pt(4.5)
GUIDE_DASH = (2.0, 2.0)


@frozen
class Tile:
    """One sheet's part of the board, in board coordinates."""

    col: int
    row: int
    x: float
    y: float
    w: float
    h: float


@frozen
class Split:
    paper: Paper             # turned to the orientation that needs fewer sheets
    cols: int
    rows: int
    tiles: tuple[Tile, ...]
    marks: tuple[tuple[float, float], ...]     # centres of the alignment marks, board coordinates


def _count(length: float, room: float, overlap: float) -> int:
    return max(1, math.ceil((length - overlap - 1e-6) / (room - overlap)))


def split_board(width: float, height: float, paper: Paper, overlap: float,
                pieces: tuple[Box, ...] = ()) -> Split:
    """Tiles covering the board, their seams placed clear of the pieces where they can
    be (see seams.py); portrait or landscape: clear seams first, then fewer sheets."""
    def score(sheet: Paper) -> tuple[float, tuple[list[float], list[float]]] | None:
        room_w, room_h = room(sheet)
        if room_w <= overlap or room_h <= overlap:
            return None
        xs, x_clear = seam_starts(width, room_w, overlap, _count(width, room_w, overlap),
                                  [(b[0], b[2]) for b in pieces])
        ys, y_clear = seam_starts(height, room_h, overlap, _count(height, room_h, overlap),
                                  [(b[1], b[3]) for b in pieces])
        return -(len(xs) * len(ys) + (0 if x_clear and y_clear else 1_000_000)), (xs, ys)

    chosen = choose_orientation(paper, score)
    if chosen is None:
        raise FitError(f"an overlap of {mm(overlap):g} mm leaves no room on {paper.name} paper")
    sheet, (xs, ys) = chosen
    return _tiles(width, height, sheet, xs, ys, overlap)


def _tiles(width: float, height: float, sheet: Paper, xs: list[float], ys: list[float],
           overlap: float) -> Split:
    """Tiles starting at xs (columns) and ys (rows); each reaches the next start plus
    the overlap, the last the board's edge. Marks sit on the seams' middle lines."""
    ws = [b + overlap - a for a, b in pairwise(xs)] + [width - xs[-1]]
    hs = [b + overlap - a for a, b in pairwise(ys)] + [height - ys[-1]]
    tiles = tuple(Tile(c, r, xs[c], ys[r], ws[c], hs[r]) for r in range(len(ys)) for c in range(len(xs)))
    marks = [(xs[c] + overlap / 2, ys[r] + hs[r] / 2) for c in range(1, len(xs)) for r in range(len(ys))]
    marks += [(xs[c] + ws[c] / 2, ys[r] + overlap / 2) for r in range(1, len(ys)) for c in range(len(xs))]
    return Split(sheet, len(xs), len(ys), tiles, tuple(marks))


def alignment_mark(x: float, y: float) -> tuple[Primitive, ...]:
    return (Ellipse(x, y, MARK_RADIUS, MARK_RADIUS, stroke=MARK_COLOR, width=0.6),
            line(x - MARK_ARM, y, x + MARK_ARM, y, stroke=MARK_COLOR, width=0.6),
            line(x, y - MARK_ARM, x, y + MARK_ARM, stroke=MARK_COLOR, width=0.6))


def board_split(side: Side, paper: Paper, overlap: float) -> Split:
    """How the board drawn on `side` is split across sheets of `paper`."""
    return split_board(side.frame.width, side.frame.height, paper, overlap, board_pieces(side))


def board_pages(side: Side, paper: Paper, overlap: float, title: str) -> list[Page]:
    """One page per tile, the tile's corner at the printer margin."""
    pieces = board_pieces(side)
    split = split_board(side.frame.width, side.frame.height, paper, overlap, pieces)
    marks = [prim for x, y in split.marks for prim in alignment_mark(x, y)]
    drawing = (*side.prims, *marks)
    sheet, pages = split.paper, []
    for number, tile in enumerate(split.tiles, start=1):
        prims = tuple(shift(prim, -tile.x, -tile.y) for prim in drawing)
        piece = Side(f"{side.name}-{number}", f"{side.label} sheet {number}",
                     Frame(tile.w, tile.h, 0.0, 0.0), prims)
        x0 = y0 = sheet.margin
        extra = list(_guides(tile, split, overlap, x0, y0))
        label = f"{title}: sheet {number} of {len(split.tiles)}"
        extra += sheet_label(label, tile, pieces, x0, y0, sheet.height - sheet.margin - y0 - tile.h,
                             visible_part(tile, split, overlap))
        pages.append(Page(sheet.width, sheet.height, (Placed(piece, x0, y0, clip=Clip.TRIM),),
                          tuple(extra)))
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


LABEL_SIZE = 6.5      # points: a sheet's label, the smallest type a player is asked to read


def _label(text: str, right: float, bottom: float) -> list[Primitive]:
    style = TextStyle(font="sans", size=LABEL_SIZE, color="#444444", align="right", valign="bottom", wrap=False)
    w, h = pt(120), pt(3.5)
    runs = set_text(text, right - w - pt(1), bottom - h - pt(1), w, h, style, f"sheet label {text!r}")
    left = min(run.x for run in runs) - pt(1)
    return [Rect(left, bottom - h - pt(1.5), right - left, h + pt(1), fill="#ffffff"), *runs]


def sheet_label(text: str, tile: Tile, pieces: tuple[Box, ...], x0: float, y0: float,
                below: float, visible: Box) -> list[Primitive]:
    """The sheet's label under the tile where the page has `below` points to spare, else
    in the first corner of the tile (bottom right, bottom left, top right, top left)
    where its visible part (what the next sheets do not cover) meets no piece of the
    board; bottom right if none is free."""
    width = font("sans").width(text, LABEL_SIZE) + pt(2)
    height = pt(4.5)
    if below >= height + pt(1):
        return _label(text, x0 + tile.w, y0 + tile.h + height + pt(1))
    for right, bottom in ((tile.w, tile.h), (width, tile.h), (tile.w, height), (width, height)):
        box = (max(tile.x + right - width, visible[0]), max(tile.y + bottom - height, visible[1]),
               min(tile.x + right, visible[2]), min(tile.y + bottom, visible[3]))
        if box[0] >= box[2] or box[1] >= box[3] or not any(_meets(box, piece) for piece in pieces):
            return _label(text, x0 + right, y0 + bottom)
    return _label(text, x0 + tile.w, y0 + tile.h)


def visible_part(tile: Tile, split: Split, overlap: float) -> Box:
    """The part of a tile left in view once the sheets are laid: the next sheet to the
    right and the one below cover its bands beyond their cut lines."""
    right = tile.x + tile.w - (overlap / 2 if tile.col < split.cols - 1 else 0.0)
    bottom = tile.y + tile.h - (overlap / 2 if tile.row < split.rows - 1 else 0.0)
    return (tile.x, tile.y, right, bottom)


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
