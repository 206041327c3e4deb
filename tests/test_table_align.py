"""A rules text's table columns aligned as its Markdown says (`---:` right, `:---:`
centre, `:---` left), in left-to-right and right-to-left tables alike: every cell of
the column, header too, read back from the set runs (a right-aligned column's digits
end at one x, so they line up by place)."""

from __future__ import annotations

from itertools import pairwise

from test_book import book_style

from printgen.lang.markdown import parse_markdown
from printgen.layout.fold import chunks
from printgen.layout.primitives import TextRun
from printgen.shaping import font

LTR = """\
| Card | Points | Note |
|:--|--:|:-:|
| Ace | 1 | high |
| Ten | 10 | x |
| King | 100 | in the middle |
"""
RTL = """\
| קלף | נקודות | הערה | מספר |
|---|:--|:-:|--:|
| אס | 1 | גבוה | 7 |
| עשר | 10 | א | 70 |
| מלך | 100 | באמצע השולחן | 700 |
"""


def no_pictures(name: str, where: str):
    raise AssertionError(name)


def columns(text: str, size: str = "a5") -> list[list[tuple[float, float]]]:
    """Each table row's cells as set: (left, right) of each cell's run, in the order the
    rows are set, a row's cells left to right on the page."""
    block, = parse_markdown(text, "t.md", no_pictures)
    rows = []
    for chunk in chunks(block, book_style(size).fold()):
        set_runs = sorted((p for p in chunk.prims if isinstance(p, TextRun)), key=lambda r: r.x)
        rows.append([(r.x, r.x + font(r.font).width(r.text, r.size)) for r in set_runs])
    return rows


def the_same(values: list[float]) -> bool:
    return max(values) - min(values) < 0.01


def apart(rows: list[list[tuple[float, float]]]) -> bool:
    """Whether each row's cells, left to right, keep out of each other's way."""
    return all(a[1] <= b[0] + 1e-6 for row in rows for a, b in pairwise(row))


def test_a_left_to_right_table_aligns_its_columns_as_written():
    rows = columns(LTR)
    assert all(len(row) == 3 for row in rows[:3])
    assert the_same([row[0][0] for row in rows])                        # :-- left: one left edge
    assert the_same([row[1][1] for row in rows])                        # --: right: one right edge, header too
    assert the_same([(row[2][0] + row[2][1]) / 2 for row in rows[:3]])  # :-: centred
    assert not the_same([row[1][0] for row in rows])                    # (the digits' left edges differ)
    assert apart(rows) and apart(columns(LTR, "a6"))


def test_a_right_to_left_table_mirrors_its_columns_and_aligns_them_as_written():
    """The first column on the right; each column flush left, centred or flush right as
    written, as CSS's text-align reads it (the digits of `--:` end at one x)."""
    rows = columns(RTL)
    assert all(len(row) == 4 for row in rows[:2])
    # read from the page's left: the fourth column (--:), the third (:-:), the second (:--), the first
    assert the_same([row[0][1] for row in rows])
    assert the_same([(row[1][0] + row[1][1]) / 2 for row in rows[:2]])
    assert the_same([row[2][0] for row in rows])
    assert not the_same([row[2][1] for row in rows])
    assert the_same([row[3][1] for row in rows])                        # the first column: flush right, as before
    assert apart(rows) and apart(columns(RTL, "a6"))
