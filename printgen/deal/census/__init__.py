"""Win rates over many deals, and the stars checked against independent players
(`printgen census`, `census --stars`).

    census.py     win rates per level: solver, player model, greedy player; CSV
    validation.py stars against held-out players (census --stars)
    greedy.py     a simple independent player (the check the census and stars use)
    lookahead.py  an independent player that plans a few moves ahead (stars check)

Both runs deal Jedi Temple from the rule set handed in (its cards given) and play
the model with the data handed in; work goes to worker processes as plain values.
"""

from printgen.deal.census.census import census_rows, format_csv, format_table, run_deals
from printgen.deal.census.validation import format_results_csv, format_star_table, run_stars

__all__ = [
    "census_rows", "format_csv", "format_results_csv", "format_star_table", "format_table",
    "run_deals", "run_stars",
]
