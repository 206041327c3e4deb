"""Benchmark of large decks (issue 16): time per card and peak memory as a deck grows.

The 62-card Sabacc deck with every entry's count multiplied (620 and 6,200 cards by
default) is built in a fresh process with `--only pdf,png` (PNGs drawn in --jobs
worker processes) and with `--only pdf`; for each it prints the wall time, the time per card
(wall, and CPU time of the build and its workers: the fairer figure on a busy machine)
and the peak resident memory of the largest process (the build or one of its PNG
workers). Flat memory and a steady time per card mean the cost stays linear.

Usage: python bench/bench_scale.py [--sizes 620,6200] [--jobs 2] [--outputs pdf,pdf+png]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def big_deck(folder: Path, cards: int) -> Path:
    """sabacc-62 with each entry's count multiplied so the deck holds `cards` cards."""
    factor = max(1, round(cards / 62))
    text = (ROOT / "decks" / "sabacc-62.yaml").read_text(encoding="utf-8")
    text = text.replace("    count: 2\n", f"    count: {2 * factor}\n")
    text = text.replace("    fields: {kind: number}\n", f"    fields: {{kind: number}}\n    count: {factor}\n")
    text = text.replace("name: sabacc-62", f"name: sabacc-{62 * factor}")
    text = text.replace("face: sabacc-face", f"face: {ROOT / 'templates' / 'sabacc-face.yaml'}")
    text = text.replace("back: sabacc-back", f"back: {ROOT / 'templates' / 'sabacc-back.yaml'}")
    text = text.replace("dice: [spike]\n", "").replace("rules: [coruscant-shift, jedi-temple]\n", "")
    path = folder / f"big-{62 * factor}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="620,6200")
    parser.add_argument("--jobs", default="2")
    parser.add_argument("--outputs", default="pdf,pdf+png", help="the builds to time, '+' joining outputs")
    args = parser.parse_args()
    print(f"{'cards':>6} {'outputs':>8} {'wall s':>8} {'ms/card':>8} {'CPU ms/c':>8} {'peak MB':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for size in (int(s) for s in args.sizes.split(",")):
            deck = big_deck(Path(tmp), size)
            for only in (outputs.replace("+", ",") for outputs in args.outputs.split(",")):
                # each measurement in a new interpreter, so that ru_maxrss is its own
                code = ("import resource, subprocess, sys, time; s = time.perf_counter(); "
                        "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
                        "r = resource.getrusage(resource.RUSAGE_CHILDREN); "
                        "print(time.perf_counter() - s, r.ru_maxrss / 1024, r.ru_utime + r.ru_stime)")
                out = subprocess.run([sys.executable, "-c", code, sys.executable, "-m", "printgen", "build",
                                      str(deck), "--only", only, "--jobs", args.jobs, "-q",
                                      "--out", str(Path(tmp) / f"out-{size}-{only}")],
                                     check=True, capture_output=True, text=True, env=ENV).stdout.split()
                wall, peak, cpu = float(out[0]), float(out[1]), float(out[2])
                print(f"{size:>6} {only:>8} {wall:8.2f} {1000 * wall / size:8.2f} {1000 * cpu / size:8.2f} {peak:8.1f}")


if __name__ == "__main__":
    main()
