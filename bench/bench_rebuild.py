"""Benchmark of incremental builds (issue 30, item 1): a second `printgen build` of the
62-card deck, in a new process, after one card's text is saved, against a clean build
of the same deck into a new folder, taking turns in one run.

The deck is bench_watch.py's copy of sabacc-62 whose second Sylop prints a name of its
own. Each run builds it cleanly into a new folder, then saves that one name (SYLOP /
SYLOPS in turn) and builds again into the folder the first run made, and builds there
once more with nothing changed. Each build is `python -m printgen build` in a new
process; the figures are its wall time and its CPU time (user + system, from the
operating system's account of the child), as medians, and the incremental build's
share of the clean build's.

Usage: python bench/bench_rebuild.py [--runs 7] [--only all|pdf,png,...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_watch import ENV, NAMES, project  # the same deck as the watch's bench


def build(deck: Path, out: Path, only: list[str], folder: Path) -> tuple[float, float]:
    """One build in a new process: its wall and CPU seconds."""
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "printgen", "build", str(deck), "-q", "--jobs", "1", *only,
                                "--out", str(out)], cwd=folder, env=ENV)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"the build failed (exit {process.returncode})")
    return wall, usage.ru_utime + usage.ru_stime


def save_name(deck: Path, run: int) -> None:
    old, new = NAMES if run % 2 == 0 else NAMES[::-1]
    text = deck.read_text(encoding="utf-8")
    assert f'"0", name: {old}}}' in text
    deck.write_text(text.replace(f'"0", name: {old}}}', f'"0", name: {new}}}', 1), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--only", default="all", help="the outputs built ('all': every one)")
    args = parser.parse_args()
    only = [] if args.only == "all" else ["--only", args.only]
    times: dict[str, list[tuple[float, float]]] = {"clean": [], "one card's text": [], "nothing changed": []}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        deck = project(folder)
        out = folder / "out"
        build(deck, out, only, folder)                    # the folder the rebuilds go to
        for run in range(args.runs):
            times["clean"].append(build(deck, folder / f"clean-{run}", only, folder))
            save_name(deck, run)
            png = out / "png" / "62-sylop.png"
            before = png.stat().st_mtime_ns if png.exists() else None
            times["one card's text"].append(build(deck, out, only, folder))
            if png.exists() and png.stat().st_mtime_ns == before:
                raise SystemExit("the edited card's PNG was not written again")
            times["nothing changed"].append(build(deck, out, only, folder))
    wall = statistics.median(t[0] for t in times["clean"])
    cpu = statistics.median(t[1] for t in times["clean"])
    print(f"outputs: {args.only}; 62 cards; {args.runs} runs, each build a new process; "
          f"clean build: median {wall:.2f} s wall, {cpu:.2f} s CPU")
    print(f"{'build':20} {'wall (median, range)':>24} {'CPU (median)':>13} {'/ clean (wall)':>15} {'/ clean (CPU)':>14}")
    for name, found in times.items():
        walls, cpus = [t[0] for t in found], [t[1] for t in found]
        print(f"{name:20} {statistics.median(walls):9.2f} s ({min(walls):.2f}-{max(walls):.2f}) "
              f"{statistics.median(cpus):11.2f} s {statistics.median(walls) / wall:14.2f}x "
              f"{statistics.median(cpus) / cpu:13.2f}x")


if __name__ == "__main__":
    main()
