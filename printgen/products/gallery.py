"""The proof gallery of an output folder: ROOT/index.html.

One section per deck, from the proof records its builds and exports left
(products/proof.py): every card at a readable size, turning over to its back, with a
view at printed size, and every print file with a preview of its first page and its
preflight findings. What no record describes (boards, aids, deal sheets, folders an
older printgen wrote) follows, by folder. Previews are small JPEG files under
ROOT/_gallery/, made again only when their source changes; the page links every file
relatively, so it works offline and can be zipped with the folder. Files are listed
in sorted order and the page carries no dates: the same folder gives the same page.

The folder may hold anything (a stranger's corrupt PDF, a picture of a billion
pixels, a pipe named photo.png, links): only regular files are listed (links, pipes
and devices are skipped, never opened), and a file printgen cannot preview is listed
without a preview, never an error.

The previews go through printgen.output like every file: ROOT/_gallery is the gallery
job's, recorded per folder with each preview's digest; a preview whose source is gone
is removed only while it is unchanged. A _gallery that is a symbolic link is refused
before anything is written (as is ROOT/index.html when printgen did not write it);
files in _gallery printgen did not write are left alone (their sources are listed
without previews) and one note on standard error says so.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image as PILImage

from printgen.errors import OutputError
from printgen.limits import limit
from printgen.output import (
    atomic_path,
    check_file,
    check_folder,
    ensure_dir,
    keep,
    may_write,
    note,
    open_regular,
    ours,
    prune_tree,
    walk,
    write_bytes,
)
from printgen.products.proof import PREFIX, Proof, read_proof
from printgen.words import plural

THUMBS = "_gallery"
LIVE = "live.js"                 # under THUMBS: the stamp a watching build rewrites
CARD_HEIGHT = 360                # preview pixels: a card's height, a page's longer side
PAGE_SIDE = 480
PICTURES = {".png", ".jpg", ".jpeg"}
MAX_PICTURE_PIXELS = limit("gallery_picture_pixels")  # larger pictures are listed without a preview
MAX_RENDER_PIXELS = limit("gallery_render_pixels")    # a PDF page preview never needs more than this
MAX_FILES = int(limit("gallery_files"))               # files listed; a folder holding more is cut short, saying so


@dataclass(frozen=True)
class Preview:
    """A file of the folder, relative to the root, and its preview (if any)."""

    rel: str
    thumb: str | None
    caption: str


@dataclass
class DeckSection:
    name: str
    title: str
    proofs: list[tuple[str, Proof]] = field(default_factory=list)   # (folder of the record, record)


def output_files(root: Path) -> tuple[list[Path], list[Path]]:
    """Every regular file under root but galleries (index.html, _gallery/), hidden and
    temporary files (symbolic links, pipes and devices are skipped; no link to a folder
    is followed), sorted by relative path (at most MAX_FILES); and the proof records
    found."""
    found: list[Path] = []
    records: list[Path] = []
    for folder, dirs, files in walk(root):                # links are not followed
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != THUMBS)
        for name in sorted(files):
            path = folder / name
            try:
                if not stat.S_ISREG(os.lstat(path).st_mode):
                    continue
            except OSError:
                continue
            if name.startswith(PREFIX) and name.endswith(".json"):
                records.append(path)
            elif not name.startswith(".") and not name.endswith(".tmp") and name != "index.html":
                found.append(path)
        if len(found) > MAX_FILES:
            break
    found.sort(key=lambda p: p.relative_to(root).as_posix())
    return found[:MAX_FILES], sorted(records)


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


def deck_sections(root: Path, records: list[Path]) -> list[DeckSection]:
    """The well-formed records, by deck (in deck name order)."""
    sections: dict[str, DeckSection] = {}
    for path in records:
        proof = read_proof(path)
        if proof is None:
            continue
        folder = path.parent.relative_to(root).as_posix()
        section = sections.setdefault(proof.deck, DeckSection(proof.deck, proof.title))
        section.proofs.append(("" if folder == "." else folder + "/", proof))
    for section in sections.values():           # home prints first, then exports
        section.proofs.sort(key=lambda item: (not item[1].label.startswith("home print"), item[1].label, item[0]))
    return [sections[name] for name in sorted(sections)]


def build_gallery(root: Path, *, live: bool = False) -> Path:
    """Write root/index.html (and previews) for everything under root. live: the page
    reloads itself when a watching build writes it again (printgen build --watch)."""
    from printgen.products.gallery_page import GalleryPage
    try:
        is_folder = stat.S_ISDIR(os.stat(root).st_mode)
    except FileNotFoundError:
        is_folder = False
    except OSError as error:
        raise OutputError(f"{root}: cannot read the output folder ({error.strerror or error})") from None
    if not is_folder:
        raise OutputError(f"{root}: no such output folder; build something first or pass --out DIR")
    gallery_preflight(root)
    ensure_dir(root / THUMBS)
    prune_tree(root / THUMBS)                   # the previews of files gone, in every subfolder
    files, records = output_files(root)
    blocked: list[str] = []
    existing = {path.relative_to(root).as_posix(): path for path in files}
    page = GalleryPage(os.path.basename(os.path.abspath(root)), live=live, cut_short=len(files) >= MAX_FILES)
    made: dict[str, Preview] = {}

    def lookup(rel: str, card: bool) -> Preview | None:
        if rel not in existing:
            return None
        if rel not in made:
            made[rel] = preview(root, existing[rel], card=card, blocked=blocked)
        return made[rel]

    def under(folder: str) -> list[str]:
        return [rel for rel in existing if rel.startswith(folder + "/")]

    shown: set[str] = set()
    for section in deck_sections(root, records):
        shown |= page.add_deck(section, lookup, under)
    for path in files:
        rel = path.relative_to(root).as_posix()
        if rel not in shown:
            page.add_other(preview(root, path, blocked=blocked))
    if live and may_write(root / THUMBS / LIVE):
        write_bytes(root / THUMBS / LIVE, f"printgenLive({page.stamp()!r});\n".encode())
        page.thumbs.add(f"{THUMBS}/{LIVE}")
    elif live:
        blocked.append(LIVE)
    _note_strangers(root, page.thumbs, blocked)
    return write_bytes(root / "index.html", page.html().encode("utf-8"))


def gallery_preflight(root: Path) -> None:
    """Raise OutputError before anything is written where the gallery of root could
    not be: _gallery a link (or a file), index.html a file printgen did not write."""
    check_folder(root / THUMBS)
    check_file(root / "index.html")


def _note_strangers(root: Path, used: set[str], blocked: list[str]) -> None:
    """One note for the files in root/_gallery printgen did not write (left as they
    are; the job's own stale previews are removed when it ends, see prune_tree)."""
    left = set(blocked)
    folder = root / THUMBS
    for here, dirs, files in walk(folder):                  # links are not followed
        dirs.sort()
        for name in sorted(files):
            path = here / name
            rel = path.relative_to(root).as_posix()
            if not name.startswith(".") and rel not in used and not ours(path):
                left.add(path.relative_to(folder).as_posix())
        if len(left) > MAX_FILES:
            break
    if left:
        names = sorted(left)
        listed = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
        note(f"{folder}: left {len(names)} file(s) printgen did not write as they are ({listed})"
             + (f"; {plural(len(blocked), 'file')} listed without a preview" if blocked else ""))
