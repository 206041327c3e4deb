"""The full-knowledge solver, its proofs of loss, and the searches built on it.

    state.py      the solver's compact state and transitions (Board)
    bounds.py     quick proofs that a position is lost
    solver.py     solve(deal, level) -> Solution (full knowledge)
    pairsearch.py the same search, tightened for two-card groups (Pyramid)
    bag.py        the bag relaxation: a quick proof of loss for two-card groups
    recycles.py   fewest_recycles(deal, level): allowances searched on one Solver
    shortest.py   shortest(deal, level), shorten(board, win): short wins, proven or bounded
"""
