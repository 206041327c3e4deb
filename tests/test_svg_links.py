"""What an SVG picture draws by url(#id), bounded as what a <use> draws is: a pattern
in every shape it fills, a marker on every vertex, a clip path, mask or filter for
every element set with it, each counted in the elements drawn; a reference that
draws itself (a loop) is one located error at read time."""

from __future__ import annotations

import pytest

from cputime import cpu_seconds
from test_svg_pictures import OPEN, refused


def rects(count: int) -> str:
    return '<rect width="1" height="1"/>' * count


def nested(kind: str, levels: int, each: int) -> str:
    """levels of `kind` (pattern, clipPath, mask), each holding `each` rects set with the level below."""
    key = {"pattern": "fill", "clipPath": "clip-path", "mask": "mask"}[kind]
    parts = [f'<{kind} id="a0" width="4" height="4">{rects(1)}</{kind}>']
    for level in range(1, levels + 1):
        parts.append(f'<{kind} id="a{level}" width="4" height="4">'
                     + f'<rect width="1" height="1" {key}="url(#a{level - 1})"/>' * each + f"</{kind}>")
    return f'{OPEN}\n<defs>{"".join(parts)}</defs>\n<rect width="9" height="9" {key}="url(#a{levels})"/></svg>'


def zigzag(vertices: int) -> str:
    return "M0 0 " + " ".join(f"L{index % 2} {index / vertices:.4f}" for index in range(1, vertices))


@pytest.mark.parametrize("svg", [
    nested("pattern", 3, 5),
    nested("clipPath", 3, 5),
    nested("mask", 3, 5),
    f'{OPEN}\n<defs><marker id="m">{rects(3)}</marker></defs>\n<path d="{zigzag(30)}" marker-mid="url(#m)"/></svg>',
    f'{OPEN}\n<defs><marker id="m">{rects(3)}</marker></defs>\n'
    f'<g style="marker-mid: url(#m)"><path d="{zigzag(30)}"/></g></svg>',
    f'{OPEN}\n<style>path {{ marker-end: url(#m); marker-mid: url(#m) }}</style>\n'
    f'<defs><marker id="m">{rects(3)}</marker></defs>\n<path d="{zigzag(30)}"/></svg>',
    f'{OPEN}\n<defs><pattern id="p">{rects(5)}</pattern><pattern id="q" href="#p"/></defs>\n'
    f'<g fill="url(#q)">{rects(12)}</g></svg>',
    f'{OPEN}\n<style>path {{ marker-mid: url(#m) }}</style>\n'           # the sheet outranks the attribute
    f'<defs><marker id="m">{rects(3)}</marker></defs>\n<path d="{zigzag(30)}" marker-mid="none"/></svg>',
])
def test_what_references_draw_is_counted_against_the_element_bound(cli, tmp_path, monkeypatch, svg):
    """Each draws 60 to 160 elements from 10 to 30 in the file (a marker's three rects on
    each of 30 vertices, three levels of five patterns, twelve rects filled with a
    pattern of five taken by href)."""
    import printgen.vector
    monkeypatch.setattr(printgen.vector, "MAX_ELEMENTS", 50)
    said = refused(cli, tmp_path, svg)
    assert "more than 50 elements drawn" in said and "pattern, marker, clip path, mask or filter" in said


@pytest.mark.parametrize("body, says", [
    ('<defs><pattern id="a" width="4" height="4">\n<rect width="1" height="1" fill="url(#b)"/></pattern>'
     '<pattern id="b" width="4" height="4"><rect width="1" height="1" fill="url(#a)"/></pattern></defs>'
     '<rect width="9" height="9" fill="url(#a)"/>', "fill=url(#"),
    ('<defs><pattern id="a" href="#b"/>\n<pattern id="b" xlink:href="#a"/></defs>'
     '<rect width="9" height="9" fill="url(#a)"/>', 'href="#a" at line 3'),
    ('<defs><clipPath id="c">\n<rect width="1" height="1" clip-path="url(#c)"/></clipPath></defs>'
     '<rect width="9" height="9" clip-path="url(#c)"/>', "clip-path=url(#c) at line 3"),
    ('<defs><marker id="m">\n<path d="M0 0 L1 1 L2 0" style="marker-mid:url(#m)"/></marker></defs>'
     '<path d="M0 0 L1 1 L2 0" marker-mid="url(#m)"/>', "marker-mid=url(#m) at line 3"),
])
def test_a_reference_that_draws_itself_is_refused_at_its_line(cli, tmp_path, body, says):
    said = refused(cli, tmp_path, f"{OPEN}\n{body}\n</svg>\n")
    assert says in said and "a loop" in said, said


def test_a_marker_bomb_is_refused_in_moments(cli, tmp_path):
    """A hundred rects on each vertex of a path of 50,000 took resvg 33 s."""
    svg = (f'{OPEN}<defs><marker id="m" markerWidth="9" markerHeight="9">{rects(100)}</marker></defs>'
           f'<path d="{zigzag(50_000)}" fill="none" marker-mid="url(#m)"/></svg>')
    start = cpu_seconds()
    said = refused(cli, tmp_path, svg)
    assert cpu_seconds() - start < 5
    assert "more than 100,000 elements drawn" in said


def test_a_pattern_bomb_is_refused_in_moments(cli, tmp_path):
    """Six levels of ten patterns, each filled with the level below, took resvg two minutes."""
    start = cpu_seconds()
    said = refused(cli, tmp_path, nested("pattern", 6, 10))
    assert cpu_seconds() - start < 5
    assert "more than 30 layers drawn" in said      # (each shape a pattern fills is a layer: the first bound past)

