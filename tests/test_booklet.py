"""printgen booklet as a user runs it: a long text as a booklet at every kind of size,
read back from the PDFs it writes (the folding itself is proven by
test_booklet_imposition.py, the typesetting by test_book.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from longtext import write_long_text
from test_book import page_style

from printgen.errors import FitError
from printgen.layout.cover import UNNAMED, lay_out_cover
from printgen.spec.booklet import card_page
from printgen.spec.places import RULES, catalogue

MM = 72 / 25.4
CASES = [("a5", "a4"), ("a6", "letter"), ("poker", "letter")]


def words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]+", text)


def source_words(path: Path) -> list[str]:
    """The words of the Markdown as a reader sees them (markup and numbers left out)."""
    return words(re.sub(r"[#*|\-]", " ", path.read_text(encoding="utf-8")))


def in_order(wanted: list[str], found: list[str]) -> int:
    """How many of wanted appear in found, in order (found may hold more: heads, folios)."""
    position = 0
    for count, word in enumerate(wanted):
        try:
            position = found.index(word, position) + 1
        except ValueError:
            return count
    return len(wanted)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The long text as a booklet at each size, built once: {(size, paper): (out, stderr)}."""
    import contextlib
    import io

    from printgen.cli import main
    folder = tmp_path_factory.mktemp("booklet")
    text = write_long_text(folder, sections=13)         # 35 KB, a boxed game's rulebook, with its long table
    made = {}
    for size, paper in CASES:
        out = folder / f"{size}-{paper}"
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
            status = main(["booklet", str(text), "--size", size, "--paper", paper, "--out", str(out)])
        assert status == 0, err.getvalue()
        made[(size, paper)] = (out, err.getvalue())
    return text, made


def read_copy(path: Path) -> tuple[list[str], set[float], bool]:
    """A PDF's words in reading order, the sizes of its printed characters, and whether
    every character lies on its page (PDFium reads them)."""
    found, sizes, inside = [], set(), True
    for page in pdfium.PdfDocument(path):
        text = page.get_textpage()
        width, height = page.get_size()
        found += words(text.get_text_range())
        for i in range(text.count_chars()):
            if not chr(pdfium_c.FPDFText_GetUnicode(text.raw, i)).isspace():
                sizes.add(round(pdfium_c.FPDFText_GetFontSize(text.raw, i), 1))
                left, bottom, right, top = text.get_charbox(i)
                inside &= -0.01 <= left and right <= width + 0.01 and -0.01 <= bottom and top <= height + 0.01
    return found, sizes, inside


@pytest.mark.parametrize(("size", "paper"), CASES)
def test_the_reading_copy_holds_every_word_in_order_at_8_pt_or_more(built, size, paper):
    text, made = built
    out, _ = made[(size, paper)]
    found, sizes, inside = read_copy(out / f"long-booklet-{size}-{paper}-reading.pdf")
    wanted = source_words(text)
    assert in_order(wanted, found) == len(wanted)
    assert min(sizes) >= 8.0 and inside


@pytest.mark.parametrize(("size", "paper"), CASES)
def test_bookmarks_and_contents_links_point_at_their_headings(built, size, paper):
    _, made = built
    out, _ = made[(size, paper)]
    reader = pypdf.PdfReader(out / f"long-booklet-{size}-{paper}-reading.pdf")
    marks: dict[str, int] = {}

    def walk(items: list) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                marks[item.title] = reader.get_destination_page_number(item)

    walk(reader.outline)
    assert {"Book 1", "Section 0", "Section 12", "Book 2"} <= set(marks)
    for title, page in marks.items():                          # the heading is on the page it names
        assert title in reader.pages[page].extract_text()
    targets = []
    for number, page in enumerate(reader.pages[:5]):
        for annotation in page.get("/Annots") or []:
            link = annotation.get_object()
            targets.append(reader.get_page_number(link["/Dest"][0].get_object()))
            assert number < min(marks.values())                # links are on the contents pages
    assert targets == sorted(targets) and set(targets) == set(marks.values())


@pytest.mark.parametrize(("size", "paper"), CASES)
def test_the_printed_sheets_hold_every_page_and_few_blanks(built, size, paper):
    """Each printed sheet is the paper, front and back; a sheet holds a folded piece of 4
    pages in each spread cell (a5: 1 cell, a6: 2, poker on Letter: 4), and the sheets are
    as few as the pieces need (blank pages: fewer than a piece's 4)."""
    _, made = built
    out, _ = made[(size, paper)]
    sheets = pypdf.PdfReader(out / f"long-booklet-{size}-{paper}.pdf")
    reading = pypdf.PdfReader(out / f"long-booklet-{size}-{paper}-reading.pdf")
    wanted = {"a4": [210.0, 297.0], "letter": [215.9, 279.4]}[paper]
    for page in sheets.pages:
        box = page.mediabox
        assert sorted((round(float(box.width) / MM, 1), round(float(box.height) / MM, 1))) == wanted
    cells = {"a5": 1, "a6": 2, "poker": 4}[size]
    pieces = -(-len(reading.pages) // 4)                # four pages a piece
    assert len(sheets.pages) == 2 * -(-pieces // cells)  # each sheet: a front and a back


def test_a_thick_booklet_is_advised_to_split(built):
    _, made = built
    _, err = made[("poker", "letter")]
    assert "split the text into booklets of at most 64 pages each" in err
    assert made[("a5", "a4")][1] == ""


@pytest.mark.parametrize(("args", "expected"), [
    (["--size", "b5"], "--size: expected a5, a6, a card size"),
    (["--paper-thickness", "2mm"], "--paper-thickness: expected a length from 0.02mm to 0.5mm, got '2mm'"),
    (["--back-offset", "9mm,0mm"], "--back-offset: expected at most"),
])
def test_bad_options_are_one_line(cli, tmp_path, args, expected):
    result = cli("booklet", "jedi-temple", *args, "--out", str(tmp_path / "out"), "-q")
    assert result.status == 2 and result.err.count("\n") == 1 and expected in result.err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("value", ["0.01mm", "2mm", "0.02in"])
def test_a_paper_thickness_out_of_range_names_the_whole_range(cli, tmp_path, value):
    """--paper-thickness is checked against both its bounds at once: too thin or too
    thick, the one line names the flag, the value and the range it takes (its lower
    bound said only the lower bound, and its upper one only the upper)."""
    result = cli("booklet", "jedi-temple", "--paper-thickness", value, "--out", str(tmp_path / "out"), "-q")
    assert result.status == 2 and result.err.count("\n") == 1
    assert "--paper-thickness" in result.err and repr(value) in result.err
    assert "0.02mm" in result.err and "0.5mm" in result.err
    assert not (tmp_path / "out").exists()


def test_a_deck_with_rules_as_booklet_boxes_its_folded_booklets(cli, tmp_path):
    """`rules_as: booklet`: the deck build prints its rules as booklets of the card size,
    and the tuck box (built with the deck, or alone) is deeper by the folded booklets:
    two layers of 0.1 mm paper for every sheet folded together."""
    from test_box import dashed_and_solid, deck_file, inner_size
    write_long_text(tmp_path, sections=6, most=3)
    deck = deck_file(tmp_path, 30, "rules: [long.md]\nrules_as: booklet\n")
    built = cli("build", str(deck), "--only", "box,rules", "--out", str(tmp_path / "out"), "-q")
    assert built.status == 0, built.err
    sheets = pypdf.PdfReader(tmp_path / "out" / "long-booklet-box30-a4.pdf")
    reading = pypdf.PdfReader(tmp_path / "out" / "long-booklet-box30-a4-reading.pdf")
    assert round(float(reading.pages[0].mediabox.width) / MM, 1) == 63.5        # pages of the card size
    folded = -(-len(reading.pages) // 4)                # pieces of 4 pages
    _, dashed, _ = dashed_and_solid(tmp_path / "out" / "box30-box-a4.pdf")
    assert inner_size(dashed)[2] == pytest.approx(30 * 0.32 + 1 + 2 * folded * 0.1, abs=0.02)
    alone = cli("box", str(deck), "--out", str(tmp_path / "alone"), "-q")
    assert alone.status == 0 and dashed_and_solid(tmp_path / "alone" / "box30-box-a4.pdf")[1] == dashed
    assert not list((tmp_path / "out").glob("*-rules-*.pdf"))                   # no leaflet besides


def test_a_size_named_by_a_deck_file_names_the_files_by_the_deck(cli, tmp_path):
    """--size path/to/deck.yaml: pages of its card size, files called by the deck's name
    (never by the path typed), and names of sizes in any case."""
    from test_box import deck_file
    deck = deck_file(tmp_path, 12)
    out = tmp_path / "out"
    assert cli("booklet", "jedi-temple", "--size", str(deck), "--out", str(out), "-q").status == 0
    assert cli("booklet", "jedi-temple", "--size", "A6", "--out", str(out), "-q").status == 0
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == [
        "jedi-temple-booklet-a6-a4-reading.pdf", "jedi-temple-booklet-a6-a4.pdf",
        "jedi-temple-booklet-box12-a4-reading.pdf", "jedi-temple-booklet-box12-a4.pdf"]
    reading = pypdf.PdfReader(out / "jedi-temple-booklet-box12-a4-reading.pdf")
    assert round(float(reading.pages[0].mediabox.width) / MM, 1) == 63.5


def test_creep_that_would_reach_into_the_spine_margin_is_refused(cli, tmp_path):
    """Thick paper and many sheets: the innermost pages' text would move more than half
    its inner margin toward the spine. One located line, nothing written; the same text
    on office paper builds."""
    text = write_long_text(tmp_path, sections=13)
    out = tmp_path / "out"
    thick = cli("booklet", str(text), "--size", "poker", "--paper-thickness", "0.5mm", "--out", str(out), "-q")
    assert thick.status == 2 and thick.err.count("\n") == 1
    assert "long.md" in thick.err and "inner margin" in thick.err and not out.exists()
    assert cli("booklet", str(text), "--size", "poker", "--out", str(out), "-q").status == 0


@pytest.mark.parametrize(("cover", "expected"), [
    ("../secret.png", "lies outside the folder"),             # a path that escapes the text's folder
    ("link.png", "is a link that leads out of the folder"),  # a link out of it
    ("pipe.png", "is a fifo"),                                # a FIFO: never opened
    ("big.png", "pixels"),                                    # a decompression bomb's header
])
def test_a_strangers_cover_picture_is_one_located_line_and_nothing_written(tmp_path, cover, expected):
    """A booklet's cover picture (front matter `cover:`), run as a real process: a path
    out of the text's folder, a link leading out, a FIFO or a huge picture is one
    located line, exit 2, and no output folder."""
    import os
    import subprocess
    import sys

    from PIL import Image

    from hostile import one_line
    folder = tmp_path / "rules"
    folder.mkdir()
    Image.new("RGB", (4, 4)).save(tmp_path / "secret.png")
    if cover == "link.png":
        (folder / "link.png").symlink_to(tmp_path / "secret.png")
    elif cover == "pipe.png":
        os.mkfifo(folder / "pipe.png")
    elif cover == "big.png":
        Image.new("1", (20000, 20000)).save(folder / "big.png")     # 400 million pixels, a small file
    (folder / "text.md").write_text(f"---\ncover: {cover}\n---\n# Rules\n\nPlay.\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "printgen", "booklet", str(folder / "text.md"), "--out",
                           str(tmp_path / "out")], capture_output=True, text=True, timeout=60, check=False)
    one_line(done, 2, "text.md:2 cover", expected)
    assert not (tmp_path / "out").exists()


def test_a_booklet_is_set_in_its_texts_language_and_hyphenated_when_it_asks(cli, tmp_path):
    """Front matter `lang: de` and `hyphenate: true` reach the booklet as they reach a
    leaflet: a German compound wider than a poker page's line is broken at its
    syllables, as often as it takes (every glyph inside the page's text block), where
    without hyphenation it is broken between any two letters."""
    word = "Donaudampfschifffahrtsgesellschaftskapitänsmütze"
    body = " ".join(["Der", word, "liegt", "auf", "dem", "Tisch."] * 6)
    text = tmp_path / "regeln.md"
    text.write_text(f"---\ntitle: Regeln\nlang: de\nhyphenate: true\n---\n\n# Spiel\n\n{body}\n\n"
                    f"# {word}\n\nEnde.\n", encoding="utf-8")     # a heading too long for a line
    out = tmp_path / "out"
    result = cli("booklet", str(text), "--size", "poker", "--out", str(out), "-q")
    assert result.status == 0, result.err
    page = pdfium.PdfDocument(out / "regeln-booklet-poker-a4-reading.pdf")[2]
    width = page.get_width()
    chars = page.get_textpage()
    raw = chars.get_text_range()
    rights = [chars.get_charbox(i)[2] for i in range(chars.count_chars()) if raw[i].strip()]
    assert max(rights) < width - 4 * MM                 # inside the outer margin (over 4 mm)
    hyphens = raw.count("\ufffe") + raw.count("-\r\n")      # (pdfium marks a line-end hyphen)
    joined = raw.replace("\ufffe", "").replace("-\r\n", "").replace("\r\n", " ")
    assert hyphens >= 6 and joined.count(word) >= 6
    plain = tmp_path / "plain.md"
    plain.write_text(text.read_text(encoding="utf-8").replace("hyphenate: true\n", ""), encoding="utf-8")
    unhyphenated = cli("booklet", str(plain), "--size", "poker", "--out", str(tmp_path / "o2"), "-q")
    assert unhyphenated.status == 0, unhyphenated.err      # broken between any two letters, as a leaflet does


def test_headings_and_contents_entries_are_not_hyphenated_where_their_words_fit_a_line(cli, tmp_path):
    """With `hyphenate: true` a paragraph's words are hyphenated at line ends, but a
    heading's and a contents entry's are not (display type is not hyphenated): on a
    mini card's page each heading word that fits a line of its own goes to the next line
    whole, as the text read back from the reading copy shows; a heading word wider than
    a whole line is still broken at its syllables (the test above)."""
    text = tmp_path / "rules.md"
    body = "Understanding the difficulty of the unbelievably complicated arrangements. " * 4
    text.write_text("---\ntitle: Rules\nlang: en\nhyphenate: true\ncontents: 3\n---\n\n# Setting up\n\n"
                    f"{body}\n\n### Adjusting the difficulty\n\n{body}\n\n### Counting the tide: an example\n\n"
                    f"{body}\n", encoding="utf-8")
    out = tmp_path / "out"
    result = cli("booklet", str(text), "--size", "mini", "--out", str(out), "-q")
    assert result.status == 0, result.err
    pages = [page.get_textpage().get_text_range() for page in pdfium.PdfDocument(out / "rules-booklet-mini-a4-reading.pdf")]
    every = "".join(pages)
    assert "\ufffe" in every or "-\r\n" in every          # the paragraphs are hyphenated
    read = " ".join(every.replace("\r\n", " ").split())       # (pdfium marks a line-end hyphen \ufffe)
    for heading in ("Adjusting the difficulty", "Counting the tide: an example"):
        found = re.findall("\ufffe?".join(map(re.escape, heading)), read)    # with or without a hyphen in it
        assert len(found) >= 2 and set(found) == {heading}     # in the contents and over its section, whole


def test_a_right_to_left_reading_copy_asks_viewers_for_right_to_left_spreads(cli, tmp_path):
    """A booklet whose text opens in Hebrew: its reading copy's catalog says
    /ViewerPreferences << /Direction /R2L >> (PDF 1.7, 12.2); an English one's and the
    printed sheets' say nothing of direction."""
    texts = {"rtl": "# כללים\n\nכל שחקן מושך שלושה קלפים.\n", "ltr": "# Rules\n\nEach player draws three cards.\n",
             # the front matter's language decides over the first heading's script
             "he": "---\nlang: he\n---\n\n# Catan\n\nכל שחקן מושך שלושה קלפים.\n",
             "en": "---\nlang: en\n---\n\n# שש בש\n\nEach player draws three cards.\n"}
    found = {}
    for name, body in texts.items():
        (tmp_path / f"{name}.md").write_text(body, encoding="utf-8")
        result = cli("booklet", str(tmp_path / f"{name}.md"), "--size", "a6", "--out", str(tmp_path / name), "-q")
        assert result.status == 0, result.err
        for kind in ("", "-reading"):
            root = pypdf.PdfReader(tmp_path / name / f"{name}-booklet-a6-a4{kind}.pdf").trailer["/Root"]
            found[name + kind] = root.get("/ViewerPreferences", {}).get("/Direction")
    assert found == {"rtl-reading": "/R2L", "rtl": None, "ltr-reading": None, "ltr": None,
                     "he-reading": "/R2L", "he": None, "en-reading": None, "en": None}


def test_the_words_printgen_adds_are_in_the_front_matter_s_language_or_noted(cli, tmp_path):
    """`lang: de` front matter: the contents page is headed in German (languages.yaml),
    `lang: ar` in Arabic; `lang: he`, a language that table lacks: in English, with one
    note naming it."""
    headings = {}
    for lang in ("de", "ar", "he", "en"):
        text = tmp_path / f"{lang}.md"
        text.write_text(f"---\ntitle: T\nlang: {lang}\n---\n\n# One\n\nText.\n\n# Two\n\nMore.\n", encoding="utf-8")
        result = cli("booklet", str(text), "--size", "a6", "--out", str(tmp_path / lang))
        assert result.status == 0, result.err
        notes = [line for line in result.err.splitlines() if "note" in line]
        assert len(notes) == (lang == "he") and all(repr(lang) in note for note in notes), result.err
        page = pdfium.PdfDocument(tmp_path / lang / f"{lang}-booklet-a6-a4-reading.pdf")[1]
        headings[lang] = page.get_textpage().get_text_range().split()[0]
    assert headings == {"de": "Inhalt", "ar": "المحتويات", "he": "Contents", "en": "Contents"}


LONG_TITLE = " ".join(["Lanterns"] * 80)


@pytest.mark.parametrize(("front", "body_heading", "where"), [
    ("title: Supercalifragilisticexpialidocious-Extraordinarily-Long-Titleword\n", "Rules", "text.md:2 title"),
    (f"title: {LONG_TITLE}\n", "Rules", "text.md:2 title"),
    (f"title: Lanterns\nsubtitle: {LONG_TITLE}\n", "Rules", "text.md:3 subtitle"),
    (f"title: Lanterns\ncredits:\n  - One line\n  - {LONG_TITLE}\n", "Rules", "text.md:5 credits[1]"),
    ("", "Supercalifragilisticexpialidociouslytitled", "text.md:1 title"),
    # ^ no front matter title: the first heading's (one too tall for the cover even at the body's size
    #   is too tall for a page too, which is said first)
])
def test_a_cover_text_too_long_for_the_cover_is_one_located_line(cli, tmp_path, front, body_heading, where):
    """A title with a word wider than the cover's line at the smallest size a cover sets,
    or a title, subtitle or credit line that takes the cover's texts past its height:
    one line naming the file, the line and key of the text, its value shortened, exit 2,
    nothing written."""
    text = tmp_path / "text.md"
    matter = f"---\n{front}---\n" if front else ""
    text.write_text(f"{matter}# {body_heading}\n\nPlay.\n", encoding="utf-8")
    out = tmp_path / "out"
    result = cli("booklet", str(text), "--size", "poker", "--out", str(out))
    assert result.status == 2 and "Traceback" not in result.err
    line, = result.err.strip().splitlines()
    assert line.startswith("printgen: error: ") and f"/{where}" in line, line
    assert "'Supercalifragilistic" in line or "'Lanterns Lanterns" in line, line    # the value,
    assert len(line) < 400, line                          # whole up to 80 characters, else shortened
    assert ("..." in line) == (len(front) > 100 or len(body_heading) > 80), line
    assert not out.exists()


def test_a_decks_booklet_with_a_cover_title_too_long_names_the_rules_texts_line(cli, tmp_path):
    """The same inside a deck build (`rules_as: booklet`): the rules text's file and line,
    exit 2, nothing written."""
    from exampledeck import copy_example, edit
    deck = copy_example(tmp_path)
    edit(tmp_path / "rules" / "lantern-pairs.md", "title: Lantern Pairs\n", f"title: {LONG_TITLE}\n")
    result = cli("build", str(deck), "--only", "rules", "--out", str(tmp_path / "out"))
    assert result.status == 2 and "Traceback" not in result.err
    line, = result.err.strip().splitlines()
    assert "lantern-pairs.md:2 title: 'Lanterns Lanterns" in line, line
    assert not (tmp_path / "out").exists()


def test_a_decks_booklet_is_set_in_the_decks_language_where_its_text_names_none(cli, tmp_path):
    """An Arabic deck's rules text with no `lang:` that opens with a Latin heading: its
    booklet is an Arabic one (bound on the right, its reading copy read right to left,
    its contents headed in Arabic), as its leaflet would be; `lang: en` in the text's
    front matter makes it an English one."""
    (tmp_path / "plain.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#223344'}\n")
    (tmp_path / "rules").mkdir()
    deck = tmp_path / "fanous.yaml"
    deck.write_text("name: fanous\nlang: ar\ntitle: فوانيس\nsize: mini\nface: plain\nback: plain\n"
                    "rules: [qawaid]\nrules_as: booklet\ncards:\n  - each: {n: [1, 2, 3]}\n", encoding="utf-8")
    found = {}
    for front in ("", "---\nlang: en\n---\n"):
        (tmp_path / "rules" / "qawaid.md").write_text(f"{front}# Catan\n\nيسحب كل لاعب ثلاث بطاقات.\n\n# Two\n\n"
                                                      f"نص.\n", encoding="utf-8")
        out = tmp_path / f"out{len(found)}"
        assert cli("build", str(deck), "--only", "rules", "--out", str(out), "-q").status == 0
        reading = out / "qawaid-booklet-fanous-a4-reading.pdf"
        direction = pypdf.PdfReader(reading).trailer["/Root"].get("/ViewerPreferences", {}).get("/Direction")
        heading = pdfium.PdfDocument(reading)[1].get_textpage().get_text_range().split()[0]
        found[front[:3] or "none"] = (direction, heading)
    assert found == {"none": ("/R2L", "المحتويات"), "---": (None, "Contents")}


def cover_fits(title: str, credits: tuple[str, ...]) -> bool:
    """Whether a poker-size booklet's cover holds the title and credits."""
    try:
        lay_out_cover(page_style(*card_page("poker")[1:]), title, "", credits, None, UNNAMED)
    except FitError:
        return False
    return True


def titled(words: int) -> str:
    return " ".join(["Lanterns"] * words)


def cover_error(cli, folder: Path, title: str, credits: tuple[str, ...]) -> str:
    """The one line `printgen booklet --size poker` says of a text with this cover."""
    text = folder / "text.md"
    lines = "".join(f"  - {credit}\n" for credit in credits)
    text.write_text(f"---\ntitle: {title}\ncredits:\n{lines}---\n# Rules\n\nPlay.\n", encoding="utf-8")
    result = cli("booklet", str(text), "--size", "poker", "--out", str(folder / "out"))
    assert result.status == 2 and "Traceback" not in result.err and not (folder / "out").exists()
    line, = result.err.strip().splitlines()
    return line


def test_a_cover_too_tall_names_the_text_too_tall_alone_else_the_front_matter(cli, tmp_path):
    """A long title and two short credits: the title that fills the cover on its own is
    named, not a credit; one that fits alone, but not with the credits, is named with
    them as the front matter; a credit too tall alone is named, not the short ones
    before it. (The sizes are found by laying the cover out, word by word.)"""
    short = ("By A.", "By B.")
    together = next(n for n in range(1, 200) if not cover_fits(titled(n), short))
    alone = next(n for n in range(1, 200) if not cover_fits(titled(n), ()))
    credit = next(n for n in range(1, 400) if not cover_fits("", (titled(n),)))
    assert together < alone                     # the title fits alone there: the credits take it past
    line = cover_error(cli, tmp_path, titled(together), short)
    assert "/text.md:1 front matter: the cover's title and credits" in line and "together" in line, line
    line = cover_error(cli, tmp_path, titled(alone), short)
    assert "/text.md:2 title: 'Lanterns Lanterns" in line, line
    line = cover_error(cli, tmp_path, titled(together), (*short, titled(credit)))
    assert "/text.md:6 credits[2]: 'Lanterns Lanterns" in line, line


def test_a_cover_s_credits_too_tall_together_are_named_at_their_key(cli, tmp_path):
    """Many short credits, each fitting, that take more than the cover's height on
    their own are named at `credits:`, not at the front matter (a shorter title would
    not help them)."""
    many = next(n for n in range(1, 200) if not cover_fits("", ("By A.",) * n))
    line = cover_error(cli, tmp_path, "Lanterns", ("By A.",) * many)
    assert f"/text.md:3 credits: the cover's {many} credits take" in line, line


def test_credits_given_as_one_text_are_named_as_given(cli, tmp_path):
    """`credits:` as one text (not a list) too tall for the cover is named `credits`,
    not `credits[0]`, which the text never wrote."""
    text = tmp_path / "text.md"
    text.write_text("---\ntitle: T\ncredits: " + " ".join(["Lanterns"] * 400) + "\n---\n# Rules\n\nPlay.\n",
                    encoding="utf-8")
    result = cli("booklet", str(text), "--size", "poker", "--out", str(tmp_path / "out"))
    assert result.status == 2 and "/text.md:3 credits: 'Lanterns" in result.err, result.err


@pytest.mark.parametrize("duplex", ["none", "fold"])
def test_a_booklet_refuses_a_duplex_that_does_not_turn_the_sheet_and_says_why(cli, tmp_path, duplex):
    """A booklet's sheets are printed on both sides and folded: --duplex none or fold is
    one line that says so and names long or short, exit 2, nothing written (argparse
    alone said only 'invalid choice')."""
    text = tmp_path / "text.md"
    text.write_text("# Rules\n\nPlay.\n", encoding="utf-8")
    result = cli("booklet", str(text), "--duplex", duplex, "--out", str(tmp_path / "out"))
    assert result.status == 2 and "Traceback" not in result.err
    line, = result.err.strip().splitlines()
    assert "--duplex" in line and "both sides" in line and "long or short" in line and repr(duplex) in line, line
    assert not (tmp_path / "out").exists()


def test_the_paper_thickness_a_booklet_is_made_for_is_print_yamls(print_yaml, cli, tmp_path):
    """With no --paper-thickness, a booklet's creep is print.yaml's paper_thickness: at
    0.5 mm, the text the test above builds on office paper is refused as on 0.5 mm
    paper given on the command line, and the help says where the default comes from."""
    text = write_long_text(tmp_path, sections=13)
    out = tmp_path / "out"
    print_yaml({"paper_thickness: 0.1mm": "paper_thickness: 0.5mm"})
    thick = cli("booklet", str(text), "--size", "poker", "--out", str(out), "-q")
    assert thick.status == 2 and thick.err.count("\n") == 1
    assert "of 0.5mm paper" in thick.err and "inner margin" in thick.err and not out.exists()
    assert "the house default paper_thickness in printgen/data/print.yaml;" in " ".join(
        cli("booklet", "--help").out.split())


@pytest.mark.parametrize("text", sorted(catalogue(RULES)))
def test_a_built_in_rules_text_set_as_a_booklet_calls_itself_no_leaflet(cli, tmp_path, text):
    """The built-in texts are printed as leaflets and as booklets alike (printgen
    booklet, a deck's rules_as: booklet): what the reader holds is never named wrongly."""
    result = cli("booklet", text, "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    reading = next(tmp_path.glob("*-reading.pdf"))
    said = " ".join(page.extract_text() for page in pypdf.PdfReader(reading).pages)
    assert "leaflet" not in said.lower(), said


@pytest.mark.parametrize("back_cover", ["text", "blank"])
def test_the_back_cover_is_left_blank_where_the_text_asks(tmp_path, back_cover):
    """The last page of a folded booklet is its outside back cover. A text whose pages
    come to a multiple of four ends there (no sheet more of paper), unless its front
    matter says `back_cover: blank`: then it takes blank pages to the next piece's, the
    back cover among them, and the advice to split counts that page."""
    from printgen.layout.primitives import TextRun
    from printgen.products.booklet import BookletBuild, lay_out_booklet, page_size
    from printgen.spec.markdown import load_rules
    from printgen.spec.printdata import paper

    a4 = paper("a4")
    _, width, height = page_size("a5", a4)
    text = tmp_path / "rules.md"
    for count in range(4, 80):
        sections = [f"## Part {n}\n\n" + "Each player takes a card and plays it face up. " * 12 for n in range(count)]
        text.write_text(f"---\nback_cover: {back_cover}\n---\n# Rules\n\n" + "\n\n".join(sections) + "\n",
                        encoding="utf-8")
        booklet = lay_out_booklet(load_rules(text), width, height, BookletBuild(out=tmp_path, paper=a4))
        if booklet.pages % 4 == 0:
            break
    else:
        pytest.fail("no text length came to a multiple of four pages")
    blank = back_cover == "blank"
    assert booklet.padded == booklet.pages + 4 * blank
    front = booklet.sheets[0]          # a5: the outermost piece's front, the back cover beside the front one
    outside_back, cover = sorted(front.placed, key=lambda placed: placed.x)
    assert any(isinstance(p, TextRun) for p in cover.side.prims)
    assert any(isinstance(p, TextRun) for p in outside_back.side.prims) is not blank


def test_a_cover_s_title_is_set_smaller_so_that_its_subtitle_and_credits_fit_with_it(cli, tmp_path):
    """A long title, a subtitle and three credits that fit an A5 cover take more than a
    bridge card's cover with the title as large as its widest word allows: the title is
    set smaller (never under the body's size) so that they fit together, read back
    from the reading copy's cover: every character inside the page, the title's lines
    (the largest type) above the subtitle's, the subtitle's above the credits' (the
    body's size)."""
    title = "Saltmarsh Lanterns: The Complete Rulebook"
    text = tmp_path / "lanterns.md"
    text.write_text(f'---\ntitle: "{title}"\nsubtitle: Rules, scenarios, reference and a glossary for two to '
                    'five lamplighters\ncredits: ["Design: an invented game for testing", "Text and pictures: '
                    'the booklet helper", "Translations: Greek and Arabic passages"]\n---\n# Rules\n\nPlay.\n',
                    encoding="utf-8")
    result = cli("booklet", str(text), "--size", "bridge", "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    page = pdfium.PdfDocument(tmp_path / "out" / "lanterns-booklet-bridge-a4-reading.pdf")[0]
    chars = page.get_textpage()
    raw = chars.get_text_range()
    width, height = page.get_size()
    placed = [(chars.get_charbox(i), round(pdfium_c.FPDFText_GetFontSize(chars.raw, i), 1), raw[i])
              for i in range(chars.count_chars()) if raw[i].strip()]
    assert all(0 <= left and right <= width and 0 <= bottom and top <= height
               for (left, bottom, right, top), _, _ in placed)
    sizes = sorted({size for _, size, _ in placed})
    body, largest = sizes[0], sizes[-1]
    assert len(sizes) == 3 and body >= 8.0
    order = [[box[1] for box, size, _ in placed if size == kind] for kind in (largest, sizes[1], body)]
    assert min(order[0]) > max(order[1]) and min(order[1]) > max(order[2])    # (PDF y runs up the page)
    assert "".join(ch for _, size, ch in placed if size == largest) == title.replace(" ", "")


@pytest.mark.parametrize("command", [("booklet", "--size", "poker"), ("rules",)])
def test_a_heading_taller_than_a_page_is_named_as_a_heading_with_its_words(cli, tmp_path, command):
    """A heading of 60 words is taller than a poker page's (or panel's) text height:
    one line at its file:line saying it is the heading, quoting its words, its height
    and the page's; exit 2 and nothing written (it said "a piece ... tall")."""
    text = tmp_path / "rules.md"
    text.write_text("# " + " ".join(["Lanterns"] * 60) + "\n\nPlay.\n", encoding="utf-8")
    out = tmp_path / "out"
    result = cli(command[0], str(text), *command[1:], "--out", str(out))
    assert result.status == 2 and "Traceback" not in result.err
    line, = result.err.strip().splitlines()
    assert "/rules.md:1: the heading 'Lanterns Lanterns" in line and "(539 characters)" in line, line
    assert re.search(r"is \d+\.\d mm tall at [\d.]+ pt, taller than a (page|panel)'s \d+\.\d mm of text height", line)
    assert not out.exists()


@pytest.mark.parametrize("line", ["Pay one ![oil](oil.png) to fill.", "- Pay one ![oil](oil.png) to fill."])
def test_a_picture_among_a_line_s_words_is_named_by_its_file(cli, tmp_path, line):
    """An icon written inline, in a paragraph or a list item, is refused on one line
    that names the picture as written and what is expected (it said only "an image
    must stand in a paragraph of its own", not which)."""
    text = tmp_path / "icons.md"
    text.write_text(f"# Icons\n\n{line}\n", encoding="utf-8")
    out = tmp_path / "out"
    result = cli("booklet", str(text), "--out", str(out))
    assert result.status == 2 and not out.exists()
    err, = result.err.strip().splitlines()
    assert "/icons.md:3: the picture 'oil.png' " in err and "expected it in a paragraph of its own" in err, err
