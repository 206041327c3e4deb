"""A book's cover (layout/book.py): the title and subtitle at the top, the credits at the
foot and the picture between them. A text that cannot fit is a FitError naming where it
comes from (CoverSource: the rules text's file, line and key) and its value; texts that
fit one by one but not together, the front matter that gives them."""

from __future__ import annotations

from dataclasses import replace

from printgen.errors import FitError, quoted
from printgen.frozen import frozen
from printgen.layout.bookstyle import BookStyle
from printgen.layout.fold import set_lines
from printgen.layout.primitives import Image, Primitive, shift
from printgen.layout.richtext import Fonts, RichStyle, piece_width, words, wrap
from printgen.layout.text import largest_fit, shrink_sizes
from printgen.model.picture import Picture
from printgen.model.text import Span
from printgen.units import mm


@frozen
class CoverSource:
    """Where a cover's texts come from, for the errors that name them: a file, line and
    key ("rules/x.md:2 title"), or a heading's file and line."""

    title: str = "the cover's title"
    subtitle: str = "the cover's subtitle"
    credits: tuple[str, ...] = ()      # one a credit line; "the cover's credits" where none is given
    picture: str = "the cover's picture"
    front: str = "the cover's texts"   # where they are given together: the text's front matter
    all_credits: str = "the cover's credits"    # where the credits are given as a list

    def credit(self, index: int) -> str:
        return self.credits[index] if index < len(self.credits) else "the cover's credits"


UNNAMED = CoverSource()       # a cover whose texts are not from a file
SHORTER = "a shorter title, subtitle or credits, or a larger page"


def lay_out_cover(style: BookStyle, title: str, subtitle: str, credits: tuple[str, ...],
                  picture: Picture | None, source: CoverSource) -> tuple[Primitive, ...]:
    """The cover: title and subtitle at the top, credits at the foot, the picture
    between them, as large as fits (and never beyond 150 dpi); each line flush to the
    side its text starts from. The title is as large as its widest word allows, and
    smaller, down to the body's size, where that leaves the texts no room together
    (or the picture less than two lines'). FitError naming the source of a text that
    cannot fit."""
    width, limit = style.text_width, style.text_height
    styles = (RichStyle(style.headings[0] * 1.5, 1.15, style.accent, style.family(Fonts(regular="sans-bold")),
                        lang=style.lang),
              RichStyle(style.headings[1], 1.2, style.ink, style.family(Fonts(regular="sans-italic")),
                        lang=style.lang),
              RichStyle(style.body, style.line_height, style.ink, style.family(), lang=style.lang))
    titled, subtitled = (_widest_words_fit(text, width, rich, style.body, where) if text else rich
                         for text, rich, where in zip((title, subtitle), styles, (source.title, source.subtitle)))
    foot, footed, credited = _credits(style, credits, styles[2], source)

    def heads(size: float) -> tuple[float, list[Primitive], list[Taken]]:
        return _heads(style, (title, subtitle), (replace(titled, size=size), subtitled), source)

    def attempt(size: float) -> tuple[float, list[Primitive], list[Taken]] | None:
        made = heads(size)
        if picture is not None:          # it needs two lines' room below them
            return made if foot - made[0] - style.gap >= style.body * 2 - 1e-6 else None
        return made if foot >= made[0] - style.gap * 2 - 1e-6 else None

    sizes = shrink_sizes(titled.size, style.body)
    found = largest_fit(sizes, attempt)
    y, prims, taken = found[1] if found else heads(sizes[-1])
    taken += credited
    prims += footed
    if foot < y - style.gap * 2 - 1e-6:
        room = limit - foot - style.gap / 2 if credits else 0.0         # the credits' lines and the gaps between them
        _too_tall(taken, y - style.gap * 2 + limit - foot, limit, source, room)
    if picture is not None:
        box = foot - y - style.gap
        if box < style.body * 2:
            raise FitError(f"{picture.path.name} has no room below the cover's title", where=source.picture,
                           remedy=f"expected {SHORTER}")
        scale = min(width / picture.width, box / picture.height, 72 / 150)
        w, h = picture.width * scale, picture.height * scale
        prims.append(Image((width - w) / 2, y + (box - h) / 2, w, h, picture.path))
    return tuple(shift(p, style.left(1), style.top) for p in prims)


def _heads(style: BookStyle, texts: tuple[str, str], riches: tuple[RichStyle, RichStyle],
           source: CoverSource) -> tuple[float, list[Primitive], list[Taken]]:
    """The title and subtitle set down from the cover's top in their styles: how far
    down they reach (with the gap below them), their primitives and what they take."""
    width, y = style.text_width, 0.0
    prims: list[Primitive] = []
    taken: list[Taken] = []
    for text, rich, where, kind in zip(texts, riches, (source.title, source.subtitle), ("title", "subtitle")):
        if text:
            height, made = set_lines(wrap([Span(text)], width, rich, where), rich, 0.0, y, width)
            prims += made
            y += height + style.gap * 2
            taken.append(Taken(kind, where, text, height))
    return y, prims, taken


def _credits(style: BookStyle, credits: tuple[str, ...], rich: RichStyle,
             source: CoverSource) -> tuple[float, list[Primitive], list[Taken]]:
    """The credits set up from the cover's foot, the last lowest: the top of the
    first (less a gap above it), their primitives and what they take, in reading order."""
    foot = style.text_height
    prims: list[Primitive] = []
    taken: list[Taken] = []
    for index in reversed(range(len(credits))):
        credit, where = credits[index], source.credit(index)
        _widest_words_fit(credit, style.text_width, rich, rich.size, where)
        lines = wrap([Span(credit)], style.text_width, rich, where)
        height = set_lines(lines, rich, 0.0, 0.0)[0]
        foot -= height
        prims += set_lines(lines, rich, 0.0, foot, style.text_width)[1]
        foot -= style.gap / 2
        taken.insert(0, Taken("credits", where, credit, height))
    return foot, prims, taken


def _widest_words_fit(text: str, width: float, rich: RichStyle, smallest: float, where: str) -> RichStyle:
    """The style at the largest size, from rich's down to smallest, at which the
    text's every word fits the width; FitError naming where the text comes from
    where none does."""
    split = words([Span(text)], rich.fonts, where, rich.lang)

    def wide(word: list[tuple[str, str]], size: float) -> float:
        return sum(piece_width(t, n, size) for t, n in word)

    def attempt(size: float) -> bool | None:
        return True if all(wide(word, size) <= width for word in split) else None

    found = largest_fit(shrink_sizes(rich.size, smallest), attempt)
    if found is None:
        widest = max(split, key=lambda word: wide(word, smallest))
        raise FitError(f"{quoted(text)} has a word, {quoted(''.join(t for t, _ in widest))}, "
                       f"{mm(wide(widest, smallest)):.1f} mm wide at {smallest:g} pt (the smallest a cover sets "
                       f"it), but the cover's line is {mm(width):.1f} mm", where=where,
                       remedy="expected words that fit the line: shorten it or choose a larger page")
    return replace(rich, size=found[0])


@frozen
class Taken:
    """A text on the cover and the height its lines take there (no gap around them)."""

    kind: str                # title, subtitle or credits
    where: str
    text: str
    height: float


def _too_tall(taken: list[Taken], need: float, limit: float, source: CoverSource, credited: float) -> None:
    """FitError for a cover whose texts (in reading order) need more than its text
    height: naming the first that is taller than the cover on its own, else the credits
    where they are (`credited`: their height with the gaps between them), else, where
    each fits alone but not all together, naming their front matter."""
    alone = next((text for text in taken if text.height > limit + 1e-6), None)
    if alone is not None:
        raise FitError(f"{quoted(alone.text)} takes {mm(alone.height):.1f} mm of the cover, past its "
                       f"{mm(limit):.1f} mm of text height", where=alone.where, remedy=f"expected {SHORTER}")
    if credited > limit + 1e-6:
        count = sum(text.kind == "credits" for text in taken)
        raise FitError(f"the cover's {count} credits take {mm(credited):.1f} mm together, past its "
                       f"{mm(limit):.1f} mm of text height", where=source.all_credits,
                       remedy="expected fewer or shorter credits, or a larger page")
    kinds = " and ".join(dict.fromkeys(text.kind for text in taken))
    raise FitError(f"the cover's {kinds} fit it one by one but take {mm(need):.1f} mm together, past its "
                   f"{mm(limit):.1f} mm of text height", where=source.front, remedy=f"expected {SHORTER}")
