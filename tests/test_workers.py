"""Worker processes end with their parent: kill a `build --all` with SIGKILL while its
deck workers run, and none of them is left running."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_killed_parent_leaves_no_workers(tmp_path):
    parent = subprocess.Popen([sys.executable, "-m", "printgen", "build", "--all", "--jobs", "2", "-q",
                               "--out", str(tmp_path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(workers) < 2 and parent.poll() is None:
        workers = children(parent.pid)
        time.sleep(0.05)
    if parent.poll() is not None or len(workers) < 2:
        pytest.skip("the build ended before its workers could be seen")
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(alive(w) for w in workers):
        time.sleep(0.1)
    assert not [w for w in workers if alive(w)]
