"""Writing output safely: every file goes to a temporary name, then is renamed.

A failure part-way leaves no half-written file behind; an unwritable folder is a
clear OutputError. Inside a job (every command of the CLI runs as one, see
`recording`), the renames wait until the job succeeds: a run that stops with an
error, at any point, leaves the output folder as it found it (its temporary files
removed, the folders it created removed again, every earlier file untouched).

The build manifest. Every folder printgen writes into keeps a record of the files
each job wrote there (MANIFEST, a small hidden JSON file). A job is one kind of run
(`build sabacc-62` on A4, the gallery of a folder, ...); when a job finishes, the
files its previous run wrote and this run did not are removed, unless another job
still claims them. A file printgen did not write is never removed or replaced:
writing over one is an error. Temporary files that an interrupted run left behind
are removed the next time printgen writes into their folder.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from printgen.errors import OutputError


def ensure_dir(folder: Path) -> Path:
    """Create folder (and parents) or raise OutputError saying why not; a job removes
    the folders it created if it fails."""
    missing = [f for f in (folder, *folder.parents) if not f.exists()]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if _runs:
            _runs[-1].made += reversed(missing)
    except OSError as error:
        raise OutputError(f"{folder}: cannot create the output folder ({error.strerror or error})") from None
    if not os.access(folder, os.W_OK):
        raise OutputError(f"{folder}: the output folder is not writable")
    return folder


@contextlib.contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """Yield a temporary path beside path; rename it to path when the block succeeds.

    Where path already holds exactly the new bytes it is left untouched (its date
    too), so what depends on it, such as a gallery thumbnail, need not be redone."""
    ensure_dir(path.parent)
    _clean_leftovers(path.parent)
    temp_path = _new_temp(path)
    kept = False
    try:
        yield temp_path
        same = _same_bytes(temp_path, staged(path))
        if not same and path.exists() and not _ours(path) and not _signed_pdf(path) and not _adopted(path):
            raise OutputError(f"{path}: printgen has no record of writing this file (it keeps one since "
                              f"this version), so it will not replace it; move it away or choose "
                              f"another --out folder")
        if not same:
            os.chmod(temp_path, 0o644)
            if _runs:                   # renamed when the job succeeds
                _runs[-1].pending[path] = temp_path
                kept = True
            else:
                os.replace(temp_path, path)
        if not same or _ours(path):
            _record(path)
    except OSError as error:
        raise OutputError(f"{path}: cannot write ({error.strerror or error})") from None
    finally:
        if not kept and temp_path.exists():
            temp_path.unlink()


def staged(path: Path) -> Path:
    """Where path's newest bytes are: its temporary file while the job that wrote it
    runs, else path itself (to read back a file just written)."""
    for run in reversed(_runs):
        if path in run.pending:
            return run.pending[path]
    return path


def _new_temp(path: Path) -> Path:
    """An empty file of our own beside path, named so that it is hidden and unique."""
    attempt = 0
    while True:
        temp = path.with_name(f".{path.name}.{os.getpid()}-{attempt}.tmp")
        try:
            os.close(os.open(temp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            return temp
        except FileExistsError:
            attempt += 1
        except OSError as error:
            raise OutputError(f"{path}: cannot write ({error.strerror or error})") from None


def _same_bytes(new: Path, old: Path) -> bool:
    try:
        return old.stat().st_size == new.stat().st_size and old.read_bytes() == new.read_bytes()
    except OSError:
        return False


def write_bytes(path: Path, data: bytes) -> Path:
    with atomic_path(path) as temp:
        temp.write_bytes(data)
    return path


MANIFEST = ".printgen-files.json"
TEMP_NAME = re.compile(r"^\..+\.(\d+)-\d+\.tmp$")
_cleaned: set[Path] = set()


def _clean_leftovers(folder: Path) -> None:
    """Remove the temporary files of printgen runs that are no longer running (once a
    folder per process)."""
    if folder in _cleaned:
        return
    _cleaned.add(folder)
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        match = TEMP_NAME.match(name)
        if match and not _alive(int(match.group(1))):
            with contextlib.suppress(OSError):
                (folder / name).unlink()


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True                 # someone else's process: leave its files alone
    return True


def _load_manifest(folder: Path) -> dict[str, list[str]]:
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        jobs = data["jobs"]
        return {str(k): [str(n) for n in v if "/" not in str(n) and str(n) not in (".", "..")]
                for k, v in jobs.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def _ours(path: Path) -> bool:
    """Whether printgen wrote path: this run did, or its folder's manifest lists it."""
    if any(path.name in run.written.get(path.parent, ()) for run in _runs):
        return True
    return any(path.name in names for names in _load_manifest(path.parent).values())


def _signed_pdf(path: Path) -> bool:
    """A PDF an earlier printgen wrote (before manifests): it names printgen as its creator."""
    if path.suffix.lower() != ".pdf":
        return False
    try:
        with open(path, "rb") as file:
            return b"/Creator (printgen)" in file.read(64 * 1024 * 1024)
    except OSError:
        return False


def _adopted(path: Path) -> bool:
    """Whether path lies in printgen's own default output folder (output/, which the
    user did not name: what an older printgen left there is printgen's)."""
    return any(run.adopt is not None and path.resolve().is_relative_to(run.adopt) for run in _runs)


@dataclass
class Run:
    """One job's writes, by folder; adopt: printgen's default output folder, if the
    job writes there."""

    job: str
    written: dict[Path, set[str]] = field(default_factory=dict)
    adopt: Path | None = None
    subfolders: bool = True         # also prune subfolders whose manifest names the job
    pending: dict[Path, Path] = field(default_factory=dict)   # final path -> its temporary file
    made: list[Path] = field(default_factory=list)            # folders created, outermost first

    def commit(self) -> None:
        """Rename every file written to its final name."""
        while self.pending:
            path, temp = next(iter(self.pending.items()))
            try:
                os.replace(temp, path)
            except OSError as error:
                raise OutputError(f"{path}: cannot write ({error.strerror or error})") from None
            del self.pending[path]
        self.made.clear()

    def abandon(self) -> None:
        """Remove the temporary files and the folders this failed run created."""
        for temp in self.pending.values():
            with contextlib.suppress(OSError):
                temp.unlink()
        self.pending.clear()
        for folder in reversed(self.made):
            with contextlib.suppress(OSError):
                for leftover in folder.glob(".*.tmp"):
                    if (found := TEMP_NAME.match(leftover.name)) and int(found.group(1)) == os.getpid():
                        leftover.unlink()
                folder.rmdir()          # only if it is empty
        self.made.clear()

    def prune(self) -> list[Path]:
        """Remove what this job's previous run wrote and this one did not (unless
        another job claims it), and record this run's files; the removed paths."""
        removed: list[Path] = []
        for folder in self._folders():
            jobs = _load_manifest(folder)
            now = self.written.get(folder, set())
            others = {name for job, names in jobs.items() if job != self.job for name in names}
            for name in sorted(set(jobs.get(self.job, ())) - now - others):
                target = folder / name
                if target.is_file() and not target.is_symlink():
                    with contextlib.suppress(OSError):
                        target.unlink()
                        removed.append(target)
            if now:
                jobs[self.job] = sorted(now)
            else:
                jobs.pop(self.job, None)
            _save_manifest(folder, jobs)
        return removed

    def _folders(self) -> list[Path]:
        """The folders written, and their subfolders that hold a manifest naming this job."""
        folders = set(self.written)
        for folder in list(self.written) if self.subfolders else []:
            with contextlib.suppress(OSError):
                for child in folder.iterdir():
                    if child.is_dir() and not child.is_symlink() and self.job in _load_manifest(child):
                        folders.add(child)
        return sorted(folders)


_runs: list[Run] = []


def _record(path: Path) -> None:
    if _runs:
        _runs[-1].written.setdefault(path.parent, set()).add(path.name)


def keep(path: Path) -> None:
    """Count a file printgen wrote earlier and found up to date (a gallery preview) as
    written by this run, so the job's manifest keeps it."""
    if _ours(path):
        _record(path)


def _save_manifest(folder: Path, jobs: dict[str, list[str]]) -> None:
    path = folder / MANIFEST
    if not jobs:
        with contextlib.suppress(OSError):
            path.unlink()
        return
    text = json.dumps({"printgen": 1, "about": "files printgen wrote here, by job; printgen removes "
                       "a job's old files when it runs again", "jobs": jobs}, indent=1, sort_keys=True)
    temp = _new_temp(path)
    try:
        temp.write_text(text + "\n", encoding="utf-8")
        os.replace(temp, path)
    except OSError as error:
        raise OutputError(f"{path}: cannot write ({error.strerror or error})") from None
    finally:
        if temp.exists():
            temp.unlink()


@contextlib.contextmanager
def recording(job: str, adopt: Path | None = None, *, subfolders: bool = True) -> Iterator[Run]:
    """Record the files written inside the block as job's; when it succeeds, remove
    the files the job's previous run wrote and this one did not. adopt: printgen's
    default output folder, when the user named none (files found there may be replaced).
    subfolders: False for a job whose name is the same in every folder (the gallery), so
    that it never prunes what the same job wrote for a subfolder of its own."""
    run = Run(job, adopt=adopt.resolve() if adopt is not None else None, subfolders=subfolders)
    _runs.append(run)
    try:
        yield run
        run.commit()
        run.prune()
    except BaseException:
        run.abandon()
        raise
    finally:
        _runs.remove(run)


def prune_current() -> list[Path]:
    """Put the current job's files in place and remove its stale ones now (before a
    gallery lists the folder)."""
    if not _runs:
        return []
    _runs[-1].commit()
    return _runs[-1].prune()
