"""Deals as text: parse and format a rule set's deal files.

A deal file lists every card of the deck once, written as the rule set's deck
writes it (table/cards.py): Pyramid `6d 5h Ah Td` (rank A23456789TJQK, suit cdhs),
Jedi Temple signed values `+3 -7 0`. The Temple comes first, row by row from the
apex, then the stock from the top; line breaks are free and `#` starts a comment.
Every problem in a file is reported at once, each located as file:line.
"""

from __future__ import annotations

import re
from collections import Counter

from printgen.deal.table.cards import Card
from printgen.deal.table.deal import Deal, dealt
from printgen.deal.table.rules import RuleSet
from printgen.errors import InputError, located, quoted
from printgen.words import first_few

_TOKEN = re.compile(r"\S+")


def _tokens(text: str) -> list[tuple[int, str]]:
    return [(number, match.group()) for number, line in enumerate(text.splitlines(), 1)
            for match in _TOKEN.finditer(line.split("#", 1)[0])]


SHOWN_PROBLEMS = 5      # a deal file's problems named before it stops reading
SHOWN_UNREAD = 3        # unreadable cards quoted before the count of the rest
DIE = ("1", "2", "3", "4", "5", "6")     # a roll's dice as --rolls writes them


def parse_deal(rules: RuleSet, text: str, source: str = "<deal>",
               rolls: tuple[tuple[int, int], ...] = ()) -> Deal:
    """A deal of the rule set from text; InputError lists every extra or missing card
    and the cards it cannot read (the first few quoted, the rest counted). Each card
    takes the first place in the deck that holds a card like it."""
    deck = rules.deck
    in_deck = Counter(deck.cards())
    errors: list[str] = []
    unread: list[tuple[int, str]] = []        # (line, token) of each card not of the deck
    cards: list[Card] = []
    seen: Counter[Card] = Counter()
    first: dict[Card, int] = {}
    extra: dict[Card, tuple[int, str]] = {}     # each card the file holds too many of: its first extra copy
    for line, token in _tokens(text):
        try:
            card = deck.parse_card(token)
        except ValueError:
            card = None
        if card is None or not in_deck[card]:
            unread.append((line, token))
            continue
        if len(extra) > SHOWN_PROBLEMS:         # a stranger's large file: enough is said
            continue
        cards.append(card)
        seen[card] += 1
        if seen[card] > in_deck[card]:
            extra.setdefault(card, (line, token))
        first.setdefault(card, line)
    errors += [located(source, line, quoted(token), _extra(in_deck[card], first[card], seen[card] - in_deck[card]))
               for card, (line, token) in extra.items()]     # (one problem a card, however many extra copies)
    if unread:
        errors.insert(0, _unread(source, unread, deck.expected))
    if len(errors) > SHOWN_PROBLEMS:
        raise InputError("; ".join(errors[:SHOWN_PROBLEMS]) + "; and more problems after these")
    missing = sorted((in_deck - seen).elements())
    if missing and len(unread) <= SHOWN_UNREAD:     # else they are the cards it could not read
        errors.append(located(source, None, "", "missing cards: "
                              + " ".join(card.format() for card in missing)))
    if errors:
        raise InputError("; ".join(errors))
    places: dict[Card, list[int]] = {}
    for index, card in enumerate(deck.cards()):
        places.setdefault(card, []).append(index)
    order = tuple(places[card].pop(0) for card in cards)
    return dealt(rules, order, tuple(rolls))


def _unread(source: str, unread: list[tuple[int, str]], expected: str) -> str:
    """The cards a file holds that are not the deck's, in one short problem: the first
    few quoted (at the first one's line), the rest counted (words.first_few())."""
    listed = first_few([token for _, token in unread], SHOWN_UNREAD, shown=quoted)
    return located(source, unread[0][0], listed, f"expected {expected}")


def _extra(copies: int, first: int, more: int) -> str:
    """The problem of a card the file holds `more` copies too many of."""
    if copies == 1:
        return f"card repeated (first on line {first})" if more == 1 else \
            f"card repeated {more} times (first on line {first})"
    return f"{'one card' if more == 1 else f'{more} cards'} too many: the deck has {copies} of them"


def format_deal(deal: Deal) -> str:
    """The Temple's rows (one per line), then the rest on one line."""
    rows, rest = deal.rules.tableau.split(written_cards(deal))
    return "\n".join([" ".join(row) for row in rows] + [" ".join(rest)]) + "\n"


def written_cards(deal: Deal) -> list[str]:
    """The deal's cards in dealt order, each as a deal file writes it ("6d", "+3"):
    a Pyramid card with its suit where the deal knows its cards."""
    return [_written(deal, i) for i in range(len(deal.values))]


def _written(deal: Deal, index: int) -> str:
    card = deal.card(index)
    return card.format() if card is not None else deal.rules.deck.value_text(deal.values[index])


_COMMA = re.compile(r"\s*,\s*")


def parse_rolls(text: str) -> tuple[tuple[int, int], ...]:
    """'a,b a,b a,b' -> ((a, b), ...), dice 1..6; a roll may be written as a sheet
    prints it, 'a, b' (space after the comma)."""
    rolls = []
    for token in _COMMA.sub(",", text).split():
        parts = token.split(",")
        if len(parts) != 2 or not all(p in DIE for p in parts):     # (not isdigit: "²" is one, and no die)
            raise InputError(located("--rolls", None, quoted(token),
                                     "expected a roll as two dice 1..6, e.g. 3,5"))
        rolls.append((int(parts[0]), int(parts[1])))
    return tuple(rolls)
