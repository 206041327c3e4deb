"""Pictures a data file names: checked before anything is drawn, and kept for drawing.

A picture is opened the way every input is (printgen/reading.py: a regular file
and nothing else), its format told by its content (PNG, JPEG or WebP, still; any
other is refused, naming the format found), its pixel size and orientation read from
its header, and one of more than MAX_PIXELS (a 300 dpi A3 poster is 17 million)
refused before it is decoded. Then its data is read through, so a file that is no
picture, is damaged or is cut short is one located error here instead of a
decompression bomb or a traceback in the renderer, but without holding the picture
(a 6000 x 6000 photograph is 108 MB decoded): a JPEG is decoded at an eighth of its
size each way (every byte of its data is still read), a PNG's data is inflated a piece
at a time and counted, its chunks after it read as a decoder reads them, and one of
more than MAX_CHUNKS chunks refused before Pillow reads them (printgen/pngdata.py);
only a WebP is decoded whole. (A file is opened, its header read and it is decoded by
printgen/picturefile.py.)

A picture is decoded when it is drawn, at most at the size a drawing needs: a JPEG
at a half, a quarter or an eighth of its size each way where that still has the
pixels drawn (libjpeg's own scaling, Pillow's draft), any other whole. Decoded, it is
made what every output prints: upright (a phone's EXIF orientation applied), at 8 bits
a channel (a scanner's 16-bit greyscale scaled, its transparent grey kept as
transparency); a CMYK picture stays CMYK (a print shop's CMYK file keeps its inks) and
is converted to sRGB through a colour profile for the RGB outputs (rgba:
printgen/picturecolour.py).

Decoded pictures are kept (within a budget of pixels) for the renderers, by file (and
the scale a JPEG is decoded at) and by the size they are drawn at: an icon used 60
times on a card is decoded once and resized once per size, not 60 times. A renderer's own form of a drawn picture (the
PDF's, which holds its pixels again as bytes) is kept with it, in the same budget; a
picture converted whole (to press CMYK, to sRGB) or made a file to embed is kept in a
budget of its own (kept_form). What reading an SVG picture found that drawing it in
a PDF needs again (its drawn cost and style sheets) is kept with it (svg_reading).
"""

from __future__ import annotations

import io
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Generic, TypeVar, cast

from printgen.buildpixels import count as count_pixels
from printgen.errors import InputError
from printgen.picturecolour import rgba
from printgen.picturefile import (
    EXPECTED,
    MAX_BYTES,
    UNREADABLE,
    damaged,
    decode,
    is_jpeg,
    loads,
    opened,
    orientation,
    quiet_pillow,
)
from printgen.pngdata import pixels_whole, tail_reads
from printgen.reading import (
    FileIdentity,
    display_path,
    file_identity,
    note_read,
    open_input,
    read_bytes,
)
from printgen.vector import Reading, is_svg, rasterised, read_svg

if TYPE_CHECKING:
    from PIL.Image import Image, Transpose
    from PIL.PngImagePlugin import PngImageFile

KEPT_PIXELS = 16_000_000        # decoded pictures kept in a process (64 MB as RGBA)
KEPT_DRAWN_PIXELS = 12_000_000  # pictures kept at the size they are drawn at, each counted once more
                                # for each form of it kept (48 MB as RGBA)
KEPT_FORM_PIXELS = 12_000_000   # pictures kept converted (for the press, to sRGB) or as files to
                                # embed, by file (48 MB as RGBA or CMYK)
KEPT_READINGS = 256             # SVG pictures' readings kept for the PDF renderer (svg_reading)
ACROSS = (5, 6, 7, 8)           # the orientations that turn a picture a quarter (its sides swap)
CHECK_SCALE = 8                 # a JPEG is checked decoded at this fraction of its size each way
T = TypeVar("T")
V = TypeVar("V")


def check_picture(path: Path, where: str) -> tuple[int, int]:
    """The picture's pixel size (upright); InputError naming `where` when it is not a
    regular file, not a readable picture, damaged or cut short, holds more than
    MAX_PIXELS, or takes the pictures the build reads past their bound together
    (printgen/buildpixels.py: counted from its header, before its data is read). Read
    from its header, its data read through without holding the picture (the module's
    docstring); kept for the next to ask, as is whether it is a JPEG (which is decoded
    smaller where it is drawn smaller)."""
    note_read(path)
    key = file_identity(path)
    if key is not None and key in _sizes:
        if key not in _vectors:
            count_pixels(key[0], _sizes[key], where)     # (by each build, whatever was read before)
        return _sizes[key]
    if is_svg(path):
        size, reading = read_svg(path, where)
        if key is not None:
            _sizes[key] = size
            _vectors.add(key)
            _readings.put(key, reading)
        return size
    with opened(path, where) as (picture, file):
        width, height = picture.size
        count_pixels(key[0] if key is not None else os.path.abspath(path), (width, height), where)
        size = (height, width) if orientation(picture) in ACROSS else (width, height)
        jpeg = is_jpeg(picture)
        if jpeg:                                    # (an eighth each way: a 64th of the memory)
            picture.draft(picture.mode, (max(1, width // CHECK_SCALE), max(1, height // CHECK_SCALE)))
        whole = loads(picture) if jpeg or picture.format != "PNG" else _png_whole(picture, file)
        if not whole:
            raise InputError(damaged(where, picture.format, (width, height)))
    if key is not None:
        _sizes[key] = size
        if jpeg:
            _jpegs.add(key)
    return size


def _png_whole(picture: Image, file: BinaryIO) -> bool:
    """Whether the opened PNG picture decodes: its pixel data whole, and the chunks
    after it read as Pillow reads them after decoding (printgen/pngdata.py), without
    decoding it."""
    end = pixels_whole(file)
    if end is None:
        return False
    try:
        return tail_reads(cast("PngImageFile", picture).png, end)
    except UNREADABLE:
        return False


def svg_reading(key: FileIdentity | None) -> Reading | None:
    """What check_picture found reading the SVG picture file of that identity (its
    drawn cost and style sheets: vector.Reading), where it is kept; else None."""
    return _readings.get(key) if key is not None else None


def drawn_picture(path: Path, size: tuple[int, int], turn: Transpose | None = None) -> Image:
    """The picture as RGBA (rgba), upright (upright_picture), turned (a Pillow transpose) and resized to size (pixels)
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


def drawn_part(path: Path, whole: tuple[int, int], box: tuple[int, int, int, int],
               turn: Transpose | None = None) -> Image:
    """drawn_picture(path, whole, turn).crop(box): the part of the picture an image
    element's `fit: cover` shows. Where the whole picture drawn would be more than
    KEPT_DRAWN_PIXELS (a very wide or tall picture covering a box draws far past it),
    only the part is drawn, from the picture's own pixels (a raster) or by resvg (an
    SVG), so that what is drawn is no larger than the box."""
    if whole[0] * whole[1] <= KEPT_DRAWN_PIXELS:
        return drawn_picture(path, whole, turn).crop(box)
    from PIL import Image as PILImage
    size = (max(1, box[2] - box[0]), max(1, box[3] - box[1]))
    edges = [min(1.0, max(0.0, edge / whole[index % 2])) for index, edge in enumerate(box)]
    across = turn in (PILImage.Transpose.ROTATE_90, PILImage.Transpose.ROTATE_270)
    own = _unturned(edges, turn)                     # the part in the picture's own frame
    own_size = (size[1], size[0]) if across else size
    if is_svg(path):
        part = rasterised(path, own_size, view=own)
    else:
        source = rgba(_source(path, file_identity(path), (whole[1], whole[0]) if across else whole))
        width, height = source.size
        view = (own[0] * width, own[1] * height, max(own[2] * width, own[0] * width + 1e-3),
                max(own[3] * height, own[1] * height + 1e-3))
        part = source.resize(own_size, PILImage.Resampling.LANCZOS, box=view)
    return part.transpose(turn) if turn is not None else part


def _unturned(edges: list[float], turn: Transpose | None) -> tuple[float, float, float, float]:
    """A part's edges (left, top, right, bottom, as fractions) in a picture turned by
    turn (a Pillow transpose: 90 and 270 anticlockwise), as they are in the picture."""
    from PIL import Image as PILImage
    left, top, right, bottom = edges
    if turn == PILImage.Transpose.ROTATE_90:
        return 1 - bottom, left, 1 - top, right
    if turn == PILImage.Transpose.ROTATE_180:
        return 1 - right, 1 - bottom, 1 - left, 1 - top
    if turn == PILImage.Transpose.ROTATE_270:
        return top, 1 - right, bottom, 1 - left
    return left, top, right, bottom


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
        across = turn is not None and turn in (PILImage.Transpose.ROTATE_90, PILImage.Transpose.ROTATE_270)
        own = (size[1], size[0]) if across else size    # the size it is shown at, in its own orientation
        source = rasterised(path, own) if is_svg(path) else _source(path, key[0], own)
        opaque = source.mode in ("RGB", "L") and "transparency" not in source.info
        image = source if opaque else rgba(source)      # (an opaque one made RGBA once small: the same
        if turn is not None:                            # pixels, without a copy of it whole as RGBA)
            image = image.transpose(turn)
        drawn = _Drawn(rgba(image.resize(size, PILImage.Resampling.LANCZOS)))
        if key[0] is not None:
            _drawn.put(key, drawn)
    return key, drawn


def transparent(path: Path) -> bool:
    """Whether any of the raster picture's pixels is less than opaque: the picture
    decoded as check_picture decodes it (kept from it where it is kept)."""
    return _transparent(path, file_identity(path))


@lru_cache(maxsize=256)
def _transparent(path: Path, key: FileIdentity | None) -> bool:
    with opened(path, display_path(path)) as (header, _):      # (a picture with no alpha is not decoded)
        if not _has_alpha(header):
            return False
    picture = _source(path, key)
    if not _has_alpha(picture):
        return False
    counts = rgba(picture).getchannel("A").histogram()
    return any(counts[:255])                            # a pixel of alpha below 255


def _has_alpha(picture: Image) -> bool:
    """Whether the picture's mode has alpha or it names a transparent colour."""
    return picture.mode in ("RGBA", "LA", "PA", "La", "RGBa") or "transparency" in picture.info


def picture_bytes(path: Path) -> bytes:
    """The picture file's bytes (the PDF names the picture by their digest; the SVG
    output embeds an SVG picture as them), read as every input is: a regular file of
    at most MAX_BYTES."""
    return read_bytes(path, display_path(path), max_bytes=MAX_BYTES, what=EXPECTED)


def stored_orientation(path: Path) -> int | None:
    """How a reader turns the raster picture's file to show it, where the file's pixels
    are what printgen prints: its EXIF orientation (1 for none, to 8) for a PNG or JPEG
    file Pillow opens in RGB, greyscale or a palette at 8 bits a channel (a 16-bit
    colour PNG among them: Pillow opens it as RGB); None for any other file (a WebP, a
    16-bit greyscale or a CMYK one), whose pixels are given as upright_rgb makes them.
    Read from the file's header and, for a PNG, its chunks' headers: never decoded."""
    return _stored_orientation(path, file_identity(path))


@lru_cache(maxsize=256)
def _stored_orientation(path: Path, key: FileIdentity | None) -> int | None:
    from PIL import Image as PILImage
    with open_input(path, display_path(path), max_bytes=MAX_BYTES, what=EXPECTED) as file, quiet_pillow():
        try:
            with PILImage.open(file, formats=["PNG", "JPEG"]) as picture:     # (its header only)
                if picture.mode not in ("1", "L", "LA", "P", "RGB", "RGBA"):
                    return None
                turn = orientation(picture, file)
                return turn if turn in range(1, 9) else 1
        except UNREADABLE + (PILImage.DecompressionBombError,):
            return None


def upright_rgb(path: Path) -> Image:
    """The raster picture as printgen prints it, as an sRGB image: upright, at 8 bits a
    channel, a CMYK one converted by colour management (rgba), in mode RGBA where any
    pixel is less than opaque, else RGB. Shared: never draw on it."""
    return kept_form(path, "upright sRGB", lambda: _upright_rgb(path), _pixels_of)


def _upright_rgb(path: Path) -> Image:
    image = rgba(_source(path, file_identity(path)))
    return image if transparent(path) else image.convert("RGB")


def upright_picture(path: Path, least: tuple[int, int] | None = None) -> Image:
    """The raster picture decoded: upright, at 8 bits a channel, in its own mode (a CMYK
    one CMYK); where least (pixels) is given, a JPEG decoded smaller where it still has
    at least those pixels each way. Shared: never draw on it."""
    return _source(path, file_identity(path), least)


def embedded_picture(path: Path) -> tuple[str, bytes]:
    """The raster picture as a file to embed in another (an SVG), with its MIME type:
    the file itself where every reader shows it as printgen prints it (a PNG or JPEG
    with no orientation to apply: stored_orientation), else upright_rgb's image, as a
    JPEG (quality 95) where the file is one, else as a PNG."""
    return kept_form(path, "embedded", lambda: _embedded_picture(path), lambda made: len(made[1]) // 4)


def _embedded_picture(path: Path) -> tuple[str, bytes]:
    data = picture_bytes(path)
    jpeg = data.startswith(b"\xff\xd8")
    if stored_orientation(path) == 1:
        return ("image/jpeg" if jpeg else "image/png"), data
    out = io.BytesIO()
    image = upright_rgb(path)
    if jpeg and image.mode == "RGB":
        image.save(out, format="JPEG", quality=95)
        return "image/jpeg", out.getvalue()
    image.save(out, format="PNG")
    return "image/png", out.getvalue()


def kept_form(path: Path, kind: str, make: Callable[[], T], weigh: Callable[[T], int]) -> T:
    """make(): a form of the picture file (its pixels converted, or a file made of
    them), kept by the file and kind (a name) for the next to ask, with the others
    within KEPT_FORM_PIXELS (weigh gives a form's weight, in pixels: a byte is a
    quarter of one). Shared: never change it."""
    key = file_identity(path)
    if key is None:
        return make()
    found = _forms.get((kind, key))
    if found is not None:
        return cast(T, found[0])
    made = make()
    _forms.put((kind, key), (made, weigh(made)))
    return made


def _pixels_of(image: Image) -> int:
    return image.width * image.height


def _source(path: Path, key: FileIdentity | None, least: tuple[int, int] | None = None) -> Image:
    """The decoded picture (upright), a JPEG at the smallest scale that keeps at least
    least pixels each way (where given), kept (within KEPT_PIXELS) for the next to ask."""
    scale = 1
    if least is not None and key is not None:
        size = check_picture(path, display_path(path))      # (read already, where it was checked)
        scale = _reduction(size, least) if key in _jpegs else 1
    picture = _kept.get((key, scale)) if key is not None else None
    if picture is None:
        picture = decode(path, display_path(path), scale)
        if key is not None:
            _kept.put((key, scale), picture)
    return picture


def _reduction(size: tuple[int, int], least: tuple[int, int]) -> int:
    """The most a JPEG of size pixels may be made smaller as it is decoded (by 2, 4 or 8
    each way, Pillow's draft; 1: not at all) and keep at least least pixels each way."""
    most = min(size[0] // max(1, least[0]), size[1] // max(1, least[1]))
    return next((scale for scale in (8, 4, 2) if most >= scale), 1)



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
_jpegs: set[FileIdentity] = set()                   # the JPEG files among them (decoded smaller where drawn so)
_vectors: set[FileIdentity] = set()                 # the SVG files among them (which count no pixels)
_kept: _Kept[Image] = _Kept(KEPT_PIXELS, lambda image: image.width * image.height)
_drawn: _Kept[_Drawn] = _Kept(KEPT_DRAWN_PIXELS, _Drawn.pixels)
_forms: _Kept[tuple[object, int]] = _Kept(KEPT_FORM_PIXELS, lambda kept: kept[1])
_readings: _Kept[Reading] = _Kept(KEPT_READINGS, lambda reading: 1)     # (counted, not weighed)
