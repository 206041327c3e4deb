"""Rich card text: **bold**, *italic* and inline icons in a text element (`markup: true`).

An icon is written `:name:`, the name of a shape (shapes.yaml or the template's own
`shapes:`) or of a picture the template declares under `icons:`. It is set on the
text's baseline at the text's size, in the text's colour, and wraps and shrinks with
the words around it: the text is wrapped with layout/richtext.py and shrunk to the
largest size down to min_size, a quarter point apart, at which it fits, found as for
any text element (layout/text.py), its lines fitted by their ink as plain text's are;
otherwise it is a FitError. A `**` or `*` without its closing mark is an error naming
the card and field, not a star set in the text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from printgen.errors import SpecError, TemplateError, TextOverflow, quoted
from printgen.fonts import builtin_family
from printgen.layout.primitives import Primitive
from printgen.layout.richtext import (
    ICON_EM,
    LetterTooWide,
    Line,
    RichStyle,
    exactly,
    line_icons,
    line_reach,
    line_runs,
    narrower,
    word_ems,
    words,
    wrap_words,
)
from printgen.layout.text import (
    SHORTEN,
    TextStyle,
    baselines,
    check_length,
    inked_height,
    largest_fit,
    overhangs,
    shrink_sizes,
)
from printgen.model.text import Span
from printgen.shaping import font
from printgen.units import mm

MARKUP = re.compile(r"\*\*(?P<bold>.+?)\*\*|\*(?P<italic>.+?)\*|:(?P<icon>[A-Za-z0-9][\w-]*):")
ICON_SIZE = 0.8          # an icon's height, in ems; it stands on the baseline

# drawing an icon: (name, left, top, size) -> primitives; None for an unknown name
IconDrawer = Callable[[str, float, float, float, str], list[Primitive] | None]


ITALIC = re.compile(r"\*(.+?)\*")          # *italic* inside **bold**


def parse_markup(text: str, where: str = "") -> list[Span]:
    """Spans of plain, bold and italic text and icons, in order; SpecError (naming
    where) for a ** or * that is not closed."""
    _check_balanced(text, where)
    spans: list[Span] = []
    position = 0
    for match in MARKUP.finditer(text):
        if match.start() > position:
            spans.append(Span(text[position:match.start()]))
        if match.group("bold") is not None:               # *italic* may sit inside **bold**
            inner = match.group("bold")
            parts = ITALIC.split(inner)
            spans += [Span(part, bold=True, italic=bool(i % 2)) for i, part in enumerate(parts) if part]
        elif match.group("italic") is not None:
            spans.append(Span(match.group("italic"), italic=True))
        else:
            spans.append(Span("", icon=match.group("icon")))
        position = match.end()
    if position < len(text):
        spans.append(Span(text[position:]))
    return spans


def _check_balanced(text: str, where: str) -> None:
    """Refuse a star that parse_markup would leave in the text: a ** or * opened and
    not closed (on the same line)."""
    if "*" not in text:
        return
    used = bytearray(len(text))                # 1 where a star opens or closes a span
    for match in MARKUP.finditer(text):
        if match.group("bold") is not None:
            used[match.start():match.start() + 2] = used[match.end() - 2:match.end()] = b"\1\1"
            inner = match.start("bold")
            for italic in ITALIC.finditer(match.group("bold")):
                used[inner + italic.start()] = used[inner + italic.end() - 1] = 1
        elif match.group("italic") is not None:
            used[match.start()] = used[match.end() - 1] = 1
    at = next((i for i, ch in enumerate(text) if ch == "*" and not used[i]), None)
    if at is None:
        return
    mark = "**" if text.startswith("**", at) and not used[at + 1] else "*"
    start, end = max(0, at - 20), min(len(text), at + 20)
    shown = ("..." if start else "") + text[start:end] + ("..." if end < len(text) else "")
    raise SpecError(f"{where + ': ' if where else ''}unbalanced {mark} in {shown!r}; expected a closing {mark}")


def set_rich(text: str, w: float, h: float, style: TextStyle, where: str,
             draw_icon: IconDrawer) -> list[Primitive]:
    """The marked-up text set in a w x h box at the origin, at the largest size from
    style.size down to style.min_size (a quarter point apart) at which it fits, as
    plain text is; FitError when it cannot fit at style.min_size."""
    check_length(text, where)
    paragraphs = [parse_markup(part, where) for part in text.split("\n")]
    for icon in (s.icon for spans in paragraphs for s in spans if s.icon):
        if draw_icon(icon, 0.0, 0.0, 1.0, style.color) is None:
            raise TemplateError(f"{where}: unknown icon ':{icon}:'; expected a shape of shapes.yaml or the "
                                f"template, or a name under the template's icons:")
    fonts = style.family or builtin_family(style.font)
    split = [words(spans, fonts, where, style.lang) for spans in paragraphs]
    ems = [word_ems(part) for part in split]

    def lay_out(size: float) -> tuple[list[Line], RichStyle]:
        rich = RichStyle(size, style.line_height, style.color, fonts, style.lang, style.hyphenate)
        return [line for part, part_ems in zip(split, ems, strict=True)
                for line in (wrap_words(part, w, rich, where, part_ems, exact=False) or [Line((), 0.0)])], rich

    def attempt(size: float) -> tuple[list[Line], RichStyle] | None:
        try:
            lines, rich = lay_out(size)
        except LetterTooWide:                   # at this size: a smaller one may fit
            return None
        if all(narrower(line, w, size) for line in lines) and _height(lines, rich) <= h + 1e-6:
            return lines, rich
        return None

    smallest = style.min_size or style.size
    sizes = shrink_sizes(style.size, smallest)
    found = largest_fit(sizes, attempt)
    if found is None:
        lay_out(sizes[-1])                      # LetterTooWide, where a letter is wider than the box
        raise TextOverflow(f"text {quoted(text)} does not fit its {mm(w):.1f} x {mm(h):.1f} mm box at {smallest:g} pt",
                           where=where, remedy=SHORTEN)
    lines, rich = found[1]
    return _place(exactly(lines, rich.size), w, h, rich, style, draw_icon)


def _over(lines: list[Line], rich: RichStyle) -> list[tuple[float, float]]:
    """How far (ems) each line's ink reaches past the regular face's ascent and descent."""
    return overhangs([line_reach(line, rich.lang) for line in lines], font(rich.fonts.regular))


def _height(lines: list[Line], rich: RichStyle) -> float:
    """From the top of the first line's ink (its ascent, or marks stacked higher) to
    the bottom of the last's."""
    return inked_height(font(rich.fonts.regular), rich.size, _over(lines, rich), rich.line_height)


def _place(lines: list[Line], w: float, h: float, rich: RichStyle, style: TextStyle,
           draw_icon: IconDrawer) -> list[Primitive]:
    over = _over(lines, rich)               # marks reaching past the ascent or descent push lines apart
    made: list[Primitive] = []
    icon = rich.size * ICON_SIZE
    for line, baseline in zip(lines, baselines(font(rich.fonts.regular), rich.size, over, rich.line_height,
                                               style.valign, 0.0, h), strict=True):
        made += line_runs(line, 0.0, baseline, rich, style.align, w)
        for name, left in line_icons(line, 0.0, style.align, w, rich.size, rich.lang):
            inset = (rich.size * ICON_EM - icon) / 2
            made += draw_icon(name, left + inset, baseline - icon, icon, style.color) or []
    return made
