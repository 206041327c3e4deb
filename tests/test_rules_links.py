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


PLACES = """\
# Our club

See [Bandits](#bandits), [what is in it](#whats-in-the-box) and [the second one](#bandits-1).
A link to [nowhere](#no-such-heading) is only words; [the events](#%C3%A9v%C3%A9nements) are.

{filler}

## What’s in the box?

Cards.

## Bandits

Text about bandits.

## Bandits

More text about bandits.

## Événements

Events, their name written with %-escapes in the link.
"""


def test_a_link_to_a_heading_leads_to_it_in_the_reading_copy(cli, tmp_path):
    filler = "\n\n".join(["Words to fill a page, and more words to fill it."] * 30)
    out = tmp_path / "out"
    assert cli("booklet", str(write(tmp_path, PLACES.format(filler=filler))), "--out", str(out), "-q").status == 0
    path = out / "club-booklet-a5-a4-reading.pdf"
    reader = pypdf.PdfReader(path)
    pages = list(pdfium.PdfDocument(path))
    found = {}
    for number, page in enumerate(reader.pages):
        text = pages[number].get_textpage()
        for annotation in page.get("/Annots") or []:
            link = annotation.get_object()
            left, bottom, right, top = (float(v) for v in link["/Rect"])
            words = flat(text.get_text_bounded(left + 0.3, bottom, right - 0.3, top))
            if "/Dest" in link and words in ("Bandits", "whatisinit", "thesecondone", "theevents"):
                target, _, _, y = link["/Dest"][:4]
                found[words] = (number, reader.get_page_number(target.get_object()), float(y))
    assert sorted(found) == ["Bandits", "theevents", "thesecondone", "whatisinit"]     # not "nowhere"
    for words, heading, nth in (("Bandits", "Bandits", 0), ("whatisinit", "What’s in the box?", 0),
                                ("thesecondone", "Bandits", 1), ("theevents", "Événements", 0)):
        number, target, destination = found[words]
        to_page, top = [(n, top) for n, page in enumerate(pages) for top in heading_tops(page, heading)][nth]
        assert target == to_page and to_page > number          # the heading's page, after the link's
        assert -0.5 <= destination - top < 15      # just above the heading's letters (an É's accent may rise a little past)


def heading_tops(page, heading: str) -> list[float]:
    """The top of each line of the page that reads heading (a heading's line)."""
    text = page.get_textpage()
    lines = text.get_text_range().split("\r\n")
    found = []
    at = 0
    for line in lines:
        if line.strip() == heading:
            found.append(max(text.get_charbox(at + k)[3] for k in range(len(line)) if line[k].strip()))
        at += len(line) + 2
    return found
