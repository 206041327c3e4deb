"""The DriveThruCards file as PDF/X-1a:2003 (ISO 15930-4), clause by clause, read back
from the PDF with pypdf (no free PDF/X validator installs from PyPI or Debian: veraPDF
checks PDF/A and PDF/UA only).

Colours are checked against LittleCMS's conversion (Pillow's ImageCms) through the
profile embedded in the file itself: the same sRGB value converted here must give the
CMYK the file holds, within 2 % per channel (where under the shop's total ink limit:
test_ink_limit.py).
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageCms
from pypdf import PdfReader
from pypdf.generic import ContentStream

from conftest import FIXTURES
from printgen.products.export import ExportOptions, export_deck
from printgen.spec import load_deck
from printgen.spec.vendors import profile

CLEAN = FIXTURES / "preflight" / "clean.yaml"
COLORS = ["#1f77b4", "#ff7f0e", "#9467bd"]       # the clean deck's card colours
BACK = "#333333"
INK_LIMIT = 2.4                                    # DriveThruCards' printer, 240 %
COLOUR_OPS = {b"k", b"K", b"g", b"G", b"rg", b"RG", b"sc", b"SC", b"scn", b"SCN", b"cs", b"CS"}


def export(deck_path: str, out: Path) -> Path:
    result = export_deck(load_deck(deck_path), profile("drivethrucards"), ExportOptions(out=out, quiet=True))
    pdf, = result.files
    return pdf


@pytest.fixture(scope="module")
def clean(tmp_path_factory) -> Path:
    return export(str(CLEAN), tmp_path_factory.mktemp("pdfx"))


@pytest.fixture(scope="module")
def sabacc(tmp_path_factory) -> Path:
    return export("sabacc-62", tmp_path_factory.mktemp("pdfx-sabacc"))


def embedded_profile(reader: PdfReader) -> bytes:
    intent, = reader.trailer["/Root"]["/OutputIntents"]
    return intent.get_object()["/DestOutputProfile"].get_object().get_data()


def colour_ops(reader: PdfReader, page) -> list[tuple[bytes, list[float]]]:
    """The page's colour operators with their operands, in order."""
    ops = ContentStream(page.get_contents(), reader).operations
    return [(op, [float(v) for v in operands if not hasattr(v, "startswith")])
            for operands, op in ops if op in COLOUR_OPS]


def press(profile_bytes: bytes, hex_colour: str) -> tuple[float, ...]:
    """LittleCMS's conversion of an sRGB colour through the profile, relative
    colorimetric with black point compensation, as fractions."""
    dest = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes))
    transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), dest, "RGB", "CMYK",
                                        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), hex_colour), transform).getpixel((0, 0))
    return tuple(v / 255 for v in pixel)


@pytest.mark.parametrize("which", ["clean", "sabacc"])
def test_pdf_1_3_header(request, which):
    path = request.getfixturevalue(which)
    assert path.read_bytes()[:9] == b"%PDF-1.3\n"                 # PDF/X-1a:2003 allows 1.3 and 1.4


def test_output_intent_embeds_a_cmyk_printer_profile(clean):
    reader = PdfReader(str(clean))
    intents = reader.trailer["/Root"]["/OutputIntents"]
    assert len(intents) == 1
    intent = intents[0].get_object()
    assert intent["/Type"] == "/OutputIntent" and intent["/S"] == "/GTS_PDFX"
    assert intent["/OutputConditionIdentifier"]                   # names the printing condition
    stream = intent["/DestOutputProfile"].get_object()
    assert stream["/N"] == 4
    data = stream.get_data()
    assert data[12:16] == b"prtr" and data[16:20] == b"CMYK"      # an output profile, CMYK data
    assert int.from_bytes(data[:4], "big") == len(data)            # whole, as its header says
    ImageCms.ImageCmsProfile(io.BytesIO(data))                     # LittleCMS reads it


def test_pdfx_keys_and_trapped_in_the_document_information(clean):
    info = PdfReader(str(clean)).trailer["/Info"].get_object()
    assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003"              # ISO 15930-4's identification
    assert "/GTS_PDFXConformance" not in info                       # (PDF/X-1a:2001's key)
    assert info["/Trapped"] in ("/True", "/False")
    assert info["/Title"] and info["/CreationDate"] and info["/ModDate"]
    assert PdfReader(str(clean)).trailer.get("/ID")              # the file identifier PDF/X asks for


@pytest.mark.parametrize("which", ["clean", "sabacc"])
def test_every_page_has_trim_inside_bleed_inside_media(request, which):
    reader = PdfReader(str(request.getfixturevalue(which)))
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page
        trim, bleed, media = ([float(v) for v in box] for box in (page.trimbox, page.bleedbox, page.mediabox))
        assert bleed[0] <= trim[0] < trim[2] <= bleed[2] and bleed[1] <= trim[1] < trim[3] <= bleed[3]
        assert media[0] <= bleed[0] and media[1] <= bleed[1] and bleed[2] <= media[2] and bleed[3] <= media[3]


@pytest.mark.parametrize("which", ["clean", "sabacc"])
def test_no_transparency_and_only_cmyk_or_grey_colour(request, which):
    reader = PdfReader(str(request.getfixturevalue(which)))
    inks = 0
    for page in reader.pages:
        assert "/Group" not in page                                    # no transparency group
        resources = page["/Resources"]
        for state in (resources.get("/ExtGState") or {}).values():
            state = state.get_object()
            assert "/SMask" not in state or state["/SMask"] == "/None"
            assert float(state.get("/CA", 1)) == 1 and float(state.get("/ca", 1)) == 1
            assert state.get("/BM", "/Normal") in ("/Normal", "/Compatible")
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            assert "/SMask" not in xobject
            assert xobject.get("/ColorSpace") in (None, "/DeviceCMYK", "/DeviceGray")
        for op, values in colour_ops(reader, page):
            assert op in (b"k", b"K", b"g", b"G"), op                  # no RGB, no other colour space
            if op in (b"k", b"K"):
                assert sum(values) <= INK_LIMIT + 1e-9, values        # within the shop's total ink
                inks += 1
    assert inks > 0


def test_fonts_embedded(clean):
    reader = PdfReader(str(clean))
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            font = descendants[0].get_object() if descendants else font
            descriptor = font["/FontDescriptor"].get_object()
            assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def test_colours_are_the_profiles_conversion_of_the_same_rgb(clean):
    """Each card's first fill is its background: the card's colour on faces, the back's
    on backs (pages go back 1, front 1, back 2, ...)."""
    reader = PdfReader(str(clean))
    data = embedded_profile(reader)
    for number, page in enumerate(reader.pages):
        expected = press(data, BACK if number % 2 == 0 else COLORS[number // 2])
        fills = [values for op, values in colour_ops(reader, page) if op == b"k"]
        assert fills[0] == pytest.approx(expected, abs=0.02), (number, fills[0], expected)


def test_the_navy_back_is_a_press_navy(sabacc):
    """The Sabacc back's navy through the press profile is a deep four-colour navy
    (mostly cyan and magenta over black), not the plain formula's C59 M41 Y0 K74; its
    black is the profile's (its other inks give way to the ink limit: test_ink_limit.py)."""
    reader = PdfReader(str(sabacc))
    data = embedded_profile(reader)
    first = next(values for op, values in colour_ops(reader, reader.pages[0]) if op == b"k")
    assert first[3] == pytest.approx(press(data, "#1b2742")[3], abs=0.02)
    cyan, magenta, yellow, black = first
    assert cyan > 0.75 and magenta > 0.6 and yellow > 0.2 and 0.4 < black < 0.7


def test_pictures_become_cmyk_without_a_soft_mask(tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(CLEAN.parent, folder)
    picture = Image.new("RGBA", (40, 40), (200, 30, 30, 0))
    picture.paste((30, 120, 200, 255), (10, 10, 30, 30))
    picture.save(folder / "mark.png")
    face = (folder / "face.yaml").read_text()
    (folder / "face.yaml").write_text(face + "  - {kind: image, src: mark.png, x: 10mm, y: 30mm, w: 20mm, h: 20mm}\n")
    reader = PdfReader(str(export(str(folder / "clean.yaml"), tmp_path / "out")))
    images = [x.get_object() for page in reader.pages
              for x in (page["/Resources"].get("/XObject") or {}).values()]
    assert images
    for image in images:
        assert image["/ColorSpace"] == "/DeviceCMYK" and "/SMask" not in image and "/Mask" not in image
