"""A book's text set down its pages (layout/book.py's lay_out_book() reads it): the
text's chunks (layout/fold.py) placed page by page by a book's rules: a heading or a
lead-in keeps the lines that follow it, a paragraph never leaves one of its lines
alone at a page's foot or head, a table split across pages repeats its header row,
and each page's footnotes are set at the foot of its text block.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from printgen.errors import FitError
from printgen.layout.flow import closes_list, ends_keep, keeps_next, stacked_height
from printgen.layout.fold import KEEP_LINES, Chunk, FoldStyle, chunks, plain, row_where, shown_apart
from printgen.layout.primitives import Primitive, line, shift
from printgen.model.text import Block, BlockKind, Note
from printgen.units import mm


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


def set_pages(blocks: list[Block], fold: FoldStyle, notes: FoldStyle, *, rtl: bool = False) -> _Text:
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
    """Whether block i keeps KEEP_LINES lines of what follows (flow.py's keeps_next()),
    or, a list item, its list's last item of one line (flow.py's closes_list())."""
    return keeps_next(blocks[i], blocks[i + 1] if i + 1 < len(blocks) else None, len(made[i])) \
        or _closes_list(made, blocks, i)


def _closes_list(made: list[list[Chunk]], blocks: list[Block], i: int) -> bool:
    """Whether block i is the list item before its list's last item, of one line."""
    after, later = (blocks[k] if k < len(blocks) else None for k in (i + 1, i + 2))
    return closes_list(blocks[i], after, later, len(made[i + 1]) if after else 0)


def _kept(made: list[list[Chunk]], blocks: list[Block], i: int, text: _Text, own: list[Chunk]) -> list[Chunk]:
    """What goes with the end of block i (own: its chunks that end it). With a
    heading or a lead-in (flow.py's keeps_next()), the leads of the blocks after it
    until they hold KEEP_LINES lines (a list's first item's lines count, and a
    picture counts whole), or up to the next heading once they hold a line (a
    one-line section is whole: flow.py's ends_keep()), so that a chain of short
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
