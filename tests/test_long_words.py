"""A word wider than its line is broken, in a booklet as in a leaflet (one piece of
code for both: layout/richtext.py's wrap): a web address or a code where The Chicago
Manual of Style breaks a URL (after "//" or a colon, before a single slash, a dot, a
hyphen, an underscore..., around "=" and "&"), else between any two characters, never
with a hyphen added; any other word between letters with a hyphen. An address is never
hyphenated by a dictionary either."""

from __future__ import annotations

import hashlib

import pypdfium2 as pdfium
import pytest

from printgen.layout.richtext import RichStyle, Span, wrap
from printgen.layout.text import TextStyle, set_text

HEX = "".join(hashlib.sha256(str(i).encode()).hexdigest() for i in range(5))[:300]
WORD = "pneumonoultramicroscopicsilicovolcanoconiosis"
PATH = "https://example.org/a8b87fbb5dc1/9c9b1b96bb27/83bb0f601c4d/"
KEY = "57758EF6-90EC5A6D-1F2E3D4C-5B6A7988-31B2C3D4-45F60718-293A4B5C-6D7E8F90-8BCDEF01-23456789"
ADDRESS = "https://kesselrun-cardclub.example.org/members/house-rules/2026?deck=sabacc&seat=4#top"


def text_lines(path, page: int) -> tuple[list[str], float, float]:
    """The lines of a page as pdfium reads them (a line ending on a hyphen added where
    a word broke ends on "\\ufffe"), the right edge of the rightmost glyph and the page's
    width."""
    document = pdfium.PdfDocument(path)
    chars = document[page].get_textpage()
    raw = chars.get_text_range()
    rights = [chars.get_charbox(i)[2] for i in range(chars.count_chars()) if raw[i].strip()]
    return raw.replace("\ufffe", "\ufffe\r\n").split("\r\n"), max(rights), document[page].get_width()


LEAFLET, A5, POKER = ("rules",), ("booklet",), ("booklet", "--size", "poker")


@pytest.mark.parametrize("word, command", [(HEX, LEAFLET), (HEX, A5), (HEX, POKER), (WORD, POKER),
                                           (PATH, LEAFLET), (PATH, POKER), (KEY, A5), (KEY, POKER)])
def test_a_word_wider_than_the_line_is_broken_to_fit(cli, tmp_path, command, word):
    """A leaflet, an A5 booklet and a poker-sized one set each word (a booklet refused
    them: "the word ... is 615.8 mm wide at 9.5 pt, but the line is 112.6 mm"; a leaflet
    hyphenated the key and broke the address after its slashes): every glyph inside the
    page, the word whole again once its lines are joined, a hyphen added only inside
    the plain word. (A key's numbers open with digits, so that Unicode's rules leave it
    one piece: no break after its hyphens.)"""
    source = tmp_path / "long.md"
    source.write_text(f"# Long\n\nThe key is {word} and more text follows here.\n", encoding="utf-8")
    out = tmp_path / "out"
    result = cli(*command, str(source), "--out", str(out), "-q")
    assert result.status == 0, result.err
    if command[0] == "rules":
        pdf, page = next(out.glob("*.pdf")), 0
    else:
        pdf, page = next(out.glob("*-reading.pdf")), 2
    lines, right, width = text_lines(pdf, page)
    assert right < width
    start = next(i for i, line in enumerate(lines) if "The key is" in line)
    broken = "".join(lines[start:]).replace(" ", "")
    if word == KEY:                     # (pdfium reads a hyphen that ends a line as a soft one)
        broken = broken.replace("\ufffe", "-")
    elif word in (HEX, PATH):
        assert "\ufffe" not in broken
    else:
        assert "\ufffe" in broken
    assert f"Thekeyis{word}andmore" in broken.replace("\ufffe", "")


def test_an_address_breaks_where_chicago_says():
    """After "//", before a single slash, a dot, a hyphen, "?" and "#", around "=" and
    "&"; never after the address's own hyphen or dot, no hyphen added, and the
    sentence's full stop stays with the address's end."""
    style = RichStyle(size=10.0)
    for width in (60.0, 80.0, 110.0, 150.0):
        lines = ["".join(text for text, _ in line.pieces)
                 for line in wrap([Span(f"See {ADDRESS}.")], width, style, "test")]
        assert "".join(lines).replace(" ", "") == f"See{ADDRESS}." and " " not in "".join(lines[1:])
        for line, after in zip(lines, lines[1:]):
            assert not line.endswith(("-", ".", "_")), (width, lines)
            assert after[0] in "/.-?#=&" or line.endswith(("//", "=", "&")), (width, lines)
        assert len(lines[-1]) > 1


@pytest.mark.parametrize("word, units", [
    ("https://a.org/b-c/d", ("https://", "a", ".org", "/b", "-c", "/d")),
    ("(https://x.org/p/).", ("(https://", "x", ".org", "/p/).")),
    ("mailto:someone@example.org,", ("mailto:", "someone@example", ".org,")),
    ("www.example.com/a?b=c&d#e", ("www", ".example", ".com", "/a", "?b", "=", "c", "&", "d", "#e")),
    ("http://h/~user/x_y%20", ("http://", "h", "/~user", "/x", "_y", "%20")),
])
def test_the_places_an_address_may_break(word, units):
    from printgen.layout.wordbreaks import word_breaks
    assert word_breaks(word) == units


def test_a_code_is_broken_without_a_hyphen_and_a_word_with_one():
    """A key of digits and letters breaks between any two characters with nothing added;
    a word breaks between two letters, with a hyphen."""
    style = RichStyle(size=10.0)
    code = ["".join(t for t, _ in line.pieces) for line in wrap([Span(HEX)], 80.0, style, "test")]
    assert len(code) > 3 and "".join(code) == HEX
    word = ["".join(t for t, _ in line.pieces) for line in wrap([Span(WORD)], 80.0, style, "test")]
    assert all(line.endswith("-") and line[-2].isalpha() for line in word[:-1])
    assert "".join(line.removesuffix("-") for line in word) == WORD


@pytest.mark.parametrize("marked", [False, True])
def test_an_address_is_never_hyphenated_by_the_dictionary(marked):
    """With hyphenation on, German words around an address are hyphenated, the address
    is not: no line of it ends with a hyphen, in marked-up and plain text alike."""
    text = f"Die Donaudampfschifffahrtsgesellschaft schreibt {ADDRESS} Spielregelnsammlung"
    if marked:
        lines = ["".join(t for t, _ in line.pieces)
                 for line in wrap([Span(text)], 90.0, RichStyle(size=10.0, lang="de", hyphenate=True), "test")]
    else:
        runs = set_text(text, 0.0, 0.0, 90.0, 600.0, TextStyle(size=10.0, lang="de", hyphenate=True), "test")
        lines = [run.text for run in sorted(runs, key=lambda run: run.y)]
    assert any(line.endswith("-") and "Donau" in line for line in lines)
    inside = [line for line in lines if any(part in line for part in ("kesselrun", "example", "members", "rules"))]
    assert inside and not any(line.endswith("-") for line in inside), lines


@pytest.mark.parametrize("word", [HEX, KEY, ADDRESS, "C:\\Games\\printgen\\decks\\sabacc_62_final_version.yaml"])
def test_plain_text_breaks_a_code_wider_than_its_box_where_rich_text_does(word):
    """A card's plain text breaks an address or a code wider than its box where marked-up
    text breaks it (layout/breaks.py's code_cut(): Chicago's places, else between any
    two characters, no hyphen added), at its full size: its lines read back from the
    runs are rich text's, and each ends inside the box."""
    from printgen.shaping import text_width
    text = f"The key is {word} and more"
    runs = set_text(text, 0.0, 0.0, 80.0, 600.0, TextStyle(size=10.0), "test")
    rows: dict[float, list] = {}
    for run in runs:
        rows.setdefault(run.y, []).append(run)
    lines = [" ".join(run.text for run in sorted(row, key=lambda run: run.x)) for _, row in sorted(rows.items())]
    rich = ["".join(t for t, _ in line.pieces) for line in wrap([Span(text)], 80.0, RichStyle(size=10.0), "test")]
    assert lines == [line.strip() for line in rich] and len(lines) > 2
    assert all(run.size == 10.0 and run.x + text_width(run.text, run.font, run.size) <= 80.0 + 1e-6 for run in runs)
