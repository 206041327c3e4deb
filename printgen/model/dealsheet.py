"""A deal sheet's look and words, as templates/deal-sheet.yaml gives them."""

from __future__ import annotations

from typing import Any

from printgen.frozen import frozen
from printgen.model.template import Template


@frozen
class SheetStyle:
    """The sheet's look, in points, from templates/deal-sheet.yaml."""

    colors: dict[str, str]
    margin: float
    card_scale: float
    min_scale: float                # the Temple picture shrinks to no less than this share of its size
    gap: float
    row_step: float
    columns: int
    cell_height: float


@frozen
class SheetData:
    """templates/deal-sheet.yaml, checked: the style, texts per rule set and level."""

    style: SheetStyle
    rules: dict[str, dict[str, str]]
    levels: dict[str, dict[str, str]]
    rating: dict[str, str]
    challenge: dict[str, Any]
    die: Template                # templates/deal-die.yaml: a Force roll's die face
    minicard: Template           # templates/deal-minicard.yaml: a playing card in the Temple
