"""Rules texts: Markdown read into blocks of rich text, for leaflets and play aids."""

from __future__ import annotations

import enum
import unicodedata
from dataclasses import field
from pathlib import Path

from printgen.frozen import frozen
from printgen.model.fonts import Fonts
from printgen.model.picture import Picture

# Unicode's control and format characters: none of them draws anything (layout/text.py's
# clean() takes the control characters out of a text, and keeps only the format
# characters that change how it is set or where it may break)
UNPRINTED = ("Cc", "Cf")


def prints(text: str) -> bool:
    """Whether text prints anything: a character that is not a space, nor a control or
    format character (UNPRINTED: a bell, a bidi mark, a zero-width space, a soft
    hyphen). The one rule for a text left blank, wherever printgen asks."""
    return any(not ch.isspace() and unicodedata.category(ch) not in UNPRINTED for ch in text)


@frozen
class Note:
    """A footnote: its number (1, 2, 3 ... in order of first reference), its text, and
    where it is defined (file:line, for errors)."""

    number: int
    spans: tuple[Span, ...]
    where: str


@frozen
class Span:
    """A run of text and whether it is bold and/or italic; or, with icon set, an inline
    icon (a shape or a template's image, by name) and no text; or, with note set, a
    reference to that footnote, its text the note's number in superscript digits. link:
    the address a Markdown link's text (and the address printed after it) points to."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str = ""
    note: Note | None = None
    link: str = ""


class BlockKind(enum.Enum):
    HEADING = "heading"
    PARAGRAPH = "paragraph"
    ITEM = "item"               # a list item
    TABLE = "table"
    IMAGE = "image"
    RULE = "rule"               # a horizontal rule


@frozen
class Block:
    """One block of a rules text; where says file:line for errors."""

    kind: BlockKind
    where: str
    spans: tuple[Span, ...] = ()
    level: int = 0                              # heading level; list depth (1 = top)
    marker: str = ""                            # list item marker: "•" or "3."
    rows: tuple[tuple[tuple[Span, ...], ...], ...] = ()   # table rows of cells, header first
    row_where: tuple[str, ...] = ()             # each table row's file:line, header first
    align: tuple[str, ...] = ()                 # a table's columns: "left", "right", "center", or "" (as its cells' text)
    image: Picture | None = None
    keep_with_next: bool = False                # a title line: kept with what follows, like a heading
    quote_lists: tuple[int, ...] = ()           # a paragraph's or list item's block quotes (`>`, `> >`), outermost
    # first: in how many lists each opens (none for a quote around a list, the item's depth for one inside an item)
    quote_on: int = 0                           # how many of them (outermost first) go on from the block before
    said: tuple[str, ...] = ()                  # what a build says of it: each emphasis mark or backtick
    # it opens and never closes, printed as written (lang/markdown.py)

    @property
    def quote(self) -> int:
        """The block's depth of block quotes: 2 in `> > ...`."""
        return len(self.quote_lists)


@frozen
class RulesText:
    """A rules text (decks/rules/NAME.md or a user's Markdown file) and its front matter."""

    name: str                   # the file's stem: output names use it
    where: str                  # the file as the user names it
    blocks: tuple[Block, ...]
    title: str                  # the leaflet's title (front matter `title`, else "NAME rules")
    deck: str | None = None     # front matter `deck`: the deck whose tuck box it fits
    deal: Path | None = None    # front matter `deal`: the Markdown a --deal N appends
    credit: str | None = None   # front matter `credit`: the line set above --original text
    subtitle: str = ""          # front matter `subtitle`: under the title on a booklet's cover
    credits: tuple[str, ...] = ()    # front matter `credits`: lines at the foot of a booklet's cover
    cover: Picture | None = None     # front matter `cover`: a picture on a booklet's cover
    hyphenate: bool = False          # front matter `hyphenate`: words broken at line ends by the language's dictionary
    lang: str = ""                   # front matter `lang`: the text's language (else its deck's, else English)
    fonts: dict[str, Fonts] = field(default_factory=dict, compare=False)
    # ^ fonts for what the bundled faces lack: its project's, front matter `fonts:`'s, and its deck's
    font: str = ""                   # front matter `font`: the one of those its text is set in (else the bundled)
    lines: dict[str, int] = field(default_factory=dict, compare=False)
    # ^ the line of each front matter key the cover sets ("title", "credits[0]"), for its errors,
    #   and of `lang`, for the note on a language printgen has no words in
    contents: int = 2                # front matter `contents`: the deepest heading level a booklet's contents list
    blank_back: bool = False         # front matter `back_cover: blank`: a booklet's outside back cover left blank


HEADING_STYLE_NAMES = ("bold", "bold italic", "italic", "regular")     # a heading's styles (folds.yaml)


@frozen
class FoldType:
    """The type of a leaflet (decks/rules/folds.yaml), lengths in points."""

    margin: float               # inside each panel, all round
    body: float
    headings: tuple[float, ...]
    table: float
    folio: float
    line_height: float          # a multiple of the type size
    gap: float                  # between paragraphs
    indent: float               # list indent
    ink: str
    accent: str
    heading_styles: tuple[str, ...]     # each heading level's style (HEADING_STYLE_NAMES), as headings its size


@frozen
class TypeSteps:
    """How a leaflet's type is made smaller where the text does not fit at its largest
    (decks/rules/folds.yaml `smaller`), in points."""

    step: float                 # the body is made smaller by this at a time, every size with it
    least_body: float           # the smallest body tried
    one_side: float             # one side is preferred while the body is at least this
    least: float                # nothing, folio and tables included, is set smaller


@frozen
class BookType:
    """A rule booklet's body type (decks/rules/folds.yaml `booklet`), in points."""

    body: float                 # on a page `width` wide or wider
    width: float                # a narrower page's body is smaller in proportion
    least_body: float           # never smaller, nor its folios and running heads


@frozen
class FoldFacts:
    """decks/rules/folds.yaml: the panel sizes, the type and how it is made smaller, and
    a booklet's body type."""

    panels: dict[str, tuple[float, float]]      # name -> width, height
    default_panel: str
    type: FoldType
    smaller: TypeSteps
    booklet: BookType
