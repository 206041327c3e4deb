"""What a card sheet's margin does when its slug does not fit (layout/slug.py): the
built-in decks keep every piece, their titles uncut, on A4 and Letter; a caption keeps
its side and sheet number, its title spread over two strips or cut with an ellipsis;
credit sentences stay in order, broken between words rather than dropped; what is still
left out is one note naming the deck. Everything is read back from the built PDF."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from conftest import ROOT
from exampledeck import copy_example, edit

from printgen.layout.slug import ELLIPSIS, caption_forms, pieces
from printgen.spec import load_deck
from printgen.spec.languages import words

DECKS = sorted(path.stem for path in (ROOT / "decks").glob("*.yaml"))


def page_texts(path: Path) -> list[str]:
    """Each page's text as pdfium reads it, its spaces collapsed."""
    return [" ".join(page.get_textpage().get_text_range().split()) for page in pdfium.PdfDocument(path)]


def notes(err: str) -> list[str]:
    return [line for line in err.splitlines() if "note:" in line]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", DECKS)
def test_a_built_in_deck_keeps_its_whole_caption_and_every_credit_on_every_sheet(cli, tmp_path, name, paper):
    deck = load_deck(name)
    out = tmp_path / "out"
    result = cli("build", name, "--paper", paper, "--only", "pdf", "--out", str(out))
    assert result.status == 0 and not notes(result.err), result.err
    texts = page_texts(out / f"{name}-{paper}.pdf")
    captions = words(deck.lang).captions
    for n, text in enumerate(texts, start=1):
        side = captions.faces if n % 2 else captions.backs
        said, *sentences = pieces(deck.title, side, (n + 1) // 2, len(texts) // 2, deck.credits, captions)
        assert " ".join(said.split()) in text, (n, text)
        for sentence in sentences:
            assert sentence in text, (n, sentence, text)


def sentence_spots(path: Path, page: int, sentences: list[str], rtl: bool = False) -> list[tuple[int, float]]:
    """Where each sentence starts, in the order a reader meets the margin's strips: the
    strip (0 below the cards, 1 above, 2 right, 3 left) and how far along it (from the
    left, or from the foot of a side strip, where text runs upwards; from the right, or
    the head, rtl). The sentences are found among the page's glyphs in the order they
    are drawn (a reader that orders a line for display, as PDFium 4 does with an Arabic
    caption beside them, would move their full stops)."""
    with pdfplumber.open(str(path)) as pdf:
        chars = pdf.pages[page].chars
        width, height = pdf.pages[page].width, pdf.pages[page].height
    owner = [n for n, char in enumerate(chars) for _ in char["text"]]     # a ligature's letters: one glyph's
    drawn = "".join(char["text"] for char in chars)
    spots = []
    for sentence in sentences:
        at = drawn.index(sentence)
        first, last = chars[owner[at]], chars[owner[at + len(sentence) - 1]]
        x0, y0 = first["x0"], height - first["bottom"]
        x1, y1 = last["x0"], height - last["bottom"]
        if abs(x1 - x0) > abs(y1 - y0):
            spots.append((0 if y0 < height / 2 else 1, -x0 if rtl else x0))
        else:
            spots.append((2 if x0 > width / 2 else 3, -y0 if rtl else y0))
    return spots


@pytest.mark.parametrize(("name", "paper"), [("kerton-42", "a4"), ("coruscant-shift", "letter")])
def test_credit_sentences_keep_their_order_across_the_strips(cli, tmp_path, name, paper):
    """kerton-42 on A4: its third sentence fits the strip below the cards but the second
    went above them, so the third goes above too, after it. coruscant-shift on Letter:
    up the side strips, the stretches between the marks are filled from the foot."""
    deck = load_deck(name)
    out = tmp_path / "out"
    assert cli("build", name, "--paper", paper, "--only", "pdf", "--out", str(out), "-q").status == 0
    sentences = pieces(deck.title, "", 1, 1, deck.credits)[1:]
    pdf = out / f"{name}-{paper}.pdf"
    for page in range(len(page_texts(pdf))):
        spots = sentence_spots(pdf, page, sentences)
        assert spots == sorted(spots), (page, spots)
    assert len({strip for strip, _ in sentence_spots(pdf, 0, sentences)}) > 1     # (the case: two strips)


@pytest.mark.parametrize(("lang", "title"), [("en", "Lanterns"), ("ar", "فوانيس")])
def test_a_short_sentence_after_a_long_one_does_not_go_back_to_an_earlier_strip(cli, tmp_path, lang, title):
    """The long second sentence finds room only above the cards; the short third would
    still fit below them, before it, but goes above, after it (in an Arabic deck, the
    strips filled from the right)."""
    (tmp_path / "plain.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#223344'}\n")
    long = "Star Wars and Sabacc are owned by Disney and Lucasfilm, and this print is made by fans for their own table."
    sentences = ["Adaptation: Peter Kerton.", long, "Not for sale."]
    deck = tmp_path / "lanterns.yaml"
    deck.write_text(f"name: lanterns\nlang: {lang}\ntitle: {title}\nsize: poker\nface: plain\nback: plain\n"
                    f"credits: [{' '.join(sentences)!r}]\ncards:\n  - each: {{n: [1, 2, 3, 4, 5, 6, 7, 8, 9]}}\n",
                    encoding="utf-8")
    out = tmp_path / "out"
    assert cli("build", str(deck), "--only", "pdf", "--out", str(out), "-q").status == 0
    spots = sentence_spots(out / "lanterns-a4.pdf", 0, sentences, rtl=lang == "ar")
    assert spots == sorted(spots) and spots[0][0] != spots[-1][0], spots


def test_a_long_german_title_on_letter_keeps_side_and_number_and_is_noted(cli, tmp_path):
    """Mini cards on Letter leave only the stretches between the crop marks: the German
    caption's title gets a stretch of its own, cut with an ellipsis, its side and number
    the next; the credit is broken over two stretches; one note names the deck."""
    deck = copy_example(tmp_path)
    edit(deck, "title@de: Laternenpaare", 'title@de: "Laternenpaare: Das große Gedächtnisspiel"')
    out = tmp_path / "out"
    result = cli("build", str(deck), "--lang", "de", "--paper", "letter", "--only", "pdf", "--out", str(out))
    assert result.status == 0, result.err
    texts = page_texts(out / "lantern-pairs-de-letter.pdf")
    for n, text in enumerate(texts, start=1):
        side = "Vorderseiten" if n % 2 else "Rückseiten"
        assert f"{side} · Blatt {(n + 1) // 2} von {len(texts) // 2}" in text, text
        assert "Laternenpaare:" in text and "Beispieldeck für die Dokumentation von printgen." in text, text
    cut = [text for text in texts if "Gedächtnisspiel" not in text]
    assert cut and all(f"Das große{ELLIPSIS}" in text for text in cut), texts
    said = notes(result.err)
    assert len(said) == 1 and "lantern-pairs-de" in said[0] and f"{len(cut)} of {len(texts)}" in said[0], said


def test_a_credit_no_strip_can_hold_is_left_out_with_one_note(cli, tmp_path):
    """A credit of one unbreakable word longer than any strip: the build goes on, the
    other pieces in place, the note quoting the word once for every sheet."""
    deck = copy_example(tmp_path)
    word = "Beispiel" * 40
    edit(deck, '  - "Example deck for the printgen documentation."',
         f'  - "Example deck for the printgen documentation."\n  - "{word}"\n  - "Not for sale."')
    out = tmp_path / "out"
    result = cli("build", str(deck), "--only", "pdf", "--out", str(out))
    assert result.status == 0, result.err
    texts = page_texts(out / "lantern-pairs-a4.pdf")
    assert all(f"sheet {(n + 1) // 2} of 2" in text and "Not for sale." in text and word not in text
               for n, text in enumerate(texts, start=1)), texts
    said = notes(result.err)
    assert len(said) == 1 and "lantern-pairs" in said[0] and word in said[0] and "4 of 4" in said[0], said


@pytest.mark.parametrize("title", ["Laternenpaare: Das große Gedächtnisspiel", "提灯トランプ大全集", "Lanterns"])
def test_every_caption_form_keeps_the_side_and_the_number(title):
    """The other forms of a caption: the first says the title whole, the rest cut it
    ever shorter (an ellipsis marking the cut), the last leaves it out; all keep the
    side and the sheet's number."""
    captions = words("de").captions
    forms = caption_forms(title, captions.faces, captions.numbered(3, 8), captions)
    assert forms[0][0] == title and forms[-1] == ("Vorderseiten  ·  Blatt 3 von 8",)
    for form in forms:
        assert re.search(r"Vorderseiten\s+·\s+Blatt 3 von 8$", form[-1]), form
    heads = [form[0].split("  ·  ")[0] for form in forms[1:-1]]
    assert all(head.endswith(ELLIPSIS) and title.startswith(head[:-1]) for head in heads), heads
    assert [len(head) for head in heads] == sorted((len(head) for head in heads), reverse=True)


def test_a_dice_sheet_s_credit_with_no_room_is_one_note(cli, tmp_path):
    """The dice sheet's margin says what it left out as the card sheets' do: a credit of
    one unbreakable word longer than any strip, in sabacc-62 (its Spike dice)."""
    (tmp_path / "decks").mkdir()
    deck = tmp_path / "decks" / "sabacc-62.yaml"
    deck.write_text((ROOT / "decks" / "sabacc-62.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    word = "Beispiel" * 40
    edit(deck, "credits:\n", f'credits:\n  - "{word}"\n')
    out = tmp_path / "out"
    result = cli("build", str(deck), "--only", "parts", "--out", str(out))
    assert result.status == 0, result.err
    assert (out / "sabacc-62-dice-a4.pdf").exists()
    said = notes(result.err)
    assert len(said) == 1 and "sabacc-62's dice" in said[0] and word in said[0] and "1 of 1" in said[0], said
