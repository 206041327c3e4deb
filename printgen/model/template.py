"""Layout templates: drawing elements whose values may hold Jinja2 expressions."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path


class ElementKind(enum.Enum):
    RECT = "rect"
    ELLIPSE = "ellipse"
    SHAPE = "shape"
    POLYGON = "polygon"
    LINE = "line"
    TEXT = "text"
    IMAGE = "image"


@dataclass(frozen=True)
class Element:
    """One drawing element: its kind and its values as written (text, or a flag);
    a value with "{{" or "{%" in it is evaluated for each card."""

    kind: ElementKind
    values: dict[str, str | bool]
    static: bool                 # no value holds an expression: the same for every card


@dataclass(frozen=True)
class ShapePart:
    """One part of a named shape, in a unit frame (-1..1, y down)."""

    kind: str                    # "ellipse" (cx, cy, rx, ry) or "polygon" (x, y pairs)
    numbers: tuple[float, ...]


Shape = tuple[ShapePart, ...]


@dataclass(frozen=True)
class Template:
    name: str
    path: Path
    source: str                  # the file as the user names it
    colors: dict[str, str]
    shapes: dict[str, Shape]
    elements: tuple[Element, ...]
    lines: tuple[tuple[int, dict[str, int]], ...]   # per element: its line, and each key's

    def where(self, index: int, key: str | None = None) -> str:
        line, keys = self.lines[index]
        suffix = f".{key}" if key else ""
        return f"{self.source}:{keys.get(key, line) if key else line} elements[{index}]{suffix}"
