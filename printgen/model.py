"""The model: decks and cards as small frozen values, every length in points."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printgen.units import mm


@dataclass(frozen=True)
class CardSize:
    """A card's trim size in points, with the preset name it came from (if any)."""

    width: float
    height: float
    name: str = ""

    def __str__(self) -> str:
        label = f"{mm(self.width):g} x {mm(self.height):g} mm"
        return f"{self.name} ({label})" if self.name else label


@dataclass(frozen=True)
class Paper:
    """A sheet of paper and the band around its edge a home printer cannot print."""

    name: str
    width: float
    height: float
    margin: float

    def landscape(self) -> Paper:
        return Paper(self.name, self.height, self.width, self.margin)


@dataclass(frozen=True)
class Card:
    """One card of a deck: its per-card fields (always text) and its templates."""

    index: int                     # 1-based position in the deck's canonical order
    label: str                     # a short human name, e.g. "+3 circle"
    fields: dict[str, str]
    face: str                      # template name or path
    back: str
    where: str                     # key path of the spec entry that made it, for errors

    @property
    def slug(self) -> str:
        """The label as a file-name part: "+3 circle" -> "plus3-circle", "-3" -> "minus3"."""
        text = re.sub(r"(?<!\w)-(?=\d)", "minus", self.label.replace("+", "plus"))
        keep = "".join(ch if ch.isalnum() else "-" for ch in text)
        return "-".join(part for part in keep.lower().split("-") if part)


@dataclass(frozen=True)
class Deck:
    """A whole deck as the spec describes it, ready for layout."""

    name: str
    title: str
    source: Path                   # the deck file
    size: CardSize
    bleed: float
    safe: float
    cards: tuple[Card, ...]
    game: str = ""
    credits: tuple[str, ...] = ()
    card_thickness: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)   # raw values of the keys below
    doc: Any = field(default=None, compare=False, repr=False)  # the loaded file, for located errors

    # Keys whose values stay raw in `extra`, each validated by the product that uses it
    # (with Checker(deck.doc) so its errors name the line):
    #   dice: names of dice to build with the deck; parts: boards, tokens and other pieces;
    #   box: tuck box options; rules: the name of the game's rules text.

    @property
    def backs(self) -> tuple[str, ...]:
        """The distinct back templates, in the order cards first use them."""
        return tuple(dict.fromkeys(card.back for card in self.cards))

    def count(self, **fields: str) -> int:
        """How many cards have all the given field values."""
        return sum(all(card.fields.get(k) == v for k, v in fields.items()) for card in self.cards)
