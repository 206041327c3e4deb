"""A book's cover (layout/book.py): the title and subtitle at the top, the credits at the
foot and the picture between them. A text that cannot fit is a FitError naming where it
comes from (CoverSource: the rules text's file, line and key) and its value."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from printgen.errors import FitError
from printgen.frozen import frozen
from printgen.layout.fold import set_lines
from printgen.layout.primitives import Image, Primitive, shift
from printgen.layout.richtext import Fonts, RichStyle, piece_width, words, wrap
from printgen.layout.text import largest_fit, short, shrink_sizes
from printgen.model.picture import Picture
from printgen.model.text import Span
from printgen.units import mm

if TYPE_CHECKING:
    from printgen.layout.book import BookStyle


@frozen
class CoverSource:
    """Where a cover's texts come from, for the errors that name them: a file, line and
    key ("rules/x.md:2 title"), or a heading's file and line."""

    title: str = "the cover's title"
    subtitle: str = "the cover's subtitle"
    credits: tuple[str, ...] = ()      # one a credit line; "the cover's credits" where none is given
    picture: str = "the cover's picture"

    def credit(self, index: int) -> str:
        return self.credits[index] if index < len(self.credits) else "the cover's credits"


UNNAMED = CoverSource()       # a cover whose texts are not from a file
SHORTER = "a shorter title, subtitle or credits, or a larger page"


def lay_out_cover(style: BookStyle, title: str, subtitle: str, credits: tuple[str, ...],
                  picture: Picture | None, source: CoverSource) -> tuple[Primitive, ...]:
    """The cover: title and subtitle at the top, credits at the foot, the picture
    between them, as large as fits (and never beyond 150 dpi); each line flush to the
    side its text starts from. FitError naming the source of a text that cannot fit."""
    width, limit = style.text_width, style.text_height
    styles = (RichStyle(style.headings[0] * 1.5, 1.15, style.accent, style.family(Fonts(regular="sans-bold")),
                        lang=style.lang),
              RichStyle(style.headings[1], 1.2, style.ink, style.family(Fonts(regular="sans-italic")),
                        lang=style.lang),
              RichStyle(style.body, style.line_height, style.ink, style.family(), lang=style.lang))
    prims: list[Primitive] = []
    y = 0.0
    taken: list[tuple[str, str, float]] = []         # where, text, the height it takes: for the error
    for text, largest, where in zip((title, subtitle), styles, (source.title, source.subtitle)):
        if text:
            rich = _widest_words_fit(text, width, largest, style.body, where)
            height, made = set_lines(wrap([Span(text)], width, rich, where), rich, 0.0, y, width)
            prims += made
            y += height + style.gap * 2
            taken.append((where, text, height + style.gap * 2))
    foot, heads = limit, len(taken)
    for index in reversed(range(len(credits))):
        credit, where = credits[index], source.credit(index)
        _widest_words_fit(credit, width, styles[2], styles[2].size, where)
        lines = wrap([Span(credit)], width, styles[2], where)
        height = set_lines(lines, styles[2], 0.0, 0.0)[0]
        foot -= height
        prims += set_lines(lines, styles[2], 0.0, foot, width)[1]
        foot -= style.gap / 2
        taken.insert(heads, (where, credit, height + style.gap / 2))
    if foot < y - style.gap * 2 - 1e-6:
        _too_tall(taken, y - style.gap * 2 + limit - foot, limit)
    if picture is not None:
        box = foot - y - style.gap
        if box < style.body * 2:
            raise FitError(f"{picture.path.name} has no room below the cover's title", where=source.picture,
                           remedy=f"expected {SHORTER}")
        scale = min(width / picture.width, box / picture.height, 72 / 150)
        w, h = picture.width * scale, picture.height * scale
        prims.append(Image((width - w) / 2, y + (box - h) / 2, w, h, picture.path))
    return tuple(shift(p, style.left(1), style.top) for p in prims)


def _widest_words_fit(text: str, width: float, rich: RichStyle, smallest: float, where: str) -> RichStyle:
    """The style at the largest size, from rich's down to smallest, at which the
    text's every word fits the width; FitError naming where the text comes from
    where none does."""
    split = words([Span(text)], rich.fonts, where)

    def wide(word: list[tuple[str, str]], size: float) -> float:
        return sum(piece_width(t, n, size) for t, n in word)

    def attempt(size: float) -> bool | None:
        return True if all(wide(word, size) <= width for word in split) else None

    found = largest_fit(shrink_sizes(rich.size, smallest), attempt)
    if found is None:
        widest = max(split, key=lambda word: wide(word, smallest))
        raise FitError(f"{short(text)} has a word, {short(''.join(t for t, _ in widest))}, "
                       f"{mm(wide(widest, smallest)):.1f} mm wide at {smallest:g} pt (the smallest a cover sets "
                       f"it), but the cover's line is {mm(width):.1f} mm", where=where,
                       remedy="expected words that fit the line: shorten it or choose a larger page")
    return replace(rich, size=found[0])


def _too_tall(taken: list[tuple[str, str, float]], need: float, limit: float) -> None:
    """FitError for a cover whose texts (where, text, height, in reading order) need more
    than its text height, naming the first that takes them past it."""
    total, first = 0.0, len(taken) - 1
    for index, (_, _, height) in enumerate(taken):
        total += height
        if total > limit + 1e-6:
            first = index
            break
    where, text, _ = taken[first]
    raise FitError(f"{short(text)} takes the cover's texts to {mm(need):.1f} mm, past its "
                   f"{mm(limit):.1f} mm of text height", where=where, remedy=f"expected {SHORTER}")
