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

from collections.abc import Callable

from printgen.deal.search.state import FULL, Board

BITS = 3
WASTE_SHIFT = 28 + BITS * 14    # WasteCheck's key: the Temple, the bag (values to 13), the waste


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
            result = self._clears(removed, bag, pairs, with_bag)
        self.clearable[key] = result
        return result

    def _clears(self, removed: int, bag: int, pairs: list[int],
                with_bag: list[tuple[int, int]]) -> bool:
        """clear() with no lone card available: the Temple pairs, then a Temple card
        with a bag card (loops rather than any(): no generator per call)."""
        for mask in pairs:
            if self.clear(removed | mask, bag):
                return True
        for card, bit in with_bag:
            if bag >> (bit.bit_length() - 1) & 7 and self.clear(removed | card, bag - bit):
                return True
        return False


class _OutOfEffort(Exception):
    """A WasteCheck ran out of effort."""


class WasteCheck:
    """The bag for the last pass (no recycle left), with the waste kept as a stack.

    The stock's cards (from the Draw card on) are usable at any time, once (the bag),
    but a waste card only once every waste card above it has left, with a Temple
    card or a stock card (a stock card could only reach the waste above it). Every
    real play of the last pass is a play of this relaxed game, so when even it
    cannot clear the Temple the position is lost.

    The waste is given by its values alone (the relaxed game depends on nothing
    else), as a stack code: the waste's cards from the bottom up, `width` bits each,
    each card as its value's rank (1 + its index in `values`), the top in the
    highest chunk (stack_code()).

    Callable (removed, stock bag, waste stack) -> can the Temple be cleared?"""

    def __init__(self, bag: BagCheck) -> None:
        self.bag = bag
        self.values = sorted(set(bag.board.pile))
        self.width = len(self.values).bit_length()
        self.rank = {v: i + 1 for i, v in enumerate(self.values)}
        # the value of each rank (rank 0 is no card)
        self._value = [0, *self.values]
        # per removed | bag << 28 | waste << WASTE_SHIFT
        self.known: dict[int, bool] = {}
        self._check = self._searcher()

    def stack_code(self, values: list[int] | tuple[int, ...]) -> int:
        """The stack code of waste cards of these values, from the bottom up."""
        rank = self.rank
        return sum(rank[v] << (self.width * k) for k, v in enumerate(values))

    def check(self, removed: int, bag: int, waste: int, under: int, effort: int) -> bool:
        """__call__ within `effort` relaxed positions not seen before; True (nothing
        proven) when they run out. What was decided stays known."""
        return self._check(removed, bag, waste, under, effort)

    def __call__(self, removed: int, bag: int, waste: int, under: int) -> bool:
        """Can the Temple be cleared, with `bag` the stock's bag, `waste` the waste's
        stack code and `under` the waste's bag? (No limit on the effort.)"""
        return self._check(removed, bag, waste, under, -1)

    def _searcher(self) -> Callable[[int, int, int, int, int], bool]:
        """check() as a closure over locals: the relaxed game searched depth first,
        remembered in `known`. A relaxed position is lost at once when even its bag
        (every waste card free) cannot clear the Temple; else its moves: a King of the
        Temple leaves at once (never worse); a King on the waste leaves; else the
        waste's top leaves first, with a Temple card of its partner value rather than
        a stock card (the stock card kept can do all the waste card could, and the
        cards under it come free), then with a stock card, then the Temple pairs,
        then a Temple card with a stock card of another value than the top's."""
        check = self.bag
        clear_get, clear = check.clearable.get, check.clear
        moves_get, temple_moves = check._moves.get, check._temple_moves
        known = self.known
        known_get = known.get
        value_of, width = self._value, self.width
        target, lone, temple = check.target, check.lone, check.temple
        left = 0

        def stack(removed: int, bag: int, waste: int, under: int) -> bool:
            nonlocal left
            if not waste:
                result = clear_get(removed | bag << 28)
                return clear(removed, bag) if result is None else result
            if removed == FULL:
                return True
            key = removed | bag << 28 | waste << WASTE_SHIFT
            result = known_get(key)
            if result is not None:
                return result
            # Not cleared even with every waste card free (the bag): lost without a move.
            result = clear_get(removed | (bag + under) << 28)
            if result is None:
                result = clear(removed, bag + under)
            if result:
                left -= 1
                if not left:
                    raise _OutOfEffort
                single, pairs, with_bag = moves_get(removed) or temple_moves(removed)
                if single:
                    result = stack(removed | single, bag, waste, under)
                else:
                    below = (waste.bit_length() - 1) // width * width
                    value = value_of[waste >> below]
                    rest = waste & ((1 << below) - 1)
                    if value == lone:
                        result = stack(removed, bag, rest, under)
                    else:
                        partner = target - value
                        less = under - (1 << (BITS * value))
                        result = False
                        for card, _ in with_bag:            # the top with a Temple card
                            if temple[card.bit_length() - 1] == partner and stack(
                                    removed | card, bag, rest, less):
                                result = True
                                break
                        if not result and partner > 0 and bag >> (BITS * partner) & 7:
                            # the top with a stock card
                            result = stack(removed, bag - (1 << (BITS * partner)), rest, less)
                        if not result:                      # the Temple pairs
                            for mask in pairs:
                                if stack(removed | mask, bag, waste, under):
                                    result = True
                                    break
                        if not result:      # a Temple card with a stock card not of the top's value
                            top_bit = 1 << (BITS * value)
                            for card, bit in with_bag:
                                if bit != top_bit and bag >> (bit.bit_length() - 1) & 7 \
                                        and stack(removed | card, bag - bit, waste, under):
                                    result = True
                                    break
            known[key] = result
            return result

        def run(removed: int, bag: int, waste: int, under: int, effort: int) -> bool:
            nonlocal left
            left = effort + 1
            try:
                return stack(removed, bag, waste, under)
            except _OutOfEffort:
                return True

        return run
