"""What an SVG picture costs to draw, bounded: a <use> that draws itself (a loop) or
<use> of <use> drawing more than the element bound (a bomb) is one located error at
read time, for every output; a picture that would take svglib more than a few seconds
is placed in the PDF as resvg's picture; svglib's own log never reaches the terminal."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import ROOT
from cputime import cpu_seconds
from test_svg_in_pdf import S, deck_folder, drawn, images
from test_svg_pictures import refused

OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">'


def bomb(levels: int, each: int) -> str:
    """levels groups, each of `each` <use> of the level below: each ** levels rects drawn."""
    parts = ['<rect id="a0" width="1" height="1"/>']
    for level in range(1, levels + 1):
        parts.append(f'<g id="a{level}">' + f'<use href="#a{level - 1}"/>' * each + "</g>")
    return f'{OPEN}\n<defs>{"".join(parts)}</defs>\n<use href="#a{levels}"/></svg>'


@pytest.mark.parametrize("body, lines", [
    ('<defs><g id="a"><use href="#b"/></g>\n<g id="b"><use href="#a"/></g></defs>\n<use href="#a"/>', (2, 3)),
    ('<g id="a">\n<use xlink:href="#a"/></g>', (3,)),
    ('<rect width="1" height="1"/>\n<use id="u" href="#u"/>', (3,)),
])
def test_a_use_that_draws_itself_is_refused_at_its_line(cli, tmp_path, body, lines):
    """lines: those of the <use> in the loop."""
    said = refused(cli, tmp_path, f"{OPEN}\n{body}\n</svg>\n")
    assert "a loop" in said and any(f"<use> at line {line} " in said for line in lines), said


def test_uses_drawing_more_than_the_element_bound_are_refused(cli, tmp_path, monkeypatch):
    """Three levels of five <use>: 19 elements in the file, 156 drawn."""
    import printgen.vector
    monkeypatch.setattr(printgen.vector, "MAX_ELEMENTS", 50)
    said = refused(cli, tmp_path, bomb(3, 5))
    assert "more than 50 elements drawn" in said and "<use>" in said


def test_a_use_bomb_is_refused_in_moments(cli, tmp_path):
    """Eight levels of ten <use> draw a hundred million rects: resvg gave up with a
    traceback, svglib took 16 s to draw part of it."""
    start = cpu_seconds()
    said = refused(cli, tmp_path, bomb(8, 10))
    assert cpu_seconds() - start < 10
    assert "more than 100,000 elements drawn" in said


def test_the_drawn_cost_counts_uses_nesting_and_path_numbers(tmp_path):
    from printgen.svgpaths import id_map
    from printgen.vector import DEPTH_COST, NUMBER_COST, drawn_cost, parsed, read_sheets
    svg = (f'{S}<defs><g id="g"><rect width="1" height="1"/><path d="M0 0 L10 10 L20 0"/></g></defs>'
           '<use href="#g"/><use href="#g"/></svg>')
    # drawn: svg, defs, g, rect, path, and twice use, g, rect, path = 13; enclosing elements:
    # defs 1, g 2, rect and path 3 each (9), and each use's: use 1, g 2, rect and path 3 each (9) twice
    root = parsed(svg.encode(), "p.svg")
    assert drawn_cost(root, id_map(root), "p.svg", read_sheets(root)) == 13 + DEPTH_COST * (9 + 2 * 9) + NUMBER_COST * 3 * 6


@pytest.mark.parametrize("bound", [6000, 1])
def test_a_picture_read_is_costed_and_its_style_sheets_read_once(tmp_path, monkeypatch, bound):
    """A picture checked and then asked how the PDF draws it (as vectors, or as resvg's
    picture past the cost bound) is costed once and its style sheet read once: what
    the check found is kept with the picture, where the PDF's question costed it and
    read its sheets again (twice where they refer to something)."""
    import printgen.render.pdfsvg
    import printgen.vector
    from svglib.svglib import CSSMatcher

    from printgen.pictures import check_picture
    counted = {"costed": 0, "sheets read": 0}
    real_cost, real_read = printgen.vector.drawn_cost, CSSMatcher.add_styles

    def cost(*args):
        counted["costed"] += 1
        return real_cost(*args)

    def read(self, text):
        counted["sheets read"] += 1
        return real_read(self, text)
    for module in (printgen.vector, printgen.render.pdfsvg):
        monkeypatch.setattr(module, "drawn_cost", cost)
    monkeypatch.setattr(CSSMatcher, "add_styles", read)
    monkeypatch.setattr(printgen.render.pdfsvg, "MAX_VECTOR_COST", bound)
    path = tmp_path / "art.svg"
    path.write_text(f'{S}<style>.c {{ clip-path: url(#c) }}</style><clipPath id="c"><rect width="50" height="50"/>'
                    '</clipPath><rect class="c" width="90" height="90" fill="#2255cc"/></svg>',
                    encoding="utf-8")
    check_picture(path, "art.svg")
    gap = printgen.render.pdfsvg.vector_gap(path)
    assert gap == (None if bound == 6000 else "more than svglib draws in a few seconds")
    assert counted == {"costed": 1, "sheets read": 1}


def svglib_time_bomb(kind: str) -> str:
    if kind == "rects":
        return S + '<rect width="1" height="1" fill="#2255cc"/>' * 20_000 + "</svg>"
    return S + '<path fill="#2255cc" d="M0 0' + " L1 1 L2 2" * 200_000 + '"/></svg>'


@pytest.mark.parametrize("kind", ["rects", "path"])
def test_a_picture_svglib_would_take_long_over_is_placed_as_resvgs(tmp_path, kind):
    """20,000 rects took svglib 23 s for one card, a path of 400,000 segments 8 s:
    past the bound the PDF places resvg's picture, built in moments."""
    start = cpu_seconds()
    pdf, _ = drawn(tmp_path, svglib_time_bomb(kind))
    assert cpu_seconds() - start < 6
    assert images(pdf)


def test_past_the_cost_bound_a_small_picture_is_placed_as_resvgs(tmp_path, monkeypatch):
    """The bound scaled down: 20 rects are drawn as vectors under it, as a picture past it."""
    import printgen.render.pdfsvg
    svg = S + '<rect width="1" height="1" fill="#2255cc"/>' * 20 + "</svg>"
    for folder in ("under", "past"):
        (tmp_path / folder).mkdir()
    pdf, _ = drawn(tmp_path / "under", svg)
    assert images(pdf) == []
    monkeypatch.setattr(printgen.render.pdfsvg, "MAX_VECTOR_COST", 15)
    pdf, _ = drawn(tmp_path / "past", svg)
    assert images(pdf)


def test_svglib_says_nothing_on_the_terminal(tmp_path):
    """svglib logs what it cannot read (a transform it does not know, a clip path that
    is not there) through Python's logging, whose last resort printed it to stderr (a
    real process: pytest's own log capture would take it here)."""
    svg = (f'{S}<rect width="100" height="50" fill="#2255cc" transform="rotate(a)"/>'
           '<rect width="10" height="10" clip-path="url(#nowhere)"/></svg>')
    deck = deck_folder(tmp_path / "deck", svg=svg)
    result = subprocess.run([sys.executable, "-m", "printgen", "build", str(deck), "--only", "pdf", "-q",
                             "--out", str(tmp_path / "out")], capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    from printgen.render.pdfsvg import vector_gap
    assert vector_gap(tmp_path / "deck" / "art.svg") is None       # drawn as vectors, by svglib
