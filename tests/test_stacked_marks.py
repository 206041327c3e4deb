"""Marks stacked on a letter (a pile of combining accents, Vietnamese tone marks over a
circumflex) rise past the font's ascent and fall past its descent: a card's text box
fits its lines by their ink, so on paper the marks stay inside the box and clear of
the next line. Read back from the PDF: each glyph where it is drawn (pdfminer), and
its ink from the font file's glyph extents (HarfBuzz), not from printgen's layout."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import uharfbuzz as hb
from pdfminer.converter import PDFLayoutAnalyzer
from pdfminer.layout import LAParams
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage

from printgen.fonts import FILES, FONT_DIR

ZALGO = "Z\u0334\u0321\u0322\u0353\u0344\u033ea\u0338\u0327\u034d\u034al\u0335g\u0336o"
VIETNAMESE = "\u1ec4\u0309 Vi\u1ec7t \u1ec6\u0303"          # Ễ with a hook above, Ệ with a tilde
TEXT = f"{ZALGO} {VIETNAMESE}\n{VIETNAMESE} {ZALGO}"          # two lines, each with marks above and below
BOX = (5.0, 40.0)                                               # each box's x and width (mm)
TOPS = {"top": 5.0, "bottom": 30.0, "markup": 55.0}             # each box's y (mm); 20 mm tall
MM = 72 / 25.4


class _Glyphs(PDFLayoutAnalyzer):
    """Every glyph drawn: its glyph id, origin (pt, y up) and size."""

    def __init__(self, manager: PDFResourceManager) -> None:
        super().__init__(manager, laparams=LAParams())
        self.found: list[tuple[int, float, float, float]] = []

    def render_char(self, matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate):  # pdfminer's names
        a, b, _, _, e, f = matrix
        self.found.append((cid, e, f, fontsize * (a * a + b * b) ** 0.5))
        return super().render_char(matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate)


def glyphs(path: Path) -> list[tuple[int, float, float, float]]:
    manager = PDFResourceManager()
    device = _Glyphs(manager)
    interpreter = PDFPageInterpreter(manager, device)
    with path.open("rb") as handle:
        interpreter.process_page(next(PDFPage.get_pages(handle)))
    return device.found


def boxes(path: Path) -> list[tuple[float, float, float, float]]:
    """The text boxes' outlines drawn on the sheet (pt, y up): left, bottom, right, top."""
    with pdfplumber.open(str(path)) as pdf:
        page = pdf.pages[0]
        return [(r["x0"], page.height - r["bottom"], r["x1"], page.height - r["top"]) for r in page.rects
                if abs(r["width"] - BOX[1] * MM) < 0.1 and abs(r["height"] - 20 * MM) < 0.1]


def deck(folder: Path) -> Path:
    elements = []
    for name, top in TOPS.items():
        where = f"x: {BOX[0]}mm, y: {top}mm, w: {BOX[1]}mm, h: 20mm"
        elements.append(f"  - {{kind: rect, {where}, stroke: '#ff0000', stroke_width: 0.2pt}}")
        style = {"top": "", "bottom": ", valign: bottom", "markup": ", markup: true"}[name]
        elements.append(f"  - {{kind: text, text: '{{{{ card.line }}}}', {where}, size: 14pt, min_size: 6pt{style}}}")
    (folder / "face.yaml").write_text("elements:\n" + "\n".join(elements) + "\n", encoding="utf-8")
    (folder / "back.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#000000'}\n", encoding="utf-8")
    (folder / "deck.yaml").write_text(f"name: marks\nsize: poker\nface: face.yaml\nback: back.yaml\n"
                                      f"cards:\n  - fields: {{line: {json.dumps(TEXT)}}}\n", encoding="utf-8")
    return folder / "deck.yaml"


def test_stacked_marks_stay_in_their_box_and_clear_of_the_next_line(cli, tmp_path):
    result = cli("build", str(deck(tmp_path)), "--only", "pdf", "--out", str(tmp_path / "out"))
    assert result.status == 0, result.err
    pdf = tmp_path / "out" / "marks-a4.pdf"
    font = hb.Font(hb.Face(hb.Blob.from_file_path(str(FONT_DIR / FILES["sans"]))))
    upem = font.face.upem
    letters = {font.get_nominal_glyph(ord(ch)) for ch in "ZalgoVit"}
    outlines = boxes(pdf)
    assert len(outlines) == 3, outlines
    for left, bottom, right, top in outlines:
        drawn = [(gid, y, size) for gid, x, y, size in glyphs(pdf) if left - 1 <= x <= right and bottom <= y <= top]
        baselines = sorted({round(y, 2) for gid, y, _ in drawn if gid in letters}, reverse=True)
        assert len(baselines) == 2, baselines
        lines: dict[float, list[tuple[float, float]]] = {baseline: [] for baseline in baselines}
        for gid, y, size in drawn:            # a mark's origin is moved off the baseline: it is on the nearest
            ink = font.get_glyph_extents(gid)
            if ink is not None and ink.height:
                high = y + ink.y_bearing * size / upem
                lines[min(baselines, key=lambda b: abs(b - y))].append((high, high + ink.height * size / upem))
        ascent = baselines[1] + font.get_font_extents("ltr").ascender * drawn[0][2] / upem
        (_, first), (_, second) = sorted(lines.items(), reverse=True)
        assert max(high for high, _ in second) > ascent, "no mark rises past the ascent"
        assert max(high for high, _ in first) <= top + 0.01, "marks rise out of the top of the box"
        assert min(low for _, low in second) >= bottom - 0.01, "marks fall out of the bottom of the box"
        assert min(low for _, low in first) > max(high for high, _ in second), "the lines' marks collide"


def test_only_a_line_whose_marks_overhang_moves():
    """Plain lines keep their place; a second line with a hook over a tone-marked
    capital is set lower (by how far its marks rise past the ascent), and the first
    line stays where it was."""
    from printgen.layout.text import TextStyle, set_text
    style = TextStyle(size=12.0)
    plain = set_text("Hello there\nsecond line", 0.0, 0.0, 100.0, 40.0, style, "test")
    marked = set_text("Hello there\nsecond line \u1ec4\u0309", 0.0, 0.0, 100.0, 40.0, style, "test")
    assert marked[0].y == plain[0].y and marked[-1].y > plain[-1].y
