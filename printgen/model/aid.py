"""Play aids (decks/aids/NAME.yaml)."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.model.text import Block


@dataclass(frozen=True)
class Stance:
    name: str
    suit: str
    perk: str


@dataclass(frozen=True)
class Aid:
    """A checked aid data file (see decks/aids/jedi-duel.yaml)."""

    title: str
    source: str
    colors: dict[str, str]
    player_colors: tuple[str, ...]
    stances: tuple[Stance, ...]
    areas: tuple[str, ...]
    attack: dict[str, str]                  # own, other, club
    defence: dict[str, dict[str, str]]      # stance -> area -> modifier
    sections: tuple[Block, ...]
    columns: tuple[tuple[int, ...], ...]    # fatigue values per column, top first
    out: int
    counter: float                          # counter diameter, points
    card: tuple[float, float]               # card size for the Stance spaces, points
