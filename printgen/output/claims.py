"""Whose a file in the output folder is: one a job of this process wrote, one the
folder's record names with these very bytes, one whose content names printgen as its
maker, or the user's, which printgen never replaces (`check_file`, before anything is
written)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from printgen.errors import OutputError
from printgen.output.digests import _digest, read_small
from printgen.output.folders import _check_folder, _components, _full, _target
from printgen.output.record import _read_record
from printgen.output.running import _runs

MAX_SIGNED_BYTES = 64 * 1024 * 1024     # read of a file that may name printgen as its maker


def _claim(full: Path, info: os.stat_result, found: tuple | None = None) -> str:
    """Why printgen may call the regular file at full its own: "written" (a job of this
    process wrote it), "recorded" (the folder's record lists it with these very bytes),
    "old" (an old-format record lists it), or "" (none). found is the file's _digest
    when the caller has it already (the file is then not read again)."""
    if _written(full):
        return "written"
    record = _read_record(full.parent)
    if full.name not in record.named:
        return ""
    if record.state == "old":
        return "old"
    size, digest = record.files[full.name]
    if info.st_size != size:
        return ""
    if found is None:
        found = _digest(full)
    return "recorded" if found is not None and found[:2] == (size, digest) else ""


def _written(full: Path) -> bool:
    """Whether a job of this process wrote the file at full."""
    return any(full.name in run.written.get(full.parent, {}) for run in _runs)


def _real_folder(typed: Path, full: Path) -> bool:
    """Whether the existing folder full has no link (nor anything but folders) below
    the output folder."""
    try:
        return not _components(typed, full)
    except OutputError:
        return False


def _regular(path: Path) -> tuple[Path, os.stat_result] | None:
    """The full path and lstat of the regular file at path, with no link on the way
    to it; None where there is none."""
    full = _full(path)
    try:
        info = os.lstat(full)
    except OSError:
        return None
    if not _real_folder(path.parent, full.parent) or not stat.S_ISREG(info.st_mode):
        return None
    return full, info


def ours(path: Path) -> bool:
    """Whether the regular file at path is one printgen wrote, with the bytes it wrote
    (and no link on the way to it)."""
    found = _regular(path)
    return found is not None and _claim(*found) in ("written", "recorded")


def _signed(full: Path) -> bool:
    """Whether the file's content names printgen as its maker: a PDF printgen wrote
    (its /Creator), the gallery page, a proof record."""
    name = full.name
    if full.suffix.lower() == ".pdf":
        mark = b"/Creator (printgen)"
    elif name == "index.html":
        mark = b"<title>printgen proofs: "
    elif name.startswith(".proof-") and name.endswith(".json"):
        mark = b'"printgen_proof":1'
    elif name.startswith(".") and name.endswith(".pdf.pages"):
        mark = b"printgen pdf pages\n"           # render/pagefile.py's MAGIC
    else:
        return False
    data = read_small(full, MAX_SIGNED_BYTES)
    return data is not None and mark in data


def _unclaimed_ok(full: Path) -> bool:
    """Whether a file printgen cannot claim by the folder's record may be replaced all
    the same: one whose content names printgen as its maker; never one the folder's
    trusted record names with other bytes (printgen wrote it, and the user changed it
    since: a PDF edited in another program keeps its /Creator). The default folder
    output/ is no exception: a file of the user's there is as safe as anywhere."""
    return not _named(full) and _signed(full)


def _named(full: Path) -> bool:
    """Whether the folder's trusted record names the file: printgen wrote it there."""
    record = _read_record(full.parent)
    return record.state == "ok" and full.name in record.named


def _replaceable(full: Path, info: os.stat_result) -> bool:
    return bool(_claim(full, info)) or _unclaimed_ok(full)


def _refusal(path: Path, full: Path) -> OutputError:
    if _named(full):
        return OutputError(f"{path}: not the file printgen wrote here (it has changed since), so printgen "
                           f"will not replace it; move it away or choose another --out folder")
    return OutputError(f"{path}: printgen has no record of writing this file, so it will not replace it; "
                       f"move it away or choose another --out folder")


def check_file(path: Path) -> None:
    """Before anything is written: raise OutputError if printgen may not write path
    (its folder has a link or may not be written in, or a file printgen did not write
    is there)."""
    full = _full(path)
    _check_folder(path.parent, full.parent)
    info = _target(path, full)
    if info is not None and not _replaceable(full, info):
        raise _refusal(path, full)


def may_write(path: Path) -> bool:
    """Whether printgen may write path (for what is optional, such as a preview)."""
    try:
        check_file(path)
    except OutputError:
        return False
    return True
