"""The pages of the gallery's PDF previews, read and drawn in a child process whose
work is bounded, unless printgen made the file in this very process.

A PDF in the output folder may be anyone's, and its record there proves nothing (a
stranger can write that too): a file of a few hundred bytes can ask PDFium for hours
of work (forms drawing forms drawing forms) or gigabytes of memory (a content stream
of millions of shapes), and no count of pages or pixels bounds that. So a PDF is read
and drawn in one child process, started the first time a gallery needs it and kept
for the process's later galleries (a watching build's). Its memory is capped at
gallery_draw_bytes of address space, and each step (reading a PDF's page sizes,
drawing one page) may take gallery_page_seconds of CPU time (limits.yaml, bounds();
resource.setrlimit). A step that runs out ends the child: the PDF is listed without a
preview (TooCostly), and the next PDF gets a new child. Where the system has no such
limits (not POSIX) the child runs unbounded. The child imports only what it reads and
draws with (regular.py to open a file, Pillow only to draw a page): its start is most
of its cost.

The one exception is a PDF whose bytes are those this process wrote (output.read_made:
compared with the sha256 it kept in memory, never with a record): its work is
printgen's own, already bounded by its limits, and it is read and drawn here from
those very bytes, without starting the child (whose start costs 0.15-0.3 s of CPU).
A later process takes such a PDF's page count and sizes from the gallery's record of
them while the file holds those bytes (pagesizes.py), so a gallery that draws no page
starts no child.

Here or in the child, the same code turns a file into JPEG bytes, so a page gives
the same bytes either way; the gallery writes every file.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.regular import open_file
from printgen.workers import die_with_parent

if TYPE_CHECKING:
    import pypdfium2 as pdfium

Size = tuple[float, float]


class TooCostly(Exception):
    """Reading or drawing the PDF took more than the child's time or memory."""


def page_sizes(path: Path, count: int, *, made: bytes | None = None) -> tuple[int, list[Size]]:
    """The PDF's number of pages and the sizes of its first count pages, in points.
    made: the file's bytes where this process made them (drawn here, not in the child)."""
    if made is not None:
        return _sizes(made, count)
    return _run(_sizes, _absolute(path), count)


def draw_pages(path: Path, pages: list[tuple[int, float, str | None]], *,
               made: bytes | None = None) -> list[tuple[str, bytes]]:
    """Each (page number from 0, scale, the sha256 of the pixels it was drawn to last)
    drawn: the sha256 of its pixels and its JPEG preview (b"", not packed, where the
    pixels are those given). made: as for page_sizes."""
    if made is not None:
        return _draw(made, pages)
    return _run(_draw, _absolute(path), pages)


def bounds() -> tuple[int, int]:
    """The child's CPU seconds a step and bytes of address space (limits.yaml: read
    here, in the parent, and handed to the child, which so imports no YAML)."""
    from printgen.limits import limit, whole_limit
    return whole_limit("gallery_page_seconds"), int(limit("gallery_draw_bytes"))


def _absolute(path: Path) -> Path:
    """path as the child finds it: the child keeps the working folder it started in, and
    a process may change its own since (a test does; printgen does not)."""
    return Path(os.path.abspath(path))


_child: list[ProcessPoolExecutor] = []


def _run(function, *args):  # type: ignore[no-untyped-def]
    if not _child:
        import multiprocessing
        _child.append(ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                          initializer=_start, initargs=bounds()))
    try:
        return _child[0].submit(function, *args).result()
    except BrokenProcessPool:
        _child.pop().shutdown(wait=True)
        raise TooCostly() from None


# ---------------------------------------------------------------- in the child (or here: made)

_bounded: list[int] = []               # in the child: the CPU seconds each step may take


def _start(seconds: int, max_bytes: int) -> None:
    """Cap the child's memory (and each step's CPU time: _allow); it ends with its
    parent (an interrupt is the parent's to handle: the child ignores it, so it prints
    no traceback)."""
    import signal
    _bounded.append(seconds)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent()
    try:
        import resource
    except ImportError:                     # not POSIX: no limits
        return
    _lower(resource.RLIMIT_AS, max_bytes)


def _lower(kind: int, soft: int) -> None:
    """Set the soft limit of kind to soft (never above the hard limit, which stays)."""
    import resource
    hard = resource.getrlimit(kind)[1]
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(kind, (soft, hard))


def _allow() -> None:
    """Let the child run the seconds of CPU time a step may take more from now, then be
    ended (SIGXCPU); nothing in the gallery's own process."""
    if not _bounded:
        return
    try:
        import resource
    except ImportError:
        return
    used = resource.getrusage(resource.RUSAGE_SELF)
    _lower(resource.RLIMIT_CPU, math.ceil(used.ru_utime + used.ru_stime) + _bounded[0])


@contextlib.contextmanager
def _document(source: Path | bytes) -> Iterator[pdfium.PdfDocument]:
    """The PDF of source (a file's path, or bytes) open, closed when the block ends."""
    import pypdfium2 as pdfium
    with contextlib.ExitStack() as stack:
        document = pdfium.PdfDocument(source if isinstance(source, bytes) else stack.enter_context(open_file(source, source)))
        try:
            yield document
        finally:
            document.close()


def _sizes(source: Path | bytes, count: int) -> tuple[int, list[Size]]:
    _allow()
    with _document(source) as document:
        pages = len(document)
        return pages, [document[number].get_size() for number in range(min(pages, count))]


def _draw(source: Path | bytes, pages: list[tuple[int, float, str | None]]) -> list[tuple[str, bytes]]:
    # Pillow, imported only where pages are drawn (the child that only counts them needs none)
    from printgen.gallery.thumbs import CARD_HEIGHT, PAGE_SIDE, flat, jpeg
    drawn = []
    with _document(source) as document:
        for number, scale, last in pages:
            _allow()
            image = document[number].render(scale=scale).to_pil()
            pixels = hashlib.sha256(image.tobytes()).hexdigest()
            same = pixels == last
            drawn.append((pixels, b"" if same else jpeg(flat(image, height=CARD_HEIGHT, longest=PAGE_SIDE))))
    return drawn
