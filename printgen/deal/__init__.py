"""Deals for pyramid patience games: Jedi Temple and standard Pyramid.

The stages, each a module:
    cards.py      ranks, suits, playing and value cards, the decks games deal from
    tableau.py    the Temple's shape: rows, card numbers, which cards cover which
    rules.py      rule sets as data (RuleSet, Level, JEDI_TEMPLE, PYRAMID): each
                  carries its deck, tableau and deal function
    shuffle.py    the portable SplitMix64 shuffle and Force rolls
    deal.py       Deal, seeded_deal(rules, n)
    engine.py     the reference rules: Game, Position, Move, replay()
    state.py      the solver's compact state and transitions (Board)
    bounds.py     quick proofs that a position is lost
    solver.py     solve(deal, level) -> Solution (full knowledge)
    pairsearch.py the same search, tightened for two-card groups (Pyramid)
    bag.py        the bag relaxation: a quick proof of loss for two-card groups
    recycles.py   fewest_recycles(deal, level): allowances searched on one Solver
    shortest.py   shortest(deal, level), shorten(board, win): short wins, proven or bounded
    knowledge.py  what a level shows the player; deals consistent with it
    player.py     the player model (determinization with hindsight optimisation)
    greedy.py     a simple independent player (validation)
    key.py        the printed key: verdict, fewest recycles, made short
    rating.py     rate(deal, level) -> Rating (stars, model games, key)
    census.py     win rates over many deals, Wilson intervals, CSV
    validation.py stars against held-out players (census --stars)
    textio.py / jsonio.py / steps.py   deal files, contract JSON, moves in words
    datasets.py   the 1,500 Pyramid deals with known answers (tests, bench)
"""
