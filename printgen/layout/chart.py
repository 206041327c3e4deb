"""A census chart: per level, the solver's, the player model's and the greedy
player's win rates as bars with their 95% confidence intervals as whiskers, laid out
as one page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from printgen.deal.rating.interval import percent
from printgen.layout.page import Page
from printgen.layout.primitives import Primitive, Rect, line
from printgen.layout.text import TextStyle, set_text
from printgen.model import Paper
from printgen.shaping import font
from printgen.units import pt

SOLVER, PLAYER, GREEDY, INK, GRID = "#22304f", "#c49a2c", "#7d8799", "#1d2433", "#c9ccd3"
LEGEND = ((SOLVER, "winnable with full knowledge (solver)"),
          (PLAYER, "won by the player model (sees only what the level shows)"),
          (GREEDY, "won by a greedy player (never looks ahead)"))


class Row(Protocol):
    """What the chart reads of a census row (a frozen deal.census.CensusRow: read-only)."""

    @property
    def level(self) -> str: ...

    @property
    def deals(self) -> int: ...

    @property
    def win_rate(self) -> float: ...

    @property
    def win_low(self) -> float: ...

    @property
    def win_high(self) -> float: ...

    @property
    def player_rate(self) -> float: ...

    @property
    def player_low(self) -> float: ...

    @property
    def player_high(self) -> float: ...

    @property
    def greedy_rate(self) -> float: ...

    @property
    def greedy_low(self) -> float: ...

    @property
    def greedy_high(self) -> float: ...


def census_page(rows: Sequence[Row], paper: Paper, *, title: str,
                names: Mapping[str, str] | None = None) -> Page:
    """The chart on one landscape page of paper; names: a level's printed name."""
    names = names or {}
    sheet = paper.landscape()
    left, top = sheet.margin + pt(40), sheet.margin + pt(32)
    width, band = sheet.width - left - sheet.margin - pt(12), pt(34)
    prims: list[Primitive] = []
    prims += _text(title, sheet.margin + pt(8), sheet.margin + pt(6), sheet.width, pt(10), 16, "sans-bold")
    prims += _legend(sheet.margin + pt(8), sheet.margin + pt(19))
    for tick in range(0, 101, 10):
        x = left + width * tick / 100
        prims.append(line(x, top, x, top + band * len(rows), stroke=GRID, width=0.4))
        prims += _text(f"{tick}%", x - pt(8), top + band * len(rows) + pt(1.5), pt(16), pt(5), 8,
                       align="center")
    for i, row in enumerate(rows):
        y = top + band * i
        deals = f"{row.deals:,} {'deal' if row.deals == 1 else 'deals'}"
        prims += _text(f"{names.get(row.level, row.level)}\n{deals}", sheet.margin + pt(8),
                       y + pt(10), pt(30), pt(12), 10, "sans-bold")
        prims += _bar(left, y + pt(5), width, row.win_rate, row.win_low, row.win_high, SOLVER)
        prims += _bar(left, y + pt(14), width, row.player_rate, row.player_low, row.player_high, PLAYER)
        prims += _bar(left, y + pt(23), width, row.greedy_rate, row.greedy_low, row.greedy_high, GREEDY)
    return Page(sheet.width, sheet.height, prims=tuple(prims))


def _bar(x: float, y: float, width: float, rate: float, low: float, high: float,
         colour: str) -> list[Primitive]:
    h = pt(7)
    mid = y + h / 2
    label = f"{percent(rate, 1)}%  [{percent(low, 1)}, {percent(high, 1)}]"
    inside = rate > 0.45                         # the label sits inside long bars, after short ones
    label_x = x + pt(2) if inside else x + width * high + pt(2)
    return [Rect(x, y, width * rate, h, fill=colour),
            line(x + width * low, mid, x + width * high, mid, stroke=INK, width=0.8),
            line(x + width * low, y + pt(1.5), x + width * low, y + h - pt(1.5), stroke=INK, width=0.8),
            line(x + width * high, y + pt(1.5), x + width * high, y + h - pt(1.5), stroke=INK, width=0.8),
            *_text(label, label_x, y, pt(60), h, 8, color="#ffffff" if inside else INK, valign="middle")]


def _legend(x: float, y: float) -> list[Primitive]:
    prims: list[Primitive] = []
    left = x
    for colour, words in LEGEND:            # each key as wide as its words, then a gap
        width = font("sans").width(words, 8)
        prims += [Rect(left, y, pt(4), pt(4), fill=colour),
                  *_text(words, left + pt(6), y - pt(0.5), width + pt(1), pt(5), 8)]
        left += pt(6) + width + pt(8)
    return prims


def _text(text: str, x: float, y: float, w: float, h: float, size: float, font: str = "sans",
          *, align: str = "left", valign: str = "top", color: str = INK) -> list[Primitive]:
    style = TextStyle(font=font, size=size, color=color, align=align, valign=valign, wrap=False)
    return list(set_text(text, x, y, w, h, style, "census chart"))
