"""Two-piece boxes: a tray and a lid that slides down over it (a telescoping box), as nets.

Made where a deck's tuck box does not fit the paper, for the same inside size
(layout/box.py box_size()): the cards lie flat in the tray, the deck's thickness its
depth. Each net is a cross: its base in the middle and a wall on each of its sides.
The end walls (at the cards' short edges) carry a glue tab at each end, folded round
the corner and glued inside the side walls, and a thumb notch cut down from their rim:
the tray's to lift the cards out, the lid's to hold the tray while the lid comes off.

Folded, with the box's card stock t thick and a panel measured inside its folds (as
the tuck box's are): the tray's inside is its base, less a tab's t at each side, by
the height of its walls; its outside is t larger each way, its bottom t thick under
the cards. The lid's base is the tray's outside plus lid_clearance each way (plus its
own tabs' t at each side), and its walls are as high as the tray stands, so that the
lid covers it whole and rests on its rim. Origin is each net's top-left corner
(without bleed), y down, every length in points.
"""

from __future__ import annotations

from printgen.layout.box import BoxSize, Net, notch
from printgen.layout.impose import choose_orientation, room
from printgen.layout.primitives import Point
from printgen.model import Paper
from printgen.units import pt

SPACE = pt(4)           # between the bleeds of two nets on one sheet
Placing = tuple[Net, float, float]          # a net and where its top-left corner goes on the sheet


def tray_nets(size: BoxSize, stock: float, clearance: float) -> tuple[Net, Net]:
    """The tray's net and the lid's, for a box whose inside is size's, of card stock
    stock thick, the lid clearance larger each way than the tray's outside."""
    tray = _cross(size, size.inner_w + 2 * stock, size.inner_h, size.depth)
    lid = _cross(size, size.inner_w + 6 * stock + clearance, size.inner_h + 2 * stock + clearance,
                 size.depth + stock)
    return tray, lid


def _cross(size: BoxSize, w: float, h: float, d: float) -> Net:
    """A base w x h with walls d high on its four sides; glue tabs at both ends of the
    end walls (top and bottom), a thumb notch in each end wall's rim."""
    g, k = size.glue, min(size.taper, d / 4)
    left = max(d, g)                    # the base's left fold (tabs wider than the walls reach past them)
    right, bottom = left + w, d + h
    panels = {
        "base": (left, d, w, h), "end-top": (left, 0.0, w, d), "end-bottom": (left, bottom, w, d),
        "side-left": (left - d, d, d, h), "side-right": (right, d, d, h),
        "glue-top-left": (left - g, 0.0, g, d), "glue-top-right": (right, 0.0, g, d),
        "glue-bottom-left": (left - g, bottom, g, d), "glue-bottom-right": (right, bottom, g, d),
    }
    tabs = (_tab(left, 0.0, -g, d, k), _tab(right, 0.0, g, d, k),
            _tab(left, bottom, -g, d, k), _tab(right, bottom, g, d, k))
    r, cx, end = min(size.notch, d / 2), left + w / 2, bottom + d
    outline: list[Point] = [(left, 0.0), *notch(cx, 0.0, r), (right, 0.0), *tabs[1][1:3], (right, d),
                            (right + d, d), (right + d, bottom), (right, bottom), *tabs[3][1:3], (right, end),
                            *[(2 * cx - x, 2 * end - y) for x, y in notch(cx, end, r)], (left, end),
                            *reversed(tabs[2][1:3]), (left, bottom), (left - d, bottom), (left - d, d), (left, d),
                            *reversed(tabs[0][1:3])]
    folds = ((left, d, right, d), (left, bottom, right, bottom), (left, d, left, bottom), (right, d, right, bottom),
             (left, 0.0, left, d), (right, 0.0, right, d), (left, bottom, left, end), (right, bottom, right, end))
    return Net(size, 2 * left + w, end, panels, tuple(outline), folds, tabs)


def _tab(x: float, y: float, reach: float, d: float, taper: float) -> tuple[Point, ...]:
    """A glue tab on the upright edge x from y to y + d, reaching reach across (less than
    0: to the left), its ends cut in by taper: the edge's top, its two outer corners, its bottom."""
    return ((x, y), (x + reach, y + taper), (x + reach, y + d - taper), (x, y + d))


def together(nets: tuple[Net, Net], paper: Paper, bleed: float) -> tuple[Paper, list[Placing]] | None:
    """The sheet of paper (portrait, else landscape) that holds both nets with their
    bleed, one above the other or else side by side, and where each goes on it (the
    pair centred); None where they do not fit on one sheet."""
    a, b = nets
    apart = 2 * bleed + SPACE           # from one net's cut to the other's

    def fits(sheet: Paper) -> tuple[float, list[Placing]] | None:
        room_w, room_h = room(sheet)
        for across in (False, True):
            w = a.width + apart + b.width if across else max(a.width, b.width)
            h = max(a.height, b.height) if across else a.height + apart + b.height
            if w + 2 * bleed > room_w + 1e-6 or h + 2 * bleed > room_h + 1e-6:
                continue
            x0, y0 = (sheet.width - w) / 2, (sheet.height - h) / 2
            if across:
                return 0.0, [(a, x0, (sheet.height - a.height) / 2),
                             (b, x0 + a.width + apart, (sheet.height - b.height) / 2)]
            return 0.0, [(a, (sheet.width - a.width) / 2, y0), (b, (sheet.width - b.width) / 2, y0 + a.height + apart)]
        return None

    return choose_orientation(paper, fits)


def centred(net: Net, sheet: Paper) -> Placing:
    """The net centred on the sheet."""
    return net, (sheet.width - net.width) / 2, (sheet.height - net.height) / 2
