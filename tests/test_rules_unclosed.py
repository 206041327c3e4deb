"""Emphasis marks or a backtick that open and are never closed (`**bold`, `_word`, a
lone backtick) are printed as written, as CommonMark says, and the build goes on with
a note for each naming file:line and quoting the text, for a leaflet and a booklet
alike. Marks that are closed, escaped, or that could not open (`2*3`, `a ** b`,
`snake_case`) are not noted. The words are read back from the leaflet."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

TEXT = """# Setup with **care

Play a **strong card first.

Then _word alone here.

Say `hello to all.

Closed **bold** and _it_ and `code`, ``a ` b`` too.

Not marks: 2*3, a ** b, 5 * 3, snake_case_name, \\*\\*escaped and \\`this.

- an item with _open
- a [link **inside](#setup)

Text with a note[^1], and a line
that goes on **here.

[^1]: The note has **open bold.
"""

NOTED = [(1, "**", "Setup with **care", "bold"), (3, "**", "Play a **strong card first.", "bold"),
         (5, "_", "Then _word alone here.", "italic"), (7, "`", "Say `hello to all.", "a code span"),
         (13, "_", "an item with _open", "italic"), (14, "**", "a [link **inside](#setup)", "bold"),
         (17, "**", "that goes on **here.", "bold"), (19, "**", "The note has **open bold.", "bold")]


def notes(err: str, source: Path) -> list[str]:
    return [line.removeprefix("printgen: note: ") for line in err.splitlines() if str(source) in line]


def expected(source: Path) -> list[str]:
    made = []
    for line, marks, text, what in NOTED:
        escaped = "".join("\\" + ch for ch in marks)
        mark = "the mark" if len(marks) == 1 else "the marks"
        made.append(f"{source}:{line}: {marks} in {text!r} opens {what} that is never closed, so it is printed as "
                    f"written (close it with {marks}, or write {escaped} to print {mark})")
    return made


def test_a_leaflet_prints_unclosed_marks_as_written_and_notes_each(cli, tmp_path):
    source = tmp_path / "marks.md"
    source.write_text(TEXT, encoding="utf-8")
    result = cli("rules", str(source), "--duplex", "none", "--out", str(tmp_path / "out"))
    assert result.status == 0, result.err
    assert "error" not in result.err and "Traceback" not in result.err
    assert notes(result.err, source) == expected(source)
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    with pdfplumber.open(str(pdf)) as doc:
        words = [w["text"] for page in doc.pages for w in page.extract_words()]
    assert {"**strong", "_word", "`hello", "**care", "_open"} <= set(words), words
    assert "**bold**" not in words and "bold" in words          # closed: set in bold, its marks gone


def test_a_booklet_notes_the_same_marks(cli, tmp_path):
    source = tmp_path / "marks.md"
    source.write_text(TEXT, encoding="utf-8")
    result = cli("booklet", str(source), "--out", str(tmp_path / "out"))
    assert result.status == 0, result.err
    assert notes(result.err, source) == expected(source)


def test_the_note_quotes_a_long_line_about_its_mark():
    from printgen.lang.markdown import parse_markdown
    line = "word " * 20 + "**open " + "more " * 20
    (block,) = parse_markdown(line, "long.md", lambda name, where: None)
    (said,) = block.said
    assert said.startswith("long.md:1: ** in '…word word word word word word **open more more more more more …' "
                           "opens bold"), said


def test_an_address_the_reader_makes_no_link_of_is_noted(cli, tmp_path):
    """`![x](file:///...)` and `[x](javascript:...)` are no picture nor link to the
    Markdown reader, which prints them as written: the build says so at their line
    (it said nothing, and the page showed the Markdown), and reads no such file; an
    https: link is no note."""
    source = tmp_path / "links.md"
    source.write_text("# Links\n\nSee ![logo](file:///etc/hostname) here.\n\nAnd [this](javascript:alert(1)) too,\n"
                      "and [that](https://example.org).\n", encoding="utf-8")
    result = cli("booklet", str(source), "--out", str(tmp_path / "out"))
    assert result.status == 0, result.err
    said = notes(result.err, source)
    assert [line.split(": ")[0] for line in said] == [f"{source}:3", f"{source}:5"], said
    assert "'file:///etc/hostname'" in said[0] and "'javascript:alert(1)'" in said[1]
    assert all("printed as written" in line for line in said)
