"""How many positions a search reports, in words and JSON alike.

A search counts the position past its budget that stops it, unsearched: the one it
would have searched next. So a search stopped by its budget reports the budget, and
a search that ends within its budget reports its own count.
"""

from __future__ import annotations

from typing import Protocol


class Searched(Protocol):
    """A key's verdict and the positions its searches counted (rating/key.py's Key)."""

    @property
    def winnable(self) -> bool | None: ...
    @property
    def nodes(self) -> int: ...


def positions_searched(nodes: int, budget: int) -> int:
    """The positions a search given `budget` searched, its count being `nodes`."""
    return min(nodes, budget)


def key_positions(key: Searched, budget: int) -> int:
    """The positions a key's searches report, its verdict's search given `budget`: a
    key with no win is that one search (positions_searched); a win's key adds the
    searches that made it, each with a budget of its own, as they counted them."""
    return key.nodes if key.winnable else positions_searched(key.nodes, budget)
