"""A relaxation for groups of at most two cards (Pyramid): the pile as a bag.

Forget when each pile card comes up and let every pile card still in play be
used at any time, once. Then what is left of the game is the Temple and a bag of
values: remove a lone card (a King), two available Temple cards that make the
target, or one available Temple card with a bag card that does. If the Temple
cannot be cleared even so, the real position is lost. The relaxed game is small
(1,430 Temple shapes times the bags), searched depth first and remembered per
(Temple shape, bag); on the 1,500 verified Pyramid deals it proves 499 of the 502
lost ones lost at the start.

The bag is an int: 3 bits per value (at most 7 cards of a value), lone cards left
out (they never need a partner).
"""

from __future__ import annotations

from printgen.deal.search.state import FULL, Board

BITS = 3


def bag_code(values: list[int] | tuple[int, ...], lone: int | None) -> int:
    """The bag of `values` (lone cards left out)."""
    code = 0
    for v in values:
        if v != lone:
            code += 1 << (BITS * v)
    return code


class BagCheck:
    """Callable (removed, bag) -> True when the Temple cannot be cleared even with
    every bag card usable at any time (so the position is lost)."""

    def __init__(self, board: Board) -> None:
        rules = board.rules
        self.board = board
        self.target = rules.target
        self.lone = rules.lone_value
        self.temple = board.temple
        self.clearable: dict[int, bool] = {}
        self._moves: dict[int, tuple] = {}
        self.pile_bit = [0 if v == self.lone else 1 << (BITS * v) for v in board.pile]

    def __call__(self, removed: int, bag: int) -> bool:
        return not self.clear(removed, bag)

    def _temple_moves(self, removed: int) -> tuple:
        """(a lone card's bit or 0, the Temple pairs, [(bit, bag bit of its partner)])."""
        entry = self._moves.get(removed)
        if entry is None:
            temple, target, lone = self.temple, self.target, self.lone
            available = self.board.available(removed)
            single = next((1 << i for i in available if temple[i] == lone), 0)
            pairs = [1 << i | 1 << j for a, i in enumerate(available)
                     for j in available[a + 1:] if temple[i] + temple[j] == target]
            with_bag = [(1 << i, 1 << (BITS * (target - temple[i]))) for i in available
                        if temple[i] != lone and target - temple[i] > 0]
            entry = self._moves[removed] = (single, pairs, with_bag)
        return entry

    def clear(self, removed: int, bag: int) -> bool:
        if removed == FULL:
            return True
        key = removed | bag << 28
        known = self.clearable.get(key)
        if known is not None:
            return known
        single, pairs, with_bag = self._temple_moves(removed)
        if single:
            result = self.clear(removed | single, bag)
        else:
            result = any(self.clear(removed | mask, bag) for mask in pairs) or any(
                bag >> (bit.bit_length() - 1) & 7 and self.clear(removed | card, bag - bit)
                for card, bit in with_bag)
        self.clearable[key] = result
        return result
