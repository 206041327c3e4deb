"""Template + card -> the primitives of one card side, in the card's trim frame."""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from printgen.errors import FieldWhere, FitError, GlyphError, TemplateError, UnitError
from printgen.lang.expr import card_side, evaluate, is_template, render
from printgen.layout.fit import FITS, fitted
from printgen.layout.page import Frame
from printgen.layout.primitives import Ellipse, Polygon, Primitive, Rect, line, shift, turn
from printgen.layout.primitives import Image as ImagePrim
from printgen.layout.text import ALIGNS, VALIGNS, TextStyle, set_text
from printgen.limits import limit
from printgen.model.fonts import Fonts
from printgen.model.template import Element, ElementKind, Shape, Template, hex_colour
from printgen.units import DPI, Length, mm, points


def context_for(frame: Frame, template: Template, **values: Any) -> dict[str, Any]:
    """The names a template's expressions can use."""
    return {"trim": {"w": mm(frame.width), "h": mm(frame.height)}, "bleed": mm(frame.bleed),
            "safe": mm(frame.safe), "colors": template.colors, **values}


class CardSubject(str):
    """A card as errors name it (`card 3 'Gold' from decks/x.yaml:12 cards[1]`), knowing
    where each of its fields is written (Card.places): a text too long for its box, or
    holding a character no font has, names the field as written (`name@de`), in its
    file and row or key path."""

    card: str                      # the card alone: "card 3 'Gold'"
    places: dict[str, str]

    def __new__(cls, card: str, where: str, places: dict[str, str]) -> CardSubject:
        made = super().__new__(cls, f"{card} from {where}")
        made.card, made.places = card, places
        return made

    def __reduce__(self) -> tuple[type[CardSubject], tuple[str, str, dict[str, str]]]:
        return CardSubject, (self.card, self[len(self.card) + len(" from "):], self.places)


Memo = dict[tuple[Path, str, Frame], tuple[Primitive, ...]]     # static elements laid out, by template, path, frame


def layout_side(template: Template, frame: Frame, context: dict[str, Any],
                subject: str, memo: Memo | None = None,
                origins: list[Element] | None = None) -> tuple[Primitive, ...]:
    """Every element of the template evaluated for one card; subject names it in errors.
    With a memo (one for a deck's cards), an element with no expression in it is laid
    out once and reused for every card. origins, where given, gets the element each
    primitive comes from, in the primitives' order (a group's for what its elements draw).
    The side's expressions work on one budget together (lang/expr.py's card_side), and
    its groups lay out at most MAX_LAYOUTS elements."""
    _SIDE.layouts = _SIDE.points = 0
    with card_side():
        for name, expression, at in template.define:
            def where(at: int = at, name: str = name) -> str:     # bound now, not at the loop's end
                return f"{template.source}:{at} define.{name} ({subject})"
            context = {**context, name: evaluate(expression, context, where)}
        return tuple(_lay_out(template, template.elements, frame, context, subject, {} if memo is None else memo,
                              origins))


def _lay_out(template: Template, elements: tuple[Element, ...], frame: Frame,
             context: dict[str, Any], subject: str, memo: Memo,
             origins: list[Element] | None = None) -> list[Primitive]:
    prims: list[Primitive] = []
    for element in elements:
        key = (template.path, element.path, frame)
        if key in memo:
            _count_points(memo[key], template, element, subject)
            prims.extend(memo[key])
            if origins is not None:
                origins.extend([element] * len(memo[key]))
            continue
        ev = _Evaluator(template, element, context, subject)
        if "when" in element.values and ev.text("when").strip().lower() in ("", "false", "0", "no", "none"):
            continue
        if element.kind is ElementKind.GROUP:
            made = _group(ev, frame, memo)
        else:
            ev.render_all()
            made = _KIND[element.kind](ev, frame)
        if ev.flag("mirror"):
            made += [turn(p, 2, frame.width, frame.height) for p in made]
        if element.static:
            memo[key] = tuple(made)
        if element.kind is not ElementKind.GROUP:     # (a group's elements are counted as they are laid out)
            _count_points(made, template, element, subject)
        prims.extend(made)
        if origins is not None:
            origins.extend([element] * len(made))
    return prims


def _count_points(made: Sequence[Primitive], template: Template, element: Element, subject: str) -> None:
    """Count the points of the polygons an element of the template made on the card
    side (subject): at most MAX_SIDE_POINTS together."""
    _SIDE.points += sum(len(prim.points) for prim in made if isinstance(prim, Polygon))
    if _SIDE.points > MAX_SIDE_POINTS:
        key = {"polygon": "points", "shape": "shape"}.get(element.kind.value, "kind")
        raise TemplateError(f"{template.where(element, key)} ({subject}): the card side's polygons and shapes "
                            f"would have {_SIDE.points:,} points with this element's; expected at most "
                            f"{MAX_SIDE_POINTS:,} on one card side")


def _group(ev: _Evaluator, frame: Frame, memo: Memo) -> list[Primitive]:
    """The group's elements once per item of `each`, moved by x, y (evaluated for
    each item, with the item named by `as` and `loop`: index, index0, first, last)."""
    items = evaluate(str(ev.element["each"]), ev.context, lambda: ev.where("each"))
    if isinstance(items, int) and not isinstance(items, bool):
        items = range(items)
    if isinstance(items, (str, bytes)) or not hasattr(items, "__iter__"):
        raise TemplateError(f"{ev.where('each')}: expected a list to repeat the group over, got {items!r}")
    items = list(items)
    if len(items) > MAX_ITEMS:
        raise TemplateError(f"{ev.where('each')}: expected at most {MAX_ITEMS} items, got {len(items)}")
    _SIDE.layouts += len(items) * len(ev.element_.children)
    if _SIDE.layouts > MAX_LAYOUTS:
        raise TemplateError(f"{ev.where('each')}: the groups would lay out at least {_SIDE.layouts:,} elements "
                            f"on one card side; expected at most {MAX_LAYOUTS:,} (fewer items, or fewer groups "
                            f"inside groups)")
    name = str(ev.element.get("as", "item"))
    prims: list[Primitive] = []
    for i, item in enumerate(items):
        loop = {"index": i + 1, "index0": i, "first": i == 0, "last": i == len(items) - 1,
                "length": len(items)}
        inner = _Evaluator(ev.template, ev.element_, {**ev.context, name: item, "loop": loop}, ev.subject)
        dx, dy = inner.length("x", "0mm"), inner.length("y", "0mm")
        made = _lay_out(ev.template, ev.element_.children, frame, inner.context, ev.subject, memo)
        prims += [shift(p, dx, dy) for p in made]
    return prims


MAX_ITEMS = limit("group_items")                 # a group repeats at most this many times
MAX_LAYOUTS = limit("group_layouts")             # elements one card side's groups lay out, nested ones multiplied


MAX_POINTS = limit("shape_points")               # points of one polygon
MAX_SIDE_POINTS = limit("card_points")          # points of every polygon on one card side


class _Side(threading.local):
    layouts = 0                                  # elements the card side's groups laid out so far
    points = 0                                   # points of the polygons it laid out so far


_SIDE = _Side()
_SEPARATOR = "\x1e"      # joins an element's expressions so that one render does them all


class _Evaluator:
    """Reads one element's values for one card, with located errors."""

    def __init__(self, template: Template, element: Element, context: dict[str, Any],
                 subject: str) -> None:
        self.template, self.element_, self.element = template, element, element.values
        self.context, self.subject = context, subject
        self.rendered: dict[str, str] = {}
        deck = context.get("deck")
        self.dpi = float(deck.get("dpi") or DPI) if isinstance(deck, dict) else float(DPI)   # for px

    def where(self, key: str | None = None) -> str:
        return f"{self.template.where(self.element_, key)} ({self.subject})"

    def render_all(self) -> None:
        """Render every expression of the element (but `when`) in one go; where that
        fails, each is rendered alone later, so the error names its own key."""
        expressions = {k: v for k, v in self.element.items()
                       if k != "when" and isinstance(v, str) and is_template(v)}
        keys = list(expressions)
        if len(keys) < 2:
            return
        joined = _SEPARATOR.join(expressions.values())
        try:
            parts = render(joined, self.context, "").split(_SEPARATOR)
        except TemplateError:
            return
        if len(parts) == len(keys):
            self.rendered = dict(zip(keys, parts))

    def has(self, key: str) -> bool:
        return self.element.get(key) is not None

    def text(self, key: str, default: str = "") -> str:
        if key in self.rendered:
            return self.rendered[key]
        raw = self.element.get(key)
        if raw is None:
            return default
        return render(str(raw), self.context, lambda: self.where(key))

    def length(self, key: str, default: str | None = None, *, signed: bool = True) -> float:
        value = self.text(key, default or "")
        if not value and default is None:
            raise TemplateError(f"{self.where()}: missing required key {key!r}")
        try:
            result = points(value, self.dpi)
        except UnitError as error:
            raise TemplateError(f"{self.where(key)}: {error}") from None
        if not signed and result < 0:
            raise TemplateError(f"{self.where(key)}: expected a length of at least 0, got {value!r}")
        return result

    def number(self, key: str, default: float, low: float = -1e6, high: float = 1e6) -> float:
        value = self.text(key, str(default))
        try:
            number = float(value)
        except ValueError:
            raise TemplateError(f"{self.where(key)}: expected a number, got {value!r}") from None
        if not low <= number <= high:            # (NaN fails too)
            raise TemplateError(f"{self.where(key)}: expected a number from {low:g} to {high:g}, got {value!r}")
        return number

    def flag(self, key: str) -> bool:
        raw = self.element.get(key)
        return raw is True or (isinstance(raw, str) and self.text(key).strip().lower() == "true")

    def color(self, key: str, default: str | None = None) -> str | None:
        value = self.text(key, default or "none").strip()
        value = self.template.colors.get(value, value)
        if value.lower() == "none":
            return None
        colour = hex_colour(value)
        if colour is None:
            names = ", ".join(self.template.colors) or "none defined"
            raise TemplateError(f"{self.where(key)}: expected a colour '#rrggbb' or '#rgb', or a palette "
                                f"name ({names}), got {value!r}")
        return colour

    def choice(self, key: str, choices: tuple[str, ...], default: str) -> str:
        value = self.text(key, default)
        if value not in choices:
            raise TemplateError(f"{self.where(key)}: expected one of {', '.join(choices)}, got {value!r}")
        return value

    def box(self, frame: Frame) -> tuple[float, float, float, float]:
        if self.has("box"):
            name = self.choice("box", ("bleed", "trim", "safe"), "trim")
            return frame.box(name)
        return (self.length("x"), self.length("y"), self.length("w", signed=False),
                self.length("h", signed=False))

    def paint(self) -> dict[str, Any]:
        dash = tuple(Length.parse(p, dpi=self.dpi).pt for p in self.text("dash").split()) if self.has("dash") else ()
        return {"fill": self.color("fill"), "stroke": self.color("stroke"),
                "width": self.length("stroke_width", "0.5pt", signed=False) if self.has("stroke") else 0.0,
                "dash": dash}


def _rect(ev: _Evaluator, frame: Frame) -> list[Primitive]:
    x, y, w, h = ev.box(frame)
    return [Rect(x, y, w, h, radius=ev.length("radius", "0mm", signed=False), **ev.paint())]


def _ellipse(ev: _Evaluator, frame: Frame) -> list[Primitive]:
    r = ev.length("r", "0mm", signed=False)
    paint = ev.paint()
    paint.pop("dash")
    return [Ellipse(ev.length("cx"), ev.length("cy"), ev.length("rx", f"{r}pt", signed=False),
                    ev.length("ry", f"{r}pt", signed=False), **paint)]


def _points(ev: _Evaluator, key: str) -> tuple[tuple[float, float], ...]:
    points = []
    pairs = ev.text(key).split()
    if len(pairs) > MAX_POINTS:
        raise TemplateError(f"{ev.where(key)}: {len(pairs):,} points; expected at most {MAX_POINTS:,} points "
                            f"in one shape")
    for pair in pairs:
        parts = pair.split(",")
        try:
            if len(parts) != 2:
                raise UnitError(f"expected 'x,y' lengths such as '3mm,4mm', got {pair!r}")
            points.append((Length.parse(parts[0], dpi=ev.dpi).pt, Length.parse(parts[1], dpi=ev.dpi).pt))
        except UnitError as error:
            raise TemplateError(f"{ev.where(key)}: {error}") from None
    return tuple(points)


def _polygon(ev: _Evaluator, frame: Frame) -> list[Primitive]:
    return [Polygon(_points(ev, "points"), **ev.paint())]


def _line(ev: _Evaluator, frame: Frame) -> list[Primitive]:
    paint = ev.paint()
    return [line(ev.length("x1"), ev.length("y1"), ev.length("x2"), ev.length("y2"),
                 stroke=paint["stroke"] or "#000000", width=paint["width"] or 0.5, dash=paint["dash"])]


def _shape(ev: _Evaluator, frame: Frame) -> list[Primitive]:
    name = ev.text("shape")
    parts = ev.template.shapes.get(name)
    if parts is None:
        known = ", ".join(sorted(ev.template.shapes))
        raise TemplateError(f"{ev.where('shape')}: unknown shape {name!r}; expected one of {known}")
    cx, cy, half = ev.length("cx"), ev.length("cy"), ev.length("size", signed=False) / 2
    return shape_prims(parts, cx, cy, half, ev.paint())


def shape_prims(parts: Shape, cx: float, cy: float, half: float, paint: dict[str, Any]) -> list[Primitive]:
    """A named shape's parts (in its unit frame) drawn at (cx, cy), half its size each way."""
    made: list[Primitive] = []
    for part in parts:
        n = part.numbers
        if part.kind == "ellipse":
            made.append(Ellipse(cx + n[0] * half, cy + n[1] * half, n[2] * half, n[3] * half,
                                paint["fill"], paint["stroke"], paint["width"]))
        else:
            pts = zip(n[0::2], n[1::2])
            made.append(Polygon(tuple((cx + px * half, cy + py * half) for px, py in pts), **paint))
    return made


MAX_TEXT_PT = float(limit("text_size_pt"))        # the largest text size: 10 inches


def _text(ev: _Evaluator, frame: Frame) -> list[Primitive]:
    x, y, w, h = ev.box(frame)
    size = ev.length("size", "10pt", signed=False)
    if not 0 < size <= MAX_TEXT_PT:
        raise TemplateError(f"{ev.where('size')}: expected a text size above 0 and at most {MAX_TEXT_PT:g}pt, "
                            f"got {ev.text('size')!r}")
    family = _family(ev)
    style = TextStyle(font=family.regular, family=family, size=size, lang=ev.text("lang", _deck(ev, "lang")),
                      hyphenate=ev.flag("hyphenate"),
                      color=ev.color("color", "#000000") or "#000000",
                      align=ev.choice("align", ALIGNS, "left"), valign=ev.choice("valign", VALIGNS, "top"),
                      line_height=ev.number("line_height", 1.2, limit("line_height_min"), limit("line_height_max")),
                      wrap=ev.text("wrap", "true") != "false",
                      min_size=min(size, max(1.0, ev.length("min_size", f"{size}pt", signed=False))))
    quarter = _quarter(ev)
    lw, lh = (h, w) if quarter % 2 else (w, h)
    field = _field_name(ev)
    where = FieldWhere(_field_where(ev, field), field)     # (a FitError there knows its field)
    runs: Sequence[Primitive]
    try:
        if ev.flag("markup"):
            from printgen.layout.cardtext import set_rich
            runs = set_rich(ev.text("text"), lw, lh, style, where, lambda *args: _icon(ev, *args))
        else:
            runs = set_text(ev.text("text"), 0.0, 0.0, lw, lh, style, where)
    except GlyphError as error:
        raise _glyphs_where_written(ev, field, error) from None
    return [shift(turn(run, quarter, lw, lh), x, y) for run in runs]


def _glyphs_where_written(ev: _Evaluator, field: str, error: GlyphError) -> GlyphError:
    """Characters no font has, told where they were written: in the card's field
    where its value holds them all (the error as raised), else in the template's
    text element, whose own words hold them (`你 {{ card.suit }}`), not the field's."""
    card = ev.context.get("card")
    value = str(card.get(field, "")) if isinstance(card, dict) else ""
    if _field_place(ev, field) is None or all(ch in value for ch in error.chars):
        return error
    return GlyphError(error.detail, where=ev.where("text"), chars=error.chars)


def _field_where(ev: _Evaluator, field: str) -> str:
    """Where a text element's field is, for its errors: _field_place(), else the
    element, the card and the field's name."""
    return _field_place(ev, field) or f"{ev.where('text')} field {field!r}"


def _field_place(ev: _Evaluator, field: str) -> str | None:
    """The card's field as written (`decks/x.yaml:12 cards[1].fields.'name@de'` or
    `decks/cards.csv:3 name@de`) with the card and the element that sets it; None
    where the text is no card's field."""
    subject = ev.subject
    if not isinstance(subject, CardSubject) or field not in subject.places:
        return None
    return f"{subject.places[field]} ({subject.card}, in {ev.template.where(ev.element_, 'text')})"


def _deck(ev: _Evaluator, key: str, default: str = "") -> str:
    """What the deck being built says under key: its language (`lang`: its own, or the
    --lang one), its language's word for "Notes" (`notes`); default where no deck is
    drawn (a play aid)."""
    deck = ev.context.get("deck")
    return str(deck.get(key, default)) if isinstance(deck, dict) else default


def _family(ev: _Evaluator) -> Fonts:
    """The family a text element's `font:` names: one the template, deck or project
    declares under fonts:, else a bundled face."""
    from printgen.fonts import FILES, builtin_family
    name = ev.text("font", "sans")
    declared = ev.template.fonts
    if name in declared:
        return declared[name]
    if name in FILES:
        return builtin_family(name)
    raise TemplateError(f"{ev.where('font')}: expected one of {', '.join([*FILES, *declared])}, got {name!r}")


def _icon(ev: _Evaluator, name: str, left: float, top: float, size: float,
          color: str) -> list[Primitive] | None:
    """An inline icon: a shape filled in the text's colour, or a template's picture."""
    pictures = dict(ev.template.icons)
    if name in pictures:
        return [ImagePrim(left, top, size, size, pictures[name])]
    parts = ev.template.shapes.get(name)
    if parts is None:
        return None
    half = size / 2
    return shape_prims(parts, left + half, top + half, half, {"fill": color, "stroke": None, "width": 0.0, "dash": ()})


def _image(ev: _Evaluator, frame: Frame) -> list[Primitive]:
    x, y, w, h = ev.box(frame)
    picture = ev.template.pictures(ev.text("src"), ev.where("src"))
    fit = ev.choice("fit", FITS, "fill")
    return [fitted(x, y, w, h, picture.path, (picture.width, picture.height), 90 * _quarter(ev), fit)]


def _markdown(ev: _Evaluator, frame: Frame) -> list[Primitive]:
    """Markdown (headings, paragraphs, lists, bold, italic, tables) flowed into the box,
    set at `size` with headings at `headings` (three lengths), its footnotes after it
    under the deck's language's heading; FitError if it overflows."""
    # markdown-it and fold (which lays out panels of sides): only for templates with Markdown
    from printgen.fonts import own_faces
    from printgen.lang.markdown import parse_markdown
    from printgen.layout.flow import flow
    from printgen.layout.fold import FoldStyle
    x, y, w, h = ev.box(frame)
    size = ev.length("size", "8pt", signed=False)
    try:
        headings = tuple(Length.parse(part, dpi=ev.dpi).pt for part in ev.text("headings").split())
    except UnitError as error:
        raise TemplateError(f"{ev.where('headings')}: {error}") from None
    color = ev.color("color", "#000000") or "#000000"
    style = FoldStyle(w, h, 0.0, size, headings or (size * 1.3, size * 1.15, size * 1.05), size * 0.85,
                      0.0, ev.number("line_height", 1.2), ev.length("gap", f"{size * 0.45}pt", signed=False),
                      ev.length("indent", "3mm", signed=False), color, ev.color("accent", color) or color,
                      own=own_faces(ev.template.fonts),      # the template's and deck's fonts: what DejaVu lacks
                      notes=_deck(ev, "notes", FoldStyle.notes))
    line = ev.element_.key_lines.get("text", ev.element_.line)
    text = ev.text("text")
    field = _field_place(ev, _field_name(ev))
    where = field or ev.where("text")
    if field is None:                               # the template's own text: its file's lines
        blocks = parse_markdown(text, ev.template.source, ev.template.pictures, line_offset=line - 1)
    else:                                           # a card's field: its place, and the line of its text
        blocks = parse_markdown(text, field, ev.template.pictures,
                                place=lambda n: f"{field}, line {n} of the text" if "\n" in text else field)
    panels = flow(blocks, style)
    if len(panels) > 1:
        over = sum(used for _, used in panels[1:])
        raise FitError(f"{where}: the text does not fit its {mm(w):.0f} x {mm(h):.0f} mm box; "
                       f"it is over by about {mm(over):.0f} mm; shorten it or enlarge the box")
    return [shift(p, x, y) for p in panels[0][0]] if panels else []


def _quarter(ev: _Evaluator) -> int:
    return {"0": 0, "90": 1, "180": 2, "270": 3}[ev.choice("rotate", ("0", "90", "180", "270"), "0")]


def _field_name(ev: _Evaluator) -> str:
    """The card field a text element sets, for its errors: its `field:`, else the first
    `card.NAME` its text names, else "text"."""
    given = ev.text("field")
    if given:
        return given
    match = re.search(r"card\.(\w+)", str(ev.element.get("text", "")))
    return match.group(1) if match else "text"


_KIND = {ElementKind.RECT: _rect, ElementKind.ELLIPSE: _ellipse, ElementKind.SHAPE: _shape,
         ElementKind.POLYGON: _polygon, ElementKind.LINE: _line, ElementKind.TEXT: _text,
         ElementKind.IMAGE: _image, ElementKind.MARKDOWN: _markdown}
