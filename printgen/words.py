"""Small helpers for printed and reported words."""

from __future__ import annotations

import re
from collections.abc import Callable

MINUS = "\u2212"           # the minus sign: every negative value printgen prints (deal sheets, a leaflet's deal)
_NEGATIVE = re.compile(r"-(?=\d)")


def plural(count: int, word: str, *, thousands: bool = False) -> str:
    """'1 recycle', '2 recycles', '0 pages'; with thousands, the count in thousands
    ('1,024 positions')."""
    return f"{count:,} {_form(count, word)}" if thousands else f"{count} {_form(count, word)}"


def first_few(items: list[str], named: int, noun: str = "", shown: Callable[[str], str] = str) -> str:
    """The first `named` items, each as shown() shows it, then how many more ('a, b, c
    and 4 more words', '1,024 more' in thousands); all of them where only one more
    would be left out (never 'and 1 more')."""
    listed = items if len(items) <= named + 1 else items[:named]
    more = len(items) - len(listed)
    counted = f"{more:,} more" + (f" {_form(more, noun)}" if noun else "")
    return ", ".join(map(shown, listed)) + (f" and {counted}" if more else "")


def joined(items: list[str]) -> str:
    """Items as a sentence lists them: 'a', 'a and b', 'a, b and c'."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def true_minus(text: str) -> str:
    """text with the minus sign (U+2212) for each hyphen-minus that signs a number
    ("Balance -5 (...) and Force -4."), as a deal sheet prints every value."""
    return _NEGATIVE.sub(MINUS, text)


def _form(count: int, word: str) -> str:
    """The word as a count of count says it: 'page' for 1, else 'pages'."""
    return word if count == 1 else f"{word}s"
