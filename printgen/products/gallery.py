"""A static proof gallery of everything in an output folder: ROOT/index.html.

Every PNG (card faces and backs, shop exports, TTS sheets) and the first page of
every PDF (sheets, boxes, folds, aids, deal sheets) gets a thumbnail file under
ROOT/_gallery/; the page links to every file with relative links, so it works
offline and can be copied or zipped with the folder. Files are listed in sorted
order and the page carries no dates, so the same folder gives the same page.
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass
from pathlib import Path

from PIL import Image as PILImage

from printgen.errors import OutputError
from printgen.output import atomic_path, ensure_dir, write_bytes

THUMBS = "_gallery"
THUMB_HEIGHT = 220               # pixels; thumbnails keep their aspect ratio
SHOW_AS_IS = 2_000_000           # pictures up to this many pixels (cards) are their own thumbnail
PICTURES = {".png", ".jpg", ".jpeg"}


@dataclass(frozen=True)
class Entry:
    """One output file: its path relative to the root, and its thumbnail's (if any)."""

    rel: str
    thumb: str | None
    caption: str


def output_files(root: Path) -> list[Path]:
    """Every file under root but galleries (index.html, _gallery/ at any depth), hidden
    and temporary files; sorted by relative path."""
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != THUMBS)
        for name in sorted(files):
            if not name.startswith(".") and not name.endswith(".tmp") and name != "index.html":
                found.append(Path(folder) / name)
    return sorted(found, key=lambda p: p.relative_to(root).as_posix())


def _fresh(thumb: Path, source: Path) -> bool:
    return thumb.is_file() and thumb.stat().st_mtime >= source.stat().st_mtime


def _save_thumb(image: PILImage.Image, thumb: Path) -> None:
    image = image.convert("RGB")
    scale = THUMB_HEIGHT / image.height
    size = (max(1, round(image.width * scale)), THUMB_HEIGHT)
    if image.width > 4 * THUMB_HEIGHT:           # a wide sheet: limit the width instead
        size = (4 * THUMB_HEIGHT, max(1, round(image.height * 4 * THUMB_HEIGHT / image.width)))
    small = image.resize(size, PILImage.Resampling.LANCZOS)
    with atomic_path(thumb) as temp:
        small.save(temp, format="PNG", optimize=False, compress_level=6)


def _pdf_thumb(path: Path, thumb: Path) -> int | None:
    """Render the first page to thumb unless it is fresh; the page count (None where
    pypdfium2 is missing)."""
    try:
        import pypdfium2 as pdfium
    except ImportError:
        return None
    document = pdfium.PdfDocument(str(path))
    try:
        if not _fresh(thumb, path):
            page = document[0]
            scale = THUMB_HEIGHT * 2 / page.get_height()
            _save_thumb(page.render(scale=scale).to_pil(), thumb)
        return len(document)
    finally:
        document.close()


def make_entry(root: Path, path: Path) -> Entry:
    rel = path.relative_to(root).as_posix()
    suffix = path.suffix.lower()
    thumb = root / THUMBS / f"{rel}.png"
    if suffix in PICTURES:
        with PILImage.open(path) as image:
            if image.width * image.height <= SHOW_AS_IS:       # a card: the browser scales it
                return Entry(rel, rel, path.name)
            if not _fresh(thumb, path):
                _save_thumb(image, thumb)
        return Entry(rel, thumb.relative_to(root).as_posix(), path.name)
    if suffix == ".pdf":
        pages = _pdf_thumb(path, thumb)
        if pages is None:
            return Entry(rel, None, f"{path.name} (PDF)")
        return Entry(rel, thumb.relative_to(root).as_posix(), f"{path.name} ({pages} page{'s' * (pages != 1)})")
    return Entry(rel, None, path.name)


def _prune(root: Path, keep: set[str]) -> None:
    """Remove thumbnails whose source file is gone (only inside the gallery's folder)."""
    folder = root / THUMBS
    for thumb in sorted(folder.rglob("*.png")) if folder.is_dir() else []:
        if thumb.relative_to(root).as_posix() not in keep:
            thumb.unlink()


def build_gallery(root: Path) -> Path:
    """Write root/index.html (and thumbnails) for everything under root."""
    if not root.is_dir():
        raise OutputError(f"{root}: no such output folder; build something first or pass --out DIR")
    ensure_dir(root / THUMBS)
    groups: dict[str, list[Entry]] = {}
    for path in output_files(root):
        try:
            entry = make_entry(root, path)
        except (OSError, PILImage.UnidentifiedImageError, ValueError) as error:
            entry = Entry(path.relative_to(root).as_posix(), None, f"{path.name} (no preview: {error})")
        groups.setdefault(str(Path(entry.rel).parent.as_posix()), []).append(entry)
    _prune(root, {e.thumb for entries in groups.values() for e in entries if e.thumb})
    return write_bytes(root / "index.html", page_html(root, groups).encode("utf-8"))


STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #1d2433; background: #f4f4f2; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 2em; border-bottom: 1px solid #ccc; }
.grid { display: flex; flex-wrap: wrap; gap: 12px; }
figure { margin: 0; background: white; padding: 6px; border: 1px solid #ddd; max-width: 640px; }
figure img { display: block; height: 160px; image-rendering: auto; width: auto; max-width: 640px; object-fit: contain; }
figcaption { font-size: 0.7em; width: 0; min-width: 100%; overflow-wrap: anywhere; }
img.broken { outline: 3px solid #b42a22; }
ul.files { columns: 3; font-size: 0.85em; }
"""

# Marks any image that fails to load (and counts them on <body>, for a quick check).
SCRIPT = """
window.addEventListener("load", function () {
  var images = document.images, loaded = 0;
  for (var i = 0; i < images.length; i++) {
    if (images[i].complete && images[i].naturalWidth > 0) { loaded++; }
    else { images[i].classList.add("broken"); }
  }
  document.body.setAttribute("data-images", loaded + "/" + images.length);
});
"""


def page_html(root: Path, groups: dict[str, list[Entry]]) -> str:
    count = sum(len(entries) for entries in groups.values())
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             f"<title>printgen proofs: {html.escape(root.resolve().name)}</title>",
             f"<style>{STYLE}</style><script>{SCRIPT}</script></head><body>",
             f"<h1>printgen proofs</h1><p>{count} files in {len(groups)} folders. "
             "Thumbnails are previews; print from the linked files.</p>"]
    for folder in sorted(groups):
        entries = groups[folder]
        parts.append(f"<h2>{html.escape(folder if folder != '.' else 'top level')}</h2>")
        shown = [e for e in entries if e.thumb]
        if shown:
            parts.append('<div class="grid">')
            for e in shown:
                href, src = html.escape(e.rel, quote=True), html.escape(e.thumb or "", quote=True)
                parts.append(f'<figure><a href="{href}"><img src="{src}" alt="{html.escape(e.caption)}">'
                             f"</a><figcaption>{html.escape(e.caption)}</figcaption></figure>")
            parts.append("</div>")
        others = [e for e in entries if not e.thumb]
        if others:
            parts.append('<ul class="files">')
            parts += [f'<li><a href="{html.escape(e.rel, quote=True)}">{html.escape(e.caption)}</a></li>'
                      for e in others]
            parts.append("</ul>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
