"""The solution key a sheet prints: a win with the fewest recycles found, made short.

1. The solver decides the deal at the level (its full budget): the verdict.
2. If that win recycles, fewest_recycles (search/recycles.py) looks for a win with fewer
   recycles on the same Solver, so what the verdict's search proved lost is not
   searched again, within `fewer_recycles` positions for all smaller allowances.
   When the budget leaves allowances undecided, the weighted best-first search
   (shortest.win_within) looks for a win within the lowest of them, in
   `fewer_search` positions: it heads for a win where the solver's passes wander.
   (With workers, rate() starts that search for a win with no recycle beside the
   key, on a worker of its own, ahead.py: the key takes its answer when the lowest
   is 0.)
   The recycles of the best win found are the fewest the sheet states; they are
   proven fewest when every smaller allowance was proven impossible (not merely
   left undecided by the budgets), and a win is proven to need a recycle (the
   rating's recycle star) only when a win with none was proven impossible.
3. shortest.shorten looks for a shorter win with at most those recycles: a
   weighted best-first search within half of `short` positions (and, when it
   finds none, a branch and bound from that win within the other half), then,
   unless that search ended (a proof), A* within `proof` more positions, which proves the
   shortest win it finds (lengthbound.py's bound lets it); it says whether the
   key is proven shortest. A win with fewer recycles it finds lowers the count.
The key is the result, so it always uses exactly the recycles the sheet states.
win_within (step 2) and shorten (step 3) share one shortest.Lookups, so the
shortening finds at hand the bounds and moves the weighted search worked out (when
the search ran ahead on another worker, the lower bounds it worked out come with its
answer).
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.deal.rating.ahead import RECYCLES as AHEAD_RECYCLES
from printgen.deal.rating.ahead import Ahead
from printgen.deal.search.recycles import fewest_recycles, recycles_used
from printgen.deal.search.shortest import Lookups, shorten, win_within
from printgen.deal.search.solver import DEFAULT_BUDGET, Solver
from printgen.deal.table.deal import Deal
from printgen.deal.table.engine import Move, replay
from printgen.deal.table.rules import Level


@dataclass(frozen=True)
class KeyBudgets:
    """Positions the key's searches may spend (data/player-model.yaml, key)."""

    fewer_recycles: int
    fewer_search: int
    short: int
    proof: int


@dataclass(frozen=True)
class Key:
    """A deal's verdict at a level and the solution its sheet prints.

    winnable: the solver's verdict (None: undecided within its budget).
    moves: the printed win (replays to a win through the engine).
    recycles: the recycles the key uses, the fewest found.
    shortest: no win with at most `recycles` recycles is shorter (proven).
    nodes: positions searched in all.
    least_recycles: no win uses fewer recycles, proven (the key's `recycles` when
        `recycles_proven`; 0 when the deal is not won or a win with none was not
        ruled out).
    fewest_bound: no win with at most `recycles` recycles takes fewer moves (the
        key's length when `shortest`; 0 when the deal is not won).
    """

    winnable: bool | None
    moves: tuple[Move, ...]
    recycles: int | None
    shortest: bool
    nodes: int
    least_recycles: int = 0
    fewest_bound: int = 0

    @property
    def length(self) -> int:
        return len(self.moves)

    @property
    def recycles_proven(self) -> bool:
        """No win uses fewer recycles (each smaller number proven impossible)."""
        return self.winnable is True and self.least_recycles == self.recycles

    @property
    def recycle_needed(self) -> bool:
        """A win needs a recycle, proven: a win with none was proven impossible
        (False when that search was cut short)."""
        return self.least_recycles > 0


def find_key(deal: Deal, level: Level | str | None, budgets: KeyBudgets, *,
             budget: int = DEFAULT_BUDGET, ahead: Ahead | None = None) -> Key:
    """The verdict and the key (see the module docstring). ahead: the channel of a
    search for a win with no recycle another worker started beside it (ahead.py):
    its answer stands in for step 2's win_within when that is the search step 2
    runs, and it is stopped as soon as it is not."""
    try:
        return _find_key(deal, level, budgets, budget, ahead)
    finally:
        if ahead is not None:
            ahead.stop()


def _find_key(deal: Deal, level: Level | str | None, budgets: KeyBudgets, budget: int,
              ahead: Ahead | None) -> Key:
    solver = Solver(deal, level)
    verdict = solver.solve(budget=budget)
    if not verdict.winnable:
        return Key(verdict.winnable, (), None, False, verdict.nodes)
    best = verdict.moves or ()
    undecided: tuple[int, ...] = ()
    if recycles_used(best):
        fewer = fewest_recycles(deal, level, budget=budgets.fewer_recycles,
                                most=recycles_used(best) - 1, solver=solver)
        if fewer.recycles is not None:
            if fewer.solution.moves is None:        # fewest_recycles gives the win it counts
                raise AssertionError(f"deal {deal.number}: a win with {fewer.recycles} recycles "
                                     f"and no moves")
            best = fewer.solution.moves
        undecided = fewer.open
    searched = 0
    lookups = Lookups(solver.board)     # the two searches below share what they look up
    taken = bool(undecided) and undecided[0] == AHEAD_RECYCLES and ahead is not None
    if ahead is not None and not taken:
        ahead.stop()                    # most deals: no allowance left open
    if undecided:               # the solver's passes left these allowances open
        lowest = undecided[0]
        # the search ahead is this one, made by another worker (None: it failed)
        within = ahead.answer(lookups) if taken and ahead is not None else None
        if within is None:
            within = win_within(solver.board, lowest, budget=budgets.fewer_search,
                                lookups=lookups)
        searched = within.nodes
        if within.moves is not None:
            best = within.moves         # it uses `lowest` recycles: fewer are impossible
        undecided = tuple(r for r in undecided if r < recycles_used(best)
                          and not (within.impossible and r == lowest))
    short = shorten(solver.board, best, budget=budgets.short, recycles=recycles_used(best),
                    proof=budgets.proof, lookups=lookups)
    moves = short.solution.moves or ()
    if not replay(deal, level, moves).won:
        raise AssertionError(f"deal {deal.number}: the shortened key does not win")
    used = recycles_used(moves)
    # the verdict's win used recycles_used(best) >= used recycles, and fewest_recycles
    # tried every allowance below that: each one is won (then used is at most it), proven
    # impossible, or left undecided; the undecided ones lie above every impossible one
    least = min((r for r in undecided if r < used), default=used)
    return Key(True, moves, used, short.proven,
               solver.nodes + searched + short.solution.nodes, least, short.lower_bound)
