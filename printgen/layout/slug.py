"""A sheet's slug: what it says about itself in its margin, outside the cards.

Every card sheet carries the deck's title, which side it is and its page number (in
the deck's language: model/captions.py), a 10 mm scale bar (to check that the sheet
was printed at 100 %), and the deck's credits and notices. They go in the strips of
the printable area around the card block: first beyond the ends of the crop marks,
else between the marks; along the left and right strips they run upwards. In a
right-to-left language they run from the right (from the head of a side strip). A
piece that fits nowhere is left out (a sheet whose cards leave no margin at all has no
slug); the built-in decks keep every piece on A4 and Letter. The texts are set in the
bundled sans and, for what it lacks (Devanagari, Chinese, Japanese), in the deck's own
fonts (slug_font); a text that even these cannot set is named by lacking(), for the
build's notes.
"""

from __future__ import annotations

import re
from functools import lru_cache

from printgen.errors import FitError
from printgen.fonts import house, missing, own_faces
from printgen.frozen import frozen
from printgen.layout.primitives import Primitive, Rect, TextRun, line, shift, turn
from printgen.layout.text import TextStyle, block_height, set_text
from printgen.model import Paper
from printgen.model.captions import ENGLISH, Captions
from printgen.model.fonts import Fonts
from printgen.shaping import first_strong, font, paragraph_level
from printgen.units import pt

SIZE = 6.5                 # points: the slug's type, the smallest a reader is asked to read
INK = "#333333"
EDGE = pt(0.4)             # kept free beyond the block's colour
CLEAR = pt(1)              # kept free around every crop mark
SPACE = pt(3)              # between two pieces along a strip
SCALE_MM = 10              # the scale bar's length
MARKS = ("\u200e", "\u200f")   # left-to-right and right-to-left marks: a caption's direction


@frozen
class Strip:
    """A free rectangle of the margin, x, y, w, h on the page; `up` when its text runs
    upwards (the left and right strips), w then being its depth across the text."""

    x: float
    y: float
    w: float
    h: float
    up: bool = False

    @property
    def length(self) -> float:
        return self.h if self.up else self.w

    @property
    def depth(self) -> float:
        return self.w if self.up else self.h

    def rest(self, used: float, rtl: bool = False) -> Strip:
        """What is left of the strip after its first `used` points along the text (its
        last, right to left: the text, turned, then starts at the top)."""
        if self.up:                        # upward text starts at the bottom
            return Strip(self.x, self.y + used if rtl else self.y, self.w, self.h - used, True)
        if rtl:
            return Strip(self.x, self.y, self.w - used, self.h)
        return Strip(self.x + used, self.y, self.w - used, self.h)


def strips(sheet: Paper, colour: tuple[float, float, float, float], xs: list[float], ys: list[float],
           mark_ends: tuple[float, float, float, float]) -> list[Strip]:
    """The free strips around a block whose colour covers `colour` (left, top, right,
    bottom), crossed by vertical marks at xs that reach mark_ends[1] above it and
    mark_ends[3] below, and horizontal marks at ys reaching mark_ends[0] and [2]. On
    each side: the strip beyond the marks' ends when a line of type fits there, else
    the stretches between the marks. The strips below and above span the printable
    width; those left and right only the block's height, so that no two overlap."""
    left, top, right, bottom = colour
    m = sheet.margin
    inner = (m, m, sheet.width - m, sheet.height - m)
    sides = (  # depth available, the marks' reach, the span along, the cuts, how to make a strip
        (inner[3] - bottom, mark_ends[3] - bottom, (inner[0], inner[2]), xs,
         lambda d0, d1, a0, a1: Strip(a0, bottom + d0, a1 - a0, d1 - d0)),
        (top - inner[1], top - mark_ends[1], (inner[0], inner[2]), xs,
         lambda d0, d1, a0, a1: Strip(a0, top - d1, a1 - a0, d1 - d0)),
        (inner[2] - right, mark_ends[2] - right, (top, bottom), ys,
         lambda d0, d1, a0, a1: Strip(right + d0, a0, d1 - d0, a1 - a0, True)),
        (left - inner[0], left - mark_ends[0], (top, bottom), ys,
         lambda d0, d1, a0, a1: Strip(left - d1, a0, d1 - d0, a1 - a0, True)),
    )
    line_depth = block_height(font("sans"), SIZE, 1, 1.2)
    found: list[Strip] = []
    for depth, reach, (a0, a1), cuts, make in sides:
        beyond = max(EDGE, reach + CLEAR)
        if depth - beyond >= line_depth:
            found.append(make(beyond, depth, a0, a1))
        elif depth - EDGE >= line_depth:
            edges = [a0, *(c for cut in sorted(cuts) for c in (cut - CLEAR, cut + CLEAR)), a1]
            found += [make(EDGE, depth, lo, hi) for lo, hi in zip(edges[0::2], edges[1::2]) if hi > lo]
    return found


def pieces(title: str, side: str, number: int, total: int, credits: tuple[str, ...],
           words: Captions = ENGLISH) -> list[str]:
    """The slug's texts: the sheet's caption (caption()), then each sentence of the credits."""
    sentences = [s for credit in credits for s in re.split(r"(?<=[.!?])\s+", credit.strip()) if s]
    return [caption([title, side, words.numbered(number, total)], words), *sentences]


def caption(parts: list[str], words: Captions = ENGLISH) -> str:
    """The parts of a caption ("Lantern Pairs", "faces", "sheet 1 of 4") in one line, read
    in the direction of the language of its words: opened by a direction mark where its
    first strong letter would set it the other way (an Arabic deck's Latin title, an
    English deck's Hebrew one), so that an Arabic caption reads from the right, title
    first, whatever its title's script."""
    text = "  ·  ".join(parts)
    own = int(right_to_left(words))
    return text if paragraph_level(text) == own else MARKS[own] + text


def right_to_left(words: Captions) -> bool:
    """Whether the language of these words is written right to left (their first strong
    letter is): its slug then runs from the right, caption first."""
    return first_strong(words.sheet) == 1


def slug_font(declared: dict[str, Fonts]) -> str:
    """The slug's font for a deck declaring these fonts: the bundled sans, then theirs."""
    return house("sans", own_faces(declared))


def lacking(texts: list[str], font_name: str) -> str | None:
    """A note naming the slug texts that font_name (with its fallbacks) cannot set, and
    so are left out of every sheet's margin; None when it sets them all."""
    left = [text for text in texts if missing(font_name, text)]
    if not left:
        return None
    chars = sorted({ch for text in left for ch in missing(font_name, text)})
    shown = ", ".join(f"U+{ord(ch):04X}" for ch in chars[:5]) + (", ..." if len(chars) > 5 else "")
    return (f"sheet margins: no font of the deck has a glyph for {shown}, so the captions and credits holding "
            f"them are left out ({'; '.join(repr(t) for t in left)}); declare a font that has them under "
            f"fonts: (printgen docs fonts)")


def slug(sheet: Paper, colour: tuple[float, float, float, float], xs: list[float], ys: list[float],
         mark_ends: tuple[float, float, float, float], texts: list[str],
         font_name: str = "sans", rtl: bool = False) -> tuple[Primitive, ...]:
    """The scale bar and the texts (set in font_name: see slug_font), in the first free
    strips they fit, in order: from the left (the foot of a strip up a side), or from
    the right (its head) where rtl."""
    free = strips(sheet, colour, xs, ys, mark_ends)
    if rtl:          # the stretches of a side between its marks taken from the right
        free = [strip for _, strip in sorted(enumerate(free), key=lambda item: (
            item[1].up, item[0] if item[1].up else -item[1].y, -item[1].x))]
    prims: list[Primitive] = []
    items: list[str | None] = [texts[0], None, *texts[1:]]   # None: the scale bar
    for item in items:
        for k, strip in enumerate(free):
            placed = _fit(item, strip, font_name, rtl)
            if placed is not None:
                used, drawn = placed
                prims += drawn
                free[k] = strip.rest(used + SPACE, rtl)
                break
    return tuple(prims)


@lru_cache(maxsize=256)
def _fit(item: str | None, strip: Strip, font_name: str,
         rtl: bool = False) -> tuple[float, tuple[Primitive, ...]] | None:
    """The length along the strip the item takes and its drawing there, or None (kept
    for the next sheets: their credits, scale bar and strips are the same). A text
    font_name cannot set is None too: lacking() names it in the build's notes."""
    metrics = font("sans")
    height = block_height(metrics, SIZE, 1, 1.2)
    if strip.depth < height:
        return None
    if item is None:
        label = f"{SCALE_MM} mm"
        length = pt(SCALE_MM) + pt(1.5) + metrics.width(label, SIZE)
        if length > strip.length:
            return None
        mid = height / 2
        drawn: list[Primitive] = [Rect(0, mid - pt(0.4), pt(SCALE_MM), pt(0.8), fill=INK),
                                  line(0, mid - pt(1.2), 0, mid + pt(1.2), stroke=INK, width=0.5),
                                  line(pt(SCALE_MM), mid - pt(1.2), pt(SCALE_MM), mid + pt(1.2),
                                       stroke=INK, width=0.5)]
        drawn += [TextRun(pt(SCALE_MM) + pt(1.5), metrics.ascent * SIZE / metrics.units_per_em, label,
                          "sans", SIZE, INK)]
        return length, tuple(_into(drawn, strip, length, height, rtl))
    width = font(font_name).width(item, SIZE)
    if width > strip.length:
        return None
    try:
        drawn = list(set_text(item, 0, 0, width + 1, height,
                              TextStyle(font=font_name, size=SIZE, color=INK, wrap=False), "sheet slug"))
    except FitError:
        return None
    return width, tuple(_into(drawn, strip, width, height, rtl))


def _into(drawn: list[Primitive], strip: Strip, length: float, height: float,
          rtl: bool = False) -> list[Primitive]:
    """A drawing made length x height at the origin, put at the strip's start (its end,
    rtl; turned to run upwards in a left or right strip, from its foot, or its head
    where rtl), centred across the strip."""
    across = (strip.depth - height) / 2
    if not strip.up:
        return [shift(p, strip.x + (strip.w - length if rtl else 0.0), strip.y + across) for p in drawn]
    turned = [turn(p, 3, length, height) for p in drawn]        # a quarter turn anticlockwise
    return [shift(p, strip.x + across, strip.y if rtl else strip.y + strip.h - length) for p in turned]
