"""Deals: the dealt card values, the Force rolls, and the canonical deck order."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from printgen.deal.rules import JEDI_TEMPLE, PYRAMID, TEMPLE_SIZE, RuleSet
from printgen.deal.shuffle import shuffled_deal
from printgen.errors import InputError

JEDI_DECK = "sabacc-62"


@dataclass(frozen=True)
class Deal:
    """One deal of a rule set.

    values: every card's value in dealt order: the Temple row by row from the
        apex (28 cards), then the stock from the top.
    rolls: the Force rolls in the order the game uses them.
    labels: optional card names in the same order (Pyramid's '6d', 'Ah').
    """

    rules: RuleSet
    values: tuple[int, ...]
    rolls: tuple[tuple[int, int], ...] = ()
    number: int | None = None
    labels: tuple[str, ...] | None = field(default=None, compare=False)

    @property
    def temple(self) -> tuple[int, ...]:
        return self.values[:TEMPLE_SIZE]

    @property
    def piles(self) -> tuple[int, ...]:
        """The non-Temple cards, first-dealt (stock top) first."""
        return self.values[TEMPLE_SIZE:]


def parse_value(text: str) -> int:
    """A deck file's value text ('+3', '-7', '0') -> int; keeps the sign explicit."""
    stripped = text.strip()
    body = stripped[1:] if stripped[:1] in "+-" else stripped
    if not body.isdigit():
        raise InputError(f"card value {text!r}: expected a signed integer such as +3, -7 or 0")
    return int(stripped)


def deck_values(deck: object) -> tuple[int, ...]:
    """The adapter from a loaded deck spec to the engine: values in canonical order."""
    return tuple(parse_value(card.fields["value"]) for card in deck.cards)  # type: ignore[attr-defined]


@lru_cache(maxsize=1)
def jedi_deck() -> tuple[int, ...]:
    """The Sabacc deck's values in the canonical order of decks/sabacc-62.yaml."""
    from printgen.spec import load_deck

    values = deck_values(load_deck(JEDI_DECK))
    if len(values) != JEDI_TEMPLE.deck_size:
        raise InputError(f"deck {JEDI_DECK}: expected {JEDI_TEMPLE.deck_size} cards, "
                         f"got {len(values)}")
    return values


def jedi_deal(number: int, deck: tuple[int, ...] | None = None) -> Deal:
    """Jedi Temple deal `number` (1, 2, ...): the shuffled deck and its Force rolls."""
    if number < 0:
        raise InputError(f"deal number {number}: expected a non-negative integer")
    order, rolls = shuffled_deal(number, deck if deck is not None else jedi_deck(),
                                 JEDI_TEMPLE.rolls)
    return Deal(JEDI_TEMPLE, tuple(order), tuple(rolls), number)


def pyramid_deal(number: int) -> Deal:
    """Pyramid deal `number`: a standard 52-card deck (clubs, diamonds, hearts, spades,
    each Ace to King) shuffled by the same documented shuffle as Jedi Temple."""
    from printgen.deal.textio import PYRAMID_DECK, card_rank

    if number < 0:
        raise InputError(f"deal number {number}: expected a non-negative integer")
    labels, _ = shuffled_deal(number, PYRAMID_DECK, 0)
    return Deal(PYRAMID, tuple(card_rank(label) for label in labels), (), number, tuple(labels))


def seeded_deal(rules: RuleSet, number: int) -> Deal:
    """Deal `number` of a rule set (Jedi Temple or Pyramid)."""
    return jedi_deal(number) if rules.name == JEDI_TEMPLE.name else pyramid_deal(number)
