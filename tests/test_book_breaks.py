"""A booklet breaks its pages as a typesetter would, read back from the reading copy
(which page each line is on, by pdfplumber): a lead-in goes over with all of a table
of three rows, which is never split."""

from __future__ import annotations

import pytest
from test_book_headings import SENTENCE, read_booklet

TABLE = "| Variant | Cards |\n|---|---:|\n| Short | 40 |\n| Long | 76 |\n| Open | 62 |"


@pytest.mark.parametrize("size", ["a5", "a6", "poker"])
def test_a_one_line_lead_in_goes_over_with_a_table_of_three_rows(cli, tmp_path, size):
    """A table of three rows is never split (two rows on each side of a break), so a
    lead-in before it goes over with all of it, not only its header and two rows."""
    parts = [f"## Part {k}\n\n{' '.join([SENTENCE] * (1 + k % 13))}\n\nEach card scores:\n\n{TABLE}"
             for k in range(40)]
    text, out = tmp_path / "scores.md", tmp_path / "out"
    text.write_text("# Scores\n\n" + "\n\n".join(parts) + "\n", encoding="utf-8")
    assert cli("booklet", str(text), "--size", size, "--out", str(out), "-q").status == 0
    pages = [[item.text for item in items] for head, items in
             read_booklet(out / f"scores-booklet-{size}-a4-reading.pdf") if head]
    leads = [(n, texts[k + 1:k + 2]) for n, texts in enumerate(pages) for k, text in enumerate(texts)
             if text == "Each card scores:"]
    assert len(leads) == 40 and [lead for lead in leads if lead[1] != ["Variant Cards"]] == []
