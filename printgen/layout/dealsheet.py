"""Deal sheets and challenge booklets laid out as pages of primitives.

Input is a `SheetDeal` (everything printed about one deal, already worked out by
printgen.products.dealsheet) and a `SheetStyle` (sizes, colours and texts from
templates/deal-sheet.yaml). Output is `Page`s for the PDF renderer: the deal's
sheet (Temple picture of shrunk card faces, Force rolls, verdict and rating, the
setup order), solution pages flowing in two columns, and a booklet cover.
Every text goes through `set_text`, so anything that cannot fit is a FitError.
"""

from __future__ import annotations

from dataclasses import replace

from printgen.deal import PlayingCard, Tableau
from printgen.errors import FitError
from printgen.frozen import frozen
from printgen.layout.face import context_for, layout_side
from printgen.layout.page import Clip, Frame, Page, Placed, Side
from printgen.layout.primitives import Ellipse, Image, Polygon, Primitive, Rect, TextRun, line
from printgen.layout.text import TextStyle, set_text
from printgen.model import Paper
from printgen.model.dealsheet import SheetStyle
from printgen.model.template import Template
from printgen.units import mm, pt


@frozen
class Cell:
    """One entry of the setup order: the printed value and its colour."""

    text: str
    color: str


@frozen
class SheetDeal:
    """Everything printed about one deal (texts already in their final words)."""

    title: str                      # "Jedi Temple, deal 17"
    level: str                      # "Jedi Knight"
    level_rules: str                # one line of what the level changes
    tableau: Tableau                # the Temple's shape
    temple: tuple[Side, ...]        # its card sides (full size), apex first
    order: tuple[Cell, ...]         # the whole deck, dealt order
    temple_word: str                # "Temple" or "Pyramid"
    rolls: tuple[tuple[Side, Side], ...]
    roll_values: tuple[str, ...]    # each roll's dice in digits ("6, 4"), printed beside them
    verdict: str
    stars: int | None
    rating: str
    notes: tuple[str, ...]          # setup, hidden Temple, Force rolls
    credit: str
    steps: tuple[str, ...]          # the readable solution key
    solution_title: str


def text(value: str, x: float, y: float, w: float, h: float, where: str, *, font: str = "sans",
         size: float = 9.0, color: str = "#000000", align: str = "left", valign: str = "top",
         shrink: float = 0.0, wrap: bool = True) -> list[TextRun]:
    """Set one text box (shrinking down to `shrink` pt if given); FitError otherwise.
    wrap=False: a line breaks only where the text has a line feed."""
    style = TextStyle(font=font, size=size, color=color, align=align, valign=valign,
                      line_height=1.25, wrap=wrap, min_size=shrink or size)
    return set_text(value, x, y, w, h, style, where)


def text_height(value: str, w: float, *, font: str = "sans", size: float = 9.0) -> float:
    """The height a wrapped text needs at `size` in a box `w` wide."""
    runs = text(value, 0, 0, w, 10_000, "text", font=font, size=size)
    return len({run.y for run in runs}) * size * 1.25 if runs else 0.0


# --- shrinking card sides --------------------------------------------------------

def scale_prim(prim: Primitive, s: float) -> Primitive:
    """A primitive shrunk (or grown) by s about the frame's origin."""
    if isinstance(prim, Rect):
        return replace(prim, x=prim.x * s, y=prim.y * s, w=prim.w * s, h=prim.h * s,
                       width=prim.width * s, radius=prim.radius * s,
                       dash=tuple(d * s for d in prim.dash))
    if isinstance(prim, Ellipse):
        return replace(prim, cx=prim.cx * s, cy=prim.cy * s, rx=prim.rx * s, ry=prim.ry * s,
                       width=prim.width * s)
    if isinstance(prim, Polygon):
        return replace(prim, points=tuple((x * s, y * s) for x, y in prim.points),
                       width=prim.width * s, dash=tuple(d * s for d in prim.dash))
    if isinstance(prim, TextRun):
        return replace(prim, x=prim.x * s, y=prim.y * s, size=prim.size * s)
    if isinstance(prim, Image):
        return replace(prim, x=prim.x * s, y=prim.y * s, w=prim.w * s, h=prim.h * s)
    raise TypeError(f"unknown primitive {prim!r}")


def scale_side(side: Side, s: float, *, outline: str | None = None) -> Side:
    """A card side shrunk by s, with an optional hairline outline at its trim."""
    f = side.frame
    frame = Frame(f.width * s, f.height * s, f.bleed * s, f.safe * s)
    prims = tuple(scale_prim(p, s) for p in side.prims)
    if outline:
        prims += (Rect(0, 0, frame.width, frame.height, stroke=outline, width=0.4),)
    return Side(side.name, side.label, frame, prims)


# --- the Temple picture ----------------------------------------------------------

def temple_cells(tableau: Tableau, cx: float, top: float, w: float, h: float, gap: float,
                 step: float) -> list[tuple[float, float]]:
    """Top-left corners of the Temple's cards, apex first, row r centred on cx;
    each card is centred under the gap of the two cards it is covered by."""
    cells = []
    for i in range(tableau.size):
        r, c = tableau.position_of(i)
        centre = cx + (c - r / 2) * (w + gap)
        cells.append((centre - w / 2, top + r * step * h))
    return cells


def temple_size(tableau: Tableau, style: SheetStyle, card: Frame) -> tuple[float, float]:
    """Width and height of the whole Temple picture."""
    rows = tableau.rows
    w, h = card.width * style.card_scale, card.height * style.card_scale
    return rows * w + (rows - 1) * style.gap, (rows - 1) * style.row_step * h + h


def temple_placed(tableau: Tableau, sides: tuple[Side, ...], style: SheetStyle, cx: float,
                  top: float) -> tuple[Placed, ...]:
    """The Temple's shrunk sides placed (lower rows drawn over upper ones)."""
    small = [scale_side(side, style.card_scale, outline=style.colors["ink"]) for side in sides]
    w, h = small[0].frame.width, small[0].frame.height
    cells = temple_cells(tableau, cx, top, w, h, style.gap, style.row_step)
    return tuple(Placed(side, x, y) for side, (x, y) in zip(small, cells))


# --- the deal's sheet ------------------------------------------------------------

def sheet_page(deal: SheetDeal, paper: Paper, style: SheetStyle) -> Page:
    """The deal's sheet: header, Temple picture, Force rolls, rating, setup order."""
    ink, muted = style.colors["ink"], style.colors["muted"]
    left, width = style.margin, paper.width - 2 * style.margin
    where = f"deal sheet {deal.title!r}"
    prims: list[Primitive] = []
    prims += text(deal.title, left, style.margin, width * 0.62, pt(9), f"{where} title",
                  font="sans-bold", size=18, color=ink, shrink=12)
    prims += text(deal.level, left + width * 0.62, style.margin, width * 0.38, pt(9),
                  f"{where} level", font="sans-bold", size=14, color=ink, align="right",
                  valign="bottom", shrink=10)
    y = style.margin + pt(10)
    prims += text(deal.level_rules, left, y, width, pt(5), f"{where} level rules",
                  size=9, color=muted, shrink=7)
    y += pt(6)
    prims.append(line(left, y, left + width, y, stroke=style.colors["rule"], width=0.5))
    y += pt(4)
    y = rating_block(deal, style, prims, left, y, width, where) + pt(1)
    bottom = paper.height - style.margin
    credit_h = text_height(deal.credit, width, size=7.5)
    setup_h = setup_block(deal, style, [], left, 0.0, width, where)
    style = fitted_style(deal, style, bottom - pt(6) - credit_h - setup_h - pt(5) - y,
                         f"{where}: the sheet on {paper.name} paper")
    card = deal.temple[0].frame
    temple_w, temple_h = temple_size(deal.tableau, style, card)
    placed = list(temple_placed(deal.tableau, deal.temple, style, paper.width / 2, y))
    prims += text(f"The {deal.temple_word}", left, y, (width - temple_w) / 2 - pt(2), pt(6),
                  f"{where} picture label", font="sans-bold", size=11, color=ink)
    if deal.rolls:
        room = (width - temple_w) / 2 - pt(2)
        rolls, rolls_prims = rolls_block(deal.rolls, deal.roll_values, left, y + pt(9), room,
                                         style, where)
        placed += rolls
        prims += rolls_prims
    y += temple_h + pt(5)
    y = setup_block(deal, style, prims, left, y, width, where)
    prims += text(deal.credit, left, bottom - pt(6) - credit_h, width, credit_h + 1,
                  f"{where} credit", size=7.5, color=muted)
    return Page(paper.width, paper.height, tuple(placed), tuple(prims))


def fitted_style(deal: SheetDeal, style: SheetStyle, room: float, where: str) -> SheetStyle:
    """The style with the Temple picture shrunk, if need be, to `room` in height (a
    sheet's texts take what they need; the picture gives way, down to style.min_scale
    of its size); FitError when even that does not fit."""
    full = temple_size(deal.tableau, style, deal.temple[0].frame)[1]
    if full <= room:
        return style
    if full * style.min_scale > room:
        raise FitError(f"{where} needs {mm(full * style.min_scale - room):.1f} mm more height")
    return replace(style, card_scale=style.card_scale * room / full)


def rating_block(deal: SheetDeal, style: SheetStyle, prims: list[Primitive], x: float,
                 y: float, w: float, where: str) -> float:
    """Verdict and stars on one line, the rating's explanation under it (as many lines
    as it needs); returns the y below."""
    ink = style.colors["ink"]
    prims += text(deal.verdict, x, y, w * 0.7, pt(5.5), f"{where} verdict",
                  font="sans-bold", size=10, color=ink, shrink=8)
    if deal.stars is not None:
        stars = "★" * deal.stars + "☆" * (5 - deal.stars)
        prims += text(f"Difficulty {stars}", x + w * 0.7, y, w * 0.3, pt(5.5), f"{where} stars",
                      font="sans-bold", size=11, color=style.colors["star"], align="right")
    h = text_height(deal.rating, w, size=8.5)
    prims += text(deal.rating, x, y + pt(5.5), w, h + 1, f"{where} rating", size=8.5,
                  color=style.colors["muted"])
    return y + pt(5.5) + h


def rolls_block(rolls: tuple[tuple[Side, Side], ...], values: tuple[str, ...], x: float, y: float,
                room: float, style: SheetStyle, where: str) -> tuple[list[Placed], list[Primitive]]:
    """The Force rolls as pairs of dice faces, one numbered row per roll, each pair's
    values in digits after it (read where pips blur, and by a text reader), all within
    `room` of width."""
    placed: list[Placed] = []
    prims: list[Primitive] = []
    prims += text("Force rolls", x, y, pt(40), pt(5), f"{where} rolls label", font="sans-bold",
                  size=9, color=style.colors["sylop"])
    for k, (first, second) in enumerate(rolls):
        row_y = y + pt(6) + k * (first.frame.height + pt(2))
        prims += text(f"{k + 1}.", x, row_y, pt(5), first.frame.height, f"{where} roll {k + 1}",
                      font="sans-bold", size=9, color=style.colors["ink"], valign="middle")
        placed.append(Placed(first, x + pt(6), row_y, clip=Clip.NONE))
        after = x + pt(6) + first.frame.width + pt(1.5)
        placed.append(Placed(second, after, row_y, clip=Clip.NONE))
        after += second.frame.width + pt(1.5)
        prims += text(values[k], after, row_y, x + room - after, first.frame.height,
                      f"{where} roll {k + 1} in digits", size=9, color=style.colors["muted"],
                      valign="middle", shrink=7, wrap=False)
    return placed, prims


def setup_block(deal: SheetDeal, style: SheetStyle, prims: list[Primitive], x: float,
                y: float, w: float, where: str) -> float:
    """Heading, notes and the numbered grid of the whole deck; returns the y below."""
    ink, muted = style.colors["ink"], style.colors["muted"]
    prims += text("Setup order", x, y, w, pt(6), f"{where} setup heading", font="sans-bold",
                  size=11, color=ink)
    y += pt(6)
    for i, note in enumerate(n for n in deal.notes if n):
        h = text_height(note, w, size=8.5)
        prims += text(note, x, y, w, h + 1, f"{where} note {i + 1}", size=8.5, color=muted)
        y += h + pt(1)
    y += pt(1)
    cols = style.columns
    cell_w, cell_h = w / cols, style.cell_height
    for i, cell in enumerate(deal.order):
        row, col = divmod(i, cols)
        cx, cy = x + col * cell_w, y + row * cell_h
        tint = style.colors["tint"] if i < deal.tableau.size else None
        prims.append(Rect(cx, cy, cell_w, cell_h, fill=tint, stroke=style.colors["rule"], width=0.4))
        prims += text(str(i + 1), cx + pt(0.8), cy + pt(0.6), cell_w / 2, pt(3),
                      f"{where} position {i + 1}", font="condensed", size=6.5, color=muted)
        prims += text(cell.text, cx, cy + pt(1.2), cell_w, cell_h - pt(1.2),
                      f"{where} card {i + 1}", font="sans-bold", size=11, color=cell.color,
                      align="center", valign="middle", shrink=7)
    rows = -(-len(deal.order) // cols)
    y += rows * cell_h + pt(1.5)
    size = deal.tableau.size
    legend = (f"Shaded: the {deal.temple_word} (cards 1 to {size}). The small number is each "
              f"card's place in the stacked deck, 1 on top; card {size + 1} is the first of "
              f"the rest.")
    prims += text(legend, x, y, w, pt(4), f"{where} setup legend", size=7.5, color=muted, shrink=6.5)
    return y + pt(5)


# --- solutions -------------------------------------------------------------------

@frozen
class Block:
    """A heading and its numbered steps, flowed as one unit of a solution section."""

    heading: str                    # breaks only after its first comma (heading_lines)
    steps: tuple[str, ...]
    note: str = ""                  # a line under the heading (how the key was found)


def heading_lines(heading: str, width: float) -> str:
    """A solution heading as it is set `width` wide: on one line where it fits, else
    broken after its first comma only ("Jedi Temple deal N," over "Chosen One: 56
    moves"), never inside either part, so a long deal number cannot push "moves" onto a
    line of its own (each part shrinks instead where it is still too wide)."""
    one_line = 10 * 1.25
    if text_height(heading, width, font="sans-bold", size=10) <= one_line:
        return heading
    first, comma, rest = heading.partition(", ")
    return f"{first},\n{rest}" if comma else heading


def solution_pages(blocks: list[Block], paper: Paper, style: SheetStyle,
                   title: str, intro: str, starts: list[int] | None = None) -> list[Page]:
    """Blocks flowed in two columns over as many pages as they need, the intro
    under the title of the first page; `starts` gets each block's page index."""
    left, width = style.margin, paper.width - 2 * style.margin
    gutter = pt(6)
    col_w = (width - gutter) / 2
    top, bottom = style.margin + pt(12), paper.height - style.margin - pt(8)
    pages: list[list[Primitive]] = []
    col, y, col_top = 1, bottom, top  # the first item starts a new page

    def room(need: float) -> None:
        nonlocal col, y, col_top
        if y + need <= bottom:
            return
        if col == 0:
            col, y = 1, col_top
            return
        page: list[Primitive] = []          # a new page, under the title
        page += text(title, left, style.margin, width, pt(8), "solution title",
                     font="sans-bold", size=14, color=style.colors["ink"], shrink=10)
        pages.append(page)
        col, y, col_top = 0, top, top

    room(bottom)
    intro_h = text_height(intro, width, size=8.5)
    pages[-1] += text(intro, left, y, width, intro_h + 1, "solution intro", size=8.5,
                      color=style.colors["muted"])
    y = col_top = y + intro_h + pt(3)
    for block in blocks:
        heading = heading_lines(block.heading, col_w)
        head_h = text_height(heading, col_w, font="sans-bold", size=10) + pt(1.5)
        note_h = text_height(block.note, col_w, size=8) + pt(1) if block.note else 0.0
        first = text_height(f"1. {block.steps[0]}", col_w - pt(6), size=8.5) if block.steps else 0
        room(head_h + note_h + first)
        if starts is not None:
            starts.append(len(pages) - 1)
        x = left + col * (col_w + gutter)
        pages[-1] += text(heading, x, y, col_w, head_h, f"solution heading {block.heading!r}",
                          font="sans-bold", size=10, color=style.colors["ink"], shrink=7, wrap=False)
        y += head_h
        if block.note:
            pages[-1] += text(block.note, x, y, col_w, note_h, f"solution note {block.heading!r}",
                              font="sans-italic", size=8, color=style.colors["muted"])
            y += note_h
        for n, step in enumerate(block.steps, 1):
            h = text_height(step, col_w - pt(6), size=8.5)
            where_before = (len(pages), col)
            room(h)
            x = left + col * (col_w + gutter)
            if (len(pages), col) != where_before:
                more = f"{block.heading} (continued)"
                pages[-1] += text(more, x, y, col_w, pt(5), f"solution heading {more!r}",
                                  font="sans-italic", size=8.5, color=style.colors["muted"], shrink=6)
                y += pt(5)
            pages[-1] += text(f"{n}.", x, y, pt(5.5), h, f"solution step {n}", font="condensed",
                              size=8.5, color=style.colors["muted"], align="right")
            pages[-1] += text(step, x + pt(6), y, col_w - pt(6), h + 0.5,
                              f"{block.heading!r} step {n}", size=8.5, color=style.colors["ink"])
            y += h + pt(0.6)
        y += pt(3)
    return [Page(paper.width, paper.height, (), tuple(p)) for p in pages]


# --- booklet cover and page numbers ----------------------------------------------

def cover_pages(paper: Paper, style: SheetStyle, *, title: str, subtitle: str,
                paragraphs: tuple[str, ...], listed: tuple[str, ...], list_label: str,
                tableau: Tableau, backs: tuple[Side, ...]) -> list[Page]:
    """A booklet cover: title, subtitle, a small Temple of card backs, the paragraphs,
    then `listed` (the deal numbers) after `list_label`, continued on as many pages
    as they need. FitError when the paragraphs alone overrun the cover."""
    left, width = style.margin, paper.width - 2 * style.margin
    ink = style.colors["ink"]
    bottom = paper.height - style.margin - pt(8)
    prims: list[Primitive] = []
    y = style.margin + pt(20)
    prims += text(title, left, y, width, pt(14), "cover title", font="sans-bold", size=28,
                  color=ink, align="center", shrink=16)
    y += pt(16)
    prims += text(subtitle, left, y, width, pt(8), "cover subtitle", font="sans-bold", size=13,
                  color=style.colors["muted"], align="center", shrink=9)
    y += pt(14)
    placed = temple_placed(tableau, backs, style, paper.width / 2, y)
    y += temple_size(tableau, style, backs[0].frame)[1] + pt(12)
    for i, para in enumerate(paragraphs):
        h = text_height(para, width, size=10.5)
        prims += text(para, left, y, width, h + 1, f"cover paragraph {i + 1}", size=10.5, color=ink)
        y += h + pt(4)
    if y > bottom:
        raise FitError(f"booklet cover: its text runs {mm(y - bottom):.1f} mm past the bottom "
                       f"margin of {paper.name} paper")
    pages: list[tuple[tuple[Placed, ...], list[Primitive]]] = [(placed, prims)]
    label, rest = list_label, list(listed)
    while rest:
        taken = list_share(f"{label}: ", rest, width, bottom - y)
        if not taken and y == style.margin:
            raise FitError(f"booklet cover: {rest[0]!r} does not fit on a page of {paper.name} paper")
        if taken:
            para = f"{label}: " + ", ".join(rest[:taken]) + ("." if taken == len(rest) else ",")
            h = text_height(para, width, size=10.5)
            pages[-1][1].extend(text(para, left, y, width, h + 1, f"cover list, page {len(pages)}",
                                     size=10.5, color=ink))
            rest, label = rest[taken:], f"{list_label} (continued)"
        if rest:
            pages.append(((), []))
            y = style.margin
    return [Page(paper.width, paper.height, tuple(placed), tuple(prims)) for placed, prims in pages]


def list_share(label: str, items: list[str], width: float, room: float) -> int:
    """How many of `items` (from the first), listed after `label`, fit in `room`."""
    def fits(k: int) -> bool:
        return text_height(label + ", ".join(items[:k]) + ",", width, size=10.5) <= room
    low, high = 0, len(items)
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if fits(mid) else (low, mid - 1)
    return low


def foot_note(page: Page, note: str, style: SheetStyle) -> Page:
    """A short note at the bottom left of a page, level with the page number."""
    runs = text(note, style.margin, page.height - style.margin - pt(4), (page.width - 2 * style.margin) / 2,
                pt(4), "page note", font="sans-bold", size=7, color=style.colors["muted"])
    return replace(page, prims=page.prims + tuple(runs))


def notes_page(paper: Paper, style: SheetStyle, note: str) -> Page:
    """A page left for notes: its title and, under it, why it is there."""
    left, width = style.margin, paper.width - 2 * style.margin
    prims = text("Notes", left, style.margin, width, pt(8), "notes title", font="sans-bold",
                 size=14, color=style.colors["ink"])
    y = style.margin + pt(12)
    prims += text(note, left, y, width, text_height(note, width, size=8.5) + 1, "notes line",
                  size=8.5, color=style.colors["muted"])
    return Page(paper.width, paper.height, (), tuple(prims))


def number_pages(pages: list[Page], style: SheetStyle, label: str) -> list[Page]:
    """Add 'label, page k of n' at the foot of every page."""
    total = len(pages)
    numbered = []
    for k, page in enumerate(pages, 1):
        foot = text(f"{label} · page {k} of {total}", style.margin, page.height - style.margin - pt(4),
                    page.width - 2 * style.margin, pt(4), "page footer", size=7,
                    color=style.colors["muted"], align="right")
        numbered.append(replace(page, prims=page.prims + tuple(foot)))
    return numbered


def template_side(template: Template, frame: Frame, card: dict[str, str], label: str) -> Side:
    """One side drawn from a template with the given card fields."""
    context = context_for(frame, template, card=card)
    return Side(template.name, label, frame, layout_side(template, frame, context, label))


def die_side(template: Template, value: int) -> Side:
    """A Force roll's die face (templates/deal-die.yaml), 6 mm square."""
    return template_side(template, Frame(pt(6), pt(6), 0.0, 0.0), {"value": str(value)}, f"die {value}")


def minicard_side(template: Template, card: PlayingCard) -> Side:
    """A mini playing card (templates/deal-minicard.yaml) at poker size."""
    frame = Frame(pt(63.5), pt(88.9), 0.0, 0.0)
    return template_side(template, frame, {"rank": card.rank.printed(), "suit": card.suit.word}, card.format())
