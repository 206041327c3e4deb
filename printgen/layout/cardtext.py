"""Rich card text: **bold**, *italic* and inline icons in a text element (`markup: true`).

An icon is written `:name:`, the name of a shape (shapes.yaml or the template's own
`shapes:`) or of a picture the template declares under `icons:`. It is set on the
text's baseline at the text's size, in the text's colour, and wraps and shrinks with
the words around it: the text is wrapped with layout/richtext.py, shrunk a quarter
point at a time down to min_size like any text element, and is otherwise a FitError.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from printgen.errors import FitError, TemplateError
from printgen.fonts import font
from printgen.layout.primitives import Primitive
from printgen.layout.richtext import ICON_EM, Fonts, Line, RichStyle, line_icons, line_runs, wrap
from printgen.layout.text import TextStyle
from printgen.model.text import Span
from printgen.units import mm

MARKUP = re.compile(r"\*\*(?P<bold>.+?)\*\*|\*(?P<italic>.+?)\*|:(?P<icon>[A-Za-z0-9][\w-]*):")
ICON_SIZE = 0.8          # an icon's height, in ems; it stands on the baseline

# drawing an icon: (name, left, top, size) -> primitives; None for an unknown name
IconDrawer = Callable[[str, float, float, float, str], list[Primitive] | None]


def parse_markup(text: str) -> list[Span]:
    """Spans of plain, bold and italic text and icons, in order."""
    spans: list[Span] = []
    position = 0
    for match in MARKUP.finditer(text):
        if match.start() > position:
            spans.append(Span(text[position:match.start()]))
        if match.group("bold") is not None:               # *italic* may sit inside **bold**
            inner = match.group("bold")
            parts = re.split(r"\*(.+?)\*", inner)
            spans += [Span(part, bold=True, italic=bool(i % 2)) for i, part in enumerate(parts) if part]
        elif match.group("italic") is not None:
            spans.append(Span(match.group("italic"), italic=True))
        else:
            spans.append(Span("", icon=match.group("icon")))
        position = match.end()
    if position < len(text):
        spans.append(Span(text[position:]))
    return spans


def fonts_for(base: str) -> Fonts:
    """The bold and italic faces that go with a text element's font."""
    if base.startswith("condensed"):
        return Fonts(regular=base, bold="condensed-bold", italic=base, bold_italic="condensed-bold")
    return Fonts(regular=base, bold="sans-bold", italic="sans-italic", bold_italic="sans-bold-italic")


def set_rich(text: str, w: float, h: float, style: TextStyle, where: str,
             draw_icon: IconDrawer) -> list[Primitive]:
    """The marked-up text set in a w x h box at the origin; FitError when it cannot fit
    at style.min_size."""
    paragraphs = [parse_markup(part) for part in text.split("\n")]
    for icon in (s.icon for spans in paragraphs for s in spans if s.icon):
        if draw_icon(icon, 0.0, 0.0, 1.0, style.color) is None:
            raise TemplateError(f"{where}: unknown icon ':{icon}:'; expected a shape of shapes.yaml or the "
                                f"template, or a name under the template's icons:")
    size, smallest = style.size, style.min_size or style.size
    while True:
        rich = RichStyle(size, style.line_height, style.color, fonts_for(style.font))
        lines = [line for spans in paragraphs for line in (wrap(spans, w, rich, where) or [Line((), 0.0)])]
        if all(line.width <= w + 1e-6 for line in lines) and _height(lines, rich) <= h + 1e-6:
            return _place(lines, w, h, rich, style, draw_icon)
        if size - 0.25 < smallest - 1e-9:
            raise FitError(f"{where}: text {text[:40]!r} does not fit its {mm(w):.1f} x {mm(h):.1f} mm "
                           f"box at {smallest:g} pt; shorten it or enlarge the box")
        size -= 0.25


def _metrics(rich: RichStyle) -> tuple[float, float, float]:
    """Ascent, descent (positive, below the baseline) and cap height of the regular face."""
    metrics = font(rich.fonts.regular)
    em = rich.size / metrics.units_per_em
    return metrics.ascent * em, -metrics.descent * em, metrics.cap_height * em


def _height(lines: list[Line], rich: RichStyle) -> float:
    ascent, descent, _ = _metrics(rich)
    return ascent + (len(lines) - 1) * rich.size * rich.line_height + descent


def _place(lines: list[Line], w: float, h: float, rich: RichStyle, style: TextStyle,
           draw_icon: IconDrawer) -> list[Primitive]:
    ascent, descent, cap = _metrics(rich)
    step = rich.size * rich.line_height
    if style.valign == "top":
        first = ascent
    elif style.valign == "bottom":
        first = h - descent - (len(lines) - 1) * step
    else:                                   # middle: the capitals of the block centred
        first = max(min((h - cap - (len(lines) - 1) * step) / 2 + cap,
                        h - descent - (len(lines) - 1) * step), ascent)
    made: list[Primitive] = []
    icon = rich.size * ICON_SIZE
    for i, line in enumerate(lines):
        baseline = first + i * step
        made += line_runs(line, 0.0, baseline, rich, style.align, w)
        for name, left in line_icons(line, 0.0, style.align, w, rich.size):
            inset = (rich.size * ICON_EM - icon) / 2
            made += draw_icon(name, left + inset, baseline - icon, icon, style.color) or []
    return made
