"""Preflight: what a print shop would complain about, found before any file is written.

Checked on the laid-out sides (so the geometry is exact, in points):
- text whose extent (advance widths, font ascent and descent) leaves the safe box;
- shapes that cross the safe line on a side without reaching the bleed edge there
  (a background that fills the bleed is fine, a border just inside the trim is not);
- a side whose bleed nothing fills, so a white sliver shows after a loose cut;
- placed raster pictures whose pixels are too few for the profile's dpi (saying the
  dpi they have);
- strokes thinner than THIN_STROKE, which vanish on press (naming the template's element);
- output sizes that differ from what the shop asks for.
Each finding is one located line; findings of one kind on many sides are shown as
one line naming the sides (group_findings); --strict turns them into an error.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

from printgen.errors import PreflightError
from printgen.fonts import face
from printgen.frozen import frozen
from printgen.layout.deck import DeckLayout, side_elements
from printgen.layout.page import Side
from printgen.layout.primitives import (
    Ellipse,
    Image,
    Polygon,
    Primitive,
    Rect,
    TextRun,
    shape_bounds,
)
from printgen.model import Card, Deck
from printgen.model.vendor import Output
from printgen.reading import display_path
from printgen.render.png import pixel_size
from printgen.shaping import font, shape
from printgen.spec.printdata import size_preset
from printgen.units import mm
from printgen.vector import is_svg

if TYPE_CHECKING:
    from printgen.model.vendor import Profile

EPS = 0.01          # points: touching a line is not crossing it
THIN_STROKE = 0.25  # points: a line thinner than this may not print at all
Box = tuple[float, float, float, float]   # left, top, right, bottom
EDGES = ("left", "top", "right", "bottom")


@frozen
class Finding:
    """One problem of one side. kind is the problem without what is particular to the
    side (the grouping key); name the side ("card 3 '+3 circle'"), scope the file and
    label it belongs to, amount (mm) how far, note the common explanation."""

    where: str
    message: str
    kind: str = ""
    name: str = ""
    scope: str = ""
    amount: float | None = None
    note: str = ""
    entry: str = ""           # the file, line and key of the side's entry, where known

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


GROUP_NAMES = 6          # sides named in a grouped line before "and N more"


def group_findings(findings: list[Finding]) -> list[str]:
    """One line per kind of problem (per file and label), naming the sides it affects;
    a problem of one side alone keeps its own, exact line."""
    groups: dict[tuple[str, str, str], list[Finding]] = {}
    for finding in findings:
        key = (finding.scope, finding.kind, finding.note) if finding.kind else (str(finding), "", "")
        groups.setdefault(key, []).append(finding)
    lines = []
    for (scope, kind, note), members in groups.items():
        if not kind or len(members) == 1:
            lines += [str(member) for member in members]
            continue
        names = [m.name for m in members[:GROUP_NAMES]]
        more = len(members) - len(names)
        named = ", ".join(names) + (f" and {more} more" if more else "")
        entries = {m.entry for m in members}
        where = scope
        if len(entries) == 1 and "" not in entries:          # all from one entry: name its line
            where = f"{entries.pop()} ({scope.rsplit(' (', 1)[-1]}"
        amounts = [m.amount for m in members if m.amount is not None]
        by = f" by up to {max(amounts):.2f} mm" if amounts else ""
        tail = f" ({note})" if note else ""
        lines.append(f"{where}: {kind}{by} on {len(members)} sides: {named}{tail}")
    return lines


def text_extent(run: TextRun, *, ink: bool = True) -> Box:
    """The run's box from its font's advance widths, ascent and descent, widened to
    its glyphs' ink (accents stacked above a letter rise past the ascent; a j's hook
    reaches left of its start) unless ink is False (the box type sets lines by),
    turned clockwise about its start point by run.rotate."""
    metrics = font(run.font)
    em = run.size / metrics.units_per_em
    width = metrics.width(run.text, run.size)
    left, top, right, bottom = ink_box(run.font, run.text, run.rtl, run.lang) if ink else (0, 0, 0, 0)
    left, right = min(0.0, left * em), max(width, right * em)
    top, bottom = min(-metrics.ascent * em, -top * em), max(-metrics.descent * em, -bottom * em)
    corners = [(left, top), (right, top), (left, bottom), (right, bottom)]
    for _ in range(run.rotate // 90):
        corners = [(-dy, dx) for dx, dy in corners]
    xs = [run.x + dx for dx, _ in corners]
    ys = [run.y + dy for _, dy in corners]
    return min(xs), min(ys), max(xs), max(ys)


@lru_cache(maxsize=4096)
def ink_box(name: str, text: str, rtl: bool, lang: str) -> Box:
    """The ink of a run's glyphs as shaped (font units, x from its start, y up from the
    baseline): left, top, right, bottom; (0, 0, 0, 0) for no ink."""
    shaped = shape(name, text, rtl, lang)
    drawn = face(name)
    boxes = []
    for glyph, x, y in zip(shaped.glyphs, shaped.xs, shaped.ys, strict=True):
        ink = drawn.ink(glyph)
        if ink is not None and ink.width and ink.height:
            boxes.append((x + ink.x_bearing, y + ink.y_bearing, x + ink.x_bearing + ink.width,
                          y + ink.y_bearing + ink.height))
    if not boxes:
        return 0.0, 0.0, 0.0, 0.0
    return (min(b[0] for b in boxes), max(b[1] for b in boxes), max(b[2] for b in boxes),
            min(b[3] for b in boxes))


def extent(prim: Primitive, *, ink: bool = True) -> Box:
    """The painted bounding box of a primitive, half its stroke included (text: see
    text_extent)."""
    if isinstance(prim, TextRun):
        return text_extent(prim, ink=ink)
    return shape_bounds(prim)


def _outside(box: Box, limit: Box) -> list[tuple[str, float]]:
    """(edge, by how much) for each side on which box goes beyond limit."""
    beyond = (limit[0] - box[0], limit[1] - box[1], box[2] - limit[2], box[3] - limit[3])
    return [(edge, amount) for edge, amount in zip(EDGES, beyond) if amount > EPS]


def describe(prim: Primitive) -> str:
    if isinstance(prim, TextRun):
        text = prim.text if len(prim.text) <= 24 else prim.text[:21] + "..."
        return f"text {text!r}"
    if isinstance(prim, Image):
        return f"image {prim.path.name!r}"
    return type(prim).__name__.lower()


def side_findings(side: Side, where: str, *, safe: float, bleed: bool, dpi: int,
                  scope: str = "", name: str = "", entry: str = "") -> Iterator[Finding]:
    """Every problem of one laid-out side; where locates it, scope and name group it."""
    frame = side.frame
    safe_box = (safe, safe, frame.width - safe, frame.height - safe)
    bleed_box = (-frame.bleed, -frame.bleed, frame.width + frame.bleed, frame.height + frame.bleed)
    note = f"safe zone {mm(safe):.2f} mm inside the trim"
    for prim in side.prims:
        box = extent(prim)
        reaches = {edge for edge, gap in zip(EDGES, _gaps(box, bleed_box)) if gap <= EPS}
        for edge, amount in _outside(box, safe_box):
            if isinstance(prim, TextRun) or edge not in reaches:
                kind = "text" if isinstance(prim, TextRun) else describe(prim)
                yield Finding(where, f"{describe(prim)} crosses the safe line at the {edge} by "
                                     f"{mm(amount):.2f} mm ({note})",
                              f"{kind} crosses the safe line at the {edge}", name, scope, mm(amount), note,
                              entry)
        if isinstance(prim, Image):
            yield from _picture(prim, where, dpi, scope, name, entry)
    if bleed and not any(_fills(prim, bleed_box) for prim in side.prims):
        message = (f"nothing fills the {mm(frame.bleed):.2f} mm bleed: a white edge "
                   f"can show after cutting (add a rect with box: bleed)")
        yield Finding(where, message, message, name, scope, entry=entry)


def _gaps(box: Box, limit: Box) -> tuple[float, float, float, float]:
    return box[0] - limit[0], box[1] - limit[1], limit[2] - box[2], limit[3] - box[3]


def _fills(prim: Primitive, bleed_box: Box) -> bool:
    if not (isinstance(prim, Image) or (isinstance(prim, Rect) and prim.fill)):
        return False
    return all(gap <= EPS for gap in _gaps(extent(prim), bleed_box))


def _picture(prim: Image, where: str, dpi: int, scope: str, name: str, entry: str) -> Iterator[Finding]:
    """A raster picture with too few pixels for dpi at its placed size. An SVG picture
    has none to count: it is drawn at whatever resolution the output has (one holding
    a raster picture is refused when it is read, printgen/vector.py)."""
    from printgen.pictures import check_picture  # only decks with pictures need Pillow here
    if is_svg(prim.path):
        return
    width, height = check_picture(prim.path, display_path(prim.path))   # read when the deck was checked, and kept
    placed_w, placed_h = (prim.h, prim.w) if prim.rotate % 180 else (prim.w, prim.h)
    effective = min(width / (placed_w / 72), height / (placed_h / 72))
    if effective + 0.5 < dpi:
        wide, high = (math.ceil(length / 72 * dpi - 0.5) for length in (placed_w, placed_h))
        yield Finding(where, f"image {prim.path.name!r} has {width} x {height} px: "
                             f"{effective:.0f} dpi at its placed size, below the {dpi} dpi printed ({wide} x "
                             f"{high} px at its {mm(placed_w):.1f} x {mm(placed_h):.1f} mm)",
                      f"image {prim.path.name!r} is {effective:.0f} dpi at its placed size, below the {dpi} "
                      f"dpi printed", name, scope, entry=entry)


def side_places(layout: DeckLayout) -> Iterator[tuple[Side, str, str, Card | None, str]]:
    """Each face with its card's location and name, and the card; then each distinct
    back with the deck's back key and its name, and the back template's name."""
    deck = layout.deck
    for card, side in zip(deck.cards, layout.faces):
        yield side, card.where, f"card {card.index} {card.label!r}", card, ""
    for name, side in layout.backs.items():
        yield side, deck_where(deck, ("back",)), f"back {name!r}", None, name


def deck_where(deck: Deck, path: tuple[str, ...] = ()) -> str:
    """The deck file (and the line of a top-level key in it, where known)."""
    return deck.at(path[0] if path else "")


def check_layout(layout: DeckLayout, *, safe: float, label: str, bleed: bool = True,
                 dpi: int = 300) -> list[Finding]:
    """Every finding for every side of the deck, faces first, in deck order, then the
    thin strokes in the same order; each side is laid out once (a large deck's faces
    are laid out as they are used)."""
    found: list[Finding] = []
    thin: list[Finding] = []
    scope = f"{deck_where(layout.deck)} ({label})"
    for side, where, name, card, back in side_places(layout):
        found.extend(side_findings(side, f"{where} {name} ({label})", safe=safe, bleed=bleed, dpi=dpi,
                                   scope=scope, name=name, entry=where))
        thin.extend(thin_strokes(layout, side, card, back, f"{where} {name} ({label})", scope=scope,
                                 name=name, entry=where if card else ""))
    return found + thin


def thin_strokes(layout: DeckLayout, side: Side, card: Card | None, back: str, where: str, *, scope: str,
                 name: str, entry: str) -> Iterator[Finding]:
    """Lines thinner than THIN_STROKE on one side (card's face, or the back named back),
    each named by the template element that draws it (file, line, key path) and its
    width; one kind per element and width, so a line on every card is one line naming
    the cards."""
    thin = [i for i, prim in enumerate(side.prims) if isinstance(prim, (Rect, Ellipse, Polygon))
            and prim.stroke and 0 < prim.width < THIN_STROKE]
    if not thin:
        return
    template, origins = side_elements(layout, card, back)
    named = {(template.where(origins[i], "stroke_width"), getattr(side.prims[i], "width", 0.0)) for i in thin}
    for element, width in sorted(named):
        kind = (f"{element}: a {width:.2f} pt stroke, thinner than {THIN_STROKE} pt: a hairline this "
                f"fine may vanish on press")
        yield Finding(where, kind, kind, name, scope, entry=entry)


def expected_size_findings(layout: DeckLayout, prof: Profile) -> list[Finding]:
    """The size the profile will write against the size the shop states for this card size."""
    deck = layout.deck
    preset = size_preset(deck.size)
    expected = prof.expect.get(preset) if preset else None
    if expected is None or not layout.faces:
        return []
    frame = layout.faces[0].frame
    if prof.output is Output.PDF:
        got = (frame.width + 2 * frame.bleed, frame.height + 2 * frame.bleed)
        if all(abs(a - b) < 0.5 for a, b in zip(got, expected)):
            return []
        return [Finding(f"{deck_where(deck)} ({prof.name})",
                        f"pages are {mm(got[0]):.2f} x {mm(got[1]):.2f} mm; {prof.title} expects "
                        f"{mm(expected[0]):.2f} x {mm(expected[1]):.2f} mm for {preset} cards")]
    got_px = pixel_size(layout.faces[0], prof.dpi)
    if got_px == tuple(int(v) for v in expected):
        return []
    return [Finding(f"{deck_where(deck)} ({prof.name})",
                    f"images are {got_px[0]} x {got_px[1]} px; {prof.title} expects "
                    f"{int(expected[0])} x {int(expected[1])} px for {preset} cards")]


def unchecked_size_note(layout: DeckLayout, prof: Profile) -> str | None:
    """What a build for a shop says when printgen knows the shop's size for other card
    sizes but not this deck's: the size written, to check against the shop's template."""
    deck = layout.deck
    preset = size_preset(deck.size)
    if not prof.expect or preset in prof.expect or not layout.faces:
        return None
    frame = layout.faces[0].frame
    kind = f"{preset} cards" if preset else f"cards of {mm(frame.width):.1f} x {mm(frame.height):.1f} mm"
    if prof.output is Output.PDF:
        written = (f"pages of {mm(frame.width + 2 * frame.bleed):.2f} x {mm(frame.height + 2 * frame.bleed):.2f} mm "
                   f"(the trim plus the bleed)")
    else:
        width, height = pixel_size(layout.faces[0], prof.dpi)
        written = f"images of {width} x {height} px (the trim plus the bleed at {prof.dpi} dpi)"
    return (f"{deck_where(deck)} ({prof.name}): printgen knows the size {prof.title} asks for "
            f"{' and '.join(prof.expect)} cards only; it wrote {written} for {kind}: check them "
            f"against the shop's own template")


def image_file_findings(path_sizes: list[tuple[str, tuple[int, int], tuple[int, int]]]) -> list[Finding]:
    """Files read back whose pixel size is not the one asked for."""
    return [Finding(name, f"written as {got[0]} x {got[1]} px, expected {want[0]} x {want[1]} px")
            for name, got, want in path_sizes if got != want]


def require_clean(layout: DeckLayout, *, safe: float, label: str) -> None:
    """--strict on a plain build: raise PreflightError if preflight finds anything."""
    found = check_layout(layout, safe=safe, label=label)
    if found:
        raise PreflightError.of(group_findings(found))
