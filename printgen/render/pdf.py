"""Pages of primitives -> a vector PDF with embedded, subset fonts (reportlab)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

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
from printgen.pictures import KEPT_DRAWN_PIXELS, drawn_form, drawn_part, transparent
from printgen.render.pdfcanvas import PICTURE_DPI, StreamingCanvas, drawn_prims, written_to
from printgen.render.pdfpages import KeptPage, Reuse
from printgen.render.pdfpictures import press_sizes
from printgen.render.pdfsources import ImageFile, image_source, orient
from printgen.render.pdftext import draw_run, starting_font
from printgen.render.pdfx import INK_LIMIT, PressColours, PressPicture, mark_pdfx
from printgen.vector import is_svg

SMALL_TEXT = 12.0       # points: text this small or smaller, when dark, prints on black alone
DARK = 0.4              # a colour is dark when none of its R, G, B is above this
THIN = 1.0              # points: a dark line thinner than this prints on black alone, as small text does
SMALL_SHAPE = SMALL_TEXT * ICON_SIZE   # points: a dark neutral shape no larger (an icon beside small text) too
NEUTRAL = 0.1           # a colour is neutral when its R, G, B differ by no more than this


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
            canvas.sizes = press_sizes((prim for page, _ in listed for prim in drawn_prims(page)), picture_dpi)
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
        with written_to(file):
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
    return {prim.font for prim in drawn_prims(page) if isinstance(prim, TextRun)}


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
