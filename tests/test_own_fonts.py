"""A deck's own fonts reach every text of the deck, not only its cards: the sheet
captions (title, credits), the tuck box and the rules texts it prints, and a rules
text may name fonts itself. The bundled DejaVu faces still set what they have; a
character they lack is set in the deck's fonts, and an italic or bold face lacking a
script falls back on the upright one.

Checked on the PDFs read back: which embedded font draws each character (pdfplumber),
and that no glyph drawn is one the font maps to no character (a .notdef box).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from conftest import FIXTURES

from printgen.fonts import FILES, PLAINER, builtin_family, faces, house, plainer
from printgen.model.fonts import Fonts
from printgen.shaping import fallback

FONTS = FIXTURES / "scripts" / "fonts"
TITLE = "नमस्ते दुनिया"            # every character is in the fixture's Devanagari subset
CREDIT = "हिन्दी किताब।"
CARD = "किताब"                    # none of the title's द and य, nor the credits' ह and ।
FACE = """\
elements:
  - {kind: rect, box: bleed, fill: "#ffffff"}
  - {kind: text, text: "{{ card.name }}", x: 6mm, y: 6mm, w: 51mm, h: 20mm, font: deva, size: 14pt}
"""
BACK = """\
elements:
  - {kind: rect, box: bleed, fill: "#1d2433"}
"""
RULES = f"""\
# {TITLE}

{CREDIT} *{TITLE}*

| {TITLE} | 1 |
|---|---|
| {CREDIT} | 2 |
"""


def project(tmp_path: Path, fonts: bool = True) -> Path:
    """A project whose deck has a Devanagari title and credits, its own Devanagari font
    (in the deck, not in fonts/fonts.yaml) unless fonts is False, and a Hindi rules text."""
    for folder in ("decks/rules", "templates", "fonts"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    shutil.copy(FONTS / "Devanagari.ttf", tmp_path / "fonts")
    (tmp_path / "templates" / "hi-face.yaml").write_text(FACE, encoding="utf-8")
    (tmp_path / "templates" / "hi-back.yaml").write_text(BACK, encoding="utf-8")
    (tmp_path / "decks" / "rules" / "hindi-rules.md").write_text(RULES, encoding="utf-8")
    own = "fonts:\n  deva: ../fonts/Devanagari.ttf\n" if fonts else ""
    deck = tmp_path / "decks" / "hindi.yaml"
    deck.write_text(f"name: hindi\ntitle: {TITLE}\ncredits: [\"{CREDIT}\"]\nsize: poker\nbleed: 3mm\n"
                    f"safe: 4mm\nface: hi-face\nback: hi-back\nrules: [hindi-rules]\n{own}"
                    f"cards:\n  - fields: {{name: \"{CARD}\"}}\n", encoding="utf-8")
    return deck


def drawn(pdf: Path) -> list[tuple[str, str]]:
    """Every glyph drawn in the PDF: (its text, the embedded font's name without its
    subset tag). A glyph with no character of its own (one of a conjunct's) reads as
    '(cid:N)', N its glyph id (printgen writes glyph ids): .notdef is '(cid:0)'."""
    with pdfplumber.open(pdf) as doc:
        return [(char["text"], char["fontname"].split("+", 1)[-1]) for page in doc.pages for char in page.chars]


def page_texts(pdf: Path) -> list[str]:
    """Each page's text as pdfium reads it (a conjunct's glyphs carry their characters)."""
    doc = pdfium.PdfDocument(pdf)
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def devanagari_set(pdf: Path) -> set[str]:
    """The fonts that draw the PDF's Devanagari characters; fails on a .notdef glyph."""
    chars = drawn(pdf)
    assert "(cid:0)" not in {text for text, _ in chars}, f"{pdf.name} draws .notdef"
    return {name for text, name in chars if any("\u0900" <= ch <= "\u097f" for ch in text)}


def test_captions_box_and_leaflet_set_the_decks_devanagari(tmp_path, cli):
    deck = project(tmp_path)
    result = cli("build", str(deck), "--only", "pdf,box,rules", "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    assert "caption" not in result.err
    out = tmp_path / "out"
    for name in ("hindi-a4.pdf", "hindi-box-a4.pdf", "hindi-rules-rules-poker-a4.pdf"):
        assert devanagari_set(out / name) == {"NotoSansDevanagari-Regular"}, name
    # the card sheets' captions: the title and the credits on every sheet (the card says neither)
    for text in page_texts(out / "hindi-a4.pdf"):
        assert TITLE in text and CREDIT in text and "sheet" in text


def test_a_booklet_of_the_deck_sets_its_devanagari(tmp_path, cli):
    deck = project(tmp_path)
    text = deck.read_text(encoding="utf-8").replace("rules: [hindi-rules]\n", "rules: [hindi-rules]\nrules_as: booklet\n")
    deck.write_text(text, encoding="utf-8")
    result = cli("build", str(deck), "--only", "rules", "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    pdfs = sorted((tmp_path / "out").glob("*booklet*.pdf"))
    assert len(pdfs) == 2                       # the sheets to print and the reading copy
    for pdf in pdfs:
        assert devanagari_set(pdf) == {"NotoSansDevanagari-Regular"}, pdf.name


def test_without_the_font_the_caption_is_a_note_and_the_leaflet_an_error(tmp_path, cli):
    deck = project(tmp_path, fonts=False)
    face = FACE.replace("{{ card.name }}", "A").replace("font: deva", "font: sans")
    (tmp_path / "templates" / "hi-face.yaml").write_text(face, encoding="utf-8")
    out = tmp_path / "out"
    result = cli("build", str(deck), "--only", "pdf", "--out", str(out))
    assert result.status == 0
    assert "U+0928" in result.err                        # the caption left out is named, not dropped silently
    assert devanagari_set(out / "hindi-a4.pdf") == set()
    result = cli("rules", str(tmp_path / "decks" / "rules" / "hindi-rules.md"), "--out", str(out / "r"))
    assert result.status == 2 and len(result.err.strip().splitlines()) == 1
    assert not (out / "r").exists() or not any((out / "r").rglob("*.pdf"))


def test_a_rules_text_names_its_fonts_in_front_matter(tmp_path, cli):
    folder = tmp_path / "texts"
    folder.mkdir()
    shutil.copy(FONTS / "Devanagari.ttf", folder)
    rules = folder / "hindi.md"
    rules.write_text(f"---\ntitle: {TITLE}\nsubtitle: {CREDIT}\nfonts: {{deva: Devanagari.ttf}}\n---\n\n{RULES}",
                     encoding="utf-8")
    for command in ("rules", "booklet"):
        result = cli(command, str(rules), "--out", str(tmp_path / command), "-q")
        assert result.status == 0, result.err
        pdfs = sorted((tmp_path / command).rglob("*.pdf"))
        assert pdfs and all(devanagari_set(pdf) == {"NotoSansDevanagari-Regular"} for pdf in pdfs)
    # the reading copy's running heads are Devanagari headings too
    reading = next((tmp_path / "booklet").rglob("*-reading.pdf"))
    with pdfplumber.open(reading) as doc:
        heads = [c for page in doc.pages[1:] for c in page.chars if c["top"] < 40]
    assert {c["fontname"].split("+")[-1] for c in heads if "\u0900" <= c["text"][0] <= "\u097f"} == \
        {"NotoSansDevanagari-Regular"}


def test_an_arabic_subtitle_is_set_upright_where_the_oblique_lacks_arabic(tmp_path, cli):
    rules = tmp_path / "arabic.md"
    rules.write_text("---\ntitle: Rules\nsubtitle: مرحبا بالعالم\n---\n\n# Start\n\nText *مرحبا* and *italic*.\n",
                     encoding="utf-8")
    result = cli("booklet", str(rules), "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    chars = drawn(next((tmp_path / "out").rglob("*-reading.pdf")))
    arabic = {name for text, name in chars if any("\u0600" <= ch <= "\u06ff" for ch in text)}
    assert arabic == {"DejaVuSans"}
    assert {name for text, name in chars if text in "talic"} >= {"DejaVuSans-Oblique"}


def test_house_faces_keep_what_they_have():
    """Text the bundled face has is set in it as before; only what it lacks moves."""
    assert fallback("Rules", house("sans-italic")) == (("Rules", "sans-italic"),)
    assert {face for _, face in fallback("مرحبا", house("sans-italic"))} == {"sans"}
    assert {face for _, face in fallback("مرحبا", house("sans-bold-italic"))} == {"sans-bold"}


def test_every_style_of_a_family_falls_back_on_the_plainer_style():
    """In each family a bundled name stands for (with or without a deck's own faces),
    and in a family the deck declares, each styled chain holds every face of the
    style one step plainer: bold italic bold's, bold and italic regular's."""
    own = Fonts("file:regular#0", "file:bold#0", "file:italic#0", "file:bold-italic#0")
    families = [builtin_family(name, given) for name in FILES for given in (None, own)]
    families.append(plainer(own))
    for family in families:
        for style, plainer_style in PLAINER.items():
            assert set(faces(getattr(family, plainer_style))) <= set(faces(getattr(family, style))), (family, style)
    assert faces(plainer(own).bold_italic) == ["file:bold-italic#0", "file:bold#0", "file:regular#0"]


def test_a_cards_markdown_element_sets_the_decks_devanagari(tmp_path, cli):
    deck = project(tmp_path)
    markdown = (f"  - {{kind: markdown, text: \"# {CARD}\\n\\n**{TITLE}** *{CARD}*\", "
                f"x: 6mm, y: 30mm, w: 51mm, h: 40mm, size: 9pt}}\n")
    (tmp_path / "templates" / "hi-face.yaml").write_text(FACE + markdown, encoding="utf-8")
    result = cli("build", str(deck), "--only", "pdf", "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    assert devanagari_set(tmp_path / "out" / "hindi-a4.pdf") == {"NotoSansDevanagari-Regular"}
    assert page_texts(tmp_path / "out" / "hindi-a4.pdf")[0].count(TITLE.split()[0]) == 2     # the card's, the caption's


def test_a_font_file_missing_from_fonts_yaml_is_the_only_error(cli, tmp_path, monkeypatch):
    """A family whose file is refused is not blamed again where another family falls
    back on it; a fallback naming no family at all still is."""
    monkeypatch.chdir(tmp_path)
    deck = project(tmp_path, fonts=False)
    fonts = tmp_path / "fonts" / "fonts.yaml"
    fonts.write_text("deva:\n  regular: Devanagari.ttf\n  fallback: [symbols, hebrew, sans]\n"
                     "symbols: Symbols-missing.ttf\nhebrew: {regular: Hebrew-missing.ttf}\n", encoding="utf-8")
    result = cli("build", str(deck), "--only", "pdf", "--out", "out")
    assert result.status == 2 and "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 2, result.err
    assert "fonts.yaml:4 symbols" in lines[0] and "Symbols-missing.ttf" in lines[0]
    assert "fonts.yaml:5 hebrew.regular" in lines[1] and "Hebrew-missing.ttf" in lines[1]
    assert not (tmp_path / "out").exists()
    fonts.write_text("deva:\n  regular: Devanagari.ttf\n  fallback: [symbol, sans]\n", encoding="utf-8")
    result = cli("build", str(deck), "--only", "pdf", "--out", "out")
    assert result.status == 2 and "deva.fallback[0]" in result.err and "'symbol'" in result.err


@pytest.mark.parametrize(("written", "near"), [("devanagari.ttf", "'Devanagari.ttf'"),
                                              ("Devanagri.ttf", "'Devanagari.ttf'"), ("Tamil.ttf", None)])
def test_a_font_file_not_found_names_the_file_beside_it_meant(cli, tmp_path, monkeypatch, written, near):
    """A font file named in other capitals than its own (found on a system that ignores
    them, as macOS and Windows do, and not on Linux) or misspelt: the line names the
    file of the folder it was likely meant to be; a name like none there names none."""
    monkeypatch.chdir(tmp_path)
    deck = project(tmp_path, fonts=False)
    (tmp_path / "fonts" / "OFL.txt").write_text("licence\n", encoding="utf-8")
    (tmp_path / "fonts" / "fonts.yaml").write_text(f"deva: {written}\n", encoding="utf-8")
    result = cli("build", str(deck), "--only", "pdf", "--out", "out")
    assert result.status == 2 and "Traceback" not in result.err
    line, = result.err.strip().splitlines()
    assert f"fonts.yaml:1 deva: expected a font file, got '{written}': not found (looked at fonts/{written}" in line
    assert line.endswith(f"; the folder holds {near})" if near else f"fonts/{written})"), line
    assert not (tmp_path / "out").exists()


def test_fonts_yaml_with_a_fonts_line_says_the_names_go_at_its_top_level(cli, tmp_path, monkeypatch):
    """fonts/fonts.yaml written as a deck's `fonts:` key: one line saying where the names
    go, not an unknown key per name; a family named `fonts` (its keys a family's) is
    read as one."""
    monkeypatch.chdir(tmp_path)
    deck = project(tmp_path, fonts=False)
    fonts = tmp_path / "fonts" / "fonts.yaml"
    fonts.write_text("fonts:\n  deva: Devanagari.ttf\n  body: {regular: Devanagari.ttf}\n", encoding="utf-8")
    result = cli("build", str(deck), "--only", "pdf", "--out", "out")
    assert result.status == 2 and "Traceback" not in result.err
    (line,) = result.err.strip().splitlines()
    assert line.startswith("printgen: error: fonts/fonts.yaml:1 fonts: ") and "top level" in line, line
    assert "'deva'" in line
    assert not (tmp_path / "out").exists()
    fonts.write_text("deva: Devanagari.ttf\n", encoding="utf-8")
    assert cli("build", str(deck), "--only", "pdf", "--out", "out", "-q").status == 0
    fonts.write_text("fonts: {regular: Devanagari.ttf}\n", encoding="utf-8")
    face = FACE.replace("font: deva", "font: fonts")
    (tmp_path / "templates" / "hi-face.yaml").write_text(face, encoding="utf-8")
    result = cli("build", str(deck), "--only", "pdf", "--out", "out2", "-q")
    assert result.status == 0, result.err
    assert devanagari_set(tmp_path / "out2" / "hindi-a4.pdf") == {"NotoSansDevanagari-Regular"}


def named_deck_text(tmp_path: Path, deck: str, fonts: str = "") -> Path:
    """The project's Hindi rules text with front matter naming a deck (and fonts)."""
    rules = tmp_path / "decks" / "rules" / "hindi-named.md"
    rules.write_text(f"---\ndeck: {deck}\n{fonts}---\n\n{RULES}", encoding="utf-8")
    return rules


def test_a_text_built_alone_takes_the_fonts_of_the_deck_it_names(tmp_path, cli, monkeypatch):
    """`printgen rules` and `printgen booklet` of a text whose front matter names the deck
    set its Devanagari in the deck's font, as the deck's own build does."""
    project(tmp_path)
    monkeypatch.chdir(tmp_path)
    for deck in ("hindi", "../hindi.yaml"):     # by name, in the project; by path
        rules = named_deck_text(tmp_path, deck)
        for command in ("rules", "booklet"):
            out = tmp_path / "out" / command / deck.replace("/", "_")
            result = cli(command, str(rules), "--out", str(out), "-q")
            assert result.status == 0, result.err
            pdfs = sorted(out.rglob("*.pdf"))
            assert pdfs and all(devanagari_set(pdf) == {"NotoSansDevanagari-Regular"} for pdf in pdfs)


def test_the_texts_own_fonts_win_over_its_decks(tmp_path, cli, monkeypatch):
    """The deck's `deva` lacks Devanagari and the text's own `deva` has it: the leaflet
    builds (and the other way round, it cannot: the text's font, lacking it, wins)."""
    deck = project(tmp_path)
    shutil.copy(FONTS / "Latin.ttf", tmp_path / "fonts")
    monkeypatch.chdir(tmp_path)
    own = deck.read_text(encoding="utf-8")
    deck.write_text(own.replace("Devanagari.ttf", "Latin.ttf"), encoding="utf-8")
    rules = named_deck_text(tmp_path, "hindi", "fonts: {deva: ../../fonts/Devanagari.ttf}\n")
    result = cli("rules", str(rules), "--out", str(tmp_path / "a"), "-q")
    assert result.status == 0, result.err
    assert devanagari_set(next((tmp_path / "a").glob("*.pdf"))) == {"NotoSansDevanagari-Regular"}
    deck.write_text(own, encoding="utf-8")
    rules = named_deck_text(tmp_path, "hindi", "fonts: {deva: ../../fonts/Latin.ttf}\n")
    result = cli("rules", str(rules), "--out", str(tmp_path / "b"))
    assert result.status == 2 and "U+0928" in result.err and len(result.err.strip().splitlines()) == 1
    assert not (tmp_path / "b").exists() or not any((tmp_path / "b").rglob("*.pdf"))


@pytest.mark.parametrize("deck,defect", [
    ("hindi-gone", "unknown deck"),                     # no such deck
    ("hindi", "no-font"),                               # the deck names a font file that is not there
    ("hindi", "bad-yaml")])
def test_a_missing_or_bad_deck_named_is_one_line_at_the_deck_key(tmp_path, cli, monkeypatch, deck, defect):
    deck_file = project(tmp_path)
    monkeypatch.chdir(tmp_path)
    text = deck_file.read_text(encoding="utf-8")
    if defect == "no-font":
        deck_file.write_text(text.replace("Devanagari.ttf", "Gone.ttf"), encoding="utf-8")
    elif defect == "bad-yaml":
        deck_file.write_text(text + "cards: [\n", encoding="utf-8")
    rules = named_deck_text(tmp_path, deck)
    for command in ("rules", "booklet"):
        out = tmp_path / "out" / command
        result = cli(command, str(rules), "--out", str(out), "--panel" if command == "rules" else "--size",
                     "poker")
        assert result.status == 2
        lines = result.err.strip().splitlines()
        assert len(lines) == 1, lines
        assert "hindi-named.md:2 deck:" in lines[0] and repr(deck) in lines[0]
        if defect != "unknown deck":
            assert "hindi.yaml" in lines[0]         # and the deck's own problem, where it is
        assert not out.exists() or not any(out.rglob("*.pdf"))


def test_the_readers_original_copy_takes_them_too(tmp_path, cli, monkeypatch):
    """--original sets the reader's own copy in the fonts of the text it replaces (its
    deck's among them)."""
    project(tmp_path)
    monkeypatch.chdir(tmp_path)
    rules = named_deck_text(tmp_path, "hindi", f"credit: \"{CREDIT}\"\n")
    original = tmp_path / "original.txt"
    original.write_text(f"{TITLE}\n\n{CREDIT} {TITLE}.\n", encoding="utf-8")
    result = cli("rules", str(rules), "--original", str(original), "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    assert devanagari_set(next((tmp_path / "out").glob("*.pdf"))) == {"NotoSansDevanagari-Regular"}


def test_a_deck_in_no_project_takes_no_fonts_from_printgens_decks_folder(tmp_path, monkeypatch):
    """A project's fonts are its folder's fonts/fonts.yaml: a deck in no project takes
    none, not even from a fonts/fonts.yaml in printgen's own decks/ folder (which is no
    project's folder); a deck in a project's decks/ takes its project's."""
    from printgen.spec import places
    from printgen.spec.fonts import project_fonts
    root = tmp_path / "printgen"
    for folder in (root / "decks" / "fonts", root / "templates", tmp_path / "game" / "decks",
                   tmp_path / "game" / "fonts", tmp_path / "loose"):
        folder.mkdir(parents=True)
        if folder.name == "fonts":
            shutil.copy(FONTS / "Latin.ttf", folder)
            (folder / "fonts.yaml").write_text(f"{folder.parent.name}: Latin.ttf\n", encoding="utf-8")
    monkeypatch.setattr(places, "data_root", lambda: root)
    assert project_fonts(tmp_path / "loose" / "x.yaml") == {}
    assert list(project_fonts(tmp_path / "game" / "decks" / "x.yaml")) == ["game"]
