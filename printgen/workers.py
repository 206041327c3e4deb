"""Worker processes that end with their parent.

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
from itertools import islice
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


def pool(workers: int) -> ProcessPoolExecutor:
    """A process pool whose workers end with this process."""
    from concurrent.futures import ProcessPoolExecutor
    return ProcessPoolExecutor(workers, initializer=die_with_parent)


def map_in_order(function: Callable[[T], R], work: Iterable[T], *, jobs: int,
                 chunksize: int = 1, ahead: int = 8) -> Iterator[R]:
    """function over work, results in work's order as they come: in this process
    when jobs <= 1, else on `jobs` worker processes, chunksize items a task. Work is
    drawn only `ahead` tasks a worker beyond the result being read, so a long (or
    endless) iterable costs the memory of a few results, and when the caller stops,
    the tasks not yet started are dropped. (Results are read in order, so a slow task
    holds back the window's refill: a few tasks a worker keep the other workers busy
    behind a deal that takes seconds.)"""
    if jobs <= 1:
        yield from map(function, work)
        return
    source = iter(work)
    tasks = iter(lambda: list(islice(source, chunksize)), [])       # lists of chunksize items
    workers = pool(jobs)
    try:
        window = deque(workers.submit(_each, function, task) for task in islice(tasks, ahead * jobs))
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
