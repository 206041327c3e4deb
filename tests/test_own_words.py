"""printgen's own words in a rules text never stop a build: a Japanese rules text whose
font has the text's own characters but not printgen's 目次 ("Contents") or 注 ("Notes")
is printed, those headings in English, with one note naming the text and the
characters. Read back from the PDFs: the booklet's contents page and where its
heading stands, the leaflet's notes' heading, the Japanese text in the Japanese font.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import FIXTURES

from printgen.fonts import missing, user_face

FONT = FIXTURES / "scripts" / "fonts" / "Japanese.otf"      # its text's characters, not 目, 次 nor 注
TEXT = """\
---
title: 数字
lang: ja
---
# 数字

数字は１と９です[^1]。

## 時分

人は時と分をとにです。

[^1]: 万です。
"""
ENGLISH = """\
# Numbers

One to nine[^1].

## Time

Hours and minutes.

[^1]: A myriad.
"""
DECK = """\
name: kazu
languages: [en, ja]
title: Numbers
size: poker
face: plain
back: plain
rules: [kazu]
rules_as: booklet
cards:
  - fields: {name: One}
"""


def project(tmp_path: Path) -> Path:
    """A project whose fonts/fonts.yaml has the Japanese font, a deck in English and
    Japanese printing its rules as booklets, and the rules text in both; the Japanese
    text's file."""
    for folder in ("decks/rules", "templates", "fonts"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    shutil.copy(FONT, tmp_path / "fonts")
    (tmp_path / "fonts" / "fonts.yaml").write_text("jp: Japanese.otf\n", encoding="utf-8")
    (tmp_path / "templates" / "plain.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n",
                                                       encoding="utf-8")
    (tmp_path / "decks" / "kazu.yaml").write_text(DECK, encoding="utf-8")
    (tmp_path / "decks" / "rules" / "kazu.md").write_text(ENGLISH, encoding="utf-8")
    text = tmp_path / "decks" / "rules" / "kazu-ja.md"
    text.write_text(TEXT, encoding="utf-8")
    return text


def notes(err: str) -> list[str]:
    return [line for line in err.splitlines() if "note:" in line]


def contents_page(reading: Path) -> tuple[list[dict], list[dict]]:
    """The words of the reading copy's contents page (its second), and its characters."""
    with pdfplumber.open(reading) as doc:
        page = doc.pages[1]
        return page.extract_words(), page.chars


def test_a_japanese_deck_booklet_is_headed_contents_in_english(cli, tmp_path):
    """`build --lang all`: both languages are built; the Japanese booklet's contents page
    opens with "Contents" at the top of its text block, above its entries (in the
    Japanese font), and one note names the Japanese text and the characters."""
    face = user_face(FONT)                   # the font has the text's characters, not printgen's words
    assert missing(face, "目次注") == ["次", "注", "目"] and not [ch for ch in missing(face, TEXT) if ord(ch) > 0x2000]
    text = project(tmp_path)
    out = tmp_path / "out"
    result = cli("build", str(tmp_path / "decks" / "kazu.yaml"), "--lang", "all", "--only", "rules",
                 "--out", str(out))
    assert result.status == 0, result.err
    assert (out / "kazu" / "kazu-booklet-kazu-a4-reading.pdf").is_file()
    reading = out / "kazu-ja" / "kazu-ja-booklet-kazu-ja-a4-reading.pdf"
    words, chars = contents_page(reading)
    heading = words[0]
    assert heading["text"] == "Contents"
    entries = [w for w in words[1:] if w["text"].startswith(("数字", "時分"))]
    assert len(entries) == 2 and all(w["top"] > heading["bottom"] for w in entries)
    assert {c["fontname"].split("+", 1)[-1] for c in chars if c["text"] in "数字時分"} == {"NotoSansCJKjp-Regular"}
    said = [line for line in notes(result.err) if "contents' heading" in line]
    assert len(said) == 1, result.err
    assert text.name in said[0] and "U+76EE" in said[0] and "U+6B21" in said[0] and "'Contents'" in said[0]


def test_a_japanese_booklet_made_alone_is_headed_contents(cli, tmp_path):
    """`printgen booklet TEXT` of the same text (its front matter says `lang: ja`)."""
    text = project(tmp_path)
    out = tmp_path / "out"
    result = cli("booklet", str(text), "--out", str(out))
    assert result.status == 0, result.err
    words, _ = contents_page(out / "kazu-ja-booklet-a5-a4-reading.pdf")
    assert words[0]["text"] == "Contents"
    assert len([line for line in notes(result.err) if text.name in line and "U+76EE" in line]) == 1


def test_a_japanese_leaflet_notes_its_notes_heading_in_english(cli, tmp_path):
    """`printgen rules TEXT`: the leaflet's notes are headed "Notes" (注 is not in the
    font), just above the note, and a note names the text and the character."""
    text = project(tmp_path)
    out = tmp_path / "out"
    result = cli("rules", str(text), "--out", str(out))
    assert result.status == 0, result.err
    (pdf,) = out.glob("*.pdf")
    with pdfplumber.open(pdf) as doc:
        words = [w for page in doc.pages for w in page.extract_words()]
    heading = next(w for w in words if w["text"] == "Notes")
    assert next(w for w in words if w["text"].startswith("万"))["top"] > heading["bottom"]
    said = [line for line in notes(result.err) if "notes' heading" in line]
    assert len(said) == 1 and text.name in said[0] and "U+6CE8" in said[0] and "'Notes'" in said[0], result.err


@pytest.mark.parametrize("verb", ["build", "box"])
def test_a_japanese_deck_s_tuck_box_has_printgen_s_back_text_in_english(cli, tmp_path, verb):
    """The deck's fonts lack カ, ー and ド of printgen's own Japanese back text for the tuck
    box: the box is made (it was dropped, with a note), its back in English ("1 card",
    one card), and one note says so; a deck's own `box: back:` is never replaced."""
    project(tmp_path)
    deck = tmp_path / "decks" / "kazu.yaml"
    out = tmp_path / "out"
    args = ("build", str(deck), "--lang", "ja", "--only", "box") if verb == "build" else ("box", str(deck))
    if verb == "box":
        deck.write_text(DECK.replace("languages: [en, ja]", "languages: [ja]"), encoding="utf-8")
    result = cli(*args, "--out", str(out))
    assert result.status == 0, result.err
    box, = out.rglob("*box*.pdf")
    with pdfplumber.open(box) as pdf:
        text = pdf.pages[0].extract_text()
    assert "1\u00a0card, poker" in text or "1 card, poker" in text, text
    said = [line for line in notes(result.err) if "tuck box" in line]
    assert len(said) == 1 and "set in English" in said[0] and "U+30AB" in said[0], result.err
    deck.write_text(deck.read_text(encoding="utf-8") + "box: {back: カード}\n", encoding="utf-8")
    mine = cli(*args, "--out", str(tmp_path / "mine"))
    assert mine.status != 0 or "no tuck box" in mine.err, mine.err


SMALL = """\
name: small
languages: [{lang}]
title: Small
game: Ein Spiel
size: {{width: {width}mm, height: 52mm}}
face: plain
back: plain
cards:
  - fields: {{name: One}}
    count: 10
"""


def small_box(cli, tmp_path: Path, lang: str, width: int):
    """`printgen box` of a deck of ten small cards in lang, with printgen's bundled
    fonts only: the result and the box's text, read back ("" where none is made)."""
    for folder in ("decks", "templates"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    (tmp_path / "templates" / "plain.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n",
                                                       encoding="utf-8")
    deck = tmp_path / "decks" / "small.yaml"
    deck.write_text(SMALL.format(lang=lang, width=width), encoding="utf-8")
    out = tmp_path / "out"
    result = cli("box", str(deck), "--out", str(out))
    boxes = list(out.rglob("*box*.pdf"))
    if not boxes:
        return result, ""
    with pdfplumber.open(boxes[0]) as pdf:
        return result, pdf.pages[0].extract_text()


def test_a_german_back_text_too_long_for_its_box_is_not_set_in_english(cli, tmp_path):
    """The bundled fonts have every letter of printgen's German back text, which needs
    three lines on the back of a box for 38 mm wide cards, where there is room for two
    (the English one needs two): the box is not made in English with a note blaming
    the fonts' letters; it stops, as a text too long for a box does, naming printgen's
    box-back.yaml's text and the German text. 40 mm wide cards: the German text, set."""
    result, text = small_box(cli, tmp_path, "de", 38)
    assert result.status == 2 and text == "", (result.status, result.err)
    assert "set in English" not in result.err and "Traceback" not in result.err, result.err
    error, = result.err.strip().splitlines()
    assert "box-back.yaml" in error and "Karten" in error and "does not fit" in error, error
    assert error.endswith("give the box a back text of its own (box: {back: ...} in the deck)"), error
    result, text = small_box(cli, tmp_path / "wider", "de", 40)
    assert result.status == 0 and notes(result.err) == [], result.err
    assert "Karten" in text and "Für Ein Spiel" in text and "cards" not in text, text


def test_a_japanese_back_text_with_only_the_bundled_fonts_is_set_in_english(cli, tmp_path):
    """The bundled fonts lack カ, ー and ド of printgen's Japanese back text: the box is made
    with the English one ("10 cards", "For Ein Spiel"), and one note names the letters."""
    result, text = small_box(cli, tmp_path, "ja", 40)
    assert result.status == 0, result.err
    assert "cards," in text and "For Ein Spiel" in text, text
    said = [line for line in notes(result.err) if "tuck box" in line]
    assert len(said) == 1 and "set in English" in said[0] and "U+30AB" in said[0], result.err


def test_a_japanese_deck_s_shop_box_art_has_printgen_s_back_text_in_english(cli, tmp_path):
    """The Game Crafter's box art takes the same back text as the home-made box: where
    the fonts lack the Japanese text's letters, the art is made with the English one
    and one note says so (it was dropped: "no tuck box art", a glyph missing)."""
    project(tmp_path)
    deck = tmp_path / "decks" / "kazu.yaml"
    deck.write_text(DECK.replace("languages: [en, ja]", "languages: [ja]"), encoding="utf-8")
    out = tmp_path / "out"
    result = cli("box", str(deck), "--for", "tgc", "--out", str(out))
    assert result.status == 0, result.err
    assert len(list(out.rglob("*-box-*.png"))) == 1
    said = [line for line in result.out.splitlines() if "tuck box" in line and "set in English" in line]
    assert len(said) == 1 and "U+30AB" in said[0], result.out       # the export's report lists its notes
