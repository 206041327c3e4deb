"""CPU seconds, for tests that check a hostile input is refused or handled with
bounded work (where it once took minutes): the CPU time of this process and of the
child processes it has waited for (a `python -m printgen` run and its workers), which
other work on a loaded machine does not inflate as it does the clock on the wall.
Speed itself is measured in bench/, never here."""

from __future__ import annotations

import os


def cpu_seconds() -> float:
    """CPU seconds so far (user and system) of this process and its waited-for children."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system
