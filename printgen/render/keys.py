"""Content keys: what a drawn file is made of, as one digest, so that a rebuild draws
again only what changed (products/deck.py) and leaves every other file as it is.

A card side's key covers its layout (the laid-out Side: template, field values and
every position, colour and text already resolved in its primitives; not its name,
the stem of its file, which is not drawn), the content of
every font file and picture file it names (a side names them by path), how it is
drawn (the PNG's dpi, SVG) and what draws it (`made_by`: printgen's version and a
digest of its own code and data, Python's version and the libraries installed beside
the renderers') and who draws it where (`here`: this machine and user, so that a
record shipped from elsewhere passes nothing off as drawn here). A page's key covers
its own drawing and the keys of the sides placed on it; a file's key, its pages' keys in order and the file's options (title,
bookmarks). The output folder's build records keep each file's key beside its digest
(output/keeping.py: `keyed`, `unchanged`), in one process or across processes alike.

Keys are compared for equality only; FORMAT changes whenever what a key covers does,
so that an older record's keys match nothing (a clean build).
"""

from __future__ import annotations

import hashlib
import importlib.util
import marshal
import os
import platform
import sys
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from printgen import __version__
from printgen.builtin import package_dir
from printgen.fonts import FILES, FONT_DIR, USER, faces
from printgen.layout.page import Page, Side
from printgen.layout.primitives import Image, Primitive, TextRun

FORMAT = 3
MACHINE_IDS = ("/etc/machine-id", "/var/lib/dbus/machine-id")    # where a system keeps its id
RENDERERS = ("PIL", "reportlab", "uharfbuzz", "freetype", "fontTools", "svgwrite", "svglib", "zlib_ng",
             "resvg_py", "lxml")

# printgen's ICC profiles (data/icc: a megabyte, half of what made_by reads) are left
# out of made_by: only a CMYK PDF uses one, and its key names the profile's digest
# (render/drawn.py keyed_pdf)
PROFILES = "data/icc"
KEPT_SIDES = 256            # side keys a Keys remembers (a back placed on every page of backs)
Stamp = tuple[int, int, int, int, int]      # a file's device, inode, size, modification and change times (ns)
_digests: dict[str, tuple[Stamp, str]] = {}


@cache
def made_by() -> str:
    """What draws the files: printgen's version, a digest of its own code and data (a
    source checkout changes them without a new version number; its bundled fonts are
    digested where a side uses them, its press profile where a CMYK PDF does), Python's version and the distributions installed
    where the renderers' libraries are (their dist-info names carry their versions)."""
    code = hashlib.sha256()
    _digest_tree(code, str(package_dir()), "")
    sites = set()
    for module in RENDERERS:
        try:
            spec = importlib.util.find_spec(module)
        except (ImportError, ValueError):
            continue
        if spec is not None and spec.origin:
            where = Path(spec.origin).parent
            sites.add(where.parent if where.name == module else where)
    installed = sorted(name for site in sites for name in _listing(site)
                       if name.endswith((".dist-info", ".egg-info")))
    return (f"printgen {__version__} code {code.hexdigest()[:16]} python {sys.version.split()[0]} "
            f"libraries {hashlib.sha256(' '.join(installed).encode()).hexdigest()[:16]} keys {FORMAT}")


@cache
def here() -> str:
    """Who draws, where: a digest of this machine's id (where the system keeps one), its
    name and the user, mixed into every key and shown nowhere. Without it anyone with
    the same printgen could compute a content key, so a stranger's output folder could
    carry a record that passes a file of theirs off as drawn from the deck it names;
    a record made on another machine, or by another user, matches nothing here, and
    its files are drawn again (once: the new record is this machine's)."""
    found = hashlib.sha256()
    for name in MACHINE_IDS:
        try:
            with open(name, "rb") as file:
                found.update(file.read(256))
            break
        except OSError:
            continue
    user = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "")
    found.update(f"\0{platform.node()}\0{user}".encode("utf-8", "surrogatepass"))
    return found.hexdigest()[:32]


def _digest_tree(code: hashlib._Hash, folder: str, prefix: str) -> None:
    """Add every file below folder to code (but compiled bytecode, __pycache__, the
    fonts and the press profiles): its path from the top (prefix), its length and its
    bytes, by name, each folder's files before its subfolders'. Plain os calls: pathlib
    took 8 ms a build, os.walk and open() 5, these 3.5."""
    files, folders = [], []
    for entry in sorted(os.scandir(folder), key=lambda entry: entry.name):
        if entry.is_dir():
            if entry.name not in ("__pycache__", "fonts") and f"{prefix}{entry.name}" != PROFILES:
                folders.append(entry)
        elif not entry.name.endswith((".pyc", ".pyo")):
            files.append(entry)
    for entry in files:
        handle = os.open(entry.path, os.O_RDONLY)
        try:
            data = _read_all(handle)
        finally:
            os.close(handle)
        code.update(f"{prefix}{entry.name}\0{len(data)}\0".encode())
        code.update(data)
    for entry in folders:
        _digest_tree(code, entry.path, f"{prefix}{entry.name}/")


_CHUNK = 1 << 16


def _read_all(handle: int) -> bytes:
    """Every byte of an open file: read by chunks until one comes short (a file's read
    comes short only at its end), in one call for most of printgen's files."""
    parts = [os.read(handle, _CHUNK)]
    while len(parts[-1]) == _CHUNK:
        parts.append(os.read(handle, _CHUNK))
    return b"".join(parts)


def _written(value: Any) -> bytes:
    """value as bytes to digest: marshal's version 2 (0.2x the time of repr(): numbers
    are written as their 8 bytes, not as text; and it writes values only, however the
    objects are shared and whichever texts Python interned, which versions 3 and 4
    tell apart), else its repr() where marshal cannot write it (a picture's path), each
    framed by its kind and length."""
    try:
        data, kind = marshal.dumps(value, 2), b"m"
    except ValueError:
        data, kind = repr(value).encode("utf-8", "surrogatepass"), b"r"
    return kind + len(data).to_bytes(8, "big") + data


def _listing(folder: Path) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []


def file_digest(path: Path) -> str:
    """The sha256 of a file's content (kept while its stamp stays the same); a file
    that cannot be read has the digest "unreadable" (drawing it fails anyway)."""
    name = os.path.abspath(path)
    stamp = stamp_of(name)
    if stamp is None:
        return "unreadable"
    known = _digests.get(name)
    if known is not None and known[0] == stamp:
        return known[1]
    try:
        with open(name, "rb") as file:
            digest = hashlib.file_digest(file, "sha256").hexdigest()
    except OSError:
        return "unreadable"
    _digests[name] = (stamp, digest)
    return digest


def known_digest(path: str) -> tuple[Stamp, str] | None:
    """The digest this process last took of a file's content, with the file's stamp
    then (None where it took none)."""
    return _digests.get(os.path.abspath(path))


def stamp_of(path: str) -> Stamp | None:
    """A file's stamp as file_digest takes it (None where it cannot be read)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def named_files(prims: Iterable[Primitive]) -> list[str]:
    """The font and picture files the primitives name, sorted."""
    fonts: set[str] = set()
    found: set[str] = set()
    for prim in prims:
        if isinstance(prim, TextRun):
            fonts.add(prim.font)
        elif isinstance(prim, Image):
            found.add(str(prim.path))
    for name in fonts:
        for one in faces(name):
            if one.startswith(USER):
                found.add(one[len(USER):].rpartition("#")[0])
            elif one in FILES:
                found.add(str(FONT_DIR / FILES[one]))
    return sorted(found)


def cards_key(sides: Iterable[Side]) -> str:
    """One key of a deck's sides as drawn (each side's key, in order), whatever the
    paper they are printed on: two builds of a deck drew the same cards when their
    cards keys are equal (the gallery's out-of-date home prints, gallery/proof.py)."""
    keys = Keys("cards")
    found = hashlib.sha256()
    for side in sides:
        found.update(keys.side(side).encode())
    return found.hexdigest()[:32]


class Keys:
    """The keys of what one renderer draws, how: "png 300", "svg", "pdf"."""

    def __init__(self, how: str) -> None:
        self.how = how
        self._base = hashlib.sha256(f"{made_by()}\0{here()}\0{how}\0".encode())
        self._files: dict[str, str] = {}                    # a font or picture file -> its digest
        self._sides: dict[int, tuple[Side, str]] = {}       # the last sides' keys, by identity

    def _digest(self, head: Any, prims: Sequence[Primitive]) -> hashlib._Hash:
        """The digest of head (what else than the primitives is drawn), the primitives
        and the font and picture files they name."""
        found = self._base.copy()
        found.update(_written(head))
        found.update(_written([(type(prim).__qualname__, *vars(prim).values()) for prim in prims]))
        for path in named_files(prims):
            digest = self._files.get(path)
            if digest is None:
                digest = self._files[path] = file_digest(Path(path))
            found.update(f"\0{path}\0{digest}".encode("utf-8", "surrogatepass"))
        return found

    def side(self, side: Side) -> str:
        """The key of one side drawn alone (a card's PNG or SVG), whatever its file is
        named: a card renumbered (a card taken out or put in before it) keeps its key,
        so its file is copied, not drawn again (render/drawn.py). The last KEPT_SIDES are
        remembered with their sides (a deck's back is placed on every page of backs); no
        more, or a large deck's sides, laid out as they are used, would all be kept."""
        kept = self._sides.get(id(side))
        if kept is not None and kept[0] is side:
            return kept[1]
        head = [(name, repr(value)) for name, value in vars(side).items() if name not in ("name", "prims")]
        key = self._digest(head, side.prims).hexdigest()[:32]
        if len(self._sides) >= KEPT_SIDES:
            del self._sides[next(iter(self._sides))]        # the oldest
        self._sides[id(side)] = (side, key)
        return key

    def page(self, page: Page) -> str:
        """The key of a page: its size, its own drawing and links, and each placed
        side's key and place."""
        placed = [(self.side(p.side), p.x, p.y, p.clip.value, p.reach) for p in page.placed]
        return self._digest((page.width, page.height, repr(page.links), placed), page.prims).hexdigest()[:32]

    def file(self, options: object = None) -> FileKey:
        """A file's key, taken as its pages go by (FileKey.pages)."""
        return FileKey(self, options)


class FileKey:
    """The key of a file of pages: its options (a repr of them) and its pages' keys,
    in order, as they pass through `pages` (on their way to the renderer, or only to
    be counted)."""

    def __init__(self, keys: Keys, options: object) -> None:
        self._keys = keys
        self._digest = keys._base.copy()
        self._digest.update(repr(options).encode("utf-8", "surrogatepass"))
        self.count = 0
        self.current = ""

    def pages(self, pages: Iterable[Page]) -> Iterator[Page]:
        """The pages, each key taken (and left as `current` while the page is used)."""
        for page in pages:
            self.current = self._keys.page(page)
            self._digest.update(self.current.encode())
            self.count += 1
            yield page

    @property
    def key(self) -> str:
        return self._digest.hexdigest()[:32]
