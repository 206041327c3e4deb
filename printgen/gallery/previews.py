"""The previews of an output folder's files: small JPEG files under ROOT/_gallery/.

A card's preview is CARD_HEIGHT pixels tall, a page's (a PDF's first page, any other
picture) PAGE_SIDE pixels on its longer side; each is made again only when its source
changes. A file printgen cannot preview (a corrupt PDF, a picture of a billion
pixels, a file of another kind) is listed without a preview, with the reason, never
an error; so is one whose preview's place holds a file printgen did not write.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image as PILImage

from printgen.gallery.files import THUMBS
from printgen.limits import limit
from printgen.output import atomic_path, keep, may_write, open_regular
from printgen.words import plural

CARD_HEIGHT = 360                # preview pixels: a card's height, a page's longer side
PAGE_SIDE = 480
PICTURES = {".png", ".jpg", ".jpeg"}
MAX_PICTURE_PIXELS = limit("gallery_picture_pixels")  # larger pictures are listed without a preview
MAX_RENDER_PIXELS = limit("gallery_render_pixels")    # a PDF page preview never needs more than this


@dataclass(frozen=True)
class Preview:
    """A file of the folder, relative to the root, and its preview (if any)."""

    rel: str
    thumb: str | None
    caption: str


def _fresh(thumb: Path, source: Path) -> bool:
    """Whether thumb is a preview printgen wrote (unchanged since), newer than source;
    it is then kept as this run's."""
    try:
        made, changed = os.lstat(thumb), os.lstat(source)
    except OSError:
        return False
    return stat.S_ISREG(made.st_mode) and made.st_mtime >= changed.st_mtime and keep(thumb)


def _save_thumb(image: PILImage.Image, thumb: Path, *, height: int, longest: int | None = None) -> None:
    """A JPEG preview height pixels tall (or longest pixels on its longer side)."""
    if longest is not None and image.width > image.height:
        size = (longest, max(1, round(image.height * longest / image.width)))
    else:
        high = height if longest is None else longest
        size = (max(1, round(image.width * high / image.height)), high)
    if image.mode not in ("RGB", "L"):
        image = image.convert("RGBA")
        flat = PILImage.new("RGB", image.size, "white")
        flat.paste(image, mask=image.getchannel("A"))
        image = flat
    factor = min(image.width // size[0], image.height // size[1])
    if factor >= 2:
        image = image.reduce(factor)
    small = image.resize(size, PILImage.Resampling.LANCZOS)
    with atomic_path(thumb) as temp:
        small.save(temp, format="JPEG", quality=84)


def picture_thumb(path: Path, thumb: Path, *, card: bool) -> bool:
    """Make thumb from a picture unless it is fresh; False where the picture is too
    large to preview."""
    with open_regular(path) as file, PILImage.open(file) as image:
        if image.width * image.height > MAX_PICTURE_PIXELS:
            return False
        if not _fresh(thumb, path):
            image.load()
            _save_thumb(image, thumb, height=CARD_HEIGHT, longest=None if card else PAGE_SIDE)
    return True


def pdf_thumb(path: Path, thumb: Path) -> int:
    """Render the first page to thumb unless it is fresh; the page count."""
    import pypdfium2 as pdfium
    with open_regular(path) as file:
        return _pdf_thumb(pdfium.PdfDocument(file), path, thumb)


def _pdf_thumb(document: Any, path: Path, thumb: Path) -> int:
    try:
        pages = len(document)
        if pages and not _fresh(thumb, path):
            page = document[0]
            width, height = page.get_size()
            if not (width > 0 and height > 0):
                raise ValueError("an empty page")
            scale = min(PAGE_SIDE / max(width, height), (MAX_RENDER_PIXELS / (width * height)) ** 0.5)
            _save_thumb(page.render(scale=scale).to_pil(), thumb, height=CARD_HEIGHT, longest=PAGE_SIDE)
        return pages
    finally:
        document.close()


def thumb_path(root: Path, rel: str) -> Path:
    return root / THUMBS / f"{rel}.jpg"


def preview(root: Path, path: Path, *, card: bool = False, blocked: list[str] | None = None) -> Preview:
    """The file's preview, made if need be; a file that cannot be previewed (corrupt,
    too large, not a picture or PDF) is listed with the reason, and so is one whose
    preview's place holds a file printgen did not write (its name added to blocked)."""
    import pypdfium2 as pdfium
    rel = path.relative_to(root).as_posix()
    thumb = thumb_path(root, rel)
    suffix = path.suffix.lower()
    if (suffix in PICTURES or suffix == ".pdf") and not may_write(thumb):
        if blocked is not None:
            blocked.append(thumb.relative_to(root / THUMBS).as_posix())
        return Preview(rel, None, f"{path.name} (no preview)")
    try:
        if suffix in PICTURES:
            if not picture_thumb(path, thumb, card=card):
                return Preview(rel, None, f"{path.name} (too large to preview)")
            return Preview(rel, thumb.relative_to(root).as_posix(), path.name)
        if suffix == ".pdf":
            pages = pdf_thumb(path, thumb)
            if not pages:
                return Preview(rel, None, f"{path.name} (PDF, no pages)")
            return Preview(rel, thumb.relative_to(root).as_posix(),
                           f"{path.name} ({plural(pages, 'page')})")
    except (PILImage.DecompressionBombError, MemoryError):
        return Preview(rel, None, f"{path.name} (too large to preview)")
    except (OSError, ValueError, PILImage.UnidentifiedImageError, pdfium.PdfiumError):
        return Preview(rel, None, f"{path.name} (no preview: not a readable {suffix[1:].upper()} file)")
    return Preview(rel, None, path.name)
