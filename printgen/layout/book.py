"""Books: a rules text set as pages of any length, with a cover, a contents page and,
on every text page, a running head and a page number (folio).

The text is cut into layout/fold.py's chunks (lines, headings, table rows, pictures)
at the width of the page's text block, and the chunks are set down the pages by a
book's rules: a heading keeps at least two lines of what follows (or a picture, or
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
from dataclasses import dataclass, field, replace

from printgen.direction import paragraph_level
from printgen.errors import FitError
from printgen.fonts import check_glyphs, faces, missing
from printgen.frozen import frozen
from printgen.layout.bookstyle import BookStyle
from printgen.layout.cover import UNNAMED, CoverSource, lay_out_cover
from printgen.layout.fold import (
    KEEP_LINES,
    Chunk,
    FoldStyle,
    chunks,
    closes_list,
    ends_keep,
    keeps_next,
    own_word,
    plain,
    right_to_left,
    row_where,
    set_lines,
    shown_apart,
    stacked_height,
)
from printgen.layout.leaflet import scaled
from printgen.layout.page import Bookmark, Frame, Link, Page, Placed, Side, Target
from printgen.layout.primitives import Primitive, TextRun, line, shift
from printgen.layout.richtext import (
    Fonts,
    Line,
    RichStyle,
    ascent,
    line_runs,
    wrap,
)
from printgen.model.picture import Picture
from printgen.model.text import Block, BlockKind, BookType, Note, Span
from printgen.shaping import font
from printgen.units import mm, pt

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
    text = _set_text(list(blocks), fold, notes, rtl=style.rtl)
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


def _note_block(note: Note) -> Block:
    """A footnote as the list item it is set as, its number hanging in the indent."""
    return Block(BlockKind.ITEM, note.where, note.spans, level=1, marker=str(note.number))


@dataclass
class _Text:
    """The text as it is being set: each page's primitives (in the text block's frame)
    and footnotes, how far down the last page is filled, and where each heading went.
    Footnotes are set in the style `small`, under a short rule at the side the book's
    lines start from (the right in a right-to-left book)."""

    limit: float
    small: FoldStyle
    rtl: bool = False
    pages: list[list[Primitive]] = field(default_factory=lambda: [[]])
    notes: list[list[Note]] = field(default_factory=lambda: [[]])
    links: list[list[tuple[float, float, float, float, str]]] = field(default_factory=lambda: [[]])
    y: float = 0.0
    headings: list[tuple[Block, int, float]] = field(default_factory=list)
    set_notes: dict[Note, list[Chunk]] = field(default_factory=dict)
    after_heading: bool = False     # the page so far ends with a heading
    broken: list[tuple[str, str, int, str]] = field(default_factory=list)
    # ^ each keep that could not be kept (footnotes took the room): where, what happened
    #   on page (an index into pages), and why
    leads: dict[int, tuple[float, list[Chunk]]] = field(default_factory=dict)     # block -> its _lead()

    def gap(self, chunk: Chunk) -> float:
        """The space above a chunk: none at the top of a page."""
        return chunk.gap if self.y > 0 else 0.0

    def joined(self, notes: Sequence[Note], chunks: Sequence[Chunk] = ()) -> list[Note]:
        """notes and then the chunks' notes, each once."""
        return list(dict.fromkeys([*notes, *(note for chunk in chunks for note in chunk.notes)]))

    def room(self, chunks: Sequence[Chunk] = (), notes: Sequence[Note] = ()) -> float:
        """How far down the page text may go once the notes and those of the chunks
        join the page's footnotes."""
        return self.limit - self.foot(self.joined(self.notes[-1] + list(notes), chunks))[0]

    def fitting(self, items: Sequence[Chunk], above: float, notes: Sequence[Note] = ()) -> int:
        """How many of items fit, one under another, below `above` more points (what is
        set there referring to notes)."""
        y, count, page = self.y + above, 0, self.joined(self.notes[-1] + list(notes))
        for chunk in items:
            y += chunk.height
            page = self.joined(page, [chunk])
            if y > self.limit - self.foot(page)[0] + 1e-6:
                break
            count += 1
        return count

    def _notes_too_tall(self, chunk: Chunk, where: str) -> FitError:
        """The error for a line whose footnotes, with it, do not fit a page: its tallest
        note where that one alone does not, else all the notes it refers to together."""
        tallest = max(chunk.notes, key=lambda note: self.foot([note])[0])
        if chunk.height + self.foot([tallest])[0] > self.limit + 1e-6 or len(chunk.notes) == 1:
            return FitError(f"{tallest.where}: footnote {tallest.number} is {mm(self.foot([tallest])[0]):.1f} mm "
                            f"tall; with the line that refers to it, it does not fit a page's "
                            f"{mm(self.limit):.1f} mm of text height (a note is not continued on the "
                            f"next page); shorten it or choose a larger page")
        return FitError(f"{where}: a line refers to {len(chunk.notes)} footnotes, "
                        f"{mm(self.foot(list(chunk.notes))[0]):.1f} mm tall together; with the line they do not "
                        f"fit a page's {mm(self.limit):.1f} mm of text height (a note is not continued on the "
                        f"next page); refer to fewer notes from one line, or shorten them")

    def put(self, chunk: Chunk, where: str, gap: float = 0.0) -> float:
        """Set a chunk gap points below what is there (and what it draws in that gap,
        its bridge, where there is one); the y of its top."""
        if chunk.height > self.limit + 1e-6:
            raise FitError(f"{where}: a piece {mm(chunk.height):.1f} mm tall does not fit a page's "
                           f"{mm(self.limit):.1f} mm of text height")
        top = self.y + gap
        if chunk.notes and top + chunk.height > self.room([chunk]) + 1e-6:     # only at a page's top
            raise self._notes_too_tall(chunk, where)
        self.pages[-1] += [shift(p, 0.0, top) for p in (*chunk.prims, *(chunk.bridge if gap > 0 else ()))]
        self.links[-1] += [(x, y + top, w, h, to) for x, y, w, h, to in chunk.links]
        self.notes[-1] = self.joined(self.notes[-1], [chunk])
        self.y = top + chunk.height
        self.after_heading = chunk.heading
        return top

    def new_page(self) -> None:
        """Go on to a new page; one that leaves a heading at the foot of this one (only
        where what follows it cannot fit under it even at a page's top) is noted."""
        if self.after_heading:
            block = self.headings[-1][0]
            why = "what follows it does not fit under it with its footnotes"
            self.broken.append((block.where, f"the heading {plain(block)!r} stands alone at the foot of page",
                                len(self.pages) - 1, why))
        self.pages.append([])
        self.notes.append([])
        self.links.append([])
        self.y = 0.0
        self.after_heading = False

    def foot(self, notes: Sequence[Note]) -> tuple[float, list[Primitive], list[tuple[float, float, float, float, str]]]:
        """Footnotes as set at a page's foot: their height, from a gap above the short
        rule to the last note's foot, and their primitives and links from that top."""
        if not notes:
            return 0.0, [], []
        gap, width = self.small.gap, self.small.inner[0]
        x = width * 3 / 4 if self.rtl else 0.0
        prims: list[Primitive] = [line(x, gap, x + width / 4, gap, stroke=self.small.accent, width=0.5)]
        links = []
        y = gap * 1.5
        for k, note in enumerate(notes):
            if note not in self.set_notes:
                self.set_notes[note] = chunks(_note_block(note), self.small)
            for i, piece in enumerate(self.set_notes[note]):
                y += piece.gap if i == 0 and k > 0 else 0.0
                prims += [shift(p, 0.0, y) for p in piece.prims]
                links += [(x, top + y, w, h, to) for x, top, w, h, to in piece.links]
                y += piece.height
        return y, prims, links

    def finish(self) -> None:
        """Every page's footnotes set at the foot of its text block."""
        for page, notes, links in zip(self.pages, self.notes, self.links):
            height, prims, noted = self.foot(notes)
            page += [shift(p, 0.0, self.limit - height) for p in prims]
            links += [(x, self.limit - height + y, w, h, to) for x, y, w, h, to in noted]


def _set_text(blocks: list[Block], fold: FoldStyle, notes: FoldStyle, *, rtl: bool = False) -> _Text:
    """The blocks set down the pages, footnotes in the style `notes` (a block that
    draws nothing, a paragraph of a zero-width space, left out); rtl: a right-to-left
    book's."""
    made = [chunks(block, fold) for block in blocks]
    blocks, made = [b for b, m in zip(blocks, made) if m], [m for m in made if m]
    text = _Text(fold.inner[1], notes, rtl=rtl)
    for i in reversed(range(len(blocks))):          # (each lead from the leads after it: no deep recursion)
        _lead(made, blocks, i, text)
    for i, (block, pieces) in enumerate(zip(blocks, made)):
        if block.kind in (BlockKind.PARAGRAPH, BlockKind.ITEM):
            if _keeps(made, blocks, i):             # a lead-in: its lines go over with what it leads in to
                _make_room(text, made, blocks, i, pieces)
            _set_paragraph(text, pieces, block.where, _kept(made, blocks, i, text, pieces[-2:]))
        elif block.kind is BlockKind.TABLE and len(pieces) > 1:
            _set_table(text, pieces, block)
        else:
            _make_room(text, made, blocks, i, pieces[:1])
            top = text.put(pieces[0], block.where, text.gap(pieces[0]))
            if block.kind is BlockKind.HEADING:
                text.headings.append((block, len(text.pages) - 1, top))
    text.finish()
    return text


def _keeps(made: list[list[Chunk]], blocks: list[Block], i: int) -> bool:
    """Whether block i keeps KEEP_LINES lines of what follows (fold.py's keeps_next()),
    or, a list item, its list's last item of one line (fold.py's closes_list())."""
    return keeps_next(blocks[i], blocks[i + 1] if i + 1 < len(blocks) else None, len(made[i])) \
        or _closes_list(made, blocks, i)


def _closes_list(made: list[list[Chunk]], blocks: list[Block], i: int) -> bool:
    """Whether block i is the list item before its list's last item, of one line."""
    after, later = (blocks[k] if k < len(blocks) else None for k in (i + 1, i + 2))
    return closes_list(blocks[i], after, later, len(made[i + 1]) if after else 0)


def _kept(made: list[list[Chunk]], blocks: list[Block], i: int, text: _Text, own: list[Chunk]) -> list[Chunk]:
    """What goes with the end of block i (own: its chunks that end it). With a
    heading or a lead-in (fold.py's keeps_next()), the leads of the blocks after it
    until they hold KEEP_LINES lines (a list's first item's lines count, and a
    picture counts whole), or up to the next heading once they hold a line (a
    one-line section is whole: fold.py's ends_keep()), so that a chain of short
    sections never pulls a page's worth of them over to the next, and no more once
    they are taller than a page. With the item before a list's last item of one line
    (_closes_list()), that item. Else nothing."""
    if not keeps_next(blocks[i], blocks[i + 1] if i + 1 < len(blocks) else None, len(made[i])):
        return made[i + 1] if _closes_list(made, blocks, i) else []
    kept: list[Chunk] = []
    counted, j = 0, i + 1
    while counted < KEEP_LINES and j < len(blocks) and not ends_keep(blocks[j], counted) \
            and stacked_height([*own, *kept]) <= text.limit + 1.0:
        after = _lead(made, blocks, j, text)[1]
        kept, counted, j = [*kept, *after], counted + sum(c.counts for c in after), j + 1
    return kept


def _make_room(text: _Text, made: list[list[Chunk]], blocks: list[Block], i: int, own: list[Chunk]) -> None:
    """Go on to a new page where the lead of block i (_lead()) does not fit under
    what is set; under a heading, only where block i's chunks to be set now (own)
    cannot fit there either (a heading is left at a page's foot only where that is so)."""
    gap = text.gap(own[0])
    height, lead = _lead(made, blocks, i, text)
    own_height = stacked_height(own)
    if text.y > 0 and text.y + gap + height > text.room(lead) + 1e-6 and \
            (not text.after_heading or text.y + gap + own_height > text.room(own) + 1e-6):
        text.new_page()


def _lead(made: list[list[Chunk]], blocks: list[Block], i: int, text: _Text) -> tuple[float, list[Chunk]]:
    """The least of block i that may start a page's foot, its height and chunks: two
    lines of a paragraph (all of one of three lines or fewer, which cannot be split
    without leaving a line alone); a table's header and two rows (all of one of
    three rows or fewer, which _set_table() never splits); any other block whole.
    A block whole in its lead goes with what it keeps (_kept()); a lead-in of four
    lines or more keeps it with its last two lines, after a break it may leave
    (_set_paragraph()). A lead taller than a page goes over to the next page whatever
    follows, so it is kept only as far as it is taller than one (_within); and each
    block's lead is worked out once (text.leads): a chain of headings with no lines
    under them took time doubling with each heading."""
    if i in text.leads:
        return text.leads[i]
    pieces, kind = made[i], blocks[i].kind
    if kind in (BlockKind.PARAGRAPH, BlockKind.ITEM):
        lead = pieces if len(pieces) <= 3 else pieces[:2]
    else:
        lead = (pieces if len(pieces) <= 4 else pieces[:3]) if kind is BlockKind.TABLE else pieces[:1]
    kept = _kept(made, blocks, i, text, lead) if len(lead) == len(pieces) else []
    if kept:
        lead = _within([*lead, *kept], text.limit + 1.0)
    text.leads[i] = stacked_height(lead), lead
    return text.leads[i]


def _within(chunks: list[Chunk], most: float) -> list[Chunk]:
    """The chunks up to the first that ends lower than most (all of them where none does)."""
    y = -chunks[0].gap
    for n, chunk in enumerate(chunks):
        y += chunk.height + chunk.gap
        if y > most:
            return chunks[:n + 1]
    return chunks


def _set_paragraph(text: _Text, lines: list[Chunk], where: str, kept: Sequence[Chunk] = ()) -> None:
    """A paragraph's lines down the pages, split only where at least two of its lines
    are on each side of the break; its last two go with what it keeps (kept, as a
    lead-in does), breaking before them where that does not fit under them. Where
    footnotes leave room for fewer lines than that even on a page of their own, as
    many as fit are set (under a heading, which is never left alone at a page's foot
    unless not one line fits under it), and a line left alone is noted."""
    start, alone = 0, None
    while start < len(lines):
        gap = text.gap(lines[start])
        fit, left = text.fitting(lines[start:], gap), len(lines) - start
        if fit >= left >= 4 and kept and not _fits_with(text, lines[start:], kept, gap):
            fit = left - 1                  # break before its last two lines
        count = left if fit >= left else min(fit, left - 2)
        if count < 2 and count < left:
            if text.y > 0 and (not text.after_heading or fit == 0):
                text.new_page()
                continue
            count = max(1, fit)             # a page holding fewer lines than that: no better break
        if alone is None and len(lines) > 1 and (count == 1 or count == left - 1):
            alone = len(text.pages) - 1 + (count > 1)      # the page the single line is on
        for k, piece in enumerate(lines[start:start + count]):
            text.put(piece, where, gap if k == 0 else 0.0)
        start += count
        if start < len(lines):
            text.new_page()
    if alone is not None:
        why = "the footnotes it refers to leave no room to break it with two of its lines on each side"
        text.broken.append((where, "a line of this paragraph stands alone on page", alone, why))


def _fits_with(text: _Text, lines: list[Chunk], kept: Sequence[Chunk], gap: float) -> bool:
    """Whether lines and what they keep fit on the page below what is set there, or
    the last two lines and what they keep would not fit on a page of their own
    either (breaking before them would not keep them together)."""
    together = [*lines, *kept]
    return text.y + gap + stacked_height(together) <= text.room(together) + 1e-6 \
        or stacked_height([*lines[-2:], *kept]) > text.limit + 1e-6


def _set_table(text: _Text, rows: list[Chunk], block: Block) -> None:
    """A table's rows down the pages, its header row above them on every page, split
    only where at least two rows are on each side of the break (as a paragraph's lines
    are): a table of three rows that does not fit goes over whole, never one row under
    a repeated header. Where a page holds fewer rows than that, as many as fit are set.
    A row that does not fit below the header even at a page's top is an error naming
    the row's line."""
    header, body, where = rows[0], rows[1:], block.where
    start = 0
    while start < len(body):
        gap = text.gap(header) if start == 0 else 0.0
        fit, left = text.fitting(body[start:], gap + header.height, header.notes), len(body) - start
        count = left if fit >= left else min(fit, left - 2)
        if count < min(2, left):
            if text.y > 0 and (not text.after_heading or fit == 0):
                text.new_page()
                continue
            if fit == 0:
                tall, room = shown_apart(body[start].height, text.room(body[start:start + 1], header.notes) - header.height)
                raise FitError(f"{row_where(block, start + 1)}: this table row is {tall} mm tall, but a page has "
                               f"{room} mm below the table's header row ({where}); shorten its cells or "
                               f"choose a larger page")
            count = fit                     # a page holding fewer rows than that: no better break
        text.put(header, where, gap)
        for row in body[start:start + count]:
            text.put(row, where)
        start += count
        if start < len(body):
            text.new_page()


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
    heading's fonts lack its letters (fold.py's own_word(): printgen's own word never
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
