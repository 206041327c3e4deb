"""The previews of an output folder's files: small JPEG files under ROOT/_gallery/.

A card's preview is CARD_HEIGHT pixels tall, a page's (a PDF's page, any other
picture) PAGE_SIDE pixels on its longer side (thumbs.py makes their pixels); each is
made again only when its source changes. A card image also keeps a small lossless copy, compared with the last
gallery's (changes.py). A PDF shows its first MAX_PAGES pages (FILE.pdf.jpg,
FILE.pdf.2.jpg, ...) while the gallery's page budget (a Budget of pixels, spent in
the order files are listed, so the same folder shows the same pages) lasts; its first
page always; the caption counts the pages not shown. The pages are read and drawn in
a child process that bounds the work (pdfpages.py), unless this process wrote the
PDF: then here, from the bytes it wrote (and its page count and sizes are kept for
later galleries, which take them while the file holds those bytes: pagesizes.py). A
file printgen cannot preview (a corrupt PDF, a picture of a billion pixels, a PDF too
costly to draw, a file of another kind) is listed without a preview, with the reason,
never an error; so is one whose preview's place holds a file printgen did not write.
A process that writes gallery after gallery of one folder (build --watch) shows a
file that, with its previews, kept its stamp (output/digests.py) since the last one
as it showed it then, reading neither again (_known). A card image renumbered (a card
taken out or put in before it) with the bytes the last gallery showed under its old
name takes that name's preview and copy as they are, decoding nothing (_take_same).
"""

from __future__ import annotations

import hashlib
import io
import os
import stat
import time
from concurrent.futures import Future
from pathlib import Path

from PIL import Image as PILImage

from printgen.frozen import frozen
from printgen.gallery.changes import MAX_COPY_BYTES, Change, compare_card, copy_path, kept_copy
from printgen.gallery.files import THUMBS
from printgen.gallery.pagesizes import PageSizes
from printgen.gallery.pdfpages import TooCostly, bounds, draw_pages, page_sizes
from printgen.gallery.thumbs import MAX_PICTURE_PIXELS, PAGE_SIDE, Made, make
from printgen.limits import limit, whole_limit
from printgen.output import (
    Stamp,
    keep,
    keep_same,
    known_stamp,
    may_write,
    note,
    open_regular,
    read_made,
    read_recorded,
    read_small,
    settled,
    stamp,
    write_bytes,
)
from printgen.pngdata import too_many_chunks
from printgen.words import plural

PICTURES = {".png", ".jpg", ".jpeg"}
MAX_RENDER_PIXELS = limit("gallery_render_pixels")    # a PDF page preview never needs more than this
MAX_PAGES = whole_limit("gallery_pdf_pages")          # pages of one PDF previewed
PAGES_PIXELS = whole_limit("gallery_pages_pixels")    # pixels of every page preview of a gallery


@frozen
class Preview:
    """A file of the folder, relative to the root, and its preview (if any): a PDF's
    first page, its later pages previewed and the number of pages not previewed; a
    card image's change since the last gallery, and its small lossless copy (where the
    gallery keeps one: not where a file printgen did not write is in its place)."""

    rel: str
    thumb: str | None
    caption: str
    pages: tuple[str, ...] = ()
    more: int = 0
    change: Change | None = None
    copy: str | None = None


class Budget:
    """The pixels the gallery's page previews may still take."""

    def __init__(self, pixels: int | None = None) -> None:
        self.left = PAGES_PIXELS if pixels is None else pixels

    def take(self, pixels: int) -> bool:
        if pixels > self.left:
            self.left = 0               # no later, smaller page jumps the queue
            return False
        self.left -= pixels
        return True


def _fresh(thumb: Path, source: Path) -> bool:
    """Whether thumb is a preview printgen wrote (unchanged since), newer than source;
    it is then kept as this run's."""
    try:
        made, changed = os.lstat(thumb), os.lstat(source)
    except OSError:
        return False
    return stat.S_ISREG(made.st_mode) and made.st_mtime >= changed.st_mtime and keep(thumb)


def stale(path: Path, thumb: Path, *, card: bool, root: Path) -> bool:
    """Whether a picture's preview (or, for a card, its copy) looks older than the
    picture: a guess from the files' dates, to start making it ahead (picture_thumb
    checks what it finds)."""
    try:
        source = os.lstat(path).st_mtime
        for made in (thumb, copy_path(root, path.relative_to(root).as_posix())) if card else (thumb,):
            if os.lstat(made).st_mtime < source:
                return True
    except OSError:
        return True
    return False


def picture_thumb(path: Path, thumb: Path, *, card: bool, root: Path | None = None,
                  was: str | None = None, ahead: Future[Made] | None = None,
                  same: str | None = None) -> tuple[bool, Change | None, bool]:
    """Make thumb from a picture unless it is fresh (and, for a card of root, its
    lossless copy, compared with the last one, or was's); False where the picture is
    too large to preview, the card's change, and whether the gallery keeps the card's
    copy (kept as it was, or made now). ahead: the previews being made of the
    picture's bytes, read after it was listed. same: a card image the last gallery
    showed with the very bytes of this one (renumbered): its previews are copied, where
    they are still as printgen wrote them, instead of decoding the picture."""
    rel = path.relative_to(root).as_posix() if root is not None and card else None
    with open_regular(path) as file:
        if too_many_chunks(file):
            return False, None, False      # (Pillow reads each in Python as it opens it)
        with PILImage.open(file) as image:
            if image.width * image.height > MAX_PICTURE_PIXELS:
                return False, None, False
        redo = not _fresh(thumb, path)
        copy = rel is not None and root is not None and not _fresh(copy_path(root, rel), path)
        if not (redo or copy):
            return True, None, rel is not None
        if same is not None and rel is not None and root is not None:
            taken = _take_same(root, rel, same, thumb, redo=redo, copy=copy)
            if taken is not None:
                return True, taken[0], taken[1]
        if ahead is None or ahead.cancelled():
            file.seek(0)
            made = make(file.read(), card=card)
        else:
            made = ahead.result()
    if not made.fits:
        return False, None, False
    if redo:
        write_bytes(thumb, made.jpeg)
    if copy and made.copy is not None and rel is not None and root is not None and may_write(copy_path(root, rel)):
        return True, compare_card(root, rel, made.copy, was), True
    return True, None, rel is not None and not copy


def _take_same(root: Path, rel: str, same: str, thumb: Path, *, redo: bool,
               copy: bool) -> tuple[Change | None, bool] | None:
    """Give the card image rel the preview and copy of same, an image of the same bytes
    the last gallery showed (each as its folder's record names it: printgen's, as it
    wrote it); the card's change (compared only where it has a copy of its own) and
    whether the gallery keeps its copy. None where same's are not both so."""
    jpeg = read_recorded(thumb_path(root, same), MAX_PAGE_BYTES)
    small = read_recorded(copy_path(root, same), MAX_COPY_BYTES)
    if jpeg is None or small is None:
        return None
    if redo:
        write_bytes(thumb, jpeg)
    target = copy_path(root, rel)
    if not (copy and may_write(target)):
        return None, not copy
    if kept_copy(target) is None:
        write_bytes(target, small)
        return None, True
    with PILImage.open(io.BytesIO(small)) as image:     # its own copy, older: compared
        return compare_card(root, rel, image.convert("RGB"), same), True


def pdf_thumbs(path: Path, thumb: Path, budget: Budget, known: PageSizes | None = None) -> tuple[int, list[Path]]:
    """Draw the pages the budget allows (the first always) to thumb and its page
    siblings, each unless fresh, in the child process that bounds the work
    (pdfpages.py), or here where this process wrote the PDF; the page count and the
    previews. known: the page counts and sizes the last gallery read from PDFs printgen
    made, and the pages it previewed from those bytes (taken where the file holds them
    still: those previews are up to date where they are printgen's), to which this
    PDF's are added where this process made it."""
    made_here, digest = read_made(path, MAX_MADE_BYTES) or (None, "")
    found = known.known(path) if known is not None and made_here is None else None
    pages, sizes, current = found if found is not None else (*page_sizes(path, MAX_PAGES, made=made_here), 0)
    if known is not None and made_here is not None:
        known.made(path, len(made_here), digest, pages, sizes)
    made: list[Path] = []
    drawn: list[tuple[int, float, str | None]] = []
    for number, (width, height) in enumerate(sizes):
        if not (width > 0 and height > 0):
            raise ValueError("an empty page")
        scale = min(PAGE_SIDE / max(width, height), (MAX_RENDER_PIXELS / (width * height)) ** 0.5)
        if not budget.take(round(width * scale) * round(height * scale)) and number:
            break
        target = page_path(thumb, number)
        if not (_fresh(target, path) or (number < current and keep(target))):
            drawn.append((number, scale, _drawn_last(target)))
        made.append(target)
    for (number, scale, _), (pixels, packed) in zip(drawn, draw_pages(path, drawn, made=made_here) if drawn else [],
                                                    strict=True):
        target = page_path(thumb, number)
        if _same_page(target, pixels):
            continue
        # drawn the same as its preview, which changed since it was looked at: packed now
        data = packed or draw_pages(path, [(number, scale, None)], made=made_here)[0][1]
        write_bytes(target, data)
        _rendered[target] = pixels, hashlib.sha256(data).hexdigest()
    if known is not None:
        known.previewed(path, len(made))
    return pages, made


# The page previews this process wrote: the rendered pixels' sha256 and the preview's.
# A PDF written again (one card of a watched deck changed) mostly has the same pages:
# a page rendered to the same pixels keeps its preview, when the file still holds the
# bytes written from them, instead of being packed and written again. A page whose
# preview no longer holds them (removed, or changed by someone) is drawn and packed at
# once, not drawn to find its pixels the same and then drawn again to pack them.
_rendered: dict[Path, tuple[str, str]] = {}
MAX_PAGE_BYTES = 16 << 20               # a page preview of ours is far smaller
MAX_MADE_BYTES = 256 << 20              # a larger PDF this process wrote is drawn in the child, read from its file


def _drawn_last(target: Path) -> str | None:
    """The sha256 of the pixels this process last wrote the page preview at target
    from, where the file still holds the bytes it wrote from them; else None."""
    written = _rendered.get(target)
    if written is None:
        return None
    data = read_small(target, MAX_PAGE_BYTES)
    return written[0] if data is not None and hashlib.sha256(data).hexdigest() == written[1] else None


def _same_page(target: Path, pixels: str) -> bool:
    return _drawn_last(target) == pixels and keep(target)


def thumb_path(root: Path, rel: str) -> Path:
    return root / THUMBS / f"{rel}.jpg"


def page_path(thumb: Path, number: int) -> Path:
    """The preview of a PDF's page (numbered from 0): FILE.pdf.jpg, FILE.pdf.2.jpg, ..."""
    return thumb if number == 0 else thumb.with_name(f"{thumb.name.removesuffix('.jpg')}.{number + 1}.jpg")


@frozen
class _Known:
    """A file whose previews were up to date, as a gallery showed it: the file's stamp
    then, its previews' (each one whose bytes are known by its stamp: known_stamp), the
    preview, and for a PDF the gallery's page budget before and after its pages."""

    source: Stamp
    files: tuple[tuple[Path, Stamp], ...]
    shown: Preview
    budget: tuple[int, int] | None = None


# Under build --watch one process writes gallery after gallery of the same folder, and
# most of its files are as they were: one whose previews were up to date, while it and
# they keep their stamps, is shown as it was and its previews are kept, without reading
# it (nor a PDF's pages) again; so a gallery written again costs what changed.
_known: dict[tuple[str, str, bool], _Known] = {}          # by the root, the file and whether it is a card
MAX_KNOWN = 100_000


def _key(root: Path, path: Path, card: bool) -> tuple[str, str, bool]:
    return os.path.abspath(root), os.path.abspath(path), card


def _as_shown(root: Path, path: Path, card: bool) -> _Known | None:
    """How the last gallery of root showed the file with its previews up to date, where
    the file is as it was then."""
    known = _known.get(_key(root, path, card))
    return known if known is not None and stamp(path) == known.source else None


def shown_before(root: Path, path: Path, card: bool) -> bool:
    """Whether the file is as it was when the last gallery of root showed it with its
    previews up to date (so its previews need not be made: _shown_again)."""
    return _as_shown(root, path, card) is not None


def _shown_again(root: Path, path: Path, card: bool, budget: Budget | None) -> Preview | None:
    """The file's preview as the last gallery showed it, its previews kept, where the
    file and its previews are as they were then (and a PDF's pages are shown again: the
    page budget left is the same); None otherwise."""
    known = _as_shown(root, path, card)
    if known is None:
        return None
    if known.budget is not None and (budget is None or budget.left != known.budget[0]):
        return None
    if not all(keep_same(file, was) for file, was in known.files):
        return None
    if known.budget is not None and budget is not None:
        budget.left = known.budget[1]
    return known.shown


def _remember(path: Path, card: bool, source: Stamp | None, started: int, shown: Preview, root: Path,
              budget: tuple[int, int] | None = None) -> Preview:
    """Keep shown for the next gallery (_shown_again), where the file had settled when
    it was read, nothing of it changed since the last gallery and every preview of it
    was kept as it was (none written anew); shown."""
    files = [root / rel for rel in (shown.thumb, *shown.pages, shown.copy) if rel is not None]
    kept = tuple((file, found) for file in files if (found := known_stamp(file)) is not None)
    if (source is None or not settled(source, started) or stamp(path) != source or shown.change is not None
            or not files or len(kept) != len(files)):
        return shown
    if len(_known) >= MAX_KNOWN:
        _known.clear()
    _known[_key(root, path, card)] = _Known(source, kept, shown, budget)
    return shown


def preview(root: Path, path: Path, *, card: bool = False, blocked: list[str] | None = None,
            budget: Budget | None = None, was: str | None = None, ahead: Future[Made] | None = None,
            known: PageSizes | None = None, same: str | None = None) -> Preview:
    """The file's preview, made if need be (a card's compared with the last gallery's
    copy of it, or of was, the image shown in its place); a file that cannot be previewed (corrupt,
    too large, not a picture or PDF) is listed with the reason, and so is one whose
    preview's place holds a file printgen did not write (its name added to blocked).
    known: a PDF's page count and sizes, as pdf_thumbs takes them; same: a card image
    of the same bytes whose previews it takes, as picture_thumb does."""
    import pypdfium2 as pdfium
    again = _shown_again(root, path, card, budget)
    if again is not None:
        return again
    started, source = time.time_ns(), stamp(path)
    rel = path.relative_to(root).as_posix()
    thumb = thumb_path(root, rel)
    suffix = path.suffix.lower()
    if (suffix in PICTURES or suffix == ".pdf") and not may_write(thumb):
        if blocked is not None:
            blocked.append(thumb.relative_to(root / THUMBS).as_posix())
        return Preview(rel, None, f"{path.name} (no preview)")
    try:
        if suffix in PICTURES:
            fits, change, copied = picture_thumb(path, thumb, card=card, root=root, was=was, ahead=ahead,
                                                   same=same)
            if not fits:
                return Preview(rel, None, f"{path.name} (too large to preview)")
            copy = copy_path(root, rel).relative_to(root).as_posix() if copied else None
            return _remember(path, card, source, started,
                             Preview(rel, thumb.relative_to(root).as_posix(), path.name, change=change, copy=copy),
                             root)
        if suffix == ".pdf":
            budget = budget if budget is not None else Budget()
            left = budget.left
            pages, made = pdf_thumbs(path, thumb, budget, known)
            if not pages:
                return Preview(rel, None, f"{path.name} (PDF, no pages)")
            shown = [p.relative_to(root).as_posix() for p in made]
            return _remember(path, card, source, started,
                             Preview(rel, shown[0], f"{path.name} ({plural(pages, 'page')})", tuple(shown[1:]),
                                     pages - len(shown)), root, (left, budget.left))
    except TooCostly:
        seconds, most = bounds()
        note(f"{path}: listed without a preview: drawing it took more than {seconds} s of CPU time "
             f"a page or {most >> 20} MB of memory (printgen/data/limits.yaml)")
        return Preview(rel, None, f"{path.name} (too costly to preview)")
    except (PILImage.DecompressionBombError, MemoryError):
        return Preview(rel, None, f"{path.name} (too large to preview)")
    except (OSError, ValueError, PILImage.UnidentifiedImageError, pdfium.PdfiumError):
        return Preview(rel, None, f"{path.name} (no preview: not a readable {suffix[1:].upper()} file)")
    return Preview(rel, None, path.name)
