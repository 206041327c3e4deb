"""What an element of an SVG picture draws by reference, besides its children.

A <use> draws what it refers to where it stands; a url(#id) draws what it refers to
again for each element it is set on: a clip path, mask or filter once for the
element set with it (clip-path, mask, filter), a pattern once for each shape filled
or stroked with it (fill and stroke, which the elements inside inherit), a marker
once for each vertex of every path drawn with it (marker-start, -mid, -end and
marker, inherited too); and a pattern or filter whose href names another draws that
one's content. A marker on each vertex of a path of 50,000 took resvg 33 s, six
levels of ten patterns each filled with the level below two minutes. svglib draws
clip paths alone of these (each again for every element set with one); a picture with
any of the others is placed in the PDF as resvg's picture (render/pdfsvg.py).
Gradients refer to nothing drawn (their stops only, and both renderers stop at an href
loop), so they multiply nothing.
"""

from __future__ import annotations

from typing import Any

from printgen.svgpaths import SVG, href_target

LINKED = {"clip-path": "once", "mask": "once", "filter": "once", "fill": "shapes", "stroke": "shapes",
          "marker": "vertices", "marker-start": "vertices", "marker-mid": "vertices", "marker-end": "vertices"}
DRAWN = {f"{SVG}{name}" for name in ("clipPath", "mask", "filter", "marker", "pattern")}  # what they may refer to
HREF = {f"{SVG}pattern", f"{SVG}filter"}                     # those whose href draws another's content


def links(element: Any, sheet: dict[str, str], ids: dict[str, Any], url: Any,
          declared: Any) -> list[tuple[Any, str, str]]:
    """The parts the element draws by reference: (target, what refers to it, how often:
    "once", "shapes" or "vertices", as LINKED gives). sheet holds what style sheets set
    on the element (property: value), url(text) gives the ids a value refers to (as
    "#id"), declared(text) the (property, value) pairs of a style attribute."""
    said: dict[str, str] = dict(sheet)
    for key in LINKED:
        if element.get(key) is not None and key not in sheet:       # (a style sheet outranks an attribute)
            said[key] = element.get(key)
    for key, value in declared(element.get("style") or ""):
        if key.strip().lower() in LINKED:
            said[key.strip().lower()] = value
    found: list[tuple[Any, str, str]] = []
    for key, value in said.items():
        for name in dict.fromkeys(url(value)) if "url(" in value else ():       # (each once)
            target = ids.get(name.removeprefix("#"))
            if target is not None and target.tag in DRAWN:
                found.append((target, f"{key}=url({name})", LINKED[key]))
    if element.tag in HREF:
        target = href_target(element, ids)
        if target is not None and target.tag == element.tag:
            found.append((target, f'href="#{target.get("id")}"', "once"))
    return found
