"""SVG pictures: checked like every picture, drawn as vectors where the output is.

An SVG file is a program as much as a picture: it may run scripts, fetch other files
or addresses, expand entities, or hold text set in whatever fonts the viewer has. A
picture printgen places must be the same drawing in every output, on every computer,
so an SVG is read with lxml (no network, no entities, no DTD) and refused, with one
located error, where it holds a script (a <script> or an on... attribute), a
reference out of the file (any href but "#id", a CSS url() but "#id", an @import), a
<foreignObject>, an embedded raster image, or text (convert it to paths), or where it
has more than MAX_ELEMENTS elements, draws more (each counted again for every <use>,
pattern, marker, clip path, mask or filter that draws it: drawn_cost, svglinks.py),
has a <use> or url(#id) that draws itself (a loop), has a path of more segments than
resvg draws in moments (svgpaths.py), draws more layers or filter work than resvg
draws in moments (svglayers.py) or has no size. What an editor adds in its own
namespaces (Inkscape's, Sodipodi's, metadata) is left alone: renderers skip it.

Its size is its width and height (any CSS unit) or else its viewBox, in CSS pixels,
bounded like a raster picture's pixels. The SVG renderer embeds it as it is, and the
PNG renderer rasterises it with resvg at the size it is drawn at. The PDF renderer
draws it with svglib onto reportlab's canvas where svglib draws all it holds as
resvg does and its drawn_cost is at most MAX_VECTOR_COST (svglib's time grows with
it, to minutes within MAX_ELEMENTS), else as resvg's picture of it; a press file (PDF/X-1a) always places
resvg's picture, in press CMYK (render/pdfsvg.py, render/pdf.py).
"""

from __future__ import annotations

import io
import math
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from printgen.errors import InputError
from printgen.limits import limit
from printgen.reading import display_path, read_bytes
from printgen.svglayers import check_layers, check_primitive, own_layers, weight
from printgen.svglinks import DRAWN, LINKED, links
from printgen.svgpaths import SVG, XLINK, check_paths, href_target, id_map, vertices
from printgen.svgread import parsed

if TYPE_CHECKING:
    from PIL.Image import Image

MAX_ELEMENTS = int(limit("svg_elements"))
MAX_PIXELS = limit("picture_pixels")
MAX_BYTES = int(limit("picture_bytes"))
MAX_STYLE_TESTS = int(limit("svg_style_tests"))
MAX_VECTOR_COST = int(limit("svg_vector_cost"))
DEPTH_COST = 1 / 4      # svglib looks each inherited property up through every enclosing element
NUMBER_COST = 1 / 40    # a number of a path's d or a polygon's points, against an element
READ_TESTS = 200        # reading a CSS rule (tinycss2, cssselect2) takes about as long as 200 tests
REFUSED = {"script": "a script", "foreignObject": "a <foreignObject> (HTML inside the picture)",
           "text": "text (convert it to paths: Inkscape's Path > Object to Path)",
           "image": "an embedded picture (give a raster picture as its own PNG or JPEG file)",
           "feImage": "an embedded picture"}
CSS_PX = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4}
_SIZE = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([a-z]*)\s*$")
DECLARATION = re.compile(r"([A-Za-z-]+)\s*:\s*([^;{}]*)")      # a CSS "key: value"
_URL = re.compile(r"url\(\s*['\"]?\s*([^)'\"\s]*)", re.IGNORECASE)
_NUMBER = re.compile(r"[0-9]+")
HIDDEN = {f"{SVG}defs", f"{SVG}symbol"}      # what they hold is drawn only where a <use> refers to it


def is_svg(path: Path) -> bool:
    return path.suffix.lower() == ".svg"


class Reading(NamedTuple):
    """What reading an SVG picture found that drawing it in a PDF needs again: its
    drawn_cost, and its style sheets as svglib reads them (read_sheets)."""

    cost: float
    sheets: Any


def svg_size(path: Path, where: str) -> tuple[int, int]:
    """The picture's size in CSS pixels (at least 1 x 1); InputError naming `where` for
    what the module's docstring refuses."""
    return read_svg(path, where)[0]


def read_svg(path: Path, where: str) -> tuple[tuple[int, int], Reading]:
    """The picture's size in CSS pixels (at least 1 x 1), and its Reading; InputError
    naming `where` for what the module's docstring refuses."""
    root = parsed(read_bytes(path, where, max_bytes=MAX_BYTES, what="an SVG picture"), where)
    for element in root.iter():
        _check_element(element, where)
    ids = id_map(root)
    sheets = read_sheets(root)
    cost = drawn_cost(root, ids, where, sheets)
    check_paths(root, ids, where)
    width, height = _size(root, where)
    if width * height > MAX_PIXELS:
        raise InputError(f"{where}: {width} x {height} pixels, more than {MAX_PIXELS:,}; expected a smaller "
                         f"SVG picture (its width and height)")
    return (width, height), Reading(cost, sheets)


def read_sheets(root: Any) -> Any:
    """The picture's style sheets as svglib reads them: style_sheets(root) (svglib's
    matcher, None where it has none), or the SheetGap it raised."""
    try:
        return style_sheets(root)
    except SheetGap as gap:
        return gap


def drawn_cost(root: Any, ids: dict[str, Any], where: str, sheets: Any) -> float:
    """What drawing the picture costs a renderer, in elements: each element counted
    once for every <use> or url(#id) that draws it again (printgen/svglinks.py: a
    <use> draws what it refers to where it stands, a marker is drawn on every vertex
    of the paths set with it, a pattern in every shape it fills), plus DEPTH_COST for
    each element enclosing it there and NUMBER_COST for each number of its path data
    or points. InputError naming `where` where a <use> or url(#id) draws itself,
    through what it refers to (a loop, which no renderer can draw), or where the
    elements drawn are more than MAX_ELEMENTS (ten levels of ten <use> of the level
    below are ten billion). Walked once per element, iteratively: each element's
    count, enclosed depths, numbers and vertices are summed from its children's and
    those of what it refers to. The layers and filter primitives drawn are counted
    alike (a clip path, mask, filter, marker or pattern, and what <defs> or a <symbol>
    holds, only where something refers to it), and bounded as svglayers.py says. ids
    is the picture's elements by id (svgpaths.id_map), sheets its style sheets as
    svglib reads them (read_sheets)."""
    linked_by = _sheet_links(root, sheets)
    extent = _extent(root)
    done: dict[Any, tuple[int, ...]] = {}   # element: (drawn, their depths below it, numbers, vertices, layers, passes)
    open_now: set[Any] = set()
    # an element, and once its parts are pushed, what it draws (its parts, and what it refers to)
    stack: list[tuple[Any, tuple[list[Any], list[tuple[Any, str, str]]] | None]] = [(root, None)]
    while stack:
        element, found = stack.pop()
        if element in done:
            continue
        if found is None:
            parts = _drawn_parts(element, ids)
            linked = links(element, linked_by.get(element, {}), ids, _URL.findall, DECLARATION.findall)
            open_now.add(element)
            stack.append((element, (parts, linked)))
            for part in parts + [target for target, _, _ in linked]:
                if part in open_now:
                    raise InputError(f"{where}: the SVG picture's {_loop(element, part, linked)} is part of what "
                                     f"it draws (a loop); expected each <use> and url(#id) to refer to a part "
                                     f"outside it")
                if part not in done:
                    stack.append((part, None))
            continue
        parts, linked = found
        open_now.discard(element)
        check_primitive(element, extent, where)
        drawn, depths, numbers, corners = 1, 0, _numbers(element), vertices(element)
        layers, passes = 0, weight(element, extent)
        for part in parts:
            below = done[part]
            drawn, depths, numbers = drawn + below[0], depths + below[1] + below[0], numbers + below[2]
            corners += below[3]
            if not _only_referred(element, part):
                layers, passes = layers + below[4], passes + below[5]
        counted = []
        for target, said, how in linked:
            times = 1 if how == "once" else drawn if how == "shapes" else corners
            counted.append((target, said, times))
            below = done[target]
            drawn, depths = drawn + times * below[0], depths + times * (below[1] + below[0])
            numbers, corners = numbers + times * below[2], corners + times * below[3]
            layers, passes = layers + times * below[4], passes + times * below[5]
        layers += own_layers(element, counted)
        if drawn > MAX_ELEMENTS:
            raise InputError(f"{where}: more than {MAX_ELEMENTS:,} elements drawn, each <use>, pattern, marker, "
                             f"clip path, mask or filter drawing again what it refers to (line "
                             f"{element.sourceline}); expected a simpler SVG picture")
        check_layers(layers, passes, element, where)
        done[element] = (drawn, depths, numbers, corners, layers, passes)
    drawn, depths, numbers = done[root][:3]
    return drawn + DEPTH_COST * depths + NUMBER_COST * numbers


def _only_referred(element: Any, part: Any) -> bool:
    """Whether part is a child of element drawn only where something refers to it (a
    clip path, mask, filter, marker or pattern, or what <defs> or a <symbol> holds)."""
    return part.getparent() is element and (part.tag in DRAWN or part.tag in HIDDEN)


def _extent(root: Any) -> float:
    """The picture's larger side in its own units (its viewBox's, else its width's and
    height's in CSS pixels), 0 where it has none."""
    box = view_box(root)
    sides = [abs(box[2]), abs(box[3])] if box is not None else []
    if not sides:
        sides = [_length(root.get(key)) or 0.0 for key in ("width", "height")]
    return max(sides) if all(math.isfinite(side) for side in sides) else 0.0


def _sheet_links(root: Any, sheets: Any) -> dict[Any, dict[str, str]]:
    """What the picture's style sheets (sheets: read_sheets(root)) set on each element
    that svglinks.LINKED names and that refers to something (a url()), as svglib
    matches them (every value a property is given, one after another); where they
    cannot be matched (SheetGap), every such value set on the root, each drawn for
    every element (a bound above what any element matching them draws)."""
    sheet = " ".join(one.text or "" for one in root.iter(f"{SVG}style"))
    if "url(" not in sheet:
        return {}
    if isinstance(sheets, SheetGap):
        said: dict[str, str] = {}
        for name, value in DECLARATION.findall(sheet):
            key = name.strip().lower()
            if key in LINKED and "url(" in value:
                many = "marker" if LINKED[key] == "vertices" else "fill"       # (each element's, not once)
                said[many] = f"{said.get(many, '')} {value}" if value not in said.get(many, "") else said[many]
        return {root: said}
    import cssselect2
    found: dict[Any, dict[str, str]] = {}
    for wrapped in cssselect2.ElementWrapper.from_xml_root(root).iter_subtree():
        for match in sheets.match(wrapped):
            for key, value in match[3][1].items():
                if key in LINKED and "url(" in str(value):
                    said = found.setdefault(wrapped.etree_element, {})
                    if str(value) not in said.get(key, ""):
                        said[key] = f"{said.get(key, '')} {value}"
    return found


def _loop(element: Any, part: Any, linked: list[tuple[Any, str, str]]) -> str:
    """The <use> or reference through which element draws part, with its line."""
    for target, said, _ in linked:
        if target is part:
            return f"{said} at line {element.sourceline}"
    return f"<use> at line {_use_line(element, part)}"


def _drawn_parts(element: Any, ids: dict[str, Any]) -> list[Any]:
    """The element's children, and for a <use> what it refers to (where the file has it)."""
    parts = [child for child in element if isinstance(child.tag, str)]
    if element.tag == f"{SVG}use":
        target = href_target(element, ids)
        if target is not None:
            parts.append(target)
    return parts


def _use_line(element: Any, part: Any) -> int:
    """The line of the <use> through which element draws part (element itself, or its child)."""
    if element.tag == f"{SVG}use" and part not in element:
        return int(element.sourceline)
    return int(part.sourceline)


def _numbers(element: Any) -> int:
    """The numbers of the element's path data (d) or points."""
    text = element.get("d") or element.get("points") or ""
    return sum(1 for _ in _NUMBER.finditer(text)) if text else 0


def _check_element(element: Any, where: str) -> None:
    if not isinstance(element.tag, str):
        return
    name = element.tag.removeprefix(SVG)
    if name.rsplit("}", 1)[-1] in REFUSED:           # a <script> in any namespace (XHTML's too)
        what = REFUSED[name.rsplit("}", 1)[-1]]
        raise InputError(f"{where}: the SVG picture holds {what} at line {element.sourceline}; expected "
                         f"shapes, paths and their styles only")
    for key, value in element.attrib.items():
        local = key.rsplit("}", 1)[-1]
        if local.lower().startswith("on"):
            raise InputError(f"{where}: the SVG picture holds a script ({local}=...) at line "
                             f"{element.sourceline}; expected none")
        if (key == XLINK or local == "href") and not value.strip().startswith("#"):
            raise InputError(f"{where}: the SVG picture refers to {value[:60]!r} at line {element.sourceline}; "
                             f"expected no reference out of the file (only #id)")
        if local == "style" or "url(" in value:
            _check_css(value, where, element.sourceline)
    if name == "style":
        _check_css(element.text or "", where, element.sourceline)


def _check_css(text: str, where: str, line: int) -> None:
    if "@import" in text.lower():
        raise InputError(f"{where}: the SVG picture's style imports another file at line {line}; expected none")
    for target in _URL.findall(text):
        if not target.startswith("#"):
            raise InputError(f"{where}: the SVG picture refers to {target[:60]!r} at line {line}; expected no "
                             f"reference out of the file (only url(#id))")


def _size(root: Any, where: str) -> tuple[int, int]:
    """width and height in CSS pixels, else the viewBox's."""
    sizes = [_length(root.get(key)) for key in ("width", "height")]
    box = view_box(root)
    if None in sizes and box is not None:
        view = [box[2], box[3]]
        if sizes[0] is None and sizes[1] is not None and view[1] > 0:
            sizes[0] = sizes[1] * view[0] / view[1]
        elif sizes[1] is None and sizes[0] is not None and view[0] > 0:
            sizes[1] = sizes[0] * view[1] / view[0]
        elif sizes[0] is None and sizes[1] is None:
            sizes = list(view)
    if any(size is not None and not size < MAX_PIXELS for size in sizes):     # the viewBox's ratio can overflow
        raise InputError(f"{where}: the SVG picture's width or height is over {MAX_PIXELS:,} pixels; expected a "
                         f"smaller SVG picture (its width and height)")
    width, height = (round(size) if size is not None else 0 for size in sizes)
    if width < 1 or height < 1:
        raise InputError(f"{where}: the SVG picture has no size; expected width and height (such as "
                         f"width=\"300\" height=\"200\") or a viewBox")
    return width, height


def view_box(root: Any) -> tuple[float, float, float, float] | None:
    """The root's viewBox (x, y, width, height), None where it has none or it is not
    four finite numbers (which renderers draw as if it had none)."""
    box = (root.get("viewBox") or "").replace(",", " ").split()
    try:
        x, y, width, height = (float(part) for part in box)
    except ValueError:                  # not a number, or not four of them
        return None
    return (x, y, width, height) if all(map(math.isfinite, (x, y, width, height))) else None


def _length(text: str | None) -> float | None:
    match = _SIZE.match(text or "")
    if match is None or match.group(2) not in CSS_PX:
        return None                      # absent, a percentage or an unknown unit: the viewBox decides
    length = float(match.group(1)) * CSS_PX[match.group(2)]
    return length if math.isfinite(length) else None      # "1e400": no length, as renderers read it


def rasterised(path: Path, size: tuple[int, int],
               view: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)) -> Image:
    """The picture drawn at size (pixels, stretched to it as every picture is), RGBA,
    by resvg with printgen's own fonts only (it holds no text: svg_size refuses it);
    only the part of it view gives (left, top, right, bottom, as fractions of its
    width and height), where it gives one."""
    import resvg_py
    from lxml import etree
    from PIL import Image as PILImage
    root = parsed(read_bytes(path, str(path), max_bytes=MAX_BYTES, what="an SVG picture"), str(path))
    _stretch(root, size, view)
    try:
        with _unheard():
            png = resvg_py.svg_to_bytes(svg_string=etree.tostring(root, encoding="unicode"),
                                        skip_system_fonts=True, dpi=96)     # CSS units: 96 px an inch
    except ValueError as error:         # (what svg_size lets through it draws: this is a last guard)
        raise InputError(f"{display_path(path)}: resvg cannot draw the SVG picture ({error}); expected a simpler SVG "
                         f"picture") from None
    except BaseException as error:      # (pyo3's PanicException is no Exception)
        if type(error).__name__ != "PanicException":
            raise
        raise InputError(f"{display_path(path)}: resvg cannot draw the SVG picture (it stopped drawing a shape or stroke "
                         f"billions of pixels large); expected a simpler SVG picture") from None
    picture = PILImage.open(io.BytesIO(bytes(png)))
    picture.load()
    return picture.convert("RGBA") if picture.size == size else picture.convert("RGBA").resize(size)


@contextmanager
def _unheard() -> Iterator[None]:
    """Standard error (the file descriptor) kept from resvg while it draws: where it
    panics (tiny-skia does on a stroke or a shape billions of pixels large: a stroke
    width of 1e10), Rust prints the panic and its backtrace there itself, before Python
    has it as an exception, which printgen says in one line."""
    try:
        sys.stderr.flush()
        kept = os.dup(2) if sys.stderr.fileno() == 2 else None
    except (AttributeError, OSError, ValueError):   # (no standard error: a process started without it
        kept = None                                 # has None, and file descriptor 2 may be another file)
    if kept is None:
        yield
        return
    try:
        with open(os.devnull, "wb") as nowhere:
            os.dup2(nowhere.fileno(), 2)
        yield
    finally:
        os.dup2(kept, 2)
        os.close(kept)


def _stretch(root: Any, size: tuple[int, int],
             view: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)) -> None:
    """The root made size pixels large, its drawing (the part view gives) stretched to
    fill them as a raster picture is (the box has the picture's aspect ratio unless the
    template says otherwise)."""
    if view_box(root) is None:
        width, height = (_length(root.get(key)) for key in ("width", "height"))
        root.set("viewBox", f"0 0 {width or 0:g} {height or 0:g}")
    if view != (0.0, 0.0, 1.0, 1.0):
        x, y, width, height = view_box(root) or (0.0, 0.0, 0.0, 0.0)
        left, top, right, bottom = view
        root.set("viewBox", f"{x + left * width!r} {y + top * height!r} "
                            f"{(right - left) * width!r} {(bottom - top) * height!r}")
    root.set("width", str(size[0]))
    root.set("height", str(size[1]))
    root.set("preserveAspectRatio", "none")


def _unlike_aspect(root: Any) -> bool:
    """Whether the root's viewBox has another aspect ratio than its width and height
    (where it does, SVG fits the one into the other unless preserveAspectRatio is none)."""
    box = view_box(root)
    sizes = [_length(root.get(key)) for key in ("width", "height")]
    view = [box[2], box[3]] if box is not None else []
    if len(view) != 2 or min(view) <= 0 or None in sizes or not all(sizes):
        return False
    width, height = sizes
    return abs(width * view[1] - height * view[0]) > 1e-6 * width * view[1]      # type: ignore[operator]


class SheetGap(ValueError):
    """A style sheet svglib cannot take: one it cannot read, or one too costly to match."""


def style_sheets(root: Any) -> Any:
    """svglib's matcher of the picture's style sheets (svglib.CSSMatcher, read as svglib
    reads them), or None where it has none. SheetGap, saying which, where svglib cannot
    read one (a bad selector: svglib would fail on it), or where reading and matching
    them could cost more than MAX_STYLE_TESTS tests: each element is tested against
    each selector, and reading a selector costs about as much as READ_TESTS tests, so
    a selector is counted for each rule and each comma of a sheet (before it is read),
    times the picture's elements plus READ_TESTS."""
    sheets = [one.text for one in root.iter(f"{SVG}style") if one.text]
    if not sheets:
        return None
    selectors = sum(sheet.count("{") + sheet.count(",") for sheet in sheets)
    if selectors * (sum(1 for _ in root.iter()) + READ_TESTS) > MAX_STYLE_TESTS:
        raise SheetGap("a style sheet too large to match against the picture")
    from svglib.svglib import CSSMatcher
    matcher = CSSMatcher()
    try:
        for sheet in sheets:
            matcher.add_styles(sheet)
    except (ValueError, AttributeError, TypeError, IndexError) as error:       # cssselect2's SelectorError is a ValueError
        raise SheetGap("a style sheet svglib cannot read") from error
    return matcher


def styled_clips(root: Any, matcher: Any) -> bool:
    """Clip paths set in a style attribute or a style sheet (as Illustrator sets them)
    made clip-path attributes, which svglib reads (it leaves the others out), the style
    sheets' matched as svglib matches them (matcher: style_sheets(root)); whether there
    was one."""
    sheets = any(one.text and "clip-path" in one.text for one in root.iter(f"{SVG}style"))
    if not sheets and not any(isinstance(one.tag, str) and "clip-path" in (one.get("style") or "")
                              for one in root.iter()):
        return False
    import cssselect2
    for wrapped in cssselect2.ElementWrapper.from_xml_root(root).iter_subtree():
        element = wrapped.etree_element
        value = element.get("clip-path")
        for match in matcher.match(wrapped) if sheets else ():
            value = match[3][1].get("clip-path", value)
        for key, said in DECLARATION.findall(element.get("style") or ""):
            value = said.strip() if key.strip().lower() == "clip-path" else value
        if value:
            element.set("clip-path", value)
    return True


def drawing(path: Path) -> Any:
    """The picture as a reportlab Drawing (svglib), for the PDF renderer, its viewBox
    stretched to its width and height as rasterised() stretches it; SheetGap where its
    style sheets are one (render/pdfsvg.py places such a picture as resvg's instead)."""
    from lxml import etree
    from svglib.svglib import svg2rlg
    data = read_bytes(path, str(path), max_bytes=MAX_BYTES, what="an SVG picture")
    root = parsed(data, str(path))
    moved = styled_clips(root, style_sheets(root))
    if _unlike_aspect(root):
        root.set("preserveAspectRatio", "none")
        moved = True
    if moved:
        data = etree.tostring(root)
    _quiet("svglib")
    found = svg2rlg(io.BytesIO(data))
    if found is None:
        raise InputError(f"{path}: not a readable SVG picture; expected an SVG file")
    _even_dashes(found)
    return found


def _quiet(name: str) -> None:
    """The library's log (Python's logging, which svglib writes what it leaves out to)
    kept from the terminal: its records go to no handler and not on to the root
    logger, whose last-resort handler would print them. printgen says itself what it
    draws otherwise (a picture svglib would draw otherwise is resvg's: vector_gap)."""
    import logging
    logger = logging.getLogger(name)
    if not logger.handlers:
        logger.addHandler(logging.NullHandler())
    logger.propagate = False


def _even_dashes(node: Any) -> None:
    """Each dash pattern of an odd number of lengths written twice over, as SVG reads it
    ("20 10 5" is "20 10 5 20 10 5"). PDF means the same by an odd array, but not every
    PDF renderer reads it so (PDFium before 5 drew it otherwise); an even one they all do."""
    dashes = getattr(node, "strokeDashArray", None)
    if isinstance(dashes, (list, tuple)) and dashes:
        phased = len(dashes) == 2 and isinstance(dashes[1], (list, tuple))      # (phase, lengths)
        phase, lengths = (dashes[0], dashes[1]) if phased else (None, dashes)
        if len(lengths) % 2:
            lengths = list(lengths) * 2
            node.strokeDashArray = lengths if phase is None else (phase, lengths)
    for child in getattr(node, "contents", ()):
        _even_dashes(child)
