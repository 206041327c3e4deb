"""Win rates over many deals, and the stars checked against independent players.

    census.py     win rates per level: solver, player model, greedy player; CSV
    validation.py stars against held-out players (census --stars)
    greedy.py     a simple independent player (the check the census and stars use)
"""
