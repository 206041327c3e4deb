"""A line break YAML reads but an editor does not show (U+0085 NEXT LINE, U+2028 LINE
SEPARATOR, U+2029 PARAGRAPH SEPARATOR, written as they are) is refused anywhere in a
YAML file, at the line and column an editor shows (lines end at CR LF, CR or LF):
read as YAML reads it, it once moved every later line number and made keys no editor
shows (`bleed: 0.125in<U+2028>zzz: 3`). Written as an escape in a double-quoted value
it is a line break in the value (tests/test_line_breaks_in_values.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.errors import SpecError
from printgen.spec.yamlload import load_text

HIDDEN = {"U+0085 NEXT LINE": "\x85", "U+2028 LINE SEPARATOR": "\u2028", "U+2029 PARAGRAPH SEPARATOR": "\u2029"}
FACE = "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"


@pytest.mark.parametrize("name", list(HIDDEN))
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("where", ["plain", "quoted", "comment"])
def test_a_hidden_line_break_is_refused_at_the_line_and_column_an_editor_shows(name, newline, where):
    line = {"plain": "title: Pr{}oj", "quoted": "title: 'Pr{}oj'", "comment": "# note{}x: 1"}[where]
    text = newline.join(["a: 1", "b:", "  - 2", "", line.format(HIDDEN[name]), "c: 3", ""])
    with pytest.raises(SpecError) as caught:
        load_text(text, "deck.yaml")
    message = str(caught.value)
    column = line.index("{}") + 1
    assert message.startswith(f"deck.yaml:5:{column}: got ") and name in message, message
    assert "expected a real line break" in message and "\n" not in message


def test_a_hidden_break_after_a_long_line_shows_the_text_around_it():
    with pytest.raises(SpecError) as caught:
        load_text("name: t\ncards: [" + "x, " * 30 + "y\u2029z]\n", "d.yaml")
    message = str(caught.value)
    assert message.startswith("d.yaml:2:100: got '... x, x, x, x, x, x, y\\u2029z]', which"), message


def test_a_key_no_editor_shows_stops_the_build_before_anything_is_written(cli, tmp_path):
    (tmp_path / "face.yaml").write_text(FACE, encoding="utf-8")
    (tmp_path / "deck.yaml").write_text("name: t\nsize: poker\nface: face.yaml\nback: face.yaml\n"
                                        "bleed: 0.125in\u2028zzz: 3\ncards:\n  - fields: {a: b}\n",
                                        encoding="utf-8")
    result = cli("build", str(tmp_path / "deck.yaml"), "--out", str(tmp_path / "out"))
    line, = result.err.strip().splitlines()
    assert result.status == 2 and "deck.yaml:5:15: got 'bleed: 0.125in\\u2028zzz: 3'" in line, line
    assert "U+2028 LINE SEPARATOR" in line and not (tmp_path / "out").exists()


def test_a_rules_texts_front_matter_names_the_files_line_and_column(cli, tmp_path: Path):
    (tmp_path / "r.md").write_text("---\r\nlang: en\r\ntitle: A\u2029B\r\n---\r\n# T\r\n\r\nText.\r\n",
                                   encoding="utf-8", newline="")
    result = cli("rules", str(tmp_path / "r.md"), "--out", str(tmp_path / "out"))
    line, = result.err.strip().splitlines()
    assert result.status == 2 and "r.md:3:9: got 'title: A\\u2029B'" in line, line
    assert not (tmp_path / "out").exists()



def test_a_file_too_deep_for_the_parser_names_the_line_an_editor_shows():
    """A flow run the parser stops on before its events nest too deep (a quote never
    closed) is found by printgen's own count, which once ended lines at LF only."""
    text = "a: 1\r\n# a comment [[[[\rb: 'x'\r\nc: " + '["x' * 2000 + "\r"
    with pytest.raises(SpecError) as caught:
        load_text(text, "d.yaml")
    assert str(caught.value).startswith("d.yaml:4: nested more than"), str(caught.value)
