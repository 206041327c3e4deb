"""Layout templates: drawing elements whose values may hold Jinja2 expressions."""

from __future__ import annotations

import enum
import re
from dataclasses import field
from pathlib import Path

from printgen.frozen import frozen
from printgen.model.fonts import Fonts
from printgen.model.picture import PictureShelf

HEX_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")   # a colour as printgen reads one: #rrggbb or #rgb


def hex_colour(text: str) -> str | None:
    """text as a colour '#rrggbb' in lower case ('#rgb' written out: '#c40' is
    '#cc4400'); None where it is not one (HEX_COLOUR, the whole text). Every colour
    printgen reads (templates, aids, its own data files) is read so."""
    if not HEX_COLOUR.fullmatch(text):
        return None
    return text.lower() if len(text) == 7 else "#" + "".join(c * 2 for c in text[1:]).lower()


class ElementKind(enum.Enum):
    RECT = "rect"
    ELLIPSE = "ellipse"
    SHAPE = "shape"
    POLYGON = "polygon"
    LINE = "line"
    TEXT = "text"
    IMAGE = "image"
    MARKDOWN = "markdown"        # Markdown blocks (headings, paragraphs, lists) flowed into a box
    GROUP = "group"              # its elements, once per item of a list, each time moved by x, y


@frozen
class Element:
    """One drawing element: its kind and its values as written (text, or a flag);
    a value with "{{" or "{%" in it is evaluated for each card."""

    kind: ElementKind
    values: dict[str, str | bool]
    static: bool                 # no value holds an expression: the same for every card
    path: str                    # its key path in the file: "elements[3]", "elements[3].elements[0]"
    line: int
    key_lines: dict[str, int]    # the line of each of its keys
    children: tuple[Element, ...] = ()     # a group's elements


@frozen
class ShapePart:
    """One part of a named shape, in a unit frame (-1..1, y down)."""

    kind: str                    # "ellipse" (cx, cy, rx, ry) or "polygon" (x, y pairs)
    numbers: tuple[float, ...]


Shape = tuple[ShapePart, ...]


@frozen
class Template:
    """A template file, checked, with everything it names resolved by the spec stage:
    the shapes it may draw (printgen's and its own), its icons, and the shelf of the
    pictures its elements name (per card, so looked up as each card is laid out)."""

    name: str
    path: Path
    source: str                  # the file as the user names it
    colors: dict[str, str]
    shapes: dict[str, Shape]     # templates/shapes.yaml's, then the template's own (which win)
    elements: tuple[Element, ...]
    pictures: PictureShelf = field(compare=False)    # the pictures its image elements name
    define: tuple[tuple[str, str, int], ...] = ()    # name, expression, line: computed per side
    icons: tuple[tuple[str, Path], ...] = ()         # pictures for inline icons in marked-up text
    fonts: dict[str, Fonts] = field(default_factory=dict, compare=False)
    # ^ the fonts its text elements may name: the project's, the deck's, then its own (which win)
    own_fonts: tuple[str, ...] = ()                  # the names it declares itself

    def where(self, element: Element, key: str | None = None) -> str:
        """file:line key.path of an element (or of one of its keys), for messages."""
        line = element.key_lines.get(key, element.line) if key else element.line
        return f"{self.source}:{line} {element.path}{f'.{key}' if key else ''}"
