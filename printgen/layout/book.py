"""Books: a rules text set as pages of any length, with a cover, a contents page and,
on every text page, a running head and a page number (folio).

The text is cut into layout/fold.py's chunks (lines, headings, table rows, pictures)
at the width of the page's text block, and the chunks are set down the pages by a
book's rules (layout/booktext.py): a heading keeps at least two lines of what follows (or a picture, or
its whole section where that is one line before the next heading), and so does a
lead-in (a paragraph of one or two lines ending in ":" before a list, a picture or a
table, which it keeps with its header row and first rows); a paragraph never leaves
one of its lines alone at a page's foot or head
(a line moves over, or the whole short paragraph does); a table split across pages
repeats its header row. Where footnotes leave no room for that even on a page of
their own, what fits is set (a heading keeps at least the first line after it, if
that fits under it at all) and Book.notes says where a line or a heading was left
alone.

Footnotes are set at the foot of the text block of each page their references land
on, under a short rule (at the right in a right-to-left book), at the folio's size (never under 8 pt), numbered as in the
text; the page's text is shorter by their height. A note is never continued on the
next page: one too tall to share a page with the line that refers to it is a FitError.

Pages are numbered from the cover, page 1, which shows no number; the contents follow
(unnumbered too), then the text. Odd pages are right-hand pages: their spine, and so
the inner margin, is on their left. The contents must give the text's page numbers,
which depend on how many pages the contents take: they are set again until that
count holds (the text itself does not move, as every page's text block is as wide).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import replace

from printgen.direction import paragraph_level
from printgen.fonts import check_glyphs, faces, missing
from printgen.frozen import frozen
from printgen.layout.bookstyle import BookStyle
from printgen.layout.booktext import set_pages
from printgen.layout.cover import UNNAMED, CoverSource, lay_out_cover
from printgen.layout.endnotes import own_word
from printgen.layout.fold import (
    plain,
    right_to_left,
    set_lines,
)
from printgen.layout.leaflet import scaled
from printgen.layout.page import Bookmark, Frame, Link, Page, Placed, Side, Target
from printgen.layout.primitives import Primitive, TextRun, shift
from printgen.layout.richtext import (
    Fonts,
    Line,
    RichStyle,
    ascent,
    line_runs,
    wrap,
)
from printgen.model.picture import Picture
from printgen.model.text import Block, BookType, Span
from printgen.shaping import font
from printgen.units import pt

CONTENTS = "Contents"       # the contents' heading in English: where the text's fonts cannot set its language's
CONTENTS_FONTS = Fonts(regular="sans-bold")
CLEAR = pt(3.0)             # from the trim to a running head or folio
HEADINGS = (1.5, 1.25, 1.1, 1.0, 1.0, 1.0)   # Markdown # to ######: size, times the body (styles: fold.HEADING_STYLES)


def house_style(width: float, height: float, sizes: BookType, ink: str, accent: str) -> BookStyle:
    """The house style of a page (in points), its body type sized by `sizes`, in the
    leaflets' ink and accent colours (both decks/rules/folds.yaml's). The body is
    sizes.body on a page sizes.width wide (10 pt at 148 mm, an A5 page) or wider, smaller
    in proportion to a narrower page (to the nearest half point) but never under
    sizes.least_body (8 pt); headings (HEADINGS) are 1.5, 1.25 and 1.1 times the body in
    bold for levels 1 to 3, and the body's size for levels 4 to 6, in bold italic, italic
    and upright; folios and running heads 0.85 times the body (never under
    sizes.least_body either). Margins are in proportion to the page: inner 8 % of its
    width, outer 11 %, top 7 % of its height, bottom 9 %; none under 4 mm, and the top
    and bottom hold the running head and the folio at least 3 mm from the trim."""
    body = max(sizes.least_body, min(sizes.body, round(2 * sizes.body * width / sizes.width) / 2))
    folio = max(sizes.least_body, 0.85 * body)
    least = pt(4.0)
    return BookStyle(width, height, inner=max(least, 0.08 * width), outer=max(least, 0.11 * width),
                     top=max(0.07 * height, CLEAR + 2.2 * folio),
                     bottom=max(0.09 * height, CLEAR + 2.6 * folio),
                     body=body, headings=tuple(k * body for k in HEADINGS), line_height=1.3,
                     gap=0.6 * body, indent=1.6 * body, ink=ink, accent=accent, folio=folio,
                     least_body=sizes.least_body)


Box = tuple[float, float, float, float]         # x, y, w, h


@frozen
class Heading:
    """Where a heading is set: page is an index into Book.pages, y points from that
    page's top to the top of the heading (a bookmark's or a link's destination)."""

    level: int
    text: str
    page: int
    y: float


@frozen
class Book:
    """A book's pages in order (cover, contents, text), its headings (every level), and
    its contents entries: the box of each on its page (x, y, w, h from the page's
    top-left) and the heading it lists."""

    pages: tuple[Side, ...]
    headings: tuple[Heading, ...]
    entries: tuple[tuple[int, Box, Heading], ...] = ()
    rtl: bool = False            # right to left: page 1 is bound on its right, and its spreads read from the right
    notes: tuple[str, ...] = ()  # the marks its text never closes (Block.said), and where a heading or a
                                 # paragraph could not be kept together (footnotes took the room)
    links: tuple[tuple[int, Box, str], ...] = ()     # each link's words on a page (as entries' boxes), its address


def lay_out_book(blocks: Sequence[Block], style: BookStyle, *, title: str, subtitle: str = "",
                 credits: Sequence[str] = (), cover: Picture | None = None, contents: str = CONTENTS,
                 source: CoverSource = UNNAMED, where: str = "the text", depth: int = 2) -> Book:
    """The blocks set as a book: a cover (title, subtitle, credits and the picture
    scaled to fit), contents listing the headings of levels 1 to depth (1 and 2 unless
    the text asks for more) with their page numbers (under the heading `contents`, in English where the text's fonts lack its
    letters: contents_heading()), then the text. FitError names the block that cannot
    fit. A book in a right-to-left language (style.lang), or with no language named one
    whose text opens right to left (its first heading or paragraph), is bound on the
    right. A cover text that cannot fit is a FitError naming its source; where names
    the text (its file) in errors about what printgen adds to it."""
    style = replace(style, rtl=right_to_left(blocks, style.lang))
    fold = style.fold()
    notes = scaled(fold, style.folio, style.folio)
    text = set_pages(list(blocks), fold, notes, rtl=style.rtl)
    listed = [(block, page) for block, page, _ in text.headings if block.level <= depth]
    count = 1 if listed else 0
    while True:                   # more contents pages only make the numbers larger
        pages, boxes = _contents(listed, 1 + count, style, contents_heading(style, contents), where)
        if len(pages) == count:
            break
        count = len(pages)
    first = 1 + count             # the index of the first text page
    sides = [_side(style, 1, lay_out_cover(style, title, subtitle, tuple(credits), cover, source))]
    sides += [_side(style, n, _shifted(prims, style, n)) for n, prims in enumerate(pages, start=2)]
    named = (title, source.title)     # the running head before the first section, and of left pages
    heads = _running_heads(text.headings, len(text.pages), named)
    for p, prims in enumerate(text.pages):
        number = first + p + 1
        sides.append(_side(style, number, _shifted(prims, style, number) + _margins(style, number, named, heads[p])))
    headings = tuple(Heading(block.level, plain(block), first + page, style.top + y)
                     for block, page, y in text.headings)
    listed_headings = iter(heading for heading in headings if heading.level <= depth)
    entries = tuple((n - 1, (style.left(n) + x, style.top + y, w, h), next(listed_headings))
                    for n, page in enumerate(boxes, start=2) for x, y, w, h in page)
    said = (*(n for block in blocks for n in block.said),
            *(f"{where}: {what} {first + page + 1}: {why}" for where, what, page, why in text.broken))
    links = tuple((first + p, (style.left(first + p + 1) + x, style.top + y, w, h), to)
                  for p, page in enumerate(text.links) for x, y, w, h, to in page)
    return Book(tuple(sides), headings, entries, style.rtl, said, links)


def reading_copy(book: Book) -> tuple[list[Page], tuple[Bookmark, ...]]:
    """The book's pages at their trim size, in reading order, for a screen: a bookmark
    for every heading, every contents entry a link to its heading, and the words of
    every link in the text (and its address) a link to its address, or for a link to a
    place in the text (`#scoring`), to the heading whose anchor() that is (none where no
    heading's is)."""
    marks = tuple(Bookmark(h.level, h.text, Target(h.page, h.y)) for h in book.headings)
    places = anchors(book.headings)
    links: dict[int, list[Link]] = {}
    for page, (x, y, w, h), heading in book.entries:
        links.setdefault(page, []).append(Link(x, y, w, h, Target(heading.page, heading.y)))
    for page, (x, y, w, h), address in book.links:
        to = places.get(address[1:].lower()) if address.startswith("#") else address
        if to is not None:
            links.setdefault(page, []).append(Link(x, y, w, h, to))
    pages = [Page(side.frame.width, side.frame.height, (Placed(side, 0.0, 0.0),), links=tuple(links.get(i, ())))
             for i, side in enumerate(book.pages)]
    return pages, marks


def anchor(text: str) -> str:
    """A heading's anchor, as a link to it names it (`[Bandits](#bandits)`): its words
    in lower case, without punctuation, spaces turned to hyphens, as GitHub makes it
    ("What's in the box?" is whats-in-the-box)."""
    kept = "".join(ch for ch in text.strip().lower()
                   if ch.isalnum() or ch in " -_" or unicodedata.category(ch)[0] == "M")
    return kept.replace(" ", "-")


def anchors(headings: Sequence[Heading]) -> dict[str, Target]:
    """Each heading's anchor() and where it is; a second heading of the same anchor is
    anchor-1, a third anchor-2 (as GitHub numbers them)."""
    found: dict[str, Target] = {}
    seen: dict[str, int] = {}
    for heading in headings:
        name = anchor(heading.text)
        count = seen.get(name, 0)
        seen[name] = count + 1
        found.setdefault(f"{name}-{count}" if count else name, Target(heading.page, heading.y))
    return found


def _side(style: BookStyle, number: int, prims: tuple[Primitive, ...]) -> Side:
    """Page `number` (from 1) as a side, trimmed at the page's edge, without bleed."""
    safe = min(style.inner, style.outer, style.top, style.bottom)
    return Side(f"page-{number}", f"page {number}", Frame(style.width, style.height, 0.0, safe), prims)


def section_level(levels: Sequence[int]) -> int:
    """The heading level a text's sections are at, which its running heads follow:
    the highest (smallest) level its headings use, not counting a level-1 heading
    that is the only one (the text's title): 2 for a `#` title over `##` sections,
    or for `##` sections with no `#` at all."""
    rest = [level for level in levels if level > 1] if list(levels).count(1) == 1 else list(levels)
    return min(rest or levels or [1])


def _running_heads(headings: list[tuple[Block, int, float]], pages: int,
                   title: tuple[str, str]) -> list[tuple[str, str]]:
    """Each text page's section heading (at section_level()): the first that starts
    on the page, else the last before it (the book's title, and where it comes from,
    before any); with where it comes from, for errors."""
    level = section_level([block.level for block, _, _ in headings])
    sections = [(page, plain(block), block.where) for block, page, _ in headings if block.level == level]
    heads = []
    for page in range(pages):
        on = [(text, where) for p, text, where in sections if p == page]
        before = [(text, where) for p, text, where in sections if p < page]
        heads.append(on[0] if on else before[-1] if before else title)
    return heads


def _margins(style: BookStyle, number: int, title: tuple[str, str], head: tuple[str, str]) -> tuple[Primitive, ...]:
    """A text page's running head (the book's title on a left page, the current
    section's heading on a right one, _running_heads()), centred in the top margin,
    in bidirectional order and in the italic face, or the upright one for a script
    the italic lacks (a character neither has is a FitError); and its folio at the
    foot's outer corner."""
    size, left, width = style.folio, style.left(number), style.text_width
    text, where = title if number % 2 == 0 else head
    face = style.family(Fonts(regular="sans-italic")).regular   # upright, or the deck's own, where it lacks a script
    check_glyphs(text, face, f"{where}: the running head")
    shown = _shortened(text, width, face, size)
    rich = RichStyle(size, color=style.accent, fonts=Fonts(regular=face))
    set_head = Line(((shown, face),), font(face).width(shown, size), paragraph_level(shown))
    run_head = line_runs(set_head, left, style.top - 1.1 * size, rich, "center", width)
    folio, digits = str(number), style.face_of("sans")
    x = left + width - font(digits).width(folio, size) if style.spine_left(number) else left
    return (*run_head, TextRun(x, style.height - style.bottom + 1.6 * size, folio, digits, size, style.accent))


def _shortened(text: str, width: float, name: str, size: float) -> str:
    """The text, cut at a word and ended with an ellipsis where it is wider than width."""
    metrics = font(name)
    if metrics.width(text, size) <= width:
        return text
    cut = text.split(" ")
    while len(cut) > 1 and metrics.width(" ".join(cut) + " …", size) > width:
        cut.pop()
    shown = " ".join(cut)
    while shown and metrics.width(shown + "…", size) > width:
        shown = shown[:-1]
    return shown.rstrip() + "…"


def _shifted(prims: Sequence[Primitive], style: BookStyle, number: int) -> tuple[Primitive, ...]:
    """A text block's primitives moved onto page `number`."""
    return tuple(shift(p, style.left(number), style.top) for p in prims)


def contents_font(style: BookStyle) -> str:
    """The font the contents' heading is set in: the bundled bold, then the text's fonts."""
    return style.family(CONTENTS_FONTS).regular


def contents_heading(style: BookStyle, word: str) -> str:
    """The contents' heading: the word in the text's language, or CONTENTS where the
    heading's fonts lack its letters (endnotes.py's own_word(): printgen's own word never
    stops a build)."""
    return own_word(word, CONTENTS, contents_font(style))


def _contents(listed: list[tuple[Block, int]], first: int, style: BookStyle,
              word: str, where: str) -> tuple[list[list[Primitive]], list[list[Box]]]:
    """The contents pages (text blocks' primitives) for the listed headings, the text
    starting at page index `first`: each entry its heading (a level-1 heading in bold,
    each deeper level indented one step further) and, at
    the right, its page number after dot leaders (mirrored in a right-to-left book:
    headings flush right, numbers at the left). An entry is never split. Also each
    page's entries' boxes, in the listed order (a reading copy links them). where
    names the text, for an error in its heading `word`."""
    if not listed:
        return [], []
    width, limit, rtl = style.text_width, style.text_height, style.rtl
    side = "right" if rtl else "left"
    heading = RichStyle(style.headings[0], 1.15, style.accent, style.family(CONTENTS_FONTS), lang=style.lang)
    top, prims = set_lines(wrap([Span(word)], width, heading, f"{where}: the contents' heading"), heading,
                           0.0, 0.0, width, side)
    pages: list[list[Primitive]] = [list(prims)]
    boxes: list[list[Box]] = [[]]
    y = top + style.gap * 1.6
    numbers = [str(first + page + 1) for _, page in listed]
    digits = style.face_of("sans")          # (works out the fold's style and its faces' letters: once)
    column = max(font(digits).width(n, style.body) for n in numbers) + style.body
    for (block, _), number in zip(listed, numbers):
        rich = RichStyle(style.body, style.line_height, style.ink,
                         style.family(Fonts(regular="sans-bold" if block.level == 1 else "sans")),
                         lang=style.lang, hyphenate=style.hyphenate, display=True)
        indent = style.indent * (block.level - 1)
        room = width - indent - column
        lines = wrap([Span(plain(block))], room, rich, block.where)
        gap = style.gap if block.level == 1 else style.gap / 3
        height, made = set_lines(lines, rich, column if rtl else indent, 0.0, room, side)
        if y > 0 and y + gap + height > limit + 1e-6:
            pages.append([])
            boxes.append([])
            y, gap = 0.0, 0.0
        baseline = y + gap + ascent(rich) + (len(lines) - 1) * rich.size * rich.line_height
        pages[-1] += [shift(p, 0.0, y + gap) for p in made]
        end = column + room - lines[-1].width if rtl else indent + lines[-1].width   # the last line's far end
        pages[-1] += _leader(end, baseline, number, width, rich, style.accent, rtl, digits)
        boxes[-1].append((0.0 if rtl else indent, y + gap, width - indent, height))
        y += gap + height
    return pages, boxes


def _leader(end: float, baseline: float, number: str, width: float, rich: RichStyle,
            accent: str, rtl: bool = False, dots: str = "sans") -> list[Primitive]:
    """Dot leaders (in the face `dots`) from an entry's end to its page number, set
    flush right at width (flush left at 0, rtl: the entry then ends on its left, at end).
    The number is in the entry's first face that has its digits, else in `dots` (the
    face printgen's page numbers are set in, which has them)."""
    size = rich.size
    name = next((face for face in faces(rich.fonts.regular) if not missing(face, number)), dots)
    number_w = font(name).width(number, size)
    number_x = 0.0 if rtl else width - number_w
    dot = font(dots).width(" .", size)
    room = end - number_w - size * 0.6 if rtl else number_x - end - size * 0.6
    count = int(room / dot)
    made: list[Primitive] = [TextRun(number_x, baseline, number, name, size, rich.color)]
    if count > 0:
        dots_x = number_w + size * 0.3 - (dot - font(dots).width(".", size)) if rtl else \
            number_x - size * 0.3 - count * dot
        made.append(TextRun(dots_x, baseline, " ." * count, dots, size, accent))
    return made
