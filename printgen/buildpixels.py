"""The pixels of the distinct raster pictures one build reads, bounded together.

Each picture is bounded alone (picture_pixels), but each also costs time in
proportion to its pixels, to be read through as it is checked and decoded again as
it is drawn (a PNG of 38 million pixels and 37 KB took 0.55 s to check): a deck of
thousands of such pictures would take hours. So the pixels of the distinct pictures
a build reads are added up as each picture's header is read, before its pixels are,
and one that takes them past MAX_PIXELS (build_picture_pixels) is refused, naming it
and the total. A picture is counted once a build however often it is placed, and
again by each build, whatever the process kept of it from an earlier one (so a build
refuses the same pictures whatever ran before it in the process). A build is what a
command records as one job (cli/recorded.job_recording): one deck in one language,
each deck of `--all`, each language of `--lang all`, each rebuild of `--watch`; the
files a print-shop export writes belong to its deck's build. Outside a build
(printgen used as a library) nothing is counted. An SVG picture counts no pixels: its
cost is bounded by its elements (printgen/vector.py).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from printgen.errors import InputError
from printgen.limits import limit

MAX_PIXELS = int(limit("build_picture_pixels"))


class _Tally:
    """The pictures one build has read (by full path) and their pixels together."""

    def __init__(self) -> None:
        self.read: set[str] = set()
        self.pixels = 0
        self.lock = threading.Lock()


_tallies: list[_Tally] = []         # the builds being made, the innermost last


@contextmanager
def counting() -> Iterator[None]:
    """One build's count of the pixels of its pictures (a build within a build, such as
    one language of --lang all, counts its own, and the outer one's count goes on after)."""
    _tallies.append(_Tally())
    try:
        yield
    finally:
        _tallies.pop()


def count(name: str, size: tuple[int, int], where: str) -> None:
    """Count the raster picture at full path name, of size pixels, as read by the build
    being made (once); InputError naming `where` (the picture, where it is named) when
    it takes the build's pictures past MAX_PIXELS together."""
    if not _tallies:
        return
    tally = _tallies[-1]
    with tally.lock:
        if name in tally.read:
            return
        total = tally.pixels + size[0] * size[1]
        if total > MAX_PIXELS:
            raise InputError(f"{where}: its {size[0]} x {size[1]} pixels take the pictures this build reads to "
                             f"{total:,} pixels together (each picture counted once), more than {MAX_PIXELS:,}; "
                             f"expected pictures of fewer pixels: art at 300 dpi at the size it is printed (a "
                             f"poker card's with its bleed is under a million pixels), or fewer distinct pictures")
        tally.read.add(name)
        tally.pixels = total
