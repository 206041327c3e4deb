"""Rule folds: where each panel lands once the sheet is folded (simulated geometrically),
for a text read left to right and one read right to left, and the crop and fold marks
read back from the PDF."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from printgen.layout.primitives import TextRun
from printgen.model import Duplex
from printgen.products.rules import RulesBuild, layout_rules
from printgen.spec.markdown import load_rules
from printgen.spec.printdata import paper

MM = 72 / 25.4
WORDS = ("The pilot keeps a steady hand while the cards turn over one by one, and "
         "every player watches the dice before deciding what to keep. ")


ARABIC = ("يوزع اللاعب الأوراق على الطاولة واحدة تلو الأخرى، ويراقب كل لاعب النرد قبل أن "
          "يقرر ما يحتفظ به، ثم يسحب ورقة جديدة من الكومة ويضعها أمامه مكشوفة. ")
SCRIPTS = {"latin": ("A long text", "Part", WORDS, ""), "arabic": ("قواعد اللعبة", "الجزء", ARABIC, "ar")}


def long_text(folder: Path, sections: int, script: str = "latin", *, lang: str | None = None) -> Path:
    """A text of `sections` sections in the script's words; its front matter names
    lang (by default the script's language; none for "")."""
    title, part, words, own = SCRIPTS[script]
    body = "\n\n".join(f"## {part} {k}\n\n{words * 3}\n\n- {words}\n- {words}" for k in range(sections))
    lang = own if lang is None else lang
    front = f"---\nlang: {lang}\n---\n" if lang else ""
    path = folder / f"long{sections}-{script}-{lang or 'none'}.md"
    path.write_text(f"{front}# {title}\n\n{body}\n", encoding="utf-8")
    return path


def panels_on_sheet(pages, width: float, height: float):
    """Per panel number: (page, centre x, centre y, upright?) read from the folio runs."""
    found = {}
    for index, page in enumerate(pages):
        for placed in page.placed:
            folio = [p for p in placed.side.prims if isinstance(p, TextRun) and "/" in p.text][-1]
            number = int(folio.text.split("/")[0])
            found[number] = (index, placed.x + placed.side.frame.width / 2,
                             placed.y + placed.side.frame.height / 2, folio.rotate == 0)
    return found


def simulate(found, sheet_w: float, sheet_h: float, duplex: Duplex | None,
             rtl: bool = False) -> list[tuple[int, bool]]:
    """Fold (or cut) the sheet, then read each strip's front left to right (rtl: right to
    left) and, turned over like a page, its back the same way. Returns (panel, upright)
    in reading order."""
    pieces = []   # (panel, x, y, facing +1 toward the reader, up: -1 = upright)
    for number, (page, x, y, upright) in found.items():
        up, face = (-1 if upright else 1), 1
        if page == 1:                            # the back page, seen through the sheet
            face = -1
            # the paper turns about its long or short edge; which of the page's axes
            # that edge runs along depends on the page's orientation
            long_edge_vertical = sheet_h > sheet_w
            if (duplex is Duplex.LONG) == long_edge_vertical:
                x = sheet_w - x                  # turned about a vertical line
            else:
                y, up = sheet_h - y, -up         # turned about a horizontal line
        pieces.append([number, x, y, face, up])
    if duplex is None:                           # fold the bottom half behind the top
        for piece in pieces:
            if piece[2] > sheet_h / 2:
                piece[2], piece[3], piece[4] = sheet_h - piece[2], -piece[3], -piece[4]
    order = []
    strips = sorted({piece[2] > sheet_h / 2 for piece in pieces})
    along = -1 if rtl else 1                     # the reader's way along a strip: +x, or -x from the right
    for strip in strips:
        mine = [p for p in pieces if (p[2] > sheet_h / 2) == strip]
        order += [(p[0], p[4] == -1) for p in sorted(mine, key=lambda p: along * p[1]) if p[3] == 1]
        # turn the strip over about its vertical axis: x reverses, faces swap, up stays
        order += [(p[0], p[4] == -1) for p in sorted(mine, key=lambda p: -along * p[1]) if p[3] == -1]
    return order


@pytest.mark.parametrize("script", ["latin", "arabic"])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("panel", ["poker", "bridge", "a7"])
@pytest.mark.parametrize("duplex,sections,expect_sides", [
    (Duplex.NONE, 3, 1), (Duplex.LONG, 3, 1), (Duplex.LONG, 8, 2), (Duplex.SHORT, 8, 2)])
def test_folded_leaflet_reads_in_order(tmp_path, duplex, sections, expect_sides, panel, paper_name, script):
    """Poker and bridge panels fold from landscape sheets, A7 panels from portrait ones.
    An English reader meets the panels in order reading each strip from the left, an
    Arabic one reading it from the right."""
    options = RulesBuild(out=tmp_path, paper=paper(paper_name), panel=panel, duplex=duplex)
    leaflet = layout_rules(load_rules(long_text(tmp_path, sections, script)), options)
    assert leaflet.sides == expect_sides
    page = leaflet.pages[0]
    found = panels_on_sheet(leaflet.pages, page.width, page.height)
    assert sorted(found) == list(range(1, leaflet.panels + 1))
    rtl = script == "arabic"
    order = simulate(found, page.width, page.height, None if leaflet.sides == 1 else duplex, rtl)
    assert order == [(n, True) for n in range(1, leaflet.panels + 1)]
    # panel 1 at the end the reader starts from: on top once the strip is folded zig-zag from it
    edge = max if rtl else min
    assert found[1][1] == edge(v[1] for v in found.values())
    if leaflet.panels > 1:      # read the other way, the panels would come out of order
        assert simulate(found, page.width, page.height, None if leaflet.sides == 1 else duplex,
                        not rtl) != order


@pytest.mark.parametrize("script,lang,rtl", [
    ("arabic", "", True),           # no language named: the text's first heading decides
    ("latin", "he", True),          # a language named decides, whatever the script
    ("arabic", "en", False),
    ("latin", "", False)])
def test_the_texts_direction_decides_the_reading_order(tmp_path, script, lang, rtl):
    leaflet = layout_rules(load_rules(long_text(tmp_path, 3, script, lang=lang)),
                           RulesBuild(out=tmp_path, paper=paper("a4"), duplex=Duplex.NONE))
    page = leaflet.pages[0]
    found = panels_on_sheet(leaflet.pages, page.width, page.height)
    assert simulate(found, page.width, page.height, None, rtl) == [(n, True) for n in range(1, leaflet.panels + 1)]


def test_eight_panels_on_landscape_letter_and_a4(tmp_path):
    for name, size in (("a4", (297, 210)), ("letter", (279.4, 215.9))):
        leaflet = layout_rules(load_rules(long_text(tmp_path, 5)), RulesBuild(out=tmp_path, paper=paper(name)))
        page = leaflet.pages[0]
        assert (page.width / MM, page.height / MM) == pytest.approx(size, abs=0.01)
        assert leaflet.capacity == 8


def test_crop_and_fold_marks_in_pdf(cli, tmp_path):
    result = cli("rules", str(long_text(tmp_path, 2)), "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    with pdfplumber.open(str(next(tmp_path.glob("*.pdf")))) as pdf:
        page = pdf.pages[0]
        lines = [(l["x0"] / MM, l["top"] / MM, l["x1"] / MM, l["bottom"] / MM, bool((l.get("dash") or ([], 0))[0]))
                 for l in page.lines]
    x0 = (297 - 4 * 63) / 2
    vertical = {round(a, 2): dashed for a, _, b, _, dashed in lines if abs(a - b) < 0.01}
    assert sorted(vertical) == pytest.approx([x0 + k * 63 for k in range(5)], abs=0.01)
    assert [vertical[k] for k in sorted(vertical)] == [False, True, True, True, False]
    y0 = (210 - 2 * 88) / 2
    horizontal = {round(t, 2): dashed for _, t, _, b, dashed in lines if abs(t - b) < 0.01}
    assert sorted(horizontal) == pytest.approx([y0, y0 + 88, y0 + 176], abs=0.01)
    assert horizontal[round(y0 + 88, 2)] is True          # the middle is a fold on one side
    for a, t, b, bottom, _ in lines:                       # every mark inside the printer margin
        assert 5 - 0.01 <= min(a, b) and max(a, b) <= 292 + 0.01
        assert 5 - 0.01 <= t and bottom <= 205 + 0.01


def test_bottom_row_is_printed_upside_down_in_pdf(cli, tmp_path):
    assert cli("rules", str(long_text(tmp_path, 5)), "--out", str(tmp_path), "-q").status == 0
    with pdfplumber.open(str(next(tmp_path.glob("*.pdf")))) as pdf:
        chars = pdf.pages[0].chars
    top = [c for c in chars if c["top"] < 105 * MM]
    bottom = [c for c in chars if c["top"] > 105 * MM]
    assert top and bottom
    assert all(c["matrix"][0] > 0 for c in top)
    assert all(c["matrix"][0] < 0 for c in bottom)


def _table(columns: int, word: str) -> str:
    head = "| " + " | ".join(f"Head {c}" for c in range(columns)) + " |"
    rule = "|" + "---|" * columns
    row = "| " + " | ".join(f"{word} and a few more words here" for _ in range(columns)) + " |"
    return f"# Tables\n\nSome text first.\n\n{head}\n{rule}\n{row}\n{row}\n"


def _runs_inside_panels(leaflet) -> float:
    """The largest distance (points) any text run reaches past its panel's right edge."""
    from printgen.shaping import font
    worst = -1e9
    for page in leaflet.pages:
        for placed in page.placed:
            for prim in placed.side.prims:
                if isinstance(prim, TextRun) and prim.rotate == 0:
                    right = prim.x + font(prim.font).width(prim.text, prim.size)
                    worst = max(worst, right - placed.side.frame.width)
    return worst


def test_a_wide_table_wraps_and_shrinks_but_stays_on_its_panel(tmp_path):
    path = tmp_path / "wide.md"
    path.write_text(_table(3, "Remarkables"), encoding="utf-8")
    leaflet = layout_rules(load_rules(path), RulesBuild(out=tmp_path, paper=paper("a4")))
    assert _runs_inside_panels(leaflet) <= 0.0
    sizes = {prim.size for page in leaflet.pages for placed in page.placed for prim in placed.side.prims
             if isinstance(prim, TextRun) and "Remarkables" in prim.text}
    assert sizes and max(sizes) < 8.0                   # smaller than the fold's 8 pt table type
    assert min(sizes) >= 6.5                            # but never under the smallest type


def test_a_table_too_wide_even_at_the_floor_is_an_error_naming_its_line(cli, tmp_path):
    path = tmp_path / "too-wide.md"
    path.write_text(_table(6, "Incomprehensibilities"), encoding="utf-8")
    result = cli("rules", str(path), "--out", str(tmp_path / "out"))
    assert result.status == 2
    line, = result.err.strip().splitlines()
    assert "too-wide.md:5" in line and "table" in line and "mm" in line
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("marker", ["9.", "10.", "128."])
def test_a_list_marker_never_runs_into_its_item(marker):
    """A marker wider than the list indent ("10." at a small indent) hangs left of it,
    a space clear of the item's text, instead of running into it."""
    from printgen.shaping import font
    from printgen.layout.fold import chunks
    from printgen.layout.leaflet import fold_style
    from printgen.model.text import Block, BlockKind, Span
    from printgen.spec.fold import fold_facts
    style = fold_style(fold_facts(), "poker")
    block = Block(BlockKind.ITEM, "here.md:1", (Span("Stay or fold"),), level=1, marker=marker)
    runs = [p for p in chunks(block, style)[0].prims if isinstance(p, TextRun)]
    mark = next(run for run in runs if run.text == marker)
    text = next(run for run in runs if run.text != marker)
    assert mark.x + font(mark.font).width(marker, mark.size) + 0.2 * mark.size <= text.x


@pytest.mark.parametrize("script,expected", [("latin", [1, 2, 3, 4]), ("arabic", [4, 3, 2, 1])])
def test_the_top_rows_folios_in_pdf_run_the_texts_way(cli, tmp_path, script, expected):
    """Read back from the PDF: the top row's panels, left to right, for an English text
    and for an Arabic one (whose panel 1 is at the right)."""
    assert cli("rules", str(long_text(tmp_path, 5, script)), "--out", str(tmp_path), "--duplex", "none",
               "-q").status == 0
    with pdfplumber.open(str(next(tmp_path.glob("*.pdf")))) as pdf:
        page = pdf.pages[0]
        folios = [w for w in page.extract_words(keep_blank_chars=True)
                  if w["text"].endswith("/ 8") and w["top"] < page.height / 2]
    assert [int(w["text"].split("/")[0]) for w in sorted(folios, key=lambda w: w["x0"])] == expected


def test_a_built_in_english_leaflet_in_an_arabic_deck_reads_from_the_left(cli, tmp_path):
    """The built-in rules texts say `lang: en`, so an Arabic deck's build sets its
    English leaflet left to right, panel 1 at the left (it took the deck's language)."""
    (tmp_path / "plain.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#223344'}\n")
    deck = tmp_path / "fanous.yaml"
    deck.write_text("name: fanous\nlang: ar\ntitle: فوانيس\nsize: poker\nface: plain\nback: plain\n"
                    "rules: [jedi-duel]\ncards:\n  - each: {n: [1, 2, 3]}\n", encoding="utf-8")
    out = tmp_path / "out"
    assert cli("build", str(deck), "--only", "rules", "--duplex", "none", "--out", str(out), "-q").status == 0
    with pdfplumber.open(str(next(out.glob("jedi-duel-*.pdf")))) as pdf:
        page = pdf.pages[0]
        folios = [w for w in page.extract_words(keep_blank_chars=True)
                  if "/" in w["text"] and w["text"].split("/")[0].strip().isdigit() and w["top"] < page.height / 2]
    numbers = [int(w["text"].split("/")[0]) for w in sorted(folios, key=lambda w: w["x0"])]
    assert numbers and numbers == sorted(numbers), numbers
