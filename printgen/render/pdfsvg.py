"""SVG pictures in a PDF: drawn as vectors by svglib where it draws them as resvg (the
PNG renderer) does, else handed back to be placed as pictures.

svglib turns an SVG into reportlab shapes, but it leaves out or draws otherwise a
good part of SVG: group and element opacity, masks, filters, patterns, markers, a
stroke painted before its fill, blend modes, nested <svg> and <symbol>, gradient
strokes, translucent gradients, gradients that are turned, repeated or (for a
diagonal or radial one) stretched with the shape they fill, clip paths measured in
the shape's box, and miter limits (it sets none, so reportlab's 10 would cut sharp
corners otherwise than SVG's 4: draw_vectors() sets 4, and another is a gap).
vector_gap() says what in a picture is one of those, reading the file (its elements,
attributes, style attributes and style sheets); a picture with none is drawn as
vectors by draw_vectors(), one with any is drawn by resvg as a picture
(render/pdf.py), so that it looks the same in the PDF as in the PNGs.

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

from printgen.reading import FileIdentity, file_identity, read_bytes
from printgen.vector import MAX_BYTES, SVG, drawing, parsed

# the elements svglib draws as resvg does (those of other namespaces, an editor's, draw nothing)
DRAWN = frozenset(("svg", "g", "defs", "title", "desc", "metadata", "style", "a", "rect", "circle",
                   "ellipse", "line", "polyline", "polygon", "path", "use", "clipPath", "linearGradient",
                   "radialGradient", "stop"))
# properties svglib leaves out, with the value that makes them do nothing
LEFT_OUT = {"opacity": "1", "mask": "none", "filter": "none", "marker": "none", "marker-start": "none",
            "marker-mid": "none", "marker-end": "none", "paint-order": "normal", "mix-blend-mode": "normal",
            "stop-opacity": "1", "stroke-miterlimit": "4"}
MITER_LIMIT = 4         # SVG's default miter limit (reportlab's and PDF's is 10)
_DECLARATION = re.compile(r"([A-Za-z-]+)\s*:\s*([^;{}]*)")


def vector_gap(path: Path) -> str | None:
    """What in the SVG picture svglib would draw otherwise than resvg ("opacity",
    "<mask>", "a gradient stroke", ...), or None where it draws all of it alike."""
    return _gap(path, file_identity(path))


@lru_cache(maxsize=64)
def _gap(path: Path, identity: FileIdentity | None) -> str | None:
    where = str(path)
    root = parsed(read_bytes(path, where, max_bytes=MAX_BYTES, what="an SVG picture"), where)
    ids = {element.get("id"): element for element in root.iter() if isinstance(element.tag, str)}
    gradient = painted_opacity = False
    for element in root.iter():
        if not isinstance(element.tag, str) or not element.tag.startswith(SVG):
            continue
        name = element.tag.removeprefix(SVG)
        if name not in DRAWN or (name == "svg" and element is not root):
            return f"<{name}>"
        properties = _properties(element)
        for key, value in properties:
            if key in LEFT_OUT and _left_out(key, value):
                return key
            if key == "stroke" and value.strip().startswith("url("):
                return "a gradient stroke"
            if key in ("fill-opacity", "stroke-opacity") and not _default(value, "1"):
                painted_opacity = True
        if name in ("linearGradient", "radialGradient"):
            gradient = True
            found = _gradient_gap(element, name, ids)
            if found:
                return found
        elif name == "clipPath" and element.get("clipPathUnits") == "objectBoundingBox":
            return "a clip path in the shape's box"
    return "a translucent gradient" if gradient and painted_opacity else None


def _properties(element: Any) -> list[tuple[str, str]]:
    """The element's presentation attributes, its style attribute's declarations and,
    for a <style>, its style sheet's declarations."""
    found = [(key.rsplit("}", 1)[-1], value) for key, value in element.attrib.items() if key != "style"]
    found += _DECLARATION.findall(element.get("style") or "")
    if element.tag == f"{SVG}style":
        found += _DECLARATION.findall(element.text or "")
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
