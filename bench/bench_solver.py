"""Time the Jedi Temple solver on deals 1..1000 at every level.

Prints, per level: median, p99 and max time and nodes per deal, and any deal that
hit the node budget. Run: python bench/bench_solver.py [--count 1000] [--jobs 1]
(timings are per deal, measured inside the worker; with --jobs 2 the two workers
share the machine's two cores).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from printgen.deal import DEFAULT_BUDGET, JEDI_LEVELS, solve
from printgen.spec.dealfile import jedi_deal


def _one(args: tuple[int, str, int]) -> tuple[int, str, bool | None, int, float]:
    number, level, budget = args
    deal = jedi_deal(number)
    start = time.perf_counter()
    result = solve(deal, level, budget=budget)
    return number, level, result.winnable, result.nodes, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    args = parser.parse_args()
    jedi_deal(1)  # load the deck file once before timing
    began = time.perf_counter()
    for level in JEDI_LEVELS:
        work = [(n, level.value, args.budget) for n in range(1, args.count + 1)]
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                results = list(pool.map(_one, work, chunksize=10))
        else:
            results = [_one(w) for w in work]
        times = sorted(r[4] for r in results)
        nodes = sorted(r[3] for r in results)
        p99 = max(0, int(len(times) * 0.99) - 1)
        hits = [r[0] for r in results if r[2] is None]
        lost = [r[0] for r in results if r[2] is False]
        worst = max(results, key=lambda r: r[4])
        print(f"{level.value:<8} time median {statistics.median(times) * 1000:6.2f} ms"
              f"  p99 {times[p99] * 1000:7.1f} ms  max {times[-1] * 1000:7.0f} ms (deal {worst[0]})"
              f" | nodes median {statistics.median(nodes):.0f}  p99 {nodes[p99]}  max {nodes[-1]}"
              f" | budget hits {len(hits)} {hits[:10]}  unwinnable {len(lost)} {lost[:10]}")
    print(f"total {time.perf_counter() - began:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
