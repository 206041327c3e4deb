"""Pictures a data file names: checked before anything is drawn, and kept for drawing.

A picture is opened the way every input is (printgen/reading.py: a regular file
and nothing else), its pixel size read from its header, and one of more than
MAX_PIXELS (a 300 dpi A3 poster is 17 million) refused before it is decoded; then it
is decoded whole, so a file that is no picture, is damaged or is cut short is one
located error here instead of a decompression bomb or a traceback in the renderer.

Decoded pictures are kept (within a budget of pixels) for the renderers, by file and
by the size they are drawn at: an icon used 60 times on a card is decoded once and
resized once per size, not 60 times.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.errors import InputError
from printgen.limits import limit
from printgen.reading import (
    FileIdentity,
    display_path,
    file_identity,
    note_read,
    open_input,
    read_bytes,
)
from printgen.vector import is_svg, rasterised, svg_size

if TYPE_CHECKING:
    from PIL.Image import Image, Transpose

MAX_PIXELS = limit("picture_pixels")
MAX_BYTES = int(limit("picture_bytes"))
KEPT_PIXELS = 16_000_000        # decoded pictures kept in a process (64 MB as RGBA)
KEPT_DRAWN_PIXELS = 4_000_000   # pictures kept at the size they are drawn at (16 MB)
EXPECTED = "a PNG, JPEG or SVG picture"


def check_picture(path: Path, where: str) -> tuple[int, int]:
    """The picture's pixel size; InputError naming `where` when it is not a regular
    file, not a readable picture, damaged or cut short, or holds more than MAX_PIXELS."""
    note_read(path)
    key = file_identity(path)
    if key is not None and key in _sizes:
        return _sizes[key]
    if is_svg(path):
        size = svg_size(path, where)
        if key is not None:
            _sizes[key] = size
        return size
    picture = _decode(path, where)
    if key is not None:
        _sizes[key] = picture.size
        _kept.put(key, picture)
    return picture.size


def drawn_picture(path: Path, size: tuple[int, int], turn: Transpose | None = None) -> Image:
    """The picture as RGBA, turned (a Pillow transpose) and resized to size (pixels)
    with Lanczos: decoded once and resized once per size in a process. The image is
    shared: draw it, never draw on it."""
    from PIL import Image as PILImage
    key = (file_identity(path), size, turn)
    drawn = _drawn.get(key)
    if drawn is None:
        source = _kept.get(key[0]) if key[0] is not None else None
        if is_svg(path):            # drawn at the size it is shown at (turned, its sides swap)
            across = turn is not None and turn in (PILImage.Transpose.ROTATE_90, PILImage.Transpose.ROTATE_270)
            source = rasterised(path, (size[1], size[0]) if across else size)
        elif source is None:
            source = _decode(path, display_path(path))
            if key[0] is not None:
                _kept.put(key[0], source)
        drawn = source.convert("RGBA")
        if turn is not None:
            drawn = drawn.transpose(turn)
        drawn = drawn.resize(size, PILImage.Resampling.LANCZOS)
        if key[0] is not None:
            _drawn.put(key, drawn)
    return drawn


def transparent(path: Path) -> bool:
    """Whether any of the raster picture's pixels is less than opaque: the picture
    decoded as check_picture decodes it (kept from it where it is kept)."""
    return _transparent(path, file_identity(path))


@lru_cache(maxsize=256)
def _transparent(path: Path, key: FileIdentity | None) -> bool:
    picture = _kept.get(key) if key is not None else None
    if picture is None:
        picture = _decode(path, display_path(path))
        if key is not None:
            _kept.put(key, picture)
    if picture.mode not in ("RGBA", "LA", "PA", "La", "RGBa") and "transparency" not in picture.info:
        return False
    counts = picture.convert("RGBA").getchannel("A").histogram()
    return any(counts[:255])                            # a pixel of alpha below 255


def picture_bytes(path: Path) -> bytes:
    """The picture file's bytes (the SVG renderer embeds them, the PDF names the picture
    by their digest), read as every input is: a regular file of at most MAX_BYTES."""
    return read_bytes(path, display_path(path), max_bytes=MAX_BYTES, what=EXPECTED)


def _decode(path: Path, where: str) -> Image:
    """The whole picture decoded (in its own mode); one located error otherwise."""
    from PIL import Image as PILImage
    with open_input(path, where, max_bytes=MAX_BYTES, what=EXPECTED) as file:
        try:
            picture = PILImage.open(file)
        except PILImage.DecompressionBombError:
            raise InputError(f"{where}: more than {MAX_PIXELS:,} pixels; expected a smaller picture") from None
        except _UNREADABLE:
            raise InputError(f"{where}: not a picture printgen can read; expected a PNG, JPEG or SVG file") from None
        width, height = picture.size
        if width * height > MAX_PIXELS:
            raise InputError(f"{where}: {width} x {height} pixels, more than {MAX_PIXELS:,}; expected a "
                             f"smaller picture")
        try:
            picture.load()
        except _UNREADABLE:
            raise InputError(f"{where}: the picture is damaged or cut short (its {width} x {height} pixels "
                             f"do not decode); expected a whole PNG or JPEG file (save it again from a "
                             f"picture editor)") from None
    return picture


# what Pillow raises for a file that is not a picture it reads, or a damaged one
_UNREADABLE: tuple[type[BaseException], ...] = (OSError, SyntaxError, ValueError, EOFError, IndexError,
                                                KeyError, TypeError, ArithmeticError)


class _Kept:
    """Images by key, the least recently used dropped once they hold more than budget
    pixels (an image larger than the budget is not kept)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.images: OrderedDict[Hashable, Image] = OrderedDict()
        self.pixels = 0
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> Image | None:
        with self.lock:
            image = self.images.get(key)
            if image is not None:
                self.images.move_to_end(key)
            return image

    def put(self, key: Hashable, image: Image) -> None:
        pixels = image.width * image.height
        if pixels > self.budget:
            return
        with self.lock:
            old = self.images.pop(key, None)
            if old is not None:
                self.pixels -= old.width * old.height
            while self.images and self.pixels + pixels > self.budget:
                _, dropped = self.images.popitem(last=False)
                self.pixels -= dropped.width * dropped.height
            self.images[key] = image
            self.pixels += pixels


_sizes: dict[FileIdentity, tuple[int, int]] = {}
_kept = _Kept(KEPT_PIXELS)
_drawn = _Kept(KEPT_DRAWN_PIXELS)
