"""A right-to-left paragraph is resolved as a paragraph: the Unicode bidirectional
algorithm (UAX #9) finds every character's embedding level over the whole paragraph
(rules P2-P3, W1-W7, N0-N2, I1-I2), and only then is the paragraph broken into lines,
each reordered from its own slice of those levels (rules L1 and L2). A web address
wrapped in a Hebrew paragraph keeps its slashes where they belong, and a bracket pair
split across two lines stays a pair.

The reference is python-bidi's own levels for the whole paragraph (its Rust core's,
which get_display(debug=True) prints) and rules L1 and L2 as UAX #9 words them,
written out here apart from printgen's code."""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import replace

import pypdfium2 as pdfium
import pytest
from bidi import get_display

from printgen.layout.richtext import RichStyle, Span, line_items, wrap
from printgen.layout.text import TextStyle, Words, clean, set_text
from printgen.shaping import font

HEBREW = "אבגדהוזחטיכלמנסעפצקרשת"
ARABIC = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي"
ADDRESS = "https://kesselrun-cardclub.example.org/members/house-rules/2026"


def python_bidi(text: str, base_dir: str | None = None) -> tuple[int, list[int]]:
    """python-bidi's paragraph level (rules P2 and P3, else base_dir's: "R" right to
    left) and embedding level of each character of text taken as one paragraph. Its
    Rust core prints them per byte of UTF-8; a character's is its first byte's."""
    shown = get_display(text, base_dir=base_dir, debug=True)
    paragraph = re.search(r"paragraphs: \[\s*ParagraphInfo \{.*?level: Level\(\s*(\d+),", shown, re.S)
    listed = shown[shown.index("levels: ["):shown.index("paragraphs: [")]
    per_byte = [int(level) for level in re.findall(r"Level\(\s*(\d+),\s*\)", listed)]
    assert paragraph is not None and len(per_byte) == len(text.encode("utf-8"))
    found, at = [], 0
    for ch in text:
        found.append(per_byte[at])
        at += len(ch.encode("utf-8"))
    return int(paragraph.group(1)), found


def reordered(line: str, found: list[int], base: int) -> str:
    """A line in visual order from its levels, by UAX #9 section 3.4.
    L1: "On each line, reset the embedding level of the following characters to the
    paragraph embedding level: segment separators, paragraph separators, any sequence
    of whitespace characters and/or isolate formatting characters preceding a segment
    separator or paragraph separator, and any sequence of whitespace characters and/or
    isolate formatting characters at the end of the line" (with, by section 5.2, the
    characters rule X9 removes, which python-bidi keeps and levels).
    L2: "From the highest level found in the text to the lowest odd level on each line,
    including intermediate levels not actually present in the text, reverse any
    contiguous sequence of characters that are at that level or higher."
    (No mirroring, L4: get_display does not mirror either.)"""
    kinds = [unicodedata.bidirectional(ch) for ch in line]
    resettable = {"WS", "FSI", "LRI", "RLI", "PDI", "BN", "LRE", "RLE", "LRO", "RLO", "PDF"}
    levels = list(found)
    for i, kind in enumerate(kinds):
        if kind in ("S", "B"):
            levels[i] = base
            j = i - 1
            while j >= 0 and kinds[j] in resettable:
                levels[j] = base
                j -= 1
    j = len(line) - 1
    while j >= 0 and kinds[j] in resettable:
        levels[j] = base
        j -= 1
    chars = list(line)
    if not chars:
        return ""
    odd = [level for level in levels if level % 2]
    if not odd:
        return line
    for level in range(max(levels), min(odd) - 1, -1):
        runs = re.finditer("1+", "".join("1" if lv >= level else "0" for lv in levels))
        for run in runs:
            a, b = run.span()
            chars[a:b] = chars[a:b][::-1]
            levels[a:b] = levels[a:b][::-1]
    return "".join(chars)


def offsets(paragraph: str, lines: list[str]) -> list[int]:
    """Where each line starts in its paragraph: lines follow one another, a space
    between two where the paragraph broke at one."""
    found, at = [], 0
    for text in lines:
        assert paragraph.startswith(text, at), (paragraph, lines)
        found.append(at)
        at += len(text)
        at += paragraph.startswith(" ", at)
    assert at == len(paragraph)
    return found


def line_text(line) -> str:
    """A set line's text, in the order it is written."""
    return "".join(text for text, _ in line.pieces)


def drawn(items: list) -> str:
    """What a line's items show, left to right: a right-to-left item's text reversed."""
    return "".join(item.text[::-1] if item.rtl else item.text for item in sorted(items, key=lambda item: item.x))


def mixed_words(rng: random.Random, count: int) -> list[str]:
    """Words of Hebrew, Arabic or Latin letters, European or Arabic digits, with the
    punctuation, brackets and signs text holds, some of them addresses."""
    pools = [HEBREW, ARABIC, "abcdefgh", "0123456789", "\u0660\u0661\u0662\u0663", "().,:;-/%+[]\"!?"]
    found = []
    for _ in range(count):
        if rng.random() < 0.06:
            found.append(rng.choice([ADDRESS, "www.example.org/a-b/7", "(https://x.org/p/q)."]))
            continue
        found.append("".join(rng.choice(rng.choice(pools)) for _ in range(rng.randint(1, 7))))
    return found


def widest(words: list[str], size: float) -> float:
    return max(font("sans").width(word, size) for word in words if "/" not in word)


@pytest.mark.parametrize("seed", range(6))
def test_the_lines_of_a_wrapped_paragraph_are_ordered_from_the_paragraph_s_levels(seed):
    """Rich text (leaflets, booklets, marked-up cards): generated mixed paragraphs
    wrapped at random widths; every line's items, left to right, show the line's slice
    of the paragraph reordered by the reference."""
    rng = random.Random(seed)
    wrong = []
    for _ in range(40):
        words = mixed_words(rng, rng.randint(4, 40))
        paragraph = clean(" ".join(words))
        style = RichStyle(size=10.0)
        width = rng.uniform(widest(words, 10.0) + 1.0, 260.0)
        lines = wrap([Span(paragraph)], width, style, "test")
        base, found = python_bidi(paragraph)
        texts = [line_text(line) for line in lines]
        for line, text, at in zip(lines, texts, offsets(paragraph, texts), strict=True):
            assert line.base == base
            expected = reordered(text, found[at:at + len(text)], base)
            if drawn(line_items(line, 0.0, style)) != expected:
                wrong.append((paragraph, text, expected))
    assert not wrong, wrong[:3]


@pytest.mark.parametrize("seed", range(3))
def test_plain_text_lines_are_ordered_from_the_paragraph_s_levels(seed):
    """Plain text (card fields, boxes): set_text's runs on each baseline, left to
    right, show the line reordered by the reference (spaces aside: a run of spaces
    alone is not drawn)."""
    rng = random.Random(100 + seed)
    wrong = []
    for _ in range(25):
        words = mixed_words(rng, rng.randint(4, 30))
        paragraph = clean(" ".join(words))
        width = rng.uniform(widest(words, 10.0) + 1.0, 260.0)
        runs = set_text(paragraph, 0.0, 0.0, width, 4000.0, TextStyle(size=10.0), "test")
        rows: dict[float, list] = {}
        for run in runs:
            rows.setdefault(round(run.y, 3), []).append(run)
        shown = ["".join(run.text[::-1] if run.rtl else run.text for run in sorted(row, key=lambda run: run.x))
                 for _, row in sorted(rows.items())]
        base, found = python_bidi(paragraph)
        texts = Words(paragraph, font("sans")).wrap(10.0, width, True)
        assert texts is not None and len(texts) == len(shown)
        for text, at, line in zip(texts, offsets(paragraph, texts), shown, strict=True):
            expected = reordered(text, found[at:at + len(text)], base)
            if line.replace(" ", "") != expected.replace(" ", ""):
                wrong.append((paragraph, text, expected, line))
    assert not wrong, wrong[:3]


def test_a_web_address_wrapped_in_hebrew_keeps_its_slashes_in_place():
    """Each line's part of the address reads left to right as it is written, its
    slashes with it: not "/https://kesselrun-cardclub.example.org/members", the slash
    that ends the line's part drawn at its left (the line's own end, when the line was
    read alone)."""
    paragraph = f"כל השחקנים מתבקשים לקרוא את הכללים בכתובת {ADDRESS} לפני המשחק הראשון"
    style = RichStyle(size=10.0)
    for width in (90.0, 120.0, 160.0, 200.0, 260.0):
        latin = []
        for line in wrap([Span(paragraph)], width, style, "test"):
            shown = re.sub(r"[^\x21-\x7e]", "", drawn(line_items(line, 0.0, style)))
            if shown:
                assert shown in ADDRESS, (width, shown)
                latin.append(shown)
        assert "".join(latin) == ADDRESS


def test_a_bracket_pair_split_across_lines_stays_a_pair():
    """A Latin phrase in brackets after a Latin word, in Hebrew: the brackets go with the
    Latin (rule N0) on both lines, where the line alone left the closing one unpaired,
    right to left, at the far side of the Latin."""
    paragraph = "השחקן בוחר Sabacc (Corellian spike rules) ומשחק לפי הכללים."
    style = RichStyle(size=10.0)
    lines = wrap([Span(paragraph)], font("sans").width("השחקן בוחר Sabacc (Corellian", 10.0) + 2.0, style, "test")
    assert len(lines) >= 2
    shown = [drawn(line_items(line, 0.0, style)) for line in lines]
    assert "Sabacc (Corellian" in shown[0] and "spike rules)" in shown[1]


def test_a_paragraph_set_right_to_left_without_a_right_to_left_letter_is_resolved_as_one():
    """English lines given a right-to-left direction (as a Hebrew list item gives its
    marker) take their slices of the paragraph's levels at level 1, as for any
    right-to-left paragraph: the hyphen of a word broken at a line's end stays after
    the word, where python-bidi puts it (it is between two letters in the paragraph),
    not at the line's left end, where the line read alone puts it."""
    paragraph = "Each player draws one extra\u00adordinary card from the pile."
    style = RichStyle(size=10.0)
    lines = wrap([Span(paragraph)], font("sans").width("Each player draws one extra-", 10.0) + 1.0, style, "test")
    texts = [line_text(line) for line in lines]
    assert texts[0].endswith("extra-") and len(texts) >= 2
    joined = [text if text.endswith("-") else text + " " for text in texts]    # (a word broke at a hyphen)
    starts = [sum(len(text) for text in joined[:i]) for i in range(len(texts))]
    _, found = python_bidi("".join(joined).rstrip(), "R")
    for line, text, at in zip(lines, texts, starts, strict=True):
        items = line_items(replace(line, base=1), 0.0, style)
        assert drawn(items) == reordered(text, found[at:at + len(text)], 1), text
    first = line_items(replace(lines[0], base=1), 0.0, style)
    word = next(item for item in first if "extra" in item.text)
    hyphen = next(item for item in first if "-" in item.text)
    word_end = word.x + font("sans").width(word.text[:word.text.index("extra") + 5], 10.0)
    assert hyphen.x + font("sans").width(hyphen.text[:hyphen.text.index("-")], 10.0) == pytest.approx(word_end)


def test_a_line_set_in_a_hebrew_booklet_reads_its_address_in_order(cli, tmp_path):
    """The booklet's reading copy, read back: on each line the address's characters,
    left to right, are a piece of the address as written."""
    text = tmp_path / "house.md"
    text.write_text("---\ntitle: כללי הבית\nlang: he\n---\n\n# כללי הבית\n\n"
                    f"כל השחקנים במועדון מתבקשים לקרוא את כללי הבית המלאים בכתובת {ADDRESS} "
                    "לפני המשחק הראשון (ולשמור עותק מודפס ליד השולחן)\n", encoding="utf-8")
    result = cli("booklet", str(text), "--size", "poker", "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    page = pdfium.PdfDocument(tmp_path / "out" / "house-booklet-poker-a4-reading.pdf")[2]
    chars = page.get_textpage()
    rows: dict[int, list[tuple[float, str]]] = {}
    for i in range(chars.count_chars()):
        ch = chars.get_text_range(i, 1)
        if "!" <= ch <= "~" and ch not in "()":
            left, bottom, _, _ = chars.get_charbox(i, loose=True)
            rows.setdefault(round(bottom), []).append((left, ch))
    pieces = ["".join(ch for _, ch in sorted(row)) for _, row in sorted(rows.items(), reverse=True)]
    pieces = [piece for piece in pieces if not piece.isdigit() or len(piece) > 1]      # (the folio)
    assert len(pieces) >= 3 and all(piece in ADDRESS for piece in pieces), pieces
    assert "".join(pieces) == ADDRESS
