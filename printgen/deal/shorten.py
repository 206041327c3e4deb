"""A short solution within a bounded effort: depth-first branch and bound.

Starting from a known win (the solver's), the search looks for wins with fewer
moves (every move counts one: Balance, Use the Force, Draw, Recycle), keeping
the best found. A branch is cut when its moves so far plus a lower bound on the
moves left reach the best known length. The bound: Temple cards on one covering
chain (each covering the next) leave in different moves, so the longest chain
left needs that many moves. A position reached again with no fewer moves is not
searched again. Positions the loss check proves lost are cut.

If the search ends within its node budget, the best win found is a shortest one
(proven); otherwise it is the shortest found.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.deal.bounds import LossCheck
from printgen.deal.rules import TEMPLE_SIZE, coverers
from printgen.deal.solver import forced_move, group_moves
from printgen.deal.state import DRAW_MOVE_T, FULL, RECYCLE_MOVE_T, Board, State
from printgen.errors import BudgetExceeded

COVERERS = tuple(coverers(i) for i in range(TEMPLE_SIZE))


@dataclass(frozen=True)
class Shortened:
    """The shortest win found (solver move tuples), whether it is proven shortest,
    and the positions searched."""

    plan: tuple[tuple, ...]
    proven: bool
    nodes: int


def chain_bound(removed: int) -> int:
    """The longest covering chain among the Temple cards left (moves still needed)."""
    longest = [0] * TEMPLE_SIZE
    best = 0
    for i in range(TEMPLE_SIZE - 1, -1, -1):
        if not removed >> i & 1:
            longest[i] = 1 + max((longest[c] for c in COVERERS[i]), default=0)
            best = max(best, longest[i])
    return best


def _moves(board: Board, s: State) -> list[tuple]:
    """Every move that may matter for a short win, the largest groups first."""
    cards = board.cards(s)
    moves = group_moves(board, s, cards, split=False)
    moves.sort(key=lambda g: (-(g[1].bit_count() + g[2] + g[3]), len(g[4])))
    forced = forced_move(board, s, cards)
    if forced is not None and forced not in moves:
        moves.append(forced)
    if board.can_draw(s):
        moves.append(DRAW_MOVE_T)
    if board.can_recycle(s):
        moves.append(RECYCLE_MOVE_T)
    return moves


class _Search:
    def __init__(self, board: Board, best: list[tuple], budget: int) -> None:
        self.board = board
        self.best = list(best)
        self.budget = budget
        self.nodes = 0
        self.seen: dict[int, int] = {}
        self.bounds: dict[int, int] = {}
        self.lost = LossCheck(board, complete=True)
        self.path: list[tuple] = []

    def bound(self, removed: int) -> int:
        h = self.bounds.get(removed)
        if h is None:
            h = self.bounds[removed] = chain_bound(removed)
        return h

    def search(self, s: State, g: int) -> None:
        if s[0] == FULL:
            if g < len(self.best):
                self.best = list(self.path)
            return
        if g + self.bound(s[0]) >= len(self.best):
            return
        key = self.board.key(s)
        if self.seen.get(key, g + 1) <= g:
            return
        self.seen[key] = g
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExceeded
        if self.lost(s):
            return
        for move in _moves(self.board, s):
            self.path.append(move)
            self.search(self.board.apply(s, move), g + 1)
            self.path.pop()


def shorten(board: Board, plan: list[tuple] | tuple[tuple, ...], budget: int) -> Shortened:
    """The shortest win found from the board's start within `budget` positions,
    starting from a known winning plan."""
    import sys

    search = _Search(board, list(plan), budget)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        search.search(board.start(), 0)
        proven = True
    except BudgetExceeded:
        proven = False
    finally:
        sys.setrecursionlimit(limit)
    return Shortened(tuple(search.best), proven, search.nodes)


def solver_moves(board: Board, moves) -> list[tuple]:
    """Engine moves (a solution) as the solver's move tuples on this board."""
    from printgen.deal.engine import ItemKind, MoveKind
    from printgen.deal.state import BALANCE, FORCE, pool_code

    s = board.start()
    plan = []
    for move in moves:
        if move.kind is MoveKind.DRAW:
            t = DRAW_MOVE_T
        elif move.kind is MoveKind.RECYCLE:
            t = RECYCLE_MOVE_T
        else:
            tmask = sum(1 << c.index for c in move.cards if c.kind is ItemKind.TEMPLE)
            use_draw = any(c.kind is ItemKind.DRAW for c in move.cards)
            use_disc = any(c.kind is ItemKind.DISCARD for c in move.cards)
            if move.kind is MoveKind.FORCE:
                t = (FORCE, tmask, use_draw, use_disc, (), 0)
            else:
                pool = s[5] - pool_code([abs(v) for v in move.force])
                t = (BALANCE, tmask, use_draw, use_disc, tuple(sorted(move.force)), pool)
        plan.append(t)
        s = board.apply(s, t)
    return plan
