"""The gallery's card previews (printgen/gallery/thumbs.py): made from a PNG file's bytes
or from the image it was written from, in a worker thread or not, they are the same."""

from __future__ import annotations

import io
import os

import pytest
from PIL import Image, ImageDraw

from printgen.gallery.changes import COPY_HEIGHT
from printgen.gallery.thumbs import CARD_HEIGHT, Ahead, flat, made_from, make, pool
from printgen.render.pngfile import png_bytes


def card(width: int = 745, height: int = 1045) -> Image.Image:
    image = Image.new("RGB", (width, height), "#22304f")
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((40, 40, width - 40, height - 40), radius=30, fill="white", outline="#d62728", width=9)
    draw.ellipse((width // 3, height // 3, width // 2, height // 2), fill="#2ca02c")
    return image


def copy_bytes(image: Image.Image | None) -> bytes:
    assert image is not None
    return image.tobytes()


def test_a_preview_from_the_drawn_image_equals_one_from_its_png_file():
    image = card()
    from_file, from_image = make(png_bytes(image, 300), card=True), made_from(image)
    assert from_file.fits and from_image.fits
    assert from_file.jpeg == from_image.jpeg
    assert copy_bytes(from_file.copy) == copy_bytes(from_image.copy)
    with Image.open(io.BytesIO(from_file.jpeg)) as preview:
        assert preview.size == (round(745 * CARD_HEIGHT / 1045), CARD_HEIGHT)
    assert from_file.copy is not None and from_file.copy.height == COPY_HEIGHT


def test_a_copy_made_from_the_preview_shows_the_card():
    """The copy (reduced from the preview) keeps the card's colours where they are."""
    made = made_from(card())
    assert made.copy is not None
    width, height = made.copy.size
    assert made.copy.getpixel((2, 2)) == (0x22, 0x30, 0x4F)
    assert made.copy.getpixel((width // 2, height // 4)) == (255, 255, 255)


def test_previews_made_in_threads_are_the_same_bytes_as_in_this_thread():
    images = [card(745 + 2 * number, 1045) for number in range(6)]
    raws = {str(number): png_bytes(image, 300) for number, image in enumerate(images)}
    ahead = Ahead(list(raws), raws.get)
    try:
        for rel, raw in raws.items():
            future = ahead.take(rel)
            assert future is not None
            assert future.result().jpeg == make(raw, card=True).jpeg
    finally:
        ahead.close()


def test_a_transparent_picture_is_previewed_on_white():
    image = Image.new("RGBA", (300, 400), (0, 0, 0, 0))
    small = flat(image, height=CARD_HEIGHT)
    assert small.mode == "RGB" and small.getpixel((10, 10)) == (255, 255, 255)
    assert pool().submit(make, png_bytes(Image.new("RGB", (30, 40)), 72), card=False).result().copy is None


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks")
def test_a_process_forked_after_previews_were_made_makes_its_own():
    """A child forked from a process whose preview threads ran (a watch, a test's
    forked build) has none of them: its previews are made by a pool of its own, where
    the parent's pool would have kept it waiting for ever."""
    card = png_bytes(Image.new("RGB", (60, 84), "navy"), 300)
    assert pool().submit(make, card, card=True).result(timeout=30)
    pid = os.fork()
    if pid == 0:                                    # the child: make a preview, say if it came
        status = 1
        try:
            status = 0 if pool().submit(make, card, card=True).result(timeout=20) else 1
        finally:
            os._exit(status)
    _, code = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(code) == 0
