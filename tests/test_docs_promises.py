"""Numbers the documentation pages state, read from the page and measured on what
printgen makes, so that a page and the program cannot drift apart unseen."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from conftest import ROOT

RULES_PAGE = ROOT / "docs" / "rules-and-boxes.md"


def body_size(pdf: Path) -> float:
    """The type size most characters of the PDF are set in: its body's."""
    with pdfplumber.open(pdf) as doc:
        sizes = Counter(round(char["size"], 2) for page in doc.pages for char in page.chars)
    return sizes.most_common(1)[0][0]


def stated_a5_bodies() -> dict[str, float]:
    """The body sizes docs/rules-and-boxes.md gives an a5 booklet on each paper."""
    text = " ".join(RULES_PAGE.read_text(encoding="utf-8").split())
    found = re.search(r"\(([\d.]+) pt on `a5` from A4, ([\d.]+) pt from Letter\)", text)
    assert found, "the page no longer states the a5 booklet's body sizes"
    return {"a4": float(found[1]), "letter": float(found[2])}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_an_a5_booklet_s_body_is_the_size_the_page_states(cli, tmp_path, paper):
    """An a5 booklet's body is 10 pt scaled to its page, to the half point: 9.5 pt
    on A4's 139 mm page and 8.5 pt on Letter's 129 mm one (the page said 9)."""
    text = tmp_path / "rules.md"
    text.write_text("# Rules\n\n" + "Shuffle the deck and deal five cards to each player. " * 20 + "\n",
                    encoding="utf-8")
    result = cli("booklet", str(text), "--size", "a5", "--paper", paper, "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    reading, = (tmp_path / "out").glob("*-reading.pdf")
    assert body_size(reading) == stated_a5_bodies()[paper]


def shown_error(page: Path, after: str) -> str:
    """The error line a page shows, indented, in the first block after the words given."""
    block = page.read_text(encoding="utf-8").split(after, 1)[1].split("\n\n")[1]
    return " ".join(line.strip() for line in block.splitlines())


def glyph_project(folder: Path, rumour: str = "你", face_text: str = "{{ card.rule }}") -> None:
    """The project of docs/fonts.md's missing-glyph error: decks/game.yaml, whose
    card 12 'Rumour' (cards[4], line 30) has the rule given, set by the 14th line of
    templates/face.yaml (elements[2]) in the deck's title font, which has no Chinese."""
    (folder / "fonts").mkdir()
    (folder / "fonts" / "Title-Regular.ttf").write_bytes((ROOT / "tests/fixtures/scripts/fonts/Latin.ttf").read_bytes())
    (folder / "decks").mkdir()
    entries = "".join(f"  - fields: {{name: {name}, rule: {name}}}\n    count: {count}\n"
                      for name, count in (("A", 3), ("B", 3), ("C", 3), ("D", 2)))
    deck = ("name: game\nsize: poker\nface: face\nback: back\nlabel: \"{{ name }}\"\nfonts:\n"
            "  title:\n    regular: ../fonts/Title-Regular.ttf\n    fallback: [sans]\ncards:\n" + entries)
    deck += "# the next card's rule\n" * (29 - deck.count("\n"))
    (folder / "decks" / "game.yaml").write_text(deck + f"  - fields: {{name: Rumour, rule: {rumour}}}\n",
                                                encoding="utf-8")
    (folder / "templates").mkdir()
    text = "x: 5mm, y: {y}, w: 50mm, h: 10mm, size: 10pt"
    face = ("elements:\n  - {kind: rect, box: bleed, fill: \"#ffffff\"}\n"
            "  - {kind: text, text: \"{{ card.name }}\", " + text.format(y="5mm") + "}\n"
            + "# the rule, in the deck's title font\n" * 10
            + f"  - {{kind: text, text: \"{face_text}\", font: title, " + text.format(y="20mm") + "}\n")
    (folder / "templates" / "face.yaml").write_text(face, encoding="utf-8")
    (folder / "templates" / "back.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: \"#22304f\"}\n",
                                                    encoding="utf-8")


def test_the_fonts_page_shows_the_error_a_missing_glyph_prints(cli, tmp_path, monkeypatch):
    """docs/fonts.md's missing-glyph error, made by the deck and template it names: the
    line printgen prints is the page's, word for word (the page showed an older form,
    the template first and the field last)."""
    glyph_project(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = cli("build", "decks/game.yaml", "--only", "pdf", "--out", "out", "-q")
    assert result.status == 2
    assert result.err.strip() == "printgen: error: " + shown_error(ROOT / "docs" / "fonts.md",
                                                                   "names the card,\nthe field and the characters")
    assert not (tmp_path / "out").exists()


def test_a_character_the_template_itself_holds_is_told_at_the_template(cli, tmp_path, monkeypatch):
    """A character no font has, typed in the template's own words beside a field
    (`你 {{ card.rule }}`), is told at the template's element: the card's field, which
    holds nothing wrong, was named as if the character were in it."""
    glyph_project(tmp_path, rumour="Rumour", face_text="你 {{ card.rule }}")
    monkeypatch.chdir(tmp_path)
    result = cli("build", "decks/game.yaml", "--only", "pdf", "--out", "out", "-q")
    assert result.status == 2
    line, = result.err.strip().splitlines()
    assert line.startswith("printgen: error: templates/face.yaml:14 elements[2].text (card 1 'A' from "
                           "decks/game.yaml:11 cards[0]): no font of 'Title-Regular.ttf' and its fallbacks "
                           "has a glyph for '你' (U+4F60)"), line
    assert "cards[0].fields.rule" not in line
