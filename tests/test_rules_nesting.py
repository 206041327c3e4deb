"""Lists and block quotes inside each other in a rules text: up to the bound
(rules_nesting, 9) every word is printed, however deep; past it the text is refused
on one located line, and nothing is written. The Markdown reader stops reading past
20 levels of its own (a list takes 2, a quote 1) and drops the rest of the list item
or quote without a word, so a text nested past the bound must never be printed
without it."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from test_languages import one_error

from printgen.limits import limit

DEEPEST = int(limit("rules_nesting"))


def indented_list(depth: int) -> str:
    """Lists inside each other, depth deep, one item each, indented as an editor does."""
    return "".join("  " * level + f"- level{level}words\n" for level in range(depth))


def quotes(depth: int) -> str:
    """Block quotes inside each other, depth deep, a paragraph in each."""
    return "\n".join(">" * level + f" level{level - 1}words\n" for level in range(1, depth + 1))


def mixed(depth: int) -> str:
    """Lists and quotes taking turns, depth deep: a quote in an item in a quote ..."""
    lines, indent = [], ""
    for level in range(depth):
        marker = "- " if level % 2 == 0 else "> "
        lines.append(f"{indent}{marker}level{level}words\n")
        indent += "  " if level % 2 == 0 else "> "
        if level % 2:
            lines.append(indent.rstrip() + "\n")
    return "".join(lines)


def printed(pdf) -> str:
    """Every page's text run together, without the spaces, line ends and hyphens of words
    broken at a narrow panel's line ends."""
    text = "".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(pdf))
    return "".join(text.split()).replace("-", "").replace("\u2010", "")


@pytest.mark.parametrize("command", ["booklet", "rules"])
@pytest.mark.parametrize("nested", [indented_list, quotes, mixed])
def test_text_nested_past_the_bound_is_refused_and_at_it_every_word_is_printed(cli, tmp_path, command, nested):
    source = tmp_path / "deep.md"
    out = tmp_path / "out"
    source.write_text("# Deep\n\nBefore.\n\n" + nested(DEEPEST + 1) + "\nAfter.\n", encoding="utf-8")
    line = 5 + next(n for n, text in enumerate(nested(DEEPEST + 1).splitlines()) if f"level{DEEPEST}words" in text)
    one_error(cli(command, str(source), "--out", str(out), "-q"), f"deep.md:{line}:",
              f"inside {DEEPEST} lists and block quotes", f"expected at most {DEEPEST}")
    assert not out.exists()
    source.write_text("# Deep\n\nBefore.\n\n" + nested(DEEPEST) + "\nAfter.\n", encoding="utf-8")
    assert cli(command, str(source), "--out", str(out), "-q").status == 0
    pdf = next(path for path in out.glob("*.pdf") if "reading" in path.name or command == "rules")
    text = printed(pdf)
    assert all(f"level{level}words" in text for level in range(DEEPEST)), text
    assert "After." in text


@pytest.mark.parametrize("text", ["- " * 2000 + "words\n", ">" * 2000 + " words\n", "1. " * 500 + "words\n"])
def test_a_stranger_s_text_nested_thousands_deep_is_one_located_line(cli, tmp_path, text):
    source = tmp_path / "deep.md"
    out = tmp_path / "out"
    source.write_text("# Deep\n\n" + text, encoding="utf-8")
    one_error(cli("booklet", str(source), "--out", str(out), "-q"), "deep.md:3:", f"expected at most {DEEPEST}")
    assert not out.exists()


def test_lists_that_leave_a_narrow_page_no_room_for_a_letter_say_so(cli, tmp_path):
    # on a mini card's page (44 mm), eight lists inside each other are set further in
    # than the line is wide: the error says so, not that a letter is wider than a line
    # of no width or less, and not to choose a smaller size (a smaller page would not help)
    source = tmp_path / "deep.md"
    out = tmp_path / "out"
    source.write_text("# Deep\n\n" + indented_list(8), encoding="utf-8")
    line = one_error(cli("booklet", str(source), "--size", "mini", "--out", str(out), "-q"),
                     "deep.md:10:", "8 lists and block quotes deep", "expected fewer lists and quotes")
    assert "wider than the" not in line and "smaller size" not in line
    assert not out.exists()
