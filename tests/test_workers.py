"""Worker processes end with their parent: kill a `build --all` with SIGKILL while its
deck workers run, and none of them is left running. And --jobs N starts no more of them
than the cores this process may use, nor than there are tasks (worker_count), the
output the same whatever N: the workers asked of each process pool are counted on a
machine made to have CORES cores."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import printgen.workers
from printgen.workers import map_in_order, worker_count


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


def _square(n: int) -> int:
    return n * n


def test_map_in_order_keeps_order_and_draws_work_only_a_few_tasks_ahead():
    """Results come in the work's order whatever the chunks; work is drawn lazily (a
    long iterable costs a few tasks' memory), and stopping early leaves the rest undrawn."""
    drawn: list[int] = []

    def work():
        for n in range(1000):
            drawn.append(n)
            yield n

    results = map_in_order(_square, work(), jobs=2, chunksize=3, ahead=2)
    first = [next(results) for _ in range(5)]
    assert first == [0, 1, 4, 9, 16]
    assert len(drawn) <= (2 * 2 + 1) * 3 + 3         # the window, refilled once per task read
    results.close()                                    # the caller stops: no more is drawn
    assert len(drawn) < 30
    assert list(map_in_order(_square, iter(range(50)), jobs=2, chunksize=4)) == [n * n for n in range(50)]
    assert list(map_in_order(_square, [], jobs=2)) == []


# Python 3.14 starts worker processes with forkserver on Linux, and macOS uses spawn:
# a worker then imports printgen afresh and gets only what is sent to it. The start
# method is chosen by the script below before printgen runs, as a user's Python would.
START_AS = """import multiprocessing, runpy, sys
multiprocessing.set_start_method(sys.argv.pop(1))
sys.argv[0] = "printgen"
runpy.run_module("printgen", run_name="__main__", alter_sys=True)
"""


def _run_started_by(method: str, folder: Path, *args: str) -> dict[str, bytes]:
    folder.mkdir()
    script = folder / "start_as.py"
    script.write_text(START_AS)
    done = subprocess.run([sys.executable, str(script), method, *args, "--out", "out"], check=False,
                          cwd=folder, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = folder / "out"
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("args", [("deal", "9100075", "--level", "padawan", "--jobs", "2"),
                                  ("build", "kerton-42", "--only", "png", "--jobs", "2", "-q")],
                         ids=["deal sheet", "card PNGs"])
def test_workers_started_by_spawn_make_the_same_files_as_fork(tmp_path, args):
    by_fork = _run_started_by("fork", tmp_path / "fork", *args)
    by_spawn = _run_started_by("spawn", tmp_path / "spawn", *args)
    assert len(by_fork) > 1 and by_spawn == by_fork


CORES = 3


@pytest.fixture
def asked(monkeypatch):
    """The number of workers each process pool started is asked for, in order."""
    import concurrent.futures
    counts: list[int | None] = []

    class Counted(concurrent.futures.ProcessPoolExecutor):
        def __init__(self, max_workers=None, *args, **kwargs):
            counts.append(max_workers)
            super().__init__(max_workers, *args, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Counted)
    monkeypatch.setattr(printgen.workers, "cores", lambda: CORES)
    return counts


@pytest.mark.parametrize("jobs, tasks, workers", [
    (64, None, CORES), (64, 1000, CORES), (64, 2, 2), (2, 1000, 2), (64, 1, 1), (64, 0, 1), (1, 5, 1)])
def test_the_workers_are_at_most_the_cores_and_the_tasks(monkeypatch, jobs, tasks, workers):
    monkeypatch.setattr(printgen.workers, "cores", lambda: CORES)
    assert worker_count(jobs, tasks) == workers


def test_a_challenge_at_jobs_64_asks_for_a_worker_a_core_and_makes_the_same_booklet(cli, tmp_path, asked):
    made = {}
    for jobs in ("64", "1"):
        result = cli("challenge", "--count", "2", "--jobs", jobs, "--out", str(tmp_path / jobs), "-q")
        assert result.status == 0, result.err
        (made[jobs],) = (tmp_path / jobs).glob("*.pdf")
    assert asked == [CORES]
    assert made["64"].read_bytes() == made["1"].read_bytes()


@pytest.mark.parametrize("count, pools", [(2, [2]), (1, []), (0, [])])
def test_fewer_tasks_than_cores_ask_for_a_worker_a_task(asked, count, pools):
    """Two tasks: two workers; one task (or none) is done in this process."""
    assert list(map_in_order(abs, [-n for n in range(count)], jobs=64)) == list(range(count))
    assert asked == pools


def test_a_rating_at_jobs_64_asks_for_a_worker_a_core(asked):
    from printgen.deal import rate
    from printgen.spec.dealfile import jedi_deal
    from printgen.spec.playermodel import model_data
    deal = jedi_deal(4)
    assert rate(deal, "knight", model_data(), jobs=64) == rate(deal, "knight", model_data(), jobs=1)
    assert asked == [CORES]
