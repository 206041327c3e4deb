"""Lines of rich text (Markdown rules texts, `markup: true` card text) read back from
the primitives they are set as: a paragraph keeps one direction on all its lines, and
a right-to-left one is set flush right, its list marker on the right; lines break
where plain text's do (UAX #14) and never with a hyphen between ideographs or kana;
a soft hyphen is a break shown only where the line breaks; a Markdown hard break
breaks the line; a booklet's running head is in bidirectional order and in a face
that has its characters."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import ROOT

from printgen.errors import FitError, InputError
from printgen.fonts import builtin_family, chain, face, house_family, user_face
from printgen.lang.markdown import parse_markdown
from printgen.layout.book import house_style, lay_out_book
from printgen.layout.cardtext import set_rich
from printgen.layout.fold import _text_chunks, chunks
from printgen.layout.leaflet import fold_style
from printgen.layout.primitives import TextRun
from printgen.layout.richtext import Fonts, RichStyle, line_items, words, wrap_words
from printgen.layout.text import TextStyle, Words, set_text
from printgen.model.text import Block, Span
from printgen.shaping import arrange, font
from printgen.spec.fold import fold_facts
from printgen.spec.markdown import load_rules
from printgen.units import pt

CJK = chain([user_face(ROOT / "tests" / "fixtures" / "scripts" / "fonts" / "CJK.ttc", 0), "sans"])
ARABIC = "ريح شمس قمر"
SHY = "\u00ad"


def blocks(text: str) -> list[Block]:
    return parse_markdown(text, "test.md", lambda name, where: None)  # type: ignore[arg-type, return-value]


def text_runs(prims) -> list[TextRun]:
    return [p for p in prims if isinstance(p, TextRun)]


def right_edge(run: TextRun) -> float:
    return run.x + font(run.font).width(run.text, run.size)


def test_a_later_line_opening_with_latin_keeps_its_paragraph_s_direction():
    """The second line of an Arabic paragraph starts (logically) with "(A5)": set right
    to left, "(A5)" stands at the line's right end, right of the Arabic after it."""
    style = RichStyle(10.0, lang="")
    split = words([Span(f"{ARABIC} (A5) {ARABIC}")], style.fonts, "test")
    width = font("sans").width(ARABIC, 10.0) + 1.0
    lines = wrap_words(split, width, style, "test")
    assert lines[1].pieces[0][0].startswith("(A5)")
    items = line_items(lines[1], 0.0, style)
    latin = next(item for item in items if "A5" in item.text)
    arabic = [item for item in items if any("\u0600" <= ch <= "\u06ff" for ch in item.text)]
    assert arabic and all(item.x + item.width <= latin.x + 1e-6 for item in arabic)


@pytest.mark.parametrize("text", ["12 (3) 45", "-3", "1 / 3", "+12"])
def test_a_paragraph_without_a_strong_letter_is_left_to_right_in_any_language(text):
    """Digits and signs keep their order in an Arabic or Hebrew text: '-3' is never set
    '3-', nor '1 / 3' as '3 / 1' (a language's direction once turned them round)."""
    digits = words([Span(text)], Fonts(), "test")
    for lang in ("ar", "he", "en"):
        line = wrap_words(digits, 200.0, RichStyle(10.0, lang=lang), "test")[0]
        assert line.base == 0
        items = arrange(list(line.pieces), 10.0, 0.0, line.base, lang)
        shown = "".join(item.text for item in sorted(items, key=lambda item: item.x))
        assert shown.replace(" ", "") == text.replace(" ", "")


@pytest.fixture
def panel():
    return replace(fold_style(fold_facts(), "poker"), lang="ar")


def test_a_right_to_left_item_is_flush_right_its_marker_on_the_right(panel):
    item = blocks(f"1. {ARABIC} {ARABIC} {ARABIC} {ARABIC} (A5) {ARABIC}\n")[0]
    made = _text_chunks(item, panel)
    width = panel.inner[0]
    assert len(made) > 1
    for n, chunk in enumerate(made):
        runs = text_runs(chunk.prims)
        text = [r for r in runs if r.text.strip() not in ("1.", "1", ".")]
        assert max(right_edge(r) for r in text) == pytest.approx(width - panel.indent)   # flush right, indented
        if n == 0:
            marker = [r for r in runs if r not in text]
            assert marker and min(r.x for r in marker) > max(right_edge(r) for r in text)
    english = _text_chunks(blocks("1. one two\n")[0], panel)
    assert min(r.x for r in text_runs(english[0].prims) if r.text == "one two") == pytest.approx(panel.indent)


def test_a_right_to_left_heading_and_table_are_set_from_the_right(panel):
    heading, table = blocks(f"# {ARABIC}\n\n| شمس | قمر |\n|---|---|\n| 1 | 2 |\n")
    runs = text_runs(chunks(heading, panel)[0].prims)
    assert max(right_edge(r) for r in runs) == pytest.approx(panel.inner[0])
    header = {r.text: r.x for r in text_runs(chunks(table, panel)[0].prims)}
    assert header["شمس"] > header["قمر"]             # the first column on the right


def test_numbers_in_a_table_line_up_with_their_header(panel):
    """A cell of digits and signs ("1", "+2", "-3": no letter to give it a direction)
    is set flush to the side its table reads from, as the column's header is: flush
    right in an Arabic table (it was flush left, at the table's far edge), flush left
    in an English one; and in the order it is written, "-3" not "3-"."""
    values = ("1", "+2", "-3")
    for name, head, names, rtl in (("الاسم", "القيمة", ("شمس", "قمر", "ريح"), True),
                                   ("Name", "Value", ("Sun", "Moon", "Wind"), False)):
        table, = blocks(f"| {name} | {head} |\n|---|---|\n"
                        + "".join(f"| {word} | {value} |\n" for word, value in zip(names, values)))
        rows = [sorted(text_runs(chunk.prims), key=lambda run: run.x) for chunk in chunks(table, panel)]
        header = next(run for run in rows[0] if run.text == head)
        for row, value in zip(rows[1:], values, strict=True):
            cell = [run for run in row if not any(ch.isalpha() for ch in run.text)]
            assert "".join(run.text for run in cell) == value
            if rtl:
                assert max(map(right_edge, cell)) == pytest.approx(right_edge(header), abs=1e-6), (row, header)
            else:
                assert min(run.x for run in cell) == pytest.approx(header.x, abs=1e-6), (row, header)


def test_italic_a_table_header_s_italic_lacks_is_set_in_the_row_s_bold(panel):
    """A table's header row is bold, its italic bold italic; Arabic, which DejaVu's
    obliques lack, is set in the row's bold face, not in the body's regular one."""
    (table,) = blocks("| *شمس x* | y |\n|---|---|\n| 1 | 2 |\n")
    faces = {r.text.strip(): r.font for r in text_runs(chunks(table, panel)[0].prims)}
    assert faces["شمس"] == faces["y"] == "sans-bold"
    assert faces["x"] == "sans-bold-italic"


JAPANESE = "こんにちは世界、日本語のテキスト1.5のテキスト。テキストは世界250。"


@pytest.mark.parametrize("ems", [5.0, 7.0, 9.5, 13.0])
def test_japanese_marked_up_breaks_where_plain_text_does(ems):
    width = ems * 10.0
    plain = Words(JAPANESE, font(CJK), "ja").wrap(10.0, width, True)
    rich = wrap_words(words([Span(JAPANESE)], Fonts(CJK, CJK, CJK, CJK), "test"), width,
                      RichStyle(10.0, fonts=Fonts(CJK, CJK, CJK, CJK), lang="ja"), "test")
    assert ["".join(text for text, _ in line.pieces) for line in rich] == plain
    assert all(not line.endswith("-") for line in plain)
    assert any("1.5" in line for line in plain)


def test_full_width_letters_too_long_for_a_line_break_without_a_hyphen():
    """No line may break before an ideographic full stop: a run of them is a word wider
    than the line, cut between letters, and with no hyphen."""
    fonts = Fonts(CJK, CJK, CJK, CJK)
    word = "テ" + "。" * 12
    width = font(CJK).width("テ。。。", 10.0) + 0.5
    lines = wrap_words(words([Span(word)], fonts, "test"), width, RichStyle(10.0, fonts=fonts), "test")
    assert len(lines) > 1
    assert "".join(text for line in lines for text, _ in line.pieces) == word


DONAU = SHY.join(["Donau", "dampf", "schiff", "fahrt"])


def test_a_soft_hyphen_breaks_plain_text_and_shows_only_there():
    style = TextStyle(size=10.0)
    narrow = set_text(DONAU, 0.0, 0.0, pt(30.0), 100.0, style, "test")
    assert [r.text for r in narrow] == ["Donaudampf-", "schifffahrt"]
    assert all(r.x + font("sans").width(r.text, 10.0) <= pt(30.0) + 1e-6 for r in narrow)
    wide = set_text(DONAU, 0.0, 0.0, 400.0, 100.0, style, "test")
    assert [r.text for r in wide] == ["Donaudampfschifffahrt"]


def test_a_soft_hyphen_breaks_rich_text_and_shows_only_there():
    style = TextStyle(size=10.0)
    width = 30 * 72 / 25.4
    narrow = text_runs(set_rich(f"**{DONAU}**", width, 100.0, style, "test", lambda *a: []))
    assert [r.text for r in narrow] == ["Donaudampf-", "schifffahrt"]
    assert all(right_edge(r) <= width + 1e-6 for r in narrow)
    wide = text_runs(set_rich(f"**{DONAU}**", 400.0, 100.0, style, "test", lambda *a: []))
    assert [r.text for r in wide] == ["Donaudampfschifffahrt"]


def test_a_markdown_hard_break_breaks_the_line(panel):
    paragraph, = blocks("Line one\\\nLine two  \nLine three\nand on\n")
    made = _text_chunks(paragraph, replace(panel, lang=""))
    assert [" ".join(r.text for r in text_runs(c.prims)) for c in made] == ["Line one", "Line two",
                                                                          "Line three and on"]


def test_front_matter_without_its_closing_line_is_an_error(tmp_path: Path):
    rules = tmp_path / "open.md"
    rules.write_text("---\ntitle: Open\n\n# Heading\n\nText.\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"open\.md:1: "):
        load_rules(rules)


def book_head(heading: str) -> list[TextRun]:
    """The runs of the running head on the first right-hand text page of a book
    whose one heading is `heading`."""
    style = house_style(pt(105.0), pt(148.0), fold_facts().booklet, "#000000", "#000000")
    book = lay_out_book(blocks(f"# {heading}\n\nwords\n"), style, title="Title")
    for number, side in enumerate(book.pages, start=1):
        heads = [p for p in text_runs(side.prims) if p.y < style.top]
        if heads and number % 2:
            return heads
    raise AssertionError("no running head")


def test_a_running_head_is_in_bidirectional_order():
    runs = book_head("כללים (Rules)")
    hebrew = next(r for r in runs if "כללים" in r.text)
    latin = next(r for r in runs if "Rules" in r.text)
    assert hebrew.rtl and not latin.rtl
    assert right_edge(latin) <= hebrew.x + 1e-6           # a right-to-left heading: what follows is left


def test_a_running_head_sets_a_script_its_italic_lacks_upright():
    runs = book_head(ARABIC)
    assert runs and all(all(face(f).has(ch) for ch in r.text if ch != " ") for r in runs for f in [r.font])
    assert any(r.font == "sans" and r.rtl for r in runs)


def test_a_running_head_no_face_can_draw_is_an_error():
    with pytest.raises(FitError, match="running head"):
        book_head("Heading \U0001D5D4")


def test_italic_in_a_script_the_italic_face_lacks_is_set_upright():
    """In a family as callers make it (builtin_family()), italic Arabic, which DejaVu's
    oblique lacks, is set in the upright face; italic Hebrew, which it has, stays italic."""
    fonts = builtin_family("sans")
    style = RichStyle(10.0, fonts=fonts)
    for text, drawn in ((ARABIC.split()[0], "sans"), ("שלום", "sans-italic")):
        line = wrap_words(words([Span(text, italic=True)], fonts, "test"), 100.0, style, "test")[0]
        assert [item.face for item in line_items(line, 0.0, style)] == [drawn]


def test_italic_a_bold_family_lacks_is_set_in_its_bold_regular_face():
    """A family whose regular face is bold (a table's header row) sets what its italic
    and the upright face lack in that bold face: U+1D5D4, a letter only DejaVu's bold
    has, is drawn, not refused."""
    fonts = house_family(Fonts(regular="sans-bold"))
    style = RichStyle(10.0, fonts=fonts)
    line = wrap_words(words([Span("x\U0001D5D4", italic=True)], fonts, "test"), 100.0, style, "test")[0]
    assert [(item.text, item.face) for item in line_items(line, 0.0, style)] == \
        [("x", "sans-italic"), ("\U0001D5D4", "sans-bold")]


def test_a_right_to_left_book_is_bound_on_the_right():
    """Its odd pages have the spine, and so the inner margin, on their right, and the
    folio at the outer corner, on their left; a right-to-left heading is set flush
    against the inner margin."""
    style = house_style(pt(105.0), pt(148.0), fold_facts().booklet, "#000000", "#000000")
    for text, rtl in (("# כללים\n\nכל שחקן מושך 3 קלפים.\n", True), ("# Rules\n\nEach player draws.\n", False)):
        book = lay_out_book(blocks(text), style, title="Title")
        assert book.rtl is rtl
        number, side = next((n, s) for n, s in enumerate(book.pages, start=1)
                            if n % 2 and any(r.y > style.height - style.bottom for r in text_runs(s.prims)))
        runs = text_runs(side.prims)
        folio = next(r for r in runs if r.y > style.height - style.bottom)
        heading = next(r for r in runs if r.text in ("כללים", "Rules"))
        if rtl:
            assert folio.x == pytest.approx(style.outer)
            assert right_edge(heading) == pytest.approx(style.width - style.inner)
        else:
            assert right_edge(folio) == pytest.approx(style.width - style.outer)
            assert heading.x == pytest.approx(style.inner)


def test_a_right_to_left_book_s_contents_are_mirrored():
    """Entries flush right, their page numbers at the left, the leaders between."""
    style = house_style(pt(105.0), pt(148.0), fold_facts().booklet, "#000000", "#000000")
    for text, rtl in (("# כללים\n\nשלום.\n\n## Another\n\nText.\n", True), ("# Rules\n\nText.\n", False)):
        book = lay_out_book(blocks(text), style, title="Title")
        runs = text_runs(book.pages[1].prims)
        left = replace(style, rtl=rtl).left(2)     # page 2 is bound on its right (on its left, rtl)
        right = left + style.text_width
        number = next(r for r in runs if r.text == "3")
        entry = next(r for r in runs if r.text in ("כללים", "Rules"))
        dots = next(r for r in runs if r.text.startswith(" ."))
        if rtl:
            assert number.x == pytest.approx(left) and right_edge(entry) == pytest.approx(right)
            assert right_edge(number) < dots.x + font("sans").width(" .", dots.size) and right_edge(dots) < entry.x
            second = next(r for r in runs if r.text == "Another")
            assert right_edge(second) == pytest.approx(right - style.indent)
        else:
            assert right_edge(number) == pytest.approx(right) and entry.x == pytest.approx(left)
            assert right_edge(entry) < dots.x and right_edge(dots) < number.x + 1e-6


@pytest.mark.parametrize("width_mm", [18, 25, 40])
def test_a_hyphenated_word_is_broken_as_often_as_its_line_needs(width_mm):
    """With hyphenation, a compound wider than two lines is broken at syllables again
    and again: no line is wider than the measure (the tail after the first break used
    to be set whole, past the margin), and the pieces read back as the words."""
    from printgen.layout.richtext import Fonts, RichStyle, wrap
    from printgen.model.text import Span
    from printgen.units import pt
    word = "Donaudampfschifffahrtsgesellschaftskapitänsmütze"
    style = RichStyle(9.0, fonts=Fonts(), lang="de", hyphenate=True)
    width = pt(width_mm)                                # millimetres in points
    for text in (word, f"Der {word} liegt", f"{word} {word}"):
        lines = wrap([Span(text)], width, style, "test")
        assert all(line.width <= width + 1e-6 for line in lines)
        assert len(lines) >= 2
        shown = ["".join(piece for piece, _ in line.pieces) for line in lines]
        assert " ".join(shown).replace("- ", "") == text


@pytest.mark.parametrize("lead", ["", "Die Herstellungsfirma verteilt ", "Ein "])
@pytest.mark.parametrize("width_mm", [30, 40, 50])
def test_a_hyphenated_compound_breaks_only_at_its_syllables(lead, width_mm):
    """With hyphenation on, a compound wider than a line is broken only where the
    language's dictionary allows, never between any two letters, wherever on a line it
    starts (when no syllable fits the line it starts on, it starts the next)."""
    from printgen.layout.richtext import Fonts, RichStyle, wrap
    from printgen.layout.hyphens import hyphenations
    from printgen.units import pt
    word = "Kraftfahrzeughaftpflichtversicherungsbeiträge"
    allowed = {len(head) for head, _ in hyphenations(word, "de")}
    style = RichStyle(8.0, fonts=Fonts(), lang="de", hyphenate=True)
    lines = wrap([Span(f"{lead}{word} an alle.")], pt(width_mm), style, "test")
    shown = ["".join(piece for piece, _ in line.pieces) for line in lines]
    assert all(line.width <= pt(width_mm) + 1e-6 for line in lines)
    joined, ends = "", []
    for text in shown:                   # the text read back, and where each line ended in it
        joined += text[:-1] if text.endswith("-") else text + " "
        ends.append(len(joined))
    start = joined.index(word)
    cuts = [end - start for end in ends if start < end < start + len(word)]
    assert cuts and set(cuts) <= allowed, (shown, cuts)
