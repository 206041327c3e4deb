"""Write the proof gallery of an output folder: ROOT/index.html and its previews.

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
from pathlib import Path

import printgen.gallery.previews as previews
from printgen.errors import OutputError
from printgen.gallery.changes import Places, compared_with, last_places, places_path, taken_out
from printgen.gallery.files import MAX_FILES, THUMBS, deck_sections, output_files
from printgen.gallery.page import GalleryPage, LastTime
from printgen.gallery.pagesizes import PageSizes
from printgen.gallery.previews import (
    PICTURES,
    Budget,
    Preview,
    preview,
    shown_before,
    stale,
    thumb_path,
)
from printgen.gallery.proof import Proof, record_name
from printgen.gallery.thumbs import Ahead, forget_handed
from printgen.output import (
    check_file,
    check_folder,
    ensure_dir,
    file_digest,
    may_write,
    note,
    open_regular,
    ours,
    prune_tree,
    walk,
    write_bytes,
)
from printgen.words import plural

LIVE = "live.js"                 # under THUMBS: the stamp a watching build rewrites
MAX_AHEAD_BYTES = 64 << 20       # a larger card image's preview is made in its turn, not ahead


def build_gallery(root: Path, *, live: bool = False) -> Path:
    """Write root/index.html (and previews) for everything under root. live: the page
    reloads itself when a watching build writes it again (printgen build --watch)."""
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
    budget = Budget()
    known = PageSizes(root, previews.MAX_PAGES, previews.MAX_MADE_BYTES)     # (read now: a test lowers them)
    sections = deck_sections(root, records)
    same: dict[str, str] = {}           # a card image -> the last gallery's of the same bytes, under another name
    ahead = Ahead([folder + rel for section in sections for folder, proof in section.proofs
                   for card in proof.cards for rel in (card.face, card.back) if rel],
                  lambda rel: None if rel in same else _card_bytes(root, existing.get(rel)))

    def lookup(rel: str, card: bool, was: str | None) -> Preview | None:
        if rel not in existing:
            return None
        if rel not in made:
            made[rel] = preview(root, existing[rel], card=card, blocked=blocked, budget=budget, was=was,
                                ahead=ahead.take(rel) if card else None, known=known, same=same.get(rel))
        return made[rel]

    def earlier(folder: str, proof: Proof, places: Places) -> LastTime:
        page.thumbs.add(places_path(root, folder + record_name(proof.deck, proof.label)).relative_to(root).as_posix())
        digests = _digests(root, existing, places)
        last, sums = last_places(root, folder + record_name(proof.deck, proof.label), places, digests)
        compared = compared_with(places, last)
        for pair, pair_was in zip(places, compared):
            for rel, was in zip(pair, pair_was):
                if rel is not None and was is not None and rel in digests and sums.get(was) == digests[rel]:
                    same.setdefault(rel, was)
        gone = taken_out(root, places, last, compared)
        page.thumbs.update(copy for _, copy in gone)
        return compared, gone

    def under(folder: str) -> list[str]:
        return [rel for rel in existing if rel.startswith(folder + "/")]

    shown: set[str] = set()
    try:
        for section in sections:
            shown |= page.add_deck(section, lookup, under, earlier)
    finally:
        ahead.close()
        forget_handed()
    for path in files:
        rel = path.relative_to(root).as_posix()
        if rel not in shown:
            page.add_other(preview(root, path, blocked=blocked, budget=budget, known=known))
    kept = known.save({rel for rel in existing if rel.lower().endswith(".pdf")})
    if kept is not None:
        page.thumbs.add(kept)
    if live and may_write(root / THUMBS / LIVE):
        write_bytes(root / THUMBS / LIVE, f"printgenLive({page.stamp()!r});\n".encode())
        page.thumbs.add(f"{THUMBS}/{LIVE}")
    elif live:
        blocked.append(LIVE)
    _note_strangers(root, page.thumbs, blocked)
    return write_bytes(root / "index.html", page.html().encode("utf-8"))


def _digests(root: Path, existing: dict[str, Path], places: Places) -> dict[str, str]:
    """The sha256 of each card image of places that the folder holds (read once while
    the file stays the same: output.file_digest)."""
    found: dict[str, str] = {}
    for rel in {rel for pair in places for rel in pair if rel is not None and rel in existing}:
        digest = file_digest(existing[rel])
        if digest is not None:
            found[rel] = digest[1]
    return found


def _card_bytes(root: Path, path: Path | None) -> bytes | None:
    """A card image's bytes, to make its preview ahead, where its preview looks stale
    (None where it does not, or the image cannot be read: the page's turn will say)."""
    if path is None or path.suffix.lower() not in PICTURES:
        return None
    if shown_before(root, path, True) or not stale(path, thumb_path(root, path.relative_to(root).as_posix()), card=True,
                                             root=root):
        return None
    try:
        with open_regular(path) as file:
            if os.fstat(file.fileno()).st_size > MAX_AHEAD_BYTES:
                return None
            return file.read()
    except OSError:
        return None


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
        note(f"{folder}: left {plural(len(names), 'file')} printgen did not write as "
             f"{'it is' if len(names) == 1 else 'they are'} ({listed})"
             + (f"; {plural(len(blocked), 'file')} listed without a preview" if blocked else ""))
