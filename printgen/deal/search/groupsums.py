"""The Balance groups of a position by the Temple cards' subset sums, for the searches
of shortest.py: the list group_moves(board, s, cards, split=False) (solver.py) makes,
the same groups in the same order, found with less work.

group_moves walks every subset of the available cards (the Temple cards, then the
Draw card and the Discard top) and keeps those whose sum a set of the pool's Force
values closes. The Temple cards available depend on the Temple cards left alone, so
their subsets are grouped by sum once per Temple shape (TempleSums); a position then
asks, for each of the (at most four) choices of the Draw card and the Discard top,
only for the Temple subsets of the sums the pool can close. A subset's index is its
cards' bits in `cards` order, so the Temple cards are its low bits and the pile
cards its high ones: sorting the groups found by index gives group_moves' order.
"""

from __future__ import annotations

from printgen.deal.search.state import (
    BALANCE,
    Board,
    State,
    force_options,
    zero_options,
)


class TempleSums:
    """Per Temple shape (the Temple cards removed): sum -> [(subset index, Temple mask)]
    of the subsets of its available cards (the empty one included, under 0), the
    index ascending; kept for one board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.memo: dict[int, dict[int, list[tuple[int, int]]]] = {}

    def __call__(self, removed: int) -> dict[int, list[tuple[int, int]]]:
        known = self.memo.get(removed)
        if known is not None:
            return known
        temple = self.board.temple
        available = self.board.available(removed)
        sums, masks = [0], [0]
        for i in available:
            sums += [x + temple[i] for x in sums]
            masks += [m | 1 << i for m in masks]
        by_sum: dict[int, list[tuple[int, int]]] = {}
        for index, total in enumerate(sums):
            by_sum.setdefault(total, []).append((index, masks[index]))
        self.memo[removed] = by_sum
        return by_sum


def length_groups(board: Board, s: State, cards: list, temple_sums: TempleSums) -> list[tuple]:
    """group_moves(board, s, cards, split=False) for groups of any size, `cards` as
    Board.cards(s) lists them."""
    rules = board.rules
    target, min_items, force = rules.target, rules.min_items, rules.force_value
    options = force_options(s[5])
    by_sum = temple_sums(s[0])
    k = len(board.available(s[0]))
    extras = cards[k:]             # the Draw card and the Discard top, when present
    found = []
    for choice in range(1 << len(extras)):
        extra_sum, use_draw, use_disc = 0, False, False
        for j, (value, _, is_draw, is_disc) in enumerate(extras):
            if choice >> j & 1:
                extra_sum += value
                use_draw |= is_draw
                use_disc |= is_disc
        high = choice << k
        for closing in options:            # the subsets summing to target - closing
            for index, tmask in by_sum.get(target - closing - extra_sum, ()):
                if index or choice:
                    found.append((index | high, tmask, use_draw, use_disc, closing))
    found.sort()
    # the cards that leave alone at no cost (solver._lone_leavers)
    lone = (sum(1 << j for j, card in enumerate(cards) if card[0] == force)
            if force is not None and board.sylops_free(s) else 0)
    groups = []
    for index, tmask, use_draw, use_disc, closing in found:
        count = index.bit_count()
        choices = options[closing]
        if count < min_items and closing == 0 and not index & lone:
            choices = choices + zero_options(s[5])
        for used, pool in choices:
            if count + len(used) < min_items:
                continue
            groups.append((BALANCE, tmask, use_draw, use_disc, used, pool))
    return groups
