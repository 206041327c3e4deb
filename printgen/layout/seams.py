"""Where a board's seams go: clear of its pieces (spaces, labels, tokens) where the
paper allows.

A board split into tiles is cut along the middle of each overlap band. This module
picks the tile starts along one axis so that every cut line keeps CLEARANCE away from
every piece, trying the fewest tiles first and up to two more; if none works, the
tiles are of equal size as before. The pieces are read from the drawing: every space
(an ellipse, a dashed rectangle), every closed polygon and every text run smaller than
half the board. Backgrounds, the wall and the movement lines may be cut.
"""

from __future__ import annotations

from printgen.layout.page import Side
from printgen.layout.primitives import Ellipse, Polygon, Rect, TextRun
from printgen.shaping import font
from printgen.units import pt

Box = tuple[float, float, float, float]          # x0, y0, x1, y1 in board points
CLEARANCE = pt(1.5)
STEP = pt(0.5)
MORE_TILES = 2


def board_pieces(side: Side) -> tuple[Box, ...]:
    """The boxes of the drawing's pieces that a seam should not cross."""
    w, h = side.frame.width, side.frame.height
    boxes: list[Box] = []
    for prim in side.prims:
        box = _box(prim)
        if box is not None and box[2] - box[0] < w / 2 and box[3] - box[1] < h / 2:
            boxes.append(box)
    return tuple(boxes)


def _box(prim: object) -> Box | None:
    if isinstance(prim, Ellipse):
        return (prim.cx - prim.rx, prim.cy - prim.ry, prim.cx + prim.rx, prim.cy + prim.ry)
    if isinstance(prim, Rect) and (prim.dash or prim.stroke is None):
        return (prim.x, prim.y, prim.x + prim.w, prim.y + prim.h)
    if isinstance(prim, Polygon) and prim.closed and len(prim.points) > 2:
        xs, ys = [p[0] for p in prim.points], [p[1] for p in prim.points]
        return (min(xs), min(ys), max(xs), max(ys))
    if isinstance(prim, TextRun) and prim.rotate == 0:
        return (prim.x, prim.y - prim.size * 0.8, prim.x + font(prim.font).width(prim.text, prim.size),
                prim.y + prim.size * 0.25)
    return None


def seam_starts(length: float, room: float, overlap: float, count: int,
                pieces: list[tuple[float, float]]) -> tuple[list[float], bool]:
    """Tile starts along one axis (the first is 0): each tile at most `room` long,
    neighbours sharing `overlap`, every cut line (a start + overlap / 2) clear of the
    pieces' spans; and whether they are clear. Equal tiles of the fewest count if no
    placement is clear."""
    for tiles in range(count, count + MORE_TILES + 1):
        starts = _place(length, room, overlap, tiles, pieces, [0.0])
        if starts is not None:
            return starts, True
    step = (length - overlap) / count if count > 1 else length
    return [i * step for i in range(count)], False


def _place(length: float, room: float, overlap: float, tiles: int,
           pieces: list[tuple[float, float]], starts: list[float]) -> list[float] | None:
    """Depth first, clearest cut first: the remaining starts, or None."""
    left = tiles - len(starts)
    if left == 0:
        return starts if length - starts[-1] <= room + 1e-6 else None
    low = max(starts[-1] + STEP, length - overlap - left * (room - overlap))
    high = min(starts[-1] + room - overlap, length - overlap - STEP)
    if low > high + 1e-6:
        return None
    candidates = [low + i * STEP for i in range(int((high - low) / STEP) + 1)]
    scored = sorted(((_clearance(c + overlap / 2, pieces), c) for c in candidates), reverse=True)
    for clear, start in scored:
        if clear < CLEARANCE:
            break
        found = _place(length, room, overlap, tiles, pieces, starts + [start])
        if found is not None:
            return found
    return None


def _clearance(cut: float, pieces: list[tuple[float, float]]) -> float:
    """Distance from the cut line to the nearest piece span; negative inside one."""
    return min((max(a - cut, cut - b) for a, b in pieces), default=float("inf"))
