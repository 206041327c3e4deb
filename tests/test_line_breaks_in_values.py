"""Every mandatory line break a value may hold (UAX #14's carriage return, CR LF,
U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR, as text pasted from a web page
or a cell saved on another system holds them) breaks the line as a line feed does,
in a YAML value, a CSV cell and an XLSX cell alike: the words are read back from the
built PDF on two lines, the second below the first at the same left edge."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

FACE = ("elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
        "  - {kind: text, text: '{{ card.name }}', x: 3mm, y: 3mm, w: 50mm, h: 30mm, size: 12pt}\n")
BREAKS = {"LF": "\n", "CR": "\r", "CR LF": "\r\n", "U+2028": "\u2028", "U+2029": "\u2029"}


def deck_with(folder: Path, cards: str) -> Path:
    (folder / "face.yaml").write_text(FACE, encoding="utf-8")
    (folder / "back.yaml").write_text(FACE.split("  - {kind: text")[0], encoding="utf-8")
    deck = folder / "deck.yaml"
    deck.write_text(f"name: t\nsize: poker\nface: face.yaml\nback: back.yaml\ncards:{cards}", encoding="utf-8")
    return deck


def word_lines(cli, deck: Path, out: Path) -> list[tuple[str, float, float]]:
    """The first page's words as (text, left, top) in points, in reading order."""
    result = cli("build", str(deck), "--only", "pdf", "--out", str(out), "-q")
    assert result.status == 0, result.err
    with pdfplumber.open(str(out / "t-a4.pdf")) as pdf:
        return [(w["text"], w["x0"], w["top"]) for w in pdf.pages[0].extract_words()]


def assert_two_lines(words: list[tuple[str, float, float]], cards: int = 1) -> None:
    """Each card's "alpha" with its "beta" a 12 pt line below it, at the same left edge
    (not "alphabeta", not a break lost)."""
    alphas = [(left, top) for text, left, top in words if text == "alpha"]
    betas = [(left, top) for text, left, top in words if text == "beta"]
    assert len(alphas) == len(betas) == cards, words
    for (left1, top1), (left2, top2) in zip(sorted(alphas), sorted(betas)):
        assert abs(left1 - left2) < 0.5 and 10 < top2 - top1 < 20, words


@pytest.mark.parametrize("name", list(BREAKS))
def test_a_yaml_value_breaks_the_line_at_each_line_break(cli, tmp_path, name):
    escaped = BREAKS[name].encode("unicode_escape").decode("ascii")
    assert_two_lines(word_lines(cli, deck_with(tmp_path, f'\n  - fields: {{name: "alpha{escaped}beta"}}\n'),
                                tmp_path / "out"))


@pytest.mark.parametrize("name", list(BREAKS))
def test_a_csv_cell_breaks_the_line_at_each_line_break(cli, tmp_path, name):
    (tmp_path / "cards.csv").write_bytes(f'name\r\n"alpha{BREAKS[name]}beta"\r\n'.encode())
    assert_two_lines(word_lines(cli, deck_with(tmp_path, " cards.csv\n"), tmp_path / "out"))


def test_an_xlsx_cell_breaks_the_line_at_a_carriage_return_and_a_separator(cli, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["name"])
    for brk in ("\r\n", "\u2028"):
        book.active.append([f"alpha{brk}beta"])
    book.save(tmp_path / "cards.xlsx")
    assert_two_lines(word_lines(cli, deck_with(tmp_path, " cards.xlsx\n"), tmp_path / "out"), cards=2)


def test_the_values_read_hold_line_feeds_only():
    from printgen.reading import line_feeds
    assert line_feeds("a\r\nb\rc\u2028d\u2029e\n\nf") == "a\nb\nc\nd\ne\n\nf"
