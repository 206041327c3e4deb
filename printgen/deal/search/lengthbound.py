"""A lower bound on the moves a win still takes from a position, for groups of any
size (Jedi Temple): the heuristic that lets shortest.py's A* prove a key shortest.

Every move counts one: a win from a position takes B Balance moves, D Draws, F
Uses of the Force and some Recycles. Split the Temple cards left into the groups
that remove them, in an order the covering allows (a group holds only cards
available together). A group of Temple cards that sum to t needs q(t) more items,
pile cards or Force values, to make the target: 0 when t is the target, 1 when
the difference is a pile card's value or a Force value of the deal, 2 when it is
a sum of two of those, else 3. Let C be the least, over every split, of one per
group plus its q, a lone Sylop counting 0 (it may leave by the Force).

A win's own groups are such a split; with P pile cards (Sylops aside) and K Force
values in them, C <= B + P + K. Each of those pile cards, and each pile Sylop that
uses the Force (F_p of the F), is available now (the Draw card and the Discard
Pile: A cards) or is turned over by a later Draw, one card a Draw: P + F_p <= A +
D. Each Use of the Force adds two values to the pool: K <= |pool| + 2F. So

    B + D + F >= C - A - |pool| - F_t,

F_t = F - F_p being the Temple Sylops that use the Force: at most those left and
at most the rolls left for the Sylops in play. C depends on the Temple's shape
alone, so it is found once per shape for a whole search (at most 1,430 shapes).
"""

from __future__ import annotations

from printgen.deal.search.state import FULL, Board, State, pool_values

TOO_MANY = 3        # q(t) when no one or two items close t


class ShapeCost:
    """C (module docstring) per Temple shape, found by a search over the shapes
    below the one asked, each remembered."""

    def __init__(self, board: Board) -> None:
        self.board = board
        rules = board.rules
        force = rules.force_value
        pile = [v for v in board.pile if v != force]
        dice = sorted({sign * v for roll in board.deal.rolls for v in roll for sign in (1, -1)})
        singles = set(pile) | set(dice)
        pairs = {a + b for i, a in enumerate(pile) for b in pile[i + 1:]}
        pairs |= {a + b for a in set(pile) for b in dice}
        pairs |= {a + b for a in dice for b in dice}     # a value may come twice
        self.target = rules.target
        # later entries win: the fewest items for each sum
        self.items = dict.fromkeys(pairs, 2) | dict.fromkeys(singles, 1) | {0: 0}
        self.sylops = board.sylop_temple
        self.memo: dict[int, int] = {FULL: 0}

    def extra(self, total: int) -> int:
        """q: the fewest items a group of Temple cards summing to `total` needs."""
        return self.items.get(self.target - total, TOO_MANY)

    def __call__(self, removed: int) -> int:
        known = self.memo.get(removed)
        if known is not None:
            return known
        temple, extra = self.board.temple, self.extra
        available = self.board.available(removed)
        bits = [1 << i for i in available]
        values = [temple[i] for i in available]
        sums = [0] * (1 << len(available))
        masks = [0] * (1 << len(available))
        best = len(available) * (1 + TOO_MANY) + self(removed | sum(bits))
        for group in range(1, 1 << len(available)):
            low = group & -group
            k = low.bit_length() - 1
            sums[group] = sums[group ^ low] + values[k]
            mask = masks[group] = masks[group ^ low] | bits[k]
            cost = 0 if group == low and mask & self.sylops else 1 + extra(sums[group])
            if cost < best:
                cost += self(removed | mask)
                best = min(best, cost)
        self.memo[removed] = best
        return best


class MovesLeft:
    """Callable: the module docstring's lower bound on the moves any win from a
    state takes."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.shapes = ShapeCost(board)
        self._pools: dict[int, int] = {}

    def __call__(self, s: State) -> int:
        removed, piles, cursor, hd, _, pool, used = s
        if removed == FULL:
            return 0
        board = self.board
        temple_sylops = (board.sylop_temple & ~removed).bit_count()
        rolls = max(0, min(len(board.rolls) - used,
                           temple_sylops + (board.sylop_piles & piles).bit_count()))
        at_hand = (piles & ((1 << (cursor + hd)) - 1)).bit_count()
        values = self._pools.get(pool)
        if values is None:
            values = self._pools[pool] = len(pool_values(pool))
        return self.shapes(removed) - at_hand - values - min(temple_sylops, rolls)
