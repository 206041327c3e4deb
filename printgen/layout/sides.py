"""The slug of a sheet printed on both sides, a rule leaflet's or a booklet's: in its
margin, beyond its cells and their marks, its title (where the slug's font sets it),
which side the page is and the turn it was made for, its number among the sheets where
there are several, then the scale bar (layout/slug.py; its length is print.yaml's `slug: scale_bar`), as a deck's card sheets say
theirs. A person printing the back by hand so knows which page goes on which side, and
after which turn."""

from __future__ import annotations

from printgen.fonts import missing
from printgen.layout.impose import SHORTEST_DRAWN, Grid, page_offset
from printgen.layout.primitives import Primitive
from printgen.layout.sheet import mark_ends
from printgen.layout.slug import MARKS, caption, right_to_left, slug
from printgen.model import Duplex
from printgen.model.captions import ENGLISH, Captions

LRM = MARKS[0]      # a left-to-right mark


def side_slug(grid: Grid, duplex: Duplex, *, back: bool, offset: tuple[float, float] = (0.0, 0.0),
              title: str = "", sheet: tuple[int, int] | None = None, words: Captions = ENGLISH,
              font_name: str = "sans") -> tuple[Primitive, ...]:
    """A two-sided sheet's page's slug, outside the grid's cells (centred on the sheet)
    and the marks drawn on its every line, set in font_name: its title (where the font
    sets it), which side the page is, the turn it was made for and, given sheet (its
    number, the count), "sheet 1 of 4", in words (the text's language; in English where
    the font lacks their letters), read from the right in a right-to-left language. The
    back's cells (and so its slug) are moved by the back offset; the back has no marks.
    Where no strip of the margin holds the caption whole, its title goes in a strip of
    its own, else is left out."""
    paper = grid.paper
    dx, dy = page_offset(paper.width, paper.height, offset) if back else (0.0, 0.0)
    left, top = grid.x0 + dx, grid.y0 + dy
    right, bottom = left + grid.cols * grid.card_w, top + grid.rows * grid.card_h
    ends = (left, top, right, bottom) if back else mark_ends(paper, (left, top, right, bottom), SHORTEST_DRAWN)
    xs = [left + c * grid.card_w for c in range(grid.cols + 1)]
    ys = [top + r * grid.card_h for r in range(grid.rows + 1)]
    if missing(font_name, side_words(words, back, duplex) + (words.numbered(*sheet) if sheet else "")):
        words = ENGLISH
    rest = [side_words(words, back, duplex), *([words.numbered(*sheet)] if sheet else [])]
    parts = [title, *rest] if title and not missing(font_name, title) else rest
    forms = [(caption([title], words), caption(rest, words)), (caption(rest, words),)] if len(parts) > len(rest) \
        else []
    return slug(paper, (left, top, right, bottom), xs, ys, ends, [caption(parts, words)], font_name,
                right_to_left(words), forms=forms)


def side_words(words: Captions, back: bool, duplex: Duplex) -> str:
    """Which side a page is and the turn it was made for, in words: "front: print on
    both sides, long-edge turn (--duplex long)". The option is the command's own, the
    same in every language (kept left to right in a right-to-left one)."""
    option = f"(--duplex {duplex.value})"
    if right_to_left(words):
        option = f"{LRM}{option}{LRM}"
    turn = f"{words.long_turn if duplex is Duplex.LONG else words.short_turn} {option}"
    return (words.back if back else words.front).replace("{turn}", turn)
