"""An SVG file's XML read with bounds: no network, no entities, no DTD, and its
elements and attributes counted as it is read, so that reading stops at a bound
rather than after a file of 100 MB of small elements or attributes has been read
whole (which took gigabytes). What the elements say is checked by printgen/vector.py."""

from __future__ import annotations

import io
from typing import Any

from printgen.errors import InputError
from printgen.limits import limit
from printgen.svgpaths import SVG

MAX_ELEMENTS = int(limit("svg_elements"))
MAX_ATTRIBUTES = int(limit("svg_attributes"))
MAX_ELEMENT_ATTRIBUTES = int(limit("svg_element_attributes"))
MAX_DEPTH = int(limit("svg_depth"))
_ENTITIES = "{where}: the SVG picture declares entities; expected one without (<!ENTITY>)"


def parsed(data: bytes, where: str) -> Any:
    """The SVG file's root element, read with no network, entities or DTD; InputError
    naming `where` where it is not a readable SVG, declares entities, or holds more
    than MAX_ELEMENTS elements or MAX_ATTRIBUTES attributes, an element more than
    MAX_ELEMENT_ATTRIBUTES, or elements nested more than MAX_DEPTH deep (each counted
    as it is read)."""
    from lxml import etree
    if b"<!ENTITY" in data:                 # (else found as its first element is read, in any encoding)
        raise InputError(_ENTITIES.format(where=where))
    reading = etree.iterparse(io.BytesIO(data), events=("start", "end"), resolve_entities=False, no_network=True,
                              load_dtd=False, huge_tree=False, remove_comments=True, remove_pis=True)
    elements = attributes = depth = 0
    try:
        for event, element in reading:
            if event == "end":
                depth -= 1
                continue
            depth += 1
            if depth > MAX_DEPTH:           # (before resvg's stack or libxml2's own bound is reached)
                raise InputError(f"{where}: the SVG picture's elements are nested more than {MAX_DEPTH} deep; "
                                 f"expected elements nested at most {MAX_DEPTH} deep (an editor nests a few "
                                 f"dozen groups)")
            elements += 1
            attributes += len(element.attrib)
            if elements == 1 and _declares_entities(element):
                raise InputError(_ENTITIES.format(where=where))
            _check_count(element, elements, attributes, where)
        root = reading.root
    except (etree.XMLSyntaxError, ValueError) as error:
        raise InputError(f"{where}: not a readable SVG picture ({error.msg if hasattr(error, 'msg') else error}); "
                         f"expected an SVG file") from None
    if root is None or root.tag != f"{SVG}svg":
        raise InputError(f"{where}: not an SVG picture (its root is not <svg>); expected an SVG file")
    return root


def _declares_entities(root: Any) -> bool:
    """Whether the document of the root element declares entities in its DTD (a file
    in UTF-16 holds no b"<!ENTITY")."""
    dtd = root.getroottree().docinfo.internalDTD
    return dtd is not None and any(True for _ in dtd.iterentities())


def _check_count(element: Any, elements: int, attributes: int, where: str) -> None:
    """InputError where the elements or attributes read so far, or the element's own
    attributes (before they are read: lxml gives them in a time growing with their
    square), are more than their bound."""
    if elements > MAX_ELEMENTS:
        raise InputError(f"{where}: more than {MAX_ELEMENTS:,} elements; expected a simpler SVG picture")
    if len(element.attrib) > MAX_ELEMENT_ATTRIBUTES:
        name = str(element.tag).rsplit("}", 1)[-1][:40]
        raise InputError(f"{where}: the SVG picture's <{name}> at line {element.sourceline} has "
                         f"{len(element.attrib):,} attributes, more than {MAX_ELEMENT_ATTRIBUTES}; expected an "
                         f"element as an editor writes it")
    if attributes > MAX_ATTRIBUTES:
        raise InputError(f"{where}: more than {MAX_ATTRIBUTES:,} attributes; expected a simpler SVG picture")
