"""The duplex calibration sheet: a target on the front, rulers on the back.

Hold the printed sheet against a light: where the front's vertical line crosses
the back's horizontal ruler is the X offset to enter, where the horizontal line
crosses the vertical ruler the Y offset. A tick labelled v sits v mm from where a
perfectly registered back would put the line, so the reading is the correction.
"""

from __future__ import annotations

from printgen.errors import InputError
from printgen.layout.impose import CALIBRATION_RANGE_MM, back_position
from printgen.layout.page import Page
from printgen.layout.primitives import Primitive, line
from printgen.layout.text import TextStyle, set_text
from printgen.model import Duplex, Paper
from printgen.units import pt

RANGE_MM = CALIBRATION_RANGE_MM       # the rulers read from -RANGE_MM to +RANGE_MM
ARM_MM = 40           # half-length of the front's target lines


def target(paper: Paper) -> tuple[float, float]:
    """The front target's centre: a little above and left of the page centre."""
    return paper.width * 0.45, paper.height * 0.45


def calibration_pages(paper: Paper, duplex: Duplex) -> list[Page]:
    """The front and the back; InputError for a duplex that does not turn the sheet
    (none, fold), whose back no ruler could be read against."""
    if duplex not in (Duplex.LONG, Duplex.SHORT):
        raise InputError(f"--duplex: a calibration sheet is read once it is turned over; expected long "
                         f"or short (the edge it is turned about), got {duplex.value}")
    fx, fy = target(paper)
    bx, by = back_position(paper, fx, fy, 0.0, 0.0, duplex)
    front: list[Primitive] = [line(fx - pt(ARM_MM), fy, fx + pt(ARM_MM), fy, width=0.6),
                              line(fx, fy - pt(ARM_MM), fx, fy + pt(ARM_MM), width=0.6)]
    front += _caption(paper, "FRONT. Print this sheet on both sides "
                      f"(duplex: {duplex.value}-edge flip), then hold it against a light.")
    back = _ruler(bx, by + pt(14), horizontal=True) + _ruler(bx + pt(14), by, horizontal=False)
    back += _caption(paper, "BACK. Where the front's vertical line crosses the horizontal ruler, "
                     "read X; where the front's horizontal line crosses the vertical ruler, read Y. "
                     "Then build with --back-offset Xmm,Ymm (for example --back-offset 1.5mm,-1mm).")
    return [Page(paper.width, paper.height, prims=tuple(front)),
            Page(paper.width, paper.height, prims=tuple(back))]


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
