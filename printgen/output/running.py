"""The jobs running in this process, innermost last (`_runs`), and what each job
writes, by folder (RunState; jobs.py's Run adds what a job does). The other modules
of the output folder read them: where the output folder is, what is pending, whose
temporary files are whose."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

# given another job's key and the output folder its record is for: the deck it built,
# this job's, and how to keep them apart (the error's advice), where this job must not
# replace that job's files with other bytes, else None
Rival = Callable[[str, Path], "tuple[str, str, str] | None"]


@dataclass
class RunState:
    """One job's writes, by folder. root: its output folder (nothing is written
    outside it, no link below it is followed). What the job does with them is jobs.py's
    Run."""

    job: str
    subfolders: bool = True         # also prune subfolders whose record names the job
    root: Path | None = None
    root_typed: Path | None = None
    written: dict[Path, dict[str, tuple[int, str]]] = field(default_factory=dict)   # folder -> name -> size, sha256
    pending: dict[Path, Path] = field(default_factory=dict)   # final path -> its temporary file
    typed: dict[Path, Path] = field(default_factory=dict)     # final path -> as the caller named it
    made: list[Path] = field(default_factory=list)            # folders created, outermost first
    temps: set[Path] = field(default_factory=set)             # temporary files of this job's
    temp_folders: set[Path] = field(default_factory=set)      # folders it made temporary files in
    trees: list[Path] = field(default_factory=list)           # folders whose whole tree is pruned
    journaled: list[Path] = field(default_factory=list)       # folders whose PENDING notes this job
    unjournaled: set[Path] = field(default_factory=set)       # folders whose PENDING is not ours to edit
    token: str = field(default_factory=lambda: secrets.token_hex(16))
    pid: int = field(default_factory=os.getpid)
    inputs: set[tuple[int, int]] = field(default_factory=set)    # files read as input, when pruning
    keys: dict[Path, str] = field(default_factory=dict)          # final path -> its content key (render/keys.py)
    owners: dict[Path, str] = field(default_factory=dict)        # folder -> the job its files are recorded as there
    removed: list[Path] = field(default_factory=list)            # stale files removed, to be said
    placed: list[Path] = field(default_factory=list)             # files put in place (commit)
    tell: bool = False              # say what it removed, and that it waits for the folder
    lock: Path | None = None        # the output folder this job locked (lock_folder)
    real: set[Path] = field(default_factory=set)                 # folders keep_same found free of links
    pruned: bool = False            # pruned, and no file written, kept or keyed since
    rival: Rival | None = None      # whose files this job must not replace (cli/rivals.py)

    def job_in(self, folder: Path) -> str:
        """The job this run records its files in folder as (own_folder)."""
        return self.owners.get(folder, self.job)

    def where(self, folder: Path) -> str:
        """folder's path from the job's output folder ("." for itself; its name for a
        job that names no output folder), as its record says."""
        if self.root is not None and folder.is_relative_to(self.root):
            return folder.relative_to(self.root).as_posix()
        return folder.name


_runs: list[RunState] = []
