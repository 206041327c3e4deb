"""A folder's build record (MANIFEST): read as data from a stranger and validated
strictly, cached while the file stays the same, and written as text in format 2 with
its content keys (see the package's docstring: The build record)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from printgen.limits import limit
from printgen.output.digests import _read_regular
from printgen.output.folders import _full
from printgen.regular import Unreadable

MANIFEST = ".printgen-files.json"
MAX_RECORD_BYTES = int(limit("output_record_bytes"))
ABOUT = ("files printgen wrote here, by job, with their sizes and sha256 digests; printgen "
         "removes a job's old files when it runs again, only where they are unchanged")
_KEY = re.compile(r"[0-9a-f]{32}")
KEYS_FORMAT = 1
_DIGEST = re.compile(r"[0-9a-f]{64}")


@dataclass
class Record:
    """A folder's build record as read: state "none" (no record), "ok", "old" (format
    1: names without digests) or "bad" (problem says why; foreign: not a small regular
    file, so it is left as it is)."""

    state: str
    jobs: dict[str, list[str]] = field(default_factory=dict)
    files: dict[str, tuple[int, str]] = field(default_factory=dict)
    problem: str = ""
    foreign: bool = False
    folder: str | None = None       # where the record was written: its folder's path from the output folder
    keys: dict[str, str] = field(default_factory=dict)    # name -> its content key, where trusted

    def __post_init__(self) -> None:
        self.named = frozenset(name for names in self.jobs.values() for name in names)   # any job's


_records: dict[Path, tuple[tuple[int, int, int, int], Record]] = {}


def _plain(name: object) -> str:
    """name if it is a plain file name, else ValueError."""
    if (not isinstance(name, str) or not name or name in (".", "..") or "/" in name or "\0" in name
            or len(name) > 1024):
        raise ValueError("a file name")
    return name


def _names(value: object) -> list[str]:
    if not isinstance(value, list):
        raise TypeError("a list of names")
    names = [_plain(name) for name in value]
    if len(set(names)) != len(names):
        raise ValueError("a name twice")
    return names


def _job(value: object) -> str:
    if not isinstance(value, str) or not value or len(value) > 4096:
        raise ValueError("a job")
    return value


def _record_of(value: object) -> Record:
    """A record from parsed JSON, validated strictly (ValueError or TypeError if it is
    not one)."""
    if not isinstance(value, dict):
        raise TypeError("not an object")
    version = value.get("printgen")
    if not isinstance(value.get("about", ""), str) or type(version) is not int:
        raise ValueError("no version")
    if version == 1 and set(value) <= {"printgen", "about", "jobs"} and isinstance(value.get("jobs"), dict):
        return Record("old", {_job(job): _names(names) for job, names in value["jobs"].items()})
    if version != 2 or set(value) - {"printgen", "about", "folder", "keys"} != {"files", "jobs"}:
        raise ValueError("not format 2")
    folder = value.get("folder")
    if folder is not None and (not isinstance(folder, str) or "\0" in folder or len(folder) > 4096):
        raise ValueError("a folder")
    files_in, jobs_in = value["files"], value["jobs"]
    if not isinstance(files_in, dict) or not isinstance(jobs_in, dict):
        raise TypeError("not format 2")
    files: dict[str, tuple[int, str]] = {}
    for name, entry in files_in.items():
        if not (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int and 0 <= entry[0] < 2 ** 63
                and isinstance(entry[1], str) and _DIGEST.fullmatch(entry[1])):
            raise ValueError("a file entry")
        files[_plain(name)] = (entry[0], entry[1])
    jobs = {_job(job): _names(names) for job, names in jobs_in.items()}
    if any(name not in files for names in jobs.values() for name in names):
        raise ValueError("a name without its digest")
    return Record("ok", jobs, files, folder=folder, keys=_keys_of(value.get("keys"), files))


def _keys_of(value: object, files: dict[str, tuple[int, str]]) -> dict[str, str]:
    """The content keys of a record (ValueError or TypeError if they are malformed); none
    where they are in another format or their check fails (the record was edited)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise TypeError("keys")
    if value.get("format") != KEYS_FORMAT or type(value.get("format")) is not int:
        return {}                               # another printgen's: nothing drawn is taken from them
    if set(value) != {"format", "check", "files"}:
        raise ValueError("keys")
    entries = value["files"]
    if not isinstance(entries, dict) or not isinstance(value["check"], str):
        raise TypeError("keys")
    keys: dict[str, str] = {}
    for name, key in entries.items():
        if not (isinstance(key, str) and _KEY.fullmatch(key)):
            raise ValueError("a key")
        if _plain(name) not in files:
            raise ValueError("a key without its digest")
        keys[name] = key
    return keys if value["check"] == _check(keys, files) else {}


def _check(keys: dict[str, str], files: dict[str, tuple[int, str]]) -> str:
    """The digest binding each file's key to its name, size and digest."""
    return hashlib.sha256(json.dumps([[name, *files[name], keys[name]] for name in sorted(keys)]).encode()).hexdigest()


def _read_record(folder: Path) -> Record:
    """folder's build record (cached while the file stays the same)."""
    path = folder / MANIFEST
    try:
        seen = os.lstat(path)
    except FileNotFoundError:
        return Record("none")
    except OSError as error:
        return Record("bad", problem=error.strerror or str(error), foreign=True)
    key = (seen.st_dev, seen.st_ino, seen.st_size, seen.st_mtime_ns)
    cached = _records.get(folder)
    if cached is not None and cached[0] == key and stat.S_ISREG(seen.st_mode):
        return cached[1]
    try:
        data = _read_regular(path, MAX_RECORD_BYTES)
    except FileNotFoundError:
        return Record("none")
    except Unreadable as bad:
        return Record("bad", problem=bad.reason, foreign=bad.foreign)
    try:
        record = _record_of(json.loads(data.decode("utf-8")))
    except (ValueError, TypeError, RecursionError):   # (UnicodeDecodeError, JSONDecodeError: ValueErrors)
        record = Record("bad", problem="not a build record of printgen's")
    _records[folder] = (key, record)
    return record


def _record_text(jobs: dict[str, list[str]], files: dict[str, tuple[int, str]], folder: str,
                 keys: dict[str, str]) -> str:
    """A record in format 2 of folder (its path from the output folder), a file or a job a
    line (plain JSON); the content keys (if any) after them, a file a line."""
    dump = json.dumps
    file_lines = ",\n".join(f"  {dump(name)}: [{size}, {dump(digest)}]"
                            for name, (size, digest) in sorted(files.items()))
    job_lines = ",\n".join(f"  {dump(job)}: {dump(sorted(names))}" for job, names in sorted(jobs.items()))
    key_lines = ",\n".join(f"  {dump(name)}: {dump(key)}" for name, key in sorted(keys.items()))
    keyed = (f',\n "keys": {{"format": {KEYS_FORMAT}, "check": {dump(_check(keys, files))}, "files": {{\n'
             f'{key_lines}\n }}}}' if keys else "")
    return (f'{{"printgen": 2,\n "about": {dump(ABOUT)},\n "folder": {dump(folder)},\n'
            f' "files": {{\n{file_lines}\n }},\n'
            f' "jobs": {{\n{job_lines}\n }}{keyed}\n}}\n')


def _record_root(folder: Path, record: Record) -> Path:
    """The output folder a record was written for (its "folder": the path from there)."""
    depth = len(Path(record.folder).parts) if record.folder not in (None, ".") else 0
    return folder.parents[depth - 1] if 0 < depth <= len(folder.parents) else folder


def recorded_key(path: Path) -> str | None:
    """The content key the folder's record gives the file at path, if any (trusted: in
    this format, its check holding)."""
    full = _full(path)
    record = _read_record(full.parent)
    return record.keys.get(full.name) if record.state == "ok" else None


def recorded_keys(folder: Path) -> dict[str, str]:
    """The content key the folder's record gives each file it keys, by the file's name
    (trusted: in this format, its check holding); none where it has no such record."""
    record = _read_record(_full(folder))
    return record.keys if record.state == "ok" else {}


def record_folder(folder: Path) -> str | None:
    """The folder's path from the output folder of the jobs that wrote there, as its
    build record says it ("." for the output folder itself); None where it has no
    sound record in this format."""
    record = _read_record(_full(folder))
    return record.folder if record.state == "ok" else None
