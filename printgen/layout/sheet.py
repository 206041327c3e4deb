"""Card sheets: a deck's sides placed on pages with crop marks and their duplex backs.

Cards are butted in a grid centred on the page (3 x 3 poker cards on A4 or Letter,
portrait). Crop marks extend every trim line outward from the block, starting a
small gap from the cards and stopping at the printer margin. Each front page is
followed by its back page, every back placed behind its face by the physical
duplex model of layout/impose.py (which mirrors columns or rows depending on the
flip and the page's orientation), then moved by the back offset. Where that turn is
end over end, each back is drawn turned half round in its cell, so that a card cut
out and turned over like a book page shows its back upright behind its face, as it
does after a long-edge turn of a portrait sheet or on a fold-over sheet.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from printgen.errors import FitError
from printgen.layout.deck import DeckLayout
from printgen.layout.impose import (
    FOLD_DASH,
    Grid,
    back_position,
    backs_half_turned,
    check_grid_back_offset,
    choose_orientation,
    densest_grid,
    fit_count,
    room,
    trim_marks,
)
from printgen.layout.page import Page, Placed, Side, turn_side
from printgen.layout.primitives import Polygon, Primitive, line
from printgen.layout.slug import Gap, Gaps, caption_forms, pieces, right_to_left, slug, slug_font
from printgen.model import CardSize, Deck, Duplex, Paper
from printgen.model.captions import ENGLISH, Captions
from printgen.units import mm

TRIM_LINE = "#808080"      # a cut drawn along its length, where no crop mark fits


def size_where(deck: Deck) -> str:
    """Where a deck's card size is, as errors name it: "decks/x.yaml:5 size"."""
    return f"{deck.at('size')} size"


def grid_for(paper: Paper, size: CardSize, where: str | None = None) -> Grid:
    """The largest butted grid that fits inside the printer margin; portrait
    unless landscape holds more cards. A card too large for the paper is a FitError
    at where (the deck's size key, size_where())."""
    grid = densest_grid(paper, size.width, size.height)
    if grid is None:
        raise FitError(f"a {size} card does not fit on {paper.name} paper "
                       f"({mm(paper.width):g} x {mm(paper.height):g} mm with a "
                       f"{mm(paper.margin):g} mm printer margin)", where=where,
                       remedy="choose a larger paper or card size")
    return grid


def check_back_offset(deck: Deck, paper: Paper, offset: tuple[float, float], duplex: Duplex) -> None:
    """FitError for a deck's card too large for the paper, for a back offset beyond what
    the calibration sheet reads (a real misregistration is a few millimetres; more is a
    typing slip, e.g. 50mm), or for one that would move the backs off the paper."""
    if duplex is not Duplex.FOLD:
        check_grid_back_offset(grid_for(paper, deck.size, size_where(deck)), offset)


Box = tuple[float, float, float, float]       # left, top, right, bottom


def block_of(grid: Grid, cells: list[tuple[float, float]]) -> Box:
    """The trim outline of the cards placed at cells."""
    return (min(x for x, _ in cells), min(y for _, y in cells),
            max(x for x, _ in cells) + grid.card_w, max(y for _, y in cells) + grid.card_h)


def block_bleed(sheet: Paper, block: Box, bleed: float, inner: Box | None = None) -> Box:
    """How far colour runs past each outer edge of a block (left, top, right, bottom):
    the sheet's bleed, or as far as the paper's edge allows; `inner` caps it where the
    block faces another (a fold-over sheet's gutter). The bleed alone may run into the
    printer margin (a block that fills Letter's printable height): it is there to be
    cut away, so a printer that cannot print so far leaves out only what it would
    have left white anyway."""
    left, top, right, bottom = block
    room = (left, top, sheet.width - right, sheet.height - bottom)
    caps = inner if inner is not None else room
    return tuple(max(0.0, min(bleed, r, c)) for r, c in zip(room, caps))  # type: ignore[return-value]


def placed_block(sides: list[Side], grid: Grid, cells: list[tuple[float, float]],
                 reach: Box) -> list[Placed]:
    """The sides at their cells, each keeping its bleed on every edge that no other card
    meets: `reach` on the block's outer edges, the paper's bleed where a short last
    row or column leaves a cell empty."""
    left, top, right, bottom = block_of(grid, cells)
    taken = {(round(x, 3), round(y, 3)) for x, y in cells}
    bleed = grid.paper.marks.bleed

    def keep(x: float, y: float, dx: float, dy: float, edge: bool, outer: float) -> float:
        if edge:
            return outer
        return 0.0 if (round(x + dx, 3), round(y + dy, 3)) in taken else bleed

    w, h = grid.card_w, grid.card_h
    return [Placed(side, x, y, reach=(keep(x, y, -w, 0, abs(x - left) < 1e-6, reach[0]),
                                      keep(x, y, 0, -h, abs(y - top) < 1e-6, reach[1]),
                                      keep(x, y, w, 0, abs(x + w - right) < 1e-6, reach[2]),
                                      keep(x, y, 0, h, abs(y + h - bottom) < 1e-6, reach[3])))
            for side, (x, y) in zip(sides, cells)]


def coloured(block: Box, reach: Box) -> Box:
    return block[0] - reach[0], block[1] - reach[1], block[2] + reach[2], block[3] + reach[3]


def crop_marks(grid: Grid, cells: list[tuple[float, float]], colour: Box) -> tuple[Primitive, ...]:
    """Marks on every trim line of the placed cards, outside them, inside the margin,
    none shorter than the paper's shortest. They may cross the block's bleed, so each
    is drawn black over a white line (seen on any colour). Where the cuts of one
    direction are left with no mark at either end (the cards reach the printable edge
    there), every cut of the sheet, in both directions, is drawn as a trim line along
    its whole length, where the cards meet and through the bleed (to the edges of the
    block's colour, within the printable area): one cut with a line to follow and the
    other without would leave scissors nothing to follow across the sheet. The marks
    are drawn over the lines."""
    paper = grid.paper
    xs = sorted({round(x, 4) for cx, _ in cells for x in (cx, cx + grid.card_w)})
    ys = sorted({round(y, 4) for _, cy in cells for y in (cy, cy + grid.card_h)})
    block = (xs[0], ys[0], xs[-1], ys[-1])
    width = paper.marks.width
    marks = trim_marks(paper, xs, ys, block, width=width, shortest=paper.marks.shortest)
    prims: list[Primitive] = []
    if not all(any(_vertical(m) == upright for m in marks) for upright in (True, False)):
        left, top, right, bottom = printable(paper, colour)
        prims += [line(x, top, x, bottom, width=width, stroke=TRIM_LINE) for x in xs]
        prims += [line(left, y, right, y, width=width, stroke=TRIM_LINE) for y in ys]
    return (*prims, *_on_white(marks, width))


def _on_white(marks: Sequence[Primitive], width: float) -> tuple[Primitive, ...]:
    """The marks (crop marks, a fold line), each drawn over a white line three times as
    wide, so that they are seen on any colour beneath."""
    return (*(line(*m.points[0], *m.points[1], stroke="#FFFFFF", width=3 * width)
              for m in marks if isinstance(m, Polygon)), *marks)


def printable(paper: Paper, box: Box) -> Box:
    """The part of box inside the paper's printable area."""
    m = paper.margin
    return (max(box[0], m), max(box[1], m), min(box[2], paper.width - m), min(box[3], paper.height - m))


def _vertical(mark: Primitive) -> bool:
    return isinstance(mark, Polygon) and abs(mark.points[0][0] - mark.points[-1][0]) < 1e-6


def mark_ends(paper: Paper, block: Box, shortest: float | None = None) -> Box:
    """How far the crop marks of a block reach on each side (the block's edge where
    they are left out): trim_marks() leaves out a mark shorter than `shortest`, the
    paper's shortest on a card sheet (the default), SHORTEST_DRAWN on a leaflet or a
    booklet's sheet."""
    left, top, right, bottom = block
    gap, longest = paper.marks.gap, paper.marks.length
    shortest = paper.marks.shortest if shortest is None else shortest
    m = paper.margin
    ends = (max(m, left - gap - longest), max(m, top - gap - longest),
            min(paper.width - m, right + gap + longest), min(paper.height - m, bottom + gap + longest))
    return tuple(end if abs(end - edge) - gap >= shortest - 1e-6 else edge      # type: ignore[return-value]
                 for end, edge in zip(ends, block))


def sheet_slug(grid: Grid, cells: list[tuple[float, float]], colour: Box, texts: list[str],
               font_name: str = "sans", words: Captions = ENGLISH, *, forms: list[tuple[str, ...]] | None = None,
               gaps: Gaps | None = None, page: int = 0) -> tuple[Primitive, ...]:
    """The slug of the page `page` (layout/slug.py), its gaps kept in gaps; it keeps to
    the printable area, where a block's bleed may run past it."""
    xs = sorted({x for cx, _ in cells for x in (cx, cx + grid.card_w)})
    ys = sorted({y for _, cy in cells for y in (cy, cy + grid.card_h)})
    found: list[Gap] = []
    drawn = slug(grid.paper, printable(grid.paper, colour), xs, ys, mark_ends(grid.paper, block_of(grid, cells)), texts, font_name,
                 right_to_left(words), forms=forms or (), gaps=found)
    if gaps is not None and found:
        gaps[page] = tuple(found)
    return drawn


def sheet_texts(title: str, side: str, number: int, total: int, credits: tuple[str, ...],
                words: Captions) -> tuple[list[str], list[tuple[str, ...]]]:
    """A sheet's slug texts (pieces()) and its caption's other forms (caption_forms())."""
    return (pieces(title, side, number, total, credits, words),
            caption_forms(title, side, words.numbered(number, total), words))


def impose(layout: DeckLayout, *, paper: Paper, duplex: Duplex, back_offset: tuple[float, float] = (0.0, 0.0),
           words: Captions = ENGLISH, gaps: Gaps | None = None) -> Iterator[Page]:
    """Front pages of faces, each followed by the page of their backs (or, for
    Duplex.FOLD, fold-over pages); their captions in words, the deck's language's; what
    their margins shorten or leave out kept in gaps (slug.margin_note() says it)."""
    if duplex is Duplex.FOLD:
        yield from impose_fold_over(layout, paper=paper, words=words, gaps=gaps)
        return
    grid = grid_for(paper, layout.deck.size, size_where(layout.deck))
    count = len(layout.faces)
    sheets = -(-count // grid.per_page)
    deck = layout.deck
    slug_face = slug_font(deck.fonts)
    shown = back_sides(layout, backs_half_turned(grid.paper.width, grid.paper.height, duplex))
    for number, start in enumerate(range(0, count, grid.per_page)):
        indices = range(start, min(start + grid.per_page, count))
        cells = [grid.cell(i - start) for i in indices]
        block = block_of(grid, cells)
        reach = block_bleed(grid.paper, block, grid.paper.marks.bleed)
        fronts = placed_block([layout.faces[i] for i in indices], grid, cells, reach)
        texts, forms = sheet_texts(deck.title, words.faces, number + 1, sheets, deck.credits, words)
        yield Page(grid.paper.width, grid.paper.height, tuple(fronts),
                   crop_marks(grid, cells, coloured(block, reach)) +
                   sheet_slug(grid, cells, coloured(block, reach), texts, slug_face, words, forms=forms,
                              gaps=gaps, page=2 * number + 1))
        spots = [back_position(grid.paper, x, y, grid.card_w, grid.card_h, duplex, back_offset) for x, y in cells]
        back_block = block_of(grid, spots)
        back_reach = block_bleed(grid.paper, back_block, grid.paper.marks.bleed)
        backs = placed_block([shown[layout.back_of[i]] for i in indices], grid, spots, back_reach)
        texts, forms = sheet_texts(deck.title, words.backs, number + 1, sheets, deck.credits, words)
        yield Page(grid.paper.width, grid.paper.height, tuple(backs),
                   sheet_slug(grid, spots, coloured(back_block, back_reach), texts, slug_face, words, forms=forms,
                              gaps=gaps, page=2 * number + 2))


def back_sides(layout: DeckLayout, half_turned: bool) -> Mapping[str, Side]:
    """The deck's backs by template name as the back pages draw them: each turned half
    round in its frame where half_turned (impose.backs_half_turned())."""
    if not half_turned:
        return layout.backs
    return {name: turn_side(side, 2) for name, side in layout.backs.items()}


def fold_over_grid(paper: Paper, size: CardSize, where: str | None = None) -> tuple[Grid, float]:
    """The grid of faces for fold-over sheets (the half of the sheet left of the fold,
    its right edge GUTTER/2 from it) and the fold's x: the orientation holding the
    most cards. A card that does not fit beside its back is a FitError at where."""
    gutter = paper.marks.gutter

    def score(sheet: Paper) -> tuple[float, tuple[int, int]] | None:
        room_w, room_h = room(sheet)
        cols, rows = fit_count((room_w - gutter) / 2, size.width), fit_count(room_h, size.height)
        return (cols * rows, (cols, rows)) if cols * rows else None

    chosen = choose_orientation(paper, score)
    if chosen is None:
        raise FitError(f"a {size} card and its back side by side do not fit on {paper.name} paper "
                       f"with a {mm(gutter):g} mm fold gutter inside the {mm(paper.margin):g} mm "
                       f"printer margin", where=where, remedy="use --duplex long or short, or a larger paper")
    sheet, (cols, rows) = chosen
    fold = sheet.width / 2
    y0 = (sheet.height - rows * size.height) / 2
    return Grid(sheet, cols, rows, fold - gutter / 2 - cols * size.width, y0, size.width, size.height), fold


def impose_fold_over(layout: DeckLayout, *, paper: Paper, words: Captions = ENGLISH,
                     gaps: Gaps | None = None) -> Iterator[Page]:
    """One-sided pages: faces left of a vertical fold line, each card's back mirrored
    across it on the right, so that folding the sheet along the line (backs behind)
    puts every back behind its face with no printer misregistration. Crop marks on
    the outer edges, the fold line dashed through the gutter; each block's colour runs
    past its outer edges and into the gutter up to the fold."""
    grid, fold = fold_over_grid(paper, layout.deck.size, size_where(layout.deck))
    count = len(layout.faces)
    sheets = -(-count // grid.per_page)
    bleed = grid.paper.marks.bleed
    for number, start in enumerate(range(0, count, grid.per_page)):
        indices = range(start, min(start + grid.per_page, count))
        cells = [grid.cell(i - start) for i in indices]
        mirrored = [(2 * fold - x - grid.card_w, y) for x, y in cells]
        faces, backs = block_of(grid, cells), block_of(grid, mirrored)
        face_reach = block_bleed(grid.paper, faces, bleed, (bleed, bleed, fold - faces[2], bleed))
        back_reach = block_bleed(grid.paper, backs, bleed, (backs[0] - fold, bleed, bleed, bleed))
        placed = placed_block([layout.faces[i] for i in indices], grid, cells, face_reach)
        placed += placed_block([layout.back_for(i) for i in indices], grid, mirrored, back_reach)
        both = cells + mirrored
        colour = (faces[0] - face_reach[0], min(faces[1] - face_reach[1], backs[1] - back_reach[1]),
                  backs[2] + back_reach[2], max(faces[3] + face_reach[3], backs[3] + back_reach[3]))
        texts, forms = sheet_texts(layout.deck.title, words.faces_and_backs, number + 1, sheets,
                                   layout.deck.credits, words)
        marks = (crop_marks(grid, both, colour) + fold_line(grid, cells, fold) +
                 sheet_slug(grid, both, colour, texts, slug_font(layout.deck.fonts), words, forms=forms,
                            gaps=gaps, page=number + 1))
        yield Page(grid.paper.width, grid.paper.height, tuple(placed), marks)


def fold_line(grid: Grid, cells: list[tuple[float, float]], fold: float) -> tuple[Primitive, ...]:
    """The dashed fold line: through the gutter between the cards, and as marks in the
    margin above and below them. The gutter and the bleed above and below carry the
    cards' colour up to the fold, so the line is drawn black over a white line, as
    the crop marks are: seen on any colour (the gutter is cut away)."""
    top = min(y for _, y in cells)
    bottom = max(y for _, y in cells) + grid.card_h
    width = grid.paper.marks.width
    dashed = (line(fold, top, fold, bottom, width=width, dash=FOLD_DASH),
              *trim_marks(grid.paper, [fold], [], (fold, top, fold, bottom), width=width,
                          dashed_xs=[fold], shortest=grid.paper.marks.shortest))
    return _on_white(dashed, width)
