"""The solution key a sheet prints: a win with the fewest recycles found, made short.

1. The solver decides the deal at the level (its full budget): the verdict.
2. For each smaller number of recycles r = 0, 1, ... below what that win uses, the
   solver looks for a win with at most r recycles, within `fewer_recycles`
   positions. The first win found is kept. The recycles it uses are the fewest
   the sheet states; they are proven fewest when every smaller number was proven
   impossible (not merely left undecided by the budget).
3. The shortener (shorten.py) looks for a shorter win with at most those recycles
   within `short` positions; a win with fewer recycles it finds lowers the count.
The key is the result, so it always uses exactly the recycles the sheet states.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.deal.deal import Deal
from printgen.deal.engine import Move, MoveKind, replay
from printgen.deal.rules import Level
from printgen.deal.shorten import shorten, solver_moves
from printgen.deal.solver import DEFAULT_BUDGET, solve
from printgen.deal.state import RECYCLE, Board


@dataclass(frozen=True)
class KeyBudgets:
    """Positions the key's searches may spend (data/player-model.yaml, key)."""

    fewer_recycles: int
    short: int


@dataclass(frozen=True)
class Key:
    """A deal's verdict at a level and the solution its sheet prints.

    winnable: the solver's verdict (None: undecided within its budget).
    moves: the printed win (replays to a win through the engine).
    recycles: the recycles the key uses, the fewest found.
    recycles_proven: no win uses fewer (each smaller number proven impossible).
    shortest: no win with at most `recycles` recycles is shorter (proven).
    nodes: positions searched in all; undecided: numbers of recycles left
        undecided by the budget.
    """

    winnable: bool | None
    moves: tuple[Move, ...]
    recycles: int | None
    recycles_proven: bool
    shortest: bool
    nodes: int
    undecided: tuple[int, ...] = ()

    @property
    def length(self) -> int:
        return len(self.moves)


def recycles_used(moves: tuple[Move, ...] | list[Move]) -> int:
    return sum(1 for m in moves if m.kind is MoveKind.RECYCLE)


def find_key(deal: Deal, level: Level | str | None, budgets: KeyBudgets, *,
             budget: int = DEFAULT_BUDGET) -> Key:
    """The verdict and the key (see the module docstring)."""
    verdict = solve(deal, level, budget=budget)
    nodes = verdict.nodes
    if not verdict.winnable:
        return Key(verdict.winnable, (), None, False, False, nodes)
    best = verdict.moves or ()
    undecided: list[int] = []
    for r in range(recycles_used(best)):
        attempt = solve(deal, level, budget=budgets.fewer_recycles, recycles=r)
        nodes += attempt.nodes
        if attempt.winnable:
            best = attempt.moves or ()
            break
        if attempt.winnable is None:
            undecided.append(r)
    used = recycles_used(best)
    board = Board(deal, level, recycles=used)
    short = shorten(board, solver_moves(board, best), budgets.short)
    moves = tuple(board.to_move(m) for m in short.plan)
    if not replay(deal, level, moves).won:
        raise AssertionError(f"deal {deal.number}: the shortened key does not win")
    used = sum(1 for m in short.plan if m[0] == RECYCLE)
    undecided = [r for r in undecided if r < used]
    return Key(True, moves, used, not undecided, short.proven, nodes + short.nodes,
               tuple(undecided))
