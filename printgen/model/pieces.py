"""Dice, boards and tokens: the pieces a deck's build prints besides its cards."""

from __future__ import annotations

import enum

from printgen.frozen import frozen
from printgen.model.template import Template


@frozen
class Die:
    """A die file (decks/dice/NAME.yaml): six faces drawn by one template."""

    name: str
    title: str
    where: str                          # the file as the user names it
    template: Template
    edge: float                         # cube edge, points
    tab: float                          # glue tab width, points
    count: int                          # nets printed per set
    faces: tuple[dict[str, str], ...]   # the fields of faces 1..6


class PartKind(enum.Enum):
    BOARD = "board"                     # larger than a sheet: split with alignment marks
    TOKENS = "tokens"                   # count copies in a grid


@frozen
class Part:
    """A part file (decks/parts/NAME.yaml): a board or tokens drawn by one template."""

    name: str
    title: str
    kind: PartKind
    where: str
    template: Template
    width: float
    height: float
    count: int
    overlap: float                      # boards: the band neighbouring sheets share
    gap: float                          # tokens: the space between them
