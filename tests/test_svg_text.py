"""SVG text: each glyph drawn where the PDF draws it and at the PDF's size, read back
from both files (the SVG's transforms, the PDF's text matrices), at small sizes and
odd ones, in a face of 2048 units per em and one of 1000."""

from __future__ import annotations

import io
import math
import re

import pdfplumber
import pytest
from lxml import etree
from PIL import Image

from conftest import FIXTURES
from pdfread import text_size
from pictures import pdf_page_image
from printgen.fonts import face, user_face
from printgen.layout.page import Frame, Page, Placed, Side
from printgen.layout.primitives import Rect, TextRun
from printgen.render.pdf import render_pdf
from printgen.render.svg import glyph_path, side_svg
from printgen.shaping import shape

MM = 72 / 25.4
TOLERANCE = 0.02 * MM           # points
SVG = "{http://www.w3.org/2000/svg}"
JAPANESE = user_face(FIXTURES / "captions" / "Japanese.otf")          # 1000 units per em
TEXTS = {"sans": "Spaces before a style change, and accents: élève, café, naïve.",        # 2048
         JAPANESE: "提灯 表面と裏面 全枚中目 提灯 表面と裏面"}


def _product(m: list[float], n: list[float]) -> list[float]:
    """m after n: the affine map (a, b, c, d, e, f) of applying n, then m."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return [a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f]


def _transform(text: str | None) -> list[float]:
    """An SVG transform attribute as one affine map."""
    m = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        v = [float(x) for x in args.replace(",", " ").split()]
        if name == "translate":
            n = [1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0]
        elif name == "scale":
            n = [v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0]
        elif name == "rotate":
            cos, sin = math.cos(math.radians(v[0])), math.sin(math.radians(v[0]))
            n = [cos, sin, -sin, cos, 0.0, 0.0]
        else:
            assert name == "matrix", name
            n = v
        m = _product(m, n)
    return m


def _at(m: list[float], x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def svg_glyphs(text: str) -> list[list[float]]:
    """Each drawn glyph's map from its font units (y up) to the drawing's points (y down)."""
    maps = []
    for path in etree.fromstring(text.encode("utf-8")).iter(f"{SVG}path"):
        m = _transform(path.get("transform"))
        for parent in path.iterancestors(f"{SVG}g"):
            m = _product(_transform(parent.get("transform")), m)
        maps.append(m)
    return maps


def pdf_glyphs(path, height: float, upem: int) -> list[list[float]]:
    """Each drawn glyph's map from its font units to the page's points, y down: its
    text matrix at its type size (as printed) over the units per em."""
    with pdfplumber.open(str(path)) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"].strip()]
    flip = [1.0, 0.0, 0.0, -1.0, 0.0, height]
    return [_product(flip, [v * text_size(c) / upem for v in c["matrix"][:4]] + list(c["matrix"][4:])) for c in chars]


@pytest.mark.parametrize("font", list(TEXTS), ids=["2048-upem", "1000-upem"])
@pytest.mark.parametrize("size", [7, 7.5, 10])
@pytest.mark.parametrize("rotate", [0, 90])
def test_svg_glyphs_sit_where_the_pdf_puts_them_at_its_size(font, size, rotate, tmp_path):
    text = TEXTS[font]
    run = TextRun(20.0, 24.0, text, font, size, rotate=rotate)
    side = Side("run", "a run", Frame(300.0, 300.0, 0.0, 0.0), (run,))
    pdf = render_pdf([Page(300.0, 300.0, (Placed(side, 0.0, 0.0),))], tmp_path / "run.pdf")
    upem = face(font).units_per_em
    expected = pdf_glyphs(pdf, 300.0, upem)
    drawn = svg_glyphs(side_svg(side))
    shaped = shape(font, text)
    assert len(drawn) == len(expected) == sum(bool(glyph_path(font, g)) for g in shaped.glyphs) > 10
    for i, (ours, theirs) in enumerate(zip(drawn, expected, strict=True)):
        for point in ((0, 0), (upem, 0), (0, upem), (upem, upem)):    # the origin and the em's corners
            x, y = _at(ours, *point)
            x2, y2 = _at(theirs, *point)
            assert math.hypot(x - x2, y - y2) < TOLERANCE, (i, point, (x, y), (x2, y2))


def _ink(image: Image.Image, top: int, bottom: int) -> tuple[int, int, int, int] | None:
    """The box of the dark pixels of a band of rows, in the image's pixels."""
    box = image.convert("L").crop((0, top, image.width, bottom)).point(lambda v: 255 if v < 128 else 0).getbbox()
    return None if box is None else (box[0], box[1] + top, box[2], box[3] + top)


def test_lines_of_small_text_cover_the_same_pixels_in_the_svg_and_the_pdf(tmp_path):
    """Lines of 6 to 9 pt drawn by resvg from the SVG and by pdfium from the PDF, at
    288 dpi: each line's ink box the same within a pixel (0.09 mm)."""
    resvg_py = pytest.importorskip("resvg_py")
    sizes = (6, 6.5, 7, 7.5, 8, 9)
    runs = [TextRun(10.0, 16.0 + 13 * i, TEXTS["sans"], "sans", size) for i, size in enumerate(sizes)]
    runs.append(TextRun(10.0, 100.0, TEXTS[JAPANESE], JAPANESE, 7.5))
    side = Side("card", "small text", Frame(260.0, 110.0, 0.0, 0.0),
                (Rect(0.0, 0.0, 260.0, 110.0, fill="#ffffff"), *runs))
    pdf = render_pdf([Page(260.0, 110.0, (Placed(side, 0.0, 0.0),))], tmp_path / "card.pdf")
    png = bytes(resvg_py.svg_to_bytes(svg_string=side_svg(side), width=4 * 260, height=4 * 110, dpi=96,
                                      skip_system_fonts=True))
    shown = Image.open(io.BytesIO(png)).convert("RGBA")
    drawn = Image.new("RGB", shown.size, "white")
    drawn.paste(shown, mask=shown)
    printed = pdf_page_image(pdf, 4 * 72)
    for run in runs:
        band = (round(4 * (run.y - run.size)), round(4 * (run.y + run.size / 2)))
        ours, theirs = _ink(drawn, *band), _ink(printed, *band)
        assert ours and theirs and all(abs(a - b) <= 1 for a, b in zip(ours, theirs)), (run.size, ours, theirs)
