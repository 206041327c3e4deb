"""Time and peak memory of `printgen build --all` (every deck with its dice and parts).

    python bench/bench_all.py            # all formats (PDF, PNG, SVG, box)
    python bench/bench_all.py --only pdf

Runs the build in a child process into a temporary folder and prints the wall time
and the child's peak resident memory. Targets: under 15 s and 300 MB.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time


def main() -> int:
    extra = sys.argv[1:]
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "printgen", "build", "--all", "--out", out, "-q", *extra],
                              check=False)
        seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"printgen build --all {' '.join(extra)}: {seconds:.1f} s, peak memory {peak_mb:.0f} MB, "
          f"exit status {done.returncode}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
