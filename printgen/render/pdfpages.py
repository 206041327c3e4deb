"""Finished PDF pages kept in a warm process (build --watch), so that a PDF rebuilt
because some of its pages changed draws only those: each other page's finished,
compressed content stream is spliced in as it was.

A page's content stream depends on nothing but the page (render/pdf.py draws it from
a fresh graphics state): its fonts are named by their files' content
(render/pdftext.py), its pictures by theirs, its graphics states are its own. What it
adds to its document is kept beside its stream and done again when it is spliced:
the faces it draws with and the glyphs it uses of each (a face's subset is the union
over every page, made when the document is saved), the pictures it places (in the
order it first places them, so that they are numbered in the file as a drawn page
numbers them) and the PDF version it needs (1.4 for transparency). A page that uses
anything else of its document (a standard font, form or shading, which an SVG
picture's drawing may add, or find added by a page before) is not kept: it is drawn
every time.

Pages are kept under their content key (render/keys.py: the page's drawing, the keys
of its sides, so the bytes of every font and picture they use) and how they are
drawn (trim boxes, press CMYK and its profile); a page is spliced only where its
fonts have the same names in the new document, and where the page drawn sets text in
every face it names. A new process reads the pages of a PDF from the file kept beside
it (render/pagefile.py, render/drawn.py): a page read there names its pictures only,
and is spliced where the page being built places pictures of those very names
(render/pdfcanvas.py registers the page's own, as drawing it would). The saved PDF is byte for byte what
drawing every page gives (tests/test_pdf_pages.py, tests/test_incremental.py).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from printgen.frozen import frozen
from printgen.render.kept import Kept

BUDGET = 32 * 1024 * 1024       # bytes of kept pages (a 62-card deck's 14 pages take 0.14 MB)
BOXES = ("_trimBox", "_bleedBox", "_cropBox", "_artBox")    # the canvas's attributes a page takes its boxes from


@frozen
class KeptFace:
    """One face a kept page draws with: its name in the document, and the glyphs the
    page draws (their advances, and the characters of those that stand for any)."""

    font: str                   # the face's name (a TextRun's font)
    name: str                   # its resource name in the PDF
    widths: dict[int, float]
    used: dict[int, str]


@frozen
class KeptPage:
    """A finished page: its compressed content stream and filters, the attributes
    reportlab's page takes from the canvas, the faces and pictures it uses."""

    contents: bytes | str                       # (reportlab's filters give text)
    filters: tuple[str, ...]
    boxes: dict[str, Any]                       # canvas attribute (BOXES) -> its value
    forms: tuple[str, ...]                      # the pictures' XObject names, as the canvas lists them
    states: Any                                 # the page's ExtGState dictionary, or None
    images: int                                 # reportlab's flag of a page that may place pictures
    faces: tuple[KeptFace, ...]
    pictures: tuple[tuple[str, Any], ...]       # (internal name, a pristine copy of the object) in order;
                                                # None for a page read from a file: the page being built's
    needs: tuple[str, ...]                      # what it asks of the PDF version (reportlab's keys)

    @property
    def storable(self) -> bool:
        """Whether it keeps no graphics state dictionary: its stream, boxes, faces and the
        names of its pictures are all it has (render/pagefile.py stores such pages)."""
        return self.states is None

    @property
    def size(self) -> int:
        """Roughly the bytes it keeps alive: its stream and notes (a picture's data is one
        copy, shared by every page that places it, and counted in none)."""
        glyphs = sum(len(face.widths) + len(face.used) for face in self.faces)
        return len(self.contents) + 64 * glyphs + 256 * len(self.pictures) + 512


class PageFonts:
    """The faces one page draws with, in the order it first uses them, and the glyphs
    it draws with each (render/pdftext.py's draw_run notes them)."""

    def __init__(self) -> None:
        self.faces: dict[str, tuple[Any, dict[int, float], dict[int, str]]] = {}

    def note(self, font: str, embedded: Any, glyphs: Iterable[int], texts: Iterable[str]) -> None:
        entry = self.faces.get(font)
        if entry is None:
            entry = self.faces[font] = (embedded, {}, {})
        _, widths, used = entry
        for gid, text in zip(glyphs, texts, strict=True):
            if gid not in widths:
                widths[gid] = embedded.widths[gid]
            if text and gid not in used:
                used[gid] = text

    def kept(self) -> tuple[KeptFace, ...]:
        return tuple(KeptFace(font, embedded.name, widths, used)
                     for font, (embedded, widths, used) in self.faces.items())


@dataclass
class PagePictures:
    """The pictures one page places, in the order it first places them, each with the
    objects it registered in the document (the picture, then its soft mask)."""

    objects: dict[str, Any] = field(default_factory=dict)     # internal name -> a pristine copy
    registered: int = 0                                       # objects the page's pictures added to the document

    def note(self, doc: Any, name: str) -> None:
        """A picture placed under the internal name; its soft mask's after it."""
        for internal in _with_mask(doc, name):
            if internal not in self.objects:
                self.objects[internal] = pristine(doc.idToObject[internal])


def _with_mask(doc: Any, name: str) -> list[str]:
    mask = getattr(doc.idToObject[name], "smask", None)
    return [name] if mask is None else [name, mask.name]


def pristine(obj: Any) -> Any:
    """A copy of a document's object that can be registered in another document."""
    fresh = copy.copy(obj)
    vars(fresh).pop("__InternalName__", None)
    return fresh


def register_pictures(doc: Any, pictures: Iterable[tuple[str, Any]]) -> None:
    """Register in doc the pictures a kept page places that doc does not have yet, in
    the order the page first placed them (as drawing the page registers them)."""
    for name, obj in pictures:
        if name not in doc.idToObject:
            doc.Reference(pristine(obj), name)


class PageStore:
    """Kept pages by their content key and how they are drawn, up to a budget of bytes
    (the page used longest ago let go first); counts of the pages drawn and spliced
    (for a build's tests and benches)."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.pages: Kept[KeptPage] = Kept(budget)
        self.drawn = 0
        self.spliced = 0

    def get(self, key: tuple[str, str]) -> KeptPage | None:
        """The page kept under key, now the last to be let go."""
        page = self.pages.get(key)
        if page is not None:
            self.pages.put(key, page, page.size)
        return page

    def put(self, key: tuple[str, str], page: KeptPage) -> None:
        self.pages.put(key, page, page.size)


store = PageStore()


@dataclass
class Reuse:
    """What render_pdf needs to splice kept pages: the store, the content key of the
    page about to be drawn (render/keys.py's FileKey.current) and how pages are drawn;
    the pages read from the file beside the PDF (render/pagefile.py), by their keys;
    and, up to a budget of bytes, the document's storable pages in order, drawn or
    spliced, to store beside it again."""

    store: PageStore
    key: Callable[[], str]
    how: str
    stored: dict[str, KeptPage] = field(default_factory=dict)
    pages: list[tuple[str, KeptPage]] = field(default_factory=list)
    budget: int = 0
    taken: int = 0

    def found(self) -> KeptPage | None:
        key = self.key()
        return self.store.get((key, self.how)) or self.stored.get(key)

    def keep(self, page: KeptPage, pictures: bool = True) -> None:
        self.store.put((self.key(), self.how), page)
        self.used(page, pictures)

    def used(self, page: KeptPage, pictures: bool = True) -> None:
        """page (drawn or spliced) is the document's next (pictures: whether a page that
        places pictures may be stored)."""
        if page.storable and (pictures or not page.forms) and self.taken + page.size <= self.budget:
            self.pages.append((self.key(), page))
            self.taken += page.size
