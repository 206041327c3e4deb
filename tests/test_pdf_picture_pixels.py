"""A raster picture placed far smaller than its pixels is embedded in a PDF at the
pixels a 300 dpi print of its largest placement needs (render/pdfpictures.py): more
than twice those, and it is resampled, once for the file however often it is placed;
a JPEG stays a JPEG, its EXIF orientation and a PNG's transparency are kept. A picture
within the rule is embedded as before: its file's JPEG data, byte for byte."""

from __future__ import annotations

from collections.abc import Iterable
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
    quarters,
)

CARDS = ["big.jpg", "big.jpg", "small.jpg", "clear.png", "turned.jpg", "big.jpg"]


def make_deck(folder: Path) -> Path:
    picture_files(folder)
    return poker_deck(folder, "pixels", PLACED_TWICE, PLAIN_BACK, [f"pic: {name}" for name in CARDS])


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Any]:
    """The deck's one-card pages as a home (RGB) PDF, and its pictures' folder."""
    from printgen.layout.shop import card_pages
    from printgen.products.export import vendor_layout
    from printgen.render.pdf import render_pdf
    from printgen.spec import load_deck
    from printgen.spec.vendors import profile
    root = tmp_path_factory.mktemp("pixels")
    deck = load_deck(str(make_deck(root / "deck")))
    home = render_pdf(card_pages(vendor_layout(deck, profile("drivethrucards"))), root / "home.pdf", boxes=True)
    return {"home": home, "deck": root / "deck"}


def by_size(built: dict[str, Any]) -> dict[tuple[int, int], list[Any]]:
    """The PDF's image XObjects, by their pixel size."""
    sizes: dict[tuple[int, int], list[Any]] = {}
    for obj in image_objects(built["home"]).values():
        sizes.setdefault((obj["/Width"], obj["/Height"]), []).append(obj)
    return sizes


def within_rule(size: tuple[int, int], needed: tuple[int, int]) -> bool:
    """At least the pixels a 300 dpi print needs each way, at most twice them in all."""
    return size[0] >= needed[0] and size[1] >= needed[1] and size[0] * size[1] <= 2 * needed[0] * needed[1]


def test_a_large_picture_is_embedded_once_at_what_its_largest_placement_needs(built):
    sizes = by_size(built)
    upright = [size for size in sizes if size != (600, 800) and abs(size[0] / size[1] - 0.75) < 0.01]
    assert len(upright) == 1 and within_rule(upright[0], BLEED_PIXELS), sorted(sizes)
    assert len(sizes[upright[0]]) == 1      # three cards place it twice each (small first): embedded once


def test_a_large_jpeg_stays_a_jpeg_and_shows_as_before(built):
    jpegs = [obj for obj in image_objects(built["home"]).values() if "/DCTDecode" in obj["/Filter"]]
    sizes = sorted((obj["/Width"], obj["/Height"]) for obj in jpegs)
    assert any(within_rule(size, BLEED_PIXELS) for size in sizes), sizes
    page = pdf_page_image(built["home"], 100, 1)                # the first card's face
    for i, colour in enumerate(QUARTERS):
        x, y = (1 + 2 * (i % 2)) * page.width // 4, (1 + 2 * (i // 2)) * page.height // 4
        assert all(abs(a - b) <= 12 for a, b in zip(page.getpixel((x, y)), colour, strict=True))


def test_a_picture_within_the_rule_is_embedded_as_its_file(built):
    data = (built["deck"] / "small.jpg").read_bytes()
    assert any(obj.get_data() == data for obj in image_objects(built["home"]).values())


def test_a_large_transparent_png_keeps_its_soft_mask_at_its_new_size(built):
    masked = [obj for obj in image_objects(built["home"]).values() if "/SMask" in obj]
    assert len(masked) == 1
    picture = masked[0]
    mask = picture["/SMask"].get_object()
    size = (picture["/Width"], picture["/Height"])
    assert within_rule(size, BLEED_PIXELS) and (mask["/Width"], mask["/Height"]) == size
    assert "/DCTDecode" not in picture["/Filter"]                # (lossless, as the file)


def test_a_large_phone_photo_is_resampled_as_stored_and_shown_upright(built):
    turned = BLEED_PIXELS[::-1]                                 # (stored on its side)
    assert any(within_rule((obj["/Width"], obj["/Height"]), turned) for obj in image_objects(built["home"]).values())
    page = pdf_page_image(built["home"], 100, 2 * CARDS.index("turned.jpg") + 1)
    for i, colour in enumerate(QUARTERS):
        x, y = (1 + 2 * (i % 2)) * page.width // 4, (1 + 2 * (i // 2)) * page.height // 4
        assert all(abs(a - b) <= 12 for a, b in zip(page.getpixel((x, y)), colour, strict=True)), (i, colour)


def test_spliced_pages_give_the_drawn_bytes_and_the_largest_placement_counts(tmp_path):
    """Pages kept in a process or read back from their file, spliced in any order, give
    the bytes drawing them gives: the pictures they place count as drawn ones do."""
    import random

    from printgen.layout.page import Page
    from printgen.layout.primitives import Image as Placed
    from printgen.render.keys import Keys
    from printgen.render.pagefile import MAX_BYTES, dump, load
    from printgen.render.pdf import render_pdf
    from printgen.render.pdfpages import PageStore, Reuse
    quarters((1500, 2000)).save(tmp_path / "photo.jpg", quality=90)
    small, large = (Page(300, 300, (), (Placed(10, 10, w, w * 4 / 3, tmp_path / "photo.jpg"),))
                    for w in (36, 144))     # half an inch and two inches wide: 600 x 800 px at 300 dpi

    def render(pages: Iterable[Page], name: str, reuse: Reuse | None = None) -> bytes:
        render_pdf(pages, tmp_path / name, reuse=reuse)
        return (tmp_path / name).read_bytes()

    def keyed(pages: list[Page], store: PageStore, stored: dict | None = None, budget: int = 0) -> tuple[Iterable[Page], Reuse]:
        key = Keys("pdf").file(None)
        return key.pages(pages), Reuse(store, lambda: key.current, "how", stored or {}, budget=budget)

    kept_pages, reuse = keyed([small, large], PageStore(0), budget=MAX_BYTES)
    render(kept_pages, "kept.pdf", reuse)
    read = load(dump(reuse.pages, "how"), "how")
    assert len(read) == 2
    store = PageStore()
    rng = random.Random(5)
    for chosen in [[small, large], [large, small], [small], [large, small, large]] + \
            [rng.choices([small, large], k=3) for _ in range(3)]:
        drawn = render(chosen, "drawn.pdf")
        (sizes,) = {tuple((obj["/Width"], obj["/Height"]) for obj in image_objects(tmp_path / "drawn.pdf").values())}
        assert sizes == ((600, 800),) if large in chosen else sizes == ((150, 200),)
        pages, again = keyed(chosen, store)
        assert render(pages, "spliced.pdf", again) == drawn, chosen
        pages, again = keyed(chosen, PageStore(0), read)
        assert render(pages, "read.pdf", again) == drawn and again.store.spliced == len(chosen), chosen
    assert store.spliced > 0


def test_streams_are_written_binary_not_as_ascii85_text(built):
    """Pictures, fonts and pages are written as binary streams: ASCII85 text would make
    each a quarter larger (every PDF reader reads both)."""
    data = built["home"].read_bytes()
    assert b"/DCTDecode" in data and b"/FlateDecode" in data and b"/ASCII85Decode" not in data
