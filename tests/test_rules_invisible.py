"""A paragraph of a Markdown text holding only invisible format characters (a
right-to-left or left-to-right mark, a zero-width space, a word joiner, a byte order
mark), as text pasted from a right-to-left document may hold, takes no room: it is
set as a blank line is, in a leaflet, a booklet and a card's Markdown alike. A heading
holding only them is as a heading with no words. The words' places are read back
from the PDF and compared with those of the same text without it."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

TEXT = "# Setup\n\nDeal five cards to each player.\n\n{}\n\nPut the rest down.\n\nThen play.\n"
MARKS = {"rlm": "\u200f", "lrm": "\u200e", "zwsp": "\u200b", "joiner": "\u2060", "bom": "\ufeff",
         "several": "\u200f \u200e\u200f"}


def places(pdf_path: Path) -> list[tuple[int, str, float, float]]:
    """Every word of the PDF as (page, text, left, top)."""
    with pdfplumber.open(str(pdf_path)) as pdf:
        return [(n, w["text"], round(w["x0"], 2), round(w["top"], 2))
                for n, page in enumerate(pdf.pages) for w in page.extract_words()]


def built(cli, folder: Path, text: str, *command: str) -> Path:
    """The PDF a command (rules or booklet) makes of the text, named alike in every
    folder (its words, not the file's name, are compared)."""
    folder.mkdir()
    (folder / "pasted.md").write_text(text, encoding="utf-8")
    result = cli(*command, str(folder / "pasted.md"), "--out", str(folder / "out"), "-q")
    assert result.status == 0, result.err
    return folder / "out"


def test_a_paragraph_of_invisible_characters_leaves_no_gap_in_a_leaflet(cli, tmp_path):
    """Each of them alone, and several with spaces between (a zero-width space, a word
    joiner and a byte order mark alone left no gap before; the marks did)."""
    plain = built(cli, tmp_path / "plain", TEXT.format(""), "rules", "--duplex", "none")
    (plain_pdf,) = plain.glob("*.pdf")
    expected = places(plain_pdf)
    top = {text: y for _, text, _, y in expected}
    assert top["Put"] - top["Deal"] == pytest.approx(top["Then"] - top["Put"])      # one paragraph's gap
    for name, marks in MARKS.items():
        marked = built(cli, tmp_path / name, TEXT.format(marks), "rules", "--duplex", "none")
        (marked_pdf,) = marked.glob("*.pdf")
        assert places(marked_pdf) == expected, name


def test_a_paragraph_of_a_bidi_mark_leaves_no_gap_in_a_booklet(cli, tmp_path):
    plain = built(cli, tmp_path / "plain", TEXT.format(""), "booklet")
    marked = built(cli, tmp_path / "marked", TEXT.format("\u200f"), "booklet")
    for pdf in sorted(path.name for path in plain.glob("*.pdf")):       # the sheets, and the reading copy
        assert places(marked / pdf) == places(plain / pdf), pdf
    (reading,) = marked.glob("*-reading.pdf")
    top = {text: y for _, text, _, y in places(reading)}
    assert top["Put"] - top["Deal"] == pytest.approx(top["Then"] - top["Put"])      # one paragraph's gap


def test_a_card_s_heading_of_a_bidi_mark_is_as_a_heading_with_no_words(cli, tmp_path):
    """A card's Markdown (where a heading may have no words, as a field may be empty):
    `# U+200F` takes the room of `#` alone, not a line of heading type."""
    (tmp_path / "face.yaml").write_text(
        'elements:\n  - {kind: markdown, text: "{{ card.rule }}", x: 5mm, y: 5mm, w: 53mm, h: 70mm, size: 8pt}\n',
        encoding="utf-8")
    (tmp_path / "back.yaml").write_text("elements:\n  - {kind: rect, box: trim, fill: '#203040'}\n",
                                        encoding="utf-8")
    tops = []
    for heading in ("#", "# \\u200f"):
        (tmp_path / "d.yaml").write_text(
            "name: d\nsize: poker\nface: face.yaml\nback: back.yaml\n"
            f'cards:\n  - fields: {{rule: "Draw one.\\n\\n{heading}\\n\\nPlay one."}}\n', encoding="utf-8")
        out = tmp_path / f"out{len(tops)}"
        assert cli("build", str(tmp_path / "d.yaml"), "--only", "pdf", "--out", str(out), "-q").status == 0
        (pdf,) = out.rglob("*.pdf")
        tops.append([(text, y) for _, text, _, y in places(pdf) if text in ("Draw", "Play")])
    assert tops[0] == tops[1] and len(tops[0]) == 2
