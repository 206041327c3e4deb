"""Layout templates: YAML files of drawing elements, found by name in templates/.

A template is data: a palette of colours, optional named shapes, and a list of
elements (rect, ellipse, shape, polygon, line, text, image) placed with lengths
relative to the trim box. String values may hold Jinja2 expressions over the card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from printgen.errors import TemplateError
from printgen.spec.expr import is_template
from printgen.spec.schema import Checker
from printgen.spec.yamlload import Located, load_file

COMMON = ["kind", "when", "mirror"]
BOX = ["x", "y", "w", "h", "box"]
PAINT = ["fill", "stroke", "stroke_width", "dash"]
KINDS: dict[str, list[str]] = {
    "rect": BOX + PAINT + ["radius"],
    "ellipse": ["cx", "cy", "rx", "ry", "r"] + PAINT,
    "shape": ["shape", "cx", "cy", "size"] + PAINT,
    "polygon": ["points"] + PAINT,
    "line": ["x1", "y1", "x2", "y2", "stroke", "stroke_width", "dash"],
    "text": BOX + ["text", "font", "size", "min_size", "color", "align", "valign",
                   "line_height", "wrap", "rotate", "field"],
    "image": BOX + ["src", "fit", "rotate"],
}
TEMPLATE_KEYS = ["description", "colors", "shapes", "elements"]


@dataclass(frozen=True)
class Template:
    name: str
    path: Path
    doc: Located
    colors: dict[str, str]
    shapes: dict[str, Any]
    elements: tuple[dict[str, Any], ...]
    static: tuple[bool, ...]         # per element: True where no value holds an expression

    def where(self, index: int, key: str | None = None) -> str:
        path: tuple[str | int, ...] = ("elements", index) + ((key,) if key else ())
        suffix = f".{key}" if key else ""
        return f"{self.doc.source}:{self.doc.line(path)} elements[{index}]{suffix}"


def template_dirs(deck_file: Path) -> list[Path]:
    from printgen.spec import search_roots
    deck_dir = deck_file.resolve().parent
    dirs = [deck_dir.parent / "templates", deck_dir] + [root / "templates" for root in search_roots()]
    return list(dict.fromkeys(dirs))


def find_template(name: str, deck_file: Path, where: str) -> Path:
    """A template by name (searched in the template folders) or by path from the deck."""
    if name.endswith((".yaml", ".yml")) or "/" in name:
        path = (deck_file.parent / name)
        if path.is_file():
            return path
        raise TemplateError(f"{where}: template file {name!r} not found (looked at {path})")
    for folder in template_dirs(deck_file):
        path = folder / f"{name}.yaml"
        if path.is_file():
            return path
    raise TemplateError(f"{where}: template {name!r} not found; expected a file {name}.yaml "
                        f"in templates/ beside the deck's folder, or a path to a template file")


@lru_cache(maxsize=64)
def load_template(path: Path) -> Template:
    from printgen.spec import display_path
    doc = load_file(path, display_path(path))
    check = Checker(doc)
    data = check.mapping(doc.data, (), TEMPLATE_KEYS, required=["elements"])
    colors = data.get("colors") or {}
    if not isinstance(colors, dict):
        check.fail(("colors",), "expected a mapping of colour names to '#rrggbb' values")
        colors = {}
    elements = data.get("elements")
    if not isinstance(elements, list):
        check.fail(("elements",), "expected a list of elements")
        elements = []
    for i, element in enumerate(elements):
        if not isinstance(element, dict) or element.get("kind") not in KINDS:
            got = element.get("kind") if isinstance(element, dict) else element
            check.fail(("elements", i, "kind"), f"expected a kind of {', '.join(KINDS)}, got {got!r}")
            continue
        check.mapping(element, ("elements", i), COMMON + KINDS[element["kind"]])
    check.raise_errors()
    static = tuple(not any(isinstance(v, str) and is_template(v) for v in element.values())
                   for element in elements)
    return Template(path.stem, path, doc, {str(k): str(v) for k, v in colors.items()},
                    dict(data.get("shapes") or {}), tuple(elements), static)
