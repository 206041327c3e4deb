"""Pictures a data file names: checked before anything is drawn.

Only the header is read: its format and its pixel size. A picture of more than
MAX_PIXELS (a 300 dpi A3 poster is 17 million) is refused, as is a file that is no
picture Pillow reads, so a hostile or broken image is one located error instead of
a decompression bomb or a traceback in the renderer.
"""

from __future__ import annotations

from pathlib import Path

from printgen.errors import InputError
from printgen.limits import limit

MAX_PIXELS = limit("picture_pixels")


def check_picture(path: Path, where: str) -> tuple[int, int]:
    """The picture's pixel size; InputError naming `where` when it is not a readable
    picture or holds more than MAX_PIXELS."""
    from PIL import Image

    from printgen.spec.reading import note_read
    note_read(path)
    try:
        with Image.open(path) as picture:
            width, height = picture.size
    except Image.DecompressionBombError:
        raise InputError(f"{where}: more than {MAX_PIXELS:,} pixels; expected a smaller picture") from None
    except (OSError, Image.UnidentifiedImageError, ValueError):
        raise InputError(f"{where}: not a picture printgen can read; expected a PNG or JPEG file") from None
    if width * height > MAX_PIXELS:
        raise InputError(f"{where}: {width} x {height} pixels, more than {MAX_PIXELS:,}; expected a "
                         f"smaller picture")
    return width, height
