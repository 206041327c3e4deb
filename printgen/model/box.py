"""Boxes: the home-made box's facts, a deck's box options and a print shop's die lines.

A deck's home-made box is a tuck box (one net: TUCK) or, where that does not fit the
paper, a two-piece box of a tray and a lid that slides over it (two nets: TRAY)."""

from __future__ import annotations

from printgen.frozen import frozen
from printgen.model.template import Template

Box4 = tuple[float, float, float, float]      # x, y, w, h in points
TUCK = "tuck"           # a double-tuck box: one net
TRAY = "tray"           # a two-piece box: a tray and a lid, a net each
STYLES = (TUCK, TRAY)
# The thinnest card or paper a length may give (0.02 mm; tissue paper is 0.03 mm): a thinner
# one is a slip of the keyboard, and its box or booklet would be named and summed as 0 mm.
THINNEST = 0.02 * 72 / 25.4


@frozen
class BoxFacts:
    """templates/box-tuck.yaml: the home-made box's sizes, lines and art."""

    lengths: dict[str, float]          # clearance, leaflet, sleeve, sleeve_thickness, tuck, glue_tab, notch,
                                       # dust_flap, taper, bleed; stock, lid_clearance (the two-piece box)
    line_width: float
    dash: tuple[float, ...]            # fold lines
    cut: str                           # colour of the cut lines
    fold: str                          # colour of the fold lines
    colors: dict[str, str]             # panel, glue
    templates: dict[str, str]          # front, side, back: template names


@frozen
class BoxOptions:
    """The deck's `box:` key, checked, with printgen's defaults where it has none."""

    card_thickness: float
    clearance: float
    title: str
    side: str
    back: str
    insert: float | None = None    # the deck's folded booklets' thickness; None: a leaflet's allowance
    sleeved: bool = False          # the cards go in sleeves: the box facts' sleeve and sleeve_thickness added
    style: str = ""                # TUCK or TRAY; "": whichever fits the paper (products/box.py styled())


@frozen
class TuckBox:
    """Everything a deck's box is laid out from: the box's facts, the deck's
    options, the deck as the box's templates see it (deck.*), the deck's (first) back
    template for the front's art and the box's templates by panel (front, side, back)."""

    facts: BoxFacts
    options: BoxOptions
    deck: dict[str, object]
    art: Template
    templates: dict[str, Template]


@frozen
class DieLine:
    """A print shop's tuck box: its art image and where the panels fall on it.

    panels has the same names as a box net's body panels (back, side-left, front,
    side-right, glue), each x, y, w, h in points from the image's top-left corner."""

    name: str
    cards: int                          # how many cards the shop says it holds
    pixels: tuple[int, int]             # the art image the shop asks for
    width: float
    height: float
    panels: dict[str, Box4]
    bleed: float
    safe: float
    glue: str                           # colour of the glue flap


@frozen
class DieSet:
    """The boxes of one die-line file, smallest first, and the card size they are for."""

    card: str
    dpi: int
    boxes: tuple[DieLine, ...]
