"""A deck's tuck box: sized from the deck, decorated from templates, one PDF page.

Sizes and colours come from templates/box-tuck.yaml; a deck may override some of
them under its `box:` key (validated here, so errors name the deck file's line).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from printgen.errors import FitError
from printgen.lang.expr import render
from printgen.layout.box import BoxSize, Net, net_lines, paint, printed_areas, tuck_net
from printgen.layout.deck import deck_context
from printgen.layout.face import context_for, layout_side
from printgen.layout.impose import choose_orientation, room
from printgen.layout.page import Clip, Frame, Page, PageKind, Placed, Side
from printgen.layout.primitives import Rect, shift
from printgen.model import Deck, Paper
from printgen.model.box import Box4, DieLine
from printgen.render.pdf import render_pdf
from printgen.spec.box import box_facts, box_facts_file
from printgen.spec.printdata import print_facts
from printgen.spec.template import find_template, load_template
from printgen.units import Length, mm

NOTCH_ROOM = 2 * 72 / 25.4     # between the thumb notch and the top of the front's art (2 mm)


@dataclass(frozen=True)
class BoxOptions:
    """The deck's `box:` key, checked."""

    card_thickness: float
    clearance: float
    title: str
    side: str
    back: str


def box_options(deck: Deck, thickness: float | None = None) -> BoxOptions:
    """The deck's `box:` options with printgen's defaults where it has none; thickness
    (points) from the command line wins."""
    facts, box = box_facts(), deck.box
    card = box.thickness if box.thickness is not None else deck.card_thickness
    clearance = box.clearance if box.clearance is not None else facts.lengths["clearance"]
    back = box.back or render(facts.back, {"deck": box_deck_info(deck)}, f"{box_facts_file().name} back")
    title = box.title if box.title is not None else deck.title
    side = box.side if box.side is not None else deck.game or deck.title
    return BoxOptions(thickness if thickness is not None else card, clearance, title, side, back)


def box_deck_info(deck: Deck) -> dict[str, object]:
    return {**deck_context(deck), "size": str(deck.size)}


def box_size(deck: Deck, options: BoxOptions) -> BoxSize:
    """Inner size = card + clearance each way; depth = cards x thickness + clearance + leaflet."""
    f = box_facts().lengths
    depth = len(deck.cards) * options.card_thickness + options.clearance + f["leaflet"]
    return BoxSize(deck.size.width + options.clearance, deck.size.height + options.clearance,
                   depth, f["tuck"], f["glue_tab"], f["notch"], f["dust_flap"], f["taper"])


def sheet_for(net: Net, paper: Paper, bleed: float) -> Paper:
    """Portrait or landscape paper that holds the net and its bleed inside the printer
    margin; FitError naming the size needed and the papers that would do."""
    need_w, need_h = net.width + 2 * bleed, net.height + 2 * bleed

    def fits(sheet: Paper) -> tuple[float, None] | None:
        room_w, room_h = room(sheet)
        return (0.0, None) if need_w <= room_w + 1e-6 and need_h <= room_h + 1e-6 else None

    chosen = choose_orientation(paper, fits)
    if chosen is not None:
        return chosen[0]
    others = [p.name for p in print_facts().papers.values() if p.name != paper.name and any(
        fits(s) for s in (p, p.landscape()))]
    hint = f"use --paper {others[0]}" if others else "use fewer cards per box or a larger paper"
    raise FitError(f"the tuck box net needs {mm(need_w):.1f} x {mm(need_h):.1f} mm with bleed, but "
                   f"{paper.name} holds {mm(paper.width - 2 * paper.margin):.1f} x "
                   f"{mm(paper.height - 2 * paper.margin):.1f} mm inside its printer margin "
                   f"(portrait or landscape); {hint}")


def layout_box(deck: Deck, paper: Paper, options: BoxOptions) -> Page:
    """The whole box on one page: painted panels, the deck's back art on the front,
    the templates' text, then the cut and fold lines on top."""
    facts = box_facts()
    net = tuck_net(box_size(deck, options))
    bleed = facts.lengths["bleed"]
    sheet = sheet_for(net, paper, bleed)
    dx, dy = (sheet.width - net.width) / 2, (sheet.height - net.height) / 2
    ground = paint(printed_areas(net, bleed), facts.colors.get("panel", "#ffffff"), dx, dy)
    gx, gy, gw, gh = net.panels["glue"]
    ground += paint([(gx, gy, gw, gh)], facts.colors.get("glue", "#ffffff"), dx, dy)
    placed = [_ground(sheet.width, sheet.height, ground)]
    placed += panel_art(deck, options, net.panels, dx, dy)
    lines = net_lines(net, dx=dx, dy=dy, cut=facts.cut, fold=facts.fold, width=facts.line_width,
                      dash=facts.dash)
    return Page(sheet.width, sheet.height, tuple(placed), tuple(lines), kind=PageKind.OTHER)


def layout_die_art(deck: Deck, options: BoxOptions, die: DieLine) -> Page:
    """A print shop's box art: the panel colour over the whole image (flaps and bleed
    included), the glue flap left bare from a bleed past its fold, and the same
    panel art as the home-made box on the shop's panels. No lines: the shop cuts."""
    facts = box_facts()
    gx, gy, _, gh = die.panels["glue"]
    ground = [Rect(0.0, 0.0, die.width, die.height, fill=facts.colors.get("panel", "#ffffff")),
              Rect(gx + die.bleed, gy, die.width - gx - die.bleed, gh, fill=die.glue)]
    placed = [_ground(die.width, die.height, ground), *panel_art(deck, options, die.panels, 0.0, 0.0)]
    return Page(die.width, die.height, tuple(placed), (), kind=PageKind.OTHER)


def _ground(width: float, height: float, prims: list) -> Placed:
    return Placed(Side("box-ground", "box background", Frame(width, height, 0, 0), tuple(prims)),
                  0.0, 0.0, clip=Clip.NONE)


def panel_art(deck: Deck, options: BoxOptions, panels: dict[str, Box4], dx: float,
              dy: float) -> list[Placed]:
    """The deck's back art cut to the front panel, then the templates' text on the
    front, both sides and the back; panels are (x, y, w, h) moved by (dx, dy)."""
    facts = box_facts()
    values = {"title": options.title, "side": options.side, "back": options.back,
              "credits": "\n".join(deck.credits)}
    fx, fy, fw, fh = panels["front"]
    up = facts.lengths["bleed"]
    placed = [Placed(_front_art(deck, fw, fh, up), dx + fx, dy + fy - up, clip=Clip.TRIM)]
    for key, panel in (("front", "front"), ("side", "side-left"), ("side", "side-right"), ("back", "back")):
        x, y, w, h = panels[panel]
        side = _decor(deck, facts.templates[key], Frame(w, h, 0, 0), values, panel)
        placed.append(Placed(side, dx + x, dy + y, clip=Clip.NONE))
    return placed


def _front_art(deck: Deck, w: float, h: float, up: float) -> Side:
    """The deck's (first) back template on the front panel (w x h), running up past
    the panel's top cut by up (the bleed). The top edge is cut with the thumb notch,
    so the art is laid out below the notch (its frame shortened by the notch and a
    little room) with its own bleed reaching up over the notch to the bleed line;
    at the sides and the bottom it stops on the panel's folds."""
    clear = box_facts().lengths["notch"] + NOTCH_ROOM
    frame = Frame(w, h - clear, clear + up, deck.safe)
    name = deck.backs[0]
    template = load_template(find_template(name, deck.source, f"{deck.source}: back"))
    context = context_for(frame, template, deck=box_deck_info(deck))
    prims = layout_side(template, frame, context, f"tuck box front (back {name!r})")
    return Side("box-front-art", f"box front ({name})", Frame(w, h + up, 0.0, 0.0),
                tuple(shift(p, 0.0, clear + up) for p in prims))


def _decor(deck: Deck, name: str, frame: Frame, values: dict[str, str], panel: str) -> Side:
    template = load_template(find_template(name, box_facts_file(), f"{box_facts_file().name} templates"))
    context = context_for(frame, template, deck=box_deck_info(deck), box=values)
    return Side(f"box-{panel}", f"box {panel}", frame,
                layout_side(template, frame, context, f"tuck box {panel} of {deck.name}"))


def build_box(deck: Deck, *, out: Path, paper: Paper, thickness: float | None = None) -> Path:
    """Lay out and write the deck's tuck box PDF; returns its path."""
    page = layout_box(deck, paper, box_options(deck, thickness))
    path = out / f"{deck.name}-box-{paper.name}.pdf"
    return render_pdf([page], path, title=f"{deck.title} tuck box")


def deck_box(deck: Deck, *, out: Path, paper: Paper, quiet: bool) -> list[Path]:
    """The tuck box written with a deck build: [path], or [] with a note when the net
    does not fit the paper (the deck itself still builds)."""
    try:
        return [build_box(deck, out=out, paper=paper)]
    except FitError as error:
        if not quiet:
            print(f"printgen: note: no tuck box on {paper.name}: {error}", file=sys.stderr)
        return []


def describe(deck: Deck, options: BoxOptions) -> str:
    size = box_size(deck, options)
    return (f"inside {mm(size.inner_w):.1f} x {mm(size.inner_h):.1f} x {mm(size.depth):.1f} mm "
            f"({len(deck.cards)} cards x {Length(options.card_thickness)})")
