"""A CSV file that starts with a byte-order mark is read in the encoding the mark
names: UTF-16, little- or big-endian (a spreadsheet program's "Unicode Text", which
separates its values by tabs), and UTF-8; as many bytes as any other file, and a
file that breaks its encoding is one located line. The files are written here as
those programs save them, and the cards read back."""

from __future__ import annotations

import pytest
from test_card_tables import small_deck
from test_line_breaks_in_values import deck_with, word_lines

from printgen import reading
from printgen.spec import load_deck

ROWS = [["value", "note", "count"], ["Café", "Grüße, 1,5 €", "2"], ["日本", "two\r\nlines", ""],
        ["𝄞 clef", 'a "quoted" word', "1"]]
EXPECTED = [("Café", "Grüße, 1,5 €"), ("Café", "Grüße, 1,5 €"), ("日本", "two\nlines"),
            ("𝄞 clef", 'a "quoted" word')]


def saved(rows: list[list[str]], separator: str) -> str:
    """The rows as a spreadsheet program saves them: values holding the separator, a
    quote or a line break in quotes, rows ending in CR LF."""
    def value(text: str) -> str:
        if any(ch in text for ch in (separator, '"', "\r", "\n")):
            return '"' + text.replace('"', '""') + '"'
        return text
    return "".join(separator.join(value(text) for text in row) + "\r\n" for row in rows)


MARKED = [
    ("utf-16-le", b"\xff\xfe", "\t"),       # "Unicode Text" as Windows saves it
    ("utf-16-be", b"\xfe\xff", "\t"),
    ("utf-16-le", b"\xff\xfe", ","),
    ("utf-8", b"\xef\xbb\xbf", ";"),        # "CSV UTF-8" where the comma is the decimal mark (as before)
]


def test_a_file_with_a_byte_order_mark_is_read_in_its_encoding(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)          # (rows are named as the deck file is: from here)
    for encoding, mark, separator in MARKED:
        (tmp_path / "cards.csv").write_bytes(mark + saved(ROWS, separator).encode(encoding))
        deck = load_deck(str(small_deck(tmp_path, "cards.csv")))
        assert [(card.fields["value"], card.fields["note"]) for card in deck.cards] == EXPECTED, encoding
        assert [card.where for card in deck.cards] == ["cards.csv:2", "cards.csv:2", "cards.csv:3", "cards.csv:5"]


def test_a_utf16_file_builds_the_cards_its_utf8_copy_builds(cli, tmp_path):
    """The words read back from the PDF, which is byte for byte the one its UTF-8 copy builds."""
    rows = [["name", "note"], ["Café", "a, b"], ["Grüße, 1,5 €", "x"], ["two\r\nlines", ""]]
    built = []
    for name, data in (("utf8", saved(rows, "\t").encode("utf-8")),
                       ("utf16", b"\xff\xfe" + saved(rows, "\t").encode("utf-16-le"))):
        (tmp_path / name).mkdir()
        (tmp_path / name / "cards.csv").write_bytes(data)
        found = word_lines(cli, deck_with(tmp_path / name, " cards.csv\n"), tmp_path / name / "out")
        assert [text for text, *_ in found][:6] == ["Café", "Grüße,", "1,5", "€", "two", "lines"], found
        built.append((tmp_path / name / "out" / "t-a4.pdf").read_bytes())
    assert built[0] == built[1]


def test_a_utf16_file_is_bounded_by_its_bytes_as_any_file(cli, tmp_path, monkeypatch):
    """Read up to the bound on a file's bytes (UTF-16 takes two a character), refused past it."""
    data = b"\xff\xfe" + saved(ROWS, "\t").encode("utf-16-le")      # (longer than the deck file)
    (tmp_path / "cards.csv").write_bytes(data)
    deck = small_deck(tmp_path, "cards.csv")
    monkeypatch.setattr(reading, "MAX_BYTES", len(data))
    assert [card.fields["value"] for card in load_deck(str(deck)).cards] == [value for value, _ in EXPECTED]
    monkeypatch.setattr(reading, "MAX_BYTES", len(data) - 1)
    result = cli("build", str(deck), "--out", str(tmp_path / "out"))
    line, = result.err.strip().splitlines()
    expected = f"cards.csv: {len(data):,} bytes; expected a file of at most {len(data) - 1:,} bytes"
    assert result.status == 2 and expected in line, line
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("data,expected", [
    (b"\xff\xfe" + "value\r\nCaf".encode("utf-16-le") + b"\x00\xd8" + "\r\n".encode("utf-16-le"),
     "cards.csv:2: not UTF-16 text, which its byte-order mark says it is: the bytes 00 D8 are half of a "
     "surrogate pair"),
    (b"\xfe\xff" + "value\r\n1\r\n2".encode("utf-16-be") + b"\x00",
     "cards.csv:3: not UTF-16 text, which its byte-order mark says it is: the last byte, 00, is half of a "
     "character (the file holds an odd number of bytes); expected UTF-16 text throughout, or UTF-8 text: "
     'save it from the spreadsheet program as "CSV UTF-8"'),
], ids=["half-a-surrogate-pair", "an-odd-byte"])
def test_a_utf16_file_broken_after_its_mark_is_one_located_line(cli, tmp_path, data, expected):
    (tmp_path / "cards.csv").write_bytes(data)
    result = cli("build", str(small_deck(tmp_path, "cards.csv")), "--out", str(tmp_path / "out"))
    line, = result.err.strip().splitlines()
    assert result.status == 2 and "Traceback" not in result.err and expected in line, line
    assert not (tmp_path / "out").exists()


def test_a_byte_order_mark_written_twice_is_not_part_of_the_first_name(tmp_path):
    """A program that adds a mark to text that already starts with one writes it twice:
    the second is not text either, so the first column is named as it looks."""
    for encoding, mark, separator in MARKED:
        (tmp_path / "cards.csv").write_bytes(mark + ("\ufeff" + saved(ROWS, separator)).encode(encoding))
        deck = load_deck(str(small_deck(tmp_path, "cards.csv")))
        assert [(card.fields["value"], card.fields["note"]) for card in deck.cards] == EXPECTED, encoding


@pytest.mark.parametrize("header,expected", [
    ("value,\ufeffnote", "cards.csv:1: column 2's name '\\ufeffnote' holds U+FEFF ZERO WIDTH NO-BREAK SPACE"),
    ("\n\ufeffvalue,note", "cards.csv:2: column 1's name '\\ufeffvalue' holds U+FEFF"),
    ("value,no\u200bte", "cards.csv:1: column 2's name 'no\\u200bte' holds U+200B ZERO WIDTH SPACE"),
])
def test_an_invisible_character_in_a_name_is_one_line_naming_the_column(cli, tmp_path, header, expected):
    """A name holding a character that shows as nothing would not be the name a template
    writes; one located line names the column, the character escaped so that it shows."""
    (tmp_path / "cards.csv").write_bytes(("\ufeff" + header + "\n1,2\n").encode("utf-8"))
    result = cli("build", str(small_deck(tmp_path, "cards.csv")), "--out", str(tmp_path / "out"))
    line, = result.err.strip().splitlines()
    assert result.status == 2 and "Traceback" not in result.err and expected in line, line
    assert not (tmp_path / "out").exists()
