"""Deals for pyramid patience games: Jedi Temple and standard Pyramid.

The stages, each a module:
    rules.py      rule sets as data (RuleSet, Level, JEDI_TEMPLE, PYRAMID)
    shuffle.py    the portable SplitMix64 shuffle and Force rolls
    deal.py       Deal, jedi_deal(n), the deck file adapter
    engine.py     the reference rules: Game, Position, Move, replay()
    state.py      the solver's compact state and transitions (Board)
    bounds.py     quick proofs that a position is lost
    solver.py     solve(deal, level) -> Solution (full knowledge)
    pairsearch.py the same search, tightened for two-card groups (Pyramid)
    shortest.py   shortest(deal, level) -> Solution (fewest moves, A*)
    player.py     the greedy player model
    rating.py     rate(deal, level) -> Rating (1-5 stars)
    census.py     win rates over many deals, Wilson intervals, CSV
    textio.py / jsonio.py / steps.py   deal text, contract JSON, moves in words
    datasets.py   the 1,500 Pyramid deals with known answers (tests, bench)
"""
