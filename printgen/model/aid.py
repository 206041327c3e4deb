"""Play aids (decks/aids/NAME.yaml): pages drawn by templates from the aid's own data."""

from __future__ import annotations

from typing import Any

from printgen.frozen import frozen
from printgen.model.template import Template


@frozen
class AidPage:
    """One page kind of an aid: its template, and whether it is printed per player."""

    template: Template
    per_player: bool


@frozen
class Aid:
    """A checked aid file. `fields` is the data its templates print (as aid.*): text, and
    lists and mappings of text."""

    name: str                           # the file's stem: output names use it
    title: str
    where: str                          # the file as the user names it
    min_players: int
    max_players: int
    player_colors: tuple[str, ...]      # "#rrggbb", one per player up to the most
    landscape: bool
    pages: tuple[AidPage, ...]
    fields: dict[str, Any]
