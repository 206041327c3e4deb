"""Shortest solutions: A* over the same states, every move counting one
(draws, recycles and Force moves included, as the Pyramid data set counts).

Only one shortcut is kept: a Temple card that leaves alone (a Sylop, a King) is
removed at once, which never lengthens a solution (it must leave some time, in
one move, and removing it only uncovers cards). Positions the loss check proves
lost are not searched. The heuristic never overestimates (see _Heuristic).
"""

from __future__ import annotations

import heapq
from itertools import count

from printgen.deal.bag import BagCheck, bag_code
from printgen.deal.bounds import LossCheck
from printgen.deal.deal import Deal
from printgen.deal.rules import Level
from printgen.deal.solver import DEFAULT_BUDGET, Solution, forced_move, group_moves
from printgen.deal.state import DRAW_MOVE_T, FULL, RECYCLE_MOVE_T, Board, State


def _moves(board: Board, s: State) -> list[tuple]:
    cards = board.cards(s)
    forced = forced_move(board, s, [c for c in cards if c[1]])
    if forced is not None:
        return [forced]
    moves = group_moves(board, s, cards, split=False)
    pile_lone = forced_move(board, s, [c for c in cards if not c[1]])
    if pile_lone is not None and pile_lone not in moves:
        moves.append(pile_lone)
    if board.can_draw(s):
        moves.append(DRAW_MOVE_T)
    if board.can_recycle(s):
        moves.append(RECYCLE_MOVE_T)
    return moves


class _Heuristic:
    """A lower bound on the moves left. Groups of at most two cards: the lone cards
    left, plus for each pair of values v, target - v the larger count of the two
    in the Temple (one move removes at most one card of each); groups of any
    size: one move while the Temple is not empty."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.cache: dict[int, int] = {}

    def __call__(self, s: State) -> int:
        removed = s[0]
        h = self.cache.get(removed)
        if h is None:
            h = self.cache[removed] = self._bound(FULL & ~removed)
        return h

    def _bound(self, left: int) -> int:
        board = self.board
        if not left:
            return 0
        if board.rules.max_cards is None:
            return 1
        rules = board.rules
        counts: dict[int, int] = {}
        lone = 0
        for i in range(28):
            if left >> i & 1:
                v = board.temple[i]
                if v == rules.lone_value:
                    lone += 1
                else:
                    counts[v] = counts.get(v, 0) + 1
        bound = lone
        for v, c in counts.items():
            w = rules.target - v
            if v == w:
                bound += -(-c // 2)
            elif v < w or w not in counts:
                bound += max(c, counts.get(w, 0))
        return bound


def loss_check(board: Board):
    """The solver's proof of loss for a state: the bag (bag.py) for groups of at most
    two cards, else the loss check of bounds.py for a complete search."""
    if board.rules.max_cards != 2:
        return LossCheck(board, complete=True)
    bag = BagCheck(board)

    def lost(s: State) -> bool:
        return bag(s[0], bag_code([board.pile[j] for j in range(board.n) if s[1] >> j & 1],
                                  board.rules.lone_value))
    return lost


def shortest(deal: Deal, level: Level | str | None = None, *,
             budget: int = DEFAULT_BUDGET) -> Solution:
    """A shortest winning move list (None verdict when the budget runs out)."""
    board = Board(deal, level)
    heuristic, lost = _Heuristic(board), loss_check(board)
    start = board.start()
    best = {board.key(start): 0}
    parent: dict[int, tuple[int, tuple]] = {}
    tie = count()
    queue = [(heuristic(start), 0, next(tie), start)]
    nodes = 0
    while queue:
        _, minus_g, _, s = heapq.heappop(queue)
        g = -minus_g
        k = board.key(s)
        if best.get(k, g) < g:
            continue
        if s[0] == FULL:
            return Solution(True, _path(board, parent, k), nodes)
        nodes += 1
        if nodes > budget:
            return Solution(None, None, nodes)
        for move in _moves(board, s):
            child = board.apply(s, move)
            ck = board.key(child)
            if best.get(ck, g + 2) > g + 1:
                best[ck] = g + 1
                if lost(child):
                    continue
                parent[ck] = (k, move)
                heapq.heappush(queue, (g + 1 + heuristic(child), -(g + 1), next(tie), child))
    return Solution(False, None, nodes)


def _path(board: Board, parent: dict[int, tuple[int, tuple]], key: int) -> tuple:
    moves = []
    while key in parent:
        key, move = parent[key]
        moves.append(board.to_move(move))
    return tuple(reversed(moves))
