"""reportlab's canvas made to stream: each finished page's drawing compressed and
spooled to a file at once, a finished page keeping only what saving reads, and the
saved document's parts written straight into the file, so that a large deck's pages
weigh little until and while it is saved; and a kept page (render/pdfpages.py)
spliced in place of drawing one. The saved bytes are those reportlab would write.
Read by render/pdf.py, which draws the pages on it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, BinaryIO

from reportlab import rl_config
from reportlab.lib.utils import ImageReader, _digester
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from printgen.fonts import face
from printgen.layout.page import Page
from printgen.layout.primitives import Image, Primitive
from printgen.picturefile import quiet_pillow
from printgen.render.pdfpages import (
    BOXES,
    KeptPage,
    PageFonts,
    PagePictures,
    register_pictures,
)
from printgen.render.pdfpictures import Placement, note, shrink
from printgen.render.pdfsources import ImageFile, image_source
from printgen.render.pdftext import EmbeddedFont, font_name
from printgen.vector import is_svg

PICTURE_DPI = 300       # an SVG picture svglib cannot draw as vectors is drawn as a picture of this resolution

rl_config.useA85 = 0    # streams written as binary: ASCII85 text would make each picture's and font's a quarter larger


class SpooledStream(pdfdoc.PDFStream):
    """A finished page's compressed drawing, kept in a spool file (not in memory)
    until the PDF is saved; read back when reportlab writes it into the file."""

    def __init__(self, spool: BinaryIO, content: bytes | str) -> None:
        super().__init__()
        self._spool, self._text = spool, isinstance(content, str)     # (reportlab's filters give text)
        self._offset = spool.seek(0, 2)
        self._length = spool.write(content.encode("latin-1") if isinstance(content, str) else content)

    def format(self, document: Any) -> bytes:
        self._spool.seek(self._offset)
        data = self._spool.read(self._length)
        self.content = data.decode("latin-1") if self._text else data
        try:
            return super().format(document)
        finally:
            self.content = b""                  # (the page's bytes go when written)


class StreamingCanvas(Canvas):
    """reportlab's canvas, but each finished page's drawing is compressed at once and
    spooled to a file: reportlab would keep every page's drawing as text until the
    whole PDF is saved (27 KB a page of cards; 37 MB for a deck of 6,200 cards). The
    saved bytes are the same: the stream is compressed as reportlab compresses it,
    and marked so that reportlab does not compress it again. It keeps the faces its
    text is drawn with (render/pdftext.py). A page begun with keeping=True is, once
    finished, offered as `finished` to be kept; `splice` puts a kept page in place of
    drawing one (render/pdfpages.py)."""

    embedded: dict[str, EmbeddedFont]
    spool: BinaryIO
    page_fonts: PageFonts | None = None
    page_pictures: PagePictures | None = None
    finished: KeptPage | None = None
    _splicing: KeptPage | None = None
    _objects = 0
    stores_pictures = True              # whether pages that place pictures go to the pages file
    picture_dpi = PICTURE_DPI           # the resolution an SVG picture is drawn at where placed as a picture
    notes_pictures = True               # whether raster pictures are embedded at what their placements need

    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, **options)
        self._needs: set[str] = set()           # what the page's drawing asked of the PDF version
        ensure = self._doc.ensureMinPdfVersion

        def needing(*keys: str) -> None:        # (transparency: reportlab's canvas asks its document)
            self._needs.update(keys)
            ensure(*keys)

        self._doc.ensureMinPdfVersion = needing
        fonts = self._doc.getInternalFontName

        def font(name: str) -> Any:             # a font of reportlab's
            self._foreign = True
            return fonts(name)

        self._doc.getInternalFontName = font
        self._foreign = False                   # whether the page named a font of reportlab's or placed an SVG
        self.placed: dict[str, Placement] = {}     # the raster pictures placed, by internal name (pdfpictures.py)

    def begin(self, *, keeping: bool) -> None:
        """A page is about to be drawn: note what it adds to the document if it is to be kept."""
        self.page_fonts, self.page_pictures = (PageFonts(), PagePictures()) if keeping else (None, None)
        self.finished = None
        self._objects = self._doc.objectcounter
        self._needs, self._foreign = set(), False

    def drawImage(self, image: Any, x: float, y: float, width: float | None = None,  # reportlab's names
                  height: float | None = None, mask: Any = None, **options: Any) -> Any:
        if self.page_pictures is None:
            with quiet_pillow():                # (reportlab opens a picture file with Pillow again)
                return super().drawImage(image, x, y, width, height, mask=mask, **options)
        before = self._doc.objectcounter
        with quiet_pillow():
            size = super().drawImage(image, x, y, width, height, mask=mask, **options)
        self.page_pictures.registered += self._doc.objectcounter - before
        self.page_pictures.note(self._doc, self._doc.getXObjectName(self._formsinuse[-1]))
        return size

    def splice(self, kept: KeptPage, page: Page) -> bool:
        """Put the kept page in as the next page in place of drawing page, as drawing it
        would (its faces and their glyphs noted, its pictures registered); False (and
        nothing done) where one of its faces would have another name in this document,
        or where it was read from a file and page does not place its pictures."""
        for one in kept.faces:
            known = self.embedded.get(one.font)
            if (known.name if known is not None else font_name(self._doc, face(one.font))) != one.name:
                return False
        prims = [prim for prim in drawn_prims(page) if isinstance(prim, Image)]
        if self.notes_pictures and len(prims) != len(kept.forms):
            return False
        read = any(obj is None for _, obj in kept.pictures)
        sources = self.picture_sources(page, kept) if read else []
        if sources is None:
            return False
        self.setPageSize((page.width, page.height))
        for name, value in kept.boxes.items():
            setattr(self, name, value)
        for one in kept.faces:
            embedded = self.embedded.get(one.font)
            if embedded is None:
                embedded = self.embedded[one.font] = EmbeddedFont(self._doc, face(one.font))
            embedded.merge(one.widths, one.used)
        if read:
            self._register(sources)
        else:
            register_pictures(self._doc, kept.pictures)
        if self.notes_pictures:
            for prim, form in zip(prims, kept.forms, strict=True):
                note(self.placed, self._doc.getXObjectName(form), prim)
        self._doc.ensureMinPdfVersion(*kept.needs)
        self._formsinuse, self._currentPageHasImages = list(kept.forms), kept.images
        self._splicing = kept
        self.showPage()
        return True

    def picture_sources(self, page: Page, kept: KeptPage) -> list[ImageFile | ImageReader] | None:
        """The pictures page places, as drawing it gives them to drawImage, where they have
        the names the kept page's were registered under, in the same order (so that
        registering them adds what drawing the page would); None where they do not,
        or where page places an SVG drawing."""
        prims = [prim for prim in drawn_prims(page) if isinstance(prim, Image)]
        if any(is_svg(prim.path) for prim in prims):
            return None
        sources = [image_source(prim.path) for prim in prims]
        if not all(isinstance(source, ImageFile) for source in sources):
            return None                 # (a picture given as its pixels is named by them)
        forms = tuple(_digester(f"{source}auto") for source in sources)   # as drawImage names a file's
        names = [self._doc.getXObjectName(name) for name in dict.fromkeys(forms)]
        stored = [name for name, _ in kept.pictures]
        if forms != kept.forms or [name for name in stored if name in names] != names:
            return None
        return sources

    def _register(self, sources: list[ImageFile | ImageReader]) -> None:
        """Register the pictures as drawing them registers them, drawing nothing."""
        code = len(self._code)
        for source in sources:
            self.drawImage(source, 0, 0, 1, 1, mask="auto")
        del self._code[code:]

    def note_picture(self, prim: Image) -> None:
        """The raster picture just drawn is placed as prim places it (pdfpictures.py)."""
        if self.notes_pictures:
            note(self.placed, self._doc.getXObjectName(self._formsinuse[-1]), prim)

    def save(self) -> None:
        shrink(self._doc, self.placed)              # (every page drawn: each picture's largest placement known)
        super().save()

    def showPage(self) -> None:                     # reportlab's name
        spliced, self._splicing = self._splicing, None
        keeping = self._keepable()
        forms, images = tuple(self._formsinuse), self._currentPageHasImages
        super().showPage()
        page = self._doc.Pages.pages[-1]
        if spliced is not None:
            page.ExtGState, page.stream = spliced.states, None
            page.Contents = _contents(self.spool, spliced.contents, spliced.filters)
        elif page.stream and page.compression and not page.Contents:
            filters = [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress] if rl_config.useA85 else [pdfdoc.PDFZCompress]
            content = page.stream
            for step in reversed(filters):              # as PDFStream.format applies them
                content = step.encode(content)
            names = tuple(step.pdfname for step in filters)
            page.Contents, page.stream = _contents(self.spool, content, names), None
            if keeping and self.page_fonts is not None and self.page_pictures is not None:
                self.finished = KeptPage(content, names, {name: getattr(self, name, None) for name in BOXES},
                                         forms, page.ExtGState, images, self.page_fonts.kept(),
                                         tuple(self.page_pictures.objects.items()), tuple(sorted(self._needs)))
        self.page_fonts = self.page_pictures = None
        _compact(page)

    def _keepable(self) -> bool:
        """Whether the page being finished uses nothing of its document but its faces and
        pictures: it placed no SVG picture, added no other object, named no font of
        reportlab's, no form but its pictures, no shading or colour space (all of which
        an earlier page may have added), and drew nothing reportlab keeps outside its
        stream."""
        pictures = self.page_pictures
        if pictures is None or self._foreign or self._shadingUsed or self._colorsUsed:
            return False
        added = self._doc.objectcounter - self._objects
        return added == pictures.registered and \
            all(self._doc.getXObjectName(name) in pictures.objects for name in self._formsinuse) and \
            not self._codeStack and not self._cropMarks and not self._psCommandsBeforePage and \
            not self._psCommandsAfterPage


def _contents(spool: BinaryIO, content: bytes | str, filters: tuple[str, ...]) -> SpooledStream:
    """A page's content stream, encoded already (its filters named), spooled until saved."""
    contents = SpooledStream(spool, content)
    contents.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(name) for name in filters])
    contents.__Comment__ = "page stream"
    return contents


# what reportlab's page reads as attributes when the PDF is saved (PDFPage.check_format);
# the others it reads with a default of None
_READ = frozenset(("MediaBox", "Annots", "Contents", "Resources", "Parent", "Rotate", "ExtGState", "_shadingUsed"))
_NO_TRANSITION = pdfdoc.PDFDictionary()
_NONE_USED: dict[Any, Any] = {}


def _compact(page: Any) -> None:
    """A finished page keeps, until the PDF is saved, only what saving it reads: its
    attributes left at None go (a third of its size), and its empty transition, list
    of annotations and shadings are shared, so that a large deck's pages weigh less
    (the saved bytes are the same)."""
    if isinstance(page.Trans, pdfdoc.PDFDictionary) and not page.Trans.dict:
        page.Trans = _NO_TRANSITION
    if not page.Annots:
        page.Annots = None                      # (as saving makes it)
    if not page._shadingUsed:
        page._shadingUsed = _NONE_USED
    if not vars(page).get("_colorsUsed", True):
        del page._colorsUsed                    # (the class's own is empty)
    page.__dict__ = {key: value for key, value in vars(page).items() if value is not None or key in _READ}
    page.__class__ = _FinishedPage


class _FinishedPage(pdfdoc.PDFPage):
    """A page that, once written into the saved file, keeps only its name in the
    document (what a later reference to it looks up): not the resources, boxes and
    references saving made for it, so that saving a large deck does not grow by them."""

    def format(self, document: Any) -> bytes:
        text: bytes = super().format(document)
        self.__dict__ = {"__InternalName__": vars(self)["__InternalName__"]}
        return text


def drawn_prims(page: Page) -> list[Primitive]:
    """The page's primitives in the order render/pdf.py's draw_page draws them."""
    return [*(prim for placed in page.placed for prim in placed.side.prims), *page.prims]


class _WrittenFile(pdfdoc.PDFFile):
    """reportlab's collector of the saved file's parts, but writing each part to the
    file as it comes, where reportlab joins them all in memory first."""

    target: BinaryIO
    strings: list[bytes]

    def __init__(self, pdfVersion: Any = pdfdoc.PDF_VERSION_DEFAULT) -> None:   # reportlab's name
        super().__init__(pdfVersion)
        self.target.write(b"".join(self.strings))     # the header
        self.strings = []
        self.write = self.target.write

    def format(self, document: Any) -> bytes:
        return b""                                      # (all written already)


@contextmanager
def written_to(file: BinaryIO) -> Iterator[None]:
    """While reportlab saves a document, its parts go straight into file (reportlab's
    document makes its collector by the module's name PDFFile, looked up at the save)."""
    collector = type("WrittenFile", (_WrittenFile,), {"target": file})
    original = pdfdoc.PDFFile
    pdfdoc.PDFFile = collector
    try:
        yield
    finally:
        pdfdoc.PDFFile = original
