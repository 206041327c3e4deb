"""The card sides a long-running process (build --watch) drew into files, so that a
rebuild draws again only the sides whose layout changed.

A side's file is reused when three things hold: the side laid out now equals the one
drawn into it (the same primitives, texts, colours, fonts and pictures by name, at the
same resolution), the file is the very file written then (same inode, size and date:
nothing replaced it since) and the output folder's record still counts it as printgen's
(output.keep, which also records it as written by this build). The watch forgets every
side when an input other than a data or template text changes (a picture, a font),
since a side names those by path, not by content.
"""

from __future__ import annotations

import os
from pathlib import Path

from printgen.layout.page import Side
from printgen.output import keep

Stamp = tuple[int, int, int]        # a file's inode, size and modification time (ns)


def _stamp(path: Path) -> Stamp | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns


class Drawn:
    """What was drawn into which file: {absolute path: ((side, how), stamp)}."""

    def __init__(self) -> None:
        self._files: dict[str, tuple[tuple[Side, object], Stamp]] = {}
        self._pending: dict[str, tuple[Side, object]] = {}

    def reusable(self, side: Side, path: Path, how: object) -> bool:
        """Whether path already holds side drawn as how (say the dpi); if so it counts
        as written by the running build."""
        seen = self._files.get(os.path.abspath(path))
        if seen is None or seen[0] != (side, how) or seen[1] != _stamp(path) or not keep(path):
            return False
        self._pending[os.path.abspath(path)] = seen[0]
        return True

    def drawing(self, side: Side, path: Path, how: object) -> None:
        """Note that side is being drawn into path (placed when the build's job ends)."""
        self._pending[os.path.abspath(path)] = (side, how)

    def settle(self, succeeded: bool) -> None:
        """After the build's job: remember the files now in place, or, when the build
        failed (and its files were not placed), forget them all."""
        pending, self._pending = self._pending, {}
        if not succeeded:
            self._files.clear()
            return
        self._files = {path: (drawn, stamp) for path, drawn in pending.items()
                       if (stamp := _stamp(Path(path))) is not None}

    def forget(self) -> None:
        self._files.clear()
        self._pending.clear()
