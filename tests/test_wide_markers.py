"""A list item's number wider than the indent ("10.", or "2024." where a paragraph
opens with a year, which Markdown reads as a numbered list) hangs into the margin
beside the text, but never past half of it: a wider one moves its item in, so that
the number is never cut off at a leaflet panel's edge or trimmed off a booklet's
page. Read back from the PDF: the number's place against the heading's (the start
of the text block), on a poker leaflet panel and a poker-sized booklet's page, left to
right and right to left."""

from __future__ import annotations

import pytest
from readback import page_chars

from printgen.units import mm

TEXT = """\
---
lang: {lang}
---
# {title}

2024. {first}

{between}

123456789. {second}
"""
ENGLISH = dict(lang="en", title="History", first="The second edition added the solo rules.",
               between="Then:", second="Another edition.")
HEBREW = dict(lang="he", title="היסטוריה", first="המהדורה השנייה הוסיפה חוקים.", between="ואז:",
              second="גרסה נוספת.")
MOST = 2.0 + 0.5           # mm: half the 4 mm panel margin (folds.yaml), more than half of half a booklet's,
                           # and the letters' side bearings (what is measured is the letters as drawn)


def box(chars, words: str) -> tuple[float, float, float, float]:
    """The box (left, bottom, right, top) of words, as drawn."""
    text = "".join(ch for ch, _ in chars)
    at = text.index(words)
    boxes = [b for ch, b in chars[at:at + len(words)] if ch.strip()]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


@pytest.mark.parametrize("command", [("booklet", "--size", "poker"), ("rules", "--panel", "poker")],
                         ids=["booklet", "leaflet"])
@pytest.mark.parametrize("words", [ENGLISH, HEBREW], ids=["ltr", "rtl"])
def test_a_wide_number_hangs_at_most_half_the_margin_and_its_item_moves_in(cli, tmp_path, command, words):
    source = tmp_path / "years.md"
    source.write_text(TEXT.format(**words), encoding="utf-8")
    out = tmp_path / "out"
    assert cli(*command, str(source), "--out", str(out), "-q").status == 0
    pdf = next(path for path in out.glob("*.pdf") if "reading" in path.name or command[0] == "rules")
    chars = page_chars(pdf, 0 if command[0] == "rules" else 2)     # the leaflet's front; the booklet's first text page
    heading = box(chars, words["title"])
    rtl = words["lang"] == "he"
    for number, item in (("2024", words["first"]), ("123456789", words["second"])):
        marker, text = box(chars, "." + number if rtl else number + "."), box(chars, item.split()[0])
        if rtl:
            assert mm(marker[2] - heading[2]) <= MOST, number                 # hangs right of the text block
            assert marker[0] > text[2], number                                # and clear of its item's words
        else:
            assert mm(heading[0] - marker[0]) <= MOST, number
            assert marker[2] < text[0], number
