"""Deals as text: parse and format Pyramid and Jedi Temple deal files.

Pyramid: 52 cards such as `6d 5h Ah Td` anywhere in the file (rank
A23456789TJQK, suit cdhs), the pyramid row by row from the apex, then the deck
from the top. Jedi Temple: 62 signed values (`+3 -7 0`) in dealt order.
Every problem in a file is reported at once, each located as file:line.
"""

from __future__ import annotations

import re
from collections import Counter

from printgen.deal.deal import Deal, jedi_deck
from printgen.deal.rules import JEDI_TEMPLE, PYRAMID, RuleSet
from printgen.errors import InputError, located

RANKS = "A23456789TJQK"
SUITS = "cdhs"
PYRAMID_DECK = tuple(r + s for s in SUITS for r in RANKS)
_TOKEN = re.compile(r"\S+")


def card_rank(label: str) -> int:
    return RANKS.index(label[0].upper()) + 1


def _tokens(text: str) -> list[tuple[int, str]]:
    return [(number, match.group()) for number, line in enumerate(text.splitlines(), 1)
            for match in _TOKEN.finditer(line.split("#", 1)[0])]


def _check_count(source: str, found: list, expected: int, what: str, errors: list[str]) -> None:
    if len(found) != expected:
        errors.append(located(source, None, "", f"expected {expected} {what}, found {len(found)}"))


def parse_pyramid(text: str, source: str = "<deal>") -> Deal:
    """A Pyramid deal from text; InputError lists every bad, missing or repeated card."""
    errors: list[str] = []
    cards: list[tuple[int, str]] = []
    for line, token in _tokens(text):
        label = token[:1].upper() + token[1:].lower()
        if len(token) != 2 or label[0] not in RANKS or label[1] not in SUITS:
            errors.append(located(source, line, repr(token),
                                  "expected a card: rank A23456789TJQK then suit cdhs, e.g. 6d"))
            continue
        cards.append((line, label))
    seen: dict[str, int] = {}
    for line, label in cards:
        if label in seen:
            errors.append(located(source, line, repr(label),
                                  f"card repeated (first on line {seen[label]})"))
        seen.setdefault(label, line)
    missing = [label for label in PYRAMID_DECK if label not in seen]
    if missing:
        errors.append(located(source, None, "", f"missing cards: {' '.join(missing)}"))
    if not errors:
        _check_count(source, cards, PYRAMID.deck_size, "cards", errors)
    if errors:
        raise InputError("; ".join(errors))
    labels = tuple(label for _, label in cards)
    return Deal(PYRAMID, tuple(card_rank(label) for label in labels), (), None, labels)


def format_pyramid(deal: Deal) -> str:
    """The pyramid rows (one per line), then the deck on one line."""
    labels = deal.labels or tuple(RANKS[v - 1] + "?" for v in deal.values)
    rows = [" ".join(labels[r * (r + 1) // 2: (r + 1) * (r + 2) // 2]) for r in range(7)]
    return "\n".join(rows + [" ".join(labels[28:])]) + "\n"


def parse_jedi(text: str, source: str = "<deal>",
               rolls: tuple[tuple[int, int], ...] = ()) -> Deal:
    """A Jedi Temple deal from 62 signed values; checks them against the deck's multiset."""
    errors: list[str] = []
    values: list[tuple[int, int]] = []
    for line, token in _tokens(text):
        body = token[1:] if token[:1] in "+-" else token
        if not body.isdigit() or not -10 <= int(token) <= 10:
            errors.append(located(source, line, repr(token),
                                  "expected a card value -10..-1, +1..+10 or 0"))
            continue
        values.append((line, int(token)))
    deck = Counter(jedi_deck())
    counted: Counter[int] = Counter()
    for line, value in values:
        counted[value] += 1
        if counted[value] > deck[value]:
            errors.append(located(source, line, f"{value:+d}" if value else "0",
                                  f"one card too many: the deck has {deck[value]} of this value"))
    short = [f"{v:+d}" if v else "0" for v in sorted(deck) for _ in range(deck[v] - counted[v])
             if counted[v] < deck[v]]
    if short and not errors:
        errors.append(located(source, None, "", f"missing cards: {' '.join(short)}"))
    if not errors:
        _check_count(source, values, JEDI_TEMPLE.deck_size, "cards", errors)
    if errors:
        raise InputError("; ".join(errors))
    return Deal(JEDI_TEMPLE, tuple(v for _, v in values), tuple(rolls))


def format_jedi(deal: Deal) -> str:
    rows = [" ".join(_signed(v) for v in deal.values[r * (r + 1) // 2:(r + 1) * (r + 2) // 2])
            for r in range(7)]
    return "\n".join(rows + [" ".join(_signed(v) for v in deal.values[28:])]) + "\n"


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def parse_rolls(text: str) -> tuple[tuple[int, int], ...]:
    """'a,b a,b a,b' -> ((a, b), ...), dice 1..6."""
    rolls = []
    for token in text.split():
        parts = token.split(",")
        if len(parts) != 2 or not all(p.isdigit() and 1 <= int(p) <= 6 for p in parts):
            raise InputError(located("--rolls", None, repr(token),
                                     "expected a roll as two dice 1..6, e.g. 3,5"))
        rolls.append((int(parts[0]), int(parts[1])))
    return tuple(rolls)


def parse_deal(rules: RuleSet, text: str, source: str = "<deal>",
               rolls: tuple[tuple[int, int], ...] = ()) -> Deal:
    if rules is PYRAMID:
        return parse_pyramid(text, source)
    return parse_jedi(text, source, rolls)
