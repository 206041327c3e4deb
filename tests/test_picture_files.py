"""Picture files as cameras, scanners and the web save them: each is printed as it is
meant to be seen, alike in the PNGs, the SVGs, the home PDF and the print shop's PDF.

Each card shows one picture stretched over its whole bleed: a design whose top half is
one colour and bottom half another, saved as a phone's JPEG (stored on its side, with
an EXIF orientation), a scanner's 16-bit greyscale PNG (and one with a transparent
grey), a WebP (one of them named .png) and a CMYK JPEG. Each is of its own pixel size, so that the print shop's PDF
shows which picture an image is.
"""

from __future__ import annotations

import base64
import io
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageCms, ImageDraw, ImageOps

from pictures import QUARTERS, pdf_page_image, poker_deck, quarters
from printgen.errors import InputError

RED, BLUE = (220, 30, 30), (30, 30, 220)
FACE = """\
elements:
  - {kind: rect, box: bleed, fill: "#ffffff"}
  - {kind: image, src: "{{ card.pic }}", box: bleed}
"""
BACK = "elements:\n  - {kind: rect, box: bleed, fill: '#808080'}\n"
TURNED = {2: "FLIP_LEFT_RIGHT", 3: "ROTATE_180", 4: "FLIP_TOP_BOTTOM", 5: "TRANSPOSE", 6: "ROTATE_90",
          7: "TRANSVERSE", 8: "ROTATE_270"}      # how a picture of each EXIF orientation is stored
CARDS = ["exif", "grey16", "webp", "named", "cmyk", *(f"turn{n}" for n in TURNED), "clear16"]
CMYK_TOP, CMYK_BOTTOM = (255, 255, 0, 0), (0, 255, 255, 0)      # C100 M100, M100 Y100


def halves(size: tuple[int, int], top: Any, bottom: Any, mode: str = "RGB") -> Image.Image:
    picture = Image.new(mode, size, top)
    ImageDraw.Draw(picture).rectangle((0, size[1] // 2, size[0], size[1]), fill=bottom)
    return picture


def quarter_colours(image: Image.Image) -> list[tuple[int, ...]]:
    return [image.getpixel(((1 + 2 * (i % 2)) * image.width // 4, (1 + 2 * (i // 2)) * image.height // 4))
            for i in range(4)]


def make_deck(folder: Path) -> Path:
    folder.mkdir()
    upright = halves((200, 300), RED, BLUE)
    exif = Image.Exif()
    exif[0x0112] = 6                    # turn 90 degrees clockwise to show
    upright.transpose(Image.Transpose.ROTATE_90).save(folder / "exif.jpg", exif=exif.tobytes(), quality=95)
    grey = halves((180, 270), 0x2020, 0xC0C0, "I")
    grey.convert("I;16").save(folder / "grey16.png")
    # a 16-bit grey with a transparent grey (a tRNS chunk): its top half of exactly that
    # value, its bottom half one step (of 65535) from it, opaque
    halves((190, 285), 0x2020, 0x2021, "I").convert("I;16").save(folder / "clear16.png", transparency=0x2020)
    halves((220, 330), RED, BLUE).save(folder / "webp.webp", lossless=True)
    halves((240, 360), RED, BLUE).save(folder / "named.png", format="WEBP", lossless=True)
    halves((160, 240), CMYK_TOP, CMYK_BOTTOM, "CMYK").save(folder / "cmyk.jpg", quality=100)
    files = {"exif": "exif.jpg", "grey16": "grey16.png", "webp": "webp.webp", "named": "named.png",
             "cmyk": "cmyk.jpg", "clear16": "clear16.png"}
    for orientation, stored in TURNED.items():
        exif[0x0112] = orientation
        quarters((100, 150)).transpose(Image.Transpose[stored]).save(
            folder / f"turn{orientation}.jpg", exif=exif.tobytes(), quality=95)
        files[f"turn{orientation}"] = f"turn{orientation}.jpg"
    return poker_deck(folder, "pics", FACE, BACK, [f"pic: {files[name]}" for name in CARDS])


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Any]:
    """The deck's PNGs and SVGs (built as `printgen build` does), its one-card pages as a
    home (RGB) PDF, and its DriveThruCards PDF."""
    from printgen.cli import main
    from printgen.layout.shop import card_pages
    from printgen.products.export import ExportOptions, export_deck, vendor_layout
    from printgen.render.pdf import render_pdf
    from printgen.spec import load_deck
    from printgen.spec.vendors import profile
    root = tmp_path_factory.mktemp("picfiles")
    path = make_deck(root / "deck")
    assert main(["build", str(path), "--only", "png,svg", "-q", "--jobs", "1", "--out", str(root / "out")]) == 0
    deck = load_deck(str(path))
    home = render_pdf(card_pages(vendor_layout(deck, profile("drivethrucards"))), root / "home.pdf", boxes=True)
    press, = export_deck(deck, profile("drivethrucards"), ExportOptions(out=root / "press", quiet=True)).files
    return {"out": root / "out", "home": home, "press": press, "deck": root / "deck"}


def card_png(built: dict[str, Any], name: str) -> Image.Image:
    return Image.open(card_file(built, "png", name)).convert("RGB")


def card_file(built: dict[str, Any], kind: str, name: str) -> Path:
    number = CARDS.index(name) + 1
    found, = (path for path in (built["out"] / kind).glob("*-card-*") if int(path.name.split("-")[0]) == number)
    return found


def svg_picture(built: dict[str, Any], name: str) -> tuple[str, bytes]:
    found = card_file(built, "svg", name)
    kind, data = re.search(r'href="data:([^;]+);base64,([^"]+)"', found.read_text()).groups()
    return kind, base64.b64decode(data)


def top_bottom(image: Image.Image) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The colours a quarter of the way down and a quarter of the way up, in the middle."""
    x = image.width // 2
    return image.getpixel((x, image.height // 4)), image.getpixel((x, image.height * 3 // 4))


def near(colour: tuple[int, ...], expected: tuple[int, ...], within: int = 12) -> bool:
    return all(abs(a - b) <= within for a, b in zip(colour, expected, strict=True))


def home_page(built: dict[str, Any], name: str) -> Image.Image:
    return pdf_page_image(built["home"], 72, CARDS.index(name) * 2 + 1)      # each back, then its face


def test_a_phone_photo_is_printed_upright_in_every_output(built):
    top, bottom = top_bottom(card_png(built, "exif"))
    assert near(top, RED) and near(bottom, BLUE), (top, bottom)
    top, bottom = top_bottom(home_page(built, "exif"))
    assert near(top, RED) and near(bottom, BLUE), (top, bottom)
    kind, data = svg_picture(built, "exif")     # shown as stored, as a reader that ignores EXIF would
    with Image.open(io.BytesIO(data)) as embedded:
        assert embedded.getexif().get(0x0112, 1) == 1 and embedded.format == "JPEG" == kind[6:].upper()
        assert embedded.height > embedded.width
        top, bottom = top_bottom(embedded.convert("RGB"))
    assert near(top, RED) and near(bottom, BLUE), (top, bottom)


@pytest.mark.parametrize("orientation", sorted(TURNED))
def test_each_exif_orientation_is_shown_upright_and_unmirrored(built, orientation):
    name = f"turn{orientation}"
    with Image.open(built["deck"] / f"{name}.jpg") as stored:
        shown = quarter_colours(ImageOps.exif_transpose(stored))
        assert all(near(colour, expected) for colour, expected in zip(shown, QUARTERS, strict=True)), shown
    _, data = svg_picture(built, name)
    with Image.open(io.BytesIO(data)) as embedded:
        svg = embedded.convert("RGB")
    for label, image in (("png", card_png(built, name)), ("pdf", home_page(built, name)), ("svg", svg)):
        found = quarter_colours(image)
        assert all(near(colour, expected) for colour, expected in zip(found, QUARTERS, strict=True)), \
            (label, found)


def test_a_phone_photo_is_measured_upright(built):
    from printgen.pictures import check_picture
    assert check_picture(built["deck"] / "exif.jpg", "here") == (200, 300)


def test_a_16_bit_greyscale_png_prints_its_greys(built):
    for image in (card_png(built, "grey16"), home_page(built, "grey16")):
        top, bottom = top_bottom(image)
        assert near(top, (32, 32, 32), 3) and near(bottom, (192, 192, 192), 3), (top, bottom)


def test_a_16_bit_greyscale_png_keeps_its_transparent_grey(built):
    """A 16-bit grey PNG's tRNS chunk names one 16-bit grey transparent: the card's
    white shows through the top half, of exactly that value, in the PNG, the home PDF
    and the SVG's embedded picture; the bottom half, a step of 65535 from it (the same
    grey at 8 bits), stays opaque."""
    assert b"tRNS" in (built["deck"] / "clear16.png").read_bytes()
    for image in (card_png(built, "clear16"), home_page(built, "clear16")):
        top, bottom = top_bottom(image)
        assert near(top, (255, 255, 255), 3) and near(bottom, (32, 32, 32), 3), (top, bottom)
    kind, data = svg_picture(built, "clear16")
    picture = Image.open(io.BytesIO(data))
    assert kind == "image/png" and picture.mode == "RGBA"
    top, bottom = top_bottom(picture)
    assert top[3] == 0 and bottom == (32, 32, 32, 255), (top, bottom)


@pytest.mark.parametrize("name", ["webp", "named"])
def test_a_webp_is_printed_and_embedded_as_a_png(built, name):
    for image in (card_png(built, name), home_page(built, name)):
        top, bottom = top_bottom(image)
        assert near(top, RED, 3) and near(bottom, BLUE, 3), (name, top, bottom)
    kind, data = svg_picture(built, name)
    assert kind == "image/png" and data.startswith(b"\x89PNG\r\n\x1a\n")


def test_a_png_and_a_jpeg_are_embedded_as_they_are(tmp_path):
    from printgen.pictures import embedded_picture
    halves((20, 30), RED, BLUE).save(tmp_path / "a.png")
    halves((20, 30), RED, BLUE).save(tmp_path / "a.jpeg.png", format="JPEG")
    assert embedded_picture(tmp_path / "a.png") == ("image/png", (tmp_path / "a.png").read_bytes())
    assert embedded_picture(tmp_path / "a.jpeg.png") == ("image/jpeg", (tmp_path / "a.jpeg.png").read_bytes())


def srgb_of(cmyk: tuple[int, int, int, int]) -> tuple[int, ...]:
    """A CMYK colour as the press profile's LittleCMS conversion gives it in sRGB."""
    from printgen.render.pdfx import profile_path
    transform = ImageCms.buildTransform(ImageCms.ImageCmsProfile(str(profile_path())),
                                        ImageCms.createProfile("sRGB"), "CMYK", "RGB",
                                        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    return ImageCms.applyTransform(Image.new("CMYK", (1, 1), cmyk), transform).getpixel((0, 0))


def test_a_cmyk_jpeg_keeps_its_inks_in_the_press_file(built):
    from pypdf import PdfReader
    found = []
    for page in PdfReader(built["press"]).pages:
        for image in page.images:
            if image.image.size == (160, 240):
                found.append(image.image)
    assert found and all(image.mode == "CMYK" for image in found)
    top, bottom = top_bottom(found[0])
    assert near(top, CMYK_TOP, 3) and near(bottom, CMYK_BOTTOM, 3), (top, bottom)


def test_a_cmyk_jpeg_is_proofed_through_the_press_profile(built):
    blue, red = srgb_of(CMYK_TOP), srgb_of(CMYK_BOTTOM)
    assert not near(blue, (0, 0, 255), 30)          # (Pillow's own formula gives pure blue)
    kind, data = svg_picture(built, "cmyk")
    with Image.open(io.BytesIO(data)) as embedded:
        assert kind == "image/jpeg" and embedded.format == "JPEG" and embedded.mode == "RGB"
        svg = top_bottom(embedded)
    for top, bottom in (top_bottom(card_png(built, "cmyk")), svg, top_bottom(home_page(built, "cmyk"))):
        assert near(top, blue, 4) and near(bottom, red, 4), (top, bottom, blue, red)


@pytest.mark.parametrize("kind, save, found", [
    ("gif", {"format": "GIF"}, "a GIF picture"),
    ("tif", {"format": "TIFF"}, "a TIFF picture"),
    ("bmp", {"format": "BMP"}, "a BMP picture"),
    ("animated", {"format": "WEBP", "save_all": True, "duration": 100}, "an animated WEBP picture (2 frames)"),
    ("apng", {"format": "PNG", "save_all": True, "duration": 100}, "an animated PNG picture (2 frames)"),
    ("heic", b"\0\0\0\x18ftypheic\0\0\0\0mif1heic", "a HEIC picture"),
    ("text", b"hello", "not a picture printgen can read"),
])
def test_a_picture_of_another_format_is_refused_in_one_located_line(tmp_path, cli, kind, save, found):
    path = tmp_path / f"pic.{kind}"
    if isinstance(save, bytes):
        path.write_bytes(save)
    else:
        frames = [halves((20, 30), RED, BLUE), halves((20, 30), BLUE, RED)]
        if save.get("save_all"):            # (save_all passed: before Pillow 11.2 it is not implied)
            frames[0].save(path, append_images=frames[1:], **save)
        else:
            frames[0].save(path, **save)
    (tmp_path / "face.yaml").write_text(f"elements:\n  - {{kind: image, src: pic.{kind}, box: bleed}}\n")
    (tmp_path / "deck.yaml").write_text("name: t\nsize: poker\nface: face.yaml\nback: face.yaml\n"
                                        "cards:\n  - fields: {a: b}\n")
    result = cli("build", str(tmp_path / "deck.yaml"), "-q", "--out", str(tmp_path / "out"))
    assert result.status == 2
    line, = result.err.strip().splitlines()
    assert "face.yaml" in line and f"pic.{kind}" in line and found in line, line
    assert "expected a" in line and "PNG, JPEG, WebP or SVG file" in line, line
    assert not (tmp_path / "out").exists()


def test_a_cameras_jpeg_with_more_pictures_after_its_own_is_read_as_its_own(tmp_path):
    from printgen.pictures import check_picture, drawn_picture
    halves((40, 60), RED, BLUE).save(tmp_path / "mpo.jpg", format="MPO", save_all=True,
                                     append_images=[halves((20, 30), BLUE, RED)])
    assert check_picture(tmp_path / "mpo.jpg", "here") == (40, 60)
    top, bottom = top_bottom(drawn_picture(tmp_path / "mpo.jpg", (40, 60)).convert("RGB"))
    assert near(top, RED) and near(bottom, BLUE), (top, bottom)


def test_a_picture_past_pillows_own_limit_is_refused_without_its_warning(tmp_path):
    from printgen.pictures import check_picture
    Image.new("1", (10000, 9000)).save(tmp_path / "big.png")            # 90 million pixels
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(InputError, match="10000 x 9000 pixels"):
            check_picture(tmp_path / "big.png", "here")


def test_a_cmyk_jpeg_whose_embedded_profile_is_damaged_is_proofed_through_the_press_profile(tmp_path):
    """A profile LittleCMS opens but cannot build a transform from (every tag pointing
    past its end) is passed over for the press profile, not a traceback."""
    import struct

    from printgen.pictures import drawn_picture
    from printgen.render.pdfx import profile_path
    damaged = bytearray(profile_path().read_bytes())
    for tag in range(struct.unpack(">I", damaged[128:132])[0]):
        damaged[136 + 12 * tag:140 + 12 * tag] = struct.pack(">I", len(damaged) - 20)
    halves((40, 60), CMYK_TOP, CMYK_BOTTOM, "CMYK").save(tmp_path / "damaged.jpg", quality=100,
                                                         icc_profile=bytes(damaged))
    top, bottom = top_bottom(drawn_picture(tmp_path / "damaged.jpg", (40, 60)).convert("RGB"))
    assert near(top, srgb_of(CMYK_TOP), 4) and near(bottom, srgb_of(CMYK_BOTTOM), 4), (top, bottom)


def test_a_pngs_orientation_is_read_without_decoding_its_pixels(tmp_path, monkeypatch):
    """A PNG's orientation can only be in an eXIf chunk: read from its chunks' headers,
    not by decoding the picture (Pillow's getexif decodes a PNG to look past its pixels),
    and still found in an eXIf chunk after the pixels."""
    import struct
    import zlib

    from PIL import PngImagePlugin

    from printgen.pictures import stored_orientation
    halves((40, 60), (255, 0, 0), (0, 0, 255)).save(tmp_path / "plain.png")
    exif = Image.Exif()
    exif[0x0112] = 6
    halves((40, 60), (255, 0, 0), (0, 0, 255)).save(tmp_path / "early.png", exif=exif)
    data = (tmp_path / "early.png").read_bytes()
    start = data.index(b"eXIf") - 4
    chunk = data[start:start + 12 + struct.unpack(">I", data[start:start + 4])[0]]
    rest = data[:start] + data[start + len(chunk):]
    end = rest.index(b"IEND") - 4
    (tmp_path / "late.png").write_bytes(rest[:end] + chunk + rest[end:])
    assert zlib.crc32(chunk[4:-4]) == struct.unpack(">I", chunk[-4:])[0]
    loads = []
    real = PngImagePlugin.PngImageFile.load
    monkeypatch.setattr(PngImagePlugin.PngImageFile, "load", lambda self: (loads.append(1), real(self))[1])
    assert stored_orientation(tmp_path / "plain.png") == 1 and not loads
    assert stored_orientation(tmp_path / "early.png") == 6 and not loads
    assert stored_orientation(tmp_path / "late.png") == 6
