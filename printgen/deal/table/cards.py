"""The deal engine's cards: ranks, suits, playing cards, value cards, and the decks
rule sets deal from.

Two kinds of card, each with a parse/format pair for deal files and a printed form
for sheets and keys:
- `PlayingCard`: a rank and a suit of the standard 52-card deck, written `Th`
  (rank A23456789TJQK, suit cdhs) and printed `10♥`;
- `ValueCard`: a card that plays by its signed value alone (Sabacc's +3 and -7,
  the Sylop's 0), written and printed `+3`, `-7`, `0`.

A deck (`PlayingDeck`, `ValueDeck`) lists its cards in canonical order (deal N
shuffles that order), says what each card is worth in play, and reads a card from
a deal file. A rule set carries its deck (rules.py), so nothing else needs to
know which kind of card a game uses. The engine reads no file: a value deck's
cards come from a deck file the caller reads and hands in (`ValueDeck.with_cards`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum, IntEnum
from typing import Any, Protocol

from printgen.errors import InputError


class Ink(Enum):
    """The colour a card's value is printed in, by what it means in play."""

    BLACK = "black"          # clubs, spades
    RED = "red"              # diamonds, hearts
    POSITIVE = "positive"    # a value above zero
    NEGATIVE = "negative"    # a value below zero
    ZERO = "zero"            # a zero value (Sabacc's Sylop)


class Suit(str, Enum):  # noqa: UP042 (a StrEnum would print a suit as 'c', not 'Suit.CLUBS')
    """A suit of the standard deck; its letter sorts in the deck's order (c, d, h, s)."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @classmethod
    def parse(cls, text: str) -> Suit:
        """'h', 'H' or the symbol sheets print, '\N{BLACK HEART SUIT}' -> HEARTS; ValueError otherwise."""
        return _BY_SYMBOL.get(text) or cls(text.lower())

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def word(self) -> str:
        """The suit's name in the plural, as card templates take it ('hearts')."""
        return self.name.lower()

    @property
    def ink(self) -> Ink:
        return Ink.RED if self in (Suit.DIAMONDS, Suit.HEARTS) else Ink.BLACK


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
# the symbols sheets print, and their white forms (a copy may turn one into the other)
_BY_SYMBOL = {symbol: suit for suit, symbol in _SYMBOLS.items()} | {
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES}
RANK_LETTERS = "A23456789TJQK"


class Rank(IntEnum):
    """A rank of the standard deck, numbered Ace 1 to King 13."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @classmethod
    def parse(cls, text: str) -> Rank:
        """One letter of A23456789TJQK (any case) -> the rank; ValueError otherwise."""
        letter = text.upper()
        if len(letter) != 1 or letter not in RANK_LETTERS:
            raise ValueError(f"not a rank: {text!r}")
        return cls(RANK_LETTERS.index(letter) + 1)

    def format(self) -> str:
        """The rank's letter in a deal file: 'T' for ten."""
        return RANK_LETTERS[self - 1]

    def printed(self) -> str:
        """The rank as printed on a sheet or in a key: '10' for ten."""
        return "10" if self is Rank.TEN else self.format()


@dataclass(frozen=True)
class PlayingCard:
    """A card of the standard deck: PlayingCard.parse('Th') is the ten of hearts."""

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> PlayingCard:
        """A rank letter then a suit letter, any case ('Th', '6d', 'as'), or a card as
        sheets print it ('10\N{BLACK HEART SUIT}', 'J\N{BLACK SPADE SUIT}'; '10' for the ten with a
        letter or a symbol); ValueError otherwise."""
        rank = "T" if text[:2] == "10" else text[:1]
        suit = text[2:] if text[:2] == "10" else text[1:]
        if len(suit) != 1:
            raise ValueError(f"not a card: {text!r}")
        return cls(Rank.parse(rank), Suit.parse(suit))

    def format(self) -> str:
        return self.rank.format() + self.suit.value      # a Suit's value is its letter

    def printed(self) -> str:
        """'10♥'."""
        return self.rank.printed() + self.suit.symbol

    @property
    def ink(self) -> Ink:
        return self.suit.ink

    def __lt__(self, other: PlayingCard) -> bool:
        """Deck order: by suit (clubs first), then by rank (Ace first)."""
        return (self.suit, self.rank) < (other.suit, other.rank)

    def __repr__(self) -> str:
        return f"PlayingCard.parse({self.format()!r})"


@dataclass(frozen=True, order=True)
class ValueCard:
    """A card known by its signed value alone: ValueCard.parse('+3'), the Sylop '0'."""

    value: int

    @classmethod
    def parse(cls, text: str) -> ValueCard:
        """A signed integer ('+3', '-7', '0'; '3' is +3; the minus sign U+2212 that
        sheets print, '\N{MINUS SIGN}7', is '-7'); ValueError otherwise."""
        stripped = text.strip().replace("\u2212", "-")
        body = stripped[1:] if stripped[:1] in "+-" else stripped
        if not body.isdigit():
            raise ValueError(f"not a signed integer: {text!r}")
        return cls(int(stripped))

    def format(self) -> str:
        """'+3', '-7', '0': the sign always shown, zero without one."""
        return f"{self.value:+d}" if self.value else "0"

    def printed(self) -> str:
        return self.format()

    @property
    def ink(self) -> Ink:
        return Ink.POSITIVE if self.value > 0 else Ink.NEGATIVE if self.value < 0 else Ink.ZERO

    def __repr__(self) -> str:
        return f"ValueCard.parse({self.format()!r})"


Card = PlayingCard | ValueCard

STANDARD_DECK: tuple[PlayingCard, ...] = tuple(PlayingCard(rank, suit) for suit in Suit
                                               for rank in Rank)
"""The 52 cards in canonical order: clubs, diamonds, hearts, spades, each Ace to King."""


class Deck(Protocol):
    """What a rule set deals from (see the module docstring)."""

    @property
    def size(self) -> int: ...

    @property
    def expected(self) -> str: ...

    def cards(self) -> tuple[Any, ...]: ...

    def value(self, card: Any) -> int: ...

    def parse_card(self, text: str) -> Any: ...

    def value_text(self, value: int) -> str: ...


@dataclass(frozen=True)
class PlayingDeck:
    """The standard 52-card deck; `rank_values` gives what each rank is worth in play,
    Ace to King (Pyramid: 1 to 13)."""

    rank_values: tuple[int, ...] = tuple(range(1, 14))
    expected: str = "a card: rank A23456789TJQK (or 10) then suit cdhs (or ♣♦♥♠), e.g. 6d or 10♥"

    @property
    def size(self) -> int:
        return len(STANDARD_DECK)

    def cards(self) -> tuple[PlayingCard, ...]:
        return STANDARD_DECK

    def value(self, card: PlayingCard) -> int:
        return self.rank_values[card.rank - 1]

    def parse_card(self, text: str) -> PlayingCard:
        return PlayingCard.parse(text)

    def value_text(self, value: int) -> str:
        """A value named when the card is not known: its rank if only one rank has it."""
        ranks = [rank for rank in Rank if self.rank_values[rank - 1] == value]
        return ranks[0].printed() if len(ranks) == 1 else str(value)


@dataclass(frozen=True)
class ValueDeck:
    """A deck of value cards listed by a deck file (decks/NAME.yaml, each card's
    `value` field, in the file's order). A rule set names the deck; the caller reads
    the file and hands its cards in (`with_cards`), where `size` is checked."""

    name: str
    size: int
    expected: str
    listed: tuple[ValueCard, ...] | None = field(default=None, repr=False)

    def with_cards(self, cards: tuple[ValueCard, ...]) -> ValueDeck:
        """This deck with its cards, in the deck file's order."""
        if len(cards) != self.size:
            raise InputError(f"deck {self.name}: expected {self.size} cards, got {len(cards)}")
        return replace(self, listed=cards)

    def cards(self) -> tuple[ValueCard, ...]:
        if self.listed is None:
            raise ValueError(f"deck {self.name}: its cards were not handed in (with_cards)")
        return self.listed

    def value(self, card: ValueCard) -> int:
        return card.value

    def parse_card(self, text: str) -> ValueCard:
        return ValueCard.parse(text)

    def value_text(self, value: int) -> str:
        return ValueCard(value).format()

