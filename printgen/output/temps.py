"""Temporary files: named unguessably, noted in the folder's PENDING record while
their job runs, and removed by their job, or by the next one where their process is
gone (see the package's docstring: Temporary files)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
from pathlib import Path

from printgen import freeing
from printgen.errors import OutputError
from printgen.output.digests import _read_regular
from printgen.output.record import MAX_RECORD_BYTES
from printgen.output.running import RunState
from printgen.regular import CLOEXEC as _CLOEXEC
from printgen.regular import NOFOLLOW as _NOFOLLOW
from printgen.regular import Unreadable

TEMP_PREFIX = ".printgen-"
PENDING = ".printgen-pending.json"
_TOKEN = re.compile(r"[0-9a-f]{32}")
_MAX_PID = 2 ** 31
_temps: set[Path] = set()               # temporary files of writes outside any job
_TOKEN_OUTSIDE = secrets.token_hex(16)  # their token


def _make_temp(folder: Path, run: RunState | None) -> Path:
    """An empty file of our own in folder, named unguessably (OSError if it cannot be)."""
    token = run.token if run is not None else _TOKEN_OUTSIDE
    if run is not None:
        run.temp_folders.add(folder)        # (before the file is made: an interrupt may come between)
    for _ in range(64):
        temp = folder / f"{TEMP_PREFIX}{token}-{secrets.token_hex(8)}.tmp"
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o600)
        except FileExistsError:
            continue
        os.close(fd)
        (run.temps if run is not None else _temps).add(temp)
        return temp
    raise FileExistsError(f"no free temporary name in {folder}")


def _drop(temp: Path, run: RunState | None) -> None:
    (run.temps if run is not None else _temps).discard(temp)
    with contextlib.suppress(OSError):
        freeing.remove(temp)


def _write_small(folder: Path, name: str, text: str, run: RunState | None) -> None:
    """Replace folder/name (a record of printgen's own) with text, atomically."""
    temp = _make_temp(folder, run)
    try:
        with os.fdopen(os.open(temp, os.O_WRONLY | os.O_TRUNC | _NOFOLLOW | _CLOEXEC), "w",
                       encoding="utf-8") as file:
            file.write(text)
        os.chmod(temp, 0o644)
        freeing.replace(temp, folder / name)
    finally:
        _drop(temp, run)


def _read_pending(folder: Path) -> dict[str, int] | None:
    """The jobs that noted temporary files in folder (token -> process id); None where
    the note cannot be trusted (it is then left alone)."""
    try:
        data = _read_regular(folder / PENDING, MAX_RECORD_BYTES)
        value = json.loads(data.decode("utf-8"))
    except FileNotFoundError:
        return {}
    except (Unreadable, ValueError, RecursionError):
        return None
    if not (isinstance(value, dict) and set(value) <= {"printgen_pending", "about", "runs"}
            and value.get("printgen_pending") == 1 and type(value.get("printgen_pending")) is int
            and isinstance(value.get("runs"), dict) and len(value["runs"]) <= 10_000):
        return None
    runs: dict[str, int] = {}
    for token, pid in value["runs"].items():
        if not (_TOKEN.fullmatch(token) and type(pid) is int and 0 < pid < _MAX_PID):
            return None
        runs[token] = pid
    return runs


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError, ValueError):
        return True                 # someone else's process (or no telling): leave its files alone
    return True


_LEFTOVER = re.compile(re.escape(TEMP_PREFIX) + r"([0-9a-f]{32})-[0-9a-f]{16}\.tmp")


def _remove_leftovers(folder: Path, tokens: set[str]) -> None:
    """Remove the temporary files of the jobs with these tokens (their processes are
    gone), looking through the folder once however many there are."""
    if not tokens:
        return
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            found = _LEFTOVER.fullmatch(entry.name)
            if found and found.group(1) in tokens and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _rewrite_pending(folder: Path, run: RunState, *, sweep: bool, mine: bool | None) -> bool:
    """Rewrite folder's PENDING record: with sweep, the notes of the jobs whose process
    is gone taken out (their temporary files removed); run's own note put in (mine
    True: folder goes in run.journaled before the record is written, as an interrupt
    may come meanwhile), taken out (False) or left as it is (None). The record is
    written only where it changes, and removed when no note is left in it. False
    (nothing done) where the record cannot be trusted: it is left alone."""
    runs = _read_pending(folder)
    if runs is None:
        return False
    now = dict(runs)
    if sweep:
        gone = {token for token, pid in runs.items() if token != run.token and not _alive(pid)}
        _remove_leftovers(folder, gone)
        for token in gone:
            del now[token]
    if mine:
        now[run.token] = os.getpid()
        run.journaled.append(folder)
    elif mine is not None:
        now.pop(run.token, None)
    if now == runs:
        return True
    if not now:
        freeing.remove(folder / PENDING)
        return True
    text = json.dumps({"printgen_pending": 1, "about": "printgen jobs writing temporary files here "
                       "(.printgen-TOKEN-*.tmp); removed when they end", "runs": now},
                      indent=1, sort_keys=True)
    _write_small(folder, PENDING, text + "\n", run)
    return True


def _sweep(folder: Path, run: RunState) -> None:
    """Remove the temporary files of the jobs noted in folder's PENDING record whose
    process is gone, and take their notes out: for a folder the job wrote or kept
    files in without making a temporary file there (so _new_temp did not)."""
    with contextlib.suppress(OSError, OutputError):
        _rewrite_pending(folder, run, sweep=True, mine=None)


def _new_temp(folder: Path, run: RunState | None) -> Path:
    """A temporary file in folder for the current job, which first notes itself in
    the folder's PENDING record (and removes the leftovers of dead jobs noted there)."""
    if (run is not None and folder not in run.journaled and folder not in run.unjournaled
            and not _rewrite_pending(folder, run, sweep=True, mine=True)):
        run.unjournaled.add(folder)
    return _make_temp(folder, run)
