"""Die files (decks/dice/) and part files (decks/parts/) -> Die and Part."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printgen.model.pieces import Die, Part, PartKind
from printgen.reading import display_path
from printgen.spec.places import find_template
from printgen.spec.schema import Checker
from printgen.spec.template import load_template
from printgen.spec.yamlload import load_file

DIE_KEYS = ["name", "title", "template", "edge", "tab", "count", "faces"]
PART_KEYS = ["name", "title", "kind", "template", "size", "overlap", "gap", "count"]


def load_die(path: Path) -> Die:
    """A die file, checked (every problem is reported with its line), with its template loaded."""
    doc = load_file(path, display_path(path))
    check = Checker(doc)
    data = check.mapping(doc.data, (), DIE_KEYS, required=["name", "template", "edge", "tab", "faces"])
    edge = check.length(data.get("edge"), ("edge",))
    tab = check.length(data.get("tab"), ("tab",))
    count = check.integer(data.get("count"), ("count",), default=1, minimum=1)
    faces = data.get("faces")
    if not isinstance(faces, list) or len(faces) != 6:
        check.fail(("faces",), "expected a list of six faces (1..6; opposite faces 1-6, 2-5, 3-4)")
        faces = []
    fields = tuple(_face_fields(check, face, i) for i, face in enumerate(faces))
    if "edge" in data and edge <= 0:
        check.fail(("edge",), "expected an edge length greater than zero")
    check.raise_errors()
    name = check.file_name(data.get("name"), ("name",))
    title = check.text(data.get("title"), ("title",), default=name) or name
    check.raise_errors()
    template = load_template(find_template(str(data["template"]), path, f"{doc.source} template"))
    return Die(name, title, doc.source, template, edge, tab, count, fields)


def _face_fields(check: Checker, face: Any, index: int) -> dict[str, str]:
    if not isinstance(face, dict):
        check.fail(("faces", index), "expected a mapping of field names to text, e.g. {value: '+5'}")
        return {}
    return {str(k): check.text(v, ("faces", index, k)) for k, v in face.items()}


def load_part(path: Path) -> Part:
    """A part file (a board or tokens), checked (every problem with its line), with its
    template loaded."""
    doc = load_file(path, display_path(path))
    check = Checker(doc)
    data = check.mapping(doc.data, (), PART_KEYS, required=["name", "kind", "template", "size"])
    kind = check.choice(data.get("kind"), ("kind",), [k.value for k in PartKind], "board")
    size = check.mapping(data.get("size"), ("size",), ["width", "height"], required=["width", "height"])
    width = check.length(size.get("width"), ("size", "width"))
    height = check.length(size.get("height"), ("size", "height"))
    overlap = check.length(data.get("overlap"), ("overlap",), default="12mm")
    gap = check.length(data.get("gap"), ("gap",), default="4mm")
    count = check.integer(data.get("count"), ("count",), default=1, minimum=1)
    name = check.file_name(data.get("name"), ("name",))
    title = check.text(data.get("title"), ("title",), default=name) or name
    check.raise_errors()
    template = load_template(find_template(str(data["template"]), path, f"{doc.source} template"))
    return Part(name, title, PartKind(kind), doc.source, template,
                width, height, count, overlap, gap)
