"""The duplex calibration sheet, read back from its PDF: rulers that read at arm's
length (a tick every millimetre, a label every 5 mm, zero marked) and no text box
touching another."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pdfplumber
import pytest

from printgen.cli import main

MM = 72 / 25.4
MINUS = "\u2212"


def calibration(tmp_path: Path, paper: str, duplex: str) -> Path:
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["calibrate", "--paper", paper, "--duplex", duplex, "--out", str(tmp_path), "-q"]) == 0
    path, = tmp_path.glob("calibrate-*.pdf")
    return path


def boxes(page) -> list[tuple[str, float, float, float, float]]:
    """Every word on the page with its box in mm (x0, top, x1, bottom)."""
    return [(w["text"], w["x0"] / MM, w["top"] / MM, w["x1"] / MM, w["bottom"] / MM)
            for w in page.extract_words(keep_blank_chars=False)]        # (by position: a label beside a ruler is a word of its own)


def overlap(a, b) -> bool:
    return a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]


@pytest.fixture(scope="module", params=[("a4", "long"), ("letter", "short")])
def sheet(request, tmp_path_factory):
    return calibration(tmp_path_factory.mktemp("calibrate"), *request.param)


def test_no_two_text_boxes_touch(sheet):
    with pdfplumber.open(str(sheet)) as pdf:
        for page in pdf.pages:
            words = boxes(page)
            for i, a in enumerate(words):
                for b in words[i + 1:]:
                    assert not overlap(a, b), (a, b)


def rulers(page):
    """The back's two rulers: (labels, ticks) of the horizontal one and the vertical."""
    labels = [w for w in boxes(page) if w[0] in ("0", f"{MINUS}5", "+5")]
    ticks = [(l["x0"] / MM, l["top"] / MM, l["x1"] / MM, l["bottom"] / MM, l["linewidth"]) for l in page.lines]
    return labels, ticks


def test_ticks_every_millimetre_labels_every_5mm_zero_marked(sheet):
    with pdfplumber.open(str(sheet)) as pdf:
        labels, ticks = rulers(pdf.pages[1])
    upright = [t for t in ticks if abs(t[0] - t[2]) < 1e-3]            # the horizontal ruler's ticks
    across = [t for t in ticks if abs(t[1] - t[3]) < 1e-3 and t[2] - t[0] < 10]
    for marks, along, length in ((upright, 0, lambda t: t[3] - t[1]), (across, 1, lambda t: t[2] - t[0])):
        assert len(marks) == 13                                          # -6 to +6 mm
        positions = sorted(t[along] for t in marks)
        steps = [b - a for a, b in zip(positions, positions[1:])]
        assert steps == pytest.approx([1.0] * 12, abs=0.01)
        zero = positions[6]
        by_place = {round(t[along] - zero): t for t in marks}
        assert max(by_place.values(), key=length) is by_place[0]        # zero's tick is the longest
        assert by_place[0][4] > by_place[1][4]                          # and the heaviest
        assert length(by_place[5]) > length(by_place[4]) and length(by_place[-5]) > length(by_place[-4])
        # the labels sit on their ticks, 5 mm apart: -5, 0, +5
        centre = (lambda w: (w[1] + w[3]) / 2) if along == 0 else (lambda w: (w[2] + w[4]) / 2)
        mine = [w for w in labels if abs(centre(w) - zero) <= 5.5 and
                (abs(w[2] - by_place[0][1]) < 15 if along == 0 else abs(w[1] - by_place[0][0]) < 15)]
        found = {w[0]: centre(w) - zero for w in mine}
        assert found == pytest.approx({f"{MINUS}5": -5.0, "0": 0.0, "+5": 5.0}, abs=0.3)


def test_labels_are_large_enough_to_read_at_arms_length(sheet):
    with pdfplumber.open(str(sheet)) as pdf:
        sizes = {round(c["size"], 1) for c in pdf.pages[1].chars if c["text"] in "0+5" + MINUS}
    assert min(sizes) >= 8.0


@pytest.mark.parametrize("duplex", ["none", "fold"])
def test_a_duplex_that_does_not_turn_the_sheet_is_refused_in_one_line(cli, tmp_path, duplex):
    """The rulers are read where the turn brings the back behind the front: a sheet left
    unturned (none: backs at their faces' own places) has no such place."""
    result = cli("calibrate", "--duplex", duplex, "--out", str(tmp_path / "out"))
    assert result.status == 2
    line, = result.err.strip().splitlines()
    assert "--duplex" in line and "turned over" in line and "long or short" in line and repr(duplex) in line
    assert "Traceback" not in result.err
    assert not (tmp_path / "out").exists()


def test_the_layout_refuses_an_unturned_sheet_too():
    from printgen.errors import InputError
    from printgen.layout.calibrate import calibration_pages
    from printgen.model import Duplex
    from printgen.spec.printdata import paper, print_facts

    with pytest.raises(InputError, match="expected long or short"):
        calibration_pages(paper("a4"), Duplex.NONE, print_facts().turn_check)


def test_help_says_none_is_for_a_print_shop_and_turning_by_hand_is_long_or_short(cli):
    """`--duplex none` puts each back at its face's own place: right for a print shop
    that places the backs, wrong for a stack turned by hand (the same turn as a
    duplex printer's)."""
    for verb in ("build", "rules", "calibrate"):
        text = " ".join(cli(verb, "--help").out.split())
        assert "by your printer or by hand" in text, verb
        assert "to print separately" not in text, verb
    assert "none (each back at its face's own place, not mirrored: for a print shop" in \
        " ".join(cli("build", "--help").out.split())
    assert "{long,short}" in cli("calibrate", "--help").out


def front_boxes(page) -> dict[str, tuple[float, float, float, float]]:
    """The front's two turn-check boxes (x0, top, x1, bottom in mm), each named by the
    text beside it."""
    words = boxes(page)
    found = {}
    for r in page.rects:
        if r["fill"]:
            continue
        box = (r["x0"] / MM, r["top"] / MM, r["x1"] / MM, r["bottom"] / MM)
        beside = [w for w in words if w[2] < box[3] and w[4] > box[1] and (w[1] > box[2] or w[3] < box[0])]
        found[" ".join(w[0] for w in beside)] = box
    return found


@pytest.mark.parametrize("actual", ["long", "short"])
@pytest.mark.parametrize("named", ["long", "short"])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_the_turn_check_shows_which_way_the_sheet_was_turned(tmp_path, paper_name, named, actual):
    """The back's black square, turned over with the sheet (the physical model of
    test_duplex.py), lies inside the front's TURN CHECK box after the turn the sheet was
    made for, and inside the other box, which names the other turn and its --duplex,
    after the other turn."""
    from test_duplex import turned

    from printgen.model import Duplex

    with pdfplumber.open(str(calibration(tmp_path, paper_name, named))) as pdf:
        front, back = pdf.pages
        width, height = float(back.width) / MM, float(back.height) / MM
        square, = [r for r in back.rects if r["fill"]]
        corners = [turned(x / MM, y / MM, width, height, Duplex(actual))
                   for x in (square["x0"], square["x1"]) for y in (square["top"], square["bottom"])]
        checks = front_boxes(front)
    assert len(checks) == 2
    label, box = next((text, b) for text, b in checks.items()
                      if text.startswith("TURN CHECK") == (named == actual))
    for x, y in corners:
        assert box[0] + 2 <= x <= box[2] - 2 and box[1] + 2 <= y <= box[3] - 2, (label, box, corners)
    assert f"{actual} edge" in label
    if named != actual:
        assert f"--duplex {actual}" in label


@pytest.mark.parametrize("duplex, arrow", [("long", "still points into the printer"),
                                           ("short", "points out of the printer")])
def test_the_front_says_how_to_turn_the_sheet_by_hand(tmp_path, duplex, arrow):
    """A sheet put back as it lay and turned over about its long edge keeps the edge that
    went in first (the arrow drawn along the feed still points in); turned about its
    short edge, the other end goes in first."""
    with pdfplumber.open(str(calibration(tmp_path, "letter", duplex))) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "pencil an arrow" in text and "Print page 1 alone" in text
    assert f"about its {duplex} edge: your arrow is now underneath and {arrow}" in text
    assert f"--duplex {duplex}" in text


@pytest.mark.parametrize("box, square", [(24, 16), (30, 20)])
def test_the_turn_check_is_sized_by_print_yaml(print_yaml, tmp_path, box, square):
    """The front's two boxes and the back's square, read back from the PDF, are
    print.yaml's `calibration` sizes (printgen's own: 24 and 16 mm)."""
    print_yaml({"  box: 24mm": f"  box: {box}mm", "  square: 16mm": f"  square: {square}mm"})
    with pdfplumber.open(str(calibration(tmp_path / "out", "a4", "long"))) as pdf:
        front, back = pdf.pages
        sides = [(b[2] - b[0], b[3] - b[1]) for b in front_boxes(front).values()]
        found, = [r for r in back.rects if r["fill"]]
    assert len(sides) == 2
    assert all(w == pytest.approx(box, abs=0.01) and h == pytest.approx(box, abs=0.01) for w, h in sides), sides
    assert (found["x1"] - found["x0"]) / MM == pytest.approx(square, abs=0.01)
    assert (found["bottom"] - found["top"]) / MM == pytest.approx(square, abs=0.01)


def test_a_square_no_smaller_than_its_box_is_one_located_line(print_yaml, cli, tmp_path):
    print_yaml({"  square: 16mm": "  square: 24mm"})
    result = cli("calibrate", "--out", str(tmp_path / "out"))
    assert result.status == 2
    line, = result.err.strip().splitlines()
    assert "print.yaml:" in line and "calibration.square" in line and "24mm" in line, line
    assert "Traceback" not in result.err and not (tmp_path / "out").exists()
