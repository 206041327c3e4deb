"""Small helpers for printed and reported words."""

from __future__ import annotations


def plural(count: int, word: str) -> str:
    """'1 recycle', '2 recycles', '0 pages'."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def first_few(items: list[str], named: int, noun: str = "") -> str:
    """The first `named` items, then how many more ('a, b, c and 4 more words'); all of
    them where only one more would be left out (never 'and 1 more')."""
    shown = items if len(items) <= named + 1 else items[:named]
    more = len(items) - len(shown)
    counted = plural(more, f"more {noun}") if noun else f"{more} more"
    return ", ".join(shown) + (f" and {counted}" if more else "")
