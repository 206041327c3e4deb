"""No text a player reads is set under 6.5 pt, in any PDF the built-in commands write:
card sheets, boxes, dice, boards and tokens, leaflets, booklets, play aids, the
calibration sheet, deal sheets and challenge booklets. Sizes are read back from the
PDFs (turned text included). The one exception is a deal sheet's pictures of cards,
which are cards drawn small: text inside their clipping boxes is not counted.

A leaflet's and a play aid's body text is at least 8 pt."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from pdfread import MM, clip_boxes, text_size
from printgen.cli import main

SMALLEST = 6.5
BODY = 8.0
RULES = ["coruscant-shift", "jedi-duel", "jedi-temple", "kerton-sabacc", "solomons-temple", "west-end-sabacc"]


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("all")
    runs = [["build", "--all", "--only", "pdf,box,parts,rules", "--out", str(out / "build")],
            ["rules", "jedi-temple", "--deal", "7", "--out", str(out / "deal-insert")],
            ["aid", "jedi-duel", "--out", str(out / "aid")],
            ["calibrate", "--out", str(out / "calibrate")],
            ["deal", "7", "--out", str(out / "deal")],
            ["challenge", "--count", "2", "--out", str(out / "challenge")],
            ["booklet", "solomons-temple", "--out", str(out / "booklet")]]
    runs += [["rules", name, "--out", str(out / "rules")] for name in RULES]
    for args in runs:
        assert main([*args, "-q"]) == 0, args
    return out


def pdfs(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.pdf"))


def inside(char: dict, boxes, page_height: float) -> bool:
    x, y = (char["x0"] + char["x1"]) / 2 / MM, (char["top"] + char["bottom"]) / 2 / MM
    return any(b.x <= x <= b.x + b.w and b.y <= y <= b.y + b.h for b in boxes)


def small_text(path: Path, *, pictures_excepted: bool) -> Counter:
    """(page, size, text) of every line of text under SMALLEST points."""
    found: Counter = Counter()
    boxes = clip_boxes(path) if pictures_excepted else None
    with pdfplumber.open(str(path)) as pdf:
        for number, page in enumerate(pdf.pages):
            for char in page.chars:
                size = text_size(char)
                if size >= SMALLEST - 0.01 or not char["text"].strip():
                    continue
                if boxes is not None and inside(char, boxes[number], page.height):
                    continue
                found[(number + 1, round(size, 2), round(char["top"]))] += 1
    return found


def test_every_kind_of_pdf_is_written(written):
    names = [p.name for p in pdfs(written)]
    for part in ("box", "dice", "solomon-board", "army-tokens", "rules-poker", "booklet", "aids",
                 "calibrate", "jedi-temple-7", "challenge"):
        assert any(part in name for name in names), part
    assert len(names) >= 30


def test_no_text_under_six_and_a_half_points(written):
    too_small = {}
    for path in pdfs(written):
        dealt = path.parent.name in ("deal", "challenge")
        found = small_text(path, pictures_excepted=dealt)
        if found:
            too_small[path.name] = sorted(found)[:5]
    assert too_small == {}


def test_the_exception_covers_only_the_pictures_of_cards(written):
    """The deal sheet has text under 6.5 pt, all of it inside its cards' boxes."""
    sheet, = pdfs(written / "deal")
    assert small_text(sheet, pictures_excepted=False)
    assert not small_text(sheet, pictures_excepted=True)


def test_leaflet_and_aid_body_text_is_at_least_8_pt(written):
    """Most of a leaflet's or aid's text is its body: the commonest size is at least 8 pt."""
    for path in pdfs(written / "rules") + pdfs(written / "aid") + pdfs(written / "deal-insert"):
        with pdfplumber.open(str(path)) as pdf:
            sizes = Counter(round(text_size(c), 1) for page in pdf.pages for c in page.chars if c["text"].strip())
        body, _ = sizes.most_common(1)[0]
        assert body >= BODY, (path.name, sizes.most_common(3))
