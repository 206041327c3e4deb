"""`printgen rules GAME --original FILE`: the reader's own copy of a game's original
rules is set word for word, under the credit line of the game's rules text; the
built-in Jedi Temple fold is a play aid that says so."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from printgen.layout.leaflet import fold_style
from printgen.products.rules import find_rules
from printgen.spec.fold import fold_facts

ORIGINAL = """\
Rules for JEDI TEMPLE
These rules are published under Creative Commons License CC-BY-NC-ND.

GOAL
The goal is to discard all cards in your Temple, wih a typo kept as written.
"""


def words(pdf: Path) -> str:
    """Every page's text, the upright panels only (the turned ones read backwards)."""
    panel = fold_style(fold_facts(), "poker").width
    with pdfplumber.open(pdf) as doc:
        lines: dict[tuple[int, ...], list[dict]] = {}
        for number, page in enumerate(doc.pages):
            left = (page.width - 4 * panel) / 2             # four poker panels a row on A4
            for c in page.chars:
                if c["matrix"][0] > 0:
                    key = (number, round(c["top"]) // 400, int((c["x0"] - left) // panel))
                    lines.setdefault(key + (round(c["top"]),), []).append(c)
        return " ".join("".join(c["text"] for c in sorted(line, key=lambda c: c["x0"]))
                        for _, line in sorted(lines.items()))


def test_plain_text_copy_is_set_unchanged_with_the_credit(cli, tmp_path):
    copy = tmp_path / "my-copy.txt"
    copy.write_text(ORIGINAL.replace("\n", "\r\n"), encoding="utf-8")
    result = cli("rules", "jedi-temple", "--original", str(copy), "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    pdf = tmp_path / "jedi-temple-original-rules-poker-a4.pdf"
    text = " ".join(words(pdf).split())
    credit = find_rules("jedi-temple").credit
    assert credit is not None and "Joseph Kramer" in credit and "CC BY-NC-ND" in credit
    assert text.startswith(" ".join(credit.split()))
    for line in ORIGINAL.splitlines():                   # every line, word for word, in order
        if line:
            assert " ".join(line.split()) in text, line
    assert text.index("GOAL") < text.index("wih a typo")


def test_markdown_copy_is_read_as_markdown(cli, tmp_path):
    copy = tmp_path / "my-copy.md"
    copy.write_text("# Rules for JEDI TEMPLE\n\nThe **goal** is to clear the Temple.\n", encoding="utf-8")
    result = cli("rules", "jedi-temple", "--original", str(copy), "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    text = " ".join(words(tmp_path / "jedi-temple-original-rules-poker-a4.pdf").split())
    assert "Rules for JEDI TEMPLE The goal is to clear the Temple." in text
    assert "#" not in text and "**" not in text


def test_original_needs_a_credit_line(cli, tmp_path):
    copy = tmp_path / "copy.txt"
    copy.write_text("Some rules.\n", encoding="utf-8")
    result = cli("rules", "kerton-sabacc", "--original", str(copy), "--out", str(tmp_path))
    assert result.status == 2 and "credit" in result.err and "Traceback" not in result.err
    assert not list(tmp_path.glob("*.pdf"))


def test_missing_original_is_one_clear_line(cli, tmp_path):
    result = cli("rules", "jedi-temple", "--original", str(tmp_path / "nope.txt"), "--out", str(tmp_path))
    assert result.status == 2 and "nope.txt: file not found" in result.err
    assert len(result.err.strip().splitlines()) == 1
