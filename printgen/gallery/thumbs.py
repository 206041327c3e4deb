"""The pixels of the gallery's picture previews, made in worker threads a few cards
ahead of the page asking for them.

A card image's JPEG preview and its small lossless copy (changes.py) come from one
decoding of the image: the preview is the image reduced to CARD_HEIGHT pixels, the
copy that preview reduced again. Decoding, resizing and encoding are Pillow's work
in C, which lets other threads run meanwhile, so a few threads make the next cards'
while this one writes the files (every file is written, and recorded, by the thread
that builds the gallery: the threads only turn bytes into bytes). Both are the same
bytes whichever thread makes them.

Under `build --watch` the gallery need not even decode the images: as the build
draws each card side, render/png.py hands its image and PNG bytes to `hand`, which
starts making its preview at once, from the image, on the core the drawing leaves
free; the gallery finds it by the file's sha256. A file whose preview was not handed
over (too many being made, a worker process drew it, the deck was built before) is
read and decoded, as in any other build: the same pixels, so the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor

from PIL import Image as PILImage

from printgen.frozen import frozen
from printgen.limits import limit
from printgen.pngdata import too_many_chunks

CARD_HEIGHT = 360                # preview pixels: a card's height, a page's longer side
PAGE_SIDE = 480
MAX_PICTURE_PIXELS = limit("gallery_picture_pixels")  # larger pictures are listed without a preview
THREADS = min(2, os.cpu_count() or 1)
AHEAD = 8                        # card images being made at once, ahead of the page
HANDED = 256                     # previews made as the card images were drawn, waiting for the gallery


@frozen
class Made:
    """A picture's preview as JPEG bytes and, for a card, its small copy; fits is
    False (and nothing made) where the picture is too large to preview."""

    fits: bool
    jpeg: bytes = b""
    copy: PILImage.Image | None = None


def flat(image: PILImage.Image, *, height: int, longest: int | None = None) -> PILImage.Image:
    """The image height pixels tall (or longest pixels on its longer side), on white."""
    if longest is not None and image.width > image.height:
        size = (longest, max(1, round(image.height * longest / image.width)))
    else:
        high = height if longest is None else longest
        size = (max(1, round(image.width * high / image.height)), high)
    if image.mode not in ("RGB", "L"):
        image = image.convert("RGBA")
        ground = PILImage.new("RGB", image.size, "white")
        ground.paste(image, mask=image.getchannel("A"))
        image = ground
    factor = min(image.width // size[0], image.height // size[1])
    if factor >= 2:
        image = image.reduce(factor)
    return image.resize(size, PILImage.Resampling.LANCZOS)


def jpeg(image: PILImage.Image) -> bytes:
    data = io.BytesIO()
    image.save(data, format="JPEG", quality=84)
    return data.getvalue()


def make(raw: bytes, *, card: bool) -> Made:
    """The preview of a picture's bytes (and a card's copy); none (Made(False)) for one
    of more than MAX_PICTURE_PIXELS or a PNG of more chunks than printgen reads
    (pngdata.py). Pillow's errors for a picture it cannot read are raised."""
    if too_many_chunks(io.BytesIO(raw)):
        return Made(False)                 # (Pillow reads each in Python as it opens it)
    with PILImage.open(io.BytesIO(raw)) as image:
        if image.width * image.height > MAX_PICTURE_PIXELS:
            return Made(False)             # known from the header, before decoding
        image.load()
        return made_from(image, card=card)


def made_from(image: PILImage.Image, *, card: bool = True) -> Made:
    """A picture's preview (and a card's copy) from its pixels: for a card image, the
    image its PNG file was written from gives what reading the file back would give
    (PNG is lossless)."""
    if image.width * image.height > MAX_PICTURE_PIXELS:
        return Made(False)
    from printgen.gallery.changes import small_copy  # (not in the PDF child: pdfpages.py)
    small = flat(image, height=CARD_HEIGHT, longest=None if card else PAGE_SIDE)
    return Made(True, jpeg(small), small_copy(small) if card else None)


_pool: list[ThreadPoolExecutor] = []
_handed: dict[str, Future[Made]] = {}       # a card PNG's sha256 -> its preview, being made


def hand(image: PILImage.Image, data: bytes) -> None:
    """Start making the preview of a card image about to be written as data (PNG),
    unless AHEAD are being made already or HANDED wait for the gallery (the gallery
    then reads the file, as it does any other)."""
    while len(_handed) >= HANDED:
        _handed.pop(next(iter(_handed))).cancel()
    if sum(not future.done() for future in _handed.values()) >= AHEAD:
        return
    _handed[hashlib.sha256(data).hexdigest()] = pool().submit(made_from, image)


def forget_handed() -> None:
    """Drop the previews handed over for files the gallery did not ask for."""
    for future in _handed.values():
        future.cancel()
    _handed.clear()


def pool() -> ThreadPoolExecutor:
    """The threads making previews (started once, for the process; a forked child
    starts its own: _forget_in_child)."""
    if not _pool:
        _pool.append(ThreadPoolExecutor(THREADS, thread_name_prefix="printgen-gallery"))
    return _pool[0]


def _forget_in_child() -> None:
    """In a process forked from one that made previews: its parent's threads are not
    here, so a preview asked of the parent's pool would never be made (the child would
    wait for ever); it starts a pool of its own, with nothing handed over."""
    _pool.clear()
    _handed.clear()


if hasattr(os, "register_at_fork"):                 # not on Windows, which does not fork
    os.register_at_fork(after_in_child=_forget_in_child)


class Ahead:
    """Previews of card images made in the pool, AHEAD of the order the page asks for
    them in: read(rel) gives the bytes of each image that needs a preview (None where it
    needs none), in that order; take(rel) gives the one being made, if any."""

    def __init__(self, rels: list[str], read: Callable[[str], bytes | None]) -> None:
        self._next: Iterator[str] = iter(dict.fromkeys(rels))
        self._read = read
        self._made: dict[str, Future[Made]] = {}

    def _fill(self) -> None:
        while len(self._made) < AHEAD:
            rel = next(self._next, None)
            if rel is None:
                return
            if rel in self._made:
                continue
            raw = self._read(rel)
            if raw is not None:
                handed = _handed.pop(hashlib.sha256(raw).hexdigest(), None)
                self._made[rel] = handed if handed is not None else pool().submit(make, raw, card=True)

    def take(self, rel: str) -> Future[Made] | None:
        self._fill()
        found = self._made.pop(rel, None)
        self._fill()
        return found

    def close(self) -> None:
        """Wait for (and drop) what is still being made."""
        for future in self._made.values():
            future.cancel()
        for future in self._made.values():
            if not future.cancelled():
                future.exception()
        self._made.clear()
