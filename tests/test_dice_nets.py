"""Die nets fold into cubes: roll a cube across the net's squares (read from their
positions) and check that the six faces, the opposite pairs and the glue seams come out right."""

from __future__ import annotations

from collections import Counter

import pytest

from printgen.layout.net import cube_net, net_lines
from printgen.layout.primitives import Polygon
from dataclasses import replace

from printgen.layout.pieces import dice_pages
from printgen.spec.pieces import load_die
from printgen.spec.places import DICE, find
from printgen.spec.printdata import paper
from printgen.units import mm, pt

# Rolling a cube one square in a direction brings that side's face to the bottom.
ROLL = {"right": {"bottom": "east", "east": "top", "top": "west", "west": "bottom"},
        "left": {"bottom": "west", "west": "top", "top": "east", "east": "bottom"},
        "down": {"bottom": "south", "south": "top", "top": "north", "north": "bottom"},
        "up": {"bottom": "north", "north": "top", "top": "south", "south": "bottom"}}
STEP = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}
SIDE_OF = {"right": "east", "left": "west", "down": "south", "up": "north"}
NET_SIDE = {"top": "up", "right": "right", "bottom": "down", "left": "left"}
OPPOSITE = {"bottom": "top", "top": "bottom", "east": "west", "west": "east", "north": "south", "south": "north"}


def fold(net):
    """Cube face under each net square, and the cube edge of every square side."""
    cells = {(round(s.x / net.edge), round(s.y / net.edge)): s.face for s in net.squares}
    start = next(iter(sorted(cells)))
    where = {start: {d: d for d in OPPOSITE}}            # orientation: position -> cube face label
    queue = [start]
    while queue:
        cell = queue.pop(0)
        for move, (dx, dy) in STEP.items():
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt in cells and nxt not in where:
                old = where[cell]
                where[nxt] = _rolled(old, move)
                queue.append(nxt)
    bottom = {cells[c]: where[c]["bottom"] for c in cells}
    edges = {(cells[c], side): frozenset({where[c]["bottom"], where[c][SIDE_OF[NET_SIDE[side]]]})
             for c in cells for side in NET_SIDE}
    return bottom, edges, cells


def _rolled(old, move):
    new = dict(old)
    for pos, came_from in ROLL[move].items():     # the new `pos` face is the one that was at came_from
        new[pos] = old[came_from]
    return new


@pytest.mark.parametrize("edge", [16.0, 25.0])
def test_net_folds_into_a_cube_with_every_seam_glued_once(edge):
    net = cube_net(pt(edge), pt(4))
    bottom, edges, cells = fold(net)
    assert sorted(bottom.values()) == sorted(OPPOSITE)          # six different cube faces
    for a, b in ((1, 6), (2, 5), (3, 4)):
        assert OPPOSITE[bottom[a]] == bottom[b]
    inner = {(cells[c], side) for c in cells for side, move in NET_SIDE.items()
             if (c[0] + STEP[move][0], c[1] + STEP[move][1]) in cells}
    outer = [key for key in edges if key not in inner]
    seams = Counter(edges[key] for key in outer)
    assert len(outer) == 14 and set(seams.values()) == {2} and len(seams) == 7
    tabbed = Counter(edges[key] for key in net.tabs)
    assert set(tabbed) == set(seams) and set(tabbed.values()) == {1}


def test_cut_lines_solid_fold_lines_dashed():
    net = cube_net(pt(16), pt(4))
    lines = [p for p in net_lines(net, 0, 0) if isinstance(p, Polygon) and not p.closed]
    folds = [p for p in lines if p.dash]
    cuts = [p for p in lines if not p.dash]
    assert len(folds) == 5 + 7                   # shared edges and tab roots
    assert len(cuts) == 7 + 7 * 3                # open square sides and tab outlines
    for fold_line in folds:
        (x1, y1), (x2, y2) = fold_line.points
        assert abs(mm(abs(x2 - x1) + abs(y2 - y1)) - 16) < 1e-6


@pytest.mark.parametrize("name,pairs", [
    ("coruscant-gold", {("0", "0"), ("+5", "-5"), ("+10", "-10")}),
    ("coruscant-silver", {("circle", "circle"), ("triangle", "triangle"), ("square", "square")}),
    ("spike", {("1", "6"), ("2", "5"), ("3", "4")}),
    ("solomon", {("star-of-david", "sword")}),
])
def test_die_faces_and_opposites(name, pairs):
    die = load_die(find(DICE, name))
    doc_faces = [list(f.values())[0] for f in _faces(name)]
    net = cube_net(die.edge, die.tab)
    bottom, _, _ = fold(net)
    by_cube = {bottom[i + 1]: doc_faces[i] for i in range(6)}
    found = {tuple(sorted((by_cube[a], by_cube[b]), key=doc_faces.index)) for a, b in
             (("top", "bottom"), ("east", "west"), ("north", "south"))}
    assert {tuple(sorted(p, key=doc_faces.index)) for p in found} == \
        {tuple(sorted(p, key=doc_faces.index)) for p in pairs}
    assert mm(die.edge) == pytest.approx(16.0)


def _faces(name):
    from printgen.spec.yamlload import load_file
    return load_file(find(DICE, name)).data["faces"]


def test_dice_sheet_squares_have_the_edge_length(tmp_path):
    from pdfread import clip_boxes
    from printgen.render.pdf import render_pdf
    die = replace(load_die(find(DICE, "spike")), edge=pt(20))
    path = render_pdf(dice_pages([die], paper("a4")), tmp_path / "spike.pdf")
    boxes = clip_boxes(path)[0]
    squares = [b for b in boxes if abs(b.w - 20) < 0.05 and abs(b.h - 20) < 0.05]
    assert len(squares) == 12                     # two nets of six faces
