"""Pictures with transparency in the DriveThruCards file (PDF/X-1a, which has none):
each is flattened onto what its card draws beneath it, so the printed card looks like
the design (the home PDF, the Game Crafter PNGs), and no transparency is left.

The deck: a card-coloured background to the bleed, a grey bar and a line of text,
then a red circle on a transparent square that runs into the bleed, a half-transparent
green square with an opaque yellow band over the bar and the text, and an arrow on a
transparent ground stretched and turned a quarter; the back has the circle on plum.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw
from pypdf import PdfReader

from pictures import assert_alike, pdf_page_image, poker_deck
from printgen.products.export import ExportOptions, export_deck, vendor_layout
from printgen.spec import load_deck
from printgen.spec.vendors import profile

BACKGROUNDS = ["#203050", "#2e7a4a", "#c08020"]
DPI = 150
FACE = """\
description: Pictures with transparency over a background, a bar, text and each other.
elements:
  - {kind: rect, box: bleed, fill: "{{ card.bg }}"}
  - {kind: rect, x: 5mm, y: 28mm, w: 50mm, h: 6mm, fill: "#e0e0e0"}
  - {kind: text, text: UNDER THE VEIL, x: 5mm, y: 42mm, w: 50mm, h: 16mm, size: 16pt, font: sans-bold,
     color: "#ffffff"}
  - {kind: image, src: circle.png, x: -3.175mm, y: -3.175mm, w: 40mm, h: 40mm}
  - {kind: image, src: veil.png, x: 20mm, y: 20mm, w: 40mm, h: 40mm}
  - {kind: image, src: arrow.png, x: 10mm, y: 58mm, w: 20mm, h: 26mm, rotate: 90}
"""
BACK = """\
description: The circle on plum.
elements:
  - {kind: rect, box: bleed, fill: "#7a2e2e"}
  - {kind: image, src: circle.png, x: 11.75mm, y: 24.45mm, w: 40mm, h: 40mm}
"""


def make_deck(folder: Path) -> Path:
    folder.mkdir()
    circle = Image.new("RGBA", (600, 600), (0, 0, 0, 0))
    ImageDraw.Draw(circle).ellipse((120, 120, 480, 480), fill=(220, 60, 40, 255))
    circle.save(folder / "circle.png")
    veil = Image.new("RGBA", (480, 480), (40, 200, 90, 110))
    ImageDraw.Draw(veil).rectangle((0, 200, 479, 280), fill=(250, 220, 40, 255))
    veil.save(folder / "veil.png")
    arrow = Image.new("RGBA", (400, 300), (0, 0, 0, 0))         # pointing right, its tail blue
    ImageDraw.Draw(arrow).polygon([(20, 100), (250, 100), (250, 20), (380, 150), (250, 280), (250, 200),
                                   (20, 200)], fill=(255, 255, 255, 255))
    ImageDraw.Draw(arrow).rectangle((20, 100, 70, 200), fill=(40, 60, 160, 255))
    arrow.save(folder / "arrow.png")
    return poker_deck(folder, "veils", FACE, BACK, [f'bg: "{bg}"' for bg in BACKGROUNDS])


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Any]:
    """The deck's DriveThruCards PDF, its Game Crafter PNGs' folder, and the same
    one-card pages drawn as an RGB PDF (pictures with their soft masks: the design)."""
    from printgen.layout.shop import card_pages
    from printgen.render.pdf import render_pdf
    root = tmp_path_factory.mktemp("veils")
    deck = load_deck(str(make_deck(root / "deck")))
    result = export_deck(deck, profile("drivethrucards"), ExportOptions(out=root / "out", quiet=True))
    export_deck(deck, profile("tgc"), ExportOptions(out=root / "out", quiet=True))
    design = render_pdf(card_pages(vendor_layout(deck, profile("drivethrucards"))), root / "design.pdf",
                        boxes=True)
    pdf, = result.files
    return {"pdf": pdf, "tgc": root / "out" / "tgc", "design": design, "notes": result.notes}


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def at_mm(image: Image.Image, x_mm: float, y_mm: float, bleed_in: float = 0.125) -> tuple[int, ...]:
    """The pixel x_mm, y_mm from the trim's top-left corner of a card image with its bleed."""
    scale = image.width / (63.5 / 25.4 + 2 * bleed_in)        # pixels an inch
    pixel = image.getpixel((round((bleed_in + x_mm / 25.4) * scale), round((bleed_in + y_mm / 25.4) * scale)))
    assert isinstance(pixel, tuple)
    return pixel


@pytest.mark.parametrize("card", range(len(BACKGROUNDS)))
def test_a_transparent_corner_shows_the_cards_own_background(built, card):
    """6 mm, 6 mm from the trim lies in the circle picture's transparent corner: the
    Game Crafter PNG shows the card's background there, and so must the printed page
    (within what CMYK does to the colour: the background's own pixel, far from any
    picture, is the measure), not white."""
    page = pdf_page_image(built["pdf"], 300, page=2 * card + 1)
    png = Image.open(built["tgc"] / f"veils-face-{card + 1}-card-{card + 1}.png").convert("RGB")
    wanted = Image.new("RGB", (1, 1), BACKGROUNDS[card]).getpixel((0, 0))
    assert at_mm(png, 6, 6) == wanted
    background = at_mm(page, 55, 85)                   # the background alone
    assert near(background, wanted, 24)                # what CMYK makes of it
    for x, y in ((6, 6), (-2, -2), (30, 2), (2, 30)):  # round the circle, the bleed included
        assert near(at_mm(page, x, y), background, 2), (x, y, at_mm(page, x, y), background)
        assert near(at_mm(page, x, y), at_mm(png, x, y), 24)


def test_the_back_shows_its_own_background_round_the_circle(built):
    page = pdf_page_image(built["pdf"], 300, page=0)
    background = at_mm(page, 5, 5)
    assert near(background, (0x7a, 0x2e, 0x2e), 16)
    assert near(at_mm(page, 14, 27), background, 2)    # the circle picture's transparent corner


@pytest.mark.parametrize("page", range(2 * len(BACKGROUNDS)))
def test_each_printed_page_looks_like_the_design(built, page, tmp_path):
    """The whole page against the same page drawn in RGB with the pictures' soft masks:
    the half-transparent square tints the bar and the text beneath it (drawn before it)
    as the design does, and the arrow turned a quarter over its card's background."""
    design = pdf_page_image(built["design"], DPI, page=page)
    printed = pdf_page_image(built["pdf"], DPI, page=page)
    assert_alike(design, printed, mean_below=8, folder=tmp_path, label=f"page-{page}")


def test_the_text_beneath_a_half_transparent_picture_is_tinted_as_in_the_design(built):
    """The 'U' of UNDER lies outside the green square, the 'E' of THE inside it: both
    white in the design where the text shows, the second tinted green."""
    design = pdf_page_image(built["design"], 300, page=1)
    printed = pdf_page_image(built["pdf"], 300, page=1)
    for x, y in ((27.0, 47.0), (45.0, 47.0)):
        assert near(at_mm(printed, x, y), at_mm(design, x, y), 24), (x, y, at_mm(printed, x, y),
                                                                        at_mm(design, x, y))


def test_each_card_has_its_own_flattened_pictures_and_nothing_transparent_is_left(built, tmp_path):
    """Each face's three pictures are its own (flattened over its own background); the
    backs, all alike, share one. No soft mask, mask or transparency group anywhere,
    every picture CMYK, every graphics state opaque and normal; and a second build
    writes the same bytes."""
    data = built["pdf"].read_bytes()
    assert b"/SMask" not in data and b"/Mask" not in data and b"/Group" not in data
    reader = PdfReader(str(built["pdf"]))
    named = []
    for page in reader.pages:
        resources = page["/Resources"]
        for entry in (resources.get("/ExtGState") or {}).values():
            state = entry.get_object()
            assert "/SMask" not in state or state["/SMask"] == "/None"
            assert float(state.get("/CA", 1)) == 1 and float(state.get("/ca", 1)) == 1
            assert state.get("/BM", "/Normal") in ("/Normal", "/Compatible")
        pictures = [x.get_object() for x in (resources.get("/XObject") or {}).values()]
        for picture in pictures:
            assert picture["/ColorSpace"] == "/DeviceCMYK" and "/SMask" not in picture and "/Mask" not in picture
        named.append({picture.indirect_reference.idnum for picture in pictures})
    backs, faces = named[0::2], named[1::2]
    assert [len(one) for one in named] == [1, 3] * len(BACKGROUNDS)
    assert len(set().union(*backs)) == 1
    assert len(set().union(*faces)) == 3 * len(BACKGROUNDS)
    deck = load_deck(str(built["pdf"].parents[2] / "deck" / "veils.yaml"))
    again, = export_deck(deck, profile("drivethrucards"), ExportOptions(out=tmp_path, quiet=True)).files
    assert again.read_bytes() == data


def test_the_build_note_says_what_was_done(built):
    notes = "\n".join(built["notes"])
    assert "flattened onto what each card draws beneath it: arrow.png, circle.png, veil.png" in notes
    assert "onto white" not in notes


SVG_CIRCLE = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">'
              '<defs><linearGradient id="g"><stop offset="0" stop-color="#ff0000"/>'
              '<stop offset="1" stop-color="#ffcc00"/></linearGradient></defs>'
              '<circle cx="50" cy="50" r="30" fill="url(#g)" fill-opacity="0.8"/></svg>')


def test_an_svg_picture_is_flattened_onto_its_cards_background_too(tmp_path):
    """An SVG is drawn as a picture in the press file (its vectors may hold RGB
    gradients and transparency); its transparent corner shows the card's navy, as the
    Game Crafter PNG does, not white."""
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "circle.svg").write_text(SVG_CIRCLE)
    (folder / "face.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: \"#203050\"}\n"
                                      "  - {kind: image, src: circle.svg, x: 0mm, y: 0mm, w: 40mm, h: 40mm}\n")
    (folder / "d.yaml").write_text("name: ring\nsize: poker\nface: face.yaml\nback: face.yaml\n"
                                   "cards:\n  - fields: {}\n")
    deck = load_deck(str(folder / "d.yaml"))
    result = export_deck(deck, profile("drivethrucards"), ExportOptions(out=tmp_path / "out", quiet=True))
    export_deck(deck, profile("tgc"), ExportOptions(out=tmp_path / "out", quiet=True))
    pdf, = result.files
    page = pdf_page_image(pdf, 300, page=1)
    png = Image.open(next((tmp_path / "out" / "tgc").glob("ring-face-*.png"))).convert("RGB")
    background = at_mm(page, 55, 85)
    assert near(background, (0x20, 0x30, 0x50), 24)
    for x, y in ((3, 3), (36, 3), (3, 36)):             # the SVG's transparent corners
        assert near(at_mm(page, x, y), background, 2), (x, y, at_mm(page, x, y))
        assert near(at_mm(page, x, y), at_mm(png, x, y), 24)
    assert near(at_mm(page, 20, 20), at_mm(png, 20, 20), 40)        # the circle itself
    assert b"/SMask" not in pdf.read_bytes()


def test_pictures_converted_for_the_press_are_kept_within_a_budget(tmp_path):
    """Each picture converted whole to press CMYK is kept for the next card that places
    it, but no more of them than KEPT_FORM_PIXELS holds (sixteen 12-megapixel photos
    were once all kept, 770 MB)."""
    import gc

    from PIL import Image as PILImage

    from printgen.pictures import KEPT_FORM_PIXELS
    from printgen.render.flatten import press_picture
    size = (2000, 1500)
    for number in range(8):
        PILImage.new("RGB", size, (30 * number, 90, 160)).save(tmp_path / f"photo{number}.jpg")
        press_picture(tmp_path / f"photo{number}.jpg")
    gc.collect()
    alive = [found for found in gc.get_objects()
             if isinstance(found, PILImage.Image) and found.mode == "CMYK" and found.size == size]
    assert 0 < len(alive) * size[0] * size[1] <= KEPT_FORM_PIXELS
