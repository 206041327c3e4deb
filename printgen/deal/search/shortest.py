"""Short solutions within a bounded effort: every move counts one (draws, recycles
and Force moves included, as the Pyramid data set counts).

Three phases share one node budget:
1. the solver finds a win (or proves there is none);
2. a weighted best-first search (moves made plus 3 times the heuristic) heads for
   a shorter win within half of phase 2's positions; when it finds none, a
   depth-first branch and bound from the first win, trying the moves that clear
   the most Temple cards first, takes the other half (each win it finds tightens
   its bound); either proves the win shortest when it runs out of positions;
3. A* (the same best-first search with weight 1) under that bound proves the best win shortest (it runs out of positions
   shorter than the bound) or, when the budget ends first, gives the length no win
   can be shorter than (the least f on its frontier).
The answer says whether the win is proven shortest.

Moves are all legal moves but two safe reductions: a Temple King (a card that
leaves alone, Pyramid) is removed at once, which never lengthens a solution (it
must leave some time, in one move of its own, and removing it only uncovers
cards); Force values are spent only in inclusion-minimal sets. Groups are never
split and a Sylop may both use the Force and stand in a group (either can be
shorter). Positions the loss check proves lost are not searched. The heuristic
never overestimates (see Heuristic).

A* also skips, right after a Draw (Jedi Temple: no card turns by itself), every
move that does not take the new Draw card, and right after a Recycle every move
but the Draw: each was a move of the state before, with the same result (the
Discard top just put there was that state's Draw card, and a Draw or a Recycle
changes neither the Temple nor the pool), so playing it before the Draw or the
Recycle reaches the same state in as many moves. The skipped moves' states are
reached that way from the parent, which A* searched, so the shortest win is never
lost; the positions searched stay the same, each with fewer children.
"""

from __future__ import annotations

import heapq
import sys
from collections.abc import Callable
from dataclasses import dataclass
from itertools import count

from printgen.deal.search.bag import BagCheck, bag_code
from printgen.deal.search.bounds import LossCheck
from printgen.deal.search.groupsums import TempleSums, length_groups
from printgen.deal.search.lengthbound import MovesLeft
from printgen.deal.search.solver import Solution, Solver, group_moves
from printgen.deal.search.state import (
    BALANCE,
    DRAW_KIND,
    DRAW_MOVE_T,
    FORCE,
    FULL,
    RECYCLE_MOVE_T,
    Board,
    State,
)
from printgen.deal.table.deal import Deal
from printgen.deal.table.engine import Move
from printgen.deal.table.rules import TEMPLE_ROWS, Level, position_of
from printgen.errors import BudgetExceeded

SHORTEST_BUDGET = 300_000
WEIGHT = 3      # the weighted search's heuristic weight (a win soon, mostly short)
GREEDY_WEIGHT = 5   # win_within's first weight: a win sooner still, often longer
STOP_EVERY = 10     # positions between two questions to win_within's stop()


@dataclass(frozen=True)
class Shortest:
    """The answer of shortest().

    solution: the verdict and the shortest win found (nodes: all three phases);
    proven: True when no shorter win exists (or the deal is proven lost);
    lower_bound: no win has fewer moves than this (the win's length when proven).
    """

    solution: Solution
    proven: bool
    lower_bound: int


def moves_for_length(board: Board, s: State, temple_sums: TempleSums | None = None) -> list[tuple]:
    """Every move that can start a shortest win from s (see the module docstring),
    the groups clearing the most Temple cards first. temple_sums: the board's, kept
    by the caller (the groups are then found from them, see groupsums.py)."""
    rules = board.rules
    cards = board.cards(s)
    if rules.lone_value is not None:
        for value, tmask, _, _ in cards:
            if tmask and value == rules.lone_value:
                return [(BALANCE, tmask, False, False, (), s[5])]
    groups = (group_moves(board, s, cards, split=False)
              if temple_sums is None or rules.max_cards == 2
              else length_groups(board, s, cards, temple_sums))
    moves = sorted(groups, key=lambda g: (-(g[1].bit_count()), len(g[4])))
    if rules.lone_value is not None:
        moves += [(BALANCE, 0, is_draw, is_disc, (), s[5]) for value, tmask, is_draw, is_disc
                  in cards if not tmask and value == rules.lone_value]
    if rules.force_value is not None and s[6] < len(board.rolls):
        moves += [(FORCE, tmask, is_draw, is_disc, (), 0) for value, tmask, is_draw, is_disc
                  in cards if value == rules.force_value]
    if board.can_draw(s):
        moves.append(DRAW_MOVE_T)
    if board.can_recycle(s):
        moves.append(RECYCLE_MOVE_T)
    return moves


class Heuristic:
    """A lower bound on the moves left, the largest of:
    - a chain: a card is removed only after the cards covering it, each in an earlier
      move, so the rows that still hold cards take at least one move each;
    - groups of at most two cards: the lone cards left, plus for each pair of values
      v, target - v the larger count of the two in the Temple (one move removes at
      most one card of each);
    - groups of any size, with groups=True (Jedi Temple): lengthbound.MovesLeft, the
      groups the Temple's shape needs and the pile cards and Force values they need,
      with the Draws it takes to turn over pile cards of the values they need."""

    def __init__(self, board: Board, *, groups: bool = True) -> None:
        self.board = board
        self.cache: dict[int, int] = {}
        rules = board.rules
        self.moves_left = (MovesLeft(board) if groups and rules.max_cards != 2
                           and rules.force_value is not None else None)

    def __call__(self, s: State) -> int:
        removed = s[0]
        h = self.cache.get(removed)
        if h is None:
            h = self.cache[removed] = self._bound(FULL & ~removed)
        if self.moves_left is None:
            return h
        return max(h, self.moves_left(s))

    def _bound(self, left: int) -> int:
        if not left:
            return 0
        chain = position_of(left.bit_length() - 1)[0] + 1
        rules = self.board.rules
        if rules.max_cards != 2:
            return chain
        counts: dict[int, int] = {}
        lone = 0
        for i in range(left.bit_length()):
            if left >> i & 1:
                v = self.board.temple[i]
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
        return max(bound, min(chain, TEMPLE_ROWS))


def loss_check(board: Board) -> Callable[[State], bool]:
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
             budget: int = SHORTEST_BUDGET, recycles: int | None = None) -> Shortest:
    """The shortest win found within `budget` positions (see the module docstring).
    recycles: allow this many recycles instead of the level's."""
    solver = Solver(deal, level)
    first = solver.solve(recycles, budget=budget)
    if not first.winnable:
        return Shortest(first, first.winnable is False, 0)
    short = shorten(solver.board, first.moves or (), budget=budget - first.nodes,
                    recycles=recycles)
    return Shortest(Solution(True, short.solution.moves, first.nodes + short.solution.nodes),
                    short.proven, short.lower_bound)


def shorten(board: Board, win: tuple[Move, ...], *, budget: int,
            recycles: int | None = None, proof: int | None = None,
            lookups: Lookups | None = None) -> Shortest:
    """Phases 2 and 3 from a known win: the shortest win found allowing `recycles`
    recycles (default: the level's); its nodes are this search's. The weighted
    search and the branch and bound share `budget` positions (_Bounded.run) and A*
    then searches `proof` more (default: phase 2 a quarter of `budget`, A* the
    rest). A* starts only if phase 2 did not end (that proves its win shortest),
    and prunes by the best win found. lookups: an earlier search's (see Lookups)."""
    search = _Bounded(board, recycles, lookups)
    if proof is None:
        budget, proof = budget // 4, budget - budget // 4
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        moves, proven, low = search.run(tuple(win), budget, proof)
    finally:
        sys.setrecursionlimit(limit)
    return Shortest(Solution(True, moves, search.nodes), proven, low)


@dataclass(frozen=True)
class Within:
    """The answer of win_within(): a win found (None: none), whether the search proved
    that no win exists, and the positions it searched."""

    moves: tuple[Move, ...] | None
    impossible: bool
    nodes: int


def win_within(board: Board, recycles: int, *, budget: int,
               lookups: Lookups | None = None,
               stop: Callable[[], bool] | None = None) -> Within:
    """A win with at most `recycles` recycles by the weighted best-first search (the
    first phase of shorten, with no length to beat) within `budget` positions: 2/5
    of them with the heuristic weighed 5 times, then the rest with WEIGHT. It heads
    for a win where the solver's depth-first passes wander: of the 37 deal-levels of
    deals 9,100,001-9,101,000 whose win with no recycle 20,000 of the solver's
    positions left undecided, it wins 25 within 8,000 positions (as many as within
    10,000): the greedier weight 22 within its 3,200, WEIGHT 18 within its 4,800, 7
    and 3 of them that the other does not. A queue
    running empty proves there is no such win (the loss check and the heuristic
    never cut a win). Both passes share one _Bounded, and with it `lookups` (the
    heuristic, loss check and move lists, which depend on the position alone; see
    Lookups). stop: asked every STOP_EVERY positions; when it says yes, the search
    raises Stopped (its caller no longer needs the answer)."""
    search = _Bounded(board, recycles, lookups)
    search.stop = stop
    for weight, share in ((GREEDY_WEIGHT, budget * 2 // 5), (WEIGHT, budget - budget * 2 // 5)):
        found, _, exhausted = search.best_first(sys.maxsize, search.nodes + share, weight)
        if found is not None or exhausted:
            return Within(found, exhausted, search.nodes)
    return Within(None, False, search.nodes)


class Stopped(Exception):
    """A search's stop() said yes (see win_within)."""


class Lookups:
    """What the searches of this module read from a position alone: its lower bounds
    (the heuristic, and the quick one the branch and bound uses), its proof of loss
    and its moves, each kept as it is found. None of them reads the recycles a search
    allows (a position holds the recycles it has left), so the searches of one board
    at different allowances may share one Lookups: the key's search for a win with
    fewer recycles (win_within) and its shortening (shorten) do, so the second finds
    at hand what the first worked out; the answers are the same either way."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.lost = loss_check(board)
        self.heuristic = Heuristic(board)
        self.quick = Heuristic(board, groups=False)
        self._moves: dict[tuple, list[tuple]] = {}
        self._temple_sums = TempleSums(board)

    def worked_out(self) -> tuple:
        """The lower bounds found so far, for another Lookups of the same board (take):
        the larger part of what a search saves the next one, and quick to hand over."""
        moves_left = self.heuristic.moves_left
        return self.heuristic.cache, moves_left.worked_out() if moves_left else None

    def take(self, found: tuple) -> None:
        """Add the bounds worked_out() of a Lookups of the same board gave: each depends
        on its position alone, so the answers are the same, found sooner."""
        cache, moves_left = found
        self.heuristic.cache.update(cache)
        if moves_left is not None and self.heuristic.moves_left is not None:
            self.heuristic.moves_left.take(moves_left)

    def moves(self, s: State) -> list[tuple]:
        """moves_for_length, kept per what it reads: the Temple cards left, the Draw
        card's and the Discard top's values, the pool, whether a roll is left, whether
        the Sylops leave at no cost and whether Draw and Recycle are legal (the list
        is shared: never changed)."""
        board = self.board
        removed, piles, cursor, hd, _, pool, used = s
        top = board.discard_top(piles, cursor)
        key = (removed, board.pile[cursor] if hd else None, board.pile[top] if top >= 0 else None,
               pool, used < len(board.rolls), board.sylops_free(s), board.can_draw(s),
               board.can_recycle(s))
        moves = self._moves.get(key)
        if moves is None:
            moves = self._moves[key] = moves_for_length(board, s, self._temple_sums)
        return moves


class _Bounded:
    """Phases 2 and 3 of shortest() on one board. What a search reads from a position
    alone (its bounds, proof of loss and moves) it reads from its lookups, shared
    with other searches of the board (see Lookups)."""

    commute = True      # A* skips the moves a Draw or a Recycle commutes with (best_first)
    weighted = True     # the weighted search first (run)

    def __init__(self, board: Board, recycles: int | None,
                 lookups: Lookups | None = None) -> None:
        self.board = board
        self.start = board.start(recycles)
        self.lookups = lookups or Lookups(board)
        self.nodes = 0
        self.stop: Callable[[], bool] | None = None    # see win_within

    def run(self, first: tuple, budget: int, proof: int) -> tuple[tuple, bool, int]:
        """(the shortest win found, proven shortest, lower bound on any win): the
        weighted search with half of `budget` positions, the branch and bound with
        the rest when it found no shorter win, then A* up to `proof` more."""
        end = self.nodes + budget + proof
        half = budget // 2 if self.weighted else 0
        shorter, _, exhausted = (self.best_first(len(first), self.nodes + half, WEIGHT)
                                 if half else (None, 0, False))
        if exhausted:
            return first, True, len(first)
        if shorter is not None:
            best = shorter
        else:
            best, done = self.branch_and_bound(first, self.nodes + budget - half)
            if done:
                return best, True, len(best)
        if proof <= 0:
            return best, False, self.lookups.heuristic(self.start)
        return self.a_star(best, end)

    def branch_and_bound(self, first: tuple, limit: int) -> tuple[tuple, bool]:
        """Depth first, the bound the shortest win so far (and the quick heuristic:
        its positions are cheap); done when it ran out of positions (so the win is
        shortest)."""
        board, heuristic, lost, moves = self.board, self.lookups.quick, self.lookups.lost, self.lookups.moves
        best, bound = first, len(first)
        path: list[tuple] = []
        seen: dict[int, int] = {}

        def search(s: State, g: int) -> None:
            nonlocal best, bound
            if s[0] == FULL:
                best, bound = tuple(board.to_move(m) for m in path), g
                return
            if g + heuristic(s) >= bound:
                return
            key = board.key(s)
            if seen.get(key, bound) <= g:
                return
            seen[key] = g
            self.nodes += 1
            if self.nodes > limit:
                raise BudgetExceeded
            if lost(s):
                return
            for move in moves(s):
                path.append(move)
                search(board.apply(s, move), g + 1)
                path.pop()

        try:
            search(self.start, 0)
        except BudgetExceeded:
            return best, False
        return best, True

    def a_star(self, best: tuple, limit: int) -> tuple[tuple, bool, int]:
        """A* for a win shorter than `best`: the first win it takes off its queue is
        shortest; an empty queue proves `best` shortest. At the budget, the least
        bound on the queue is no more than any win's length (see best_first)."""
        found, low, exhausted = self.best_first(len(best), limit, 1)
        if found is not None:
            return found, True, len(found)
        return best, exhausted, len(best) if exhausted else low

    def best_first(self, bound: int, limit: int, weight: int) -> tuple[tuple | None, int, bool]:
        """(the first win shorter than `bound` taken off the queue, or None; with weight
        1, the least moves plus heuristic on the queue when the budget ended; whether the queue
        ran empty, which proves no win is shorter than `bound`). Positions are taken
        in order of moves made plus `weight` times the heuristic, the deepest first
        among equals: with weight 1 this is A*, whose first win is shortest; a larger
        weight heads for a win sooner, not always the shortest. Children that cannot
        lead to a win shorter than `bound` (moves plus heuristic) are never queued,
        and a position is searched again when reached in fewer moves, so an empty
        queue means no win is shorter, whatever the weight (the heuristic need only
        never overestimate)."""
        board, heuristic, lost, moves = self.board, self.lookups.heuristic, self.lookups.lost, self.lookups.moves
        start = self.start
        auto_flip = board.rules.auto_flip
        seen = {board.key(start): 0}
        parent: dict[int, tuple[int, tuple]] = {}
        tie = count()
        queue = [(weight * heuristic(start), 0, next(tie), start, False)]
        stop = self.stop
        while queue:
            f, depth, _, s, turned = heapq.heappop(queue)
            g = -depth
            key = board.key(s)
            if seen.get(key, g) < g:
                continue
            if s[0] == FULL:
                return _path(board, parent, key), g, False
            self.nodes += 1
            if self.nodes > limit:
                return None, f, False
            if stop is not None and not self.nodes % STOP_EVERY and stop():
                raise Stopped
            if lost(s):
                continue
            for move in moves(s):
                kind = move[0]
                if kind <= FORCE and turned and not move[2] and self.commute:
                    continue        # played before the Draw or Recycle: the same state
                child = board.apply(s, move)
                child_key = board.key(child)
                if seen.get(child_key, g + 2) <= g + 1:
                    continue
                h = heuristic(child)
                if g + 1 + h < bound:
                    seen[child_key] = g + 1
                    parent[child_key] = (key, move)
                    heapq.heappush(queue, (g + 1 + weight * h, -(g + 1), next(tie), child,
                                           kind >= DRAW_KIND and not auto_flip))
        return None, bound, True


def _path(board: Board, parent: dict[int, tuple[int, tuple]], key: int) -> tuple:
    moves = []
    while key in parent:
        key, move = parent[key]
        moves.append(board.to_move(move))
    return tuple(reversed(moves))
