"""Text in PNGs: the glyphs HarfBuzz placed (printgen/shaping.py), each rasterised by
FreeType (freetype-py) from the same font file the PDF embeds, unhinted and at its own
position to a quarter pixel, joined into one coverage mask a run and pasted in the
run's colour.

A run's mask depends only on its font, text, size, scale and where its start falls
within a pixel, so it is kept (up to MASK_BYTES) and a run repeated at the same
fraction of a pixel on a later card is pasted at once: the 100 Solomon's Temple cards
set 717 runs, 220 of them distinct.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

from printgen.fonts import face, freetype, freetype_face, unreadable
from printgen.layout.primitives import TextRun
from printgen.render.kept import Kept, image_bytes
from printgen.shaping import shape

TURNS = {90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_90}
QUARTER = 4              # glyphs are placed to a quarter of a pixel
MASK_BYTES = 8 * 1024 * 1024
_masks: Kept[tuple[Image.Image | None, int, int]] = Kept(MASK_BYTES)


def draw_text(image: Image.Image, run: TextRun, scale: float, x: float, y: float) -> None:
    """Paste run on image, its pen starting at pixel position x, y (the text's scale
    in pixels a point)."""
    if not run.rotate:
        mask, left, top = glyph_mask(run, scale, x % 1, y % 1)
        if mask is not None:
            image.paste(run.color, (math.floor(x) + left, math.floor(y) + top), mask)
        return
    mask, left, top = glyph_mask(run, scale, 0.0, 0.0)
    if mask is None:
        return
    turned = mask.transpose(TURNS[run.rotate])
    # where the pen's start (mask point (-left, -top)) lands after turning
    ax, ay, w, h = -left, -top, mask.width, mask.height
    tx, ty = {90: (h - ay, ax), 180: (w - ax, h - ay), 270: (ay, w - ax)}[run.rotate]
    image.paste(run.color, (round(x - tx), round(y - ty)), turned)


def glyph_mask(run: TextRun, scale: float, fx: float, fy: float) -> tuple[Image.Image | None, int, int]:
    """The run's coverage as an L image, and where its top left lies from the pixel
    holding the pen's start (which is fx, fy into that pixel). Kept: do not draw on it."""
    key = (run.font, run.text, run.rtl, run.lang, run.size, scale, fx, fy)
    found = _masks.get(key)
    if found is None:
        found = _mask(run, scale, fx, fy)
        _masks.put(key, found, image_bytes(found[0]) + 64)
    return found


def forget() -> None:
    """Let the kept masks go (a font of the same name may be another file next time)."""
    _masks.clear()


def _mask(run: TextRun, scale: float, fx: float, fy: float) -> tuple[Image.Image | None, int, int]:
    shaped = shape(run.font, run.text, run.rtl, run.lang)
    per_unit = run.size * scale / face(run.font).units_per_em
    ppem = round(run.size * scale * 64)
    placed = []
    for gid, gx, gy in zip(shaped.glyphs, shaped.xs, shaped.ys, strict=True):
        px, py = fx + gx * per_unit, fy - gy * per_unit
        qx, qy = math.floor(px * QUARTER) % QUARTER, math.floor(py * QUARTER) % QUARTER
        bitmap, left, top = _glyph(run.font, gid, ppem, qx, qy)
        if bitmap is not None:
            placed.append((bitmap, math.floor(px) + left, math.floor(py) - top))
    if not placed:
        return None, 0, 0
    x0 = min(left for _, left, _ in placed)
    y0 = min(top for _, _, top in placed)
    x1 = max(left + bitmap.width for bitmap, left, _ in placed)
    y1 = max(top + bitmap.height for bitmap, _, top in placed)
    mask = Image.new("L", (x1 - x0, y1 - y0), 0)
    for bitmap, left, top in placed:
        mask.paste(255, (left - x0, top - y0), bitmap)     # coverage joined where glyphs overlap
    return mask, x0, y0


@lru_cache(maxsize=16384)
def _glyph(name: str, gid: int, ppem: int, qx: int, qy: int) -> tuple[Image.Image | None, int, int]:
    """One glyph rasterised at ppem (1/64 pixel per em), its origin qx, qy quarter
    pixels into its pixel: the coverage, and its top left from the origin (y up)."""
    import ctypes
    ft = freetype()
    font = freetype_face(name)
    try:
        font.set_char_size(ppem, 0, 72, 72)
        font.set_transform(ft.Matrix(0x10000, 0, 0, 0x10000), ft.Vector(qx * 64 // QUARTER, -qy * 64 // QUARTER))
        font.load_glyph(gid, ft.FT_LOAD_NO_HINTING | ft.FT_LOAD_NO_BITMAP | ft.FT_LOAD_RENDER)
    except ft.FT_Exception as error:
        raise unreadable(name, f"FreeType cannot draw its glyph {gid}", error) from error
    glyph = font.glyph
    bitmap = glyph.bitmap
    if not bitmap.width or not bitmap.rows:
        return None, 0, 0
    data = ctypes.string_at(bitmap._FT_Bitmap.buffer, abs(bitmap.pitch) * bitmap.rows)
    image = Image.frombytes("L", (bitmap.width, bitmap.rows), data, "raw", "L", bitmap.pitch)
    return image, glyph.bitmap_left, glyph.bitmap_top
