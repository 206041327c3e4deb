"""Rule folds: blocks of rich text cut into chunks (lines, headings, table rows,
pictures) at the width of a card-sized panel, or of a book's page, in a style of
panel and type sizes. layout/flow.py flows the chunks down the panels, and
layout/foldsheet.py imposes the panels on a sheet so that the folded leaflet reads in
order; a book (layout/book.py) sets them down its pages. A leaflet's footnotes
follow its text as endnotes (layout/endnotes.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace

from printgen.direction import RTL_LANGUAGES, first_strong, paragraph_level
from printgen.errors import FitError, InputError, quoted
from printgen.fonts import chosen_face, chosen_family, faces, missing
from printgen.frozen import frozen
from printgen.layout.breaks import WORD, address_units, glued, word_kind
from printgen.layout.hyphens import hyphens
from printgen.layout.links import line_links
from printgen.layout.primitives import Image, Primitive, line
from printgen.layout.richtext import (
    Fonts,
    LetterTooWide,
    Line,
    RichStyle,
    ascent,
    break_parts,
    descent,
    line_runs,
    words,
    wrap,
    wrap_words,
)
from printgen.layout.text import side
from printgen.model.text import Block, BlockKind, Note, Span
from printgen.shaping import font
from printgen.units import mm
from printgen.vector import is_svg

TABLE_FLOOR = 6.5      # points: the smallest type a table shrinks to before it is an error
TABLE_STEP = 0.25
KEEP_LINES = 2         # a heading (or a lead-in, flow.py's leads_in()) keeps at least this many lines of what follows
BROKEN = (1.0, 0.5)    # a table's words wider than these shares of its panel are broken, the wider first
HEADING_FONTS = Fonts(regular="sans-bold", italic="sans-bold-italic")
HEADING_FACES = {      # a heading's style (folds.yaml's heading_styles) -> its faces; emphasis in an italic one is upright
    "bold": HEADING_FONTS,
    "bold italic": Fonts(regular="sans-bold-italic", bold="sans-bold-italic", italic="sans-bold", bold_italic="sans-bold"),
    "italic": Fonts(regular="sans-italic", bold="sans-bold-italic", italic="sans", bold_italic="sans-bold"),
    "regular": Fonts(),
}
HEADING_STYLES = ("bold", "bold", "bold", "bold italic", "italic", "regular")    # Markdown # to ######
BODY_FONTS = Fonts()
HEADER_FONTS = HEADING_FONTS       # a table's first row: bold, its italic bold italic
FOLIO_TEXT = "0123456789 ./"       # what printgen sets in one face of its own: page numbers, dot leaders


@frozen
class FoldStyle:
    """Panel size and type sizes, all in points (from decks/rules/folds.yaml)."""

    width: float
    height: float
    margin: float
    body: float
    headings: tuple[float, ...]
    table: float
    folio: float
    line_height: float
    gap: float
    indent: float
    ink: str
    accent: str
    table_floor: float = TABLE_FLOOR    # a table too wide at this size is an error
    lang: str = ""                      # the text's language: shaping and hyphenation
    hyphenate: bool = False             # break words at line ends where the language's dictionary allows
    own: Fonts | None = None            # the text's (and its deck's) own fonts: what the bundled faces lack
    rtl: bool = False                   # a right-to-left text: its panels are read from the right
    notes: str = "Notes"                # the heading of the text's notes, in its language
    face: Fonts | None = None           # the family the text chose to be set in (its `font:`), else the bundled
    heading_styles: tuple[str, ...] = HEADING_STYLES    # each heading level's style (HEADING_FACES), as headings its size
    area: str = "panel"                 # what its text block is called in messages: a leaflet's panel, a book's page
    beside: float | None = None         # the margin beside the text block safe to print in (None: no bound)

    @property
    def inner(self) -> tuple[float, float]:
        return self.width - 2 * self.margin, self.height - 2 * self.margin - self.folio * 1.6

    def family(self, bundled: Fonts = BODY_FONTS) -> Fonts:
        """A family of bundled faces, extended by the plainer faces and the own fonts,
        or set in the text's chosen family (fonts.py's chosen_family())."""
        return chosen_family(bundled, self.own, self.face)

    def face_of(self, name: str, text: str = FOLIO_TEXT) -> str:
        """The one face printgen sets text of its own (page numbers, dot leaders) in,
        where it would set it in the bundled face `name`: the chosen family's face of
        that style, where it has every character of text, else name."""
        return next((one for one in faces(chosen_face(name, self.face, name)) if not missing(one, text)), name)


@frozen
class Chunk:
    """An unbreakable piece of the flow: a line, a heading, a table row, an image."""

    height: float
    prims: tuple[Primitive, ...]
    gap: float = 0.0               # space above, dropped at the top of a panel
    keep: int = 0                  # how many following chunks must share its panel
    notes: tuple[Note, ...] = ()   # the footnotes referenced in it, in order
    whole: int = 0                 # how many following chunks share it where the block fits whole
    heading: bool = False          # never the last chunk on a panel
    counts: int = 1                # the lines of what follows a heading it counts as (KEEP_LINES): a heading
                                   # none, a picture or a rule all of them (it goes whole)
    bridge: tuple[Primitive, ...] = ()     # drawn in its gap, only where the gap is set: the rules of the
                                           # block quotes that go on from the block before
    links: tuple[tuple[float, float, float, float, str], ...] = ()   # x, y, w, h of each link's words, its address


def chunks(block: Block, style: FoldStyle) -> list[Chunk]:
    width = style.inner[0]
    if block.kind is BlockKind.HEADING:
        rich = heading_style(block, style)
        lines = wrap(block.spans, width, rich, block.where)
        height, prims = set_lines(lines, rich, 0.0, 0.0, width)
        if height > style.inner[1] + 1e-6:
            tall, has = shown_apart(height, style.inner[1])
            raise FitError(f"{block.where}: the heading {quoted(plain(block))} is {tall} mm tall at {rich.size:g} pt, "
                           f"taller than a {style.area}'s {has} mm of text height; expected a shorter heading")
        return [Chunk(height, prims, gap=style.gap * 1.6, notes=notes_in(block.spans),
                      heading=True, counts=0, links=_links(block.spans, lines, rich, 0.0, 0.0, width))]
    if block.kind in (BlockKind.PARAGRAPH, BlockKind.ITEM):
        return _text_chunks(block, style)
    if block.kind is BlockKind.TABLE:
        return _table_chunks(block, style)
    if block.kind is BlockKind.IMAGE:
        return [_image_chunk(block, style)]
    return [Chunk(style.gap, (line(0, style.gap / 2, width, style.gap / 2, stroke=style.accent, width=0.4),),
                  gap=style.gap, counts=KEEP_LINES)]


def heading_style(block: Block, style: FoldStyle) -> RichStyle:
    """How a heading of the block's level is set: at its level's size and in its
    level's style (the last of each for a level beyond them), in the accent colour."""
    size = style.headings[min(block.level, len(style.headings)) - 1]
    kind = style.heading_styles[min(block.level, len(style.heading_styles)) - 1]
    return RichStyle(size, 1.15, style.accent, style.family(HEADING_FACES[kind]), lang=style.lang,
                     hyphenate=style.hyphenate, display=True)


def item_left(block: Block, style: FoldStyle) -> float:
    """Where a paragraph's lines start: a list item is indented by its depth, and a
    paragraph or list item in block quotes by theirs too."""
    return style.indent * ((block.level if block.kind is BlockKind.ITEM else 0) + block.quote)


def marker_left(block: Block, style: FoldStyle) -> float:
    """Where a list item's text starts but for the quotes opened inside the item: its
    marker hangs in the indent before it."""
    return style.indent * (block.level + sum(1 for depth in block.quote_lists if depth < block.level))


MARKER_HANG = 0.5         # how far into the margin beside the text a list item's marker may hang, of its width
QUOTE_RULE = 0.15          # a block quote's rule: its width, in ems of the body
QUOTE_SEAM = 0.25         # points a quote's rule on a line reaches over the line above
QUOTE_RULE_AT = 0.3        # where it is drawn, in ems of the body from the start of the quote's indent


def quote_rules(block: Block, style: FoldStyle, top: float, bottom: float, rtl: bool,
                count: int | None = None) -> tuple[Primitive, ...]:
    """The rules from top to bottom beside a paragraph or list item in block quotes
    (the first count of its quotes, else all): one for each quote, at the start of its
    indent, in the accent colour (from the right in a right-to-left paragraph), so that
    a nested quote's rule stands further in, and a quote inside a list item's at the
    item's text."""
    rules = []
    for depth, lists in enumerate(block.quote_lists[:count]):
        x = style.indent * (lists + depth) + style.body * QUOTE_RULE_AT
        if rtl:
            x = style.inner[0] - x
        rules.append(line(x, top, x, bottom, stroke=style.accent, width=style.body * QUOTE_RULE))
    return tuple(rules)


def notes_in(spans: tuple[Span, ...]) -> tuple[Note, ...]:
    """The notes the spans refer to, each once, in order."""
    return tuple(dict.fromkeys(span.note for span in spans if span.note is not None))


def _line_notes(spans: tuple[Span, ...], width: float, rich: RichStyle, where: str,
                count: int) -> list[tuple[Note, ...]]:
    """The notes referred to on each of the `count` lines the spans wrap to. A
    reference is on the line of its word: wrapping is greedy, so the words up to that
    one wrap to the same lines as in the whole text, and the last holds it."""
    found: list[list[Note]] = [[] for _ in range(count)]
    if not notes_in(spans):
        return [()] * count
    split = words(spans, rich.fonts, where, rich.lang)
    for k, span in enumerate(spans):
        if span.note is not None:
            upto = len(words(spans[:k + 1], rich.fonts, where, rich.lang))
            found[len(wrap_words(split[:upto], width, rich, where)) - 1].append(span.note)
    return [tuple(dict.fromkeys(notes)) for notes in found]


def set_lines(lines: list[Line], rich: RichStyle, x: float, y: float, width: float = 0.0,
              align: str = "") -> tuple[float, tuple[Primitive, ...]]:
    """Set lines one under another from (x, y), the top of the first line's ascent:
    their height (to the last line's descent) and their runs. Given the width they
    are set in, a right-to-left paragraph's lines are set flush right (or each line
    as align says)."""
    step = rich.size * rich.line_height
    prims: list[Primitive] = []
    for i, set_line in enumerate(lines):
        how = (align or start(set_line)) if width else "left"
        prims += line_runs(set_line, x, y + ascent(rich) + i * step, rich, how, width)
    return (len(lines) - 1) * step + ascent(rich) + descent(rich), tuple(prims)


def _links(spans: tuple[Span, ...], lines: list[Line], rich: RichStyle, x: float, y: float, width: float,
           align: str = "") -> tuple[tuple[float, float, float, float, str], ...]:
    """The boxes (x, y, w, h) of the links' words in lines set_lines() sets from (x, y)
    in width, and their addresses."""
    step = rich.size * rich.line_height
    found = line_links(spans, lines, rich, x, width, [align or start(set_line) for set_line in lines])
    return tuple((x0, y + i * step, x1 - x0, step, to) for i, stretches in enumerate(found) for x0, x1, to in stretches)


def start(line: Line) -> str:
    """How a line of a paragraph is aligned: flush to the side its direction starts from."""
    return side("start", line.base)


def _indented_lines(block: Block, width: float, indent: float, rich: RichStyle, style: FoldStyle) -> list[Line]:
    """A paragraph's lines, width wide once set indent in; where the lists and quotes it
    stands in leave too little room for a letter, a FitError that says so (not a letter
    wider than a line of no width or less)."""
    try:
        return wrap(block.spans, width, rich, block.where)
    except LetterTooWide:
        if indent <= 0:
            raise
        depth = round(indent / style.indent)
        raise FitError(f"{depth} lists and block quotes deep, set {mm(indent):.1f} mm in, its words have "
                       f"{mm(max(width, 0.0)):.1f} mm of the {mm(style.inner[0]):.1f} mm line",
                       where=block.where, remedy="expected fewer lists and quotes inside each other, "
                       "or a wider page") from None


def _text_chunks(block: Block, style: FoldStyle) -> list[Chunk]:
    """A paragraph's or list item's lines. A right-to-left one is set flush right, a
    list item indented from the right and its marker right of it. A marker wider than
    the indent ("10.") hangs before it, into the margin beside the text block, but never
    past half of that margin (the cut, and a booklet's creep, take the rest): a wider
    one ("2024.") moves its item's lines in as far as it needs. In a block quote,
    each line is indented further and carries its stretch of the quote's rule
    (quote_rules()); the rules of the quotes that go on from the block before
    (Block.quote_on) run up through the gap above its first line too (the chunk's
    bridge), so that a quote of several paragraphs has one rule down its side."""
    rich = RichStyle(style.body, style.line_height, style.ink, style.family(), lang=style.lang,
                     hyphenate=style.hyphenate)
    indent = item_left(block, style)
    marker, x, beyond = None, 0.0, 0.0
    if block.marker:
        marker = wrap([Span(block.marker)], style.inner[0], rich, block.where)[0]
        space = rich.size * 0.3                 # a marker wider than the indent ("10.") hangs outside it
        hang = marker_left(block, style)
        x = min(hang - style.indent, hang - marker.width - space)
        beyond = 0.0 if style.beside is None else max(0.0, -x - MARKER_HANG * style.beside)
        x, indent = x + beyond, indent + beyond     # one that would hang past that ("2024.") moves its item in
    width = style.inner[0] - indent
    lines = _indented_lines(block, width, indent, rich, style)
    notes = _line_notes(block.spans, width, rich, block.where, len(lines))
    step = rich.size * rich.line_height
    rtl = bool(lines and lines[0].base)
    left = 0.0 if rtl else indent
    links = line_links(block.spans, lines, rich, left, width, [start(set_line) for set_line in lines])
    result = []
    for i, set_line in enumerate(lines):
        prims: list[Primitive] = [*line_runs(set_line, left, ascent(rich), rich, start(set_line), width)]
        if i == 0 and marker is not None:
            at = style.inner[0] - x - marker.width if rtl else x     # mirrored: the marker right of the text
            prims = [*line_runs(replace(marker, base=set_line.base), at, ascent(rich), rich), *prims]
        prims = [*quote_rules(block, style, 0.0 if i == 0 else -QUOTE_SEAM, step, rtl), *prims]
        gap = (style.gap / 2 if block.kind is BlockKind.ITEM else style.gap) if i == 0 else 0.0
        bridge = quote_rules(block, style, -gap - QUOTE_SEAM, 0.0, rtl, block.quote_on) if i == 0 else ()
        result.append(Chunk(step, tuple(prims), gap=gap, keep=1 if i == 0 and len(lines) > 1 else 0,
                            notes=notes[i], links=tuple((x0, 0.0, x1 - x0, step, to) for x0, x1, to in links[i]),
                            bridge=bridge))
    return result


def _table_chunks(block: Block, style: FoldStyle) -> list[Chunk]:
    """A table's rows. Cells wrap at their words, each flush to the side its own
    direction starts from, but a cell with no letter of either direction ("1", "+2",
    "-3") to the table's (flush right in a right-to-left table, as its header is); in a
    column the Markdown aligns (`---:`, `:---:`, `:---`), every cell, header too, flush
    right, centred or flush left as it says, whatever the table's direction (so that a
    right-aligned column's digits line up, as in CSS's text-align). A word wider than
    its column is broken as in a paragraph (richtext.py's wrap(): an address or a code
    where Chicago breaks a URL, a word where the text's dictionary allows when it asks
    for hyphenation, else after a slash or dash or between letters). A table whose
    columns do not fit the panel side by side is set smaller, down to its table_floor
    (_table_size()), and below that is an error naming its line; so is a row taller
    than the panel, naming the row's line: a table is never drawn past the panel."""
    width = style.inner[0]
    columns = max(len(row) for row in block.rows)
    size, widths = _table_size(block, style, columns)
    pad = size * 0.3
    body = RichStyle(size, 1.15, style.ink, style.family(), lang=style.lang, hyphenate=style.hyphenate)
    lefts = [sum(widths[:c]) for c in range(columns)]
    rtl = paragraph_level("".join(span.text for row in block.rows for cell in row for span in cell))
    if rtl:
        lefts = [sum(widths) - sum(widths[:c + 1]) for c in range(columns)]     # right to left: the first column on the right
    result = []
    for r, row in enumerate(block.rows):
        rich = replace(body, fonts=style.family(HEADER_FONTS)) if r == 0 else body
        prims: list[Primitive] = []
        links: tuple[tuple[float, float, float, float, str], ...] = ()
        tallest = 0.0
        for c, cell in enumerate(row):
            lines = wrap(cell, widths[c] - 2 * pad, rich, f"{row_where(block, r)} table row {r + 1} column {c + 1}")
            neutral = first_strong(ch for span in cell for ch in span.text) is None
            align = block.align[c] if c < len(block.align) else ""
            align = align or (side("start", rtl) if neutral else "")
            height, made = set_lines(lines, rich, lefts[c] + pad, pad, widths[c] - 2 * pad, align)
            links += _links(cell, lines, rich, lefts[c] + pad, pad, widths[c] - 2 * pad, align)
            prims += made
            tallest = max(tallest, height)
        height = tallest + 2 * pad
        if height > style.inner[1] + 1e-6:
            shown = shown_apart(height, style.inner[1])
            raise FitError(f"{row_where(block, r)}: this table row is {shown[0]} mm tall, taller than a "
                           f"{style.area}'s {shown[1]} mm of text height; shorten its cells")
        prims.append(line(0, height, width, height, stroke=style.accent, width=0.8 if r == 0 else 0.3))
        result.append(Chunk(height, tuple(prims), gap=style.gap if r == 0 else 0.0,
                            keep=1 if r == 0 and len(block.rows) > 1 else 0,
                            notes=notes_in(tuple(span for cell in row for span in cell)), links=links))
    return result


def row_where(block: Block, r: int) -> str:
    """file:line of a table's row r (0: its header), else of the table."""
    return block.row_where[r] if r < len(block.row_where) else block.where


def shown_apart(larger: float, smaller: float) -> tuple[str, str]:
    """Two lengths in points, the first the larger, as mm with as few decimals (one to
    three) as show them apart; at three, the larger rounded up and the smaller down."""
    for digits in (1, 2):
        one, two = f"{mm(larger):.{digits}f}", f"{mm(smaller):.{digits}f}"
        if float(one) > float(two):
            return one, two
    return f"{math.ceil(mm(larger) * 1000) / 1000:.3f}", f"{math.floor(mm(smaller) * 1000) / 1000:.3f}"


def _table_size(block: Block, style: FoldStyle, columns: int) -> tuple[float, list[float]]:
    """The largest type size, from the style's down to its table_floor, at which every
    column holds its longest word whole, but a word wider than the whole panel, which
    counts only by the longest part _least() breaks it into; where there is none, the
    largest at which the columns fit with every word wider than half the panel so
    broken too; and where there is none either and the text asks for hyphenation, the
    largest at which they fit with every word the dictionary hyphenates counted by its
    widest syllable (as a paragraph's words are hyphenated). That size and the column
    widths."""
    width = style.inner[0]
    passes = [(share, False) for share in BROKEN] + ([(BROKEN[-1], True)] if style.hyphenate else [])
    for share, syllables in passes:
        size = style.table
        while True:
            widths = _column_widths(block, width, columns, size, style, share, syllables)
            if widths is not None:
                return size, widths
            if size - TABLE_STEP < min(style.table_floor, style.table) - 1e-9:
                break
            size -= TABLE_STEP
    needed, has = shown_apart(sum(_narrowest(block, columns, size, style, *passes[-1])[0]), width)
    raise FitError(f"{block.where}: this table's {columns} columns need {needed} mm side by side "
                   f"even at {size:g} pt, but the {style.area} has {has} mm; shorten its longest "
                   f"words, split it, or use fewer columns")


def _measure(block: Block, columns: int, size: float, measure: Callable[[str], float]) -> list[float]:
    """Per column, the largest measure(text of a cell) (in bold, as the header row is
    set), plus the cell's padding."""
    pad = size * 0.3
    result = [2 * pad + 1.0] * columns
    for row in block.rows:
        for c, cell in enumerate(row):
            result[c] = max(result[c], measure("".join(span.text for span in cell)) + 2 * pad)
    return result


def _narrowest(block: Block, columns: int, size: float, style: FoldStyle,
               share: float, syllables: bool = False) -> tuple[list[float], list[float]]:
    """Each column's longest word (_least(), breaking words wider than share of the
    panel, less a cell's padding, and with syllables every word the dictionary
    hyphenates) plus its padding (a word kept with the next after its space, as
    "Obligatoire ?" is, measured whole: layout/breaks.py's glued()); and the same with
    no word broken. Each word is measured once for both."""
    bold = font(style.family(HEADER_FONTS).regular)
    longest = share * style.inner[0] - 2 * size * 0.3
    measured: dict[str, list[tuple[str, float]]] = {}       # a cell's text -> its words and their widths

    def words(text: str) -> list[tuple[str, float]]:
        if text not in measured:
            measured[text] = [(w, bold.width(w, size)) for w in glued(text.split(), style.lang)]
        return measured[text]

    least = _measure(block, columns, size,
                     lambda text: max((_least(w, x, longest, size, style, syllables) for w, x in words(text)),
                                      default=0.0))
    whole = _measure(block, columns, size, lambda text: max((x for _, x in words(text)), default=0.0))
    return least, whole


def _least(word: str, whole: float, longest: float, size: float, style: FoldStyle,
           syllables: bool = False) -> float:
    """How narrow a column may be for word (whole: its width in bold): the whole
    word, where it is no wider than longest and not a word asked to break at its
    syllables (syllables, in a text that asks for hyphenation); else it is broken as
    in a paragraph, and only its widest part counts: of an address or a code, between
    the places Chicago breaks it (layout/breaks.py); of a word the text's dictionary
    hyphenates, between its syllables (with the hyphen); of any other word, after its
    slashes and dashes. A part still wider than longest breaks between any two letters
    and counts for nothing."""
    kind = word_kind(word)
    if whole <= longest and not (syllables and style.hyphenate and kind == WORD):
        return whole
    bold = font(style.family(HEADER_FONTS).regular)
    if kind != WORD:
        parts = list(address_units(word))
    elif style.hyphenate and (places := hyphens(word, style.lang)):
        cuts = sorted(hyphen.at for hyphen in places)
        parts = [word[a:b] + ("-" if b < len(word) else "") for a, b in zip([0, *cuts], [*cuts, len(word)])]
    else:
        parts = break_parts(word)
    widest = max(bold.width(part, size) for part in parts)
    return widest if widest <= longest else 0.0


def _column_widths(block: Block, width: float, columns: int, size: float, style: FoldStyle,
                   share: float, syllables: bool = False) -> list[float] | None:
    """Columns share the width in proportion to their longest cell, but none narrower
    than its longest word (_narrowest(), breaking words wider than share of the
    panel); None when those do not fit side by side. Where a column's words are
    broken, the others are as wide as their longest cells if that leaves each broken
    one its narrowest and an equal share of the width, and the broken ones share the
    rest."""
    bold = font(style.family(HEADER_FONTS).regular)
    natural = _measure(block, columns, size, lambda text: bold.width(text, size))
    if sum(natural) <= width:
        return [n + (width - sum(natural)) / columns for n in natural]
    narrowest, whole = _narrowest(block, columns, size, style, share, syllables)
    spare = width - sum(narrowest)
    if spare < -1e-6:
        return None
    broken = [m < w - 1e-9 for m, w in zip(narrowest, whole)]
    if any(broken):
        kept = sum(n for n, b in zip(natural, broken) if not b)
        if kept + sum(max(m, width / columns) for m, b in zip(narrowest, broken) if b) <= width:
            narrowest = [m if b else n for m, n, b in zip(narrowest, natural, broken)]
            spare = width - sum(narrowest)
    extra = [n - m for n, m in zip(natural, narrowest)]
    return [m + spare * e / (sum(extra) or 1.0) for m, e in zip(narrowest, extra)]


SVG_DPI = 96           # an SVG picture's size is in CSS pixels, 96 to the inch
RASTER_DPI = 150       # a raster picture is never set larger than this many pixels to the inch


def _image_chunk(block: Block, style: FoldStyle) -> Chunk:
    """A picture, centred, at most the text width and 60 % of the text height: a raster
    one never larger than RASTER_DPI would make it, an SVG one never larger than its
    own size (its width and height)."""
    picture = block.image
    if picture is None:                 # the Markdown reader gives every image block its picture
        raise InputError(f"{block.where}: an image with no file")
    px_w, px_h = picture.width, picture.height
    width, max_h = style.inner[0], style.inner[1] * 0.6
    w = min(width, px_w * 72 / (SVG_DPI if is_svg(picture.path) else RASTER_DPI))
    h = w * px_h / px_w
    if h > max_h:
        w, h = max_h * px_w / px_h, max_h
    return Chunk(h, (Image((width - w) / 2, 0.0, w, h, picture.path),), gap=style.gap, counts=KEEP_LINES)


def right_to_left(blocks: Sequence[Block], lang: str = "") -> bool:
    """Whether a text reads right to left: its language's direction where it names
    one, else that of its first heading, paragraph or list item (an English rules
    text may open with a Hebrew game's name, a Hebrew one with "Catan")."""
    if lang:
        return lang.split("-")[0].lower() in RTL_LANGUAGES
    first = next((block for block in blocks if block.kind in (BlockKind.HEADING, BlockKind.PARAGRAPH,
                                                              BlockKind.ITEM)), None)
    return first is not None and bool(paragraph_level(plain(first)))


def plain(block: Block) -> str:
    """A block's text without its styling (inline icons left out, line breaks as spaces)."""
    return "".join(span.text for span in block.spans if not span.icon and span.note is None).replace("\n", " ").strip()
