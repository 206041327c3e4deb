"""Writing a file: through a temporary file beside it, renamed when the job succeeds,
never over a file that is not printgen's or another deck's (see the package's
docstring: Writing), and the digests of the bytes this process made."""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from printgen import freeing
from printgen.errors import OutputError
from printgen.output.claims import _claim, _named, _refusal, _unclaimed_ok
from printgen.output.digests import MAX_DIGESTS, _digest, _digest_fd, read_small
from printgen.output.folders import _cannot, _check_folder, _full, _target, _typed
from printgen.output.lock import _lock_made
from printgen.output.record import _read_record, _record_root
from printgen.output.running import RunState, _runs
from printgen.output.temps import _drop, _new_temp, _temps
from printgen.regular import CLOEXEC as _CLOEXEC
from printgen.regular import NOFOLLOW as _NOFOLLOW


def ensure_dir(folder: Path) -> Path:
    """Create folder (and parents) or raise OutputError saying why not; a job removes
    the folders it created if it fails. A link below the output folder is refused."""
    full = _full(folder)
    _typed.setdefault(full, folder)
    for part in _check_folder(folder, full):
        try:
            os.mkdir(part)
        except FileExistsError:
            _check_folder(folder, full)     # made meanwhile: still no link
            continue
        except OSError as error:
            raise _cannot(folder, "create the output folder", error) from None
        if _runs:
            _maker(part).made.append(part)
    _lock_made(full)
    if not os.access(full, os.W_OK):
        raise OutputError(f"{folder}: the output folder is not writable")
    return folder


def _maker(folder: Path) -> RunState:
    """The job a folder made now belongs to, which removes it again if it fails: the
    outermost job of this process whose output folder is folder or lies in it (the one
    that locks that output folder when it is made, see _lock_made: a job inside it
    that fails leaves it to that one, which removes it after letting go of the lock,
    whose file is in it), else the innermost job."""
    return next((run for run in _runs if run.pid == os.getpid() and run.root is not None
                 and run.root.is_relative_to(folder)), _runs[-1])


@contextlib.contextmanager
def atomic_path(path: Path, *, record: bool = False) -> Iterator[Path]:
    """Yield a temporary path beside path; rename it to path when the block succeeds
    (when the job succeeds, inside one). record: path is a record of printgen's own (a
    PDF's kept pages), which replaces the file printgen wrote there whatever its bytes
    are now (the folder's record names it), never a file of the user's.

    Where path already holds exactly the new bytes it is left untouched (its date
    too), so what depends on it, such as a gallery thumbnail, need not be redone. A
    link, folder or pipe at path, a link on the way to it, or a file printgen did not
    write there is an OutputError."""
    ensure_dir(path.parent)
    full = _full(path)
    _target(path, full)
    run = _runs[-1] if _runs else None
    try:
        temp = _new_temp(full.parent, run)
    except OSError as error:
        raise _cannot(path, "write", error) from None
    kept = False
    try:
        yield temp
        kept = _place(path, full, temp, run, record)
    except OSError as error:
        raise _cannot(path, "write", error) from None
    finally:
        if not kept:
            _drop(temp, run)


@contextlib.contextmanager
def scratch(path: Path) -> Iterator[BinaryIO]:
    """A temporary file beside path, open for writing and reading back, to keep work
    out of memory until path is written (a PDF's finished pages); removed when the
    block ends, and, like every temporary file, by the next job if this one dies."""
    ensure_dir(path.parent)
    full = _full(path)
    run = _runs[-1] if _runs else None
    try:
        temp = _new_temp(full.parent, run)
    except OSError as error:
        raise _cannot(path, "write", error) from None
    try:
        with os.fdopen(os.open(temp, os.O_RDWR | _NOFOLLOW | _CLOEXEC), "r+b") as file:
            yield file
    except OSError as error:
        raise _cannot(path, "write", error) from None
    finally:
        _drop(temp, run)


def _place(path: Path, full: Path, temp: Path, run: RunState | None, record: bool = False) -> bool:
    """Put the finished temporary file in place of path (or pending, in a job);
    whether temp was kept."""
    fd = os.open(temp, os.O_RDONLY | _NOFOLLOW | _CLOEXEC)
    try:
        size, digest = _digest_fd(fd)
    finally:
        os.close(fd)
    _remember(full, digest)
    earlier = next(((other, other.pending[full]) for other in _runs if full in other.pending), None)
    if earlier is not None:                     # written before in this process, not yet in place
        if _pending_same(path, full, run, *earlier, size, digest):
            return False
    elif _found_same(path, full, run, size, digest, record):
        return False
    os.chmod(temp, 0o644)
    _record(run, full, size, digest)
    if run is not None:                         # renamed when the job succeeds
        run.pending[full] = temp
        run.typed[full] = path
        return True
    freeing.replace(temp, full)
    _temps.discard(temp)
    return True


def _pending_same(path: Path, full: Path, run: RunState | None, other: RunState, older: Path, size: int,
                  digest: str) -> bool:
    """Whether the bytes (size, sha256) are those another write of this process left
    pending for full (other's, in older): then nothing is to be done. Else, where this
    run may replace them (_refuse_rivals), that write is dropped, and recorded by this
    run instead of other."""
    if other.written.get(full.parent, {}).get(full.name) == (size, digest):
        return True
    _refuse_rivals(path, full, run, recorded=False)
    del other.pending[full]
    _drop(older, other)
    if other is not run:                        # the newer job records it, with its digest
        other.written.get(full.parent, {}).pop(full.name, None)
    return False


def _found_same(path: Path, full: Path, run: RunState | None, size: int, digest: str, record: bool) -> bool:
    """Whether the file at full already holds the bytes (size, sha256): then it is left
    as it is (recorded as run's where it is printgen's). Else OutputError where they
    may not replace it: a file printgen did not write (but a record of printgen's own,
    where record), or another deck's (_refuse_rivals)."""
    info = _target(path, full)
    if info is None:
        return False
    found = _digest(full) if info.st_size == size else None
    claim = _claim(full, info, found)
    if found is not None and found[:2] == (size, digest):
        if claim:
            _record(run, full, size, digest)
        return True
    if not claim and not (record and _named(full)) and not _unclaimed_ok(full):
        raise _refusal(path, full)
    _refuse_rivals(path, full, run)
    return False


def _refuse_rivals(path: Path, full: Path, run: RunState | None, *, recorded: bool = True) -> None:
    """Raise OutputError if the file at full, which run would replace with other bytes,
    is claimed by a job of another deck (run.rival): by the folder's record (where
    recorded: the file there is the one replaced), or by another job of this process
    that wrote it (put in place, or still pending)."""
    if run is None or run.rival is None:
        return
    record = _read_record(full.parent)
    root = _record_root(full.parent, record)
    claims = ([(job, root) for job, names in record.jobs.items() if full.name in names]
              if recorded and record.state == "ok" else [])
    claims += [(other.job_in(full.parent), other.root or root) for other in _runs
               if other is not run and full.name in other.written.get(full.parent, {})]
    mine = run.job_in(full.parent)
    for job, where in claims:
        whose = run.rival(job, where) if job != mine else None
        if whose is not None:
            raise _rival_refusal(path, whose)


def _rival_refusal(path: Path, rivals: tuple[str, str, str]) -> OutputError:
    theirs, mine, advice = rivals
    return OutputError(f"{path}: a build of {theirs} wrote this file, and this build of {mine} would replace "
                       f"it with other bytes; {advice}, or move the file away")


# The sha256 of the bytes this process last made for each path it wrote (whether it
# wrote them or found them there already): what a stranger can put in a record, never
# in this process's memory.
_made: dict[Path, str] = {}


def read_made(path: Path, max_bytes: int) -> tuple[bytes, str] | None:
    """The bytes of the regular file at path and their sha256, where they are the very
    bytes this process last made for it (printgen's own work of this run, whatever a
    record says), else None (as read_small: at most max_bytes, never through a link)."""
    full = _full(path)
    digest = _made.get(full)
    if digest is None:
        return None
    data = read_small(full, max_bytes)
    return (data, digest) if data is not None and hashlib.sha256(data).hexdigest() == digest else None


def made_pdfs() -> dict[Path, str]:
    """The sha256 of the bytes this process last made for each PDF it wrote (read_made),
    for a worker process to hand its parent in memory (made_by_worker)."""
    return {full: digest for full, digest in _made.items() if full.suffix.lower() == ".pdf"}


def made_by_worker(made: dict[Path, str]) -> None:
    """Count the files a worker process of this run made (made_pdfs, handed back in
    memory, never read from a record) as made here: read_made then gives their bytes
    where the file still holds them."""
    for full, digest in made.items():
        _remember(full, digest)


def _remember(full: Path, digest: str) -> None:
    """Keep the sha256 of the bytes this process made for full, for read_made (past
    MAX_DIGESTS of them, all are forgotten at once: read_made then gives None)."""
    if len(_made) >= MAX_DIGESTS:
        _made.clear()
    _made[full] = digest


def file_digest(path: Path) -> tuple[int, str] | None:
    """The size and sha256 of the regular file at path (never through a link; read once
    while it keeps a settled stamp), None where there is none."""
    found = _digest(_full(path))
    return None if found is None else found[:2]


def staged(path: Path) -> Path:
    """Where path's newest bytes are: its temporary file while the job that wrote it
    runs, else path itself (to read back a file just written)."""
    full = _full(path)
    for run in reversed(_runs):
        if full in run.pending:
            return run.pending[full]
    return path


def write_bytes(path: Path, data: bytes, *, record: bool = False) -> Path:
    with atomic_path(path, record=record) as temp:
        temp.write_bytes(data)
    return path


def _record(run: RunState | None, full: Path, size: int, digest: str) -> None:
    if run is not None:
        run.written.setdefault(full.parent, {})[full.name] = (size, digest)
        run.pruned = False
