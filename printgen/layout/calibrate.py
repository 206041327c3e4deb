"""The duplex calibration sheet: a target on the front, rulers on the back.

Hold the printed sheet against a light: where the front's vertical line crosses
the back's horizontal ruler is the X offset to enter, where the horizontal line
crosses the vertical ruler the Y offset. A tick labelled v sits v mm from where a
perfectly registered back would put the line, so the reading is the correction.
"""

from __future__ import annotations

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
    fx, fy = target(paper)
    bx, by = back_position(paper, fx, fy, 0.0, 0.0, duplex)
    front: list[Primitive] = [line(fx - pt(ARM_MM), fy, fx + pt(ARM_MM), fy, width=0.6),
                              line(fx, fy - pt(ARM_MM), fx, fy + pt(ARM_MM), width=0.6)]
    front += _caption(paper, "FRONT. Print this sheet on both sides "
                      f"(duplex: {duplex.value}-edge flip), then hold it against a light."
                      if duplex is not Duplex.NONE else
                      "FRONT. Print this page, put the sheet back in the printer to print "
                      "the second page on its back, then hold it against a light.")
    back = _ruler(bx, by + pt(12), horizontal=True) + _ruler(bx + pt(12), by, horizontal=False)
    back += _caption(paper, "BACK. Where the front's vertical line crosses the horizontal ruler, "
                     "read X; where the front's horizontal line crosses the vertical ruler, read Y. "
                     "Then build with --back-offset Xmm,Ymm (for example --back-offset 1.5mm,-1mm).")
    return [Page(paper.width, paper.height, prims=tuple(front)),
            Page(paper.width, paper.height, prims=tuple(back))]


def _ruler(x: float, y: float, *, horizontal: bool) -> list[Primitive]:
    """Ticks every 0.5 mm from -RANGE_MM to +RANGE_MM along one axis, labelled each mm."""
    prims: list[Primitive] = []
    style = TextStyle(font="sans", size=6.5, align="center", valign="middle", wrap=False)
    for half_mm in range(-2 * RANGE_MM, 2 * RANGE_MM + 1):
        value = half_mm / 2
        length = pt(4 if half_mm % 2 == 0 else 2)
        if horizontal:
            tx = x + pt(value)
            prims.append(line(tx, y, tx, y + length, width=0.4))
            if half_mm % 2 == 0:
                prims += set_text(f"{value:+g}" if value else "0", tx - pt(4), y + pt(5), pt(8), pt(3),
                                  style, "calibration ruler")
        else:
            ty = y + pt(value)
            prims.append(line(x, ty, x + length, ty, width=0.4))
            if half_mm % 2 == 0:
                prims += set_text(f"{value:+g}" if value else "0", x + pt(5), ty - pt(1.5), pt(8), pt(3),
                                  style, "calibration ruler")
    return prims


def _caption(paper: Paper, text: str) -> list[Primitive]:
    style = TextStyle(font="sans", size=10, line_height=1.3)
    margin = paper.margin + pt(10)
    return list(set_text(text, margin, paper.height - margin - pt(25), paper.width - 2 * margin,
                         pt(25), style, "calibration caption"))
