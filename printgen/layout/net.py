"""Cube nets for printable dice: six face squares in a cross, glue tabs, cut and fold lines.

The net is the usual cross: a row of four squares (left, front, right, back) with
one square above and one below the front. A die's faces are listed 1..6 with
opposite faces summing to 7 (1-6, 2-5, 3-4), like a standard d6:

    . 2 . .
    4 1 3 6
    . 5 . .

Seven glue tabs close the seven open seams; cut lines are solid, folds dashed.
"""

from __future__ import annotations

from itertools import pairwise

from printgen.frozen import frozen
from printgen.layout.primitives import Polygon, Primitive, line

# (face number 1..6, column, row) of each square of the cross.
CROSS: tuple[tuple[int, int, int], ...] = ((2, 1, 0), (4, 0, 1), (1, 1, 1), (3, 2, 1), (6, 3, 1), (5, 1, 2))
# (face number, side) of each edge that carries a glue tab: one edge of every open seam.
TABS: tuple[tuple[int, str], ...] = ((4, "top"), (4, "bottom"), (3, "top"), (3, "bottom"),
                                     (6, "top"), (6, "bottom"), (6, "right"))
SIDES = ("top", "right", "bottom", "left")
CUT_WIDTH = 0.6
FOLD_WIDTH = 0.5
FOLD_DASH = (3.0, 2.0)


@frozen
class Square:
    """One face square of a net, its top-left corner at (x, y) in the net's frame."""

    face: int              # 1..6, the index into the die's faces plus one
    x: float
    y: float


@frozen
class Net:
    """A cube net of a given edge length with glue tabs of a given width (points)."""

    edge: float
    tab: float
    squares: tuple[Square, ...]
    tabs: tuple[tuple[int, str], ...]

    @property
    def width(self) -> float:
        return 4 * self.edge + self.tab

    @property
    def height(self) -> float:
        return 3 * self.edge

    def square(self, face: int) -> Square:
        return next(s for s in self.squares if s.face == face)


def cube_net(edge: float, tab: float) -> Net:
    squares = tuple(Square(face, col * edge, row * edge) for face, col, row in CROSS)
    return Net(edge, tab, squares, TABS)


def edge_points(square: Square, side: str, edge: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two ends of one side of a square, clockwise."""
    x, y = square.x, square.y
    corners = {"top": ((x, y), (x + edge, y)), "right": ((x + edge, y), (x + edge, y + edge)),
               "bottom": ((x + edge, y + edge), (x, y + edge)), "left": ((x, y + edge), (x, y))}
    return corners[side]


def _key(a: tuple[float, float], b: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    return tuple(sorted(((round(a[0], 3), round(a[1], 3)), (round(b[0], 3), round(b[1], 3)))))


def tab_polygon(net: Net, face: int, side: str) -> tuple[tuple[float, float], ...]:
    """The tab on one side: a trapezoid reaching out by net.tab, its ends cut at 45 degrees."""
    (ax, ay), (bx, by) = edge_points(net.square(face), side, net.edge)
    ux, uy = (bx - ax) / net.edge, (by - ay) / net.edge          # along the edge, clockwise
    nx, ny = uy, -ux                                             # outward normal
    t = net.tab
    return ((ax, ay), (ax + ux * t + nx * t, ay + uy * t + ny * t),
            (bx - ux * t + nx * t, by - uy * t + ny * t), (bx, by))


def net_lines(net: Net, x0: float, y0: float) -> tuple[Primitive, ...]:
    """Tab fills, then fold lines (dashed) and cut lines (solid), placed at (x0, y0)."""
    count: dict[tuple, int] = {}
    for square in net.squares:
        for side in SIDES:
            key = _key(*edge_points(square, side, net.edge))
            count[key] = count.get(key, 0) + 1
    tabbed = {_key(*edge_points(net.square(face), side, net.edge)) for face, side in net.tabs}
    prims: list[Primitive] = []
    folds: list[Primitive] = []
    cuts: list[Primitive] = []
    for face, side in net.tabs:
        points = tuple((x + x0, y + y0) for x, y in tab_polygon(net, face, side))
        prims.append(Polygon(points, fill="#e6e6e6"))
        for a, b in pairwise(points):
            cuts.append(line(*a, *b, width=CUT_WIDTH))
    for square in net.squares:
        for side in SIDES:
            (ax, ay), (bx, by) = edge_points(square, side, net.edge)
            key = _key((ax, ay), (bx, by))
            if count[key] == 2 and (ax, ay) > (bx, by):
                continue                                  # a shared edge: draw it once
            fold = count[key] == 2 or key in tabbed
            target = folds if fold else cuts
            target.append(line(ax + x0, ay + y0, bx + x0, by + y0, width=FOLD_WIDTH if fold else CUT_WIDTH,
                               dash=FOLD_DASH if fold else ()))
    return tuple(prims + folds + cuts)
