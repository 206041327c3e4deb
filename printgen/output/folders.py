"""The output folder and the folders below it: where a path lies (inside the running
job's output folder, or refused), every component below it checked with lstat (no
symbolic link followed), a path named as the user typed it, and the walk of a tree
without recursion (see the package's docstring: Links)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

from printgen.errors import OutputError
from printgen.limits import limit
from printgen.output.running import _runs

DEFAULT = Path("output")                # the output folder when a command has no --out
MAX_DEPTH = int(limit("folder_depth"))  # folders below the output folder walked into
MAX_FOLDERS = int(limit("folders_walked"))
_typed: dict[Path, Path] = {}           # a folder's absolute path -> as the user named it


def out_folder(out: Path | None, *parts: str) -> Path:
    """--out as given, else DEFAULT/PARTS (output/DECK for a deck, output/dice ...)."""
    return out if out is not None else DEFAULT.joinpath(*parts)


def _full(path: Path) -> Path:
    """path made absolute without resolving links (what every system call is given)."""
    return Path(os.path.abspath(path))


def _cannot(path: Path, what: str, error: OSError) -> OutputError:
    return OutputError(f"{path}: cannot {what} ({error.strerror or error})")


def _shown(typed: Path, full: Path, part: Path) -> Path:
    """part (full or one of its parents) as the user would name it, from typed (full
    as the user named it)."""
    drop = len(full.parts) - len(part.parts)
    if drop <= 0:
        return typed
    parts = Path(os.path.normpath(typed)).parts
    return Path(*parts[:len(parts) - drop]) if drop < len(parts) else part


def _show(folder: Path) -> Path:
    return _typed.get(folder, folder)


def _root_of(full: Path, typed: Path) -> Path | None:
    """The output folder full lies in (the innermost job's that holds it); None when
    no job names one (printgen used as a library). A path outside every job's output
    folder is refused."""
    roots = [run for run in reversed(_runs) if run.root is not None]
    for run in roots:
        if run.root is not None and full.parts[:len(run.root.parts)] == run.root.parts:   # (is_relative_to,
            return run.root                                                               # quicker)
    if roots:
        raise OutputError(f"{typed}: outside the output folder {roots[0].root_typed}; printgen writes "
                          f"only inside it")
    return None


def _missing_from(folder: Path, typed: Path, full: Path) -> list[Path]:
    """folder and its parents that do not exist (outermost first); links allowed (this
    is the output folder itself or above it, which the user named)."""
    missing: list[Path] = []
    for part in (folder, *folder.parents):
        try:
            info = os.stat(part)
        except FileNotFoundError:
            if os.path.islink(part):
                raise OutputError(f"{_shown(typed, full, part)}: is a symbolic link that leads nowhere (to a "
                                  f"folder that does not exist); expected the output folder") from None
            missing.append(part)
            continue
        except OSError as error:
            raise _cannot(_shown(typed, full, part), "create the output folder", error) from None
        if not stat.S_ISDIR(info.st_mode):
            raise OutputError(f"{_shown(typed, full, part)}: is not a folder; expected the output folder")
        break
    return missing[::-1]


def _check_writable(typed: Path, full: Path, missing: list[Path]) -> None:
    """The folder full, or the nearest folder above it that exists when some are still
    to be made (missing, outermost first), must let this user make files in it: a
    read-only file system or a folder without write permission is said before anything
    is done (os.access sees a read-only file system even for root)."""
    there = missing[0].parent if missing else full
    if os.access(there, os.W_OK | os.X_OK):
        return
    if not missing:
        raise OutputError(f"{typed}: the output folder is not writable")
    raise OutputError(f"{typed}: cannot create the output folder ({_shown(typed, full, there)} "
                      f"is not writable)")


def _check_folder(typed: Path, full: Path) -> list[Path]:
    """Check that every component of the folder full below its output folder is a real
    folder (lstat: no symbolic link), and that printgen may write there
    (_check_writable); the components still to create, outermost first."""
    missing = _components(typed, full)
    _check_writable(typed, full, missing)
    return missing


def _components(typed: Path, full: Path) -> list[Path]:
    """The components of full still to create, outermost first (see _check_folder)."""
    root = _root_of(full, typed)
    if root is None:
        return _missing_from(full, typed, full)
    missing = _missing_from(root, typed, full)
    depth = len(full.parts) - len(root.parts)          # full lies in root (_root_of)
    below = [full.parents[n] for n in range(depth - 2, -1, -1)] + [full] if depth else []
    for part in below:
        if missing:
            missing.append(part)
            continue
        try:
            info = os.lstat(part)
        except FileNotFoundError:
            missing.append(part)
            continue
        except OSError as error:
            raise _cannot(_shown(typed, full, part), "use the folder", error) from None
        if stat.S_ISLNK(info.st_mode):
            raise OutputError(f"{_shown(typed, full, part)}: is a symbolic link; printgen does not write "
                              f"through links inside the output folder (make it a real folder, or "
                              f"choose another --out folder)")
        if not stat.S_ISDIR(info.st_mode):
            raise OutputError(f"{_shown(typed, full, part)}: is not a folder; printgen would write "
                              f"files into it (move it away, or choose another --out folder)")
    return missing


def check_folder(folder: Path) -> None:
    """Before anything is written: raise OutputError if printgen could not write into
    folder (a link or a file on its way below the output folder, a name too long, a
    folder it may not write in or make: _check_writable)."""
    _check_folder(folder, _full(folder))


def _target(path: Path, full: Path) -> os.stat_result | None:
    """What is at path now (lstat), None if nothing; a link, folder, pipe or device
    where printgen would write a file is refused."""
    try:
        info = os.lstat(full)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise _cannot(path, "write", error) from None
    if stat.S_ISLNK(info.st_mode):
        raise OutputError(f"{path}: is a symbolic link; printgen does not write through links (move it "
                          f"away, or choose another --out folder)")
    if stat.S_ISDIR(info.st_mode):
        raise OutputError(f"{path}: is a folder where printgen would write a file (move it away, or "
                          f"choose another --out folder)")
    if not stat.S_ISREG(info.st_mode):
        raise OutputError(f"{path}: is not a regular file (a pipe, socket or device) where printgen "
                          f"would write one (move it away, or choose another --out folder)")
    return info


def walk(top: Path) -> Iterator[tuple[Path, list[str], list[str]]]:
    """os.walk(top) (top down; the caller may prune dirs in place, and they are visited
    in the order left there) without following links and without recursion: at most
    MAX_DEPTH folders deep (deeper ones are not entered) and MAX_FOLDERS folders in
    all, so a stranger's tree nested thousands deep or a million folders wide costs
    bounded time (Python 3.11's os.walk recurses, and raises RecursionError past
    about 1,000 levels)."""
    stack = [(top, 0)]
    seen = 0
    while stack and seen < MAX_FOLDERS:
        folder, depth = stack.pop()
        seen += 1
        dirs: list[str] = []
        files: list[str] = []
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    try:
                        is_dir = entry.is_dir(follow_symlinks=False)
                    except OSError:
                        is_dir = False
                    (dirs if is_dir else files).append(entry.name)
        except OSError:
            continue
        yield folder, dirs, files
        if depth < MAX_DEPTH:
            stack.extend((folder / name, depth + 1) for name in reversed(dirs))
