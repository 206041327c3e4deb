"""Where a space is no place to break, and where a word breaks without a hyphen.

UAX #14 (LB13, LB15d) keeps "?", "!", ":", ";", ",", ".", "/" and closing brackets with
what comes before them even after a space, so no line opens with one; in French the
space inside guillemets is kept as a no-break space would be ("«" stays with the next
word, "»" with the one before), and in every language an opening quotation mark or
bracket standing before a space stays with the word after it, a closing quotation mark
after a space with the word before it (LB14, LB15a, LB15b). A dictionary never hyphenates beside an apostrophe
("owner-" and "'s"), and an author's zero-width space (U+200B) is a place to break with
no hyphen, and drawn as nothing. Plain text (cards) and marked-up text (booklets,
leaflets) alike; lines are read back from the runs, and from a built booklet."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from printgen.layout.deck import layout_deck
from printgen.layout.hyphens import hyphens
from printgen.layout.primitives import TextRun
from printgen.layout.richtext import Fonts, RichStyle, Span, _split_word, wrap
from printgen.layout.text import TextStyle, set_text
from printgen.spec import load_deck
from test_rich_lines import CJK

FRENCH = ("la caravane prend ville prudence le : fin joueur avance la. prudence joueur avance ? fin "
          "suivante. la prend avance puis » fin suivante sa. vers puis la joueur il sa avec avance ; fin "
          "prend. carte suivante avance le ! fin prudence. il dit « bonjour » puis part (vite ) et / ou "
          "[voir ] {tout } fin.")
KEPT = tuple(":?;!»)]}/")
ZW = "\u200b"
APOSTROPHES = ("owner's player's everyone's market's " * 6).strip()


def rich_lines(text: str, width: float, lang: str = "", hyphenate: bool = False) -> list[str]:
    style = RichStyle(size=10.0, lang=lang, hyphenate=hyphenate)
    return ["".join(t for t, _ in line.pieces) for line in wrap([Span(text)], width, style, "test")]


def plain_lines(text: str, width: float, lang: str = "", hyphenate: bool = False) -> list[str]:
    runs = set_text(text, 0.0, 0.0, width, 2000.0, TextStyle(size=10.0, lang=lang, hyphenate=hyphenate), "test")
    rows: dict[float, list] = {}
    for run in runs:
        rows.setdefault(run.y, []).append(run)
    return [" ".join(run.text for run in sorted(row, key=lambda run: run.x)) for _, row in sorted(rows.items())]


WIDTHS = [float(w) for w in range(60, 200, 3)]


@pytest.mark.parametrize("lines", [rich_lines, plain_lines])
def test_no_line_opens_with_punctuation_kept_with_what_precedes_it(lines):
    """At every width, no line starts with one of KEPT, and in French none ends with "«"
    (the text's words all set, in order). But a space before ".5" is a place to break
    (UAX #14's LB15c: it reads as a number), and a guillemet that touches its word
    moves with it: German's "»Hallo«" may open a line (LB18: a break after a space;
    LB15b keeps only a final mark that a space or punctuation follows)."""
    for width in WIDTHS:
        found = [line.strip() for line in lines(FRENCH, width, "fr")]
        assert " ".join(found).split() == FRENCH.split(), (width, found)
        assert not [line for line in found[1:] if line.startswith(KEPT)], (width, found)
        assert not [line for line in found if line.endswith("«")], (width, found)
    number = "the odds are about .5 and the stake .25 or so .75 in all .5 of the time .5 or .25"
    assert any(line.strip().startswith(".") for width in WIDTHS for line in lines(number, width))
    german = " ".join(["er sagte »Hallo« und ging dann weiter"] * 6)
    assert any(line.strip().startswith("»") for width in WIDTHS for line in lines(german, width, "de"))


def test_a_dictionary_never_breaks_beside_an_apostrophe():
    assert all(text[hyphen.at - 1] not in "'\u2019" and text[hyphen.at] not in "'\u2019"
               for text in ("player's", "owner\u2019s", "owner's", "everyone's") for hyphen in hyphens(text, "en"))


@pytest.mark.parametrize("lines", [rich_lines, plain_lines])
def test_hyphenated_lines_never_end_or_open_at_an_apostrophe(lines):
    for width in WIDTHS:
        found = lines(APOSTROPHES, width, "en", True)
        assert not [line for line in found if line.endswith(("'-", "\u2019-"))], (width, found)
        assert not [line for line in found if line.lstrip().startswith(("'", "\u2019"))], (width, found)


@pytest.mark.parametrize("lines", [rich_lines, plain_lines])
def test_a_zero_width_space_is_a_break_with_no_hyphen(lines):
    """"Ember" U+200B "Road" breaks there with nothing added, is never hyphenated beside
    it, and is drawn without the zero-width space; hyphenation on and off."""
    text = " ".join(f"word{i} at the gate Ember{ZW}Road{ZW}Caravan{ZW}Serai" for i in range(6))
    broke = 0
    for hyphenate in (False, True):
        for width in WIDTHS:
            found = [line.strip() for line in lines(text, width, "en", hyphenate)]
            assert not any(ZW in line for line in found), found
            assert "".join(found).replace(" ", "") == text.replace(ZW, "").replace(" ", ""), (width, found)
            assert not [line for line in found if line.endswith(("Ember-", "Road-", "Caravan-"))], (width, found)
            broke += sum(line.endswith(("Ember", "Road", "Caravan")) for line in found)
    assert broke > 10


def booklet_lines(cli, path) -> list[str]:
    """The lines of a poker booklet's reading copy as pdfium reads them (a hyphen the
    layout added, read as U+FFFE, shown as "-")."""
    out = path.parent / path.stem
    result = cli("booklet", str(path), "--size", "poker", "--out", str(out), "-q")
    assert result.status == 0, result.err
    reading, = out.glob("*reading.pdf")
    return [line.strip() for page in pdfium.PdfDocument(reading)
            for line in page.get_textpage().get_text_range().replace("\ufffe", "-\r\n").split("\r\n")]


def test_a_french_booklet_opens_no_line_with_a_colon(cli, tmp_path):
    """Read back from a built French booklet's pages: no line opens with one of KEPT."""
    path = tmp_path / "fr.md"
    path.write_text("---\ntitle: Ponctuation\nlang: fr\n---\n\n# Ponctuation\n\n"
                    + "\n\n".join([FRENCH] * 6) + "\n", encoding="utf-8")
    lines = booklet_lines(cli, path)
    assert sum("fin" in line for line in lines) > 20
    assert not [line for line in lines if line.startswith(KEPT)], lines


def test_a_booklet_draws_no_hyphen_at_a_zero_width_space(cli, tmp_path):
    """Read back from a built booklet with hyphenation on: "Ember" U+200B "Road" ends a
    line with "Ember", with no hyphen, and is never hyphenated elsewhere."""
    path = tmp_path / "en.md"
    path.write_text("---\ntitle: Roads\nhyphenate: true\n---\n\n# Roads\n\n"
                    + "\n\n".join(f"{'the gate ' * i}Ember{ZW}Road and more." for i in range(1, 12)) + "\n",
                    encoding="utf-8")
    lines = booklet_lines(cli, path)
    assert any(line.endswith("Ember") for line in lines), lines
    assert not [line for line in lines if "Ember-" in line or "Em-" in line or ZW in line], lines


# UAX #14's rules on quotation marks, in every language: a space after an opening
# bracket or quotation mark (LB14: "„"; LB15a: an initial mark, Pi, after a space) or
# before a final mark, Pf, followed by a space or punctuation (LB15b) is no place to
# break. Each text holds marks standing alone between spaces (a quotation opened by an
# ellipsis, nested marks, one closed after a dash): (language, text, opening marks,
# closing marks).
QUOTATIONS = [
    ("en", "She said “ ‘Go,’ he told me ’ ” and left. “Wait — ” he cried. “ … so it ends,” she said. ", "“‘", "”’"),
    ("de", "Er rief „ … und dann?“ und ging. Sie sagte „ ‚Nein‘, sagte er“ und lachte. Man hört „ … vielleicht“ oft. ",
     "„‚", ""),
    ("sv", "”Vänta – ” sa han. Hon svarade ”Ja … ” och gick. ”Hej” sa hon. ", "", "”"),
    # German's “ and ‘ close, and its » and › open (layout/quotes.py): read the other way
    # round, a line could open with “ or ‘ and end with » or ›
    ("de", "Er rief „ Hallo “ und ging. Sie sagte » Nein « und lachte. Man hört ‚ vielleicht ‘ oft. "
           "Er sagte › ja ‹ leise. Sie rief „Komm“ und »Geh« laut. ", "„‚»›", "“‘«‹"),
    # in Swiss German guillemets face outward, as in French
    ("de-CH", "Er rief „ Hallo “ und ging. Sie sagte « Nein » und lachte. Er sagte „ ja “ leise. ", "„«", "“»"),
]


def alone(line: str, marks: str) -> bool:
    """Whether a line's first word is quotation marks of marks alone."""
    word = line.split()[0] if line.split() else ""
    return bool(word) and all(ch in marks for ch in word)


@pytest.mark.parametrize("lines", [rich_lines, plain_lines])
@pytest.mark.parametrize(("lang", "text", "opening", "closing"), QUOTATIONS)
def test_no_line_ends_on_an_opening_quotation_mark_or_opens_with_a_closing_one(lines, lang, text, opening, closing):
    """At every width (the text's words all set, in order), no line ends with an opening
    mark, nor opens with a closing mark standing alone; a quotation mark that touches
    its word still moves with it ("”Hej”" may open a line)."""
    text = (text * 4).strip()
    for width in WIDTHS:
        found = [line.strip() for line in lines(text, width, lang)]
        assert " ".join(found).split() == text.split(), (width, found)
        assert not [line for line in found if opening and line.endswith(tuple(opening))], (width, found)
        assert not [line for line in found[1:] if alone(line, closing)], (width, found)


@pytest.mark.parametrize(("lang", "text", "opening", "closing"), QUOTATIONS)
def test_a_booklet_keeps_quotation_marks_with_their_words(cli, tmp_path, lang, text, opening, closing):
    """Read back from a built booklet's pages, in each language: no line ends with an
    opening quotation mark, none opens with a closing one standing alone."""
    path = tmp_path / f"{lang}.md"
    path.write_text(f"---\ntitle: Quotes\nlang: {lang}\n---\n\n# Quotes\n\n"
                    + "\n\n".join((text * i).strip() for i in range(1, 9)) + "\n", encoding="utf-8")
    lines = [line for line in booklet_lines(cli, path) if line]
    assert sum(line.count("“") + line.count("”") + line.count("„") for line in lines) > 40
    assert not [line for line in lines if opening and line.endswith(tuple(opening))], lines
    assert not [line for line in lines if alone(line, closing)], lines


# words wider than a line, broken as a last resort: a code (digits in it) and a word
# written with the modifier letter apostrophe (U+02BC, a letter to Unicode)
TOO_WIDE = {"code": "the key AB'CD'EF'GH'12'34'56'78'IJ'KL'MN'OP is yours",
            "word": "the Chinookʼwawaʼkwakwakaʼwakwʼtseʼkwaʼla word"}


@pytest.mark.parametrize(("lines", "kind"), [(rich_lines, "code"), (plain_lines, "code"), (rich_lines, "word")])
def test_a_word_too_wide_for_a_line_breaks_beside_no_apostrophe(lines, kind):
    """At every width too narrow for it, a word wider than a line is broken where no
    line ends or opens with an apostrophe (hyphen or not); its letters all set. (Plain
    text breaks no word wider than a line but a code: it sets the text smaller.)"""
    text = TOO_WIDE[kind]
    for width in [float(w) for w in range(30, 80, 2)]:
        found = [line.strip() for line in lines(text, width, "en")]
        assert "".join(found).replace("-", "").replace(" ", "") == text.replace(" ", ""), (width, found)
        assert not [line for line in found if line.rstrip("-").endswith(("'", "\u02bc"))], (width, found)
        assert not [line for line in found if line.startswith(("'", "\u02bc"))], (width, found)


def test_a_german_card_keeps_its_quotation_marks_with_their_words(tmp_path):
    """Read back from a German deck's laid-out cards (the deck's `lang: de`): no line of
    a card's text opens with German's closing “ or « standing alone, nor ends with its
    opening „ or »."""
    (tmp_path / "face.yaml").write_text(
        "elements:\n  - {kind: text, text: '{{ card.text }}', x: 4mm, y: 6mm, w: 34mm, h: 70mm,"
        " size: 9pt, min_size: 9pt}\n", encoding="utf-8")
    (tmp_path / "back.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#1f2a44'}\n", encoding="utf-8")
    cards = "".join(f"  - fields: {{text: \"{'Ein Wort ' * i}und er rief „ Hallo “ und sie sagte » Nein « dann.\"}}\n"
                    for i in range(12))
    (tmp_path / "deck.yaml").write_text(f"name: zitate\nlang: de\nsize: poker\nface: face.yaml\nback: back.yaml\n"
                                        f"label: card\ncards:\n{cards}", encoding="utf-8")
    lines = []
    for face in layout_deck(load_deck(str(tmp_path / "deck.yaml"))).faces:
        rows: dict[float, list[TextRun]] = {}
        for run in (p for p in face.prims if isinstance(p, TextRun)):
            rows.setdefault(round(run.y, 3), []).append(run)
        lines += [" ".join(r.text for r in sorted(row, key=lambda r: r.x)).strip() for _, row in sorted(rows.items())]
    assert sum("Hallo" in line for line in lines) == 12
    assert not [line for line in lines if alone(line, "“«")], lines
    assert not [line for line in lines if line.endswith(("„", "»"))], lines


def test_two_spaces_before_a_colon_are_no_place_to_break():
    """Typed twice, a space before ":" or "?" is still no place to break in plain text
    (UAX #14's LB13 holds however many spaces come before; marked-up text sets a run of
    spaces as one)."""
    text = " ".join(["la caravane  : prudence  ? fin joueur avance"] * 6)
    for width in WIDTHS:
        found = [line.strip() for line in plain_lines(text, width, "fr")]
        assert " ".join(found).split() == text.split(), (width, found)
        assert not [line for line in found if line.startswith(KEPT)], (width, found)


def test_a_split_never_parts_a_full_width_letter_from_its_mark():
    """A word of full-width letters too wide for its line, split as a last resort, is
    never split between a letter and the combining mark after it (U+0488, which the
    fallback face draws with a width of its own)."""
    fonts = Fonts(CJK, CJK, CJK, CJK)
    word = "テ" + "。\u0488" * 8
    for half in range(40, 90):
        parts = _split_word([(word, fonts.regular)], half / 2, 10.0, "test", half / 2)
        texts = ["".join(text for text, _ in part) for part in parts]
        assert "".join(texts) == word
        assert not [text for text in texts if text[:1] == "\u0488"], (half / 2, texts)
