"""A raster picture far larger than its placements need is converted to press CMYK in
the DriveThruCards file at the pixels a print at the shop's dpi (300) of its largest
placement in the file needs (render/pdfpictures.py's press_sizes), once for the file,
as the home PDF embeds it; a picture within that rule is converted at its own size, as
before. The Game Crafter's PNGs of the same deck draw it without decoding it whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pictures import (
    BLEED_PIXELS,
    PLACED_TWICE,
    PLAIN_BACK,
    QUARTERS,
    image_objects,
    pdf_page_image,
    picture_files,
    poker_deck,
)
from PIL import Image, ImageFile

CARDS = ["big.jpg", "small.jpg", "clear.png", "turned.jpg", "big.jpg"]


def make_deck(folder: Path) -> Path:
    picture_files(folder, (2400, 3300))
    return poker_deck(folder, "press", PLACED_TWICE, PLAIN_BACK, [f"pic: {name}" for name in CARDS])


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Any]:
    """The deck's DriveThruCards PDF, the pictures' folder, and the size of every
    picture Pillow decoded while the Game Crafter's PNGs were made."""
    from printgen.products.export import ExportOptions, export_deck
    from printgen.spec import load_deck
    from printgen.spec.vendors import profile
    root = tmp_path_factory.mktemp("press")
    deck = load_deck(str(make_deck(root / "deck")))
    result = export_deck(deck, profile("drivethrucards"), ExportOptions(out=root / "out", quiet=True))
    pdf, = result.files
    decoded: list[tuple[int, int]] = []
    real = ImageFile.ImageFile.load

    def load(self):
        if self.tile and self.format in ("JPEG", "PNG"):
            decoded.append(self.size)
        return real(self)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ImageFile.ImageFile, "load", load)
        export_deck(deck, profile("tgc"), ExportOptions(out=root / "out", quiet=True, jobs=1))
    return {"pdf": pdf, "deck": root / "deck", "decoded": decoded, "tgc": root / "out" / "tgc"}


def pictures(path: Path) -> list[Any]:
    """The PDF's image XObjects (each once), as pypdf reads them."""
    return list(image_objects(path).values())


def within_rule(size: tuple[int, int], needed: tuple[int, int]) -> bool:
    """At least the pixels a 300 dpi print needs each way, at most twice them in all."""
    return size[0] >= needed[0] and size[1] >= needed[1] and size[0] * size[1] <= 2 * needed[0] * needed[1]


def test_a_large_picture_is_converted_once_at_what_its_largest_placement_needs(built):
    """big.jpg (2400 x 3200 px) fills two cards' bleed and is placed 10 mm wide on each:
    one CMYK picture of it, at the pixels the bleed needs (844 x 1125); the phone photo
    (2400 x 3300 px upright), stored on its side, is converted upright at them too
    (826 x 1135); no picture has more than twice the pixels of the bleed."""
    sizes = [(obj["/Width"], obj["/Height"]) for obj in pictures(built["pdf"])]
    assert all(width * height <= 2 * BLEED_PIXELS[0] * BLEED_PIXELS[1] for width, height in sizes), sizes
    assert sizes.count((844, 1125)) == 1 and sizes.count((826, 1135)) == 1, sizes


def test_a_picture_within_the_rule_is_converted_at_its_own_size(built):
    """small.jpg (600 x 800 px) is converted as before: whole, one picture for both of
    its placements."""
    from printgen.render.flatten import press_picture
    from printgen.render.pdfx import INK_LIMIT
    converted = press_picture(built["deck"] / "small.jpg", min(INK_LIMIT, 2.4))
    data = converted.getRGBData()
    same = [obj for obj in pictures(built["pdf"]) if (obj["/Width"], obj["/Height"]) == (600, 800)]
    assert len(same) == 1 and same[0].get_data() == data


def test_a_large_transparent_picture_is_flattened_at_what_each_placement_needs(built):
    """clear.png (1600 x 2200 px, transparent) is flattened onto the card's white twice,
    each at the pixels a 300 dpi print of its box needs (the bleed; 10 x 14 mm), not at
    its own."""
    import pypdf
    page = pypdf.PdfReader(built["pdf"]).pages[2 * CARDS.index("clear.png") + 1]
    sizes = sorted(((obj := ref.get_object())["/Width"], obj["/Height"])
                   for ref in page["/Resources"]["/XObject"].values())
    assert sizes == [(119, 166), (826, 1125)], sizes


@pytest.mark.parametrize("card", [CARDS.index("big.jpg"), CARDS.index("turned.jpg")])
def test_a_resampled_picture_shows_as_one_converted_whole(built, card):
    """Each quarter of the card shows as small.jpg's (converted whole) does, upright."""
    page = pdf_page_image(built["pdf"], 100, 2 * card + 1)
    whole = pdf_page_image(built["pdf"], 100, 2 * CARDS.index("small.jpg") + 1)
    for i in range(len(QUARTERS)):
        x, y = (1 + 2 * (i % 2)) * page.width // 4, (1 + 2 * (i // 2)) * page.height // 4
        assert all(abs(a - b) <= 6 for a, b in zip(page.getpixel((x, y)), whole.getpixel((x, y)), strict=True)), i


def test_the_shops_pngs_decode_no_photo_whole(built):
    """Each Game Crafter PNG draws the JPEGs (2400 x 3200 and 2400 x 3300 px) at the
    card's 825 x 1125 px: neither is decoded larger than half its size each way."""
    assert built["decoded"], "no picture decoded"
    assert all(width * height * 4 <= 2400 * 3300 for width, height in built["decoded"]
               if (width, height) != (1600, 2200)), built["decoded"]   # (clear.png: a PNG, decoded whole)
    card = Image.open(built["tgc"] / "press-face-1-card-1.png").convert("RGB")
    assert card.size == BLEED_PIXELS
