"""Keeping a file printgen wrote earlier instead of writing it again: one whose
content key is unchanged (render/keys.py), or one found up to date (a gallery
preview), counted as written by the running job so that its record keeps it."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from printgen.output.claims import _claim, _named, _real_folder, _regular, _written
from printgen.output.digests import Stamp, _digest, _digests, read_small, stamp
from printgen.output.folders import _full
from printgen.output.record import _read_record
from printgen.output.running import _runs
from printgen.output.writing import _record


def keyed(path: Path, key: str) -> None:
    """Note the content key of the file the running job writes at path (render/keys.py),
    for the folder's record."""
    if _runs:
        _runs[-1].keys[_full(path)] = key
        _runs[-1].pruned = False


def read_recorded(path: Path, max_bytes: int) -> bytes | None:
    """The bytes of the file at path if the folder's trusted record names it with their
    very size and digest (a file printgen wrote, as it wrote it), else None."""
    full = _full(path)
    record = _read_record(full.parent)
    if record.state != "ok" or full.name not in record.named or not _real_folder(path.parent, full.parent):
        return None
    data = read_small(full, max_bytes)
    if data is None or (len(data), hashlib.sha256(data).hexdigest()) != record.files[full.name]:
        return None
    return data


def unchanged(path: Path, key: str) -> bool:
    """Whether path already holds what key stands for: the folder's record gives the
    file that key, and it is still the file printgen wrote (the size and digest
    recorded). If so it counts as written by the running job, under key, and need not
    be drawn again."""
    full = _full(path)
    record = _read_record(full.parent)
    if record.state != "ok" or record.keys.get(full.name) != key:
        return False
    try:
        info = os.lstat(full)
    except OSError:
        return False
    size, digest = record.files[full.name]
    if not stat.S_ISREG(info.st_mode) or info.st_size != size or not _real_folder(path.parent, full.parent):
        return False
    found = _digest(full)
    if found is None or found[:2] != (size, digest):
        return False
    run = _runs[-1] if _runs else None
    _record(run, full, size, digest)
    if run is not None:
        run.keys[full] = key
    return True


def keep(path: Path) -> bool:
    """Count a file printgen wrote earlier and found up to date (a gallery preview) as
    written by this run, so the job's record keeps it; False (and nothing recorded)
    where the file is not printgen's, with the bytes it wrote."""
    regular = _regular(path)
    if regular is None:
        return False
    full, info = regular
    if not (_written(full) or _named(full)):
        return False                    # not printgen's: never read
    found = _digest(full)
    if found is None or _claim(full, info, found) not in ("written", "recorded"):
        return False
    _record(_runs[-1] if _runs else None, full, found[0], found[1])
    return True


def keep_same(path: Path, known: Stamp) -> bool:
    """keep(path) for a file keep() found printgen's before, without reading it again:
    where it is still that file (known: its stamp then, from known_stamp) and its
    folder's record still names it with the bytes read then. Its folder is checked for
    links once per job (the job's pruning checks it again before it writes the
    folder's record)."""
    full = _full(path)
    remembered = _digests.get(full)
    if remembered is None or remembered[0] != known or stamp(full) != known:
        return False
    size, digest, _ = remembered[1]
    run = _runs[-1] if _runs else None
    folder = full.parent
    if run is not None and folder not in run.real:
        if not _real_folder(path.parent, folder):
            return False
        run.real.add(folder)
    record = _read_record(folder)
    if not ((record.state == "ok" and record.files.get(full.name) == (size, digest) and full.name in record.named)
            or _written(full)):
        return False
    _record(run, full, size, digest)
    return True
