"""A project's own templates/shapes.yaml: its shapes are added to printgen's and hide
those of the same name (a template's own `shapes:` hide both); it is checked as
printgen's is, every mistake located; a link out of the project is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.errors import InputError, SpecError
from printgen.layout.face import context_for, layout_side
from printgen.layout.page import Frame
from printgen.layout.primitives import Ellipse, Polygon
from printgen.spec.template import builtin_shapes, load_template, project_shapes_file
from printgen.units import mm, pt

FRAME = Frame(pt(180), pt(180), 0.0, pt(5))
SHAPES = """\
# the project's shapes
circle:
  - polygon: "0,-1 1,0 0,1 -1,0"
blob:
  - ellipse: "0,0,1,0.5"
"""
TEMPLATE = """\
elements:
  - {kind: shape, shape: blob, cx: 20mm, cy: 30mm, size: 20mm, fill: "#000000"}
  - {kind: shape, shape: circle, cx: 20mm, cy: 30mm, size: 20mm, fill: "#000000"}
  - {kind: shape, shape: square, cx: 20mm, cy: 30mm, size: 20mm, fill: "#000000"}
"""


def project(folder: Path, shapes: str, template: str = TEMPLATE) -> Path:
    (folder / "decks").mkdir()
    (folder / "templates").mkdir()
    (folder / "templates" / "shapes.yaml").write_text(shapes, encoding="utf-8")
    path = folder / "templates" / "t.yaml"
    path.write_text(template, encoding="utf-8")
    load_template.cache_clear()
    project_shapes_file.cache_clear()
    return path


def drawn(path: Path) -> list:
    found = load_template(path)
    return layout_side(found, FRAME, context_for(FRAME, found), "test")


def corners(prim: Polygon) -> list[tuple[float, float]]:
    return [(round(mm(x), 3), round(mm(y), 3)) for x, y in prim.points]


def test_a_projects_shapes_are_added_to_printgens_and_hide_those_of_the_same_name(tmp_path):
    blob, circle, square = drawn(project(tmp_path, SHAPES))
    assert isinstance(blob, Ellipse)
    assert [round(mm(v), 3) for v in (blob.cx, blob.cy, blob.rx, blob.ry)] == [20, 30, 10, 5]
    assert isinstance(circle, Polygon)          # the project's diamond, not printgen's round circle
    assert corners(circle) == [(20, 20), (30, 30), (20, 40), (10, 30)]
    assert isinstance(square, Polygon)          # printgen's own, still there
    assert corners(square) == [(20 + x * 10, 30 + y * 10) for x, y in
                               zip(builtin_shapes()["square"][0].numbers[0::2],
                                   builtin_shapes()["square"][0].numbers[1::2], strict=True)]


def test_a_templates_own_shapes_hide_the_projects(tmp_path):
    own = "shapes:\n  blob:\n    - polygon: \"0,-1 1,1 -1,1\"\n" + TEMPLATE
    blob, circle, _ = drawn(project(tmp_path, SHAPES, own))
    assert isinstance(blob, Polygon) and corners(blob) == [(20, 20), (30, 40), (10, 40)]
    assert isinstance(circle, Polygon) and corners(circle) == [(20, 20), (30, 30), (20, 40), (10, 30)]


def test_a_mistake_in_a_projects_shapes_is_located(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = project(tmp_path, SHAPES.replace('"0,0,1,0.5"', '"0,0,1,500"'))
    with pytest.raises(SpecError, match=r"^templates/shapes\.yaml:5 blob\[0\]\.ellipse: expected four numbers "
                                        r"'cx,cy,rx,ry' in the shape's unit frame, got '0,0,1,500'$"):
        load_template(path)


def test_a_projects_shapes_file_that_links_out_of_it_is_refused(tmp_path):
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text(SHAPES, encoding="utf-8")
    (tmp_path / "game").mkdir()
    path = project(tmp_path / "game", SHAPES)
    shapes = path.parent / "shapes.yaml"
    shapes.unlink()
    shapes.symlink_to(outside)
    with pytest.raises(InputError, match="shapes file 'templates/shapes.yaml' .*is a link that leads out of its "
                                         "project"):
        load_template(path)
