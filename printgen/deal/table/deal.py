"""Deals: the dealt cards' values, the Force rolls, and which deck card went where."""

from __future__ import annotations

from dataclasses import dataclass, field

from printgen.deal.table.cards import Card
from printgen.deal.table.rules import RuleSet
from printgen.errors import InputError


@dataclass(frozen=True)
class Deal:
    """One deal of a rule set.

    values: every card's value in dealt order: the Temple row by row from the
        apex (the rule set's tableau), then the stock from the top.
    rolls: the Force rolls in the order the game uses them.
    order: which card of the rule set's deck lies at each place (indices into
        `rules.deck.cards()`), when the deal was dealt or read from cards; None for
        a deal made of values alone (a test's, or a player's guess at one).
    """

    rules: RuleSet
    values: tuple[int, ...]
    rolls: tuple[tuple[int, int], ...] = ()
    number: int | None = None
    order: tuple[int, ...] | None = field(default=None, compare=False)

    @property
    def temple(self) -> tuple[int, ...]:
        return self.values[:self.rules.tableau.size]

    @property
    def piles(self) -> tuple[int, ...]:
        """The non-Temple cards, first-dealt (stock top) first."""
        return self.values[self.rules.tableau.size:]

    def card(self, index: int) -> Card | None:
        """The card at a place in dealt order, if the deal knows its cards."""
        if self.order is None:
            return None
        return self.rules.deck.cards()[self.order[index]]

    def card_text(self, index: int) -> str:
        """The card at a place as printed ('10♥', '+3'); its value's name if the
        deal knows only values."""
        card = self.card(index)
        if card is None:
            return self.rules.deck.value_text(self.values[index])
        return card.printed()


def dealt(rules: RuleSet, order: tuple[int, ...], rolls: tuple[tuple[int, int], ...] = (),
          number: int | None = None) -> Deal:
    """The deal that puts the deck's cards in `order` (deck indices, dealt order)."""
    deck = rules.deck
    cards = deck.cards()
    return Deal(rules, tuple(deck.value(cards[i]) for i in order), rolls, number, order)


def seeded_deal(rules: RuleSet, number: int) -> Deal:
    """Deal `number` (0, 1, 2, ...) of a rule set: its deck shuffled by its deal
    function, then its Force rolls."""
    if number < 0:
        raise InputError(f"deal number {number}: expected a non-negative integer")
    order, rolls = rules.shuffle(number, range(rules.deck.size), rules.rolls)
    return dealt(rules, tuple(order), tuple(rolls), number)


