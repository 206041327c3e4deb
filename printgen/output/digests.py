"""Reading a file a stranger may have left in the output folder, safely (a regular
file only, never through a link, at most so many bytes), and a file's size and
sha256, read once while the file keeps a settled stamp (see the package's docstring:
The build record)."""

from __future__ import annotations

import hashlib
import os
import stat
import time
from pathlib import Path
from typing import BinaryIO

from printgen.output.folders import _full
from printgen.output.running import _runs
from printgen.regular import Unreadable, open_file
from printgen.regular import open_fd as _open_regular


def _read_regular(full: Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most max_bytes; FileNotFoundError or Unreadable."""
    fd, info = _open_regular(full)
    try:
        if info.st_size > max_bytes:
            raise Unreadable(f"larger than {max_bytes:,} bytes")
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:
            raise Unreadable(f"larger than {max_bytes:,} bytes")
        return b"".join(chunks)
    except OSError as error:
        raise Unreadable(error.strerror or str(error), foreign=False) from None
    finally:
        os.close(fd)


def read_small(path: Path, max_bytes: int) -> bytes | None:
    """The bytes of the regular file at path if it holds at most max_bytes, else None
    (a link, pipe, device, folder, missing or larger file): for data a stranger may
    have left in the output folder."""
    try:
        return _read_regular(_full(path), max_bytes)
    except (FileNotFoundError, Unreadable):
        return None


def open_regular(path: Path) -> BinaryIO:
    """The regular file at path, open for reading: never through a link, never waiting
    on a pipe, whatever was swapped in since it was listed (for a file a stranger may
    have left in the output folder); OSError otherwise."""
    return open_file(path, _full(path))


def _digest_fd(fd: int) -> tuple[int, str]:
    digest = hashlib.sha256()
    size = 0
    while chunk := os.read(fd, 1 << 20):
        digest.update(chunk)
        size += len(chunk)
    return size, digest.hexdigest()


# A file's stamp: its device, inode, size and both dates. A write, a rename over it, a
# change of its dates each changes its status date (st_ctime), which no program sets
# back; but a change made within the clock's tick (10 ms; 2 s on some file systems) of
# an earlier one may carry the same dates, so a file's bytes are known from its stamp
# only where it had settled, SETTLED_NS old, when the reading of them began.
Stamp = tuple[int, int, int, int, int]
SETTLED_NS = 3_000_000_000
MAX_DIGESTS = 200_000

# The digests of the files read while each stays the same: watched output folders are
# read again and again (the gallery's previews, the card images whose keys are
# unchanged).
_digests: dict[Path, tuple[Stamp, tuple[int, str, tuple[int, int]]]] = {}


def _stamp(info: os.stat_result) -> Stamp:
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns


def stamp(path: Path) -> Stamp | None:
    """The stamp of the regular file at path (lstat; None where there is none)."""
    try:
        info = os.lstat(_full(path))
    except OSError:
        return None
    return _stamp(info) if stat.S_ISREG(info.st_mode) else None


def settled(found: Stamp, started: int) -> bool:
    """Whether a file of this stamp had settled when its reading began at started
    (time.time_ns()): its bytes are known from its stamp from then on."""
    return found[4] < started - SETTLED_NS


def known_stamp(path: Path) -> Stamp | None:
    """The stamp of the file at path where its bytes are known without reading it: the
    same file as when this process last read them, settled then (_digest); None
    otherwise, and where the running job writes the file anew (its new bytes not yet
    in place)."""
    full = _full(path)
    known = _digests.get(full)
    if known is None or known[0] != stamp(full) or any(full in run.pending for run in _runs):
        return None
    return known[0]


def _digest(full: Path) -> tuple[int, str, tuple[int, int]] | None:
    """A regular file's size, sha256 and identity (device, inode), None if it is not one;
    read once while the file keeps a settled stamp (_digests)."""
    try:
        seen = os.lstat(full)
    except OSError:
        return None
    known = _digests.get(full)
    if known is not None and known[0] == _stamp(seen) and stat.S_ISREG(seen.st_mode):
        return known[1]
    started = time.time_ns()
    try:
        fd, info = _open_regular(full)
    except (OSError, Unreadable):
        return None
    try:
        size, digest = _digest_fd(fd)
        found = size, digest, (info.st_dev, info.st_ino)
        after = os.fstat(fd)
    except OSError:
        return None
    finally:
        os.close(fd)
    if _stamp(after) == _stamp(info) and settled(_stamp(after), started):
        if len(_digests) >= MAX_DIGESTS:
            _digests.clear()
        _digests[full] = _stamp(after), found
    return found
