"""Drawing primitives: what every renderer knows how to draw.

Coordinates are points, x to the right and y down, in the frame of the thing being
laid out (a card's trim box has its top-left corner at 0,0 and the bleed reaches
into negative values; a page's origin is its top-left corner). Colours are
"#rrggbb" text or None for no paint.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printgen.frozen import frozen

Point = tuple[float, float]


@frozen
class Rect:
    """A rectangle, top-left at (x, y), its corners rounded by radius."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    radius: float = 0.0
    dash: tuple[float, ...] = ()


@frozen
class Ellipse:
    """An ellipse centred at (cx, cy) with radii rx and ry."""

    cx: float
    cy: float
    rx: float
    ry: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0


@frozen
class Polygon:
    """A polygon through its points (a polyline where it is not closed)."""

    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    closed: bool = True
    dash: tuple[float, ...] = ()


@frozen
class TextRun:
    """One run of uniformly styled text whose baseline starts at (x, y).

    rotate (0, 90, 180 or 270 degrees, clockwise on the page) turns the run
    about its own start point. The run is one face (font) and one direction: its
    glyphs are HarfBuzz's shaping of text (printgen/shaping.py shape), right to left
    where rtl, in language lang; text stays in logical order, as it was written.
    """

    x: float
    y: float
    text: str
    font: str
    size: float
    color: str = "#000000"
    rotate: int = 0
    rtl: bool = False
    lang: str = ""


FULL = (0.0, 0.0, 1.0, 1.0)


@frozen
class Image:
    """A picture file drawn into the box at (x, y), w x h, turned by rotate degrees.
    crop: the part of the picture the box shows (left, top, right, bottom, as fractions
    of its width and height, in its own frame before rotate turns it); the rest is cut
    off at the box's edges (an image element's `fit: cover`)."""

    x: float
    y: float
    w: float
    h: float
    path: Path
    rotate: int = 0
    crop: tuple[float, float, float, float] = FULL


def uncropped(prim: Image) -> Image:
    """The whole picture a cropped one is cut from: its box enlarged past prim's, so
    that drawn there and clipped to prim's box it shows the crop."""
    left, top, right, bottom = prim.crop
    if prim.crop == FULL or right <= left or bottom <= top:
        return replace(prim, crop=FULL)
    # the crop's edges (the picture's own left, top, right, bottom) as the box's, once turned
    edges = {0: (left, top, 1 - right, 1 - bottom), 90: (1 - bottom, left, top, 1 - right),
             180: (1 - right, 1 - bottom, left, top), 270: (top, 1 - right, 1 - bottom, left)}[prim.rotate % 360]
    across, down = (bottom - top, right - left) if prim.rotate % 180 else (right - left, bottom - top)
    w, h = prim.w / across, prim.h / down
    return replace(prim, x=prim.x - edges[0] * w, y=prim.y - edges[1] * h, w=w, h=h, crop=FULL)


Primitive = Rect | Ellipse | Polygon | TextRun | Image
Shape = Rect | Ellipse | Polygon          # the primitives with a fill, a stroke and its width


def line(x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000000",
         width: float = 0.5, dash: tuple[float, ...] = ()) -> Polygon:
    """A straight line, as an open two-point polygon."""
    return Polygon(((x1, y1), (x2, y2)), stroke=stroke, width=width, closed=False, dash=dash)


def rotate_point(p: Point, quarter_turns: int, w: float, h: float) -> Point:
    """Turn a point of a w x h box clockwise by quarter turns about the box, into
    the turned box's frame (whose size is h x w for odd turns)."""
    x, y = p
    for _ in range(quarter_turns % 4):
        x, y = h - y, x
        w, h = h, w
    return x, y


def turn(prim: Primitive, quarter_turns: int, w: float, h: float) -> Primitive:
    """The primitive turned clockwise by quarter turns within a w x h frame."""
    q = quarter_turns % 4
    if q == 0:
        return prim
    if isinstance(prim, (Rect, Image)):
        corners = [rotate_point(p, q, w, h) for p in ((prim.x, prim.y), (prim.x + prim.w, prim.y + prim.h))]
        (x1, y1), (x2, y2) = corners
        x, y, bw, bh = min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)
        if isinstance(prim, Image):
            return replace(prim, x=x, y=y, w=bw, h=bh, rotate=(prim.rotate + 90 * q) % 360)
        return replace(prim, x=x, y=y, w=bw, h=bh)
    if isinstance(prim, Ellipse):
        cx, cy = rotate_point((prim.cx, prim.cy), q, w, h)
        rx, ry = (prim.ry, prim.rx) if q % 2 else (prim.rx, prim.ry)
        return replace(prim, cx=cx, cy=cy, rx=rx, ry=ry)
    if isinstance(prim, Polygon):
        return replace(prim, points=tuple(rotate_point(p, q, w, h) for p in prim.points))
    x, y = rotate_point((prim.x, prim.y), q, w, h)
    return replace(prim, x=x, y=y, rotate=(prim.rotate + 90 * q) % 360)


def shift(prim: Primitive, dx: float, dy: float) -> Primitive:
    """The primitive moved by (dx, dy)."""
    if isinstance(prim, Ellipse):
        return replace(prim, cx=prim.cx + dx, cy=prim.cy + dy)
    if isinstance(prim, Polygon):
        return replace(prim, points=tuple((x + dx, y + dy) for x, y in prim.points))
    return replace(prim, x=prim.x + dx, y=prim.y + dy)


def shape_bounds(prim: Shape | Image) -> tuple[float, float, float, float]:
    """The painted box (left, top, right, bottom) of a shape or placed image, half its
    stroke included (text has its own: preflight.text_extent)."""
    half = prim.width / 2 if not isinstance(prim, Image) and prim.stroke else 0.0
    if isinstance(prim, (Rect, Image)):
        box = (prim.x, prim.y, prim.x + prim.w, prim.y + prim.h)
    elif isinstance(prim, Ellipse):
        box = (prim.cx - prim.rx, prim.cy - prim.ry, prim.cx + prim.rx, prim.cy + prim.ry)
    else:
        xs = [x for x, _ in prim.points]
        ys = [y for _, y in prim.points]
        box = (min(xs), min(ys), max(xs), max(ys))
    return box[0] - half, box[1] - half, box[2] + half, box[3] + half


def drawn_dash(dash: tuple[float, ...]) -> tuple[float, ...]:
    """The dash pattern a renderer draws: () (solid) for none, or for one with a negative
    length or no length at all, which no renderer can draw (and one would loop on)."""
    return dash if dash and min(dash) >= 0 and sum(dash) > 1e-6 else ()
