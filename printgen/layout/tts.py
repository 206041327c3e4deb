"""Tabletop Simulator deck sheets: how a deck's cards split into sheets, each sheet's
grid, and the sheet as a page; and how its card object is turned and scaled.

A sheet is a grid of at most cols x rows card faces (10 x 7 by default) whose last
slot holds the hidden-card face (the back); one sheet holds cols x rows - 1 cards,
so longer decks get several sheets; a deck that does not fill a sheet gets a smaller
grid. A deck's sheets are drawn at one dpi, the profile's or less, so that no side of
its largest sheet (its first) exceeds the profile's `max_side` pixels; each card fills
a cell of whole pixels.

Tabletop Simulator draws every custom card on one card object, whatever its images'
shape. A landscape card lies on it sideways; a card of another size than the one the
object stands for at scale 1 (the profile's `card`) gets the object scaled along each
side as it lies (table_card).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from printgen.frozen import frozen
from printgen.layout.impose import Grid
from printgen.layout.page import Clip, Page, Placed, Side
from printgen.model import Paper


@frozen
class SheetPlan:
    """One TTS sheet: which cards, and its grid (the numbers the dialog asks for)."""

    number: int          # 1-based
    first: int           # index of its first card in the deck
    count: int           # cards on it ("Number" in the dialog)
    cols: int            # "Width"
    rows: int            # "Height"

    @property
    def hidden_slot(self) -> int:
        return self.cols * self.rows - 1


@frozen
class TableCard:
    """How a card lies on Tabletop Simulator's table: sideways (a landscape card:
    SidewaysCard in a saved object, 'Sideways' in the Custom Deck dialog) and the card
    object's scale across and along the card as it lies (Transform scaleX and scaleZ)."""

    sideways: bool
    scale_x: float
    scale_z: float

    @property
    def scaled(self) -> bool:
        return (self.scale_x, self.scale_z) != (1.0, 1.0)


def table_card(width: float, height: float, standard: tuple[float, float]) -> TableCard:
    """A card of width x height (trim, points) against standard, the portrait card the
    object is at scale 1: wider than tall lies sideways, and each scale is the card's
    side over the standard card's side that lies the same way (to 4 decimals, so that
    a size spelt out in other units that is the standard's scales by 1)."""
    sideways = width > height
    across, along = (standard[1], standard[0]) if sideways else standard
    return TableCard(sideways, round(width / across, 4), round(height / along, 4))


def plan_sheets(total: int, cols: int, rows: int) -> list[SheetPlan]:
    """Split total cards into sheets; a sheet smaller than the full grid uses the
    fewest rows (and, for a single row, the fewest columns) that hold it plus the
    hidden slot."""
    per_sheet = cols * rows - 1
    plans = []
    for number, first in enumerate(range(0, total, per_sheet), start=1):
        count = min(per_sheet, total - first)
        use_cols = min(cols, count + 1)
        use_rows = math.ceil((count + 1) / use_cols)
        plans.append(SheetPlan(number, first, count, use_cols, use_rows))
    return plans


def sheet_dpi(card_w: float, card_h: float, plans: Sequence[SheetPlan], dpi: int, max_side: int) -> int:
    """The dpi of a deck's sheets: the profile's, or less where the widest or the
    tallest of its sheets (by their grids as planned, each card a whole number of
    pixels: sheet_page) would exceed max_side pixels. A deck's sheets share one dpi,
    so that its cards and its back image look alike."""
    cols = max((plan.cols for plan in plans), default=1)
    rows = max((plan.rows for plan in plans), default=1)
    chosen = max(1, dpi)
    while chosen > 1 and max(cols * card_pixels(card_w, chosen), rows * card_pixels(card_h, chosen)) > max_side:
        chosen -= 1
    return chosen


def card_pixels(length: float, dpi: int) -> int:
    """A card's side (points) in whole pixels at dpi, as the PNG renderer draws it."""
    return round(length * dpi / 72)


def sheet_page(faces: tuple[Side, ...], hidden: Side, plan: SheetPlan, dpi: int) -> Page:
    """A sheet as a page: the faces butted in the plan's grid, the hidden face last.
    Each cell is the card's size in whole pixels at dpi, so that the cards meet on
    pixel edges, with no line of the white page between two, and the sheet is its grid
    of equal cells, as Tabletop Simulator cuts it."""
    w = card_pixels(hidden.frame.width + 2 * hidden.frame.bleed, dpi) * 72 / dpi
    h = card_pixels(hidden.frame.height + 2 * hidden.frame.bleed, dpi) * 72 / dpi
    grid = Grid(Paper("tts", plan.cols * w, plan.rows * h, 0.0), plan.cols, plan.rows, 0.0, 0.0, w, h)
    placed = [Placed(side, *_inset(grid.cell(slot), side), clip=Clip.BLEED) for slot, side in enumerate(faces)]
    placed.append(Placed(hidden, *_inset(grid.cell(plan.hidden_slot), hidden), clip=Clip.BLEED))
    return Page(grid.paper.width, grid.paper.height, tuple(placed))


def _inset(cell: tuple[float, float], side: Side) -> tuple[float, float]:
    return cell[0] + side.frame.bleed, cell[1] + side.frame.bleed
