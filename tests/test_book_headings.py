"""Headings as a reader meets them, read back from the PDFs printgen writes (each
word's size, face and colour, by pdfplumber): the six heading levels are each set in
a size and face of their own, in booklets and leaflets."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

SENTENCE = "Every player draws a card and passes the rest of the hand to the left."


LEVELS = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]


def levels_text(folder: Path) -> Path:
    path = folder / "levels.md"
    path.write_text("\n\n".join(f"{'#' * (k + 1)} {name}\n\n{SENTENCE}" for k, name in enumerate(LEVELS)) + "\n",
                    encoding="utf-8")
    return path


def word_looks(path: Path) -> dict[str, tuple[float, str, tuple[float, ...]]]:
    """Each word of a PDF's first page (a booklet's first text page): its size, face and
    colour, as printed where it is largest (a heading, not a running head)."""
    with pdfplumber.open(str(path)) as pdf:
        page = pdf.pages[0] if len(pdf.pages) == 1 else pdf.pages[2]
        words = page.extract_words(extra_attrs=["size", "fontname", "non_stroking_color"])
        return {word["text"]: (round(word["size"], 2), word["fontname"].split("+")[-1],
                               tuple(word["non_stroking_color"] or ()))
                for word in sorted(words, key=lambda word: word["size"])}


@pytest.mark.parametrize("product", ["booklet", "rules"])
def test_every_heading_level_has_a_look_of_its_own(cli, tmp_path, product):
    """Markdown's six heading levels, in a booklet and on a leaflet: no two in the same
    size and face, and none set as the body is (size, face and colour)."""
    out = tmp_path / "out"
    assert cli(product, str(levels_text(tmp_path)), "--out", str(out), "-q").status == 0
    looks = word_looks(next(out.glob("*.pdf")) if product == "rules" else out / "levels-booklet-a5-a4-reading.pdf")
    headings = [looks[name][:2] for name in LEVELS]
    assert len(set(headings)) == 6, headings
    assert looks["player"] not in [looks[name] for name in LEVELS]
    assert [size for size, _ in headings] == sorted((size for size, _ in headings), reverse=True)
