"""`align: start` and `align: end` on card text: one template for left-to-right and
right-to-left cards. Glyph positions are read back from the built PDF."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from test_typesetting import pdf_glyphs

from printgen.cli import main
from printgen.layout.text import TextStyle, set_text
from printgen.shaping import text_width

TWO = "Draw two\nשלום"                             # noqa: RUF001 (Hebrew)
ROWS = ("start", "end", "left", "right")           # one text element per row, top to bottom


def build(tmp_path: Path, line: str, lang: str, markup: bool) -> list[list[float]]:
    """A one-card deck whose face sets line four times, in the boxes of one width, aligned
    as ROWS says: the x of every glyph of each row, left to right."""
    flag = ", markup: true" if markup else ""
    rows = "".join(f"  - {{kind: text, text: '{{{{ card.line }}}}', x: 5mm, y: {5 + 15 * i}mm, w: 50mm, "
                   f"h: 10mm, size: 10pt, align: {align}, lang: '{{{{ card.lang }}}}'{flag}}}\n"
                   for i, align in enumerate(ROWS))
    (tmp_path / "face.yaml").write_text("elements:\n" + rows)
    (tmp_path / "back.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#000000'}\n")
    deck = tmp_path / "deck.yaml"
    deck.write_text("name: t\nsize: poker\nface: face\nback: back\n"
                    f"cards:\n  - fields: {{line: {json.dumps(line)}, lang: {lang}}}\n")
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
        status = main(["build", str(deck), "--out", str(tmp_path / "out"), "-q", "--only", "pdf"])
    assert status == 0, err.getvalue()
    by_row: dict[float, list[float]] = {}
    for _, _, x, y, size in pdf_glyphs(tmp_path / "out" / "t-a4.pdf"):
        if abs(size - 10.0) < 0.01:                        # the card's text, not the sheet's label
            by_row.setdefault(round(y, 1), []).append(x)
    found = [sorted(xs) for _, xs in sorted(by_row.items(), reverse=True)]      # PDF y is up: top row first
    assert len(found) == len(ROWS), found
    return found


@pytest.mark.parametrize("markup", [False, True])
@pytest.mark.parametrize("line, lang, start, end", [
    ("Draw two cards", "en", "left", "right"),
    ("שלום עולם 3", "he", "right", "left"),
])
def test_one_template_sets_each_language_from_its_own_side(tmp_path, markup, line, lang, start, end):
    rows = dict(zip(ROWS, build(tmp_path, "**" + line + "**" if markup else line, lang, markup), strict=True))
    assert rows["left"][0] < rows["right"][0] - 50        # the box is much wider than the line
    for align, side in (("start", start), ("end", end)):
        assert rows[align] == pytest.approx(rows[side], abs=0.01), align


def test_each_paragraph_takes_its_own_direction():
    """A plain text of an English and a Hebrew paragraph: the first set flush left, the
    second flush right, under the one `align: start`."""
    style = TextStyle(size=10.0, align="start")
    english, hebrew = sorted(set_text(TWO, 0.0, 0.0, 200.0, 100.0, style, "test"), key=lambda r: r.y)
    assert english.x == pytest.approx(0.0)
    assert hebrew.x + text_width(hebrew.text, "sans", 10.0) == pytest.approx(200.0)
    end = sorted(set_text(TWO, 0.0, 0.0, 200.0, 100.0, TextStyle(size=10.0, align="end"), "test"),
                 key=lambda r: r.y)
    assert end[0].x + text_width(end[0].text, "sans", 10.0) == pytest.approx(200.0)
    assert end[1].x == pytest.approx(0.0)
