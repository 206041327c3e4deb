"""Removing what printgen wrote earlier: only a file a folder's record names with
the size and digest it still has, never one read as input this run."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from pathlib import Path

from printgen import freeing
from printgen.output.claims import _real_folder
from printgen.output.digests import _digest
from printgen.output.folders import _full, walk
from printgen.output.record import MANIFEST, Record, _read_record
from printgen.output.running import _runs


def _inputs() -> set[tuple[int, int]]:
    """The files this process read as input (decks, templates, tables, pictures, rules),
    by device and inode: never removed, whatever a build record says (a downloaded
    project may carry a record naming its own deck, for `--out .`)."""
    from printgen.reading import files_read
    found: set[tuple[int, int]] = set()
    for name in files_read():
        with contextlib.suppress(OSError, ValueError):
            info = os.stat(name)
            found.add((info.st_dev, info.st_ino))
    return found


def _remove_recorded(target: Path, record: Record, inputs: set[tuple[int, int]]) -> str:
    """Remove target if its folder's record is whole ("ok") and the file still has the
    size and digest the record gives it, and was not read as input this run (inputs: its
    device and inode; a record saying otherwise lies): "removed", "gone" (nothing
    there), "left" (not printgen's bytes) or "failed"."""
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        return "gone"
    except OSError:
        return "left"
    if record.state != "ok" or not stat.S_ISREG(info.st_mode) or info.st_size != record.files[target.name][0] \
            or (info.st_dev, info.st_ino) in inputs:
        return "left"
    found = _digest(target)
    if found is None or found[:2] != record.files[target.name]:
        return "left"
    try:
        again = os.lstat(target)
        if (again.st_dev, again.st_ino) != found[2] or not stat.S_ISREG(again.st_mode):
            return "left"
        freeing.remove(target)
    except FileNotFoundError:
        return "gone"
    except OSError:
        return "failed"
    return "removed"


def remove_made_folder(folder: Path, where: str, whose: Callable[[str], bool]) -> tuple[list[Path], list[Path]]:
    """Remove a folder below the running job's output folder that only jobs whose(job)
    accepts wrote (an earlier name of the running job's deck, cli/renamed.py): where
    its record says it is where it is (its "folder", where) and names only such jobs,
    every file it names that still has the recorded size and digest (never one read
    as input), and so in each subfolder whose record says so too (another subfolder is
    left as it is), then the records and the folders left empty. The files removed and
    the folders left (holding files printgen did not write, or changed since); nothing
    where the folder's record does not say so."""
    run = _runs[-1] if _runs else None
    if run is None or run.root is None or not _real_folder(folder, _full(folder)):
        return [], []
    top = _full(folder)
    folders: list[tuple[Path, Record]] = []
    for here, dirs, _ in walk(top):                 # links are not followed
        dirs.sort()
        inner = here.relative_to(top).as_posix()
        said = where if inner == "." else inner if where == "." else f"{where}/{inner}"
        record = _read_record(here)
        if record.state != "ok" or record.folder != said or not record.jobs or not all(map(whose, record.jobs)):
            if here == top:
                return [], []
            dirs[:] = []                            # another's folder inside: left as it is
            continue
        folders.append((here, record))
    removed: list[Path] = []
    left: list[Path] = []
    inputs = _inputs()
    for here, record in reversed(folders):          # the innermost first
        gone = True
        for name in sorted(record.named):
            outcome = _remove_recorded(here / name, record, inputs)
            if outcome == "removed":
                removed.append(here / name)
            gone = gone and outcome in ("removed", "gone")
        with contextlib.suppress(OSError):
            if gone:
                freeing.remove(here / MANIFEST)
            os.rmdir(here)                          # only if it is empty
        if os.path.lexists(here):
            left.append(here)
    return removed, left
