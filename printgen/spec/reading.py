"""Reading a data file's text: the one place printgen opens a file it is given to read."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from printgen.errors import InputError, PrintgenError
from printgen.limits import whole_limit

MAX_BYTES = whole_limit("file_bytes")      # the largest data, template, rules or deal file printgen reads (8 MB)
_read: set[str] = set()          # every file the spec stage opened in this process


def note_read(path: Path) -> None:
    """Remember that input was read from path (what `build --watch` watches)."""
    _read.add(os.path.abspath(path))


def files_read() -> list[str]:
    return sorted(_read)


def read_text(path: Path, source: str | None = None, *,
              error: type[PrintgenError] = InputError) -> str:
    """The file's text as UTF-8 (a byte-order mark at its start is not text); one
    located error, of the given kind, naming the file otherwise."""
    where = source or str(path)
    note_read(path)
    try:
        with open(path, "rb", opener=_no_block) as file:
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise error(f"{where}: not a regular file; expected a text file")
            if info.st_size > MAX_BYTES:
                raise error(f"{where}: {info.st_size:,} bytes; expected a file of at most {MAX_BYTES:,} bytes")
            data = file.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise error(f"{where}: more than {MAX_BYTES:,} bytes; expected a smaller file")
        return data.decode("utf-8-sig")
    except FileNotFoundError:
        raise error(f"{where}: file not found") from None
    except IsADirectoryError:
        raise error(f"{where}: is a folder; expected a file") from None
    except UnicodeDecodeError as problem:
        raise error(f"{where}: not UTF-8 text (byte {problem.start})") from None
    except OSError as problem:
        raise error(f"{where}: cannot read the file ({problem.strerror or problem})") from None


def _no_block(path: str, flags: int) -> int:
    """Open without waiting on a fifo that has no writer (it is refused after the open)."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))
