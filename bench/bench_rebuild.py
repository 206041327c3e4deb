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

With --against OTHER_CHECKOUT the same builds by that checkout's printgen, on a copy
of its own, take turns with this one's, run for run: the ratios of their medians, and
the median of the ratios run for run (each pair taken one after the other), are the
fair figures on a busy machine.

The gallery's PDF child (gallery/pdfpages.py), measured so on 2026-11-29, the busy
2-core machine at load 2-9 (figures: CPU, the median of the paired ratios; a pair
moves by 5-10 % from one run to the next at that load). Drawing every PDF in the
child (b134dea) against the code before the child (09775e7^, --runs 5): a clean build
1.15x, one card's text 1.12x, nothing changed 1.25x. Drawing the PDFs the build wrote
in its own process, only the others in the child, against the code before the child:
clean 0.96x and 0.97x (--runs 5, --runs 7), one card's text 1.13x and 1.12x, nothing
changed 1.08x and 1.16x; with the child's imports cut as well (--runs 7): 1.02x,
1.06x, 1.12x; and against b134dea (--runs 7, twice): clean 0.87x and 0.90x, one card's
text 0.95x and 1.04x, nothing changed 1.06x and 1.01x. So a clean build no longer
pays for the child; a rebuild still starts it once, as the PDFs it leaves as they were
(their key unchanged) are not the bytes this process wrote, and their pages are
counted there: about 0.2 s of CPU (0.16-0.20 s by hand, 0.21-0.30 s before its
imports were cut, a difference this bench does not resolve at that load).

Since then a gallery keeps the page counts and sizes of the PDFs its process made,
and the pages it previewed from them (gallery/pagesizes.py), so a rebuild that draws
no page starts no child. Against the code before it (1df88e2, --runs 7, 2026-11-29,
load 13-14; CPU, then wall, the median of the paired ratios): a clean build 0.93x and
0.78x, one card's text 0.84x and 0.76x, nothing changed 0.72x and 0.58x (1.43 s of
CPU against 2.14 s). In a run before the previewed pages were counted (while tests ran
beside it), nothing changed was 0.95x: a rebuild after one card's text leaves the
previews of the PDF's unchanged pages older than the PDF written again, and their
dates alone sent them to the child to be drawn again.

Usage: python bench/bench_rebuild.py [--runs 7] [--only all|pdf,png,...] [--against OTHER_CHECKOUT]
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
from bench_watch import ENV, NAMES, ROOT, project  # the same deck as the watch's bench


def build(deck: Path, out: Path, only: list[str], folder: Path, env: dict[str, str]) -> tuple[float, float]:
    """One build in a new process: its wall and CPU seconds."""
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "printgen", "build", str(deck), "-q", "--jobs", "1", *only,
                                "--out", str(out)], cwd=folder, env=env)
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


KINDS = ("clean", "one card's text", "nothing changed")


class Tree:
    """The builds of one checkout's printgen, in a folder of its own."""

    def __init__(self, tree: Path, folder: Path, only: list[str]) -> None:
        self.tree, self.folder, self.only = tree, folder, only
        self.env = {**ENV, "PYTHONPATH": os.pathsep.join([str(tree), *filter(None, [ENV.get("PYTHONPATH")])])}
        self.deck = project(folder)
        self.out = folder / "out"
        self.times: dict[str, list[tuple[float, float]]] = {kind: [] for kind in KINDS}
        build(self.deck, self.out, only, folder, self.env)        # the folder the rebuilds go to

    def run(self, number: int) -> None:
        """A clean build, one card's text saved and built again, a build with nothing changed."""
        self.times["clean"].append(build(self.deck, self.folder / f"clean-{number}", self.only, self.folder,
                                         self.env))
        save_name(self.deck, number)
        png = self.out / "png" / "62-sylop.png"
        before = png.stat().st_mtime_ns if png.exists() else None
        self.times["one card's text"].append(build(self.deck, self.out, self.only, self.folder, self.env))
        if png.exists() and png.stat().st_mtime_ns == before:
            raise SystemExit("the edited card's PNG was not written again")
        self.times["nothing changed"].append(build(self.deck, self.out, self.only, self.folder, self.env))

    def report(self, label: str, runs: int, what: str) -> None:
        wall = statistics.median(t[0] for t in self.times["clean"])
        cpu = statistics.median(t[1] for t in self.times["clean"])
        print(f"{label}: outputs: {what}; 62 cards; {runs} runs, each build a new process; "
              f"clean build: median {wall:.2f} s wall, {cpu:.2f} s CPU")
        print(f"{'build':20} {'wall (median, range)':>24} {'CPU (median)':>13} {'/ clean (wall)':>15} "
              f"{'/ clean (CPU)':>14}")
        for name, found in self.times.items():
            walls, cpus = [t[0] for t in found], [t[1] for t in found]
            print(f"{name:20} {statistics.median(walls):9.2f} s ({min(walls):.2f}-{max(walls):.2f}) "
                  f"{statistics.median(cpus):11.2f} s {statistics.median(walls) / wall:14.2f}x "
                  f"{statistics.median(cpus) / cpu:13.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--only", default="all", help="the outputs built ('all': every one)")
    parser.add_argument("--against", type=Path, help="another checkout of printgen, its builds taking turns")
    args = parser.parse_args()
    only = [] if args.only == "all" else ["--only", args.only]
    paths = [ROOT] + ([args.against.resolve()] if args.against else [])
    with tempfile.TemporaryDirectory() as tmp:
        trees = []
        for number, path in enumerate(paths):
            (Path(tmp) / str(number)).mkdir()
            trees.append(Tree(path, Path(tmp) / str(number), only))
        for run in range(args.runs):
            for tree in trees if run % 2 == 0 else trees[::-1]:
                tree.run(run)
    for tree in trees:
        tree.report("this checkout" if tree.tree == ROOT else str(tree.tree), args.runs, args.only)
    if args.against:
        ours, theirs = trees
        for kind in KINDS:
            ratios = [statistics.median(t[i] for t in ours.times[kind]) /
                      statistics.median(t[i] for t in theirs.times[kind]) for i in range(2)]
            paired = [statistics.median(a[i] / b[i] for a, b in zip(ours.times[kind], theirs.times[kind], strict=True))
                      for i in range(2)]
            print(f"{kind}: this / the other, medians: wall {ratios[0]:.2f}x, CPU {ratios[1]:.2f}x; "
                  f"run for run (median of the paired ratios): wall {paired[0]:.2f}x, CPU {paired[1]:.2f}x")


if __name__ == "__main__":
    main()
