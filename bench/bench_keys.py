"""The printed key against the solver's first win: length, recycles, proofs, time.

For each of COUNT deals from --start at each level: the solver's first win (its moves
and recycles), then the key the sheet prints (key.py: the fewest recycles found on the
verdict's Solver, made short by shortest.shorten), with whether its recycles and its
length are proven, and the seconds find_key took. Prints a table per level and the
deals whose fewest recycles were left open by the budget.

Run: nice -n 10 python bench/bench_keys.py [--count 100] [--start 1] [--levels knight]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from printgen.deal import solve  # noqa: E402
from printgen.deal.rating.key import find_key  # noqa: E402
from printgen.deal.search.recycles import recycles_used  # noqa: E402
from printgen.spec.dealfile import jedi_deal  # noqa: E402
from printgen.spec.playermodel import model_data  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--levels", default="padawan,knight,master,chosen")
    args = parser.parse_args()
    budgets = model_data().key
    print(f"key budgets: fewer recycles {budgets.fewer_recycles:,} positions, "
          f"short {budgets.short:,} positions")
    print("level | deals | first win: moves, recycling | key: moves, recycling | "
          "recycles proven | length proven | seconds: mean, max")
    for level in args.levels.split(","):
        rows, open_deals = [], []
        for number in range(args.start, args.start + args.count):
            deal = jedi_deal(number)
            first = solve(deal, level).moves or ()
            began = time.perf_counter()
            key = find_key(deal, level, budgets)
            seconds = time.perf_counter() - began
            rows.append((len(first), recycles_used(first) > 0, key.length, (key.recycles or 0) > 0,
                         key.recycles_proven, key.shortest, seconds))
            if not key.recycles_proven:
                open_deals.append(number)
        n = len(rows)
        column = list(zip(*rows))
        print(f"{level} | {n} | {statistics.mean(column[0]):.1f}, {sum(column[1])} | "
              f"{statistics.mean(column[2]):.1f}, {sum(column[3])} | {sum(column[4])} | "
              f"{sum(column[5])} | {statistics.mean(column[6]):.2f}, {max(column[6]):.2f}")
        if open_deals:
            print(f"  {level}: fewest recycles left open in deals {open_deals}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
