"""Progress bars on standard error, silenced by --quiet."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")


def progress(items: Iterable[T], *, total: int | None = None, desc: str = "",
             quiet: bool = False) -> Iterator[T]:
    """Yield from items while showing a bar (unless quiet)."""
    if quiet:
        yield from items
        return
    from tqdm import tqdm
    yield from tqdm(items, total=total, desc=desc, disable=None, leave=False,   # None: off unless a terminal
                    unit="item", dynamic_ncols=True, mininterval=0.2)
