"""Replacing and removing files without waiting for the disk to free their blocks.

Where a file system discards freed blocks at once, the last link to a file that
reached the disk takes a few milliseconds to drop (3.5 ms a file on the 2-core test
machine, whatever its size), and a rebuild under `build --watch` replaces hundreds of
files: a card's PNG, its gallery preview, copy and picture of the change. So before a
file is replaced or removed this process opens it: the name changes at once (the
file's inode lives on, unnamed), and a background thread closes the descriptor,
which frees the blocks there. At most MAX_HELD descriptors wait at once; past that,
in a process forked from the one that started the thread, or where an open file
cannot be replaced (Windows), a file is let go in place.
"""

from __future__ import annotations

import contextlib
import os
import queue
import stat
import threading

MAX_HELD = 256
_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_held: queue.SimpleQueue[int] = queue.SimpleQueue()
_closer: list[int] = []                 # the process id whose thread closes _held, once started
_start = threading.Lock()


def replace(source: os.PathLike[str] | str, target: os.PathLike[str] | str) -> None:
    """os.replace(source, target), target's old file freed in the background."""
    held = _hold(target)
    try:
        os.replace(source, target)
    finally:
        _let_go(held)


def remove(path: os.PathLike[str] | str) -> None:
    """os.unlink(path), the file freed in the background."""
    held = _hold(path)
    try:
        os.unlink(path)
    finally:
        _let_go(held)


def _hold(path: os.PathLike[str] | str) -> int | None:
    """A descriptor of the regular file at path (not following a link), if one may be
    held for the background thread to close."""
    if os.name != "posix" or _held.qsize() >= MAX_HELD or _closer[:1] not in ([], [os.getpid()]):
        return None
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):     # never open a pipe or a device
            return None
        fd = os.open(path, _FLAGS)
    except OSError:
        return None
    try:
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
    except OSError:
        regular = False
    if not regular:
        os.close(fd)
        return None
    return fd


def _let_go(fd: int | None) -> None:
    if fd is None:
        return
    with _start:
        if not _closer:
            _closer.append(os.getpid())
            threading.Thread(target=_close_held, name="printgen-freeing", daemon=True).start()
    _held.put(fd)


def _close_held() -> None:
    while True:
        fd = _held.get()
        with contextlib.suppress(OSError):
            os.close(fd)

