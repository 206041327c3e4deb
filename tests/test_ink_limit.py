"""The DriveThruCards file keeps within the total ink its printer takes (240 %, the
profile's `ink_limit:`), read back from the written PDF: every colour operator's
C + M + Y + K, and every picture's pixels, vector colours and pictures alike, a CMYK
JPEG placed on a card included. A colour over the limit keeps its black and loses
cyan, magenta and yellow in proportion; one under it is left as the profile made it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import FIXTURES
from printgen.products.export import ExportOptions, export_deck
from printgen.render.pdfx import press_cmyk
from printgen.spec import load_deck
from printgen.spec.vendors import profile
from test_pdfx import colour_ops

CLEAN = FIXTURES / "preflight" / "clean.yaml"
LIMIT = 2.4


def export(deck: str, out: Path) -> tuple[Path, list[str]]:
    result = export_deck(load_deck(deck), profile("drivethrucards"), ExportOptions(out=out, quiet=True))
    pdf, = result.files
    return pdf, result.notes


def picture_samples(pdf: Path) -> list[Image.Image]:
    """Every picture of the file, as the CMYK pixels it holds."""
    found = []
    for page in PdfReader(str(pdf)).pages:
        for xobject in (page["/Resources"].get("/XObject") or {}).values():
            image = xobject.get_object()
            assert image["/ColorSpace"] == "/DeviceCMYK"
            size = (int(image["/Width"]), int(image["/Height"]))
            found.append(Image.frombytes("CMYK", size, image.get_data()))
    return found


def most_ink(image: Image.Image) -> int:
    data = image.tobytes()                  # (C, M, Y, K) a pixel, on every Pillow the ranges allow
    return max(sum(data[at:at + 4]) for at in range(0, len(data), 4))


@pytest.fixture(scope="module")
def sabacc(tmp_path_factory) -> tuple[Path, list[str]]:
    return export("sabacc-62", tmp_path_factory.mktemp("ink-sabacc"))


def test_the_limit_is_the_shops_fact():
    assert profile("drivethrucards").ink_limit == LIMIT


def test_every_colour_of_the_file_is_within_the_shops_limit(sabacc):
    pdf, _ = sabacc
    reader = PdfReader(str(pdf))
    totals = [sum(values) for page in reader.pages for op, values in colour_ops(reader, page)
              if op in (b"k", b"K")]
    assert totals and max(totals) <= LIMIT + 1e-9
    assert max(totals) > LIMIT - 0.01                 # the darkest colours come down to it, not below


def test_the_navy_back_keeps_its_black_and_the_proportions_of_its_other_inks(sabacc):
    """#1b2742 through the profile is C90 M74 Y36 K57 (257 %): K stays, C, M and Y
    shrink by the same factor until the total is 240 %."""
    pdf, _ = sabacc
    reader = PdfReader(str(pdf))
    first = next(values for op, values in colour_ops(reader, reader.pages[0]) if op == b"k")
    c, m, y, k = press_cmyk((0x1B, 0x27, 0x42))
    assert c + m + y + k > LIMIT
    assert first[3] == pytest.approx(k, abs=1e-4)
    scale = (LIMIT - k) / (c + m + y)
    assert first[:3] == pytest.approx([c * scale, m * scale, y * scale], abs=2e-4)
    assert sum(first) == pytest.approx(LIMIT, abs=1e-3)


def test_the_build_line_states_the_limit_used(sabacc):
    _, notes = sabacc
    assert any("total ink at most 240%" in note for note in notes), notes


def with_picture(tmp_path: Path, picture: Image.Image, name: str) -> Path:
    folder = tmp_path / "deck"
    shutil.copytree(CLEAN.parent, folder)
    picture.save(folder / name)
    face = (folder / "face.yaml").read_text()
    (folder / "face.yaml").write_text(face + f"  - {{kind: image, src: {name}, x: 10mm, y: 30mm, w: 20mm, h: 20mm}}\n")
    return folder / "clean.yaml"


def test_a_converted_picture_is_within_the_limit(tmp_path):
    """An RGB picture's black converts to the profile's 298 % rich black; it is brought
    down to 240 % as a vector colour is."""
    picture = Image.new("RGB", (240, 240), (0, 0, 0))
    picture.paste((31, 119, 180), (0, 0, 120, 240))
    pdf, _ = export(str(with_picture(tmp_path, picture, "dark.png")), tmp_path / "out")
    samples = picture_samples(pdf)
    assert samples and all(most_ink(image) <= LIMIT * 255 for image in samples)
    reader = PdfReader(str(pdf))                      # a vector colour under the limit is left alone
    first = next(values for op, values in colour_ops(reader, reader.pages[1]) if op == b"k")
    assert first == pytest.approx(press_cmyk((0x1F, 0x77, 0xB4)), abs=1e-4)     # the first card's blue


def test_a_cmyk_jpeg_is_limited_and_keeps_its_inks_where_under(tmp_path):
    """A CMYK JPEG of 400 % beside a light 100 % area: the dark half is brought to 240 %,
    its black kept; the light half keeps the inks the picture gives it."""
    picture = Image.new("CMYK", (240, 240), (255, 255, 255, 255))
    picture.paste((25, 50, 75, 100), (120, 0, 240, 240))
    deck = with_picture(tmp_path, picture, "inks.jpg")
    source = Image.open(deck.parent / "inks.jpg")
    source.load()
    pdf, _ = export(str(deck), tmp_path / "out")
    samples = [image for image in picture_samples(pdf) if image.size == source.size]
    assert samples
    for image in samples:
        assert most_ink(image) <= int(LIMIT * 255)
        dark, light = image.getpixel((30, 120)), image.getpixel((200, 120))
        assert dark[3] == source.getpixel((30, 120))[3] and sum(dark) >= int(LIMIT * 255) - 3
        assert light == source.getpixel((200, 120))
