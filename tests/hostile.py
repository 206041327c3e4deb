"""Helpers shared by the tests that run printgen as a stranger's files would: what a
folder holds, and the one line a run must print."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def tree(folder: Path, skip: Path | None = None) -> dict[str, object]:
    """Everything under folder (but skip): each file's bytes, each link's target (not followed)."""
    found: dict[str, object] = {}
    for here, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if skip is None or Path(here, d) != skip]
        for name in dirs + files:
            path = Path(here) / name
            rel = path.relative_to(folder).as_posix()
            if path.is_symlink():
                found[rel] = ("link", os.readlink(path))
            elif path.is_file():
                found[rel] = path.read_bytes()
    return found


def one_line(result: subprocess.CompletedProcess, status: int, *expected: str) -> str:
    """The one line on standard error (an error for status 2, a note for 0)."""
    assert result.returncode == status, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stderr
    line, = result.stderr.strip().splitlines()
    assert line.startswith("printgen: error: " if status else "printgen: note: "), line
    assert all(text in line for text in expected), line
    return line
