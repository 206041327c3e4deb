"""Decks and cards, card sizes and papers, every length in points."""

from __future__ import annotations

import enum
import re
from dataclasses import field, replace
from pathlib import Path

from printgen.frozen import frozen
from printgen.model.fonts import Fonts
from printgen.model.template import Template
from printgen.units import mm

SLUG_BYTES = 80             # the most bytes a card's label gives its file names (Card.slug)


@frozen
class CardSize:
    """A card's trim size in points, with the preset name it came from (if any)."""

    width: float
    height: float
    name: str = ""

    def __str__(self) -> str:
        label = f"{mm(self.width):g} x {mm(self.height):g} mm"
        return f"{self.name} ({label})" if self.name else label


class Duplex(enum.Enum):
    """How a printed sheet is turned over for its back side."""

    LONG = "long"          # about its long edge
    SHORT = "short"        # about its short edge
    NONE = "none"          # not by printgen: each back at its face's place (a print shop places them)
    FOLD = "fold"          # one side only: each face beside its back, folded along a gutter


@frozen
class Marks:
    """How printgen marks a sheet in its margin (print.yaml `crop_marks`, `fold_over`,
    `card_sheets`, `slug`); all zero for a sheet that is never cut by hand (a Tabletop
    Simulator image)."""

    gap: float = 0.0               # between the cards and where a crop mark starts
    length: float = 0.0            # a crop mark's longest
    width: float = 0.0             # a crop mark's line width
    gutter: float = 0.0            # fold-over sheets: between the faces and their backs
    shortest: float = 0.0          # card sheets: the shortest crop mark worth drawing
    bleed: float = 0.0             # card sheets: how far colour runs beyond a card block's outer trim
    slug_type: float = 0.0         # the size of the type a sheet says what it is in (layout/slug.py)
    scale_bar: float = 0.0         # the length of the scale bar beside it


@frozen
class TurnCheck:
    """The calibration sheet's turn check (print.yaml `calibration`): the side of the
    front's two boxes and of the back's square that shows through one of them."""

    box: float
    square: float


@frozen
class Paper:
    """A sheet of paper, the band around its edge a home printer cannot print, and
    how printgen marks it."""

    name: str
    width: float
    height: float
    margin: float
    marks: Marks = Marks()

    def landscape(self) -> Paper:
        return replace(self, width=self.height, height=self.width)


@frozen
class Card:
    """One card of a deck: its per-card fields (always text) and its templates."""

    index: int                     # 1-based position in the deck's canonical order
    label: str                     # a short human name, e.g. "+3 circle"
    fields: dict[str, str]
    face: str                      # template name or path
    back: str
    where: str                     # key path of the spec entry that made it, for errors
    places: dict[str, str] = field(default_factory=dict, compare=False)
    # ^ where each field is written, as the build took it: "FILE:LINE cards[0].fields.'name@de'"

    @property
    def slug(self) -> str:
        """The label as a file-name part: "+3 circle" -> "plus3-circle", "-3" -> "minus3";
        at most SLUG_BYTES bytes of UTF-8, cut between two characters (a file name holds
        255 bytes; the card's number keeps the names apart); "" for a label of no letter
        or digit."""
        text = re.sub(r"(?<!\w)-(?=\d)", "minus", self.label.replace("+", "plus"))
        keep = "".join(ch if ch.isalnum() else "-" for ch in text)
        slug = "-".join(part for part in keep.lower().split("-") if part)
        return slug.encode("utf-8")[:SLUG_BYTES].decode("utf-8", "ignore").rstrip("-")


@frozen
class Ref:
    """Another data file a deck names (a die, a part, a rules text): its name as the
    deck wrote it and the file it was found at."""

    name: str
    path: Path


@frozen
class DeckBox:
    """The deck's `box:` options; None where the deck leaves printgen's default."""

    thickness: float | None = None       # one card's thickness, points
    clearance: float | None = None       # added to the inside size each way, points
    title: str | None = None             # the front panel's title
    side: str | None = None              # the text on both sides
    back: str | None = None              # the back panel's text


@frozen
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
    dice: tuple[Ref, ...] = ()     # dice printed with the deck (decks/dice/)
    parts: tuple[Ref, ...] = ()    # boards, tokens and other pieces (decks/parts/)
    box: DeckBox = DeckBox()
    rules: tuple[Ref, ...] = ()    # rules texts folded to fit the deck's tuck box
    rules_as: str = "leaflet"      # ... as leaflets, or as booklets of the card size
    where: str = ""                # the deck file as the user names it, for messages
    lines: tuple[tuple[str, int], ...] = ()   # the line of each top-level key (and of its key@LANG built),
    # and of each key of `box:` ("box.title@de")
    lang: str = "en"               # the language built (a BCP 47 code); name ends -LANG but for the first
    languages: tuple[str, ...] = ("en",)      # the deck's languages, its own (that of its plain text) first
    dpi: int = 300                 # the dots per inch of its lengths in px
    notes: str = "Notes"           # the heading of its card text's footnotes, in its language
    templates: dict[str, Template] = field(default_factory=dict, compare=False)
    # ^ every face and back template its cards name, by the name as written (spec: with_templates)
    fonts: dict[str, Fonts] = field(default_factory=dict, compare=False)
    # ^ the fonts its templates may name (`fonts:`, and the project's fonts/fonts.yaml)

    def at(self, key: str = "") -> str:
        """The deck file and the line of a top-level key, for messages: "decks/x.yaml:12"."""
        line = dict(self.lines).get(key) if key else None
        where = self.where or str(self.source)
        return f"{where}:{line}" if line else where

    @property
    def base_name(self) -> str:
        """The deck's name without the language its files carry (the name, in its own language)."""
        return self.name if self.lang == self.languages[0] else self.name.removesuffix(f"-{self.lang}")

    @property
    def backs(self) -> tuple[str, ...]:
        """The distinct back templates, in the order cards first use them."""
        return tuple(dict.fromkeys(card.back for card in self.cards))

    def context(self) -> dict[str, object]:
        """The deck as a template's expressions see it (`deck.name`, `deck.count` ...)."""
        return {"name": self.name, "title": self.title, "game": self.game,
                "credits": list(self.credits), "count": len(self.cards), "lang": self.lang,
                "dpi": self.dpi, "notes": self.notes}

    def count(self, **fields: str) -> int:
        """How many cards have all the given field values."""
        return sum(all(card.fields.get(k) == v for k, v in fields.items()) for card in self.cards)
