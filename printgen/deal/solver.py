"""The full-knowledge solver: depth-first search with a table of lost states.

Pruning that never changes a verdict:
- a card that leaves alone at no cost (a Sylop with a Force roll left, a
  Pyramid King) is removed at once: removing a card only ever frees the
  cards around it, and a Force roll only adds to the pool;
- Force values are only spent in inclusion-minimal sets (a value kept in the
  pool is never worse than one spent);
- a state already proven lost is never searched again (the lost table).
Move order: groups that clear the most Temple cards first, then Draw, then
Recycle, then groups of pile cards alone.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from printgen.deal.deal import Deal
from printgen.deal.engine import Move
from printgen.deal.rules import Level
from printgen.deal.state import (BALANCE, DRAW_MOVE_T, FORCE, FULL, RECYCLE_MOVE_T, Board,
                                 State, force_options)

DEFAULT_BUDGET = 2_000_000


@dataclass(frozen=True)
class Solution:
    """A solver's answer: winnable (None when the node budget ran out), a winning
    move list when winnable, and the number of states searched."""

    winnable: bool | None
    moves: tuple[Move, ...] | None
    nodes: int


class _BudgetExceeded(Exception):
    pass


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


def group_moves(board: Board, s: State, cards: list) -> list[tuple]:
    """Every Balance group (minimal Force use) of the available cards."""
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
        if any(z & index == z and z != index for z in zero):
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


def ordered_moves(board: Board, s: State) -> list[tuple]:
    """The moves the search tries, best first (see the module docstring)."""
    cards = board.cards(s)
    forced = forced_move(board, s, cards)
    if forced is not None:
        return [forced]
    groups = group_moves(board, s, cards)
    temple = [g for g in groups if g[1]]
    temple.sort(key=lambda g: (-g[1].bit_count(), len(g[4])))
    moves = temple
    if board.can_draw(s):
        moves.append(DRAW_MOVE_T)
    if board.can_recycle(s):
        moves.append(RECYCLE_MOVE_T)
    moves += [g for g in groups if not g[1]]
    return moves


def solve(deal: Deal, level: Level | str | None = None, *,
          budget: int = DEFAULT_BUDGET) -> Solution:
    """Decide a deal with full knowledge; a winning move list if it is winnable."""
    board = Board(deal, level)
    lost: set[int] = set()
    path: list[tuple] = []
    nodes = 0
    key, apply = board.key, board.apply

    def search(s: State) -> bool:
        nonlocal nodes
        if s[0] == FULL:
            return True
        k = key(s)
        if k in lost:
            return False
        nodes += 1
        if nodes > budget:
            raise _BudgetExceeded
        for move in ordered_moves(board, s):
            if search(apply(s, move)):
                path.append(move)
                return True
        lost.add(k)
        return False

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        won = search(board.start())
    except _BudgetExceeded:
        return Solution(None, None, nodes)
    finally:
        sys.setrecursionlimit(limit)
    if not won:
        return Solution(False, None, nodes)
    return Solution(True, tuple(board.to_move(m) for m in reversed(path)), nodes)
