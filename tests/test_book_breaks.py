"""A booklet breaks its pages as a typesetter would, read back from the reading copy
(which page each line is on, by pdfplumber): a lead-in goes over with all of a table
of three rows, which is never split; a lead-in of several lines (a paragraph ending
in ":" before a table) may break, with at least two of its lines on each side, but
its last two lines go over with what it leads in to; and a list's last item of one
line never stands alone at the head of a page; on a leaflet's panels too."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_book_headings import SENTENCE, Read, read_booklet

LEAD = " ".join(["variant"] * 40) + " easier or harder:"        # a lead-in of several lines
TABLE = "| Variant | Cards |\n|---|---:|\n| Short | 40 |\n| Long | 76 |\n| Open | 62 |"
LISTS = ("- a board\n- six cubes\n- this rulebook", "- a board\n- six cubes\n- three coins\n- a die\n- this rulebook")


def breaks_text(folder: Path, lead: str = LEAD) -> Path:
    """folder/breaks.md: sections whose filler grows sentence by sentence, so that a
    long lead-in before a table, and a list ending in a one-line item, fall at every
    height of a page."""
    lines = ["# Breaks"]
    for k in range(40):
        lines += [f"## Part {k}", " ".join([SENTENCE] * (1 + k % 7)),
                  *([lead, TABLE] if k % 2 else ["Each player takes:", LISTS[k // 2 % 2]])]
    path = folder / "breaks.md"
    path.write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    return path


def built(cli, folder: Path, size: str) -> list[list[Read]]:
    text, out = breaks_text(folder), folder / "out"
    result = cli("booklet", str(text), "--size", size, "--out", str(out), "-q")
    assert result.status == 0, result.err
    return [items for head, items in read_booklet(out / f"breaks-booklet-{size}-a4-reading.pdf") if head]


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


@pytest.mark.parametrize("size", ["a6", "poker"])
def test_a_long_lead_in_keeps_its_last_two_lines_with_its_table(cli, tmp_path, size):
    """Each lead-in's lines, page by page: at least two on each page it is on, the
    last two on the page of its table's header and first two rows."""
    pages = built(cli, tmp_path, size)
    split, leads = 0, 0
    for n, items in enumerate(pages):
        texts = [item.text for item in items]
        for k, text in enumerate(texts):
            if text.endswith("harder:"):
                leads += 1
                assert k >= 1 and texts[k - 1].startswith("variant"), (n, texts)    # the line before it here
                assert texts[k + 1:k + 4] == ["Variant Cards", "Short 40", "Long 76"], (n, texts)
                if k < 2 or not texts[k - 2].startswith("variant"):               # broken: two lines above
                    split += 1
                    assert [t.startswith("variant") for t in [item.text for item in pages[n - 1]][-2:]] == [True, True], (n, texts)
    assert leads == 20 and split            # every lead-in there, and some broken over a page


@pytest.mark.parametrize("size", ["a6", "poker"])
def test_a_lists_last_one_line_item_never_heads_a_page(cli, tmp_path, size):
    """Lists of three and five items under paragraphs growing sentence by sentence: a
    list's last item of one line goes over with the item before it."""
    parts = [f"## Part {k}\n\n{' '.join([SENTENCE] * (1 + k % 9))}\n\n{LISTS[k % 2]}" for k in range(40)]
    text, out = tmp_path / "lists.md", tmp_path / "out"
    text.write_text("# Lists\n\n" + "\n\n".join(parts) + "\n", encoding="utf-8")
    assert cli("booklet", str(text), "--size", size, "--out", str(out), "-q").status == 0
    pages = [items for head, items in read_booklet(out / f"lists-booklet-{size}-a4-reading.pdf") if head]
    assert sum(item.text.endswith("this rulebook") for items in pages for item in items) == 40
    assert [n for n, items in enumerate(pages) if items and items[0].text.endswith("this rulebook")] == []


def panel_lines(folder: Path) -> list[list[str]]:
    """The leaflet of breaks_text() on poker panels, its lead-ins taller than a panel
    (a shorter one goes over whole): each panel's lines, top to bottom, read from the
    words flow() sets on it."""
    from printgen.layout.flow import flow
    from printgen.layout.leaflet import fold_style
    from printgen.layout.primitives import TextRun
    from printgen.spec.fold import fold_facts
    from printgen.spec.markdown import load_rules
    panels = []
    text = breaks_text(folder, " ".join(["variant"] * 90) + " easier or harder:")
    for prims, _ in flow(list(load_rules(text).blocks), fold_style(fold_facts(), "poker"),
                         whole_blocks=True):
        lines: dict[float, list[TextRun]] = {}
        for run in (p for p in prims if isinstance(p, TextRun)):
            lines.setdefault(round(run.y, 2), []).append(run)
        panels.append([" ".join(r.text for r in sorted(runs, key=lambda r: r.x)) for _, runs in sorted(lines.items())])
    return panels


def test_a_leaflets_long_lead_in_keeps_its_last_two_lines_with_its_table(tmp_path):
    """On a leaflet's panels too, a long lead-in's last two lines go over with its
    table's header and first row, and a list's last one-line item with the item
    before it."""
    panels = panel_lines(tmp_path)
    assert len(panels) > 10
    leads = 0
    for n, texts in enumerate(panels):
        for k, text in enumerate(texts):
            if text.endswith("harder:"):
                leads += 1
                assert k >= 1 and texts[k - 1].startswith("variant"), (n, texts)
                assert len(texts) > k + 2, (n, texts)
        assert not texts[0].endswith("this rulebook"), (n, texts)
    assert leads == 20
