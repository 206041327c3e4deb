"""A lower bound on the moves a win still takes from a position, for groups of any
size (Jedi Temple): the heuristic that lets shortest.py's A* prove a key shortest.

Every move counts one: a win from a position takes B Balance moves, D Draws, F
Uses of the Force and some Recycles. Split the Temple cards left into the groups
that remove them, in an order the covering allows (a group holds only cards
available together). A group of Temple cards that sum to t needs q(t) more items,
pile cards or Force values, to make the target: 0 when t is the target, 1 when
the difference is the value of a pile card of a set V or a Force value of the
deal, 2 when it is a sum of two of those, 3 when more items can make it, and
none can when the difference is no sum of at most two cards of V (a Balance
takes at most the Draw card and the Discard top) and of the deal's die values,
each at most once with either sign (q is then NEVER, more than any win takes).
Let C(V) be the least, over every split, of one per group plus its q, a lone
Sylop counting 0 (it may leave by the Force).

The cards bound. A win's own groups are such a split for V the values of every
pile card; with P pile cards (Sylops aside) and K Force values in them, C(V) <= B
+ P + K. Each of those pile cards, and each pile Sylop that uses the Force (F_p of
the F), is available now (the Draw card and the Discard Pile: A cards) or is
turned over by a later Draw, one card a Draw: P + F_p <= A + D. Each Use of the
Force adds two values to the pool: K <= |pool| + 2F. So

    B + D + F >= C(V) - A - |pool| - F_t,

F_t = F - F_p being the Temple Sylops that use the Force: at most those left and
at most the rolls left for the Sylops in play.

The draws bound. The pile keeps one cyclic order (state.py): the Draw card and
the Discard Pile lie before the cursor, the Stockpile from it on, and a Draw turns
over the next card still in play. Before any Recycle (which needs the Stockpile
empty), a win that draws D times has only seen pile cards with indices below
f(D), the index just past the D-th card it turned over; after a Recycle it has
drawn the whole Stockpile. So its pile cards are among the cards with indices
below f(D) (every card when it recycles), and C(V_f(D)), V_e being the values of
the pile cards with indices below e, is at most B + P + K as above. Also B + F is
at least the rows still holding a card (a card leaves only after the two covering
it, each in an earlier move: a Balance, or the Force for a Sylop). Hence, for the
win's own D,

    B + D + F >= max(D + rows, C(V_f(D)) - A - |pool| - F_t),

and the least of the right side over every D is a lower bound. It is never below
the cards bound (C only grows as V shrinks). V_e changes at a few indices e (a
new value, or a new pair sum, comes in); between two such indices the set is the
same and the fewest Draws reaching the first is the least, so only those are
tried, in order, stopping once D + rows alone reaches the best found.

C(V) depends on the Temple's shape alone (at most 1,430 shapes), for each of the
few sets V, so each is found once for a whole search.
"""

from __future__ import annotations

from printgen.deal.search.state import FULL, Board, State, pool_values
from printgen.deal.table.rules import position_of

TOO_MANY = 3        # q(t) when no one or two items close t, but more can
NEVER = 99          # q(t) when no items can (no win splits so)


class Groups:
    """Per Temple shape, the groups of available cards: (shape after, their sum,
    whether the group is a lone Sylop), found once per board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.memo: dict[int, list[tuple[int, int, bool]]] = {}

    def __call__(self, removed: int) -> list[tuple[int, int, bool]]:
        known = self.memo.get(removed)
        if known is not None:
            return known
        board = self.board
        available = board.available(removed)
        bits = [1 << i for i in available]
        values = [board.temple[i] for i in available]
        sums = [0] * (1 << len(available))
        masks = [0] * (1 << len(available))
        groups = []
        for group in range(1, 1 << len(available)):
            low = group & -group
            k = low.bit_length() - 1
            sums[group] = sums[group ^ low] + values[k]
            mask = masks[group] = masks[group ^ low] | bits[k]
            groups.append((removed | mask, sums[group],
                           group == low and bool(mask & board.sylop_temple)))
        self.memo[removed] = groups
        return groups


def items_table(board: Board, pile: list[int]) -> dict[int, int]:
    """sum -> the fewest items (0 for 0, 1, 2, else TOO_MANY) making it, from the
    pile cards `pile` (values, Sylops aside) and the deal's Force values (a value
    may come twice); sums missing cannot be made: a Balance takes at most two pile
    cards (the Draw card and the Discard top) and each die value of the deal once."""
    dice = sorted({sign * v for roll in board.deal.rolls for v in roll for sign in (1, -1)})
    signed = {0}
    for roll in board.deal.rolls:
        for v in roll:
            signed |= {t + v for t in signed} | {t - v for t in signed}
    singles = set(pile) | set(dice)
    two_cards = {a + b for i, a in enumerate(pile) for b in pile[i + 1:]}
    pairs = two_cards | {a + b for a in set(pile) for b in dice} | {a + b for a in dice for b in dice}
    cards = {0} | set(pile) | two_cards
    some = {a + b for a in cards for b in signed}
    # later entries win: the fewest items for each sum
    return (dict.fromkeys(some, TOO_MANY) | dict.fromkeys(pairs, 2) | dict.fromkeys(singles, 1)
            | {0: 0})


class ShapeCost:
    """C(V) (module docstring) per Temple shape for one set of items, found by a
    search over the shapes below the one asked, each remembered. `floor`, the cost
    for a larger set of items (never more), skips the groups that cannot do
    better than the best found."""

    def __init__(self, board: Board, items: dict[int, int], groups: Groups,
                 floor: ShapeCost | None = None) -> None:
        self.target = board.rules.target
        self.items = items
        self.groups = groups
        self.floor = floor
        self.memo: dict[int, int] = {FULL: 0}

    def extra(self, total: int) -> int:
        """q: the fewest items a group of Temple cards summing to `total` needs."""
        return self.items.get(self.target - total, NEVER)

    def __call__(self, removed: int) -> int:
        known = self.memo.get(removed)
        if known is not None:
            return known
        items, target, memo, floor = self.items, self.target, self.memo, self.floor
        floors = floor.memo if floor is not None else memo
        best = NEVER * 29
        for after, total, lone_sylop in self.groups(removed):
            cost = 0 if lone_sylop else 1 + items.get(target - total, NEVER)
            if cost >= best:
                continue
            if floor is not None:
                low = floors.get(after)
                if cost + (floor(after) if low is None else low) >= best:
                    continue
            rest = memo.get(after)
            cost += self(after) if rest is None else rest
            if cost < best:
                best = cost
        memo[removed] = best
        return best


class MovesLeft:
    """Callable: the module docstring's lower bound on the moves any win from a
    state takes (the draws bound; draws=False: the cards bound alone)."""

    def __init__(self, board: Board, *, draws: bool = True) -> None:
        self.board = board
        self.draws = draws
        force = board.rules.force_value
        groups = Groups(board)
        every = items_table(board, [v for v in board.pile if v != force])
        self.shapes = ShapeCost(board, every, groups)
        costs = {frozenset(every.items()): self.shapes}
        self.by_end: list[ShapeCost] = []       # e -> C(V_e)
        for end in range(board.n + 1):
            items = items_table(board, [v for v in board.pile[:end] if v != force])
            key = frozenset(items.items())
            if key not in costs:
                costs[key] = ShapeCost(board, items, groups, self.shapes)
            self.by_end.append(costs[key])
        # the indices where V_e's costs change, ascending
        self.changes = [e for e in range(1, board.n + 1)
                        if self.by_end[e] is not self.by_end[e - 1]]
        self._pools: dict[int, int] = {}
        self._known: dict[tuple[int, int, int, int], int] = {}

    def worked_out(self) -> tuple[list[dict[int, int]], dict]:
        """What this bound has found so far (the cost per Temple shape of each set of
        items, and the bound per key): another MovesLeft of the same board may take
        it (take), since each value depends on its key alone."""
        return [cost.memo for cost in self._costs()], self._known

    def take(self, found: tuple[list[dict[int, int]], dict]) -> None:
        """Add what worked_out() of a MovesLeft of the same board gave."""
        memos, known = found
        for cost, memo in zip(self._costs(), memos, strict=True):
            cost.memo.update(memo)
        self._known.update(known)

    def _costs(self) -> list[ShapeCost]:
        """Each ShapeCost once, in the order they were made (the same for every
        MovesLeft of a board)."""
        return list({id(cost): cost for cost in (self.shapes, *self.by_end)}.values())

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
        given = at_hand + values + min(temple_sylops, rolls)
        if not self.draws:
            return self.shapes(removed) - given
        start = cursor + hd
        ahead = piles >> start
        key = (removed, start, given, ahead)
        known = self._known.get(key)
        if known is not None:
            return known
        self._known[key] = best = self._draws(removed, start, given, ahead)
        return best

    def _draws(self, removed: int, start: int, given: int, ahead: int) -> int:
        """The draws bound: `ahead` the pile cards in play from index `start` on,
        `given` the items at hand (A + |pool| + F_t)."""
        rows = position_of((FULL & ~removed).bit_length() - 1)[0] + 1
        by_end = self.by_end
        cost = by_end[start].memo.get(removed)
        best = max(rows, (by_end[start](removed) if cost is None else cost) - given)
        for end in self.changes:
            if end <= start:
                continue
            drawn = (ahead & ((1 << (end - start)) - 1)).bit_count() + rows
            if drawn >= best:
                break
            table = by_end[end]
            cost = table.memo.get(removed)
            cost = (table(removed) if cost is None else cost) - given
            best = min(best, max(drawn, cost))
        return best
