"""Progress bars on standard error, silenced by --quiet."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")


def progress(items: Iterable[T], *, total: int | None = None, desc: str = "",
             unit: str = "item", quiet: bool = False) -> Iterator[T]:
    """Yield from items while showing a bar counting `unit`s (unless quiet)."""
    if quiet:
        yield from items
        return
    from tqdm import tqdm
    yield from tqdm(items, total=total, desc=desc, disable=None, leave=False,   # None: off unless a terminal
                    unit=unit, dynamic_ncols=True, mininterval=0.2)


class Bar:
    """A bar advanced by hand (unless quiet), with a short note after it."""

    def __init__(self, *, total: int | None, desc: str, unit: str, quiet: bool = False) -> None:
        self._bar = None
        if not quiet:
            from tqdm import tqdm
            self._bar = tqdm(total=total, desc=desc, disable=None, leave=False, unit=unit,
                             dynamic_ncols=True, mininterval=0.2)

    def advance(self, count: int = 1) -> None:
        if self._bar is not None:
            self._bar.update(count)

    def note(self, text: str) -> None:
        if self._bar is not None:
            self._bar.set_postfix_str(text, refresh=False)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
