"""--back-offset on two-sided rule leaflets, read back from the PDF: the back page's
panels and words move by the offset as 'printgen calibrate' reads it on portrait paper
(turned a quarter for a landscape sheet, as a deck's backs and a booklet's are), the
front page stays where it was; from `printgen rules` and from a deck's build."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from pdfread import MM, clip_boxes, page_sizes
from test_fold import long_text


def words(path: Path, page: int) -> list[tuple[str, float, float]]:
    """The words on the page's panels with their top-left corners, in mm (not the slug's
    in the margin, which is set in the strips the moved panels leave inside the
    printer margin)."""
    boxes = clip_boxes(path)[page]
    with pdfplumber.open(str(path)) as pdf:
        found = pdf.pages[page].extract_words()
    return sorted((w["text"], w["x0"] / MM, w["top"] / MM) for w in found
                  if any(b.x <= (w["x0"] + w["x1"]) / 2 / MM <= b.x + b.w and
                         b.y <= (w["top"] + w["bottom"]) / 2 / MM <= b.y + b.h for b in boxes))


def moved_by(plain: Path, moved: Path) -> tuple[set[tuple[float, float]], set[tuple[float, float]]]:
    """How far every panel and every word of the front page, then of the back page,
    moved from `plain` to `moved` (mm, rounded to 0.01)."""
    boxes = clip_boxes(plain), clip_boxes(moved)
    assert len(boxes[0]) == len(boxes[1]) == 2              # a two-sided leaflet
    found = []
    for page in (0, 1):
        assert len(boxes[0][page]) == len(boxes[1][page]) > 0
        shifts = {(round(b.x - a.x, 2), round(b.y - a.y, 2)) for a, b in zip(boxes[0][page], boxes[1][page])}
        before, after = words(plain, page), words(moved, page)
        assert [w[0] for w in before] == [w[0] for w in after] and before
        shifts |= {(round(b[1] - a[1], 2), round(b[2] - a[2], 2)) for a, b in zip(before, after)}
        found.append(shifts)
    return found[0], found[1]


@pytest.mark.parametrize("panel,landscape", [("poker", True), ("a7", False)])
def test_rules_back_offset_moves_the_back_page(cli, tmp_path, panel, landscape):
    """Poker panels fold from a landscape A4 sheet, A7 panels from a portrait one."""
    text = long_text(tmp_path, 8)
    outs = []
    for name, offset in (("plain", []), ("moved", ["--back-offset", "2mm,-1.5mm"])):
        out = tmp_path / name
        assert cli("rules", str(text), "--panel", panel, "--out", str(out), "-q", *offset).status == 0
        outs.append(next(out.glob("*.pdf")))
    width, height = page_sizes(outs[0])[0]
    assert (width > height) == landscape
    front, back = moved_by(*outs)
    assert front == {(0.0, 0.0)}
    assert back == ({(1.5, 2.0)} if landscape else {(2.0, -1.5)})       # landscape: (-Y, X)


def test_a_decks_build_moves_its_leaflets_back_page(cli, tmp_path):
    """The reviewer's case: standard-54's Jedi Duel leaflet is two-sided."""
    outs = []
    for name, offset in (("plain", "0mm,0mm"), ("moved", "2mm,0mm")):
        out = tmp_path / name
        assert cli("build", "standard-54", "--only", "rules", "--back-offset", offset, "--out", str(out),
                   "-q").status == 0
        outs.append(next(out.rglob("jedi-duel-*.pdf")))
    front, back = moved_by(*outs)
    assert front == {(0.0, 0.0)}
    assert back == {(0.0, 2.0)}


def test_an_offset_that_runs_off_the_calibration_range_is_refused(cli, tmp_path):
    result = cli("rules", str(long_text(tmp_path, 8)), "--back-offset", "9mm,0mm", "--out", str(tmp_path / "out"))
    assert result.status == 2
    assert "--back-offset: expected at most 6 mm" in result.err and "9mm,0mm" in result.err
    assert not (tmp_path / "out").exists()
