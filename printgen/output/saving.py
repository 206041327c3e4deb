"""Saving a folder's build record after a job: the other jobs' files as the record
names them, this job's as it wrote them, with their content keys (see the package's
docstring: The build record)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from printgen.output.folders import _cannot, _show
from printgen.output.notes import note
from printgen.output.record import MANIFEST, MAX_RECORD_BYTES, Record, _record_text
from printgen.output.running import RunState
from printgen.output.temps import _write_small


def store(run: RunState, folder: Path, record: Record, now: dict[str, tuple[int, str]], *, keep: bool) -> None:
    """Save folder's record: the other jobs' files as it names them (if it is one in
    this format), run's as now gives them (name -> size, sha256); keep: and those it
    named for run before (nothing was removed)."""
    mine = run.job_in(folder)
    jobs = {job: names for job, names in record.jobs.items() if job != mine and record.state == "ok"}
    names = set(now) | (set(record.jobs.get(mine, ())) if keep and record.state == "ok" else set())
    if names:
        jobs[mine] = sorted(names)
    files = {name: now[name] if name in now else record.files[name]
             for listed in jobs.values() for name in listed}
    _save(run, folder, jobs, files, _keys(run, folder, files, now, record), record)


def _keys(run: RunState, folder: Path, files: dict[str, tuple[int, str]], now: dict[str, tuple[int, str]],
          record: Record) -> dict[str, str]:
    """The content keys of folder's recorded files: run's as it noted them, the other
    jobs' as their record gives them."""
    keys = {name: record.keys[name] for name in files if name not in now and name in record.keys}
    keys.update((name, key) for name in now if (key := run.keys.get(folder / name)) is not None)
    return keys


def _save(run: RunState, folder: Path, jobs: dict[str, list[str]], files: dict[str, tuple[int, str]],
          keys: dict[str, str], record: Record) -> None:
    path = folder / MANIFEST
    where = run.where(folder)
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
            _write_small(folder, MANIFEST, text, run)
        elif record.state != "none":
            info = os.lstat(path)
            if stat.S_ISREG(info.st_mode):
                os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as error:
        raise _cannot(_show(folder) / MANIFEST, "write", error) from None
