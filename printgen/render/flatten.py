"""A picture's transparency flattened onto what is drawn beneath it, for PDF/X-1a
(which allows none).

The layers beneath the picture on its side (background colours, shapes, text, other
pictures) are drawn by the PNG renderer (render/png.py), in the picture's box only,
in the order the PDF draws them, at the picture's own resolution (at least the file's picture dpi),
and the picture is laid over them as the PNG renderer lays a picture on a card; the
result, which has no transparency left, is converted to press CMYK (render/pdfx.py).
Where the picture is placed again over the same layers (a deck's cards share their
backgrounds) it is flattened and converted once. An opaque picture is converted on its
own (press_picture); a CMYK one keeps its values, as the designer chose its inks, but
where a pixel is over the file's total ink limit (render/ink.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from printgen.layout.page import Frame, Side
from printgen.layout.primitives import Image as ImagePrim
from printgen.layout.primitives import Primitive, TextRun, shape_bounds, shift, uncropped
from printgen.picturecolour import rgba
from printgen.pictures import (
    check_picture,
    drawn_part,
    drawn_picture,
    kept_form,
    transparent,
    upright_picture,
)
from printgen.reading import display_path, file_identity
from printgen.render.ink import limit_picture_ink
from printgen.render.kept import Kept
from printgen.render.pdfpictures import over_rule, placed_scale
from printgen.render.pdfx import INK_LIMIT, PressPicture, press_image
from printgen.render.png import drawn_runs, render_side
from printgen.render.pngtext import TURNS
from printgen.vector import is_svg

MIN_DPI = 300       # a coarser picture is enlarged to this first, as the shops' PNGs are drawn
MAX_DPI = 1200      # the layers beneath a finer one are drawn at this and enlarged to its pixels
EDGE = 1.0          # points around the picture's box a shape beneath may reach into it (smoothing)
KEPT_BYTES = 32 * 1024 * 1024   # flattened pictures kept for the cards after

Flattened = Kept[PressPicture]


def flattened(prim: ImagePrim, beneath: Sequence[Primitive], kept: Flattened,
              dpi: int = MIN_DPI, ink_limit: float = INK_LIMIT) -> PressPicture | None:
    """The picture prim places (a PNG, JPEG, WebP or SVG file) laid over what beneath (the
    primitives drawn before it, in the same frame) draws in its box, as press CMYK in
    the picture's own orientation (before prim.rotate turns it), for reportlab's
    drawImage; None where the picture is a raster with no transparency. An SVG is
    always flattened, drawn by resvg at dpi (the file's picture_dpi; its vectors may
    hold RGB gradients and transparency), and a coarser raster enlarged to dpi, one
    over render/pdfpictures.py's rule for its box at dpi (over_rule: more than SLACK
    times the pixels it needs) drawn at those (each placement is flattened on its own). kept
    holds earlier results (by the picture and the layers beneath). The converted pixels
    keep within ink_limit (render/ink.py)."""
    if prim.w <= 0 or prim.h <= 0:
        return None
    least = (math.ceil(prim.w * dpi / 72), math.ceil(prim.h * dpi / 72))
    turned = bool(prim.rotate % 180)
    if is_svg(prim.path):
        size = least
    elif not transparent(prim.path):
        return None
    else:
        width, height = check_picture(prim.path, display_path(prim.path))
        size = (max(height if turned else width, least[0]), max(width if turned else height, least[1]))
        if over_rule(placed_scale(prim, dpi)):
            size = least
    layers = tuple(shift(p, -prim.x, -prim.y) for p in beneath if _reaches(p, prim))
    key = (file_identity(prim.path), prim.w, prim.h, prim.rotate, size, layers)
    weight = size[0] * size[1] * 8          # the CMYK pixels, and their copy reportlab reads
    found = kept.get(key)
    if found is not None:
        return kept.put(key, found, weight)     # (kept again as the newest: a back's picture comes every other page)
    image = backdrop(layers, prim.w, prim.h, size)
    picture = drawn_picture(prim.path, size, TURNS.get(prim.rotate))
    image.paste(picture, (0, 0), picture)
    if prim.rotate:
        image = image.transpose(TURNS[(360 - prim.rotate) % 360])
    return kept.put(key, PressPicture(press_image(image, ink_limit)), weight)


def flattened_part(prim: ImagePrim, beneath: Sequence[Primitive], kept: Flattened, dpi: int,
                   ink_limit: float = INK_LIMIT) -> PressPicture:
    """The part of the picture a cropped prim (fit: cover) shows, drawn at dpi into its
    box (drawn_part) and laid over what beneath draws there, as flattened lays a whole
    one, as press CMYK the way the box stands on the page (turned as prim turns it)."""
    whole, box = shown_part(prim, dpi)
    size = (box[2] - box[0], box[3] - box[1])
    layers = tuple(shift(p, -prim.x, -prim.y) for p in beneath if _reaches(p, prim))
    key = ("part", file_identity(prim.path), prim, size, layers)
    weight = size[0] * size[1] * 8
    found = kept.get(key)
    if found is not None:
        return kept.put(key, found, weight)
    image = backdrop(layers, prim.w, prim.h, size)
    picture = drawn_part(prim.path, whole, box, TURNS.get(prim.rotate))
    image.paste(picture, (0, 0), picture)
    return kept.put(key, PressPicture(press_image(image, ink_limit)), weight)


def shown_part(prim: ImagePrim, dpi: float) -> tuple[tuple[int, int], tuple[int, int, int, int]]:
    """The whole picture a cropped prim is cut from, as its size in pixels at dpi, and
    the box prim shows of it, in those pixels."""
    whole = uncropped(prim)
    scale = dpi / 72
    left, top = round((prim.x - whole.x) * scale), round((prim.y - whole.y) * scale)
    return ((max(1, round(whole.w * scale)), max(1, round(whole.h * scale))),
            (left, top, left + max(1, round(prim.w * scale)), top + max(1, round(prim.h * scale))))


def press_picture(path: Path, ink_limit: float = INK_LIMIT, size: tuple[int, int] | None = None) -> PressPicture:
    """A raster picture file as press CMYK within ink_limit: a CMYK picture keeps its
    values (it is opaque: nothing beneath it need be flattened into it) but where a
    pixel's total ink is over the limit (render/ink.py), any other converted from
    sRGB, any transparency flattened onto white paper. Where size is given (pixels,
    upright: pdfpictures.press_sizes) it is resampled to it first (Lanczos), a JPEG
    decoded no larger than that needs. The reader is kept, not only its
    image: reportlab keeps the bytes it reads of a picture on its reader, so a picture
    on every card is turned into bytes and digested once (weighed twice its pixels, as
    pictures.drawn_form weighs the PDF's form of a drawn picture)."""
    def weigh(reader: PressPicture) -> int:
        width, height = reader.getSize()
        return 2 * width * height
    kind = f"press CMYK within {ink_limit:.0%}" + (f" at {size[0]} x {size[1]}" if size else "")
    return kept_form(path, kind, lambda: PressPicture(_press_picture(path, ink_limit, size)), weigh)


def _press_picture(path: Path, ink_limit: float, size: tuple[int, int] | None) -> Image.Image:
    """The converted picture, kept (kept_form) while the file is unchanged (a picture on
    every card is converted once)."""
    picture = upright_picture(path, size)
    if picture.mode == "CMYK":
        if size is not None:
            picture = picture.resize(size, Image.Resampling.LANCZOS)
        return limit_picture_ink(picture, ink_limit)
    image = rgba(picture) if size is None else drawn_picture(path, size)     # (made RGBA once small)
    paper = Image.new("RGB", image.size, "white")
    paper.paste(image, mask=image.getchannel("A"))
    return press_image(paper, ink_limit)


def backdrop(layers: Sequence[Primitive], width: float, height: float, size: tuple[int, int]) -> Image.Image:
    """What layers (in a frame whose top-left corner is the box's) draw in a box of
    width x height points, on white, as an RGB image of size pixels. The PNG renderer
    draws a side's shapes, then its pictures, then its text: the layers are drawn in
    the runs it draws in their own order (render/png.py's drawn_runs), each run over
    the ones before."""
    dpi = min(MAX_DPI, max(size[0] * 72 / width, size[1] * 72 / height))
    frame = Frame(width, height, 0.0, 0.0)
    image: Image.Image | None = None
    for run in drawn_runs(layers):
        image = render_side(Side("beneath", "beneath a picture", frame, run), math.ceil(dpi), ground=image)
    if image is None:
        return Image.new("RGB", size, "white")
    return image if image.size == size else image.resize(size, Image.Resampling.LANCZOS)


def _reaches(prim: Primitive, picture: ImagePrim) -> bool:
    """Whether prim may paint inside the picture's box (text is measured loosely: its
    glyphs may reach past its advance, ascent and descent)."""
    if isinstance(prim, TextRun):
        from printgen.preflight import text_extent
        left, top, right, bottom = text_extent(prim)
        grow = prim.size
    else:
        left, top, right, bottom = shape_bounds(prim)
        grow = EDGE
    return left - grow < picture.x + picture.w and picture.x < right + grow and \
        top - grow < picture.y + picture.h and picture.y < bottom + grow

