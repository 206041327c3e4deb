"""Slips in a rules text that printgen refuses rather than print something the writer
did not mean: a heading with no words, an empty title. Each is one located line, exit
2, and nothing written, for a leaflet (`printgen rules`) and a booklet alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_languages import one_error

EMPTY_HEADINGS = [
    ("#\n\nSome text.\n", "mine.md:1", "'#'"),
    ("# \n\nSome text.\n", "mine.md:1", "'# '"),
    ("# Rules\n\nSome text.\n\n## &nbsp;\n\nMore.\n", "mine.md:5", "'## &nbsp;'"),
    ("# Rules\n\n## [^a]\n\nSome text.\n\n[^a]: A note.\n", "mine.md:3", "'## [^a]'"),
    ("# Rules\n\nSome text.\n\n#", "mine.md:5", "'#'"),
    ("---\ntitle: Mine\n---\n# Rules\n\nText.\n\n###   \n", "mine.md:8", "'###   '"),
]


def write(folder: Path, text: str) -> Path:
    path = folder / "mine.md"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["rules", "booklet"])
@pytest.mark.parametrize(("text", "where", "shown"), EMPTY_HEADINGS)
def test_a_heading_with_no_words_is_one_located_line(cli, tmp_path, command, text, where, shown):
    out = tmp_path / "out"
    line = one_error(cli(command, str(write(tmp_path, text)), "--out", str(out), "-q"), where, shown)
    assert "heading" in line and "expected" in line
    assert not out.exists()


@pytest.mark.parametrize("command", ["rules", "booklet"])
@pytest.mark.parametrize("title", ['""', '"   "', "''"])
def test_an_empty_title_is_one_located_line(cli, tmp_path, command, title):
    path = write(tmp_path, f"---\ndeck: sabacc-62\ntitle: {title}\n---\n# Rules\n\nText.\n")
    out = tmp_path / "out"
    line = one_error(cli(command, str(path), "--out", str(out), "-q"), "mine.md:3 title")
    assert "expected" in line
    assert not out.exists()


@pytest.mark.parametrize("body", ["\u200b", "- \u200b"])
def test_a_paragraph_that_draws_nothing_is_left_out_of_a_booklet(cli, tmp_path, body):
    """A paragraph or list item of invisible characters only, under a heading, sets no
    line: the text around it is set as if it were not there (as a leaflet sets it)."""
    path = write(tmp_path, f"# Rules\n\n{body}\n\nSome text.\n")
    result = cli("booklet", str(path), "--out", str(tmp_path / "out"), "-q")
    assert result.status == 0, result.err
    assert len(list((tmp_path / "out").glob("*.pdf"))) == 2
