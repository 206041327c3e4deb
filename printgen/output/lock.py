"""The lock of the output folder, held while a job writes there, and waited for by a
second printgen writing into it or into a folder around it or inside it (see the
package's docstring: The lock)."""

from __future__ import annotations

import contextlib
import os
import random
import stat
import sys
import time
from pathlib import Path

from printgen.errors import OutputError, note_line
from printgen.limits import limit
from printgen.output.folders import walk
from printgen.output.running import RunState, _runs
from printgen.regular import CLOEXEC as _CLOEXEC
from printgen.regular import NOFOLLOW as _NOFOLLOW
from printgen.regular import NONBLOCK as _NONBLOCK

LOCK = ".printgen-lock"                 # the output folder's lock file, while a job writes there
LOCK_WAIT = limit("output_lock_seconds")
_locks: dict[Path, int] = {}            # output folders this process has locked -> the lock file's descriptor


def _try_lock(fd: int) -> bool:
    """Take the lock of the open file fd without waiting; whether it was taken."""
    try:
        if sys.platform == "win32":
            import msvcrt
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _open_lock(path: Path) -> int | None:
    """The lock file at path, open (made if need be, readable by its owner only, so
    that no other user can open it to hold its lock); None where it cannot be (a
    folder printgen may not write into, a link or something else at that name)."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _NONBLOCK | _CLOEXEC, 0o600)
    except OSError:
        return None
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
    except OSError:
        pass
    os.close(fd)
    return None


def _is_open(path: Path, fd: int) -> bool:
    """Whether path still names the file open as fd."""
    try:
        named, held = os.lstat(path), os.fstat(fd)
    except OSError:
        return False
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def _lock(run: RunState) -> None:
    """Lock run's output folder (it exists) for this process, waiting up to LOCK_WAIT
    seconds while another printgen holds it, or holds the lock of an output folder
    around it or inside it (_overlapping), then refusing in one line; nothing done
    where the lock file cannot be made (the writes then say why, if they fail).

    A job takes its own folder's lock first and then looks for the others; where it
    finds one held it lets go of its own again (removing its file) before it waits,
    so two jobs never hold one lock each while waiting for the other's. Of two jobs
    in overlapping folders, the one that took its lock later finds the other's file
    there when it looks (it is made before it is locked and removed only as it is let
    go of), so they never both go ahead; the waits are a little uneven, so that two
    jobs that back off at once do not meet again and again."""
    assert run.root is not None
    deadline = time.monotonic() + LOCK_WAIT
    waiting = False
    held: dict[Path, str] = {}              # lock files inside found held while waiting
    while (other := _take(run, held)) is not None:
        if time.monotonic() >= deadline:
            raise OutputError(f"{run.root_typed}: another printgen is writing into {other} (a build, or "
                              f"--watch rebuilding); waited {LOCK_WAIT:g} s for it to finish; run this again "
                              f"when it has, or choose another --out folder")
        if not waiting and run.tell:
            print(note_line(f"{run.root_typed}: waiting for another printgen writing into {other} (up to "
                            f"{LOCK_WAIT:g} s)"), file=sys.stderr, flush=True)
        waiting = True
        time.sleep(0.025 + 0.05 * random.random())


def _take(run: RunState, held: dict[Path, str]) -> str | None:
    """One try at _lock: None where run now holds its output folder's lock (or its lock
    file cannot be made: then nothing is locked), else where another printgen holds a
    lock that stops it ("this folder", or as _overlapping says)."""
    assert run.root is not None
    path = run.root / LOCK
    fd = _open_lock(path)
    if fd is None:
        return None
    if not (_try_lock(fd) and _is_open(path, fd)):     # else its holder removed it meanwhile: lock the new one
        os.close(fd)
        return "this folder"
    found = _overlapping(run, held)
    if found is None:
        _locks[run.root] = fd
        run.lock = run.root
        return None
    _let_go(path, fd)
    return found


def _overlapping(run: RunState, held: dict[Path, str]) -> str | None:
    """Where another printgen of this user holds the lock of an output folder around
    run's or inside it ("out, around this folder"), None if none does. Such a job's
    pruning, sweeping and gallery would reach into this one's folder, or this one's
    into its folder. The folders around are those of the output folder's real path
    (its links resolved: a folder named through a link is the folder it leads to); the
    folders inside are walked as everywhere below the output folder, without following
    links (no job reaches through one), at most MAX_DEPTH deep and MAX_FOLDERS in all.
    Only lock files already there are looked at (opened to test their lock, never made
    or removed): a folder around the output folder is no job's while it has none.

    held: the lock files inside found held earlier in this wait, with what to say of
    each. They are tested before the folders inside are walked, and where one still
    is held that is the answer; the walk (its finds added to held) is only made where
    none is, so a job waiting seconds for another walks once per holder, not on every
    try, while one that goes ahead has always walked after taking its own lock."""
    assert run.root is not None
    real = Path(os.path.realpath(run.root))
    mine = set()
    for fd in _locks.values():              # the jobs of this process: not waited for
        with contextlib.suppress(OSError):
            info = os.fstat(fd)
            mine.add((info.st_dev, info.st_ino))
    for folder in real.parents:
        if _taken(folder / LOCK, mine):
            here = Path(os.path.realpath(os.curdir))
            shown = Path(os.path.relpath(folder, here)) if folder.is_relative_to(here) else folder
            return f"{shown}, around this folder"
    for path, said in list(held.items()):
        if _taken(path, mine):
            return said
        del held[path]
    for folder, _, files in walk(real):
        if folder != real and LOCK in files and _taken(folder / LOCK, mine):
            held[folder / LOCK] = f"{(run.root_typed or run.root) / folder.relative_to(real)}, inside this folder"
            return held[folder / LOCK]
    return None


def _taken(path: Path, mine: set[tuple[int, int]]) -> bool:
    """Whether another process of this user holds the lock of the lock file at path (a
    regular file, not a link, owned by this user where the system has owners; mine: the
    lock files this process holds, by device and inode). Another user's lock file does
    not count: another user's printgen cannot write into this user's folders nor prune
    them, and would otherwise stop every build below a shared folder (a lock held on
    /tmp/.printgen-lock would stop each build into /tmp/...)."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):     # never open a pipe or a device
            return False
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
    except OSError:
        return False
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or (info.st_dev, info.st_ino) in mine:
            return False
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            return False
        return not _try_lock(fd) and _is_open(path, fd)
    except OSError:
        return False
    finally:
        os.close(fd)                        # (which lets go of the lock, where it was taken)


def _let_go(path: Path, fd: int) -> None:
    """Let go of the lock held on fd, removing its file at path (while it is that one)."""
    try:
        if _is_open(path, fd):
            with contextlib.suppress(OSError):
                os.unlink(path)         # (not on Windows, where an open file stays: it is only unlocked)
    finally:
        os.close(fd)


def _unlock(run: RunState) -> None:
    """Let go of the lock run took, removing the lock file (while it holds it)."""
    if run.lock is None:
        return
    fd = _locks.pop(run.lock)
    path = run.lock / LOCK
    run.lock = None
    _let_go(path, fd)


def _worker() -> bool:
    """Whether this process is a worker another started: a pool's worker has imported
    multiprocessing, so a process that has not is none (and need not import it)."""
    started = sys.modules.get("multiprocessing")
    return started is not None and started.parent_process() is not None


def _locking(run: RunState) -> None:
    """Lock run's output folder if it exists and is not locked by this process yet (by
    a job around it) nor by the process that started this one (a worker of a pool)."""
    if run.root is None or run.lock is not None or _worker():
        return
    if any(run.root.is_relative_to(held) for held in _locks):
        return
    if os.path.isdir(run.root):
        _lock(run)


def _lock_made(full: Path) -> None:
    """Lock the output folder that holds full (a folder a job writes into, which now
    exists) if it is not locked yet: the outermost running job's that holds it (a job
    whose output folder did not exist when it started)."""
    if not _runs or any(full.is_relative_to(held) for held in _locks):
        return
    for run in _runs:
        if run.root is not None and run.pid == os.getpid() and full.is_relative_to(run.root):
            _locking(run)
            return
