"""A heading (or, in a reader's plain-text copy, a title line) is never the last thing
on a leaflet's panel: over every built-in leaflet, a deal's insert, and a long
two-sided copy of an original text."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.layout.flow import flow_chunks, place
from printgen.layout.leaflet import fold_style, scaled
from printgen.model import Duplex
from printgen.model.text import Block
from printgen.products.rules import RulesBuild, deal_blocks, find_rules, layout_rules
from printgen.spec.fold import fold_facts
from printgen.spec.original import with_original
from printgen.spec.printdata import paper
from printgen.spec.places import builtin_file

RULES = sorted(p.stem for p in builtin_file("decks", "rules").glob("*.md") if not p.stem.endswith("-deal"))


def stranded(blocks: list[Block], options: RulesBuild) -> list[str]:
    """Where a panel other than the last ends on a heading, in the leaflet as laid out."""
    from printgen.model.text import RulesText
    leaflet = layout_rules(RulesText("t", "t.md", tuple(blocks), "t"), options)
    style = scaled(fold_style(fold_facts(), options.panel), leaflet.body, fold_facts().smaller.least)
    items, wheres = flow_chunks(blocks, style, whole_blocks=True)
    panels = place(items, style.inner[1])
    assert len(panels) == leaflet.panels
    return [wheres[p[-1]] for p in panels[:-1] if items[p[-1]].heading]


@pytest.mark.parametrize("panel", ["poker", "bridge"])
@pytest.mark.parametrize("name", RULES)
def test_no_built_in_leaflet_leaves_a_heading_at_a_panel_foot(name, panel):
    blocks = list(find_rules(name).blocks)
    assert stranded(blocks, RulesBuild(out=Path("."), paper=paper("a4"), panel=panel)) == []


def test_nor_does_a_deal_insert():
    rules = find_rules("jedi-temple")
    assert rules.deal is not None
    blocks = list(rules.blocks) + deal_blocks(rules.deal, 7)
    assert stranded(blocks, RulesBuild(out=Path("."), paper=paper("a4"))) == []


PARAGRAPH = ("Every line of this copy is one paragraph, set as written and flowed down the "
             "panels in the order of the reader's file, word for word. ")


def original_copy(folder: Path) -> Path:
    """A plain-text copy: title lines, each over paragraphs of different lengths."""
    lines = []
    for k in range(14):
        lines += [f"PART {k} OF THE RULES", "", PARAGRAPH * (1 + k % 4), ""]
        if k % 3 == 0:
            lines += [PARAGRAPH * 2, ""]
    path = folder / "copy.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
def test_a_two_sided_original_copy_keeps_its_title_lines_with_their_text(tmp_path, duplex):
    rules = with_original(find_rules("jedi-temple"), original_copy(tmp_path))
    titles = [b for b in rules.blocks if b.keep_with_next]
    assert len(titles) >= 14                         # every "PART k" line reads as a title
    options = RulesBuild(out=tmp_path, paper=paper("a4"), duplex=duplex)
    assert layout_rules(rules, options).sides == 2
    assert stranded(list(rules.blocks), options) == []


def test_markdown_headings_over_paragraphs_too_long_to_keep_whole(tmp_path):
    """A heading over a paragraph taller than what is left of its panel takes the
    paragraph's first lines with it, rather than waiting alone at the foot."""
    text = "\n\n".join(f"## Part {k}\n\n{PARAGRAPH * (3 + k % 5)}" for k in range(9))
    path = tmp_path / "long.md"
    path.write_text(f"# Long\n\n{text}\n", encoding="utf-8")
    from printgen.spec.markdown import load_rules
    blocks = list(load_rules(path).blocks)
    assert stranded(blocks, RulesBuild(out=tmp_path, paper=paper("a4"))) == []


def panel_ends(blocks: list[Block], style) -> list[str]:
    """What each panel but the last ends with, read from the primitives flow() sets on
    it: its lowest line's words, or "[picture]"."""
    from printgen.layout.flow import flow
    from printgen.layout.primitives import Image, TextRun
    ends = []
    for prims, _ in flow(blocks, style, whole_blocks=True)[:-1]:
        lowest = max((p.y for p in prims if isinstance(p, TextRun)), default=-1.0)
        pictures = [p for p in prims if isinstance(p, Image) and p.y + p.h > lowest]
        ends.append("[picture]" if pictures else "".join(p.text for p in sorted(
            (p for p in prims if isinstance(p, TextRun) and p.y == lowest), key=lambda p: p.x)))
    return ends


def test_a_lead_in_before_a_picture_or_a_list_keeps_with_it(tmp_path):
    """A one- or two-line paragraph ending in ":" before a picture or a list never ends
    a panel: it goes over with the picture, or the list's first lines."""
    from PIL import Image as PILImage

    from printgen.spec.markdown import load_rules
    PILImage.new("RGB", (150, 90), "#b03a2e").save(tmp_path / "icon.png")
    parts = []
    for k in range(24):
        parts += [PARAGRAPH * (1 + k % 4), "A small picture of the coin:" if k % 2 else "Each player takes:",
                  "![A coin](icon.png)" if k % 2 else "- a board\n- six cubes\n- three coins"]
    path = tmp_path / "leads.md"
    path.write_text("# Leads\n\n" + "\n\n".join(parts) + "\n", encoding="utf-8")
    style = fold_style(fold_facts(), "poker")
    ends = panel_ends(list(load_rules(path).blocks), style)
    assert len(ends) > 10 and [end for end in ends if end.endswith(":")] == []


def test_a_lead_in_before_a_table_keeps_with_its_header_and_first_row(tmp_path):
    """A one-line paragraph ending in ":" before a table never ends a panel, nor does
    its table's header row."""
    from printgen.spec.markdown import load_rules
    parts = []
    for k in range(24):
        parts += [PARAGRAPH * (1 + k % 4), "Each card scores:",
                  "| Card | Points |\n|---|---:|\n| Ace | 11 |\n| King | 4 |\n| Queen | 3 |"]
    path = tmp_path / "tables.md"
    path.write_text("# Scores\n\n" + "\n\n".join(parts) + "\n", encoding="utf-8")
    style = fold_style(fold_facts(), "poker")
    ends = panel_ends(list(load_rules(path).blocks), style)
    assert len(ends) > 10 and [end for end in ends if end.endswith(":") or end == "CardPoints"] == []


def test_a_chain_of_one_line_sections_does_not_pull_panels_over(tmp_path):
    """A heading keeps its one-line section and not the next heading too: panels fill
    (only the last one short) and none ends with a heading."""
    from printgen.spec.markdown import load_rules
    lines = ["# Glossary"]
    for k in range(30):
        lines += [f"## Term {k}", f"What term {k} means."]
    path = tmp_path / "glossary.md"
    path.write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    style = fold_style(fold_facts(), "poker")
    blocks = list(load_rules(path).blocks)
    ends = panel_ends(blocks, style)
    assert ends and all(end.startswith("What term") for end in ends)
    from printgen.layout.flow import flow
    used = [height for _, height in flow(blocks, style, whole_blocks=True)[:-1]]
    assert min(used) > style.inner[1] - 3 * style.body * 2.5             # no panel left with room for a section
