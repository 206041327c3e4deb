"""Geometry of the home-print PDF, read back from the file in millimetres."""

from __future__ import annotations

import pytest

from pdfread import clip_boxes, lines, page_sizes
from printgen.model import Duplex
from printgen.products.deck import DeckBuild, build_deck
from printgen.spec import load_deck
from printgen.spec.printdata import paper

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
CARD = (63.5, 88.9)


def build(tmp_path, paper_name="a4", duplex=Duplex.LONG, offset=(0.0, 0.0)):
    deck = load_deck("sabacc-62")
    options = DeckBuild(out=tmp_path, paper=paper(paper_name), duplex=duplex,
                        back_offset=offset, formats=frozenset({"pdf"}), quiet=True)
    return build_deck(deck, options).files[0]


@pytest.fixture(scope="module", params=["a4", "letter"])
def sheet(request, tmp_path_factory):
    path = build(tmp_path_factory.mktemp(request.param), request.param)
    return request.param, path, clip_boxes(path), lines(path)


def test_page_size_and_count(sheet):
    name, path, boxes, _ = sheet
    sizes = page_sizes(path)
    assert len(sizes) == 14                       # 7 pages of faces, each with its backs
    for size in sizes:
        assert size == pytest.approx(PAPERS[name], abs=0.01)


PRINTABLE = {"a4": 5.0, "letter": 6.35}          # mm from the edge that home printers reach
BLEED = 3.0                                      # mm of colour past the block, where the paper allows


def block_bleed(name: str) -> tuple[float, float, float, float]:
    """The colour expected past the 3 x 3 block: 3 mm, or up to the paper's edge (the
    bleed alone may run into the printer margin: it is cut away)."""
    width, height = PAPERS[name]
    side = min(BLEED, (width - 3 * CARD[0]) / 2)
    end = min(BLEED, (height - 3 * CARD[1]) / 2)
    return side, end, side, end


def test_cards_are_3x3_at_trim_size_centred_the_outer_ones_keeping_their_bleed(sheet):
    """Each card is cut at its trim, except that the cards on the outside of the block
    keep their bleed past the block's edge: 3 mm all round, on Letter too, where the
    block fills the printable height and the bleed above and below runs into the
    quarter-inch printer margin (a printer that can print there prints it)."""
    name, _, boxes, _ = sheet
    width, height = PAPERS[name]
    fronts = boxes[0]
    assert len(fronts) == 9
    x0, y0 = (width - 3 * CARD[0]) / 2, (height - 3 * CARD[1]) / 2
    left, top, right, bottom = block_bleed(name)
    assert (left, top, right, bottom) == pytest.approx((3.0, 3.0, 3.0, 3.0))
    for k, box in enumerate(fronts):
        row, col = divmod(k, 3)
        x, y = x0 + col * CARD[0], y0 + row * CARD[1]
        grow = (left if col == 0 else 0.0, top if row == 0 else 0.0,
                right if col == 2 else 0.0, bottom if row == 2 else 0.0)
        expected = (x - grow[0], y - grow[1], CARD[0] + grow[0] + grow[2], CARD[1] + grow[1] + grow[3])
        assert (box.x, box.y, box.w, box.h) == pytest.approx(expected, abs=0.05)
    assert sum(len(page) for page in boxes[0::2]) == 62


def kinds(segs: list) -> tuple[list, list, list]:
    """A front page's lines: crop marks (black), their white underlay, and trim lines
    (mid grey, running the block's whole length; the slug's scale bar is dark grey)."""
    marks = [m for m in segs if m.colour == (0.0, 0.0, 0.0) and not m.dashed]
    under = [m for m in segs if m.colour == (1.0, 1.0, 1.0)]
    trims = [m for m in segs if m.colour and all(abs(c - 128 / 255) < 0.01 for c in m.colour)]
    return marks, under, trims


def test_every_cut_has_crop_marks_3mm_long_inside_the_printable_area_or_a_trim_line(sheet):
    name, _, _, segs = sheet
    width, height = PAPERS[name]
    band = PRINTABLE[name]
    x0, y0 = (width - 3 * CARD[0]) / 2, (height - 3 * CARD[1]) / 2
    xs = {round(x0 + c * CARD[0], 2) for c in range(4)}
    ys = {round(y0 + r * CARD[1], 2) for r in range(4)}
    for page in range(0, len(segs), 2):
        marks, under, trims = kinds(segs[page])
        marked_x = {round(m.x0, 2) for m in marks if m.vertical}
        marked_y = {round(m.y0, 2) for m in marks if not m.vertical}
        trim_x = {round(m.x0, 2) for m in trims if m.vertical}
        trim_y = {round(m.y0, 2) for m in trims if not m.vertical}
        assert marked_x | trim_x == xs and marked_y | trim_y == ys
        assert len(under) == len(marks)
        for m in marks:
            assert max(m.x1 - m.x0, m.y1 - m.y0) >= 3.0 - 1e-3             # long enough to cut by
            assert band - 1e-3 <= min(m.x0, m.x1) and max(m.x0, m.x1) <= width - band + 1e-3
            assert band - 1e-3 <= min(m.y0, m.y1) and max(m.y0, m.y1) <= height - band + 1e-3
            if m.vertical and x0 - 0.01 < m.x0 < x0 + 3 * CARD[0] + 0.01:     # never across the cards
                assert max(m.y0, m.y1) < y0 or min(m.y0, m.y1) > y0 + 3 * CARD[1], m
            if not m.vertical and y0 - 0.01 < m.y0 < y0 + 3 * CARD[1] + 0.01:
                assert max(m.x0, m.x1) < x0 or min(m.x0, m.x1) > x0 + 3 * CARD[0], m
        for t in trims:                                          # inside the printable area too
            assert band - 1e-3 <= min(t.y0, t.y1) and max(t.y1, t.y0) <= height - band + 1e-3
    if name == "letter":                                         # no room above and below the cards
        assert not any(m.vertical for m in kinds(segs[0])[0])
        assert {round(t.x0, 2) for t in kinds(segs[0])[2] if t.vertical} == xs


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT, Duplex.NONE])   # fold: test_duplex.py
def test_backs_mirror_for_the_duplex_flip(tmp_path, duplex):
    path = build(tmp_path, "letter", duplex)
    width, height = PAPERS["letter"]
    boxes = clip_boxes(path)
    for front_page, back_page in zip(boxes[0::2], boxes[1::2]):
        assert len(front_page) == len(back_page)
        for front, back in zip(front_page, back_page):
            x = width - front.x - front.w if duplex is Duplex.LONG else front.x
            y = height - front.y - front.h if duplex is Duplex.SHORT else front.y
            assert (back.x, back.y, back.w, back.h) == pytest.approx((x, y, front.w, front.h), abs=0.05)


def test_back_offset_moves_every_back(tmp_path):
    plain = clip_boxes(build(tmp_path / "plain", "a4", Duplex.LONG))
    moved = clip_boxes(build(tmp_path / "moved", "a4", Duplex.LONG, (1.5 * 72 / 25.4, -2 * 72 / 25.4)))
    for page in range(1, len(plain), 2):
        for a, b in zip(plain[page], moved[page]):
            assert (b.x - a.x, b.y - a.y) == pytest.approx((1.5, -2.0), abs=0.01)
    assert plain[0] == moved[0]                                  # fronts stay put


def test_on_letter_the_cuts_across_have_trim_lines_too_beneath_their_marks(sheet):
    """Letter's vertical cuts have no room for a mark and are drawn as trim lines; the
    cuts between the rows get trim lines as well (their marks are 190 mm apart, with
    nothing for scissors to follow between them), each through the block and its left
    and right bleed, drawn before the marks so that a mark lies on top where they
    meet. A4, marked all round, has no trim lines."""
    name, _, _, segs = sheet
    width, height = PAPERS[name]
    x0, y0 = (width - 3 * CARD[0]) / 2, (height - 3 * CARD[1]) / 2
    ys = [y0 + r * CARD[1] for r in range(4)]
    left, _, right, _ = block_bleed(name)
    for page in segs[0::2]:
        marks, _, trims = kinds(page)
        across = sorted((t for t in trims if not t.vertical), key=lambda t: t.y0)
        if name == "a4":
            assert trims == []
            continue
        assert [t.y0 for t in across] == pytest.approx(ys, abs=0.01)
        for t in across:
            assert (min(t.x0, t.x1), max(t.x0, t.x1)) == pytest.approx((x0 - left, x0 + 3 * CARD[0] + right),
                                                                       abs=0.01)
            beside = [page.index(m) for m in marks if not m.vertical and abs(m.y0 - t.y0) < 0.01]
            assert len(beside) == 2 and page.index(t) < min(beside)
