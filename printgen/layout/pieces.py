"""Dice and part sheets: the pages of cube nets, tokens and boards a deck's pieces print on.

Dice are cube nets in rows, each with its title above it; tokens are a centred grid;
a board larger than the paper is split by layout/board.py. Each piece's sides are
laid out from the template its file names (already loaded into the model).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printgen.errors import FitError, TextOverflow, quoted
from printgen.frozen import frozen
from printgen.layout.assembly import assembly_page
from printgen.layout.board import board_pages, board_split
from printgen.layout.face import context_for, layout_side
from printgen.layout.impose import centred_grid, choose_orientation, largest_grid, room
from printgen.layout.net import Net, cube_net, net_lines
from printgen.layout.page import Clip, Frame, Page, Placed, Side
from printgen.layout.slug import Gap, Gaps, caption, pieces, right_to_left, slug
from printgen.layout.text import TextStyle, set_text
from printgen.model import Paper
from printgen.model.captions import ENGLISH, Captions
from printgen.model.pieces import Die, Part, PartKind
from printgen.units import mm, pt

GAP = pt(6)            # between dice nets on a sheet
CAPTION = pt(4.5)      # height of the caption above each net
SLUG_BAND = pt(5)      # kept at the foot and the head of a credited sheet for its slug
Box = tuple[float, float, float, float]


@frozen
class Credit:
    """What a deck's piece sheets say about themselves in their margins (layout/slug.py):
    the deck's title, what the sheets hold, and the deck's credits and notices."""

    title: str
    holds: str
    credits: tuple[str, ...] = ()
    font: str = "sans"          # the slug's font (layout/slug.py slug_font: the deck's fonts)
    words: Captions = ENGLISH    # "sheet 1 of 2" in the deck's language


def with_slug(pages: list[Page], blocks: list[Box], sheet: Paper, credit: Credit | None,
              gaps: Gaps | None = None) -> list[Page]:
    """Each page with a slug (the credits and notices, a scale bar, its caption) in the
    bands at the foot and the head of its printable area, beyond the block its pieces
    cover (left out where they reach into one, as is any piece no band has room for:
    kept in gaps by page, for slug.margin_note(), the caption as its first text);
    the pages as they are without a credit."""
    if credit is None:
        return pages
    m = sheet.margin
    result = []
    for n, (page, block) in enumerate(zip(pages, blocks), start=1):
        above = (m, min(block[1], m + SLUG_BAND), sheet.width - m, max(block[3], sheet.height - m - SLUG_BAND))
        said, *sentences = pieces(credit.title, credit.holds, n, len(pages), credit.credits, credit.words)
        if len(pages) == 1:
            said = caption([credit.title, credit.holds], credit.words)
        texts = [*sentences, said] if sentences else [said]   # the notices first: they matter most
        found: list[Gap] = []
        result.append(Page(page.width, page.height, page.placed,
                           page.prims + slug(sheet, above, [], [], above, texts, credit.font,
                                             right_to_left(credit.words), gaps=found)))
        if gaps is not None and found:      # numbered as pieces() lists them: the caption first
            last = len(texts) - 1
            gaps[n] = tuple(replace(gap, index=gap.index if gap.index < 0 else 0 if gap.index == last
                                    else gap.index + 1) for gap in found)
    return result


def die_faces(die: Die) -> tuple[Side, ...]:
    """Faces 1..6 of a die laid out at its edge length."""
    template, frame = die.template, Frame(die.edge, die.edge, 0.0, 0.0)
    return tuple(Side(f"{die.name}-{i}", f"{die.name} face {i}", frame,
                      layout_side(template, frame, context_for(frame, template, card={**f, "face": i}),
                                  f"face {i} of die {die.name!r}"))
                 for i, f in enumerate(die.faces, start=1))


def part_side(part: Part) -> Side:
    """The board, or one token, laid out at its size."""
    template, frame = part.template, Frame(part.width, part.height, 0.0, 0.0)
    return Side(part.name, part.name, frame, layout_side(template, frame, context_for(frame, template, card={}),
                                                         f"{part.kind.value} {part.name!r}"))


def dice_pages(dice: list[Die], paper: Paper, credit: Credit | None = None, gaps: Gaps | None = None) -> list[Page]:
    """Every die's net (count times each), in rows on as few sheets as needed; with a
    credit, each sheet's slug beside the nets."""
    faces = {die.name: die_faces(die) for die in dice}
    nets = [(die, cube_net(die.edge, die.tab)) for die in dice for _ in range(die.count)]
    pages: list[Page] = []
    widest = max((net.width for _, net in nets), default=0.0)
    chosen = choose_orientation(paper, lambda sheet: (0.0, None) if widest <= room(sheet)[0] else None)
    sheet = paper.landscape() if chosen is None else chosen[0]
    room_w, room_h = room(sheet)
    band = 0.0 if credit is None else SLUG_BAND
    room_h -= 2 * band
    x, y, row_h = 0.0, 0.0, 0.0
    placed: list[Placed] = []
    prims: list = []
    blocks: list[Box] = []
    block: Box | None = None
    for die, net in nets:
        w, h = net.width, net.height + CAPTION
        if w > room_w or h > room_h:
            raise FitError(f"{Path(die.where).name}: a die net of {mm(die.edge):g} mm edges needs "
                           f"{mm(w):.0f} x {mm(h):.0f} mm, more than the {mm(room_w):.0f} x {mm(room_h):.0f} mm "
                           f"printable on {paper.name}; choose a smaller --edge")
        if x + w > room_w + 1e-6:
            x, y, row_h = 0.0, y + row_h + GAP, 0.0
        if y + h > room_h + 1e-6:
            pages.append(Page(sheet.width, sheet.height, tuple(placed), tuple(prims)))
            blocks.append(block or (0.0, 0.0, 0.0, 0.0))
            x, y, row_h, placed, prims, block = 0.0, 0.0, 0.0, [], [], None
        left, top = sheet.margin + x, sheet.margin + band + y
        block = _union(block, (left, top, left + w, top + h))
        placed += _net_faces(faces[die.name], net, left, top + CAPTION)
        prims += net_lines(net, left, top + CAPTION)
        prims += _die_title(die, left, top, net.width)
        x, row_h = x + w + GAP, max(row_h, h)
    if placed:
        pages.append(Page(sheet.width, sheet.height, tuple(placed), tuple(prims)))
        blocks.append(block or (0.0, 0.0, 0.0, 0.0))
    return with_slug(pages, blocks, sheet, credit, gaps)


def _die_title(die: Die, left: float, top: float, width: float) -> list:
    """The die's title above its net, as wide as the net: where the edge is too short for
    it, the error asks for a longer edge, not to enlarge a box no file names (under
    `dice --edge`, cli/dice.py names the option)."""
    try:
        return set_text(die.title, left, top, width, CAPTION - pt(1),
                        TextStyle(font="sans-bold", size=8, min_size=6.5, color="#333333"),
                        f"{Path(die.where).name} title")
    except TextOverflow:
        raise FitError(f"{Path(die.where).name}: the title {quoted(die.title)} does not fit above a net of "
                       f"{mm(die.edge):g} mm edges ({mm(width):.1f} mm wide) at 6.5 pt; expected a longer edge "
                       f"or a shorter title") from None


def _union(a: Box | None, b: Box) -> Box:
    return b if a is None else (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _net_faces(faces: tuple[Side, ...], net: Net, left: float, top: float) -> list[Placed]:
    return [Placed(faces[square.face - 1], left + square.x, top + square.y, clip=Clip.TRIM)
            for square in net.squares]


def token_pages(part: Part, paper: Paper, credit: Credit | None = None, gaps: Gaps | None = None) -> list[Page]:
    """count tokens in a grid with part.gap between them, centred on the sheet; with a
    credit, each sheet's slug beside them."""
    side = part_side(part)
    w, h, gap = part.width, part.height, part.gap
    cols, rows = largest_grid(paper, w, h, gap)
    if cols * rows == 0:
        raise FitError(f"{Path(part.where).name}: a {mm(w):g} x {mm(h):g} mm token does not fit on {paper.name}")
    pages, blocks = [], []
    for start in range(0, part.count, cols * rows):
        number = min(cols * rows, part.count - start)
        grid = centred_grid(paper, min(cols, number), -(-number // cols), w, h, gap)
        placed = tuple(Placed(side, *grid.cell(i), clip=Clip.NONE) for i in range(number))
        pages.append(Page(paper.width, paper.height, placed))
        corners = [grid.cell(i) for i in range(number)]
        blocks.append((min(x for x, _ in corners), min(y for _, y in corners),
                       max(x for x, _ in corners) + w, max(y for _, y in corners) + h))
    return with_slug(pages, blocks, paper, credit, gaps)


def part_pages(part: Part, paper: Paper, credit: Credit | None = None, gaps: Gaps | None = None) -> list[Page]:
    """A board split over as many sheets as it needs (count times), after its assembly
    guide (with the credits) where it takes more than one; or a part's tokens."""
    if part.kind is PartKind.BOARD:
        side = part_side(part)
        split = board_split(side, paper, part.overlap)
        credits = () if credit is None else credit.credits
        guide = [assembly_page(split, side.frame.width, side.frame.height, part.overlap, part.title, credits)] \
            if len(split.tiles) > 1 else []
        return guide + [page for _ in range(part.count) for page in board_pages(side, paper, part.overlap, part.title)]
    return token_pages(part, paper, credit, gaps)
