"""Boards larger than the paper: tiles fit the printable area, overlap by the given
band, and the alignment marks print at the same board position on neighbouring sheets."""

from __future__ import annotations

import pdfplumber
import pytest

from printgen.layout.board import MARK_COLOR, split_board
from printgen.products.parts import part_pages
from printgen.spec.pieces import load_part
from printgen.spec.places import PARTS, find
from printgen.render.pdf import render_pdf
from printgen.spec.printdata import paper
from printgen.units import mm, pt

MAGENTA = tuple(round(int(MARK_COLOR[i:i + 2], 16) / 255, 2) for i in (1, 3, 5))


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_tiles_cover_the_board_and_overlap(paper_name):
    sheet = paper(paper_name)
    split = split_board(pt(544), pt(575), sheet, pt(12))
    room = (split.paper.width - 2 * sheet.margin, split.paper.height - 2 * sheet.margin)
    assert split.cols * split.rows == len(split.tiles) > 1
    for tile in split.tiles:
        assert tile.w <= room[0] + 1e-6 and tile.h <= room[1] + 1e-6
    assert mm(max(t.x + t.w for t in split.tiles)) == pytest.approx(544)
    assert mm(max(t.y + t.h for t in split.tiles)) == pytest.approx(575)
    first, second = split.tiles[0], split.tiles[1]
    assert mm(first.x + first.w - second.x) == pytest.approx(12)


def _mark_centres(page):
    centres = []
    for curve in page.curves:
        colour = tuple(round(c, 2) for c in (curve.get("stroking_color") or ()))
        if colour == MAGENTA:
            centres.append((mm((curve["x0"] + curve["x1"]) / 2), mm((curve["top"] + curve["bottom"]) / 2)))
    return centres


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_alignment_marks_match_across_sheets(tmp_path, paper_name):
    sheet = paper(paper_name)
    part = load_part(find(PARTS, "solomon-board"))
    pages = part_pages(part, sheet)
    split = split_board(part.width, part.height, sheet, part.overlap)
    path = render_pdf(pages, tmp_path / "board.pdf")
    seen: dict[tuple[float, float], int] = {}
    margin = mm(sheet.margin)
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == len(split.tiles)
        for page, tile in zip(pdf.pages, split.tiles):
            for x, y in _mark_centres(page):
                bx, by = x - margin, y - margin
                if 0 <= bx <= mm(tile.w) and 0 <= by <= mm(tile.h):      # printed, not clipped away
                    key = (round(bx + mm(tile.x), 1), round(by + mm(tile.y), 1))
                    seen[key] = seen.get(key, 0) + 1
    expected = {(round(mm(x), 1), round(mm(y), 1)) for x, y in split.marks}
    assert set(seen) == expected and len(expected) >= split.cols - 1 + split.rows - 1
    assert all(count >= 2 for count in seen.values())       # each mark prints on both sheets of its seam
