"""Card sides -> SVG at their physical size, the bleed included (svgwrite).

Text is drawn as paths from the fonts' glyph outlines, placed where HarfBuzz put
them (printgen/shaping.py), so a browser or Inkscape shows exactly what the PDF
shows, whatever fonts it has. A PNG or JPEG picture is embedded as its file, any other
raster picture (a WebP, one turned by its EXIF orientation, a CMYK one) as an upright
sRGB PNG, which every viewer shows alike.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import svgwrite
from fontTools.pens.svgPathPen import SVGPathPen
from svgwrite.base import BaseElement

from printgen.fonts import broken, face, unreadable
from printgen.layout.page import Side
from printgen.layout.primitives import (
    FULL,
    Ellipse,
    Polygon,
    Primitive,
    Rect,
    TextRun,
    drawn_dash,
    uncropped,
)
from printgen.layout.primitives import Image as ImagePrim
from printgen.output import write_bytes
from printgen.pictures import embedded_picture, picture_bytes
from printgen.shaping import shape
from printgen.units import mm
from printgen.vector import is_svg


def _n(value: float, places: int = 3) -> str:
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _factor(value: float) -> str:
    """A scale factor as a number, to within a millionth of itself: a text's size over
    its font's units per em (10 pt / 2048 = 0.0048828125) rounded to three places
    would draw the text several percent too large or too small."""
    places = max(3, 6 - math.floor(math.log10(abs(value)))) if value else 3
    return _n(value, places)


@cache
def _glyphs(name: str) -> Any:     # fontTools has no types: its glyph set
    try:
        return face(name).tables.getGlyphSet()
    except broken() as error:
        raise unreadable(name, "its outlines cannot be read", error) from error


@lru_cache(maxsize=4096)
def glyph_path(name: str, gid: int) -> str:
    """The outline of one glyph (by its id) as SVG path data, in font units (y up)."""
    glyph_set = _glyphs(name)
    pen = SVGPathPen(glyph_set, ntos=_n)
    try:
        glyph_set[face(name).glyph_names[gid]].draw(pen)
    except broken() as error:
        raise unreadable(name, f"its glyph {gid} cannot be read", error) from error
    return pen.getCommands()


def side_svg(side: Side) -> str:
    f = side.frame
    full_w, full_h = f.width + 2 * f.bleed, f.height + 2 * f.bleed
    drawing = svgwrite.Drawing(size=(f"{_n(mm(full_w))}mm", f"{_n(mm(full_h))}mm"),
                               viewBox=f"{_n(-f.bleed)} {_n(-f.bleed)} {_n(full_w)} {_n(full_h)}",
                               profile="full", debug=False)
    drawing.set_desc(title=side.label)
    for prim in side.prims:
        drawing.add(element(drawing, prim))
    return drawing.tostring()


def write_svg(side: Side, path: Path) -> Path:
    return write_bytes(path, side_svg(side).encode("utf-8"))


def _paint(prim: Rect | Ellipse | Polygon) -> dict[str, str]:
    paint = {"fill": prim.fill or "none"}
    if prim.stroke and prim.width > 0:
        paint.update(stroke=prim.stroke, stroke_width=_n(prim.width), stroke_linejoin="round")
        dash = () if isinstance(prim, Ellipse) else prim.dash
        if drawn_dash(dash):
            paint["stroke_dasharray"] = " ".join(_n(d) for d in dash)
    return paint


def element(drawing: svgwrite.Drawing, prim: Primitive) -> BaseElement:
    if isinstance(prim, Rect):
        return drawing.rect((_n(prim.x), _n(prim.y)), (_n(prim.w), _n(prim.h)),
                            rx=_n(prim.radius) if prim.radius else None, **_paint(prim))
    if isinstance(prim, Ellipse):
        return drawing.ellipse((_n(prim.cx), _n(prim.cy)), (_n(prim.rx), _n(prim.ry)), **_paint(prim))
    if isinstance(prim, Polygon):
        points = [(_n(x), _n(y)) for x, y in prim.points]
        shape = drawing.polygon if prim.closed else drawing.polyline
        return shape(points, **_paint(prim))
    if isinstance(prim, TextRun):
        return _text(drawing, prim)
    return _image(drawing, prim)


def _text(drawing: svgwrite.Drawing, run: TextRun) -> BaseElement:
    shaped = shape(run.font, run.text, run.rtl, run.lang)
    scale = run.size / face(run.font).units_per_em
    group = drawing.g(fill=run.color, transform=f"translate({_n(run.x)} {_n(run.y)}) rotate({run.rotate}) "
                                                f"scale({_factor(scale)} {_factor(-scale)})")
    group.set_desc(title=run.text)
    for gid, x, y in zip(shaped.glyphs, shaped.xs, shaped.ys, strict=True):
        commands = glyph_path(run.font, gid)
        if commands:
            group.add(drawing.path(d=commands, transform=f"translate({_n(x)} {_n(y)})" if x or y else None))
    return group


def _image(drawing: svgwrite.Drawing, prim: ImagePrim) -> BaseElement:
    import base64
    import mimetypes
    if prim.crop != FULL:               # the whole picture in a viewport of the box's size (fit: cover)
        viewport = drawing.svg(insert=(_n(prim.x), _n(prim.y)), size=(_n(prim.w), _n(prim.h)),
                               viewBox=f"{_n(prim.x)} {_n(prim.y)} {_n(prim.w)} {_n(prim.h)}")
        viewport.add(_image(drawing, uncropped(prim)))
        return viewport
    if is_svg(prim.path):
        kind, raw = mimetypes.guess_type(prim.path.name)[0] or "image/svg+xml", picture_bytes(prim.path)
    else:
        kind, raw = embedded_picture(prim.path)     # (a PNG or JPEG as it is, else an upright PNG)
    data = base64.b64encode(raw).decode("ascii")
    w, h = (prim.h, prim.w) if prim.rotate % 180 else (prim.w, prim.h)
    cx, cy = prim.x + prim.w / 2, prim.y + prim.h / 2
    return drawing.image(f"data:{kind};base64,{data}", insert=(_n(-w / 2), _n(-h / 2)),
                         size=(_n(w), _n(h)), preserveAspectRatio="none",
                         transform=f"translate({_n(cx)} {_n(cy)}) rotate({prim.rotate})")
