"""The printed key against the solver's first win: length, recycles, proofs, CPU time.

For each of COUNT deals from --start at each level: the solver's first win (its moves
and recycles), then the key the sheet prints (key.py: the fewest recycles found on the
verdict's Solver, shortened by the branch and bound, then A* to prove it shortest),
with whether its recycles and its length are proven, and the CPU seconds find_key
took in this process. Every key is replayed through the engine (it must win with
exactly the recycles it states). Prints a table per level: mean moves, the share of
keys proven shortest, and the median, p99 and max of the key's CPU time with the
slowest deal named; then the deals whose fewest recycles were left open.

With --baseline each deal's key is also made by the search before the weighted
search and before A* skipped the moves a Draw commutes with (shortest._Bounded's
weighted and commute off: the branch and bound alone before A*, with key.short
--baseline-short, 5,000 positions before this round), the two in turns,
first and second by the deal's parity, in this process, and the table adds its
figures and the ratio of the two CPU medians and p99s (paired, so the load on the
machine weighs on both alike).

With --against-fewer-search N the baseline is instead today's key with
key.fewer_search = N (0: no weighted search for a win with fewer recycles than the
solver's passes found), everything else the same.

With --against-own-lookups the baseline is today's key with each of its shortest.py
searches looking up on its own (a Lookups each, not one shared) and its groups made
by group_moves, as before 2026-11-29's second round: the same keys (checked, deal by
deal), so the ratios are the CPU the sharing saves.

Run: nice -n 10 python bench/bench_keys.py [--count 200] [--start 9100001] [--levels knight]
                                            [--baseline | --against-fewer-search 0
                                             | --against-own-lookups]
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from printgen.deal import solve
from printgen.deal.rating import key as key_module
from printgen.deal.rating.key import find_key
from printgen.deal.search import shortest
from printgen.deal.search.recycles import recycles_used
from printgen.deal.table.engine import replay
from printgen.spec.dealfile import jedi_deal
from printgen.spec.playermodel import model_data


class OwnLookups:
    """While entered: each shortest.py search of the key its own Lookups, and the
    groups by group_moves (as before 2026-11-29's second round)."""

    def __enter__(self) -> None:
        self.patches = [mock.patch.object(key_module, "Lookups", lambda board: None),
                        mock.patch.object(shortest, "TempleSums", lambda board: None)]
        for patch in self.patches:
            patch.start()

    def __exit__(self, *exc: object) -> None:
        for patch in self.patches:
            patch.stop()


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * 99 // 100) - 1)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--start", type=int, default=9_100_001)
    parser.add_argument("--levels", default="padawan,knight,master,chosen")
    parser.add_argument("--baseline", action="store_true")
    parser.add_argument("--baseline-short", type=int, default=5000,
                        help="the baseline's key.short (the budget before this round)")
    parser.add_argument("--against-fewer-search", type=int, metavar="N",
                        help="the baseline: today's key with key.fewer_search N")
    parser.add_argument("--against-own-lookups", action="store_true",
                        help="the baseline: each search its own lookups (the same keys)")
    args = parser.parse_args()
    budgets = model_data().key
    old_budgets = replace(budgets, short=args.baseline_short)
    before: Any = mock.patch.multiple(shortest._Bounded, commute=False, weighted=False)
    if args.against_fewer_search is not None:
        args.baseline = True
        old_budgets = replace(budgets, fewer_search=args.against_fewer_search)
        before = contextlib.nullcontext()
    if args.against_own_lookups:
        args.baseline = True
        old_budgets = budgets
        before = OwnLookups()
    print(f"key budgets: fewer recycles {budgets.fewer_recycles:,} and {budgets.fewer_search:,}, "
          f"short {budgets.short:,}, "
          f"proof {budgets.proof:,} positions; deals {args.start:,}-"
          f"{args.start + args.count - 1:,}")
    print("level | deals | first win: mean moves | key: mean moves | proven shortest | "
          "recycles proven | key CPU: median, p99, max (slowest deal)")
    for level in args.levels.split(","):
        rows, open_deals = [], []
        for number in range(args.start, args.start + args.count):
            deal = jedi_deal(number)
            first = solve(deal, level).moves or ()
            base: tuple[int, bool, float] | None = None
            runs = ["new", "old"] if number % 2 else ["old", "new"]   # interleaved
            for run in runs if args.baseline else ["new"]:
                if run == "old":
                    with before:
                        began = time.process_time()
                        old = find_key(deal, level, old_budgets)
                        base = (old.length, old.shortest, time.process_time() - began,
                            old.recycles_proven)
                    old_key = old
                else:
                    began = time.process_time()
                    key = find_key(deal, level, budgets)
                    seconds = time.process_time() - began
            if args.against_own_lookups and old_key != key:
                raise SystemExit(f"deal {number} {level}: the key differs with its own lookups")
            if key.winnable and not (replay(deal, level, key.moves).won
                                     and recycles_used(key.moves) == key.recycles):
                raise SystemExit(f"deal {number} {level}: the key does not win with "
                                 f"{key.recycles} recycles")
            rows.append((number, len(first), key.length, key.shortest, key.recycles_proven,
                         seconds, base))
            if not key.recycles_proven:
                open_deals.append(number)
        n = len(rows)
        times = [row[5] for row in rows]
        slowest = max(rows, key=lambda row: row[5])
        proven = sum(row[3] for row in rows)
        print(f"{level} | {n} | {statistics.mean(row[1] for row in rows):.1f} | "
              f"{statistics.mean(row[2] for row in rows):.1f} | {proven} ({100 * proven / n:.0f}%) | "
              f"{sum(row[4] for row in rows)} | {statistics.median(times) * 1000:.0f}, "
              f"{p99(times) * 1000:.0f}, {slowest[5] * 1000:.0f} ms ({slowest[0]:,})", flush=True)
        if args.baseline:
            old = [row[6] for row in rows]
            old_times = [row[2] for row in old]
            print(f"  before: key mean moves {statistics.mean(row[0] for row in old):.1f}, "
                  f"proven shortest {sum(row[1] for row in old)}, recycles proven "
                  f"{sum(row[3] for row in old)}, key CPU "
                  f"{statistics.median(old_times) * 1000:.0f}, {p99(old_times) * 1000:.0f}, "
                  f"{max(old_times) * 1000:.0f} ms; now / before: median "
                  f"{statistics.median(times) / statistics.median(old_times):.2f}x, p99 "
                  f"{p99(times) / p99(old_times):.2f}x", flush=True)
        if open_deals:
            print(f"  {level}: fewest recycles left open in deals {open_deals}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
