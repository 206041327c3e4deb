"""Solve the 1,500 Pyramid deals of mchung94/pyramid-solver: agreement and time per deal.

Data: tests/fixtures/pyramid-1500 (MIT License, Copyright (c) 2017 Mitchell Chung; the
data set's files as its repository has them, unchanged). Prints the decided count, the agreement
with the data set's answers, the median, p99 and max time and nodes per deal, and the
slowest deals. Times are the worker's CPU time around solve() alone.

With --seeded START:COUNT it solves printgen's own Pyramid deals START.. instead (no
known answers: it prints the verdicts and times, and with --lost only the deals proven
lost, the hardest kind to decide).

Run: nice -n 10 python bench/bench_pyramid.py [--jobs 2] [--budget N] [--csv FILE]
     nice -n 10 python bench/bench_pyramid.py --seeded 9300001:2000 --lost [--jobs 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from printgen.deal import DEFAULT_BUDGET, rule_set, seeded_deal, solve
from printgen.deal.formats.datasets import KnownDeal, load_pyramid_1500

PYRAMID_1500 = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "pyramid-1500"
_DEALS: list[KnownDeal] = []


def _load(folder: str) -> None:
    """A worker's start: the data set, read once into this process."""
    _DEALS[:] = load_pyramid_1500(Path(folder))


def _one(args: tuple[int, int, bool]) -> tuple[int, bool | None, int, float]:
    number, budget, seeded = args
    deal = seeded_deal(rule_set("pyramid"), number) if seeded else _DEALS[number - 1].deal
    start = time.process_time()
    result = solve(deal, budget=budget)
    return number, result.winnable, result.nodes, time.process_time() - start


def _quantile(values: list[float], q: float) -> float:
    """The value below which a share q of the sorted values lie (nearest rank)."""
    return values[min(len(values) - 1, max(0, -(-int(q * len(values) * 1000) // 1000) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(PYRAMID_1500), help="the data set's folder")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--count", type=int, default=1500)
    parser.add_argument("--only", default="", help="comma list of deal numbers")
    parser.add_argument("--slowest", type=int, default=10, help="list this many slowest deals")
    parser.add_argument("--csv", default=None, help="write number,verdict,nodes,seconds here")
    parser.add_argument("--seeded", default="", help="START:COUNT, printgen's own deals")
    parser.add_argument("--lost", action="store_true", help="with --seeded: report lost deals only")
    args = parser.parse_args()
    if args.seeded:
        return seeded(args)
    if not (Path(args.data) / "random-decks.txt").exists():
        print(f"data set not found at {args.data}")
        return 1
    _load(args.data)
    numbers = ([int(x) for x in args.only.split(",")] if args.only
               else range(1, args.count + 1))
    work = [(n, args.budget, False) for n in numbers]
    began = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs, initializer=_load, initargs=(args.data,)) as pool:
            results = list(pool.map(_one, work, chunksize=4))
    else:
        results = [_one(w) for w in work]
    total = time.perf_counter() - began
    report(results, args.budget, total, args.jobs, args.slowest)
    if args.csv:
        Path(args.csv).write_text("number,winnable,nodes,seconds\n" + "".join(
            f"{n},{w},{k},{t:.4f}\n" for n, w, k, t in results))
    return 0


def seeded(args: argparse.Namespace) -> int:
    first, count = (int(x) for x in args.seeded.split(":"))
    work = [(n, args.budget, True) for n in range(first, first + count)]
    began = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(_one, work, chunksize=4))
    else:
        results = [_one(w) for w in work]
    total = time.perf_counter() - began
    won = sum(1 for r in results if r[1])
    print(f"deals {first}-{first + count - 1}: winnable {won}, lost "
          f"{sum(1 for r in results if r[1] is False)}, undecided "
          f"{sum(1 for r in results if r[1] is None)}; total {total:.1f} s with {args.jobs} jobs")
    if args.lost:
        results = [r for r in results if r[1] is False]
    times = sorted(r[3] for r in results)
    print(f"{'lost' if args.lost else 'all'}: {len(results)} deals, CPU time median "
          f"{statistics.median(times) * 1000:.1f} ms  p99 {_quantile(times, 0.99) * 1000:.0f} ms"
          f"  max {times[-1]:.2f} s; over 1 s: {sum(1 for t in times if t > 1)}")
    worst = sorted(results, key=lambda r: -r[3])[:args.slowest]
    print("slowest: " + ", ".join(f"{n} ({t:.2f} s, {k} nodes, {w})" for n, w, k, t in worst))
    if args.csv:
        Path(args.csv).write_text("number,winnable,nodes,seconds\n" + "".join(
            f"{n},{w},{k},{t:.4f}\n" for n, w, k, t in results))
    return 0


def report(results: list, budget: int, total: float, jobs: int, slowest: int) -> None:
    decided = [r for r in results if r[1] is not None]
    agree = sum(r[1] == _DEALS[r[0] - 1].winnable for r in decided)
    times = sorted(r[3] for r in results)
    nodes = sorted(r[2] for r in results)
    print(f"deals {len(results)}  decided {len(decided)}  "
          f"agreement {100 * agree / max(1, len(decided)):.2f}%  "
          f"(winnable {sum(1 for r in decided if r[1])}, "
          f"unwinnable {sum(1 for r in decided if not r[1])})")
    print(f"time per deal   median {statistics.median(times) * 1000:.1f} ms  "
          f"p99 {_quantile(times, 0.99) * 1000:.0f} ms  max {times[-1]:.2f} s")
    print(f"nodes per deal  median {statistics.median(nodes):.0f}  "
          f"p99 {_quantile(nodes, 0.99):.0f}  max {nodes[-1]}")
    print(f"total {total:.1f} s with {jobs} jobs")
    worst = sorted(results, key=lambda r: -r[3])[:slowest]
    print("slowest: " + ", ".join(f"{n} ({t:.2f} s, {k} nodes, {w})" for n, w, k, t in worst))
    undecided = [r[0] for r in results if r[1] is None]
    if undecided:
        print(f"undecided (budget {budget}): {undecided}")
    for number, verdict, _, _ in results:
        if verdict is not None and verdict != _DEALS[number - 1].winnable:
            print(f"DISAGREE deal {number}: solver {verdict}, "
                  f"data {_DEALS[number - 1].shortest}")


if __name__ == "__main__":
    raise SystemExit(main())
