"""Writing output safely: every file goes to a temporary name, then is renamed.

A failure part-way leaves no half-written file behind; an unwritable folder is a
clear OutputError.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from printgen.errors import OutputError


def ensure_dir(folder: Path) -> Path:
    """Create folder (and parents) or raise OutputError saying why not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
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
    temp_path = _new_temp(path)
    try:
        yield temp_path
        if not _same_bytes(temp_path, path):
            os.chmod(temp_path, 0o644)
            os.replace(temp_path, path)
    except OSError as error:
        raise OutputError(f"{path}: cannot write ({error.strerror or error})") from None
    finally:
        if temp_path.exists():
            temp_path.unlink()


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
