"""The page model: what layout hands the renderers.

A Side is one laid-out drawing (a card face or back, a box panel, a board, a whole
aid page) in its own Frame; a Page places Sides on a sheet and adds its own drawing
(crop and fold marks, captions). Coordinates are points, x right and y down, from the
top-left corner.
"""

from __future__ import annotations

import enum
from dataclasses import replace

from printgen.frozen import frozen
from printgen.layout.primitives import Primitive, shift, turn


@frozen
class Frame:
    """The boxes of one side, in points: trim at (0, 0, width, height)."""

    width: float
    height: float
    bleed: float
    safe: float

    def box(self, name: str) -> tuple[float, float, float, float]:
        inset = {"bleed": -self.bleed, "trim": 0.0, "safe": self.safe}[name]
        return inset, inset, self.width - 2 * inset, self.height - 2 * inset


@frozen
class Side:
    """One laid-out drawing: its file name stem, a label for messages, its frame and
    its primitives (in the frame's coordinates; the bleed reaches into negatives)."""

    name: str
    label: str
    frame: Frame
    prims: tuple[Primitive, ...]


def turn_side(side: Side, quarter_turns: int, *, dx: float = 0.0) -> Side:
    """The side's drawing turned clockwise by quarter turns about its frame, then moved
    dx across: a quarter either way for a shop's upright cards (deck.quarter_turned()),
    half round for the backs behind a sheet turned end over end (sheet.back_sides())
    and for a booklet's pages, which are also moved toward the spine (booklet_sheets).
    After an odd number of quarter turns the frame lies on its side: its width and
    height change places."""
    q = quarter_turns % 4
    if q == 0 and dx == 0:
        return side
    frame = side.frame
    prims = tuple(turn(p, q, frame.width, frame.height) for p in side.prims)
    if dx:
        prims = tuple(shift(p, dx, 0.0) for p in prims)
    if q % 2:
        frame = replace(frame, width=frame.height, height=frame.width)
    return replace(side, frame=frame, prims=prims)


class Clip(enum.Enum):
    """Where a placed side's drawing is cut."""

    TRIM = "trim"          # at its trim box: butted cards, fold panels
    BLEED = "bleed"        # at its bleed box: a card alone on its page, a box panel
    NONE = "none"          # not at all


@frozen
class Placed:
    """A side on a page, its trim box's top-left corner at (x, y). A side cut at its
    trim may keep some of its bleed: `reach` is how far its drawing runs past the trim
    on the left, top, right and bottom (each at most the frame's bleed), as a card on
    the outside of a block of butted cards carries colour past the block's cut."""

    side: Side
    x: float
    y: float
    clip: Clip = Clip.TRIM
    reach: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)

    def cut(self) -> tuple[float, float, float, float]:
        """Where the drawing is cut, in the side's frame: left, top, width, height
        (None of it for Clip.NONE; reach applies to Clip.TRIM)."""
        frame = self.side.frame
        if self.clip is Clip.BLEED:
            return frame.box("bleed")
        left, top, right, bottom = (min(max(r, 0.0), frame.bleed) for r in self.reach)
        return -left, -top, frame.width + left + right, frame.height + top + bottom


@frozen
class Target:
    """A place in a document: a page (0-based) and a height on it (points from its top)."""

    page: int
    y: float = 0.0


@frozen
class Link:
    """An area of a page (x, y from its top-left, w x h) that jumps to a target when
    clicked in a reader (a contents entry, in a booklet's reading copy), or opens a
    web or mail address (a link in its text)."""

    x: float
    y: float
    w: float
    h: float
    to: Target | str


@frozen
class Bookmark:
    """An entry of a document's outline (the reader's bookmarks): level 1 at the top."""

    level: int
    title: str
    to: Target


@frozen
class Page:
    """One laid-out page: its size, the sides placed on it, its own drawing and links."""

    width: float
    height: float
    placed: tuple[Placed, ...] = ()
    prims: tuple[Primitive, ...] = ()     # page-level drawing: crop marks, captions
    links: tuple[Link, ...] = ()          # each to a target that a bookmark of the document names, or an address


@frozen
class PrintFile:
    """Laid-out pages that make one file: its name (in the output folder) and title."""

    name: str
    title: str
    pages: tuple[Page, ...]
    bookmarks: tuple[Bookmark, ...] = ()       # a reading copy's outline
    rtl: bool = False                          # a reading copy whose spreads read right to left
    sides: str = ""                            # the print dialog's sides (print_sides()); "": the printer's own
