"""Small helpers for printed and reported words."""

from __future__ import annotations


def plural(count: int, word: str) -> str:
    """'1 recycle', '2 recycles', '0 pages'."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
