"""The game as data and its reference rules, shared by every other part of the engine.

    cards.py      ranks, suits, playing and value cards, the decks games deal from
    tableau.py    the Temple's shape: rows, card numbers, which cards cover which
    rules.py      rule sets as data (RuleSet, Level, JEDI_TEMPLE, PYRAMID): each
                  carries its deck, tableau and deal function
    shuffle.py    the portable SplitMix64 shuffle and Force rolls
    deal.py       Deal, seeded_deal(rules, n)
    engine.py     the reference rules: Game, Position, Move, replay()
"""
