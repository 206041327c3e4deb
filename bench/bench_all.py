"""Time and peak memory of `printgen build --all` (every deck with its dice and parts).

    python bench/bench_all.py            # all outputs (PDF, PNG, SVG, box, parts, gallery)
    python bench/bench_all.py --only pdf

Runs the build in child processes into temporary folders: once with the default pool
(one process per core) for the time, once with --jobs 1 so that the peak resident
memory printed is that of the whole build. Targets: under 15 s and 300 MB.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time

# Python as users run it: it keeps compiled bytecode.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def build(extra: list[str]) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "printgen", "build", "--all", "--out", out, "-q",
                               *extra], check=False, env=ENV)
        return time.perf_counter() - start, done.returncode


def main() -> int:
    extra = sys.argv[1:]
    seconds, status = build(extra)
    print(f"printgen build --all {' '.join(extra)}: {seconds:.1f} s with a pool of "
          f"{os.cpu_count()} processes (exit status {status})")
    seconds_one, status_one = build([*extra, "--jobs", "1"])
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"printgen build --all {' '.join(extra)} --jobs 1: {seconds_one:.1f} s, "
          f"peak memory {peak_mb:.0f} MB (exit status {status_one})")
    return status or status_one


if __name__ == "__main__":
    sys.exit(main())
