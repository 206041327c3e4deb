"""The fewest recycles a win needs, found by passes that share their work.

A pass asks the solver for a win with at most r recycles. All passes run on one
`Solver`, so a position proven lost in one pass is never searched again in another
(the lost table is keyed by the recycles a position has left, which mean the same
in every pass). The passes take turns with node slices that double each round, so
neither an easy allowance nor a hard one stalls the others:

- a pass that wins ends every pass with more recycles than its win used;
- a pass proven lost is done, and so is every pass with fewer recycles: a win
  with at most r - 1 recycles is a win with at most r, so none exists either;
  once every allowance below the best win is proven lost, that win's recycles are
  proven the fewest;
- when the budget runs out, the best win found is returned with proven=False
  (the fewest recycles may be lower; the passes below were cut short).
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.deal.search.solver import DEFAULT_BUDGET, Solution, Solver
from printgen.deal.table.deal import Deal
from printgen.deal.table.engine import Move, MoveKind
from printgen.deal.table.rules import Level

FIRST_SLICE = 1_000


@dataclass(frozen=True)
class FewestRecycles:
    """The answer of fewest_recycles().

    recycles: the recycles the best win found uses (None: no win found);
    proven: True when no win with fewer recycles exists (for recycles None: the deal
        is proven lost at the level), False when a budget cut a pass short;
    solution: that win (it uses exactly `recycles` recycles), or the verdict;
    nodes: positions searched by all passes together;
    open: the allowances below `recycles` (all, when no win was found) that the
        budget left undecided (empty when proven).
    """

    recycles: int | None
    proven: bool
    solution: Solution
    nodes: int
    open: tuple[int, ...] = ()


def recycles_used(moves: tuple[Move, ...] | list[Move]) -> int:
    """How many recycles a move list makes."""
    return sum(1 for move in moves if move.kind is MoveKind.RECYCLE)


def fewest_recycles(deal: Deal, level: Level | str | None = None, *,
                    budget: int = DEFAULT_BUDGET, most: int | None = None,
                    solver: Solver | None = None) -> FewestRecycles:
    """A win with as few recycles as the budget allows to prove (see the module
    docstring). most: the largest allowance to try (default: the level's recycles).
    solver: a Solver of this deal and level to share work with (its earlier
    passes' lost positions are reused)."""
    solver = solver or Solver(deal, level)
    most = solver.board.level.recycles if most is None else most
    start = solver.nodes
    best: Solution | None = None
    best_used = most + 1
    open_passes = list(range(most + 1))       # allowances neither won nor proven lost
    slice_ = FIRST_SLICE
    while open_passes and solver.nodes - start < budget:
        for allowance in list(open_passes):
            if allowance >= best_used:
                open_passes.remove(allowance)
                continue
            left = budget - (solver.nodes - start)
            if left <= 0:
                break
            result = solver.solve(allowance, budget=min(slice_, left))
            if result.winnable is None:
                continue
            if result.winnable:
                open_passes.remove(allowance)
                best, best_used = result, recycles_used(result.moves or ())
            else:                                   # and every smaller allowance is lost
                open_passes = [other for other in open_passes if other > allowance]
        slice_ *= 2
    return _answer(best, best_used, open_passes, solver.nodes - start)


def _answer(best: Solution | None, used: int, open_passes: list[int],
            nodes: int) -> FewestRecycles:
    below = tuple(sorted(allowance for allowance in open_passes if allowance < used))
    if best is None:
        verdict = None if below else False
        return FewestRecycles(None, not below, Solution(verdict, None, nodes), nodes, below)
    return FewestRecycles(used, not below, Solution(True, best.moves, nodes), nodes, below)
