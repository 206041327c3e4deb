"""The duplex calibration sheet: a turn check and a target on the front, a square and
rulers on the back.

Hold the printed sheet against a light, its front towards you. The turn check: the
back's black square shows through inside the front's TURN CHECK box when the sheet
was turned as named (about its long or its short edge), and inside the box at the
other end of the sheet, diagonally across, when it was turned the other way (that
turn mirrors the back about the other axis). The offsets: where the front's vertical
line crosses the back's horizontal ruler is the X offset to enter, where the
horizontal line crosses the vertical ruler the Y offset. A tick labelled v sits v mm
from where a perfectly registered back would put the line, so the reading is the
correction. The front also says how to turn the sheet by hand.
"""

from __future__ import annotations

from printgen.errors import InputError
from printgen.layout.impose import CALIBRATION_RANGE_MM, back_position
from printgen.layout.page import Page
from printgen.layout.primitives import Primitive, Rect, line
from printgen.layout.text import TextStyle, set_text
from printgen.model import Duplex, Paper, TurnCheck
from printgen.units import pt

RANGE_MM = CALIBRATION_RANGE_MM       # the rulers read from -RANGE_MM to +RANGE_MM
ARM_MM = 40           # half-length of the front's target lines
INSET_MM = 10         # the texts' distance inside the printer margin
STEPS_MM = 40         # the height of the front's opening text (how to print it)
BOX_LINE = 1.2        # points: the boxes' frames, seen through the sheet with the square


def target(paper: Paper) -> tuple[float, float]:
    """The front target's centre: a little above and left of the page centre."""
    return paper.width * 0.45, paper.height * 0.45


def check_box(paper: Paper, check: TurnCheck) -> tuple[float, float]:
    """The centre of the front's TURN CHECK box: at the left, below the opening text
    and above the target. The box the square shows in after the other turn is
    diagonally across the page from it (wrong_box)."""
    inset = paper.margin + pt(INSET_MM)
    return inset + check.box / 2, inset + pt(STEPS_MM + 2) + check.box / 2


def wrong_box(paper: Paper, check: TurnCheck) -> tuple[float, float]:
    """Where the back's square shows after the other turn: the check box's place
    mirrored about both axes (the two turns differ by a half turn of the back)."""
    cx, cy = check_box(paper, check)
    return paper.width - cx, paper.height - cy


def other(duplex: Duplex) -> Duplex:
    return Duplex.SHORT if duplex is Duplex.LONG else Duplex.LONG


def calibration_pages(paper: Paper, duplex: Duplex, check: TurnCheck) -> list[Page]:
    """The front and the back, its turn check sized by `check`; InputError for a duplex
    that does not turn the sheet (none, fold), whose back no ruler could be read against."""
    if duplex not in (Duplex.LONG, Duplex.SHORT):
        raise InputError(f"--duplex: a calibration sheet is read once it is turned over; expected long "
                         f"or short (the edge it is turned about), got {duplex.value}")
    fx, fy = target(paper)
    bx, by = back_position(paper, fx, fy, 0.0, 0.0, duplex)
    front: list[Primitive] = [line(fx - pt(ARM_MM), fy, fx + pt(ARM_MM), fy, width=0.6),
                              line(fx, fy - pt(ARM_MM), fx, fy + pt(ARM_MM), width=0.6)]
    front += _steps(paper, duplex) + _boxes(paper, duplex, check) + _write_in(paper)
    back = _ruler(bx, by + pt(14), horizontal=True) + _ruler(bx + pt(14), by, horizontal=False)
    back += _square(paper, duplex, check)
    back += _caption(paper, "BACK (page 2). Where the front's vertical line crosses the horizontal ruler, "
                     "read X; where the front's horizontal line crosses the vertical ruler, read Y. "
                     "Then build with --back-offset Xmm,Ymm (for example --back-offset 1.5mm,-1mm). "
                     f"Lines that miss the rulers by far (more than {RANGE_MM} mm): look at the "
                     "front's TURN CHECK first.")
    return [Page(paper.width, paper.height, prims=tuple(front)),
            Page(paper.width, paper.height, prims=tuple(back))]


def turn_words(duplex: Duplex) -> tuple[str, str]:
    """How a sheet is turned over by hand for this duplex, and where the pencil arrow
    then points (see _steps)."""
    if duplex is Duplex.LONG:
        return "over sideways, about its long edge", "still points into the printer"
    return "over end over end, about its short edge", "points out of the printer"


def _steps(paper: Paper, duplex: Duplex) -> list[Primitive]:
    """The opening text: how to print the sheet, with a duplex printer or by hand."""
    turn, arrow = turn_words(duplex)
    text = (f"FRONT (page 1). Print this sheet on both sides at 100 % (actual size), turned {turn} "
            f"(--duplex {duplex.value}).\n"
            f"Duplex printer: print both pages, two-sided, flipped on the {duplex.value} edge.\n"
            "By hand: before printing, pencil an arrow on the upper side of the sheet the printer takes "
            "first, pointing into the printer. Print page 1 alone. Put the sheet back as it lay (your arrow "
            f"on top, pointing in), then turn it {turn}: your arrow is now underneath and {arrow}. "
            "Print page 2.\n"
            "Then hold the sheet against a light, this side towards you.")
    inset = paper.margin + pt(INSET_MM)
    style = TextStyle(font="sans", size=9.5, line_height=1.3, min_size=7.0)
    return list(set_text(text, inset, inset, paper.width - 2 * inset, pt(STEPS_MM), style, "calibration steps"))


def _boxes(paper: Paper, duplex: Duplex, check: TurnCheck) -> list[Primitive]:
    """The TURN CHECK box, with its label on its right, and the box the square shows in
    after the other turn, its label on its left."""
    prims: list[Primitive] = []
    inset = paper.margin + pt(INSET_MM)
    half = check.box / 2
    style = TextStyle(font="sans", size=9.0, line_height=1.25, valign="middle", min_size=7.0)
    right = (f"TURN CHECK. The back's black square shows through inside this box: the sheet was turned "
             f"about its {duplex.value} edge, as it should be. Now read the rulers.")
    wrong = (f"The square shows through here instead: the sheet was turned about its {other(duplex).value} "
             f"edge. Turn it the other way (or choose the other flip in the print dialog), "
             f"or build with --duplex {other(duplex).value}.")
    for (cx, cy), text, label_x in ((check_box(paper, check), right, None), (wrong_box(paper, check), wrong, inset)):
        prims.append(Rect(cx - half, cy - half, 2 * half, 2 * half, stroke="#000000", width=BOX_LINE))
        gap = pt(4)
        x0 = cx + half + gap if label_x is None else label_x
        x1 = paper.width - inset if label_x is None else cx - half - gap
        prims += set_text(text, x0, cy - half, x1 - x0, 2 * half, style, "calibration turn check")
    return prims


def _write_in(paper: Paper) -> list[Primitive]:
    """A line to write on how the printer takes a printed stack back: learnt once."""
    inset = paper.margin + pt(INSET_MM)
    y = paper.height - inset - pt(8)
    style = TextStyle(font="sans", size=9.0, valign="bottom", wrap=False)
    label = "How I put a printed stack back for its backs:"
    prims: list[Primitive] = list(set_text(label, inset, y - pt(6), pt(75), pt(6), style, "calibration notes"))
    prims.append(line(inset + pt(76), y, paper.width - inset, y, width=0.4))
    return prims


def _square(paper: Paper, duplex: Duplex, check: TurnCheck) -> list[Primitive]:
    """The back's black square, placed behind the TURN CHECK box for the named turn,
    with a line saying so beside it."""
    side = check.square
    cx, cy = check_box(paper, check)
    x, y = back_position(paper, cx - side / 2, cy - side / 2, side, side, duplex)
    prims: list[Primitive] = [Rect(x, y, side, side, fill="#000000")]
    inset = paper.margin + pt(INSET_MM)
    gap = pt(4) + (check.box - side) / 2
    left = x > paper.width / 2                   # the label goes on the side with room
    x0 = inset if left else x + side + gap
    x1 = x - gap if left else paper.width - inset
    style = TextStyle(font="sans", size=9.0, line_height=1.25, valign="middle", min_size=7.0)
    text = (f"Seen from the front, this square lies inside the TURN CHECK box when the sheet "
            f"was turned about its {duplex.value} edge.")
    prims += set_text(text, x0, y - pt(4), x1 - x0, side + pt(8), style, "calibration turn check")
    return prims


LABEL_EVERY = 5        # mm between labelled ticks
LABEL_SIZE = 8.0       # points: read at arm's length against a light
TICK = 2.0             # mm: a millimetre tick's length
LONG_TICK = 4.0        # mm: a labelled tick's
ZERO_TICK = 6.0        # mm: the zero tick's, the reading of a perfect printer


def label(value: int) -> str:
    """A ruler's label: a true minus (U+2212) and an explicit plus, zero bare."""
    return "0" if value == 0 else f"{'+' if value > 0 else chr(0x2212)}{abs(value)}"


def _ruler(x: float, y: float, *, horizontal: bool) -> list[Primitive]:
    """Ticks every millimetre from -RANGE_MM to +RANGE_MM along one axis, longer and
    labelled every LABEL_EVERY mm, the zero tick longest and heaviest."""
    prims: list[Primitive] = []
    style = TextStyle(font="sans-bold", size=LABEL_SIZE, align="center", valign="middle", wrap=False)
    box_w, box_h = pt(LABEL_EVERY) - pt(0.5), pt(4)
    for value in range(-RANGE_MM, RANGE_MM + 1):
        labelled = value % LABEL_EVERY == 0
        length = pt(ZERO_TICK if value == 0 else LONG_TICK if labelled else TICK)
        width = 1.0 if value == 0 else 0.6 if labelled else 0.4
        along = pt(value)
        if horizontal:
            prims.append(line(x + along, y, x + along, y + length, width=width))
        else:
            prims.append(line(x, y + along, x + length, y + along, width=width))
        if labelled:
            where = pt(ZERO_TICK + 1)
            if horizontal:
                box = (x + along - box_w / 2, y + where, box_w, box_h)
            else:
                box = (x + where, y + along - box_h / 2, box_w, box_h)
            prims += set_text(label(value), *box, style, "calibration ruler")
    name = TextStyle(font="sans", size=LABEL_SIZE, valign="middle", wrap=False)
    end = pt(RANGE_MM + 2)
    box = (x + end, y, pt(14), pt(4)) if horizontal else (x, y + end, pt(14), pt(4))
    prims += set_text("X mm" if horizontal else "Y mm", *box, name, "calibration ruler")
    return prims


def _caption(paper: Paper, text: str) -> list[Primitive]:
    style = TextStyle(font="sans", size=10, line_height=1.3)
    margin = paper.margin + pt(10)
    return list(set_text(text, margin, paper.height - margin - pt(25), paper.width - 2 * margin,
                         pt(25), style, "calibration caption"))
