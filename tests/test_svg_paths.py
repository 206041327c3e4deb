"""The segments of an SVG picture's paths, bounded: resvg's time grows with the square
of a path's crossing segments (a stroked star of 40,000 took 24 s), so a path of more
than the bound, lower where it may be stroked, is one located error at read time."""

from __future__ import annotations

import math

import pytest

from cputime import cpu_seconds
from test_svg_pictures import OPEN, refused


def star(segments: int) -> str:
    """Path data of a star of that many segments, each crossing the middle (the worst case)."""
    return "M5 5 " + " ".join(f"L{5 + 4 * math.cos(i * 2.4):.2f} {5 + 4 * math.sin(i * 2.4):.2f}"
                               for i in range(segments))


@pytest.mark.parametrize("data, count", [
    ("M0 0 L1 1 2 2 3 3z", 4),                      # three lines (one command) and the closing one
    ("M0 0 1 1 2 2", 2),                            # a moveto's later pairs are lines
    ("m0 0h1 1 1v-1-1Z", 6),
    ("M0 0 C1 1 2 2 3 3 4 4 5 5 6 6", 2),
    ("M0 0 a5 5 0 011 2", 1),                       # an arc's flags run into its next number
    ("", 0),
])
def test_a_paths_segments_are_its_commands_numbers_counted_in_segments(data, count):
    from lxml import etree

    from printgen.svgpaths import segments
    assert segments(etree.fromstring(f'<path xmlns="http://www.w3.org/2000/svg" d="{data}"/>')) == count
    polygon = etree.fromstring('<polygon xmlns="http://www.w3.org/2000/svg" points="0,0 1,1 2,0"/>')
    assert segments(polygon) == 3


@pytest.mark.parametrize("body, line", [
    (f'<path d="{star(60)}" stroke="#000"/>', 2),
    (f'<g style="stroke: #000">\n<path d="{star(60)}" fill="none"/></g>', 3),
    (f'<defs><path id="p" d="{star(60)}"/></defs>\n<use href="#p" stroke="#000"/>', 2),
    (f'<style>.a {{ stroke: red }}</style>\n<path class="a" d="{star(60)}"/>', 3),
])
def test_a_stroked_path_of_more_segments_than_the_bound_is_refused_at_its_line(cli, tmp_path, monkeypatch, body,
                                                                                line):
    import printgen.svgpaths
    monkeypatch.setattr(printgen.svgpaths, "MAX_STROKED", 50)
    said = refused(cli, tmp_path, f"{OPEN}\n{body}\n</svg>\n")
    assert f"<path> at line {line} has 60 segments, more than 50 in one stroked path" in said
    assert "simplify" in said


def test_a_filled_path_has_the_higher_bound(cli, tmp_path, monkeypatch):
    import printgen.svgpaths
    from printgen.vector import svg_size
    monkeypatch.setattr(printgen.svgpaths, "MAX_STROKED", 50)
    monkeypatch.setattr(printgen.svgpaths, "MAX_FILLED", 100)
    filled = tmp_path / "filled.svg"
    filled.write_text(f'{OPEN}<path d="{star(60)}" fill="#000" stroke="none"/></svg>', encoding="utf-8")
    assert svg_size(filled, "filled.svg") == (10, 10)
    said = refused(cli, tmp_path, f'{OPEN}\n<polygon points="{star(120)[5:].replace("L", "")}"/></svg>')
    assert "<polygon> at line 2 has 120 segments, more than 100 in one path;" in said


def test_a_stroked_star_of_40000_segments_is_refused_in_moments(cli, tmp_path):
    """It took resvg 24 s (at 400 pixels; it is drawn here at 472)."""
    start = cpu_seconds()
    said = refused(cli, tmp_path, f'{OPEN}<path d="{star(40_000)}" fill="none" stroke="#000"/></svg>')
    assert cpu_seconds() - start < 5
    assert "40,000 segments, more than 5,000" in said
