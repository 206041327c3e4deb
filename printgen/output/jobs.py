"""Jobs: the files a job writes, put in place when it succeeds (or none of them when
it fails), then its stale files pruned (pruning.py) and its folders' records saved
(saving.py; see the package's docstring: The build record)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import cast

from printgen import freeing
from printgen.errors import OutputError
from printgen.output.claims import _real_folder
from printgen.output.folders import _cannot, _check_folder, _full, _show
from printgen.output.lock import _locking, _unlock
from printgen.output.notes import _notes, _said, _say_notes, _some, note
from printgen.output.pruning import _inputs, job_folders, prune_folder
from printgen.output.record import _read_record
from printgen.output.running import Rival, RunState, _runs
from printgen.output.saving import store
from printgen.output.temps import _drop, _remove_leftovers, _rewrite_pending, _sweep
from printgen.words import plural


class Run(RunState):
    """A job that puts its files in place when it succeeds, removes what it made when
    it fails, and prunes its stale files (see recording)."""

    def commit(self) -> None:
        """Rename every file written to its final name (its folder checked again)."""
        checked: set[Path] = set()
        try:
            while self.pending:
                full, temp = next(iter(self.pending.items()))
                typed = self.typed.get(full, full)
                if full.parent not in checked:
                    _check_folder(typed.parent, full.parent)
                    checked.add(full.parent)
                try:
                    freeing.replace(temp, full)
                except OSError as error:
                    raise _cannot(typed, "write", error) from None
                self.temps.discard(temp)
                del self.pending[full]
                self.placed.append(full)
        except BaseException:
            self.record_placed()
            raise
        self.made.clear()

    def record_placed(self) -> None:
        """After a failure part-way through commit or prune: add the files this job put
        in place to their folders' records (removing nothing), so that they stay
        printgen's."""
        by_folder: dict[Path, set[str]] = {}
        for full in self.placed:
            by_folder.setdefault(full.parent, set()).add(full.name)
        for folder, names in by_folder.items():
            with contextlib.suppress(OSError, OutputError):
                record = _read_record(folder)
                if record.state == "bad" and record.foreign:
                    continue
                now = {name: self.written[folder][name] for name in names if name in self.written.get(folder, {})}
                store(self, folder, record, now, keep=True)

    def abandon(self) -> None:
        """Remove the temporary files and the folders this failed run created."""
        for temp in list(self.temps):
            _drop(temp, self)
        for folder in self.temp_folders:    # one made as the run was interrupted, before it was noted
            _remove_leftovers(folder, {self.token})
        self.pending.clear()
        self.finish()
        _unlock(self)                       # (its file is in the output folder, which may go)
        for folder in reversed(self.made):
            with contextlib.suppress(OSError):
                os.rmdir(folder)            # only if it is empty
        self.made.clear()

    def finish(self) -> None:
        """Take this job out of the PENDING records it noted itself in."""
        for folder in self.journaled:
            with contextlib.suppress(OSError, OutputError):
                _rewrite_pending(folder, self, sweep=False, mine=False)
        self.journaled.clear()

    def prune(self) -> list[Path]:
        """Remove what this job's previous run wrote and this one did not (unless
        another job claims it, and only where it is unchanged), and record this run's
        files; the removed paths. Interrupted, it records the files in place first, as
        commit() does."""
        removed: list[Path] = []
        try:
            self.inputs = _inputs()
            for folder in job_folders(self):
                if not _real_folder(_show(folder), folder):     # made a link meanwhile: nothing done through it
                    continue
                removed += prune_folder(self, folder)
                _sweep(folder, self)
        except BaseException:
            self.record_placed()
            raise
        self.removed += removed
        self.pruned = True
        return removed

    def tell_removed(self) -> None:
        """Say in one note the stale files this job removed (if it says its notes)."""
        if self.tell and self.removed:
            shown = [str(_show(path.parent) / path.name) for path in self.removed]
            note(f"removed {plural(len(shown), 'file')} printgen wrote in an earlier build and this one no longer makes "
                 f"({_some(shown)})")
        self.removed.clear()


@contextlib.contextmanager
def recording(job: str, *, subfolders: bool = True, root: Path | None = None, tell: bool = False,
              rival: Rival | None = None) -> Iterator[Run]:
    """Record the files written inside the block as job's; when it succeeds, remove
    the files the job's previous run wrote and this one did not. root: the output
    folder (--out, or printgen's default), inside which every file goes. subfolders: False for a job whose name is the same in every folder
    (the gallery), so that it never prunes what the same job wrote for a subfolder of
    its own. The notes of the job are said on one line when it ends; tell: the job
    also says what it removed, and that it waits for another printgen.

    While it runs, the job holds the lock of its output folder (LOCK, a lock of the
    system's on a hidden file there, which ends with the process however it ends): a
    second printgen writing into the same folder waits for it. rival: given another
    job's key and its output folder, whose files (another deck's) the job must not
    replace with other bytes (cli/rivals.py)."""
    if not any(run.pid == os.getpid() for run in _runs):
        _said.clear()
        _notes.clear()
    run = Run(job, subfolders=subfolders,
              root=_full(root) if root is not None else None, root_typed=root, tell=tell, rival=rival)
    _runs.append(run)
    try:
        _locking(run)
        yield run
        if _held and _held[-1][0] == os.getpid():
            _held[-1][1].append(run)        # put in place with the others of its group
        else:
            _publish(run)
    except BaseException:
        run.abandon()
        if not any(other.pid == os.getpid() for other in _runs if other is not run):
            _notes.clear()
        raise
    finally:
        _runs.remove(run)
        _unlock(run)
    if not any(other.pid == os.getpid() for other in _runs):
        _say_notes()


def _publish(run: Run) -> None:
    run.commit()
    if not run.pruned:                  # (a build pruned before its gallery is not pruned again after it)
        run.prune()
    run.finish()
    run.tell_removed()


def own_folder(folder: Path, job: str) -> None:
    """Record the files the running job writes in folder as job's there: a folder that
    holds one product of a deck (its PNGs, its SVGs, a print shop's files), which any
    build of the deck writes whole, whatever its other options (cli/options.py's
    product_key). A rebuild that writes the folder again so removes what an earlier
    build of the deck with other options left there; a build that does not write it
    leaves it alone."""
    if _runs:
        _runs[-1].owners[_full(folder)] = job


_held: list[tuple[int, list[Run]]] = []      # (process id, the jobs held) of each together()


@contextlib.contextmanager
def together() -> Iterator[None]:
    """Jobs that succeed inside the block keep their files staged; when the block ends
    without error they are put in place one after the other (each job pruned as
    usual), and when it stops with an error none is: a build of several languages
    writes all of them or nothing."""
    group: list[Run] = []
    frame = (os.getpid(), group)
    _held.append(frame)
    try:
        yield
    except BaseException:
        for run in reversed(group):     # the last made folders first: the first job's may hold them
            run.abandon()
        raise
    finally:
        _held.remove(frame)
    for i, run in enumerate(group):
        try:
            _publish(run)
        except BaseException:
            for rest in reversed(group[i:]):
                rest.abandon()
            raise


def prune_current() -> list[Path]:
    """Put the current job's files in place and remove its stale ones now (before a
    gallery lists the folder); nothing where the job did so already and has written or
    kept no file since (a build pruned before it removed a renamed deck's folders, then
    writes its gallery)."""
    if not _runs:
        return []
    run = cast(Run, _runs[-1])           # (recording runs each job as a Run)
    if run.pruned:
        return []
    run.commit()
    return run.prune()


def prune_tree(folder: Path) -> None:
    """Prune the current job's stale files in every folder under folder (the gallery's
    previews, in subfolders of its own), not only in the folders it wrote this time."""
    if _runs:
        _runs[-1].trees.append(_full(folder))
