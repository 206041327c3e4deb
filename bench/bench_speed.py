"""Every speed figure of issue 30 in one run: each bench script of this folder in turn,
on the same machine in the same hour, each printing its ratios against the baseline it
runs beside it (bare Python, a bare reportlab script, the zlib-ng floor, a cold build).

    python bench/bench_speed.py            # about 10 minutes on 2 cores
    python bench/bench_speed.py --quick    # fewer runs, no 62,000-card deck (about 3 minutes)

What it runs, and the target each part prints beside its figure:
  start-up      bench_start.py     `--help` and `list`: under 0.1 s of CPU above bare Python
  PDF only      bench_pipeline.py  at most 1.8x the bare reportlab script (CPU, best of runs)
  PNG           bench_png.py       drawing + packing at most 5 ms a card, beside the encode
                                   floor; 1 and 2 workers, memory of the process tree
  scale         bench_scale.py     620 / 6,200 / 62,000 cards: time a card within 10 %,
                                   peak under 100 MB a process
  edit loop     bench_watch.py     one card's text saved: 0.3 s; the face template: 1 s
  rebuild       bench_rebuild.py   a new process's build after one edit, against a clean one

Each part runs as its own process, so one part's imports and caches never help another.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (title, script, arguments for a full run, arguments for --quick)
PARTS = [
    ("start-up", "bench_start.py", ["--runs", "7"], ["--runs", "3"]),
    ("PDF only against bare reportlab", "bench_pipeline.py", ["--pdf-only", "--runs", "9"],
     ["--pdf-only", "--runs", "3"]),
    ("PNG a card", "bench_png.py", ["--runs", "5"], ["--runs", "2", "--sizes", "62,620"]),
    ("scale", "bench_scale.py", ["--sizes", "620,6200,62000", "--outputs", "pdf"],
     ["--sizes", "620,6200", "--outputs", "pdf"]),
    ("edit loop (build --watch)", "bench_watch.py", ["--runs", "5"], ["--runs", "2"]),
    ("rebuild in a new process", "bench_rebuild.py", ["--runs", "5"], ["--runs", "2"]),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and no 62,000-card deck")
    parser.add_argument("--only", default="", help="the parts to run, by script name, comma-separated")
    args = parser.parse_args()
    chosen = [part for part in PARTS if not args.only or part[1] in args.only.split(",")]
    failed = []
    began = time.perf_counter()
    for title, script, full, quick in chosen:
        command = [sys.executable, str(HERE / script), *(quick if args.quick else full)]
        print(f"\n== {title}: {script} {' '.join(command[2:])}", flush=True)
        started = time.perf_counter()
        status = subprocess.run(command, check=False).returncode
        print(f"   ({time.perf_counter() - started:.0f} s{'' if status == 0 else f', exit status {status}'})",
              flush=True)
        if status:
            failed.append(script)
    print(f"\nall parts: {time.perf_counter() - began:.0f} s" + (f"; failed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
