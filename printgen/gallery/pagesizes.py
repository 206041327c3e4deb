"""The page counts and sizes of the PDFs a gallery previewed: ROOT/_gallery/pdf-pages.json.

A PDF's previews need its number of pages and the sizes of its first pages (for the
page budget and each preview's scale). Reading them from a PDF this process did not
make takes the bounded child process (pdfpages.py), whose start costs more than the
rest of a gallery written again with nothing changed. So each gallery keeps, for
each PDF it lists, the count and sizes it read from bytes this very process made
(output.read_made), with the size and sha256 of those bytes; the next gallery takes
them for the file only while it holds those very bytes (its digest read now), and
otherwise reads it in the child as before: a PDF edited by hand since, or any other
file, is never taken for one printgen made. The record also counts the first pages
whose previews were made from those bytes: while the PDF holds them and each such
preview is printgen's as it wrote it, the preview is up to date, even where it is
older than the PDF (a PDF written again, most of its pages the same, keeps the
previews of those pages with their dates, so their dates alone would call them stale).

The record may be anyone's (a stranger can write it, digests and all), so it is read
as data only: every number is checked, and a page's size bounds nothing printgen
does but the scale of its preview, which is drawn, where it must be, in the child.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from printgen.gallery.files import THUMBS
from printgen.output import file_digest, may_write, ours, read_small, stamp, write_bytes

NAME = "pdf-pages.json"
MAX_RECORD_BYTES = 32 << 20          # the pages of 100,000 PDFs are far fewer bytes
MAX_SIDE = 14_400.0                  # points: the largest page PDF readers draw (200 inches)

# the page count, the first pages' sizes, and how many of them have previews made from the bytes
Sizes = tuple[int, list[tuple[float, float]], int]
Entry = tuple[int, str, int, list[tuple[float, float]], int]    # the file's size and sha256, then Sizes


class PageSizes:
    """The page counts and sizes of the last gallery of root, by file (relative to
    root), and this gallery's, kept for the next (save)."""

    def __init__(self, root: Path, most: int, largest: int) -> None:
        """most: the pages whose sizes are kept of each PDF; largest: the bytes of the
        largest PDF read here (a larger one is read in the child, and none kept)."""
        self.root, self.most, self.largest = root, most, largest
        self.path = root / THUMBS / NAME
        self.last = _read(self.path, most, largest)
        self.now: dict[str, Entry] = {}
        self.changed: set[str] = set()      # files that no longer hold the bytes of their last entry

    def known(self, path: Path) -> Sizes | None:
        """The PDF's page count and sizes as a gallery read them from bytes printgen
        made, with the number of its first pages whose previews the last gallery made
        from those bytes, where the file holds those very bytes now; None otherwise."""
        rel = path.relative_to(self.root).as_posix()
        entry = self.last.get(rel)
        if entry is None:
            return None
        size, digest, pages, sizes, drawn = entry
        found = stamp(path)
        if found is None or found[2] != size or file_digest(path) != (size, digest):
            self.changed.add(rel)
            return None
        self.now[rel] = entry
        return pages, sizes, drawn

    def made(self, path: Path, size: int, digest: str, pages: int, sizes: list[tuple[float, float]]) -> None:
        """Keep the page count and sizes read from the PDF's bytes this process made
        (output.read_made), of that size and sha256."""
        entry = (size, digest, pages, [(float(w), float(h)) for w, h in sizes], 0)
        if _valid(entry, self.most, self.largest):
            self.now[path.relative_to(self.root).as_posix()] = entry

    def previewed(self, path: Path, drawn: int) -> None:
        """Note that the PDF's first drawn pages have previews made from the bytes kept
        for it (known, made): a later gallery finds them up to date while the PDF holds
        those bytes and the previews are printgen's as it wrote them, whatever their dates."""
        rel = path.relative_to(self.root).as_posix()
        entry = self.now.get(rel)
        if entry is not None and drawn <= len(entry[3]):
            self.now[rel] = (*entry[:4], drawn)

    def save(self, listed: set[str]) -> str | None:
        """Write this gallery's record: the PDFs it read, and those of the last record
        it listed without reading them (shown as the last gallery showed them; not one
        found changed since, whose previews may have been drawn from its new bytes); the
        record's path relative to the root, None where a file printgen did not write
        is in its place."""
        if not may_write(self.path):
            return None
        kept = {rel: entry for rel, entry in self.last.items() if rel in listed and rel not in self.changed}
        kept.update(self.now)
        text = json.dumps({rel: [size, digest, pages, [list(side) for side in sizes], drawn]
                           for rel, (size, digest, pages, sizes, drawn) in sorted(kept.items())},
                          ensure_ascii=False, separators=(",", ":"))
        write_bytes(self.path, (text + "\n").encode("utf-8"))
        return self.path.relative_to(self.root).as_posix()


def _read(path: Path, most: int, largest: int) -> dict[str, Entry]:
    """The record's entries where it is printgen's and well formed, else none."""
    raw = read_small(path, MAX_RECORD_BYTES) if ours(path) else None
    if raw is None:
        return {}
    try:
        found = json.loads(raw.decode("utf-8"))
        if not isinstance(found, dict):
            return {}
        entries: dict[str, Entry] = {}
        for rel, value in found.items():
            size, digest, pages, sizes, drawn = value
            entry = (size, digest, pages, [(side[0], side[1]) for side in sizes if len(side) == 2], drawn)
            if not isinstance(rel, str) or not _valid(entry, most, largest) or len(entry[3]) != len(sizes):
                return {}
            entries[rel] = entry
        return entries
    except (ValueError, TypeError, RecursionError):
        return {}


def _valid(entry: tuple[Any, Any, Any, list[tuple[Any, Any]], Any], most: int, largest: int) -> bool:
    """Whether an entry holds what a PDF's reading gives: a size, a sha256, a page count
    and the sizes of its first pages (as many as most allows), each a side in points
    that a preview can be drawn at; then a count of those pages."""
    size, digest, pages, sizes, drawn = entry
    return (type(size) is int and 0 < size <= largest and isinstance(digest, str) and len(digest) == 64
            and all(c in "0123456789abcdef" for c in digest) and type(pages) is int and pages >= 0
            and len(sizes) == min(pages, most) and type(drawn) is int and 0 <= drawn <= len(sizes)
            and all(type(side) in (int, float) and math.isfinite(side) and 1.0 <= side <= MAX_SIDE
                    for pair in sizes for side in pair))
