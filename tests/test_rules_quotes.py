"""Block quotes in a rules text (`> ...`, nested `> > ...`): set indented, with a rule
down the side their lines start from (the right in right-to-left text), a nested
quote's rule and text further in, in booklets and leaflets alike (read back from the
PDF); a heading, table, picture or rule inside a quote is refused on one located line."""

from __future__ import annotations

import pytest
from readback import page_chars, page_of, page_paths
from test_languages import one_error

TEXT = """\
---
lang: {lang}
---
# {title}

{plain}

> {quoted}
>
> > {nested}
"""
ENGLISH = dict(lang="en", title="Example", plain="Plain words before the quote.",
               quoted="Quoted words in the quote.", nested="Nested words deeper in.")
HEBREW = dict(lang="he", title="דוגמה", plain="מילים רגילות לפני הציטוט.",
              quoted="מילים בתוך הציטוט.", nested="מילים עמוק יותר.")


def line_box(chars, words: str) -> tuple[float, float, float, float]:
    """The box (left, bottom, right, top) of the line of text holding words."""
    text = "".join(ch for ch, _ in chars)
    at = text.index(words)
    boxes = [box for ch, box in chars[at:at + len(words)] if ch.strip()]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def rules_beside(paths, box) -> list[float]:
    """The x of each upright rule drawn alongside a line's box (as tall as its letters
    at least), left to right."""
    return sorted((left + right) / 2 for left, bottom, right, top in paths
                  if right - left < 3 and bottom <= box[1] + 0.5 and top >= box[3] - 0.5)


def built_page(cli, folder, command, text, *words):
    """The characters and paths of the page (of the reading copy, or the leaflet) that
    holds every one of words, the text built by command."""
    source = folder / "quotes.md"
    source.write_text(text, encoding="utf-8")
    out = folder / "out"
    assert cli(command, str(source), "--out", str(out), "-q").status == 0
    pdf = next(path for path in out.glob("*.pdf") if "reading" in path.name or command == "rules")
    number = page_of(pdf, words[0])
    assert all(page_of(pdf, word) == number for word in words)
    return page_chars(pdf, number), page_paths(pdf, number)


@pytest.mark.parametrize("command", ["booklet", "rules"])
@pytest.mark.parametrize("words", [ENGLISH, HEBREW], ids=["ltr", "rtl"])
def test_a_quote_is_indented_with_a_rule_at_its_start_and_a_nested_one_further_in(cli, tmp_path, command, words):
    chars, paths = built_page(cli, tmp_path, command, TEXT.format(**words), words["quoted"])
    plain, quoted, nested = (line_box(chars, words[key]) for key in ("plain", "quoted", "nested"))
    rtl = words["lang"] == "he"
    start = (lambda box: -box[2]) if rtl else (lambda box: box[0])     # the start side, growing inwards
    assert start(plain) + 5 < start(quoted) < start(nested) - 5         # each quote further in
    assert rules_beside(paths, plain) == []
    outer = rules_beside(paths, quoted)
    assert len(outer) == 1
    assert start((outer[0], 0, outer[0], 0)) < start(quoted) - 3        # the rule before the quote's words
    assert abs(start((outer[0], 0, outer[0], 0)) - start(plain)) < 5    # at the start of the quote's indent
    both = rules_beside(paths, nested)
    assert len(both) == 2 and min(abs(x - outer[0]) for x in both) < 0.1
    inner = max(both, key=lambda x: start((x, 0, x, 0)))
    assert start((outer[0], 0, outer[0], 0)) + 5 < start((inner, 0, inner, 0)) < start(nested) - 3


@pytest.mark.parametrize(("text", "line", "what"), [
    ("> ## A heading\n", 5, "a heading inside a block quote"),
    ("> | a | b |\n> |---|---|\n> | 1 | 2 |\n", 5, "a table inside a block quote"),
    ("> words\n>\n> ![a picture](board.png)\n", 7, "an image inside a block quote"),
    ("> words\n>\n> ***\n", 7, "a horizontal rule inside a block quote"),
])
@pytest.mark.parametrize("command", ["booklet", "rules"])
def test_what_a_quote_cannot_hold_is_one_located_line(cli, tmp_path, command, text, line, what):
    source = tmp_path / "quotes.md"
    source.write_text("# Example\n\nWords.\n\n" + text, encoding="utf-8")
    out = tmp_path / "out"
    one_error(cli(command, str(source), "--out", str(out), "-q"), f"quotes.md:{line}:", what, "expected")
    assert not out.exists()


RUN_ON = """\
---
lang: {lang}
---
# {title}

{plain}

> {first}
>
> {second}
>
> > {nested}
>
> - {item}

- {listed}

  > {inside}
  >
  > {after}
"""
ENGLISH_RUN_ON = dict(lang="en", title="Example", plain="Plain words first.", first="The quote opens.",
                      second="Its second one.", nested="A nested quote.", item="An item in it.",
                      listed="An item outside.", inside="A quote in it.", after="And more in it.")
HEBREW_RUN_ON = dict(lang="he", title="דוגמה", plain="מילים רגילות.", first="הציטוט נפתח.",
                     second="הפסקה השנייה.", nested="ציטוט פנימי.", item="פריט בתוכו.",
                     listed="פריט בחוץ.", inside="ציטוט בפריט.", after="ועוד בו.")


def rule_run(paths, x: float, box) -> tuple[float, float]:
    """The stretch (bottom, top) that upright rules at x cover, touching ones joined,
    that runs beside a line's box."""
    stretches = sorted((bottom, top) for left, bottom, right, top in paths
                       if right - left < 3 and abs((left + right) / 2 - x) < 0.1)
    runs: list[list[float]] = []
    for bottom, top in stretches:
        if runs and bottom <= runs[-1][1] + 0.01:
            runs[-1][1] = max(top, runs[-1][1])
        else:
            runs.append([bottom, top])
    return next((bottom, top) for bottom, top in runs if bottom <= box[1] + 0.5 and top >= box[3] - 0.5)


@pytest.mark.parametrize("command", ["booklet", "rules"])
@pytest.mark.parametrize("words", [ENGLISH_RUN_ON, HEBREW_RUN_ON], ids=["ltr", "rtl"])
def test_a_quote_of_several_paragraphs_has_one_rule_and_one_in_an_item_stands_at_its_text(
        cli, tmp_path, command, words):
    chars, paths = built_page(cli, tmp_path, command, RUN_ON.format(**words), words["first"], words["after"])
    box = {key: line_box(chars, words[key]) for key in ("plain", "first", "second", "nested", "item",
                                                         "listed", "inside", "after")}
    rtl = words["lang"] == "he"
    start = (lambda box: -box[2]) if rtl else (lambda box: box[0])     # the start side, growing inwards
    outer = rules_beside(paths, box["first"])
    assert len(outer) == 1
    bottom, top = rule_run(paths, outer[0], box["first"])     # one rule from the quote's first line to its last
    assert top >= box["first"][3] and bottom <= box["item"][1]
    assert rules_beside(paths, box["listed"]) == []
    inner = [x for x in rules_beside(paths, box["nested"]) if abs(x - outer[0]) > 0.1]
    assert len(inner) == 1 and inner[0] not in rules_beside(paths, box["item"])
    bottom, top = rule_run(paths, inner[0], box["nested"])   # the nested quote's own rule, beside it only
    assert box["second"][1] > top >= box["nested"][3] and box["item"][3] < bottom <= box["nested"][1]
    held = rules_beside(paths, box["inside"])   # the quote in an item: one rule, at the item's text
    assert len(held) == 1 and rules_beside(paths, box["after"]) == held
    bottom, top = rule_run(paths, held[0], box["inside"])
    assert top >= box["inside"][3] and bottom <= box["after"][1]
    at = start((held[0], 0, held[0], 0))
    assert start(box["listed"]) - 0.5 < at < start(box["inside"]) - 3
