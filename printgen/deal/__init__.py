"""Deals for pyramid patience games: Jedi Temple and standard Pyramid.

The engine in sub-packages, one concern each; an arrow points only down the list:
    table/    the game as data and its reference rules: cards, tableau, rule sets,
              the shuffle, deals, the engine
    search/   the full-knowledge solver, its proofs of loss, fewest recycles, short wins
    rating/   the player model, the printed key, stars (rate), the Wilson interval
    census/   win rates over many deals; stars against independent players
    formats/  deal files, the contract's JSON, moves in words; the Pyramid data set
              (formats/ sits beside rating/ and census/: it uses table/ and search/)
"""
