"""A picture file opened, checked and decoded by Pillow: its format told by its content
(FORMATS: PNG, JPEG or WebP, still; any other refused, naming the format found), its
pixel size and EXIF orientation read from its header without decoding it, and one of
more than MAX_PIXELS refused before it is decoded; decoded, it is made upright and 8
bits a channel. Every error is one located line. Read by printgen/pictures.py, which
checks and keeps the pictures a data file names, and by the renderers for quiet_pillow.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from printgen.errors import InputError
from printgen.limits import limit
from printgen.pngdata import MAX_CHUNKS, SIGNATURE, exif_chunk, too_many_chunks
from printgen.reading import open_input

if TYPE_CHECKING:
    from PIL.Image import Image

MAX_PIXELS = limit("picture_pixels")
MAX_BYTES = int(limit("picture_bytes"))
FORMATS = {"PNG": "image/png", "JPEG": "image/jpeg", "WEBP": "image/webp"}   # the raster formats read, by
                                # Pillow's name, with their MIME types
EXPECTED = "a PNG, JPEG, WebP or SVG picture"
EXPECTED_FILE = "a PNG, JPEG, WebP or SVG file"
ORIENTATION = 0x0112            # the EXIF tag of a picture's orientation


def decode(path: Path, where: str, scale: int = 1) -> Image:
    """The picture decoded (a JPEG at 1/scale of its size each way, rounded up), upright
    (its EXIF orientation applied) and at 8 bits a channel (a CMYK picture kept CMYK);
    one located error otherwise."""
    with opened(path, where) as (picture, _):
        width, height = picture.size
        if scale > 1 and is_jpeg(picture):
            picture.draft(picture.mode, (width // scale, height // scale))
        if not loads(picture):
            raise InputError(damaged(where, picture.format, (width, height)))
    return eight_bits(upright(picture))


@contextmanager
def opened(path: Path, where: str) -> Iterator[tuple[Image, BinaryIO]]:
    """The picture file opened by Pillow, and the file: its header read, nothing decoded;
    one located error where it is not a picture of FORMATS, is a PNG of more than
    MAX_CHUNKS chunks (counted before Pillow reads them), holds more than MAX_PIXELS
    or is animated. Where a PNG's EXIF data comes after its pixels, it is read (without
    them) as Pillow reads one before them, so that its orientation is known."""
    from PIL import Image as PILImage
    with open_input(path, where, max_bytes=MAX_BYTES, what=EXPECTED) as file, quiet_pillow():
        if too_many_chunks(file):       # (Pillow reads those before the pixels as it opens it)
            raise InputError(f"{where}: a PNG file of more than {MAX_CHUNKS:,} chunks; expected a picture as a "
                             f"picture editor saves it (save it again from one)")
        try:
            picture = PILImage.open(file, formats=list(FORMATS))
        except PILImage.DecompressionBombError:
            raise InputError(f"{where}: more than {MAX_PIXELS:,} pixels; expected a smaller picture") from None
        except UNREADABLE:
            raise InputError(f"{where}: {_found(file)}; expected {EXPECTED_FILE}") from None
        width, height = picture.size
        if width * height > MAX_PIXELS:
            raise InputError(f"{where}: {width} x {height} pixels, more than {MAX_PIXELS:,}; expected a "
                             f"smaller picture")
        frames = getattr(picture, "n_frames", 1)
        if frames > 1 and picture.format != "MPO":  # (a camera's JPEG with more pictures after its own)
            raise InputError(f"{where}: an animated {picture.format} picture ({frames} frames), which would "
                             f"print its first frame only; expected a still picture ({EXPECTED_FILE})")
        orientation(picture, file)                 # (read from the header now: upright reads it again)
        yield picture, file


def _late_exif(picture: Image, file: BinaryIO) -> None:
    """A PNG's eXIf chunk after its pixels put in picture.info, as Pillow puts one before
    them (Pillow's getexif would decode the whole picture to look past its pixels)."""
    if picture.format == "PNG" and "exif" not in picture.info:
        data = exif_chunk(file)
        if data is not None:
            picture.info["exif"] = b"Exif\x00\x00" + data


def orientation(picture: Image, file: BinaryIO | None = None) -> int:
    """The picture's EXIF orientation (1 where it has none), from its header: what
    Pillow's getexif reads of a JPEG or WebP, and of a PNG what it reads before decoding
    (the EXIF data, XMP or text of the chunks before its pixels, and an eXIf chunk after
    them: _late_exif), which is kept with the picture for upright to read again."""
    from PIL import Image as PILImage
    if file is not None:
        _late_exif(picture, file)
    with quiet_pillow():
        turn = PILImage.Image.getexif(picture).get(ORIENTATION, 1)     # (not the PNG's own, which decodes)
    return turn if isinstance(turn, int) else 1


@contextmanager
def quiet_pillow() -> Iterator[None]:
    """Pillow opening or reading a picture file says nothing of it (its warnings are
    Python warnings, printed with Pillow's source file and line): damaged EXIF data
    ("Corrupt EXIF data", an entry past the data's end, which Pillow reads as it opens
    a JPEG) gives no orientation, which is what printgen prints it at; a picture of
    more pixels than Pillow's own bound is refused by printgen's (MAX_PIXELS), below
    it. Every opening of a picture file, the PDF library's too, is wrapped in it."""
    from PIL import Image as PILImage
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        warnings.simplefilter("ignore", PILImage.DecompressionBombWarning)
        yield


def is_jpeg(picture: Image) -> bool:
    """Whether Pillow can decode the picture smaller (draft): a JPEG."""
    return picture.format in ("JPEG", "MPO")


def loads(picture: Image) -> bool:
    """Decode the picture; whether it decodes (it is not damaged or cut short)."""
    try:
        picture.load()
    except UNREADABLE:
        return False
    return True


def damaged(where: str, kind: str | None, size: tuple[int, int]) -> str:
    return (f"{where}: the picture is damaged or cut short (its {size[0]} x {size[1]} pixels do not "
            f"decode); expected a whole {kind} file (save it again from a picture editor)")


def _found(file: BinaryIO) -> str:
    """What a file Pillow does not open as one of FORMATS is, in words: the picture
    format it is in, where Pillow knows it ("a GIF picture, which printgen does not
    print"), a PNG file that does not open, else "not a picture printgen can read"."""
    from PIL import Image as PILImage
    from PIL.PngImagePlugin import MAX_TEXT_CHUNK
    file.seek(0)
    try:
        with PILImage.open(file) as other:          # (the header only: nothing is decoded)
            kind = other.format
    except UNREADABLE + (PILImage.DecompressionBombError,):
        kind = None
    file.seek(0)
    start = file.read(12)
    if not kind and start.startswith(SIGNATURE):    # (Pillow opens no PNG whose text or colour profile
        return (f"a PNG file that does not open: damaged, or holding text or a colour profile of more "
                f"than {MAX_TEXT_CHUNK // 2**20} MB unpacked")     # unpacks past that: a zip bomb, or huge)
    if not kind and start[4:] in _HEIF:
        kind = "HEIC"                               # an iPhone's photo, which Pillow does not read
    if not kind:
        return "not a picture printgen can read"
    return f"a {kind} picture, which printgen does not print"


def upright(picture: Image) -> Image:
    """The picture as it is meant to be seen: turned or mirrored as its EXIF orientation
    says (a phone's photograph is stored as the camera was held); itself where it has
    none."""
    from PIL import ImageOps
    with quiet_pillow():
        if picture.getexif().get(ORIENTATION, 1) in (None, 1):
            return picture
        turned = ImageOps.exif_transpose(picture)
    assert turned is not None                       # (None only in place)
    return turned


def eight_bits(picture: Image) -> Image:
    """The picture at 8 bits a channel: a 16-bit greyscale one (Pillow's modes I;16 and
    I, of values 0 to 65535) scaled to 0 to 255 in mode L, or in mode LA where its PNG
    names a transparent grey (a tRNS chunk): each pixel of exactly that 16-bit value
    transparent, every other opaque (as the PNG specification says; the grey's 8-bit
    value may name other pixels too, so it is not kept as one); any other as it is
    (Pillow reads a 16-bit colour PNG at 8 bits already)."""
    if picture.mode not in ("I", "I;16", "I;16L", "I;16B", "I;16N"):
        return picture
    values = picture.convert("I")
    grey = values.point(lambda value: value * (255 / 65535) + 0.5).convert("L")
    clear = picture.info.get("transparency")
    grey.info.pop("transparency", None)             # (a 16-bit value: it names no 8-bit grey)
    if not isinstance(clear, int):
        return grey
    from PIL import ImageMath
    same = ImageMath.lambda_eval(lambda args: args["equal"](args["a"], clear), a=values)     # 1 where clear, else 0
    grey.putalpha(same.point(lambda value: value * -255 + 255).convert("L"))
    return grey


# how a HEIF file (an iPhone's HEIC photo) starts, after its first four bytes
_HEIF = {b"ftyp" + brand for brand in (b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"mif1", b"msf1")}

# what Pillow raises for a file that is not a picture it reads, or a damaged one
UNREADABLE: tuple[type[BaseException], ...] = (OSError, SyntaxError, ValueError, EOFError, IndexError,
                                                KeyError, TypeError, ArithmeticError)
