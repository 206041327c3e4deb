"""The slug of a sheet printed on both sides, a rule leaflet's or a booklet's: in its
margin, beyond its cells and their marks, its title (where the slug's font sets it),
which side the page is and the turn it was made for, its number among the sheets where
there are several, then a 10 mm scale bar (layout/slug.py), as a deck's card sheets say
theirs. A person printing the back by hand so knows which page goes on which side, and
after which turn."""

from __future__ import annotations

from printgen.fonts import missing
from printgen.layout.impose import SHORTEST_DRAWN, Grid, page_offset
from printgen.layout.primitives import Primitive
from printgen.layout.sheet import mark_ends
from printgen.layout.slug import caption, slug
from printgen.model import Duplex
from printgen.model.captions import ENGLISH, Captions


def side_slug(grid: Grid, duplex: Duplex, *, back: bool, offset: tuple[float, float] = (0.0, 0.0),
              title: str = "", sheet: tuple[int, int] | None = None, words: Captions = ENGLISH) -> tuple[Primitive, ...]:
    """A two-sided sheet's page's slug, outside the grid's cells (centred on the sheet)
    and the marks drawn on its every line: its title (where the bundled sans sets it),
    which side the page is, the turn it was made for and, given sheet (its number, the
    count), "sheet 1 of 4". The back's cells (and so its slug) are moved by the back
    offset; the back has no marks. Where no strip of the margin holds the caption whole,
    its title goes in a strip of its own, else is left out."""
    paper = grid.paper
    dx, dy = page_offset(paper.width, paper.height, offset) if back else (0.0, 0.0)
    left, top = grid.x0 + dx, grid.y0 + dy
    right, bottom = left + grid.cols * grid.card_w, top + grid.rows * grid.card_h
    ends = (left, top, right, bottom) if back else mark_ends(paper, (left, top, right, bottom), SHORTEST_DRAWN)
    xs = [left + c * grid.card_w for c in range(grid.cols + 1)]
    ys = [top + r * grid.card_h for r in range(grid.rows + 1)]
    turn = f"{duplex.value}-edge turn (--duplex {duplex.value})"
    side = f"back: printed to lie behind the front after a {turn}" if back else \
        f"front: print on both sides, {turn}"
    rest = [side, words.numbered(*sheet)] if sheet else [side]
    parts = [title, *rest] if title and not missing("sans", title) else rest
    forms = [(caption([title]), caption(rest)), (caption(rest),)] if len(parts) > len(rest) else []
    return slug(paper, (left, top, right, bottom), xs, ys, ends, [caption(parts)], forms=forms)
