"""The page model: what layout hands the renderers.

A Side is one laid-out drawing (a card face or back, a box panel, a board, a whole
aid page) in its own Frame; a Page places Sides on a sheet and adds its own drawing
(crop and fold marks, captions). Coordinates are points, x right and y down, from the
top-left corner.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from printgen.layout.primitives import Primitive


@dataclass(frozen=True)
class Frame:
    """The boxes of one side, in points: trim at (0, 0, width, height)."""

    width: float
    height: float
    bleed: float
    safe: float

    def box(self, name: str) -> tuple[float, float, float, float]:
        inset = {"bleed": -self.bleed, "trim": 0.0, "safe": self.safe}[name]
        return inset, inset, self.width - 2 * inset, self.height - 2 * inset


@dataclass(frozen=True)
class Side:
    """One laid-out drawing: its file name stem, a label for messages, its frame and
    its primitives (in the frame's coordinates; the bleed reaches into negatives)."""

    name: str
    label: str
    frame: Frame
    prims: tuple[Primitive, ...]


class Clip(enum.Enum):
    """Where a placed side's drawing is cut."""

    TRIM = "trim"          # at its trim box: butted cards, fold panels
    BLEED = "bleed"        # at its bleed box: a card alone on its page, a box panel
    NONE = "none"          # not at all


@dataclass(frozen=True)
class Placed:
    """A side on a page, its trim box's top-left corner at (x, y)."""

    side: Side
    x: float
    y: float
    clip: Clip = Clip.TRIM


@dataclass(frozen=True)
class Target:
    """A place in a document: a page (0-based) and a height on it (points from its top)."""

    page: int
    y: float = 0.0


@dataclass(frozen=True)
class Link:
    """An area of a page (x, y from its top-left, w x h) that jumps to a target when
    clicked in a reader (a contents entry, in a booklet's reading copy)."""

    x: float
    y: float
    w: float
    h: float
    to: Target


@dataclass(frozen=True)
class Bookmark:
    """An entry of a document's outline (the reader's bookmarks): level 1 at the top."""

    level: int
    title: str
    to: Target


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    placed: tuple[Placed, ...] = ()
    prims: tuple[Primitive, ...] = ()     # page-level drawing: crop marks, captions
    links: tuple[Link, ...] = ()          # each to a target that a bookmark of the document names


@dataclass(frozen=True)
class PrintFile:
    """Laid-out pages that make one file: its name (in the output folder) and title."""

    name: str
    title: str
    pages: tuple[Page, ...]
    bookmarks: tuple[Bookmark, ...] = ()       # a reading copy's outline
