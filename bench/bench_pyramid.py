"""Solve all 1,500 Pyramid deals of mchung94/pyramid-solver and compare verdicts.

Data: tests/fixtures/pyramid-1500 (MIT License, Copyright (c) 2017 Mitchell Chung). Run: python bench/bench_pyramid.py [--jobs 2] [--budget N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from printgen.deal.datasets import load_pyramid_1500  # noqa: E402

PYRAMID_1500 = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "pyramid-1500"
from printgen.deal.solver import DEFAULT_BUDGET, solve  # noqa: E402


def _one(args: tuple[int, int]) -> tuple[int, bool | None, int, float]:
    number, budget = args
    known = _DEALS[number - 1]
    start = time.perf_counter()
    result = solve(known.deal, budget=budget)
    return number, result.winnable, result.nodes, time.perf_counter() - start


_DEALS = load_pyramid_1500(PYRAMID_1500) if PYRAMID_1500.exists() else []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--count", type=int, default=1500)
    parser.add_argument("--only", default="", help="comma list of deal numbers")
    args = parser.parse_args()
    if not _DEALS:
        print(f"data set not found at {PYRAMID_1500}")
        return 1
    began = time.perf_counter()
    numbers = ([int(x) for x in args.only.split(",")] if args.only
               else range(1, args.count + 1))
    work = [(n, args.budget) for n in numbers]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(_one, work, chunksize=4))
    total = time.perf_counter() - began
    decided = [r for r in results if r[1] is not None]
    agree = sum(r[1] == _DEALS[r[0] - 1].winnable for r in decided)
    times = sorted(r[3] for r in results)
    nodes = sorted(r[2] for r in results)
    p99 = max(0, int(len(times) * 0.99) - 1)
    print(f"deals {len(results)}  decided {len(decided)}  agreement {100 * agree / max(1, len(decided)):.2f}%"
          f"  (winnable {sum(1 for r in decided if r[1])}, unwinnable {sum(1 for r in decided if not r[1])})")
    print(f"time   median {statistics.median(times) * 1000:.1f} ms  p99 {times[p99] * 1000:.0f} ms"
          f"  max {times[-1]:.2f} s")
    print(f"nodes  median {statistics.median(nodes):.0f}  p99 {nodes[p99]}  max {nodes[-1]}")
    print(f"total {total:.1f} s with {args.jobs} jobs")
    undecided = [r[0] for r in results if r[1] is None]
    if undecided:
        print(f"undecided (budget {args.budget}): {undecided}")
    for number, verdict, n, _ in results:
        if verdict is not None and verdict != _DEALS[number - 1].winnable:
            print(f"DISAGREE deal {number}: solver {verdict}, data {_DEALS[number - 1].shortest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
