"""Duplex by the physical model: every card's back, read back from the PDF and turned
over with the sheet, lies behind its own face.

Each test deck has a different back for every card (one back template per card,
printing the card's number), so a back that lands behind the wrong card is seen.
The turn is modelled here independently of printgen: the paper turns about its
long or its short edge, and which page axis that edge runs along depends on
whether the page is portrait or landscape.
"""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from pdfread import clip_boxes

from printgen.model import Duplex
from printgen.products.deck import DeckBuild, build_deck
from printgen.spec import load_deck
from printgen.spec.printdata import paper

MM = 72 / 25.4
CARDS = 14


def write_deck(folder: Path, size: str) -> Path:
    """A deck of CARDS cards; card n shows Fn on its face and Bn on its own back."""
    text = {"kind": "text", "x": "0mm", "y": "{{ trim.h / 2 - 5 }}mm", "w": "{{ trim.w }}mm", "h": "10mm",
            "size": "14pt", "align": "center", "valign": "middle"}
    face = "elements:\n  - " + _flow({**text, "text": "F{{ card.n }}"}) + "\n"
    (folder / "face.yaml").write_text(face, encoding="utf-8")
    cards = []
    for n in range(1, CARDS + 1):
        (folder / f"back{n}.yaml").write_text("elements:\n  - " + _flow({**text, "text": f"B{n}"}) + "\n",
                                              encoding="utf-8")
        cards.append(f"  - {{fields: {{n: '{n}'}}, back: back{n}}}")
    deck = (f"name: duplex-{size}\ntitle: Duplex test\nsize: {size}\nbleed: 0mm\nsafe: 0mm\n"
            f"face: face\nback: back1\nlabel: '{{{{ n }}}}'\ncards:\n" + "\n".join(cards) + "\n")
    path = folder / "deck.yaml"
    path.write_text(deck, encoding="utf-8")
    return path


def _flow(mapping: dict[str, str]) -> str:
    return "{" + ", ".join(f"{k}: \"{v}\"" for k, v in mapping.items()) + "}"


def cards(pdf_path: Path) -> list[tuple[float, float, dict[str, tuple[float, float]]]]:
    """Per page: its width and height in mm, and for each label the centre (mm from the
    top-left) of the card box it is printed in, the card's clipping rectangle. Words
    in no card box (the sheet's slug in its margin) are not cards. A back drawn turned
    half round reads right to left ("12B"), and is read back the right way round."""
    boxes = clip_boxes(pdf_path)
    pages = []
    with pdfplumber.open(str(pdf_path)) as pdf:
        for page, rects in zip(pdf.pages, boxes):
            found = {}
            for word in page.extract_words():
                x, y = (word["x0"] + word["x1"]) / 2 / MM, (word["top"] + word["bottom"]) / 2 / MM
                box = next((b for b in rects if b.x <= x <= b.x + b.w and b.y <= y <= b.y + b.h), None)
                if box is not None:
                    text = word["text"] if word["text"][0] in "FB" else word["text"][::-1]
                    found[text] = (box.x + box.w / 2, box.y + box.h / 2)
            pages.append((float(page.width) / MM, float(page.height) / MM, found))
    return pages


def turned(x: float, y: float, width: float, height: float, duplex: Duplex) -> tuple[float, float]:
    """Where a point of the back page lies, seen through the sheet from the front page."""
    long_edge_vertical = height > width
    if (duplex is Duplex.LONG) == long_edge_vertical:
        return width - x, y                      # turned about a vertical line
    return x, height - y                         # turned about a horizontal line


def build(tmp_path: Path, size: str, paper_name: str, duplex: Duplex,
          offset: tuple[float, float] = (0.0, 0.0)) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    deck = load_deck(str(write_deck(tmp_path, size)))
    options = DeckBuild(out=tmp_path / "out", paper=paper(paper_name), duplex=duplex,
                        back_offset=(offset[0] * MM, offset[1] * MM), formats=frozenset({"pdf"}), quiet=True)
    return build_deck(deck, options).files[0]


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "tarot"])
def test_every_back_lies_behind_its_face(tmp_path, size, paper_name, duplex):
    pages = cards(build(tmp_path, size, paper_name, duplex))
    assert len(pages) % 2 == 0
    seen = 0
    for (width, height, fronts), (_, _, backs) in zip(pages[0::2], pages[1::2]):
        assert {f"B{k[1:]}" for k in fronts} == set(backs)
        for label, (fx, fy) in fronts.items():
            bx, by = turned(*backs["B" + label[1:]], width, height, duplex)
            assert abs(bx - fx) <= 1.0 and abs(by - fy) <= 1.0, (label, (fx, fy), (bx, by))
            seen += 1
    assert seen == CARDS


@pytest.mark.parametrize("size", ["poker", "bridge"])          # portrait and landscape sheets on A4
def test_back_offset_moves_the_back_on_the_paper_as_calibrated(tmp_path, size):
    """--back-offset X,Y is read on the portrait calibration sheet; on the paper as it
    comes out of the printer (back side up, portrait), the backs move by (X, Y).
    A landscape page reaches portrait paper turned counter-clockwise."""
    plain = cards(build(tmp_path / "plain", size, "a4", Duplex.LONG))
    moved = cards(build(tmp_path / "moved", size, "a4", Duplex.LONG, (1.5, -1.0)))
    width, height, before = plain[1]
    after = moved[1][2]
    for label, (x, y) in before.items():
        dx, dy = after[label][0] - x, after[label][1] - y
        on_paper = (dx, dy) if height > width else (dy, -dx)
        assert on_paper == pytest.approx((1.5, -1.0), abs=0.05), label


def dashed_vertical_x(pdf_path: Path) -> set[float]:
    """x (mm) of every dashed vertical line on the first page."""
    with pdfplumber.open(str(pdf_path)) as pdf:
        page = pdf.pages[0]
        return {round(l["x0"] / MM, 2) for l in page.lines
                if abs(l["x0"] - l["x1"]) < 0.01 and (l.get("dash") or ([], 0))[0]}


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "tarot"])
def test_fold_over_sheets_put_every_back_mirrored_across_the_fold(tmp_path, size, paper_name):
    """--duplex fold: one-sided pages; folding along the dashed line puts each back
    behind its own face, read back from the PDF."""
    path = build(tmp_path, size, paper_name, Duplex.FOLD)
    pages = cards(path)
    fold, = dashed_vertical_x(path)
    seen = 0
    for width, height, found in pages:
        assert fold == pytest.approx(width / 2, abs=0.01)
        for label, (fx, fy) in found.items():
            if not label.startswith("F"):
                continue
            bx, by = found["B" + label[1:]]
            assert fx < fold < bx                                   # faces left, backs right
            assert abs((2 * fold - bx) - fx) <= 0.05 and abs(by - fy) <= 0.05, label
            seen += 1
    assert seen == CARDS


def test_a_back_offset_past_the_printer_margin_is_refused_before_writing(cli, tmp_path):
    result = cli("build", "sabacc-62", "--back-offset", "500mm,0mm", "--out", str(tmp_path / "out"))
    assert result.status == 2
    line, = result.err.strip().splitlines()
    assert "--back-offset" in line and "500mm,0mm" in line and "at most 6 mm" in line
    assert not (tmp_path / "out").exists()
    ok = cli("build", "sabacc-62", "--only", "pdf", "--back-offset", "4mm,-3mm", "--out", str(tmp_path / "ok"), "-q")
    assert ok.status == 0, ok.err


CORNER = 4.0       # mm: the black square in each back's top-left corner


def write_cornered_deck(folder: Path, size: str) -> Path:
    """A deck of CARDS cards whose back has a black CORNER mm square in its top-left corner."""
    (folder / "face.yaml").write_text(
        "elements:\n  - {kind: text, x: 0mm, y: 0mm, w: '{{ trim.w }}mm', h: '{{ trim.h }}mm', "
        "size: 14pt, align: center, valign: middle, text: 'F{{ card.n }}'}\n", encoding="utf-8")
    (folder / "back.yaml").write_text(
        f"elements:\n  - {{kind: rect, x: 1mm, y: 1mm, w: {CORNER}mm, h: {CORNER}mm, fill: '#000000'}}\n",
        encoding="utf-8")
    cards = "\n".join(f"  - {{fields: {{n: '{n}'}}}}" for n in range(1, CARDS + 1))
    path = folder / "deck.yaml"
    path.write_text(f"name: corner-{size}\ntitle: Corner test\nsize: {size}\nbleed: 0mm\nsafe: 0mm\n"
                    f"face: face\nback: back\nlabel: '{{{{ n }}}}'\ncards:\n{cards}\n", encoding="utf-8")
    return path


def corner_squares(pdf_path: Path) -> list[list[tuple[float, float]]]:
    """Per page, the centre (mm from the top-left) of every CORNER mm filled square."""
    with pdfplumber.open(str(pdf_path)) as pdf:
        return [[((r["x0"] + r["x1"]) / 2 / MM, (r["top"] + r["bottom"]) / 2 / MM) for r in page.rects
                 if abs(r["width"] / MM - CORNER) < 0.05 and abs(r["height"] / MM - CORNER) < 0.05]
                for page in pdf.pages]


def card_box_at(boxes: list, x: float, y: float):
    """The card cell (clipping box) holding a point of the page."""
    found = [b for b in boxes if b.x <= x <= b.x + b.w and b.y <= y <= b.y + b.h]
    assert found, (x, y)
    return min(found, key=lambda b: b.w * b.h)


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT, Duplex.FOLD])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "tarot"])
def test_a_card_turned_like_a_book_page_shows_its_back_upright(tmp_path, size, paper_name, duplex):
    """Cut out and turned over about its vertical axis, every card shows its back
    upright, whatever its size, the paper and the sheet's turn: the square in the
    back's top-left corner, turned over with the sheet (or folded, for fold-over
    sheets), lies behind the face's top-right corner."""
    deck = load_deck(str(write_cornered_deck(tmp_path, size)))
    options = DeckBuild(out=tmp_path / "out", paper=paper(paper_name), duplex=duplex,
                        formats=frozenset({"pdf"}), quiet=True)
    path = build_deck(deck, options).files[0]
    squares, boxes = corner_squares(path), clip_boxes(path)
    with pdfplumber.open(str(path)) as pdf:
        sizes = [(float(page.width) / MM, float(page.height) / MM) for page in pdf.pages]
    seen = 0
    if duplex is Duplex.FOLD:
        pairs = [(n, n, lambda x, y, w, h: (w - x, y)) for n in range(len(sizes))]       # the fold is the middle
    else:
        pairs = [(n, n + 1, lambda x, y, w, h: turned(x, y, w, h, duplex)) for n in range(0, len(sizes), 2)]
    for front, back, turn_over in pairs:
        width, height = sizes[front]
        for x, y in squares[back]:
            tx, ty = turn_over(x, y, width, height)
            face = card_box_at(boxes[front], tx, ty)
            inset = 1 + CORNER / 2
            assert abs(tx - (face.x + face.w - inset)) <= 0.1 and abs(ty - (face.y + inset)) <= 0.1, \
                (front, (x, y), (tx, ty), face)
            seen += 1
    assert seen == CARDS
