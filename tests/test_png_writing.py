"""PNG files: the direct writer gives Pillow's pixels and dpi back, a card drawn by
regions over its kept background equals the card drawn whole, and a deck's PNGs are
the same bytes whether one thread or several write them."""

from __future__ import annotations

import struct
import zlib

import pytest
from PIL import Image, ImageChops

from printgen.render.pngfile import png_bytes


def test_png_bytes_round_trip_with_valid_chunks(tmp_path):
    image = Image.new("RGB", (37, 300), "#1f2a44")
    image.paste(Image.new("RGB", (10, 10), "#e9c46a"), (5, 200))
    data = png_bytes(image, 300)
    path = tmp_path / "a.png"
    path.write_bytes(data)
    with Image.open(path) as back:
        assert back.mode == "RGB" and back.size == (37, 300)
        assert ImageChops.difference(back, image).getbbox() is None
        assert back.info["dpi"] == (300, 300) or round(back.info["dpi"][0]) == 300
    position, kinds = 8, []
    while position < len(data):
        length, = struct.unpack(">I", data[position:position + 4])
        kind = data[position + 4:position + 8]
        body = data[position + 8:position + 8 + length]
        crc, = struct.unpack(">I", data[position + 8 + length:position + 12 + length])
        assert zlib.crc32(kind + body) == crc, kind
        kinds.append(kind)
        position += 12 + length
    assert kinds == [b"IHDR", b"pHYs", b"IDAT", b"IEND"]


@pytest.mark.parametrize("name", ["sabacc-62", "sabacc-76", "coruscant-shift", "kerton-42",
                                  "solomons-temple-black"])
def test_drawing_by_regions_gives_the_pixels_of_drawing_whole(name):
    """render_side draws a card's shapes region by region over a kept drawing of its
    leading rectangles; drawn on a white ground, the same side takes the plain path
    (every shape on one image). The two must agree to the pixel."""
    from printgen.layout.deck import layout_deck
    from printgen.render.png import pixel_size, render_side
    from printgen.spec import load_deck
    layout = layout_deck(load_deck(name))
    for side in [*layout.faces[::5], *layout.backs.values()]:
        width, height = pixel_size(side, 150)
        whole = render_side(side, 150, ground=Image.new("RGB", (width, height), "white"))
        assert render_side(side, 150).tobytes() == whole.tobytes(), side.name


def test_a_decks_pngs_are_the_same_from_one_thread_or_two(cli, tmp_path):
    for jobs in ("1", "2"):
        result = cli("build", "sabacc-62", "--only", "png", "--jobs", jobs, "--out", str(tmp_path / jobs), "-q")
        assert result.status == 0, result.err
    one = sorted((tmp_path / "1" / "png").glob("*.png"))
    assert len(one) == 63
    for path in one:
        assert path.read_bytes() == (tmp_path / "2" / "png" / path.name).read_bytes(), path.name
    # the parallel build's files are recorded in its manifest like the others
    manifest = (tmp_path / "2" / "png" / ".printgen-files.json").read_text()
    assert all(path.name in manifest for path in one)
