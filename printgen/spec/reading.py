"""Reading a data file's text: the one place printgen opens a file it is given to read."""

from __future__ import annotations

from pathlib import Path

from printgen.errors import InputError, PrintgenError


def read_text(path: Path, source: str | None = None, *,
              error: type[PrintgenError] = InputError) -> str:
    """The file's text as UTF-8 (a byte-order mark at its start is not text); one
    located error, of the given kind, naming the file otherwise."""
    where = source or str(path)
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise error(f"{where}: file not found") from None
    except IsADirectoryError:
        raise error(f"{where}: is a folder; expected a file") from None
    except UnicodeDecodeError as problem:
        raise error(f"{where}: not UTF-8 text (byte {problem.start})") from None
    except OSError as problem:
        raise error(f"{where}: cannot read the file ({problem.strerror or problem})") from None
