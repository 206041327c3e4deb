"""The full-knowledge solver: depth-first search with a table of lost states.

Pruning that never changes a verdict:
- a card that leaves alone at no cost (a Sylop with a Force roll left, a
  Pyramid King) is removed at once: removing a card only ever frees the
  cards around it, and a Force roll only adds to the pool;
- Force values are only spent in inclusion-minimal sets (a value kept in the
  pool is never worse than one spent);
- a state already proven lost is never searched again (the lost table).
Move order: Balance groups (in one of three orders, see _order_key), then Draw,
then Recycle, then groups of pile cards alone. The search restarts after
Luby-sequence node budgets, switching order, keeping what it proved lost.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from printgen.deal.deal import Deal
from printgen.deal.engine import Move
from printgen.deal.pairsearch import pair_search
from printgen.deal.bounds import LossCheck
from printgen.deal.rules import Level
from printgen.errors import BudgetExceeded
from printgen.deal.state import (BALANCE, DRAW_MOVE_T, FORCE, FULL, RECYCLE_MOVE_T, Board,
                                 State, force_options)

DEFAULT_BUDGET = 12_000_000


@dataclass(frozen=True)
class Solution:
    """A solver's answer: winnable (None when the node budget ran out), a winning
    move list when winnable, and the number of states searched."""

    winnable: bool | None
    moves: tuple[Move, ...] | None
    nodes: int


def forced_move(board: Board, s: State, cards: list) -> tuple | None:
    """A card that leaves alone at no cost, if one is available."""
    rules = board.rules
    if rules.force_value is not None and s[6] < len(board.rolls):
        for value, tmask, is_draw, is_disc in cards:
            if value == rules.force_value:
                return FORCE, tmask, is_draw, is_disc, (), 0
    if rules.lone_value is not None:
        for value, tmask, is_draw, is_disc in cards:
            if value == rules.lone_value:
                return BALANCE, tmask, is_draw, is_disc, (), s[5]
    return None


def group_moves(board: Board, s: State, cards: list, *, split: bool = True) -> list[tuple]:
    """Every Balance group (minimal Force use) of the available cards; with split,
    not the groups that are two groups played one after the other."""
    rules = board.rules
    target, min_items = rules.target, rules.min_items
    if rules.max_cards == 2:
        return _pairs(board, s, cards)
    options = force_options(s[5])
    sums = [0]
    for card in cards:
        value = card[0]
        sums += [x + value for x in sums]
    wanted = {target - f for f in options}
    groups = []
    zero = [i for i, x in enumerate(sums) if x == target and i & (i - 1)]
    for index in [i for i, x in enumerate(sums) if x in wanted and i]:
        if split and any(z & index == z and z != index for z in zero):
            continue  # splits into two groups played one after the other
        total = sums[index]
        tmask, use_draw, use_disc, count, j = 0, False, False, 0, 0
        while index:
            if index & 1:
                _, bit, is_draw, is_disc = cards[j]
                tmask |= bit
                use_draw |= is_draw
                use_disc |= is_disc
                count += 1
            index >>= 1
            j += 1
        for force, pool in options[target - total]:
            if count + len(force) >= min_items:
                groups.append((BALANCE, tmask, use_draw, use_disc, force, pool))
    return groups


def _pairs(board: Board, s: State, cards: list) -> list[tuple]:
    target, pool = board.rules.target, s[5]
    groups = []
    for a in range(len(cards)):
        va, ma, da, xa = cards[a]
        for b in range(a + 1, len(cards)):
            vb, mb, db, xb = cards[b]
            if va + vb == target:
                groups.append((BALANCE, ma | mb, da or db, xa or xb, (), pool))
    return groups


def _luby(i: int) -> int:
    """The Luby restart sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (i from 1)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if i == (1 << k) - 1:
        return 1 << (k - 1)
    return _luby(i - (1 << (k - 1)) + 1)


def _order_key(attempt: int):
    """Three move orders, taken in turn by the restarts (each wins deals the others
    find hard), all sharing one lost table:
    0: the groups with the most cards first, then the fewest Force values;
    1: the fewest Force values, then the most Temple cards, the fewest pile cards;
    2: the fewest Force values, then the fewest Temple cards, the most pile cards.
    From the fourth attempt on, ties are broken by a fixed scramble per attempt."""
    mult = (attempt * 0x9E3779B1) | 1
    order = attempt % 3

    def key(group: tuple) -> tuple:
        temple = group[1].bit_count()
        pile = group[2] + group[3]
        scramble = ((group[1] << 2 | group[2] << 1 | group[3]) * mult) & 0xFFFFF if attempt > 2 else 0
        if order == 1:
            return len(group[4]), -temple, pile, scramble
        if order == 2:
            return len(group[4]), temple, -pile, scramble
        return -(temple + pile), len(group[4]), scramble
    return key


class _Search:
    """One depth-first search with restarts sharing a lost table.

    complete=False leaves out groups of pile cards alone: a win found without them
    is a win, but a loss must then be confirmed by a complete search.
    """

    def __init__(self, board: Board, *, complete: bool, budget: int) -> None:
        self.board = board
        self.complete = complete
        self.budget = budget
        self.lost: dict[int, list[tuple[int, int]]] = {}
        self.nodes = 0
        self.limit = 0
        self.path: list[tuple] = []
        self.key = _order_key(0)
        self.loss_check = LossCheck(board, complete=complete)
        self.pairs = board.rules.max_cards == 2
        self._temple_moves: dict[int, tuple] = {}

    def moves(self, s: State) -> list[tuple]:
        if self.pairs:
            return self.pair_moves(s)
        board = self.board
        cards = board.cards(s)
        forced = forced_move(board, s, cards)
        if forced is not None:
            return [forced]
        groups = group_moves(board, s, cards)
        moves = sorted([g for g in groups if g[1]], key=self.key)
        if board.can_draw(s):
            moves.append(DRAW_MOVE_T)
        if board.can_recycle(s):
            moves.append(RECYCLE_MOVE_T)
        if self.complete:
            moves += [g for g in groups if not g[1]]
        return moves

    def _temple_pairs(self, removed: int) -> tuple:
        """For groups of at most two cards, per set of removed Temple cards: a lone
        card to remove at once (or None), the Temple pairs, the cards by value."""
        entry = self._temple_moves.get(removed)
        if entry is not None:
            return entry
        board = self.board
        target, lone = board.rules.target, board.rules.lone_value
        available = board.available(removed)
        by_value: dict[int, list[int]] = {}
        forced = None
        pairs = []
        for i in available:
            v = board.temple[i]
            if v == lone and forced is None:
                forced = (BALANCE, 1 << i, False, False, (), 0)
            for j in by_value.get(target - v, ()):
                pairs.append((BALANCE, 1 << i | j, False, False, (), 0))
            by_value.setdefault(v, []).append(1 << i)
        entry = self._temple_moves[removed] = (forced, pairs, by_value)
        return entry

    def pair_moves(self, s: State) -> list[tuple]:
        """Moves for groups of at most two cards (Pyramid), without building groups."""
        board = self.board
        removed, piles, cursor, hd = s[0], s[1], s[2], s[3]
        forced, pairs, by_value = self._temple_pairs(removed)
        if forced is not None:
            return [forced]
        target, lone, pile = board.rules.target, board.rules.lone_value, board.pile
        top = (piles & ((1 << cursor) - 1)).bit_length() - 1
        d = pile[cursor] if hd else None
        w = pile[top] if top >= 0 else None
        if d == lone and d is not None:
            return [(BALANCE, 0, True, False, (), 0)]
        if w == lone and w is not None:
            return [(BALANCE, 0, False, True, (), 0)]
        moves = []
        if d is not None:
            moves += [(BALANCE, bit, True, False, (), 0) for bit in by_value.get(target - d, ())]
        if w is not None:
            moves += [(BALANCE, bit, False, True, (), 0) for bit in by_value.get(target - w, ())]
        moves += pairs
        if board.can_draw(s):
            moves.append(DRAW_MOVE_T)
        if board.can_recycle(s):
            moves.append(RECYCLE_MOVE_T)
        if self.complete and d is not None and w is not None and d + w == target:
            moves.append((BALANCE, 0, True, True, (), 0))
        return moves

    def _searcher(self):
        """The recursive search as a closure over locals (the solver's hot loop)."""
        lost, lost_get = self.lost, self.lost.get
        apply, moves, check, path = self.board.apply, self.moves, self.loss_check, self.path
        limit = self.limit
        nodes = self.nodes

        def search(s: State) -> bool:
            nonlocal nodes
            removed, piles, cursor, hd, rec, pool, used = s
            if removed == FULL:
                return True
            base = removed | piles << 28 | pool << 62 | used << 80
            pos = 2 * cursor + hd
            entries = lost_get(base)
            if entries is not None:
                for lost_rec, lost_pos in entries:
                    if (lost_rec >= rec and (lost_pos == pos or (hd and lost_pos < pos))
                            or (hd and lost_rec > rec)):
                        return False
            nodes += 1
            if nodes > limit:
                raise BudgetExceeded
            if not check(s):
                for move in moves(s):
                    if search(apply(s, move)):
                        path.append(move)
                        return True
            if entries is None:
                lost[base] = [(rec, pos)]
            else:
                entries.append((rec, pos))
            return False

        def count() -> int:
            return nodes
        return search, count

    def run(self, start: State, base: int = 1000) -> bool | None:
        """Restart with a new move order after Luby(i) * base nodes."""
        attempt = 0
        while self.nodes < self.budget:
            attempt += 1
            self.key = _order_key(attempt - 1)
            self.limit = min(self.budget, self.nodes + base * _luby(attempt))
            self.path.clear()
            search, count = self._searcher()
            try:
                return search(start)
            except BudgetExceeded:
                continue
            finally:
                self.nodes = count()
        return None


def solve(deal: Deal, level: Level | str | None = None, *,
          budget: int = DEFAULT_BUDGET, recycles: int | None = None) -> Solution:
    """Decide a deal with full knowledge; a winning move list if it is winnable.

    recycles: allow this many recycles instead of the level's (for the rating).
    """
    board = Board(deal, level, recycles=recycles)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    if board.rules.max_cards == 2 and board.rules.force_value is None:
        try:
            won, path, nodes = pair_search(board, budget)
        finally:
            sys.setrecursionlimit(limit)
        moves = tuple(board.to_move(m) for m in path) if won else None
        return Solution(won, moves, nodes)
    try:
        fast = _Search(board, complete=not board.rules.fast_first, budget=budget)
        won = fast.run(board.start())
        nodes, search = fast.nodes, fast
        if won is False and not fast.complete:
            search = _Search(board, complete=True, budget=budget - nodes)
            won = search.run(board.start())
            nodes += search.nodes
    finally:
        sys.setrecursionlimit(limit)
    if won is None:
        return Solution(None, None, nodes)
    if not won:
        return Solution(False, None, nodes)
    return Solution(True, tuple(board.to_move(m) for m in reversed(search.path)), nodes)


# --- For the player model (printgen/deal/player.py): decide any position. ---------

def solve_from(board: Board, start: State, *, budget: int) -> tuple[bool | None, list[tuple], int]:
    """Decide position `start` of `board` with full knowledge, as solve() decides a
    deal's start: (verdict or None at the budget, the solver moves of a win, nodes)."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        search = _Search(board, complete=not board.rules.fast_first, budget=budget)
        won = search.run(start)
        nodes = search.nodes
        if won is False and not search.complete:
            search = _Search(board, complete=True, budget=budget - nodes)
            won = search.run(start)
            nodes += search.nodes
    finally:
        sys.setrecursionlimit(limit)
    return won, (list(reversed(search.path)) if won else []), nodes
