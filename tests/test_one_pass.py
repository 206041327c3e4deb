"""A deck larger than layout/deck.py's KEEP_UP_TO is laid out once for its PDF (each
card when its page is made), its pages spooled as they are finished; a card that fails
late leaves the output folder as it was."""

from __future__ import annotations

import os
from pathlib import Path

import pypdfium2 as pdfium

import printgen.layout.deck as deck_layout
from printgen.layout.deck import KEEP_UP_TO

FACE = """\
elements:
  - {kind: rect, box: bleed, fill: "#dddddd"}
  - {kind: text, text: "{{ card.n }}", x: 5mm, y: 5mm, w: 30mm, h: 10mm, font: sans, size: 12pt}
"""
BACK = "elements:\n  - {kind: rect, box: bleed, fill: \"#333333\"}\n"


def big_deck(folder: Path, cards: int, bad: int | None = None) -> Path:
    """A deck of `cards` cards numbered n = 1..cards; card `bad` names a missing field."""
    face = "face.yaml" if bad is None else "bad-face.yaml"
    (folder / face).write_text(FACE if bad is None else FACE.replace(
        '"{{ card.n }}"', f'"{{{{ card.n if card.n != \'{bad}\' else card.missing }}}}"'), encoding="utf-8")
    (folder / "back.yaml").write_text(BACK, encoding="utf-8")
    numbers = ", ".join(f'"{n}"' for n in range(1, cards + 1))
    (folder / "big.yaml").write_text(f"name: big\nsize: poker\nface: {face}\nback: back.yaml\n"
                                     f"cards:\n  - each: {{n: [{numbers}]}}\n", encoding="utf-8")
    return folder / "big.yaml"


def test_a_large_deck_is_laid_out_once_for_its_pdf(cli, tmp_path, monkeypatch):
    cards = KEEP_UP_TO + 26
    laid_out: list[str] = []
    original = deck_layout.layout_side
    monkeypatch.setattr(deck_layout, "layout_side",
                        lambda *args, **kwargs: laid_out.append(args[3]) or original(*args, **kwargs))
    deck = big_deck(tmp_path, cards)
    result = cli("build", str(deck), "--only", "pdf", "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    faces = [subject for subject in laid_out if subject.startswith("card ")]
    assert len(faces) == cards and len(set(faces)) == cards          # each card once
    pdf = pdfium.PdfDocument(tmp_path / "out" / "big-a4.pdf")
    assert len(pdf) == 2 * -(-cards // 9)
    assert sorted(os.listdir(tmp_path / "out")) == [".printgen-files.json", "big-a4.pdf"]   # no spool left


def test_a_card_failing_late_leaves_the_folder_as_it_was(cli, tmp_path):
    out = tmp_path / "out"
    assert cli("build", str(big_deck(tmp_path, KEEP_UP_TO + 26)), "--only", "pdf", "--out", str(out),
               "-q").status == 0
    before = {name: (out / name).read_bytes() for name in os.listdir(out)}
    result = cli("build", str(big_deck(tmp_path, KEEP_UP_TO + 26, bad=KEEP_UP_TO + 20)), "--only", "pdf",
                 "--out", str(out), "-q")
    assert result.status == 2 and "missing" in result.err and f"card {KEEP_UP_TO + 20}" in result.err
    assert {name: (out / name).read_bytes() for name in os.listdir(out)} == before


def test_preflight_lays_each_side_of_a_large_deck_out_once(tmp_path, monkeypatch):
    """Preflight's checks, thin strokes among them, walk a large deck's sides once: each
    face is laid out once (it was twice), and only a side with a thin stroke again, to
    name the element that draws it."""
    from printgen.preflight import check_layout
    from printgen.spec import load_deck
    cards = KEEP_UP_TO + 26
    path = big_deck(tmp_path, cards)
    (tmp_path / "back.yaml").write_text(BACK + "  - {kind: line, x1: 5mm, y1: 5mm, x2: 20mm, y2: 5mm, "
                                               "stroke: \"#ffffff\", stroke_width: 0.1pt}\n", encoding="utf-8")
    deck = load_deck(str(path))
    layout = deck_layout.layout_deck(deck)
    laid_out: list[str] = []
    original = deck_layout.layout_side
    monkeypatch.setattr(deck_layout, "layout_side",
                        lambda *args, **kwargs: laid_out.append(args[3]) or original(*args, **kwargs))
    found = check_layout(layout, safe=deck.safe, label="test")
    faces = [subject for subject in laid_out if subject.startswith("card ")]
    assert len(faces) == cards and len(set(faces)) == cards          # each card once
    assert [subject for subject in laid_out if not subject.startswith("card ")] == ["back 'back.yaml'"]
    assert [f.message.split(": a ")[1][:7] for f in found] == ["0.10 pt"]
    assert "back.yaml:3 elements[1].stroke_width" in found[0].message
