"""Worker processes that end with their parent.

A pool's workers normally outlive a parent that is killed (not interrupted): they
keep computing, orphaned. Started with die_with_parent as their initializer, they
are sent SIGTERM by the kernel when the parent dies (Linux; elsewhere nothing is
done and the pool's own shutdown is all there is).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

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


def pool(workers: int):
    """A process pool whose workers end with this process."""
    from concurrent.futures import ProcessPoolExecutor
    return ProcessPoolExecutor(workers, initializer=die_with_parent)


def map_in_order(function: Callable[[T], R], work: Sequence[T], *, jobs: int,
                 chunksize: int = 1) -> Iterator[R]:
    """function over work, results in work's order as they come: in this process
    when jobs <= 1, else on a pool of `jobs` workers (open while it is iterated)."""
    if jobs <= 1:
        yield from map(function, work)
        return
    with pool(jobs) as workers:
        yield from workers.map(function, work, chunksize=chunksize)

