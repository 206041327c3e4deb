"""A raster picture as reportlab's drawImage is given it in a PDF: its own file where its
pixels are what printgen prints (named in the PDF by a digest of its bytes, and drawn
turned as its EXIF orientation says), else its upright sRGB pixels. Read by
render/pdf.py (drawing a picture, and splicing a kept page in place of drawing it).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from printgen.pictures import kept_form, picture_bytes, stored_orientation, upright_rgb
from printgen.reading import FileIdentity, file_identity


class ImageFile(str):
    """An image's path as reportlab opens it, named in the PDF by its content.

    reportlab names a picture's XObject after the text of its file name, so the same
    deck built from another folder (or printgen installed elsewhere) would give other
    PDF bytes. This path's text is the file's; only str(), which reportlab's name
    uses, gives a digest of its bytes."""

    digest: str

    def __str__(self) -> str:
        return self.digest


def image_source(path: Path) -> ImageFile | ImageReader:
    """A raster picture as drawImage is given it: its file where its pixels are what
    printgen prints (pictures.stored_orientation: a PNG or JPEG at 8 bits, in RGB,
    greyscale, a palette or 1 bit a pixel; drawn turned as its EXIF orientation says, by orient), else its
    upright sRGB pixels (a 16-bit or CMYK picture, a WebP)."""
    identity = file_identity(path)
    if stored_orientation(path) is not None:
        return _named_image(path, identity)
    return kept_form(path, "reportlab", lambda: ImageReader(upright_rgb(path)), _reader_pixels)


# the turn (degrees anticlockwise, y up) and mirroring that show a stored picture
# upright, by its EXIF orientation (2 to 8): the mirroring is done first
_ORIENTATIONS = {2: (0, True), 3: (180, False), 4: (180, True), 5: (90, True), 6: (-90, False),
                 7: (-90, True), 8: (90, False)}


def orient(canvas: Canvas, path: Path, w: float, h: float) -> tuple[float, float]:
    """Turn the canvas (its origin at the picture's centre) so that the stored picture's
    file, drawn in the box it returns, shows upright in a box of w x h."""
    turn, mirror = _ORIENTATIONS.get(stored_orientation(path) or 1, (0, False))
    if turn:
        canvas.rotate(turn)
    if mirror:
        canvas.scale(-1, 1)
    return (h, w) if turn % 180 else (w, h)


def _reader_pixels(reader: ImageReader) -> int:
    width, height = reader.getSize()
    return width * height


@lru_cache(maxsize=256)
def _named_image(path: Path, identity: FileIdentity | None) -> ImageFile:
    source = ImageFile(str(path))
    source.digest = "image-" + hashlib.sha256(picture_bytes(path)).hexdigest()
    return source
