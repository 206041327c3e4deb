"""Footnotes in rules texts: read from Markdown (numbered by first reference, errors
at their lines), set at the foot of their page in a booklet (read back from the
primitives: each note on its reference's page, below the text and above the folio,
every word there) and as endnotes after a leaflet's text."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from test_book import book_style
from printgen.errors import FitError, InputError
from printgen.shaping import font
from printgen.lang.markdown import parse_markdown
from printgen.layout.book import Book, BookStyle, lay_out_book
from printgen.layout.flow import flow
from printgen.layout.leaflet import fold_style
from printgen.layout.page import Side
from printgen.layout.primitives import Polygon, TextRun
from printgen.model.text import Block, BlockKind, Note
from printgen.spec.fold import fold_facts
from printgen.spec.markdown import load_rules
from test_book import first_text_page, in_margins, lines_of, runs

SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
WORDS = ("the player who holds the highest card of the trump suit leads the first trick and every "
         "other player follows suit where they can").split()


def notes_of(blocks: list[Block]) -> list[Note]:
    """The notes referenced in the blocks' text and table cells, one per reference."""
    spans = [s for b in blocks for spans in (b.spans, *(c for row in b.rows for c in row)) for s in spans]
    return [s.note for s in spans if s.note is not None]


def parse(text: str) -> list[Block]:
    return parse_markdown(text, "rules.md", lambda name, where: pytest.fail(f"no pictures: {name}"))


def test_notes_are_numbered_by_first_reference_whatever_their_labels():
    blocks = parse("# Setup[^z]\n\nDeal[^b] the cards,\nthen[^z] play^[an *inline* note].\n\n"
                   "| a | b |\n|---|---|\n| cell[^a] | x |\n\n"
                   "[^a]: Note a.\n[^b]: Note b,\n    on two lines.\n\n[^z]: Note z.\n")
    notes = notes_of(blocks)
    assert [n.number for n in notes] == [1, 2, 1, 3, 4]
    assert [" ".join("".join(s.text for s in n.spans).split()) for n in notes] == [
        "Note z.", "Note b, on two lines.", "Note z.", "an inline note", "Note a."]
    assert [n.where for n in notes] == ["rules.md:14", "rules.md:11", "rules.md:14", "rules.md:4", "rules.md:10"]
    refs = [s.text for b in blocks for s in b.spans if s.note is not None]
    assert refs == ["¹", "²", "¹", "³"]          # the number, raised and smaller, in the text


@pytest.mark.parametrize("text,where", [
    ("One line.\n\nA paragraph\nwith a reference[^gone] on its second line.\n", "rules.md:4"),
    ("Text[^a].\n\n[^a]: Used.\n\n[^b]: Never used.\n", "rules.md:5"),
    ("Text[^a].\n\n[^a]: A note with its own note[^b].\n[^b]: The inner note.\n", "rules.md:3"),
    ("Text[^a].\n\n[^a]:\n    - a list in a note\n", "rules.md:3"),
])
def test_a_broken_note_is_an_error_at_its_line(text, where):
    with pytest.raises(InputError) as caught:
        parse(text)
    assert str(caught.value).startswith(where + ":")


def write_text(folder: Path, paragraphs: int = 40) -> Path:
    """A text with a note in most paragraphs, at a word that moves along the
    paragraph, and notes of one to four lines: references fall at every height of
    the page, near its foot too."""
    parts, notes = ["# Trick taking[^head]"], ["[^head]: A note on a heading."]
    for k in range(paragraphs):
        words = [f"{word}{k}" if i == 0 else word for i, word in enumerate(WORDS * (1 + k % 4))]
        if k % 5 != 4:
            at = (k * 7) % len(words)
            words[at] += f"[^n{k}]"
            notes.append(f"[^n{k}]: " + " ".join(f"note{k}" if i == 0 else w
                                                for i, w in enumerate(WORDS[:4 + 9 * (k % 4)])))
        parts.append(" ".join(words))
        if k % 13 == 6:
            parts.append(f"## Scoring {k}\n\n| hand | points |\n|---|---|\n| a march[^t{k}] | two |\n"
                         f"| euchred | two to the other side |")
            notes.append(f"[^t{k}]: A march is all five tricks.")
    path = folder / "tricks.md"
    path.write_text("\n\n".join(parts + notes) + "\n", encoding="utf-8")
    return path


def foot_runs(side: Side, style: BookStyle) -> list[TextRun]:
    """A page's footnote runs: in the text block, smaller than the body."""
    return [r for r in runs(side) if not in_margins(r, style) and r.size < style.body - 1e-6]


def numbers(text: str) -> list[int]:
    """The note numbers raised in a text."""
    return [int(found.translate(str.maketrans(SUPERSCRIPTS, "0123456789")))
            for found in re.findall(f"[{SUPERSCRIPTS}]+", text)]


def plain_words(spans) -> list[str]:
    return "".join(s.text for s in spans).split()


def test_a_booklet_sets_each_note_at_the_foot_of_its_references_page(tmp_path):
    style = book_style("a5")
    blocks = list(load_rules(write_text(tmp_path)).blocks)
    book: Book = lay_out_book(blocks, style, title="Tricks")
    metrics = font("sans")
    seen: Counter[str] = Counter()
    noted_pages = 0
    for index in range(first_text_page(book), len(book.pages)):
        side = book.pages[index]
        foot = foot_runs(side, style)
        body = [r for r in runs(side) if not in_margins(r, style) and r not in foot]
        refs = [n for r in body for n in numbers(r.text)]
        for _, text in lines_of(side, style):
            seen.update(text.split())
        if not refs:
            assert not foot and not [p for p in side.prims if isinstance(p, Polygon) and p.points[0][1] >
                                     max(r.y for r in body)], f"page {index + 1}: a foot without references"
            continue
        noted_pages += 1
        # the notes, in order, are those referred to on this page
        markers = [int(r.text) for r in foot if r.x == pytest.approx(style.left(index + 1))]
        assert markers == sorted(dict.fromkeys(refs)), f"page {index + 1}"
        # below the text's last line, above the folio, and the short rule between
        lowest_body = max(r.y + r.size * -metrics.descent / metrics.units_per_em for r in body)
        highest_foot = min(r.y - r.size * metrics.ascent / metrics.units_per_em for r in foot)
        lowest_foot = max(r.y + r.size * -metrics.descent / metrics.units_per_em for r in foot)
        assert lowest_body < highest_foot - 1.0, f"page {index + 1}: the notes overlap the text"
        assert lowest_foot <= style.height - style.bottom + 1e-6
        folio = max(runs(side), key=lambda r: r.y)
        assert lowest_foot < folio.y - folio.size * metrics.ascent / metrics.units_per_em
        rules = [p for p in side.prims if isinstance(p, Polygon) and lowest_body < p.points[0][1] < highest_foot]
        assert rules, f"page {index + 1}: no rule above the notes"
        assert all(r.size >= 8.0 for r in foot)
    assert noted_pages >= 5
    # every word of the text and of each note (once per page it is on), and nothing else
    expected: Counter[str] = Counter()
    for block in blocks:
        expected.update(([block.marker] if block.marker else []) + plain_words(block.spans))
        expected.update(w for row in block.rows for cell in row for w in plain_words(cell))
    for note in notes_of(blocks):
        expected.update([str(note.number)] + plain_words(note.spans))
    assert seen == expected


def test_a_note_too_tall_for_a_page_is_an_error_naming_it(tmp_path):
    path = tmp_path / "long-note.md"
    path.write_text("# Rules\n\nA short text[^long].\n\n[^long]: " + " ".join(WORDS * 40) + "\n", encoding="utf-8")
    with pytest.raises(FitError) as caught:
        lay_out_book(list(load_rules(path).blocks), book_style("poker"), title="Rules")
    assert str(caught.value).startswith(f"{load_rules(path).where}:5:")


def test_a_leaflet_gathers_the_notes_after_its_text():
    blocks = parse("# Rules\n\nShuffle[^s] and deal[^d].\n\nPlay on[^s].\n\n"
                   "[^d]: Seven cards each.\n[^s]: Riffle seven times.\n")
    style = fold_style(fold_facts(), "poker")
    read = " ".join(r.text for prims, _ in flow(blocks, style) for r in prims if isinstance(r, TextRun))
    assert " ".join(read.split()) == ("Rules Shuffle¹ and deal². Play on¹. Notes "
                                      "1. Riffle seven times. 2. Seven cards each.")
    assert not [b for b in blocks if b.kind is BlockKind.HEADING and "Notes" in plain_words(b.spans)]


@pytest.mark.parametrize("lang,heading", [("de", "Anmerkungen"), ("fr", "Notes"), ("", "Notes"),
                                          ("ja", "Notes")])
def test_a_leaflet_s_notes_heading_is_in_the_text_s_language(cli, tmp_path, lang, heading):
    """A leaflet's notes heading is printgen's word in the text's lang:
    (data/languages.yaml), read back from the PDF; English where no font of the text
    has its letters (ja, with no CJK font: printgen's own word never stops a build).
    (A booklet sets its notes at the foot of their pages, under no heading.)"""
    import pypdf
    front = f"---\nlang: {lang}\n---\n\n" if lang else ""
    path = tmp_path / "noted.md"
    path.write_text(front + "# Regeln\n\nMischen[^s].\n\n[^s]: Sieben Mal.\n", encoding="utf-8")
    result = cli("rules", str(path), "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    words = " ".join(page.extract_text() or "" for page in pypdf.PdfReader(pdf).pages).split()
    assert heading in words
    assert not {"Notes", "Anmerkungen"} - {heading} & set(words)


@pytest.mark.parametrize("lang,heading", [("de", "Anmerkungen"), ("en", "Notes"), ("ja", "Notes")])
def test_a_card_face_s_notes_heading_is_in_the_deck_s_language(cli, tmp_path, lang, heading):
    """A card's Markdown text (a `markdown` element) sets its footnotes after it under
    printgen's word for "Notes" in the deck's language, read back from the card sheet;
    in English where the deck's fonts lack its letters (ja, with no CJK font)."""
    import pypdf
    (tmp_path / "face.yaml").write_text(
        'elements:\n  - {kind: markdown, text: "{{ card.rule }}", x: 5mm, y: 5mm, w: 53mm, h: 70mm, size: 8pt}\n',
        encoding="utf-8")
    (tmp_path / "back.yaml").write_text("elements:\n  - {kind: rect, box: trim, fill: '#203040'}\n",
                                        encoding="utf-8")
    (tmp_path / "noted.yaml").write_text(
        f"name: noted\nlang: {lang}\nsize: poker\nface: face.yaml\nback: back.yaml\n"
        'cards:\n  - fields: {rule: "Lege eine Karte ab.[^1]\\n\\n[^1]: Nur am Zug."}\n', encoding="utf-8")
    result = cli("build", str(tmp_path / "noted.yaml"), "--only", "pdf", "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    (pdf,) = (tmp_path / "out").rglob("*.pdf")
    words = " ".join(page.extract_text() or "" for page in pypdf.PdfReader(pdf).pages).split()
    assert heading in words and "Zug." in words
    assert not {"Notes", "Anmerkungen"} - {heading} & set(words)


def test_a_rules_text_in_a_language_without_words_is_noted_once(cli, tmp_path):
    """`printgen rules` says, once, at the text's lang: line, that printgen has no words
    in its language (as a booklet and a deck's leaflet do)."""
    path = tmp_path / "regler.md"
    path.write_text("---\nlang: sv\n---\n\n# Regler\n\nBlanda[^s].\n\n[^s]: Sju gånger.\n", encoding="utf-8")
    result = cli("rules", str(path), "--out", str(tmp_path / "out"))
    assert result.status == 0, result.err
    notes = [line for line in result.err.splitlines() if "'sv'" in line]
    assert len(notes) == 1 and "regler.md:2" in notes[0]


@pytest.mark.parametrize("lang", ["en", "he"])
def test_the_rule_over_a_booklets_notes_is_at_the_side_its_lines_start_from(cli, tmp_path, lang):
    from readback import page_chars, page_of, page_paths
    words = {"en": ("Words with a note.", "The note."), "he": ("מילים עם הערה.", "ההערה עצמה.")}[lang]
    source = tmp_path / "noted.md"
    source.write_text(f"---\nlang: {lang}\n---\n# {words[0]}\n\n{words[0]}[^1]\n\n[^1]: {words[1]}\n",
                      encoding="utf-8")
    out = tmp_path / "out"
    assert cli("booklet", str(source), "--out", str(out), "-q").status == 0
    pdf = out / "noted-booklet-a5-a4-reading.pdf"
    number = page_of(pdf, words[1])
    chars = page_chars(pdf, number)
    text = "".join(ch for ch, _ in chars)
    at = text.index(words[0])
    line = [box for ch, box in chars[at:at + len(words[0])] if ch.strip()]
    rules = [box for box in page_paths(pdf, number) if box[3] - box[1] < 1.5 and box[2] - box[0] > 10]
    assert len(rules) == 1
    left, _, right, _ = rules[0]
    if lang == "he":        # flush with the right of the text block, as the text's lines
        assert abs(right - max(box[2] for box in line)) < 2.5 and right - left < 100
    else:
        assert abs(left - min(box[0] for box in line)) < 2.5 and right - left < 100
