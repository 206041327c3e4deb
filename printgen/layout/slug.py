"""A sheet's slug: what it says about itself in its margin, outside the cards.

Every card sheet carries the deck's title, which side it is and its page number (in
the deck's language: model/captions.py), a scale bar (to check that the sheet was
printed at 100 %), and the deck's credits and notices, in the type size and with the
scale bar's length of its paper's marks (print.yaml `slug`: 6.5 pt, 10 mm). They go in the strips of
the printable area around the card block: first beyond the ends of the crop marks,
else between the marks; along the left and right strips they run upwards. In a
right-to-left language they run from the right (from the head of a side strip). The
pieces go in order, each in the strip of the one before it or a later one. A caption
no strip holds is spread over two (its title, then its side and number), or its title
is shortened, an ellipsis marking the cut; a credit sentence no strip holds is broken
between words over the next strips. What still finds no room is left out (a sheet whose
cards leave no margin at all has no slug) and named, with a shortened title, in the
build's notes (margin_note()); the built-in decks keep every piece, their titles uncut,
on A4 and Letter (tests/test_slug_room.py). The texts are set in the bundled sans and,
for what it lacks (Devanagari, Chinese, Japanese), in the deck's own fonts (slug_font);
a text that even these cannot set is named by lacking(), for the build's notes.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from printgen.direction import first_strong, paragraph_level
from printgen.errors import FitError
from printgen.fonts import NAMED, house, missing, own_faces
from printgen.frozen import frozen
from printgen.layout.primitives import Primitive, Rect, TextRun, line, shift, turn
from printgen.layout.text import TextStyle, block_height, set_text
from printgen.model import Marks, Paper
from printgen.model.captions import ENGLISH, Captions
from printgen.model.fonts import Fonts
from printgen.shaping import font
from printgen.units import mm, pt
from printgen.words import first_few

INK = "#333333"
EDGE = pt(0.4)             # kept free beyond the block's colour
CLEAR = pt(1)              # kept free around every crop mark
SPACE = pt(3)              # between two pieces along a strip
MARKS = ("\u200e", "\u200f")   # left-to-right and right-to-left marks: a caption's direction
ELLIPSIS = "\u2026"        # where a caption's title is cut
BREAKS = ",;:\u060c\u061b"    # after which a credit broken over two strips is best broken (Arabic's too)


@frozen
class Gap:
    """What a sheet's margin had no room for as given: the index of a text among the
    slug's texts (-1: the scale bar, its label the text), the text, and the shorter form
    set in its place (None: left out)."""

    index: int
    text: str
    shown: str | None = None


Gaps = dict[int, tuple[Gap, ...]]     # what each page's margin shortened or left out, by its number


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
    line_depth = block_height(font("sans"), sheet.marks.slug_type, 1, 1.2)
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
    first, whatever its title's script; a part ending in the other direction is closed
    by its own mark, so that its closing brackets or stops stay with it."""
    own = int(right_to_left(words))
    # a part that ends in the other direction is closed by that direction's mark, so that
    # its own closing signs stay with it ("Sabacc (Deluxe)" on an Arabic sheet)
    text = "  ·  ".join(part + MARKS[end] if (end := first_strong(reversed(part))) not in (None, own) else part
                        for part in parts)
    return text if paragraph_level(text) == own else MARKS[own] + text


def caption_forms(title: str, side: str, numbered: str, words: Captions = ENGLISH) -> list[tuple[str, ...]]:
    """Other forms of a sheet's caption, for a margin with no strip that holds it whole,
    the most said first: its title, then its side and number, in two strips; its title
    cut after ever fewer words (a title of one word, letters), an ellipsis marking the
    cut, in one strip with the rest and then in two; no title. Its side and number are
    always kept."""
    cuts = title.split()
    heads = ([" ".join(cuts[:n]) for n in range(len(cuts) - 1, 0, -1)] if len(cuts) > 1 else
             [title[:n] for n in range(len(title) - 1, 1, -1) if not unicodedata.category(title[n]).startswith("M")])
    rest = caption([side, numbered], words)
    cut = [head.rstrip(" ,;:.-(") + ELLIPSIS for head in heads]
    return [(caption([title], words), rest),
            *(form for head in cut for form in ((caption([head, side, numbered], words),),
                                                (caption([head], words), rest))),
            (rest,)]


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
    shown = first_few([f"U+{ord(ch):04X}" for ch in chars], NAMED)
    return (f"sheet margins: no font of the deck has a glyph for {shown}, so the captions and credits holding "
            f"them are left out ({'; '.join(repr(t) for t in left)}); declare a font that has them under "
            f"fonts: (printgen docs fonts)")


def margin_note(deck: str, paper: str, gaps: Gaps, pages: int) -> str | None:
    """One note naming what the margins of a print file's sheets (its texts: caption
    first, then the credits) shorten or leave out, on how many of their pages (gaps:
    each page's, by its number); deck names the file ("kerton-42", "sabacc-62's dice");
    None where nothing."""
    said: dict[str, int] = {}
    shown = ""
    for page in sorted(gaps):
        for gap in gaps[page]:
            shown = shown or " ".join((gap.shown or "").translate({ord(m): None for m in MARKS}).split())
            what = ("the whole title in the caption" if gap.shown is not None else "the caption" if gap.index == 0
                    else f"the {gap.text} scale bar" if gap.index < 0 else repr(gap.text))
            said[what] = said.get(what, 0) + 1
    if not said:
        return None
    listed = "; ".join(f"{what} on {count} of {pages} pages" + (f" (set as {shown!r})" if "title" in what else "")
                       for what, count in said.items())
    return (f"sheet margins of {deck} on {paper}: no room for {listed}; a larger paper, a shorter title "
            f"or shorter credits make room")


def slug(sheet: Paper, colour: tuple[float, float, float, float], xs: list[float], ys: list[float],
         mark_ends: tuple[float, float, float, float], texts: list[str], font_name: str = "sans", rtl: bool = False,
         *, forms: Sequence[tuple[str, ...]] = (), gaps: list[Gap] | None = None) -> tuple[Primitive, ...]:
    """The scale bar and the texts (set in font_name: see slug_font) in the free strips, in
    order: each text in the strip of the one before it or a later one, from the left (the
    foot of a strip up a side), or from the right (its head) where rtl; the scale bar, after
    the first text, in the first strip with room. A first text no strip holds gives way to
    the first of its other `forms` (caption_forms(): the first says it whole, the others
    shorten it) the strips hold, each part of a form in a later strip than the one before.
    A later text is broken between words over the next strips (the next that nothing is
    set in yet, where they hold it). What is still left out, or shortened, is added to
    gaps; a text font_name cannot set is left out without a gap (lacking() names it)."""
    free = _in_order(strips(sheet, colour, xs, ys, mark_ends), rtl)
    unused = list(free)
    marks = sheet.marks
    prims: list[Primitive] = []
    at = 0                                  # the strip the last text went in
    for n, text in enumerate(texts):
        flow = _spread([text], free, at, font_name, rtl, marks)
        if flow is None and not missing(font_name, text):
            flow = _give_way(n, text, forms, free, at, unused, font_name, rtl, gaps, marks)
        for k, part in flow or []:
            prims += _put(part, free, k, font_name, rtl, None, marks)
            at = k
        if n == 0:
            prims += _put(None, free, 0, font_name, rtl, gaps, marks)
    return tuple(prims)


def _give_way(n: int, text: str, forms: Sequence[tuple[str, ...]], free: list[Strip], at: int,
              unused: list[Strip], font_name: str, rtl: bool, gaps: list[Gap] | None,
              marks: Marks) -> list[tuple[int, str]] | None:
    """Where the slug's text n, which no strip from `at` on holds whole, goes: the first
    text, as the first of its forms the strips hold; a later one broken between words;
    None where the strips cannot hold it. Its gap (but for forms[0]) added to gaps."""
    if n == 0:
        found = next(((i, f) for i, form in enumerate(forms)
                      if (f := _spread(form, free, at, font_name, rtl, marks))), None)
        flow, cut = (found[1], found[0] > 0) if found else (None, False)
    else:
        flow, cut = (_flow(text, free, at, font_name, rtl, marks, unused)
                     or _flow(text, free, at, font_name, rtl, marks)), False
    if gaps is not None and (flow is None or cut):
        gaps.append(Gap(n, text, " ".join(part for _, part in flow) if flow else None))
    return flow


def _in_order(free: list[Strip], rtl: bool) -> list[Strip]:
    """The strips in the order a slug fills them: below, above, right, left; along a
    side, the stretches between its marks from the foot up (from the head down, rtl:
    where the turned text starts), and those below and above from the left (from the
    right, below first, rtl)."""
    if rtl:
        return [strip for _, strip in sorted(enumerate(free), key=lambda item: (
            item[1].up, item[0] if item[1].up else -item[1].y, -item[1].x))]
    return [strip for _, strip in sorted(enumerate(free), key=lambda item: (
        item[1].up, (-item[1].x, -item[1].y) if item[1].up else (item[0], 0.0)))]


def _spread(parts: Sequence[str], free: list[Strip], at: int, font_name: str,
            rtl: bool, marks: Marks) -> list[tuple[int, str]] | None:
    """Where the parts go, from strip `at` on, each in the first strip after the one
    before it that holds it: [(strip, part)]; None where the strips cannot hold them."""
    trial = list(free)
    placed: list[tuple[int, str]] = []
    for part in parts:
        start = placed[-1][0] + 1 if placed else at
        fits = next(((k, f) for k in range(start, len(trial))
                     if (f := _fit(part, trial[k], font_name, rtl, marks))), None)
        if fits is None:
            return None
        placed.append((fits[0], part))
        trial[fits[0]] = trial[fits[0]].rest(fits[1][0] + SPACE, rtl)
    return placed


def _flow(text: str, free: list[Strip], at: int, font_name: str, rtl: bool, marks: Marks,
          unused: list[Strip] | None = None) -> list[tuple[int, str]] | None:
    """A text no strip holds whole broken between words: as many words as strip `at`
    leaves room for (fewer, down to half, to break after a comma or semicolon), the rest
    in the next strip that holds it, or broken again (given `unused`, the strips as
    found, only in strips that nothing is set in yet); where the strips cannot hold it,
    None."""
    words = text.split(" ")
    trial = list(free)
    open_ = [k for k in range(at, len(trial)) if unused is None or trial[k] == unused[k]]
    parts: list[tuple[int, str]] = []
    for k in open_:
        rest = " ".join(words)
        whole = next((j for j in open_ if j >= k and _fit(rest, trial[j], font_name, rtl, marks)), None)
        if whole is not None:
            return [*parts, (whole, rest)]
        most = next((n for n in range(len(words) - 1, 0, -1)
                     if _fit(" ".join(words[:n]), trial[k], font_name, rtl, marks)), 0)
        n = next((n for n in range(most, most // 2, -1) if words[n - 1].endswith(tuple(BREAKS))), most)
        placed = _fit(" ".join(words[:n]), trial[k], font_name, rtl, marks) if n else None
        if placed is not None:
            parts.append((k, " ".join(words[:n])))
            trial[k] = trial[k].rest(placed[0] + SPACE, rtl)
            words = words[n:]
    return None


def _put(item: str | None, free: list[Strip], at: int, font_name: str, rtl: bool,
         gaps: list[Gap] | None, marks: Marks) -> list[Primitive]:
    """The item drawn in the first strip from `at` on that holds it (the scale bar for
    None), that strip's rest kept in free; nothing (and a gap) where none does."""
    for k in range(at, len(free)):
        placed = _fit(item, free[k], font_name, rtl, marks)
        if placed is not None:
            free[k] = free[k].rest(placed[0] + SPACE, rtl)
            return list(placed[1])
    if gaps is not None:
        gaps.append(Gap(-1, item or scale_label(marks)))
    return []


def scale_label(marks: Marks) -> str:
    """The scale bar's label: its length ("10 mm")."""
    return f"{mm(marks.scale_bar):g} mm"


@lru_cache(maxsize=256)
def _fit(item: str | None, strip: Strip, font_name: str, rtl: bool,
         marks: Marks) -> tuple[float, tuple[Primitive, ...]] | None:
    """The length along the strip the item takes and its drawing there, in the marks'
    slug type, or None (kept for the next sheets: their credits, scale bar and strips
    are the same). A text font_name cannot set is None too: lacking() names it in the
    build's notes."""
    size, bar = marks.slug_type, marks.scale_bar
    metrics = font("sans")
    height = block_height(metrics, size, 1, 1.2)
    if strip.depth < height:
        return None
    if item is None:
        label = scale_label(marks)
        length = bar + pt(1.5) + metrics.width(label, size)
        if length > strip.length:
            return None
        mid = height / 2
        drawn: list[Primitive] = [Rect(0, mid - pt(0.4), bar, pt(0.8), fill=INK),
                                  line(0, mid - pt(1.2), 0, mid + pt(1.2), stroke=INK, width=0.5),
                                  line(bar, mid - pt(1.2), bar, mid + pt(1.2),
                                       stroke=INK, width=0.5)]
        drawn += [TextRun(bar + pt(1.5), metrics.ascent * size / metrics.units_per_em, label,
                          "sans", size, INK)]
        return length, tuple(_into(drawn, strip, length, height, rtl))
    width = font(font_name).width(item, size)
    if width > strip.length:
        return None
    try:
        drawn = list(set_text(item, 0, 0, width + 1, height,
                              TextStyle(font=font_name, size=size, color=INK, wrap=False), "sheet slug"))
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
