"""A rules text set in a font of its own: front matter `font:` names a declared font
(its project's fonts/fonts.yaml, its own `fonts:`, its deck's), and the whole text,
leaflet or booklet, cover, contents, running heads and page numbers too, is set in that
family, the bundled faces setting only what it lacks. Read back from the PDFs: which
embedded font draws each character."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES
from test_languages import one_error
from test_own_fonts import drawn, project

FONTS = FIXTURES / "scripts" / "fonts"
LATIN = "NotoSans-Regular"              # Latin.ttf's embedded name
TEXT = """\
---
title: House rules
subtitle: Our club's way
font: body
---
# Setting up

Shuffle and deal **seven cards** to each player; the rest is the *stock*.[^1]

| Hand | Points |
|---|--:|
| Pair | 2 |

## Scoring

Score each hand as the table says; a snowman ☃ is the bundled faces' to set.

[^1]: Notes are set in it too.
"""


def house_rules(tmp_path: Path, text: str = TEXT) -> Path:
    """A project declaring `body` (Latin.ttf) in fonts/fonts.yaml, and a rules text."""
    (tmp_path / "fonts").mkdir(parents=True)
    shutil.copy(FONTS / "Latin.ttf", tmp_path / "fonts")
    (tmp_path / "fonts" / "fonts.yaml").write_text("body: Latin.ttf\n", encoding="utf-8")
    (tmp_path / "decks" / "rules").mkdir(parents=True)
    path = tmp_path / "decks" / "rules" / "house.md"
    path.write_text(text, encoding="utf-8")
    return path


def fonts_of(pdf: Path) -> dict[str, set[str]]:
    """Which fonts draw the PDF's letters and digits, and its other characters."""
    found: dict[str, set[str]] = {"letters": set(), "others": set()}
    for text, name in drawn(pdf):
        if text.strip():
            found["letters" if text.isascii() and text.isalnum() else "others"].add(name)
    return found


@pytest.mark.parametrize("command", ["rules", "booklet"])
def test_a_text_is_set_in_the_font_its_front_matter_names(cli, tmp_path, command):
    out = tmp_path / "out"
    result = cli(command, str(house_rules(tmp_path)), "--out", str(out), "-q")
    assert result.status == 0, result.err
    pdfs = sorted(out.glob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        found = fonts_of(pdf)
        # body, headings, table, notes, folios, cover; a booklet's printed sheets also carry
        # a slug in their margins, a printer's mark set in the bundled sans as card sheets' are
        slug = {"DejaVuSans"} if command == "booklet" and not pdf.name.endswith("-reading.pdf") else set()
        assert LATIN in found["letters"] and found["letters"] - slug == {LATIN}, pdf.name
        assert "DejaVuSans" in found["others"], pdf.name  # the snowman (and the superscript digits)
    plain = tmp_path / "plain"                            # without font: the bundled faces, as before
    path = house_rules(tmp_path / "p", TEXT.replace("font: body\n", ""))
    assert cli(command, str(path), "--out", str(plain), "-q").status == 0
    assert LATIN not in {name for pdf in plain.glob("*.pdf") for _, name in drawn(pdf)}


@pytest.mark.parametrize("command", ["rules", "booklet"])
def test_a_font_no_one_declares_is_one_located_line(cli, tmp_path, command):
    out = tmp_path / "out"
    path = house_rules(tmp_path, TEXT.replace("font: body", "font: bdy"))
    one_error(cli(command, str(path), "--out", str(out), "-q"), "house.md:4 font", "'bdy'", "(body)")
    assert not out.exists()


def test_a_decks_rules_text_may_name_the_decks_font(cli, tmp_path):
    """In a deck's build its text may name a font the deck declares (not its project);
    one that neither declares is an error at the text's line."""
    deck = project(tmp_path)
    shutil.copy(FONTS / "Latin.ttf", tmp_path / "fonts")
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "fonts:\n", "fonts:\n  latin: ../fonts/Latin.ttf\n"), encoding="utf-8")
    rules = tmp_path / "decks" / "rules" / "hindi-rules.md"
    body = rules.read_text(encoding="utf-8")
    rules.write_text(f"---\nfont: latin\n---\n{body}", encoding="utf-8")
    out = tmp_path / "out"
    result = cli("build", str(deck), "--only", "rules", "--out", str(out), "-q")
    assert result.status == 0, result.err
    leaflet, = out.glob("*rules*.pdf")
    assert fonts_of(leaflet)["letters"] == {LATIN}
    rules.write_text(f"---\nfont: latin-bold\n---\n{body}", encoding="utf-8")
    one_error(cli("build", str(deck), "--only", "rules", "--out", str(tmp_path / "out2"), "-q"),
              "hindi-rules.md:2 font", "'latin-bold'", "deva, latin")
    assert not (tmp_path / "out2").exists()
