"""A rules text's line breaks other than a line feed, as text pasted from a web page or
a word processor holds them, are read as a reader sees them: U+2029 PARAGRAPH
SEPARATOR ends a paragraph (or a heading), U+2028 LINE SEPARATOR breaks the line
within a paragraph, and a carriage return alone ends a line as CommonMark says (the
front matter is read, and a paragraph's lines run on). The words are read back from
the built leaflet; a problem still names the file's line as an editor numbers it."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

LS, PS = "\u2028", "\u2029"


def words(cli, text: str, folder: Path, newline: str = "") -> tuple[list[tuple[str, float, float, float]], str]:
    """The leaflet's words as (text, left, top, size) in reading order, and its title."""
    (folder / "pasted.md").write_text(text, encoding="utf-8", newline=newline)
    result = cli("rules", str(folder / "pasted.md"), "--duplex", "none", "--out", str(folder / "out"), "-q")
    assert result.status == 0, result.err
    pdf_path, = (folder / "out").glob("*.pdf")
    with pdfplumber.open(str(pdf_path)) as pdf:
        found = [(w["text"], w["x0"], w["top"], w["bottom"] - w["top"])
                 for w in pdf.pages[0].extract_words()]
        return found, str(pdf.metadata.get("Title", ""))


def at(found: list[tuple[str, float, float, float]], word: str) -> tuple[float, float, float]:
    """The (left, top, height) of the one word word."""
    places = [(left, top, height) for text, left, top, height in found if text == word]
    assert len(places) == 1, (word, found)
    return places[0]


def test_a_paragraph_separator_ends_a_heading_and_a_paragraph_and_a_line_separator_breaks_a_line(cli, tmp_path):
    found, _ = words(cli, f"# Setup{PS}Deal five cards.{LS}Put the rest down.{PS}Then play one.\n", tmp_path)
    texts = [text for text, *_ in found]
    assert not any(LS in text or PS in text or (text.startswith("Setup") and text != "Setup") for text in texts)
    setup, deal, put, then = at(found, "Setup"), at(found, "Deal"), at(found, "Put"), at(found, "Then")
    assert setup[2] > deal[2] * 1.2                     # a heading, set larger than the paragraph under it
    assert setup[0] == deal[0] == put[0] == then[0]     # each line starts at the panel's left edge
    line = put[1] - deal[1]                             # a line below, in the same paragraph
    assert 0 < line < deal[2] * 2
    assert then[1] - put[1] > line * 1.2                # a paragraph below: a wider gap than a line's


def test_a_carriage_return_ends_a_line_as_commonmark_says(cli, tmp_path):
    text = "---\rtitle: Old rules\r---\r# Setup\rDeal five cards\rto each player.\r\rPut the rest down.\r"
    found, title = words(cli, text, tmp_path)
    assert title == "Old rules"                         # the front matter read, not printed
    assert "title:" not in [text for text, *_ in found]
    five, to, put = at(found, "five"), at(found, "to"), at(found, "Put")
    assert to[1] == five[1] and to[0] > five[0]         # a line of a paragraph runs on: a soft break
    assert put[1] > to[1] + to[2] * 1.2                 # a blank line: the next paragraph


def test_a_problem_names_the_files_line_as_an_editor_numbers_it(cli, tmp_path):
    """The separators end no line of the file: the heading with no words, a paragraph
    of its own between two separators, is on its line 3."""
    (tmp_path / "pasted.md").write_text(f"# Setup{PS}Deal.{LS}Put.\r\nPlay.\rMore.{PS}##{PS}Last.\n",
                                        encoding="utf-8", newline="")
    result = cli("rules", str(tmp_path / "pasted.md"), "--out", str(tmp_path / "out"))
    line, = result.err.strip().splitlines()
    assert result.status == 2 and "pasted.md:3: the heading '##' has no words" in line, line
    assert not (tmp_path / "out").exists()


def test_the_text_markdown_reads_and_the_lines_of_the_file():
    from printgen.lang.markdown import markdown_lines
    assert markdown_lines(f"a{LS}b\r\nc{PS}d\re\n") == ("a  \nb\nc\n\nd\ne\n", [0, 0, 1, 1, 1, 2, 3])


def test_a_paragraph_of_thousands_of_hard_breaks_is_set_in_moments(cli, tmp_path):
    """Each line of a paragraph once looked through the whole paragraph for its
    direction: 6,000 hard breaks (line separators and backslashes) took about a minute
    of CPU time. The text is too long for the leaflet: refused, after it is set."""
    from cputime import cpu_seconds
    (tmp_path / "long.md").write_text("# T\n\n" + f"a{LS}" * 3000 + "a\\\n" * 3000, encoding="utf-8")
    start = cpu_seconds()
    result = cli("rules", str(tmp_path / "long.md"), "--out", str(tmp_path / "out"))
    assert cpu_seconds() - start < 20
    line, = result.err.strip().splitlines()
    assert result.status == 2 and "long.md: the text needs" in line and "panels but the fold has 16" in line, line
    assert not (tmp_path / "out").exists()
