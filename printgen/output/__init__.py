"""The one owner of the output folder: every write and every delete under --out.

Writing. Every file goes to a temporary file beside it, then is renamed. A failure
part-way leaves no half-written file behind; an unwritable folder is a clear
OutputError naming the path as the user typed it. Inside a job (every command of the
CLI runs as one, see `recording`), the renames wait until the job succeeds: a run
that stops with an error, at any point, leaves the output folder as it found it (its
temporary files removed, the folders it created removed again, every earlier file
untouched). A file whose bytes would not change is not rewritten (its date is kept).

Links. The output folder (--out, or printgen's default output/) is the job's root;
nothing is written or deleted outside it. Below it every path component is checked
with lstat and no symbolic link is ever followed: a folder below the root that is a
link (out/png -> elsewhere), or a link where printgen would write a file, is refused
with one located error before anything is written there; listings that only read
(the gallery's) skip links. Files are opened with O_NOFOLLOW.

The build record. Every folder printgen writes into keeps a record of the files each
job wrote there (MANIFEST, a small hidden JSON file): per file its size and sha256
digest, per job its file names (format version 2), and for a file drawn from a
content key (render/keys.py) that key:

    {"printgen": 2, "about": "...", "folder": "png",
     "files": {"NAME": [SIZE, "SHA256"], ...},
     "jobs": {"JOB": ["NAME", ...], ...},
     "keys": {"format": 1, "check": "SHA256", "files": {"NAME": "KEY", ...}}}

A rebuild leaves a file as it is when the folder's record gives it the key of what
would be drawn now and the file still has the size and digest recorded (it is the
file printgen wrote): `unchanged`. The keys are trusted only in their own format and
when their check (a digest of every key with its file's name, size and digest) holds:
a record edited by hand, or written in another format, draws everything again. The
record holds nothing of when it was written (no dates, no inodes): the same build
gives the same record. A process reads a file's digest once while the file keeps its
stamp (device, inode, size and dates; `_digests`), so that a watch reading the same
records, previews and card images save after save reads only what changed.

A job is one kind of run (`build sabacc-62` on A4, the gallery of a folder, ...: its
deck by the file it names, however the command line spelt it); when a job finishes,
the files its previous run wrote and this run did not are removed, unless another job
still claims them, and only where the file still has exactly the size and digest
recorded. A folder that holds one product of a deck (its PNGs, its SVGs, a print
shop's files) records them under the deck's product instead (`own_folder`), so that
a rebuild of the deck on other paper or with other options removes what earlier builds
left there too. The command's job says in one note what it removed. A job that fails
while it puts its files in place records those already in place (`commit`), so they
stay printgen's. A job also prunes a subfolder it did not write this time
(out/png, after a build that makes no PNGs any more) when its record names the job
and the folder where it is ("folder": its path from the output folder, "." for the
output folder itself): a copy of out/png the user made (out/png-backup, record and
all) is the user's, and is not pruned. Anything else there is the user's: it is left
alone and a one-line note on standard error says so. A file a job of another deck wrote (another deck file, language or shop: the `rival`
a job is started with, cli/rivals.py) is replaced only with the very same bytes: two
decks built into one folder would otherwise share out/png/back.png, the second
silently taking the first deck's back. A file printgen did not write is
never replaced either: writing over one is an error, decided before anything is
written (`check_file`), in printgen's default folder output/ as in any other.
Exceptions, as before records had digests: a file whose content names printgen as
its maker (a PDF's /Creator, the gallery page, a proof record) and names an
old-format record (version 1, names only) lists may be replaced, unless the folder's
record names the file with other bytes (printgen wrote it and the user changed it
since: a PDF annotated in another program keeps its /Creator); an old-format record
never makes printgen delete. Folders below the output folder are walked without recursion
and without following links, at most MAX_DEPTH deep and MAX_FOLDERS in all (`walk`).

Records are data from a stranger: read only as regular files (lstat, O_NOFOLLOW,
O_NONBLOCK, fstat again), at most MAX_RECORD_BYTES, validated strictly. A record
that cannot be trusted deletes nothing: a small malformed one is replaced by a fresh
record; one that is not a regular file or is too large is left as it is (and no
record is kept in that folder), with a one-line note either way.

Temporary files are named `.printgen-TOKEN-RANDOM.tmp` (secrets.token_hex: no one can
guess them) and created with O_EXCL|O_NOFOLLOW. Before a job makes one in a folder it
notes its TOKEN and process id in the folder's PENDING record, and takes the note out
when it ends; its own temporary files it removes itself. The next job that writes
into the folder removes the temporary files of a noted job whose process is gone, as
does a job that succeeds in every folder it wrote or kept files in (taking the dead
jobs' notes out). A job that fails removes every temporary file of its token from the
folders it made them in, one made as it was interrupted too, before it takes its note
out. Nothing is removed because its name looks temporary: only the files of a
recorded token. (A run killed while it writes a record can leave one small hidden
file.)

The lock. While a job runs it holds the lock of its output folder: an advisory lock
of the system's (flock, or msvcrt's on Windows) on LOCK, an empty file there made for
it and removed by its holder when it lets go. A second printgen writing into the same
folder, or into a folder around it or inside it (whose pruning, sweeping and gallery
reach into the first one's files: `--out output/x` while a build writes into output/,
or the other way round), waits for it up to LOCK_WAIT seconds, saying so, then stops
with one line (`_lock`). A lock file around or inside the folder counts only where it
is the user's own: another user's printgen cannot write into this user's folders. The lock ends with the process however it ends, so a crashed
build blocks nothing (its file is left, and the next holder removes it). Jobs inside a job and the worker
processes of a pool work under their job's lock; a folder that does not exist yet is
locked when the job makes it.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import cast

from printgen import freeing
from printgen.errors import OutputError
from printgen.output.claims import _real_folder, check_file, may_write, ours
from printgen.output.digests import (
    Stamp,
    _digest,
    known_stamp,
    open_regular,
    read_small,
    settled,
    stamp,
)
from printgen.output.folders import (
    DEFAULT,
    _cannot,
    _check_folder,
    _full,
    _show,
    check_folder,
    out_folder,
    walk,
)
from printgen.output.keeping import keep, keep_same, keyed, read_recorded, unchanged
from printgen.output.lock import _locking, _unlock
from printgen.output.notes import _notes, _said, _say_notes, _some, note
from printgen.output.record import (
    MANIFEST,
    MAX_RECORD_BYTES,
    Record,
    _read_record,
    _record_text,
    record_folder,
    recorded_key,
    recorded_keys,
)
from printgen.output.running import Rival, RunState, _runs
from printgen.output.temps import _drop, _remove_leftovers, _rewrite_pending, _sweep, _write_small
from printgen.output.writing import (
    atomic_path,
    ensure_dir,
    file_digest,
    made_by_worker,
    made_pdfs,
    read_made,
    scratch,
    staged,
    write_bytes,
)
from printgen.words import plural

__all__ = [
    "DEFAULT",
    "Rival",
    "Run",
    "Stamp",
    "atomic_path",
    "check_file",
    "check_folder",
    "ensure_dir",
    "file_digest",
    "keep",
    "keep_same",
    "keyed",
    "known_stamp",
    "made_by_worker",
    "made_pdfs",
    "may_write",
    "note",
    "open_regular",
    "ours",
    "out_folder",
    "own_folder",
    "prune_current",
    "prune_tree",
    "read_made",
    "read_recorded",
    "read_small",
    "record_folder",
    "recorded_key",
    "recorded_keys",
    "recording",
    "remove_made_folder",
    "scratch",
    "settled",
    "staged",
    "stamp",
    "together",
    "unchanged",
    "walk",
    "write_bytes",
]


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
                self._store(folder, record, now, keep=True)

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
            for folder in self._folders():
                if not _real_folder(_show(folder), folder):     # made a link meanwhile: nothing done through it
                    continue
                removed += self._prune_folder(folder)
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

    def _prune_folder(self, folder: Path) -> list[Path]:
        """Prune one folder (prune: a real folder, not a link)."""
        record = _read_record(folder)
        shown = _show(folder) / MANIFEST
        if record.state == "bad":
            if record.foreign:
                note(f"{shown}: not a build record printgen can read ({record.problem}); left as it is, so "
                     f"printgen keeps no record there and removes nothing")
                return []
            note(f"{shown}: not a build record printgen can read ({record.problem}); printgen writes a "
                 f"new one and removes nothing it named")
        now = dict(self.written.get(folder, {}))
        mine = self.job_in(folder)
        others = {name for job, names in record.jobs.items() if job != mine and record.state == "ok"
                  for name in names}
        removed: list[Path] = []
        left: list[str] = []
        for name in sorted(set(record.jobs.get(mine, ())) - set(now) - others):
            outcome = _remove_recorded(folder / name, record, self.inputs)
            if outcome == "removed":
                removed.append(folder / name)
            elif outcome == "left":
                left.append(name)
            elif outcome == "failed":
                now[name] = record.files[name]
        if left:
            why = ("an older printgen's record (which kept no digests) named them" if record.state == "old"
                   else "printgen did not write them, or they changed since")
            note(f"{_show(folder)}: left {plural(len(left), 'file')} as they are ({_some(left)}): {why}")
        self._store(folder, record, now, keep=False)
        return removed

    def _store(self, folder: Path, record: Record, now: dict[str, tuple[int, str]], *, keep: bool) -> None:
        """Save folder's record: the other jobs' files as it names them (if it is one in
        this format), this job's as now gives them (name -> size, sha256); keep: and
        those it named for this job before (nothing was removed)."""
        mine = self.job_in(folder)
        jobs = {job: names for job, names in record.jobs.items() if job != mine and record.state == "ok"}
        names = set(now) | (set(record.jobs.get(mine, ())) if keep and record.state == "ok" else set())
        if names:
            jobs[mine] = sorted(names)
        files = {name: now[name] if name in now else record.files[name]
                 for listed in jobs.values() for name in listed}
        self._save(folder, jobs, files, self._keys(folder, files, now, record), record)

    def _keys(self, folder: Path, files: dict[str, tuple[int, str]], now: dict[str, tuple[int, str]],
              record: Record) -> dict[str, str]:
        """The content keys of folder's recorded files: this job's as it noted them, the
        other jobs' as their record gives them."""
        keys = {name: record.keys[name] for name in files if name not in now and name in record.keys}
        keys.update((name, key) for name in now if (key := self.keys.get(folder / name)) is not None)
        return keys

    def _save(self, folder: Path, jobs: dict[str, list[str]], files: dict[str, tuple[int, str]],
              keys: dict[str, str], record: Record) -> None:
        path = folder / MANIFEST
        where = self._where(folder)
        if record.state == "ok" and (record.jobs, record.files, record.folder, record.keys) == (jobs, files, where,
                                                                                                 keys):
            return                                  # unchanged (a job pruned twice)
        text = _record_text(jobs, files, where, keys) if jobs else ""
        if len(text.encode("utf-8")) > MAX_RECORD_BYTES:
            note(f"{_show(folder) / MANIFEST}: too many files to record ({len(files):,}); printgen keeps "
                 f"no record there and removes nothing")
            text = ""
        try:
            if text:
                _write_small(folder, MANIFEST, text, self)
            elif record.state != "none":
                info = os.lstat(path)
                if stat.S_ISREG(info.st_mode):
                    os.unlink(path)
        except FileNotFoundError:
            pass
        except OSError as error:
            raise _cannot(_show(folder) / MANIFEST, "write", error) from None

    def _where(self, folder: Path) -> str:
        """folder's path from the job's output folder ("." for itself; its name for a
        job that names no output folder), as its record says."""
        if self.root is not None and folder.is_relative_to(self.root):
            return folder.relative_to(self.root).as_posix()
        return folder.name

    def _folders(self) -> list[Path]:
        """The folders written; their subfolders (real folders, not links) whose record
        names this job and the folder itself, where it is (a copy elsewhere is the user's);
        every folder of the trees given to prune_tree that does."""
        folders = set(self.written)

        def names_me(folder: Path) -> bool:
            record = _read_record(folder)
            return record.state == "ok" and self.job_in(folder) in record.jobs and record.folder == self._where(folder)

        for folder in list(self.written) if self.subfolders else []:
            with contextlib.suppress(OSError), os.scandir(folder) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False) and names_me(Path(entry.path)):
                        folders.add(Path(entry.path))
        for tree in self.trees:
            try:
                if not stat.S_ISDIR(os.lstat(tree).st_mode):
                    continue
            except OSError:
                continue
            for here, _, _ in walk(tree):           # links are not followed
                if names_me(here):
                    folders.add(here)
        return sorted(folders)


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


def prune_tree(folder: Path) -> None:
    """Prune the current job's stale files in every folder under folder (the gallery's
    previews, in subfolders of its own), not only in the folders it wrote this time."""
    if _runs:
        _runs[-1].trees.append(_full(folder))
