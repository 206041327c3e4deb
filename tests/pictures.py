"""Pictures in tests: a PDF page rasterised by pdfium compared with printgen's own PNG
renderer, decks placing pictures, picture files of known quarters, a PDF's images."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat


def pdf_page_image(path: Path, dpi: int, page: int = 0) -> Image.Image:
    """A page of a PDF (the first by default) as an RGB image (skips the test where
    pypdfium2 is missing)."""
    pdfium = pytest.importorskip("pypdfium2")
    document = pdfium.PdfDocument(str(path))
    try:
        return document[page].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def assert_alike(expected: Image.Image, actual: Image.Image, *, mean_below: float,
                 folder: Path, label: str) -> None:
    """Same size within a pixel, a mean difference under mean_below (of 255), and no
    region differing wholesale (under 1% of pixels differ by more than 96). On a
    failure both images are written to folder."""
    assert abs(expected.width - actual.width) <= 1 and abs(expected.height - actual.height) <= 1, label
    expected = expected.crop((0, 0, *actual.size))
    difference = ImageChops.difference(expected, actual).convert("L")
    mean = ImageStat.Stat(difference).mean[0]
    strong = difference.point(lambda v: 255 if v > 96 else 0).histogram()[255]
    if mean >= mean_below or strong / (actual.width * actual.height) >= 0.01:
        expected.save(folder / f"{label}-expected.png")
        actual.save(folder / f"{label}-actual.png")
        pytest.fail(f"{label}: mean difference {mean:.2f} of 255, {strong} pixels differ "
                    f"strongly; both images in {folder}")


def side_by_side(expected: Image.Image, actual: Image.Image) -> Image.Image:
    """expected | actual | their difference (amplified), on one image."""
    actual = actual.resize(expected.size) if actual.size != expected.size else actual
    difference = ImageChops.difference(expected, actual).point(lambda v: min(255, v * 4))
    sheet = Image.new("RGB", (3 * expected.width + 20, expected.height), "#808080")
    for i, image in enumerate((expected, actual, difference)):
        sheet.paste(image, (i * (expected.width + 10), 0))
    return sheet


def poker_deck(folder: Path, name: str, face: str, back: str, fields: list[str]) -> Path:
    """A poker deck file in folder, named name, with its face and back templates
    (face.yaml, back.yaml) and one card for each of fields (a card's fields mapping
    as YAML flow, e.g. "pic: big.jpg")."""
    (folder / "face.yaml").write_text(face)
    (folder / "back.yaml").write_text(back)
    cards = "".join(f"  - fields: {{{card}}}\n" for card in fields)
    deck = folder / f"{name}.yaml"
    deck.write_text(f"name: {name}\nsize: poker\nface: face.yaml\nback: back.yaml\ncards:\n{cards}")
    return deck


QUARTERS = [(220, 30, 30), (30, 160, 30), (30, 30, 220), (230, 200, 20)]     # top left, top right, ...


def quarters(size: tuple[int, int]) -> Image.Image:
    """A picture of four coloured quarters (QUARTERS), whose turn and mirroring show."""
    picture = Image.new("RGB", size)
    w, h = size
    for i, colour in enumerate(QUARTERS):
        left, top = (i % 2) * w // 2, (i // 2) * h // 2
        ImageDraw.Draw(picture).rectangle((left, top, left + w // 2, top + h // 2), fill=colour)
    return picture


# a face placing a card's picture twice, small and over the whole card with its bleed,
# on a plain back: the decks of the picture pixel tests
PLACED_TWICE = """\
elements:
  - {kind: rect, box: bleed, fill: "#ffffff"}
  - {kind: image, src: "{{ card.pic }}", x: 5mm, y: 5mm, w: 10mm, h: 14mm}
  - {kind: image, src: "{{ card.pic }}", box: bleed}
"""
PLAIN_BACK = "elements:\n  - {kind: rect, box: bleed, fill: '#808080'}\n"
BLEED_PIXELS = (825, 1125)      # a poker card with 1/8 in of bleed a side, at 300 dpi


def picture_files(folder: Path, turned: tuple[int, int] = (2400, 3200)) -> None:
    """Make folder with big.jpg (2400 x 3200), small.jpg (600 x 800), clear.png (1600 x
    2200, a gradient of transparency) and turned.jpg (turned pixels of the size turned,
    with the EXIF orientation that shows them upright), each of quarters()."""
    folder.mkdir()
    quarters((2400, 3200)).save(folder / "big.jpg", quality=90)
    quarters((600, 800)).save(folder / "small.jpg", quality=90)
    clear = quarters((1600, 2200)).convert("RGBA")
    clear.putalpha(Image.linear_gradient("L").resize(clear.size))
    clear.save(folder / "clear.png")
    exif = Image.Exif()
    exif[0x0112] = 6                    # turn 90 degrees clockwise to show
    quarters(turned).transpose(Image.Transpose.ROTATE_90).save(folder / "turned.jpg", exif=exif.tobytes(),
                                                               quality=90)


def image_objects(path: Path) -> dict[int, Any]:
    """The PDF's image XObjects, by object number (each once), as pypdf reads them."""
    import pypdf
    found = {}
    for page in pypdf.PdfReader(path).pages:
        for ref in page["/Resources"].get("/XObject", {}).values():
            obj = ref.get_object()
            if obj["/Subtype"] == "/Image":
                found[ref.idnum] = obj
    return found

