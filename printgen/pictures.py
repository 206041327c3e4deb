"""Pictures a data file names: checked before anything is drawn, and kept for drawing.

A picture is opened the way every input is (printgen/reading.py: a regular file
and nothing else), its pixel size read from its header, and one of more than
MAX_PIXELS (a 300 dpi A3 poster is 17 million) refused before it is decoded; then it
is decoded whole, so a file that is no picture, is damaged or is cut short is one
located error here instead of a decompression bomb or a traceback in the renderer.

Decoded pictures are kept (within a budget of pixels) for the renderers, by file and
by the size they are drawn at: an icon used 60 times on a card is decoded once and
resized once per size, not 60 times. A renderer's own form of a drawn picture (the
PDF's, which holds its pixels again as bytes) is kept with it, in the same budget.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar, cast

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
KEPT_DRAWN_PIXELS = 12_000_000  # pictures kept at the size they are drawn at, each counted once more
                                # for each form of it kept (48 MB as RGBA)
EXPECTED = "a PNG, JPEG or SVG picture"
T = TypeVar("T")
V = TypeVar("V")


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
    return _drawing(path, size, turn)[1].image


def drawn_form(path: Path, size: tuple[int, int], form: Callable[[Image], T]) -> T:
    """form(drawn_picture(path, size)): a renderer's own form of the drawn picture (the
    PDF renderer's reportlab ImageReader, which holds its pixels again as bytes), made
    once and kept with the drawn picture, counted against the same budget. Shared as
    the picture is."""
    key, drawn = _drawing(path, size, None)
    made = drawn.forms.get(form)
    if made is None:
        made = drawn.forms[form] = form(drawn.image)
        if key[0] is not None:
            _drawn.put(key, drawn)          # (weighed again)
    return cast(T, made)


class _Drawn:
    """A picture drawn at a size, and the renderers' forms of it (by what makes them)."""

    def __init__(self, image: Image) -> None:
        self.image = image
        self.forms: dict[Callable[[Image], object], object] = {}

    def pixels(self) -> int:
        """Its weight: its pixels, and as many again for each form (a copy of them)."""
        return self.image.width * self.image.height * (1 + len(self.forms))


def _drawing(path: Path, size: tuple[int, int],
             turn: Transpose | None) -> tuple[tuple[FileIdentity | None, tuple[int, int], Transpose | None], _Drawn]:
    """The picture drawn (as drawn_picture says), with its key in _drawn."""
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
        image = source.convert("RGBA")
        if turn is not None:
            image = image.transpose(turn)
        drawn = _Drawn(image.resize(size, PILImage.Resampling.LANCZOS))
        if key[0] is not None:
            _drawn.put(key, drawn)
    return key, drawn


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


class _Kept(Generic[V]):
    """Values by key, the least recently used dropped once they weigh more than budget
    (weigh gives a value's weight, in pixels; a value heavier than the budget is not
    kept)."""

    def __init__(self, budget: int, weigh: Callable[[V], int]) -> None:
        self.budget = budget
        self.weigh = weigh
        self.values: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self.pixels = 0
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        with self.lock:
            found = self.values.get(key)
            if found is None:
                return None
            self.values.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, value: V) -> None:
        pixels = self.weigh(value)
        with self.lock:
            old = self.values.pop(key, None)
            if old is not None:
                self.pixels -= old[1]
            if pixels > self.budget:
                return
            while self.values and self.pixels + pixels > self.budget:
                _, (_, dropped) = self.values.popitem(last=False)
                self.pixels -= dropped
            self.values[key] = (value, pixels)
            self.pixels += pixels


_sizes: dict[FileIdentity, tuple[int, int]] = {}
_kept: _Kept[Image] = _Kept(KEPT_PIXELS, lambda image: image.width * image.height)
_drawn: _Kept[_Drawn] = _Kept(KEPT_DRAWN_PIXELS, _Drawn.pixels)
