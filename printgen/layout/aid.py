"""Play aids as pages: a Stance aid per player and the shared Fatigue track with
counters to cut out (Jedi Duel). Everything printed comes from the aid's data file.
"""

from __future__ import annotations

import math

from printgen.errors import FitError
from printgen.layout.deck import Side
from printgen.layout.face import Frame
from printgen.layout.fold import FoldStyle, flow
from printgen.layout.primitives import Ellipse, Primitive, Rect, line, shift
from printgen.layout.sheet import Page, Placed
from printgen.layout.text import TextStyle, set_text
from printgen.model import Paper
from printgen.model.aid import Aid, Stance
from printgen.units import mm, pt


def _text(text: str, box: tuple[float, float, float, float], where: str, **style: object) -> list[Primitive]:
    x, y, w, h = box
    return list(set_text(text, x, y, w, h, TextStyle(**style), where))   # type: ignore[arg-type]


def _page(sheet: Paper, prims: list[Primitive]) -> Page:
    side = Side("aid", "play aid", Frame(sheet.width, sheet.height, 0, 0), tuple(prims))
    return Page(sheet.width, sheet.height, (Placed(side, 0.0, 0.0, clip="none"),), kind="other")


def stance_page(aid: Aid, player: int, paper: Paper) -> Page:
    """One player's Stance aid: three card-sized Stance spaces with their modifiers and
    perks, and the rules reminders flowed into the columns beside and below them."""
    sheet = paper.landscape()
    edge = sheet.margin + pt(3)
    accent = aid.colors["accent"]
    color = aid.player_colors[player - 1]
    where = f"{aid.source} (Stance aid, player {player})"
    prims: list[Primitive] = [Rect(edge, edge, pt(6), pt(8), fill=color)]
    prims += _text(f"{aid.title}: Stance aid, player {player}", (edge + pt(9), edge, pt(200), pt(8)),
                   where, font="sans-bold", size=13, color=accent, valign="middle")
    box_w, box_h, gap = aid.card[0] + pt(3), aid.card[1] + pt(3), pt(4)
    top = edge + pt(11)
    for i, stance in enumerate(aid.stances):
        x = edge + i * (box_w + gap)
        prims += _stance(aid, stance, x, top, box_w, box_h, where)
    right = edge + 3 * (box_w + gap)
    regions = [(right, edge, sheet.width - edge - right, sheet.height - 2 * edge)]
    prims += _flow_into(aid, regions, where)
    return _page(sheet, prims)


def _stance(aid: Aid, stance: Stance, x: float, y: float, w: float, h: float, where: str) -> list[Primitive]:
    ink, accent = aid.colors["ink"], aid.colors["accent"]
    prims: list[Primitive] = _text(f"{stance.name} Stance  {stance.suit}", (x, y, w, pt(6)), where,
                                   font="sans-bold", size=10, color=accent, valign="middle")
    prims.append(Rect(x, y + pt(6), w, h, fill=aid.colors["space"], stroke=accent, width=0.8, radius=pt(2)))
    prims += _text("place your Stance card here", (x, y + pt(6) + h / 2 - pt(3), w, pt(6)), where,
                   size=7, color=aid.colors["faint"], align="center", valign="middle")
    table_top = y + pt(8) + h
    rows = [("struck area", "your attack", "your defence")]
    for area in aid.areas:
        attack = aid.attack["own"] if area == stance.name else aid.attack["other"]
        rows.append((area, attack, aid.defence[stance.name][area]))
    col = w / 3
    for r, row in enumerate(rows):
        cy = table_top + r * pt(5)
        for c, cell in enumerate(row):
            prims += _text(cell, (x + c * col + pt(1), cy, col - pt(2), pt(5)), where,
                           font="sans-bold" if r == 0 or c == 0 else "sans", size=7, min_size=5,
                           color=ink, align="left" if c == 0 else "center", valign="middle")
        prims.append(line(x, cy + pt(5), x + w, cy + pt(5), stroke=accent, width=0.6 if r == 0 else 0.25))
    prims += _text(f"Clubs: attack {aid.attack['club']}, defend with no bonus.",
                   (x, table_top + pt(21), w, pt(5)), where, font="sans-italic", size=6.5, min_size=5,
                   color=ink)
    prims += _text(stance.perk, (x, table_top + pt(27), w, pt(16)), where, size=7, min_size=5.5,
                   color=ink)
    return prims


def _flow_into(aid: Aid, regions: list[tuple[float, float, float, float]], where: str) -> list[Primitive]:
    """The sections flowed region by region (all regions the height of the shortest)."""
    width = min(r[2] for r in regions)
    height = min(r[3] for r in regions)
    style = FoldStyle(width, height, 0.0, pt(2.7), (9.0, 8.5, 8.0), 6.5, 0.0, 1.2, pt(1.2), pt(3),
                      aid.colors["ink"], aid.colors["accent"])
    panels = flow(list(aid.sections), style)
    if len(panels) > len(regions):
        over = sum(used for _, used in panels[len(regions):])
        raise FitError(f"{where}: the sections need {len(panels)} columns but the aid has "
                       f"{len(regions)}; over by about {mm(over):.0f} mm; shorten them")
    prims: list[Primitive] = []
    for (x, y, _, _), (made, _) in zip(regions, panels):
        prims += [shift(p, x, y) for p in made]
    return prims


def fatigue_page(aid: Aid, players: int, paper: Paper) -> Page:
    """The shared Fatigue track, one column per group of values then the out space,
    each space with a spot for every player's counter; the counters to cut out."""
    sheet = paper.landscape()
    edge = sheet.margin + pt(3)
    accent = aid.colors["accent"]
    where = f"{aid.source} fatigue"
    prims: list[Primitive] = _text(f"{aid.title}: Fatigue track ({players} players)",
                                   (edge, edge, pt(200), pt(8)), where, font="sans-bold", size=13,
                                   color=accent, valign="middle")
    count = len(aid.columns) + 1
    gap = pt(4)
    col_w = (sheet.width - 2 * edge - (count - 1) * gap) / count
    rows = max(len(column) for column in aid.columns)
    top = edge + pt(16)
    cell_h = (sheet.height - edge - top) / rows
    for c, column in enumerate(aid.columns):
        x = edge + c * (col_w + gap)
        prims += _text(f"{column[0]} to {column[-1]}", (x, top - pt(6), col_w, pt(5)), where,
                       font="sans-bold", size=8, color=accent, align="center")
        for r, value in enumerate(column):
            prims += _cell(aid, str(value), players, x, top + r * cell_h, col_w, cell_h, where)
    x = edge + len(aid.columns) * (col_w + gap)
    prims += _text("out", (x, top - pt(6), col_w, pt(5)), where, font="sans-bold", size=8,
                   color=accent, align="center")
    prims += _cell(aid, str(aid.out), players, x, top, col_w, cell_h, where)
    prims += _counters(aid, players, x, top + cell_h + pt(6), col_w, where)
    return _page(sheet, prims)


def _cell(aid: Aid, label: str, players: int, x: float, y: float, w: float, h: float,
          where: str) -> list[Primitive]:
    prims: list[Primitive] = [Rect(x, y, w, h, fill=aid.colors["space"], stroke=aid.colors["accent"], width=0.6)]
    prims += _text(label, (x + pt(2), y, pt(12), h), where, font="sans-bold", size=16,
                   color=aid.colors["accent"], align="center", valign="middle")
    spot = aid.counter + pt(1)
    widest = max(1, int((w - pt(16)) // spot))
    down = math.ceil(players / widest)
    across = math.ceil(players / down)
    if down * spot > h - pt(2):
        raise FitError(f"{where}: {players} counters of {mm(aid.counter):g} mm do not fit a "
                       f"{mm(w):.0f} x {mm(h):.0f} mm track space; use smaller counters")
    x0 = x + pt(15)
    y0 = y + (h - down * spot) / 2
    for i in range(players):
        row, col = divmod(i, across)
        prims.append(Ellipse(x0 + col * spot + spot / 2, y0 + row * spot + spot / 2, aid.counter / 2,
                             aid.counter / 2, stroke=aid.colors["faint"], width=0.5))
    return prims


def _counters(aid: Aid, players: int, x: float, y: float, w: float, where: str) -> list[Primitive]:
    prims: list[Primitive] = _text("Counters: cut out one per player", (x, y, w, pt(5)), where,
                                   font="sans-bold", size=7, color=aid.colors["ink"])
    spot = aid.counter + pt(3)
    across = max(1, int(w // spot))
    for i in range(players):
        row, col = divmod(i, across)
        cx, cy = x + col * spot + spot / 2, y + pt(7) + row * spot + spot / 2
        prims.append(Ellipse(cx, cy, aid.counter / 2, aid.counter / 2, fill=aid.player_colors[i],
                             stroke="#000000", width=0.5))
        prims += _text(str(i + 1), (cx - aid.counter / 2, cy - aid.counter / 2, aid.counter, aid.counter),
                       where, font="sans-bold", size=11, color="#ffffff", align="center", valign="middle")
    return prims
