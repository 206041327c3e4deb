"""A rules text's blocks as a folded leaflet: flowed onto panels in the largest type
that fits, each panel numbered, imposed on the sheet (layout/foldsheet.py places panels),
read from the right for a right-to-left text. A two-sided leaflet's back page is moved
by the back offset, as a deck's backs and a booklet's are (layout/impose.py: on a
landscape sheet the portrait offset (X, Y) moves the page by (-Y, X)), and each of its
two pages says in its margin which side it is and the turn it was made for
(layout/sides.py), as a deck's card sheets do (layout/slug.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, replace

from printgen.errors import FitError, InputError
from printgen.fonts import house
from printgen.frozen import frozen
from printgen.layout.endnotes import notes_note
from printgen.layout.flow import flow
from printgen.layout.fold import FoldStyle, right_to_left
from printgen.layout.foldsheet import fold_sheet, impose_fold
from printgen.layout.impose import (
    centred_grid,
    check_grid_back_offset,
    page_offset,
)
from printgen.layout.page import Page
from printgen.layout.primitives import Primitive, TextRun, shift
from printgen.layout.sides import side_slug
from printgen.model import Duplex, Paper
from printgen.model.captions import ENGLISH, Captions
from printgen.model.text import Block, FoldFacts, TypeSteps
from printgen.shaping import font
from printgen.splitnotes import noting_splits, split_notes
from printgen.units import mm


class TooManyPanels(FitError):
    """A text longer than the fold's panels hold, even in its smallest type."""


@frozen
class Leaflet:
    pages: list[Page]
    panels: int
    capacity: int
    sides: int
    panel: str            # the panel size's name
    paper: str            # the paper's name
    body: float = 0.0     # the body type size chosen, in points
    notes: tuple[str, ...] = ()     # what the build should say of it: its notes' heading set in English,
                                    # the marks its text never closes (Block.said), its words set letter
                                    # by letter (splitnotes.split_notes())


def fold_style(facts: FoldFacts, panel: str) -> FoldStyle:
    """The style of a leaflet on the named panel of the fold facts (folds.yaml), its
    tables never set smaller than the smallest type."""
    if panel not in facts.panels:
        raise InputError(f"--panel: expected one of {', '.join(facts.panels)}, got {panel!r}")
    width, height = facts.panels[panel]
    return FoldStyle(width, height, **asdict(facts.type), table_floor=facts.smaller.least, beside=facts.type.margin)


def layout_leaflet(blocks: Sequence[Block], where: str, base: FoldStyle, *, steps: TypeSteps, paper: Paper,
                   duplex: Duplex, panel: str, back_offset: tuple[float, float] = (0.0, 0.0),
                   title: str = "", words: Captions = ENGLISH) -> Leaflet:
    """Flow the blocks in the largest type that fits, made smaller by steps (folds.yaml's
    `smaller`): one side while the body is at least steps.one_side, else both sides (cut
    into two strips), else smaller type; where
    names the text in errors and notes, panel the panel size (base's) in the result. A
    text in a right-to-left language (base's lang), or with none named one that opens
    right to left, has its panels read from the right. A back page, where there is one,
    is moved by back_offset (measured on portrait paper, as 'printgen calibrate' reads it);
    both pages of a two-sided leaflet carry a slug naming their side and the turn in
    words (the text's language's), and its title."""
    sheet, cols = fold_sheet(paper, base)
    grid = centred_grid(sheet, cols, 2, base.width, base.height)
    check_grid_back_offset(grid, back_offset)
    base = replace(base, rtl=right_to_left(blocks, base.lang))
    sides = (1,) if duplex is Duplex.NONE else (1, 2)
    tries = [(s, b) for s in sides for b in body_sizes(base.body, steps) if b >= steps.one_side]
    tries += [(s, b) for s in sides for b in body_sizes(base.body, steps) if b < steps.one_side]
    flowed, style = [], base
    with noting_splits() as splits:
        for count, body in tries:
            style = scaled(base, body, steps.least)
            flowed = flow(list(blocks), style, whole_blocks=True)
            if len(flowed) <= 2 * cols * count:
                break
        else:
            capacity = 2 * cols * sides[-1]
            over = sum(used for _, used in flowed[capacity:])
            hint = "" if len(sides) > 1 else " (print it on both sides: --duplex long or short)"
            raise TooManyPanels(f"{where}: the text needs {len(flowed)} panels but the fold has "
                           f"{capacity}; it is over by about {mm(over):.0f} mm of panel text{hint}")
    panels = [finish_panel(prims, n, len(flowed), style) for n, (prims, _) in enumerate(flowed, 1)]
    pages = impose_fold(panels, paper=paper, style=style, duplex=None if count == 1 else duplex)
    pages[1:] = [moved(page, back_offset) for page in pages[1:]]
    if len(pages) == 2:
        pages = [replace(page, prims=page.prims + side_slug(grid, duplex, back=n == 1, offset=back_offset,
                                                            title=title, words=words,
                                                            font_name=house("sans", base.own)))
                 for n, page in enumerate(pages)]
    said = [*filter(None, [notes_note(list(blocks), base, where)]), *(n for block in blocks for n in block.said),
            *split_notes(splits)]
    return Leaflet(pages, len(flowed), 2 * cols * count, count, panel, paper.name, style.body, tuple(said))


def moved(page: Page, offset: tuple[float, float]) -> Page:
    """A back page's panels moved by a back offset measured on portrait paper."""
    if offset == (0.0, 0.0):
        return page
    dx, dy = page_offset(page.width, page.height, offset)
    return replace(page, placed=tuple(replace(p, x=p.x + dx, y=p.y + dy) for p in page.placed),
                   prims=tuple(shift(p, dx, dy) for p in page.prims))


def folded_layers(paper: Paper, style: FoldStyle) -> int:
    """How many layers of paper a leaflet on `paper` folds to: its sheet's two rows of
    panels, whether folded in half (one side) or cut into two strips (both sides)."""
    _, cols = fold_sheet(paper, style)
    return 2 * cols


def body_sizes(largest: float, steps: TypeSteps) -> list[float]:
    """Body sizes to try, largest first: folds.yaml's body, then steps.step smaller each
    time, down to steps.least_body."""
    count = int((largest - steps.least_body) / steps.step + 1e-6)
    return [largest - steps.step * k for k in range(count + 1)]


def scaled(style: FoldStyle, body: float, least: float) -> FoldStyle:
    """The fold's type scaled so that its body is `body` points, its table and folio
    never smaller than `least`; the panel is unchanged."""
    k = body / style.body
    return replace(style, body=body, headings=tuple(h * k for h in style.headings),
                   table=max(least, style.table * k), folio=max(least, style.folio * k),
                   gap=style.gap * k, indent=style.indent * k, table_floor=max(least, style.table_floor))


def finish_panel(prims: list[Primitive], number: int, total: int, style: FoldStyle) -> tuple[Primitive, ...]:
    """Content moved inside the panel margin, plus the folio 'n / total' at the foot."""
    folio = f"{number} / {total}"
    face = style.face_of("sans")
    width = font(face).width(folio, style.folio)
    run = TextRun((style.width - width) / 2, style.height - style.margin, folio, face,
                  style.folio, style.accent)
    return tuple(shift(p, style.margin, style.margin) for p in prims) + (run,)
