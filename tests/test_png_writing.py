"""PNG files: the direct writer (the rows packed a chunk at a time) gives Pillow's
pixels and dpi back, a card drawn by regions over its kept background and pieces
equals the card drawn whole, and a deck's PNGs are the same bytes whether this
process or several workers draw them."""

from __future__ import annotations

import random
import struct
import zlib

import pytest
from PIL import Image, ImageChops

from printgen.render.pngfile import png_bytes


@pytest.mark.parametrize("height", [1, 300, 512, 1100])
def test_png_bytes_round_trip_with_valid_chunks(tmp_path, height, monkeypatch):
    monkeypatch.setattr("printgen.render.pngfile.CHUNK", 112 * 512)    # rows of 112 bytes: one chunk, exactly one, three
    image = Image.new("RGB", (37, height), "#1f2a44")
    image.paste(Image.new("RGB", (10, 10), "#e9c46a"), (5, height // 2))
    noise = Image.frombytes("RGB", (37, height // 3 + 1), random.Random(height).randbytes(111 * (height // 3 + 1)))
    image.paste(noise, (0, height - noise.height))      # every byte value, in the last band
    data = png_bytes(image, 300)
    path = tmp_path / "a.png"
    path.write_bytes(data)
    with Image.open(path) as back:
        assert back.mode == "RGB" and back.size == (37, height)
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
    # exactly the rows, each led by filter byte 0 (readers forgive extra bytes; the spec does not)
    pixels = zlib.decompress(data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8])
    assert len(pixels) == height * (1 + 3 * 37)
    assert pixels[::1 + 3 * 37] == bytes(height)


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


def test_kept_pieces_and_masks_are_pasted_with_the_pixels_of_drawing_them_again(monkeypatch):
    """A deck's repeated shape groups and text runs are drawn once and pasted after:
    every face comes out the same with them kept, with no room to keep any, and with
    room for the largest one only (the oldest let go first), and keeping them spares
    most of the drawing."""
    from printgen.layout.deck import layout_deck
    from printgen.render import png, pngtext
    from printgen.spec import load_deck
    faces = layout_deck(load_deck("sabacc-76")).faces
    drawn: list[list[int]] = []                # shapes drawn and masks made, each pass
    real_shape, real_mask = png._shape, pngtext._mask

    def counted(function, which):
        def call(*args):
            drawn[-1][which] += 1
            return function(*args)
        return call
    monkeypatch.setattr(png, "_shape", counted(real_shape, 0))
    monkeypatch.setattr(pngtext, "_mask", counted(real_mask, 1))
    first: list[bytes] = []
    largest = [0, 0]
    for room in ([png.PIECE_BYTES, pngtext.MASK_BYTES], [0, 0], largest):
        for store, budget in zip((png._pieces, pngtext._masks), list(room), strict=True):
            monkeypatch.setattr(store, "budget", budget)
        png.forget()
        drawn.append([0, 0])
        for number, side in enumerate(faces):
            pixels = png.render_side(side, 100).tobytes()
            if len(first) == number:                    # the first pass sets the pixels
                first.append(pixels)
            assert pixels == first[number], side.name
            for which, store in enumerate((png._pieces, pngtext._masks)):
                assert store.size == sum(store.sizes()) <= store.budget
                largest[which] = max([largest[which], *store.sizes()])
    png.forget()
    kept, none, one = drawn
    assert kept[0] * 4 < none[0] and kept[1] * 2 < none[1]     # kept: most drawing spared
    assert one[0] < none[0] and one[1] < none[1]


def test_a_decks_pngs_are_the_same_from_one_process_or_three(cli, tmp_path, monkeypatch):
    import printgen.workers
    from printgen.render import png
    monkeypatch.setattr(png, "PARALLEL_FROM", 8)        # 63 sides: worker processes, when asked for
    monkeypatch.setattr(printgen.workers, "cores", lambda: 3)      # (a pool has no more workers than cores)
    pools = []
    real_pool = printgen.workers.pool
    monkeypatch.setattr(printgen.workers, "pool", lambda workers: pools.append(workers) or real_pool(workers))
    for jobs in ("1", "3"):
        result = cli("build", "sabacc-62", "--only", "png", "--jobs", jobs, "--out", str(tmp_path / jobs), "-q")
        assert result.status == 0, result.err
    assert pools == [3]
    one = sorted((tmp_path / "1" / "png").glob("*.png"))
    assert len(one) == 63
    for path in one:
        assert path.read_bytes() == (tmp_path / "3" / "png" / path.name).read_bytes(), path.name
    # the parallel build's files are recorded in its manifest like the others
    manifest = (tmp_path / "3" / "png" / ".printgen-files.json").read_text()
    assert all(path.name in manifest for path in one)


def test_a_small_deck_is_drawn_in_this_process_whatever_jobs(cli, tmp_path, monkeypatch):
    """Below PARALLEL_FROM sides the worker pool costs more than it saves: none starts."""
    import printgen.workers
    from printgen.render import png

    def no_pool(workers):
        raise AssertionError(f"a pool of {workers} started for a small deck")
    monkeypatch.setattr(printgen.workers, "pool", no_pool)
    assert png.PARALLEL_FROM > 63
    result = cli("build", "sabacc-62", "--only", "png", "--jobs", "2", "--out", str(tmp_path), "-q")
    assert result.status == 0, result.err
    assert len(list((tmp_path / "png").glob("*.png"))) == 63


@pytest.mark.parametrize("dash", [(0.0,), (0.0, 0.0), (1e-9,), (-1.0, 2.0)])
def test_a_degenerate_dash_is_drawn_solid_at_once(tmp_path, dash):
    """A dash of zero length (or one too fine to draw) must not hang any renderer."""
    from printgen.layout.page import Frame, Side
    from printgen.layout.primitives import line
    from printgen.render.pdf import render_pdf
    from printgen.render.png import render_side
    from printgen.render.svg import write_svg
    from printgen.layout.page import Page, Placed
    side = Side("dash", "dash", Frame(200, 200, 0, 0), (line(10, 100, 190, 100, width=4, dash=dash),))
    image = render_side(side, 72)
    assert image.getpixel((100, 100))[0] < 64 and image.getpixel((101, 100))[0] < 64   # solid
    render_pdf([Page(200, 200, (Placed(side, 0, 0),))], tmp_path / "dash.pdf")
    assert "dasharray" not in write_svg(side, tmp_path / "dash.svg").read_text()
