"""Numbers the documentation pages state, read from the page and measured on what
printgen makes, so that a page and the program cannot drift apart unseen."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from conftest import ROOT

RULES_PAGE = ROOT / "docs" / "rules-and-boxes.md"


def body_size(pdf: Path) -> float:
    """The type size most characters of the PDF are set in: its body's."""
    with pdfplumber.open(pdf) as doc:
        sizes = Counter(round(char["size"], 2) for page in doc.pages for char in page.chars)
    return sizes.most_common(1)[0][0]


def stated_a5_bodies() -> dict[str, float]:
    """The body sizes docs/rules-and-boxes.md gives an a5 booklet on each paper."""
    text = " ".join(RULES_PAGE.read_text(encoding="utf-8").split())
    found = re.search(r"\(([\d.]+) pt on `a5` from A4, ([\d.]+) pt from Letter\)", text)
    assert found, "the page no longer states the a5 booklet's body sizes"
    return {"a4": float(found[1]), "letter": float(found[2])}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_an_a5_booklet_s_body_is_the_size_the_page_states(cli, tmp_path, paper):
    """An a5 booklet's body is 10 pt scaled to its page, to the half point: 9.5 pt
    on A4's 139 mm page and 8.5 pt on Letter's 129 mm one (the page said 9)."""
    text = tmp_path / "rules.md"
    text.write_text("# Rules\n\n" + "Shuffle the deck and deal five cards to each player. " * 20 + "\n",
                    encoding="utf-8")
    result = cli("booklet", str(text), "--size", "a5", "--paper", paper, "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    reading, = (tmp_path / "out").glob("*-reading.pdf")
    assert body_size(reading) == stated_a5_bodies()[paper]
