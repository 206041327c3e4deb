"""A box's pages: the home-made box's nets on sheets, and a print shop's box art.

All carry the same panel art: the deck's back art on the front (below the thumb
notch), then the box templates' text on the front, both sides and the back. The
home-made box adds the painted panels and its cut and fold lines; the shop's art is
the panel colour over its whole image, with the glue flap left bare. A two-piece box
(layout/boxtray.py) carries the front's art and text on its lid's top, the side text
on the lid's two side walls and the back text under the tray; their walls at the
ends are left plain, and so are the tray's walls, which the lid covers.
"""

from __future__ import annotations

from collections.abc import Iterable

from printgen.errors import FitError
from printgen.layout.box import Net, box_size, net_lines, paint, printed_areas, tuck_net
from printgen.layout.boxtray import Placing, centred, together, tray_nets
from printgen.layout.face import context_for, layout_side
from printgen.layout.impose import choose_orientation, room
from printgen.layout.page import Clip, Frame, Page, Placed, Side, turn_side
from printgen.layout.primitives import Polygon, Primitive, Rect, shift
from printgen.model import Deck, Paper
from printgen.model.box import TRAY, Box4, DieLine, TuckBox
from printgen.units import mm

NOTCH_ROOM = 2 * 72 / 25.4     # between the thumb notch and the top of the front's art (2 mm)


def sheet_for(net: Net, paper: Paper, bleed: float, papers: Iterable[Paper], what: str = "the tuck box net") -> Paper:
    """Portrait or landscape paper that holds the net and its bleed inside the printer
    margin; FitError naming the net (what), the size needed and the papers (of those
    known) that would do."""
    need_w, need_h = net.width + 2 * bleed, net.height + 2 * bleed

    def fits(sheet: Paper) -> tuple[float, None] | None:
        room_w, room_h = room(sheet)
        return (0.0, None) if need_w <= room_w + 1e-6 and need_h <= room_h + 1e-6 else None

    chosen = choose_orientation(paper, fits)
    if chosen is not None:
        return chosen[0]
    others = [p.name for p in papers if p.name != paper.name and any(fits(s) for s in (p, p.landscape()))]
    known = ", ".join(dict.fromkeys([paper.name, *(p.name for p in papers)]))
    hint = f"use --paper {others[0]}" if others else f"no paper printgen prints on ({known}) holds it"
    raise FitError(f"{what} needs {mm(need_w):.1f} x {mm(need_h):.1f} mm with bleed, but "
                   f"{paper.name} holds {mm(paper.width - 2 * paper.margin):.1f} x "
                   f"{mm(paper.height - 2 * paper.margin):.1f} mm inside its printer margin "
                   f"(portrait or landscape); {hint}")


def layout_pages(deck: Deck, box: TuckBox, paper: Paper, papers: Iterable[Paper]) -> tuple[Page, ...]:
    """The box's sheets: the tuck box's one (layout_box), or the two-piece box's
    (layout_tray) where its style is TRAY."""
    return layout_tray(deck, box, paper, papers) if box.options.style == TRAY else (layout_box(deck, box, paper, papers),)


def two_nets(deck: Deck, box: TuckBox) -> tuple[Net, Net]:
    """The two-piece box's nets: the tray's and the lid's."""
    lengths = box.facts.lengths
    return tray_nets(box_size(deck, box.options, box.facts), lengths["stock"], lengths["lid_clearance"])


def tray_sheets(nets: tuple[Net, Net], paper: Paper, bleed: float,
                papers: Iterable[Paper]) -> list[tuple[Paper, list[Placing]]]:
    """The two-piece box's nets (tray, lid) on sheets of paper: both on one where they
    fit together, else each on its own; FitError, naming the papers that would hold
    it, where the lid's does not fit alone (the lid's net is the larger each way: where
    it fits, the tray's does)."""
    both = together(nets, paper, bleed)
    if both is not None:
        return [both]
    tray, lid = nets
    lid_sheet = sheet_for(lid, paper, bleed, papers, "the two-piece box's lid net")
    tray_sheet = sheet_for(tray, paper, bleed, papers, "the two-piece box's tray net")
    return [(tray_sheet, [centred(tray, tray_sheet)]), (lid_sheet, [centred(lid, lid_sheet)])]


def layout_tray(deck: Deck, box: TuckBox, paper: Paper, papers: Iterable[Paper]) -> tuple[Page, ...]:
    """The two-piece box: the tray's net and the lid's, on one sheet or two (tray_sheets()),
    each painted, the lid's top carrying the front's art and text, its side walls the
    side text, the tray's base the back text; the cut and fold lines on top."""
    facts = box.facts
    bleed, panel, glue = facts.lengths["bleed"], facts.colors.get("panel", "#ffffff"), facts.colors.get("glue", "#ffffff")
    nets = two_nets(deck, box)
    lid = nets[1]
    pages = []
    for sheet, placings in tray_sheets(nets, paper, bleed, papers):
        ground: list[Primitive] = []
        placed: list[Placed] = []
        lines: list[Primitive] = []
        for net, dx, dy in placings:
            ground += paint(printed_areas(net, bleed), panel, dx, dy)
            ground += [Polygon(tuple((x + dx, y + dy) for x, y in tab), fill=glue) for tab in net.tabs]
            placed += (lid_art if net is lid else tray_art)(deck, box, net.panels, dx, dy)
            lines += net_lines(net, dx=dx, dy=dy, cut=facts.cut, fold=facts.fold, width=facts.line_width,
                               dash=facts.dash)
        pages.append(Page(sheet.width, sheet.height, (_ground(sheet.width, sheet.height, ground), *placed),
                          tuple(lines)))
    return tuple(pages)


def layout_box(deck: Deck, box: TuckBox, paper: Paper, papers: Iterable[Paper]) -> Page:
    """The whole box on one page: painted panels, the deck's back art on the front,
    the templates' text, then the cut and fold lines on top. papers: those a FitError
    may suggest instead."""
    facts = box.facts
    net = tuck_net(box_size(deck, box.options, facts))
    bleed = facts.lengths["bleed"]
    sheet = sheet_for(net, paper, bleed, papers)
    dx, dy = (sheet.width - net.width) / 2, (sheet.height - net.height) / 2
    ground = paint(printed_areas(net, bleed), facts.colors.get("panel", "#ffffff"), dx, dy)
    gx, gy, gw, gh = net.panels["glue"]
    ground += paint([(gx, gy, gw, gh)], facts.colors.get("glue", "#ffffff"), dx, dy)
    placed = [_ground(sheet.width, sheet.height, ground)]
    placed += panel_art(deck, box, net.panels, dx, dy)
    lines = net_lines(net, dx=dx, dy=dy, cut=facts.cut, fold=facts.fold, width=facts.line_width,
                      dash=facts.dash)
    return Page(sheet.width, sheet.height, tuple(placed), tuple(lines))


def layout_die_art(deck: Deck, box: TuckBox, die: DieLine) -> Page:
    """A print shop's box art: the panel colour over the whole image (flaps and bleed
    included), the glue flap left bare from a bleed past its fold, and the same
    panel art as the home-made box on the shop's panels. No lines: the shop cuts."""
    gx, gy, _, gh = die.panels["glue"]
    ground = [Rect(0.0, 0.0, die.width, die.height, fill=box.facts.colors.get("panel", "#ffffff")),
              Rect(gx + die.bleed, gy, die.width - gx - die.bleed, gh, fill=die.glue)]
    placed = [_ground(die.width, die.height, ground), *panel_art(deck, box, die.panels, 0.0, 0.0)]
    return Page(die.width, die.height, tuple(placed), ())


def _ground(width: float, height: float, prims: list) -> Placed:
    return Placed(Side("box-ground", "box background", Frame(width, height, 0, 0), tuple(prims)),
                  0.0, 0.0, clip=Clip.NONE)


def panel_art(deck: Deck, box: TuckBox, panels: dict[str, Box4], dx: float, dy: float) -> list[Placed]:
    """The deck's back art cut to the front panel, then the templates' text on the
    front, both sides and the back; panels are (x, y, w, h) moved by (dx, dy)."""
    values = _values(deck, box)
    fx, fy, fw, fh = panels["front"]
    up = box.facts.lengths["bleed"]
    clear = box.facts.lengths["notch"] + NOTCH_ROOM
    placed = [Placed(_front_art(deck, box, fw, fh, up, clear), dx + fx, dy + fy - up, clip=Clip.TRIM)]
    for key, panel in (("front", "front"), ("side", "side-left"), ("side", "side-right"), ("back", "back")):
        x, y, w, h = panels[panel]
        side = _decor(deck, box, key, Frame(w, h, 0, 0), values, panel)
        placed.append(Placed(side, dx + x, dy + y, clip=Clip.NONE))
    return placed


def lid_art(deck: Deck, box: TuckBox, panels: dict[str, Box4], dx: float, dy: float) -> list[Placed]:
    """The two-piece box's lid: the deck's back art over its top (the base of its net),
    stopping at the folds, the front's text over it, and the side text on both side
    walls, each read with its letters' tops toward the lid's top (the left wall's
    drawing turned half round); panels are (x, y, w, h) moved by (dx, dy)."""
    values = _values(deck, box)
    fx, fy, fw, fh = panels["base"]
    placed = [Placed(_front_art(deck, box, fw, fh, 0.0, 0.0), dx + fx, dy + fy, clip=Clip.TRIM),
              Placed(_decor(deck, box, "front", Frame(fw, fh, 0, 0), values, "lid-top"), dx + fx, dy + fy,
                     clip=Clip.NONE)]
    for panel, turns in (("side-left", 2), ("side-right", 0)):
        x, y, w, h = panels[panel]
        side = turn_side(_decor(deck, box, "side", Frame(w, h, 0, 0), values, f"lid-{panel}"), turns)
        placed.append(Placed(side, dx + x, dy + y, clip=Clip.NONE))
    return placed


def tray_art(deck: Deck, box: TuckBox, panels: dict[str, Box4], dx: float, dy: float) -> list[Placed]:
    """The two-piece box's tray: the back's text on the outside of its base, the box's
    underside, upright as the lid's top is when the box is turned over side to side."""
    x, y, w, h = panels["base"]
    return [Placed(_decor(deck, box, "back", Frame(w, h, 0, 0), _values(deck, box), "tray-base"),
                   dx + x, dy + y, clip=Clip.NONE)]


def _values(deck: Deck, box: TuckBox) -> dict[str, str]:
    """What the box's templates show as box.*."""
    options = box.options
    return {"title": options.title, "side": options.side, "back": options.back, "credits": "\n".join(deck.credits)}


def _front_art(deck: Deck, box: TuckBox, w: float, h: float, up: float, clear: float) -> Side:
    """The deck's (first) back template on the front panel (w x h), running up past
    the panel's top cut by up (the bleed). The tuck box's top edge is cut with the
    thumb notch, so there the art is laid out below the notch (clear: its frame
    shortened by the notch and a little room) with its own bleed reaching up over the
    notch to the bleed line; at the sides and the bottom it stops on the panel's folds
    (and at the top too where up and clear are 0, on a lid's top)."""
    frame = Frame(w, h - clear, clear + up, deck.safe)
    name = deck.backs[0]
    context = context_for(frame, box.art, deck=box.deck)
    prims = layout_side(box.art, frame, context, f"{kind(box)} front (back {name!r})")
    return Side("box-front-art", f"box front ({name})", Frame(w, h + up, 0.0, 0.0),
                tuple(shift(p, 0.0, clear + up) for p in prims))


def _decor(deck: Deck, box: TuckBox, key: str, frame: Frame, values: dict[str, str], panel: str) -> Side:
    template = box.templates[key]
    context = context_for(frame, template, deck=box.deck, box=values)
    return Side(f"box-{panel}", f"box {panel}", frame,
                layout_side(template, frame, context, f"{kind(box)} {panel} of {deck.name}"))


def kind(box: TuckBox) -> str:
    """What the box is called in messages: tuck box, or two-piece box."""
    return "two-piece box" if box.options.style == TRAY else "tuck box"
