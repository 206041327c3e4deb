"""Template features that let a play aid be data: `define` (named values), `group`
(elements repeated over a list, each time moved) and `markdown` (blocks flowed into a
box); and their errors, located."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.errors import FitError, SpecError, TemplateError
from printgen.layout.face import context_for, layout_side
from printgen.layout.page import Frame
from printgen.layout.primitives import Ellipse, TextRun
from printgen.spec.template import load_template
from printgen.units import mm, pt

FRAME = Frame(pt(100), pt(60), 0.0, pt(5))


def template(folder: Path, text: str, name: str = "t.yaml"):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    load_template.cache_clear()
    return load_template(path)


def lay_out(found, **values):
    return layout_side(found, FRAME, context_for(FRAME, found, **values), "test")


def test_a_group_repeats_its_elements_moved_each_time(tmp_path):
    found = template(tmp_path, """
define:
  step: "safe + 10"
elements:
  - kind: group
    each: rows
    as: row
    y: "{{ loop.index0 * 20 }}mm"
    elements:
      - kind: group
        each: row
        x: "{{ loop.index0 * step }}mm"
        elements:
          - {kind: ellipse, cx: 2mm, cy: 3mm, r: 1mm, fill: "#000000"}
          - {kind: text, text: "{{ item }}", x: 0mm, y: 0mm, w: 10mm, h: 5mm}
""")
    prims = lay_out(found, rows=[["a", "b", "c"], ["d"]])
    centres = [(round(mm(p.cx), 3), round(mm(p.cy), 3)) for p in prims if isinstance(p, Ellipse)]
    assert centres == [(2, 3), (17, 3), (32, 3), (2, 23)]
    assert [p.text for p in prims if isinstance(p, TextRun)] == ["a", "b", "c", "d"]


def test_markdown_flows_into_its_box_or_says_how_far_over(tmp_path):
    found = template(tmp_path, """
elements:
  - {kind: markdown, text: "{{ body }}", x: 5mm, y: 5mm, w: 80mm, h: 40mm, size: 8pt}
""")
    prims = lay_out(found, body="### Heading\n\nSome **bold** words.\n\n- one\n- two\n")
    runs = [p for p in prims if isinstance(p, TextRun)]
    assert [r.text.strip() for r in runs][:2] == ["Heading", "Some"]
    assert {r.font for r in runs} >= {"sans-bold", "sans"}
    assert all(5 <= mm(r.x) and mm(r.y) <= 45 for r in runs)
    with pytest.raises(FitError, match=r"t\.yaml:3 elements\[0\]\.text \(test\): the text does not fit its 80 x 40 mm box"):
        lay_out(found, body="A long paragraph of words. " * 80)


def test_template_errors_name_the_file_line_and_key(tmp_path):
    with pytest.raises(SpecError) as error:
        template(tmp_path, """
define:
  2bad: "1"
elements:
  - kind: group
    each: rows
  - {kind: group, elements: [{kind: blob}]}
""")
    message = str(error.value)
    assert "t.yaml:3 define.2bad: expected a name of letters" in message
    assert "t.yaml:5 elements[0]: missing required key 'elements'" in message
    assert "t.yaml:7 elements[1]: missing required key 'each'" in message
    assert "t.yaml:7 elements[1].elements[0].kind: expected a kind of" in message


def test_a_group_over_something_that_is_not_a_list_is_a_located_error(tmp_path):
    found = template(tmp_path, """
elements:
  - kind: group
    each: "name"
    elements: [{kind: rect, x: 0mm, y: 0mm, w: 1mm, h: 1mm}]
""")
    with pytest.raises(TemplateError, match=r"t\.yaml:4 elements\[0\]\.each \(test\): expected a list"):
        lay_out(found, name="abc")
    with pytest.raises(TemplateError, match=r"expected at most 1000 items, got 5000"):
        lay_out(found, name=list(range(5000)))
    with pytest.raises(TemplateError, match=r"u\.yaml:3 elements\[0\]\.each \(test\): 'nothing' is undefined"):
        template(tmp_path, "elements:\n  - kind: group\n    each: nothing\n    elements: []\n", "u.yaml")
        lay_out(load_template(tmp_path / "u.yaml"))


def test_a_when_without_braces_is_a_located_error_not_true_on_every_card(tmp_path):
    with pytest.raises(SpecError) as error:
        template(tmp_path, """
elements:
  - {kind: rect, x: 0mm, y: 0mm, w: 1mm, h: 1mm, when: "card.index <= 3"}
  - kind: group
    each: "[1]"
    elements: [{kind: rect, x: 0mm, y: 0mm, w: 1mm, h: 1mm, when: "item == 1"}]
""")
    lines = str(error.value).splitlines()
    assert len(lines) == 2
    assert "t.yaml:3 elements[0].when:" in lines[0] and "'card.index <= 3'" in lines[0]
    assert "t.yaml:6 elements[1].elements[0].when:" in lines[1] and "'item == 1'" in lines[1]


@pytest.mark.parametrize("when, drawn", [("{{ card.index <= 3 }}", [1, 2, 3]), ("false", []), (True, [1, 2, 3, 4]),
                                         ("no", []), ("", [])])
def test_a_when_expression_or_truth_value_draws_on_the_cards_it_holds_for(tmp_path, when, drawn):
    import yaml
    found = template(tmp_path, yaml.safe_dump({"elements": [{"kind": "rect", "x": "0mm", "y": "0mm", "w": "1mm",
                                                             "h": "1mm", "fill": "#000000", "when": when}]}))
    assert [i for i in range(1, 5) if lay_out(found, card={"index": i})] == drawn
