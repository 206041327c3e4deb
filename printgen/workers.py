"""Worker processes that end with their parent, no more of them than help.

--jobs N asks for N workers; a pool starts no more than the cores this process may
use nor than its tasks (worker_count): more would only be slower, and the output is
the same whatever N.

A pool's workers normally outlive a parent that is killed (not interrupted): they
keep computing, orphaned. Started with die_with_parent as their initializer, they
are sent SIGTERM by the kernel when the parent dies (Linux; elsewhere nothing is
done and the pool's own shutdown is all there is).
"""

from __future__ import annotations

import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

T = TypeVar("T")
R = TypeVar("R")


def die_with_parent() -> None:
    """In a worker: ask the kernel to end this process when its parent ends."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)                       # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() == 1:                                   # the parent died before this ran
        os._exit(1)


def cores() -> int:
    """The CPU cores this process may use: os.process_cpu_count() (Python 3.13), else
    the cores it is bound to, else the machine's."""
    counted = getattr(os, "process_cpu_count", None)
    if counted is not None:
        return counted() or 1
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:                  # not on every system
        return os.cpu_count() or 1


def worker_count(jobs: int, tasks: int | None = None) -> int:
    """The worker processes to start for --jobs N: no more than the cores this process
    may use nor than the tasks there are (when known), at least 1. More would only be
    slower: every command's work, and so its output, is the same for any count."""
    return max(1, min(jobs, cores(), jobs if tasks is None else tasks))


def pool(workers: int, *, share: Callable[..., None] | None = None,
         shared: tuple = ()) -> ProcessPoolExecutor:
    """A process pool whose workers end with this process: as many as asked, up to the
    cores (a caller that knows its tasks asks for worker_count(jobs, tasks)). share:
    run in each worker as it starts, as share(*shared, die_with_parent) (what the
    workers share, such as an Event, is handed to them so)."""
    from concurrent.futures import ProcessPoolExecutor
    if share is None:
        return ProcessPoolExecutor(worker_count(workers), initializer=die_with_parent)
    return ProcessPoolExecutor(worker_count(workers), initializer=share,
                               initargs=(*shared, die_with_parent))


def map_in_order(function: Callable[[T], R], work: Iterable[T], *, jobs: int,
                 chunksize: int = 1, ahead: int = 8) -> Iterator[R]:
    """function over work, results in work's order as they come: on worker processes,
    chunksize items a task, as many as jobs but no more than worker_count() allows
    (the cores, the tasks); in this process when that is one. Work is
    drawn only `ahead` tasks a worker beyond the result being read, so a long (or
    endless) iterable costs the memory of a few results, and when the caller stops,
    the tasks not yet started are dropped. (Results are read in order, so a slow task
    holds back the window's refill: a few tasks a worker keep the other workers busy
    behind a deal that takes seconds.)"""
    jobs = worker_count(jobs)
    if jobs <= 1:
        yield from map(function, work)
        return
    source = iter(work)
    tasks = iter(lambda: list(islice(source, chunksize)), [])       # lists of chunksize items
    first = list(islice(tasks, ahead * jobs))                       # all of them, when fewer
    if worker_count(jobs, len(first)) <= 1:
        for items in chain(first, tasks):
            yield from _each(function, items)
        return
    workers = pool(worker_count(jobs, len(first)))
    try:
        window = deque(workers.submit(_each, function, task) for task in first)
        while window:
            results = window.popleft().result()
            task = next(tasks, None)
            if task is not None:
                window.append(workers.submit(_each, function, task))
            yield from results
    finally:
        workers.shutdown(wait=True, cancel_futures=True)


def _each(function: Callable[[T], R], task: list[T]) -> list[R]:
    return [function(item) for item in task]
