"""Boards larger than the paper: tiles fit the printable area, overlap by the given
band, and the alignment marks print at the same board position on neighbouring sheets."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pdfplumber
import pytest

from printgen.layout.board import MARK_COLOR, split_board
from printgen.layout.pieces import part_pages
from printgen.spec.pieces import load_part
from printgen.spec.places import PARTS, find
from printgen.render.pdf import render_pdf
from printgen.spec.printdata import paper
from printgen.units import mm, pt

MAGENTA = tuple(round(int(MARK_COLOR[i:i + 2], 16) / 255, 2) for i in (1, 3, 5))


@cache
def board_pages(paper_name: str) -> list:
    """The Solomon board's pages on a paper: the assembly guide, then the sheets (laid
    out once a paper; the tests only read them)."""
    return part_pages(load_part(find(PARTS, "solomon-board")), paper(paper_name))


@pytest.fixture(scope="module")
def board_pdf(tmp_path_factory):
    """board_pdf(paper_name): the board's pages written as one PDF, once a paper."""
    written: dict[str, Path] = {}

    def write(paper_name: str) -> Path:
        if paper_name not in written:
            written[paper_name] = render_pdf(board_pages(paper_name),
                                             tmp_path_factory.mktemp("board") / "board.pdf")
        return written[paper_name]
    return write


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


@pytest.mark.parametrize("paper_name", ["a4", pytest.param("letter", marks=pytest.mark.slow)])
def test_alignment_marks_match_across_sheets(board_pdf, paper_name):
    sheet = paper(paper_name)
    part = load_part(find(PARTS, "solomon-board"))
    from printgen.layout.seams import board_pieces
    from printgen.layout.pieces import part_side
    split = split_board(part.width, part.height, sheet, part.overlap, board_pieces(part_side(part)))
    path = board_pdf(paper_name)
    seen: dict[tuple[float, float], int] = {}
    marks = [(mm(x), mm(y)) for x, y in split.marks]
    margin = mm(sheet.margin)
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == len(split.tiles) + 1        # the assembly guide, then the sheets
        for page, tile in zip(pdf.pages[1:], split.tiles):
            for x, y in _mark_centres(page):
                bx, by = x - margin, y - margin
                if 0 <= bx <= mm(tile.w) and 0 <= by <= mm(tile.h):      # printed, not clipped away
                    at = (bx + mm(tile.x), by + mm(tile.y))
                    key = min(marks, key=lambda m: abs(m[0] - at[0]) + abs(m[1] - at[1]))
                    assert abs(key[0] - at[0]) < 0.2 and abs(key[1] - at[1]) < 0.2, (at, key)
                    seen[key] = seen.get(key, 0) + 1
    expected = set(marks)
    assert set(seen) == expected and len(expected) >= split.cols - 1 + split.rows - 1
    assert all(count >= 2 for count in seen.values())       # each mark prints on both sheets of its seam


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_seams_cross_no_space_of_the_solomon_board(paper_name):
    from printgen.layout.seams import board_pieces
    from printgen.layout.pieces import part_side
    part = load_part(find(PARTS, "solomon-board"))
    pieces = board_pieces(part_side(part))
    assert len(pieces) > 100                              # spaces, labels and army spaces
    split = split_board(part.width, part.height, paper(paper_name), part.overlap, pieces)
    cuts_x = {t.x + part.overlap / 2 for t in split.tiles if t.col > 0}
    cuts_y = {t.y + part.overlap / 2 for t in split.tiles if t.row > 0}
    assert cuts_x and cuts_y
    for x0, y0, x1, y1 in pieces:
        assert not any(x0 < x < x1 for x in cuts_x), (mm(x0), mm(x1))
        assert not any(y0 < y < y1 for y in cuts_y), (mm(y0), mm(y1))


def test_solomon_board_caption_and_sheet_labels_cover_nothing():
    from printgen.shaping import font
    from printgen.layout.primitives import Ellipse, Rect, TextRun
    from printgen.layout.board import visible_part
    from printgen.layout.seams import board_pieces
    from printgen.layout.pieces import part_side
    part = load_part(find(PARTS, "solomon-board"))
    side = part_side(part)
    spaces = [(p.cx - p.rx, p.cy - p.ry, p.cx + p.rx, p.cy + p.ry) for p in side.prims if isinstance(p, Ellipse)]
    spaces += [(p.x, p.y, p.x + p.w, p.y + p.h) for p in side.prims if isinstance(p, Rect) and p.dash]

    def meets(box):
        return any(box[0] < s[2] and s[0] < box[2] and box[1] < s[3] and s[1] < box[3] for s in spaces)

    def box(run, dx=0.0, dy=0.0):
        return (run.x + dx, run.y - run.size + dy, run.x + font(run.font).width(run.text, run.size) + dx, run.y + dy)

    caption = [p for p in side.prims if isinstance(p, TextRun) and "Babylonian" in p.text]
    assert caption and not any(meets(box(run)) for run in caption)
    for name in ("a4", "letter"):
        sheet = paper(name)
        split = split_board(part.width, part.height, sheet, part.overlap, board_pieces(side))
        pages = board_pages(name)[1:]                       # after the assembly guide
        for page, tile in zip(pages, split.tiles):
            labels = [p for p in page.prims if isinstance(p, TextRun)]
            assert labels and "sheet" in " ".join(r.text for r in labels)
            seen = visible_part(tile, split, part.overlap)    # the next sheets cover the rest
            for run in labels:                    # page -> board coordinates
                x0, y0, x1, y1 = box(run, tile.x - sheet.margin, tile.y - sheet.margin)
                shown = (max(x0, seen[0]), max(y0, seen[1]), min(x1, seen[2]), min(y1, seen[3]))
                if shown[0] < shown[2] and shown[1] < shown[3]:
                    assert not meets(shown), (name, run.text)


def test_start_is_one_step_from_its_neighbours():
    from printgen.layout.primitives import Ellipse
    from printgen.layout.pieces import part_side
    side = part_side(load_part(find(PARTS, "solomon-board")))
    circles = [(p.cx, p.cy) for p in side.prims if isinstance(p, Ellipse)]
    start = max(((p.cx, p.cy) for p in side.prims if isinstance(p, Ellipse) and p.width >= 2), key=lambda c: c[1])
    row = sorted(x for x, y in circles if abs(y - start[1]) < 1e-6)
    i = row.index(start[0])
    steps = [b - a for a, b in zip(row, row[1:])]
    assert mm(row[i] - row[i - 1]) == pytest.approx(mm(row[i + 1] - row[i]))
    assert max(steps) < 1.3 * min(steps)                 # START as near as any space to the next


def test_a_board_on_several_sheets_starts_with_its_assembly_guide(board_pdf):
    """The guide page numbers every sheet where it lies on the board, in the order
    the sheets print, and draws one alignment mark per mark on the seams."""
    sheet = paper("a4")
    part = load_part(find(PARTS, "solomon-board"))
    from printgen.layout.seams import board_pieces
    from printgen.layout.pieces import part_side
    split = split_board(part.width, part.height, sheet, part.overlap, board_pieces(part_side(part)))
    assert len(board_pages("a4")) == len(split.tiles) + 1
    path = board_pdf("a4")
    with pdfplumber.open(path) as pdf:
        guide = pdf.pages[0]
        numbers = [w for w in guide.extract_words() if w["text"].isdigit() and float(w["bottom"]) < guide.height * 0.7
                   and w["x0"] > 0 and w.get("upright", True)]
        bold = {w["text"]: ((w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2) for w in numbers
                if int(w["text"]) <= len(split.tiles)}
        assert set(bold) >= {str(n) for n in range(1, len(split.tiles) + 1)}
        for n, tile in enumerate(split.tiles, start=1):     # sheet n's number sits left of n+1's, or a row lower
            if tile.col > 0:
                assert bold[str(n)][0] > bold[str(n - 1)][0]
            if tile.row > 0:
                assert bold[str(n)][1] > bold[str(n - split.cols)][1]
        assert "sheets together" in guide.extract_text()
        assert len(_mark_centres(guide)) == len(split.marks)
        for number, page in enumerate(pdf.pages[1:], start=1):     # each sheet says which it is
            assert f"sheet {number} of {len(split.tiles)}" in page.extract_text()
