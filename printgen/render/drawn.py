"""Drawing only what changed: a build draws a card side's PNG or SVG, or assembles a
PDF, only where the output folder's record does not already give that file the
content key of what would be drawn now (render/keys.py; output/ keeps the keys with
each file's digest). A file whose key is unchanged is left as it is (not rewritten:
its date is kept) provided it is still the file printgen wrote; it counts as written
by the build. The same records serve a build in a new process and each build of the
warm process of build --watch (which reads them once, output/digests.py's cache). A
warm process also keeps each PDF page it finished (keep_pages, render/pdfpages.py): a
PDF assembled again draws only its pages whose key changed and splices the others; a
new process does the same with the pages kept beside the PDF (pages_path,
render/pagefile.py: written and removed with it, read only where the folder's record
names it with its very bytes). A PDF's first build keeps no pages (a deck printed
once gets no pages file, and its build pays nothing for one): they are kept from
its second build on, a PDF being rebuilt, and in a warm process.

A card side's file is named with the card's number, so a card taken out or put in
renames the files of every card after it. A side whose key the folder's record gives
another file there, still the file printgen wrote, takes that file's bytes (copied
into place as any file is written) instead of being drawn again: `sides_to_draw`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from printgen.layout.page import Page, Side
from printgen.output import (
    keep,
    keyed,
    read_recorded,
    recorded_key,
    recorded_keys,
    unchanged,
    write_bytes,
)
from printgen.render.keys import Keys, file_digest

keep_pages = False      # whether finished PDF pages are kept in this process and spliced (build --watch)
MAX_MOVED_BYTES = 64 * 1024 * 1024      # a card's file copied from another name, at most (a larger one is drawn)


def sides_to_draw(every: Sequence[Side], paths: Sequence[Path], keys: Keys) -> list[int]:
    """The indices of the sides whose file (paths[i], drawn as keys say) does not already
    hold them, nor could be copied from another file of the folder's record that does
    (`moved`: copied here). A side is laid out here only where its folder's record keys
    some file (a large deck's sides are laid out when used: a first build lays out none
    here)."""
    todo = []
    held: dict[Path, dict[str, list[str]]] = {}
    for i, path in enumerate(paths):
        known = recorded_key(path)
        if known is not None and known == keys.side(every[i]) and unchanged(path, known):
            continue
        if not moved(every[i], path, keys, held):
            todo.append(i)
    return todo


def moved(side: Side, path: Path, keys: Keys, held: dict[Path, dict[str, list[str]]]) -> bool:
    """Whether side's drawing was copied into path from another file of its folder: one
    the folder's record gives side's key and still the file printgen wrote (the card's
    file under its number before a card was taken out or put in ahead of it). held:
    each folder's recorded file names by key, filled as folders are first looked at."""
    folder = path.parent
    if folder not in held:
        held[folder] = {}
        for name, key in sorted(recorded_keys(folder).items()):
            held[folder].setdefault(key, []).append(name)
    if not held[folder]:
        return False
    key = keys.side(side)
    for name in held[folder].get(key, ()):
        data = read_recorded(folder / name, MAX_MOVED_BYTES) if name != path.name else None
        if data is not None:
            write_bytes(path, data)
            keyed(path, key)
            return True
    return False


def keyed_pngs(sides: Sequence[Side], paths: Sequence[Path], *, dpi: int, jobs: int, quiet: bool,
               desc: str) -> None:
    """Write each side's PNG at dpi to its path (render/png.py's write_pngs), but where
    the path already holds it or takes it from another file (sides_to_draw), each keyed
    for the folder's record: a deck's own PNGs and a print shop's alike."""
    from printgen.render.png import write_pngs  # Pillow: imported only when PNGs are written
    keys = Keys(f"png {dpi}")
    todo = sides_to_draw(sides, paths, keys)
    write_pngs(len(todo), lambda i: keyed_side(sides[todo[i]], paths[todo[i]], keys), dpi=dpi, jobs=jobs,
               quiet=quiet, desc=desc)


def keyed_side(side: Side, path: Path, keys: Keys) -> tuple[Side, Path]:
    """A side about to be drawn into path, its key noted for the folder's record."""
    keyed(path, keys.side(side))
    return side, path


def keyed_pdf(given: Sequence[Page] | Callable[[], Iterable[Page]], path: Path, **options: Any) -> int:
    """Write the pages given (or those given() makes) to path as a PDF (render_pdf's
    options), unless path already holds those very pages with those options; the number
    of pages. given() is called once, or, where the folder's record has a key for path
    to compare, twice (once to take the key, once to draw)."""
    keys = Keys("pdf")
    pages = given if callable(given) else lambda: given
    settings = sorted(options.items())
    if options.get("cmyk"):                     # drawn through the press profile (made_by leaves it out)
        from printgen.render.pdfx import profile_path
        settings.append(("profile", file_digest(profile_path())))
    trusted = recorded_key(path) is not None
    if trusted:
        known = keys.file(settings)
        for _ in known.pages(pages()):
            pass
        if unchanged(path, known.key):
            keep(pages_path(path))
            return known.count
    from printgen.render.pdf import render_pdf  # reportlab: imported only when a PDF is drawn
    key = keys.file(settings)
    if not (trusted or keep_pages):             # a first build: nothing to splice, and no pages kept
        render_pdf(key.pages(pages()), path, **options)
        keyed(path, key.key)
        return key.count
    from printgen.render import pagefile
    from printgen.render.pdfpages import PageStore, Reuse, store
    how = repr([item for item in settings if item[0] in ("boxes", "cmyk", "profile")])   # how a page is drawn
    stored = pagefile.load(read_recorded(pages_path(path), pagefile.MAX_BYTES), how) if trusted else {}
    reuse = Reuse(store if keep_pages else PageStore(0), lambda: key.current, how, stored,
                  budget=pagefile.MAX_BYTES)
    render_pdf(key.pages(pages()), path, reuse=reuse, **options)
    if reuse.store is not store:
        store.drawn, store.spliced = store.drawn + reuse.store.drawn, store.spliced + reuse.store.spliced
    write_bytes(pages_path(path), pagefile.dump(reuse.pages, how), record=True)   # (replacing one spoilt since)
    keyed(path, key.key)
    return key.count


def pages_path(path: Path) -> Path:
    """Where a PDF's finished pages are kept for a rebuild in a new process (a hidden
    file beside it, render/pagefile.py)."""
    return path.with_name(f".{path.name}.pages")
