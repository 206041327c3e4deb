"""Standard output that never stops a command's work.

What printgen prints on standard output reports the work (the files written, a deal,
a solution); the files are the work. Once the reader has left (`printgen ... | head
-1`: a closed pipe) or the output cannot be written (`> /dev/full`, a full disk, an
I/O error), the rest of the report is dropped and the command goes on, so that every
file is written as it would have been. A reader that left is no failure: the exit
status is the command's. An output that could not be written is said on one line of
standard error at the end, and a command that succeeded exits with status 1, not 2:
status 2 says that a user error stopped the command with nothing written, and here
every file is written; only the report of them was lost.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable
from typing import TextIO

from printgen.errors import error_line

FAILED = 1          # the work done, its report lost (see above)


class Guarded:
    """A text stream (sys.stdout) whose writes never raise OSError: the first failure
    ends its output, and what follows is dropped."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.lost: OSError | None = None        # what ended the output, if anything did

    def write(self, text: str) -> int:
        if self.lost is None:
            try:
                return self.stream.write(text)
            except OSError as error:
                self._lose(error)
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self.lost is None:
            try:
                self.stream.flush()
            except OSError as error:
                self._lose(error)

    def __getattr__(self, name: str) -> object:     # encoding, isatty, fileno ...
        return getattr(self.stream, name)

    def _lose(self, error: OSError) -> None:
        self.lost = error
        # what the stream still holds is flushed when the interpreter exits: to nowhere,
        # not to the closed pipe or full device again (which would say so with a traceback)
        with contextlib.suppress(OSError, ValueError):
            null = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(null, self.stream.fileno())
            finally:
                os.close(null)

    def settle(self, status: int) -> int:
        """The command's exit status once its output is flushed: FAILED (and a line on
        standard error) when it succeeded but its output could not be written."""
        self.flush()
        if self.lost is None or isinstance(self.lost, BrokenPipeError):
            return status
        with contextlib.suppress(OSError):
            print(error_line(f"cannot write to standard output: {self.lost.strerror or self.lost} "
                             f"(what the command printed is lost; any file it wrote is complete)"), file=sys.stderr)
        return status or FAILED


def guard() -> Guarded | None:
    """Put a Guarded stream in sys.stdout's place (None: there is no standard output,
    so print() writes nothing)."""
    if sys.stdout is None or isinstance(sys.stdout, Guarded):
        return sys.stdout
    guarded = Guarded(sys.stdout)
    sys.stdout = guarded            # (not a TextIO, but it answers all that print() and printgen ask of one)
    return guarded
