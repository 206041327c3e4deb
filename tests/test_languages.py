"""One deck in several languages: `build --lang all` on the two-language example writes
each language into its own files, byte for byte the same on every run; a German build
takes the German keys, fields, columns and rules text and printgen's own German words;
a missing translation is a located error; the gallery shows the languages side by side."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pdfplumber
import pytest
from exampledeck import EXAMPLE, add_language, copy_example, edit

from printgen.spec import load_deck

DECK = EXAMPLE / "lantern-pairs.yaml"


def pdf_words(path: Path) -> str:
    with pdfplumber.open(path) as doc:
        return " ".join(page.extract_text() or "" for page in doc.pages)


def files(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The example built in all its languages (into a folder named out)."""
    from printgen.cli import main
    out = tmp_path_factory.mktemp("first") / "out"
    assert main(["build", str(DECK), "--lang", "all", "--out", str(out), "-q"]) == 0
    return out


def test_lang_all_writes_each_language_into_its_own_files(built):
    english, german = built / "lantern-pairs", built / "lantern-pairs-de"
    assert (english / "lantern-pairs-a4.pdf").is_file() and (german / "lantern-pairs-de-a4.pdf").is_file()
    assert (german / "lantern-pairs-de-box-a4.pdf").is_file()
    assert len(list((german / "png").glob("*.png"))) == len(list((english / "png").glob("*.png"))) == 25
    assert (built / "index.html").is_file()


def test_lang_all_is_byte_identical_across_runs(cli, built, tmp_path):
    again = tmp_path / "out"
    assert cli("build", str(DECK), "--lang", "all", "--out", str(again), "-q").status == 0
    first, second = files(built), files(again)
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []


def test_the_german_cards_box_and_booklet_are_in_german(built):
    german = pdf_words(built / "lantern-pairs-de" / "lantern-pairs-de-a4.pdf")
    english = pdf_words(built / "lantern-pairs" / "lantern-pairs-a4.pdf")
    assert german.count("Bernstein") == english.count("Amber") == 8
    assert german.count("Violett") == english.count("Violet") == 8
    assert german.count("Jade") == 8                  # no name@de: the same word in both
    assert "Amber" not in german and "Bernstein" not in english
    box = pdf_words(built / "lantern-pairs-de" / "lantern-pairs-de-box-a4.pdf")
    assert "24 Karten" in box and "Laternenpaare" in box and "Beispieldeck" in box and "cards" not in box
    booklet = pdf_words(next((built / "lantern-pairs-de").glob("*booklet*-a4-reading.pdf")))
    assert "Inhalt" in booklet and "Spielablauf" in booklet and "Contents" not in booklet
    assert "Contents" in pdf_words(next((built / "lantern-pairs").glob("*booklet*-a4-reading.pdf")))


def test_a_german_build_takes_the_german_text():
    english, german = load_deck(str(DECK)), load_deck(str(DECK), "de")
    assert (english.name, english.lang, english.title) == ("lantern-pairs", "en", "Lantern Pairs")
    assert (german.name, german.lang, german.title) == ("lantern-pairs-de", "de", "Laternenpaare")
    assert german.base_name == "lantern-pairs" and german.languages == ("en", "de")
    assert german.credits == ("Beispieldeck für die Dokumentation von printgen.",)
    assert [c.fields["name"] for c in german.cards[::8]] == ["Bernstein", "Jade", "Violett"]
    assert [c.label for c in german.cards] == [c.label for c in english.cards]
    assert [c.fields["colour"] for c in german.cards] == [c.fields["colour"] for c in english.cards]


class Figures(HTMLParser):
    """The side-by-side figures of a gallery page: each figure's image sources."""

    def __init__(self) -> None:
        super().__init__()
        self.figures: list[list[str]] = []
        self.open: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "figure" and "languages" in (values.get("class") or "").split():
            self.open = []
            self.figures.append(self.open)
        elif tag == "img" and self.open is not None and "back" not in (values.get("class") or ""):
            self.open.append(values["data-src"])

    def handle_endtag(self, tag):
        if tag == "figure":
            self.open = None

    def shown(self) -> list[list[str]]:
        return self.figures


def test_the_gallery_shows_the_languages_side_by_side(built):
    page = Figures()
    page.feed((built / "index.html").read_text(encoding="utf-8"))
    figures = page.shown()
    assert len(figures) == 24
    for number, (english, german) in enumerate(figures, start=1):
        assert english.startswith("./_gallery/lantern-pairs/png/") and german.startswith(
            "./_gallery/lantern-pairs-de/png/")
        assert english.rsplit("/", 1)[1] == german.rsplit("/", 1)[1]     # the same card
        assert english.rsplit("/", 1)[1].startswith(f"{number:02d}-")


def test_a_print_shops_files_in_each_language_are_in_the_decks_one_section(cli, tmp_path):
    """`--for tts --lang all`: each language's Tabletop Simulator files are shown in the
    deck's one gallery section (where its home prints go too), each named with its
    language, not in a section of their own under the language's title."""
    out = tmp_path / "out"
    assert cli("build", str(DECK), "--lang", "all", "--for", "tts", "--out", str(out), "-q").status == 0
    page = (out / "index.html").read_text(encoding="utf-8")
    headings = re.findall(r"<h2[^>]*>([^<]*)", page)
    assert [heading.strip() for heading in headings] == ["Contents", "Lantern Pairs"], headings
    for label in ("Tabletop Simulator, English", "Tabletop Simulator, Deutsch"):
        assert f"print files, {label}<" in page, label


def one_error(result, *parts: str) -> str:
    assert result.status == 2 and "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    for part in parts:
        assert part in lines[0], lines[0]
    return lines[0]


def test_a_language_the_deck_does_not_have_is_an_error(cli, tmp_path):
    one_error(cli("build", str(DECK), "--lang", "fr", "--out", str(tmp_path / "out")),
              "--lang fr", "lantern-pairs.yaml", "en, de")
    assert not (tmp_path / "out").exists()


def test_a_key_in_a_language_the_deck_does_not_name_is_located(cli, tmp_path):
    deck = copy_example(tmp_path)
    edit(deck, "title@de: Laternenpaare", "title@fr: Paires de lanternes")
    one_error(cli("build", str(deck), "--out", str(tmp_path / "out")), "lantern-pairs.yaml:9 'title@fr'", "'fr'")


def test_a_missing_rules_translation_is_an_error(cli, tmp_path):
    deck = copy_example(tmp_path)
    (tmp_path / "rules" / "lantern-pairs-de.md").unlink()
    one_error(cli("build", str(deck), "--lang", "de", "--out", str(tmp_path / "out")),
              "lantern-pairs-de.md")
    assert not (tmp_path / "out").exists()
    assert cli("build", str(deck), "--lang", "de", "--only", "pdf", "--out", str(tmp_path / "out"), "-q").status == 0


def table_deck(tmp_path, table: str, languages: str) -> None:
    """tmp_path/d.yaml: a deck in languages whose cards are the card table's rows
    (cards.csv), each printing its name."""
    (tmp_path / "f.yaml").write_text("elements:\n  - {kind: text, text: '{{ card.name }}', x: 0mm, y: 0mm, "
                                     "w: 40mm, h: 10mm}\n")
    (tmp_path / "b.yaml").write_text("elements: []\n")
    (tmp_path / "cards.csv").write_text(table)
    (tmp_path / "d.yaml").write_text(f"name: d\nlanguages: [{languages}]\nsize: poker\nface: f.yaml\n"
                                     "back: b.yaml\ncards: cards.csv\n")


def test_an_empty_translation_in_a_card_table_names_its_row(cli, tmp_path):
    table_deck(tmp_path, "name,name@de,count\nLantern,Laterne,1\nCandle,,1\n", "en, de")
    assert cli("build", str(tmp_path / "d.yaml"), "--only", "pdf", "--out", str(tmp_path / "en"), "-q").status == 0
    one_error(cli("build", str(tmp_path / "d.yaml"), "--lang", "de", "--only", "pdf", "--out", str(tmp_path / "de")),
              "cards.csv:3 name@de", "'Candle'")
    assert not (tmp_path / "de").exists()


@pytest.mark.parametrize(("old", "new", "where", "value"), [
    ("name: Amber, name@de: Bernstein", 'name: Amber, name@de: ""', "lantern-pairs.yaml:25 cards[0].fields.'name@de'",
     "'Amber'"),
    ("title@de: Laternenpaare", "title@de: '  '", "lantern-pairs.yaml:9 'title@de'", "'Lantern Pairs'"),
])
def test_an_empty_translation_in_the_deck_file_names_its_line(cli, tmp_path, old, new, where, value):
    """A YAML text left empty beside one that is not is a missing translation, as a card
    table's empty cell is: one line at its key, nothing written; the English build,
    which does not take it, goes on."""
    deck = copy_example(tmp_path)
    edit(deck, old, new)
    line = one_error(cli("build", str(deck), "--lang", "de", "--out", str(tmp_path / "de")), where, value)
    assert "empty, while" in line
    assert not (tmp_path / "de").exists()
    assert cli("build", str(deck), "--only", "pdf", "--out", str(tmp_path / "en"), "-q").status == 0


LONG = "Bernsteinfarbene Laternenlichter am Abend"


@pytest.mark.parametrize(("old", "new", "where"), [
    ("name@de: Bernstein", f"name@de: {LONG}", "lantern-pairs.yaml:25 cards[0].fields.'name@de' (card 1 'amber 1', "),
    ("name: Jade}", f"name: {LONG}}}", "lantern-pairs.yaml:28 cards[1].fields.name (card 9 'jade 1', "),
])
def test_a_translated_text_too_long_for_its_box_names_the_field_as_written(cli, tmp_path, old, new, where):
    """A German name too long for the card's name box is told at the key the German
    build took it from (`name@de`, its line), not at the plain field's name, with the
    card and the template's box; a field with no German version (jade's) is told at
    its plain key. Nothing is written."""
    deck = copy_example(tmp_path)
    edit(deck, old, new)
    line = one_error(cli("build", str(deck), "--lang", "de", "--only", "pdf", "--out", str(tmp_path / "de")),
                     where, f"in {tmp_path / 'lantern-face.yaml'}:41 elements[6].text): text '{LONG}' does not fit")
    assert line.startswith(f"printgen: error: {deck}:"), line
    assert "field 'name'" not in line
    assert not (tmp_path / "de").exists()


def test_a_translated_column_too_long_for_its_box_names_the_column_and_row(cli, tmp_path):
    table_deck(tmp_path, f"name,name@de,count\nLantern,Laterne,1\nCandle,{LONG} {LONG},1\n", "en, de")
    assert cli("build", str(tmp_path / "d.yaml"), "--only", "pdf", "--out", str(tmp_path / "en"), "-q").status == 0
    line = one_error(cli("build", str(tmp_path / "d.yaml"), "--lang", "de", "--only", "pdf",
                         "--out", str(tmp_path / "de")), "does not fit")
    assert line.startswith(f"printgen: error: {tmp_path / 'cards.csv'}:3 name@de (card 2 'card 2', in "), line
    assert not (tmp_path / "de").exists()


def test_a_problem_in_a_card_s_markdown_field_names_the_field_and_the_line_of_its_text(cli, tmp_path):
    """A card's Markdown (a `markdown` element showing a field) that printgen cannot set
    is told at the field the build took (`rule@de`, its line), the card and the element,
    and the line of the field's text, not at a line of the template; a text too long
    for the element's box is told at the field too."""
    (tmp_path / "face.yaml").write_text("elements:\n  - kind: markdown\n    text: '{{ card.rule }}'\n"
                                        "    x: 5mm\n    y: 5mm\n    w: 53mm\n    h: 20mm\n", encoding="utf-8")
    (tmp_path / "back.yaml").write_text("elements: []\n", encoding="utf-8")
    deck = tmp_path / "d.yaml"
    deck.write_text("name: d\nlanguages: [en, de]\nsize: poker\nface: face.yaml\nback: back.yaml\ncards:\n"
                    '  - fields:\n      rule: "Line one.\\n\\nLine two."\n'
                    '      rule@de: "Zeile eins.\\n\\nZeile <b>zwei</b>."\n', encoding="utf-8")
    assert cli("build", str(deck), "--only", "pdf", "--out", str(tmp_path / "en"), "-q").status == 0
    line = one_error(cli("build", str(deck), "--lang", "de", "--only", "pdf", "--out", str(tmp_path / "de")))
    assert line == (f"printgen: error: {deck}:9 cards[0].fields.'rule@de' (card 1 'card 1', in {tmp_path / 'face.yaml'}"
                    f":3 elements[0].text), line 3 of the text: raw HTML '<b>' is not supported; expected Markdown")
    edit(deck, "Zeile <b>zwei</b>.", " ".join([LONG] * 12))
    line = one_error(cli("build", str(deck), "--lang", "de", "--only", "pdf", "--out", str(tmp_path / "de")))
    assert line.startswith(f"printgen: error: {deck}:9 cards[0].fields.'rule@de' (card 1 'card 1', in "), line
    assert "the text does not fit its 53 x 20 mm box" in line
    assert not (tmp_path / "de").exists()


def test_a_german_box_title_too_long_for_the_box_names_its_own_key_and_line(cli, tmp_path):
    """A `box:` text translated under it (`title@de:`) is told at its own line and key,
    not at the line of `box:` as `box.title`."""
    deck = copy_example(tmp_path)
    edit(deck, "rules: [lantern-pairs]\n", f"rules: [lantern-pairs]\nbox:\n  title: Lantern Pairs\n"
                                          f"  title@de: {' '.join([LONG] * 4)}\n")
    line = deck.read_text(encoding="utf-8").splitlines().index(f"  title@de: {' '.join([LONG] * 4)}") + 1
    said = one_error(cli("build", str(deck), "--lang", "de", "--only", "box", "--out", str(tmp_path / "de")),
                     f"lantern-pairs.yaml:{line} box.title@de: text '{LONG[:20]}")
    assert "does not fit" in said and "tuck box" in said
    assert not (tmp_path / "de").exists()


def test_a_text_translated_into_other_languages_but_not_the_one_built_is_an_error(cli, tmp_path):
    """A deck in English, German and French whose violet cards have a German name but
    no French one: the French build stops with one line at the entry's key, naming the
    language the name lacks, and writes nothing (never French cards that say 'Violet');
    the German build goes on, and Jade, translated into no language, is the same in
    every one."""
    deck = copy_example(tmp_path)
    add_language(deck, "fr")
    edit(deck, "name@de: Violett, name@fr: Violett}", "name@de: Violett}")
    line = one_error(cli("build", str(deck), "--lang", "fr", "--only", "pdf", "--out", str(tmp_path / "fr")),
                     "lantern-pairs.yaml:35 cards[2].fields.name: 'Violet'", "name@fr")
    assert "translated into de but not into fr" in line
    assert not (tmp_path / "fr").exists()
    assert cli("build", str(deck), "--lang", "de", "--only", "pdf", "--out", str(tmp_path / "de"), "-q").status == 0
    assert pdf_words(tmp_path / "de" / "lantern-pairs-de-a4.pdf").count("Violett") == 8


def test_lang_all_tells_the_missing_translations_of_every_language_at_once(cli, tmp_path):
    """A German name and a French title missing: --lang all says both, each line
    naming its language, rather than the German one alone until it is mended, and
    writes nothing."""
    deck = copy_example(tmp_path)
    add_language(deck, "fr")
    edit(deck, "name@de: Violett, name@fr: Violett}", "name@fr: Violett}")
    edit(deck, "title@fr: Laternenpaare\n", "")
    result = cli("build", str(deck), "--lang", "all", "--out", str(tmp_path / "out"))
    assert result.status == 2 and "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 2, result.err
    assert lines[0].startswith("printgen: error: --lang de: ") and "cards[2].fields.name: 'Violet'" in lines[0]
    assert lines[1].startswith("printgen: error: --lang fr: ") and "title: 'Lantern Pairs'" in lines[1]
    assert not (tmp_path / "out").exists()


def test_a_column_translated_into_other_languages_but_not_the_one_built_is_an_error(cli, tmp_path):
    """A card table with `name@de` and no `name@fr`, in a deck printed in English,
    German and French: the French build names the header row and the column it
    lacks; English and German are built."""
    table_deck(tmp_path, "name,name@de,count\nLantern,Laterne,1\n", "en, de, fr")
    line = one_error(cli("build", str(tmp_path / "d.yaml"), "--lang", "fr", "--only", "pdf",
                         "--out", str(tmp_path / "fr")), "cards.csv:1 name", "name@fr")
    assert "translated into de but not into fr" in line
    assert not (tmp_path / "fr").exists()
    for lang, word in (("en", "Lantern"), ("de", "Laterne")):
        out = tmp_path / lang
        assert cli("build", str(tmp_path / "d.yaml"), "--lang", lang, "--only", "pdf", "--out", str(out), "-q").status == 0
        pdf, = out.rglob("*.pdf")
        assert word in pdf_words(pdf)


def test_a_column_only_in_other_languages_is_an_error(cli, tmp_path):
    (tmp_path / "f.yaml").write_text("elements: []\n")
    (tmp_path / "cards.csv").write_text("name@de,count\nLaterne,1\n")
    (tmp_path / "d.yaml").write_text("name: d\nlanguages: [en, de]\nsize: poker\nface: f.yaml\nback: f.yaml\n"
                                     "cards: cards.csv\n")
    one_error(cli("build", str(tmp_path / "d.yaml"), "--only", "pdf", "--out", str(tmp_path / "en")),
              "cards.csv:1 name", "name@en")


def test_a_column_in_a_language_the_deck_does_not_name_is_located_at_the_header(cli, tmp_path):
    """The column's name is on the header row (here its second line, below a blank one),
    not on the first card's row."""
    (tmp_path / "f.yaml").write_text("elements: []\n")
    (tmp_path / "cards.csv").write_text("\nname,name@fr,count\nLantern,Lanterne,1\n")
    (tmp_path / "d.yaml").write_text("name: d\nlanguages: [en, de]\nsize: poker\nface: f.yaml\nback: f.yaml\n"
                                     "cards: cards.csv\n")
    line = one_error(cli("build", str(tmp_path / "d.yaml"), "--only", "pdf", "--out", str(tmp_path / "en")),
                     "cards.csv:2 name@fr", "'fr'")
    assert "cards.csv:3" not in line
    assert not (tmp_path / "en").exists()


def test_a_language_printgen_has_no_words_in_falls_back_to_english_with_a_note(cli, tmp_path):
    deck = copy_example(tmp_path)
    add_language(deck, "nl")
    (tmp_path / "rules" / "lantern-pairs-nl.md").write_text("# Lantaarnparen\n\nDraai twee kaarten om.\n",
                                                            encoding="utf-8")
    result = cli("build", str(deck), "--lang", "nl", "--only", "pdf,box", "--out", str(tmp_path / "out"))
    assert result.status == 0, result.err
    notes = [line for line in result.err.splitlines() if "note:" in line]
    assert len(notes) == 1 and "'nl'" in notes[0]
    assert "24 cards" in pdf_words(tmp_path / "out" / "lantern-pairs-nl-box-a4.pdf")


def test_languages_that_are_not_codes_are_located(cli, tmp_path):
    deck = copy_example(tmp_path)
    edit(deck, "languages: [en, de]", "languages: [en, German]")
    one_error(cli("build", str(deck), "--out", str(tmp_path / "out")), "lantern-pairs.yaml:7 languages")


@pytest.mark.parametrize(("code", "meant"), [("jp", "ja"), ("cn", "zh"), ("gr", "el"), ("cz", "cs"), ("dk", "da"),
                                             ("ua", "uk"), ("vn", "vi"), ("il", "he"), ("ir", "fa"), ("gb", "en")])
def test_a_countrys_code_for_its_language_is_located_with_the_languages_code(cli, tmp_path, code, meant):
    """`jp` is Japan's code, not Japanese's (`ja`): written for a language, in a deck's
    `languages:` (its keys and rules text named with it too) or a rules text's `lang:`,
    it is one line naming the code meant, not a language printgen has no words in (a
    note that said so for `jp`, though printgen has Japanese words)."""
    deck = copy_example(tmp_path)
    add_language(deck, code)
    (tmp_path / "rules" / f"lantern-pairs-{code}.md").write_text("# Lanterns\n\nTurn two over.\n", encoding="utf-8")
    one_error(cli("build", str(deck), "--lang", code, "--out", str(tmp_path / "out")),
              f"lantern-pairs.yaml:7 languages[2]: {code!r} is the code of", f"expected {meant}, the code of")
    assert not (tmp_path / "out").exists()
    rules = tmp_path / "rules" / "lantern-pairs.md"
    edit(rules, "title: Lantern Pairs\n", f"title: Lantern Pairs\nlang: {code}-XX\n")
    one_error(cli("booklet", str(rules), "--out", str(tmp_path / "out")), "lantern-pairs.md:3 lang", f"expected {meant}")


@pytest.mark.parametrize(("lang", "heading", "noted"), [("fr", "Sommaire", False), ("nl", "Contents", True)])
def test_a_decks_booklet_is_headed_in_its_texts_own_language(cli, tmp_path, lang, heading, noted):
    """An English deck whose rules text says `lang: fr` in its front matter: the booklet's
    contents page is headed in French, the text's language, not the deck's; a text in a
    language printgen has no words in is headed in English, with one note naming it."""
    deck = copy_example(tmp_path)
    edit(tmp_path / "rules" / "lantern-pairs.md", "title: Lantern Pairs\n", f"title: Lantern Pairs\nlang: {lang}\n")
    result = cli("build", str(deck), "--only", "rules", "--out", str(tmp_path / "out"))
    assert result.status == 0, result.err
    notes = [line for line in result.err.splitlines() if "note:" in line]
    assert len(notes) == noted and all(repr(lang) in note for note in notes), result.err
    reading = pdfplumber.open(tmp_path / "out" / "lantern-pairs-booklet-lantern-pairs-a4-reading.pdf")
    with reading:
        assert (reading.pages[1].extract_text() or "").split()[0] == heading


def test_a_box_made_alone_in_a_language_is_the_builds_box_in_it(cli, built, tmp_path):
    """`printgen box DECK --lang de` makes the German box, byte for byte the one the
    German build makes (its booklets, the German rules text's, give its depth), named
    as the build names it; --lang all makes one in each language, each in its own
    folder as the build puts it; --help says so."""
    result = cli("box", str(DECK), "--lang", "de", "--out", str(tmp_path / "de"))
    assert result.status == 0, result.err
    box = tmp_path / "de" / "lantern-pairs-de-box-a4.pdf"
    assert box.read_bytes() == (built / "lantern-pairs-de" / "lantern-pairs-de-box-a4.pdf").read_bytes()
    assert "24 Karten" in pdf_words(box) and "Laternenpaare" in pdf_words(box) and "cards" not in pdf_words(box)
    assert result.out.startswith("lantern-pairs-de: tuck box inside")
    assert cli("box", str(DECK), "--lang", "all", "--out", str(tmp_path / "all"), "-q").status == 0
    for name in ("lantern-pairs", "lantern-pairs-de"):
        made = tmp_path / "all" / name / f"{name}-box-a4.pdf"
        assert made.read_bytes() == (built / name / f"{name}-box-a4.pdf").read_bytes()
    assert "--lang LANG" in cli("box", "--help").out


def test_a_box_in_a_language_the_deck_does_not_have_is_an_error(cli, tmp_path):
    one_error(cli("box", str(DECK), "--lang", "fr", "--out", str(tmp_path / "out")),
              "--lang fr", "lantern-pairs.yaml", "en, de")
    assert not (tmp_path / "out").exists()


def test_a_box_in_a_language_printgen_has_no_words_in_says_so_once(cli, tmp_path):
    deck = copy_example(tmp_path)
    add_language(deck, "nl")
    (tmp_path / "rules" / "lantern-pairs-nl.md").write_text("# Lantaarnparen\n\nDraai twee kaarten om.\n",
                                                            encoding="utf-8")
    result = cli("box", str(deck), "--lang", "nl", "--out", str(tmp_path / "out"))
    assert result.status == 0, result.err
    notes = [line for line in result.err.splitlines() if "note:" in line]
    assert len(notes) == 1 and "'nl'" in notes[0]
    assert "24 cards" in pdf_words(tmp_path / "out" / "lantern-pairs-nl-box-a4.pdf")


def test_a_language_builds_box_line_gives_the_box_command_for_its_language(cli, tmp_path):
    import shlex
    result = cli("build", str(DECK), "--lang", "de", "--only", "box", "--out", str(tmp_path / "out"))
    assert result.status == 0, result.err
    line, = [line for line in result.out.splitlines() if "-box-a4.pdf" in line]
    words = shlex.split(line.split("cards of another thickness: ", 1)[1].removesuffix(")"))
    assert words == ["printgen", "box", str(DECK), "--out", str(tmp_path / "out"), "--lang", "de",
                     "--thickness", "0.1mm"]


def test_every_column_a_language_lacks_is_named_at_once(cli, tmp_path):
    """A table whose `name` and `rule` are translated into German but not French: the
    French build names both columns in its one line, not `name` alone until it is
    mended and then `rule`; so do the columns with neither a plain nor a French
    version."""
    table_deck(tmp_path, "name,name@de,rule,rule@de,count\nLantern,Laterne,Shine.,Leuchte.,1\n", "en, de, fr")
    line = one_error(cli("build", str(tmp_path / "d.yaml"), "--lang", "fr", "--only", "pdf",
                         "--out", str(tmp_path / "fr")), "cards.csv:1 name, rule", "name@fr and rule@fr")
    assert "the columns are translated into de but not into fr" in line
    table_deck(tmp_path, "name@de,rule@de,count\nLaterne,Leuchte.,1\n", "en, de, fr")
    line = one_error(cli("build", str(tmp_path / "d.yaml"), "--lang", "fr", "--only", "pdf",
                         "--out", str(tmp_path / "fr")), "cards.csv:1 name, rule", "rule@fr nor rule")
    assert "no column name@fr nor name" in line
    assert not (tmp_path / "fr").exists()


BLANKS = ["\x07", "\x7f", "\x85", "\u200f", "\u200b \u00ad", "\ufeff\u2060", " \t"]
PRINTED = ["a", "\u05e9", "\u00a0x", "\u0301", "\ue000", "\x07b"]


def blank_as_set(text: str) -> bool:
    """Whether the layout sets text as nothing: what layout/text.py's clean() leaves of
    it is spaces and format marks (which draw nothing) alone."""
    import unicodedata

    from printgen.layout.text import clean
    return all(ch.isspace() or unicodedata.category(ch) == "Cf" for ch in clean(text))


def test_a_text_left_blank_is_told_by_one_rule_the_layout_sets_text_by():
    """A translation left blank, and a Markdown heading with no words, are told by the
    rule the layout sets text by: one that prints nothing once its control characters
    are taken out. A translation of a control character alone counted as printed (and
    was printed blank), where the heading rule did not count it."""
    from printgen.errors import InputError
    from printgen.lang.markdown import parse_markdown
    from printgen.spec.languages import untranslated
    for code in range(0x2100):
        ch = chr(code)
        told = untranslated("word@de", ch, {"word": "Sun", "word@de": ch}) is not None
        assert told is blank_as_set(ch), hex(code)
    for text in BLANKS + PRINTED:
        assert blank_as_set(text) is (text in BLANKS)
        told = untranslated("word@de", text, {"word": "Sun", "word@de": text}) is not None
        try:
            parse_markdown(f"# {text}\n", "t.md", lambda src, where: None,     # type: ignore[arg-type, return-value]
                           empty_headings=False)
            no_words = False
        except InputError:
            no_words = True
        assert told is no_words is (text in BLANKS), repr(text)


def test_the_page_shows_the_example_deck_as_its_file_has_it():
    """docs/languages.md quotes the example's deck file: every key it shows has the
    file's value, and its cards are the file's (it showed two colours of three, 16
    cards where the page says 24)."""
    import textwrap

    import yaml
    page = (EXAMPLE.parent / "languages.md").read_text(encoding="utf-8")
    block = page.split("Its deck file names the languages", 1)[1].split("\n\n")[1]
    shown = yaml.safe_load(textwrap.dedent(block))
    deck = yaml.safe_load(DECK.read_text(encoding="utf-8"))
    assert {key: deck.get(key) for key in shown} == shown
    assert "cards" in shown and "languages" in shown
