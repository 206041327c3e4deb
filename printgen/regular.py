"""Opening a file a stranger may have left in the output folder: only a regular file,
never through a link, never waiting on a pipe, whatever was swapped in since it was
listed. The standard library only, so the gallery's PDF child (gallery/pdfpages.py)
opens files as printgen.output does without importing it."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
NONBLOCK = getattr(os, "O_NONBLOCK", 0)
CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class Unreadable(Exception):
    """A file that is not to be read: not a regular file, too large, unreadable.
    foreign: not a small regular file (so not one to replace either)."""

    def __init__(self, reason: str, *, foreign: bool = True) -> None:
        super().__init__(reason)
        self.reason = reason
        self.foreign = foreign


def open_fd(full: Path) -> tuple[int, os.stat_result]:
    """An open descriptor of the regular file at full (never through a link, never
    waiting on a pipe) and its fstat; FileNotFoundError or Unreadable."""
    try:
        seen = os.lstat(full)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise Unreadable(error.strerror or str(error)) from None
    if stat.S_ISLNK(seen.st_mode):
        raise Unreadable("a symbolic link")
    if not stat.S_ISREG(seen.st_mode):
        raise Unreadable("not a regular file")
    try:
        fd = os.open(full, os.O_RDONLY | NOFOLLOW | NONBLOCK | CLOEXEC)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise Unreadable(error.strerror or str(error)) from None
    try:
        info = os.fstat(fd)
    except OSError as error:
        os.close(fd)
        raise Unreadable(error.strerror or str(error)) from None
    if not stat.S_ISREG(info.st_mode) or (info.st_dev, info.st_ino) != (seen.st_dev, seen.st_ino):
        os.close(fd)
        raise Unreadable("not a regular file")
    return fd, info


def open_file(path: Path, full: Path) -> BinaryIO:
    """The regular file at full (path as the caller named it), open for reading;
    OSError naming path otherwise."""
    try:
        fd, _ = open_fd(full)
    except Unreadable as bad:
        raise OSError(f"{path}: {bad.reason}") from None
    return os.fdopen(fd, "rb")
