"""The per-card PNG and SVG files, font embedding, determinism, and the renderers agreeing."""

from __future__ import annotations

import re

import pytest
from PIL import Image
from pypdf import PdfReader

from pictures import assert_alike, pdf_page_image

from printgen.layout.deck import layout_deck
from printgen.layout.page import Clip, Page, Placed
from printgen.products.deck import DeckBuild, build_deck
from printgen.render.pdf import render_pdf
from printgen.render.png import render_side
from printgen.spec import load_deck
from printgen.spec.printdata import paper


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("deck")
    build_deck(load_deck("sabacc-62"), DeckBuild(out=out, paper=paper("a4"), quiet=True))
    return out


def test_a_png_per_face_and_back_at_300_dpi_with_bleed(built):
    pngs = sorted((built / "png").glob("*.png"))
    assert len(pngs) == 63                                     # 62 faces and the one back
    assert (built / "png" / "back.png").exists()
    for path in pngs[:5] + pngs[-3:]:
        with Image.open(path) as image:
            assert image.size == (825, 1125)
            assert image.mode == "RGB"
            assert tuple(round(v) for v in image.info["dpi"]) == (300, 300)


def test_an_svg_per_face_and_back_at_physical_size(built):
    svgs = sorted((built / "svg").glob("*.svg"))
    assert len(svgs) == 63
    text = svgs[0].read_text()
    assert re.search(r'width="69\.85mm"', text) and re.search(r'height="95\.25mm"', text)
    assert 'viewBox="-9 -9 198 270"' in text                   # points, trim at the origin
    assert "<text" not in text                                 # glyphs are outlines
    assert text.count("<path") > 4


def test_pdf_embeds_its_fonts(built):
    reader = PdfReader(str(built / "sabacc-62-a4.pdf"))
    fonts = {}
    for page in reader.pages[:2]:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] \
                if "/DescendantFonts" in font else font.get("/FontDescriptor")
            if descriptor is not None:
                fonts[font["/BaseFont"]] = "/FontFile2" in descriptor.get_object()
    used = {name: embedded for name, embedded in fonts.items() if "DejaVu" in name or "printgen" in name}
    assert used and all(used.values()), fonts


def test_same_inputs_give_byte_identical_files(built, tmp_path):
    build_deck(load_deck("sabacc-62"), DeckBuild(out=tmp_path, paper=paper("a4"), quiet=True))
    for name in ("sabacc-62-a4.pdf", "png/01-plus1-circle.png", "png/back.png",
                 "svg/62-sylop.svg", "svg/back.svg"):
        assert (tmp_path / name).read_bytes() == (built / name).read_bytes(), name


def test_a_deck_built_from_another_folder_gives_the_same_pdf(tmp_path):
    """A picture is named in the PDF by its content, not by its path (reportlab's
    default), so moving a deck's folder does not change the PDF's bytes."""
    pdfs = []
    for folder in ("first", "second/deeper"):
        deck = tmp_path / folder
        deck.mkdir(parents=True)
        Image.new("RGB", (60, 40), "#3366aa").save(deck / "art.png")
        (deck / "face.yaml").write_text(
            "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
            "  - {kind: image, src: art.png, x: 10mm, y: 10mm, w: 30mm, h: 20mm}\n")
        (deck / "d.yaml").write_text("name: d\nsize: poker\nface: face.yaml\nback: face.yaml\n"
                                     "cards:\n  - fields: {a: b}\n")
        out = tmp_path / f"out-{len(pdfs)}"
        build_deck(load_deck(str(deck / "d.yaml")), DeckBuild(out=out, paper=paper("a4"), quiet=True,
                                                             formats=frozenset({"pdf"})))
        pdfs.append(out / "d-a4.pdf")
    assert pdfs[0].read_bytes() == pdfs[1].read_bytes()
    assert b"/Subtype /Image" in pdfs[0].read_bytes()


def test_pdf_and_png_show_the_same_card(tmp_path):
    """Rasterise a single-card PDF page and compare it with the PNG renderer's image."""
    layout = layout_deck(load_deck("sabacc-62"))
    for side in (layout.faces[16], layout.faces[-1], layout.backs["sabacc-back"]):
        f = side.frame
        page = Page(f.width + 2 * f.bleed, f.height + 2 * f.bleed, (Placed(side, f.bleed, f.bleed, Clip.BLEED),))
        path = render_pdf([page], tmp_path / f"{side.name}.pdf")
        assert_alike(pdf_page_image(path, 300), render_side(side, 300), mean_below=4.0,
                     folder=tmp_path, label=side.name)
