"""What the deal engine reads from files, read here and handed in: deal files
(`printgen solve --deck FILE`: text -> a Deal of the rule set) and the cards of a deck
a rule set names (Jedi Temple deals from decks/sabacc-62.yaml, in the file's order)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from printgen.deal import JEDI_TEMPLE, Deal, RuleSet, ValueCard, ValueDeck, parse_deal, seeded_deal
from printgen.errors import InputError
from printgen.model import Deck
from printgen.reading import display_path, read_text
from printgen.spec import load_deck


def load_deal_file(rules: RuleSet, path: Path, rolls: tuple[tuple[int, int], ...] = (),
                   source: str | None = None) -> Deal:
    """A deal written as text (see `printgen solve --help`), checked card by card; its
    errors name it as `source` (the path as the user gave it), else as display_path."""
    source = source or display_path(path)
    text = read_text(path, source)
    return parse_deal(with_cards(rules), text, source, rolls)


def with_cards(rules: RuleSet) -> RuleSet:
    """`rules` ready to deal and to read deal files: a deck a file lists is given that
    file's cards (the project's deck of that name, else the built-in one)."""
    deck = rules.deck
    if isinstance(deck, ValueDeck) and deck.listed is None:
        return replace(rules, deck=deck.with_cards(deck_values(deck.name)))
    return rules


def jedi_deal(number: int) -> Deal:
    """Jedi Temple deal `number`."""
    return seeded_deal(with_cards(JEDI_TEMPLE), number)


@lru_cache(maxsize=4)
def deck_values(name: str) -> tuple[ValueCard, ...]:
    """The value cards of deck `name`, in its file's order."""
    return value_cards(load_deck(name))


def value_cards(deck: Deck) -> tuple[ValueCard, ...]:
    """The adapter from a loaded deck spec to the engine: its cards' `value` fields, in
    the deck's order."""
    cards = []
    for card in deck.cards:
        text = card.fields["value"]
        try:
            cards.append(ValueCard.parse(text))
        except ValueError:
            raise InputError(f"card value {text!r}: expected a signed integer such as +3, "
                             f"-7 or 0") from None
    return tuple(cards)
