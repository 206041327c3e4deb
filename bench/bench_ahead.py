"""The rating's wall time with the key's search ahead (rating/ahead.py) and without it.

For each deal-level, rate(deal, level, jobs=2) as a sheet rates it (the key on one
worker, the model's games on the other), ROUNDS times with the search for a win with
no recycle started ahead on a worker of its own and ROUNDS times without it (the key
runs that search itself, as before), the two in turns, the first of each pair by
the round's parity, in this process (paired, so the load on the machine weighs on
both alike). Each pair's ratings must be equal. Prints per deal-level the min,
median and max wall seconds of each and the ratio of the medians, and the load
average before and after.

The default deals are the slowest sheets known (9,100,309, 9,100,293, 9,100,075 and
7,000,400 at Chosen One) and deal 17 at every level as a typical one.

With --cpu, each deal-level's CPU seconds in this process instead, the two in turns:
the key alone (find_key as with one job: its own search for a win with no recycle),
and the key's worker's part when the search ahead answers (find_key given the
answer, made beforehand and not counted: the worker's critical path on a quiet
machine) with the search ahead's own CPU beside it. The keys must be equal.

Run: python bench/bench_ahead.py [--rounds 5] [--deals 9100309:chosen,17:knight] [--cpu]
"""

from __future__ import annotations

import argparse
import os
import pickle
import statistics
import sys
import time
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from printgen.deal import rate
from printgen.deal.rating import rating as rating_module
from printgen.deal.rating.ahead import RECYCLES
from printgen.deal.rating.key import Key, find_key
from printgen.deal.search.shortest import Lookups, Within, win_within
from printgen.deal.search.state import Board
from printgen.spec.dealfile import jedi_deal
from printgen.spec.playermodel import model_data

DEALS = ("9100309:chosen,9100293:chosen,9100075:chosen,7000400:chosen,"
         "17:padawan,17:knight,17:master,17:chosen")


def timed(number: int, level: str, ahead: bool) -> tuple[float, object]:
    """Wall seconds of one rating with jobs=2, with the search ahead or without."""
    patches = [] if ahead else [mock.patch.object(rating_module, "channel", lambda: None),
                                mock.patch.object(rating_module, "search_ahead", lambda *a: None)]
    for patch in patches:
        patch.start()
    try:
        start = time.perf_counter()
        rating = rate(jedi_deal(number), level, model_data(), jobs=2)
        return time.perf_counter() - start, rating
    finally:
        for patch in patches:
            patch.stop()


class Answered:
    """An Ahead whose answer was made beforehand (the search ahead's, on a worker)."""

    def __init__(self, answer: Within, found: tuple) -> None:
        self.given, self.found = answer, found

    def stop(self) -> None:
        pass

    def answer(self, lookups: Lookups) -> Within:
        lookups.take(self.found)
        return self.given


def cpu(number: int, level: str, ahead: bool) -> tuple[float, float, Key]:
    """(CPU seconds of the key's worker, of the search ahead, the key): the key alone,
    or given the search ahead's answer (timed on its own)."""
    deal, budgets = jedi_deal(number), model_data().key
    spent = 0.0
    given = None
    if ahead:
        start = time.process_time()
        board = Board(deal, level)
        lookups = Lookups(board)
        answer = win_within(board, RECYCLES, budget=budgets.fewer_search, lookups=lookups)
        spent = time.process_time() - start
        given = Answered(answer, pickle.loads(pickle.dumps(lookups.worked_out())))
    start = time.process_time()
    key = find_key(deal, level, budgets, ahead=given)       # type: ignore[arg-type]
    return time.process_time() - start, spent, key


def cpu_table(deals: list[tuple[int, str]], rounds: int) -> int:
    print("| deal | level | key alone: min, median | key given the answer: min, median "
          "| search ahead: median | ratio of the key's medians |")
    print("|---|---|---|---|---|---|")
    for number, level in deals:
        alone: list[float] = []
        given: list[float] = []
        beside: list[float] = []
        for round_ in range(rounds):
            order = (True, False) if round_ % 2 == 0 else (False, True)
            keys = []
            for ahead in order:
                worker, search, key = cpu(number, level, ahead)
                (given if ahead else alone).append(worker)
                if ahead:
                    beside.append(search)
                keys.append(key)
            if keys[0] != keys[1]:
                print(f"deal {number} {level}: the keys differ", file=sys.stderr)
                return 1
        ratio = statistics.median(given) / statistics.median(alone)
        print(f"| {number:,} | {level} | {min(alone):.2f}, {statistics.median(alone):.2f} s "
              f"| {min(given):.2f}, {statistics.median(given):.2f} s "
              f"| {statistics.median(beside):.2f} s | {ratio:.2f} |", flush=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--deals", default=DEALS, help="NUMBER:LEVEL,... (default: %(default)s)")
    parser.add_argument("--cpu", action="store_true",
                        help="CPU of the key's worker in this process (see above)")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    deals = [(int(item.split(":")[0]), item.split(":")[1]) for item in args.deals.split(",")]
    if args.cpu:
        status = cpu_table(deals, args.rounds)
        print(f"load average after: {os.getloadavg()[0]:.2f}")
        return status
    print("| deal | level | with ahead: min, median, max | without: min, median, max | ratio |")
    print("|---|---|---|---|---|")
    for number, level in deals:
        times: dict[bool, list[float]] = {True: [], False: []}
        for round_ in range(args.rounds):
            order = (True, False) if round_ % 2 == 0 else (False, True)
            ratings = []
            for ahead in order:
                seconds, rating = timed(number, level, ahead)
                times[ahead].append(seconds)
                ratings.append(rating)
            if ratings[0] != ratings[1]:
                print(f"deal {number} {level}: the ratings differ", file=sys.stderr)
                return 1
        cells = [", ".join(f"{f(times[ahead]):.2f}" for f in (min, statistics.median, max))
                 for ahead in (True, False)]
        ratio = statistics.median(times[True]) / statistics.median(times[False])
        print(f"| {number:,} | {level} | {cells[0]} s | {cells[1]} s | {ratio:.2f} |",
              flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
