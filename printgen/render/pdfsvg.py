"""SVG pictures in a PDF: drawn as vectors by svglib where it draws them as resvg (the
PNG renderer) does, else handed back to be placed as pictures.

svglib turns an SVG into reportlab shapes, but it leaves out or draws otherwise a
good part of SVG: group and element opacity, masks, filters, patterns, markers, a
stroke painted before its fill, a translucent stroke (reportlab paints a shape's fill
and stroke as one, so the stroke's inner half hides the fill), dash offsets, blend
modes, nested <svg> and <symbol>, gradient strokes, translucent gradients, gradients
that are turned, repeated, set on a shape with its own transform or (for a diagonal
or radial one) stretched with the shape they fill, gradient stops out of order, paint
with a fallback colour, colours it does not know (CSS names beyond reportlab's,
capitals), lengths in percent, an ellipse with one radius, !important in a style
sheet, numbers reportlab cannot write into a PDF (past OUTSIZED, or a viewBox under its
inverse), clip paths measured in the shape's box, moved or clipped themselves, and
miter limits (it sets none, so reportlab's 10 would cut sharp corners otherwise than
SVG's 4: draw_vectors() sets 4, and another is a gap), and style sheets it cannot read
or that would take too long to match (vector.style_sheets), and pictures that would
take svglib more than a few seconds to draw (more than MAX_VECTOR_COST elements' worth,
vector.drawn_cost: its time grows with the elements, their nesting and their path
data, to minutes for a picture within MAX_ELEMENTS). vector_gap() says what in a
picture is one of those, reading the file (its elements, attributes, style
attributes and style sheets); a picture with none is drawn as vectors by
draw_vectors(), one with any is drawn by resvg as a picture (render/pdf.py), so that
it looks the same in the PDF as in the PNGs. Clip paths set in a style attribute or
a style sheet (as Illustrator sets them), which svglib leaves out, are made
attributes before svglib reads the file (vector.styled_clips). The list is kept by
a differential test (tests/test_svg_corpus.py): a small SVG per feature, drawn both
ways and compared pixel by pixel.

draw_vectors() draws with reportlab's renderer, less its fonts: the renderer selects
its default font (Helvetica, which no PDF embeds) for text, and an SVG picture holds
none (printgen/vector.py refuses <text>).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas

from printgen.pictures import svg_reading
from printgen.reading import FileIdentity, file_identity, read_bytes
from printgen.svgpaths import id_map
from printgen.vector import (
    DECLARATION,
    MAX_BYTES,
    MAX_VECTOR_COST,
    SVG,
    SheetGap,
    drawing,
    drawn_cost,
    parsed,
    read_sheets,
    styled_clips,
    view_box,
)

# the elements svglib draws as resvg does (those of other namespaces, an editor's, draw nothing)
DRAWN = frozenset(("svg", "g", "defs", "title", "desc", "metadata", "style", "a", "rect", "circle",
                   "ellipse", "line", "polyline", "polygon", "path", "use", "clipPath", "linearGradient",
                   "radialGradient", "stop"))
# properties svglib leaves out, with the value that makes them do nothing
LEFT_OUT = {"opacity": "1", "mask": "none", "filter": "none", "marker": "none", "marker-start": "none",
            "marker-mid": "none", "marker-end": "none", "paint-order": "normal", "mix-blend-mode": "normal",
            "stop-opacity": "1", "stroke-miterlimit": "4", "stroke-dashoffset": "0"}
MITER_LIMIT = 4         # SVG's default miter limit (reportlab's and PDF's is 10)
OUTSIZED = 1e6          # the largest number (length, coordinate, scale) given to svglib, and 1 / the smallest
                        # side of a viewBox: reportlab writes no number past 1e20 into a PDF (it stops with
                        # an error), and three such multiplied (a viewBox's scale, a transform, a point) stay
                        # below; a drawing's are far smaller (a map in metres, a few million, is a picture)
_HEX = re.compile(r"#[0-9a-f]+", re.IGNORECASE)    # a colour (#1e9999), not a number
_FLOAT = re.compile(r"(?<![0-9.e])[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?|\b(?:inf|infinity|nan)\b", re.IGNORECASE)


def vector_gap(path: Path) -> str | None:
    """What in the SVG picture svglib would draw otherwise than resvg ("opacity",
    "<mask>", "a gradient stroke", ...), or None where it draws all of it alike."""
    return _gap(path, file_identity(path))


@lru_cache(maxsize=64)
def _gap(path: Path, identity: FileIdentity | None) -> str | None:
    where = str(path)
    root = parsed(read_bytes(path, where, max_bytes=MAX_BYTES, what="an SVG picture"), where)
    reading = svg_reading(identity)         # (as check_picture read it, where it did)
    sheets = reading.sheets if reading is not None else read_sheets(root)      # (svglib reads every sheet itself)
    if isinstance(sheets, SheetGap):
        return str(sheets)
    ids = id_map(root)
    cost = reading.cost if reading is not None else drawn_cost(root, ids, where, sheets)
    if cost > MAX_VECTOR_COST:
        return "more than svglib draws in a few seconds"
    styled_clips(root, sheets)              # (as drawing() gives them to svglib)
    sheet = "".join(element.text or "" for element in root.iter(f"{SVG}style"))
    if "!important" in sheet.lower():
        return "!important in a style sheet"
    box = view_box(root)
    if box is not None and not min(abs(box[2]), abs(box[3])) * OUTSIZED >= 1:
        return "a viewBox smaller than svglib draws"
    gradient = painted_opacity = False
    for element in root.iter():
        if not isinstance(element.tag, str) or not element.tag.startswith(SVG):
            continue
        name = element.tag.removeprefix(SVG)
        if name not in DRAWN or (name == "svg" and element is not root):
            return f"<{name}>"
        found = _shape_gap(element, name) or _clip_gap(element, name)
        if found:
            return found
        for key, value in _properties(element):
            if key in LEFT_OUT and _left_out(key, value):
                return key
            if key not in ("id", "class", "href") and _outsized(value):
                return f"a number past what a PDF holds ({key})"
            found = _paint_gap(key, value)
            if found:
                return found
            if key in ("fill-opacity", "stroke-opacity") and not _default(value, "1"):
                painted_opacity = True
        if name in ("linearGradient", "radialGradient"):
            gradient = True
            found = _gradient_gap(element, name, ids)
            if found:
                return found
    if gradient and painted_opacity:
        return "a translucent gradient"
    return _turned_paint(root, "url(" in sheet)


def _outsized(value: str) -> bool:
    """Whether the value holds a number past OUTSIZED either way, or one that is none
    (inf, nan: Python's float reads them, as svglib does)."""
    return any(not abs(float(found.group())) <= OUTSIZED for found in _FLOAT.finditer(_HEX.sub(" ", value)))


def _paint_gap(key: str, value: str) -> str | None:
    """What of a fill or stroke svglib draws otherwise: a gradient stroke, a translucent
    stroke (reportlab paints fill and stroke as one, so the stroke's inner half hides
    the fill beneath it), a paint with a fallback colour after its url()."""
    if key in ("fill", "stroke", "stop-color", "color") and not _known_colour(value.strip()):
        return f"a colour svglib does not know ({value.strip()[:40]})"
    if key not in ("fill", "stroke", "stroke-opacity"):
        return None
    value = value.strip().lower()
    if key == "stroke-opacity":
        return None if _default(value, "1") else "a translucent stroke"
    if value.startswith("url(") and value[value.find(")") + 1:].strip():
        return "a paint with a fallback colour"
    if key == "stroke" and value.startswith("url("):
        return "a gradient stroke"
    if key == "stroke" and (value.startswith(("rgba(", "hsla(")) or re.fullmatch(r"#[0-9a-f]{8}", value)):
        return "a translucent stroke"
    return None


def _known_colour(value: str) -> bool:
    """Whether svglib reads the colour (it knows reportlab's lower-case names only)."""
    from reportlab.lib import colors
    if value.lower() in ("none", "inherit") or value == "currentColor" or value.lower().startswith("url("):
        return True
    if value.startswith("#"):
        return len(value) in (4, 5, 7, 9)
    return colors.cssParse(value) is not None or isinstance(getattr(colors, value, None), colors.Color)


def _shape_gap(element: Any, name: str) -> str | None:
    """Lengths svglib measures otherwise: percentages (of the viewport) and an ellipse's
    automatic radius."""
    for key in ("x", "y", "width", "height", "r", "rx", "ry", "cx", "cy", "x1", "y1", "x2", "y2",
                "stroke-width", "stroke-dasharray"):
        if "%" in (element.get(key) or "") and name not in ("linearGradient", "radialGradient"):
            return "a length in percent"
    if any("%" in value for key, value in DECLARATION.findall(element.get("style") or "")
           if key.strip().lower() in ("stroke-width", "stroke-dasharray")):
        return "a length in percent"
    if name == "ellipse" and (element.get("rx") is None or element.get("ry") is None):
        return "an ellipse with one radius"
    if name == "stop" and element.getprevious() is not None:
        before, offset = _length(element.getprevious().get("offset"), 0), _length(element.get("offset"), 0)
        if isinstance(before, float) and isinstance(offset, float) and offset < before:
            return "gradient stops out of order"
    return None


def _clip_gap(element: Any, name: str) -> str | None:
    """Clip paths svglib leaves out or draws otherwise: one measured in the shape's box,
    one that is moved or itself clipped, or clips a shape of its own (those set in a
    style are attributes by now: vector.styled_clips)."""
    if name == "clipPath":
        if element.get("clipPathUnits") == "objectBoundingBox":
            return "a clip path in the shape's box"
        if element.get("transform") or element.get("clip-path"):
            return "a clip path moved or clipped itself"
    elif element.get("clip-path") and any(one.tag == f"{SVG}clipPath" for one in element.iterancestors()):
        return "a clip path moved or clipped itself"
    return None


def _turned_paint(root: Any, sheet_paints: bool) -> str | None:
    """A gradient filling or stroking an element that has its own transform: svglib
    leaves the gradient where the element was before it moved. Paint set in a style
    sheet counts for every element with a class or an id."""
    painted: set[Any] = set()
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        parent = element.getparent()
        own = any(key in ("fill", "stroke") and "url(" in value for key, value in _properties(element))
        own = own or (sheet_paints and bool(element.get("class") or element.get("id")))
        if own or parent in painted:
            painted.add(element)
            if element.get("transform") and element.tag != f"{SVG}g":
                return "a gradient on a moved shape"
    return None


def _properties(element: Any) -> list[tuple[str, str]]:
    """The element's presentation attributes, its style attribute's declarations and,
    for a <style>, its style sheet's declarations."""
    found = [(key.rsplit("}", 1)[-1], value) for key, value in element.attrib.items() if key != "style"]
    found += DECLARATION.findall(element.get("style") or "")
    if element.tag == f"{SVG}style":
        found += DECLARATION.findall(element.text or "")
    return [(key.strip().lower(), value.strip()) for key, value in found]


def _gradient_gap(element: Any, name: str, ids: dict[Any, Any]) -> str | None:
    get = _inherited(element, ids)
    if get("gradientTransform"):
        return "a turned gradient (gradientTransform)"
    if (get("spreadMethod") or "pad") != "pad":
        return "a repeated gradient (spreadMethod)"
    in_box = (get("gradientUnits") or "objectBoundingBox") == "objectBoundingBox"
    if name == "radialGradient":
        if in_box or any(element.get(key) for key in ("fx", "fy", "fr")):
            return "a radial gradient in the shape's box or with a focal point"
    elif in_box and _length(get("x1"), 0) != _length(get("x2"), 1) and _length(get("y1"), 0) != _length(get("y2"), 0):
        return "a diagonal gradient in the shape's box"
    return None


def _inherited(element: Any, ids: dict[Any, Any]) -> Any:
    """A lookup of the gradient's attributes, through the gradients it names by href."""
    chain = [element]
    while len(chain) < 8:
        target = next((value for key, value in chain[-1].attrib.items() if key.rsplit("}", 1)[-1] == "href"), "")
        following = ids.get(target.strip().removeprefix("#"))
        if following is None or following in chain:
            break
        chain.append(following)

    def get(key: str) -> str | None:
        return next((one.get(key) for one in chain if one.get(key) is not None), None)
    return get


def _length(text: str | None, default: float) -> float | str:
    """A gradient coordinate as a number (a percentage as a fraction), else its text."""
    if text is None:
        return default
    text = text.strip()
    try:
        return float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        return text


def _left_out(key: str, value: str) -> bool:
    """Whether the property's value asks for what svglib leaves out (paint-order does
    only where it paints a stroke before the fill)."""
    if key == "paint-order":
        order = value.lower().split()
        order += [part for part in ("fill", "stroke", "markers") if part not in order]
        return "normal" not in order and order.index("stroke") < order.index("fill")
    return not _default(value, LEFT_OUT[key])


def _default(value: str, default: str) -> bool:
    value = value.strip().lower().removesuffix("!important").strip()
    if default in ("1", "4"):
        try:
            number = float(value[:-1]) / 100 if value.endswith("%") else float(value)
        except ValueError:
            return False
        return number == float(default)
    return value == default


class _ShapesOnly(renderPDF._PDFRenderer):
    """reportlab's renderer, setting no font (there is no text to set)."""

    def applyStateChanges(self, delta: dict[str, Any], newState: dict[str, Any]) -> None:  # reportlab's names
        super().applyStateChanges({key: value for key, value in delta.items()
                                   if key not in ("fontName", "fontSize")}, newState)


def draw_vectors(canvas: Canvas, path: Path, x: float, y: float, w: float, h: float) -> None:
    """The SVG picture drawn as vectors (svglib) stretched to w x h with its lower left
    at x, y, clipped to that box as a viewer clips an SVG to its viewport."""
    picture = _drawing(path, file_identity(path))
    box = canvas.beginPath()
    box.rect(x, y, w, h)
    canvas.clipPath(box, stroke=0, fill=0)
    canvas.translate(x, y)
    canvas.scale(w / picture.width, h / picture.height)
    canvas.setMiterLimit(MITER_LIMIT)
    _ShapesOnly().draw(renderPDF.renderScaledDrawing(picture), canvas, 0, 0)


@lru_cache(maxsize=32)
def _drawing(path: Path, identity: FileIdentity | None) -> Any:
    return drawing(path)
