"""Removing what printgen wrote earlier: only a file a folder's record names with
the size and digest it still has, never one read as input this run. A job's stale
files (`prune_folder`, in the folders `job_folders` gives), and a renamed deck's
folders (`remove_made_folder`)."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from pathlib import Path

from printgen import freeing
from printgen.output.claims import _real_folder
from printgen.output.digests import _digest
from printgen.output.folders import _full, _show, walk
from printgen.output.notes import _some, note
from printgen.output.record import MANIFEST, Record, _read_record
from printgen.output.running import RunState, _runs
from printgen.output.saving import store
from printgen.words import plural


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


def prune_folder(run: RunState, folder: Path) -> list[Path]:
    """Remove from folder (a real folder, not a link) the files run's previous run wrote
    there and this one did not, unless another job claims them, and only where they
    are unchanged (run.inputs: the files read as input, never removed); save folder's
    record; the removed paths."""
    record = _read_record(folder)
    shown = _show(folder) / MANIFEST
    if record.state == "bad":
        if record.foreign:
            note(f"{shown}: not a build record printgen can read ({record.problem}); left as it is, so "
                 f"printgen keeps no record there and removes nothing")
            return []
        note(f"{shown}: not a build record printgen can read ({record.problem}); printgen writes a "
             f"new one and removes nothing it named")
    now = dict(run.written.get(folder, {}))
    mine = run.job_in(folder)
    others = {name for job, names in record.jobs.items() if job != mine and record.state == "ok"
              for name in names}
    removed: list[Path] = []
    left: list[str] = []
    for name in sorted(set(record.jobs.get(mine, ())) - set(now) - others):
        outcome = _remove_recorded(folder / name, record, run.inputs)
        if outcome == "removed":
            removed.append(folder / name)
        elif outcome == "left":
            left.append(name)
        elif outcome == "failed":
            now[name] = record.files[name]
    if left:
        them, they = ("it", "it") if len(left) == 1 else ("them", "they")
        why = (f"an older printgen's record (which kept no digests) named {them}" if record.state == "old"
               else f"printgen did not write {them}, or {they} changed since")
        note(f"{_show(folder)}: left {plural(len(left), 'file')} as {they} {'is' if they == 'it' else 'are'} "
             f"({_some(left)}): {why}")
    store(run, folder, record, now, keep=False)
    return removed


def job_folders(run: RunState) -> list[Path]:
    """The folders run prunes: those it wrote; their subfolders (real folders, not
    links) whose record names run's job and the folder itself, where it is (a copy
    elsewhere is the user's); every folder of the trees given to prune_tree that does."""
    folders = set(run.written)

    def names_me(folder: Path) -> bool:
        record = _read_record(folder)
        return record.state == "ok" and run.job_in(folder) in record.jobs and record.folder == run.where(folder)

    for folder in list(run.written) if run.subfolders else []:
        with contextlib.suppress(OSError), os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False) and names_me(Path(entry.path)):
                    folders.add(Path(entry.path))
    for tree in run.trees:
        try:
            if not stat.S_ISDIR(os.lstat(tree).st_mode):
                continue
        except OSError:
            continue
        for here, _, _ in walk(tree):           # links are not followed
            if names_me(here):
                folders.add(here)
    return sorted(folders)


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
    folders = _made_folders(_full(folder), where, whose)
    return _remove_folders(folders) if folders else ([], [])


def _made_folders(top: Path, where: str, whose: Callable[[str], bool]) -> list[tuple[Path, Record]]:
    """top and its subfolders, each with its record, where the record says the folder
    is where it is (top's: where) and names only jobs whose(job) accepts, outermost
    first; another's folder inside is left out with all it holds; none where top's
    record does not say so."""
    folders: list[tuple[Path, Record]] = []
    for here, dirs, _ in walk(top):                 # links are not followed
        dirs.sort()
        inner = here.relative_to(top).as_posix()
        said = where if inner == "." else inner if where == "." else f"{where}/{inner}"
        record = _read_record(here)
        if record.state != "ok" or record.folder != said or not record.jobs or not all(map(whose, record.jobs)):
            if here == top:
                return []
            dirs[:] = []                            # another's folder inside: left as it is
            continue
        folders.append((here, record))
    return folders


def _remove_folders(folders: list[tuple[Path, Record]]) -> tuple[list[Path], list[Path]]:
    """Remove, the innermost folder first, every file each record names that still has
    its recorded size and digest (never one read as input), then the record and the
    folder where it is left empty: the files removed and the folders left."""
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
