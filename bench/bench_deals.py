"""Time a deal sheet, rating included, as a user gets it: `printgen deal N --level L`.

Each of COUNT consecutive deals from --start at each level is one run of the
command in a fresh process (start-up, deal, verdict, key, the player model's
rating games, layout and PDF), timed from outside. Runs go one at a time, so each
sheet has the machine's cores to itself (the rating plays its games in one process
per core). Prints per level the mean, 90th percentile and maximum seconds per
sheet, and the slowest deals; the target is every sheet under 3 s.

Run: python bench/bench_deals.py [--count 100] [--start 1] [--levels padawan,knight,master,chosen]
     [--rules pyramid --levels standard]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = 3.0


def sheet_seconds(number: int, level: str, rules: str, out: Path) -> float:
    command = [sys.executable, "-m", "printgen", "deal", str(number), "--level", level,
               "--rules", rules, "--out", str(out), "--quiet"]
    began = time.perf_counter()
    subprocess.run(command, check=True)
    return time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--levels", default="padawan,knight,master,chosen")
    parser.add_argument("--rules", default="jedi-temple")
    args = parser.parse_args()
    worst = 0.0
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for level in args.levels.split(","):
            times = [(sheet_seconds(n, level, args.rules, Path(folder)), n)
                     for n in range(args.start, args.start + args.count)]
            seconds = sorted(t for t, _ in times)
            slowest = sorted(times, reverse=True)[:3]
            worst = max(worst, seconds[-1])
            over = sum(1 for t in seconds if t >= TARGET)
            print(f"{args.rules} {level:<8} {len(seconds)} sheets: mean {statistics.mean(seconds):.2f} s"
                  f"  p90 {seconds[int(0.9 * len(seconds)) - 1]:.2f} s  max {seconds[-1]:.2f} s"
                  f"  ({over} at or over {TARGET:.0f} s; slowest: "
                  + ", ".join(f"deal {n} {t:.2f} s" for t, n in slowest) + ")", flush=True)
    print(f"max per sheet {worst:.2f} s (target under {TARGET:.0f} s); "
          f"{time.perf_counter() - began:.0f} s in all")
    return 0 if worst < TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
