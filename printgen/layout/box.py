"""Tuck box nets: the flat shape of a double-tuck box sized for a deck, as geometry.

The net, left to right: back panel, side, front panel, side, glue tab. The top lid
and its tuck flap hang from the back panel, the bottom lid and its tuck flap from
the front panel, and each side carries a dust flap at the top and at the bottom.
The front's top edge has a thumb notch. Origin is the net's top-left corner
(without bleed), y down, every length in points.
"""

from __future__ import annotations

import math

from printgen.frozen import frozen
from printgen.layout.primitives import Point, Polygon, Rect, line
from printgen.model import Deck
from printgen.model.box import Box4, BoxFacts, BoxOptions


@frozen
class BoxSize:
    """What a tuck box must hold and the shape of its flaps, in points."""

    inner_w: float          # card width + clearance
    inner_h: float          # card height + clearance
    depth: float            # deck thickness + clearance
    tuck: float             # tuck flap height
    glue: float             # glue tab width
    notch: float            # thumb notch radius
    dust: float             # dust flap height
    taper: float            # how far flaps are cut in at their outer corners


def box_size(deck: Deck, options: BoxOptions, facts: BoxFacts) -> BoxSize:
    """Inner size = card + clearance each way; depth = cards x thickness + clearance +
    what goes in beside the cards (the deck's folded booklets, else the leaflet allowance).
    Sleeved cards are wider and taller by the facts' sleeve, thicker by its sleeve_thickness."""
    f = facts.lengths
    insert = f["leaflet"] if options.insert is None else options.insert
    sleeve, layers = (f["sleeve"], f["sleeve_thickness"]) if options.sleeved else (0.0, 0.0)
    depth = len(deck.cards) * (options.card_thickness + layers) + options.clearance + insert
    return BoxSize(deck.size.width + sleeve + options.clearance, deck.size.height + sleeve + options.clearance,
                   depth, f["tuck"], f["glue_tab"], f["notch"], f["dust_flap"], f["taper"])


@frozen
class Net:
    """A box net: its panels by name, its cut outline and its fold lines. Panels named
    glue... are glue tabs, left bare; tabs: their shapes where they are not rectangles."""

    size: BoxSize
    width: float
    height: float
    panels: dict[str, Box4]                               # x, y, w, h
    outline: tuple[Point, ...]                            # closed cut path
    folds: tuple[tuple[float, float, float, float], ...]  # x1, y1, x2, y2
    tabs: tuple[tuple[Point, ...], ...] = ()              # closed shapes inside the outline


def tuck_net(size: BoxSize) -> Net:
    """The net of a double-tuck box for size."""
    w, h, d, t = size.inner_w, size.inner_h, size.depth, size.tuck
    dust = min(size.dust, w / 2)
    xs = (0.0, w, w + d, 2 * w + d, 2 * w + 2 * d)
    top, bottom = t + d, t + d + h
    panels = {
        "back": (xs[0], top, w, h), "side-left": (xs[1], top, d, h),
        "front": (xs[2], top, w, h), "side-right": (xs[3], top, d, h),
        "glue": (xs[4], top, size.glue, h),
        "lid-top": (0.0, t, w, d), "tuck-top": (0.0, 0.0, w, t),
        "lid-bottom": (xs[2], bottom, w, d), "tuck-bottom": (xs[2], bottom + d, w, t),
        "dust-top-left": (xs[1], top - dust, d, dust), "dust-top-right": (xs[3], top - dust, d, dust),
        "dust-bottom-left": (xs[1], bottom, d, dust), "dust-bottom-right": (xs[3], bottom, d, dust),
    }
    return Net(size, xs[4] + size.glue, 2 * t + 2 * d + h, panels,
               _outline(size, xs, top, bottom, dust), _folds(size, xs, top, bottom))


def _outline(size: BoxSize, xs: tuple[float, ...], top: float, bottom: float,
             dust: float) -> tuple[Point, ...]:
    w, d, t, k = size.inner_w, size.depth, size.tuck, min(size.taper * 2, size.tuck / 2)
    taper, glue, end = size.taper, size.glue, bottom + d + t
    gt = min(taper, size.inner_h / 4)
    pts: list[Point] = [(0, top), (0, k), (k, 0), (w - k, 0), (w, k), (w, top)]
    pts += [(xs[1] + taper, top - dust), (xs[2] - taper, top - dust), (xs[2], top)]
    pts += notch(xs[2] + w / 2, top, size.notch)
    pts += [(xs[3], top), (xs[3] + taper, top - dust), (xs[4] - taper, top - dust), (xs[4], top)]
    pts += [(xs[4] + glue, top + gt), (xs[4] + glue, bottom - gt), (xs[4], bottom)]
    pts += [(xs[4] - taper, bottom + dust), (xs[3] + taper, bottom + dust), (xs[3], bottom)]
    pts += [(xs[3], end - k), (xs[3] - k, end), (xs[2] + k, end), (xs[2], end - k), (xs[2], bottom)]
    pts += [(xs[2] - taper, bottom + dust), (xs[1] + taper, bottom + dust), (xs[1], bottom)]
    pts += [(0, bottom)]
    return tuple(pts)


def notch(cx: float, y: float, r: float, steps: int = 24) -> list[Point]:
    """A half circle cut down into the front panel from its top edge, left to right."""
    return [(cx - r * math.cos(math.pi * i / steps), y + r * math.sin(math.pi * i / steps))
            for i in range(steps + 1)]


def _folds(size: BoxSize, xs: tuple[float, ...], top: float,
           bottom: float) -> tuple[tuple[float, float, float, float], ...]:
    t, d = size.tuck, size.depth
    verticals = [(x, top, x, bottom) for x in xs[1:]]
    horizontals = [(0.0, top, xs[1], top), (0.0, t, xs[1], t),
                   (xs[1], top, xs[2], top), (xs[3], top, xs[4], top),
                   (xs[1], bottom, xs[4], bottom), (xs[2], bottom + d, xs[3], bottom + d)]
    return tuple(verticals + horizontals)


def printed_areas(net: Net, bleed: float) -> list[Box4]:
    """The rectangles to paint, each panel grown by the bleed (the glue tabs stay bare)."""
    return [(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed)
            for name, (x, y, w, h) in net.panels.items() if not name.startswith("glue")]


def net_lines(net: Net, *, dx: float, dy: float, cut: str, fold: str, width: float,
              dash: tuple[float, ...]) -> list[Polygon]:
    """The cut outline (solid) and fold lines (dashed), moved by (dx, dy)."""
    outline = Polygon(tuple((x + dx, y + dy) for x, y in net.outline), stroke=cut, width=width)
    folds = [line(x1 + dx, y1 + dy, x2 + dx, y2 + dy, stroke=fold, width=width, dash=dash)
             for x1, y1, x2, y2 in net.folds]
    return [outline, *folds]


def paint(areas: list[Box4], color: str, dx: float, dy: float) -> list[Rect]:
    return [Rect(x + dx, y + dy, w, h, fill=color) for x, y, w, h in areas]
