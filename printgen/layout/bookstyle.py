"""A book's page and type (BookStyle): the one value book.py lays pages out by and
cover.py sets the cover with."""

from __future__ import annotations

from printgen.frozen import frozen
from printgen.layout.fold import BODY_FONTS, HEADING_STYLES, FoldStyle
from printgen.layout.richtext import Fonts


@frozen
class BookStyle:
    """A book page and its type, all in points. Margins are the inner (spine side),
    outer, top and bottom; folio is the size of page numbers and running heads."""

    width: float
    height: float
    inner: float
    outer: float
    top: float
    bottom: float
    body: float
    headings: tuple[float, ...]
    line_height: float
    gap: float
    indent: float
    ink: str
    accent: str
    folio: float
    own: Fonts | None = None        # the text's (and its deck's) own fonts: what the bundled faces lack
    rtl: bool = False            # a right-to-left book: bound on the right
    lang: str = ""               # the text's language: shaping and hyphenation
    hyphenate: bool = False      # break words at line ends where the language's dictionary allows
    face: Fonts | None = None    # the family the text chose to be set in (its `font:`), else the bundled
    heading_styles: tuple[str, ...] = HEADING_STYLES     # each heading level's style, as headings its size
    least_body: float = 8.0      # the smallest body and table type (folds.yaml's booklet: least_body)

    @property
    def text_width(self) -> float:
        return self.width - self.inner - self.outer

    @property
    def text_height(self) -> float:
        return self.height - self.top - self.bottom

    def left(self, number: int) -> float:
        """The left edge of page `number`'s text block: odd pages have the spine on their
        left (on their right in a right-to-left book)."""
        return self.inner if self.spine_left(number) else self.outer

    def spine_left(self, number: int) -> bool:
        """Whether page `number` is bound on its left: an odd page, the right-hand page of
        its spread (an even page, in a right-to-left book)."""
        return bool(number % 2) != self.rtl

    def family(self, bundled: Fonts = BODY_FONTS) -> Fonts:
        """A family of bundled faces, extended, or set in the chosen family, as the text
        block's (FoldStyle.family)."""
        return self.fold().family(bundled)

    def face_of(self, name: str) -> str:
        """The face for what printgen sets in the bundled face `name` (FoldStyle.face_of)."""
        return self.fold().face_of(name)

    def fold(self) -> FoldStyle:
        """The text block as the panel fold.py cuts chunks for, called a page in its
        messages (tables at the body size, or where they are too wide for the page,
        smaller, but never under the smallest body, least_body)."""
        return FoldStyle(self.text_width, self.text_height, 0.0, self.body, self.headings, self.body, 0.0,
                         self.line_height, self.gap, self.indent, self.ink, self.accent,
                         table_floor=min(self.body, self.least_body), own=self.own, lang=self.lang,
                         hyphenate=self.hyphenate, face=self.face, area="page",
                         heading_styles=self.heading_styles, beside=min(self.inner, self.outer) / 2)
