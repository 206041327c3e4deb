"""Layout templates: YAML files of drawing elements, found by name in templates/.

A template is data: a palette of colours, optional named shapes, and a list of
elements (rect, ellipse, shape, polygon, line, text, image) placed with lengths
relative to the trim box. String values may hold Jinja2 expressions over the card;
they are evaluated in layout, for each card. Named shapes (printgen's
templates/shapes.yaml, the project's own templates/shapes.yaml, and a template's own
`shapes:`, each winning over the one before) are checked here and handed to layout
with the template, as are its icons and the shelf its pictures are looked up on.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from printgen.errors import InputError, TemplateError, quoted, shown
from printgen.lang.plain import is_template
from printgen.limits import limit
from printgen.model.template import Element, ElementKind, Shape, ShapePart, Template, hex_colour
from printgen.pictures import check_picture
from printgen.reading import display_path
from printgen.spec.fonts import project_fonts, read_fonts
from printgen.spec.pictures import Shelf
from printgen.spec.places import (
    builtin_file,
    confine,
    home_folders,
    link_out,
    no_file,
    project_file,
    real,
)
from printgen.spec.schema import Checker
from printgen.spec.yamlload import KeyPath, format_path, load_file

COMMON = ["kind", "when", "mirror"]
WHEN_WORDS = ("", "true", "false", "yes", "no", "1", "0", "none")    # `when` values that are not expressions
BOX = ["x", "y", "w", "h", "box"]
PAINT = ["fill", "stroke", "stroke_width", "dash"]
KINDS: dict[str, list[str]] = {
    "rect": BOX + PAINT + ["radius"],
    "ellipse": ["cx", "cy", "rx", "ry", "r"] + PAINT,
    "shape": ["shape", "cx", "cy", "size"] + PAINT,
    "polygon": ["points"] + PAINT,
    "line": ["x1", "y1", "x2", "y2", "stroke", "stroke_width", "dash"],
    "text": BOX + ["text", "font", "size", "min_size", "color", "align", "valign",
                   "line_height", "wrap", "rotate", "field", "markup", "lang", "hyphenate"],
    "image": BOX + ["src", "fit", "rotate"],
    "markdown": BOX + ["text", "size", "headings", "color", "accent", "line_height", "gap", "indent"],
    "group": ["each", "as", "x", "y", "elements"],
}
MAX_DEPTH = limit("group_depth")                    # groups inside groups
MAX_POINTS = limit("shape_points")                 # points of one polygon of a named shape
TEMPLATE_KEYS = ["description", "colors", "define", "shapes", "icons", "fonts", "elements"]


@lru_cache(maxsize=64)
def load_template(path: Path) -> Template:
    """A template file, checked: its keys, each element's kind and keys, its colours and
    shapes. Values are kept as text, to be evaluated for each card in layout."""
    doc = load_file(path, display_path(path))
    check = Checker(doc)
    data = check.mapping(doc.data, (), TEMPLATE_KEYS, required=["elements"])
    colors = data.get("colors") or {}
    if not isinstance(colors, dict):
        check.fail(("colors",), "expected a mapping of colour names to '#rrggbb' values")
        colors = {}
    palette = _palette(check, colors)
    shapes = read_shapes(check, data.get("shapes") or {}, ("shapes",))
    elements = _elements(check, data.get("elements"), ("elements",), 0)
    define = _define(check, data.get("define") or {})
    icons = _icons(check, data.get("icons") or {}, path)
    fonts = read_fonts(check, data.get("fonts"), path)
    check.raise_errors()
    template = Template(path.stem, path, doc.source, palette,
                        {**builtin_shapes(), **project_shapes(path), **shapes}, elements, Shelf(path, error=TemplateError),
                        define, icons, {**project_fonts(path), **fonts}, tuple(fonts))
    _shelve_pictures(template, template.elements)
    return template


def _palette(check: Checker, colors: dict[Any, Any]) -> dict[str, str]:
    """The template's colours by name, each '#rrggbb', '#rgb' or none (an element that
    names one takes it as written: a mistyped colour is told here, at its own line)."""
    palette: dict[str, str] = {}
    for name, value in colors.items():
        if value is None:                       # `star: #7b4fa0` unquoted: YAML reads a comment
            check.fail(("colors", name), "expected a colour '#rrggbb' in quotes (YAML reads an unquoted # as "
                                         "the start of a comment), got nothing")
            continue
        text = palette[str(name)] = check.text(value, ("colors", name))
        if isinstance(value, (str, int, float)) and text.lower() != "none" and hex_colour(text) is None:
            check.fail(("colors", name), f"expected a colour '#rrggbb' (or '#rgb', or none), got {text!r}")
    return palette


def _shelve_pictures(template: Template, elements: tuple[Element, ...]) -> None:
    """Find and check now every picture an image element names without an expression
    (the same for every card), so layout finds it on the template's shelf; a name
    that holds an expression is looked up as each card is laid out."""
    for element in elements:
        src = element.values.get("src")
        if element.kind is ElementKind.IMAGE and isinstance(src, str) and not is_template(src):
            template.pictures(src, template.where(element, "src"))
        _shelve_pictures(template, element.children)


def _icons(check: Checker, raw: Any, path: Path) -> tuple[tuple[str, Path], ...]:
    """Pictures for inline icons, by name: files where the template's image elements
    find theirs (beside it or below it, or elsewhere in its project: confine())."""
    if not isinstance(raw, dict):
        check.fail(("icons",), "expected a mapping of icon names to picture files such as {coin: coin.png}")
        return ()
    folder = real(path).parent
    found = []
    for name, value in raw.items():
        src = check.text(value, ("icons", name))
        try:                                    # a link that loops, a NUL character: no traceback
            picture: Path | None = confine(path, src, "icon")
        except InputError:
            picture = None
        if picture is None:
            link = link_out(folder, src, home_folders(path))
            check.fail(("icons", name), f"expected a picture file beside the template or in its project, got "
                                        f"{quoted(src)}" if link is None else
                       f"{link} out of the template's folders; expected a picture file beside the template "
                       f"or in its project: a link out is never followed")
            continue
        if not picture.is_file():
            check.fail(("icons", name), f"expected a picture file beside the template or in its project, got "
                                        f"{src!r}: {no_file(path, src)}")
            continue
        try:
            check_picture(picture, f"{check.doc.source} icons.{name}")
        except InputError as error:
            check.fail(("icons", name), str(error).split(": ", 1)[-1])
            continue
        found.append((str(name), picture))
    return tuple(found)


def _define(check: Checker, raw: Any) -> tuple[tuple[str, str, int], ...]:
    """Named values (bare Jinja2 expressions), computed in order for each side."""
    if not isinstance(raw, dict):
        check.fail(("define",), "expected a mapping of names to expressions such as {edge: 'safe + 3'}")
        return ()
    found = []
    for name, value in raw.items():
        if not str(name).isidentifier():
            check.fail(("define", name), f"expected a name of letters, digits and _, got {name!r}")
        found.append((str(name), check.text(value, ("define", name)), check.doc.line(("define", name)) or 0))
    return tuple(found)


def _elements(check: Checker, raw: Any, path: KeyPath, depth: int) -> tuple[Element, ...]:
    if not isinstance(raw, list):
        check.fail(path, "expected a list of elements")
        return ()
    if depth > MAX_DEPTH:
        check.fail(path, f"expected groups nested at most {MAX_DEPTH} deep")
        return ()
    found = (_element(check, element, path + (i,), depth) for i, element in enumerate(raw))
    return tuple(element for element in found if element is not None)


def _element(check: Checker, raw: Any, path: KeyPath, depth: int) -> Element | None:
    if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str) or raw["kind"] not in KINDS:
        got = raw.get("kind") if isinstance(raw, dict) else raw
        check.fail(path + ("kind",), f"expected a kind of {', '.join(KINDS)}, got {shown(got)}")
        return None
    kind = ElementKind(raw["kind"])
    check.mapping(raw, path, COMMON + KINDS[kind.value],
                  required=["each", "elements"] if kind is ElementKind.GROUP else ())
    values: dict[str, str | bool] = {}
    for key, value in raw.items():
        if key == "elements" and kind is ElementKind.GROUP:
            continue
        if isinstance(value, (dict, list)):
            check.fail(path + (key,), f"expected text, got a {'mapping' if isinstance(value, dict) else 'list'}")
        elif value is not None and key != "kind":
            values[key] = value if isinstance(value, bool) else str(value)
    _check_when(check, raw.get("when"), path + ("when",))
    children = _elements(check, raw.get("elements"), path + ("elements",), depth + 1) \
        if kind is ElementKind.GROUP else ()
    static = kind is not ElementKind.GROUP and not any(isinstance(v, str) and is_template(v)
                                                      for v in values.values())
    doc = check.doc
    return Element(kind, values, static, format_path(path), doc.line(path) or 0,
                   {key: doc.line(path + (key,)) or 0 for key in values}, children)


def _check_when(check: Checker, value: Any, path: KeyPath) -> None:
    """`when` is an expression in {{ }} (or a plain true or false): written without the
    braces, as `card.index <= 3`, it would be text, true on every card."""
    if isinstance(value, str) and not is_template(value) and value.strip().lower() not in WHEN_WORDS:
        check.fail(path, f"expected an expression in {{{{ }}}}, such as '{{{{ {value.strip()} }}}}', or true or "
                         f"false, got {value!r} (text, which would be true on every card)")


def read_shapes(check: Checker, raw: Any, path: KeyPath) -> dict[str, Shape]:
    """Named shapes: each a list of parts {ellipse: "cx,cy,rx,ry"} or {polygon: "x,y x,y ..."}."""
    if not isinstance(raw, dict):
        check.fail(path, "expected a mapping of shape names to lists of parts")
        return {}
    shapes = {}
    for name, parts in raw.items():
        where = path + (name,)
        if not isinstance(parts, list) or not parts:
            check.fail(where, "expected a list of parts such as [{ellipse: '0,0,1,1'}]")
            continue
        shapes[str(name)] = tuple(part for i, item in enumerate(parts)
                                  if (part := _shape_part(check, item, where + (i,))) is not None)
    return shapes


def _shape_part(check: Checker, raw: Any, path: KeyPath) -> ShapePart | None:
    if not isinstance(raw, dict) or len(raw) != 1 or next(iter(raw)) not in ("ellipse", "polygon"):
        check.fail(path, "expected one of {ellipse: 'cx,cy,rx,ry'} or {polygon: 'x,y x,y ...'}")
        return None
    kind, text = next(iter(raw.items()))
    pairs = str(text).count(",")
    if kind == "polygon" and pairs > MAX_POINTS:
        check.fail(path + (kind,), f"{pairs:,} points; expected at most {MAX_POINTS:,} points in one shape")
        return None
    try:
        numbers = tuple(float(v) for v in str(text).replace(",", " ").split())
    except ValueError:
        numbers = ()
    wanted = len(numbers) == 4 if kind == "ellipse" else len(numbers) >= 6 and len(numbers) % 2 == 0
    if not wanted or any(abs(n) > 100 for n in numbers):
        shape = "four numbers 'cx,cy,rx,ry'" if kind == "ellipse" else "three or more 'x,y' pairs"
        check.fail(path + (kind,), f"expected {shape} in the shape's unit frame, got {text!r}")
        return None
    return ShapePart(kind, numbers)


@lru_cache(maxsize=1)
def builtin_shapes() -> dict[str, Shape]:
    """printgen's templates/shapes.yaml: the shapes every template may draw."""
    return read_shapes_file(builtin_file("templates", "shapes.yaml"))


def project_shapes(template: Path) -> dict[str, Shape]:
    """The shapes of the project a template belongs to (the folder holding its decks/ or
    templates/): its templates/shapes.yaml, if it has one and it is not printgen's own.
    They are added to printgen's, and hide those of the same name. A file that is a
    link leading out of the project is refused (places.project_file)."""
    path = project_file(template, "templates/shapes.yaml", "shapes file")
    if path is None or real(path) == real(builtin_file("templates", "shapes.yaml")):
        return {}
    return project_shapes_file(path)


@lru_cache(maxsize=8)
def project_shapes_file(path: Path) -> dict[str, Shape]:
    """A project's shapes file, read once (build --watch forgets it before each build)."""
    return read_shapes_file(path)


def read_shapes_file(path: Path) -> dict[str, Shape]:
    """A shapes file, checked: a mapping of shape names to lists of parts."""
    doc = load_file(path, display_path(path))
    check = Checker(doc)
    shapes = read_shapes(check, doc.data, ())
    check.raise_errors()
    return shapes
