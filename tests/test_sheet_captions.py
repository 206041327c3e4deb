"""A card sheet's caption in the deck's language (printgen/data/languages.yaml): what the
sheet holds and which sheet it is, read back from the built PDF; an Arabic caption in
logical order when copied and set from the right, title first, whatever its title's
script; a language whose words the deck's fonts cannot set is noted."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import FIXTURES
from exampledeck import EXAMPLE

from printgen.spec.languages import words

DECK = EXAMPLE / "lantern-pairs.yaml"
CREDIT = "لعبة ذاكرة صغيرة."         # "a small memory game."


def page_texts(path: Path) -> list[str]:
    """Each page's text as pdfium reads it (logical order), its spaces collapsed."""
    doc = pdfium.PdfDocument(path)
    return [" ".join(page.get_textpage().get_text_range().split()) for page in doc]


def xs(path: Path, page: int, *texts: str) -> list[float]:
    """Where on the page (its left, in points) the first character of each text is set."""
    found = pdfium.PdfDocument(path)[page].get_textpage()
    whole = found.get_text_range()
    return [found.get_charbox(whole.index(text))[0] for text in texts]


def arabic_deck(folder: Path, title: str, lang: str = "ar", extra: str = "") -> Path:
    """An Arabic deck (or one in lang) of 12 plain poker cards: two sheets of faces, two
    of backs."""
    (folder / "plain.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#223344'}\n")
    deck = folder / "fanous.yaml"
    deck.write_text(f"name: fanous\nlang: {lang}\ntitle: {title}\nsize: poker\nface: plain\nback: plain\n"
                    f"credits: [{CREDIT}]\n{extra}cards:\n  - each: {{n: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]}}\n",
                    encoding="utf-8")
    return deck


@pytest.mark.parametrize(("lang", "title", "faces", "backs", "sheet"), [
    ("en", "Lantern Pairs", "faces", "backs", "sheet {n} of 2"),
    ("de", "Laternenpaare", "Vorderseiten", "Rückseiten", "Blatt {n} von 2"),
])
def test_each_sheet_says_what_it_holds_and_its_number_in_the_decks_language(cli, tmp_path, lang, title, faces,
                                                                             backs, sheet):
    """24 mini cards on A4: two sheets of faces, each followed by its backs; every
    page's caption in the language built, in the order its words say it, a page of
    backs numbered as the sheet of paper it is the other side of."""
    out = tmp_path / "out"
    assert cli("build", str(DECK), "--lang", lang, "--only", "pdf", "--out", str(out), "-q").status == 0
    texts = page_texts(next(out.glob("*-a4.pdf")))
    assert len(texts) == 4
    for n, text in enumerate(texts, start=1):
        side = faces if n % 2 else backs
        assert f"{title} · {side} · {sheet.format(n=(n + 1) // 2)}" in text, text
    if lang != "en":
        assert not any(word in text for text in texts for word in ("faces", "backs", "sheet"))


def test_a_fold_over_sheet_says_it_holds_faces_and_backs_in_german(cli, tmp_path):
    out = tmp_path / "out"
    assert cli("build", str(DECK), "--lang", "de", "--only", "pdf", "--duplex", "fold", "--out", str(out),
               "-q").status == 0
    texts = page_texts(out / "lantern-pairs-de-a4-fold.pdf")
    assert [text.count("Laternenpaare · Vorder- und Rückseiten · Blatt ") for text in texts] == [1] * len(texts)
    assert [f"Blatt {n} von {len(texts)}" in text for n, text in enumerate(texts, start=1)] == [True] * len(texts)


@pytest.mark.parametrize("title", ["فوانيس", "Fanous"])
def test_an_arabic_caption_is_in_logical_order_and_set_from_the_right(cli, tmp_path, title):
    """Copied, the caption reads title, side, sheet (logical order); on the page the
    title is rightmost and the sheet's number leftmost, an Arabic reader's order, also
    under a Latin title (whose first letter alone would set the line left to right);
    and the margin reads from the right too, the caption first, then the credits."""
    out = tmp_path / "out"
    assert cli("build", str(arabic_deck(tmp_path, title)), "--only", "pdf", "--out", str(out), "-q").status == 0
    pdf = out / "fanous-a4.pdf"
    texts = page_texts(pdf)
    assert [f"{title} · الوجوه · ورقة 1 من 2" in texts[0], f"{title} · الظهور · ورقة 1 من 2" in texts[1],
            "ورقة 2 من 2" in texts[3]] == [True, True, True], texts
    title_x, side_x, sheet_x, credit_x = xs(pdf, 0, title, "الوجوه", "ورقة", CREDIT)
    assert title_x > side_x > sheet_x > credit_x


@pytest.mark.parametrize(("lang", "title", "font", "caption"), [
    ("hi", "लालटेन", "Devanagari.ttf", "लालटेन · अग्रभाग · शीट 1 (कुल 2)"),
    ("ja", "提灯", "Japanese.otf", "提灯 · 表面 · 全2枚中1枚目"),
])
def test_a_hindi_or_japanese_caption_is_set_in_the_decks_own_font(cli, tmp_path, lang, title, font, caption):
    """The bundled sans has no Devanagari nor Japanese: the deck's declared font sets the
    caption's words (tests/fixtures/captions: just those glyphs), with no note."""
    shutil.copy(FIXTURES / "captions" / font, tmp_path / font)
    deck = arabic_deck(tmp_path, title, lang, f"fonts:\n  own: {font}\n")
    result = cli("build", str(deck), "--only", "pdf", "--out", str(tmp_path / "out"))
    assert result.status == 0 and "note" not in result.err, result.err
    assert caption in page_texts(tmp_path / "out" / "fanous-a4.pdf")[0]


def test_every_language_of_the_table_has_its_own_sheet_words():
    """Each language printgen knows says "sheet N of M" with both numbers, and only
    English says it in English."""
    for lang in ("en", "de", "fr", "ar", "hi", "ja"):
        said = words(lang).captions.numbered(3, 8)
        assert "3" in said and "8" in said and said.index("3") != said.index("8")
        assert ("sheet" in said) == (lang == "en"), said


def test_caption_words_the_decks_fonts_cannot_set_are_noted(cli, tmp_path):
    """A Japanese deck that declares no Japanese font: the build goes on, its captions
    left out of the margins, with one note naming the characters and the words as a
    sheet shows them ("sheet 1 of 2" filled in, not the table's template)."""
    deck = arabic_deck(tmp_path, "Lanterns")
    deck.write_text(deck.read_text(encoding="utf-8").replace("lang: ar", "lang: ja"), encoding="utf-8")
    result = cli("build", str(deck), "--only", "pdf", "--out", str(tmp_path / "out"))
    assert result.status == 0, result.err
    notes = [line for line in result.err.splitlines() if "note:" in line]
    assert len(notes) == 1 and f"U+{ord('全'):04X}" in notes[0], result.err
    assert "'全2枚中1枚目'" in notes[0] and "{" not in notes[0], notes[0]
    assert "Lanterns" not in page_texts(tmp_path / "out" / "fanous-a4.pdf")[0]



@pytest.mark.parametrize(("lang", "title"), [("ar", "Sabacc (Deluxe)"), ("en", "لعبة (جديدة)"),
                                             ("ar", "Sabacc 2."), ("en", "שש בש!")])
def test_a_title_in_the_other_direction_keeps_its_closing_signs(lang, title):
    """A caption's title written in the other direction than its language's words keeps
    its closing bracket or stop in its own direction (by the bidi levels the sheet is set
    by): on an Arabic sheet "Sabacc (Deluxe)" showed "(Sabacc (Deluxe", its last bracket
    set right to left with the Arabic words."""
    from printgen.direction import levels
    from printgen.layout.slug import caption
    from printgen.spec.languages import words
    captions = words(lang).captions
    text = caption([title, captions.faces, captions.numbered(1, 2)], captions)
    start = text.index(title)
    own = 0 if lang == "ar" else 1                  # the title's direction: the other one
    assert [level % 2 for level in levels(text)[start:start + len(title)]] == [own] * len(title)
