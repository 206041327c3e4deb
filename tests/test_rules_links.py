"""Markdown links in a rules text: the address is printed after the link's words (not
where the words are the address already, nor for a place in the text), in leaflets
and booklets alike, and a booklet's reading copy makes the words and the address a
link to it; struck-through text and code blocks, which printgen cannot set as
written, are refused on one located line, as raw HTML is."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest
from test_languages import one_error

TEXT = """\
# Our club

Find the rules on [our site](https://example.org/rules), or write to
[the secretary](mailto:club@example.org). The address <https://example.org/home> needs
no repeat, nor does [example.org](https://www.example.org/). See [Scoring](#scoring),
and [the archive of every game we have played together](https://example.org/archive/every-game).

## Scoring

| Hand | Points |
|---|--:|
| a [pair](https://example.org/pair) | 2 |

A note.[^1]

[^1]: See [the notes](https://example.org/notes).
"""
PRINTED = ["our site (https://example.org/rules)", "the secretary (club@example.org)",
           "The address https://example.org/home needs", "nor does example.org. See Scoring,",
           "a pair (https://example.org/pair)", "See the notes (https://example.org/notes)."]
LINKED = {"our site (https://example.org/rules)": "https://example.org/rules",
          "the secretary (club@example.org)": "mailto:club@example.org",
          "https://example.org/home": "https://example.org/home",
          "example.org": "https://www.example.org/",
          "the archive of every game we have played together (https://example.org/archive/every-game)":
              "https://example.org/archive/every-game",
          "pair (https://example.org/pair)": "https://example.org/pair",
          "the notes (https://example.org/notes)": "https://example.org/notes"}


def write(folder: Path, text: str = TEXT) -> Path:
    path = folder / "club.md"
    path.write_text(text, encoding="utf-8")
    return path


def flat(text: str) -> str:
    """A PDF's text without its spaces and line breaks (an address breaks at a line's
    end without a hyphen)."""
    return "".join(text.split())


def links_read(path: Path) -> list[tuple[str, str]]:
    """Every address link of a PDF, with the text of the characters inside its box."""
    found = []
    reader = pypdf.PdfReader(path)
    for number, page in enumerate(pdfium.PdfDocument(path)):
        text = page.get_textpage()
        for annotation in reader.pages[number].get("/Annots") or []:
            link = annotation.get_object()
            if "/A" not in link:
                continue
            left, bottom, right, top = (float(v) for v in link["/Rect"])
            found.append((flat(text.get_text_bounded(left + 0.3, bottom, right - 0.3, top)),
                          str(link["/A"]["/URI"])))
    return found


@pytest.mark.parametrize("command", ["rules", "booklet"])
def test_a_links_address_is_printed_after_its_words(cli, tmp_path, command):
    out = tmp_path / "out"
    result = cli(command, str(write(tmp_path)), "--out", str(out), "-q")
    assert result.status == 0, result.err
    printed = flat("".join(page.get_textpage().get_text_range()
                           for path in out.glob("*.pdf") if "reading" not in path.name
                           for page in pdfium.PdfDocument(path)))
    for words in PRINTED:
        assert flat(words) in printed, words
    assert printed.count("https://example.org/home") == 1 and "#scoring" not in printed


def test_a_booklets_reading_copy_links_the_words_and_address_to_it(cli, tmp_path):
    out = tmp_path / "out"
    assert cli("booklet", str(write(tmp_path)), "--out", str(out), "-q").status == 0
    found = links_read(out / "club-booklet-a5-a4-reading.pdf")
    joined: dict[str, str] = {}
    for text, address in found:                 # a link over several lines: a box on each
        joined[address] = joined.get(address, "") + text
    assert {text: address for address, text in joined.items()} == {flat(text): to for text, to in LINKED.items()}
    assert not links_read(out / "club-booklet-a5-a4.pdf")     # the printed sheets have none


REFUSED = [
    ("# Rules\n\nThe ~~old~~ new rule.\n", "club.md:3", "struck-through"),
    ("# Rules\n\nText.\n\n```\nA  B\n```\n", "club.md:5", "code block"),
    ("# Rules\n\nText.\n\n    indented by four\n", "club.md:5", "indented by four spaces"),
    ("# Rules\n\n- a list\n\n        - indented too far\n", "club.md:5", "code block"),
]


@pytest.mark.parametrize("command", ["rules", "booklet"])
@pytest.mark.parametrize(("text", "where", "what"), REFUSED)
def test_strikethrough_and_code_blocks_are_one_located_line(cli, tmp_path, command, text, where, what):
    out = tmp_path / "out"
    one_error(cli(command, str(write(tmp_path, text)), "--out", str(out), "-q"), where, what, "expected")
    assert not out.exists()
