"""A character printgen would not print (a control character, an explicit bidi
override) in a card's value, a card table's cell or a rules text is a located error
naming it, not dropped unseen; tabs, line breaks, joiners and bidi marks still build."""

from __future__ import annotations

from pathlib import Path

import pytest

FACE = ("elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
        "  - {kind: text, text: '{{ card.name }}', x: 3mm, y: 3mm, w: 50mm, h: 30mm, size: 12pt}\n")


def write(folder: Path, cards: str, extra: str = "") -> Path:
    (folder / "face.yaml").write_text(FACE, encoding="utf-8")
    (folder / "back.yaml").write_text(FACE.split("  - {kind: text")[0], encoding="utf-8")
    deck = folder / "deck.yaml"
    deck.write_text(f"name: t\nsize: poker\nface: face.yaml\nback: back.yaml\n{extra}cards:{cards}",
                    encoding="utf-8")
    return deck


def error_line(cli, deck: Path, out: Path, only: str = "pdf") -> str:
    result = cli("build", str(deck), "--only", only, "--out", str(out))
    assert result.status == 2 and "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    assert not out.exists()
    return lines[0]


@pytest.mark.parametrize("escaped, code", [("a\\u0007b\\u001bc", "U+0007"), ("x\\u0085y", "U+0085"),
                                           ("\\0", "U+0000"), ("\\u202eAB", "U+202E"), ("AB\\u2066C", "U+2066")])
def test_a_card_value_holding_an_unprinted_character_is_a_located_error(cli, tmp_path, escaped, code):
    deck = write(tmp_path, f'\n  - fields: {{name: ok}}\n  - fields: {{name: "{escaped}"}}\n')
    line = error_line(cli, deck, tmp_path / "out")
    assert "deck.yaml:7 cards[1].fields.name" in line and code in line


def test_a_card_table_cell_holding_a_control_character_names_its_row_and_column(cli, tmp_path):
    deck = write(tmp_path, " cards.csv\n")
    (tmp_path / "cards.csv").write_bytes(b"name,note\nok,fine\nbad,\"x\x1by\"\n")
    line = error_line(cli, deck, tmp_path / "out")
    assert "cards.csv:3 note" in line and "U+001B" in line


def test_a_rules_text_holding_a_control_character_names_its_line(cli, tmp_path):
    (tmp_path / "rules.md").write_text("# Rules\n\nPlay well.\n\nDraw \x07 a card.\n", encoding="utf-8")
    deck = write(tmp_path, "\n  - fields: {name: ok}\n", "size: mini\nrules: [rules.md]\n")
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker\n", ""), encoding="utf-8")
    line = error_line(cli, deck, tmp_path / "out", "rules")
    assert "rules.md:5" in line and "U+0007" in line


def test_tabs_line_breaks_joiners_and_marks_still_build(cli, tmp_path):
    import pypdfium2
    deck = write(tmp_path, '\n  - fields: {name: "a\\tb\\nc\\u200dd\\u200fe\\u200cf"}\n')
    result = cli("build", str(deck), "--only", "pdf", "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    pdf = pypdfium2.PdfDocument(tmp_path / "out" / "t-a4.pdf")
    text = pdf[0].get_textpage().get_text_range()
    assert "a b" in text and "c" in text and "f" in text
