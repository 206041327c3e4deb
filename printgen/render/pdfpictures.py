"""A PDF's raster pictures embedded at no more pixels than print needs.

A picture's pixels are embedded once in a PDF however often it is placed, and its
pages name it only: a page scales the picture to its box, whatever its pixel size.
So what a page places is noted as it is drawn (or spliced), and once every page is
drawn, before the file is saved, each picture with more than SLACK times the pixels
that a print at PLACED_DPI of its largest placement in the file needs is resampled
to that print's pixels (Pillow's Lanczos filter): a phone's 6000 x 6000 photograph
placed 4 in wide in a booklet is embedded at 1200 x 1200. A JPEG stays a JPEG
(quality JPEG_QUALITY), any other is embedded losslessly, as before, its transparency
kept; the pixels stay as the file stores them (a page turns a picture to show it
upright, as its EXIF orientation says). A picture within the rule is embedded as it
was: its file's JPEG data, byte for byte.

A print shop's CMYK file converts each picture to press CMYK as it draws it
(render/flatten.py), so there the rule is applied before drawing, at the shop's dpi:
press_sizes looks at every page first and gives the size each picture over the rule
is converted at, once for the file (a JPEG decoded no larger than that needs).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc

from printgen.layout.primitives import FULL, Image, Primitive, uncropped
from printgen.picturefile import quiet_pillow
from printgen.pictures import (
    check_picture,
    picture_bytes,
    stored_orientation,
    upright_rgb,
)
from printgen.reading import display_path
from printgen.vector import is_svg

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

PLACED_DPI = 300        # the resolution a placed picture is embedded at, at most (where resampled)
SLACK = 2               # a picture is resampled only when it has more than this many times those pixels
JPEG_QUALITY = 94       # a resampled JPEG's quality (Pillow's scale, to 95)


@dataclass
class Placement:
    """A picture placed in the file: its path and the largest scale (placed pixels at
    PLACED_DPI over its own pixels, along its more demanding side) it is placed at."""

    path: Path
    scale: float


def placed_scale(prim: Image, dpi: int = PLACED_DPI) -> float:
    """The scale a print at dpi of the raster picture prim places needs of its pixels
    (1: every pixel; 0.25: a quarter of them each way). A cropped picture (fit: cover)
    counts as the whole picture its box shows part of."""
    whole = uncropped(prim) if prim.crop != FULL else prim
    width, height = check_picture(prim.path, display_path(prim.path))     # (upright; read already)
    across, down = (whole.h, whole.w) if whole.rotate % 180 else (whole.w, whole.h)
    return max(across * dpi / 72 / width, down * dpi / 72 / height)


def over_rule(scale: float) -> bool:
    """Whether a picture whose largest placement needs scale of its pixels each way has
    more than SLACK times the pixels that placement needs (the module's rule)."""
    return scale * scale * SLACK < 1


def scaled(size: tuple[int, int], scale: float) -> tuple[int, int]:
    """A picture's pixel size (width, height) at scale, each side at least 1."""
    return max(1, math.ceil(size[0] * scale)), max(1, math.ceil(size[1] * scale))


def note(placed: dict[str, Placement], name: str, prim: Image, dpi: int = PLACED_DPI) -> None:
    """The picture of that internal name (its XObject's) is placed as prim places it."""
    scale = placed_scale(prim, dpi)
    known = placed.get(name)
    if known is None:
        placed[name] = Placement(prim.path, scale)
    elif scale > known.scale:
        known.scale = scale


def press_sizes(prims: Iterable[Primitive], dpi: int) -> dict[Path, tuple[int, int]]:
    """The pixel size (upright) each raster picture that prims place is to be converted
    at for a print shop's CMYK file, by path, where it has more than SLACK times the
    pixels a print at dpi of its largest placement among them needs; a picture within
    the rule is not named (it is converted at its own size, as before)."""
    placed: dict[str, Placement] = {}
    for prim in prims:
        if isinstance(prim, Image) and prim.w > 0 and prim.h > 0 and not is_svg(prim.path):
            note(placed, str(prim.path), prim, dpi)
    sizes = {}
    for one in placed.values():
        if over_rule(one.scale):
            sizes[one.path] = scaled(check_picture(one.path, display_path(one.path)), one.scale)
    return sizes


def shrink(doc: Any, placed: dict[str, Placement]) -> None:
    """Resample, in doc, every noted picture with more than SLACK times the pixels its
    largest placement needs (the module's rule), before doc is saved."""
    for name, one in placed.items():
        obj = doc.idToObject.get(name)
        if obj is None or not over_rule(one.scale):
            continue
        stored = stored_orientation(one.path) is not None
        size = scaled((obj.width, obj.height), one.scale)
        if stored and "DCTDecode" in obj._filters:
            _jpeg(obj, one.path, size)
        else:
            _lossless(doc, obj, _stored_pixels(one.path) if stored else upright_rgb(one.path), size)


def _jpeg(obj: Any, path: Path, size: tuple[int, int]) -> None:
    """The JPEG picture's XObject given its file's pixels (as stored) resampled to size."""
    import io

    from PIL import Image as PILImageModule
    with quiet_pillow(), PILImageModule.open(io.BytesIO(picture_bytes(path))) as picture:
        picture.draft(picture.mode, size)           # (decoded at a smaller scale where it can be)
        mode = "L" if picture.mode == "L" else "RGB"
        resized = picture.convert(mode).resize(size, PILImageModule.Resampling.LANCZOS)
    out = io.BytesIO()
    resized.save(out, format="JPEG", quality=JPEG_QUALITY)
    made = pdfdoc.PDFImageXObject(obj.name)
    made.loadImageFromJPEG(io.BytesIO(out.getvalue()))
    _take(obj, made)


def _stored_pixels(path: Path) -> PILImage:
    """The picture file's pixels as stored (not turned upright), in a mode reportlab
    embeds as it embeds the file's: with alpha where it has transparency."""
    import io

    from PIL import Image as PILImageModule
    with quiet_pillow(), PILImageModule.open(io.BytesIO(picture_bytes(path))) as picture:
        picture.load()
        if picture.mode in ("RGBA", "LA", "PA") or "transparency" in picture.info:
            return picture.convert("RGBA")
        return picture.convert("L" if picture.mode in ("L", "1") else "RGB")


def _lossless(doc: Any, obj: Any, picture: PILImage, size: tuple[int, int]) -> None:
    """The XObject (and its soft mask) given the picture resampled to size, as
    reportlab embeds a picture's pixels; left as it is where the resampled picture
    would be embedded otherwise (a transparent colour in place of a soft mask) or its
    soft mask is shared with another picture."""
    from PIL import Image as PILImageModule
    resized = picture.resize(size, PILImageModule.Resampling.LANCZOS)
    made = pdfdoc.PDFImageXObject(obj.name, ImageReader(resized), mask="auto")
    mask = getattr(obj, "smask", None)
    made_mask = getattr(made, "_smask", None)
    if (mask is None) != (made_mask is None) or made.mask != obj.mask:
        return
    if mask is not None:
        if sum(getattr(other, "smask", None) is not None and other.smask.name == mask.name
               for other in doc.idToObject.values()) != 1:
            return
        _take(doc.idToObject[mask.name], made_mask)
    _take(obj, made)


def _take(obj: Any, made: Any) -> None:
    """obj (an image XObject already registered) holds made's pixels."""
    for key in ("width", "height", "bitsPerComponent", "colorSpace", "_filters", "streamContent"):
        setattr(obj, key, getattr(made, key))
