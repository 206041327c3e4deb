"""The assembly guide of a board split across sheets: a page, printed before the
sheets, with the plan of the sheets (each numbered where it lies on the board, the
overlap bands shaded, the alignment marks shown) and the steps to put it together."""

from __future__ import annotations

from printgen.layout.board import GUIDE_DASH, MARK_COLOR, Split
from printgen.layout.page import Page
from printgen.layout.primitives import Ellipse, Primitive, Rect, line
from printgen.layout.text import TextStyle, set_text
from printgen.units import mm, pt

INK = "#1a1a1a"
BAND = "#d8d8d8"
HEADING = TextStyle(font="sans-bold", size=14.0, color=INK, min_size=10.0)
BODY = TextStyle(font="sans", size=10.0, color=INK, min_size=8.0, line_height=1.3)
CREDITS = TextStyle(font="sans-italic", size=8.0, color=INK, min_size=6.5, valign="bottom")
NUMBER = TextStyle(font="sans-bold", size=16.0, color=INK, align="center", valign="middle", min_size=8.0)


def assembly_steps(split: Split, overlap: float) -> list[str]:
    """The steps, numbered, for this split (sheets counted left to right, top down)."""
    band = f"{mm(overlap):g} mm"
    return [
        "1. Print every sheet at actual size (100 %, no \u201cfit to page\u201d) on one side.",
        (f"2. Lay the {len(split.tiles)} sheets out as the plan shows: {split.cols} across, "
        f"{split.rows} down, sheet 1 at the top left. Neighbouring sheets share a {band} band "
        f"(shaded)."),
        ("3. On every sheet but those of the first column, cut along the dashed line in its left "
        "band; on every sheet but those of the first row, along the dashed line in its top band."),
        ("4. Starting from sheet 1, lay each cut sheet over its neighbours so that the half "
        "crosshairs at its cut edge meet the magenta crosshairs beneath; tape or glue it."),
        "5. For a sturdier board, glue the whole onto card or mounting board and trim the edges.",
    ]


def assembly_page(split: Split, board_w: float, board_h: float, overlap: float, title: str,
                  credits: tuple[str, ...] = ()) -> Page:
    """The guide for a board of board_w x board_h points split as `split`, the
    credits at its foot."""
    sheet = split.paper
    margin = max(sheet.margin, pt(10))
    width = sheet.width - 2 * margin
    prims: list[Primitive] = []
    prims += set_text(f"{title}: putting the {len(split.tiles)} sheets together", margin, margin,
                      width, pt(9), HEADING, "assembly guide heading")
    prims += set_text(f"The finished board is {mm(board_w):.0f} x {mm(board_h):.0f} mm.", margin,
                      margin + pt(10), width, pt(6), BODY, "assembly guide size")
    top = margin + pt(19)
    text_h = pt(62)
    plan_h = sheet.height - top - margin - text_h - pt(6)
    scale = min(width / board_w, plan_h / board_h)
    x0 = margin + (width - board_w * scale) / 2
    prims += _plan(split, overlap, x0, top, scale)
    y = top + board_h * scale + pt(6)
    for k, step in enumerate(assembly_steps(split, overlap)):
        prims += set_text(step, margin, y, width, pt(12), BODY, f"assembly guide step {k + 1}")
        y += pt(12.4)
    if credits:
        prims += set_text("  ".join(credits), margin, sheet.height - margin - pt(8), width, pt(8),
                          CREDITS, "assembly guide credits")
    return Page(sheet.width, sheet.height, (), tuple(prims))


def _plan(split: Split, overlap: float, x0: float, y0: float, scale: float) -> list[Primitive]:
    """The sheets drawn to scale: bands shaded, each sheet outlined and numbered, the
    cut lines dashed and the alignment marks in magenta."""
    prims: list[Primitive] = []
    for tile in split.tiles:                         # the shared bands first, under the outlines
        x, y, w, h = (x0 + tile.x * scale, y0 + tile.y * scale, tile.w * scale, tile.h * scale)
        if tile.col > 0:
            prims.append(Rect(x, y, overlap * scale, h, fill=BAND))
        if tile.row > 0:
            prims.append(Rect(x, y, w, overlap * scale, fill=BAND))
    for number, tile in enumerate(split.tiles, start=1):
        x, y, w, h = (x0 + tile.x * scale, y0 + tile.y * scale, tile.w * scale, tile.h * scale)
        prims.append(Rect(x, y, w, h, stroke=INK, width=0.8))
        if tile.col > 0:
            cut = x + overlap * scale / 2
            prims.append(line(cut, y, cut, y + h, stroke=MARK_COLOR, width=0.6, dash=GUIDE_DASH))
        if tile.row > 0:
            cut = y + overlap * scale / 2
            prims.append(line(x, cut, x + w, cut, stroke=MARK_COLOR, width=0.6, dash=GUIDE_DASH))
        prims += set_text(str(number), x, y, w, h, NUMBER, f"assembly guide sheet {number}")
    for mx, my in split.marks:
        prims.append(Ellipse(x0 + mx * scale, y0 + my * scale, pt(2), pt(2), stroke=MARK_COLOR, width=0.6))
    return prims
