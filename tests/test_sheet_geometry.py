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
MARGIN = 5.0


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


def test_cards_are_3x3_at_trim_size_centred(sheet):
    name, _, boxes, _ = sheet
    width, height = PAPERS[name]
    fronts = boxes[0]
    assert len(fronts) == 9
    x0, y0 = (width - 3 * CARD[0]) / 2, (height - 3 * CARD[1]) / 2
    expected = [(x0 + c * CARD[0], y0 + r * CARD[1]) for r in range(3) for c in range(3)]
    for box, (x, y) in zip(fronts, expected):
        assert (box.x, box.y, box.w, box.h) == pytest.approx((x, y, *CARD), abs=0.05)
    assert sum(len(page) for page in boxes[0::2]) == 62


def test_crop_marks_on_every_trim_line_outside_cards_inside_margin(sheet):
    name, _, boxes, segs = sheet
    width, height = PAPERS[name]
    cards = boxes[0]
    marks = segs[0]
    xs = {round(v, 2) for b in cards for v in (b.x, b.x + b.w)}
    ys = {round(v, 2) for b in cards for v in (b.y, b.y + b.h)}
    assert {round(m.x0, 2) for m in marks if m.vertical} == xs
    assert {round(m.y0, 2) for m in marks if not m.vertical} == ys
    for m in marks:
        assert MARGIN - 1e-3 <= min(m.x0, m.x1) and max(m.x0, m.x1) <= width - MARGIN + 1e-3
        assert MARGIN - 1e-3 <= min(m.y0, m.y1) and max(m.y0, m.y1) <= height - MARGIN + 1e-3
        assert max(m.x1 - m.x0, m.y1 - m.y0) > 0.5               # long enough to see
        for b in cards:                                          # never on a card
            if m.vertical and b.x - 0.01 <= m.x0 <= b.x + b.w + 0.01:
                assert max(m.y0, m.y1) < b.y or min(m.y0, m.y1) > b.y + b.h, (m, b)
            if not m.vertical and b.y - 0.01 <= m.y0 <= b.y + b.h + 0.01:
                assert max(m.x0, m.x1) < b.x or min(m.x0, m.x1) > b.x + b.w, (m, b)


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
