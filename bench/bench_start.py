"""Benchmark of start-up (issue 30): the CPU time of `printgen --help` and `printgen list`
above a bare Python start, each run in a fresh process, the commands taking turns.

The target: both under 0.1 s of CPU above bare Python. The figure is the median of the
runs' user + system CPU time, read from the child's resource usage. The children keep
their compiled bytecode in a folder of their own (as an installed printgen has it beside
its modules), written by one untimed run of each command first.

Usage: python bench/bench_start.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile

SCRIPT = "import sys; from printgen.cli import main; sys.exit(main())"     # as the installed printgen script
COMMANDS = {"bare python": ["-c", "pass"], "printgen --help": ["-c", SCRIPT, "--help"],
            "printgen list": ["-c", SCRIPT, "list"]}


def cpu_of(args: list[str], folder: str) -> float:
    """The CPU seconds (user + system) one run of python ARGS takes, in a fresh process."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PRINTGEN_PAPER", "PYTHONDONTWRITEBYTECODE")}
    env["PYTHONPYCACHEPREFIX"] = os.path.join(folder, "bytecode")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *args], cwd=folder, check=True, capture_output=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    with tempfile.TemporaryDirectory() as folder:          # an empty folder: printgen's own decks only
        for args in COMMANDS.values():                     # writes the bytecode
            cpu_of(args, folder)
        for _ in range(runs):
            for name, args in COMMANDS.items():
                times[name].append(cpu_of(args, folder))
    bare = statistics.median(times["bare python"])
    print(f"{'command':18} {'CPU (median)':>12} {'above bare':>11}   target: under 0.100 s above bare")
    for name, found in times.items():
        median = statistics.median(found)
        print(f"{name:18} {median:10.3f} s {median - bare:9.3f} s")


if __name__ == "__main__":
    main()
