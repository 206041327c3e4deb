"""Pages of primitives -> a vector PDF with embedded, subset fonts (reportlab)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, BinaryIO

from reportlab import rl_config
from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.lib.utils import ImageReader, _digester
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from printgen.fonts import face
from printgen.layout.cardtext import ICON_SIZE
from printgen.layout.page import Bookmark, Clip, Page
from printgen.layout.primitives import (
    FULL,
    Ellipse,
    Image,
    Polygon,
    Primitive,
    Rect,
    TextRun,
    drawn_dash,
    shape_bounds,
    uncropped,
)
from printgen.output import atomic_path, scratch
from printgen.picturefile import quiet_pillow
from printgen.pictures import KEPT_DRAWN_PIXELS, drawn_form, drawn_part, transparent
from printgen.render.pdfpages import (
    BOXES,
    KeptPage,
    PageFonts,
    PagePictures,
    Reuse,
    register_pictures,
)
from printgen.render.pdfpictures import Placement, note, press_sizes, shrink
from printgen.render.pdfsources import ImageFile, image_source, orient
from printgen.render.pdftext import EmbeddedFont, draw_run, font_name, starting_font
from printgen.render.pdfx import INK_LIMIT, PressColours, PressPicture, mark_pdfx
from printgen.vector import is_svg

SMALL_TEXT = 12.0       # points: text this small or smaller, when dark, prints on black alone
DARK = 0.4              # a colour is dark when none of its R, G, B is above this
THIN = 1.0              # points: a dark line thinner than this prints on black alone, as small text does
SMALL_SHAPE = SMALL_TEXT * ICON_SIZE   # points: a dark neutral shape no larger (an icon beside small text) too
NEUTRAL = 0.1           # a colour is neutral when its R, G, B differ by no more than this
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
        prims = [prim for prim in _drawn(page) if isinstance(prim, Image)]
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
        prims = [prim for prim in _drawn(page) if isinstance(prim, Image)]
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


class CMYKCanvas(PressColours, StreamingCanvas):
    """A canvas that writes every colour and picture as press CMYK, converted
    through an ICC profile (render/pdfx.py). Small dark text, thin dark lines and small
    dark neutral shapes (icons) are set in solid black only (0, 0, 0, 100): four inks
    that misregister blur them. A picture with
    transparency, and every SVG picture, is flattened onto what is drawn beneath it
    (render/flatten.py): an SVG is drawn by resvg at the shop's 300 dpi first, since
    svglib's vectors would keep its RGB gradients and its transparency, which PDF/X-1a
    does not allow. A raster picture with far more pixels than the shop's print of its
    largest placement in the file needs is converted at that print's pixels
    (pdfpictures.press_sizes: sizes, found before the pages are drawn). Its pictures are
    named by their converted pixels: a page read from
    a file that places any is drawn, and such pages are not stored."""

    stores_pictures = False
    notes_pictures = False              # (its pictures are converted to press CMYK: render/flatten.py)
    drew_beneath = False                # whether a picture was flattened onto what lay beneath it

    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, **options)
        from printgen.render.flatten import KEPT_BYTES, Flattened
        self.flattened: Flattened = Flattened(KEPT_BYTES)
        self.sizes: dict[Path, tuple[int, int]] = {}     # the pictures converted smaller, by path

    def picture_sources(self, page: Page, kept: KeptPage) -> list[ImageFile | ImageReader] | None:
        return None

    def picture(self, prim: Image, beneath: Sequence[Primitive]) -> PressPicture:
        """What to draw for the picture prim places over beneath (the primitives drawn
        before it in its frame): flattened onto them and converted, where it has
        transparency; else the picture as press CMYK (render/flatten.py's press_picture)."""
        from printgen.render.flatten import flattened, press_picture
        size = self.sizes.get(prim.path)
        found = flattened(prim, beneath, self.flattened, self.picture_dpi, self.ink_limit)
        self.drew_beneath = self.drew_beneath or found is not None
        if is_svg(prim.path):
            self._foreign = True            # (as _svg: a page that places one is not kept)
        return found or press_picture(prim.path, self.ink_limit, size)

    def picture_part(self, prim: Image, beneath: Sequence[Primitive]) -> PressPicture:
        """What to draw for the part of a cropped picture its box shows (pdf.py's _part):
        drawn into the box, flattened onto beneath and converted."""
        from printgen.render.flatten import flattened_part
        self.drew_beneath = True
        if is_svg(prim.path):
            self._foreign = True
        return flattened_part(prim, beneath, self.flattened, self.picture_dpi, self.ink_limit)

    def save(self) -> None:
        super().save()
        self.flattened.clear()
        if self.drew_beneath:           # let the PNG renderer's drawings of what lay beneath go
            from printgen.render import png
            png.forget()


def _text_colour(canvas: Canvas, run: TextRun) -> Color:
    colour = _colour(run.color)
    if isinstance(canvas, CMYKCanvas) and run.size <= SMALL_TEXT and _dark(colour):
        return CMYKColor(0, 0, 0, 1)
    return colour


def _shape_colours(canvas: Canvas, prim: Rect | Ellipse | Polygon) -> tuple[Color | None, Color | None]:
    """The fill and stroke a shape is painted with. In a press file, small dark things
    print on black alone (0, 0, 0, 100) as small dark text does, since four inks that
    register a little apart blur them: a dark line thinner than THIN (a table's rule),
    and a small shape in a dark neutral colour (an icon beside small text)."""
    fill = _colour(prim.fill) if prim.fill else None
    stroke = _colour(prim.stroke) if prim.stroke else None
    if not isinstance(canvas, CMYKCanvas):
        return fill, stroke
    if stroke is not None and prim.width < THIN and _dark(stroke):
        stroke = CMYKColor(0, 0, 0, 1)
    left, top, right, bottom = shape_bounds(prim)
    if fill is not None and max(right - left, bottom - top) <= SMALL_SHAPE and _dark(fill) and \
            max(fill.red, fill.green, fill.blue) - min(fill.red, fill.green, fill.blue) <= NEUTRAL:
        fill = CMYKColor(0, 0, 0, 1)
    return fill, stroke


def _dark(colour: Color) -> bool:
    return max(colour.red, colour.green, colour.blue) <= DARK


def render_pdf(pages: Iterable[Page], path: Path, *, title: str = "", boxes: bool = False,
               cmyk: bool = False, bookmarks: Sequence[Bookmark] = (), reuse: Reuse | None = None,
               rtl: bool = False, picture_dpi: int = PICTURE_DPI, ink_limit: float = INK_LIMIT,
               sides: str = "") -> Path:
    """Write pages to path, drawing each as it comes (a generator of pages needs the
    memory of one). boxes: set TrimBox and BleedBox from each page's first placed
    side (for pages that hold one card). cmyk: write every colour as press CMYK and
    make the file PDF/X-1a (render/pdfx.py; pages that hold one card, with boxes), no
    colour and no picture pixel over ink_limit of total ink (1 = 100 %; render/ink.py),
    each picture converted once at no more pixels than its largest placement needs at
    picture_dpi (pdfpictures.press_sizes: the pages are all looked at before drawing).
    picture_dpi: the resolution of an SVG picture placed as a picture (in a CMYK file, every one).
    bookmarks: the document's outline, in order; the pages' links jump to their places
    (or open their addresses).
    reuse: splice the pages kept under their keys instead of drawing them, and keep
    those drawn (render/pdfpages.py). rtl: ask viewers to show two pages side by side
    right to left (a right-to-left book's spreads; the catalog's ViewerPreferences
    /Direction /R2L, PDF 1.7 section 12.2).
    A file for home printing (not cmyk) asks the print dialog for actual size
    (/PrintScaling /None: "fit to page" would shrink every card), and sides, where
    given, for how to print its sheets (/Duplex: print_sides())."""
    with atomic_path(path) as temp, scratch(path) as spool, temp.open("wb") as file:
        canvas = (CMYKCanvas if cmyk else StreamingCanvas)(file, invariant=1, pageCompression=1,
                                                  initialFontName=starting_font())
        canvas.embedded, canvas.spool, canvas.picture_dpi = {}, spool, picture_dpi
        if isinstance(canvas, CMYKCanvas):
            canvas.ink_limit = ink_limit
            listed = _listed(pages, reuse)      # (looked at twice: the pictures' sizes first)
            canvas.sizes = press_sizes((prim for page, _ in listed for prim in _drawn(page)), picture_dpi)
            pages = _again(listed, reuse)
        canvas.setTitle(title)
        canvas.setCreator("printgen")
        canvas.setAuthor("")
        if rtl:
            canvas.setViewerPreference("Direction", "R2L")
        if not cmyk:
            canvas.setViewerPreference("PrintScaling", "None")
        if sides:
            canvas.setViewerPreference("Duplex", sides)
        places = {mark.to: f"place-{i}" for i, mark in enumerate(bookmarks)}
        for number, page in enumerate(pages):
            for place, name in places.items():
                if place.page == number:
                    canvas.bookmarkPage(name, fit="XYZ", left=0, top=page.height - place.y)
            for link in page.links:
                bottom = page.height - link.y - link.h
                rect = (link.x, bottom, link.x + link.w, bottom + link.h)
                if isinstance(link.to, str):
                    canvas.linkURL(link.to, rect, relative=0, thickness=0)
                else:
                    canvas.linkRect("", places[link.to], rect, relative=0, thickness=0)
            if reuse is None:
                draw_page(canvas, page, boxes=boxes)
            else:
                _draw_or_splice(canvas, page, boxes=boxes, reuse=reuse)
        level = -1
        for mark in bookmarks:                  # an outline level may only go one deeper at a time
            level = min(mark.level - 1, level + 1)
            canvas.addOutlineEntry(mark.title, places[mark.to], level=level)
        if bookmarks:
            canvas.showOutline()
        if cmyk:
            mark_pdfx(canvas, title)
        with _written_to(file):
            canvas.save()
    return path


def _draw_or_splice(canvas: StreamingCanvas, page: Page, *, boxes: bool, reuse: Reuse) -> None:
    """Splice the page kept under its key, or draw it and keep it. (A page with boxes
    but no side to take them from inherits the page before's: it is always drawn.)"""
    keepable = not boxes or bool(page.placed)
    kept = reuse.found() if keepable else None
    if kept is not None and {one.font for one in kept.faces} <= _fonts(page) and \
            canvas.splice(kept, page):
        reuse.store.spliced += 1
        reuse.used(kept, canvas.stores_pictures)
        return
    canvas.begin(keeping=keepable)
    draw_page(canvas, page, boxes=boxes)
    reuse.store.drawn += 1
    if canvas.finished is not None:
        reuse.keep(canvas.finished, canvas.stores_pictures)
        canvas.finished = None


def _fonts(page: Page) -> set[str]:
    """The faces the page's text is set in (those a kept page may name to be spliced in)."""
    return {prim.font for prim in _drawn(page) if isinstance(prim, TextRun)}


def _listed(pages: Iterable[Page], reuse: Reuse | None) -> list[tuple[Page, str]]:
    """The pages, each with the content key reuse gives while it is the page at hand:
    a key follows the pages' iteration (render/keys.py's FileKey.current), so pages
    looked at before they are drawn must carry theirs."""
    return [(page, reuse.key() if reuse is not None else "") for page in pages]


def _again(listed: list[tuple[Page, str]], reuse: Reuse | None) -> Iterator[Page]:
    """The listed pages once more, reuse giving each page's own key while it is drawn."""
    if reuse is None:
        yield from (page for page, _ in listed)
        return
    now, given = [""], reuse.key
    reuse.key = lambda: now[0]
    try:
        for page, key in listed:
            now[0] = key
            yield page
    finally:
        reuse.key = given


def _drawn(page: Page) -> list[Primitive]:
    """The page's primitives in the order draw_page draws them."""
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
def _written_to(file: BinaryIO) -> Iterator[None]:
    """While reportlab saves a document, its parts go straight into file (reportlab's
    document makes its collector by the module's name PDFFile, looked up at the save)."""
    collector = type("WrittenFile", (_WrittenFile,), {"target": file})
    original = pdfdoc.PDFFile
    pdfdoc.PDFFile = collector
    try:
        yield
    finally:
        pdfdoc.PDFFile = original


@lru_cache(maxsize=1024)
def _colour(text: str) -> Color:
    return HexColor(text)


def draw_page(canvas: Canvas, page: Page, *, boxes: bool) -> None:
    canvas.setPageSize((page.width, page.height))
    if boxes and page.placed:
        side, frame = page.placed[0], page.placed[0].side.frame
        trim = (side.x, page.height - side.y - frame.height, side.x + frame.width, page.height - side.y)
        canvas.setTrimBox(trim)
        canvas.setBleedBox((trim[0] - frame.bleed, trim[1] - frame.bleed,
                            trim[2] + frame.bleed, trim[3] + frame.bleed))
    for placed in page.placed:
        frame = placed.side.frame
        canvas.saveState()
        canvas.translate(placed.x, page.height - placed.y)
        if placed.clip is not Clip.NONE:
            left, top, width, height = placed.cut()
            box = canvas.beginPath()
            box.rect(left, -top - height, width, height)
            canvas.clipPath(box, stroke=0, fill=0)
        prims = placed.side.prims
        flattens = isinstance(canvas, CMYKCanvas)     # (only a press file's pictures need what is beneath)
        for index, prim in enumerate(prims):
            draw(canvas, prim, prims[:index] if flattens and isinstance(prim, Image) else ())
        canvas.restoreState()
    canvas.saveState()
    canvas.translate(0, page.height)
    for prim in page.prims:
        draw(canvas, prim)
    canvas.restoreState()
    canvas.showPage()


def _paint(canvas: Canvas, prim: Rect | Ellipse | Polygon, closed: bool = True,
           dash: tuple[float, ...] = ()) -> tuple[int, int]:
    fill, stroke = _shape_colours(canvas, prim)
    fill = fill if closed else None
    width = prim.width
    if fill is not None:
        canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(width)
        canvas.setLineJoin(1)           # round joins, as the PNG and SVG renderers draw them
        canvas.setDash(list(drawn_dash(dash)), 0)
    return int(stroke is not None and width > 0), int(fill is not None)


def draw(canvas: Canvas, prim: Primitive, beneath: Sequence[Primitive] = ()) -> None:
    """Draw one primitive in a frame whose origin is translated to the top-left (y up).
    beneath: for a picture, what its side draws before it (a press file flattens the
    picture's transparency onto it; a page's own drawing gives none)."""
    if isinstance(prim, Rect):
        stroke, fill = _paint(canvas, prim, dash=prim.dash)
        if prim.radius > 0:
            canvas.roundRect(prim.x, -prim.y - prim.h, prim.w, prim.h, prim.radius, stroke, fill)
        else:
            canvas.rect(prim.x, -prim.y - prim.h, prim.w, prim.h, stroke, fill)
    elif isinstance(prim, Ellipse):
        stroke, fill = _paint(canvas, prim)
        canvas.ellipse(prim.cx - prim.rx, -prim.cy - prim.ry, prim.cx + prim.rx, -prim.cy + prim.ry,
                       stroke, fill)
    elif isinstance(prim, Polygon):
        stroke, fill = _paint(canvas, prim, prim.closed, prim.dash)
        path = canvas.beginPath()
        (x0, y0), *rest = prim.points
        path.moveTo(x0, -y0)
        for x, y in rest:
            path.lineTo(x, -y)
        if prim.closed:
            path.close()
        canvas.drawPath(path, stroke=stroke, fill=fill)
    elif isinstance(prim, TextRun):
        canvas.setFillColor(_text_colour(canvas, prim))
        draw_run(canvas, prim, canvas.embedded)
    elif isinstance(prim, Image) and prim.crop != FULL and (part := _part(canvas, prim, beneath)) is not None:
        canvas.drawImage(part, prim.x, -prim.y - prim.h, prim.w, prim.h, mask="auto")
    elif isinstance(prim, Image) and prim.crop != FULL:
        canvas.saveState()                      # the whole picture, clipped to the box (fit: cover)
        box = canvas.beginPath()
        box.rect(prim.x, -prim.y - prim.h, prim.w, prim.h)
        canvas.clipPath(box, stroke=0, fill=0)
        draw(canvas, uncropped(prim), beneath)
        canvas.restoreState()
    elif isinstance(prim, Image):
        canvas.saveState()
        canvas.translate(prim.x + prim.w / 2, -prim.y - prim.h / 2)
        canvas.rotate(-prim.rotate)
        w, h = (prim.h, prim.w) if prim.rotate % 180 else (prim.w, prim.h)
        if is_svg(prim.path) and not isinstance(canvas, CMYKCanvas):
            _svg(canvas, prim.path, w, h)
        else:
            source = canvas.picture(prim, beneath) if isinstance(canvas, CMYKCanvas) else image_source(prim.path)
            if isinstance(source, ImageFile):
                w, h = orient(canvas, prim.path, w, h)
            canvas.drawImage(source, -w / 2, -h / 2, w, h, mask="auto")
            if isinstance(canvas, StreamingCanvas):
                canvas.note_picture(prim)
        canvas.restoreState()


def _part(canvas: Canvas, prim: Image, beneath: Sequence[Primitive]) -> PressPicture | ImageReader | None:
    """The part of a cropped picture (fit: cover) its box shows, drawn as a picture of
    the box, where the whole one would be drawn as a picture of more than
    KEPT_DRAWN_PIXELS (a very wide or tall picture covering the box): an SVG that is
    not drawn as vectors, or in a press file any picture with transparency. None where
    the whole picture is drawn and clipped to the box (its file, or its vectors)."""
    from printgen.render.flatten import shown_part
    from printgen.render.pdfsvg import vector_gap
    from printgen.render.pngtext import TURNS
    dpi = canvas.picture_dpi if isinstance(canvas, StreamingCanvas) else PICTURE_DPI
    whole, box = shown_part(prim, dpi)
    if whole[0] * whole[1] <= KEPT_DRAWN_PIXELS:
        return None
    if isinstance(canvas, CMYKCanvas):
        return canvas.picture_part(prim, beneath) if is_svg(prim.path) or transparent(prim.path) else None
    if not is_svg(prim.path) or vector_gap(prim.path) is None:
        return None
    if isinstance(canvas, StreamingCanvas):
        canvas._foreign = True                  # (as _svg)
    return ImageReader(drawn_part(prim.path, whole, box, TURNS.get(prim.rotate)))


def _svg(canvas: Canvas, path: Path, w: float, h: float) -> None:
    """An SVG picture stretched to w x h centred on the origin: as vectors where svglib
    draws it as resvg does (render/pdfsvg.py), else as resvg's picture of it at the
    canvas's picture_dpi, its transparency kept (a press file flattens every SVG
    picture instead: CMYKCanvas.picture). A page that places one is not kept (its
    drawing may add what an earlier page added to the document)."""
    from printgen.render.pdfsvg import draw_vectors, vector_gap
    if isinstance(canvas, StreamingCanvas):
        canvas._foreign = True
    if vector_gap(path) is None:
        draw_vectors(canvas, path, -w / 2, -h / 2, w, h)
        return
    dpi = canvas.picture_dpi if isinstance(canvas, StreamingCanvas) else PICTURE_DPI
    size = (max(1, round(w * dpi / 72)), max(1, round(h * dpi / 72)))
    source = drawn_form(path, size, ImageReader)      # (a picture on every card is drawn once)
    canvas.drawImage(source, -w / 2, -h / 2, w, h, mask="auto")
