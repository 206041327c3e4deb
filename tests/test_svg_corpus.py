"""SVG pictures in a home PDF against resvg, one small picture per feature.

tests/fixtures/svg-corpus holds small SVGs covering what Inkscape, Illustrator and
Figma exports hold: clip paths (direct, by <use>, by a class, in a style attribute,
moved, nested, in the shape's box), masks, opacities, gradients (href,
gradientTransform, spreadMethod, stops in styles, on moved shapes), patterns, markers,
dashes, joins and caps, fill rules, nested <svg>, the root's viewBox and
preserveAspectRatio, transforms, style sheets, <symbol> and <use>, colours. Each is
drawn as printgen draws it in a home PDF (vectors where pdfsvg.vector_gap finds
nothing, else resvg's picture of it) and by printgen's PNG renderer (resvg), and the
two, rasterised, must be alike. The test is differential: a picture that svglib
draws otherwise than resvg fails it unless vector_gap sends it to resvg, whatever
feature it is. VECTORS are pictures that must stay vectors, so that the check does
not pass by sending everything to resvg.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageChops, ImageFilter, ImageStat
from pypdf import PdfReader

from pictures import pdf_page_image
from printgen.layout.page import Frame, Page, Placed, Side
from printgen.layout.primitives import Image as Picture
from printgen.layout.primitives import Rect
from printgen.render.pdf import render_pdf
from printgen.render.pdfsvg import vector_gap
from printgen.render.png import render_page

CORPUS = Path(__file__).parent / "fixtures" / "svg-corpus"
NAMES = sorted(path.stem for path in CORPUS.glob("*.svg"))
VECTORS = {"plain", "clip-direct", "clip-use", "clip-class", "clip-use-class", "clip-style-attr", "illustrator-ai", "clip-use-path", "clip-use-translated", "clip-on-group",
           "clip-two-shapes", "clip-evenodd", "clip-on-use", "clip-transformed", "figma-clip-group",
           "fill-opacity", "rgba-fill", "lin-grad", "lin-grad-user", "lin-grad-href", "lin-grad-percent",
           "lin-grad-stop-style", "lin-grad-in-transformed-group", "rad-grad-user", "grad-by-class",
           "dasharray", "dash-class", "linecap-round", "linejoin-bevel", "miter-default", "evenodd",
           "evenodd-style", "transforms", "css-classes", "css-descendant", "css-inherit-group", "use-plain",
           "use-group", "use-of-use", "inkscape-layer", "root-par-meet", "root-par-slice", "root-no-viewbox",
           "root-viewbox-only", "root-mm", "arc-path", "curves-path", "rounded-rect", "colour-short-hex"}
DPI = 144


def placed(path: Path) -> Page:
    """A 220 x 120 pt page: white, the picture drawn into a 200 x 100 pt box."""
    side = Side("svg", "svg picture", Frame(220.0, 120.0, 0.0, 0.0),
                (Rect(0.0, 0.0, 220.0, 120.0, fill="#ffffff"), Picture(10.0, 10.0, 200.0, 100.0, path)))
    return Page(220.0, 120.0, (Placed(side, 0.0, 0.0),))


def has_image(pdf: Path) -> bool:
    xobjects = PdfReader(str(pdf)).pages[0]["/Resources"].get("/XObject") or {}
    return any(one.get_object()["/Subtype"] == "/Image" for one in xobjects.values())


def test_the_corpus_is_there():
    assert len(NAMES) > 100
    assert set(NAMES) >= VECTORS


@pytest.mark.parametrize("name", NAMES)
def test_the_home_pdf_draws_each_picture_as_resvg_does(tmp_path, name):
    """The PDF's page and the PNG renderer's differ by under 2 of 255 on the mean, and
    by more than 40 in under 0.5 % of pixels, counting only those with all eight
    neighbours as far off (so not a line of pixels along an edge that the two
    rasterisers shade otherwise, but any patch drawn otherwise); a picture placed as
    resvg's picture (at 300 dpi, then resampled) in under 2 %."""
    path = CORPUS / f"{name}.svg"
    page = placed(path)
    pdf = render_pdf([page], tmp_path / f"{name}.pdf")
    vectors = not has_image(pdf)
    assert vectors == (vector_gap(path) is None), name
    if name in VECTORS:
        assert vectors, f"{name}: placed as a picture ({vector_gap(path)}); expected vectors"
    expected = render_page(page, DPI)
    actual = pdf_page_image(pdf, DPI).crop((0, 0, *expected.size))
    difference = ImageChops.difference(expected, actual).convert("L")
    mean = ImageStat.Stat(difference).mean[0]
    far = difference.point(lambda v: 255 if v > 40 else 0).filter(ImageFilter.MinFilter(3))
    far = far.histogram()[255] / (expected.width * expected.height)
    if mean >= 2.0 or far >= (0.005 if vectors else 0.02):
        expected.save(tmp_path / "resvg.png")
        actual.save(tmp_path / "pdf.png")
        pytest.fail(f"{name}: drawn as {'vectors' if vectors else 'a picture'}, mean difference {mean:.2f}, "
                    f"{far:.2%} of pixels far off; both in {tmp_path}")
