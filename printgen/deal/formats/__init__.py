"""Deals and solutions as text, JSON and words.

    textio.py     deal files: parse and format
    jsonio.py     the contract's JSON of a deal, its solution and its rating
    steps.py      moves in words, as a player follows them
    searched.py   the positions a search reports: at most its budget
    datasets.py   the 1,500 Pyramid deals with known answers, read from their text
                  files (tests, bench)
"""
