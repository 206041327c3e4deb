"""Preflight: the safe zone and bleed checks, card by card, and --strict."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import FIXTURES, beside
from printgen.shaping import font
from printgen.layout.deck import layout_deck
from printgen.layout.primitives import Rect, TextRun
from printgen.preflight import check_layout, extent, text_extent
from printgen.spec import load_deck

OVERFLOW = FIXTURES / "preflight" / "overflow.yaml"
CLEAN = FIXTURES / "preflight" / "clean.yaml"
MM = 72 / 25.4


def findings(path, **kwargs):
    deck = load_deck(str(path))
    return [str(f) for f in check_layout(layout_deck(deck), safe=deck.safe, label="test", **kwargs)]


def test_overflowing_cards_are_named_card_by_card():
    found = findings(OVERFLOW)
    edge = [line for line in found if "card 2 'Edge'" in line]
    border = [line for line in found if "card 3 'Border'" in line]
    assert not [line for line in found if "card 1 'Clean'" in line or "back" in line]
    assert len(edge) == 1 and "text 'EDGE'" in edge[0] and "at the left" in edge[0]
    # the text starts 1 mm from the trim; the safe line is 1/8 in (3.175 mm) inside it
    assert float(re.search(r"by ([\d.]+) mm", edge[0]).group(1)) == pytest.approx(2.175, abs=0.01)
    assert sorted(re.search(r"at the (\w+)", line).group(1) for line in border) == \
        ["bottom", "left", "right", "top"]
    # the border is 1.5 mm inside the trim with a 1 pt stroke: 3.175 - 1.5 + 0.5 pt
    amounts = [float(re.search(r"by ([\d.]+) mm", line).group(1)) for line in border]
    assert amounts == [pytest.approx(3.175 - 1.5 + 0.5 / MM, abs=0.01)] * 4
    # located: the deck file and the line of the card's entry
    lines = OVERFLOW.read_text().splitlines()
    edge_line = next(i for i, text in enumerate(lines, 1) if "name: Edge" in text)
    assert re.match(rf".*overflow\.yaml:{edge_line} cards\[1\] card 2", edge[0])
    assert all(re.match(rf".*overflow\.yaml:{edge_line + 1} cards\[2\] card 3", line) for line in border)


def test_clean_deck_and_full_bleed_backgrounds_pass():
    assert findings(CLEAN) == []


def test_missing_bleed_is_reported(tmp_path):
    face = tmp_path / "face.yaml"
    face.write_text("elements:\n  - {kind: rect, box: trim, fill: '#ff0000'}\n")
    back = tmp_path / "back.yaml"
    back.write_text("elements:\n  - {kind: rect, box: bleed, fill: '#000000'}\n")
    deck = tmp_path / "d.yaml"
    deck.write_text("name: d\nsize: poker\nface: face.yaml\nback: back.yaml\ncards:\n  - fields: {a: b}\n")
    found = findings(deck)
    assert any("nothing fills" in line and "card 1" in line for line in found)
    # the trim-sized background crosses the safe line without reaching the bleed edge
    assert sum("rect crosses the safe line" in line for line in found) == 4
    assert not any("back" in line for line in found)


def test_text_extent_follows_font_metrics_and_rotation():
    run = TextRun(10.0, 20.0, "Hg", "sans", 10.0)
    metrics = font("sans")
    width = metrics.width("Hg", 10.0)
    left, top, right, bottom = text_extent(run)
    assert (left, right) == pytest.approx((10.0, 10.0 + width))
    assert top == pytest.approx(20.0 - metrics.ascent * 10 / metrics.units_per_em)
    assert bottom == pytest.approx(20.0 - metrics.descent * 10 / metrics.units_per_em)
    turned = text_extent(TextRun(10.0, 20.0, "Hg", "sans", 10.0, rotate=90))
    assert turned[1] == pytest.approx(20.0) and turned[3] == pytest.approx(20.0 + width)
    assert extent(Rect(0, 0, 10, 10, stroke="#000000", width=2.0)) == (-1.0, -1.0, 11.0, 11.0)


def test_strict_stops_before_writing(cli, tmp_path):
    result = cli("build", str(OVERFLOW), "--for", "tgc", "--strict", "--out", str(tmp_path / "out"))
    assert result.status == 2
    assert "Traceback" not in result.err and "--strict" in result.err
    assert re.search(r"preflight found (1 problem|\d+ problems) and", result.err), result.err
    assert not (tmp_path / "out").exists()


def test_strict_on_a_home_build(cli, tmp_path):
    result = cli("build", str(OVERFLOW), "--strict", "--only", "pdf", "--out", str(tmp_path / "out"))
    assert result.status == 2 and "card 2 'Edge'" in result.err
    assert not (tmp_path / "out").exists()
    ok = cli("build", str(CLEAN), "--strict", "--only", "pdf", "-q", "--out", str(tmp_path / "ok"))
    assert ok.status == 0 and (tmp_path / "ok" / "preflight-clean-a4.pdf").is_file()


def test_warnings_print_one_line_each_and_nothing_under_quiet(cli, tmp_path):
    result = cli("build", str(OVERFLOW), "--for", "mpc", "--out", str(tmp_path / "out"))
    assert result.status == 0
    lines = [line for line in result.err.splitlines() if line.startswith("printgen: preflight:")]
    assert len(lines) == 5
    quiet = cli("build", str(OVERFLOW), "--for", "mpc", "-q", "--out", str(tmp_path / "quiet"))
    assert quiet.status == 0 and quiet.err == "" and quiet.out == ""
    assert (tmp_path / "quiet" / "mpc").is_dir()


def test_one_kind_of_problem_on_many_cards_is_one_line(cli, tmp_path):
    """Twelve cards whose text crosses the left safe line: one line naming them."""
    many = beside(OVERFLOW, tmp_path) / "many.yaml"
    many.write_text(OVERFLOW.read_text().replace('  - fields: {name: Edge, kind: edge, color: "#2ca02c"}',
                             '  - fields: {name: Edge, kind: edge, color: "#2ca02c"}\n    count: 12'))
    result = cli("build", str(many), "--for", "mpc", "--out", str(tmp_path / "out"))
    lines = [line for line in result.err.splitlines() if line.startswith("printgen: preflight:")]
    edge = [line for line in lines if "text crosses the safe line at the left" in line]
    assert len(edge) == 1 and "on 12 sides" in edge[0] and "card 2 'Edge'" in edge[0]
    assert "and 6 more" in edge[0] and "by up to 2.17 mm" in edge[0] and "many.yaml" in edge[0]
    assert len(lines) == 5                                  # and the border's four edges
    strict = cli("build", str(many), "--for", "mpc", "--strict", "-q", "--out", str(tmp_path / "s"))
    assert strict.status == 2 and "on 12 sides" in strict.err


def picture_deck(tmp_path: Path, pixels: int, w: str, h: str, cards: int = 1) -> Path:
    """tmp_path/d.yaml: poker cards whose face and back place art.png, a grey square of
    pixels each way, at 10 mm from the corner in a w x h box; the deck file."""
    from PIL import Image as PILImage
    PILImage.new("RGB", (pixels, pixels), "#808080").save(tmp_path / "art.png")
    (tmp_path / "face.yaml").write_text(
        "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
        f"  - {{kind: image, src: art.png, x: 10mm, y: 10mm, w: {w}, h: {h}}}\n")
    listed = "".join(f"  - fields: {{a: '{n}'}}\n" for n in range(cards))
    (tmp_path / "d.yaml").write_text(f"name: d\nsize: poker\nface: face.yaml\nback: face.yaml\ncards:\n{listed}")
    return tmp_path / "d.yaml"


@pytest.mark.parametrize("pixels,flagged", [(40, True), (300, False)])
def test_placed_picture_resolution(tmp_path, pixels, flagged):
    found = [line for line in findings(picture_deck(tmp_path, pixels, "20mm", "20mm")) if "art.png" in line]
    # 20 mm is 0.787 in: 40 px give 51 dpi, 300 px give 381 dpi
    assert bool(found) is flagged
    if flagged:
        assert "51 dpi" in found[0] and "card 1" in found[0]


ACCENTS = "Ze" + "\u0301" * 20 + " here"


def test_text_extent_counts_the_ink_of_stacked_accents():
    """Twenty acute accents stacked on an e rise far above the font's ascent: the
    extent reaches the top of their ink (HarfBuzz's glyph extents), not the ascent."""
    import uharfbuzz  # noqa: F401  (the shaping the renderers draw)
    from printgen.fonts import face
    from printgen.shaping import shape
    run = TextRun(10.0, 100.0, ACCENTS, "sans", 20.0)
    metrics = font("sans")
    em = 20.0 / metrics.units_per_em
    shaped = shape("sans", ACCENTS)
    hb_font = face("sans").hb
    ink_top = max(y + hb_font.get_glyph_extents(g).y_bearing for g, y in zip(shaped.glyphs, shaped.ys))
    assert ink_top > 3 * metrics.ascent            # the accents rise three ascents and more
    assert text_extent(run)[1] == pytest.approx(100.0 - ink_top * em)
    plain = text_extent(TextRun(10.0, 100.0, "Ze here", "sans", 20.0))
    assert plain[1] == pytest.approx(100.0 - metrics.ascent * em)


def test_strict_refuses_accents_that_rise_out_of_the_safe_zone(cli, tmp_path):
    """The box reaches past the safe line, and the text is set by its ink (its letters
    far down the box, under the accents): only the accents' ink crosses the line."""
    (tmp_path / "face.yaml").write_text("elements:\n  - {kind: text, text: '{{ card.value }}', x: 8mm, y: 1mm, "
                                        "w: 40mm, h: 40mm, size: 20pt}\n", encoding="utf-8")
    (tmp_path / "back.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#223344'}\n")
    (tmp_path / "deck.yaml").write_text(f"name: acc\nsize: poker\nface: face.yaml\nback: back.yaml\n"
                                        f"cards:\n  - fields: {{value: \"{ACCENTS}\"}}\n", encoding="utf-8")
    result = cli("build", str(tmp_path / "deck.yaml"), "--strict", "--only", "pdf", "--out", str(tmp_path / "out"))
    assert result.status == 2 and "crosses the safe line at the top" in result.err, result.err
    assert not (tmp_path / "out").exists()


def test_a_picture_on_many_cards_is_named_with_its_effective_dpi(tmp_path):
    """The grouped line (one picture on every card) says the dpi the picture has, not
    only that it is too few: 40 px over 17.6 mm is 58 dpi."""
    from printgen.preflight import group_findings
    deck = load_deck(str(picture_deck(tmp_path, 40, "17.6mm", "17.6mm", cards=3)))
    lines = [line for line in group_findings(check_layout(layout_deck(deck), safe=deck.safe, label="test"))
             if "art.png" in line and "sides" in line]
    assert len(lines) == 1 and "58 dpi at its placed size, below the 300 dpi printed" in lines[0], lines


def test_a_stroke_thinner_than_a_quarter_point_is_named_by_its_element_and_width(tmp_path):
    from printgen.preflight import group_findings
    (tmp_path / "face.yaml").write_text(
        "elements:\n"
        "  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
        "  - {kind: line, x1: 6mm, y1: 20mm, x2: 50mm, y2: 20mm, stroke: '#000000', stroke_width: 0.3pt}\n"
        "  - kind: line\n"
        "    x1: 6mm\n    y1: 30mm\n    x2: 50mm\n    y2: 30mm\n"
        "    stroke: '#000000'\n"
        "    stroke_width: 0.1pt\n")
    cards = "".join(f"  - fields: {{a: '{n}'}}\n" for n in range(3))
    (tmp_path / "d.yaml").write_text(f"name: d\nsize: poker\nface: face.yaml\nback: face.yaml\ncards:\n{cards}")
    deck = load_deck(str(tmp_path / "d.yaml"))
    lines = [line for line in group_findings(check_layout(layout_deck(deck), safe=deck.safe, label="test"))
             if "stroke" in line]
    assert len(lines) == 1, lines                            # the faces and the back, one element
    assert "face.yaml:10 elements[2].stroke_width: a 0.10 pt stroke, thinner than 0.25 pt" in lines[0]
    assert "on 4 sides" in lines[0] and "0.30 pt" not in lines[0]


def test_a_thin_stroke_on_a_quarter_turned_deck_is_named_by_the_element_that_drew_it(tmp_path):
    """A landscape deck turned a quarter for a shop's upright cards: its sides are laid
    out again, to name the elements, in the frame they were laid out in, not in their
    turned one (where this template draws its other line)."""
    from printgen.layout.deck import quarter_turned
    from printgen.preflight import group_findings
    from printgen.spec.printdata import print_facts
    (tmp_path / "face.yaml").write_text(
        "elements:\n"
        "  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
        "  - {kind: line, when: '{{ trim.w > trim.h }}', x1: 6mm, y1: 20mm, x2: 50mm, y2: 20mm,\n"
        "     stroke: '#000000', stroke_width: 0.1pt}\n"
        "  - {kind: line, when: '{{ trim.w < trim.h }}', x1: 6mm, y1: 30mm, x2: 50mm, y2: 30mm,\n"
        "     stroke: '#000000', stroke_width: 0.2pt}\n")
    (tmp_path / "d.yaml").write_text("name: d\nsize: {width: 88.9mm, height: 63.5mm}\nface: face.yaml\n"
                                     "back: face.yaml\ncards:\n  - fields: {a: '1'}\n")
    deck = load_deck(str(tmp_path / "d.yaml"))
    turned = quarter_turned(layout_deck(deck), print_facts().card_sizes["poker"])
    assert turned.faces[0].frame.width < turned.faces[0].frame.height
    lines = [line for line in group_findings(check_layout(turned, safe=deck.safe, label="test"))
             if "stroke" in line]
    assert len(lines) == 1, lines
    assert "face.yaml:4 elements[1].stroke_width: a 0.10 pt stroke, thinner than 0.25 pt" in lines[0], lines
    assert "elements[2]" not in lines[0], lines


def test_a_picture_with_too_few_pixels_is_told_the_pixels_its_placed_size_needs(tmp_path):
    """The warning gives what to supply: the pixels the profile's dpi needs at the size the
    picture is placed (a card's back on a larger box panel needs more than the card's)."""
    deck = load_deck(str(picture_deck(tmp_path, 40, "17.6mm", "30mm")))
    said = [str(finding) for finding in check_layout(layout_deck(deck), safe=deck.safe, label="test")
            if "art.png" in str(finding) and "dpi" in str(finding)]
    assert said and all("(208 x 354 px at its 17.6 x 30.0 mm)" in line for line in said), said
