"""An SVG picture's layers and filter work, bounded at read time.

resvg draws a group or element with opacity below 1, a clip path, a mask or a filter,
and each shape filled or stroked with a pattern, on a canvas of its own first (a
layer), then blends that in: about 80 ms for each one as large as a picture drawn
1,000 pixels wide (200 of them took 16 s at 400 pixels). A filter's primitives each
take a pass over the layer it filters (a blur about 250 ms at 1,000 pixels, 1,000
blurs in one filter 13 s at 400), and some take far more: feTurbulence a pass for
each of its numOctaves, feConvolveMatrix its orderX x orderY numbers for each pixel,
and feMorphology (2 r + 1) squared pixels for each pixel, r its radius in pixels (a
radius of a twentieth of a picture drawn 1,000 pixels wide took 75 s).
vector.drawn_cost counts both, each again for every <use> and url(#id) that draws
them (svglinks.py), and refuses a picture with more than MAX_LAYERS layers or
MAX_PRIMITIVES filter primitives drawn (a turbulence counted once for each octave, a
convolution for each 16 numbers of its matrix, a morphology for each 25 pixels of its
window at 1,000 pixels); check_primitive refuses a turbulence of more than
MAX_OCTAVES octaves, a convolution of an order more than MAX_ORDER, and a morphology
radius more than MAX_RADIUS of the picture's larger side. Opacity set by a style
sheet is not counted.
"""

from __future__ import annotations

import math
import re
from typing import Any

from printgen.errors import InputError
from printgen.limits import limit
from printgen.svglinks import DRAWN
from printgen.svgpaths import NUMBER, SVG, own_value

MAX_LAYERS = int(limit("svg_layers"))
MAX_PRIMITIVES = int(limit("svg_filter_primitives"))
MAX_OCTAVES = int(limit("svg_turbulence_octaves"))
MAX_ORDER = int(limit("svg_convolve_order"))
MAX_RADIUS = float(limit("svg_morphology_radius"))
DRAWN_AT = 1000             # pixels across the picture's larger side the weights are measured at
LAYERED = DRAWN - {f"{SVG}marker"}      # those drawn on a layer of their own (svglinks.DRAWN but a marker)
_OPACITY = re.compile(r"(?<![A-Za-z-])opacity\s*:\s*([^;{}!]*)", re.IGNORECASE)


def own_layers(element: Any, linked: list[tuple[Any, str, int]]) -> int:
    """The layers the element itself is drawn on: one where its opacity is below 1, and
    one for each time a clip path, mask, filter or pattern set on it is drawn (linked:
    (target, what refers to it, times it is drawn))."""
    value = _number(own_value(element, _OPACITY, "opacity"), 1.0)
    count = 1 if value < 1 else 0
    return count + sum(times for target, said, times in linked
                       if target.tag in LAYERED and not said.startswith("href"))


def weight(element: Any, extent: float) -> int:
    """The passes over its layer a filter primitive takes (0 for any other element);
    extent is the picture's larger side in its own units."""
    name = element.tag.removeprefix(SVG) if isinstance(element.tag, str) else ""
    if not name.startswith("fe") or element.getparent() is None or \
            element.getparent().tag != f"{SVG}filter":
        return 0
    if name == "feTurbulence":
        return max(1, int(_number(element.get("numOctaves"), 1)))
    if name == "feConvolveMatrix":
        wide, high = _pair(element.get("order"), 3.0)
        return max(1, math.ceil(wide * high / 16))
    if name == "feMorphology":
        pixels = max(_pair(element.get("radius"), 0.0)) * _scale(element, extent)
        return max(1, round((2 * pixels + 1) ** 2 / 25))
    return 1


def check_primitive(element: Any, extent: float, where: str) -> None:
    """InputError naming `where` and the line of a filter primitive whose setting asks
    for more work than the module's docstring allows."""
    name = element.tag.removeprefix(SVG) if isinstance(element.tag, str) else ""
    said = f"{where}: the SVG picture's <{name}> at line {element.sourceline}"
    if name == "feTurbulence":
        octaves = _number(element.get("numOctaves"), 1)
        if octaves > MAX_OCTAVES:
            raise InputError(f"{said} has numOctaves={element.get('numOctaves')}, more than {MAX_OCTAVES}; "
                             f"expected at most {MAX_OCTAVES} (each octave is a pass over the picture)")
    elif name == "feConvolveMatrix":
        order = _pair(element.get("order"), 3.0)
        if max(order) > MAX_ORDER:
            raise InputError(f"{said} has order={element.get('order')}, more than {MAX_ORDER}; expected a "
                             f"matrix of at most {MAX_ORDER} x {MAX_ORDER}")
    elif name == "feMorphology":
        radius, most = max(_pair(element.get("radius"), 0.0)), MAX_RADIUS * extent
        if _scale(element, extent) * radius > MAX_RADIUS * DRAWN_AT:
            raise InputError(f"{said} has radius={element.get('radius')}, more than {most:g} "
                             f"({MAX_RADIUS:g} of the picture's larger side); expected a radius of at "
                             f"most {most:g}")


def check_layers(layers: int, passes: int, element: Any, where: str) -> None:
    """InputError naming `where` and the element's line where what it draws has more
    layers or filter passes than the module's docstring allows."""
    if layers > MAX_LAYERS:
        raise InputError(f"{where}: more than {MAX_LAYERS} layers drawn (line {element.sourceline}): each "
                         f"element or group with opacity below 1, a clip path, mask or filter, and each shape "
                         f"filled with a pattern, is drawn on a canvas of its own, again for every <use> or "
                         f"url(#id) that draws it; expected at most {MAX_LAYERS}")
    if passes > MAX_PRIMITIVES:
        raise InputError(f"{where}: more than {MAX_PRIMITIVES} filter primitives drawn (line "
                         f"{element.sourceline}): each filter's primitives count for every element set with it "
                         f"(a turbulence once for each octave, a convolution for each 16 numbers of its matrix, a "
                         f"morphology more as its radius grows); expected at most {MAX_PRIMITIVES}")


def _scale(element: Any, extent: float) -> float:
    """Pixels a unit of the primitive's radius is with the picture DRAWN_AT pixels wide
    (a unit of its box is taken as the whole picture where the filter measures in it)."""
    filter_element = element.getparent()
    if (filter_element.get("primitiveUnits") or "").strip() == "objectBoundingBox":
        return float(DRAWN_AT)
    return DRAWN_AT / extent if extent > 0 else float(DRAWN_AT)


def _number(text: str | None, default: float) -> float:
    """The first number of text (a percentage taken as a fraction), else default."""
    match = NUMBER.search(text or "")
    if match is None:
        return default
    value = float(match.group())          # (infinite where past what a float holds: refused where bounded)
    return value / 100 if (text or "")[match.end():].lstrip().startswith("%") else value


def _pair(text: str | None, default: float) -> tuple[float, float]:
    """One or two numbers (x, then y, which is x where not given; one past what a float
    holds is infinite, and refused), else default twice."""
    numbers = [max(0.0, float(one)) for one in NUMBER.findall(text or "")][:2]     # (a negative one draws nothing)
    if not numbers:
        return default, default
    return numbers[0], numbers[-1]
