"""The tableau: the cards dealt face up as a pyramid (the Jedi Temple, Pyramid's pyramid).

Row r (0 is the apex) holds r + 1 cards; every card but those of the bottom row is
covered by the two cards below it, and can be played once both have left. Cards
are numbered row by row from the apex, left to right: the apex is 0, row 1 holds
1 and 2, and so on. A rule set carries its tableau (rules.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Tableau:
    """A pyramid of `rows` rows (7 for Jedi Temple and Pyramid: 28 cards)."""

    rows: int = 7

    @property
    def size(self) -> int:
        """The number of cards (28 for 7 rows)."""
        return self.rows * (self.rows + 1) // 2

    @staticmethod
    def index_of(row: int, col: int) -> int:
        """(row, column) -> card number."""
        return row * (row + 1) // 2 + col

    @staticmethod
    def position_of(index: int) -> tuple[int, int]:
        """Card number -> (row, column)."""
        row = 0
        while index > row:
            index -= row + 1
            row += 1
        return row, index

    def contains(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col <= row

    def coverers(self, index: int) -> tuple[int, ...]:
        """The numbers of the (up to two) cards that cover a card."""
        row, col = self.position_of(index)
        if row == self.rows - 1:
            return ()
        return self.index_of(row + 1, col), self.index_of(row + 1, col + 1)

    def split(self, dealt: Sequence[T]) -> tuple[list[Sequence[T]], Sequence[T]]:
        """Things in dealt order -> the tableau's rows (apex first) and the rest."""
        rows = [dealt[self.index_of(r, 0):self.index_of(r + 1, 0)] for r in range(self.rows)]
        return rows, dealt[self.size:]
