"""How an image element's picture fills its box (`fit:`): stretched to it (`fill`,
the default), whole and centred with its aspect ratio kept (`contain`), or filling it
with its aspect ratio kept, centred, what overflows cut off at the box (`cover`)."""

from __future__ import annotations

from pathlib import Path

from printgen.layout.primitives import Image

FITS = ("fill", "contain", "cover")


def fitted(x: float, y: float, w: float, h: float, path: Path, size: tuple[int, int],
           rotate: int = 0, fit: str = "fill") -> Image:
    """The picture of size (pixels, before rotate turns it) placed in the box at
    (x, y), w x h, as fit says."""
    width, height = (size[1], size[0]) if rotate % 180 else size
    if fit == "fill" or w <= 0 or h <= 0 or width <= 0 or height <= 0:
        return Image(x, y, w, h, path, rotate=rotate)
    scale = (min if fit == "contain" else max)(w / width, h / height)
    shown_w, shown_h = width * scale, height * scale
    if fit == "contain":
        return Image(x + (w - shown_w) / 2, y + (h - shown_h) / 2, shown_w, shown_h, path, rotate=rotate)
    across, down = (w / shown_w, h / shown_h) if not rotate % 180 else (h / shown_h, w / shown_w)
    left, top = (1 - across) / 2, (1 - down) / 2
    if across >= 1 and down >= 1:
        return Image(x, y, w, h, path, rotate=rotate)
    return Image(x, y, w, h, path, rotate=rotate, crop=(left, top, 1 - left, 1 - top))
